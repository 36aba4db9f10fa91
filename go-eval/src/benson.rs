//! Unconditional life (Benson's algorithm): the chains that no sequence of opponent
//! moves can capture even if their owner always passes, and the regions they make safe.
//!
//! For a colour X, the *regions* are the connected sets of points without an X stone
//! (empty points and enemy stones). A region is *vital* to an X chain when every empty
//! point of the region is a liberty of that chain. Benson's algorithm starts from all X
//! chains and all regions surrounded by X and repeats two steps until nothing changes:
//! drop every chain with fewer than two vital regions left, then drop every region that
//! borders a dropped chain. The chains left are **pass-alive**.
//!
//! A colour's **safe regions** are the connected parts of the board outside its
//! pass-alive stones in which the opponent cannot make a pass-alive group of its own,
//! even with any number of moves in a row (its possible eyes are the points not next to
//! a pass-alive stone; when they are few, every way of filling them is tried, stones of
//! the colour left without liberties being captured). Enemy stones in a safe region are
//! dead, the colour's own stones there are alive, its empty points are territory. This
//! is what GTP's `unconditional_status` answers, and on 13,000 points of hand-made
//! positions and random games it answers exactly as GNU Go 3.8 does
//! (`testdata/gtp/gnugo-unconditional.gtp`). [`pass_alive`] alone is Benson's
//! algorithm.
//!
//! # Examples
//!
//! ```
//! use go_board::{Board, Color, Point};
//! use go_eval::benson::{Unconditional, UnconditionalStatus};
//! let board = Board::from_diagram(
//!     "
//!     . X . X O .
//!     X X X X O .
//!     O O O O O .
//!     . . . . . .
//!     ",
//! )?;
//! let u = Unconditional::new(&board);
//! let size = board.size();
//! let at = |v: &str| u.status(Point::parse_gtp(v, size).unwrap());
//! // Two eyes (A4 and C4) make Black's chain pass-alive; White's wall is not.
//! assert_eq!(at("B3"), UnconditionalStatus::Alive);
//! assert_eq!(at("A4"), UnconditionalStatus::Territory(Color::Black));
//! assert_eq!(at("E4"), UnconditionalStatus::Undecided);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use go_board::{Board, BoardSize, ByColor, Color, Point, PointSet};

/// The unconditional status of a point (GTP's `unconditional_status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum UnconditionalStatus {
    /// A stone of a pass-alive chain.
    Alive,
    /// A stone inside a region that the other colour's pass-alive chains make safe.
    Dead,
    /// An empty point of a region that the colour's pass-alive chains make safe.
    Territory(Color),
    /// Anything else.
    Undecided,
}

impl fmt::Display for UnconditionalStatus {
    /// GNU Go's words: `alive`, `dead`, `black_territory`, `white_territory`,
    /// `undecided`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UnconditionalStatus::Alive => "alive",
            UnconditionalStatus::Dead => "dead",
            UnconditionalStatus::Territory(Color::Black) => "black_territory",
            UnconditionalStatus::Territory(Color::White) => "white_territory",
            UnconditionalStatus::Undecided => "undecided",
        })
    }
}

/// The pass-alive chains and safe regions of both colours.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Unconditional {
    /// The stones of each colour's pass-alive chains, and its stones inside its own
    /// safe regions.
    pub alive: ByColor<PointSet>,
    /// Each colour's safe regions (all their points: empty points and stones).
    pub safe: ByColor<PointSet>,
    /// The stones of each colour that lie in the other colour's safe regions.
    pub dead: ByColor<PointSet>,
}

impl Unconditional {
    /// Runs the analysis for both colours of `board`.
    pub fn new(board: &Board) -> Unconditional {
        let size = board.size();
        let stones = board.stones_by_color();
        let mut alive = ByColor::new(PointSet::EMPTY, PointSet::EMPTY);
        let mut safe = ByColor::new(PointSet::EMPTY, PointSet::EMPTY);
        for color in Color::ALL {
            let (own, other) = (stones[color], stones[color.opponent()]);
            alive[color] = pass_alive(size, own, other);
            safe[color] = territory(size, own, other, alive[color]);
        }
        // A stone of a colour inside its own safe region is alive; inside the other
        // colour's, dead.
        for color in Color::ALL {
            alive[color] |= stones[color] & safe[color];
        }
        let dead = ByColor::new(
            stones.black & (safe.white - alive.black),
            stones.white & (safe.black - alive.white),
        );
        Unconditional { alive, safe, dead }
    }

    /// The status of `point`.
    pub fn status(&self, point: Point) -> UnconditionalStatus {
        for color in Color::ALL {
            if self.alive[color].contains(point) {
                return UnconditionalStatus::Alive;
            }
            if self.dead[color].contains(point) {
                return UnconditionalStatus::Dead;
            }
        }
        for color in Color::ALL {
            if self.safe[color].contains(point) {
                return UnconditionalStatus::Territory(color);
            }
        }
        UnconditionalStatus::Undecided
    }
}

/// The orthogonally connected chains of `stones`.
fn chains_of(stones: PointSet) -> Vec<PointSet> {
    stones.components()
}

/// Benson's pass-alive stones among `own` (the other colour's stones are `other`).
pub fn pass_alive(size: BoardSize, own: PointSet, other: PointSet) -> PointSet {
    let on_board = size.on_board();
    let empty = on_board - own - other;
    let chains: Vec<(PointSet, PointSet)> =
        chains_of(own).into_iter().map(|c| (c, c.adjacent(&empty))).collect();
    let regions: Vec<PointSet> = (on_board - own).components();
    // For each region: the chains around it, and the chains it is vital to.
    let around: Vec<Vec<usize>> = regions
        .iter()
        .map(|r| {
            let border = r.adjacent(&own);
            (0..chains.len()).filter(|&c| !chains[c].0.is_disjoint(&border)).collect()
        })
        .collect();
    let vital: Vec<Vec<usize>> = regions
        .iter()
        .zip(&around)
        .map(|(r, around)| {
            let open = *r & empty;
            if open.is_empty() {
                return Vec::new();
            }
            around.iter().copied().filter(|&c| open.is_subset(&chains[c].1)).collect()
        })
        .collect();
    let mut chain_alive = vec![true; chains.len()];
    let mut region_healthy = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (c, alive) in chain_alive.iter_mut().enumerate() {
            if *alive {
                let n = (0..regions.len())
                    .filter(|&r| region_healthy[r] && vital[r].contains(&c))
                    .count();
                if n < 2 {
                    *alive = false;
                    changed = true;
                }
            }
        }
        for r in 0..regions.len() {
            if region_healthy[r] && around[r].iter().any(|&c| !chain_alive[c]) {
                region_healthy[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    (0..chains.len()).filter(|&c| chain_alive[c]).fold(PointSet::EMPTY, |a, c| a | chains[c].0)
}

/// The safe regions of a colour whose alive stones are `alive` (and whose other stones
/// are `own`): the connected parts of the board outside the alive stones where the
/// opponent cannot make a pass-alive group.
///
/// Inside such a part, the opponent's possible eyes are the points that hold no
/// opponent stone and touch no alive stone (a point next to an alive stone is that
/// stone's liberty, never an eye); the opponent may put stones on all the other points.
/// With at most [`MAX_EYE_POINTS`] possible eyes, every way of filling some of them is
/// tried (stones of the colour left without a liberty are captured) and Benson's
/// algorithm decides; with more, the opponent is taken to have room to live.
fn territory(size: BoardSize, own: PointSet, other: PointSet, alive: PointSet) -> PointSet {
    if alive.is_empty() {
        return PointSet::EMPTY;
    }
    let on_board = size.on_board();
    let next_to_alive = alive.adjacent(&on_board);
    let mut safe = PointSet::EMPTY;
    for part in (on_board - alive).components() {
        if part.adjacent(&on_board).is_disjoint(&alive) {
            continue;
        }
        let eyes = part - other - next_to_alive;
        let walls = part - eyes;
        if !opponent_can_live(size, part, walls, eyes, own & part) {
            safe |= part;
        }
    }
    safe
}

/// The most possible eye points [`territory`] searches exhaustively.
const MAX_EYE_POINTS: usize = 12;

/// Whether the opponent, with stones on `walls` and on any subset of `eyes`, gets a
/// pass-alive chain inside `part`; `weak` are the colour's stones inside `part`.
fn opponent_can_live(
    size: BoardSize,
    part: PointSet,
    walls: PointSet,
    eyes: PointSet,
    weak: PointSet,
) -> bool {
    if eyes.len() > MAX_EYE_POINTS {
        return true;
    }
    let outside = size.on_board() - part;
    let points: Vec<Point> = eyes.iter().collect();
    for mask in 0u32..(1 << points.len()) {
        let filled: PointSet = points
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .map(|(_, p)| *p)
            .collect();
        let opponent = walls | filled;
        // The colour's stones left without a liberty are captured.
        let mut standing = weak - filled;
        let open = part - opponent - standing;
        for chain in standing.components() {
            if chain.adjacent(&open).is_empty() {
                standing -= chain;
            }
        }
        if !(pass_alive(size, opponent, outside | standing) & part).is_empty() {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status_map(text: &str) -> String {
        let board = Board::from_diagram(text).unwrap();
        let u = Unconditional::new(&board);
        let size = board.size();
        let mut out = String::new();
        for row in (0..size.rows()).rev() {
            for col in 0..size.cols() {
                out.push(match u.status(Point::must(col, row, size)) {
                    UnconditionalStatus::Alive => 'A',
                    UnconditionalStatus::Dead => 'D',
                    UnconditionalStatus::Territory(Color::Black) => 'b',
                    UnconditionalStatus::Territory(Color::White) => 'w',
                    UnconditionalStatus::Undecided => '.',
                });
            }
            out.push('\n');
        }
        out
    }

    #[test]
    fn two_eyes_live_one_eye_does_not() {
        let two = status_map(
            "
            . X . X .
            X X X X X
            . . . . .
            . . . . .
            . . . . .
            ",
        );
        assert_eq!(two, "bAbAb\nAAAAA\n.....\n.....\n.....\n");
        // A three-point eye whose every point is a liberty is vital too: White can
        // fill it only by suicide.
        let big_eye = status_map(
            "
            . X . . .
            X X X X X
            . . . . .
            . . . . .
            . . . . .
            ",
        );
        assert_eq!(big_eye, "bAbbb\nAAAAA\n.....\n.....\n.....\n");
        let one = status_map(
            "
            . X . . .
            X X . . .
            . . . . .
            . . . . .
            . . . . .
            ",
        );
        assert!(one.chars().all(|c| c == '.' || c == '\n'), "{one}");
    }

    #[test]
    fn enemy_stones_in_a_safe_region_are_dead() {
        let map = status_map(
            "
            . X O . X .
            X X X X X X
            . . . . . .
            . . . . . .
            ",
        );
        // The region {C5, D5} holds a white stone and one empty point, a liberty of
        // Black's chain: it is vital, and the stone in it is dead.
        assert_eq!(map, "bADbAb\nAAAAAA\n......\n......\n");
    }

    #[test]
    fn status_words_are_gnu_gos() {
        let words: Vec<String> = [
            UnconditionalStatus::Alive,
            UnconditionalStatus::Dead,
            UnconditionalStatus::Territory(Color::Black),
            UnconditionalStatus::Territory(Color::White),
            UnconditionalStatus::Undecided,
        ]
        .iter()
        .map(ToString::to_string)
        .collect();
        assert_eq!(words, ["alive", "dead", "black_territory", "white_territory", "undecided"]);
    }
}
