//! Every command of the `go-engine` binary that prints exits quietly when its reader
//! goes away (a closed pipe) and fails with a message when its output cannot be written
//! (`/dev/full`).

use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_go-engine");

/// The commands that print, each with enough output to fill a line or more.
const COMMANDS: [&[&str]; 5] = [
    &["analyze"],
    &["analyze", "--json"],
    &["analyze", "--svg", "-"],
    &["cgt", "{3||2|1} + *"],
    &["cgt", "--json", "^ + v"],
];

fn run(args: &[&str], stdout: impl Into<Stdio>) -> Output {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .output()
        .expect("the binary runs")
}

#[test]
fn issue_10_a_closed_pipe_ends_quietly() {
    for args in COMMANDS {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = run(args, writer);
        assert!(out.status.success(), "{args:?}: {:?}", out.status);
        assert!(out.stderr.is_empty(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
}

#[test]
fn issue_10_cgt_from_standard_input_stops_at_a_closed_pipe() {
    use std::io::Write;
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = Command::new(BIN)
        .arg("cgt")
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // The engine stops reading at the first answer it cannot write; the rest of the
    // input may then meet a closed pipe of its own.
    let _ = stdin.write_all("*\n".repeat(10_000).as_bytes());
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[cfg(target_os = "linux")]
#[test]
fn issue_10_a_full_disk_fails_with_a_message() {
    for args in COMMANDS {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = run(args, full);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        let tool = format!("go-engine {}: writing standard output: ", args[0]);
        assert!(err.starts_with(&tool), "{args:?}: {err}");
        assert!(err.contains("No space left on device"), "{args:?}: {err}");
    }
}

#[test]
fn issue_10_svg_to_standard_output() {
    let out = run(&["analyze", "--svg", "-", "--move", "30"], Stdio::piped());
    assert!(out.status.success());
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(svg.starts_with("<svg "), "only the picture: {}", &svg[..40.min(svg.len())]);
    assert!(svg.trim_end().ends_with("</svg>"));
}
