//! Perft: counting the move sequences of a given length, the standard check of a move
//! generator (and a benchmark of it).

use crate::{Move, Position};

/// The number of move sequences of exactly `depth` moves from `position`, the colours
/// alternating from the side to move.
///
/// The conventions: every legal point and the pass is a move; legality is decided by
/// the position's [`Rules`](crate::Rules) (ko rule, suicide) and its superko history;
/// the game ends after two consecutive passes, and a sequence that ends earlier than
/// `depth` moves is not counted. The position itself is not changed (the count runs on
/// a copy, with [`Position::try_play`] and [`Position::undo`]); at depth 1 the legal
/// moves are counted without playing them.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Position, Rules, perft};
/// let pos = Position::new(BoardSize::square(2)?, Rules::chinese());
/// // 4 points and the pass; then 3 points and the pass after each stone, 4 points
/// // and the pass after the pass.
/// assert_eq!(perft(&pos, 1), 5);
/// assert_eq!(perft(&pos, 2), 4 * 4 + 5);
/// # Ok::<_, go_board::SizeError>(())
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    let mut pos = position.clone();
    count(&mut pos, depth)
}

fn count(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.legal_moves().count() as u64;
    }
    let moves: Vec<Move> = pos.legal_moves().collect();
    let mut nodes = 0;
    for mv in moves {
        pos.try_play(mv).expect("a move from legal_moves is legal");
        nodes += count(pos, depth - 1);
        pos.undo().expect("the move just played can be undone");
    }
    nodes
}
