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
//! A region left at the end is **safe** when every one of its empty points is next to a
//! pass-alive chain (a "small" region): the opponent can never make two eyes there.
//! Enemy stones inside a safe region are dead, its empty points are territory. This is
//! what GTP's `unconditional_status` answers, as GNU Go 3.8 does
//! ([`Unconditional::status`]).
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

use go_board::{Board, ByColor, Color, Point, PointSet};

/// The unconditional status of a point (GTP's `unconditional_status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
pub struct Unconditional {
    /// The stones of each colour's pass-alive chains.
    pub alive: ByColor<PointSet>,
    /// Each colour's safe regions (empty points and the enemy stones inside).
    pub safe: ByColor<PointSet>,
    /// The stones of each colour that lie in the other colour's safe regions.
    pub dead: ByColor<PointSet>,
}

impl Unconditional {
    /// Runs Benson's algorithm for both colours of `board`.
    pub fn new(board: &Board) -> Unconditional {
        let black = benson(board, Color::Black);
        let white = benson(board, Color::White);
        let dead = ByColor::new(
            *board.stones(Color::Black) & white.1,
            *board.stones(Color::White) & black.1,
        );
        Unconditional {
            alive: ByColor::new(black.0, white.0),
            safe: ByColor::new(black.1, white.1),
            dead,
        }
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

/// The pass-alive stones of `color` and its safe regions.
fn benson(board: &Board, color: Color) -> (PointSet, PointSet) {
    let size = board.size();
    let own = *board.stones(color);
    let empty = board.empty_set();
    let chains: Vec<(PointSet, PointSet)> = board
        .chains()
        .into_iter()
        .filter(|c| c.color == color)
        .map(|c| (c.stones, c.liberties))
        .collect();
    let regions: Vec<PointSet> = (size.on_board() - own).components();
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
        for c in 0..chains.len() {
            if chain_alive[c] {
                let n = (0..regions.len()).filter(|&r| region_healthy[r] && vital[r].contains(&c)).count();
                if n < 2 {
                    chain_alive[c] = false;
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
    let alive: PointSet = (0..chains.len()).filter(|&c| chain_alive[c]).map(|c| chains[c].0).fold(PointSet::EMPTY, |a, b| a | b);
    let on_board = size.on_board();
    let mut safe = PointSet::EMPTY;
    for (r, region) in regions.iter().enumerate() {
        if !region_healthy[r] || around[r].is_empty() {
            continue;
        }
        let next_to_alive = alive.adjacent(&on_board);
        if (*region & empty).is_subset(&next_to_alive) {
            safe |= *region;
        }
    }
    (alive, safe)
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
