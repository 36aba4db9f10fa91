//! Runs `go-engine cgt` as a user would.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn cgt(args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_go-engine"));
    cmd.arg("cgt").args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    cmd.stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() });
    let mut child = cmd.spawn().expect("go-engine runs");
    if let Some(input) = stdin {
        child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("write stdin");
    }
    child.wait_with_output().expect("go-engine finishes")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8")
}

#[test]
fn prints_the_canonical_form_on_one_line() {
    let o = cgt(&["{3||2|1} + {3||2|1}"], None);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "{5|{4,{5|4}|3}}\n");
    let o = cgt(&["cool({6||4|0}, 2) + cool({4|0}, 2) + -7"], None);
    assert_eq!(stdout(&o), "-1^*\n");
    let o = cgt(&["--unicode", "^ + ^ + 1/2"], None);
    assert_eq!(stdout(&o), "½⇑\n");
}

#[test]
fn comparisons_print_true_or_false() {
    for (expr, answer) in [
        ("2* + 4^ + -7 || -1", "true"),
        ("^ > 0", "true"),
        ("^* <= 0", "false"),
        ("{1|0} > {1/2|0}", "true"),
        ("^ <| *", "true"),
        ("^ == {0|*}", "true"),
    ] {
        let o = cgt(&[expr], None);
        assert!(o.status.success(), "{expr}");
        assert_eq!(stdout(&o).trim(), answer, "{expr}");
    }
}

#[test]
fn functions() {
    for (expr, answer) in [
        ("mean({3||2*|1*})", "9/4"),
        ("temperature({3||2*|1*})", "3/4"),
        ("leftstop({5|1,{4|-1}})", "5"),
        ("rightstop({5|1,{4|-1}})", "1"),
        ("thermograph({3||2*|1*})", "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])"),
        ("atomicweight({^^|v})", "1/2"),
        ("rcf({3||2*|1*})", "{3||2|1}"),
        ("birthday({3||2*|1*})", "5"),
        ("outcome(*)", "N"),
        ("heat(*, 2)", "+-2"),
        ("overheat({3||2*|1*}, *, 1*)", "{1||+-(1*)|-1,{-1|-3}}"),
        ("cool({3||2*|1*}, 1/2)", "{5/2|2*}"),
    ] {
        let o = cgt(&[expr], None);
        assert!(o.status.success(), "{expr}: {}", stderr(&o));
        assert_eq!(stdout(&o).trim(), answer, "{expr}");
    }
}

#[test]
fn json_output() {
    let o = cgt(&["--json", "^ + *"], None);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON object");
    assert_eq!(v["value"], "^*");
    assert_eq!(v["kind"], "game");
    let o = cgt(&["--json", "{1|2|3}"], None);
    assert!(!o.status.success());
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON object");
    assert_eq!(v["error"]["column"], 5);
}

#[test]
fn reads_one_expression_per_line_from_stdin() {
    let o = cgt(&[], Some("^ + ^\n\n*2 + *3\noutcome({1|-1})\n"));
    assert!(o.status.success());
    assert_eq!(stdout(&o), "^^\n*\nN\n");
    // a bad line is reported and the others still run; the exit status says so
    let o = cgt(&[], Some("{1|\n1/2 + 1/2\n"));
    assert!(!o.status.success());
    assert_eq!(stdout(&o), "1\n");
    assert!(stderr(&o).starts_with("error: column "), "{}", stderr(&o));
}

#[test]
fn errors_name_the_column_and_never_panic() {
    for (expr, column) in [
        ("{1|2|3}", "column 5"),
        ("1/3", "column 3"),
        ("cool(*, *)", "column 9"),
        ("atomicweight(5)", "not atomic"),
        ("frobnicate(1)", "unknown function"),
        ("99999999999999999999", "column 1"),
        ("4611686018427387904 + 4611686018427387904", "range"),
    ] {
        let o = cgt(&[expr], None);
        assert!(!o.status.success(), "{expr}");
        let err = stderr(&o);
        assert!(err.starts_with("error: "), "{expr}: {err}");
        assert!(err.contains(column), "{expr}: {err}");
        assert!(!err.contains("panicked"), "{expr}: {err}");
    }
    // 100000 nested braces (through stdin: too long for one argument)
    let deep = format!("{}0{}\n", "{".repeat(100_000), "}".repeat(100_000));
    let o = cgt(&[], Some(&deep));
    assert!(!o.status.success());
    assert!(stderr(&o).contains("nesting"), "{}", stderr(&o));
}
