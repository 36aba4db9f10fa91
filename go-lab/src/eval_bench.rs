//! `go-lab eval-bench`: the ownership benchmark ([`crate::ownership`]) of every
//! evaluator on labelled games.
//!
//! The items are the lines of the labels file; the record of a game ([`Record`]) holds
//! the raw [`Tally`] of every evaluator at every fraction of the game, so that records
//! of several shards add up ([`summarize`]) to the tables of a single run.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use go_engine::output::{CommandError, Stdout};
use go_eval::evaluate::PositionEvaluator;
use go_eval::reading::Budget;
use go_eval::score::ReadStatus;
use serde::{Deserialize, Serialize};

use crate::batch::{self, BatchOptions};
use crate::ownership::{self, Context, FRACTIONS, Label, Model, Row, Tally};

/// The name of the experiment, in its records.
pub const NAME: &str = "eval-bench";

/// The options of `go-lab eval-bench`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The labels: one JSON object per line with `file`, `moves`, `result`, `komi` and
    /// `ownership` (one character `b`, `w` or `.` per point, rows from the top).
    #[arg(long, value_name = "FILE.jsonl")]
    pub labels: PathBuf,
    /// The folder holding the SGF files the labels name.
    #[arg(long, value_name = "DIR")]
    pub games: PathBuf,
    /// Use only the first N games of the labels file (after --skip).
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Skip the first N games of the labels file.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub skip: usize,
    /// Instead of the tables, diagnose the errors of the estimate with reading at 50,
    /// 75 and 90 % (see `eval_bench_diagnose`) and print the N worst positions.
    #[arg(long, value_name = "N")]
    pub diagnose: Option<usize>,
    /// Owl nodes per question of the evaluation with reading.
    #[arg(long, value_name = "N", default_value_t = ReadStatus::BUDGET.nodes)]
    pub owl_nodes: u64,
    /// Owl plies per question of the evaluation with reading.
    #[arg(long, value_name = "D", default_value_t = ReadStatus::BUDGET.depth)]
    pub owl_depth: u16,
    /// Jobs, shard and output form.
    #[command(flatten)]
    pub batch: BatchOptions,
}

impl Args {
    /// The budget of each owl question of the evaluation with reading.
    pub fn budget(&self) -> Budget {
        Budget::new(self.owl_nodes, self.owl_depth)
    }
}

/// The record of one labelled game: a line of `--json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Always [`NAME`].
    pub experiment: String,
    /// The number of the game in the labels file, from 1 (blank lines do not count).
    pub index: usize,
    /// The SGF file, as the label names it.
    pub file: String,
    /// Why the game was skipped (it cannot be read or replayed, or has no counted
    /// result); the tallies are then empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// One entry per evaluator and fraction, in the order of the tables.
    #[serde(default)]
    pub tallies: Vec<Entry>,
}

/// The totals of one evaluator at one fraction of one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The evaluator's name.
    pub evaluator: String,
    /// The fraction of the game played.
    pub fraction: f64,
    /// Its totals.
    #[serde(flatten)]
    pub tally: Tally,
}

/// The benchmark's result: the rows of its tables, and the games counted and skipped.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The games evaluated.
    pub games: usize,
    /// The reasons of the games skipped.
    pub skipped: Vec<String>,
    /// One row per evaluator and fraction.
    pub rows: Vec<Row>,
}

/// Runs the benchmark on the games of the shard and writes the records (`--json`) or
/// the tables.
///
/// # Errors
///
/// The labels cannot be read or select no game, no game of the shard could be
/// evaluated, or writing fails.
pub fn run(args: &Args, out: &mut Stdout) -> Result<ExitCode, CommandError> {
    if let Some(worst) = args.diagnose {
        crate::eval_bench_diagnose::run(args, worst, out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let labels = ownership::read_labels(&args.labels)?;
    let first_line = args.skip;
    let labels: Vec<(usize, Label)> = labels
        .into_iter()
        .enumerate()
        .skip(first_line)
        .take(args.limit.unwrap_or(usize::MAX))
        .collect();
    if labels.is_empty() {
        return Err(format!("{}: no labelled game selected", args.labels.display()).into());
    }
    let labels: Vec<(usize, Label)> = args.batch.shard.select(labels).collect();
    let pool = batch::pool(args.batch.jobs)?;
    let models = ownership::models(args.budget());
    let evaluator = PositionEvaluator::default();
    let started = Instant::now();
    let mut records = Vec::new();
    batch::run_ordered(
        &pool,
        &labels,
        |(_, label)| label.file.clone(),
        |(i, label)| evaluate(*i + 1, label, &args.games, &models, &evaluator),
        |_, record| {
            if args.batch.json {
                batch::write_json_line(out, &record)?;
                out.flush()?;
            }
            records.push(record);
            Ok(())
        },
    )?;
    let summary = summarize(&records)?;
    for skipped in &summary.skipped {
        eprintln!("skipped {skipped}");
    }
    if !args.batch.json {
        print_table(out, &summary, Some(started.elapsed().as_secs_f64()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The record of the game of `label` (the `index`-th of the labels file), read from
/// `games`.
pub fn evaluate(
    index: usize,
    label: &Label,
    games: &Path,
    models: &[Box<dyn Model + Send>],
    evaluator: &PositionEvaluator,
) -> Record {
    let mut record = Record {
        experiment: NAME.to_owned(),
        index,
        file: label.file.clone(),
        error: None,
        tallies: vec![],
    };
    match tallies(label, games, models, evaluator) {
        Ok(tallies) => record.tallies = tallies,
        Err(e) => record.error = Some(e),
    }
    record
}

fn tallies(
    label: &Label,
    games: &Path,
    models: &[Box<dyn Model + Send>],
    evaluator: &PositionEvaluator,
) -> Result<Vec<Entry>, String> {
    let record = batch::read_game(&games.join(&label.file))?;
    let truth = ownership::truth(label, record.size)?;
    let final_margin = ownership::result_margin(&label.result)
        .ok_or_else(|| format!("{}: no counted result in {:?}", label.file, label.result))?;
    let mut tallies = vec![[Tally::default(); FRACTIONS.len()]; models.len()];
    for (k, &fraction) in FRACTIONS.iter().enumerate() {
        let moves = ownership::moves_at(fraction, label.moves);
        let position = go_engine::record::replay(&record, moves)
            .map_err(|e| format!("{}: {e}", label.file))?;
        let context = Context::new(&position, evaluator);
        for (m, model) in models.iter().enumerate() {
            tallies[m][k].add(&model.predict(&context), &truth, final_margin);
        }
    }
    Ok(models
        .iter()
        .zip(tallies)
        .flat_map(|(model, t)| {
            FRACTIONS.iter().zip(t).map(|(&fraction, tally)| Entry {
                evaluator: model.name().to_owned(),
                fraction,
                tally,
            })
        })
        .collect())
}

/// Adds up the records of one or more runs: the tallies of every evaluator and
/// fraction, in the order of their first appearance.
///
/// # Errors
///
/// No game was evaluated, or the same game (label number and file) appears twice (a
/// shard merged twice).
pub fn summarize(records: &[Record]) -> Result<Summary, String> {
    let mut seen = BTreeSet::new();
    let mut skipped = Vec::new();
    let mut rows: Vec<(String, f64, Tally)> = Vec::new();
    let mut games = 0;
    for record in records {
        if !seen.insert((record.index, record.file.as_str())) {
            return Err(format!("label {} ({}) is recorded twice", record.index, record.file));
        }
        if let Some(error) = &record.error {
            skipped.push(error.clone());
            continue;
        }
        games += 1;
        for entry in &record.tallies {
            match rows.iter_mut().find(|(e, f, _)| *e == entry.evaluator && *f == entry.fraction) {
                Some((_, _, tally)) => tally.merge(&entry.tally),
                None => rows.push((entry.evaluator.clone(), entry.fraction, entry.tally)),
            }
        }
    }
    if games == 0 {
        let why = skipped.first().map_or(String::new(), |s| format!(" (first: {s})"));
        return Err(format!(
            "no game could be evaluated: {} of {} skipped{why}",
            skipped.len(),
            records.len()
        ));
    }
    let rows = rows.into_iter().map(|(e, f, tally)| tally.row(&e, f)).collect();
    Ok(Summary { games, skipped, rows })
}

/// Prints the tables of a summary (with the run's duration when known).
///
/// # Errors
///
/// Writing fails.
pub fn print_table(
    out: &mut impl Write,
    summary: &Summary,
    seconds: Option<f64>,
) -> Result<(), CommandError> {
    let time = seconds.map_or(String::new(), |s| format!(" ({s:.1} s)"));
    writeln!(
        out,
        "Ownership benchmark: {} games, positions after 25/50/75/90 % of the moves{time}",
        summary.games
    )?;
    writeln!(
        out,
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
    )?;
    for r in &summary.rows {
        writeln!(
            out,
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
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(index: usize, error: Option<&str>, positions: u64) -> Record {
        let tally = Tally { positions, points: 10, correct: 5, decided: 8, ..Tally::default() };
        Record {
            experiment: NAME.to_owned(),
            index,
            file: format!("{index}.sgf"),
            error: error.map(str::to_owned),
            tallies: if error.is_some() {
                vec![]
            } else {
                vec![Entry { evaluator: "eval".into(), fraction: 0.5, tally }]
            },
        }
    }

    #[test]
    fn records_add_up_and_survive_json() {
        let records =
            [record(1, None, 1), record(2, Some("2.sgf: missing"), 0), record(3, None, 1)];
        for r in &records {
            let line = serde_json::to_string(r).unwrap();
            assert_eq!(&serde_json::from_str::<Record>(&line).unwrap(), r);
        }
        let summary = summarize(&records).unwrap();
        assert_eq!((summary.games, summary.skipped.len()), (2, 1));
        assert_eq!(summary.rows.len(), 1);
        assert_eq!(summary.rows[0].positions, 2);
        assert_eq!(summary.rows[0].accuracy, 0.5);
    }

    #[test]
    fn issue_10_no_game_evaluated_is_an_error() {
        let err = summarize(&[record(1, Some("1.sgf: no such file"), 0)]).unwrap_err();
        assert!(err.contains("no game could be evaluated") && err.contains("1.sgf"), "{err}");
        assert!(summarize(&[]).is_err());
        let twice = summarize(&[record(1, None, 1), record(1, None, 1)]).unwrap_err();
        assert!(twice.contains("twice"), "{twice}");
    }
}
