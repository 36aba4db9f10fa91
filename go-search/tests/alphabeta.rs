//! Differential tests: every exact alpha-beta configuration returns plain minimax's root
//! value on thousands of seeded trees; perfect ordering visits the Knuth–Moore minimal
//! tree.

#[macro_use]
mod common;

use go_search::alphabeta::{Config, Replacement, Scheme};
use go_search::synth::{
    IncrementalTree, IntervalTree, Node, OrderedTree, PGame, TranspositionTree, UniformTree,
};
use go_search::{
    AlphaBeta, Evaluator, Game, Limits, Minimax, OrderedF64, Outcome, Score, Searcher, Side, Value,
};

/// Both parallel schemes.
const SCHEMES: [Scheme; 2] = [Scheme::YoungBrothersWait, Scheme::Abdada];

fn configs() -> Vec<(&'static str, Config)> {
    vec![
        ("plain", Config::plain()),
        ("plain+pvs", Config::plain().pvs(true)),
        ("plain+killers+history", Config::plain().killers(true).history(true)),
        ("id", Config::default().table(0, Replacement::Always)),
        ("id+tt-always", Config::default().table(64, Replacement::Always)),
        ("id+tt-depth", Config::default().table(64, Replacement::DepthPreferred)),
        ("id+tt-two-tier", Config::default()),
        ("id+tt-no-pvs", Config::default().pvs(false)),
        ("aspiration", Config::default().aspiration(Some(20.0))),
        ("aspiration-tiny", Config::default().aspiration(Some(1.0)).table(16, Replacement::Always)),
        ("mtdf", Config::default().mtdf(true)),
        ("mtdf-no-tt", Config::default().mtdf(true).table(0, Replacement::Always)),
        ("single-depth+tt", Config::default().iterative(false)),
        ("countermoves", Config::default().countermoves(true)),
        ("countermoves-only", Config::plain().countermoves(true)),
        ("etc", Config::default().etc(Some(2))),
        ("etc-mtdf", Config::default().etc(Some(3)).mtdf(true).countermoves(true)),
    ]
}

/// Runs every configuration against plain minimax on `root` (optionally depth-limited).
fn check<G, E>(game: &G, eval: &E, root: &G::State, depth: Option<u32>, what: &str)
where
    G: Game + Sync,
    G::State: Clone + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluator<G> + Clone + Sync,
{
    let limits = depth.map_or_else(Limits::default, |d| Limits::default().depth(d));
    let oracle = Minimax::new(eval.clone()).search(game, &mut (), root, &limits);
    let Value::Exact(expected) = oracle.value else {
        panic!("{what}: oracle gave {:?}", oracle.value)
    };
    for (name, config) in configs() {
        let ab = AlphaBeta::new(config, eval.clone()).unwrap();
        let mut scratch = ab.scratch();
        // Twice with the same scratch: reuse must not change the answer.
        for round in 0..2 {
            let r = ab.search(game, &mut scratch, root, &limits);
            assert_eq!(r.value, Value::Exact(expected), "{what}: {name} round {round}");
            assert_eq!(r.solved, oracle.solved, "{what}: {name}");
            if name == "plain" || name == "plain+killers+history" {
                assert!(
                    r.stats.nodes <= oracle.stats.nodes,
                    "{what}: {name} visited more than minimax"
                );
            }
            assert_best_move_achieves(game, eval, root, &limits, r.best, expected, what);
        }
    }
    for (split, scheme) in [1, 2].into_iter().flat_map(|d| SCHEMES.map(|s| (d, s))) {
        let par = AlphaBeta::new(Config::default(), eval.clone()).unwrap().parallel(2, split);
        let par = par.unwrap().scheme(scheme);
        let r = par.search(game, &mut par.scratch(), root, &limits);
        assert_eq!(r.value, Value::Exact(expected), "{what}: parallel {scheme:?} split {split}");
        assert_best_move_achieves(game, eval, root, &limits, r.best, expected, what);
    }
}

/// The reported best move must have the root value (checked with plain minimax).
fn assert_best_move_achieves<G: Game, E: Evaluator<G> + Clone>(
    game: &G,
    eval: &E,
    root: &G::State,
    limits: &Limits,
    best: Option<G::Move>,
    expected: G::Score,
    what: &str,
) where
    G::State: Clone,
{
    let Some(mv) = best else { panic!("{what}: no best move") };
    let mut child = root.clone();
    game.play(&mut child, mv);
    let limits = limits.depth.map_or_else(Limits::default, |d| Limits::default().depth(d - 1));
    // Search the child one ply shallower; its value (negated, shifted one ply) must be
    // the root value.
    let r = Minimax::new(eval.clone()).search(game, &mut (), &child, &limits);
    let Value::Exact(v) = r.value else { panic!("{what}: child not searched") };
    let mut value = -v;
    if value.is_decisive() {
        value = value.to_root(1);
    }
    if limits.depth == Some(0) {
        return;
    }
    assert_eq!(value, expected, "{what}: best move {mv:?} does not achieve the root value");
}

#[test]
fn alpha_beta_family_equals_minimax_on_uniform_trees() {
    for seed in 0..1000 {
        let width = 1 + (seed % 4) as u32;
        let depth = 1 + (seed / 4 % 6) as u32;
        let mut tree = UniformTree::new(width, depth, seed);
        tree.range = [3, 1000][(seed % 2) as usize]; // many ties, or few
        check(&tree, &tree, &tree.root(), None, &format!("uniform {tree:?}"));
    }
}

#[test]
fn alpha_beta_family_equals_minimax_on_incremental_trees_at_fixed_depth() {
    for seed in 0..300 {
        let tree = IncrementalTree::new(2 + (seed % 3) as u32, 5, seed);
        let depth = Some(1 + (seed % 5) as u32);
        check(&tree, &tree, &tree.root(), depth, &format!("incremental {seed} depth {depth:?}"));
    }
}

#[test]
fn alpha_beta_family_equals_minimax_on_ordered_trees() {
    for seed in 0..300 {
        let tree = OrderedTree::new(2 + (seed % 4) as u32, 1 + (seed % 5) as u32, seed);
        check(&tree, &tree, &tree.root(), None, &format!("ordered {seed}"));
        let depth = Some(1 + (seed % 3) as u32);
        check(&tree, &tree, &tree.root(), depth, &format!("ordered {seed} depth {depth:?}"));
    }
}

#[test]
fn alpha_beta_family_equals_minimax_on_transposition_dags() {
    for seed in 0..600 {
        let tree = TranspositionTree::new(2 + (seed % 3) as u32, 1 + (seed % 6) as u32, seed);
        check(&tree, &tree, &tree.root(), None, &format!("dag {seed}"));
    }
}

#[test]
fn alpha_beta_family_equals_minimax_on_p_games_and_interval_trees() {
    for seed in 0..200 {
        let game = PGame::new(2 + (seed % 2) as u32, 2 + (seed % 5) as u32, seed, 0.6);
        check(&game, &game, &game.root(), None, &format!("p-game {seed}"));
        let tree = IntervalTree { range: 12, width: 2, ..IntervalTree::new(2, seed) };
        check(&tree, &tree, &tree.root(), None, &format!("interval {seed}"));
    }
}

#[test]
fn perfect_ordering_visits_exactly_the_knuth_moore_minimal_tree() {
    for width in 2..=5u32 {
        for depth in 1..=6u32 {
            for seed in 0..3 {
                let tree = OrderedTree::perfect(width, depth, seed);
                let ab = AlphaBeta::new(Config::plain(), tree).unwrap();
                let r = ab.search(&tree, &mut ab.scratch(), &tree.root(), &Limits::default());
                assert_eq!(r.value, Value::Exact(tree.exact_value()));
                let minimal = width.pow(depth.div_ceil(2)) + width.pow(depth / 2) - 1;
                assert_eq!(r.stats.leaf_nodes, u64::from(minimal), "b={width} d={depth}");
                assert!(r.solved);
            }
        }
    }
}

/// A uniform tree with float scores, to exercise a non-integer [`Score`].
#[derive(Clone, Copy)]
struct FloatTree(UniformTree);

impl Game for FloatTree {
    type State = Node;
    type Move = u32;
    type Undo = Node;
    type Score = OrderedF64;
    fn moves(&self, s: &Node, out: &mut Vec<u32>) -> Option<Outcome<OrderedF64>> {
        self.0.moves(s, out).map(|o| match o {
            Outcome::Score(v) => Outcome::Score(OrderedF64::new(f64::from(v) / 7.0).unwrap()),
            Outcome::Win => Outcome::Win,
            Outcome::Loss => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
        })
    }
    delegate_moves!();
    fn hash(&self, s: &Node) -> Option<u64> {
        self.0.hash(s)
    }
}

impl Evaluator<FloatTree> for FloatTree {
    fn evaluate(&self, _: &FloatTree, s: &Node) -> OrderedF64 {
        OrderedF64::new((s.key() % 100) as f64 / 3.0).unwrap()
    }
}

#[test]
fn float_scores_work_across_the_family() {
    for seed in 0..150 {
        let tree = FloatTree(UniformTree::new(2 + (seed % 3) as u32, 4, seed));
        check(&tree, &tree, &tree.0.root(), None, &format!("float {seed}"));
        check(&tree, &tree, &tree.0.root(), Some(2), &format!("float {seed} depth 2"));
    }
}

#[test]
fn node_limits_and_stop_flags_are_honoured() {
    let tree = UniformTree::new(4, 10, 1);
    let ab = AlphaBeta::new(Config::default(), tree).unwrap();
    let mut scratch = ab.scratch();
    let r = ab.search(&tree, &mut scratch, &tree.root(), &Limits::default().nodes(5_000));
    assert_eq!(r.stop, Some(go_search::Stop::Nodes));
    assert!(!r.solved);
    assert!(r.stats.nodes <= 5_000);
    assert!(matches!(r.value, Value::Estimate(_)));
    assert!(r.best.is_some());
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let r = ab.search(&tree, &mut scratch, &tree.root(), &Limits::default().stop(flag));
    assert_eq!(r.stop, Some(go_search::Stop::Flag));
}

/// A parallel search stops near its node limit too. The young brothers' subtrees here
/// are smaller than the period of a thread's checks (a few hundred nodes), so the limit
/// holds only if each finished subtree is counted: before that, such a search ran
/// iteration after iteration far past its limit (go-engine's alpha-beta on two threads
/// did not answer `genmove` at 150 nodes).
#[test]
fn a_parallel_search_stops_near_its_node_limit() {
    let tree = UniformTree::new(4, 40, 1);
    for scheme in SCHEMES {
        for (threads, split) in [(2, 1), (2, 2), (3, 2)] {
            let ab = AlphaBeta::new(Config::default(), tree).unwrap();
            let par = ab.parallel(threads, split).unwrap().scheme(scheme);
            let limit = 2_000;
            let r = par.search(
                &tree,
                &mut par.scratch(),
                &tree.root(),
                &Limits::default().nodes(limit),
            );
            let what = format!("{scheme:?}, {threads} threads, split depth {split}");
            assert_eq!(r.stop, Some(go_search::Stop::Nodes), "{what}");
            assert!(r.best.is_some(), "{what}");
            // Each thread may overshoot by one check period and its current subtree.
            assert!(r.stats.nodes < 2 * limit, "{what}: {} nodes", r.stats.nodes);
        }
    }
}

/// A game of one endless line: every path is infinite.
struct Endless;

impl Game for Endless {
    type State = u64;
    type Move = u8;
    type Undo = ();
    type Score = i16;
    fn moves(&self, _: &u64, out: &mut Vec<u8>) -> Option<Outcome<i16>> {
        out.push(0);
        None
    }
    fn play(&self, s: &mut u64, _: u8) {
        *s += 1;
    }
    fn undo(&self, s: &mut u64, _: u8, (): ()) {
        *s -= 1;
    }
    fn side_to_move(&self, s: &u64) -> Side {
        if s.is_multiple_of(2) { Side::First } else { Side::Second }
    }
}

struct Zero;

impl<G: Game> Evaluator<G> for Zero {
    fn evaluate(&self, _: &G, _: &G::State) -> G::Score {
        G::Score::ZERO
    }
}

#[test]
fn endless_games_stop_at_max_ply_without_overflowing_the_stack() {
    let ab = AlphaBeta::new(Config::plain(), Zero).unwrap();
    let r = ab.search(&Endless, &mut ab.scratch(), &0, &Limits::default().depth(100_000));
    assert_eq!(r.value, Value::Exact(0));
    assert_eq!(r.depth, go_search::MAX_PLY - 1);
    let r = Minimax::new(Zero).search(&Endless, &mut (), &0, &Limits::default());
    assert_eq!(r.stop, Some(go_search::Stop::MaxPly));
}

/// Every move is noisy: quiescence search then extends the horizon with stand-pat.
struct AllNoisy;

impl<G: Game> go_search::NoisyMoves<G> for AllNoisy {
    fn noisy_moves(&self, game: &G, state: &G::State, out: &mut Vec<G::Move>) {
        game.moves(state, out);
    }
}

/// Reverses the generated order (a bad but legal ordering hook).
struct Reverse;

impl<G: Game> go_search::MoveOrder<G> for Reverse {
    fn order(&self, _: &G, _: &G::State, moves: &mut [G::Move]) {
        moves.reverse();
    }
}

/// Reference: negamax to `depth`, then stand-pat quiescence over all moves for `q` plies.
fn reference<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &mut G::State,
    ply: u32,
    depth: u32,
    q: u32,
) -> G::Score {
    let mut moves = Vec::new();
    if let Some(outcome) = game.moves(state, &mut moves) {
        return outcome.value(ply);
    }
    let mut best =
        if depth == 0 { eval.evaluate(game, state).clamp_eval() } else { -G::Score::INFINITY };
    if depth == 0 && q == 0 {
        return best;
    }
    for mv in moves {
        let undo = game.play(state, mv);
        let (d, qq) = if depth > 0 { (depth - 1, q) } else { (0, q - 1) };
        let v = -reference(game, eval, state, ply + 1, d, qq);
        game.undo(state, mv, undo);
        best = best.max(v);
    }
    best
}

#[test]
fn quiescence_equals_a_stand_pat_reference_and_hooks_keep_values() {
    for seed in 0..150 {
        let tree = IncrementalTree::new(2 + (seed % 3) as u32, 7, seed);
        let depth = 1 + (seed % 3) as u32;
        let q = 1 + (seed % 2) as u32;
        let expected = reference(&tree, &tree, &mut tree.root(), 0, depth, q);
        for config in [Config::plain(), Config::default(), Config::default().mtdf(true)] {
            let ab = AlphaBeta::new(config.quiescence(q), tree).unwrap().with_noisy_moves(AllNoisy);
            let r =
                ab.search(&tree, &mut ab.scratch(), &tree.root(), &Limits::default().depth(depth));
            assert_eq!(r.value, Value::Exact(expected), "seed {seed}");
        }
        // Quiescence without noisy moves, and a move-ordering hook, change nothing.
        let plain = Minimax::new(tree).search(
            &tree,
            &mut (),
            &tree.root(),
            &Limits::default().depth(depth),
        );
        let ab =
            AlphaBeta::new(Config::default().quiescence(3), tree).unwrap().with_move_order(Reverse);
        let r = ab.search(&tree, &mut ab.scratch(), &tree.root(), &Limits::default().depth(depth));
        assert_eq!(r.value, plain.value, "seed {seed}");
    }
}

/// [`IncrementalTree`] with a "pass": child index `width`, an extra child that is never
/// generated as a move (it flips the side to move like any move).
#[derive(Clone, Copy)]
struct WithPass(IncrementalTree);

impl Game for WithPass {
    type State = Node;
    type Move = u32;
    type Undo = Node;
    type Score = i32;
    fn moves(&self, s: &Node, out: &mut Vec<u32>) -> Option<Outcome<i32>> {
        self.0.moves(s, out)
    }
    delegate_moves!();
    fn hash(&self, s: &Node) -> Option<u64> {
        self.0.hash(s)
    }
    fn null_move(&self, _: &Node) -> Option<u32> {
        Some(self.0.width)
    }
}

impl Evaluator<WithPass> for WithPass {
    fn evaluate(&self, _: &WithPass, s: &Node) -> i32 {
        self.0.evaluate(&self.0, s)
    }
}

#[test]
fn null_move_pruning_is_selective_but_sound_in_shape() {
    let mut pruned = 0;
    for seed in 0..100 {
        let game = WithPass(IncrementalTree::new(4, 8, seed));
        let limits = Limits::default().depth(6);
        let exact = AlphaBeta::new(Config::default(), game).unwrap();
        let e = exact.search(&game, &mut exact.scratch(), &game.0.root(), &limits);
        let nm = AlphaBeta::new(Config::default().null_move(Some(2)), game).unwrap();
        let r = nm.search(&game, &mut nm.scratch(), &game.0.root(), &limits);
        assert!(r.best.is_some_and(|m| m < 4), "a real move is chosen");
        assert!(!r.solved);
        assert!(r.stats.nodes <= e.stats.nodes * 2);
        pruned += usize::from(r.stats.nodes < e.stats.nodes);
    }
    assert!(pruned > 50, "null-move pruning saves nodes on most trees ({pruned}/100)");
}

/// Issue 10 (stop 19): a panic in any thread of an ABDADA search reaches the caller. The
/// helpers wait for the main thread's next iteration: had it died without telling them,
/// the search would hang instead.
#[test]
fn issue_10_abdada_passes_a_panic_on() {
    use std::sync::atomic::{AtomicU64, Ordering};
    struct Boom(AtomicU64);
    impl Evaluator<UniformTree> for Boom {
        fn evaluate(&self, _: &UniformTree, _: &Node) -> i32 {
            if self.0.fetch_add(1, Ordering::Relaxed) == 200 {
                panic!("boom");
            }
            0
        }
    }
    let tree = UniformTree::new(4, 8, 3);
    for threads in [2, 3] {
        let par = AlphaBeta::new(Config::default(), Boom(AtomicU64::new(0))).unwrap();
        let par = par.parallel(threads, 2).unwrap().scheme(Scheme::Abdada);
        let mut scratch = par.scratch();
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            par.search(&tree, &mut scratch, &tree.root(), &Limits::default())
        }));
        assert!(result.is_err(), "{threads} threads: the panic was lost");
    }
}
