//! Move generation and ordering: every empty point of the region and a pass, each with
//! a class that sets the search's initial proof numbers (class 0 is tried first).
//!
//! Ordering never removes a move, so it changes the work, never the answer.

use go_board::{Color, PointSet};

use super::game::{Code, Game, PASS};

/// How the solver orders moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum MoveOrder {
    /// Liberties of the target, captures and rescues first, then points near the target
    /// or next to stones, then the rest, then a pass.
    #[default]
    Heuristic,
    /// Every move alike, in the order of the points, a pass last (used to re-verify
    /// answers by a search that owes nothing to the heuristic).
    Plain,
}

/// The classes; the search starts a move of class `c` at disproof number `1 + c`.
pub(crate) const CLASSES: u8 = 4;

/// The candidate moves of the side to move with their classes, into `out` (cleared).
pub(crate) fn candidates(game: &Game, order: MoveOrder, out: &mut Vec<(Code, u8)>) {
    out.clear();
    let board = &game.board;
    let empty = board.empty_set() & game.region();
    if order == MoveOrder::Plain {
        out.extend(
            game.points().iter().filter(|p| empty.contains(**p)).map(|p| (p.index() as Code, 0)),
        );
        out.push((PASS, 0));
        return;
    }
    let mover = game.to_move;
    let defender_stones = *board.stones(game.defender);
    let on_board = board.size().on_board();
    let target = PointSet::flood_fill(&(game.target & defender_stones), &defender_stones);
    let libs = target.adjacent(&board.empty_set());
    let near = libs.dilate(&on_board);
    let stones = *board.stones(Color::Black) | *board.stones(Color::White);
    let by_stones = stones.adjacent(&on_board);
    let start = out.len();
    for &p in game.points() {
        if !empty.contains(p) {
            continue;
        }
        let urgent = libs.contains(p)
            || board.would_capture(mover, p)
            || p.neighbours(board.size())
                .any(|n| board.color_at(n) == Some(mover) && board.liberty_count(n) == 1);
        let class = if urgent {
            0
        } else if near.contains(p) {
            1
        } else if by_stones.contains(p) {
            2
        } else {
            3
        };
        out.push((p.index() as Code, class));
    }
    out[start..].sort_by_key(|&(_, c)| c);
    out.push((PASS, CLASSES - 1));
}
