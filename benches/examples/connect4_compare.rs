//! go-search and the `minimax` crate on the connect-four start position at depth 10, in
//! the three pairings of `benches::connect4::pairings` (comparable, each crate's
//! ordering, each crate at its best), and go-search's 2-thread speed-up.
//!
//! Every round runs a block of cold searches of each crate in turn, so that both see
//! the same machine state; the tables give the median over rounds of each block's
//! median, in wall time and in CPU time of the searching thread (CPU time does not count
//! the time another process holds the core, so it stays comparable on a shared
//! machine), and the median of the per-round ratios. The parallel speed-up alternates
//! serial and 2-thread blocks the same way (wall time; CPU time of the whole process),
//! for both parallel schemes: Young Brothers Wait and ABDADA. Besides the times it gives
//! the node overhead (all threads' nodes against the serial search's) and, the figure
//! that stays meaningful on a loaded machine, the main thread's nodes to depth against
//! the serial search's ("main nodes"; the same as the total for YBW, whose tasks are
//! counted with the thread that waits for them).
//!
//! `cargo run --release -p benches --example connect4_compare -- [rounds] [split-depth
//! [abdada-depth]]`
//!
//! `connect4_compare -- splits [rounds] [split-depth...]` measures only the 2-thread
//! speed-up, at each split depth given (default 3 to 8), for both schemes, interleaved
//! in every round.
//!
//! `connect4_compare -- profile PAIRING N [THREADS [SPLIT-DEPTH [ybw|abdada]]]` runs only
//! go-search's side of one pairing, N cold searches (for `valgrind --tool=callgrind` or
//! `perf record`), and prints the node counts and the time per search;
//! `profile-minimax PAIRING N` runs minimax's.

use std::time::Duration;

use benches::connect4::{
    BasicEvaluator, Connect4, Place, Timed, go_search_once, minimax_once, pairings, process_cpu,
};
use go_search::alphabeta::{Scheme, Scratch};
use go_search::{AlphaBeta, Searcher};

const BLOCK: usize = 5;
const DEPTH: u32 = 10;
/// The default split depth of the 2-thread Young-Brothers-Wait search.
const SPLIT: u32 = 6;
/// The default depth from which the 2-thread ABDADA search defers busy moves.
const ABDADA: u32 = 3;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Per-round block medians of one side.
#[derive(Default)]
struct Side {
    wall: Vec<f64>,
    cpu: Vec<f64>,
    nodes: Vec<u64>,
    lead: Vec<u64>,
}

impl Side {
    fn push(&mut self, block: &[Timed]) {
        self.wall.push(median(&mut block.iter().map(|t| ms(t.wall)).collect::<Vec<_>>()));
        self.cpu.push(median(&mut block.iter().map(|t| ms(t.cpu)).collect::<Vec<_>>()));
        self.nodes.extend(block.iter().filter_map(|t| t.nodes));
        self.lead.extend(block.iter().filter_map(|t| t.lead_nodes));
    }

    fn nodes(&self) -> String {
        let mut n = self.nodes.clone();
        n.sort_unstable();
        match (n.first(), n.last()) {
            (Some(lo), Some(hi)) if lo == hi => format!("{lo}"),
            (Some(lo), Some(hi)) => format!("{} ({lo}–{hi})", n[n.len() / 2]),
            _ => "?".into(),
        }
    }
}

fn block<A>(algo: &A, scratch: &mut Scratch<Place, i16>) -> Vec<Timed>
where
    A: Searcher<Connect4, Scratch = Scratch<Place, i16>>,
{
    (0..BLOCK).map(|_| go_search_once(algo, scratch, DEPTH)).collect()
}

/// `profile PAIRING N [THREADS]`: go-search alone (or minimax alone), for a profiler.
fn profile(mut args: impl Iterator<Item = String>, minimax: bool) {
    let name = args.next().unwrap_or_else(|| "best".into());
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let threads: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let split: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(SPLIT);
    let scheme = match args.next().as_deref() {
        None | Some("ybw") => Scheme::YoungBrothersWait,
        Some("abdada") => Scheme::Abdada,
        Some(other) => {
            eprintln!("no scheme {other:?} (ybw, abdada)");
            std::process::exit(2);
        }
    };
    let Some(pairing) = pairings().into_iter().find(|p| p.name == name) else {
        eprintln!("no pairing {name:?} (comparable, ordered, best)");
        std::process::exit(2);
    };
    let ours = AlphaBeta::new(pairing.ours, BasicEvaluator).expect("valid settings");
    let (mut nodes, mut lead, mut wall, mut cpu) = (0, 0, Duration::ZERO, Duration::ZERO);
    if minimax {
        for _ in 0..n {
            let t = minimax_once(pairing.theirs, DEPTH as u8);
            nodes += t.nodes.unwrap_or(0);
            wall += t.wall;
            cpu += t.cpu;
        }
    } else if threads > 1 {
        let par = ours.parallel(threads, split).expect("valid settings").scheme(scheme);
        let mut scratch = par.scratch();
        for _ in 0..n {
            let t = go_search_once(&par, &mut scratch, DEPTH);
            nodes += t.nodes.unwrap_or(0);
            lead += t.lead_nodes.unwrap_or(0);
            wall += t.wall;
            cpu += t.cpu;
        }
    } else {
        let mut scratch = ours.scratch();
        for _ in 0..n {
            let t = go_search_once(&ours, &mut scratch, DEPTH);
            nodes += t.nodes.unwrap_or(0);
            lead += t.lead_nodes.unwrap_or(0);
            wall += t.wall;
            cpu += t.cpu;
        }
    }
    let per = |d: Duration| ms(d) / n as f64;
    println!(
        "{name}: {n} searches, {nodes} nodes ({lead} by the main thread), {:.3} ms per \
         search ({:.3} ms thread CPU)",
        per(wall),
        per(cpu)
    );
}

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    if let Some(mode) = args.next_if(|a| a == "profile" || a == "profile-minimax") {
        return profile(args, mode == "profile-minimax");
    }
    if args.next_if(|a| a == "splits").is_some() {
        let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20).max(1);
        let mut splits: Vec<u32> = args.filter_map(|a| a.parse().ok()).filter(|&d| d > 0).collect();
        if splits.is_empty() {
            splits = (3..=8).collect();
        }
        println!(
            "connect four, start position, depth {DEPTH}, {rounds} rounds of {BLOCK} searches"
        );
        println!("2 threads against 1, by scheme and split depth:");
        let schemes: Vec<_> = [Scheme::YoungBrothersWait, Scheme::Abdada]
            .into_iter()
            .flat_map(|s| splits.iter().map(move |&d| (s, d)))
            .collect();
        return speedups(rounds, &schemes);
    }
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20).max(1);
    let split: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(SPLIT);
    let abdada: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(ABDADA);
    println!(
        "connect four, start position, depth {DEPTH}, {rounds} rounds of {BLOCK} searches per side"
    );
    println!(
        "{:<12} {:>10} {:>10} {:>10} {:>10} {:>9} {:>9}   nodes (go-search / minimax)",
        "pairing", "ours ms", "theirs ms", "ours CPU", "theirs CPU", "wall x", "CPU x"
    );
    let mut value = None;
    for pairing in pairings() {
        let ours = AlphaBeta::new(pairing.ours.clone(), BasicEvaluator).expect("valid settings");
        let mut scratch = ours.scratch();
        let (mut a, mut b) = (Side::default(), Side::default());
        let (mut wall_ratio, mut cpu_ratio) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            let x = block(&ours, &mut scratch);
            let y: Vec<Timed> =
                (0..BLOCK).map(|_| minimax_once(pairing.theirs, DEPTH as u8)).collect();
            for t in x.iter().chain(&y) {
                assert_eq!(*value.get_or_insert(t.value), t.value, "both crates agree");
            }
            a.push(&x);
            b.push(&y);
            let last = |v: &[f64]| v[v.len() - 1];
            wall_ratio.push(last(&b.wall) / last(&a.wall));
            cpu_ratio.push(last(&b.cpu) / last(&a.cpu));
        }
        println!(
            "{:<12} {:>10.3} {:>10.3} {:>10.3} {:>10.3} {:>9.2} {:>9.2}   {} / {}",
            pairing.name,
            median(&mut a.wall),
            median(&mut b.wall),
            median(&mut a.cpu),
            median(&mut b.cpu),
            median(&mut wall_ratio),
            median(&mut cpu_ratio),
            a.nodes(),
            b.nodes(),
        );
    }
    println!(
        "(x = minimax's time / go-search's, median of the per-round ratios; > 1: go-search faster)"
    );
    println!("root value {} in both crates", value.unwrap_or_default());

    println!(
        "\n2 threads against 1 (Young Brothers Wait, split depth {split}; ABDADA, deferring \
         from {abdada} plies to go):"
    );
    speedups(rounds, &[(Scheme::YoungBrothersWait, split), (Scheme::Abdada, abdada)]);
}

/// The 2-thread speed-up of the `comparable` and `best` pairings for each (scheme, split
/// depth) of `variants`: every round runs a serial block, then a 2-thread block per
/// variant.
fn speedups(rounds: usize, variants: &[(Scheme, u32)]) {
    println!(
        "{:<12} {:<6} {:>5} {:>10} {:>10} {:>9} {:>14} {:>11} {:>13}",
        "pairing",
        "scheme",
        "split",
        "1 thread",
        "2 threads",
        "speed-up",
        "node overhead",
        "main nodes",
        "CPU overhead"
    );
    for pairing in pairings().into_iter().filter(|p| p.name != "ordered") {
        let serial = AlphaBeta::new(pairing.ours.clone(), BasicEvaluator).expect("valid settings");
        let parallel: Vec<_> = variants
            .iter()
            .map(|&(scheme, split)| {
                AlphaBeta::new(pairing.ours.clone(), BasicEvaluator)
                    .expect("valid settings")
                    .parallel(2, split)
                    .expect("valid settings")
                    .scheme(scheme)
            })
            .collect();
        let mut s = serial.scratch();
        let mut p: Vec<_> = parallel.iter().map(|a| a.scratch()).collect();
        let mut one = Side::default();
        let mut two: Vec<Side> = variants.iter().map(|_| Side::default()).collect();
        let mut speedup = vec![Vec::new(); variants.len()];
        let (mut cpu_one, mut cpu_two) = (Duration::ZERO, vec![Duration::ZERO; variants.len()]);
        let mut value = None;
        for _ in 0..rounds {
            let c = process_cpu();
            let x = block(&serial, &mut s);
            cpu_one += process_cpu().saturating_sub(c);
            one.push(&x);
            let serial_wall = one.wall[one.wall.len() - 1];
            for (k, algo) in parallel.iter().enumerate() {
                let c = process_cpu();
                let y = block(algo, &mut p[k]);
                cpu_two[k] += process_cpu().saturating_sub(c);
                for t in x.iter().chain(&y) {
                    assert_eq!(*value.get_or_insert(t.value), t.value, "the searches agree");
                }
                two[k].push(&y);
                speedup[k].push(serial_wall / two[k].wall[two[k].wall.len() - 1]);
            }
        }
        let mean = |v: &[u64]| v.iter().sum::<u64>() as f64 / v.len().max(1) as f64;
        let serial_wall = median(&mut one.wall.clone());
        for (k, (scheme, split)) in variants.iter().enumerate() {
            let scheme = match scheme {
                Scheme::YoungBrothersWait => "YBW",
                Scheme::Abdada => "ABDADA",
            };
            println!(
                "{:<12} {:<6} {:>5} {:>10.3} {:>10.3} {:>8.2}x {:>+13.1}% {:>+10.1}% {:>+12.1}%",
                pairing.name,
                scheme,
                split,
                serial_wall,
                median(&mut two[k].wall),
                median(&mut speedup[k]),
                100.0 * (mean(&two[k].nodes) / mean(&one.nodes) - 1.0),
                100.0 * (mean(&two[k].lead) / mean(&one.nodes) - 1.0),
                100.0 * (cpu_two[k].as_secs_f64() / cpu_one.as_secs_f64().max(1e-9) - 1.0),
            );
        }
    }
}
