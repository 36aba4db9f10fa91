use go_search::bstar::{Config, Strategy};
use go_search::synth::IntervalTree;
use go_search::{BStar, Limits, Searcher};
fn main() {
    for width in std::env::args().skip(1).map(|a| a.parse::<u32>().unwrap()) {
        for strategy in [Strategy::Alternate] {
            let mut exp = 0u64; let mut secs = 0.0; let mut solved = 0; let mut peak = 0;
            let mut all = Vec::new();
            let mut s = BStar::new(Config::default(), IntervalTree::new(width, 0)).scratch();
            for seed in 0..40 {
                let tree = IntervalTree::new(width, seed);
                let b = BStar::new(Config::default().strategy(strategy), tree);
                let r = b.search(&tree, &mut s, &tree.root(), &Limits::default().nodes(5_000_000));
                exp += r.stats.expansions; secs += r.stats.elapsed.as_secs_f64();
                solved += r.solved as u32; peak = peak.max(r.stats.peak_nodes);
                all.push(r.stats.expansions);
            }
            all.sort();
            println!("b={width} {strategy:?}: solved {solved}/40 median {} mean {} exp/s {:.0} peak {peak}", all[20], exp/40, exp as f64/secs);
        }
    }
}
