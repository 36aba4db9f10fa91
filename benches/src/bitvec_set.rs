//! A twin of [`go_board::PointSet`] backed by `bitvec::BitArray<[u64; 11]>`, for the
//! measurement that `ARCHITECTURE.md` asks for: keep `bitvec` only if it is as fast as
//! the plain `[u64; 11]` that `PointSet` uses.
//!
//! Same layout (bit `i` is the point with [`Point::index`] `i`), same operations, each
//! written with `bitvec`'s own API (its operators, `count_ones`, `iter_ones`,
//! `shift_start`/`shift_end`) rather than by reaching into the words.

use core::ops::{BitAnd, BitOr, Sub};

use bitvec::array::BitArray;
use bitvec::order::Lsb0;
use go_board::{BoardSize, Point, PointSet};

/// Words of the bit array: the same count as `PointSet`.
pub const WORDS: usize = Point::INDEX_LIMIT.div_ceil(64);

/// Distance between vertically adjacent points in go-board's layout (one row of the
/// largest board plus the shared off-board column).
const STRIDE: usize = Point::INDEX_LIMIT / (BoardSize::MAX as usize + 2);

/// The bit array behind [`BitPointSet`].
pub type Bits = BitArray<[u64; WORDS], Lsb0>;

/// A set of points as a `bitvec` bit array, with the operations of
/// [`go_board::PointSet`].
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct BitPointSet(Bits);

impl BitPointSet {
    /// The empty set.
    pub const EMPTY: BitPointSet = BitPointSet(BitArray::ZERO);

    /// The same points as `set`.
    pub fn from_point_set(set: &PointSet) -> BitPointSet {
        let mut out = BitPointSet::EMPTY;
        for p in set {
            out.insert(p);
        }
        out
    }

    /// The same points as a [`PointSet`].
    pub fn to_point_set(&self) -> PointSet {
        self.iter().collect()
    }

    /// Adds `point`; returns whether it was absent.
    #[inline]
    pub fn insert(&mut self, point: Point) -> bool {
        !self.0.replace(point.index(), true)
    }

    /// Whether `point` is in the set.
    #[inline]
    pub fn contains(&self, point: Point) -> bool {
        self.0[point.index()]
    }

    /// The number of points (popcount).
    #[inline]
    pub fn len(&self) -> usize {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.not_any()
    }

    /// The points in index order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.0.iter_ones().map(|i| Point::from_index(i).expect("bits stay below INDEX_LIMIT"))
    }

    /// The set shifted by `k` indices towards higher indices.
    #[inline]
    fn shl(&self, k: usize) -> BitPointSet {
        let mut out = self.0;
        out.shift_end(k);
        BitPointSet(out)
    }

    /// The set shifted by `k` indices towards lower indices.
    #[inline]
    fn shr(&self, k: usize) -> BitPointSet {
        let mut out = self.0;
        out.shift_start(k);
        BitPointSet(out)
    }

    #[inline]
    fn spread(&self) -> BitPointSet {
        self.shl(1) | self.shr(1) | self.shl(STRIDE) | self.shr(STRIDE)
    }

    /// The set and its orthogonal neighbours, kept within `within`.
    #[inline]
    pub fn dilate(&self, within: &BitPointSet) -> BitPointSet {
        (*self | self.spread()) & *within
    }

    /// The points of `within` adjacent to the set but not in it.
    #[inline]
    pub fn adjacent(&self, within: &BitPointSet) -> BitPointSet {
        (self.spread() & *within) - *self
    }

    /// The points of `within` connected to `seed` by orthogonal steps inside `within`.
    pub fn flood_fill(seed: &BitPointSet, within: &BitPointSet) -> BitPointSet {
        let mut filled = *seed & *within;
        loop {
            let next = filled.dilate(within);
            if next == filled {
                return filled;
            }
            filled = next;
        }
    }
}

impl BitOr for BitPointSet {
    type Output = BitPointSet;
    #[inline]
    fn bitor(self, rhs: BitPointSet) -> BitPointSet {
        BitPointSet(self.0 | rhs.0)
    }
}

impl BitAnd for BitPointSet {
    type Output = BitPointSet;
    #[inline]
    fn bitand(self, rhs: BitPointSet) -> BitPointSet {
        BitPointSet(self.0 & rhs.0)
    }
}

impl core::ops::BitXor for BitPointSet {
    type Output = BitPointSet;
    #[inline]
    fn bitxor(self, rhs: BitPointSet) -> BitPointSet {
        BitPointSet(self.0 ^ rhs.0)
    }
}

impl Sub for BitPointSet {
    type Output = BitPointSet;
    #[inline]
    fn sub(self, rhs: BitPointSet) -> BitPointSet {
        BitPointSet(self.0 & !rhs.0)
    }
}

impl core::fmt::Debug for BitPointSet {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Inputs for the `PointSet` benchmarks: random sets on a 19×19 board, in both
/// representations.
#[derive(Clone, Debug)]
pub struct SetInputs {
    /// The board.
    pub on_board: PointSet,
    /// Pairs of sets of density about 0.4.
    pub pairs: Vec<(PointSet, PointSet)>,
    /// Flood-fill problems: a region of density about 0.6 and a seed point in its
    /// largest connected part.
    pub fills: Vec<(PointSet, PointSet)>,
}

impl SetInputs {
    /// `count` pairs and `count` flood fills on 19×19 from `seed`.
    pub fn new(count: usize, seed: u64) -> SetInputs {
        let size = BoardSize::square(19).expect("19x19");
        let mut rng = crate::playout::XorShift64Star::new(seed);
        let mut random = |per_mille: u64| -> PointSet {
            size.points().filter(|_| rng.next_u64() % 1000 < per_mille).collect()
        };
        let pairs = (0..count).map(|_| (random(400), random(400))).collect();
        let fills = (0..count)
            .map(|_| {
                // Seed the fill in the largest connected part of the region.
                let region = random(600);
                let largest = region.components().into_iter().max_by_key(PointSet::len);
                let seed = largest.and_then(|c| c.first()).into_iter().collect();
                (seed, region)
            })
            .collect();
        SetInputs { on_board: size.on_board(), pairs, fills }
    }

    /// The same inputs as [`BitPointSet`]s: the board, the pairs, the fills.
    pub fn to_bitvec(&self) -> BitInputs {
        let twin = |(a, b): &(PointSet, PointSet)| {
            (BitPointSet::from_point_set(a), BitPointSet::from_point_set(b))
        };
        BitInputs {
            on_board: BitPointSet::from_point_set(&self.on_board),
            pairs: self.pairs.iter().map(twin).collect(),
            fills: self.fills.iter().map(twin).collect(),
        }
    }
}

/// [`SetInputs`] as [`BitPointSet`]s.
#[derive(Clone, Debug)]
pub struct BitInputs {
    /// The board.
    pub on_board: BitPointSet,
    /// Pairs of sets.
    pub pairs: Vec<(BitPointSet, BitPointSet)>,
    /// Flood-fill problems (seed, region).
    pub fills: Vec<(BitPointSet, BitPointSet)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_matches_point_set() {
        let inputs = SetInputs::new(40, 1);
        let twins = inputs.to_bitvec();
        let board = &inputs.on_board;
        assert_eq!(twins.on_board.to_point_set(), *board);
        for ((a, b), (ta, tb)) in inputs.pairs.iter().zip(&twins.pairs) {
            assert_eq!(ta.to_point_set(), *a);
            assert_eq!((*ta | *tb).to_point_set(), *a | *b);
            assert_eq!((*ta & *tb).to_point_set(), *a & *b);
            assert_eq!((*ta - *tb).to_point_set(), *a - *b);
            assert_eq!((*ta ^ *tb).to_point_set(), *a ^ *b);
            assert_eq!(ta.len(), a.len());
            assert!(ta.iter().eq(a.iter()));
            assert_eq!(ta.dilate(&twins.on_board).to_point_set(), a.dilate(board));
            assert_eq!(ta.adjacent(&twins.on_board).to_point_set(), a.adjacent(board));
            assert!(a.iter().all(|p| ta.contains(p)));
        }
        for ((s, r), (ts, tr)) in inputs.fills.iter().zip(&twins.fills) {
            let fill = PointSet::flood_fill(s, r);
            assert!(fill.len() > 1, "the fills should spread");
            assert_eq!(BitPointSet::flood_fill(ts, tr).to_point_set(), fill);
        }
        assert!(BitPointSet::EMPTY.is_empty());
    }

    #[test]
    fn dilation_on_every_board_size_matches() {
        for n in [1, 2, 9, 19, 25] {
            let size = BoardSize::square(n).unwrap();
            let all = size.on_board();
            let twin_all = BitPointSet::from_point_set(&all);
            for p in size.points() {
                let one = PointSet::from_iter([p]);
                let twin = BitPointSet::from_point_set(&one);
                assert_eq!(twin.dilate(&twin_all).to_point_set(), one.dilate(&all), "{n} {p}");
            }
        }
    }
}
