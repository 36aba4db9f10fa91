//! Kosumi-ren (コスミ連): chains of one colour joined diagonally, with the features a
//! strength model learns from (Abe and Kotani's decision-tree study).
//!
//! Two diagonal stones of one colour share two contact points. When both hold enemy
//! stones the diagonal is cut and the stones belong to different kosumi-ren; when one
//! does, the other contact point is a **cutting point** (断点) and the stones still
//! belong together (their owner connects by playing there). A single stone or a plain
//! chain is a kosumi-ren too.
//!
//! # Examples
//!
//! ```
//! use go_board::{Board, Color};
//! use go_eval::kosumi::kosumi_ren;
//! let board = Board::from_diagram(
//!     "
//!     . . . . .
//!     . X O . .
//!     . . X . .
//!     . . . X .
//!     . . . . .
//!     ",
//! )?;
//! let rens = kosumi_ren(&board, 0);
//! let black: Vec<_> = rens.iter().filter(|r| r.features.color == Color::Black).collect();
//! assert_eq!(black.len(), 1);
//! assert_eq!(black[0].features.size, 3);
//! assert_eq!(black[0].features.cutting_points, 1); // B3, beside White's C4
//! assert_eq!((black[0].features.width, black[0].features.height), (3, 3));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use go_board::{Board, BoardSize, Color, Point, PointSet};

/// A kosumi-ren: its stones, cutting points and features.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KosumiRen {
    /// The stones.
    pub stones: PointSet,
    /// The cutting points: the empty contact points of diagonals whose other contact
    /// point holds an enemy stone.
    pub cutting_points: PointSet,
    /// The features of the seed paper.
    pub features: KosumiFeatures,
}

/// The features of a kosumi-ren, as the seed paper lists them (イ to カ).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KosumiFeatures {
    /// The colour of the stones.
    pub color: Color,
    /// The number of stones.
    pub size: u32,
    /// The number of columns it spans.
    pub width: u32,
    /// The number of rows it spans.
    pub height: u32,
    /// The number of cutting points.
    pub cutting_points: u32,
    /// The number of liberties (empty points next to its stones).
    pub liberties: u32,
    /// Empty points within (Manhattan) distance 2 of its stones.
    pub empty_near: u32,
    /// Stones of its colour in other kosumi-ren within distance 2.
    pub friendly_near: u32,
    /// Enemy stones within distance 2.
    pub enemy_near: u32,
    /// Points off the board within distance 2.
    pub off_board_near: u32,
    /// The highest line (distance from the edge, 1 on the edge) of its stones.
    pub max_height: u32,
    /// The lowest line of its stones.
    pub min_height: u32,
    /// The line of its centre of mass: its distance from the nearest edge, rounded to
    /// the nearest line (a half rounds up), plus 1. Computed on the real centre, so it
    /// is the same under every board symmetry.
    pub centre_height: u32,
    /// The move number of the position (the caller's count of moves played).
    pub move_number: u32,
}

/// The points at Manhattan distance 1 or 2 from `(0, 0)`.
const NEAR: [(i32, i32); 12] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (2, 0),
    (-2, 0),
    (0, 2),
    (0, -2),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The kosumi-ren of both colours on `board`, in the order of their first stones
/// (bottom row first); `move_number` goes into every feature record.
pub fn kosumi_ren(board: &Board, move_number: u32) -> Vec<KosumiRen> {
    let size = board.size();
    let mut out = Vec::new();
    for color in Color::ALL {
        let own = *board.stones(color);
        let enemy = *board.stones(color.opponent());
        let mut left = own;
        while let Some(start) = left.first() {
            // Grow through orthogonal and uncut diagonal steps.
            let mut ren = PointSet::from_iter([start]);
            let mut cutting = PointSet::EMPTY;
            let mut frontier = vec![start];
            while let Some(p) = frontier.pop() {
                let orthogonal = p.neighbours(size).filter(|q| own.contains(*q));
                let diagonal = p.diagonals(size).filter(|&q| {
                    if !own.contains(q) {
                        return false;
                    }
                    let contacts = contacts(p, q, size);
                    let blocked = contacts.iter().filter(|c| enemy.contains(**c)).count();
                    if blocked == 1 {
                        cutting.extend(contacts.into_iter().filter(|&c| board.is_empty_at(c)));
                    }
                    blocked < 2
                });
                for q in orthogonal.chain(diagonal).collect::<Vec<_>>() {
                    if ren.insert(q) {
                        frontier.push(q);
                    }
                }
            }
            left -= ren;
            out.push(KosumiRen {
                features: features(board, color, &ren, &cutting, move_number),
                stones: ren,
                cutting_points: cutting,
            });
        }
    }
    out.sort_by_key(|r| r.stones.first());
    out
}

/// The two points orthogonally adjacent to both `p` and its diagonal neighbour `q`.
fn contacts(p: Point, q: Point, size: BoardSize) -> [Point; 2] {
    [Point::must(q.col(), p.row(), size), Point::must(p.col(), q.row(), size)]
}

fn features(
    board: &Board,
    color: Color,
    stones: &PointSet,
    cutting: &PointSet,
    move_number: u32,
) -> KosumiFeatures {
    let size = board.size();
    let own = *board.stones(color);
    let enemy = *board.stones(color.opponent());
    let on_board = size.on_board();
    let ring = stones.dilate(&on_board).dilate(&on_board) - *stones;
    let mut off = Vec::new();
    let (cols, rows) = (i32::from(size.cols()), i32::from(size.rows()));
    for p in stones {
        for (dx, dy) in NEAR {
            let (c, r) = (i32::from(p.col()) + dx, i32::from(p.row()) + dy);
            if (c < 0 || r < 0 || c >= cols || r >= rows) && !off.contains(&(c, r)) {
                off.push((c, r));
            }
        }
    }
    let cols_of = stones.iter().map(|p| p.col());
    let rows_of = stones.iter().map(|p| p.row());
    let span = |it: &mut dyn Iterator<Item = u8>| {
        let v: Vec<u8> = it.collect();
        u32::from(v.iter().max().copied().unwrap_or(0) - v.iter().min().copied().unwrap_or(0)) + 1
    };
    let lines: Vec<u32> = stones.iter().map(|p| u32::from(p.line(size))).collect();
    // Twice the centre of mass's distance from each edge, in whole units of 1/n.
    let n = stones.len().max(1) as u32;
    let sum_col: u32 = stones.iter().map(|p| u32::from(p.col())).sum();
    let sum_row: u32 = stones.iter().map(|p| u32::from(p.row())).sum();
    let (last_col, last_row) = (u32::from(size.cols()) - 1, u32::from(size.rows()) - 1);
    let nearest = sum_col.min(n * last_col - sum_col).min(sum_row).min(n * last_row - sum_row);
    // round(nearest / n) with halves up, in integers.
    let centre_line = (2 * nearest + n) / (2 * n) + 1;
    KosumiFeatures {
        color,
        size: stones.len() as u32,
        width: span(&mut cols_of.into_iter()),
        height: span(&mut rows_of.into_iter()),
        cutting_points: cutting.len() as u32,
        liberties: stones.adjacent(&board.empty_set()).len() as u32,
        empty_near: (ring & board.empty_set()).len() as u32,
        friendly_near: (ring & own).len() as u32,
        enemy_near: (ring & enemy).len() as u32,
        off_board_near: off.len() as u32,
        max_height: lines.iter().copied().max().unwrap_or(0),
        min_height: lines.iter().copied().min().unwrap_or(0),
        centre_height: centre_line,
        move_number,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seed's figure 3: (a) one kosumi-ren, (b) one with a cutting point, (c) two.
    #[test]
    fn the_three_cases_of_figure_3() {
        let count = |text: &str| {
            let b = Board::from_diagram(text).unwrap();
            let black: Vec<KosumiRen> = kosumi_ren(&b, 0)
                .into_iter()
                .filter(|r| r.features.color == Color::Black)
                .collect();
            (black.len(), black.iter().map(|r| r.features.cutting_points).sum::<u32>())
        };
        assert_eq!(count(". . . .\n. X . .\n. . X .\n. . . ."), (1, 0));
        assert_eq!(count(". . . .\n. X O .\n. . X .\n. . . ."), (1, 1));
        assert_eq!(count(". . . .\n. X O .\n. O X .\n. . . ."), (2, 0));
    }

    #[test]
    fn features_of_a_corner_stone() {
        let b =
            Board::from_diagram(". . . . .\n. . . . .\n. . . . .\n. O . . .\nX . . . .").unwrap();
        let rens = kosumi_ren(&b, 17);
        let black = rens.iter().find(|r| r.features.color == Color::Black).unwrap();
        let f = black.features;
        assert_eq!((f.size, f.width, f.height, f.liberties), (1, 1, 1, 2));
        // Within distance 2 of A1: B1, C1, A2, A3, B2 on the board; B2 holds White.
        assert_eq!((f.empty_near, f.enemy_near, f.friendly_near), (4, 1, 0));
        // Off the board: 12 neighbours at distance <= 2 minus the 5 on the board.
        assert_eq!(f.off_board_near, 7);
        assert_eq!((f.max_height, f.min_height, f.centre_height, f.move_number), (1, 1, 1, 17));
        // White's B2 is diagonal to A1 but of the other colour: its own kosumi-ren.
        assert_eq!(rens.len(), 2);
    }
}
