//! Runs `go-engine eval-bench` on the committed fixture (`testdata/ownership`: GNU Go
//! self-play games on 9×9 and 13×13 labelled by GNU Go's `final_status_list`).

use std::path::Path;
use std::process::Command;

fn fixture() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/ownership")
}

fn eval_bench(extra: &[&str]) -> std::process::Output {
    let dir = fixture();
    let labels = dir.join("labels.jsonl");
    Command::new(env!("CARGO_BIN_EXE_go-engine"))
        .arg("eval-bench")
        .arg("--labels")
        .arg(&labels)
        .arg("--games")
        .arg(&dir)
        .args(extra)
        .output()
        .expect("the binary runs")
}

#[test]
fn every_evaluator_and_fraction_as_json() {
    let out = eval_bench(&["--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // Not a terminal: no progress bar, and no game skipped.
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<serde_json::Value> =
        text.lines().map(|l| serde_json::from_str(l).expect("one object per line")).collect();
    let evaluators = [
        "zobrist-4",
        "zobrist-4+dead",
        "bouzy-5/21+dead",
        "bouzy-5/10+dead",
        "bouzy-4/0+dead",
        "influence-regions+dead",
        "influence-sign+dead",
        "eval",
    ];
    assert_eq!(rows.len(), evaluators.len() * 4);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["evaluator"], evaluators[i / 4]);
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
fn tables_by_default_and_errors_name_the_file() {
    let out = eval_bench(&["--limit", "2"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Ownership benchmark: 2 games"), "{text}");
    assert_eq!(text.lines().filter(|l| l.starts_with("eval ")).count(), 4, "{text}");

    let out = Command::new(env!("CARGO_BIN_EXE_go-engine"))
        .args(["eval-bench", "--labels", "no-such-file.jsonl", "--games", "."])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-file.jsonl"));
}
