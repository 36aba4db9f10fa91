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
