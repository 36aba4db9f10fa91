//! The life-and-death solver against plain minimax on small closed regions.
//!
//! The minimax below is written from the rules alone (moves in the region and a pass,
//! positional superko on the path, simple-ko retakes only with a permission, two passes
//! end the game, the attacker wins by capturing the whole target): no table, no static
//! leaves (no Benson, no eye test), no move ordering. It answers the three searches of
//! the threat balance, and the solver must give the same outcome.
//!
//! Also here: designed positions with ko and seki results (checked against the same
//! minimax), determinism across table sizes and runs, and invariance under the eight
//! symmetries and the colour swap.

use go_board::{Board, BoardSize, Color, Move, Point, PointSet, Status, Symmetry};
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
    /// The minimax of `problem` for `prover` from `board`, reached by the positions of
    /// `path` (the current one last).
    fn at(
        problem: &Problem,
        prover: Color,
        board: Board,
        path: Vec<u64>,
        seki_is_life: bool,
        cap: u64,
    ) -> Minimax {
        Minimax {
            board,
            region: problem.region().iter().collect(),
            target: problem.target(),
            defender: problem.defender(),
            prover,
            seki_is_life,
            path,
            nodes: 0,
            cap,
        }
    }

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
    let path = vec![problem.board().hash()];
    let mut m = Minimax::at(problem, prover, problem.board().clone(), path, seki_is_life, cap);
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

/// A designed position: an 8×8 board whose lower-left `w`×`h` rectangle is the region,
/// White the defender inside Black's pass-alive wall.
fn designed(diagram: &str, w: u8, h: u8) -> Problem {
    let board = Board::from_diagram(diagram).expect("a diagram");
    let size = board.size();
    let mut region = PointSet::EMPTY;
    for row in 0..h {
        for col in 0..w {
            region.insert(Point::must(col, row, size));
        }
    }
    let target = *board.stones(Color::White) & region;
    Problem::new(board, target, region).expect("a problem")
}

fn vertex(problem: &Problem, v: &str) -> Point {
    Point::parse_gtp(v, problem.board().size()).expect("a vertex")
}

const BUDGET: Budget = Budget { nodes: 2_000_000, depth: 200 };

/// Kill with Black first, live with White first: the solver's outcomes and points
/// (`point` lists the correct first moves, separated by `|`: the solver may answer any
/// of them), the status, and, with `minimax`, the minimax's outcomes, before and after
/// the solver's first move (too slow in a debug build beyond five empty points with
/// ko).
fn expect(
    problem: &Problem,
    kill: (Outcome, &str),
    live: (Outcome, &str),
    status: Status,
    minimax: bool,
) {
    let solver = LifeAndDeath::default();
    for (goal, to_move, (outcome, point)) in
        [(Goal::Kill, Color::Black, kill), (Goal::Live, Color::White, live)]
    {
        let got = solver.solve(problem, goal, to_move, BUDGET);
        assert!(got.answer.certain, "{goal:?}");
        assert_eq!(got.answer.outcome, outcome, "{goal:?}\n{}", problem.board());
        let Some(Move::Play(first)) = got.answer.point else {
            panic!("{goal:?}: no first move");
        };
        let correct: Vec<Point> = point.split('|').map(|v| vertex(problem, v)).collect();
        assert!(correct.contains(&first), "{goal:?}: {first} is not one of {point}");
        if minimax {
            let minimax = minimax_outcome(problem, goal, to_move, true, 50_000_000);
            assert_eq!(minimax, Some(outcome), "minimax, {goal:?}");
            // After the first move the opponent, to move, reaches the complement.
            let mut board = problem.board().clone();
            board.play(to_move, first);
            let after = Problem::new(board, problem.target(), problem.region()).expect("a problem");
            let reply =
                minimax_outcome(&after, goal.opposite(), to_move.opponent(), true, 50_000_000);
            let complement = match outcome {
                Outcome::Win => Outcome::Lose,
                Outcome::KoWin => Outcome::KoLoss,
                Outcome::KoLoss => Outcome::KoWin,
                Outcome::Lose => Outcome::Win,
            };
            assert_eq!(reply, Some(complement), "minimax after {first}, {goal:?}");
        }
        // A second search that owes nothing to the move ordering agrees.
        let plain = LifeAndDeath::new(Config {
            order: MoveOrder::Plain,
            epsilon: 0.0,
            table_capacity: 16,
            ..Config::default()
        });
        let again = plain.solve(problem, goal, to_move, BUDGET);
        assert_eq!((again.answer.outcome, again.answer.certain), (outcome, true), "{goal:?}");
    }
    assert_eq!(solver.status(problem, BUDGET).status, status);
}

#[test]
fn issue_11_lnd_ko_the_attacker_takes_first() {
    // Black kills only by a ko it takes first (GNU Go's 2); White lives outright.
    let problem = designed(
        "
        X . X . X . X .
        X X X X X X X X
        X . X . X . X .
        X X X X X X X X
        X X X X X . X .
        O O O . O X X X
        X . O . . X X .
        O O . O O X X X
        ",
        5,
        3,
    );
    let d2 = vertex(&problem, "D2");
    expect(
        &problem,
        (Outcome::KoWin, "D2"),
        (Outcome::Win, "D2"),
        Status::Critical { attack: d2, defend: d2 },
        false,
    );
}

#[test]
fn issue_11_lnd_ko_both_ways() {
    // Black kills by a ko it takes first; White lives by a ko for which it needs the
    // first threat (GNU Go's 3).
    let problem = designed(
        "
        X . X . X . X .
        X X X X X X X X
        X . X . X . X .
        X X X X X X X X
        X X X X X . X .
        . O X . X X X X
        O . O O X . X .
        . O . X X X X X
        ",
        4,
        3,
    );
    expect(
        &problem,
        // Three first moves take the ko (each checked by the minimax).
        (Outcome::KoWin, "A3|C1|D3"),
        (Outcome::KoLoss, "C1"),
        Status::Critical { attack: vertex(&problem, "D3"), defend: vertex(&problem, "C1") },
        true,
    );
}

#[test]
fn issue_11_lnd_ko_the_defender_needs_a_threat() {
    // Black kills outright at B2; White's best is a ko it must win with the first threat.
    let problem = designed(
        "
        X . X . X . X .
        X X X X X X X X
        X . X . X . X .
        X X X X X X X X
        X X X X X . X .
        . X O X . X X X
        O . O . O X X .
        . O . O O X X X
        ",
        5,
        3,
    );
    let b2 = vertex(&problem, "B2");
    expect(
        &problem,
        (Outcome::Win, "B2"),
        (Outcome::KoLoss, "B2"),
        Status::Critical { attack: b2, defend: b2 },
        false,
    );
}

#[test]
fn issue_11_lnd_seki_by_passes() {
    // Black cannot kill; White lives only in seki: the game ends by two passes with
    // White's stones standing and no pass-alive chain among them.
    let problem = designed(
        "
        X . X . X . X .
        X X X X X X X X
        X . X . X . X .
        X X X X X X X X
        X X X X X . X .
        . O O O O X X X
        . . O . O X X .
        . . O X O X X X
        ",
        5,
        3,
    );
    let solver = LifeAndDeath::default();
    let kill = solver.solve(&problem, Goal::Kill, Color::Black, BUDGET);
    assert!(kill.answer.certain);
    assert_eq!(kill.answer.outcome, Outcome::Lose);
    let live = solver.solve(&problem, Goal::Live, Color::White, BUDGET);
    assert_eq!(live.answer.outcome, Outcome::Win);
    assert_eq!(solver.status(&problem, BUDGET).status, Status::Seki);
    // The minimax agrees: with Black to move, White survives only because seki counts
    // as life; moving first, White gets independent life.
    let minimax = |goal, to_move, seki_is_life| {
        minimax_outcome(&problem, goal, to_move, seki_is_life, 50_000_000)
    };
    assert_eq!(minimax(Goal::Kill, Color::Black, true), Some(Outcome::Lose));
    assert_eq!(minimax(Goal::Live, Color::Black, true), Some(Outcome::Win));
    assert_eq!(minimax(Goal::Live, Color::Black, false), Some(Outcome::Lose));
    assert_eq!(minimax(Goal::Live, Color::White, false), Some(Outcome::Win));
}

/// The problem under a symmetry and, with `swap`, the colour swap.
fn transformed(problem: &Problem, symmetry: Symmetry, swap: bool) -> Problem {
    let size = problem.board().size();
    let image = symmetry.apply_size(size);
    let mut board = Board::new(image);
    for c in Color::ALL {
        let to = if swap { c.opponent() } else { c };
        for p in problem.board().stones(c) {
            board.set_point(symmetry.apply(p, size), Some(to)).expect("a legal set-up");
        }
    }
    let target = symmetry.apply_set(&problem.target(), size);
    let region = symmetry.apply_set(&problem.region(), size);
    Problem::new(board, target, region).expect("a problem")
}

fn first_move_set(
    solver: &LifeAndDeath,
    problem: &Problem,
    goal: Goal,
) -> (Outcome, bool, Vec<Move>) {
    let moves = solver.first_moves(problem, goal, BUDGET);
    let mut points: Vec<Move> = moves.moves.iter().map(|m| m.point).collect();
    points.sort_unstable_by_key(|m| match m {
        Move::Pass => 0,
        Move::Play(p) => p.index() + 1,
    });
    (moves.solution.answer.outcome, moves.complete, points)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// Answers, points, main lines and node counts do not depend on the table's size
    /// or on an earlier run.
    #[test]
    fn issue_11_lnd_determinism_across_table_sizes(
        w in 2u8..=4, h in 2u8..=3,
        cells in proptest::collection::vec(0u8..3, 12),
        black_attacks in any::<bool>(),
    ) {
        let attacker = if black_attacks { Color::Black } else { Color::White };
        if let Some(problem) = framed(7, 7, w, h, &cells, attacker) {
            let empty = (problem.board().empty_set() & problem.region()).len();
            prop_assume!(empty <= 8);
            let solvers: Vec<LifeAndDeath> = [1usize, 1 << 8, 1 << 20]
                .iter()
                .map(|&t| LifeAndDeath::new(Config { table_capacity: t, ..Config::default() }))
                .collect();
            for goal in [Goal::Kill, Goal::Live] {
                let first = solvers[0].first_moves(&problem, goal, BUDGET);
                prop_assert_eq!(&solvers[0].first_moves(&problem, goal, BUDGET), &first);
                for solver in &solvers[1..] {
                    prop_assert_eq!(&solver.first_moves(&problem, goal, BUDGET), &first);
                }
                prop_assert_eq!(solvers[0].status(&problem, BUDGET), solvers[2].status(&problem, BUDGET));
            }
        }
    }

    /// Outcomes and the sets of correct first moves map through the eight symmetries
    /// and the colour swap.
    #[test]
    fn issue_11_lnd_symmetry_and_colour_swap_invariance(
        w in 2u8..=4, h in 2u8..=3,
        cells in proptest::collection::vec(0u8..3, 12),
        black_attacks in any::<bool>(),
        swap in any::<bool>(),
        s in 0usize..8,
    ) {
        let attacker = if black_attacks { Color::Black } else { Color::White };
        if let Some(problem) = framed(7, 7, w, h, &cells, attacker) {
            let empty = (problem.board().empty_set() & problem.region()).len();
            prop_assume!(empty <= 7);
            let symmetry = Symmetry::ALL[s];
            let image = transformed(&problem, symmetry, swap);
            let size = problem.board().size();
            let solver = LifeAndDeath::default();
            for goal in [Goal::Kill, Goal::Live] {
                let (outcome, complete, moves) = first_move_set(&solver, &problem, goal);
                let (i_outcome, i_complete, i_moves) = first_move_set(&solver, &image, goal);
                prop_assert!(complete && i_complete);
                prop_assert_eq!(outcome, i_outcome, "{:?}\n{}\n{}", goal, problem.board(), image.board());
                let mut mapped: Vec<Move> = moves
                    .iter()
                    .map(|m| match m {
                        Move::Pass => Move::Pass,
                        Move::Play(p) => Move::Play(symmetry.apply(*p, size)),
                    })
                    .collect();
                mapped.sort_unstable_by_key(|m| match m {
                    Move::Pass => 0,
                    Move::Play(p) => p.index() + 1,
                });
                prop_assert_eq!(mapped, i_moves);
                let status = solver.status(&problem, BUDGET).status;
                let i_status = solver.status(&image, BUDGET).status;
                let kind = |s: Status| match s {
                    Status::Critical { .. } => "critical".to_owned(),
                    other => format!("{other:?}"),
                };
                prop_assert_eq!(kind(status), kind(i_status));
            }
        }
    }
}

/// The board of `problem` after `prover`'s first move `first`, and the passes just
/// made (1 after a pass).
fn after_first(problem: &Problem, prover: Color, first: Move) -> (Board, u8) {
    let mut board = problem.board().clone();
    let passes = match first {
        Move::Pass => {
            board.pass();
            1
        }
        Move::Play(p) => {
            board.play(prover, p);
            0
        }
    };
    (board, passes)
}

/// Whether `prover` (the pursuer of `goal`) reaches it after playing `first` itself,
/// by plain minimax with `prover_retakes` and `opponent_retakes` ko permissions;
/// `None` beyond `cap` nodes.
fn minimax_after(
    problem: &Problem,
    goal: Goal,
    first: Move,
    (prover_retakes, opponent_retakes): (u8, u8),
    cap: u64,
) -> Option<bool> {
    let prover = goal.prover(problem);
    let mut t = [0; 2];
    t[prover.index()] = prover_retakes;
    t[prover.opponent().index()] = opponent_retakes;
    let (board, passes) = after_first(problem, prover, first);
    let path = vec![problem.board().hash(), board.hash()];
    let mut m = Minimax::at(problem, prover, board, path, true, cap);
    if !m.stands() {
        return Some(prover != problem.defender());
    }
    m.wins(prover.opponent(), passes, t)
}

/// Whether `prover`, after its first move `first`, may wait, by plain minimax: after
/// every answer of the opponent but a pass, the prover plays elsewhere (a pass that
/// does not count towards the end of the game) and still wins with nobody retaking a
/// banned ko; `None` beyond `cap` nodes for one answer.
fn minimax_waits(problem: &Problem, goal: Goal, first: Move, cap: u64) -> Option<bool> {
    let prover = goal.prover(problem);
    let opponent = prover.opponent();
    let (board, _) = after_first(problem, prover, first);
    let path = [problem.board().hash(), board.hash()];
    for r in problem.region().iter() {
        if !board.is_empty_at(r)
            || board.is_suicide(opponent, r)
            || board.ko() == Some((r, opponent))
        {
            continue;
        }
        let mut after = board.clone();
        after.play(opponent, r);
        if path.contains(&after.hash()) {
            continue;
        }
        let path = path.iter().copied().chain([after.hash()]).collect();
        let mut m = Minimax::at(problem, prover, after, path, true, cap);
        let wins = if m.stands() {
            m.board.pass();
            m.path.push(m.board.hash());
            m.wins(opponent, 0, [0, 0])?
        } else {
            prover != problem.defender()
        };
        if !wins {
            return Some(false);
        }
    }
    Some(true)
}

/// The rank the solver gives a ko first move, by minimax (lower is better): for a ko
/// the prover takes first, 0 when the prover may wait, else 3 less the opponent's
/// extra threats (up to 2) it still beats; for one that needs threats, the fewest the
/// prover needs (3 when more than 2).
fn minimax_ko_rank(problem: &Problem, goal: Goal, outcome: Outcome, first: Move) -> Option<u8> {
    let cap = 20_000_000;
    if outcome == Outcome::KoWin && minimax_waits(problem, goal, first, cap)? {
        return Some(0);
    }
    for k in 1..=2u8 {
        if outcome == Outcome::KoWin {
            if !minimax_after(problem, goal, first, (0, k), cap)? {
                return Some(4 - k);
            }
        } else if minimax_after(problem, goal, first, (k, 0), cap)? {
            return Some(k);
        }
    }
    Some(if outcome == Outcome::KoWin { 1 } else { 3 })
}

/// The correct first moves of a ko answer come best ko first, as plain minimax ranks
/// them by whether the prover may wait and by the threats each leaves the opponent or
/// needs (random framed corners of at most seven empty points; the solver's ranking is
/// checked wherever minimax settles every rank, and some of the positions must rank
/// their moves differently, by waiting among them).
#[test]
fn issue_11_lnd_ko_first_moves_come_best_ko_first() {
    let solver = LifeAndDeath::default();
    let mut seed: u64 = 1;
    let (mut kos, mut ranked, mut waiting) = (0, 0, 0);
    for _ in 0..1500 {
        let mut cells = [0u8; 12];
        for c in &mut cells {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            *c = (seed >> 33) as u8 % 3;
        }
        let attacker = if seed >> 20 & 1 == 0 { Color::Black } else { Color::White };
        let Some(problem) = framed(7, 7, 4, 3, &cells, attacker) else { continue };
        if (problem.board().empty_set() & problem.region()).len() > 7 {
            continue;
        }
        for goal in [Goal::Kill, Goal::Live] {
            let first = solver.first_moves(&problem, goal, BUDGET);
            let outcome = first.solution.answer.outcome;
            if !matches!(outcome, Outcome::KoWin | Outcome::KoLoss) || first.moves.len() < 2 {
                continue;
            }
            assert!(first.complete);
            kos += 1;
            let ranks: Option<Vec<u8>> = first
                .moves
                .iter()
                .map(|m| minimax_ko_rank(&problem, goal, outcome, m.point))
                .collect();
            let Some(ranks) = ranks else { continue };
            let moves: Vec<Move> = first.moves.iter().map(|m| m.point).collect();
            assert!(
                ranks.windows(2).all(|w| w[0] <= w[1]),
                "{goal:?} {outcome:?}: {moves:?} ranked {ranks:?} by minimax\n{}",
                problem.board()
            );
            assert_eq!(first.solution.answer.point, Some(moves[0]), "the answer is the best ko");
            if ranks[0] < ranks[ranks.len() - 1] {
                ranked += 1;
            }
            if outcome == Outcome::KoWin && ranks[0] == 0 && ranks[ranks.len() - 1] > 0 {
                waiting += 1;
            }
        }
    }
    assert!(
        kos >= 5 && ranked >= 3 && waiting >= 1,
        "{kos} ko answers, {ranked} with ranks that differ, {waiting} where waiting decides"
    );
}

/// A ko only the attacker can start comes before one the defender can fight: White
/// kills Black's corner by a ko it takes first after C3 or A3, but after A3 White may
/// play elsewhere whatever Black answers (Black cannot start the ko itself), while
/// after C3 it may not. (Found among random corners; C3 even beats two extra ko
/// threats of Black's, so only the waiting rule puts A3 first.)
#[test]
fn issue_11_lnd_a_ko_only_the_attacker_can_start_comes_first() {
    let board = Board::from_diagram(
        "
        O O O O O O O
        O . O . O . O
        O O O O O O O
        O O O O O . O
        . X . X O O O
        O X . X O . O
        X . X . O O O
        ",
    )
    .expect("a diagram");
    let size = board.size();
    let mut region = PointSet::EMPTY;
    for row in 0..3 {
        for col in 0..4 {
            region.insert(Point::must(col, row, size));
        }
    }
    let target = *board.stones(Color::Black) & region;
    let problem = Problem::new(board, target, region).expect("a problem");
    let (a3, c3) = (vertex(&problem, "A3"), vertex(&problem, "C3"));
    let first = LifeAndDeath::default().first_moves(&problem, Goal::Kill, BUDGET);
    assert_eq!(first.solution.answer.outcome, Outcome::KoWin);
    assert!(first.complete);
    let moves: Vec<Move> = first.moves.iter().map(|m| m.point).collect();
    assert!(moves.contains(&Move::Play(c3)), "{moves:?}");
    assert_eq!(moves[0], Move::Play(a3), "{moves:?}");
    assert_eq!(first.solution.answer.point, Some(Move::Play(a3)));
    // The minimax agrees: White may wait after A3, not after C3, which beats two extra
    // threats of Black's.
    let cap = 20_000_000;
    assert_eq!(minimax_waits(&problem, Goal::Kill, Move::Play(a3), cap), Some(true));
    assert_eq!(minimax_waits(&problem, Goal::Kill, Move::Play(c3), cap), Some(false));
    assert_eq!(minimax_ko_rank(&problem, Goal::Kill, Outcome::KoWin, Move::Play(c3)), Some(1));
}

/// The killable eye shapes the solver's leaves know (and shapes that live), empty in
/// the 3×3 corner of a 4×4 region whose other points hold defender stones, with the
/// region's outer ring (next to the attacker's pass-alive wall) full of defender stones
/// or with one empty point or one attacker stone, and the shape empty or with one
/// attacker stone on any of its points: the solver answers the kill with
/// either side to move as plain minimax (no static leaves) does, under every threat
/// balance. The shapes are placed in all 8 orientations of the corner square.
#[test]
fn issue_11_lnd_nakade_shapes_die_as_minimax_says() {
    let shapes: [(&str, &[(u8, u8)]); 10] = [
        ("straight three", &[(0, 0), (1, 0), (2, 0)]),
        ("bent three", &[(0, 0), (1, 0), (1, 1)]),
        ("pyramid four", &[(0, 0), (1, 0), (2, 0), (1, 1)]),
        ("square four", &[(0, 0), (1, 0), (0, 1), (1, 1)]),
        ("bent four", &[(0, 0), (1, 0), (2, 0), (0, 1)]),
        ("zigzag four", &[(0, 0), (1, 0), (1, 1), (2, 1)]),
        ("bulky five", &[(0, 0), (1, 0), (0, 1), (1, 1), (2, 1)]),
        ("crossed five", &[(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)]),
        ("rabbity six", &[(1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (2, 2)]),
        ("rectangular six", &[(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]),
    ];
    // The outer ring of the region, then the variants of its contents.
    let ring: Vec<(u8, u8)> = (0..4).map(|r| (3, r)).chain((0..3).map(|c| (c, 3))).collect();
    // Variant 0: all defender stones; then ring point i empty (1 + 2i) or holding an
    // attacker stone (2 + 2i).
    let mut variants: Vec<Vec<u8>> = vec![vec![2; ring.len()]];
    for i in 0..ring.len() {
        for stone in [0, 1] {
            let mut v = vec![2; ring.len()];
            v[i] = stone;
            variants.push(v);
        }
    }
    let orient = |(c, r): (u8, u8), k: u8| -> (u8, u8) {
        let (c, r) = if k & 1 == 1 { (r, c) } else { (c, r) };
        let c = if k & 2 == 2 { 2 - c } else { c };
        if k & 4 == 4 { (c, 2 - r) } else { (c, r) }
    };
    let mut checked = 0;
    let mut killed_first = 0;
    let mut skipped = 0;
    let mut at_once = 0;
    for (name, shape) in shapes {
        let mut seen = std::collections::HashSet::new();
        for k in 0..8 {
            let cells: Vec<(u8, u8)> = shape.iter().map(|&p| orient(p, k)).collect();
            let mut key = cells.clone();
            key.sort_unstable();
            if !seen.insert(key) {
                continue;
            }
            // The shape empty with every ring variant, and with one attacker stone on
            // any of its points with three ring variants: all defender stones, the
            // corner of the ring (ring[0]) empty, the top left of the ring (ring[4])
            // empty.
            let with_stone = [0, 1, 9];
            let mut grids = Vec::new();
            for (i, variant) in variants.iter().enumerate() {
                for stone in std::iter::once(None).chain(cells.iter().map(Some)) {
                    if stone.is_some() && !with_stone.contains(&i) {
                        continue;
                    }
                    let mut grid = [2u8; 16];
                    for &(c, r) in &cells {
                        grid[usize::from(r * 4 + c)] = 0;
                    }
                    if let Some(&(c, r)) = stone {
                        grid[usize::from(r * 4 + c)] = 1;
                    }
                    for (&(c, r), &v) in ring.iter().zip(variant) {
                        grid[usize::from(r * 4 + c)] = v;
                    }
                    grids.push(grid);
                }
            }
            for grid in grids {
                let Some(problem) = framed(8, 8, 4, 4, &grid, Color::Black) else { continue };
                for to_move in [Color::Black, Color::White] {
                    // Split defender chains can make plain minimax too long: skipped,
                    // and counted.
                    let Some(expected) =
                        minimax_outcome(&problem, Goal::Kill, to_move, true, 300_000)
                    else {
                        skipped += 1;
                        continue;
                    };
                    let got = LifeAndDeath::default().solve(
                        &problem,
                        Goal::Kill,
                        to_move,
                        Budget::new(2_000_000, 200),
                    );
                    assert!(got.answer.certain, "{name}, {to_move} to move\n{}", problem.board());
                    assert_eq!(
                        got.answer.outcome,
                        expected,
                        "{name}, {to_move} to move\n{}",
                        problem.board()
                    );
                    checked += 1;
                    if to_move == Color::Black && expected == Outcome::Win {
                        killed_first += 1;
                        // The leaves prove it at the root, with no search (the
                        // three searches of the threat balance take a few nodes;
                        // without the nakade shapes, 10 to 6,664 for the shapes of
                        // four to six points).
                        if got.answer.nodes <= 8 {
                            at_once += 1;
                        }
                    }
                }
            }
        }
    }
    // Measured: 2,653 cases checked, 287 skipped, 1,053 kills, 640 at once. Without the
    // nakade shapes 202 are at once (the three-point rooms the older rule knows), so the
    // last bound fails if the shapes stop proving their kills at the root.
    assert!(checked >= 2_600 && skipped * 4 < checked, "{checked} cases, {skipped} skipped");
    assert!(killed_first >= 1_000 && at_once >= 600, "{killed_first} kills, {at_once} at once");
}
