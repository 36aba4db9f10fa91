//! `go-lab search-bench`: every go-search algorithm on the same seeded synthetic trees,
//! with node counts, throughput and agreement with plain minimax.
//!
//! The items are the (row, seed) pairs, a row being a tree class with its parameters;
//! the record of an item ([`Record`]) holds one [`Sample`] per algorithm. Every search
//! starts cold (a fresh scratch, so no transposition table or history carried over from
//! another tree), so a record does not depend on the shard or the thread that computed
//! it, and the records of several shards merge ([`summarize`]) into the tables of a
//! single run. Node counts are exact and reproducible (but those of the parallel
//! `pvs-2threads`); times and expansions per second are only comparable within a run
//! with `--jobs 1` on a quiet machine.

use std::collections::BTreeSet;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use go_engine::output::{CommandError, Stdout};
use go_search::alphabeta::Config as AbConfig;
use go_search::bstar::{Config as BsConfig, Strategy};
use go_search::dfpn::Config as DfConfig;
use go_search::mcts::Config as McConfig;
use go_search::pbstar::Config as PbConfig;
use go_search::synth::{
    IncrementalTree, IntervalTree, Node, OrderedTree, PGame, TranspositionTree, UniformTree,
};
use go_search::{
    AlphaBeta, Attacker, BStar, DfPn, Evaluator, Game, IntervalEvaluator, Limits, Mcts, Minimax,
    PBStar, ProbabilityEvaluator, RandomRollout, Report, Score, Searcher, Side, Stop, Value,
};
use serde::{Deserialize, Serialize};

use crate::batch::{self, BatchOptions};

/// The name of the experiment, in its records.
pub const NAME: &str = "search-bench";

/// Nodes plain minimax may visit per search when it computes the reference answer.
const ORACLE_BUDGET: u64 = 50_000_000;

/// The options of `go-lab search-bench`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// Seeds (trees) per tree class and parameter set (at least 2).
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u64).range(2..))]
    pub seeds: u64,
    /// Also run the bigger parameter sets (a few minutes instead of seconds).
    #[arg(long)]
    pub large: bool,
    /// Node budget of every search (searches that hit it count as unsolved; at least 1).
    #[arg(long, default_value_t = 2_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub node_budget: u64,
    /// Playouts per MCTS search (at least 1).
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub playouts: u64,
    /// Jobs, shard and output form.
    #[command(flatten)]
    pub batch: BatchOptions,
}

/// The record of one tree: a line of `--json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Always [`NAME`].
    pub experiment: String,
    /// The row (tree class and parameters) in the order of the tables, from 0.
    pub row: usize,
    /// The tree class, such as `uniform`.
    pub class: String,
    /// Its parameters, such as `b=4 d=8`.
    pub params: String,
    /// The seed of the tree.
    pub seed: u64,
    /// The node budget of every search.
    pub node_budget: u64,
    /// One sample per algorithm (`minimax`, the reference, first when it finished).
    pub samples: Vec<Sample>,
}

/// One search on one tree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    /// The algorithm, such as `pvs-id-tt`.
    pub algorithm: String,
    /// Nodes visited (alpha-beta, minimax, df-pn), created and evaluated (B*, PB*), or
    /// held in the tree (MCTS).
    pub nodes: u64,
    /// Expansions (nodes whose moves were generated).
    pub expansions: u64,
    /// The search's own time, in seconds.
    pub seconds: f64,
    /// Whether the search finished within its budget.
    pub solved: bool,
    /// Whether it agrees with plain minimax, in the terms the algorithm can vouch for
    /// (absent when there is nothing to compare with).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agrees: Option<bool>,
}

/// Summary of one algorithm on one row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AlgorithmSummary {
    /// The algorithm.
    pub algorithm: String,
    /// The trees it searched.
    pub seeds: usize,
    /// The median of its node counts.
    pub nodes_median: f64,
    /// The mean of its node counts.
    pub nodes_mean: f64,
    /// A 95 % percentile-bootstrap interval of the mean ([`mean_interval`]): within
    /// the smallest and the largest count.
    pub nodes_ci95: [f64; 2],
    /// The median of its expansions.
    pub expansions_median: f64,
    /// All its expansions over all its time.
    pub expansions_per_second: f64,
    /// The share of searches that finished within the budget.
    pub solved_fraction: f64,
    /// Whether every tree agreed with plain minimax (`null`: nothing to compare).
    pub agrees_with_minimax: Option<bool>,
    /// The share of the trees compared that agreed (`null`: nothing to compare).
    pub agreement: Option<f64>,
}

/// Summary of one row: every algorithm on one tree class and parameter set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RowSummary {
    /// Always [`NAME`].
    pub experiment: String,
    /// The tree class.
    pub class: String,
    /// Its parameters.
    pub params: String,
    /// The trees of the row.
    pub seeds: usize,
    /// The node budget of every search.
    pub node_budget: u64,
    /// The algorithms, in the order of the records.
    pub algorithms: Vec<AlgorithmSummary>,
}

/// A row of the comparison: a tree class, its parameters and how to run one seed.
struct RowSpec {
    class: &'static str,
    params: String,
    run: Box<dyn Fn(u64) -> Vec<Sample> + Send + Sync>,
}

/// Runs the comparison on the items of the shard and writes the records (`--json`) or
/// the tables.
///
/// # Errors
///
/// Writing fails.
pub fn run(args: &Args, out: &mut Stdout) -> Result<ExitCode, CommandError> {
    let rows = rows(args.large, args.node_budget, args.playouts);
    let items: Vec<(usize, u64)> =
        (0..rows.len()).flat_map(|r| (0..args.seeds).map(move |s| (r, s))).collect();
    let items: Vec<(usize, u64)> = args.batch.shard.select(items).collect();
    let pool = batch::pool(args.batch.jobs)?;
    let started = Instant::now();
    let mut records = Vec::new();
    batch::run_ordered(
        &pool,
        &items,
        |&(r, seed)| format!("{} {} seed {seed}", rows[r].class, rows[r].params),
        |&(r, seed)| Record {
            experiment: NAME.to_owned(),
            row: r,
            class: rows[r].class.to_owned(),
            params: rows[r].params.clone(),
            seed,
            node_budget: args.node_budget,
            samples: (rows[r].run)(seed),
        },
        |_, record| {
            if args.batch.json {
                batch::write_json_line(out, &record)?;
                out.flush()?;
            } else {
                records.push(record);
            }
            Ok(())
        },
    )?;
    if !args.batch.json {
        let summary = summarize(&records)?;
        print_tables(out, &summary, Some(started.elapsed().as_secs_f64()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Summarises the records of one or more runs, row by row.
///
/// # Errors
///
/// The same tree (row, parameters, seed and budget) appears twice (a shard merged
/// twice).
pub fn summarize(records: &[Record]) -> Result<Vec<RowSummary>, String> {
    let mut seen = BTreeSet::new();
    let mut order: Vec<&Record> = records.iter().collect();
    order.sort_by_key(|r| (r.row, r.node_budget, r.seed));
    let mut rows: Vec<(RowSummary, Samples)> = Vec::new();
    for record in order {
        let key = (record.row, record.class.as_str(), record.params.as_str(), record.node_budget);
        if !seen.insert((key, record.seed)) {
            return Err(format!(
                "{} {} seed {} (budget {}) is recorded twice",
                record.class, record.params, record.seed, record.node_budget
            ));
        }
        let same = |(r, _): &&mut (RowSummary, _)| {
            (r.class.as_str(), r.params.as_str(), r.node_budget) == (key.1, key.2, key.3)
        };
        let (row, algorithms) = match rows.iter_mut().rev().find(same) {
            Some(row) => row,
            None => {
                rows.push((
                    RowSummary {
                        experiment: NAME.to_owned(),
                        class: record.class.clone(),
                        params: record.params.clone(),
                        seeds: 0,
                        node_budget: record.node_budget,
                        algorithms: vec![],
                    },
                    vec![],
                ));
                rows.last_mut().expect("just pushed")
            }
        };
        row.seeds += 1;
        for sample in &record.samples {
            match algorithms.iter_mut().find(|(a, _)| *a == sample.algorithm) {
                Some((_, samples)) => samples.push(sample.clone()),
                None => algorithms.push((sample.algorithm.clone(), vec![sample.clone()])),
            }
        }
    }
    Ok(rows
        .into_iter()
        .map(|(mut row, algorithms)| {
            row.algorithms =
                algorithms.iter().map(|(name, s)| summarize_algorithm(name, s)).collect();
            row
        })
        .collect())
}

/// The samples of each algorithm of a row, in the order of their first appearance.
type Samples = Vec<(String, Vec<Sample>)>;

fn summarize_algorithm(name: &str, samples: &[Sample]) -> AlgorithmSummary {
    let n = samples.len() as f64;
    let mut nodes: Vec<f64> = samples.iter().map(|s| s.nodes as f64).collect();
    nodes.sort_by(f64::total_cmp);
    let mut expansions: Vec<f64> = samples.iter().map(|s| s.expansions as f64).collect();
    expansions.sort_by(f64::total_cmp);
    let seconds: f64 = samples.iter().map(|s| s.seconds).sum();
    let total_expansions: u64 = samples.iter().map(|s| s.expansions).sum();
    let compared: Vec<bool> = samples.iter().filter_map(|s| s.agrees).collect();
    AlgorithmSummary {
        algorithm: name.to_owned(),
        seeds: samples.len(),
        nodes_median: median(&nodes),
        nodes_mean: nodes.iter().sum::<f64>() / n,
        nodes_ci95: mean_interval(&nodes),
        expansions_median: median(&expansions),
        expansions_per_second: if seconds > 0.0 { total_expansions as f64 / seconds } else { 0.0 },
        solved_fraction: samples.iter().filter(|s| s.solved).count() as f64 / n,
        agrees_with_minimax: (!compared.is_empty()).then(|| compared.iter().all(|&a| a)),
        agreement: (!compared.is_empty())
            .then(|| compared.iter().filter(|&&a| a).count() as f64 / compared.len() as f64),
    }
}

/// The median of sorted values (0 for none).
fn median(sorted: &[f64]) -> f64 {
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2],
        n => 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]),
    }
}

/// Resamples of [`mean_interval`].
const BOOTSTRAP_RESAMPLES: usize = 2000;

/// A 95 % percentile-bootstrap interval of the mean of `values`: the 2.5th and 97.5th
/// percentiles of the means of 2,000 resamples drawn with replacement. The resampling
/// generator has a fixed seed, so the same values give the same interval, and the
/// interval lies within the smallest and the largest value (a normal approximation,
/// mean ± 1.96 standard errors, goes below zero on skewed node counts). One value gives
/// that value twice; none gives `[0, 0]`.
///
/// # Examples
///
/// ```
/// use go_lab::search_bench::mean_interval;
///
/// let skewed = [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 10_000.0];
/// let [low, high] = mean_interval(&skewed);
/// assert!(1.0 <= low && low <= 1_000.9 && 1_000.9 <= high && high <= 10_000.0);
/// assert_eq!(mean_interval(&[5.0]), [5.0, 5.0]);
/// ```
pub fn mean_interval(values: &[f64]) -> [f64; 2] {
    match values {
        [] => return [0.0, 0.0],
        [v] => return [*v, *v],
        _ => {}
    }
    let n = values.len();
    // SplitMix64: a small, fixed-seed generator for the resampling.
    let mut state = 0x5EED_u64;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut means: Vec<f64> = (0..BOOTSTRAP_RESAMPLES)
        .map(|_| {
            let sum: f64 = (0..n).map(|_| values[(next() % n as u64) as usize]).sum();
            sum / n as f64
        })
        .collect();
    means.sort_by(f64::total_cmp);
    let at = |q: f64| means[((q * (BOOTSTRAP_RESAMPLES - 1) as f64).round()) as usize];
    [at(0.025), at(0.975)]
}

/// Prints the tables of a summary (with the run's duration when known).
///
/// # Errors
///
/// Writing fails.
pub fn print_tables(
    out: &mut impl Write,
    rows: &[RowSummary],
    seconds: Option<f64>,
) -> Result<(), CommandError> {
    let seeds = rows.iter().map(|r| r.seeds).max().unwrap_or(0);
    let budgets: BTreeSet<u64> = rows.iter().map(|r| r.node_budget).collect();
    let budgets: Vec<String> = budgets.iter().map(u64::to_string).collect();
    let time = seconds.map_or(String::new(), |s| format!(", {s:.1} s"));
    writeln!(
        out,
        "go-search on synthetic trees: {seeds} seeds per row, node budget {}{time}",
        budgets.join(" and ")
    )?;
    for row in rows {
        let seeds =
            if row.seeds == seeds { String::new() } else { format!(", {} seeds", row.seeds) };
        writeln!(out, "\n{} ({}{seeds})", row.class, row.params)?;
        writeln!(
            out,
            "  {:<18} {:>12} {:>12} {:>25} {:>14} {:>7} {:>8}",
            "algorithm",
            "nodes med",
            "nodes mean",
            "mean 95% (bootstrap)",
            "expansions/s",
            "solved",
            "agrees"
        )?;
        for a in &row.algorithms {
            let agrees = match a.agreement {
                Some(f) => format!("{:.0}%", 100.0 * f),
                None => "-".to_string(),
            };
            writeln!(
                out,
                "  {:<18} {:>12.0} {:>12.0} {:>25} {:>14.0} {:>6.0}% {:>8}",
                a.algorithm,
                a.nodes_median,
                a.nodes_mean,
                format!("[{:.0}, {:.0}]", a.nodes_ci95[0], a.nodes_ci95[1]),
                a.expansions_per_second,
                100.0 * a.solved_fraction,
                agrees
            )?;
        }
    }
    Ok(())
}

/// The exact answer for one tree: the root value and every optimal root move.
#[derive(Clone, Debug)]
struct Oracle {
    value: i32,
    best: Vec<u32>,
    nodes: u64,
    expansions: u64,
    seconds: f64,
}

/// A named search to run on a tree.
type Algo<'a, G> = (&'static str, Box<dyn Fn(&G, &Node, &Limits) -> Report<u32, i32> + 'a>);

fn boxed<'a, G, A>(name: &'static str, algo: A) -> Algo<'a, G>
where
    G: Game<State = Node, Move = u32, Score = i32>,
    A: Searcher<G> + 'a,
    A::Scratch: 'a,
{
    // One scratch per algorithm and tree: every search starts cold.
    let scratch = std::cell::RefCell::new(algo.scratch());
    (
        name,
        Box::new(move |g: &G, root: &Node, limits: &Limits| {
            algo.search(g, &mut scratch.borrow_mut(), root, limits)
        }),
    )
}

/// The alpha-beta family for a game that is its own evaluator.
fn alpha_beta<'a, G>(eval: G) -> Vec<Algo<'a, G>>
where
    G: Game<State = Node, Move = u32, Score = i32> + Evaluator<G> + Clone + Sync + 'a,
{
    vec![
        boxed(
            "alphabeta",
            AlphaBeta::new(AbConfig::plain(), eval.clone()).expect("valid settings"),
        ),
        boxed(
            "alphabeta-id-tt",
            AlphaBeta::new(AbConfig::default().pvs(false), eval.clone()).expect("valid settings"),
        ),
        boxed(
            "pvs-id-tt",
            AlphaBeta::new(AbConfig::default(), eval.clone()).expect("valid settings"),
        ),
        boxed(
            "aspiration",
            AlphaBeta::new(AbConfig::default().aspiration(Some(50.0)), eval.clone())
                .expect("valid settings"),
        ),
        boxed(
            "mtdf",
            AlphaBeta::new(AbConfig::default().mtdf(true), eval.clone()).expect("valid settings"),
        ),
        boxed(
            "pvs-2threads",
            AlphaBeta::new(AbConfig::default(), eval)
                .expect("valid settings")
                .parallel(2, 3)
                .expect("valid settings"),
        ),
    ]
}

fn b_star<'a, G>(eval: G) -> Vec<Algo<'a, G>>
where
    G: Game<State = Node, Move = u32, Score = i32> + IntervalEvaluator<G> + Clone + 'a,
{
    vec![
        boxed("bstar-alternate", BStar::new(BsConfig::default(), eval.clone())),
        boxed("bstar-xd", BStar::new(BsConfig::default().strategy(Strategy::XD), eval.clone())),
        boxed(
            "bstar-prove-best",
            BStar::new(BsConfig::default().strategy(Strategy::AlwaysProveBest), eval),
        ),
    ]
}

/// PB* with Palay's probabilistic stop (default threshold) and without it.
fn pb_star<'a, G>(eval: G) -> Vec<Algo<'a, G>>
where
    G: Game<State = Node, Move = u32, Score = i32> + ProbabilityEvaluator<G> + Clone + 'a,
{
    vec![
        boxed("pbstar", PBStar::new(PbConfig::default(), eval.clone()).expect("valid settings")),
        boxed(
            "pbstar-exact",
            PBStar::new(PbConfig::default().min_probability(0.0), eval).expect("valid settings"),
        ),
    ]
}

/// B* and PB* on interval trees.
fn b_stars<'a>(tree: IntervalTree) -> Vec<Algo<'a, IntervalTree>> {
    b_star(tree).into_iter().chain(pb_star(tree)).collect()
}

/// UCT with `playouts` playouts per search.
fn mcts<'a, G>(seed: u64, playouts: u64) -> Algo<'a, G>
where
    G: Game<State = Node, Move = u32, Score = i32> + Sync + 'a,
{
    let algo = Mcts::new(McConfig::default().seed(seed), RandomRollout::default())
        .expect("valid settings");
    let scratch = std::cell::RefCell::new(algo.scratch());
    (
        "mcts-uct",
        Box::new(move |g: &G, root: &Node, limits: &Limits| {
            let limits = limits.clone().evaluations(playouts);
            algo.search(g, &mut scratch.borrow_mut(), root, &limits)
        }),
    )
}

/// Plain minimax on the root and on each root child: the value and all best moves.
fn oracle<G>(game: &G, root: &Node, limits: &Limits) -> Option<Oracle>
where
    G: Game<State = Node, Move = u32, Score = i32>,
{
    struct Zero;
    impl<G: Game> Evaluator<G> for Zero {
        fn evaluate(&self, _: &G, _: &G::State) -> G::Score {
            G::Score::ZERO
        }
    }
    let r = Minimax::new(Zero).search(game, &mut (), root, limits);
    let Value::Exact(value) = r.value else { return None };
    if !r.solved {
        return None;
    }
    let mut moves = Vec::new();
    game.moves(root, &mut moves);
    let mut best = Vec::new();
    for mv in moves {
        let mut child = *root;
        game.play(&mut child, mv);
        let c = Minimax::new(Zero).search(game, &mut (), &child, limits);
        let Value::Exact(v) = c.value else { return None };
        let v = if v.is_decisive() { (-v).to_root(1) } else { -v };
        if v == value {
            best.push(mv);
        }
    }
    Some(Oracle {
        value,
        best,
        nodes: r.stats.nodes,
        expansions: r.stats.expansions,
        seconds: r.stats.elapsed.as_secs_f64(),
    })
}

/// Whether a report agrees with the oracle, in the terms the algorithm can vouch for.
fn agrees(report: &Report<u32, i32>, oracle: &Oracle) -> Option<bool> {
    match report.value {
        Value::Exact(v) if report.solved => Some(v == oracle.value),
        Value::Proven { side, wins } => {
            // Roots are always the first side to move in these trees.
            let first_wins = oracle.value > 0;
            Some(wins == ((side == Side::First) == first_wins))
        }
        // B* and PB* (separated, or PB*'s probable best move) and MCTS: the chosen move
        // must be a true best move.
        Value::Bounds(_) if report.solved || report.stop == Some(Stop::Probability) => {
            Some(report.best.is_some_and(|m| oracle.best.contains(&m)))
        }
        Value::WinRate(_) => Some(report.best.is_some_and(|m| oracle.best.contains(&m))),
        _ => None,
    }
}

/// Searches one tree with every algorithm of a row (after plain minimax, the reference,
/// when the row is `exact`).
fn run_seed<G>(
    game: &G,
    root: &Node,
    budget: u64,
    exact: bool,
    algos: &[Algo<'_, G>],
) -> Vec<Sample>
where
    G: Game<State = Node, Move = u32, Score = i32>,
{
    let limits = Limits::default().nodes(budget);
    // Plain minimax is the reference: it gets a budget of its own.
    let oracle_limits = Limits::default().nodes(ORACLE_BUDGET);
    let truth = if exact { oracle(game, root, &oracle_limits) } else { None };
    let mut samples = Vec::with_capacity(algos.len() + 1);
    if let Some(o) = &truth {
        samples.push(Sample {
            algorithm: "minimax".to_owned(),
            nodes: o.nodes,
            expansions: o.expansions,
            seconds: o.seconds,
            solved: true,
            agrees: Some(true),
        });
    }
    for (name, run) in algos {
        let r = run(game, root, &limits);
        samples.push(Sample {
            algorithm: (*name).to_owned(),
            nodes: r.stats.nodes,
            expansions: r.stats.expansions,
            seconds: r.stats.elapsed.as_secs_f64(),
            solved: r.solved,
            agrees: truth.as_ref().and_then(|o| agrees(&r, o)),
        });
    }
    samples
}

/// A row: the trees `make(seed)`, searched by `algos(tree)`.
fn row<G>(
    class: &'static str,
    params: String,
    (budget, exact): (u64, bool),
    make: impl Fn(u64) -> G + Send + Sync + 'static,
    root: fn(&G) -> Node,
    algos: impl Fn(G) -> Vec<Algo<'static, G>> + Send + Sync + 'static,
) -> RowSpec
where
    G: Game<State = Node, Move = u32, Score = i32> + 'static,
{
    let run = move |seed| {
        let algos = algos(make(seed));
        let tree = make(seed);
        run_seed(&tree, &root(&tree), budget, exact, &algos)
    };
    RowSpec { class, params, run: Box::new(run) }
}

/// The rows of the comparison, in the order of the tables.
fn rows(large: bool, budget: u64, playouts: u64) -> Vec<RowSpec> {
    let exact = (budget, true);
    let mut rows = Vec::new();
    let sizes = |small: &[(u32, u32)], big: &[(u32, u32)]| -> Vec<(u32, u32)> {
        let mut v = small.to_vec();
        if large {
            v.extend_from_slice(big);
        }
        v
    };
    for (w, d) in sizes(&[(4, 8), (8, 6)], &[(10, 6)]) {
        rows.push(row(
            "uniform",
            format!("b={w} d={d}"),
            exact,
            move |s| UniformTree::new(w, d, s),
            UniformTree::root,
            |t| [alpha_beta(t), b_star(t)].into_iter().flatten().collect(),
        ));
    }
    for (w, d) in sizes(&[(4, 9)], &[(6, 8)]) {
        rows.push(row(
            "incremental",
            format!("b={w} d={d} edge=100"),
            exact,
            move |s| IncrementalTree::new(w, d, s),
            IncrementalTree::root,
            |t| [alpha_beta(t), b_star(t)].into_iter().flatten().collect(),
        ));
    }
    for (w, d) in sizes(&[(8, 6)], &[(10, 6)]) {
        rows.push(row(
            "ordered",
            format!("b={w} d={d} 70%/90%"),
            exact,
            move |s| OrderedTree::new(w, d, s),
            OrderedTree::root,
            move |t| {
                [alpha_beta(t), b_star(t), vec![mcts(1, playouts)]].into_iter().flatten().collect()
            },
        ));
    }
    for (w, d) in sizes(&[(4, 9)], &[(5, 9)]) {
        rows.push(row(
            "transpositions",
            format!("b={w} d={d}"),
            exact,
            move |s| TranspositionTree::new(w, d, s),
            TranspositionTree::root,
            alpha_beta,
        ));
    }
    for (w, d) in sizes(&[(2, 16), (3, 10)], &[(2, 20)]) {
        let p = PGame::critical_probability(w);
        rows.push(row(
            "p-game",
            format!("b={w} d={d} p=ξ_b"),
            exact,
            move |s| PGame::new(w, d, s, p),
            PGame::root,
            move |t| {
                let dfpn = boxed(
                    "dfpn",
                    DfPn::new(DfConfig::default(), Attacker(Side::First)).expect("valid settings"),
                );
                [alpha_beta(t), vec![dfpn, mcts(1, playouts)]].into_iter().flatten().collect()
            },
        ));
    }
    let small = |w, s| IntervalTree { range: 16, ..IntervalTree::new(w, s) };
    rows.push(row(
        "interval-small",
        "b=3 k=4 g=1 r=1 R=16".into(),
        exact,
        move |s| small(3, s),
        IntervalTree::root,
        |t| {
            let pvs = alpha_beta(t).into_iter().filter(|(n, _)| *n == "pvs-id-tt");
            b_stars(t).into_iter().chain(pvs).collect()
        },
    ));
    // Anema's parameters: no exact reference (too deep), B* and PB* only.
    for (w, _) in sizes(&[(2, 0), (5, 0), (10, 0), (30, 0)], &[(3, 0), (15, 0)]) {
        rows.push(row(
            "interval",
            format!("b={w} k=4 g=1 r=1 R=1e7"),
            (budget, false),
            move |s| IntervalTree::new(w, s),
            IntervalTree::root,
            b_stars,
        ));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue_10_the_interval_respects_the_data() {
        // Node counts of the kind that gave "[-52, 2222]" with mean ± 1.96 standard
        // errors: one large search among small ones.
        let counts = [12.0, 15.0, 11.0, 14.0, 13.0, 12.0, 16.0, 11.0, 4_000.0, 13.0];
        let [low, high] = mean_interval(&counts);
        let mean = counts.iter().sum::<f64>() / counts.len() as f64;
        assert!(11.0 <= low && low < mean && mean < high && high <= 4_000.0, "[{low}, {high}]");
        // Deterministic, and a constant sample has a point interval.
        assert_eq!(mean_interval(&counts), [low, high]);
        assert_eq!(mean_interval(&[7.0, 7.0, 7.0]), [7.0, 7.0]);
        assert_eq!(mean_interval(&[]), [0.0, 0.0]);
        // On a symmetric sample the interval is about mean ± 1.96 standard errors.
        let even: Vec<f64> = (0..100).map(f64::from).collect();
        let [low, high] = mean_interval(&even);
        assert!((low - 43.9).abs() < 1.5 && (high - 55.1).abs() < 1.5, "[{low}, {high}]");
    }

    #[test]
    fn records_merge_into_rows_in_table_order() {
        let sample = |algorithm: &str, nodes| Sample {
            algorithm: algorithm.into(),
            nodes,
            expansions: nodes / 2,
            seconds: 0.001,
            solved: true,
            agrees: Some(nodes != 30),
        };
        let record = |row, seed, samples| Record {
            experiment: NAME.into(),
            row,
            class: format!("class{row}"),
            params: "b=2".into(),
            seed,
            node_budget: 100,
            samples,
        };
        let records = vec![
            record(1, 0, vec![sample("a", 10)]),
            record(0, 1, vec![sample("a", 20), sample("b", 30)]),
            record(0, 0, vec![sample("a", 40), sample("b", 50)]),
        ];
        let rows = summarize(&records).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0].class.as_str(), rows[0].seeds), ("class0", 2));
        let b = &rows[0].algorithms[1];
        assert_eq!((b.algorithm.as_str(), b.nodes_median, b.agreement), ("b", 40.0, Some(0.5)));
        assert_eq!(b.agrees_with_minimax, Some(false));
        assert_eq!(rows[1].algorithms[0].nodes_mean, 10.0);
        let mut twice = records.clone();
        twice.push(records[0].clone());
        assert!(summarize(&twice).unwrap_err().contains("recorded twice"));
    }
}
