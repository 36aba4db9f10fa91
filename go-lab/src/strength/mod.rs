//! `go-lab strength`: the strength model of kosumi-ren (Abe and Kotani; issue 13):
//! `train` learns a [`go_eval::strength::model::StrengthModel`] from the training games,
//! `eval` measures the candidate generators on the test games by bands of 20 moves.
//! The split and the replay are in [`games`].

use std::process::ExitCode;

use go_engine::output::{CommandError, Stdout};

pub mod combine;
pub mod eval;
pub mod games;
pub mod train;

/// The options of `go-lab strength`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The strength subcommands.
#[derive(Clone, Debug, clap::Subcommand)]
pub enum Command {
    /// Learn a strength model from the training games and write it as JSON
    Train(train::TrainArgs),
    /// Learn the combination of the strength score with locality, height and liberty
    /// features (beyond the paper) and write it as JSON
    Combine(combine::CombineArgs),
    /// The top-10 hit rate of the candidate generators by bands of 20 moves (the
    /// paper's Tables 2 and 4), under the paper's protocol and on all positions
    Eval(eval::EvalArgs),
}

/// Runs a strength subcommand.
///
/// # Errors
///
/// As the subcommand's.
pub fn run(args: &Args, out: &mut Stdout) -> Result<ExitCode, CommandError> {
    match &args.command {
        Command::Train(a) => train::run(a, out),
        Command::Combine(a) => combine::run(a, out),
        Command::Eval(a) => eval::run(a, out),
    }
}
