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

    /// The place of the symmetry in [`Symmetry::ALL`].
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

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

    /// The image of an offset `(dx, dy)` (columns right, rows up; see
    /// [`Point::offset`]): the same transform without the translation that keeps the
    /// board in place. For every point `p` and offset `d` with `p.offset(d)` on the
    /// board, the image of `p.offset(d)` is the image of `p` offset by the image of `d`.
    ///
    /// Links, patterns and data augmentation use this one implementation of D4.
    ///
    /// # Examples
    ///
    /// ```
    /// use go_board::{BoardSize, Point, Symmetry};
    /// let size = BoardSize::new(9, 5)?;
    /// let knight = (2, 1);
    /// let p = Point::parse_gtp("C2", size)?;
    /// let q = p.offset(knight.0, knight.1, size).unwrap();
    /// for s in Symmetry::ALL {
    ///     let (dx, dy) = s.apply_offset(knight);
    ///     let image = s.apply(p, size).offset(dx, dy, s.apply_size(size));
    ///     assert_eq!(image, Some(s.apply(q, size)));
    /// }
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub const fn apply_offset(self, (dx, dy): (i32, i32)) -> (i32, i32) {
        let (mut x, mut y) = if self.transposes() { (dy, dx) } else { (dx, dy) };
        // `wrapping_neg` only matters for i32::MIN, which is far off every board.
        if self.0 & MIRROR_COLS != 0 {
            x = x.wrapping_neg();
        }
        if self.0 & MIRROR_ROWS != 0 {
            y = y.wrapping_neg();
        }
        (x, y)
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
        // Identify the composite by its action on an offset no symmetry fixes.
        let probe = (1, 2);
        let image = other.apply_offset(self.apply_offset(probe));
        Symmetry::ALL
            .into_iter()
            .find(|s| s.apply_offset(probe) == image)
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
    fn offsets_move_with_their_points() {
        for size in [BoardSize::new(5, 3).unwrap(), BoardSize::square(4).unwrap()] {
            let out = |s: Symmetry| s.apply_size(size);
            for s in Symmetry::ALL {
                for p in size.points() {
                    for dx in -5..=5 {
                        for dy in -5..=5 {
                            let (x, y) = s.apply_offset((dx, dy));
                            let moved = s.apply(p, size).offset(x, y, out(s));
                            assert_eq!(moved, p.offset(dx, dy, size).map(|q| s.apply(q, size)));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn offsets_follow_the_group_laws() {
        let offsets = [(1, 0), (0, 1), (2, 1), (-3, 1), (0, 0), (-1, -2)];
        for a in Symmetry::ALL {
            for d in offsets {
                assert_eq!(a.inverse().apply_offset(a.apply_offset(d)), d);
                assert_eq!(Symmetry::IDENTITY.apply_offset(d), d);
                for b in Symmetry::ALL {
                    assert_eq!(a.then(b).apply_offset(d), b.apply_offset(a.apply_offset(d)));
                }
            }
        }
        // Eight distinct images of an offset no symmetry fixes.
        let images: std::collections::HashSet<(i32, i32)> =
            Symmetry::ALL.iter().map(|s| s.apply_offset((1, 2))).collect();
        assert_eq!(images.len(), 8);
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
