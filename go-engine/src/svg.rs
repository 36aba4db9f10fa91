//! A picture of a position as SVG, with go-eval's territory or influence drawn over the
//! board: `go-engine analyze --svg FILE`.
//!
//! The SVG is written by hand (no dependency): a wooden board with its lines, star
//! points and coordinates, the stones, the last move marked, and one of two
//! [`Overlay`]s computed by go-eval's evaluation without reading:
//!
//! - [`Overlay::Territory`]: a small square of the owner's colour on every empty point
//!   the evaluation gives to a colour, and on every dead stone (drawn faded);
//! - [`Overlay::Influence`]: every empty point shaded towards black or white in
//!   proportion to the potential after the dead stones are removed (Black's
//!   directional influence minus White's).
//!
//! # Examples
//!
//! ```
//! use go_board::{BoardSize, Move, Position, Rules};
//! use go_engine::svg::{Overlay, board_svg};
//!
//! let size = BoardSize::square(9)?;
//! let mut position = Position::new(size, Rules::chinese());
//! for v in ["C3", "G7", "C7"] {
//!     position.try_play(Move::parse_gtp(v, size)?)?;
//! }
//! let svg = board_svg(&position, Overlay::Territory);
//! assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert_eq!(svg.matches("class=\"stone black\"").count(), 2);
//! assert!(svg.trim_end().ends_with("</svg>"));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use core::fmt::Write;

use go_board::{Color, Point, Position};
use go_eval::evaluate::PositionEvaluator;

use crate::gtp::text::{column_letter, is_star_point};

/// What [`board_svg`] draws over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overlay {
    /// The owner of every point in the evaluation, dead stones faded.
    Territory,
    /// The potential (influence) after the dead stones are removed, as shades.
    Influence,
}

/// The distance between two lines, in pixels.
const CELL: f64 = 24.0;
/// The room around the grid for the coordinates, in pixels.
const MARGIN: f64 = 30.0;

/// The position as an SVG document with `overlay` (see the [module documentation](self)).
pub fn board_svg(position: &Position, overlay: Overlay) -> String {
    let evaluator = PositionEvaluator::default();
    let estimate = evaluator.estimate_score(position);
    let (eval, bounds) = (estimate.evaluation, estimate.bounds);
    let board = position.board();
    let size = board.size();
    let (cols, rows) = (f64::from(size.cols()), f64::from(size.rows()));
    let width = 2.0 * MARGIN + (cols - 1.0) * CELL;
    let height = 2.0 * MARGIN + (rows - 1.0) * CELL;
    let x = |p: Point| MARGIN + f64::from(p.col()) * CELL;
    let y = |p: Point| MARGIN + (rows - 1.0 - f64::from(p.row())) * CELL;
    let mut out = String::new();
    // Writing to a String cannot fail.
    let mut w = |text: String| out.push_str(&text);

    w(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"11\">\n"
    ));
    let margin = |h: i32| {
        let p = f64::from(h) / 2.0;
        match h {
            0 => "0".to_owned(),
            h if h > 0 => format!("B+{p}"),
            _ => format!("W+{}", -p),
        }
    };
    w(format!(
        "<title>{size} board, move {}: estimate {} (bounds {} to {}), {}</title>\n",
        position.move_count(),
        margin(eval.margin()),
        margin(bounds.pessimistic()),
        margin(bounds.optimistic()),
        match overlay {
            Overlay::Territory => "territory",
            Overlay::Influence => "influence",
        }
    ));
    w(format!("<rect width=\"{width}\" height=\"{height}\" fill=\"#dcb35c\"/>\n"));

    // Lines and coordinates.
    let (left, top) = (MARGIN, MARGIN);
    let (right, bottom) = (MARGIN + (cols - 1.0) * CELL, MARGIN + (rows - 1.0) * CELL);
    let mut lines = String::new();
    for c in 0..size.cols() {
        let cx = MARGIN + f64::from(c) * CELL;
        let _ = write!(lines, "M{cx} {top}V{bottom}");
        let letter = column_letter(c);
        for ty in [MARGIN / 2.0 + 4.0, height - MARGIN / 2.0 + 4.0] {
            w(format!("<text x=\"{cx}\" y=\"{ty}\" text-anchor=\"middle\">{letter}</text>\n"));
        }
    }
    for r in 0..size.rows() {
        let cy = MARGIN + (rows - 1.0 - f64::from(r)) * CELL;
        let _ = write!(lines, "M{left} {cy}H{right}");
        for tx in [MARGIN / 2.0, width - MARGIN / 2.0] {
            w(format!(
                "<text x=\"{tx}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                cy + 4.0,
                r + 1
            ));
        }
    }
    w(format!("<path d=\"{lines}\" stroke=\"#000\" stroke-width=\"1\" fill=\"none\"/>\n"));
    for p in size.points().filter(|&p| is_star_point(p, size)) {
        w(format!("<circle cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"#000\"/>\n", x(p), y(p)));
    }

    // The influence shades go under the stones.
    if overlay == Overlay::Influence {
        let scale = size
            .points()
            .filter(|&p| board.color_at(p).is_none())
            .map(|p| eval.potential[p].unsigned_abs())
            .max()
            .unwrap_or(0)
            .max(1);
        for p in size.points().filter(|&p| board.color_at(p).is_none()) {
            let v = eval.potential[p];
            if v != 0 {
                let fill = if v > 0 { "#000" } else { "#fff" };
                let opacity = 0.75 * f64::from(v.unsigned_abs()) / f64::from(scale);
                w(format!(
                    "<rect class=\"influence\" x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" \
                     fill=\"{fill}\" fill-opacity=\"{opacity:.3}\"/>\n",
                    x(p) - CELL / 2.0,
                    y(p) - CELL / 2.0
                ));
            }
        }
    }

    // Stones.
    for p in size.points() {
        let Some(color) = board.color_at(p) else { continue };
        let (class, fill) = match color {
            Color::Black => ("black", "#111"),
            Color::White => ("white", "#f8f8f8"),
        };
        let faded = if eval.dead.contains(p) { " opacity=\"0.45\"" } else { "" };
        w(format!(
            "<circle class=\"stone {class}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" \
             stroke=\"#000\" stroke-width=\"0.8\"{faded}/>\n",
            x(p),
            y(p),
            CELL * 0.47
        ));
    }

    // Territory squares, over empty points and dead stones.
    if overlay == Overlay::Territory {
        let side = CELL * 0.4;
        for p in size.points() {
            let living = board.color_at(p).is_some() && !eval.dead.contains(p);
            let Some(owner) = eval.ownership[p].filter(|_| !living) else { continue };
            let (fill, stroke) = match owner {
                Color::Black => ("#000", "#000"),
                Color::White => ("#fff", "#555"),
            };
            w(format!(
                "<rect class=\"territory\" x=\"{}\" y=\"{}\" width=\"{side}\" height=\"{side}\" \
                 fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"0.8\"/>\n",
                x(p) - side / 2.0,
                y(p) - side / 2.0
            ));
        }
    }

    // The last move.
    if let Some(p) = position.last_move().and_then(|(_, m)| m.point()) {
        let stroke = match board.color_at(p) {
            Some(Color::Black) => "#fff",
            _ => "#000",
        };
        w(format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{stroke}\" \
             stroke-width=\"1.5\"/>\n",
            x(p),
            y(p),
            CELL * 0.22
        ));
    }
    w("</svg>\n".to_owned());
    out
}

/// A label drawn over a point by [`with_marks`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The point.
    pub point: Point,
    /// The text (a few characters).
    pub label: String,
    /// `candidate` (a disc with the label, such as a rank) or anything else (the label
    /// alone, in red, beside the point).
    pub class: &'static str,
}

/// `svg`, a picture of a board of `size` from [`board_svg`], with `marks` drawn over
/// its points (labels are escaped).
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Point, Position, Rules};
/// use go_engine::svg::{Mark, Overlay, board_svg, with_marks};
/// let position = Position::new(BoardSize::square(9)?, Rules::chinese());
/// let d4 = Point::parse_gtp("D4", position.size())?;
/// let marks = [Mark { point: d4, label: "1".into(), class: "candidate" }];
/// let svg = with_marks(board_svg(&position, Overlay::Territory), position.size(), &marks);
/// assert_eq!(svg.matches("class=\"candidate\"").count(), 1);
/// assert!(svg.trim_end().ends_with("</svg>"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn with_marks(mut svg: String, size: go_board::BoardSize, marks: &[Mark]) -> String {
    let rows = f64::from(size.rows());
    let mut out = String::new();
    for m in marks {
        let x = MARGIN + f64::from(m.point.col()) * CELL;
        let y = MARGIN + (rows - 1.0 - f64::from(m.point.row())) * CELL;
        let label: String = m
            .label
            .chars()
            .map(|c| match c {
                '<' | '>' | '&' | '"' => '?',
                c => c,
            })
            .collect();
        let _ = if m.class == "candidate" {
            writeln!(
                out,
                "<g class=\"candidate\"><circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"#2a6fdb\" \
                 fill-opacity=\"0.8\"/><text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" \
                 fill=\"#fff\">{label}</text></g>",
                CELL * 0.38,
                y + 4.0
            )
        } else {
            writeln!(
                out,
                "<text class=\"{}\" x=\"{}\" y=\"{}\" fill=\"#c00\" font-size=\"9\">{label}</text>",
                m.class,
                x + CELL * 0.3,
                y - CELL * 0.3
            )
        };
    }
    let end = svg.rfind("</svg>").unwrap_or(svg.len());
    svg.insert_str(end, &out);
    svg
}

#[cfg(test)]
mod tests {
    use go_board::{BoardSize, Move, Rules};

    use super::*;

    fn position(moves: &[&str]) -> Position {
        let size = BoardSize::square(9).unwrap();
        let mut position = Position::new(size, Rules::chinese());
        for v in moves {
            position.try_play(Move::parse_gtp(v, size).unwrap()).unwrap();
        }
        position
    }

    #[test]
    fn stones_lines_and_overlays() {
        let position = position(&["E5", "C3", "G7", "D4"]);
        let territory = board_svg(&position, Overlay::Territory);
        assert_eq!(territory.matches("class=\"stone black\"").count(), 2);
        assert_eq!(territory.matches("class=\"stone white\"").count(), 2);
        assert_eq!(territory.matches("<text ").count(), 2 * 9 + 2 * 9);
        // Every point the evaluation owns, stones aside, has a square.
        let eval = PositionEvaluator::default().evaluate_position(&position);
        let owned = eval.ownership.values().iter().filter(|o| o.is_some()).count();
        assert_eq!(territory.matches("class=\"territory\"").count(), owned - 4);
        assert!(!territory.contains("class=\"influence\""));
        let influence = board_svg(&position, Overlay::Influence);
        let shaded = position
            .size()
            .points()
            .filter(|&p| position.board().color_at(p).is_none() && eval.potential[p] != 0);
        assert_eq!(influence.matches("class=\"influence\"").count(), shaded.count());
        assert!(!influence.contains("class=\"territory\""));
        // The last move (White's D4) is marked with a black ring.
        assert!(influence.contains("stroke=\"#000\" stroke-width=\"1.5\""));
    }

    #[test]
    fn an_empty_board_has_no_overlay() {
        let svg = board_svg(&position(&[]), Overlay::Influence);
        assert!(svg.contains("<title>9x9 board, move 0: estimate W+7.5"));
        assert!(!svg.contains("class=\"influence\"") && !svg.contains("class=\"stone"));
        // Star points of 9x9: the four 3-3 points and the centre.
        assert_eq!(svg.matches("r=\"3\" fill=\"#000\"").count(), 5);
    }
}
