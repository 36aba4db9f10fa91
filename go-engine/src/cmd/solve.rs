//! `go-engine solve`: a life-and-death problem in, the status, every correct first move
//! with its main line, and the nodes used out.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use go_board::sgf::{self, GameRecord, ReadLimits};
use go_board::{Color, Move, Status};
use go_engine::output::CommandError;
use go_eval::reading::lnd::{Config, Goal, LifeAndDeath, OpenAnswer, StatusReport};
use go_eval::reading::{Budget, Outcome};
use serde::Serialize;

/// The options of `go-engine solve` (its help text is the doc comment of
/// `Command::Solve` in `main.rs`).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The problem: an SGF file (`-` for standard input) whose setup (`AB`, `AW`) is the
    /// position; the side to play is `PL`, else the colour of the first move, else
    /// Black. Only regular files (and standard input) of at most 64 MiB are read.
    file: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// The goal of the side to play [default: "kill" or "live" when the root comment
    /// says so, else found by the solver].
    #[arg(long, value_enum)]
    goal: Option<GoalArg>,
    /// The node budget of each search question (the answer with every first move, and
    /// each of the two status searches).
    #[arg(long, value_name = "N", default_value_t = 2_000_000)]
    nodes: u64,
    /// The depth limit of the searches, in plies.
    #[arg(long, value_name = "PLIES", default_value_t = 200)]
    depth: u16,
    /// Lines of empty margin between the stones and the frame's wall.
    #[arg(long, value_name = "LINES", default_value_t = go_eval::reading::lnd::MARGIN)]
    margin: u8,
    /// Frame around the defender's reach of this many steps, `none` for the margin
    /// frame only (the margin frame is also used when the reach frame cannot be built).
    #[arg(long, value_name = "STEPS|none", default_value = "2", value_parser = parse_reach)]
    reach: Reach,
}

/// `--reach`.
#[derive(Clone, Copy, Debug)]
struct Reach(Option<u8>);

fn parse_reach(text: &str) -> Result<Reach, String> {
    if text == "none" {
        return Ok(Reach(None));
    }
    text.parse().map(|n| Reach(Some(n))).map_err(|e| format!("{text}: {e} (a number or `none`)"))
}

/// `--goal`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum GoalArg {
    /// The side to play captures the other side's stones.
    Kill,
    /// The side to play keeps its stones alive (seki counts as life).
    Live,
}

/// The exit code when the node limit cut a search: the answer printed is the best
/// proven so far, not a proof.
const NODE_LIMIT: u8 = 2;

pub(crate) fn run(args: Args) -> ExitCode {
    go_engine::output::run("go-engine solve", |out| {
        let (text, proven) = solve(&args)?;
        out.write_all(text.as_bytes())?;
        if proven {
            Ok(ExitCode::SUCCESS)
        } else {
            out.flush()?;
            eprintln!(
                "go-engine solve: {}: the node limit ({} nodes per search) was reached \
                 before the answer was proven; raise --nodes",
                args.file.display(),
                args.nodes
            );
            Ok(ExitCode::from(NODE_LIMIT))
        }
    })
}

/// The JSON answer.
#[derive(Debug, Serialize)]
struct Report {
    file: String,
    size: String,
    to_play: &'static str,
    attacker: &'static str,
    goal: &'static str,
    goal_source: &'static str,
    /// `win`, `ko_win`, `ko_loss` or `lose`, for the side to play.
    outcome: &'static str,
    /// GNU Go's digit for the outcome.
    outcome_code: u8,
    certain: bool,
    status: String,
    first_moves: Vec<String>,
    first_moves_complete: bool,
    main_line: Vec<String>,
    lines: Vec<Line>,
    region: Vec<String>,
    nodes: u64,
}

#[derive(Debug, Serialize)]
struct Line {
    first: String,
    line: Vec<String>,
}

fn letter(c: Color) -> &'static str {
    if c == Color::Black { "B" } else { "W" }
}

fn goal_word(g: Goal) -> &'static str {
    match g {
        Goal::Kill => "kill",
        Goal::Live => "live",
    }
}

fn outcome_word(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "win",
        Outcome::KoWin => "ko_win",
        Outcome::KoLoss => "ko_loss",
        Outcome::Lose => "lose",
    }
}

/// A move as a GTP vertex (`PASS` upper case, as GNU Go answers).
fn vertex(m: Move) -> String {
    match m {
        Move::Pass => "PASS".to_owned(),
        Move::Play(p) => p.to_string(),
    }
}

fn moves(line: &[Move]) -> Vec<String> {
    line.iter().copied().map(vertex).collect()
}

/// The goal the root comment states, if it names exactly one.
fn goal_in_comment(comment: Option<&str>) -> Option<Goal> {
    let text = comment?.to_lowercase();
    let kill = ["kill", "dead", "dies", "capture"].iter().any(|w| text.contains(w));
    let live = ["live", "life", "alive", "lives"].iter().any(|w| text.contains(w));
    match (kill, live) {
        (true, false) => Some(Goal::Kill),
        (false, true) => Some(Goal::Live),
        _ => None,
    }
}

/// The answer's text or JSON, and whether every search was settled within the budget.
fn solve(args: &Args) -> Result<(String, bool), CommandError> {
    let limits = ReadLimits::DEFAULT;
    let (name, bytes) = if args.file.as_os_str() == "-" {
        let bytes = sgf::read_limited(std::io::stdin().lock(), &limits)
            .map_err(|e| format!("standard input: {e}"))?;
        ("standard input".to_owned(), bytes)
    } else {
        let bytes = sgf::read_file(&args.file, &limits)
            .map_err(|e| format!("{}: {e}", args.file.display()))?;
        (args.file.display().to_string(), bytes)
    };
    let record = GameRecord::from_sgf(&bytes).map_err(|e| format!("{name}: {e}"))?;
    for warning in &record.warnings {
        eprintln!("go-engine solve: {name}: warning: {warning}");
    }
    let position = record.position_after(0).map_err(|e| format!("{name}: {e}"))?;
    let board = position.board().clone();
    if board.stones(Color::Black).is_empty() && board.stones(Color::White).is_empty() {
        return Err(
            format!("{name}: the problem has no stones (set them up with AB and AW)").into()
        );
    }
    let to_play = position.to_move();
    let (goal, goal_source) = match args.goal {
        Some(GoalArg::Kill) => (Some(Goal::Kill), "option"),
        Some(GoalArg::Live) => (Some(Goal::Live), "option"),
        None => match goal_in_comment(record.comment.as_deref()) {
            Some(g) => (Some(g), "file"),
            None => (None, "solver"),
        },
    };
    let solver = LifeAndDeath::new(Config {
        frame_margin: args.margin,
        frame_reach: args.reach.0,
        ..Config::default()
    });
    let budget = Budget::new(args.nodes, args.depth);
    let answer = solver
        .solve_open(&board, to_play, goal, budget, true)
        .map_err(|e| format!("{name}: {e}"))?;
    let status = solver.status(&answer.frame.problem, budget);
    let report = report(&name, &answer, &status, to_play, goal_source);
    let proven = report.certain && report.first_moves_complete && status.status != Status::Unknown;
    let out = if args.json {
        let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
        format!("{json}\n")
    } else {
        text(&report, &answer)
    };
    Ok((out, proven))
}

fn report(
    name: &str,
    answer: &OpenAnswer,
    status: &StatusReport,
    to_play: Color,
    goal_source: &'static str,
) -> Report {
    let solution = &answer.moves.solution;
    let problem = &answer.frame.problem;
    // A critical group's point for the side to play is the answer's (the best ko when
    // several first moves take one), not the status search's first proven move.
    let shown = match (status.status, solution.answer.point) {
        (Status::Critical { attack, defend }, Some(Move::Play(p)))
            if solution.answer.certain && solution.answer.outcome.is_success() =>
        {
            if to_play == problem.attacker() {
                Status::Critical { attack: p, defend }
            } else {
                Status::Critical { attack, defend: p }
            }
        }
        (s, _) => s,
    };
    let status_text = match shown {
        Status::Unknown => "unknown".to_owned(),
        s => s.to_string(),
    };
    Report {
        file: name.to_owned(),
        size: problem.board().size().to_string(),
        to_play: letter(to_play),
        attacker: letter(problem.attacker()),
        goal: goal_word(answer.goal),
        goal_source,
        outcome: outcome_word(solution.answer.outcome),
        outcome_code: solution.answer.outcome.gtp_code(),
        certain: solution.answer.certain,
        status: status_text,
        first_moves: answer.moves.moves.iter().map(|m| vertex(m.point)).collect(),
        first_moves_complete: answer.moves.complete,
        main_line: moves(&solution.main_line),
        lines: answer
            .moves
            .moves
            .iter()
            .map(|m| Line { first: vertex(m.point), line: moves(&m.main_line) })
            .collect(),
        region: problem.region().iter().map(|p| p.to_string()).collect(),
        nodes: answer.nodes + status.nodes,
    }
}

fn color_word(c: &str) -> &'static str {
    if c == "B" { "Black" } else { "White" }
}

fn text(r: &Report, answer: &OpenAnswer) -> String {
    let mut s = String::new();
    let other = if r.to_play == "B" { "White" } else { "Black" };
    let me = color_word(r.to_play);
    s.push_str(&format!("{}: {} board, {me} to play\n", r.file, r.size));
    let source = match r.goal_source {
        "option" => "from --goal",
        "file" => "from the file's comment",
        _ => "found by the solver",
    };
    let verb = if r.goal == "kill" { format!("kills {other}") } else { "lives".to_owned() };
    s.push_str(&format!("goal: {me} {verb} ({source})\n"));
    let result = match r.outcome {
        "win" => "succeeds",
        "ko_win" => "succeeds by a ko it takes first",
        "ko_loss" => "succeeds by a ko, needing the first ko threat",
        _ => "fails",
    };
    let proof = if r.certain { "proven" } else { "not proven within the budget" };
    s.push_str(&format!("answer: {me} {result} (GTP {}), {proof}\n", r.outcome_code));
    s.push_str(&format!("status: {}\n", r.status));
    if r.first_moves.is_empty() {
        s.push_str("correct first moves: none\n");
    } else {
        let all = if r.first_moves_complete { "all of them" } else { "not every move was settled" };
        s.push_str(&format!("correct first moves ({all}):\n"));
        for l in &r.lines {
            s.push_str(&format!("  {:<5} {}\n", l.first, l.line.join(" ")));
        }
    }
    s.push_str(&format!("\n{}\n", answer.frame.problem.board().to_string().trim_end()));
    s.push_str(&format!("nodes: {}\n", r.nodes));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goals_in_comments() {
        assert_eq!(goal_in_comment(Some("Black to kill")), Some(Goal::Kill));
        assert_eq!(goal_in_comment(Some("White to play and live")), Some(Goal::Live));
        assert_eq!(goal_in_comment(Some("Black to play")), None);
        assert_eq!(goal_in_comment(Some("kill or live?")), None);
        assert_eq!(goal_in_comment(None), None);
    }
}
