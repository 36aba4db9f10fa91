//! The geometry of the nested shapes: the points around a centre ordered in rings of
//! growing gridcular distance, and how the eight symmetries permute them.
//!
//! The gridcular distance of an offset `(dx, dy)` is `|dx| + |dy| + max(|dx|, |dy|)`
//! (Coulom 2007, Pachi): its discs are rounder than squares and diamonds. The disc of
//! size `d` holds the centre's neighbours at distance at most `d`; size 3 is the 3×3
//! square, size 10 reaches five lines away and holds 72 points. Each symmetry maps a
//! ring onto itself, so a shape of any size transforms by a permutation of its cells.

use std::sync::LazyLock;

use go_board::Symmetry;

/// The smallest shape size: the 3×3 square around the centre.
pub(crate) const MIN_SIZE: u8 = 3;
/// The largest shape size.
pub(crate) const MAX_SIZE: u8 = 10;
/// The number of points of the largest shape (the centre excluded).
pub(crate) const MAX_CELLS: usize = 72;
/// The number of sizes.
pub(crate) const SIZES: usize = (MAX_SIZE - MIN_SIZE + 1) as usize;
/// The margin of off-board cells a padded board needs around its points: the largest
/// `|dx|` or `|dy|` of a shape.
pub(crate) const MARGIN: usize = 5;

/// The gridcular distance of an offset.
pub(crate) const fn gridcular(dx: i32, dy: i32) -> i32 {
    let (x, y) = (dx.abs(), dy.abs());
    x + y + if x > y { x } else { y }
}

/// The spiral and its permutations.
#[derive(Debug)]
pub(crate) struct Geometry {
    /// The offsets of the cells, by growing distance (then by row, then by column).
    pub(crate) offsets: [(i32, i32); MAX_CELLS],
    /// `cells[s]`: the number of cells of the shape of size `MIN_SIZE + s`.
    pub(crate) cells: [usize; SIZES],
    /// `perm[t][k]`: the cell that symmetry `t` maps cell `k` to.
    pub(crate) perm: [[u8; MAX_CELLS]; 8],
}

/// The geometry, computed once.
pub(crate) static GEOMETRY: LazyLock<Geometry> = LazyLock::new(Geometry::new);

impl Geometry {
    fn new() -> Geometry {
        let mut all = Vec::new();
        for dy in -5..=5 {
            for dx in -5..=5 {
                let d = gridcular(dx, dy);
                if d > 0 && d <= i32::from(MAX_SIZE) {
                    all.push((d, dy, dx));
                }
            }
        }
        all.sort_unstable();
        assert_eq!(all.len(), MAX_CELLS, "the disc of size 10 has 72 cells");
        let mut offsets = [(0, 0); MAX_CELLS];
        for (k, &(_, dy, dx)) in all.iter().enumerate() {
            offsets[k] = (dx, dy);
        }
        let mut cells = [0; SIZES];
        for (s, n) in cells.iter_mut().enumerate() {
            let size = i32::from(MIN_SIZE) + s as i32;
            *n = all.iter().filter(|&&(d, _, _)| d <= size).count();
        }
        let mut perm = [[0u8; MAX_CELLS]; 8];
        for (t, symmetry) in Symmetry::ALL.into_iter().enumerate() {
            for (k, &offset) in offsets.iter().enumerate() {
                let image = symmetry.apply_offset(offset);
                let j = offsets.iter().position(|&o| o == image).expect("rings are symmetric");
                perm[t][k] = j as u8;
            }
        }
        Geometry { offsets, cells, perm }
    }

    /// The number of cells of the shape of `size` (`MIN_SIZE..=MAX_SIZE`).
    #[inline]
    pub(crate) fn cells_of(&self, size: u8) -> usize {
        self.cells[usize::from(size - MIN_SIZE)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rings_and_sizes() {
        let g = &*GEOMETRY;
        // 3x3, then the rings of Pachi's gridcular discs.
        assert_eq!(g.cells, [8, 12, 20, 28, 36, 48, 60, 72]);
        assert!(g.offsets[..8].iter().all(|&(x, y)| x.abs() <= 1 && y.abs() <= 1));
        assert_eq!(g.offsets[71].0.abs().max(g.offsets[71].1.abs()), 5);
        for t in 0..8 {
            let mut seen = [false; MAX_CELLS];
            for k in 0..MAX_CELLS {
                let j = usize::from(g.perm[t][k]);
                assert!(!seen[j]);
                seen[j] = true;
                let (a, b) = (g.offsets[k], g.offsets[j]);
                assert_eq!(gridcular(a.0, a.1), gridcular(b.0, b.1));
            }
        }
        assert!((0..MAX_CELLS).all(|k| usize::from(g.perm[0][k]) == k));
    }
}
