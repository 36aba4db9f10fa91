//! B* picks a true best move whenever it separates with valid bounds.

use go_search::bstar::{Config, Strategy};
use go_search::synth::{IncrementalTree, IntervalTree, OrderedTree, UniformTree, exact_value};
use go_search::{BStar, Game, IntervalEvaluator, Limits, Score, Searcher, Stop, Value};

const STRATEGIES: [Strategy; 6] = [
    Strategy::XD,
    Strategy::XR,
    Strategy::Alternate,
    Strategy::AlwaysProveBest,
    Strategy::PreferDisproveRest,
    Strategy::Random { seed: 3 },
];

/// Exact values of the root's children, from the root's point of view.
fn child_values<G: Game<Score = i32>>(game: &G, root: &G::State) -> Vec<(G::Move, i32)>
where
    G::State: Clone,
{
    let mut moves = Vec::new();
    assert!(game.moves(root, &mut moves).is_none());
    moves
        .into_iter()
        .map(|mv| {
            let mut child = root.clone();
            game.play(&mut child, mv);
            let v = -exact_value(game, &child, 5_000_000).expect("small tree");
            (mv, if v.is_decisive() { v.to_root(1) } else { v })
        })
        .collect()
}

/// Runs every strategy; returns how many searches separated.
fn check<G, E>(game: &G, eval: &E, root: &G::State, what: &str) -> usize
where
    G: Game<Score = i32>,
    G::State: Clone,
    E: IntervalEvaluator<G> + Clone,
{
    let values = child_values(game, root);
    let best_value = values.iter().map(|&(_, v)| v).max().unwrap();
    let mut separated = 0;
    for strategy in STRATEGIES {
        let bstar = BStar::new(Config::default().strategy(strategy), eval.clone());
        let mut scratch = bstar.scratch();
        let r = bstar.search(game, &mut scratch, root, &Limits::default().nodes(200_000));
        let Value::Bounds(bounds) = r.value else { panic!("{what}: {:?}", r.value) };
        assert!(
            bounds.contains(best_value),
            "{what} {strategy:?}: root {bounds:?} misses {best_value}"
        );
        // Every root child's backed-up interval still holds its true value.
        for (mv, b) in scratch.root_children() {
            let v = values.iter().find(|(m, _)| *m == mv).unwrap().1;
            assert!(b.contains(v), "{what} {strategy:?}: {mv:?} {b:?} misses {v}");
        }
        let best = r.best.expect("a move");
        assert_eq!(r.pv.first(), Some(&best));
        if r.solved {
            separated += 1;
            let v = values.iter().find(|(m, _)| *m == best).unwrap().1;
            assert_eq!(v, best_value, "{what} {strategy:?}: separated on a wrong move");
        } else {
            assert!(r.stop.is_some(), "{what} {strategy:?}: unsolved without a reason");
        }
    }
    separated
}

#[test]
fn bstar_separates_on_a_true_best_move_in_interval_trees() {
    let mut separated = 0;
    let mut runs = 0;
    for seed in 0..150 {
        let tree =
            IntervalTree { range: 16, width: 2 + (seed % 2) as u32, ..IntervalTree::new(2, seed) };
        separated += check(&tree, &tree, &tree.root(), &format!("interval {seed}"));
        runs += STRATEGIES.len();
    }
    assert_eq!(separated, runs, "small interval trees always separate within the budget");
}

#[test]
fn bstar_separates_on_a_true_best_move_in_ordered_and_incremental_trees() {
    for seed in 0..150 {
        let tree = OrderedTree::new(2 + (seed % 4) as u32, 2 + (seed % 4) as u32, seed);
        check(&tree, &tree, &tree.root(), &format!("ordered {seed}"));
        let tree = IncrementalTree::new(2 + (seed % 3) as u32, 2 + (seed % 4) as u32, seed);
        check(&tree, &tree, &tree.root(), &format!("incremental {seed}"));
    }
}

#[test]
fn bstar_reports_not_separated_when_the_budget_runs_out() {
    let tree = IntervalTree::new(10, 4);
    let bstar = BStar::new(Config::default(), tree);
    let mut scratch = bstar.scratch();
    let r = bstar.search(&tree, &mut scratch, &tree.root(), &Limits::default().nodes(50));
    assert!(!r.solved);
    assert_eq!(r.stop, Some(Stop::Nodes));
    assert!(r.best.is_some());
    assert!(matches!(r.value, Value::Bounds(_)));
    let r = bstar.search(&tree, &mut scratch, &tree.root(), &Limits::default().memory(30));
    assert_eq!(r.stop, Some(Stop::Memory));
    // A uniform tree whose interior bounds never narrow still ends cleanly.
    let tree = UniformTree::new(3, 30, 1);
    let bstar = BStar::new(Config::default(), tree);
    let r =
        bstar.search(&tree, &mut bstar.scratch(), &tree.root(), &Limits::default().nodes(3_000));
    assert!(!r.solved && r.best.is_some());
}

#[test]
fn bstar_solves_big_interval_trees_deterministically() {
    for width in [2, 5, 10] {
        let tree = IntervalTree::new(width, 11);
        let bstar = BStar::new(Config::default().strategy(Strategy::XD), tree);
        let mut scratch = bstar.scratch();
        let a =
            bstar.search(&tree, &mut scratch, &tree.root(), &Limits::default().nodes(2_000_000));
        let b =
            bstar.search(&tree, &mut scratch, &tree.root(), &Limits::default().nodes(2_000_000));
        assert!(a.solved, "width {width}");
        assert_eq!((a.best, a.stats.expansions), (b.best, b.stats.expansions));
        assert!(a.stats.peak_nodes >= a.stats.expansions);
    }
}
