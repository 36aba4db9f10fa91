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
    /// count, and the evaluation without reading (groups, links, territory map, score
    /// estimate with bounds); `--svg FILE` also draws it
    ///
    /// Without a file, the game embedded in the binary is analysed: a 19x19 game that
    /// GNU Go 3.8 played against itself (Chinese rules, komi 7.5, 259 moves), generated
    /// for this purpose.
    Analyze(cmd::analyze::Args),
    /// Evaluate combinatorial game expressions in CGSuite's notation: canonical forms,
    /// comparisons, thermographs, cooling and heating, atomic weights
    Cgt(cmd::cgt::CgtArgs),
    /// Speak GTP version 2 on standard input and output (the player is, for now, a
    /// random player)
    ///
    /// The random player plays a uniformly random legal move that does not fill one of
    /// its own one-point eyes, and passes when there is none. Answers follow GNU Go
    /// 3.8's formats; the rules default to Chinese (area scoring, positional superko,
    /// no suicide, komi 7.5).
    Gtp(cmd::gtp::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Analyze(args) => cmd::analyze::run(args),
        Command::Cgt(args) => cmd::cgt::run(&args),
        Command::Gtp(args) => cmd::gtp::run(args),
    }
}
