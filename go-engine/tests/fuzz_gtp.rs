//! The fuzz harness of the GTP line parser and session (issue 10, §6): random and
//! structured command lines, byte streams and the hard cases found by fuzzing, checked
//! for well-formed answers and a consistent game after every command. Every case is
//! bounded, so the whole harness runs in CI in a few seconds; a panic, a hang or a
//! stack overflow fails it.
//!
//! File commands run only inside a fresh temporary folder: every session here is built
//! with `FileAccess::within(that folder)`, and the binary is started with `--files`.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use go_engine::RandomPlayer;
use go_engine::gtp::{Commands, FileAccess, MAX_LINE, Response, Session};
use proptest::prelude::*;

/// A fresh folder under the system's temporary folder, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("go-engine-fuzz-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("game.sgf"), "(;SZ[9]KM[6.5];B[ee];W[gc];B[cg];W[];B[])").unwrap();
        std::fs::write(dir.join("bad.sgf"), "(;SZ[9];B[zz]").unwrap();
        TempDir(dir)
    }

    fn session(&self) -> Session {
        let files = FileAccess::within(&self.0).expect("a fresh folder");
        Session::builder(RandomPlayer::new(1)).files(files).build()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What every answer must be: `=` or `?`, an id of digits, no empty line inside, no
/// control character but line feeds and tabs, and the empty line at the end.
fn check_response(response: &Response, line: &[u8]) {
    let wire = response.to_string();
    let shown = String::from_utf8_lossy(&line[..line.len().min(200)]);
    assert!(wire.starts_with('=') || wire.starts_with('?'), "{shown:?}: {wire:?}");
    assert!(wire.ends_with("\n\n"), "{shown:?}: {wire:?}");
    let body = &wire[..wire.len() - 2];
    assert!(!body.contains("\n\n"), "{shown:?}: {wire:?}");
    assert!(!body.chars().any(|c| c.is_control() && c != '\n' && c != '\t'), "{shown:?}: {wire:?}");
    assert!(response.id().is_none_or(|id| id.bytes().all(|b| b.is_ascii_digit())));
}

/// Runs `line` and checks the answer and the game after it.
fn run(session: &mut Session, line: &[u8]) {
    if let Some(response) = session.execute_bytes(line) {
        check_response(&response, line);
    }
    let position = session.position();
    position.board().check_consistency().unwrap();
    assert!(position.size().cols() <= 25 && position.size().rows() <= 25);
}

/// Arguments that reach the corners of the commands.
const TOKENS: &[&str] = &[
    "b",
    "w",
    "black",
    "WHITE",
    "x",
    "pass",
    "PASS",
    "resign",
    "A1",
    "a1",
    "E5",
    "T19",
    "Z25",
    "Y24",
    "I5",
    "A0",
    "A-1",
    "J10",
    "AA1",
    "0",
    "1",
    "2",
    "3",
    "4",
    "9",
    "13",
    "19",
    "25",
    "26",
    "-1",
    "-0",
    "+5",
    "1000",
    "1001",
    "1000000",
    "4294967297",
    "99999999999999999999999999999",
    "6.5",
    "-0.5",
    "0.25",
    "1e308",
    "-1e308",
    "1e-308",
    "nan",
    "NaN",
    "inf",
    "-inf",
    "dead",
    "alive",
    "seki",
    "dame",
    "black_territory",
    "white_territory",
    "chinese",
    "japanese",
    "ing",
    "tromp-taylor",
    "none",
    "absolute",
    "canadian",
    "byoyomi",
    "directional",
    "zobrist",
    "game.sgf",
    "bad.sgf",
    "sub/new.sgf",
    "new.sgf",
    "-",
    "../x.sgf",
    "/etc/passwd",
    "/dev/zero",
    "sub/../game.sgf",
    "sub",
    "%p",
    "\u{fffd}",
    "\u{2028}",
    "é",
];

/// A command name: a built-in one (sometimes in capitals, which GTP does not know), or
/// something else.
fn name() -> impl Strategy<Value = String> {
    let names: Vec<String> =
        Commands::<RandomPlayer>::standard().names().map(str::to_owned).collect();
    prop_oneof![
        8 => proptest::sample::select(names.clone()),
        1 => proptest::sample::select(names).prop_map(|n| n.to_uppercase()),
        1 => "[a-z_-]{0,12}",
    ]
}

/// An argument: an interesting token, printable ASCII, or any bytes.
fn token() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        6 => proptest::sample::select(TOKENS).prop_map(|t| t.as_bytes().to_vec()),
        2 => "[ -~]{0,10}".prop_map(String::into_bytes),
        1 => proptest::collection::vec(any::<u8>(), 0..10),
    ]
}

/// A separator between words: spaces and tabs, and what GTP removes.
fn separator() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        8 => Just(b" ".to_vec()),
        1 => Just(b"\t".to_vec()),
        1 => Just(b"  ".to_vec()),
        1 => proptest::sample::select(vec![b"\r".to_vec(), b"\0".to_vec(), b"\x01 ".to_vec(), b" \x7f".to_vec()]),
    ]
}

/// A command line: an optional id, a name, arguments, an optional comment.
fn line() -> impl Strategy<Value = Vec<u8>> {
    (
        proptest::option::of("[0-9]{1,25}"),
        name(),
        proptest::collection::vec((separator(), token()), 0..7),
        proptest::option::of("#[ -~]{0,10}"),
    )
        .prop_map(|(id, name, args, comment)| {
            let mut line = Vec::new();
            if let Some(id) = id {
                line.extend_from_slice(id.as_bytes());
                line.push(b' ');
            }
            line.extend_from_slice(name.as_bytes());
            for (sep, arg) in args {
                line.extend(sep);
                line.extend(arg);
            }
            if let Some(comment) = comment {
                line.extend_from_slice(comment.as_bytes());
            }
            line.push(b'\n');
            line
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    /// Sequences of structured lines on one session (so that later commands meet the
    /// games the earlier ones made).
    #[test]
    fn structured_command_lines(lines in proptest::collection::vec(line(), 1..40)) {
        let dir = TempDir::new("lines");
        let mut session = dir.session();
        for line in &lines {
            run(&mut session, line);
        }
    }

    /// Any bytes as a line.
    #[test]
    fn arbitrary_bytes(lines in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..300), 1..20)) {
        let dir = TempDir::new("bytes");
        let mut session = dir.session();
        for line in &lines {
            run(&mut session, line);
        }
    }

    /// Any byte stream through `serve`: the output is a sequence of well-formed answers,
    /// one per command line until `quit`.
    #[test]
    fn arbitrary_streams(chunks in proptest::collection::vec(prop_oneof![line(), proptest::collection::vec(any::<u8>(), 0..100)], 0..30)) {
        let dir = TempDir::new("stream");
        let mut session = dir.session();
        let input: Vec<u8> = chunks.concat();
        let mut output = Vec::new();
        session.serve(&input[..], &mut output).unwrap();
        let output = String::from_utf8(output).expect("answers are UTF-8");
        prop_assert!(output.is_empty() || output.ends_with("\n\n"));
        for answer in output.split_terminator("\n\n") {
            prop_assert!(answer.starts_with('=') || answer.starts_with('?'), "{answer:?}");
        }
    }
}

#[test]
fn issue_10_hard_lines() {
    let dir = TempDir::new("hard");
    // File commands confined to `sub`; the escape target is in the fresh folder, outside it.
    let files = FileAccess::within(dir.0.join("sub")).expect("a fresh folder");
    let mut session = Session::builder(RandomPlayer::new(1)).files(files).build();
    let escape = dir.0.join("escape.sgf");
    let printsgf_escape = format!("printsgf {}", escape.display()).into_bytes();
    let mut ten_mb = b"7 known_command ".to_vec();
    ten_mb.extend(std::iter::repeat_n(b'x', 10 << 20));
    let mut ten_mb_echo = b"echo ".to_vec();
    ten_mb_echo.extend(std::iter::repeat_n(b'\xff', 10 << 20));
    let mut many_passes = b"gogui-play_sequence".to_vec();
    for i in 0..100_000 {
        many_passes.extend_from_slice(if i % 2 == 0 { b" b pass" } else { b" w pass" });
    }
    let expected: &[(&[u8], &str)] = &[
        (&ten_mb, "=7 false\n\n"),
        (b"boardsize 1000000", "? unacceptable size\n\n"),
        (b"rectangular_boardsize 1000000 1000000", "? unacceptable size\n\n"),
        (b"rectangular_boardsize 19 1000000", "? unacceptable size\n\n"),
        (b"komi nan", "? komi not a float\n\n"),
        (b"komi NaN", "? komi not a float\n\n"),
        (b"komi inf", "? komi not a float\n\n"),
        (b"komi 1e308", "? komi must be a multiple of 0.5 below one million\n\n"),
        (b"komi -1e308", "? komi must be a multiple of 0.5 below one million\n\n"),
        (b"komi 1e-308", "? komi must be a multiple of 0.5 below one million\n\n"),
        (b"get_komi", "= 7.5\n\n"),
        (b"play b \0e5", "= \n\n"),
        (b"\0\0\0", ""),
        (b"pl\0ay w d4", "= \n\n"),
        (b"play \xff\xfe d5", "? invalid color or coordinate\n\n"),
        (b"\xc3\x28 name", "? unknown command\n\n"),
        (b"echo \xe2\x80\xa8", "= \\u{2028}\n\n"),
        (b"boardsize 9", "= \n\n"),
        (&many_passes, "= \n\n"),
        (b"loadsgf /dev/zero", ""),
        (b"loadsgf ../../../../../../etc/passwd", ""),
        (&printsgf_escape, ""),
        (b"printsgf ../escape.sgf", ""),
    ];
    for (line, answer) in expected {
        let response = session.execute_bytes(line);
        if let Some(r) = &response {
            check_response(r, line);
        }
        let got = response.map(|r| r.to_string()).unwrap_or_default();
        let shown = String::from_utf8_lossy(&line[..line.len().min(60)]);
        if answer.is_empty() && !got.is_empty() {
            // The file commands leave the folder: refused.
            assert!(got.contains("outside the files folder") || got.is_empty(), "{shown}: {got}");
        } else {
            assert_eq!(&got, answer, "{shown}");
        }
    }
    assert_eq!(session.position().move_count(), 100_000);
    assert!(!escape.exists());
    // The 10 MB echo answers its 10 MB (each byte not UTF-8 is one U+FFFD).
    let echo = session.execute_bytes(&ten_mb_echo).unwrap();
    assert_eq!(echo.text().chars().count(), 10 << 20);
}

#[test]
fn issue_10_serve_skips_a_10_mb_line() {
    let dir = TempDir::new("serve");
    let mut session = dir.session();
    let mut input = b"boardsize 9\n12 play b ".to_vec();
    input.extend(std::iter::repeat_n(b'e', 10 << 20));
    input.extend_from_slice(b"\n13 play b e5\n14 list_stones b\n");
    let mut output = Vec::new();
    session.serve(&input[..], &mut output).unwrap();
    assert_eq!(
        String::from_utf8(output).unwrap(),
        format!("= \n\n?12 line too long (limit {MAX_LINE} bytes)\n\n=13 \n\n=14 E5\n\n")
    );
}

/// Runs `go-engine gtp --files DIR` under a 256 MB address-space limit and feeds it
/// `input`; returns its answers and whether it exited successfully.
#[cfg(target_os = "linux")]
fn gtp_with_memory_limit(dir: &TempDir, input: Vec<u8>) -> (String, bool) {
    let mut child = Command::new("/bin/sh")
        .arg("-c")
        .arg("ulimit -v 262144 && exec \"$0\" gtp --player random --seed 1 --files \"$1\"")
        .arg(env!("CARGO_BIN_EXE_go-engine"))
        .arg(&dir.0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("sh starts");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (String::from_utf8(out.stdout).expect("UTF-8 answers"), out.status.success())
}

#[cfg(target_os = "linux")]
#[test]
fn issue_10_memory_stays_bounded() {
    let dir = TempDir::new("memory");
    // Ten lines of 10 MB each, NUL bytes, odd bytes, huge sizes and komi, in 256 MB.
    let mut input = Vec::new();
    for i in 0..10u8 {
        input.extend_from_slice(format!("{i} echo ").as_bytes());
        input.extend(std::iter::repeat_n(if i % 2 == 0 { b'\0' } else { b'\xfe' }, 10 << 20));
        input.push(b'\n');
    }
    input.extend_from_slice(
        b"20 boardsize 1000000\n21 komi 1e308\n22 komi nan\n23 loadsgf game.sgf\n",
    );
    input.extend_from_slice(b"24 printsgf sub/out.sgf\n25 loadsgf /dev/zero\n26 quit\n");
    let (out, ok) = gtp_with_memory_limit(&dir, input);
    assert!(ok, "{out}");
    let answers: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(answers.len(), 17, "{out}");
    for (i, answer) in answers[..10].iter().enumerate() {
        assert_eq!(*answer, format!("?{i} line too long (limit {MAX_LINE} bytes)"));
    }
    assert_eq!(answers[10], "?20 unacceptable size");
    assert_eq!(answers[11], "?21 komi must be a multiple of 0.5 below one million");
    assert_eq!(answers[12], "?22 komi not a float");
    assert_eq!(answers[13], "=23 white");
    assert_eq!(answers[14], "=24 ");
    assert!(answers[15].starts_with("?25 ") && answers[15].contains("outside"), "{}", answers[15]);
    assert_eq!(answers[16], "=26 ");
    assert!(dir.0.join("sub/out.sgf").is_file());
}
