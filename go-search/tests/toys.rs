//! Every algorithm on toy games with known values: Nim and tic-tac-toe.

#[macro_use]
mod common;

use std::collections::HashMap;

use go_search::alphabeta::{Config, Replacement, Scheme};
use go_search::synth::{TranspositionTree, UniformTree};
use go_search::{
    AlphaBeta, Attacker, BStar, Bounds, DfPn, Evaluator, Game, IntervalEvaluator, Limits, Mcts,
    Minimax, Outcome, RandomRollout, Score, Searcher, Side, Value,
};

/// Nim with several heaps; a move takes any number of stones from one heap; whoever
/// cannot move loses. The side to move wins iff the xor of the heaps is non-zero.
struct Nim;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Heaps(Vec<u8>, Side);

impl Game for Nim {
    type State = Heaps;
    type Move = (u8, u8);
    type Undo = ();
    type Score = i32;
    fn moves(&self, s: &Heaps, out: &mut Vec<(u8, u8)>) -> Option<Outcome<i32>> {
        for (i, &h) in s.0.iter().enumerate() {
            out.extend((1..=h).map(|n| (i as u8, n)));
        }
        out.is_empty().then_some(Outcome::Loss)
    }
    fn play(&self, s: &mut Heaps, (i, n): (u8, u8)) {
        s.0[i as usize] -= n;
        s.1 = s.1.opponent();
    }
    fn undo(&self, s: &mut Heaps, (i, n): (u8, u8), (): ()) {
        s.0[i as usize] += n;
        s.1 = s.1.opponent();
    }
    fn side_to_move(&self, s: &Heaps) -> Side {
        s.1
    }
    fn hash(&self, s: &Heaps) -> Option<u64> {
        Some(s.0.iter().fold(u64::from(s.1 == Side::Second), |h, &x| h * 31 + u64::from(x)))
    }
    fn move_index(&self, (i, n): (u8, u8)) -> Option<usize> {
        Some(usize::from(i) * 256 + usize::from(n))
    }
}

/// Tic-tac-toe; `scored` ends games with `Score(±1)` instead of `Win`/`Loss`.
#[derive(Clone, Copy)]
struct TicTacToe {
    scored: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Board([u8; 9], Side);

const LINES: [[usize; 3]; 8] =
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

impl Board {
    fn parse(s: &str) -> Board {
        let mut b = [0; 9];
        let mut n = 0;
        for (i, c) in s.chars().filter(|c| !c.is_whitespace()).enumerate() {
            b[i] = match c {
                'X' => 1,
                'O' => 2,
                _ => 0,
            };
            n += usize::from(b[i] != 0);
        }
        Board(b, if n % 2 == 0 { Side::First } else { Side::Second })
    }
}

impl Game for TicTacToe {
    type State = Board;
    type Move = u8;
    type Undo = ();
    type Score = i32;
    fn moves(&self, s: &Board, out: &mut Vec<u8>) -> Option<Outcome<i32>> {
        let just_moved = if s.1 == Side::First { 2 } else { 1 };
        if LINES.iter().any(|l| l.iter().all(|&i| s.0[i] == just_moved)) {
            return Some(if self.scored { Outcome::Score(-1) } else { Outcome::Loss });
        }
        out.extend((0..9).filter(|&i| s.0[i as usize] == 0));
        out.is_empty().then_some(Outcome::Draw)
    }
    fn play(&self, s: &mut Board, m: u8) {
        s.0[m as usize] = if s.1 == Side::First { 1 } else { 2 };
        s.1 = s.1.opponent();
    }
    fn undo(&self, s: &mut Board, m: u8, (): ()) {
        s.0[m as usize] = 0;
        s.1 = s.1.opponent();
    }
    fn side_to_move(&self, s: &Board) -> Side {
        s.1
    }
    fn hash(&self, s: &Board) -> Option<u64> {
        Some(s.0.iter().fold(0, |h, &x| h * 3 + u64::from(x)))
    }
    fn move_index(&self, m: u8) -> Option<usize> {
        Some(m.into())
    }
}

#[derive(Clone, Copy)]
struct Zero;

impl<G: Game> Evaluator<G> for Zero {
    fn evaluate(&self, _: &G, _: &G::State) -> G::Score {
        G::Score::ZERO
    }
}

/// `[-1, 1]`: valid for scored tic-tac-toe.
struct Unit;

impl IntervalEvaluator<TicTacToe> for Unit {
    fn bounds(&self, _: &TicTacToe, _: &Board) -> Bounds<i32> {
        Bounds::must(-1, 1)
    }
}

fn exact<G: Game, S: Searcher<G>>(algo: &S, game: &G, root: &G::State) -> Value<G::Score> {
    let r = algo.search(game, &mut algo.scratch(), root, &Limits::default());
    assert!(r.solved);
    r.value
}

#[test]
fn nim_values_follow_the_xor_rule() {
    for heaps in [vec![1, 2, 3], vec![1, 2, 4], vec![3, 4, 5], vec![2, 2], vec![5, 1], vec![0, 0]] {
        let root = Heaps(heaps.clone(), Side::First);
        let first_wins = heaps.iter().fold(0, |x, &h| x ^ h) != 0;
        let oracle = exact(&Minimax::new(Zero), &Nim, &root);
        let Value::Exact(v) = oracle else { panic!() };
        assert_eq!(v > 0, first_wins, "{heaps:?}");
        assert_eq!(exact(&AlphaBeta::new(Config::default(), Zero).unwrap(), &Nim, &root), oracle);
        assert_eq!(
            exact(&AlphaBeta::new(Config::default().mtdf(true), Zero).unwrap(), &Nim, &root),
            oracle
        );
        assert_eq!(
            exact(
                &AlphaBeta::new(Config::default(), Zero).unwrap().parallel(2, 2).unwrap(),
                &Nim,
                &root
            ),
            oracle
        );
        for side in [Side::First, Side::Second] {
            let dfpn = DfPn::new(Default::default(), Attacker(side)).unwrap();
            let wins = (side == Side::First) == first_wins;
            assert_eq!(exact(&dfpn, &Nim, &root), Value::Proven { side, wins }, "{heaps:?}");
        }
        let mcts = Mcts::new(go_search::mcts::Config::default().seed(2), RandomRollout::default())
            .unwrap();
        let r =
            mcts.search(&Nim, &mut mcts.scratch(), &root, &Limits::default().evaluations(200_000));
        assert_eq!(r.value, Value::Proven { side: Side::First, wins: first_wins }, "{heaps:?}");
        if first_wins {
            // The proven best move leaves a zero xor.
            let (i, n) = r.best.unwrap();
            let mut after = heaps.clone();
            after[i as usize] -= n;
            assert_eq!(after.iter().fold(0, |x, &h| x ^ h), 0);
        }
    }
}

#[test]
fn tic_tac_toe_is_a_draw_for_every_exact_algorithm() {
    let game = TicTacToe { scored: false };
    let root = Board::parse(".........");
    let oracle = exact(&Minimax::new(Zero), &game, &root);
    assert_eq!(oracle, Value::Exact(0));
    for config in [
        Config::plain(),
        Config::default(),
        Config::default().mtdf(true),
        Config::default().aspiration(Some(1.0)),
    ] {
        assert_eq!(exact(&AlphaBeta::new(config, Zero).unwrap(), &game, &root), oracle);
    }
    assert_eq!(
        exact(
            &AlphaBeta::new(Config::default(), Zero).unwrap().parallel(2, 3).unwrap(),
            &game,
            &root
        ),
        oracle
    );
    for side in [Side::First, Side::Second] {
        let dfpn = DfPn::new(Default::default(), Attacker(side)).unwrap();
        assert_eq!(exact(&dfpn, &game, &root), Value::Proven { side, wins: false });
    }
}

#[test]
fn tic_tac_toe_tactics() {
    let game = TicTacToe { scored: false };
    // X to move wins at once in the corner 2 (X X . / O O . / . . .).
    let root = Board::parse("XX. OO. ...");
    let r = AlphaBeta::new(Config::default(), Zero).unwrap().search(
        &game,
        &mut AlphaBeta::new(Config::default(), Zero).unwrap().scratch(),
        &root,
        &Limits::default(),
    );
    assert_eq!((r.best, r.value), (Some(2), Value::Exact(i32::win_in(1))));
    let dfpn = DfPn::new(Default::default(), Attacker(Side::First)).unwrap();
    let r = dfpn.search(&game, &mut dfpn.scratch(), &root, &Limits::default());
    assert_eq!(r.best, Some(2));
    for threads in [1, 2] {
        let config = go_search::mcts::Config::default().seed(5).threads(threads);
        let mcts = Mcts::new(config, RandomRollout::default()).unwrap();
        let r =
            mcts.search(&game, &mut mcts.scratch(), &root, &Limits::default().evaluations(20_000));
        assert_eq!(r.best, Some(2), "threads {threads}");
        assert_eq!(r.value, Value::Proven { side: Side::First, wins: true });
    }
    // B* on the scored variant: separates on the win.
    let scored = TicTacToe { scored: true };
    let bstar = BStar::new(Default::default(), Unit);
    let r = bstar.search(&scored, &mut bstar.scratch(), &root, &Limits::default().nodes(100_000));
    assert!(r.solved);
    assert_eq!(r.best, Some(2));
    // O must block at 6 (X . . / X O . / . . .): every other move loses.
    let root = Board::parse("X.. XO. ...");
    let r = bstar.search(&scored, &mut bstar.scratch(), &root, &Limits::default().nodes(1_000_000));
    assert!(r.solved);
    assert_eq!(r.best, Some(6));
    let ab = AlphaBeta::new(Config::default(), Zero).unwrap();
    assert_eq!(ab.search(&scored, &mut ab.scratch(), &root, &Limits::default()).best, Some(6));
}

/// A game without a hash: tables that need one are off, nothing panics.
struct Unhashed<G>(G);

impl<G: Game> Game for Unhashed<G> {
    type State = G::State;
    type Move = G::Move;
    type Undo = G::Undo;
    type Score = G::Score;
    fn moves(&self, s: &G::State, out: &mut Vec<G::Move>) -> Option<Outcome<G::Score>> {
        self.0.moves(s, out)
    }
    delegate_moves!();
}

#[test]
fn games_without_a_hash_search_without_tables() {
    let game = Unhashed(TicTacToe { scored: false });
    let root = Board::parse("X.. .O. ...");
    let oracle = exact(&Minimax::new(Zero), &game, &root);
    for config in [Config::default(), Config::default().mtdf(true)] {
        let ab = AlphaBeta::new(config, Zero).unwrap();
        let r = ab.search(&game, &mut ab.scratch(), &root, &Limits::default());
        assert_eq!(r.value, oracle);
        assert_eq!(r.stats.tt_probes, 0);
    }
    assert_eq!(
        exact(
            &AlphaBeta::new(Config::default(), Zero).unwrap().parallel(2, 2).unwrap(),
            &game,
            &root
        ),
        oracle
    );
    let dfpn = DfPn::new(Default::default(), Attacker(Side::First)).unwrap();
    assert_eq!(exact(&dfpn, &game, &root), Value::Proven { side: Side::First, wins: false });
}

/// Issue 10: settings a searcher cannot work with are refused when it is built, with the
/// setting named, instead of being silently replaced by another value.
#[test]
fn issue_10_invalid_settings_are_build_errors() {
    use go_search::{ConfigError, PBStar, alphabeta, dfpn, mcts, pbstar};
    struct NoEval;
    let setting = |e: Result<(), ConfigError>| e.err().map(|e| e.setting());
    let mc = |c: mcts::Config| Mcts::new(c, RandomRollout::default()).map(drop);
    for bad in [f64::NAN, -0.5, f64::INFINITY] {
        let e = mc(mcts::Config::default().exploration(bad));
        assert_eq!(setting(e), Some("mcts::Config::exploration"), "{bad}");
        let e = mc(mcts::Config::default().virtual_loss(bad));
        assert_eq!(setting(e), Some("mcts::Config::virtual_loss"), "{bad}");
        let e = DfPn::new(dfpn::Config::default().epsilon(bad), Attacker(Side::First)).map(drop);
        assert_eq!(setting(e), Some("dfpn::Config::epsilon"), "{bad}");
    }
    assert_eq!(setting(mc(mcts::Config::default().threads(0))), Some("mcts::Config::threads"));
    assert!(mc(mcts::Config::default().exploration(0.0).virtual_loss(0.0)).is_ok());
    for entries in [0, 1] {
        let e = DfPn::new(dfpn::Config::default().table(entries), Attacker(Side::First));
        assert_eq!(setting(e.map(drop)), Some("dfpn::Config::table"));
    }
    assert!(
        DfPn::new(dfpn::Config::default().epsilon(0.0).table(2), Attacker(Side::First)).is_ok()
    );
    for bad in [f64::NAN, -0.1, 1.5] {
        let e = PBStar::new(pbstar::Config::default().min_probability(bad), NoEval).map(drop);
        assert_eq!(setting(e), Some("pbstar::Config::min_probability"), "{bad}");
    }
    assert!(PBStar::new(pbstar::Config::default().min_probability(1.0), NoEval).is_ok());
    for bad in [0.0, -3.0, f64::NAN, f64::INFINITY] {
        let e = AlphaBeta::new(alphabeta::Config::default().aspiration(Some(bad)), NoEval);
        assert_eq!(setting(e.map(drop)), Some("alphabeta::Config::aspiration"), "{bad}");
    }
    let ab = || AlphaBeta::new(Config::default(), NoEval).expect("the defaults are valid");
    assert_eq!(setting(ab().parallel(0, 3).map(drop)), Some("AlphaBeta::parallel threads"));
    assert_eq!(setting(ab().parallel(2, 0).map(drop)), Some("AlphaBeta::parallel split_depth"));
    // The message names the setting and the value.
    let e = mc(mcts::Config::default().exploration(f64::NAN)).unwrap_err();
    assert_eq!(e.to_string(), "mcts::Config::exploration is NaN: expected a finite number >= 0");
}

/// The exact value of three-heap Nim, by a naive memoised negamax (independent of the
/// searchers): the side to move wins in `k` plies (`win_in(k)`) or loses in `k`.
fn nim_value(heaps: [u8; 3], memo: &mut HashMap<[u8; 3], i32>) -> i32 {
    if let Some(&v) = memo.get(&heaps) {
        return v;
    }
    let mut best = -i32::win_in(0);
    for i in 0..3 {
        for n in 1..=heaps[i] {
            let mut child = heaps;
            child[i] -= n;
            // The child's value seen from here, one ply further from the end.
            best = best.max((-nim_value(child, memo)).to_root(1));
        }
    }
    memo.insert(heaps, best);
    best
}

/// Issue 10: a search reusing the table of an earlier one stopped deepening as soon as
/// its value was a win or a loss, even one from a table entry farther away than the
/// iteration's depth: after (1, 3, 4), the win in 5 of (2, 3, 2) came back as a win in 7.
#[test]
fn issue_10_reused_tables_keep_exact_win_distances() {
    let mut memo = HashMap::new();
    for config in [Config::default(), Config::default().mtdf(true)] {
        let ab = AlphaBeta::new(config, Zero).unwrap();
        let mut scratch = ab.scratch();
        for h in [[1, 3, 4], [2, 3, 2], [3, 3, 1], [2, 3, 2], [1, 4, 2], [2, 3, 2]] {
            let r =
                ab.search(&Nim, &mut scratch, &Heaps(h.to_vec(), Side::First), &Limits::default());
            assert_eq!(r.value, Value::Exact(nim_value(h, &mut memo)), "{h:?}");
            assert!(r.solved);
        }
    }
}

/// Issue 10: the parallel alpha-beta sometimes returned a loss on a won Nim position
/// (about one CI run in eight). A young brother that started while an elder brother
/// failed high read alpha ≥ beta and searched its subtree with an inverted window, whose
/// first-child "cutoffs" were stored as complete table entries with the wrong bound;
/// later probes turned them into wrong values. Each (configuration, scheme, threads,
/// split depth) searches many roots with one scratch, so a wrong entry stored by one
/// search is also caught by the later ones. ABDADA (stop 19) runs the same cases: its
/// threads race on the shared table and on the busy marks that reorder their moves.
#[test]
fn issue_10_parallel_alpha_beta_agrees_with_minimax_under_races() {
    const ROUNDS: usize = 48;
    let configs = [
        ("default", Config::default()),
        ("no-pvs", Config::default().pvs(false)),
        ("mtdf", Config::default().mtdf(true)),
        ("mtdf-no-pvs", Config::default().mtdf(true).pvs(false)),
        ("small-table", Config::default().table(64, Replacement::Always)),
        ("no-table", Config::default().table(0, Replacement::Always)),
    ];
    let shapes = [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (4, 1), (4, 3)];

    // Nim: every position up to (3, 4, 5), in an order that mixes sizes; the exact
    // values come from the naive negamax above.
    let mut memo = HashMap::new();
    let mut nim: Vec<([u8; 3], i32)> = Vec::new();
    for a in 0..=3 {
        for b in 0..=4 {
            for c in 0..=5 {
                let h = [a, b, c];
                nim.push((h, nim_value(h, &mut memo)));
            }
        }
    }
    nim.sort_by_key(|(h, _)| (h.iter().map(|&x| u32::from(x)).sum::<u32>() * 7) % 13);
    // Tic-tac-toe: every position after two moves, against plain minimax.
    let ttt = TicTacToe { scored: false };
    let mut boards = Vec::new();
    for a in 0..9 {
        for b in (0..9).filter(|&b| b != a) {
            let mut board = Board::parse(".........");
            ttt.play(&mut board, a);
            ttt.play(&mut board, b);
            boards.push((board, exact(&Minimax::new(Zero), &ttt, &board)));
        }
    }
    // Synthetic DAGs (transpositions) and uniform trees, against plain minimax.
    let dags: Vec<_> = (0..24)
        .map(|seed| {
            let tree = TranspositionTree::new(2 + (seed % 3) as u32, 3 + (seed % 4) as u32, seed);
            (tree, exact(&Minimax::new(Zero), &tree, &tree.root()))
        })
        .collect();
    let uniform: Vec<_> = (0..24)
        .map(|seed| {
            let mut tree = UniformTree::new(2 + (seed % 3) as u32, 3 + (seed % 4) as u32, seed);
            tree.range = [3, 1000][(seed % 2) as usize];
            (tree, exact(&Minimax::new(Zero), &tree, &tree.root()))
        })
        .collect();

    let schemes = [Scheme::YoungBrothersWait, Scheme::Abdada];
    for ((name, config), scheme) in configs.iter().flat_map(|c| schemes.map(|s| (c, s))) {
        let table = *name != "no-table";
        for (threads, split) in shapes {
            let what = format!("{name}, {scheme:?}, {threads} threads, split depth {split}");
            let par = AlphaBeta::new(config.clone(), Zero)
                .unwrap()
                .parallel(threads, split)
                .unwrap()
                .scheme(scheme);
            let mut scratch = par.scratch();
            // Without a table Nim and tic-tac-toe are slow: fewer roots. Splitting at
            // every interior node makes the most young brothers, hence the most races.
            let nim_roots = if table { nim.len() } else { 30 };
            let rounds = if !table {
                1
            } else if split == 1 {
                ROUNDS
            } else {
                2
            };
            for _ in 0..rounds {
                for &(h, value) in &nim[..nim_roots] {
                    let root = Heaps(h.to_vec(), Side::First);
                    let r = par.search(&Nim, &mut scratch, &root, &Limits::default());
                    assert_eq!(r.value, Value::Exact(value), "nim {h:?}: {what}");
                    assert!(r.solved, "nim {h:?}: {what}");
                }
            }
            let step = if table { 1 } else { 8 };
            let mut scratch = par.scratch();
            for (board, value) in boards.iter().step_by(step) {
                let r = par.search(&ttt, &mut scratch, board, &Limits::default());
                assert_eq!(r.value, *value, "tic-tac-toe {board:?}: {what}");
            }
            let ab = AlphaBeta::new(config.clone(), Zero).unwrap().parallel(threads, split);
            let par = ab.unwrap().scheme(scheme);
            let mut scratch = par.scratch();
            for (tree, value) in &dags {
                let r = par.search(tree, &mut scratch, &tree.root(), &Limits::default());
                assert_eq!(r.value, *value, "{tree:?}: {what}");
            }
            for (tree, value) in &uniform {
                let r = par.search(tree, &mut scratch, &tree.root(), &Limits::default());
                assert_eq!(r.value, *value, "{tree:?}: {what}");
            }
        }
    }
}
