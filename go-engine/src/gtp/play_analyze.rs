//! Analysis commands of the engine that plays, for GUIs:
//!
//! - `lz-analyze [COLOR] [INTERVAL] [interval N] [maxmoves N]` (Leela Zero's, which
//!   Sabaki and Lizzie draw) and `kata-analyze` (KataGo's, same arguments) analyse the
//!   position for COLOR (the side to move by default) and **stream** the answer as
//!   Leela Zero and KataGo do: `=` at once, then every INTERVAL centiseconds (50 by
//!   default) a line of `info` entries, until the next command arrives; the answer
//!   then ends with its empty line and that command is answered. The search starts
//!   with the player's node budget and doubles it after each completed search, up to
//!   256 times the budget (at most 2^20 nodes per search, 2^21 nodes held in
//!   memory); each completed search sends a line with every root move at once,
//!   and that line is repeated every interval until the next search completes (or, at
//!   the end, until the next command). Before the first search completes the lines
//!   have the search's current opinion: for MCTS every visited root move with its own
//!   visits, for the other searchers the current best move.
//! - `lz-genmove_analyze [COLOR] [INTERVAL]` and `kata-genmove_analyze` (same
//!   arguments as the analyses): `genmove` (the move is played, within the player's
//!   node budget and its time for the move) with the same answer format, streamed
//!   **during** the search as Leela Zero and KataGo do: `=` at once, at most every
//!   INTERVAL centiseconds (at the search's limit checks, and when B* or PB* finds a
//!   new best move or alpha-beta completes a depth) a line with the search's current
//!   opinion (MCTS: every visited root move, most visited first, with its own visits
//!   and mean win rate; B*, PB* and alpha-beta: the best move with `visits` the nodes
//!   so far; each with its win rate and the best with its principal variation), then,
//!   when the search ends, one line
//!   with every root move of the search that chose the move, and `play MOVE` (`play
//!   pass`, `play resign`). A comment line alone (GoGui's `# interrupt`, which also
//!   ends `lz-analyze`) or the end of the input stops the search: the move is then
//!   chosen from what the search found so far, played and answered. A command sent
//!   during the search does not cut it short (a script that writes its commands
//!   ahead gets full-strength moves): it is answered after the move. A move decided
//!   without a search (passing after the opponent's pass wins) has no `info` line.
//! - `play_candidates` (GoGui `gfx`): the root's candidates of a search for the side to
//!   move, each labelled with its rank, the best green, and a status line with the rule
//!   that chose it, the bounds and the node count.
//! - `play_candidate_list` (GoGui `hstring`): the same candidates as text, with their
//!   merged weights, sources, values and bounds.
//!
//! The entries, best first: `info move D4 visits N winrate W prior P lcb L order I
//! lower A upper B pv D4 E5 ...` for `lz-analyze`, with `winrate`, `prior` and `lcb`
//! in hundredths of a percent (0 to 10000) as Leela Zero writes them; `info move D4
//! visits N winrate W scoreMean S scoreLead S prior P lcb L order I pv ...` for
//! `kata-analyze`, with rates in [0, 1] and the score in points, as KataGo writes
//! them. All are for the side to move. The win rate is MCTS's own, or the realistic
//! value in points squashed by the logistic of [`EvalRollout`]; `lower` and `upper`
//! are the B*/PB* bounds in points (the realistic value twice when there are none);
//! `visits` is MCTS's count (its unvisited root moves are left out), or the root's
//! nodes for the best move and 1 for the others; `scoreLead` (and `scoreMean`) is the
//! realistic value in points (for the lines of MCTS's search in progress, the lead
//! whose logistic is its win rate); `lcb` is the win rate of the pessimistic bound; `prior` is the candidate's
//! share of the merged weights.
//!
//! Without a live input ([`Session::execute`]) an analysis is one search within the
//! player's node budget and its time per move (10 s when it has none), and the lines
//! (progress lines every interval, then every root move) come in the answer.
//!
//! Arguments are checked before the answer starts: a word that is neither a colour,
//! an interval nor a known key, a key without its value, a negative or non-numeric
//! number, KataGo's `avoid`/`allow`/`minmoves`, or `ownership true` for `lz-analyze`
//! (not supported) give a GTP error.
//!
//! `kata-analyze ... ownership true` adds KataGo's ` ownership V V ...` to every line:
//! one value per point from the top row down, in [-1, 1] for the analysed colour (a
//! living stone is its colour's; elsewhere go-eval's owner without reading, scaled by
//! the certainty of GNU Go-style influence; 0 for nobody).

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use go_board::{Color, Move, Point, Position, excerpt};
use go_eval::PositionEvaluator;
use go_search::{Observer, Progress, Stop, Value};

use super::Session;
use super::command::{AnalyzeKind, Args, Command, CommandResult};
use super::standard::{gtp_move, playable};
use super::stream::Stream;
use crate::player::rollout::EvalRollout;
use crate::player::search::{SearchSummary, limits, points};
use crate::player::{Algorithm, SearchPlayer};

/// The commands of this module.
pub(super) fn commands() -> Vec<Command<SearchPlayer>> {
    vec![
        Command::streaming("lz-analyze", |s: &mut Session<SearchPlayer>, args, stream| {
            s.analyze(args, stream, Format::Leela)
        }),
        Command::streaming("kata-analyze", |s: &mut Session<SearchPlayer>, args, stream| {
            s.analyze(args, stream, Format::Kata)
        }),
        Command::streaming("lz-genmove_analyze", |s: &mut Session<SearchPlayer>, args, stream| {
            s.genmove_analyze(args, stream, Format::Leela)
        }),
        Command::streaming(
            "kata-genmove_analyze",
            |s: &mut Session<SearchPlayer>, args, stream| {
                s.genmove_analyze(args, stream, Format::Kata)
            },
        ),
        Command::new("play_candidates", |s: &mut Session<SearchPlayer>, _: &Args<'_>| {
            s.play_candidates()
        })
        .analyze(AnalyzeKind::Gfx, "Candidates and B* Bounds", ""),
        Command::new("play_candidate_list", |s: &mut Session<SearchPlayer>, _: &Args<'_>| {
            s.play_candidate_list()
        })
        .analyze(AnalyzeKind::HString, "Candidate List", ""),
    ]
}

/// The time an analysis takes without a live input when the player has no time per
/// move.
const ANALYSIS_TIME: Duration = Duration::from_secs(10);

/// The most lines an analysis without a live input keeps.
const MAX_REPORTS: usize = 1000;

/// The largest node budget of one search of a streamed analysis.
const ANALYSIS_NODES: u64 = 1 << 20;

/// The most nodes a search of a streamed analysis holds in memory.
const ANALYSIS_MEMORY: u64 = 1 << 21;

/// How many times the player's budget a streamed analysis searches at most.
const ANALYSIS_GROWTH: u64 = 256;

/// The largest interval, in centiseconds.
const MAX_INTERVAL: u64 = 100_000;

/// The format of the `info` entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    /// Leela Zero's: rates in hundredths of a percent.
    Leela,
    /// KataGo's: rates in [0, 1], scores in points.
    Kata,
}

/// What an analysis command asks.
#[derive(Clone, Copy, Debug)]
struct Request {
    color: Color,
    interval: Duration,
    max_moves: usize,
    /// KataGo's `ownership true`.
    ownership: bool,
}

/// A rate in Leela's hundredths of a percent, or KataGo's fraction.
fn rate(format: Format, rate: f64) -> String {
    let rate = rate.clamp(0.0, 1.0);
    match format {
        Format::Leela => format!("{}", (rate * 10_000.0).round() as u32),
        Format::Kata => format!("{rate:.6}"),
    }
}

/// A count of centiseconds.
fn centiseconds(text: &str) -> Result<u64, String> {
    text.parse::<u64>().ok().filter(|&n| n <= MAX_INTERVAL).ok_or_else(|| {
        format!("invalid interval '{}': centiseconds, 0 to {MAX_INTERVAL}", excerpt(text))
    })
}

/// Streams the search's progress: the last complete report (or the current best move)
/// every interval, and stops the search when the next command arrives.
struct Watch<'s, 'a> {
    stream: &'s mut Stream<'a>,
    every: Duration,
    next: Instant,
    last: Option<&'s str>,
    format: Format,
    squash: EvalRollout,
    /// The most root moves a line lists.
    max_moves: usize,
    /// Lines kept (when the stream collects them).
    lines: usize,
    /// What ends every line (KataGo's ownership).
    suffix: &'s str,
    /// Any next line stops the search (an analysis); otherwise only a comment line
    /// (GoGui's `# interrupt`) or the end of the input does (a move's search).
    any_line_stops: bool,
}

impl<'s, 'a> Watch<'s, 'a> {
    fn new(
        stream: &'s mut Stream<'a>,
        request: &Request,
        last: Option<&'s str>,
        format: Format,
        suffix: &'s str,
    ) -> Watch<'s, 'a> {
        Watch {
            stream,
            every: request.interval,
            next: Instant::now() + request.interval,
            last,
            format,
            squash: EvalRollout::default(),
            max_moves: request.max_moves,
            lines: 0,
            suffix,
            any_line_stops: true,
        }
    }

    /// A watch that only a comment line (GoGui's `# interrupt`) or the end of the
    /// input stops; a command waits for the end of the search.
    fn for_a_move(mut self) -> Self {
        self.any_line_stops = false;
        self
    }
}

impl Observer<Move, i32> for Watch<'_, '_> {
    fn observe(&mut self, p: &Progress<'_, Move, i32>) -> ControlFlow<()> {
        let stop = if self.any_line_stops {
            self.stream.interrupted()
        } else {
            self.stream.interrupt_requested()
        };
        if stop {
            return ControlFlow::Break(());
        }
        let now = Instant::now();
        if now < self.next || (!self.stream.is_live() && self.lines >= MAX_REPORTS) {
            return ControlFlow::Continue(());
        }
        self.next = now + self.every;
        if let Some(last) = self.last {
            self.stream.line(last);
            self.lines += 1;
        } else if !p.root.is_empty() {
            // A visit-counting search (MCTS): every visited root move with its own
            // visits and win rate, the best first with the principal variation.
            let line = progress_entries(p, &self.squash, self.format, self.max_moves, self.suffix);
            self.stream.line(&line);
            self.lines += 1;
        } else if let Some(best) = p.best {
            // The win rates, and the score in points when the value has one.
            let (mean, low, score) = match p.value {
                Value::WinRate(w) => (w, w, Some(lead(&self.squash, w))),
                Value::Bounds(b) => {
                    let mid = points(b.pessimistic() + b.optimistic()) / 2.0;
                    let low = self.squash.win_probability(points(b.pessimistic()));
                    (self.squash.win_probability(mid), low, Some(mid))
                }
                Value::Exact(v) | Value::Estimate(v) => {
                    let w = self.squash.win_probability(points(v));
                    (w, w, Some(points(v)))
                }
                _ => (0.5, 0.5, None),
            };
            let pv: Vec<String> = p.pv.iter().map(|&m| gtp_move(m)).collect();
            let pv = if pv.is_empty() { gtp_move(best) } else { pv.join(" ") };
            let score = match (self.format, score) {
                (Format::Kata, Some(v)) => format!(" scoreMean {v:.2} scoreLead {v:.2}"),
                _ => String::new(),
            };
            self.stream.line(&format!(
                "info move {} visits {} winrate {}{score} lcb {} order 0 pv {pv}{}",
                gtp_move(best),
                p.nodes.max(1),
                rate(self.format, mean),
                rate(self.format, low),
                self.suffix,
            ));
            self.lines += 1;
        }
        ControlFlow::Continue(())
    }

    fn interval(&self) -> u64 {
        // Every check of the limits (a few hundred nodes apart).
        1
    }

    fn events(&self) -> bool {
        // A move's search is told of the searchers' events too: B* and PB* report a new
        // best move more often than they check their limits when only nodes bound them.
        !self.any_line_stops
    }
}

impl Session<SearchPlayer> {
    /// The arguments of an analysis command.
    fn analysis_request(&self, args: &Args<'_>, format: Format) -> Result<Request, String> {
        let mut color = playable(&self.position).to_move();
        let mut i = 0;
        if let Some(c) = args.get(0).and_then(|w| w.parse::<Color>().ok()) {
            color = c;
            i = 1;
        }
        let mut interval = 50;
        if let Some(w) = args.get(i)
            && w.bytes().next().is_some_and(|b| b.is_ascii_digit() || b == b'-' || b == b'+')
        {
            interval = centiseconds(w)?;
            i += 1;
        }
        let mut max_moves = usize::MAX;
        let mut ownership = false;
        while let Some(key) = args.get(i) {
            if !matches!(
                key,
                "interval"
                    | "maxmoves"
                    | "ownership"
                    | "ownershipStdev"
                    | "movesOwnership"
                    | "pvVisits"
                    | "rootInfo"
            ) {
                return Err(format!(
                    "unsupported analysis argument '{}' (known: a colour, an interval, \
                     interval N, maxmoves N)",
                    excerpt(key)
                ));
            }
            let value = args.get(i + 1).ok_or_else(|| format!("{key}: missing value"))?;
            match key {
                "interval" => interval = centiseconds(value)?,
                "maxmoves" => {
                    max_moves =
                        value.parse::<usize>().ok().filter(|&n| n >= 1).ok_or_else(|| {
                            format!("invalid maxmoves '{}': at least 1", excerpt(value))
                        })?;
                }
                "ownership" if value == "true" && format == Format::Kata => ownership = true,
                "ownership" | "ownershipStdev" | "movesOwnership" | "pvVisits" | "rootInfo"
                    if value == "false" => {}
                _ => return Err(format!("{key} {}: not supported", excerpt(value))),
            }
            i += 2;
        }
        if self.player.config().algorithm == Algorithm::Random {
            return Err("the random player does not search".to_owned());
        }
        Ok(Request {
            color,
            interval: Duration::from_millis(interval.max(1) * 10),
            max_moves,
            ownership,
        })
    }

    fn analyze(
        &mut self,
        args: &Args<'_>,
        stream: &mut Stream<'_>,
        format: Format,
    ) -> CommandResult {
        let request = self.analysis_request(args, format)?;
        stream.begin();
        let position = playable(&self.position).into_owned();
        let suffix = ownership(&position, request.color, request.ownership);
        let config = *self.player.config();
        if !stream.is_live() {
            let time = config.move_time.unwrap_or(ANALYSIS_TIME);
            let limits = limits(&config, Some(time));
            let mut observer = Watch::new(stream, &request, None, format, &suffix);
            let (last, _) =
                self.analysis_line(&position, &request, &limits, &mut observer, format, &suffix)?;
            stream.line(&last);
            return Ok(String::new());
        }
        let cap =
            config.nodes.max(config.nodes.saturating_mul(ANALYSIS_GROWTH).min(ANALYSIS_NODES));
        let mut budget = config.nodes;
        let mut last: Option<String> = None;
        loop {
            let limits = limits(&config.nodes(budget), None).memory(ANALYSIS_MEMORY);
            let mut observer = Watch::new(stream, &request, last.as_deref(), format, &suffix);
            let (report, stop) =
                self.analysis_line(&position, &request, &limits, &mut observer, format, &suffix)?;
            if stop == Some(Stop::Observer) {
                return Ok(String::new());
            }
            stream.line(&report);
            last = Some(report);
            if budget >= cap || stop == Some(Stop::Memory) || stream.interrupted() {
                break;
            }
            budget = budget.saturating_mul(2).min(cap);
        }
        let last = last.unwrap_or_default();
        while !stream.wait(request.interval) {
            stream.line(&last);
        }
        Ok(String::new())
    }

    /// One analysis search within `limits`, reporting to `observer`: its line of entries
    /// (with the ownership `suffix`) and why it stopped.
    fn analysis_line(
        &mut self,
        position: &Position,
        request: &Request,
        limits: &go_search::Limits,
        observer: &mut Watch<'_, '_>,
        format: Format,
        suffix: &str,
    ) -> Result<(String, Option<Stop>), String> {
        let summary = self.player.search_within(position, request.color, None, limits, observer)?;
        let line = entries(summary, &EvalRollout::default(), format, request.max_moves) + suffix;
        Ok((line, summary.stop))
    }

    fn genmove_analyze(
        &mut self,
        args: &Args<'_>,
        stream: &mut Stream<'_>,
        format: Format,
    ) -> CommandResult {
        let request = self.analysis_request(args, format)?;
        stream.begin();
        let position = playable(&self.position).into_owned();
        let suffix = ownership(&position, request.color, request.ownership);
        let mut observer = Watch::new(stream, &request, None, format, &suffix).for_a_move();
        let decision =
            self.player.choose_observed(&position, request.color, &self.clock, None, &mut observer);
        if let Some(summary) = self.player.last_search() {
            let squash = EvalRollout::default();
            stream.line(&(entries(summary, &squash, format, request.max_moves) + &suffix));
        }
        let answer = self.answer_decision(request.color, decision, true)?;
        let answer = if answer == "PASS" { "pass".to_owned() } else { answer };
        Ok(format!("play {answer}"))
    }

    fn search_here(&mut self) -> Result<&SearchSummary, String> {
        let position = playable(&self.position).into_owned();
        let color = position.to_move();
        let time = self.player.move_time(&position, color, &self.clock);
        let time = time.or(Some(ANALYSIS_TIME));
        self.player.search(&position, color, None, time, &mut ())
    }

    fn play_candidates(&mut self) -> CommandResult {
        let summary = self.search_here()?;
        let mut out = Vec::new();
        let mut labels = Vec::new();
        for (i, r) in summary.root.iter().enumerate() {
            if let Move::Play(p) = r.mv {
                labels.push(format!("{p} {}", i + 1));
            }
        }
        if !labels.is_empty() {
            out.push(format!("LABEL {}", labels.join(" ")));
        }
        if let Move::Play(p) = summary.best {
            out.push(format!("COLOR green {p}"));
        }
        let bounds = summary
            .best_move()
            .and_then(|r| r.bounds)
            .map_or_else(String::new, |(lo, hi)| format!(" [{lo:.1}, {hi:.1}]"));
        out.push(format!(
            "TEXT {} {}{bounds} by {} ({} nodes, {} candidates)",
            summary.algorithm,
            gtp_move(summary.best),
            summary.rule.name(),
            summary.stats.nodes,
            summary.root.len()
        ));
        Ok(out.join("\n"))
    }

    fn play_candidate_list(&mut self) -> CommandResult {
        let summary = self.search_here()?;
        let mut out = vec![format!(
            "{} chose {} by {} ({} nodes, {} evaluations, {:.2} s)",
            summary.algorithm,
            gtp_move(summary.best),
            summary.rule.name(),
            summary.stats.nodes,
            summary.stats.evaluations,
            summary.stats.elapsed.as_secs_f64()
        )];
        for r in &summary.root {
            let weight = summary.candidates.get(r.mv).map_or(0.0, |c| c.weight);
            let sources =
                summary.candidates.get(r.mv).map_or_else(String::new, |c| c.sources().join(", "));
            let bounds =
                r.bounds.map_or_else(String::new, |(lo, hi)| format!(" [{lo:.1}, {hi:.1}]"));
            let mcts = match (r.visits, r.win_rate) {
                (Some(v), Some(w)) => format!(" visits {v} win {:.1}%", w * 100.0),
                _ => String::new(),
            };
            out.push(format!(
                "{} value {:.1}{bounds}{mcts} weight {weight:.3} from {sources}",
                gtp_move(r.mv),
                r.value
            ));
        }
        Ok(out.join("\n"))
    }
}

/// The lead in points whose win probability is `rate` under `squash` (the inverse of
/// [`EvalRollout::win_probability`], by bisection within ±1000 points).
/// The `info` entries of a visit-counting search in progress: its visited root moves
/// (at most `max_moves`), best first, each with its own visits and mean win rate (its
/// lower bound too: the search keeps no other), the best with the principal variation.
fn progress_entries(
    p: &Progress<'_, Move, i32>,
    squash: &EvalRollout,
    format: Format,
    max_moves: usize,
    suffix: &str,
) -> String {
    let mut parts = Vec::new();
    for (order, child) in p.root.iter().enumerate().take(max_moves.max(1)) {
        let mv = gtp_move(child.mv);
        let pv = if order == 0 && p.pv.first() == Some(&child.mv) {
            p.pv.iter().map(|&m| gtp_move(m)).collect::<Vec<_>>().join(" ")
        } else {
            mv.clone()
        };
        let win = rate(format, child.win_rate);
        let visits = child.visits;
        parts.push(match format {
            Format::Leela => {
                format!("info move {mv} visits {visits} winrate {win} lcb {win} order {order} pv {pv}")
            }
            Format::Kata => {
                let v = lead(squash, child.win_rate);
                format!(
                    "info move {mv} visits {visits} winrate {win} scoreMean {v:.2} scoreLead {v:.2} lcb {win} order {order} pv {pv}"
                )
            }
        });
    }
    parts.join(" ") + suffix
}

fn lead(squash: &EvalRollout, rate: f64) -> f64 {
    let (mut lo, mut hi) = (-1000.0, 1000.0);
    for _ in 0..60 {
        let mid = (lo + hi) / 2.0;
        if squash.win_probability(mid) < rate {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo + hi) / 2.0
}

/// KataGo's ` ownership V V ...` when `wanted` (else nothing): every point from the top
/// row down, each row from the left, in [-1, 1] for `color` (1: `color`'s). A living
/// stone is its colour's; an empty point or a dead stone is the owner's of go-eval's
/// evaluation (without reading) scaled by the certainty of GNU Go-style influence (as
/// `go-engine analyze --svg` draws it), 0 when nobody owns it.
fn ownership(position: &Position, color: Color, wanted: bool) -> String {
    if !wanted {
        return String::new();
    }
    let eval = PositionEvaluator::default().evaluate_position(position);
    let certainty = crate::svg::territory_certainty(position, &eval.dead);
    let (board, size) = (position.board(), position.size());
    let sign = if color == Color::Black { 1.0 } else { -1.0 };
    let mut out = String::from(" ownership");
    for row in (0..size.rows()).rev() {
        for col in 0..size.cols() {
            let Some(p) = Point::new(col, row, size) else { continue };
            let living = board.color_at(p).filter(|_| !eval.dead.contains(p));
            let v = match (living, eval.ownership[p]) {
                (Some(Color::Black), _) => 1.0,
                (Some(Color::White), _) => -1.0,
                (None, Some(Color::Black)) => certainty[p].clamp(0.0, 1.0),
                (None, Some(Color::White)) => -(-certainty[p]).clamp(0.0, 1.0),
                (None, None) => 0.0,
            };
            out.push_str(&format!(" {:.4}", sign * v));
        }
    }
    out
}

/// The `info` entries of every root move, best first (at most `max_moves`).
fn entries(
    summary: &SearchSummary,
    squash: &EvalRollout,
    format: Format,
    max_moves: usize,
) -> String {
    let total: f64 = summary.candidates.moves.iter().map(|c| c.weight).sum::<f64>().max(1e-9);
    let mut parts = Vec::new();
    // MCTS's unvisited root moves are not reported (unless none was visited).
    let visited = summary.root.iter().any(|r| r.visits.is_some_and(|v| v > 0));
    let reported = summary.root.iter().filter(|r| !visited || r.visits != Some(0));
    for (order, r) in reported.enumerate().take(max_moves) {
        let win = r.win_rate.unwrap_or_else(|| squash.win_probability(r.value));
        let (lo, hi) = r.bounds.unwrap_or((r.value, r.value));
        let lcb = r.win_rate.unwrap_or_else(|| squash.win_probability(lo));
        let visits = r.visits.unwrap_or(if order == 0 { summary.stats.nodes.max(1) } else { 1 });
        let prior = summary.candidates.get(r.mv).map_or(0.0, |c| c.weight / total);
        let pv = if order == 0 && summary.pv.first() == Some(&r.mv) {
            summary.pv.iter().map(|&m| gtp_move(m)).collect::<Vec<_>>().join(" ")
        } else {
            gtp_move(r.mv)
        };
        let mv = gtp_move(r.mv);
        let (win, prior, lcb) = (rate(format, win), rate(format, prior), rate(format, lcb));
        parts.push(match format {
            Format::Leela => format!(
                "info move {mv} visits {visits} winrate {win} prior {prior} lcb {lcb} order {order} lower {lo:.1} upper {hi:.1} pv {pv}"
            ),
            Format::Kata => format!(
                "info move {mv} visits {visits} winrate {win} scoreMean {v:.2} scoreLead {v:.2} prior {prior} lcb {lcb} order {order} pv {pv}",
                v = r.value
            ),
        });
    }
    parts.join(" ")
}
