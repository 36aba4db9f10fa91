//! The `go-engine` command line.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cmd;

/// A Go engine and analysis toolkit.
#[derive(Debug, Parser)]
#[command(name = "go-engine", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands, one module each under `cmd/`.
#[derive(Debug, Subcommand)]
enum Command {
    /// Compare the go-search algorithms on seeded synthetic trees.
    SearchBench(cmd::search_bench::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::SearchBench(args) => cmd::search_bench::run(&args),
    }
}
