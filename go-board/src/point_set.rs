//! Sets of points as bitboards.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Sub, SubAssign};

use crate::point::STRIDE;
use crate::{BoardSize, Point};

const WORDS: usize = Point::INDEX_LIMIT.div_ceil(64);

/// A set of points: a bitboard of fixed size covering every board up to 25×25.
///
/// Bit `i` stands for the point with [`Point::index`] `i`, so set operations are a few
/// word operations, and neighbour dilation is a handful of shifts. Other crates use it
/// for regions, influence, patterns and territory.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Point, PointSet};
/// let size = BoardSize::square(9)?;
/// let e5 = Point::parse_gtp("E5", size)?;
/// let centre = PointSet::from_iter([e5]);
/// // E5 and its four neighbours.
/// let plus = centre.dilate(&size.on_board());
/// assert_eq!(plus.len(), 5);
/// assert!(plus.contains(Point::parse_gtp("E6", size)?));
/// // Flood fill the whole board from one corner.
/// let all = PointSet::flood_fill(&PointSet::from_iter([Point::must(0, 0, size)]), &size.on_board());
/// assert_eq!(all.len(), 81);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Eq, Default)]
pub struct PointSet {
    words: [u64; WORDS],
}

/// Equality folds the words with `|` of `^` instead of the derived slice comparison,
/// which calls `memcmp` for the eleven words: flood fills compare sets every step, and
/// the call cost a quarter of the life-and-death solver's time.
impl PartialEq for PointSet {
    #[inline]
    fn eq(&self, other: &PointSet) -> bool {
        self.words.iter().zip(&other.words).fold(0, |acc, (a, b)| acc | (a ^ b)) == 0
    }
}

impl core::hash::Hash for PointSet {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.words.hash(state);
    }
}

impl PointSet {
    /// The empty set.
    pub const EMPTY: PointSet = PointSet { words: [0; WORDS] };

    /// The empty set.
    #[inline]
    pub const fn new() -> PointSet {
        PointSet::EMPTY
    }

    /// All points of a board of `size`.
    pub(crate) fn board_mask(size: BoardSize) -> PointSet {
        let mut set = PointSet::EMPTY;
        let row_bits = (1u64 << size.cols()) - 1;
        for row in 0..size.rows() {
            let first = Point::must(0, row, size).index();
            let (word, bit) = (first / 64, first % 64);
            set.words[word] |= row_bits << bit;
            if bit + size.cols() as usize > 64 {
                set.words[word + 1] |= row_bits >> (64 - bit);
            }
        }
        set
    }

    /// Adds `point`; returns whether it was absent.
    #[inline]
    pub fn insert(&mut self, point: Point) -> bool {
        let (w, b) = (point.index() / 64, point.index() % 64);
        let absent = self.words[w] & (1 << b) == 0;
        self.words[w] |= 1 << b;
        absent
    }

    /// Removes `point`; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, point: Point) -> bool {
        let (w, b) = (point.index() / 64, point.index() % 64);
        let present = self.words[w] & (1 << b) != 0;
        self.words[w] &= !(1 << b);
        present
    }

    /// Whether `point` is in the set.
    #[inline]
    pub fn contains(&self, point: Point) -> bool {
        self.words[point.index() / 64] & (1 << (point.index() % 64)) != 0
    }

    /// The number of points in the set.
    #[inline]
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.words.iter().fold(0, |acc, &w| acc | w) == 0
    }

    /// Removes every point.
    pub fn clear(&mut self) {
        *self = PointSet::EMPTY;
    }

    /// Whether every point of `self` is in `other`.
    pub fn is_subset(&self, other: &PointSet) -> bool {
        self.words.iter().zip(&other.words).fold(0, |acc, (a, b)| acc | (a & !b)) == 0
    }

    /// Whether `self` and `other` have no point in common.
    pub fn is_disjoint(&self, other: &PointSet) -> bool {
        self.words.iter().zip(&other.words).fold(0, |acc, (a, b)| acc | (a & b)) == 0
    }

    /// The point with the smallest index (bottom row first, then left to right).
    pub fn first(&self) -> Option<Point> {
        self.words
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| Point::from_index_unchecked(i * 64 + w.trailing_zeros() as usize))
    }

    /// Iterates over the points, bottom row first, each row from left to right.
    pub fn iter(&self) -> Iter {
        Iter { words: self.words, word: 0 }
    }

    /// The set shifted by `k` indices towards higher indices.
    #[inline]
    fn shl(&self, k: u32) -> PointSet {
        let mut out = [0u64; WORDS];
        out[0] = self.words[0] << k;
        for (i, o) in out.iter_mut().enumerate().skip(1) {
            *o = (self.words[i] << k) | (self.words[i - 1] >> (64 - k));
        }
        PointSet { words: out }
    }

    /// The set shifted by `k` indices towards lower indices.
    #[inline]
    fn shr(&self, k: u32) -> PointSet {
        let mut out = [0u64; WORDS];
        for (i, o) in out.iter_mut().enumerate().take(WORDS - 1) {
            *o = (self.words[i] >> k) | (self.words[i + 1] << (64 - k));
        }
        out[WORDS - 1] = self.words[WORDS - 1] >> k;
        PointSet { words: out }
    }

    /// The points orthogonally adjacent to some point of the set, possibly including
    /// members of the set and off-board indices.
    #[inline]
    fn spread(&self) -> PointSet {
        let s = STRIDE as u32;
        self.shl(1) | self.shr(1) | self.shl(s) | self.shr(s)
    }

    /// The set grown by one step: its points and their orthogonal neighbours, kept
    /// within `within` (typically [`BoardSize::on_board`] or a region).
    #[inline]
    pub fn dilate(&self, within: &PointSet) -> PointSet {
        (*self | self.spread()) & *within
    }

    /// The points of `within` that are orthogonally adjacent to the set but not in it,
    /// e.g. the liberties of a chain with `within` the empty points.
    #[inline]
    pub fn adjacent(&self, within: &PointSet) -> PointSet {
        (self.spread() & *within) - *self
    }

    /// The points of `within` connected to `seed` by orthogonal steps inside
    /// `within`; points of `seed` outside `within` are dropped.
    pub fn flood_fill(seed: &PointSet, within: &PointSet) -> PointSet {
        // Only the words `within` touches, each grown in place from its own bits and
        // its neighbours' (the lower one already grown in this sweep): a local region
        // costs a few words a sweep, not the whole set.
        let m = &within.words;
        let mut f = (*seed & *within).words;
        let Some(lo) = m.iter().position(|&w| w != 0) else {
            return PointSet::EMPTY;
        };
        let hi = m.iter().rposition(|&w| w != 0).unwrap_or(lo);
        let s = STRIDE as u32;
        loop {
            let mut changed = 0;
            for i in lo..=hi {
                let below = if i > 0 { f[i - 1] } else { 0 };
                let above = if i + 1 < WORDS { f[i + 1] } else { 0 };
                let w = f[i];
                // The runs of `within` upwards from each point, at once: adding the
                // mask carries through the run above a point of `w` (w ⊆ m).
                let runs = (w.wrapping_add(m[i]) ^ m[i]) | w;
                let grown = (runs
                    | w >> 1
                    | w << s
                    | w >> s
                    | below >> 63
                    | below >> (64 - s)
                    | above << 63
                    | above << (64 - s))
                    & m[i];
                changed |= grown ^ w;
                f[i] = grown;
            }
            if changed == 0 {
                return PointSet { words: f };
            }
        }
    }

    /// Splits the set into its orthogonally connected components, in the order of their
    /// first points.
    pub fn components(&self) -> Vec<PointSet> {
        let mut rest = *self;
        let mut parts = Vec::new();
        while let Some(p) = rest.first() {
            let part = PointSet::flood_fill(&PointSet::from_iter([p]), &rest);
            rest -= part;
            parts.push(part);
        }
        parts
    }
}

macro_rules! set_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign:ident, |$a:ident, $b:ident| $e:expr) => {
        impl $trait for PointSet {
            type Output = PointSet;
            #[inline]
            fn $method(mut self, rhs: PointSet) -> PointSet {
                self.$assign(rhs);
                self
            }
        }
        impl $assign_trait for PointSet {
            #[inline]
            fn $assign(&mut self, rhs: PointSet) {
                for ($a, $b) in self.words.iter_mut().zip(rhs.words) {
                    *$a = $e;
                }
            }
        }
    };
}

set_op!(BitOr, bitor, BitOrAssign, bitor_assign, |a, b| *a | b);
set_op!(BitAnd, bitand, BitAndAssign, bitand_assign, |a, b| *a & b);
set_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, |a, b| *a ^ b);
set_op!(Sub, sub, SubAssign, sub_assign, |a, b| *a & !b);

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> PointSet {
        let mut set = PointSet::EMPTY;
        set.extend(iter);
        set
    }
}

impl Extend<Point> for PointSet {
    fn extend<I: IntoIterator<Item = Point>>(&mut self, iter: I) {
        for p in iter {
            self.insert(p);
        }
    }
}

impl IntoIterator for &PointSet {
    type Item = Point;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl IntoIterator for PointSet {
    type Item = Point;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl fmt::Debug for PointSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The iterator over a [`PointSet`], from [`PointSet::iter`].
#[derive(Clone, Debug)]
pub struct Iter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for Iter {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.word < WORDS {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(Point::from_index_unchecked(
                    self.word * 64 + w.trailing_zeros() as usize,
                ));
            }
            self.word += 1;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.words[self.word.min(WORDS)..].iter().map(|w| w.count_ones() as usize).sum();
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

#[cfg(feature = "serde")]
impl serde::Serialize for PointSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for PointSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PointSet, D::Error> {
        Ok(Vec::<Point>::deserialize(d)?.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive_dilate(set: &PointSet, size: BoardSize) -> PointSet {
        let mut out = *set;
        for p in set {
            out.extend(p.neighbours(size));
        }
        out
    }

    #[test]
    fn board_mask_has_exactly_the_board_points() {
        for cols in 1..=25 {
            for rows in [1, 2, 7, 19, 25] {
                let size = BoardSize::new(cols, rows).unwrap();
                let mask = size.on_board();
                assert_eq!(mask.len(), size.point_count());
                assert!(size.points().all(|p| mask.contains(p)));
            }
        }
    }

    #[test]
    fn dilation_matches_a_naive_neighbour_walk() {
        for n in [1, 2, 5, 9, 19, 25] {
            let size = BoardSize::square(n).unwrap();
            let all = size.on_board();
            let mut seed = 0x9e37_79b9_7f4a_7c15u64;
            for _ in 0..50 {
                let set: PointSet = size
                    .points()
                    .filter(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        seed.is_multiple_of(7)
                    })
                    .collect();
                assert_eq!(set.dilate(&all), naive_dilate(&set, size));
                assert_eq!(set.adjacent(&all), naive_dilate(&set, size) - set);
            }
        }
    }

    /// The component of `seed` in `within` by a breadth-first walk over neighbours.
    fn naive_fill(seed: &PointSet, within: &PointSet, size: BoardSize) -> PointSet {
        let mut filled = *seed & *within;
        let mut queue: Vec<Point> = filled.iter().collect();
        while let Some(p) = queue.pop() {
            for q in p.neighbours(size) {
                if within.contains(q) && !filled.contains(q) {
                    filled.insert(q);
                    queue.push(q);
                }
            }
        }
        filled
    }

    #[test]
    fn flood_fill_matches_a_breadth_first_walk() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut filled_points = 0;
        for n in [1, 2, 3, 5, 9, 13, 19, 25] {
            let size = BoardSize::square(n).unwrap();
            // Dense sets make long snakes across rows and words; sparse ones, islands.
            for density in [2, 3, 5, 8] {
                for _ in 0..40 {
                    let within: PointSet =
                        size.points().filter(|_| !next().is_multiple_of(density)).collect();
                    let seeds: PointSet =
                        size.points().filter(|_| next().is_multiple_of(40)).collect();
                    let fill = PointSet::flood_fill(&seeds, &within);
                    assert_eq!(fill, naive_fill(&seeds, &within, size), "{n}x{n}, 1/{density}");
                    filled_points += fill.len();
                }
            }
        }
        assert!(filled_points > 50_000, "the cases fill too little: {filled_points}");
        let size = BoardSize::square(19).unwrap();
        assert_eq!(PointSet::flood_fill(&size.on_board(), &PointSet::EMPTY), PointSet::EMPTY);
        // The worst case for sweeps: a one-point-wide path zigzagging across every row.
        let path: PointSet = size
            .points()
            .filter(|p| {
                p.row() % 2 == 0
                    || (p.row() % 4 == 1 && p.col() == 18)
                    || (p.row() % 4 == 3 && p.col() == 0)
            })
            .collect();
        let start = PointSet::from_iter([Point::must(18, 18, size)]);
        assert_eq!(PointSet::flood_fill(&start, &path), path);
    }

    #[test]
    fn equality_and_emptiness_look_at_every_word() {
        let size = BoardSize::square(25).unwrap();
        for p in size.points() {
            let one = PointSet::from_iter([p]);
            assert_ne!(one, PointSet::EMPTY, "{p:?}");
            assert!(!one.is_empty());
            assert!(!one.is_subset(&PointSet::EMPTY));
            assert!(!one.is_disjoint(&one));
            assert!(one.is_subset(&one) && one.is_disjoint(&PointSet::EMPTY));
        }
    }

    #[test]
    fn iteration_is_in_index_order_and_counts_match() {
        let size = BoardSize::square(25).unwrap();
        let set: PointSet = size.points().filter(|p| (p.col() + p.row()) % 3 == 0).collect();
        let points: Vec<Point> = set.iter().collect();
        assert_eq!(points.len(), set.len());
        assert!(points.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(set.iter().len(), set.len());
    }

    #[test]
    fn components_split_a_checkerboard_into_single_points() {
        let size = BoardSize::square(4).unwrap();
        let set: PointSet = size.points().filter(|p| (p.col() + p.row()) % 2 == 0).collect();
        assert_eq!(set.components().len(), 8);
        assert!(set.components().iter().all(|c| c.len() == 1));
    }

    #[test]
    fn set_algebra() {
        let size = BoardSize::square(9).unwrap();
        let a: PointSet = size.points().filter(|p| p.col() < 5).collect();
        let b: PointSet = size.points().filter(|p| p.row() < 5).collect();
        assert_eq!((a & b).len(), 25);
        assert_eq!((a | b).len(), 81 - 16);
        assert_eq!((a - b).len(), 20);
        assert_eq!((a ^ b).len(), 40);
        assert!((a & b).is_subset(&a));
        assert!((a - b).is_disjoint(&b));
        let mut c = a;
        assert!(!c.insert(Point::must(0, 0, size)));
        assert!(c.remove(Point::must(0, 0, size)));
        assert!(!c.contains(Point::must(0, 0, size)));
        assert_eq!(a.first(), Some(Point::must(0, 0, size)));
        assert_eq!(PointSet::EMPTY.first(), None);
    }
}
