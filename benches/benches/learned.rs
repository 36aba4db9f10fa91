//! go-patterns benchmarks: the learned shape patterns (issue 12) on a 19×19
//! middle-game position, move 120 of the game GNU Go 3.8 played against itself
//! (`go-engine/data/gnugo-selfplay-19x19.sgf`, 109 stones). Scoring every legal move of
//! the position with the shipped model and with the model cut to its 1k, 5k and 20k most
//! frequent shapes (and to none: the tactical features alone), proposing 20 candidates,
//! and reading the model. Target (reference/patterns.md §5.2): 20k exact learned shapes
//! ≤ 100 µs per board.

use criterion::{Criterion, criterion_group, criterion_main};
use go_board::Position;
use go_board::sgf::GameRecord;
use go_patterns::CandidateGenerator;
use go_patterns::learned::LearnedPatterns;
use std::hint::black_box;

const GAME: &str = include_str!("../../go-engine/data/gnugo-selfplay-19x19.sgf");

fn middle_game() -> Position {
    let record = GameRecord::from_sgf(GAME).expect("the embedded game parses");
    record.position_after(120).expect("the game replays")
}

fn benches(c: &mut Criterion) {
    let position = middle_game();
    let model = LearnedPatterns::shipped().expect("the shipped model reads");
    let legal = position
        .board()
        .empty_points()
        .filter(|&p| position.board().is_legal(position.to_move(), p))
        .count();
    eprintln!(
        "shipped model: {} shapes, {} bytes on file, {} bytes of heap; {legal} legal points",
        model.shape_count(),
        model.to_bytes().len(),
        model.heap_bytes()
    );
    let mut out = Vec::new();
    let mut sizes: Vec<(String, LearnedPatterns)> =
        vec![("0".into(), model.truncated(0).expect("closed"))];
    for (name, n) in [("1k", 1_000), ("5k", 5_000), ("20k", 20_000)] {
        if n <= model.shape_count() {
            sizes.push((
                name.into(),
                model.truncated(n).expect("the shipped shapes are in harvest order"),
            ));
        }
    }
    sizes.push(("shipped".into(), model.clone()));
    for (name, m) in &sizes {
        c.bench_function(&format!("patterns/learned-score-{name}"), |b| {
            b.iter(|| {
                m.score(black_box(&position), &mut out);
                assert_eq!(out.len(), legal);
                out.len()
            })
        });
    }
    let generator = model.clone().with_candidates(20);
    let mut candidates = Vec::new();
    c.bench_function("patterns/learned-generate-20", |b| {
        b.iter(|| {
            candidates.clear();
            generator.generate(black_box(&position), &mut candidates);
            assert_eq!(candidates.len(), 20);
            candidates.len()
        })
    });
    let bytes = model.to_bytes();
    c.bench_function("patterns/learned-load", |b| {
        b.iter(|| {
            let m = LearnedPatterns::from_bytes(black_box(&bytes)).expect("reads");
            assert_eq!(m.shape_count(), model.shape_count());
            m
        })
    });
}

criterion_group!(learned, benches);
criterion_main!(learned);
