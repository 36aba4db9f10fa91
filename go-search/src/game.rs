//! The rules seam: [`Game`], [`Side`] and [`Outcome`].

use core::fmt::Debug;
use core::hash::Hash;

use crate::score::Score;

/// One of the two players. go-search knows nothing of colours: a Go binding maps
/// Black to [`Side::First`] and White to [`Side::Second`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// The player who moves first.
    First,
    /// The other player.
    Second,
}

impl Side {
    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// How a finished game ended, from the point of view of the side to move in the final
/// state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome<S> {
    /// The side to move has won.
    Win,
    /// The side to move has lost (the usual case: the opponent just won).
    Loss,
    /// Nobody won.
    Draw,
    /// The game ended with a score for the side to move (for Go: area score minus komi).
    /// Positive is good for the side to move; it is clamped to `±MAX_EVAL`.
    Score(S),
}

impl<S: Score> Outcome<S> {
    /// The negamax value of this outcome reached `ply` moves below the root: wins closer
    /// to the root are worth more, losses further away cost less.
    pub fn value(self, ply: u32) -> S {
        match self {
            Outcome::Win => S::win_in(ply),
            Outcome::Loss => -S::win_in(ply),
            Outcome::Draw => S::ZERO,
            Outcome::Score(s) => s.clamp_eval(),
        }
    }

    /// The same outcome seen by the other side.
    #[must_use]
    pub fn flip(self) -> Self {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
            Outcome::Score(s) => Outcome::Score(-s),
        }
    }

    /// Whether the side to move won (for scores: the score is positive).
    pub fn is_win(self) -> bool {
        match self {
            Outcome::Win => true,
            Outcome::Loss | Outcome::Draw => false,
            Outcome::Score(s) => s > S::ZERO,
        }
    }
}

/// A two-player, zero-sum game of perfect information, as a searcher sees it.
///
/// The trait is implemented on a *rules object* (methods take `&self`), so it can carry
/// runtime data (board size, komi, Zobrist keys) while the state stays plain data.
/// States are changed in place: [`Game::play`] returns an undo record that
/// [`Game::undo`] consumes. A copy-make game sets `Undo = State` and restores the copy.
///
/// Conventions every searcher relies on:
///
/// - every move, including a null move (pass), hands the turn to the opponent;
/// - scores are from the point of view of [`Game::side_to_move`] (negamax form);
/// - equal states give equal [`Game::hash`] values.
///
/// # Examples
/// A game of Nim with one heap, where a move takes one to three stones and whoever takes
/// the last stone wins:
/// ```
/// use go_search::{Game, Outcome, Side};
///
/// struct Nim;
///
/// impl Game for Nim {
///     type State = (u32, Side);
///     type Move = u32;
///     type Undo = ();
///     type Score = i32;
///
///     fn moves(&self, s: &(u32, Side), out: &mut Vec<u32>) -> Option<Outcome<i32>> {
///         if s.0 == 0 {
///             return Some(Outcome::Loss); // the opponent took the last stone
///         }
///         out.extend((1..=3).filter(|&n| n <= s.0));
///         None
///     }
///     fn play(&self, s: &mut (u32, Side), n: u32) {
///         *s = (s.0 - n, s.1.opponent());
///     }
///     fn undo(&self, s: &mut (u32, Side), n: u32, (): ()) {
///         *s = (s.0 + n, s.1.opponent());
///     }
///     fn side_to_move(&self, s: &(u32, Side)) -> Side {
///         s.1
///     }
///     fn hash(&self, s: &(u32, Side)) -> Option<u64> {
///         Some(u64::from(s.0) << 1 | (s.1 == Side::Second) as u64)
///     }
/// }
///
/// let mut moves = Vec::new();
/// assert_eq!(Nim.moves(&(2, Side::First), &mut moves), None);
/// assert_eq!(moves, [1, 2]);
/// ```
pub trait Game {
    /// A position, including the side to move and whatever the rules need.
    type State;
    /// A move: small and `Copy` (a Go move fits in two bytes).
    type Move: Copy + Eq + Hash + Debug;
    /// What [`Game::play`] returns and [`Game::undo`] needs to restore the state.
    type Undo;
    /// The score type of finished games and of this game's evaluators.
    type Score: Score;

    /// Appends the legal moves of `state` to `out`, or returns the outcome if the game
    /// is over (then `out` is left as it is).
    ///
    /// A state that returns `None` and no moves is scored as [`Outcome::Draw`]; report
    /// the real outcome instead if the rules give one.
    fn moves(&self, state: &Self::State, out: &mut Vec<Self::Move>)
    -> Option<Outcome<Self::Score>>;

    /// The outcome of `state` if the game is over, without the moves: what searchers ask
    /// where they need no moves (at the horizon of alpha-beta, for B*'s new leaves).
    ///
    /// It must agree with [`Game::moves`]: `Some` exactly when `moves` reports an outcome
    /// (or no moves, which is a [`Outcome::Draw`]). The default calls `moves` with
    /// `scratch` as the buffer; override it when the game can tell more cheaply (a Go
    /// game is over after two passes, whatever its legal moves are).
    ///
    /// # Examples
    /// ```
    /// # use go_search::{Game, Outcome, Side};
    /// # struct Nim;
    /// # impl Game for Nim {
    /// #     type State = u32; type Move = u32; type Undo = (); type Score = i32;
    /// #     fn moves(&self, s: &u32, out: &mut Vec<u32>) -> Option<Outcome<i32>> {
    /// #         if *s == 0 { return Some(Outcome::Loss) }
    /// #         out.extend((1..=3).filter(|n| n <= s)); None
    /// #     }
    /// #     fn play(&self, s: &mut u32, n: u32) { *s -= n }
    /// #     fn undo(&self, s: &mut u32, n: u32, (): ()) { *s += n }
    /// #     fn side_to_move(&self, _: &u32) -> Side { Side::First }
    /// # }
    /// let mut scratch = Vec::new();
    /// assert_eq!(Nim.outcome(&0, &mut scratch), Some(Outcome::Loss));
    /// assert_eq!(Nim.outcome(&5, &mut scratch), None);
    /// ```
    fn outcome(
        &self,
        state: &Self::State,
        scratch: &mut Vec<Self::Move>,
    ) -> Option<Outcome<Self::Score>> {
        scratch.clear();
        match self.moves(state, scratch) {
            None if scratch.is_empty() => Some(Outcome::Draw),
            over => over,
        }
    }

    /// Plays `mv`, which [`Game::moves`] or [`Game::null_move`] produced for `state`.
    fn play(&self, state: &mut Self::State, mv: Self::Move) -> Self::Undo;

    /// Takes back `mv`, the last move played on `state`, given the record `play` returned.
    fn undo(&self, state: &mut Self::State, mv: Self::Move, undo: Self::Undo);

    /// The side to move in `state`.
    fn side_to_move(&self, state: &Self::State) -> Side;

    /// A transposition key: equal states give equal keys. `None` (the default) disables
    /// the transposition tables that need it; nothing panics.
    fn hash(&self, _state: &Self::State) -> Option<u64> {
        None
    }

    /// The [`Game::hash`] of the state after `mv`, if the game can tell without playing
    /// it (with Zobrist keys: the current key with the move's keys applied). Searchers
    /// use it to prefetch transposition-table entries of the children while the parent
    /// is still being worked on. Default: `None` (no prefetching).
    fn hash_after(&self, _state: &Self::State, _mv: Self::Move) -> Option<u64> {
        None
    }

    /// A move that passes the turn without changing anything else (Go's pass), if the
    /// game has one. Used by null-move pruning. Default: `None`.
    fn null_move(&self, _state: &Self::State) -> Option<Self::Move> {
        None
    }

    /// A small dense index for `mv` (for history tables), if the game has one; indices
    /// at or above 65,536 are ignored. Default: `None` (no history heuristic).
    fn move_index(&self, _mv: Self::Move) -> Option<usize> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_flip_and_score() {
        assert_eq!(Outcome::<i32>::Win.flip(), Outcome::Loss);
        assert_eq!(Outcome::Score(3).flip(), Outcome::Score(-3));
        assert_eq!(Outcome::<i32>::Loss.value(2), -i32::win_in(2));
        assert_eq!(Outcome::<i32>::Draw.value(2), 0);
        assert_eq!(Outcome::Score(i32::MAX).value(0), i32::MAX_EVAL);
        assert!(Outcome::Score(1).is_win() && !Outcome::Score(0).is_win());
        assert_eq!(Side::First.opponent(), Side::Second);
    }
}
