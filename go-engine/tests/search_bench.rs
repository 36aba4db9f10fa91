//! Runs `go-engine search-bench` on a small configuration and checks its JSON report.

use std::process::Command;

#[test]
fn search_bench_reports_every_class_as_json() {
    let out = Command::new(env!("CARGO_BIN_EXE_go-engine"))
        .args(["search-bench", "--json", "--seeds", "3", "--playouts", "500"])
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // Not a terminal: no progress bar on standard error.
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(json["seeds"], 3);
    let classes = json["classes"].as_array().expect("classes");
    let names: Vec<&str> = classes.iter().filter_map(|c| c["class"].as_str()).collect();
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
    for class in classes {
        for algo in class["algorithms"].as_array().expect("algorithms") {
            let name = algo["algorithm"].as_str().expect("name");
            assert!(algo["nodes_median"].as_f64().is_some_and(|n| n >= 1.0), "{name}");
            assert!(algo["expansions_per_second"].as_f64().is_some_and(|e| e >= 0.0), "{name}");
            let agrees = &algo["agrees_with_minimax"];
            // Every exact algorithm agrees with minimax wherever minimax could run (MCTS
            // and PB*'s probabilistic stop only claim a likely best move).
            if !name.starts_with("mcts") && name != "pbstar" && !agrees.is_null() {
                assert_eq!(agrees, true, "{name} on {}", class["class"]);
            }
        }
    }
}

#[test]
fn search_bench_prints_tables_by_default() {
    let out = Command::new(env!("CARGO_BIN_EXE_go-engine"))
        .args(["search-bench", "--seeds", "2", "--playouts", "200"])
        .output()
        .expect("the binary runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("nodes med")
            && text.contains("bstar-alternate")
            && text.contains("pbstar-exact")
            && text.contains("dfpn")
    );
}
