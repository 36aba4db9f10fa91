//! `go-engine analyze`: describe a position of a game record.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use go_board::sgf::{self, GameRecord, ReadLimits};
use std::sync::Arc;

use go_engine::Analysis;
use go_engine::strength::StrengthReport;
use go_engine::svg::{Overlay, board_svg_marked};
use go_eval::strength::model::StrengthModel;

/// The game analysed when no file is given: a 19×19 game GNU Go 3.8 played against
/// itself (Chinese rules, komi 7.5), generated for this purpose.
const EMBEDDED_GAME: &str = include_str!("../../data/gnugo-selfplay-19x19.sgf");

/// The options of `go-engine analyze` (its help text is the doc comment of
/// `Command::Analyze` in `main.rs`).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The SGF file (its main line is replayed), `-` for standard input [default: the
    /// embedded game]. Only regular files (and standard input) of at most 64 MiB are
    /// read.
    file: Option<PathBuf>,
    /// Analyse the position after the first N moves (passes count as moves; 0 is the
    /// position before the first move) [default: after the last move]. GTP's
    /// `loadsgf FILE N` loads the position before move N, which is `--move N-1`.
    #[arg(long = "move", value_name = "N")]
    moves: Option<usize>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Also write a picture of the board as SVG to FILE, with the overlay of
    /// `--overlay`; `--svg -` writes the picture to standard output instead of the
    /// analysis.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// What the picture shows over the board: the evaluation's territory (dead stones
    /// faded) or its influence.
    #[arg(long, value_enum, default_value_t = OverlayArg::Territory)]
    overlay: OverlayArg,
    /// Also show a strength model's view (a JSON model of `go-lab strength train`, or
    /// `shipped` for go-eval's): each kosumi-ren's strength towards each side and the
    /// 10 best candidate moves of the side to move (numbered on the SVG picture).
    #[arg(long, value_name = "MODEL.json")]
    strength: Option<PathBuf>,
}

/// `--overlay`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum OverlayArg {
    /// The owner of every point.
    Territory,
    /// The potential, as shades of black and white.
    Influence,
}

pub(crate) fn run(args: Args) -> ExitCode {
    go_engine::output::run("go-engine analyze", |out| {
        out.write_all(analyze(&args)?.as_bytes())?;
        Ok(ExitCode::SUCCESS)
    })
}

fn analyze(args: &Args) -> Result<String, String> {
    let limits = ReadLimits::DEFAULT;
    let (name, bytes) = match &args.file {
        None => ("the embedded game".to_owned(), EMBEDDED_GAME.as_bytes().to_vec()),
        Some(path) if path.as_os_str() == "-" => {
            let bytes = sgf::read_limited(std::io::stdin().lock(), &limits)
                .map_err(|e| format!("standard input: {e}"))?;
            ("standard input".to_owned(), bytes)
        }
        Some(path) => {
            let bytes =
                sgf::read_file(path, &limits).map_err(|e| format!("{}: {e}", path.display()))?;
            (path.display().to_string(), bytes)
        }
    };
    let record = GameRecord::from_sgf(&bytes).map_err(|e| format!("{name}: {e}"))?;
    for warning in &record.warnings {
        eprintln!("go-engine analyze: {name}: warning: {warning}");
    }
    if let Some(n) = args.moves.filter(|&n| n > record.move_count()) {
        return Err(format!(
            "{name} has {} moves, so there is no position after move {n}",
            record.move_count()
        ));
    }
    let analysis = Analysis::of_record(&record, args.moves).map_err(|e| format!("{name}: {e}"))?;
    let position = go_engine::record::replay(&record, args.moves.unwrap_or(usize::MAX))
        .map_err(|e| format!("{name}: {e}"))?;
    let strength = match &args.strength {
        None => None,
        Some(path) => {
            let model = if path.as_os_str() == "shipped" {
                StrengthModel::shipped()
            } else {
                StrengthModel::load(path)
            }
            .map_err(|e| e.to_string())?;
            Some(StrengthReport::new(&position, Arc::new(model), 10))
        }
    };
    if let Some(path) = &args.svg {
        let overlay = match args.overlay {
            OverlayArg::Territory => Overlay::Territory,
            OverlayArg::Influence => Overlay::Influence,
        };
        let marks = strength.as_ref().map_or_else(Vec::new, |r| r.marks(&position));
        let svg = board_svg_marked(&position, overlay, &marks);
        if path.as_os_str() == "-" {
            return Ok(svg);
        }
        std::fs::write(path, svg).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if args.json {
        let mut value = serde_json::to_value(&analysis).map_err(|e| e.to_string())?;
        if let (Some(report), Some(object)) = (&strength, value.as_object_mut()) {
            let report = serde_json::to_value(report).map_err(|e| e.to_string())?;
            object.insert("strength".to_owned(), report);
        }
        let json = serde_json::to_string_pretty(&value).map_err(|e| e.to_string())?;
        Ok(format!("{json}\n"))
    } else {
        match &strength {
            Some(report) => Ok(format!("{analysis}{report}")),
            None => Ok(analysis.to_string()),
        }
    }
}
