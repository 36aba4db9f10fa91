//! Reading's dragon moves as a [`CandidateGenerator`]: kill and live (owl), capturing
//! races (semeai), connect and cut (the connection reader), each with the stones at
//! stake. [`UrgentMoves`](super::urgent::UrgentMoves) reads chains short of liberties;
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
//! - every **capturing race**: a dragon of the side to move and an adjacent enemy
//!   dragon, each of them neither alive nor in seki by the owl reader or short of
//!   liberties (the owl reader takes a neighbour with fewer liberties than the chains
//!   it touches for a lunch, which a race with eyes or outside liberties may not be), read by
//!   [`Semeai::analyze_with`] with the mover first (static liberty counting where it
//!   provably applies, else the owl reader): when the mover's dragon survives, its move
//!   (`semeai V W`, V the mover's dragon; [`Intent::Attack`] when it captures W, else
//!   [`Intent::Defend`]) weighted by the stones of both dragons, which change hands.
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
use go_eval::reading::dragon::Dragon;
use go_eval::reading::owl::{Owl, OwlScratch, OwlStatus};
use go_eval::reading::semeai::Semeai;
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
            for (a, b) in races(board, mover, &statuses) {
                let answer = Semeai::new().analyze_with(&mut work, a.0, b.0, self.budget, owl);
                if let (true, Move::Play(p)) = (answer.defend.is_success(), answer.point) {
                    let intent =
                        if answer.attack.is_success() { Intent::Attack } else { Intent::Defend };
                    push(p, intent, a.1 + b.1, format!("semeai {} {}", a.0, b.0));
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

/// The most liberties of a dragon's target chain for the dragon to count as racing
/// whatever the owl reader says of it: the owl reader counts a neighbour with fewer
/// liberties than the chains it touches as a lunch, and may call a dragon alive whose
/// race depends on more than liberties.
const RACE_LIBERTIES: usize = 4;

/// The capturing races of `mover`: each pair of a dragon of `mover` and an adjacent
/// dragon of the opponent, each either neither alive nor in seki by the owl reader or
/// with at most [`RACE_LIBERTIES`] liberties on the chain it was read about (its
/// target), and not one alive and the other dead by the owl reader, as `((target,
/// stones), (target, stones))`, the mover's first.
fn races(
    board: &Board,
    mover: Color,
    statuses: &[(Dragon, OwlStatus)],
) -> Vec<((Point, usize), (Point, usize))> {
    let racing: Vec<(&Dragon, Status, Point)> = statuses
        .iter()
        .map(|(d, s)| (d, s.status, Owl::target(board, d)))
        .filter(|&(_, s, t)| {
            !matches!(s, Status::Alive | Status::Seki) || board.liberty_count(t) <= RACE_LIBERTIES
        })
        .collect();
    let on_board = board.size().on_board();
    let mut pairs = Vec::new();
    for &(a, sa, ta) in racing.iter().filter(|(d, ..)| d.color == mover) {
        let around = a.stones.adjacent(&on_board);
        for &(b, sb, tb) in racing.iter().filter(|(d, ..)| d.color != mover) {
            // A dead dragon beside a live one is no race (the owl reader has read it).
            let settled = |x: Status, y: Status| x == Status::Alive && y == Status::Dead;
            if !around.is_disjoint(&b.stones) && !settled(sa, sb) && !settled(sb, sa) {
                pairs.push(((ta, a.stones.len()), (tb, b.stones.len())));
            }
        }
    }
    pairs
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

    /// White's five stones in the lower left and Black's five beside them each have
    /// three liberties inside the other's wall and no eye: whoever moves first
    /// captures. GNU Go 3.8: `analyze_semeai E3 D3` "1 1 C2", `analyze_semeai D3 E3`
    /// "1 1 F2", both dragons critical.
    const RACE: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X O O O O .
        X O O O X X X O .
        X . . O X . . O .
        X X . O X . O O .
        ";

    #[test]
    fn a_capturing_race_gives_the_first_movers_liberty_fill() {
        let black = ["E3", "F3", "G3", "E2", "E1"];
        let white = ["B3", "C3", "D3", "D2", "D1"];
        for (color, fills, own, other) in [
            (Color::Black, ["B2", "C2", "C1"], black, white),
            (Color::White, ["F2", "G2", "F1"], white, black),
        ] {
            let moves = generate(RACE, color);
            let race: Vec<&String> =
                moves.iter().filter(|c| c.contains("dragons/semeai")).collect();
            assert_eq!(race.len(), 1, "{color}: {moves:?}");
            // "V dragons/semeai A B 10": a fill, the mover's dragon first, and the stakes
            // are both dragons.
            let words: Vec<&str> = race[0].split(' ').collect();
            assert!(fills.contains(&words[0]), "{race:?}");
            assert!(own.contains(&words[2]) && other.contains(&words[3]), "{race:?}");
            assert_eq!(words[4], "10", "{race:?}");
        }
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
