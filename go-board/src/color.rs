//! Player colours and per-colour data.

use core::fmt;
use core::ops::{Index, IndexMut, Not};
use core::str::FromStr;

/// A player colour.
///
/// `!color` (or [`Color::opponent`]) gives the other colour.
///
/// # Examples
///
/// ```
/// use go_board::Color;
/// assert_eq!(!Color::Black, Color::White);
/// assert_eq!("w".parse::<Color>(), Ok(Color::White));
/// assert_eq!(Color::Black.to_string(), "black");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Color {
    /// Black, who moves first in an even game.
    Black,
    /// White.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `0` for Black, `1` for White: an index for per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `+1` for Black and `-1` for White, the sign convention of scores and maps.
    #[inline]
    pub const fn sign(self) -> i32 {
        match self {
            Color::Black => 1,
            Color::White => -1,
        }
    }

    /// The SGF property letter: `B` or `W`.
    pub const fn sgf_letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.opponent()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// The error of parsing a [`Color`] from text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseColorError(String);

impl fmt::Display for ParseColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid color {:?}: expected black, white, b or w", self.0)
    }
}

impl std::error::Error for ParseColorError {}

impl FromStr for Color {
    type Err = ParseColorError;

    /// Accepts `black`, `white`, `b`, `w` in any case (the GTP forms).
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Ok(Color::Black),
            "w" | "white" => Ok(Color::White),
            _ => Err(ParseColorError(s.to_owned())),
        }
    }
}

/// One value per colour, indexed by [`Color`]: the replacement for `(black, white)`
/// tuples and `[T; 2]` arrays.
///
/// Besides the fields and `Index<Color>`, it has the combinators that make per-colour
/// code read like the rules: [`map`](ByColor::map), [`zip`](ByColor::zip),
/// [`iter`](ByColor::iter) (colour and value), [`find`](ByColor::find),
/// [`any`](ByColor::any), [`all`](ByColor::all) and
/// [`into_swapped`](ByColor::into_swapped) (the colour swap).
///
/// # Examples
///
/// ```
/// use go_board::{ByColor, Color};
/// let mut captures = ByColor::new(0u32, 0u32);
/// captures[Color::White] += 3;
/// assert_eq!(captures.black, 0);
/// assert_eq!(captures[Color::White], 3);
///
/// let stones = ByColor::new_with(|c| if c == Color::Black { 10 } else { 12 });
/// let points = stones.zip(captures).map(|(s, c)| s + c);
/// assert_eq!(points, ByColor::new(10, 15));
/// assert_eq!(points.find(|&p| p > 12), Some(Color::White));
/// assert_eq!(points.into_swapped(), ByColor::new(15, 10));
/// let total: u32 = points.iter().map(|(_, &p)| p).sum();
/// assert_eq!(total, 25);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByColor<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> ByColor<T> {
    /// Builds the pair from Black's and White's values.
    pub const fn new(black: T, white: T) -> ByColor<T> {
        ByColor { black, white }
    }

    /// Builds the pair from a function of the colour, called for Black first.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        let black = f(Color::Black);
        ByColor { black, white: f(Color::White) }
    }

    /// The value of `color` (the same as `self[color]`).
    #[inline]
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The value of `color`, mutably (the same as `&mut self[color]`).
    #[inline]
    pub const fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }

    /// Applies `f` to both values, Black's first.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        let black = f(self.black);
        ByColor { black, white: f(self.white) }
    }

    /// Pairs the values of `self` and `other` colour by colour.
    pub fn zip<U>(self, other: ByColor<U>) -> ByColor<(T, U)> {
        ByColor { black: (self.black, other.black), white: (self.white, other.white) }
    }

    /// The pair of references.
    pub const fn as_ref(&self) -> ByColor<&T> {
        ByColor { black: &self.black, white: &self.white }
    }

    /// The pair of mutable references.
    pub const fn as_mut(&mut self) -> ByColor<&mut T> {
        ByColor { black: &mut self.black, white: &mut self.white }
    }

    /// The colours and their values, Black first.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Color, &T)> + DoubleEndedIterator {
        [(Color::Black, &self.black), (Color::White, &self.white)].into_iter()
    }

    /// The colours and their values, mutably, Black first.
    pub fn iter_mut(
        &mut self,
    ) -> impl ExactSizeIterator<Item = (Color, &mut T)> + DoubleEndedIterator {
        [(Color::Black, &mut self.black), (Color::White, &mut self.white)].into_iter()
    }

    /// The first colour (Black, then White) whose value satisfies `pred`.
    pub fn find(&self, mut pred: impl FnMut(&T) -> bool) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| pred(self.get(c)))
    }

    /// Whether the value of some colour satisfies `pred`.
    pub fn any(&self, mut pred: impl FnMut(&T) -> bool) -> bool {
        pred(&self.black) || pred(&self.white)
    }

    /// Whether the values of both colours satisfy `pred`.
    pub fn all(&self, mut pred: impl FnMut(&T) -> bool) -> bool {
        pred(&self.black) && pred(&self.white)
    }

    /// The pair with the colours exchanged: Black gets White's value and White gets
    /// Black's (the colour swap of a position's per-colour data).
    #[must_use]
    pub fn into_swapped(self) -> ByColor<T> {
        ByColor { black: self.white, white: self.black }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}

impl<T> IntoIterator for ByColor<T> {
    type Item = (Color, T);
    type IntoIter = core::array::IntoIter<(Color, T), 2>;

    /// The colours and their values, Black first.
    fn into_iter(self) -> Self::IntoIter {
        [(Color::Black, self.black), (Color::White, self.white)].into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_is_an_involution() {
        for c in Color::ALL {
            assert_eq!(!!c, c);
            assert_ne!(!c, c);
        }
    }

    #[test]
    fn by_color_combinators_follow_the_colours() {
        let mut pair = ByColor::new_with(|c| c.index() * 10 + 1);
        assert_eq!(pair, ByColor::new(1, 11));
        for c in Color::ALL {
            assert_eq!(pair.get(c), &pair[c]);
        }
        *pair.get_mut(Color::White) += 1;
        for (_, v) in pair.iter_mut() {
            *v *= 2;
        }
        assert_eq!(pair, ByColor::new(2, 24));
        let seen: Vec<(Color, u32)> = pair.iter().map(|(c, &v)| (c, v as u32)).collect();
        assert_eq!(seen, [(Color::Black, 2), (Color::White, 24)]);
        assert_eq!(pair.into_iter().map(|(c, _)| c).collect::<Vec<_>>(), Color::ALL);
        assert_eq!(pair.find(|&v| v > 100), None);
        assert_eq!(pair.find(|&v| v > 1), Some(Color::Black));
        assert!(pair.any(|&v| v == 24) && !pair.all(|&v| v == 24));
        assert!(pair.all(|&v| v % 2 == 0));
        // The swap exchanges values, so indexing by the opponent undoes it.
        let swapped = pair.into_swapped();
        for c in Color::ALL {
            assert_eq!(swapped[c], pair[!c]);
        }
        assert_eq!(swapped.into_swapped(), pair);
        assert_eq!(pair.zip(swapped), ByColor::new((2, 24), (24, 2)));
        assert_eq!(pair.as_ref().map(|v| *v + 1), ByColor::new(3, 25));
        let mut m = pair;
        *m.as_mut().white = 0;
        assert_eq!(m, ByColor::new(2, 0));
    }

    #[test]
    fn parse_accepts_gtp_forms_and_rejects_others() {
        assert_eq!("BLACK".parse::<Color>(), Ok(Color::Black));
        assert_eq!("W".parse::<Color>(), Ok(Color::White));
        assert!("red".parse::<Color>().is_err());
        assert!("".parse::<Color>().is_err());
    }
}
