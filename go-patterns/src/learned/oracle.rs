//! Reading that the tactical features ask for: whether a chain dies in a ladder. A
//! trait, so that an engine can answer with its own reader; [`LadderReader`] answers on
//! the board alone.

use core::cell::Cell;

use go_board::{Board, Color, Point};

/// Answers the reading questions of the tactical features.
pub trait TacticalOracle {
    /// Whether the chain on `chain` is captured in a ladder with `to_move` playing first:
    /// the attacker keeps it in atari move after move, the defender extends or captures
    /// an attacking chain in atari, until the chain is taken (`Some(true)`) or reaches
    /// three liberties (`Some(false)`).
    ///
    /// The question applies to a chain with one liberty and its owner to move, or two
    /// liberties and the opponent to move; otherwise, and when the reading stops at the
    /// oracle's limit, the answer is `None`.
    fn ladder_captured(&self, board: &Board, chain: Point, to_move: Color) -> Option<bool>;
}

impl<T: TacticalOracle + ?Sized> TacticalOracle for &T {
    fn ladder_captured(&self, board: &Board, chain: Point, to_move: Color) -> Option<bool> {
        (**self).ladder_captured(board, chain, to_move)
    }
}

/// A ladder reader on the board alone: the defender tries every capture of an adjacent
/// attacking chain in atari and the extension on its liberty; the attacker tries both
/// liberties. Deterministic and symmetric (the answer does not depend on the board's
/// orientation or colours), bounded by a number of moves played.
///
/// # Examples
///
/// ```
/// use go_board::{Board, Color, Point};
/// use go_patterns::learned::{LadderReader, TacticalOracle};
///
/// // White's stone on B2 is in atari: extending to C2 only starts a ladder.
/// let board = Board::from_diagram("
///     . . . . . .
///     . . . . . .
///     . . . . . .
///     . X . . . .
///     X O . . . .
///     . X X . . .
/// ")?;
/// let reader = LadderReader::default();
/// let b2 = Point::parse_gtp("B2", board.size())?;
/// assert_eq!(reader.ladder_captured(&board, b2, Color::White), Some(true));
/// // Black's A2 has two liberties: with Black to move, the question does not apply.
/// let a2 = Point::parse_gtp("A2", board.size())?;
/// assert_eq!(reader.ladder_captured(&board, a2, Color::Black), None);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LadderReader {
    /// The most moves a reading may play before it gives up (`None`).
    pub max_moves: u32,
}

impl Default for LadderReader {
    /// 400 moves: a ladder across the board and its side branches.
    fn default() -> LadderReader {
        LadderReader { max_moves: 400 }
    }
}

/// The reading ran out of moves.
struct OutOfMoves;

impl LadderReader {
    /// Whether the chain (one liberty, its owner to move) is captured.
    fn defend(
        &self,
        board: &mut Board,
        chain: Point,
        left: &Cell<u32>,
    ) -> Result<bool, OutOfMoves> {
        let defender = board.color_at(chain).expect("a stone");
        let size = board.size();
        let liberty = board.liberties(chain).first().expect("one liberty");
        // The defender's options: capture an adjacent attacking chain in atari, or extend.
        let mut options: Vec<Point> = Vec::with_capacity(4);
        for stone in board.chain_stones(chain).iter() {
            for n in stone.neighbours(size) {
                if board.color_at(n) == Some(!defender) && board.liberty_count(n) == 1 {
                    let l = board.liberties(n).first().expect("one liberty");
                    if !options.contains(&l) {
                        options.push(l);
                    }
                }
            }
        }
        if !options.contains(&liberty) {
            options.push(liberty);
        }
        options.sort_unstable();
        for q in options {
            if !board.is_legal(defender, q) {
                continue;
            }
            let escaped = self.after(board, defender, q, left, |board, left| {
                match board.liberty_count(chain) {
                    0 | 1 => Ok(false),
                    2 => self.attack(board, chain, left).map(|captured| !captured),
                    _ => Ok(true),
                }
            })?;
            if escaped {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether the chain (two liberties, the attacker to move) is captured.
    fn attack(
        &self,
        board: &mut Board,
        chain: Point,
        left: &Cell<u32>,
    ) -> Result<bool, OutOfMoves> {
        let attacker = !board.color_at(chain).expect("a stone");
        let mut liberties: Vec<Point> = board.liberties(chain).iter().collect();
        liberties.sort_unstable();
        for l in liberties {
            if !board.is_legal(attacker, l) {
                continue;
            }
            let captured = self.after(board, attacker, l, left, |board, left| {
                if board.liberty_count(chain) == 1 {
                    self.defend(board, chain, left)
                } else {
                    Ok(false)
                }
            })?;
            if captured {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Plays `color` at `point`, answers `then`, and takes the move back.
    fn after(
        &self,
        board: &mut Board,
        color: Color,
        point: Point,
        left: &Cell<u32>,
        then: impl FnOnce(&mut Board, &Cell<u32>) -> Result<bool, OutOfMoves>,
    ) -> Result<bool, OutOfMoves> {
        let budget = left.get();
        if budget == 0 {
            return Err(OutOfMoves);
        }
        left.set(budget - 1);
        let undo = board.play(color, point);
        let answer = then(board, left);
        board.undo(undo);
        answer
    }
}

impl TacticalOracle for LadderReader {
    fn ladder_captured(&self, board: &Board, chain: Point, to_move: Color) -> Option<bool> {
        let owner = board.color_at(chain)?;
        let liberties = board.liberty_count(chain);
        let left = Cell::new(self.max_moves);
        let mut scratch = board.clone();
        let answer = match (liberties, to_move == owner) {
            (1, true) => self.defend(&mut scratch, chain, &left),
            (2, false) => self.attack(&mut scratch, chain, &left),
            (1, false) => Ok(true),
            _ => return None,
        };
        answer.ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(board: &Board, v: &str) -> Point {
        Point::parse_gtp(v, board.size()).unwrap()
    }

    #[test]
    fn a_ladder_and_its_breaker() {
        // White B2 in a ladder towards the top right of a 9x9 board.
        let ladder = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . X . . . . . . .
            X O . . . . . . .
            . X X . . . . . .
        ";
        let board = Board::from_diagram(ladder).unwrap();
        let reader = LadderReader::default();
        assert_eq!(reader.ladder_captured(&board, at(&board, "B2"), Color::White), Some(true));
        assert_eq!(reader.ladder_captured(&board, at(&board, "B2"), Color::Black), Some(true));
        // A white ladder breaker on the diagonal.
        let mut broken = board.clone();
        broken.set_point(at(&board, "G8"), Some(Color::White)).unwrap();
        assert_eq!(reader.ladder_captured(&broken, at(&board, "B2"), Color::White), Some(false));
        // A black stone on the diagonal helps the attacker.
        let mut helped = board.clone();
        helped.set_point(at(&board, "G8"), Some(Color::Black)).unwrap();
        assert_eq!(reader.ladder_captured(&helped, at(&board, "B2"), Color::White), Some(true));
        // Too few moves to read: no answer.
        let short = LadderReader { max_moves: 3 };
        assert_eq!(short.ladder_captured(&board, at(&board, "B2"), Color::White), None);
        // Not a question: an empty point, or a chain with many liberties.
        assert_eq!(reader.ladder_captured(&board, at(&board, "E5"), Color::Black), None);
        assert_eq!(reader.ladder_captured(&board, at(&board, "A2"), Color::Black), None);
        // Black's A2 (two liberties) with White to move: a question, and no ladder.
        assert_eq!(reader.ladder_captured(&board, at(&board, "A2"), Color::White), Some(false));
    }

    #[test]
    fn the_defender_captures_an_attacker_in_atari() {
        // Black's atari at C3 leaves the black stone C2 in atari: White takes it.
        let board = Board::from_diagram(
            "
            . . . . . .
            . . . . . .
            . . X . . .
            . X O . . .
            . O X . . .
            . . O . . .
            ",
        )
        .unwrap();
        let reader = LadderReader::default();
        // White C3 has one liberty (D3), White to move: capturing C2 (at D2... ) or
        // extending; C2 black has one liberty (D2) so White D2 captures it.
        let c3 = at(&board, "C3");
        assert_eq!(board.liberty_count(c3), 1);
        assert_eq!(reader.ladder_captured(&board, c3, Color::White), Some(false));
    }
}
