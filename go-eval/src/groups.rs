//! Groups (群): chains of one colour joined by links, with the area they enclose.
//!
//! Chains joined by [solid](crate::links::LinkState::Solid) links (and, if asked, by
//! peeped ones) form a group. Its **wall** is its stones plus the points its solid links
//! run over, edge links included (diagonal links add no point: two diagonal stones
//! already close a region for orthogonal steps). Its **area** is the wall plus every region the wall
//! closes off with the edge of the board: a connected set of points outside the wall
//! that lies inside the wall's bounding box (so it borders only the wall and the edge),
//! or, when the wall splits the board, every part but the largest (none of the largest
//! when several are equally large, so that the area does not depend on how the board
//! is turned). Stones of other
//! groups inside that region belong to the area too (invaders); the evaluation decides
//! whether they live.
//!
//! This follows the tutorial's example: three black stones on the upper side, a knight
//! and a two-point jump apart, with their links to the edge, enclose the six columns of
//! the upper side between them.
//!
//! # Examples
//!
//! ```
//! use go_board::{Board, Color};
//! use go_eval::groups::Groups;
//! let board = Board::from_diagram(
//!     "
//!     . . . . . . . . .
//!     . . X . . X . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     ",
//! )?;
//! let groups = Groups::new(&board);
//! assert_eq!(groups.len(), 1);
//! let g = &groups.groups()[0];
//! assert_eq!(g.color, Color::Black);
//! // Two stones, the jump between them, their edge links and the two points they close off.
//! assert_eq!(g.area.len(), 2 + 2 + 2 + 2);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use go_board::{Board, ChainId, Color, Point, PointMap, PointSet};

use crate::links::{Link, LinkEnd, LinkKind, LinkState, links};

/// A group: chains of one colour joined by links.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Group {
    /// The colour.
    pub color: Color,
    /// The stones of all its chains.
    pub stones: PointSet,
    /// The number of chains.
    pub chains: usize,
    /// The indices (into [`Groups::links`]) of the links that join its chains or reach
    /// the edge from them.
    pub links: Vec<usize>,
    /// The stones and the points of its solid links.
    pub wall: PointSet,
    /// The wall and the regions it closes off (see the [module documentation](self)).
    pub area: PointSet,
    /// The liberties of its chains.
    pub liberties: PointSet,
}

/// The groups of a board, with the links they were built from.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Groups {
    groups: Vec<Group>,
    links: Vec<Link>,
    index: PointMap<u16>,
}

impl Groups {
    /// The groups of `board`, chains joined by solid links.
    pub fn new(board: &Board) -> Groups {
        Groups::with_links(board, links(board), false)
    }

    /// The groups of `board` from `links` (as [`links`] finds them); chains are joined
    /// by solid links, and by peeped links too if `join_peeped`.
    pub fn with_links(board: &Board, links: Vec<Link>, join_peeped: bool) -> Groups {
        let size = board.size();
        let chains = board.chains();
        // Union-find over chains, keyed by chain id.
        let ids: Vec<ChainId> = chains.iter().map(|c| c.id).collect();
        let slot = |id: ChainId| ids.iter().position(|&x| x == id).expect("a chain of the board");
        let mut parent: Vec<usize> = (0..chains.len()).collect();
        fn find(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        let joins = |l: &Link| match l.state {
            LinkState::Solid => true,
            LinkState::Peeped => join_peeped,
            LinkState::Cut => false,
        };
        for l in &links {
            if let LinkEnd::Stone(q) = l.to
                && joins(l)
            {
                let a = slot(board.chain_id(l.from).expect("a stone"));
                let b = slot(board.chain_id(q).expect("a stone"));
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                parent[ra.max(rb)] = ra.min(rb);
            }
        }
        let mut roots: Vec<usize> = Vec::new();
        let mut member = vec![0usize; chains.len()];
        for (i, m) in member.iter_mut().enumerate() {
            let r = find(&mut parent, i);
            *m = match roots.iter().position(|&x| x == r) {
                Some(k) => k,
                None => {
                    roots.push(r);
                    roots.len() - 1
                }
            };
        }
        let mut groups: Vec<Group> = roots
            .iter()
            .map(|&r| Group {
                color: chains[r].color,
                stones: PointSet::EMPTY,
                chains: 0,
                links: Vec::new(),
                wall: PointSet::EMPTY,
                area: PointSet::EMPTY,
                liberties: PointSet::EMPTY,
            })
            .collect();
        for (i, chain) in chains.iter().enumerate() {
            let g = &mut groups[member[i]];
            g.stones |= chain.stones;
            g.liberties |= chain.liberties;
            g.chains += 1;
        }
        let mut index = PointMap::new(size, u16::MAX);
        for (k, g) in groups.iter().enumerate() {
            for p in g.stones {
                index[p] = k as u16;
            }
        }
        for (li, l) in links.iter().enumerate() {
            let g = index[l.from] as usize;
            let counts = match l.to {
                LinkEnd::Stone(q) => index[q] as usize == g && joins(l),
                LinkEnd::Edge => l.state != LinkState::Cut,
            };
            if counts {
                groups[g].links.push(li);
                // Diagonal stones already close a region for orthogonal steps.
                if l.state == LinkState::Solid && l.kind != LinkKind::Diagonal {
                    groups[g].wall |= l.between;
                }
            }
        }
        for g in &mut groups {
            g.wall |= g.stones;
            g.area = g.wall | enclosed(&g.wall, size.on_board());
        }
        // The index map: stones first, then areas in group order.
        for (k, g) in groups.iter().enumerate() {
            for p in g.area {
                if index[p] == u16::MAX {
                    index[p] = k as u16;
                }
            }
        }
        Groups { groups, links, index }
    }

    /// The groups, in the order of their first chain (bottom row first).
    pub fn groups(&self) -> &[Group] {
        &self.groups
    }

    /// The number of groups.
    pub fn len(&self) -> usize {
        self.groups.len()
    }

    /// Whether there is no group (an empty board).
    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// All links of the board, cut ones included.
    pub fn links(&self) -> &[Link] {
        &self.links
    }

    /// The group whose stone or area holds `point` (stones first, then areas in group
    /// order); `None` outside every group and off the board.
    pub fn group_at(&self, point: Point) -> Option<&Group> {
        match self.index.get(point) {
            None | Some(&u16::MAX) => None,
            Some(&k) => self.groups.get(usize::from(k)),
        }
    }

    /// The index of the group at each point (see [`Groups::group_at`]), `None` outside
    /// every group.
    pub fn index_map(&self) -> PointMap<Option<u16>> {
        self.index.map(|&k| (k != u16::MAX).then_some(k))
    }
}

/// The regions that `wall` closes off with the edge: components of `board - wall`
/// inside the wall's bounding box, or, when several components leave the box, all of
/// those but the largest.
fn enclosed(wall: &PointSet, board: PointSet) -> PointSet {
    let Some(first) = wall.first() else { return PointSet::EMPTY };
    let (mut c0, mut c1, mut r0, mut r1) = (first.col(), first.col(), first.row(), first.row());
    for p in wall {
        c0 = c0.min(p.col());
        c1 = c1.max(p.col());
        r0 = r0.min(p.row());
        r1 = r1.max(p.row());
    }
    let inside = |p: Point| (c0..=c1).contains(&p.col()) && (r0..=r1).contains(&p.row());
    let mut out = PointSet::EMPTY;
    let mut open: Vec<PointSet> = Vec::new();
    for part in (board - *wall).components() {
        if part.iter().all(inside) {
            out |= part;
        } else {
            open.push(part);
        }
    }
    // Every part but the largest; when several tie for the largest, none of them (so
    // that the answer does not depend on the orientation of the board).
    let largest = open.iter().map(PointSet::len).max().unwrap_or(0);
    for part in open {
        if part.len() < largest {
            out |= part;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tutorial's board (strings-links-groups, "群の識別番号"): the groups in its
    /// upper-left corner and on the upper right, where its diagram and these
    /// definitions agree point for point.
    #[test]
    fn the_tutorials_groups() {
        let board = Board::from_diagram(
            "
            . . . . . . . . . . . . . . . . . . .
            . . . X . . . . . . . . . . . . . . .
            . . O . . X . . X . . . . . . . . . .
            . . . O . . . . . . . . . . . X . . .
            . . . . . . . . . . . . . . . . . . .
            . . . O . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . O . .
            . . X . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . X X . O . .
            . . . O . . . . . X . . . X O O . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            ",
        )
        .unwrap();
        let groups = Groups::new(&board);
        let size = board.size();
        let index = groups.index_map();
        // The tutorial's map, rows 1 to 6 from the top (group 1 black on the upper
        // side, 2 black in the upper right, 3 white on the left side).
        let expected = [
            "+++111111++++++2222",
            "+++111111++++++2222",
            "333+11111++++++2222",
            "3333+++++++++++2222",
            "3333+++++++++++++++",
            "3333+++++++++++++++",
        ];
        let label_of = |p: Point| -> char {
            let Some(k) = index[p] else { return '+' };
            let g = &groups.groups()[usize::from(k)];
            let top = g.stones.iter().map(|s| (size.rows() - s.row(), s.col())).min().unwrap();
            match top {
                (2, 3) => '1',
                (4, 15) => '2',
                (3, 2) => '3',
                _ => '?',
            }
        };
        for (i, row) in expected.iter().enumerate() {
            let got: String = (0..19)
                .map(|c| label_of(Point::must(c, size.rows() - 1 - i as u8, size)))
                .collect();
            assert_eq!(&got, row, "row {} from the top", i + 1);
        }
    }

    #[test]
    fn a_wall_across_the_board_encloses_the_smaller_side() {
        let mut text = String::new();
        for _ in 0..9 {
            text.push_str(". . X . . . . . .\n");
        }
        let board = Board::from_diagram(&text).unwrap();
        let groups = Groups::new(&board);
        assert_eq!(groups.len(), 1);
        assert_eq!(groups.groups()[0].area.len(), 27);
    }

    /// Issue 5 (found by the symmetry property test): a wall that splits the board into
    /// two equal parts used to enclose whichever came second.
    #[test]
    fn issue_5_a_wall_between_equal_halves_encloses_neither() {
        let mut text = String::new();
        for _ in 0..9 {
            text.push_str(". . . . X . . . .\n");
        }
        let board = Board::from_diagram(&text).unwrap();
        let groups = Groups::new(&board);
        assert_eq!(groups.len(), 1);
        assert_eq!(groups.groups()[0].area, groups.groups()[0].stones);
    }

    #[test]
    fn peeped_links_join_only_when_asked() {
        let board = Board::from_diagram(
            "
            . . . . . . .
            . . . O . . .
            . . X . X . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            ",
        )
        .unwrap();
        let black = |g: &Groups| g.groups().iter().filter(|g| g.color == Color::Black).count();
        assert_eq!(black(&Groups::new(&board)), 2);
        assert_eq!(black(&Groups::with_links(&board, links(&board), true)), 1);
    }
}
