//! The life-and-death status of a chain or group: the shared vocabulary of
//! evaluation, reading and patterns.

use core::fmt;
use core::str::FromStr;

use crate::{BoardSize, Point};

/// The life-and-death status of a chain or a group, as reading or evaluation concludes.
///
/// `Critical` is the seed paper's NEUTRAL: the side to move decides, and the status
/// names the two vital moves. `Display` and `FromStr` use GNU Go's words (`alive`,
/// `dead`, `critical`, `seki`, `unknown`); a critical status is written as GNU Go's
/// `dragon_status` answers it, with the attack and the defence point:
/// `critical D4 E5`.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Point, Status};
/// let size = BoardSize::square(9)?;
/// let status = Status::Critical {
///     attack: Point::parse_gtp("D4", size)?,
///     defend: Point::parse_gtp("E5", size)?,
/// };
/// assert_eq!(status.to_string(), "critical D4 E5");
/// assert_eq!("critical D4 E5".parse::<Status>()?, status);
/// assert_eq!("seki".parse::<Status>()?, Status::Seki);
/// assert!("critical".parse::<Status>().is_err()); // the points are part of it
/// assert!(Status::Alive.is_settled() && !status.is_settled());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum Status {
    /// Alive whoever moves first.
    Alive,
    /// Dead whoever moves first.
    Dead,
    /// Alive if its owner moves first, dead if the opponent does (the seed's NEUTRAL).
    Critical {
        /// The opponent's killing move.
        attack: Point,
        /// The owner's saving move.
        defend: Point,
    },
    /// Alive in seki: neither side can capture, and neither owns the shared liberties.
    Seki,
    /// Not known (reading gave up, or the question was not asked).
    Unknown,
}

impl Status {
    /// GNU Go's word for the status, without the points of a critical status:
    /// `alive`, `dead`, `critical`, `seki` or `unknown`.
    pub const fn word(self) -> &'static str {
        match self {
            Status::Alive => "alive",
            Status::Dead => "dead",
            Status::Critical { .. } => "critical",
            Status::Seki => "seki",
            Status::Unknown => "unknown",
        }
    }

    /// Whether the status does not depend on who moves next: alive, dead or seki.
    pub const fn is_settled(self) -> bool {
        matches!(self, Status::Alive | Status::Dead | Status::Seki)
    }
}

impl fmt::Display for Status {
    /// The word, and for a critical status the attack and the defence point as GTP
    /// vertices: `critical D4 E5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Critical { attack, defend } => write!(f, "critical {attack} {defend}"),
            other => f.write_str(other.word()),
        }
    }
}

/// Why a [`Status`] could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseStatusError {
    text: String,
    reason: &'static str,
}

impl fmt::Display for ParseStatusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid status {:?}: {}", self.text, self.reason)
    }
}

impl std::error::Error for ParseStatusError {}

impl FromStr for Status {
    type Err = ParseStatusError;

    /// Reads the form [`Display`](fmt::Display) writes: `alive`, `dead`, `seki`,
    /// `unknown`, or `critical` followed by the attack and the defence vertex, separated
    /// by whitespace; words in any case. Vertices are read on the largest board.
    fn from_str(text: &str) -> Result<Status, ParseStatusError> {
        // Quote at most a line's worth of the input (Debug escapes control characters).
        let quoted: String = text.chars().take(40).collect();
        let err = |reason| ParseStatusError { text: quoted.clone(), reason };
        let mut words = text.split_whitespace();
        let word = words.next().ok_or_else(|| err("empty"))?.to_ascii_lowercase();
        let status = match word.as_str() {
            "alive" => Status::Alive,
            "dead" => Status::Dead,
            "seki" => Status::Seki,
            "unknown" => Status::Unknown,
            "critical" => {
                let largest = BoardSize::new(BoardSize::MAX.into(), BoardSize::MAX.into())
                    .expect("the largest size is valid");
                let mut point = || {
                    let vertex = words.next().ok_or_else(|| {
                        err("a critical status names the attack and defence points")
                    })?;
                    Point::parse_gtp(vertex, largest)
                        .map_err(|_| err("the attack and defence points must be vertices"))
                };
                Status::Critical { attack: point()?, defend: point()? }
            }
            _ => return Err(err("expected alive, dead, critical, seki or unknown")),
        };
        match words.next() {
            Some(_) => Err(err("unexpected text after the status")),
            None => Ok(status),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> Vec<Status> {
        let size = BoardSize::square(19).unwrap();
        let critical = Status::Critical {
            attack: Point::parse_gtp("T19", size).unwrap(),
            defend: Point::parse_gtp("A1", size).unwrap(),
        };
        vec![Status::Alive, Status::Dead, critical, Status::Seki, Status::Unknown]
    }

    #[test]
    fn words_are_gnu_gos_and_round_trip() {
        let words: Vec<&str> = all().iter().map(|s| s.word()).collect();
        assert_eq!(words, ["alive", "dead", "critical", "seki", "unknown"]);
        for status in all() {
            assert_eq!(status.to_string().parse::<Status>(), Ok(status));
        }
        assert_eq!(all()[2].to_string(), "critical T19 A1");
        assert_eq!("  ALIVE ".parse::<Status>(), Ok(Status::Alive));
        assert_eq!("Critical\tt19  a1".parse::<Status>(), Ok(all()[2]));
    }

    #[test]
    fn bad_text_is_refused_with_a_reason() {
        for (bad, reason) in [
            ("", "empty"),
            ("living", "expected alive"),
            ("critical D4", "names the attack and defence"),
            ("critical D4 pass", "must be vertices"),
            ("alive D4", "unexpected text"),
            ("critical D4 E5 F6", "unexpected text"),
            ("x\r\ny", "\"x\\r\\ny\""),
        ] {
            let e = bad.parse::<Status>().unwrap_err();
            assert!(e.to_string().contains(reason), "{bad:?}: {e}");
        }
        // Long input is not quoted whole.
        let long = "z".repeat(100_000);
        assert!(long.parse::<Status>().unwrap_err().to_string().len() < 200);
    }

    #[test]
    fn settled_statuses() {
        let settled: Vec<bool> = all().iter().map(|s| s.is_settled()).collect();
        assert_eq!(settled, [true, true, false, true, false]);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_uses_the_words() {
        let json: Vec<String> = all().iter().map(|s| serde_json::to_string(s).unwrap()).collect();
        assert_eq!(
            json,
            [
                "\"alive\"",
                "\"dead\"",
                "{\"critical\":{\"attack\":\"T19\",\"defend\":\"A1\"}}",
                "\"seki\"",
                "\"unknown\""
            ]
        );
        for (status, text) in all().into_iter().zip(&json) {
            assert_eq!(serde_json::from_str::<Status>(text).unwrap(), status);
        }
    }
}
