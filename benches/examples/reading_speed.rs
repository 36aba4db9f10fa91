//! The tactical reader on game positions: `attack` (and `defend` of the chains it
//! captures) on every chain with at most four liberties, each question with a cold
//! table, timed one by one.
//!
//! ```text
//! cargo run --release -p benches --example reading_speed -- LIST [--repeat N]
//! ```
//!
//! LIST has one position per line: an SGF file and, optionally, GNU Go's `loadsgf`
//! move number (the position before that move). The positions are not part of the
//! project (game records carry no licence; see `../shared/data/`). Prints the number of
//! questions, the mean CPU time (of the thread: the machine may be shared) and nodes
//! per question, and the nodes per CPU second, for
//! `attack` and `defend`; `--repeat N` times each question N times (the median).
//! `--targets` prints the chains asked about instead (the position, a tab, the points),
//! to put the same questions to another program; `--answers` prints every answer.

/// The CPU time of this thread, in nanoseconds (wall time would count the other jobs
/// of a shared machine).
fn cpu_nanos() -> u128 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid timespec to write; CLOCK_THREAD_CPUTIME_ID exists on the
    // platforms this example runs on (Linux, macOS).
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(ok, 0, "clock_gettime");
    t.tv_sec as u128 * 1_000_000_000 + t.tv_nsec as u128
}

use go_board::{Board, GameRecord, KoRule, Point, PointSet, Rules};
use go_eval::reading::tactics::{Scratch, Tactics};

fn load(line: &str) -> Option<Board> {
    let mut words = line.split_whitespace();
    let path = words.next()?;
    let bytes = std::fs::read(path).ok()?;
    let record = GameRecord::from_sgf(&bytes).ok()?;
    let moves = match words.next().and_then(|w| w.parse::<usize>().ok()) {
        Some(n) => n.saturating_sub(1),
        None => usize::MAX,
    };
    let lenient = GameRecord {
        rules: Rules { ko: KoRule::Simple, suicide: true, ..record.rules },
        ..record.clone()
    };
    let position = lenient.position_after(moves.min(record.move_count())).ok()?;
    Some(position.board().clone())
}

/// One stone of every chain with at most four liberties, in board order.
fn targets(board: &Board) -> Vec<Point> {
    let mut seen = PointSet::EMPTY;
    let mut out = Vec::new();
    let stones = *board.stones(go_board::Color::Black) | *board.stones(go_board::Color::White);
    for p in &stones {
        if seen.contains(p) {
            continue;
        }
        seen |= board.chain_stones(p);
        if board.liberty_count(p) <= 4 {
            out.push(p);
        }
    }
    out
}

#[derive(Default)]
struct Tally {
    queries: u64,
    nanos: u128,
    nodes: u64,
    successes: u64,
}

impl Tally {
    fn print(&self, name: &str) {
        let q = self.queries.max(1) as f64;
        let micros = self.nanos as f64 / 1000.0;
        println!(
            "{name:7} {:6} questions, {:5} succeed: {:8.1} µs and {:7.1} nodes per question, {:6.2} M nodes/s",
            self.queries,
            self.successes,
            micros / q,
            self.nodes as f64 / q,
            self.nodes as f64 / micros.max(1e-9),
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(list) = args.first() else {
        eprintln!("usage: reading_speed LIST [--repeat N]");
        std::process::exit(2);
    };
    let print_targets = args.iter().any(|a| a == "--targets");
    let print_answers = args.iter().any(|a| a == "--answers");
    let repeat = args
        .iter()
        .position(|a| a == "--repeat")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(1)
        .max(1);
    let text = std::fs::read_to_string(list).expect("a readable list");
    let tactics = Tactics::default();
    let mut scratch = Scratch::new();
    let (mut attack, mut defend) = (Tally::default(), Tally::default());
    let mut positions = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let Some(mut board) = load(line) else {
            eprintln!("skipped: {line}");
            continue;
        };
        positions += 1;
        if print_targets {
            let list: Vec<String> = targets(&board).iter().map(|p| p.to_string()).collect();
            println!("{line}\t{}", list.join(" "));
            continue;
        }
        for t in targets(&board) {
            let mut times = Vec::with_capacity(repeat);
            let mut answer = None;
            for _ in 0..repeat {
                let start = cpu_nanos();
                let a = tactics.attack(&mut board, t, Tactics::BUDGET, &mut scratch);
                times.push(cpu_nanos() - start);
                answer = Some(a);
            }
            times.sort_unstable();
            let a = answer.expect("at least one run");
            if print_answers {
                println!("{line}\t{t}\t{a}\t{}", a.nodes);
            }
            attack.queries += 1;
            attack.nanos += times[repeat / 2];
            attack.nodes += a.nodes;
            attack.successes += u64::from(a.outcome.is_success());
            if a.outcome.is_success() {
                let start = cpu_nanos();
                let d = tactics.defend(&mut board, t, Tactics::BUDGET, &mut scratch);
                defend.nanos += cpu_nanos() - start;
                defend.queries += 1;
                defend.nodes += d.nodes;
                defend.successes += u64::from(d.outcome.is_success());
            }
        }
    }
    println!("{positions} positions");
    attack.print("attack");
    defend.print("defend");
}
