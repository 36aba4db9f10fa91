//! Dragons: chains of one colour that reading treats as one unit of life and death.
//!
//! A dragon is a [`Group`](crate::groups::Group) built from the *tight* links only:
//! chains joined by a solid [diagonal](LinkKind::Diagonal) or a solid
//! [one-point jump](LinkKind::OnePointJump) (the opponent cannot cut them with one move),
//! as [`Groups::with_links`] joins them. Two further joins follow GNU Go's amalgamation
//! by shared eye space: chains of one colour that border the same small region of empty
//! points (at most [`EYE_REGION_MAX`] points) that no stone of the other colour touches
//! share an eye, so they live or die together and belong to one dragon.
//!
//! Looser links (two-point jumps, knight's moves, edge links) do not join dragons: the
//! opponent can usually cut them with two moves, and the owl reader
//! ([`owl`](super::owl)) reads the dragon's escape instead.
//!
//! # Examples
//!
//! ```
//! use go_board::{Board, Point};
//! use go_eval::reading::dragon::Dragons;
//! let board = Board::from_diagram(
//!     "
//!     . . . . . . .
//!     . X . X . . .
//!     . . X . . . .
//!     . . . . . O .
//!     . X . . . . .
//!     . . . . . . .
//!     . . . . . . .
//!     ",
//! )?;
//! let dragons = Dragons::new(&board);
//! let at = |v| Point::parse_gtp(v, board.size()).unwrap();
//! // The diagonals B6-C5 and C5-D6 are solid: one dragon of three stones.
//! assert!(dragons.same_dragon(at("B6"), at("D6")));
//! assert_eq!(dragons.dragon_at(at("C5")).unwrap().stones.len(), 3);
//! // B3 is two lines away: a dragon of its own.
//! assert!(!dragons.same_dragon(at("B6"), at("B3")));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use go_board::{Board, Color, Point, PointMap, PointSet};

use crate::groups::Groups;
use crate::links::{LinkKind, LinkState, links};

/// The largest empty region whose bordering chains are joined into one dragon (a
/// shared eye).
pub const EYE_REGION_MAX: usize = 8;

/// A dragon: chains of one colour read as one unit.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Dragon {
    /// The colour.
    pub color: Color,
    /// The stones of all its chains.
    pub stones: PointSet,
    /// The number of chains.
    pub chains: usize,
    /// The liberties of its chains.
    pub liberties: PointSet,
}

impl Dragon {
    /// The dragon's first stone in board order (bottom row first): a stable name for it.
    ///
    /// # Panics
    ///
    /// Never for a dragon of [`Dragons`] (a dragon has stones).
    pub fn origin(&self) -> Point {
        self.stones.first().expect("a dragon has stones")
    }
}

/// The dragons of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dragons {
    dragons: Vec<Dragon>,
    index: PointMap<u16>,
}

impl Dragons {
    /// The dragons of `board` (see the [module documentation](self)).
    pub fn new(board: &Board) -> Dragons {
        let tight: Vec<_> = links(board)
            .into_iter()
            .filter(|l| {
                l.state == LinkState::Solid
                    && matches!(l.kind, LinkKind::Diagonal | LinkKind::OnePointJump)
            })
            .collect();
        let groups = Groups::with_links(board, tight, false);
        let size = board.size();
        // Union-find over groups, for the shared eyes.
        let n = groups.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        let index = groups.index_map();
        let group_of =
            |p: Point| -> usize { usize::from(index[p].expect("a stone belongs to a group")) };
        let empty = board.empty_set();
        for region in empty.components() {
            if region.len() > EYE_REGION_MAX {
                continue;
            }
            let border = region.adjacent(&size.on_board());
            for color in Color::ALL {
                if !(border & *board.stones(!color)).is_empty() {
                    continue;
                }
                let own = border & *board.stones(color);
                let mut first: Option<usize> = None;
                for p in own {
                    let g = find(&mut parent, group_of(p));
                    match first {
                        None => first = Some(g),
                        Some(f) if f != g => {
                            let (a, b) = (f.min(g), f.max(g));
                            parent[b] = a;
                            first = Some(a);
                        }
                        Some(_) => {}
                    }
                }
            }
        }
        let mut dragons: Vec<Dragon> = Vec::new();
        let mut slot_of_root = vec![usize::MAX; n];
        for (i, g) in groups.groups().iter().enumerate() {
            let r = find(&mut parent, i);
            if slot_of_root[r] == usize::MAX {
                slot_of_root[r] = dragons.len();
                dragons.push(Dragon {
                    color: g.color,
                    stones: PointSet::EMPTY,
                    chains: 0,
                    liberties: PointSet::EMPTY,
                });
            }
            let d = &mut dragons[slot_of_root[r]];
            d.stones |= g.stones;
            d.chains += g.chains;
            d.liberties |= g.liberties;
        }
        dragons.sort_by_key(Dragon::origin);
        let mut index = PointMap::new(size, u16::MAX);
        for (k, d) in dragons.iter().enumerate() {
            for p in d.stones {
                index[p] = k as u16;
            }
        }
        Dragons { dragons, index }
    }

    /// The dragons, in the order of their origins (bottom row first).
    pub fn dragons(&self) -> &[Dragon] {
        &self.dragons
    }

    /// The number of dragons.
    pub fn len(&self) -> usize {
        self.dragons.len()
    }

    /// Whether there is no dragon (an empty board).
    pub fn is_empty(&self) -> bool {
        self.dragons.is_empty()
    }

    /// The dragon with a stone on `point`, `None` on an empty point or off the board.
    pub fn dragon_at(&self, point: Point) -> Option<&Dragon> {
        match self.index.get(point) {
            None | Some(&u16::MAX) => None,
            Some(&k) => self.dragons.get(usize::from(k)),
        }
    }

    /// Whether stones on `a` and `b` belong to one dragon (false if either is empty).
    pub fn same_dragon(&self, a: Point, b: Point) -> bool {
        match (self.index.get(a), self.index.get(b)) {
            (Some(&x), Some(&y)) => x != u16::MAX && x == y,
            _ => false,
        }
    }
}

/// Board transforms for the invariance tests of the dragon, owl and semeai readers.
#[cfg(test)]
pub(crate) mod testing {
    use go_board::{Board, BoardSize, Move, Symmetry};

    use crate::reading::Answer;

    /// `m` on the board turned by `s` (of a board of `size`).
    pub(crate) fn turned_move(m: Move, s: Symmetry, size: BoardSize) -> Move {
        match m {
            Move::Play(p) => Move::Play(s.apply(p, size)),
            Move::Pass => Move::Pass,
        }
    }

    /// Asserts that `got`, asked on a board of `size` turned by `s`, is `want` turned:
    /// the same outcome and certainty, and `want`'s point turned.
    pub(crate) fn assert_turned(
        got: &Answer,
        want: &Answer,
        s: Symmetry,
        size: BoardSize,
        what: &str,
    ) {
        assert_eq!((got.outcome, got.certain), (want.outcome, want.certain), "{what}");
        assert_eq!(got.point, want.point.map(|m| turned_move(m, s, size)), "{what}");
    }

    /// `board` turned by `s`, with the colours swapped if `swap` (the ko ban is dropped).
    pub(crate) fn transformed(board: &Board, s: Symmetry, swap: bool) -> Board {
        let size = board.size();
        let mut out = Board::new(s.apply_size(size));
        for p in size.points() {
            if let Some(c) = board.color_at(p) {
                let c = if swap { !c } else { c };
                out.set_point(s.apply(p, size), Some(c)).expect("a legal set-up");
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use go_board::Symmetry;

    use super::testing::transformed;
    use super::*;

    fn at(board: &Board, v: &str) -> Point {
        Point::parse_gtp(v, board.size()).unwrap()
    }

    /// The partition into dragons, as sorted lists of stone sets.
    fn partition(board: &Board) -> Vec<Vec<Point>> {
        let mut out: Vec<Vec<Point>> =
            Dragons::new(board).dragons().iter().map(|d| d.stones.iter().collect()).collect();
        out.sort();
        out
    }

    const SHAPES: &str = "
        . . . . . . . . .
        . X . X . . O . .
        . . X . . . O . .
        . . . . . X . . .
        . X . . . . . . .
        . X . O . . X . X
        . . X O . . . X .
        . . . . . . . . .
        . . . . . . . . .
        ";

    #[test]
    fn tight_links_join_and_loose_ones_do_not() {
        let board = Board::from_diagram(SHAPES).unwrap();
        let d = Dragons::new(&board);
        // Solid diagonals.
        assert!(d.same_dragon(at(&board, "B8"), at(&board, "D8")));
        // The chain B5-B4 and the diagonal C3 (White's D3 beside it does not cut it).
        assert!(d.same_dragon(at(&board, "B5"), at(&board, "C3")));
        // G4-H3-J4: two solid diagonals.
        assert!(d.same_dragon(at(&board, "G4"), at(&board, "J4")));
        // F6 has no tight link: a dragon of its own.
        assert_eq!(d.dragon_at(at(&board, "F6")).unwrap().stones.len(), 1);
        assert!(d.dragon_at(at(&board, "A1")).is_none());
        assert!(!d.same_dragon(at(&board, "A1"), at(&board, "A1")));
    }

    #[test]
    fn chains_around_one_eye_are_one_dragon() {
        // The black chains around B2 (an empty point) share an eye; White's A5 stone
        // borders the large region only.
        let board = Board::from_diagram(
            "
            . . . . .
            O . . . .
            X X . . .
            . . X . .
            X . X . .
            ",
        )
        .unwrap();
        let d = Dragons::new(&board);
        // B2 and A2 and B1 are empty, bordered by Black only: A3-B3, C2-C1 and A1 join.
        assert!(d.same_dragon(at(&board, "A3"), at(&board, "C1")));
        assert!(d.same_dragon(at(&board, "A1"), at(&board, "C2")));
        assert!(!d.same_dragon(at(&board, "A3"), at(&board, "A4")));
    }

    #[test]
    fn dragons_follow_the_symmetries_and_colours() {
        let board = Board::from_diagram(SHAPES).unwrap();
        let base = partition(&board);
        for s in Symmetry::ALL {
            let turned = transformed(&board, s, false);
            let mut mapped: Vec<Vec<Point>> = base
                .iter()
                .map(|d| {
                    let mut v: Vec<Point> = d.iter().map(|&p| s.apply(p, board.size())).collect();
                    v.sort();
                    v
                })
                .collect();
            mapped.sort();
            assert_eq!(partition(&turned), mapped, "{s:?}");
        }
        assert_eq!(partition(&transformed(&board, Symmetry::IDENTITY, true)), base);
    }
}
