//! Runs `go-lab patterns learn` and `go-lab patterns predict` on random 19×19 games
//! written to a fresh temporary folder (CI needs no game collection).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use go_board::sgf::GameRecord;
use go_board::{BoardSize, Move, Position, Rules};

const BIN: &str = env!("CARGO_BIN_EXE_go-lab");

/// splitmix64.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A folder of `n` random games whose moves cluster around the previous one.
fn games(name: &str, n: usize) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-lab-patterns-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let size = BoardSize::square(19).unwrap();
    let mut state = 17u64;
    for g in 0..n {
        let mut position = Position::new(size, Rules::japanese());
        let mut last = None;
        for _ in 0..70 {
            let legal: Vec<Move> = position.legal_moves().filter(|m| *m != Move::Pass).collect();
            let near: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| match (m, last) {
                    (Move::Play(p), Some(Move::Play(q))) => {
                        (i32::from(p.col()) - i32::from(q.col())).abs() <= 2
                            && (i32::from(p.row()) - i32::from(q.row())).abs() <= 2
                    }
                    _ => false,
                })
                .collect();
            let pool = if !near.is_empty() && next(&mut state) % 10 < 7 { &near } else { &legal };
            let mv = pool[(next(&mut state) % pool.len() as u64) as usize];
            position.try_play(mv).unwrap();
            last = Some(mv);
        }
        let sgf = GameRecord::from_position(&position).to_sgf();
        let folder = if g % 2 == 0 { dir.clone() } else { dir.join("sub") };
        std::fs::write(folder.join(format!("{g:03}.sgf")), sgf).unwrap();
    }
    // A 9x9 game and a broken file: skipped.
    std::fs::write(dir.join("small.sgf"), "(;SZ[9];B[ee];W[cc])").unwrap();
    std::fs::write(dir.join("broken.sgf"), "(;SZ[19];B[ee];W[ee])").unwrap();
    dir
}

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).stdin(Stdio::null()).output().expect("the binary runs")
}

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).expect("UTF-8")
}

fn learn(dir: &Path, model: &Path) {
    let out = run(&[
        "patterns",
        "learn",
        "--games",
        dir.to_str().unwrap(),
        "--out",
        model.to_str().unwrap(),
        "--min-count",
        "2",
        "--iterations",
        "4",
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["experiment"], "patterns-learn");
    assert!(summary["shapes"].as_u64().unwrap() > 20, "{summary}");
    let games = summary["games"].as_u64().unwrap();
    assert!((20..40).contains(&games), "{summary}");
    let ll = summary["log_likelihood"].as_array().unwrap();
    assert!(ll.last().unwrap().as_f64() > ll[0].as_f64(), "{summary}");
    // The broken game is reported.
    let skipped = summary["skipped"].as_array().unwrap();
    assert!(skipped.iter().any(|s| s.as_str().unwrap().contains("broken.sgf")), "{summary}");
}

#[test]
fn issue_12_learn_then_predict() {
    let dir = games("learn", 40);
    let model = dir.join("model.bin");
    learn(&dir, &model);
    let predict = |extra: &[&str]| {
        let mut args = vec![
            "patterns",
            "predict",
            "--patterns",
            model.to_str().unwrap(),
            "--games",
            dir.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        run(&args)
    };
    let out = predict(&["--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(rows.len(), 3 * 4, "three generators, four bands");
    for row in &rows {
        let rates: Vec<f64> = ["top1", "top3", "top5", "top10", "coverage"]
            .iter()
            .map(|field| row[field].as_f64().unwrap())
            .collect();
        assert!(rates.iter().all(|x| (0.0..=1.0).contains(x)), "{row}");
        assert!(rates.windows(2).all(|w| w[0] <= w[1]), "{row}");
        assert!(row["positions"].as_u64().unwrap() > 0 || row["band"] == "151+", "{row}");
    }
    let names: Vec<&str> = rows.iter().map(|r| r["generator"].as_str().unwrap()).collect();
    assert_eq!(&names[..5], ["learned", "learned", "learned", "learned", "locality"]);
    let random = rows.iter().find(|r| r["generator"] == "random" && r["band"] == "all").unwrap();
    assert_eq!(random["coverage"], 1.0);
    assert!(random["top1"].as_f64().unwrap() < 0.01);
    // Learned patterns on clustered random games beat uniform random.
    let learned = rows.iter().find(|r| r["generator"] == "learned" && r["band"] == "all").unwrap();
    assert!(learned["top10"].as_f64() > random["top10"].as_f64(), "{learned}\n{random}");
    // Two shards merged by report give the run's rows.
    let mut merged = Vec::new();
    for shard in ["1/2", "2/2"] {
        let out = predict(&["--json", "--shard", shard]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        merged.extend_from_slice(&out.stdout);
    }
    let mut child = Command::new(BIN)
        .args(["report", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(&merged).unwrap();
    let report = child.wait_with_output().unwrap();
    assert!(report.status.success(), "{}", text(&report.stderr));
    let summary: Vec<serde_json::Value> =
        text(&report.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(summary.len(), rows.len());
    for (a, b) in rows.iter().zip(&summary) {
        assert_eq!(a["generator"], b["generator"]);
        assert_eq!(a["positions"], b["positions"]);
        for field in ["top1", "top3", "top5", "top10", "coverage"] {
            let (x, y) = (a[field].as_f64().unwrap(), b[field].as_f64().unwrap());
            assert!((x - y).abs() < 1e-9, "{field}: {x} vs {y}");
        }
    }
    // A GTP engine (a shell script that always answers D4, then Q16 and D4 as its top
    // moves) on two positions per game.
    let script = dir.join("engine.sh");
    std::fs::write(
        &script,
        "while IFS= read -r line; do\n  case \"$line\" in\n    reg_genmove*) printf '= D4\\n\\n' ;;\n    top_moves*) printf '= Q16 10.5 D4 5\\n\\n' ;;\n    quit*) printf '=\\n\\n'; exit 0 ;;\n    *) printf '=\\n\\n' ;;\n  esac\ndone\n",
    )
    .unwrap();
    let command = format!("sh {}", script.display());
    let out = predict(&["--json", "--sample", "2", "--gtp", &command, "--gtp-name", "fake"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(rows.len(), 4 * 4);
    let fake = rows.iter().find(|r| r["generator"] == "fake" && r["band"] == "all").unwrap();
    let learned = rows.iter().find(|r| r["generator"] == "learned" && r["band"] == "all").unwrap();
    // Two positions per game, the same for every generator.
    assert_eq!(fake["positions"], learned["positions"]);
    assert!(fake["positions"].as_u64().unwrap() <= 2 * fake["games"].as_u64().unwrap());
    // The fake proposes two points (where legal): its coverage is its top-3.
    assert_eq!(fake["coverage"], fake["top3"]);
    // An engine that cannot start is an error.
    let out = predict(&["--gtp", "/nonexistent/engine"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("/nonexistent/engine"), "{}", text(&out.stderr));
    // The table.
    let out = predict(&[]);
    assert!(out.status.success());
    let table = text(&out.stdout);
    assert!(
        table.contains("learned") && table.contains("locality") && table.contains("151+"),
        "{table}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn issue_12_bad_inputs_fail_with_a_message() {
    let dir = games("bad", 3);
    let model = dir.join("not-a-model.bin");
    std::fs::write(&model, b"hello").unwrap();
    let out = run(&[
        "patterns",
        "predict",
        "--patterns",
        model.to_str().unwrap(),
        "--games",
        dir.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("not-a-model.bin") && err.contains("GOPLEARN"), "{err}");
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let out = run(&[
        "patterns",
        "learn",
        "--games",
        empty.to_str().unwrap(),
        "--out",
        dir.join("m.bin").to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("no 19x19 game"), "{}", text(&out.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}
