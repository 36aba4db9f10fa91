//! Capability traits: each algorithm asks only for what it uses.
//!
//! | trait | used by |
//! |---|---|
//! | [`Evaluator`] (a point value) | [`AlphaBeta`](crate::AlphaBeta), [`Minimax`](crate::Minimax) |
//! | [`IntervalEvaluator`] ([`Bounds`]) | [`BStar`](crate::BStar) |
//! | [`ProbabilityEvaluator`] ([`Estimate`]: bounds and a realistic value) | [`PBStar`](crate::PBStar) |
//! | [`ProofEvaluator`] (attacker, initial proof numbers) | [`DfPn`](crate::DfPn) |
//! | [`Priors`], [`Rollout`] | [`Mcts`](crate::Mcts) |
//! | [`MoveOrder`] (a hook), [`NoisyMoves`] (quiescence) | [`AlphaBeta`](crate::AlphaBeta) |
//! | [`Candidates`] (restricting the moves searched) | every searcher |
//!
//! `()` implements the optional hooks ([`MoveOrder`], [`NoisyMoves`], [`Priors`],
//! [`Candidates`]) as "nothing to add". Shared references implement every trait their
//! target implements.

use crate::bounds::Bounds;
use crate::estimate::Estimate;
use crate::game::{Game, Outcome, Side};
use crate::rng::Rng;

/// A static evaluation of a non-terminal state, for its side to move.
///
/// Values are clamped to `±MAX_EVAL` (see [`Score`](crate::Score)), so an evaluator
/// cannot forge a win.
pub trait Evaluator<G: Game> {
    /// The value of `state` for its side to move.
    fn evaluate(&self, game: &G, state: &G::State) -> G::Score;
}

/// A bounded evaluation: an interval that should contain the true value of `state` for
/// its side to move. B* is only as good as these bounds are valid.
///
/// Bounds may reach `±WIN` ([`Score::WIN`](crate::Score::WIN)) to say "anything from a
/// loss to a win"; they are clamped there.
pub trait IntervalEvaluator<G: Game> {
    /// `[pessimistic, optimistic]` for the side to move.
    fn bounds(&self, game: &G, state: &G::State) -> Bounds<G::Score>;
}

/// Bounds plus a realistic value, for Palay's probabilistic B* ([`PBStar`](crate::PBStar)).
///
/// The [`Estimate`] of `state` is for its side to move; its documentation gives the
/// distribution model PB* derives probabilities from (each side's hope uniform between
/// the realistic value and its own bound). Like [`IntervalEvaluator`], bounds may reach
/// `±WIN` and are clamped there.
pub trait ProbabilityEvaluator<G: Game> {
    /// Bounds and realistic value of `state` for its side to move.
    fn estimate(&self, game: &G, state: &G::State) -> Estimate<G::Score>;
}

/// Proof and disproof numbers: the estimated number of leaves to prove that the
/// attacker wins, and to prove that it does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ProofNumbers {
    /// Leaves still to prove (0 = proven).
    pub proof: u32,
    /// Leaves still to disprove (0 = disproven).
    pub disproof: u32,
}

impl ProofNumbers {
    /// The proof and disproof numbers treated as infinite.
    pub const INFINITE: u32 = u32::MAX / 4;
    /// An unknown leaf: `(1, 1)`.
    pub const UNIT: ProofNumbers = ProofNumbers { proof: 1, disproof: 1 };
    /// A proven position: the attacker wins.
    pub const PROVEN: ProofNumbers = ProofNumbers { proof: 0, disproof: Self::INFINITE };
    /// A disproven position: the attacker does not win.
    pub const DISPROVEN: ProofNumbers = ProofNumbers { proof: Self::INFINITE, disproof: 0 };
}

/// What df-pn needs: who attacks, how terminal positions count, and (optionally)
/// heuristic initial proof numbers or early proofs ("this group is already alive").
pub trait ProofEvaluator<G: Game> {
    /// The side trying to prove a win. Draws count as failures of the attacker.
    fn attacker(&self) -> Side;

    /// Initial proof numbers of a non-terminal leaf, from the attacker's point of view.
    /// Returning [`ProofNumbers::PROVEN`] or [`ProofNumbers::DISPROVEN`] settles the
    /// position without search. Default: [`ProofNumbers::UNIT`]. Values above
    /// [`ProofNumbers::INFINITE`] are capped.
    fn proof_numbers(&self, _game: &G, _state: &G::State) -> ProofNumbers {
        ProofNumbers::UNIT
    }

    /// Whether a finished game counts as a win for the attacker. `outcome` is from the
    /// point of view of `to_move`. Default: [`Outcome::is_win`] for the attacker
    /// (so scores win when positive, draws fail).
    fn attacker_wins(&self, outcome: Outcome<G::Score>, to_move: Side) -> bool {
        if to_move == self.attacker() { outcome.is_win() } else { outcome.flip().is_win() }
    }
}

/// The simplest [`ProofEvaluator`]: an attacker and nothing else.
///
/// # Examples
/// ```
/// use go_search::{Attacker, Side};
/// let proof_eval = Attacker(Side::First);
/// # let _ = proof_eval;
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attacker(pub Side);

impl<G: Game> ProofEvaluator<G> for Attacker {
    fn attacker(&self) -> Side {
        self.0
    }
}

/// Restricts the moves a searcher considers, for a selective search: the candidates of a
/// pattern matcher, say. Every searcher honours it (`with_candidates` on each of them).
///
/// At every position it expands, `ply` moves below the search root (0 at the root),
/// a searcher generates the legal moves and lets [`Candidates::candidates`] keep the
/// ones to search, in the order to try them first (the searcher's own ordering, such as
/// alpha-beta's table move, comes on top). Searching with candidates is the same as
/// searching the game whose move generator yields only the candidates; the tests check
/// it for every searcher.
///
/// - Keeping no move means "no opinion": the position is searched with every legal
///   move. A candidate source cannot turn a position into a finished game, and a game's
///   end ([`Game::outcome`]) is never affected.
/// - A position with a single legal move is not offered to the source (it could only
///   keep that move, or keep none, which means the same).
/// - Only the moves searched are restricted: MCTS playouts ([`Rollout`]) and
///   quiescence ([`NoisyMoves`]) generate their own moves.
/// - Transposition tables are keyed by [`Game::hash`]: if the candidates of a position
///   depend on `ply`, a position reached at two plies shares one table entry, as it
///   would in a game whose rules depended on the move number without its hash saying
///   so.
///
/// # Examples
/// Only moves that take one or two stones, except at the root:
/// ```
/// use go_search::{Candidates, Game};
/// # use go_search::{Outcome, Side};
/// # struct Nim;
/// # impl Game for Nim {
/// #     type State = u32; type Move = u32; type Undo = (); type Score = i32;
/// #     fn moves(&self, s: &u32, out: &mut Vec<u32>) -> Option<Outcome<i32>> {
/// #         if *s == 0 { return Some(Outcome::Loss); }
/// #         out.extend((1..=3).filter(|n| n <= s)); None
/// #     }
/// #     fn play(&self, s: &mut u32, n: u32) { *s -= n }
/// #     fn undo(&self, s: &mut u32, n: u32, (): ()) { *s += n }
/// #     fn side_to_move(&self, _: &u32) -> Side { Side::First }
/// # }
/// struct Small;
/// impl Candidates<Nim> for Small {
///     fn candidates(&self, _: &Nim, _: &u32, ply: u32, moves: &mut Vec<u32>) {
///         if ply > 0 {
///             moves.retain(|&n| n <= 2);
///         }
///     }
/// }
/// let mut moves = vec![1, 2, 3];
/// Small.candidates(&Nim, &5, 1, &mut moves);
/// assert_eq!(moves, [1, 2]);
/// ```
pub trait Candidates<G: Game> {
    /// Keeps, in `moves` (the legal moves of `state`, `ply` moves below the root), the
    /// moves to search, best first. It must only remove and reorder moves: a move it
    /// was not given is a logic error (searchers play it as it is).
    fn candidates(&self, game: &G, state: &G::State, ply: u32, moves: &mut Vec<G::Move>);
}

/// The moves a searcher expands at `state`, `ply` moves below the root: the outcome
/// of a finished game, or the legal moves (in `out`, cleared first) restricted to the
/// `candidates`.
#[inline]
pub(crate) fn candidate_moves<G: Game, C: Candidates<G>>(
    game: &G,
    candidates: &C,
    state: &G::State,
    ply: u32,
    out: &mut Vec<G::Move>,
) -> Option<Outcome<G::Score>> {
    out.clear();
    let over = game.moves(state, out);
    if over.is_none() && out.len() > 1 {
        let legal = out.len();
        candidates.candidates(game, state, ply, out);
        debug_assert!(out.len() <= legal, "Candidates added moves");
        if out.is_empty() {
            // No opinion: every legal move.
            game.moves(state, out);
        }
    }
    over
}

/// A move-ordering hook: puts the moves it expects to be best first. The searcher
/// still puts its own table move and killers ahead of them.
pub trait MoveOrder<G: Game> {
    /// Reorders `moves`, the legal moves of `state`, best first.
    fn order(&self, game: &G, state: &G::State, moves: &mut [G::Move]);
}

/// Noisy moves for quiescence search: moves that must be answered before a static
/// evaluation means anything (captures, ataris).
pub trait NoisyMoves<G: Game> {
    /// Appends the noisy moves of `state` to `out`.
    fn noisy_moves(&self, game: &G, state: &G::State, out: &mut Vec<G::Move>);
}

/// Prior probabilities of moves for MCTS (PUCT); without priors MCTS is plain UCT.
pub trait Priors<G: Game> {
    /// Writes one non-negative weight per move of `moves` into `out` (cleared first).
    /// Weights need not sum to one; missing or invalid weights count as uniform.
    fn priors(&self, game: &G, state: &G::State, moves: &[G::Move], out: &mut Vec<f64>);

    /// Whether this implementation provides priors at all. Default: `true`.
    fn enabled(&self) -> bool {
        true
    }
}

/// A playout policy for MCTS: estimates the value of a leaf.
pub trait Rollout<G: Game> {
    /// A reward in `[0, 1]` for the side to move in `state` (1 = win, 0.5 = draw).
    /// `state` may be changed freely; the searcher hands over its own copy.
    fn rollout(&self, game: &G, state: &mut G::State, rng: &mut Rng) -> f64;

    /// [`Rollout::rollout`], appending to `played` the moves of the playout in order
    /// (null moves included), the first by the side to move in `state`: what MCTS's
    /// RAVE/AMAF statistics learn from. The default runs [`Rollout::rollout`] and
    /// records nothing (RAVE then learns from the moves of the tree only).
    fn rollout_recorded(
        &self,
        game: &G,
        state: &mut G::State,
        rng: &mut Rng,
        played: &mut Vec<G::Move>,
    ) -> f64 {
        let _ = played;
        self.rollout(game, state, rng)
    }
}

/// Uniformly random playouts until the game ends or `max_plies` moves were played
/// (then the playout counts as a draw).
///
/// # Examples
/// ```
/// use go_search::RandomRollout;
/// assert_eq!(RandomRollout::new(200).max_plies, 200);
/// assert_eq!(RandomRollout::default().max_plies, 1000);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RandomRollout {
    /// Longest playout, in moves.
    pub max_plies: u32,
}

impl RandomRollout {
    /// Playouts of at most `max_plies` moves.
    pub fn new(max_plies: u32) -> RandomRollout {
        RandomRollout { max_plies }
    }
}

impl Default for RandomRollout {
    fn default() -> Self {
        RandomRollout::new(1000)
    }
}

impl<G: Game> Rollout<G> for RandomRollout {
    fn rollout(&self, game: &G, state: &mut G::State, rng: &mut Rng) -> f64 {
        self.rollout_recorded(game, state, rng, &mut Vec::new())
    }

    fn rollout_recorded(
        &self,
        game: &G,
        state: &mut G::State,
        rng: &mut Rng,
        played: &mut Vec<G::Move>,
    ) -> f64 {
        let mut moves = Vec::new();
        let mut flipped = false;
        for _ in 0..self.max_plies {
            moves.clear();
            match game.moves(state, &mut moves) {
                Some(outcome) => {
                    let r = outcome_reward(outcome);
                    return if flipped { 1.0 - r } else { r };
                }
                None if moves.is_empty() => return 0.5,
                None => {
                    let mv = moves[rng.below(moves.len() as u64) as usize];
                    game.play(state, mv);
                    played.push(mv);
                    flipped = !flipped;
                }
            }
        }
        0.5
    }
}

/// The MCTS reward of a finished game for its side to move.
pub(crate) fn outcome_reward<S: crate::Score>(outcome: Outcome<S>) -> f64 {
    match outcome {
        Outcome::Win => 1.0,
        Outcome::Loss => 0.0,
        Outcome::Draw => 0.5,
        Outcome::Score(s) if s > S::ZERO => 1.0,
        Outcome::Score(s) if s < S::ZERO => 0.0,
        Outcome::Score(_) => 0.5,
    }
}

impl<G: Game> Candidates<G> for () {
    #[inline]
    fn candidates(&self, _: &G, _: &G::State, _: u32, _: &mut Vec<G::Move>) {}
}

impl<G: Game, T: Candidates<G> + ?Sized> Candidates<G> for &T {
    fn candidates(&self, game: &G, state: &G::State, ply: u32, moves: &mut Vec<G::Move>) {
        (**self).candidates(game, state, ply, moves);
    }
}

impl<G: Game> MoveOrder<G> for () {
    fn order(&self, _: &G, _: &G::State, _: &mut [G::Move]) {}
}

impl<G: Game> NoisyMoves<G> for () {
    fn noisy_moves(&self, _: &G, _: &G::State, _: &mut Vec<G::Move>) {}
}

impl<G: Game> Priors<G> for () {
    fn priors(&self, _: &G, _: &G::State, _: &[G::Move], out: &mut Vec<f64>) {
        out.clear();
    }
    fn enabled(&self) -> bool {
        false
    }
}

impl<G: Game, T: Evaluator<G> + ?Sized> Evaluator<G> for &T {
    fn evaluate(&self, game: &G, state: &G::State) -> G::Score {
        (**self).evaluate(game, state)
    }
}

impl<G: Game, T: IntervalEvaluator<G> + ?Sized> IntervalEvaluator<G> for &T {
    fn bounds(&self, game: &G, state: &G::State) -> Bounds<G::Score> {
        (**self).bounds(game, state)
    }
}

impl<G: Game, T: ProbabilityEvaluator<G> + ?Sized> ProbabilityEvaluator<G> for &T {
    fn estimate(&self, game: &G, state: &G::State) -> Estimate<G::Score> {
        (**self).estimate(game, state)
    }
}

impl<G: Game, T: ProofEvaluator<G> + ?Sized> ProofEvaluator<G> for &T {
    fn attacker(&self) -> Side {
        (**self).attacker()
    }
    fn proof_numbers(&self, game: &G, state: &G::State) -> ProofNumbers {
        (**self).proof_numbers(game, state)
    }
    fn attacker_wins(&self, outcome: Outcome<G::Score>, to_move: Side) -> bool {
        (**self).attacker_wins(outcome, to_move)
    }
}

impl<G: Game, T: MoveOrder<G> + ?Sized> MoveOrder<G> for &T {
    fn order(&self, game: &G, state: &G::State, moves: &mut [G::Move]) {
        (**self).order(game, state, moves);
    }
}

impl<G: Game, T: NoisyMoves<G> + ?Sized> NoisyMoves<G> for &T {
    fn noisy_moves(&self, game: &G, state: &G::State, out: &mut Vec<G::Move>) {
        (**self).noisy_moves(game, state, out);
    }
}

impl<G: Game, T: Priors<G> + ?Sized> Priors<G> for &T {
    fn priors(&self, game: &G, state: &G::State, moves: &[G::Move], out: &mut Vec<f64>) {
        (**self).priors(game, state, moves, out);
    }
    fn enabled(&self) -> bool {
        (**self).enabled()
    }
}

impl<G: Game, T: Rollout<G> + ?Sized> Rollout<G> for &T {
    fn rollout(&self, game: &G, state: &mut G::State, rng: &mut Rng) -> f64 {
        (**self).rollout(game, state, rng)
    }
}
