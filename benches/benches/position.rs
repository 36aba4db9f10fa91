//! The rules layer: perft (move-tree counts by `Position` and by `Board`) and the cost
//! of `Position::try_play` against `Board::play` on a fixed long random 19×19 game.
//!
//! Every bench checks its answer: the perft counts of `go_board::perft` (by `Position`)
//! and of the independent `Board` perft (with its own superko stack) must agree before
//! timing,
//! and every timed iteration must reproduce them; every replay must end in the final
//! position of the fixed game.

use std::hint::black_box;
use std::time::Duration;

use benches::perft::{BoardKo, perft_board};
use benches::replay::{random_game, replay_board, replay_position};
use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use go_board::{Board, BoardSize, Color, Position, Rules, perft as perft_position};

/// (side, depth) of the perft benches.
const PERFTS: [(u32, u32); 2] = [(2, 12), (4, 5)];

fn perft(c: &mut Criterion) {
    for (n, depth) in PERFTS {
        let size = BoardSize::square(n).expect("small board");
        let mut group = c.benchmark_group(format!("perft/{n}x{n}-d{depth}"));
        group
            .sampling_mode(SamplingMode::Flat)
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        for (ko_name, rules, ko) in [
            ("simple", Rules::japanese(), BoardKo::Simple),
            ("psk", Rules::chinese(), BoardKo::Positional),
        ] {
            let pos = Position::new(size, rules);
            let by_position = perft_position(&pos, depth);
            let by_board = perft_board(&mut Board::new(size), Color::Black, 0, depth, ko);
            assert_eq!(
                by_position, by_board,
                "{n}x{n} depth {depth} {ko_name}: Position and Board disagree"
            );
            println!("perft {n}x{n} depth {depth} {ko_name}: {by_position} leaves");
            group.throughput(Throughput::Elements(by_position));
            group.bench_function(format!("position-{ko_name}"), |b| {
                b.iter(|| {
                    let leaves = perft_position(black_box(&pos), depth);
                    assert_eq!(leaves, by_position);
                    leaves
                })
            });
            let mut board = Board::new(size);
            group.bench_function(format!("board-{ko_name}"), |b| {
                b.iter(|| {
                    let leaves = perft_board(black_box(&mut board), Color::Black, 0, depth, ko);
                    assert_eq!(leaves, by_board);
                    leaves
                })
            });
        }
        group.finish();
    }
}

fn try_play(c: &mut Criterion) {
    let size = BoardSize::square(19).expect("19x19");
    let moves = random_game(size, Rules::chinese(), 1);
    let last = replay_board(size, &moves);
    let captured = last.captures()[Color::Black] + last.captures()[Color::White];
    assert!(moves.len() >= 300 && captured > 0, "the fixed game should be long, with captures");
    println!("fixed 19x19 game: {} moves, {captured} stones captured", moves.len());

    let mut group = c.benchmark_group("position");
    group
        .throughput(Throughput::Elements(moves.len() as u64))
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for (name, rules) in [
        ("19x19-psk", Rules::chinese()),
        ("19x19-ssk", Rules::aga()),
        ("19x19-simple", Rules::japanese()),
    ] {
        group.bench_function(format!("try_play/{name}"), |b| {
            b.iter(|| {
                let pos = replay_position(size, rules, black_box(&moves));
                assert_eq!(pos.board(), &last);
                pos
            })
        });
    }
    group.bench_function("board_play/19x19", |b| {
        b.iter(|| {
            let board = replay_board(size, black_box(&moves));
            assert_eq!(board, last);
            board
        })
    });
    group.finish();
}

criterion_group!(benches, perft, try_play);
criterion_main!(benches);
