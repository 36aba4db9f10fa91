//! Import of SGF joseki trees (a joseki dictionary: a game tree whose variations are
//! the lines of a corner) into Extended Gopal sequence patterns.
//!
//! [`import_joseki`] reads an SGF collection and writes Gopal source (compile it with
//! [`PatternSet::compile`](crate::PatternSet::compile)):
//!
//! - **The corner.** Each move that starts the tree (the first moves under the root)
//!   fixes its corner: the quadrant of the board it lies in, and the region of
//!   `region` × `region` points from that corner point. Its lines are written in that
//!   corner's frame (`a1` is the corner point); the compiler gives them back in every
//!   corner and both reflections. Lines starting in the same corner share one pattern
//!   (`place corner`, the region empty when the tree is created).
//! - **Moves.** A move in the region by the colour that alternates is a move of the
//!   line: one child is a `next`, several children are a `branch` (in file order).
//!   Weights: 20 for the first child (the dictionary's main line), 10 for the others;
//!   a move marked `BM` (bad move) gets the intent `antisuji` and `DO` (doubtful)
//!   `trick`, which are followed but never suggested, so that the tree still offers the
//!   punishment after them.
//! - **Tenuki.** A pass (`B[]`, or `B[tt]` up to 19×19) or a move outside the region is
//!   a tenuki. The moves answering it in the region become `tenuki(joseki, W)` replies
//!   of the line's expected move (the first corner child; weights as for moves). What
//!   follows a reply, a tenuki without a corner alternative, and two moves of one colour
//!   in a row in the region each start a **continuation pattern**: its condition is the
//!   exact contents of the region at that point (`state(P) = friend|enemy` and
//!   `emparea` for the rest), so the tracker creates its tree when a game reaches that
//!   corner, whatever the order.
//! - **Setup.** `AB`/`AW` in the root are the stones the tree starts from (a
//!   continuation pattern's condition); setup in any other node is refused.
//! - **Limits.** The file is read within [`ImportOptions::read_limits`] (bytes, nodes,
//!   moves on a line); branches nested deeper than [`ImportOptions::max_nesting`]
//!   continue as new patterns (the language limits nesting); at most
//!   [`ImportOptions::max_patterns`] patterns and [`ImportOptions::max_moves`] moves.
//!
//! Every error names the game tree, the node (its number in file order, the SGF
//! location of its move and the moves that lead to it) and what is wrong.
//!
//! ```
//! use go_patterns::{PatternSet, joseki_sgf};
//! let sgf = b"(;SZ[19];B[pd](;W[qf];B[nc])(;W[nc];B[qf]))";
//! let import = joseki_sgf::import_joseki(sgf, &joseki_sgf::ImportOptions::default())?;
//! assert_eq!((import.patterns(), import.moves()), (1, 5));
//! let set = PatternSet::compile(import.text())?;
//! assert_eq!(set.len(), 1);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use go_board::sgf::{self, GameTree, Node, NodeId, ReadLimits};
use go_board::{Board, BoardSize, Color, Point, SgfError};

use crate::diagnostic::Limits;

/// The settings of an import.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ImportOptions {
    /// The program's name and the prefix of its patterns (letters, digits and `_`).
    pub name: String,
    /// The side of a corner region, in lines (2 to 12; at most half the board).
    pub region: u8,
    /// The most patterns written.
    pub max_patterns: usize,
    /// The most moves written (tenuki replies included).
    pub max_moves: usize,
    /// The deepest nesting of branches in one pattern (1 to 24: the language's
    /// nesting limit is 64); deeper lines continue as new patterns.
    pub max_nesting: usize,
    /// The limits of the SGF reader.
    pub read_limits: ReadLimits,
}

impl Default for ImportOptions {
    /// `joseki`, a 9×9 region, 20,000 patterns, 100,000 moves, nesting 12, files of at
    /// most 16 MiB, 2,000,000 nodes and 2,000 nodes on a line. The Gopal text written
    /// must also fit the compiler's source limit ([`Limits::DEFAULT`]).
    fn default() -> ImportOptions {
        ImportOptions {
            name: "joseki".to_owned(),
            region: 9,
            max_patterns: 20_000,
            max_moves: 100_000,
            max_nesting: 12,
            read_limits: ReadLimits::DEFAULT
                .with_max_bytes(16 << 20)
                .with_max_nodes(2_000_000)
                .with_max_depth(2_000),
        }
    }
}

impl ImportOptions {
    /// These options with another name.
    #[must_use]
    pub fn with_name(mut self, name: impl Into<String>) -> ImportOptions {
        self.name = name.into();
        self
    }

    /// These options with another region side.
    #[must_use]
    pub fn with_region(mut self, region: u8) -> ImportOptions {
        self.region = region;
        self
    }

    /// These options with other pattern and move limits.
    #[must_use]
    pub fn with_max(mut self, patterns: usize, moves: usize) -> ImportOptions {
        self.max_patterns = patterns;
        self.max_moves = moves;
        self
    }

    /// These options with another nesting limit.
    #[must_use]
    pub fn with_max_nesting(mut self, nesting: usize) -> ImportOptions {
        self.max_nesting = nesting;
        self
    }

    /// These options with other SGF reader limits.
    #[must_use]
    pub fn with_read_limits(mut self, limits: ReadLimits) -> ImportOptions {
        self.read_limits = limits;
        self
    }
}

/// Why an SGF joseki tree could not be imported.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ImportError {
    /// The options are not usable.
    Options(String),
    /// The file is not SGF (or is over the reader's limits).
    Sgf(SgfError),
    /// The patterns written would be larger than the compiler takes.
    TooLarge(String),
    /// A node of a game tree is wrong.
    Node {
        /// The game tree, from 1.
        game: usize,
        /// The node, from 0 in file order.
        node: usize,
        /// Where its move (or first property) is, and the moves that lead to it.
        place: String,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Options(m) => write!(f, "import options: {m}"),
            ImportError::TooLarge(m) => write!(f, "{m}"),
            ImportError::Sgf(e) => write!(f, "{e}"),
            ImportError::Node { game, node, place, message } => {
                write!(f, "game {game}, node {node} ({place}): {message}")
            }
        }
    }
}

impl std::error::Error for ImportError {}

/// The Gopal source of an imported tree, and what it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JosekiImport {
    text: String,
    patterns: usize,
    moves: usize,
    replies: usize,
    continuations: usize,
    notes: Vec<String>,
}

impl JosekiImport {
    /// The Gopal source.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The patterns written.
    pub fn patterns(&self) -> usize {
        self.patterns
    }

    /// The moves written (`with` and `next`), tenuki replies not included.
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// The tenuki replies written.
    pub fn tenuki_replies(&self) -> usize {
        self.replies
    }

    /// The continuation patterns among [`JosekiImport::patterns`] (after a tenuki, two
    /// moves of a colour, setup stones or deep nesting).
    pub fn continuations(&self) -> usize {
        self.continuations
    }

    /// The nodes that were not imported, each with the reason (at most 100).
    pub fn notes(&self) -> &[String] {
        &self.notes
    }
}

/// The most notes kept.
const MAX_NOTES: usize = 100;

/// A corner's frame on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Frame {
    corner: (i32, i32),
    inward: (i32, i32),
}

impl Frame {
    /// The frame of the quadrant of `p`.
    fn of(p: Point, size: BoardSize) -> Frame {
        let side = |v: u8, n: u8| {
            if 2 * u32::from(v) < u32::from(n) { (0, 1) } else { (i32::from(n) - 1, -1) }
        };
        let (cx, ix) = side(p.col(), size.cols());
        let (cy, iy) = side(p.row(), size.rows());
        Frame { corner: (cx, cy), inward: (ix, iy) }
    }

    /// `p` in this frame.
    fn local(self, p: Point) -> (i32, i32) {
        (
            (i32::from(p.col()) - self.corner.0) * self.inward.0,
            (i32::from(p.row()) - self.corner.1) * self.inward.1,
        )
    }

    /// The board point of `(u, v)`.
    fn board(self, (u, v): (i32, i32), size: BoardSize) -> Option<Point> {
        let x = self.corner.0 + u * self.inward.0;
        let y = self.corner.1 + v * self.inward.1;
        Point::new(u8::try_from(x).ok()?, u8::try_from(y).ok()?, size)
    }
}

/// A point as the language writes it in the corner's frame.
fn name((u, v): (i32, i32)) -> String {
    format!("{}{}", char::from(b'a' + u as u8), v + 1)
}

/// What a node does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Play {
    /// A move on the board.
    At(Color, Point),
    /// A pass.
    Pass(Color),
}

impl Play {
    fn color(self) -> Color {
        match self {
            Play::At(c, _) | Play::Pass(c) => c,
        }
    }
}

/// A pattern to write: lines that start at `nodes` (all of one colour) from `board`.
#[derive(Clone, Debug)]
struct Start {
    nodes: Vec<NodeId>,
    board: Board,
    frame: Frame,
    /// The node that made it (for notes), `None` for the tree's first moves.
    after: Option<NodeId>,
}

/// The importer of one collection.
struct Importer<'a> {
    options: &'a ImportOptions,
    tree: &'a GameTree,
    game: usize,
    size: BoardSize,
    region: i32,
    out: String,
    patterns: usize,
    moves: usize,
    replies: usize,
    continuations: usize,
    notes: Vec<String>,
    queue: Vec<Start>,
}

/// Imports the SGF joseki trees of `bytes` (see the [module documentation](self)).
///
/// # Errors
///
/// [`ImportError::Options`] for a bad name, region or nesting,
/// [`ImportError::TooLarge`] for patterns beyond the compiler's source limit,
/// [`ImportError::Sgf`] for a file
/// that is not SGF or is over the reader's limits, [`ImportError::Node`] for a node
/// that cannot be imported (an illegal or unreadable move, setup outside the root, a
/// first move in no corner region, a board that is not square, a limit reached), with
/// its place.
pub fn import_joseki(bytes: &[u8], options: &ImportOptions) -> Result<JosekiImport, ImportError> {
    let valid = |c: char| c.is_ascii_alphanumeric() || c == '_';
    if options.name.is_empty()
        || !options.name.chars().all(valid)
        || !options.name.starts_with(|c: char| c.is_ascii_alphabetic())
        || options.name.len() > 64
    {
        return Err(ImportError::Options(format!(
            "name '{}': 1 to 64 letters, digits or '_', starting with a letter",
            go_board::excerpt(&options.name)
        )));
    }
    if !(2..=12).contains(&options.region) {
        return Err(ImportError::Options(format!("region {}: 2 to 12 lines", options.region)));
    }
    if !(1..=24).contains(&options.max_nesting) {
        return Err(ImportError::Options(format!(
            "nesting {}: 1 to 24 branches deep",
            options.max_nesting
        )));
    }
    let collection =
        sgf::parse_with_limits(bytes, &options.read_limits).map_err(ImportError::Sgf)?;
    let mut text = format!(
        "# Imported from an SGF joseki tree (go-patterns joseki_sgf): {}x{} corner regions.\n\n\
         program {}\n",
        options.region, options.region, options.name
    );
    let mut total = JosekiImport {
        text: String::new(),
        patterns: 0,
        moves: 0,
        replies: 0,
        continuations: 0,
        notes: Vec::new(),
    };
    for (g, tree) in collection.games().iter().enumerate() {
        let mut importer = Importer::new(options, tree, g + 1, &total)?;
        importer.run()?;
        text.push_str(&importer.out);
        total.patterns = importer.patterns;
        total.moves = importer.moves;
        total.replies = importer.replies;
        total.continuations = importer.continuations;
        total.notes = importer.notes;
    }
    let max = Limits::DEFAULT.max_source_bytes;
    if text.len() > max {
        return Err(ImportError::TooLarge(format!(
            "the patterns written take {} bytes, more than the compiler's {max}: import \
             fewer lines (a smaller file) or a smaller region",
            text.len()
        )));
    }
    total.text = text;
    Ok(total)
}

impl<'a> Importer<'a> {
    fn new(
        options: &'a ImportOptions,
        tree: &'a GameTree,
        game: usize,
        so_far: &JosekiImport,
    ) -> Result<Importer<'a>, ImportError> {
        let mut importer = Importer {
            options,
            tree,
            game,
            size: BoardSize::square(19).expect("19 is a board size"),
            region: i32::from(options.region),
            out: String::new(),
            patterns: so_far.patterns,
            moves: so_far.moves,
            replies: so_far.replies,
            continuations: so_far.continuations,
            notes: so_far.notes.clone(),
            queue: Vec::new(),
        };
        let root = tree.root();
        if let Some(sz) = root.value("SZ") {
            let parse = |s: &str| s.trim().parse::<u32>().ok();
            let (cols, rows) = match sz.split_compose() {
                Some((c, r)) => (parse(c), parse(r)),
                None => (parse(sz.raw()), parse(sz.raw())),
            };
            let size = match (cols, rows) {
                (Some(c), Some(r)) if c == r => BoardSize::square(c).ok(),
                _ => None,
            };
            match size {
                Some(size) => importer.size = size,
                None => {
                    return Err(importer.error(
                        root,
                        format!(
                            "SZ[{}]: a square board of 2 to 25 lines is needed",
                            go_board::excerpt(sz.raw())
                        ),
                    ));
                }
            }
        }
        if 2 * importer.region > i32::from(importer.size.cols()) {
            return Err(importer.error(
                root,
                format!(
                    "a {}x{} corner region does not fit twice on a {} board",
                    importer.region,
                    importer.region,
                    importer.size.cols()
                ),
            ));
        }
        Ok(importer)
    }

    /// The place of a node: its move's location and the moves before it.
    fn place(&self, node: Node<'_>) -> String {
        let located = ["B", "W", "AB", "AW", "AE"]
            .iter()
            .find_map(|id| node.property(id))
            .or_else(|| node.properties().next())
            .and_then(|p| p.location());
        let mut moves: Vec<String> = node
            .path_from_root()
            .iter()
            .filter_map(|n| {
                let (id, v) = ["B", "W"].iter().find_map(|id| Some((*id, n.value(id)?)))?;
                Some(format!("{id}[{}]", go_board::excerpt(v.raw())))
            })
            .collect();
        let shown = if moves.len() > 8 {
            let rest = moves.split_off(moves.len() - 8);
            format!("... {}", rest.join(" "))
        } else if moves.is_empty() {
            "no move".to_owned()
        } else {
            moves.join(" ")
        };
        match located {
            Some(l) => format!("{l}; line {shown}"),
            None => format!("line {shown}"),
        }
    }

    fn error(&self, node: Node<'_>, message: String) -> ImportError {
        ImportError::Node {
            game: self.game,
            node: node.id().index(),
            place: self.place(node),
            message,
        }
    }

    fn note(&mut self, node: Node<'_>, message: &str) {
        if self.notes.len() < MAX_NOTES {
            let note = format!(
                "game {}, node {} ({}): {message}",
                self.game,
                node.id().index(),
                self.place(node)
            );
            self.notes.push(note);
        }
    }

    /// The move of a node, if it has one; setup outside the root is an error.
    fn play(&self, node: Node<'_>) -> Result<Option<Play>, ImportError> {
        if !node.is_root()
            && let Some(p) = ["AB", "AW", "AE"].iter().find_map(|id| node.property(id))
        {
            return Err(self
                .error(node, format!("setup ({}) is only read in the root node", p.identifier())));
        }
        let mut found = None;
        for (id, color) in [("B", Color::Black), ("W", Color::White)] {
            let Some(v) = node.value(id) else { continue };
            if found.is_some() {
                return Err(self.error(node, "a node with both B and W".to_owned()));
            }
            let raw = v.raw().trim();
            found = Some(if raw.is_empty() || (raw == "tt" && self.size.cols() <= 19) {
                Play::Pass(color)
            } else {
                let p = Point::parse_sgf(raw, self.size).map_err(|e| {
                    self.error(node, format!("{id}[{}]: {e}", go_board::excerpt(raw)))
                })?;
                Play::At(color, p)
            });
        }
        Ok(found)
    }

    /// The nodes with a move under `node` (through nodes without one), in file order.
    fn move_children(&self, node: Node<'a>) -> Result<Vec<(Node<'a>, Play)>, ImportError> {
        let mut out = Vec::new();
        let mut stack: Vec<Node<'a>> = node.children().collect();
        stack.reverse();
        while let Some(n) = stack.pop() {
            match self.play(n)? {
                Some(play) => out.push((n, play)),
                None => {
                    let mut kids: Vec<Node<'a>> = n.children().collect();
                    kids.reverse();
                    stack.extend(kids);
                }
            }
        }
        Ok(out)
    }

    /// Whether `p` is in the region of `frame`.
    fn in_region(&self, frame: Frame, p: Point) -> bool {
        let (u, v) = frame.local(p);
        (0..self.region).contains(&u) && (0..self.region).contains(&v)
    }

    /// Plays `play` on `board`, or names the node whose move is illegal.
    fn apply(&self, board: &mut Board, node: Node<'_>, play: Play) -> Result<(), ImportError> {
        if let Play::At(color, p) = play {
            if !board.is_legal(color, p) {
                let why = if board.color_at(p).is_some() { "occupied" } else { "suicide" };
                return Err(self.error(
                    node,
                    format!("{} {} is illegal ({why})", color_name(color), p.to_sgf(self.size)),
                ));
            }
            board.play(color, p);
        }
        Ok(())
    }

    /// Imports the game tree.
    fn run(&mut self) -> Result<(), ImportError> {
        let root = self.tree.root();
        let mut board = Board::new(self.size);
        for (id, color) in [("AB", Some(Color::Black)), ("AW", Some(Color::White))] {
            let Some(prop) = root.property(id) else { continue };
            for v in prop.values() {
                let (a, b) = v.split_compose().unwrap_or((v.raw(), v.raw()));
                let parse = |s: &str| {
                    Point::parse_sgf(s.trim(), self.size).map_err(|e| {
                        self.error(root, format!("{id}[{}]: {e}", go_board::excerpt(v.raw())))
                    })
                };
                let (a, b) = (parse(a)?, parse(b)?);
                for col in a.col().min(b.col())..=a.col().max(b.col()) {
                    for row in a.row().min(b.row())..=a.row().max(b.row()) {
                        let p = Point::must(col, row, self.size);
                        board
                            .set_point(p, color)
                            .map_err(|e| self.error(root, format!("{id}: {e}")))?;
                    }
                }
            }
        }
        // The first moves, by corner and colour.
        let firsts: Vec<(Node<'a>, Play)> = match self.play(root)? {
            Some(play) => vec![(root, play)],
            None => self.move_children(root)?,
        };
        let mut groups: BTreeMap<(Frame, bool), Vec<NodeId>> = BTreeMap::new();
        for (node, play) in firsts {
            let Play::At(color, p) = play else {
                self.note(node, "a pass before any corner move: not imported");
                continue;
            };
            let frame = Frame::of(p, self.size);
            if !self.in_region(frame, p) {
                return Err(self.error(
                    node,
                    format!(
                        "the first move {} is in no {}x{} corner region",
                        p.to_sgf(self.size),
                        self.region,
                        self.region
                    ),
                ));
            }
            let empty = self.region_stones(&board, frame).is_empty();
            // With the region empty both colours start alike (the side to move is
            // friend); otherwise the stones fix the colours.
            let black = empty || color == Color::Black;
            groups.entry((frame, black)).or_default().push(node.id());
        }
        for ((frame, _), nodes) in groups {
            self.queue.push(Start { nodes, board: board.clone(), frame, after: None });
        }
        while let Some(start) = self.queue.pop() {
            self.pattern(start)?;
        }
        Ok(())
    }

    /// The stones of `board` in `frame`'s region: frame point and colour.
    fn region_stones(&self, board: &Board, frame: Frame) -> Vec<((i32, i32), Color)> {
        let mut out = Vec::new();
        for u in 0..self.region {
            for v in 0..self.region {
                if let Some(p) = frame.board((u, v), self.size)
                    && let Some(c) = board.color_at(p)
                {
                    out.push(((u, v), c));
                }
            }
        }
        out
    }

    /// Writes the pattern of `start`.
    fn pattern(&mut self, start: Start) -> Result<(), ImportError> {
        let first = self.tree.node(start.nodes[0]);
        if self.patterns >= self.options.max_patterns {
            return Err(self.error(
                first,
                format!("more than {} patterns (the import's limit)", self.options.max_patterns),
            ));
        }
        self.patterns += 1;
        let friend = self.play(first)?.map_or(Color::Black, Play::color);
        let stones = self.region_stones(&start.board, start.frame);
        let mut condition: Vec<String> = stones
            .iter()
            .map(|&(q, c)| {
                format!("state({}) = {}", name(q), if c == friend { "friend" } else { "enemy" })
            })
            .collect();
        let except: String = stones.iter().map(|(q, _)| format!(", {}", name(*q))).collect();
        condition.push(format!("emparea(a1, {r}, {r}{except})", r = self.region));
        if start.after.is_some() || !stones.is_empty() {
            self.continuations += 1;
        }
        let mut body = String::new();
        let tarea = format!("tarea(a1:{})", name((self.region - 1, self.region - 1)));
        for (i, &id) in start.nodes.iter().enumerate() {
            let node = self.tree.node(id);
            let Some(play) = self.play(node)? else { continue };
            let _ = writeln!(body, "    {tarea}");
            self.list(&mut body, node, play, i == 0, &start.board, start.frame, 0, "    ", &[])?;
        }
        let _ = write!(
            self.out,
            "\npattern {}_{}\n  place corner\n  condition {}\n  candidate\n{body}  end_candidate\nend_pattern\n",
            self.options.name,
            self.patterns,
            condition.join(" and ")
        );
        Ok(())
    }

    /// The intent and weight of a move node.
    fn grade(node: Node<'_>, main: bool) -> (&'static str, u32) {
        if node.property("BM").is_some() {
            ("antisuji", 1)
        } else if node.property("DO").is_some() {
            ("trick", 5)
        } else {
            ("joseki", if main { 20 } else { 10 })
        }
    }

    /// Counts a written move against the limit.
    fn count(&mut self, node: Node<'_>) -> Result<(), ImportError> {
        self.moves += 1;
        if self.moves + self.replies > self.options.max_moves {
            return Err(self.error(
                node,
                format!("more than {} moves (the import's limit)", self.options.max_moves),
            ));
        }
        Ok(())
    }

    /// Writes the list that starts with `node` (a `with`, its `next`s and its
    /// branch), whose move `play` is played on `board`; `replies` are the tenuki
    /// replies of its first move.
    #[allow(clippy::too_many_arguments)]
    fn list(
        &mut self,
        out: &mut String,
        node: Node<'a>,
        play: Play,
        main: bool,
        board: &Board,
        frame: Frame,
        nesting: usize,
        pad: &str,
        replies: &[String],
    ) -> Result<(), ImportError> {
        let Play::At(mut color, p) = play else {
            unreachable!("a list starts with a move in the region")
        };
        let mut board = board.clone();
        self.apply(&mut board, node, play)?;
        self.count(node)?;
        let (intent, weight) = Self::grade(node, main);
        let _ = writeln!(out, "{pad}with({intent}, {weight}) {}", name(frame.local(p)));
        for r in replies {
            let _ = writeln!(out, "{pad}  {r}");
        }
        let mut current = node;
        loop {
            let kids = self.move_children(current)?;
            let mut corner: Vec<(Node<'a>, Play)> = Vec::new();
            let mut replies: Vec<String> = Vec::new();
            let mut after_reply: Vec<(Node<'a>, Board)> = Vec::new();
            for (kid, kplay) in kids {
                let in_region = matches!(kplay, Play::At(_, q) if self.in_region(frame, q));
                if kplay.color() == color {
                    if in_region {
                        // Two moves of one colour: the other side played elsewhere.
                        self.continue_at(vec![kid.id()], board.clone(), frame, current);
                    } else {
                        self.note(
                            kid,
                            "a second move of one colour outside the region: not imported",
                        );
                    }
                } else if in_region {
                    corner.push((kid, kplay));
                } else {
                    // A tenuki: the replies in the region.
                    let mut tboard = board.clone();
                    self.apply(&mut tboard, kid, kplay)?;
                    for (i, (reply, rplay)) in self.move_children(kid)?.into_iter().enumerate() {
                        match rplay {
                            Play::At(rc, q) if rc == color && self.in_region(frame, q) => {
                                let (rintent, rweight) = Self::grade(reply, i == 0);
                                replies.push(format!(
                                    "tenuki({rintent}, {rweight}) {}",
                                    name(frame.local(q))
                                ));
                                let mut rboard = tboard.clone();
                                self.apply(&mut rboard, reply, rplay)?;
                                after_reply.push((reply, tboard.clone()));
                            }
                            Play::At(rc, q) if rc != color && self.in_region(frame, q) => {
                                self.continue_at(vec![reply.id()], tboard.clone(), frame, kid);
                            }
                            _ => self.note(
                                reply,
                                "a move after a tenuki that is not in the region: not imported",
                            ),
                        }
                    }
                }
            }
            if corner.is_empty() {
                // No expected move to hang the replies on: each reply starts a pattern.
                for (reply, rboard) in after_reply {
                    self.continue_at(vec![reply.id()], rboard, frame, current);
                }
                break;
            }
            // The replies are written on the expected move; what follows each reply
            // continues as a pattern.
            for (reply, mut rboard) in after_reply {
                let rplay = self.play(reply)?.expect("a reply is a move");
                self.apply(&mut rboard, reply, rplay)?;
                self.replies += 1;
                if self.moves + self.replies > self.options.max_moves {
                    return Err(self.error(
                        reply,
                        format!("more than {} moves (the import's limit)", self.options.max_moves),
                    ));
                }
                let next: Vec<NodeId> =
                    self.move_children(reply)?.into_iter().map(|(n, _)| n.id()).collect();
                if !next.is_empty() {
                    self.split_by_color(next, rboard, frame, reply)?;
                }
            }
            if corner.len() == 1 {
                let (kid, kplay) = corner[0];
                let Play::At(kc, q) = kplay else { unreachable!("a corner move is on the board") };
                self.apply(&mut board, kid, kplay)?;
                self.count(kid)?;
                let (intent, weight) = Self::grade(kid, true);
                let _ = writeln!(out, "{pad}next({intent}, {weight}) {}", name(frame.local(q)));
                for r in &replies {
                    let _ = writeln!(out, "{pad}  {r}");
                }
                current = kid;
                color = kc;
                continue;
            }
            if nesting >= self.options.max_nesting {
                let ids: Vec<NodeId> = corner.iter().map(|(n, _)| n.id()).collect();
                self.continue_at(ids, board.clone(), frame, current);
                break;
            }
            let _ = writeln!(out, "{pad}branch\n{pad}  candidate");
            let inner = format!("{pad}    ");
            for (i, (kid, kplay)) in corner.into_iter().enumerate() {
                let r: &[String] = if i == 0 { &replies } else { &[] };
                self.list(out, kid, kplay, i == 0, &board, frame, nesting + 1, &inner, r)?;
            }
            let _ = writeln!(out, "{pad}  end_candidate\n{pad}end_branch");
            break;
        }
        Ok(())
    }

    /// Queues a continuation pattern for nodes of one colour.
    fn continue_at(&mut self, nodes: Vec<NodeId>, board: Board, frame: Frame, after: Node<'_>) {
        self.queue.push(Start { nodes, board, frame, after: Some(after.id()) });
    }

    /// Queues continuation patterns for nodes of both colours, one per colour.
    fn split_by_color(
        &mut self,
        nodes: Vec<NodeId>,
        board: Board,
        frame: Frame,
        after: Node<'_>,
    ) -> Result<(), ImportError> {
        let mut by: [Vec<NodeId>; 2] = Default::default();
        for id in nodes {
            match self.play(self.tree.node(id))? {
                Some(Play::At(c, p)) if self.in_region(frame, p) => {
                    by[usize::from(c == Color::White)].push(id)
                }
                _ => self.note(
                    self.tree.node(id),
                    "a move after a tenuki reply that is not in the region: not imported",
                ),
            }
        }
        for ids in by {
            if !ids.is_empty() {
                self.continue_at(ids, board.clone(), frame, after);
            }
        }
        Ok(())
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}
