//! The checked program: names resolved, functions and variables expanded, every
//! expression typed, diagrams read into cells, sequences into trees of moves. All points
//! are in the pattern's frame (`a1` is `(0, 0)`, columns right, rows up).

use std::collections::BTreeMap;

use crate::Intent;
use crate::ast::{Measure, PlaceKind, Range};
use crate::diagnostic::Span;

/// A point of a pattern's frame: column and row, `a1` = `(0, 0)`.
pub(crate) type FramePoint = (i32, i32);

/// One-hot states of a point as a pattern sees it.
pub(crate) const EMPTY: u8 = 1;
/// A stone of the side to move.
pub(crate) const FRIEND: u8 = 2;
/// A stone of the opponent.
pub(crate) const ENEMY: u8 = 4;
/// Off the board.
pub(crate) const OFF: u8 = 8;
/// Any point of the board.
pub(crate) const ON_BOARD: u8 = EMPTY | FRIEND | ENEMY;
/// Anything at all.
pub(crate) const ANY: u8 = ON_BOARD | OFF;

/// Statuses as one-hot bits, for `status(p) = alive | critical`.
pub(crate) const ALIVE: u8 = 1;
pub(crate) const DEAD: u8 = 2;
pub(crate) const CRITICAL: u8 = 4;
pub(crate) const SEKI: u8 = 8;
pub(crate) const UNKNOWN: u8 = 16;

/// The words of state masks, in bit order.
pub(crate) const STATE_WORDS: [(&str, u8); 4] =
    [("empty", EMPTY), ("friend", FRIEND), ("enemy", ENEMY), ("off", OFF)];

/// The words of status masks, in bit order.
pub(crate) const STATUS_WORDS: [(&str, u8); 5] = [
    ("alive", ALIVE),
    ("dead", DEAD),
    ("critical", CRITICAL),
    ("seki", SEKI),
    ("unknown", UNKNOWN),
];

/// A state mask as text: `friend | empty`.
pub(crate) fn state_text(mask: u8) -> String {
    let words: Vec<&str> =
        STATE_WORDS.iter().filter(|(_, b)| mask & b != 0).map(|(w, _)| *w).collect();
    if words.is_empty() { "nothing".to_owned() } else { words.join(" | ") }
}

/// A checked program.
#[derive(Clone, Debug)]
pub(crate) struct Program {
    /// The program's name.
    pub(crate) name: Option<String>,
    /// The patterns, in source order.
    pub(crate) patterns: Vec<PatternIr>,
}

/// A checked pattern.
#[derive(Clone, Debug)]
pub(crate) struct PatternIr {
    pub(crate) name: String,
    pub(crate) span: Span,
    /// When it applies: any of these (empty: always).
    pub(crate) time: Vec<(Measure, Range)>,
    /// The place as written (or implied by the diagram's edges).
    pub(crate) place: PlaceKind,
    /// Whether the place comes from the diagram's edges (the `place` keyword then only
    /// has to agree) rather than from the point `a1`.
    pub(crate) place_from_diagram: bool,
    /// Whether the mirror images are tried (otherwise only the rotations).
    pub(crate) symmetric: bool,
    /// The diagram's cells, edges as off-board cells.
    pub(crate) diagram: BTreeMap<FramePoint, u8>,
    /// The cells that the place adds when it does not come from the diagram.
    pub(crate) place_cells: BTreeMap<FramePoint, u8>,
    /// The corner of a corner pattern and the directions into the board, for
    /// `pickup corner(n)` and for re-seeding sequences.
    pub(crate) corner: Option<(FramePoint, (i32, i32))>,
    /// The pickup, as a condition tried first.
    pub(crate) pickup: Option<Ir>,
    /// The condition.
    pub(crate) condition: Option<Ir>,
    /// The candidate moves: the first moves of the sequences (a move pattern has only
    /// roots without children or tenuki replies).
    pub(crate) roots: Vec<SeqNode>,
    /// Whether any root has a continuation or a tenuki reply.
    pub(crate) is_sequence: bool,
    /// The tenuki areas, referred to by [`SeqNode::tarea`].
    pub(crate) tareas: Vec<Vec<FramePoint>>,
    /// Every point the pattern mentions, sorted: what identifies a match.
    pub(crate) support: Vec<FramePoint>,
}

/// A move of a sequence tree, in frame coordinates.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SeqNode {
    pub(crate) point: FramePoint,
    pub(crate) intent: Intent,
    pub(crate) weight: f64,
    /// The replies when the player of this move plays elsewhere.
    pub(crate) tenuki: Vec<Reply>,
    /// Index into [`PatternIr::tareas`].
    pub(crate) tarea: usize,
    /// A branch condition: this move is offered only while it holds.
    pub(crate) guard: Option<Ir>,
    pub(crate) children: Vec<SeqNode>,
}

/// A tenuki reply.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Reply {
    pub(crate) point: FramePoint,
    pub(crate) intent: Intent,
    pub(crate) weight: f64,
}

/// Integer comparisons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// Integer arithmetic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Arith {
    Add,
    Sub,
    Mul,
}

/// Whose stone a hypothetical move puts on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Side {
    Friend,
    Enemy,
}

/// A typed expression. Points and sets that are constants are frame points, mapped to
/// the board by the placement where the pattern is tried; `last` is a board point.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Ir {
    Bool(bool),
    Int(i64),
    /// A frame point.
    Point(FramePoint),
    /// A set of frame points, sorted and without repeats.
    Set(Vec<FramePoint>),
    /// The last move, if it was a move on the board.
    Last,
    /// The number of the move about to be played.
    MoveNumber,
    /// The number of stones on the board.
    StoneCount,
    /// A point moved by a frame offset.
    Shift(Box<Ir>, (i32, i32)),
    /// The rectangle from a point to the point at a frame offset from it.
    RectFrom(Box<Ir>, (i32, i32)),
    /// The rectangle spanned by two points.
    Rect(Box<Ir>, Box<Ir>),
    /// A set of points.
    PSet(Vec<Ir>),
    /// The union of two sets.
    Union(Box<Ir>, Box<Ir>),
    /// The points of the first set not in the second.
    Difference(Box<Ir>, Box<Ir>),
    /// The state of a point is in the mask.
    StateIs(Box<Ir>, u8),
    /// The state of every point of a set is in the mask.
    StatesAre(Box<Ir>, u8),
    /// The number of points of a set whose state is in the mask.
    Count(Box<Ir>, u8),
    /// The status of the chain at a point is in the mask.
    StatusIs(Box<Ir>, u8),
    /// The liberties of the chain at a point (0 for no stone).
    Libs(Box<Ir>),
    /// The stones of the chain at a point (0 for no stone).
    ChainSize(Box<Ir>),
    /// The chain at a point can be captured in a ladder, its opponent moving first.
    LadderCapture(Box<Ir>),
    /// The chain at a point escapes a ladder, its owner moving first.
    LadderEscape(Box<Ir>),
    /// Manhattan distance.
    Dist(Box<Ir>, Box<Ir>),
    /// The point is within this many lines of the last move in both directions.
    NearLast(Box<Ir>, i64),
    /// A point in a set.
    In(Box<Ir>, Box<Ir>),
    /// Integer comparison.
    Cmp(Cmp, Box<Ir>, Box<Ir>),
    /// Point (in)equality.
    PointEq(bool, Box<Ir>, Box<Ir>),
    Arith(Arith, Box<Ir>, Box<Ir>),
    Neg(Box<Ir>),
    Not(Box<Ir>),
    And(Vec<Ir>),
    Or(Vec<Ir>),
    /// The body evaluated after a stone of the side is put at the point.
    After(Box<Ir>, Side, Box<Ir>),
}

impl Ir {
    /// Calls `f` on every frame point the expression mentions (constants only).
    pub(crate) fn for_each_point(&self, f: &mut impl FnMut(FramePoint)) {
        match self {
            Ir::Point(p) => f(*p),
            Ir::Set(s) => s.iter().copied().for_each(f),
            Ir::Bool(_) | Ir::Int(_) | Ir::Last | Ir::MoveNumber | Ir::StoneCount => {}
            Ir::Shift(a, _)
            | Ir::RectFrom(a, _)
            | Ir::StateIs(a, _)
            | Ir::StatesAre(a, _)
            | Ir::Count(a, _)
            | Ir::StatusIs(a, _)
            | Ir::Libs(a)
            | Ir::ChainSize(a)
            | Ir::LadderCapture(a)
            | Ir::LadderEscape(a)
            | Ir::NearLast(a, _)
            | Ir::Neg(a)
            | Ir::Not(a) => a.for_each_point(f),
            Ir::Rect(a, b)
            | Ir::Union(a, b)
            | Ir::Difference(a, b)
            | Ir::Dist(a, b)
            | Ir::In(a, b)
            | Ir::Cmp(_, a, b)
            | Ir::PointEq(_, a, b)
            | Ir::Arith(_, a, b)
            | Ir::After(a, _, b) => {
                a.for_each_point(f);
                b.for_each_point(f);
            }
            Ir::PSet(v) | Ir::And(v) | Ir::Or(v) => v.iter().for_each(|x| x.for_each_point(f)),
        }
    }

    /// The expression with every frame point and frame offset moved by `map_point` and
    /// `map_offset` (a symmetry and a translation of the frame).
    pub(crate) fn map(
        &self,
        map_point: &impl Fn(FramePoint) -> FramePoint,
        map_offset: &impl Fn((i32, i32)) -> (i32, i32),
    ) -> Ir {
        let b = |x: &Ir| Box::new(x.map(map_point, map_offset));
        match self {
            Ir::Point(p) => Ir::Point(map_point(*p)),
            Ir::Set(s) => {
                let mut v: Vec<FramePoint> = s.iter().map(|&p| map_point(p)).collect();
                v.sort_unstable();
                Ir::Set(v)
            }
            Ir::Bool(_) | Ir::Int(_) | Ir::Last | Ir::MoveNumber | Ir::StoneCount => self.clone(),
            Ir::Shift(a, d) => Ir::Shift(b(a), map_offset(*d)),
            Ir::RectFrom(a, d) => Ir::RectFrom(b(a), map_offset(*d)),
            Ir::StateIs(a, m) => Ir::StateIs(b(a), *m),
            Ir::StatesAre(a, m) => Ir::StatesAre(b(a), *m),
            Ir::Count(a, m) => Ir::Count(b(a), *m),
            Ir::StatusIs(a, m) => Ir::StatusIs(b(a), *m),
            Ir::Libs(a) => Ir::Libs(b(a)),
            Ir::ChainSize(a) => Ir::ChainSize(b(a)),
            Ir::LadderCapture(a) => Ir::LadderCapture(b(a)),
            Ir::LadderEscape(a) => Ir::LadderEscape(b(a)),
            Ir::NearLast(a, r) => Ir::NearLast(b(a), *r),
            Ir::Neg(a) => Ir::Neg(b(a)),
            Ir::Not(a) => Ir::Not(b(a)),
            Ir::Rect(x, y) => Ir::Rect(b(x), b(y)),
            Ir::Union(x, y) => Ir::Union(b(x), b(y)),
            Ir::Difference(x, y) => Ir::Difference(b(x), b(y)),
            Ir::Dist(x, y) => Ir::Dist(b(x), b(y)),
            Ir::In(x, y) => Ir::In(b(x), b(y)),
            Ir::Cmp(c, x, y) => Ir::Cmp(*c, b(x), b(y)),
            Ir::PointEq(e, x, y) => Ir::PointEq(*e, b(x), b(y)),
            Ir::Arith(o, x, y) => Ir::Arith(*o, b(x), b(y)),
            Ir::After(x, s, y) => Ir::After(b(x), *s, b(y)),
            Ir::PSet(v) => Ir::PSet(v.iter().map(|x| x.map(map_point, map_offset)).collect()),
            Ir::And(v) => Ir::And(v.iter().map(|x| x.map(map_point, map_offset)).collect()),
            Ir::Or(v) => Ir::Or(v.iter().map(|x| x.map(map_point, map_offset)).collect()),
        }
    }

    /// Whether the value does not depend on the board (and so is a frame constant).
    pub(crate) fn is_constant(&self) -> bool {
        matches!(self, Ir::Bool(_) | Ir::Int(_) | Ir::Point(_) | Ir::Set(_))
    }

    /// Whether evaluating it reads the oracle or plays a hypothetical move (costly
    /// parts go last in a conjunction).
    pub(crate) fn cost(&self) -> u32 {
        match self {
            Ir::Bool(_)
            | Ir::Int(_)
            | Ir::Point(_)
            | Ir::Set(_)
            | Ir::Last
            | Ir::MoveNumber
            | Ir::StoneCount => 0,
            Ir::LadderCapture(a) | Ir::LadderEscape(a) => 1000 + a.cost(),
            Ir::StatusIs(a, _) => 1000 + a.cost(),
            Ir::After(a, _, b) => 500 + a.cost() + b.cost(),
            Ir::Libs(a) | Ir::ChainSize(a) => 5 + a.cost(),
            Ir::Shift(a, _)
            | Ir::RectFrom(a, _)
            | Ir::StateIs(a, _)
            | Ir::StatesAre(a, _)
            | Ir::Count(a, _)
            | Ir::NearLast(a, _)
            | Ir::Neg(a)
            | Ir::Not(a) => 1 + a.cost(),
            Ir::Rect(x, y)
            | Ir::Union(x, y)
            | Ir::Difference(x, y)
            | Ir::Dist(x, y)
            | Ir::In(x, y)
            | Ir::Cmp(_, x, y)
            | Ir::PointEq(_, x, y)
            | Ir::Arith(_, x, y) => 1 + x.cost() + y.cost(),
            Ir::PSet(v) | Ir::And(v) | Ir::Or(v) => 1 + v.iter().map(Ir::cost).sum::<u32>(),
        }
    }
}
