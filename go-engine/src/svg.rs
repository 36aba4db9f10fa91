//! A picture of a position as SVG, with go-eval's territory or influence drawn over the
//! board: `go-engine analyze --svg FILE`.
//!
//! The SVG is written by hand (no dependency): a wooden board with its lines, star
//! points and coordinates (clear of the edge stones), the stones, the last move
//! marked, one of two [`Overlay`]s computed by go-eval's evaluation without reading,
//! and a caption under the board with the score estimate and its bounds:
//!
//! - [`Overlay::Territory`]: on every empty point the evaluation gives to a colour, and
//!   on every dead stone (drawn faded), a square of the owner's colour whose size is
//!   the evaluation's certainty, as Sabaki and KaTrain draw ownership: GNU Go's
//!   territory value of the point (in [0, 1]: 1 is sure territory; from the
//!   directional influence of the living stones, the evaluation's own potential
//!   model). Points the evaluation gives to a colour with no certainty (the open
//!   board early in a game) get no square;
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
//! assert!(svg.contains("class=\"caption\""));
//! assert!(svg.trim_end().ends_with("</svg>"));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use core::fmt::Write;

use go_board::PointMap;
use go_board::{ByColor, Color, Point, PointSet, Position};
use go_eval::evaluate::PositionEvaluator;
use go_eval::influence::{Directional, DirectionalConfig};

use crate::render::{column_letter, is_star_point};

/// What [`board_svg`] draws over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overlay {
    /// The owner of every point in the evaluation, dead stones faded, squares sized by
    /// certainty.
    Territory,
    /// The potential (influence) after the dead stones are removed, as shades.
    Influence,
}

/// The distance between two lines, in pixels.
const CELL: f64 = 24.0;
/// The room between the outer lines and the picture's edge, for the coordinates.
const MARGIN: f64 = 32.0;
/// The radius of a stone.
const STONE: f64 = CELL * 0.47;
/// The font size of the coordinates and the caption.
const FONT: f64 = 11.0;
/// The gap between a stone and a coordinate.
const GAP: f64 = 3.0;
/// The height of the caption under the board (two lines).
const CAPTION: f64 = 2.0 * FONT + 10.0;
/// The widest a character of the caption may be, in ems (sans-serif letters and
/// digits are narrower), so that the picture is wide enough for it.
const CHAR_WIDTH: f64 = 0.65;
/// The largest territory square (at certainty 1), as a fraction of a cell.
const SQUARE: f64 = 0.5;
/// Certainty below which no territory square is drawn.
const MIN_CERTAINTY: f64 = 0.05;

/// Black's lead in half-points as a result: `B+3.5`, `W+2`, `0`.
fn margin(half_points: i32) -> String {
    let p = f64::from(half_points) / 2.0;
    match half_points {
        0 => "0".to_owned(),
        h if h > 0 => format!("B+{p}"),
        _ => format!("W+{}", -p),
    }
}

/// The position as an SVG document with `overlay` (see the [module documentation](self)).
pub fn board_svg(position: &Position, overlay: Overlay) -> String {
    board_svg_marked(position, overlay, &[])
}

/// A label drawn over a point by [`board_svg_marked`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The point.
    pub point: Point,
    /// The text (a few characters; `<`, `>`, `&` and `"` are drawn as `?`).
    pub label: String,
    /// `candidate` (a disc with the label, such as a rank) or anything else (the label
    /// alone, in red, above the point's right); also the element's class.
    pub class: &'static str,
}

/// [`board_svg`] with `marks` drawn over their points, last.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Point, Position, Rules};
/// use go_engine::svg::{Mark, Overlay, board_svg_marked};
/// let position = Position::new(BoardSize::square(9)?, Rules::chinese());
/// let d4 = Point::parse_gtp("D4", position.size())?;
/// let marks = [Mark { point: d4, label: "1".into(), class: "candidate" }];
/// let svg = board_svg_marked(&position, Overlay::Territory, &marks);
/// assert_eq!(svg.matches("class=\"candidate\"").count(), 1);
/// assert!(svg.trim_end().ends_with("</svg>"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn board_svg_marked(position: &Position, overlay: Overlay, marks: &[Mark]) -> String {
    let evaluator = PositionEvaluator::default();
    let estimate = evaluator.estimate_score(position);
    let (eval, bounds) = (estimate.evaluation, estimate.bounds);
    let board = position.board();
    let size = board.size();
    let (cols, rows) = (f64::from(size.cols()), f64::from(size.rows()));
    // The caption under the board: the estimate with its bounds, then what the overlay
    // shows; the picture is at least as wide as it.
    let legend = match overlay {
        Overlay::Territory => "territory, square size: certainty",
        Overlay::Influence => "influence",
    };
    let caption = [
        format!(
            "Estimate {} (bounds {} to {})",
            margin(eval.margin()),
            margin(bounds.pessimistic()),
            margin(bounds.optimistic())
        ),
        format!("Move {}, {} to move; {legend}", position.move_count(), position.to_move()),
    ];
    let longest = caption.iter().map(|l| l.chars().count()).max().unwrap_or(0) as f64;
    let grid_width = (cols - 1.0) * CELL;
    let width = (2.0 * MARGIN + grid_width).max(CHAR_WIDTH * FONT * longest + 2.0 * GAP);
    let board_height = 2.0 * MARGIN + (rows - 1.0) * CELL;
    let height = board_height + CAPTION;
    // The first line, centred when the caption makes the picture wider than the board.
    let left = (width - grid_width) / 2.0;
    let top = MARGIN;
    let x = |p: Point| left + f64::from(p.col()) * CELL;
    let y = |p: Point| top + (rows - 1.0 - f64::from(p.row())) * CELL;
    let mut out = String::new();
    // Writing to a String cannot fail.
    let mut w = |text: String| out.push_str(&text);

    w(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"{FONT}\">\n"
    ));
    let overlay_name = match overlay {
        Overlay::Territory => "territory",
        Overlay::Influence => "influence",
    };
    w(format!(
        "<title>{size} board, move {}: estimate {} (bounds {} to {}), {overlay_name}</title>\n",
        position.move_count(),
        margin(eval.margin()),
        margin(bounds.pessimistic()),
        margin(bounds.optimistic()),
    ));
    w(format!("<rect width=\"{width}\" height=\"{board_height}\" fill=\"#dcb35c\"/>\n"));

    // Lines and coordinates, the coordinates clear of the edge stones.
    let (right, bottom) = (left + grid_width, top + (rows - 1.0) * CELL);
    let mut lines = String::new();
    for c in 0..size.cols() {
        let cx = left + f64::from(c) * CELL;
        let _ = write!(lines, "M{cx} {top}V{bottom}");
        let letter = column_letter(c);
        for ty in [top - STONE - GAP, bottom + STONE + GAP + 0.75 * FONT] {
            w(format!(
                "<text class=\"coordinate\" x=\"{cx}\" y=\"{ty}\" text-anchor=\"middle\">\
                 {letter}</text>\n"
            ));
        }
    }
    for r in 0..size.rows() {
        let cy = top + (rows - 1.0 - f64::from(r)) * CELL;
        let _ = write!(lines, "M{left} {cy}H{right}");
        for (tx, anchor) in [(left - STONE - GAP, "end"), (right + STONE + GAP, "start")] {
            w(format!(
                "<text class=\"coordinate\" x=\"{tx}\" y=\"{}\" text-anchor=\"{anchor}\">{}</text>\n",
                cy + 0.35 * FONT,
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
            "<circle class=\"stone {class}\" cx=\"{}\" cy=\"{}\" r=\"{STONE}\" fill=\"{fill}\" \
             stroke=\"#000\" stroke-width=\"0.8\"{faded}/>\n",
            x(p),
            y(p),
        ));
    }

    // Territory squares, over empty points and dead stones, sized by certainty.
    if overlay == Overlay::Territory {
        let certainty = territory_certainty(position, &eval.dead);
        for p in size.points() {
            let living = board.color_at(p).is_some() && !eval.dead.contains(p);
            let Some(owner) = eval.ownership[p].filter(|_| !living) else { continue };
            let sure = match owner {
                Color::Black => certainty[p],
                Color::White => -certainty[p],
            };
            if sure < MIN_CERTAINTY {
                continue;
            }
            let side = CELL * SQUARE * sure.min(1.0);
            let (fill, stroke) = match owner {
                Color::Black => ("#000", "#000"),
                Color::White => ("#fff", "#555"),
            };
            w(format!(
                "<rect class=\"territory\" x=\"{:.2}\" y=\"{:.2}\" width=\"{side:.2}\" \
                 height=\"{side:.2}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"0.8\" \
                 data-certainty=\"{:.3}\"/>\n",
                x(p) - side / 2.0,
                y(p) - side / 2.0,
                sure.min(1.0)
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

    // The caption.
    for (i, line) in caption.iter().enumerate() {
        w(format!(
            "<text class=\"caption\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{line}</text>\n",
            width / 2.0,
            board_height + FONT + 2.0 + i as f64 * (FONT + 4.0)
        ));
    }
    for m in marks {
        let label: String = m
            .label
            .chars()
            .map(|c| if matches!(c, '<' | '>' | '&' | '"') { '?' } else { c })
            .collect();
        let (cx, cy) = (x(m.point), y(m.point));
        if m.class == "candidate" {
            w(format!(
                "<g class=\"candidate\"><circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" \
                 fill=\"#2a6fdb\" fill-opacity=\"0.8\"/><text x=\"{cx}\" y=\"{}\" \
                 text-anchor=\"middle\" fill=\"#fff\">{label}</text></g>\n",
                CELL * 0.38,
                cy + 4.0
            ));
        } else {
            w(format!(
                "<text class=\"{}\" x=\"{}\" y=\"{}\" fill=\"#c00\" font-size=\"9\">{label}</text>\n",
                m.class,
                cx + CELL * 0.3,
                cy - CELL * 0.3
            ));
        }
    }
    w("</svg>\n".to_owned());
    out
}

/// GNU Go's territory value of every point (Black positive, in [−1, 1]): the certainty
/// of the evaluation's potential model, from the directional influence of the stones
/// that are not `dead`.
pub(crate) fn territory_certainty(position: &Position, dead: &PointSet) -> PointMap<f64> {
    let board = position.board();
    let size = board.size();
    let living =
        ByColor::new(*board.stones(Color::Black) - *dead, *board.stones(Color::White) - *dead);
    Directional::new(DirectionalConfig::GNU_GO)
        .expect("GNU Go's settings are valid")
        .influence(size, &living)
        .territory_value()
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
        assert_eq!(territory.matches("<text class=\"coordinate\"").count(), 2 * 9 + 2 * 9);
        assert_eq!(territory.matches("<text class=\"caption\"").count(), 2);
        // A square on a point the evaluation owns where it is certain enough, and only
        // there.
        let eval = PositionEvaluator::default().evaluate_position(&position);
        let (b, w) = eval.ownership.values().iter().fold((0, 0), |(b, w), o| match o {
            Some(Color::Black) => (b + 1, w),
            Some(Color::White) => (b, w + 1),
            None => (b, w),
        });
        let squares = territory.matches("class=\"territory\"").count() as u32;
        assert!(0 < squares && squares <= b + w - 4, "{squares} of {}", b + w - 4);
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

    /// A value of an attribute of an SVG element.
    fn attribute(element: &str, name: &str) -> f64 {
        let start = element.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        let end = start + element[start..].find('"').unwrap();
        element[start..end].parse().unwrap()
    }

    /// The elements of `svg` that start with `prefix`.
    fn elements<'a>(svg: &'a str, prefix: &str) -> Vec<&'a str> {
        svg.lines().filter(|l| l.starts_with(prefix)).collect()
    }

    #[test]
    fn issue_10_coordinates_are_clear_of_the_stones() {
        for n in [5, 9, 13, 19, 25] {
            let size = BoardSize::square(n).unwrap();
            // Stones on every point of the edge (a ring; its inside gives liberties).
            let edge: PointSet = size
                .points()
                .filter(|p| [p.col(), p.row()].iter().any(|&c| c == 0 || u32::from(c) == n - 1))
                .collect();
            let mut position = Position::new(size, Rules::chinese());
            position.setup(go_board::Setup { black: edge, ..Default::default() }).unwrap();
            let svg = board_svg(&position, Overlay::Territory);
            let (width, height) = (attribute(&svg, "width"), attribute(&svg, "height"));
            let stones: Vec<(f64, f64)> = elements(&svg, "<circle class=\"stone")
                .iter()
                .map(|c| (attribute(c, "cx"), attribute(c, "cy")))
                .collect();
            assert_eq!(stones.len(), edge.len());
            let texts = elements(&svg, "<text class=");
            assert_eq!(texts.len(), 4 * n as usize + 2);
            for text in texts {
                let content = &text[text.find('>').unwrap() + 1..text.rfind("</text>").unwrap()];
                // A generous box around the glyphs: 0.65 em per character, from 0.8 em
                // above the baseline to 0.25 em below.
                let w = 0.65 * FONT * content.chars().count() as f64;
                let (x, y) = (attribute(text, "x"), attribute(text, "y"));
                let (x0, x1) = if text.contains("\"end\"") {
                    (x - w, x)
                } else if text.contains("\"start\"") {
                    (x, x + w)
                } else {
                    (x - w / 2.0, x + w / 2.0)
                };
                let (y0, y1) = (y - 0.8 * FONT, y + 0.25 * FONT);
                assert!(x0 >= 0.0 && x1 <= width && y0 >= 0.0 && y1 <= height, "{n}: {text}");
                for &(cx, cy) in &stones {
                    let dx = (cx - cx.clamp(x0, x1)).abs();
                    let dy = (cy - cy.clamp(y0, y1)).abs();
                    assert!(dx * dx + dy * dy > STONE * STONE, "{n}: {text} covers {cx},{cy}");
                }
            }
        }
    }

    #[test]
    fn issue_10_the_caption_gives_the_estimate_and_its_bounds() {
        let position = position(&["E5", "C3", "G7", "D4"]);
        let estimate = PositionEvaluator::default().estimate_score(&position);
        let (eval, bounds) = (&estimate.evaluation, estimate.bounds);
        let svg = board_svg(&position, Overlay::Territory);
        let caption: Vec<&str> = elements(&svg, "<text class=\"caption\"");
        let expected = format!(
            ">Estimate {} (bounds {} to {})</text>",
            margin(eval.margin()),
            margin(bounds.pessimistic()),
            margin(bounds.optimistic())
        );
        assert!(caption[0].ends_with(&expected), "{}", caption[0]);
        assert!(
            caption[1]
                .ends_with(">Move 4, black to move; territory, square size: certainty</text>")
        );
        // Under the board.
        let board_height = 2.0 * MARGIN + 8.0 * CELL;
        assert!(caption.iter().all(|c| attribute(c, "y") > board_height));
    }

    /// The embedded game's position after `moves` moves.
    fn embedded(moves: usize) -> Position {
        let text = include_str!("../data/gnugo-selfplay-19x19.sgf");
        let record = go_board::GameRecord::from_sgf(text).unwrap();
        crate::record::replay(&record, moves).unwrap()
    }

    /// The certainties of the territory squares of a picture.
    fn certainties(svg: &str) -> Vec<f64> {
        elements(svg, "<rect class=\"territory\"")
            .iter()
            .map(|r| {
                let (side, certainty) = (attribute(r, "width"), attribute(r, "data-certainty"));
                // The square's size is its certainty.
                assert!((side - CELL * SQUARE * certainty).abs() < 0.015, "{r}");
                certainty
            })
            .collect()
    }

    #[test]
    fn issue_10_territory_squares_show_certainty() {
        // At move 30 the evaluation gives a colour to nearly every empty point, but few
        // are sure: most get a small square or none.
        let early = embedded(30);
        let eval = PositionEvaluator::default().evaluate_position(&early);
        let empty = early.board().empty_count();
        let owned = early
            .size()
            .points()
            .filter(|&p| early.board().color_at(p).is_none() && eval.ownership[p].is_some());
        assert!(owned.count() * 10 > empty * 9, "the evaluation claims nearly every point");
        let early = certainties(&board_svg(&early, Overlay::Territory));
        let sure = early.iter().filter(|&&c| c >= 0.5).count();
        assert!(early.len() < empty / 2, "{} squares on {empty} empty points", early.len());
        assert!(sure * 10 < empty, "{sure} sure squares on {empty} empty points");
        // At the end of the game nearly every square is sure.
        let end = certainties(&board_svg(&embedded(259), Overlay::Territory));
        let sure = end.iter().filter(|&&c| c >= 0.95).count();
        assert!(sure * 10 >= end.len() * 9, "{sure} of {}", end.len());
        assert!(end.iter().all(|&c| (MIN_CERTAINTY..=1.0).contains(&c)));
    }
}
