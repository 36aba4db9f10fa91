//! go-search against the `minimax` crate (0.6, MIT) on minimax's own connect-four
//! example at depth 10, and B* and PB* throughput on Berliner interval trees.
//!
//! Connect four, `search/connect4-d10/...`: `go-search` and `minimax` with the same
//! options (iterative deepening, a table of 2^20 entries, null-window search, the
//! table move first), `go-search-2threads` the same in parallel, and
//! `go-search-ordered` / `minimax-ordered` with each crate's move-ordering options
//! (killers and history; countermoves and countermove history).
//!
//! Every bench asserts its answer: the connect-four root values of both crates must be
//! equal (computed once by each, not hard-coded); B* must separate every tree and its
//! best move's bounds must dominate its siblings'; PB* must separate likewise or stop
//! on its probabilistic criterion with the move of highest realistic value.

use std::hint::black_box;
use std::time::{Duration, Instant};

use benches::connect4::{BasicEvaluator, Board, Connect4, MinimaxEvaluator, Place};
use criterion::measurement::WallTime;
use criterion::{
    BatchSize, BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main,
};
use go_search::alphabeta::{Config, Replacement, Scratch};
use go_search::bstar::{self, Strategy};
use go_search::pbstar;
use go_search::synth::IntervalTree;
use go_search::{AlphaBeta, BStar, Estimate, Limits, PBStar, Searcher, Stop, Value};
use minimax::{IterativeOptions, IterativeSearch, Strategy as _};

/// minimax's table size in bytes; it rounds the entry count (16-byte entries) up to
/// a power of two: 2^20 entries.
const TABLE_BYTES: usize = 16_000_000;
/// go-search's table: the same 2^20 entries (of 16 bytes for connect four).
const TABLE_ENTRIES: usize = 1 << 20;
const DEPTH: u8 = 10;

fn minimax_search() -> IterativeSearch<MinimaxEvaluator> {
    minimax_with(IterativeOptions::new().with_table_byte_size(TABLE_BYTES))
}

/// minimax with its move-ordering options (countermoves and countermove history), the
/// counterpart of [`ordered_config`].
fn minimax_ordered() -> IterativeSearch<MinimaxEvaluator> {
    minimax_with(
        IterativeOptions::new()
            .with_table_byte_size(TABLE_BYTES)
            .with_countermoves()
            .with_countermove_history(),
    )
}

fn minimax_with(options: IterativeOptions) -> IterativeSearch<MinimaxEvaluator> {
    let mut s = IterativeSearch::new(MinimaxEvaluator, options);
    s.set_max_depth(DEPTH);
    s
}

/// Comparable options: iterative deepening by one ply, a two-tier table of the same
/// size, PVS (minimax's null-window search), the table move first; no killers or
/// history (minimax has neither).
fn config() -> Config {
    Config::default().table(TABLE_ENTRIES, Replacement::TwoTier).killers(false).history(false)
}

/// go-search's defaults: [`config`] plus killer moves and the history heuristic.
fn ordered_config() -> Config {
    Config::default().table(TABLE_ENTRIES, Replacement::TwoTier)
}

/// Times cold searches by `algo`: its scratch (table, history, thread pool) is cleared,
/// not reallocated, outside the timing; each search must find `expected`.
fn bench_cold<A>(g: &mut BenchmarkGroup<'_, WallTime>, id: &str, algo: &A, expected: Value<i16>)
where
    A: Searcher<Connect4, Scratch = Scratch<Place, i16>>,
{
    let (root, limits) = (Board::default(), Limits::default().depth(u32::from(DEPTH)));
    let mut scratch = algo.scratch();
    g.bench_function(id, |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                scratch.clear();
                let start = Instant::now();
                let value = algo.search(&Connect4, &mut scratch, black_box(&root), &limits).value;
                total += start.elapsed();
                assert_eq!(value, expected);
            }
            total
        })
    });
}

fn connect4(c: &mut Criterion) {
    let root = Board::default();
    // The expected value comes from minimax itself.
    let mut reference = minimax_search();
    assert!(reference.choose_move(&root).is_some());
    let expected = Value::Exact(reference.root_value());

    let mut g = c.benchmark_group("search/connect4-d10");
    g.sample_size(20);
    // minimax gets a new strategy per search, made outside the timing.
    let run_minimax = |s: &mut IterativeSearch<MinimaxEvaluator>| {
        assert!(s.choose_move(black_box(&root)).is_some());
        assert_eq!(Value::Exact(s.root_value()), expected);
    };
    bench_cold(
        &mut g,
        "go-search",
        &AlphaBeta::new(config(), BasicEvaluator).expect("valid settings"),
        expected,
    );
    g.bench_function("minimax", |b| {
        b.iter_batched_ref(minimax_search, run_minimax, BatchSize::LargeInput)
    });
    let parallel = AlphaBeta::new(config(), BasicEvaluator)
        .expect("valid settings")
        .parallel(2, 6)
        .expect("valid settings");
    bench_cold(&mut g, "go-search-2threads", &parallel, expected);
    g.bench_function("minimax-ordered", |b| {
        b.iter_batched_ref(minimax_ordered, run_minimax, BatchSize::LargeInput)
    });
    let ordered = AlphaBeta::new(ordered_config(), BasicEvaluator).expect("valid settings");
    bench_cold(&mut g, "go-search-ordered", &ordered, expected);
    g.finish();
}

fn bstar_interval(c: &mut Criterion) {
    let mut g = c.benchmark_group("search/bstar-interval");
    g.sample_size(20);
    for width in [2u32, 5, 10, 30] {
        let trees: Vec<IntervalTree> = (0..8).map(|seed| IntervalTree::new(width, seed)).collect();
        let searcher = BStar::new(
            bstar::Config::default().strategy(Strategy::Alternate),
            IntervalTree::new(width, 0),
        );
        let mut scratch = searcher.scratch();
        let limits = Limits::default().nodes(10_000_000);
        // Expansions per batch, so criterion reports expansions per second.
        let expansions: u64 = trees
            .iter()
            .map(|t| {
                BStar::new(*searcher.config(), *t)
                    .search(t, &mut scratch, &t.root(), &limits)
                    .stats
                    .expansions
            })
            .sum();
        g.throughput(Throughput::Elements(expansions));
        g.bench_function(format!("b{width}"), |b| {
            b.iter(|| {
                for t in &trees {
                    let s = BStar::new(*searcher.config(), *t);
                    let r = s.search(t, &mut scratch, black_box(&t.root()), &limits);
                    assert!(r.solved);
                    let kids = scratch.root_children();
                    let best = kids
                        .iter()
                        .find(|(m, _)| Some(*m) == r.best)
                        .expect("best is a root move")
                        .1;
                    assert!(
                        kids.iter().all(
                            |(m, b)| Some(*m) == r.best || b.optimistic() <= best.pessimistic()
                        )
                    );
                }
            })
        });
    }
    g.finish();
}

/// PB* (default threshold) on the trees of `bstar_interval`. Every search must end
/// by separation (then the chosen move's pessimistic bound reaches every sibling's
/// optimistic bound) or by the probabilistic stop (then on the move with the highest
/// realistic value).
fn pbstar_interval(c: &mut Criterion) {
    let mut g = c.benchmark_group("search/pbstar-interval");
    g.sample_size(20);
    let limits = Limits::default().nodes(10_000_000);
    for width in [2u32, 5, 10, 30] {
        let trees: Vec<IntervalTree> = (0..8).map(|seed| IntervalTree::new(width, seed)).collect();
        let config = pbstar::Config::default();
        let mut scratch = PBStar::new(config, trees[0]).expect("valid settings").scratch();
        let run = |t: &IntervalTree, scratch: &mut pbstar::Scratch<u32, i32>| {
            let r = PBStar::new(config, *t).expect("valid settings").search(
                t,
                scratch,
                black_box(&t.root()),
                &limits,
            );
            let kids = scratch.root_children();
            let best = kids.iter().find(|(m, _)| Some(*m) == r.best).expect("a root move").1;
            if r.solved {
                let below =
                    |e: &Estimate<i32>| e.bounds().optimistic() <= best.bounds().pessimistic();
                assert!(kids.iter().all(|(m, e)| Some(*m) == r.best || below(e)));
            } else {
                assert_eq!(r.stop, Some(Stop::Probability));
                assert!(kids.iter().all(|(_, e)| e.realistic() <= best.realistic()));
            }
            r.stats.expansions
        };
        // Expansions per batch, so criterion reports expansions per second.
        let expansions: u64 = trees.iter().map(|t| run(t, &mut scratch)).sum();
        g.throughput(Throughput::Elements(expansions));
        g.bench_function(format!("b{width}"), |b| {
            b.iter(|| trees.iter().map(|t| run(t, &mut scratch)).sum::<u64>())
        });
    }
    g.finish();
}

criterion_group!(benches, connect4, bstar_interval, pbstar_interval);
criterion_main!(benches);
