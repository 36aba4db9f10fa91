//! Named edge cases of the rules (reference/board.md §5): capture order, ko shapes,
//! suicide, board sizes, the end of the game, undo and setup. Each diagram is worked
//! out by hand in the comments; scripted lines also run on the reference.

use go_board::{
    BoardSize, Color, IllegalMove, KoRule, Move, PRESET_NAMES, Point, PointSet, Position, Rules,
    Setup, perft,
};

use crate::support::{Line, mv, pt, set, size};

fn presets() -> impl Iterator<Item = (&'static str, Rules)> {
    PRESET_NAMES.into_iter().map(|name| (name, name.parse().unwrap()))
}

/// Every combination of ko rule and suicide, on top of Tromp-Taylor scoring.
fn all_rules() -> Vec<Rules> {
    let mut out = Vec::new();
    for ko in [KoRule::Simple, KoRule::PositionalSuperko, KoRule::SituationalSuperko] {
        for suicide in [false, true] {
            out.push(Rules { ko, suicide, ..Rules::tromp_taylor() });
        }
    }
    out
}

/// ```text
///   X . .     White's A2 and B1 each have the single liberty A1. Black's A1 has no
///   O X .     empty neighbour, but it captures both, so it is legal under every rule:
///   . O X     opponents are removed before the mover's own liberties are counted.
/// ```
#[test]
fn capture_before_suicide_check() {
    let board = "X . .\nO X .\n. O X";
    for rules in all_rules() {
        let mut line = Line::new(board, rules, Color::Black);
        let s = line.pos.size();
        assert!(!line.pos.board().is_suicide(Color::Black, pt("A1", s)));
        assert!(line.pos.board().would_capture(Color::Black, pt("A1", s)));
        line.legal(&["B A1"]);
        assert_eq!(line.diagram(), "X . .\n. X .\nX . X\n");
        assert_eq!(line.pos.board().captures().black, 2);
    }
}

/// ```text
///   . . . .     Black throws in at A1 (one liberty, B1); White captures it at B1, but
///   X X . .     the capturing chain A2-B2-B1 is left with the single liberty A1, so
///   O O X .     Black takes back at once and captures three stones. White's capture
///   . . X .     took one stone, but with a chain, not a lone stone: not a ko.
/// ```
#[test]
fn snapback_is_not_ko() {
    let board = ". . . .\nX X . .\nO O X .\n. . X .";
    for rules in all_rules() {
        let mut line = Line::new(board, rules, Color::Black);
        line.legal(&["B A1", "W B1"]);
        assert_eq!(line.pos.board().captures().white, 1);
        assert_eq!(line.pos.board().ko(), None);
        line.legal(&["B A1"]);
        assert_eq!(line.pos.board().captures().black, 3);
        assert_eq!(line.diagram(), ". . . .\nX X . .\n. . X .\nX . X .\n");
    }
}

/// ```text
///   . X O .     Black C2 captures the lone B2 and is itself a lone stone whose only
///   X O . O     liberty is B2: a ko. White may not retake at B2 at once (Ko, under
///   . X O .     every rule), but Black may fill it, and White's A3 and A1 are
/// ```           suicides, reported as Suicide, not Ko.
#[test]
fn simple_ko_ban_and_who_it_binds() {
    let board = ". X O .\nX O . O\n. X O .";
    for rules in all_rules() {
        let mut line = Line::new(board, rules, Color::Black);
        let s = line.pos.size();
        line.legal(&["B C2"]);
        assert_eq!(line.pos.board().ko(), Some((pt("B2", s), Color::White)));
        assert_eq!(line.pos.check_as(Color::White, mv("B2", s)), Err(IllegalMove::Ko));
        assert_eq!(line.pos.check_as(Color::Black, mv("B2", s)), Ok(()));
        assert_eq!(line.pos.check_as(Color::White, mv("A3", s)), Err(IllegalMove::Suicide));
        assert_eq!(line.pos.check_as(Color::White, mv("A1", s)), Err(IllegalMove::Suicide));
        // The playout board agrees: the ko point is illegal for White only.
        assert!(!line.pos.board().is_legal(Color::White, pt("B2", s)));
        assert!(line.pos.board().is_legal(Color::Black, pt("B2", s)));
        line.refused("W B2", IllegalMove::Ko);
    }
}

/// The ko ban lasts one move: a pass lifts it. Under simple ko White may then retake
/// (here by playing twice, right after her own pass); under both superko rules the
/// retake is still refused, now as Superko, because it recreates the board before
/// Black's capture with Black to move. After one more Black move elsewhere, the
/// retake is a new board and legal everywhere.
#[test]
fn pass_lifts_the_ko_ban() {
    let board = ". . . . .\n. X O . .\nX O . O .\n. X O . .";
    for rules in all_rules() {
        let mut line = Line::new(board, rules, Color::Black);
        let s = line.pos.size();
        line.legal(&["B C2", "W pass"]);
        assert_eq!(line.pos.board().ko(), None);
        let retake = line.pos.check_as(Color::White, mv("B2", s));
        match rules.ko {
            KoRule::Simple => assert_eq!(retake, Ok(())),
            _ => assert_eq!(retake, Err(IllegalMove::Superko)),
        }
        line.legal(&["B E4", "W B2"]);
        assert_eq!(line.pos.board().ko(), Some((pt("C2", s), Color::Black)));
    }
}

/// ```text
///   . . . .     Black C1 captures the two stones A1-B1 and puts D1 in atari; C1 has
///   X X O .     one liberty (B1), but two stones were captured: no ko. White may
///   O O . O     answer at B1 at once, capturing C1 (one stone, but B1 then has two
/// ```           liberties, so no ko either).
#[test]
fn ko_is_a_shape_not_any_single_capture() {
    let board = ". . . .\nX X O .\nO O . O";
    for rules in all_rules() {
        let mut line = Line::new(board, rules, Color::Black);
        line.legal(&["B C1"]);
        assert_eq!(line.pos.board().captures().black, 2);
        assert_eq!(line.pos.board().ko(), None);
        line.legal(&["W B1"]);
        assert_eq!(line.pos.board().ko(), None);
        assert_eq!(line.diagram(), ". . . .\nX X O .\n. O . O\n");
    }
}

/// A lone stone with no liberty that captures nothing is illegal under every preset,
/// including those that allow suicide (Tromp-Taylor, New Zealand, Ing).
#[test]
fn single_stone_suicide_is_never_legal() {
    let s = size(3, 3);
    for (name, rules) in presets() {
        let mut pos = Position::from_diagram(". O .\nO . .\n. . .", rules).unwrap();
        assert_eq!(pos.check(mv("A3", s)), Err(IllegalMove::Suicide), "{name}");
        assert_eq!(pos.try_play(mv("A3", s)), Err(IllegalMove::Suicide), "{name}");
        assert!(pos.board().is_suicide(Color::Black, pt("A3", s)));
        assert!(!pos.board().is_legal(Color::Black, pt("A3", s)));
        assert!(!pos.legal_moves().any(|m| m == mv("A3", s)), "{name}");
    }
}

/// ```text
///   X . .     White A1 joins A2 and B1: three stones without a liberty, capturing
///   O X .     nothing. Legal where multi-stone suicide is (Tromp-Taylor, New Zealand,
///   . O X     Ing): the three stones are removed and count as Black's captures.
/// ```
#[test]
fn multi_stone_suicide_under_tromp_taylor() {
    let diagram = "X . .\nO X .\n. O X";
    for (name, rules) in presets() {
        let mut line = Line::new(diagram, rules, Color::White);
        let s = line.pos.size();
        assert!(line.pos.board().is_suicide(Color::White, pt("A1", s)));
        if rules.suicide {
            assert!(matches!(name, "tromp-taylor" | "new-zealand" | "ing"), "{name}");
            line.legal(&["W A1"]);
            assert_eq!(line.diagram(), "X . .\n. X .\n. . X\n", "{name}");
            assert_eq!(line.pos.board().captures().black, 3);
            assert_eq!(line.pos.to_move(), Color::Black);
        } else {
            line.refused("W A1", IllegalMove::Suicide);
        }
    }
}

/// On 1×1 the only point is a single-stone suicide, so pass is the only move under
/// every preset; two passes end the game with an empty board.
#[test]
fn one_by_one_board() {
    let s = size(1, 1);
    for (name, rules) in presets() {
        let mut pos = Position::new(s, rules);
        assert_eq!(pos.legal_moves().collect::<Vec<_>>(), [Move::Pass], "{name}");
        assert_eq!(pos.check(mv("A1", s)), Err(IllegalMove::Suicide));
        pos.try_play(Move::Pass).unwrap();
        assert_eq!(pos.legal_moves().collect::<Vec<_>>(), [Move::Pass]);
        pos.try_play(Move::Pass).unwrap();
        assert!(pos.is_over());
        assert_eq!(pos.legal_moves().count(), 0);
        let score = pos.score(&PointSet::EMPTY);
        assert_eq!((score.points.black, score.points.white), (0, 0), "{name}");
        assert_eq!(score.winner(), Some(Color::White), "{name}: komi decides");
    }
    assert_eq!(perft(&Position::new(s, Rules::tromp_taylor()), 3), 0);
}

/// 25×25, the largest board: the far corner is addressable, captures work there, and
/// every point plus the pass is a legal first move (625 × 625 + 626 sequences of two).
#[test]
fn largest_board_25x25() {
    let s = size(25, 25);
    assert!(BoardSize::square(26).is_err());
    let mut pos = Position::new(s, Rules::chinese());
    assert_eq!(pos.legal_moves().count(), 626);
    assert_eq!(perft(&pos, 2), 625 * 625 + 626);
    let z25 = pt("Z25", s);
    assert_eq!((z25.col(), z25.row()), (24, 24));
    assert_eq!(z25.to_sgf(s), "ya");
    for step in ["Z24", "Z25", "Y25", "A1"] {
        pos.try_play(mv(step, s)).unwrap();
    }
    // Black Z24 and Y25 captured White Z25.
    assert_eq!(pos.board().color_at(z25), None);
    assert_eq!(pos.board().captures().black, 1);
    assert_eq!(pos.board().ko(), None, "Y25 has other liberties than Z25");
    pos.board().check_consistency().unwrap();
    let mut handicap = Position::new(s, Rules::chinese());
    let stones = handicap.place_fixed_handicap(9).unwrap();
    assert_eq!(stones, set("D4 W22 D22 W4 D13 W13 N4 N22 N13", s));
}

/// GTP's fixed handicap layouts (GTP 2 draft 2, §4.1.1), placed as setup stones with
/// White to move.
#[test]
fn handicap_layouts() {
    let layouts: [(u32, [&str; 8]); 3] = [
        (
            19,
            [
                "D4 Q16",
                "D4 Q16 D16",
                "D4 Q16 D16 Q4",
                "D4 Q16 D16 Q4 K10",
                "D4 Q16 D16 Q4 D10 Q10",
                "D4 Q16 D16 Q4 D10 Q10 K10",
                "D4 Q16 D16 Q4 D10 Q10 K4 K16",
                "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10",
            ],
        ),
        (
            13,
            [
                "D4 K10",
                "D4 K10 D10",
                "D4 K10 D10 K4",
                "D4 K10 D10 K4 G7",
                "D4 K10 D10 K4 D7 K7",
                "D4 K10 D10 K4 D7 K7 G7",
                "D4 K10 D10 K4 D7 K7 G4 G10",
                "D4 K10 D10 K4 D7 K7 G4 G10 G7",
            ],
        ),
        (
            9,
            [
                "C3 G7",
                "C3 G7 C7",
                "C3 G7 C7 G3",
                "C3 G7 C7 G3 E5",
                "C3 G7 C7 G3 C5 G5",
                "C3 G7 C7 G3 C5 G5 E5",
                "C3 G7 C7 G3 C5 G5 E3 E7",
                "C3 G7 C7 G3 C5 G5 E3 E7 E5",
            ],
        ),
    ];
    for (n, expected) in layouts {
        let s = size(n, n);
        for (k, names) in (2..).zip(expected) {
            let mut pos = Position::new(s, Rules::chinese());
            let stones = pos.place_fixed_handicap(k).unwrap();
            assert_eq!(stones, set(names, s), "{n}x{n}, {k} stones");
            assert_eq!(*pos.board().stones(Color::Black), stones);
            assert_eq!(pos.to_move(), Color::White);
            assert_eq!(pos.handicap(), k);
            assert_eq!(pos.move_count(), 0, "handicap stones are setup, not moves");
            assert!(pos.undo().is_err(), "setup cannot be undone");
        }
        let mut pos = Position::new(s, Rules::chinese());
        assert!(pos.place_fixed_handicap(1).is_err());
        assert!(pos.place_fixed_handicap(10).is_err());
    }
    // Free placement: the fixed layout where there is one, distinct points elsewhere.
    let mut pos = Position::new(size(19, 19), Rules::chinese());
    assert_eq!(pos.place_free_handicap(5).unwrap(), set("D4 Q16 D16 Q4 K10", size(19, 19)));
    let mut pos = Position::new(size(7, 7), Rules::chinese());
    let stones = pos.place_free_handicap(3).unwrap();
    assert_eq!(stones.len(), 3);
    assert_eq!(*pos.board().stones(Color::Black), stones);
    assert_eq!((pos.to_move(), pos.handicap()), (Color::White, 3));
    // Even sizes and 7x7: four stones at most; below 7x7 no fixed handicap at all.
    assert_eq!(
        Position::new(size(10, 10), Rules::chinese()).place_fixed_handicap(4).unwrap().len(),
        4
    );
    assert!(Position::new(size(10, 10), Rules::chinese()).place_fixed_handicap(5).is_err());
    assert_eq!(
        Position::new(size(7, 7), Rules::chinese()).place_fixed_handicap(4).unwrap().len(),
        4
    );
    assert!(Position::new(size(7, 7), Rules::chinese()).place_fixed_handicap(5).is_err());
    assert!(Position::new(size(6, 6), Rules::chinese()).place_fixed_handicap(2).is_err());
    // Only on an empty board before any move.
    let mut pos = Position::new(size(9, 9), Rules::chinese());
    pos.try_play(Move::Pass).unwrap();
    assert!(pos.place_fixed_handicap(2).is_err());
}

/// Two passes end the game: nothing is legal any more, not even a pass; `resume`
/// reopens it and the passes stay in the history; undoing the second pass reopens it
/// too; a move between two passes does not end it.
#[test]
fn game_over_after_two_passes_and_resume() {
    let s = size(5, 5);
    for rules in all_rules() {
        let mut pos = Position::new(s, rules);
        for step in ["pass", "C3", "pass"] {
            pos.try_play(mv(step, s)).unwrap();
        }
        assert!(!pos.is_over());
        pos.try_play(Move::Pass).unwrap();
        assert!(pos.is_over());
        assert_eq!(pos.consecutive_passes(), 2);
        assert_eq!(pos.try_play(Move::Pass), Err(IllegalMove::GameOver));
        assert_eq!(pos.try_play(mv("A1", s)), Err(IllegalMove::GameOver));
        assert_eq!(pos.check_as(Color::White, mv("A1", s)), Err(IllegalMove::GameOver));
        assert_eq!(pos.legal_moves().count(), 0);
        let mut undone = pos.clone();
        assert_eq!(undone.undo(), Ok((Color::White, Move::Pass)));
        assert!(!undone.is_over());
        assert_eq!(undone.consecutive_passes(), 1);
        pos.resume();
        assert!(!pos.is_over());
        assert_eq!(pos.move_count(), 4);
        assert_eq!(pos.to_move(), Color::Black);
        pos.try_play(mv("A1", s)).unwrap();
        pos.try_play(Move::Pass).unwrap();
        assert!(!pos.is_over(), "one pass after resuming");
        pos.try_play(Move::Pass).unwrap();
        assert!(pos.is_over());
    }
}

/// Undo takes back captures, passes, ko bans and suicides exactly, in any order of
/// events, and restores the side to move even after a colour played twice.
#[test]
fn undo_across_captures_passes_and_suicide() {
    // The snapback board, with Tromp-Taylor rules so that White may kill herself too.
    let board = ". . . .\nX X . .\nO O X .\n. . X .";
    let mut line = Line::new(board, Rules::tromp_taylor(), Color::Black);
    let mut snapshots = vec![line.pos.clone()];
    // Snapback (B A1, W B1 takes one, B A1 takes three), a pass and White playing
    // twice, a capture of D1 by D2, Black playing twice, then W D4: C4-D4-D3 have no
    // liberty and capture nothing, a three-stone suicide.
    let steps =
        ["B A1", "W B1", "B A1", "W pass", "W D1", "B D2", "W C4", "W D3", "B C3", "B B4", "W D4"];
    for step in steps {
        assert_eq!(line.play(step), Ok(()), "{step}\n{}", line.diagram());
        snapshots.push(line.pos.clone());
    }
    assert_eq!(line.diagram(), ". X . .\nX X X .\n. . X X\nX . X .\n");
    assert_eq!(line.pos.board().captures().black, 3 + 1 + 3);
    assert_eq!(line.pos.board().captures().white, 1);
    while snapshots.len() > 1 {
        snapshots.pop();
        line.undo();
        let before = snapshots.last().unwrap();
        assert_eq!(line.pos.board(), before.board());
        assert_eq!(line.pos.hash(), before.hash());
        assert_eq!(line.pos.situational_hash(), before.situational_hash());
        assert_eq!(line.pos.to_move(), before.to_move());
        assert_eq!(line.pos.history(), before.history());
        assert!(line.pos.legal_moves().eq(before.legal_moves()));
    }
}

/// Setup is not a move: it lifts the ko ban, starts a new superko history (so a board
/// seen only before it may come back), counts as a seen board itself, and cannot be
/// undone.
#[test]
fn setup_then_superko_history() {
    // The ko of `simple_ko_ban_and_who_it_binds`: after Black's capture, an empty
    // setup change (it changes no point) lifts the ban, and White's retake, which
    // recreates the board before the capture, is no longer a repetition.
    let board = ". X O .\nX O . O\n. X O .";
    for rules in all_rules() {
        let mut line = Line::new(board, rules, Color::Black);
        let s = line.pos.size();
        line.legal(&["B C2"]);
        line.refused("W B2", IllegalMove::Ko);
        line.pos.setup(Setup::default()).unwrap();
        assert_eq!(line.game.setup(&[], &[], &[]), Ok(()));
        assert_eq!(line.pos.board().ko(), None);
        assert!(line.pos.undo().is_err(), "the setup cannot be undone");
        assert_eq!(line.pos.check(mv("B2", s)), Ok(()), "{rules:?}");
        line.legal(&["W B2"]);
        // Black's immediate retake would recreate the set-up board: a ko first.
        line.refused("B C2", IllegalMove::Ko);
    }
    // The set-up board is remembered: the 2x2 cycle from Black's lone A1, set up
    // with White to move, comes back to it on the sixth move.
    for rules in all_rules() {
        let mut line = Line::new(". .\nX .", rules, Color::White);
        line.legal(&["W B2", "B A2", "W B1", "B A1", "W A2"]);
        let back = line.play("B A1");
        match rules.ko {
            KoRule::Simple => assert_eq!(back, Ok(())),
            _ => assert_eq!(back, Err(IllegalMove::Superko)),
        }
    }
}

/// Setup may turn stones into the other colour when the result is valid, and refuses
/// (changing nothing) a result with a chain without liberties. Regression test: setup
/// used to refuse this valid change (found by the differential test).
#[test]
fn issue_2_setup_recolouring_stones() {
    let s = size(2, 2);
    let mut pos = Position::from_diagram(". O\nX X", Rules::chinese()).unwrap();
    // A2 and B2 black, A1 emptied: "X X / . X", valid although White's B2 would have
    // no liberty if A2 were filled first.
    pos.setup(Setup { black: set("A2 B2", s), empty: set("A1", s), ..Setup::default() }).unwrap();
    assert_eq!(pos.board().to_diagram(), "X X\n. X\n");
    pos.board().check_consistency().unwrap();
    let before = pos.clone();
    assert!(pos.setup(Setup { white: set("A1", s), ..Setup::default() }).is_err());
    assert_eq!(pos.board(), before.board());
    assert!(
        pos.setup(Setup { white: set("A1", s), black: set("A1", s), ..Setup::default() }).is_err()
    );
    let off = Point::new(5, 5, size(9, 9)).unwrap();
    assert!(pos.setup(Setup { black: PointSet::from_iter([off]), ..Setup::default() }).is_err());
    assert_eq!(pos.check(Move::Play(off)), Err(IllegalMove::OffBoard));
}

/// Regression test: `Position::undo` gave the move to the colour that had played, so
/// after a move out of turn the position was not the one before the move.
#[test]
fn issue_2_undo_restores_the_side_to_move() {
    let s = size(3, 3);
    let mut pos = Position::new(s, Rules::aga());
    let before = pos.clone();
    pos.try_play_as(Color::White, mv("B2", s)).unwrap();
    assert_eq!(pos.to_move(), Color::Black);
    assert_eq!(pos.undo(), Ok((Color::White, mv("B2", s))));
    assert_eq!(pos.to_move(), Color::Black);
    assert_eq!(pos.situational_hash(), before.situational_hash());
}

/// Regression test: taking back the move that resumed a finished game (GTP's `play`
/// after two passes) left the game not over, so GTP's `printsgf` lost the result.
#[test]
fn issue_10_undo_after_resume_ends_the_game_again() {
    let s = size(3, 3);
    let mut pos = Position::new(s, Rules::aga());
    pos.try_play(Move::Pass).unwrap();
    pos.try_play(Move::Pass).unwrap();
    assert!(pos.is_over());
    pos.resume();
    pos.try_play(mv("B2", s)).unwrap();
    assert!(!pos.is_over());
    pos.undo().unwrap();
    assert!(pos.is_over());
    assert_eq!(pos.consecutive_passes(), 2);
    // Resumed and taken back without a move in between: the second pass is undone.
    pos.resume();
    pos.undo().unwrap();
    assert!(!pos.is_over());
    assert_eq!(pos.consecutive_passes(), 1);
    // A move after resuming, then a pass: undoing the pass does not end the game.
    pos.try_play(Move::Pass).unwrap();
    pos.resume();
    pos.try_play(mv("B2", s)).unwrap();
    pos.try_play(Move::Pass).unwrap();
    pos.undo().unwrap();
    assert!(!pos.is_over());
    pos.undo().unwrap();
    assert!(pos.is_over());
}

/// Regression test: after setup and `set_to_move`, situational superko compared
/// against the set-up board recorded with the old side to move.
///
/// The sending-two-returning-one corner (see `superko.rs`), set up with White to move:
/// after W A1, B C1, W B1 the set-up board is back with Black to move. The start had
/// White to move, so situational superko allows B1 (it was refused before the fix),
/// and the start with White to move is remembered: after Black passes, White's A1
/// would recreate the board after the first move with Black to move, and is refused.
#[test]
fn issue_2_set_to_move_after_setup_is_the_recorded_situation() {
    let corner = ". . . . .\n. . O . .\nX X O . .\n. O . O .\n";
    let mut pos = Position::from_diagram(corner, Rules::aga()).unwrap();
    let s = pos.size();
    pos.set_to_move(Color::White);
    for step in ["A1", "C1"] {
        pos.try_play(mv(step, s)).unwrap();
    }
    assert_eq!(pos.try_play(mv("B1", s)), Ok(()));
    assert_eq!(pos.board().to_diagram(), corner);
    pos.try_play(Move::Pass).unwrap();
    assert_eq!(pos.try_play(mv("A1", s)), Err(IllegalMove::Superko));
}
