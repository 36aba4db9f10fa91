//! go-search against the `minimax` crate (0.6, MIT) on minimax's own connect-four
//! example at depth 10, and B* and PB* throughput on Berliner interval trees.
//!
//! Connect four, `search/connect4-d10/...`, in the three pairings of
//! `benches::connect4::pairings`: `comparable` (the same search on both sides: table of
//! 2^20 entries, null-window search, table move first; no other ordering), `ordered`
//! (each crate's move ordering at that table size: killers and history; countermoves
//! and countermove history) and `best` (each crate's fastest setting, chosen by the
//! `connect4_sweep` example: go-search's defaults; minimax's countermove history with a
//! 1 MB table). Ids are `go-search-<pairing>` and `minimax-<pairing>`, plus
//! `go-search-<pairing>-2threads` for the parallel search.
//!
//! Every bench asserts its answer: the connect-four root values of both crates must be
//! equal (computed once by each, not hard-coded); B* must separate every tree and its
//! best move's bounds must dominate its siblings'; PB* must separate likewise or stop
//! on its probabilistic criterion with the move of highest realistic value.

use std::hint::black_box;
use std::time::{Duration, Instant};

use benches::connect4::{BasicEvaluator, Board, Connect4, MinimaxEvaluator, Place, pairings};
use criterion::measurement::WallTime;
use criterion::{
    BatchSize, BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main,
};
use go_search::alphabeta::Scratch;
use go_search::bstar::{self, Strategy};
use go_search::pbstar;
use go_search::synth::IntervalTree;
use go_search::{AlphaBeta, BStar, Estimate, Limits, PBStar, Searcher, Stop, Value};
use minimax::{IterativeOptions, IterativeSearch, Strategy as _};

const DEPTH: u8 = 10;
/// Split depth of the 2-thread searches (nodes with at least this many plies to go).
const SPLIT: u32 = 6;

fn minimax_with(options: IterativeOptions) -> IterativeSearch<MinimaxEvaluator> {
    let mut s = IterativeSearch::new(MinimaxEvaluator, options);
    s.set_max_depth(DEPTH);
    s
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
    let mut g = c.benchmark_group("search/connect4-d10");
    g.sample_size(20);
    let mut expected = None;
    for pairing in pairings() {
        // The expected value comes from minimax itself.
        let mut reference = minimax_with(pairing.theirs);
        assert!(reference.choose_move(&root).is_some());
        let value = Value::Exact(reference.root_value());
        assert_eq!(*expected.get_or_insert(value), value, "every pairing finds one value");
        let name = pairing.name;
        let ours = AlphaBeta::new(pairing.ours.clone(), BasicEvaluator).expect("valid settings");
        bench_cold(&mut g, &format!("go-search-{name}"), &ours, value);
        // minimax gets a new strategy per search, made outside the timing.
        let options = pairing.theirs;
        g.bench_function(format!("minimax-{name}"), |b| {
            b.iter_batched_ref(
                || minimax_with(options),
                |s| {
                    assert!(s.choose_move(black_box(&root)).is_some());
                    assert_eq!(Value::Exact(s.root_value()), value);
                },
                BatchSize::LargeInput,
            )
        });
        if name != "ordered" {
            let parallel = ours.parallel(2, SPLIT).expect("valid settings");
            bench_cold(&mut g, &format!("go-search-{name}-2threads"), &parallel, value);
        }
    }
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
