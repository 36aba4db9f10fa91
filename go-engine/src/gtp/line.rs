//! Reading one GTP command line: the preprocessing of the GTP v2 specification
//! (section 2.2) and the split into id, command name and arguments.

/// A command line after preprocessing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CommandLine {
    /// The id, as digits without leading zeros (`"0"` for an id of zeros).
    pub(crate) id: Option<String>,
    /// The command name; empty when the line held only an id.
    pub(crate) name: String,
    /// The arguments, split at spaces.
    pub(crate) args: Vec<String>,
    /// The text after the command name, without its leading spaces (trailing spaces
    /// kept, as GNU Go's `echo` answers them).
    pub(crate) raw: String,
}

/// Applies GTP's preprocessing to `line` and splits it.
///
/// Control characters other than horizontal tab and line feed (carriage return
/// included) are removed, everything from a `#` on is a comment, tabs become spaces, and
/// a line left empty or blank gives `None`. Bytes that are not UTF-8 become U+FFFD, so
/// that they can only fail to match a command or an argument.
pub(crate) fn parse(line: &[u8]) -> Option<CommandLine> {
    let mut cleaned = Vec::with_capacity(line.len());
    for &b in line {
        match b {
            b'#' => break,
            b'\t' => cleaned.push(b' '),
            // Line feeds end a command: only the text before the first one counts.
            b'\n' => break,
            0..=31 | 127 => {}
            _ => cleaned.push(b),
        }
    }
    let text = String::from_utf8_lossy(&cleaned);
    let (first, rest) = next_word(&text)?;
    let (id, name, rest) = if first.bytes().all(|b| b.is_ascii_digit()) {
        let trimmed = first.trim_start_matches('0');
        let id = if trimmed.is_empty() { "0" } else { trimmed };
        let (name, rest) = next_word(rest).unwrap_or(("", ""));
        (Some(id.to_owned()), name, rest)
    } else {
        (None, first, rest)
    };
    let args = rest.split(' ').filter(|w| !w.is_empty()).map(str::to_owned).collect();
    let raw = rest.trim_start_matches(' ').to_owned();
    Some(CommandLine { id, name: name.to_owned(), args, raw })
}

/// The first word of `text` (words are separated by spaces) and the text after it;
/// `None` if `text` is blank.
fn next_word(text: &str) -> Option<(&str, &str)> {
    let text = text.trim_start_matches(' ');
    if text.is_empty() {
        return None;
    }
    let end = text.find(' ').unwrap_or(text.len());
    Some((&text[..end], &text[end..]))
}

/// The id of a line, read as [`parse`] would read it, for answering a line that cannot be
/// processed as a whole (too long).
pub(crate) fn id_of(line: &[u8]) -> Option<String> {
    parse(line).and_then(|c| c.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(line: &str) -> Option<(Option<String>, String, Vec<String>)> {
        parse(line.as_bytes()).map(|c| (c.id, c.name, c.args))
    }

    #[test]
    fn ids_names_and_arguments() {
        assert_eq!(p("play b e5"), Some((None, "play".into(), vec!["b".into(), "e5".into()])));
        assert_eq!(p("12 name"), Some((Some("12".into()), "name".into(), vec![])));
        assert_eq!(p("007 name"), Some((Some("7".into()), "name".into(), vec![])));
        assert_eq!(p("000 name").unwrap().0, Some("0".into()));
        assert_eq!(p("  5   version  ").unwrap().1, "version");
        assert_eq!(p("12"), Some((Some("12".into()), String::new(), vec![])));
        // A sign makes it a command name, not an id.
        assert_eq!(p("-1 name").unwrap().1, "-1");
        let huge = "123456789012345678901234567890 name";
        assert_eq!(p(huge).unwrap().0.as_deref(), Some("123456789012345678901234567890"));
    }

    #[test]
    fn preprocessing_follows_the_spec() {
        assert_eq!(p("name\r"), p("name"));
        assert_eq!(p("3\tknown_command\tplay").unwrap().2, ["play"]);
        assert_eq!(p("na\x01me").unwrap().1, "name");
        assert_eq!(p("na\x7fme").unwrap().1, "name");
        assert_eq!(p("boardsize 9 # comment").unwrap().2, ["9"]);
        assert_eq!(p("# only a comment"), None);
        assert_eq!(p(""), None);
        assert_eq!(p(" \t \r"), None);
        assert_eq!(p("\x00\x02"), None);
        let odd = parse(b"play b \xff\xfe").unwrap();
        assert_eq!(odd.args, ["b", "\u{fffd}\u{fffd}"]);
        assert_eq!(id_of(b"42 play b"), Some("42".into()));
    }

    #[test]
    fn the_raw_arguments_keep_their_spaces() {
        let raw = |line: &str| parse(line.as_bytes()).unwrap().raw;
        assert_eq!(raw("echo  a\t b  "), "a  b  ");
        assert_eq!(raw("7 echo hello # world"), "hello ");
        assert_eq!(raw("echo"), "");
        assert_eq!(raw("12"), "");
    }
}
