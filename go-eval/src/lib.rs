#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod benson;
pub mod bouzy;
pub mod evaluate;
mod grid;
pub mod groups;
pub mod influence;
pub mod kosumi;
pub mod links;
pub mod reading;
pub mod score;
pub mod search;
pub mod strength;

pub use bouzy::Bouzy;
pub use evaluate::{Evaluation, PositionEvaluator};
pub use grid::{Grid, Ownership};
pub use influence::{Directional, DirectionalConfig, Influence, Zobrist};
pub use score::{Count, ScoreEstimate, dead_stones};
