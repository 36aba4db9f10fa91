//! The four lanes of the strength paper (its figure 2): from a point, look up, right,
//! down and left along a lane three points wide, at distances 1 to 6, for the nearest
//! kosumi-ren.
//!
//! Choices the paper leaves open, fixed here:
//!
//! - **Distance** is the depth along the lane's axis: the points `p + d·u + o·v`
//!   (`u` the lane's direction, `v` perpendicular, `o` in `{-1, 0, 1}`) are all at
//!   distance `d`. The side points keep the search from slipping between two stones.
//! - **The nearest kosumi-ren of a lane** is the one holding a stone at the smallest
//!   depth; at that depth the centre point wins over the sides; when the centre is empty
//!   and the two side points hold stones of two different kosumi-ren, both are nearest
//!   (no side is preferred, so the result is the same under every board symmetry).
//! - **Several lanes reaching one kosumi-ren** give it once, at the smallest distance
//!   (the paper: "the nearer distance is used"), with every lane that reaches it there.
//! - **Contact**: a point touches a stone when one of its eight neighbours holds a
//!   stone, that is, when a lane finds a stone at distance 1 (the paper's distance 1,
//!   "touching", where it takes no sample and evaluates no move). This reading
//!   reproduces the paper's counts on professional games: positions per game under its
//!   protocol (28.0 against its 28.4) and its "average possible moves" per band of 20
//!   moves (228, 181, 143, 113 against 229, 180, 141, 108 on moves 21–100; see
//!   BENCHMARKS.md).
//!
//! # Examples
//!
//! ```
//! use go_board::{Board, Point};
//! use go_eval::kosumi::kosumi_ren;
//! use go_eval::strength::lanes::{Direction, RenMap};
//! let board = Board::from_diagram(
//!     "
//!     . . . . . . . . .
//!     . . . . X . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . O . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     ",
//! )?;
//! let size = board.size();
//! let rens = kosumi_ren(&board, 0);
//! let map = RenMap::new(&board, &rens);
//! let hits = map.nearest(Point::parse_gtp("E5", size)?);
//! // E8 is three points up the centre of the north lane; D4 one column off the south
//! // lane's centre, one point down.
//! let found: Vec<(String, u8)> = hits
//!     .iter()
//!     .map(|h| (rens[h.ren].stones.first().unwrap().to_string(), h.distance))
//!     .collect();
//! assert_eq!(found, [("E8".to_string(), 3), ("D4".to_string(), 1)]);
//! assert_eq!(hits[0].directions, Direction::North.bit());
//! assert!(map.touches(Point::parse_gtp("E5", size)?));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use go_board::{Board, BoardSize, Point};

use crate::kosumi::KosumiRen;

/// The farthest distance a lane looks.
pub const MAX_DISTANCE: u8 = 6;

/// The direction of a lane, from the point looked from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards higher rows (up the diagram).
    North,
    /// Towards higher columns.
    East,
    /// Towards lower rows.
    South,
    /// Towards lower columns.
    West,
}

impl Direction {
    /// The four directions, in the order lanes are searched.
    pub const ALL: [Direction; 4] =
        [Direction::North, Direction::East, Direction::South, Direction::West];

    /// The step `(columns, rows)` of one point along the lane.
    pub const fn step(self) -> (i32, i32) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
        }
    }

    /// The direction's bit in [`RenHit::directions`].
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The directions whose bits are set in `bits`, in [`Direction::ALL`] order.
    pub fn from_bits(bits: u8) -> impl Iterator<Item = Direction> {
        Direction::ALL.into_iter().filter(move |d| bits & d.bit() != 0)
    }
}

/// A kosumi-ren found by the lanes of a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RenHit {
    /// Its index in the slice given to [`RenMap::new`].
    pub ren: usize,
    /// Its distance (1 to [`MAX_DISTANCE`]).
    pub distance: u8,
    /// The lanes that reach it at that distance ([`Direction::bit`]s).
    pub directions: u8,
}

/// Which kosumi-ren holds each stone of a board, for lane searches.
#[derive(Clone, Debug)]
pub struct RenMap {
    size: BoardSize,
    ids: Vec<u16>,
}

const NONE: u16 = u16::MAX;

impl RenMap {
    /// The map of `rens`, the kosumi-ren of `board` (as [`crate::kosumi::kosumi_ren`]
    /// gives them).
    pub fn new(board: &Board, rens: &[KosumiRen]) -> RenMap {
        let mut ids = vec![NONE; Point::INDEX_LIMIT];
        for (i, ren) in rens.iter().enumerate() {
            for p in &ren.stones {
                ids[p.index()] = i as u16;
            }
        }
        RenMap { size: board.size(), ids }
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The kosumi-ren holding `point`, if a stone is there.
    pub fn ren_at(&self, point: Point) -> Option<usize> {
        let id = self.ids[point.index()];
        (id != NONE).then_some(id as usize)
    }

    fn at(&self, col: i32, row: i32) -> Option<u16> {
        let (cols, rows) = (i32::from(self.size.cols()), i32::from(self.size.rows()));
        if col < 0 || row < 0 || col >= cols || row >= rows {
            return None;
        }
        let id = self.ids[Point::must(col as u8, row as u8, self.size).index()];
        (id != NONE).then_some(id)
    }

    /// Whether `point` touches a stone: one of its eight neighbours holds one.
    pub fn touches(&self, point: Point) -> bool {
        let (c, r) = (i32::from(point.col()), i32::from(point.row()));
        (-1..=1)
            .any(|dc| (-1..=1).any(|dr| (dc, dr) != (0, 0) && self.at(c + dc, r + dr).is_some()))
    }

    /// The nearest kosumi-ren in each lane of `point` up to [`MAX_DISTANCE`], each once at
    /// its smallest distance, in the order first found (north lane first, nearest
    /// first within a lane: centre, then the left and right sides as seen facing the
    /// lane).
    pub fn nearest(&self, point: Point) -> Hits {
        self.nearest_within(point, MAX_DISTANCE)
    }

    /// [`RenMap::nearest`] up to distance `max` instead of [`MAX_DISTANCE`].
    pub fn nearest_within(&self, point: Point, max: u8) -> Hits {
        let mut hits = Hits { items: [RenHit { ren: 0, distance: 0, directions: 0 }; 8], len: 0 };
        let (c, r) = (i32::from(point.col()), i32::from(point.row()));
        for direction in Direction::ALL {
            let (ux, uy) = direction.step();
            let (vx, vy) = (-uy, ux);
            for d in 1..=i32::from(max) {
                let (cc, cr) = (c + d * ux, r + d * uy);
                if let Some(id) = self.at(cc, cr) {
                    hits.add(id, d as u8, direction);
                    break;
                }
                let left = self.at(cc + vx, cr + vy);
                let right = self.at(cc - vx, cr - vy);
                if left.is_none() && right.is_none() {
                    continue;
                }
                for id in [left, right].into_iter().flatten() {
                    hits.add(id, d as u8, direction);
                }
                break;
            }
        }
        hits
    }
}

/// The kosumi-ren found by [`RenMap::nearest`] (at most eight).
#[derive(Clone, Copy, Debug)]
pub struct Hits {
    items: [RenHit; 8],
    len: u8,
}

impl Hits {
    fn add(&mut self, id: u16, distance: u8, direction: Direction) {
        let ren = id as usize;
        let found = self.items[..self.len as usize].iter_mut().find(|h| h.ren == ren);
        match found {
            Some(h) if h.distance < distance => {}
            Some(h) if h.distance == distance => h.directions |= direction.bit(),
            Some(h) => {
                h.distance = distance;
                h.directions = direction.bit();
            }
            None => {
                self.items[self.len as usize] =
                    RenHit { ren, distance, directions: direction.bit() };
                self.len += 1;
            }
        }
    }
}

impl core::ops::Deref for Hits {
    type Target = [RenHit];

    fn deref(&self) -> &[RenHit] {
        &self.items[..self.len as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kosumi::kosumi_ren;

    fn hits_of(diagram: &str, at: &str) -> Vec<(String, u8, u8)> {
        let board = Board::from_diagram(diagram).unwrap();
        let rens = kosumi_ren(&board, 0);
        let map = RenMap::new(&board, &rens);
        let p = Point::parse_gtp(at, board.size()).unwrap();
        let mut out: Vec<(String, u8, u8)> = map
            .nearest(p)
            .iter()
            .map(|h| (rens[h.ren].stones.first().unwrap().to_string(), h.distance, h.directions))
            .collect();
        out.sort();
        out
    }

    const N: u8 = Direction::North.bit();
    const E: u8 = Direction::East.bit();
    const S: u8 = Direction::South.bit();
    const W: u8 = Direction::West.bit();

    /// Figure 2 of the paper: lanes three wide, distances up to 6; a stone seven points
    /// away or two columns off a lane is not seen.
    #[test]
    fn the_lanes_of_figure_2() {
        let diagram = "
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . X . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            O . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . O . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
        ";
        // From H8: H13 is 5 up the centre; A8 is 7 to the left (not seen); K4 is two
        // columns off the south lane (not seen).
        assert_eq!(hits_of(diagram, "H8"), [("H13".to_string(), 5, N)]);
        // From J7: H13 is one column off the north lane, 6 up; K4 one column off the
        // south lane, 3 down.
        assert_eq!(hits_of(diagram, "J7"), [("H13".to_string(), 6, N), ("K4".to_string(), 3, S)]);
        // From B8: A8 at distance 1 (touching).
        assert_eq!(hits_of(diagram, "B8"), [("A8".to_string(), 1, W)]);
    }

    /// The nearest stone of a lane hides the ones behind it; the centre beats the
    /// sides at equal depth; two side stones of two kosumi-ren are both nearest.
    #[test]
    fn nearest_per_lane() {
        let diagram = "
            . . . . . . . . .
            . . . X . X . . .
            . . . . O . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
        ";
        // From E3: E7 (White) at depth 4 hides D8 and F8 behind it.
        assert_eq!(hits_of(diagram, "E3"), [("E7".to_string(), 4, N)]);
        // From D4 the centre D8 is at depth 4, but E7 is at depth 3 on the side.
        assert_eq!(hits_of(diagram, "D4"), [("E7".to_string(), 3, N)]);
        let two_sides = "
            . . . . . . .
            . . . . . . .
            . . X . O . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
        ";
        assert_eq!(hits_of(two_sides, "D2"), [("C5".to_string(), 3, N), ("E5".to_string(), 3, N)]);
    }

    /// One kosumi-ren seen from two lanes counts once, at the nearer distance; at equal
    /// distances both lanes are kept.
    #[test]
    fn one_ren_from_several_lanes() {
        let diagram = "
            . . . . . . . .
            . . . . . . . .
            . . X X X X . .
            . . . . . X . .
            . . . . . X . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
        ";
        // From C3: up 3 to C6; right 3 to F4 (side of the east lane): same ren, both at 3.
        assert_eq!(hits_of(diagram, "C3"), [("F4".to_string(), 3, N | E)]);
        // From D2: up to D6 at 4; the east lane covers rows 1 to 3 and F4 is on row 4.
        assert_eq!(hits_of(diagram, "D2"), [("F4".to_string(), 4, N)]);
        // From H5: west 2 to F5 (the row of the ren's top), and F4 on the side: 2.
        assert_eq!(hits_of(diagram, "H5"), [("F4".to_string(), 2, W)]);
    }

    #[test]
    fn touching_means_any_of_the_eight_neighbours() {
        let board =
            Board::from_diagram(". . . . .\n. . . . .\n. . X . .\n. . . . .\n. . . . .").unwrap();
        let map = RenMap::new(&board, &kosumi_ren(&board, 0));
        let size = board.size();
        let touching: Vec<String> = size
            .points()
            .filter(|&p| board.is_empty_at(p) && map.touches(p))
            .map(|p| p.to_string())
            .collect();
        assert_eq!(touching, ["B2", "C2", "D2", "B3", "D3", "B4", "C4", "D4"]);
    }
}
