//! `go-lab strength train`: a strength model from the training games.
//!
//! Every move of a training game that touches no stone gives its samples
//! ([`go_eval::strength::samples`]); the tree is grown on all of them, and the height
//! correction is learned from the same positions (the candidate points are the legal
//! points touching no stone, in 20-move bands, the tenth band taking every later move).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use go_board::Move;
use go_engine::output::{CommandError, Stdout};
use go_eval::strength::height::HeightCounts;
use go_eval::strength::id3::TreeConfig;
use go_eval::strength::model::{Schema, StrengthModel};
use go_eval::strength::samples::{RenView, Sample, view_samples};

use super::games::{self, GameFile, Part};
use crate::batch::{self, BatchOptions};

/// The learners.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Learner {
    /// ID3 as the paper grew it ([`TreeConfig::ID3`]).
    Id3,
    /// C4.5: gain ratio, binary thresholds, pruning ([`TreeConfig::C45`]).
    C45,
}

impl Learner {
    /// The learner's settings.
    pub fn config(self) -> TreeConfig {
        match self {
            Learner::Id3 => TreeConfig::ID3,
            Learner::C45 => TreeConfig::C45,
        }
    }
}

/// The schemas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SchemaArg {
    /// The paper's fourteen attributes.
    Paper,
    /// The paper's and the lane's heading and room.
    Directional,
}

/// The options of `go-lab strength train`.
#[derive(Clone, Debug, clap::Args)]
pub struct TrainArgs {
    /// The folder of game records (searched recursively for `*.sgf`).
    #[arg(long, value_name = "DIR")]
    pub games: PathBuf,
    /// Where to write the model (JSON).
    #[arg(long, value_name = "MODEL.json")]
    pub out: PathBuf,
    /// The learner.
    #[arg(long, value_enum, default_value_t = Learner::Id3)]
    pub learner: Learner,
    /// The attributes.
    #[arg(long, value_enum, default_value_t = SchemaArg::Paper)]
    pub schema: SchemaArg,
    /// The games to learn from.
    #[arg(long, value_enum, default_value_t = Part::Train)]
    pub part: Part,
    /// Use only the first N usable games of the part (in hash order).
    #[arg(long, value_name = "N")]
    pub max_games: Option<usize>,
    /// Override the learner's smallest branch (C4.5's `-m`).
    #[arg(long, value_name = "N")]
    pub min_leaf: Option<u32>,
    /// Override the learner's pruning: z of the pessimistic estimate (0.6745 is C4.5's
    /// 25 %), or a negative value for no pruning.
    #[arg(long, value_name = "Z", allow_negative_numbers = true)]
    pub prune_z: Option<f64>,
    /// Also report the accuracy on the samples of this part's games (held out).
    #[arg(long, value_enum, value_name = "PART")]
    pub holdout: Option<Part>,
    /// Jobs, shard (learn from that shard's games only) and output form (`--json`: the
    /// summary as one JSON object).
    #[command(flatten)]
    pub batch: BatchOptions,
}

/// What training reports.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TrainSummary {
    /// Always `strength-train`.
    pub experiment: &'static str,
    /// The learner.
    pub learner: String,
    /// The schema.
    pub schema: String,
    /// The games of the part (and shard) listed.
    pub games_listed: usize,
    /// The games learnt from.
    pub games: usize,
    /// The games skipped, with the reason.
    pub skipped: Vec<String>,
    /// The samples.
    pub samples: usize,
    /// The tree's nodes.
    pub nodes: usize,
    /// Its leaves.
    pub leaves: usize,
    /// The nodes it would have with 5 children per split.
    pub nodes_with_5_branches: usize,
    /// Its depth.
    pub depth: usize,
    /// The share of the training samples it predicts exactly.
    pub training_accuracy: f64,
    /// The mean absolute error on them.
    pub training_mean_error: f64,
    /// Seconds spent growing the tree.
    pub seconds: f64,
    /// The samples of the held-out part, the share predicted exactly and the mean
    /// error, if asked.
    pub holdout: Option<(usize, f64, f64)>,
}

/// Trains and writes the model.
///
/// # Errors
///
/// The folder cannot be read, no game is usable, the learner fails, the model cannot
/// be written, or writing the summary fails.
pub fn run(args: &TrainArgs, out: &mut Stdout) -> Result<ExitCode, CommandError> {
    let games: Vec<GameFile> =
        args.batch.shard.select(games::games_of(&args.games, args.part)?).collect();
    let pool = batch::pool(args.batch.jobs)?;
    let mut samples: Vec<Sample> = Vec::new();
    let mut heights = HeightCounts::new(20, 10);
    let mut skipped = Vec::new();
    let mut used = 0usize;
    let limit = args.max_games.unwrap_or(usize::MAX);
    batch::run_ordered(
        &pool,
        &games,
        |g| g.rel.clone(),
        game_samples,
        |_, result| {
            match result {
                Ok((s, h)) if used < limit => {
                    used += 1;
                    samples.extend(s);
                    heights.merge(&h);
                }
                Ok(_) => {}
                Err(e) => skipped.push(e),
            }
            Ok(())
        },
    )?;
    if used == 0 {
        return Err(format!("no usable game in {}", args.games.display()).into());
    }
    let schema = match args.schema {
        SchemaArg::Paper => Schema::Paper,
        SchemaArg::Directional => Schema::Directional,
    };
    let started = Instant::now();
    let mut config = args.learner.config();
    if let Some(m) = args.min_leaf {
        config.min_leaf = m;
    }
    if let Some(z) = args.prune_z {
        config.prune = (z >= 0.0).then_some(z);
    }
    let mut model = StrengthModel::train(&samples, schema, &config)
        .map_err(|e| CommandError::Failed(e.to_string()))?;
    let seconds = started.elapsed().as_secs_f64();
    model.height = Some(heights.correction(50.0));
    let learner = format!("{:?}", args.learner).to_lowercase();
    model.description = format!(
        "{learner} on the {} schema: {} samples from {used} games of the {:?} part of {} \
         (shard {}; FNV-1a of the path relative to the folder, modulo 5: 0 test, 1 \
         validation, 2-4 fit)",
        schema.name(),
        samples.len(),
        args.part,
        args.games.display(),
        args.batch.shard,
    );
    model.save(&args.out).map_err(|e| CommandError::Failed(e.to_string()))?;
    let fit = model.accuracy(&samples);
    let holdout = match args.holdout {
        Some(part) => {
            let held: Vec<GameFile> = games::games_of(&args.games, part)?;
            let mut held_samples = Vec::new();
            batch::run_ordered(
                &pool,
                &held,
                |g| g.rel.clone(),
                game_samples,
                |_, r| {
                    if let Ok((s, _)) = r {
                        held_samples.extend(s);
                    }
                    Ok(())
                },
            )?;
            let a = model.accuracy(&held_samples);
            Some((a.samples, a.accuracy, a.mean_error))
        }
        None => None,
    };
    let tree = model.tree();
    let summary = TrainSummary {
        experiment: "strength-train",
        learner,
        schema: schema.name().to_owned(),
        games_listed: games.len(),
        games: used,
        skipped,
        samples: samples.len(),
        nodes: tree.node_count(),
        leaves: tree.leaf_count(),
        nodes_with_5_branches: tree.node_count_with_branches(5),
        depth: tree.depth(),
        training_accuracy: fit.accuracy,
        training_mean_error: fit.mean_error,
        seconds,
        holdout,
    };
    for s in &summary.skipped {
        eprintln!("skipped {s}");
    }
    if args.batch.json {
        batch::write_json_line(out, &summary)?;
    } else {
        writeln!(
            out,
            "{} on the {} schema: {} samples from {} games ({} listed, {} skipped)\n\
             tree: {} nodes ({} leaves; {} with 5 children per split), depth {}\n\
             training samples: accuracy {:.2} %, mean error {:.3}; grown in {:.1} s\n\
             written to {}",
            summary.learner,
            summary.schema,
            summary.samples,
            summary.games,
            summary.games_listed,
            summary.skipped.len(),
            summary.nodes,
            summary.leaves,
            summary.nodes_with_5_branches,
            summary.depth,
            100.0 * summary.training_accuracy,
            summary.training_mean_error,
            summary.seconds,
            args.out.display()
        )?;
        if let Some((n, a, e)) = summary.holdout {
            writeln!(out, "held-out samples: {n}, accuracy {:.2} %, mean error {e:.3}", 100.0 * a)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The samples and height counts of one game.
fn game_samples(game: &GameFile) -> Result<(Vec<Sample>, HeightCounts), String> {
    let record = games::load(game)?;
    let mut samples = Vec::new();
    let mut heights = HeightCounts::new(20, 10);
    games::walk(&record, |position, color, mv, number| {
        let Move::Play(p) = mv else { return };
        let view = RenView::new(position.board(), number);
        if view.map.touches(p) {
            return;
        }
        samples.extend(view_samples(&view, color, p));
        let far = position.legal_moves().filter_map(Move::point).filter(|q| !view.map.touches(*q));
        heights.add(position.size(), number, far, p);
    })
    .map_err(|e| format!("{}: {e}", game.rel))?;
    Ok((samples, heights))
}
