//! go-eval benchmarks (issue 5) on a 19×19 middle-game position: move 120 of the game
//! GNU Go 3.8 played against itself (`go-engine/data/gnugo-selfplay-19x19.sgf`, 109
//! stones on the board). Each bench checks its answer. Targets: Bouzy 5/21 ≤ 50 µs, a
//! full influence map ≤ 1 ms, link and group recognition ≤ 100 µs.

use criterion::{Criterion, criterion_group, criterion_main};
use go_board::sgf::GameRecord;
use go_board::{ByColor, Color, PointSet, Position};
use go_eval::bouzy::Bouzy;
use go_eval::evaluate::PositionEvaluator;
use go_eval::groups::Groups;
use go_eval::influence::{Directional, DirectionalConfig, ZobristPotential};
use go_eval::links::links;
use std::hint::black_box;

const GAME: &str = include_str!("../../go-engine/data/gnugo-selfplay-19x19.sgf");

fn middle_game() -> Position {
    let record = GameRecord::from_sgf(GAME).expect("the embedded game parses");
    record.position_after(120).expect("the game replays")
}

fn stones(position: &Position) -> ByColor<PointSet> {
    let board = position.board();
    board.stones_by_color()
}

fn benches(c: &mut Criterion) {
    let position = middle_game();
    let board = position.board();
    let size = board.size();
    let stones = stones(&position);
    let on_board = (stones.black | stones.white).len();
    assert!(on_board > 100, "a middle-game position: {on_board} stones");

    c.bench_function("eval/bouzy-5-21", |b| {
        b.iter(|| {
            let map = Bouzy::TERRITORY.map(size, black_box(&stones));
            assert!(map.values().iter().any(|&v| v > 0) && map.values().iter().any(|&v| v < 0));
            map
        })
    });
    c.bench_function("eval/zobrist-4", |b| {
        b.iter(|| {
            let map = ZobristPotential::CLASSIC.map(size, black_box(&stones));
            assert!(map.values().iter().any(|&v| v > 0) && map.values().iter().any(|&v| v < 0));
            map
        })
    });
    let directional = Directional::new(DirectionalConfig::GNU_GO).expect("valid settings");
    c.bench_function("eval/influence-directional", |b| {
        b.iter(|| {
            let influence = directional.influence(size, black_box(&stones));
            let p = stones.black.first().expect("a black stone");
            assert!(influence.value(Color::Black, p) >= 100.0);
            influence
        })
    });
    c.bench_function("eval/links", |b| {
        b.iter(|| {
            let all = links(black_box(board));
            assert!(all.len() > 50);
            all
        })
    });
    c.bench_function("eval/links-and-groups", |b| {
        b.iter(|| {
            let groups = Groups::new(black_box(board));
            assert!(!groups.is_empty() && groups.len() < board.chains().len());
            groups
        })
    });
    let evaluator = PositionEvaluator::default();
    c.bench_function("eval/evaluate", |b| {
        b.iter(|| {
            let eval = evaluator.evaluate_position(black_box(&position));
            assert!(!eval.groups.is_empty());
            eval
        })
    });
    c.bench_function("eval/bounds", |b| {
        b.iter(|| {
            let bounds = evaluator.lead_bounds(black_box(&position));
            assert!(bounds.pessimistic() <= bounds.optimistic());
            bounds
        })
    });
}

criterion_group!(eval, benches);
criterion_main!(eval);
