//! The SGF reader: bytes to a [`Collection`] of [`GameTree`]s, in one pass.
//!
//! The file is decoded first (see the charset rules of the [module](super)), then read
//! once, left to right, by a loop with an explicit stack of open game trees: no
//! recursion, whatever the nesting. Every node, property and value goes straight into
//! its tree's arena; syntax errors name the line and column of the bad text.

use core::hash::BuildHasher;

use super::charset;
use super::error::{Location, SgfError, SgfErrorKind, Source, Warning, Warnings};
use super::limits::ReadLimits;
use super::tree::GameTree;
use crate::excerpt;

/// The game trees of an SGF file, with the charset it was read in and what the reader
/// repaired.
///
/// # Examples
///
/// ```
/// use go_board::sgf;
/// let collection = sgf::parse(b"(;FF[4]CA[ISO-8859-1]PB[J\xe9r\xf4me])(;GM[1])")?;
/// assert_eq!(collection.games().len(), 2);
/// assert_eq!(collection.charset(), "ISO-8859-1");
/// let root = collection.games()[0].root();
/// assert_eq!(root.value("PB").unwrap().simple_text(), "Jérôme");
/// // The tree holds text, not bytes: its charset is now UTF-8.
/// assert_eq!(root.value("CA").unwrap().raw(), "UTF-8");
/// assert!(collection.warnings().is_empty());
/// # Ok::<_, go_board::SgfError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Collection {
    games: Vec<GameTree>,
    charset: &'static str,
    warnings: Vec<Warning>,
}

impl Collection {
    /// The game trees, in file order (at least one).
    pub fn games(&self) -> &[GameTree] {
        &self.games
    }

    /// The game trees, owned.
    pub fn into_games(self) -> Vec<GameTree> {
        self.games
    }

    /// The name of the charset the file was read in: `UTF-8`, `ISO-8859-1`,
    /// `Shift_JIS`, `GBK`, `EUC-KR`, `Big5`, ... (the names of the WHATWG Encoding
    /// Standard, except ISO-8859-1, which is read as its superset windows-1252).
    pub fn charset(&self) -> &'static str {
        self.charset
    }

    /// What the reader repaired or guessed, in file order (at most
    /// [`MAX_WARNINGS`](super::MAX_WARNINGS) and a count of the rest).
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// The collection as SGF: each game tree as [`GameTree::to_sgf`] writes it.
    pub fn to_sgf(&self) -> String {
        let mut out = String::new();
        for game in &self.games {
            game.write_sgf(&mut out);
        }
        out
    }
}

/// Reads an SGF collection with the [default limits](ReadLimits::DEFAULT); see
/// [`parse_with_limits`].
///
/// # Errors
///
/// As [`parse_with_limits`].
pub fn parse(bytes: &[u8]) -> Result<Collection, SgfError> {
    parse_with_limits(bytes, &ReadLimits::DEFAULT)
}

/// Reads an SGF collection: decodes the bytes by the charset of the first root's `CA`,
/// and reads every game tree, whatever the game (`GM`), keeping every property.
///
/// Lenient where the text still has one meaning, with a [`Warning`] for each repair:
/// game trees left open at the end of the file are closed, and lower-case property
/// identifiers (`b[dd]`) are read upper-case in a file whose root says `FF[4]`. FF\[3\]
/// identifiers with lower-case letters (`AddBlack`) are read as their upper-case letters
/// (`AB`), as FF\[3\] defines. White space may stand between any two tokens, and a
/// UTF-8 byte-order mark may start the file.
///
/// # Errors
///
/// [`SgfError`] with the place of the bad text: [`SgfErrorKind::Syntax`] for malformed
/// text (an unclosed value, a node after a variation, a value without an identifier,
/// text outside the game trees, ...), [`SgfErrorKind::InvalidValue`] for a property
/// given twice in a node, [`SgfErrorKind::NoGameTree`] for a file without a game tree,
/// and [`SgfErrorKind::TooLarge`] or [`SgfErrorKind::TooDeep`] beyond `limits`.
pub fn parse_with_limits(bytes: &[u8], limits: &ReadLimits) -> Result<Collection, SgfError> {
    if bytes.len() > limits.max_bytes {
        return Err(SgfError::unlocated(
            SgfErrorKind::TooLarge,
            format!(
                "the file has {} bytes, more than the limit of {}",
                bytes.len(),
                limits.max_bytes
            ),
        ));
    }
    let decoded = charset::decode(bytes);
    // Trees keep 32-bit offsets into their text.
    if decoded.text.len() >= u32::MAX as usize {
        return Err(SgfError::unlocated(
            SgfErrorKind::TooLarge,
            "the text of the file is 4 GiB or more, more than a game tree holds".to_owned(),
        ));
    }
    let mut warnings = Warnings::default();
    warnings.extend(decoded.warnings);
    let games = Parser::new(&decoded.text, limits, &mut warnings).run()?;
    Ok(Collection { games, charset: decoded.charset, warnings: warnings.into_vec() })
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

/// An open `(`: where it is, the node its sequence hangs from, the depth there, the
/// sibling its first node follows, and that first node once read.
struct Open {
    at: u32,
    depth: u32,
    /// `NONE` for none, in these three (20 bytes an entry: nesting can be deep).
    parent: u32,
    previous: u32,
    first: u32,
}

const NONE: u32 = u32::MAX;

fn some(n: u32) -> Option<u32> {
    (n != NONE).then_some(n)
}

/// A game tree being read.
struct Building<'t> {
    tree: GameTree,
    start: usize,
    /// The identifiers by name, an open-addressing table of their numbers (4 bytes a
    /// slot, at most half full), so that a file of a million distinct identifiers takes
    /// little memory.
    names: Vec<u32>,
    hasher: std::collections::hash_map::RandomState,
    marker: core::marker::PhantomData<&'t str>,
    /// For each identifier, 1 + the last node that had it.
    seen: Vec<u32>,
    /// Whether the root says `FF[4]`, once the root is read.
    ff4: Option<bool>,
    /// Lower-case identifiers on the root, judged when the root ends.
    root_lower: Vec<(usize, usize)>,
    /// The first value of the root's `FF`, as a range of the file's text.
    ff: Option<(usize, usize)>,
}

impl Building<'_> {
    /// The number of the identifier written `written`: its upper-case letters (FF\[3\]
    /// `AddBlack` is `AB`), or, written without any (`b`), the written one in upper case.
    fn intern(&mut self, written: &str, lower: bool) -> u32 {
        let name: std::borrow::Cow<'_, str> = if lower {
            written.to_ascii_uppercase().into()
        } else if written.bytes().all(|c| c.is_ascii_uppercase()) {
            written.into()
        } else {
            written.chars().filter(char::is_ascii_uppercase).collect::<String>().into()
        };
        let mask = self.names.len() - 1;
        let mut slot = self.hasher.hash_one(name.as_ref()) as usize & mask;
        loop {
            match self.names[slot] {
                NONE => break,
                id if self.tree.ident(id) == name => return id,
                _ => slot = (slot + 1) & mask,
            }
        }
        let id = self.tree.push_ident(&name);
        self.seen.push(0);
        self.names[slot] = id;
        if 2 * (id as usize + 1) > self.names.len() {
            // Rehash into a table twice as large.
            let mut names = vec![NONE; 2 * self.names.len()];
            let mask = names.len() - 1;
            for id in 0..=id {
                let mut slot = self.hasher.hash_one(self.tree.ident(id)) as usize & mask;
                while names[slot] != NONE {
                    slot = (slot + 1) & mask;
                }
                names[slot] = id;
            }
            self.names = names;
        }
        id
    }
}

/// A place in the text with its line and column, moved forward as the reading goes.
struct Cursor {
    offset: usize,
    line: usize,
    column: usize,
}

impl Cursor {
    fn advance(&mut self, text: &str, to: usize) {
        let piece = &text[self.offset..to];
        match piece.rfind('\n') {
            Some(nl) => {
                self.line += piece.bytes().filter(|&b| b == b'\n').count();
                self.column = 1 + piece[nl + 1..].chars().count();
            }
            None => self.column += piece.chars().count(),
        }
        self.offset = to;
    }
}

struct Parser<'t, 'w> {
    text: &'t str,
    b: &'t [u8],
    i: usize,
    limits: &'t ReadLimits,
    warnings: &'w mut Warnings,
    games: Vec<GameTree>,
    nodes: usize,
    cursor: Cursor,
}

impl<'t, 'w> Parser<'t, 'w> {
    fn new(text: &'t str, limits: &'t ReadLimits, warnings: &'w mut Warnings) -> Self {
        Parser {
            text,
            b: text.as_bytes(),
            i: 0,
            limits,
            warnings,
            games: Vec::new(),
            nodes: 0,
            cursor: Cursor { offset: 0, line: 1, column: 1 },
        }
    }

    fn source(&self) -> Source<'t> {
        Source::file(self.text)
    }

    fn syntax(&self, range: core::ops::Range<usize>, message: String) -> SgfError {
        self.source().error(range, SgfErrorKind::Syntax, message)
    }

    fn skip_white_space(&mut self) {
        while self.b.get(self.i).is_some_and(u8::is_ascii_whitespace) {
            self.i += 1;
        }
    }

    fn run(mut self) -> Result<Vec<GameTree>, SgfError> {
        if self.text.starts_with('\u{feff}') {
            self.i = 3;
        }
        let mut state = State::Between;
        let mut open: Vec<Open> = Vec::new();
        let mut building: Option<Building<'t>> = None;
        // The last node of the current sequence, and its depth.
        let mut current: Option<u32> = None;
        let mut depth = 0;
        // The first node of the variation that closed last, if the next `(` opens its
        // sibling.
        let mut closed: Option<u32> = None;
        loop {
            self.skip_white_space();
            let i = self.i;
            let Some(&c) = self.b.get(i) else { break };
            match c {
                b'(' => {
                    match state {
                        State::Open => {
                            return Err(self.syntax(
                                i..i + 1,
                                "expected ';' to start a node after '('".into(),
                            ));
                        }
                        State::Between => {
                            self.cursor.advance(self.text, i);
                            let c = &self.cursor;
                            building = Some(Building {
                                tree: GameTree::parsed(i, c.line, c.column),
                                start: i,
                                names: vec![NONE; 64],
                                hasher: Default::default(),
                                marker: core::marker::PhantomData,
                                seen: Vec::new(),
                                ff4: None,
                                root_lower: Vec::new(),
                                ff: None,
                            });
                            current = None;
                            depth = 0;
                        }
                        State::Node | State::Closed => {
                            let b = building.as_mut().expect("a game tree is open");
                            if b.ff4.is_none() {
                                self.end_root(b)?;
                            }
                        }
                    }
                    let previous = if state == State::Closed { closed } else { None };
                    if open.len() == open.capacity() {
                        open.reserve_exact(open.len() / 4 + 16);
                    }
                    open.push(Open {
                        at: i as u32,
                        depth: depth as u32,
                        parent: current.unwrap_or(NONE),
                        previous: previous.unwrap_or(NONE),
                        first: NONE,
                    });
                    state = State::Open;
                    self.i += 1;
                }
                b';' => {
                    match state {
                        State::Between => {
                            return Err(
                                self.syntax(i..i + 1, "expected '(' to start a game tree".into())
                            );
                        }
                        State::Closed => {
                            return Err(self.syntax(
                                i..i + 1,
                                "a node cannot follow a variation: expected '(' or ')'".into(),
                            ));
                        }
                        State::Open | State::Node => {}
                    }
                    let b = building.as_mut().expect("a game tree is open");
                    if current.is_some() && b.ff4.is_none() {
                        self.end_root(b)?;
                    }
                    depth += 1;
                    if depth > self.limits.max_depth {
                        return Err(self.source().error(
                            i..i + 1,
                            SgfErrorKind::TooDeep,
                            format!(
                                "more than {} nodes on one line of play",
                                self.limits.max_depth
                            ),
                        ));
                    }
                    self.nodes += 1;
                    if self.nodes > self.limits.max_nodes {
                        return Err(self.source().error(
                            i..i + 1,
                            SgfErrorKind::TooLarge,
                            format!("more than {} nodes in the file", self.limits.max_nodes),
                        ));
                    }
                    let top = open.last_mut().expect("a game tree is open");
                    let node = if state == State::Open {
                        let node = b.tree.parsed_node(current, some(top.previous));
                        top.first = node;
                        node
                    } else {
                        b.tree.parsed_node(current, None)
                    };
                    current = Some(node);
                    state = State::Node;
                    self.i += 1;
                }
                b')' => {
                    match state {
                        State::Between => {
                            return Err(self.syntax(i..i + 1, "')' without a matching '('".into()));
                        }
                        State::Open => {
                            return Err(self.syntax(
                                i..i + 1,
                                "expected ';' to start a node after '('".into(),
                            ));
                        }
                        State::Node | State::Closed => {}
                    }
                    let top = open.pop().expect("state Node or Closed has an open tree");
                    current = some(top.parent);
                    depth = top.depth as usize;
                    closed = some(top.first);
                    if open.is_empty() {
                        let b = building.take().expect("a game tree is open");
                        self.finish(b, i + 1)?;
                        state = State::Between;
                    } else {
                        state = State::Closed;
                    }
                    self.i += 1;
                }
                c if c.is_ascii_alphabetic() => {
                    match state {
                        State::Between => {
                            return Err(
                                self.syntax(i..i + 1, "expected '(' to start a game tree".into())
                            );
                        }
                        State::Open => {
                            return Err(self.syntax(
                                i..i + 1,
                                "expected ';' to start a node after '('".into(),
                            ));
                        }
                        State::Closed => {
                            return Err(self
                                .syntax(i..i + 1, "a property cannot follow a variation".into()));
                        }
                        State::Node => {}
                    }
                    let b = building.as_mut().expect("a game tree is open");
                    let node = current.expect("state Node has a node");
                    self.property(b, node)?;
                }
                b'[' => {
                    return Err(self
                        .syntax(i..i + 1, "property value without a property identifier".into()));
                }
                _ => {
                    let c = self.text[i..].chars().next().unwrap_or('?');
                    let shown = excerpt(&self.text[i..i + c.len_utf8()]);
                    let message = match state {
                        State::Between => format!("unexpected '{shown}' outside a game tree"),
                        _ => format!("unexpected '{shown}': expected a property, ';', '(' or ')'"),
                    };
                    return Err(self.syntax(i..i + c.len_utf8(), message));
                }
            }
        }
        let end = self.b.len();
        if let Some(b) = building {
            if state == State::Open {
                let at = open.last().expect("a tree is open").at as usize;
                let opened = self.source().location(at..at + 1);
                return Err(self.syntax(
                    end..end,
                    format!(
                        "unexpected end of the file: the game tree opened at {opened} has no node"
                    ),
                ));
            }
            // Close what is open, with one pass over the text for all their locations.
            let mut cursor = Cursor { offset: 0, line: 1, column: 1 };
            let shown = open.len().min(super::MAX_WARNINGS);
            for o in &open[..shown] {
                let at = o.at as usize;
                cursor.advance(self.text, at);
                let location = Location::new(cursor.line, cursor.column, at, at + 1);
                self.warnings.push(Warning::new(
                    Some(location),
                    "game tree not closed by ')': closed at the end of the file".to_owned(),
                ));
            }
            self.warnings.count_dropped(open.len() - shown);
            self.finish(b, end)?;
        }
        if self.games.is_empty() {
            return Err(self.source().error(
                end..end,
                SgfErrorKind::NoGameTree,
                "no game tree in the file".into(),
            ));
        }
        Ok(self.games)
    }

    /// Reads a property (identifier and values) into the node `node`.
    fn property(&mut self, b: &mut Building<'t>, node: u32) -> Result<(), SgfError> {
        let start = self.i;
        while self.b.get(self.i).is_some_and(u8::is_ascii_alphabetic) {
            self.i += 1;
        }
        let text: &'t str = self.text;
        let written = &text[start..self.i];
        let lower = !written.bytes().any(|c| c.is_ascii_uppercase());
        let ident_end = self.i;
        self.skip_white_space();
        if self.b.get(self.i) != Some(&b'[') {
            let i = self.i;
            let len = self.text[i..].chars().next().map_or(0, char::len_utf8);
            return Err(self.syntax(
                i..i + len,
                format!("expected '[' to start a value of property {}", excerpt(written)),
            ));
        }
        let first_value = b.tree.value_count();
        let mut first_range = None;
        while self.b.get(self.i) == Some(&b'[') {
            let bracket = self.i;
            self.i += 1;
            let value_start = self.i;
            loop {
                let rest = &self.b[self.i..];
                match rest.iter().position(|&c| c == b']' || c == b'\\') {
                    None => {
                        return Err(self.syntax(
                            bracket..bracket + 1,
                            format!("value of property {} is not closed by ']'", excerpt(written)),
                        ));
                    }
                    Some(k) if rest[k] == b'\\' => self.i += k + 2,
                    Some(k) => {
                        self.i += k;
                        break;
                    }
                }
                if self.i > self.b.len() {
                    return Err(self.syntax(
                        bracket..bracket + 1,
                        format!("value of property {} is not closed by ']'", excerpt(written)),
                    ));
                }
            }
            b.tree.parsed_value(value_start - b.start);
            first_range.get_or_insert((value_start, self.i));
            self.i += 1;
            self.skip_white_space();
        }
        let id = b.intern(written, lower);
        if b.seen[id as usize] == node + 1 {
            // As GNU Go and Sabaki read it (GNU Go writes `AB` several times in a node):
            // the values join the earlier property's.
            b.tree.parsed_repetition(id, first_value);
            let message = format!(
                "property {} appears twice in one node: its values were joined",
                excerpt(b.tree.ident(id))
            );
            let warning = self.source().warning(start..ident_end, message);
            self.warnings.push(warning);
            return Ok(());
        }
        b.seen[id as usize] = node + 1;
        b.tree.parsed_property(id, first_value);
        if node == 0 && b.tree.ident(id) == "FF" {
            b.ff = first_range;
        }
        if lower {
            match b.ff4 {
                None => b.root_lower.push((start, ident_end)),
                Some(true) => self.lower_case_warning(start..ident_end),
                Some(false) => return Err(self.lower_case_error(start..ident_end)),
            }
        }
        Ok(())
    }

    fn lower_case_warning(&mut self, range: core::ops::Range<usize>) {
        let written = &self.text[range.clone()];
        let message = format!(
            "lower-case property identifier {} read as {}",
            excerpt(written),
            excerpt(&written.to_ascii_uppercase())
        );
        let warning = self.source().warning(range, message);
        self.warnings.push(warning);
    }

    fn lower_case_error(&self, range: core::ops::Range<usize>) -> SgfError {
        let written = &self.text[range.clone()];
        self.syntax(
            range,
            format!(
                "property identifier {} has no upper-case letter (lower-case identifiers are \
                 read only in FF[4] files)",
                excerpt(written)
            ),
        )
    }

    /// The root node is complete: judge its `FF` and the lower-case identifiers seen so
    /// far.
    fn end_root(&mut self, b: &mut Building<'t>) -> Result<(), SgfError> {
        let ff4 = b.ff.is_some_and(|(s, e)| self.text[s..e].trim().parse::<u32>() == Ok(4));
        b.ff4 = Some(ff4);
        for (start, end) in core::mem::take(&mut b.root_lower) {
            if ff4 {
                self.lower_case_warning(start..end);
            } else {
                return Err(self.lower_case_error(start..end));
            }
        }
        Ok(())
    }

    /// Completes a game tree whose text ends at `end`.
    fn finish(&mut self, mut b: Building<'t>, end: usize) -> Result<(), SgfError> {
        if b.ff4.is_none() {
            self.end_root(&mut b)?;
        }
        b.tree.finish_parse(self.text[b.start..end].to_owned());
        // The tree holds text, not bytes: whatever the file's charset was, the tree's is
        // UTF-8.
        let ca = b.tree.root().value("CA").filter(|v| v.raw() != "UTF-8").map(|v| v.index());
        if let Some(index) = ca {
            b.tree.replace_value(index, "UTF-8");
        }
        self.games.push(b.tree);
        Ok(())
    }
}
