#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod analysis;
pub mod gtp;
pub mod output;
pub mod player;
pub mod record;
mod render;
pub mod strength;
pub mod svg;

pub use analysis::Analysis;
pub use gtp::{Response, Session};
pub use player::{Clock, Decision, Player, RandomPlayer};
