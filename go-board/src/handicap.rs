//! Handicap stone layouts: GTP's fixed placement and a free placement.

use core::fmt;

use crate::{BoardSize, Point};

/// Why handicap stones could not be placed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum HandicapError {
    /// The number of stones is not available (fixed placement: 2 to 9 on odd sizes from
    /// 9, 2 to 4 on 7×7 and even sizes from 8, none below 7; free placement: 2 to one less than
    /// the number of points).
    InvalidCount {
        /// The number asked for.
        stones: u32,
        /// The largest number available on this board (0 when none is).
        max: u32,
    },
    /// Fixed placement is defined for square boards only.
    NotSquare,
    /// Stones or moves are already on the board.
    BoardNotEmpty,
    /// A handicap point is not on the board.
    OffBoard,
}

impl fmt::Display for HandicapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandicapError::InvalidCount { stones, max: 0 } => {
                write!(
                    f,
                    "invalid number of stones {stones}: no handicap is available on this board"
                )
            }
            HandicapError::InvalidCount { stones, max } => {
                write!(f, "invalid number of stones {stones}: expected 2 to {max}")
            }
            HandicapError::NotSquare => {
                f.write_str("fixed handicap is defined for square boards only")
            }
            HandicapError::BoardNotEmpty => f.write_str("board not empty"),
            HandicapError::OffBoard => f.write_str("handicap point off the board"),
        }
    }
}

impl std::error::Error for HandicapError {}

/// The largest fixed handicap on a square board: 9 on odd sizes from 9, 4 on 7×7 and on
/// even sizes from 8, none below 7 (as GNU Go 3.8, the GTP reference engine, does; the
/// gomill table allows none on 7×7).
pub fn max_fixed(size: BoardSize) -> u32 {
    let n = size.cols();
    if !size.is_square() || n < 7 {
        0
    } else if n % 2 == 1 && n >= 9 {
        9
    } else {
        4
    }
}

/// The points of GTP's `fixed_handicap` for `stones` stones, in GTP's order: on the
/// third line on boards below 13×13, the fourth line from 13×13 up.
///
/// # Errors
///
/// [`HandicapError`] if the board is not square or `stones` is not available.
///
/// # Examples
///
/// ```
/// use go_board::{handicap, BoardSize};
/// let points = handicap::fixed(5, BoardSize::square(19)?)?;
/// let names: Vec<String> = points.iter().map(|p| p.to_string()).collect();
/// assert_eq!(names, ["D4", "Q16", "D16", "Q4", "K10"]);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn fixed(stones: u32, size: BoardSize) -> Result<Vec<Point>, HandicapError> {
    if !size.is_square() {
        return Err(HandicapError::NotSquare);
    }
    let max = max_fixed(size);
    if stones < 2 || stones > max {
        return Err(HandicapError::InvalidCount { stones, max });
    }
    let n = size.cols();
    let low = if n < 13 { 2 } else { 3 };
    let high = n - 1 - low;
    let mid = n / 2;
    let at = |col, row| Point::must(col, row, size);
    let mut points = vec![at(low, low), at(high, high)];
    if stones >= 3 {
        points.push(at(low, high));
    }
    if stones >= 4 {
        points.push(at(high, low));
    }
    if stones >= 6 {
        points.push(at(low, mid));
        points.push(at(high, mid));
    }
    if stones >= 8 {
        points.push(at(mid, low));
        points.push(at(mid, high));
    }
    if stones % 2 == 1 && stones >= 5 {
        points.push(at(mid, mid));
    }
    Ok(points)
}

/// A free placement of `stones` handicap stones: the fixed layout when one exists, else
/// the largest fixed layout completed by points chosen one by one: off the edge (the
/// third line or higher from 13×13, the second from 5×5) while such points remain, as
/// far as possible from the stones already placed (Chebyshev distance), then on the
/// third or fourth line; ties go to the lowest point.
///
/// # Errors
///
/// [`HandicapError::InvalidCount`] if `stones` is below 2 or leaves no empty point.
pub fn free(stones: u32, size: BoardSize) -> Result<Vec<Point>, HandicapError> {
    let max = size.point_count() as u32 - 1;
    if stones < 2 || stones > max {
        return Err(HandicapError::InvalidCount { stones, max: if max >= 2 { max } else { 0 } });
    }
    if stones <= max_fixed(size) {
        return fixed(stones, size);
    }
    let mut points = match max_fixed(size) {
        0 => Vec::new(),
        m => fixed(m, size)?,
    };
    let short_side = size.cols().min(size.rows());
    let preferred_line = match short_side {
        13.. => 3,
        5.. => 2,
        _ => 1,
    };
    while (points.len() as u32) < stones {
        let best = size
            .points()
            .filter(|p| !points.contains(p))
            .max_by_key(|&p| {
                let spread = points
                    .iter()
                    .map(|q| p.col().abs_diff(q.col()).max(p.row().abs_diff(q.row())))
                    .min()
                    .unwrap_or(u8::MAX);
                // Keep off the edge where the board allows it, then prefer spread,
                // then the third/fourth line, then the lowest index.
                let line = p.line(size).min(4);
                (line >= preferred_line, spread, line, core::cmp::Reverse(p.index()))
            })
            .expect("fewer stones than points");
        points.push(best);
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(points: &[Point]) -> Vec<String> {
        points.iter().map(|p| p.to_string()).collect()
    }

    #[test]
    fn gtp_layouts_on_19_13_and_9() {
        let s19 = BoardSize::square(19).unwrap();
        let s13 = BoardSize::square(13).unwrap();
        let s9 = BoardSize::square(9).unwrap();
        assert_eq!(names(&fixed(2, s19).unwrap()), ["D4", "Q16"]);
        assert_eq!(names(&fixed(3, s19).unwrap()), ["D4", "Q16", "D16"]);
        assert_eq!(names(&fixed(4, s19).unwrap()), ["D4", "Q16", "D16", "Q4"]);
        assert_eq!(names(&fixed(6, s19).unwrap()), ["D4", "Q16", "D16", "Q4", "D10", "Q10"]);
        assert_eq!(names(&fixed(7, s19).unwrap()), ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K10"]);
        assert_eq!(
            names(&fixed(8, s19).unwrap()),
            ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16"]
        );
        assert_eq!(
            names(&fixed(9, s19).unwrap()),
            ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16", "K10"]
        );
        assert_eq!(names(&fixed(5, s13).unwrap()), ["D4", "K10", "D10", "K4", "G7"]);
        assert_eq!(
            names(&fixed(9, s9).unwrap()),
            ["C3", "G7", "C7", "G3", "C5", "G5", "E3", "E7", "E5"]
        );
    }

    #[test]
    fn availability_by_size() {
        for n in 1..=25 {
            let size = BoardSize::square(n).unwrap();
            let expected = if n < 7 {
                0
            } else if n % 2 == 1 && n >= 9 {
                9
            } else {
                4
            };
            assert_eq!(max_fixed(size), expected, "size {n}");
            assert!(fixed(expected + 1, size).is_err());
            assert!(fixed(1, size).is_err());
            for k in 2..=expected {
                let points = fixed(k, size).unwrap();
                assert_eq!(points.len(), k as usize);
                let mut sorted = points.clone();
                sorted.sort();
                sorted.dedup();
                assert_eq!(sorted.len(), k as usize);
            }
        }
        assert_eq!(fixed(2, BoardSize::new(9, 13).unwrap()), Err(HandicapError::NotSquare));
    }

    #[test]
    fn free_placement_is_distinct_and_fills_to_the_limit() {
        let size = BoardSize::square(19).unwrap();
        let points = free(17, size).unwrap();
        assert_eq!(&points[..9], &fixed(9, size).unwrap()[..]);
        let mut sorted = points.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 17);
        let seven = BoardSize::square(7).unwrap();
        assert_eq!(names(&fixed(4, seven).unwrap()), ["C3", "E5", "C5", "E3"]);
        let small = BoardSize::square(3).unwrap();
        assert_eq!(free(8, small).unwrap().len(), 8);
        assert!(free(9, small).is_err());
        let six = BoardSize::square(6).unwrap();
        assert!(free(2, six).unwrap().iter().all(|p| p.line(six) >= 2));
        assert!(free(1, small).is_err());
    }
}
