//! `Board::neighbourhood`, the 3×3 view of the pattern matcher, on every point of a
//! 19×19 middle-game board (ids `board/neighbourhood` and, for the ratio, the same
//! neighbourhoods read point by point through the public API,
//! `board/neighbourhood-naive`), throughput in points.
//!
//! Both fold the codes of all points into a checksum; they must agree before timing,
//! and every timed iteration must reproduce it.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use go_board::{Board, BoardSize, Color, Point};

/// A 19×19 board after 200 random legal moves (simple ko, no suicide, no eye filling).
fn middle_game() -> Board {
    let mut board = Board::new(BoardSize::square(19).expect("19x19"));
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut color = Color::Black;
    for _ in 0..200 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let legal: Vec<Point> = board
            .empty_points()
            .filter(|&p| board.is_legal(color, p) && !board.is_simple_eye(color, p))
            .collect();
        if legal.is_empty() {
            board.pass();
        } else {
            board.play(color, legal[(seed % legal.len() as u64) as usize]);
        }
        color = !color;
    }
    board.check_consistency().expect("a consistent board");
    board
}

/// The checksum of the neighbourhood codes of every point.
fn checksum(board: &Board, code: impl Fn(&Board, Point) -> u32) -> u64 {
    board
        .size()
        .points()
        .fold(0u64, |acc, p| acc.rotate_left(5) ^ u64::from(code(board, black_box(p))))
}

/// The code of `p` built from `Point::offset`, `Board::color_at` and
/// `Board::liberty_count`, in the layout of `Neighbourhood::code`.
fn naive_code(board: &Board, p: Point) -> u32 {
    const OFFSETS: [(i32, i32); 8] =
        [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1)];
    const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (-1, 0), (1, 0), (0, -1)];
    let size = board.size();
    let mut code = 0;
    for (k, (dx, dy)) in OFFSETS.into_iter().enumerate() {
        let cell = match p.offset(dx, dy, size) {
            None => 3,
            Some(q) => match board.color_at(q) {
                None => 0,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
            },
        };
        code |= cell << (2 * k);
    }
    for (k, (dx, dy)) in ORTHOGONAL.into_iter().enumerate() {
        if p.offset(dx, dy, size).is_some_and(|q| board.liberty_count(q) == 1) {
            code |= 1 << (16 + k);
        }
    }
    code
}

fn board(c: &mut Criterion) {
    let board = middle_game();
    let points = board.size().point_count() as u64;
    let fast = |b: &Board, p: Point| b.neighbourhood(p).code();
    let expected = checksum(&board, fast);
    assert_eq!(checksum(&board, naive_code), expected, "the two readings disagree");
    let mut group = c.benchmark_group("board");
    group
        .throughput(Throughput::Elements(points))
        .sample_size(50)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    group.bench_function("neighbourhood", |b| {
        b.iter(|| assert_eq!(checksum(black_box(&board), fast), expected))
    });
    group.bench_function("neighbourhood-naive", |b| {
        b.iter(|| assert_eq!(checksum(black_box(&board), naive_code), expected))
    });
    group.finish();
}

criterion_group!(benches, board);
criterion_main!(benches);
