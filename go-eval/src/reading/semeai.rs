//! Capturing races (semeai) between two adjacent dragons of opposite colours.
//!
//! [`Semeai::analyze`] answers GNU Go's `analyze_semeai A B`: the owner of dragon A
//! moves first; the answer is the outcome of A's defence (does A survive: by capturing
//! B or in seki), the outcome of the attack on B (is B captured), and A's move.
//!
//! - **Static counting** ([`static_race`]) decides the race without search where it
//!   provably applies (reference/reading.md §4): both dragons are single chains, no
//!   ko is on the board, neither has an enclosed eye space (the owl reader's leaf), no
//!   chain of either colour next to them is in atari (no lunch, no snapback), and every
//!   outside liberty can be filled without a self-atari (no approach moves). Then with
//!   outside liberties `OLa`, `OLb` and `IL` shared ones, A moving first: with `IL ≤ 1`
//!   A captures B iff `OLa ≥ OLb`, else A is captured; with `IL ≥ 2` the side with more
//!   outside liberties captures the other unless the other's outside plus shared
//!   liberties exceed the stronger's outside liberties by more than one (seki), the
//!   mover deciding the equal case; equal outside liberties make seki.
//! - **Search** otherwise: the [owl reader](super::owl) kills B with A's colour moving
//!   first, and if that fails, defends A with A moving first. The owl search captures
//!   the neighbours of a dragon and fills its liberties, which is how races are read.
//!
//! # Examples
//!
//! ```
//! use go_board::{Board, Point};
//! use go_eval::reading::owl::OwlScratch;
//! use go_eval::reading::semeai::Semeai;
//!
//! // Black's three stones in the corner have one liberty and one eye; White's wall
//! // has many liberties: Black, moving first, loses the race.
//! let mut board = Board::from_diagram(
//!     "
//!     . . . . . . .
//!     . . . . . . .
//!     O O O . . . .
//!     X X O . . . .
//!     . X O . . . .
//!     ",
//! )?;
//! let size = board.size();
//! let (a2, a3) = (Point::parse_gtp("A2", size)?, Point::parse_gtp("A3", size)?);
//! let answer = Semeai::new().analyze(&mut board, a2, a3, &mut OwlScratch::new());
//! assert_eq!(answer.to_string(), "0 0 PASS");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use go_board::{Board, Color, Move, Point, PointSet};

use super::owl::{Owl, OwlScratch};
use super::{Budget, Outcome};

/// How a race ends for the first mover, by static counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Race {
    /// The mover captures the other dragon.
    Capture,
    /// Neither can capture: seki.
    Seki,
    /// The mover's dragon is captured.
    Captured,
}

/// The answer to `analyze_semeai A B`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SemeaiAnswer {
    /// Whether A survives (by capturing B or in seki), A moving first.
    pub defend: Outcome,
    /// Whether B is captured.
    pub attack: Outcome,
    /// A's move (`PASS` when none helps or none is needed).
    pub point: Move,
    /// Whether static counting or a search within its budget decided it.
    pub certain: bool,
    /// Owl nodes used.
    pub nodes: u64,
}

impl fmt::Display for SemeaiAnswer {
    /// GNU Go's `CA CB M`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} ", self.defend, self.attack)?;
        match self.point {
            Move::Play(p) => write!(f, "{p}"),
            Move::Pass => f.write_str("PASS"),
        }
    }
}

/// The capturing-race reader.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Semeai {
    owl: Owl,
}

impl Semeai {
    /// A reader with the owl reader's default settings.
    pub fn new() -> Semeai {
        Semeai::default()
    }

    /// The race between the dragons on `a` and `b` (stones of opposite colours), A's
    /// owner moving first, with [`Owl::BUDGET`] for each search. Two stones of one
    /// colour, or an empty point, answer `0 0 PASS`.
    pub fn analyze(
        &self,
        board: &mut Board,
        a: Point,
        b: Point,
        scratch: &mut OwlScratch,
    ) -> SemeaiAnswer {
        self.analyze_with(board, a, b, Owl::BUDGET, scratch)
    }

    /// [`Semeai::analyze`] with a budget for each owl search.
    pub fn analyze_with(
        &self,
        board: &mut Board,
        a: Point,
        b: Point,
        budget: Budget,
        scratch: &mut OwlScratch,
    ) -> SemeaiAnswer {
        let lost = SemeaiAnswer {
            defend: Outcome::Lose,
            attack: Outcome::Lose,
            point: Move::Pass,
            certain: true,
            nodes: 0,
        };
        let (Some(ca), Some(cb)) = (board.color_at(a), board.color_at(b)) else { return lost };
        if ca == cb {
            return lost;
        }
        if let Some(race) = static_race(board, a, b) {
            let fill = first_fill(board, a, b);
            return match race {
                Race::Capture => {
                    SemeaiAnswer { defend: Outcome::Win, attack: Outcome::Win, point: fill, ..lost }
                }
                Race::Seki => SemeaiAnswer {
                    defend: Outcome::Win,
                    attack: Outcome::Lose,
                    point: fill,
                    ..lost
                },
                Race::Captured => lost,
            };
        }
        let kill = self.owl.attack(board, b, budget, scratch);
        if kill.outcome.is_success() {
            return SemeaiAnswer {
                defend: kill.outcome,
                attack: kill.outcome,
                point: kill.point.unwrap_or(Move::Pass),
                certain: kill.certain,
                nodes: kill.nodes,
            };
        }
        let live = self.owl.defend(board, a, budget, scratch);
        SemeaiAnswer {
            defend: live.outcome,
            attack: Outcome::Lose,
            point: if live.outcome.is_success() {
                live.point.unwrap_or(Move::Pass)
            } else {
                Move::Pass
            },
            certain: kill.certain && live.certain,
            nodes: kill.nodes + live.nodes,
        }
    }
}

/// A's first move in a counted race: an outside liberty of B, else a shared one.
fn first_fill(board: &Board, a: Point, b: Point) -> Move {
    let (la, lb) = (board.liberties(a), board.liberties(b));
    let outside = lb - la;
    let pick = outside.first().or_else(|| (la & lb).first());
    pick.map_or(Move::Pass, Move::Play)
}

/// The race between the chains on `a` and `b`, A's owner moving first, by counting
/// liberties, when counting provably decides it (see the
/// [module documentation](self)); `None` otherwise.
pub fn static_race(board: &Board, a: Point, b: Point) -> Option<Race> {
    let (ca, cb) = (board.color_at(a)?, board.color_at(b)?);
    if ca == cb || board.ko().is_some() {
        return None;
    }
    let (sa, sb) = (board.chain_stones(a), board.chain_stones(b));
    // The chains must touch (a race), and each must be the whole of its dragon's
    // fighting unit: a single chain with plain liberties.
    if sa.adjacent(&sb).is_empty() {
        return None;
    }
    for (stones, color) in [(sa, ca), (sb, cb)] {
        if has_eye_space(board, &stones, color) || lunch_or_atari_nearby(board, &stones, color) {
            return None;
        }
    }
    let (la, lb) = (board.liberties(a), board.liberties(b));
    let shared = la & lb;
    let (oa, ob) = ((la - shared).len(), (lb - shared).len());
    // Every outside liberty must be fillable without a self-atari.
    if !fillable(board, &(lb - shared), ca) || !fillable(board, &(la - shared), cb) {
        return None;
    }
    let il = shared.len();
    Some(if il <= 1 {
        if oa >= ob { Race::Capture } else { Race::Captured }
    } else if oa > ob {
        if ob + il <= oa + 1 { Race::Capture } else { Race::Seki }
    } else if oa < ob {
        if oa + il > ob { Race::Seki } else { Race::Captured }
    } else {
        Race::Seki
    })
}

/// Whether the chain `stones` of `color` borders an enclosed region (an eye space).
fn has_eye_space(board: &Board, stones: &PointSet, color: Color) -> bool {
    let size = board.size();
    let non_own = size.on_board() - *board.stones(color);
    let libs = stones.adjacent(&board.empty_set());
    for p in libs {
        let region = PointSet::flood_fill(&PointSet::from_iter([p]), &non_own);
        if region.len() <= super::owl::EYE_SPACE_MAX
            && region.adjacent(&size.on_board()).is_subset(board.stones(color))
        {
            return true;
        }
    }
    false
}

/// Whether a chain of either colour next to `stones` (or `stones` itself) is in atari.
fn lunch_or_atari_nearby(board: &Board, stones: &PointSet, color: Color) -> bool {
    let near = stones.adjacent(board.stones(!color));
    let first = stones.first().expect("a chain has stones");
    if board.liberty_count(first) <= 1 {
        return true;
    }
    near.iter().any(|p| board.liberty_count(p) <= 1)
}

/// Whether `color` can play on every point of `points` without being left in atari.
fn fillable(board: &Board, points: &PointSet, color: Color) -> bool {
    let mut b = board.clone();
    points.iter().all(|p| {
        if b.is_suicide(color, p) {
            return false;
        }
        let undo = b.play(color, p);
        let ok = b.color_at(p) == Some(color) && b.liberty_count(p) >= 2;
        b.undo(undo);
        ok
    })
}

#[cfg(test)]
mod tests {
    use go_board::Symmetry;

    use super::*;
    use crate::reading::dragon::testing::transformed;

    fn at(board: &Board, v: &str) -> Point {
        Point::parse_gtp(v, board.size()).unwrap()
    }

    /// Naive race: each side in turn fills one of the other's outside liberties, then
    /// a shared one if that does not leave its own chain in atari (or captures), else
    /// passes; two passes in a row are seki.
    fn naive(board: &Board, a: Point, b: Point) -> Race {
        let mut board = board.clone();
        let ca = board.color_at(a).unwrap();
        let mut passes = 0;
        let mut a_moves = true;
        for _ in 0..200 {
            let (me, mine, theirs) = if a_moves { (ca, a, b) } else { (!ca, b, a) };
            let (lm, lt) = (board.liberties(mine), board.liberties(theirs));
            let shared = lm & lt;
            let choice = if lt.len() == 1 {
                lt.first()
            } else if let Some(p) = (lt - shared).first() {
                Some(p)
            } else {
                shared.first().filter(|_| lm.len() > 2)
            };
            match choice {
                Some(p) => {
                    board.play(me, p);
                    passes = 0;
                    if board.color_at(theirs) != Some(!me) {
                        return if a_moves { Race::Capture } else { Race::Captured };
                    }
                }
                None => {
                    passes += 1;
                    if passes == 2 {
                        return Race::Seki;
                    }
                }
            }
            a_moves = !a_moves;
        }
        Race::Seki
    }

    /// Black's chain A4-F4 against White's A5-F5, walls on rows 7 (Black) and 2
    /// (White) so that every fill is safe; `black` and `white` outside liberties
    /// (points of rows 3 and 6 left empty), one shared liberty on F4 if `shared`.
    fn race(black: usize, white: usize, shared: bool) -> Board {
        let mut rows: Vec<Vec<char>> = [
            ". . . . . . . . .",
            ". . . . . . . . .",
            "X X X X X X X . .",
            "X X X X X X . . .",
            "O O O O O O X . .",
            "X X X X X X O . .",
            "O O O O O O . . .",
            "O O O O O O O . .",
            ". . . . . . . . .",
        ]
        .iter()
        .map(|r| r.split(' ').map(|c| c.chars().next().unwrap()).collect())
        .collect();
        rows[3][..white].fill('.');
        rows[6][..black].fill('.');
        if shared {
            rows[5][5] = '.';
        }
        let text: Vec<String> = rows
            .iter()
            .map(|r| r.iter().map(char::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        Board::from_diagram(&text.join("\n")).unwrap()
    }

    #[test]
    fn counting_agrees_with_a_naive_race() {
        let mut decided = 0;
        for black in 1..=5 {
            for white in 1..=5 {
                for shared in [false, true] {
                    let board = race(black, white, shared);
                    let (a, b) = (at(&board, "A4"), at(&board, "A5"));
                    for (x, y) in [(a, b), (b, a)] {
                        if let Some(r) = static_race(&board, x, y) {
                            decided += 1;
                            assert_eq!(r, naive(&board, x, y), "{black} {white} {shared}");
                        }
                    }
                }
            }
        }
        assert!(decided >= 40, "counting applied to {decided} races");
    }

    #[test]
    fn analyze_answers_in_gnu_go_format() {
        let mut board = race(3, 2, false);
        let (a, b) = (at(&board, "A4"), at(&board, "A5"));
        let mut scratch = OwlScratch::new();
        let answer = Semeai::new().analyze(&mut board, a, b, &mut scratch);
        assert_eq!(answer.to_string(), "1 1 A6");
        let answer = Semeai::new().analyze(&mut board, b, a, &mut scratch);
        assert_eq!(answer.to_string(), "0 0 PASS");
        let same = Semeai::new().analyze(&mut board, a, a, &mut scratch);
        assert_eq!(same.to_string(), "0 0 PASS");
    }

    #[test]
    fn symmetric_and_colour_swapped_races_agree() {
        let board = race(3, 2, false);
        let (a, b) = (at(&board, "A4"), at(&board, "A5"));
        let base = static_race(&board, a, b);
        assert_eq!(base, Some(Race::Capture));
        assert_eq!(static_race(&board, b, a), Some(Race::Captured));
        for s in Symmetry::ALL {
            for swap in [false, true] {
                let t = transformed(&board, s, swap);
                let size = board.size();
                assert_eq!(static_race(&t, s.apply(a, size), s.apply(b, size)), base);
            }
        }
    }
}
