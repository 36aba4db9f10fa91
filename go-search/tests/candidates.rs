//! Selective search (issue 10): every searcher honours [`Candidates`]. Searching a game
//! with a candidate source gives exactly the report of searching the game whose move
//! generator yields only those candidates (same moves, values, principal variations and
//! node counts), on seeded synthetic trees with candidate sets that depend on the
//! position and the ply, reorder the moves, keep a single move, or keep none.

use std::time::Duration;

use go_search::alphabeta::{Config, Replacement};
use go_search::bstar::Strategy;
use go_search::synth::{IncrementalTree, IntervalTree, Node, OrderedTree, PGame, UniformTree};
use go_search::{
    AlphaBeta, Attacker, BStar, Bounds, Candidates, DfPn, Estimate, Evaluator, Game,
    IntervalEvaluator, Limits, Mcts, Minimax, Outcome, PBStar, Priors, ProbabilityEvaluator,
    Report, Rng, Rollout, Score, Searcher, Side, Stats, Value,
};

/// A pattern matcher stand-in: keeps the moves whose hash with the position and `seed`
/// passes a test, in hash order; at the root a few moves only; deeper, wider sets; at
/// some positions a single move, at others none ("no opinion").
#[derive(Clone, Copy, Debug)]
struct Pick {
    seed: u64,
}

fn mix(a: u64, b: u64) -> u64 {
    let t = u128::from(a ^ 0x9E37_79B9_7F4A_7C15) * u128::from(b | 1);
    ((t >> 64) as u64) ^ (t as u64)
}

impl Pick {
    fn rank(&self, node: &Node, mv: u32) -> u64 {
        mix(mix(self.seed, node.key()), u64::from(mv) + 1)
    }

    /// The candidates of `node`, `ply` moves below the root, among `moves`.
    fn select(&self, node: &Node, ply: u32, moves: &mut Vec<u32>) {
        let h = mix(self.seed ^ 0xC0FF_EE00, node.key());
        match h % 8 {
            0 => moves.clear(),     // no opinion: every move
            1 => moves.truncate(1), // a single candidate
            _ => {
                moves.sort_by_key(|&m| self.rank(node, m));
                // Two candidates at the root, wider deeper.
                let keep = (2 + ply as usize).min(moves.len());
                moves.truncate(keep);
            }
        }
    }
}

impl<G: Game<State = Node, Move = u32>> Candidates<G> for Pick {
    fn candidates(&self, _: &G, state: &Node, ply: u32, moves: &mut Vec<u32>) {
        self.select(state, ply, moves);
    }
}

/// The game whose move generator yields only `Pick`'s candidates, following the
/// documented contract: positions with one legal move are left alone, and keeping
/// none keeps every move. The ply of a synthetic node is its depth.
struct Restricted<G>(G, Pick);

impl<G: Game<State = Node, Move = u32, Undo = Node>> Game for Restricted<G> {
    type State = Node;
    type Move = u32;
    type Undo = Node;
    type Score = G::Score;

    fn moves(&self, s: &Node, out: &mut Vec<u32>) -> Option<Outcome<G::Score>> {
        let start = out.len();
        let over = self.0.moves(s, out);
        if over.is_none() && out.len() - start > 1 {
            let mut mine = out.split_off(start);
            let all = mine.clone();
            self.1.select(s, s.depth(), &mut mine);
            out.extend(if mine.is_empty() { all } else { mine });
        }
        over
    }
    fn outcome(&self, s: &Node, scratch: &mut Vec<u32>) -> Option<Outcome<G::Score>> {
        self.0.outcome(s, scratch)
    }
    fn play(&self, s: &mut Node, m: u32) -> Node {
        self.0.play(s, m)
    }
    fn undo(&self, s: &mut Node, m: u32, u: Node) {
        self.0.undo(s, m, u)
    }
    fn side_to_move(&self, s: &Node) -> Side {
        self.0.side_to_move(s)
    }
    fn hash(&self, s: &Node) -> Option<u64> {
        self.0.hash(s)
    }
    fn hash_after(&self, s: &Node, m: u32) -> Option<u64> {
        self.0.hash_after(s, m)
    }
    fn move_index(&self, m: u32) -> Option<usize> {
        self.0.move_index(m)
    }
}

/// An evaluator of `G` lifted to `Restricted<G>`.
#[derive(Clone, Copy)]
struct Lift<E>(E);

impl<G: Game<State = Node, Move = u32, Undo = Node>, E: Evaluator<G>> Evaluator<Restricted<G>>
    for Lift<E>
{
    fn evaluate(&self, g: &Restricted<G>, s: &Node) -> G::Score {
        self.0.evaluate(&g.0, s)
    }
}

impl<G: Game<State = Node, Move = u32, Undo = Node>, E: IntervalEvaluator<G>>
    IntervalEvaluator<Restricted<G>> for Lift<E>
{
    fn bounds(&self, g: &Restricted<G>, s: &Node) -> Bounds<G::Score> {
        self.0.bounds(&g.0, s)
    }
}

impl<G: Game<State = Node, Move = u32, Undo = Node>, E: ProbabilityEvaluator<G>>
    ProbabilityEvaluator<Restricted<G>> for Lift<E>
{
    fn estimate(&self, g: &Restricted<G>, s: &Node) -> Estimate<G::Score> {
        self.0.estimate(&g.0, s)
    }
}

/// A deterministic playout: the evaluator's opinion squashed into `[0, 1]`, without
/// playing (MCTS playouts generate their own moves, which candidates do not restrict).
#[derive(Clone, Copy)]
struct Squash<E>(E);

impl<G: Game, E: Evaluator<G>> Rollout<G> for Squash<E> {
    fn rollout(&self, game: &G, state: &mut G::State, _: &mut Rng) -> f64 {
        let v = self.0.evaluate(game, state).to_f64();
        1.0 / (1.0 + (-v / 200.0).exp())
    }
}

/// Priors from the move alone, so both games give the same weights to the same moves.
#[derive(Clone, Copy)]
struct MovePriors;

impl<G: Game<Move = u32>> Priors<G> for MovePriors {
    fn priors(&self, _: &G, _: &G::State, moves: &[u32], out: &mut Vec<f64>) {
        out.clear();
        out.extend(moves.iter().map(|&m| 1.0 + f64::from(m % 5)));
    }
}

/// A report without its wall-clock time.
fn timeless<S: Clone>(r: &Report<u32, S>) -> (Option<u32>, Value<S>, Vec<u32>, u32, bool, Stats)
where
    Value<S>: Clone,
{
    let mut stats = r.stats.clone();
    stats.elapsed = Duration::ZERO;
    (r.best, r.value.clone(), r.pv.clone(), r.depth, r.solved, stats)
}

/// `selective` on `game` and `plain` on the restricted game give the same report.
fn same<G, A, B>(
    game: &G,
    pick: Pick,
    selective: &A,
    plain: &B,
    root: &Node,
    limits: &Limits,
    what: &str,
) where
    G: Game<State = Node, Move = u32, Undo = Node>,
    A: Searcher<G>,
    B: Searcher<Restricted<G>>,
    G: Copy,
{
    let restricted = Restricted(*game, pick);
    let a = selective.search(game, &mut selective.scratch(), root, limits);
    let b = plain.search(&restricted, &mut plain.scratch(), root, limits);
    assert_eq!(timeless(&a), timeless(&b), "{what}");
    assert_eq!(a.stop, b.stop, "{what}");
}

fn alphabeta_configs() -> Vec<(&'static str, Config)> {
    vec![
        ("default", Config::default()),
        ("plain", Config::plain()),
        ("mtdf", Config::default().mtdf(true)),
        ("aspiration", Config::default().aspiration(Some(30.0))),
        ("small-table", Config::default().table(64, Replacement::Always)),
    ]
}

/// The point-value searchers (minimax, alpha-beta serial and parallel, MCTS) on `tree`.
fn point_searchers<G>(tree: G, root: Node, depth: u32, what: &str)
where
    G: Game<State = Node, Move = u32, Undo = Node> + Evaluator<G> + Copy + Sync,
{
    for seed in 0..4 {
        let pick = Pick { seed };
        let limits = Limits::default().depth(depth);
        let what = format!("{what} pick {seed}");
        same(
            &tree,
            pick,
            &Minimax::new(tree).with_candidates(pick),
            &Minimax::new(Lift(tree)),
            &root,
            &limits,
            &format!("minimax {what}"),
        );
        for (name, config) in alphabeta_configs() {
            let selective = AlphaBeta::new(config.clone(), tree).unwrap().with_candidates(pick);
            let plain = AlphaBeta::new(config, Lift(tree)).unwrap();
            same(&tree, pick, &selective, &plain, &root, &limits, &format!("{name} {what}"));
        }
        // The parallel search races: only its value is deterministic.
        let par = AlphaBeta::new(Config::default(), tree).unwrap().with_candidates(pick);
        let par = par.parallel(2, 2).unwrap();
        let oracle = Minimax::new(Lift(tree));
        let r = par.search(&tree, &mut par.scratch(), &root, &limits);
        let o = oracle.search(&Restricted(tree, pick), &mut (), &root, &limits);
        assert_eq!(r.value, o.value, "parallel {what}");
        let par = par.scheme(go_search::alphabeta::Scheme::Abdada);
        let r = par.search(&tree, &mut par.scratch(), &root, &limits);
        assert_eq!(r.value, o.value, "parallel ABDADA {what}");
        // MCTS with priors, seeded, one thread: the same tree grows in both games.
        let mcts = |c| go_search::mcts::Config::default().seed(seed).exploration(c);
        let selective = Mcts::new(mcts(1.0), Squash(tree)).unwrap().with_candidates(pick);
        let plain = Mcts::new(mcts(1.0), Squash(Lift(tree))).unwrap();
        let budget = Limits::default().evaluations(300);
        same(&tree, pick, &selective, &plain, &root, &budget, &format!("uct {what}"));
        let selective = selective.with_priors(MovePriors);
        let plain = plain.with_priors(MovePriors);
        same(&tree, pick, &selective, &plain, &root, &budget, &format!("puct {what}"));
    }
}

#[test]
fn issue_10_point_searchers_search_only_the_candidates() {
    for seed in 0..16 {
        let t = UniformTree::new(5, 5, seed);
        point_searchers(t, t.root(), 5, &format!("uniform {seed}"));
        let t = IncrementalTree::new(4, 6, seed);
        point_searchers(t, t.root(), 6, &format!("incremental {seed}"));
        let t = OrderedTree::new(6, 4, seed);
        point_searchers(t, t.root(), 4, &format!("ordered {seed}"));
    }
}

#[test]
fn issue_10_best_first_searchers_search_only_the_candidates() {
    let limits = Limits::default().nodes(200_000);
    for seed in 0..24 {
        let t = IncrementalTree::new(4, 7, seed);
        for pick in (0..3).map(|s| Pick { seed: s }) {
            for strategy in [Strategy::Alternate, Strategy::XD, Strategy::AlwaysProveBest] {
                let config = go_search::bstar::Config::default().strategy(strategy);
                let selective = BStar::new(config, t).with_candidates(pick);
                let plain = BStar::new(config, Lift(t));
                same(&t, pick, &selective, &plain, &t.root(), &limits, &format!("b* {seed}"));
            }
        }
        let t = IntervalTree::new(4, seed);
        for pick in (0..3).map(|s| Pick { seed: s }) {
            let config = go_search::bstar::Config::default();
            let (selective, plain) =
                (BStar::new(config, t).with_candidates(pick), BStar::new(config, Lift(t)));
            same(&t, pick, &selective, &plain, &t.root(), &limits, &format!("b* interval {seed}"));
            for p in [0.0, 0.05] {
                let config = go_search::pbstar::Config::default().min_probability(p);
                let selective = PBStar::new(config, t).unwrap().with_candidates(pick);
                let plain = PBStar::new(config, Lift(t)).unwrap();
                same(&t, pick, &selective, &plain, &t.root(), &limits, &format!("pb* {seed} {p}"));
            }
        }
    }
}

#[test]
fn issue_10_dfpn_proves_in_the_restricted_game() {
    for seed in 0..60 {
        let width = 3 + (seed % 3) as u32;
        let depth = 3 + (seed / 3 % 5) as u32;
        let game = PGame::new(width, depth, seed, PGame::critical_probability(width));
        for pick in (0..3).map(|s| Pick { seed: s }) {
            for side in [Side::First, Side::Second] {
                let config = go_search::dfpn::Config::default();
                let selective = DfPn::new(config, Attacker(side)).unwrap().with_candidates(pick);
                let plain = DfPn::new(config, Attacker(side)).unwrap();
                let limits = Limits::default().nodes(5_000_000);
                let what = format!("df-pn {seed} {side:?}");
                same(&game, pick, &selective, &plain, &game.root(), &limits, &what);
            }
        }
    }
}

/// The differential tests above would pass if the candidates changed nothing: check that
/// they do restrict (the restricted game's value differs from the full game's often).
#[test]
fn issue_10_candidates_change_the_search() {
    let (mut differ, mut total) = (0, 0);
    for seed in 0..30 {
        let t = UniformTree::new(5, 4, seed);
        let limits = Limits::default().depth(4);
        let full = Minimax::new(t).search(&t, &mut (), &t.root(), &limits);
        let restricted = Minimax::new(t).with_candidates(Pick { seed });
        let r = restricted.search(&t, &mut (), &t.root(), &limits);
        total += 1;
        differ += usize::from(r.value != full.value);
        assert!(r.stats.nodes < full.stats.nodes, "uniform {seed}: nothing was pruned");
    }
    assert!(differ * 2 > total, "only {differ} of {total} values changed");
}

/// Keeping no move means "no opinion": the search is the unrestricted one.
struct Nothing;

impl<G: Game> Candidates<G> for Nothing {
    fn candidates(&self, _: &G, _: &G::State, _: u32, moves: &mut Vec<G::Move>) {
        moves.clear();
    }
}

/// Only the first move, at the root alone.
struct RootOnly;

impl<G: Game> Candidates<G> for RootOnly {
    fn candidates(&self, _: &G, _: &G::State, ply: u32, moves: &mut Vec<G::Move>) {
        if ply == 0 {
            moves.truncate(1);
        }
    }
}

#[test]
fn issue_10_no_candidates_means_every_move_and_the_root_can_be_forced() {
    for seed in 0..20 {
        let t = IncrementalTree::new(4, 5, seed);
        let limits = Limits::default().depth(5);
        let full = AlphaBeta::new(Config::default(), t).unwrap();
        let r = full.search(&t, &mut full.scratch(), &t.root(), &limits);
        let none = AlphaBeta::new(Config::default(), t).unwrap().with_candidates(Nothing);
        let n = none.search(&t, &mut none.scratch(), &t.root(), &limits);
        assert_eq!(timeless(&n), timeless(&r), "incremental {seed}");
        // Forcing the root to its first move: the value is that move's value.
        let forced = AlphaBeta::new(Config::default(), t).unwrap().with_candidates(RootOnly);
        let f = forced.search(&t, &mut forced.scratch(), &t.root(), &limits);
        assert_eq!(f.best, Some(0));
        let mut child = t.root();
        t.play(&mut child, 0);
        let c = full.search(&t, &mut full.scratch(), &child, &Limits::default().depth(4));
        let (Value::Exact(fv), Value::Exact(cv)) = (f.value, c.value) else {
            panic!("exact values expected")
        };
        assert_eq!(fv, -cv, "incremental {seed}");
        // B* and MCTS too: a forced root has one move to choose.
        let b = BStar::new(Default::default(), t).with_candidates(RootOnly);
        assert_eq!(b.search(&t, &mut b.scratch(), &t.root(), &limits).best, Some(0));
        let m = Mcts::new(Default::default(), Squash(t)).unwrap().with_candidates(RootOnly);
        let budget = Limits::default().evaluations(50);
        assert_eq!(m.search(&t, &mut m.scratch(), &t.root(), &budget).best, Some(0));
    }
}
