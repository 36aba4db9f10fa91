//! `go-engine gtp`: a GTP session on standard input and output.

use std::io::{self, ErrorKind};
use std::process::ExitCode;
use std::time::Duration;

use std::path::PathBuf;

use go_board::Rules;
use go_engine::Session;
use go_engine::gtp::{FileAccess, play_commands};
use go_engine::player::{Algorithm, LeafKind, PlayerConfig, RolloutKind, SearchPlayer, Widening};

/// The options of `go-engine gtp` (its help text is the doc comment of `Command::Gtp`
/// in `main.rs`).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The player: bstar, pbstar, alphabeta, mcts or random.
    #[arg(long, value_name = "NAME", default_value = "bstar", value_parser = parse_player)]
    player: Algorithm,
    /// What MCTS values its leaves with: playout (heavy playouts, RAVE, priors, tree
    /// reuse), light (random playouts, same search) or eval (go-eval's evaluation).
    #[arg(long, value_name = "KIND", default_value = "playout", value_parser = parse_rollout)]
    rollout: RolloutKind,
    /// What B*, PB* and alpha-beta value their leaves with: static (go-eval's
    /// evaluation), read[=N] (the same with life and death read by owl, N nodes per
    /// question, at the root and after each root move) or playouts[=N] (N heavy
    /// playouts per leaf, their confidence interval as the bounds).
    #[arg(long, value_name = "KIND", default_value = "static", value_parser = parse_leaves)]
    leaves: LeafKind,
    /// Progressive widening of MCTS with playouts: auto (the first 10 moves by prior,
    /// one more each time a node's visits grow by 30 %, on boards bigger than 13×13),
    /// off, or INITIAL,GROWTH on every board.
    #[arg(long, value_name = "W", default_value = "auto", value_parser = parse_widening)]
    widening: Widening,
    /// Search nodes per move (MCTS: playouts).
    #[arg(long, value_name = "N", default_value_t = 4000)]
    nodes: u64,
    /// Threads (alpha-beta and MCTS; B* and PB* search on one).
    #[arg(long, value_name = "T", default_value_t = 1)]
    threads: usize,
    /// Seconds per move at most, also when the controller sets no time (decimals
    /// allowed) [default: the node budget and the controller's clock only].
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    time: Option<Duration>,
    /// Resign when the search says the game is lost by more than this many points
    /// (MCTS: a win rate below 3%); `never` never resigns.
    #[arg(long, value_name = "POINTS", default_value = "40", value_parser = parse_resign)]
    resign: Resign,
    /// Append one JSON line per move to FILE: the decision, the time allotted and
    /// used, and the search (rule, root candidates with bounds, nodes, evaluations).
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// Seed of the random choices, to replay a game exactly [default: from the clock;
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

/// A resignation margin, or never.
#[derive(Clone, Copy, Debug)]
struct Resign(Option<f64>);

fn parse_rules(name: &str) -> Result<Rules, String> {
    name.parse().map_err(|e: go_board::ParseRulesError| e.to_string())
}

fn parse_player(name: &str) -> Result<Algorithm, String> {
    name.parse()
}

fn parse_leaves(name: &str) -> Result<LeafKind, String> {
    name.parse()
}

fn parse_rollout(name: &str) -> Result<RolloutKind, String> {
    name.parse()
}

fn parse_widening(text: &str) -> Result<Widening, String> {
    text.parse()
}

fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 1e6)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| "a number of seconds, more than 0 and at most 1000000".to_owned())
}

fn parse_resign(text: &str) -> Result<Resign, String> {
    if text == "never" {
        return Ok(Resign(None));
    }
    text.parse::<f64>()
        .ok()
        .filter(|m| m.is_finite() && *m >= 0.0)
        .map(|m| Resign(Some(m)))
        .ok_or_else(|| "a number of points (at least 0) or `never`".to_owned())
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
    let config = PlayerConfig::new(args.player)
        .nodes(args.nodes)
        .rollout(args.rollout)
        .threads(args.threads)
        .seed(seed)
        .move_time(args.time)
        .resign_margin(args.resign.0)
        .leaves(args.leaves)
        .widening(args.widening);
    let mut player = match SearchPlayer::new(config) {
        Ok(player) => player,
        Err(e) => {
            eprintln!("go-engine gtp: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(path) = &args.log {
        let file = std::fs::OpenOptions::new().create(true).append(true).open(path);
        match file {
            Ok(file) => player = player.logging_to(io::BufWriter::new(file)),
            Err(e) => {
                eprintln!("go-engine gtp: --log {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
    }
    eprintln!("go-engine: {} player, seed {seed}", args.player);
    let mut builder = Session::builder(player).rules(args.rules).files(files);
    // The random player does not search: it answers the standard commands only.
    if args.player != Algorithm::Random {
        builder = builder.commands(play_commands());
    }
    let mut session = builder.build();
    match session.serve(io::BufReader::new(io::stdin()), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        // The controller went away: nothing is left to answer.
        Err(e) if e.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("go-engine: {e}");
            ExitCode::FAILURE
        }
    }
}
