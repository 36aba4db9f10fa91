//! Rule sets: ko, suicide, scoring, komi and handicap compensation.

use core::fmt;
use core::str::FromStr;

/// Komi, the points White receives, counted in half-points so that it is exact.
///
/// # Examples
///
/// ```
/// use go_board::Komi;
/// let komi: Komi = "7.5".parse()?;
/// assert_eq!(komi.half_points(), 15);
/// assert_eq!(komi.to_string(), "7.5");
/// assert_eq!(Komi::from_half_points(-1).to_string(), "-0.5");
/// assert!("6.25".parse::<Komi>().is_err());
/// # Ok::<_, go_board::ParseKomiError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Komi(i32);

impl Komi {
    /// Komi of `half_points` half-points (15 is 7.5 points).
    pub const fn from_half_points(half_points: i32) -> Komi {
        Komi(half_points)
    }

    /// Komi of a whole number of points.
    pub const fn from_points(points: i32) -> Komi {
        Komi(points * 2)
    }

    /// The komi in half-points.
    pub const fn half_points(self) -> i32 {
        self.0
    }

    /// The komi as a floating-point number of points (exact).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_half_points(self.0, f)
    }
}

/// Writes a number of half-points as a decimal: `7.5`, `-0.5`, `6`.
pub(crate) fn fmt_half_points(half: i32, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let sign = if half < 0 { "-" } else { "" };
    let abs = half.unsigned_abs();
    if abs.is_multiple_of(2) {
        write!(f, "{sign}{}", abs / 2)
    } else {
        write!(f, "{sign}{}.5", abs / 2)
    }
}

/// Why a komi could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseKomiError(String);

impl fmt::Display for ParseKomiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid komi {:?}: expected a multiple of 0.5 such as 6.5 or 7", self.0)
    }
}

impl std::error::Error for ParseKomiError {}

impl FromStr for Komi {
    type Err = ParseKomiError;

    /// Parses a decimal that is a multiple of one half: `7.5`, `-3`, `+6.50`, `0`.
    fn from_str(s: &str) -> Result<Komi, ParseKomiError> {
        let err = || ParseKomiError(s.to_owned());
        let t = s.trim();
        let (negative, digits) = match t.as_bytes().first() {
            Some(b'-') => (true, &t[1..]),
            Some(b'+') => (false, &t[1..]),
            _ => (false, t),
        };
        let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
        if int.is_empty() && frac.is_empty() {
            return Err(err());
        }
        if !int.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let whole: i32 = if int.is_empty() {
            0
        } else if int.len() > 6 {
            return Err(err());
        } else {
            int.parse().map_err(|_| err())?
        };
        let frac = frac.trim_end_matches('0');
        let half = match frac {
            "" => 0,
            "5" => 1,
            _ => return Err(err()),
        };
        let value = whole * 2 + half;
        Ok(Komi(if negative { -value } else { value }))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Komi {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.as_f64())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Komi {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Komi, D::Error> {
        let v = f64::deserialize(d)?;
        let half = v * 2.0;
        if half.fract() != 0.0 || half.abs() > 2e6 {
            return Err(serde::de::Error::custom(format!("komi {v} is not a multiple of 0.5")));
        }
        Ok(Komi(half as i32))
    }
}

/// Which repetitions the ko rule forbids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum KoRule {
    /// Only the immediate recapture of a single stone in a ko is forbidden.
    Simple,
    /// No move may recreate an earlier board colouring.
    PositionalSuperko,
    /// No move may recreate an earlier board colouring with the same player to move.
    SituationalSuperko,
}

/// How the game is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Scoring {
    /// Stones on the board plus empty points surrounded by one colour (Chinese,
    /// Tromp-Taylor, AGA, New Zealand, Ing).
    Area,
    /// Empty points surrounded by one colour plus prisoners; points in seki count for
    /// nobody (Japanese, Korean).
    Territory,
}

/// The points White receives for Black's handicap stones under area scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum HandicapCompensation {
    /// None (Tromp-Taylor, New Zealand, and every territory rule set).
    None,
    /// One point per handicap stone (Chinese, Ing).
    N,
    /// One point per handicap stone after the first (AGA).
    NMinusOne,
}

impl HandicapCompensation {
    /// The points White receives for `stones` handicap stones.
    pub fn points(self, stones: u32) -> u32 {
        match self {
            HandicapCompensation::None => 0,
            HandicapCompensation::N => stones,
            HandicapCompensation::NMinusOne => stones.saturating_sub(1),
        }
    }
}

/// A rule set, as plain data. The presets name the common rule sets; any combination
/// of fields is a valid custom rule set.
///
/// Single-stone suicide is never legal: it would only recreate the position.
///
/// # Examples
///
/// ```
/// use go_board::{KoRule, Rules, Scoring};
/// let rules: Rules = "japanese".parse()?;
/// assert_eq!(rules.ko, KoRule::Simple);
/// assert_eq!(rules.scoring, Scoring::Territory);
/// assert_eq!(rules.komi.to_string(), "6.5");
/// let custom = Rules { suicide: true, ..Rules::chinese() };
/// assert_ne!(custom, Rules::chinese());
/// # Ok::<_, go_board::ParseRulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// The ko rule.
    pub ko: KoRule,
    /// Whether a move may remove its own chain of two or more stones.
    pub suicide: bool,
    /// How the game is counted.
    pub scoring: Scoring,
    /// Komi.
    pub komi: Komi,
    /// White's compensation for handicap stones.
    pub handicap_compensation: HandicapCompensation,
}

impl Default for Rules {
    /// Chinese rules.
    fn default() -> Rules {
        Rules::chinese()
    }
}

/// The names of the presets, as [`Rules::from_str`] accepts them.
pub const PRESET_NAMES: [&str; 7] =
    ["tromp-taylor", "chinese", "japanese", "korean", "aga", "new-zealand", "ing"];

impl Rules {
    /// Tromp-Taylor: positional superko, suicide allowed, area scoring, komi 7.5, no
    /// handicap compensation.
    pub const fn tromp_taylor() -> Rules {
        Rules {
            ko: KoRule::PositionalSuperko,
            suicide: true,
            scoring: Scoring::Area,
            komi: Komi(15),
            handicap_compensation: HandicapCompensation::None,
        }
    }

    /// Chinese: positional superko, no suicide, area scoring, komi 7.5, White receives a
    /// point per handicap stone.
    pub const fn chinese() -> Rules {
        Rules {
            ko: KoRule::PositionalSuperko,
            suicide: false,
            scoring: Scoring::Area,
            komi: Komi(15),
            handicap_compensation: HandicapCompensation::N,
        }
    }

    /// Japanese (1989): simple ko, no suicide, territory scoring, komi 6.5.
    pub const fn japanese() -> Rules {
        Rules {
            ko: KoRule::Simple,
            suicide: false,
            scoring: Scoring::Territory,
            komi: Komi(13),
            handicap_compensation: HandicapCompensation::None,
        }
    }

    /// Korean: as Japanese (simple ko, no suicide, territory scoring, komi 6.5).
    pub const fn korean() -> Rules {
        Rules::japanese()
    }

    /// AGA: situational superko, no suicide, area scoring, komi 7.5, White receives a
    /// point per handicap stone after the first.
    pub const fn aga() -> Rules {
        Rules {
            ko: KoRule::SituationalSuperko,
            suicide: false,
            scoring: Scoring::Area,
            komi: Komi(15),
            handicap_compensation: HandicapCompensation::NMinusOne,
        }
    }

    /// New Zealand: situational superko, suicide allowed, area scoring, komi 7, no
    /// handicap compensation.
    pub const fn new_zealand() -> Rules {
        Rules {
            ko: KoRule::SituationalSuperko,
            suicide: true,
            scoring: Scoring::Area,
            komi: Komi(14),
            handicap_compensation: HandicapCompensation::None,
        }
    }

    /// Ing-like: positional superko (standing in for Ing's own ko rules), suicide
    /// allowed, area scoring, komi 7.5 (Ing's 8 with Black winning ties), White receives
    /// a point per handicap stone.
    pub const fn ing() -> Rules {
        Rules {
            ko: KoRule::PositionalSuperko,
            suicide: true,
            scoring: Scoring::Area,
            komi: Komi(15),
            handicap_compensation: HandicapCompensation::N,
        }
    }

    /// The preset with this name, if the rules are exactly a preset (Korean is reported
    /// as Japanese, which it equals).
    pub fn preset_name(&self) -> Option<&'static str> {
        PRESET_NAMES.into_iter().find(|name| name.parse::<Rules>().as_ref() == Ok(self))
    }

    /// The same rules with another komi.
    pub const fn with_komi(self, komi: Komi) -> Rules {
        Rules { komi, ..self }
    }
}

/// Why a rule-set name was not recognised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRulesError(String);

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown rules {:?}: expected one of {}", self.0, PRESET_NAMES.join(", "))
    }
}

impl std::error::Error for ParseRulesError {}

impl FromStr for Rules {
    type Err = ParseRulesError;

    /// A preset by name, case-insensitive, with the SGF `RU` spellings too: `tromp-taylor`
    /// (`tt`), `chinese` (`cn`), `japanese` (`jp`), `korean` (`ko`), `aga`,
    /// `new-zealand` (`nz`), `ing` (`goe`).
    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        let key: String = s
            .trim()
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .collect::<String>()
            .to_ascii_lowercase();
        Ok(match key.as_str() {
            "tromptaylor" | "tt" => Rules::tromp_taylor(),
            "chinese" | "cn" => Rules::chinese(),
            "japanese" | "jp" => Rules::japanese(),
            "korean" | "ko" => Rules::korean(),
            "aga" => Rules::aga(),
            "newzealand" | "nz" => Rules::new_zealand(),
            "ing" | "goe" => Rules::ing(),
            _ => return Err(ParseRulesError(s.to_owned())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_parsing() {
        for (text, half) in [
            ("7.5", 15),
            ("0", 0),
            ("-0.5", -1),
            ("+6.50", 13),
            ("7.", 14),
            (".5", 1),
            ("-12", -24),
        ] {
            assert_eq!(text.parse::<Komi>().map(Komi::half_points), Ok(half), "{text}");
        }
        for bad in ["", "-", ".", "7.25", "abc", "1e3", "7,5", "--1", "9999999"] {
            assert!(bad.parse::<Komi>().is_err(), "{bad}");
        }
    }

    #[test]
    fn komi_display_round_trips() {
        for half in -41..=41 {
            let k = Komi::from_half_points(half);
            assert_eq!(k.to_string().parse::<Komi>(), Ok(k));
        }
    }

    #[test]
    fn presets_parse_by_name() {
        for name in PRESET_NAMES {
            let rules: Rules = name.parse().unwrap();
            assert!(rules.preset_name().is_some());
        }
        assert_eq!("Tromp-Taylor".parse::<Rules>(), Ok(Rules::tromp_taylor()));
        assert_eq!("GOE".parse::<Rules>(), Ok(Rules::ing()));
        assert!("chess".parse::<Rules>().is_err());
        assert_eq!(Rules::chinese().preset_name(), Some("chinese"));
        assert_eq!(Rules { komi: Komi::from_points(3), ..Rules::chinese() }.preset_name(), None);
    }

    #[test]
    fn handicap_compensation() {
        assert_eq!(HandicapCompensation::N.points(4), 4);
        assert_eq!(HandicapCompensation::NMinusOne.points(4), 3);
        assert_eq!(HandicapCompensation::NMinusOne.points(0), 0);
        assert_eq!(HandicapCompensation::None.points(9), 0);
    }
}
