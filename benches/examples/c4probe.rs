use benches::connect4::*;
use go_search::alphabeta::{Config, Replacement};
use go_search::{AlphaBeta, Limits, Searcher};
fn cpu() -> f64 {
    let s = std::fs::read_to_string("/proc/self/stat").unwrap();
    let f: Vec<&str> = s.rsplit(')').next().unwrap().split_whitespace().collect();
    (f[11].parse::<f64>().unwrap() + f[12].parse::<f64>().unwrap()) / 100.0
}
fn main() {
    let b = Board::default();
    let config = Config::default().table(1 << 20, Replacement::TwoTier);
    let limits = Limits::default().depth(10);
    let n = 30;
    let ours = AlphaBeta::new(config.clone(), BasicEvaluator);
    let mut scratches: Vec<_> = (0..n).map(|_| ours.scratch()).collect();
    let (c0, t0) = (cpu(), std::time::Instant::now());
    for s in &mut scratches {
        ours.search(&Connect4, s, &b, &limits);
    }
    println!(
        "serial: cpu {:.1} ms/search wall {:.1} ms/search",
        (cpu() - c0) * 1e3 / n as f64,
        t0.elapsed().as_secs_f64() * 1e3 / n as f64
    );
    for split in [4u32, 5, 6, 7] {
        let par = AlphaBeta::new(config.clone(), BasicEvaluator).parallel(2, split);
        let mut scratches: Vec<_> = (0..n).map(|_| par.scratch()).collect();
        let (c0, t0) = (cpu(), std::time::Instant::now());
        let mut nodes = 0;
        for s in &mut scratches {
            nodes += par.search(&Connect4, s, &b, &limits).stats.nodes;
        }
        println!(
            "split {split}: cpu {:.1} ms/search wall {:.1} ms/search nodes {}",
            (cpu() - c0) * 1e3 / n as f64,
            t0.elapsed().as_secs_f64() * 1e3 / n as f64,
            nodes / n as u64
        );
    }
}
