//! Every pattern of the shipped library fires on a position designed for it (and the
//! tactical ones stay silent on a near miss). Ladders are read by the test ladder
//! reader of `common`.

mod common;

use std::sync::Arc;

use common::LadderOracle;
use go_board::{BoardSize, Color, Move, Position, Rules};
use go_patterns::{CandidateGenerator, JosekiTracker, PatternGenerator, PatternSet, library};

fn set() -> Arc<PatternSet> {
    Arc::new(library::standard().clone())
}

/// What the library proposes in `position`: (pattern, vertex) pairs, from the move
/// patterns and from the joseki trees that followed the game.
fn proposals(position: &Position) -> Vec<(String, String)> {
    let set = set();
    let oracle = Arc::new(LadderOracle);
    let mut out = Vec::new();
    PatternGenerator::with_oracle(Arc::clone(&set), oracle.clone()).generate(position, &mut out);
    JosekiTracker::with_oracle(set, oracle, position).generate(position, &mut out);
    let mut v: Vec<(String, String)> =
        out.iter().map(|c| (c.source.item.to_string(), c.mv.to_string())).collect();
    v.sort();
    v.dedup();
    v
}

/// A position set up from a diagram (no history: move 1, the opening) with `to_move`.
fn diagram(text: &str, to_move: Color) -> Position {
    let mut p = Position::from_diagram(text, Rules::chinese()).expect("a valid diagram");
    p.set_to_move(to_move);
    p
}

/// An empty 19×19 board with `moves` played alternately from Black.
fn game(moves: &[&str]) -> Position {
    let mut p = Position::new(BoardSize::square(19).unwrap(), Rules::chinese());
    for m in moves {
        p.try_play(Move::parse_gtp(m, p.size()).unwrap()).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    p
}

/// A 19×19 position with these black and white stones, `to_move` to play.
fn stones(black: &[&str], white: &[&str], to_move: Color) -> Position {
    let size = BoardSize::square(19).unwrap();
    let mut rows = vec![vec!['.'; 19]; 19];
    for (list, c) in [(black, 'X'), (white, 'O')] {
        for v in list {
            let p = go_board::Point::parse_gtp(v, size).unwrap();
            rows[18 - usize::from(p.row())][usize::from(p.col())] = c;
        }
    }
    let text: Vec<String> =
        rows.iter().map(|r| r.iter().map(char::to_string).collect::<Vec<_>>().join(" ")).collect();
    diagram(&text.join("\n"), to_move)
}

fn fires(position: &Position, pattern: &str, vertex: &str) -> bool {
    proposals(position).contains(&(pattern.to_owned(), vertex.to_owned()))
}

#[track_caller]
fn assert_fires(position: &Position, pattern: &str, vertex: &str) {
    assert!(
        fires(position, pattern, vertex),
        "{pattern} should propose {vertex}:\n{}\n{:?}",
        position.board(),
        proposals(position)
    );
}

#[track_caller]
fn assert_silent(position: &Position, pattern: &str) {
    let all = proposals(position);
    assert!(
        !all.iter().any(|(p, _)| p == pattern),
        "{pattern} should not fire:\n{}\n{all:?}",
        position.board()
    );
}

#[test]
fn issue_12_every_library_pattern_is_tested_here() {
    // The names this file tests; a new pattern must get a test.
    let tested = [
        "akisumisen",
        "hakakari",
        "hosi_kogeima_nikentakabasami",
        "akisumisen_sequence",
        "enclosure_hoshi",
        "enclosure_komoku",
        "approach_komoku",
        "extension_two_space",
        "hane_at_the_head_of_two",
        "connect_against_peep",
        "connect_diagonal",
        "crosscut",
        "capture_in_atari",
        "extend_out_of_atari",
        "ladder_atari",
        "ladder_breaker",
        "hoshi_low_approach_knight",
        "hoshi_33_invasion",
    ];
    let mut names: Vec<&str> = library::standard().patterns().map(|p| p.name()).collect();
    names.sort_unstable();
    let mut tested = tested.to_vec();
    tested.sort_unstable();
    assert_eq!(names, tested);
}

#[test]
fn issue_12_seed_examples_fire() {
    // Figure 1: the first move in an empty corner.
    let empty = game(&[]);
    for v in ["C3", "D3", "C4", "D4", "Q16", "R17"] {
        assert_fires(&empty, "akisumisen", v);
    }
    // ... not in a corner that holds a stone.
    let taken = game(&["C3"]);
    assert!(!fires(&taken, "akisumisen", "D4"));
    assert_fires(&taken, "akisumisen", "Q16");
    // Figure 2: the approach to the opponent's 4-4 point.
    let hoshi = game(&["D4"]);
    assert_fires(&hoshi, "hakakari", "F3");
    assert_fires(&hoshi, "hakakari", "C6");
    // Figure 5: 4-4, small knight approach, then the two-space high pincer.
    let approach = game(&["D4", "C6"]);
    assert_fires(&approach, "hosi_kogeima_nikentakabasami", "D9");
    // Figure 8: 4-4, approach, then the answer or the pincer (a branch).
    let fig8 = game(&["D4", "F3"]);
    assert_fires(&fig8, "akisumisen_sequence", "D6");
    assert_fires(&fig8, "akisumisen_sequence", "J4");
}

#[test]
fn issue_12_opening_patterns_fire() {
    // Black's own 4-4 point with an empty corner: the knight's move enclosures.
    let p = stones(&["D4"], &["Q16"], Color::Black);
    assert_fires(&p, "enclosure_hoshi", "C6");
    assert_fires(&p, "enclosure_hoshi", "F3");
    // Black's own 3-4 point C4: the small knight's and one-space enclosures.
    let p = stones(&["C4"], &["Q16"], Color::Black);
    assert_fires(&p, "enclosure_komoku", "E3");
    assert_fires(&p, "enclosure_komoku", "E4");
    // The opponent's 3-4 point: the approaches on its wide side.
    let p = stones(&["Q16"], &["C4"], Color::Black);
    assert_fires(&p, "approach_komoku", "E3");
    assert_fires(&p, "approach_komoku", "E4");
    // Not once the corner has a second stone.
    let p = stones(&["Q16", "E3"], &["C4"], Color::Black);
    assert_silent(&p, "approach_komoku");
    // A two-space extension along the third line from a lone stone.
    let p = stones(&["K3"], &["Q16"], Color::Black);
    assert_fires(&p, "extension_two_space", "N3");
    assert_fires(&p, "extension_two_space", "G3");
}

#[test]
fn issue_12_shape_patterns_fire() {
    // Hane at the head of two stones: White D4-D5 against Black E4-E5.
    let p = stones(&["E4", "E5"], &["D4", "D5"], Color::Black);
    assert_fires(&p, "hane_at_the_head_of_two", "D6");
    // Connect against a peep: Black C5 and E5, White peeps at D6.
    let p = stones(&["C5", "E5"], &["D6"], Color::Black);
    assert_fires(&p, "connect_against_peep", "D5");
    // Diagonal stones C5, D4 with White on C4: connect at D5.
    let p = stones(&["C5", "D4"], &["C4"], Color::Black);
    assert_fires(&p, "connect_diagonal", "D5");
    // White's diagonal C5, D4 with Black on C4: crosscut at D5.
    let p = stones(&["C4"], &["C5", "D4"], Color::Black);
    assert_fires(&p, "crosscut", "D5");
    // ... not where the cutting stone would be in atari at once.
    let p = stones(&["C4"], &["C5", "D4", "D6", "E5"], Color::Black);
    assert!(!fires(&p, "crosscut", "D5"));
}

#[test]
fn issue_12_tactical_patterns_fire() {
    // White D10 in atari: capture it.
    let p = stones(&["C10", "E10", "D9"], &["D10"], Color::Black);
    assert_fires(&p, "capture_in_atari", "D11");
    // The same for White to move: extend out of atari, reaching three liberties.
    let p = stones(&["C10", "E10", "D9"], &["D10"], Color::White);
    assert_fires(&p, "extend_out_of_atari", "D11");
    // ... not when the extension reaches only two.
    let p = stones(&["C10", "E10", "D9", "D12"], &["D10"], Color::White);
    assert_silent(&p, "extend_out_of_atari");
}

/// White's D3 (liberties D4 and E3) is captured in a ladder starting at E3 (GNU Go
/// 3.8 agrees: `ladder_attack D3` = `1 E3`); a white stone on G6 breaks it.
const LADDER: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . X . . . . . .
    . . X O . . . . .
    . . . X . . . . .
    . . . . . . . . .
";

const BROKEN: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . O . .
    . . . . . . . . .
    . . X . . . . . .
    . . X O . . . . .
    . . . X . . . . .
    . . . . . . . . .
";

#[test]
fn issue_12_ladder_patterns_fire() {
    let ladder = diagram(LADDER, Color::Black);
    let found = proposals(&ladder);
    let ataris: Vec<&str> =
        found.iter().filter(|(p, _)| p == "ladder_atari").map(|(_, v)| v.as_str()).collect();
    assert_eq!(ataris, ["E3"], "{found:?}");
    assert_silent(&diagram(BROKEN, Color::Black), "ladder_atari");
    // White to move: a move on the ladder's diagonal that breaks it.
    let ladder = diagram(LADDER, Color::White);
    let found = proposals(&ladder);
    let breakers: Vec<&str> =
        found.iter().filter(|(p, _)| p == "ladder_breaker").map(|(_, v)| v.as_str()).collect();
    assert!(breakers.contains(&"F5"), "{found:?}");
    // Every proposed breaker does break the ladder (checked by the reader directly).
    for v in &breakers {
        let mut after = ladder.clone();
        after.try_play(Move::parse_gtp(v, after.size()).unwrap()).unwrap();
        let d3 = go_board::Point::parse_gtp("D3", after.size()).unwrap();
        use go_patterns::BoardOracle;
        assert_eq!(LadderOracle.ladder_attack(after.board(), d3, Color::Black), Some(false), "{v}");
    }
    assert_silent(&diagram(BROKEN, Color::White), "ladder_breaker");
}

#[test]
fn issue_12_joseki_lines_fire_and_follow_the_game() {
    // 4-4, small knight approach: the knight's answer.
    let p = game(&["D4", "C6"]);
    assert_fires(&p, "hoshi_low_approach_knight", "E3");
    // ... then the two-space extension.
    let p = game(&["D4", "C6", "E3", "Q16"]);
    assert_fires(&p, "hoshi_low_approach_knight", "C9");
    // The 3-3 invasion under a lone 4-4 stone, then the crawl after the block.
    let p = game(&["D4"]);
    assert_fires(&p, "hoshi_33_invasion", "C3");
    let p = game(&["D4", "C3", "D3"]);
    assert_fires(&p, "hoshi_33_invasion", "C4");
}

#[test]
fn issue_12_mined_joseki_follow_a_common_line() {
    let set = Arc::new(library::mined_joseki().clone());
    assert!(set.warnings().is_empty(), "{:?}", set.warnings());
    let offered = |moves: &[&str]| {
        let position = game(moves);
        let mut out = Vec::new();
        JosekiTracker::new(Arc::clone(&set), &position).generate(&position, &mut out);
        out.iter().map(|c| c.mv.to_string()).collect::<Vec<_>>()
    };
    // The 3-4 point (c4 in the corner's frame) and the 4-4 point in an empty corner.
    let first = offered(&[]);
    assert!(first.contains(&"C4".to_owned()) && first.contains(&"D4".to_owned()), "{first:?}");
    // The small knight approach to the 3-4 point: the file's two most played answers,
    // the diagonal d5 and the pincer h4, are offered.
    let after = offered(&["C4", "E3"]);
    assert!(after.contains(&"D5".to_owned()) && after.contains(&"H4".to_owned()), "{after:?}");
}
