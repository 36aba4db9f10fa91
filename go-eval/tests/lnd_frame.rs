//! Issue 11: the life-and-death solver on open problems framed around the defender's
//! reach, and the guess of a search cut by its budget. Positions are our own designs.

use go_board::{Board, BoardSize, Color, Move, Point};
use go_eval::benson::pass_alive;
use go_eval::reading::lnd::{Config, Goal, LifeAndDeath, frame_reach, frame_with_margin};
use go_eval::reading::{Budget, Outcome};

/// A 19×19 board with the stones of `rows` (GTP vertices per colour).
fn board(black: &[&str], white: &[&str]) -> Board {
    let size = BoardSize::square(19).expect("19 is a size");
    let mut board = Board::new(size);
    for (color, list) in [(Color::Black, black), (Color::White, white)] {
        for v in list {
            let p = Point::parse_gtp(v, size).expect("a vertex");
            board.set_point(p, Some(color)).expect("an empty point");
        }
    }
    board
}

fn at(board: &Board, v: &str) -> Point {
    Point::parse_gtp(v, board.size()).expect("a vertex")
}

/// White's L-shaped group of the corner (six points of eye space), Black's wall with
/// open space behind it and a stray black stone further out.
fn l_group() -> Board {
    board(
        &["A5", "B5", "C5", "D5", "D4", "E4", "E3", "E2", "E1", "H8"],
        &["A4", "B4", "C4", "D3", "D2", "D1"],
    )
}

#[test]
fn issue_11_lnd_reach_frame_keeps_the_room_and_walls_the_rest() {
    let b = l_group();
    let framed = frame_reach(&b, Color::Black, 2).expect("a frame");
    let problem = &framed.problem;
    let region = problem.region();
    // The eye space, the white stones and Black's enclosing stones are in the region.
    for v in ["A1", "B2", "C3", "A4", "D1", "C5", "E2"] {
        assert!(region.contains(at(&b, v)), "{v} in the region");
    }
    // Behind Black's wall the attacker owns everything: stones or eye holes.
    for v in ["A7", "F6", "H8", "G3"] {
        assert!(!region.contains(at(&b, v)), "{v} outside the region");
    }
    assert_eq!(problem.board().color_at(at(&b, "A6")), Some(Color::Black));
    // The wall is pass-alive, the target is every white stone.
    let outside = problem.board().size().on_board() - region;
    let wall = outside & *problem.board().stones(Color::Black);
    let alive = pass_alive(
        problem.board().size(),
        wall,
        *problem.board().stones(Color::White) | (*problem.board().stones(Color::Black) & region),
    );
    assert_eq!(alive, wall);
    assert_eq!(problem.target(), *b.stones(Color::White));
    // The reach frame's region is smaller than the box frame's.
    let boxed = frame_with_margin(&b, Color::Black, 0).expect("a box frame");
    assert!(region.len() < boxed.problem.region().len());
}

#[test]
fn issue_11_lnd_reach_frame_answers_the_l_group() {
    // The L group with six points dies with Black to play: every correct first move
    // is an inside point (checked by the solver inside the frame, all first moves
    // settled), and White to play lives.
    let b = l_group();
    let solver = LifeAndDeath::default();
    let budget = Budget::new(2_000_000, 100);
    let kill = solver.solve_open(&b, Color::Black, None, budget, true).expect("a frame");
    assert_eq!(kill.goal, Goal::Kill);
    assert_eq!(kill.moves.solution.answer.outcome, Outcome::Win);
    assert!(kill.moves.complete);
    let firsts: Vec<Move> = kill.moves.moves.iter().map(|m| m.point).collect();
    assert!(!firsts.is_empty());
    let eye_space = ["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"];
    for m in &firsts {
        let Move::Play(p) = m else { panic!("a pass kills") };
        assert!(eye_space.iter().any(|v| at(&b, v) == *p), "{p} kills from outside");
    }
    let live = solver.solve_open(&b, Color::White, None, budget, false).expect("a frame");
    assert_eq!(live.goal, Goal::Live);
    assert_eq!(live.moves.solution.answer.outcome, Outcome::Win);
}

#[test]
fn issue_11_lnd_reach_frame_fails_cleanly_when_no_wall_fits() {
    // Stones in opposite corners: the box is the whole board, no wall fits around the
    // reach nor around the box, and the open solver says so.
    let b = board(&["T19", "S18"], &["A1", "B2"]);
    assert!(frame_reach(&b, Color::Black, 2).is_err());
    assert!(frame_with_margin(&b, Color::Black, 0).is_err());
    let solver = LifeAndDeath::new(Config { frame_reach: Some(2), ..Config::default() });
    assert!(solver.solve_open(&b, Color::Black, None, Budget::new(1000, 20), false).is_err());
}

#[test]
fn issue_11_lnd_guess_when_the_budget_runs_out() {
    let b = l_group();
    let solver = LifeAndDeath::default();
    let cut =
        solver.solve_open(&b, Color::Black, None, Budget::new(300, 100), false).expect("a frame");
    let solution = &cut.moves.solution;
    assert!(!solution.answer.certain);
    let Some(Move::Play(guess)) = solution.guess else { panic!("a guess on a point") };
    assert!(cut.frame.problem.region().contains(guess));
    assert!(b.is_empty_at(guess));
    let full = solver
        .solve_open(&b, Color::Black, None, Budget::new(2_000_000, 100), false)
        .expect("a frame");
    assert!(full.moves.solution.answer.certain);
    assert_eq!(full.moves.solution.guess, None);
}

/// Every correct first move (sorted) and the outcome of an open problem.
fn answer(b: &Board, to_play: Color, reach: Option<u8>) -> (Goal, Outcome, Vec<Move>) {
    let solver =
        LifeAndDeath::new(Config { frame_reach: reach, frame_margin: 0, ..Config::default() });
    let open =
        solver.solve_open(b, to_play, None, Budget::new(2_000_000, 100), true).expect("a frame");
    assert!(open.moves.solution.answer.certain && open.moves.complete);
    let mut moves: Vec<Move> = open.moves.moves.iter().map(|m| m.point).collect();
    moves.sort_by_key(|m| match m {
        Move::Play(p) => p.index(),
        Move::Pass => 0,
    });
    (open.goal, open.moves.solution.answer.outcome, moves)
}

#[test]
fn issue_11_lnd_reach_frame_agrees_with_the_box_frame_on_closed_corners() {
    // Corners whose attacker wall is already closed: the reach frame must not change
    // the answer, for either side to play.
    let corners = [
        // White's straight three on the first line.
        board(&["A3", "B3", "C3", "D3", "E3", "E2", "E1"], &["A2", "B2", "C2", "D2", "D1"]),
        // White's L group (six points of eye space).
        board(
            &["A5", "B5", "C5", "D5", "D4", "E4", "E3", "E2", "E1"],
            &["A4", "B4", "C4", "D3", "D2", "D1"],
        ),
        // White's square four of eye space: dead whoever plays.
        board(&["A4", "B4", "C4", "D4", "D3", "D2", "D1"], &["A3", "B3", "C3", "C2", "C1"]),
    ];
    for (i, b) in corners.iter().enumerate() {
        for to_play in Color::ALL {
            let tight = answer(b, to_play, Some(2));
            let boxed = answer(b, to_play, None);
            assert_eq!(tight, boxed, "corner {i}, {to_play:?} to play");
        }
    }
}
