//! Go through go-search (feature `search`): solving tiny boards exactly, checked against
//! an exhaustive negamax written here over `Position` alone.
#![cfg(feature = "search")]

use std::collections::HashMap;

use go_board::search::GoGame;
use go_board::{BoardSize, Color, Komi, Move, Position, Rules};
use go_search::alphabeta::Config;
use go_search::{AlphaBeta, Evaluator, Limits, Minimax, Searcher, Value};

/// The evaluator is never called: every search below runs to the end of the game.
struct Unused;
impl Evaluator<GoGame> for Unused {
    fn evaluate(&self, _: &GoGame, _: &Position) -> i32 {
        unreachable!("searches run to the end of the game")
    }
}

/// The exact value for the side to move, in half-points, by exhaustive negamax with an
/// exact memo. Under positional superko the future of a game depends on the current
/// colouring, the side to move, whether the last move was a pass, and the *set* of
/// colourings seen so far (the order does not matter), so those four make the key. The
/// colourings of boards of up to 4 points are numbered in base 3 (at most 81 of them),
/// so the set fits in a `u128`.
struct Exhaustive {
    memo: HashMap<(u128, u8, Color, u32), i32>,
    nodes: u64,
}

impl Exhaustive {
    fn colouring(pos: &Position) -> u8 {
        let board = pos.board();
        board.size().points().fold(0u8, |acc, p| {
            acc * 3
                + match board.color_at(p) {
                    None => 0,
                    Some(Color::Black) => 1,
                    Some(Color::White) => 2,
                }
        })
    }

    fn value(&mut self, pos: &mut Position, seen: u128) -> i32 {
        self.nodes += 1;
        if pos.is_over() {
            let margin = pos.tromp_taylor_score().margin_half_points();
            return if pos.to_move() == Color::Black { margin } else { -margin };
        }
        let key = (seen, Self::colouring(pos), pos.to_move(), pos.consecutive_passes());
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let moves: Vec<Move> = pos.legal_moves().collect();
        let mut best = i32::MIN;
        for mv in moves {
            pos.try_play(mv).unwrap();
            let next = seen | 1u128 << Self::colouring(pos);
            best = best.max(-self.value(pos, next));
            pos.undo().unwrap();
        }
        self.memo.insert(key, best);
        best
    }

    fn solve(pos: &Position) -> i32 {
        assert!(pos.size().point_count() <= 4, "colourings must fit in a u128");
        let mut e = Exhaustive { memo: HashMap::new(), nodes: 0 };
        let seen = 1u128 << Self::colouring(pos);
        e.value(&mut pos.clone(), seen)
    }
}

/// Solves the empty board under Tromp-Taylor rules with `komi` half-points, checks the
/// searchers against the exhaustive value, and returns it.
fn solve_and_compare(cols: u32, rows: u32, komi: i32, with_minimax: bool) -> i32 {
    let rules = Rules::tromp_taylor().with_komi(Komi::from_half_points(komi));
    let root = Position::new(BoardSize::new(cols, rows).unwrap(), rules);
    let exact = Exhaustive::solve(&root);

    if with_minimax {
        let minimax = Minimax::new(Unused).search(&GoGame, &mut (), &root, &Limits::default());
        assert!(minimax.solved);
        assert_eq!(minimax.value, Value::Exact(exact), "{cols}x{rows} minimax");
    }
    for config in
        [Config::plain(), Config::plain().pvs(true), Config::plain().killers(true).history(true)]
    {
        let search = AlphaBeta::new(config, Unused).unwrap();
        let report = search.search(&GoGame, &mut search.scratch(), &root, &Limits::default());
        assert!(report.solved);
        assert_eq!(report.value, Value::Exact(exact), "{cols}x{rows} {:?}", search.config());
        // The best move really achieves the value.
        let mut after = root.clone();
        after.try_play(report.best.unwrap()).unwrap();
        assert_eq!(-Exhaustive::solve(&after), exact);
    }
    exact
}

#[test]
fn one_by_n_boards_are_solved_exactly() {
    // 1x1: the only board move is a suicide, so both pass: a draw without komi.
    assert_eq!(solve_and_compare(1, 1, 0, true), 0);
    // 1x2: whoever plays first is captured or fills the board; White wins by komi.
    assert_eq!(solve_and_compare(2, 1, 1, true), -1);
    // 1x3: Black takes the middle and the whole board.
    assert_eq!(solve_and_compare(3, 1, 1, true), 5);
    assert_eq!(solve_and_compare(1, 3, 1, false), 5);
}

#[test]
fn two_by_two_matches_the_published_value() {
    // Tromp's published solution: under positional superko Black wins 2x2 by one point
    // (2 half-points) without komi. The exhaustive memo above runs out of memory from 1x4 on, so the
    // published value is the reference; the search runs in a thread with a large stack
    // because the game tree is deep.
    let rules = Rules::tromp_taylor().with_komi(Komi::from_half_points(0));
    let root = Position::new(BoardSize::square(2).unwrap(), rules);
    let report = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            let search = AlphaBeta::new(Config::plain().pvs(true), Unused).unwrap();
            search.search(&GoGame, &mut search.scratch(), &root, &Limits::default())
        })
        .unwrap()
        .join()
        .unwrap();
    assert!(report.solved);
    assert_eq!(report.value, Value::Exact(2));
}

/// `GoGame::outcome` (which skips move generation) agrees with `GoGame::moves` along
/// seeded random games that end with two passes.
#[test]
fn outcome_agrees_with_moves() {
    use go_search::Game;
    let (mut moves, mut scratch) = (Vec::new(), Vec::new());
    let mut seed = 7u64;
    for game in 0..40 {
        let rules = Rules::tromp_taylor().with_komi(Komi::from_half_points(1));
        let mut pos = Position::new(BoardSize::square(3 + game % 3).unwrap(), rules);
        loop {
            moves.clear();
            let over = GoGame.moves(&pos, &mut moves);
            assert_eq!(GoGame.outcome(&pos, &mut scratch), over);
            if over.is_some() {
                break;
            }
            // Pass more and more often so that every game ends.
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let pass_now = (seed >> 40) % 100 < (pos.history().len() as u64).min(95);
            let mv = if pass_now { Move::Pass } else { moves[(seed >> 33) as usize % moves.len()] };
            GoGame.play(&mut pos, mv);
        }
    }
}
