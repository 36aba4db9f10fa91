//! `eval_eye` on our own positions (the designed positions of go-eval's
//! `tests/eyes.rs`, set up on a 9×9 board in the lower left corner) against GNU Go
//! 3.8's answers, recorded once with `gnugo --mode gtp` (CI needs no GNU Go).

use go_engine::{RandomPlayer, Session};

/// The stones (`B A3 W B2 ...`), the point asked, GNU Go 3.8's answer.
const CASES: &[(&str, &str, &str)] = &[
    // Straight three on the edge.
    (
        "B A3 B B3 B C3 B D3 B E3 B F3 W A2 W B2 W C2 W D2 W E2 B F2 W A1 W E1 B F1",
        "B1",
        "1 2 C1 C1",
    ),
    // Bent three in the corner.
    ("B A4 B B4 B C4 B D4 W A3 W B3 W C3 B D3 W B2 W C2 B D2 W C1", "A1", "1 2 A1 A1"),
    // Pyramid four on the edge.
    (
        "B A4 B B4 B C4 B D4 B E4 B F4 W A3 W B3 W C3 W D3 W E3 B F3 W A2 W B2 W D2 W E2 B F2 W A1 W E1 B F1",
        "C1",
        "1 2 C1 C1",
    ),
    // Bulky five in the corner: B1 is vital for both (B2 also makes two eyes).
    ("B A4 B B4 B D4 B E4 W A3 W B3 W C3 W D3 B E3 W C2 W D2 B E2 W D1 B E1", "A1", "1 2 B1 B1"),
    // Flower five.
    (
        "B A6 B B6 B C6 B D6 B E6 B F6 B G6 W A5 W B5 W C5 W D5 W E5 W F5 B G5 W A4 W B4 W C4 W E4 W F4 B G4 W A3 W B3 W F3 B G3 W A2 W B2 W C2 W E2 W F2 B G2 W A1 W B1 W C1 W D1 W E1 W F1 B G1",
        "D3",
        "1 2 D3 D3",
    ),
    // Rabbity six.
    (
        "B A6 B B6 B C6 B D6 B E6 B F6 B G6 W A5 W B5 W C5 W D5 W E5 W F5 B G5 W A4 W B4 W C4 W E4 W F4 B G4 W A3 W B3 W F3 B G3 W A2 W B2 W C2 W F2 B G2 W A1 W B1 W C1 W D1 W E1 W F1 B G1",
        "D3",
        "1 2 D3 D3",
    ),
    // Rectangular six.
    (
        "B A5 B B5 B C5 B D5 B E5 B F5 B G5 W A4 W B4 W C4 W D4 W E4 W F4 B G4 W A3 W E3 W F3 B G3 W A2 W E2 W F2 B G2 W A1 W B1 W C1 W D1 W E1 W F1 B G1",
        "B2",
        "2 2",
    ),
    // A half eye at E1 (F2 open) beside a proper eye at A1.
    (
        "B A3 B B3 B C3 B D3 B E3 B F3 B G3 B H3 W A2 W B2 W C2 W D2 W E2 W G2 B H2 W B1 W C1 W D1 W F1 W G1 B H1",
        "E1",
        "0 1 F2 F2",
    ),
    (
        "B A3 B B3 B C3 B D3 B E3 B F3 B G3 B H3 W A2 W B2 W C2 W D2 W E2 W G2 B H2 W B1 W C1 W D1 W F1 W G1 B H1",
        "A1",
        "1 1",
    ),
    // The eye at E1 depends on a ko at F2/F3.
    (
        "B A4 B B4 B C4 B D4 B E4 B F4 B G4 B H4 B A3 B B3 B C3 B D3 B E3 B G3 B H3 W A2 W B2 W C2 W D2 W E2 B F2 W G2 B H2 W B1 W C1 W D1 W F1 W G1",
        "E1",
        "0 1 F3 F3",
    ),
    // A nakade stone in a straight three whose wall has no outside liberty: White is
    // dead, and B1 is in Black's space.
    (
        "B A3 B B3 B C3 B D3 B E3 B F3 W A2 W B2 W C2 W D2 W E2 B F2 W A1 B C1 W E1 B F1",
        "B1",
        "2 2",
    ),
];

fn ask(setup: &str, point: &str) -> String {
    let mut session = Session::new(RandomPlayer::new(1));
    let run = |session: &mut Session<RandomPlayer>, command: &str| {
        session.execute(command).map(|r| r.to_string()).unwrap_or_default()
    };
    run(&mut session, "boardsize 9");
    let words: Vec<&str> = setup.split_whitespace().collect();
    for pair in words.chunks(2) {
        let answer = run(&mut session, &format!("play {} {}", pair[0], pair[1]));
        assert!(answer.starts_with('='), "play {pair:?}: {answer}");
    }
    let answer = run(&mut session, &format!("eval_eye {point}"));
    answer.trim_start_matches("= ").trim_end().to_owned()
}

#[test]
fn issue_11_eval_eye_matches_gnu_go_on_designed_positions() {
    for (setup, point, gnugo) in CASES {
        assert_eq!(ask(setup, point), *gnugo, "eval_eye {point} after {setup}");
    }
}

#[test]
fn issue_11_eval_eye_square_four_differs_from_gnu_go() {
    // White's square four (A1 B1 A2 B2) beside a point D1 that touches Black's wall:
    // White is dead. GNU Go's owl reading knows it and answers from Black's space
    // (`2 2`); our dead-stone search reads only chains of at most three liberties, so
    // we answer White's space: one eye whoever moves, right for the space itself.
    let setup = "B A4 B B4 B C4 B D4 B E4 W A3 W B3 W C3 W D3 B E3 W C2 W D2 B E2 W C1 B E1";
    assert_eq!(ask(setup, "A1"), "1 1");
}
