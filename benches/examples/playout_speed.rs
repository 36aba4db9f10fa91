//! Playout speed of the three boards without criterion, robust to a shared machine:
//! `cargo run --release -p benches --example playout_speed -- [ROUNDS]`.
//!
//! Each round runs every implementation once on a short batch (about 30 ms),
//! alternating, as in reference/board.md §1; interference only ever slows a batch down,
//! so besides the median the 90th percentile of the per-batch rates (close to the
//! undisturbed speed) is printed, and the ratios to go_game_board of both.
use std::time::Instant;

use benches::playout::go_game_board::GoGameBoardPlayouts;
use benches::playout::goban::GobanPlayouts;
use benches::playout::{GoBoardPlayouts, PlayoutBoard, PlayoutStats, XorShift64Star, batch};

fn time<B: PlayoutBoard>(
    board: &mut B,
    count: u64,
    rng: &mut XorShift64Star,
) -> (f64, PlayoutStats) {
    let t = Instant::now();
    let stats = batch(board, count, rng);
    (count as f64 / t.elapsed().as_secs_f64(), stats)
}

fn quantile(v: &[f64], q: f64) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    v[((v.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(60);
    for n in [9u32, 19] {
        // About 30 ms per batch for each implementation.
        let counts: [u64; 3] = if n == 9 { [3000, 1500, 300] } else { [700, 300, 40] };
        let names = ["go-board", "go_game_board", "goban"];
        let mut ours = GoBoardPlayouts::new(n);
        let mut lew = GoGameBoardPlayouts::new(n);
        let mut sagebati = GobanPlayouts::new(n);
        let mut rngs = [1, 2, 3].map(XorShift64Star::new);
        let mut rates = [vec![], vec![], vec![]];
        let mut stats = [PlayoutStats::default(); 3];
        for _ in 0..rounds {
            let runs = [
                time(&mut ours, counts[0], &mut rngs[0]),
                time(&mut lew, counts[1], &mut rngs[1]),
                time(&mut sagebati, counts[2], &mut rngs[2]),
            ];
            for (k, (rate, s)) in runs.into_iter().enumerate() {
                rates[k].push(rate);
                stats[k].merge(&s);
            }
        }
        let (ref_p90, ref_median) = (quantile(&rates[1], 0.9), quantile(&rates[1], 0.5));
        for k in 0..3 {
            let (p90, median) = (quantile(&rates[k], 0.9), quantile(&rates[k], 0.5));
            let s = &stats[k];
            println!(
                "{n}x{n} {:<14} p90 {:>7.0} median {:>7.0} playouts/s  {:>5.2} M moves/s  \
                 {:>6.2} moves/playout  Black wins {:.3}  capped {}  \
                 x{:.2} (median x{:.2}) go_game_board",
                names[k],
                p90,
                median,
                p90 * s.moves_per_playout() / 1e6,
                s.moves_per_playout(),
                s.black_win_rate(),
                s.capped,
                p90 / ref_p90,
                median / ref_median,
            );
        }
    }
}
