//! Quoting untrusted input in messages: control characters escaped, length bounded.
//!
//! An error message that quotes what a user (or a remote controller) sent must not carry
//! the raw text: a carriage return in an SGF value or a GTP argument ends a line for many
//! GTP controllers and desynchronises them, and a property value of 5 MB would be quoted
//! whole. [`excerpt`] is the one function every error path of the workspace calls to quote
//! input.

use core::fmt;

/// The most characters [`excerpt`] shows before it cuts the text.
pub const EXCERPT_CHARS: usize = 48;

/// Input quoted for a message: characters that could change how the message is read
/// are escaped, and the text is cut after [`EXCERPT_CHARS`] characters.
///
/// Escaped are the control characters (`\r`, `\n`, `\t`, `\0`, `\u{1b}`, ...), the
/// Unicode line and paragraph separators, the byte-order mark and the bidirectional
/// overrides and isolates, each written as Rust writes it in a string literal (`\r`,
/// `\u{2028}`). A cut text ends with `…` and the number of bytes left out. The result is
/// one line of at most about 100 characters whatever the input.
///
/// # Examples
///
/// ```
/// use go_board::excerpt;
/// assert_eq!(excerpt("abc\r\rdef").to_string(), r"abc\r\rdef");
/// assert_eq!(excerpt("日本棋院").to_string(), "日本棋院");
/// let long = "x".repeat(5_000_000);
/// assert_eq!(excerpt(&long).to_string(), format!("{}…(4999952 more bytes)", "x".repeat(48)));
/// ```
pub fn excerpt(text: &str) -> Excerpt<'_> {
    Excerpt { text, max_chars: EXCERPT_CHARS }
}

/// Input quoted for a message; see [`excerpt`].
#[derive(Clone, Copy, Debug)]
pub struct Excerpt<'a> {
    text: &'a str,
    max_chars: usize,
}

impl Excerpt<'_> {
    /// Shows at most `max_chars` characters (at least 1) instead of [`EXCERPT_CHARS`].
    #[must_use]
    pub fn max_chars(self, max_chars: usize) -> Self {
        Excerpt { max_chars: max_chars.max(1), ..self }
    }
}

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, (i, c)) in self.text.char_indices().enumerate() {
            if n == self.max_chars {
                return write!(f, "…({} more bytes)", self.text.len() - i);
            }
            write_char(f, c)?;
        }
        Ok(())
    }
}

/// Whether `c` is written escaped in an excerpt.
pub(crate) fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{200e}' | '\u{200f}')
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

/// Writes `c` as an excerpt shows it.
pub(crate) fn write_char(out: &mut impl fmt::Write, c: char) -> fmt::Result {
    if is_hidden(c) {
        match c {
            '\t' => out.write_str("\\t"),
            '\n' => out.write_str("\\n"),
            '\r' => out.write_str("\\r"),
            '\0' => out.write_str("\\0"),
            c => write!(out, "\\u{{{:x}}}", c as u32),
        }
    } else {
        out.write_char(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_and_separators_are_escaped() {
        let text = "a\tb\nc\0d\u{1b}[31m\u{2028}\u{202e}e\u{7f}";
        assert_eq!(excerpt(text).to_string(), r"a\tb\nc\0d\u{1b}[31m\u{2028}\u{202e}e\u{7f}");
        assert_eq!(excerpt("").to_string(), "");
        assert_eq!(excerpt("é ☗ 이창호").to_string(), "é ☗ 이창호");
    }

    #[test]
    fn long_text_is_cut_on_a_character_boundary() {
        let text = "棋".repeat(100);
        let shown = excerpt(&text).max_chars(3).to_string();
        assert_eq!(shown, format!("棋棋棋…({} more bytes)", 97 * 3));
        let exact = "x".repeat(EXCERPT_CHARS);
        assert_eq!(excerpt(&exact).to_string(), exact);
        assert_eq!(excerpt("abc").max_chars(0).to_string(), "a…(2 more bytes)");
    }
}
