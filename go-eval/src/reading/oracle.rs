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
//! - **Ownership** (the learned patterns' owner feature) from Bouzy's maps of the stones
//!   as they stand: ±2 in the territory map (5/21), else ±1 in the moyo map (5/10), 0
//!   elsewhere; no reading.
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

use go_board::{Board, Color, Move, Point, PointMap, Status};
use go_patterns::BoardOracle;

use super::ladder::{Ladder, LadderScratch};
use super::tactics::{Scratch, Tactics, TacticsConfig};
use super::{Budget, Outcome};
use crate::Bouzy;

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

    /// Bouzy's maps of the stones as they stand: 2 where the territory map
    /// ([`Bouzy::TERRITORY`], 5 dilations and 21 erosions) is Black's, else 1 where the
    /// moyo map ([`Bouzy::MOYO`], 5 and 10) is Black's, likewise −2 and −1 for White, 0
    /// elsewhere. No reading: dead stones count as they stand.
    fn ownership(&self, board: &Board) -> Option<PointMap<i8>> {
        Some(ownership_levels(board))
    }
}

/// The ownership levels of [`ReadingOracle`]'s [`BoardOracle::ownership`].
fn ownership_levels(board: &Board) -> PointMap<i8> {
    let stones = board.stones_by_color();
    let (moyo, territory) = Bouzy::MOYO.map_both(Bouzy::TERRITORY, board.size(), &stones);
    let mut levels = territory.map(|&t| 2 * t.signum() as i8);
    for (level, &m) in levels.values_mut().iter_mut().zip(moyo.values()) {
        if *level == 0 {
            *level = m.signum() as i8;
        }
    }
    levels
}

#[cfg(test)]
mod tests {
    use go_patterns::{BoardOnly, MatchInput, PatternSet};

    use super::*;

    /// The ownership levels of a 9×9 board with a black wall on the third line from the
    /// left and a white stone far right: Black's corner is territory (2), the points
    /// beside the white stone are its influence, the middle is neutral; with the colours
    /// swapped every level changes sign; `BoardOnly` has no estimate.
    #[test]
    fn issue_12_ownership_levels_from_bouzy_maps() {
        let diagram = "
            . . X . . . . . .
            . . X . . . . . .
            . . X . . . . . .
            . . X . . . . . .
            . . X . . . . O .
            . . X . . . . . .
            . . X . . . . . .
            . . X . . . . . .
            . . X . . . . . .
            ";
        let b = board(diagram);
        let levels = ReadingOracle::new().ownership(&b).expect("an estimate");
        assert_eq!(levels[at(&b, "A5")], 2, "behind the wall");
        assert_eq!(levels[at(&b, "C5")], 2, "a stone of the wall");
        assert_eq!(levels[at(&b, "H5")], -2, "a lone stone keeps its own point");
        assert_eq!(levels[at(&b, "H6")], -1, "next to the white stone");
        assert_eq!(levels[at(&b, "F5")], 0, "between both");
        let swapped = board(&diagram.replace('X', "x").replace('O', "X").replace('x', "O"));
        let back = ReadingOracle::new().ownership(&swapped).expect("an estimate");
        for (p, &l) in levels.iter() {
            assert_eq!(back[p], -l, "{p:?}");
        }
        assert!(BoardOnly.ownership(&b).is_none());
    }

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
