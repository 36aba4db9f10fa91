//! The syntax tree of a pattern file, as the parser reads it and the printer writes it:
//! lossless up to layout and comments, every node with its [`Span`].
//!
//! The grammar and the meaning of every construct are in the crate's `LANGUAGE.md`.

use crate::Intent;
use crate::diagnostic::Span;

/// A whole pattern file: an optional program header and the items.
#[derive(Clone, Debug, PartialEq)]
pub struct File {
    /// `program NAME`, if the file starts with one.
    pub program: Option<Name>,
    /// Declarations and patterns, in source order.
    pub items: Vec<Item>,
}

/// A name: of a program, a pattern, a constant, a variable, a function or a parameter.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Name {
    /// The name's text (without quotes, escapes resolved).
    pub text: String,
    /// Where it is.
    pub span: Span,
}

/// An item of a file.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// `const NAME = EXPR`: a value known when the file is compiled.
    Const(Binding),
    /// `var NAME = EXPR`: a value computed where a pattern is tried.
    Var(Binding),
    /// `function NAME(PARAMS) = EXPR`.
    Function(Function),
    /// `phase opening = moves 1..50`: redefines when a phase applies.
    Phase(PhaseDef),
    /// `pattern NAME ... end_pattern`.
    Pattern(Pattern),
}

/// `const` or `var`: a name bound to an expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Binding {
    /// The name.
    pub name: Name,
    /// The value.
    pub value: Expr,
    /// The whole declaration.
    pub span: Span,
}

/// `function NAME(A, B) = EXPR`: a user-defined function (expanded where it is called;
/// recursion is an error).
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    /// The function's name.
    pub name: Name,
    /// The parameters' names.
    pub params: Vec<Name>,
    /// The body.
    pub body: Expr,
    /// The whole declaration.
    pub span: Span,
}

/// A phase of the game, Gopal's applied time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    /// The opening (default: moves 1 to 50).
    Opening,
    /// The middle game (default: moves 51 to 150).
    MiddleGame,
    /// The endgame (default: moves 151 on).
    Endgame,
}

impl Phase {
    /// Every phase.
    pub const ALL: [Phase; 3] = [Phase::Opening, Phase::MiddleGame, Phase::Endgame];

    /// The phase's keyword: `opening`, `middle_game`, `endgame`.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Opening => "opening",
            Phase::MiddleGame => "middle_game",
            Phase::Endgame => "endgame",
        }
    }
}

/// What a time range counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Measure {
    /// The number of the move about to be played (the first move of a game is 1).
    Moves,
    /// The number of stones on the board.
    Stones,
}

impl Measure {
    /// The keyword: `moves` or `stones`.
    pub const fn name(self) -> &'static str {
        match self {
            Measure::Moves => "moves",
            Measure::Stones => "stones",
        }
    }
}

/// An inclusive range `MIN..MAX`, or `MIN..` without an upper end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Range {
    /// The smallest value.
    pub min: u32,
    /// The largest value, if any.
    pub max: Option<u32>,
}

impl Range {
    /// Whether `n` is in the range.
    pub fn contains(self, n: u32) -> bool {
        n >= self.min && self.max.is_none_or(|max| n <= max)
    }
}

/// `phase PHASE = MEASURE RANGE`.
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseDef {
    /// The phase defined.
    pub phase: Phase,
    /// What it counts.
    pub measure: Measure,
    /// Its range.
    pub range: Range,
    /// The whole declaration.
    pub span: Span,
}

/// A pattern: its name and its sections in source order.
#[derive(Clone, Debug, PartialEq)]
pub struct Pattern {
    /// The pattern's name.
    pub name: Name,
    /// The sections.
    pub sections: Vec<Section>,
    /// From `pattern` to `end_pattern`.
    pub span: Span,
}

/// A section of a pattern.
#[derive(Clone, Debug, PartialEq)]
pub enum Section {
    /// `time SPEC, SPEC`: when the pattern applies.
    Time(Vec<TimeSpec>, Span),
    /// `place KIND [symmetric | non_symmetric]`.
    Place(Place),
    /// `pickup ...`.
    Pickup(Pickup),
    /// `diagram` and its rows.
    Diagram(Diagram),
    /// `labels` and its rows (the same shape as the diagram, letters naming points).
    Labels(Diagram),
    /// A constant local to the pattern.
    Const(Binding),
    /// A variable local to the pattern.
    Var(Binding),
    /// A function local to the pattern.
    Function(Function),
    /// `condition EXPR`.
    Condition(Expr),
    /// `candidate ... end_candidate`.
    Candidate(CandidateBlock),
}

/// One item of a `time` section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeSpec {
    /// Any time.
    Any,
    /// A named phase.
    Phase(Phase),
    /// An explicit range of move numbers or stone counts.
    Range(Measure, Range),
}

/// Where a pattern applies on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlaceKind {
    /// The point `a1` of the pattern is a corner point of the board, the pattern's
    /// columns and rows running along the two edges.
    Corner,
    /// The pattern's row 1 is on the first line of an edge.
    Side,
    /// No point of the pattern is on the first line or off the board.
    Centre,
    /// Anywhere (the default).
    Anywhere,
}

impl PlaceKind {
    /// The keyword: `corner`, `side`, `centre` or `anywhere`.
    pub const fn name(self) -> &'static str {
        match self {
            PlaceKind::Corner => "corner",
            PlaceKind::Side => "side",
            PlaceKind::Centre => "centre",
            PlaceKind::Anywhere => "anywhere",
        }
    }
}

/// `place KIND [symmetric | non_symmetric]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// Where.
    pub kind: PlaceKind,
    /// `Some(true)` for `symmetric`, `Some(false)` for `non_symmetric`, `None` if not
    /// written (symmetric).
    pub symmetric: Option<bool>,
    /// The section.
    pub span: Span,
}

/// `pickup ...`: the object matching starts from.
#[derive(Clone, Debug, PartialEq)]
pub enum Pickup {
    /// `none`.
    None(Span),
    /// `corner(N)`: the 6×6 corner region of the pattern holds exactly N stones.
    Corner(Expr, Span),
    /// `chain(P, K)`: the point P holds a chain with exactly K liberties.
    Chain(Expr, Expr, Span),
    /// `near_last(P, R)`: the point P is within R lines (in both directions) of the last
    /// move.
    NearLast(Expr, Expr, Span),
}

/// A diagram: rows of cells, the top row first, as written (without the spaces
/// between cells).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The rows.
    pub rows: Vec<DiagramRow>,
    /// From the keyword to the last row.
    pub span: Span,
}

/// A row of a diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramRow {
    /// The cells, one character each (`. X O x o ? *`, edges `| - +`, label letters).
    pub cells: String,
    /// Where each cell is, one span per character of `cells`.
    pub spans: Vec<Span>,
}

/// An expression with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it is.
    pub span: Span,
}

/// The kinds of [`Expr`].
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An integer.
    Int(i64),
    /// `true` or `false`.
    Bool(bool),
    /// A point literal such as `d4`: column `col` from 0 (`a`), row `row` from 0 (`1`).
    Point {
        /// The column, from 0.
        col: u8,
        /// The row, from 0.
        row: u8,
    },
    /// A label of the labels diagram: one letter.
    Label(char),
    /// `*`, the diagram's move point.
    Star,
    /// A name: a constant, a variable, a parameter, or a word of the language
    /// (`friend`, `empty`, `alive`, `last`, `move_number`, ...).
    Name(String),
    /// A call `NAME(ARGS)`.
    Call(Name, Vec<Expr>),
    /// A unary operation.
    Unary(UnaryOp, Box<Expr>),
    /// A binary operation.
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `A and B and ...` (also written `&`): two or more operands.
    And(Vec<Expr>),
    /// `A or B or ...`: two or more operands.
    Or(Vec<Expr>),
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `not`.
    Not,
    /// `-`.
    Neg,
}

/// Binary operators, loosest first (`and` and `or` are [`ExprKind::And`] and
/// [`ExprKind::Or`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// `=`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `in`: a point in a set.
    In,
    /// `|`: the union of two sets of points or of states.
    Union,
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `:`: the rectangle spanned by two points.
    Rect,
}

impl BinaryOp {
    /// The operator's text.
    pub const fn text(self) -> &'static str {
        match self {
            BinaryOp::Eq => "=",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::In => "in",
            BinaryOp::Union => "|",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Rect => ":",
        }
    }

    /// Binding strength: larger binds tighter.
    pub(crate) const fn precedence(self) -> u8 {
        match self {
            BinaryOp::Eq
            | BinaryOp::Ne
            | BinaryOp::Lt
            | BinaryOp::Le
            | BinaryOp::Gt
            | BinaryOp::Ge
            | BinaryOp::In => 4,
            BinaryOp::Union => 5,
            BinaryOp::Add | BinaryOp::Sub => 6,
            BinaryOp::Mul => 7,
            BinaryOp::Rect => 8,
        }
    }
}

/// `candidate ... end_candidate`: one or more sequence lists, each an alternative.
#[derive(Clone, Debug, PartialEq)]
pub struct CandidateBlock {
    /// The lists.
    pub lists: Vec<SequenceList>,
    /// From `candidate` to `end_candidate`.
    pub span: Span,
}

/// A sequence list: an optional tenuki area, the first move (`with`), the following
/// moves (`next`) and the branches that continue it.
#[derive(Clone, Debug, PartialEq)]
pub struct SequenceList {
    /// `tarea(AREA, ...)`: a move outside these areas is a tenuki for this sequence.
    pub tarea: Option<Tarea>,
    /// The `with` statement.
    pub first: MoveStmt,
    /// The `next` statements.
    pub nexts: Vec<MoveStmt>,
    /// The branches after the last move.
    pub branches: Vec<Branch>,
}

/// `tarea(AREA, ...)`: each area is a set of points (`a1:h8` is a rectangle).
#[derive(Clone, Debug, PartialEq)]
pub struct Tarea {
    /// The areas.
    pub areas: Vec<Expr>,
    /// The statement.
    pub span: Span,
}

/// `with` or `next`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// `with`: the first move of a list (several points are alternatives).
    With,
    /// `next`: the move after the previous one.
    Next,
}

/// `with(INTENT, WEIGHT) P, Q` or `next(...)`, with its tenuki replies.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStmt {
    /// `with` or `next`.
    pub kind: MoveKind,
    /// The intent.
    pub intent: Intent,
    /// The weight.
    pub weight: f64,
    /// The points, alternatives of each other.
    pub points: Vec<Expr>,
    /// `tenuki(...)` statements: the replies when this move is not played (its player
    /// plays outside the tenuki area instead).
    pub tenuki: Vec<TenukiStmt>,
    /// The statement (without its tenuki replies).
    pub span: Span,
}

/// `tenuki(INTENT, WEIGHT) P`.
#[derive(Clone, Debug, PartialEq)]
pub struct TenukiStmt {
    /// The intent.
    pub intent: Intent,
    /// The weight.
    pub weight: f64,
    /// The reply points.
    pub points: Vec<Expr>,
    /// The statement.
    pub span: Span,
}

/// `branch [condition EXPR] candidate ... end_candidate ... end_branch`: alternative
/// continuations, offered while the condition holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Branch {
    /// The condition.
    pub condition: Option<Expr>,
    /// The candidate blocks: every list of every block is an alternative continuation.
    pub blocks: Vec<CandidateBlock>,
    /// From `branch` to `end_branch`.
    pub span: Span,
}
