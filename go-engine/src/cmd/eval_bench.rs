//! `go-engine eval-bench`: the ownership benchmark (`go_engine::ownership`) of every
//! evaluator on labelled games.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use go_board::sgf::GameRecord;
use go_engine::ownership::{self, Context, FRACTIONS, Row, Tally};
use go_eval::evaluate::PositionEvaluator;

use super::progress::Progress;

/// Options of `eval-bench`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The labels: one JSON object per line with `file`, `moves`, `result`, `komi` and
    /// `ownership` (361 characters `b`, `w` or `.`, rows from the top).
    #[arg(long, value_name = "FILE.jsonl")]
    labels: PathBuf,
    /// The folder holding the SGF files the labels name.
    #[arg(long, value_name = "DIR")]
    games: PathBuf,
    /// Print one JSON object per evaluator and fraction (one per line) instead of
    /// tables.
    #[arg(long)]
    json: bool,
    /// Use only the first N games of the labels file.
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    /// Skip the first N games of the labels file.
    #[arg(long, value_name = "N", default_value_t = 0)]
    skip: usize,
}

pub(crate) fn run(args: &Args) -> ExitCode {
    match bench(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("go-engine eval-bench: {message}");
            ExitCode::FAILURE
        }
    }
}

fn bench(args: &Args) -> Result<(), String> {
    let labels = ownership::read_labels(&args.labels)?;
    let labels: Vec<_> =
        labels.into_iter().skip(args.skip).take(args.limit.unwrap_or(usize::MAX)).collect();
    if labels.is_empty() {
        return Err(format!("{}: no labelled game", args.labels.display()));
    }
    let models = ownership::models();
    let evaluator = PositionEvaluator::default();
    let mut tallies = vec![[Tally::default(); FRACTIONS.len()]; models.len()];
    let mut progress = Progress::new(labels.len() as u64);
    let mut skipped = Vec::new();
    let started = Instant::now();
    for label in &labels {
        progress.step(&label.file);
        let path = args.games.join(&label.file);
        let game = std::fs::read(&path)
            .map_err(|e| e.to_string())
            .and_then(|bytes| GameRecord::from_sgf(&bytes).map_err(|e| e.to_string()));
        let record = match game {
            Ok(r) => r,
            Err(e) => {
                skipped.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        let (truth, final_margin) =
            match (ownership::truth(label, record.size), ownership::result_margin(&label.result)) {
                (Ok(t), Some(m)) => (t, m),
                (Err(e), _) => {
                    skipped.push(e);
                    continue;
                }
                (_, None) => {
                    skipped
                        .push(format!("{}: no counted result in {:?}", label.file, label.result));
                    continue;
                }
            };
        for (k, &fraction) in FRACTIONS.iter().enumerate() {
            let moves = ownership::moves_at(fraction, label.moves);
            let position = match go_engine::record::replay(&record, moves) {
                Ok(p) => p,
                Err(e) => {
                    skipped.push(format!("{}: {e}", label.file));
                    break;
                }
            };
            let context = Context::new(&position, &evaluator);
            for (m, model) in models.iter().enumerate() {
                let prediction = model.predict(&context);
                tallies[m][k].add(&prediction, &truth, final_margin);
            }
        }
    }
    progress.finish();
    for s in &skipped {
        eprintln!("skipped {s}");
    }
    let rows: Vec<Row> = models
        .iter()
        .zip(&tallies)
        .flat_map(|(model, t)| {
            FRACTIONS.iter().zip(t).map(|(&f, tally)| tally.row(model.name(), f))
        })
        .collect();
    if args.json {
        for row in &rows {
            println!("{}", serde_json::to_string(row).map_err(|e| e.to_string())?);
        }
    } else {
        print_table(&rows, labels.len() - skipped.len(), started.elapsed().as_secs_f64());
    }
    Ok(())
}

fn print_table(rows: &[Row], games: usize, seconds: f64) {
    println!(
        "Ownership benchmark: {games} games, positions after 25/50/75/90 % of the moves ({seconds:.1} s)"
    );
    println!(
        "{:<24} {:>5} {:>8} {:>8} {:>9} {:>9} {:>8} {:>9} {:>9}",
        "evaluator",
        "at",
        "accuracy",
        "coverage",
        "precision",
        "score MAE",
        "winner",
        "in bounds",
        "width"
    );
    for r in rows {
        println!(
            "{:<24} {:>4.0}% {:>7.1}% {:>7.1}% {:>8.1}% {:>9.1} {:>7.1}% {:>8.1}% {:>9.1}",
            r.evaluator,
            100.0 * r.fraction,
            100.0 * r.accuracy,
            100.0 * r.coverage,
            100.0 * r.precision,
            r.score_mae,
            100.0 * r.winner_accuracy,
            100.0 * r.bound_validity,
            r.bound_width
        );
    }
}
