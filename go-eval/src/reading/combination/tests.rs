use go_board::{Board, Color, Move, Point};

use super::*;

fn at(board: &Board, v: &str) -> Point {
    Point::parse_gtp(v, board.size()).unwrap()
}

/// White C6 and D7 each have two liberties and each escapes alone; Black's D6 ataris
/// both.
const DOUBLE_ATARI: &str = "
    . . . . . . . . .
    . . . X . . . . .
    . . X O . . . . .
    . . O . . . . . .
    . . X . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    ";

#[test]
fn a_double_atari_is_a_combination() {
    let mut b = Board::from_diagram(DOUBLE_ATARI).unwrap();
    let before = b.clone();
    let mut scratch = Scratch::new();
    let reader = Combinations::default();
    let answer = reader.attack(&mut b, Color::Black, Combinations::BUDGET, &mut scratch);
    assert_eq!(b, before);
    assert_eq!(answer.outcome, Outcome::Win, "{answer:?}");
    assert_eq!(answer.point, Some(Move::Play(at(&b, "D6"))));
    assert!(answer.certain);
    let defences = reader.defences(&mut b, Color::Black, Combinations::BUDGET, &mut scratch);
    assert_eq!(b, before);
    assert!(defences.moves.contains(&at(&b, "D6")), "{defences:?}");
    // Connecting on D6 prevents it; a move far away does not.
    assert!(!defences.moves.contains(&at(&b, "H2")), "{defences:?}");
}

#[test]
fn a_single_atari_is_not_a_combination() {
    // Only C6 is there: D6 ataris it, C6 escapes on B6.
    let mut b = Board::from_diagram(
        "
        . . . . . . . . .
        . . . X . . . . .
        . . X . . . . . .
        . . O . . . . . .
        . . X . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    )
    .unwrap();
    let mut scratch = Scratch::new();
    let reader = Combinations::default();
    let answer = reader.attack(&mut b, Color::Black, Combinations::BUDGET, &mut scratch);
    assert_eq!(answer.outcome, Outcome::Lose, "{answer:?}");
    let defences = reader.defences(&mut b, Color::Black, Combinations::BUDGET, &mut scratch);
    assert!(defences.moves.is_empty());
}

#[test]
fn a_small_budget_answers_uncertain() {
    let mut b = Board::from_diagram(DOUBLE_ATARI).unwrap();
    let mut scratch = Scratch::new();
    let answer =
        Combinations::default().attack(&mut b, Color::Black, Budget::new(3, 16), &mut scratch);
    assert!(!answer.certain, "{answer:?}");
    assert_eq!(answer.outcome, Outcome::Lose);
}
