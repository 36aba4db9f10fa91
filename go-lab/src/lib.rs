#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod batch;
pub mod eval_bench;
pub mod eval_bench_diagnose;
pub mod gtp;
pub mod joseki;
pub mod ownership;
pub mod patterns;
pub mod report;
pub mod search_bench;
pub mod strength;
pub mod tsumego;
