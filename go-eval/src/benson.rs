//! Unconditional life (Benson's algorithm): the chains that no sequence of opponent
//! moves can capture even if their owner always passes.
//!
//! For a colour X, the *regions* are the connected sets of points without an X stone
//! (empty points and enemy stones). A region is *vital* to an X chain when every empty
//! point of the region is a liberty of that chain. Benson's algorithm starts from all X
//! chains and all regions surrounded by X and repeats two steps until nothing changes:
//! drop every chain with fewer than two vital regions left, then drop every region that
//! borders a dropped chain. The chains left are **pass-alive**.
//!
//! GTP's `unconditional_status` (GNU Go's definition: invincible chains, unconditional
//! territory, dead stones) is [`crate::unconditional`].
//!
//! # Examples
//!
//! ```
//! use go_board::{Board, Color, Point};
//! use go_eval::benson::pass_alive;
//! let board = Board::from_diagram(
//!     "
//!     . X . X O .
//!     X X X X O .
//!     O O O O O .
//!     . . . . . .
//!     ",
//! )?;
//! let black = pass_alive(board.size(), *board.stones(Color::Black), *board.stones(Color::White));
//! // Two eyes (A4 and C4) make Black's chain pass-alive.
//! assert!(black.contains(Point::parse_gtp("B3", board.size())?));
//! let white = pass_alive(board.size(), *board.stones(Color::White), *board.stones(Color::Black));
//! assert!(white.is_empty());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use go_board::{BoardSize, PointSet};

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

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::{Board, Color};

    fn alive(text: &str, color: Color) -> usize {
        let board = Board::from_diagram(text).unwrap();
        let own = *board.stones(color);
        pass_alive(board.size(), own, *board.stones(color.opponent())).len()
    }

    #[test]
    fn two_eyes_live_one_eye_does_not() {
        let two = ". X . X .\nX X X X X\n. . . . .\n. . . . .";
        assert_eq!(alive(two, Color::Black), 7);
        // A three-point eye whose every point is a liberty is vital too.
        let big = ". X . . .\nX X X X X\n. . . . .\n. . . . .";
        assert_eq!(alive(big, Color::Black), 6);
        let one = ". X . . .\nX X . . .\n. . . . .\n. . . . .";
        assert_eq!(alive(one, Color::Black), 0);
    }

    #[test]
    fn a_region_with_an_enemy_stone_and_one_liberty_is_vital() {
        let text = ". X O . X .\nX X X X X X\n. . . . . .\n. . . . . .";
        assert_eq!(alive(text, Color::Black), 8);
        assert_eq!(alive(text, Color::White), 0);
    }
}
