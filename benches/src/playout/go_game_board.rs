//! The `go_game_board` 0.1.1 crate (Ł. Lew's libEGo port, Apache-2.0) under the playout
//! protocol, driven as `reference/board.md` §1 describes: `Board::with_size(n, n)`,
//! `load(&empty)` per playout, `empty_vertex(i)`, `is_legal`, `play_legal`. The eye rule
//! is written through `color_at`; the final count is the crate's own `playout_score`
//! (stones plus points whose four neighbours are one colour or off the board), with the
//! crate's built-in komi taken off.

use go_board::Color;
use go_game_board::{Board, Color as Cell, Player, Vertex};

use super::PlayoutBoard;

/// `go_game_board::Board` under the playout protocol.
pub struct GoGameBoardPlayouts {
    side: u32,
    empty: Board,
    board: Board,
    /// `playout_score` of the empty board: the crate's built-in komi (it has no
    /// setter), subtracted to get the raw count.
    komi_offset: i32,
}

impl std::fmt::Debug for GoGameBoardPlayouts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GoGameBoardPlayouts").field("side", &self.side).finish_non_exhaustive()
    }
}

impl GoGameBoardPlayouts {
    /// Playouts on an empty `n`×`n` board.
    ///
    /// # Panics
    ///
    /// If `n` is 0 or above 19 (the crate's maximum).
    pub fn new(n: u32) -> GoGameBoardPlayouts {
        let empty = Board::with_size(n as usize, n as usize);
        let komi_offset = empty.playout_score();
        GoGameBoardPlayouts { side: n, board: empty.clone(), empty, komi_offset }
    }

    /// The board as the last playout left it.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The vertex at column `col` and row `row` (both from 0).
    pub fn vertex(col: u32, row: u32) -> Vertex {
        Vertex::from_coords(row as isize, col as isize)
    }
}

#[inline]
fn player(color: Color) -> Player {
    match color {
        Color::Black => Player::Black,
        Color::White => Player::White,
    }
}

#[inline]
fn cell(color: Color) -> Cell {
    match color {
        Color::Black => Cell::Black,
        Color::White => Cell::White,
    }
}

impl PlayoutBoard for GoGameBoardPlayouts {
    type Point = Vertex;

    fn side(&self) -> u32 {
        self.side
    }

    #[inline]
    fn reset(&mut self) {
        self.board.load(&self.empty);
    }

    #[inline]
    fn empty_len(&self) -> usize {
        self.board.empty_vertex_count()
    }

    #[inline]
    fn empty_at(&self, i: usize) -> Vertex {
        self.board.empty_vertex(i)
    }

    #[inline]
    fn is_eye(&self, color: Color, v: Vertex) -> bool {
        let b = &self.board;
        let own = cell(color);
        for n in [v.up(), v.left(), v.right(), v.down()] {
            let c = b.color_at(n);
            if c != own && c != Cell::OffBoard {
                return false;
            }
        }
        let opponent = cell(!color);
        let mut bad = 0;
        let mut off = false;
        for d in [v.up().left(), v.up().right(), v.down().left(), v.down().right()] {
            match b.color_at(d) {
                Cell::OffBoard => off = true,
                c if c == opponent => bad += 1,
                _ => {}
            }
        }
        super::diagonals_allow_eye(bad, off)
    }

    #[inline]
    fn is_legal(&self, color: Color, v: Vertex) -> bool {
        self.board.is_legal(player(color), v)
    }

    #[inline]
    fn play(&mut self, color: Color, v: Vertex) {
        self.board.play_legal(player(color), v);
    }

    #[inline]
    fn pass(&mut self, color: Color) {
        self.board.play_legal(player(color), Vertex::pass());
    }

    #[inline]
    fn count(&self) -> i32 {
        self.board.playout_score() - self.komi_offset
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::{XorShift64Star, playout};

    /// The crate's `playout_score` and a count through `color_at` agree at the end of a
    /// playout (every empty point is then a one-point eye).
    #[test]
    fn final_count_matches_a_scan_of_the_board() {
        let mut driver = GoGameBoardPlayouts::new(9);
        let mut rng = XorShift64Star::new(11);
        for _ in 0..30 {
            let outcome = playout(&mut driver, &mut rng);
            let mut scan = 0;
            for row in 0..9 {
                for col in 0..9 {
                    let v = GoGameBoardPlayouts::vertex(col, row);
                    scan += match driver.board().color_at(v) {
                        Cell::Black => 1,
                        Cell::White => -1,
                        _ if driver.is_eye(Color::Black, v) => 1,
                        _ if driver.is_eye(Color::White, v) => -1,
                        other => panic!("{other:?} at the end of a playout is not an eye"),
                    };
                }
            }
            assert_eq!(outcome.black_minus_white, scan);
            assert!(!outcome.capped);
        }
    }
}
