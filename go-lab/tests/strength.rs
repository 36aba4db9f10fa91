//! Runs `go-lab strength train`, `combine` and `eval` on a folder of generated games (a
//! fresh temporary folder; CI has no game collection).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use go_board::{BoardSize, GameRecord, Move, Position, Rules};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_go-lab");

/// A fresh folder of `n` random 19×19 games of 80 moves (a fixed seed), in two
/// subfolders, plus a 9×9 game and a file that is not SGF.
fn games(tag: &str, n: usize) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-lab-strength-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::create_dir_all(dir.join("b")).unwrap();
    let mut seed: u64 = 0x1234_5678;
    let mut next = || {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize
    };
    let size = BoardSize::square(19).unwrap();
    for g in 0..n {
        let mut position = Position::new(size, Rules::japanese());
        for _ in 0..80 {
            let legal: Vec<Move> = position.legal_moves().filter(|m| !m.is_pass()).collect();
            position.try_play(legal[next() % legal.len()]).unwrap();
        }
        let text = GameRecord::from_position(&position).to_sgf();
        let folder = if g % 2 == 0 { "a" } else { "b" };
        std::fs::write(dir.join(folder).join(format!("{g}.sgf")), text).unwrap();
    }
    std::fs::write(dir.join("small.sgf"), "(;SZ[9];B[ee];W[cc])").unwrap();
    std::fs::write(dir.join("broken.sgf"), "(;SZ[19];B[pd];W[").unwrap();
    dir
}

fn run(args: &[&str]) -> Output {
    Command::new(BIN).arg("strength").args(args).output().expect("the binary runs")
}

fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn lines(text: &str) -> Vec<Value> {
    text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn issue_13_train_combine_and_eval() {
    let dir = games("run", 8);
    let model = dir.join("model.json");
    let summary = ok(&[
        "train",
        "--games",
        s(&dir),
        "--part",
        "all",
        "--out",
        s(&model),
        "--json",
        "--jobs",
        "2",
    ]);
    let summary: Value = serde_json::from_str(summary.trim()).unwrap();
    assert_eq!(summary["games"], 8);
    assert_eq!(summary["games_listed"], 10);
    let skipped = summary["skipped"].as_array().unwrap();
    assert_eq!(skipped.len(), 2, "{skipped:?}");
    assert!(skipped.iter().any(|e| e.as_str().unwrap().contains("not 19x19")));
    assert!(skipped.iter().any(|e| e.as_str().unwrap().contains("broken.sgf")));
    assert!(summary["samples"].as_u64().unwrap() > 50);
    let directional = dir.join("directional.json");
    ok(&[
        "train",
        "--games",
        s(&dir),
        "--part",
        "all",
        "--out",
        s(&directional),
        "--learner",
        "c45",
        "--schema",
        "directional",
    ]);
    let combined = dir.join("combined.json");
    let text = ok(&[
        "combine",
        "--model",
        s(&model),
        "--games",
        s(&dir),
        "--part",
        "all",
        "--out",
        s(&combined),
        "--every",
        "3",
        "--epochs",
        "1",
    ]);
    assert!(text.contains("examples from 8 games"), "{text}");

    // The summary rows of the issue: generator, protocol, band, positions, top10.
    let eval = |extra: &[&str]| {
        let mut args = vec![
            "eval",
            "--model",
            s(&model),
            "--model",
            s(&directional),
            "--combined",
            s(&combined),
            "--games",
            s(&dir),
            "--part",
            "all",
        ];
        args.extend_from_slice(extra);
        ok(&args)
    };
    let rows = lines(&eval(&["--json", "--scores", "uncorrected,paper,expected"]));
    let generators: Vec<&str> = rows
        .iter()
        .filter(|r| r["protocol"] == "all" && r["band"] == "all")
        .map(|r| r["generator"].as_str().unwrap())
        .collect();
    assert_eq!(
        generators,
        [
            "random",
            "model/uncorrected",
            "model/paper",
            "model/expected",
            "directional/uncorrected",
            "directional/paper",
            "directional/expected",
            "combined",
            "potential",
            "potential+height",
            "locality"
        ]
    );
    for r in &rows {
        let top10 = r["top10"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&top10), "{r}");
        assert!(
            r["low95"].as_f64().unwrap() <= top10 + 1e-12
                && top10 <= r["high95"].as_f64().unwrap() + 1e-12
        );
    }
    // 80 moves a game: the bands 1-20 to 61-80, 1-220 and all; 640 positions in all.
    let all = |band: &str| {
        rows.iter()
            .find(|r| r["protocol"] == "all" && r["band"] == band && r["generator"] == "random")
            .unwrap()
    };
    assert_eq!(all("all")["positions"], 640);
    assert_eq!(all("61-80")["positions"], 160);
    assert_eq!(all("1-220")["positions"], 640);
    assert!(!rows.iter().any(|r| r["band"] == "81-100"));
    // The first move of a game touches nothing: every game has paper positions.
    let paper = rows.iter().find(|r| r["protocol"] == "paper" && r["band"] == "1-20").unwrap();
    assert!(paper["positions"].as_u64().unwrap() >= 8);

    // Two shards' records, merged, give the same summary as one run.
    let one = eval(&["--json"]);
    let mut records = String::new();
    for shard in ["1/2", "2/2"] {
        records.push_str(&eval(&["--records", "--shard", shard]));
    }
    let records_file = dir.join("records.jsonl");
    std::fs::write(&records_file, &records).unwrap();
    let report = Command::new(BIN).args(["report", "--json", s(&records_file)]).output().unwrap();
    assert!(report.status.success());
    // Equal up to the last bit of a float (serde_json's default parsing of the records
    // may be one unit in the last place off).
    let (merged, one) = (lines(&String::from_utf8(report.stdout).unwrap()), lines(&one));
    assert_eq!(merged.len(), one.len());
    for (m, o) in merged.iter().zip(&one) {
        for (key, value) in o.as_object().unwrap() {
            match value.as_f64() {
                Some(v) if !value.is_u64() => {
                    assert!((m[key].as_f64().unwrap() - v).abs() < 1e-12, "{key}: {m} {o}")
                }
                _ => assert_eq!(&m[key], value, "{key}"),
            }
        }
    }

    // Paired differences from the records, in both protocols.
    let report = Command::new(BIN)
        .args(["report", "--json", "--pair", "model/paper,random", s(&records_file)])
        .output()
        .unwrap();
    let pairs: Vec<Value> = lines(&String::from_utf8(report.stdout).unwrap())
        .into_iter()
        .filter(|r| r.get("difference").is_some())
        .collect();
    assert_eq!(pairs.len(), 2);
    assert_eq!(pairs[0]["generators"], serde_json::json!(["model/paper", "random"]));
    let bad =
        Command::new(BIN).args(["report", "--pair", "nothing,random", s(&records_file)]).output();
    assert!(!bad.unwrap().status.success());

    // The table names the protocols and the models' sample accuracy.
    let table = eval(&[]);
    assert!(table.contains("protocol paper: top-10 hit rate"), "{table}");
    assert!(table.contains("model model: "), "{table}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn issue_13_bad_inputs_give_clear_errors() {
    let dir = games("bad", 1);
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"format\": \"something\"}").unwrap();
    let out = run(&["eval", "--model", s(&bad), "--games", s(&dir)]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("strength model"), "{err}");
    let out = run(&["eval", "--combined", s(&bad), "--games", s(&dir)]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.json"));
    // No usable game: the 9x9 and broken files only.
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    std::fs::copy(dir.join("small.sgf"), empty.join("small.sgf")).unwrap();
    let out =
        run(&["train", "--games", s(&empty), "--part", "all", "--out", s(&dir.join("m.json"))]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no usable game"));
    let out = run(&["eval", "--games", s(&empty), "--part", "all"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no game could be evaluated"));
    let out =
        run(&["combine", "--games", s(&dir), "--out", s(&dir.join("c.json")), "--every", "0"]);
    assert!(!out.status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}
