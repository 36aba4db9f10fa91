//! Drives `go-engine analyze` and checks its text and JSON output.

use std::process::Command;

use go_board::sgf::GameRecord;
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_go-engine");
const EMBEDDED: &str = include_str!("../data/gnugo-selfplay-19x19.sgf");

fn analyze(args: &[&str]) -> (String, String, bool) {
    let out = Command::new(BIN).arg("analyze").args(args).output().expect("the binary runs");
    (
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
        out.status.success(),
    )
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let (out, err, ok) = analyze(&all);
    assert!(ok, "{err}");
    serde_json::from_str(&out).expect("one JSON object")
}

#[test]
fn the_embedded_game_replays_legally_under_its_own_rules() {
    let record = GameRecord::from_sgf(EMBEDDED).unwrap();
    assert_eq!(record.size.to_string(), "19x19");
    assert_eq!(record.rules, go_board::Rules::chinese());
    assert_eq!(record.move_count(), 259);
    // Strict replay: Chinese rules, positional superko, no suicide.
    let position = record.position().unwrap();
    assert!(position.is_over(), "the game ends with two passes");
    // GNU Go captured every dead stone before passing, so the Tromp-Taylor count is the
    // recorded result.
    assert_eq!(Some(position.tromp_taylor_score().to_string()), record.result);
}

#[test]
fn text_output_of_the_embedded_game() {
    let (out, _, ok) = analyze(&[]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "Black: GNU Go 3.8    White: GNU Go 3.8    Result: W+2.5");
    assert_eq!(lines[1], "19x19 board, chinese rules, komi 7.5");
    assert_eq!(lines[2], "Position after move 259 of 259 (black pass), white to move");
    assert_eq!(lines[4], "   A B C D E F G H J K L M N O P Q R S T");
    assert_eq!(lines[5], "19 . X O O . . . . . O X X . X . . . . . 19");
    assert_eq!(lines[23], " 1 . . . . . . . . . O X X X X X X X . . 1");
    assert_eq!(lines[24], lines[4]);
    assert!(out.contains("\nCaptures: Black has taken 8 stones, White 8.\n"));
    assert!(out.contains("\nChains: 12 (6 black, 6 white), fewest liberties first\n"));
    assert!(out.contains("  black     28     2  H15 J15 H14 J14 J13 … (+23)  J11 L8\n"), "{out}");
    assert!(out.contains(
        "Tromp-Taylor count (every stone on the board counts as alive):\n\
         \x20 Black  183 = 121 stones + 62 area\n\
         \x20 White 185.5 = 120 stones + 58 area + 7.5 komi\n\
         \x20 Neutral 0 points. Result: W+2.5\n\
         \nEvaluation (go-eval, without reading):\n\
         Groups: 4 (3 black, 1 white), 0 dead\n"
    ));
    // GNU Go captured every dead stone and every group is pass-alive: the estimate is
    // the result, bounds and all.
    assert!(out.contains("Score estimate: W+2.5 (bounds: W+2.5 to W+2.5)\n"), "{out}");
    // Owl reading agrees: every dragon lives.
    assert!(
        out.ends_with(
            "\nReading (owl, 2000 nodes per root move and 14 plies per dragon): 4 dragons, 0 critical, 0 dead, 0 seki\n"
        ),
        "{out}"
    );
}

#[test]
fn move_option_and_the_last_move_mark() {
    let (out, _, ok) = analyze(&["--move", "0"]);
    assert!(ok);
    assert!(
        out.contains("Position before the first move (the record has 259 moves), black to move")
    );
    assert!(out.contains("Chains: 0 (0 black, 0 white)"));
    assert!(out.contains("Result: W+7.5"));
    let (out, _, ok) = analyze(&["--move", "1"]);
    assert!(ok);
    assert!(out.contains("Position after move 1 of 259 (black Q16), white to move"));
    // The last move is shown in brackets.
    assert!(out.contains("\n16 . . . + . . . . . + . . . . .(X). . . 16\n"), "{out}");
    let (_, err, ok) = analyze(&["--move", "260"]);
    assert!(!ok);
    assert_eq!(
        err,
        "go-engine analyze: the embedded game has 259 moves, so there is no position after move 260\n"
    );
}

#[test]
fn json_output_is_consistent() {
    let v = json(&[]);
    assert_eq!(v["cols"], 19);
    assert_eq!(v["rules"], "chinese");
    assert_eq!(v["moves_played"], 259);
    assert_eq!(v["game"]["moves_in_record"], 259);
    assert_eq!(v["game"]["result"], "W+2.5");
    assert_eq!(v["last_move"]["vertex"], "pass");
    assert_eq!(v["to_move"], "white");
    assert_eq!(v["captures_black"], 8);
    assert_eq!(v["score"]["result"], "W+2.5");
    assert_eq!(v["score"]["komi"], 7.5);
    assert_eq!(v["score"]["black"]["total"], 183);
    let eval = &v["evaluation"];
    assert_eq!(eval["score"], "W+2.5");
    assert_eq!((&eval["lower"], &eval["upper"]), (&eval["score"], &eval["score"]));
    assert_eq!(eval["groups"].as_array().unwrap().len(), 4);
    assert!(eval["groups"].as_array().unwrap().iter().all(|g| g["status"] == "pass-alive"));
    let links = eval["links"].as_array().unwrap();
    assert_eq!(links.iter().filter(|l| l["state"] == "peeped").count(), 10);
    let territory: Vec<&str> =
        eval["territory"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    assert_eq!(territory[0], "bXOOwwwwwOXXbXbbbbb");
    let board: Vec<&str> =
        v["board"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    assert_eq!(board.len(), 19);
    // Every stone is in exactly one chain, and every liberty is an empty point next to it.
    let at = |vertex: &str| {
        let col = "ABCDEFGHJKLMNOPQRST".find(&vertex[..1]).unwrap();
        let row: usize = vertex[1..].parse().unwrap();
        board[19 - row].as_bytes()[col]
    };
    let mut stones = 0;
    for chain in v["chains"].as_array().unwrap() {
        let colour = if chain["color"] == "black" { b'X' } else { b'O' };
        for s in chain["stones"].as_array().unwrap() {
            assert_eq!(at(s.as_str().unwrap()), colour);
            stones += 1;
        }
        for l in chain["liberties"].as_array().unwrap() {
            assert_eq!(at(l.as_str().unwrap()), b'.');
        }
    }
    let on_board: usize = board.iter().map(|r| r.bytes().filter(|&b| b != b'.').count()).sum();
    assert_eq!(stones, on_board);
    assert_eq!(
        v["score"]["black"]["stones"].as_u64().unwrap()
            + v["score"]["white"]["stones"].as_u64().unwrap(),
        on_board as u64
    );
}

#[test]
fn move_n_is_gtp_loadsgf_n_plus_one() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/gnugo-selfplay-19x19.sgf");
    for n in [0usize, 1, 100, 258, 259] {
        let v = json(&[path, "--move", &n.to_string()]);
        let board: Vec<String> =
            v["board"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_owned()).collect();
        let out = Command::new(BIN)
            .arg("gtp")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                let mut stdin = child.stdin.take().unwrap();
                writeln!(stdin, "loadsgf {path} {}\nshowboard", n + 1)?;
                drop(stdin);
                child.wait_with_output()
            })
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let answers: Vec<&str> = text.split_terminator("\n\n").collect();
        assert_eq!(answers[0], format!("= {}", v["to_move"].as_str().unwrap()));
        let diagram: Vec<String> = answers[1]
            .lines()
            .skip(2)
            .take(19)
            .map(|l| l[3..40].replace(' ', "").replace('+', "."))
            .collect();
        assert_eq!(diagram, board, "move {n}");
    }
}

#[test]
fn files_and_errors() {
    let dir = std::env::temp_dir().join(format!("go-engine-analyze-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("small.sgf");
    std::fs::write(&good, "(;SZ[5]KM[0.5]PB[Ann]PW[Bob]AB[aa];W[bb];B[ba];W[cc])").unwrap();
    let (out, _, ok) = analyze(&[good.to_str().unwrap()]);
    assert!(ok);
    assert_eq!(
        out,
        "Black: Ann    White: Bob\n\
         5x5 board, chinese rules, komi 0.5\n\
         Position after move 3 of 3 (white C3), black to move\n\
         \n\
         \x20  A B C D E\n\
         \x205 X X . . . 5\n\
         \x204 . O . + . 4\n\
         \x203 . .(O). . 3\n\
         \x202 . + . + . 2\n\
         \x201 . . . . . 1\n\
         \x20  A B C D E\n\
         \n\
         Captures: Black has taken 0 stones, White 0.\n\
         \n\
         Chains: 3 (1 black, 2 white), fewest liberties first\n\
         \x20 colour  size  libs  stones  liberties\n\
         \x20 black      2     2  A5 B5   C5 A4\n\
         \x20 white      1     3  B4      A4 C4 B3\n\
         \x20 white      1     4  C3      C4 B3 D3 C2\n\
         \n\
         Tromp-Taylor count (every stone on the board counts as alive):\n\
         \x20 Black    2 = 2 stones + 0 area\n\
         \x20 White  2.5 = 2 stones + 0 area + 0.5 komi\n\
         \x20 Neutral 21 points. Result: W+0.5\n\
         \n\
         Evaluation (go-eval, without reading):\n\
         Groups: 2 (1 black, 1 white), 1 dead\n\
         \x20 colour  size  libs  terr  status      stones\n\
         \x20 white      2     5     6  alive       B4 C3\n\
         \x20 black      2     2     0  dead        A5 B5\n\
         Links: 4 solid, 2 peeped, 1 cut\n\
         \x20 peeped (one move cuts them): white C3 (edge (3rd line)), white B4 (edge (2nd line))\n\
         Territory (X O living stones, x o dead stones, b w owned points, . undecided):\n\
         \x20  A B C D E\n\
         \x205 x x w w w 5\n\
         \x204 w O w w w 4\n\
         \x203 w w O w w 3\n\
         \x202 w w w w w 2\n\
         \x201 w w w w w 1\n\
         \x20  A B C D E\n\
         Score estimate: W+25.5 (bounds: W+25.5 to W+24.5)\n\
         \n\
         Reading (owl, 2000 nodes per root move and 14 plies per dragon): 2 dragons, 0 critical, 1 dead, 0 seki\n\
         \x20 dead     black A5 B5 [budget reached]\n"
    );
    let bad = dir.join("bad.sgf");
    std::fs::write(&bad, "(;SZ[9]\n;B[ee];W[ez])").unwrap();
    let (_, err, ok) = analyze(&[bad.to_str().unwrap()]);
    assert!(!ok);
    assert_eq!(
        err,
        format!(
            "go-engine analyze: {}: line 2, column 10: W[ez] is off the 9x9 board\n  |\n\
             2 | ;B[ee];W[ez])\n  |          ^^\n",
            bad.display()
        )
    );
    let (_, err, ok) = analyze(&[dir.join("missing.sgf").to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("missing.sgf"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn issue_5_svg_pictures() {
    let dir = std::env::temp_dir().join(format!("go-engine-svg-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let territory = dir.join("territory.svg");
    let influence = dir.join("influence.svg");
    let (_, err, ok) = analyze(&["--move", "120", "--svg", territory.to_str().unwrap()]);
    assert!(ok, "{err}");
    let (_, err, ok) =
        analyze(&["--move", "120", "--svg", influence.to_str().unwrap(), "--overlay", "influence"]);
    assert!(ok, "{err}");
    let v = json(&["--move", "120"]);
    let stones: usize = v["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().bytes().filter(|&b| b != b'.').count())
        .sum();
    for (file, overlay) in [(&territory, "territory"), (&influence, "influence")] {
        let svg = std::fs::read_to_string(file).unwrap();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("class=\"stone ").count(), stones, "{overlay}");
        assert!(svg.contains(&format!("class=\"{overlay}\"")), "{overlay}");
        assert!(svg.contains(&format!("estimate {}", v["evaluation"]["score"].as_str().unwrap())));
    }
    let (_, err, ok) = analyze(&["--svg", dir.join("no/such/dir.svg").to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("dir.svg"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn issue_10_analyze_reads_standard_input() {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .args(["analyze", "-", "--json"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(EMBEDDED.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let from_stdin: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(from_stdin, json(&[]));
}

#[test]
fn issue_10_analyze_reads_only_regular_files() {
    let dir = std::env::temp_dir().join(format!("go-engine-analyze-fifo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir(&dir).unwrap();
    let fifo = dir.join("fifo.sgf");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    for path in [fifo.to_str().unwrap(), "/dev/zero"] {
        let (_, err, ok) = analyze(&[path]);
        assert!(!ok);
        assert_eq!(
            err,
            format!(
                "go-engine analyze: {path}: not a regular file (a FIFO, a device or a directory)\n"
            )
        );
    }
    // Warnings of a repaired file go to standard error; the analysis goes on.
    let repaired = dir.join("repaired.sgf");
    std::fs::write(&repaired, "(;FF[4]SZ[9]KM[6,5];B[ee]").unwrap();
    let (out, err, ok) = analyze(&[repaired.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(!out.is_empty());
    assert_eq!(err.lines().count(), 2, "{err}");
    assert!(
        err.contains("warning: line 1, column 16: KM[6,5]: decimal comma read as a point"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--strength`: every kosumi-ren with its strength towards each side and the 10
/// candidates, in text, JSON and on the SVG picture.
#[test]
fn issue_13_analyze_with_a_strength_model() {
    let (out, err, ok) = analyze(&["--move", "30", "--strength", "shipped"]);
    assert!(ok, "{err}");
    assert!(out.contains("Strength model (black to move): C4.5"), "{out}");
    assert!(out.contains("Kosumi-ren, strength towards north / east / south / west:"));
    let candidates = out.lines().find(|l| l.starts_with("Candidates: 1. ")).expect("candidates");
    assert!(candidates.contains(" 10. "), "{candidates}");
    let value = json(&["--move", "30", "--strength", "shipped"]);
    let strength = &value["strength"];
    assert_eq!(strength["to_move"], "black");
    assert_eq!(strength["candidates"].as_array().unwrap().len(), 10);
    let rens = strength["rens"].as_array().unwrap();
    assert!(!rens.is_empty());
    for ren in rens {
        let s = ren["strength"].as_array().unwrap();
        assert_eq!(s.len(), 4);
        assert!(s.iter().all(|v| v.is_null() || (2..=6).contains(&v.as_u64().unwrap())), "{ren}");
    }
    let (svg, err, ok) = analyze(&["--move", "30", "--strength", "shipped", "--svg", "-"]);
    assert!(ok, "{err}");
    assert_eq!(svg.matches("class=\"candidate\"").count(), 10);
    assert_eq!(svg.matches("class=\"strength\"").count(), rens.len());
    let (_, err, ok) = analyze(&["--strength", "/nonexistent/model.json"]);
    assert!(!ok && err.contains("/nonexistent/model.json"), "{err}");
}
