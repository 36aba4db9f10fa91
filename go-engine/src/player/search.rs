//! The search of one move: the root's candidates searched by the configured algorithm
//! over go-eval's evaluator, and what came of it ([`SearchSummary`]: the move, the rule
//! that chose it, every root move with its bounds and value, the principal variation
//! and the searcher's counters).
//!
//! # How the move is chosen
//!
//! - **B\***: when the root separates, the separated move ([`Rule::Separated`]). When
//!   it does not (a node or time limit stopped it first: common in Go), the move of
//!   best **realistic value** ([`Rule::Realistic`]): go-eval's neutral evaluation of
//!   the position after the move, clamped into the bounds the search backed up for it
//!   (so that what the search proved overrules the static guess); ties go to the
//!   higher pessimistic bound.
//! - **PB\***: the separated move, or the best realistic value of PB*'s own estimates.
//! - **Alpha-beta** and **MCTS**: the searcher's move ([`Rule::Searched`]).
//! - A root with one candidate is not searched ([`Rule::Only`]).
//!
//! Values are in points for the side to move (MCTS also gives win rates). Every root
//! move has a realistic value (the static evaluation after it); bounds come from B*
//! and PB*, visits and win rates from MCTS, the searched value of the best move from
//! alpha-beta.

use core::fmt;
use std::sync::Arc;

use go_board::search::GoGame;
use go_board::{Move, Position};
use go_eval::PositionEvaluator;
use go_search::{
    AlphaBeta, BStar, Bounds, Limits, Mcts, Observer, PBStar, Searcher, Stats, Stop, Value,
};

use super::candidates::{CandidateSet, CandidateUnion, UnionConfig};
use super::config::{Algorithm, LeafKind, PlayerConfig, RolloutKind};
use super::leaf::Leaves;
use super::playout::{Playout, PlayoutCandidates, PlayoutPriors, Policy};
use super::rollout::{CandidatePriors, EvalRollout};

/// The tree an MCTS player keeps from one move to the next.
pub type MctsTree = go_search::mcts::Scratch<Move>;

/// How the move of a [`SearchSummary`] was chosen; see the [module
/// documentation](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// The root separated (B*, PB*): the move is proven best if the bounds are valid.
    Separated,
    /// The root did not separate: the best realistic value.
    Realistic,
    /// The searcher's own choice (alpha-beta, MCTS).
    Searched,
    /// Only one candidate: no search.
    Only,
}

impl Rule {
    /// A short name (`separated`, `realistic`, `searched`, `only`).
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Separated => "separated",
            Rule::Realistic => "realistic",
            Rule::Searched => "searched",
            Rule::Only => "only",
        }
    }
}

/// A root move after the search, from the mover's point of view.
#[derive(Clone, Debug, PartialEq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// The realistic value in points: the static evaluation after the move, clamped
    /// into `bounds` when there are bounds; for alpha-beta's best move its searched
    /// value.
    pub value: f64,
    /// `[pessimistic, optimistic]` in points (B*, PB*).
    pub bounds: Option<(f64, f64)>,
    /// Visits (MCTS).
    pub visits: Option<u64>,
    /// Mean reward in [0, 1] (MCTS).
    pub win_rate: Option<f64>,
}

/// What the search of one move found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchSummary {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The chosen move.
    pub best: Move,
    /// How it was chosen.
    pub rule: Rule,
    /// The root moves searched, best first (by the rule's order).
    pub root: Vec<RootMove>,
    /// The root's candidates, with their sources.
    pub candidates: CandidateSet,
    /// The principal variation from the searcher (may be empty).
    pub pv: Vec<Move>,
    /// The searcher's root value.
    pub value: Value<i32>,
    /// Why the search stopped early, if it did.
    pub stop: Option<Stop>,
    /// The searcher's counters.
    pub stats: Stats,
}

impl SearchSummary {
    /// The root move chosen.
    pub fn best_move(&self) -> Option<&RootMove> {
        self.root.iter().find(|r| r.mv == self.best)
    }
}

impl fmt::Display for SearchSummary {
    /// A few lines: the move, the rule, the bounds and value, the counters, then every
    /// root move with its value, bounds, MCTS visits, merged weight and sources.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mv = |m: Move| match m {
            Move::Play(p) => p.to_string(),
            Move::Pass => "PASS".to_owned(),
        };
        let rule = match self.rule {
            Rule::Separated => "the root separated",
            Rule::Realistic => "not separated: best realistic value",
            Rule::Searched => "the searcher's choice",
            Rule::Only => "the only candidate",
        };
        writeln!(f, "best move ({}): {} ({rule})", self.algorithm, mv(self.best))?;
        if let Some(r) = self.best_move() {
            match r.bounds {
                Some((lo, hi)) => {
                    writeln!(f, "  value {:.1} points, bounds [{lo:.1}, {hi:.1}]", r.value)?
                }
                None => writeln!(f, "  value {:.1} points", r.value)?,
            }
        }
        let s = &self.stats;
        let stop = self.stop.map_or_else(|| "finished".to_owned(), |s| format!("{s:?}"));
        writeln!(
            f,
            "  search: {} nodes, {} evaluations, depth {}, {:.3} s, stop: {stop}",
            s.nodes,
            s.evaluations,
            s.max_depth,
            s.elapsed.as_secs_f64()
        )?;
        let pv: Vec<String> = self.pv.iter().map(|&m| mv(m)).collect();
        if !pv.is_empty() {
            writeln!(f, "  pv: {}", pv.join(" "))?;
        }
        writeln!(
            f,
            "  candidates ({} of {} proposed):",
            self.root.len(),
            self.candidates.proposed
        )?;
        for r in &self.root {
            write!(f, "    {:<4} {:>7.1}", mv(r.mv), r.value)?;
            if let Some((lo, hi)) = r.bounds {
                write!(f, " [{lo:.1}, {hi:.1}]")?;
            }
            if let (Some(v), Some(w)) = (r.visits, r.win_rate) {
                write!(f, " visits {v} win {:.1}%", w * 100.0)?;
            }
            if let Some(c) = self.candidates.get(r.mv) {
                write!(f, " weight {:.3} from {}", c.weight, c.sources().join(", "))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl SearchSummary {
    /// The summary as JSON: the move, the rule, the root moves and the counters.
    pub fn to_json(&self) -> serde_json::Value {
        let mv = |m: Move| match m {
            Move::Play(p) => p.to_string(),
            Move::Pass => "PASS".to_owned(),
        };
        let root: Vec<serde_json::Value> = self
            .root
            .iter()
            .map(|r| {
                let c = self.candidates.get(r.mv);
                serde_json::json!({
                    "move": mv(r.mv),
                    "value": r.value,
                    "bounds": r.bounds.map(|(lo, hi)| [lo, hi]),
                    "visits": r.visits,
                    "win_rate": r.win_rate,
                    "weight": c.map(|c| c.weight),
                    "sources": c.map(|c| c.sources()),
                })
            })
            .collect();
        serde_json::json!({
            "algorithm": self.algorithm.name(),
            "move": mv(self.best),
            "rule": self.rule.name(),
            "root": root,
            "pv": self.pv.iter().map(|&m| mv(m)).collect::<Vec<_>>(),
            "proposed": self.candidates.proposed,
            "stats": {
                "nodes": self.stats.nodes,
                "evaluations": self.stats.evaluations,
                "expansions": self.stats.expansions,
                "max_depth": self.stats.max_depth,
                "peak_nodes": self.stats.peak_nodes,
                "seconds": self.stats.elapsed.as_secs_f64(),
            },
            "stop": self.stop.map(|s| format!("{s:?}")),
        })
    }
}

/// Points from the half-points of go-search's Go scores.
pub(crate) fn points(half_points: i32) -> f64 {
    f64::from(half_points) / 2.0
}

/// Restricts every searched position to the union's candidates: the given moves at the
/// root, the union's best `below_root` below it.
#[derive(Debug)]
pub(crate) struct UnionCandidates {
    union: Arc<CandidateUnion>,
    root: Vec<Move>,
    below: UnionConfig,
}

impl go_search::Candidates<GoGame> for UnionCandidates {
    fn candidates(&self, _: &GoGame, state: &Position, ply: u32, moves: &mut Vec<Move>) {
        let order: Vec<Move> = if ply == 0 {
            self.root.clone()
        } else {
            self.union.generate_with(state, self.below).moves().collect()
        };
        moves.retain(|m| order.contains(m));
        moves.sort_by_key(|m| order.iter().position(|o| o == m));
    }
}

/// The static value in points, for the mover of `position`, of playing `mv`: the
/// leaf evaluation of the position after it.
fn static_value(evaluator: &Leaves, position: &Position, mv: Move) -> f64 {
    let mut after = position.clone();
    if after.try_play(mv).is_err() {
        return f64::NEG_INFINITY;
    }
    // The evaluation is for the side to move after the move: the opponent.
    -points(go_search::Evaluator::<GoGame>::evaluate(evaluator, &GoGame, &after))
}

/// Everything one search needs besides the position.
#[derive(Debug)]
pub struct MoveSearch<'a> {
    /// The player's settings.
    pub config: &'a PlayerConfig,
    /// The candidate generators.
    pub union: &'a Arc<CandidateUnion>,
    /// The evaluator.
    pub evaluator: &'a PositionEvaluator,
}

impl MoveSearch<'_> {
    /// Searches `position` for its side to move (which must not be over) within
    /// `limits`, among `root` (the root's candidates when `None`), reporting to
    /// `observer`.
    ///
    /// # Errors
    ///
    /// A searcher refused the configuration (a message naming the setting).
    pub fn run(
        &self,
        position: &Position,
        root: Option<Vec<Move>>,
        limits: &Limits,
        observer: &mut dyn Observer<Move, i32>,
    ) -> Result<SearchSummary, String> {
        self.run_in(position, root, limits, observer, &mut MctsTree::new())
    }

    /// [`MoveSearch::run`] with the tree of an MCTS player: a playout MCTS
    /// ([`RolloutKind::Playout`], [`RolloutKind::Light`]) searches on in the subtree
    /// `tree` kept (see [`go_search::mcts::Scratch::reroot`]) when the root's moves are
    /// not restricted, and leaves its tree there.
    ///
    /// # Errors
    ///
    /// A searcher refused the configuration (a message naming the setting).
    pub fn run_in(
        &self,
        position: &Position,
        root: Option<Vec<Move>>,
        limits: &Limits,
        observer: &mut dyn Observer<Move, i32>,
        tree: &mut MctsTree,
    ) -> Result<SearchSummary, String> {
        let candidates = self.union.generate(position);
        let playouts = self.config.algorithm == Algorithm::Mcts
            && matches!(self.config.rollout, RolloutKind::Playout | RolloutKind::Light);
        let restricted = root.is_some();
        let root: Vec<Move> = match root {
            Some(moves) => moves.into_iter().filter(|&m| position.is_legal(m)).collect(),
            // Playouts search every legal move but own-eye fills.
            None if playouts => {
                let mut moves: Vec<Move> = position.legal_moves().collect();
                go_search::Candidates::candidates(
                    &PlayoutCandidates::default(),
                    &GoGame,
                    position,
                    0,
                    &mut moves,
                );
                moves
            }
            None => candidates.moves().collect(),
        };
        let root = if root.is_empty() { vec![Move::Pass] } else { root };
        let evaluator = self.evaluator;
        let algorithm = self.config.algorithm;
        // B*, PB* and alpha-beta value their leaves as configured (MCTS statically).
        let reads = root.len() > 1
            && matches!(algorithm, Algorithm::BStar | Algorithm::PBStar | Algorithm::AlphaBeta);
        let kind = if reads { self.config.leaves } else { LeafKind::Static };
        let leaves = Leaves::new(evaluator.clone(), position, kind, self.config.seed);
        // The static values of the union's candidates (every root move but for playouts,
        // whose root holds every legal move).
        let statics: Vec<(Move, f64)> = root
            .iter()
            .filter(|m| !playouts || candidates.contains(**m))
            .map(|&m| (m, static_value(&leaves, position, m)))
            .collect();
        let plain = |mv: Move| RootMove {
            mv,
            value: statics.iter().find(|s| s.0 == mv).map_or(0.0, |s| s.1),
            bounds: None,
            visits: None,
            win_rate: None,
        };
        let mut summary = SearchSummary {
            algorithm,
            best: root[0],
            rule: Rule::Only,
            root: root.iter().map(|&m| plain(m)).collect(),
            candidates,
            pv: Vec::new(),
            value: Value::Unknown,
            stop: None,
            stats: Stats::default(),
        };
        if root.len() == 1 {
            return Ok(summary);
        }
        let below = UnionConfig {
            max: self.config.below_root,
            min: self.config.root.min.min(self.config.below_root),
            slow: false,
            ..self.config.root
        };
        let adapter = UnionCandidates { union: Arc::clone(self.union), root: root.clone(), below };
        let threads = self.config.threads;
        let err = |e: go_search::ConfigError| e.to_string();
        let report = match algorithm {
            Algorithm::BStar => {
                let search = BStar::new(go_search::bstar::Config::default(), leaves)
                    .with_candidates(adapter);
                let mut scratch = search.scratch();
                let report =
                    search.search_observed(&GoGame, &mut scratch, position, limits, observer);
                let children = scratch.root_children();
                summary.root = realistic(&children, &statics);
                report
            }
            Algorithm::PBStar => {
                let search = PBStar::new(go_search::pbstar::Config::default(), leaves)
                    .map_err(err)?
                    .with_candidates(adapter);
                let mut scratch = search.scratch();
                let report =
                    search.search_observed(&GoGame, &mut scratch, position, limits, observer);
                let children: Vec<(Move, Bounds<i32>, i32)> = scratch
                    .root_children()
                    .into_iter()
                    .map(|(m, e)| (m, e.bounds(), e.realistic()))
                    .collect();
                summary.root = realistic_estimates(&children);
                report
            }
            Algorithm::AlphaBeta => {
                let search = AlphaBeta::new(go_search::alphabeta::Config::default(), leaves)
                    .map_err(err)?
                    .with_candidates(adapter);
                let report = if threads > 1 {
                    let parallel = search.parallel(threads, 2).map_err(err)?;
                    let mut scratch = parallel.scratch();
                    parallel.search_observed(&GoGame, &mut scratch, position, limits, observer)
                } else {
                    let mut scratch = search.scratch();
                    search.search_observed(&GoGame, &mut scratch, position, limits, observer)
                };
                if let (Some(best), Some(v)) = (report.best, value_points(&report.value)) {
                    summary.root.sort_by(|a, b| b.value.total_cmp(&a.value));
                    if let Some(r) = summary.root.iter_mut().find(|r| r.mv == best) {
                        r.value = v;
                    }
                    let i = summary.root.iter().position(|r| r.mv == best).unwrap_or(0);
                    let chosen = summary.root.remove(i);
                    summary.root.insert(0, chosen);
                }
                report
            }
            Algorithm::Mcts if playouts => {
                let policy = if self.config.rollout == RolloutKind::Light {
                    Policy::Light
                } else {
                    Policy::Heavy
                };
                let config = go_search::mcts::Config::default()
                    .seed(self.config.seed)
                    .threads(threads)
                    .exploration(MCTS_EXPLORATION)
                    .rave(MCTS_RAVE)
                    .prior_visits(MCTS_PRIOR_VISITS)
                    .expand_after(MCTS_EXPAND_AFTER)
                    .reuse_tree(!restricted);
                let points = position.board().size().point_count();
                let config = match self.config.widening.on_board(points) {
                    Some((initial, growth)) => config.widening(initial, growth),
                    None => config,
                };
                let priors =
                    PlayoutPriors::new().with_union(Arc::clone(self.union), position.move_count());
                let filter = PlayoutCandidates { root: restricted.then(|| root.clone()) };
                let search = Mcts::new(config, Playout::new(policy))
                    .map_err(err)?
                    .with_priors(priors)
                    .with_candidates(filter);
                if restricted {
                    *tree = MctsTree::new();
                }
                let report = search.search_observed(&GoGame, tree, position, limits, observer);
                summary.root = mcts_root(tree.root_children(), &summary.root, plain);
                report
            }
            Algorithm::Mcts => {
                let config = go_search::mcts::Config::default()
                    .seed(self.config.seed)
                    .threads(threads)
                    .exploration(1.0);
                let search = Mcts::new(config, EvalRollout::new(evaluator.clone(), 5.0))
                    .map_err(err)?
                    .with_priors(
                        CandidatePriors::new(Arc::clone(self.union))
                            .slow_until(position.move_count()),
                    )
                    .with_candidates(adapter);
                let mut scratch = search.scratch();
                let report =
                    search.search_observed(&GoGame, &mut scratch, position, limits, observer);
                summary.root = mcts_root(scratch.root_children(), &summary.root, plain);
                report
            }
            Algorithm::Random => {
                return Err("the random player does not search".to_owned());
            }
        };
        summary.rule = Rule::Searched;
        summary.best = report.best.unwrap_or(summary.root[0].mv);
        if matches!(algorithm, Algorithm::BStar | Algorithm::PBStar) {
            if report.solved
                && let Some(best) = report.best
            {
                summary.rule = Rule::Separated;
                summary.best = best;
                if let Some(i) = summary.root.iter().position(|r| r.mv == best) {
                    let chosen = summary.root.remove(i);
                    summary.root.insert(0, chosen);
                }
            } else {
                summary.rule = Rule::Realistic;
                summary.best = summary.root[0].mv;
            }
        }
        summary.pv = report.pv;
        summary.value = report.value;
        summary.stop = report.stop;
        summary.stats = report.stats;
        Ok(summary)
    }
}

/// The exploration constant of playout MCTS (RAVE does most of the exploring).
const MCTS_EXPLORATION: f64 = 0.2;
/// RAVE's equivalence parameter for playout MCTS.
const MCTS_RAVE: f64 = 1000.0;
/// The virtual visits of the priors of playout MCTS.
const MCTS_PRIOR_VISITS: f64 = 10.0;
/// The visits a node of playout MCTS needs before its children are added.
const MCTS_EXPAND_AFTER: u32 = 4;

/// MCTS's root moves, most visited first, then the moves the tree did not hold.
fn mcts_root(
    mut children: Vec<(Move, u64, f64)>,
    before: &[RootMove],
    plain: impl Fn(Move) -> RootMove,
) -> Vec<RootMove> {
    children.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
    let mut root: Vec<RootMove> = children
        .iter()
        .map(|&(mv, visits, rate)| RootMove {
            visits: Some(visits),
            win_rate: Some(rate),
            ..plain(mv)
        })
        .collect();
    for r in before {
        if !root.iter().any(|x| x.mv == r.mv) {
            root.push(r.clone());
        }
    }
    root
}

/// The searched value of alpha-beta in points, if it has one.
fn value_points(value: &Value<i32>) -> Option<f64> {
    match *value {
        Value::Exact(v) | Value::Estimate(v) => Some(points(v)),
        _ => None,
    }
}

/// B*'s root moves by realistic value: the static value clamped into the backed-up
/// bounds, ties to the higher pessimistic bound, then the lower point.
fn realistic(children: &[(Move, Bounds<i32>)], statics: &[(Move, f64)]) -> Vec<RootMove> {
    let mut root: Vec<RootMove> = children
        .iter()
        .map(|&(mv, b)| {
            let (lo, hi) = (points(b.pessimistic()), points(b.optimistic()));
            let guess = statics.iter().find(|s| s.0 == mv).map_or(lo, |s| s.1);
            RootMove {
                mv,
                value: guess.clamp(lo, hi),
                bounds: Some((lo, hi)),
                visits: None,
                win_rate: None,
            }
        })
        .collect();
    sort_realistic(&mut root);
    root
}

/// PB*'s root moves by its own realistic values.
fn realistic_estimates(children: &[(Move, Bounds<i32>, i32)]) -> Vec<RootMove> {
    let mut root: Vec<RootMove> = children
        .iter()
        .map(|&(mv, b, r)| RootMove {
            mv,
            value: points(r),
            bounds: Some((points(b.pessimistic()), points(b.optimistic()))),
            visits: None,
            win_rate: None,
        })
        .collect();
    sort_realistic(&mut root);
    root
}

fn sort_realistic(root: &mut [RootMove]) {
    let key = |r: &RootMove| r.mv.point().map_or(usize::MAX, go_board::Point::index);
    let pess = |r: &RootMove| r.bounds.map_or(r.value, |b| b.0);
    root.sort_by(|a, b| {
        b.value.total_cmp(&a.value).then(pess(b).total_cmp(&pess(a))).then(key(a).cmp(&key(b)))
    });
}

/// The limits of one search: the node budget (playouts for MCTS) and the time.
pub fn limits(config: &PlayerConfig, time: Option<std::time::Duration>) -> Limits {
    let mut limits = Limits::default();
    limits = if config.algorithm == Algorithm::Mcts {
        limits.evaluations(config.nodes)
    } else {
        limits.nodes(config.nodes)
    };
    // Best-first trees hold every node: bound their memory too (MCTS adds a node's
    // every child at once, up to a board's points).
    let per_node = if config.algorithm == Algorithm::Mcts { 128 } else { 64 };
    limits = limits.memory(config.nodes.saturating_mul(per_node).max(1 << 16));
    if let Some(t) = time {
        limits = limits.time(t);
    }
    limits
}

/// The limits of the search of a move that must be decided by `deadline`: the node
/// budget of [`limits`] and the deadline itself, so that the work done before the
/// search (reading, the candidates) counts against the time of the move.
pub fn move_limits(config: &PlayerConfig, deadline: Option<std::time::Instant>) -> Limits {
    let limits = limits(config, None);
    match deadline {
        Some(d) => limits.deadline(d),
        None => limits,
    }
}

#[cfg(test)]
mod limit_tests {
    use std::time::{Duration, Instant};

    use super::*;

    #[test]
    fn a_moves_search_stops_at_the_moves_deadline_not_a_duration_of_its_own() {
        let config = PlayerConfig::new(Algorithm::BStar).nodes(1234);
        let asked = Instant::now();
        let deadline = asked + Duration::from_millis(2500);
        let timed = move_limits(&config, Some(deadline));
        assert_eq!(timed.deadline, Some(deadline));
        assert_eq!(timed.time, None, "a duration would restart when the search starts");
        assert_eq!(timed.nodes, Some(1234));
        let untimed = move_limits(&config, None);
        assert_eq!((untimed.deadline, untimed.time, untimed.nodes), (None, None, Some(1234)));
        let mcts = move_limits(&PlayerConfig::new(Algorithm::Mcts).nodes(50), Some(deadline));
        assert_eq!((mcts.evaluations, mcts.nodes), (Some(50), None));
    }
}
