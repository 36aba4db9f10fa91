use go_board::{Board, Move, Point};

use super::*;
use crate::reading::Outcome;

fn at(board: &Board, v: &str) -> Point {
    Point::parse_gtp(v, board.size()).unwrap()
}

#[test]
fn a_diagonal_connection_holds() {
    let mut b = Board::from_diagram(
        "
        . . . . .
        . . . . .
        . . X . .
        . X . . .
        . . . . .
        ",
    )
    .unwrap();
    let (b2, c3) = (at(&b, "B2"), at(&b, "C3"));
    let before = b.clone();
    let mut scratch = ConnectionScratch::new();
    let cut = Connection::new().disconnect(&mut b, b2, c3, Connection::BUDGET, &mut scratch);
    assert_eq!(b, before);
    assert_eq!(cut.outcome, Outcome::Lose, "{cut:?}");
}

#[test]
fn issue_11_chains_that_cannot_join_do_not_overflow_the_distance() {
    // Found by the symmetry property: a pair whose connection distance is "far" made
    // the disconnect node ask for joins of 256 moves (an overflow).
    let board = Board::from_diagram(
        "
        . O . . .
        X O . . .
        X . O . .
        . O X . .
        X O X . .
        ",
    )
    .unwrap();
    let chains: Vec<Point> = board.chains().iter().map(|c| c.id.representative()).collect();
    let mut scratch = ConnectionScratch::new();
    let mut asked = 0;
    for (i, &a) in chains.iter().enumerate() {
        for &b in &chains[i + 1..] {
            if board.color_at(a) != board.color_at(b) {
                continue;
            }
            let mut copy = board.clone();
            let connection = Connection::new();
            let cut = connection.disconnect(&mut copy, a, b, Connection::BUDGET, &mut scratch);
            let join = connection.connect(&mut copy, a, b, Connection::BUDGET, &mut scratch);
            assert_eq!(copy, board);
            // Whoever moves first gets its way, or one side wins either way.
            assert!(cut.outcome.is_success() || join.outcome.is_success(), "{a} {b}");
            asked += 1;
        }
    }
    assert!(asked >= 3);
}

/// The two questions on `board` and on its 7 other symmetries and colour swap: the
/// outcome of `question` is the same, and its point maps onto one of `points`.
fn invariant(
    board: &Board,
    a: &str,
    b: &str,
    question: fn(&mut Board, Point, Point, &mut ConnectionScratch) -> Answer,
    outcome: Outcome,
    points: &[&str],
) {
    use crate::reading::dragon::testing::transformed;
    use go_board::Symmetry;
    let size = board.size();
    let (pa, pb) = (at(board, a), at(board, b));
    let expected: Vec<Point> = points.iter().map(|v| at(board, v)).collect();
    let mut scratch = ConnectionScratch::new();
    for s in Symmetry::ALL {
        for swap in [false, true] {
            let mut there = transformed(board, s, swap);
            let before = there.clone();
            let (ta, tb) = (s.apply(pa, size), s.apply(pb, size));
            let answer = question(&mut there, ta, tb, &mut scratch);
            assert_eq!(there, before);
            assert_eq!(answer.outcome, outcome, "{s:?} swap {swap}: {answer:?}");
            if !points.is_empty() {
                let mapped: Vec<Move> =
                    expected.iter().map(|&p| Move::Play(s.apply(p, size))).collect();
                let point = answer.point.expect("a successful answer has a point");
                assert!(mapped.contains(&point), "{s:?} swap {swap}: {answer:?}");
            }
        }
    }
}

fn cut(board: &mut Board, a: Point, b: Point, scratch: &mut ConnectionScratch) -> Answer {
    Connection::new().disconnect(board, a, b, Connection::BUDGET, scratch)
}

fn join(board: &mut Board, a: Point, b: Point, scratch: &mut ConnectionScratch) -> Answer {
    Connection::new().connect(board, a, b, Connection::BUDGET, scratch)
}

/// Black A2 and the Black group around E2 (E2 is its eye, so D2 is part of the
/// group's link) are separated by the White stone B2 with two liberties, B3 and B1.
const WEDGE: &str = "
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . X X .
    X O X X . X .
    . . . . X X .
    ";

#[test]
fn issue_11_a_two_liberty_wedge_is_captured_to_connect() {
    // Black first: B3 ataris B2; if White extends to B1, C1 leaves the chain B2 B1
    // one liberty, A1, where White cannot play (A2 keeps A3). If White ataris A2 at
    // A3 instead, B1 captures B2 and B2 becomes a point White cannot fill. B1 works
    // too (GNU Go's answer): after B3, C1 and A1 answer A3. Whatever our move, White
    // must then fail to cut.
    let board = Board::from_diagram(WEDGE).unwrap();
    invariant(&board, "A2", "E3", join, Outcome::Win, &[]);
    let mut b = board.clone();
    let (a2, e3) = (at(&b, "A2"), at(&b, "E3"));
    let mut scratch = ConnectionScratch::new();
    let answer = join(&mut b, a2, e3, &mut scratch);
    let Some(Move::Play(m)) = answer.point else { panic!("{answer:?}") };
    let _ = b.play(go_board::Color::Black, m);
    assert_eq!(cut(&mut b, a2, e3, &mut scratch).outcome, Outcome::Lose, "after {m}");
    // White first: A3 ataris A2 (A1 then B1 leave three Black stones with the one
    // liberty C1, which White takes), or B3 saves the wedge with four liberties.
    invariant(&board, "A2", "E3", cut, Outcome::Win, &["A3", "B3"]);
}

#[test]
fn issue_11_capturing_a_cutter_while_in_atari_is_no_join() {
    // The wedge position after Black D1, White B3 (the wedge escapes) and Black B1:
    // A1 and C1 are points White cannot fill, but White A3 ataris A2; A1 then leaves
    // A2 A1 B1 with the one liberty C1, and C1 leaves A1 to White. Black's capture of
    // the cutting chain B2 B3 A3 (three liberties) comes too late. The reader used
    // to count that capture as a sure join and called the chains connected.
    let board = Board::from_diagram(
        "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . O . . X X .
        X O X X . X .
        . X . X X X .
        ",
    )
    .unwrap();
    invariant(&board, "A2", "E3", cut, Outcome::Win, &["A3"]);
}

#[test]
fn issue_11_iterations_do_not_depend_on_the_history_of_the_scratch() {
    // The iterations share one table per question (their node results apart, the
    // cached tactical answers shared): a scratch warmed by other questions answers
    // as a fresh one, nodes included.
    let board = Board::from_diagram(WEDGE).unwrap();
    let chains: Vec<Point> = board.chains().iter().map(|c| c.id.representative()).collect();
    let mut warm = ConnectionScratch::new();
    let mut asked = 0;
    for (i, &a) in chains.iter().enumerate() {
        for &b in &chains[i + 1..] {
            if board.color_at(a) != board.color_at(b) {
                continue;
            }
            for question in [cut, join] {
                let fresh = question(&mut board.clone(), a, b, &mut ConnectionScratch::new());
                let again = question(&mut board.clone(), a, b, &mut warm);
                assert_eq!(fresh, again, "{a} {b}");
                asked += 1;
            }
        }
    }
    assert!(asked >= 4, "{asked}");
}

#[test]
fn issue_11_a_cut_whose_stone_is_caught_on_the_edge_does_not_cut() {
    // White's C8 and C6 join through the single stone B7: B6 is a point Black cannot
    // take (its stone there would be in atari), and Black's cut at B8 is captured on
    // the first line (B9, then A7). GNU Go 3.8 answers `disconnect C6 C8` with 0; the
    // reader cut here before it walked links through intermediate chains. With a black
    // stone on B9 (B8 escapes) or on B6 (B7 is cut off from C6) the cut works, as GNU
    // Go agrees.
    let diagram = |b9: char, b6: char| {
        format!(
            ". {b9} . . . . . . .
             . . O O X . . . .
             . O X X X . . . .
             . {b6} O X O . . . .
             . O O O X . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . ."
        )
    };
    let mut scratch = ConnectionScratch::new();
    for (b9, b6, cuts) in [('.', '.', false), ('X', '.', true), ('.', 'X', true)] {
        let mut board = Board::from_diagram(&diagram(b9, b6)).unwrap();
        let (c6, c8) = (at(&board, "C6"), at(&board, "C8"));
        let before = board.clone();
        let cut =
            Connection::new().disconnect(&mut board, c6, c8, Connection::BUDGET, &mut scratch);
        assert_eq!(board, before);
        assert_eq!(cut.outcome.is_success(), cuts, "B9 {b9} B6 {b6}: {cut:?}");
        if cuts {
            assert_eq!(cut.point, Some(Move::Play(at(&board, "B8"))), "B9 {b9} B6 {b6}");
        }
        // White, to move, connects in every variant.
        let join = Connection::new().connect(&mut board, c6, c8, Connection::BUDGET, &mut scratch);
        assert!(join.outcome.is_success(), "B9 {b9} B6 {b6}: {join:?}");
    }
}

#[test]
fn issue_11_a_chain_the_wall_holds_is_a_way_in_once_captured() {
    // Black's wall on the fourth line has one gap, E4, and behind it Black's E3 sits
    // between White's stones inside the area: White's E4 leaves E3 one liberty, and
    // Black's E2 adds none (D2, F2 and E1 are White's), so E3 is captured and White is
    // in. E3 is not next to White's chain: the reader found no way in until the
    // opponent's chains next to the area counted as capturable. GNU Go 3.8 answers
    // `break_in E5 <rows 1-3>` and `block_off` with `1 E4`. Without White's D2, F2 and
    // E1, E3 runs out through E2 and the area is closed (GNU Go: `0`, `1 PASS`).
    let diagram = |s: char| {
        format!(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . O O O O O . .
             X X X X . X X X X
             . . . O X O . . .
             . . . {s} . {s} . . .
             . . . . {s} . . . ."
        )
    };
    let mut scratch = ConnectionScratch::new();
    let conn = Connection::new();
    for (s, way_in) in [('O', true), ('.', false)] {
        let mut board = Board::from_diagram(&diagram(s)).unwrap();
        let area: PointSet = board.size().on_board().iter().filter(|p| p.row() < 3).collect();
        let (e5, e4) = (at(&board, "E5"), at(&board, "E4"));
        let before = board.clone();
        let enter = conn.break_in(&mut board, e5, &area, Connection::BUDGET, &mut scratch);
        assert_eq!(board, before);
        assert_eq!(enter.outcome.is_success(), way_in, "{s}: {enter:?}");
        let block = conn.block_off(&mut board, e5, &area, Connection::BUDGET, &mut scratch);
        assert!(block.outcome.is_success(), "{s}: {block:?}");
        let answer = if way_in { Move::Play(e4) } else { Move::Pass };
        assert_eq!(block.point, Some(answer), "{s}");
        if way_in {
            assert_eq!(enter.point, Some(Move::Play(e4)), "{s}");
        }
    }
}

/// Positions where two moves join (or cut) alike: the reader must name the same one,
/// turned, however the board is turned or coloured (ties are broken in the root
/// position's canonical scan order, not go-board's point order).
#[test]
fn issue_11_connections_are_the_same_in_every_orientation() {
    use crate::reading::dragon::testing::{assert_turned, transformed};
    use go_board::Symmetry;
    let cases = [
        // A diagonal: C5 and D4 join alike.
        (
            "
            . . . . . . .
            . . . . . . .
            . . . X . . .
            . . X . . . .
            . . . . . O .
            . . . . . . .
            . . . . . . .
            ",
            "C4",
            "D5",
        ),
        // A knight's move with a white stone near: several joins and cuts.
        (
            "
            . . . . . . . .
            . . . . . . . .
            . . X . . . . .
            . . . . O . . .
            . . . X . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            ",
            "C6",
            "D4",
        ),
    ];
    for (diagram, a, b) in cases {
        let board = Board::from_diagram(diagram).unwrap();
        let size = board.size();
        let (a, b) = (at(&board, a), at(&board, b));
        let ask = |board: &Board, a: Point, b: Point| {
            let connection = Connection::new();
            let mut scratch = ConnectionScratch::new();
            [
                connection.connect(&mut board.clone(), a, b, Connection::BUDGET, &mut scratch),
                connection.disconnect(&mut board.clone(), a, b, Connection::BUDGET, &mut scratch),
            ]
        };
        let base = ask(&board, a, b);
        for s in Symmetry::ALL {
            for swap in [false, true] {
                let turned = transformed(&board, s, swap);
                let got = ask(&turned, s.apply(a, size), s.apply(b, size));
                for (got, want) in got.iter().zip(&base) {
                    assert_turned(got, want, s, size, &format!("{diagram} {s:?} swap {swap}"));
                }
            }
        }
    }
}
