//! The dragon commands of the GTP session, with GNU Go 3.8's names, arguments and
//! answers: `dragon_stones [VERTEX]` (the stones of a dragon in board order, or every
//! dragon, one per line), `same_dragon V1 V2` (`1` or `0`).
//!
//! Dragons are [`go_eval::reading::dragon::Dragons`] of the current board.

use go_eval::reading::dragon::Dragons;

use super::Session;
use super::command::{Args, Command};
use super::reading::stone;
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
    ]
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
}
