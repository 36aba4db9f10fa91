//! go-search (serial and 2 threads) and the `minimax` crate on the connect-four start
//! position at depth 10: nodes, wall time and CPU time per search, so that node counts,
//! speed-up and search overhead can be reported honestly even on a shared machine (CPU
//! time does not depend on what else runs; wall time does). "serial" and "2 threads" use
//! minimax's options (iterative deepening, a 16 MB two-tier table, PVS, the table move
//! first); "ordered" adds killer moves and the history heuristic.
//!
//! `cargo run --release -p benches --example connect4_compare [searches] [split-depth]`

use benches::connect4::{BasicEvaluator, Board, Connect4, MinimaxEvaluator, Place};
use go_search::alphabeta::{Config, Replacement, Scratch};
use go_search::{AlphaBeta, Limits, Searcher, Stats, Value};
use minimax::{IterativeOptions, IterativeSearch, Strategy};
use std::time::Instant;

/// CPU time of this process so far, in seconds (Linux; 0 elsewhere).
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else { return 0.0 };
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

/// Runs `searches` cold searches: one scratch, cleared (outside the timing) before each.
fn measure<A>(algo: &A, searches: usize) -> (f64, f64, f64, Stats)
where
    A: Searcher<Connect4, Scratch = Scratch<Place, i16>>,
{
    let root = Board::default();
    let limits = Limits::default().depth(10);
    let mut scratch = algo.scratch();
    let mut walls = Vec::new();
    let mut stats = Stats::default();
    let mut cpu = 0.0;
    for _ in 0..searches {
        scratch.clear();
        let before = cpu_seconds();
        let r = algo.search(&Connect4, &mut scratch, &root, &limits);
        cpu += cpu_seconds() - before;
        walls.push(r.stats.elapsed.as_secs_f64() * 1e3);
        stats.merge(&r.stats);
    }
    let n = searches as f64;
    let mean = walls.iter().sum::<f64>() / n;
    walls.sort_by(f64::total_cmp);
    let nodes = stats.nodes as f64 / n;
    eprintln!("  fastest {:.2} ms, {:.1} M nodes/s", walls[0], nodes / walls[0] / 1e3);
    (walls[walls.len() / 2], mean, cpu * 1e3 / n, stats)
}

/// One minimax 0.6 `IterativeSearch` (a new strategy, made untimed): wall time in ms,
/// the node count it reports, and the root value.
fn minimax_once(opts: IterativeOptions) -> (f64, Option<u64>, i16) {
    let root = Board::default();
    let mut s = IterativeSearch::new(MinimaxEvaluator, opts);
    s.set_max_depth(10);
    let start = Instant::now();
    let _ = s.choose_move(&root);
    let wall = start.elapsed().as_secs_f64() * 1e3;
    let text = s.stats(&mut root.clone());
    let explored = text
        .split("Explored ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok());
    (wall, explored, s.root_value())
}

/// minimax 0.6 `IterativeSearch` (16 MB table, `opts` otherwise): median wall time, and
/// the node counts it reports (its root moves are shuffled at random, so they vary from
/// run to run).
fn minimax_runs(searches: usize, opts: IterativeOptions) -> (f64, Vec<u64>, i16) {
    let mut walls = Vec::new();
    let mut nodes = Vec::new();
    let mut rates = Vec::new();
    let mut value = 0;
    for _ in 0..searches {
        let (wall, explored, v) = minimax_once(opts);
        walls.push(wall);
        value = v;
        nodes.extend(explored);
        rates.extend(explored.map(|n| n as f64 / wall / 1e3));
    }
    walls.sort_by(f64::total_cmp);
    rates.sort_by(f64::total_cmp);
    eprintln!(
        "  fastest {:.2} ms; M nodes/s: best {:.1}, median {:.1}",
        walls[0],
        rates.last().copied().unwrap_or(0.0),
        rates.get(rates.len() / 2).copied().unwrap_or(0.0)
    );
    nodes.sort_unstable();
    (walls[walls.len() / 2], nodes, value)
}

/// Nodes per second (millions) of go-search (comparable options) and minimax in
/// alternating searches, so that both see the same machine state: the median of each,
/// and the median of the per-pair ratio.
fn interleaved(serial: &AlphaBeta<BasicEvaluator>, pairs: usize) -> (f64, f64, f64) {
    let root = Board::default();
    let limits = Limits::default().depth(10);
    let mut scratch = serial.scratch();
    let (mut ours, mut theirs, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..pairs {
        scratch.clear();
        let r = serial.search(&Connect4, &mut scratch, &root, &limits);
        let a = r.stats.nodes as f64 / r.stats.elapsed.as_secs_f64() / 1e6;
        let (wall, explored, _) = minimax_once(minimax_options());
        let Some(nodes) = explored else { continue };
        let b = nodes as f64 / wall / 1e3;
        ours.push(a);
        theirs.push(b);
        ratios.push(a / b);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
    };
    (median(&mut ours), median(&mut theirs), median(&mut ratios))
}

fn minimax_options() -> IterativeOptions {
    IterativeOptions::new().with_table_byte_size(16_000_000)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let searches: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(30).max(1);
    let split: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(6);
    let config = Config::default().table(1 << 20, Replacement::TwoTier);
    let comparable = config.clone().killers(false).history(false);
    let serial = AlphaBeta::new(comparable.clone(), BasicEvaluator).expect("valid settings");
    let parallel = AlphaBeta::new(comparable, BasicEvaluator)
        .expect("valid settings")
        .parallel(2, split)
        .expect("valid settings");
    let ordered = AlphaBeta::new(config, BasicEvaluator).expect("valid settings");
    let (s_med, s_mean, s_cpu, s_stats) = measure(&serial, searches);
    let (p_med, p_mean, p_cpu, p_stats) = measure(&parallel, searches);
    let (o_med, o_mean, o_cpu, o_stats) = measure(&ordered, searches);
    let plain = minimax_options();
    let (m_med, m_nodes, m_value) = minimax_runs(searches, plain);
    let (c_med, c_nodes, _) =
        minimax_runs(searches, plain.with_countermoves().with_countermove_history());
    let check = serial.search(
        &Connect4,
        &mut serial.scratch(),
        &Board::default(),
        &Limits::default().depth(10),
    );
    assert_eq!(check.value, Value::Exact(m_value), "both crates find the same root value");
    let n = searches as f64;
    println!(
        "connect four, start position, depth 10, {searches} searches each, split depth {split}"
    );
    println!("{:<10} {:>12} {:>12} {:>12} {:>12}", "", "median ms", "mean ms", "CPU ms", "nodes");
    println!(
        "{:<10} {s_med:>12.2} {s_mean:>12.2} {s_cpu:>12.2} {:>12.0}",
        "serial",
        s_stats.nodes as f64 / n
    );
    println!(
        "{:<10} {p_med:>12.2} {p_mean:>12.2} {p_cpu:>12.2} {:>12.0}",
        "2 threads",
        p_stats.nodes as f64 / n
    );
    println!(
        "{:<10} {o_med:>12.2} {o_mean:>12.2} {o_cpu:>12.2} {:>12.0}",
        "ordered",
        o_stats.nodes as f64 / n
    );
    println!(
        "minimax    {m_med:>12.2} {:>12} {:>12} {:>12} (min {}, max {})",
        "",
        "",
        m_nodes[m_nodes.len() / 2],
        m_nodes[0],
        m_nodes[m_nodes.len() - 1]
    );
    println!(
        "minimax+cm {c_med:>12.2} {:>12} {:>12} {:>12} (min {}, max {})",
        "",
        "",
        c_nodes[c_nodes.len() / 2],
        c_nodes[0],
        c_nodes[c_nodes.len() - 1]
    );
    println!(
        "serial per search: {} interior, {} evaluations, {} table probes, {} hits, {} cutoffs",
        s_stats.interior_nodes / searches as u64,
        s_stats.evaluations / searches as u64,
        s_stats.tt_probes / searches as u64,
        s_stats.tt_hits / searches as u64,
        s_stats.tt_cutoffs / searches as u64
    );
    let (ours, theirs, ratio) = interleaved(&serial, searches);
    println!(
        "interleaved ({searches} pairs): go-search {ours:.1} M nodes/s, minimax {theirs:.1} M \
         nodes/s (medians), per-pair ratio {ratio:.2}"
    );
    println!("root value {m_value} in both crates");
    println!(
        "speed-up (median wall) {:.2}x, search overhead (nodes) {:+.1}%, CPU overhead {:+.1}%",
        s_med / p_med,
        100.0 * (p_stats.nodes as f64 / s_stats.nodes as f64 - 1.0),
        100.0 * (p_cpu / s_cpu - 1.0)
    );
}
