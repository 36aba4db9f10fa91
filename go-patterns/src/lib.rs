#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod candidate;
pub mod learned;

pub use candidate::{Candidate, CandidateGenerator, Intent, ParseIntentError, Source};
pub use learned::LearnedPatterns;
