//! [`Grid`]: one value per point of a board, the common output of the maps of this
//! crate (potential, Bouzy, ownership, group labels).

use core::fmt;
use core::ops::{Index, IndexMut};

use go_board::{BoardSize, Color, Point, PointSet, Symmetry};

/// The distance between the indices of two vertically adjacent points
/// ([`Point::index`] is `(row + 1) * stride + col + 1`, the same on every board size).
pub(crate) fn stride() -> usize {
    let size = BoardSize::square(2).expect("2x2 is a valid size");
    Point::must(0, 1, size).index() - Point::must(0, 0, size).index()
}

/// A value for every point of a board, indexed by [`Point`].
///
/// Only the points of the board are part of the grid: iteration, equality, symmetries
/// and the text form see them alone. The storage is a dense array indexed by
/// [`Point::index`], so the maps of this crate read neighbours with a few additions.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Point};
/// use go_eval::Grid;
/// let size = BoardSize::square(3)?;
/// let grid = Grid::from_fn(size, |p| i32::from(p.col()) - i32::from(p.row()));
/// assert_eq!(grid[Point::parse_gtp("C1", size)?], 2);
/// // One row per line from the top, columns aligned.
/// assert_eq!(grid.to_string(), "-2 -1  0\n-1  0  1\n 0  1  2\n");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Grid<T> {
    size: BoardSize,
    values: Vec<T>,
}

impl<T: Copy + Default> Grid<T> {
    /// A grid holding `T::default()` everywhere.
    pub fn new(size: BoardSize) -> Grid<T> {
        Grid::filled(size, T::default())
    }

    /// A grid holding `value` on every point.
    pub fn filled(size: BoardSize, value: T) -> Grid<T> {
        let mut values = vec![T::default(); Point::INDEX_LIMIT];
        for p in size.points() {
            values[p.index()] = value;
        }
        Grid { size, values }
    }

    /// A grid holding `f(p)` on every point `p`.
    pub fn from_fn(size: BoardSize, mut f: impl FnMut(Point) -> T) -> Grid<T> {
        let mut values = vec![T::default(); Point::INDEX_LIMIT];
        for p in size.points() {
            values[p.index()] = f(p);
        }
        Grid { size, values }
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The value on `point`.
    ///
    /// # Panics
    ///
    /// If `point` is not on the board.
    #[track_caller]
    pub fn get(&self, point: Point) -> T {
        assert!(self.size.contains(point), "Grid: {point} is off a {} board", self.size);
        self.values[point.index()]
    }

    /// Sets the value on `point`.
    ///
    /// # Panics
    ///
    /// If `point` is not on the board.
    #[track_caller]
    pub fn set(&mut self, point: Point, value: T) {
        assert!(self.size.contains(point), "Grid: {point} is off a {} board", self.size);
        self.values[point.index()] = value;
    }

    /// The points and their values, bottom row first, each row from left to right.
    pub fn iter(&self) -> impl Iterator<Item = (Point, T)> + '_ {
        self.size.points().map(|p| (p, self.values[p.index()]))
    }

    /// The grid of `f(value)`.
    pub fn map<U: Copy + Default>(&self, mut f: impl FnMut(T) -> U) -> Grid<U> {
        Grid::from_fn(self.size, |p| f(self.values[p.index()]))
    }

    /// The points whose value satisfies `pred`.
    pub fn points_where(&self, mut pred: impl FnMut(T) -> bool) -> PointSet {
        self.iter().filter(|&(_, v)| pred(v)).map(|(p, _)| p).collect()
    }

    /// The grid seen through `symmetry`: the value on `p` moves to `symmetry.apply(p)`.
    pub fn transform(&self, symmetry: Symmetry) -> Grid<T> {
        let size = symmetry.apply_size(self.size);
        let mut out = Grid::new(size);
        for (p, v) in self.iter() {
            out.values[symmetry.apply(p, self.size).index()] = v;
        }
        out
    }

    /// The rows from the top, each from left to right.
    pub fn rows_from_top(&self) -> Vec<Vec<T>> {
        (0..self.size.rows())
            .rev()
            .map(|row| {
                (0..self.size.cols())
                    .map(|col| self.values[Point::must(col, row, self.size).index()])
                    .collect()
            })
            .collect()
    }

    /// The raw storage, indexed by [`Point::index`]; entries off the board hold
    /// `T::default()`.
    pub(crate) fn raw(&self) -> &[T] {
        &self.values
    }

    /// The raw storage, mutably. Callers must leave the entries off the board alone.
    pub(crate) fn raw_mut(&mut self) -> &mut [T] {
        &mut self.values
    }
}

impl<T: Copy + Default> Index<Point> for Grid<T> {
    type Output = T;

    /// # Panics
    ///
    /// If the point is not on the board.
    #[track_caller]
    fn index(&self, point: Point) -> &T {
        assert!(self.size.contains(point), "Grid: {point} is off a {} board", self.size);
        &self.values[point.index()]
    }
}

impl<T: Copy + Default> IndexMut<Point> for Grid<T> {
    /// # Panics
    ///
    /// If the point is not on the board.
    #[track_caller]
    fn index_mut(&mut self, point: Point) -> &mut T {
        assert!(self.size.contains(point), "Grid: {point} is off a {} board", self.size);
        &mut self.values[point.index()]
    }
}

impl<T: Copy + Default + PartialEq> PartialEq for Grid<T> {
    fn eq(&self, other: &Grid<T>) -> bool {
        self.size == other.size && self.iter().zip(other.iter()).all(|(a, b)| a.1 == b.1)
    }
}

impl<T: Copy + Default + Eq> Eq for Grid<T> {}

impl<T: Copy + Default + fmt::Display> fmt::Display for Grid<T> {
    /// One board row per line from the top, values right-aligned in columns of equal
    /// width and separated by a space.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows: Vec<Vec<String>> = self
            .rows_from_top()
            .into_iter()
            .map(|r| r.into_iter().map(|v| v.to_string()).collect())
            .collect();
        let width = rows.iter().flatten().map(|s| s.chars().count()).max().unwrap_or(0);
        for row in rows {
            let cells: Vec<String> = row.iter().map(|s| format!("{s:>width$}")).collect();
            writeln!(f, "{}", cells.join(" "))?;
        }
        Ok(())
    }
}

impl<T: Copy + Default + fmt::Debug> fmt::Debug for Grid<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Grid")
            .field("size", &self.size)
            .field("rows_from_top", &self.rows_from_top())
            .finish()
    }
}

impl Grid<i32> {
    /// The grid with every value negated: the same map after a colour swap, for the
    /// maps of this crate that count Black positive.
    #[must_use]
    pub fn negated(&self) -> Grid<i32> {
        self.map(|v| -v)
    }

    /// The points with a positive value (Black's) or a negative value (White's).
    pub fn signs(&self) -> Ownership {
        Ownership::from_fn(self.size, |p| match self.values[p.index()] {
            v if v > 0 => Some(Color::Black),
            v if v < 0 => Some(Color::White),
            _ => None,
        })
    }
}

/// The owner of every point, `None` for a neutral or undecided point.
pub type Ownership = Grid<Option<Color>>;

/// Ownership helpers.
impl Grid<Option<Color>> {
    /// The points owned by `color`.
    pub fn owned_by(&self, color: Color) -> PointSet {
        self.points_where(|c| c == Some(color))
    }

    /// The number of points each colour owns, Black first.
    pub fn counts(&self) -> (u32, u32) {
        let mut counts = (0, 0);
        for (_, c) in self.iter() {
            match c {
                Some(Color::Black) => counts.0 += 1,
                Some(Color::White) => counts.1 += 1,
                None => {}
            }
        }
        counts
    }

    /// The map with the colours exchanged.
    #[must_use]
    pub fn swapped(&self) -> Ownership {
        self.map(|c| c.map(Color::opponent))
    }

    /// The map as text: `X` Black, `O` White, `.` nobody, one row per line from the
    /// top.
    pub fn to_diagram(&self) -> String {
        let mut out = String::new();
        for row in self.rows_from_top() {
            let cells: Vec<&str> = row
                .iter()
                .map(|c| match c {
                    Some(Color::Black) => "X",
                    Some(Color::White) => "O",
                    None => ".",
                })
                .collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stride_matches_the_point_layout() {
        let size = BoardSize::square(19).unwrap();
        let p = Point::must(4, 7, size);
        assert_eq!(Point::must(4, 8, size).index(), p.index() + stride());
        assert_eq!(Point::must(5, 7, size).index(), p.index() + 1);
    }

    #[test]
    fn transforms_compose_and_invert() {
        let size = BoardSize::new(5, 3).unwrap();
        let grid = Grid::from_fn(size, |p| i32::from(p.col()) * 10 + i32::from(p.row()));
        for s in Symmetry::ALL {
            let there = grid.transform(s);
            assert_eq!(there.size(), s.apply_size(size));
            assert_eq!(there.transform(s.inverse()), grid);
        }
    }

    #[test]
    fn equality_ignores_points_off_the_board() {
        let small = BoardSize::square(3).unwrap();
        let a: Grid<i32> = Grid::filled(small, 1);
        let mut b = a.clone();
        b.raw_mut()[0] = 99;
        assert_eq!(a, b);
        assert_eq!(a.iter().count(), 9);
    }

    #[test]
    #[should_panic(expected = "off a 3x3 board")]
    fn indexing_off_the_board_panics() {
        let grid: Grid<i32> = Grid::new(BoardSize::square(3).unwrap());
        let big = BoardSize::square(9).unwrap();
        let _ = grid[Point::must(5, 5, big)];
    }

    #[test]
    fn ownership_counts_and_diagram() {
        let size = BoardSize::square(2).unwrap();
        let grid = Grid::from_fn(size, |p| match (p.col(), p.row()) {
            (0, _) => Some(Color::Black),
            (1, 1) => Some(Color::White),
            _ => None,
        });
        assert_eq!(grid.counts(), (2, 1));
        assert_eq!(grid.to_diagram(), "X O\nX .\n");
        assert_eq!(grid.swapped().counts(), (1, 2));
    }
}
