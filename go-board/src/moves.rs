//! Moves: a stone played on a point, or a pass.

use core::fmt;

use crate::{BoardSize, ParsePointError, Point};

/// A move: a stone played on a point, or a pass. Resigning is not a move; it is an
/// answer of GTP's `genmove`.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Move};
/// let size = BoardSize::square(9)?;
/// assert_eq!(Move::parse_gtp("PASS", size)?, Move::Pass);
/// assert_eq!(Move::parse_gtp("e5", size)?.to_string(), "E5");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on this point.
    Play(Point),
    /// A pass.
    Pass,
}

impl Move {
    /// Parses a GTP move: a vertex such as `D4`, or `pass` (any case).
    ///
    /// # Errors
    ///
    /// [`ParsePointError`] if the text is neither `pass` nor a vertex of a board of `size`.
    pub fn parse_gtp(text: &str, size: BoardSize) -> Result<Move, ParsePointError> {
        if text.eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else {
            Point::parse_gtp(text, size).map(Move::Play)
        }
    }

    /// The point played, or `None` for a pass.
    pub const fn point(self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }
    }

    /// Whether this is a pass.
    pub const fn is_pass(self) -> bool {
        matches!(self, Move::Pass)
    }
}

impl From<Point> for Move {
    fn from(p: Point) -> Move {
        Move::Play(p)
    }
}

impl fmt::Display for Move {
    /// The GTP form: a vertex such as `D4`, or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(p) => p.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        let largest =
            BoardSize::square(u32::from(BoardSize::MAX)).map_err(serde::de::Error::custom)?;
        Move::parse_gtp(&s, largest).map_err(serde::de::Error::custom)
    }
}
