//! Exact life and death of a group in a closed region: df-pn with a transposition table
//! over the moves of the region and a pass, ko as a threat balance, Benson and an
//! eye-space test at the leaves.
//!
//! # The question
//!
//! A [`Problem`] is a board, a *target* (stones of the defender) and a *region* where
//! play happens; [`frame`] closes an open corner or side problem. The attacker wins
//! when every target stone has been captured; the defender wins when a target stone is
//! in a pass-alive chain, or when two passes in a row end the game with a target stone
//! standing: **seki counts as life** for the defender ([`LifeAndDeath::status`] tells
//! seki apart from independent life with a third search). Moves are the empty points of
//! the region that are not suicides, and a pass; a move that would recreate a position
//! of the current path is illegal (positional superko), except the immediate retake of
//! a simple ko by a side that may still ignore the ko ban.
//!
//! # Ko
//!
//! [`Outcome`](crate::reading::Outcome) is a threat balance. Let S(k) be "the prover
//! reaches its goal when it may ignore the ko ban k more times than the opponent". The
//! solver runs at most three searches: S(−∞) (only the opponent may retake a banned ko,
//! as often as it likes), then S(+∞) (only the prover may) if that fails, then S(0)
//! (nobody may: a ko goes to whoever takes it first) if S(+∞) succeeds. The
//! permissions left are part of the table key, so a ko cycle always ends. A later
//! search reads what an earlier one settled where it still holds: the prover's wins
//! of S(−∞) in S(+∞) and S(0), its losses of S(+∞) in S(0).
//!
//! Not every ko is as good: when several first moves give the same ko outcome,
//! [`LifeAndDeath::first_moves`] ranks them. A ko the prover takes first is best when
//! the prover may wait (whatever the opponent answers, it may play elsewhere and still
//! win S(0): only it can start the ko, as with a bent four in the corner, which
//! Japanese rules count dead), then the more threats the opponent may have beyond the
//! prover's and still lose (S(−1), S(−2)); a ko that needs threats is better the fewer
//! the prover needs (S(+1), S(+2)). An open problem's ko answer
//! ([`LifeAndDeath::solve_open`]) is the best of them.
//!
//! # The search
//!
//! df-pn (Nagai) with the 1+ε trick (Pawlewicz & Lew); every node's children are
//! generated with their terminal tests and table values. A result that depended on a
//! superko refusal of a position above its node (the graph-history-interaction
//! problem) is passed up but never stored as settled. The table grows and never evicts,
//! so answers and node counts are the same on every run and for every initial table
//! size. Leaves:
//!
//! - target captured: attacker wins;
//! - a target chain pass-alive (Benson, with eye regions inside the region only):
//!   defender wins;
//! - the defender hopeless: the points reachable from the target without crossing an
//!   attacker stone connected to an uncapturable one, and not next to such a stone, are
//!   at most one, or two adjacent ones (then neither two eyes nor a seki fit): attacker
//!   wins.
//!
//! The budget is in nodes (every position reached by a move counts) and plies, never
//! time; an answer cut by it says `certain: false`.
//!
//! # Examples
//!
//! ```
//! use go_board::{Board, Color, Move, Point, PointSet};
//! use go_eval::reading::lnd::{Goal, LifeAndDeath, Problem};
//! use go_eval::reading::{Budget, Outcome};
//! // White's straight three on the first line: play happens in the eye space only
//! // (the region holds the target's stones and the three empty points).
//! let board = Board::from_diagram(
//!     "
//!     . . . . . .
//!     X X X X X .
//!     O O O O X .
//!     . . . O X .
//!     ",
//! )?;
//! let size = board.size();
//! let v = |s: &str| Point::parse_gtp(s, size);
//! let target = board.chain_stones(v("A2")?);
//! let region = target | PointSet::from_iter([v("A1")?, v("B1")?, v("C1")?]);
//! let problem = Problem::new(board, target, region)?;
//! let solver = LifeAndDeath::default();
//! let budget = Budget::new(100_000, 60);
//! // Black kills by the vital point, and by no other move.
//! let kill = solver.first_moves(&problem, Goal::Kill, budget);
//! assert_eq!(kill.solution.answer.outcome, Outcome::Win);
//! assert!(kill.complete);
//! assert_eq!(kill.moves.iter().map(|m| m.point).collect::<Vec<_>>(), [Move::Play(v("B1")?)]);
//! // White to play lives there.
//! let live = solver.solve(&problem, Goal::Live, Color::White, budget);
//! assert_eq!(live.answer.outcome, Outcome::Win);
//! assert_eq!(live.answer.point, Some(Move::Play(v("B1")?)));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod dfpn;
mod frame;
mod game;
mod leaf;
mod moves;
mod open;
mod problem;
mod solver;
mod table;

pub use frame::{
    Frame, FrameError, MARGIN, REACH, SNAP, frame, frame_reach, frame_with_margin, guess_attacker,
};
pub use moves::MoveOrder;
pub use open::OpenAnswer;
pub use problem::{Problem, ProblemError};
pub use solver::{Config, FirstMove, FirstMoves, Goal, LifeAndDeath, Solution, StatusReport};
