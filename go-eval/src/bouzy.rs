//! Bouzy's mathematical morphology (dilation and erosion), in the variant GNU Go 3.x
//! reimplemented for its old score estimate.
//!
//! Every stone starts at [`STONE_VALUE`] (Black positive, White negative), every empty
//! point at 0. Both operators read the whole grid and write a new one (synchronous
//! updates); neighbours off the board are ignored, in the guards and in the counts.
//!
//! - **Dilation.** A point whose value is `>= 0` and that has no negative neighbour
//!   gains the number of its positive neighbours; symmetrically, a point `<= 0` with no
//!   positive neighbour loses the number of its negative neighbours. A point between
//!   both colours keeps its value.
//! - **Erosion.** A positive point loses the number of its neighbours that are `<= 0`,
//!   stopping at 0; symmetrically for negative points.
//! - [`Bouzy::map`] applies `dilations` dilations, then `erosions` erosions. With
//!   `erosions = dilations * (dilations - 1) + 1` a lone stone in the centre of a large
//!   board keeps no territory. The classic settings are [`Bouzy::TERRITORY`] (5/21),
//!   [`Bouzy::MOYO`] (5/10) and [`Bouzy::AREA`] (4/0).
//! - [`close_bubbles`] then gives each connected set of empty zero points that borders
//!   non-zero points of one sign only to that sign (value ±1).
//!
//! # Examples
//!
//! A lone stone on the 3-3 point keeps six points of territory under 5/21, one in the
//! centre keeps none:
//!
//! ```
//! use go_board::{BoardSize, ByColor, Point, PointSet};
//! use go_eval::Bouzy;
//! let size = BoardSize::square(19)?;
//! let territory = |v: &str| -> Result<usize, Box<dyn std::error::Error>> {
//!     let stones = ByColor::new(PointSet::from_iter([Point::parse_gtp(v, size)?]), PointSet::EMPTY);
//!     let map = Bouzy::new(5, 21).map(size, &stones);
//!     Ok(map.iter().filter(|&(p, &v)| v > 0 && !stones.black.contains(p)).count())
//! };
//! assert_eq!(territory("C3")?, 6);
//! assert_eq!(territory("K10")?, 0);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use go_board::{BoardSize, ByColor, PointMap, PointSet};

use crate::padded::Padded;

/// The initial value of a stone: `+128` for Black, `-128` for White.
pub const STONE_VALUE: i32 = 128;

/// A Bouzy operator: `dilations` dilations followed by `erosions` erosions, then
/// optionally [`close_bubbles`]. See the [module documentation](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bouzy {
    /// The number of dilations.
    pub dilations: u32,
    /// The number of erosions, applied after the dilations.
    pub erosions: u32,
    /// Whether [`Bouzy::map`] ends with [`close_bubbles`].
    pub close_bubbles: bool,
}

impl Bouzy {
    /// Territory: 5 dilations, 21 erosions, bubbles closed (GNU Go's score estimate).
    pub const TERRITORY: Bouzy = Bouzy { dilations: 5, erosions: 21, close_bubbles: true };
    /// Moyo (framework): 5 dilations, 10 erosions.
    pub const MOYO: Bouzy = Bouzy { dilations: 5, erosions: 10, close_bubbles: false };
    /// Area of influence: 4 dilations, no erosion.
    pub const AREA: Bouzy = Bouzy { dilations: 4, erosions: 0, close_bubbles: false };

    /// `dilations` dilations then `erosions` erosions, without closing bubbles.
    pub const fn new(dilations: u32, erosions: u32) -> Bouzy {
        Bouzy { dilations, erosions, close_bubbles: false }
    }

    /// The same operator, closing bubbles at the end.
    #[must_use]
    pub const fn with_bubbles(self) -> Bouzy {
        Bouzy { close_bubbles: true, ..self }
    }

    /// The map of the stones `stones` on a board of `size` (Black positive). Stones that
    /// should not count (dead stones) must be left out by the caller.
    pub fn map(&self, size: BoardSize, stones: &ByColor<PointSet>) -> PointMap<i32> {
        let mut grid = initial(size, stones);
        let mut m = Morphology::new(size);
        m.load(&grid);
        m.run(self.dilations, self.erosions);
        m.store(&mut grid);
        self.finish(&mut grid, stones);
        grid
    }

    /// Closes the bubbles of `grid` if this operator does.
    fn finish(&self, grid: &mut PointMap<i32>, stones: &ByColor<PointSet>) {
        if self.close_bubbles {
            close_bubbles(grid, &(stones.black | stones.white));
        }
    }

    /// The maps of `self` and of `other` for the same stones. When `other` continues
    /// `self` (the same dilations, at least as many erosions), the common steps are done
    /// once: [`Bouzy::MOYO`] and [`Bouzy::TERRITORY`] together cost about the territory
    /// map alone.
    ///
    /// ```
    /// use go_board::{BoardSize, ByColor, Point, PointSet};
    /// use go_eval::Bouzy;
    /// let size = BoardSize::square(9)?;
    /// let stones = ByColor::new(
    ///     PointSet::from_iter([Point::parse_gtp("C3", size)?]),
    ///     PointSet::from_iter([Point::parse_gtp("G7", size)?]),
    /// );
    /// let (moyo, territory) = Bouzy::MOYO.map_both(Bouzy::TERRITORY, size, &stones);
    /// assert_eq!(moyo, Bouzy::MOYO.map(size, &stones));
    /// assert_eq!(territory, Bouzy::TERRITORY.map(size, &stones));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn map_both(
        &self,
        other: Bouzy,
        size: BoardSize,
        stones: &ByColor<PointSet>,
    ) -> (PointMap<i32>, PointMap<i32>) {
        if other.dilations != self.dilations || other.erosions < self.erosions {
            return (self.map(size, stones), other.map(size, stones));
        }
        let mut first = initial(size, stones);
        let mut m = Morphology::new(size);
        m.load(&first);
        m.run(self.dilations, self.erosions);
        let mut second = first.clone();
        m.store(&mut first);
        m.run(0, other.erosions - self.erosions);
        m.store(&mut second);
        self.finish(&mut first, stones);
        other.finish(&mut second, stones);
        (first, second)
    }
}

/// The starting map: [`STONE_VALUE`] on black stones, `-STONE_VALUE` on white stones, 0
/// elsewhere.
pub fn initial(size: BoardSize, stones: &ByColor<PointSet>) -> PointMap<i32> {
    let mut grid = PointMap::new(size, 0);
    for (color, set) in stones.iter() {
        for p in *set & size.on_board() {
            grid[p] = color.sign() * STONE_VALUE;
        }
    }
    grid
}

/// One dilation of `grid` (see the [module documentation](self)).
pub fn dilate(grid: &mut PointMap<i32>) {
    let mut m = Morphology::new(grid.size());
    m.load(grid);
    m.dilate();
    m.store(grid);
}

/// One erosion of `grid` (see the [module documentation](self)).
pub fn erode(grid: &mut PointMap<i32>) {
    let mut m = Morphology::new(grid.size());
    m.load(grid);
    m.erode();
    m.store(grid);
}

/// Gives each connected set of zero points outside `stones` that borders non-zero
/// points of a single sign to that sign: its points become `+1` or `-1`.
pub fn close_bubbles(grid: &mut PointMap<i32>, stones: &PointSet) {
    let size = grid.size();
    let zero = grid.points_where(|&v| v == 0) - *stones;
    let positive = grid.points_where(|&v| v > 0);
    let negative = grid.points_where(|&v| v < 0);
    let on_board = size.on_board();
    for bubble in zero.components() {
        let border = bubble.adjacent(&on_board);
        let value = match (border.is_disjoint(&positive), border.is_disjoint(&negative)) {
            (false, true) => 1,
            (true, false) => -1,
            _ => continue,
        };
        for p in bubble {
            grid[p] = value;
        }
    }
}

/// The synchronous updates on a padded copy of the map: the current values, a second
/// buffer, and the number of on-board neighbours of every point (the border holds 0 in
/// both buffers, so it never counts as positive or negative).
struct Morphology {
    layout: Padded,
    neighbours: Vec<i32>,
    current: Vec<i32>,
    scratch: Vec<i32>,
}

impl Morphology {
    fn new(size: BoardSize) -> Morphology {
        let layout = Padded::new(size);
        let mut neighbours = layout.zeros();
        for (&slot, p) in layout.slots().iter().zip(size.points()) {
            neighbours[slot] = p.neighbours(size).count() as i32;
        }
        let (current, scratch) = (layout.zeros(), layout.zeros());
        Morphology { layout, neighbours, current, scratch }
    }

    fn load(&mut self, grid: &PointMap<i32>) {
        self.layout.load(grid, &mut self.current);
    }

    fn store(&self, grid: &mut PointMap<i32>) {
        self.layout.store(&self.current, grid);
    }

    /// `dilations` dilations, then `erosions` erosions.
    fn run(&mut self, dilations: u32, erosions: u32) {
        for _ in 0..dilations {
            self.dilate();
        }
        for _ in 0..erosions {
            self.erode();
        }
    }

    fn dilate(&mut self) {
        let s = self.layout.stride();
        let src = &self.current;
        for &i in self.layout.slots() {
            let g = src[i];
            let n = [src[i - 1], src[i + 1], src[i - s], src[i + s]];
            let pos: i32 = n.iter().map(|&v| i32::from(v > 0)).sum();
            let neg: i32 = n.iter().map(|&v| i32::from(v < 0)).sum();
            self.scratch[i] = if g >= 0 && neg == 0 {
                g + pos
            } else if g <= 0 && pos == 0 {
                g - neg
            } else {
                g
            };
        }
        core::mem::swap(&mut self.current, &mut self.scratch);
    }

    fn erode(&mut self) {
        let s = self.layout.stride();
        let src = &self.current;
        for &i in self.layout.slots() {
            let g = src[i];
            self.scratch[i] = if g == 0 {
                0
            } else {
                let n = [src[i - 1], src[i + 1], src[i - s], src[i + s]];
                if g > 0 {
                    let pos: i32 = n.iter().map(|&v| i32::from(v > 0)).sum();
                    (g - (self.neighbours[i] - pos)).max(0)
                } else {
                    let neg: i32 = n.iter().map(|&v| i32::from(v < 0)).sum();
                    (g + (self.neighbours[i] - neg)).min(0)
                }
            };
        }
        core::mem::swap(&mut self.current, &mut self.scratch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::{Point, Symmetry};

    fn size(n: u32) -> BoardSize {
        BoardSize::square(n).unwrap()
    }

    /// The grid of `rows` (from the top) placed with its top-left corner at
    /// `(col, row_from_top)` on an otherwise zero board.
    fn embedded(size: BoardSize, at: (u8, u8), rows: &[&[i32]]) -> PointMap<i32> {
        let mut grid = PointMap::new(size, 0);
        for (r, values) in rows.iter().enumerate() {
            for (c, &v) in values.iter().enumerate() {
                let p = Point::must(at.0 + c as u8, size.rows() - 1 - at.1 - r as u8, size);
                grid[p] = v;
            }
        }
        grid
    }

    /// `map_both` gives the maps of the two operators, nested or not.
    #[test]
    fn map_both_equals_the_two_maps() {
        let size = size(13);
        // Stones on a fixed pseudo-random scatter (a multiplicative hash of the point).
        let mut stones = ByColor::new(PointSet::EMPTY, PointSet::EMPTY);
        for p in size.points() {
            let hash =
                (u32::from(p.col()) * 31 + u32::from(p.row()) * 17).wrapping_mul(2_654_435_761);
            match hash >> 28 {
                0 | 1 => {
                    stones.black.insert(p);
                }
                2 => {
                    stones.white.insert(p);
                }
                _ => {}
            }
        }
        assert!(stones.black.len() > 10 && stones.white.len() > 5);
        let pairs = [
            (Bouzy::MOYO, Bouzy::TERRITORY),
            (Bouzy::new(5, 3), Bouzy::MOYO),
            (Bouzy::TERRITORY, Bouzy::MOYO),
            (Bouzy::AREA, Bouzy::TERRITORY),
            (Bouzy::MOYO.with_bubbles(), Bouzy::new(5, 10)),
        ];
        for (a, b) in pairs {
            let (x, y) = a.map_both(b, size, &stones);
            assert_eq!(x, a.map(size, &stones), "{a:?} then {b:?}");
            assert_eq!(y, b.map(size, &stones), "{a:?} then {b:?}");
        }
    }

    /// GNU Go's worked example (`doc/moyo.texi`, reference/eval.md §1.3a): two stones of
    /// the same colour a one-point jump apart, far from the edge, every cell of every
    /// step. GNU Go's stones are White (+128); the rule is the same for Black.
    #[test]
    fn the_worked_example_of_gnu_go_moyo_texi() {
        let size = size(19);
        // The stones on the 10th row from the top, columns 8 and 10 (0-based).
        let stones = ByColor::new(
            PointSet::from_iter([Point::must(7, 9, size), Point::must(9, 9, size)]),
            PointSet::EMPTY,
        );
        let mut grid = initial(size, &stones);

        dilate(&mut grid);
        let one =
            embedded(size, (6, 8), &[&[0, 1, 0, 1, 0], &[1, 128, 2, 128, 1], &[0, 1, 0, 1, 0]]);
        assert_eq!(grid, one, "1 dilation:\n{grid}");

        // The doc gives the stones' row for 2 and 3 dilations.
        let row = |grid: &PointMap<i32>, from: u8, to: u8| -> Vec<i32> {
            (from..=to).map(|c| grid[Point::must(c, 9, size)]).collect()
        };
        dilate(&mut grid);
        assert_eq!(row(&grid, 4, 12), [0, 1, 2, 132, 4, 132, 2, 1, 0], "2 dilations:\n{grid}");
        dilate(&mut grid);
        assert_eq!(
            row(&grid, 3, 13),
            [0, 1, 2, 6, 136, 8, 136, 6, 2, 1, 0],
            "3 dilations:\n{grid}"
        );

        // 3 dilations, then 1 to 7 erosions: the stones stay at 136 up to 3/5, drop to
        // 135 at 3/6 and 132 at 3/7; the middle point keeps its 8.
        let stones_and_middle = [136, 136, 136, 136, 136, 135, 132];
        for (k, &stone) in stones_and_middle.iter().enumerate() {
            erode(&mut grid);
            assert_eq!(
                row(&grid, 7, 9),
                [stone, 8, stone],
                "3 dilations, {} erosions:\n{grid}",
                k + 1
            );
        }
        // At 3/7 the stones' row is the only non-zero one: one point of territory.
        let only = embedded(size, (7, 9), &[&[132, 8, 132]]);
        assert_eq!(grid, only, "3/7:\n{grid}");
    }

    fn lone_stone_territory(bouzy: Bouzy, col: u8, row: u8) -> usize {
        let size = size(19);
        let p = Point::must(col, row, size);
        let stones = ByColor::new(PointSet::from_iter([p]), PointSet::EMPTY);
        let map = bouzy.map(size, &stones);
        map.iter().filter(|&(q, &v)| v > 0 && q != p).count()
    }

    /// reference/eval.md §1.3(b): positive empty points around one stone on an empty
    /// 19×19 board.
    #[test]
    fn lone_stones_on_19x19() {
        let table = [
            (Bouzy::new(5, 21), [0, 6, 5, 0]),
            (Bouzy::new(4, 13), [0, 6, 3, 0]),
            (Bouzy::new(5, 10), [8, 17, 12, 3]),
            (Bouzy::new(4, 0), [40, 32, 23, 14]),
        ];
        for (bouzy, expected) in table {
            let got =
                [(9, 9), (2, 2), (1, 1), (0, 0)].map(|(c, r)| lone_stone_territory(bouzy, c, r));
            assert_eq!(got, expected, "{bouzy:?}");
        }
    }

    #[test]
    fn area_of_a_lone_stone_is_the_manhattan_ball_of_radius_four() {
        let size = size(19);
        let centre = Point::must(9, 9, size);
        let stones = ByColor::new(PointSet::EMPTY, PointSet::from_iter([centre]));
        let map = Bouzy::AREA.map(size, &stones);
        for (p, &v) in map.iter() {
            let d = (i32::from(p.col()) - 9).abs() + (i32::from(p.row()) - 9).abs();
            assert_eq!(v < 0, d <= 4, "{p}: {v}");
            assert!(v <= 0);
        }
    }

    #[test]
    fn symmetric_and_antisymmetric() {
        let size = BoardSize::new(9, 7).unwrap();
        let pts = |v: &[(u8, u8)]| v.iter().map(|&(c, r)| Point::must(c, r, size)).collect();
        let stones = ByColor::new(pts(&[(2, 2), (3, 4), (6, 1)]), pts(&[(5, 5), (6, 3), (7, 2)]));
        for bouzy in [Bouzy::TERRITORY, Bouzy::MOYO, Bouzy::AREA, Bouzy::new(3, 7)] {
            let map = bouzy.map(size, &stones);
            let swapped = ByColor::new(stones.white, stones.black);
            assert_eq!(bouzy.map(size, &swapped), map.map(|v| -v));
            for s in Symmetry::ALL {
                let moved = ByColor::new(
                    s.apply_set(&stones.black, size),
                    s.apply_set(&stones.white, size),
                );
                assert_eq!(bouzy.map(s.apply_size(size), &moved), s.apply_map(&map), "{s:?}");
            }
        }
    }

    #[test]
    fn bubbles_close_towards_the_only_sign_around_them() {
        let size = size(5);
        let mut grid = embedded(
            size,
            (0, 0),
            &[
                &[5, 5, 5, 0, 0],
                &[5, 0, 5, 0, -3],
                &[5, 5, 5, 0, 0],
                &[0, 0, 0, 0, 0],
                &[-2, 0, 0, 0, 0],
            ],
        );
        close_bubbles(&mut grid, &PointSet::EMPTY);
        // The hole in the ring borders positive points only; the big region borders
        // both signs and stays.
        assert_eq!(grid[Point::must(1, 3, size)], 1);
        assert_eq!(grid[Point::must(4, 4, size)], 0);
        // A stone point is never a bubble.
        let mut grid = embedded(size, (0, 0), &[&[5, 5, 5], &[5, 0, 5], &[5, 5, 5]]);
        close_bubbles(&mut grid, &PointSet::from_iter([Point::must(1, 3, size)]));
        assert_eq!(grid[Point::must(1, 3, size)], 0);
    }
}
