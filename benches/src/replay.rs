//! A fixed long random game, replayed by [`Position::try_play`] (the rules authority,
//! with its superko history) and by [`Board::play`] (the fast path), to price the rules
//! layer per move.

use go_board::{Board, BoardSize, Color, Move, Position, Rules};

use crate::playout::XorShift64Star;

/// A random game legal under `rules`, from an empty board of `size`: the playout picker
/// (random start in the empty list, scan to the first point that is not the mover's
/// one-point eye and that `Position` accepts), passes when there is none, until two
/// passes or 3·N² moves.
pub fn random_game(size: BoardSize, rules: Rules, seed: u64) -> Vec<Move> {
    let mut rng = XorShift64Star::new(seed);
    let mut pos = Position::new(size, rules);
    let mut moves = Vec::new();
    let cap = 3 * size.point_count();
    while !pos.is_over() && moves.len() < cap {
        let board = pos.board();
        let color = pos.to_move();
        let n = board.empty_count();
        let mut chosen = Move::Pass;
        if n > 0 {
            let first = rng.below(n);
            for k in 0..n {
                let p = board.empty_point((first + k) % n);
                if !board.is_simple_eye(color, p) && pos.is_legal(Move::Play(p)) {
                    chosen = Move::Play(p);
                    break;
                }
            }
        }
        pos.try_play(chosen).expect("the picker chose a legal move");
        moves.push(chosen);
    }
    moves
}

/// Replays `moves` by [`Position::try_play`] under `rules`; returns the final position.
///
/// # Panics
///
/// If a move is illegal under `rules`.
#[inline]
pub fn replay_position(size: BoardSize, rules: Rules, moves: &[Move]) -> Position {
    let mut pos = Position::new(size, rules);
    for &mv in moves {
        if let Err(e) = pos.try_play(mv) {
            panic!("move {} ({mv}) of the fixed game is illegal: {e}", pos.move_count() + 1);
        }
    }
    pos
}

/// Replays `moves` by [`Board::play`] and [`Board::pass`], colours alternating from
/// Black; returns the final board.
#[inline]
pub fn replay_board(size: BoardSize, moves: &[Move]) -> Board {
    let mut board = Board::new(size);
    let mut color = Color::Black;
    for &mv in moves {
        match mv {
            Move::Play(p) => {
                board.play(color, p);
            }
            Move::Pass => {
                board.pass();
            }
        }
        color = !color;
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_replays_agree_and_the_game_is_long_with_captures() {
        let size = BoardSize::square(13).unwrap();
        let moves = random_game(size, Rules::chinese(), 9);
        assert!(moves.len() > 150, "{}", moves.len());
        let pos = replay_position(size, Rules::chinese(), &moves);
        assert!(pos.is_over());
        let board = replay_board(size, &moves);
        assert_eq!(&board, pos.board());
        assert!(board.captures()[Color::Black] + board.captures()[Color::White] > 0);
        // A game legal under positional superko is legal under simple ko too.
        assert_eq!(replay_position(size, Rules::japanese(), &moves).board(), &board);
        assert_eq!(random_game(size, Rules::chinese(), 9), moves);
    }
}
