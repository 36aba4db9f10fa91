//! Reading's dragon moves as a [`CandidateGenerator`]: kill and live (owl), connect
//! and cut (the connection reader), each with the stones at stake. [`UrgentMoves`](super::urgent::UrgentMoves) reads chains short of liberties;
//! this reads whole dragons, which costs tens of milliseconds a position, so the union
//! runs it at the root only ([`UnionConfig::slow`](super::candidates::UnionConfig::slow)).
//!
//! For the side to move, with go-eval's readers and [`DragonMoves::budget`] per
//! question:
//!
//! - every dragon the owl reader finds **critical** ([`Status::Critical`]: whoever moves
//!   first decides it) gives its saving move (an own dragon, item `live V`, intent
//!   [`Intent::Defend`]) or its killing move (an enemy dragon, `kill V`,
//!   [`Intent::Attack`]);
//!   (A capturing race between two weak dragons is read by the owl reader as the life
//!   of each, so its moves come as kill and live.)
//! - every pair of chains of one colour that share a liberty (diagonal stones, jumps)
//!   is read for a **cut** ([`Connection::disconnect`], the owner's opponent first):
//!   own chains that can be cut give the connecting move ([`Connection::connect`],
//!   `connect V W`, [`Intent::Defend`]), enemy ones the cutting move (`cut V W`,
//!   [`Intent::Attack`]); the weight is the smaller chain's stones.
//!
//! V and W name a dragon or chain by a stone of it. Answers cut by the budget are used
//! too (the search checks the move anyway); illegal moves are the union's to drop.

use std::cell::RefCell;

use go_board::{Board, Color, Move, Point, Position, Status};
use go_eval::reading::Budget;
use go_eval::reading::connect::{Connection, ConnectionScratch};
use go_eval::reading::owl::{Owl, OwlScratch};
use go_patterns::{Candidate, CandidateGenerator, Intent, Source};

/// The dragon-move generator; see the [module documentation](self).
///
/// # Examples
///
/// ```
/// use go_board::{Color, Move, Position, Rules};
/// use go_engine::player::vital::DragonMoves;
/// use go_patterns::CandidateGenerator;
///
/// // White's corner has a straight three of eye space: B1 lives, or kills.
/// let mut position = Position::from_diagram(
///     "
///     . . . . . .
///     . . . . . .
///     . . . . . .
///     X X X X X .
///     O O O O X .
///     . . . O X .
///     ",
///     Rules::chinese(),
/// )?;
/// let mut out = Vec::new();
/// DragonMoves::default().generate(&position, &mut out);
/// let b1 = Move::parse_gtp("B1", position.size())?;
/// assert!(out.iter().any(|c| c.mv == b1 && c.source.to_string().starts_with("dragons/kill")));
/// position.set_to_move(Color::White);
/// out.clear();
/// DragonMoves::default().generate(&position, &mut out);
/// assert!(out.iter().any(|c| c.mv == b1 && c.source.to_string().starts_with("dragons/live")));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DragonMoves {
    /// The budget of each owl and connection question.
    pub budget: Budget,
}

impl Default for DragonMoves {
    /// 300 nodes and 10 plies per question (the evaluation's owl budget).
    fn default() -> DragonMoves {
        DragonMoves { budget: Budget::new(300, 10) }
    }
}

thread_local! {
    /// One owl and one connection scratch per thread.
    static SCRATCH: RefCell<(OwlScratch, ConnectionScratch)> =
        RefCell::new((OwlScratch::new(), ConnectionScratch::new()));
}

impl CandidateGenerator for DragonMoves {
    fn name(&self) -> &str {
        "dragons"
    }

    fn generate(&self, position: &Position, out: &mut Vec<Candidate>) {
        let mover = position.to_move();
        let board = position.board();
        SCRATCH.with(|scratch| {
            let (owl, connection) = &mut *scratch.borrow_mut();
            let statuses = Owl::default().dragon_statuses(board, self.budget, owl);
            let mut work = board.clone();
            let mut push = |mv: Point, intent, weight: usize, item: String| {
                let source = Source::new("dragons", item);
                out.push(Candidate::new(Move::Play(mv), intent, weight as f64, source));
            };
            for (d, s) in &statuses {
                if let Status::Critical { attack, defend } = s.status {
                    let (mv, intent, word) = if d.color == mover {
                        (defend, Intent::Defend, "live")
                    } else {
                        (attack, Intent::Attack, "kill")
                    };
                    push(mv, intent, d.stones.len(), format!("{word} {}", d.origin()));
                }
            }
            for (a, b, smaller, color) in cut_pairs(board) {
                let cut = Connection::new().disconnect(&mut work, a, b, self.budget, connection);
                if !cut.outcome.is_success() {
                    continue;
                }
                let (answer, intent, word) = if color == mover {
                    let join = Connection::new().connect(&mut work, a, b, self.budget, connection);
                    (join, Intent::Defend, "connect")
                } else {
                    (cut, Intent::Attack, "cut")
                };
                if let (true, Some(Move::Play(p))) = (answer.outcome.is_success(), answer.point) {
                    push(p, intent, smaller, format!("{word} {a} {b}"));
                }
            }
        });
    }
}

/// The pairs of chains of one colour that share a liberty (diagonal stones, one-point
/// jumps, ...): `(a stone of one, a stone of the other, the smaller's stones, colour)`.
fn cut_pairs(board: &Board) -> Vec<(Point, Point, usize, Color)> {
    let chains = board.chains();
    let mut pairs = Vec::new();
    for (i, a) in chains.iter().enumerate() {
        for b in &chains[i + 1..] {
            if a.color != b.color || a.liberties.is_disjoint(&b.liberties) {
                continue;
            }
            let (Some(x), Some(y)) = (a.stones.iter().next(), b.stones.iter().next()) else {
                continue;
            };
            pairs.push((x, y, a.stones.len().min(b.stones.len()), a.color));
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::Rules;

    fn generate(diagram: &str, to_move: Color) -> Vec<String> {
        let mut position = Position::from_diagram(diagram, Rules::chinese()).unwrap();
        position.set_to_move(to_move);
        let mut out = Vec::new();
        DragonMoves::default().generate(&position, &mut out);
        out.iter().map(|c| format!("{} {} {}", c.mv, c.source, c.weight)).collect()
    }

    /// Black's D4 and E3 meet diagonally, White holds E4 and presses E3 from F3: D3
    /// cuts (GNU Go 3.8's `disconnect C4 E3` answers `1 D3` too).
    const CUTTING_POINT: &str = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . X X O . .
        . . O . X O .
        . . . . . . .
        . . . . . . .
        ";

    #[test]
    fn a_dragon_that_can_be_cut_gives_connect_and_cut() {
        let black = generate(CUTTING_POINT, Color::Black);
        let white = generate(CUTTING_POINT, Color::White);
        assert!(black.iter().any(|c| c.starts_with("D3 dragons/connect")), "{black:?}");
        assert!(white.iter().any(|c| c.starts_with("D3 dragons/cut")), "{white:?}");
    }

    /// An empty board and a lone stone: nothing critical, nothing to cut.
    #[test]
    fn a_quiet_board_gives_nothing() {
        let quiet = "
            . . . . .
            . . . . .
            . . X . .
            . . . . .
            . . . . .
            ";
        assert_eq!(generate(quiet, Color::Black), Vec::<String>::new());
        assert_eq!(generate(quiet, Color::White), Vec::<String>::new());
    }
}
