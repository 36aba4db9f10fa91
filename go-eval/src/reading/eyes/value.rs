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

    /// The value of two eye spaces of one group together: the sum of their local games
    /// (see [`EyeValue::sum`]).
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
        EyeValue::sum(&[self, other]).value
    }
}

/// The sum of the local games of several eye spaces of one group ([`EyeValue::sum`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EyeSum {
    /// The value of the whole.
    pub value: EyeValue,
    /// The indices of the spaces where a first move of the attacker leaves
    /// `value.min()` eyes, when that is less than the maximum (else empty).
    pub attack: Vec<usize>,
    /// The indices of the spaces where a first move of the defender gives
    /// `value.max()` eyes, when that is more than the minimum (else empty).
    pub defence: Vec<usize>,
}

/// The most unsettled spaces summed as one game; more are first added two by two.
const SUM_GAMES: usize = 8;

impl EyeValue {
    /// Whether all four digits agree (no move changes anything).
    const fn is_done(self) -> bool {
        self.a == self.b && self.b == self.c && self.c == self.d
    }

    /// The sum of the local games of `values` (the eye spaces of one group), with the
    /// spaces where the first move matters.
    ///
    /// Each local game is modelled by its digits: a first move of the attacker there
    /// leaves a position worth `b` if the defender answers there and `a` if the
    /// attacker plays there again; a first move of the defender one worth `c` or `d`.
    /// The sum is read by minimax with both sides free to choose the space (every move
    /// of the model helps its player, so nobody passes while a move is left); each digit
    /// is capped at 2. Spaces whose four digits agree only add their eyes. At most
    /// eight unsettled spaces are read as one game (more are first added two by two, an
    /// approximation no real group needs).
    ///
    /// # Examples
    ///
    /// ```
    /// use go_eval::reading::eyes::EyeValue;
    /// let v = |s: &str| s.parse::<EyeValue>().unwrap();
    /// // One eye, a half eye and a space worth one eye or two (1122): two eyes even if
    /// // the attacker moves twice, since the defender answers in the other space.
    /// let sum = EyeValue::sum(&[EyeValue::ONE, v("0011"), v("1122")]);
    /// assert_eq!(sum.value, EyeValue::TWO);
    /// assert!(sum.attack.is_empty() && sum.defence.is_empty());
    /// let sum = EyeValue::sum(&[v("0011"), v("0000")]);
    /// assert_eq!((sum.value.min(), sum.value.max(), sum.attack, sum.defence), (0, 1, vec![0], vec![0]));
    /// ```
    pub fn sum(values: &[EyeValue]) -> EyeSum {
        let mut base = 0u8;
        let mut open: Vec<(usize, EyeValue)> = Vec::new();
        for (i, &v) in values.iter().enumerate() {
            if v.is_done() {
                base = base.saturating_add(v.b);
            } else {
                open.push((i, v));
            }
        }
        while open.len() > SUM_GAMES {
            let (_, last) = open.pop().expect("more than eight");
            let (i, before) = open.pop().expect("more than eight");
            open.push((i, EyeValue::sum(&[before, last]).value));
        }
        let games: Vec<EyeValue> = open.iter().map(|&(_, v)| v).collect();
        let mut reader =
            SumReader { games: &games, base: base.min(2), memo: std::collections::HashMap::new() };
        let b = reader.value(0, true);
        let c = reader.value(0, false);
        let (mut a, mut d) = (b, c);
        let (mut attack, mut defence) = (Vec::new(), Vec::new());
        for (k, &(i, _)) in open.iter().enumerate() {
            let attacked = reader.play(0, k, true);
            a = a.min(reader.value(attacked, true));
            if b < c && reader.value(attacked, false) == b {
                attack.push(i);
            }
            let defended = reader.play(0, k, false);
            d = d.max(reader.value(defended, false));
            if b < c && reader.value(defended, true) == c {
                defence.push(i);
            }
        }
        EyeSum { value: EyeValue::new(a, b, c, d), attack, defence }
    }
}

/// Minimax over the sum of local games in the model of [`EyeValue::sum`]. A position
/// holds three bits a game: 0 nobody has played, 1 the attacker has played once, 2 the
/// defender has, 3 + n settled with n eyes.
struct SumReader<'g> {
    games: &'g [EyeValue],
    base: u8,
    memo: std::collections::HashMap<(u32, bool), u8>,
}

impl SumReader<'_> {
    /// The code of game `k` in `state`.
    fn code(state: u32, k: usize) -> u32 {
        state >> (3 * k) & 7
    }

    /// The position after a move of the attacker (or defender) in game `k`.
    fn play(&self, state: u32, k: usize, attacker: bool) -> u32 {
        let v = self.games[k];
        let next = match (Self::code(state, k), attacker) {
            (0, true) => 1,
            (0, false) => 2,
            (1, true) => 3 + v.a,
            (1, false) => 3 + v.b,
            (2, true) => 3 + v.c,
            (2, false) => 3 + v.d,
            (code, _) => return state | code << (3 * k),
        };
        state & !(7 << (3 * k)) | u32::from(next) << (3 * k)
    }

    /// The eyes with `attacker` (or the defender) to move.
    fn value(&mut self, state: u32, attacker: bool) -> u8 {
        if let Some(&v) = self.memo.get(&(state, attacker)) {
            return v;
        }
        let mut best: Option<u8> = None;
        let mut settled = u32::from(self.base);
        for k in 0..self.games.len() {
            let code = Self::code(state, k);
            if code >= 3 {
                settled += code - 3;
                continue;
            }
            let v = self.value(self.play(state, k, attacker), !attacker);
            best = Some(match best {
                None => v,
                Some(b) if attacker => b.min(v),
                Some(b) => b.max(v),
            });
        }
        let v = best.unwrap_or(settled.min(2) as u8);
        self.memo.insert((state, attacker), v);
        v
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
