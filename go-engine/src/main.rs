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
    /// Describe a game position: board, chains and liberties, captures, Tromp-Taylor
    /// count.
    Analyze(cmd::analyze::Args),
    /// Speak GTP version 2 on standard input and output (the player is, for now, a
    /// random player).
    Gtp(cmd::gtp::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Analyze(args) => cmd::analyze::run(args),
        Command::Gtp(args) => cmd::gtp::run(args),
    }
}
