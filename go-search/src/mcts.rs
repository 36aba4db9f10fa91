//! Monte Carlo tree search: UCT (or PUCT with [`Priors`]), seeded, with the
//! MCTS-Solver extension and tree-parallel threads with virtual loss.
//!
//! Each iteration selects a path from the root by the UCT rule, expands the leaf (all
//! children at once, after `expand_after` visits), runs one [`Rollout`] and backs the
//! reward up. With one thread a search is a pure function of its seed. With several,
//! threads share the tree: each applies a virtual loss to its path while its rollout
//! runs, so the others spread out.
//!
//! **Solver** (Winands et al. 2008): finished games are proven for their side to move;
//! a node is proven won as soon as one child is proven lost for the opponent, and proven
//! once all children are. Proven nodes are no longer sampled; a proven root ends the
//! search with [`Value::Proven`]. Draws and scores of finished games are proven too
//! (scores by their sign).
//!
//! **RAVE / AMAF** ([`Config::rave`]; Gelly and Silver 2007): every node also keeps
//! all-moves-as-first statistics for its children: after a simulation, a child of a
//! node at ply `d` is credited with the simulation's result when its move was played,
//! at ply `d` or later, by the node's side to move — in the tree or in the playout
//! ([`Rollout::rollout_recorded`] reports the playout's moves; [`Game::move_index`]
//! names them). A child's value is `(1 − β)·Q + β·Q_amaf` with
//! `β = ñ / (n + ñ + n·ñ / k)` (`n` visits, `ñ` AMAF visits, `k` the equivalence
//! parameter), so AMAF guides the young nodes and the real mean the old ones. RAVE
//! only orders the sampling: proofs and the solver are unchanged.
//!
//! **Priors** ([`Priors`]): PUCT by default; with [`Config::prior_visits`] above 0 they
//! are *virtual experience* instead (Gelly and Silver 2007, Chaslot et al. 2008): each
//! new child starts with that many visits (real and AMAF) won at the rate of its prior
//! weight clamped into `[0, 1]`, and selection is UCT (or RAVE) on top.
//!
//! **Progressive widening** ([`Config::widening`]; Coulom 2007, Chaslot et al. 2008's
//! *progressive unpruning*): a node's children are kept in the order of their prior
//! weights, and selection looks only at the first few of them, more as the node's
//! real visits grow, so that on a wide board the search goes deep on the moves the
//! priors like before it spreads to the rest. A child proven lost for the node's side
//! does not count against the width.
//!
//! **Tree reuse** ([`Config::reuse_tree`], [`Scratch::reroot`]): the subtree of the
//! moves played since the last search is kept and searched further.

use std::sync::Mutex;
use std::time::Instant;

use crate::error::{ConfigError, non_negative};
use crate::eval::{Candidates, Priors, Rollout, candidate_moves, outcome_reward};
use crate::game::{Game, Outcome};
use crate::limits::{Budget, Limits, Shared};
use crate::observe::{Observer, RootChild, Snapshot};
use crate::report::{Report, Stats, Stop, Value};
use crate::rng::{Rng, mix2};
use crate::score::MAX_PLY;
use crate::searcher::Searcher;

/// Options of [`Mcts`].
///
/// # Examples
/// ```
/// use go_search::mcts::Config;
/// let config = Config::default().seed(7).threads(2).exploration(1.0);
/// assert_eq!(config.get_threads(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    exploration: f64,
    seed: u64,
    expand_after: u32,
    solver: bool,
    threads: usize,
    virtual_loss: f64,
    rave: f64,
    prior_visits: f64,
    reuse_tree: bool,
    widening: Option<(u32, f64)>,
}

impl Default for Config {
    /// UCT with `c = √2`, seed 0, expansion on the first visit, the solver on, one
    /// thread, virtual loss 1, no RAVE, priors as PUCT, no tree reuse, no widening.
    fn default() -> Config {
        Config {
            exploration: std::f64::consts::SQRT_2,
            seed: 0,
            expand_after: 0,
            solver: true,
            threads: 1,
            virtual_loss: 1.0,
            rave: 0.0,
            prior_visits: 0.0,
            reuse_tree: false,
            widening: None,
        }
    }
}

impl Config {
    /// The exploration constant `c` of UCT (`Q + c·√(ln N / n)`) or PUCT
    /// (`Q + c·P·√N / (1 + n)`), finite and at least 0 ([`Mcts::new`] refuses others).
    #[must_use]
    pub fn exploration(mut self, c: f64) -> Config {
        self.exploration = c;
        self
    }

    /// The seed of every random choice (rollouts and ties).
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Config {
        self.seed = seed;
        self
    }

    /// Visits a leaf needs before its children are added (0 = at once).
    #[must_use]
    pub fn expand_after(mut self, visits: u32) -> Config {
        self.expand_after = visits;
        self
    }

    /// The MCTS-Solver extension (default on).
    #[must_use]
    pub fn solver(mut self, on: bool) -> Config {
        self.solver = on;
        self
    }

    /// Threads sharing the tree (default 1; [`Mcts::new`] refuses 0).
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Config {
        self.threads = threads;
        self
    }

    /// The virtual loss a thread adds to each node of its path (default 1 visit;
    /// finite and at least 0, [`Mcts::new`] refuses others).
    #[must_use]
    pub fn virtual_loss(mut self, visits: f64) -> Config {
        self.virtual_loss = visits;
        self
    }

    /// RAVE with the equivalence parameter `k` (the visits at which the real mean and
    /// the AMAF mean weigh the same, about `k / 3`… `k`; MoGo and Fuego use hundreds to
    /// thousands); 0 (the default) turns RAVE off. Finite and at least 0
    /// ([`Mcts::new`] refuses others).
    #[must_use]
    pub fn rave(mut self, k: f64) -> Config {
        self.rave = k;
        self
    }

    /// Priors as virtual experience: each new child starts with `visits` visits won at
    /// the rate of its prior weight (clamped into `[0, 1]`); 0 (the default) uses the
    /// priors as PUCT's probabilities. Finite and at least 0.
    #[must_use]
    pub fn prior_visits(mut self, visits: f64) -> Config {
        self.prior_visits = visits;
        self
    }

    /// Keeps the subtree of the moves played since the last search, given by
    /// [`Scratch::reroot`] (default off). Reuse needs a [`Candidates`] filter that
    /// does not depend on the ply (the children kept were generated below the old
    /// root); the root's children are checked against the moves of the new root, and
    /// a tree that does not match is dropped.
    #[must_use]
    pub fn reuse_tree(mut self, on: bool) -> Config {
        self.reuse_tree = on;
        self
    }

    /// Progressive widening: a node with `n` real visits (the priors' virtual visits
    /// not counted) selects among its `initial` children of highest prior weight while
    /// `n < initial`, and among `initial + 1 + ⌊log_growth(n / initial)⌋` of them
    /// after (one more child each time the visits grow by the factor `growth`);
    /// children proven lost for the node's side do not count. `initial` at least 1,
    /// `growth` finite and above 1 ([`Mcts::new`] refuses others). Off by default:
    /// every child is selectable.
    ///
    /// # Examples
    /// ```
    /// use go_search::mcts::Config;
    /// // Five children at first, 5 + 1 + ⌊log₁.₃(100 / 5)⌋ = 17 after 100 visits.
    /// let config = Config::default().widening(5, 1.3);
    /// assert_eq!(config.width(0.0), 5);
    /// assert_eq!(config.width(100.0), 17);
    /// assert_eq!(Config::default().width(100.0), u32::MAX);
    /// ```
    #[must_use]
    pub fn widening(mut self, initial: u32, growth: f64) -> Config {
        self.widening = Some((initial, growth));
        self
    }

    /// The number of children a node with `visits` real visits selects among
    /// ([`Config::widening`]; `u32::MAX` without widening).
    pub fn width(&self, visits: f64) -> u32 {
        match self.widening {
            None => u32::MAX,
            Some((initial, _)) if visits < f64::from(initial) => initial,
            Some((initial, growth)) => {
                let steps = (visits / f64::from(initial)).ln() / growth.ln();
                initial.saturating_add(1).saturating_add(steps.floor().min(1e9) as u32)
            }
        }
    }

    /// Checks the settings.
    fn validate(&self) -> Result<(), ConfigError> {
        non_negative("mcts::Config::exploration", self.exploration)?;
        non_negative("mcts::Config::virtual_loss", self.virtual_loss)?;
        non_negative("mcts::Config::rave", self.rave)?;
        non_negative("mcts::Config::prior_visits", self.prior_visits)?;
        if self.threads == 0 {
            return Err(ConfigError::new("mcts::Config::threads", 0, "at least 1 thread"));
        }
        if let Some((initial, growth)) = self.widening {
            if initial == 0 {
                return Err(ConfigError::new(
                    "mcts::Config::widening",
                    0,
                    "at least 1 child at first",
                ));
            }
            if !(growth.is_finite() && growth > 1.0) {
                return Err(ConfigError::new(
                    "mcts::Config::widening",
                    growth,
                    "a finite growth factor above 1",
                ));
            }
        }
        Ok(())
    }

    /// The number of threads.
    pub fn get_threads(&self) -> usize {
        self.threads
    }
}

/// A proven game value for a node's side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Proof {
    Loss,
    Draw,
    Win,
}

impl Proof {
    fn flip(self) -> Proof {
        match self {
            Proof::Loss => Proof::Win,
            Proof::Draw => Proof::Draw,
            Proof::Win => Proof::Loss,
        }
    }

    fn of<S: crate::Score>(outcome: Outcome<S>) -> Proof {
        let r = outcome_reward(outcome);
        if r > 0.5 {
            Proof::Win
        } else if r < 0.5 {
            Proof::Loss
        } else {
            Proof::Draw
        }
    }

    /// The reward of a proven node for its side to move.
    fn reward(self) -> f64 {
        match self {
            Proof::Loss => 0.0,
            Proof::Draw => 0.5,
            Proof::Win => 1.0,
        }
    }
}

/// A node of the MCTS tree. `reward` is from the point of view of the side that played
/// `mv` (the parent's side to move).
#[derive(Clone, Debug)]
struct MNode<M> {
    mv: Option<M>,
    first: u32,
    count: u32,
    visits: f64,
    reward: f64,
    prior: f64,
    proof: Option<Proof>,
    expanded: bool,
    /// AMAF statistics, from the same side's point of view as `reward`.
    amaf_visits: f64,
    amaf_reward: f64,
    /// The virtual visits the priors gave (included in `visits`).
    virtual_visits: f64,
}

impl<M> MNode<M> {
    fn new(mv: Option<M>, prior: f64) -> MNode<M> {
        MNode {
            mv,
            first: 0,
            count: 0,
            visits: 0.0,
            reward: 0.0,
            prior,
            proof: None,
            expanded: false,
            amaf_visits: 0.0,
            amaf_reward: 0.0,
            virtual_visits: 0.0,
        }
    }
}

/// Reusable working memory of [`Mcts`]: the tree.
#[derive(Debug)]
pub struct Scratch<M> {
    nodes: Vec<MNode<M>>,
    /// Whether [`Scratch::reroot`] kept a subtree for the next search.
    kept: bool,
}

impl<M: Copy + PartialEq> Scratch<M> {
    /// Keeps, for the next search of an [`Mcts`] with [`Config::reuse_tree`], the
    /// subtree reached from the last search's root by `moves` (the moves played since,
    /// in order). Returns whether the tree had that subtree; if not, the tree is
    /// dropped and the next search starts afresh.
    ///
    /// The next search must be given the state these moves lead to (its root's
    /// children are checked against that state's moves).
    pub fn reroot(&mut self, moves: &[M]) -> bool {
        self.kept = false;
        let mut index = 0usize;
        if self.nodes.is_empty() {
            return false;
        }
        for &mv in moves {
            let n = &self.nodes[index];
            let kids = n.first as usize..(n.first + n.count) as usize;
            match kids.into_iter().find(|&c| self.nodes[c].mv == Some(mv)) {
                Some(c) => index = c,
                None => {
                    self.nodes.clear();
                    return false;
                }
            }
        }
        // Copy the subtree breadth first: children stay contiguous.
        let mut out: Vec<MNode<M>> = Vec::with_capacity(self.nodes.len());
        let mut root = self.nodes[index].clone();
        root.mv = None;
        out.push(root);
        let mut next = 0usize;
        while next < out.len() {
            let (first, count) = (out[next].first as usize, out[next].count as usize);
            if count > 0 {
                let at = out.len() as u32;
                out.extend_from_slice(&self.nodes[first..first + count]);
                out[next].first = at;
            }
            next += 1;
        }
        self.nodes = out;
        self.kept = true;
        true
    }
}

impl<M: Copy> Scratch<M> {
    /// An empty tree.
    pub fn new() -> Scratch<M> {
        Scratch { nodes: Vec::new(), kept: false }
    }

    /// The number of nodes in the tree.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree is empty.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The root's moves with their visit counts and mean rewards (for the root's side
    /// to move), after the last search.
    pub fn root_children(&self) -> Vec<(M, u64, f64)> {
        let Some(root) = self.nodes.first() else { return Vec::new() };
        let kids = root.first as usize..(root.first + root.count) as usize;
        self.nodes[kids].iter().filter_map(|c| Some((c.mv?, c.visits as u64, mean(c)))).collect()
    }
}

impl<M: Copy> Default for Scratch<M> {
    fn default() -> Self {
        Scratch::new()
    }
}

fn mean<M>(n: &MNode<M>) -> f64 {
    if n.visits > 0.0 { n.reward / n.visits } else { 0.5 }
}

/// The value selection uses: the mean, blended with the AMAF mean under RAVE with the
/// equivalence parameter `k` (0: off).
fn blended<M>(n: &MNode<M>, k: f64) -> f64 {
    if k <= 0.0 || n.amaf_visits <= 0.0 {
        return mean(n);
    }
    let amaf = n.amaf_reward / n.amaf_visits;
    if n.visits <= 0.0 {
        return amaf;
    }
    let (v, a) = (n.visits, n.amaf_visits);
    let beta = a / (v + a + v * a / k);
    (1.0 - beta) * mean(n) + beta * amaf
}

/// Monte Carlo tree search with a [`Rollout`] policy and optional [`Priors`].
///
/// # Examples
/// ```
/// use go_search::mcts::Config;
/// use go_search::{Game, Limits, Mcts, Outcome, RandomRollout, Searcher, Side, Value};
/// # #[derive(Clone)] struct Nim;
/// # impl Game for Nim {
/// #     type State = (u32, Side); type Move = u32; type Undo = (); type Score = i32;
/// #     fn moves(&self, s: &(u32, Side), out: &mut Vec<u32>) -> Option<Outcome<i32>> {
/// #         if s.0 == 0 { return Some(Outcome::Loss); }
/// #         out.extend((1..=3).filter(|&n| n <= s.0)); None
/// #     }
/// #     fn play(&self, s: &mut (u32, Side), n: u32) { *s = (s.0 - n, s.1.opponent()); }
/// #     fn undo(&self, s: &mut (u32, Side), n: u32, _: ()) { *s = (s.0 + n, s.1.opponent()); }
/// #     fn side_to_move(&self, s: &(u32, Side)) -> Side { s.1 }
/// # }
/// let mcts = Mcts::new(Config::default().seed(1), RandomRollout::default())?;
/// let mut scratch = mcts.scratch();
/// let r = mcts.search(&Nim, &mut scratch, &(7, Side::First), &Limits::default().evaluations(5_000));
/// // The solver proves the win (take 3, leaving a multiple of four).
/// assert_eq!(r.value, Value::Proven { side: Side::First, wins: true });
/// assert_eq!(r.best, Some(3));
/// # Ok::<_, go_search::ConfigError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Mcts<R, P = (), C = ()> {
    config: Config,
    rollout: R,
    priors: P,
    candidates: C,
}

impl<R> Mcts<R> {
    /// UCT with `config` and the playout policy `rollout`.
    ///
    /// # Errors
    /// If the exploration constant or the virtual loss is negative, infinite or NaN,
    /// or there are no threads.
    pub fn new(config: Config, rollout: R) -> Result<Mcts<R>, ConfigError> {
        config.validate()?;
        Ok(Mcts { config, rollout, priors: (), candidates: () })
    }
}

impl<R, P, C> Mcts<R, P, C> {
    /// Whether a kept tree's root fits `root`: an unexpanded root, or children with
    /// exactly the moves `root` has (under the candidate filter).
    fn matches_root<G>(&self, game: &G, root: &G::State, nodes: &[MNode<G::Move>]) -> bool
    where
        G: Game,
        C: Candidates<G>,
    {
        let Some(r) = nodes.first() else { return false };
        if !r.expanded {
            return true;
        }
        let mut moves = Vec::new();
        if candidate_moves(game, &self.candidates, root, 0, &mut moves).is_some() {
            return false;
        }
        let kids = &nodes[r.first as usize..(r.first + r.count) as usize];
        moves.len() == kids.len() && kids.iter().all(|k| k.mv.is_some_and(|m| moves.contains(&m)))
    }

    /// Uses `priors` (PUCT) instead of plain UCT.
    pub fn with_priors<P2>(self, priors: P2) -> Mcts<R, P2, C> {
        Mcts { config: self.config, rollout: self.rollout, priors, candidates: self.candidates }
    }

    /// Adds to the tree only the moves `candidates` keeps (see [`Candidates`]; playouts
    /// are the [`Rollout`]'s business).
    pub fn with_candidates<C2>(self, candidates: C2) -> Mcts<R, P, C2> {
        Mcts { config: self.config, rollout: self.rollout, priors: self.priors, candidates }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// An empty tree.
    pub fn scratch<M: Copy>(&self) -> Scratch<M> {
        Scratch::new()
    }

    /// The worker of thread `t` (its random numbers depend on the seed and `t`).
    fn worker<'a, G: Game>(
        &'a self,
        game: &'a G,
        root: &'a G::State,
        tree: &'a Mutex<Vec<MNode<G::Move>>>,
        budget: Budget<'a, G::Move, G::Score>,
        t: usize,
    ) -> Worker<'a, G, R, P, C> {
        Worker {
            game,
            rollout: &self.rollout,
            priors: &self.priors,
            candidates: &self.candidates,
            config: self.config,
            root,
            tree,
            budget,
            stats: Stats::default(),
            rng: Rng::new(mix2(self.config.seed, t as u64)),
            moves: Vec::new(),
            weights: Vec::new(),
            order: Vec::new(),
            path: Vec::new(),
            seq: Vec::new(),
            marks: Vec::new(),
            stamp: 0,
        }
    }
}

/// What one thread of a search needs.
struct Worker<'a, G: Game, R, P, C> {
    game: &'a G,
    rollout: &'a R,
    priors: &'a P,
    candidates: &'a C,
    config: Config,
    root: &'a G::State,
    tree: &'a Mutex<Vec<MNode<G::Move>>>,
    budget: Budget<'a, G::Move, G::Score>,
    stats: Stats,
    rng: Rng,
    moves: Vec<G::Move>,
    weights: Vec<f64>,
    /// The order in which a node's children are stored (highest prior first with
    /// widening).
    order: Vec<usize>,
    path: Vec<u32>,
    /// The moves of the current simulation from the root: the tree's, then the
    /// playout's (for RAVE).
    seq: Vec<G::Move>,
    /// `marks[2·index + parity] == stamp`: the move of that index was played, at a
    /// ply of that parity, at or after the ply being backed up.
    marks: Vec<u32>,
    stamp: u32,
}

impl<G, R, P, C> Worker<'_, G, R, P, C>
where
    G: Game,
    G::State: Clone,
    R: Rollout<G>,
    P: Priors<G>,
    C: Candidates<G>,
{
    /// Runs iterations until a limit or a proven root.
    fn run(&mut self) {
        loop {
            let (tree, depth) = (self.tree, self.stats.max_depth);
            if self.budget.exhausted(&self.stats, || snapshot(&lock(tree), depth)) {
                return;
            }
            let mut state = self.root.clone();
            self.seq.clear();
            let leaf = {
                let mut tree = lock(self.tree);
                if tree[0].proof.is_some() {
                    return;
                }
                if self.budget.memory_exhausted(tree.len() as u64) {
                    return;
                }
                match self.descend(&mut tree, &mut state) {
                    Some(leaf) => leaf,
                    None => {
                        drop(tree);
                        self.budget.halt(Stop::MaxPly);
                        return;
                    }
                }
            };
            // The playout runs without the lock.
            // A proven leaf counts as an evaluation too: a search whose every path
            // ends in a finished game (without the solver) still meets its budget.
            self.stats.evaluations += 1;
            let reward = match leaf {
                Leaf::Proven(p) => p.reward(),
                Leaf::Open => {
                    let r = if self.config.rave > 0.0 {
                        self.rollout.rollout_recorded(
                            self.game,
                            &mut state,
                            &mut self.rng,
                            &mut self.seq,
                        )
                    } else {
                        self.rollout.rollout(self.game, &mut state, &mut self.rng)
                    };
                    // A broken policy (NaN, out of range) cannot poison the statistics.
                    if r.is_nan() { 0.5 } else { r.clamp(0.0, 1.0) }
                }
            };
            let mut tree = lock(self.tree);
            self.back_up(&mut tree, reward);
        }
    }

    /// Selects and expands; leaves the path in `self.path` and `state` at the leaf
    /// whose playout follows. `None` when the path reached [`MAX_PLY`].
    fn descend(&mut self, tree: &mut Vec<MNode<G::Move>>, state: &mut G::State) -> Option<Leaf> {
        self.path.clear();
        let vl = if self.config.threads > 1 { self.config.virtual_loss } else { 0.0 };
        let mut index = 0u32;
        let mut fresh = false;
        loop {
            self.path.push(index);
            tree[index as usize].visits += vl;
            let ply = self.path.len() as u32 - 1;
            self.stats.max_depth = self.stats.max_depth.max(ply);
            if let Some(p) = tree[index as usize].proof {
                return Some(Leaf::Proven(p));
            }
            if fresh {
                return Some(Leaf::Open);
            }
            if ply >= MAX_PLY - 1 {
                self.undo_virtual_loss(tree, vl);
                return None;
            }
            if !tree[index as usize].expanded {
                let node = &tree[index as usize];
                if node.visits - vl - node.virtual_visits < f64::from(self.config.expand_after)
                    && index != 0
                {
                    return Some(Leaf::Open);
                }
                if let Some(p) = self.expand(tree, index, state, ply) {
                    return Some(Leaf::Proven(p));
                }
                // One new child gets the playout.
                fresh = true;
            }
            let next = self.select(tree, index);
            if next == index {
                return Some(Leaf::Open);
            }
            let Some(mv) = tree[next as usize].mv else { return Some(Leaf::Open) };
            self.game.play(state, mv);
            self.seq.push(mv);
            index = next;
        }
    }

    fn undo_virtual_loss(&self, tree: &mut [MNode<G::Move>], vl: f64) {
        for &i in &self.path {
            tree[i as usize].visits -= vl;
        }
    }

    /// Adds the children of `index` (`ply` moves below the root); `Some(proof)` if the
    /// node turns out finished.
    fn expand(
        &mut self,
        tree: &mut Vec<MNode<G::Move>>,
        index: u32,
        state: &G::State,
        ply: u32,
    ) -> Option<Proof> {
        let outcome = candidate_moves(self.game, self.candidates, state, ply, &mut self.moves);
        let node = &mut tree[index as usize];
        node.expanded = true;
        let proof = match outcome {
            Some(o) => Some(Proof::of(o)),
            None if self.moves.is_empty() => Some(Proof::Draw),
            None => None,
        };
        if proof.is_some() {
            // A finished game: its value is known whether or not the solver runs.
            node.proof = proof;
            return proof;
        }
        let first = tree.len() as u32;
        let node = &mut tree[index as usize];
        node.first = first;
        node.count = self.moves.len() as u32;
        self.stats.expansions += 1;
        self.stats.interior_nodes += 1;
        self.weights.clear();
        if self.priors.enabled() {
            self.priors.priors(self.game, state, &self.moves, &mut self.weights);
        }
        let valid = self.weights.len() == self.moves.len()
            && self.weights.iter().all(|w| w.is_finite() && *w >= 0.0)
            && self.weights.iter().sum::<f64>() > 0.0;
        let total: f64 = if valid { self.weights.iter().sum() } else { 0.0 };
        let uniform = 1.0 / self.moves.len() as f64;
        let virtual_visits = if valid { self.config.prior_visits } else { 0.0 };
        self.order.clear();
        self.order.extend(0..self.moves.len());
        if valid && self.config.widening.is_some() {
            // Highest prior first, equal priors in a random order (a shuffle, then a
            // stable sort).
            for i in (1..self.order.len()).rev() {
                let j = self.rng.below(i as u64 + 1) as usize;
                self.order.swap(i, j);
            }
            let w = &self.weights;
            self.order.sort_by(|&a, &b| w[b].total_cmp(&w[a]));
        }
        for &i in &self.order {
            let mv = self.moves[i];
            let prior = if valid { self.weights[i] / total } else { uniform };
            let mut child = MNode::new(Some(mv), prior);
            if virtual_visits > 0.0 {
                let rate = self.weights[i].clamp(0.0, 1.0);
                child.visits = virtual_visits;
                child.reward = virtual_visits * rate;
                child.amaf_visits = virtual_visits;
                child.amaf_reward = virtual_visits * rate;
                child.virtual_visits = virtual_visits;
            }
            tree.push(child);
        }
        self.stats.nodes += self.moves.len() as u64;
        None
    }

    /// The child of `index` to visit: a proven win at once, never a proven loss unless
    /// nothing else is left, else the best UCT / PUCT score (unvisited first).
    fn select(&mut self, tree: &[MNode<G::Move>], index: u32) -> u32 {
        let n = &tree[index as usize];
        if n.count == 0 {
            return index;
        }
        let parent_visits = n.visits.max(1.0);
        let log_n = parent_visits.ln();
        let sqrt_n = parent_visits.sqrt();
        let c = self.config.exploration;
        let puct = self.priors.enabled() && self.config.prior_visits <= 0.0;
        let equivalence = self.config.rave;
        let plain = equivalence <= 0.0;
        let mut best = n.first;
        let mut best_score = f64::NEG_INFINITY;
        let count = self.selectable(tree, n);
        // A random start breaks ties without bias.
        let offset = self.rng.below(u64::from(count)) as u32;
        for k in 0..count {
            let i = n.first + (k + offset) % count;
            let child = &tree[i as usize];
            let score = match child.proof.filter(|_| self.config.solver) {
                // The child's side to move loses: a win for us.
                Some(Proof::Loss) => f64::INFINITY,
                Some(Proof::Win) => -1.0,
                _ if puct => {
                    blended(child, equivalence) + c * child.prior * sqrt_n / (1.0 + child.visits)
                }
                _ if child.visits == 0.0 && (plain || child.amaf_visits == 0.0) => f64::MAX,
                _ => blended(child, equivalence) + c * (log_n / child.visits.max(1.0)).sqrt(),
            };
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// How many of `n`'s first children selection looks at: all of them, or with
    /// [`Config::widening`] the width its real visits allow, not counting children
    /// proven lost for `n`'s side.
    fn selectable(&self, tree: &[MNode<G::Move>], n: &MNode<G::Move>) -> u32 {
        if self.config.widening.is_none() {
            return n.count;
        }
        let vl = if self.config.threads > 1 { self.config.virtual_loss } else { 0.0 };
        let width = self.config.width((n.visits - n.virtual_visits - vl).max(0.0));
        let mut open = 0u32;
        for k in 0..n.count {
            if open == width {
                return k;
            }
            let child = &tree[(n.first + k) as usize];
            if !(self.config.solver && child.proof == Some(Proof::Win)) {
                open += 1;
            }
        }
        n.count
    }

    /// Credits the AMAF statistics of the children along the path with `reward` (for
    /// the leaf's side to move): see the [module documentation](self).
    fn back_up_amaf(&mut self, tree: &mut [MNode<G::Move>], reward: f64) {
        /// Indices from [`Game::move_index`] at or above this are ignored.
        const INDEX_LIMIT: usize = 1 << 16;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let leaf = self.path.len() - 1;
        let mut next = self.seq.len();
        for d in (0..self.path.len()).rev() {
            while next > d {
                next -= 1;
                if let Some(i) = self.game.move_index(self.seq[next]).filter(|&i| i < INDEX_LIMIT) {
                    let slot = 2 * i + next % 2;
                    if slot >= self.marks.len() {
                        self.marks.resize(slot + 2, 0);
                    }
                    self.marks[slot] = stamp;
                }
            }
            let node = &tree[self.path[d] as usize];
            let (first, count) = (node.first, node.count);
            // The children are moved by the side to move at `d`.
            let r = if (leaf - d).is_multiple_of(2) { reward } else { 1.0 - reward };
            for c in first..first + count {
                let child = &mut tree[c as usize];
                let Some(mv) = child.mv else { continue };
                let Some(i) = self.game.move_index(mv).filter(|&i| i < INDEX_LIMIT) else {
                    continue;
                };
                if self.marks.get(2 * i + d % 2) == Some(&stamp) {
                    child.amaf_visits += 1.0;
                    child.amaf_reward += r;
                }
            }
        }
    }

    /// Adds `reward` (for the leaf's side to move) along the path, removes the virtual
    /// loss, and propagates proofs.
    fn back_up(&mut self, tree: &mut [MNode<G::Move>], reward: f64) {
        if self.config.rave > 0.0 {
            self.back_up_amaf(tree, reward);
        }
        let vl = if self.config.threads > 1 { self.config.virtual_loss } else { 0.0 };
        // For the side that moved into the leaf.
        let mut r = 1.0 - reward;
        for &i in self.path.iter().rev() {
            let n = &mut tree[i as usize];
            n.visits += 1.0 - vl;
            n.reward += r;
            r = 1.0 - r;
        }
        if self.config.solver {
            for &i in self.path.iter().rev() {
                if tree[i as usize].proof.is_some() {
                    continue;
                }
                match solve(tree, i) {
                    Some(p) => tree[i as usize].proof = Some(p),
                    None => break,
                }
            }
        }
    }
}

/// MCTS-Solver: the proof of `index` from its children, if there is one.
fn solve<M>(tree: &[MNode<M>], index: u32) -> Option<Proof> {
    let n = &tree[index as usize];
    if !n.expanded || n.count == 0 {
        return None;
    }
    let mut best = Some(Proof::Loss);
    for c in n.first..n.first + n.count {
        match tree[c as usize].proof {
            Some(Proof::Loss) => return Some(Proof::Win),
            Some(p) => best = best.map(|b| b.max(p.flip())),
            None => best = None,
        }
    }
    best
}

/// How a descent ended.
#[derive(Clone, Copy, Debug)]
enum Leaf {
    Open,
    Proven(Proof),
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The most promising root child (a proven win first, then visits, then mean
/// reward) and the most visited line from it; `None` before the root is expanded.
fn best_line<M: Copy>(nodes: &[MNode<M>]) -> Option<(u32, Vec<M>)> {
    let root = &nodes[0];
    if root.count == 0 {
        return None;
    }
    let kids = root.first..root.first + root.count;
    let rank = |i: u32| {
        let c = &nodes[i as usize];
        let proven = match c.proof {
            Some(Proof::Loss) => 2,
            Some(Proof::Win) => 0,
            _ => 1,
        };
        (proven, c.visits, mean(c))
    };
    let best = kids.fold(root.first, |b, c| if rank(c) > rank(b) { c } else { b });
    let mut pv = Vec::new();
    let mut i = best;
    loop {
        let n = &nodes[i as usize];
        let Some(mv) = n.mv else { break };
        pv.push(mv);
        if n.count == 0 {
            break;
        }
        i = (n.first..n.first + n.count)
            .max_by(|&a, &b| nodes[a as usize].visits.total_cmp(&nodes[b as usize].visits))
            .unwrap_or(n.first);
    }
    Some((best, pv))
}

/// The current opinion of the tree: the best root move and its win rate, and every
/// visited root move, most visited first.
fn snapshot<M: Copy, S>(nodes: &[MNode<M>], depth: u32) -> Snapshot<M, S> {
    match best_line(nodes) {
        Some((best, pv)) => {
            let best_node = &nodes[best as usize];
            let root = &nodes[0];
            let kids = root.first..root.first + root.count;
            let mut children: Vec<(bool, RootChild<M>)> = kids
                .filter_map(|i| {
                    let c = &nodes[i as usize];
                    let child = RootChild::new(c.mv?, c.visits as u64, mean(c));
                    (c.visits > 0.0 || i == best).then_some((i == best, child))
                })
                .collect();
            // The best move (the one `best_line` picks, proofs first) leads, then the
            // most visited.
            children.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.visits.cmp(&a.1.visits)));
            let children = children.into_iter().map(|(_, c)| c).collect();
            Snapshot {
                best: best_node.mv,
                value: Value::WinRate(mean(best_node)),
                pv,
                depth,
                root: children,
            }
        }
        None => Snapshot { depth, ..Snapshot::unknown() },
    }
}

impl<G, R, P, C> Searcher<G> for Mcts<R, P, C>
where
    G: Game + Sync,
    G::State: Clone + Send + Sync,
    G::Move: Send,
    R: Rollout<G> + Sync,
    P: Priors<G> + Sync,
    C: Candidates<G> + Sync,
{
    type Scratch = Scratch<G::Move>;

    fn scratch(&self) -> Self::Scratch {
        Scratch::new()
    }

    fn search_observed(
        &self,
        game: &G,
        scratch: &mut Self::Scratch,
        root: &G::State,
        limits: &Limits,
        observer: &mut dyn Observer<G::Move, G::Score>,
    ) -> Report<G::Move, G::Score> {
        let start = Instant::now();
        let mut nodes = std::mem::take(&mut scratch.nodes);
        let kept = std::mem::replace(&mut scratch.kept, false);
        if !(self.config.reuse_tree && kept && self.matches_root(game, root, &nodes)) {
            nodes.clear();
            nodes.push(MNode::new(None, 1.0));
        }
        let tree = Mutex::new(nodes);
        let shared = Shared::default();
        let threads = self.config.threads;
        let mut stats = Stats { nodes: 1, threads: threads as u32, ..Stats::default() };
        // Thread 0 runs on the calling thread: it is the one that reports to `observer`.
        let budget = if threads > 1 {
            Budget::with_shared(limits, start, &shared, Some(observer))
        } else {
            Budget::new(limits, Some(observer))
        };
        let mut first = self.worker(game, root, &tree, budget, 0);
        let results: Vec<(Stats, Option<Stop>)> = std::thread::scope(|s| {
            let handles: Vec<_> = (1..threads)
                .map(|t| {
                    let (tree, shared) = (&tree, &shared);
                    s.spawn(move || {
                        let budget = Budget::with_shared(limits, start, shared, None);
                        let mut w = self.worker(game, root, tree, budget, t);
                        w.run();
                        (w.stats, w.budget.stopped())
                    })
                })
                .collect();
            first.run();
            handles.into_iter().filter_map(|h| h.join().ok()).collect()
        });
        stats.merge(&first.stats);
        let mut stop = first.budget.stopped();
        drop(first);
        for (s, st) in results {
            stats.merge(&s);
            stop = stop.or(st);
        }
        scratch.nodes = tree.into_inner().unwrap_or_else(|e| e.into_inner());
        let nodes = &scratch.nodes;
        let mut report = Report::empty();
        let root_node = &nodes[0];
        let stm = game.side_to_move(root);
        if let Some(p) = root_node.proof {
            report.solved = true;
            report.value = Value::Proven { side: stm, wins: p == Proof::Win };
        }
        if let Some((best, pv)) = best_line(nodes) {
            report.best = nodes[best as usize].mv;
            if !report.solved {
                report.value = Value::WinRate(mean(&nodes[best as usize]));
            }
            report.pv = pv;
        }
        report.depth = stats.max_depth;
        report.stop = if report.solved { None } else { stop };
        stats.nodes = nodes.len() as u64;
        stats.peak_nodes = nodes.len() as u64;
        stats.finish(start.elapsed());
        report.stats = stats;
        report
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Outcome, RandomRollout, Side};

    /// One heap of Nim: take one to three, whoever takes the last stone wins.
    struct Nim;

    impl Game for Nim {
        type State = (u32, Side);
        type Move = u32;
        type Undo = ();
        type Score = i32;

        fn moves(&self, s: &(u32, Side), out: &mut Vec<u32>) -> Option<Outcome<i32>> {
            if s.0 == 0 {
                return Some(Outcome::Loss);
            }
            out.extend((1..=3).filter(|&n| n <= s.0));
            None
        }
        fn play(&self, s: &mut (u32, Side), n: u32) {
            *s = (s.0 - n, s.1.opponent());
        }
        fn undo(&self, s: &mut (u32, Side), n: u32, (): ()) {
            *s = (s.0 + n, s.1.opponent());
        }
        fn side_to_move(&self, s: &(u32, Side)) -> Side {
            s.1
        }
        fn move_index(&self, n: u32) -> Option<usize> {
            Some(n as usize)
        }
    }

    /// Four distinct moves 0..4, each played once, alternately; the first player wins
    /// when it played move 0. Every simulation has four moves, two by each side.
    struct Four;

    impl Game for Four {
        type State = (u8, Side);
        type Move = u8;
        type Undo = ();
        type Score = i32;

        fn moves(&self, s: &(u8, Side), out: &mut Vec<u8>) -> Option<Outcome<i32>> {
            if s.0 & 0b1111 == 0b1111 {
                // Four moves were played: the first player is to move again.
                return Some(if self.first_won(s) { Outcome::Win } else { Outcome::Loss });
            }
            out.extend((0..4).filter(|m| s.0 & 1 << m == 0));
            None
        }
        fn play(&self, s: &mut (u8, Side), m: u8) {
            // Bit 4 and up remember who played move 0.
            let first_zero = m == 0 && s.1 == Side::First;
            *s = (s.0 | 1 << m | u8::from(first_zero) << 4, s.1.opponent());
        }
        fn undo(&self, _: &mut (u8, Side), _: u8, (): ()) {
            unreachable!("MCTS copies states")
        }
        fn side_to_move(&self, s: &(u8, Side)) -> Side {
            s.1
        }
        fn move_index(&self, m: u8) -> Option<usize> {
            Some(usize::from(m))
        }
    }

    impl Four {
        fn first_won(&self, s: &(u8, Side)) -> bool {
            s.0 & 1 << 4 != 0
        }
    }

    /// No move played yet, the first player to move.
    fn four_root() -> (u8, Side) {
        (0, Side::First)
    }

    /// A search's report and tree.
    type Searched<G> = (Report<<G as Game>::Move, <G as Game>::Score>, Scratch<<G as Game>::Move>);

    fn search<G: Game + Sync>(
        config: Config,
        game: &G,
        root: &G::State,
        playouts: u64,
    ) -> Searched<G>
    where
        G::State: Clone + Send + Sync,
        G::Move: Send,
    {
        let mcts = Mcts::new(config, RandomRollout::default()).unwrap();
        let mut scratch = mcts.scratch();
        let r = mcts.search(game, &mut scratch, root, &Limits::default().evaluations(playouts));
        (r, scratch)
    }

    #[test]
    fn rave_does_not_change_proven_values() {
        for heap in [5, 7, 8, 12] {
            let root = (heap, Side::First);
            let plain = search(Config::default().seed(3), &Nim, &root, 20_000).0;
            let rave = search(Config::default().seed(3).rave(100.0), &Nim, &root, 20_000).0;
            assert!(plain.solved && rave.solved, "heap {heap}");
            assert_eq!(plain.value, rave.value, "heap {heap}");
            let wins = heap % 4 != 0;
            assert_eq!(rave.value, Value::Proven { side: Side::First, wins });
            if wins {
                assert_eq!(rave.best, Some(heap % 4));
            }
        }
    }

    #[test]
    fn amaf_credits_every_move_its_side_played_later() {
        // No solver, so that the search runs its whole budget.
        let config = Config::default().seed(1).rave(50.0).solver(false).exploration(0.5);
        let (_, scratch) = search(config, &Four, &four_root(), 400);
        let nodes = &scratch.nodes;
        let root = &nodes[0];
        let kids = &nodes[root.first as usize..(root.first + root.count) as usize];
        // Every simulation has the first player play two of the four moves.
        let amaf: f64 = kids.iter().map(|k| k.amaf_visits).sum();
        assert_eq!(amaf, 2.0 * root.visits);
        for k in kids {
            // A child's own visits are AMAF visits too.
            assert!(k.amaf_visits >= k.visits);
            let rate = k.amaf_reward / k.amaf_visits;
            // The first player wins exactly when it plays move 0.
            if k.mv == Some(0) {
                assert_eq!(rate, 1.0);
            } else {
                assert!(rate < 1.0);
            }
        }
        // The grandchildren (the second player's moves) are credited from the second
        // player's point of view: when it plays move 0, the first player cannot, so
        // the second player always wins.
        let mut seen = 0;
        for k in kids.iter().filter(|k| k.count > 0) {
            for g in &nodes[k.first as usize..(k.first + k.count) as usize] {
                if g.mv == Some(0) && g.amaf_visits > 0.0 {
                    assert_eq!(g.amaf_reward, g.amaf_visits);
                    seen += 1;
                }
            }
        }
        assert!(seen > 0);
    }

    #[test]
    fn seeded_rave_searches_with_virtual_priors_are_deterministic() {
        struct Favour;
        impl Priors<Nim> for Favour {
            fn priors(&self, _: &Nim, _: &(u32, Side), moves: &[u32], out: &mut Vec<f64>) {
                out.clear();
                out.extend(moves.iter().map(|&m| if m == 1 { 0.9 } else { 0.4 }));
            }
        }
        let config = Config::default().seed(11).rave(300.0).prior_visits(5.0).solver(false);
        let run = || {
            let mcts = Mcts::new(config, RandomRollout::default()).unwrap().with_priors(Favour);
            let mut scratch = mcts.scratch();
            let root = (30, Side::First);
            let r = mcts.search(&Nim, &mut scratch, &root, &Limits::default().evaluations(3000));
            (r.best, r.pv, r.stats.evaluations, scratch.root_children())
        };
        let (a, b) = (run(), run());
        assert_eq!(a.0, b.0);
        assert_eq!(a.1, b.1);
        assert_eq!(a.2, 3000);
        assert_eq!(a.3.len(), 3);
        for (x, y) in a.3.iter().zip(&b.3) {
            assert_eq!((x.0, x.1), (y.0, y.1));
            assert_eq!(x.2.to_bits(), y.2.to_bits());
        }
        // The virtual visits are in the counts: every child has at least 5.
        assert!(a.3.iter().all(|c| c.1 >= 5));
    }

    #[test]
    fn a_kept_subtree_is_searched_on_and_a_wrong_one_dropped() {
        let config = Config::default().seed(2).solver(false).reuse_tree(true);
        let mcts = Mcts::new(config, RandomRollout::default()).unwrap();
        let mut scratch = mcts.scratch();
        let limits = Limits::default().evaluations(2000);
        let root = (21, Side::First);
        mcts.search(&Nim, &mut scratch, &root, &limits);
        // After 1 and 2 are taken, the node of (18, First) is kept.
        let kept_visits = {
            let n = &scratch.nodes;
            let one = (n[0].first..n[0].first + n[0].count).find(|&c| n[c as usize].mv == Some(1));
            let one = &n[one.unwrap() as usize];
            let two = (one.first..one.first + one.count).find(|&c| n[c as usize].mv == Some(2));
            n[two.unwrap() as usize].visits
        };
        assert!(kept_visits > 10.0);
        assert!(scratch.reroot(&[1, 2]));
        assert!(scratch.nodes[0].mv.is_none());
        let r = mcts.search(&Nim, &mut scratch, &(18, Side::First), &limits);
        assert_eq!(r.stats.evaluations, 2000);
        assert_eq!(scratch.nodes[0].visits, kept_visits + 2000.0);
        // A move the tree does not have: nothing is kept.
        assert!(!scratch.reroot(&[7]));
        assert!(scratch.is_empty());
        // A kept tree whose root does not fit the state searched is dropped: (2, First)
        // has two moves where the kept root has three.
        mcts.search(&Nim, &mut scratch, &(18, Side::First), &limits);
        assert!(scratch.reroot(&[]));
        mcts.search(&Nim, &mut scratch, &(2, Side::First), &limits);
        assert_eq!(scratch.root_children().len(), 2);
        // Without reuse in the configuration, a kept tree is not used.
        let fresh = Mcts::new(config.reuse_tree(false), RandomRollout::default()).unwrap();
        assert!(scratch.reroot(&[]));
        fresh.search(&Nim, &mut scratch, &(18, Side::First), &limits);
        assert_eq!(scratch.nodes[0].visits, 2000.0);
    }

    #[test]
    fn rave_and_prior_settings_are_checked() {
        let bad = Mcts::new(Config::default().rave(-1.0), RandomRollout::default());
        assert_eq!(bad.err().map(|e| e.setting()), Some("mcts::Config::rave"));
        let bad = Mcts::new(Config::default().prior_visits(f64::NAN), RandomRollout::default());
        assert_eq!(bad.err().map(|e| e.setting()), Some("mcts::Config::prior_visits"));
        for (initial, growth) in [(0, 1.5), (3, 1.0), (3, 0.5), (3, f64::NAN), (3, f64::INFINITY)] {
            let bad =
                Mcts::new(Config::default().widening(initial, growth), RandomRollout::default());
            assert_eq!(bad.err().map(|e| e.setting()), Some("mcts::Config::widening"));
        }
    }

    /// One move out of twenty, then the game is over: the first player wins with move
    /// 19 only.
    struct Wide;

    impl Game for Wide {
        type State = (Option<u8>, Side);
        type Move = u8;
        type Undo = ();
        type Score = i32;

        fn moves(&self, s: &(Option<u8>, Side), out: &mut Vec<u8>) -> Option<Outcome<i32>> {
            match s.0 {
                // For the second player, to move after the first player's move.
                Some(m) => Some(if m == 19 { Outcome::Loss } else { Outcome::Win }),
                None => {
                    out.extend(0..20);
                    None
                }
            }
        }
        fn play(&self, s: &mut (Option<u8>, Side), m: u8) {
            *s = (Some(m), s.1.opponent());
        }
        fn undo(&self, _: &mut (Option<u8>, Side), _: u8, (): ()) {
            unreachable!("MCTS copies states")
        }
        fn side_to_move(&self, s: &(Option<u8>, Side)) -> Side {
            s.1
        }
    }

    /// Move 0 first, move 19 (the only win) last.
    struct Misleading;

    impl Priors<Wide> for Misleading {
        fn priors(&self, _: &Wide, _: &(Option<u8>, Side), moves: &[u8], out: &mut Vec<f64>) {
            out.clear();
            out.extend(moves.iter().map(|&m| 0.9 - 0.04 * f64::from(m)));
        }
    }

    #[test]
    fn widening_looks_at_the_best_priors_first_and_at_every_move_in_the_end() {
        let root = (None, Side::First);
        let run = |config: Config, evaluations: u64| {
            let mcts = Mcts::new(config, RandomRollout::default()).unwrap().with_priors(Misleading);
            let mut scratch = mcts.scratch();
            let r = mcts.search(
                &Wide,
                &mut scratch,
                &root,
                &Limits::default().evaluations(evaluations),
            );
            (r, scratch)
        };
        let plain = Config::default().seed(5).prior_visits(2.0).solver(false);
        let config = plain.widening(2, 1.5);
        // After 40 simulations the width is 2 + 1 + ⌊log₁.₅ 20⌋ = 10: the children are
        // stored by prior, and only the first ten have been visited.
        assert_eq!(config.width(40.0), 10);
        let (_, scratch) = run(config, 40);
        let nodes = &scratch.nodes;
        let kids = &nodes[nodes[0].first as usize..(nodes[0].first + nodes[0].count) as usize];
        let order: Vec<u8> = kids.iter().filter_map(|k| k.mv).collect();
        assert_eq!(order, (0..20).collect::<Vec<u8>>());
        let visited = |k: &MNode<u8>| k.visits > k.virtual_visits;
        assert!(kids[..10].iter().all(visited));
        assert!(!kids[10..].iter().any(visited));
        // Without widening every child gets its first visit at once.
        let (_, scratch) = run(plain, 40);
        let nodes = &scratch.nodes;
        let kids = &nodes[nodes[0].first as usize..(nodes[0].first + nodes[0].count) as usize];
        assert!(kids.iter().all(visited));
        // With enough simulations the width reaches move 19, which wins every time.
        let (r, _) = run(config, 6000);
        assert_eq!(r.best, Some(19));
        // With the solver, refuted children do not count against the width: the win is
        // found and proven after a few simulations.
        let (r, _) = run(config.solver(true), 100);
        assert_eq!(r.best, Some(19));
        assert_eq!(r.value, Value::Proven { side: Side::First, wins: true });
    }
}
