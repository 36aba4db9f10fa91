//! Connection distances: how many moves the connecting side needs to join a chain to a
//! point, by a shortest-path search over the board.
//!
//! Costs: the connecting side's stones 0 (they are already there), an empty point 1 (a
//! stone must go there), an opponent stone of a chain in atari 1 (it can be captured),
//! an opponent stone of a chain the caller marks as capturable 2 (a chain with two
//! liberties the tactical reader captures: the connection can run through the capture);
//! other opponent stones cannot be crossed. Distances beyond [`MAX_DISTANCE`] are not
//! followed. The moves of both sides come from the points on the shortest joins: the
//! connecting side plays there to connect, its opponent to cut.

use go_board::{Board, Color, Point, PointSet};

/// The largest distance followed; farther points are unreachable.
pub(crate) const MAX_DISTANCE: u8 = 6;

/// Unreachable.
pub(crate) const FAR: u8 = u8::MAX;

/// Distances from a set of sources, one byte per point index.
pub(crate) struct Distances {
    d: Vec<u8>,
    /// Dial's buckets, one per distance, reused from call to call.
    buckets: Vec<Vec<Point>>,
}

impl Distances {
    pub(crate) fn new() -> Distances {
        Distances {
            d: vec![FAR; Point::INDEX_LIMIT],
            buckets: (0..MAX_DISTANCE as usize + 2).map(|_| Vec::with_capacity(64)).collect(),
        }
    }

    /// The distance of `p` (its own cost included), [`FAR`] if unreachable.
    #[inline]
    pub(crate) fn get(&self, p: Point) -> u8 {
        self.d[p.index()]
    }

    /// Computes the distances for `color` from `sources` (points whose cost is paid:
    /// a source costs what it would cost to enter it); the opponent's stones in
    /// `capturable` cost 2.
    pub(crate) fn compute(
        &mut self,
        board: &Board,
        color: Color,
        sources: &PointSet,
        capturable: &PointSet,
    ) {
        self.d.fill(FAR);
        // Dial's algorithm with one bucket per distance.
        let mut buckets = core::mem::take(&mut self.buckets);
        for b in &mut buckets {
            b.clear();
        }
        for p in sources {
            if let Some(c) = cost(board, color, capturable, p)
                && c < self.d[p.index()]
            {
                self.d[p.index()] = c;
                buckets[c as usize].push(p);
            }
        }
        let size = board.size();
        for dist in 0..=MAX_DISTANCE {
            let mut i = 0;
            while i < buckets[dist as usize].len() {
                let p = buckets[dist as usize][i];
                i += 1;
                if self.d[p.index()] != dist {
                    continue;
                }
                for q in p.neighbours(size) {
                    let Some(c) = cost(board, color, capturable, q) else { continue };
                    let nd = dist + c;
                    if nd <= MAX_DISTANCE && nd < self.d[q.index()] {
                        self.d[q.index()] = nd;
                        buckets[nd as usize].push(q);
                    }
                }
            }
        }
        self.buckets = buckets;
    }
}

/// The cost for `color` to have `p`: 0 for its own stone, 1 for an empty point or an
/// opponent stone in atari, 2 for an opponent stone in `capturable`, `None` for other
/// opponent stones.
#[inline]
pub(crate) fn cost(board: &Board, color: Color, capturable: &PointSet, p: Point) -> Option<u8> {
    match board.color_at(p) {
        None => Some(1),
        Some(c) if c == color => Some(0),
        Some(_) if board.liberty_count(p) == 1 => Some(1),
        Some(_) if capturable.contains(p) => Some(2),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_one_point_jump_is_one_move_apart() {
        let board = Board::from_diagram(
            "
            . . . . .
            . . X . .
            . . . . .
            . . X . .
            . . . . .
            ",
        )
        .unwrap();
        let size = board.size();
        let c2 = Point::parse_gtp("C2", size).unwrap();
        let c4 = Point::parse_gtp("C4", size).unwrap();
        let mut d = Distances::new();
        d.compute(&board, Color::Black, &board.chain_stones(c2), &PointSet::new());
        assert_eq!(d.get(c2), 0);
        assert_eq!(d.get(Point::parse_gtp("C3", size).unwrap()), 1);
        // Through the empty C3, and the stone on C4 costs nothing more.
        assert_eq!(d.get(c4), 1);
        assert_eq!(d.get(Point::parse_gtp("E5", size).unwrap()), 4);
    }

    #[test]
    fn issue_11_a_capturable_cutting_chain_can_be_crossed() {
        // A White wall (one chain of five stones) between two Black stones.
        let board = Board::from_diagram(
            "
            . . O . .
            . . O . .
            X . O . X
            . . O . .
            . . O . .
            ",
        )
        .unwrap();
        let size = board.size();
        let at = |v: &str| Point::parse_gtp(v, size).unwrap();
        let (a3, e3) = (at("A3"), at("E3"));
        let mut d = Distances::new();
        d.compute(&board, Color::Black, &board.chain_stones(a3), &PointSet::new());
        assert_eq!(d.get(at("B3")), 1);
        assert_eq!(d.get(at("C3")), FAR);
        assert_eq!(d.get(e3), FAR);
        // When the wall can be captured, crossing it costs 2 (and White, whose chain
        // it is, still crosses it for free).
        let wall = board.chain_stones(at("C3"));
        d.compute(&board, Color::Black, &board.chain_stones(a3), &wall);
        assert_eq!(d.get(at("C3")), 3);
        assert_eq!(d.get(at("D3")), 4);
        assert_eq!(d.get(e3), 4);
        d.compute(&board, Color::White, &wall, &board.chain_stones(a3));
        assert_eq!(d.get(at("C5")), 0);
        assert_eq!(d.get(a3), 3);
    }
}
