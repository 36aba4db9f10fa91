//! Matching speed by database size: full scans and incremental updates over the
//! positions of a real 19×19 game, and build time. The databases are synthetic but
//! realistic: each pattern is the 5×5 window around a move actually played in the game
//! (its edges drawn when it touches one), about a fifth of the cells turned into
//! wildcards, the played move as the candidate, colours relative to the player.
//!
//! `patterns/learned/generate` times the shipped learned model's 20 candidates for a
//! position of the same game.
//!
//! Every bench checks its answer: the scanner, the incremental state and (for the
//! smallest database) the naive matcher agree, and the windows cut from the game match
//! where they were cut.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use go_board::sgf::GameRecord;
use go_board::{Board, Color, Event, Move, Point, Position};
use go_patterns::{
    BoardOnly, CandidateGenerator, Match, MatchInput, MatchState, PatternSet, naive_matches,
};

const GAME: &str = include_str!("../../go-engine/data/gnugo-selfplay-19x19.sgf");

/// SplitMix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The positions of the game before each move, with the move played.
fn game() -> Vec<(Position, Color, Point)> {
    let record = GameRecord::from_sgf(GAME).expect("the game reads");
    let mut out = Vec::new();
    let mut moves = 0;
    for e in &record.events {
        if let Event::Move(color, Move::Play(p)) = e {
            let position = record.position_after(moves).expect("the game replays");
            out.push((position, *color, *p));
        }
        if matches!(e, Event::Move(..)) {
            moves += 1;
        }
    }
    out
}

/// A pattern: the window of `radius` around the move played, from the player's side;
/// `None` if the window holds fewer than `2 * radius` stones (a sparse window would
/// match almost everywhere, which real shape patterns do not).
fn cut(
    rng: &mut Rng,
    name: usize,
    board: &Board,
    to_move: Color,
    at: Point,
    radius: i32,
) -> Option<String> {
    let size = board.size();
    let (cols, rows) = (i32::from(size.cols()), i32::from(size.rows()));
    let (cx, cy) = (i32::from(at.col()), i32::from(at.row()));
    let (x0, x1) = ((cx - radius).max(0), (cx + radius).min(cols - 1));
    let (y0, y1) = ((cy - radius).max(0), (cy + radius).min(rows - 1));
    let stones = (x0..=x1)
        .flat_map(|x| (y0..=y1).map(move |y| (x, y)))
        .filter(|&(x, y)| board.color_at(Point::must(x as u8, y as u8, size)).is_some())
        .count();
    if stones < 2 * radius as usize {
        return None;
    }
    let (left, right, bottom, top) = (x0 == 0, x1 == cols - 1, y0 == 0, y1 == rows - 1);
    let edge = |out: &mut String| {
        out.push_str("  ");
        if left {
            out.push('+');
        }
        out.push_str(&"-".repeat((x1 - x0 + 1) as usize));
        if right {
            out.push('+');
        }
        out.push('\n');
    };
    let mut out = format!("pattern p{name}\n diagram\n");
    if top {
        edge(&mut out);
    }
    for y in (y0..=y1).rev() {
        out.push_str("  ");
        if left {
            out.push('|');
        }
        for x in x0..=x1 {
            let c = if (x, y) == (cx, cy) {
                '*'
            } else {
                let exact = match board.color_at(Point::must(x as u8, y as u8, size)) {
                    None => '.',
                    Some(c) if c == to_move => 'O',
                    Some(_) => 'X',
                };
                match rng.below(20) {
                    0 => '?',
                    1 if exact == '.' => 'x',
                    1 if exact == 'X' => 'x',
                    1 => 'o',
                    _ => exact,
                }
            };
            out.push(c);
        }
        if right {
            out.push('|');
        }
        out.push('\n');
    }
    if bottom {
        edge(&mut out);
    }
    out.push_str(" candidate with(shape, 1) * end_candidate\nend_pattern\n");
    Some(out)
}

/// A database of `n` distinct patterns cut around the moves of the game (windows of
/// radius 2 or 3: 5×5 or 7×7, clipped at the edges; a tenth of the cells wildcards),
/// and some (position, pattern name) pairs they were cut from.
fn database(game: &[(Position, Color, Point)], n: usize) -> (String, Vec<(usize, String)>) {
    let mut rng = Rng(n as u64);
    let mut src = String::new();
    let mut planted = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut k = 0;
    while k < n {
        let i = rng.below(game.len());
        let (position, color, at) = &game[i];
        let radius = [2, 2, 2, 3][rng.below(4)];
        let Some(text) = cut(&mut rng, k, position.board(), *color, *at, radius) else { continue };
        let body = text.split_once('\n').map_or("", |b| b.1).to_owned();
        if !seen.insert(body) {
            continue;
        }
        src.push_str(&text);
        if k % 97 == 0 {
            planted.push((i, format!("p{k}")));
        }
        k += 1;
    }
    (src, planted)
}

fn scan(set: &PatternSet, position: &Position) -> Vec<Match> {
    let mut out = Vec::new();
    set.scanner().scan(set, &MatchInput::from_position(position), &BoardOnly, &mut out);
    out
}

fn sorted(set: &PatternSet, matches: &[Match]) -> Vec<(usize, Vec<(i32, i32)>)> {
    let mut v: Vec<_> = matches.iter().map(|m| (m.pattern.index(), set.match_support(m))).collect();
    v.sort();
    v
}

fn bench(c: &mut Criterion) {
    let game = game();
    let sample: Vec<&Position> = game.iter().step_by(10).map(|g| &g.0).collect();
    let mut group = c.benchmark_group("patterns");
    group
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .sample_size(20);
    for n in [100, 1_000, 5_000, 20_000] {
        let (src, planted) = database(&game, n);
        let built = std::time::Instant::now();
        let set = PatternSet::compile(&src).expect("the database compiles");
        let build_time = built.elapsed();
        // Answers: planted windows match where cut; scanner = incremental (= naive for
        // the smallest).
        for (i, name) in &planted {
            let found = scan(&set, &game[*i].0);
            assert!(
                found.iter().any(|m| set.pattern(m.pattern).name() == name),
                "{name} not found"
            );
        }
        let mut state = MatchState::new(&set, game[0].0.board());
        let mut total = 0;
        for (position, _, _) in game.iter().step_by(25) {
            state.update(&set, position.board());
            let input = MatchInput::from_position(position);
            let mut inc = Vec::new();
            state.matches(&set, &input, &BoardOnly, None, &mut inc);
            let full = scan(&set, position);
            assert_eq!(sorted(&set, &inc), sorted(&set, &full));
            if n == 100 {
                assert_eq!(
                    sorted(&set, &naive_matches(&set, &input, &BoardOnly)),
                    sorted(&set, &full)
                );
            }
            total += full.len();
        }
        let (full_entries, ortho_entries) = set.index_size();
        eprintln!(
            "patterns/{n}: {} variants, index {full_entries} + {ortho_entries} entries, {:.1} MB, built in {:.0} ms, {:.1} matches per position",
            set.variant_count(),
            set.memory() as f64 / 1e6,
            build_time.as_secs_f64() * 1e3,
            total as f64 / game.iter().step_by(25).count() as f64
        );

        let mut scanner = set.scanner();
        let mut out = Vec::new();
        group.bench_function(BenchmarkId::new("scan", n), |b| {
            let mut k = 0;
            b.iter(|| {
                let position = sample[k % sample.len()];
                k += 1;
                out.clear();
                scanner.scan(&set, &MatchInput::from_position(position), &BoardOnly, &mut out);
                black_box(out.len())
            })
        });
        // Incremental: the cell matches of both sides updated after each move, and the
        // matches of the side to move read (conditions evaluated).
        group.bench_function(BenchmarkId::new("incremental", n), |b| {
            b.iter_custom(|iters| {
                let mut elapsed = Duration::ZERO;
                let mut done = 0;
                while done < iters {
                    let mut state = MatchState::new(&set, game[0].0.board());
                    for (position, _, _) in &game[1..] {
                        if done == iters {
                            break;
                        }
                        let start = std::time::Instant::now();
                        state.update(&set, position.board());
                        out.clear();
                        state.matches(
                            &set,
                            &MatchInput::from_position(position),
                            &BoardOnly,
                            None,
                            &mut out,
                        );
                        elapsed += start.elapsed();
                        black_box(out.len());
                        done += 1;
                    }
                }
                elapsed
            })
        });
        if n <= 5_000 {
            group.bench_function(BenchmarkId::new("build", n), |b| {
                b.iter(|| black_box(PatternSet::compile(&src).expect("compiles").variant_count()))
            });
        }
    }
    // The shipped library (with reading patterns: BoardOnly answers liberties only).
    let set = go_patterns::library::standard();
    let mut scanner = set.scanner();
    let mut out = Vec::new();
    group.bench_function("scan/library", |b| {
        let mut k = 0;
        b.iter(|| {
            let position = sample[k % sample.len()];
            k += 1;
            out.clear();
            scanner.scan(set, &MatchInput::from_position(position), &BoardOnly, &mut out);
            black_box(out.len())
        })
    });
    // The learned model's candidate generation (the shipped model, 20 candidates, no
    // ladder reading: go-patterns has no reader of its own). Answer first: every
    // position gets 20 legal candidates, best first.
    let learned = go_patterns::LearnedPatterns::shipped().expect("the shipped model loads");
    let learned = learned.with_candidates(20);
    let mut out = Vec::new();
    for position in &sample {
        out.clear();
        learned.generate(position, &mut out);
        assert_eq!(out.len(), 20);
        assert!(out.iter().all(|c| position.is_legal(c.mv)));
        assert!(out.windows(2).all(|w| w[0].weight >= w[1].weight));
    }
    group.bench_function("learned/generate", |b| {
        let mut k = 0;
        b.iter(|| {
            let position = sample[k % sample.len()];
            k += 1;
            out.clear();
            learned.generate(position, &mut out);
            black_box(out.len())
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
