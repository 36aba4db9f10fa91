//! Parallel alpha-beta on rayon with a shared transposition table (feature `rayon`):
//! Young Brothers Wait or ABDADA, see [`Scheme`].

use core::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::abdada::Team;
use super::engine::{AbortNode, Engine, Opened, Window};
use super::ordering::History;
use super::scratch::Local;
use super::tt::{NoTable, SharedTable, TableAccess};
use super::{AlphaBeta, Scratch};
use crate::error::ConfigError;
use crate::eval::{Candidates, Evaluator, MoveOrder, NoisyMoves};
use crate::game::Game;
use crate::limits::{Budget, Clock, Limits, Shared};
use crate::observe::{Event, Observer, Progress, Snapshot};
use crate::report::{Report, Stats, Stop};
use crate::searcher::Searcher;

/// How the threads of a [`ParallelAlphaBeta`] share the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Scheme {
    /// Young Brothers Wait (the default): at a node with at least `split_depth` plies
    /// to go, the first move is searched alone, then the younger brothers in parallel
    /// as tasks that share the node's bound under a lock.
    #[default]
    YoungBrothersWait,
    /// ABDADA (Weill 1996, in Kerrigan's simplified form): every thread runs the same
    /// iteration from the root over the shared table; at a node with at least
    /// `split_depth` plies to go, a thread defers a younger move whose position another
    /// thread is searching, and searches it after its other moves. No locks and no
    /// waiting inside the tree, which suits small, fast searches. The helper threads
    /// follow the main thread's iteration (never deeper) and their results are only
    /// table entries: the main thread's result is the answer. Needs [`Game::hash`]
    /// (and [`Game::hash_after`] or [`Game::move_index`]) to tell positions apart;
    /// without them the threads duplicate each other's work. [`Stats::iterations`]
    /// counts the main thread's nodes only (its time to depth); [`Stats::nodes`] all
    /// threads' nodes.
    Abdada,
}

/// [`AlphaBeta`] on several threads, by default Young Brothers Wait. At a node with at least
/// `split_depth` plies to go, the first move is searched alone (recursively in
/// parallel); its younger brothers are then searched in parallel with the bound it
/// established, and cancelled as soon as one of them fails high. All threads share one
/// transposition table; history tables are per thread and killers per task.
/// [`ParallelAlphaBeta::scheme`] selects ABDADA instead.
///
/// The root value is the same as the serial search's: the tests check it on thousands
/// of trees, and, against exact values, on about 95,000 searches that reuse
/// one table with 2–4 threads and every split depth, where races are frequent enough to
/// have exposed the one fixed for issue 10. Node counts vary from run to run because
/// threads race. The search runs on
/// its own thread pool; an [`Observer`] is called from the thread that started the
/// search, which waits for reports meanwhile.
///
/// # Examples
/// ```
/// use go_search::alphabeta::Config;
/// use go_search::{AlphaBeta, Evaluator, Game, Limits, Outcome, Searcher, Side};
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
/// # }
/// # struct Zero;
/// # impl Evaluator<Nim> for Zero { fn evaluate(&self, _: &Nim, _: &(u32, Side)) -> i32 { 0 } }
/// let serial = AlphaBeta::new(Config::default(), Zero)?;
/// let parallel = AlphaBeta::new(Config::default(), Zero)?.parallel(2, 3)?;
/// let root = (14, Side::First);
/// let a = serial.search(&Nim, &mut serial.scratch(), &root, &Limits::default());
/// let b = parallel.search(&Nim, &mut parallel.scratch(), &root, &Limits::default());
/// assert_eq!(a.value, b.value);
/// assert_eq!(b.stats.threads, 2);
/// // ABDADA: every thread searches from the root; the answer is the same.
/// use go_search::alphabeta::Scheme;
/// let abdada = AlphaBeta::new(Config::default(), Zero)?.parallel(2, 2)?.scheme(Scheme::Abdada);
/// let c = abdada.search(&Nim, &mut abdada.scratch(), &root, &Limits::default());
/// assert_eq!(a.value, c.value);
/// # Ok::<_, go_search::ConfigError>(())
/// ```
#[derive(Clone, Debug)]
pub struct ParallelAlphaBeta<E, O = (), Q = (), C = ()> {
    inner: AlphaBeta<E, O, Q, C>,
    threads: usize,
    split_depth: u32,
    scheme: Scheme,
}

impl<E, O, Q, C> ParallelAlphaBeta<E, O, Q, C> {
    pub(super) fn new(
        inner: AlphaBeta<E, O, Q, C>,
        threads: usize,
        split_depth: u32,
    ) -> Result<Self, ConfigError> {
        if threads == 0 {
            return Err(ConfigError::new("AlphaBeta::parallel threads", 0, "at least 1 thread"));
        }
        if split_depth == 0 {
            let expected = "at least 1 ply to go (nodes at the horizon cannot split)";
            return Err(ConfigError::new("AlphaBeta::parallel split_depth", 0, expected));
        }
        Ok(ParallelAlphaBeta { inner, threads, split_depth, scheme: Scheme::default() })
    }

    /// The same search with the work shared by `scheme` (`split_depth` keeps its
    /// meaning: the plies to go from which nodes split or defer).
    #[must_use]
    pub fn scheme(mut self, scheme: Scheme) -> Self {
        self.scheme = scheme;
        self
    }

    /// How the threads share the work.
    pub fn scheme_used(&self) -> Scheme {
        self.scheme
    }

    /// The serial searcher this one parallelises.
    pub fn serial(&self) -> &AlphaBeta<E, O, Q, C> {
        &self.inner
    }

    /// Number of threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Fresh scratch space: the shared table and the thread pool are created here,
    /// once, not during searches.
    pub fn scratch<M: Copy, S: Copy>(&self) -> Scratch<M, S> {
        let config = self.inner.config();
        let mut scratch = if self.threads > 1 {
            Scratch::new(&config.clone().table(0, config.replacement()))
        } else {
            Scratch::new(config)
        };
        if self.threads > 1 {
            self.ensure_parallel(&mut scratch);
        }
        scratch
    }

    /// Allocates what a parallel search needs, if the scratch lacks it.
    fn ensure_parallel<M: Copy, S: Copy>(&self, scratch: &mut Scratch<M, S>) {
        let config = self.inner.config();
        let entries = config.table_entries();
        if entries > 0 && scratch.shared.is_none() {
            scratch.shared = Some(SharedTable::new(entries, config.replacement()));
        }
        if scratch.pool.as_ref().is_none_or(|(n, _)| *n != self.threads) {
            scratch.pool = rayon::ThreadPoolBuilder::new()
                .num_threads(self.threads)
                .build()
                .ok()
                .map(|p| (self.threads, p));
        }
    }
}

/// What the search task tells the thread that started it.
enum Message<M, S, D> {
    /// A report for the observer (the task waits for the answer).
    Progress(Sent<M, S>),
    /// The search is over.
    Done(D),
}

/// An owned [`Progress`], sent from the search task to the observing thread.
struct Sent<M, S> {
    event: Event,
    snapshot: Snapshot<M, S>,
    nodes: u64,
    elapsed: Duration,
}

impl<M: Copy, S: Copy> Sent<M, S> {
    fn progress(&self) -> Progress<'_, M, S> {
        Progress {
            event: self.event,
            best: self.snapshot.best,
            value: self.snapshot.value,
            pv: &self.snapshot.pv,
            depth: self.snapshot.depth,
            nodes: self.nodes,
            elapsed: self.elapsed,
            root: &self.snapshot.root,
        }
    }
}

/// The search task's observer: forwards each report to the observing thread and waits
/// for its answer, so that a `Break` takes effect at once, as in a serial search.
struct Relay<M, S, D> {
    sender: Sender<Message<M, S, D>>,
    answers: Receiver<ControlFlow<()>>,
    interval: u64,
    events: bool,
}

impl<M: Copy, S: Copy, D> Observer<M, S> for Relay<M, S, D> {
    fn observe(&mut self, p: &Progress<'_, M, S>) -> ControlFlow<()> {
        let snapshot = Snapshot {
            best: p.best,
            value: p.value,
            pv: p.pv.to_vec(),
            depth: p.depth,
            root: p.root.to_vec(),
        };
        let sent = Sent { event: p.event, snapshot, nodes: p.nodes, elapsed: p.elapsed };
        if self.sender.send(Message::Progress(sent)).is_err() {
            return ControlFlow::Continue(());
        }
        self.answers.recv().unwrap_or(ControlFlow::Continue(()))
    }

    fn interval(&self) -> u64 {
        self.interval
    }

    fn events(&self) -> bool {
        self.events
    }
}

/// What the young brothers of one split point share.
struct SplitState<M, S> {
    w: Window<M, S>,
    pv: Option<Vec<M>>,
    cutoff: Option<M>,
    stats: Stats,
    horizon: bool,
    stop: Option<Stop>,
}

/// Tells ABDADA's helpers that the main thread is done, when it is dropped.
struct Finish<'t>(&'t Team);

impl Drop for Finish<'_> {
    fn drop(&mut self) {
        self.0.finish();
    }
}

/// The report of a search and the main thread's buffers (kept in the scratch).
type Finished<G> = (Report<<G as Game>::Move, <G as Game>::Score>, Local<<G as Game>::Move>);

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// What the young brothers of a split point take from their parent: everything a
/// helper engine is built from, and nothing that cannot be shared between threads
/// (the parent's observer stays behind).
struct Seed<'p, G: Game, E, O, Q, C, T> {
    game: &'p G,
    ab: &'p AlphaBeta<E, O, Q, C>,
    table: T,
    history: &'p History,
    histories: &'p [History],
    locals: &'p [Mutex<Vec<Local<G::Move>>>],
    killers: &'p [[Option<G::Move>; 2]],
    path: &'p [Option<G::Move>],
    clock: Clock<'p>,
    abort: &'p AbortNode<'p>,
    split_depth: u32,
}

impl<'p, G: Game, E, O, Q, C, T: Copy> Seed<'p, G, E, O, Q, C, T> {
    /// An engine for one young brother, on the current thread, with its history table
    /// and pooled buffers.
    fn helper(&self) -> Engine<'p, G, E, O, Q, C, T> {
        let thread = rayon::current_thread_index();
        let history = thread.and_then(|i| self.histories.get(i)).unwrap_or(self.history);
        let pooled = thread.and_then(|i| self.locals.get(i)).and_then(|pool| lock(pool).pop());
        let mut local = pooled.unwrap_or_else(Local::new);
        local.inherit(self.killers, self.path);
        let mut helper =
            Engine::new(self.game, self.ab, self.table, history, local, self.clock.budget());
        helper.histories = self.histories;
        helper.locals = self.locals;
        helper.abort = Some(self.abort);
        helper.split_depth = self.split_depth;
        helper
    }

    /// Returns a helper's buffers to the pool of the current thread.
    fn retire(&self, local: Local<G::Move>) {
        if let Some(pool) = rayon::current_thread_index().and_then(|i| self.locals.get(i)) {
            lock(pool).push(local);
        }
    }
}

impl<'a, G, E, O, Q, C, T> Engine<'a, G, E, O, Q, C, T>
where
    G: Game + Sync,
    G::State: Clone + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluator<G> + Sync,
    O: MoveOrder<G> + Sync,
    Q: NoisyMoves<G> + Sync,
    C: Candidates<G> + Sync,
    T: TableAccess<G::Move, G::Score> + Copy + Send + Sync,
{
    /// Young Brothers Wait: like [`Engine::node`], with the younger brothers in parallel.
    fn pnode(
        &mut self,
        state: &mut G::State,
        ply: u32,
        depth: u32,
        alpha: G::Score,
        beta: G::Score,
    ) -> Option<G::Score> {
        if depth < self.split_depth {
            return self.node(state, ply, depth, alpha, beta, true);
        }
        let mut moves = Vec::new();
        let (key, tt_move) = match self.open(state, &mut moves, ply, depth, alpha, beta) {
            Opened::Done(v) => return v,
            Opened::Expand { key, tt_move } => (key, tt_move),
        };
        let outer_horizon = std::mem::replace(&mut self.horizon, false);
        self.stats.interior_nodes += 1;
        self.stats.expansions += 1;
        self.order_moves(state, &mut moves, ply, tt_move);
        self.prefetch_children(state, &moves, depth);

        // The eldest brother, alone.
        let first = moves[0];
        let mut w = Window::new(alpha, beta, first);
        self.follow(ply, first);
        let undo = self.game.play(state, first);
        let v = self.child(Self::pnode, state, ply, depth, alpha, beta, false);
        self.game.undo(state, first, undo);
        let Some(v) = v else {
            self.horizon |= outer_horizon;
            return None;
        };
        if !self.consider(&mut w, v, first, ply, depth) && moves.len() > 1 {
            // The young brothers, in parallel.
            let abort = AbortNode { flag: Default::default(), parent: self.abort };
            let shared = Mutex::new(SplitState {
                w,
                pv: None,
                cutoff: None,
                stats: Stats::default(),
                horizon: false,
                stop: None,
            });
            let root: &G::State = state;
            let seed = Seed {
                game: self.game,
                ab: self.ab,
                table: self.table,
                history: self.history,
                histories: self.histories,
                locals: self.locals,
                killers: &self.local.killers,
                path: &self.local.path,
                clock: self.budget.clock(),
                abort: &abort,
                split_depth: self.split_depth,
            };
            use rayon::prelude::*;
            moves[1..].par_iter().for_each(|&mv| {
                // The bound and the cutoff are read together: a brother that failed
                // high raised alpha to beta or above under this lock, and a search with
                // that alpha would have an empty window (and store nonsense).
                let a = {
                    let st = lock(&shared);
                    if st.cutoff.is_some() || abort.is_set() {
                        return;
                    }
                    st.w.alpha
                };
                let mut helper = seed.helper();
                let mut s = root.clone();
                helper.game.play(&mut s, mv);
                helper.follow(ply, mv);
                let pvs = helper.ab.config.pvs;
                let v = helper.child(Engine::pnode, &mut s, ply, depth, a, beta, pvs);
                // Pool the subtree's nodes now: a small one never reaches a check.
                helper.budget.flush(&helper.stats);
                let mut st = lock(&shared);
                st.stats.merge(&helper.stats);
                st.stats.merge(&helper.helpers);
                st.horizon |= helper.horizon;
                st.stop = st.stop.or(helper.budget.stopped());
                if let Some(v) = v {
                    if v > st.w.best {
                        st.w.best = v;
                        st.w.best_move = mv;
                        if v > st.w.alpha {
                            st.w.alpha = v;
                            let mut line = vec![mv];
                            line.extend_from_slice(
                                helper.local.pv.get(ply as usize + 1).map_or(&[][..], |l| l),
                            );
                            st.pv = Some(line);
                        }
                    }
                    if st.w.alpha >= beta && st.cutoff.is_none() {
                        st.cutoff = Some(mv);
                        abort.flag.store(true, Ordering::Relaxed);
                    }
                }
                drop(st);
                seed.retire(helper.local);
            });
            let st = shared.into_inner().unwrap_or_else(|e| e.into_inner());
            self.helpers.merge(&st.stats);
            self.horizon |= st.horizon;
            if let Some(reason) = st.stop {
                self.budget.halt(reason);
            }
            self.budget.flush(&self.stats);
            if self.budget.globally_stopped() || self.abort.is_some_and(AbortNode::is_set) {
                self.aborted |= self.abort.is_some_and(AbortNode::is_set);
                self.horizon |= outer_horizon;
                return None;
            }
            if ply == 0 && st.w.best > w.best {
                self.root_best = Some(st.w.best_move);
            }
            w = st.w;
            if let Some(line) = st.pv {
                self.local.pv[ply as usize] = line;
            }
            if let Some(mv) = st.cutoff {
                self.reward(mv, ply, depth);
            }
        }
        Some(self.close(&w, key, ply, depth, outer_horizon))
    }
}

impl<G, E, O, Q, C> Searcher<G> for ParallelAlphaBeta<E, O, Q, C>
where
    G: Game + Sync,
    G::State: Clone + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluator<G> + Sync,
    O: MoveOrder<G> + Sync,
    Q: NoisyMoves<G> + Sync,
    C: Candidates<G> + Sync,
{
    type Scratch = Scratch<G::Move, G::Score>;

    fn scratch(&self) -> Self::Scratch {
        ParallelAlphaBeta::scratch(self)
    }

    fn search(
        &self,
        game: &G,
        scratch: &mut Self::Scratch,
        root: &G::State,
        limits: &Limits,
    ) -> Report<G::Move, G::Score> {
        self.run(game, scratch, root, limits, None)
    }

    fn search_observed(
        &self,
        game: &G,
        scratch: &mut Self::Scratch,
        root: &G::State,
        limits: &Limits,
        observer: &mut dyn Observer<G::Move, G::Score>,
    ) -> Report<G::Move, G::Score> {
        self.run(game, scratch, root, limits, Some(observer))
    }
}

impl<E, O, Q, C> ParallelAlphaBeta<E, O, Q, C> {
    /// ABDADA: the main thread (this one, with `budget`, which may report to the
    /// observer) and `threads - 1` helpers search from the root over `table`.
    #[allow(clippy::too_many_arguments)]
    fn team<'a, G, T>(
        &'a self,
        game: &'a G,
        table: T,
        team: &'a Team,
        root: &'a G::State,
        limits: &'a Limits,
        budget: Budget<'a, G::Move, G::Score>,
        local: Local<G::Move>,
        histories: &'a [History],
        locals: &'a [Mutex<Vec<Local<G::Move>>>],
    ) -> Finished<G>
    where
        G: Game + Sync,
        G::State: Clone + Send + Sync,
        G::Move: Send + Sync,
        E: Evaluator<G> + Sync,
        O: MoveOrder<G> + Sync,
        Q: NoisyMoves<G> + Sync,
        C: Candidates<G> + Sync,
        T: TableAccess<G::Move, G::Score> + Copy + Send + Sync,
    {
        let clock = budget.clock();
        let helped = Mutex::new(Stats::default());
        let split_depth = self.split_depth;
        let serial = |e: &mut Engine<'a, G, E, O, Q, C, T>, s: &mut G::State, d, a, b| {
            e.node(s, 0, d, a, b, false)
        };
        let (mut report, local) = rayon::in_place_scope(|scope| {
            for k in 1..self.threads {
                let helped = &helped;
                scope.spawn(move |_| {
                    let pooled = lock(&locals[k]).pop();
                    let local = pooled.unwrap_or_else(Local::new);
                    let mut helper =
                        Engine::new(game, &self.inner, table, &histories[k], local, clock.budget());
                    helper.team = Some(team);
                    helper.abort = Some(&team.aborts[k - 1]);
                    helper.split_depth = split_depth;
                    let mut state = root.clone();
                    let mut last = 0;
                    while let Some(depth) = team.depth() {
                        if depth == last || depth == 0 {
                            // Wait for the main thread's next iteration (or its end).
                            std::thread::yield_now();
                            continue;
                        }
                        // Lowered before the depth is read again: a new iteration
                        // started meanwhile raises it again, and this one is redone.
                        team.aborts[k - 1].flag.store(false, Ordering::SeqCst);
                        let Some(depth) = team.depth() else { break };
                        if helper.help(&mut state, depth, &mut { serial }) {
                            last = depth;
                        } else if helper.budget.stopped().is_some() {
                            break;
                        }
                    }
                    lock(helped).merge(&helper.stats);
                    lock(&locals[k]).push(helper.local);
                });
            }
            // The helpers stop when the main thread is done, even if it panics.
            let _finish = Finish(team);
            let mut engine = Engine::new(game, &self.inner, table, &histories[0], local, budget);
            engine.team = Some(team);
            engine.lead = true;
            engine.split_depth = split_depth;
            let mut report = engine.run(root, limits, &mut { serial });
            engine.stats.threads = self.threads as u32;
            engine.stats.finish(engine.budget.elapsed());
            report.stats = std::mem::take(&mut engine.stats);
            (report, engine.local)
        });
        report.stats.merge(&helped.into_inner().unwrap_or_else(|e| e.into_inner()));
        (report, local)
    }

    /// The search, with or without an observer (without one, no reports are relayed).
    fn run<G>(
        &self,
        game: &G,
        scratch: &mut Scratch<G::Move, G::Score>,
        root: &G::State,
        limits: &Limits,
        observer: Option<&mut dyn Observer<G::Move, G::Score>>,
    ) -> Report<G::Move, G::Score>
    where
        G: Game + Sync,
        G::State: Clone + Send + Sync,
        G::Move: Send + Sync,
        E: Evaluator<G> + Sync,
        O: MoveOrder<G> + Sync,
        Q: NoisyMoves<G> + Sync,
        C: Candidates<G> + Sync,
    {
        let config = self.inner.config();
        let split_depth = self.split_depth;
        if self.threads == 1 {
            return match observer {
                Some(o) => self.inner.search_observed(game, scratch, root, limits, o),
                None => self.inner.search(game, scratch, root, limits),
            };
        }
        scratch.prepare(config);
        self.ensure_parallel(scratch);
        let entries = config.table_entries();
        if let Some(table) = scratch.shared.as_mut() {
            table.next_generation();
        }
        let Some((_, pool)) = scratch.pool.as_ref() else {
            // No threads available: search serially.
            return match observer {
                Some(o) => self.inner.search_observed(game, scratch, root, limits, o),
                None => self.inner.search(game, scratch, root, limits),
            };
        };
        let start = Instant::now();
        let pooled = Shared::default();
        let local = std::mem::replace(&mut scratch.local, Local::new());
        scratch.thread_histories.resize_with(self.threads, Default::default);
        scratch.thread_locals.resize_with(self.threads, Default::default);
        for h in &mut scratch.thread_histories {
            h.prepare(config);
        }
        let histories = &scratch.thread_histories[..];
        let locals = &scratch.thread_locals[..];
        let history = &histories[0];
        let threads = self.threads as u32;
        // The search itself, on a pool thread, reporting to `relay` if any.
        macro_rules! task {
            ($table:expr, $relay:expr) => {{
                if self.scheme == Scheme::Abdada {
                    let budget = Budget::with_shared(limits, start, &pooled, $relay);
                    let team = Team::new(self.threads - 1);
                    self.team(game, $table, &team, root, limits, budget, local, histories, locals)
                } else {
                    task!(ybw $table, $relay)
                }
            }};
            (ybw $table:expr, $relay:expr) => {{
                let budget = Budget::with_shared(limits, start, &pooled, $relay);
                let mut engine = Engine::new(game, &self.inner, $table, history, local, budget);
                engine.histories = histories;
                engine.locals = locals;
                engine.split_depth = split_depth;
                let mut report =
                    engine.run(root, limits, &mut |e, s, d, a, b| e.pnode(s, 0, d, a, b));
                engine.stats.merge(&engine.helpers);
                engine.stats.threads = threads;
                engine.stats.finish(engine.budget.elapsed());
                report.stats = std::mem::take(&mut engine.stats);
                (report, engine.local)
            }};
        }
        macro_rules! run_with {
            ($table:expr) => {{
                let table = $table;
                match observer {
                    None => pool.install(|| task!(table, None)),
                    Some(observer) => {
                        // The reports come back through a channel to this thread, which
                        // calls the observer and answers.
                        let (sender, messages) = mpsc::channel();
                        let (answer, answers) = mpsc::channel();
                        let (interval, events) = (observer.interval(), observer.events());
                        let relay = Relay { sender, answers, interval, events };
                        pool.in_place_scope(|scope| {
                            scope.spawn(|_| {
                                let mut relay = relay;
                                let done = task!(table, Some(&mut relay));
                                let _ = relay.sender.send(Message::Done(done));
                            });
                            // A task that panics sends nothing; the scope passes its panic on.
                            while let Ok(message) = messages.recv() {
                                match message {
                                    Message::Progress(sent) => {
                                        let _ = answer.send(observer.observe(&sent.progress()));
                                    }
                                    Message::Done(done) => return Some(done),
                                }
                            }
                            None
                        })
                        .expect("the search task reports its end")
                    }
                }
            }};
        }
        let (report, local) = match scratch.shared.as_ref().filter(|_| entries > 0) {
            Some(t) => run_with!(t),
            None => run_with!(NoTable),
        };
        scratch.local = local;
        report
    }
}
