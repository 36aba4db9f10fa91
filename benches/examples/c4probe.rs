use benches::connect4::*;
use go_search::alphabeta::{Config, Replacement};
use go_search::{AlphaBeta, Limits, Searcher};
use minimax::{IterativeOptions, IterativeSearch, Strategy};
use std::time::Instant;
fn main() {
    let b = Board::default();
    for _ in 0..3 {
        let mut theirs = IterativeSearch::new(MinimaxEvaluator, IterativeOptions::new().with_table_byte_size(16_000_000));
        theirs.set_max_depth(10);
        let t = Instant::now();
        let m = theirs.choose_move(&b);
        let el = t.elapsed();
        let mut bb = b;
        let stats = theirs.stats(&mut bb);
        println!("minimax {:?} {:?} value {} | {}", m, el, theirs.root_value(), stats.replace('\n', " | "));
    }
    let config = Config::default().table(1 << 19, Replacement::TwoTier);
    let ours = AlphaBeta::new(config.clone(), BasicEvaluator);
    let mut scratch = ours.scratch();
    for _ in 0..3 {
        let r = ours.search(&Connect4, &mut scratch, &b, &Limits::default().depth(10));
        println!("ours serial {:?} {:?} nodes {} {:?} value {:?} nps {:.0}", r.best, r.stats.elapsed, r.stats.nodes, r.stats.iterations, r.value, r.stats.nodes_per_second());
    }
    for split in [2u32, 3, 4, 5, 6] {
        let par = AlphaBeta::new(config.clone(), BasicEvaluator).parallel(2, split);
        let mut scratch = par.scratch();
        let mut times = Vec::new();
        for _ in 0..5 {
            let r = par.search(&Connect4, &mut scratch, &b, &Limits::default().depth(10));
            times.push((r.stats.elapsed.as_secs_f64() * 1e3, r.stats.nodes));
        }
        println!("ours 2 threads split {split}: {times:?}");
    }
}
