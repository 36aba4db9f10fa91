#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod ast;
mod candidate;
mod check;
mod compile;
mod diagnostic;
mod eval;
mod generator;
mod hir;
pub mod joseki_sgf;
pub mod learned;
pub mod library;
mod matcher;
mod naive;
mod oracle;
mod parse;
mod print;
mod sequence;
mod tracker;

pub use candidate::{Candidate, CandidateGenerator, Intent, ParseIntentError, Source};
pub use compile::{Match, PatternId, PatternKind, PatternSet, PatternView, Scanner};
pub use diagnostic::{Diagnostic, Error, Limits, Severity, Span};
pub use eval::{MatchInput, Placement};
pub use generator::{PatternGenerator, select};
pub use learned::LearnedPatterns;
pub use matcher::MatchState;
pub use naive::naive_matches;
pub use oracle::{BoardOnly, BoardOracle};
pub use parse::{parse, parse_with};
pub use print::print;
pub use tracker::{JosekiTracker, TrackerStats, Tree};
