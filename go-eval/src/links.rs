//! Links (結線): the virtual connections between stones of one colour that are not in
//! the same chain, and between stones and the edge.
//!
//! Each link runs over some empty points (`between`) and is
//! [`Solid`](LinkState::Solid), [`Peeped`](LinkState::Peeped) (the opponent can cut it
//! with one move) or [`Cut`](LinkState::Cut) (the opponent already separates the two
//! stones), following the tutorial's examples: a plain one-point jump is a link, the
//! same jump with an opponent stone beside the gap is peeped, and with an opponent stone
//! in the gap it is cut. The shapes, from a stone at `(0, 0)` (up to the 8 symmetries):
//!
//! | kind | other stone | between | peeped when an opponent stone is on | cut when |
//! |---|---|---|---|---|
//! | [`Diagonal`](LinkKind::Diagonal) | (1, 1) | (1, 0), (0, 1) | one of the between points | both between points hold opponent stones |
//! | [`OnePointJump`](LinkKind::OnePointJump) | (2, 0) | (1, 0) | (1, ±1) | the gap holds one |
//! | [`TwoPointJump`](LinkKind::TwoPointJump) | (3, 0) | (1, 0), (2, 0) | (1, ±1), (2, ±1) | either gap point holds one |
//! | [`Knight`](LinkKind::Knight) | (2, 1) | (1, 0), (1, 1) | one between point, or a corner (0, 1), (2, 0) | both between points hold one |
//! | [`LargeKnight`](LinkKind::LargeKnight) | (3, 1) | (1, 0), (2, 0), (1, 1), (2, 1) | one row of the between points, or a corner (0, 1), (3, 0) | both rows hold one |
//! | [`Edge`](LinkKind::Edge) (line 2 to 4) | the nearest edge | the points down to the edge | a point beside them | one of them holds one |
//!
//! A shape is not a link when one of its between or corner points holds a stone of the
//! same colour (a shorter link or the chain itself connects), or when both stones are
//! in one chain. A stone links to the edge only on the edges nearest to it.
//!
//! # Examples
//!
//! ```
//! use go_board::Board;
//! use go_eval::links::{links, LinkKind, LinkState};
//! let board = Board::from_diagram(
//!     "
//!     . . . . . . .
//!     . . . O . . .
//!     . . X . X . .
//!     . . . . . . .
//!     . . . . . . .
//!     . . . . . . .
//!     . . . . . . .
//!     ",
//! )?;
//! let found = links(&board);
//! let jump = found.iter().find(|l| l.kind == LinkKind::OnePointJump).unwrap();
//! assert_eq!(jump.state, LinkState::Peeped);
//! assert_eq!(jump.between.iter().map(|p| p.to_string()).collect::<Vec<_>>(), ["D5"]);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use go_board::{Board, Color, Point, PointSet, Symmetry};

/// The shape of a [`Link`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LinkKind {
    /// Kosumi: diagonally adjacent stones.
    Diagonal,
    /// Ikken tobi: two stones with one empty point between them on a line.
    OnePointJump,
    /// Niken tobi: two empty points between them on a line.
    TwoPointJump,
    /// Keima: a knight's move apart.
    Knight,
    /// Ogeima: a large knight's move (three and one) apart.
    LargeKnight,
    /// A stone on the 2nd, 3rd or 4th line and the nearest edge: `line` is the stone's
    /// line (2 to 4).
    Edge {
        /// The stone's line, counted from 1 on the edge.
        line: u8,
    },
}

impl LinkKind {
    /// A short English name (`diagonal`, `one-point jump`, ..., `edge (3rd line)`).
    pub fn name(self) -> String {
        match self {
            LinkKind::Diagonal => "diagonal".into(),
            LinkKind::OnePointJump => "one-point jump".into(),
            LinkKind::TwoPointJump => "two-point jump".into(),
            LinkKind::Knight => "knight".into(),
            LinkKind::LargeKnight => "large knight".into(),
            LinkKind::Edge { line } => {
                let suffix = match line {
                    2 => "nd",
                    3 => "rd",
                    _ => "th",
                };
                format!("edge ({line}{suffix} line)")
            }
        }
    }
}

impl fmt::Display for LinkKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// How safe a [`Link`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LinkState {
    /// The opponent cannot cut it with one move.
    Solid,
    /// Peeped: the opponent can cut it with one move.
    Peeped,
    /// The opponent already separates the stones (or the stone from the edge).
    Cut,
}

impl fmt::Display for LinkState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LinkState::Solid => "solid",
            LinkState::Peeped => "peeped",
            LinkState::Cut => "cut",
        })
    }
}

/// The far end of a [`Link`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LinkEnd {
    /// Another stone of the same colour, in another chain.
    Stone(Point),
    /// The edge of the board.
    Edge,
}

/// A link between a stone and another stone of the same colour, or the edge.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Link {
    /// The shape.
    pub kind: LinkKind,
    /// The colour of the stones.
    pub color: Color,
    /// One stone.
    pub from: Point,
    /// The other stone, or the edge.
    pub to: LinkEnd,
    /// The points the link runs over (for a cut link, some of them hold opponent
    /// stones).
    pub between: PointSet,
    /// Solid, peeped or cut.
    pub state: LinkState,
}

impl Link {
    /// The stones the link joins (one for an edge link).
    pub fn stones(&self) -> PointSet {
        let mut set = PointSet::from_iter([self.from]);
        if let LinkEnd::Stone(p) = self.to {
            set.insert(p);
        }
        set
    }
}

impl fmt::Display for Link {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to {
            LinkEnd::Stone(p) => write!(f, "{} {}-{} {}", self.kind, self.from, p, self.state),
            LinkEnd::Edge => write!(f, "{} {} {}", self.kind, self.from, self.state),
        }
    }
}

/// A stone-to-stone shape in canonical orientation, from `(0, 0)` to `to`.
struct Shape {
    kind: LinkKind,
    to: (i32, i32),
    between: &'static [(i32, i32)],
    /// Peep points off the between points (for jumps: beside the gap; for knights: the
    /// corners of the rectangle).
    peeps: &'static [(i32, i32)],
}

const SHAPES: [Shape; 5] = [
    Shape { kind: LinkKind::Diagonal, to: (1, 1), between: &[(1, 0), (0, 1)], peeps: &[] },
    Shape {
        kind: LinkKind::OnePointJump,
        to: (2, 0),
        between: &[(1, 0)],
        peeps: &[(1, 1), (1, -1)],
    },
    Shape {
        kind: LinkKind::TwoPointJump,
        to: (3, 0),
        between: &[(1, 0), (2, 0)],
        peeps: &[(1, 1), (1, -1), (2, 1), (2, -1)],
    },
    Shape {
        kind: LinkKind::Knight,
        to: (2, 1),
        between: &[(1, 0), (1, 1)],
        peeps: &[(0, 1), (2, 0)],
    },
    Shape {
        kind: LinkKind::LargeKnight,
        to: (3, 1),
        between: &[(1, 0), (2, 0), (1, 1), (2, 1)],
        peeps: &[(0, 1), (3, 0)],
    },
];

/// Every link of every colour on `board` (solid, peeped and cut), each pair of stones
/// once, in the order of the board's points.
pub fn links(board: &Board) -> Vec<Link> {
    let size = board.size();
    let mut out = Vec::new();
    // Each stone-to-stone shape once per pair: only the orientations that point "up"
    // (dy > 0, or dy == 0 and dx > 0).
    let mut oriented: Vec<(&Shape, Symmetry)> = Vec::new();
    for shape in &SHAPES {
        let mut seen = Vec::new();
        for s in Symmetry::ALL {
            let (dx, dy) = s.apply_offset(shape.to);
            if (dy > 0 || (dy == 0 && dx > 0)) && !seen.contains(&(dx, dy)) {
                seen.push((dx, dy));
                oriented.push((shape, s));
            }
        }
    }
    for color in Color::ALL {
        let own = *board.stones(color);
        let other = *board.stones(color.opponent());
        for p in own {
            for &(shape, s) in &oriented {
                // The shape's offsets, turned by `s`, from `p`.
                let at = |&o: &(i32, i32)| {
                    let (dx, dy) = s.apply_offset(o);
                    p.offset(dx, dy, size)
                };
                let Some(q) = at(&shape.to) else { continue };
                if !own.contains(q) || board.chain_id(p) == board.chain_id(q) {
                    continue;
                }
                let between: Vec<Option<Point>> = shape.between.iter().map(at).collect();
                let peeps: Vec<Option<Point>> = shape.peeps.iter().map(at).collect();
                let holds = |x: &Option<Point>, set: &PointSet| x.is_some_and(|x| set.contains(x));
                // Both ends are on the board, so every between point is too.
                let corners_own =
                    shape.kind == LinkKind::Knight || shape.kind == LinkKind::LargeKnight;
                if between.iter().any(|b| holds(b, &own))
                    || (corners_own && peeps.iter().any(|c| holds(c, &own)))
                {
                    continue;
                }
                let enemy: Vec<bool> = between.iter().map(|b| holds(b, &other)).collect();
                let peeped_outside = peeps.iter().any(|x| holds(x, &other));
                let state = match shape.kind {
                    LinkKind::Diagonal | LinkKind::Knight => {
                        match enemy.iter().filter(|&&e| e).count() {
                            0 if peeped_outside => LinkState::Peeped,
                            0 => LinkState::Solid,
                            1 => LinkState::Peeped,
                            _ => LinkState::Cut,
                        }
                    }
                    LinkKind::LargeKnight => match (enemy[0] || enemy[1], enemy[2] || enemy[3]) {
                        (true, true) => LinkState::Cut,
                        (true, false) | (false, true) => LinkState::Peeped,
                        _ if peeped_outside => LinkState::Peeped,
                        _ => LinkState::Solid,
                    },
                    _ if enemy.iter().any(|&e| e) => LinkState::Cut,
                    _ if peeped_outside => LinkState::Peeped,
                    _ => LinkState::Solid,
                };
                out.push(Link {
                    kind: shape.kind,
                    color,
                    from: p,
                    to: LinkEnd::Stone(q),
                    between: between.into_iter().flatten().collect(),
                    state,
                });
            }
            out.extend(edge_links(board, p, color));
        }
    }
    out
}

/// The links of the stone `p` (of `color`) to its nearest edges, if it is on the 2nd
/// to 4th line.
fn edge_links(board: &Board, p: Point, color: Color) -> Vec<Link> {
    let size = board.size();
    let line = p.line(size);
    if !(2..=4).contains(&line) {
        return Vec::new();
    }
    let own = *board.stones(color);
    let other = *board.stones(color.opponent());
    let (c, r) = (i32::from(p.col()), i32::from(p.row()));
    let (cols, rows) = (i32::from(size.cols()), i32::from(size.rows()));
    let distances = [(c, (-1, 0)), (cols - 1 - c, (1, 0)), (r, (0, -1)), (rows - 1 - r, (0, 1))];
    let mut out = Vec::new();
    for (d, (dx, dy)) in distances {
        if d + 1 != i32::from(line) {
            continue;
        }
        let between: PointSet = (1..=d).filter_map(|k| p.offset(k * dx, k * dy, size)).collect();
        if !between.is_disjoint(&own) {
            continue;
        }
        let beside: PointSet = between
            .iter()
            .flat_map(|b| [b.offset(dy, dx, size), b.offset(-dy, -dx, size)])
            .flatten()
            .collect();
        let state = if !between.is_disjoint(&other) {
            LinkState::Cut
        } else if !beside.is_disjoint(&other) {
            LinkState::Peeped
        } else {
            LinkState::Solid
        };
        out.push(Link {
            kind: LinkKind::Edge { line },
            color,
            from: p,
            to: LinkEnd::Edge,
            between,
            state,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        Board::from_diagram(text).unwrap()
    }

    fn stone_links(b: &Board) -> Vec<(LinkKind, LinkState)> {
        let mut v: Vec<_> = links(b)
            .into_iter()
            .filter(|l| l.to != LinkEnd::Edge)
            .map(|l| (l.kind, l.state))
            .collect();
        v.sort();
        v
    }

    /// The tutorial's three one-point jumps: a link, a peeped link, a cut.
    #[test]
    fn the_tutorials_one_point_jumps() {
        let plain = board(
            "
            . . . . . . .
            . . . . . . .
            . . X . X . .
            . . . . . . .
            . . . . . . .
            ",
        );
        assert_eq!(stone_links(&plain), [(LinkKind::OnePointJump, LinkState::Solid)]);
        let peeped = board(
            "
            . . . . . . .
            . . . O . . .
            . . X . X . .
            . . . . . . .
            . . . . . . .
            ",
        );
        assert_eq!(stone_links(&peeped), [(LinkKind::OnePointJump, LinkState::Peeped)]);
        let cut = board(
            "
            . . . . . . .
            . . . O . . .
            . . X O X . .
            . . . O . . .
            . . . . . . .
            ",
        );
        assert_eq!(stone_links(&cut), [(LinkKind::OnePointJump, LinkState::Cut)]);
    }

    #[test]
    fn every_shape_in_every_orientation() {
        let cases: [(&str, LinkKind); 5] = [
            ("X.\n.X", LinkKind::Diagonal),
            ("X.X", LinkKind::OnePointJump),
            ("X..X", LinkKind::TwoPointJump),
            ("X..\n..X", LinkKind::Knight),
            ("X...\n...X", LinkKind::LargeKnight),
        ];
        for (shape, kind) in cases {
            // Centre the shape on a 9x9 board.
            let lines: Vec<&str> = shape.lines().collect();
            let mut rows = vec![".........".to_owned(); 9];
            for (i, l) in lines.iter().enumerate() {
                let mut row: Vec<char> = rows[3 + i].chars().collect();
                for (j, ch) in l.chars().enumerate() {
                    row[3 + j] = ch;
                }
                rows[3 + i] = row.into_iter().collect();
            }
            let b = board(&rows.join("\n"));
            let size = b.size();
            for s in Symmetry::ALL {
                let mut t = Board::new(size);
                for p in *b.stones(Color::Black) {
                    t.set_point(s.apply(p, size), Some(Color::Black)).unwrap();
                }
                assert_eq!(stone_links(&t), [(kind, LinkState::Solid)], "{kind:?} {s:?}");
            }
        }
    }

    #[test]
    fn diagonal_and_knight_cuts() {
        let diagonal = |text| stone_links(&board(text))[0].1;
        assert_eq!(diagonal(". . . .\n. X O .\n. O X .\n. . . ."), LinkState::Cut);
        assert_eq!(diagonal(". . . .\n. X O .\n. . X .\n. . . ."), LinkState::Peeped);
        let knight = |text| {
            stone_links(&board(text)).into_iter().find(|l| l.0 == LinkKind::Knight).unwrap().1
        };
        assert_eq!(knight(". . . .\nX O . .\n. O X .\n. . . ."), LinkState::Cut);
        assert_eq!(knight(". . . .\nX O . .\n. . X .\n. . . ."), LinkState::Peeped);
        assert_eq!(knight(". . . .\nX . . .\nO . X .\n. . . ."), LinkState::Peeped);
        assert_eq!(knight(". . . .\nX . . .\n. . X .\n. . . ."), LinkState::Solid);
    }

    #[test]
    fn shorter_connections_replace_longer_shapes() {
        // A stone in the gap joins everything into one chain: no link at all.
        assert!(stone_links(&board(". . . . .\n. X X X .\n. . . . .")).is_empty());
        // X . X . X: two one-point jumps, no two-point... and no four-point shape.
        let three = stone_links(&board(". . . . . . .\nX . X . X . .\n. . . . . . ."));
        assert_eq!(three, [(LinkKind::OnePointJump, LinkState::Solid); 2]);
        // The knight with an own stone on a corner is a jump plus a contact instead.
        let k = stone_links(&board(". . . .\nX X . .\n. . X .\n. . . ."));
        assert_eq!(k, [(LinkKind::Diagonal, LinkState::Solid)]);
    }

    #[test]
    fn edge_links_on_lines_two_to_four() {
        let b = board(
            "
            . . . . . . . . .
            . X . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . X . .
            . . . . . O . . .
            . . . . . . . . .
            ",
        );
        let mut edge: Vec<String> = links(&b)
            .into_iter()
            .filter(|l| l.to == LinkEnd::Edge)
            .map(|l| format!("{l} [{}]", l.between.len()))
            .collect();
        edge.sort();
        assert_eq!(
            edge,
            [
                "edge (2nd line) B8 solid [1]",
                "edge (2nd line) B8 solid [1]",
                "edge (2nd line) F2 solid [1]",
                "edge (3rd line) G3 peeped [2]",
                "edge (3rd line) G3 solid [2]",
            ]
        );
    }
}
