//! The alpha-beta family: negamax with alpha-beta pruning, iterative deepening, a
//! transposition table, move ordering (table move, killers, history), PVS, aspiration
//! windows, MTD(f), quiescence and null-move pruning, serial or parallel.
//!
//! Every enhancement is a [`Config`] switch, so node counts can be compared with and
//! without it. All of them except null-move pruning and quiescence leave the root
//! value unchanged: it equals [`Minimax`](crate::Minimax) at the same depth.

use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

use crate::eval::{Evaluator, MoveOrder, NoisyMoves};
use crate::game::{Game, Outcome};
use crate::limits::{Budget, Limits};
use crate::report::{Report, Stats, Stop, Value};
use crate::score::{MAX_PLY, Score};
use crate::searcher::Searcher;
use crate::tt::{Bound, COMPLETE, Entry, NoTable, TableAccess, TranspositionTable};

pub use crate::tt::Replacement;

/// Options of [`AlphaBeta`]. The default is a modern serial search: iterative deepening,
/// a 2^16-entry two-tier table, PVS, killers and history; no aspiration, MTD(f),
/// quiescence or null move.
///
/// # Examples
/// ```
/// use go_search::alphabeta::{Config, Replacement};
/// // Plain alpha-beta: no table, no iterative deepening, no ordering heuristics.
/// let plain = Config::plain();
/// assert!(!plain.is_iterative());
/// // The default, with MTD(f) and a bigger depth-preferred table.
/// let mtdf = Config::default().mtdf(true).table(1 << 20, Replacement::DepthPreferred);
/// assert!(mtdf.is_mtdf());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    iterative: bool,
    table_entries: usize,
    replacement: Replacement,
    pub(crate) pvs: bool,
    aspiration: Option<f64>,
    mtdf: bool,
    killers: bool,
    history: bool,
    quiescence_depth: u32,
    null_move_reduction: Option<u32>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            iterative: true,
            table_entries: 1 << 16,
            replacement: Replacement::TwoTier,
            pvs: true,
            aspiration: None,
            mtdf: false,
            killers: true,
            history: true,
            quiescence_depth: 0,
            null_move_reduction: None,
        }
    }
}

impl Config {
    /// The default configuration.
    pub fn new() -> Config {
        Config::default()
    }

    /// Plain fail-soft alpha-beta: one search to the depth limit, no table, no PVS, no
    /// killers, no history.
    pub fn plain() -> Config {
        Config {
            iterative: false,
            table_entries: 0,
            pvs: false,
            killers: false,
            history: false,
            ..Config::default()
        }
    }

    /// Iterative deepening: search depth 1, 2, … up to the limit (default on).
    #[must_use]
    pub fn iterative(mut self, on: bool) -> Config {
        self.iterative = on;
        self
    }

    /// A transposition table of about `entries` entries (rounded down to a power of
    /// two; 0 = none) with the given replacement policy. Needs [`Game::hash`].
    #[must_use]
    pub fn table(mut self, entries: usize, replacement: Replacement) -> Config {
        self.table_entries = entries;
        self.replacement = replacement;
        self
    }

    /// Principal variation search: null windows after the first move (default on).
    #[must_use]
    pub fn pvs(mut self, on: bool) -> Config {
        self.pvs = on;
        self
    }

    /// Aspiration windows of half-width `width` around the previous iteration's value
    /// (widened on failure). `None` = full window (default).
    #[must_use]
    pub fn aspiration(mut self, width: Option<f64>) -> Config {
        self.aspiration = width.filter(|w| *w > 0.0);
        self
    }

    /// MTD(f): each iteration is a series of null-window searches (default off).
    /// Best with a table and a coarse evaluation.
    #[must_use]
    pub fn mtdf(mut self, on: bool) -> Config {
        self.mtdf = on;
        self
    }

    /// Two killer moves per ply (default on).
    #[must_use]
    pub fn killers(mut self, on: bool) -> Config {
        self.killers = on;
        self
    }

    /// The history heuristic (default on; needs [`Game::move_index`]).
    #[must_use]
    pub fn history(mut self, on: bool) -> Config {
        self.history = on;
        self
    }

    /// Quiescence search of up to `plies` noisy moves beyond the horizon (default 0).
    /// Needs a [`NoisyMoves`] hook, see [`AlphaBeta::with_noisy_moves`].
    #[must_use]
    pub fn quiescence(mut self, plies: u32) -> Config {
        self.quiescence_depth = plies;
        self
    }

    /// Null-move pruning with depth reduction `r` (default off; needs
    /// [`Game::null_move`]). Selective: it can change the root value.
    #[must_use]
    pub fn null_move(mut self, r: Option<u32>) -> Config {
        self.null_move_reduction = r;
        self
    }

    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(crate) fn table_entries(&self) -> usize {
        self.table_entries
    }

    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(crate) fn replacement(&self) -> Replacement {
        self.replacement
    }

    /// Whether iterative deepening is on.
    pub fn is_iterative(&self) -> bool {
        self.iterative
    }

    /// Whether the history heuristic is on.
    pub fn is_history(&self) -> bool {
        self.history
    }

    /// Whether MTD(f) is on.
    pub fn is_mtdf(&self) -> bool {
        self.mtdf
    }

    /// Whether the configuration only uses value-preserving enhancements.
    pub fn is_exact(&self) -> bool {
        self.null_move_reduction.is_none() && self.quiescence_depth == 0
    }
}

/// History scores (relaxed atomics: a table can be read while its thread writes it).
#[derive(Debug, Default)]
pub(crate) struct History {
    scores: Vec<AtomicU32>,
    used: AtomicUsize,
}

/// Size of the history table: move indices at or above it are ignored.
const HISTORY_SIZE: usize = 1 << 16;

impl History {
    pub(crate) fn prepare(&mut self, on: bool) {
        if !on {
            return;
        }
        if self.scores.is_empty() {
            self.scores = (0..HISTORY_SIZE).map(|_| AtomicU32::new(0)).collect();
        }
        // Age the scores of the previous search.
        let used = (*self.used.get_mut()).min(HISTORY_SIZE);
        for s in &mut self.scores[..used] {
            *s.get_mut() /= 8;
        }
    }

    fn clear(&mut self) {
        self.scores.iter_mut().for_each(|s| *s.get_mut() = 0);
        *self.used.get_mut() = 0;
    }

    fn get(&self, i: usize) -> u32 {
        self.scores.get(i).map_or(0, |s| s.load(Ordering::Relaxed))
    }

    fn reward(&self, i: usize, depth: u32) {
        if let Some(s) = self.scores.get(i) {
            let bonus = depth.saturating_mul(depth).min(1 << 20);
            s.store(s.load(Ordering::Relaxed).saturating_add(bonus), Ordering::Relaxed);
            if self.used.load(Ordering::Relaxed) <= i {
                self.used.fetch_max(i + 1, Ordering::Relaxed);
            }
        }
    }
}

/// Per-thread buffers, indexed by ply.
#[derive(Debug)]
pub(crate) struct Local<M> {
    moves: Vec<Vec<M>>,
    killers: Vec<[Option<M>; 2]>,
    pub(crate) pv: Vec<Vec<M>>,
    /// History scores of the moves being ordered.
    keyed: Vec<(u32, M)>,
}

impl<M: Copy> Local<M> {
    pub(crate) fn new() -> Local<M> {
        Local { moves: Vec::new(), killers: Vec::new(), pv: Vec::new(), keyed: Vec::new() }
    }

    fn ensure(&mut self, ply: usize) {
        while self.moves.len() <= ply + 1 {
            self.moves.push(Vec::new());
            self.killers.push([None, None]);
            self.pv.push(Vec::new());
        }
    }

    fn reset(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        self.pv.iter_mut().for_each(Vec::clear);
    }

    /// Starts a task with the killer moves of the task that spawned it.
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(crate) fn inherit_killers(&mut self, parent: &Local<M>) {
        self.killers.clear();
        self.killers.extend_from_slice(&parent.killers);
        while self.moves.len() < self.killers.len() {
            self.moves.push(Vec::new());
            self.pv.push(Vec::new());
        }
        self.killers.resize(self.moves.len(), [None, None]);
    }

    /// `pv[ply] = mv + pv[ply + 1]`.
    pub(crate) fn update_pv(&mut self, ply: usize, mv: M) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }
}

/// Reusable working memory of [`AlphaBeta`]: table, killers, history, move buffers.
#[derive(Debug)]
pub struct Scratch<M, S> {
    table: Option<TranspositionTable<M, S>>,
    #[cfg(feature = "rayon")]
    pub(crate) shared: Option<crate::tt::SharedTable<M, S>>,
    #[cfg(feature = "rayon")]
    pub(crate) pool: Option<(usize, rayon::ThreadPool)>,
    pub(crate) local: Local<M>,
    pub(crate) history: History,
    /// One history table per thread of a parallel search (shared lines would bounce).
    #[cfg(feature = "rayon")]
    pub(crate) thread_histories: Vec<History>,
    /// Per-thread pools of buffers for the tasks of a parallel search.
    #[cfg(feature = "rayon")]
    pub(crate) thread_locals: Vec<std::sync::Mutex<Vec<Local<M>>>>,
}

impl<M: Copy, S: Copy> Scratch<M, S> {
    pub(crate) fn new(config: &Config) -> Scratch<M, S> {
        Scratch {
            table: (config.table_entries > 0)
                .then(|| TranspositionTable::new(config.table_entries, config.replacement)),
            #[cfg(feature = "rayon")]
            shared: None,
            #[cfg(feature = "rayon")]
            pool: None,
            local: Local::new(),
            history: History::default(),
            #[cfg(feature = "rayon")]
            thread_histories: Vec::new(),
            #[cfg(feature = "rayon")]
            thread_locals: Vec::new(),
        }
    }

    pub(crate) fn prepare(&mut self, config: &Config) {
        if let Some(t) = &mut self.table {
            t.next_generation();
        }
        self.local.reset();
        self.history.prepare(config.history);
    }

    /// Forgets everything learnt by earlier searches (table entries, history, killers)
    /// but keeps the memory and threads, so that the next search starts cold without
    /// allocating. Searches normally keep what they learnt; benchmarks clear it.
    pub fn clear(&mut self) {
        if let Some(t) = &mut self.table {
            t.clear();
        }
        #[cfg(feature = "rayon")]
        if let Some(t) = &mut self.shared {
            t.clear();
        }
        self.local.reset();
        self.history.clear();
        #[cfg(feature = "rayon")]
        self.thread_histories.iter_mut().for_each(History::clear);
    }
}

/// Alpha-beta search with the enhancements of [`Config`].
///
/// `E` evaluates positions at the horizon; `O` and `Q` are the optional move-ordering
/// and quiescence hooks (`()` = none). The depth comes from [`Limits::depth`]; without
/// one the search deepens until the game is solved, another limit stops it, or it
/// reaches [`MAX_PLY`].
///
/// # Examples
/// ```
/// use go_search::alphabeta::Config;
/// use go_search::{AlphaBeta, Evaluator, Game, Limits, Minimax, Outcome, Searcher, Side};
/// # struct Nim;
/// # impl Game for Nim {
/// #     type State = (u32, Side); type Move = u32; type Undo = (); type Score = i32;
/// #     fn moves(&self, s: &(u32, Side), out: &mut Vec<u32>) -> Option<Outcome<i32>> {
/// #         if s.0 == 0 { return Some(Outcome::Loss); }
/// #         out.extend((1..=3).filter(|&n| n <= s.0)); None
/// #     }
/// #     fn play(&self, s: &mut (u32, Side), n: u32) { *s = (s.0 - n, s.1.opponent()); }
/// #     fn undo(&self, s: &mut (u32, Side), n: u32, _: ()) { *s = (s.0 + n, s.1.opponent()); }
/// #     fn side_to_move(&self, s: &(u32, Side)) -> Side { s.1 }
/// #     fn hash(&self, s: &(u32, Side)) -> Option<u64> { Some(u64::from(s.0) * 2 + (s.1 == Side::Second) as u64) }
/// # }
/// struct Zero;
/// impl Evaluator<Nim> for Zero {
///     fn evaluate(&self, _: &Nim, _: &(u32, Side)) -> i32 { 0 }
/// }
/// let root = (21, Side::First);
/// let ab = AlphaBeta::new(Config::default(), Zero);
/// let mut scratch = ab.scratch();
/// let report = ab.search(&Nim, &mut scratch, &root, &Limits::default());
/// let oracle = Minimax::new(Zero).search(&Nim, &mut (), &root, &Limits::default());
/// assert_eq!(report.value, oracle.value);
/// assert!(report.solved);
/// assert!(report.stats.nodes < oracle.stats.nodes);
/// ```
#[derive(Clone, Debug)]
pub struct AlphaBeta<E, O = (), Q = ()> {
    config: Config,
    eval: E,
    order: O,
    noisy: Q,
}

impl<E> AlphaBeta<E> {
    /// A searcher with `config` and the evaluator `eval`.
    pub fn new(config: Config, eval: E) -> AlphaBeta<E> {
        AlphaBeta { config, eval, order: (), noisy: () }
    }
}

impl<E, O, Q> AlphaBeta<E, O, Q> {
    /// Adds a move-ordering hook, applied before the table move and killers.
    pub fn with_move_order<O2>(self, order: O2) -> AlphaBeta<E, O2, Q> {
        AlphaBeta { config: self.config, eval: self.eval, order, noisy: self.noisy }
    }

    /// Adds the noisy-move generator used by quiescence search.
    pub fn with_noisy_moves<Q2>(self, noisy: Q2) -> AlphaBeta<E, O, Q2> {
        AlphaBeta { config: self.config, eval: self.eval, order: self.order, noisy }
    }

    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(crate) fn parts(&self) -> (&E, &O, &Q) {
        (&self.eval, &self.order, &self.noisy)
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Fresh scratch space (the table is allocated here, once).
    pub fn scratch<M: Copy, S: Copy>(&self) -> Scratch<M, S> {
        Scratch::new(&self.config)
    }

    /// Searches with `threads` threads (Young Brothers Wait on rayon), splitting at
    /// nodes with at least `split_depth` plies to go.
    #[cfg(feature = "rayon")]
    pub fn parallel(self, threads: usize, split_depth: u32) -> crate::ParallelAlphaBeta<E, O, Q> {
        crate::ParallelAlphaBeta::new(self, threads, split_depth)
    }
}

/// A cancellation flag of a parallel split point, chained to its ancestors.
#[derive(Debug, Default)]
pub(crate) struct AbortNode<'p> {
    pub(crate) flag: std::sync::atomic::AtomicBool,
    pub(crate) parent: Option<&'p AbortNode<'p>>,
}

impl AbortNode<'_> {
    pub(crate) fn is_set(&self) -> bool {
        let mut node = Some(self);
        while let Some(n) = node {
            if n.flag.load(Ordering::Relaxed) {
                return true;
            }
            node = n.parent;
        }
        false
    }
}

/// The result of the iterative driver.
pub(crate) struct Progress<M, S> {
    value: Option<S>,
    best: Option<M>,
    pv: Vec<M>,
    depth: u32,
    solved: bool,
}

/// How [`Engine::open`] left a node.
pub(crate) enum Opened<M, S> {
    /// The node is decided (`None`: the search was stopped).
    Done(Option<S>),
    /// The moves are generated: search them.
    Expand { key: Option<u64>, tt_move: Option<M> },
}

/// The alpha-beta window of a node being expanded, and its best result so far.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Window<M, S> {
    pub(crate) alpha: S,
    pub(crate) alpha_orig: S,
    pub(crate) beta: S,
    pub(crate) best: S,
    pub(crate) best_move: M,
}

impl<M, S: Score> Window<M, S> {
    pub(crate) fn new(alpha: S, beta: S, first: M) -> Window<M, S> {
        Window { alpha, alpha_orig: alpha, beta, best: -S::INFINITY, best_move: first }
    }
}

/// The value, best move and principal variation of one iteration.
type Iteration<M, S> = (S, Option<M>, Vec<M>);

/// One thread's search: the recursive negamax and the iterative driver.
pub(crate) struct Engine<'a, G: Game, E, O, Q, T> {
    pub(crate) game: &'a G,
    pub(crate) eval: &'a E,
    pub(crate) order: &'a O,
    pub(crate) noisy: &'a Q,
    pub(crate) cfg: &'a Config,
    pub(crate) table: T,
    pub(crate) history: &'a History,
    /// Parallel search: the history table of each thread (empty when serial).
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(crate) histories: &'a [History],
    /// Parallel search: buffers for helper tasks, per thread (empty when serial).
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(crate) locals: &'a [std::sync::Mutex<Vec<Local<G::Move>>>],
    pub(crate) local: Local<G::Move>,
    pub(crate) budget: Budget<'a>,
    pub(crate) stats: Stats,
    /// Whether a horizon (evaluation, incomplete table entry, pruning) cut the search.
    pub(crate) horizon: bool,
    pub(crate) root_best: Option<G::Move>,
    pub(crate) abort: Option<&'a AbortNode<'a>>,
    pub(crate) aborted: bool,
    /// Work of the helper tasks this engine spawned (parallel search).
    pub(crate) helpers: Stats,
    /// Parallel search: split at nodes with at least this many plies to go.
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(crate) split_depth: u32,
}

/// How the root of one iteration is searched (serially or in parallel).
type RootFn<'r, Eng, St, S> = dyn FnMut(&mut Eng, &mut St, u32, S, S) -> Option<S> + 'r;

impl<'a, G, E, O, Q, T> Engine<'a, G, E, O, Q, T>
where
    G: Game,
    E: Evaluator<G>,
    O: MoveOrder<G>,
    Q: NoisyMoves<G>,
    T: TableAccess<G::Move, G::Score>,
{
    /// Counts a node and checks the limits; `true` = stop.
    #[inline]
    pub(crate) fn enter(&mut self, ply: u32) -> bool {
        self.stats.nodes += 1;
        if ply > self.stats.max_depth {
            self.stats.max_depth = ply;
        }
        if self.aborted || self.budget.exhausted(&self.stats) {
            return true;
        }
        if let Some(a) = self.abort
            && self.stats.nodes.is_multiple_of(64)
            && a.is_set()
        {
            self.aborted = true;
            return true;
        }
        if ply >= MAX_PLY {
            self.budget.halt(Stop::MaxPly);
            return true;
        }
        self.local.ensure(ply as usize);
        self.local.pv[ply as usize].clear();
        false
    }

    /// Probes the table. Returns the table move and, if the entry decides the node for
    /// the window `(alpha, beta)`, its value.
    #[inline]
    pub(crate) fn probe(
        &mut self,
        key: Option<u64>,
        ply: u32,
        depth: u32,
        alpha: G::Score,
        beta: G::Score,
    ) -> (Option<G::Move>, Option<G::Score>) {
        let Some(key) = key else { return (None, None) };
        self.stats.tt_probes += 1;
        let Some(e) = self.table.probe(key) else { return (None, None) };
        self.stats.tt_hits += 1;
        if ply == 0 || u32::from(e.depth) < depth {
            return (e.mv, None);
        }
        let v = e.score.to_root(ply);
        let cut = match e.bound {
            Bound::Exact => true,
            Bound::Lower => v >= beta,
            Bound::Upper => v <= alpha,
        };
        if !cut {
            return (e.mv, None);
        }
        self.stats.tt_cutoffs += 1;
        if e.depth != COMPLETE {
            self.horizon = true;
        }
        (e.mv, Some(v))
    }

    /// Stores a result (`complete` = no horizon below).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store(
        &mut self,
        key: Option<u64>,
        ply: u32,
        depth: u32,
        complete: bool,
        best: G::Score,
        best_move: G::Move,
        alpha: G::Score,
        beta: G::Score,
    ) {
        let Some(key) = key else { return };
        let bound = if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let generation = self.table.generation();
        self.table.store(Entry {
            key,
            mv: Some(best_move),
            score: best.to_node(ply),
            depth: if complete { COMPLETE } else { depth.min(u32::from(COMPLETE) - 1) as u16 },
            bound,
            generation,
        });
    }

    /// The table key of `state`, if there is a table and a hash.
    #[inline]
    pub(crate) fn key(&self, state: &G::State) -> Option<u64> {
        if self.table.enabled() { self.game.hash(state) } else { None }
    }

    /// Orders `moves`: the hook, then history, killers and the table move in front.
    pub(crate) fn order_moves(
        &mut self,
        state: &G::State,
        moves: &mut [G::Move],
        ply: u32,
        tt_move: Option<G::Move>,
    ) {
        self.order.order(self.game, state, moves);
        if self.cfg.history && !self.history.scores.is_empty() {
            let mut keyed = std::mem::take(&mut self.local.keyed);
            keyed.clear();
            keyed.extend(
                moves
                    .iter()
                    .map(|&m| (self.game.move_index(m).map_or(0, |i| self.history.get(i)), m)),
            );
            if keyed.iter().any(|&(k, _)| k != 0) {
                // Stable insertion sort, best first: move lists are short.
                for i in 1..keyed.len() {
                    let mut j = i;
                    while j > 0 && keyed[j - 1].0 < keyed[j].0 {
                        keyed.swap(j - 1, j);
                        j -= 1;
                    }
                }
                for (slot, &(_, m)) in moves.iter_mut().zip(keyed.iter()) {
                    *slot = m;
                }
            }
            self.local.keyed = keyed;
        }
        if self.cfg.killers {
            let [k0, k1] = self.local.killers[ply as usize];
            for k in [k1, k0].into_iter().flatten() {
                move_to_front(moves, k);
            }
        }
        if let Some(m) = tt_move {
            move_to_front(moves, m);
        }
    }

    /// Prefetches the table entries of the children reached by `moves` (as far as the
    /// game can hash them without playing), when they will probe the table.
    pub(crate) fn prefetch_children(&self, state: &G::State, moves: &[G::Move], depth: u32) {
        if depth < 2 || !self.table.enabled() {
            return;
        }
        for &mv in moves {
            let Some(key) = self.game.hash_after(state, mv) else { return };
            self.table.prefetch(key);
        }
    }

    /// Records a move that caused a cutoff.
    pub(crate) fn reward(&mut self, mv: G::Move, ply: u32, depth: u32) {
        if self.cfg.killers {
            let k = &mut self.local.killers[ply as usize];
            if k[0] != Some(mv) {
                *k = [Some(mv), k[0]];
            }
        }
        if self.cfg.history
            && let Some(i) = self.game.move_index(mv)
        {
            self.history.reward(i, depth);
        }
    }

    /// Searches one child of a node with `search`, with a null window first when
    /// `null_window_first` (PVS) and a re-search if it fails high inside the window.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn child(
        &mut self,
        search: impl Fn(&mut Self, &mut G::State, u32, u32, G::Score, G::Score) -> Option<G::Score>,
        state: &mut G::State,
        ply: u32,
        depth: u32,
        alpha: G::Score,
        beta: G::Score,
        null_window_first: bool,
    ) -> Option<G::Score> {
        if null_window_first && alpha.next_up() < beta {
            let probe = -search(self, state, ply + 1, depth - 1, -alpha.next_up(), -alpha)?;
            if probe <= alpha || probe >= beta {
                return Some(probe);
            }
            self.stats.researches += 1;
        }
        Some(-search(self, state, ply + 1, depth - 1, -beta, -alpha)?)
    }

    /// [`Engine::node`] for a child reached by a real move.
    fn serial(
        &mut self,
        state: &mut G::State,
        ply: u32,
        depth: u32,
        alpha: G::Score,
        beta: G::Score,
    ) -> Option<G::Score> {
        self.node(state, ply, depth, alpha, beta, true)
    }

    /// Negamax with alpha-beta pruning (fail-soft). `None` = the search was stopped.
    pub(crate) fn node(
        &mut self,
        state: &mut G::State,
        ply: u32,
        depth: u32,
        alpha: G::Score,
        beta: G::Score,
        null_ok: bool,
    ) -> Option<G::Score> {
        if depth == 0 && self.cfg.quiescence_depth == 0 {
            return self.leaf(state, ply);
        }
        let mut moves = match self.local.moves.get_mut(ply as usize) {
            Some(buf) => std::mem::take(buf),
            None => Vec::new(),
        };
        moves.clear();
        let result = match self.open(state, &mut moves, ply, depth, alpha, beta) {
            Opened::Done(v) => v,
            Opened::Expand { key, tt_move } => {
                self.expand(state, &mut moves, key, tt_move, ply, depth, alpha, beta, null_ok)
            }
        };
        if let Some(buf) = self.local.moves.get_mut(ply as usize) {
            *buf = moves;
        }
        result
    }

    /// A node at the horizon without quiescence: the outcome if the game is over, else
    /// the evaluation (no table, no moves).
    fn leaf(&mut self, state: &G::State, ply: u32) -> Option<G::Score> {
        if self.enter(ply) {
            return None;
        }
        if let Some(outcome) = self.game.outcome(state, &mut self.local.moves[ply as usize]) {
            return Some(outcome.value(ply));
        }
        Some(self.stand(state))
    }

    /// The static evaluation at the horizon (which marks the result as cut by it).
    fn stand(&mut self, state: &G::State) -> G::Score {
        self.horizon = true;
        self.stats.evaluations += 1;
        self.eval.evaluate(self.game, state).clamp_eval()
    }

    /// What every node does first: count it, check the limits, probe the table and
    /// generate the moves (into `moves`). Finished games and table cutoffs are done.
    pub(crate) fn open(
        &mut self,
        state: &mut G::State,
        moves: &mut Vec<G::Move>,
        ply: u32,
        depth: u32,
        alpha: G::Score,
        beta: G::Score,
    ) -> Opened<G::Move, G::Score> {
        if self.enter(ply) {
            return Opened::Done(None);
        }
        let key = if depth > 0 { self.key(state) } else { None };
        let (tt_move, cut) = self.probe(key, ply, depth, alpha, beta);
        if cut.is_some() {
            return Opened::Done(cut);
        }
        // At the horizon only the outcome matters: the moves are not generated.
        let over = if depth == 0 {
            self.game.outcome(state, moves)
        } else {
            match self.game.moves(state, moves) {
                None if moves.is_empty() => Some(Outcome::Draw),
                over => over,
            }
        };
        match over {
            Some(outcome) => Opened::Done(Some(outcome.value(ply))),
            None => Opened::Expand { key, tt_move },
        }
    }

    /// Takes the value `v` of child `mv` into account; `true` on a beta cutoff.
    #[inline]
    pub(crate) fn consider(
        &mut self,
        w: &mut Window<G::Move, G::Score>,
        v: G::Score,
        mv: G::Move,
        ply: u32,
        depth: u32,
    ) -> bool {
        if v > w.best {
            w.best = v;
            w.best_move = mv;
            if ply == 0 {
                self.root_best = Some(mv);
            }
            if v > w.alpha {
                w.alpha = v;
                self.local.update_pv(ply as usize, mv);
            }
        }
        if w.alpha >= w.beta {
            self.reward(mv, ply, depth);
            return true;
        }
        false
    }

    /// Stores the result of an expanded node and restores the caller's horizon flag.
    pub(crate) fn close(
        &mut self,
        w: &Window<G::Move, G::Score>,
        key: Option<u64>,
        ply: u32,
        depth: u32,
        outer_horizon: bool,
    ) -> G::Score {
        let complete = !self.horizon;
        self.horizon |= outer_horizon;
        self.store(key, ply, depth, complete, w.best, w.best_move, w.alpha_orig, w.beta);
        w.best
    }

    #[allow(clippy::too_many_arguments)]
    fn expand(
        &mut self,
        state: &mut G::State,
        moves: &mut Vec<G::Move>,
        key: Option<u64>,
        tt_move: Option<G::Move>,
        ply: u32,
        depth: u32,
        alpha: G::Score,
        beta: G::Score,
        null_ok: bool,
    ) -> Option<G::Score> {
        if depth == 0 {
            moves.clear();
            return self.horizon_value(state, moves, ply, self.cfg.quiescence_depth, alpha, beta);
        }
        if null_ok && let Some(v) = self.null_move(state, ply, depth, alpha, beta) {
            return v;
        }
        let outer_horizon = std::mem::replace(&mut self.horizon, false);
        self.stats.interior_nodes += 1;
        self.stats.expansions += 1;
        self.order_moves(state, moves, ply, tt_move);
        // Prefetch two children ahead: most nodes cut off after the first child or
        // two, and prefetching every child at once measured ~4% slower with killers and
        // history (the parallel search, which starts the younger brothers together,
        // prefetches them all).
        self.prefetch_children(state, &moves[..moves.len().min(2)], depth);
        let mut w = Window::new(alpha, beta, moves[0]);
        for (i, &mv) in moves.iter().enumerate() {
            if let Some(next) = moves.get(i + 2) {
                self.prefetch_children(state, core::slice::from_ref(next), depth);
            }
            let undo = self.game.play(state, mv);
            let v =
                self.child(Self::serial, state, ply, depth, w.alpha, beta, self.cfg.pvs && i > 0);
            self.game.undo(state, mv, undo);
            let Some(v) = v else {
                self.horizon |= outer_horizon;
                return None;
            };
            if self.consider(&mut w, v, mv, ply, depth) {
                break;
            }
        }
        Some(self.close(&w, key, ply, depth, outer_horizon))
    }

    /// Null-move pruning: `Some(Some(v))` prunes with `v`, `Some(None)` = stopped.
    fn null_move(
        &mut self,
        state: &mut G::State,
        ply: u32,
        depth: u32,
        alpha: G::Score,
        beta: G::Score,
    ) -> Option<Option<G::Score>> {
        let r = self.cfg.null_move_reduction?;
        if depth <= r || alpha.next_up() != beta || beta.is_decisive() {
            return None;
        }
        let mv = self.game.null_move(state)?;
        self.stats.evaluations += 1;
        if self.eval.evaluate(self.game, state).clamp_eval() < beta {
            return None;
        }
        let undo = self.game.play(state, mv);
        let v = self.node(state, ply + 1, depth - 1 - r, -beta, -alpha, false).map(|v| -v);
        self.game.undo(state, mv, undo);
        match v {
            None => Some(None),
            Some(v) if v >= beta => {
                self.horizon = true;
                Some(Some(beta))
            }
            Some(_) => None,
        }
    }

    /// The value at the horizon: the evaluation, refined by quiescence search.
    fn horizon_value(
        &mut self,
        state: &mut G::State,
        buf: &mut Vec<G::Move>,
        ply: u32,
        qdepth: u32,
        mut alpha: G::Score,
        beta: G::Score,
    ) -> Option<G::Score> {
        let stand = self.stand(state);
        if qdepth == 0 || stand >= beta {
            return Some(stand);
        }
        self.noisy.noisy_moves(self.game, state, buf);
        if buf.is_empty() {
            return Some(stand);
        }
        self.stats.interior_nodes += 1;
        let mut best = stand;
        alpha = alpha.max(stand);
        for &mv in buf.iter() {
            let undo = self.game.play(state, mv);
            let v = self.quiesce(state, ply + 1, qdepth - 1, -beta, -alpha).map(|v| -v);
            self.game.undo(state, mv, undo);
            let v = v?;
            if v > best {
                best = v;
                alpha = alpha.max(v);
            }
            if alpha >= beta {
                break;
            }
        }
        Some(best)
    }

    fn quiesce(
        &mut self,
        state: &mut G::State,
        ply: u32,
        qdepth: u32,
        alpha: G::Score,
        beta: G::Score,
    ) -> Option<G::Score> {
        if self.enter(ply) {
            return None;
        }
        let mut buf = std::mem::take(&mut self.local.moves[ply as usize]);
        buf.clear();
        let result = match self.game.outcome(state, &mut buf) {
            Some(outcome) => Some(outcome.value(ply)),
            None => {
                buf.clear();
                self.horizon_value(state, &mut buf, ply, qdepth, alpha, beta)
            }
        };
        self.local.moves[ply as usize] = buf;
        result
    }

    /// Searches the root in the window `(alpha, beta)`.
    fn root_window(
        &mut self,
        state: &mut G::State,
        depth: u32,
        alpha: G::Score,
        beta: G::Score,
        root: &mut RootFn<'_, Self, G::State, G::Score>,
    ) -> Option<G::Score> {
        self.root_best = None;
        root(self, state, depth, alpha, beta)
    }

    /// One iteration with aspiration windows around `guess`.
    fn aspiration(
        &mut self,
        state: &mut G::State,
        depth: u32,
        guess: G::Score,
        width: f64,
        root: &mut RootFn<'_, Self, G::State, G::Score>,
    ) -> Option<G::Score> {
        let g = guess.to_f64();
        let (mut down, mut up) = (width, width);
        loop {
            let alpha = window_end(g - down, false);
            let beta = window_end(g + up, true);
            let v = self.root_window(state, depth, alpha, beta, root)?;
            if v <= alpha && alpha > -G::Score::INFINITY {
                down *= 4.0;
            } else if v >= beta && beta < G::Score::INFINITY {
                up *= 4.0;
            } else {
                return Some(v);
            }
            self.stats.researches += 1;
        }
    }

    /// One iteration of MTD(f) starting from `guess`.
    fn mtdf(
        &mut self,
        state: &mut G::State,
        depth: u32,
        mut g: G::Score,
        root: &mut RootFn<'_, Self, G::State, G::Score>,
    ) -> Option<Iteration<G::Move, G::Score>> {
        let mut lower = -G::Score::INFINITY;
        let mut upper = G::Score::INFINITY;
        let mut best = None;
        let mut pv = Vec::new();
        let mut passes = 0u64;
        while lower < upper {
            let beta = if g == lower { g.next_up() } else { g };
            g = self.root_window(state, depth, beta.next_down(), beta, root)?;
            passes += 1;
            if g < beta {
                upper = g;
            } else {
                lower = g;
                best = self.root_best;
                pv.clone_from(&self.local.pv[0]);
            }
        }
        self.stats.researches += passes.saturating_sub(1);
        Some((g, best, pv))
    }

    /// Iterative deepening (or a single search) up to `max_depth`.
    pub(crate) fn iterate(
        &mut self,
        state: &mut G::State,
        max_depth: u32,
        root: &mut RootFn<'_, Self, G::State, G::Score>,
    ) -> Progress<G::Move, G::Score> {
        let mut done =
            Progress { value: None, best: None, pv: Vec::new(), depth: 0, solved: false };
        let first = if self.cfg.iterative { 1.min(max_depth) } else { max_depth };
        for depth in first..=max_depth {
            let before = self.stats.nodes + self.helpers.nodes;
            self.horizon = false;
            let result = if self.cfg.mtdf {
                self.mtdf(state, depth, done.value.unwrap_or(G::Score::ZERO), root)
            } else {
                let v = match (self.cfg.aspiration, done.value) {
                    (Some(w), Some(prev)) if !prev.is_decisive() => {
                        self.aspiration(state, depth, prev, w, root)
                    }
                    _ => self.root_window(
                        state,
                        depth,
                        -G::Score::INFINITY,
                        G::Score::INFINITY,
                        root,
                    ),
                };
                v.map(|v| (v, self.root_best, self.local.pv[0].clone()))
            };
            let Some((v, best, pv)) = result else { break };
            done.value = Some(v);
            done.best = best.or(done.best);
            done.pv = pv;
            done.depth = depth;
            self.stats.iterations.push(self.stats.nodes + self.helpers.nodes - before);
            if !self.horizon || (v.is_decisive() && self.cfg.null_move_reduction.is_none()) {
                done.solved = true;
                break;
            }
        }
        done
    }

    /// Runs the whole search and fills a report.
    pub(crate) fn run(
        &mut self,
        root_state: &G::State,
        limits: &Limits,
        root: &mut RootFn<'_, Self, G::State, G::Score>,
    ) -> Report<G::Move, G::Score>
    where
        G::State: Clone,
    {
        let mut state = root_state.clone();
        let mut report = Report::empty();
        let mut moves = Vec::new();
        if let Some(outcome) = self.game.moves(&state, &mut moves) {
            report.value = Value::Exact(outcome.value(0));
            report.solved = true;
            self.stats.nodes = 1;
        } else {
            let max_depth = limits.depth.unwrap_or(MAX_PLY - 1).clamp(1, MAX_PLY - 1);
            let done = self.iterate(&mut state, max_depth, root);
            report.value = match (done.value, self.budget.stopped()) {
                (None, _) => Value::Unknown,
                (Some(v), None) => Value::Exact(v),
                (Some(v), Some(_)) => Value::Estimate(v),
            };
            report.best = done.best.or(done.pv.first().copied()).or(moves.first().copied());
            report.pv = done.pv;
            report.depth = done.depth;
            report.solved = done.solved;
        }
        report.stop = self.budget.stopped();
        report
    }
}

/// A window end at `x`, clamped into the score range (infinite beyond it).
fn window_end<S: Score>(x: f64, upper: bool) -> S {
    let s = S::from_f64(x);
    if upper && s >= S::WIN {
        S::INFINITY
    } else if !upper && s <= -S::WIN {
        -S::INFINITY
    } else {
        s
    }
}

/// Moves `m` to the front of `moves`, keeping the order of the others.
pub(crate) fn move_to_front<M: PartialEq>(moves: &mut [M], m: M) {
    if let Some(i) = moves.iter().position(|x| *x == m) {
        moves[..=i].rotate_right(1);
    }
}

impl<G, E, O, Q> Searcher<G> for AlphaBeta<E, O, Q>
where
    G: Game,
    G::State: Clone,
    E: Evaluator<G>,
    O: MoveOrder<G>,
    Q: NoisyMoves<G>,
{
    type Scratch = Scratch<G::Move, G::Score>;

    fn scratch(&self) -> Self::Scratch {
        Scratch::new(&self.config)
    }

    fn search(
        &self,
        game: &G,
        scratch: &mut Self::Scratch,
        root: &G::State,
        limits: &Limits,
    ) -> Report<G::Move, G::Score> {
        scratch.prepare(&self.config);
        let local = std::mem::replace(&mut scratch.local, Local::new());
        let budget = Budget::new(limits);
        let history = &scratch.history;
        macro_rules! run_with {
            ($table:expr) => {{
                let mut engine = Engine {
                    game,
                    eval: &self.eval,
                    order: &self.order,
                    noisy: &self.noisy,
                    cfg: &self.config,
                    table: $table,
                    history,
                    histories: &[],
                    locals: &[],
                    local,
                    budget,
                    stats: Stats { threads: 1, ..Stats::default() },
                    horizon: false,
                    root_best: None,
                    abort: None,
                    aborted: false,
                    helpers: Stats::default(),
                    split_depth: 0,
                };
                let mut report =
                    engine.run(root, limits, &mut |e, s, d, a, b| e.node(s, 0, d, a, b, false));
                engine.stats.finish(engine.budget.elapsed());
                report.stats = engine.stats;
                (report, engine.local)
            }};
        }
        let (report, local) = match scratch.table.as_mut() {
            Some(t) => run_with!(t),
            None => run_with!(NoTable),
        };
        scratch.local = local;
        report
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_to_front_keeps_order() {
        let mut v = [1, 2, 3, 4];
        move_to_front(&mut v, 3);
        assert_eq!(v, [3, 1, 2, 4]);
        move_to_front(&mut v, 9);
        assert_eq!(v, [3, 1, 2, 4]);
    }

    #[test]
    fn window_ends_saturate() {
        assert_eq!(window_end::<i32>(1e12, true), i32::INFINITY);
        assert_eq!(window_end::<i32>(-1e12, false), -i32::INFINITY);
        assert_eq!(window_end::<i32>(3.0, true), 3);
    }

    #[test]
    fn config_builders() {
        let c = Config::new().aspiration(Some(0.0)).quiescence(2).null_move(Some(2));
        assert_eq!(c.aspiration, None);
        assert!(!c.is_exact());
        assert!(Config::default().is_exact());
        assert!(std::mem::size_of::<Option<Entry<u8, i16>>>() <= 16);
        assert!(std::mem::size_of::<Option<Entry<u16, i32>>>() <= 24);
    }
}
