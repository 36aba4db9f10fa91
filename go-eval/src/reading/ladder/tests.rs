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

// ---- Invariance under the symmetries and the colour swap, designed positions with
// ---- answers known by hand, and agreement with the tactical reader.

use go_board::{ByColor, PointSet, Symmetry};

use crate::reading::dragon::testing::transformed;
use proptest::prelude::*;

/// A board of `cols` × `rows` after the legal ones of `moves` (colours alternate). With
/// `keep_ko` the last move's ko ban stays; otherwise the board is rebuilt from its
/// stones.
fn random_board(cols: u8, rows: u8, moves: &[(u8, u8)], keep_ko: bool) -> Board {
    let size = BoardSize::new(cols.into(), rows.into()).unwrap();
    let mut board = Board::new(size);
    let mut color = Color::Black;
    for &(c, r) in moves {
        if let Some(p) = Point::new(c % cols, r % rows, size)
            && board.is_legal(color, p)
        {
            board.play(color, p);
            color = !color;
        }
    }
    if keep_ko { board } else { board_of(size, &board.stones_by_color()) }
}

fn board_of(size: BoardSize, stones: &ByColor<PointSet>) -> Board {
    let mut board = Board::new(size);
    for color in Color::ALL {
        for p in stones[color] {
            board.set_point(p, Some(color)).unwrap();
        }
    }
    board
}

/// The reader's answers for both sides to move (hunter first, prey first); the board
/// must come back unchanged.
fn answers(board: &Board, prey: Point, scratch: &mut LadderScratch) -> Result<[Answer; 2], String> {
    let ladder = Ladder::new();
    let mut out = [Answer::lose(0); 2];
    for (k, side) in [Side::Hunter, Side::Prey].into_iter().enumerate() {
        let mut b = board.clone();
        out[k] = ladder.ask(&mut b, prey, side, scratch);
        if b != *board {
            return Err(format!("{side:?} on {prey}: the board changed"));
        }
    }
    Ok(out)
}

/// One stone of every chain with at most two liberties.
fn ladder_targets(board: &Board) -> Vec<Point> {
    let mut seen = PointSet::EMPTY;
    let mut out = Vec::new();
    for p in &(*board.stones(Color::Black) | *board.stones(Color::White)) {
        if !seen.contains(p) {
            seen |= board.chain_stones(p);
            if board.liberty_count(p) <= 2 {
                out.push(p);
            }
        }
    }
    out
}

/// Checks every target of `board` in every orientation and with the colours swapped:
/// the outcomes (and their certainty) for both sides to move do not depend on the
/// orientation or on the colours, and the first moves are the moved ones when the
/// outcome is a success.
fn check_everywhere(board: &Board, scratch: &mut LadderScratch) -> Result<(), String> {
    let size = board.size();
    for t in ladder_targets(board) {
        let here = answers(board, t, scratch)?;
        for s in Symmetry::ALL {
            for swap in [false, true] {
                let there = transformed(board, s, swap);
                let moved = answers(&there, s.apply(t, size), scratch)?;
                if board.ko().is_some() {
                    continue;
                }
                for (a, b) in here.iter().zip(&moved) {
                    if (a.outcome, a.certain) != (b.outcome, b.certain) {
                        return Err(format!(
                            "{t} {s:?} swap {swap}: {b:?} there, {a:?} here\n{}",
                            board.to_diagram()
                        ));
                    }
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn issue_11_the_ladder_reader_is_invariant_under_symmetries_and_colour_swap(
        cols in 2u8..=11, rows in 2u8..=11,
        setup in prop::collection::vec((0u8..11, 0u8..11), 10..110),
    ) {
        let board = random_board(cols, rows, &setup, false);
        let mut scratch = LadderScratch::new();
        prop_assert_eq!(check_everywhere(&board, &mut scratch), Ok(()));
    }

    #[test]
    fn issue_11_the_ladder_reader_leaves_a_board_with_a_ko_ban_unchanged(
        cols in 3u8..=9, rows in 3u8..=9,
        setup in prop::collection::vec((0u8..9, 0u8..9), 10..90),
    ) {
        let board = random_board(cols, rows, &setup, true);
        let mut scratch = LadderScratch::new();
        for t in ladder_targets(&board) {
            let r = answers(&board, t, &mut scratch);
            prop_assert!(r.is_ok(), "{:?}", r);
        }
    }
}

/// Designed positions for the symmetry and colour-swap checks; the first ones also
/// carry hand-read answers in [`issue_11_designed_ladders_have_the_known_answers`].
const DESIGNED: &[&str] = &[
    // A hunter stone (D4) in atari next to the prey (D3, one liberty at E3).
    "
    . . . . . . .
    . . . . . . .
    . . . O X . .
    . . . X O . .
    . . X O . . .
    . . . X . . .
    . . . . . . .
    ",
    // A prey on the edge (A2-B2) next to a hunter-side capture (C1 in atari).
    "
    . . . . . .
    . . . . . .
    X X X . . .
    O O X . . .
    . . O X . .
    ",
    // A prey (B2-C2) whose only liberty is a suicide for it.
    "
    . . . . . .
    . X X X . .
    X O O X . .
    . X . O X .
    ",
    // Two prey chains (C4, D3) sharing their last liberty D4.
    "
    . . . . . . .
    . . X O . . .
    . X O . O . .
    . . X O X . .
    . . . X . . .
    . . . . . . .
    ",
    // A ladder along the first line (B1).
    "
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . X . . . . .
    . O . . . . .
    ",
    // Tiny boards.
    "
    X O
    . .
    ",
    "
    . X .
    X O .
    . . .
    ",
    "
    O X . .
    . . X .
    . X O .
    . . . .
    ",
];

/// The crossing ladder with a stone of `color` on Q16, on the ladder's diagonal path.
fn crossing_with_breaker(color: Color) -> Board {
    let mut b = crossing_ladder();
    let q16 = at(&b, "Q16");
    b.set_point(q16, Some(color)).unwrap();
    b
}

/// One hand-read expectation: the prey, then for the hunter moving first and for the
/// prey moving first whether the side to move succeeds and, when the move is forced,
/// its first move.
type Expected = (&'static str, (bool, Option<&'static str>), (bool, Option<&'static str>));

#[test]
fn issue_11_designed_ladders_have_the_known_answers() {
    // Read by hand: a ladder breaker of the prey's colour on the path lets the prey
    // out, one of the hunter's colour does not; a prey with one liberty is captured on
    // it with the hunter to move; a prey to move escapes when its extension reaches
    // three liberties (D3 joins E4; C4 and D3 join D5 and E4; B1 on C1) or when it
    // captures a hunter stone in atari (the 2×2 board: B1 takes B2, and White then
    // has no legal atari), and does not when its only liberty is a suicide (B2-C2) or
    // leaves it in atari (A2-B2).
    let cases: Vec<(Board, Expected)> = vec![
        (crossing_ladder(), ("D4", (true, Some("E4")), (true, None))),
        (crossing_with_breaker(Color::Black), ("D4", (false, None), (true, None))),
        (crossing_with_breaker(Color::White), ("D4", (true, Some("E4")), (true, None))),
        (Board::from_diagram(DESIGNED[0]).unwrap(), ("D3", (true, Some("E3")), (true, None))),
        (Board::from_diagram(DESIGNED[1]).unwrap(), ("A2", (true, None), (false, None))),
        (Board::from_diagram(DESIGNED[2]).unwrap(), ("B2", (true, Some("C1")), (false, None))),
        (Board::from_diagram(DESIGNED[3]).unwrap(), ("C4", (true, Some("D4")), (true, Some("D4")))),
        (Board::from_diagram(DESIGNED[4]).unwrap(), ("B1", (true, None), (true, Some("C1")))),
        (Board::from_diagram(DESIGNED[5]).unwrap(), ("A2", (true, Some("A1")), (true, Some("B1")))),
    ];
    let mut scratch = LadderScratch::new();
    for (board, (prey, hunter_first, prey_first)) in cases {
        let t = at(&board, prey);
        let got = answers(&board, t, &mut scratch).unwrap();
        for (answer, (success, point)) in got.iter().zip([hunter_first, prey_first]) {
            let what = format!("{prey}: {answer:?}\n{}", board.to_diagram());
            assert!(answer.certain, "{what}");
            assert_eq!(answer.outcome.is_success(), success, "{what}");
            if let Some(v) = point {
                assert_eq!(answer.point, Some(Move::Play(at(&board, v))), "{what}");
            }
        }
        assert_eq!(check_everywhere(&board, &mut scratch), Ok(()));
        assert_eq!(agrees_with_tactics(&board, &mut scratch), Ok(()));
    }
}

#[test]
fn issue_11_designed_ladders_are_invariant_and_agree_with_tactics() {
    let mut scratch = LadderScratch::new();
    for diagram in DESIGNED {
        let board = Board::from_diagram(diagram).unwrap();
        assert!(!ladder_targets(&board).is_empty(), "{diagram}");
        assert_eq!(check_everywhere(&board, &mut scratch), Ok(()), "{diagram}");
        assert_eq!(agrees_with_tactics(&board, &mut scratch), Ok(()), "{diagram}");
    }
}

/// The tactical reader restricted to ladder moves: every ply beyond the main depth (0),
/// where the attacker of a two-liberty chain plays only the ladder's ataris, and a
/// chain with three liberties is safe.
fn ladder_tactics() -> (crate::reading::tactics::Tactics, crate::reading::Budget) {
    use crate::reading::tactics::{Tactics, TacticsConfig};
    let config = TacticsConfig { safe_liberties: 3, nets: false, second_order_defence: false };
    (Tactics::new(config), crate::reading::Budget::new(200_000, 0))
}

/// The tactical reader restricted to ladders has the ladder's attacking moves and at
/// least its defences, so a chain the ladder reader lets escape (certainly, with no ko
/// met) is not captured by it on a first move on a liberty either; and a ladder capture
/// is a tactical capture whenever the tactical reader's answer is certain.
fn agrees_with_tactics(board: &Board, scratch: &mut LadderScratch) -> Result<(), String> {
    let (tactics, budget) = ladder_tactics();
    let mut ts = crate::reading::tactics::Scratch::new();
    for t in ladder_targets(board) {
        if board.liberty_count(t) != 2 {
            continue;
        }
        let ladder = Ladder::new().capture(&mut board.clone(), t, scratch);
        let tactical = tactics.attack(&mut board.clone(), t, budget, &mut ts);
        if !ladder.certain
            || !tactical.certain
            || ladder.outcome.is_ko()
            || tactical.outcome.is_ko()
        {
            continue;
        }
        let root_liberty =
            matches!(tactical.point, Some(Move::Play(m)) if board.liberties(t).contains(m));
        let disagree =
            (tactical.outcome == Outcome::Win && root_liberty && ladder.outcome != Outcome::Win)
                || (ladder.outcome == Outcome::Win && tactical.outcome != Outcome::Win);
        if disagree {
            return Err(format!(
                "{t}: ladder {ladder:?}, tactics {tactical:?}\n{}",
                board.to_diagram()
            ));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn issue_11_the_ladder_reader_agrees_with_the_tactical_reader_on_ladder_moves(
        cols in 3u8..=11, rows in 3u8..=11,
        setup in prop::collection::vec((0u8..11, 0u8..11), 10..110),
    ) {
        let board = random_board(cols, rows, &setup, false);
        let mut scratch = LadderScratch::new();
        prop_assert_eq!(agrees_with_tactics(&board, &mut scratch), Ok(()));
    }
}

#[test]
fn issue_11_a_prey_moving_first_keeps_its_other_liberty() {
    // Found by the symmetry property: White's E5 (liberties D5, F5) moving first. D5
    // leaves it one liberty (F5), F5 two (D5, F4) that Black fills with F4 then D5; the
    // reader once forgot the other liberty after an extension and let D5 escape.
    let b = Board::from_diagram(
        "
        O O X . O .
        O . . X X .
        X . . . . .
        X O . . . .
        X X O O . .
        ",
    )
    .unwrap();
    let e5 = at(&b, "E5");
    let mut scratch = LadderScratch::new();
    let [hunter_first, prey_first] = answers(&b, e5, &mut scratch).unwrap();
    assert_eq!((hunter_first.outcome, hunter_first.certain), (Outcome::Win, true));
    assert_eq!((prey_first.outcome, prey_first.certain), (Outcome::Lose, true), "{prey_first:?}");
    assert_eq!(check_everywhere(&b, &mut scratch), Ok(()));
}
