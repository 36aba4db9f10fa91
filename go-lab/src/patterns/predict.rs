//! `go-lab patterns predict`: move prediction on professional games never used for
//! learning: how often each generator ranks the move played first, in its first 3, 5 or
//! 10, or among its candidates at all, by move number.
//!
//! The games and positions are those of `go-lab strength eval` (its split by path, its
//! records used and its replay, [`crate::strength::games`]; every move but the passes), so
//! that its generators (`--combined`, go-eval's `strength::combined`) and the locality
//! baseline (go-eval's [`LocalityCandidates`]: every legal point, nearer the opponent's
//! last move first, then nearer the mover's) are measured here on the same positions as
//! the learned patterns.
//!
//! Ties are counted at their expected value: a played move tied with `t` candidates
//! (itself included) behind `a` stronger ones is in the top `k` with probability
//! `clamp((k - a) / t, 0, 1)`, so the uniform random generator scores exactly `k / n`.
//! Intervals are 95 % normal intervals with the variance clustered by game (moves of
//! one game are not independent).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use std::sync::Arc;

use go_board::{Event, Move, Position};
use go_engine::output::{CommandError, Stdout};
use go_eval::strength::baselines::LocalityCandidates;
use go_eval::strength::combined::{CombinedCandidates, CombinedModel};
use go_patterns::learned::LearnedPatterns;
use go_patterns::{Candidate, CandidateGenerator, Intent, Source};
use serde::{Deserialize, Serialize};

use super::gtp::GtpEngine;
use super::ladder::Reading;
use crate::batch::{self, BatchOptions};
use crate::strength::games::{self, GameFile, Part};

/// The options of `go-lab patterns predict`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The learned model (written by `go-lab patterns learn`).
    #[arg(long, value_name = "FILE")]
    pub patterns: PathBuf,
    /// The folder of SGF games (searched recursively); 19×19 games without handicap or
    /// setup stones are used.
    #[arg(long, value_name = "DIR")]
    pub games: PathBuf,
    /// The games to predict (the split of `go-lab strength`).
    #[arg(long, value_enum, default_value_t = Part::Test)]
    pub part: Part,
    /// Use only the first N games of the part (in hash order, before the shard).
    #[arg(long, value_name = "N")]
    pub max_games: Option<usize>,
    /// Also measure a combined strength model (`go-lab strength combine`, such as
    /// go-eval's `models/combined.json`), named after the file's stem; repeatable.
    #[arg(long = "combined", value_name = "COMBINED.json")]
    pub combined: Vec<PathBuf>,
    /// The candidates the learned generator proposes (its coverage).
    #[arg(long, value_name = "K", default_value_t = LearnedPatterns::DEFAULT_CANDIDATES)]
    pub candidates: usize,
    /// How the learned patterns read ladders (as they were trained).
    #[arg(long, value_enum, default_value_t = Reading::Ladder)]
    pub reading: Reading,
    /// Predict only K positions per game (chosen by a hash of the game), for slow
    /// generators.
    #[arg(long, value_name = "K")]
    pub sample: Option<usize>,
    /// Also ask a GTP engine (a command line, such as `/usr/games/gnugo --mode gtp
    /// --level 10`): `reg_genmove`, then `top_moves`.
    #[arg(long, value_name = "COMMAND")]
    pub gtp: Option<String>,
    /// The GTP engine's name in the results.
    #[arg(long, value_name = "NAME", default_value = "gtp")]
    pub gtp_name: String,
    /// Jobs, shard and output form (`--json`: one object per generator and band).
    #[command(flatten)]
    pub batch: BatchOptions,
}

/// The move-number bands.
pub const BANDS: [(&str, usize, usize); 4] =
    [("1-50", 1, 50), ("51-150", 51, 150), ("151+", 151, usize::MAX), ("all", 1, usize::MAX)];

/// The name of the experiment, in its records.
pub const NAME: &str = "patterns-predict";

/// The number of measures: top 1, top 3, top 5, top 10, coverage.
pub const MEASURES: usize = 5;

/// The counts of one generator in one band: positions, expected hits, and the sums of
/// squares by game for the clustered variance. Tallies of disjoint sets of games add up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tally {
    /// Games with a position in the band.
    pub games: u64,
    /// Positions.
    pub positions: f64,
    /// Expected hits: top 1, top 3, top 5, top 10, coverage.
    pub hits: [f64; MEASURES],
    /// Per game: sums of hits², hits × positions, positions².
    hh: [f64; MEASURES],
    hn: [f64; MEASURES],
    nn: f64,
    /// Nanoseconds spent generating.
    pub nanos: f64,
}

impl Tally {
    /// Adds one game's positions and hits.
    fn add_game(&mut self, positions: f64, hits: [f64; MEASURES], nanos: f64) {
        if positions == 0.0 {
            return;
        }
        self.games += 1;
        self.positions += positions;
        self.nn += positions * positions;
        for (m, &h) in hits.iter().enumerate() {
            self.hits[m] += h;
            self.hh[m] += h * h;
            self.hn[m] += h * positions;
        }
        self.nanos += nanos;
    }

    /// Adds another tally.
    fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        self.positions += other.positions;
        self.nn += other.nn;
        for m in 0..MEASURES {
            self.hits[m] += other.hits[m];
            self.hh[m] += other.hh[m];
            self.hn[m] += other.hn[m];
        }
        self.nanos += other.nanos;
    }

    /// The rate of metric `m` and its 95 % half-interval (clustered by game).
    pub fn rate(&self, m: usize) -> (f64, f64) {
        if self.positions == 0.0 {
            return (0.0, 0.0);
        }
        let p = self.hits[m] / self.positions;
        let g = self.games as f64;
        let spread = (self.hh[m] - 2.0 * p * self.hn[m] + p * p * self.nn).max(0.0);
        let correction = if g > 1.0 { g / (g - 1.0) } else { 1.0 };
        (p, 1.96 * (correction * spread).sqrt() / self.positions)
    }
}

/// A row of the results: one generator in one band (a line of `--json`). The rows of
/// shards (disjoint games) merge with `go-lab report`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// Always [`NAME`].
    pub experiment: String,
    /// The generator's name.
    pub generator: String,
    /// The band of move numbers.
    pub band: String,
    /// The games with a position in the band.
    pub games: u64,
    /// The positions.
    pub positions: u64,
    /// The share of positions whose move was ranked first.
    pub top1: f64,
    /// ... among the first 3.
    pub top3: f64,
    /// ... among the first 5.
    pub top5: f64,
    /// ... among the first 10.
    pub top10: f64,
    /// ... among the generator's candidates.
    pub coverage: f64,
    /// The 95 % half-intervals of top1, top3, top5, top10 and coverage.
    pub ci95: [f64; MEASURES],
    /// Microseconds per position spent generating.
    pub us_per_position: f64,
    /// The counts behind the rates.
    pub tally: Tally,
}

impl Row {
    /// The row of a generator's tally in a band.
    pub fn new(generator: &str, band: &str, t: Tally) -> Row {
        let rates: Vec<(f64, f64)> = (0..MEASURES).map(|m| t.rate(m)).collect();
        Row {
            experiment: NAME.to_owned(),
            generator: generator.to_owned(),
            band: band.to_owned(),
            games: t.games,
            positions: t.positions as u64,
            top1: rates[0].0,
            top3: rates[1].0,
            top5: rates[2].0,
            top10: rates[3].0,
            coverage: rates[4].0,
            ci95: [rates[0].1, rates[1].1, rates[2].1, rates[3].1, rates[4].1],
            us_per_position: if t.positions > 0.0 { t.nanos / t.positions / 1e3 } else { 0.0 },
            tally: t,
        }
    }
}

/// Merges the rows of several runs on disjoint games (shards): one row per generator and
/// band, in the order of their first appearance.
pub fn summarize(rows: &[Row]) -> Vec<Row> {
    let mut merged: Vec<(String, String, Tally)> = Vec::new();
    for r in rows {
        match merged.iter_mut().find(|(g, b, _)| *g == r.generator && *b == r.band) {
            Some((_, _, t)) => t.merge(&r.tally),
            None => merged.push((r.generator.clone(), r.band.clone(), r.tally)),
        }
    }
    merged.into_iter().map(|(g, b, t)| Row::new(&g, &b, t)).collect()
}

/// Prints the table of the rows.
///
/// # Errors
///
/// Writing fails.
pub fn print_table(out: &mut impl Write, rows: &[Row]) -> Result<(), CommandError> {
    writeln!(
        out,
        "{:<10} {:<7} {:>9} {:>15} {:>15} {:>15} {:>15} {:>15} {:>9}",
        "generator",
        "moves",
        "positions",
        "top-1",
        "top-3",
        "top-5",
        "top-10",
        "coverage",
        "us/pos"
    )?;
    for r in rows {
        let cell = |p: f64, ci: f64| format!("{:5.1}% ± {:4.1}", 100.0 * p, 100.0 * ci);
        writeln!(
            out,
            "{:<10} {:<7} {:>9} {:>15} {:>15} {:>15} {:>15} {:>15} {:>9.1}",
            r.generator,
            r.band,
            r.positions,
            cell(r.top1, r.ci95[0]),
            cell(r.top3, r.ci95[1]),
            cell(r.top5, r.ci95[2]),
            cell(r.top10, r.ci95[3]),
            cell(r.coverage, r.ci95[4]),
            r.us_per_position
        )?;
    }
    Ok(())
}

/// The uniform random legal move: every legal move (the pass too) with the same weight.
#[derive(Clone, Copy, Debug, Default)]
pub struct UniformRandom;

impl CandidateGenerator for UniformRandom {
    fn name(&self) -> &str {
        "random"
    }

    fn generate(&self, position: &Position, out: &mut Vec<Candidate>) {
        let source = Source::new("random", "uniform");
        out.extend(
            position.legal_moves().map(|mv| Candidate::new(mv, Intent::Shape, 1.0, source.clone())),
        );
    }
}

/// A generator under another name (a model named after its file).
struct Named<G>(String, G);

impl<G: CandidateGenerator> CandidateGenerator for Named<G> {
    fn name(&self) -> &str {
        &self.0
    }

    fn generate(&self, position: &Position, out: &mut Vec<Candidate>) {
        self.1.generate(position, out);
    }
}

/// The expected hits of the move played in a candidate list: top 1, 3, 5, 10 and
/// coverage (ties at their expected value).
pub fn hits(candidates: &[Candidate], played: Move) -> [f64; MEASURES] {
    // The best weight of each move.
    let mut best: Vec<(Move, f64)> = Vec::with_capacity(candidates.len());
    for c in candidates {
        match best.iter_mut().find(|(m, _)| *m == c.mv) {
            Some((_, w)) => *w = w.max(c.weight),
            None => best.push((c.mv, c.weight)),
        }
    }
    let Some(&(_, w)) = best.iter().find(|(m, _)| *m == played) else {
        return [0.0; MEASURES];
    };
    let above = best.iter().filter(|(_, x)| *x > w).count() as f64;
    let tied = best.iter().filter(|(_, x)| *x == w).count() as f64;
    let within = |k: f64| ((k - above) / tied).clamp(0.0, 1.0);
    [within(1.0), within(3.0), within(5.0), within(10.0), 1.0]
}

/// One game's tallies: per generator, per band.
type GameTallies = Vec<[Tally; BANDS.len()]>;

/// Runs the command.
///
/// # Errors
///
/// The model or the folder cannot be read, no game of the split is found, or writing
/// fails.
pub fn run(args: &Args, out: &mut Stdout) -> Result<ExitCode, CommandError> {
    let model = LearnedPatterns::load(&args.patterns)
        .map_err(|e| CommandError::Failed(e.to_string()))?
        .with_candidates(args.candidates)
        .with_oracle(args.reading.oracle());
    let mut generators: Vec<Box<dyn CandidateGenerator + Sync>> =
        vec![Box::new(model), Box::new(LocalityCandidates)];
    for path in &args.combined {
        let text = std::fs::read_to_string(path)
            .map_err(|e| CommandError::Failed(format!("{}: {e}", path.display())))?;
        let model = CombinedModel::from_json(&text)
            .map_err(|e| CommandError::Failed(format!("{}: {e}", path.display())))?;
        let name = path.file_stem().map_or("combined".into(), |s| s.to_string_lossy().into_owned());
        generators.push(Box::new(Named(name, CombinedCandidates::new(Arc::new(model)))));
    }
    generators.push(Box::new(UniformRandom));
    if let Some(command) = &args.gtp {
        generators.push(Box::new(GtpEngine::start(command, &args.gtp_name)?));
    }
    let pool = batch::pool(args.batch.jobs)?;
    let started = Instant::now();
    let mut skipped = Vec::new();
    let mut files = games::games_of(&args.games, args.part)?;
    files.truncate(args.max_games.unwrap_or(usize::MAX));
    let files: Vec<GameFile> = args.batch.shard.select(files).collect();
    let mut totals: GameTallies = vec![[Tally::default(); BANDS.len()]; generators.len()];
    let mut games = 0;
    batch::run_ordered(
        &pool,
        &files,
        |g| g.rel.clone(),
        |game| predict_game(game, args, &generators),
        |_, result| {
            match result {
                Ok(tallies) => {
                    games += 1;
                    for (total, game) in totals.iter_mut().zip(&tallies) {
                        for (t, g) in total.iter_mut().zip(game) {
                            t.merge(g);
                        }
                    }
                }
                Err(e) => skipped.push(e),
            }
            Ok(())
        },
    )?;
    if games == 0 {
        return Err(format!(
            "{}: no 19x19 game of the {:?} part could be used",
            args.games.display(),
            args.part
        )
        .into());
    }
    for e in skipped.iter().take(10) {
        eprintln!("skipped {e}");
    }
    let rows: Vec<Row> = generators
        .iter()
        .zip(&totals)
        .flat_map(|(g, bands)| {
            BANDS.iter().zip(bands).map(|(&(band, _, _), t)| Row::new(g.name(), band, *t))
        })
        .collect();
    if args.batch.json {
        for row in &rows {
            batch::write_json_line(out, row)?;
        }
    } else {
        writeln!(
            out,
            "Move prediction: {games} games of the {:?} part, {} skipped, {:.1} s",
            args.part,
            skipped.len(),
            started.elapsed().as_secs_f64()
        )?;
        print_table(out, &rows)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `k` move numbers of the game's moves that are not passes (all if it has no more),
/// chosen by a generator seeded with the hash of the game's path.
fn sample(game: &GameFile, record: &go_board::sgf::GameRecord, k: usize) -> Vec<usize> {
    let mut numbers: Vec<usize> = record
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Move(_, mv) => Some(*mv),
            Event::Setup(_) => None,
        })
        .enumerate()
        .filter(|(_, mv)| *mv != Move::Pass)
        .map(|(i, _)| i + 1)
        .collect();
    let mut state = games::fnv1a(&game.rel);
    // A partial Fisher-Yates shuffle with splitmix64.
    let k = k.min(numbers.len());
    for i in 0..k {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        let j = i + (z % (numbers.len() - i) as u64) as usize;
        numbers.swap(i, j);
    }
    numbers.truncate(k);
    numbers
}

/// The tallies of one game.
///
/// # Errors
///
/// The game cannot be used (see [`games::load`]) or replayed.
fn predict_game(
    game: &GameFile,
    args: &Args,
    generators: &[Box<dyn CandidateGenerator + Sync>],
) -> Result<GameTallies, String> {
    let record = games::load(game)?;
    // Per generator and band: positions, hits, nanoseconds.
    let mut sums = vec![[(0.0f64, [0.0f64; MEASURES], 0.0f64); BANDS.len()]; generators.len()];
    let mut candidates = Vec::new();
    let chosen = args.sample.map(|k| sample(game, &record, k));
    games::walk(&record, |position, _, mv, number| {
        let number = number as usize;
        if mv == Move::Pass || chosen.as_ref().is_some_and(|c| !c.contains(&number)) {
            return;
        }
        for (g, generator) in generators.iter().enumerate() {
            candidates.clear();
            let t = Instant::now();
            generator.generate(position, &mut candidates);
            let nanos = t.elapsed().as_nanos() as f64;
            let h = hits(&candidates, mv);
            for (b, &(_, lo, hi)) in BANDS.iter().enumerate() {
                if (lo..=hi).contains(&number) {
                    let s = &mut sums[g][b];
                    s.0 += 1.0;
                    for (sum, hit) in s.1.iter_mut().zip(h) {
                        *sum += hit;
                    }
                    s.2 += nanos;
                }
            }
        }
    })
    .map_err(|e| format!("{}: {e}", game.rel))?;
    Ok(sums
        .into_iter()
        .map(|bands| {
            bands.map(|(n, h, nanos)| {
                let mut t = Tally::default();
                t.add_game(n, h, nanos);
                t
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::{BoardSize, Rules};

    fn candidate(v: &str, w: f64) -> Candidate {
        let mv = Move::parse_gtp(v, BoardSize::square(19).unwrap()).unwrap();
        Candidate::new(mv, Intent::Shape, w, Source::new("t", "t"))
    }

    #[test]
    fn ties_count_at_their_expected_value() {
        let size = BoardSize::square(19).unwrap();
        let played = Move::parse_gtp("D4", size).unwrap();
        let list = [
            candidate("Q16", 3.0),
            candidate("D4", 2.0),
            candidate("C3", 2.0),
            candidate("D4", 1.0),
        ];
        assert_eq!(hits(&list, played), [0.0, 1.0, 1.0, 1.0, 1.0]);
        let list = [
            candidate("Q16", 3.0),
            candidate("Q4", 3.0),
            candidate("D4", 1.0),
            candidate("C3", 1.0),
            candidate("C4", 1.0),
            candidate("E4", 1.0),
        ];
        assert_eq!(hits(&list, played), [0.0, 0.25, 0.75, 1.0, 1.0]);
        assert_eq!(hits(&list[..2], played), [0.0; MEASURES]);
        // Uniform random on an empty board: k / 362.
        let position = Position::new(size, Rules::japanese());
        let mut out = Vec::new();
        UniformRandom.generate(&position, &mut out);
        let h = hits(&out, played);
        assert!((h[0] - 1.0 / 362.0).abs() < 1e-12 && (h[3] - 10.0 / 362.0).abs() < 1e-12);
    }

    #[test]
    fn locality_ranks_by_the_last_moves_with_ties_shared() {
        let size = BoardSize::square(19).unwrap();
        let mut position = Position::new(size, Rules::japanese());
        for v in ["D4", "Q16"] {
            position.try_play(Move::parse_gtp(v, size).unwrap()).unwrap();
        }
        let mut out = Vec::new();
        LocalityCandidates.generate(&position, &mut out);
        assert_eq!(out.len(), 361 - 2);
        let at = |v: &str| hits(&out, Move::parse_gtp(v, size).unwrap());
        // The neighbours of Q16 first: Q15 and P16 tie (265 from D4, squared), then R16
        // and Q17 (313); then the diagonals P15 (242), R15 and P17 (290), R17 (338).
        assert_eq!(at("Q15"), [0.5, 1.0, 1.0, 1.0, 1.0]);
        assert_eq!(at("Q17"), [0.0, 0.5, 1.0, 1.0, 1.0]);
        assert_eq!(at("P15"), [0.0, 0.0, 1.0, 1.0, 1.0]);
        assert_eq!(at("R15"), [0.0, 0.0, 0.0, 1.0, 1.0]);
        assert_eq!(at("R17"), [0.0, 0.0, 0.0, 1.0, 1.0]);
        assert_eq!(at("A1"), [0.0, 0.0, 0.0, 0.0, 1.0]);
    }

    #[test]
    fn clustered_intervals() {
        let mut t = Tally::default();
        t.add_game(10.0, [5.0, 6.0, 6.5, 7.0, 10.0], 0.0);
        t.add_game(10.0, [5.0, 6.0, 6.5, 7.0, 10.0], 0.0);
        // Identical games: no spread.
        assert_eq!(t.rate(0), (0.5, 0.0));
        let mut u = Tally::default();
        u.add_game(10.0, [0.0; MEASURES], 0.0);
        u.add_game(10.0, [10.0; MEASURES], 0.0);
        let (p, ci) = u.rate(0);
        assert_eq!(p, 0.5);
        // Two games of 10 moves are two observations, not twenty.
        assert!(ci > 0.9, "{ci}");
    }
}
