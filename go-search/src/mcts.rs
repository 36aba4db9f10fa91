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

use std::sync::Mutex;
use std::time::Instant;

use crate::error::{ConfigError, non_negative};
use crate::eval::{Candidates, Priors, Rollout, candidate_moves, outcome_reward};
use crate::game::{Game, Outcome};
use crate::limits::{Budget, Limits, Shared};
use crate::observe::{Observer, Snapshot};
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
}

impl Default for Config {
    /// UCT with `c = √2`, seed 0, expansion on the first visit, the solver on, one
    /// thread, virtual loss 1.
    fn default() -> Config {
        Config {
            exploration: std::f64::consts::SQRT_2,
            seed: 0,
            expand_after: 0,
            solver: true,
            threads: 1,
            virtual_loss: 1.0,
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

    /// Checks the settings.
    fn validate(&self) -> Result<(), ConfigError> {
        non_negative("mcts::Config::exploration", self.exploration)?;
        non_negative("mcts::Config::virtual_loss", self.virtual_loss)?;
        if self.threads == 0 {
            return Err(ConfigError::new("mcts::Config::threads", 0, "at least 1 thread"));
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
}

/// Reusable working memory of [`Mcts`]: the tree.
#[derive(Debug)]
pub struct Scratch<M> {
    nodes: Vec<MNode<M>>,
}

impl<M: Copy> Scratch<M> {
    /// An empty tree.
    pub fn new() -> Scratch<M> {
        Scratch { nodes: Vec::new() }
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
            path: Vec::new(),
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
    path: Vec<u32>,
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
            let reward = match leaf {
                Leaf::Proven(p) => p.reward(),
                Leaf::Open => {
                    self.stats.evaluations += 1;
                    let r = self.rollout.rollout(self.game, &mut state, &mut self.rng);
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
                if tree[index as usize].visits - vl < f64::from(self.config.expand_after)
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
        for (i, &mv) in self.moves.iter().enumerate() {
            let prior = if valid { self.weights[i] / total } else { uniform };
            tree.push(MNode {
                mv: Some(mv),
                first: 0,
                count: 0,
                visits: 0.0,
                reward: 0.0,
                prior,
                proof: None,
                expanded: false,
            });
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
        let puct = self.priors.enabled();
        let mut best = n.first;
        let mut best_score = f64::NEG_INFINITY;
        // A random start breaks ties without bias.
        let offset = self.rng.below(u64::from(n.count)) as u32;
        for k in 0..n.count {
            let i = n.first + (k + offset) % n.count;
            let child = &tree[i as usize];
            let score = match child.proof.filter(|_| self.config.solver) {
                // The child's side to move loses: a win for us.
                Some(Proof::Loss) => f64::INFINITY,
                Some(Proof::Win) => -1.0,
                _ if puct => mean(child) + c * child.prior * sqrt_n / (1.0 + child.visits),
                _ if child.visits == 0.0 => f64::MAX,
                _ => mean(child) + c * (log_n / child.visits).sqrt(),
            };
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// Adds `reward` (for the leaf's side to move) along the path, removes the virtual
    /// loss, and propagates proofs.
    fn back_up(&mut self, tree: &mut [MNode<G::Move>], reward: f64) {
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

/// The current opinion of the tree: the best root move and its win rate.
fn snapshot<M: Copy, S>(nodes: &[MNode<M>], depth: u32) -> Snapshot<M, S> {
    match best_line(nodes) {
        Some((best, pv)) => {
            let best_node = &nodes[best as usize];
            Snapshot { best: best_node.mv, value: Value::WinRate(mean(best_node)), pv, depth }
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
        nodes.clear();
        nodes.push(MNode {
            mv: None,
            first: 0,
            count: 0,
            visits: 0.0,
            reward: 0.0,
            prior: 1.0,
            proof: None,
            expanded: false,
        });
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
            stop = stop.or(st.filter(|r| *r != Stop::Flag));
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
