//! go-eval reading benchmarks (issue 11), each checking its answer:
//!
//! - `reading/ladder-crossing`: the test ladder of reference/reading.md §2.4 (an empty
//!   19×19 board, Black D4, White C4, C5, D3; White's E4 starts a ladder that crosses
//!   the board), read by the ladder reader. GNU Go 3.8: 4.9 µs (`ladder_attack`).
//! - `reading/attack-crossing`: the same question to the full tactical reader. GNU Go
//!   3.8: 33 µs (`attack`).
//! - `reading/attack-selfplay`: `attack` on every chain with at most four liberties of
//!   five positions of a game GNU Go played against itself
//!   (`go-engine/data/gnugo-selfplay-19x19.sgf`, moves 60 to 220), each question with
//!   a cold table; throughput in questions (the nodes per question are printed).
//!   GNU Go 3.8: 145 µs and 167 nodes per `attack` on the regression positions.
//! - `reading/tactics-nodes-selfplay`: the same questions, throughput in tactical nodes
//!   (GNU Go 3.8: 1.0–1.15 M nodes/s).
//! - `reading/connect-selfplay`: `disconnect` on every pair of chains of one colour
//!   that share a liberty, in the same positions.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use go_board::sgf::GameRecord;
use go_board::{Board, BoardSize, Color, Move, Point, PointSet};
use go_eval::reading::Outcome;
use go_eval::reading::connect::{Connection, ConnectionScratch};
use go_eval::reading::ladder::{Ladder, LadderScratch};
use go_eval::reading::tactics::{Scratch, Tactics};

const GAME: &str = include_str!("../../go-engine/data/gnugo-selfplay-19x19.sgf");

fn crossing_ladder() -> (Board, Point) {
    let mut board = Board::new(BoardSize::square(19).expect("19x19"));
    let at = |v: &str| Point::parse_gtp(v, board.size()).expect("a vertex");
    let (d4, c4, c5, d3) = (at("D4"), at("C4"), at("C5"), at("D3"));
    board.play(Color::Black, d4);
    board.play(Color::White, c4);
    board.play(Color::White, c5);
    board.play(Color::White, d3);
    (board, d4)
}

/// Positions of the self-play game.
fn positions() -> Vec<Board> {
    let record = GameRecord::from_sgf(GAME).expect("the embedded game parses");
    (60..=220)
        .step_by(40)
        .filter(|&n| n <= record.move_count())
        .map(|n| record.position_after(n).expect("the game replays").board().clone())
        .collect()
}

/// One stone of every chain with at most four liberties.
fn targets(board: &Board) -> Vec<Point> {
    let mut seen = PointSet::EMPTY;
    let mut out = Vec::new();
    for p in &(*board.stones(Color::Black) | *board.stones(Color::White)) {
        if !seen.contains(p) {
            seen |= board.chain_stones(p);
            if board.liberty_count(p) <= 4 {
                out.push(p);
            }
        }
    }
    out
}

/// Pairs of chains of one colour that share a liberty.
fn pairs(board: &Board) -> Vec<(Point, Point)> {
    let chains: Vec<Point> = {
        let mut seen = PointSet::EMPTY;
        let mut v = Vec::new();
        for p in &(*board.stones(Color::Black) | *board.stones(Color::White)) {
            if !seen.contains(p) {
                seen |= board.chain_stones(p);
                v.push(p);
            }
        }
        v
    };
    let mut out = Vec::new();
    for (i, &a) in chains.iter().enumerate() {
        for &b in &chains[i + 1..] {
            if board.color_at(a) == board.color_at(b)
                && !(board.liberties(a) & board.liberties(b)).is_empty()
            {
                out.push((a, b));
            }
        }
    }
    out
}

fn benches(c: &mut Criterion) {
    let (mut board, d4) = crossing_ladder();
    let e4 = Some(Move::Play(Point::parse_gtp("E4", board.size()).expect("E4")));
    let ladder = Ladder::new();
    let mut ladder_scratch = LadderScratch::new();
    let first = ladder.capture(&mut board, d4, &mut ladder_scratch);
    println!("ladder-crossing: {} nodes", first.nodes);
    let mut group = c.benchmark_group("reading");
    group.throughput(Throughput::Elements(1));
    group.bench_function("ladder-crossing", |b| {
        b.iter(|| {
            let answer = ladder.capture(black_box(&mut board), d4, &mut ladder_scratch);
            assert!(answer.outcome == Outcome::Win && answer.point == e4);
            answer
        })
    });
    group.finish();

    let tactics = Tactics::default();
    let mut scratch = Scratch::new();
    let first = tactics.attack(&mut board, d4, Tactics::BUDGET, &mut scratch);
    println!("attack-crossing: {} nodes", first.nodes);
    let mut group = c.benchmark_group("reading");
    group.throughput(Throughput::Elements(1));
    group.bench_function("attack-crossing", |b| {
        b.iter(|| {
            let answer = tactics.attack(black_box(&mut board), d4, Tactics::BUDGET, &mut scratch);
            assert!(answer.outcome == Outcome::Win && answer.point == e4);
            answer
        })
    });
    group.finish();

    let mut boards = positions();
    let questions: Vec<(usize, Point)> = boards
        .iter()
        .enumerate()
        .flat_map(|(i, b)| targets(b).into_iter().map(move |t| (i, t)))
        .collect();
    let expected: Vec<Outcome> = questions
        .iter()
        .map(|&(i, t)| tactics.attack(&mut boards[i], t, Tactics::BUDGET, &mut scratch).outcome)
        .collect();
    let nodes: u64 = questions
        .iter()
        .map(|&(i, t)| tactics.attack(&mut boards[i], t, Tactics::BUDGET, &mut scratch).nodes)
        .sum();
    println!(
        "attack-selfplay: {} questions, {} captures, {:.1} nodes per question",
        questions.len(),
        expected.iter().filter(|o| o.is_success()).count(),
        nodes as f64 / questions.len() as f64
    );
    let mut group = c.benchmark_group("reading");
    group.throughput(Throughput::Elements(questions.len() as u64));
    group.bench_function("attack-selfplay", |b| {
        b.iter(|| {
            for (&(i, t), &outcome) in questions.iter().zip(&expected) {
                let answer =
                    tactics.attack(&mut boards[i], black_box(t), Tactics::BUDGET, &mut scratch);
                assert_eq!(answer.outcome, outcome);
            }
        })
    });
    // The same questions, counted in nodes: the tactical reader's nodes per second.
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("tactics-nodes-selfplay", |b| {
        b.iter(|| {
            let mut used = 0;
            for &(i, t) in &questions {
                used += tactics
                    .attack(&mut boards[i], black_box(t), Tactics::BUDGET, &mut scratch)
                    .nodes;
            }
            assert_eq!(used, nodes);
        })
    });
    group.finish();

    let connection = Connection::new();
    let mut connection_scratch = ConnectionScratch::new();
    let links: Vec<(usize, Point, Point)> = boards
        .iter()
        .enumerate()
        .flat_map(|(i, b)| pairs(b).into_iter().map(move |(x, y)| (i, x, y)))
        .collect();
    let expected: Vec<Outcome> = links
        .iter()
        .map(|&(i, x, y)| {
            connection
                .disconnect(&mut boards[i], x, y, Connection::BUDGET, &mut connection_scratch)
                .outcome
        })
        .collect();
    println!(
        "connect-selfplay: {} questions, {} cuts",
        links.len(),
        expected.iter().filter(|o| o.is_success()).count()
    );
    let mut group = c.benchmark_group("reading");
    group.throughput(Throughput::Elements(links.len() as u64));
    group.sample_size(10);
    group.bench_function("connect-selfplay", |b| {
        b.iter(|| {
            for (&(i, x, y), &outcome) in links.iter().zip(&expected) {
                let answer = connection.disconnect(
                    &mut boards[i],
                    black_box(x),
                    y,
                    Connection::BUDGET,
                    &mut connection_scratch,
                );
                assert_eq!(answer.outcome, outcome);
            }
        })
    });
    group.finish();
}

criterion_group!(reading, benches);
criterion_main!(reading);
