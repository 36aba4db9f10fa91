//! B* expansions per second on Berliner/Anema interval trees (`k = 4`, `R = 10⁷`), as
//! the fastest of several passes over the same trees, so that a busy machine disturbs
//! the figure less than a mean would.
//!
//! `cargo run --release -p benches --example bstar_speed [trees] [passes]`

use go_search::bstar::{Config, Strategy};
use go_search::synth::IntervalTree;
use go_search::{BStar, Limits, Searcher};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>());
    let trees = args.next().and_then(Result::ok).unwrap_or(64);
    let passes = args.next().and_then(Result::ok).unwrap_or(5);
    let limits = Limits::default().nodes(10_000_000);
    println!("width  trees  expansions  best pass (ms)  expansions/s");
    for width in [2u32, 3, 5, 10, 15, 30] {
        let searcher = BStar::new(
            Config::default().strategy(Strategy::Alternate),
            IntervalTree::new(width, 0),
        );
        let mut scratch = searcher.scratch();
        let mut best = f64::INFINITY;
        let mut expansions = 0;
        for _ in 0..passes {
            expansions = 0;
            let start = Instant::now();
            for seed in 0..trees {
                let tree = IntervalTree::new(width, seed);
                let report = BStar::new(*searcher.config(), tree).search(
                    &tree,
                    &mut scratch,
                    &tree.root(),
                    &limits,
                );
                assert!(report.solved, "b{width} seed {seed} did not separate");
                expansions += report.stats.expansions;
            }
            best = best.min(start.elapsed().as_secs_f64());
        }
        let rate = expansions as f64 / best;
        println!("{width:>5}  {trees:>5}  {expansions:>10}  {:>14.2}  {rate:>12.0}", best * 1e3);
    }
}
