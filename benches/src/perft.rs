//! A second perft for Go, on the fast [`Board`], to check and to price
//! [`go_board::perft`] (which asks [`Position`](go_board::Position), the rules
//! authority).
//!
//! Same conventions as `go_board::perft`: a move is a legal point or the pass; the game
//! ends after two consecutive passes, and a sequence that ends the game before the
//! requested depth is not counted (a second pass as the last move of a sequence is);
//! at depth 1 the moves are counted without playing them where legality allows it.
//! Legality here is [`Board::is_legal`] (simple ko, no suicide) plus, for positional
//! superko, an explicit stack of the colourings of the path compared stone by stone —
//! independent of `Position`'s Zobrist-and-confirm history.

use go_board::{Board, Color, Point, PointSet};

/// How [`perft_board`] judges repetition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKo {
    /// Simple ko only ([`Board::is_legal`]).
    Simple,
    /// Positional superko: no colouring of the path may recur (passes aside).
    Positional,
}

/// The leaves of the move tree of depth `depth`, by the fast [`Board`]: `color` to move,
/// `passes` consecutive passes so far, no suicide, and repetition judged by `ko`.
/// The board is restored before returning.
pub fn perft_board(board: &mut Board, color: Color, passes: u32, depth: u32, ko: BoardKo) -> u64 {
    let mut history = vec![planes(board)];
    let mut points = vec![Vec::new(); depth as usize];
    perft_board_rec(board, color, passes, ko, &mut history, &mut points)
}

fn planes(board: &Board) -> [PointSet; 2] {
    [*board.stones(Color::Black), *board.stones(Color::White)]
}

/// Recursion with one point buffer per remaining ply.
fn perft_board_rec(
    board: &mut Board,
    color: Color,
    passes: u32,
    ko: BoardKo,
    history: &mut Vec<[PointSet; 2]>,
    buffers: &mut [Vec<Point>],
) -> u64 {
    let Some((points, rest)) = buffers.split_first_mut() else { return 1 };
    if passes >= 2 {
        return 0;
    }
    points.clear();
    points.extend(board.empty_set().iter().filter(|&p| board.is_legal(color, p)));
    if rest.is_empty() && ko == BoardKo::Simple {
        // Depth 1: every legal point and the pass.
        return points.len() as u64 + 1;
    }
    let mut nodes = 0;
    for &p in points.iter() {
        let undo = board.play(color, p);
        let now = planes(board);
        if ko == BoardKo::Simple || !history.contains(&now) {
            history.push(now);
            nodes += perft_board_rec(board, !color, 0, ko, history, rest);
            history.pop();
        }
        board.undo(undo);
    }
    let undo = board.pass();
    nodes += perft_board_rec(board, !color, passes + 1, ko, history, rest);
    board.undo(undo);
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::{BoardSize, Position, Rules, perft};

    fn both(n: u32, depth: u32) -> [(u64, u64); 2] {
        let size = BoardSize::square(n).unwrap();
        let mut out = [(0, 0); 2];
        for (k, (rules, ko)) in
            [(Rules::japanese(), BoardKo::Simple), (Rules::chinese(), BoardKo::Positional)]
                .into_iter()
                .enumerate()
        {
            let by_position = perft(&Position::new(size, rules), depth);
            let mut board = Board::new(size);
            let by_board = perft_board(&mut board, Color::Black, 0, depth, ko);
            assert_eq!(board, Board::new(size));
            out[k] = (by_position, by_board);
        }
        out
    }

    #[test]
    fn position_and_board_agree_on_small_boards() {
        for (n, depth) in [(1, 4), (2, 8), (3, 4), (4, 3)] {
            for (by_position, by_board) in both(n, depth) {
                assert_eq!(by_position, by_board, "{n}x{n} depth {depth}");
            }
        }
    }

    #[test]
    fn shallow_counts_follow_from_the_rules() {
        // Depth 1 on an empty n×n board: every point and the pass.
        for n in 1..=4 {
            let size = BoardSize::square(n).unwrap();
            let expected = if n == 1 { 1 } else { u64::from(n * n) + 1 };
            for ko in [BoardKo::Simple, BoardKo::Positional] {
                let mut board = Board::new(size);
                assert_eq!(perft_board(&mut board, Color::Black, 0, 1, ko), expected, "{n}x{n}");
            }
        }
        // 1×1: the only board move is a suicide, so the tree is a line of passes that
        // ends after two of them.
        let [(simple, _), (psk, _)] = both(1, 2);
        assert_eq!((simple, psk), (1, 1));
        assert_eq!(both(1, 3), [(0, 0), (0, 0)]);
    }

    #[test]
    fn superko_prunes_the_2x2_tree() {
        // On 2×2 positional superko bans recaptures that simple ko allows.
        let [(simple, _), (psk, _)] = both(2, 8);
        assert!(psk < simple, "psk {psk} simple {simple}");
    }
}
