use go_board::{Board, Point};

use crate::reading::Outcome;

use super::*;

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).unwrap()
}

fn at(board: &Board, v: &str) -> Point {
    Point::parse_gtp(v, board.size()).unwrap()
}

#[test]
fn a_ladder_is_read() {
    let mut b = board(
        "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . X . . .
        . X O . . . .
        . . X . . . .
        . . . . . . .
        ",
    );
    let c3 = at(&b, "C3");
    let before = b.clone();
    let mut scratch = Scratch::new();
    let answer = Tactics::default().attack(&mut b, c3, Tactics::BUDGET, &mut scratch);
    assert_eq!(b, before);
    assert_eq!(answer.outcome, Outcome::Win, "{answer:?}");
    assert!(answer.point.is_some());
}
