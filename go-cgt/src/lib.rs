#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod atomic;
mod birthday;
mod closed_forms;
mod conditional;
mod context;
mod dyadic;
mod error;
mod hash;
mod lazy_sum;
mod limits;
mod norton;
mod notation;
mod printer;
mod reduced;
#[cfg(test)]
mod testgen;
mod thermal;
mod thermograph;

pub use conditional::{Atom, Condition, ConditionalGame, Guard, Local, PositionId};
pub use context::{Context, DEFAULT_DEPTH_LIMIT, GameId, Nus, Outcome, Relation};
pub use dyadic::{Dyadic, MAX_EXPONENT};
pub use error::{Error, Result};
pub use lazy_sum::LazySum;
pub use limits::{DEFAULT_GAMES, DEFAULT_MEMORY, DEFAULT_OUTPUT, Limit, Limits};
pub use notation::{FUNCTIONS, Function, MAX_NESTING, ParseError, Value};
pub use printer::GameDisplay;
pub use thermograph::{Thermograph, Trajectory};
