//! Ladder reads per second: the board-crossing ladder of reference/reading.md §2.4
//! (Black D4 against White C4, C5, D3 on an empty 19×19 board; White's E4 starts a
//! ladder that crosses the board), and every chain with one or two liberties of five
//! positions of a game GNU Go played against itself (moves 60 to 220), both sides to
//! move, timed in CPU time of the thread (the machine may be shared).
//!
//! ```text
//! cargo run --release -p benches --example ladder_speed -- [READS [REPEAT]]
//! ```
//!
//! READS (default 200,000) is the number of crossing-ladder reads; the game positions
//! are read REPEAT times each (default 200). Under `valgrind --tool=callgrind`, run it
//! with `N 0` and `0 0` to count the instructions of a crossing-ladder read.

use go_board::sgf::GameRecord;
use go_board::{Board, BoardSize, Color, Move, Point, PointSet};
use go_eval::reading::Outcome;
use go_eval::reading::ladder::{Ladder, LadderScratch};

const GAME: &str = include_str!("../../go-engine/data/gnugo-selfplay-19x19.sgf");

/// The CPU time of this thread, in nanoseconds.
fn cpu_nanos() -> u128 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid timespec to write; CLOCK_THREAD_CPUTIME_ID exists on the
    // platforms this example runs on (Linux, macOS).
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(ok, 0, "clock_gettime");
    t.tv_sec as u128 * 1_000_000_000 + t.tv_nsec as u128
}

fn main() {
    let reads: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let mut board = Board::new(BoardSize::square(19).expect("19x19"));
    let at = |v: &str, b: &Board| Point::parse_gtp(v, b.size()).expect("a vertex");
    for (c, v) in
        [(Color::Black, "D4"), (Color::White, "C4"), (Color::White, "C5"), (Color::White, "D3")]
    {
        let p = at(v, &board);
        board.play(c, p);
    }
    let d4 = at("D4", &board);
    let e4 = Some(Move::Play(at("E4", &board)));
    let ladder = Ladder::new();
    let mut scratch = LadderScratch::new();
    let start = cpu_nanos();
    let mut nodes = 0;
    for _ in 0..reads {
        let answer = ladder.capture(std::hint::black_box(&mut board), d4, &mut scratch);
        assert!(answer.outcome == Outcome::Win && answer.point == e4);
        nodes += answer.nodes;
    }
    let nanos = (cpu_nanos() - start).max(1);
    if let Some(per_read) = nodes.checked_div(reads) {
        println!(
            "crossing ladder: {reads} reads, {per_read} nodes each, {:.2} µs per read = {:.0} reads/s, {:.1} ns per node",
            nanos as f64 / 1000.0 / reads as f64,
            reads as f64 * 1e9 / nanos as f64,
            nanos as f64 / nodes.max(1) as f64,
        );
    }

    let record = GameRecord::from_sgf(GAME).expect("the embedded game parses");
    let mut questions = Vec::new();
    for n in (60..=220).step_by(40).filter(|&n| n <= record.move_count()) {
        let board = record.position_after(n).expect("the game replays").board().clone();
        let mut seen = PointSet::EMPTY;
        for p in &(*board.stones(Color::Black) | *board.stones(Color::White)) {
            if !seen.contains(p) {
                seen |= board.chain_stones(p);
                if board.liberty_count(p) <= 2 {
                    questions.push((board.clone(), p));
                }
            }
        }
    }
    let repeat: u64 = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(200);
    let start = cpu_nanos();
    let mut nodes = 0;
    for _ in 0..repeat {
        for (board, p) in &mut questions {
            nodes += ladder.capture(board, *p, &mut scratch).nodes;
            nodes += ladder.escape(board, *p, &mut scratch).nodes;
        }
    }
    let nanos = (cpu_nanos() - start).max(1);
    let asked = repeat * questions.len() as u64 * 2;
    if asked > 0 {
        println!(
            "game positions: {} questions (capture and escape of {} chains), {:.2} µs and {:.1} nodes per question",
            asked,
            questions.len(),
            nanos as f64 / 1000.0 / asked as f64,
            nodes as f64 / asked as f64,
        );
    }
}
