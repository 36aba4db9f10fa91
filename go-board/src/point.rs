//! Board sizes and points (intersections).

use core::fmt;

use crate::PointSet;

/// Distance between vertically adjacent points in the internal layout.
///
/// The layout is a one-dimensional "mailbox" with one shared off-board column and one
/// off-board row above and below the largest board, so that every neighbour of an
/// on-board point has a valid index.
pub(crate) const STRIDE: usize = 26;

/// The offsets of the four orthogonal neighbours in the internal layout.
pub(crate) const NEIGHBOUR_OFFSETS: [isize; 4] = [-(STRIDE as isize), -1, 1, STRIDE as isize];

/// The offsets of the four diagonal neighbours in the internal layout.
pub(crate) const DIAGONAL_OFFSETS: [isize; 4] =
    [-(STRIDE as isize) - 1, -(STRIDE as isize) + 1, STRIDE as isize - 1, STRIDE as isize + 1];

/// The width and height of a board: from 1×1 up to 25×25, rectangles included.
///
/// # Examples
///
/// ```
/// use go_board::BoardSize;
/// let size = BoardSize::square(19)?;
/// assert_eq!(size.point_count(), 361);
/// assert_eq!(size.to_string(), "19x19");
/// assert!(BoardSize::square(26).is_err());
/// assert_eq!(BoardSize::new(9, 13)?.to_string(), "9x13");
/// # Ok::<_, go_board::SizeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "SizeRepr", into = "SizeRepr"))]
pub struct BoardSize {
    cols: u8,
    rows: u8,
}

/// Why a board size was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeError {
    cols: u32,
    rows: u32,
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unsupported board size {}x{}: each side must be between 1 and {}",
            self.cols,
            self.rows,
            BoardSize::MAX
        )
    }
}

impl std::error::Error for SizeError {}

impl BoardSize {
    /// The largest supported side length.
    pub const MAX: u8 = 25;

    /// A board with `cols` columns and `rows` rows.
    ///
    /// # Errors
    ///
    /// [`SizeError`] if a side is 0 or greater than [`BoardSize::MAX`].
    pub fn new(cols: u32, rows: u32) -> Result<BoardSize, SizeError> {
        let max = u32::from(BoardSize::MAX);
        if (1..=max).contains(&cols) && (1..=max).contains(&rows) {
            Ok(BoardSize { cols: cols as u8, rows: rows as u8 })
        } else {
            Err(SizeError { cols, rows })
        }
    }

    /// A square board of side `n`.
    ///
    /// # Errors
    ///
    /// [`SizeError`] if `n` is 0 or greater than [`BoardSize::MAX`].
    pub fn square(n: u32) -> Result<BoardSize, SizeError> {
        BoardSize::new(n, n)
    }

    /// The number of columns.
    #[inline]
    pub const fn cols(self) -> u8 {
        self.cols
    }

    /// The number of rows.
    #[inline]
    pub const fn rows(self) -> u8 {
        self.rows
    }

    /// Whether the board is square.
    pub const fn is_square(self) -> bool {
        self.cols == self.rows
    }

    /// The number of points on the board.
    pub const fn point_count(self) -> usize {
        self.cols as usize * self.rows as usize
    }

    /// The number of entries of the internal layout that this size uses; arrays indexed
    /// by [`Point::index`] need only this prefix.
    #[inline]
    pub(crate) const fn index_limit(self) -> usize {
        (self.rows as usize + 2) * STRIDE
    }

    /// Whether `point` lies on a board of this size.
    #[inline]
    pub const fn contains(self, point: Point) -> bool {
        point.col() < self.cols && point.row() < self.rows
    }

    /// All points of the board, bottom row first, each row from left to right.
    pub fn points(self) -> impl DoubleEndedIterator<Item = Point> + Clone {
        let cols = self.cols;
        (0..self.rows).flat_map(move |row| (0..cols).map(move |col| Point::at(col, row)))
    }

    /// The set of all points of the board.
    pub fn on_board(self) -> PointSet {
        PointSet::board_mask(self)
    }

    /// The size with columns and rows exchanged.
    pub const fn transposed(self) -> BoardSize {
        BoardSize { cols: self.rows, rows: self.cols }
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.cols, self.rows)
    }
}

#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct SizeRepr {
    cols: u32,
    rows: u32,
}

#[cfg(feature = "serde")]
impl TryFrom<SizeRepr> for BoardSize {
    type Error = SizeError;
    fn try_from(r: SizeRepr) -> Result<BoardSize, SizeError> {
        BoardSize::new(r.cols, r.rows)
    }
}

#[cfg(feature = "serde")]
impl From<BoardSize> for SizeRepr {
    fn from(s: BoardSize) -> SizeRepr {
        SizeRepr { cols: s.cols.into(), rows: s.rows.into() }
    }
}

/// An intersection of the board, identified by its column and row.
///
/// Columns count from the left and rows from the bottom, both from 0, so a point means
/// the same intersection on every board size and `Display` shows it as a GTP vertex
/// (`A1` is the bottom-left corner; the letter `I` is skipped). A pass is not a point;
/// see [`Move`](crate::Move).
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Point};
/// let size = BoardSize::square(19)?;
/// let p = Point::parse_gtp("Q16", size)?;
/// assert_eq!((p.col(), p.row()), (15, 15));
/// assert_eq!(p.to_string(), "Q16");
/// assert_eq!(p.to_sgf(size), "pd");
/// assert_eq!(Point::parse_sgf("pd", size)?, p);
/// assert!(Point::parse_gtp("T20", size).is_err());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(u16);

/// Why a point could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePointError {
    text: String,
    reason: &'static str,
}

impl fmt::Display for ParsePointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid point {:?}: {}", self.text, self.reason)
    }
}

impl std::error::Error for ParsePointError {}

const GTP_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

impl Point {
    /// One more than the largest [`Point::index`]: the length of an array with an entry
    /// for every point of every board size.
    pub const INDEX_LIMIT: usize = (BoardSize::MAX as usize + 2) * STRIDE;

    /// The point at column `col` and row `row` (both from 0; row 0 is the bottom), or
    /// `None` if it is not on a board of `size`.
    #[inline]
    pub const fn new(col: u8, row: u8, size: BoardSize) -> Option<Point> {
        if col < size.cols && row < size.rows { Some(Point::at(col, row)) } else { None }
    }

    /// Like [`Point::new`], but panics when the point is off the board.
    ///
    /// # Panics
    ///
    /// If `(col, row)` is not on a board of `size`.
    #[track_caller]
    pub const fn must(col: u8, row: u8, size: BoardSize) -> Point {
        match Point::new(col, row, size) {
            Some(p) => p,
            None => panic!("point off the board"),
        }
    }

    /// The point at `(col, row)` on the largest board; the caller checks the size.
    #[inline]
    pub(crate) const fn at(col: u8, row: u8) -> Point {
        Point(((row as usize + 1) * STRIDE + col as usize + 1) as u16)
    }

    /// The point with the given [`Point::index`], if that index is a point of the
    /// largest board.
    pub const fn from_index(index: usize) -> Option<Point> {
        if index >= Point::INDEX_LIMIT {
            return None;
        }
        let (row, col) = (index / STRIDE, index % STRIDE);
        if row >= 1 && row <= BoardSize::MAX as usize && col >= 1 {
            Some(Point(index as u16))
        } else {
            None
        }
    }

    /// Builds a point from an internal index known to be valid.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: usize) -> Point {
        Point(index as u16)
    }

    /// The column, from 0 at the left.
    #[inline]
    pub const fn col(self) -> u8 {
        (self.0 as usize % STRIDE - 1) as u8
    }

    /// The row, from 0 at the bottom.
    #[inline]
    pub const fn row(self) -> u8 {
        (self.0 as usize / STRIDE - 1) as u8
    }

    /// A dense index below [`Point::INDEX_LIMIT`], the same on every board size, for
    /// per-point arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Distance to the nearest edge of a board of `size`, counted in lines: 1 for a
    /// point on the first line.
    pub fn line(self, size: BoardSize) -> u8 {
        let c = self.col().min(size.cols - 1 - self.col());
        let r = self.row().min(size.rows - 1 - self.row());
        c.min(r) + 1
    }

    /// The point `dx` columns to the right and `dy` rows up from this one (negative
    /// values go left and down), or `None` if that is off a board of `size`.
    ///
    /// Offsets are the shared language of links, patterns and symmetries: the image of
    /// an offset under a board transform is [`Symmetry::apply_offset`](crate::Symmetry::apply_offset).
    ///
    /// # Examples
    ///
    /// ```
    /// use go_board::{BoardSize, Point};
    /// let size = BoardSize::square(9)?;
    /// let c3 = Point::parse_gtp("C3", size)?;
    /// // A knight's move: two right, one up.
    /// assert_eq!(c3.offset(2, 1, size), Some(Point::parse_gtp("E4", size)?));
    /// assert_eq!(c3.offset(-3, 0, size), None); // off the left edge
    /// assert_eq!(c3.offset(0, 0, size), Some(c3));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub const fn offset(self, dx: i32, dy: i32, size: BoardSize) -> Option<Point> {
        // i64: no offset can overflow.
        let col = self.col() as i64 + dx as i64;
        let row = self.row() as i64 + dy as i64;
        if col < 0 || row < 0 || col >= size.cols as i64 || row >= size.rows as i64 {
            None
        } else {
            Some(Point::at(col as u8, row as u8))
        }
    }

    /// The orthogonal neighbours of this point that lie on a board of `size`.
    pub fn neighbours(self, size: BoardSize) -> impl Iterator<Item = Point> {
        self.offsets(size, &NEIGHBOUR_OFFSETS)
    }

    /// The diagonal neighbours of this point that lie on a board of `size`.
    pub fn diagonals(self, size: BoardSize) -> impl Iterator<Item = Point> {
        self.offsets(size, &DIAGONAL_OFFSETS)
    }

    /// The points at `offsets` (in that order) that lie on a board of `size`. Readers
    /// call this at every node: the column and row are computed once, and the four
    /// on-board tests become a bit mask.
    #[inline]
    fn offsets(self, size: BoardSize, offsets: &'static [isize; 4]) -> impl Iterator<Item = Point> {
        let (col, row) = (self.col(), self.row());
        // Whether the point `dc` columns right and `dr` rows up is on the board; -1 is
        // 255 in wrapping arithmetic, above every size.
        let on =
            |dc: u8, dr: u8| col.wrapping_add(dc) < size.cols && row.wrapping_add(dr) < size.rows;
        const M: u8 = u8::MAX;
        // Bit k: the point at `offsets[k]` is on the board.
        let mask = if offsets[1] == -1 {
            // Orthogonal: down, left, right, up.
            u8::from(on(0, M))
                | u8::from(on(M, 0)) << 1
                | u8::from(on(1, 0)) << 2
                | u8::from(on(0, 1)) << 3
        } else {
            // Diagonal: down-left, down-right, up-left, up-right.
            u8::from(on(M, M))
                | u8::from(on(1, M)) << 1
                | u8::from(on(M, 1)) << 2
                | u8::from(on(1, 1)) << 3
        };
        let base = self.0 as isize;
        let mut bits = mask;
        core::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(Point((base + offsets[k]) as u16))
        })
    }

    /// Parses a GTP vertex such as `D4` (case-insensitive, no `I` column) on a board of
    /// `size`. `pass` is not a point: see [`Move::parse_gtp`](crate::Move::parse_gtp).
    ///
    /// # Errors
    ///
    /// [`ParsePointError`] if the text is not a vertex of a board of `size`.
    pub fn parse_gtp(text: &str, size: BoardSize) -> Result<Point, ParsePointError> {
        let err = |reason| ParsePointError { text: text.to_owned(), reason };
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(|| err("empty"))?.to_ascii_uppercase();
        let col = GTP_LETTERS
            .iter()
            .position(|&l| l as char == letter)
            .ok_or_else(|| err("the column must be a letter A-Z without I"))?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err("the row must be a number"));
        }
        let row: usize = digits.parse().map_err(|_| err("the row must be a number"))?;
        if row == 0 || col >= size.cols as usize || row > size.rows as usize {
            return Err(err("off the board"));
        }
        Ok(Point::at(col as u8, (row - 1) as u8))
    }

    /// Parses an SGF point such as `dd` (column letter, then row letter counted from the
    /// top) on a board of `size`. The pass forms (`""`, `tt`) are not points.
    ///
    /// # Errors
    ///
    /// [`ParsePointError`] if the text is not a point of a board of `size`.
    pub fn parse_sgf(text: &str, size: BoardSize) -> Result<Point, ParsePointError> {
        let err = |reason| ParsePointError { text: text.to_owned(), reason };
        let b = text.as_bytes();
        if b.len() != 2 || !b.iter().all(u8::is_ascii_lowercase) {
            return Err(err("an SGF point is two letters a-z"));
        }
        let (col, from_top) = (b[0] - b'a', b[1] - b'a');
        if col >= size.cols || from_top >= size.rows {
            return Err(err("off the board"));
        }
        Ok(Point::at(col, size.rows - 1 - from_top))
    }

    /// The SGF form of this point on a board of `size`: column letter, then row letter
    /// counted from the top.
    pub fn to_sgf(self, size: BoardSize) -> String {
        let col = (b'a' + self.col()) as char;
        let row = (b'a' + (size.rows - 1 - self.row())) as char;
        let mut s = String::with_capacity(2);
        s.push(col);
        s.push(row);
        s
    }
}

impl fmt::Display for Point {
    /// The GTP vertex, e.g. `D4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", GTP_LETTERS[self.col() as usize] as char, self.row() as u32 + 1)
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Point({self})")
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Point, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        let largest = BoardSize { cols: BoardSize::MAX, rows: BoardSize::MAX };
        Point::parse_gtp(&s, largest).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_round_trip_on_every_point_of_the_largest_board() {
        let size = BoardSize::square(25).unwrap();
        for p in size.points() {
            assert_eq!(Point::parse_gtp(&p.to_string(), size), Ok(p));
            assert_eq!(Point::parse_sgf(&p.to_sgf(size), size), Ok(p));
            assert_eq!(Point::from_index(p.index()), Some(p));
        }
        assert_eq!(size.points().count(), 625);
    }

    #[test]
    fn gtp_parsing_rejects_bad_vertices() {
        let size = BoardSize::square(9).unwrap();
        for bad in ["", "I5", "J10", "A0", "A", "5", "AA1", "A-1", "A+1", "A001", "Z9", "pass"] {
            assert!(Point::parse_gtp(bad, size).is_err(), "{bad}");
        }
        assert_eq!(Point::parse_gtp("j9", size).unwrap().to_string(), "J9");
    }

    #[test]
    fn sgf_rows_count_from_the_top() {
        let size = BoardSize::new(5, 3).unwrap();
        let p = Point::parse_sgf("ba", size).unwrap();
        assert_eq!((p.col(), p.row()), (1, 2));
        assert!(Point::parse_sgf("ad", size).is_err());
        assert!(Point::parse_sgf("tt", size).is_err());
    }

    #[test]
    fn neighbours_stay_on_the_board() {
        let size = BoardSize::square(2).unwrap();
        let a1 = Point::must(0, 0, size);
        let n: Vec<String> = a1.neighbours(size).map(|p| p.to_string()).collect();
        assert_eq!(n, ["B1", "A2"]);
        assert_eq!(a1.diagonals(size).count(), 1);
        let one = BoardSize::square(1).unwrap();
        assert_eq!(Point::must(0, 0, one).neighbours(one).count(), 0);
        assert_eq!(Point::must(0, 0, one).line(one), 1);
    }

    #[test]
    fn offsets_match_columns_and_rows() {
        let size = BoardSize::new(5, 3).unwrap();
        for p in size.points() {
            for dx in -6..=6 {
                for dy in -4..=4 {
                    let (c, r) = (i32::from(p.col()) + dx, i32::from(p.row()) + dy);
                    let expected = (0..5).contains(&c) && (0..3).contains(&r);
                    let got = p.offset(dx, dy, size);
                    assert_eq!(got.is_some(), expected, "{p} {dx} {dy}");
                    if let Some(q) = got {
                        assert_eq!((i32::from(q.col()), i32::from(q.row())), (c, r));
                    }
                }
            }
        }
        let corner = Point::must(0, 0, size);
        assert_eq!(corner.offset(i32::MAX, i32::MIN, size), None);
        assert_eq!(corner.offset(i32::MIN, 0, size), None);
        // The offsets of the neighbours are the neighbours.
        let p = Point::must(2, 1, size);
        let by_offset: PointSet = [(0, -1), (-1, 0), (1, 0), (0, 1)]
            .iter()
            .filter_map(|&(x, y)| p.offset(x, y, size))
            .collect();
        assert_eq!(by_offset, p.neighbours(size).collect());
    }

    /// The bit-mask neighbours agree, in order, with the offsets filtered one by one,
    /// for every point of the largest board (on or off the smaller board) and sizes
    /// from 1×1 to 25×25, rectangles included.
    #[test]
    fn neighbours_and_diagonals_follow_the_offsets() {
        const ORTHOGONAL: [(i32, i32); 4] = [(0, -1), (-1, 0), (1, 0), (0, 1)];
        const DIAGONAL: [(i32, i32); 4] = [(-1, -1), (1, -1), (-1, 1), (1, 1)];
        let big = BoardSize::square(25).unwrap();
        for (cols, rows) in [(1, 1), (2, 2), (5, 3), (3, 7), (9, 9), (19, 19), (25, 25), (25, 1)] {
            let size = BoardSize::new(cols, rows).unwrap();
            for p in big.points() {
                let naive = |table: [(i32, i32); 4]| -> Vec<Point> {
                    table
                        .iter()
                        .filter_map(|&(x, y)| p.offset(x, y, big))
                        .filter(|&q| size.contains(q))
                        .collect()
                };
                assert_eq!(p.neighbours(size).collect::<Vec<_>>(), naive(ORTHOGONAL), "{p}");
                assert_eq!(p.diagonals(size).collect::<Vec<_>>(), naive(DIAGONAL), "{p}");
            }
        }
    }

    #[test]
    fn from_index_rejects_sentinels() {
        assert_eq!(Point::from_index(0), None);
        assert_eq!(Point::from_index(STRIDE), None);
        assert_eq!(Point::from_index(Point::INDEX_LIMIT), None);
        assert_eq!(Point::from_index(STRIDE * 26 + 1), None);
    }
}
