//! Shared drivers for the workspace's criterion benchmarks.
//!
//! Every board implementation is driven by the same light-playout protocol
//! ([`playout`]), so the figures are ratios of like with like.
#![deny(missing_docs)]

pub mod playout;
