//! Runs `go-lab search-bench` on a small configuration and checks its records and
//! summaries.

use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_go-lab");

fn search_bench(args: &[&str]) -> Output {
    Command::new(BIN).arg("search-bench").args(args).output().expect("the binary runs")
}

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).expect("UTF-8")
}

fn report_json(records: &[u8]) -> Vec<serde_json::Value> {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .args(["report", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(records).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// The summaries without what differs from run to run: timings, and the parallel
/// search (its node counts depend on how the threads meet).
fn reproducible(mut rows: Vec<serde_json::Value>) -> Vec<serde_json::Value> {
    for row in &mut rows {
        let algorithms = row["algorithms"].as_array_mut().unwrap();
        algorithms.retain(|a| a["algorithm"] != "pvs-2threads");
        for algo in algorithms {
            algo.as_object_mut().unwrap().remove("expansions_per_second");
        }
    }
    rows
}

#[test]
fn search_bench_reports_every_class() {
    let out = search_bench(&["--json", "--seeds", "3", "--playouts", "500"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Not a terminal: no progress bar on standard error.
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let records: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(records.iter().all(|r| r["experiment"] == "search-bench"));
    let rows = report_json(&out.stdout);
    assert_eq!(records.len(), 3 * rows.len());
    let names: Vec<&str> = rows.iter().filter_map(|c| c["class"].as_str()).collect();
    for class in [
        "uniform",
        "incremental",
        "ordered",
        "transpositions",
        "p-game",
        "interval-small",
        "interval",
    ] {
        assert!(names.contains(&class), "missing {class} in {names:?}");
    }
    for row in &rows {
        assert_eq!(row["seeds"], 3);
        for algo in row["algorithms"].as_array().expect("algorithms") {
            let name = algo["algorithm"].as_str().expect("name");
            assert!(algo["nodes_median"].as_f64().is_some_and(|n| n >= 1.0), "{name}");
            assert!(algo["expansions_per_second"].as_f64().is_some_and(|e| e >= 0.0), "{name}");
            let [low, high] = [0, 1].map(|i| algo["nodes_ci95"][i].as_f64().unwrap());
            let mean = algo["nodes_mean"].as_f64().unwrap();
            assert!(0.0 < low && low <= mean && mean <= high, "{name}: {algo}");
            let agrees = &algo["agrees_with_minimax"];
            // Every exact algorithm agrees with minimax wherever minimax could run (MCTS
            // and PB*'s probabilistic stop only claim a likely best move).
            if !name.starts_with("mcts") && name != "pbstar" && !agrees.is_null() {
                assert_eq!(agrees, true, "{name} on {}", row["class"]);
            }
        }
    }
}

#[test]
fn shards_and_jobs_give_the_same_node_counts() {
    let args = ["--json", "--seeds", "2", "--playouts", "200"];
    let whole = search_bench(&args);
    assert!(whole.status.success());
    let mut merged = Vec::new();
    for shard in ["2/2", "1/2"] {
        let mut part = args.to_vec();
        part.extend(["--shard", shard, "--jobs", "2"]);
        let out = search_bench(&part);
        assert!(out.status.success(), "{}", text(&out.stderr));
        merged.extend_from_slice(&out.stdout);
    }
    assert_eq!(reproducible(report_json(&whole.stdout)), reproducible(report_json(&merged)));
}

#[test]
fn search_bench_prints_tables_by_default() {
    let out = search_bench(&["--seeds", "2", "--playouts", "200"]);
    assert!(out.status.success());
    let tables = text(&out.stdout);
    assert!(
        tables.contains("nodes med")
            && tables.contains("mean 95% (bootstrap)")
            && tables.contains("bstar-alternate")
            && tables.contains("pbstar-exact")
            && tables.contains("dfpn"),
        "{tables}"
    );
}

#[test]
fn issue_10_search_bench_refuses_bad_values() {
    for args in [
        ["--seeds", "0"],
        ["--seeds", "1"],
        ["--node-budget", "0"],
        ["--playouts", "0"],
        ["--jobs", "x"],
        ["--shard", "0/1"],
    ] {
        let out = search_bench(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(text(&out.stderr).contains(args[0]), "{args:?}: {}", text(&out.stderr));
    }
}

#[test]
fn issue_10_search_bench_exits_quietly_on_a_closed_pipe() {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = Command::new(BIN)
        .args(["search-bench", "--seeds", "2", "--playouts", "100", "--shard", "1/8"])
        .stdout(writer)
        .output()
        .unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[cfg(target_os = "linux")]
#[test]
fn issue_10_search_bench_fails_on_a_full_disk() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let out = Command::new(BIN)
        .args(["search-bench", "--json", "--seeds", "2", "--playouts", "100", "--shard", "1/8"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.starts_with("go-lab search-bench: writing standard output: "), "{err}");
    assert!(err.contains("No space left on device"), "{err}");
}
