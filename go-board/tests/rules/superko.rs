//! Repetition: simple ko, positional and situational superko on real move sequences
//! (triple ko, sending two returning one, eternal life, multi-stone suicide, 2×2),
//! worked out by hand in the comments and checked on go-board and the reference.

use go_board::{Color, IllegalMove, KoRule, Rules};

use crate::support::Line;

fn rules(ko: KoRule, suicide: bool) -> Rules {
    Rules { ko, suicide, ..Rules::tromp_taylor() }
}

const KO_RULES: [KoRule; 3] =
    [KoRule::Simple, KoRule::PositionalSuperko, KoRule::SituationalSuperko];

/// Three kos on the bottom edge, each of the shape
///
/// ```text
///   . X O .        Black takes at the empty first-line point (C1, G1, L1) by
///   X O . O        capturing the lone white stone beside it (B1, F1, K1);
/// ```
///
/// White takes back on B1, F1 or K1. The first ko (A–D) starts held by Black, the
/// other two by White. Nothing but the ko stones is ever captured.
const TRIPLE_KO: &str = "
    . . . . . . . . . . . .
    . X O . . X O . . X O .
    X . X O X O . O X O . O
";

/// The six-move cycle of a triple ko: every move takes a ko (never the one just taken,
/// which simple ko forbids), and the sixth recreates the starting position with Black
/// to move again. Simple ko allows it, so the cycle can go on for ever; positional and
/// situational superko both forbid the sixth move, because the same board with the
/// same player to move (Black) was the start.
#[test]
fn triple_ko_cycle_is_stopped_by_both_superko_rules() {
    // States (first, second, third ko) by holder: start (B, W, W), Black to move.
    let cycle = [
        "B L1", // (B, W, B): Black takes the third ko
        "W B1", // (W, W, B): White takes the first
        "B G1", // (W, B, B): Black takes the second
        "W K1", // (W, B, W): White takes the third
        "B C1", // (B, B, W): Black takes the first
    ];
    let sixth = "W F1"; // (B, W, W): the start again, Black to move
    for ko in KO_RULES {
        let mut line = Line::new(TRIPLE_KO, rules(ko, false), Color::Black);
        let start = line.diagram();
        line.legal(&cycle);
        if ko == KoRule::Simple {
            line.legal(&[sixth]);
            assert_eq!(line.diagram(), start);
            // ... and round again, for ever.
            line.legal(&cycle);
            line.legal(&[sixth]);
            assert_eq!(line.diagram(), start);
            assert_eq!(line.pos.board().captures().black, 6);
        } else {
            line.refused(sixth, IllegalMove::Superko);
            // Retaking the ko just taken (by playing twice) is a simple-ko violation
            // too, which is reported as Ko, not Superko.
            line.refused("W B1", IllegalMove::Ko);
        }
    }
}

/// With a pass inside the triple ko, a board comes back with the other player to move:
/// positional superko forbids the move, situational superko allows it.
#[test]
fn triple_ko_positional_vs_situational() {
    for ko in KO_RULES {
        let mut line = Line::new(TRIPLE_KO, rules(ko, false), Color::Black);
        // (B,W,B) W to move; (W,W,B) B; (W,B,B) W; (W,B,W) B; (B,B,W) W.
        line.legal(&["B L1", "W B1", "B G1", "W K1", "B C1"]);
        // White passes: (B,B,W) with Black to move, which is new.
        line.legal(&["W pass"]);
        // Black takes the third ko: (B,B,B) with White to move, new.
        line.legal(&["B L1"]);
        // White takes the first ko: (W,B,B) with Black to move. That board was seen
        // after the third move, but with White to move.
        let take = line.play("W B1");
        match ko {
            KoRule::Simple => assert_eq!(take, Ok(())),
            KoRule::PositionalSuperko => assert_eq!(take, Err(IllegalMove::Superko)),
            KoRule::SituationalSuperko => assert_eq!(take, Ok(())),
        }
    }
}

/// Sending two returning one, in the bottom-left corner:
///
/// ```text
///   . . . . .
///   . . O . .
///   X X O . .
///   . O . O .
/// ```
///
/// White throws in at A1, so A1–B1 are two stones in atari (sending two); Black
/// captures them at C1, and the capturing stone has one liberty, B1; White plays B1
/// and captures it (returning one). The board is the starting one again after three
/// moves, but with Black to move instead of White. B1 captured one stone, but not in a
/// ko shape (B1 has two liberties), so simple ko allows everything.
///
/// - Positional superko: White's B1 recreates the starting board, so it is refused.
/// - Situational superko: B1 is allowed (the start had White to move). If Black then
///   passes, the start comes back with White to move (a pass never breaks superko),
///   and White's throw-in A1 would recreate the board after the first move with Black
///   to move: now refused.
#[test]
fn sending_two_returning_one_positional_vs_situational() {
    let corner = "
        . . . . .
        . . O . .
        X X O . .
        . O . O .
    ";
    for ko in KO_RULES {
        let mut line = Line::new(corner, rules(ko, false), Color::White);
        let start = line.diagram();
        line.legal(&["W A1", "B C1"]);
        assert_eq!(line.pos.board().captures().black, 2);
        let returning = line.play("W B1");
        if ko == KoRule::PositionalSuperko {
            assert_eq!(returning, Err(IllegalMove::Superko));
            continue;
        }
        assert_eq!(returning, Ok(()));
        assert_eq!(line.diagram(), start);
        assert_eq!(line.pos.board().ko(), None, "B1 has two liberties: no ko");
        line.legal(&["B pass"]);
        let again = line.play("W A1");
        match ko {
            KoRule::SituationalSuperko => assert_eq!(again, Err(IllegalMove::Superko)),
            _ => {
                assert_eq!(again, Ok(()));
                line.legal(&["B C1", "W B1", "B pass", "W A1"]);
            }
        }
    }
}

/// A four-move cycle in which each side sacrifices two stones and captures two (the
/// mechanism of eternal life, chōsei):
///
/// ```text
///   . . O O      1. B B3 captures C3-D3 (two stones)
///   O O X X      2. W D3 throws one stone back in
///   O O . X      3. B A3: A3-B3 in atari, and White's four stones too
///                4. W C3 captures A3-B3: the starting board, Black to move
/// ```
///
/// The fourth move recreates the start with the same player to move, so both superko
/// rules refuse it; under simple ko (no move retakes a single stone) it is legal and
/// the game can cycle for ever.
#[test]
fn eternal_life_cycle_under_each_ko_rule() {
    let board = "
        . . O O
        O O X X
        O O . X
    ";
    for ko in KO_RULES {
        let mut line = Line::new(board, rules(ko, false), Color::Black);
        let start = line.diagram();
        line.legal(&["B B3", "W D3", "B A3"]);
        let fourth = line.play("W C3");
        if ko == KoRule::Simple {
            assert_eq!(fourth, Ok(()));
            assert_eq!(line.diagram(), start);
            line.legal(&["B B3", "W D3", "B A3", "W C3"]);
            assert_eq!(line.diagram(), start);
            assert_eq!(line.pos.board().captures().black, 4);
            assert_eq!(line.pos.board().captures().white, 4);
        } else {
            assert_eq!(fourth, Err(IllegalMove::Superko));
        }
    }
}

/// A multi-stone suicide can recreate an earlier board: White builds two stones and
/// kills them herself. The final board equals the start, which had White to move;
/// after the suicide Black is to move.
///
/// ```text
///   X . .      W A2, B pass, W B1, B pass, W A1: A1-A2-B1 have no liberty and
///   . X .      capture nothing, so they are removed (a three-stone suicide).
///   . . X
/// ```
#[test]
fn multi_stone_suicide_can_repeat_a_position() {
    let board = "
        X . .
        . X .
        . . X
    ";
    for ko in KO_RULES {
        for suicide in [false, true] {
            let mut line = Line::new(board, rules(ko, suicide), Color::White);
            let start = line.diagram();
            line.legal(&["W A2", "B pass", "W B1", "B pass"]);
            let kill = line.play("W A1");
            let want = match (suicide, ko) {
                (false, _) => Err(IllegalMove::Suicide),
                (true, KoRule::PositionalSuperko) => Err(IllegalMove::Superko),
                // The start had White to move; now Black would be.
                (true, _) => Ok(()),
            };
            assert_eq!(kill, want, "{ko:?}, suicide {suicide}");
            if kill.is_ok() {
                assert_eq!(line.diagram(), start);
                assert_eq!(
                    line.pos.board().captures().black,
                    3,
                    "a suicide counts for the opponent"
                );
            }
        }
    }
}

/// On 2×2 a capture soon brings back an earlier board:
///
/// 1. B A1, 2. W B2, 3. B A2 (A1-A2 and B2 share the last liberty B1),
/// 4. W B1 captures A1-A2, 5. B A1, 6. W A2 captures A1 (not a ko: A2 joins B1-B2),
/// 7. B A1 captures all three white stones, leaving Black's lone A1 with White to move:
///    the board after move 1. Both superko rules refuse it; simple ko allows it.
#[test]
fn two_by_two_board() {
    for ko in KO_RULES {
        let mut line = Line::new(". .\n. .", rules(ko, false), Color::Black);
        line.legal(&["B A1", "W B2", "B A2", "W B1", "B A1", "W A2"]);
        assert_eq!(line.pos.board().captures().white, 3);
        assert_eq!(line.pos.board().ko(), None);
        let last = line.play("B A1");
        if ko == KoRule::Simple {
            assert_eq!(last, Ok(()));
            assert_eq!(line.diagram(), ". .\nX .\n");
            assert_eq!(line.pos.board().captures().black, 3);
        } else {
            assert_eq!(last, Err(IllegalMove::Superko));
            // Black's only moves are now the pass (A1 repeats; nothing else is empty).
            let legal: Vec<String> = line.pos.legal_moves().map(|m| m.to_string()).collect();
            assert_eq!(legal, ["pass"]);
        }
    }
}

/// A double ko with a pass shows the difference of the two superko rules in its
/// simplest form: the board comes back with the other player to move.
///
/// ```text
///   . X O . . X O .     Two kos of the triple-ko shape: Black holds the first (C1),
///   X . X O X O . O     White the second (F1); Black to move.
/// ```
///
/// Black G1 takes the second ko; White B1 takes the first (Black may not retake at
/// once); Black passes; White F1 retakes the second; Black C1 retakes the first: the
/// starting board, but with White to move. Positional superko refuses it; situational
/// superko and simple ko allow it.
#[test]
fn double_ko_with_a_pass_positional_vs_situational() {
    let board = "
        . . . . . . . .
        . X O . . X O .
        X . X O X O . O
    ";
    // Start: first ko held by Black (C1), second by White (F1); Black to move.
    for ko in KO_RULES {
        let mut line = Line::new(board, rules(ko, false), Color::Black);
        // Black takes the second ko: both held by Black, White to move.
        // White takes the first: (W, B), Black to move. Black may not retake at once.
        line.legal(&["B G1", "W B1"]);
        line.refused("B C1", IllegalMove::Ko);
        // Black passes; White takes the second: (W, W), Black to move.
        line.legal(&["B pass", "W F1"]);
        // Black takes the first: (B, W) — the starting board, but with White to move.
        let back = line.play("B C1");
        match ko {
            KoRule::PositionalSuperko => assert_eq!(back, Err(IllegalMove::Superko)),
            _ => assert_eq!(back, Ok(())),
        }
    }
}
