#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod ast;
mod candidate;
mod check;
mod diagnostic;
mod hir;
mod parse;
mod print;

pub use candidate::{Candidate, CandidateGenerator, Intent, ParseIntentError, Source};
pub use diagnostic::{Diagnostic, Error, Limits, Severity, Span};
pub use parse::{parse, parse_with};
pub use print::print;
