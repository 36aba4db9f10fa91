//! Go rules on bitboards (work in progress).
#![deny(missing_docs)]

/// A player colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Black, who moves first.
    Black,
    /// White.
    White,
}
