use benches::connect4::*;
use go_search::alphabeta::{Config, Replacement};
use go_search::{AlphaBeta, Limits, Searcher};
fn main() {
    let b = Board::default();
    let config = Config::default().table(1 << 19, Replacement::TwoTier);
    let ours = AlphaBeta::new(config.clone(), BasicEvaluator);
    let mut n = 0; let mut t = 0.0;
    for _ in 0..30 {
        let mut scratch = ours.scratch();
        let r = ours.search(&Connect4, &mut scratch, &b, &Limits::default().depth(10));
        n += r.stats.nodes; t += r.stats.elapsed.as_secs_f64();
    }
    println!("nodes/search {} nps {:.0}", n / 30, n as f64 / t);
}
