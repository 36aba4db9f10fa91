//! The reference matcher: every pattern, every symmetry, every translation, every
//! condition evaluated as written. Slow on purpose (no lowering of conditions into
//! cells, no stabiliser, no index); the fast matchers are tested against it.

use go_board::Symmetry;

use crate::ast::PlaceKind;
use crate::compile::{Match, PatternId, PatternSet};
use crate::eval::{Ctx, MatchInput, Placement, point_at, time_allows};
use crate::hir::*;
use crate::oracle::BoardOracle;

/// Finds every match of the patterns of `set` for the side to move of `input`, each
/// once, by trying every placement.
///
/// # Examples
///
/// ```
/// use go_board::{Position, Rules};
/// use go_patterns::{BoardOnly, MatchInput, PatternSet, naive_matches};
/// let set = PatternSet::compile(
///     "pattern tengen place centre condition emparea(a1, 3, 3) candidate with(opening, 1) b2 end_candidate end_pattern",
/// )?;
/// let position = Position::from_diagram(". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .", Rules::chinese())?;
/// let matches = naive_matches(&set, &MatchInput::from_position(&position), &BoardOnly);
/// assert_eq!(matches.len(), 1); // the 3×3 square off the edges, once for its 8 symmetries
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn naive_matches(
    set: &PatternSet,
    input: &MatchInput<'_>,
    oracle: &dyn BoardOracle,
) -> Vec<Match> {
    let board = input.board;
    let mut out = Vec::new();
    for (i, p) in set.patterns.iter().enumerate() {
        if !time_allows(&p.time, input) {
            continue;
        }
        let group: Vec<Symmetry> = if p.symmetric {
            Symmetry::ALL.to_vec()
        } else {
            // The rotations: the symmetries that keep the orientation of the axes.
            Symmetry::ALL
                .into_iter()
                .filter(|s| {
                    let (a, b) = (s.apply_offset((1, 0)), s.apply_offset((0, 1)));
                    a.0 * b.1 - a.1 * b.0 == 1
                })
                .collect()
        };
        let first = p.roots[0].point;
        for g in group {
            // Every translation that puts the first candidate on the board.
            for target in board.size().points() {
                let (fx, fy) = g.apply_offset(first);
                let t = (i32::from(target.col()) - fx, i32::from(target.row()) - fy);
                let placement = Placement::new(g, t);
                if matches_at(p, placement, input, oracle) {
                    out.push(Match { pattern: PatternId(i as u32), placement });
                }
            }
        }
    }
    set.dedup(&mut out, &mut Vec::new());
    out
}

fn matches_at(
    p: &PatternIr,
    placement: Placement,
    input: &MatchInput<'_>,
    oracle: &dyn BoardOracle,
) -> bool {
    let board = input.board;
    let ctx = Ctx::new(input, oracle, placement);
    // Every candidate of the first move is on the board.
    if p.roots.iter().any(|r| point_at(placement.map(r.point), board).is_none()) {
        return false;
    }
    // The diagram, edges included.
    if p.diagram.iter().any(|(&q, &mask)| ctx.state(placement.map(q)) & mask == 0) {
        return false;
    }
    // The place, when the diagram does not draw it.
    if !p.place_from_diagram {
        let size = board.size();
        let (cols, rows) = (i32::from(size.cols()), i32::from(size.rows()));
        let origin = placement.map((0, 0));
        let ok = match p.place {
            PlaceKind::Corner => {
                let corner = (origin.0 == 0 || origin.0 == cols - 1)
                    && (origin.1 == 0 || origin.1 == rows - 1);
                // The frame's axes run along the edges, into the board.
                corner
                    && point_at(origin, board).is_some()
                    && point_at(placement.map((-1, 0)), board).is_none()
                    && point_at(placement.map((0, -1)), board).is_none()
            }
            PlaceKind::Side => {
                point_at(origin, board).is_some()
                    && point_at(placement.map((0, -1)), board).is_none()
            }
            PlaceKind::Centre => {
                // Every point the pattern mentions (apart from its tenuki areas) is on
                // the second line or further in.
                core_points(p)
                    .into_iter()
                    .all(|q| point_at(placement.map(q), board).is_some_and(|pt| pt.line(size) >= 2))
            }
            PlaceKind::Anywhere => true,
        };
        if !ok {
            return false;
        }
    }
    for cond in p.pickup.iter().chain(p.condition.iter()) {
        if ctx.eval_bool(cond) != Some(true) {
            return false;
        }
    }
    true
}

/// The points a pattern mentions, without its tenuki areas.
fn core_points(p: &PatternIr) -> Vec<FramePoint> {
    let mut out: Vec<FramePoint> =
        p.diagram.iter().filter(|(_, m)| **m != OFF).map(|(q, _)| *q).collect();
    for ir in p.condition.iter().chain(p.pickup.iter()) {
        ir.for_each_point(&mut |q| out.push(q));
    }
    fn walk(nodes: &[SeqNode], out: &mut Vec<FramePoint>) {
        for n in nodes {
            out.push(n.point);
            out.extend(n.tenuki.iter().map(|r| r.point));
            if let Some(g) = &n.guard {
                g.for_each_point(&mut |q| out.push(q));
            }
            walk(&n.children, out);
        }
    }
    walk(&p.roots, &mut out);
    out
}
