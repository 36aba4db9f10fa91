//! Reading commands over GTP on our own positions (issue 11): each diagram is set up
//! with `play`, each question's answer is checked against the accepted answers.
//!
//! Every expected answer was cross-checked with GNU Go 3.8 (`gnugo --mode gtp`, the same
//! commands) when these fixtures were written. Where GNU Go answers differently, the
//! comment gives its answer and why ours is kept; alternatives in an expectation are
//! moves that are all correct (GNU Go's among them where it is correct).

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_go-engine");

/// The `play` commands that set up `diagram` (rows from the top, `X` black, `O` white).
fn setup(diagram: &str) -> Vec<String> {
    let rows: Vec<Vec<&str>> = diagram
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let n = rows.len();
    let letters = b"ABCDEFGHJKLMNOPQRST";
    let mut out = vec![format!("boardsize {n}"), "clear_board".to_owned()];
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), n, "a square diagram");
        for (j, c) in row.iter().enumerate() {
            let v = format!("{}{}", letters[j] as char, n - i);
            match *c {
                "X" => out.push(format!("play black {v}")),
                "O" => out.push(format!("play white {v}")),
                _ => {}
            }
        }
    }
    out
}

/// Runs the set-up of `diagram` and then `questions` (command, accepted answers);
/// checks every answer.
fn check(diagram: &str, questions: &[(&str, &[&str])]) {
    let mut script = setup(diagram);
    let n_setup = script.len();
    script.extend(questions.iter().map(|(q, _)| (*q).to_owned()));
    let mut child = Command::new(BIN)
        .arg("gtp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let input = script.join("\n") + "\nquit\n";
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("the script is sent");
    let out = child.wait_with_output().expect("the binary runs");
    let text = String::from_utf8(out.stdout).expect("UTF-8 answers");
    let answers: Vec<&str> = text.split_terminator("\n\n").collect();
    for (k, answer) in answers[..n_setup].iter().enumerate() {
        assert!(answer.starts_with('='), "set-up `{}` failed: {answer}", script[k]);
    }
    for (i, (question, accepted)) in questions.iter().enumerate() {
        let got = answers[n_setup + i].trim_start_matches("= ").trim_start_matches('=');
        assert!(
            accepted.contains(&got),
            "{question}: got `{got}`, accepted {accepted:?}\n{diagram}"
        );
    }
}

#[test]
fn issue_11_a_ladder_to_the_edge() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . X . . . . .
        . X O . . . . . .
        . . X . . . . . .
        . . . . . . . . .
        ",
        &[
            // GNU Go: `1 C4` for attack and defend (both ataris capture; both
            // extensions save).
            ("attack C3", &["1 D3", "1 C4"]),
            ("defend C3", &["1 D3", "1 C4"]),
            ("ladder_attack C3", &["1 D3", "1 C4"]),
            ("does_attack C4 C3", &["1"]),
            // GNU Go answers 3 (a ko) here; C4 gives White three liberties, no ko.
            ("does_defend C4 C3", &["1"]),
        ],
    );
}

/// The board-crossing ladder of reference/reading.md §2.4 (Black D4, White C4 C5 D3).
const CROSSING: &str = "
    . . . . . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . . . . . .
    . . O . . . . . . . . . . . . . . . .
    . . O X . . . . . . . . . . . . . . .
    . . . O . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . . . . . .
    ";

#[test]
fn issue_11_the_board_crossing_ladder() {
    check(
        CROSSING,
        &[("attack D4", &["1 E4"]), ("defend D4", &["1 E4"]), ("ladder_attack D4", &["1 E4"])],
    );
}

#[test]
fn issue_11_a_ladder_breaker_of_the_prey_breaks_the_ladder_reader() {
    // Black Q16 lies on the ladder's path. GNU Go: `ladder_attack D4` 0, `attack D4`
    // 0. Our tactical reader answers `1 E4` here (a net found within its depth that
    // GNU Go does not see; not proven either way), so only the ladder is a fixture.
    let with_breaker = CROSSING.replacen(
        ". . . . . . . . . . . . . . . . . . .\n    . . . . . . . . . . . . . . . . . . .\n    . . . . . . . . . . . . . . . . . . .\n    . . . . . . . . . . . . . . . . . . .\n",
        ". . . . . . . . . . . . . . . . . . .\n    . . . . . . . . . . . . . . . . . . .\n    . . . . . . . . . . . . . . . . . . .\n    . . . . . . . . . . . . . . . X . . .\n",
        1,
    );
    assert_ne!(with_breaker, CROSSING);
    check(&with_breaker, &[("ladder_attack D4", &["0"]), ("defend D4", &["1 E4"])]);
}

#[test]
fn issue_11_a_snapback() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X X X . . . .
        X X O O . X . . .
        O O . O X . . . .
        . . O X . . . . .
        ",
        &[
            ("attack C3", &["0"]),
            ("defend C3", &["1 E1"]),
            ("attack D1", &["1 E1"]),
            ("defend D1", &["1 E1"]),
            ("attack D3", &["0"]),
            ("defend D3", &["1 E1"]),
        ],
    );
}

#[test]
fn issue_11_a_chain_in_atari_in_a_net() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . X O . . . .
        . . . X O X . . .
        . . . . X . . . .
        . . . . . . . . .
        ",
        &[
            ("attack E4", &["1 F4"]),
            ("defend E4", &["0"]),
            ("ladder_attack E4", &["? string must have exactly 2 liberties"]),
            // GNU Go answers 0: after F5, White's F4 still leaves one liberty (G4),
            // so the chain is captured whatever White does.
            ("does_attack F5 E4", &["1"]),
            ("does_defend F4 E4", &["0"]),
        ],
    );
}

#[test]
fn issue_11_a_ko() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X O . . . . .
        . X O . O . . . .
        . . X O . . . . .
        ",
        &[
            // Black takes the ko at D2 first (GNU Go: `2 D2`).
            ("attack C2", &["2 D2"]),
            // GNU Go: `1 B1`; D2 (filling the ko) saves the stone too.
            ("defend C2", &["1 D2", "1 B1"]),
            ("attack D1", &["0"]),
            // GNU Go: `1 B1`; the chain has two liberties and nothing threatens it.
            ("defend D1", &["1 E1", "1 B1"]),
        ],
    );
}

#[test]
fn issue_11_connections() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . X . X . . . .
        . . . . . . . . .
        . . X . . O . . .
        . . . X . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        &[
            ("disconnect C7 E7", &["0"]),
            ("connect C7 E7", &["1 D7"]),
            ("disconnect C5 D4", &["0"]),
            ("connect C5 D4", &["1 C4", "1 D5"]),
            ("disconnect C7 C5", &["0"]),
            ("connect C7 C5", &["1 C6"]),
            // GNU Go: `1 D6`; C6 joins C5 to C7 and D6 joins it to E7 one move later.
            // D7 joins C7 to E7, and then C6 and B6 are miai (GNU Go's `disconnect
            // C5 E7` after D7: 0).
            ("connect C5 E7", &["1 C6", "1 D6", "1 D7"]),
            ("disconnect C5 E7", &["0"]),
        ],
    );
}

#[test]
fn issue_11_combinations() {
    // White C6 and D7 each escape alone; Black's D6 ataris both. GNU Go answers PASS:
    // its combinations only count stones of dragons it judges alive, and owl judges
    // these lone stones weak. Our reader counts every chain the tactical reader cannot
    // capture now.
    check(
        "
        . . . . . . . . .
        . . . X . . . . .
        . . X O . . . . .
        . . O . . . . . .
        . . X . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        &[
            ("attack C6", &["0"]),
            ("attack D7", &["0"]),
            ("combination_attack black", &["D6"]),
            // Every move that gives C6 or D7 a third liberty, or makes D6 a self-atari.
            ("combination_defend black", &["E7 B6 D6 E6 D5"]),
            ("combination_attack bad", &["? invalid color"]),
        ],
    );
}
