//! One module per subcommand of the `go-engine` binary.

pub(crate) mod search_bench;
