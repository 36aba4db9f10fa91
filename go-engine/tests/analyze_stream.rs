//! Issue 14: streamed analysis through `Session::serve`, as Sabaki and Leela Zero users
//! expect — `lz-analyze` / `kata-analyze` answer `=` at once, stream `info` lines every
//! interval while the engine searches, and end (with the empty line) when the next
//! command arrives, which is then answered; `lz-genmove_analyze` / `kata-genmove_analyze`
//! stream during the search, then play the searched move (early on GoGui's
//! `# interrupt`); malformed arguments get GTP errors; the end of the input ends a streamed
//! answer and the session.

use std::io::{BufRead, BufReader, Write};
use std::sync::mpsc::{self, Receiver};
use std::thread::JoinHandle;
use std::time::Duration;

use go_board::{BoardSize, Point};
use go_engine::gtp::{Session, play_commands};
use go_engine::player::{Algorithm, PlayerConfig, SearchPlayer};

/// How long a test waits for one line before calling the engine stuck (debug builds on
/// a loaded machine are slow; a hang must still fail, not block the test run).
const LINE_TIMEOUT: Duration = Duration::from_secs(300);

/// A session served on a thread, with pipes for its input and output.
struct Served {
    input: Option<std::io::PipeWriter>,
    lines: Receiver<String>,
    server: Option<JoinHandle<std::io::Result<()>>>,
}

impl Served {
    fn start(algorithm: Algorithm, nodes: u64) -> Served {
        let config = PlayerConfig::new(algorithm).nodes(nodes).seed(3);
        let player = SearchPlayer::new(config).expect("a valid configuration");
        let mut session = Session::builder(player).commands(play_commands()).build();
        let (in_read, in_write) = std::io::pipe().expect("a pipe");
        let (out_read, out_write) = std::io::pipe().expect("a pipe");
        let server = std::thread::spawn(move || session.serve(BufReader::new(in_read), out_write));
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out_read).lines() {
                let Ok(line) = line else { return };
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        Served { input: Some(in_write), lines, server: Some(server) }
    }

    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().expect("the input is open");
        writeln!(input, "{line}").expect("the session reads");
    }

    /// The next output line (`None` at the end of the output).
    fn line(&self) -> Option<String> {
        match self.lines.recv_timeout(LINE_TIMEOUT) {
            Ok(line) => Some(line),
            Err(mpsc::RecvTimeoutError::Disconnected) => None,
            Err(mpsc::RecvTimeoutError::Timeout) => panic!("no output for {LINE_TIMEOUT:?}"),
        }
    }

    /// The next complete (non-streamed) answer: its lines, without the empty line.
    fn answer(&self) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.line().expect("an answer");
            if line.is_empty() {
                if lines.is_empty() {
                    continue;
                }
                return lines;
            }
            lines.push(line);
        }
    }

    /// Closes the input and waits for the session to end.
    fn finish(mut self) -> std::io::Result<()> {
        self.input = None;
        self.server.take().expect("a server").join().expect("the session does not panic")
    }
}

/// Checks one line of `info` entries; returns the moves it names.
fn check_info_line(line: &str, kata: bool) -> Vec<String> {
    let size = BoardSize::square(9).unwrap();
    assert!(line.starts_with("info move "), "{line}");
    let mut moves = Vec::new();
    for entry in line.split("info ").filter(|e| !e.trim().is_empty()) {
        let words: Vec<&str> = entry.split_whitespace().collect();
        let at = |k: &str| {
            let i = words.iter().position(|w| *w == k).unwrap_or_else(|| panic!("{k} in {entry}"));
            words[i + 1]
        };
        let mv = at("move");
        assert!(Point::parse_gtp(mv, size).is_ok() || mv == "PASS", "{entry}");
        let visits: u64 = at("visits").parse().expect("visits");
        assert!(visits >= 1, "{entry}");
        if kata {
            let rate: f64 = at("winrate").parse().expect("a KataGo win rate");
            assert!((0.0..=1.0).contains(&rate), "{entry}");
            let _: f64 = at("scoreLead").parse().expect("a score");
        } else {
            let rate: u32 = at("winrate").parse().expect("a Leela win rate");
            assert!(rate <= 10_000, "{entry}");
        }
        // The principal variation is the rest of the entry, and starts with the move.
        let pv = words.iter().position(|w| *w == "pv").expect("a pv");
        assert_eq!(words.get(pv + 1), Some(&mv), "{entry}");
        moves.push(mv.to_owned());
    }
    moves
}

#[test]
fn issue_14_lz_analyze_streams_until_the_next_command() {
    let mut s = Served::start(Algorithm::BStar, 40);
    for cmd in ["boardsize 9", "clear_board", "play b E5"] {
        s.send(cmd);
        assert_eq!(s.answer(), ["= "], "{cmd}");
    }
    s.send("5 lz-analyze w 1");
    assert_eq!(s.line().as_deref(), Some("=5 "), "the answer starts at once");
    // At least two info blocks arrive while no other command has been sent.
    let mut blocks = 0;
    while blocks < 3 {
        let line = s.line().expect("a streamed line");
        assert!(!line.is_empty(), "the stream does not end by itself");
        let moves = check_info_line(&line, false);
        assert!(!moves.contains(&"E5".to_owned()), "E5 is occupied: {line}");
        blocks += 1;
    }
    // The next command ends the stream with an empty line, then gets its own answer.
    s.send("6 name");
    loop {
        let line = s.line().expect("the end of the stream");
        if line.is_empty() {
            break;
        }
        check_info_line(&line, false);
    }
    assert_eq!(s.answer(), ["=6 go-engine (bstar player, 40 nodes, 1 threads)"]);
    // The session goes on as usual.
    s.send("7 play w D5");
    assert_eq!(s.answer(), ["=7 "]);
    s.send("8 kata-analyze b interval 1 maxmoves 2 ownership true");
    assert_eq!(s.line().as_deref(), Some("=8 "));
    let line = s.line().expect("a streamed line");
    let (info, owners) = line.split_once(" ownership ").expect("KataGo's ownership");
    let moves = check_info_line(info, true);
    assert!((1..=2).contains(&moves.len()), "maxmoves 2: {line}");
    // One value per point from the top row, for Black: E5 (the centre) is Black's,
    // D5 (left of it) White's.
    let owners: Vec<f64> = owners.split(' ').map(|v| v.parse().expect("a number")).collect();
    assert_eq!(owners.len(), 81, "{line}");
    assert!(owners.iter().all(|v| (-1.0..=1.0).contains(v)), "{line}");
    assert_eq!((owners[40], owners[39]), (1.0, -1.0), "{line}");
    s.send("9 list_stones white");
    while !s.line().expect("the end of the stream").is_empty() {}
    assert_eq!(s.answer(), ["=9 D5"]);
    s.send("quit");
    assert_eq!(s.answer(), ["= "]);
    s.finish().expect("the session ends cleanly");
}

#[test]
fn issue_14_malformed_analysis_arguments_get_gtp_errors() {
    let mut s = Served::start(Algorithm::BStar, 40);
    s.send("boardsize 9");
    s.answer();
    let bad = [
        "lz-analyze x",
        "lz-analyze b -5",
        "lz-analyze b 1.5",
        "lz-analyze b 123456789012345678901234567890",
        "lz-analyze b interval",
        "lz-analyze interval abc",
        "lz-analyze b 10 maxmoves 0",
        "lz-analyze b 10 ownership true",
        "kata-analyze b 10 ownership maybe",
        "kata-analyze b 10 avoid b D4 1",
        "kata-analyze b 10 minmoves 3",
        "lz-genmove_analyze purple 10",
        "kata-genmove_analyze b -1",
        "lz-genmove_analyze b interval",
        "lz-genmove_analyze b 10 maxmoves x",
        "kata-genmove_analyze w 10 avoid b D4 1",
        "lz-genmove_analyze b 10 ownership true",
    ];
    for (i, cmd) in bad.iter().enumerate() {
        s.send(&format!("{} {cmd}", i + 1));
        let answer = s.answer();
        assert_eq!(answer.len(), 1, "{cmd}: {answer:?}");
        assert!(answer[0].starts_with(&format!("?{} ", i + 1)), "{cmd}: {answer:?}");
    }
    // Nothing was played or changed by them, and the session still answers.
    s.send("list_stones black");
    assert_eq!(s.answer(), ["= "]);
    s.send("quit");
    s.answer();
    s.finish().expect("the session ends cleanly");
}

#[test]
fn issue_14_genmove_analyze_plays_and_the_end_of_input_ends_a_stream() {
    let mut s = Served::start(Algorithm::Mcts, 60);
    s.send("boardsize 9");
    s.answer();
    s.send("3 lz-genmove_analyze b 5");
    let answer = s.answer();
    assert_eq!(answer[0], "=3 ");
    let play = answer.last().expect("a play line");
    let mv = play.strip_prefix("play ").unwrap_or_else(|| panic!("{answer:?}"));
    assert!(answer[1..answer.len() - 1].iter().all(|l| l.starts_with("info move ")), "{answer:?}");
    s.send("list_stones black");
    assert_eq!(s.answer(), [format!("= {mv}")], "the move was played");
    // A stream that is still running when the input ends: the answer and the session end.
    s.send("lz-analyze w 1");
    assert_eq!(s.line().as_deref(), Some("= "));
    check_info_line(&s.line().expect("a streamed line"), false);
    let input = s.input.take();
    drop(input);
    loop {
        match s.line() {
            None => panic!("the stream must end with an empty line"),
            Some(line) if line.is_empty() => break,
            Some(line) => {
                check_info_line(&line, false);
            }
        }
    }
    assert_eq!(s.line(), None, "nothing after the end of the input");
    s.finish().expect("the session ends cleanly");
}

/// Reads a streamed answer after its `=` line up to its empty line: the lines.
fn streamed_answer(s: &Served) -> Vec<String> {
    let mut lines = Vec::new();
    loop {
        let line = s.line().expect("the streamed answer ends with an empty line");
        if line.is_empty() {
            return lines;
        }
        lines.push(line);
    }
}

/// The `visits` of an `info` entry (of its first entry when a line has several).
fn progress_visits(line: &str) -> u64 {
    let words: Vec<&str> = line.split_whitespace().collect();
    let i = words.iter().position(|w| *w == "visits").expect("visits");
    words[i + 1].parse().expect("a count")
}

#[test]
fn issue_14_genmove_analyze_streams_during_the_search_and_plays_the_searched_move() {
    // Node-budgeted and seeded: the same search as `reg_genmove` with the same
    // configuration, so the streamed command must play the move it chooses.
    let nodes = 3000;
    let mut s = Served::start(Algorithm::Mcts, nodes);
    for cmd in ["boardsize 9", "clear_board", "play b E5", "play w C4"] {
        s.send(cmd);
        assert_eq!(s.answer(), ["= "], "{cmd}");
    }
    s.send("7 lz-genmove_analyze b 1");
    // A command written ahead does not cut the move's search short: it is answered
    // after the move (only GoGui's `# interrupt` stops the search).
    s.send("8 list_stones black");
    assert_eq!(s.line().as_deref(), Some("=7 "), "the answer starts at once");
    let lines = streamed_answer(&s);
    let (play, info) = lines.split_last().expect("a play line");
    let mv = play.strip_prefix("play ").unwrap_or_else(|| panic!("{lines:?}"));
    let (last, progress) = info.split_last().expect("the search's line");
    // Several lines while the search ran, each with every visited root move (once
    // each) and its own visits: their total (the playouts so far) grows strictly.
    assert!(progress.len() >= 2, "progress lines before the end: {lines:?}");
    let mut before = 0;
    for line in progress {
        let moves = check_info_line(line, false);
        let mut distinct = moves.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), moves.len(), "each move once: {line}");
        let visits: u64 =
            line.split("info ").filter(|e| !e.trim().is_empty()).map(progress_visits).sum();
        assert!(visits > before, "{before} {visits} {lines:?}");
        before = visits;
    }
    assert!(
        progress.iter().any(|line| check_info_line(line, false).len() >= 2),
        "MCTS's progress lists several root moves: {progress:?}"
    );
    // Then every root move of the search that chose the move, that move first.
    let root = check_info_line(last, false);
    assert!(root.len() >= 2, "{last}");
    assert_eq!(root[0], mv, "{lines:?}");
    let stones = s.answer();
    assert!(stones[0].contains(mv) && mv != "E5", "the move was played: {stones:?}");
    s.send("quit");
    s.answer();
    s.finish().expect("the session ends cleanly");

    // The same search without streaming chooses the same move.
    let config = PlayerConfig::new(Algorithm::Mcts).nodes(nodes).seed(3);
    let player = SearchPlayer::new(config).expect("a valid configuration");
    let mut session = Session::builder(player).commands(play_commands()).build();
    for cmd in ["boardsize 9", "clear_board", "play b E5", "play w C4"] {
        assert!(session.execute(cmd).expect("an answer").is_success(), "{cmd}");
    }
    let answer = session.execute("reg_genmove b").expect("an answer");
    assert_eq!(answer.text(), mv, "streaming does not change the search");
}

#[test]
fn issue_14_genmove_analyze_collects_its_progress_without_a_live_input() {
    // MCTS reports at its limit checks (every centisecond here: a search of some
    // tenths of a second gives several lines). B* reports when its best move changes,
    // and a line is printed only once the first interval (10 ms) has passed: a B* search
    // that separates its best move at once, as on this empty board, prints none, so
    // only the final line of root moves is certain for it. `min` counts the progress
    // lines before that final line.
    for (algorithm, nodes, min) in [(Algorithm::Mcts, 6000, 2), (Algorithm::BStar, 300, 0)] {
        let config = PlayerConfig::new(algorithm).nodes(nodes).seed(5);
        let player = SearchPlayer::new(config).expect("a valid configuration");
        let mut session = Session::builder(player).commands(play_commands()).build();
        session.execute("boardsize 9").expect("an answer");
        let answer = session.execute("kata-genmove_analyze w 1").expect("an answer");
        assert!(answer.is_success(), "{answer:?}");
        let text = answer.text();
        let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
        let (play, info) = lines.split_last().expect("lines");
        let mv = play.strip_prefix("play ").unwrap_or_else(|| panic!("{text}"));
        assert!(info.len() > min, "{algorithm}: progress lines, then the search's: {text}");
        assert!(info.last().is_some_and(|l| l.starts_with("info move")), "{text}");
        for line in info {
            check_info_line(line, true);
        }
        let stones = session.execute("list_stones white").expect("an answer");
        assert_eq!(stones.text(), mv, "the move was played");
    }
}

#[test]
fn issue_14_gogui_interrupt_stops_genmove_analyze_which_still_plays() {
    // A budget the test would never wait for: only the interruption ends the search.
    let nodes = 2_000_000;
    let mut s = Served::start(Algorithm::Mcts, nodes);
    s.send("boardsize 9");
    s.answer();
    s.send("2 kata-genmove_analyze w 1");
    assert_eq!(s.line().as_deref(), Some("=2 "));
    let first = s.line().expect("a progress line");
    check_info_line(&first, true);
    // GoGui's interrupt is a comment; like any line it stops the search.
    s.send("# interrupt");
    let lines = streamed_answer(&s);
    let (play, info) = lines.split_last().expect("a play line");
    let mv = play.strip_prefix("play ").unwrap_or_else(|| panic!("{lines:?}"));
    assert!(mv != "resign" && mv != "pass", "{lines:?}");
    for line in info {
        check_info_line(line, true);
        assert!(progress_visits(line) < nodes, "stopped early: {line}");
    }
    // The comment is not answered; the next command is, and the move was played.
    s.send("3 list_stones white");
    assert_eq!(s.answer(), [format!("=3 {mv}")]);
    s.send(&format!("4 is_legal b {mv}"));
    assert_eq!(s.answer(), ["=4 0"], "the point is taken");
    s.send("quit");
    s.answer();
    s.finish().expect("the session ends cleanly");
}

/// Words an analysis command line is made of: colours, numbers in and out of range,
/// KataGo's keys, and odd text.
const WORDS: &[&str] = &[
    "b",
    "w",
    "black",
    "WHITE",
    "x",
    "0",
    "1",
    "7",
    "50",
    "100000",
    "100001",
    "-1",
    "+3",
    "1.5",
    "1e3",
    "99999999999999999999999",
    "interval",
    "maxmoves",
    "minmoves",
    "ownership",
    "true",
    "false",
    "avoid",
    "allow",
    "pvVisits",
    "rootInfo",
    "D4",
    "pass",
    "",
    "\u{fffd}",
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Any arguments of the analysis commands: a GTP error, or an answer made of `info`
    /// lines (and `play MOVE` for genmove_analyze); never a panic.
    #[test]
    fn issue_14_analysis_arguments_never_panic(
        command in proptest::sample::select(vec![
            "lz-analyze", "kata-analyze", "lz-genmove_analyze", "kata-genmove_analyze",
        ]),
        words in proptest::collection::vec(proptest::sample::select(WORDS), 0..6),
    ) {
        let config = PlayerConfig::new(Algorithm::BStar).nodes(20).seed(1);
        let player = SearchPlayer::new(config).expect("a valid configuration");
        let mut session = Session::builder(player).commands(play_commands()).build();
        session.execute("boardsize 5").expect("an answer");
        let line = format!("{command} {}", words.join(" "));
        let response = session.execute(&line).expect("an answer");
        let text = response.text();
        if response.is_success() {
            let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
            proptest::prop_assert!(!lines.is_empty(), "{line}: {text:?}");
            for (i, l) in lines.iter().enumerate() {
                let last = i + 1 == lines.len();
                let play = command.contains("genmove") && last;
                proptest::prop_assert!(
                    if play { l.starts_with("play ") } else { l.starts_with("info move ") },
                    "{line}: {text:?}"
                );
            }
        } else {
            proptest::prop_assert!(!text.is_empty() && !text.contains('\n'), "{line}: {text:?}");
        }
    }
}

/// Canadian and Japanese byo-yomi, through both GTP commands that set them: with no
/// main time the search of a move is stopped by its share of the period, far below a
/// node budget it would never reach.
#[test]
fn issue_14_byo_yomi_and_canadian_time_stop_the_search() {
    for settings in [
        "time_settings 0 2 5",
        "kgs-time_settings canadian 0 2 5",
        "kgs-time_settings byoyomi 0 1 3",
    ] {
        let (text, mv, visits) = clocked_genmove(&["boardsize 9", settings]);
        assert!(Point::parse_gtp(&mv, BoardSize::square(9).unwrap()).is_ok(), "{text}");
        assert!(visits > 0 && visits < CLOCKED_BUDGET, "{settings}: {text}");
    }
}

/// A playout budget a clocked test would never wait for: only the clock can end the
/// search.
const CLOCKED_BUDGET: u64 = 2_000_000;

/// Runs `setup` on a 9×9 MCTS session with [`CLOCKED_BUDGET`] playouts, then
/// `lz-genmove_analyze b 10`: the whole answer, the move played and the visits of the
/// root moves in the last progress line.
fn clocked_genmove(setup: &[&str]) -> (String, String, u64) {
    let config = PlayerConfig::new(Algorithm::Mcts).nodes(CLOCKED_BUDGET).seed(2);
    let player = SearchPlayer::new(config).expect("a valid configuration");
    let mut session = Session::builder(player).commands(play_commands()).build();
    for cmd in setup {
        assert!(session.execute(cmd).expect("an answer").is_success(), "{cmd}");
    }
    let answer = session.execute("lz-genmove_analyze b 10").expect("an answer");
    assert!(answer.is_success(), "{answer:?}");
    let text = answer.text().to_owned();
    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    let (play, info) = lines.split_last().expect("lines");
    let mv = play.strip_prefix("play ").unwrap_or_else(|| panic!("{text}")).to_owned();
    let (last, _) = info.split_last().expect("the search's line");
    let visits = last.split("info ").filter(|e| !e.trim().is_empty()).map(progress_visits).sum();
    (text, mv, visits)
}

#[test]
fn issue_14_genmove_analyze_keeps_to_the_clock() {
    // Only the time for the move ends the search (10 s of main time for the whole
    // game, a share of it for this move).
    let setup = ["boardsize 9", "time_settings 10 0 0", "time_left black 10 0"];
    let (text, mv, visits) = clocked_genmove(&setup);
    assert!(Point::parse_gtp(&mv, BoardSize::square(9).unwrap()).is_ok(), "{text}");
    // The root moves' visits add up to far less than the budget: the clock stopped it.
    assert!(visits < CLOCKED_BUDGET, "{text}");
}
