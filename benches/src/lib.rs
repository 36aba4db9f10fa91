//! Shared drivers for the workspace's criterion benchmarks.

pub mod connect4;
