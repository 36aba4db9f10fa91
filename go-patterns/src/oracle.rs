//! What patterns ask of the host: the built-ins that read (ladders, status) go through
//! [`BoardOracle`], so that this crate depends on go-board only and an evaluator
//! (go-eval, an engine) answers with its own reading.

use go_board::{Board, Color, Point, PointMap, Status};

/// Answers the questions of pattern conditions that need reading.
///
/// Every method has a default that needs no reading: liberties from the board, ladders
/// and status unknown. A condition whose value depends on an unknown answer is unknown,
/// and a pattern matches only when its condition is known to hold (so `ladder_capture(a)`
/// and `not ladder_capture(a)` both fail with [`BoardOnly`]).
///
/// # Examples
///
/// ```
/// use go_board::{Board, Color, Point};
/// use go_patterns::{BoardOnly, BoardOracle};
/// let board = Board::from_diagram(". X O\n. . .")?;
/// let b2 = Point::parse_gtp("B2", board.size())?;
/// assert_eq!(BoardOnly.liberties(&board, b2), 2);
/// assert_eq!(BoardOnly.ladder_attack(&board, b2, Color::White), None);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub trait BoardOracle {
    /// The liberties of the chain at `point` (0 for an empty point).
    fn liberties(&self, board: &Board, point: Point) -> usize {
        board.liberty_count(point)
    }

    /// Whether the opponent of the chain at `target` captures it in a ladder (by
    /// successive ataris) when `to_move` plays first; `None` if not known. `target` holds
    /// a stone.
    ///
    /// `ladder_capture(p)` asks this with the attacker to move, `ladder_escape(p)` with
    /// the owner to move (and negates the answer).
    fn ladder_attack(&self, board: &Board, target: Point, to_move: Color) -> Option<bool> {
        let _ = (board, target, to_move);
        None
    }

    /// The life-and-death status of the group of the chain at `point` (a stone).
    fn status(&self, board: &Board, point: Point) -> Status {
        let _ = (board, point);
        Status::Unknown
    }

    /// Who owns every point in the host's estimate, Black positive: 2 Black's territory
    /// (or a point of a live black group), 1 under Black's influence, 0 neutral, −1 and
    /// −2 likewise for White (other values count as the nearest of these); `None` if
    /// the host has no estimate. Asked once per position by the learned patterns'
    /// [`Owner`](crate::learned::FeatureGroup::Owner) feature, which ignores the answer
    /// on points off the map.
    fn ownership(&self, board: &Board) -> Option<PointMap<i8>> {
        let _ = board;
        None
    }
}

/// The oracle that reads nothing: liberties from the board, ladders and status unknown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardOnly;

impl BoardOracle for BoardOnly {}

impl<O: BoardOracle + ?Sized> BoardOracle for &O {
    fn liberties(&self, board: &Board, point: Point) -> usize {
        (**self).liberties(board, point)
    }

    fn ladder_attack(&self, board: &Board, target: Point, to_move: Color) -> Option<bool> {
        (**self).ladder_attack(board, target, to_move)
    }

    fn status(&self, board: &Board, point: Point) -> Status {
        (**self).status(board, point)
    }

    fn ownership(&self, board: &Board) -> Option<PointMap<i8>> {
        (**self).ownership(board)
    }
}
