//! Runs `go-engine cgt` as a user would.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn cgt(args: &[&str], stdin: Option<&str>) -> Output {
    cgt_bytes(args, stdin.map(str::as_bytes))
}

/// Runs `go-engine cgt ARGS` with `stdin` (bytes, not necessarily UTF-8).
fn cgt_bytes(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_go-engine"));
    cmd.arg("cgt").args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    cmd.stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() });
    let mut child = cmd.spawn().expect("go-engine runs");
    if let Some(input) = stdin {
        let mut pipe = child.stdin.take().expect("stdin");
        let input = input.to_vec();
        // a writer thread, so that a large input cannot fill both pipes
        std::thread::spawn(move || {
            let _ = pipe.write_all(&input);
        });
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
    assert!(stderr(&o).starts_with("error: line 1, column 4: "), "{}", stderr(&o));
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

#[test]
fn issue_10_expressions_may_start_with_a_minus() {
    for (args, answer) in [
        (&["-1/2 == -1/2"][..], "true"),
        (&["-1/2"][..], "-1/2"),
        (&["-v"][..], "^"),
        (&["-{3||2|1} + 1"][..], "{0|-1||-2}"),
        (&["--unicode", "-1/2 + ^"][..], "-½↑"),
        (&["-1 + ^", "--unicode"][..], "-1↑"),
    ] {
        let o = cgt(args, None);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o).trim(), answer, "{args:?}");
    }
    // `-` alone reads standard input
    let o = cgt(&["-"], Some("-1 - 1\n"));
    assert_eq!(stdout(&o), "-2\n");
    // a mistyped option is not taken for an expression
    let o = cgt(&["--jsn"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown option '--jsn'"), "{}", stderr(&o));
}

#[test]
fn issue_10_help_documents_the_grammar() {
    let o = Command::new(env!("CARGO_BIN_EXE_go-engine"))
        .args(["cgt", "--help"])
        .output()
        .expect("go-engine runs");
    assert!(o.status.success());
    let help = stdout(&o);
    // it no longer only points at itself
    assert!(!help.contains("see `go-engine cgt --help`"), "{help}");
    for piece in [
        "3/4",
        "*n",
        "^^",
        "v3",
        "{L1, L2 | R1, R2}",
        "{3||2|1}",
        "+-(a, b)",
        "G - H",
        "<=",
        "G || H",
        "<|",
        "|>",
        "kind",
        "value",
        "\"limit\"",
        "--max-games",
        "--timeout",
        "--max-output",
        "--max-memory",
    ] {
        assert!(help.contains(piece), "the help lacks {piece:?}:\n{help}");
    }
    for f in go_cgt::FUNCTIONS {
        assert!(help.contains(f.signature), "the help lacks {}", f.signature);
        assert!(help.contains(f.meaning), "the help lacks the meaning of {}", f.signature);
    }
}

#[test]
fn issue_10_json_booleans_are_booleans() {
    let o = cgt(&["--json", "^ > 0"], None);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON object");
    assert_eq!(v["kind"], "bool");
    assert_eq!(v["value"], serde_json::Value::Bool(true));
    let o = cgt(&["--json"], Some("^* <= 0\n1 + 1\n"));
    let lines: Vec<serde_json::Value> =
        stdout(&o).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert_eq!(lines[0]["value"], serde_json::Value::Bool(false));
    assert_eq!(lines[0]["line"], 1);
    assert_eq!(lines[1]["value"], "2");
    assert_eq!(lines[1]["line"], 2);
}

#[test]
fn issue_10_stdin_errors_give_the_line_and_column() {
    let o = cgt(&[], Some("1 + 1\n\n^ + \n{1|2|3}\n"));
    assert!(!o.status.success());
    assert_eq!(stdout(&o), "2\n");
    let err = stderr(&o);
    assert!(err.contains("error: line 3, column 5: "), "{err}");
    assert!(err.contains("error: line 4, column 5: "), "{err}");
    let o = cgt(&["--json"], Some("{1|\n"));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
    assert_eq!((v["line"].as_u64(), v["error"]["column"].as_u64()), (Some(1), Some(4)));
}

/// A line that is not UTF-8 is reported with its line number; the next lines still
/// run and the exit status is 1.
#[test]
fn issue_10_non_utf8_stdin_line_is_reported_and_skipped() {
    let o = cgt_bytes(&[], Some(b"1 + 1\n\xff\xfe *\n^ + ^\n\x00\n"));
    assert!(!o.status.success());
    assert_eq!(stdout(&o), "2\n^^\n");
    let err = stderr(&o);
    assert!(err.contains("error: line 2: not valid UTF-8 (at byte 1)"), "{err}");
    // NUL is UTF-8 but not notation: an escaped, located error
    assert!(err.contains("error: line 4, column 1: unexpected character '\\0'"), "{err}");
    let o = cgt_bytes(&["--json"], Some(b"\xc3\n"));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
    assert_eq!(v["line"], 1);
    assert!(v["error"]["column"].is_null());
}

#[test]
fn issue_10_long_lines_stop_the_reading_without_being_held() {
    let mut input = "1+".repeat(60).into_bytes();
    input.extend_from_slice(b"1\n^\n");
    let o = cgt_bytes(&["--max-line", "100"], Some(&input));
    assert!(!o.status.success());
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).contains("error: line 1: longer than --max-line (100 bytes)"));
    // a line of exactly the limit is read
    let o = cgt(&["--max-line", "5"], Some("1 + 1\n^\n"));
    assert_eq!(stdout(&o), "2\n^\n");
    // an endless line (as from /dev/zero) stops the reading, in bounded memory
    let o = cgt_bytes(&["--max-line", "1000"], Some(&vec![0u8; 1 << 20]));
    assert!(!o.status.success());
    assert!(stderr(&o).contains("the rest of the input is not read"), "{}", stderr(&o));
    // a 10 MB line within the default limit is evaluated
    let mut input = "0+".repeat(5_000_000).into_bytes();
    input.extend_from_slice(b"*\n");
    let o = cgt_bytes(&[], Some(&input));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "*\n");
}

/// Each limit fails cleanly, names the option that raises it, and the next lines
/// still run.
#[test]
fn issue_10_limits_fail_cleanly_and_name_their_option() {
    for (args, expr, option, name) in [
        (&[][..], "heat(*20, 1)", "--max-output", "output"),
        (&["--max-games", "1000"][..], "norton(*22, ^)", "--max-games", "games"),
        (&["--max-memory", "1"][..], "norton(*40, ^)", "--max-memory", "memory"),
        (&["--timeout", "0.000001"][..], "norton(*22, ^)", "--timeout", "deadline"),
    ] {
        let o = cgt(args, Some(&format!("{expr}\n^ + ^\n")));
        assert!(!o.status.success(), "{expr}");
        assert_eq!(stdout(&o), "^^\n", "{expr}");
        let err = stderr(&o);
        assert!(err.starts_with("error: line 1, column "), "{expr}: {err}");
        assert!(err.contains(&format!("(raise it with {option})")), "{expr}: {err}");
        let mut json_args = args.to_vec();
        json_args.push("--json");
        json_args.push(expr);
        let o = cgt(&json_args, None);
        let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
        assert_eq!(v["error"]["limit"], name, "{expr}");
    }
}

/// The cases the fuzzer found slow now answer at once (no timing is asserted: the
/// answers are, and the default limits would stop a regression).
#[test]
fn issue_10_once_slow_expressions_answer() {
    let switches: Vec<String> = (1..=60).map(|i| format!("+-{i}")).collect();
    let tinies: Vec<String> = (1..=20).map(|i| format!("Tiny({i})")).collect();
    for (expr, answer) in [
        ("*999 + +-1".to_owned(), "+-(1*999)"),
        ("norton(*8, ^) == norton(*8, ^)".to_owned(), "true"),
        (format!("leftstop({})", switches.join(" + ")), "30"),
        (format!("({}) || 0", switches.join(" + ")), "true"),
        (format!("({}) > 0", tinies.join(" + ")), "true"),
    ] {
        let o = cgt(&[&expr], None);
        assert!(o.status.success(), "{expr}: {}", stderr(&o));
        assert_eq!(stdout(&o).trim(), answer, "{expr}");
    }
}

#[test]
fn issue_10_closed_stdout_is_quiet() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_go-engine"))
        .args(["cgt", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("go-engine runs");
    drop(child.stdout.take());
    let mut pipe = child.stdin.take().expect("stdin");
    let _ = pipe.write_all("^ + ^\n".repeat(10_000).as_bytes());
    drop(pipe);
    let o = child.wait_with_output().expect("go-engine finishes");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}
