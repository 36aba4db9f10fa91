//! The life-and-death solver against plain minimax on small closed regions.
//!
//! The minimax below is written from the rules alone (moves in the region and a pass,
//! positional superko on the path, simple-ko retakes only with a permission, two passes
//! end the game, the attacker wins by capturing the whole target): no table, no static
//! leaves (no Benson, no eye test), no move ordering. It answers the three searches of
//! the threat balance, and the solver must give the same outcome.

use go_board::{Board, BoardSize, Color, Point, PointSet};
use go_eval::benson::pass_alive;
use go_eval::reading::lnd::{Config, Goal, LifeAndDeath, MoveOrder, Problem};
use go_eval::reading::{Budget, Outcome};
use proptest::prelude::*;

const UNLIMITED: u8 = u8::MAX;

/// Plain minimax: does `prover` reach its goal?
struct Minimax {
    board: Board,
    region: Vec<Point>,
    target: PointSet,
    defender: Color,
    prover: Color,
    seki_is_life: bool,
    path: Vec<u64>,
    nodes: u64,
    cap: u64,
}

impl Minimax {
    fn stands(&self) -> bool {
        !(self.target & *self.board.stones(self.defender)).is_empty()
    }

    /// `None` when the node cap is reached.
    fn wins(&mut self, to_move: Color, passes: u8, threats: [u8; 2]) -> Option<bool> {
        self.nodes += 1;
        if self.nodes > self.cap {
            return None;
        }
        let prover_moves = to_move == self.prover;
        // The prover wins if some move wins (prover to move) or every move does.
        for i in 0..=self.region.len() {
            let result = if i == self.region.len() {
                if passes == 1 {
                    let lives = self.stands()
                        && (self.seki_is_life || {
                            let own = *self.board.stones(self.defender);
                            let other = *self.board.stones(self.defender.opponent());
                            !(pass_alive(self.board.size(), own, other) & self.target).is_empty()
                        });
                    (self.prover == self.defender) == lives
                } else {
                    let undo = self.board.pass();
                    self.path.push(self.board.hash());
                    let r = self.wins(to_move.opponent(), 1, threats);
                    self.path.pop();
                    self.board.undo(undo);
                    r?
                }
            } else {
                let p = self.region[i];
                if !self.board.is_empty_at(p) || self.board.is_suicide(to_move, p) {
                    continue;
                }
                let retake = self.board.ko() == Some((p, to_move));
                let mut t = threats;
                if retake {
                    match t[to_move.index()] {
                        0 => continue,
                        UNLIMITED => {}
                        n => t[to_move.index()] = n - 1,
                    }
                }
                let undo = self.board.play(to_move, p);
                let h = self.board.hash();
                if !retake && self.path.contains(&h) {
                    self.board.undo(undo);
                    continue;
                }
                let r = if to_move != self.defender && !self.stands() {
                    Some(self.prover != self.defender)
                } else {
                    self.path.push(h);
                    let r = self.wins(to_move.opponent(), 0, t);
                    self.path.pop();
                    r
                };
                self.board.undo(undo);
                r?
            };
            if result == prover_moves {
                return Some(result);
            }
        }
        Some(!prover_moves)
    }
}

/// The outcome by plain minimax, or `None` if it needs more than `cap` nodes.
fn minimax_outcome(
    problem: &Problem,
    goal: Goal,
    to_move: Color,
    seki_is_life: bool,
    cap: u64,
) -> Option<Outcome> {
    let prover = goal.prover(problem);
    let mut m = Minimax {
        board: problem.board().clone(),
        region: problem.region().iter().collect(),
        target: problem.target(),
        defender: problem.defender(),
        prover,
        seki_is_life,
        path: vec![problem.board().hash()],
        nodes: 0,
        cap,
    };
    let mut s = |prover_retakes: u8, opponent_retakes: u8| {
        let mut t = [0; 2];
        t[prover.index()] = prover_retakes;
        t[prover.opponent().index()] = opponent_retakes;
        m.nodes = 0;
        if !m.stands() {
            return Some(prover != problem.defender());
        }
        m.wins(to_move, 0, t)
    };
    let never = s(0, UNLIMITED)?;
    let always = s(UNLIMITED, 0)?;
    let even = s(0, 0)?;
    Some(Outcome::from_threat_balance(never, even, always))
}

/// A `cols`×`rows` board whose region is the lower-left `w`×`h` rectangle, filled
/// from `cells` (0 empty, 1 attacker, 2 defender, row by row from A1), inside a
/// pass-alive attacker wall; `None` if a chain would have no liberty or the defender
/// has no stone.
fn framed(cols: u8, rows: u8, w: u8, h: u8, cells: &[u8], attacker: Color) -> Option<Problem> {
    let size = BoardSize::new(u32::from(cols), u32::from(rows)).ok()?;
    let mut board = Board::new(size);
    let mut region = PointSet::EMPTY;
    for row in 0..h {
        for col in 0..w {
            region.insert(Point::must(col, row, size));
        }
    }
    let on_board = size.on_board();
    let near = region.adjacent(&on_board);
    for p in on_board - region {
        let hole = p.col() % 2 == 1 && p.row() % 2 == 1 && !near.contains(p);
        if !hole {
            board.set_point(p, Some(attacker)).ok()?;
        }
    }
    for (i, p) in region.iter().enumerate() {
        let stone = match cells.get(i).copied().unwrap_or(0) % 3 {
            1 => Some(attacker),
            2 => Some(attacker.opponent()),
            _ => None,
        };
        board.set_point(p, stone).ok()?;
    }
    let target = *board.stones(attacker.opponent()) & region;
    Problem::new(board, target, region).ok()
}

fn check(problem: &Problem, cap: u64) -> Result<(), TestCaseError> {
    let solvers = [
        LifeAndDeath::default(),
        LifeAndDeath::new(Config {
            order: MoveOrder::Plain,
            epsilon: 0.5,
            table_capacity: 4,
            ..Config::default()
        }),
    ];
    for goal in [Goal::Kill, Goal::Live] {
        for to_move in [Color::Black, Color::White] {
            let Some(expected) = minimax_outcome(problem, goal, to_move, true, cap) else {
                continue;
            };
            for solver in &solvers {
                let got = solver.solve(problem, goal, to_move, Budget::new(2_000_000, 200));
                prop_assert!(
                    got.answer.certain,
                    "{goal:?} {to_move}: not settled\n{}",
                    problem.board()
                );
                prop_assert_eq!(
                    got.answer.outcome,
                    expected,
                    "{:?} {} to move, {:?}\n{}",
                    goal,
                    to_move,
                    solver.config(),
                    problem.board()
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Corner regions inside a pass-alive wall: the leaves (Benson, the hopeless test)
    /// and the table must not change the answer.
    #[test]
    fn solver_agrees_with_minimax_in_a_framed_corner(
        w in 2u8..=4, h in 2u8..=3,
        cells in proptest::collection::vec(0u8..3, 12),
        black_attacks in any::<bool>(),
    ) {
        let attacker = if black_attacks { Color::Black } else { Color::White };
        if let Some(problem) = framed(7, 7, w, h, &cells, attacker) {
            let empty = (problem.board().empty_set() & problem.region()).len();
            prop_assume!(empty <= 6);
            check(&problem, 1_000_000)?;
        }
    }

    /// Whole tiny boards: no wall, so nothing is safe but what Benson proves.
    #[test]
    fn solver_agrees_with_minimax_on_tiny_boards(
        cols in 2u8..=4, rows in 2u8..=3,
        cells in proptest::collection::vec(0u8..3, 12),
        black_attacks in any::<bool>(),
    ) {
        let attacker = if black_attacks { Color::Black } else { Color::White };
        if let Some(problem) = framed(cols, rows, cols, rows, &cells, attacker) {
            let empty = problem.board().empty_count();
            prop_assume!(empty <= 6);
            check(&problem, 1_000_000)?;
        }
    }
}
