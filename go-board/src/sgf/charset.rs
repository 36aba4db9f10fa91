//! Decoding an SGF file's bytes to text, by the charset its root node names (`CA`).
//!
//! SGF's syntax is ASCII but its text values are in the charset of `CA`. In Shift_JIS,
//! Big5 and GBK the second byte of a character may be `\` or `]`, so the file is decoded
//! as a whole before it is parsed, never value by value: the charset is found first by a
//! look at the root node of the first game tree (its properties up to `CA`, which are
//! ASCII in practice), then every byte is decoded by [`encoding_rs`].
//!
//! - A UTF-8 byte-order mark means UTF-8 (UTF-16 marks mean UTF-16), whatever `CA` says.
//! - `CA` names the charset by any label of the WHATWG Encoding Standard: `UTF-8`,
//!   `ISO-8859-1` (read as windows-1252, its superset), `Shift_JIS`, `GB2312`/`GBK`
//!   (read as GBK), `GB18030`, `EUC-KR`, `Big5`, `EUC-JP`, `KOI8-R`, ...
//! - Without `CA`, or with a label no decoder knows: UTF-8 if the bytes are valid UTF-8,
//!   else ISO-8859-1 (the default of the SGF specification), with a warning.
//! - Bytes that are not valid in the charset become U+FFFD, with a warning.

use std::borrow::Cow;

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252};

use super::error::{Source, Warning};

/// The text of a file and how it was decoded.
pub(crate) struct Decoded<'a> {
    pub(crate) text: Cow<'a, str>,
    /// The name of the charset the bytes were read in (`UTF-8`, `Shift_JIS`, ...).
    pub(crate) charset: &'static str,
    pub(crate) warnings: Vec<Warning>,
}

/// Decodes the bytes of an SGF file.
pub(crate) fn decode(bytes: &[u8]) -> Decoded<'_> {
    let mut warnings = Vec::new();
    if let Some((encoding, bom)) = Encoding::for_bom(bytes) {
        // A UTF-8 mark stays in the text (the parser skips it), so that offsets in the
        // text are offsets in the file.
        let bom = if encoding == UTF_8 { 0 } else { bom };
        let (text, had_errors) = encoding.decode_without_bom_handling(&bytes[bom..]);
        if had_errors {
            warnings.push(invalid_bytes(encoding));
        }
        return Decoded { text, charset: encoding.name(), warnings };
    }
    let declared = root_charset(bytes);
    let encoding = declared.as_ref().and_then(|(label, at)| {
        let found = Encoding::for_label(label.trim().as_bytes())
            .filter(|e| ![UTF_16LE, UTF_16BE].contains(e) && e.is_ascii_compatible());
        if found.is_none() {
            let message = format!(
                "unknown charset CA[{}]: read as UTF-8 if valid, else as ISO-8859-1",
                crate::excerpt(label)
            );
            warnings.push(warning_at(bytes, at.clone(), message));
        }
        found
    });
    let encoding = match encoding {
        Some(e) => e,
        None => match core::str::from_utf8(bytes) {
            Ok(text) => {
                return Decoded { text: Cow::Borrowed(text), charset: UTF_8.name(), warnings };
            }
            Err(_) => {
                if declared.is_none() {
                    warnings.push(Warning::new(
                        None,
                        "the file names no charset (CA) and is not UTF-8: read as ISO-8859-1"
                            .to_owned(),
                    ));
                }
                WINDOWS_1252
            }
        },
    };
    let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
    if had_errors {
        warnings.push(invalid_bytes(encoding));
    }
    let charset = if encoding == WINDOWS_1252 { "ISO-8859-1" } else { encoding.name() };
    Decoded { text, charset, warnings }
}

fn invalid_bytes(encoding: &'static Encoding) -> Warning {
    let name = if encoding == WINDOWS_1252 { "ISO-8859-1" } else { encoding.name() };
    Warning::new(None, format!("bytes that are not valid {name} were replaced by U+FFFD"))
}

/// A warning at a byte range of the undecoded file (the range is ASCII).
fn warning_at(bytes: &[u8], range: core::ops::Range<usize>, message: String) -> Warning {
    // Up to the range, lines and columns are counted on the bytes read as Latin-1: the
    // root node before `CA` is ASCII in every file this applies to.
    let prefix: String = bytes[..range.end].iter().map(|&b| b as char).collect();
    Source::file(&prefix).warning(range, message)
}

/// The value of `CA` on the root node of the first game tree and its byte range, found
/// by a look at the root node's bytes (properties, values and escapes; no recursion).
fn root_charset(bytes: &[u8]) -> Option<(String, core::ops::Range<usize>)> {
    let ws = |i: &mut usize| {
        while bytes.get(*i).is_some_and(u8::is_ascii_whitespace) {
            *i += 1;
        }
    };
    let mut i = 0;
    ws(&mut i);
    if bytes.get(i) != Some(&b'(') {
        return None;
    }
    i += 1;
    ws(&mut i);
    if bytes.get(i) != Some(&b';') {
        return None;
    }
    i += 1;
    loop {
        ws(&mut i);
        let start = i;
        let mut ident = Vec::new();
        while let Some(&c) = bytes.get(i).filter(|c| c.is_ascii_alphabetic()) {
            if c.is_ascii_uppercase() {
                ident.push(c);
            }
            i += 1;
        }
        if i == start {
            return None;
        }
        if ident.is_empty() {
            ident = bytes[start..i].to_ascii_uppercase();
        }
        ws(&mut i);
        let mut first = None;
        while bytes.get(i) == Some(&b'[') {
            i += 1;
            let value_start = i;
            loop {
                match bytes.get(i)? {
                    b'\\' => i += 2,
                    b']' => break,
                    _ => i += 1,
                }
            }
            first.get_or_insert(value_start..i);
            i += 1;
            ws(&mut i);
        }
        let value = first?;
        if ident == b"CA" {
            let label = String::from_utf8_lossy(&bytes[value.clone()]).into_owned();
            return Some((label, value));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_names_the_charset() {
        assert_eq!(root_charset(b" (;FF[4]CA[Shift_JIS]PB[x])").unwrap().0, "Shift_JIS");
        assert_eq!(root_charset(b"(;FF[4]C[a\\]b]CA [big5];B[aa])").unwrap().0, "big5");
        assert_eq!(root_charset(b"(;FF[4]ca[GB2312])").unwrap().0, "GB2312");
        assert!(root_charset(b"(;FF[4];CA[GB2312])").is_none());
        assert!(root_charset(b"(;FF[4]CA[GB2312").is_none());
        assert!(root_charset(b"").is_none());
    }

    #[test]
    fn decoding_by_charset() {
        let d = decode(b"(;CA[ISO-8859-1]PB[J\xe9r\xf4me])");
        assert_eq!((d.text.as_ref(), d.charset), ("(;CA[ISO-8859-1]PB[Jérôme])", "ISO-8859-1"));
        assert!(d.warnings.is_empty());
        // No CA, not UTF-8: ISO-8859-1 with a warning.
        let d = decode(b"(;PB[J\xe9r\xf4me])");
        assert_eq!(d.text, "(;PB[Jérôme])");
        assert_eq!(d.warnings.len(), 1);
        // No CA, valid UTF-8: borrowed as it is.
        let d = decode("(;PB[이창호])".as_bytes());
        assert!(matches!(d.text, Cow::Borrowed(_)));
        assert_eq!(d.charset, "UTF-8");
        // A byte-order mark wins over CA.
        let d = decode(b"\xef\xbb\xbf(;CA[Big5]PB[\xc3\xa9])");
        assert_eq!((d.text.as_ref(), d.charset), ("\u{feff}(;CA[Big5]PB[é])", "UTF-8"));
        // A charset nobody knows.
        let d = decode(b"(;CA[Klingon]PB[x])");
        assert_eq!(d.text, "(;CA[Klingon]PB[x])");
        assert_eq!(
            d.warnings[0].to_string(),
            "line 1, column 6: unknown charset CA[Klingon]: read as UTF-8 if valid, else as ISO-8859-1"
        );
        // Invalid UTF-8 under CA[UTF-8].
        let d = decode(b"(;CA[UTF-8]PB[\xff])");
        assert_eq!(d.text, "(;CA[UTF-8]PB[\u{fffd}])");
        assert_eq!(d.warnings.len(), 1);
    }
}
