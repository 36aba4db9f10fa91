//! Quick playout-speed check of the three boards without criterion:
//! `cargo run --release -p benches --example playout_speed [ROUNDS]`.
//!
//! Each round runs every implementation once on 9×9 and 19×19 (alternating, as in
//! reference/board.md §1); the medians over the rounds are printed.
use std::time::Instant;

use benches::playout::go_game_board::GoGameBoardPlayouts;
use benches::playout::goban::GobanPlayouts;
use benches::playout::{GoBoardPlayouts, PlayoutBoard, PlayoutStats, XorShift64Star, batch};

fn time<B: PlayoutBoard>(board: &mut B, count: u64, seed: u64) -> (f64, PlayoutStats) {
    let mut rng = XorShift64Star::new(seed);
    let t = Instant::now();
    let stats = batch(board, count, &mut rng);
    (count as f64 / t.elapsed().as_secs_f64(), stats)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(3);
    for n in [9u32, 19] {
        let (count, goban_count) = if n == 9 { (100_000, 10_000) } else { (20_000, 1_000) };
        let names = ["go-board", "go_game_board", "goban"];
        let mut pps = [vec![], vec![], vec![]];
        let mut stats = [PlayoutStats::default(); 3];
        for round in 0..rounds {
            let seed = 42 + round as u64;
            let runs = [
                time(&mut GoBoardPlayouts::new(n), count, seed),
                time(&mut GoGameBoardPlayouts::new(n), count, seed),
                time(&mut GobanPlayouts::new(n), goban_count, seed),
            ];
            for (k, (rate, s)) in runs.into_iter().enumerate() {
                pps[k].push(rate);
                stats[k].merge(&s);
            }
        }
        let reference = median(&mut pps[1].clone());
        for k in 0..3 {
            let rate = median(&mut pps[k]);
            let s = &stats[k];
            println!(
                "{n}x{n} {:<14} {:>9.0} playouts/s  {:>6.2} M moves/s  {:>7.2} moves/playout  \
                 black wins {:.3}  capped {}  x{:.2} go_game_board",
                names[k],
                rate,
                rate * s.moves_per_playout() / 1e6,
                s.moves_per_playout(),
                s.black_win_rate(),
                s.capped,
                rate / reference,
            );
        }
    }
}
