//! `unconditional_status` against GNU Go 3.8's answers on our own positions
//! (`testdata/unconditional/*.gnugo`, recorded by `record.py`; see its README) and
//! against hand-checked answers on boards GNU Go does not have (rectangles).

use go_board::{Board, Color, Point};
use go_eval::unconditional::{Unconditional, UnconditionalStatus};

/// The status letters of the fixtures.
fn letter(status: UnconditionalStatus) -> char {
    match status {
        UnconditionalStatus::Alive => 'A',
        UnconditionalStatus::Dead => 'D',
        UnconditionalStatus::Territory(Color::Black) => 'b',
        UnconditionalStatus::Territory(Color::White) => 'w',
        UnconditionalStatus::Undecided => '.',
    }
}

/// Our status map of a position given as rows (top row first), rows joined by `/`.
fn our_map(rows: &[&str]) -> Vec<String> {
    let board = Board::from_diagram(&rows.join("\n")).expect("a legal fixture position");
    let u = Unconditional::new(&board);
    let size = board.size();
    (0..size.rows())
        .rev()
        .map(|row| {
            (0..size.cols()).map(|col| letter(u.status(Point::must(col, row, size)))).collect()
        })
        .collect()
}

/// Checks every position of a `name|position|status` file; returns the number of
/// points compared.
fn check_file(text: &str) -> usize {
    let mut points = 0;
    let mut failures = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split('|').collect();
        assert_eq!(fields.len(), 3, "malformed fixture line {line:?}");
        let rows: Vec<&str> = fields[1].split('/').collect();
        let expected: Vec<&str> = fields[2].split('/').collect();
        let ours = our_map(&rows);
        points += rows.iter().map(|r| r.len()).sum::<usize>();
        if ours != expected {
            failures.push(format!(
                "{}:\n{}",
                fields[0],
                rows.iter()
                    .zip(&expected)
                    .zip(&ours)
                    .map(|((r, e), o)| format!("  {r}   expected {e}   ours {o}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{} positions differ:\n{}", failures.len(), failures.join("\n"));
    points
}

#[test]
fn issue_11_designed_positions_match_gnu_go() {
    let points = check_file(include_str!("../testdata/unconditional/designed.gnugo"));
    assert_eq!(points, 4282);
}

#[test]
fn issue_11_seki_pairs_match_gnu_go() {
    let points = check_file(include_str!("../testdata/unconditional/seki-pairs.gnugo"));
    assert_eq!(points, 252 * 81);
}

#[test]
fn issue_11_every_tiny_board_matches_gnu_go() {
    let points = check_file(include_str!("../testdata/unconditional/tiny.gnugo"));
    assert_eq!(points, 1 + 57 * 4 + 12675 * 9);
}

#[test]
fn issue_11_dense_and_ring_positions_match_gnu_go() {
    let dense = check_file(include_str!("../testdata/unconditional/dense.gnugo"));
    let rings = check_file(include_str!("../testdata/unconditional/rings.gnugo"));
    assert!(dense > 10_000 && rings > 20_000, "{dense} {rings}");
}

#[test]
fn issue_11_rectangular_boards_match_hand_checked_answers() {
    let points = check_file(include_str!("../testdata/unconditional/rectangular.txt"));
    assert_eq!(points, 5 + 5 + 7 + 10 + 10 + 21 + 21 + 20);
}
