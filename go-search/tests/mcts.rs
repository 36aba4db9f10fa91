//! MCTS: seeded determinism, solver proofs that agree with minimax (one and two
//! threads), priors, limits.

use go_search::mcts::Config;
use go_search::synth::{Node, OrderedTree, PGame, exact_value};
use go_search::{Game, Limits, Mcts, Priors, RandomRollout, Searcher, Side, Stop, Value};

#[test]
fn one_thread_is_a_pure_function_of_the_seed() {
    let tree = OrderedTree::new(4, 8, 3);
    let mcts = Mcts::new(Config::default().seed(9), RandomRollout::default()).unwrap();
    let mut scratch = mcts.scratch();
    let limits = Limits::default().evaluations(3_000);
    let a = mcts.search(&tree, &mut scratch, &tree.root(), &limits);
    let b = mcts.search(&tree, &mut scratch, &tree.root(), &limits);
    assert_eq!((a.best, a.value, &a.pv, a.stats.nodes), (b.best, b.value, &b.pv, b.stats.nodes));
    assert_eq!(a.stop, Some(Stop::Evaluations));
    assert_eq!(a.stats.evaluations, 3_000);
    let c = Mcts::new(Config::default().seed(10), RandomRollout::default()).unwrap().search(
        &tree,
        &mut scratch,
        &tree.root(),
        &limits,
    );
    assert!(c.best.is_some());
}

#[test]
fn solver_proofs_agree_with_minimax_on_p_games() {
    let mut proven = 0;
    for seed in 0..120 {
        let width = 2 + (seed % 2) as u32;
        let game =
            PGame::new(width, 2 + (seed % 5) as u32, seed, PGame::critical_probability(width));
        let v = exact_value(&game, &game.root(), 1_000_000).unwrap();
        for threads in [1, 2] {
            let mcts =
                Mcts::new(Config::default().seed(seed).threads(threads), RandomRollout::default())
                    .unwrap();
            let r = mcts.search(
                &game,
                &mut mcts.scratch(),
                &game.root(),
                &Limits::default().evaluations(50_000),
            );
            if r.solved {
                proven += 1;
                assert_eq!(
                    r.value,
                    Value::Proven { side: Side::First, wins: v > 0 },
                    "seed {seed}"
                );
                if v > 0 {
                    let mut child = game.root();
                    game.play(&mut child, r.best.unwrap());
                    assert!(
                        exact_value(&game, &child, 1_000_000).unwrap() < 0,
                        "seed {seed}: wrong winning move"
                    );
                }
            }
        }
    }
    assert_eq!(proven, 240, "small P-games are all proven within the budget");
}

/// Puts all prior weight on the last move.
struct LastMove;

impl<G: Game> Priors<G> for LastMove {
    fn priors(&self, _: &G, _: &G::State, moves: &[G::Move], out: &mut Vec<f64>) {
        out.clear();
        out.extend((0..moves.len()).map(|i| if i + 1 == moves.len() { 1.0 } else { 0.0 }));
    }
}

#[test]
fn priors_steer_the_search_and_limits_hold() {
    let tree = OrderedTree { noise: 0, ..OrderedTree::new(5, 30, 4) };
    let puct = Mcts::new(Config::default().exploration(5.0), RandomRollout::default())
        .unwrap()
        .with_priors(LastMove);
    let mut scratch = puct.scratch();
    let r = puct.search(&tree, &mut scratch, &tree.root(), &Limits::default().evaluations(400));
    let visits: Vec<(u32, u64, f64)> = scratch.root_children();
    let last = visits.iter().find(|c| c.0 == 4).unwrap().1;
    assert!(visits.iter().all(|c| c.1 <= last), "{visits:?}");
    assert!(matches!(r.value, Value::WinRate(w) if (0.0..=1.0).contains(&w)));
    let r = puct.search(&tree, &mut scratch, &tree.root(), &Limits::default().memory(100));
    assert_eq!(r.stop, Some(Stop::Memory));
    assert!(r.stats.peak_nodes < 100 + 5);
    let _: Node = tree.root();
}

/// A playout policy that returns nonsense.
struct Broken;

impl<G: Game> go_search::Rollout<G> for Broken {
    fn rollout(&self, _: &G, _: &mut G::State, rng: &mut go_search::Rng) -> f64 {
        [f64::NAN, -3.0, 7.0, f64::INFINITY][rng.below(4) as usize]
    }
}

#[test]
fn broken_rollouts_and_priors_do_not_poison_the_search() {
    let tree = OrderedTree::new(3, 6, 2);
    // A NaN exploration constant is refused when the searcher is built (issue 10: it was
    // silently taken as 0).
    let nan = Mcts::new(Config::default().exploration(f64::NAN), Broken);
    assert_eq!(nan.err().map(|e| e.setting()), Some("mcts::Config::exploration"));
    let mcts = Mcts::new(Config::default(), Broken).unwrap().with_priors(NanPriors);
    let r =
        mcts.search(&tree, &mut mcts.scratch(), &tree.root(), &Limits::default().evaluations(500));
    assert!(r.best.is_some());
    assert!(matches!(r.value, Value::WinRate(w) if (0.0..=1.0).contains(&w)) || r.solved);
}

/// Priors that are not numbers.
struct NanPriors;

impl<G: Game> Priors<G> for NanPriors {
    fn priors(&self, _: &G, _: &G::State, moves: &[G::Move], out: &mut Vec<f64>) {
        out.clear();
        out.extend(moves.iter().map(|_| f64::NAN));
    }
}
