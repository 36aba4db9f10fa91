//! `go-engine gtp`: a GTP session on standard input and output.

use std::io::{self, ErrorKind};
use std::process::ExitCode;

use std::path::PathBuf;

use go_board::Rules;
use go_engine::gtp::FileAccess;
use go_engine::{RandomPlayer, Session};

/// The options of `go-engine gtp` (its help text is the doc comment of `Command::Gtp`
/// in `main.rs`).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Seed of the random player, to replay a game exactly [default: from the clock;
    /// the seed used is printed on standard error].
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Rules preset: tromp-taylor, chinese, japanese, korean, aga, new-zealand or ing
    /// (GTP's `rules` command changes it later).
    #[arg(long, value_name = "NAME", default_value = "chinese", value_parser = parse_rules)]
    rules: Rules,
    /// Confine the file commands (loadsgf, printsgf FILE) to the folder DIR: names are
    /// relative to it, and none may lead out of it (`..`, absolute paths, symbolic
    /// links). For a bot whose controller is not trusted.
    #[arg(long, value_name = "DIR", conflicts_with = "no_files")]
    files: Option<PathBuf>,
    /// Refuse the file commands (loadsgf, printsgf FILE); printsgf without a file still
    /// answers the game.
    #[arg(long)]
    no_files: bool,
}

fn parse_rules(name: &str) -> Result<Rules, String> {
    name.parse().map_err(|e: go_board::ParseRulesError| e.to_string())
}

pub(crate) fn run(args: Args) -> ExitCode {
    let files = match (&args.files, args.no_files) {
        (_, true) => FileAccess::Denied,
        (Some(dir), false) => match FileAccess::within(dir) {
            Ok(files) => files,
            Err(e) => {
                eprintln!("go-engine gtp: --files {}: {e}", dir.display());
                return ExitCode::FAILURE;
            }
        },
        (None, false) => FileAccess::Any,
    };
    let seed = args.seed.unwrap_or_else(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        nanos ^ u64::from(std::process::id()).rotate_left(32)
    });
    eprintln!("go-engine: random player, seed {seed}");
    let mut session =
        Session::builder(RandomPlayer::new(seed)).rules(args.rules).files(files).build();
    match session.serve(io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        // The controller went away: nothing is left to answer.
        Err(e) if e.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("go-engine: {e}");
            ExitCode::FAILURE
        }
    }
}
