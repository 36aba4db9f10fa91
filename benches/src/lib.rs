//! Shared drivers for the workspace's criterion benchmarks.
