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
    let defences =
        reader.defences(&mut b, Color::Black, Combinations::DEFENCE_BUDGET, &mut scratch);
    assert_eq!(b, before);
    assert!(defences.certain, "{defences:?}");
    // Taking D6, or saving either white chain so the other alone is threatened,
    // prevents it; a move far away does not.
    for v in ["D6", "B6", "E7"] {
        assert!(defences.moves.contains(&at(&b, v)), "{v}: {defences:?}");
    }
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
    let defences =
        reader.defences(&mut b, Color::Black, Combinations::DEFENCE_BUDGET, &mut scratch);
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

/// Black's D6-E6 is in atari between four white chains of three liberties or more: no
/// white chain is short of liberties, so only the rescue on E5 can be forcing.
const IN_ATARI: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . O O . . . .
    . . O X X O . . .
    . . . O . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    ";

#[test]
fn issue_11_rescues_of_chains_in_atari_next_to_a_target_are_forcing() {
    let mut b = Board::from_diagram(IN_ATARI).unwrap();
    let mut scratch = Scratch::new();
    let reader = Combinations::default();
    let search = Search::new(&reader, &mut b, Color::Black, Combinations::BUDGET, &mut scratch);
    // Later moves of a combination look at targets of at most two liberties: none here,
    // so the rescue is the only candidate.
    let e5 = Point::parse_gtp("E5", search.board.size()).unwrap();
    assert_eq!(search.forcing_candidates(2), vec![e5]);
    // The first move also takes the liberties of the targets with three.
    let first = search.forcing_candidates(3);
    assert!(first.contains(&e5) && first.len() > 1, "{first:?}");
}

/// Two double ataris alike, far apart (the second is the first turned half round, but
/// not about the centre): the reader must name the same one, turned, however the board
/// is turned or coloured.
const TWO_DOUBLE_ATARIS: &str = "
    . . . . . . . . . . . . .
    . . . X . . . . . . . . .
    . . X O . . . . . . . . .
    . . O . . . . . . . . . .
    . . X . . . . . . . . . .
    . . . . . . . . . . . . .
    . . . . . . . . . . X . .
    . . . . . . . . . . O . .
    . . . . . . . . . O X . .
    . . . . . . . . . X . . .
    . . . . . . . . . . . . .
    . . . . . . . . . . . . .
    . . . . . . . . . . . . .
    ";

#[test]
fn issue_11_combinations_are_the_same_in_every_orientation() {
    use crate::reading::dragon::testing::{assert_turned, transformed};
    use go_board::Symmetry;
    for diagram in [DOUBLE_ATARI, TWO_DOUBLE_ATARIS, IN_ATARI] {
        let board = Board::from_diagram(diagram).unwrap();
        let size = board.size();
        let reader = Combinations::default();
        let ask = |b: &Board, color: Color| {
            let mut b = b.clone();
            reader.attack(&mut b, color, Combinations::BUDGET, &mut Scratch::new())
        };
        let base = ask(&board, Color::Black);
        let base_defence = ask(&board, Color::White);
        for s in Symmetry::ALL {
            for swap in [false, true] {
                let turned = transformed(&board, s, swap);
                let (black, white) =
                    if swap { (Color::White, Color::Black) } else { (Color::Black, Color::White) };
                for (got, want) in
                    [(ask(&turned, black), &base), (ask(&turned, white), &base_defence)]
                {
                    assert_turned(&got, want, s, size, &format!("{diagram} {s:?} swap {swap}"));
                }
            }
        }
    }
}

/// White D4 is in atari; Black's C4 (two liberties, B4 and C5) holds it. White may answer
/// with either atari on C4, not only the one the tactical reader names.
const COUNTER_ATARI: &str = "
    . . . . . . .
    . . . . . . .
    . O . . . . .
    . . X O X . .
    . O O X . . .
    . . . . . . .
    . . . . . . .
    ";

#[test]
fn issue_11_the_defender_answers_with_every_atari_on_a_chain_of_two_liberties() {
    let mut b = Board::from_diagram(COUNTER_ATARI).unwrap();
    let (d4, e4) = (at(&b, "D4"), at(&b, "E4"));
    let (b4, c5) = (at(&b, "B4"), at(&b, "C5"));
    let mut scratch = Scratch::new();
    let reader = Combinations::default();
    let mut search = Search::new(&reader, &mut b, Color::Black, Combinations::BUDGET, &mut scratch);
    let c4 = at(search.board, "C4");
    let attack = search.tactics.attack(search.board, c4, Combinations::BUDGET, search.scratch);
    assert_eq!(attack.outcome, Outcome::Win, "{attack:?}");
    let answers = search.answers(e4, &[d4]);
    assert!(answers.contains(&b4) && answers.contains(&c5), "{answers:?}");
}
