//! Issue 14: the engine that plays, in process — every configuration plays a short
//! scripted game on 5×5 through GTP, moves are always legal, a seeded search at a node
//! budget is deterministic, and the play and analysis commands answer in their formats.

use go_board::{BoardSize, Color, Move, Position, Rules};
use go_engine::gtp::{Session, play_commands};
use go_engine::player::{
    Algorithm, Clock, Decision, LeafKind, Player, PlayerConfig, RolloutKind, SearchPlayer, Widening,
};

const SEARCHERS: [Algorithm; 4] =
    [Algorithm::BStar, Algorithm::PBStar, Algorithm::AlphaBeta, Algorithm::Mcts];

fn session(algorithm: Algorithm, nodes: u64) -> Session<SearchPlayer> {
    let config = PlayerConfig::new(algorithm).nodes(nodes).seed(5);
    let player = SearchPlayer::new(config).expect("a valid configuration");
    Session::builder(player).commands(play_commands()).build()
}

fn ok(session: &mut Session<SearchPlayer>, line: &str) -> String {
    let r = session.execute(line).expect("a command");
    assert!(r.is_success(), "{line}: {}", r.text());
    r.text().to_owned()
}

/// Plays a game of `genmove`s on 5×5 until two passes, a resignation or 60 moves;
/// returns the moves.
fn play_game(session: &mut Session<SearchPlayer>) -> Vec<String> {
    ok(session, "boardsize 5");
    ok(session, "komi 0.5");
    let mut moves = Vec::new();
    let mut color = Color::Black;
    for _ in 0..60 {
        let before = session.position().clone();
        let mv = ok(session, &format!("genmove {color}"));
        if mv == "resign" {
            moves.push(mv);
            break;
        }
        let parsed = Move::parse_gtp(&mv, before.size()).expect("a vertex or PASS");
        let mut check = before.clone();
        if check.is_over() {
            check.resume();
        }
        assert!(check.check_as(color, parsed).is_ok(), "{mv} is legal for {color}");
        moves.push(mv);
        if session.position().is_over() {
            break;
        }
        color = color.opponent();
    }
    moves
}

/// A 5×5 game ([`play_game`]) of a fresh player with `config`.
fn configured_game(config: PlayerConfig) -> Vec<String> {
    let player = SearchPlayer::new(config).expect("a valid configuration");
    let mut s = Session::builder(player).commands(play_commands()).build();
    play_game(&mut s)
}

#[test]
fn issue_14_every_configuration_plays_a_short_game_on_5x5() {
    for algorithm in SEARCHERS {
        let mut s = session(algorithm, 150);
        let moves = play_game(&mut s);
        assert!(moves.len() >= 6, "{algorithm}: {moves:?}");
        // The play commands answer after a game (nothing when the search's only root
        // move is a pass, which `top_moves` leaves out as GNU Go does).
        let top = ok(&mut s, "top_moves_black");
        if !top.is_empty() {
            top_moves_pairs(&top, 5);
        }
    }
}

/// The random player and the two searchers that use threads (on two of them) play a
/// short game on 5×5 too, legally; the random player's is the same game for a seed.
#[test]
fn issue_14_random_and_two_thread_players_play_a_short_game_on_5x5() {
    for (algorithm, threads) in
        [(Algorithm::Random, 1), (Algorithm::AlphaBeta, 2), (Algorithm::Mcts, 2)]
    {
        let config = PlayerConfig::new(algorithm).nodes(150).threads(threads).seed(5);
        let moves = configured_game(config);
        assert!(moves.len() >= 6, "{algorithm}: {moves:?}");
        if algorithm == Algorithm::Random {
            assert_eq!(moves, configured_game(config));
        }
    }
}

/// The read and playout leaves of B*, PB* and alpha-beta: a short game each, legal
/// moves that fill no own eye, and the same game twice for a seed.
#[test]
fn issue_14_every_leaf_kind_plays_legally_and_deterministically() {
    let diagrams = [
        ". X . X .\nX X X X X\nX X X X X\nX X X X X\nX X X X X",
        "X X X X X\nX . X . X\nX X X X X\nX X X X X\nX X X X .",
    ];
    for leaves in [LeafKind::Read(LeafKind::READ_BUDGET), LeafKind::Playouts(8)] {
        for algorithm in [Algorithm::BStar, Algorithm::PBStar, Algorithm::AlphaBeta] {
            let config = PlayerConfig::new(algorithm).nodes(60).seed(3).leaves(leaves);
            let label = format!("{algorithm} {leaves}");
            let moves = configured_game(config);
            assert!(moves.len() >= 6, "{label}: {moves:?}");
            assert_eq!(moves, configured_game(config), "{label}");
            let mut player = SearchPlayer::new(config).unwrap();
            plays_legally_without_filling_eyes(&mut player, &diagrams, &label);
        }
    }
}

#[test]
fn issue_14_a_seeded_search_at_a_node_budget_is_deterministic() {
    for algorithm in SEARCHERS {
        let script =
            ["boardsize 7", "play b D4", "play w C5", "genmove b", "genmove w", "top_moves"];
        let run = || {
            let mut s = session(algorithm, 200);
            script.iter().map(|l| ok(&mut s, l)).collect::<Vec<_>>()
        };
        assert_eq!(run(), run(), "{algorithm}");
    }
}

/// Asks `player` for a move of each colour on each diagram: a legal move that fills no
/// eye of its own, never a resignation.
fn plays_legally_without_filling_eyes(
    player: &mut SearchPlayer,
    diagrams: &[&str],
    label: &dyn std::fmt::Display,
) {
    for diagram in diagrams {
        for color in Color::ALL {
            let mut position = Position::from_diagram(diagram, Rules::chinese()).unwrap();
            position.set_to_move(color);
            match player.genmove(&position, color, &Clock::default()) {
                Decision::Play(mv) => {
                    assert!(position.is_legal(mv), "{label} {color} {mv}\n{diagram}");
                    if let Move::Play(p) = mv {
                        assert!(!position.board().is_simple_eye(color, p), "fills an eye");
                    }
                }
                Decision::Resign => panic!("{label} resigned at move 0"),
            }
        }
    }
}

#[test]
fn issue_14_the_player_never_returns_an_illegal_move() {
    // Positions where most points are illegal or eyes: a ko, suicide points, and a
    // board where the only legal moves fill the mover's own eyes.
    let diagrams = [
        // A ko: White just captured at C3 would be retaken by Black at... the ko point.
        ". X O . .\nX . X O .\n. X O . .\n. . . . .\n. . . . .",
        // Black owns the board with two eyes.
        ". X . X .\nX X X X X\nX X X X X\nX X X X X\nX X X X X",
        // White's stones can only suicide.
        "X X X X X\nX . X . X\nX X X X X\nX X X X X\nX X X X .",
    ];
    for algorithm in SEARCHERS {
        let config = PlayerConfig::new(algorithm).nodes(100).seed(1);
        let mut player = SearchPlayer::new(config).unwrap();
        plays_legally_without_filling_eyes(&mut player, &diagrams, &algorithm);
    }
}

#[test]
fn issue_14_restricted_genmove_and_top_moves_in_gnu_gos_formats() {
    let mut s = session(Algorithm::BStar, 200);
    ok(&mut s, "boardsize 9");
    let mv = ok(&mut s, "restricted_genmove black A1 E5 J9");
    assert!(["A1", "E5", "J9"].contains(&mv.as_str()), "{mv}");
    // Not played.
    assert_eq!(s.position().move_count(), 0);
    let err = s.execute("restricted_genmove black").unwrap();
    assert_eq!(err.text(), "no vertex listed");
    assert_eq!(s.execute("restricted_genmove black Z9").unwrap().text(), "invalid coordinate");
    ok(&mut s, "play b E5");
    assert_eq!(ok(&mut s, "restricted_genmove white E5"), "PASS");
    // top_moves: "V value V value ...", values with two decimals.
    let top = ok(&mut s, "top_moves_white");
    let pairs = top_moves_pairs(&top, 9);
    assert!(pairs.len() >= 5, "{top}");
    assert_eq!(ok(&mut s, "top_moves"), top);
}

/// The pairs of a `top_moves` answer, checked against GNU Go 3.8's format: at most ten
/// `VERTEX VALUE` pairs on one line (vertices of a board of `size`), values with two
/// decimals, never a pass.
fn top_moves_pairs(top: &str, size: u32) -> Vec<(Move, f64)> {
    let words: Vec<&str> = top.split(' ').collect();
    assert!(words.len().is_multiple_of(2) && words.len() <= 20, "{top}");
    words
        .chunks(2)
        .map(|pair| {
            let size = BoardSize::square(size).unwrap();
            let mv = Move::parse_gtp(pair[0], size).expect("a vertex");
            assert_ne!(mv, Move::Pass, "{top}");
            let (int, frac) = pair[1].split_once('.').expect("a decimal value");
            assert!(int.trim_start_matches('-').parse::<u32>().is_ok() && frac.len() == 2, "{top}");
            (mv, pair[1].parse().unwrap())
        })
        .collect()
}

#[test]
fn issue_14_top_moves_lists_the_played_move_first_and_at_most_ten() {
    // GNU Go 3.8 on this position (level 10): `genmove b` F3, then `top_moves` "F3 75.01
    // G6 74.01 B4 74.01 C4 74.01 D2 74.01 G7 74.01 E7 74.01 C6 74.01 D3 74.01 G4 74.01".
    for algorithm in SEARCHERS {
        let mut s = session(algorithm, 400);
        for line in ["boardsize 9", "play b E5", "play w C3"] {
            ok(&mut s, line);
        }
        let played = ok(&mut s, "genmove b");
        let top = ok(&mut s, "top_moves");
        let pairs = top_moves_pairs(&top, 9);
        assert!(pairs.len() >= 3, "{algorithm}: {top}");
        let played = Move::parse_gtp(&played, BoardSize::square(9).unwrap()).unwrap();
        assert_eq!(pairs[0].0, played, "{algorithm}: {top}");
        if algorithm == Algorithm::Mcts {
            // Win rates in percent, visited moves only.
            assert!(pairs.iter().all(|&(_, v)| (0.0..=100.0).contains(&v)), "{top}");
        } else {
            // Realistic values, best first (alpha-beta: its move with the searched value,
            // then the others by their static values).
            let rest = if algorithm == Algorithm::AlphaBeta { &pairs[1..] } else { &pairs[..] };
            assert!(rest.windows(2).all(|w| w[0].1 >= w[1].1), "{algorithm}: {top}");
        }
    }
}

#[test]
fn issue_14_cleanup_captures_dead_stones_before_passing() {
    // A dead white stone inside Black's area: in the cleanup phase Black takes it
    // rather than passing.
    let mut s = session(Algorithm::BStar, 100);
    ok(&mut s, "boardsize 7");
    let ring = ["b B2", "b B3", "b B4", "b C2", "b C4", "b D2", "b D4", "b E2", "b E3", "b E4"];
    for v in ring.into_iter().chain(["w C3"]) {
        ok(&mut s, &format!("play {v}"));
    }
    let dead = ok(&mut s, "final_status_list dead");
    assert_eq!(dead, "C3");
    let mv = ok(&mut s, "kgs-genmove_cleanup black");
    assert_ne!(mv, "PASS");
    let mut taken = false;
    for _ in 0..4 {
        if s.position()
            .board()
            .color_at(go_board::Point::parse_gtp("C3", s.position().size()).unwrap())
            .is_none()
        {
            taken = true;
            break;
        }
        ok(&mut s, "play w pass");
        ok(&mut s, "kgs-genmove_cleanup black");
    }
    assert!(taken, "the dead stone is removed");
}

#[test]
fn issue_14_lz_analyze_and_gogui_entries() {
    for algorithm in SEARCHERS {
        let mut s = session(algorithm, 200);
        ok(&mut s, "boardsize 9");
        ok(&mut s, "play b E5");
        let text = ok(&mut s, "lz-analyze 10");
        let last = text.lines().last().unwrap();
        assert!(text.starts_with('\n') || text.is_empty() || text.starts_with("info"), "{text}");
        assert!(last.starts_with("info move "), "{algorithm}: {last}");
        let infos: Vec<&str> = last.split("info ").filter(|p| !p.is_empty()).collect();
        assert!(infos.len() >= 5, "{algorithm}: {last}");
        for info in infos {
            let words: Vec<&str> = info.split_whitespace().collect();
            assert_eq!(words[0], "move");
            for key in ["visits", "winrate", "prior", "lcb", "order", "lower", "upper", "pv"] {
                assert!(words.contains(&key), "{algorithm}: {key} in {info}");
            }
            let at = |k: &str| words[words.iter().position(|w| *w == k).unwrap() + 1];
            let rate: u32 = at("winrate").parse().unwrap();
            assert!(rate <= 10_000);
            let (lo, hi): (f64, f64) = (at("lower").parse().unwrap(), at("upper").parse().unwrap());
            assert!(lo <= hi, "{info}");
        }
        let gfx = ok(&mut s, "play_candidates");
        assert!(gfx.starts_with("LABEL "), "{gfx}");
        assert!(gfx.lines().last().unwrap().starts_with(&format!("TEXT {algorithm} ")), "{gfx}");
        let list = ok(&mut s, "play_candidate_list");
        assert!(list.lines().count() >= 6, "{list}");
        let analyze = ok(&mut s, "gogui-analyze_commands");
        assert!(analyze.lines().any(|l| l == "gfx/Candidates and B* Bounds/play_candidates"));
    }
}

#[test]
fn issue_14_b_star_reports_separation_or_the_realistic_rule() {
    let config = PlayerConfig::new(Algorithm::BStar).nodes(300);
    let mut player = SearchPlayer::new(config).unwrap();
    let position = Position::new(BoardSize::square(9).unwrap(), Rules::chinese());
    player.genmove(&position, Color::Black, &Clock::default());
    let summary = player.last_search().unwrap();
    use go_engine::player::search::Rule;
    assert!(matches!(summary.rule, Rule::Separated | Rule::Realistic), "{:?}", summary.rule);
    // Every root move has bounds that hold its realistic value.
    for r in &summary.root {
        let (lo, hi) = r.bounds.expect("B* bounds");
        assert!(lo <= r.value && r.value <= hi, "{r:?}");
    }
    if summary.rule == Rule::Realistic {
        // Not separated: the best realistic value was chosen.
        let best = summary.root.iter().map(|r| r.value).fold(f64::NEG_INFINITY, f64::max);
        assert_eq!(summary.best_move().unwrap().value, best);
    }
    assert!(summary.stats.nodes > 0 && summary.stats.nodes <= 300 + 20);
}

#[test]
fn issue_14_analyze_best_prints_the_move_its_bounds_and_the_counters() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_go-engine"))
        .args(["analyze", "--best", "--nodes", "150", "--move", "30"])
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let at = text.find("best move (bstar): ").expect("the best move line");
    let lines: Vec<&str> = text[at..].lines().collect();
    assert!(lines[1].contains("bounds ["), "{}", lines[1]);
    assert!(lines[2].starts_with("  search: ") && lines[2].contains(" nodes, "), "{}", lines[2]);
    assert!(text.contains("candidates ("), "{text}");
    let json = std::process::Command::new(env!("CARGO_BIN_EXE_go-engine"))
        .args(["analyze", "--best", "--nodes", "150", "--player", "alphabeta", "--json"])
        .output()
        .expect("the binary runs");
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(value["best"]["algorithm"], "alphabeta");
    assert!(value["best"]["stats"]["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn issue_14_genmove_after_two_passes_resumes_the_game() {
    // A search from a resumed game must not end it again when it takes a move back.
    for algorithm in SEARCHERS {
        let mut s = session(algorithm, 150);
        ok(&mut s, "boardsize 7");
        for line in ["play b D4", "play w C3", "play b pass", "play w pass"] {
            ok(&mut s, line);
        }
        assert!(s.position().is_over());
        let mv = ok(&mut s, "genmove b");
        assert!(Move::parse_gtp(&mv, s.position().size()).is_ok() || mv == "resign", "{mv}");
        ok(&mut s, "genmove w");
    }
}

/// MCTS with each of its leaf values: heavy and light playouts, and the evaluation.
fn mcts_session(rollout: RolloutKind, nodes: u64, seed: u64) -> Session<SearchPlayer> {
    let config = PlayerConfig::new(Algorithm::Mcts).rollout(rollout).nodes(nodes).seed(seed);
    let player = SearchPlayer::new(config).expect("a valid configuration");
    Session::builder(player).commands(play_commands()).build()
}

#[test]
fn issue_14_every_mcts_rollout_plays_a_short_game_on_5x5_and_replays_it_from_its_seed() {
    for rollout in RolloutKind::ALL {
        let game = || play_game(&mut mcts_session(rollout, 150, 3));
        let moves = game();
        assert!(moves.len() >= 6, "{rollout}: {moves:?}");
        assert_eq!(moves, game(), "{rollout}: a seeded game at a playout budget replays");
    }
}

#[test]
fn issue_14_playout_mcts_never_returns_an_illegal_move_nor_fills_an_eye() {
    let diagrams = [
        ". X O . .\nX . X O .\n. X O . .\n. . . . .\n. . . . .",
        ". X . X .\nX X X X X\nX X X X X\nX X X X X\nX X X X X",
        "X X X X X\nX . X . X\nX X X X X\nX X X X X\nX X X X .",
        // Black's two eyes and a dame: only the dame or the pass for Black.
        ". X . X O\nX X X X O\nO O O O O\n. . . . .\n. . . . .",
    ];
    for rollout in [RolloutKind::Playout, RolloutKind::Light] {
        let config = PlayerConfig::new(Algorithm::Mcts).rollout(rollout).nodes(200).seed(1);
        let mut player = SearchPlayer::new(config).unwrap();
        plays_legally_without_filling_eyes(&mut player, &diagrams, &rollout);
        // The same with progressive widening (which `auto` leaves off on 5×5).
        let widened = config.widening(Widening::On { initial: 2, growth: 1.5 });
        let mut player = SearchPlayer::new(widened).unwrap();
        plays_legally_without_filling_eyes(&mut player, &diagrams, &rollout);
    }
}

#[test]
fn issue_14_widened_mcts_plays_a_short_game_on_5x5_and_replays_it_from_its_seed() {
    let widening = Widening::On { initial: 3, growth: 1.4 };
    let config = PlayerConfig::new(Algorithm::Mcts).nodes(150).seed(5).widening(widening);
    let game = || {
        let player = SearchPlayer::new(config).expect("a valid configuration");
        play_game(&mut Session::builder(player).commands(play_commands()).build())
    };
    let moves = game();
    assert!(moves.len() >= 6, "{moves:?}");
    assert_eq!(moves, game());
    let flat = config.widening(Widening::On { initial: 3, growth: 1.0 });
    assert!(SearchPlayer::new(flat).unwrap_err().contains("widening"));
}

/// The end of a 9×9 game of go-engine against GNU Go: White's lone stone on H5 inside
/// Black's area is dead (GNU Go's `final_status_list dead` agrees). The reading of the
/// middle of a game (go-eval's 300 owl nodes) lets it run into the open right side;
/// the dead stones of a finished game, in the check before each move and in scoring
/// alike, count it dead.
#[test]
fn a_lone_stone_in_the_opponents_area_is_dead_when_the_game_ends() {
    let diagram = "
        . . . O O O X . .
        . . . X O X X . .
        . . X X O X . X .
        . O O O O O X . .
        O . O . O X . O .
        X O O . O X X . .
        X X O . O O X . .
        . X O O X X . . .
        . X X X . . . . .
        ";
    let position = Position::from_diagram(diagram, Rules::chinese()).unwrap();
    let h5 = go_board::Point::parse_gtp("H5", position.size()).unwrap();
    let middle = go_eval::ReadStatus::new(&position, go_eval::ReadStatus::BUDGET);
    assert!(!middle.dead.contains(h5), "the reading of the middle game changed");
    let evaluator = go_eval::PositionEvaluator::default();
    assert!(evaluator.dead_stones(&position).contains(h5));
    let mut player = SearchPlayer::new(PlayerConfig::new(Algorithm::BStar)).unwrap();
    assert!(player.dead_stones(&position).contains(h5));
}

/// Sets up a 9×9 board (komi 7.5) with the stones of `diagram` (rows from the top,
/// `X` Black, `O` White) by `play` commands.
fn set_up_9x9(s: &mut Session<SearchPlayer>, diagram: &[&str; 9]) {
    ok(s, "boardsize 9");
    ok(s, "komi 7.5");
    for (k, row) in diagram.iter().enumerate() {
        for (col, cell) in row.split_whitespace().enumerate() {
            let vertex = format!("{}{}", &"ABCDEFGHJ"[col..=col], 9 - k);
            match cell {
                "X" => ok(s, &format!("play black {vertex}")),
                "O" => ok(s, &format!("play white {vertex}")),
                _ => String::new(),
            };
        }
    }
}

/// A seki designed for the end of a 9×9 game: White's group (nine stones) and Black's
/// three stones inside it each have one eye (E1 and A1) and share the liberty C1, so
/// whoever fills C1 loses its group. GNU Go 3.8 (`--chinese-rules`) lists both groups
/// under `final_status_list seki`, none dead, and scores B+52.5, which a count by hand
/// confirms: Black's 13 stones and 56 points of territory, White's 9 stones, komi 7.5;
/// the eyes and the liberty in the seki count for nobody.
#[test]
fn a_seki_at_the_end_of_a_game_is_neither_sides_dead_stones() {
    let diagram = [
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "X X X X . . . . .",
        "O O O X X X X . .",
        "X X O O O O X . .",
        ". X . O . O X . .",
    ];
    for algorithm in [Algorithm::BStar, Algorithm::Mcts] {
        let mut s = session(algorithm, 150);
        set_up_9x9(&mut s, &diagram);
        let sorted = |text: String| {
            let mut v: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
            v.sort();
            v
        };
        let seki = "A3 B3 C3 C2 D2 E2 F2 D1 F1 A2 B2 B1";
        assert_eq!(sorted(ok(&mut s, "final_status_list seki")), sorted(seki.to_owned()));
        assert_eq!(ok(&mut s, "final_status_list dead"), "", "{algorithm}");
        assert_eq!(ok(&mut s, "final_score"), "B+52.5", "{algorithm}");
    }
}

/// A false seki at the end of a 9×9 game: White's eleven stones and Black's three inside
/// share their only two liberties, A2 and C3, but Black wins by filling one: White must
/// capture the four stones, and the space they leave is a square four, which is dead.
/// GNU Go 3.8 (`--chinese-rules`) lists White's group dead and nothing in seki, and
/// scores B+19.5, which a count by hand confirms (Black's 21 stones and 33 points,
/// White's 9 stones and 18 points, komi 7.5).
#[test]
fn a_false_seki_at_the_end_of_a_game_is_dead() {
    let diagram = [
        ". . . . . X O . .",
        ". . . . . X O . .",
        ". . . . . X O . .",
        ". . . . . X O . .",
        "X X X X X X O . .",
        "O O O O X X O . .",
        "X X . O X X O . .",
        ". X O O X X O . .",
        "O O O O X X O . .",
    ];
    let mut s = session(Algorithm::BStar, 150);
    set_up_9x9(&mut s, &diagram);
    let mut dead: Vec<String> =
        ok(&mut s, "final_status_list dead").split_whitespace().map(str::to_owned).collect();
    dead.sort();
    let mut expected: Vec<&str> = "A4 B4 C4 D4 D3 C2 D2 A1 B1 C1 D1".split(' ').collect();
    expected.sort_unstable();
    assert_eq!(dead, expected);
    assert_eq!(ok(&mut s, "final_status_list seki"), "");
    assert_eq!(ok(&mut s, "final_score"), "B+19.5");
}
