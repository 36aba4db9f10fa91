//! [`GameRecord`]: the main line of a game tree as a game of Go, and its replay.

use core::fmt;

use super::error::{SgfError, SgfErrorKind, Warning, Warnings};
use super::properties::{
    KomiValue, PointsError, parse_komi, parse_size, point_at, points_of, sgf_coordinates,
    sgf_rules_name,
};
use super::tree::{GameTree, Node, NodeId, Property, Value};
use crate::{
    BoardSize, Color, Event, IllegalMove, Komi, Move, Point, PointSet, Position, Rules, Setup,
    SetupError, excerpt,
};

/// A game read from or written to SGF: the board size, rules, game information, and the
/// main line as a list of setup changes and moves.
///
/// It is a view of the main line of a [`GameTree`] (the first child at every branch):
/// [`GameRecord::from_tree`] reads it, [`GameRecord::to_tree`] writes it, and
/// [`GameRecord::from_sgf`] and [`GameRecord::to_sgf`] do both through text.
/// Variations and properties a record does not represent stay in the tree.
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
/// assert!(text.contains("SZ[13]KM[6.5]HA[2]RU[Japanese]"));
/// assert!(text.contains("PW[Go Seigen]AB[dj][jd]\n;W[gg])"));
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
    /// What the reader repaired to read the record (a komi rounded to a half point, a
    /// lower-case identifier, a game tree closed at the end of the file, a guessed
    /// charset, ...), in file order. Empty for a record built in memory; records that
    /// differ only here are different values, so compare the other fields (or clear
    /// this one) to compare games.
    pub warnings: Vec<Warning>,
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
            warnings: Vec::new(),
        }
    }

    /// Reads the main line of the first game tree of an SGF collection: the bytes of
    /// the file (or text), decoded as [`sgf::parse`](super::parse) says, within the
    /// [default limits](super::ReadLimits::DEFAULT).
    ///
    /// The [warnings](GameRecord::warnings) are those of reading the file, then those of
    /// [`GameRecord::from_tree`] (each list stops at [`MAX_WARNINGS`](super::MAX_WARNINGS)
    /// and a count of the rest).
    ///
    /// # Errors
    ///
    /// [`SgfError`], with the place of the bad text: the errors of
    /// [`sgf::parse`](super::parse) and of [`GameRecord::from_tree`].
    pub fn from_sgf(sgf: impl AsRef<[u8]>) -> Result<GameRecord, SgfError> {
        let collection = super::parse(sgf.as_ref())?;
        let mut record = GameRecord::from_tree(&collection.games()[0])?;
        let mut warnings = collection.warnings().to_vec();
        warnings.append(&mut record.warnings);
        record.warnings = warnings;
        Ok(record)
    }

    /// Reads the main line of a game tree as a game of Go.
    ///
    /// Properties this type does not represent (markup, timing, comments after the
    /// root, ...) and variations are skipped. Game information may sit on any node of
    /// the main line; the first value found counts. A node with both setup and a move
    /// is accepted (setup first), although FF\[4\] forbids it.
    ///
    /// Lenient where the record keeps one meaning, with a [warning](GameRecord::warnings)
    /// for each repair: `KM` with a decimal comma (`KM[6,5]`) or between half points
    /// (`KM[3.75]`, rounded to the nearest half point, halfway cases away from zero),
    /// and an empty `KM[]` (the rules' komi).
    ///
    /// # Errors
    ///
    /// [`SgfError`], located if the tree was read from a file: the game is not Go
    /// (`GM` other than 1), or a property value cannot be used (board size, komi,
    /// handicap, side to move, a move or setup point off the board, a point in two setup
    /// properties of one node, two moves in one node, several values where one is
    /// expected).
    pub fn from_tree(tree: &GameTree) -> Result<GameRecord, SgfError> {
        Reader::default().record(tree)
    }

    /// The record as a game tree: a root with `FF[4] GM[1] CA[UTF-8] AP SZ KM`, `HA`
    /// (if not 0), `RU`, the game information that is present, the setup that starts
    /// the game and `PL`; then a node for each later setup change and each move, passes
    /// written `B[]`/`W[]`.
    ///
    /// `RU` is [`GameRecord::rules_text`] if present, else the SGF name of the preset the
    /// rules equal up to komi (`Japanese`, `AGA`, `NZ`, `GOE`, `Tromp-Taylor`; Chinese
    /// rules, the reader's default, are left out); custom rules cannot be expressed in
    /// `RU` and are left out too, so they read back as Chinese.
    ///
    /// Text is escaped; line breaks in single-line values (names, result, ...) and tabs
    /// read back as spaces, as SGF defines. A setup change with no point is written as an
    /// empty node and does not read back. Every event (and every later `PL` that does not
    /// share a setup node) takes a node.
    pub fn to_tree(&self) -> GameTree {
        let size = self.size;
        let mut tree = GameTree::new();
        tree.push_property("FF", ["4"]);
        tree.push_property("GM", ["1"]);
        tree.push_property("CA", ["UTF-8"]);
        tree.push_property("AP", [concat!("go-board:", env!("CARGO_PKG_VERSION"))]);
        if size.is_square() {
            tree.push_property("SZ", [size.cols().to_string()]);
        } else {
            tree.push_property("SZ", [format!("{}:{}", size.cols(), size.rows())]);
        }
        tree.push_property("KM", [self.rules.komi.to_string()]);
        if self.handicap > 0 {
            tree.push_property("HA", [self.handicap.to_string()]);
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
                tree.push_property(ident, [value]);
            }
        }
        let mut next = 0;
        if let Some(Event::Setup(setup)) = self.events.first() {
            push_setup(&mut tree, setup, size);
            next = 1;
        }
        if let Some(color) = self.to_move {
            push_to_move(&mut tree, color);
        }
        let mut changes = sorted_changes(&self.to_move_changes);
        let mut last = NodeId::ROOT;
        for i in next..=self.events.len() {
            // `PL` that applies after the first `i` events: in the node of event i - 1 if
            // that is a setup node written here, else in a node of its own.
            let in_setup_node = i > next && matches!(self.events.get(i - 1), Some(Event::Setup(_)));
            let mut first = true;
            while let Some(&(_, color)) = changes.peek().filter(|(at, _)| *at <= i) {
                changes.next();
                if !(first && in_setup_node) {
                    last = tree.add_child(last);
                }
                push_to_move(&mut tree, color);
                first = false;
            }
            let Some(event) = self.events.get(i) else { break };
            last = tree.add_child(last);
            match event {
                Event::Setup(setup) => push_setup(&mut tree, setup, size),
                Event::Move(color, mv) => {
                    let value = match mv {
                        Move::Play(p) => p.to_sgf(size),
                        Move::Pass => String::new(),
                    };
                    tree.push_property(if *color == Color::Black { "B" } else { "W" }, [value]);
                }
            }
        }
        // Changes recorded past the end of the events.
        for (_, color) in changes {
            last = tree.add_child(last);
            push_to_move(&mut tree, color);
        }
        tree
    }

    /// Writes the record as an SGF file: [`GameRecord::to_tree`] written by
    /// [`GameTree::to_sgf`].
    pub fn to_sgf(&self) -> String {
        self.to_tree().to_sgf()
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
        self.replay(moves, None)
    }

    /// The position after the first `moves` moves, replaying what the rules refuse but
    /// a board can still show, as Sabaki does: a move on an occupied point replaces the
    /// stone there, and a ko recapture, a repetition or a suicide the rules forbid is
    /// played anyway. Each such move is applied as a setup change (so it starts a new ko
    /// and superko history, like [`Position::setup`]) and named in the returned warnings;
    /// the other moves are replayed as [`GameRecord::position_after`] replays them.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] for what has no meaningful position: a move off the board, or a
    /// setup change that cannot be applied.
    ///
    /// # Examples
    ///
    /// ```
    /// use go_board::sgf::GameRecord;
    ///
    /// // White's second move lands on Black's stone.
    /// let record = GameRecord::from_sgf("(;GM[1]SZ[9];B[cc];W[dd];B[ee];W[cc])")?;
    /// assert!(record.position().is_err());
    /// let (position, warnings) = record.position_after_lenient(usize::MAX)?;
    /// assert_eq!(position.board().stones(go_board::Color::White).len(), 2);
    /// assert_eq!(warnings.len(), 1);
    /// assert!(warnings[0].message().starts_with("move 4 (white C7)"), "{}", warnings[0]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn position_after_lenient(
        &self,
        moves: usize,
    ) -> Result<(Position, Vec<Warning>), ReplayError> {
        let mut warnings = Vec::new();
        let position = self.replay(moves, Some(&mut warnings))?;
        Ok((position, warnings))
    }

    /// Replays the first `moves` moves; moves the rules refuse are forced (and named in
    /// `repairs`) when `repairs` is given.
    fn replay(
        &self,
        moves: usize,
        mut repairs: Option<&mut Vec<Warning>>,
    ) -> Result<Position, ReplayError> {
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
                    let error = |reason| ReplayError {
                        move_number: played + 1,
                        event_index: i,
                        kind: ReplayErrorKind::IllegalMove { color: *color, mv: *mv, reason },
                    };
                    if let Err(reason) = position.try_play_as(*color, *mv) {
                        let forced = match (reason, &mut repairs, mv) {
                            (IllegalMove::OffBoard | IllegalMove::GameOver, _, _)
                            | (_, None, _)
                            | (_, _, Move::Pass) => None,
                            (_, Some(repairs), Move::Play(point)) => Some((repairs, *point)),
                        };
                        let Some((repairs, point)) = forced else {
                            return Err(error(reason));
                        };
                        force(&mut position, *color, point).map_err(|e| ReplayError {
                            move_number: played + 1,
                            event_index: i,
                            kind: ReplayErrorKind::Setup(e),
                        })?;
                        repairs.push(Warning::new(
                            None,
                            format!("{}: replayed as a setup change", error(reason)),
                        ));
                    }
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

/// Plays `color` at `point` whatever the rules say (a stone already there is replaced)
/// and applies the resulting board as a setup change, with `color`'s opponent to move.
fn force(position: &mut Position, color: Color, point: Point) -> Result<(), SetupError> {
    let before = position.board();
    let mut board = before.clone();
    board.set_point(point, None)?;
    board.play(color, point);
    let mut setup = Setup::default();
    for p in before.size().points() {
        match (before.color_at(p), board.color_at(p)) {
            (was, now) if was == now => {}
            (_, Some(Color::Black)) => _ = setup.black.insert(p),
            (_, Some(Color::White)) => _ = setup.white.insert(p),
            (_, None) => _ = setup.empty.insert(p),
        }
    }
    position.setup(setup)?;
    position.set_to_move(!color);
    Ok(())
}

fn sorted_changes(
    changes: &[(usize, Color)],
) -> core::iter::Peekable<std::vec::IntoIter<(usize, Color)>> {
    let mut changes = changes.to_vec();
    changes.sort_by_key(|&(at, _)| at);
    changes.into_iter().peekable()
}

fn push_to_move(tree: &mut GameTree, color: Color) {
    tree.push_property("PL", [if color == Color::Black { "B" } else { "W" }]);
}

fn push_setup(tree: &mut GameTree, setup: &Setup, size: BoardSize) {
    for (ident, set) in [("AB", &setup.black), ("AW", &setup.white), ("AE", &setup.empty)] {
        if !set.is_empty() {
            tree.push_property(ident, set.iter().map(|p| p.to_sgf(size)));
        }
    }
}

// ---------------------------------------------------------------------------------------
// From a tree to a record.

/// Reads a record from a tree: game information already read, and the repairs made.
#[derive(Default)]
struct Reader {
    komi: Option<Komi>,
    komi_seen: bool,
    handicap_seen: bool,
    warnings: Warnings,
}

fn invalid(message: String) -> impl FnOnce(Value<'_>) -> SgfError {
    move |value| value.error(SgfErrorKind::InvalidValue, message)
}

/// The single value of a property, or an error at the second value.
fn single(prop: Property<'_>) -> Result<Value<'_>, SgfError> {
    let mut values = prop.values();
    let first = values.next().expect("a property has a value");
    match values.next() {
        None => Ok(first),
        Some(second) => Err(second.error_at_bracket(
            SgfErrorKind::InvalidValue,
            format!("{} takes exactly one value", prop.identifier()),
        )),
    }
}

impl Reader {
    fn record(mut self, tree: &GameTree) -> Result<GameRecord, SgfError> {
        let root = tree.root();
        if let Some(gm) = root.property("GM") {
            check_game(gm)?;
        }
        let size = size(root)?;
        let mut record = GameRecord { rules_text: None, ..GameRecord::new(size, Rules::chinese()) };
        // The events, counted first so that a long record takes no spare capacity.
        let events: usize = root
            .main_line()
            .map(|node| {
                let (mut setup, mut mv) = (false, false);
                for p in node.properties() {
                    match p.identifier() {
                        "AB" | "AW" | "AE" => setup = true,
                        "B" | "W" => mv = true,
                        _ => {}
                    }
                }
                usize::from(setup) + usize::from(mv)
            })
            .sum();
        record.events.reserve_exact(events);
        for node in root.main_line() {
            self.node(&mut record, node)?;
        }
        if let Some(text) = &record.rules_text {
            record.rules = text.parse().unwrap_or(Rules::chinese());
        }
        if let Some(komi) = self.komi {
            record.rules.komi = komi;
        }
        record.warnings = self.warnings.into_vec();
        Ok(record)
    }

    fn node(&mut self, record: &mut GameRecord, node: Node<'_>) -> Result<(), SgfError> {
        let size = record.size;
        let mut setup = Setup::default();
        let mut setup_props: Vec<(&str, PointSet)> = Vec::new();
        let mut to_move = None;
        let mut mv: Option<(Color, crate::Move)> = None;
        for prop in node.properties() {
            let ident = prop.identifier();
            match ident {
                "SZ" if !node.is_root() => {
                    return Err(prop.error(
                        SgfErrorKind::InvalidValue,
                        "SZ is allowed only on the root node".to_owned(),
                    ));
                }
                "B" | "W" => {
                    if mv.is_some() {
                        return Err(prop.error(
                            SgfErrorKind::InvalidValue,
                            "a node holds two moves".to_owned(),
                        ));
                    }
                    let color = if ident == "B" { Color::Black } else { Color::White };
                    mv = Some((color, read_move(prop, size)?));
                }
                "AB" | "AW" | "AE" => {
                    let points = read_points(prop, size, &setup_props)?;
                    match ident {
                        "AB" => setup.black = points,
                        "AW" => setup.white = points,
                        _ => setup.empty = points,
                    }
                    setup_props.push((ident, points));
                }
                "PL" => {
                    let value = single(prop)?;
                    let raw = value.simple_text();
                    let color = raw.trim().parse::<Color>().map_err(|_| {
                        invalid(format!("PL[{}]: expected B or W", excerpt(&raw)))(value)
                    })?;
                    to_move = Some(color);
                }
                "KM" if !self.komi_seen => {
                    self.komi_seen = true;
                    let value = single(prop)?;
                    let raw = value.unescaped();
                    match parse_komi(&raw) {
                        Some(KomiValue::Komi(komi, note)) => {
                            if let Some(note) = note {
                                self.warnings
                                    .push(value.warning(format!("KM[{}]: {note}", excerpt(&raw))));
                            }
                            self.komi = Some(komi);
                        }
                        Some(KomiValue::Empty) => {
                            self.warnings.push(value.warning(format!(
                                "KM[{}] is empty: the komi of the rules is used",
                                excerpt(&raw)
                            )));
                        }
                        None => {
                            return Err(invalid(format!(
                                "KM[{}]: komi must be a number such as 6.5",
                                excerpt(&raw)
                            ))(value));
                        }
                    }
                }
                "HA" if !self.handicap_seen => {
                    self.handicap_seen = true;
                    let value = single(prop)?;
                    let raw = value.unescaped();
                    let stones = raw
                        .trim()
                        .parse::<u32>()
                        .ok()
                        .filter(|&n| n as usize <= size.point_count());
                    record.handicap = stones.ok_or_else(|| {
                        invalid(format!(
                            "HA[{}]: expected a number of stones from 0 to {}",
                            excerpt(&raw),
                            size.point_count()
                        ))(value)
                    })?;
                }
                "C" if node.is_root() => {
                    record.comment = Some(single(prop)?.text().into_owned());
                }
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
                        *field = Some(single(prop)?.simple_text().into_owned());
                    }
                }
            }
        }
        if !setup_props.is_empty() {
            record.events.push(Event::Setup(Box::new(setup)));
        }
        if let Some(color) = to_move {
            if node.is_root() {
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
}

/// Checks `GM` on the root: Go is `GM[1]`.
fn check_game(gm: Property<'_>) -> Result<(), SgfError> {
    let mut values = gm.values();
    let (Some(value), None) = (values.next(), values.next()) else {
        return Err(gm.error(SgfErrorKind::InvalidValue, "GM takes exactly one value".to_owned()));
    };
    let raw = value.unescaped();
    match raw.parse::<i32>() {
        Ok(1) => Ok(()),
        Ok(_) => Err(value.error(
            SgfErrorKind::NotGo,
            format!("not a game of Go: GM[{}] (Go is GM[1])", excerpt(&raw)),
        )),
        Err(_) => Err(invalid(format!("GM[{}] is not a number", excerpt(&raw)))(value)),
    }
}

/// The board size of the root's `SZ` (19×19 if absent).
fn size(root: Node<'_>) -> Result<BoardSize, SgfError> {
    let Some(prop) = root.property("SZ") else {
        return Ok(BoardSize::square(19).expect("19 is a valid size"));
    };
    let value = single(prop)?;
    let raw = value.unescaped();
    let (cols, rows) = parse_size(&raw).ok_or_else(|| {
        invalid(format!(
            "SZ[{}] is not a board size: expected a number or columns:rows",
            excerpt(&raw)
        ))(value)
    })?;
    BoardSize::new(cols, rows).map_err(|_| {
        invalid(format!(
            "SZ[{}]: board size {cols}x{rows} is not supported (each side must be 1 to {})",
            excerpt(&raw),
            BoardSize::MAX
        ))(value)
    })
}

/// A move `B[..]`/`W[..]`: a point, or a pass (`[]`, or `[tt]` up to 19×19).
fn read_move(prop: Property<'_>, size: BoardSize) -> Result<Move, SgfError> {
    let value = single(prop)?;
    let raw = value.raw();
    let ident = prop.identifier();
    if raw.is_empty() {
        return Ok(Move::Pass);
    }
    let Some(xy) = sgf_coordinates(raw) else {
        return Err(invalid(format!("{ident}[{}] is not a point or a pass", excerpt(raw)))(value));
    };
    if xy == (19, 19) && size.cols() <= 19 && size.rows() <= 19 {
        return Ok(Move::Pass);
    }
    point_at(xy, size)
        .map(Move::Play)
        .ok_or_else(|| invalid(format!("{ident}[{raw}] is off the {size} board"))(value))
}

/// The points of a setup property, checked against the setup properties of the node
/// read before it.
fn read_points(
    prop: Property<'_>,
    size: BoardSize,
    others: &[(&str, PointSet)],
) -> Result<PointSet, SgfError> {
    let ident = prop.identifier();
    let mut all = PointSet::EMPTY;
    for value in prop.values() {
        let raw = value.raw();
        let points = points_of(raw, size).map_err(|e| {
            let message = match e {
                PointsError::OffBoard => format!("{ident}[{raw}] is off the {size} board"),
                PointsError::Malformed => format!(
                    "{ident}[{}] is not a point or a rectangle of points (such as aa:cc)",
                    excerpt(raw)
                ),
            };
            invalid(message)(value)
        })?;
        for (other, other_points) in others {
            if let Some(p) = (points & *other_points).first() {
                return Err(invalid(format!(
                    "point {} is in both {other} and {ident} on one node",
                    p.to_sgf(size)
                ))(value));
            }
        }
        all |= points;
    }
    Ok(all)
}

// ---------------------------------------------------------------------------------------
// Replay errors.

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Point;

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
    fn a_tree_built_in_memory_gives_unlocated_errors() {
        let mut tree = GameTree::new();
        tree.push_property("SZ", ["99"]);
        let e = GameRecord::from_tree(&tree).unwrap_err();
        assert_eq!(e.location(), None);
        assert_eq!(
            e.to_string(),
            "SZ[99]: board size 99x99 is not supported (each side must be 1 to 25)"
        );
    }
}
