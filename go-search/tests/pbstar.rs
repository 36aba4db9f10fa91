//! PB* picks a true best move whenever it separates with valid bounds; its
//! probabilistic stop, limits and scratch reuse behave as documented.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use go_search::pbstar::Config;
use go_search::synth::{IncrementalTree, IntervalTree, OrderedTree, UniformTree, exact_value};
use go_search::{
    Estimate, Evaluator, Game, IntervalEvaluator, Limits, PBStar, ProbabilityEvaluator, Score,
    Searcher, Stop, Value,
};

/// A probability evaluator from a tree's interval and point evaluators: the point
/// value, clamped into the interval, is the realistic value.
#[derive(Clone, Copy)]
struct Both<T>(T);

impl<G: Game, T: IntervalEvaluator<G> + Evaluator<G>> ProbabilityEvaluator<G> for Both<T> {
    fn estimate(&self, game: &G, state: &G::State) -> Estimate<G::Score> {
        Estimate::new(self.0.bounds(game, state), self.0.evaluate(game, state))
    }
}

/// The exact value of the position after `mv`, from the root's point of view.
fn value_after<G: Game<Score = i32>>(game: &G, root: &G::State, mv: G::Move) -> i32
where
    G::State: Clone,
{
    let mut child = root.clone();
    game.play(&mut child, mv);
    let v = -exact_value(game, &child, 5_000_000).expect("small tree");
    if v.is_decisive() { v.to_root(1) } else { v }
}

/// What one tree's searches came to.
#[derive(Default)]
struct Tally {
    separated: usize,
    probable: usize,
    probable_right: usize,
}

/// PB* with and without the probabilistic stop on one tree; checks every claim.
fn check<G, E>(game: &G, eval: E, root: &G::State, what: &str, tally: &mut Tally)
where
    G: Game<Score = i32>,
    G::State: Clone,
    E: ProbabilityEvaluator<G> + Clone,
{
    let best_value = exact_value(game, root, 5_000_000).expect("small tree");
    let mut values = Vec::new();
    let mut value_of = |mv| match values.iter().find(|(m, _)| *m == mv) {
        Some(&(_, v)) => v,
        None => {
            let v = value_after(game, root, mv);
            values.push((mv, v));
            v
        }
    };
    for p in [0.0, 0.01, 0.2] {
        let pbstar = PBStar::new(Config::default().min_probability(p), eval.clone()).unwrap();
        let mut scratch = pbstar.scratch();
        let r = pbstar.search(game, &mut scratch, root, &Limits::default().nodes(200_000));
        let Value::Bounds(bounds) = r.value else { panic!("{what}: {:?}", r.value) };
        assert!(bounds.contains(best_value), "{what} p={p}: root {bounds:?} misses {best_value}");
        // Every root child's backed-up estimate still holds its true value.
        for (mv, e) in scratch.root_children() {
            let v = value_of(mv);
            assert!(e.bounds().contains(v), "{what} p={p}: {mv:?} {e:?} misses {v}");
        }
        let best = r.best.expect("a move");
        assert_eq!(r.pv.first(), Some(&best));
        if r.solved {
            assert_eq!(r.stop, None, "{what} p={p}");
            assert_eq!(value_of(best), best_value, "{what} p={p}: separated on a wrong move");
            tally.separated += 1;
        } else {
            assert_eq!(r.stop, Some(Stop::Probability), "{what} p={p}: unsolved {:?}", r.stop);
            assert!(p > 0.0, "{what}: probabilistic stop with threshold 0");
            tally.probable += 1;
            tally.probable_right += usize::from(value_of(best) == best_value);
        }
    }
}

#[test]
fn pbstar_separates_on_a_true_best_move_in_small_interval_trees() {
    let mut tally = Tally::default();
    for seed in 0..3000 {
        let (width, range) = if seed % 2 == 0 { (2, 16) } else { (3, 8) };
        let tree = IntervalTree { range, width, ..IntervalTree::new(width, seed) };
        check(&tree, tree, &tree.root(), &format!("interval {seed}"), &mut tally);
    }
    // Threshold 0 always separates on these small trees; the others sometimes stop
    // early, on a move that is usually (not always) best.
    assert!(tally.separated >= 3000, "{}", tally.separated);
    assert!(tally.probable > 0);
    assert!(tally.probable_right * 2 > tally.probable);
}

#[test]
fn pbstar_separates_on_a_true_best_move_in_ordered_and_incremental_trees() {
    let mut tally = Tally::default();
    for seed in 0..150 {
        let tree = OrderedTree::new(2 + (seed % 4) as u32, 2 + (seed % 4) as u32, seed);
        check(&tree, Both(tree), &tree.root(), &format!("ordered {seed}"), &mut tally);
        let tree = IncrementalTree::new(2 + (seed % 3) as u32, 2 + (seed % 4) as u32, seed);
        check(&tree, Both(tree), &tree.root(), &format!("incremental {seed}"), &mut tally);
    }
    assert!(tally.separated >= 300);
}

#[test]
fn pbstar_honours_limits_and_reports_not_separated() {
    let tree = IntervalTree::new(10, 4);
    let pbstar = PBStar::new(Config::default().min_probability(0.0), tree).unwrap();
    let mut scratch = pbstar.scratch();
    let r = pbstar.search(&tree, &mut scratch, &tree.root(), &Limits::default().nodes(50));
    assert!(!r.solved);
    assert_eq!(r.stop, Some(Stop::Nodes));
    // The budget is checked before each expansion, which adds at most `width` nodes.
    assert!(r.stats.nodes < 50 + 10, "{}", r.stats.nodes);
    assert!(r.best.is_some());
    assert!(matches!(r.value, Value::Bounds(_)));
    let r = pbstar.search(&tree, &mut scratch, &tree.root(), &Limits::default().memory(30));
    assert_eq!(r.stop, Some(Stop::Memory));
    assert!(r.stats.peak_nodes < 30 + 10);
    let r = pbstar.search(&tree, &mut scratch, &tree.root(), &Limits::default().evaluations(25));
    assert_eq!(r.stop, Some(Stop::Evaluations));
    // A raised stop flag ends the search at the next clock check (every 256 checks).
    // A uniform tree whose interior bounds never narrow: it never separates.
    let tree = UniformTree::new(3, 30, 1);
    let pbstar = PBStar::new(Config::default(), Both(tree)).unwrap();
    let mut scratch = pbstar.scratch();
    let r = pbstar.search(&tree, &mut scratch, &tree.root(), &Limits::default().nodes(3_000));
    assert!(!r.solved && r.best.is_some());
    assert_eq!(r.stop, Some(Stop::Nodes));
    // A raised stop flag ends the search at the next clock check (every 256 checks).
    let flag = Arc::new(AtomicBool::new(true));
    let r = pbstar.search(&tree, &mut scratch, &tree.root(), &Limits::default().stop(flag));
    assert_eq!(r.stop, Some(Stop::Flag));
    assert!(!r.solved && r.best.is_some());
    assert!(r.stats.expansions <= 257, "{}", r.stats.expansions);
}

#[test]
fn pbstar_scratch_reuse_gives_identical_results() {
    let trees: Vec<IntervalTree> =
        (0..6).map(|s| IntervalTree::new(2 + s % 3 * 4, u64::from(s))).collect();
    let pbstar = PBStar::new(Config::default(), IntervalTree::new(2, 0)).unwrap();
    let limits = Limits::default().nodes(2_000_000);
    let mut shared = pbstar.scratch();
    let mut fresh = Vec::new();
    for t in &trees {
        let mine = PBStar::new(*pbstar.config(), *t).unwrap();
        let a = mine.search(t, &mut mine.scratch(), &t.root(), &limits);
        assert!(a.solved || a.stop == Some(Stop::Probability), "{:?}", a.stop);
        fresh.push(a);
    }
    // The same trees again, in reverse order, through one scratch.
    for (t, a) in trees.iter().zip(&fresh).rev() {
        let mine = PBStar::new(*pbstar.config(), *t).unwrap();
        let b = mine.search(t, &mut shared, &t.root(), &limits);
        assert_eq!((&a.best, &a.value, &a.pv, a.solved), (&b.best, &b.value, &b.pv, b.solved));
        assert_eq!(
            (a.stats.nodes, a.stats.expansions, a.stats.evaluations, a.stats.max_depth),
            (b.stats.nodes, b.stats.expansions, b.stats.evaluations, b.stats.max_depth)
        );
        assert!(b.stats.peak_nodes >= b.stats.expansions);
    }
}
