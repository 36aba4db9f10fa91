use go_board::{Board, Point};

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
