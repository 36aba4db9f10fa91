//! One module per subcommand of the `go-engine` binary.

pub(crate) mod analyze;
pub(crate) mod cgt;
pub(crate) mod gtp;
pub(crate) mod patterns;
pub(crate) mod solve;
