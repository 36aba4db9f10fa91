//! A board with a border of one point, as a flat array: the layout of this crate's
//! synchronous neighbour updates (Bouzy's operators, Zobrist's potential), where every
//! point of the board has four neighbours in the array and those off the board stay 0.

use go_board::{BoardSize, PointMap};

/// The layout of a board of some size with a border of one point around it.
pub(crate) struct Padded {
    stride: usize,
    len: usize,
    /// The slot of every point of the board, in the order of `BoardSize::points` (the
    /// order of `PointMap::values`).
    slots: Vec<usize>,
}

impl Padded {
    pub(crate) fn new(size: BoardSize) -> Padded {
        let stride = usize::from(size.cols()) + 2;
        let len = stride * (usize::from(size.rows()) + 2);
        let slots = size
            .points()
            .map(|p| (usize::from(p.row()) + 1) * stride + usize::from(p.col()) + 1)
            .collect();
        Padded { stride, len, slots }
    }

    /// The distance between the slots of vertically adjacent points.
    pub(crate) fn stride(&self) -> usize {
        self.stride
    }

    /// The slots of the points of the board, in the order of `PointMap::values`.
    pub(crate) fn slots(&self) -> &[usize] {
        &self.slots
    }

    /// A zero buffer of the layout's length.
    pub(crate) fn zeros(&self) -> Vec<i32> {
        vec![0; self.len]
    }

    /// Copies `map` into `buf` (the border is left alone).
    pub(crate) fn load(&self, map: &PointMap<i32>, buf: &mut [i32]) {
        for (&slot, &v) in self.slots.iter().zip(map.values()) {
            buf[slot] = v;
        }
    }

    /// Copies the points of `buf` into `map`.
    pub(crate) fn store(&self, buf: &[i32], map: &mut PointMap<i32>) {
        for (&slot, v) in self.slots.iter().zip(map.values_mut()) {
            *v = buf[slot];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_have_four_neighbours_inside_the_buffer() {
        for size in [BoardSize::new(1, 1).unwrap(), BoardSize::new(7, 3).unwrap()] {
            let layout = Padded::new(size);
            let s = layout.stride();
            let mut seen = layout.zeros();
            for &i in layout.slots() {
                for n in [i - 1, i + 1, i - s, i + s] {
                    assert!(n < seen.len());
                }
                seen[i] += 1;
            }
            assert_eq!(seen.iter().sum::<i32>() as usize, size.point_count());
            assert!(seen.iter().all(|&k| k <= 1));
            let map = PointMap::from_fn(size, |p| i32::from(p.col()) * 10 + i32::from(p.row()));
            let mut buf = layout.zeros();
            layout.load(&map, &mut buf);
            let mut back = PointMap::new(size, 0);
            layout.store(&buf, &mut back);
            assert_eq!(back, map);
        }
    }
}
