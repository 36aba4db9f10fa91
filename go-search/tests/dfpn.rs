//! df-pn agrees with minimax on win/loss trees and DAGs, with and without a hash, with
//! tiny tables and heuristic proof numbers; it terminates on cyclic games.

use go_search::dfpn::Config;
use go_search::synth::{Node, PGame, TranspositionTree, exact_value};
use go_search::{
    Attacker, DfPn, Game, Limits, Outcome, ProofEvaluator, ProofNumbers, Searcher, Side, Value,
};

/// Whether `side` wins `game` from `root`, by exhaustive minimax.
fn minimax_wins<G: Game<Score = i32>>(game: &G, root: &G::State, side: Side) -> bool
where
    G::State: Clone,
{
    let v = exact_value(game, root, 50_000_000).expect("small game");
    let to_move_wins = v > 0;
    (game.side_to_move(root) == side) == to_move_wins
}

fn check<G, P>(game: &G, proof: &P, root: &G::State, what: &str)
where
    G: Game<Score = i32>,
    G::State: Clone,
    P: ProofEvaluator<G>,
{
    let side = proof.attacker();
    let expected = minimax_wins(game, root, side);
    for config in [Config::default(), Config::default().epsilon(0.0), Config::default().table(16)] {
        let dfpn = DfPn::new(config, proof).unwrap();
        let mut scratch = dfpn.scratch();
        let r = dfpn.search(game, &mut scratch, root, &Limits::default().nodes(20_000_000));
        assert_eq!(r.value, Value::Proven { side, wins: expected }, "{what} {config:?}");
        assert!(r.solved);
        // The best move of a winning side to move keeps the win.
        if let Some(mv) = r.best
            && game.side_to_move(root) == side
            && expected
        {
            let mut child = root.clone();
            game.play(&mut child, mv);
            assert!(minimax_wins(game, &child, side), "{what}: best move {mv:?} throws the win");
        }
    }
}

#[test]
fn dfpn_agrees_with_minimax_on_p_games() {
    for seed in 0..600 {
        let width = 2 + (seed % 3) as u32;
        let depth = 1 + (seed / 3 % 8) as u32;
        let p = PGame::critical_probability(width);
        let game = PGame::new(width, depth, seed, p);
        for side in [Side::First, Side::Second] {
            check(&game, &Attacker(side), &game.root(), &format!("p-game {seed} {side:?}"));
        }
    }
}

/// A win/loss DAG: [`TranspositionTree`] leaves scored by sign.
struct WinLossDag {
    tree: TranspositionTree,
    hashed: bool,
}

impl Game for WinLossDag {
    type State = Node;
    type Move = u32;
    type Undo = Node;
    type Score = i32;
    fn moves(&self, s: &Node, out: &mut Vec<u32>) -> Option<Outcome<i32>> {
        self.tree.moves(s, out).map(|o| if o.is_win() { Outcome::Win } else { Outcome::Loss })
    }
    fn play(&self, s: &mut Node, m: u32) -> Node {
        self.tree.play(s, m)
    }
    fn undo(&self, s: &mut Node, m: u32, u: Node) {
        self.tree.undo(s, m, u)
    }
    fn side_to_move(&self, s: &Node) -> Side {
        self.tree.side_to_move(s)
    }
    fn hash(&self, s: &Node) -> Option<u64> {
        if self.hashed { self.tree.hash(s) } else { None }
    }
}

/// Deterministic pseudo-random initial proof numbers.
struct Heuristic(Side);

impl ProofEvaluator<WinLossDag> for Heuristic {
    fn attacker(&self) -> Side {
        self.0
    }
    fn proof_numbers(&self, _: &WinLossDag, s: &Node) -> ProofNumbers {
        ProofNumbers { proof: 1 + (s.key() % 7) as u32, disproof: 1 + (s.key() / 7 % 5) as u32 }
    }
}

#[test]
fn dfpn_agrees_with_minimax_on_dags_with_and_without_hash() {
    for seed in 0..300 {
        let tree = TranspositionTree::new(2 + (seed % 3) as u32, 1 + (seed / 3 % 7) as u32, seed);
        for hashed in [true, false] {
            let game = WinLossDag { tree, hashed };
            let root = tree.root();
            for side in [Side::First, Side::Second] {
                let what = format!("dag {seed} hashed {hashed} {side:?}");
                check(&game, &Attacker(side), &root, &what);
                check(&game, &Heuristic(side), &root, &format!("{what} heuristic"));
            }
        }
    }
}

/// A token moves on a small directed graph with cycles; a player with no move loses,
/// position 0 is a win for whoever reaches it. Repetitions count as draws.
struct Graph {
    edges: Vec<Vec<u8>>,
}

impl Game for Graph {
    type State = (u8, Side);
    type Move = u8;
    type Undo = (u8, Side);
    type Score = i32;
    fn moves(&self, s: &(u8, Side), out: &mut Vec<u8>) -> Option<Outcome<i32>> {
        if s.0 == 0 {
            return Some(Outcome::Loss);
        }
        let e = &self.edges[s.0 as usize];
        if e.is_empty() {
            return Some(Outcome::Loss);
        }
        out.extend_from_slice(e);
        None
    }
    fn play(&self, s: &mut (u8, Side), m: u8) -> (u8, Side) {
        std::mem::replace(s, (m, s.1.opponent()))
    }
    fn undo(&self, s: &mut (u8, Side), _: u8, u: (u8, Side)) {
        *s = u;
    }
    fn side_to_move(&self, s: &(u8, Side)) -> Side {
        s.1
    }
    fn hash(&self, s: &(u8, Side)) -> Option<u64> {
        Some(u64::from(s.0) * 2 + u64::from(s.1 == Side::Second))
    }
}

#[test]
fn dfpn_terminates_on_cyclic_games() {
    // 1 -> 2 -> 3 -> 1 cycle, 3 -> 0 exit: from 1, First moves to 2, Second to 3,
    // First to 0 and wins.
    let g = Graph { edges: vec![vec![], vec![2], vec![3], vec![1, 0]] };
    let dfpn = DfPn::new(Config::default(), Attacker(Side::First)).unwrap();
    let r = dfpn.search(&g, &mut dfpn.scratch(), &(1, Side::First), &Limits::default());
    assert_eq!(r.value, Value::Proven { side: Side::First, wins: true });
    assert_eq!(r.pv, vec![2, 3, 0]);
    // A pure cycle is a draw: neither side can force a win.
    let g = Graph { edges: vec![vec![], vec![2], vec![1]] };
    for side in [Side::First, Side::Second] {
        let dfpn = DfPn::new(Config::default(), Attacker(side)).unwrap();
        let r = dfpn.search(&g, &mut dfpn.scratch(), &(1, Side::First), &Limits::default());
        assert_eq!(r.value, Value::Proven { side, wins: false });
    }
}

#[test]
fn dfpn_stops_on_budget() {
    let game = PGame::new(3, 14, 1, PGame::critical_probability(3));
    let dfpn = DfPn::new(Config::default(), Attacker(Side::First)).unwrap();
    let r = dfpn.search(&game, &mut dfpn.scratch(), &game.root(), &Limits::default().nodes(500));
    assert!(!r.solved);
    assert_eq!(r.value, Value::Unknown);
    assert_eq!(r.stop, Some(go_search::Stop::Nodes));
}
