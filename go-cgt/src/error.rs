//! The error type of the value algebra.

use crate::limits::Limit;
use core::fmt;

/// Why an operation on games could not give an exact answer.
///
/// Every operation either returns the exact value or one of these; none of them
/// returns an approximation.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A dyadic number left the exactly representable range (numerators of 63 bits,
    /// denominators up to 2^62).
    Overflow,
    /// The operands are nested more deeply than the context's depth limit allows
    /// (see [`Context::set_depth_limit`](crate::Context::set_depth_limit)).
    TooDeep {
        /// The nesting depth the operation would need.
        depth: u32,
        /// The context's limit.
        limit: u32,
    },
    /// An argument that must be a number is not (for example the temperature of `cool`).
    NotANumber,
    /// The cooling temperature is at most −1 (cooling is defined for t > −1).
    CoolingBelowMinusOne,
    /// The game has no atomic weight.
    NotAtomic,
    /// An argument is outside the domain of the operation; the text says which.
    InvalidArgument(&'static str),
    /// A resource limit of the context was reached (see [`Limits`](crate::Limits)).
    LimitExceeded(Limit),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Overflow => f.write_str(
                "number out of the exact range (63-bit numerator, denominator up to 2^62)",
            ),
            Error::TooDeep { depth, limit } => {
                write!(f, "game nesting depth {depth} exceeds the limit {limit}")
            }
            Error::NotANumber => f.write_str("argument must be a number"),
            Error::CoolingBelowMinusOne => f.write_str("cooling is defined only for t > -1"),
            Error::NotAtomic => f.write_str("not atomic"),
            Error::InvalidArgument(what) => write!(f, "invalid argument: {what}"),
            Error::LimitExceeded(limit) => write!(f, "stopped: {limit}"),
        }
    }
}

impl core::error::Error for Error {}

/// Shorthand for results of the value algebra.
pub type Result<T, E = Error> = core::result::Result<T, E>;
