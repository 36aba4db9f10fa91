//! Drives the `go-engine gtp` binary with GTP scripts and checks every answer.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_go-engine");

/// Starts `go-engine gtp` with `args`, its standard input and output piped.
/// The binary's GTP session; the random player unless `args` name another (these
/// tests replay the random player's games).
fn spawn(args: &[&str]) -> Child {
    let player: &[&str] = if args.contains(&"--player") { &[] } else { &["--player", "random"] };
    Command::new(BIN)
        .arg("gtp")
        .args(player)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts")
}

/// Runs `go-engine gtp` with `args` on the whole `script` and returns its output.
fn run_script(args: &[&str], script: &[u8]) -> (String, bool) {
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().expect("stdin");
    let script = script.to_vec();
    // Write from another thread, so that a large script cannot deadlock on full pipes.
    let writer = std::thread::spawn(move || {
        // The engine may stop reading after `quit`; a broken pipe is expected then.
        let _ = stdin.write_all(&script);
    });
    let out = child.wait_with_output().expect("the binary runs");
    writer.join().expect("the writer thread");
    (String::from_utf8(out.stdout).expect("UTF-8 answers"), out.status.success())
}

/// The answers of a script, each without its final empty line.
fn answers(args: &[&str], script: &str) -> Vec<String> {
    let (out, ok) = run_script(args, script.as_bytes());
    assert!(ok, "go-engine gtp exits successfully");
    assert!(out.is_empty() || out.ends_with("\n\n"), "every answer ends with an empty line");
    out.split_terminator("\n\n").map(str::to_owned).collect()
}

/// Checks a script whose lines alternate: a command, then its expected answer.
fn expect(script: &[(&str, &str)]) {
    let commands: String = script.iter().map(|(c, _)| format!("{c}\n")).collect();
    let got = answers(&["--seed", "1"], &commands);
    let expected: Vec<&str> = script.iter().map(|(_, a)| *a).collect();
    assert_eq!(got, expected);
}

/// An interactive session with the binary.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = spawn(args);
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        Engine { child, stdin, stdout }
    }

    /// Sends a command and returns the answer's text, checking that it succeeded.
    fn ok(&mut self, line: &str) -> String {
        let answer = self.send(line);
        assert!(answer.starts_with("= "), "{line:?} failed: {answer:?}");
        answer[2..].to_owned()
    }

    /// Sends a command and returns the whole answer (`=` or `?` included).
    fn send(&mut self, line: &str) -> String {
        writeln!(self.stdin, "{line}").expect("the engine reads");
        self.stdin.flush().expect("flush");
        let mut answer = String::new();
        loop {
            let mut l = String::new();
            assert!(self.stdout.read_line(&mut l).expect("the engine answers") > 0, "EOF");
            if l == "\n" {
                break;
            }
            answer.push_str(&l);
        }
        answer.pop();
        answer
    }

    fn quit(mut self) {
        assert_eq!(self.send("quit"), "= ");
        assert!(self.child.wait().expect("exit").success());
    }
}

#[test]
fn protocol_and_identity_commands() {
    let version = env!("CARGO_PKG_VERSION");
    expect(&[
        ("protocol_version", "= 2"),
        ("name", "= go-engine (random player)"),
        ("version", &format!("= {version} (random player)")),
        ("known_command play", "= true"),
        ("known_command gogui-analyze_commands", "= true"),
        ("known_command frobnicate", "= false"),
        ("known_command", "? known_command needs a command name"),
        ("frobnicate", "? unknown command"),
        ("PLAY b e5", "? unknown command"),
    ]);
    let list = answers(&[], "list_commands\n");
    let names: Vec<&str> = list[0].strip_prefix("= ").unwrap().lines().collect();
    let table = go_engine::gtp::Commands::<go_engine::RandomPlayer>::standard();
    assert_eq!(names, table.names().collect::<Vec<_>>());
    for required in [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "undo",
        "final_score",
        "final_status_list",
        "fixed_handicap",
        "place_free_handicap",
        "set_free_handicap",
        "time_settings",
        "time_left",
        "loadsgf",
        "printsgf",
        "showboard",
        "reg_genmove",
        "list_stones",
        "is_legal",
        "all_legal",
        "countlib",
        "findlib",
        "captures",
        "color",
        "gogui-analyze_commands",
        "rules",
    ] {
        assert!(names.contains(&required), "{required} is listed");
    }
}

#[test]
fn ids_crlf_comments_blank_lines_tabs_and_control_characters() {
    let script = b"1 boardsize 9\r\n\r\n# a comment line\n   \t  \n\
        2 play\tb\te5 # a trailing comment\r\n\
        003 list_stones black\n\
        4 pl\x01ay w d\x7f4\n\
        5\n\
        list_stones white\r\n\
        99999999999999999999999999 protocol_version\n";
    let (out, ok) = run_script(&[], script);
    assert!(ok);
    assert_eq!(
        out,
        "=1 \n\n=2 \n\n=3 E5\n\n=4 \n\n?5 missing command\n\n= D4\n\n\
         =99999999999999999999999999 2\n\n"
    );
}

#[test]
fn odd_input_gets_an_error_and_the_engine_keeps_running() {
    let mut script = Vec::new();
    script.extend_from_slice(b"boardsize 1000\nboardsize -19\nboardsize 0\nboardsize nine\n");
    script.extend_from_slice(b"boardsize 184467440737095516161844674407370955161\n");
    script.extend_from_slice(b"komi 1e400\nkomi nan\nkomi 6.25\nkomi 99999999\n");
    script.extend_from_slice(b"play b \xff\xfe\n\xc3\x28 name\nplay \xe2\x82\xac e5\n");
    script.extend_from_slice(b"fixed_handicap 4294967298\nplace_free_handicap -1\n");
    script.extend_from_slice(b"time_settings -1 0 0\ntime_left b 5 -2\n");
    script.extend_from_slice(b"loadsgf /nonexistent/dir/file.sgf 99999999999999999999\n");
    script.extend_from_slice(b"countlib A99999999999\nplay b Z1\nplay b A0\n");
    // A line longer than the limit, then one of 100 kB that is within it.
    script.extend_from_slice(b"7 play b ");
    script.extend(std::iter::repeat_n(b'A', go_engine::gtp::MAX_LINE + 10));
    script.extend_from_slice(b"\n8 known_command ");
    script.extend(std::iter::repeat_n(b'x', 100_000));
    script.extend_from_slice(b"\nprotocol_version\n");
    let (out, ok) = run_script(&[], &script);
    assert!(ok);
    let answers: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(answers.len(), 23, "{out}");
    for answer in &answers[..20] {
        assert!(answer.starts_with('?'), "{answer}");
    }
    assert_eq!(answers[0], "? unacceptable size");
    assert_eq!(answers[3], "? boardsize not an integer");
    assert_eq!(answers[4], "? unacceptable size");
    assert_eq!(answers[5], "? komi not a float");
    assert_eq!(answers[7], "? komi must be a multiple of 0.5 below one million");
    assert_eq!(answers[9], "? invalid color or coordinate");
    assert_eq!(answers[10], "? unknown command");
    assert_eq!(answers[12], "? invalid handicap");
    assert!(answers[16].starts_with("? cannot open or parse '/nonexistent/dir/file.sgf': "));
    assert!(answers[20].starts_with("?7 line too long"), "{}", answers[20]);
    assert_eq!(answers[21], "=8 false");
    assert_eq!(answers[22], "= 2");
}

#[test]
fn quit_ends_the_session_and_so_does_the_end_of_input() {
    assert_eq!(answers(&[], "5 quit\nprotocol_version\n"), ["=5 "]);
    assert_eq!(answers(&[], "protocol_version"), ["= 2"], "a last line without a line feed");
    assert_eq!(answers(&[], ""), Vec::<String>::new());
}

#[test]
fn play_undo_and_the_board() {
    expect(&[
        ("boardsize 5", "= "),
        ("komi 0.5", "= "),
        ("play b c3", "= "),
        ("play w c3", "? illegal move"),
        ("play w c4", "= "),
        ("play w b3", "= "),
        ("play w c2", "= "),
        ("countlib c3", "= 1"),
        ("findlib c3", "= D3"),
        ("play w d3", "= "),
        ("color c3", "= empty"),
        ("captures white", "= 1"),
        ("captures black", "= 0"),
        ("is_legal b c3", "= 0"),
        (
            "showboard",
            "= \n   A B C D E\n 5 . . . . . 5\n 4 . + O + . 4\n 3 . O + O . 3\n 2 . + O + . 2     WHITE (O) has captured 1 stones\n 1 . . . . . 1     BLACK (X) has captured 0 stones\n   A B C D E",
        ),
        ("undo", "= "),
        ("color c3", "= black"),
        ("captures white", "= 0"),
        ("undo", "= "),
        ("undo", "= "),
        ("undo", "= "),
        ("undo", "= "),
        ("list_stones black", "= "),
        ("undo", "? cannot undo"),
        ("play b pass", "= "),
        ("play w pass", "= "),
        ("final_score", "= W+0.5"),
        // GTP has no game over: play goes on after two passes.
        ("is_legal b a1", "= 1"),
        ("play b a1", "= "),
        ("final_score", "= B+24.5"),
        ("final_status_list alive", "= A1"),
        ("final_status_list dead", "= "),
        ("final_status_list seki", "= "),
        (
            "final_status_list black_territory",
            "= A5 B5 C5 D5 E5 A4 B4 C4 D4 E4 A3 B3 C3 D3 E3 A2 B2 C2 D2 E2 B1 C1 D1 E1",
        ),
        ("final_status_list white_territory", "= "),
        ("final_status_list dame", "= "),
        ("final_status_list unknown", "? invalid status"),
    ]);
}

#[test]
fn handicap_placement_and_compensation() {
    expect(&[
        ("boardsize 19", "= "),
        ("fixed_handicap 9", "= D16 K16 Q16 D10 K10 Q10 D4 K4 Q4"),
        ("fixed_handicap 2", "? board not empty"),
        ("undo", "? cannot undo"),
        // Chinese rules: White gets a point per handicap stone, and komi.
        ("final_score", "= B+344.5"),
        ("clear_board", "= "),
        ("place_free_handicap 12", "= D16 K16 Q16 D10 K10 Q10 D7 D4 G4 K4 N4 Q4"),
        ("clear_board", "= "),
        ("set_free_handicap A1 T19 k10", "= "),
        ("list_stones black", "= T19 K10 A1"),
        ("set_free_handicap C3 D4", "? board not empty"),
        ("boardsize 7", "= "),
        ("fixed_handicap 2", "= E5 C3"),
        ("boardsize 6", "= "),
        ("fixed_handicap 2", "? invalid handicap"),
        ("boardsize 9", "= "),
        ("set_free_handicap A1", "? invalid handicap"),
        ("set_free_handicap A1 A1", "? repeated vertex"),
        ("set_free_handicap A1 pass", "? invalid coordinate"),
        ("set_free_handicap A1 B1", "= "),
    ]);
    // Free placement also works where no fixed layout exists.
    let free = answers(&[], "boardsize 6\nplace_free_handicap 3\nlist_stones black\n");
    let placed: Vec<&str> = free[1].strip_prefix("= ").unwrap().split(' ').collect();
    assert_eq!(placed.len(), 3);
    assert_eq!(free[2], free[1]);
}

#[test]
fn rules_komi_and_time_commands() {
    expect(&[
        ("rules", "= chinese"),
        ("boardsize 9", "= "),
        ("final_score", "= W+7.5"),
        ("komi 6", "= "),
        ("rules", "= chinese"),
        ("final_score", "= W+6"),
        ("rules japanese", "= "),
        ("rules", "= japanese"),
        ("final_score", "= W+6.5"),
        ("rules Tromp-Taylor", "= "),
        ("rules", "= tromp-taylor"),
        (
            "rules chess",
            "? unknown rules \"chess\": expected one of tromp-taylor, chinese, japanese, korean, aga, new-zealand, ing",
        ),
        ("time_settings 300 30 5", "= "),
        ("time_settings 300 30", "? not three integers"),
        ("time_left black 120 0", "= "),
        ("time_left w 20 3", "= "),
        ("time_left b x 0", "? time and stones not two integers"),
        ("time_left green 1 1", "? invalid color"),
    ]);
    // The --rules option chooses the rules at start.
    assert_eq!(answers(&["--rules", "aga"], "rules\nkomi 7\nrules\n"), ["= aga", "= ", "= aga"]);
}

#[test]
fn superko_is_enforced_and_simple_ko_under_japanese_rules() {
    // The ko of go-board's README: White's E5 takes Black's F5. After two passes Black's
    // retake at F5 would recreate the position before White's capture.
    let ko = "boardsize 9\nplay b d5\nplay w f6\nplay b e6\nplay w f4\nplay b e4\nplay w g5\nplay b f5\nplay w e5\n";
    let script = format!("{ko}is_legal b f5\nplay b pass\nplay w pass\nis_legal b f5\nplay b f5\n");
    let chinese = answers(&[], &script);
    assert_eq!(&chinese[9..], ["= 0", "= ", "= ", "= 0", "? illegal move"]);
    let japanese = answers(&["--rules", "japanese"], &script);
    assert_eq!(&japanese[9..], ["= 0", "= ", "= ", "= 1", "= "]);
}

#[test]
fn genmove_reg_genmove_and_a_random_game_to_two_passes() {
    let mut engine = Engine::start(&["--seed", "42"]);
    assert_eq!(engine.ok("boardsize 9"), "");
    // reg_genmove does not play.
    let suggestion = engine.ok("reg_genmove black");
    assert_ne!(suggestion, "PASS");
    assert_eq!(engine.ok("list_stones black"), "");
    assert_eq!(engine.send("genmove purple"), "? invalid color");
    let mut colour = "black";
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 {
        let stones_before = engine.ok(&format!("list_stones {colour}"));
        let legal_before = engine.ok(&format!("all_legal {colour}"));
        let mv = engine.ok(&format!("genmove {colour}"));
        moves += 1;
        assert!(moves < 500, "a random game with the eye rule ends");
        if mv == "PASS" {
            passes += 1;
        } else {
            passes = 0;
            assert!(legal_before.split(' ').any(|v| v == mv), "{mv} was legal");
            assert_eq!(engine.ok(&format!("color {mv}")), colour, "{mv} was played");
            assert_ne!(engine.ok(&format!("list_stones {colour}")), stones_before);
        }
        colour = if colour == "black" { "white" } else { "black" };
    }
    assert!(moves > 40, "a 9x9 random game is longer than {moves} moves");
    // Every stone is alive for the random player; the score is the Tromp-Taylor count,
    // recomputed here from the board.
    let black = engine.ok("list_stones black");
    let white = engine.ok("list_stones white");
    let score = engine.ok("final_score");
    assert_eq!(score, tromp_taylor(9, &black, &white, 15));
    let alive = engine.ok("final_status_list alive");
    let mut listed: Vec<&str> = alive.split_whitespace().collect();
    let mut all: Vec<&str> = black.split_whitespace().chain(white.split_whitespace()).collect();
    listed.sort_unstable();
    all.sort_unstable();
    assert_eq!(listed, all);
    assert_eq!(engine.ok("final_status_list dead"), "");
    engine.quit();
}

/// The Tromp-Taylor result of a board given by its stone lists, with `komi` in
/// half-points, computed independently of go-board by flood fill.
fn tromp_taylor(size: usize, black: &str, white: &str, komi: i64) -> String {
    let index = |v: &str| {
        let col = "ABCDEFGHJKLMNOPQRST".find(&v[..1]).unwrap();
        let row: usize = v[1..].parse().unwrap();
        (row - 1) * size + col
    };
    let mut board = vec![0u8; size * size];
    for v in black.split_whitespace() {
        board[index(v)] = 1;
    }
    for v in white.split_whitespace() {
        board[index(v)] = 2;
    }
    let mut points = [0i64; 3];
    let mut seen = vec![false; size * size];
    for start in 0..size * size {
        if board[start] != 0 {
            points[board[start] as usize] += 1;
            continue;
        }
        if seen[start] {
            continue;
        }
        let (mut region, mut reach, mut stack) = (0, 0u8, vec![start]);
        seen[start] = true;
        while let Some(p) = stack.pop() {
            region += 1;
            let (r, c) = (p / size, p % size);
            let mut next = Vec::new();
            if r > 0 {
                next.push(p - size);
            }
            if r + 1 < size {
                next.push(p + size);
            }
            if c > 0 {
                next.push(p - 1);
            }
            if c + 1 < size {
                next.push(p + 1);
            }
            for n in next {
                match board[n] {
                    0 if !seen[n] => {
                        seen[n] = true;
                        stack.push(n);
                    }
                    0 => {}
                    colour => reach |= colour,
                }
            }
        }
        if reach == 1 || reach == 2 {
            points[reach as usize] += region;
        }
    }
    let margin = 2 * (points[1] - points[2]) - komi;
    let abs = margin.abs();
    let value = if abs % 2 == 0 { format!("{}", abs / 2) } else { format!("{}.5", abs / 2) };
    match margin {
        0 => "0".to_owned(),
        m if m > 0 => format!("B+{value}"),
        _ => format!("W+{value}"),
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let script = "boardsize 7\ngenmove b\ngenmove w\ngenmove b\ngenmove w\ngenmove b\ngenmove w\n";
    let a = answers(&["--seed", "9"], script);
    assert_eq!(a, answers(&["--seed", "9"], script));
    assert_eq!(a.len(), 7);
    assert!(a.iter().all(|x| x.starts_with("= ")));
}

#[test]
fn loadsgf_and_printsgf_round_trip() {
    let dir = std::env::temp_dir().join(format!("go-engine-gtp-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.sgf");
    let path = file.to_str().unwrap();
    let mut engine = Engine::start(&["--seed", "3"]);
    engine.ok("boardsize 13");
    engine.ok("komi 6.5");
    engine.ok("fixed_handicap 4");
    for _ in 0..30 {
        engine.ok("genmove white");
        engine.ok("genmove black");
    }
    engine.ok("play white pass");
    let stones = (engine.ok("list_stones black"), engine.ok("list_stones white"));
    let captures = (engine.ok("captures black"), engine.ok("captures white"));
    // Without a file, the SGF is the answer: several lines, none empty.
    let sgf = engine.ok("printsgf");
    assert!(sgf.starts_with("(;FF[4]GM[1]"), "{sgf}");
    assert!(sgf.contains("SZ[13]KM[6.5]HA[4]"), "{sgf}");
    assert!(sgf.contains(";W[]"), "{sgf}");
    assert!(sgf.lines().count() > 1 && sgf.lines().all(|l| !l.is_empty()));
    assert_eq!(engine.ok(&format!("printsgf {path}")), "");
    assert_eq!(std::fs::read_to_string(&file).unwrap().trim_end(), sgf);

    engine.ok("boardsize 9");
    engine.ok("komi 0");
    // All 61 moves: Black to move after White's pass.
    assert_eq!(engine.ok(&format!("loadsgf {path}")), "black");
    assert_eq!((engine.ok("list_stones black"), engine.ok("list_stones white")), stones);
    assert_eq!((engine.ok("captures black"), engine.ok("captures white")), captures);
    assert_eq!(engine.ok("showboard").lines().nth(1).unwrap(), "   A B C D E F G H J K L M N");
    // The komi comes from the file.
    engine.ok("printsgf");
    assert!(engine.ok("printsgf").contains("KM[6.5]"));
    // Before move 1: the handicap stones only, White to move; then undo cannot go back.
    assert_eq!(engine.ok(&format!("loadsgf {path} 1")), "white");
    assert_eq!(engine.ok("list_stones black"), "D10 K10 D4 K4");
    assert_eq!(engine.send("undo"), "? cannot undo");
    // Before move 3: two moves played, White to move, and they can be taken back.
    assert_eq!(engine.ok(&format!("loadsgf {path} 3")), "white");
    engine.ok("undo");
    engine.ok("undo");
    assert_eq!(engine.send("undo"), "? cannot undo");
    assert_eq!(
        engine.send(&format!("loadsgf {path} 0")),
        "? invalid move number: moves count from 1"
    );
    assert_eq!(engine.send(&format!("loadsgf {path} ZZ9")), "? invalid move number or vertex");
    assert_eq!(engine.send("loadsgf"), "? missing filename");
    std::fs::write(&file, "(;SZ[9];B[ee];W[ez])").unwrap();
    assert_eq!(
        engine.send(&format!("loadsgf {path}")),
        format!("? cannot open or parse '{path}': line 1, column 17: W[ez] is off the 9x9 board")
    );
    std::fs::write(&file, "(;SZ[9];B[ee];W[ee])").unwrap();
    assert_eq!(
        engine.send(&format!("loadsgf {path}")),
        format!("? cannot open or parse '{path}': move 2 (white E5) is illegal: point occupied")
    );
    engine.quit();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn seki_on_a_rectangular_board_loaded_from_sgf() {
    let dir = std::env::temp_dir().join(format!("go-engine-seki-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("seki.sgf");
    // A 3x2 board: Black on the left column, White on the right, two shared points
    // that neither can fill without self-atari.
    std::fs::write(&file, "(;SZ[3:2]AB[aa][ab]AW[ca][cb])").unwrap();
    let path = file.to_str().unwrap();
    expect(&[
        (&format!("loadsgf {path}"), "= black"),
        (
            "showboard",
            "= \n   A B C\n 2 X . O 2     WHITE (O) has captured 0 stones\n 1 X . O 1     BLACK (X) has captured 0 stones\n   A B C",
        ),
        ("final_status_list seki", "= A2 A1\nC2 C1"),
        ("final_status_list alive", "= "),
        ("final_status_list dame", "= B2 B1"),
        ("final_score", "= W+7.5"),
        ("is_legal b b1", "= 1"),
        ("countlib a1", "= 2"),
    ]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn gogui_analyze_commands_all_work() {
    let list = answers(&[], "gogui-analyze_commands\n");
    let entries: Vec<&str> = list[0].strip_prefix("= ").unwrap().lines().collect();
    assert!(entries.len() >= 10);
    let mut script = String::from("boardsize 5\nplay b c3\nplay w c4\nplay b b4\nplay w d3\n");
    for entry in &entries {
        let parts: Vec<&str> = entry.splitn(3, '/').collect();
        assert_eq!(parts.len(), 3, "{entry}");
        assert!(
            [
                "string", "hstring", "hpstring", "plist", "pspairs", "sboard", "dboard", "cboard",
                "bwboard", "gfx", "none", "var", "varb", "varc", "varp", "varpo", "varw", "move",
                "param"
            ]
            .contains(&parts[0]),
            "GoGui type of {entry}"
        );
        let command = parts[2].replace("%p", "C3").replace("%c", "white");
        script.push_str(&format!(
            "known_command {}\n{command}\n",
            command.split(' ').next().unwrap()
        ));
    }
    let got = answers(&[], &script);
    for (i, entry) in entries.iter().enumerate() {
        assert_eq!(got[5 + 2 * i], "= true", "{entry} is a known command");
        assert!(got[6 + 2 * i].starts_with('='), "{entry}: {}", got[6 + 2 * i]);
    }
    expect(&[
        ("boardsize 3", "= "),
        ("play b b2", "= "),
        ("play w a1", "= "),
        ("play w a2", "= "),
        ("liberty_map", "= \"\" \"\" \"\"\n2 3 \"\"\n2 \"\" \"\""),
        (
            "chain_map",
            "= LABEL A2 A A1 A B2 B\nCOLOR #ffa500 A2 A1\nTEXT 2 chains, 0 in atari, 1 with two liberties",
        ),
        ("play b b1", "= "),
        (
            "chain_map",
            "= LABEL A2 A A1 A B2 B B1 B\nCOLOR #ff0000 A2 A1\nTEXT 2 chains, 1 in atari, 0 with two liberties",
        ),
        ("area_map", "= TEXT Tromp-Taylor: Black 2, White 2 + komi 7.5: W+7.5"),
    ]);
}

/// The values of a map answer (`= ` then one row per line from the top).
fn grid(answer: &str) -> Vec<Vec<i32>> {
    answer
        .strip_prefix("= ")
        .expect("a successful answer")
        .lines()
        .map(|l| l.split_whitespace().map(|v| v.parse().expect("an integer")).collect())
        .collect()
}

#[test]
fn issue_5_bouzy_and_influence_maps() {
    let got = answers(
        &[],
        "boardsize 19\nplay b c3\nbouzy_map 5 21\nclear_board\nplay b k10\ninfluence_map\n\
         influence_map zobrist\nboardsize 9\nplay w e5\nbouzy_map 4 0\nbouzy_map 5\n\
         bouzy_map 5 1001\nbouzy_map -1 2\ninfluence_map voronoi\n",
    );
    // A lone 3-3 stone keeps six points of territory under 5/21 (reference/eval.md §1.3b).
    let bouzy = grid(&got[2]);
    assert_eq!((bouzy.len(), bouzy[0].len()), (19, 19));
    assert_eq!(bouzy.iter().flatten().filter(|&&v| v > 0).count(), 1 + 6);
    // GNU Go's single-source table: 100 at the stone, 33 next to it, 16.7 diagonally
    // (the map rounds, GNU Go's table truncates to 16).
    let influence = grid(&got[5]);
    assert_eq!(influence[9][9], 100);
    assert_eq!((influence[8][9], influence[8][10]), (33, 17));
    assert!(influence.iter().flatten().all(|&v| v >= 0));
    let zobrist = grid(&got[6]);
    assert_eq!(zobrist[9][9], 64 + 3 * 4);
    // 4/0 of a lone white stone: the Manhattan ball of radius 4, negative.
    let area = grid(&got[9]);
    assert_eq!((area.len(), area[0].len()), (9, 9));
    assert_eq!(area.iter().flatten().filter(|&&v| v < 0).count(), 41);
    assert!(area.iter().flatten().all(|&v| v <= 0));
    assert_eq!(got[10], "? bouzy_map needs dilations and erosions");
    assert_eq!(got[11], "? invalid step count \"1001\": 0 to 1000");
    assert_eq!(got[12], "? invalid step count \"-1\": 0 to 1000");
    assert_eq!(got[13], "? invalid model: directional or zobrist");
}

/// Black's ring on 9×9 with a white stone inside, next to the wall (three liberties).
const RING: &str = "boardsize 9\nkomi 5.5\nplay b c7\nplay b d7\nplay b e7\nplay b f7\nplay b b6\n\
    play b g6\nplay b b5\nplay b g5\nplay b b4\nplay b g4\nplay b c3\nplay b d3\nplay b e3\n\
    play b f3\nplay w c5\n";

#[test]
fn issue_5_estimate_score_and_dead_stones() {
    // The empty board: komi alone, as GNU Go 3.8 answers.
    let got = answers(&[], "boardsize 9\nkomi 5.5\nestimate_score\n");
    assert_eq!(got[2], "= W+5.5 (upper bound: 5.5, lower: 5.5)");

    let script = format!(
        "{RING}estimate_score\nfinal_status_list dead\nfinal_status_list alive\n\
         final_status_list seki\nterritory_map\ngroup_map\nfinal_score\n"
    );
    let got = answers(&[], &script);
    let n = RING.lines().count();
    let estimate = got[n].strip_prefix("= B+").expect("Black leads");
    let (lead, rest) = estimate.split_once(" (upper bound: ").unwrap();
    let (upper, lower) = rest.strip_suffix(')').unwrap().split_once(", lower: ").unwrap();
    let [lead, upper, lower]: [f64; 3] = [lead, upper, lower].map(|v| v.parse().unwrap());
    // The bounds are White's lead: Black's lead lies between -upper and -lower.
    assert!(lower <= -lead && -lead <= upper, "{estimate}");
    assert_eq!(got[n + 1], "= C5");
    assert_eq!(got[n + 2], "= C7 D7 E7 F7\nB6 B5 B4\nG6 G5 G4\nC3 D3 E3 F3");
    assert_eq!(got[n + 3], "= ");
    let territory = &got[n + 4];
    assert!(territory.contains("\nMARK C5\n"), "{territory}");
    let black = territory.lines().find(|l| l.starts_with("= BLACK ")).expect("Black's points");
    assert!(black.contains(" C5") && black.contains(" D5"), "{territory}");
    assert!(!territory.contains("WHITE"), "{territory}");
    assert!(territory.ends_with(&format!("TEXT B+{}", estimate)), "{territory}");
    let groups = &got[n + 5];
    assert!(groups.starts_with("= LABEL "), "{groups}");
    assert!(groups.contains("\nMARK C5\n"), "{groups}");
    assert!(groups.ends_with("TEXT 1 black and 1 white groups, 1 dead, 0 pass-alive"), "{groups}");
    // final_score counts the dead stone for Black: without it, every point is Black's
    // under area scoring (81 minus komi).
    assert_eq!(got[n + 6], "= B+75.5");
}

#[test]
fn issue_10_known_command_without_argument() {
    expect(&[
        ("known_command", "? known_command needs a command name"),
        ("3 known_command", "?3 known_command needs a command name"),
        ("known_command echo", "= true"),
        ("known_command rectangular_boardsize", "= true"),
        ("known_command gogui-interrupt", "= true"),
    ]);
}

/// The numbers of a `dboard` answer.
fn dboard(answer: &str) -> Vec<f64> {
    let values: Vec<f64> = answer
        .strip_prefix("= ")
        .expect("a successful answer")
        .split_whitespace()
        .map(|v| v.parse().expect("a number"))
        .collect();
    assert!(!values.is_empty());
    values
}

#[test]
fn issue_10_gogui_dboards_lie_in_the_unit_interval() {
    let list = answers(&[], "gogui-analyze_commands\n");
    let dboards: Vec<String> = list[0]
        .strip_prefix("= ")
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("dboard/"))
        .map(|l| l.split_once('/').unwrap().1.to_owned())
        .collect();
    assert_eq!(dboards.len(), 5, "{dboards:?}");
    // A middle-game position where the raw maps reach well beyond ±1.
    let mut script = String::from("boardsize 19\n");
    for (i, v) in
        ["D4", "Q16", "Q4", "D16", "C10", "R10", "K10", "K4", "K16", "F3"].iter().enumerate()
    {
        script.push_str(&format!("play {} {v}\n", if i % 2 == 0 { "b" } else { "w" }));
    }
    let setup = script.lines().count();
    for command in &dboards {
        script.push_str(&format!("{command}\n"));
    }
    script.push_str("influence_map\nbouzy_map 5 21\n");
    let got = answers(&[], &script);
    for (i, command) in dboards.iter().enumerate() {
        let values = dboard(&got[setup + i]);
        assert_eq!(values.len(), 361, "{command}");
        assert!(values.iter().all(|v| (-1.0..=1.0).contains(v)), "{command}: {values:?}");
        // The largest value is drawn full size, and both colours show.
        assert!(values.iter().any(|&v| v.abs() == 1.0), "{command}");
        assert!(values.iter().any(|&v| v > 0.0) && values.iter().any(|&v| v < 0.0), "{command}");
    }
    // The plain commands keep GNU Go-style integers for scripts.
    let raw = grid(&got[setup + dboards.len()]);
    assert!(raw.iter().flatten().any(|&v| v.abs() > 1), "influence_map stays raw");
    let raw = grid(&got[setup + dboards.len() + 1]);
    assert!(raw.iter().flatten().any(|&v| v.abs() > 1), "bouzy_map stays raw");
    // The empty board: all zeros, not a division by zero.
    let got = answers(&[], "boardsize 5\ngogui-influence_map\ngogui-bouzy_map 5 21\n");
    assert!(dboard(&got[1]).iter().all(|&v| v == 0.0));
    assert!(dboard(&got[2]).iter().all(|&v| v == 0.0));
}

#[test]
fn issue_10_rectangular_boardsize() {
    let got = answers(
        &[],
        "rectangular_boardsize 19 13\nquery_boardsize\nplay b T13\nplay w T14\nlist_stones b\n\
         showboard\nrectangular_boardsize 5\nrectangular_boardsize 26 5\nrectangular_boardsize 0 9\n\
         rectangular_boardsize x 9\nquery_boardsize\nrectangular_boardsize 9 9\nquery_boardsize\n",
    );
    assert_eq!(got[0], "= ");
    assert_eq!(got[1], "= 19 13");
    assert_eq!(got[2], "= ");
    assert_eq!(got[3], "? invalid color or coordinate");
    assert_eq!(got[4], "= T13");
    let board: Vec<&str> = got[5].lines().collect();
    assert_eq!(board.len(), 1 + 2 + 13, "{}", got[5]);
    assert_eq!(got[6], "? rectangular_boardsize needs two integers (columns, rows)");
    assert_eq!(got[7], "? unacceptable size");
    assert_eq!(got[8], "? unacceptable size");
    assert_eq!(got[9], "? rectangular_boardsize needs two integers (columns, rows)");
    assert_eq!(got[10], "= 19 13", "a refused size changes nothing");
    assert_eq!(got[12], "= 9");
}

#[test]
fn issue_10_gnu_go_gogui_and_kgs_commands() {
    expect(&[
        ("get_komi", "= 7.5"),
        ("komi -3", "= "),
        ("get_komi", "= -3.0"),
        ("komi 0", "= "),
        ("get_komi", "= 0.0"),
        ("echo  a  b", "= a  b"),
        ("boardsize 9", "= "),
        ("gogui-title", "= go-engine (random player): 9x9, chinese rules, komi 0, move 0"),
        ("gogui-interrupt", "= "),
        // Setup: pairs of colour and vertex on a board without stones.
        ("gogui-setup b A1 w B2 b C3", "= "),
        ("list_stones b", "= C3 A1"),
        ("list_stones w", "= B2"),
        ("move_history", "= "),
        ("gogui-setup b D4", "? board not empty"),
        ("gogui-setup_player w", "= "),
        ("genmove w", "= H3"),
        ("clear_board", "= "),
        ("gogui-setup b A1 w", "? gogui-setup needs pairs of a color and a vertex"),
        ("gogui-setup b A1 w A1", "? repeated vertex"),
        ("gogui-setup b A1 x B2", "? invalid color or coordinate"),
        (
            "gogui-setup b A1 b B1 w A2 w B2 w C1",
            "? invalid setup: the chain at B1 would have no liberties",
        ),
        ("list_stones b", "= "),
        ("play b pass", "= "),
        ("gogui-setup b E5", "= "),
        ("move_history", "= "),
        ("gogui-setup_player green", "? invalid color"),
        // A sequence is played whole or not at all.
        ("clear_board", "= "),
        ("gogui-play_sequence b E5 w C3 b pass w D4", "= "),
        ("move_history", "= white D4\nblack PASS\nwhite C3\nblack E5"),
        ("gogui-play_sequence b A1 w E5 b B1", "? illegal move: white E5"),
        ("move_history", "= white D4\nblack PASS\nwhite C3\nblack E5"),
        ("gogui-play_sequence b A1 w", "? gogui-play_sequence needs pairs of a color and a vertex"),
        ("gogui-play_sequence", "= "),
        // KGS's time systems.
        ("kgs-time_settings none", "= "),
        ("kgs-time_settings absolute 600", "= "),
        ("kgs-time_settings canadian 600 300 25", "= "),
        ("kgs-time_settings byoyomi 600 30 5", "= "),
        ("kgs-time_settings byoyomi 600 30", "? byoyomi needs 3 integers"),
        ("kgs-time_settings byoyomi 600 30 0", "? byo-yomi needs at least one period"),
        ("kgs-time_settings canadian 600 -1 5", "? negative time settings"),
        (
            "kgs-time_settings fischer 600 10",
            "? unknown time system: none, absolute, canadian or byoyomi",
        ),
        ("kgs-time_settings", "? missing time system"),
        ("kgs-game_over", "= "),
    ]);
    let got = answers(&[], "cputime\ncputime x\n");
    for answer in &got {
        let seconds: f64 = answer.strip_prefix("= ").unwrap().parse().unwrap();
        assert!((0.0..60.0).contains(&seconds), "{answer}");
        assert_eq!(answer.split_once('.').unwrap().1.len(), 3, "{answer}");
    }
}

#[test]
fn issue_10_fixed_handicap_after_a_pass_on_an_empty_board() {
    expect(&[
        ("boardsize 9", "= "),
        ("play b pass", "= "),
        ("fixed_handicap 2", "= G7 C3"),
        ("move_history", "= "),
        ("clear_board", "= "),
        ("play b pass", "= "),
        ("play w pass", "= "),
        ("place_free_handicap 2", "= G7 C3"),
        ("clear_board", "= "),
        ("play b pass", "= "),
        ("set_free_handicap A1 B2", "= "),
        ("list_stones b", "= B2 A1"),
        ("fixed_handicap 2", "? board not empty"),
        ("clear_board", "= "),
        ("play b e5", "= "),
        ("fixed_handicap 2", "? board not empty"),
    ]);
}

/// A fresh folder under the system's temporary folder, removed on drop.
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("go-engine-gtp-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn issue_10_file_commands_confined_to_a_folder() {
    let root = TempDir::new("files");
    let bot = root.0.join("bot");
    std::fs::create_dir_all(&bot).unwrap();
    let secret = root.0.join("secret.sgf");
    std::fs::write(&secret, "(;SZ[9];B[ee])").unwrap();
    let bot_arg = bot.to_str().unwrap();
    let script = format!(
        "boardsize 9\nplay b c3\nprintsgf game.sgf\nprintsgf ../evil.sgf\nprintsgf {}\n\
         loadsgf ../secret.sgf\nloadsgf {}\nclear_board\nloadsgf game.sgf\nlist_stones b\n",
        secret.display(),
        secret.display()
    );
    let got = answers(&["--files", bot_arg], &script);
    assert_eq!(got[2], "= ");
    assert!(bot.join("game.sgf").is_file());
    for (i, answer) in got[3..7].iter().enumerate() {
        assert!(
            answer.starts_with("? ") && answer.contains("outside the files folder"),
            "{i}: {answer}"
        );
    }
    assert_eq!(got[8], "= white");
    assert_eq!(got[9], "= C3");
    assert!(!root.0.join("evil.sgf").exists());
    assert_eq!(std::fs::read_to_string(&secret).unwrap(), "(;SZ[9];B[ee])");

    let got = answers(&["--no-files"], "printsgf game.sgf\nloadsgf game.sgf\nprintsgf\n");
    assert!(got[0].contains("file commands are disabled (--no-files)"), "{}", got[0]);
    assert!(got[1].contains("file commands are disabled (--no-files)"), "{}", got[1]);
    assert!(got[2].starts_with("= (;"), "printsgf without a file still answers");

    let out = Command::new(BIN)
        .args(["gtp", "--files"])
        .arg(root.0.join("missing"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--files"));
    let out = Command::new(BIN)
        .args(["gtp", "--no-files", "--files", bot_arg])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "--files and --no-files exclude each other");
}

/// A fresh directory for one test, removed by the caller.
fn fresh_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("go-engine-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir(&dir).unwrap();
    dir
}

#[test]
fn issue_10_loadsgf_keeps_the_files_rules_players_and_result() {
    let dir = fresh_dir("keep-info");
    let file = dir.join("game.sgf");
    std::fs::write(
        &file,
        "(;FF[4]GM[1]SZ[9]KM[6.5]RU[Japanese]PB[Sai]BR[9d]PW[Touya Koyo]DT[2001-05-05]\
         RE[W+R];B[ee];W[gc])",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let mut engine = Engine::start(&[]);
    assert_eq!(engine.ok(&format!("loadsgf {path}")), "black");
    assert_eq!(engine.ok("rules"), "japanese");
    let sgf = engine.ok("printsgf");
    for part in ["RU[Japanese]", "PB[Sai]", "BR[9d]", "PW[Touya Koyo]", "DT[2001-05-05]", "RE[W+R]"]
    {
        assert!(sgf.contains(part), "{part} in {sgf}");
    }
    // Play on: the file's result no longer applies; take the move back: it does again.
    engine.ok("play b c3");
    let sgf = engine.ok("printsgf");
    assert!(!sgf.contains("RE[") && sgf.contains("PB[Sai]"), "{sgf}");
    engine.ok("undo");
    assert!(engine.ok("printsgf").contains("RE[W+R]"));
    // Other rules: RU follows the session.
    engine.ok("rules chinese");
    assert!(!engine.ok("printsgf").contains("RU[Japanese]"));
    // A new game forgets the file.
    engine.ok("clear_board");
    assert!(!engine.ok("printsgf").contains("PB["));
    engine.quit();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn issue_10_undo_after_a_game_ended_by_two_passes_keeps_the_result() {
    let mut engine = Engine::start(&[]);
    engine.ok("boardsize 9");
    engine.ok("play b e5");
    engine.ok("play w pass");
    engine.ok("play b pass");
    let over = engine.ok("printsgf");
    assert!(over.contains("RE[B+"), "{over}");
    // Play resumes the game; taking the move back ends it again, result included.
    engine.ok("play w c3");
    assert!(!engine.ok("printsgf").contains("RE["));
    engine.ok("undo");
    assert_eq!(engine.ok("printsgf"), over);
    engine.quit();
}

#[test]
fn issue_10_printsgf_after_10000_passes_is_read_back_by_loadsgf() {
    let dir = fresh_dir("passes");
    let file = dir.join("passes.sgf");
    let path = file.to_str().unwrap();
    let mut script = String::from("boardsize 9\n");
    for _ in 0..5000 {
        script.push_str("play b pass\nplay w pass\n");
    }
    script.push_str(&format!("printsgf {path}\nloadsgf {path}\nprintsgf\n"));
    let got = answers(&[], &script);
    assert_eq!(got.len(), 10_004);
    assert!(got[..10_002].iter().all(|a| a == "= "), "{:?}", &got[..3]);
    assert_eq!(got[10_002], "= black");
    assert_eq!(got[10_003].matches("B[]").count(), 5000);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn issue_10_loadsgf_reads_only_regular_files() {
    let dir = fresh_dir("fifo");
    let fifo = dir.join("fifo.sgf");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    let fifo = fifo.to_str().unwrap();
    // Each answer comes at once (a FIFO with no writer would block an open), and
    // `/dev/stdin` does not take the commands that follow it.
    let script = format!(
        "loadsgf {fifo}\nloadsgf /dev/zero\nloadsgf /dev/stdin\nloadsgf {}\nprotocol_version\n",
        dir.display()
    );
    let got = answers(&[], &script);
    let refused = "not a regular file (a FIFO, a device or a directory)";
    assert_eq!(got[0], format!("? cannot open or parse '{fifo}': {refused}"));
    assert_eq!(got[1], format!("? cannot open or parse '/dev/zero': {refused}"));
    assert_eq!(got[2], format!("? cannot open or parse '/dev/stdin': {refused}"));
    assert!(got[3].ends_with(refused), "{}", got[3]);
    assert_eq!(got[4], "= 2");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn issue_10_sgf_errors_in_answers_are_escaped_and_cut() {
    let dir = fresh_dir("escape");
    let file = dir.join("bad.sgf");
    let path = file.to_str().unwrap();
    std::fs::write(&file, "(;KM[abc\r\rdef])").unwrap();
    let mut engine = Engine::start(&[]);
    assert_eq!(
        engine.send(&format!("loadsgf {path}")),
        format!(
            "? cannot open or parse '{path}': line 1, column 6: KM[abc\\r\\rdef]: komi must be \
             a number such as 6.5"
        )
    );
    std::fs::write(&file, format!("(;KM[{}])", "7".repeat(5 << 20))).unwrap();
    let answer = engine.send(&format!("loadsgf {path}"));
    assert!(answer.len() < 300, "{} bytes", answer.len());
    assert!(answer.contains("…(5242832 more bytes)]"), "{answer}");
    // A long file name is cut too, and the session goes on.
    let long = format!("/{}", "x".repeat(100_000));
    assert!(engine.send(&format!("loadsgf {long}")).len() < 300);
    assert_eq!(engine.ok("protocol_version"), "2");
    engine.quit();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `strength_candidates [N]`: the shipped strength model's best points for the side to
/// move, as GoGui point-label pairs, the same as the library's report.
#[test]
fn issue_13_strength_candidates() {
    use go_board::{BoardSize, Move, Position, Rules};
    let moves = ["Q16", "D4", "Q3", "D16", "R5"];
    let mut script = String::from("boardsize 19\n");
    let size = BoardSize::square(19).unwrap();
    let mut position = Position::new(size, Rules::chinese());
    for (i, v) in moves.iter().enumerate() {
        let color = if i % 2 == 0 { "b" } else { "w" };
        script.push_str(&format!("play {color} {v}\n"));
        position.try_play(Move::parse_gtp(v, size).unwrap()).unwrap();
    }
    script.push_str(
        "strength_candidates\nstrength_candidates 3\nstrength_candidates 0\nstrength_candidates x\n",
    );
    let got = answers(&[], &script);
    let model = std::sync::Arc::new(go_eval::strength::model::StrengthModel::shipped().unwrap());
    let report = go_engine::strength::StrengthReport::new(&position, model, 10);
    let pairs: Vec<String> =
        report.candidates.iter().map(|c| format!("{} {}", c.point, c.rank)).collect();
    assert_eq!(got[6], format!("= {}", pairs.join(" ")));
    assert_eq!(got[7], format!("= {}", pairs[..3].join(" ")));
    assert!(got[8].starts_with("? invalid candidate count \"0\""), "{}", got[8]);
    assert!(got[9].starts_with("? invalid candidate count \"x\""), "{}", got[9]);
    for pair in &pairs {
        let point = go_board::Point::parse_gtp(pair.split(' ').next().unwrap(), size).unwrap();
        assert!(position.board().is_empty_at(point));
    }
}

/// Issue 14: every player is a configuration of the binary's flags: each plays a few
/// legal moves on 5×5 from the command line, alpha-beta and MCTS on two threads, and
/// a bad setting is an error that names it.
#[test]
fn issue_14_the_binary_plays_every_player_from_its_flags() {
    let common = ["--resign", "never", "--seed", "1"];
    let players: [&[&str]; 5] = [
        &["--player", "bstar", "--nodes", "150"],
        &["--player", "pbstar", "--nodes", "150", "--leaves", "read"],
        &["--player", "alphabeta", "--nodes", "150", "--threads", "2"],
        &["--player", "mcts", "--nodes", "300", "--threads", "2", "--time", "5"],
        &["--player", "random"],
    ];
    let script = "boardsize 5\nkomi 0.5\ngenmove b\ngenmove w\ngenmove b\ngenmove w\nquit\n";
    for flags in players {
        let args: Vec<&str> = flags.iter().chain(&common).copied().collect();
        let got = answers(&args, script);
        assert_eq!(got.len(), 7, "{args:?}: {got:?}");
        let mut position = go_board::Position::new(
            go_board::BoardSize::square(5).unwrap(),
            go_board::Rules::chinese(),
        );
        for (i, answer) in got[2..6].iter().enumerate() {
            let vertex = answer.strip_prefix("= ").unwrap_or_else(|| panic!("{args:?}: {got:?}"));
            let mv = go_board::Move::parse_gtp(vertex, position.size())
                .unwrap_or_else(|e| panic!("{args:?}: {vertex}: {e}"));
            let color = if i % 2 == 0 { go_board::Color::Black } else { go_board::Color::White };
            position.try_play_as(color, mv).unwrap_or_else(|e| panic!("{args:?}: {vertex}: {e}"));
        }
    }
    for (bad, named) in [
        (&["--player", "nope"][..], "nope"),
        (&["--player", "mcts", "--threads", "0"][..], "threads"),
        (&["--player", "bstar", "--nodes", "x"][..], "--nodes"),
        (&["--player", "bstar", "--resign", "often"][..], "--resign"),
    ] {
        let out = Command::new(BIN).arg("gtp").args(bad).stdin(Stdio::null()).output().unwrap();
        assert!(!out.status.success(), "{bad:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(named), "{bad:?}: {err}");
    }
}
