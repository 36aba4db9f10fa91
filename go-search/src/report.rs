//! What a search returns: [`Report`], [`Value`], [`Stats`] and [`Stop`].

use std::time::Duration;

use crate::bounds::Bounds;
use crate::game::Side;

/// Why a search stopped before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum Stop {
    /// [`Limits::nodes`](crate::Limits::nodes) was reached.
    Nodes,
    /// [`Limits::evaluations`](crate::Limits::evaluations) was reached.
    Evaluations,
    /// [`Limits::deadline`](crate::Limits::deadline) passed.
    Deadline,
    /// [`Limits::stop`](crate::Limits::stop) was set.
    Flag,
    /// [`Limits::memory`](crate::Limits::memory) was reached.
    Memory,
    /// A path reached [`MAX_PLY`](crate::MAX_PLY) plies: the game is too deep.
    MaxPly,
    /// PB* ([`PBStar`](crate::PBStar)): the root did not separate, but the probability
    /// that another move beats the chosen one fell below
    /// [`pbstar::Config::min_probability`](crate::pbstar::Config::min_probability).
    /// The move is likely best, not proven best ([`Report::solved`] is `false`).
    Probability,
    /// The [`Observer`](crate::Observer) returned
    /// [`ControlFlow::Break`](core::ops::ControlFlow::Break).
    Observer,
}

/// The value of the root, in the form the algorithm can vouch for.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum Value<S> {
    /// Nothing is known (the search stopped before its first result).
    Unknown,
    /// The exact negamax value to the searched depth (exact game value when
    /// [`Report::solved`]).
    Exact(S),
    /// An interval holding the value, if the evaluator's bounds are valid (B*).
    Bounds(Bounds<S>),
    /// A game-theoretic proof: whether `side` can force a win (df-pn, MCTS-Solver).
    /// For df-pn `side` is the attacker, and `wins: false` includes draws.
    Proven {
        /// The side the proof is about.
        side: Side,
        /// Whether it wins.
        wins: bool,
    },
    /// The value of the last completed iteration, from a search that stopped early.
    Estimate(S),
    /// MCTS: the mean reward of the best move, in `[0, 1]` for the side to move.
    WinRate(f64),
}

/// Counters every algorithm fills in, for fair comparisons. Counts are deterministic
/// for a serial search with node limits; `elapsed` is the only wall-clock figure.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Stats {
    /// Nodes visited (or created, for best-first searches): interior plus leaves.
    pub nodes: u64,
    /// Nodes whose children were generated and searched.
    pub interior_nodes: u64,
    /// Nodes searched without children: terminal, at the horizon, cut by the table.
    pub leaf_nodes: u64,
    /// Move generations that were followed by a search of the children.
    pub expansions: u64,
    /// Calls of the evaluator (point, interval or proof), and MCTS playouts.
    pub evaluations: u64,
    /// Transposition-table probes.
    pub tt_probes: u64,
    /// Probes that found the position.
    pub tt_hits: u64,
    /// Hits that ended the node without search.
    pub tt_cutoffs: u64,
    /// Searches repeated with another window or threshold (PVS, aspiration, MTD(f)).
    pub researches: u64,
    /// Nodes visited per completed iteration (iterative deepening, MTD(f)).
    pub iterations: Vec<u64>,
    /// Deepest ply reached.
    pub max_depth: u32,
    /// Most nodes held in memory at once (best-first trees, df-pn and MCTS tables).
    pub peak_nodes: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
    /// Threads that searched.
    pub threads: u32,
}

impl Stats {
    /// Adds the counters of `other` (another thread's work) to `self`.
    pub fn merge(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.interior_nodes += other.interior_nodes;
        self.leaf_nodes += other.leaf_nodes;
        self.expansions += other.expansions;
        self.evaluations += other.evaluations;
        self.tt_probes += other.tt_probes;
        self.tt_hits += other.tt_hits;
        self.tt_cutoffs += other.tt_cutoffs;
        self.researches += other.researches;
        self.max_depth = self.max_depth.max(other.max_depth);
        self.peak_nodes = self.peak_nodes.max(other.peak_nodes);
    }

    /// Derives the leaf count and records the elapsed time.
    pub(crate) fn finish(&mut self, elapsed: Duration) {
        self.leaf_nodes = self.nodes.saturating_sub(self.interior_nodes);
        self.elapsed = elapsed;
    }

    /// Expansions per second of wall-clock time (0 when no time was measured).
    pub fn expansions_per_second(&self) -> f64 {
        rate(self.expansions, self.elapsed)
    }

    /// Nodes per second of wall-clock time (0 when no time was measured).
    pub fn nodes_per_second(&self) -> f64 {
        rate(self.nodes, self.elapsed)
    }

    /// Mean branching factor: nodes per interior node (0 without interior nodes).
    pub fn mean_branching_factor(&self) -> f64 {
        if self.interior_nodes == 0 {
            0.0
        } else {
            (self.nodes.saturating_sub(1)) as f64 / self.interior_nodes as f64
        }
    }
}

fn rate(count: u64, elapsed: Duration) -> f64 {
    let secs = elapsed.as_secs_f64();
    if secs > 0.0 { count as f64 / secs } else { 0.0 }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Report<M, S> {
    /// The move to play (`None` at a terminal root or if nothing was searched).
    pub best: Option<M>,
    /// The root value, see [`Value`].
    pub value: Value<S>,
    /// The principal variation, starting with `best` (may be shorter than the depth).
    pub pv: Vec<M>,
    /// The last completed nominal depth (alpha-beta); the deepest ply otherwise.
    pub depth: u32,
    /// Whether the search finished its job: the game-theoretic value is known
    /// (alpha-beta, df-pn, MCTS-Solver) or the root separated (B*, PB*).
    pub solved: bool,
    /// Why the search stopped early, if it did.
    pub stop: Option<Stop>,
    /// Counters.
    pub stats: Stats,
}

impl<M, S> Report<M, S> {
    pub(crate) fn empty() -> Report<M, S> {
        Report {
            best: None,
            value: Value::Unknown,
            pv: Vec::new(),
            depth: 0,
            solved: false,
            stop: None,
            stats: Stats::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_merge_and_rates() {
        let mut a = Stats { nodes: 10, interior_nodes: 3, max_depth: 2, ..Stats::default() };
        let b = Stats { nodes: 5, interior_nodes: 1, max_depth: 4, ..Stats::default() };
        a.merge(&b);
        assert_eq!((a.nodes, a.interior_nodes, a.max_depth), (15, 4, 4));
        assert_eq!(a.nodes_per_second(), 0.0);
        a.elapsed = Duration::from_secs(2);
        a.expansions = 8;
        assert_eq!(a.expansions_per_second(), 4.0);
        assert_eq!(a.mean_branching_factor(), 3.5);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn reports_serialise() {
        let a = Stats { nodes: 15, ..Stats::default() };
        let json = serde_json::to_value(&a).unwrap();
        assert_eq!(json["nodes"], 15);
        let r: Report<u8, i32> = Report::empty();
        assert_eq!(serde_json::to_value(&r).unwrap()["value"], "Unknown");
    }
}
