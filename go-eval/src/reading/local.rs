//! Small, allocation-free facts about chains that every reader needs: liberty lists,
//! adjacent chains, and fixed-capacity point lists to hold candidate moves.

use go_board::{Board, Color, Point, PointSet};

/// A list of at most `N` points on the stack, in insertion order, without duplicates
/// when filled through [`PointList::push_unique`].
#[derive(Clone, Copy)]
pub(crate) struct PointList<const N: usize> {
    items: [Point; N],
    len: usize,
}

impl<const N: usize> PointList<N> {
    /// An empty list.
    #[inline]
    pub(crate) fn new() -> Self {
        // Any point will do as filler: entries past `len` are never read.
        PointList { items: [FILLER; N], len: 0 }
    }

    /// Appends `p` if there is room; returns whether it was appended.
    #[inline]
    pub(crate) fn push(&mut self, p: Point) -> bool {
        if self.len < N {
            self.items[self.len] = p;
            self.len += 1;
            true
        } else {
            false
        }
    }

    /// Appends `p` unless it is already in the list or the list is full.
    #[inline]
    pub(crate) fn push_unique(&mut self, p: Point) {
        if !self.contains(p) {
            self.push(p);
        }
    }

    /// Whether `p` is in the list.
    #[inline]
    pub(crate) fn contains(&self, p: Point) -> bool {
        self.as_slice().contains(&p)
    }

    /// The number of points.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The points.
    #[inline]
    pub(crate) fn as_slice(&self) -> &[Point] {
        &self.items[..self.len]
    }

    /// The points, mutably (to reorder them).
    #[inline]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [Point] {
        &mut self.items[..self.len]
    }

    /// Removes every point.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }
}

impl<const N: usize> core::fmt::Debug for PointList<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// A valid point used to fill unused list entries.
const FILLER: Point = match Point::from_index(27) {
    Some(p) => p,
    None => panic!("index 27 is A1"),
};

/// The liberties of the chain on `p` (a stone): all of them if there are at most `N`,
/// in board order; found by walking the chain and stopping as soon as the liberty count
/// is reached.
#[inline]
pub(crate) fn liberties_of<const N: usize>(board: &Board, p: Point) -> PointList<N> {
    let total = board.liberty_count(p).min(N);
    let mut out: PointList<N> = PointList::new();
    if total == 0 {
        return out;
    }
    let size = board.size();
    'walk: for s in board.chain_walk(p) {
        for q in s.neighbours(size) {
            if board.is_empty_at(q) && !out.contains(q) {
                out.push(q);
                if out.len() == total {
                    break 'walk;
                }
            }
        }
    }
    out.as_mut_slice().sort_unstable();
    out
}

/// One stone of every chain of `color` next to the chain on `p`, at most `N`, in the
/// order the walk meets them.
#[inline]
pub(crate) fn neighbours_of<const N: usize>(board: &Board, p: Point, color: Color) -> PointList<N> {
    let mut out: PointList<N> = PointList::new();
    let mut ids: PointList<N> = PointList::new();
    let size = board.size();
    for s in board.chain_walk(p) {
        for q in s.neighbours(size) {
            if board.color_at(q) == Some(color) {
                let id = board.chain_id(q).map(|c| c.representative()).expect("a stone");
                if !ids.contains(id) {
                    if !ids.push(id) {
                        return out;
                    }
                    out.push(q);
                }
            }
        }
    }
    out
}

/// One stone of every chain of `color` adjacent to the stones `stones`, in board order
/// of those stones, at most `N`.
#[inline]
pub(crate) fn adjacent_chains<const N: usize>(
    board: &Board,
    stones: &PointSet,
    color: Color,
) -> PointList<N> {
    let touching = stones.adjacent(board.stones(color));
    let mut list: PointList<N> = PointList::new();
    let mut ids: PointList<N> = PointList::new();
    for q in &touching {
        let id = board.chain_id(q).map(|c| c.representative()).expect("a stone");
        if ids.contains(id) {
            continue;
        }
        if !ids.push(id) {
            break;
        }
        list.push(q);
    }
    list
}

/// The empty orthogonal neighbours of `p`.
#[inline]
pub(crate) fn empty_neighbours(board: &Board, p: Point) -> PointList<4> {
    let mut list = PointList::new();
    for q in p.neighbours(board.size()) {
        if board.is_empty_at(q) {
            list.push(q);
        }
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_chains() {
        let board = Board::from_diagram(
            "
            . X O .
            X O O .
            . X X .
            ",
        )
        .unwrap();
        let size = board.size();
        let b2 = Point::parse_gtp("B2", size).unwrap();
        let libs: PointList<8> = liberties_of(&board, b2);
        assert_eq!(libs.len(), 2);
        let around: PointList<8> = adjacent_chains(&board, &board.chain_stones(b2), Color::Black);
        // A2, B3 and the chain B1-C1.
        assert_eq!(around.len(), 3);
        let walked: PointList<8> = neighbours_of(&board, b2, Color::Black);
        assert_eq!(walked.len(), 3);
        let mut list: PointList<2> = PointList::new();
        list.push_unique(b2);
        list.push_unique(b2);
        assert_eq!(list.len(), 1);
        assert!(list.push(b2) && !list.push(b2));
        assert_eq!(empty_neighbours(&board, Point::parse_gtp("D2", size).unwrap()).len(), 2);
    }
}
