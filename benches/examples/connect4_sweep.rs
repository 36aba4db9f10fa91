//! Each crate's options on connect four, depth 10, interleaved on one machine: how the
//! `best` pairing of `benches::connect4::pairings` was chosen. Table sizes from 2^14 to
//! 2^20 entries (16 bytes each on both sides) and each crate's move-ordering options;
//! every round runs a block of cold searches of every setting in turn, and the table
//! gives the median over rounds of each block's median CPU time (the searching
//! thread's, so that another process holding the core does not count).
//!
//! `cargo run --release -p benches --example connect4_sweep [rounds]`

use std::time::Duration;

use benches::connect4::{BasicEvaluator, Timed, go_search_once, minimax_once};
use go_search::AlphaBeta;
use go_search::alphabeta::{Config, Replacement};
use minimax::IterativeOptions;

const BLOCK: usize = 5;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let table = |log: u32| Config::default().table(1 << log, Replacement::TwoTier);
    let mut ours: Vec<(String, Config)> = Vec::new();
    for log in [14, 16, 18, 20] {
        ours.push((format!("killers+history 2^{log}"), table(log)));
        ours.push((format!("killers 2^{log}"), table(log).history(false)));
        ours.push((format!("history 2^{log}"), table(log).killers(false)));
    }
    ours.push(("killers+history+countermoves 2^16".into(), table(16).countermoves(true)));
    ours.push(("killers+history+etc(3) 2^16".into(), table(16).etc(Some(3))));
    for log in [15, 16] {
        for plies in [4, 5] {
            let name = format!("killers+history+etc({plies}) 2^{log}");
            ours.push((name, table(log).etc(Some(plies))));
        }
    }
    ours.push(("killers+history 2^15".into(), table(15)));
    ours.push(("table move only 2^20".into(), table(20).killers(false).history(false)));
    let mut theirs: Vec<(String, IterativeOptions)> = Vec::new();
    for log in [14, 16, 18, 20] {
        let o = IterativeOptions::new().with_table_byte_size(16 << log);
        theirs.push((format!("countermove history 2^{log}"), o.with_countermove_history()));
        theirs.push((
            format!("countermoves+history 2^{log}"),
            o.with_countermoves().with_countermove_history(),
        ));
    }
    let o = IterativeOptions::new().with_table_byte_size(16 << 16).with_countermove_history();
    theirs.push(("countermove history+aspiration(1) 2^16".into(), o.with_aspiration_window(1)));
    theirs.push(("countermove history+mtdf 2^16".into(), o.with_mtdf()));
    theirs.push((
        "table move only 2^20".into(),
        IterativeOptions::new().with_table_byte_size(16 << 20),
    ));

    let algos: Vec<_> = ours
        .iter()
        .map(|(_, c)| AlphaBeta::new(c.clone(), BasicEvaluator).expect("valid settings"))
        .collect();
    let mut scratches: Vec<_> = algos.iter().map(|a| a.scratch()).collect();
    let n = ours.len() + theirs.len();
    let mut cpu: Vec<Vec<f64>> = vec![Vec::new(); n];
    let mut nodes: Vec<Vec<u64>> = vec![Vec::new(); n];
    let mut value = None;
    let mut record = |i: usize, block: Vec<Timed>| {
        let mut c: Vec<f64> = block.iter().map(|t| ms(t.cpu)).collect();
        cpu[i].push(median(&mut c));
        nodes[i].extend(block.iter().filter_map(|t| t.nodes));
        for t in &block {
            assert_eq!(*value.get_or_insert(t.value), t.value, "both crates agree");
        }
    };
    for _ in 0..rounds {
        for (i, a) in algos.iter().enumerate() {
            record(i, (0..BLOCK).map(|_| go_search_once(a, &mut scratches[i], 10)).collect());
        }
        for (j, (_, o)) in theirs.iter().enumerate() {
            record(ours.len() + j, (0..BLOCK).map(|_| minimax_once(*o, 10)).collect());
        }
    }
    println!("connect four, depth 10, {rounds} rounds of {BLOCK} searches per setting");
    println!("{:<44} {:>10} {:>10}", "setting", "CPU ms", "nodes");
    let names = ours
        .iter()
        .map(|(n, _)| ("go-search", n))
        .chain(theirs.iter().map(|(n, _)| ("minimax", n)));
    for (i, (crate_name, name)) in names.enumerate() {
        let mut nn = nodes[i].clone();
        nn.sort_unstable();
        let label = format!("{crate_name} {name}");
        println!(
            "{label:<44} {:>10.3} {:>10}",
            median(&mut cpu[i]),
            nn.get(nn.len() / 2).unwrap_or(&0)
        );
    }
}
