//! Where and why SGF text was refused or repaired: [`SgfError`], [`Warning`],
//! [`Location`], and the caret under the bad text.

use core::fmt;
use core::ops::Range;

use crate::excerpt::{is_hidden, write_char};

/// What went wrong in an SGF file; see [`SgfError::kind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SgfErrorKind {
    /// The text is not well-formed SGF: brackets, escapes, property identifiers or the
    /// structure of the game trees.
    Syntax,
    /// A line of play of a game tree is longer than
    /// [`ReadLimits::max_depth`](super::ReadLimits::max_depth) nodes.
    TooDeep,
    /// The file is larger than [`ReadLimits::max_bytes`](super::ReadLimits::max_bytes),
    /// or holds more than [`ReadLimits::max_nodes`](super::ReadLimits::max_nodes) nodes.
    TooLarge,
    /// The text holds no game tree.
    NoGameTree,
    /// The game is not Go (`GM` other than 1).
    NotGo,
    /// A property value is malformed or cannot be used, or a property appears twice in
    /// a node.
    InvalidValue,
}

/// A place in an SGF file: line and column (both from 1, columns counted in characters)
/// and the byte range of the text concerned.
///
/// Byte offsets count in the text as decoded to UTF-8, which are the file's own offsets
/// when the file is UTF-8 (or ASCII).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    line: usize,
    column: usize,
    start: usize,
    end: usize,
}

impl Location {
    pub(crate) fn new(line: usize, column: usize, start: usize, end: usize) -> Location {
        Location { line, column, start, end }
    }

    /// The line, from 1.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column, from 1, counted in characters.
    pub fn column(&self) -> usize {
        self.column
    }

    /// The byte range of the text concerned (empty for a place between characters,
    /// such as the end of the file or an empty value).
    pub fn span(&self) -> Range<usize> {
        self.start..self.end
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Why an SGF file could not be read, and where.
///
/// `Display` writes `line L, column C: message`, then the line of the file with a caret
/// under the bad text; the alternate form (`{:#}`) writes the first line only, for
/// one-line contexts such as a GTP answer. Text quoted from the file is escaped and cut
/// (see [`excerpt`](crate::excerpt)), so a message is short and holds no control
/// character whatever the input.
///
/// # Examples
///
/// ```
/// use go_board::GameRecord;
/// let err = GameRecord::from_sgf("(;SZ[9]\n;B[ee];W[ez])").unwrap_err();
/// let at = err.location().unwrap();
/// assert_eq!((at.line(), at.column()), (2, 10));
/// assert_eq!(format!("{err:#}"), "line 2, column 10: W[ez] is off the 9x9 board");
/// assert_eq!(
///     err.to_string(),
///     "line 2, column 10: W[ez] is off the 9x9 board\n  |\n2 | ;B[ee];W[ez])\n  |          ^^"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    kind: SgfErrorKind,
    message: String,
    location: Option<Location>,
    snippet: Option<Box<Snippet>>,
}

impl SgfError {
    /// An error with no place in a file (a tree built in memory).
    pub(crate) fn unlocated(kind: SgfErrorKind, message: String) -> SgfError {
        SgfError { kind, message, location: None, snippet: None }
    }

    /// The kind of problem.
    pub fn kind(&self) -> SgfErrorKind {
        self.kind
    }

    /// The description of the problem, without the location.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Where the problem is; `None` for a tree built in memory, whose nodes come from
    /// no file.
    pub fn location(&self) -> Option<Location> {
        self.location
    }
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(at) = &self.location {
            write!(f, "{at}: ")?;
        }
        f.write_str(&self.message)?;
        match &self.snippet {
            Some(snippet) if !f.alternate() => write!(f, "\n{snippet}"),
            _ => Ok(()),
        }
    }
}

impl std::error::Error for SgfError {}

/// Something the reader repaired or guessed, and where: a komi rounded to a half point,
/// a lower-case property identifier, a game tree not closed at the end of the file, a
/// file without a charset that is not UTF-8, ...
///
/// `Display` writes `line L, column C: message` (or the message alone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    location: Option<Location>,
    message: String,
}

impl Warning {
    pub(crate) fn new(location: Option<Location>, message: String) -> Warning {
        Warning { location, message }
    }

    /// Where the repaired text is, if the warning concerns a place in the file.
    pub fn location(&self) -> Option<Location> {
        self.location
    }

    /// What was repaired and how.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(at) = &self.location {
            write!(f, "{at}: ")?;
        }
        f.write_str(&self.message)
    }
}

/// The most warnings kept for one file; the rest are counted in a last warning.
pub const MAX_WARNINGS: usize = 100;

/// A list of warnings that stops growing at [`MAX_WARNINGS`].
#[derive(Debug, Default)]
pub(crate) struct Warnings {
    list: Vec<Warning>,
    dropped: usize,
}

impl Warnings {
    pub(crate) fn push(&mut self, warning: Warning) {
        if self.list.len() < MAX_WARNINGS {
            self.list.push(warning);
        } else {
            self.dropped += 1;
        }
    }

    /// Counts `n` warnings that are not kept.
    pub(crate) fn count_dropped(&mut self, n: usize) {
        self.dropped += n;
    }

    pub(crate) fn extend(&mut self, warnings: impl IntoIterator<Item = Warning>) {
        for w in warnings {
            self.push(w);
        }
    }

    pub(crate) fn into_vec(mut self) -> Vec<Warning> {
        if self.dropped > 0 {
            let message = format!("{} more warnings were left out", self.dropped);
            self.list.push(Warning::new(None, message));
        }
        self.list
    }
}

/// A piece of decoded SGF text and where it starts in the file: enough to turn byte
/// offsets into [`Location`]s and errors with a caret.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Source<'a> {
    /// The text; offsets below are relative to its start.
    pub(crate) text: &'a str,
    /// The byte offset of `text` in the file.
    pub(crate) offset: usize,
    /// The line and column of the start of `text`.
    pub(crate) line: usize,
    pub(crate) column: usize,
}

impl<'a> Source<'a> {
    /// A whole file.
    pub(crate) fn file(text: &'a str) -> Source<'a> {
        Source { text, offset: 0, line: 1, column: 1 }
    }

    /// The location of `range` (offsets into `text`, clamped to it).
    pub(crate) fn location(&self, range: Range<usize>) -> Location {
        let start = floor_char_boundary(self.text, range.start);
        let end = floor_char_boundary(self.text, range.end.max(start));
        let before = &self.text[..start];
        let (line, column) = match before.rfind('\n') {
            Some(nl) => (
                self.line + before.bytes().filter(|&b| b == b'\n').count(),
                1 + before[nl + 1..].chars().count(),
            ),
            None => (self.line, self.column + before.chars().count()),
        };
        Location { line, column, start: self.offset + start, end: self.offset + end }
    }

    /// An error at `range`, with its location and a caret under it.
    pub(crate) fn error(
        &self,
        range: Range<usize>,
        kind: SgfErrorKind,
        message: String,
    ) -> SgfError {
        let location = self.location(range.clone());
        let snippet = Snippet::new(self, &location, range.start);
        SgfError { kind, message, location: Some(location), snippet: Some(Box::new(snippet)) }
    }

    /// A warning at `range`.
    pub(crate) fn warning(&self, range: Range<usize>, message: String) -> Warning {
        Warning::new(Some(self.location(range)), message)
    }
}

fn floor_char_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The line of an error, escaped and cut to a window around the error, with the
/// caret's place in display columns.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Snippet {
    line: usize,
    text: String,
    caret: usize,
    width: usize,
}

/// The most characters a snippet shows before and after the start of the error.
const BEFORE: usize = 32;
const AFTER: usize = 40;

impl Snippet {
    fn new(source: &Source<'_>, location: &Location, start: usize) -> Snippet {
        let text = source.text;
        let start = floor_char_boundary(text, start);
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let line_end = if line_end > start && text.as_bytes()[line_end - 1] == b'\r' {
            line_end - 1
        } else {
            line_end
        };
        // The line may begin before the text we have (a game tree that starts mid-line).
        let cut_left = line_start == 0 && location.line == source.line && source.column > 1;
        let before: Vec<char> = text[line_start..start].chars().rev().take(BEFORE + 1).collect();
        let cut_left = cut_left || before.len() > BEFORE;
        let mut shown = String::new();
        let mut caret = 0;
        if cut_left {
            shown.push('…');
            caret += 1;
        }
        for &c in before.iter().take(BEFORE).rev() {
            caret += push_shown(&mut shown, c);
        }
        let span_end = location.end - source.offset;
        let mut width = 0;
        let mut rest = text[start..line_end].char_indices();
        let mut cut_right = false;
        for (n, (i, c)) in rest.by_ref().enumerate() {
            if n == AFTER {
                cut_right = true;
                break;
            }
            let w = push_shown(&mut shown, c);
            if start + i < span_end {
                width += w;
            }
        }
        if cut_right {
            shown.push('…');
        }
        Snippet { line: location.line, text: shown, caret, width: width.max(1) }
    }
}

/// Appends `c` as a snippet shows it and returns its width in terminal columns.
fn push_shown(out: &mut String, c: char) -> usize {
    if is_hidden(c) {
        let before = out.len();
        write_char(out, c).expect("writing to a String cannot fail");
        out.len() - before
    } else {
        out.push(c);
        display_width(c)
    }
}

/// The width of a character in a terminal: 2 for the wide East Asian scripts, else 1.
fn display_width(c: char) -> usize {
    let wide = matches!(c as u32,
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x1F300..=0x1F64F
        | 0x1F900..=0x1F9FF | 0x20000..=0x3FFFD);
    if wide { 2 } else { 1 }
}

impl fmt::Display for Snippet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let gutter = self.line.to_string().len();
        writeln!(f, "{:gutter$} |", "")?;
        writeln!(f, "{} | {}", self.line, self.text)?;
        write!(f, "{:gutter$} | {:caret$}{}", "", "", "^".repeat(self.width), caret = self.caret)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(text: &str, range: Range<usize>) -> String {
        Source::file(text).error(range, SgfErrorKind::Syntax, "bad".to_owned()).to_string()
    }

    #[test]
    fn locations_count_lines_and_characters() {
        let source = Source::file("ab\n棋士x\r\ny");
        let at = source.location(9..10);
        assert_eq!((at.line(), at.column(), at.span()), (2, 3, 9..10));
        let at = source.location(12..13);
        assert_eq!((at.line(), at.column()), (3, 1));
        // Inside a character: the start of the character.
        assert_eq!(source.location(4..5).column(), 1);
        // A piece that starts mid-line.
        let piece = Source { text: "x\ny", offset: 100, line: 7, column: 5 };
        assert_eq!((piece.location(0..1).line(), piece.location(0..1).column()), (7, 5));
        assert_eq!((piece.location(2..3).line(), piece.location(2..3).column()), (8, 1));
        assert_eq!(piece.location(2..3).span(), 102..103);
    }

    #[test]
    fn caret_under_the_bad_text() {
        assert_eq!(shown("(;B[zz])", 4..6), "line 1, column 5: bad\n  |\n1 | (;B[zz])\n  |     ^^");
        // Wide characters take two columns; CR before LF is not shown.
        assert_eq!(
            shown("(;PB[棋士]B[zz]\r\n)", 14..16),
            "line 1, column 11: bad\n  |\n1 | (;PB[棋士]B[zz]\n  |             ^^"
        );
        // Control characters are escaped, and the caret follows the escapes.
        assert_eq!(
            shown("(;KM[a\r\rb]", 5..9),
            "line 1, column 6: bad\n  |\n1 | (;KM[a\\r\\rb]\n  |      ^^^^^^"
        );
        // An empty span (the end of the file) still gets a caret.
        assert_eq!(shown("(;B[]", 5..5), "line 1, column 6: bad\n  |\n1 | (;B[]\n  |      ^");
    }

    #[test]
    fn long_lines_are_cut_around_the_error() {
        let text = format!("{}X{}", "a".repeat(1_000_000), "b".repeat(1_000_000));
        let s = shown(&text, 1_000_000..1_000_001);
        let snippet_line = s.lines().nth(2).unwrap();
        assert_eq!(snippet_line, format!("1 | …{}X{}…", "a".repeat(BEFORE), "b".repeat(AFTER - 1)));
        let caret_line = s.lines().nth(3).unwrap();
        assert_eq!(caret_line, format!("  | {}^", " ".repeat(BEFORE + 1)));
        assert!(s.len() < 200);
    }
}
