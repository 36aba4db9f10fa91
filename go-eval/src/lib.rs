#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod benson;
pub mod bouzy;
pub mod evaluate;
pub mod groups;
pub mod influence;
pub mod kosumi;
pub mod links;
pub mod ownership;
mod padded;
pub mod reading;
pub mod score;
pub mod search;
pub mod strength;
pub mod unconditional;

pub use bouzy::Bouzy;
pub use evaluate::{Evaluation, PositionEvaluator};
pub use influence::{Directional, DirectionalConfig, Influence, ZobristPotential};
pub use ownership::Ownership;
pub use score::{ReadStatus, ScoreEstimate};
