//! The owl reader's `dragon_status` against GNU Go 3.8's on our own designed positions
//! (`testdata/owl/*.gnugo`, recorded by `variants.py`: random variants of a designed
//! position, see the script). CI reads the files only; it needs no GNU Go.

use go_board::{Board, Point, Status};
use go_eval::reading::owl::{Owl, OwlScratch};

fn word(status: Status) -> &'static str {
    match status {
        Status::Alive => "alive",
        Status::Dead => "dead",
        Status::Critical { .. } => "critical",
        Status::Seki => "seki",
        _ => "unknown",
    }
}

/// Compares the owl reader with GNU Go on every line of `text` (the statuses of the
/// chains on `targets`): exactly the positions in `known` may differ, and there are
/// `count` positions.
fn agrees_with_gnu_go(text: &str, targets: [&str; 2], known: &[&str], count: usize) {
    let mut scratch = OwlScratch::new();
    let (mut compared, mut unexpected, mut fixed) = (0, Vec::new(), Vec::new());
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split('|').collect();
        assert_eq!(fields.len(), 4, "malformed fixture line {line:?}");
        let board = Board::from_diagram(&fields[1].replace('/', "\n")).expect("a legal position");
        let ours: Vec<&str> = targets
            .iter()
            .map(|v| {
                let target = Point::parse_gtp(v, board.size()).expect("a vertex");
                let mut b = board.clone();
                word(Owl::default().status(&mut b, target, Owl::BUDGET, &mut scratch).status)
            })
            .collect();
        compared += 1;
        let agrees = ours == fields[2..];
        match (agrees, known.contains(&fields[0])) {
            (false, false) => {
                unexpected.push(format!("{}: GNU Go {:?}, ours {ours:?}", fields[0], &fields[2..]))
            }
            (true, true) => fixed.push(fields[0]),
            _ => {}
        }
    }
    assert_eq!(compared, count, "the fixture's positions");
    assert!(
        unexpected.is_empty(),
        "{} positions differ:\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
    assert!(fixed.is_empty(), "now agreeing, take them off the known list: {fixed:?}");
}

/// Capturing races (`variants.py race 7 300`). The five positions that differ: GNU Go
/// calls both chains critical, ours one of them dead.
#[test]
fn owl_status_of_racing_chains_agrees_with_gnu_go() {
    let known = ["race-7-12", "race-7-44", "race-7-158", "race-7-234", "race-7-245"];
    agrees_with_gnu_go(include_str!("../testdata/owl/races.gnugo"), ["D3", "E3"], &known, 300);
}

/// Eye spaces with a weak wall (`variants.py wall 31 300`). The three positions that
/// differ: two where GNU Go calls the group dead and the wall chain critical (ours: both
/// critical), one where GNU Go calls both alive (ours: the group critical).
#[test]
fn owl_status_of_eye_spaces_with_weak_walls_agrees_with_gnu_go() {
    let known = ["wall-31-113", "wall-31-211", "wall-31-236"];
    agrees_with_gnu_go(include_str!("../testdata/owl/walls.gnugo"), ["B4", "F2"], &known, 300);
}
