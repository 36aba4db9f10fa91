//! Sequences in the frame: every move of a pattern's tree numbered, and the table that
//! re-seeds trees: the position of a corner after each move of each line, hashed, so
//! that a corner reached by another move order (a transposition) or met in the middle
//! of a line (a loaded game) finds its place in the tree.

use std::collections::{BTreeSet, HashMap};

use go_board::{Board, BoardSize, Color, Point, Symmetry};

use crate::compile::Compiled;
use crate::eval::Placement;
use crate::hir::*;

/// A move of a pattern's tree, numbered in preorder.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FrameNode<'a> {
    pub(crate) node: &'a SeqNode,
    pub(crate) depth: usize,
    pub(crate) parent: Option<u32>,
}

/// The moves of a tree in preorder (a node's number is its place in the list).
pub(crate) fn numbered(roots: &[SeqNode]) -> Vec<FrameNode<'_>> {
    fn walk<'a>(
        nodes: &'a [SeqNode],
        depth: usize,
        parent: Option<u32>,
        out: &mut Vec<FrameNode<'a>>,
    ) {
        for n in nodes {
            let id = out.len() as u32;
            out.push(FrameNode { node: n, depth, parent });
            walk(&n.children, depth + 1, Some(id), out);
        }
    }
    let mut out = Vec::new();
    walk(roots, 0, None, &mut out);
    out
}

/// A key for a stone at normalised corner coordinates `(u, v)` of the colour of the
/// tree's first move (`friend`) or the other.
fn region_key((u, v): (i32, i32), friend: bool) -> u64 {
    let mut z = (u as u64) << 32 | (v as u64 & 0xffff) << 1 | u64::from(friend);
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The re-seeding table of a set.
#[derive(Clone, Debug, Default)]
pub(crate) struct Reseed {
    /// Regions in normalised corner coordinates: `(u, v)`, `u` along one edge from the
    /// corner point `(0, 0)`, `v` along the other.
    pub(crate) regions: Vec<Vec<(i32, i32)>>,
    /// By region and hash: the pattern and the frame node after which the corner looks
    /// like that.
    pub(crate) table: HashMap<(u32, u64), Vec<(u32, u32)>>,
}

/// Builds the table: for each corner sequence pattern whose cells fix every point of its
/// tenuki areas, the hash of that region after each move of each line.
pub(crate) fn build_reseed(patterns: &[PatternIr], compiled: &[Compiled]) -> Reseed {
    let mut reseed = Reseed::default();
    let mut region_ids: HashMap<Vec<(i32, i32)>, u32> = HashMap::new();
    let size = BoardSize::square(u32::from(BoardSize::MAX)).expect("the largest board");
    for (i, (p, c)) in patterns.iter().zip(compiled).enumerate() {
        let Some(corner) = p.corner else { continue };
        if !p.is_sequence {
            continue;
        }
        // The region: the cells whose state is fixed.
        let ((x0, y0), (sx, sy)) = corner;
        let exact: BTreeSet<FramePoint> = c
            .cells
            .iter()
            .filter(|(_, m)| matches!(**m, EMPTY | FRIEND | ENEMY))
            .map(|(q, _)| *q)
            .collect();
        let all_areas_fixed = p.tareas.iter().all(|t| t.iter().all(|q| exact.contains(q)));
        if exact.is_empty() || !all_areas_fixed {
            continue;
        }
        let norm = |(x, y): FramePoint| ((x - x0) * sx, (y - y0) * sy);
        let mut region: Vec<(i32, i32)> = exact.iter().map(|&q| norm(q)).collect();
        region.sort_unstable();
        if region.iter().any(|&(u, v)| {
            u < 0 || v < 0 || u >= i32::from(BoardSize::MAX) || v >= i32::from(BoardSize::MAX)
        }) {
            continue;
        }
        let next_id = region_ids.len() as u32;
        let rid = *region_ids.entry(region.clone()).or_insert_with(|| {
            reseed.regions.push(region.clone());
            next_id
        });
        // Replay each line on a board whose corner point is the region's (0, 0), black
        // as the tree's first mover.
        let mut board = Board::new(size);
        let mut legal = true;
        for &q in &exact {
            let (u, v) = norm(q);
            let color = match c.cells[&q] {
                FRIEND => Some(Color::Black),
                ENEMY => Some(Color::White),
                _ => None,
            };
            if color.is_some()
                && board.set_point(Point::must(u as u8, v as u8, size), color).is_err()
            {
                legal = false;
            }
        }
        if !legal {
            // The fixed stones would have no liberty: the pattern never matches anyway.
            continue;
        }
        let nodes = numbered(&p.roots);
        let mut boards: Vec<Option<Board>> = Vec::with_capacity(nodes.len());
        for (id, fnode) in nodes.iter().enumerate() {
            let before = match fnode.parent {
                None => Some(board.clone()),
                Some(parent) => boards[parent as usize].clone(),
            };
            let after = before.and_then(|mut b| {
                let (u, v) = norm(fnode.node.point);
                let color = if fnode.depth % 2 == 0 { Color::Black } else { Color::White };
                let pt = Point::new(u.try_into().ok()?, v.try_into().ok()?, size)?;
                if !b.is_legal(color, pt) {
                    return None;
                }
                b.play(color, pt);
                Some(b)
            });
            if let Some(b) = &after {
                let hash = region.iter().fold(0u64, |h, &(u, v)| {
                    match b.color_at(Point::must(u as u8, v as u8, size)) {
                        None => h,
                        Some(col) => h ^ region_key((u, v), col == Color::Black),
                    }
                });
                reseed.table.entry((rid, hash)).or_default().push((i as u32, id as u32));
            }
            boards.push(after);
        }
    }
    reseed
}

impl Reseed {
    /// The hits for the board's corners: for each region, corner and orientation, the
    /// patterns and frame nodes whose position the corner shows, with the corner
    /// point, the normalised-to-board map, and the colour of the tree's first mover.
    pub(crate) fn hits(&self, board: &Board) -> Vec<ReseedHit> {
        let mut out = Vec::new();
        if self.table.is_empty() {
            return out;
        }
        let size = board.size();
        let (cols, rows) = (i32::from(size.cols()), i32::from(size.rows()));
        for (rid, region) in self.regions.iter().enumerate() {
            for (cx, ix) in [(0, 1), (cols - 1, -1)] {
                for (cy, iy) in [(0, 1), (rows - 1, -1)] {
                    for transposed in [false, true] {
                        let map = |(u, v): (i32, i32)| {
                            if transposed {
                                (cx + ix * v, cy + iy * u)
                            } else {
                                (cx + ix * u, cy + iy * v)
                            }
                        };
                        let mut hashes = [0u64; 2];
                        let mut fits = true;
                        for &q in region {
                            let (x, y) = map(q);
                            if x < 0 || y < 0 || x >= cols || y >= rows {
                                fits = false;
                                break;
                            }
                            if let Some(col) = board.color_at(Point::must(x as u8, y as u8, size)) {
                                hashes[0] ^= region_key(q, col == Color::Black);
                                hashes[1] ^= region_key(q, col == Color::White);
                            }
                        }
                        if !fits {
                            continue;
                        }
                        for (k, friend) in [Color::Black, Color::White].into_iter().enumerate() {
                            if let Some(entries) = self.table.get(&(rid as u32, hashes[k])) {
                                for &(pattern, node) in entries {
                                    out.push(ReseedHit {
                                        pattern,
                                        node,
                                        corner: (cx, cy),
                                        inward: (ix, iy),
                                        transposed,
                                        friend,
                                    });
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }
}

/// A corner found at a node of a line.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ReseedHit {
    pub(crate) pattern: u32,
    pub(crate) node: u32,
    pub(crate) corner: (i32, i32),
    pub(crate) inward: (i32, i32),
    pub(crate) transposed: bool,
    pub(crate) friend: Color,
}

impl ReseedHit {
    /// The placement of the pattern that this hit's orientation gives, if the pattern
    /// tries that symmetry.
    pub(crate) fn placement(&self, p: &PatternIr, group: &[Symmetry]) -> Option<Placement> {
        let ((x0, y0), (sx, sy)) = p.corner?;
        // Normalised axes to board directions.
        let (ix, iy) = self.inward;
        let (du, dv) = if self.transposed { ((0, iy), (ix, 0)) } else { ((ix, 0), (0, iy)) };
        // The frame's x axis is normalised u times sx, its y axis v times sy.
        let want_x = (du.0 * sx, du.1 * sx);
        let want_y = (dv.0 * sy, dv.1 * sy);
        let g = group
            .iter()
            .copied()
            .find(|g| g.apply_offset((1, 0)) == want_x && g.apply_offset((0, 1)) == want_y)?;
        let (gx, gy) = g.apply_offset((x0, y0));
        Some(Placement::new(g, (self.corner.0 - gx, self.corner.1 - gy)))
    }
}
