//! Serial against 2-thread go-search on the connect-four start position at depths 10
//! and 12, for several split depths. The two searches alternate, each cold (scratch
//! cleared outside the timing), so that both see the same machine load.
//!
//! `cargo run --release -p benches --example connect4_scaling`

use benches::connect4::*;
use go_search::alphabeta::{Config, Replacement};
use go_search::{AlphaBeta, Limits, Searcher};
fn main() {
    let b = Board::default();
    let config = Config::default().table(1 << 20, Replacement::TwoTier);
    let ser = AlphaBeta::new(config.clone(), BasicEvaluator).expect("valid settings");
    for depth in [10u32, 12] {
        for split in [5u32, 6, 7, 8] {
            let par = AlphaBeta::new(config.clone(), BasicEvaluator)
                .expect("valid settings")
                .parallel(2, split)
                .expect("valid settings");
            let mut s = ser.scratch();
            let mut p = par.scratch();
            let mut ts = Vec::new();
            let mut tp = Vec::new();
            let n: usize = if depth == 10 { 30 } else { 8 };
            for _ in 0..n {
                s.clear();
                ts.push(
                    ser.search(&Connect4, &mut s, &b, &Limits::default().depth(depth))
                        .stats
                        .elapsed
                        .as_secs_f64()
                        * 1e3,
                );
                p.clear();
                tp.push(
                    par.search(&Connect4, &mut p, &b, &Limits::default().depth(depth))
                        .stats
                        .elapsed
                        .as_secs_f64()
                        * 1e3,
                );
            }
            ts.sort_by(f64::total_cmp);
            tp.sort_by(f64::total_cmp);
            println!(
                "depth {depth} split {split}: serial median {:.2} ms; 2 threads median {:.2}; ratio {:.2}",
                ts[n / 2],
                tp[n / 2],
                ts[n / 2] / tp[n / 2]
            );
        }
    }
}
