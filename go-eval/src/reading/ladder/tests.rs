use go_board::{Board, BoardSize, Color, Move, Point};

use super::*;

fn at(board: &Board, v: &str) -> Point {
    Point::parse_gtp(v, board.size()).unwrap()
}

/// The test ladder of reference/reading.md §2.4: an empty 19×19 board with Black D4
/// and White C4, C5, D3; White's E4 starts a ladder that runs across the board.
pub(crate) fn crossing_ladder() -> Board {
    let mut b = Board::new(BoardSize::square(19).unwrap());
    for (c, v) in
        [(Color::Black, "D4"), (Color::White, "C4"), (Color::White, "C5"), (Color::White, "D3")]
    {
        let p = at(&b, v);
        b.play(c, p);
    }
    b
}

#[test]
fn the_board_crossing_ladder_works() {
    let mut b = crossing_ladder();
    let before = b.clone();
    let d4 = at(&b, "D4");
    let mut scratch = LadderScratch::new();
    let answer = Ladder::new().capture(&mut b, d4, &mut scratch);
    assert_eq!(b, before);
    assert_eq!(answer.outcome, Outcome::Win);
    assert_eq!(answer.point, Some(Move::Play(at(&b, "E4"))));
    assert!(answer.certain);
    let line = Ladder::new().line(&mut b, d4, &mut scratch);
    assert_eq!(b, before);
    // Atari after atari up to the edge, then the capture.
    assert!(line.len() > 25, "{line:?}");
    assert_eq!(line.last().map(|m| m.0), Some(Color::White));
}

#[test]
fn issue_11_a_ko_cycle_in_a_ladder_is_a_repetition_not_a_cap() {
    // Found by the symmetry property: the ladder on B1 cycles through ko captures; read
    // to the ply cap in one orientation (uncertain), at once in another.
    let b = Board::from_diagram(
        "
        X . . . O . . .
        X . X . O X X .
        O O X X O X . .
        X . O X O O . O
        . X X O . O O .
        ",
    )
    .unwrap();
    let b1 = at(&b, "B1");
    let mut scratch = LadderScratch::new();
    let mut answers = Vec::new();
    for s in go_board::Symmetry::ALL {
        let size = b.size();
        let mut there = Board::new(s.apply_size(size));
        for c in [Color::Black, Color::White] {
            for p in b.stones(c) {
                there.set_point(s.apply(p, size), Some(c)).unwrap();
            }
        }
        let answer = Ladder::new().capture(&mut there, s.apply(b1, size), &mut scratch);
        answers.push((answer.outcome, answer.certain));
        assert!(answer.nodes < 100, "{s:?}: {answer:?}");
    }
    assert!(answers.iter().all(|a| *a == answers[0]), "{answers:?}");
}
