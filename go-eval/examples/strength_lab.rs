//! The strength-model experiments (issue 13), until they move to go-lab:
//!
//! ```text
//! cargo run --release -p go-eval --features serde --example strength_lab -- split --games DIR
//! cargo run --release -p go-eval --features serde --example strength_lab -- train --games DIR --out MODEL.json
//! cargo run --release -p go-eval --features serde --example strength_lab -- eval --model MODEL.json --games DIR [--json]
//! ```

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use go_board::{Color, Event, GameRecord, KoRule, Move, Position, Rules};
use go_eval::strength::baselines::{LocalityCandidates, PotentialCandidates};
use go_eval::strength::candidates::{DistanceScore, ScoreConfig, StrengthCandidates, hit_share};
use go_eval::strength::height::{HeightCorrection, HeightCounts};
use go_eval::strength::id3::TreeConfig;
use go_eval::strength::lanes::RenMap;
use go_eval::strength::model::{Schema, StrengthModel};
use go_eval::strength::samples::{RenView, Sample, view_samples};
use go_patterns::{Candidate, CandidateGenerator};

/// FNV-1a, 64 bits: the split's hash of a game's path.
fn fnv1a(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The split: a game is a test game when the hash of its path (relative to the games
/// folder, `/` separators) is 0 modulo 5; a validation game (a training game held out
/// for tuning) when it is 1.
fn is_test(rel: &str) -> bool {
    fnv1a(rel).is_multiple_of(5)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    /// Every game that is not a test game.
    Train,
    /// The training games less the validation games.
    Fit,
    /// Training games held out for tuning.
    Validation,
    Test,
    All,
}

impl Part {
    fn parse(text: Option<&str>, default: Part) -> Result<Part, String> {
        Ok(match text {
            None => default,
            Some("train") => Part::Train,
            Some("fit") => Part::Fit,
            Some("validation") => Part::Validation,
            Some("test") => Part::Test,
            Some("all") => Part::All,
            Some(o) => return Err(format!("unknown part {o}")),
        })
    }

    fn contains(self, rel: &str) -> bool {
        let h = fnv1a(rel) % 5;
        match self {
            Part::Train => h != 0,
            Part::Fit => h >= 2,
            Part::Validation => h == 1,
            Part::Test => h == 0,
            Part::All => true,
        }
    }
}

fn sgf_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        let entries =
            std::fs::read_dir(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| format!("{}: {e}", folder.display()))?;
            let path = entry.path();
            if entry.file_type().map_err(|e| e.to_string())?.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The games of a part, in hash order (so that a prefix is a pseudo-random sample),
/// as (relative path, full path).
fn games_of(dir: &Path, part: Part) -> Result<Vec<(String, PathBuf)>, String> {
    let mut games: Vec<(String, PathBuf)> = sgf_files(dir)?
        .into_iter()
        .map(|p| {
            let rel = p.strip_prefix(dir).unwrap_or(&p).to_string_lossy().replace('\\', "/");
            (rel, p)
        })
        .filter(|(rel, _)| part.contains(rel))
        .collect();
    games.sort_by_key(|(rel, _)| (fnv1a(rel), rel.clone()));
    Ok(games)
}

/// Why a game was not used.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Skip {
    Unreadable,
    Parse,
    NotNineteen,
    Setup,
    Replay,
}

fn load(path: &Path) -> Result<GameRecord, (Skip, String)> {
    let bytes = std::fs::read(path).map_err(|e| (Skip::Unreadable, e.to_string()))?;
    let record = GameRecord::from_sgf(&String::from_utf8_lossy(&bytes))
        .map_err(|e| (Skip::Parse, e.to_string()))?;
    if record.size != go_board::BoardSize::square(19).expect("19") {
        return Err((Skip::NotNineteen, record.size.to_string()));
    }
    if record.handicap > 0 || record.events.iter().any(|e| matches!(e, Event::Setup(_))) {
        return Err((Skip::Setup, "handicap or setup stones".into()));
    }
    Ok(record)
}

/// Replays `record` leniently (simple ko, suicide allowed: records are facts) and calls
/// `f(position before the move, colour, move, move number)` for every move.
fn walk(
    record: &GameRecord,
    mut f: impl FnMut(&Position, Color, Move, u32),
) -> Result<(), (Skip, String)> {
    let rules = Rules { ko: KoRule::Simple, suicide: true, ..record.rules };
    let mut position = Position::new(record.size, rules);
    let mut number = 0u32;
    for event in &record.events {
        let Event::Move(color, mv) = event else { continue };
        number += 1;
        if position.is_over() {
            position.resume();
        }
        position.set_to_move(*color);
        f(&position, *color, *mv, number);
        position
            .try_play_as(*color, *mv)
            .map_err(|e| (Skip::Replay, format!("move {number}: {e}")))?;
    }
    Ok(())
}

/// Runs `work` on every item with `jobs` threads; results in item order.
fn parallel<I: Sync, R: Send>(items: &[I], jobs: usize, work: impl Fn(&I) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let tty = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let mut out: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    let slots: Vec<std::sync::Mutex<&mut Option<R>>> =
        out.iter_mut().map(std::sync::Mutex::new).collect();
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= items.len() {
                        break;
                    }
                    let r = work(&items[i]);
                    **slots[i].lock().unwrap() = Some(r);
                    let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if tty && (d % 10 == 0 || d == items.len()) {
                        eprint!("\r{d}/{}", items.len());
                    }
                }
            });
        }
    });
    if tty {
        eprint!("\r{:20}\r", "");
    }
    drop(slots);
    out.into_iter().map(|r| r.expect("every item ran")).collect()
}

struct Args {
    words: Vec<String>,
}

impl Args {
    fn value(&self, name: &str) -> Option<String> {
        let i = self.words.iter().position(|w| w == name)?;
        self.words.get(i + 1).cloned()
    }

    fn flag(&self, name: &str) -> bool {
        self.words.iter().any(|w| w == name)
    }

    fn number(&self, name: &str, default: usize) -> usize {
        self.value(name).and_then(|v| v.parse().ok()).unwrap_or(default)
    }
}

fn report_skips(skips: &[(Skip, String, String)]) {
    let mut counts: std::collections::BTreeMap<&Skip, usize> = Default::default();
    for (k, _, _) in skips {
        *counts.entry(k).or_default() += 1;
    }
    eprintln!("skipped: {counts:?}");
    for (k, rel, why) in
        skips.iter().filter(|(k, _, _)| matches!(k, Skip::Parse | Skip::Replay | Skip::Unreadable))
    {
        eprintln!("  {k:?} {rel}: {why}");
    }
}

fn train(args: &Args) -> Result<(), String> {
    let dir = PathBuf::from(args.value("--games").ok_or("--games DIR")?);
    let out = PathBuf::from(args.value("--out").ok_or("--out MODEL.json")?);
    let jobs = args.number("--jobs", 1);
    let part = Part::parse(args.value("--part").as_deref(), Part::Train)?;
    let games = games_of(&dir, part)?;
    let max_games = args.number("--max-games", usize::MAX);
    let learner = args.value("--learner").unwrap_or_else(|| "id3".into());
    let config = match learner.as_str() {
        "id3" => TreeConfig::ID3,
        "id3-gain" => TreeConfig { min_gain: 0.0, ..TreeConfig::ID3 },
        "c45" => TreeConfig::C45,
        "c45-unpruned" => TreeConfig { prune: None, ..TreeConfig::C45 },
        other => return Err(format!("unknown learner {other}")),
    };
    let schema = match args.value("--schema").as_deref() {
        None | Some("paper") => Schema::Paper,
        Some("directional") => Schema::Directional,
        Some(other) => return Err(format!("unknown schema {other}")),
    };
    let results = parallel(&games, jobs, |(rel, path)| {
        let record = load(path).map_err(|(k, w)| (k, rel.clone(), w))?;
        let mut samples = Vec::new();
        let mut heights = HeightCounts::new(20, 10);
        walk(&record, |position, color, mv, number| {
            let Move::Play(p) = mv else { return };
            let view = RenView::new(position.board(), number);
            let found = view_samples(&view, color, p);
            if !view.map.touches(p) {
                let far = position
                    .legal_moves()
                    .filter_map(Move::point)
                    .filter(|q| !view.map.touches(*q));
                heights.add(position.size(), number, far, p);
            }
            samples.extend(found);
        })
        .map_err(|(k, w)| (k, rel.clone(), w))?;
        Ok::<_, (Skip, String, String)>((samples, heights))
    });
    let mut samples: Vec<Sample> = Vec::new();
    let mut heights = HeightCounts::new(20, 10);
    let mut skips = Vec::new();
    let mut used = 0;
    for r in results {
        match r {
            Ok((s, h)) if used < max_games => {
                used += 1;
                samples.extend(s);
                heights.merge(&h);
            }
            Ok(_) => {}
            Err(e) => skips.push(e),
        }
    }
    report_skips(&skips);
    eprintln!("training games {used} (of {}), samples {}", games.len(), samples.len());
    let start = std::time::Instant::now();
    let mut model = StrengthModel::train(&samples, schema, &config).map_err(|e| e.to_string())?;
    let tree = model.tree();
    let fit = model.accuracy(&samples);
    println!(
        "learner {learner} schema {:?}: {} samples from {used} games; {} nodes ({} leaves, {} with 5 branches per split), depth {}; training accuracy {:.2} %, mean error {:.3}; {:.1} s",
        schema,
        samples.len(),
        tree.node_count(),
        tree.leaf_count(),
        tree.node_count_with_branches(5),
        tree.depth(),
        100.0 * fit.accuracy,
        fit.mean_error,
        start.elapsed().as_secs_f64()
    );
    let height = heights.correction(50.0);
    for (b, t) in height.bands.iter().enumerate() {
        println!(
            "learned height, band {:>8}: {}",
            band_name(b.min(BANDS - 1)),
            t.iter().map(|v| format!("{v:5.1}")).collect::<Vec<_>>().join(" ")
        );
    }
    model.height = Some(height);
    model.description = format!(
        "{learner} on the {schema:?} schema; {} samples from {used} games ({part:?} part) of {} (FNV-1a of the relative path % 5: 0 test, 1 validation, 2-4 fit)",
        samples.len(),
        dir.display()
    );
    model.save(&out).map_err(|e| e.to_string())?;
    Ok(())
}

/// The bands of 20 moves: 0 for moves 1-20, ..., 10 for 201-220, 11 for later moves.
const BANDS: usize = 12;

fn band(number: u32) -> usize {
    (((number.max(1) - 1) / 20) as usize).min(BANDS - 1)
}

fn band_name(b: usize) -> String {
    match b {
        b if b < BANDS - 1 => format!("{}-{}", 20 * b + 1, 20 * b + 20),
        BANDS => "1-220".into(),
        b if b == BANDS + 1 => "all".into(),
        _ => "221-".into(),
    }
}

/// Per-game sums, per protocol (0 paper, 1 all) and band.
#[derive(Clone, Debug, Default)]
struct Cell {
    positions: f64,
    legal: f64,
    far: f64,
    hits: Vec<f64>,
}

type GameCells = Vec<Vec<Cell>>; // [protocol][band]

struct Generators {
    names: Vec<String>,
    list: Vec<Box<dyn CandidateGenerator + Sync>>,
}

/// The score settings named on the command line.
fn score_config(name: &str, model: &StrengthModel) -> Result<ScoreConfig, String> {
    let (height, distance) = match name {
        "t2" => (None, DistanceScore::Paper),
        "t4" => (Some(HeightCorrection::paper_distance()), DistanceScore::Paper),
        "t2x" => (None, DistanceScore::Expected),
        "t4x" => (Some(HeightCorrection::paper_distance()), DistanceScore::Expected),
        "learned" | "learnedx" => {
            let h = model.height.clone().ok_or("the model has no learned height")?;
            (
                Some(h),
                if name == "learned" { DistanceScore::Paper } else { DistanceScore::Expected },
            )
        }
        other => return Err(format!("unknown score {other}")),
    };
    Ok(ScoreConfig { top: 50.0, height, distance })
}

fn generators(
    models: &[(String, Arc<StrengthModel>)],
    scores: &[String],
) -> Result<Generators, String> {
    let mut names = vec![];
    let mut list: Vec<Box<dyn CandidateGenerator + Sync>> = vec![];
    for (name, model) in models {
        for score in scores {
            names.push(format!("{name}:{score}"));
            list.push(Box::new(StrengthCandidates::new(
                model.clone(),
                score_config(score, model)?,
            )));
        }
    }
    names.push("potential".into());
    list.push(Box::new(PotentialCandidates { height: None, ..PotentialCandidates::paper() }));
    names.push("potential+height".into());
    list.push(Box::new(PotentialCandidates::paper()));
    names.push("locality".into());
    list.push(Box::new(LocalityCandidates));
    Ok(Generators { names, list })
}

fn evaluate_game(
    record: &GameRecord,
    gens: &Generators,
    samples: &mut Vec<Sample>,
) -> Result<GameCells, (Skip, String)> {
    let g = gens.list.len() + 1; // + random
    let mut cells: GameCells = vec![vec![Cell { hits: vec![0.0; g], ..Cell::default() }; BANDS]; 2];
    let mut buffer: Vec<Candidate> = Vec::new();
    walk(record, |position, color, mv, number| {
        let Move::Play(p) = mv else { return };
        let board = position.board();
        let view = RenView::new(board, number);
        let map: &RenMap = &view.map;
        let touching = map.touches(p);
        if !touching {
            samples.extend(view_samples(&view, color, p));
        }
        let legal: Vec<go_board::Point> = position.legal_moves().filter_map(Move::point).collect();
        let far = legal.iter().filter(|q| !map.touches(**q)).count() as f64;
        let n = legal.len() as f64;
        let random = |n: f64| if n > 0.0 { n.min(10.0) / n } else { 0.0 };
        // [protocol][generator]: the paper's protocol draws candidates from the points
        // touching no stone (its "possible moves"), the other from every legal point.
        let mut shares = [vec![random(far)], vec![random(n)]];
        for generator in &gens.list {
            buffer.clear();
            generator.generate(position, &mut buffer);
            shares[1].push(hit_share(&buffer, mv, 10));
            if !touching {
                buffer.retain(|c| c.mv.point().is_some_and(|q| !map.touches(q)));
                shares[0].push(hit_share(&buffer, mv, 10));
            }
        }
        let b = band(number);
        for protocol in 0..2 {
            if protocol == 0 && touching {
                continue;
            }
            let cell = &mut cells[protocol][b];
            cell.positions += 1.0;
            cell.legal += n;
            cell.far += far;
            for (h, s) in cell.hits.iter_mut().zip(&shares[protocol]) {
                *h += s;
            }
        }
    })?;
    Ok(cells)
}

/// splitmix64, for the bootstrap.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The 95 % percentile bootstrap interval over games of sum(hits) / sum(positions).
fn bootstrap(per_game: &[(f64, f64)], rounds: usize, seed: u64) -> (f64, f64) {
    if per_game.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    let mut rng = Rng(seed);
    let n = per_game.len();
    let mut stats: Vec<f64> = (0..rounds)
        .map(|_| {
            let (mut h, mut p) = (0.0, 0.0);
            for _ in 0..n {
                let (hh, pp) = per_game[(rng.next() % n as u64) as usize];
                h += hh;
                p += pp;
            }
            if p > 0.0 { h / p } else { 0.0 }
        })
        .collect();
    stats.sort_by(f64::total_cmp);
    (stats[rounds * 25 / 1000], stats[rounds * 975 / 1000 - 1])
}

fn eval(args: &Args) -> Result<(), String> {
    let dir = PathBuf::from(args.value("--games").ok_or("--games DIR")?);
    let jobs = args.number("--jobs", 1);
    let json = args.flag("--json");
    let mut models = Vec::new();
    for (i, w) in args.words.iter().enumerate() {
        if w == "--model" {
            let path = args.words.get(i + 1).ok_or("--model MODEL.json")?;
            let model = StrengthModel::load(Path::new(path)).map_err(|e| e.to_string())?;
            let name = Path::new(path)
                .file_stem()
                .map_or("model".into(), |s| s.to_string_lossy().into_owned());
            models.push((name, Arc::new(model)));
        }
    }
    let part = Part::parse(args.value("--part").as_deref(), Part::Test)?;
    let mut games = games_of(&dir, part)?;
    if let Some(n) = args.value("--max-games") {
        games.truncate(n.parse().map_err(|_| "--max-games N")?);
    }
    let scores: Vec<String> = args
        .value("--scores")
        .unwrap_or_else(|| "t2,t4".into())
        .split(',')
        .map(str::to_owned)
        .collect();
    let gens = generators(&models, &scores)?;
    let results = parallel(&games, jobs, |(rel, path)| {
        let record = load(path).map_err(|(k, w)| (k, rel.clone(), w))?;
        let mut samples = Vec::new();
        let cells =
            evaluate_game(&record, &gens, &mut samples).map_err(|(k, w)| (k, rel.clone(), w))?;
        Ok::<_, (Skip, String, String)>((cells, samples))
    });
    let mut per_game: Vec<GameCells> = Vec::new();
    let mut skips = Vec::new();
    let mut test_samples = Vec::new();
    for r in results {
        match r {
            Ok((c, s)) => {
                per_game.push(c);
                test_samples.extend(s);
            }
            Err(e) => skips.push(e),
        }
    }
    report_skips(&skips);
    eprintln!("test games {} (of {})", per_game.len(), games.len());
    for (name, model) in &models {
        let a = model.accuracy(&test_samples);
        let t = model.tree();
        println!(
            "model {name}: {} nodes, trained on {} samples; on {} test samples: accuracy {:.2} %, mean error {:.3}",
            t.node_count(),
            model.training_samples(),
            a.samples,
            100.0 * a.accuracy,
            a.mean_error
        );
    }
    let mut names = vec!["random".to_string()];
    names.extend(gens.names.iter().cloned());
    // Rows: the bands, then 1-220 (BANDS) and all (BANDS + 1).
    let row_game = |g: &GameCells, protocol: usize, row: usize| -> Cell {
        let bands: Vec<usize> = match row {
            r if r < BANDS => vec![r],
            r if r == BANDS => (0..BANDS - 1).collect(),
            _ => (0..BANDS).collect(),
        };
        let mut c = Cell { hits: vec![0.0; names.len()], ..Cell::default() };
        for b in bands {
            let x = &g[protocol][b];
            c.positions += x.positions;
            c.legal += x.legal;
            c.far += x.far;
            for (h, y) in c.hits.iter_mut().zip(&x.hits) {
                *h += y;
            }
        }
        c
    };
    for (protocol, pname) in ["paper", "all"].iter().enumerate() {
        if !json {
            println!("\nprotocol {pname}: top-10 hit rate (%), 95 % bootstrap interval over games");
            print!("{:>8} {:>6} {:>6} {:>7}", "moves", "legal", "far", "pos");
            for n in &names {
                print!(
                    " {:>22}",
                    n.chars()
                        .rev()
                        .take(22)
                        .collect::<Vec<_>>()
                        .into_iter()
                        .rev()
                        .collect::<String>()
                );
            }
            println!();
        }
        for row in 0..BANDS + 2 {
            let cells: Vec<Cell> = per_game.iter().map(|g| row_game(g, protocol, row)).collect();
            let positions: f64 = cells.iter().map(|c| c.positions).sum();
            if positions == 0.0 {
                continue;
            }
            let legal: f64 = cells.iter().map(|c| c.legal).sum::<f64>() / positions;
            let far: f64 = cells.iter().map(|c| c.far).sum::<f64>() / positions;
            if !json {
                print!("{:>8} {:>6.0} {:>6.0} {:>7}", band_name(row), legal, far, positions);
            }
            for (k, name) in names.iter().enumerate() {
                let hits: f64 = cells.iter().map(|c| c.hits[k]).sum();
                let pairs: Vec<(f64, f64)> =
                    cells.iter().map(|c| (c.hits[k], c.positions)).collect();
                let (lo, hi) = bootstrap(&pairs, 1000, 0x5eed + k as u64 + 100 * row as u64);
                let rate = hits / positions;
                if json {
                    println!(
                        "{}",
                        serde_json::json!({
                            "generator": name, "protocol": pname, "band": band_name(row),
                            "positions": positions as u64, "top10": rate,
                            "low95": lo, "high95": hi, "legal": legal, "far": far,
                        })
                    );
                } else {
                    print!(" {:>6.2} [{:>5.2},{:>5.2}]", 100.0 * rate, 100.0 * lo, 100.0 * hi);
                }
            }
            if !json {
                println!();
            }
        }
    }
    Ok(())
}

fn heights(args: &Args) -> Result<(), String> {
    let dir = PathBuf::from(args.value("--games").ok_or("--games DIR")?);
    let jobs = args.number("--jobs", 1);
    let mut games = games_of(&dir, Part::Train)?;
    games.truncate(args.number("--max-games", usize::MAX));
    let results = parallel(&games, jobs, |(_, path)| {
        let mut counts = vec![[[0u64; 10]; 2]; BANDS];
        let Ok(record) = load(path) else { return counts };
        let _ = walk(&record, |position, _, mv, number| {
            let Move::Play(p) = mv else { return };
            let view = RenView::new(position.board(), number);
            if view.map.touches(p) {
                return;
            }
            let size = position.size();
            let b = band(number);
            for q in position.legal_moves().filter_map(Move::point) {
                if !view.map.touches(q) {
                    counts[b][1][usize::from(q.line(size).min(10)) - 1] += 1;
                }
            }
            counts[b][0][usize::from(p.line(size).min(10)) - 1] += 1;
        });
        counts
    });
    let mut total = vec![[[0u64; 10]; 2]; BANDS + 1];
    for r in results {
        for b in 0..BANDS {
            for k in 0..2 {
                for h in 0..10 {
                    total[b][k][h] += r[b][k][h];
                    total[BANDS][k][h] += r[b][k][h];
                }
            }
        }
    }
    for (b, t) in total.iter().enumerate() {
        let played: u64 = t[0].iter().sum();
        let possible: u64 = t[1].iter().sum();
        let lift: Vec<f64> = (0..10)
            .map(|h| {
                (t[0][h] as f64 / played.max(1) as f64)
                    / (t[1][h] as f64 / possible.max(1) as f64).max(1e-12)
            })
            .collect();
        let name = if b == BANDS { "all".to_string() } else { band_name(b) };
        println!(
            "{name:>8} {played:>7} lift by line: {}",
            lift.iter().map(|l| format!("{l:5.2}")).collect::<Vec<_>>().join(" ")
        );
    }
    Ok(())
}

fn split(args: &Args) -> Result<(), String> {
    let dir = PathBuf::from(args.value("--games").ok_or("--games DIR")?);
    let all = games_of(&dir, Part::All)?;
    let test = all.iter().filter(|(r, _)| is_test(r)).count();
    let validation = all.iter().filter(|(r, _)| Part::Validation.contains(r)).count();
    println!(
        "{} games: {} training ({} fit, {} validation), {} test",
        all.len(),
        all.len() - test,
        all.len() - test - validation,
        validation,
        test
    );
    Ok(())
}

fn main() {
    let words: Vec<String> = std::env::args().skip(1).collect();
    let args = Args { words: words.clone() };
    let result = match words.first().map(String::as_str) {
        Some("train") => train(&args),
        Some("eval") => eval(&args),
        Some("split") => split(&args),
        Some("heights") => heights(&args),
        _ => Err("usage: strength_lab split|train|eval ...".into()),
    };
    if let Err(e) = result {
        eprintln!("strength_lab: {e}");
        std::process::exit(2);
    }
}
