//! The readers of this crate behind go-patterns' [`BoardOracle`]: pattern conditions
//! (`ladder_capture`, `ladder_escape`, `status`) answered by real reading.
//!
//! - **Ladders** by [`Ladder`]: the hunter first is
//!   [`Ladder::capture`](super::ladder::Ladder::capture), the prey first is
//!   [`Ladder::escape`](super::ladder::Ladder::escape). A read that reached the reader's
//!   caps, or whose result depends on a ko, is unknown (`None`), so that a pattern
//!   asking for it does not match on a guess.
//! - **Status** by the tactical reader [`Tactics`] for now (the life-and-death and owl
//!   readers will refine it): a chain the attacker captures moving first and the owner
//!   cannot save is [`Status::Dead`]; one captured only when the attacker moves first
//!   is [`Status::Critical`] with both moves; one the attacker cannot capture is
//!   [`Status::Alive`] — *tactically* alive: a chain with many liberties inside a dead
//!   group is reported alive. A ko either way, or a move the reader did not name, is
//!   [`Status::Unknown`].
//! - **Liberties** from the board (the trait's default).
//!
//! The readers play on a copy of the board (the trait lends it immutably) and reuse
//! their scratch buffers behind a [`Mutex`]: an oracle may be shared between threads
//! (a [`PatternGenerator`](go_patterns::PatternGenerator) needs `Send + Sync`), but
//! its questions are then answered one at a time; give each thread its own. Answers
//! are cached by position (stones, ko ban) and question; the cache is cleared when it
//! holds [`ReadingOracle::CACHE`] answers.
//!
//! # Examples
//!
//! ```
//! use go_board::{Board, Color, Point, Status};
//! use go_eval::reading::oracle::ReadingOracle;
//! use go_patterns::BoardOracle;
//!
//! // White's C3 has two liberties and nothing breaks the ladder.
//! let board = Board::from_diagram(
//!     "
//!     . . . . . . .
//!     . . . . . . .
//!     . . . . . . .
//!     . . . X . . .
//!     . X O . . . .
//!     . . X . . . .
//!     . . . . . . .
//!     ",
//! )?;
//! let c3 = Point::parse_gtp("C3", board.size())?;
//! let oracle = ReadingOracle::new();
//! assert_eq!(oracle.ladder_attack(&board, c3, Color::Black), Some(true));
//! // White to move escapes: it reaches three liberties at once.
//! assert_eq!(oracle.ladder_attack(&board, c3, Color::White), Some(false));
//! assert!(matches!(oracle.status(&board, c3), Status::Critical { .. }));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::sync::Mutex;

use go_board::{Board, Color, Move, Point, Status};
use go_patterns::BoardOracle;

use super::ladder::{Ladder, LadderScratch};
use super::tactics::{Scratch, Tactics, TacticsConfig};
use super::{Budget, Outcome};

/// A cached question: the position's stones and ko ban, the point, and what was asked
/// (0, 1: a ladder with black or white to move; 2: the status).
type Key = (u64, Option<(Point, Color)>, Point, u8);

/// A cached answer.
#[derive(Clone, Copy, Debug)]
enum Cached {
    Ladder(Option<bool>),
    Status(Status),
}

/// The buffers the readers reuse, and the cache.
#[derive(Debug, Default)]
struct Work {
    ladder: LadderScratch,
    tactics: Scratch,
    cache: HashMap<Key, Cached>,
}

/// Answers pattern conditions with this crate's ladder and tactical readers.
///
/// See the [module documentation](self) for what each answer means.
#[derive(Debug)]
pub struct ReadingOracle {
    ladder: Ladder,
    tactics: Tactics,
    budget: Budget,
    work: Mutex<Work>,
}

impl Default for ReadingOracle {
    fn default() -> ReadingOracle {
        ReadingOracle::new()
    }
}

impl ReadingOracle {
    /// The most answers the cache holds before it is cleared.
    pub const CACHE: usize = 1 << 14;

    /// An oracle with the default ladder reader and the fast tactical reader
    /// ([`TacticsConfig::FAST`]) under 5,000 nodes and depth 16 per question: a pattern
    /// database may ask many questions per move.
    pub fn new() -> ReadingOracle {
        ReadingOracle::with_readers(
            Ladder::new(),
            Tactics::new(TacticsConfig::FAST),
            Budget::new(5_000, Tactics::BUDGET.depth),
        )
    }

    /// An oracle with these readers and this budget for each tactical question.
    pub fn with_readers(ladder: Ladder, tactics: Tactics, budget: Budget) -> ReadingOracle {
        ReadingOracle { ladder, tactics, budget, work: Mutex::new(Work::default()) }
    }

    /// A cached answer, or `compute`'s (then cached).
    fn cached(
        &self,
        board: &Board,
        point: Point,
        question: u8,
        compute: impl FnOnce(&mut Board, &mut Work) -> Cached,
    ) -> Cached {
        let key = (board.hash(), board.ko(), point, question);
        // A reader that panicked left at worst stale buffers (each question resets
        // them) and a cache of complete answers.
        let mut work = self.work.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(&answer) = work.cache.get(&key) {
            return answer;
        }
        let mut copy = board.clone();
        let answer = compute(&mut copy, &mut work);
        if work.cache.len() >= ReadingOracle::CACHE {
            work.cache.clear();
        }
        work.cache.insert(key, answer);
        answer
    }
}

impl BoardOracle for ReadingOracle {
    fn ladder_attack(&self, board: &Board, target: Point, to_move: Color) -> Option<bool> {
        let owner = board.color_at(target)?;
        let question = if to_move == Color::Black { 0 } else { 1 };
        let answer = self.cached(board, target, question, |copy, work| {
            let answer = if to_move == owner {
                self.ladder.escape(copy, target, &mut work.ladder)
            } else {
                self.ladder.capture(copy, target, &mut work.ladder)
            };
            // Only a certain answer without ko is known.
            let known = answer.certain && !answer.outcome.is_ko();
            let captured = if to_move == owner {
                answer.outcome == Outcome::Lose
            } else {
                answer.outcome == Outcome::Win
            };
            Cached::Ladder(known.then_some(captured))
        });
        match answer {
            Cached::Ladder(a) => a,
            Cached::Status(_) => None,
        }
    }

    fn status(&self, board: &Board, point: Point) -> Status {
        if board.color_at(point).is_none() {
            return Status::Unknown;
        }
        let answer = self.cached(board, point, 2, |copy, work| {
            let attack = self.tactics.attack(copy, point, self.budget, &mut work.tactics);
            let status = match attack.outcome {
                Outcome::Lose => Status::Alive,
                Outcome::Win => {
                    let defend = self.tactics.defend(copy, point, self.budget, &mut work.tactics);
                    match (defend.outcome, attack.point, defend.point) {
                        (Outcome::Lose, _, _) => Status::Dead,
                        (Outcome::Win, Some(Move::Play(a)), Some(Move::Play(d))) => {
                            Status::Critical { attack: a, defend: d }
                        }
                        _ => Status::Unknown,
                    }
                }
                Outcome::KoWin | Outcome::KoLoss => Status::Unknown,
            };
            Cached::Status(status)
        });
        match answer {
            Cached::Status(s) => s,
            Cached::Ladder(_) => Status::Unknown,
        }
    }
}

#[cfg(test)]
mod tests {
    use go_patterns::{BoardOnly, MatchInput, PatternSet};

    use super::*;

    fn board(diagram: &str) -> Board {
        Board::from_diagram(diagram).expect("a valid diagram")
    }

    fn at(board: &Board, gtp: &str) -> Point {
        Point::parse_gtp(gtp, board.size()).expect("a valid point")
    }

    /// White's D3 (liberties D4 and E3) is captured in a ladder starting at E3; GNU Go
    /// 3.8 agrees (`ladder_attack D3` = `1 E3`, `defend D3` = `1 E3`).
    const LADDER: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X . . . . . .
        . . X O . . . . .
        . . . X . . . . .
        . . . . . . . . .
        ";

    /// The same with a white stone on G6, which breaks the ladder (GNU Go 3.8:
    /// `ladder_attack D3` = `0`, `attack D3` = `0`).
    const BROKEN: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . O . .
        . . . . . . . . .
        . . X . . . . . .
        . . X O . . . . .
        . . . X . . . . .
        . . . . . . . . .
        ";

    /// White's B1-B2 in the corner: GNU Go 3.8 `attack B1` = `1 A2`, `defend B1` = `0`.
    const DEAD: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X . . . . . .
        . O . X . . . . .
        X O . . . . . . .
        ";

    #[test]
    fn issue_12_ladders_read_and_a_breaker_stops_them() {
        let oracle = ReadingOracle::new();
        let b = board(LADDER);
        let d3 = at(&b, "D3");
        assert_eq!(oracle.ladder_attack(&b, d3, Color::Black), Some(true));
        assert_eq!(oracle.ladder_attack(&b, d3, Color::White), Some(false));
        let broken = board(BROKEN);
        assert_eq!(oracle.ladder_attack(&broken, d3, Color::Black), Some(false));
        // A chain with three liberties is no ladder prey; an empty point is unknown.
        assert_eq!(oracle.ladder_attack(&broken, at(&b, "G6"), Color::Black), Some(false));
        assert_eq!(oracle.ladder_attack(&broken, at(&b, "A1"), Color::Black), None);
        // The readers played on copies.
        assert_eq!(b, board(LADDER));
        assert_eq!(broken, board(BROKEN));
    }

    #[test]
    fn issue_12_status_from_tactics_dead_critical_alive() {
        let oracle = ReadingOracle::new();
        let dead = board(DEAD);
        assert_eq!(oracle.status(&dead, at(&dead, "B1")), Status::Dead);
        assert_eq!(oracle.status(&dead, at(&dead, "D4")), Status::Unknown);
        let ladder = board(LADDER);
        match oracle.status(&ladder, at(&ladder, "D3")) {
            Status::Critical { attack, .. } => assert_eq!(attack, at(&ladder, "E3")),
            other => panic!("D3 should be critical, not {other:?}"),
        }
        // A lone stone with four liberties.
        let broken = board(BROKEN);
        assert_eq!(oracle.status(&broken, at(&broken, "G6")), Status::Alive);
        // Cached answers are the same, and a cleared cache answers the same again.
        assert_eq!(oracle.status(&dead, at(&dead, "B1")), Status::Dead);
        let fresh = ReadingOracle::new();
        assert_eq!(fresh.status(&dead, at(&dead, "B1")), Status::Dead);
    }

    /// Where a pattern's ladder condition holds, by each oracle.
    fn ladder_atari_moves(b: &Board, oracle: &dyn BoardOracle) -> Vec<Point> {
        let set = PatternSet::compile(
            "
            pattern ladder_atari_test
              diagram
                ?*?
                ?X?
              labels
                ?*?
                ?a?
              condition libs(a) = 2 and after(*, friend, libs(a) = 1 and not ladder_escape(a))
              candidate
                with(attack, 65) *
              end_candidate
            end_pattern
            ",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let input =
            MatchInput { board: b, to_move: Color::Black, last_move: None, move_number: 10 };
        let mut out = Vec::new();
        set.scanner().scan(&set, &input, oracle, &mut out);
        let mut moves: Vec<Point> =
            out.iter().flat_map(|m| set.candidates(m, b)).map(|c| c.0).collect();
        moves.sort();
        moves.dedup();
        moves
    }

    #[test]
    fn issue_12_patterns_read_ladders_through_the_oracle() {
        let b = board(LADDER);
        assert_eq!(ladder_atari_moves(&b, &ReadingOracle::new()), vec![at(&b, "E3")]);
        // An oracle that reads nothing does not know, so the pattern does not match.
        assert!(ladder_atari_moves(&b, &BoardOnly).is_empty());
        assert!(ladder_atari_moves(&board(BROKEN), &ReadingOracle::new()).is_empty());
    }
}
