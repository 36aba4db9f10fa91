//! How often PB*'s probabilistic stop fires, and whether its move is then a true best
//! move, on small interval trees whose exact values plain minimax can compute; with the
//! expansions B* (alternating strategies) needs on the same trees.
//!
//! `cargo run --release -p go-search --features synth --example pbstar_stop`

use go_search::pbstar::Config;
use go_search::synth::{IntervalTree, exact_value};
use go_search::{BStar, Game, Limits, PBStar, Searcher};

fn main() {
    let limits = Limits::default();
    println!(
        "tree            trees  threshold  B* exp/tree  PB* exp/tree  separated  probable (best move)"
    );
    for (width, range, trees) in [(2u32, 16i32, 2000u64), (3, 8, 2000), (3, 16, 300), (4, 12, 300)]
    {
        for p in [0.01, 0.05, 0.2, 0.5] {
            let (mut bstar_exp, mut pbstar_exp) = (0, 0);
            let (mut separated, mut probable, mut probable_best) = (0, 0, 0);
            for seed in 0..trees {
                let tree = IntervalTree { range, ..IntervalTree::new(width, seed) };
                let root = tree.root();
                let Some(root_value) = exact_value(&tree, &root, 100_000_000) else { continue };
                let bstar = BStar::new(Default::default(), tree);
                bstar_exp +=
                    bstar.search(&tree, &mut bstar.scratch(), &root, &limits).stats.expansions;
                let pbstar = PBStar::new(Config::default().min_probability(p), tree).unwrap();
                let r = pbstar.search(&tree, &mut pbstar.scratch(), &root, &limits);
                pbstar_exp += r.stats.expansions;
                if r.solved {
                    separated += 1;
                    continue;
                }
                probable += 1;
                let mut after = root;
                tree.play(&mut after, r.best.expect("a move"));
                probable_best +=
                    u32::from(exact_value(&tree, &after, 100_000_000) == Some(-root_value));
            }
            let per_tree = |e: u64| e as f64 / trees as f64;
            println!(
                "b={width} R={range:<8} {trees:>6}  {p:>9}  {:>11.1}  {:>12.1}  {separated:>9}  {probable:>8} ({probable_best})",
                per_tree(bstar_exp),
                per_tree(pbstar_exp),
            );
        }
    }
}
