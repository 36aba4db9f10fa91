//! Drives `go-engine solve` on problems of our own making (tests/problems/*.sgf) and on
//! bad input.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_go-engine");

/// A fresh folder under the system's temporary folder, removed on drop.
struct Fresh(PathBuf);

impl Fresh {
    fn new(tag: &str) -> Fresh {
        let dir =
            std::env::temp_dir().join(format!("go-engine-solve-test-{tag}-{}", std::process::id()));
        std::fs::create_dir(&dir).expect("a fresh temporary folder");
        Fresh(dir)
    }

    fn path(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Fresh {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn problem(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/problems").join(name)
}

/// Runs `go-engine solve ARGS`: (stdout, stderr, exit code).
fn solve(args: &[&str]) -> (String, String, Option<i32>) {
    let out = Command::new(BIN).arg("solve").args(args).output().expect("the binary runs");
    (
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
        out.status.code(),
    )
}

fn json(name: &str, extra: &[&str]) -> Value {
    let path = problem(name);
    let mut args = vec![path.to_str().expect("a UTF-8 path"), "--json"];
    args.extend_from_slice(extra);
    let (out, err, code) = solve(&args);
    assert_eq!(code, Some(0), "{err}");
    serde_json::from_str(&out).expect("one JSON object")
}

fn strings(v: &Value) -> Vec<&str> {
    v.as_array().expect("an array").iter().map(|s| s.as_str().expect("a string")).collect()
}

#[test]
fn issue_11_solve_kills_a_straight_three_at_its_vital_point() {
    let v = json("straight-three-kill.sgf", &[]);
    assert_eq!(v["to_play"], "B");
    assert_eq!(v["goal"], "kill");
    assert_eq!(v["goal_source"], "file");
    assert_eq!(v["outcome"], "win");
    assert_eq!(v["outcome_code"], 1);
    assert_eq!(v["certain"], true);
    // Only the vital point kills: the other points let White make two eyes.
    assert_eq!(strings(&v["first_moves"]), ["B19"]);
    assert_eq!(v["first_moves_complete"], true);
    assert_eq!(strings(&v["main_line"])[0], "B19");
    assert_eq!(v["status"], "critical B19 B19");
    assert!(v["nodes"].as_u64().expect("a count") > 0);
}

#[test]
fn issue_11_solve_takes_the_side_to_play_from_the_first_move() {
    let v = json("straight-three-live.sgf", &[]);
    assert_eq!(v["to_play"], "B");
    assert_eq!(v["goal"], "live");
    assert_eq!(v["outcome"], "win");
    assert_eq!(strings(&v["first_moves"]), ["B19"]);
    assert_eq!(v["attacker"], "W");
    // White's first move: White to play, and White lives at the vital point.
    let dir = Fresh::new("first-move");
    let path = dir.path().join("white-first.sgf");
    let text = "(;GM[1]FF[4]SZ[19]AB[ac][bc][cc][dc][ec][eb][ea]AW[ab][bb][cb][db][da];W[ba])";
    std::fs::write(&path, text).expect("a file in the temporary directory");
    let (out, err, code) = solve(&[path.to_str().expect("UTF-8"), "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["to_play"], "W");
    assert_eq!(v["goal"], "live");
    assert_eq!(strings(&v["first_moves"]), ["B19"]);
}

#[test]
fn issue_11_solve_reports_a_goal_that_cannot_be_reached() {
    let v = json("two-point-eye.sgf", &[]);
    assert_eq!(v["to_play"], "W");
    assert_eq!(v["goal"], "live");
    assert_eq!(v["outcome"], "lose");
    assert_eq!(v["outcome_code"], 0);
    assert_eq!(v["certain"], true);
    assert!(strings(&v["first_moves"]).is_empty());
    assert!(strings(&v["main_line"]).is_empty());
    assert_eq!(v["status"], "dead");
}

#[test]
fn issue_11_solve_finds_the_goal_when_the_file_does_not_say() {
    let v = json("no-goal-given.sgf", &[]);
    assert_eq!(v["to_play"], "W");
    assert_eq!(v["goal_source"], "solver");
    assert_eq!(v["goal"], "live");
    assert_eq!(strings(&v["first_moves"]), ["B19"]);
    // --goal overrides. White to kill: the frame is then White's wall around all the
    // stones, and Black's chain has no eye inside it, so White succeeds.
    // (The box frame around every stone leaves many first moves to settle: with the
    // df-pn+ start numbers one search needs more than the default 2·10^6 nodes.)
    let v = json("no-goal-given.sgf", &["--goal", "kill", "--nodes", "8000000"]);
    assert_eq!(v["goal_source"], "option");
    assert_eq!(v["goal"], "kill");
    assert_eq!(v["attacker"], "W");
    assert_eq!(v["outcome"], "win");
    assert_eq!(v["certain"], true);
    assert!(!strings(&v["first_moves"]).is_empty());
}

#[test]
fn issue_11_solve_ko_results() {
    let v = json("ko.sgf", &["--margin", "0"]);
    assert_eq!(v["goal"], "kill");
    assert_eq!(v["outcome"], "ko_win");
    assert_eq!(v["outcome_code"], 2);
    assert_eq!(v["certain"], true);
    let listed = strings(&v["first_moves"]);
    let mut first = listed.clone();
    first.sort_unstable();
    assert_eq!(first, ["A3", "C1", "D3"]);
    // The answer is the best ko, the first listed, and the status attacks there (not
    // by whichever move its own search proves first) and defends at C1, White's only
    // ko.
    assert_eq!(v["main_line"][0], listed[0]);
    assert_eq!(v["status"], format!("critical {} C1", listed[0]));
}

#[test]
fn issue_11_solve_seki_counts_as_life() {
    let v = json("seki.sgf", &["--margin", "0"]);
    assert_eq!(v["goal"], "live");
    assert_eq!(v["outcome"], "win");
    assert_eq!(v["status"], "seki");
    // Every move that keeps the seki, passing included.
    let first = strings(&v["first_moves"]);
    assert!(first.contains(&"B1") && first.contains(&"PASS"), "{first:?}");
    assert_eq!(v["first_moves_complete"], true);
}

#[test]
fn issue_11_solve_text_output() {
    let path = problem("straight-three-kill.sgf");
    let (out, err, code) = solve(&[path.to_str().expect("UTF-8")]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("goal: Black kills White (from the file's comment)\n"), "{out}");
    assert!(out.contains("answer: Black succeeds (GTP 1), proven\n"), "{out}");
    assert!(out.contains("status: critical B19 B19\n"), "{out}");
    assert!(out.contains("correct first moves (all of them):\n  B19 "), "{out}");
    assert!(out.contains("\nnodes: "), "{out}");
}

#[test]
fn issue_11_solve_node_limit_fails_cleanly() {
    let path = problem("straight-three-kill.sgf");
    let (out, err, code) =
        solve(&[path.to_str().expect("UTF-8"), "--json", "--nodes", "3", "--reach", "none"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("node limit (3 nodes per search) was reached"), "{err}");
    let v: Value = serde_json::from_str(&out).expect("the partial answer as JSON");
    assert_eq!(v["certain"], false);
    assert_eq!(v["status"], "unknown");
    // Far fewer nodes than the full answer takes (a search stops at the first node
    // past its limit; the answer asks several questions).
    let full = json("straight-three-kill.sgf", &["--reach", "none"]);
    assert!(
        v["nodes"].as_u64().expect("a count") * 4 < full["nodes"].as_u64().expect("a count"),
        "{} / {}",
        v["nodes"],
        full["nodes"]
    );
}

#[test]
fn issue_11_solve_bad_input_gives_located_errors() {
    let dir = Fresh::new("bad-input");
    let cases: [(&str, &str, &str); 4] = [
        ("broken.sgf", "(;GM[1]SZ[19]AB[aa", "broken.sgf: line 1, column 16: "),
        ("empty.sgf", "(;GM[1]FF[4]SZ[19])", "empty.sgf: the problem has no stones"),
        ("bad-point.sgf", "(;GM[1]FF[4]SZ[9]AB[zz]AW[aa])", "bad-point.sgf: line 1, column 21: "),
        ("not-sgf.sgf", "hello", "not-sgf.sgf: line 1, column 1: "),
    ];
    for (name, text, expected) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("a file in the temporary directory");
        let (out, err, code) = solve(&[path.to_str().expect("UTF-8")]);
        assert_eq!(code, Some(1), "{name}: {out}{err}");
        assert!(out.is_empty(), "{name}: {out}");
        assert!(err.starts_with("go-engine solve: "), "{name}: {err}");
        assert!(err.contains(expected), "{name}: {err}");
    }
    let missing = dir.path().join("missing.sgf");
    let (_, err, code) = solve(&[missing.to_str().expect("UTF-8")]);
    assert_eq!(code, Some(1));
    assert!(err.contains("missing.sgf"), "{err}");
}
