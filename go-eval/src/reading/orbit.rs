//! A scan order of the board's points that does not depend on the board's orientation
//! or colours, so that a selective reader picks the same moves (up to the symmetry)
//! however the board is turned: its answers are then the same in every orientation.
//!
//! A reader that tries only its best few moves breaks ties between moves its heuristics
//! value alike; breaking them in the order go-board numbers the points makes the answer
//! depend on how the board is turned. [`Frame`] turns the board into a canonical
//! orientation first (the image, among the 8, with the least Zobrist hash, one chosen
//! side's stones hashed as Black) and ranks the points in the scan order of that image:
//! the same coherent sweep across the board as the plain scan order, but one that
//! turns with the board. A board that is its own image under some symmetry has several
//! canonical orientations; their orders are images of each other, so the moves a
//! reader picks are too.

use go_board::{Board, BoardSize, Color, Point, Symmetry, zobrist};

/// The canonical orientation of a board, for ranking its points.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    size: BoardSize,
    turn: Symmetry,
}

impl Frame {
    /// The frame of `board`, `first`'s stones hashed as Black (so the frame turns with
    /// the board when the colours are swapped together with `first`).
    pub(crate) fn new(board: &Board, first: Color) -> Frame {
        let size = board.size();
        let mut hashes = [0u64; 8];
        for color in Color::ALL {
            let as_color = if color == first { Color::Black } else { Color::White };
            for p in board.stones(color) {
                for (h, s) in hashes.iter_mut().zip(Symmetry::ALL) {
                    *h ^= zobrist::key(s.apply(p, size), as_color);
                }
            }
        }
        // The least hash; among equal ones (a symmetric board), the first symmetry.
        let turn = Symmetry::ALL
            .into_iter()
            .zip(hashes)
            .min_by_key(|&(_, h)| h)
            .map_or(Symmetry::IDENTITY, |(s, _)| s);
        Frame { size, turn }
    }

    /// The rank of `p` in the canonical scan order (lowest first).
    pub(crate) fn rank(&self, p: Point) -> u32 {
        let image = self.turn.apply(p, self.size);
        let cols = u32::from(self.turn.apply_size(self.size).cols());
        u32::from(image.row()) * cols + u32::from(image.col())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reading::dragon::testing::transformed;

    #[test]
    fn ranks_turn_with_the_board_and_its_colours() {
        let board = Board::from_diagram(
            "
            . . . . . . .
            . X O . . . .
            . . X O . . .
            . . . . X . .
            . O . . . . .
            ",
        )
        .expect("a diagram");
        let size = board.size();
        let frame = Frame::new(&board, Color::Black);
        let mut ranks: Vec<u32> = board.empty_set().iter().map(|p| frame.rank(p)).collect();
        ranks.sort_unstable();
        ranks.dedup();
        assert_eq!(ranks.len(), board.empty_set().len(), "a rank per point");
        for s in Symmetry::ALL {
            for swap in [false, true] {
                let there = Frame::new(
                    &transformed(&board, s, swap),
                    if swap { Color::White } else { Color::Black },
                );
                for p in board.empty_set() {
                    assert_eq!(there.rank(s.apply(p, size)), frame.rank(p), "{p} under {s:?}");
                }
            }
        }
    }
}
