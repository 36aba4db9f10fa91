//! Ownership maps: who owns each point, as an evaluation or an estimate sees it.
//!
//! An ownership map is a [`PointMap`] of `Option<Color>`; go-board counts one under a
//! position's rules with [`Position::score_ownership`](go_board::Position::score_ownership),
//! so an estimate and the final count of a game are the same [`go_board::Score`].
//!
//! # Examples
//!
//! ```
//! use go_board::{BoardSize, ByColor, Color, Point, PointSet};
//! use go_eval::influence::ZobristPotential;
//! use go_eval::ownership::signs;
//! let size = BoardSize::square(9)?;
//! let stones = ByColor::new(
//!     PointSet::from_iter([Point::parse_gtp("C3", size)?]),
//!     PointSet::from_iter([Point::parse_gtp("G7", size)?]),
//! );
//! let owners = signs(&ZobristPotential::CLASSIC.map(size, &stones));
//! assert_eq!(owners[Point::parse_gtp("B2", size)?], Some(Color::Black));
//! assert_eq!(owners[Point::parse_gtp("H8", size)?], Some(Color::White));
//! assert_eq!(owners[Point::parse_gtp("E5", size)?], None); // out of both reaches
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use go_board::{Color, PointMap};

/// The owner of every point, `None` for a neutral or undecided point.
pub type Ownership = PointMap<Option<Color>>;

/// The owner of every point of a map that counts Black positive (potential, Bouzy,
/// influence difference): Black where the value is positive, White where it is
/// negative, nobody at 0.
pub fn signs(map: &PointMap<i32>) -> Ownership {
    map.map(|&v| match v.signum() {
        1 => Some(Color::Black),
        -1 => Some(Color::White),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use go_board::BoardSize;

    use super::*;

    #[test]
    fn signs_follow_the_sign_and_swap_with_it() {
        let size = BoardSize::new(3, 2).unwrap();
        let map = PointMap::from_fn(size, |p| i32::from(p.col()) - 1);
        let owners = signs(&map);
        let row: Vec<Option<Color>> = owners.values()[..3].to_vec();
        assert_eq!(row, [Some(Color::White), None, Some(Color::Black)]);
        assert_eq!(signs(&map.map(|v| -v)), owners.map(|o| o.map(Color::opponent)));
    }
}
