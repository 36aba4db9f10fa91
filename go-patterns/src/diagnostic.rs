//! Located diagnostics: every error and warning of the parser, the checker and the
//! compiler names a place in the source and shows it with a caret.

use core::fmt;

/// A range of bytes of the source text, `start..end`.
///
/// Spans are not part of what a syntax tree says: two spans always compare equal (and
/// hash alike), so that two trees are equal when they say the same thing, wherever
/// their text was; this is what makes `parse(print(file)) == file` hold.
#[derive(Clone, Copy, Default)]
pub struct Span {
    /// The first byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The smallest span that covers both.
    #[must_use]
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }
}

impl PartialEq for Span {
    fn eq(&self, _: &Span) -> bool {
        true
    }
}

impl Eq for Span {}

impl core::hash::Hash for Span {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// How serious a [`Diagnostic`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Something worth a look that does not stop the compilation (an unused label, a
    /// sequence without a tenuki area, ...).
    Warning,
    /// The source cannot be compiled.
    Error,
}

/// The most characters of a source line a diagnostic shows.
const WINDOW: usize = 96;
/// Of which at most this many before the caret.
const BEFORE: usize = 40;

/// One located message: the line and column (both from 1, the column counted in
/// characters), the source line (cut to a window around the place and with control
/// characters escaped) and a caret under the bad text.
///
/// # Examples
///
/// ```
/// use go_patterns::parse;
/// let err = parse("pattern p\n  place cornr\nend_pattern\n").unwrap_err();
/// let first = &err.diagnostics()[0];
/// assert_eq!((first.line(), first.column()), (2, 9));
/// assert_eq!(
///     first.to_string(),
///     "error: line 2, column 9: expected a place (corner, side, centre or anywhere), found `cornr`\n  |\n2 |   place cornr\n  |         ^^^^^"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    severity: Severity,
    message: String,
    span: Span,
    line: usize,
    column: usize,
    snippet: String,
    caret_start: usize,
    caret_len: usize,
}

impl Diagnostic {
    /// A diagnostic about `span` of `source`.
    pub(crate) fn new(
        severity: Severity,
        source: &str,
        span: Span,
        message: impl Into<String>,
    ) -> Diagnostic {
        let start = floor_char_boundary(source, span.start.min(source.len()));
        let end = floor_char_boundary(source, span.end.clamp(start, source.len()));
        let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = source[start..].find('\n').map_or(source.len(), |i| start + i);
        let line = source[..start].bytes().filter(|&b| b == b'\n').count() + 1;
        let before: Vec<char> = source[line_start..start].chars().collect();
        let column = before.len() + 1;
        // The window: at most BEFORE characters before the place.
        let skip = before.len().saturating_sub(BEFORE);
        let mut snippet = String::new();
        let mut shown = 0;
        let mut caret_start = 0;
        if skip > 0 {
            snippet.push('…');
            shown += 1;
        }
        for &c in &before[skip..] {
            push_escaped(&mut snippet, &mut shown, c);
        }
        caret_start += shown;
        let mut caret_len = 0;
        for (i, c) in source[start..line_end].char_indices() {
            if shown >= WINDOW {
                snippet.push('…');
                break;
            }
            let before_len = shown;
            push_escaped(&mut snippet, &mut shown, c);
            if start + i < end {
                caret_len += shown - before_len;
            }
        }
        Diagnostic {
            severity,
            message: message.into(),
            span,
            line,
            column,
            snippet: snippet.trim_end().to_owned(),
            caret_start,
            caret_len: caret_len.max(1),
        }
    }

    /// Whether it is an error or a warning.
    pub fn severity(&self) -> Severity {
        self.severity
    }

    /// What is wrong, without the place.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The bytes of the source it is about.
    pub fn span(&self) -> Span {
        self.span
    }

    /// The line, from 1.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column, from 1, in characters.
    pub fn column(&self) -> usize {
        self.column
    }
}

/// The largest char boundary at or before `i`.
fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Appends `c` as it is shown in a snippet: a tab as a space (so the caret stays under
/// its character), other control characters and line separators escaped.
fn push_escaped(out: &mut String, shown: &mut usize, c: char) {
    match c {
        '\t' => {
            out.push(' ');
            *shown += 1;
        }
        c if c.is_control()
            || matches!(c, '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{202a}'..='\u{202e}')
            || matches!(c, '\u{2066}'..='\u{2069}') =>
        {
            let escaped: String = c.escape_default().collect();
            *shown += escaped.chars().count();
            out.push_str(&escaped);
        }
        c => {
            out.push(c);
            *shown += 1;
        }
    }
}

impl fmt::Display for Diagnostic {
    /// `error: line L, column C: message`, then the source line with a caret under the
    /// place.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let number = self.line.to_string();
        let pad = " ".repeat(number.len());
        write!(
            f,
            "{word}: line {}, column {}: {}\n{pad} |\n{number} | {}\n{pad} | {}{}",
            self.line,
            self.column,
            self.message,
            self.snippet,
            " ".repeat(self.caret_start),
            "^".repeat(self.caret_len)
        )
    }
}

/// Why a pattern source was refused: one or more located [`Diagnostic`]s, errors first
/// (the warnings found on the way follow them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    diagnostics: Vec<Diagnostic>,
}

impl Error {
    /// An error from diagnostics, at least one of which is an error.
    pub(crate) fn new(mut diagnostics: Vec<Diagnostic>) -> Error {
        debug_assert!(diagnostics.iter().any(|d| d.severity == Severity::Error));
        diagnostics.sort_by_key(|d| core::cmp::Reverse(d.severity));
        Error { diagnostics }
    }

    /// A single error about `span`.
    pub(crate) fn at(source: &str, span: Span, message: impl Into<String>) -> Error {
        Error { diagnostics: vec![Diagnostic::new(Severity::Error, source, span, message)] }
    }

    /// The diagnostics, errors first, each group in source order.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The first error.
    pub fn first(&self) -> &Diagnostic {
        &self.diagnostics[0]
    }
}

impl fmt::Display for Error {
    /// Every diagnostic, separated by blank lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                f.write_str("\n\n")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

/// Limits that keep hostile or mistaken sources from exhausting time or memory. Every
/// limit fails with a located error.
///
/// # Examples
///
/// ```
/// use go_patterns::{Limits, PatternSet};
/// let limits = Limits { max_source_bytes: 10, ..Limits::DEFAULT };
/// let err = PatternSet::compile_with("pattern long_name end_pattern", &limits).unwrap_err();
/// assert!(err.to_string().contains("longer than the limit of 10 bytes"), "{err}");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The longest source text, in bytes.
    pub max_source_bytes: usize,
    /// The deepest nesting of expressions, branches and function calls.
    pub max_nesting: usize,
    /// The most patterns in a set.
    pub max_patterns: usize,
    /// The most compiled variants (a pattern has up to 8, one per symmetry class).
    pub max_variants: usize,
    /// The most entries of the neighbourhood index (a variant is entered once per
    /// concrete 3×3 neighbourhood its anchor accepts).
    pub max_index_entries: usize,
    /// The most nodes of all sequence trees together.
    pub max_sequence_nodes: usize,
    /// The most diagnostics reported.
    pub max_diagnostics: usize,
}

impl Limits {
    /// The defaults: 16 MiB of source, nesting 64, 200,000 patterns, 2,000,000
    /// variants, 64 M index entries, 1,000,000 sequence nodes, 50 diagnostics.
    pub const DEFAULT: Limits = Limits {
        max_source_bytes: 16 << 20,
        max_nesting: 64,
        max_patterns: 200_000,
        max_variants: 2_000_000,
        max_index_entries: 64 << 20,
        max_sequence_nodes: 1_000_000,
        max_diagnostics: 50,
    };
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_under_the_span() {
        let src = "abc\n  def ghi\n";
        let d = Diagnostic::new(Severity::Error, src, Span::new(10, 13), "bad");
        assert_eq!((d.line(), d.column()), (2, 7));
        assert_eq!(
            d.to_string(),
            "error: line 2, column 7: bad\n  |\n2 |   def ghi\n  |       ^^^"
        );
    }

    #[test]
    fn long_lines_are_windowed_and_escaped() {
        let src = format!("{}\u{1b}X{}", "a".repeat(10_000), "b".repeat(10_000));
        let d = Diagnostic::new(Severity::Warning, &src, Span::new(10_001, 10_002), "here");
        let text = d.to_string();
        assert!(text.len() < 400, "{}", text.len());
        assert!(text.contains(r"\u{1b}X"), "{text}");
        let lines: Vec<&str> = text.lines().collect();
        let caret = lines[3].chars().position(|c| c == '^').unwrap();
        assert_eq!(lines[2].chars().nth(caret), Some('X'));
    }

    #[test]
    fn spans_past_the_end_and_inside_characters_are_clamped() {
        let src = "日本";
        let d = Diagnostic::new(Severity::Error, src, Span::new(1, 100), "x");
        assert_eq!((d.line(), d.column()), (1, 1));
        let d = Diagnostic::new(Severity::Error, src, Span::new(100, 200), "x");
        assert_eq!((d.line(), d.column()), (1, 3));
    }

    #[test]
    fn errors_come_first() {
        let w = Diagnostic::new(Severity::Warning, "a b", Span::new(0, 1), "w");
        let e = Diagnostic::new(Severity::Error, "a b", Span::new(2, 3), "e");
        let err = Error::new(vec![w, e]);
        assert_eq!(err.first().message(), "e");
        assert_eq!(err.diagnostics().len(), 2);
    }
}
