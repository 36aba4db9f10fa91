use super::*;
use crate::player::{Clock, Decision, TimeLeft, TimeSettings};
use go_board::{Color, Move, PointSet};

/// The names of the built-in commands.
fn names() -> Vec<String> {
    Commands::<RandomPlayer>::standard().names().map(str::to_owned).collect()
}

fn answer<P: Player>(session: &mut Session<P>, line: &str) -> String {
    session.execute(line).map(|r| r.to_string()).unwrap_or_default()
}

#[test]
fn every_listed_command_is_dispatched() {
    let names = names();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted, names, "sorted and unique");
    for name in &names {
        let mut session = Session::new(RandomPlayer::new(0));
        let response = session.execute(name).unwrap();
        assert_ne!(response.text(), "unknown command", "{name}");
    }
    let mut session = Session::new(RandomPlayer::new(0));
    let listed = session.execute("list_commands").unwrap();
    assert_eq!(listed.text().lines().collect::<Vec<_>>(), names);
}

#[test]
fn responses_never_contain_an_empty_line() {
    let r = Response::new(Some("3".into()), Ok("\nline\n\nafter\r\n\n".into()));
    assert_eq!(r.to_string(), "=3 \nline\n \nafter\n\n");
    let r = Response::new(None, Err("bad".into()));
    assert_eq!(r.to_string(), "? bad\n\n");
    assert!(!r.is_success());
}

#[test]
fn issue_10_control_characters_never_reach_the_controller() {
    let r =
        Response::new(None, Err("cannot parse 'KM[abc\r\rdef]'\0 \u{85}\u{2028}\x1b[2J".into()));
    assert_eq!(r.text(), "cannot parse 'KM[abc\\r\\rdef]'\\u{0} \\u{85}\\u{2028}\\u{1b}[2J");
    // Line ends of a multi-line answer stay, tabs too.
    let r = Response::new(None, Ok("a\tb\r\nc\r\n".into()));
    assert_eq!(r.to_string(), "= a\tb\nc\n\n");
}

#[test]
fn integers_labels_and_lines() {
    assert_eq!(parse_integer("42"), Some(42));
    assert_eq!(parse_integer("-7"), Some(-7));
    assert_eq!(parse_integer("+7"), Some(7));
    assert_eq!(parse_integer("9".repeat(60).as_str()), Some(i128::MAX));
    for bad in ["", "-", "+", "1.5", "1e3", "x", " 1", "٣"] {
        assert_eq!(parse_integer(bad), None, "{bad}");
    }
    let labels: Vec<String> = [0, 1, 25, 26, 27, 51, 52, 701, 702].map(gogui::chain_label).to_vec();
    assert_eq!(labels, ["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]);
}

#[test]
fn serve_answers_until_quit() {
    let mut session = Session::new(RandomPlayer::new(0));
    let input = b"1 boardsize 5\n\n2 play b c3\r\n3 quit\n4 name\n";
    let mut output = Vec::new();
    session.serve(&input[..], &mut output).unwrap();
    assert_eq!(String::from_utf8(output).unwrap(), "=1 \n\n=2 \n\n=3 \n\n");
    assert!(session.has_quit());
    assert_eq!(session.position().move_count(), 1);
}

#[test]
fn serve_skips_a_line_that_is_too_long() {
    let mut session = Session::new(RandomPlayer::new(0));
    let mut input = b"12 komi ".to_vec();
    input.extend(std::iter::repeat_n(b'5', MAX_LINE));
    input.extend_from_slice(b"\nprotocol_version\n");
    let mut output = Vec::new();
    session.serve(&input[..], &mut output).unwrap();
    assert_eq!(
        String::from_utf8(output).unwrap(),
        format!("?12 line too long (limit {MAX_LINE} bytes)\n\n= 2\n\n")
    );
    assert_eq!(session.rules().komi.to_string(), "7.5");
}

/// A streaming command for the tests: a line with a control character and a line
/// break, an empty line, then `tick N` lines until interrupted (at most 100,000, as a
/// guard), and `done N`.
fn ticker() -> Command<RandomPlayer> {
    Command::streaming(
        "ticker",
        |_: &mut Session<RandomPlayer>, args: &Args<'_>, stream: &mut Stream<'_>| {
            if args.get(0) == Some("bad") {
                return Err("bad argument".to_owned());
            }
            stream.begin();
            stream.line("first\nsecond\r\x1b");
            stream.line("");
            let mut n = 0;
            while n < 3 || (stream.is_live() && !stream.interrupted() && n < 100_000) {
                stream.line(&format!("tick {n}"));
                n += 1;
                if stream.is_live() && stream.wait(std::time::Duration::from_millis(1)) {
                    break;
                }
            }
            Ok(format!("done {n}"))
        },
    )
}

#[test]
fn issue_14_a_streaming_command_collects_its_lines_in_execute() {
    let mut session = Session::builder(RandomPlayer::new(0)).command(ticker()).build();
    // No live input: never interrupted, the lines come in the answer.
    assert_eq!(
        answer(&mut session, "4 ticker"),
        "=4 \nfirst second\\r\\u{1b}\ntick 0\ntick 1\ntick 2\ndone 3\n\n"
    );
    assert_eq!(answer(&mut session, "5 ticker bad"), "?5 bad argument\n\n");
}

#[test]
fn issue_14_the_next_line_interrupts_a_streaming_command_in_serve() {
    let mut session = Session::builder(RandomPlayer::new(0)).command(ticker()).build();
    // The whole input is there at once: the ticker starts, sees the next line at once,
    // ends its answer, and the next commands are answered in order.
    let input = b"1 ticker\n2 ticker bad\n# a comment interrupts too\n3 ticker\n\n4 name\n";
    let mut output = Vec::new();
    session.serve(&input[..], &mut output).unwrap();
    let text = String::from_utf8(output).unwrap();
    let answers: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(answers.len(), 5, "{text}");
    for (answer, id) in [(answers[0], 1), (answers[2], 3)] {
        let lines: Vec<&str> = answer.lines().collect();
        assert_eq!(lines[0], format!("={id} "), "{text}");
        assert_eq!(lines[1], "first second\\r\\u{1b}", "{text}");
        assert!(lines[2..lines.len() - 1].iter().all(|l| l.starts_with("tick ")), "{text}");
        assert!(lines.last().unwrap().starts_with("done "), "{text}");
    }
    assert_eq!(answers[1], "?2 bad argument");
    assert_eq!(answers[3], "=4 go-engine (random player)");
    assert_eq!(answers[4], "");
}

#[test]
fn issue_14_quit_ends_a_streaming_command_then_the_session() {
    let mut session = Session::builder(RandomPlayer::new(0)).command(ticker()).build();
    let input = b"ticker\n7 quit\nname\n";
    let mut output = Vec::new();
    session.serve(&input[..], &mut output).unwrap();
    let text = String::from_utf8(output).unwrap();
    assert!(text.starts_with("= \nfirst second"), "{text}");
    assert!(text.ends_with("\n\n=7 \n\n"), "{text}");
    assert!(session.has_quit());
}

/// A player that always answers the same decision and calls every stone of one colour
/// dead.
struct Fixed {
    decision: Decision,
    dead: Option<Color>,
}

impl Player for Fixed {
    fn description(&self) -> &str {
        "fixed player"
    }

    fn genmove(&mut self, _: &Position, _: Color, _: &Clock) -> Decision {
        self.decision
    }

    fn dead_stones(&mut self, position: &Position) -> PointSet {
        self.dead.map_or(PointSet::EMPTY, |c| *position.board().stones(c))
    }
}

#[test]
fn a_plugged_in_player_answers_genmove_and_the_dead_stones() {
    let size = BoardSize::square(5).unwrap();
    let e5 = Move::Play(Point::parse_gtp("E5", size).unwrap());
    let player = Fixed { decision: Decision::Play(e5), dead: Some(Color::White) };
    let mut session = Session::with_rules(player, size, Rules::chinese());
    assert_eq!(answer(&mut session, "name"), "= go-engine (fixed player)\n\n");
    assert_eq!(answer(&mut session, "reg_genmove w"), "= E5\n\n");
    assert_eq!(session.position().move_count(), 0);
    assert_eq!(answer(&mut session, "genmove w"), "= E5\n\n");
    // A player that answers an occupied point is reported, and nothing is played.
    assert_eq!(
        answer(&mut session, "genmove b"),
        "? the player chose an illegal move E5: point occupied\n\n"
    );
    assert_eq!(session.position().move_count(), 1);
    assert_eq!(answer(&mut session, "play b c3"), "= \n\n");
    // White's stone is dead for this player: it counts for Black.
    assert_eq!(answer(&mut session, "final_status_list dead"), "= E5\n\n");
    assert_eq!(answer(&mut session, "final_status_list alive"), "= C3\n\n");
    assert_eq!(answer(&mut session, "final_score"), "= B+17.5\n\n");
    session.player_mut().decision = Decision::Resign;
    assert_eq!(answer(&mut session, "genmove w"), "= resign\n\n");
    assert_eq!(session.position().move_count(), 2);
}

#[test]
fn genmove_after_two_passes_resumes_the_game() {
    let mut session = Session::new(RandomPlayer::new(5));
    answer(&mut session, "boardsize 5");
    answer(&mut session, "play b pass");
    answer(&mut session, "play w pass");
    assert!(session.position().is_over());
    let reply = answer(&mut session, "reg_genmove b");
    assert!(session.position().is_over(), "reg_genmove changes nothing");
    assert!(reply.starts_with("= ") && reply != "= PASS\n\n");
    let played = answer(&mut session, "genmove b");
    assert!(!session.position().is_over());
    assert_eq!(session.position().move_count(), 3, "{played}");
    assert_eq!(answer(&mut session, "undo"), "= \n\n");
    assert_eq!(session.position().move_count(), 2);
}

#[test]
fn time_commands_fill_the_clock() {
    let mut session = Session::new(RandomPlayer::new(5));
    answer(&mut session, "time_settings 600 30 5");
    answer(&mut session, "time_left white 95 3");
    answer(&mut session, "time_left b -3 0");
    let clock = session.clock();
    assert_eq!(
        clock.settings,
        Some(TimeSettings::Canadian { main_time: 600, period_time: 30, stones: 5 })
    );
    assert_eq!(clock.left[Color::White], Some(TimeLeft { seconds: 95, stones: 3 }));
    assert_eq!(clock.left[Color::Black], Some(TimeLeft { seconds: 0, stones: 0 }));
}

/// A small deterministic generator for the robustness test.
struct Lcg(u64);

impl Lcg {
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        self.0 =
            self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        items[(self.0 >> 33) as usize % items.len()]
    }
}

#[test]
fn random_command_lines_never_panic() {
    let all = names();
    let mut names: Vec<&str> =
        all.iter().map(String::as_str).filter(|&c| c != "printsgf" && c != "quit").collect();
    names.extend(["", "#", "PLAY", "\u{fffd}", "12", "-3", "list_stones\x01"]);
    let args = [
        "b",
        "w",
        "black",
        "WHITE",
        "x",
        "pass",
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
        "0",
        "1",
        "2",
        "3",
        "4",
        "5",
        "9",
        "13",
        "19",
        "25",
        "26",
        "-1",
        "1000",
        "99999999999999999999999",
        "6.5",
        "-0.5",
        "1e9",
        "nan",
        "dead",
        "alive",
        "seki",
        "dame",
        "black_territory",
        "chinese",
        "japanese",
        "ing",
        "#",
        "\u{fffd}",
        "",
        "/nonexistent.sgf",
    ];
    let mut rng = Lcg(2026);
    let mut session = Session::new(RandomPlayer::new(3));
    let mut answered = 0;
    for _ in 0..20_000 {
        let mut line = rng.pick(&names).to_owned();
        let n = (rng.0 >> 20) % 5;
        for _ in 0..n {
            line.push(' ');
            line.push_str(rng.pick(&args));
        }
        if let Some(response) = session.execute(&line) {
            answered += 1;
            let text = response.to_string();
            assert!(text.ends_with("\n\n") && !text[..text.len() - 2].contains("\n\n"), "{line}");
        }
        session.position().board().check_consistency().unwrap();
    }
    assert!(answered > 15_000);
}

#[test]
fn issue_10_set_random_seed_replays_the_random_player() {
    let moves = |session: &mut Session<RandomPlayer>| -> Vec<String> {
        (0..5).map(|_| answer(session, "genmove b")).collect()
    };
    let mut seeded = Session::new(RandomPlayer::new(1));
    assert_eq!(answer(&mut seeded, "set_random_seed 7"), "= \n\n");
    assert_eq!(seeded.player().seed(), 7);
    let mut fresh = Session::new(RandomPlayer::new(7));
    assert_eq!(moves(&mut seeded), moves(&mut fresh));
    assert_eq!(answer(&mut seeded, "set_random_seed -1"), "= \n\n");
    assert_eq!(seeded.player().seed(), u64::MAX);
}

#[test]
fn issue_10_kgs_time_settings_fill_the_clock() {
    let mut session = Session::new(RandomPlayer::new(5));
    let mut settings = |line: &str| {
        assert_eq!(answer(&mut session, line), "= \n\n", "{line}");
        session.clock().settings
    };
    assert_eq!(settings("kgs-time_settings none"), Some(TimeSettings::Unlimited));
    assert_eq!(
        settings("kgs-time_settings absolute 900"),
        Some(TimeSettings::Absolute { main_time: 900 })
    );
    assert_eq!(
        settings("kgs-time_settings canadian 600 300 25"),
        Some(TimeSettings::Canadian { main_time: 600, period_time: 300, stones: 25 })
    );
    assert_eq!(
        settings("kgs-time_settings ByoYomi 1200 30 5"),
        Some(TimeSettings::ByoYomi { main_time: 1200, period_time: 30, periods: 5 })
    );
    // GTP's own time_settings: no byo-yomi time is sudden death, no stones no limit.
    assert_eq!(settings("time_settings 300 0 0"), Some(TimeSettings::Absolute { main_time: 300 }));
    assert_eq!(settings("time_settings 0 60 0"), Some(TimeSettings::Unlimited));
}

/// A player that counts the games KGS says are over.
struct Counting(u32);

impl Player for Counting {
    fn description(&self) -> &str {
        "counting player"
    }

    fn genmove(&mut self, _: &Position, _: Color, _: &Clock) -> Decision {
        Decision::Play(Move::Pass)
    }

    fn game_over(&mut self) {
        self.0 += 1;
    }
}

#[test]
fn issue_10_kgs_game_over_reaches_the_player() {
    let mut session = Session::new(Counting(0));
    assert_eq!(answer(&mut session, "kgs-game_over"), "= \n\n");
    assert_eq!(answer(&mut session, "kgs-game_over"), "= \n\n");
    assert_eq!(session.player().0, 2);
    // A player without random choices ignores the seed.
    assert_eq!(answer(&mut session, "set_random_seed 3"), "= \n\n");
}
