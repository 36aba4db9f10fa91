//! Evaluating conditions on a board, where a placement puts the pattern's frame.
//!
//! Truth values are three-valued: an oracle that does not know (a ladder it cannot
//! read) makes the answer unknown, `and`/`or`/`not` follow Kleene's logic, and a
//! pattern matches only when its condition is known to hold.

use go_board::{Board, Color, Point, Position, Symmetry};

use crate::hir::*;
use crate::oracle::BoardOracle;

/// Where a pattern is on the board: the frame point `p` is on the board at
/// `symmetry.apply_offset(p) + translation` (column, row; possibly off the board).
///
/// # Examples
///
/// ```
/// use go_board::Symmetry;
/// use go_patterns::Placement;
/// let placement = Placement::new(Symmetry::IDENTITY, (2, 3));
/// assert_eq!(placement.map((1, 0)), (3, 3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    symmetry: Symmetry,
    translation: (i32, i32),
}

impl Placement {
    /// The placement that transforms the frame by `symmetry`, then moves it by
    /// `translation`.
    pub const fn new(symmetry: Symmetry, translation: (i32, i32)) -> Placement {
        Placement { symmetry, translation }
    }

    /// The symmetry.
    pub const fn symmetry(self) -> Symmetry {
        self.symmetry
    }

    /// The translation.
    pub const fn translation(self) -> (i32, i32) {
        self.translation
    }

    /// The board coordinates (column, row) of a frame point.
    pub const fn map(self, (x, y): (i32, i32)) -> (i32, i32) {
        let (dx, dy) = self.symmetry.apply_offset((x, y));
        (dx + self.translation.0, dy + self.translation.1)
    }

    /// The point of the board at a frame point, if it is on the board.
    pub fn point(self, frame: (i32, i32), board: &Board) -> Option<Point> {
        point_at(self.map(frame), board)
    }
}

/// The point at board coordinates, if on the board.
pub(crate) fn point_at((x, y): (i32, i32), board: &Board) -> Option<Point> {
    let size = board.size();
    if x < 0 || y < 0 || x >= i32::from(size.cols()) || y >= i32::from(size.rows()) {
        return None;
    }
    Point::new(x as u8, y as u8, size)
}

/// What the matcher needs to know of a position besides the stones.
///
/// # Examples
///
/// ```
/// use go_board::{Color, Position, Rules};
/// use go_patterns::MatchInput;
/// let position = Position::from_diagram(". X\n. .", Rules::chinese())?;
/// let input = MatchInput::from_position(&position);
/// assert_eq!(input.to_move, Color::Black);
/// assert_eq!(input.move_number, 1);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct MatchInput<'a> {
    /// The board.
    pub board: &'a Board,
    /// The side to move: `friend` in the patterns.
    pub to_move: Color,
    /// The last move, if it was played on the board.
    pub last_move: Option<Point>,
    /// The number of the move about to be played (the first move of a game is 1).
    pub move_number: u32,
}

impl<'a> MatchInput<'a> {
    /// The input for the side to move of a position.
    pub fn from_position(position: &'a Position) -> MatchInput<'a> {
        MatchInput {
            board: position.board(),
            to_move: position.to_move(),
            last_move: position.last_move().and_then(|(_, m)| m.point()),
            move_number: u32::try_from(position.move_count() + 1).unwrap_or(u32::MAX),
        }
    }

    /// The same input for the other side to move.
    pub fn for_color(self, color: Color) -> MatchInput<'a> {
        MatchInput { to_move: color, ..self }
    }
}

/// An evaluation context: the input, the oracle, and the placement.
pub(crate) struct Ctx<'a> {
    pub(crate) board: &'a Board,
    pub(crate) friend: Color,
    pub(crate) last: Option<Point>,
    pub(crate) move_number: u32,
    pub(crate) oracle: &'a dyn BoardOracle,
    pub(crate) placement: Placement,
}

type Coord = (i32, i32);

impl<'a> Ctx<'a> {
    pub(crate) fn new(
        input: &MatchInput<'a>,
        oracle: &'a dyn BoardOracle,
        placement: Placement,
    ) -> Ctx<'a> {
        Ctx {
            board: input.board,
            friend: input.to_move,
            last: input.last_move,
            move_number: input.move_number,
            oracle,
            placement,
        }
    }

    /// The state of the point at board coordinates, one-hot.
    pub(crate) fn state(&self, c: Coord) -> u8 {
        match point_at(c, self.board) {
            None => OFF,
            Some(p) => match self.board.color_at(p) {
                None => EMPTY,
                Some(color) if color == self.friend => FRIEND,
                Some(_) => ENEMY,
            },
        }
    }

    pub(crate) fn eval_bool(&self, ir: &Ir) -> Option<bool> {
        match ir {
            Ir::Bool(b) => Some(*b),
            Ir::Not(x) => self.eval_bool(x).map(|b| !b),
            Ir::And(parts) => {
                let mut known = true;
                for part in parts {
                    match self.eval_bool(part) {
                        Some(false) => return Some(false),
                        None => known = false,
                        Some(true) => {}
                    }
                }
                known.then_some(true)
            }
            Ir::Or(parts) => {
                let mut known = true;
                for part in parts {
                    match self.eval_bool(part) {
                        Some(true) => return Some(true),
                        None => known = false,
                        Some(false) => {}
                    }
                }
                known.then_some(false)
            }
            Ir::StateIs(p, mask) => Some(self.state(self.eval_point(p)?) & mask != 0),
            Ir::StatesAre(s, mask) => {
                Some(self.eval_set(s)?.into_iter().all(|c| self.state(c) & mask != 0))
            }
            Ir::StatusIs(p, mask) => {
                let point = point_at(self.eval_point(p)?, self.board);
                let status = match point {
                    Some(pt) if self.board.color_at(pt).is_some() => {
                        self.oracle.status(self.board, pt)
                    }
                    _ => go_board::Status::Unknown,
                };
                let bit = match status {
                    go_board::Status::Alive => ALIVE,
                    go_board::Status::Dead => DEAD,
                    go_board::Status::Critical { .. } => CRITICAL,
                    go_board::Status::Seki => SEKI,
                    _ => UNKNOWN,
                };
                Some(bit & mask != 0)
            }
            Ir::LadderCapture(p) | Ir::LadderEscape(p) => {
                let Some(point) = point_at(self.eval_point(p)?, self.board) else {
                    return Some(false);
                };
                let Some(owner) = self.board.color_at(point) else { return Some(false) };
                if matches!(ir, Ir::LadderCapture(_)) {
                    self.oracle.ladder_attack(self.board, point, owner.opponent())
                } else {
                    self.oracle.ladder_attack(self.board, point, owner).map(|captured| !captured)
                }
            }
            Ir::NearLast(p, r) => {
                let (x, y) = self.eval_point(p)?;
                let last = self.last?;
                let (lx, ly) = (i32::from(last.col()), i32::from(last.row()));
                Some(i64::from((x - lx).abs().max((y - ly).abs())) <= *r)
            }
            Ir::In(p, s) => {
                let p = self.eval_point(p)?;
                Some(self.eval_set(s)?.contains(&p))
            }
            Ir::Cmp(cmp, a, b) => {
                let (a, b) = (self.eval_int(a)?, self.eval_int(b)?);
                Some(match cmp {
                    Cmp::Eq => a == b,
                    Cmp::Ne => a != b,
                    Cmp::Lt => a < b,
                    Cmp::Le => a <= b,
                    Cmp::Gt => a > b,
                    Cmp::Ge => a >= b,
                })
            }
            Ir::PointEq(eq, a, b) => Some((self.eval_point(a)? == self.eval_point(b)?) == *eq),
            Ir::After(p, side, body) => {
                let Some(point) = point_at(self.eval_point(p)?, self.board) else {
                    return Some(false);
                };
                let color = match side {
                    Side::Friend => self.friend,
                    Side::Enemy => self.friend.opponent(),
                };
                if !self.board.is_legal(color, point) {
                    return Some(false);
                }
                let mut board = self.board.clone();
                board.play(color, point);
                let ctx = Ctx {
                    board: &board,
                    friend: self.friend,
                    last: Some(point),
                    move_number: self.move_number.saturating_add(1),
                    oracle: self.oracle,
                    placement: self.placement,
                };
                ctx.eval_bool(body)
            }
            _ => None,
        }
    }

    pub(crate) fn eval_int(&self, ir: &Ir) -> Option<i64> {
        match ir {
            Ir::Int(n) => Some(*n),
            Ir::MoveNumber => Some(i64::from(self.move_number)),
            Ir::StoneCount => {
                let size = self.board.size();
                Some((size.point_count() - self.board.empty_count()) as i64)
            }
            Ir::Libs(p) | Ir::ChainSize(p) => {
                let Some(point) = point_at(self.eval_point(p)?, self.board) else { return Some(0) };
                if self.board.color_at(point).is_none() {
                    return Some(0);
                }
                Some(if matches!(ir, Ir::Libs(_)) {
                    self.oracle.liberties(self.board, point) as i64
                } else {
                    self.board.chain_len(point) as i64
                })
            }
            Ir::Count(s, mask) => {
                Some(self.eval_set(s)?.into_iter().filter(|&c| self.state(c) & mask != 0).count()
                    as i64)
            }
            Ir::Dist(a, b) => {
                let (a, b) = (self.eval_point(a)?, self.eval_point(b)?);
                Some(i64::from((a.0 - b.0).abs() + (a.1 - b.1).abs()))
            }
            Ir::Arith(op, a, b) => {
                let (a, b) = (self.eval_int(a)?, self.eval_int(b)?);
                match op {
                    Arith::Add => a.checked_add(b),
                    Arith::Sub => a.checked_sub(b),
                    Arith::Mul => a.checked_mul(b),
                }
            }
            Ir::Neg(a) => self.eval_int(a)?.checked_neg(),
            _ => None,
        }
    }

    pub(crate) fn eval_point(&self, ir: &Ir) -> Option<Coord> {
        match ir {
            Ir::Point(p) => Some(self.placement.map(*p)),
            Ir::Last => self.last.map(|p| (i32::from(p.col()), i32::from(p.row()))),
            Ir::Shift(p, d) => {
                let (x, y) = self.eval_point(p)?;
                let (dx, dy) = self.placement.symmetry().apply_offset(*d);
                Some((x + dx, y + dy))
            }
            _ => None,
        }
    }

    pub(crate) fn eval_set(&self, ir: &Ir) -> Option<Vec<Coord>> {
        match ir {
            Ir::Set(s) => Some(s.iter().map(|&p| self.placement.map(p)).collect()),
            Ir::RectFrom(origin, far) => {
                let o = self.eval_point(origin)?;
                let (fx, fy) = self.placement.symmetry().apply_offset(*far);
                Some(rect(o, (o.0 + fx, o.1 + fy)))
            }
            Ir::Rect(a, b) => Some(rect(self.eval_point(a)?, self.eval_point(b)?)),
            Ir::PSet(points) => points.iter().map(|p| self.eval_point(p)).collect(),
            Ir::Union(a, b) => {
                let mut s = self.eval_set(a)?;
                s.extend(self.eval_set(b)?);
                s.sort_unstable();
                s.dedup();
                Some(s)
            }
            Ir::Difference(a, b) => {
                let b = self.eval_set(b)?;
                let mut s = self.eval_set(a)?;
                s.retain(|p| !b.contains(p));
                Some(s)
            }
            _ => None,
        }
    }
}

fn rect(a: Coord, b: Coord) -> Vec<Coord> {
    let (x0, x1) = (a.0.min(b.0), a.0.max(b.0));
    let (y0, y1) = (a.1.min(b.1), a.1.max(b.1));
    (x0..=x1).flat_map(|x| (y0..=y1).map(move |y| (x, y))).collect()
}

/// Whether the time of a pattern allows the input.
pub(crate) fn time_allows(
    time: &[(crate::ast::Measure, crate::ast::Range)],
    input: &MatchInput<'_>,
) -> bool {
    if time.is_empty() {
        return true;
    }
    let size = input.board.size();
    let stones = (size.point_count() - input.board.empty_count()) as u32;
    time.iter().any(|(measure, range)| match measure {
        crate::ast::Measure::Moves => range.contains(input.move_number),
        crate::ast::Measure::Stones => range.contains(stones),
    })
}
