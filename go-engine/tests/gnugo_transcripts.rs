//! Replays the GTP transcripts of `testdata/gtp/` (GNU Go 3.8's answers, recorded by
//! `testdata/gtp/record.py`) through a [`Session`] and checks every answer, byte for
//! byte.

use std::path::PathBuf;

use go_engine::{RandomPlayer, Session};

fn testdata() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/gtp");
    dir.canonicalize().unwrap_or(dir)
}

/// A command and GNU Go's answer as sent on the wire (ending with the empty line).
struct Entry {
    line: usize,
    command: String,
    answer: String,
}

fn read_transcript(name: &str) -> Vec<Entry> {
    let path = testdata().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let dir = testdata().to_str().expect("a UTF-8 path").to_owned();
    let mut entries = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((i, line)) = lines.next() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut answer = String::new();
        for (_, l) in lines.by_ref() {
            if l.is_empty() {
                break;
            }
            answer.push_str(l);
            answer.push('\n');
        }
        assert!(
            answer.starts_with('=') || answer.starts_with('?'),
            "{name}:{}: the command {line:?} has no answer",
            i + 1
        );
        answer.push('\n');
        entries.push(Entry { line: i + 1, command: line.replace("$TESTDATA", &dir), answer });
    }
    entries
}

fn check(name: &str, min_entries: usize) {
    let entries = read_transcript(name);
    assert!(entries.len() >= min_entries, "{name}: only {} entries", entries.len());
    let mut session = Session::new(RandomPlayer::new(1));
    let mut failures = Vec::new();
    for e in &entries {
        let got = session.execute(&e.command).map(|r| r.to_string()).unwrap_or_default();
        if got != e.answer {
            failures.push(format!(
                "{name}:{}: {}\n  GNU Go: {:?}\n  ours:   {:?}",
                e.line, e.command, e.answer, got
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} answers differ:\n{}",
        failures.len(),
        entries.len(),
        failures.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn formats_and_errors_match_gnu_go() {
    check("gnugo-formats.gtp", 250);
}

#[test]
fn random_games_on_5x5_match_gnu_go() {
    check("gnugo-random-5x5.gtp", 5000);
}

#[test]
fn random_games_on_9x9_match_gnu_go() {
    check("gnugo-random-9x9.gtp", 5000);
}

#[test]
fn random_games_on_13x13_match_gnu_go() {
    check("gnugo-random-13x13.gtp", 1000);
}

#[test]
fn random_games_on_19x19_match_gnu_go() {
    check("gnugo-random-19x19.gtp", 1000);
}

#[test]
fn scores_of_random_games_played_to_the_end_match_gnu_go() {
    check("gnugo-endgames.gtp", 2000);
}

#[test]
fn unconditional_status_matches_gnu_go() {
    check("gnugo-unconditional.gtp", 13000);
}

#[test]
fn issue_10_session_commands_match_gnu_go() {
    check("gnugo-session.gtp", 50);
}
