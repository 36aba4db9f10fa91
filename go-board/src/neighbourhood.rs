//! The 3×3 neighbourhood of a point, as a pattern matcher reads it.

use core::fmt;

use crate::{Color, Symmetry};

/// What a [`Neighbourhood`] sees on one of the eight points around its centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cell {
    /// An empty point of the board.
    Empty,
    /// A stone.
    Stone(Color),
    /// Off the board (the centre is on an edge or in a corner).
    OffBoard,
}

impl Cell {
    /// The cell of a two-bit code of [`Neighbourhood::code`]: 0 empty, 1 black, 2
    /// white, 3 off the board.
    const fn from_bits(bits: u32) -> Cell {
        match bits & 3 {
            0 => Cell::Empty,
            1 => Cell::Stone(Color::Black),
            2 => Cell::Stone(Color::White),
            _ => Cell::OffBoard,
        }
    }
}

/// The 3×3 surroundings of a point, read by [`Board::neighbourhood`](crate::Board::neighbourhood):
/// what is on each of the eight points around it (empty, a stone of either colour, or
/// off the board) and, for the four orthogonal neighbours that hold a stone, whether
/// that stone's chain is in atari (has exactly one liberty). The centre itself is not
/// part of it.
///
/// It is a 20-bit value: cheap to copy, compare, hash and use as a table index
/// ([`Neighbourhood::code`]). It moves with the board under a [`Symmetry`]
/// ([`Neighbourhood::transform`], the transform of [`Symmetry::apply_offset`]) and the
/// colour swap ([`Neighbourhood::swap_colors`]); [`Neighbourhood::canonical`] picks
/// one representative of the 16 images, so a table needs one entry per shape.
///
/// # Examples
///
/// ```
/// use go_board::{Board, Cell, Color, Point, Symmetry};
/// let board = Board::from_diagram(
///     "
///     . X O .
///     X O . .
///     . X . .
///     ",
/// )?;
/// let size = board.size();
/// let n = board.neighbourhood(Point::parse_gtp("A2", size)?);
/// assert_eq!(n.cell(1, 0), Cell::Stone(Color::White)); // B2
/// assert_eq!(n.cell(-1, 0), Cell::OffBoard);
/// assert!(n.in_atari(1, 0)); // B2 has one liberty left, C2
/// assert_eq!(n.cell(0, 1), Cell::Empty); // A3
/// assert!(!n.in_atari(0, -1)); // A1 is empty too
/// assert_eq!(n.to_string(), "-.X\n-?o\n-.X\n");
/// // A table of shapes needs one entry for all 16 images.
/// for s in Symmetry::ALL {
///     assert_eq!(n.transform(s).canonical(), n.canonical());
///     assert_eq!(n.transform(s).swap_colors().canonical(), n.canonical());
/// }
/// assert!(n.code() < Neighbourhood::CODE_LIMIT);
/// # use go_board::Neighbourhood;
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Neighbourhood(u32);

/// The eight offsets around the centre in the order of the code: the top row from
/// left to right, the middle row's two points, then the bottom row (rows go up).
const OFFSETS: [(i32, i32); 8] =
    [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1)];

/// The four orthogonal offsets in the order of the atari flags: up, left, right, down.
const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (-1, 0), (1, 0), (0, -1)];

/// The bits of the eight cells.
const CELL_BITS: u32 = 0xffff;
/// The first bit of the atari flags.
const ATARI_SHIFT: u32 = 16;

const fn position_of(offsets: &[(i32, i32)], d: (i32, i32)) -> usize {
    let mut k = 0;
    while k < offsets.len() {
        if offsets[k].0 == d.0 && offsets[k].1 == d.1 {
            return k;
        }
        k += 1;
    }
    panic!("not an offset of the neighbourhood")
}

/// For each symmetry (by its place in `Symmetry::ALL`) and each cell, the cell it
/// moves to; the same for the atari flags. Built from `Symmetry::apply_offset`, so
/// there is a single D4 implementation.
const PERMUTATIONS: ([[u8; 8]; 8], [[u8; 4]; 8]) = {
    let mut cells = [[0u8; 8]; 8];
    let mut atari = [[0u8; 4]; 8];
    let mut s = 0;
    while s < 8 {
        let sym = Symmetry::ALL[s];
        let mut k = 0;
        while k < 8 {
            cells[s][k] = position_of(&OFFSETS, sym.apply_offset(OFFSETS[k])) as u8;
            k += 1;
        }
        let mut k = 0;
        while k < 4 {
            atari[s][k] = position_of(&ORTHOGONAL, sym.apply_offset(ORTHOGONAL[k])) as u8;
            k += 1;
        }
        s += 1;
    }
    (cells, atari)
};

impl Neighbourhood {
    /// One more than the largest [`Neighbourhood::code`]: the length of a table with an
    /// entry for every neighbourhood.
    pub const CODE_LIMIT: u32 = 1 << 20;

    /// Builds a neighbourhood from the code of a board; the board keeps the code valid.
    #[inline]
    pub(crate) const fn from_raw(code: u32) -> Neighbourhood {
        Neighbourhood(code)
    }

    /// The neighbourhood with the given [`Neighbourhood::code`], if the code is one: an
    /// atari flag only on a stone, and the points off the board make whole edges (a
    /// column on the left or right, a row at the top or bottom). Every neighbourhood
    /// that [`Board::neighbourhood`](crate::Board::neighbourhood) returns is accepted;
    /// a pattern compiler can enumerate the valid codes with it.
    pub fn from_code(code: u32) -> Option<Neighbourhood> {
        if code >= Neighbourhood::CODE_LIMIT {
            return None;
        }
        let n = Neighbourhood(code);
        let off = |dx, dy| n.cell(dx, dy) == Cell::OffBoard;
        let (left, right, down, up) = (off(-1, 0), off(1, 0), off(0, -1), off(0, 1));
        let edges_ok = OFFSETS.iter().all(|&(dx, dy)| {
            let expected =
                (dx == -1 && left) || (dx == 1 && right) || (dy == -1 && down) || (dy == 1 && up);
            off(dx, dy) == expected
        });
        let atari_ok = ORTHOGONAL.iter().enumerate().all(|(k, &(dx, dy))| {
            code >> (ATARI_SHIFT + k as u32) & 1 == 0 || matches!(n.cell(dx, dy), Cell::Stone(_))
        });
        (edges_ok && atari_ok).then_some(n)
    }

    /// A dense code below [`Neighbourhood::CODE_LIMIT`] for table lookups. The layout is
    /// stable: the cell at offset `(dx, dy)` is in bits `2k` and `2k + 1`, where `k`
    /// counts the eight offsets row by row from the top left, `(-1, 1)`, `(0, 1)`,
    /// `(1, 1)`, `(-1, 0)`, `(1, 0)`, `(-1, -1)`, `(0, -1)`, `(1, -1)`, with 0 for empty,
    /// 1 black, 2 white and 3 off the board; bits 16 to 19 are the atari flags of the
    /// orthogonal neighbours up, left, right and down.
    #[inline]
    pub const fn code(self) -> u32 {
        self.0
    }

    /// What is on the point at offset `(dx, dy)` from the centre (columns right, rows
    /// up, as in [`Point::offset`](crate::Point::offset)).
    ///
    /// # Panics
    ///
    /// If `(dx, dy)` is not one of the eight offsets around the centre.
    #[inline]
    #[track_caller]
    pub const fn cell(self, dx: i32, dy: i32) -> Cell {
        let k = position_of(&OFFSETS, (dx, dy));
        Cell::from_bits(self.0 >> (2 * k))
    }

    /// Whether the stone at the orthogonal offset `(dx, dy)` belongs to a chain in atari
    /// (exactly one liberty); `false` for an empty point or off the board.
    ///
    /// # Panics
    ///
    /// If `(dx, dy)` is not one of `(0, 1)`, `(-1, 0)`, `(1, 0)`, `(0, -1)`.
    #[inline]
    #[track_caller]
    pub const fn in_atari(self, dx: i32, dy: i32) -> bool {
        let k = position_of(&ORTHOGONAL, (dx, dy));
        self.0 >> (ATARI_SHIFT + k as u32) & 1 == 1
    }

    /// The neighbourhood seen through `symmetry`: for a board and a point, the
    /// neighbourhood of the image point on the image board. The cell at offset `d` moves
    /// to [`Symmetry::apply_offset`]`(d)`.
    #[must_use]
    pub fn transform(self, symmetry: Symmetry) -> Neighbourhood {
        let s = symmetry.index();
        let (cells, atari) = (&PERMUTATIONS.0[s], &PERMUTATIONS.1[s]);
        let mut out = 0;
        for (k, &to) in cells.iter().enumerate() {
            out |= (self.0 >> (2 * k) & 3) << (2 * to);
        }
        for (k, &to) in atari.iter().enumerate() {
            out |= (self.0 >> (ATARI_SHIFT + k as u32) & 1) << (ATARI_SHIFT + u32::from(to));
        }
        Neighbourhood(out)
    }

    /// The neighbourhood with the colours of the stones exchanged (the atari flags stay).
    #[must_use]
    #[inline]
    pub const fn swap_colors(self) -> Neighbourhood {
        let cells = self.0 & CELL_BITS;
        // A field is 01 (black) or 10 (white) exactly when its two bits differ.
        let differ = (cells ^ (cells >> 1)) & 0x5555;
        Neighbourhood(self.0 ^ (differ | (differ << 1)))
    }

    /// The representative of the 16 images under the 8 symmetries and the colour swap:
    /// the one with the smallest code. Two neighbourhoods have the same canonical form
    /// exactly when one is an image of the other.
    #[must_use]
    pub fn canonical(self) -> Neighbourhood {
        let mut best = self;
        for s in Symmetry::ALL {
            let image = self.transform(s);
            best = best.min(image).min(image.swap_colors());
        }
        best
    }
}

impl fmt::Display for Neighbourhood {
    /// Three lines, the top row first: `.` empty, `X` black, `O` white, `-` off the
    /// board, `?` the centre; a stone whose chain is in atari is lowercase (`x`, `o`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for dy in [1, 0, -1] {
            for dx in [-1, 0, 1] {
                let ch = if (dx, dy) == (0, 0) {
                    '?'
                } else {
                    let atari = (dx == 0 || dy == 0) && self.in_atari(dx, dy);
                    match (self.cell(dx, dy), atari) {
                        (Cell::Empty, _) => '.',
                        (Cell::OffBoard, _) => '-',
                        (Cell::Stone(Color::Black), false) => 'X',
                        (Cell::Stone(Color::Black), true) => 'x',
                        (Cell::Stone(Color::White), false) => 'O',
                        (Cell::Stone(Color::White), true) => 'o',
                    }
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Neighbourhood {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows = self.to_string().trim_end().replace('\n', "/");
        write!(f, "Neighbourhood({rows})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations_are_the_offsets_images() {
        for (s, sym) in Symmetry::ALL.into_iter().enumerate() {
            for (k, &d) in OFFSETS.iter().enumerate() {
                assert_eq!(OFFSETS[PERMUTATIONS.0[s][k] as usize], sym.apply_offset(d));
            }
            for (k, &d) in ORTHOGONAL.iter().enumerate() {
                assert_eq!(ORTHOGONAL[PERMUTATIONS.1[s][k] as usize], sym.apply_offset(d));
            }
        }
    }

    /// Every valid code, checked by hand-written rules against `from_code`, and the
    /// transforms and the swap act on them as a group of 16 elements.
    #[test]
    fn valid_codes_and_their_images() {
        let mut valid = 0;
        let mut classes = std::collections::HashSet::new();
        for code in 0..Neighbourhood::CODE_LIMIT {
            let Some(n) = Neighbourhood::from_code(code) else { continue };
            valid += 1;
            assert_eq!(n.code(), code);
            assert_eq!(n.swap_colors().swap_colors(), n);
            for s in Symmetry::ALL {
                let image = n.transform(s);
                assert_eq!(Neighbourhood::from_code(image.code()), Some(image));
                assert_eq!(image.transform(s.inverse()), n);
                for t in Symmetry::ALL {
                    assert_eq!(image.transform(t), n.transform(s.then(t)));
                }
            }
            let canonical = n.canonical();
            assert!(canonical <= n);
            assert_eq!(canonical.canonical(), canonical);
            classes.insert(canonical);
        }
        // Cells: the centre's edges are one of 9 cases (none, 4 sides, 4 corners); a
        // 1-wide board adds the two-sided cases (left and right, up and down, and
        // three or four sides). Each free cell holds 3 values, each orthogonal stone
        // has a flag. Counted independently: per edge case, the product over cells of
        // (empty: 1, stone: 2 colours, times 2 flags if orthogonal).
        let mut expected = 0u64;
        for sides in 0u32..16 {
            let (left, right, down, up) =
                (sides & 1 != 0, sides & 2 != 0, sides & 4 != 0, sides & 8 != 0);
            let mut product = 1u64;
            for &(dx, dy) in &OFFSETS {
                let off = (dx == -1 && left)
                    || (dx == 1 && right)
                    || (dy == -1 && down)
                    || (dy == 1 && up);
                if !off {
                    product *= if dx == 0 || dy == 0 { 1 + 2 * 2 } else { 1 + 2 };
                }
            }
            expected += product;
        }
        assert_eq!(valid, expected);
        // Every class has at most 16 members.
        assert!(classes.len() as u64 * 16 >= expected);
    }

    #[test]
    fn invalid_codes_are_refused() {
        // An atari flag on an empty point.
        assert_eq!(Neighbourhood::from_code(1 << ATARI_SHIFT), None);
        // A lone off-board corner without its edges.
        assert_eq!(Neighbourhood::from_code(3), None);
        // The left edge with one cell of it on the board.
        let left = 3 | (3 << 6) | (3 << 10);
        assert!(Neighbourhood::from_code(left).is_some());
        assert_eq!(Neighbourhood::from_code(left & !3), None);
        assert_eq!(Neighbourhood::from_code(Neighbourhood::CODE_LIMIT), None);
    }

    #[test]
    #[should_panic(expected = "not an offset of the neighbourhood")]
    fn the_centre_is_not_a_cell() {
        let _ = Neighbourhood(0).cell(0, 0);
    }

    #[test]
    #[should_panic(expected = "not an offset of the neighbourhood")]
    fn diagonals_have_no_atari_flag() {
        let _ = Neighbourhood(0).in_atari(1, 1);
    }
}
