//! Drives `go-engine patterns check` and `go-engine patterns match`.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_go-engine");
const GAME: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/gnugo-selfplay-19x19.sgf");

/// A fresh folder under the system's temporary folder, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let dir = std::env::temp_dir()
            .join(format!("go-engine-cli-patterns-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        TempDir(dir)
    }

    fn file(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("written");
        path.to_str().expect("UTF-8 path").to_owned()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn patterns(args: &[&str]) -> (String, String, bool) {
    let out = Command::new(BIN).arg("patterns").args(args).output().expect("the binary runs");
    (
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
        out.status.success(),
    )
}

const FIVE_FIVE: &str = "pattern gonogo\n  place corner\n  condition emparea(a1, 6, 6)\n  candidate\n    with(opening, 42) e5\n  end_candidate\nend_pattern\n";

#[test]
fn issue_12_check_reports_located_errors_and_fails() {
    let dir = TempDir::new("check");
    let good = dir.file("good.gpat", FIVE_FIVE);
    let (out, err, ok) = patterns(&["check", &good]);
    assert!(ok, "{err}");
    assert_eq!(out, format!("{good}: 1 patterns, 4 variants, 0 warnings\n"));
    let bad = dir.file("bad.gpat", "pattern p\n  place cornr\nend_pattern\n");
    let (out, err, ok) = patterns(&["check", &bad]);
    assert!(!ok);
    assert!(out.contains("error: line 2, column 9: expected a place"), "{out}");
    assert!(out.contains("2 |   place cornr\n  |         ^^^^^"), "{out}");
    assert!(err.contains("1 errors"), "{err}");
    // What cannot be read is named.
    let (_, err, ok) = patterns(&["check", "/dev/zero"]);
    assert!(!ok && err.contains("not a regular file"), "{err}");
    let binary = dir.0.join("binary.gpat");
    std::fs::write(&binary, [b'p', 0xff, 0xfe]).unwrap();
    let (_, err, ok) = patterns(&["check", binary.to_str().unwrap()]);
    assert!(!ok && err.contains("not UTF-8"), "{err}");
}

#[test]
fn issue_12_match_lists_candidates_of_a_game_position() {
    // The empty board of the game: figure 1 of the seed in the four corners.
    let (out, err, ok) = patterns(&["match", "library", GAME, "--move", "0"]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], format!("{GAME} after 0 moves, black to move: 28 candidates"));
    assert!(lines.contains(&"D4 opening 80 patterns/akisumisen"), "{out}");
    // A file of our own, in JSON.
    let dir = TempDir::new("match");
    let file = dir.file("five.gpat", FIVE_FIVE);
    let (out, err, ok) = patterns(&["match", &file, GAME, "--move", "0", "--json"]);
    assert!(ok, "{err}");
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["moves"], 0);
    let moves: Vec<&str> =
        v["candidates"].as_array().unwrap().iter().map(|c| c["mv"].as_str().unwrap()).collect();
    assert_eq!(moves, ["E15", "E5", "P15", "P5"]);
    assert_eq!(v["candidates"][0]["intent"], "opening");
    assert_eq!(v["candidates"][0]["weight"], 42.0);
    // Later in the game the corners are taken.
    let (out, _, ok) = patterns(&["match", &file, GAME, "--move", "60"]);
    assert!(ok && !out.contains("gonogo"), "{out}");
    // Errors: no such move, a file that does not compile.
    let (_, err, ok) = patterns(&["match", &file, GAME, "--move", "9999"]);
    assert!(!ok && err.contains("has 259 moves"), "{err}");
    let bad = dir.file("bad.gpat", "pattern p\n  place cornr\nend_pattern\n");
    let (_, err, ok) = patterns(&["match", &bad, GAME]);
    assert!(!ok && err.contains("line 2, column 9"), "{err}");
}

/// A joseki tree of our own: the 4-4 point, two approaches, a tenuki and its reply.
const TREE: &str = "(;SZ[19];B[pd](;W[qf];B[nc](;W[rd];B[qc])(;W[tt];B[qi];W[ph]))(;W[nc];B[qf]))";

#[test]
fn issue_12_import_joseki_writes_patterns_that_check() {
    let dir = TempDir::new("import");
    let tree = dir.file("tree.sgf", TREE);
    let gpat = dir.0.join("tree.gpat");
    let gpat = gpat.to_str().unwrap();
    let (out, err, ok) = patterns(&["import-joseki", &tree, "--out", gpat, "--name", "mine"]);
    assert!(ok, "{err}");
    assert!(out.contains("2 patterns (1 continuations), 8 moves, 1 tenuki replies"), "{out}");
    let (out, err, ok) = patterns(&["check", gpat]);
    assert!(ok && out.contains(": 2 patterns"), "{out}{err}");
    let (out, err, ok) = patterns(&["check", &tree]);
    assert!(ok && out.contains("tree.sgf: 2 patterns"), "{out}{err}");
    // Printed when there is no --out.
    let (out, _, ok) = patterns(&["import-joseki", &tree]);
    assert!(ok && out.contains("program joseki") && out.contains("tenuki(joseki, 20) c9"), "{out}");
    // `match` takes the SGF tree directly: after Q16 the approaches are offered.
    let game = dir.file("game.sgf", "(;SZ[19];B[pd])");
    let (out, err, ok) = patterns(&["match", &tree, &game]);
    assert!(ok, "{err}");
    assert!(out.contains("R14 joseki 20 joseki/joseki_") && out.contains("O17 joseki"), "{out}");
    // A bad tree names the node.
    let bad = dir.file("bad.sgf", "(;SZ[19];B[pd];W[qf];B[qf])");
    let (_, err, ok) = patterns(&["import-joseki", &bad]);
    assert!(!ok && err.contains("node 3") && err.contains("occupied"), "{err}");
    let (_, err, ok) = patterns(&["import-joseki", &tree, "--region", "1"]);
    assert!(!ok && err.contains("region 1"), "{err}");
}
