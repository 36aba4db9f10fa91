//! Eye values: the four-digit local-game value of an eye space.

use core::fmt;

/// The number of eyes an eye space gives in four situations (GNU Go's and Landman's
/// convention), each counted up to 2 (two eyes are as good as more):
///
/// - `a`: the attacker moves first and moves again (the defender plays elsewhere once);
/// - `b`: the attacker moves first, then both alternate (the *minimum*);
/// - `c`: the defender moves first, then both alternate (the *maximum*);
/// - `d`: the defender moves first and moves again.
///
/// Written as the four digits `abcd`: `1111` is one eye, `0011` half an eye, `1122`
/// one and a half, `0022` Landman's 1* (two eyes or none, whoever moves first),
/// `0012` ¾, `0122` 5/4. Passing is allowed, so `a ≤ b ≤ c ≤ d`.
///
/// # Examples
///
/// ```
/// use go_eval::reading::eyes::EyeValue;
/// let v: EyeValue = "1122".parse()?;
/// assert_eq!((v.min(), v.max()), (1, 2));
/// assert!(v.is_settled() == false && v.to_string() == "1122");
/// # Ok::<_, go_eval::reading::eyes::ParseEyeValueError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EyeValue {
    /// Eyes when the attacker moves twice.
    pub a: u8,
    /// Eyes when the attacker moves first (the minimum).
    pub b: u8,
    /// Eyes when the defender moves first (the maximum).
    pub c: u8,
    /// Eyes when the defender moves twice.
    pub d: u8,
}

impl EyeValue {
    /// Two eyes whoever moves.
    pub const TWO: EyeValue = EyeValue { a: 2, b: 2, c: 2, d: 2 };
    /// One eye whoever moves.
    pub const ONE: EyeValue = EyeValue { a: 1, b: 1, c: 1, d: 1 };
    /// No eye whoever moves.
    pub const NONE: EyeValue = EyeValue { a: 0, b: 0, c: 0, d: 0 };

    /// The value with these digits, each capped at 2.
    pub const fn new(a: u8, b: u8, c: u8, d: u8) -> EyeValue {
        const fn cap(x: u8) -> u8 {
            if x > 2 { 2 } else { x }
        }
        EyeValue { a: cap(a), b: cap(b), c: cap(c), d: cap(d) }
    }

    /// Eyes when the attacker moves first (GNU Go's `min_eyes`).
    pub const fn min(self) -> u8 {
        self.b
    }

    /// Eyes when the defender moves first (GNU Go's `max_eyes`).
    pub const fn max(self) -> u8 {
        self.c
    }

    /// Whether the number of eyes does not depend on who moves first (`min == max`):
    /// then nobody needs to play here, and there are no vital points.
    pub const fn is_settled(self) -> bool {
        self.b == self.c
    }

    /// The value packed in a byte (two bits a digit, `a` highest).
    pub(crate) const fn to_byte(self) -> u8 {
        self.a << 6 | self.b << 4 | self.c << 2 | self.d
    }

    /// The value of a byte from [`EyeValue::to_byte`]; digits above 2 are capped.
    pub(crate) const fn from_byte(byte: u8) -> EyeValue {
        EyeValue::new(byte >> 6 & 3, byte >> 4 & 3, byte >> 2 & 3, byte & 3)
    }

    /// The value of two eye spaces of one group together (each digit summed and capped;
    /// the threats `a` and `d` combine with the other space's alternating value, as GNU
    /// Go's `add_eyevalues` does).
    pub fn add(self, other: EyeValue) -> EyeValue {
        EyeValue::new(
            (self.a + other.b).min(self.b + other.a),
            self.b + other.b,
            self.c + other.c,
            (self.c + other.d).max(self.d + other.c),
        )
    }
}

impl fmt::Display for EyeValue {
    /// The four digits, `0011`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}{}", self.a, self.b, self.c, self.d)
    }
}

/// Why a text is not an eye value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseEyeValueError(String);

impl fmt::Display for ParseEyeValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid eye value {:?}: four digits 0-2, non-decreasing", self.0)
    }
}

impl std::error::Error for ParseEyeValueError {}

impl core::str::FromStr for EyeValue {
    type Err = ParseEyeValueError;

    /// Four digits from 0 to 2, non-decreasing: `0011`.
    fn from_str(s: &str) -> Result<EyeValue, ParseEyeValueError> {
        let err = || ParseEyeValueError(go_board::excerpt(s).to_string());
        let d: Vec<u8> = s.bytes().map(|b| b.wrapping_sub(b'0')).collect();
        if d.len() != 4 || d.iter().any(|&x| x > 2) || d.windows(2).any(|w| w[0] > w[1]) {
            return Err(err());
        }
        Ok(EyeValue::new(d[0], d[1], d[2], d[3]))
    }
}
