//! The dragon and owl commands of the GTP session, with GNU Go 3.8's names, arguments
//! and answers:
//!
//! - `dragon_stones [VERTEX]` (the stones of a dragon in board order, or every dragon,
//!   one per line), `same_dragon V1 V2` (`1` or `0`);
//! - `owl_attack V`, `owl_defend V` (`code [move]`; a dragon that lives without a move
//!   answers `0` and `1 PASS`), `owl_does_attack M V`, `owl_does_defend M V` (`code`),
//!   with ` uncertain` appended after `report_uncertainty on` when a budget decided;
//! - `dragon_status [V]`: `alive`, `dead`, `critical ATTACK DEFEND`, `unknown`; without
//!   a vertex one `ORIGIN: status` line per dragon (origins top row first);
//! - `analyze_semeai A B`: `CA CB MOVE` (does A survive, is B captured, A's move or
//!   `PASS`), A's owner moving first ([`go_eval::reading::semeai::Semeai`]);
//! - the GoGui analyze entry `gogui-dragon_status` (`gfx`): the dragon's stones marked,
//!   the attack point labelled `A`, the defence point `D`, the status as text.
//!
//! Dragons are [`go_eval::reading::dragon::Dragons`] of the current board; owl questions
//! go to [`go_eval::reading::owl::Owl`] with its default budget (GNU Go's
//! `increase_depths` does not change owl limits either). Owl nodes go to the owl node
//! counter, the tactical nodes of its move generation to the reading counter.

use go_board::{Board, Point, Status};
use go_eval::reading::dragon::Dragons;
use go_eval::reading::owl::{Owl, OwlScratch, OwlStatus};
use go_eval::reading::semeai::Semeai;
use go_eval::reading::{Answer, Budget};

use super::Session;
use super::command::{AnalyzeKind, Args, Command};
use super::reading::{move_and_stone, stone};
use crate::player::Player;
use crate::render;

/// The commands of this module.
pub(super) fn commands<P: Player + 'static>() -> Vec<Command<P>> {
    vec![
        Command::new("dragon_stones", |s: &mut Session<P>, a: &Args<'_>| {
            let board = s.position.board();
            let dragons = Dragons::new(board);
            if a.is_empty() {
                let mut lines: Vec<(go_board::Point, String)> = dragons
                    .dragons()
                    .iter()
                    .map(|d| (render::board_order(&d.stones)[0], render::vertex_list(&d.stones)))
                    .collect();
                lines.sort_by_key(|(p, _)| (core::cmp::Reverse(p.row()), p.col()));
                return Ok(lines.into_iter().map(|(_, l)| l).collect::<Vec<_>>().join("\n"));
            }
            let p = stone(s, a, 0)?;
            let d = dragons.dragon_at(p).ok_or("vertex must not be empty")?;
            Ok(render::vertex_list(&d.stones))
        }),
        Command::new("same_dragon", |s: &mut Session<P>, a: &Args<'_>| {
            let (x, y) = (stone(s, a, 0)?, stone(s, a, 1)?);
            let same = Dragons::new(s.position.board()).same_dragon(x, y);
            Ok(if same { "1" } else { "0" }.to_owned())
        }),
        Command::new("owl_attack", |s: &mut Session<P>, a: &Args<'_>| {
            let t = stone(s, a, 0)?;
            Ok(owl(s, |owl, board, budget, scratch| owl.attack(board, t, budget, scratch)))
        }),
        Command::new("owl_defend", |s: &mut Session<P>, a: &Args<'_>| {
            let t = stone(s, a, 0)?;
            Ok(owl(s, |owl, board, budget, scratch| owl.defend(board, t, budget, scratch)))
        }),
        Command::new("owl_does_attack", |s: &mut Session<P>, a: &Args<'_>| {
            let (m, t) = move_and_stone(s, a)?;
            let text =
                owl(s, |owl, board, budget, scratch| owl.does_attack(board, m, t, budget, scratch));
            Ok(code_only(&text))
        }),
        Command::new("owl_does_defend", |s: &mut Session<P>, a: &Args<'_>| {
            let (m, t) = move_and_stone(s, a)?;
            let text =
                owl(s, |owl, board, budget, scratch| owl.does_defend(board, m, t, budget, scratch));
            Ok(code_only(&text))
        }),
        Command::new("dragon_status", |s: &mut Session<P>, a: &Args<'_>| {
            if a.is_empty() {
                let dragons = Dragons::new(s.position.board());
                let mut origins: Vec<Point> =
                    dragons.dragons().iter().map(|d| render::board_order(&d.stones)[0]).collect();
                origins.sort_by_key(|p| (core::cmp::Reverse(p.row()), p.col()));
                let lines: Vec<String> = origins
                    .into_iter()
                    .map(|p| format!("{p}: {}", dragon_status(s, p).status))
                    .collect();
                return Ok(lines.join("\n"));
            }
            let t = stone(s, a, 0)?;
            Ok(dragon_status(s, t).status.to_string())
        }),
        Command::new("analyze_semeai", |s: &mut Session<P>, a: &Args<'_>| {
            let (x, y) = (stone(s, a, 0)?, stone(s, a, 1)?);
            let mut board = s.position.board().clone();
            let mut scratch = OwlScratch::new();
            let answer = Semeai::new().analyze(&mut board, x, y, &mut scratch);
            s.reading.counters.owl += answer.nodes;
            s.reading.counters.reading += scratch.take_tactical_nodes();
            Ok(answer.to_string())
        }),
        Command::new("gogui-dragon_status", |s: &mut Session<P>, a: &Args<'_>| {
            let t = stone(s, a, 0)?;
            let status = dragon_status(s, t);
            let dragons = Dragons::new(s.position.board());
            let stones = dragons.dragon_at(t).map(|d| d.stones).unwrap_or_default();
            let mut out = format!("SQUARE {}", render::vertex_list(&stones));
            if let Status::Critical { attack, defend } = status.status {
                if attack == defend {
                    out.push_str(&format!("\nLABEL {attack} AD"));
                } else {
                    out.push_str(&format!("\nLABEL {attack} A\nLABEL {defend} D"));
                }
            }
            let uncertain = if status.certain { "" } else { " (uncertain)" };
            out.push_str(&format!("\nTEXT {}{uncertain}", status.status));
            Ok(out)
        })
        .analyze(AnalyzeKind::Gfx, "Dragon Status", "%p"),
    ]
}

/// Runs an owl question on a copy of the board, counts its nodes and answers in GNU
/// Go's form (with ` uncertain` when asked for and a budget decided).
fn owl<P: Player>(
    s: &mut Session<P>,
    ask: impl FnOnce(&Owl, &mut Board, Budget, &mut OwlScratch) -> Answer,
) -> String {
    let mut board = s.position.board().clone();
    let mut scratch = OwlScratch::new();
    let answer = ask(&Owl::default(), &mut board, Owl::BUDGET, &mut scratch);
    let state = &mut s.reading;
    state.counters.owl += answer.nodes;
    state.counters.reading += scratch.take_tactical_nodes();
    if state.report_uncertainty && !answer.certain {
        format!("{answer} uncertain")
    } else {
        answer.to_string()
    }
}

/// The owl status of the dragon on `t`, its nodes counted.
fn dragon_status<P: Player>(s: &mut Session<P>, t: Point) -> OwlStatus {
    let mut board = s.position.board().clone();
    let mut scratch = OwlScratch::new();
    let status = Owl::default().status(&mut board, t, Owl::BUDGET, &mut scratch);
    s.reading.counters.owl += status.nodes;
    s.reading.counters.reading += scratch.take_tactical_nodes();
    status
}

/// The answer of a `does` question: the code (and ` uncertain`), without the move.
fn code_only(text: &str) -> String {
    let mut words = text.split(' ');
    let code = words.next().unwrap_or("0");
    if text.ends_with(" uncertain") { format!("{code} uncertain") } else { code.to_owned() }
}

#[cfg(test)]
mod tests {
    use crate::gtp::Session;
    use crate::player::RandomPlayer;

    fn run(session: &mut Session<RandomPlayer>, line: &str) -> String {
        let r = session.execute(line).expect("a command");
        assert!(r.is_success(), "{line}: {}", r.text());
        r.text().to_owned()
    }

    /// GNU Go 3.8's answers on the same position (diagonal stones are one dragon).
    #[test]
    fn issue_11_dragon_stones_and_same_dragon_answer_as_gnu_go() {
        let mut s = Session::new(RandomPlayer::new(0));
        for line in ["boardsize 9", "play b c3", "play b d4", "play b e3", "play w g7"] {
            run(&mut s, line);
        }
        assert_eq!(run(&mut s, "dragon_stones c3"), "D4 C3 E3");
        assert_eq!(run(&mut s, "dragon_stones"), "G7\nD4 C3 E3");
        assert_eq!(run(&mut s, "same_dragon c3 e3"), "1");
        assert_eq!(run(&mut s, "same_dragon c3 g7"), "0");
        let bad = s.execute("same_dragon c3 a1").unwrap();
        assert_eq!(bad.text(), "vertex must not be empty");
    }

    /// GNU Go 3.8 gives the same answers on this position (a straight three in the
    /// corner): `critical B1 B1`, `1 B1`, `1 B1`, `1`, `0`, `0`, `1 PASS`, `alive`,
    /// `1 1 B1`.
    #[test]
    fn issue_11_owl_commands_answer_as_gnu_go() {
        let mut s = Session::new(RandomPlayer::new(0));
        run(&mut s, "boardsize 7");
        for m in ["a2", "b2", "c2", "d2", "d1"] {
            run(&mut s, &format!("play b {m}"));
        }
        for m in ["a3", "b3", "c3", "d3", "e3", "e2", "e1"] {
            run(&mut s, &format!("play w {m}"));
        }
        assert_eq!(run(&mut s, "dragon_status a2"), "critical B1 B1");
        assert_eq!(run(&mut s, "owl_attack a2"), "1 B1");
        assert_eq!(run(&mut s, "owl_defend a2"), "1 B1");
        assert_eq!(run(&mut s, "owl_does_attack b1 a2"), "1");
        assert_eq!(run(&mut s, "owl_does_defend a1 a2"), "0");
        assert_eq!(run(&mut s, "owl_attack e3"), "0");
        assert_eq!(run(&mut s, "owl_defend e3"), "1 PASS");
        assert_eq!(run(&mut s, "dragon_status e3"), "alive");
        assert_eq!(run(&mut s, "analyze_semeai e3 a2"), "1 1 B1");
        assert!(run(&mut s, "get_owl_node_counter").parse::<u64>().unwrap() > 0);
        let gfx = run(&mut s, "gogui-dragon_status a2");
        assert_eq!(gfx, "SQUARE A2 B2 C2 D2 D1\nLABEL B1 AD\nTEXT critical B1 B1");
    }
}
