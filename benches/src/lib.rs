//! Shared drivers for the workspace's criterion benchmarks.
//!
//! Every board implementation is driven by the same light-playout protocol
//! ([`playout`]), so the figures are ratios of like with like; [`connect4`] is the
//! `minimax` crate's own example game, exposed to both search crates.
#![deny(missing_docs)]

pub mod connect4;
pub mod playout;
