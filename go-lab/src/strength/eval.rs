//! `go-lab strength eval`: the share of positions whose played move is among the 10
//! candidates of each generator, by bands of 20 moves (the strength paper's Tables 2
//! and 4), under two protocols:
//!
//! - `paper` (the paper's §6): the positions whose played move touches no stone (no
//!   stone on its eight neighbours); the candidates are drawn from the legal points
//!   touching no stone, the paper's "possible moves" (their average count, the `far`
//!   column, is the paper's "average legal moves": 228, 183, 143, 108 on moves 21–100
//!   here against its 229, 180, 141, 108).
//! - `all`: every position whose move is not a pass; every legal point is a candidate.
//!
//! A candidate list is each generator's 10 best points, ties at the cut shared
//! ([`go_eval::strength::candidates::hit_share`]: the expectation under a random
//! tie-break). `random` is the exact expectation of 10 points drawn at random from the
//! candidate points (10 / n per position; the paper prints 10 / its average n).
//! Intervals are 95 % percentile bootstraps over games (1,000 resamples, fixed seed):
//! positions of one game are not independent.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use go_board::Move;
use go_engine::output::{CommandError, Stdout};
use go_eval::strength::baselines::{LocalityCandidates, PotentialCandidates};
use go_eval::strength::candidates::{DistanceScore, ScoreConfig, StrengthCandidates, hit_share};
use go_eval::strength::combined::{CombinedCandidates, CombinedModel};
use go_eval::strength::height::HeightCorrection;
use go_eval::strength::model::StrengthModel;
use go_eval::strength::samples::{RenView, view_samples};
use go_patterns::{Candidate, CandidateGenerator};
use serde::{Deserialize, Serialize};

use super::games::{self, GameFile, Part};
use crate::batch::{self, BatchOptions};

/// The name of the experiment, in its records.
pub const NAME: &str = "strength-eval";

/// The number of move bands: 1–20, ..., 201–220, and 221 on.
pub const BANDS: usize = 12;

/// The protocols, in record order.
pub const PROTOCOLS: [&str; 2] = ["paper", "all"];

/// The band of move number `number`.
pub fn band(number: u32) -> usize {
    (((number.max(1) - 1) / 20) as usize).min(BANDS - 1)
}

/// The name of a band or summary row: `1-20`, ..., `201-220`, `221-`, then `1-220`
/// (row [`BANDS`]) and `all` (row `BANDS + 1`).
pub fn band_name(row: usize) -> String {
    match row {
        r if r < BANDS - 1 => format!("{}-{}", 20 * r + 1, 20 * r + 20),
        r if r == BANDS - 1 => format!("{}-", 20 * r + 1),
        BANDS => "1-220".to_owned(),
        _ => "all".to_owned(),
    }
}

/// How a model's candidates are scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Score {
    /// Equations 3 and 4 with Table 3's correction (the paper's Table 4).
    Paper,
    /// Equations 3 and 4 alone (the paper's Table 2).
    Uncorrected,
    /// The expected equation 3 under the leaf's distribution, with Table 3.
    Expected,
    /// Equation 3 with the height correction learned from the training games.
    LearnedHeight,
    /// The expected equation 3 with the learned height correction.
    ExpectedLearned,
}

impl Score {
    fn config(self, model: &StrengthModel) -> Result<ScoreConfig, String> {
        let table3 = Some(HeightCorrection::paper_distance());
        let learned = || model.height.clone().ok_or("the model has no learned height correction");
        let (height, distance) = match self {
            Score::Paper => (table3, DistanceScore::Paper),
            Score::Uncorrected => (None, DistanceScore::Paper),
            Score::Expected => (table3, DistanceScore::Expected),
            Score::LearnedHeight => (Some(learned()?), DistanceScore::Paper),
            Score::ExpectedLearned => (Some(learned()?), DistanceScore::Expected),
        };
        Ok(ScoreConfig { top: 50.0, height, distance })
    }

    fn name(self) -> &'static str {
        match self {
            Score::Paper => "paper",
            Score::Uncorrected => "uncorrected",
            Score::Expected => "expected",
            Score::LearnedHeight => "learned-height",
            Score::ExpectedLearned => "expected-learned",
        }
    }
}

/// The options of `go-lab strength eval`.
#[derive(Clone, Debug, clap::Args)]
pub struct EvalArgs {
    /// A strength model (JSON); repeat for several. Its generators are named after the
    /// file's stem.
    #[arg(long = "model", value_name = "MODEL.json")]
    pub models: Vec<PathBuf>,
    /// A combined model (`go-lab strength combine`); repeat for several. Its generator
    /// is named after the file's stem.
    #[arg(long = "combined", value_name = "COMBINED.json")]
    pub combined: Vec<PathBuf>,
    /// The folder of game records.
    #[arg(long, value_name = "DIR")]
    pub games: PathBuf,
    /// The games to evaluate on.
    #[arg(long, value_enum, default_value_t = Part::Test)]
    pub part: Part,
    /// Use only the first N games of the part (in hash order, before the shard).
    #[arg(long, value_name = "N")]
    pub max_games: Option<usize>,
    /// How each model scores its candidates (comma-separated).
    #[arg(long, value_enum, value_delimiter = ',', default_values_t = [Score::Uncorrected, Score::Paper])]
    pub scores: Vec<Score>,
    /// Write one record per game (JSON lines) for `go-lab report` instead of the
    /// summary; `--json` writes the summary as JSON lines.
    #[arg(long)]
    pub records: bool,
    /// Also report the difference of two generators' hit rates on moves 1–220 in each
    /// protocol, with a paired 95 % bootstrap interval over games (`A,B`: A − B, by
    /// generator name as in the table); repeat for several pairs.
    #[arg(long = "pair", value_name = "A,B")]
    pub pairs: Vec<String>,
    /// Jobs, shard and output form (`--json`: one summary object per generator,
    /// protocol and band).
    #[command(flatten)]
    pub batch: BatchOptions,
}

/// The totals of one game in one protocol and band.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cell {
    /// The protocol (`paper` or `all`).
    pub protocol: String,
    /// The band (0 for moves 1–20, ..., 11 for 221 on).
    pub band: usize,
    /// The positions.
    pub positions: u32,
    /// The legal points, summed over the positions.
    pub legal: u64,
    /// The legal points touching no stone, summed.
    pub far: u64,
    /// The hit shares of each generator (in [`Record::generators`] order), summed.
    pub hits: Vec<f64>,
}

/// How a model predicts the strength of the samples of one game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SampleTally {
    /// The model's name.
    pub model: String,
    /// The samples.
    pub samples: u64,
    /// Those predicted exactly.
    pub right: u64,
    /// The summed absolute errors.
    pub error: u64,
}

/// The record of one game: a line of `--records`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Always [`NAME`].
    pub experiment: String,
    /// The game, relative to the games folder.
    pub file: String,
    /// Why the game was skipped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The generators, in the order of [`Cell::hits`].
    #[serde(default)]
    pub generators: Vec<String>,
    /// The non-empty cells.
    #[serde(default)]
    pub cells: Vec<Cell>,
    /// The models' predictions of the game's samples.
    #[serde(default)]
    pub samples: Vec<SampleTally>,
}

/// A row of the summary: a generator's hit rate in one protocol and band.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The generator.
    pub generator: String,
    /// The protocol.
    pub protocol: String,
    /// The band (`1-20`, ..., `221-`, `1-220`, `all`).
    pub band: String,
    /// The positions.
    pub positions: u64,
    /// The share of positions whose move is among the 10 candidates.
    pub top10: f64,
    /// The lower end of the 95 % bootstrap interval over games.
    pub low95: f64,
    /// Its upper end.
    pub high95: f64,
    /// The mean number of legal points.
    pub legal: f64,
    /// The mean number of legal points touching no stone.
    pub far: f64,
}

/// The summary of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The games evaluated.
    pub games: usize,
    /// The reasons of the games skipped.
    pub skipped: Vec<String>,
    /// The generators.
    pub generators: Vec<String>,
    /// The rows, by protocol, then band, then generator.
    pub rows: Vec<Row>,
    /// The models' sample accuracy over all games.
    pub samples: Vec<SampleTally>,
}

/// The generators of a run: `random` is computed, not generated.
struct Generators {
    names: Vec<String>,
    list: Vec<Box<dyn CandidateGenerator + Send + Sync>>,
    models: Vec<(String, Arc<StrengthModel>)>,
}

fn generators(args: &EvalArgs) -> Result<Generators, CommandError> {
    let mut names = vec!["random".to_owned()];
    let mut list: Vec<Box<dyn CandidateGenerator + Send + Sync>> = vec![];
    let mut models = vec![];
    for path in &args.models {
        let model =
            Arc::new(StrengthModel::load(path).map_err(|e| CommandError::Failed(e.to_string()))?);
        let stem = path.file_stem().map_or("model".into(), |s| s.to_string_lossy().into_owned());
        for score in &args.scores {
            names.push(format!("{stem}/{}", score.name()));
            let config = score.config(&model).map_err(|e| format!("{}: {e}", path.display()))?;
            list.push(Box::new(StrengthCandidates::new(model.clone(), config)));
        }
        models.push((stem, model));
    }
    for path in &args.combined {
        let text = std::fs::read_to_string(path)
            .map_err(|e| CommandError::Failed(format!("{}: {e}", path.display())))?;
        let model = CombinedModel::from_json(&text)
            .map_err(|e| CommandError::Failed(format!("{}: {e}", path.display())))?;
        names
            .push(path.file_stem().map_or("combined".into(), |s| s.to_string_lossy().into_owned()));
        list.push(Box::new(CombinedCandidates::new(Arc::new(model))));
    }
    names.push("potential".into());
    list.push(Box::new(PotentialCandidates { height: None, ..PotentialCandidates::paper() }));
    names.push("potential+height".into());
    list.push(Box::new(PotentialCandidates::paper()));
    names.push("locality".into());
    list.push(Box::new(LocalityCandidates));
    Ok(Generators { names, list, models })
}

/// Evaluates the games of the shard and writes the records, or the summary as a table
/// or JSON lines.
///
/// # Errors
///
/// A model cannot be read, the folder cannot be read, no game could be evaluated, or
/// writing fails.
pub fn run(args: &EvalArgs, out: &mut Stdout) -> Result<ExitCode, CommandError> {
    let gens = generators(args)?;
    let mut games = games::games_of(&args.games, args.part)?;
    games.truncate(args.max_games.unwrap_or(usize::MAX));
    let games: Vec<GameFile> = args.batch.shard.select(games).collect();
    let pool = batch::pool(args.batch.jobs)?;
    let started = Instant::now();
    let mut records = Vec::new();
    batch::run_ordered(
        &pool,
        &games,
        |g| g.rel.clone(),
        |g| evaluate(g, &gens),
        |_, record| {
            if args.records {
                batch::write_json_line(out, &record)?;
                out.flush()?;
            }
            records.push(record);
            Ok(())
        },
    )?;
    let summary = summarize(&records)?;
    for s in &summary.skipped {
        eprintln!("skipped {s}");
    }
    if args.records {
        return Ok(ExitCode::SUCCESS);
    }
    let pairs = pairs(&records, &args.pairs)?;
    if args.batch.json {
        summary.rows.iter().try_for_each(|row| batch::write_json_line(out, row))?;
        pairs.iter().try_for_each(|p| batch::write_json_line(out, p))?;
    } else {
        print_table(out, &summary, Some(started.elapsed().as_secs_f64()))?;
        print_pairs(out, &pairs)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The paired differences `A,B` of `specs` in both protocols.
///
/// # Errors
///
/// A spec is not `A,B`, or as [`paired`].
pub fn pairs(records: &[Record], specs: &[String]) -> Result<Vec<Paired>, String> {
    let mut out = Vec::new();
    for spec in specs {
        let (a, b) = spec.split_once(',').ok_or_else(|| format!("--pair {spec:?}: A,B"))?;
        for protocol in PROTOCOLS {
            out.push(paired(records, protocol, a, b)?);
        }
    }
    Ok(out)
}

/// Prints paired differences (nothing when there are none).
///
/// # Errors
///
/// Writing fails.
pub fn print_pairs(out: &mut impl Write, pairs: &[Paired]) -> Result<(), CommandError> {
    if !pairs.is_empty() {
        writeln!(out, "\npaired differences on moves 1-220, percentage points [95 % interval]")?;
    }
    for p in pairs {
        writeln!(
            out,
            "{:>6} {} - {}: {:+.2} [{:+.2}, {:+.2}]",
            p.protocol,
            p.generators[0],
            p.generators[1],
            100.0 * p.difference,
            100.0 * p.low95,
            100.0 * p.high95
        )?;
    }
    Ok(())
}

/// The difference of two generators' hit rates.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Paired {
    /// The two generators, A then B.
    pub generators: [String; 2],
    /// The protocol.
    pub protocol: String,
    /// Always `1-220`.
    pub band: String,
    /// A's hit rate minus B's.
    pub difference: f64,
    /// The lower end of the paired 95 % percentile bootstrap interval over games (2,000
    /// resamples, fixed seed).
    pub low95: f64,
    /// Its upper end.
    pub high95: f64,
}

/// The difference of generators `a` and `b` on moves 1–220 of `protocol`, with a
/// paired bootstrap over the games of `records` (in path order).
///
/// # Errors
///
/// A generator is not in the records, or no game was evaluated.
pub fn paired(records: &[Record], protocol: &str, a: &str, b: &str) -> Result<Paired, String> {
    let mut used: Vec<&Record> = records.iter().filter(|r| r.error.is_none()).collect();
    used.sort_by(|x, y| x.file.cmp(&y.file));
    let first = used.first().ok_or("no game could be evaluated")?;
    let index = |g: &str| {
        first.generators.iter().position(|n| n == g).ok_or_else(|| format!("no generator {g:?}"))
    };
    let (ia, ib) = (index(a)?, index(b)?);
    // Per game: positions, hits of a, hits of b.
    let per_game: Vec<(f64, f64, f64)> = used
        .iter()
        .map(|r| {
            r.cells
                .iter()
                .filter(|c| c.protocol == protocol && c.band < BANDS - 1)
                .fold((0.0, 0.0, 0.0), |(p, ha, hb), c| {
                    (p + f64::from(c.positions), ha + c.hits[ia], hb + c.hits[ib])
                })
        })
        .collect();
    let rate = |games: &mut dyn Iterator<Item = (f64, f64, f64)>| {
        let (p, ha, hb) = games.fold((0.0, 0.0, 0.0), |s, g| (s.0 + g.0, s.1 + g.1, s.2 + g.2));
        if p > 0.0 { (ha - hb) / p } else { 0.0 }
    };
    let difference = rate(&mut per_game.iter().copied());
    let rounds = 2000;
    let mut rng = SplitMix(fnv_seed(protocol, BANDS, &format!("{a}-{b}")));
    let n = per_game.len() as u64;
    let mut stats: Vec<f64> = (0..rounds)
        .map(|_| rate(&mut (0..n).map(|_| per_game[(rng.next() % n) as usize])))
        .collect();
    stats.sort_by(f64::total_cmp);
    Ok(Paired {
        generators: [a.to_owned(), b.to_owned()],
        protocol: protocol.to_owned(),
        band: band_name(BANDS),
        difference,
        low95: stats[rounds * 25 / 1000],
        high95: stats[rounds * 975 / 1000],
    })
}

/// The record of one game.
fn evaluate(game: &GameFile, gens: &Generators) -> Record {
    let mut record = Record {
        experiment: NAME.to_owned(),
        file: game.rel.clone(),
        error: None,
        generators: gens.names.clone(),
        cells: vec![],
        samples: vec![],
    };
    match cells(game, gens) {
        Ok((cells, samples)) => {
            record.cells = cells;
            record.samples = samples;
        }
        Err(e) => {
            record.error = Some(e);
            record.generators.clear();
        }
    }
    record
}

fn cells(game: &GameFile, gens: &Generators) -> Result<(Vec<Cell>, Vec<SampleTally>), String> {
    let record = games::load(game)?;
    let g = gens.names.len();
    let mut grid: Vec<Vec<Cell>> = PROTOCOLS
        .iter()
        .map(|p| {
            (0..BANDS)
                .map(|band| Cell {
                    protocol: (*p).to_owned(),
                    band,
                    positions: 0,
                    legal: 0,
                    far: 0,
                    hits: vec![0.0; g],
                })
                .collect()
        })
        .collect();
    let mut tallies: Vec<SampleTally> = gens
        .models
        .iter()
        .map(|(name, _)| SampleTally { model: name.clone(), ..SampleTally::default() })
        .collect();
    let mut buffer: Vec<Candidate> = Vec::new();
    games::walk(&record, |position, color, mv, number| {
        let Move::Play(p) = mv else { return };
        let view = RenView::new(position.board(), number);
        let touching = view.map.touches(p);
        if !touching {
            let samples = view_samples(&view, color, p);
            for ((_, model), tally) in gens.models.iter().zip(&mut tallies) {
                for s in &samples {
                    let predicted = model.strength(&s.attributes);
                    tally.samples += 1;
                    tally.right += u64::from(predicted == s.distance);
                    tally.error += u64::from(predicted.abs_diff(s.distance));
                }
            }
        }
        let legal: Vec<go_board::Point> = position.legal_moves().filter_map(Move::point).collect();
        let far = legal.iter().filter(|q| !view.map.touches(**q)).count();
        let random = |n: usize| if n > 0 { n.min(10) as f64 / n as f64 } else { 0.0 };
        let mut shares = [vec![random(far)], vec![random(legal.len())]];
        for generator in &gens.list {
            buffer.clear();
            generator.generate(position, &mut buffer);
            shares[1].push(hit_share(&buffer, mv, 10));
            if !touching {
                buffer.retain(|c| c.mv.point().is_some_and(|q| !view.map.touches(q)));
                shares[0].push(hit_share(&buffer, mv, 10));
            }
        }
        let b = band(number);
        for (protocol, row) in grid.iter_mut().enumerate() {
            if protocol == 0 && touching {
                continue;
            }
            let cell = &mut row[b];
            cell.positions += 1;
            cell.legal += legal.len() as u64;
            cell.far += far as u64;
            for (h, s) in cell.hits.iter_mut().zip(&shares[protocol]) {
                *h += s;
            }
        }
    })
    .map_err(|e| format!("{}: {e}", game.rel))?;
    let cells = grid.into_iter().flatten().filter(|c| c.positions > 0).collect();
    Ok((cells, tallies))
}

/// splitmix64, the bootstrap's generator.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The 95 % percentile bootstrap interval over games of `Σ hits / Σ positions`, from
/// per-game `(hits, positions)`, with `rounds` resamples from `seed`.
///
/// # Examples
///
/// ```
/// use go_lab::strength::eval::bootstrap;
/// // Every game alike: the interval is the point.
/// assert_eq!(bootstrap(&[(1.0, 4.0); 10], 200, 1), (0.25, 0.25));
/// let (low, high) = bootstrap(&[(0.0, 5.0), (5.0, 5.0), (2.0, 5.0), (3.0, 5.0)], 1000, 7);
/// assert!(low < 0.5 && 0.5 < high);
/// ```
pub fn bootstrap(per_game: &[(f64, f64)], rounds: usize, seed: u64) -> (f64, f64) {
    if per_game.is_empty() || rounds == 0 {
        return (f64::NAN, f64::NAN);
    }
    let mut rng = SplitMix(seed);
    let n = per_game.len() as u64;
    let mut stats: Vec<f64> = (0..rounds)
        .map(|_| {
            let (mut h, mut p) = (0.0, 0.0);
            for _ in 0..n {
                let (hh, pp) = per_game[(rng.next() % n) as usize];
                h += hh;
                p += pp;
            }
            if p > 0.0 { h / p } else { 0.0 }
        })
        .collect();
    stats.sort_by(f64::total_cmp);
    let at = |q: f64| stats[((q * rounds as f64) as usize).min(rounds - 1)];
    (at(0.025), at(0.975))
}

/// Adds up the records of one or more runs into the summary rows, games in the order
/// of their paths.
///
/// # Errors
///
/// No game was evaluated, a game appears twice, or the records name different
/// generators.
pub fn summarize(records: &[Record]) -> Result<Summary, String> {
    let mut seen = BTreeSet::new();
    let mut skipped = Vec::new();
    let mut generators: Option<&Vec<String>> = None;
    let mut used: Vec<&Record> = Vec::new();
    for record in records {
        if !seen.insert(record.file.as_str()) {
            return Err(format!("game {} is recorded twice", record.file));
        }
        if let Some(error) = &record.error {
            skipped.push(error.clone());
            continue;
        }
        match generators {
            None => generators = Some(&record.generators),
            Some(g) if *g != record.generators => {
                return Err(format!("game {} has other generators than the first", record.file));
            }
            Some(_) => {}
        }
        used.push(record);
    }
    // The summary does not depend on the order of the records (shards merged in any
    // order give the same sums and the same bootstrap draws).
    used.sort_by(|a, b| a.file.cmp(&b.file));
    let Some(generators) = generators else {
        let why = skipped.first().map_or(String::new(), |s| format!(" (first: {s})"));
        return Err(format!(
            "no game could be evaluated: {} of {} skipped{why}",
            skipped.len(),
            records.len()
        ));
    };
    let mut rows = Vec::new();
    for protocol in PROTOCOLS {
        for row in 0..BANDS + 2 {
            let in_row = |band: usize| match row {
                r if r < BANDS => band == r,
                BANDS => band < BANDS - 1,
                _ => true,
            };
            // Per game: (positions, legal, far, hits per generator).
            let per_game: Vec<(f64, f64, f64, Vec<f64>)> = used
                .iter()
                .map(|r| {
                    let mut acc = (0.0, 0.0, 0.0, vec![0.0; generators.len()]);
                    for c in r.cells.iter().filter(|c| c.protocol == protocol && in_row(c.band)) {
                        acc.0 += f64::from(c.positions);
                        acc.1 += c.legal as f64;
                        acc.2 += c.far as f64;
                        for (a, h) in acc.3.iter_mut().zip(&c.hits) {
                            *a += h;
                        }
                    }
                    acc
                })
                .collect();
            let positions: f64 = per_game.iter().map(|g| g.0).sum();
            if positions == 0.0 {
                continue;
            }
            let legal = per_game.iter().map(|g| g.1).sum::<f64>() / positions;
            let far = per_game.iter().map(|g| g.2).sum::<f64>() / positions;
            for (k, generator) in generators.iter().enumerate() {
                let pairs: Vec<(f64, f64)> = per_game.iter().map(|g| (g.3[k], g.0)).collect();
                let hits: f64 = pairs.iter().map(|p| p.0).sum();
                let seed = fnv_seed(protocol, row, generator);
                let (low95, high95) = bootstrap(&pairs, 1000, seed);
                rows.push(Row {
                    generator: generator.clone(),
                    protocol: protocol.to_owned(),
                    band: band_name(row),
                    positions: positions as u64,
                    top10: hits / positions,
                    low95,
                    high95,
                    legal,
                    far,
                });
            }
        }
    }
    let mut samples: Vec<SampleTally> = Vec::new();
    for t in used.iter().flat_map(|r| &r.samples) {
        match samples.iter_mut().find(|s| s.model == t.model) {
            Some(s) => {
                s.samples += t.samples;
                s.right += t.right;
                s.error += t.error;
            }
            None => samples.push(t.clone()),
        }
    }
    Ok(Summary { games: used.len(), skipped, generators: generators.clone(), rows, samples })
}

/// A bootstrap seed that depends on the row only (so that a row's interval does not
/// change when other generators are added).
fn fnv_seed(protocol: &str, row: usize, generator: &str) -> u64 {
    games::fnv1a(&format!("{protocol}/{row}/{generator}"))
}

/// Prints the summary: the models' sample accuracy, then one table per protocol, a row
/// per band, a column per generator (hit rate in percent and its interval).
///
/// # Errors
///
/// Writing fails.
pub fn print_table(
    out: &mut impl Write,
    summary: &Summary,
    seconds: Option<f64>,
) -> Result<(), CommandError> {
    let time = seconds.map_or(String::new(), |s| format!(" ({s:.0} s)"));
    writeln!(out, "Strength candidates: {} games{time}", summary.games)?;
    for s in &summary.samples {
        let n = s.samples.max(1) as f64;
        writeln!(
            out,
            "model {}: {} samples, accuracy {:.2} %, mean error {:.3}",
            s.model,
            s.samples,
            100.0 * s.right as f64 / n,
            s.error as f64 / n
        )?;
    }
    for protocol in PROTOCOLS {
        writeln!(out, "\nprotocol {protocol}: top-10 hit rate, % [95 % interval]")?;
        write!(out, "{:>8} {:>5} {:>5} {:>6}", "moves", "legal", "far", "pos")?;
        for g in &summary.generators {
            write!(out, " {g:>19}")?;
        }
        writeln!(out)?;
        let rows: Vec<&Row> = summary.rows.iter().filter(|r| r.protocol == protocol).collect();
        for chunk in rows.chunks(summary.generators.len()) {
            let r = chunk[0];
            write!(out, "{:>8} {:>5.0} {:>5.0} {:>6}", r.band, r.legal, r.far, r.positions)?;
            for r in chunk {
                let cell = format!(
                    "{:.2} [{:.1},{:.1}]",
                    100.0 * r.top10,
                    100.0 * r.low95,
                    100.0 * r.high95
                );
                write!(out, " {cell:>19}")?;
            }
            writeln!(out)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(file: &str, hits: [f64; 2], positions: u32) -> Record {
        Record {
            experiment: NAME.to_owned(),
            file: file.to_owned(),
            error: None,
            generators: vec!["random".into(), "g".into()],
            cells: vec![Cell {
                protocol: "paper".into(),
                band: 1,
                positions,
                legal: 300 * u64::from(positions),
                far: 200 * u64::from(positions),
                hits: hits.to_vec(),
            }],
            samples: vec![SampleTally { model: "m".into(), samples: 4, right: 2, error: 3 }],
        }
    }

    #[test]
    fn records_add_up_by_band_and_survive_json() {
        let records = [record("a.sgf", [0.5, 2.0], 10), record("b.sgf", [0.5, 1.0], 10)];
        for r in &records {
            let line = serde_json::to_string(r).unwrap();
            assert_eq!(&serde_json::from_str::<Record>(&line).unwrap(), r);
        }
        let s = summarize(&records).unwrap();
        assert_eq!(s.games, 2);
        let row = |band: &str, g: &str| {
            s.rows.iter().find(|r| r.band == band && r.generator == g && r.protocol == "paper")
        };
        let r = row("21-40", "g").unwrap();
        assert_eq!((r.positions, r.top10, r.legal, r.far), (20, 0.15, 300.0, 200.0));
        assert!(r.low95 <= 0.15 && 0.15 <= r.high95);
        // The same positions make the 1-220 and all rows; no other band has any.
        assert_eq!(row("1-220", "g").unwrap().top10, 0.15);
        assert_eq!(row("all", "random").unwrap().top10, 0.05);
        assert!(row("1-20", "g").is_none());
        assert!(s.rows.iter().all(|r| r.protocol == "paper"));
        assert_eq!(s.samples[0].samples, 8);
    }

    #[test]
    fn issue_13_merging_twice_or_nothing_is_an_error() {
        let twice = summarize(&[record("a.sgf", [0.0, 0.0], 1), record("a.sgf", [0.0, 0.0], 1)]);
        assert!(twice.unwrap_err().contains("twice"));
        let mut skipped = record("a.sgf", [0.0, 0.0], 1);
        skipped.error = Some("a.sgf: a 9x9 board, not 19x19".into());
        let none = summarize(&[skipped]).unwrap_err();
        assert!(none.contains("no game could be evaluated") && none.contains("9x9"), "{none}");
        let mut other = record("b.sgf", [0.0, 0.0], 1);
        other.generators[1] = "h".into();
        assert!(summarize(&[record("a.sgf", [0.0, 0.0], 1), other]).is_err());
    }

    #[test]
    fn paired_differences() {
        let records = [record("a.sgf", [1.0, 3.0], 10), record("b.sgf", [1.0, 1.0], 10)];
        let p = paired(&records, "paper", "g", "random").unwrap();
        assert!((p.difference - 0.1).abs() < 1e-12, "{p:?}");
        assert!(p.low95 <= p.difference && p.difference <= p.high95);
        assert_eq!(p.band, "1-220");
        assert!(paired(&records, "paper", "g", "nothing").unwrap_err().contains("nothing"));
    }

    #[test]
    fn bands_and_their_names() {
        assert_eq!(
            (band(1), band(20), band(21), band(220), band(221), band(400)),
            (0, 0, 1, 10, 11, 11)
        );
        let names: Vec<String> = (0..BANDS + 2).map(band_name).collect();
        assert_eq!(names[0], "1-20");
        assert_eq!(names[10], "201-220");
        assert_eq!(names[11], "221-");
        assert_eq!(names[12], "1-220");
        assert_eq!(names[13], "all");
    }
}
