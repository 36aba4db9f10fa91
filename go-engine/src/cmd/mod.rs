//! One module per subcommand of the `go-engine` binary.
