//! Rendering helpers shared by the GTP answers, the analysis text and the SVG picture,
//! in GNU Go 3.8's conventions: vertex lists in board order (top row first, each row
//! left to right), one chain per line, star points, column letters, and the
//! `showboard` diagram.

use go_board::{Board, BoardSize, Color, Point, PointSet};

/// The points of `set` in GNU Go's order: from the top row down, each row from left to
/// right.
pub(crate) fn board_order(set: &PointSet) -> Vec<Point> {
    let mut points: Vec<Point> = set.iter().collect();
    points.sort_unstable_by_key(|p| (core::cmp::Reverse(p.row()), p.col()));
    points
}

/// The points of `set` as GTP vertices in board order, separated by spaces.
pub(crate) fn vertex_list(set: &PointSet) -> String {
    join(&board_order(set))
}

/// Points as GTP vertices separated by spaces, in the given order.
pub(crate) fn join(points: &[Point]) -> String {
    let mut out = String::with_capacity(points.len() * 4);
    for (i, p) in points.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&p.to_string());
    }
    out
}

/// The chains with a stone in `stones`, one per line, each as its vertices in board
/// order; the chains are ordered by their first stone in board order.
pub(crate) fn chain_lines(board: &Board, stones: &PointSet) -> String {
    let mut lines = Vec::new();
    let mut left = *stones;
    for p in board_order(stones) {
        if left.contains(p) {
            let chain = board.chain_stones(p) & *stones;
            left -= chain;
            lines.push(vertex_list(&chain));
        }
    }
    lines.join("\n")
}

/// Whether `point` is a star point (hoshi) in GNU Go's diagrams. On a square board of
/// side n the corner points are on line 2 (n = 3, 5), 3 (n = 6 to 11) or 4 (n ≥ 12),
/// with none on 2×2 and 4×4; odd sizes add the centre, and from 13×13 the middle of each
/// side. Rectangular boards apply the same rule to each direction.
pub(crate) fn is_star_point(point: Point, size: BoardSize) -> bool {
    #[derive(PartialEq)]
    enum Line {
        Corner,
        Middle,
        Other,
    }
    fn line(i: u8, n: u8) -> Line {
        if n.is_multiple_of(2) && n < 6 {
            return Line::Other;
        }
        let d = match n {
            12.. => 3,
            6.. => 2,
            3.. => 1,
            _ => 0,
        };
        if n % 2 == 1 && i == n / 2 {
            Line::Middle
        } else if i == d || i == n - 1 - d {
            Line::Corner
        } else {
            Line::Other
        }
    }
    let (c, r) = (line(point.col(), size.cols()), line(point.row(), size.rows()));
    match (c, r) {
        (Line::Corner, Line::Corner) | (Line::Middle, Line::Middle) => true,
        (Line::Corner, Line::Middle) | (Line::Middle, Line::Corner) => {
            size.cols() >= 13 && size.rows() >= 13
        }
        _ => false,
    }
}

/// The column letters of a board, GTP style (no `I`).
pub(crate) fn column_letter(col: u8) -> char {
    const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    LETTERS[col as usize] as char
}

/// GNU Go's `showboard` diagram: coordinates on all four sides, `X` Black, `O` White,
/// `+` star points, `.` other empty points, and the capture counts beside the rows
/// nine and ten from the top (or the last two rows of a smaller board). The text starts
/// with a line break, as GNU Go's answer does.
pub(crate) fn showboard(board: &Board) -> String {
    let size = board.size();
    let mut header = String::from("  ");
    for col in 0..size.cols() {
        header.push(' ');
        header.push(column_letter(col));
    }
    let rows = usize::from(size.rows());
    let white_line = rows.checked_sub(2).map(|r| r.min(8));
    let black_line = white_line.map_or(0, |w| w + 1);
    let captures = board.captures();
    let mut out = String::from("\n");
    out.push_str(&header);
    for (i, row) in (0..size.rows()).rev().enumerate() {
        out.push('\n');
        out.push_str(&format!("{:>2}", row + 1));
        for col in 0..size.cols() {
            let p = Point::new(col, row, size).expect("on the board");
            out.push(' ');
            out.push(match board.color_at(p) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None if is_star_point(p, size) => '+',
                None => '.',
            });
        }
        out.push_str(&format!(" {}", row + 1));
        if Some(i) == white_line {
            out.push_str(&format!("     WHITE (O) has captured {} stones", captures.white));
        } else if i == black_line {
            out.push_str(&format!("     BLACK (X) has captured {} stones", captures.black));
        }
    }
    out.push('\n');
    out.push_str(&header);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stars(n: u32) -> String {
        let size = BoardSize::square(n).unwrap();
        let set: PointSet = size.points().filter(|&p| is_star_point(p, size)).collect();
        vertex_list(&set)
    }

    #[test]
    fn star_points_as_gnu_go_draws_them() {
        assert_eq!(stars(1), "A1");
        assert_eq!(stars(2), "");
        assert_eq!(stars(3), "B2");
        assert_eq!(stars(4), "");
        assert_eq!(stars(5), "B4 D4 C3 B2 D2");
        assert_eq!(stars(6), "C4 D4 C3 D3");
        assert_eq!(stars(9), "C7 G7 E5 C3 G3");
        assert_eq!(stars(11), "C9 J9 F6 C3 J3");
        assert_eq!(stars(12), "D9 J9 D4 J4");
        assert_eq!(stars(13), "D10 G10 K10 D7 G7 K7 D4 G4 K4");
        assert_eq!(stars(19), "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4");
    }

    #[test]
    fn board_order_is_top_down_left_to_right() {
        let size = BoardSize::square(9).unwrap();
        let set: PointSet = ["E5", "A1", "J9", "A9", "E6"]
            .iter()
            .map(|v| Point::parse_gtp(v, size).unwrap())
            .collect();
        assert_eq!(vertex_list(&set), "A9 J9 E6 E5 A1");
    }
}
