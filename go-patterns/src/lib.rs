#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod candidate;

pub use candidate::{Candidate, CandidateGenerator, Intent, ParseIntentError, Source};
