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
    /// count, the evaluation without reading (groups, links, territory map, score
    /// estimate with bounds), and every dragon's status by owl reading (critical ones
    /// with their attack and defence points); `--svg FILE` also draws it
    ///
    /// Without a file, the game embedded in the binary is analysed: a 19x19 game that
    /// GNU Go 3.8 played against itself (Chinese rules, komi 7.5, 259 moves), generated
    /// for this purpose.
    Analyze(cmd::analyze::Args),
    /// Evaluate combinatorial game expressions in CGSuite's notation: canonical forms,
    /// comparisons, thermographs, cooling and heating, atomic weights
    Cgt(cmd::cgt::CgtArgs),
    /// Speak GTP version 2 on standard input and output, playing with B* (or another
    /// search, `--player`) over the candidate moves
    ///
    /// The player searches the candidates of the strength models and reading's urgent
    /// moves with go-eval's bounded evaluator: `--player bstar|pbstar|alphabeta|mcts`,
    /// `--nodes N` per move, `--threads T`, `--time SECONDS` per move at most; the
    /// controller's time settings are followed. `--leaves read` reads life and death at
    /// the leaves of B*, PB* and alpha-beta, `--leaves playouts` values them by heavy
    /// playouts. `--player random` plays a uniformly
    /// random legal move that does not fill one of its own one-point eyes. Answers
    /// follow GNU Go 3.8's formats; the rules default to Chinese (area scoring,
    /// positional superko, no suicide, komi 7.5).
    Gtp(cmd::gtp::Args),
    /// Pattern files (go-patterns' Gopal language): `check` reports located errors,
    /// `match` lists the moves a file proposes in a game position
    #[command(subcommand)]
    Patterns(cmd::patterns::Args),
    /// Solve a life-and-death problem: the status of the group, every correct first
    /// move with its main line, and the nodes used
    ///
    /// The problem is an SGF file with the stones set up (AB, AW) and the side to play
    /// (PL, or the colour of the first move). The stones are framed (a wall with eyes
    /// around their bounding box, play inside it) and solved exactly with go-eval's
    /// df-pn solver; the goal (kill or live) comes from --goal, the root comment, or is
    /// found by the solver. Seki counts as life. Ko results follow GNU Go's codes: 1
    /// win, 2 ko taken first, 3 ko needing the first threat, 0 failure; the first
    /// moves of a ko come best ko first (a ko only the side to play can start, as a bent
    /// four in the corner, then by the ko threats each leaves the opponent, or needs,
    /// up to two), and the answer is the first of them. Exit code 2
    /// when the node limit (--nodes) cut a search: the answer printed is then the best
    /// proven so far.
    Solve(cmd::solve::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Analyze(args) => cmd::analyze::run(args),
        Command::Cgt(args) => cmd::cgt::run(&args),
        Command::Gtp(args) => cmd::gtp::run(args),
        Command::Patterns(args) => cmd::patterns::run(args),
        Command::Solve(args) => cmd::solve::run(args),
    }
}
