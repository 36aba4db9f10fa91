//! [`Minimax`]: plain negamax without pruning, the reference every exact algorithm is
//! tested against.

use crate::eval::{Candidates, Evaluator, candidate_moves};
use crate::game::Game;
use crate::limits::{Budget, Limits};
use crate::observe::{Observer, Snapshot};
use crate::report::{Report, Stats, Stop, Value};
use crate::score::{MAX_PLY, Score};
use crate::searcher::Searcher;

/// Plain negamax: visits every node to the depth limit ([`Limits::depth`], or until
/// the game ends). Slow on purpose: it is the oracle for differential tests and the
/// baseline of node counts.
///
/// The best move is the first move (in generation order) with the best value. With
/// [`Minimax::with_candidates`] it is the oracle of a selective search.
///
/// # Examples
/// ```
/// use go_search::{Evaluator, Game, Limits, Minimax, Outcome, Searcher, Side, Value};
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
/// struct Zero;
/// impl Evaluator<Nim> for Zero {
///     fn evaluate(&self, _: &Nim, _: &(u32, Side)) -> i32 { 0 }
/// }
/// let oracle = Minimax::new(Zero);
/// let report = oracle.search(&Nim, &mut (), &(5, Side::First), &Limits::default());
/// assert_eq!(report.best, Some(1)); // leave a multiple of four
/// assert!(report.solved);
/// assert_eq!(report.value, Value::Exact(i32::win_in(3))); // 1, then 4 - k
/// # use go_search::Score;
/// ```
#[derive(Clone, Debug)]
pub struct Minimax<E, C = ()> {
    eval: E,
    candidates: C,
}

impl<E> Minimax<E> {
    /// Plain negamax with `eval` at the depth limit.
    pub fn new(eval: E) -> Minimax<E> {
        Minimax { eval, candidates: () }
    }
}

impl<E, C> Minimax<E, C> {
    /// Searches only the moves `candidates` keeps (see [`Candidates`]).
    pub fn with_candidates<C2>(self, candidates: C2) -> Minimax<E, C2> {
        Minimax { eval: self.eval, candidates }
    }
}

struct Walk<'a, G: Game, E, C> {
    game: &'a G,
    eval: &'a E,
    candidates: &'a C,
    depth: u32,
    budget: Budget<'a, G::Move, G::Score>,
    stats: Stats,
    horizon: bool,
    pv: Vec<Vec<G::Move>>,
}

impl<G: Game, E: Evaluator<G>, C: Candidates<G>> Walk<'_, G, E, C> {
    fn negamax(&mut self, state: &mut G::State, ply: u32) -> Option<G::Score> {
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(ply);
        let max_depth = self.stats.max_depth;
        if self
            .budget
            .exhausted(&self.stats, || Snapshot { depth: max_depth, ..Snapshot::unknown() })
        {
            return None;
        }
        if ply >= MAX_PLY {
            self.budget.halt(Stop::MaxPly);
            return None;
        }
        while self.pv.len() <= ply as usize + 1 {
            self.pv.push(Vec::new());
        }
        self.pv[ply as usize].clear();
        let mut moves = Vec::new();
        if let Some(outcome) = candidate_moves(self.game, self.candidates, state, ply, &mut moves) {
            return Some(outcome.value(ply));
        }
        if moves.is_empty() {
            return Some(G::Score::ZERO);
        }
        if ply >= self.depth {
            self.horizon = true;
            self.stats.evaluations += 1;
            return Some(self.eval.evaluate(self.game, state).clamp_eval());
        }
        self.stats.interior_nodes += 1;
        self.stats.expansions += 1;
        let mut best = -G::Score::INFINITY;
        for mv in moves {
            let undo = self.game.play(state, mv);
            let v = self.negamax(state, ply + 1).map(|v| -v);
            self.game.undo(state, mv, undo);
            let v = v?;
            if v > best {
                best = v;
                let (head, tail) = self.pv.split_at_mut(ply as usize + 1);
                let line = &mut head[ply as usize];
                line.clear();
                line.push(mv);
                line.extend_from_slice(&tail[0]);
            }
        }
        Some(best)
    }
}

impl<G, E, C> Searcher<G> for Minimax<E, C>
where
    G: Game,
    G::State: Clone,
    E: Evaluator<G>,
    C: Candidates<G>,
{
    type Scratch = ();

    fn scratch(&self) {}

    fn search_observed(
        &self,
        game: &G,
        (): &mut (),
        root: &G::State,
        limits: &Limits,
        observer: &mut dyn Observer<G::Move, G::Score>,
    ) -> Report<G::Move, G::Score> {
        let mut walk = Walk {
            game,
            eval: &self.eval,
            candidates: &self.candidates,
            depth: limits.depth.unwrap_or(MAX_PLY).min(MAX_PLY),
            budget: Budget::new(limits, Some(observer)),
            stats: Stats { threads: 1, ..Stats::default() },
            horizon: false,
            pv: vec![Vec::new()],
        };
        let mut state = root.clone();
        let result = walk.negamax(&mut state, 0);
        let mut report = Report::empty();
        if let Some(v) = result {
            report.value = Value::Exact(v);
            report.pv = std::mem::take(&mut walk.pv[0]);
            report.best = report.pv.first().copied();
            report.solved = !walk.horizon;
            report.depth = walk.stats.max_depth;
        }
        report.stop = walk.budget.stopped();
        walk.stats.finish(walk.budget.elapsed());
        report.stats = walk.stats;
        report
    }
}
