//! The fast board: stones, chains with exact liberties, the simple-ko point, Zobrist
//! hash, an empty-point list, and make/unmake.

use core::fmt;

use crate::point::{NEIGHBOUR_OFFSETS, STRIDE};
use crate::{BoardSize, ByColor, Color, Neighbourhood, Point, PointSet, zobrist};

/// Array length: every index plus the diagonal neighbour of the top-right corner of the
/// largest board (one past the last sentinel row).
const N: usize = Point::INDEX_LIMIT + 1;

/// Cell codes. Black and White are `1 + Color::index()`.
const EMPTY: u8 = 0;
const OFF: u8 = 3;

/// Bit offsets of the neighbour counters packed in `Board::nbr`: the number of
/// neighbours that are black or off the board, white or off the board, and empty.
const NBR_SHIFT_EMPTY: u32 = 8;

#[inline]
const fn code(color: Color) -> u8 {
    color as u8 + 1
}

#[inline]
const fn color_of(code: u8) -> Color {
    if code == 1 { Color::Black } else { Color::White }
}

/// Whether four diagonal cells allow a one-point eye of each colour (by colour index),
/// indexed by their codes packed two bits each: fewer than two "bad" diagonals, where
/// each opponent stone is bad and any number of off-board diagonals count as one.
const EYE_DIAGONALS: [[bool; 256]; 2] = {
    let mut table = [[false; 256]; 2];
    let mut key = 0;
    while key < 256 {
        let mut colour = 0;
        while colour < 2 {
            let opponent = 2 - colour as u8;
            let (mut bad, mut edge) = (0, 0);
            let mut k = 0;
            while k < 4 {
                let cell = (key >> (2 * k) & 3) as u8;
                if cell == opponent {
                    bad += 1;
                }
                if cell == OFF {
                    edge = 1;
                }
                k += 1;
            }
            table[colour][key] = bad + edge < 2;
            colour += 1;
        }
        key += 1;
    }
    table
};

/// The counter increment of a neighbour of colour code `c` (1 or 2).
#[inline]
const fn nbr_unit(c: u8) -> u16 {
    1 << (4 * (c as u32 - 1))
}

#[inline]
fn step(index: usize, offset: isize) -> usize {
    index.wrapping_add_signed(offset)
}

/// The positions of the four orthogonal neighbours in a `window` (below, left, right,
/// above: the order of `NEIGHBOUR_OFFSETS`).
const WINDOW_NEIGHBOURS: [usize; 4] = [0, STRIDE - 1, STRIDE + 1, 2 * STRIDE];

/// The entries of `array` from the point below index `i` to the point above it: one
/// bounds check for the four neighbours, which are then read at the constant positions
/// `WINDOW_NEIGHBOURS`. Every point index has a row below and a row above in the
/// arrays (the sentinel rows).
#[inline(always)]
fn window_mut<T>(array: &mut [T; N], i: usize) -> &mut [T; 2 * STRIDE + 1] {
    (&mut array[i - STRIDE..=i + STRIDE]).try_into().expect("a window of the arrays")
}

/// The fast Go board: stones, chains with exact liberty counts, the simple-ko point, an
/// incrementally updated Zobrist hash, a list of empty points, and make/unmake.
///
/// `Board` applies moves the way the rules of Go resolve them (opponent chains without
/// liberties are removed first, then the mover's own chain if it has none) but it does
/// not decide legality under a rule set: [`Board::is_legal`] answers for the playout
/// rules (simple ko, no suicide), and [`Position`](crate::Position) answers for any
/// [`Rules`](crate::Rules). Every chain on a `Board` always has at least one liberty.
///
/// Copies are cheap: `Board` holds no heap data, and `clone_from` copies only the part of
/// the arrays that the board size uses.
///
/// # Examples
///
/// ```
/// use go_board::{Board, Color, Point};
/// let mut board = Board::from_diagram("
///     . X O .
///     X O . .
///     . X O .
///     . . . .
/// ")?;
/// let size = board.size();
/// let c3 = Point::parse_gtp("C3", size)?;
/// assert!(board.is_legal(Color::Black, c3));
/// let undo = board.play(Color::Black, c3);
/// assert_eq!(board.color_at(Point::parse_gtp("B3", size)?), None); // captured
/// assert_eq!(board.captures()[Color::Black], 1);
/// board.undo(undo);
/// assert_eq!(board.color_at(Point::parse_gtp("B3", size)?), Some(Color::White));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub struct Board {
    size: BoardSize,
    /// `EMPTY`, `OFF`, or `code(color)` per index.
    cells: [u8; N],
    /// Packed neighbour counters; see `NBR_SHIFT_EMPTY`.
    nbr: [u16; N],
    /// The chain head of each stone; 0 for empty and off-board points.
    head: [u16; N],
    /// The next stone of the chain, as a circular list.
    next: [u16; N],
    /// Liberty count of the chain whose head is the index.
    libs: [u16; N],
    /// Stone count of the chain whose head is the index.
    stones: [u16; N],
    /// The empty points, in list order; the first `empty_len` entries are valid.
    empty: [u16; N],
    /// The position of each empty point in `empty`.
    empty_pos: [u16; N],
    /// (A `u32` of its own: a wider load of a narrow field next to `ko`, just written
    /// by `play`, would wait for the store.)
    empty_len: u32,
    /// The simple-ko point (0 for none) and the code of the colour that may not play it.
    ko: u16,
    ko_code: u8,
    hash: u64,
    planes: [PointSet; 2],
    on_board: PointSet,
    captures: ByColor<u32>,
}

/// What [`Board::undo`] needs to take back a move or pass made by [`Board::play`] or
/// [`Board::pass`]. Undo records must be given back in reverse order of the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    /// The point played; 0 for a pass.
    point: u16,
    color: Color,
    prev_ko: u16,
    prev_ko_code: u8,
    suicide: bool,
    /// The slot of `point` in the empty list before the move.
    empty_slot: u16,
    /// Stones removed by the move (captured, or the mover's own after a suicide).
    removed: u16,
    /// The distinct chains next to `point` before the move (their heads then), which
    /// get `point` back as a liberty when the move is taken back, by neighbour, 0 for a
    /// neighbour without a chain or of a chain already listed. The hash needs no
    /// record: the stones put back and taken off restore it key by key.
    adjacent: [u16; 4],
    /// The head of the chain the move merged into (0 when it merged nothing), its
    /// liberty count just before the merge, and the other merged heads in merge order.
    base: u16,
    base_libs: u16,
    merged: [u16; 3],
    /// The liberty counts of the other merged heads (the entries at those indices may
    /// be overwritten while they are not heads).
    merged_libs: [u16; 3],
    merged_len: u8,
    /// The sizes of the captured chains, in capture order.
    caught: [u16; 4],
    caught_len: u8,
}

impl Undo {
    /// The number of stones the move removed from the board: opponent stones captured,
    /// or the mover's own stones if the move was a suicide.
    pub fn removed(&self) -> usize {
        self.removed as usize
    }

    /// Whether the move removed the mover's own chain (a suicide).
    pub fn is_suicide(&self) -> bool {
        self.suicide
    }
}

/// Why a board could not be built or changed by setup.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetupError {
    /// The change would leave the chain at this point without a liberty.
    NoLiberties(Point),
    /// The point is not on the board.
    OffBoard(Point),
    /// A setup change gives the point two different contents.
    Conflict(Point),
    /// A diagram could not be read.
    Diagram {
        /// The line of the diagram, from 1.
        line: usize,
        /// The column of the bad character, from 1.
        column: usize,
        /// What is wrong.
        reason: String,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::NoLiberties(p) => write!(f, "the chain at {p} would have no liberties"),
            SetupError::OffBoard(p) => write!(f, "{p} is not on the board"),
            SetupError::Conflict(p) => write!(f, "{p} is given two different contents"),
            SetupError::Diagram { line, column, reason } => {
                write!(f, "diagram line {line}, column {column}: {reason}")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// A chain (連): a maximal set of orthogonally connected stones of one colour, with its
/// liberties. A snapshot; see [`Board::chains`] and [`Board::chain`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    /// An identifier that is the same for every stone of the chain while the board does
    /// not change; see [`Board::chain_id`].
    pub id: ChainId,
    /// The colour of the stones.
    pub color: Color,
    /// The stones.
    pub stones: PointSet,
    /// The liberties: empty points orthogonally adjacent to the chain.
    pub liberties: PointSet,
}

/// Identifies a chain on a given board; valid until the board changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ChainId(Point);

impl ChainId {
    /// One stone of the chain (its internal representative).
    pub fn representative(self) -> Point {
        self.0
    }
}

impl Board {
    /// An empty board of `size`.
    pub fn new(size: BoardSize) -> Board {
        let mut board = Board {
            size,
            cells: [OFF; N],
            nbr: [0; N],
            head: [0; N],
            next: [0; N],
            libs: [0; N],
            stones: [0; N],
            empty: [0; N],
            empty_pos: [0; N],
            empty_len: 0,
            ko: 0,
            ko_code: 0,
            hash: 0,
            planes: [PointSet::EMPTY; 2],
            on_board: size.on_board(),
            captures: ByColor::default(),
        };
        for p in size.points() {
            board.cells[p.index()] = EMPTY;
        }
        for p in size.points() {
            let i = p.index();
            let mut counts = 0u16;
            for d in NEIGHBOUR_OFFSETS {
                counts += match board.cells[step(i, d)] {
                    EMPTY => 1 << NBR_SHIFT_EMPTY,
                    _ => nbr_unit(1) + nbr_unit(2),
                };
            }
            board.nbr[i] = counts;
            board.empty_pos[i] = board.empty_len as u16;
            board.empty[board.empty_len as usize] = i as u16;
            board.empty_len += 1;
        }
        board
    }

    /// Reads a board from a diagram, the text form of tests, examples and golden files.
    ///
    /// # Diagram format
    ///
    /// - One line per row of the board, the top row first (the row of the highest
    ///   number in GTP coordinates); every row has the same number of points.
    /// - `.` or `+` is an empty point, `X`, `x` or `#` a black stone, `O`, `o` or `@` a
    ///   white stone.
    /// - Spaces and tabs between points are ignored, and so are blank lines (before,
    ///   between and after the rows), so a diagram can be indented inside a string.
    /// - The size is the number of points in a row by the number of rows, from 1×1 to
    ///   25×25. [`Board::to_diagram`] writes this format.
    ///
    /// # Errors
    ///
    /// [`SetupError::Diagram`], with the line and column (both from 1) of the bad text:
    /// an unknown character, a row of another length than the first, an unsupported
    /// size, or a stone whose chain has no liberty.
    ///
    /// # Examples
    ///
    /// ```
    /// use go_board::{Board, Color, Point, SetupError};
    /// let board = Board::from_diagram(
    ///     "
    ///     . X O
    ///     X O .
    ///     ",
    /// )?;
    /// assert_eq!(board.size().to_string(), "3x2");
    /// assert_eq!(board.color_at(Point::parse_gtp("A1", board.size())?), Some(Color::Black));
    /// let Err(SetupError::Diagram { line, column, .. }) = Board::from_diagram("X O\nO Q") else {
    ///     panic!("Q is not a point");
    /// };
    /// assert_eq!((line, column), (2, 3));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_diagram(text: &str) -> Result<Board, SetupError> {
        // Each point with its line and column in the text.
        let mut rows: Vec<Vec<(Option<Color>, usize, usize)>> = Vec::new();
        let mut first_line = 0;
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                if rows.is_empty() {
                    first_line = n + 1;
                }
                continue;
            }
            let mut row = Vec::new();
            for (col, ch) in line.chars().enumerate() {
                let stone = match ch {
                    '.' | '+' => None,
                    'X' | 'x' | '#' => Some(Color::Black),
                    'O' | 'o' | '@' => Some(Color::White),
                    c if c.is_whitespace() => continue,
                    c => {
                        return Err(SetupError::Diagram {
                            line: n + 1,
                            column: col + 1,
                            reason: format!("unexpected character {c:?}"),
                        });
                    }
                };
                row.push((stone, n + 1, col + 1));
            }
            if let Some(first) = rows.first()
                && first.len() != row.len()
            {
                let column = row.get(first.len()).map_or(line.chars().count() + 1, |r| r.2);
                return Err(SetupError::Diagram {
                    line: n + 1,
                    column,
                    reason: format!(
                        "row has {} points, the first row has {}",
                        row.len(),
                        first.len()
                    ),
                });
            }
            rows.push(row);
        }
        let cols = rows.first().map_or(0, Vec::len);
        let size = BoardSize::new(cols as u32, rows.len() as u32).map_err(|e| {
            SetupError::Diagram { line: first_line + 1, column: 1, reason: e.to_string() }
        })?;
        let mut board = Board::new(size);
        let height = rows.len();
        let mut places = Vec::new();
        for (r, row) in rows.into_iter().enumerate() {
            for (c, (stone, line, column)) in row.into_iter().enumerate() {
                let p = Point::must(c as u8, (height - 1 - r) as u8, size);
                if let Some(color) = stone {
                    board.put_stone(p.index(), code(color));
                    places.push((p, line, column));
                }
            }
        }
        let all = board.on_board;
        board.rebuild_chains(&all);
        if let Some(p) = board.chain_without_liberties(&all) {
            let &(_, line, column) =
                places.iter().find(|(q, ..)| *q == p).expect("a stone has a place in the text");
            return Err(SetupError::Diagram {
                line,
                column,
                reason: format!("the chain at {p} has no liberties"),
            });
        }
        Ok(board)
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The colour of the stone on `point`, or `None` if it is empty or off the board.
    #[inline]
    pub fn color_at(&self, point: Point) -> Option<Color> {
        match self.cells[point.index()] {
            c @ (1 | 2) => Some(color_of(c)),
            _ => None,
        }
    }

    /// Whether `point` is on the board and empty.
    #[inline]
    pub fn is_empty_at(&self, point: Point) -> bool {
        self.cells[point.index()] == EMPTY
    }

    /// The stones of `color`.
    #[inline]
    pub fn stones(&self, color: Color) -> &PointSet {
        &self.planes[color.index()]
    }

    /// The stones of both colours.
    ///
    /// # Examples
    ///
    /// ```
    /// use go_board::{Board, Symmetry};
    /// let board = Board::from_diagram("X . O\n. X .")?;
    /// let stones = board.stones_by_color();
    /// assert_eq!((stones.black.len(), stones.white.len()), (2, 1));
    /// // The stones of the mirrored board, colours swapped.
    /// let image = stones.map(|s| Symmetry::ALL[1].apply_set(&s, board.size())).into_swapped();
    /// assert_eq!(image.white.len(), 2);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn stones_by_color(&self) -> ByColor<PointSet> {
        ByColor::new(self.planes[0], self.planes[1])
    }

    /// The empty points as a set.
    pub fn empty_set(&self) -> PointSet {
        self.on_board - self.planes[0] - self.planes[1]
    }

    /// The number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empty_len as usize
    }

    /// The `i`-th point of the empty-point list (`i < empty_count()`). The order of the
    /// list changes as stones are played and captured; playouts pick from it.
    ///
    /// # Panics
    ///
    /// If `i >= self.empty_count()`.
    #[inline]
    pub fn empty_point(&self, i: usize) -> Point {
        assert!(i < self.empty_len as usize, "empty point index out of range");
        Point::from_index_unchecked(self.empty[i] as usize)
    }

    /// The empty points, in list order.
    pub fn empty_points(&self) -> impl ExactSizeIterator<Item = Point> + '_ {
        self.empty[..self.empty_len as usize]
            .iter()
            .map(|&i| Point::from_index_unchecked(i as usize))
    }

    /// The Zobrist hash of the colouring (stones only), maintained incrementally; equal
    /// to [`zobrist::hash_of`] of the two colours' stones.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The simple-ko point and the colour that may not play there, if the last move
    /// captured a single stone in a ko shape.
    pub fn ko(&self) -> Option<(Point, Color)> {
        (self.ko != 0)
            .then(|| (Point::from_index_unchecked(self.ko as usize), color_of(self.ko_code)))
    }

    /// Stones captured so far by each colour (including the opponent's own stones
    /// removed by a suicide).
    pub fn captures(&self) -> ByColor<u32> {
        self.captures
    }

    /// The chain of the stone on `point`, or `None` if there is no stone there.
    pub fn chain_id(&self, point: Point) -> Option<ChainId> {
        self.color_at(point)
            .map(|_| ChainId(Point::from_index_unchecked(self.head[point.index()] as usize)))
    }

    /// The number of liberties of the chain on `point`; 0 if there is no stone there.
    #[inline]
    pub fn liberty_count(&self, point: Point) -> usize {
        match self.cells[point.index()] {
            1 | 2 => self.libs[self.head[point.index()] as usize] as usize,
            _ => 0,
        }
    }

    /// The number of stones of the chain on `point`; 0 if there is no stone there.
    pub fn chain_len(&self, point: Point) -> usize {
        match self.cells[point.index()] {
            1 | 2 => self.stones[self.head[point.index()] as usize] as usize,
            _ => 0,
        }
    }

    /// The stones of the chain on `point` (empty if there is no stone there).
    pub fn chain_stones(&self, point: Point) -> PointSet {
        let mut set = PointSet::EMPTY;
        if self.color_at(point).is_some() {
            let start = self.head[point.index()] as usize;
            let mut s = start;
            loop {
                set.insert(Point::from_index_unchecked(s));
                s = self.next[s] as usize;
                if s == start {
                    break;
                }
            }
        }
        set
    }

    /// The stones of the chain on `point`, one by one in the board's internal order,
    /// without building a set (nothing if there is no stone there). Readers that need
    /// only a few facts about a chain (its first liberties, its neighbours) walk it.
    ///
    /// # Examples
    ///
    /// ```
    /// use go_board::{Board, Point};
    /// let board = Board::from_diagram("X X .\n. X O")?;
    /// let b2 = Point::parse_gtp("B2", board.size())?;
    /// assert_eq!(board.chain_walk(b2).count(), 3);
    /// assert_eq!(board.chain_walk(Point::parse_gtp("A1", board.size())?).count(), 0);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn chain_walk(&self, point: Point) -> impl Iterator<Item = Point> + '_ {
        let start = match self.cells[point.index()] {
            1 | 2 => self.head[point.index()] as usize,
            _ => 0,
        };
        let mut s = start;
        let mut done = start == 0;
        core::iter::from_fn(move || {
            if done {
                return None;
            }
            let p = Point::from_index_unchecked(s);
            s = self.next[s] as usize;
            done = s == start;
            Some(p)
        })
    }

    /// The liberties of the chain on `point` (empty if there is no stone there).
    pub fn liberties(&self, point: Point) -> PointSet {
        self.chain_stones(point).adjacent(&self.empty_set())
    }

    /// The chain on `point`, with its stones and liberties.
    pub fn chain(&self, point: Point) -> Option<Chain> {
        let color = self.color_at(point)?;
        let stones = self.chain_stones(point);
        Some(Chain {
            id: ChainId(Point::from_index_unchecked(self.head[point.index()] as usize)),
            color,
            liberties: stones.adjacent(&self.empty_set()),
            stones,
        })
    }

    /// All chains, in the order of their lowest points (bottom row first).
    pub fn chains(&self) -> Vec<Chain> {
        let mut seen = PointSet::EMPTY;
        let mut out = Vec::new();
        for p in self.planes[0] | self.planes[1] {
            if !seen.contains(p) {
                let chain = self.chain(p).expect("a stone has a chain");
                seen |= chain.stones;
                out.push(chain);
            }
        }
        out
    }

    /// The 3×3 neighbourhood of `point`: the eight points around it and the atari flags
    /// of the chains on its orthogonal neighbours, read from the board's cells (no
    /// state is kept for it; see go-board's README for the measurement behind that).
    ///
    /// # Panics
    ///
    /// If `point` is not on the board.
    ///
    /// # Examples
    ///
    /// ```
    /// use go_board::{Board, Cell, Color, Point};
    /// let board = Board::from_diagram("O X O\n. . .")?;
    /// let n = board.neighbourhood(Point::parse_gtp("B1", board.size())?);
    /// assert_eq!(n.cell(-1, 1), Cell::Stone(Color::White));
    /// assert!(n.in_atari(0, 1)); // B2's only liberty is B1
    /// assert_eq!(n.cell(0, -1), Cell::OffBoard);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn neighbourhood(&self, point: Point) -> Neighbourhood {
        let i = point.index();
        // Every index off this board holds OFF, so this is `size.contains(point)`.
        assert!(self.cells[i] != OFF, "Board::neighbourhood: {point} is off the board");
        // One bounds check for the 3x3 window; the reads inside use constant offsets.
        const S: usize = STRIDE;
        let w: &[u8; 2 * S + 3] =
            self.cells[i - S - 1..=i + S + 1].try_into().expect("a 3x3 window");
        let cells = [w[2 * S], w[2 * S + 1], w[2 * S + 2], w[S], w[S + 2], w[0], w[1], w[2]];
        let mut code = 0u32;
        for (k, cell) in cells.into_iter().enumerate() {
            code |= u32::from(cell) << (2 * k);
        }
        let heads: &[u16; 2 * S + 1] = self.head[i - S..=i + S].try_into().expect("a window");
        let orthogonal = [
            (cells[1], heads[2 * S]),
            (cells[3], heads[S - 1]),
            (cells[4], heads[S + 1]),
            (cells[6], heads[0]),
        ];
        for (k, (cell, head)) in orthogonal.into_iter().enumerate() {
            if matches!(cell, 1 | 2) && self.libs[head as usize] == 1 {
                code |= 1 << (16 + k);
            }
        }
        Neighbourhood::from_raw(code)
    }

    /// The empty points orthogonally adjacent to `point`, in the order of
    /// [`Point::neighbours`]: the liberties a stone played there would have before
    /// captures. The same points as `point.neighbours(size)` filtered by
    /// [`Board::is_empty_at`], without the size checks (readers ask this at every node).
    ///
    /// # Examples
    ///
    /// ```
    /// use go_board::{Board, Point};
    /// let board = Board::from_diagram(". X .\n. . O")?;
    /// let b1 = Point::parse_gtp("B1", board.size())?;
    /// let empty: Vec<String> = board.empty_neighbours(b1).map(|p| p.to_string()).collect();
    /// assert_eq!(empty, ["A1"]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn empty_neighbours(&self, point: Point) -> impl Iterator<Item = Point> + '_ {
        let i = point.index();
        NEIGHBOUR_OFFSETS.iter().filter_map(move |&d| {
            let n = step(i, d);
            (self.cells[n] == EMPTY).then(|| Point::from_index_unchecked(n))
        })
    }

    /// Whether `color` playing on `point` would capture at least one opponent stone.
    pub fn would_capture(&self, color: Color, point: Point) -> bool {
        let i = point.index();
        let o = code(!color);
        NEIGHBOUR_OFFSETS.iter().any(|&d| {
            let n = step(i, d);
            self.cells[n] == o && self.libs[self.head[n] as usize] == 1
        })
    }

    /// Whether `color` playing on the empty `point` would leave its own chain without
    /// liberties, after removing the opponent chains it captures.
    pub fn is_suicide(&self, color: Color, point: Point) -> bool {
        let i = point.index();
        if self.nbr[i] >> NBR_SHIFT_EMPTY & 0xf != 0 {
            return false;
        }
        // No empty neighbour: a suicide unless an own chain has another liberty or an
        // opponent chain is captured. Without branches (the liberty count read for an
        // off-board neighbour, whose head is 0, is not used).
        let c = code(color);
        let o = code(!color);
        let (heads, cells, _) = self.neighbour_chains(i);
        let mut escapes = false;
        for k in 0..4 {
            let libs = self.libs[heads[k] as usize];
            escapes |= (cells[k] == c) & (libs > 1) | (cells[k] == o) & (libs == 1);
        }
        !escapes
    }

    /// Whether `color` may play on `point` under the playout rules: the point is empty,
    /// not the simple-ko point banned to `color`, and the move is not a suicide.
    #[inline]
    pub fn is_legal(&self, color: Color, point: Point) -> bool {
        let i = point.index();
        self.cells[i] == EMPTY
            && !(self.ko as usize == i && self.ko_code == code(color))
            && !self.is_suicide(color, point)
    }

    /// Whether the empty `point` is a one-point eye of `color`: every on-board
    /// orthogonal neighbour is a stone of `color`, and the opponent holds fewer than two
    /// diagonal points, counting one more when the point is on the edge. This is the eye
    /// rule of light playouts (libego, Pachi, Leela Zero, KataGo).
    #[inline]
    pub fn is_simple_eye(&self, color: Color, point: Point) -> bool {
        // Without branches but the window's bounds check: in a playout the answer is
        // data, not a pattern the branch predictor learns.
        let i = point.index();
        let w: &[u8; 2 * STRIDE + 3] =
            self.cells[i - STRIDE - 1..=i + STRIDE + 1].try_into().expect("a 3x3 window");
        let surrounded = (self.nbr[i] >> (4 * color.index() as u32) & 0xf) == 4;
        let diagonals = [0, 2, 2 * STRIDE, 2 * STRIDE + 2]
            .iter()
            .enumerate()
            .fold(0, |key, (k, &at)| key | usize::from(w[at]) << (2 * k));
        (w[STRIDE + 1] == EMPTY) & surrounded & EYE_DIAGONALS[color.index()][diagonals]
    }

    /// Plays a stone of `color` on the empty `point`: places it, removes the opponent
    /// chains left without liberties, merges chains, and removes the mover's own chain if
    /// it has no liberty left (a suicide; [`Position`](crate::Position) decides whether
    /// the rules allow that). Returns the record that [`Board::undo`] takes back.
    ///
    /// The move is not checked against ko or any rule set: see [`Board::is_legal`].
    ///
    /// # Panics
    ///
    /// If `point` is occupied or off the board.
    pub fn play(&mut self, color: Color, point: Point) -> Undo {
        let i = point.index();
        assert!(self.cells[i] == EMPTY, "Board::play on an occupied or off-board point {point}");
        let c = code(color);
        let o = code(!color);
        let mut undo = Undo {
            point: i as u16,
            color,
            prev_ko: self.ko,
            prev_ko_code: self.ko_code,
            suicide: false,
            empty_slot: self.empty_pos[i],
            removed: 0,
            adjacent: [0; 4],
            base: 0,
            base_libs: 0,
            merged: [0; 3],
            merged_libs: [0; 3],
            merged_len: 0,
            caught: [0; 4],
            caught_len: 0,
        };
        self.ko = 0;
        self.put_stone(i, c);
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.stones[i] = 1;
        self.libs[i] = self.nbr[i] >> NBR_SHIFT_EMPTY & 0xf;

        // Every adjacent chain loses the liberty `point`; opponent chains left without
        // liberties are captured. The four neighbours are classified without branches
        // (on a random board each test is a coin toss for the branch predictor).
        let (heads, colours, first) = self.neighbour_chains(i);
        let mut own = [0u16; 4];
        let mut own_len = 0;
        // The opponent chains left without a liberty (each counted at its first
        // neighbour, where it loses the liberty).
        let mut no_liberty = [false; 4];
        for k in 0..4 {
            let h = heads[k];
            own[own_len] = h;
            own_len += usize::from(first[k] & (colours[k] == c));
            let libs = &mut self.libs[h as usize];
            *libs = libs.wrapping_sub(u16::from(first[k]));
            no_liberty[k] = first[k] & (colours[k] == o) & (*libs == 0);
        }
        // In place, 0 where a neighbour starts no new chain (a compacted list written at
        // variable places and then copied whole would wait for its stores).
        undo.adjacent = [0, 1, 2, 3].map(|k| heads[k] * u16::from(first[k]));
        let mut captured = 0u16;
        let mut captured_at = 0u16;
        if no_liberty.iter().any(|&x| x) {
            for k in 0..4 {
                if no_liberty[k] {
                    let h = heads[k];
                    captured += self.stones[h as usize];
                    captured_at = h;
                    undo.caught[undo.caught_len as usize] = self.stones[h as usize];
                    undo.caught_len += 1;
                    self.remove_chain(h as usize, c);
                }
            }
        }

        // Merge with the adjacent own chains, into the largest.
        let mut base = i;
        if own_len > 0 {
            let mut largest = 0;
            for k in 1..own_len {
                if self.stones[own[k] as usize] > self.stones[own[largest] as usize] {
                    largest = k;
                }
            }
            base = own[largest] as usize;
            undo.base = base as u16;
            undo.base_libs = self.libs[base];
            self.merge(base, i);
            for (k, &h) in own[..own_len].iter().enumerate() {
                if k != largest {
                    undo.merged[undo.merged_len as usize] = h;
                    undo.merged_libs[undo.merged_len as usize] = self.libs[h as usize];
                    undo.merged_len += 1;
                    self.merge(base, h as usize);
                }
            }
        }

        if captured > 0 {
            self.captures[color] += u32::from(captured);
            undo.removed = captured;
            if captured == 1 && base == i && self.libs[i] == 1 {
                self.ko = captured_at;
                self.ko_code = o;
            }
        } else if self.libs[base] == 0 {
            let lost = self.stones[base];
            self.remove_chain(base, o);
            self.captures[!color] += u32::from(lost);
            undo.removed = lost;
            undo.suicide = true;
        }
        undo
    }

    /// Records a pass: the simple-ko ban is lifted. Returns the record for [`Board::undo`].
    pub fn pass(&mut self) -> Undo {
        let undo = Undo {
            point: 0,
            color: Color::Black,
            prev_ko: self.ko,
            prev_ko_code: self.ko_code,
            suicide: false,
            empty_slot: 0,
            removed: 0,
            adjacent: [0; 4],
            base: 0,
            base_libs: 0,
            merged: [0; 3],
            merged_libs: [0; 3],
            merged_len: 0,
            caught: [0; 4],
            caught_len: 0,
        };
        self.ko = 0;
        undo
    }

    /// Takes back the move or pass that returned `undo`. The board is restored exactly:
    /// stones, chains (down to their internal lists), liberties, ko, hash, captures, and
    /// the order of the empty list, in time proportional to the stones the move touched
    /// (readers play and take back millions of moves).
    ///
    /// Undo records must be given back in reverse order of the moves that made them;
    /// any other use leaves the board inconsistent.
    pub fn undo(&mut self, undo: Undo) {
        self.ko = undo.prev_ko;
        self.ko_code = undo.prev_ko_code;
        if undo.point == 0 {
            return;
        }
        self.undo_move(&undo);
    }

    /// Takes back a move step by step in the reverse order of [`Board::play`]: the
    /// suicide, the merges, the captures, then the stone. Every chain structure is
    /// restored exactly (heads, lists, counts), in time proportional to the stones
    /// touched.
    #[inline]
    fn undo_move(&mut self, undo: &Undo) {
        let i = undo.point as usize;
        let c = code(undo.color);
        let o = 3 - c;
        // 0. A suicide removed the mover's merged chain last: put it back.
        if undo.suicide {
            let h = self.restore_removed_chain(undo.removed, c);
            self.libs[h] = 0;
        }
        // 1. Split the merged chains: the list splices were transpositions of `next`,
        //    undone in the reverse order.
        let base = undo.base as usize;
        if base != 0 {
            // By index: an iterator over the arrays by value would copy them through
            // the stack, and the copy's load would wait for narrower stores.
            for k in (0..usize::from(undo.merged_len)).rev() {
                let (h, libs) = (undo.merged[k] as usize, undo.merged_libs[k]);
                self.next.swap(base, h);
                let mut s = h;
                let mut count = 0;
                loop {
                    self.head[s] = h as u16;
                    count += 1;
                    s = self.next[s] as usize;
                    if s == h {
                        break;
                    }
                }
                self.stones[h] = count;
                self.libs[h] = libs;
                self.stones[base] -= count;
            }
            self.next.swap(base, i);
            self.head[i] = i as u16;
            self.stones[base] -= 1;
            self.libs[base] = undo.base_libs;
        }
        // 2. Put the captured chains back, the last captured first. Their only liberty
        //    was the point played, given back below.
        for &size in undo.caught[..undo.caught_len as usize].iter().rev() {
            let h = self.restore_removed_chain(size, o);
            self.libs[h] = 0;
        }
        // 3. Every adjacent chain gets the point back as a liberty; the chains are
        //    as they were before the move again, with the same heads.
        for h in undo.adjacent {
            self.libs[h as usize] += u16::from(h != 0);
        }
        self.clear_stone(i);
        self.restore_empty_slot(i, undo.empty_slot as usize);
        if undo.suicide {
            self.captures[!undo.color] -= u32::from(undo.removed);
        } else {
            self.captures[undo.color] -= u32::from(undo.removed);
        }
    }

    /// Puts back the chain of colour code `c` that `remove_chain` removed last: its
    /// `size` stones are the last entries of the empty list, in the order of its list
    /// from its head. Relinks the chain, sets its stone count, and takes the stones
    /// back from the liberties of the adjacent chains of the other colour (the inverse
    /// of `remove_chain`). Returns the head; its liberty count is left to the caller.
    fn restore_removed_chain(&mut self, size: u16, c: u8) -> usize {
        let end = self.empty_len as usize;
        let start = end - size as usize;
        let h = self.empty[start] as usize;
        for k in start..end {
            let s = self.empty[k] as usize;
            self.head[s] = h as u16;
            self.next[s] = if k + 1 < end { self.empty[k + 1] } else { h as u16 };
        }
        let o = 3 - c;
        for _ in start..end {
            let s = self.empty[self.empty_len as usize - 1] as usize;
            self.put_stone(s, c);
            let mut seen = [0u16; 4];
            let mut seen_len = 0;
            for d in NEIGHBOUR_OFFSETS {
                let n = step(s, d);
                if self.cells[n] == o {
                    let nh = self.head[n];
                    if !seen[..seen_len].contains(&nh) {
                        seen[seen_len] = nh;
                        seen_len += 1;
                        // Wrapping: the entry of the point played may be stale after a
                        // merge; it is discarded when the stone is taken off.
                        self.libs[nh as usize] = self.libs[nh as usize].wrapping_sub(1);
                    }
                }
            }
        }
        self.stones[h] = size;
        h
    }

    /// Moves the empty point `i`, just appended to the empty list, back to `slot`.
    fn restore_empty_slot(&mut self, i: usize, slot: usize) {
        let last = self.empty_len as usize - 1;
        if slot != last {
            let moved = self.empty[slot];
            self.empty[slot] = i as u16;
            self.empty_pos[i] = slot as u16;
            self.empty[last] = moved;
            self.empty_pos[moved as usize] = last as u16;
        }
    }

    /// Changes one point outside the flow of play (setup stones): puts a stone of the
    /// given colour on `point`, or empties it with `None`. Clears the simple-ko point.
    ///
    /// # Errors
    ///
    /// [`SetupError::OffBoard`] if `point` is not on the board, and
    /// [`SetupError::NoLiberties`] if the change would leave a chain without liberties;
    /// the board is then unchanged. Removing stones never fails, and adding the stones of
    /// a valid position one by one never fails either, so apply removals first.
    pub fn set_point(&mut self, point: Point, stone: Option<Color>) -> Result<(), SetupError> {
        if !self.size.contains(point) {
            return Err(SetupError::OffBoard(point));
        }
        let i = point.index();
        let before = self.cells[i];
        let after = stone.map_or(EMPTY, code);
        if before == after {
            return Ok(());
        }
        let region = PointSet::from_iter([point]).dilate(&self.on_board);
        if before != EMPTY {
            self.clear_stone(i);
        }
        if after != EMPTY {
            self.put_stone(i, after);
        }
        self.rebuild_chains(&region);
        if let Some(bad) = self.chain_without_liberties(&region) {
            // Put the point back as it was.
            if after != EMPTY {
                self.clear_stone(i);
            }
            if before != EMPTY {
                self.put_stone(i, before);
            }
            self.rebuild_chains(&region);
            return Err(SetupError::NoLiberties(bad));
        }
        self.ko = 0;
        Ok(())
    }

    /// Clears the simple-ko point (as a pass or a setup change does).
    pub fn clear_ko(&mut self) {
        self.ko = 0;
    }

    /// Checks every incrementally maintained structure against a recomputation from the
    /// stones: chain membership, liberty and stone counts, neighbour counters, the empty
    /// list, the colour planes and the hash. For tests and debugging; O(board).
    ///
    /// # Errors
    ///
    /// A description of the first inconsistency found.
    pub fn check_consistency(&self) -> Result<(), String> {
        let empty = self.empty_set();
        if zobrist::hash_of(&self.planes[0], &self.planes[1]) != self.hash {
            return Err("hash differs from a recomputation".into());
        }
        if empty.len() != self.empty_len as usize {
            return Err(format!(
                "empty list has {} points, the board {}",
                self.empty_len,
                empty.len()
            ));
        }
        for (k, p) in self.empty_points().enumerate() {
            if !empty.contains(p) || self.empty_pos[p.index()] as usize != k {
                return Err(format!("empty list entry {k} ({p}) is wrong"));
            }
        }
        // `play` reads the heads of all four neighbours: a point without a stone (empty
        // or off the board) must have none.
        if let Some(i) = (0..N).find(|&i| !matches!(self.cells[i], 1 | 2) && self.head[i] != 0) {
            return Err(format!("index {i} has no stone but the chain head {}", self.head[i]));
        }
        for p in self.size.points() {
            let i = p.index();
            let cell = self.cells[i];
            let expected = match self.color_at(p) {
                None => EMPTY,
                Some(c) => code(c),
            };
            if cell != expected || (cell == EMPTY) != empty.contains(p) {
                return Err(format!("cell {p} disagrees with the colour planes"));
            }
            let mut counts = 0u16;
            for d in NEIGHBOUR_OFFSETS {
                counts += match self.cells[step(i, d)] {
                    EMPTY => 1 << NBR_SHIFT_EMPTY,
                    OFF => nbr_unit(1) + nbr_unit(2),
                    c => nbr_unit(c),
                };
            }
            if counts != self.nbr[i] {
                return Err(format!("neighbour counters of {p} are wrong"));
            }
            if let Some(color) = self.color_at(p) {
                let stones =
                    PointSet::flood_fill(&PointSet::from_iter([p]), &self.planes[color.index()]);
                let libs = stones.adjacent(&empty);
                if self.chain_stones(p) != stones {
                    return Err(format!("chain list of {p} is wrong"));
                }
                let h = self.head[i] as usize;
                if !stones.contains(Point::from_index_unchecked(h)) {
                    return Err(format!("head of {p} is outside its chain"));
                }
                if self.libs[h] as usize != libs.len() || self.stones[h] as usize != stones.len() {
                    return Err(format!(
                        "chain at {p}: {} liberties and {} stones recorded, {} and {} on the board",
                        self.libs[h],
                        self.stones[h],
                        libs.len(),
                        stones.len()
                    ));
                }
                if libs.is_empty() {
                    return Err(format!("chain at {p} has no liberties"));
                }
            }
        }
        Ok(())
    }

    /// The board as a diagram, one row per line from the top: `X` Black, `O` White,
    /// `.` empty, separated by spaces. [`Board::from_diagram`] reads it back.
    pub fn to_diagram(&self) -> String {
        let mut s = String::new();
        for row in (0..self.size.rows()).rev() {
            for col in 0..self.size.cols() {
                if col > 0 {
                    s.push(' ');
                }
                s.push(match self.color_at(Point::at(col, row)) {
                    None => '.',
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                });
            }
            s.push('\n');
        }
        s
    }

    // --- internals -------------------------------------------------------------------

    /// Puts a stone with colour code `c` on the empty index `i`: cell, neighbour
    /// counters, plane, hash and empty list; not the chain structures.
    #[inline(always)]
    fn put_stone(&mut self, i: usize, c: u8) {
        self.cells[i] = c;
        let delta = nbr_unit(c).wrapping_sub(1 << NBR_SHIFT_EMPTY);
        let nbr = window_mut(&mut self.nbr, i);
        for k in WINDOW_NEIGHBOURS {
            nbr[k] = nbr[k].wrapping_add(delta);
        }
        let p = Point::from_index_unchecked(i);
        self.planes[c as usize - 1].insert(p);
        self.hash ^= zobrist::key(p, color_of(c));
        let slot = self.empty_pos[i] as usize;
        self.empty_len -= 1;
        let last = self.empty[self.empty_len as usize];
        self.empty[slot] = last;
        self.empty_pos[last as usize] = slot as u16;
    }

    /// Takes the stone off index `i`: the inverse of `put_stone`, appending `i` to the
    /// empty list.
    #[inline(always)]
    fn clear_stone(&mut self, i: usize) {
        let c = self.cells[i];
        self.cells[i] = EMPTY;
        self.head[i] = 0;
        let delta = (1u16 << NBR_SHIFT_EMPTY).wrapping_sub(nbr_unit(c));
        let nbr = window_mut(&mut self.nbr, i);
        for k in WINDOW_NEIGHBOURS {
            nbr[k] = nbr[k].wrapping_add(delta);
        }
        let p = Point::from_index_unchecked(i);
        self.planes[c as usize - 1].remove(p);
        self.hash ^= zobrist::key(p, color_of(c));
        self.empty[self.empty_len as usize] = i as u16;
        self.empty_pos[i] = self.empty_len as u16;
        self.empty_len += 1;
    }

    /// The chain heads and cell codes of the four orthogonal neighbours of index `i` (in
    /// the order of `NEIGHBOUR_OFFSETS`), and which of them is the first neighbour of its
    /// chain: the heads of points without a stone are 0, so a neighbour starts a new
    /// chain when its head is not 0 and differs from the heads before it. No branches:
    /// on a random board each test would be a coin toss for the branch predictor.
    #[inline(always)]
    fn neighbour_chains(&self, i: usize) -> ([u16; 4], [u8; 4], [bool; 4]) {
        let heads: &[u16; 2 * STRIDE + 1] =
            self.head[i - STRIDE..=i + STRIDE].try_into().expect("a window of the heads");
        let heads = WINDOW_NEIGHBOURS.map(|k| heads[k]);
        let cells: &[u8; 2 * STRIDE + 1] =
            self.cells[i - STRIDE..=i + STRIDE].try_into().expect("a window of the cells");
        let cells = WINDOW_NEIGHBOURS.map(|k| cells[k]);
        let mut first = [false; 4];
        for k in 0..4 {
            let mut new = heads[k] != 0;
            for j in 0..k {
                new &= heads[k] != heads[j];
            }
            first[k] = new;
        }
        (heads, cells, first)
    }

    /// Removes the chain with head `h`; each removed stone becomes a liberty of the
    /// adjacent chains of colour code `neighbour_code`.
    fn remove_chain(&mut self, h: usize, neighbour_code: u8) {
        let mut s = h;
        loop {
            let next = self.next[s] as usize;
            self.clear_stone(s);
            // Each distinct adjacent chain of `neighbour_code` gains a liberty; without
            // branches, as in `play`.
            let (heads, cells, first) = self.neighbour_chains(s);
            for k in 0..4 {
                let gains = first[k] & (cells[k] == neighbour_code);
                self.libs[heads[k] as usize] += u16::from(gains);
            }
            s = next;
            if s == h {
                break;
            }
        }
    }

    /// Merges the chain with head `other` into the chain with head `base`, counting the
    /// liberties of `other` that `base` does not already have.
    #[inline(always)]
    fn merge(&mut self, base: usize, other: usize) {
        let b = base as u16;
        let mut s = other;
        loop {
            // A branch on the empty neighbour (a branch-free version, which must read
            // the heads around every neighbour, made light playouts 5 % faster but the
            // replay of a known game 21 % slower); the heads around it are compared
            // without branches.
            for d in NEIGHBOUR_OFFSETS {
                let e = step(s, d);
                if self.cells[e] == EMPTY {
                    let touches = NEIGHBOUR_OFFSETS
                        .iter()
                        .fold(false, |t, &dd| t | (self.head[step(e, dd)] == b));
                    self.libs[base] += u16::from(!touches);
                }
            }
            // Relabel after looking, so liberties shared within `other` count once.
            self.head[s] = b;
            s = self.next[s] as usize;
            if s == other {
                break;
            }
        }
        self.stones[base] += self.stones[other];
        self.next.swap(base, other);
    }

    /// Recomputes the chain structures (head, list, stone and liberty counts) of every
    /// chain with a stone in `region`.
    fn rebuild_chains(&mut self, region: &PointSet) {
        let empty = self.empty_set();
        let mut todo = *region & (self.planes[0] | self.planes[1]);
        while let Some(p) = todo.first() {
            let plane = &self.planes[self.cells[p.index()] as usize - 1];
            let stones = PointSet::flood_fill(&PointSet::from_iter([p]), plane);
            todo -= stones;
            let h = stones.first().expect("a chain has a stone").index();
            let mut prev = h;
            for s in &stones {
                self.head[s.index()] = h as u16;
                self.next[prev] = s.index() as u16;
                prev = s.index();
            }
            self.next[prev] = h as u16;
            self.stones[h] = stones.len() as u16;
            self.libs[h] = stones.adjacent(&empty).len() as u16;
        }
    }

    /// A stone in `region` whose chain has no liberty, if any.
    fn chain_without_liberties(&self, region: &PointSet) -> Option<Point> {
        (*region & (self.planes[0] | self.planes[1])).iter().find(|&p| self.liberty_count(p) == 0)
    }
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            size: self.size,
            cells: self.cells,
            nbr: self.nbr,
            head: self.head,
            next: self.next,
            libs: self.libs,
            stones: self.stones,
            empty: self.empty,
            empty_pos: self.empty_pos,
            empty_len: self.empty_len,
            ko: self.ko,
            ko_code: self.ko_code,
            hash: self.hash,
            planes: self.planes,
            on_board: self.on_board,
            captures: self.captures,
        }
    }

    /// Copies only the part of the arrays that the two board sizes use: a playout that
    /// starts with `board.clone_from(&start)` pays for the board, not for 25×25.
    fn clone_from(&mut self, source: &Board) {
        let n = source.size.index_limit().max(self.size.index_limit());
        let e = source.empty_len as usize;
        self.size = source.size;
        self.cells[..n].copy_from_slice(&source.cells[..n]);
        self.nbr[..n].copy_from_slice(&source.nbr[..n]);
        self.head[..n].copy_from_slice(&source.head[..n]);
        self.next[..n].copy_from_slice(&source.next[..n]);
        self.libs[..n].copy_from_slice(&source.libs[..n]);
        self.stones[..n].copy_from_slice(&source.stones[..n]);
        self.empty_pos[..n].copy_from_slice(&source.empty_pos[..n]);
        self.empty[..e].copy_from_slice(&source.empty[..e]);
        self.empty_len = source.empty_len;
        self.ko = source.ko;
        self.ko_code = source.ko_code;
        self.hash = source.hash;
        self.planes = source.planes;
        self.on_board = source.on_board;
        self.captures = source.captures;
    }
}

impl PartialEq for Board {
    /// Boards are equal when they have the same size, stones, simple-ko ban and capture
    /// counts (internal list orders do not matter).
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size
            && self.planes == other.planes
            && self.ko() == other.ko()
            && self.captures == other.captures
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Board {} (ko {:?}, captures {:?})\n{}",
            self.size,
            self.ko(),
            self.captures,
            self.to_diagram()
        )
    }
}

impl fmt::Display for Board {
    /// A diagram with GTP coordinates, like GTP's `showboard`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
        let header: String =
            (0..self.size.cols()).map(|c| format!(" {}", LETTERS[c as usize] as char)).collect();
        writeln!(f, "  {header}")?;
        for row in (0..self.size.rows()).rev() {
            write!(f, "{:>2} ", row + 1)?;
            for col in 0..self.size.cols() {
                let p = Point::at(col, row);
                let ch = match self.color_at(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None if self.ko as usize == p.index() => '*',
                    None => '.',
                };
                write!(f, "{ch} ")?;
            }
            writeln!(f, "{}", row + 1)?;
        }
        write!(f, "  {header}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// Random games with suicide allowed (so the board exercises it), checking every
    /// structure after every move and after undoing the whole game.
    #[test]
    fn random_games_stay_consistent_and_undo_exactly() {
        let mut rng = Rng(0x1234_5678_9abc_def1);
        for n in [1, 2, 3, 4, 5, 7, 9, 13, 19, 25] {
            let size = BoardSize::square(n).unwrap();
            for game in 0..6 {
                let mut board = Board::new(size);
                let mut trail = Vec::new();
                let mut snapshots = vec![board.clone()];
                let mut color = Color::Black;
                for _ in 0..(3 * size.point_count()) {
                    let candidates: Vec<Point> = board
                        .empty_points()
                        .filter(|&p| {
                            board.ko() != Some((p, color))
                                && (game % 2 == 0 || !board.is_suicide(color, p))
                        })
                        .filter(|&p| !board.is_simple_eye(color, p))
                        .collect();
                    let undo = if candidates.is_empty() {
                        board.pass()
                    } else {
                        board.play(color, candidates[rng.below(candidates.len())])
                    };
                    trail.push(undo);
                    if n < 13 || trail.len() % 11 == 0 {
                        board
                            .check_consistency()
                            .unwrap_or_else(|e| panic!("{n}x{n} game {game}: {e}\n{board:?}"));
                    }
                    snapshots.push(board.clone());
                    color = !color;
                }
                while let Some(undo) = trail.pop() {
                    let after = snapshots.pop().unwrap();
                    board.undo(undo);
                    if n < 13 || trail.len() % 11 == 0 {
                        board.check_consistency().unwrap_or_else(|e| {
                            panic!(
                                "{n}x{n} game {game} undo {undo:?}: {e}\n{board:?}\nfrom {after:?}\nto {:?}",
                                snapshots.last()
                            )
                        });
                    }
                    let before = snapshots.last().unwrap();
                    assert_eq!(&board, before);
                    assert_eq!(board.hash(), before.hash());
                    assert!(
                        board.empty_points().eq(before.empty_points()),
                        "empty list order restored"
                    );
                    // Undo restores the chain structures exactly (suicides included).
                    assert_same_chains(&board, before);
                }
            }
        }
    }

    /// Play and undo interleaved at random (not only a whole game taken back): after
    /// every step the board equals a fresh replay of the moves still on the trail, down
    /// to the chain lists, the empty-list order and the hash. Suicides (odd games) and
    /// simple-ko retakes (games 2 mod 4, where the ban is ignored) are included; the
    /// undo records name the adjacent chains instead of recomputing them.
    #[test]
    fn undo_interleaved_with_play_equals_a_fresh_replay() {
        let mut rng = Rng(0x0bad_cafe_dead_beef);
        let mut retakes = 0;
        for n in [1, 2, 3, 4, 5, 7, 9, 19] {
            let size = BoardSize::square(n).unwrap();
            let (mut captures, mut suicides) = (0, 0);
            for game in 0..8 {
                let mut board = Board::new(size);
                let mut trail: Vec<(Option<(Color, Point)>, Undo)> = Vec::new();
                for _ in 0..4 * size.point_count() {
                    if !trail.is_empty() && rng.below(3) == 0 {
                        let (_, undo) = trail.pop().unwrap();
                        board.undo(undo);
                    } else {
                        let color =
                            if trail.len().is_multiple_of(2) { Color::Black } else { Color::White };
                        let candidates: Vec<Point> = board
                            .empty_points()
                            .filter(|&p| game % 4 == 2 || board.ko() != Some((p, color)))
                            .filter(|&p| game % 2 == 1 || !board.is_suicide(color, p))
                            .collect();
                        if candidates.is_empty() || rng.below(20) == 0 {
                            trail.push((None, board.pass()));
                        } else {
                            let p = candidates[rng.below(candidates.len())];
                            retakes += usize::from(board.ko() == Some((p, color)));
                            let undo = board.play(color, p);
                            captures += usize::from(undo.removed() > 0 && !undo.is_suicide());
                            suicides += usize::from(undo.is_suicide());
                            trail.push((Some((color, p)), undo));
                        }
                    }
                    let mut fresh = Board::new(size);
                    for &(m, _) in &trail {
                        match m {
                            Some((color, p)) => {
                                fresh.play(color, p);
                            }
                            None => {
                                fresh.pass();
                            }
                        }
                    }
                    board.check_consistency().unwrap_or_else(|e| panic!("{n}x{n} {game}: {e}"));
                    assert_eq!(board, fresh, "{n}x{n} game {game}");
                    assert_eq!(board.hash(), fresh.hash());
                    assert!(board.empty_points().eq(fresh.empty_points()), "empty list order");
                    assert_same_chains(&board, &fresh);
                }
            }
            // What the random games exercised (the RNG is seeded: this is fixed).
            if n >= 5 {
                assert!(captures > 0 && suicides > 0, "{n}x{n}: {captures} {suicides}");
            }
        }
        assert!(retakes > 0, "no ko retake was played");
    }

    /// `empty_neighbours` (read from the cells and their border) is `neighbours` filtered
    /// by `is_empty_at`, in the same order, on every point of random boards of several
    /// sizes, and on points of the largest board that are off the smaller one.
    #[test]
    fn empty_neighbours_are_the_empty_neighbours() {
        let mut rng = Rng(0x5eed_1234_abcd_0001);
        let big = BoardSize::square(25).unwrap();
        for (cols, rows) in [(1, 1), (2, 3), (5, 5), (9, 7), (19, 19), (25, 25)] {
            let size = BoardSize::new(cols, rows).unwrap();
            let mut board = Board::new(size);
            for _ in 0..size.point_count() {
                let p = board.empty_point(rng.below(board.empty_count()));
                let color = if rng.below(2) == 0 { Color::Black } else { Color::White };
                if board.is_legal(color, p) {
                    board.play(color, p);
                }
                for q in big.points() {
                    let naive: Vec<Point> =
                        q.neighbours(size).filter(|&n| board.is_empty_at(n)).collect();
                    assert_eq!(board.empty_neighbours(q).collect::<Vec<_>>(), naive, "{q}");
                }
            }
        }
    }

    /// The chain structures of two boards are identical: heads, lists and counts.
    fn assert_same_chains(a: &Board, b: &Board) {
        for p in a.size.points() {
            let i = p.index();
            if a.cells[i] == EMPTY {
                continue;
            }
            assert_eq!((a.head[i], a.next[i]), (b.head[i], b.next[i]), "chain list at {p}");
            let h = a.head[i] as usize;
            assert_eq!((a.libs[h], a.stones[h]), (b.libs[h], b.stones[h]), "counts at {p}");
        }
    }

    /// Captures of several chains at once, merges of several chains, and a ko, taken
    /// back one by one.
    #[test]
    fn undo_restores_multiple_captures_and_merges_exactly() {
        let mut board = Board::from_diagram(
            "
            . O X . X O .
            O X . . . X O
            X . X . X . X
            . . . . . . .
            O X . O . X O
            . O X . X O .
            ",
        )
        .unwrap();
        let before = board.clone();
        let size = board.size();
        let mut trail = Vec::new();
        for (color, v) in [(Color::White, "D5"), (Color::Black, "D6"), (Color::Black, "C2")] {
            trail.push(board.play(color, Point::parse_gtp(v, size).unwrap()));
            board.check_consistency().unwrap();
        }
        // White's D5 and Black's D6 capture nothing; D6 merges two black chains.
        assert_eq!(board.chain_len(Point::parse_gtp("D6", size).unwrap()), 3);
        while let Some(undo) = trail.pop() {
            board.undo(undo);
            board.check_consistency().unwrap();
        }
        assert_eq!(board, before);
        assert_same_chains(&board, &before);
        // Moves that capture four chains, and three chains while merging with one.
        let diagrams = [
            ". . X . .\n. X O X .\nX O . O X\n. X O X .\n. . X . .",
            ". . X . .\n. X O X .\n. X . O X\n. X O X .\n. . X . .",
        ];
        for diagram in diagrams {
            let mut board = Board::from_diagram(diagram).unwrap();
            let before = board.clone();
            let undo = board.play(Color::Black, Point::parse_gtp("C3", board.size()).unwrap());
            assert!(undo.removed() >= 3);
            board.check_consistency().unwrap();
            board.undo(undo);
            board.check_consistency().unwrap();
            assert_same_chains(&board, &before);
            assert_eq!(board, before);
        }
    }

    /// A ko taken and retaken, each move taken back in turn: the board, its hash and
    /// the ko ban come back exactly at every step.
    #[test]
    fn undo_restores_ko_bans_and_hashes_through_a_retaken_ko() {
        let mut board = Board::from_diagram(
            "
            . X O . .
            X O . O .
            . X O . .
            . . . . .
            . . . . .
            ",
        )
        .unwrap();
        let size = board.size();
        let at = |v: &str| Point::parse_gtp(v, size).unwrap();
        let moves = [
            (Color::Black, "C4", Some("B4")),
            (Color::White, "E1", None),
            (Color::Black, "E2", None),
            (Color::White, "B4", Some("C4")),
        ];
        let mut trail = Vec::new();
        for (color, v, ko) in moves {
            let before = (board.clone(), board.hash());
            trail.push((board.play(color, at(v)), before));
            board.check_consistency().unwrap();
            assert_eq!(board.ko().map(|(p, _)| p), ko.map(at), "ko after {v}");
        }
        assert_eq!(board.color_at(at("C4")), None, "the retake captured C4");
        while let Some((undo, (before, hash))) = trail.pop() {
            board.undo(undo);
            board.check_consistency().unwrap();
            assert_eq!(board, before);
            assert_eq!(board.hash(), hash);
            assert_eq!(board.ko(), before.ko());
        }
    }

    #[test]
    fn clone_from_a_smaller_board_forgets_the_larger_one() {
        let mut big = Board::new(BoardSize::square(19).unwrap());
        big.play(Color::Black, Point::at(15, 15));
        let small = Board::new(BoardSize::square(9).unwrap());
        big.clone_from(&small);
        assert_eq!(big, small);
        assert_eq!(big.color_at(Point::at(15, 15)), None);
        assert!(!big.is_empty_at(Point::at(15, 15)));
        big.check_consistency().unwrap();
    }

    #[test]
    fn diagram_round_trip_and_errors() {
        let text = "X O .\n. X O\nO . X\n";
        let board = Board::from_diagram(text).unwrap();
        assert_eq!(board.to_diagram(), text);
        assert!(matches!(Board::from_diagram("X Q"), Err(SetupError::Diagram { column: 3, .. })));
        assert!(matches!(Board::from_diagram("X O\nO"), Err(SetupError::Diagram { line: 2, .. })));
        let located = |text: &str| match Board::from_diagram(text) {
            Err(SetupError::Diagram { line, column, reason }) => (line, column, reason),
            other => panic!("{other:?}"),
        };
        assert_eq!(located("X O\nO ."), (1, 1, "the chain at A2 has no liberties".into()));
        let (line, column, _) = located("\n  X O .\n  O . .");
        assert_eq!((line, column), (2, 3));
        assert_eq!(located("X O .\nO X").1, 4);
        assert_eq!(located("X O\nO X X").1, 5);
        assert_eq!(located("\n\n").0, 3);
        assert!(located("").2.contains("unsupported board size"));
    }

    #[test]
    fn set_point_refuses_a_chain_without_liberties_and_changes_nothing() {
        let mut board = Board::from_diagram(". O\nO .").unwrap();
        let before = board.clone();
        assert_eq!(
            board.set_point(Point::at(0, 1), Some(Color::Black)),
            Err(SetupError::NoLiberties(Point::at(0, 1)))
        );
        assert_eq!(board, before);
        board.check_consistency().unwrap();
        board.set_point(Point::at(1, 1), None).unwrap();
        board.set_point(Point::at(0, 1), Some(Color::Black)).unwrap();
        board.check_consistency().unwrap();
    }
}
