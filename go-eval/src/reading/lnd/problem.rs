//! The question's position: a board, the target stones and the region where play happens.

use core::fmt;

use go_board::{Board, Color, Move, Point, PointSet};

/// A life-and-death position: the board, the *target* (stones of one colour, the
/// defender's) and the *region*, the points where either side may play. Moves outside
/// the region never happen; passing is always allowed.
///
/// The region should enclose the target: a target chain with a liberty outside the
/// region can never be captured, since nobody may fill that liberty. Closed problems
/// (a group inside a wall) give the region directly; open ones are closed first by
/// [`frame`](super::frame).
///
/// The attacker wins when every target point is empty or holds an attacker stone (the
/// target was captured); the defender wins when a target stone belongs to a pass-alive
/// chain (Benson), or when the game ends with two passes in a row while a target stone
/// still stands (so seki counts as life for the defender).
///
/// # Examples
///
/// ```
/// use go_board::{Board, Color, Move, Point, PointSet};
/// use go_eval::reading::lnd::Problem;
/// let board = Board::from_diagram(
///     "
///     . O X .
///     O O X .
///     X X X .
///     . . . .
///     ",
/// )?;
/// let size = board.size();
/// let b4 = Point::parse_gtp("B4", size)?;
/// let problem = Problem::with_target_chain(board.clone(), b4, size.on_board())?;
/// assert_eq!(problem.defender(), Color::White);
/// assert_eq!(problem.target().len(), 3);
/// assert!(Problem::new(board, PointSet::EMPTY, size.on_board()).is_err());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    board: Board,
    target: PointSet,
    region: PointSet,
    defender: Color,
}

/// Why a [`Problem`] cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProblemError {
    /// The target holds no stone.
    NoTarget,
    /// The target point holds no stone, or is off the board.
    NotAStone(Point),
    /// The target holds stones of both colours (or an empty point).
    MixedTarget,
    /// A target stone lies outside the region.
    TargetOutsideRegion(Point),
    /// The region has no point on the board.
    EmptyRegion,
    /// The move is not legal here (occupied, outside the region, suicide, or a simple
    /// ko retake).
    IllegalMove(Move),
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::NoTarget => f.write_str("the target holds no stone"),
            ProblemError::NotAStone(p) => write!(f, "there is no stone on the target point {p}"),
            ProblemError::MixedTarget => {
                f.write_str("the target must be stones of one colour and nothing else")
            }
            ProblemError::TargetOutsideRegion(p) => {
                write!(f, "the target stone {p} lies outside the region")
            }
            ProblemError::EmptyRegion => f.write_str("the region has no point on the board"),
            ProblemError::IllegalMove(m) => write!(f, "{m} is not a legal move of the problem"),
        }
    }
}

impl std::error::Error for ProblemError {}

impl Problem {
    /// A problem with the given target stones and region (points off the board are
    /// dropped from both). The board's simple-ko point, if any, stays in force for the
    /// first move.
    ///
    /// # Errors
    ///
    /// [`ProblemError`] if the target is empty, is not made of stones of one colour, or
    /// leaves the region, or if the region is empty.
    pub fn new(board: Board, target: PointSet, region: PointSet) -> Result<Problem, ProblemError> {
        let on_board = board.size().on_board();
        let (target, region) = (target & on_board, region & on_board);
        let first = target.first().ok_or(ProblemError::NoTarget)?;
        let defender = board.color_at(first).ok_or(ProblemError::MixedTarget)?;
        if !target.is_subset(board.stones(defender)) {
            return Err(ProblemError::MixedTarget);
        }
        if region.is_empty() {
            return Err(ProblemError::EmptyRegion);
        }
        if let Some(p) = (target - region).first() {
            return Err(ProblemError::TargetOutsideRegion(p));
        }
        Ok(Problem { board, target, region, defender })
    }

    /// A problem whose target is the chain on `point`.
    ///
    /// # Errors
    ///
    /// [`ProblemError::NotAStone`] if `point` is empty or off the board, and the errors
    /// of [`Problem::new`].
    pub fn with_target_chain(
        board: Board,
        point: Point,
        region: PointSet,
    ) -> Result<Problem, ProblemError> {
        if !board.size().contains(point) || board.color_at(point).is_none() {
            return Err(ProblemError::NotAStone(point));
        }
        let target = board.chain_stones(point);
        Problem::new(board, target, region)
    }

    /// The problem after `color` plays `mv`: the same region, the target's stones that
    /// still stand. (The history is not kept: superko in the new problem starts from
    /// its own position.)
    ///
    /// # Errors
    ///
    /// [`ProblemError::IllegalMove`] if `mv` is not legal for `color`, and
    /// [`ProblemError::NoTarget`] if it captures the whole target.
    pub fn after(&self, color: Color, mv: Move) -> Result<Problem, ProblemError> {
        let mut board = self.board.clone();
        match mv {
            Move::Pass => {
                board.pass();
            }
            Move::Play(p) => {
                if !self.region.contains(p) || !board.is_legal(color, p) {
                    return Err(ProblemError::IllegalMove(mv));
                }
                board.play(color, p);
            }
        }
        let target = self.target & *board.stones(self.defender);
        Problem::new(board, target, self.region)
    }

    /// The position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The target stones.
    pub fn target(&self) -> PointSet {
        self.target
    }

    /// The points where play happens.
    pub fn region(&self) -> PointSet {
        self.region
    }

    /// The owner of the target.
    pub fn defender(&self) -> Color {
        self.defender
    }

    /// The defender's opponent.
    pub fn attacker(&self) -> Color {
        self.defender.opponent()
    }
}
