//! Closing an open problem, as tsumego frames do.
//!
//! Published problems show a corner or a side with no wall around it: "Black to play"
//! means "in this corner", and the rest of the board is irrelevant. The solver needs a
//! closed question, so the problem is framed (the idea of LizGoban's tsumego frame):
//!
//! 1. the *box* is the bounding box of the stones, each side snapped to the board's
//!    edge when it lies within [`SNAP`] lines of it;
//! 2. the *region* (where play happens) is the box grown by [`MARGIN`] line on every
//!    side that was not snapped;
//! 3. every point outside the region becomes an attacker stone, except *eye holes*
//!    (points with no neighbour in the region or in another hole, on a lattice of
//!    every other row and column), so the wall is one pass-alive chain: nothing inside
//!    can ever capture it, and the defender cannot escape.
//!
//! LizGoban's frame also splits the rest of the board so that the attacker must win the
//! problem to win the game, because its reader counts the score; this solver's goals
//! are captures, so a wall with eyes is all it needs. The margin line keeps the
//! attacker's outermost stones apart from the wall: they stay capturable, as they are
//! in the book when the defender can cut them off.
//!
//! [`frame_reach`] frames tighter: the region is the defender's *reach* (the points
//! within a few steps of its stones, not crossing attacker stones), the attacker chains
//! next to it and the pockets they enclose; everything else is wall. It takes the
//! book's enclosure at its word (the space behind the attacker's stones is the
//! attacker's), which shrinks the search a lot and changes the question a little: a
//! defender that could run further in the book is stopped at the reach.
//! `LifeAndDeath::solve_open` uses it by default ([`REACH`] steps) and falls back to
//! [`frame_with_margin`] when it cannot be built.
//!
//! When the file does not say who attacks, the *outer* colour is taken as the attacker:
//! the one whose stones lie, on average, closer to the open sides of the box (the sides
//! not on the board's edge). Callers that can afford it try the other colour when the
//! side to play fails with that guess (as `go-engine solve` does).

use core::fmt;

use go_board::{Board, BoardSize, Color, Point, PointSet};

use super::problem::Problem;
use crate::benson::pass_alive;

/// A box side within this many lines of the edge is moved onto the edge.
pub const SNAP: u8 = 2;

/// Lines of empty margin between the box and the wall.
pub const MARGIN: u8 = 1;

/// The default reach of [`frame_reach`]: how many steps from its stones the defender's
/// room extends.
pub const REACH: u8 = 2;

/// A framed problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The closed problem: the board with the wall, the region inside the wall, and
    /// the defender's stones in it as the target.
    pub problem: Problem,
    /// The box of the stones, snapped to the edges: (left column, bottom row, right
    /// column, top row), from 0.
    pub bounds: (u8, u8, u8, u8),
}

/// Why a position cannot be framed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FrameError {
    /// The board holds no stone.
    NoStones,
    /// The defender has no stone on the board.
    NoDefender(Color),
    /// The region leaves no room outside for a wall with two eyes.
    TooBig,
}

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrameError::NoStones => f.write_str("the board holds no stone"),
            FrameError::NoDefender(c) => write!(f, "the defender ({c}) has no stone"),
            FrameError::TooBig => f.write_str(
                "the problem spans too much of the board to put a wall with two eyes around it",
            ),
        }
    }
}

impl std::error::Error for FrameError {}

/// The snapped box of the stones, or `None` without stones.
fn snapped_box(board: &Board) -> Option<(u8, u8, u8, u8)> {
    let size = board.size();
    let stones = *board.stones(Color::Black) | *board.stones(Color::White);
    let first = stones.first()?;
    let (mut l, mut b, mut r, mut t) = (first.col(), first.row(), first.col(), first.row());
    for p in stones {
        l = l.min(p.col());
        r = r.max(p.col());
        b = b.min(p.row());
        t = t.max(p.row());
    }
    let (cols, rows) = (size.cols(), size.rows());
    if l <= SNAP {
        l = 0;
    }
    if b <= SNAP {
        b = 0;
    }
    if cols - 1 - r <= SNAP {
        r = cols - 1;
    }
    if rows - 1 - t <= SNAP {
        t = rows - 1;
    }
    Some((l, b, r, t))
}

/// The points of a rectangle.
fn rectangle(size: BoardSize, (l, b, r, t): (u8, u8, u8, u8)) -> PointSet {
    let mut set = PointSet::EMPTY;
    for row in b..=t {
        for col in l..=r {
            set.insert(Point::must(col, row, size));
        }
    }
    set
}

/// The outer colour of the stones: the attacker when the file does not say; `None`
/// without stones, or when both colours are as close to the open sides (or the box has
/// no open side).
///
/// # Examples
///
/// ```
/// use go_board::{Board, Color};
/// use go_eval::reading::lnd::guess_attacker;
/// // White in the corner, Black around it.
/// let board = Board::from_diagram(
///     "
///     . . . . . . .
///     . . . . . . .
///     X X X . . . .
///     O O X . . . .
///     . O X . . . .
///     ",
/// )?;
/// assert_eq!(guess_attacker(&board), Some(Color::Black));
/// # Ok::<_, go_board::SetupError>(())
/// ```
pub fn guess_attacker(board: &Board) -> Option<Color> {
    let (l, b, r, t) = snapped_box(board)?;
    let size = board.size();
    // The distance of a stone to the nearest open side of the box.
    let open = [l > 0, b > 0, r < size.cols() - 1, t < size.rows() - 1];
    if !open.contains(&true) {
        return None;
    }
    let distance = |p: Point| {
        let d = [p.col() - l, p.row() - b, r - p.col(), t - p.row()];
        (0..4).filter(|&i| open[i]).map(|i| u64::from(d[i])).min().unwrap_or(0)
    };
    // Mean distances, compared as fractions.
    let mean = |c: Color| {
        let stones = board.stones(c);
        (stones.iter().map(distance).sum::<u64>(), stones.len() as u64)
    };
    let (sb, nb) = mean(Color::Black);
    let (sw, nw) = mean(Color::White);
    match (nb, nw) {
        (0, 0) => None,
        (0, _) => Some(Color::White),
        (_, 0) => Some(Color::Black),
        _ => match (sb * nw).cmp(&(sw * nb)) {
            core::cmp::Ordering::Less => Some(Color::Black),
            core::cmp::Ordering::Greater => Some(Color::White),
            core::cmp::Ordering::Equal => None,
        },
    }
}

/// Frames the stones of `board` for `attacker` (see the module documentation).
///
/// # Errors
///
/// [`FrameError`] if the board has no stone, the defender has none, or no wall with
/// two eyes fits around the region.
///
/// # Examples
///
/// ```
/// use go_board::{Board, BoardSize, Color, Point};
/// use go_eval::reading::lnd::frame;
/// let mut board = Board::new(BoardSize::square(19)?);
/// for (v, c) in [("A2", Color::White), ("B2", Color::White), ("B1", Color::White),
///                ("A3", Color::Black), ("B3", Color::Black), ("C3", Color::Black),
///                ("C2", Color::Black), ("C1", Color::Black)] {
///     board.set_point(Point::parse_gtp(v, board.size())?, Some(c))?;
/// }
/// let framed = frame(&board, Color::Black)?;
/// assert_eq!(framed.bounds, (0, 0, 2, 2));
/// // The region is the box and one line of margin: columns A-D, rows 1-4.
/// assert_eq!(framed.problem.region().len(), 16);
/// assert_eq!(framed.problem.target().len(), 3);
/// // The wall: E4 is a black stone, E5 one of its eye holes.
/// let at = |v: &str| Point::parse_gtp(v, board.size()).map(|p| framed.problem.board().color_at(p));
/// assert_eq!(at("E4")?, Some(Color::Black));
/// assert_eq!(at("E5")?, None);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn frame(board: &Board, attacker: Color) -> Result<Frame, FrameError> {
    frame_with_margin(board, attacker, MARGIN)
}

/// [`frame`] with `margin` lines between the box and the wall instead of [`MARGIN`]
/// (0: the wall touches the box, and the attacker's outermost stones join it).
///
/// # Errors
///
/// As [`frame`].
pub fn frame_with_margin(board: &Board, attacker: Color, margin: u8) -> Result<Frame, FrameError> {
    let size = board.size();
    let bounds = snapped_box(board).ok_or(FrameError::NoStones)?;
    let defender = attacker.opponent();
    if board.stones(defender).is_empty() {
        return Err(FrameError::NoDefender(defender));
    }
    let (l, b, r, t) = bounds;
    let grown = (
        if l > 0 { l.saturating_sub(margin) } else { 0 },
        if b > 0 { b.saturating_sub(margin) } else { 0 },
        if r < size.cols() - 1 { (r + margin).min(size.cols() - 1) } else { r },
        if t < size.rows() - 1 { (t + margin).min(size.rows() - 1) } else { t },
    );
    let region = rectangle(size, grown);
    wall_around(board, attacker, region, bounds)
}

/// Frames the stones of `board` for `attacker` around the defender's *reach* instead of
/// the whole box: the closed problem a tsumego book means when it shows an attacker's
/// enclosure with some open space behind it.
///
/// The region is
/// 1. every point within `reach` steps of a defender stone, stepping through points
///    without an attacker stone and staying inside the stones' snapped box (the
///    defender's room, where it can make eyes or run);
/// 2. the whole attacker chains next to that room, and the liberties of those of them
///    with at most two liberties (weak stones stay capturable from both sides);
/// 3. the points that the first two enclose (pockets that do not reach the outside of
///    the box).
///
/// Everything else becomes the attacker's wall, with eye holes as in [`frame`], so the
/// attacker is taken to own the space beyond the defender's reach: a heuristic reading
/// of the book's diagram (a defender that could escape further in the book is stopped
/// at `reach`), which changes the question less the larger `reach` is.
///
/// # Errors
///
/// As [`frame`]; also [`FrameError::TooBig`] when the region would leave nothing
/// outside the box to build a wall from, or the wall would not be pass-alive (callers
/// then fall back to [`frame_with_margin`]).
///
/// # Examples
///
/// ```
/// use go_board::{Board, BoardSize, Color, Point};
/// use go_eval::reading::lnd::frame_reach;
/// let size = BoardSize::square(19)?;
/// let mut board = Board::new(size);
/// let v = |s: &str| Point::parse_gtp(s, size);
/// // White on the first two lines of the corner, Black's wall on the third line
/// // and a black stone further out.
/// for s in ["A2", "B2", "C2", "D2", "D1"] {
///     board.set_point(v(s)?, Some(Color::White))?;
/// }
/// for s in ["A3", "B3", "C3", "D3", "E3", "E2", "E1", "B6"] {
///     board.set_point(v(s)?, Some(Color::Black))?;
/// }
/// let framed = frame_reach(&board, Color::Black, 2)?;
/// let region = framed.problem.region();
/// // The white stones, their eye space and Black's wall are in the region; the
/// // open space behind the wall is not.
/// assert!(region.contains(v("B1")?) && region.contains(v("C3")?));
/// assert!(!region.contains(v("B5")?));
/// assert_eq!(framed.problem.board().color_at(v("B5")?), Some(Color::Black));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn frame_reach(board: &Board, attacker: Color, reach: u8) -> Result<Frame, FrameError> {
    let size = board.size();
    let bounds = snapped_box(board).ok_or(FrameError::NoStones)?;
    let defender = attacker.opponent();
    let own = *board.stones(defender);
    if own.is_empty() {
        return Err(FrameError::NoDefender(defender));
    }
    let on_board = size.on_board();
    let attackers = *board.stones(attacker);
    let in_box = rectangle(size, bounds);
    let passable = (on_board - attackers) & in_box;
    let mut room = own;
    for _ in 0..reach {
        room = room.dilate(&passable);
    }
    let touching = PointSet::flood_fill(&room.adjacent(&attackers), &attackers);
    let empty = board.empty_set();
    let mut region = room | touching;
    for chain in touching.components() {
        let libs = chain.adjacent(&empty);
        if libs.len() <= 2 {
            region |= libs;
        }
    }
    let rest = on_board - region;
    let outer = PointSet::flood_fill(&(on_board - in_box), &rest);
    region |= rest - outer;
    wall_around(board, attacker, region, bounds)
}

/// Puts the attacker's wall with eye holes on every point outside `region`.
fn wall_around(
    board: &Board,
    attacker: Color,
    region: PointSet,
    bounds: (u8, u8, u8, u8),
) -> Result<Frame, FrameError> {
    let size = board.size();
    let defender = attacker.opponent();
    let on_board = size.on_board();
    let outside = on_board - region;
    if !(*board.stones(defender)).is_disjoint(&outside) {
        return Err(FrameError::TooBig);
    }
    let near_region = region.adjacent(&on_board);
    let mut holes = PointSet::EMPTY;
    for p in outside {
        if p.col() % 2 == 0 && p.row() % 2 == 0 && !near_region.contains(p) {
            holes.insert(p);
        }
    }
    let wall = outside - holes;
    if holes.len() < 2 || wall.is_empty() {
        return Err(FrameError::TooBig);
    }
    let mut framed = board.clone();
    for p in outside {
        let color = if holes.contains(p) { None } else { Some(attacker) };
        framed.set_point(p, color).map_err(|_| FrameError::TooBig)?;
    }
    // The wall must be pass-alive (its chains with the holes as eyes).
    let alive =
        pass_alive(size, wall, *framed.stones(defender) | (*framed.stones(attacker) & region));
    if alive != wall {
        return Err(FrameError::TooBig);
    }
    let target = *framed.stones(defender) & region;
    let problem =
        Problem::new(framed, target, region).expect("the defender's stones lie in the region");
    Ok(Frame { problem, bounds })
}
