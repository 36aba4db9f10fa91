//! `go-lab patterns learn`: learned shape patterns and their gammas from a folder of
//! games (go-patterns' `learned` module).
//!
//! The games are those of `go-lab strength` (the same split by path, the same
//! records used, the same replay: [`crate::strength::games`]), so that the figures of
//! both experiments are comparable. Two passes over the games of the training part, each
//! on `--jobs` threads: the
//! shapes around the moves played are counted, the frequent ones make the dictionary;
//! then every position becomes a competition between its legal moves, and the gammas
//! are fitted by minorization–maximization. The fit needs every competition in one
//! process, so the command has no `--shard`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use go_engine::output::{CommandError, Stdout};
use go_patterns::learned::{
    Competition, CompetitionBuilder, FactorConfig, FeatureGroup, FitConfig, Harvest, TrainingSet,
};
use serde::Serialize;

use super::ladder::Reading;
use crate::batch;
use crate::strength::games::{self, GameFile, Part};

/// The options of `go-lab patterns learn`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The folder of SGF games (searched recursively); only 19×19 games are used.
    #[arg(long, value_name = "DIR")]
    pub games: PathBuf,
    /// Where to write the model.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The games to learn from (the split of `go-lab strength`: FNV-1a of the path
    /// relative to DIR, modulo 5, is 0 for a test game).
    #[arg(long, value_enum, default_value_t = Part::Train)]
    pub part: Part,
    /// Use only the first N games of the part (in hash order, a pseudo-random sample).
    #[arg(long, value_name = "N")]
    pub max_games: Option<usize>,
    /// Keep the shapes seen at least N times around the moves played.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub min_count: u64,
    /// Keep at most N shapes (the most frequent).
    #[arg(long, value_name = "N")]
    pub max_shapes: Option<usize>,
    /// Fit on every K-th position only (all positions are harvested).
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub fit_every: usize,
    /// The most iterations of the fit.
    #[arg(long, value_name = "N", default_value_t = 40)]
    pub iterations: usize,
    /// Stop the fit when an iteration improves the mean log-likelihood of the moves
    /// played by less than this.
    #[arg(long, value_name = "X", default_value_t = 1e-6)]
    pub tolerance: f64,
    /// After MM, fit latent factors of this dimension (pairwise interactions of the
    /// features; 0: none, the Bradley–Terry model).
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub factors: usize,
    /// Epochs of the latent-factor fit.
    #[arg(long, value_name = "N", default_value_t = FactorConfig::default().epochs)]
    pub factor_epochs: usize,
    /// AdaGrad's step size in the latent-factor fit.
    #[arg(long, value_name = "X", default_value_t = FactorConfig::default().learning_rate)]
    pub factor_rate: f64,
    /// The L2 penalty on the latent-factor vectors.
    #[arg(long, value_name = "X", default_value_t = FactorConfig::default().l2)]
    pub factor_l2: f64,
    /// Positions per mini-batch of the latent-factor fit.
    #[arg(long, value_name = "N", default_value_t = FactorConfig::default().batch)]
    pub factor_batch: usize,
    /// The seed of the latent-factor fit.
    #[arg(long, value_name = "N", default_value_t = FactorConfig::default().seed)]
    pub factor_seed: u64,
    /// Leave a tactical feature group out of the fit (its gammas stay 1), by name
    /// (`capture`, `line`, `place`, ...); repeatable, for ablations.
    #[arg(long, value_name = "GROUP", value_parser = parse_group)]
    pub without: Vec<FeatureGroup>,
    /// How the ladder levels of the escape and atari features are read.
    #[arg(long, value_enum, default_value_t = Reading::Ladder)]
    pub reading: Reading,
    /// Worker threads (0: one per core).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub jobs: usize,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// What a run did.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// Always `patterns-learn`.
    pub experiment: &'static str,
    /// The games learned from.
    pub games: usize,
    /// The games skipped (unreadable, another size, a replay error), with the reason of
    /// the first few.
    pub skipped: Vec<String>,
    /// The moves harvested.
    pub moves: u64,
    /// The distinct shapes seen (all sizes).
    pub shapes_seen: usize,
    /// The shapes kept.
    pub shapes: usize,
    /// Shapes kept per size, from 3 to 10.
    pub shapes_by_size: Vec<usize>,
    /// The positions fitted.
    pub positions: usize,
    /// The distinct candidate teams stored.
    pub entries: usize,
    /// The memory of the competitions, in MB.
    pub fit_mb: f64,
    /// The mean log-likelihood of the moves played, before the fit and after each
    /// iteration.
    pub log_likelihood: Vec<f64>,
    /// Whether the fit converged.
    pub converged: bool,
    /// The latent factors' dimension (0: none).
    pub factors: usize,
    /// With latent factors: the mean log-likelihood during each epoch, then after the
    /// last one.
    pub factor_log_likelihood: Vec<f64>,
    /// Seconds for the harvest, the competitions and the fit.
    pub seconds: [f64; 3],
    /// The model file's size in bytes.
    pub bytes: usize,
}

/// Runs the command.
///
/// # Errors
///
/// The folder cannot be read or holds no usable game, or the model cannot be written.
pub fn run(args: &Args, out: &mut Stdout) -> Result<ExitCode, CommandError> {
    if !(args.tolerance.is_finite() && args.tolerance >= 0.0) {
        return Err(
            format!("--tolerance {}: a finite number >= 0 is needed", args.tolerance).into()
        );
    }
    let factors = (args.factors > 0).then_some(FactorConfig {
        dimensions: args.factors,
        epochs: args.factor_epochs,
        learning_rate: args.factor_rate,
        l2: args.factor_l2,
        batch: args.factor_batch,
        seed: args.factor_seed,
    });
    if let Some(Err(e)) = factors.as_ref().map(FactorConfig::check) {
        return Err(format!("latent factors: {e}").into());
    }
    let mut files = games::games_of(&args.games, args.part)?;
    files.truncate(args.max_games.unwrap_or(usize::MAX));
    let pool = batch::pool(args.jobs)?;
    let mut skipped = Vec::new();
    // Pass 1: the harvest, and the games that can be used.
    let started = Instant::now();
    let mut harvest = Harvest::new();
    let mut kept = Vec::new();
    batch::run_ordered(
        &pool,
        &files,
        |g| g.rel.clone(),
        |game| -> Result<Harvest, String> {
            let record = games::load(game)?;
            let mut h = Harvest::new();
            games::walk(&record, |position, _, mv, _| {
                h.add(position, mv);
            })
            .map_err(|e| format!("{}: {e}", game.rel))?;
            Ok(h)
        },
        |game, result| {
            match result {
                Ok(h) => {
                    harvest.merge(h);
                    kept.push(game.clone());
                }
                Err(e) => skipped.push(e),
            }
            Ok(())
        },
    )?;
    if kept.is_empty() {
        return Err(format!(
            "{}: no 19x19 game of the {:?} part could be used",
            args.games.display(),
            args.part
        )
        .into());
    }
    let harvest_seconds = started.elapsed().as_secs_f64();
    // Pass 2: the competitions.
    let started = Instant::now();
    let mut set = TrainingSet::new(&harvest, args.min_count, args.max_shapes)
        .with_oracle(args.reading.oracle());
    for &group in &args.without {
        set = set.without(group);
    }
    let every = args.fit_every.max(1);
    let builder = set.builder();
    batch::run_ordered(
        &pool,
        &kept,
        |g| g.rel.clone(),
        |game| -> Result<Vec<Competition>, String> {
            let mut competitions = Vec::new();
            replay_competitions(game, &builder, every, &mut competitions)?;
            Ok(competitions)
        },
        |_, result| {
            match result {
                Ok(competitions) => competitions.into_iter().for_each(|c| set.push(c)),
                Err(e) => skipped.push(e),
            }
            Ok(())
        },
    )?;
    let gather_seconds = started.elapsed().as_secs_f64();
    let positions = set.len();
    let fit_mb = set.heap_bytes() as f64 / 1e6;
    let shape_count = set.shape_count();
    let started = Instant::now();
    let fit = FitConfig {
        max_iterations: args.iterations,
        tolerance: args.tolerance,
        factors,
        ..FitConfig::default()
    };
    let (model, report) = set.fit(&fit).map_err(|e| CommandError::Failed(e.to_string()))?;
    let fit_seconds = started.elapsed().as_secs_f64();
    let bytes = model.to_bytes();
    std::fs::write(&args.out, &bytes)
        .map_err(|e| CommandError::Failed(format!("{}: {e}", args.out.display())))?;
    let mut by_size = vec![0; 8];
    for (shape, _) in model.shapes() {
        by_size[usize::from(shape.size() - 3)] += 1;
    }
    skipped.truncate(20);
    let summary = Summary {
        experiment: "patterns-learn",
        games: kept.len(),
        skipped,
        moves: harvest.moves(),
        shapes_seen: harvest.len(),
        shapes: shape_count,
        shapes_by_size: by_size,
        positions,
        entries: report.entries,
        fit_mb,
        log_likelihood: report.log_likelihood.clone(),
        converged: report.converged,
        factors: args.factors,
        factor_log_likelihood: report.factor_log_likelihood.clone(),
        seconds: [harvest_seconds, gather_seconds, fit_seconds],
        bytes: bytes.len(),
    };
    if args.json {
        batch::write_json_line(out, &summary)?;
    } else {
        print_summary(out, &summary, &args.out)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A tactical feature group by name.
fn parse_group(name: &str) -> Result<FeatureGroup, String> {
    FeatureGroup::TACTICAL.into_iter().find(|g| g.name() == name).ok_or_else(|| {
        let names: Vec<&str> = FeatureGroup::TACTICAL.iter().map(|g| g.name()).collect();
        format!("no tactical feature group {name:?} (the groups: {})", names.join(", "))
    })
}

/// The competitions of every `every`-th position of a game.
fn replay_competitions(
    game: &GameFile,
    builder: &CompetitionBuilder,
    every: usize,
    out: &mut Vec<Competition>,
) -> Result<(), String> {
    let record = games::load(game)?;
    games::walk(&record, |position, _, mv, number| {
        if (number as usize).is_multiple_of(every) {
            out.extend(builder.competition(position, mv));
        }
    })
    .map_err(|e| format!("{}: {e}", game.rel))
}

fn print_summary(
    out: &mut Stdout,
    s: &Summary,
    path: &std::path::Path,
) -> Result<(), CommandError> {
    writeln!(out, "Learned patterns: {} games, {} moves harvested", s.games, s.moves)?;
    for e in &s.skipped {
        writeln!(out, "  skipped {e}")?;
    }
    writeln!(
        out,
        "shapes: {} seen, {} kept (by size 3..10: {:?})",
        s.shapes_seen, s.shapes, s.shapes_by_size
    )?;
    writeln!(out, "fit: {} positions, {} teams ({:.0} MB)", s.positions, s.entries, s.fit_mb)?;
    let ll: Vec<String> = s.log_likelihood.iter().map(|x| format!("{x:.4}")).collect();
    writeln!(out, "mean log-likelihood per iteration: {}", ll.join(" "))?;
    writeln!(out, "converged: {}", s.converged)?;
    if s.factors > 0 {
        let ll: Vec<String> = s.factor_log_likelihood.iter().map(|x| format!("{x:.4}")).collect();
        writeln!(out, "latent factors ({} dimensions), per epoch: {}", s.factors, ll.join(" "))?;
    }
    writeln!(
        out,
        "time: harvest {:.1} s, competitions {:.1} s, fit {:.1} s",
        s.seconds[0], s.seconds[1], s.seconds[2]
    )?;
    writeln!(out, "wrote {} ({} bytes)", path.display(), s.bytes)?;
    Ok(())
}
