//! Candidate moves: what a move generator proposes, with why and how strongly.

use core::fmt;
use core::str::FromStr;
use std::sync::Arc;

use go_board::{Move, Position};

/// Why a generator proposes a move. Gopal's candidates carry an intent and a weight; the
/// intents are a closed vocabulary so that an engine can weigh them, and so that joseki
/// lines can mark moves that are recognised but never suggested.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Intent {
    /// A move of a known corner sequence.
    Joseki,
    /// A move that must be played now (a big point in danger, a forced reply).
    Urgent,
    /// A reply to a tenuki in a sequence: playing elsewhere was fine.
    TenukiOk,
    /// A trick play: recognised and answered, never suggested.
    Trick,
    /// A known bad move: recognised, never suggested.
    Antisuji,
    /// Attack an enemy chain or group.
    Attack,
    /// Defend one of our chains or groups.
    Defend,
    /// Connect our stones.
    Connect,
    /// Cut the opponent's stones.
    Cut,
    /// Secure territory.
    Territory,
    /// Build a framework (moyo).
    Moyo,
    /// Good shape.
    Shape,
    /// An opening move (fuseki).
    Opening,
    /// An endgame move (yose).
    Endgame,
}

impl Intent {
    /// Every intent, in declaration order.
    pub const ALL: [Intent; 14] = [
        Intent::Joseki,
        Intent::Urgent,
        Intent::TenukiOk,
        Intent::Trick,
        Intent::Antisuji,
        Intent::Attack,
        Intent::Defend,
        Intent::Connect,
        Intent::Cut,
        Intent::Territory,
        Intent::Moyo,
        Intent::Shape,
        Intent::Opening,
        Intent::Endgame,
    ];

    /// The intent's name in pattern files and GTP answers (`joseki`, `tenuki_ok`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Intent::Joseki => "joseki",
            Intent::Urgent => "urgent",
            Intent::TenukiOk => "tenuki_ok",
            Intent::Trick => "trick",
            Intent::Antisuji => "antisuji",
            Intent::Attack => "attack",
            Intent::Defend => "defend",
            Intent::Connect => "connect",
            Intent::Cut => "cut",
            Intent::Territory => "territory",
            Intent::Moyo => "moyo",
            Intent::Shape => "shape",
            Intent::Opening => "opening",
            Intent::Endgame => "endgame",
        }
    }

    /// Whether a move with this intent may be suggested (tricks and antisuji are only
    /// recognised).
    pub const fn is_suggested(self) -> bool {
        !matches!(self, Intent::Trick | Intent::Antisuji)
    }
}

impl fmt::Display for Intent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text was not the name of an [`Intent`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseIntentError {
    text: String,
}

impl fmt::Display for ParseIntentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Intent::ALL.iter().map(|i| i.name()).collect();
        write!(f, "unknown intent {:?} (expected one of {})", self.text, names.join(", "))
    }
}

impl std::error::Error for ParseIntentError {}

impl FromStr for Intent {
    type Err = ParseIntentError;

    /// Parses an intent's name (as [`Intent::name`] prints it).
    fn from_str(s: &str) -> Result<Intent, ParseIntentError> {
        Intent::ALL.into_iter().find(|i| i.name() == s).ok_or_else(|| {
            // Quote at most 40 characters of the input.
            ParseIntentError { text: s.chars().take(40).collect() }
        })
    }
}

/// Where a candidate comes from: the generator (`"patterns"`, `"joseki"`, `"strength"`,
/// `"reading"`, ...) and the item inside it that proposed the move (a pattern's name, a
/// joseki line, a kosumi-ren). Cheap to clone.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Source {
    /// The generator's name.
    pub generator: Arc<str>,
    /// What inside the generator proposed the move.
    pub item: Arc<str>,
}

impl Source {
    /// A source named by its generator and item.
    pub fn new(generator: impl Into<Arc<str>>, item: impl Into<Arc<str>>) -> Source {
        Source { generator: generator.into(), item: item.into() }
    }
}

impl fmt::Display for Source {
    /// `generator/item`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.generator, self.item)
    }
}

/// A proposed move with its intent, weight and source.
///
/// Weights are comparable within one generator (a pattern's weight, a learned gamma, a
/// strength score); an engine that merges generators normalises them itself.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Candidate {
    /// The proposed move (for the side to move).
    pub mv: Move,
    /// Why it is proposed.
    pub intent: Intent,
    /// How strongly: larger is better.
    pub weight: f64,
    /// Who proposed it.
    pub source: Source,
}

impl Candidate {
    /// A candidate.
    pub fn new(mv: Move, intent: Intent, weight: f64, source: Source) -> Candidate {
        Candidate { mv, intent, weight, source }
    }
}

/// Something that proposes candidate moves for the side to move of a position: a pattern
/// matcher, the live joseki trees, learned shape patterns, a strength model, a reader.
///
/// Generators append to `out` (so an engine can gather several generators into one
/// buffer) in any order, possibly with several candidates for one move; they never
/// propose an illegal move.
pub trait CandidateGenerator {
    /// The generator's name, as it appears in [`Source::generator`].
    fn name(&self) -> &str;

    /// Appends the candidates for the side to move in `position` to `out`.
    fn generate(&self, position: &Position, out: &mut Vec<Candidate>);
}

impl<G: CandidateGenerator + ?Sized> CandidateGenerator for &G {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn generate(&self, position: &Position, out: &mut Vec<Candidate>) {
        (**self).generate(position, out)
    }
}

impl<G: CandidateGenerator + ?Sized> CandidateGenerator for Box<G> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn generate(&self, position: &Position, out: &mut Vec<Candidate>) {
        (**self).generate(position, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intent_names_round_trip() {
        for i in Intent::ALL {
            assert_eq!(i.name().parse::<Intent>(), Ok(i));
            assert_eq!(i.to_string(), i.name());
        }
        let err = "jos3ki".parse::<Intent>().unwrap_err();
        assert!(err.to_string().contains("\"jos3ki\""), "{err}");
    }

    #[test]
    fn parse_error_quotes_at_most_forty_characters() {
        let long = "x".repeat(10_000);
        let err = long.parse::<Intent>().unwrap_err().to_string();
        assert!(err.len() < 400, "{}", err.len());
    }

    #[test]
    fn tricks_are_not_suggested() {
        assert!(!Intent::Trick.is_suggested());
        assert!(!Intent::Antisuji.is_suggested());
        assert!(Intent::Joseki.is_suggested());
    }
}
