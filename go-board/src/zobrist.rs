//! Zobrist hashing of board colourings.
//!
//! # Stability
//!
//! The keys are generated at compile time from a fixed seed; the hash of a given
//! position is part of the crate's semver contract, so stored hashes (opening books,
//! transposition tables on disk) stay valid across patch and minor releases.

use crate::{Color, Point, PointSet};

/// SplitMix64, a tiny generator good enough to derive well-mixed keys.
const fn splitmix64(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const fn make_keys() -> [[u64; 2]; Point::INDEX_LIMIT] {
    let mut keys = [[0u64; 2]; Point::INDEX_LIMIT];
    let mut i = 0;
    while i < Point::INDEX_LIMIT {
        keys[i][0] = splitmix64(0x676f_2d62_6f61_7264 ^ (2 * i as u64));
        keys[i][1] = splitmix64(0x676f_2d62_6f61_7264 ^ (2 * i as u64 + 1));
        i += 1;
    }
    keys
}

static KEYS: [[u64; 2]; Point::INDEX_LIMIT] = make_keys();

/// The key XORed into a hash when White is to move (situational hashing).
pub const WHITE_TO_MOVE: u64 = splitmix64(0x7768_6974_6520_746f);

/// The Zobrist key of a stone of `color` on `point`.
#[inline]
pub fn key(point: Point, color: Color) -> u64 {
    KEYS[point.index()][color.index()]
}

/// The hash of a colouring, computed from scratch: the XOR of the keys of all stones.
/// [`Board::hash`](crate::Board::hash) maintains the same value incrementally.
///
/// # Examples
///
/// ```
/// use go_board::{zobrist, Board, BoardSize, Color, Point, PointSet};
/// let size = BoardSize::square(9)?;
/// let mut board = Board::new(size);
/// let e5 = Point::must(4, 4, size);
/// board.play(Color::Black, e5);
/// let black = PointSet::from_iter([e5]);
/// assert_eq!(board.hash(), zobrist::hash_of(&black, &PointSet::EMPTY));
/// # Ok::<_, go_board::SizeError>(())
/// ```
pub fn hash_of(black: &PointSet, white: &PointSet) -> u64 {
    let mut h = 0;
    for p in black {
        h ^= key(p, Color::Black);
    }
    for p in white {
        h ^= key(p, Color::White);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = KEYS.iter().flatten().copied().collect();
        all.push(WHITE_TO_MOVE);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
