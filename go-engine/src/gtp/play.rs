//! The commands of the engine that plays ([`SearchPlayer`]), in GNU Go 3.8's formats
//! where GNU Go has them:
//!
//! - `kgs-genmove_cleanup COLOR`: generate and play a move, not passing while the
//!   opponent has stones the player considers dead (KGS's cleanup phase);
//! - `restricted_genmove COLOR V1 V2 ...`: the best of the listed moves, not played
//!   (`PASS` only when none of them is legal);
//! - `top_moves`: as GNU Go, at most ten moves of the last search with their values,
//!   best first on one line (`D4 12.50 C3 10.00`), never a pass: B* and PB* give the
//!   root moves by realistic value in points (negative when the mover is behind, which
//!   GNU Go's move values never are), alpha-beta its move with the searched value, then
//!   the others by static value, MCTS its visited root moves by visits with their win
//!   rates in percent; `top_moves_black` / `top_moves_white`
//!   search for that colour first;
//! - the analysis commands of [`super::play_analyze`].
//!
//! `genmove` and `reg_genmove` are the standard commands: they ask the player.

use go_board::{Color, Move};

use super::Session;
use super::command::{AnalyzeKind, Args, Command, CommandResult};
use super::standard::{gtp_move, playable};
use crate::player::{Algorithm, Decision, SearchPlayer};

/// How many moves `top_moves` lists at most (GNU Go 3.8 lists ten).
const TOP_MOVES: usize = 10;

/// The commands of this module and of the analysis module (`lz-analyze` and the GoGui entries).
pub fn commands() -> Vec<Command<SearchPlayer>> {
    let mut commands = vec![
        Command::new("kgs-genmove_cleanup", |s: &mut Session<SearchPlayer>, args: &Args<'_>| {
            s.genmove_cleanup(args)
        }),
        Command::new("restricted_genmove", |s: &mut Session<SearchPlayer>, args: &Args<'_>| {
            s.restricted_genmove(args)
        }),
        Command::new("top_moves", |s: &mut Session<SearchPlayer>, _: &Args<'_>| Ok(s.top_moves()))
            .analyze(AnalyzeKind::String, "Top Moves (last search)", ""),
        Command::new("top_moves_black", |s: &mut Session<SearchPlayer>, _: &Args<'_>| {
            s.top_moves_for(Color::Black)
        }),
        Command::new("top_moves_white", |s: &mut Session<SearchPlayer>, _: &Args<'_>| {
            s.top_moves_for(Color::White)
        }),
    ];
    commands.extend(super::play_analyze::commands());
    commands
}

impl Session<SearchPlayer> {
    fn genmove_cleanup(&mut self, args: &Args<'_>) -> CommandResult {
        let color = args.color(0)?;
        let position = playable(&self.position).into_owned();
        let decision = self.player.genmove_cleanup(&position, color, &self.clock);
        self.answer_decision(color, decision, true)
    }

    fn restricted_genmove(&mut self, args: &Args<'_>) -> CommandResult {
        let color = args.color(0)?;
        if args.len() < 2 {
            return Err("no vertex listed".to_owned());
        }
        let size = self.position.size();
        let mut allowed = Vec::new();
        for i in 1..args.len() {
            let mv = Move::Play(args.point(i, size)?);
            if !allowed.contains(&mv) {
                allowed.push(mv);
            }
        }
        let mut position = playable(&self.position).into_owned();
        position.set_to_move(color);
        allowed.retain(|&mv| position.is_legal(mv));
        if allowed.is_empty() {
            return Ok("PASS".to_owned());
        }
        match self.player.choose(&position, color, &self.clock, Some(allowed.clone())) {
            Decision::Play(mv) if allowed.contains(&mv) => Ok(gtp_move(mv)),
            // A resignation or a pass is not among the allowed moves: the best of them.
            _ => Ok(self
                .player
                .last_search()
                .and_then(|s| s.root.iter().find(|r| allowed.contains(&r.mv)))
                .map_or_else(|| gtp_move(allowed[0]), |r| gtp_move(r.mv))),
        }
    }

    fn top_moves(&self) -> String {
        let Some(summary) = self.player.last_search() else { return String::new() };
        let mcts = summary.algorithm == Algorithm::Mcts;
        let pairs: Vec<String> = summary
            .root
            .iter()
            .filter(|r| r.mv != Move::Pass && (!mcts || r.visits.is_some_and(|v| v > 0)))
            .take(TOP_MOVES)
            .map(|r| format!("{} {:.2}", gtp_move(r.mv), r.win_rate.map_or(r.value, |w| 100.0 * w)))
            .collect();
        pairs.join(" ")
    }

    fn top_moves_for(&mut self, color: Color) -> CommandResult {
        let position = playable(&self.position).into_owned();
        let time = self.player.move_time(&position, color, &self.clock);
        self.player.search(&position, color, None, time, &mut ())?;
        Ok(self.top_moves())
    }
}
