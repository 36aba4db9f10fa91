//! The search itself: one thread's recursive negamax and the iterative driver.

use std::sync::atomic::{AtomicBool, Ordering};

use super::AlphaBeta;
use super::abdada::{Team, child_key};
use super::ordering::History;
use super::scratch::Local;
use super::tt::{Bound, COMPLETE, Entry, TableAccess, TableMove};
use crate::eval::{Candidates, Evaluator, MoveOrder, NoisyMoves, candidate_moves};
use crate::game::{Game, Outcome};
use crate::limits::{Budget, Limits};
use crate::observe::{Event, Snapshot};
use crate::report::{Report, Stats, Stop, Value};
use crate::score::{MAX_PLY, Score};

/// A cancellation flag of a parallel split point, chained to its ancestors.
#[derive(Debug, Default)]
pub(super) struct AbortNode<'p> {
    pub(super) flag: AtomicBool,
    pub(super) parent: Option<&'p AbortNode<'p>>,
}

impl AbortNode<'_> {
    pub(super) fn is_set(&self) -> bool {
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

/// What the iterative driver has established: the last completed iteration.
#[derive(Clone, Debug)]
pub(super) struct Done<M, S> {
    value: Option<S>,
    best: Option<M>,
    pv: Vec<M>,
    depth: u32,
    solved: bool,
}

impl<M: Copy, S: Copy> Done<M, S> {
    fn new() -> Self {
        Done { value: None, best: None, pv: Vec::new(), depth: 0, solved: false }
    }

    /// The opinion an observer sees: the last completed iteration.
    fn snapshot(&self) -> Snapshot<M, S> {
        let value = self.value.map_or(Value::Unknown, Value::Exact);
        Snapshot::line(self.best, value, self.pv.clone(), self.depth)
    }
}

/// How [`Engine::open`] left a node.
pub(super) enum Opened<M, S> {
    /// The node is decided (`None`: the search was stopped).
    Done(Option<S>),
    /// The moves are generated: search them.
    Expand { key: Option<u64>, tt_move: Option<M> },
}

/// The alpha-beta window of a node being expanded, and its best result so far.
#[derive(Clone, Copy, Debug)]
pub(super) struct Window<M, S> {
    pub(super) alpha: S,
    pub(super) alpha_orig: S,
    pub(super) beta: S,
    pub(super) best: S,
    pub(super) best_move: M,
}

impl<M, S: Score> Window<M, S> {
    pub(super) fn new(alpha: S, beta: S, first: M) -> Window<M, S> {
        Window { alpha, alpha_orig: alpha, beta, best: -S::INFINITY, best_move: first }
    }
}

/// The value, best move and principal variation of one iteration.
type Iteration<M, S> = (S, Option<M>, Vec<M>);

/// One thread's search: the recursive negamax and the iterative driver.
pub(super) struct Engine<'a, G: Game, E, O, Q, C, T> {
    pub(super) game: &'a G,
    /// The searcher: configuration, evaluator and hooks.
    pub(super) ab: &'a AlphaBeta<E, O, Q, C>,
    pub(super) table: T,
    pub(super) history: &'a History,
    /// Parallel search: the history table of each thread (empty when serial).
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(super) histories: &'a [History],
    /// Parallel search: buffers for helper tasks, per thread (empty when serial).
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(super) locals: &'a [std::sync::Mutex<Vec<Local<G::Move>>>],
    pub(super) local: Local<G::Move>,
    pub(super) budget: Budget<'a, G::Move, G::Score>,
    pub(super) stats: Stats,
    /// Whether a horizon (evaluation, incomplete table entry, pruning) cut the search.
    pub(super) horizon: bool,
    pub(super) root_best: Option<G::Move>,
    pub(super) abort: Option<&'a AbortNode<'a>>,
    pub(super) aborted: bool,
    /// Work of the helper tasks this engine spawned (parallel search).
    pub(super) helpers: Stats,
    /// Parallel search: split at nodes with at least this many plies to go.
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(super) split_depth: u32,
    /// ABDADA: the busy marks and iterations shared with the other threads.
    pub(super) team: Option<&'a Team>,
    /// ABDADA: whether this engine is the main thread (it announces its iterations).
    pub(super) lead: bool,
    /// The last completed iteration (what an observer sees).
    done: Done<G::Move, G::Score>,
}

/// How the root of one iteration is searched (serially or in parallel).
pub(super) type RootFn<'r, Eng, St, S> = dyn FnMut(&mut Eng, &mut St, u32, S, S) -> Option<S> + 'r;

impl<'a, G: Game, E, O, Q, C, T> Engine<'a, G, E, O, Q, C, T> {
    /// An engine for one search (or one task of a parallel search) with its own buffers
    /// `local` and `budget`; the parallel fields are empty.
    pub(super) fn new(
        game: &'a G,
        ab: &'a AlphaBeta<E, O, Q, C>,
        table: T,
        history: &'a History,
        local: Local<G::Move>,
        budget: Budget<'a, G::Move, G::Score>,
    ) -> Self {
        Engine {
            game,
            ab,
            table,
            history,
            histories: &[],
            locals: &[],
            local,
            budget,
            stats: Stats::default(),
            horizon: false,
            root_best: None,
            abort: None,
            aborted: false,
            helpers: Stats::default(),
            split_depth: 0,
            team: None,
            lead: false,
            done: Done::new(),
        }
    }
}

impl<'a, G, E, O, Q, C, T> Engine<'a, G, E, O, Q, C, T>
where
    G: Game,
    E: Evaluator<G>,
    O: MoveOrder<G>,
    Q: NoisyMoves<G>,
    C: Candidates<G>,
    T: TableAccess<G::Move, G::Score>,
{
    /// Counts a node and checks the limits; `true` = stop.
    #[inline(always)]
    pub(super) fn enter(&mut self, ply: u32) -> bool {
        if self.count(ply) {
            return true;
        }
        // The driver sized the buffers for the iteration's deepest ply.
        self.local.pv[ply as usize].clear();
        false
    }

    /// Counts a node and checks the limits without preparing its buffers (a leaf needs
    /// none); `true` = stop.
    #[inline(always)]
    fn count(&mut self, ply: u32) -> bool {
        self.stats.nodes += 1;
        if ply > self.stats.max_depth {
            self.stats.max_depth = ply;
        }
        let done = &self.done;
        if self.aborted || self.budget.exhausted(&self.stats, || done.snapshot()) {
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
        false
    }

    /// Probes the table. Returns the table move and, if the entry decides the node for
    /// the window `(alpha, beta)`, its value.
    #[inline]
    pub(super) fn probe(
        &mut self,
        key: Option<u64>,
        ply: u32,
        depth: u32,
        alpha: G::Score,
        beta: G::Score,
    ) -> (TableMove<G::Move>, Option<G::Score>) {
        let Some(key) = key else { return (TableMove::None, None) };
        self.stats.tt_probes += 1;
        let Some(e) = self.table.probe(key) else { return (TableMove::None, None) };
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
    #[inline(always)]
    pub(super) fn store(
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
        let game = self.game;
        let entry = Entry {
            key,
            mv: Some(best_move),
            score: best.to_node(ply),
            depth: if complete { COMPLETE } else { depth.min(u32::from(COMPLETE) - 1) as u16 },
            bound,
            generation,
        };
        self.table.store(entry, |m| game.move_index(m));
    }

    /// The table key of `state`, if there is a table and a hash.
    #[inline]
    pub(super) fn key(&self, state: &G::State) -> Option<u64> {
        if self.table.enabled() { self.game.hash(state) } else { None }
    }

    /// Prefetches the table entries of the children reached by `moves` (as far as the
    /// game can hash them without playing), when they will probe a large table.
    pub(super) fn prefetch_children(&self, state: &G::State, moves: &[G::Move], depth: u32) {
        // The table's setting first: it never changes, so it is predicted.
        if !self.table.prefetching() || depth < 2 {
            return;
        }
        for &mv in moves {
            let Some(key) = self.game.hash_after(state, mv) else { return };
            self.table.prefetch(key);
        }
    }

    /// Notes that `mv`, played at `ply`, leads to the next ply (for countermoves).
    #[inline]
    pub(super) fn follow(&mut self, ply: u32, mv: G::Move) {
        if self.ab.config.countermoves {
            self.local.path[ply as usize + 1] = Some(mv);
        }
    }

    /// Enhanced transposition cutoff: a child whose table entry (deep enough) shows
    /// that it refutes the opponent, `Some((value, move, complete))`.
    fn transposition_cutoff(
        &mut self,
        state: &G::State,
        moves: &[G::Move],
        ply: u32,
        depth: u32,
        beta: G::Score,
    ) -> Option<(G::Score, G::Move, bool)> {
        for &mv in moves {
            let key = self.game.hash_after(state, mv)?;
            self.stats.tt_probes += 1;
            let Some(e) = self.table.probe(key) else { continue };
            self.stats.tt_hits += 1;
            if u32::from(e.depth) + 1 < depth || e.bound == Bound::Lower {
                continue;
            }
            // The child's value is at most its entry's: ours is at least the negation.
            let v = -e.score.to_root(ply + 1);
            if v >= beta {
                self.stats.tt_cutoffs += 1;
                return Some((v, mv, e.depth == COMPLETE));
            }
        }
        None
    }

    /// Searches one child of a node with `search`, with a null window first when
    /// `null_window_first` (PVS) and a re-search if it fails high inside the window.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn child(
        &mut self,
        search: impl Fn(&mut Self, &mut G::State, u32, u32, G::Score, G::Score) -> Option<G::Score>,
        state: &mut G::State,
        ply: u32,
        depth: u32,
        alpha: G::Score,
        beta: G::Score,
        null_window_first: bool,
    ) -> Option<G::Score> {
        if depth == 1 && self.ab.config.quiescence_depth == 0 {
            // A leaf's value does not depend on the window: one evaluation, no call.
            return Some(-self.leaf(state, ply + 1)?);
        }
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
    pub(super) fn node(
        &mut self,
        state: &mut G::State,
        ply: u32,
        depth: u32,
        alpha: G::Score,
        beta: G::Score,
        null_ok: bool,
    ) -> Option<G::Score> {
        if depth == 0 && self.ab.config.quiescence_depth == 0 {
            return self.leaf(state, ply);
        }
        let mut moves = match self.local.moves.get_mut(ply as usize) {
            Some(buf) => std::mem::take(buf),
            None => Vec::new(),
        };
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
    #[inline(always)]
    fn leaf(&mut self, state: &G::State, ply: u32) -> Option<G::Score> {
        if self.count(ply) {
            return None;
        }
        if let Some(outcome) = self.game.outcome(state, &mut self.local.leaf) {
            return Some(outcome.value(ply));
        }
        Some(self.stand(state))
    }

    /// The static evaluation at the horizon (which marks the result as cut by it).
    #[inline(always)]
    fn stand(&mut self, state: &G::State) -> G::Score {
        self.horizon = true;
        self.stats.evaluations += 1;
        self.ab.eval.evaluate(self.game, state).clamp_eval()
    }

    /// What every node does first: count it, check the limits, probe the table and
    /// generate the moves (into `moves`, restricted to the candidates). Finished games
    /// and table cutoffs are done.
    pub(super) fn open(
        &mut self,
        state: &mut G::State,
        moves: &mut Vec<G::Move>,
        ply: u32,
        depth: u32,
        alpha: G::Score,
        beta: G::Score,
    ) -> Opened<G::Move, G::Score> {
        moves.clear();
        if self.enter(ply) {
            return Opened::Done(None);
        }
        let key = if depth > 0 { self.key(state) } else { None };
        let (table_move, cut) = self.probe(key, ply, depth, alpha, beta);
        if cut.is_some() {
            return Opened::Done(cut);
        }
        // At the horizon only the outcome matters: the moves are not generated.
        let over = if depth == 0 {
            self.game.outcome(state, moves)
        } else {
            match candidate_moves(self.game, &self.ab.candidates, state, ply, moves) {
                None if moves.is_empty() => Some(Outcome::Draw),
                over => over,
            }
        };
        match over {
            Some(outcome) => Opened::Done(Some(outcome.value(ply))),
            None => {
                let game = self.game;
                let tt_move = match table_move {
                    TableMove::None => None,
                    TableMove::Move(m) => Some(m),
                    // The shared table gives the move's index: find it among the moves.
                    TableMove::Index(i) => {
                        moves.iter().copied().find(|&m| game.move_index(m) == Some(i as usize))
                    }
                };
                Opened::Expand { key, tt_move }
            }
        }
    }

    /// Takes the value `v` of child `mv` into account; `true` on a beta cutoff.
    #[inline(always)]
    pub(super) fn consider(
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
                // A null window has no principal variation, except for MTD(f), whose
                // windows are all null.
                let cfg = &self.ab.config;
                if w.alpha_orig.next_up() < w.beta || cfg.mtdf {
                    let leaf_child = depth == 1 && cfg.quiescence_depth == 0;
                    self.local.update_pv(ply as usize, mv, leaf_child);
                }
                w.alpha = v;
            }
        }
        if w.alpha >= w.beta {
            self.reward(mv, ply, depth);
            return true;
        }
        false
    }

    /// Stores the result of an expanded node and restores the caller's horizon flag.
    pub(super) fn close(
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
            let qdepth = self.ab.config.quiescence_depth;
            return self.horizon_value(state, moves, ply, qdepth, alpha, beta);
        }
        if null_ok && let Some(v) = self.null_move(state, ply, depth, alpha, beta) {
            return v;
        }
        if let Some(plies) = self.ab.config.etc
            && depth >= plies.max(2)
            && self.table.enabled()
            && let Some((v, mv, complete)) =
                self.transposition_cutoff(state, moves, ply, depth, beta)
        {
            // Stored like a search that failed high on `mv`.
            self.horizon |= !complete;
            self.reward(mv, ply, depth);
            self.store(key, ply, depth, complete, v, mv, alpha, beta);
            return Some(v);
        }
        let outer_horizon = std::mem::replace(&mut self.horizon, false);
        self.stats.interior_nodes += 1;
        self.stats.expansions += 1;
        // The table move first; the others are sorted only if it does not cut, and one
        // at a time where the children are leaves.
        let first = self.order_first(state, moves, ply, tt_move);
        let mut ordered = first;
        if first == 0 {
            ordered = self.order_rest(moves, 0, ply, depth < 2);
        }
        // Prefetch two children ahead: most nodes cut off after the first child or
        // two, and prefetching every child at once measured ~4% slower with killers and
        // history (the parallel search, which starts the younger brothers together,
        // prefetches them all).
        self.prefetch_children(state, &moves[..moves.len().min(2)], depth);
        if let Some(team) = self.team.filter(|_| depth >= self.split_depth) {
            return self.expand_deferring(
                team,
                state,
                moves,
                first,
                ordered,
                key,
                ply,
                depth,
                alpha,
                beta,
                outer_horizon,
            );
        }
        let pvs = self.ab.config.pvs;
        let mut w = Window::new(alpha, beta, moves[0]);
        for i in 0..moves.len() {
            ordered = self.before_move(state, moves, i, first, ordered, ply, depth);
            let mv = moves[i];
            self.follow(ply, mv);
            let undo = self.game.play(state, mv);
            let v = self.child(Self::serial, state, ply, depth, w.alpha, beta, pvs && i > 0);
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

    /// Before the move loop searches `moves[i]`: once the table move (the first `first`
    /// moves) has not cut, orders the others (all at once, or lazily where the children
    /// are leaves: then each move is selected when the loop reaches it) and prefetches
    /// the new next two; otherwise prefetches the child two moves ahead. `moves[..ordered]`
    /// are in their final place; returns the new `ordered`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn before_move(
        &mut self,
        state: &G::State,
        moves: &mut [G::Move],
        i: usize,
        first: usize,
        mut ordered: usize,
        ply: u32,
        depth: u32,
    ) -> usize {
        if i == ordered {
            if i == first && first > 0 {
                ordered = self.order_rest(moves, i, ply, depth < 2);
                if ordered > i {
                    self.prefetch_children(state, &moves[i..moves.len().min(i + 2)], depth);
                    return ordered;
                }
            }
            self.select(moves, first, i, ply);
            return i + 1;
        }
        if let Some(&next) = moves.get(i + 2) {
            self.prefetch_children(state, core::slice::from_ref(&next), depth);
        }
        ordered
    }

    /// ABDADA: the move loop of [`Engine::expand`] with the moves another thread is
    /// searching deferred (bit `i` of the mask = `moves[i]`; the first move and those
    /// beyond the 64th are never deferred), then searched in a second pass.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn expand_deferring(
        &mut self,
        team: &Team,
        state: &mut G::State,
        moves: &mut [G::Move],
        first: usize,
        mut ordered: usize,
        key: Option<u64>,
        ply: u32,
        depth: u32,
        alpha: G::Score,
        beta: G::Score,
        outer_horizon: bool,
    ) -> Option<G::Score> {
        let pvs = self.ab.config.pvs;
        let mut w = Window::new(alpha, beta, moves[0]);
        let parent = key.or_else(|| self.game.hash(state));
        let mut deferred = 0u64;
        let mut cut = false;
        for i in 0..moves.len() {
            ordered = self.before_move(state, moves, i, first, ordered, ply, depth);
            let mv = moves[i];
            let mark = self.busy_key(state, parent, mv);
            if i > 0 && i < 64 && mark.is_some_and(|k| team.is_busy(k)) {
                deferred |= 1 << i;
                continue;
            }
            let v = self.marked(team, mark, state, mv, ply, depth, w.alpha, beta, pvs && i > 0);
            let Some(v) = v else {
                self.horizon |= outer_horizon;
                return None;
            };
            if self.consider(&mut w, v, mv, ply, depth) {
                cut = true;
                break;
            }
        }
        // The second pass: the deferred moves, whoever else is searching them.
        while deferred != 0 && !cut {
            let i = deferred.trailing_zeros() as usize;
            deferred &= deferred - 1;
            let mv = moves[i];
            let mark = self.busy_key(state, parent, mv);
            let v = self.marked(team, mark, state, mv, ply, depth, w.alpha, beta, pvs);
            let Some(v) = v else {
                self.horizon |= outer_horizon;
                return None;
            };
            cut = self.consider(&mut w, v, mv, ply, depth);
        }
        Some(self.close(&w, key, ply, depth, outer_horizon))
    }

    /// Plays `mv`, searches the child (with a null window first when
    /// `null_window_first`) and takes it back.
    #[allow(clippy::too_many_arguments)]
    fn search_move(
        &mut self,
        state: &mut G::State,
        mv: G::Move,
        ply: u32,
        depth: u32,
        alpha: G::Score,
        beta: G::Score,
        null_window_first: bool,
    ) -> Option<G::Score> {
        self.follow(ply, mv);
        let undo = self.game.play(state, mv);
        let v = self.child(Self::serial, state, ply, depth, alpha, beta, null_window_first);
        self.game.undo(state, mv, undo);
        v
    }

    /// ABDADA: [`Engine::search_move`] with the child marked busy meanwhile.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn marked(
        &mut self,
        team: &Team,
        mark: Option<u64>,
        state: &mut G::State,
        mv: G::Move,
        ply: u32,
        depth: u32,
        alpha: G::Score,
        beta: G::Score,
        null_window_first: bool,
    ) -> Option<G::Score> {
        if let Some(k) = mark {
            team.enter(k);
        }
        let v = self.search_move(state, mv, ply, depth, alpha, beta, null_window_first);
        if let Some(k) = mark {
            team.leave(k);
        }
        v
    }

    /// ABDADA: the busy-table key of the child reached by `mv` (`None`: the game cannot
    /// tell positions apart, nothing is deferred).
    fn busy_key(&self, state: &G::State, parent: Option<u64>, mv: G::Move) -> Option<u64> {
        self.game
            .hash_after(state, mv)
            .or_else(|| Some(child_key(parent?, self.game.move_index(mv)?)))
            .map(|k| k | 1)
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
        let r = self.ab.config.null_move_reduction?;
        if depth <= r || alpha.next_up() != beta || beta.is_decisive() {
            return None;
        }
        let mv = self.game.null_move(state)?;
        self.stats.evaluations += 1;
        if self.ab.eval.evaluate(self.game, state).clamp_eval() < beta {
            return None;
        }
        self.follow(ply, mv);
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
        self.ab.noisy.noisy_moves(self.game, state, buf);
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

    /// One iteration at `depth` (aspiration windows or MTD(f) around the last
    /// completed iteration's value, as configured).
    pub(super) fn iteration(
        &mut self,
        state: &mut G::State,
        depth: u32,
        root: &mut RootFn<'_, Self, G::State, G::Score>,
    ) -> Option<Iteration<G::Move, G::Score>> {
        let cfg = &self.ab.config;
        self.local.ensure(depth.saturating_add(cfg.quiescence_depth).min(MAX_PLY) as usize);
        self.horizon = false;
        if cfg.mtdf {
            return self.mtdf(state, depth, self.done.value.unwrap_or(G::Score::ZERO), root);
        }
        let v = match (cfg.aspiration, self.done.value) {
            (Some(w), Some(prev)) if !prev.is_decisive() => {
                self.aspiration(state, depth, prev, w, root)
            }
            _ => self.root_window(state, depth, -G::Score::INFINITY, G::Score::INFINITY, root),
        };
        v.map(|v| (v, self.root_best, self.local.pv[0].clone()))
    }

    /// ABDADA helper: one iteration at `depth`, whose value only seeds the next one's
    /// window; `false` if it was stopped.
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(super) fn help(
        &mut self,
        state: &mut G::State,
        depth: u32,
        root: &mut RootFn<'_, Self, G::State, G::Score>,
    ) -> bool {
        self.aborted = false;
        match self.iteration(state, depth, root) {
            Some((v, _, _)) => {
                self.done.value = Some(v);
                true
            }
            None => false,
        }
    }

    /// Iterative deepening (or a single search) up to `max_depth`; the result is in
    /// `self.done`. Each completed iteration is reported to the observer.
    fn iterate(
        &mut self,
        state: &mut G::State,
        max_depth: u32,
        root: &mut RootFn<'_, Self, G::State, G::Score>,
    ) {
        let ab = self.ab;
        let cfg = &ab.config;
        let first = if cfg.iterative { 1.min(max_depth) } else { max_depth };
        for depth in first..=max_depth {
            if self.lead
                && let Some(team) = self.team
            {
                team.start(depth);
            }
            let before = self.stats.nodes + self.helpers.nodes;
            let result = self.iteration(state, depth, root);
            let Some((v, best, pv)) = result else { break };
            let done = &mut self.done;
            done.value = Some(v);
            done.best = best.or(done.best);
            done.pv = pv;
            done.depth = depth;
            self.stats.iterations.push(self.stats.nodes + self.helpers.nodes - before);
            // A win or loss within the iteration's depth is exact even if a horizon cut
            // other lines: a quicker end would lie inside the horizon too. A farther one
            // may come from a table entry of an earlier search (a win found at any
            // depth), and a quicker win may still be beyond this depth.
            let within = v >= G::Score::win_in(depth) || v <= -G::Score::win_in(depth);
            if !self.horizon || (within && cfg.null_move_reduction.is_none()) {
                self.done.solved = true;
                break;
            }
            if depth < max_depth && self.budget.wants_events() {
                let mut stats = self.stats.clone();
                stats.merge(&self.helpers);
                if self.budget.notify(Event::Iteration, &stats, self.done.snapshot()) {
                    break;
                }
            }
        }
    }

    /// Runs the whole search and fills a report.
    pub(super) fn run(
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
        if let Some(outcome) =
            candidate_moves(self.game, &self.ab.candidates, &state, 0, &mut moves)
        {
            report.value = Value::Exact(outcome.value(0));
            report.solved = true;
            self.stats.nodes = 1;
        } else {
            let max_depth = limits.depth.unwrap_or(MAX_PLY - 1).clamp(1, MAX_PLY - 1);
            self.iterate(&mut state, max_depth, root);
            let done = &mut self.done;
            report.value = match (done.value, self.budget.stopped()) {
                (None, _) => Value::Unknown,
                (Some(v), None) => Value::Exact(v),
                (Some(v), Some(_)) => Value::Estimate(v),
            };
            report.best = done.best.or(done.pv.first().copied()).or(moves.first().copied());
            report.pv = std::mem::take(&mut done.pv);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_ends_saturate() {
        assert_eq!(window_end::<i32>(1e12, true), i32::INFINITY);
        assert_eq!(window_end::<i32>(-1e12, false), -i32::INFINITY);
        assert_eq!(window_end::<i32>(3.0, true), 3);
    }
}
