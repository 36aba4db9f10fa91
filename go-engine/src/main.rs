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
    /// Evaluate a combinatorial game expression (see `go-engine cgt --help`).
    Cgt(cmd::cgt::CgtArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Cgt(args) => cmd::cgt::run(&args),
    }
}
