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

// ---- The ladder's own board against go-board, and the reader on it against the
// ---- reader on go-board's Board (the reference).

use go_board::{ByColor, PointSet, Symmetry};
use proptest::prelude::*;

use super::position::{Lean, LeanMemory, Position};
use crate::reading::table::Table;

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

/// The board moved by `s`, with the colours swapped when `swap`.
fn transformed(board: &Board, s: Symmetry, swap: bool) -> Board {
    let size = board.size();
    let stones = board.stones_by_color();
    let (black, white) =
        if swap { (stones.white, stones.black) } else { (stones.black, stones.white) };
    board_of(
        s.apply_size(size),
        &ByColor::new(s.apply_set(&black, size), s.apply_set(&white, size)),
    )
}

/// Every question of the ladder search, asked of both positions at every point.
fn same_position(lean: &Lean<'_>, board: &Board) -> Result<(), String> {
    let size = board.size();
    if Position::hash(lean) != board.hash() {
        return Err("hash".into());
    }
    if Position::ko(lean) != board.ko() {
        return Err(format!("ko {:?} {:?}", Position::ko(lean), board.ko()));
    }
    for p in size.points() {
        let what = |w: &str| format!("{w} at {p}\n{}", board.to_diagram());
        if Position::color_at(lean, p) != board.color_at(p) {
            return Err(what("colour"));
        }
        if Position::is_empty_at(lean, p) != board.is_empty_at(p) {
            return Err(what("empty"));
        }
        if Position::liberty_count(lean, p) != board.liberty_count(p) {
            return Err(what("liberties"));
        }
        if Position::chain_len(lean, p) != board.chain_len(p) {
            return Err(what("chain length"));
        }
        if Position::first_liberties(lean, p) != Position::first_liberties(board, p) {
            return Err(what("first liberties"));
        }
        for c in Color::ALL {
            if board.is_empty_at(p) && Position::is_suicide(lean, c, p) != board.is_suicide(c, p) {
                return Err(what("suicide"));
            }
            if board.color_at(p).is_some()
                && Position::touching_ataris(lean, p, c) != Position::touching_ataris(board, p, c)
            {
                return Err(what("ataris"));
            }
        }
        // The chain keys partition the stones as the chains do.
        for q in size.points() {
            if board.color_at(p).is_some() && board.color_at(q).is_some() {
                let same_lean = Position::chain_key(lean, p) == Position::chain_key(lean, q);
                if same_lean != (board.chain_id(p) == board.chain_id(q)) {
                    return Err(what("chain keys"));
                }
            }
        }
    }
    Ok(())
}

/// Plays the legal ones of `moves` on both, checking after every move and take-back.
fn replay_on_both(start: &Board, moves: &[(u8, u8)]) -> Result<(), String> {
    let size = start.size();
    let mut board = start.clone();
    let mut mem = LeanMemory::new();
    // A first read of another position, so that stale entries exist.
    {
        let other = Board::new(size);
        let mut lean = Lean::new(&other, &mut mem);
        let p = Point::must(0, 0, size);
        let u = lean.play(Color::Black, p);
        lean.undo(u);
    }
    let mut lean = Lean::new(start, &mut mem);
    same_position(&lean, &board)?;
    let mut undos = Vec::new();
    let mut color = Color::White;
    for &(c, r) in moves {
        let Some(p) = Point::new(c % size.cols(), r % size.rows(), size) else { continue };
        if !board.is_empty_at(p) {
            continue;
        }
        // Suicides too (the reader never plays one, but the board must take them).
        let a = board.play(color, p);
        let b = lean.play(color, p);
        if a.removed() != Lean::removed(&b)
            || board.captures()[color] + board.captures()[!color]
                != Position::captures(&lean)
                    + start.captures()[Color::Black]
                    + start.captures()[Color::White]
        {
            return Err(format!("removed/captures after {color:?} {p}"));
        }
        same_position(&lean, &board).map_err(|e| format!("after {color:?} {p}: {e}"))?;
        undos.push((a, b));
        color = !color;
        if undos.len() % 5 == 4 {
            let (a, b) = undos.pop().unwrap();
            board.undo(a);
            lean.undo(b);
            same_position(&lean, &board).map_err(|e| format!("after a take-back: {e}"))?;
        }
    }
    while let Some((a, b)) = undos.pop() {
        board.undo(a);
        lean.undo(b);
        same_position(&lean, &board).map_err(|e| format!("after take-backs: {e}"))?;
    }
    Ok(())
}

/// The answers of the reader on its own board and on go-board's, for both sides to
/// move; they must be identical, nodes included.
fn same_answers(board: &Board, prey: Point, scratch: &mut LadderScratch) -> Result<Answer, String> {
    let ladder = Ladder::new();
    let mut table = Table::new(1 << 8, 1 << 18);
    let mut reference = board.clone();
    let mut answers = Answer::lose(0);
    for side in [Side::Hunter, Side::Prey] {
        let mut b = board.clone();
        let ours = ladder.ask(&mut b, prey, side, scratch);
        let theirs = ladder.ask_reference(&mut reference, prey, side, &mut table);
        if b != *board || reference != *board {
            return Err("the board changed".into());
        }
        if ours != theirs {
            return Err(format!(
                "{side:?} on {prey}: lean {ours:?}, reference {theirs:?}\n{}",
                board.to_diagram()
            ));
        }
        if side == Side::Hunter {
            answers = ours;
        }
    }
    Ok(answers)
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
/// the lean reader equals the reference, and the outcome does not depend on the
/// orientation.
fn check_everywhere(board: &Board, scratch: &mut LadderScratch) -> Result<(), String> {
    let size = board.size();
    for t in ladder_targets(board) {
        let answer = same_answers(board, t, scratch)?;
        for s in Symmetry::ALL {
            for swap in [false, true] {
                let there = transformed(board, s, swap);
                let a = same_answers(&there, s.apply(t, size), scratch)?;
                if board.ko().is_none()
                    && (a.outcome, a.certain) != (answer.outcome, answer.certain)
                {
                    return Err(format!(
                        "{t} {s:?} swap {swap}: {a:?} {answer:?}\n{}",
                        board.to_diagram()
                    ));
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn issue_11_the_lean_board_answers_as_go_board_move_by_move(
        cols in 1u8..=9, rows in 1u8..=9,
        setup in prop::collection::vec((0u8..9, 0u8..9), 0..70),
        keep_ko: bool,
        moves in prop::collection::vec((0u8..9, 0u8..9), 0..60),
    ) {
        let board = random_board(cols, rows, &setup, keep_ko);
        prop_assert_eq!(replay_on_both(&board, &moves), Ok(()));
    }

    #[test]
    fn issue_11_the_lean_reader_answers_as_the_reference_everywhere(
        cols in 2u8..=11, rows in 2u8..=11,
        setup in prop::collection::vec((0u8..11, 0u8..11), 10..110),
    ) {
        let board = random_board(cols, rows, &setup, false);
        let mut scratch = LadderScratch::new();
        prop_assert_eq!(check_everywhere(&board, &mut scratch), Ok(()));
    }

    #[test]
    fn issue_11_the_lean_reader_answers_as_the_reference_under_a_ko_ban(
        cols in 3u8..=9, rows in 3u8..=9,
        setup in prop::collection::vec((0u8..9, 0u8..9), 10..90),
    ) {
        let board = random_board(cols, rows, &setup, true);
        let mut scratch = LadderScratch::new();
        for t in ladder_targets(&board) {
            prop_assert!(same_answers(&board, t, &mut scratch).is_ok(), "{:?}", same_answers(&board, t, &mut scratch));
        }
    }
}

/// Designed positions: a breaker on the way, a snapback, a ko in the ladder, edges and
/// corners, a prey that captures its way out, tiny boards.
const DESIGNED: &[&str] = &[
    // A breaker (White's stone on the ladder's path).
    "
    . . . . . . . . .
    . . . . . . . O .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . X . . . . .
    . . X O . . . . .
    . . . X . . . . .
    . . . . . . . . .
    ",
    // A breaker of the hunter's colour (it helps).
    "
    . . . . . . . . .
    . . . . . . . X .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . X . . . . .
    . . X O . . . . .
    . . . X . . . . .
    . . . . . . . . .
    ",
    // A hunter stone in atari next to the path (the prey captures it).
    "
    . . . . . . .
    . . . . . . .
    . . . O X . .
    . . . X O . .
    . . X O . . .
    . . . X . . .
    . . . . . . .
    ",
    // A capture on the edge that gives the prey liberties back.
    "
    . . . . . .
    . . . . . .
    X X X . . .
    O O X . . .
    . . O X . .
    ",
    // A snapback: the prey's capture of the throw-in is answered by a recapture.
    "
    . . . . . .
    . X X X . .
    X O O X . .
    . X . O X .
    ",
    // A ko in the ladder.
    "
    . . . . . . .
    . . X O . . .
    . X O . O . .
    . . X O X . .
    . . . X . . .
    . . . . . . .
    ",
    // A ladder along the edge.
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

#[test]
fn issue_11_the_lean_reader_answers_as_the_reference_on_designed_positions() {
    let mut scratch = LadderScratch::new();
    for diagram in DESIGNED {
        let board = Board::from_diagram(diagram).unwrap();
        assert!(!ladder_targets(&board).is_empty(), "{diagram}");
        check_everywhere(&board, &mut scratch).unwrap();
        replay_on_both(&board, &[(0, 0), (1, 1), (2, 2), (3, 2), (2, 3), (4, 4), (1, 2)]).unwrap();
    }
    // The board-crossing ladder, and the ko cycle of the test above.
    let crossing = crossing_ladder();
    check_everywhere(&crossing, &mut scratch).unwrap();
}

/// The tactical reader restricted to ladder moves: every ply beyond the main depth (0),
/// where the attacker of a two-liberty chain plays only the ladder's ataris, and a
/// chain with three liberties is safe.
fn ladder_tactics() -> (crate::reading::tactics::Tactics, crate::reading::Budget) {
    use crate::reading::tactics::{Tactics, TacticsConfig};
    let config = TacticsConfig { safe_liberties: 3, nets: false, second_order_defence: false };
    (Tactics::new(config), crate::reading::Budget::new(200_000, 0))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The tactical reader restricted to ladders has the ladder's attacking moves and
    /// at least its defences, so a chain the ladder reader lets escape (certainly, with
    /// no ko met) is not captured by it either; and a ladder capture is a tactical
    /// capture whenever the tactical reader's answer is certain.
    #[test]
    fn issue_11_the_ladder_reader_agrees_with_the_tactical_reader_on_ladder_moves(
        cols in 3u8..=11, rows in 3u8..=11,
        setup in prop::collection::vec((0u8..11, 0u8..11), 10..110),
    ) {
        let board = random_board(cols, rows, &setup, false);
        let (tactics, budget) = ladder_tactics();
        let mut scratch = LadderScratch::new();
        let mut ts = crate::reading::tactics::Scratch::new();
        for t in ladder_targets(&board) {
            if board.liberty_count(t) != 2 {
                continue;
            }
            let ladder = Ladder::new().capture(&mut board.clone(), t, &mut scratch);
            let tactical = tactics.attack(&mut board.clone(), t, budget, &mut ts);
            if !ladder.certain || !tactical.certain || ladder.outcome.is_ko() || tactical.outcome.is_ko() {
                continue;
            }
            let root_liberty = matches!(tactical.point, Some(Move::Play(m)) if board.liberties(t).contains(m));
            if tactical.outcome == Outcome::Win && root_liberty {
                prop_assert_eq!(
                    ladder.outcome, Outcome::Win,
                    "{}: ladder {:?}, tactics {:?}\n{}", t, ladder, tactical, board.to_diagram()
                );
            }
            if ladder.outcome == Outcome::Win {
                prop_assert_eq!(
                    tactical.outcome, Outcome::Win,
                    "{}: ladder {:?}, tactics {:?}\n{}", t, ladder, tactical, board.to_diagram()
                );
            }
        }
    }
}
