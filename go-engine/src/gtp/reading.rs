//! The reading commands of the GTP session, with GNU Go 3.8's names, arguments and
//! answers, so that GNU Go's regression suites run unchanged.
//!
//! - Tactics: `attack`, `defend`, `attack_either`, `defend_both`, `does_attack`,
//!   `does_defend`, `ladder_attack`; the GoGui analyze entry `gogui-ladder` (a `var`)
//!   shows the main line of the ladder on a chain, the hunter moving first.
//! - Connections: `connect`, `disconnect`, `break_in`, `block_off`.
//! - Combinations: `combination_attack COLOR` (the move, or `PASS` when there is none)
//!   and `combination_defend COLOR` (the opponent's moves that prevent every
//!   combination of `COLOR`, or `PASS` when `COLOR` has none).
//! - Set-up for regression tests: GTP version 1's `black` and `white` (`play` for one
//!   colour), `trymove`, `tryko`, `popgo`, `increase_depths`,
//!   `decrease_depths`, `clear_cache`, `report_uncertainty`, and the node counters
//!   `reset_/get_reading_node_counter`, `..._connection_...`, `..._owl_...` (owl nodes
//!   stay 0 until an owl reader exists).
//!
//! Every reader's state lives in one [`ReadingState`] owned by the session
//! ([`Session::reading`]): settings, buffers, the depth offset and the node counters.
//!
//! # Adding a reading command
//!
//! Write the handler next to the others (a module of its own for a new reader, e.g.
//! `owl.rs`), take the board from `session.position().board()` (clone it: readers play
//! and take back moves), the budget from [`ReadingState::budget`] (depths shifted by
//! `increase_depths`), add the nodes used to the matching counter of
//! [`ReadingState::counters`], answer with the reader's [`Answer`] (its `Display` is GNU
//! Go's `code [move]`), and register the command in that module's `commands()` list,
//! which `Commands::standard` extends.

use go_board::{Board, Color, IllegalMove, Move, Point, PointSet, Position, Setup};
use go_eval::reading::combination::Combinations;
use go_eval::reading::connect::{Connection, ConnectionScratch};
use go_eval::reading::ladder::{Ladder, LadderScratch};
use go_eval::reading::tactics::{Scratch, Tactics};
use go_eval::reading::{Answer, Budget};

use super::Session;
use super::command::{AnalyzeKind, Args, Command, CommandResult};
use crate::player::Player;

/// Node counters of the readers, for GNU Go's `get_*_node_counter` commands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NodeCounters {
    /// Tactical reading nodes (`attack`, `defend`, ladders, ...).
    pub reading: u64,
    /// Connection reading nodes (`connect`, `disconnect`, `break_in`, `block_off`).
    pub connection: u64,
    /// Owl (dragon life-and-death) nodes.
    pub owl: u64,
}

/// The reading state of a session: the tactical reader and its buffers, the depth
/// offset of `increase_depths`/`decrease_depths`, the node counters, whether owl
/// answers report uncertainty, and the positions saved by `trymove`/`tryko`.
#[derive(Debug)]
pub struct ReadingState {
    /// The tactical reader.
    pub tactics: Tactics,
    /// The tactical reader's buffers.
    pub scratch: Scratch,
    /// The ladder reader.
    pub ladder: Ladder,
    /// The ladder reader's stack.
    pub ladder_scratch: LadderScratch,
    /// The combination reader (it uses the tactical reader's buffers).
    pub combinations: Combinations,
    /// The connection reader.
    pub connection: Connection,
    /// The connection reader's buffers.
    pub connection_scratch: ConnectionScratch,
    /// Plies added to every reader's depths (`increase_depths` adds one).
    pub depth_offset: i32,
    /// Nodes used since the counters were reset.
    pub counters: NodeCounters,
    /// Whether owl answers end with ` uncertain` when a budget decided them.
    pub report_uncertainty: bool,
    /// The positions before each `trymove`/`tryko` still on the stack.
    trials: Vec<Position>,
}

/// The largest depth offset `increase_depths` reaches (and the most negative one
/// `decrease_depths` reaches is its opposite).
pub const MAX_DEPTH_OFFSET: i32 = 64;

impl Default for ReadingState {
    fn default() -> ReadingState {
        ReadingState {
            tactics: Tactics::default(),
            scratch: Scratch::new(),
            ladder: Ladder::new(),
            ladder_scratch: LadderScratch::new(),
            combinations: Combinations::default(),
            connection: Connection::new(),
            connection_scratch: ConnectionScratch::new(),
            depth_offset: 0,
            counters: NodeCounters::default(),
            report_uncertainty: false,
            trials: Vec::new(),
        }
    }
}

impl ReadingState {
    /// The tactical budget: [`Tactics::BUDGET`] with the depth offset.
    pub fn budget(&self) -> Budget {
        shifted(Tactics::BUDGET, self.depth_offset)
    }

    /// The connection budget: [`Connection::BUDGET`] with the depth offset.
    pub fn connection_budget(&self) -> Budget {
        shifted(Connection::BUDGET, self.depth_offset)
    }

    /// The number of trial moves (`trymove`/`tryko`) on the stack.
    pub fn trial_moves(&self) -> usize {
        self.trials.len()
    }
}

/// `budget` with its depth moved by `offset` plies (at least 1).
pub fn shifted(budget: Budget, offset: i32) -> Budget {
    if offset >= 0 {
        budget.deeper(offset.unsigned_abs() as u16)
    } else {
        budget.shallower(offset.unsigned_abs() as u16)
    }
}

/// The commands of this module.
pub(super) fn commands<P: Player + 'static>() -> Vec<Command<P>> {
    vec![
        Command::new("attack", |s: &mut Session<P>, a: &Args<'_>| {
            let t = stone(s, a, 0)?;
            Ok(tactical(s, |tactics, board, budget, scratch| {
                tactics.attack(board, t, budget, scratch)
            })
            .to_string())
        }),
        Command::new("defend", |s: &mut Session<P>, a: &Args<'_>| {
            let t = stone(s, a, 0)?;
            Ok(tactical(s, |tactics, board, budget, scratch| {
                tactics.defend(board, t, budget, scratch)
            })
            .to_string())
        }),
        Command::new("attack_either", |s: &mut Session<P>, a: &Args<'_>| {
            let (x, y) = same_color_pair(s, a)?;
            Ok(tactical(s, |tactics, board, budget, scratch| {
                tactics.attack_either(board, x, y, budget, scratch)
            })
            .outcome
            .to_string())
        }),
        Command::new("defend_both", |s: &mut Session<P>, a: &Args<'_>| {
            let (x, y) = same_color_pair(s, a)?;
            Ok(tactical(s, |tactics, board, budget, scratch| {
                tactics.defend_both(board, x, y, budget, scratch)
            })
            .outcome
            .to_string())
        }),
        Command::new("does_attack", |s: &mut Session<P>, a: &Args<'_>| {
            let (m, t) = move_and_stone(s, a)?;
            Ok(tactical(s, |tactics, board, budget, scratch| {
                tactics.does_attack(board, m, t, budget, scratch)
            })
            .outcome
            .to_string())
        }),
        Command::new("does_defend", |s: &mut Session<P>, a: &Args<'_>| {
            let (m, t) = move_and_stone(s, a)?;
            Ok(tactical(s, |tactics, board, budget, scratch| {
                tactics.does_defend(board, m, t, budget, scratch)
            })
            .outcome
            .to_string())
        }),
        Command::new("ladder_attack", |s: &mut Session<P>, a: &Args<'_>| {
            let t = stone(s, a, 0)?;
            if s.position.board().liberty_count(t) != 2 {
                return Err("string must have exactly 2 liberties".to_owned());
            }
            let mut board = s.position.board().clone();
            let state = &mut s.reading;
            let answer = state.ladder.capture(&mut board, t, &mut state.ladder_scratch);
            state.counters.reading += answer.nodes;
            Ok(answer.to_string())
        }),
        Command::new("gogui-ladder", |s: &mut Session<P>, a: &Args<'_>| {
            let t = stone(s, a, 0)?;
            let mut board = s.position.board().clone();
            let state = &mut s.reading;
            let line = state.ladder.line(&mut board, t, &mut state.ladder_scratch);
            let moves: Vec<String> = line
                .iter()
                .map(|(c, p)| format!("{} {p}", if *c == Color::Black { 'B' } else { 'W' }))
                .collect();
            Ok(moves.join(" "))
        })
        .analyze(AnalyzeKind::Var, "Ladder", "%p"),
        Command::new("connect", |s: &mut Session<P>, a: &Args<'_>| {
            let (x, y) = same_color_pair(s, a)?;
            Ok(connection(s, |c, board, budget, scratch| c.connect(board, x, y, budget, scratch))
                .to_string())
        }),
        Command::new("disconnect", |s: &mut Session<P>, a: &Args<'_>| {
            let (x, y) = same_color_pair(s, a)?;
            Ok(connection(s, |c, board, budget, scratch| {
                c.disconnect(board, x, y, budget, scratch)
            })
            .to_string())
        }),
        Command::new("break_in", |s: &mut Session<P>, a: &Args<'_>| {
            let (x, area) = stone_and_area(s, a)?;
            Ok(connection(s, |c, board, budget, scratch| {
                c.break_in(board, x, &area, budget, scratch)
            })
            .to_string())
        }),
        Command::new("block_off", |s: &mut Session<P>, a: &Args<'_>| {
            let (x, area) = stone_and_area(s, a)?;
            Ok(connection(s, |c, board, budget, scratch| {
                c.block_off(board, x, &area, budget, scratch)
            })
            .to_string())
        }),
        Command::new("combination_attack", |s: &mut Session<P>, a: &Args<'_>| {
            let color = color_arg(a)?;
            let mut board = s.position.board().clone();
            let state = &mut s.reading;
            let budget = shifted(Combinations::BUDGET, state.depth_offset);
            let answer = state.combinations.attack(&mut board, color, budget, &mut state.scratch);
            state.counters.reading += answer.nodes;
            Ok(match answer.point {
                Some(Move::Play(p)) if answer.outcome.is_success() => p.to_string(),
                _ => "PASS".to_owned(),
            })
        }),
        Command::new("combination_defend", |s: &mut Session<P>, a: &Args<'_>| {
            let color = color_arg(a)?;
            let mut board = s.position.board().clone();
            let state = &mut s.reading;
            let budget = shifted(Combinations::DEFENCE_BUDGET, state.depth_offset);
            let defences =
                state.combinations.defences(&mut board, color, budget, &mut state.scratch);
            state.counters.reading += defences.nodes;
            if defences.moves.is_empty() {
                return Ok("PASS".to_owned());
            }
            let moves: Vec<String> = defences.moves.iter().map(Point::to_string).collect();
            Ok(moves.join(" "))
        }),
        Command::new("trymove", |s: &mut Session<P>, a: &Args<'_>| trial(s, a, false)),
        play_as("black", Color::Black),
        play_as("white", Color::White),
        Command::new("tryko", |s: &mut Session<P>, a: &Args<'_>| trial(s, a, true)),
        Command::new("popgo", |s: &mut Session<P>, _: &Args<'_>| {
            let position = s.reading.trials.pop().ok_or("Stack empty.")?;
            s.set_position(position);
            Ok(String::new())
        }),
        Command::new("increase_depths", |s: &mut Session<P>, _: &Args<'_>| {
            s.reading.depth_offset = (s.reading.depth_offset + 1).min(MAX_DEPTH_OFFSET);
            Ok(String::new())
        }),
        Command::new("decrease_depths", |s: &mut Session<P>, _: &Args<'_>| {
            s.reading.depth_offset = (s.reading.depth_offset - 1).max(-MAX_DEPTH_OFFSET);
            Ok(String::new())
        }),
        Command::new("clear_cache", |s: &mut Session<P>, _: &Args<'_>| {
            // Every question starts with an empty table; this also frees a table that
            // grew for a large question.
            s.reading.scratch = Scratch::new();
            Ok(String::new())
        }),
        Command::new("report_uncertainty", |s: &mut Session<P>, a: &Args<'_>| {
            s.reading.report_uncertainty = match a.get(0) {
                Some("on") => true,
                Some("off") => false,
                _ => return Err("invalid argument".to_owned()),
            };
            Ok(String::new())
        }),
    ]
    .into_iter()
    .chain(counter("reading", |c| &mut c.reading))
    .chain(counter("connection", |c| &mut c.connection))
    .chain(counter("owl", |c| &mut c.owl))
    .collect()
}

/// GTP version 1's `black VERTEX` and `white VERTEX`: `play` for one colour (GNU Go's
/// suites still use them to set up positions).
fn play_as<P: Player + 'static>(name: &'static str, color: Color) -> Command<P> {
    Command::new(name, move |s: &mut Session<P>, a: &Args<'_>| {
        let v = a.get(0).ok_or("invalid color or coordinate")?;
        let line = format!("play {color} {v}");
        match s.execute(&line) {
            Some(r) if r.is_success() => Ok(String::new()),
            Some(r) => Err(r.text().to_owned()),
            None => Err("invalid color or coordinate".to_owned()),
        }
    })
}

/// `reset_NAME_node_counter` and `get_NAME_node_counter`.
fn counter<P: Player + 'static>(
    name: &'static str,
    field: fn(&mut NodeCounters) -> &mut u64,
) -> Vec<Command<P>> {
    vec![
        Command::new(format!("reset_{name}_node_counter"), move |s: &mut Session<P>, _| {
            *field(&mut s.reading.counters) = 0;
            Ok(String::new())
        }),
        Command::new(format!("get_{name}_node_counter"), move |s: &mut Session<P>, _| {
            Ok(field(&mut s.reading.counters).to_string())
        }),
    ]
}

/// Runs a tactical question on a copy of the board and counts its nodes.
fn tactical<P: Player>(
    s: &mut Session<P>,
    ask: impl FnOnce(&Tactics, &mut Board, Budget, &mut Scratch) -> Answer,
) -> Answer {
    let mut board = s.position.board().clone();
    let state = &mut s.reading;
    let budget = state.budget();
    let answer = ask(&state.tactics, &mut board, budget, &mut state.scratch);
    state.counters.reading += answer.nodes;
    answer
}

/// Runs a connection question on a copy of the board and counts its nodes.
fn connection<P: Player>(
    s: &mut Session<P>,
    ask: impl FnOnce(&Connection, &mut Board, Budget, &mut ConnectionScratch) -> Answer,
) -> Answer {
    let mut board = s.position.board().clone();
    let state = &mut s.reading;
    let budget = state.connection_budget();
    let answer = ask(&state.connection, &mut board, budget, &mut state.connection_scratch);
    state.counters.connection += answer.nodes;
    answer
}

/// A stone (argument 0) and the area of the following arguments.
fn stone_and_area<P: Player>(s: &Session<P>, a: &Args<'_>) -> Result<(Point, PointSet), String> {
    let x = stone(s, a, 0)?;
    let mut area = PointSet::EMPTY;
    for i in 1..a.len() {
        area.insert(a.point(i, s.position.size())?);
    }
    Ok((x, area))
}

/// The `i`-th argument as a point with a stone on it.
pub(super) fn stone<P: Player>(s: &Session<P>, a: &Args<'_>, i: usize) -> Result<Point, String> {
    let p = a.point(i, s.position.size())?;
    if s.position.board().color_at(p).is_none() {
        return Err("vertex must not be empty".to_owned());
    }
    Ok(p)
}

/// Two stones of one colour (arguments 0 and 1).
pub(super) fn same_color_pair<P: Player>(
    s: &Session<P>,
    a: &Args<'_>,
) -> Result<(Point, Point), String> {
    let (x, y) = (stone(s, a, 0)?, stone(s, a, 1)?);
    let board = s.position.board();
    if board.color_at(x) != board.color_at(y) {
        return Err("vertices must have same color".to_owned());
    }
    Ok((x, y))
}

/// A colour (argument 0).
fn color_arg(a: &Args<'_>) -> Result<Color, String> {
    a.get(0).and_then(|c| c.parse().ok()).ok_or_else(|| "invalid color".to_owned())
}

/// An empty point (argument 0) and a stone (argument 1).
pub(super) fn move_and_stone<P: Player>(
    s: &Session<P>,
    a: &Args<'_>,
) -> Result<(Point, Point), String> {
    let m = a.point(0, s.position.size())?;
    let t = stone(s, a, 1)?;
    if !s.position.board().is_empty_at(m) {
        return Err("move vertex must be empty".to_owned());
    }
    Ok((m, t))
}

/// `trymove COLOR VERTEX` / `tryko COLOR VERTEX`: plays a trial move (a ko capture
/// banned by the ko rule too, for `tryko`), saving the position for `popgo`.
fn trial<P: Player>(s: &mut Session<P>, a: &Args<'_>, ko: bool) -> CommandResult {
    let bad = || "invalid color or coordinate".to_owned();
    let color: Color = a.get(0).and_then(|c| c.parse().ok()).ok_or_else(bad)?;
    let mv = a.get(1).and_then(|v| Move::parse_gtp(v, s.position.size()).ok()).ok_or_else(bad)?;
    let before = s.position.clone();
    let mut position = before.clone();
    let mut played = position.try_play_as(color, mv);
    if played == Err(IllegalMove::GameOver) {
        position.resume();
        played = position.try_play_as(color, mv);
    }
    match (played, mv) {
        (Ok(()), _) => {}
        // The simple ko rule is the only ko rule of reading (as in GNU Go): a move that
        // only superko forbids, or a ko capture by `tryko`, goes on as a setup change
        // (the stone on, the captured stones off; no ko ban is kept).
        (Err(e), Move::Play(p)) if e == IllegalMove::Superko || (ko && e == IllegalMove::Ko) => {
            let board = position.board();
            let captured: PointSet = p
                .neighbours(board.size())
                .filter(|&n| board.color_at(n) == Some(!color) && board.liberty_count(n) == 1)
                .map(|n| board.chain_stones(n))
                .fold(PointSet::EMPTY, |all, chain| all | chain);
            let stone = PointSet::from_iter([p]);
            let setup = match color {
                Color::Black => Setup { black: stone, white: PointSet::EMPTY, empty: captured },
                Color::White => Setup { black: PointSet::EMPTY, white: stone, empty: captured },
            };
            position.setup(setup).map_err(|_| "illegal move".to_owned())?;
            position.set_to_move(!color);
        }
        (Err(_), _) => return Err("illegal move".to_owned()),
    }
    s.reading.trials.push(before);
    s.set_position(position);
    Ok(String::new())
}
