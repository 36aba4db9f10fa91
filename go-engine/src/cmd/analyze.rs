//! `go-engine analyze`: describe a position of a game record.

use std::path::PathBuf;
use std::process::ExitCode;

use go_board::sgf::GameRecord;
use go_engine::Analysis;

/// The game analysed when no file is given: a 19×19 game GNU Go 3.8 played against
/// itself (Chinese rules, komi 7.5), generated for this purpose.
const EMBEDDED_GAME: &str = include_str!("../../data/gnugo-selfplay-19x19.sgf");

/// The options of `go-engine analyze` (its help text is the doc comment of
/// `Command::Analyze` in `main.rs`).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The SGF file (its main line is replayed) [default: the embedded game].
    file: Option<PathBuf>,
    /// Analyse the position after the first N moves (passes count as moves; 0 is the
    /// position before the first move) [default: after the last move]. GTP's
    /// `loadsgf FILE N` loads the position before move N, which is `--move N-1`.
    #[arg(long = "move", value_name = "N")]
    moves: Option<usize>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

pub(crate) fn run(args: Args) -> ExitCode {
    match analyze(&args) {
        Ok(output) => {
            print!("{output}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("go-engine analyze: {message}");
            ExitCode::FAILURE
        }
    }
}

fn analyze(args: &Args) -> Result<String, String> {
    let (name, text) = match &args.file {
        None => ("the embedded game".to_owned(), EMBEDDED_GAME.to_owned()),
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            (path.display().to_string(), String::from_utf8_lossy(&bytes).into_owned())
        }
    };
    let record = GameRecord::from_sgf(&text).map_err(|e| format!("{name}: {e}"))?;
    if let Some(n) = args.moves.filter(|&n| n > record.move_count()) {
        return Err(format!(
            "{name} has {} moves, so there is no position after move {n}",
            record.move_count()
        ));
    }
    let analysis = Analysis::of_record(&record, args.moves).map_err(|e| format!("{name}: {e}"))?;
    if args.json {
        let json = serde_json::to_string_pretty(&analysis).map_err(|e| e.to_string())?;
        Ok(format!("{json}\n"))
    } else {
        Ok(analysis.to_string())
    }
}
