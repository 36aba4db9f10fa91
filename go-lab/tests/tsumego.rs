//! Runs `go-lab tsumego` on problems of our own making (tests/data/tsumego-own.jsonl,
//! in the JSON-lines form of the problem collection) and checks its records and
//! summaries.

use std::process::{Command, Output, Stdio};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_go-lab");
const PROBLEMS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tsumego-own.jsonl");

fn tsumego(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("tsumego")
        .args(["--problems", PROBLEMS, "--nodes", "200000"])
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).expect("UTF-8")
}

fn records(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let out = tsumego(&all);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("a JSON record")).collect()
}

fn report_json(records: &[u8]) -> Vec<Value> {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .args(["report", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().expect("stdin").write_all(records).expect("written");
    let out = child.wait_with_output().expect("it ends");
    assert!(out.status.success());
    text(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("a row")).collect()
}

fn by_id<'a>(records: &'a [Value], id: &str) -> &'a Value {
    records.iter().find(|r| r["id"] == id).unwrap_or_else(|| panic!("no record of {id}"))
}

#[test]
fn issue_11_tsumego_verdicts_on_our_own_problems() {
    let records = records(&[]);
    assert_eq!(records.len(), 5);
    for r in &records {
        assert_eq!(r["experiment"], "tsumego");
        assert_eq!(r["engine"], "go-eval");
    }
    let kill = by_id(&records, "own/straight-three-kill");
    assert_eq!(kill["verdict"], "solved");
    assert_eq!(kill["goal"], "kill");
    assert_eq!(kill["answer"], "B19");
    assert_eq!(kill["outcome"], 1);
    assert_eq!(kill["verified"], true);
    assert_eq!(kill["split"], "dev");
    assert!(kill["nodes"].as_u64().expect("nodes") > 0);
    let live = by_id(&records, "own/straight-three-live");
    assert_eq!(live["verdict"], "solved");
    assert_eq!(live["goal"], "live");
    // "White to play" in the comment; the size as a number.
    let white = by_id(&records, "own/white-lives");
    assert_eq!(white["to_play"], "W");
    assert_eq!(white["verdict"], "solved");
    assert_eq!(white["answer"], "B19");
    // The book's move is not the solver's: wrong (the solver's answer is proven).
    let wrong = by_id(&records, "own/wrong-book-answer");
    assert_eq!(wrong["verdict"], "wrong");
    assert_eq!(wrong["answer"], "B19");
    assert_eq!(wrong["split"], "held-out");
    // A point off the board: an error naming it, not a verdict.
    let bad = by_id(&records, "own/bad-point");
    assert!(bad["error"].as_str().expect("an error").contains("zz"), "{bad}");
}

#[test]
fn issue_11_tsumego_split_shards_and_jobs() {
    let dev = records(&["--split", "dev"]);
    let held_out = records(&["--split", "held-out"]);
    assert_eq!(dev.len(), 3);
    assert_eq!(held_out.len(), 2);
    assert!(dev.iter().all(|r| r["split"] == "dev"));
    assert!(held_out.iter().all(|r| r["split"] == "held-out"));
    // Shards are disjoint and cover the problems; node counts do not depend on jobs.
    let all = records(&["--jobs", "2"]);
    let mut shards = records(&["--shard", "1/2"]);
    shards.extend(records(&["--shard", "2/2"]));
    assert_eq!(shards.len(), all.len());
    for r in &all {
        let s = by_id(&shards, r["id"].as_str().expect("an id"));
        assert_eq!(s["nodes"], r["nodes"], "{}", r["id"]);
        assert_eq!(s["verdict"], r["verdict"]);
        assert_eq!(s["answer"], r["answer"]);
    }
    // Only the collections and books asked for.
    assert_eq!(records(&["--collection", "1b"]).len(), 2);
    assert_eq!(records(&["--book", "Own"]).len(), 5);
    let out = tsumego(&["--book", "Nobody"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("no problem selected"), "{}", text(&out.stderr));
}

#[test]
fn issue_11_tsumego_summary_by_split_and_collection() {
    let out = tsumego(&["--json"]);
    assert!(out.status.success());
    let rows = report_json(&out.stdout);
    let row = |split: &str, coll: &str| {
        rows.iter()
            .find(|r| r["split"] == split && r["collection"] == coll)
            .unwrap_or_else(|| panic!("no row {split} {coll}"))
            .clone()
    };
    let dev = row("dev", "all");
    assert_eq!(dev["problems"], 3);
    assert_eq!(dev["solved"], 3);
    assert_eq!(dev["verified"], 3);
    let held = row("held-out", "all");
    assert_eq!(held["problems"], 1);
    assert_eq!(held["wrong"], 1);
    assert_eq!(held["errors"], 1);
    assert_eq!(row("dev", "1a")["problems"], 2);
    // The text table.
    let out = tsumego(&[]);
    assert!(out.status.success());
    let table = text(&out.stdout);
    assert!(table.starts_with("engine "), "{table}");
    assert!(table.contains("correct%"), "{table}");
    assert!(table.contains("(1 problems could not be asked)"), "{table}");
    // A record merged twice is refused.
    let mut twice = out_json();
    twice.extend(out_json());
    let mut child = Command::new(BIN)
        .arg("report")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    {
        use std::io::Write;
        child.stdin.take().expect("stdin").write_all(&twice).expect("written");
    }
    let out = child.wait_with_output().expect("it ends");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("recorded twice"), "{}", text(&out.stderr));
}

fn out_json() -> Vec<u8> {
    let out = tsumego(&["--json", "--split", "dev"]);
    assert!(out.status.success());
    out.stdout
}

#[test]
fn issue_11_tsumego_bad_problem_files_give_located_errors() {
    let dir = std::env::temp_dir().join(format!("go-lab-tsumego-test-{}", std::process::id()));
    std::fs::create_dir(&dir).expect("a fresh temporary folder");
    let path = dir.join("broken.jsonl");
    std::fs::write(&path, "{\"id\": \"a\", \"collection\": \"x\"}\n{not json\n").expect("written");
    let out = Command::new(BIN)
        .args(["tsumego", "--problems"])
        .arg(&path)
        .output()
        .expect("the binary runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("broken.jsonl:2:"), "{}", text(&out.stderr));
}

/// A fake GTP engine in a fresh folder: a shell script answering `restricted_genmove`
/// with `answer` (shell code), everything else with `=`.
fn fake_engine(name: &str, answer: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("go-lab-tsumego-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("engine.sh");
    std::fs::write(
        &script,
        format!(
            "while IFS= read -r line; do\n  case \"$line\" in\n    restricted_genmove*) {answer} ;;\n    quit*) printf '=\\n\\n'; exit 0 ;;\n    *) printf '=\\n\\n' ;;\n  esac\ndone\n"
        ),
    )
    .unwrap();
    let command = format!("sh {}", script.display());
    (dir, command)
}

#[test]
fn issue_11_tsumego_through_a_gtp_engine_and_its_failures() {
    // One problem of the file has a point off the board: its record says so, whatever
    // the engine.
    let valid = |r: &&Value| r["id"] != "own/bad-point";
    // An engine that passes: every problem unsolved, none in error.
    let (dir, command) = fake_engine("pass", "printf '= PASS\\n\\n'");
    let answered = records(&["--gtp", &command]);
    assert_eq!(answered.len(), 5);
    assert_eq!(answered.iter().filter(valid).count(), 4);
    for r in answered.iter().filter(valid) {
        assert_eq!(r["engine"], command.as_str());
        assert_eq!(r["verdict"], "unsolved", "{r}");
        assert_eq!(r["answer"], "PASS", "{r}");
    }
    std::fs::remove_dir_all(dir).unwrap();
    // An engine that ends when asked: each problem's record names the failure, and a
    // fresh engine answers the next problem (no "stopped by an earlier failure").
    let (dir, command) = fake_engine("crash", "exit 3");
    let answered = records(&["--gtp", &command]);
    assert_eq!(answered.len(), 5);
    for r in answered.iter().filter(valid) {
        let error = r["error"].as_str().unwrap_or_else(|| panic!("an error: {r}"));
        assert!(error.starts_with("restricted_genmove "), "{error}");
        assert!(error.contains("closed its output"), "{error}");
    }
    std::fs::remove_dir_all(dir).unwrap();
    // An engine that cannot start: the run fails and names it.
    let out = tsumego(&["--gtp", "/nonexistent/engine --mode gtp"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("/nonexistent/engine"), "{}", text(&out.stderr));
}
