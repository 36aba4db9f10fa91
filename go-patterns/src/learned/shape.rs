//! Shapes: the exact contents of a gridcular disc around a move, seen from the side to
//! move, and their canonical form under the eight symmetries.

use core::fmt;
use std::sync::LazyLock;

use go_board::{Board, Color, Point, Symmetry};

use super::geometry::{GEOMETRY, MARGIN, MAX_CELLS, MAX_SIZE, MIN_SIZE, SIZES};

/// What a cell of a [`Shape`] holds, from the point of view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ShapeCell {
    /// An empty point.
    Empty,
    /// A stone of the side to move.
    Own,
    /// A stone of the opponent.
    Opponent,
    /// Off the board.
    OffBoard,
}

impl ShapeCell {
    /// The cell of a two-bit code: 0 empty, 1 own, 2 opponent, 3 off the board.
    pub(crate) const fn from_bits(bits: u8) -> ShapeCell {
        match bits & 3 {
            0 => ShapeCell::Empty,
            1 => ShapeCell::Own,
            2 => ShapeCell::Opponent,
            _ => ShapeCell::OffBoard,
        }
    }

    /// The two-bit code of the cell.
    pub(crate) const fn bits(self) -> u8 {
        self as u8
    }

    /// The cell of `point` on `board` for `mover`.
    fn of(board: &Board, point: Option<Point>, mover: Color) -> ShapeCell {
        match point.map(|p| board.color_at(p)) {
            None => ShapeCell::OffBoard,
            Some(None) => ShapeCell::Empty,
            Some(Some(c)) if c == mover => ShapeCell::Own,
            Some(Some(_)) => ShapeCell::Opponent,
        }
    }

    /// The diagram character: `.` empty, `O` own (the side to move, as in GNU Go's
    /// patterns), `X` opponent, `#` off the board.
    pub const fn symbol(self) -> char {
        match self {
            ShapeCell::Empty => '.',
            ShapeCell::Own => 'O',
            ShapeCell::Opponent => 'X',
            ShapeCell::OffBoard => '#',
        }
    }
}

/// The exact contents of the gridcular disc of a given size around a point (the point
/// itself excluded), seen from the side to move: an empty point, own stone, opponent
/// stone or off the board on each cell.
///
/// Sizes go from 3 (the 3×3 square, 8 cells) to 10 (72 cells, up to five lines away);
/// the disc of size `d` holds the offsets `(dx, dy)` with `|dx| + |dy| + max(|dx|, |dy|)
/// <= d`. A shape transforms with the board ([`Shape::transform`]);
/// [`Shape::canonical`] picks one representative of the eight images, so that a
/// dictionary of shapes needs one entry per class.
///
/// # Examples
///
/// ```
/// use go_board::{Board, Color, Point, Symmetry};
/// use go_patterns::learned::Shape;
///
/// let board = Board::from_diagram("
///     . . . .
///     . X . .
///     . O . .
///     . . . .
/// ")?;
/// let c3 = Point::parse_gtp("C3", board.size())?;
/// let shape = Shape::at(&board, c3, Color::White, 3).expect("size 3 exists");
/// assert_eq!(shape.to_string(), "\
/// . . .
/// X * .
/// O . .
/// ");
/// // Colours are relative to the side to move.
/// assert_ne!(Shape::at(&board, c3, Color::Black, 3), Some(shape));
/// for s in Symmetry::ALL {
///     assert_eq!(shape.transform(s).canonical(), shape.canonical());
/// }
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    /// Two bits per cell, cell `k` at bits `2 (k % 32)` of word `k / 32`.
    words: [u64; 3],
    size: u8,
}

impl Shape {
    /// The smallest size (the 3×3 square).
    pub const MIN_SIZE: u8 = MIN_SIZE;
    /// The largest size (72 cells).
    pub const MAX_SIZE: u8 = MAX_SIZE;

    /// The shape of `size` around `point` on `board`, with `mover` to play; `None` if
    /// `size` is not in `Shape::MIN_SIZE..=Shape::MAX_SIZE` or `point` is off the board.
    /// The point itself need not be empty; it is not part of the shape.
    pub fn at(board: &Board, point: Point, mover: Color, size: u8) -> Option<Shape> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) || !board.size().contains(point) {
            return None;
        }
        let g = &*GEOMETRY;
        let mut shape = Shape { words: [0; 3], size };
        for k in 0..g.cells_of(size) {
            let (dx, dy) = g.offsets[k];
            shape.set(k, ShapeCell::of(board, point.offset(dx, dy, board.size()), mover));
        }
        Some(shape)
    }

    /// A shape of `size` from its cells in spiral order (internal: the file format and
    /// the scanner).
    pub(crate) fn from_cells(size: u8, cells: impl IntoIterator<Item = ShapeCell>) -> Shape {
        let mut shape = Shape { words: [0; 3], size };
        for (k, c) in cells.into_iter().take(GEOMETRY.cells_of(size)).enumerate() {
            shape.set(k, c);
        }
        shape
    }

    /// The size of the disc (3 to 10).
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The number of cells (8 for size 3, 72 for size 10).
    pub fn len(&self) -> usize {
        GEOMETRY.cells_of(self.size)
    }

    /// Whether the shape has no cells (never: the smallest has 8).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The cells with their offsets `(dx, dy)` from the centre (columns right, rows
    /// up), ring by ring.
    pub fn cells(&self) -> impl Iterator<Item = ((i32, i32), ShapeCell)> + '_ {
        let g = &*GEOMETRY;
        (0..self.len()).map(move |k| (g.offsets[k], self.cell(k)))
    }

    /// The cell `k` of the spiral.
    #[inline]
    pub(crate) fn cell(&self, k: usize) -> ShapeCell {
        ShapeCell::from_bits((self.words[k / 32] >> (2 * (k % 32))) as u8)
    }

    #[inline]
    fn set(&mut self, k: usize, cell: ShapeCell) {
        let shift = 2 * (k % 32);
        let w = &mut self.words[k / 32];
        *w = (*w & !(3 << shift)) | (u64::from(cell.bits()) << shift);
    }

    /// The shape seen on the board transformed by `symmetry` (around the image of its
    /// centre).
    pub fn transform(&self, symmetry: Symmetry) -> Shape {
        let g = &*GEOMETRY;
        let inverse = symmetry_index(symmetry.inverse());
        let mut image = Shape { words: [0; 3], size: self.size };
        for k in 0..self.len() {
            image.set(k, self.cell(usize::from(g.perm[inverse][k])));
        }
        image
    }

    /// The representative of the shape's eight images: the least in the order of
    /// `Shape` (which does not depend on any hash).
    pub fn canonical(&self) -> Shape {
        Symmetry::ALL.into_iter().map(|s| self.transform(s)).min().expect("eight images")
    }

    /// The images of the shape under the eight symmetries, without repeats.
    pub(crate) fn variants(&self) -> Vec<Shape> {
        let mut all: Vec<Shape> = Symmetry::ALL.into_iter().map(|s| self.transform(s)).collect();
        all.sort_unstable();
        all.dedup();
        all
    }

    /// The shape of the next smaller size (its inner rings), if any.
    pub fn shrink(&self) -> Option<Shape> {
        (self.size > MIN_SIZE).then(|| Shape::from_cells(self.size - 1, self.cell_list()))
    }

    fn cell_list(&self) -> impl Iterator<Item = ShapeCell> + '_ {
        (0..self.len()).map(|k| self.cell(k))
    }

    /// The Zobrist key of the shape: the one the scanner computes at a point whose
    /// surroundings are this shape (in this orientation).
    pub(crate) fn key(&self) -> u64 {
        let z = &*ZOBRIST;
        let mut h = z.salt[usize::from(self.size - MIN_SIZE)];
        for k in 0..self.len() {
            h ^= z.cell[k * 4 + usize::from(self.cell(k).bits())];
        }
        h
    }
}

impl fmt::Display for Shape {
    /// The disc as a diagram, the top row first: `O` own, `X` opponent, `.` empty, `#`
    /// off the board, `*` the centre; cells beyond the disc are blank, and trailing
    /// blanks are cut.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = &*GEOMETRY;
        let reach = self.cells().map(|((dx, dy), _)| dx.abs().max(dy.abs())).max().unwrap_or(1);
        for dy in (-reach..=reach).rev() {
            let mut line = String::new();
            for dx in -reach..=reach {
                let c = if (dx, dy) == (0, 0) {
                    '*'
                } else {
                    match g.offsets[..self.len()].iter().position(|&o| o == (dx, dy)) {
                        Some(k) => self.cell(k).symbol(),
                        None => ' ',
                    }
                };
                line.push(c);
                line.push(' ');
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Shape(size {}:\n{self})", self.size)
    }
}

/// The place of `symmetry` in [`Symmetry::ALL`].
pub(crate) fn symmetry_index(symmetry: Symmetry) -> usize {
    Symmetry::ALL.iter().position(|&s| s == symmetry).expect("a symmetry of ALL")
}

/// Random keys per cell and state, and a salt per size.
#[derive(Debug)]
pub(crate) struct Zobrist {
    /// `cell[4 k + state]`.
    pub(crate) cell: [u64; MAX_CELLS * 4],
    /// Per size, from `MIN_SIZE`.
    pub(crate) salt: [u64; SIZES],
}

/// The keys: splitmix64 from a fixed seed, so that keys never change between builds.
pub(crate) static ZOBRIST: LazyLock<Zobrist> = LazyLock::new(|| {
    let mut state = 0x5eed_0f5b_a9e5_u64;
    let mut next = || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut cell = [0; MAX_CELLS * 4];
    for c in &mut cell {
        *c = next();
    }
    let mut salt = [0; SIZES];
    for s in &mut salt {
        *s = next();
    }
    Zobrist { cell, salt }
});

/// The width of a [`Padded`] board: the largest board and a margin on both sides.
pub(crate) const PADDED_WIDTH: usize = go_board::BoardSize::MAX as usize + 2 * MARGIN;

/// A board's cells as two-bit codes for one side to move, with a margin of off-board
/// cells, so that the scanner reads every cell of a disc without a bounds check.
#[derive(Clone, Debug)]
pub(crate) struct Padded {
    cells: Vec<u8>,
    /// The spiral's offsets in this layout.
    offsets: [isize; MAX_CELLS],
}

impl Padded {
    /// An all-off-board padded board.
    pub(crate) fn new() -> Padded {
        let g = &*GEOMETRY;
        let mut offsets = [0; MAX_CELLS];
        for (o, &(dx, dy)) in offsets.iter_mut().zip(&g.offsets) {
            *o = dy as isize * PADDED_WIDTH as isize + dx as isize;
        }
        Padded { cells: vec![ShapeCell::OffBoard.bits(); PADDED_WIDTH * PADDED_WIDTH], offsets }
    }

    /// The index of `point`.
    #[inline]
    pub(crate) fn index(point: Point) -> usize {
        (usize::from(point.row()) + MARGIN) * PADDED_WIDTH + usize::from(point.col()) + MARGIN
    }

    /// Loads `board` for `mover`.
    pub(crate) fn load(&mut self, board: &Board, mover: Color) {
        self.cells.fill(ShapeCell::OffBoard.bits());
        let own = board.stones(mover);
        let opponent = board.stones(!mover);
        for p in board.size().points() {
            let cell = if own.contains(p) {
                ShapeCell::Own
            } else if opponent.contains(p) {
                ShapeCell::Opponent
            } else {
                ShapeCell::Empty
            };
            self.cells[Padded::index(p)] = cell.bits();
        }
    }

    /// Calls `probe(size, key)` for the keys of the discs around `point`, from size 3
    /// up, until it returns `false`.
    #[inline]
    pub(crate) fn scan(&self, point: Point, mut probe: impl FnMut(u8, u64) -> bool) {
        let z = &*ZOBRIST;
        let g = &*GEOMETRY;
        let base = Padded::index(point);
        let mut h = 0u64;
        let mut k = 0;
        for (s, &end) in g.cells.iter().enumerate() {
            while k < end {
                let cell = self.cells[base.wrapping_add_signed(self.offsets[k])];
                h ^= z.cell[k * 4 + usize::from(cell)];
                k += 1;
            }
            if !probe(MIN_SIZE + s as u8, h ^ z.salt[s]) {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::BoardSize;

    fn board() -> Board {
        Board::from_diagram(
            "
            . . . . . . .
            . X . O . . .
            . . X O . . .
            . . . X O . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            ",
        )
        .unwrap()
    }

    #[test]
    fn scanner_keys_equal_shape_keys() {
        let board = board();
        let mut padded = Padded::new();
        for mover in [Color::Black, Color::White] {
            padded.load(&board, mover);
            for p in board.size().points() {
                let mut keys = Vec::new();
                padded.scan(p, |size, key| {
                    keys.push((size, key));
                    true
                });
                assert_eq!(keys.len(), SIZES);
                for (size, key) in keys {
                    assert_eq!(key, Shape::at(&board, p, mover, size).unwrap().key(), "{p} {size}");
                }
            }
        }
    }

    #[test]
    fn transforms_follow_the_board() {
        let board = board();
        let size = board.size();
        for s in Symmetry::ALL {
            let mut image = Board::new(s.apply_size(size));
            for p in size.points() {
                image.set_point(s.apply(p, size), board.color_at(p)).unwrap();
            }
            for p in size.points() {
                for d in [3, 6, 10] {
                    let a = Shape::at(&board, p, Color::Black, d).unwrap();
                    let b = Shape::at(&image, s.apply(p, size), Color::Black, d).unwrap();
                    assert_eq!(a.transform(s), b, "{s:?} {p} {d}");
                    assert_eq!(a.canonical(), b.canonical());
                }
            }
        }
    }

    #[test]
    fn shrinking_drops_the_outer_ring() {
        let board = board();
        let p = Point::parse_gtp("D4", board.size()).unwrap();
        let big = Shape::at(&board, p, Color::White, 10).unwrap();
        let mut shape = big;
        for d in (3..10).rev() {
            shape = shape.shrink().unwrap();
            assert_eq!(shape, Shape::at(&board, p, Color::White, d).unwrap());
        }
        assert_eq!(shape.shrink(), None);
        assert_eq!(Shape::at(&board, p, Color::White, 2), None);
        assert_eq!(Shape::at(&board, p, Color::White, 11), None);
        let far = Point::new(10, 10, BoardSize::square(19).unwrap()).unwrap();
        assert_eq!(Shape::at(&board, far, Color::White, 3), None);
    }

    #[test]
    fn a_corner_diagram() {
        let board = Board::new(BoardSize::square(9).unwrap());
        let a1 = Point::parse_gtp("A1", board.size()).unwrap();
        let s = Shape::at(&board, a1, Color::Black, 4).unwrap();
        assert_eq!(s.to_string(), "    .\n  # . .\n# # * . .\n  # # #\n    #\n");
        assert_eq!(s.len(), 12);
        assert_eq!(s.variants().len(), 4); // symmetric about the diagonal
        let middle =
            Shape::at(&board, Point::parse_gtp("E5", board.size()).unwrap(), Color::Black, 10);
        assert_eq!(middle.unwrap().variants().len(), 1);
    }
}
