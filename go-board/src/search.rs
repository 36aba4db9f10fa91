//! Go as a [`go_search::Game`] (feature `search`).
//!
//! [`GoGame`] is the rules object: the state is a [`Position`], a move is a [`Move`]
//! (the pass included, which is also the null move), and a finished game (two
//! consecutive passes) scores the board by the position's rules with every stone alive,
//! in half-points for the side to move, komi and handicap compensation included.
//!
//! Superko makes the legal moves depend on the path to a position, and a transposition
//! table keyed by the board does not see the path: results read from a table are exact
//! only under [`KoRule::Simple`](crate::KoRule::Simple) or when repetitions cannot
//! matter. Plain searches without a table are always exact.
//!
//! # Examples
//!
//! Solve 3×1 Go under Tromp-Taylor rules without komi:
//!
//! ```
//! use go_board::search::GoGame;
//! use go_board::{BoardSize, Komi, Position, Rules};
//! use go_search::alphabeta::Config;
//! use go_search::{AlphaBeta, Evaluator, Limits, Searcher, Value};
//!
//! struct Unused;
//! impl Evaluator<GoGame> for Unused {
//!     fn evaluate(&self, _: &GoGame, _: &Position) -> i32 { 0 }
//! }
//! let rules = Rules::tromp_taylor().with_komi(Komi::from_points(0));
//! let root = Position::new(BoardSize::new(3, 1)?, rules);
//! let search = AlphaBeta::new(Config::plain(), Unused)?;
//! let report = search.search(&GoGame, &mut search.scratch(), &root, &Limits::default());
//! assert!(report.solved);
//! // Black takes the middle point and the whole board: three points, in half-points
//! // for the side to move.
//! assert_eq!(report.value, Value::Exact(6));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use go_search::{Game, Outcome, Side};

use crate::{Color, Move, Point, PointSet, Position};

/// Go under a [`Position`]'s rules, for the searchers of `go-search`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GoGame;

/// The side of `go-search` that a colour plays: Black moves first.
pub fn side_of(color: Color) -> Side {
    match color {
        Color::Black => Side::First,
        Color::White => Side::Second,
    }
}

impl Game for GoGame {
    type State = Position;
    type Move = Move;
    type Undo = ();
    type Score = i32;

    fn moves(&self, state: &Position, out: &mut Vec<Move>) -> Option<Outcome<i32>> {
        let over = self.outcome(state, out);
        if over.is_none() {
            out.extend(state.legal_moves());
        }
        over
    }

    /// The area score after two passes, without generating the legal moves (pass is
    /// always legal, so an unfinished game always has moves).
    fn outcome(&self, state: &Position, _: &mut Vec<Move>) -> Option<Outcome<i32>> {
        if !state.is_over() {
            return None;
        }
        let margin = state.score(&PointSet::EMPTY).margin_half_points();
        let own = match state.to_move() {
            Color::Black => margin,
            Color::White => -margin,
        };
        Some(Outcome::Score(own))
    }

    /// Plays a move that [`GoGame::moves`] generated.
    ///
    /// # Panics
    ///
    /// If `mv` is illegal in `state` (searchers only play generated moves).
    fn play(&self, state: &mut Position, mv: Move) {
        if let Err(e) = state.try_play(mv) {
            panic!("GoGame::play: {mv} is illegal: {e}");
        }
    }

    /// Takes back the last move.
    ///
    /// # Panics
    ///
    /// If `state` has no move to take back (a searcher bug).
    fn undo(&self, state: &mut Position, _mv: Move, (): ()) {
        state.undo().expect("GoGame::undo follows a play");
    }

    fn side_to_move(&self, state: &Position) -> Side {
        side_of(state.to_move())
    }

    /// The board's hash with the side to move and the number of consecutive passes.
    fn hash(&self, state: &Position) -> Option<u64> {
        Some(
            state.situational_hash()
                ^ u64::from(state.consecutive_passes()).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        )
    }

    fn null_move(&self, _state: &Position) -> Option<Move> {
        Some(Move::Pass)
    }

    fn move_index(&self, mv: Move) -> Option<usize> {
        Some(match mv {
            Move::Play(p) => p.index(),
            Move::Pass => Point::INDEX_LIMIT,
        })
    }
}
