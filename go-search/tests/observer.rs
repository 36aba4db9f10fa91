//! Progress observers (issue 10): every searcher reports to an [`Observer`] from the
//! calling thread, at its natural events and every `interval` nodes; `Break` stops the
//! search cleanly with `Stop::Observer`; observing without stopping changes nothing;
//! `Limits::time` counts from the start of each search.

use std::ops::ControlFlow;
use std::thread::{self, ThreadId};
use std::time::Duration;

use go_search::alphabeta::{Config, Scheme};
use go_search::synth::{IncrementalTree, IntervalTree, Node, PGame, UniformTree};
use go_search::{
    AlphaBeta, Attacker, BStar, DfPn, Event, Game, Limits, Mcts, Minimax, Observer, PBStar,
    Progress, RandomRollout, Report, Searcher, Side, Stop, Value,
};

/// Records every report; stops at the `stop_after`-th (1-based) if given.
struct Recorder {
    seen: Vec<(Event, Option<u32>, u64, u32, Duration)>,
    values: Vec<Value<i32>>,
    threads: Vec<ThreadId>,
    stop_after: Option<usize>,
    every: u64,
    events: bool,
}

impl Recorder {
    fn new(stop_after: Option<usize>, every: u64) -> Recorder {
        let (seen, values, threads) = (Vec::new(), Vec::new(), Vec::new());
        Recorder { seen, values, threads, stop_after, every, events: true }
    }
}

impl Observer<u32, i32> for Recorder {
    fn observe(&mut self, p: &Progress<'_, u32, i32>) -> ControlFlow<()> {
        assert!(p.pv.is_empty() || Some(p.pv[0]) == p.best, "the pv starts with the best move");
        self.seen.push((p.event, p.best, p.nodes, p.depth, p.elapsed));
        self.values.push(p.value);
        self.threads.push(thread::current().id());
        match self.stop_after {
            Some(n) if self.seen.len() >= n => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        }
    }

    fn interval(&self) -> u64 {
        self.every
    }

    fn events(&self) -> bool {
        self.events
    }
}

/// Runs `algo` observed by `rec` and checks what every observed search must satisfy.
fn observed<G, A>(
    algo: &A,
    game: &G,
    root: &Node,
    limits: &Limits,
    rec: &mut Recorder,
) -> Report<u32, i32>
where
    G: Game<State = Node, Move = u32, Score = i32>,
    A: Searcher<G>,
{
    let r = algo.search_observed(game, &mut algo.scratch(), root, limits, rec);
    let me = thread::current().id();
    assert!(rec.threads.iter().all(|t| *t == me), "reports come from the calling thread");
    assert!(rec.seen.windows(2).all(|w| w[0].2 <= w[1].2), "node counts never go back");
    assert!(rec.seen.windows(2).all(|w| w[0].4 <= w[1].4), "time never goes back");
    if let Some(n) = rec.stop_after
        && rec.seen.len() >= n
    {
        assert_eq!(rec.seen.len(), n, "no report after Break");
        assert_eq!(r.stop, Some(Stop::Observer), "the report says who stopped the search");
        assert!(!r.solved);
    }
    r
}

#[test]
fn issue_10_alphabeta_reports_iterations_and_stops_on_break() {
    let t = IncrementalTree::new(5, 9, 3);
    let ab = AlphaBeta::new(Config::default(), t).unwrap();
    let limits = Limits::default().depth(9);
    let mut all = Recorder::new(None, u64::MAX);
    let full = observed(&ab, &t, &t.root(), &limits, &mut all);
    // One report per iteration but the last (its result is the report itself).
    let depths: Vec<u32> = all.seen.iter().map(|s| s.3).collect();
    assert_eq!(depths, (1..9).collect::<Vec<_>>());
    assert!(all.seen.iter().all(|s| s.0 == Event::Iteration && s.1.is_some()));
    assert!(all.values.iter().all(|v| matches!(v, Value::Exact(_))));
    // Observing changes nothing.
    let plain = ab.search(&t, &mut ab.scratch(), &t.root(), &limits);
    assert_eq!(
        (plain.value, plain.best, plain.stats.nodes),
        (full.value, full.best, full.stats.nodes)
    );
    // Break after depth 3: the report is depth 3's, marked as an estimate.
    let mut three = Recorder::new(Some(3), u64::MAX);
    let r = observed(&ab, &t, &t.root(), &limits, &mut three);
    assert_eq!(r.depth, 3);
    assert_eq!(r.best, three.seen[2].1);
    let Value::Exact(v3) = three.values[2] else { panic!("exact at depth 3") };
    assert_eq!(r.value, Value::Estimate(v3));
    assert!(r.stats.nodes < full.stats.nodes);
}

#[test]
fn issue_10_interval_reports_every_n_nodes() {
    let t = UniformTree::new(6, 7, 1);
    let ab = AlphaBeta::new(Config::plain(), t).unwrap();
    let limits = Limits::default().depth(7);
    let mut rec = Recorder::new(None, 2_000);
    let r = observed(&ab, &t, &t.root(), &limits, &mut rec);
    let intervals: Vec<u64> =
        rec.seen.iter().filter(|s| s.0 == Event::Interval).map(|s| s.2).collect();
    // Plain alpha-beta has no iterations: every report is an interval report, at least
    // 2,000 nodes apart, checked every few hundred nodes.
    assert_eq!(intervals.len(), rec.seen.len());
    assert!(intervals.len() as u64 >= r.stats.nodes / 2_000 - 1, "{} reports", intervals.len());
    assert!(intervals.windows(2).all(|w| w[1] - w[0] >= 2_000));
    assert!(intervals.iter().all(|&n| n <= r.stats.nodes));
    // Break at the third interval report.
    let mut rec = Recorder::new(Some(3), 2_000);
    let stopped = observed(&ab, &t, &t.root(), &limits, &mut rec);
    assert!(stopped.stats.nodes < r.stats.nodes && stopped.stats.nodes >= 6_000);
    assert_eq!(stopped.value, Value::Unknown);
    // An observer of intervals only is not told of iterations.
    let ab = AlphaBeta::new(Config::default(), t).unwrap();
    let mut rec = Recorder { events: false, ..Recorder::new(None, 2_000) };
    observed(&ab, &t, &t.root(), &limits, &mut rec);
    assert!(!rec.seen.is_empty() && rec.seen.iter().all(|s| s.0 == Event::Interval));
}

#[test]
fn issue_10_parallel_alphabeta_reports_on_the_calling_thread() {
    let t = IncrementalTree::new(5, 9, 4);
    let par = AlphaBeta::new(Config::default(), t).unwrap().parallel(2, 3).unwrap();
    let limits = Limits::default().depth(9);
    let mut all = Recorder::new(None, 5_000);
    let full = observed(&par, &t, &t.root(), &limits, &mut all);
    let serial = AlphaBeta::new(Config::default(), t).unwrap();
    let s = serial.search(&t, &mut serial.scratch(), &t.root(), &limits);
    assert_eq!(full.value, s.value);
    let iterations = all.seen.iter().filter(|s| s.0 == Event::Iteration).count();
    assert_eq!(iterations, 8);
    let mut two = Recorder::new(Some(2), u64::MAX);
    let r = observed(&par, &t, &t.root(), &limits, &mut two);
    assert!(r.depth >= 2 && r.depth < 9, "depth {}", r.depth);
    // ABDADA: the main thread reports; a break stops the helpers too.
    let abdada = par.scheme(Scheme::Abdada);
    let mut all = Recorder::new(None, 5_000);
    let full = observed(&abdada, &t, &t.root(), &limits, &mut all);
    assert_eq!(full.value, s.value);
    assert_eq!(all.seen.iter().filter(|s| s.0 == Event::Iteration).count(), 8);
    let mut two = Recorder::new(Some(2), u64::MAX);
    let r = observed(&abdada, &t, &t.root(), &limits, &mut two);
    assert!(r.depth >= 2 && r.depth < 9, "depth {}", r.depth);
}

#[test]
fn issue_10_best_first_searchers_report_root_changes() {
    for seed in 0..10 {
        let t = IntervalTree::new(5, seed);
        let limits = Limits::default().nodes(2_000_000);
        let bstar = BStar::new(Default::default(), t);
        let mut rec = Recorder::new(None, u64::MAX);
        let full = observed(&bstar, &t, &t.root(), &limits, &mut rec);
        assert!(full.solved);
        assert!(!rec.seen.is_empty() && rec.seen.iter().all(|s| s.0 == Event::BestMove));
        // Each report names a new best move, with the root's bounds.
        assert!(rec.seen.windows(2).all(|w| w[0].1 != w[1].1));
        assert!(rec.values.iter().all(|v| matches!(v, Value::Bounds(_))));
        let mut first = Recorder::new(Some(1), u64::MAX);
        let r = observed(&bstar, &t, &t.root(), &limits, &mut first);
        assert_eq!(r.best, first.seen[0].1);

        let pbstar = PBStar::new(go_search::pbstar::Config::default().min_probability(0.0), t);
        let pbstar = pbstar.unwrap();
        let mut rec = Recorder::new(None, u64::MAX);
        let plain = pbstar.search(&t, &mut pbstar.scratch(), &t.root(), &limits);
        let full = observed(&pbstar, &t, &t.root(), &limits, &mut rec);
        assert_eq!((plain.best, plain.stats.nodes), (full.best, full.stats.nodes));
        assert!(rec.seen.iter().all(|s| s.0 == Event::BestMove));
        let mut first = Recorder::new(Some(1), u64::MAX);
        observed(&pbstar, &t, &t.root(), &limits, &mut first);
    }
}

#[test]
fn issue_10_mcts_dfpn_and_minimax_report_intervals() {
    let t = UniformTree::new(4, 8, 2);
    let limits = Limits::default().evaluations(20_000);
    let mcts = |threads| {
        let config = go_search::mcts::Config::default().seed(5).threads(threads);
        Mcts::new(config, RandomRollout::default()).unwrap()
    };
    let mut rec = Recorder::new(None, 1_000);
    observed(&mcts(1), &t, &t.root(), &limits, &mut rec);
    assert!(rec.seen.len() >= 3, "{} reports", rec.seen.len());
    assert!(rec.seen.iter().all(|s| s.0 == Event::Interval && s.1.is_some()));
    assert!(rec.values.iter().all(|v| matches!(v, Value::WinRate(w) if (0.0..=1.0).contains(w))));
    let mut two = Recorder::new(Some(2), 1_000);
    let r = observed(&mcts(1), &t, &t.root(), &limits, &mut two);
    assert!(r.stats.evaluations < 20_000);
    // Two threads: the calling thread's worker reports (how often depends on how the
    // threads share the work), and a Break stops both.
    let wide = UniformTree::new(6, 10, 2);
    let limits = Limits::default().evaluations(50_000);
    let mut rec = Recorder::new(None, 1_000);
    observed(&mcts(2), &wide, &wide.root(), &limits, &mut rec);
    assert!(!rec.seen.is_empty());
    let mut first = Recorder::new(Some(1), 1_000);
    let r = observed(&mcts(2), &wide, &wide.root(), &limits, &mut first);
    assert!(r.stats.evaluations < 50_000);
    let game = PGame::new(3, 12, 7, PGame::critical_probability(3));
    let dfpn = DfPn::new(Default::default(), Attacker(Side::First)).unwrap();
    let mut rec = Recorder::new(Some(2), 500);
    let r = observed(&dfpn, &game, &game.root(), &Limits::default(), &mut rec);
    assert_eq!(rec.values, [Value::Unknown, Value::Unknown]);
    assert_eq!(r.value, Value::Unknown);
    let minimax = Minimax::new(t);
    let mut rec = Recorder::new(Some(4), 1_000);
    let r = observed(&minimax, &t, &t.root(), &Limits::default().depth(8), &mut rec);
    assert!(r.stats.nodes >= 4_000 && r.stats.nodes < 10_000, "{}", r.stats.nodes);
}

#[test]
fn issue_10_time_limit_counts_from_the_start_of_the_search() {
    // Limits built well before the search (a GUI keeps them between moves). Before the
    // fix, `time` was a deadline fixed when the limits were built: this search would
    // have stopped at once.
    let limits = Limits::default().time(Duration::from_millis(500)).depth(6);
    thread::sleep(Duration::from_millis(600));
    let t = UniformTree::new(5, 6, 0);
    let ab = AlphaBeta::new(Config::default(), t).unwrap();
    let r = ab.search(&t, &mut ab.scratch(), &t.root(), &limits);
    assert!(r.stats.nodes > 1_000, "the search ran");
    assert_eq!(r.stop, None, "the search finished within its own time");
    assert!(r.solved);
}

#[test]
fn issue_14_mcts_reports_every_visited_root_move_with_its_own_visits() {
    let t = UniformTree::new(5, 6, 3);
    let config = go_search::mcts::Config::default().seed(9).threads(1);
    let mcts = Mcts::new(config, RandomRollout::default()).unwrap();
    let limits = Limits::default().evaluations(6_000);
    /// Keeps the best move and the root moves of every report, every 500 nodes.
    type Seen = (Option<u32>, Vec<(u32, u64, f64)>);
    struct Roots(Vec<Seen>);
    impl Observer<u32, i32> for Roots {
        fn observe(&mut self, p: &Progress<'_, u32, i32>) -> ControlFlow<()> {
            let root = p.root.iter().map(|c| (c.mv, c.visits, c.win_rate)).collect();
            self.0.push((p.best, root));
            ControlFlow::Continue(())
        }
        fn interval(&self) -> u64 {
            500
        }
    }
    let mut roots = Roots(Vec::new());
    let r = mcts.search_observed(&t, &mut mcts.scratch(), &t.root(), &limits, &mut roots);
    let seen = roots.0;
    assert!(seen.len() >= 3, "{} reports", seen.len());
    let mut last_total = 0;
    for (best, root) in &seen {
        assert!(!root.is_empty(), "a report after playouts lists root moves");
        assert_eq!(Some(root[0].0), *best, "the best move leads");
        assert!(root[1..].windows(2).all(|w| w[0].1 >= w[1].1), "then most visited first");
        assert!(root.iter().all(|c| (0.0..=1.0).contains(&c.2)), "win rates in [0, 1]");
        let mut moves: Vec<u32> = root.iter().map(|c| c.0).collect();
        moves.sort_unstable();
        moves.dedup();
        assert_eq!(moves.len(), root.len(), "each move once");
        assert!(moves.len() <= 5, "only root moves (branching 5)");
        let total: u64 = root.iter().map(|c| c.1).sum();
        assert!(total >= last_total, "visits only grow");
        assert!(total <= r.stats.evaluations, "{total} visits, {} playouts", r.stats.evaluations);
        last_total = total;
    }
    // The last report's counts are the moves' own, not the tree's size.
    let (_, root) = seen.last().unwrap();
    assert!(root[0].1 < r.stats.nodes);
    // Searchers that do not count visits report no root moves.
    let ab = AlphaBeta::new(Config::default(), t).unwrap();
    let mut empty = true;
    let mut watch = |p: &Progress<'_, u32, i32>| {
        empty &= p.root.is_empty();
        ControlFlow::Continue(())
    };
    ab.search_observed(&t, &mut ab.scratch(), &t.root(), &Limits::default().depth(5), &mut watch);
    assert!(empty);
}
