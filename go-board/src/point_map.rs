//! Maps from the points of a board to values.

use core::fmt;
use core::ops::{Index, IndexMut};

use crate::{BoardSize, Point, PointSet, Symmetry};

/// A value for every point of a board of a given size: the map next to [`PointSet`],
/// for influence, ownership, labels, features and pattern tables.
///
/// The values are stored densely in the order of [`BoardSize::points`] (bottom row
/// first, each row from left to right), so the point at `(col, row)` is entry
/// `row * cols + col` of [`PointMap::values`]. Only the points of the board are part of
/// the map: indexing by a point off the board panics, and [`PointMap::get`] returns
/// `None` for it.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Point, PointMap};
/// let size = BoardSize::square(3)?;
/// let mut map = PointMap::from_fn(size, |p| i32::from(p.col()) - i32::from(p.row()));
/// let c1 = Point::parse_gtp("C1", size)?;
/// assert_eq!(map[c1], 2);
/// map[c1] += 10;
/// // One row per line from the top, columns aligned.
/// assert_eq!(map.to_string(), "-2 -1  0\n-1  0  1\n 0  1 12\n");
/// let signs = map.map(|v| v.signum());
/// assert_eq!(signs.points_where(|&s| s > 0).len(), 3);
/// assert_eq!(map.iter().map(|(_, v)| v).sum::<i32>(), 10);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PointMap<T> {
    size: BoardSize,
    values: Box<[T]>,
}

impl<T> PointMap<T> {
    /// A map holding `value` on every point of a board of `size`.
    pub fn new(size: BoardSize, value: T) -> PointMap<T>
    where
        T: Clone,
    {
        PointMap { size, values: vec![value; size.point_count()].into_boxed_slice() }
    }

    /// A map holding `f(p)` on every point `p` of a board of `size`, called in the order
    /// of [`BoardSize::points`].
    pub fn from_fn(size: BoardSize, f: impl FnMut(Point) -> T) -> PointMap<T> {
        PointMap { size, values: size.points().map(f).collect() }
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The position of `point` in [`PointMap::values`], if it is on the board.
    #[inline]
    fn slot(&self, point: Point) -> Option<usize> {
        self.size
            .contains(point)
            .then(|| point.row() as usize * self.size.cols() as usize + point.col() as usize)
    }

    /// The value on `point`, or `None` if `point` is off the board.
    #[inline]
    pub fn get(&self, point: Point) -> Option<&T> {
        self.slot(point).map(|i| &self.values[i])
    }

    /// The value on `point`, mutably, or `None` if `point` is off the board.
    #[inline]
    pub fn get_mut(&mut self, point: Point) -> Option<&mut T> {
        self.slot(point).map(|i| &mut self.values[i])
    }

    /// The values in the order of [`BoardSize::points`]: the point at `(col, row)` is
    /// entry `row * cols + col`. A dense feature plane for learning, or the input of a
    /// computation with its own layout.
    #[inline]
    pub fn values(&self) -> &[T] {
        &self.values
    }

    /// The values, mutably, in the order of [`PointMap::values`].
    #[inline]
    pub fn values_mut(&mut self) -> &mut [T] {
        &mut self.values
    }

    /// The points and their values, in the order of [`BoardSize::points`].
    pub fn iter(&self) -> Iter<'_, T> {
        Iter { cols: self.size.cols() as usize, values: self.values.iter().enumerate() }
    }

    /// The points and their values, mutably, in the order of [`BoardSize::points`].
    pub fn iter_mut(&mut self) -> IterMut<'_, T> {
        IterMut { cols: self.size.cols() as usize, values: self.values.iter_mut().enumerate() }
    }

    /// The map of `f(value)`, on the same board.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> PointMap<U> {
        PointMap { size: self.size, values: self.values.iter().map(f).collect() }
    }

    /// The points whose value satisfies `pred`.
    pub fn points_where(&self, mut pred: impl FnMut(&T) -> bool) -> PointSet {
        self.iter().filter(|(_, v)| pred(v)).map(|(p, _)| p).collect()
    }

    /// The rows from the top, each from left to right (the order of a diagram).
    fn rows_from_top(&self) -> impl Iterator<Item = &[T]> {
        self.values.chunks(self.size.cols() as usize).rev()
    }
}

impl<T> Index<Point> for PointMap<T> {
    type Output = T;

    /// # Panics
    ///
    /// If the point is not on the board.
    #[inline]
    #[track_caller]
    fn index(&self, point: Point) -> &T {
        match self.slot(point) {
            Some(i) => &self.values[i],
            None => off_board(point, self.size),
        }
    }
}

impl<T> IndexMut<Point> for PointMap<T> {
    /// # Panics
    ///
    /// If the point is not on the board.
    #[inline]
    #[track_caller]
    fn index_mut(&mut self, point: Point) -> &mut T {
        match self.slot(point) {
            Some(i) => &mut self.values[i],
            None => off_board(point, self.size),
        }
    }
}

#[cold]
#[track_caller]
fn off_board(point: Point, size: BoardSize) -> ! {
    panic!("PointMap: {point} is off a {size} board")
}

impl<'a, T> IntoIterator for &'a PointMap<T> {
    type Item = (Point, &'a T);
    type IntoIter = Iter<'a, T>;
    fn into_iter(self) -> Iter<'a, T> {
        self.iter()
    }
}

impl<'a, T> IntoIterator for &'a mut PointMap<T> {
    type Item = (Point, &'a mut T);
    type IntoIter = IterMut<'a, T>;
    fn into_iter(self) -> IterMut<'a, T> {
        self.iter_mut()
    }
}

/// The iterator over the points and values of a [`PointMap`], from [`PointMap::iter`].
#[derive(Clone, Debug)]
pub struct Iter<'a, T> {
    cols: usize,
    values: core::iter::Enumerate<core::slice::Iter<'a, T>>,
}

/// The iterator over the points and mutable values of a [`PointMap`], from
/// [`PointMap::iter_mut`].
#[derive(Debug)]
pub struct IterMut<'a, T> {
    cols: usize,
    values: core::iter::Enumerate<core::slice::IterMut<'a, T>>,
}

/// The point of entry `i` of the values of a map with `cols` columns.
#[inline]
fn point_of(i: usize, cols: usize) -> Point {
    Point::at((i % cols) as u8, (i / cols) as u8)
}

impl<'a, T> Iterator for Iter<'a, T> {
    type Item = (Point, &'a T);

    #[inline]
    fn next(&mut self) -> Option<(Point, &'a T)> {
        self.values.next().map(|(i, v)| (point_of(i, self.cols), v))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.values.size_hint()
    }
}

impl<T> DoubleEndedIterator for Iter<'_, T> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.values.next_back().map(|(i, v)| (point_of(i, self.cols), v))
    }
}

impl<T> ExactSizeIterator for Iter<'_, T> {}

impl<'a, T> Iterator for IterMut<'a, T> {
    type Item = (Point, &'a mut T);

    #[inline]
    fn next(&mut self) -> Option<(Point, &'a mut T)> {
        self.values.next().map(|(i, v)| (point_of(i, self.cols), v))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.values.size_hint()
    }
}

impl<T> DoubleEndedIterator for IterMut<'_, T> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.values.next_back().map(|(i, v)| (point_of(i, self.cols), v))
    }
}

impl<T> ExactSizeIterator for IterMut<'_, T> {}

impl<T: fmt::Display> fmt::Display for PointMap<T> {
    /// One board row per line from the top, values right-aligned in columns of equal
    /// width and separated by a space; width and precision apply to every value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = |v: &T| match f.precision() {
            Some(p) => format!("{v:.p$}"),
            None => v.to_string(),
        };
        let cells: Vec<String> = self.values.iter().map(text).collect();
        let width = cells.iter().map(|s| s.chars().count()).max().unwrap_or(0);
        let width = width.max(f.width().unwrap_or(0));
        for row in cells.chunks(self.size.cols() as usize).rev() {
            for (k, cell) in row.iter().enumerate() {
                let sep = if k == 0 { "" } else { " " };
                write!(f, "{sep}{cell:>width$}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl<T: fmt::Debug> fmt::Debug for PointMap<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows: Vec<&[T]> = self.rows_from_top().collect();
        f.debug_struct("PointMap").field("size", &self.size).field("rows_from_top", &rows).finish()
    }
}

impl Symmetry {
    /// The image of a map of a board of `size`: the value on `p` moves to
    /// `self.apply(p, map.size())`, on a board of [`Symmetry::apply_size`].
    ///
    /// # Examples
    ///
    /// ```
    /// use go_board::{BoardSize, PointMap, Symmetry};
    /// let size = BoardSize::new(3, 2)?;
    /// let map = PointMap::from_fn(size, |p| p.col() + 3 * p.row());
    /// assert_eq!(map.to_string(), "3 4 5\n0 1 2\n");
    /// let flipped = Symmetry::ALL.iter().find(|s| s.transposes()).unwrap().apply_map(&map);
    /// assert_eq!(flipped.size(), BoardSize::new(2, 3)?);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply_map<T: Clone>(self, map: &PointMap<T>) -> PointMap<T> {
        let inverse = self.inverse();
        let size = self.apply_size(map.size);
        PointMap::from_fn(size, |p| map[inverse.apply(p, size)].clone())
    }
}

#[cfg(feature = "serde")]
impl<T: serde::Serialize> serde::Serialize for PointMap<T> {
    /// The rows from the top, each a list of values from left to right (the order of a
    /// diagram).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.rows_from_top())
    }
}

#[cfg(feature = "serde")]
impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for PointMap<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PointMap<T>, D::Error> {
        use serde::de::Error;
        let rows = Vec::<Vec<T>>::deserialize(d)?;
        let cols = rows.first().map_or(0, Vec::len);
        if let Some(bad) = rows.iter().position(|r| r.len() != cols) {
            return Err(D::Error::custom(format_args!(
                "row {} has {} values, the first row has {cols}",
                bad + 1,
                rows[bad].len()
            )));
        }
        let size = BoardSize::new(cols as u32, rows.len() as u32).map_err(D::Error::custom)?;
        let values: Box<[T]> = rows.into_iter().rev().flatten().collect();
        Ok(PointMap { size, values })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexing_agrees_with_iteration_and_values() {
        for size in [BoardSize::new(5, 3).unwrap(), BoardSize::square(25).unwrap()] {
            let mut map = PointMap::from_fn(size, |p| (p.col(), p.row()));
            assert_eq!(map.iter().len(), size.point_count());
            for ((p, v), q) in map.iter().zip(size.points()) {
                assert_eq!(p, q);
                assert_eq!(*v, (p.col(), p.row()));
                assert_eq!(map.get(p), Some(v));
                let i = p.row() as usize * size.cols() as usize + p.col() as usize;
                assert_eq!(map.values()[i], *v);
            }
            assert!(map.iter().rev().map(|(p, _)| p).eq(size.points().rev()));
            for (p, v) in &mut map {
                v.0 = p.row();
            }
            assert!(map.iter().all(|(p, v)| v.0 == p.row()));
        }
    }

    #[test]
    fn points_off_the_board_are_not_in_the_map() {
        let small = BoardSize::square(3).unwrap();
        let big = BoardSize::square(9).unwrap();
        let mut map = PointMap::new(small, 0u8);
        let far = Point::must(5, 5, big);
        assert_eq!(map.get(far), None);
        assert_eq!(map.get_mut(far), None);
        let narrow = PointMap::new(BoardSize::new(2, 9).unwrap(), 0u8);
        assert_eq!(narrow.get(Point::must(2, 0, big)), None);
        assert_eq!(narrow.get(Point::must(1, 8, big)), Some(&0));
    }

    #[test]
    #[should_panic(expected = "PointMap: F6 is off a 3x3 board")]
    fn indexing_off_the_board_panics() {
        let map = PointMap::new(BoardSize::square(3).unwrap(), 0);
        let _ = map[Point::must(5, 5, BoardSize::square(9).unwrap())];
    }

    #[test]
    fn equality_needs_the_same_size_and_values() {
        let a = PointMap::new(BoardSize::new(2, 3).unwrap(), 1);
        let b = PointMap::new(BoardSize::new(3, 2).unwrap(), 1);
        assert_ne!(a, b);
        let mut c = a.clone();
        assert_eq!(a, c);
        c[Point::must(1, 2, a.size())] = 2;
        assert_ne!(a, c);
    }

    #[test]
    fn symmetries_move_values_with_their_points() {
        let size = BoardSize::new(5, 3).unwrap();
        let map = PointMap::from_fn(size, |p| i32::from(p.col()) * 10 + i32::from(p.row()));
        for s in Symmetry::ALL {
            let image = s.apply_map(&map);
            assert_eq!(image.size(), s.apply_size(size));
            for (p, v) in &map {
                assert_eq!(image[s.apply(p, size)], *v);
            }
            assert_eq!(s.inverse().apply_map(&image), map);
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_form_is_the_rows_from_the_top() {
        let size = BoardSize::new(3, 2).unwrap();
        let map = PointMap::from_fn(size, |p| p.col() + 3 * p.row());
        let json = serde_json::to_string(&map).unwrap();
        assert_eq!(json, "[[3,4,5],[0,1,2]]");
        assert_eq!(serde_json::from_str::<PointMap<u8>>(&json).unwrap(), map);
        for bad in ["[[1,2],[3]]", "[]", "[[]]"] {
            assert!(serde_json::from_str::<PointMap<u8>>(bad).is_err(), "{bad}");
        }
        let err = serde_json::from_str::<PointMap<u8>>("[[1,2],[3]]").unwrap_err();
        assert!(err.to_string().contains("row 2 has 1 values, the first row has 2"), "{err}");
    }

    #[test]
    fn display_and_debug_show_rows_from_the_top() {
        let size = BoardSize::new(2, 2).unwrap();
        let map = PointMap::from_fn(size, |p| f64::from(p.col()) + 0.25 * f64::from(p.row()));
        assert_eq!(format!("{map:.1}"), "0.2 1.2\n0.0 1.0\n");
        assert_eq!(format!("{map:4}"), "0.25 1.25\n   0    1\n");
        let labels = PointMap::from_fn(size, |p| p.col() + 2 * p.row());
        assert_eq!(
            format!("{labels:?}"),
            "PointMap { size: BoardSize { cols: 2, rows: 2 }, rows_from_top: [[2, 3], [0, 1]] }"
        );
    }
}
