//! The values of Go's SGF properties: points and point lists, board sizes, komi, rules
//! names.

use crate::{BoardSize, Komi, Point, PointSet, Rules};

/// The column and row (from the top-left corner, from 0) of an SGF point `ab`: letters
/// `a`–`z` are 0–25, `A`–`Z` 26–51.
pub(crate) fn sgf_coordinates(raw: &str) -> Option<(u8, u8)> {
    let letter = |c: u8| match c {
        b'a'..=b'z' => Some(c - b'a'),
        b'A'..=b'Z' => Some(c - b'A' + 26),
        _ => None,
    };
    match raw.as_bytes() {
        &[x, y] => Some((letter(x)?, letter(y)?)),
        _ => None,
    }
}

/// The point at SGF coordinates, if it is on the board.
pub(crate) fn point_at((x, y): (u8, u8), size: BoardSize) -> Option<Point> {
    if y >= size.rows() {
        return None;
    }
    Point::new(x, size.rows() - 1 - y, size)
}

/// Why a point-list value could not be read.
pub(crate) enum PointsError {
    /// Not a point or a rectangle `aa:cc` (upper-left to lower-right).
    Malformed,
    /// Well-formed but not on the board.
    OffBoard,
}

/// The points of one value of a point list: a point `ab` or a rectangle `aa:cc`.
pub(crate) fn points_of(raw: &str, size: BoardSize) -> Result<PointSet, PointsError> {
    let (a, b) = match raw.split_once(':') {
        Some((a, b)) => (a, b),
        None => (raw, raw),
    };
    let (Some((x1, y1)), Some((x2, y2))) = (sgf_coordinates(a), sgf_coordinates(b)) else {
        return Err(PointsError::Malformed);
    };
    if x1 > x2 || y1 > y2 {
        return Err(PointsError::Malformed);
    }
    if point_at((x2, y2), size).is_none() {
        return Err(PointsError::OffBoard);
    }
    let mut set = PointSet::EMPTY;
    for y in y1..=y2 {
        for x in x1..=x2 {
            set.insert(point_at((x, y), size).expect("inside the rectangle's corners"));
        }
    }
    Ok(set)
}

/// A board size `SZ[n]` or `SZ[cols:rows]` as numbers (not yet checked).
pub(crate) fn parse_size(raw: &str) -> Option<(u32, u32)> {
    let number = |s: &str| -> Option<u32> {
        let s = s.trim();
        (!s.is_empty() && s.len() <= 9 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    match raw.split_once(':') {
        Some((c, r)) => Some((number(c)?, number(r)?)),
        None => number(raw).map(|n| (n, n)),
    }
}

/// A komi as read: exact, or repaired.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum KomiValue {
    /// `KM[]`: no komi given.
    Empty,
    /// The komi, and what was repaired to get it (a decimal comma, a value between
    /// half points).
    Komi(Komi, Option<String>),
}

/// Reads `KM` leniently: a decimal number with a point or a comma, rounded to the
/// nearest half point (halfway cases away from zero: 6.25 is 6.5, 3.75 is 4); `None`
/// if it is not a number of at most six integer digits.
pub(crate) fn parse_komi(raw: &str) -> Option<KomiValue> {
    let t = raw.trim();
    if t.is_empty() {
        return Some(KomiValue::Empty);
    }
    let (negative, digits) = match t.as_bytes()[0] {
        b'-' => (true, &t[1..]),
        b'+' => (false, &t[1..]),
        _ => (false, t),
    };
    let comma = !digits.contains('.') && digits.matches(',').count() == 1;
    let (int, frac) = match (comma, digits.split_once(if comma { ',' } else { '.' })) {
        (_, Some((i, f))) => (i, f),
        (_, None) => (digits, ""),
    };
    if (int.is_empty() && frac.is_empty())
        || int.len() > 6
        || !int.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let whole: i32 = if int.is_empty() { 0 } else { int.parse().ok()? };
    let frac = frac.trim_end_matches('0');
    // Digit strings without trailing zeros compare as the fractions they write.
    let half = if frac < "25" {
        0
    } else if frac < "75" {
        1
    } else {
        2
    };
    let magnitude = whole * 2 + half;
    let komi = Komi::from_half_points(if negative { -magnitude } else { magnitude });
    let exact = matches!(frac, "" | "5");
    let note = match (exact, comma) {
        (true, false) => None,
        (true, true) => Some(format!("decimal comma read as a point: komi {komi}")),
        (false, _) => Some(format!(
            "komi is not a multiple of 0.5: rounded to the nearest half point, {komi}"
        )),
    };
    Some(KomiValue::Komi(komi, note))
}

/// The SGF `RU` name of the preset that `rules` equal up to komi.
pub(crate) fn sgf_rules_name(rules: &Rules) -> Option<&'static str> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn komi(raw: &str) -> Option<(String, bool)> {
        match parse_komi(raw)? {
            KomiValue::Empty => Some((String::new(), true)),
            KomiValue::Komi(k, note) => Some((k.to_string(), note.is_some())),
        }
    }

    #[test]
    fn komi_is_read_leniently_and_rounded_to_half_points() {
        let cases = [
            ("6.5", "6.5", false),
            (" 7 ", "7", false),
            ("+0.50", "0.5", false),
            ("-3.5", "-3.5", false),
            (".5", "0.5", false),
            ("6,5", "6.5", true),
            ("6.25", "6.5", true),
            ("7.25", "7.5", true),
            ("3.75", "4", true),
            ("-3.75", "-4", true),
            ("0.2499", "0", true),
            ("0.7499999", "0.5", true),
            ("5.5000", "5.5", false),
            ("999999.99", "1000000", true),
        ];
        for (raw, shown, repaired) in cases {
            assert_eq!(komi(raw), Some((shown.to_owned(), repaired)), "{raw}");
        }
        assert_eq!(parse_komi(""), Some(KomiValue::Empty));
        assert_eq!(parse_komi("  "), Some(KomiValue::Empty));
        for bad in ["seven", "1e3", "6.5.5", "6,5,5", "1234567", "-", ".", "6 .5", "nan", "6.5,0"] {
            assert_eq!(parse_komi(bad), None, "{bad}");
        }
    }

    #[test]
    fn points_and_rectangles() {
        let size = BoardSize::square(9).unwrap();
        assert_eq!(points_of("aa", size).ok().map(|s| s.len()), Some(1));
        assert_eq!(points_of("aa:cc", size).ok().map(|s| s.len()), Some(9));
        assert!(matches!(points_of("cc:aa", size), Err(PointsError::Malformed)));
        assert!(matches!(points_of("aa:jj", size), Err(PointsError::OffBoard)));
        assert!(matches!(points_of("", size), Err(PointsError::Malformed)));
        assert!(matches!(points_of("a", size), Err(PointsError::Malformed)));
        assert!(matches!(points_of("a1", size), Err(PointsError::Malformed)));
        assert_eq!(sgf_coordinates("aZ"), Some((0, 51)));
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("19"), Some((19, 19)));
        assert_eq!(parse_size("19:13"), Some((19, 13)));
        assert_eq!(parse_size(" 9 "), Some((9, 9)));
        assert_eq!(parse_size("nine"), None);
        assert_eq!(parse_size("9:"), None);
        assert_eq!(parse_size("-9"), None);
        assert_eq!(parse_size("99999999999"), None);
    }
}
