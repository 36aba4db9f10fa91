//! `go-engine search-bench`: every go-search algorithm on the same seeded synthetic
//! trees, with node counts, throughput and agreement with plain minimax.

use std::process::ExitCode;
use std::time::{Duration, Instant};

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
use serde::Serialize;

use super::progress::Progress;

/// Nodes plain minimax may visit per search when it computes the reference answer.
const ORACLE_BUDGET: u64 = 50_000_000;

/// Options of `search-bench`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Print one JSON document instead of tables.
    #[arg(long)]
    json: bool,
    /// Seeds (trees) per tree class and parameter set (at least 2).
    #[arg(long, default_value_t = 40)]
    seeds: u64,
    /// Also run the bigger parameter sets (a few minutes instead of seconds).
    #[arg(long)]
    large: bool,
    /// Node budget of every search (searches that hit it count as unsolved).
    #[arg(long, default_value_t = 2_000_000)]
    node_budget: u64,
    /// Playouts per MCTS search.
    #[arg(long, default_value_t = 20_000)]
    playouts: u64,
}

/// One search on one tree.
#[derive(Clone, Copy, Debug)]
struct Sample {
    nodes: u64,
    expansions: u64,
    elapsed: Duration,
    solved: bool,
    /// `None` when there is nothing to compare with.
    agrees: Option<bool>,
}

/// The exact answer for one tree: the root value and every optimal root move.
#[derive(Clone, Debug)]
struct Oracle {
    value: i32,
    best: Vec<u32>,
    nodes: u64,
    expansions: u64,
    elapsed: Duration,
}

/// Summary of one algorithm on one tree class.
#[derive(Debug, Serialize)]
struct AlgorithmResult {
    algorithm: String,
    seeds: usize,
    nodes_median: f64,
    nodes_mean: f64,
    nodes_ci95: [f64; 2],
    expansions_median: f64,
    expansions_per_second: f64,
    solved_fraction: f64,
    /// Whether every seed agreed with plain minimax (`null`: nothing to compare).
    agrees_with_minimax: Option<bool>,
    /// The fraction of seeds that agreed (`null`: nothing to compare).
    agreement: Option<f64>,
}

/// All algorithms on one tree class and parameter set.
#[derive(Debug, Serialize)]
struct ClassResult {
    class: &'static str,
    params: String,
    algorithms: Vec<AlgorithmResult>,
}

#[derive(Debug, Serialize)]
struct Output {
    tool: &'static str,
    seeds: u64,
    node_budget: u64,
    threads_available: usize,
    unix_time: u64,
    classes: Vec<ClassResult>,
}

/// A named search to run on a tree.
type Algo<'a, G> = (&'static str, Box<dyn Fn(&G, &Node, &Limits) -> Report<u32, i32> + 'a>);

fn boxed<'a, G, A>(name: &'static str, algo: A) -> Algo<'a, G>
where
    G: Game<State = Node, Move = u32, Score = i32>,
    A: Searcher<G> + 'a,
    A::Scratch: 'a,
{
    // One scratch per algorithm, reused across seeds (as an engine would).
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
        elapsed: r.stats.elapsed,
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

/// Runs `algos` on `seeds` trees made by `make`; the oracle comes from plain minimax.
fn bench_class<'a, G>(
    class: &'static str,
    params: String,
    (seeds, budget): (u64, u64),
    exact: bool,
    make: impl Fn(u64) -> (G, Node),
    algos: Vec<Algo<'a, G>>,
    progress: &mut Progress,
) -> ClassResult
where
    G: Game<State = Node, Move = u32, Score = i32>,
{
    let limits = Limits::default().nodes(budget);
    // Plain minimax is the reference: it gets a budget of its own.
    let oracle_limits = Limits::default().nodes(ORACLE_BUDGET);
    let mut samples: Vec<Vec<Sample>> = vec![Vec::new(); algos.len() + 1];
    for seed in 0..seeds {
        let (game, root) = make(seed);
        let truth = if exact { oracle(&game, &root, &oracle_limits) } else { None };
        if let Some(o) = &truth {
            samples[0].push(Sample {
                nodes: o.nodes,
                expansions: o.expansions,
                elapsed: o.elapsed,
                solved: true,
                agrees: Some(true),
            });
        }
        for (i, (_, run)) in algos.iter().enumerate() {
            let r = run(&game, &root, &limits);
            samples[i + 1].push(Sample {
                nodes: r.stats.nodes,
                expansions: r.stats.expansions,
                elapsed: r.stats.elapsed,
                solved: r.solved,
                agrees: truth.as_ref().and_then(|o| agrees(&r, o)),
            });
        }
        progress.step(&format!("{class} {params} seed {seed}"));
    }
    let names = std::iter::once("minimax").chain(algos.iter().map(|a| a.0));
    let algorithms = names
        .zip(samples)
        .filter(|(_, s)| !s.is_empty())
        .map(|(name, s)| summarize(name, &s))
        .collect();
    ClassResult { class, params, algorithms }
}

fn summarize(name: &str, samples: &[Sample]) -> AlgorithmResult {
    let n = samples.len() as f64;
    let mut nodes: Vec<f64> = samples.iter().map(|s| s.nodes as f64).collect();
    nodes.sort_by(f64::total_cmp);
    let mut expansions: Vec<f64> = samples.iter().map(|s| s.expansions as f64).collect();
    expansions.sort_by(f64::total_cmp);
    let mean = nodes.iter().sum::<f64>() / n;
    let var = nodes.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    let secs: f64 = samples.iter().map(|s| s.elapsed.as_secs_f64()).sum();
    let total_expansions: u64 = samples.iter().map(|s| s.expansions).sum();
    let compared: Vec<bool> = samples.iter().filter_map(|s| s.agrees).collect();
    AlgorithmResult {
        algorithm: name.to_string(),
        seeds: samples.len(),
        nodes_median: median(&nodes),
        nodes_mean: mean,
        nodes_ci95: [mean - half, mean + half],
        expansions_median: median(&expansions),
        expansions_per_second: if secs > 0.0 { total_expansions as f64 / secs } else { 0.0 },
        solved_fraction: samples.iter().filter(|s| s.solved).count() as f64 / n,
        agrees_with_minimax: (!compared.is_empty()).then(|| compared.iter().all(|&a| a)),
        agreement: (!compared.is_empty())
            .then(|| compared.iter().filter(|&&a| a).count() as f64 / compared.len() as f64),
    }
}

fn median(sorted: &[f64]) -> f64 {
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2],
        n => 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]),
    }
}

/// A deferred row of the comparison.
type Job<'a> = Box<dyn FnOnce(&mut Progress) -> ClassResult + 'a>;

/// A row: the trees `make(seed)` and the algorithms `algos(tree of seed 0)`.
fn job<'a, G>(
    class: &'static str,
    params: String,
    (seeds, budget, exact): (u64, u64, bool),
    make: impl Fn(u64) -> G + 'a,
    root: fn(&G) -> Node,
    algos: impl FnOnce(G) -> Vec<Algo<'a, G>> + 'a,
) -> Job<'a>
where
    G: Game<State = Node, Move = u32, Score = i32> + 'a,
{
    Box::new(move |p: &mut Progress| {
        let algos = algos(make(0));
        let trees = move |s| {
            let t = make(s);
            let r = root(&t);
            (t, r)
        };
        bench_class(class, params, (seeds, budget), exact, trees, algos, p)
    })
}

/// Runs the comparison.
pub(crate) fn run(args: &Args) -> ExitCode {
    let seeds = args.seeds.max(2);
    let budget = args.node_budget.max(1);
    let large = args.large;
    let playouts = args.playouts;
    let exact = (seeds, budget, true);
    let mut jobs: Vec<Job<'_>> = Vec::new();
    let sizes = |small: &[(u32, u32)], big: &[(u32, u32)]| -> Vec<(u32, u32)> {
        let mut v = small.to_vec();
        if large {
            v.extend_from_slice(big);
        }
        v
    };
    for (w, d) in sizes(&[(4, 8), (8, 6)], &[(10, 6)]) {
        jobs.push(job(
            "uniform",
            format!("b={w} d={d}"),
            exact,
            move |s| UniformTree::new(w, d, s),
            UniformTree::root,
            |t| [alpha_beta(t), b_star(t)].into_iter().flatten().collect(),
        ));
    }
    for (w, d) in sizes(&[(4, 9)], &[(6, 8)]) {
        jobs.push(job(
            "incremental",
            format!("b={w} d={d} edge=100"),
            exact,
            move |s| IncrementalTree::new(w, d, s),
            IncrementalTree::root,
            |t| [alpha_beta(t), b_star(t)].into_iter().flatten().collect(),
        ));
    }
    for (w, d) in sizes(&[(8, 6)], &[(10, 6)]) {
        jobs.push(job(
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
        jobs.push(job(
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
        jobs.push(job(
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
    jobs.push(job(
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
        let params = format!("b={w} k=4 g=1 r=1 R=1e7");
        jobs.push(job(
            "interval",
            params,
            (seeds, budget, false),
            move |s| IntervalTree::new(w, s),
            IntervalTree::root,
            b_stars,
        ));
    }
    let mut progress = Progress::new(seeds * jobs.len() as u64);
    let started = Instant::now();
    let classes: Vec<ClassResult> = jobs.into_iter().map(|job| job(&mut progress)).collect();
    progress.finish();
    let output = Output {
        tool: "go-engine search-bench",
        seeds,
        node_budget: budget,
        threads_available: std::thread::available_parallelism().map_or(1, |n| n.get()),
        unix_time: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        classes,
    };
    if args.json {
        match serde_json::to_string_pretty(&output) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        print_tables(&output, started.elapsed());
    }
    ExitCode::SUCCESS
}

fn print_tables(output: &Output, elapsed: Duration) {
    println!(
        "go-search on synthetic trees: {} seeds per row, node budget {}, {:.1} s",
        output.seeds,
        output.node_budget,
        elapsed.as_secs_f64()
    );
    for class in &output.classes {
        println!("\n{} ({})", class.class, class.params);
        println!(
            "  {:<18} {:>12} {:>12} {:>25} {:>14} {:>7} {:>8}",
            "algorithm",
            "nodes med",
            "nodes mean",
            "95% interval",
            "expansions/s",
            "solved",
            "agrees"
        );
        for a in &class.algorithms {
            let agrees = match a.agreement {
                Some(f) => format!("{:.0}%", 100.0 * f),
                None => "-".to_string(),
            };
            println!(
                "  {:<18} {:>12.0} {:>12.0} {:>25} {:>14.0} {:>6.0}% {:>8}",
                a.algorithm,
                a.nodes_median,
                a.nodes_mean,
                format!("[{:.0}, {:.0}]", a.nodes_ci95[0], a.nodes_ci95[1]),
                a.expansions_per_second,
                100.0 * a.solved_fraction,
                agrees
            );
        }
    }
}
