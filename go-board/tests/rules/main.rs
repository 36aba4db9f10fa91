//! Conformance tests of go-board's rules: a naive reference implementation, a
//! differential test against it, named edge cases, properties, and perft vectors.

mod differential;
mod edge_cases;
mod perft;
mod properties;
mod reference;
mod scoring;
mod superko;
mod support;
