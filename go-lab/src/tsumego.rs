//! `go-lab tsumego`: life-and-death problems with known correct first moves, solved by
//! go-eval's exact solver (or asked of a GTP engine such as GNU Go), the first move
//! compared with the book's.
//!
//! The problems are JSON lines with `AB`, `AW` (SGF points), `SZ`, `C` ("Black to
//! play ...") and `SOL` (the accepted first moves: `[colour, point, ...]`), as in
//! `sanderland/tsumego`. There is no goal in them: the solver frames the stones and
//! finds what the side to play can reach ([`LifeAndDeath::solve_open`]).
//!
//! Each answer is **solved** (proven within the node budget, and its first move is one
//! of the book's), **wrong** (proven, but the first move is not the book's, or the side
//! to play was proven to fail) or **unsolved** (the budget ran out). Every solved
//! answer is re-verified by a second search that owes nothing to the move ordering
//! ([`MoveOrder::Plain`], plain df-pn): after the first move, with the opponent to
//! play, the side to play must still reach the same outcome.
//!
//! **Split.** The problems are split by a hash of their `id` (64-bit FNV-1a of the
//! UTF-8 bytes): one in five (hash mod 5 = 0) is **held out** to measure, the rest is
//! for **development** (tuning the solver and its settings); `--split` picks one part,
//! and every record and row says which part it belongs to.
//!
//! With `--gtp COMMAND` the problems go to a GTP engine instead, with GNU Go's
//! protocol of the reference (`restricted_genmove COLOUR` over the empty points of the
//! stones' bounding box grown by one line): the answer is solved if it is one of the
//! book's moves, unsolved if the engine passes, wrong otherwise.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use go_board::{Board, BoardSize, Color, Move, Point};
use go_engine::output::{CommandError, Stdout};
use go_eval::reading::lnd::{Config, LifeAndDeath, MoveOrder, OpenAnswer};
use go_eval::reading::{Budget, Outcome};
use serde::{Deserialize, Serialize};

use crate::batch::{self, BatchOptions};
use crate::gtp::GtpClient;

/// The name of the experiment, in its records.
pub const NAME: &str = "tsumego";

/// The options of `go-lab tsumego`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The problems: one JSON object per line with `id`, `collection`, `AB`, `AW`,
    /// `SZ`, `C` and `SOL`.
    #[arg(long, value_name = "FILE.jsonl")]
    pub problems: PathBuf,
    /// The node budget of each problem (the search and the goal finding; the
    /// verification has a budget of its own, as large).
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub nodes: u64,
    /// The depth limit of each search, in plies.
    #[arg(long, value_name = "PLIES", default_value_t = 200)]
    pub depth: u16,
    /// Only problems whose collection starts with one of these (such as `1a`);
    /// repeatable.
    #[arg(long, value_name = "PREFIX")]
    pub collection: Vec<String>,
    /// Only problems whose book contains one of these (such as `Cho Chikun`);
    /// repeatable.
    #[arg(long, value_name = "TEXT")]
    pub book: Vec<String>,
    /// Which part of the split by id hash to run (see the module documentation).
    #[arg(long, value_enum, default_value_t = SplitArg::All)]
    pub split: SplitArg,
    /// Only every K-th selected problem (a deterministic subsample).
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub every: usize,
    /// Only the first N selected problems (after --every).
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Lines of margin between the stones' box and the frame's wall.
    #[arg(long, value_name = "LINES", default_value_t = go_eval::reading::lnd::MARGIN)]
    pub margin: u8,
    /// Frame around the defender's reach of this many steps (`none`: by the margin
    /// only; see `go_eval::reading::lnd::frame_reach`).
    #[arg(long, value_name = "STEPS|none", default_value = "2", value_parser = parse_reach)]
    pub reach: Reach,
    /// The solver's move ordering.
    #[arg(long, value_enum, default_value_t = OrderArg::Heuristic)]
    pub order: OrderArg,
    /// ε of df-pn's 1+ε trick.
    #[arg(long, value_name = "EPS", default_value_t = 0.25)]
    pub epsilon: f64,
    /// Print each framed problem (the region's points as `+` when empty) and its answer
    /// on standard error.
    #[arg(long)]
    pub show: bool,
    /// Skip the re-verification of solved answers.
    #[arg(long)]
    pub no_verify: bool,
    /// Ask a GTP engine instead (one process per worker), such as
    /// `/usr/games/gnugo --mode gtp`; the words are split on spaces.
    #[arg(long, value_name = "COMMAND")]
    pub gtp: Option<String>,
    /// Jobs, shard and output form.
    #[command(flatten)]
    pub batch: BatchOptions,
}

/// `--reach`: the frame's reach, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach(pub Option<u8>);

fn parse_reach(text: &str) -> Result<Reach, String> {
    if text == "none" {
        return Ok(Reach(None));
    }
    text.parse().map(|n| Reach(Some(n))).map_err(|e| format!("{text}: {e} (a number or `none`)"))
}

/// `--order`: the solver's move ordering ([`MoveOrder`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OrderArg {
    /// [`MoveOrder::Heuristic`].
    Heuristic,
    /// [`MoveOrder::Eyes`]: the heuristic and the eye spaces' vital points first.
    Eyes,
}

/// `--split`: which part of the problems to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SplitArg {
    /// The development part (id hash mod 5 ≠ 0).
    Dev,
    /// The held-out part (id hash mod 5 = 0).
    HeldOut,
    /// Both.
    All,
}

/// The part of the split a problem belongs to: `"held-out"` when the 64-bit FNV-1a
/// hash of its id is divisible by 5, else `"dev"`.
///
/// # Examples
///
/// ```
/// use go_lab::tsumego::split_of;
/// assert_eq!(split_of(""), "dev"); // FNV-1a of nothing: 0xcbf29ce484222325
/// assert!(["dev", "held-out"].contains(&split_of("1a/Prob0001.json")));
/// ```
pub fn split_of(id: &str) -> &'static str {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in id.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    if h.is_multiple_of(5) { "held-out" } else { "dev" }
}

/// A problem as the JSON lines hold it.
#[derive(Clone, Debug, Deserialize)]
pub struct Problem {
    /// The problem's name.
    pub id: String,
    /// The collection (`1a. Tsumego Beginner`, ...).
    pub collection: String,
    /// The book.
    #[serde(default)]
    pub book: String,
    /// Black stones.
    #[serde(rename = "AB", default)]
    pub black: Vec<String>,
    /// White stones.
    #[serde(rename = "AW", default)]
    pub white: Vec<String>,
    /// The board size (a string or a number).
    #[serde(rename = "SZ", default)]
    pub size: Option<serde_json::Value>,
    /// The comment, "Black to play ...".
    #[serde(rename = "C", default)]
    pub comment: String,
    /// The accepted first moves: `[colour, point, comment, ...]`.
    #[serde(rename = "SOL", default)]
    pub solutions: Vec<Vec<String>>,
}

/// How an answer compares with the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Proven, and the first move is one of the book's.
    Solved,
    /// Proven, but not the book's move (or the side to play was proven to fail); for
    /// an engine, a move that is not the book's.
    Wrong,
    /// Not settled within the budget; for an engine, a pass.
    Unsolved,
}

/// The record of one problem: a line of `--json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Always [`NAME`].
    pub experiment: String,
    /// The number of the problem in the file, from 1.
    pub index: usize,
    /// The problem's name.
    pub id: String,
    /// Its collection.
    pub collection: String,
    /// The part of the split (`dev` or `held-out`, see [`split_of`]).
    #[serde(default)]
    pub split: String,
    /// Who answered: `go-eval` or the GTP command.
    pub engine: String,
    /// The side to play, `B` or `W`.
    pub to_play: String,
    /// The book's first moves (GTP vertices).
    pub expected: Vec<String>,
    /// The first move answered (a GTP vertex or `PASS`), if any.
    pub answer: Option<String>,
    /// The verdict.
    pub verdict: Verdict,
    /// The goal the solver found (`kill` or `live`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<String>,
    /// The solver's outcome code (GNU Go's digits) for the side to play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<u8>,
    /// For an unsolved answer: the solver's most promising first move when the budget
    /// ran out (a guess, not a proof).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guess: Option<String>,
    /// Whether that guess is one of the book's moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guess_correct: Option<bool>,
    /// Whether the re-verification agreed (`None`: not run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verified: Option<bool>,
    /// Nodes used (the solver only).
    pub nodes: u64,
    /// Empty points in the framed region (the solver only).
    #[serde(default)]
    pub region: usize,
    /// Nodes of the re-verification.
    #[serde(default)]
    pub verify_nodes: u64,
    /// Seconds of wall time for the answer (without the re-verification).
    pub seconds: f64,
    /// Why the problem could not be asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// A problem set up: the board, the side to play and the accepted moves.
struct Setup {
    board: Board,
    to_play: Color,
    expected: Vec<Point>,
}

fn setup(problem: &Problem) -> Result<Setup, String> {
    let n = match &problem.size {
        None => 19,
        Some(serde_json::Value::Number(n)) => n.as_u64().unwrap_or(0) as u32,
        Some(serde_json::Value::String(s)) => s.trim().parse().unwrap_or(0),
        Some(other) => return Err(format!("size {other} is not a number")),
    };
    let size = BoardSize::square(n).map_err(|e| e.to_string())?;
    let mut board = Board::new(size);
    for (color, points) in [(Color::Black, &problem.black), (Color::White, &problem.white)] {
        for text in points {
            let p = Point::parse_sgf(text, size).map_err(|e| e.to_string())?;
            board.set_point(p, Some(color)).map_err(|e| format!("{text}: {e}"))?;
        }
    }
    let from_comment = if problem.comment.starts_with("White") {
        Some(Color::White)
    } else if problem.comment.starts_with("Black") {
        Some(Color::Black)
    } else {
        None
    };
    let mut expected = Vec::new();
    let mut from_solution = None;
    for sol in &problem.solutions {
        if let (Some(c), Some(v)) = (sol.first(), sol.get(1)) {
            from_solution.get_or_insert(if c == "W" { Color::White } else { Color::Black });
            if let Ok(p) = Point::parse_sgf(v, size) {
                expected.push(p);
            }
        }
    }
    let to_play = from_comment.or(from_solution).ok_or("no side to play")?;
    if expected.is_empty() {
        return Err("no accepted first move".to_owned());
    }
    Ok(Setup { board, to_play, expected })
}

fn letter(c: Color) -> String {
    if c == Color::Black { "B".into() } else { "W".into() }
}

/// The record of a problem before it is asked.
fn blank(index: usize, problem: &Problem, engine: &str) -> Record {
    Record {
        experiment: NAME.into(),
        index,
        id: problem.id.clone(),
        collection: problem.collection.clone(),
        split: split_of(&problem.id).into(),
        engine: engine.into(),
        to_play: String::new(),
        expected: Vec::new(),
        answer: None,
        verdict: Verdict::Unsolved,
        goal: None,
        outcome: None,
        guess: None,
        guess_correct: None,
        verified: None,
        nodes: 0,
        region: 0,
        verify_nodes: 0,
        seconds: 0.0,
        error: None,
    }
}

/// Solves one problem with go-eval.
fn solve(index: usize, problem: &Problem, args: &Args) -> Record {
    let mut record = blank(index, problem, "go-eval");
    let s = match setup(problem) {
        Ok(s) => s,
        Err(e) => {
            record.error = Some(e);
            return record;
        }
    };
    record.to_play = letter(s.to_play);
    record.expected = s.expected.iter().map(|p| p.to_string()).collect();
    let solver = LifeAndDeath::new(Config {
        frame_margin: args.margin,
        frame_reach: args.reach.0,
        epsilon: args.epsilon,
        order: match args.order {
            OrderArg::Heuristic => MoveOrder::Heuristic,
            OrderArg::Eyes => MoveOrder::Eyes,
        },
        ..Config::default()
    });
    let budget = Budget::new(args.nodes, args.depth);
    let started = Instant::now();
    let open = solver.solve_open(&s.board, s.to_play, None, budget, false);
    record.seconds = started.elapsed().as_secs_f64();
    let open = match open {
        Ok(open) => open,
        Err(e) => {
            record.error = Some(e.to_string());
            return record;
        }
    };
    let answer = open.moves.solution.answer;
    record.nodes = open.nodes;
    let framed = &open.frame.problem;
    record.region = (framed.region() & framed.board().empty_set()).len();
    record.goal = Some(format!("{:?}", open.goal).to_lowercase());
    record.outcome = Some(answer.outcome.gtp_code());
    record.answer = answer.point.map(|m| m.to_string());
    if args.show {
        eprintln!("{}\n{}", problem.id, show(framed));
        eprintln!(
            "goal {:?}, answer {:?} (GTP {}{}), book {:?}, nodes {}\n",
            open.goal,
            record.answer,
            answer.outcome.gtp_code(),
            if answer.certain { "" } else { ", cut by the budget" },
            record.expected,
            record.nodes
        );
    }
    record.verdict = if !answer.certain {
        Verdict::Unsolved
    } else {
        match answer.point {
            Some(Move::Play(p)) if answer.outcome.is_success() && s.expected.contains(&p) => {
                Verdict::Solved
            }
            _ => Verdict::Wrong,
        }
    };
    if record.verdict == Verdict::Unsolved
        && let Some(guess) = open.moves.solution.guess
    {
        record.guess = Some(guess.to_string());
        record.guess_correct = Some(matches!(guess, Move::Play(p) if s.expected.contains(&p)));
    }
    if record.verdict == Verdict::Solved && !args.no_verify {
        let (ok, nodes) = verify(&open, s.to_play, budget);
        record.verified = ok;
        record.verify_nodes = nodes;
    }
    record
}

/// The framed problem's corner with the stones and the region (`+` on its empty
/// points), from the top row down.
fn show(problem: &go_eval::reading::lnd::Problem) -> String {
    let board = problem.board();
    let size = board.size();
    let region = problem.region();
    let (mut right, mut bottom) = (0, size.rows());
    for p in region {
        right = right.max(p.col());
        bottom = bottom.min(p.row());
    }
    let mut text = String::new();
    for row in (bottom.saturating_sub(1)..size.rows()).rev() {
        for col in 0..=(right + 1).min(size.cols() - 1) {
            let p = Point::must(col, row, size);
            text.push(match board.color_at(p) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None if region.contains(p) => '+',
                None => '.',
            });
            text.push(' ');
        }
        text.push('\n');
    }
    text
}

/// Re-verifies a proven answer with plain df-pn and no move ordering: after the first
/// move, the side to play must still reach the same outcome (`None`: the budget ran
/// out).
fn verify(open: &OpenAnswer, to_play: Color, budget: Budget) -> (Option<bool>, u64) {
    let answer = open.moves.solution.answer;
    let Some(first) = answer.point else { return (Some(false), 0) };
    let problem = &open.frame.problem;
    let after = match problem.after(to_play, first) {
        Ok(p) => p,
        // The move captured the whole target: a kill, nothing more to verify.
        Err(_) => return (Some(answer.outcome == Outcome::Win), 0),
    };
    let plain =
        LifeAndDeath::new(Config { order: MoveOrder::Plain, epsilon: 0.0, ..Config::default() });
    let check = plain.solve(&after, open.goal, to_play.opponent(), budget);
    let ok = check.answer.certain.then_some(check.answer.outcome == answer.outcome);
    (ok, check.answer.nodes)
}

/// The empty points of the stones' bounding box grown by one line.
fn box_plus_one(board: &Board) -> Vec<Point> {
    let size = board.size();
    let stones = *board.stones(Color::Black) | *board.stones(Color::White);
    let (mut l, mut b, mut r, mut t) = (u8::MAX, u8::MAX, 0, 0);
    for p in stones {
        l = l.min(p.col());
        r = r.max(p.col());
        b = b.min(p.row());
        t = t.max(p.row());
    }
    let mut out = Vec::new();
    for p in size.points() {
        let inside = p.col() + 1 >= l && p.col() <= r + 1 && p.row() + 1 >= b && p.row() <= t + 1;
        if inside && board.is_empty_at(p) {
            out.push(p);
        }
    }
    out
}

/// Asks one problem of the engine.
fn ask(index: usize, problem: &Problem, engine: &mut GtpClient, name: &str) -> Record {
    let mut record = blank(index, problem, name);
    let s = match setup(problem) {
        Ok(s) => s,
        Err(e) => {
            record.error = Some(e);
            return record;
        }
    };
    record.to_play = letter(s.to_play);
    record.expected = s.expected.iter().map(|p| p.to_string()).collect();
    let color = if s.to_play == Color::Black { "black" } else { "white" };
    let mut run = || -> Result<String, crate::gtp::GtpError> {
        engine.ask(&format!("boardsize {}", s.board.size().cols()))?;
        engine.ask("clear_board")?;
        for c in Color::ALL {
            let word = if c == Color::Black { "black" } else { "white" };
            for p in s.board.stones(c) {
                engine.ask(&format!("play {word} {p}"))?;
            }
        }
        let allowed: Vec<String> = box_plus_one(&s.board).iter().map(|p| p.to_string()).collect();
        let started = Instant::now();
        let answer = engine.ask(&format!("restricted_genmove {color} {}", allowed.join(" ")))?;
        record.seconds = started.elapsed().as_secs_f64();
        Ok(answer)
    };
    match run() {
        Ok(answer) => {
            let answer = answer.to_uppercase();
            record.verdict = if answer == "PASS" {
                Verdict::Unsolved
            } else if record.expected.contains(&answer) {
                Verdict::Solved
            } else {
                Verdict::Wrong
            };
            record.answer = Some(answer);
        }
        Err(e) => record.error = Some(e.to_string()),
    }
    record
}

/// A row of the table: the problems of one collection.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// Who answered.
    pub engine: String,
    /// The part of the split (`dev`, `held-out`).
    pub split: String,
    /// The collection (or `all`).
    pub collection: String,
    /// Problems asked.
    pub problems: usize,
    /// Solved (proven and the book's move).
    pub solved: usize,
    /// Wrong.
    pub wrong: usize,
    /// Unsolved.
    pub unsolved: usize,
    /// Unsolved, but the solver's guess (its most promising move when the budget ran
    /// out) is one of the book's moves.
    #[serde(default)]
    pub guessed: usize,
    /// Solved answers re-verified.
    pub verified: usize,
    /// Solved answers whose re-verification disagreed.
    pub verify_failed: usize,
    /// Mean nodes per problem.
    pub mean_nodes: f64,
    /// Median nodes per problem.
    pub median_nodes: u64,
    /// Mean seconds per problem.
    pub mean_seconds: f64,
    /// The longest time of a problem, in seconds.
    pub max_seconds: f64,
    /// Problems that could not be asked.
    pub errors: usize,
}

/// Adds up records, by engine, part of the split and collection (the part of its name
/// before the first dot, such as `1a`), with an `all` row per engine and part.
///
/// # Errors
///
/// The same problem is recorded twice for one engine (a shard merged twice).
pub fn summarize(records: &[Record]) -> Result<Vec<Row>, String> {
    let mut seen = std::collections::BTreeSet::new();
    let mut rows: BTreeMap<(String, String, String), (Row, Vec<u64>)> = BTreeMap::new();
    for r in records {
        if !seen.insert((r.engine.clone(), r.index)) {
            return Err(format!("problem {} ({}) is recorded twice", r.index, r.id));
        }
        let short = r.collection.split('.').next().unwrap_or("").to_owned();
        let split = if r.split.is_empty() { split_of(&r.id).to_owned() } else { r.split.clone() };
        for key in [short, "all".to_owned()] {
            let (row, nodes) =
                rows.entry((r.engine.clone(), split.clone(), key.clone())).or_insert_with(|| {
                    let row = Row {
                        engine: r.engine.clone(),
                        split: split.clone(),
                        collection: key.clone(),
                        ..Row::default()
                    };
                    (row, Vec::new())
                });
            if r.error.is_some() {
                row.errors += 1;
                continue;
            }
            row.problems += 1;
            match r.verdict {
                Verdict::Solved => row.solved += 1,
                Verdict::Wrong => row.wrong += 1,
                Verdict::Unsolved => row.unsolved += 1,
            }
            if r.guess_correct == Some(true) {
                row.guessed += 1;
            }
            match r.verified {
                Some(true) => row.verified += 1,
                Some(false) => row.verify_failed += 1,
                None => {}
            }
            row.mean_nodes += r.nodes as f64;
            row.mean_seconds += r.seconds;
            row.max_seconds = row.max_seconds.max(r.seconds);
            nodes.push(r.nodes);
        }
    }
    let mut out = Vec::new();
    for (mut row, mut nodes) in rows.into_values() {
        let n = row.problems.max(1) as f64;
        row.mean_nodes /= n;
        row.mean_seconds /= n;
        nodes.sort_unstable();
        row.median_nodes = nodes.get(nodes.len() / 2).copied().unwrap_or(0);
        out.push(row);
    }
    Ok(out)
}

/// Prints the table.
///
/// # Errors
///
/// Writing fails.
pub fn print_table(
    out: &mut impl Write,
    rows: &[Row],
    seconds: Option<f64>,
) -> std::io::Result<()> {
    writeln!(
        out,
        "{:<24} {:<8} {:<4} {:>5} {:>6} {:>6} {:>6} {:>8} {:>6} {:>7} {:>9} {:>9} {:>9} {:>8} {:>8}",
        "engine",
        "split",
        "coll",
        "n",
        "solved",
        "wrong",
        "unsolv",
        "correct%",
        "guess+",
        "first%",
        "verified",
        "nodes",
        "med.nodes",
        "ms",
        "max ms"
    )?;
    for r in rows {
        let pct = 100.0 * r.solved as f64 / r.problems.max(1) as f64;
        let first = 100.0 * (r.solved + r.guessed) as f64 / r.problems.max(1) as f64;
        let verified = format!("{}/{}", r.verified, r.verified + r.verify_failed);
        writeln!(
            out,
            "{:<24} {:<8} {:<4} {:>5} {:>6} {:>6} {:>6} {:>7.1}% {:>6} {:>6.1}% {:>9} {:>9.0} {:>9} {:>8.1} {:>8.0}",
            r.engine.chars().take(24).collect::<String>(),
            r.split,
            r.collection,
            r.problems,
            r.solved,
            r.wrong,
            r.unsolved,
            pct,
            r.guessed,
            first,
            verified,
            r.mean_nodes,
            r.median_nodes,
            1000.0 * r.mean_seconds,
            1000.0 * r.max_seconds
        )?;
        if r.errors > 0 {
            writeln!(out, "  ({} problems could not be asked)", r.errors)?;
        }
    }
    if let Some(s) = seconds {
        writeln!(out, "wall time {s:.1} s")?;
    }
    Ok(())
}

/// Reads the problems file.
fn read_problems(args: &Args) -> Result<Vec<(usize, Problem)>, CommandError> {
    let name = args.problems.display();
    let file = std::fs::File::open(&args.problems)
        .map_err(|e| CommandError::Failed(format!("{name}: {e}")))?;
    let mut problems = Vec::new();
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| CommandError::Failed(format!("{name}:{}: {e}", i + 1)))?;
        if line.trim().is_empty() {
            continue;
        }
        let p: Problem = serde_json::from_str(&line)
            .map_err(|e| CommandError::Failed(format!("{name}:{}: {e}", i + 1)))?;
        let split_ok = match args.split {
            SplitArg::All => true,
            SplitArg::Dev => split_of(&p.id) == "dev",
            SplitArg::HeldOut => split_of(&p.id) == "held-out",
        };
        if split_ok
            && (args.collection.is_empty()
                || args.collection.iter().any(|c| p.collection.starts_with(c.as_str())))
            && (args.book.is_empty() || args.book.iter().any(|b| p.book.contains(b.as_str())))
        {
            problems.push((i + 1, p));
        }
    }
    let problems: Vec<(usize, Problem)> = problems
        .into_iter()
        .step_by(args.every.max(1))
        .take(args.limit.unwrap_or(usize::MAX))
        .collect();
    if problems.is_empty() {
        return Err(format!("{name}: no problem selected").into());
    }
    Ok(problems)
}

/// Runs the experiment on the problems of the shard and writes the records (`--json`)
/// or the table.
///
/// # Errors
///
/// The problems cannot be read or none is selected, the engine cannot be started, or
/// writing fails.
pub fn run(args: &Args, out: &mut Stdout) -> Result<ExitCode, CommandError> {
    let problems = read_problems(args)?;
    let problems: Vec<(usize, Problem)> = args.batch.shard.select(problems).collect();
    let pool = batch::pool(args.batch.jobs)?;
    let engines: Mutex<Vec<GtpClient>> = Mutex::new(Vec::new());
    if let Some(command) = &args.gtp {
        // Fail early if the engine does not start.
        let engine = GtpClient::start(command).map_err(|e| e.to_string())?;
        engines.lock().unwrap_or_else(|e| e.into_inner()).push(engine);
    }
    let started = Instant::now();
    let mut records = Vec::new();
    batch::run_ordered(
        &pool,
        &problems,
        |(_, p)| p.id.clone(),
        |(i, p)| match &args.gtp {
            None => solve(*i, p, args),
            Some(command) => {
                let taken = engines.lock().unwrap_or_else(|e| e.into_inner()).pop();
                let mut engine = match taken.map_or_else(|| GtpClient::start(command), Ok) {
                    Ok(e) => e,
                    Err(e) => {
                        let mut r = blank(*i, p, command);
                        r.error = Some(e.to_string());
                        return r;
                    }
                };
                let record = ask(*i, p, &mut engine, command);
                // An engine stopped by a failure (timeout, crash) is replaced by a new
                // one for the next problem.
                if engine.is_usable() {
                    engines.lock().unwrap_or_else(|e| e.into_inner()).push(engine);
                }
                record
            }
        },
        |_, record| {
            if args.batch.json {
                batch::write_json_line(out, &record)?;
                out.flush()?;
            }
            records.push(record);
            Ok(())
        },
    )?;
    if !args.batch.json {
        let rows = summarize(&records)?;
        print_table(out, &rows, Some(started.elapsed().as_secs_f64()))?;
    }
    Ok(ExitCode::SUCCESS)
}
