//! Runs `go-lab eval-bench` on the committed fixture (`testdata/ownership`: GNU Go
//! self-play games on 9×9 and 13×13 labelled by GNU Go's `final_status_list`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_go-lab");

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/ownership")
}

fn command(extra: &[&str]) -> Command {
    let dir = fixture();
    let mut command = Command::new(BIN);
    command.arg("eval-bench").arg("--labels").arg(dir.join("labels.jsonl"));
    command.arg("--games").arg(&dir).args(extra);
    command
}

fn eval_bench(extra: &[&str]) -> Output {
    command(extra).output().expect("the binary runs")
}

fn report(input: &[u8], extra: &[&str]) -> Output {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .arg("report")
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).expect("UTF-8")
}

const EVALUATORS: [&str; 9] = [
    "zobrist-4",
    "zobrist-4+dead",
    "bouzy-5/21+dead",
    "bouzy-5/10+dead",
    "bouzy-4/0+dead",
    "influence-regions+dead",
    "influence-sign+dead",
    "eval",
    "eval+reading",
];

#[test]
fn every_evaluator_and_fraction_from_the_records() {
    let out = eval_bench(&["--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Not a terminal: no progress bar, and no game skipped.
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let records: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("a record")).collect();
    assert_eq!(records.len(), 6, "one record per labelled game");
    for (i, record) in records.iter().enumerate() {
        assert_eq!(record["experiment"], "eval-bench");
        assert_eq!(record["index"], i + 1);
        assert_eq!(record["tallies"].as_array().unwrap().len(), EVALUATORS.len() * 4);
    }
    let summary = report(&out.stdout, &["--json"]);
    assert!(summary.status.success(), "{}", text(&summary.stderr));
    let rows: Vec<serde_json::Value> =
        text(&summary.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(rows.len(), EVALUATORS.len() * 4);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["evaluator"], EVALUATORS[i / 4]);
        assert_eq!(row["fraction"], [0.25, 0.5, 0.75, 0.9][i % 4]);
        assert_eq!(row["positions"], 6);
        for field in ["accuracy", "coverage", "precision", "winner_accuracy", "bound_validity"] {
            let v = row[field].as_f64().unwrap_or_else(|| panic!("{field} in {row}"));
            assert!((0.0..=1.0).contains(&v), "{field} = {v} in {row}");
        }
        for field in ["score_mae", "bound_width"] {
            assert!(row[field].as_f64().is_some_and(|v| v >= 0.0), "{field} in {row}");
        }
        let (acc, cov) = (row["accuracy"].as_f64().unwrap(), row["coverage"].as_f64().unwrap());
        assert!(acc <= cov + 1e-12, "{row}");
        // Stones alone decide a good part of the board by 90 % of these games.
        if row["fraction"] == 0.9 {
            assert!(acc > 0.5, "{row}");
        }
    }
}

#[test]
fn shards_merged_with_cat_give_the_single_run() {
    let whole = eval_bench(&["--json"]);
    assert!(whole.status.success());
    let mut merged = Vec::new();
    for shard in ["1/3", "2/3", "3/3"] {
        let part = eval_bench(&["--json", "--shard", shard, "--jobs", "2"]);
        assert!(part.status.success(), "{}", text(&part.stderr));
        assert_eq!(text(&part.stdout).lines().count(), 2, "{shard}");
        merged.extend_from_slice(&part.stdout);
    }
    let single = report(&whole.stdout, &[]);
    let sharded = report(&merged, &[]);
    assert!(single.status.success() && sharded.status.success());
    assert_eq!(text(&single.stdout), text(&sharded.stdout));
    assert!(text(&single.stdout).starts_with("Ownership benchmark: 6 games"));
    // The same records from any number of threads, in the same order.
    let threaded = eval_bench(&["--json", "--jobs", "3"]);
    assert_eq!(text(&threaded.stdout), text(&whole.stdout));
    // A shard merged twice is refused.
    let mut twice = merged.clone();
    twice.extend_from_slice(&merged[..merged.iter().position(|&b| b == b'\n').unwrap() + 1]);
    let refused = report(&twice, &[]);
    assert!(!refused.status.success());
    assert!(text(&refused.stderr).contains("recorded twice"), "{}", text(&refused.stderr));
}

#[test]
fn tables_by_default_and_errors_name_the_file() {
    let out = eval_bench(&["--limit", "2"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    assert!(table.starts_with("Ownership benchmark: 2 games"), "{table}");
    assert_eq!(table.lines().filter(|l| l.starts_with("eval ")).count(), 4, "{table}");

    let out = Command::new(BIN)
        .args(["eval-bench", "--labels", "no-such-file.jsonl", "--games", "."])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("no-such-file.jsonl"));
    for bad in ["0/2", "3/2", "x"] {
        let out = eval_bench(&["--shard", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(text(&out.stderr).contains("I/N"), "{}", text(&out.stderr));
    }
}

#[test]
fn issue_10_eval_bench_fails_when_no_game_is_found() {
    let empty = std::env::temp_dir().join(format!("go-lab-empty-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let out = Command::new(BIN)
        .arg("eval-bench")
        .arg("--labels")
        .arg(fixture().join("labels.jsonl"))
        .arg("--games")
        .arg(&empty)
        .output()
        .unwrap();
    std::fs::remove_dir(&empty).unwrap();
    assert!(!out.status.success());
    assert!(out.stdout.is_empty(), "no table of zeros: {}", text(&out.stdout));
    let err = text(&out.stderr);
    assert!(err.contains("no game could be evaluated: 6 of 6 skipped"), "{err}");
    assert!(err.contains("gnugo-9x9-seed1.sgf"), "{err}");
    // Nothing to report is an error too.
    let nothing = report(b"\n", &[]);
    assert!(!nothing.status.success());
    let garbage = report(b"{\"experiment\":\"eval-bench\"}\n", &[]);
    assert!(text(&garbage.stderr).contains("standard input:1:"), "{}", text(&garbage.stderr));
}

#[test]
fn issue_10_eval_bench_exits_quietly_on_a_closed_pipe() {
    for json in [false, true] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let mut command = command(if json { &["--json"] } else { &[] });
        let out = command.stdout(writer).output().unwrap();
        assert!(out.status.success(), "json {json}: {:?}", out.status);
        assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    }
}

#[cfg(target_os = "linux")]
#[test]
fn issue_10_eval_bench_fails_on_a_full_disk() {
    for json in [false, true] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let mut command = command(if json { &["--json"] } else { &[] });
        let out = command.stdout(full).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "json {json}");
        let err = text(&out.stderr);
        assert!(err.starts_with("go-lab eval-bench: writing standard output: "), "{err}");
    }
}
