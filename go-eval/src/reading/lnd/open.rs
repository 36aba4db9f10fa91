//! Open problems: frame the stones, find the goal of the side to play when it is not
//! given, and answer.

use go_board::{Board, Color};

use super::frame::{Frame, FrameError, frame_reach, frame_with_margin, guess_attacker};
use super::solver::{FirstMoves, Goal, LifeAndDeath};
use crate::reading::Budget;

/// An open problem answered by [`LifeAndDeath::solve_open`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenAnswer {
    /// The framed problem that was solved.
    pub frame: Frame,
    /// The goal of the side to play.
    pub goal: Goal,
    /// Whether the goal was given; if not, the solver chose it: the goal the side to
    /// play reaches, or, when it reaches neither, the one the frame's guess of the
    /// attacker implies.
    pub goal_given: bool,
    /// The answer, with every correct first move when they were asked for (else only
    /// the main line's first move).
    pub moves: FirstMoves,
    /// Nodes used in all, the goals that were tried and failed included.
    pub nodes: u64,
}

impl LifeAndDeath {
    /// Answers an open problem: `to_play` moves first on `board`, and wants `goal`, or,
    /// without one, whatever it can reach.
    ///
    /// The attacker is the colour the goal implies, or the frame's guess
    /// ([`guess_attacker`]; the opponent of `to_play` when there is none). Without a
    /// goal, the other attacker is tried when the side to play surely fails with the
    /// first (both searches share `budget`). With `every_first_move`, all correct first
    /// moves are settled ([`LifeAndDeath::first_moves`]).
    ///
    /// # Errors
    ///
    /// [`FrameError`] if no frame can be put around the stones for any attacker tried.
    ///
    /// # Examples
    ///
    /// ```
    /// use go_board::{Board, BoardSize, Color, Move, Point};
    /// use go_eval::reading::lnd::{Goal, LifeAndDeath};
    /// use go_eval::reading::Budget;
    /// let size = BoardSize::square(19)?;
    /// let mut board = Board::new(size);
    /// // White's straight three on the first line in the corner, Black around it.
    /// for v in ["A2", "B2", "C2", "D2", "D1"] {
    ///     board.set_point(Point::parse_gtp(v, size)?, Some(Color::White))?;
    /// }
    /// for v in ["A3", "B3", "C3", "D3", "E3", "E2", "E1"] {
    ///     board.set_point(Point::parse_gtp(v, size)?, Some(Color::Black))?;
    /// }
    /// let solver = LifeAndDeath::default();
    /// let answer = solver.solve_open(&board, Color::Black, None, Budget::new(100_000, 100), true)?;
    /// assert_eq!(answer.goal, Goal::Kill);
    /// let b1 = Move::Play(Point::parse_gtp("B1", size)?);
    /// assert_eq!(answer.moves.solution.answer.point, Some(b1));
    /// assert_eq!(answer.moves.moves.iter().map(|m| m.point).collect::<Vec<_>>(), [b1]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_open(
        &self,
        board: &Board,
        to_play: Color,
        goal: Option<Goal>,
        budget: Budget,
        every_first_move: bool,
    ) -> Result<OpenAnswer, FrameError> {
        let first_attacker = match goal {
            Some(Goal::Kill) => to_play,
            Some(Goal::Live) => to_play.opponent(),
            None => guess_attacker(board).unwrap_or(to_play.opponent()),
        };
        let attackers: &[Color] = if goal.is_some() {
            &[first_attacker][..]
        } else {
            &[first_attacker, first_attacker.opponent()][..]
        };
        let mut spent = 0;
        let mut first: Option<(Frame, Goal, FirstMoves)> = None;
        let mut last_error = None;
        for &attacker in attackers {
            let config = self.config();
            let framed = match config
                .frame_reach
                .map_or(Err(FrameError::TooBig), |reach| frame_reach(board, attacker, reach))
                .or_else(|_| frame_with_margin(board, attacker, config.frame_margin))
            {
                Ok(f) => f,
                Err(e) => {
                    last_error = Some(e);
                    continue;
                }
            };
            let g = if to_play == attacker { Goal::Kill } else { Goal::Live };
            let left = Budget::new(budget.nodes.saturating_sub(spent), budget.depth);
            let moves = self.first_moves_open(&framed, g, to_play, left, every_first_move);
            spent += moves.nodes;
            let answer = moves.solution.answer;
            let done = answer.outcome.is_success() || !answer.certain;
            if done || first.is_none() {
                if done {
                    return Ok(OpenAnswer {
                        frame: framed,
                        goal: g,
                        goal_given: goal.is_some(),
                        moves,
                        nodes: spent,
                    });
                }
                first = Some((framed, g, moves));
            }
        }
        match first {
            Some((frame, goal_found, moves)) => Ok(OpenAnswer {
                frame,
                goal: goal_found,
                goal_given: goal.is_some(),
                moves,
                nodes: spent,
            }),
            None => Err(last_error.unwrap_or(FrameError::NoStones)),
        }
    }
}
