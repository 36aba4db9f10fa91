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
}

impl core::ops::Add for EyeValue {
    type Output = EyeValue;

    /// The value of two eye spaces of one group together: the sum of the two local
    /// games, each modelled by its digits (a first move of the attacker there leaves a
    /// position worth `b` if the defender answers and `a` if the attacker plays there
    /// again; a first move of the defender one worth `c` or `d`), read by minimax with
    /// both sides free to choose the space, each digit capped at 2.
    ///
    /// Two half eyes make one eye (the defender answers the attack on one by making the
    /// other), unlike a digit-by-digit sum.
    ///
    /// ```
    /// use go_eval::reading::eyes::EyeValue;
    /// let half: EyeValue = "0011".parse()?;
    /// assert_eq!((half + EyeValue::ONE).to_string(), "1122");
    /// assert_eq!(half + half, "0112".parse()?);
    /// assert_eq!(EyeValue::ONE + EyeValue::ONE, EyeValue::TWO);
    /// # Ok::<_, go_eval::reading::eyes::ParseEyeValueError>(())
    /// ```
    fn add(self, other: EyeValue) -> EyeValue {
        let start = [Local::start(self), Local::start(other)];
        let pair = [self, other];
        let after = |i: usize, attacker: bool, again: bool| {
            let mut s = start;
            s[i] = s[i].play(pair[i], attacker);
            sum_game(pair, s, again == attacker)
        };
        let best = |attacker: bool, again: bool| {
            let options = (0..2).filter(|&i| start[i] == Local::Start);
            let values = options.map(|i| after(i, attacker, again));
            let v = if attacker { values.min() } else { values.max() };
            v.unwrap_or_else(|| sum_game(pair, start, attacker))
        };
        EyeValue::new(best(true, true), best(true, false), best(false, false), best(false, true))
    }
}

/// Where a local game of the eye-value model stands (see the `Add` of [`EyeValue`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Local {
    /// Nobody has played.
    Start,
    /// The attacker has played once.
    Attacked,
    /// The defender has played once.
    Defended,
    /// Settled with this many eyes.
    Done(u8),
}

impl EyeValue {
    /// Whether all four digits agree (no move changes anything).
    const fn is_done(self) -> bool {
        self.a == self.b && self.b == self.c && self.c == self.d
    }
}

impl Local {
    /// The start of the game of `v`.
    fn start(v: EyeValue) -> Local {
        if v.is_done() { Local::Done(v.b) } else { Local::Start }
    }

    /// The position after a move of the attacker (or the defender) in `v`'s game.
    fn play(self, v: EyeValue, attacker: bool) -> Local {
        match (self, attacker) {
            (Local::Start, true) => Local::Attacked,
            (Local::Start, false) => Local::Defended,
            (Local::Attacked, true) => Local::Done(v.a),
            (Local::Attacked, false) => Local::Done(v.b),
            (Local::Defended, true) => Local::Done(v.c),
            (Local::Defended, false) => Local::Done(v.d),
            (done, _) => done,
        }
    }
}

/// The eyes of two local games in positions `s`, `attacker` to move, play going on
/// until both are settled (every move of this model helps the mover, so nobody passes
/// while a move is left).
fn sum_game(v: [EyeValue; 2], s: [Local; 2], attacker: bool) -> u8 {
    let open = |i: usize| !matches!(s[i], Local::Done(_));
    if !open(0) && !open(1) {
        let eyes = |l: Local| if let Local::Done(e) = l { e } else { 0 };
        return (eyes(s[0]) + eyes(s[1])).min(2);
    }
    let values = (0..2).filter(|&i| open(i)).map(|i| {
        let mut t = s;
        t[i] = t[i].play(v[i], attacker);
        sum_game(v, t, !attacker)
    });
    let best = if attacker { values.min() } else { values.max() };
    best.unwrap_or(0)
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
