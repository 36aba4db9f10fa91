//! Integration tests of go-cgt: the shared vectors, a naive reference
//! implementation with differential tests, properties, and regressions.

mod common;
mod fuzz;
mod naive;
mod properties;
mod regressions;
mod vectors;
