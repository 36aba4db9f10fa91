//! Analysis commands of the engine that plays, for GUIs:
//!
//! - `lz-analyze [COLOR] [INTERVAL]` (Leela Zero's, which Sabaki draws): searches for
//!   COLOR (the side to move by default) within the player's node budget and its time
//!   per move (10 s when it has none) and answers, after an empty first line, one line
//!   per progress report of the search (every INTERVAL centiseconds of search, 50 by
//!   default: the move the search would play) and a last line with every root move:
//!   `info move D4 visits N winrate W prior P lcb L order I lower A upper B pv D4 E5 ...`,
//!   `winrate` and `prior` in hundredths of a percent (0 to 10000) as Leela writes them.
//!   The win rate is MCTS's own, or the realistic value in points squashed by the
//!   logistic of [`EvalRollout`]; `lower` and `upper` are the B*/PB* bounds in points
//!   (the realistic value twice when there are none); `visits` is MCTS's count, or the
//!   root's nodes for the best move and 1 for the others; `lcb` is the win rate of the
//!   pessimistic bound. **The lines are not streamed**: they come in the answer, when
//!   the search ends (GTP answers one command at a time here).
//! - `play_candidates` (GoGui `gfx`): the root's candidates of a search for the side to
//!   move, each labelled with its rank, the best green, and a status line with the rule
//!   that chose it, the bounds and the node count.
//! - `play_candidate_list` (GoGui `hstring`): the same candidates as text, with their
//!   merged weights, sources, values and bounds.

use std::ops::ControlFlow;
use std::time::Duration;

use go_board::{Color, Move};
use go_search::{Progress, Value};

use super::Session;
use super::command::{AnalyzeKind, Args, Command, CommandResult};
use super::standard::{gtp_move, playable};
use crate::player::SearchPlayer;
use crate::player::rollout::EvalRollout;
use crate::player::search::{SearchSummary, points};

/// The commands of this module.
pub(super) fn commands() -> Vec<Command<SearchPlayer>> {
    vec![
        Command::new("lz-analyze", |s: &mut Session<SearchPlayer>, args: &Args<'_>| {
            s.lz_analyze(args)
        }),
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

/// The time an analysis takes when the player has no time per move.
const ANALYSIS_TIME: Duration = Duration::from_secs(10);

/// The most interval reports an analysis keeps.
const MAX_REPORTS: usize = 1000;

/// A win rate in Leela's hundredths of a percent.
fn leela(rate: f64) -> u32 {
    (rate.clamp(0.0, 1.0) * 10_000.0).round() as u32
}

impl Session<SearchPlayer> {
    /// The colour argument of an analysis (the side to move when absent).
    fn analysis_color(&self, args: &Args<'_>) -> Result<(Color, usize), String> {
        match args.get(0).map(str::parse::<Color>) {
            Some(Ok(c)) => Ok((c, 1)),
            _ => Ok((playable(&self.position).to_move(), 0)),
        }
    }

    fn lz_analyze(&mut self, args: &Args<'_>) -> CommandResult {
        let (color, next) = self.analysis_color(args)?;
        let interval = match args.get(next) {
            None => 50,
            Some(a) => a
                .parse::<u64>()
                .ok()
                .filter(|&n| n <= 100_000)
                .ok_or_else(|| format!("invalid interval {a:?}: centiseconds, 0 to 100000"))?,
        };
        let every = Duration::from_millis(interval.max(1) * 10);
        let position = playable(&self.position).into_owned();
        let time = self.player.config().move_time.unwrap_or(ANALYSIS_TIME);
        let mut lines = Vec::new();
        let mut next_report = every;
        let squash = EvalRollout::default();
        let mut watch = |p: &Progress<'_, Move, i32>| {
            if p.elapsed >= next_report && lines.len() < MAX_REPORTS {
                next_report = p.elapsed + every;
                if let Some(best) = p.best {
                    let rate = match p.value {
                        Value::WinRate(w) => w,
                        Value::Bounds(b) => squash.win_probability(points(b.pessimistic())),
                        Value::Exact(v) | Value::Estimate(v) => squash.win_probability(points(v)),
                        _ => 0.5,
                    };
                    let pv: Vec<String> = p.pv.iter().map(|&m| gtp_move(m)).collect();
                    lines.push(format!(
                        "info move {} visits {} winrate {} order 0 pv {}",
                        gtp_move(best),
                        p.nodes.max(1),
                        leela(rate),
                        if pv.is_empty() { gtp_move(best) } else { pv.join(" ") }
                    ));
                }
            }
            ControlFlow::Continue(())
        };
        let summary = self.player.search(&position, color, None, Some(time), &mut watch)?;
        let last = info_line(summary, &squash);
        lines.push(last);
        Ok(format!("\n{}", lines.join("\n")))
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

/// The last `info` line: every root move, best first.
fn info_line(summary: &SearchSummary, squash: &EvalRollout) -> String {
    let total: f64 = summary.candidates.moves.iter().map(|c| c.weight).sum::<f64>().max(1e-9);
    let mut parts = Vec::new();
    for (order, r) in summary.root.iter().enumerate() {
        let rate = r.win_rate.unwrap_or_else(|| squash.win_probability(r.value));
        let (lo, hi) = r.bounds.unwrap_or((r.value, r.value));
        let lcb = r.win_rate.unwrap_or_else(|| squash.win_probability(lo));
        let visits = r.visits.unwrap_or(if order == 0 { summary.stats.nodes.max(1) } else { 1 });
        let prior = summary.candidates.get(r.mv).map_or(0.0, |c| c.weight / total);
        let pv = if order == 0 && summary.pv.first() == Some(&r.mv) {
            summary.pv.iter().map(|&m| gtp_move(m)).collect::<Vec<_>>().join(" ")
        } else {
            gtp_move(r.mv)
        };
        parts.push(format!(
            "info move {} visits {visits} winrate {} prior {} lcb {} order {order} lower {lo:.1} upper {hi:.1} pv {pv}",
            gtp_move(r.mv),
            leela(rate),
            leela(prior),
            leela(lcb),
        ));
    }
    parts.join(" ")
}
