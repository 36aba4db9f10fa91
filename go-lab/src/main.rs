//! The `go-lab` command line: experiments on the go-* crates.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

use go_lab::{eval_bench, joseki, patterns, report, search_bench, strength, tsumego};

/// Experiments on the go-* crates. Every experiment takes --jobs N, --shard I/N and
/// --json (one record per line); `go-lab report` summarises records merged with `cat`.
#[derive(Debug, Parser)]
#[command(name = "go-lab", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The experiments, one module each in the library.
#[derive(Debug, Subcommand)]
enum Command {
    /// The ownership benchmark: every static evaluator against the final ownership of
    /// labelled games, after 25, 50, 75 and 90 % of their moves
    ///
    /// For each evaluator and fraction: per-point accuracy (undecided counts as wrong),
    /// coverage, precision, score error (MAE, in points, against the recorded result),
    /// winner accuracy, and how often the result lies within the evaluator's bounds,
    /// with their mean width. A record per game with --json.
    EvalBench(eval_bench::Args),
    /// Compare the go-search algorithms on seeded synthetic trees
    ///
    /// Node counts (median, mean and a bootstrap interval of the mean), expansions per
    /// second, the share solved within the budget and the agreement with plain
    /// minimax, per tree class. A record per tree with --json.
    SearchBench(search_bench::Args),
    /// Life-and-death problems: go-eval's exact solver (or a GTP engine) against the
    /// book's first moves
    ///
    /// Frames each problem, finds the goal of the side to play, solves it within a node
    /// budget and compares the first move with the book's: solved, wrong or unsolved,
    /// by collection, every solved answer re-verified by a second search without move
    /// ordering. `--gtp "/usr/games/gnugo --mode gtp"` asks GNU Go instead
    /// (`restricted_genmove` over the bounding box of the stones grown by one line). A
    /// record per problem with --json.
    Tsumego(tsumego::Args),
    /// The strength model of kosumi-ren: train it, and measure its candidate moves
    /// against the paper's Tables 2 to 4 and the locality baseline
    Strength(strength::Args),
    /// Mine corner sequences (joseki) from the training part of a folder of games into
    /// a Gopal pattern file, and measure on the held-out part how many corner moves of
    /// the opening a live tree proposed
    JosekiMine(joseki::Args),
    /// Summarise the JSON records of one or more runs (shards merged with `cat`).
    Report(report::Args),
    /// Learned shape patterns: learn them from games, measure their move prediction
    #[command(subcommand)]
    Patterns(patterns::Command),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::EvalBench(args) => {
            go_engine::output::run("go-lab eval-bench", |out| eval_bench::run(&args, out))
        }
        Command::SearchBench(args) => {
            go_engine::output::run("go-lab search-bench", |out| search_bench::run(&args, out))
        }
        Command::Tsumego(args) => {
            go_engine::output::run("go-lab tsumego", |out| tsumego::run(&args, out))
        }
        Command::Strength(args) => {
            go_engine::output::run("go-lab strength", |out| strength::run(&args, out))
        }
        Command::JosekiMine(args) => {
            go_engine::output::run("go-lab joseki-mine", |out| joseki::run(&args, out))
        }
        Command::Report(args) => {
            go_engine::output::run("go-lab report", |out| report::run(&args, out))
        }
        Command::Patterns(patterns::Command::Learn(args)) => {
            go_engine::output::run("go-lab patterns learn", |out| patterns::learn::run(&args, out))
        }
        Command::Patterns(patterns::Command::Predict(args)) => {
            go_engine::output::run("go-lab patterns predict", |out| {
                patterns::predict::run(&args, out)
            })
        }
    }
}
