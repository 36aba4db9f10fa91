//! The built-in command table ([`Commands::standard`]) and the commands that are not in
//! a module of their own: the protocol, the game, time, files, and GNU Go's analysis
//! commands. The go-eval maps are in `eval`, GoGui's boards and commands in `gogui`.

use std::borrow::Cow;

use go_board::Scoring;
use go_board::{BoardSize, Color, Event, HandicapError, Komi, Move, PointSet, Position, Rules};

use super::command::{AnalyzeKind, Args, Command, CommandResult, Commands};
use super::{Session, eval, eyes, gogui};
use crate::player::{Decision, Player, TimeLeft, TimeSettings};
use crate::render;

impl<P: Player + 'static> Commands<P> {
    /// The built-in commands (see the [module documentation](super)); their GoGui
    /// analyze entries come in the order of GoGui's menu.
    pub fn standard() -> Commands<P> {
        let mut table = Commands::empty();
        table.extend(protocol());
        table.extend(game());
        table.extend(time());
        table.extend(files());
        table.extend(gogui::commands());
        table.extend(eval::commands());
        table.extend(super::reading::commands());
        table.extend(eyes::commands());
        table.extend(super::owl::commands());
        table.extend(super::patterns::commands());
        table.extend(analysis());
        table.extend(scoring());
        table
    }
}

/// A command whose handler is a method of the session taking the arguments.
fn method<P: Player + 'static>(
    name: &'static str,
    method: fn(&mut Session<P>, &Args<'_>) -> CommandResult,
) -> Command<P> {
    Command::new(name, method)
}

/// A command whose answer does not depend on its arguments.
fn query<P: Player + 'static>(
    name: &'static str,
    query: fn(&mut Session<P>) -> String,
) -> Command<P> {
    Command::new(name, move |session: &mut Session<P>, _: &Args<'_>| Ok(query(session)))
}

fn protocol<P: Player + 'static>() -> Vec<Command<P>> {
    vec![
        query("protocol_version", |_| "2".to_owned()),
        query("name", |s| format!("go-engine ({})", s.player.description())),
        query("version", |s| format!("{} ({})", env!("CARGO_PKG_VERSION"), s.player.description())),
        method("known_command", |s, args| {
            let name = args.get(0).ok_or("known_command needs a command name")?;
            Ok(s.commands.contains(name).to_string())
        }),
        query("list_commands", |s| s.commands.names().collect::<Vec<_>>().join("\n")),
        query("quit", |s| {
            s.quitting = true;
            String::new()
        }),
        method("echo", |_, args| Ok(args.raw().to_owned())),
        method("cputime", |_, _| {
            let seconds = cpu_seconds().ok_or("cputime is not available on this system")?;
            Ok(format!("{seconds:.3}"))
        }),
    ]
}

fn game<P: Player + 'static>() -> Vec<Command<P>> {
    vec![
        method("boardsize", |s, args| {
            let n = args.integer(0).ok_or("boardsize not an integer")?;
            s.resize(n, n)
        }),
        method("rectangular_boardsize", |s, args| {
            let (Some(cols), Some(rows)) = (args.integer(0), args.integer(1)) else {
                return Err("rectangular_boardsize needs two integers (columns, rows)".into());
            };
            s.resize(cols, rows)
        }),
        query("query_boardsize", |s| {
            let size = s.position.size();
            if size.cols() == size.rows() {
                size.cols().to_string()
            } else {
                format!("{} {}", size.cols(), size.rows())
            }
        }),
        query("clear_board", |s| {
            s.clear(s.position.size());
            String::new()
        }),
        method("komi", Session::komi),
        query("get_komi", |s| format!("{:.1}", s.rules.komi.as_f64())),
        method("play", Session::play),
        method("genmove", |s, args| s.genmove(args, true)),
        method("reg_genmove", |s, args| s.genmove(args, false)),
        method("undo", |s, _| s.undo()),
        method("last_move", |s, _| {
            let (color, mv) = s.position.last_move().ok_or("no previous move known")?;
            Ok(format!("{color} {}", gtp_move(mv)))
        }),
        method("set_random_seed", |s, args| {
            let seed = args.integer(0).ok_or("invalid seed")?;
            // As GNU Go: any integer, negative and huge ones wrapped to 64 bits.
            s.player.set_random_seed(seed as u64);
            Ok(String::new())
        }),
        method("fixed_handicap", |s, args| s.handicap(args, Handicap::Fixed)),
        method("place_free_handicap", |s, args| s.handicap(args, Handicap::Free)),
        method("set_free_handicap", Session::set_free_handicap),
        query("showboard", |s| render::showboard(s.position.board())),
    ]
}

fn time<P: Player + 'static>() -> Vec<Command<P>> {
    vec![
        method("time_settings", Session::time_settings),
        method("time_left", Session::time_left),
        method("kgs-time_settings", Session::kgs_time_settings),
        query("kgs-game_over", |s| {
            s.player.game_over();
            String::new()
        }),
    ]
}

fn files<P: Player + 'static>() -> Vec<Command<P>> {
    vec![
        method("loadsgf", |s, args| s.loadsgf(args.words())),
        method("printsgf", |s, args| s.printsgf(args.words())),
    ]
}

/// GNU Go's analysis commands.
fn analysis<P: Player + 'static>() -> Vec<Command<P>> {
    vec![
        method("countlib", |s, args| {
            let p = s.stone_arg(args)?;
            Ok(s.position.board().liberty_count(p).to_string())
        })
        .analyze(AnalyzeKind::String, "Count Liberties", "%p"),
        method("findlib", |s, args| {
            let p = s.stone_arg(args)?;
            Ok(render::vertex_list(&s.position.board().liberties(p)))
        })
        .analyze(AnalyzeKind::PList, "Find Liberties", "%p"),
        method("color", |s, args| {
            let p = args.point(0, s.position.size())?;
            Ok(match s.position.board().color_at(p) {
                Some(c) => c.to_string(),
                None => "empty".to_owned(),
            })
        })
        .analyze(AnalyzeKind::String, "Color", "%p"),
        method("captures", |s, args| {
            let color = args.color(0)?;
            Ok(s.position.board().captures()[color].to_string())
        })
        .analyze(AnalyzeKind::String, "Captures", "%c"),
        method("list_stones", |s, args| {
            let color = args.color(0)?;
            Ok(render::vertex_list(s.position.board().stones(color)))
        })
        .analyze(AnalyzeKind::PList, "List Stones", "%c"),
        method("all_legal", |s, args| {
            let color = args.color(0)?;
            let position = playable(&s.position);
            let legal: PointSet = position
                .board()
                .empty_points()
                .filter(|&p| position.check_as(color, Move::Play(p)).is_ok())
                .collect();
            Ok(render::vertex_list(&legal))
        })
        .analyze(AnalyzeKind::PList, "All Legal", "%c"),
        method("is_legal", |s, args| {
            let (color, mv) = s.move_args(args)?;
            let legal = playable(&s.position).check_as(color, mv).is_ok();
            Ok(if legal { "1" } else { "0" }.to_owned())
        })
        .analyze(AnalyzeKind::String, "Is Legal", "%c %p"),
        // Newest first, as GNU Go answers.
        query("move_history", |s| {
            let moves = s.position.history().iter().rev().filter_map(|e| match e {
                Event::Move(color, mv) => Some(format!("{color} {}", gtp_move(*mv))),
                Event::Setup(_) => None,
            });
            moves.collect::<Vec<_>>().join("\n")
        })
        .analyze(AnalyzeKind::HString, "Move History", ""),
    ]
}

/// The score and the status of stones at the end of the game.
fn scoring<P: Player + 'static>() -> Vec<Command<P>> {
    let status = |label: &str, arg: &str| (label.to_owned(), arg.to_owned());
    let statuses = [
        status("Final Status Seki", "seki"),
        status("Final Status Dead", "dead"),
        status("Black Territory", "black_territory"),
        status("White Territory", "white_territory"),
        status("Dame", "dame"),
    ];
    let mut final_status_list = method("final_status_list", Session::final_status_list);
    for (label, arg) in &statuses {
        final_status_list = final_status_list.analyze(AnalyzeKind::PList, label, arg);
    }
    vec![
        query("final_score", |s| s.final_score().to_string()).analyze(
            AnalyzeKind::String,
            "Final Score",
            "",
        ),
        final_status_list,
        method("rules", Session::set_rules).analyze(AnalyzeKind::String, "Rules", ""),
    ]
}

/// A move as GNU Go writes it in answers: the vertex, or `PASS`.
pub(super) fn gtp_move(mv: Move) -> String {
    match mv {
        Move::Play(p) => p.to_string(),
        Move::Pass => "PASS".to_owned(),
    }
}

/// The position in which legality is judged: `position`, resumed if two passes ended
/// it.
pub(super) fn playable(position: &Position) -> Cow<'_, Position> {
    if position.is_over() {
        let mut resumed = position.clone();
        resumed.resume();
        Cow::Owned(resumed)
    } else {
        Cow::Borrowed(position)
    }
}

#[derive(Clone, Copy)]
enum Handicap {
    Fixed,
    Free,
}

fn handicap_error(e: HandicapError) -> String {
    match e {
        HandicapError::BoardNotEmpty => "board not empty",
        _ => "invalid handicap",
    }
    .to_owned()
}

/// The processor time of this process, user and system, in seconds (`None` where the
/// system does not say).
pub(crate) fn cpu_seconds() -> Option<f64> {
    #[cfg(unix)]
    {
        let mut usage = core::mem::MaybeUninit::<libc::rusage>::zeroed();
        // SAFETY: `getrusage` writes a `rusage` into the valid, writable pointer it is
        // given and reads nothing else; RUSAGE_SELF is always a valid target.
        if unsafe { libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) } != 0 {
            return None;
        }
        // SAFETY: `getrusage` succeeded, so it initialised the whole struct (and a
        // zeroed `rusage` is a valid value anyway).
        let usage = unsafe { usage.assume_init() };
        let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
        Some(seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }
    #[cfg(not(unix))]
    None
}

impl<P: Player> Session<P> {
    /// `boardsize` and `rectangular_boardsize`: a new game on an empty board.
    fn resize(&mut self, cols: i128, rows: i128) -> CommandResult {
        let size = u32::try_from(cols)
            .ok()
            .zip(u32::try_from(rows).ok())
            .and_then(|(c, r)| BoardSize::new(c, r).ok())
            .ok_or("unacceptable size")?;
        self.clear(size);
        Ok(String::new())
    }

    fn komi(&mut self, args: &Args<'_>) -> CommandResult {
        let arg = args.get(0).ok_or("komi not a float")?;
        let komi: Komi = arg.parse().map_err(|_| {
            if arg.parse::<f64>().is_ok_and(f64::is_finite) {
                "komi must be a multiple of 0.5 below one million".to_owned()
            } else {
                "komi not a float".to_owned()
            }
        })?;
        self.rules = self.rules.with_komi(komi);
        self.position.set_rules(self.rules);
        Ok(String::new())
    }

    fn set_rules(&mut self, args: &Args<'_>) -> CommandResult {
        let Some(name) = args.get(0) else {
            return Ok(crate::analysis::rules_name(&self.rules).to_owned());
        };
        let rules: Rules = name.parse().map_err(|e: go_board::ParseRulesError| e.to_string())?;
        self.rules = rules;
        self.position.set_rules(rules);
        Ok(String::new())
    }

    fn move_args(&self, args: &Args<'_>) -> Result<(Color, Move), String> {
        const ERR: &str = "invalid color or coordinate";
        let (Some(c), Some(v)) = (args.get(0), args.get(1)) else { return Err(ERR.into()) };
        let color: Color = c.parse().map_err(|_| ERR)?;
        let mv = Move::parse_gtp(v, self.position.size()).map_err(|_| ERR)?;
        Ok((color, mv))
    }

    /// A point argument that must hold a stone.
    fn stone_arg(&self, args: &Args<'_>) -> Result<go_board::Point, String> {
        let p = args.point(0, self.position.size())?;
        if self.position.board().color_at(p).is_none() {
            return Err("vertex must not be empty".to_owned());
        }
        Ok(p)
    }

    fn play(&mut self, args: &Args<'_>) -> CommandResult {
        let (color, mv) = self.move_args(args)?;
        playable(&self.position).check_as(color, mv).map_err(|_| "illegal move")?;
        self.play_checked(color, mv)
    }

    /// Plays a move that [`playable`] accepts, resuming a finished game.
    pub(super) fn play_checked(&mut self, color: Color, mv: Move) -> CommandResult {
        if self.position.is_over() {
            self.position.resume();
        }
        self.position.try_play_as(color, mv).map_err(|e| format!("illegal move: {e}"))?;
        Ok(String::new())
    }

    fn genmove(&mut self, args: &Args<'_>, play: bool) -> CommandResult {
        let color = args.color(0)?;
        self.genmove_for(color, play)
    }

    /// Asks the player for a move of `color` (played when `play`): the answer of
    /// `genmove` (`D4`, `PASS` or `resign`).
    pub(super) fn genmove_for(&mut self, color: Color, play: bool) -> CommandResult {
        let decision = self.player.genmove(&playable(&self.position), color, &self.clock);
        self.answer_decision(color, decision, play)
    }

    /// The answer of `genmove` to the player's `decision` for `color` (`D4`, `PASS` or
    /// `resign`): the move is checked legal, and played when `play`.
    pub(super) fn answer_decision(
        &mut self,
        color: Color,
        decision: Decision,
        play: bool,
    ) -> CommandResult {
        let Decision::Play(mv) = decision else { return Ok("resign".to_owned()) };
        playable(&self.position)
            .check_as(color, mv)
            .map_err(|e| format!("the player chose an illegal move {mv}: {e}"))?;
        if play {
            self.play_checked(color, mv)?;
        }
        Ok(gtp_move(mv))
    }

    fn dead_stones(&mut self) -> PointSet {
        let all = *self.position.board().stones(Color::Black)
            | *self.position.board().stones(Color::White);
        self.player.dead_stones(&self.position) & all
    }

    pub(super) fn final_score(&mut self) -> go_board::Score {
        let dead = self.dead_stones();
        self.position.score(&dead)
    }

    /// The stones in seki as go-board's territory counting recognises them, with the
    /// player's dead stones removed first.
    fn seki_stones(&mut self, dead: &PointSet) -> PointSet {
        let mut territory = self.position.clone();
        territory.set_rules(Rules { scoring: Scoring::Territory, ..self.rules });
        territory.score(dead).seki
    }

    fn final_status_list(&mut self, args: &Args<'_>) -> CommandResult {
        let status = args.get(0).ok_or("missing status")?;
        let board = self.position.board().clone();
        let stones = *board.stones(Color::Black) | *board.stones(Color::White);
        let dead = self.dead_stones();
        Ok(match status {
            "dead" => render::chain_lines(&board, &dead),
            "seki" => render::chain_lines(&board, &self.seki_stones(&dead)),
            "alive" => {
                let seki = self.seki_stones(&dead);
                render::chain_lines(&board, &(stones - dead - seki))
            }
            "black_territory" | "white_territory" => {
                let color = if status == "black_territory" { Color::Black } else { Color::White };
                let score = self.position.score(&dead);
                render::vertex_list(&(score.owned[color] - *board.stones(color)))
            }
            "dame" => render::vertex_list(&self.position.score(&dead).neutral),
            _ => return Err("invalid status".to_owned()),
        })
    }

    /// A position to put handicap or setup stones on: the current one if nothing has
    /// happened yet, a new empty one (same size and rules) if only moves without stones
    /// were played (passes); an error if a stone is on the board.
    pub(super) fn empty_game(&self) -> Result<Position, String> {
        let board = self.position.board();
        if board.empty_count() != self.position.size().point_count() {
            return Err("board not empty".to_owned());
        }
        Ok(if self.position.history().is_empty() {
            self.position.clone()
        } else {
            Position::new(self.position.size(), self.rules)
        })
    }

    fn handicap(&mut self, args: &Args<'_>, kind: Handicap) -> CommandResult {
        let n = args.integer(0).ok_or("handicap not an integer")?;
        let mut position = self.empty_game()?;
        let n = u32::try_from(n).map_err(|_| "invalid handicap")?;
        let placed = match kind {
            Handicap::Fixed => position.place_fixed_handicap(n),
            Handicap::Free => position.place_free_handicap(n),
        };
        let stones = placed.map_err(handicap_error)?;
        self.position = position;
        Ok(render::vertex_list(&stones))
    }

    fn set_free_handicap(&mut self, args: &Args<'_>) -> CommandResult {
        let mut position = self.empty_game()?;
        let mut stones = PointSet::EMPTY;
        for i in 0..args.len() {
            let p = args.point(i, self.position.size())?;
            if !stones.insert(p) {
                return Err("repeated vertex".to_owned());
            }
        }
        position.place_handicap(&stones).map_err(handicap_error)?;
        self.position = position;
        Ok(String::new())
    }

    fn time_settings(&mut self, args: &Args<'_>) -> CommandResult {
        let [main, byo, stones] = [0, 1, 2].map(|i| args.integer(i));
        let (Some(main), Some(byo), Some(stones)) = (main, byo, stones) else {
            return Err("not three integers".to_owned());
        };
        let [main, byo, stones] = non_negative([main, byo, stones])?;
        self.clock.settings = Some(TimeSettings::from_gtp(main, byo, stones));
        Ok(String::new())
    }

    /// KGS's `kgs-time_settings none | absolute MAIN | canadian MAIN PERIOD STONES |
    /// byoyomi MAIN PERIOD PERIODS` (kgsGtp's documentation).
    fn kgs_time_settings(&mut self, args: &Args<'_>) -> CommandResult {
        let system = args.get(0).ok_or("missing time system")?;
        let integers = |n: usize| -> Result<Vec<u64>, String> {
            let values: Option<Vec<i128>> = (1..=n).map(|i| args.integer(i)).collect();
            let values = values.ok_or_else(|| format!("{system} needs {n} integers"))?;
            values.into_iter().map(|v| u64::try_from(v).map_err(|_| NEGATIVE.to_owned())).collect()
        };
        let settings = match system.to_ascii_lowercase().as_str() {
            "none" => TimeSettings::Unlimited,
            "absolute" => TimeSettings::Absolute { main_time: integers(1)?[0] },
            "canadian" => {
                let v = integers(3)?;
                if v[2] == 0 {
                    return Err("canadian byo-yomi needs at least one stone".to_owned());
                }
                TimeSettings::Canadian { main_time: v[0], period_time: v[1], stones: v[2] }
            }
            "byoyomi" => {
                let v = integers(3)?;
                if v[2] == 0 {
                    return Err("byo-yomi needs at least one period".to_owned());
                }
                TimeSettings::ByoYomi { main_time: v[0], period_time: v[1], periods: v[2] }
            }
            _ => return Err("unknown time system: none, absolute, canadian or byoyomi".into()),
        };
        self.clock.settings = Some(settings);
        Ok(String::new())
    }

    fn time_left(&mut self, args: &Args<'_>) -> CommandResult {
        let color = args.color(0)?;
        let (Some(time), Some(stones)) = (args.integer(1), args.integer(2)) else {
            return Err("time and stones not two integers".to_owned());
        };
        let left = TimeLeft {
            // A controller may report a negative time when the player is over time.
            seconds: u64::try_from(time).unwrap_or(0),
            stones: u64::try_from(stones).map_err(|_| "negative stones")?,
        };
        self.clock.left[color] = Some(left);
        Ok(String::new())
    }
}

const NEGATIVE: &str = "negative time settings";

fn non_negative<const N: usize>(values: [i128; N]) -> Result<[u64; N], String> {
    let mut out = [0; N];
    for (o, v) in out.iter_mut().zip(values) {
        *o = u64::try_from(v).map_err(|_| NEGATIVE)?;
    }
    Ok(out)
}
