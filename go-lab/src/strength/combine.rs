//! `go-lab strength combine`: learn the weights of a
//! [`go_eval::strength::combined::CombinedModel`] (the strength score with locality,
//! height and liberty features) from the training games.
//!
//! Every `--every`-th move of every game (passes excepted) is one example; an epoch
//! goes through the games in hash order, the examples of a game in move order, with
//! one AdaGrad step per example; the result does not depend on `--jobs`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use go_engine::output::{CommandError, Stdout};
use go_eval::strength::combined::{CombinedModel, Example};
use go_eval::strength::model::StrengthModel;

use super::games::{self, GameFile, Part};
use crate::batch::{self, BatchOptions};

/// The options of `go-lab strength combine`.
#[derive(Clone, Debug, clap::Args)]
pub struct CombineArgs {
    /// The strength model whose score is a feature (none: the combination without it).
    #[arg(long, value_name = "MODEL.json")]
    pub model: Option<PathBuf>,
    /// The folder of game records.
    #[arg(long, value_name = "DIR")]
    pub games: PathBuf,
    /// Where to write the combined model (JSON).
    #[arg(long, value_name = "COMBINED.json")]
    pub out: PathBuf,
    /// The games to learn from.
    #[arg(long, value_enum, default_value_t = Part::Train)]
    pub part: Part,
    /// Use only the first N games of the part.
    #[arg(long, value_name = "N")]
    pub max_games: Option<usize>,
    /// Take every N-th move of a game as an example.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub every: u32,
    /// Passes over the games.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub epochs: u32,
    /// AdaGrad's base rate.
    #[arg(long, value_name = "RATE", default_value_t = 0.1)]
    pub rate: f64,
    /// Jobs, shard and output form (`--json`: the summary as one JSON object).
    #[command(flatten)]
    pub batch: BatchOptions,
}

/// Learns and writes the combined model.
///
/// # Errors
///
/// The strength model or the folder cannot be read, no game is usable, the settings are
/// out of range, or writing fails.
pub fn run(args: &CombineArgs, out: &mut Stdout) -> Result<ExitCode, CommandError> {
    if args.every == 0 || args.epochs == 0 || !(args.rate > 0.0 && args.rate.is_finite()) {
        return Err("--every and --epochs must be at least 1, --rate positive".into());
    }
    let strength = match &args.model {
        Some(path) => {
            Some(StrengthModel::load(path).map_err(|e| CommandError::Failed(e.to_string()))?)
        }
        None => None,
    };
    let mut model = CombinedModel::new(strength);
    let mut listed = games::games_of(&args.games, args.part)?;
    listed.truncate(args.max_games.unwrap_or(usize::MAX));
    let games: Vec<GameFile> = args.batch.shard.select(listed).collect();
    let pool = batch::pool(args.batch.jobs)?;
    let mut used = 0;
    let mut skipped = Vec::new();
    let mut log_likelihood = 0.0;
    for epoch in 0..args.epochs {
        let frozen = model.clone();
        let mut examples_seen = 0u64;
        log_likelihood = 0.0;
        batch::run_ordered(
            &pool,
            &games,
            |g| format!("epoch {}: {}", epoch + 1, g.rel),
            |g| examples(g, &frozen, args.every),
            |_, result| {
                match result {
                    Ok(examples) => {
                        if epoch == 0 {
                            used += 1;
                        }
                        for e in &examples {
                            log_likelihood += model.probability(e).ln();
                            model.learn(e, args.rate);
                            examples_seen += 1;
                        }
                    }
                    Err(e) if epoch == 0 => skipped.push(e),
                    Err(_) => {}
                }
                Ok(())
            },
        )?;
        log_likelihood /= examples_seen.max(1) as f64;
    }
    if used == 0 {
        return Err(format!("no usable game in {}", args.games.display()).into());
    }
    for s in &skipped {
        eprintln!("skipped {s}");
    }
    model.description = format!(
        "{} epochs over every {}-th move of {used} games of the {:?} part of {} (shard {}), \
         rate {}; strength model {}",
        args.epochs,
        args.every,
        args.part,
        args.games.display(),
        args.batch.shard,
        args.rate,
        args.model.as_ref().map_or("none".into(), |p| p.display().to_string())
    );
    std::fs::write(&args.out, model.to_json())
        .map_err(|e| CommandError::Failed(format!("{}: {e}", args.out.display())))?;
    let summary = serde_json::json!({
        "experiment": "strength-combine",
        "games": used,
        "skipped": skipped.len(),
        "examples": model.positions,
        "mean_log_likelihood_last_epoch": log_likelihood,
    });
    if args.batch.json {
        batch::write_json_line(out, &summary)?;
    } else {
        writeln!(
            out,
            "{} examples from {used} games ({} skipped), {} epochs; mean log-likelihood of \
             the played move in the last epoch {:.3}; written to {}",
            model.positions,
            skipped.len(),
            args.epochs,
            log_likelihood,
            args.out.display()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The examples of one game, with the features of `model` (the weights do not enter
/// the features, so a frozen copy serves every thread).
fn examples(game: &GameFile, model: &CombinedModel, every: u32) -> Result<Vec<Example>, String> {
    let record = games::load(game)?;
    let mut out = Vec::new();
    games::walk(&record, |position, _, mv, number| {
        if number % every == 0
            && let Some(e) = Example::new(position, mv, model)
        {
            out.push(e);
        }
    })
    .map_err(|e| format!("{}: {e}", game.rel))?;
    Ok(out)
}
