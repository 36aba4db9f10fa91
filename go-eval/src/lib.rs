#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod bouzy;
mod grid;
pub mod influence;

pub use bouzy::Bouzy;
pub use grid::{Grid, Ownership};
pub use influence::{Directional, DirectionalConfig, Influence, Zobrist};
pub mod groups;
pub mod links;
pub mod benson;
pub mod kosumi;
