//! The eight symmetries of the board (the dihedral group D4).

use crate::{BoardSize, Point, PointSet};

/// One of the eight board transforms: rotations and reflections.
///
/// A symmetry first exchanges columns and rows if it transposes, then mirrors the
/// columns and/or the rows. On a rectangular board, the four transposing symmetries map
/// to the transposed size ([`Symmetry::apply_size`]). With a colour swap (see
/// [`Color::opponent`](crate::Color::opponent)) they make the 16 transforms under which
/// the rules of Go are invariant.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Point, Symmetry};
/// let size = BoardSize::square(19)?;
/// let d4 = Point::parse_gtp("D4", size)?;
/// let images: std::collections::BTreeSet<String> =
///     Symmetry::ALL.iter().map(|s| s.apply(d4, size).to_string()).collect();
/// assert_eq!(images.into_iter().collect::<Vec<_>>(), ["D16", "D4", "Q16", "Q4"]);
/// for s in Symmetry::ALL {
///     assert_eq!(s.inverse().apply(s.apply(d4, size), s.apply_size(size)), d4);
/// }
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Symmetry(u8);

const MIRROR_COLS: u8 = 1;
const MIRROR_ROWS: u8 = 2;
const TRANSPOSE: u8 = 4;

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry(0);

    /// All eight symmetries, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    /// Whether the symmetry exchanges columns and rows.
    pub const fn transposes(self) -> bool {
        self.0 & TRANSPOSE != 0
    }

    /// The size of the board that `size` becomes.
    pub const fn apply_size(self, size: BoardSize) -> BoardSize {
        if self.transposes() { size.transposed() } else { size }
    }

    /// The image of `point`, a point of a board of `size`.
    pub fn apply(self, point: Point, size: BoardSize) -> Point {
        let out = self.apply_size(size);
        let (mut col, mut row) =
            if self.transposes() { (point.row(), point.col()) } else { (point.col(), point.row()) };
        if self.0 & MIRROR_COLS != 0 {
            col = out.cols() - 1 - col;
        }
        if self.0 & MIRROR_ROWS != 0 {
            row = out.rows() - 1 - row;
        }
        Point::must(col, row, out)
    }

    /// The image of a set of points of a board of `size`.
    pub fn apply_set(self, set: &PointSet, size: BoardSize) -> PointSet {
        set.iter().map(|p| self.apply(p, size)).collect()
    }

    /// The symmetry that undoes this one.
    pub const fn inverse(self) -> Symmetry {
        if self.transposes() {
            // (mirror after transpose)^-1 = transpose after mirror = mirror of the
            // other axis after transpose.
            let cols = self.0 & MIRROR_COLS;
            let rows = (self.0 & MIRROR_ROWS) >> 1;
            Symmetry(TRANSPOSE | rows | (cols << 1))
        } else {
            self
        }
    }

    /// The symmetry that applies `self`, then `other`.
    pub fn then(self, other: Symmetry) -> Symmetry {
        // Identify the composite by its action on an asymmetric pair of points.
        let size = BoardSize::square(3).expect("3x3 is a valid size");
        let probe = [Point::must(1, 0, size), Point::must(0, 2, size)];
        let image = probe.map(|p| other.apply(self.apply(p, size), size));
        Symmetry::ALL
            .into_iter()
            .find(|s| probe.map(|p| s.apply(p, size)) == image)
            .expect("D4 is closed under composition")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_distinct_transforms_of_an_asymmetric_shape() {
        let size = BoardSize::square(5).unwrap();
        let shape: PointSet =
            [(0, 0), (1, 0), (0, 2)].into_iter().map(|(c, r)| Point::must(c, r, size)).collect();
        let images: std::collections::HashSet<Vec<Point>> =
            Symmetry::ALL.iter().map(|s| s.apply_set(&shape, size).iter().collect()).collect();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn group_laws() {
        let size = BoardSize::square(7).unwrap();
        for a in Symmetry::ALL {
            assert_eq!(a.then(a.inverse()), Symmetry::IDENTITY);
            for b in Symmetry::ALL {
                for p in size.points() {
                    assert_eq!(a.then(b).apply(p, size), b.apply(a.apply(p, size), size));
                }
                for c in Symmetry::ALL {
                    assert_eq!(a.then(b).then(c), a.then(b.then(c)));
                }
            }
        }
    }

    #[test]
    fn rectangles_transpose() {
        let size = BoardSize::new(5, 3).unwrap();
        for s in Symmetry::ALL {
            let out = s.apply_size(size);
            let image: PointSet = size.points().map(|p| s.apply(p, size)).collect();
            assert_eq!(image, out.on_board());
            for p in size.points() {
                assert_eq!(s.inverse().apply(s.apply(p, size), out), p);
            }
        }
    }
}
