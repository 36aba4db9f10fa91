//! SGF game records: load the main line of a game from an SGF (FF\[4\]) file, replay it
//! into a [`Position`] at any move number, and save a game with its properties.
//!
//! [`GameRecord::from_sgf`] reads the first game tree of a collection and follows its
//! main line (the first variation at every branch). It understands the board size `SZ`
//! (square, or `SZ[columns:rows]` for rectangles, up to 25), komi `KM`, handicap `HA`,
//! rules `RU`, the side to move `PL`, the result `RE`, the players `PB`/`PW` and their
//! ranks `BR`/`WR`, the date `DT`, the game name `GN`, the event `EV`, the root comment
//! `C`, setup stones `AB`/`AW`/`AE` on any node (compressed point lists such as
//! `AB[aa:cc]` included), and moves `B`/`W`, with passes written `B[]` or, on boards up
//! to 19×19, `B[tt]`. Text values are decoded as SGF defines: `\` escapes, soft line
//! breaks, white space.
//!
//! The text goes through the [`sgf-parse`](sgf_parse) crate, but first through a small
//! non-recursive scanner of this module, because `sgf-parse` reports no location. The
//! scanner checks brackets, escapes, property identifiers and the tree structure, and
//! every [`SgfError`] names the line and column of the bad text. Property values are
//! checked too: a board size out of range, a komi that is not a multiple of one half, a
//! move off the board, a point given to two setup properties of one node, a game other
//! than Go (`GM` other than 1). `sgf-parse` builds a tree whose destructor, `Display`
//! and `Clone` recurse once per node along a line of play, so no line of a game tree
//! may hold more than [`MAX_DEPTH`] nodes, and the tree is taken apart iteratively.
//!
//! Reading does not replay the game: a record may hold illegal moves. Replaying is
//! [`GameRecord::position_after`]'s job, under the record's own rules, and an illegal
//! move gives a [`ReplayError`] naming the move.
//!
//! [`GameRecord::to_sgf`] writes `FF[4] GM[1] CA[UTF-8] AP SZ KM HA RU PB PW ...`, the
//! setup stones and the moves, with passes as `[]`; [`GameRecord::from_sgf`] reads the
//! text back to an equal record.
//!
//! # Examples
//!
//! ```
//! use go_board::{BoardSize, Color, GameRecord, Move, Point};
//!
//! let text = "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]PB[Honinbo Shusaku]PW[Gennan Inseki]
//!             ;B[ee];W[gc];B[];W[cg])";
//! let record = GameRecord::from_sgf(text)?;
//! let size = BoardSize::square(9)?;
//! assert_eq!(record.size, size);
//! assert_eq!(record.rules.komi.to_string(), "6.5");
//! assert_eq!(record.black_player.as_deref(), Some("Honinbo Shusaku"));
//! assert_eq!(record.move_count(), 4);
//!
//! // The position before the third move: two stones, Black to move.
//! let position = record.position_after(2)?;
//! assert_eq!(position.to_move(), Color::Black);
//! assert_eq!(position.board().color_at(Point::parse_gtp("E5", size)?), Some(Color::Black));
//! assert_eq!(position.board().color_at(Point::parse_gtp("G7", size)?), Some(Color::White));
//!
//! // Saving and loading again gives the same record.
//! let saved = record.to_sgf();
//! assert!(saved.contains(";B[]"));
//! assert_eq!(GameRecord::from_sgf(&saved)?, record);
//!
//! // Malformed files name the place of the error.
//! let err = GameRecord::from_sgf("(;SZ[9]\n;B[ee];W[ez])").unwrap_err();
//! assert_eq!((err.line(), err.column()), (2, 10));
//! assert_eq!(err.to_string(), "line 2, column 10: W[ez] is off the 9x9 board");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::ops::Range;
use std::collections::HashSet;

use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};
use sgf_parse::{GameTree, SgfNode, SgfProp};

use crate::{
    BoardSize, Color, Event, IllegalMove, Komi, Move, Point, PointSet, Position, Rules, Setup,
    SetupError,
};

/// The largest number of nodes on one line of play of a game tree (from the root to a
/// leaf) that [`GameRecord::from_sgf`] accepts. Deeper trees give an
/// [`SgfErrorKind::TooDeep`] error instead of risking a stack overflow in `sgf-parse`,
/// whose tree types recurse once per node.
pub const MAX_DEPTH: usize = 10_000;

/// A game read from or written to SGF: the board size, rules, game information, and the
/// main line as a list of setup changes and moves.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, GameRecord, Move, Position, Rules};
/// let size = BoardSize::square(13)?;
/// let mut position = Position::new(size, Rules::japanese());
/// position.place_fixed_handicap(2)?;
/// position.try_play(Move::parse_gtp("G7", size)?)?; // White, after the handicap
/// let mut record = GameRecord::from_position(&position);
/// record.white_player = Some("Go Seigen".to_owned());
/// let text = record.to_sgf();
/// assert!(text.starts_with("(;FF[4]GM[1]CA[UTF-8]AP[go-board:"));
/// assert!(text.contains("SZ[13]KM[6.5]HA[2]RU[Japanese]PW[Go Seigen]AB[dj][jd]"));
/// assert_eq!(GameRecord::from_sgf(&text)?, record);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The board size (`SZ`; 19×19 if absent).
    pub size: BoardSize,
    /// The rules: the preset named by `RU` (see [`Rules::from_str`](core::str::FromStr)
    /// for the spellings), Chinese if `RU` is absent or not recognised, with the komi of
    /// `KM` if present (else the preset's komi).
    pub rules: Rules,
    /// `RU` as written in the file.
    pub rules_text: Option<String>,
    /// The number of handicap stones (`HA`; 0 if absent). It decides White's
    /// compensation under area scoring; the stones themselves are setup events.
    pub handicap: u32,
    /// Black's name (`PB`).
    pub black_player: Option<String>,
    /// White's name (`PW`).
    pub white_player: Option<String>,
    /// Black's rank (`BR`).
    pub black_rank: Option<String>,
    /// White's rank (`WR`).
    pub white_rank: Option<String>,
    /// The result (`RE`), such as `B+3.5` or `W+R`.
    pub result: Option<String>,
    /// The date (`DT`).
    pub date: Option<String>,
    /// The game name (`GN`).
    pub game_name: Option<String>,
    /// The event (`EV`).
    pub event: Option<String>,
    /// The comment on the root node (`C`).
    pub comment: Option<String>,
    /// The main line in order: [`Event::Setup`] for `AB`/`AW`/`AE` (on the root or a
    /// later node; within a node, setup comes before the move) and [`Event::Move`] for
    /// `B`/`W`.
    pub events: Vec<Event>,
    /// The side to move given by `PL` on the root node.
    pub to_move: Option<Color>,
    /// `PL` on later nodes: `(i, color)` says that `color` is to move after the first `i`
    /// entries of [`GameRecord::events`]. Sorted by `i`.
    pub to_move_changes: Vec<(usize, Color)>,
}

impl GameRecord {
    /// An empty record: no game information, no events, [`GameRecord::rules_text`] the
    /// SGF name of the rules if they are a preset up to komi.
    pub fn new(size: BoardSize, rules: Rules) -> GameRecord {
        GameRecord {
            size,
            rules,
            rules_text: sgf_rules_name(&rules).map(str::to_owned),
            handicap: 0,
            black_player: None,
            white_player: None,
            black_rank: None,
            white_rank: None,
            result: None,
            date: None,
            game_name: None,
            event: None,
            comment: None,
            events: Vec::new(),
            to_move: None,
            to_move_changes: Vec::new(),
        }
    }

    /// Reads the main line of the first game tree of an SGF collection.
    ///
    /// Properties this type does not represent (markup, timing, comments after the
    /// root, ...) and variations are skipped. Game information may sit on any node of
    /// the main line; the first value found counts. A node with both setup and a move
    /// is accepted (setup first), although FF\[4\] forbids it.
    ///
    /// # Errors
    ///
    /// [`SgfError`], with the line and column of the bad text, if the text is not a
    /// well-formed SGF collection, holds no game tree, is not a game of Go, nests deeper
    /// than [`MAX_DEPTH`] nodes, or has a property value that cannot be used (board size,
    /// komi, handicap, side to move, a move or setup point off the board, a point in two
    /// setup properties of one node, two moves in one node, a property repeated in a
    /// node).
    pub fn from_sgf(text: &str) -> Result<GameRecord, SgfError> {
        let scan = scan(text)?;
        let parsed = sgf_parse::parse(&text[scan.tree.clone()]).map_err(|e| {
            SgfError::new(
                text,
                scan.tree.start,
                SgfErrorKind::Syntax,
                format!("the game tree was rejected by sgf-parse: {e}"),
            )
        })?;
        let mut line = None;
        for tree in parsed {
            match tree {
                GameTree::GoGame(root) if line.is_none() => line = Some(main_line(root)),
                GameTree::GoGame(root) => dismantle(root),
                GameTree::Unknown(root) => dismantle(root),
            }
        }
        let line = line.ok_or_else(|| {
            SgfError::new(
                text,
                scan.tree.start,
                SgfErrorKind::NotGo,
                "the game tree was not read as a game of Go".to_owned(),
            )
        })?;
        Reader { text }.record(&scan.main_line, &line)
    }

    /// Writes the record as an SGF file: the root node with `FF[4] GM[1] CA[UTF-8] AP SZ
    /// KM`, `HA` (if not 0), `RU`, the game information that is present, the setup that
    /// starts the game and `PL`; then a node for each later setup change and each move,
    /// passes written `B[]`/`W[]`.
    ///
    /// `RU` is [`GameRecord::rules_text`] if present, else the SGF name of the preset the
    /// rules equal up to komi (`Japanese`, `AGA`, `NZ`, `GOE`, `Tromp-Taylor`; Chinese
    /// rules, the reader's default, are left out); custom rules cannot be expressed in
    /// `RU` and are left out too, so they read back as Chinese.
    ///
    /// Text is escaped; line breaks in single-line values (names, result, ...) and tabs
    /// read back as spaces, as SGF defines. A setup change with no point is written as an
    /// empty node and does not read back. Every event (and every later `PL` that does not
    /// share a setup node) takes a node, so a record with more than [`MAX_DEPTH`] − 1 of
    /// them gives a file that [`GameRecord::from_sgf`] refuses.
    pub fn to_sgf(&self) -> String {
        let size = self.size;
        let mut out = String::with_capacity(64 + 7 * self.events.len());
        out.push_str("(;FF[4]GM[1]CA[UTF-8]AP[go-board:");
        out.push_str(env!("CARGO_PKG_VERSION"));
        out.push(']');
        if size.is_square() {
            out.push_str(&format!("SZ[{}]", size.cols()));
        } else {
            out.push_str(&format!("SZ[{}:{}]", size.cols(), size.rows()));
        }
        out.push_str(&format!("KM[{}]", self.rules.komi));
        if self.handicap > 0 {
            out.push_str(&format!("HA[{}]", self.handicap));
        }
        // Without `RU`, a reader takes Chinese rules.
        let default = Rules::chinese().with_komi(self.rules.komi) == self.rules;
        let ru =
            self.rules_text.as_deref().or(if default { None } else { sgf_rules_name(&self.rules) });
        for (ident, value) in [
            ("RU", ru),
            ("PB", self.black_player.as_deref()),
            ("BR", self.black_rank.as_deref()),
            ("PW", self.white_player.as_deref()),
            ("WR", self.white_rank.as_deref()),
            ("RE", self.result.as_deref()),
            ("DT", self.date.as_deref()),
            ("GN", self.game_name.as_deref()),
            ("EV", self.event.as_deref()),
            ("C", self.comment.as_deref()),
        ] {
            if let Some(value) = value {
                write_text_property(&mut out, ident, value);
            }
        }
        let mut next = 0;
        if let Some(Event::Setup(setup)) = self.events.first() {
            write_setup(&mut out, setup, size);
            next = 1;
        }
        if let Some(color) = self.to_move {
            write_to_move(&mut out, color);
        }
        out.push('\n');
        let mut changes = sorted_changes(&self.to_move_changes);
        let mut nodes = 0;
        for i in next..=self.events.len() {
            // `PL` that applies after the first `i` events: in the node of event i - 1 if
            // that is a setup node written here, else in a node of its own.
            let in_setup_node = i > next && matches!(self.events.get(i - 1), Some(Event::Setup(_)));
            let mut first = true;
            while let Some(&(_, color)) = changes.peek().filter(|(at, _)| *at <= i) {
                changes.next();
                if !(first && in_setup_node) {
                    out.push(';');
                    nodes += 1;
                }
                write_to_move(&mut out, color);
                first = false;
            }
            let Some(event) = self.events.get(i) else { break };
            if nodes > 0 && nodes % 10 == 0 {
                out.push('\n');
            }
            out.push(';');
            nodes += 1;
            match event {
                Event::Setup(setup) => write_setup(&mut out, setup, size),
                Event::Move(color, mv) => {
                    out.push(color.sgf_letter());
                    out.push('[');
                    if let Move::Play(p) = mv {
                        out.push_str(&p.to_sgf(size));
                    }
                    out.push(']');
                }
            }
        }
        // Changes recorded past the end of the events.
        for (_, color) in changes {
            out.push(';');
            write_to_move(&mut out, color);
        }
        out.push_str(")\n");
        out
    }

    /// The record of a game in progress: its size, rules (with `RU` the preset's SGF
    /// name when the rules are a preset up to komi), handicap count and history. A `PL`
    /// is added at the end if the side to move differs from what the moves imply, so
    /// that [`GameRecord::position`] gives back the same position.
    pub fn from_position(position: &Position) -> GameRecord {
        let rules = *position.rules();
        let mut record = GameRecord {
            handicap: position.handicap(),
            events: position.history().to_vec(),
            ..GameRecord::new(position.size(), rules)
        };
        let last = position.last_move().map(|(color, _)| color);
        let implied = record.implied_to_move(None, None, last);
        if implied != position.to_move() {
            if record.events.is_empty() {
                record.to_move = Some(position.to_move());
            } else {
                record.to_move_changes.push((record.events.len(), position.to_move()));
            }
        }
        record
    }

    /// The number of moves (passes included) in the main line.
    pub fn move_count(&self) -> usize {
        self.events.iter().filter(|e| matches!(e, Event::Move(..))).count()
    }

    /// The position after the setup and the first `moves` moves, and the setup changes
    /// that follow them before the next move. A `moves` beyond the end of the record gives
    /// the final position. (GTP's `loadsgf FILE N`, the position before move `N`, is
    /// `position_after(N - 1)`.)
    ///
    /// The moves are replayed under [`GameRecord::rules`] with
    /// [`Position::try_play_as`] (so a colour may play twice in a row); after two passes,
    /// play resumes if the record goes on (so the position before a move that follows two
    /// passes is not over). The handicap count is set for White's
    /// compensation. The side to move is, in this order: the last `PL` since the last move
    /// played (the root's `PL` when none was played), the colour of the next move of the
    /// record, the opponent of the last move played, White in a handicap game
    /// ([`GameRecord::handicap`] of at least 2), else Black.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] naming the move if a move is illegal under the rules (a record of a
    /// game played under simple ko may repeat a position that a superko rule forbids; to
    /// replay it anyway, set `rules.ko` to [`KoRule::Simple`](crate::KoRule::Simple)
    /// first), or if a setup change cannot be applied.
    pub fn position_after(&self, moves: usize) -> Result<Position, ReplayError> {
        let mut position = Position::new(self.size, self.rules);
        position.set_handicap(self.handicap);
        let mut changes = sorted_changes(&self.to_move_changes);
        let mut pending = self.to_move;
        let mut played = 0;
        let mut next = None;
        let mut last = None;
        for (i, event) in self.events.iter().enumerate() {
            while let Some(&(_, color)) = changes.peek().filter(|(at, _)| *at <= i) {
                changes.next();
                pending = Some(color);
            }
            match event {
                Event::Setup(setup) => {
                    position.setup((**setup).clone()).map_err(|e| ReplayError {
                        move_number: played + 1,
                        event_index: i,
                        kind: ReplayErrorKind::Setup(e),
                    })?;
                }
                Event::Move(color, mv) => {
                    if played == moves {
                        next = Some(*color);
                        break;
                    }
                    if position.is_over() {
                        position.resume();
                    }
                    position.try_play_as(*color, *mv).map_err(|reason| ReplayError {
                        move_number: played + 1,
                        event_index: i,
                        kind: ReplayErrorKind::IllegalMove { color: *color, mv: *mv, reason },
                    })?;
                    played += 1;
                    last = Some(*color);
                    pending = None;
                }
            }
        }
        if next.is_none() {
            for (_, color) in changes {
                pending = Some(color);
            }
        } else if position.is_over() {
            // The record goes on after two passes.
            position.resume();
        }
        position.set_to_move(self.implied_to_move(pending, next, last));
        Ok(position)
    }

    /// The position after every move of the record: see [`GameRecord::position_after`].
    ///
    /// # Errors
    ///
    /// As [`GameRecord::position_after`].
    pub fn position(&self) -> Result<Position, ReplayError> {
        self.position_after(usize::MAX)
    }

    /// The side to move from the evidence at hand, most explicit first.
    fn implied_to_move(
        &self,
        pl: Option<Color>,
        next_move: Option<Color>,
        last_move: Option<Color>,
    ) -> Color {
        pl.or(next_move).or(last_move.map(|c| !c)).unwrap_or(if self.handicap >= 2 {
            Color::White
        } else {
            Color::Black
        })
    }
}

fn sorted_changes(
    changes: &[(usize, Color)],
) -> core::iter::Peekable<std::vec::IntoIter<(usize, Color)>> {
    let mut changes = changes.to_vec();
    changes.sort_by_key(|&(at, _)| at);
    changes.into_iter().peekable()
}

/// The SGF `RU` name of the preset that `rules` equal up to komi.
fn sgf_rules_name(rules: &Rules) -> Option<&'static str> {
    [
        ("Chinese", Rules::chinese()),
        ("Japanese", Rules::japanese()),
        ("AGA", Rules::aga()),
        ("NZ", Rules::new_zealand()),
        ("GOE", Rules::ing()),
        ("Tromp-Taylor", Rules::tromp_taylor()),
    ]
    .into_iter()
    .find(|(_, preset)| preset.with_komi(rules.komi) == *rules)
    .map(|(name, _)| name)
}

fn write_text_property(out: &mut String, ident: &str, value: &str) {
    out.push_str(ident);
    out.push('[');
    for c in value.chars() {
        if matches!(c, '\\' | ']') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push(']');
}

fn write_to_move(out: &mut String, color: Color) {
    out.push_str("PL[");
    out.push(color.sgf_letter());
    out.push(']');
}

fn write_setup(out: &mut String, setup: &Setup, size: BoardSize) {
    for (ident, set) in [("AB", &setup.black), ("AW", &setup.white), ("AE", &setup.empty)] {
        if set.is_empty() {
            continue;
        }
        out.push_str(ident);
        for p in set {
            out.push('[');
            out.push_str(&p.to_sgf(size));
            out.push(']');
        }
    }
}

/// Takes the main line out of a parsed tree, one property list per node, and frees the
/// tree without recursion.
fn main_line(root: SgfNode<Prop>) -> Vec<Vec<Prop>> {
    let mut line = Vec::new();
    let mut rest = Vec::new();
    let mut node = root;
    loop {
        line.push(core::mem::take(&mut node.properties));
        let mut children = core::mem::take(&mut node.children).into_iter();
        let Some(first) = children.next() else { break };
        rest.extend(children);
        node = first;
    }
    for node in rest {
        dismantle(node);
    }
    line
}

/// Drops a tree without the recursion of its derived destructor.
fn dismantle<P: SgfProp>(root: SgfNode<P>) {
    let mut stack = vec![root];
    while let Some(mut node) = stack.pop() {
        stack.append(&mut node.children);
    }
}

/// What went wrong in an SGF file; see [`SgfError::kind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SgfErrorKind {
    /// The text is not well-formed SGF: brackets, escapes, property identifiers or the
    /// structure of the game trees.
    Syntax,
    /// A line of play of a game tree is longer than [`MAX_DEPTH`] nodes.
    TooDeep,
    /// The text holds no game tree.
    NoGameTree,
    /// The game is not Go (`GM` other than 1).
    NotGo,
    /// A property value is malformed or cannot be used.
    InvalidValue,
}

/// Why an SGF file could not be read, and where: the line and column (both from 1,
/// columns counted in characters) of the bad text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    line: usize,
    column: usize,
    offset: usize,
    kind: SgfErrorKind,
    message: String,
}

impl SgfError {
    fn new(text: &str, offset: usize, kind: SgfErrorKind, message: String) -> SgfError {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line = 1 + before.bytes().filter(|&b| b == b'\n').count();
        let column = 1 + before[line_start..].chars().count();
        SgfError { line, column, offset, kind, message }
    }

    /// The line of the bad text, from 1.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column of the bad text, from 1, counted in characters.
    pub fn column(&self) -> usize {
        self.column
    }

    /// The byte offset of the bad text.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The kind of problem.
    pub fn kind(&self) -> SgfErrorKind {
        self.kind
    }

    /// The description of the problem, without the location.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for SgfError {}

/// Why [`GameRecord::position_after`] could not replay a record.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayErrorKind {
    /// A move is illegal under the record's rules.
    IllegalMove {
        /// The colour that played it.
        color: Color,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        reason: IllegalMove,
    },
    /// A setup change cannot be applied.
    Setup(SetupError),
}

/// A record that cannot be replayed: the move number and what went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    move_number: usize,
    event_index: usize,
    kind: ReplayErrorKind,
}

impl ReplayError {
    /// The number of the illegal move, from 1; for a setup change, the number of the
    /// move that follows it.
    pub fn move_number(&self) -> usize {
        self.move_number
    }

    /// The index in [`GameRecord::events`] of the event that failed.
    pub fn event_index(&self) -> usize {
        self.event_index
    }

    /// What went wrong.
    pub fn kind(&self) -> &ReplayErrorKind {
        &self.kind
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ReplayErrorKind::IllegalMove { color, mv, reason } => {
                write!(f, "move {} ({color} {mv}) is illegal: {reason}", self.move_number)
            }
            ReplayErrorKind::Setup(e) => {
                write!(f, "setup before move {}: {e}", self.move_number)
            }
        }
    }
}

impl std::error::Error for ReplayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ReplayErrorKind::IllegalMove { reason, .. } => Some(reason),
            ReplayErrorKind::Setup(e) => Some(e),
        }
    }
}

// ---------------------------------------------------------------------------------------
// The scanner: syntax, locations and the depth limit, without recursion.

/// A property of a main-line node: its identifier (upper-case letters only, as
/// `sgf-parse` converts FF\[3\] identifiers), where it starts, and the byte ranges of
/// its values (between the brackets, escapes still in).
#[derive(Debug)]
struct PropSpan {
    ident: String,
    start: usize,
    values: Vec<Range<usize>>,
}

#[derive(Debug)]
struct Scan {
    /// The first game tree, from `(` to `)`.
    tree: Range<usize>,
    /// The nodes of its main line.
    main_line: Vec<Vec<PropSpan>>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Between game trees: expecting `(`.
    Between,
    /// After `(`: expecting `;`.
    Open,
    /// In a node: expecting a property, `;`, `(` or `)`.
    Node,
    /// After a variation closed: expecting `(` or `)`.
    Closed,
}

/// Checks the whole collection and records the main line of the first game tree.
fn scan(text: &str) -> Result<Scan, SgfError> {
    let b = text.as_bytes();
    let err = |at: usize, kind, message: String| SgfError::new(text, at, kind, message);
    let syntax = |at: usize, message: &str| err(at, SgfErrorKind::Syntax, message.to_owned());
    let mut i = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut state = State::Between;
    let mut first_tree = None;
    let mut tree_start = 0;
    // For each open game tree: where its `(` is and the node depth before it.
    let mut open: Vec<(usize, usize)> = Vec::new();
    let mut node_depth = 0;
    // The main line: the innermost game tree on it, and whether it has ended.
    let mut main_depth = 0;
    let mut main_done = false;
    let mut in_main_node = false;
    let mut main_line: Vec<Vec<PropSpan>> = Vec::new();
    let mut idents: HashSet<String> = HashSet::new();
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        let Some(&c) = b.get(i) else { break };
        match c {
            b'(' => {
                match state {
                    State::Open => return Err(syntax(i, "expected ';' to start a node after '('")),
                    State::Between => {
                        tree_start = i;
                        node_depth = 0;
                    }
                    State::Node | State::Closed => {}
                }
                open.push((i, node_depth));
                if !main_done && open.len() == main_depth + 1 {
                    main_depth += 1;
                }
                state = State::Open;
                i += 1;
            }
            b';' => {
                match state {
                    State::Between => {
                        return Err(syntax(i, "expected '(' to start a game tree"));
                    }
                    State::Closed => {
                        return Err(syntax(
                            i,
                            "a node cannot follow a variation: expected '(' or ')'",
                        ));
                    }
                    State::Open | State::Node => {}
                }
                node_depth += 1;
                if node_depth > MAX_DEPTH {
                    return Err(err(
                        i,
                        SgfErrorKind::TooDeep,
                        format!("more than {MAX_DEPTH} nodes on one line of play"),
                    ));
                }
                in_main_node = !main_done && open.len() == main_depth;
                if in_main_node {
                    main_line.push(Vec::new());
                }
                idents.clear();
                state = State::Node;
                i += 1;
            }
            b')' => {
                match state {
                    State::Between => return Err(syntax(i, "')' without a matching '('")),
                    State::Open => return Err(syntax(i, "expected ';' to start a node after '('")),
                    State::Node | State::Closed => {}
                }
                if open.len() == main_depth {
                    main_done = true;
                }
                let (_, depth) = open.pop().expect("state Node or Closed has an open tree");
                node_depth = depth;
                in_main_node = false;
                if open.is_empty() {
                    state = State::Between;
                    first_tree.get_or_insert(tree_start..i + 1);
                } else {
                    state = State::Closed;
                }
                i += 1;
            }
            c if c.is_ascii_alphabetic() => {
                match state {
                    State::Between => {
                        return Err(syntax(i, "expected '(' to start a game tree"));
                    }
                    State::Open => return Err(syntax(i, "expected ';' to start a node after '('")),
                    State::Closed => {
                        return Err(syntax(i, "a property cannot follow a variation"));
                    }
                    State::Node => {}
                }
                let start = i;
                while i < b.len() && b[i].is_ascii_alphabetic() {
                    i += 1;
                }
                let written = &text[start..i];
                let ident: String = written.chars().filter(char::is_ascii_uppercase).collect();
                if ident.is_empty() {
                    return Err(syntax(
                        start,
                        &format!("property identifier {written} has no upper-case letter"),
                    ));
                }
                while i < b.len() && b[i].is_ascii_whitespace() {
                    i += 1;
                }
                if b.get(i) != Some(&b'[') {
                    return Err(syntax(
                        i,
                        &format!("expected '[' to start a value of property {written}"),
                    ));
                }
                let mut values = Vec::new();
                while b.get(i) == Some(&b'[') {
                    let bracket = i;
                    i += 1;
                    let value_start = i;
                    loop {
                        match b.get(i) {
                            None => {
                                return Err(syntax(
                                    bracket,
                                    &format!("value of property {written} is not closed by ']'"),
                                ));
                            }
                            Some(b'\\') => i += 2,
                            Some(b']') => break,
                            Some(_) => i += 1,
                        }
                    }
                    values.push(value_start..i);
                    i += 1;
                    while i < b.len() && b[i].is_ascii_whitespace() {
                        i += 1;
                    }
                }
                if !idents.insert(ident.clone()) {
                    return Err(err(
                        start,
                        SgfErrorKind::InvalidValue,
                        format!("property {ident} appears twice in one node"),
                    ));
                }
                if first_tree.is_none() && node_depth == 1 && ident == "GM" {
                    check_game(text, start, &values)?;
                }
                if in_main_node {
                    let node = main_line.last_mut().expect("a main-line node was opened");
                    node.push(PropSpan { ident, start, values });
                }
            }
            b'[' => return Err(syntax(i, "property value without a property identifier")),
            _ => {
                let c = text[i..].chars().next().unwrap_or('?');
                let message = match state {
                    State::Between => format!("unexpected {c:?} outside a game tree"),
                    _ => format!("unexpected {c:?}: expected a property, ';', '(' or ')'"),
                };
                return Err(syntax(i, &message));
            }
        }
    }
    if let Some(&(at, _)) = open.last() {
        let (line, column) = {
            let e = SgfError::new(text, at, SgfErrorKind::Syntax, String::new());
            (e.line, e.column)
        };
        return Err(err(
            b.len(),
            SgfErrorKind::Syntax,
            format!(
                "unexpected end of the file: the game tree opened at line {line}, \
                 column {column} is not closed by ')'"
            ),
        ));
    }
    match first_tree {
        Some(tree) => Ok(Scan { tree, main_line }),
        None => Err(err(i, SgfErrorKind::NoGameTree, "no game tree in the file".to_owned())),
    }
}

/// Checks `GM` on the root of the first game tree: Go is `GM[1]`.
fn check_game(text: &str, start: usize, values: &[Range<usize>]) -> Result<(), SgfError> {
    let [value] = values else {
        return Err(SgfError::new(
            text,
            start,
            SgfErrorKind::InvalidValue,
            "GM takes exactly one value".to_owned(),
        ));
    };
    let game = unescape(&text[value.clone()]);
    // `sgf-parse` decides the game type the same way (an `i32`, no white space).
    match game.parse::<i32>() {
        Ok(1) => Ok(()),
        Ok(_) => Err(SgfError::new(
            text,
            value.start,
            SgfErrorKind::NotGo,
            format!("not a game of Go: GM[{game}] (Go is GM[1])"),
        )),
        Err(_) => Err(SgfError::new(
            text,
            value.start,
            SgfErrorKind::InvalidValue,
            format!("GM[{game}] is not a number"),
        )),
    }
}

/// A value with its escapes removed, as the `sgf-parse` lexer does.
fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(e) = chars.next() {
                out.push(e);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Decodes an SGF Text value (`simple == false`) or SimpleText value (`simple ==
/// true`): `\` escapes the next character, `\` before a line break removes it (a soft
/// line break), other white space becomes a space, and in SimpleText line breaks become
/// spaces too. Line breaks are `\n`, `\r\n`, `\n\r` or `\r`; in Text they become `\n`.
fn decode_text(raw: &str, simple: bool) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(first @ ('\n' | '\r')) => {
                    let pair = if first == '\n' { '\r' } else { '\n' };
                    if chars.peek() == Some(&pair) {
                        chars.next();
                    }
                }
                Some(e) if is_space(e) => out.push(' '),
                Some(e) => out.push(e),
                None => {}
            },
            '\n' | '\r' => {
                let pair = if c == '\n' { '\r' } else { '\n' };
                if chars.peek() == Some(&pair) {
                    chars.next();
                }
                out.push(if simple { ' ' } else { '\n' });
            }
            c if is_space(c) => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// White space other than line breaks in a text value: space, tab, vertical tab, form
/// feed.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\u{b}' | '\u{c}')
}

// ---------------------------------------------------------------------------------------
// From the parsed main line to a record.

/// Game information already read: only the first value counts.
#[derive(Default)]
struct Seen {
    komi: Option<Komi>,
    handicap: bool,
}

struct Reader<'a> {
    text: &'a str,
}

impl Reader<'_> {
    fn error(&self, at: usize, message: String) -> SgfError {
        SgfError::new(self.text, at, SgfErrorKind::InvalidValue, message)
    }

    fn raw(&self, range: &Range<usize>) -> &str {
        &self.text[range.clone()]
    }

    /// The single value of a property, or an error at the property.
    fn single<'s>(&self, span: &'s PropSpan) -> Result<&'s Range<usize>, SgfError> {
        match span.values.as_slice() {
            [value] => Ok(value),
            _ => Err(self.error(
                span.values.get(1).map_or(span.start, |v| v.start - 1),
                format!("{} takes exactly one value", span.ident),
            )),
        }
    }

    fn record(&self, spans: &[Vec<PropSpan>], line: &[Vec<Prop>]) -> Result<GameRecord, SgfError> {
        let mismatch = || {
            self.error(
                0,
                "internal error: sgf-parse and the scanner disagree on the main line".to_owned(),
            )
        };
        if spans.len() != line.len() {
            return Err(mismatch());
        }
        for (span_node, node) in spans.iter().zip(line) {
            if span_node.len() != node.len()
                || span_node.iter().zip(node).any(|(s, p)| s.ident != p.identifier())
            {
                return Err(mismatch());
            }
        }
        let size = match (spans.first(), line.first()) {
            (Some(span_node), Some(node)) => self.size(span_node, node)?,
            _ => return Err(mismatch()),
        };
        let mut record = GameRecord { rules_text: None, ..GameRecord::new(size, Rules::chinese()) };
        let mut seen = Seen::default();
        for (n, (span_node, node)) in spans.iter().zip(line).enumerate() {
            self.node(&mut record, &mut seen, n == 0, span_node, node)?;
        }
        if let Some(text) = &record.rules_text {
            record.rules = text.parse().unwrap_or(Rules::chinese());
        }
        if let Some(komi) = seen.komi {
            record.rules.komi = komi;
        }
        Ok(record)
    }

    fn size(&self, spans: &[PropSpan], node: &[Prop]) -> Result<BoardSize, SgfError> {
        let Some((span, prop)) = spans.iter().zip(node).find(|(s, _)| s.ident == "SZ") else {
            return Ok(BoardSize::square(19).expect("19 is a valid size"));
        };
        let value = self.single(span)?;
        let raw = self.raw(value);
        match prop {
            Prop::SZ((cols, rows)) => {
                BoardSize::new(u32::from(*cols), u32::from(*rows)).map_err(|_| {
                    self.error(
                        value.start,
                        format!(
                            "SZ[{raw}]: board size {cols}x{rows} is not supported \
                             (each side must be 1 to {})",
                            BoardSize::MAX
                        ),
                    )
                })
            }
            _ => Err(self.error(
                value.start,
                format!("SZ[{raw}] is not a board size: expected a number or columns:rows"),
            )),
        }
    }

    fn node(
        &self,
        record: &mut GameRecord,
        seen: &mut Seen,
        root: bool,
        spans: &[PropSpan],
        node: &[Prop],
    ) -> Result<(), SgfError> {
        let size = record.size;
        let mut setup = Setup::default();
        let mut setup_props: Vec<(&PropSpan, &Prop, PointSet)> = Vec::new();
        let mut to_move = None;
        let mut mv: Option<(Color, Move)> = None;
        for (span, prop) in spans.iter().zip(node) {
            let ident = span.ident.as_str();
            match ident {
                "SZ" if !root => {
                    return Err(
                        self.error(span.start, "SZ is allowed only on the root node".to_owned())
                    );
                }
                "B" | "W" => {
                    if mv.is_some() {
                        return Err(self.error(span.start, "a node holds two moves".to_owned()));
                    }
                    let color = if ident == "B" { Color::Black } else { Color::White };
                    mv = Some((color, self.mv(span, prop, size)?));
                }
                "AB" | "AW" | "AE" => {
                    let points = self.points(span, prop, size)?;
                    for (other, _, other_points) in &setup_props {
                        let both = points & *other_points;
                        if let Some(p) = both.first() {
                            let at = self.locate(span, size, &both).unwrap_or(span.start);
                            return Err(self.error(
                                at,
                                format!(
                                    "point {} is in both {} and {} on one node",
                                    p.to_sgf(size),
                                    other.ident,
                                    ident
                                ),
                            ));
                        }
                    }
                    match ident {
                        "AB" => setup.black = points,
                        "AW" => setup.white = points,
                        _ => setup.empty = points,
                    }
                    setup_props.push((span, prop, points));
                }
                "PL" => {
                    let value = self.single(span)?;
                    let raw = unescape(self.raw(value));
                    let color = raw.trim().parse::<Color>().map_err(|_| {
                        self.error(value.start, format!("PL[{raw}]: expected B or W"))
                    })?;
                    to_move = Some(color);
                }
                "KM" if seen.komi.is_none() => {
                    let value = self.single(span)?;
                    let raw = unescape(self.raw(value));
                    let parsed = raw.trim().parse::<Komi>().map_err(|_| {
                        self.error(
                            value.start,
                            format!("KM[{raw}]: komi must be a number that is a multiple of 0.5"),
                        )
                    })?;
                    seen.komi = Some(parsed);
                }
                "HA" if !seen.handicap => {
                    seen.handicap = true;
                    let value = self.single(span)?;
                    let raw = unescape(self.raw(value));
                    let stones = raw
                        .trim()
                        .parse::<u32>()
                        .ok()
                        .filter(|&n| n as usize <= size.point_count());
                    record.handicap = stones.ok_or_else(|| {
                        self.error(
                            value.start,
                            format!(
                                "HA[{raw}]: expected a number of stones from 0 to {}",
                                size.point_count()
                            ),
                        )
                    })?;
                }
                "C" if root => record.comment = Some(self.text_value(span, false)?),
                _ => {
                    let field = match ident {
                        "RU" => &mut record.rules_text,
                        "PB" => &mut record.black_player,
                        "PW" => &mut record.white_player,
                        "BR" => &mut record.black_rank,
                        "WR" => &mut record.white_rank,
                        "RE" => &mut record.result,
                        "DT" => &mut record.date,
                        "GN" => &mut record.game_name,
                        "EV" => &mut record.event,
                        _ => continue,
                    };
                    if field.is_none() {
                        *field = Some(self.text_value(span, true)?);
                    }
                }
            }
        }
        if !setup_props.is_empty() {
            record.events.push(Event::Setup(Box::new(setup)));
        }
        if let Some(color) = to_move {
            if root {
                record.to_move = Some(color);
            } else {
                record.to_move_changes.push((record.events.len(), color));
            }
        }
        if let Some((color, mv)) = mv {
            record.events.push(Event::Move(color, mv));
        }
        Ok(())
    }

    fn text_value(&self, span: &PropSpan, simple: bool) -> Result<String, SgfError> {
        let value = self.single(span)?;
        Ok(decode_text(self.raw(value), simple))
    }

    fn mv(&self, span: &PropSpan, prop: &Prop, size: BoardSize) -> Result<Move, SgfError> {
        let value = self.single(span)?;
        let raw = self.raw(value);
        let ident = &span.ident;
        match prop {
            Prop::B(SgfMove::Pass) | Prop::W(SgfMove::Pass) => Ok(Move::Pass),
            Prop::B(SgfMove::Move(p)) | Prop::W(SgfMove::Move(p)) => {
                if p.x == 19 && p.y == 19 && size.cols() <= 19 && size.rows() <= 19 {
                    return Ok(Move::Pass);
                }
                point(*p, size).map(Move::Play).ok_or_else(|| {
                    self.error(value.start, format!("{ident}[{raw}] is off the {size} board"))
                })
            }
            _ => Err(self.error(value.start, format!("{ident}[{raw}] is not a point or a pass"))),
        }
    }

    /// The points of a setup property, or an error at the value that is wrong.
    fn points(&self, span: &PropSpan, prop: &Prop, size: BoardSize) -> Result<PointSet, SgfError> {
        if let Prop::AB(list) | Prop::AW(list) | Prop::AE(list) = prop
            && let Some(points) = points_on_board(list, size)
        {
            return Ok(points);
        }
        // Find the value at fault, one at a time.
        for value in &span.values {
            let raw = self.raw(value);
            let single = Prop::new(span.ident.clone(), vec![unescape(raw)]);
            let message = match &single {
                Prop::AB(list) | Prop::AW(list) | Prop::AE(list) => {
                    if points_on_board(list, size).is_some() {
                        continue;
                    }
                    format!("{}[{raw}] is off the {size} board", span.ident)
                }
                _ => format!(
                    "{}[{raw}] is not a point or a rectangle of points (such as aa:cc)",
                    span.ident
                ),
            };
            return Err(self.error(value.start, message));
        }
        Err(self.error(span.start, format!("{} is not a list of points", span.ident)))
    }

    /// The start of the first value of a setup property that holds a point of `among`.
    fn locate(&self, span: &PropSpan, size: BoardSize, among: &PointSet) -> Option<usize> {
        span.values.iter().find_map(|value| {
            let single = Prop::new(span.ident.clone(), vec![unescape(self.raw(value))]);
            let (Prop::AB(list) | Prop::AW(list) | Prop::AE(list)) = &single else { return None };
            let points = points_on_board(list, size)?;
            (!(points & *among).is_empty()).then_some(value.start)
        })
    }
}

/// Converts an `sgf-parse` point (column and row from the top-left corner).
fn point(p: SgfPoint, size: BoardSize) -> Option<Point> {
    if p.y >= size.rows() {
        return None;
    }
    Point::new(p.x, size.rows() - 1 - p.y, size)
}

fn points_on_board(list: &HashSet<SgfPoint>, size: BoardSize) -> Option<PointSet> {
    list.iter().map(|&p| point(p, size)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> SgfError {
        GameRecord::from_sgf(text).expect_err(text)
    }

    #[test]
    fn scanner_finds_the_main_line() {
        let text = "(;GM[1](;B[aa];W[bb](;B[cc])(;B[dd]))(;B[ee]))(;B[ff])";
        let scan = scan(text).unwrap();
        assert_eq!(&text[scan.tree.clone()], "(;GM[1](;B[aa];W[bb](;B[cc])(;B[dd]))(;B[ee]))");
        let values: Vec<&str> = scan
            .main_line
            .iter()
            .filter_map(|node| node.first())
            .map(|p| &text[p.values[0].clone()])
            .collect();
        assert_eq!(values, ["1", "aa", "bb", "cc"]);
    }

    #[test]
    fn scanner_skips_escaped_brackets() {
        let text = "(;C[a \\] b \\\\]B[aa])";
        let scan = scan(text).unwrap();
        assert_eq!(&text[scan.main_line[0][0].values[0].clone()], "a \\] b \\\\");
        assert_eq!(scan.main_line[0][1].ident, "B");
    }

    #[test]
    fn old_style_identifiers_are_converted() {
        let record = GameRecord::from_sgf("(;GaMe[1]SiZe[9]AddBlack[aa];White[bb])").unwrap();
        assert_eq!(record.size, BoardSize::square(9).unwrap());
        assert_eq!(record.move_count(), 1);
        assert!(matches!(record.events[0], Event::Setup(_)));
    }

    #[test]
    fn text_decoding_follows_the_sgf_rules() {
        assert_eq!(decode_text("a\\]b\\\\c\\:d", true), "a]b\\c:d");
        assert_eq!(decode_text("soft\\\nbreak", false), "softbreak");
        assert_eq!(decode_text("soft\\\r\nbreak", true), "softbreak");
        assert_eq!(decode_text("two\r\nlines\n\rx\ry", false), "two\nlines\nx\ny");
        assert_eq!(decode_text("two\r\nlines", true), "two lines");
        assert_eq!(decode_text("tab\there", false), "tab here");
        assert_eq!(decode_text("escaped\\\u{b}vt\u{c}ff", true), "escaped vt ff");
        assert_eq!(decode_text("trailing\\", true), "trailing");
        assert_eq!(decode_text("日本\u{3000}棋院", true), "日本\u{3000}棋院");
    }

    #[test]
    fn locations_count_characters_and_lines() {
        let e = error("(;PB[棋士]\n  ;B[zz])");
        assert_eq!((e.line(), e.column()), (2, 6));
        assert_eq!(e.kind(), SgfErrorKind::InvalidValue);
        let e = error("(;PB[棋士];B[zz])");
        assert_eq!((e.line(), e.column()), (1, 12));
        assert_eq!(e.offset(), "(;PB[棋士];B[".len());
    }

    #[test]
    fn unclosed_tree_names_where_it_opened() {
        let e = error("\n (;B[aa]");
        assert_eq!((e.line(), e.column()), (2, 9));
        assert!(e.message().contains("line 2, column 2"), "{e}");
    }

    #[test]
    fn replay_error_display_names_the_move() {
        let size = BoardSize::square(9).unwrap();
        let p = Point::parse_gtp("C3", size).unwrap();
        let e = ReplayError {
            move_number: 12,
            event_index: 13,
            kind: ReplayErrorKind::IllegalMove {
                color: Color::White,
                mv: Move::Play(p),
                reason: IllegalMove::Occupied,
            },
        };
        assert_eq!(e.to_string(), "move 12 (white C3) is illegal: point occupied");
        let e = ReplayError {
            move_number: 1,
            event_index: 0,
            kind: ReplayErrorKind::Setup(SetupError::NoLiberties(p)),
        };
        assert_eq!(e.to_string(), "setup before move 1: the chain at C3 would have no liberties");
    }

    #[test]
    fn rules_names_round_trip_through_from_str() {
        for preset in crate::PRESET_NAMES {
            let rules: Rules = preset.parse().unwrap();
            let name = sgf_rules_name(&rules).unwrap();
            assert_eq!(name.parse::<Rules>(), Ok(rules), "{preset}");
        }
        let custom = Rules { suicide: true, ..Rules::japanese() };
        assert_eq!(sgf_rules_name(&custom), None);
    }

    #[test]
    fn dismantle_frees_a_deep_tree_on_a_small_stack() {
        let text = format!("({})", ";B[aa]".repeat(MAX_DEPTH));
        let handle = std::thread::Builder::new()
            .stack_size(128 * 1024)
            .spawn(move || {
                let tree = sgf_parse::parse(&text).unwrap().pop().unwrap();
                let GameTree::GoGame(root) = tree else { panic!("not go") };
                main_line(root).len()
            })
            .unwrap();
        assert_eq!(handle.join().unwrap(), MAX_DEPTH);
    }
}
