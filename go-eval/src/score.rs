//! Score estimation: counting an ownership map under the rules, and the estimate of a
//! position with bounds and dead stones.
//!
//! # Examples
//!
//! ```
//! use go_board::{Komi, Point, PointSet, Position, Rules};
//! use go_eval::evaluate::PositionEvaluator;
//! use go_eval::score::{ScoreEstimate, dead_stones};
//! let rules = Rules::japanese().with_komi(Komi::from_half_points(1));
//! let position = Position::from_diagram(
//!     "
//!     . . . X O . .
//!     . . . X O . .
//!     . . . X O . .
//!     O . . X O . .
//!     . . . X O . .
//!     . . . X O . .
//!     . . . X O . .
//!     ",
//!     rules,
//! )?;
//! // White's invader at A4 has no chance in Black's side of the board.
//! let a4 = Point::parse_gtp("A4", position.size())?;
//! assert_eq!(dead_stones(&position), PointSet::from_iter([a4]));
//! let estimate = ScoreEstimate::new(&position, &PositionEvaluator::default());
//! // Territory scoring: Black's 21 points (A4 included) and a prisoner, against
//! // White's 14 points and komi 0.5: Black leads by 7.5 points.
//! assert_eq!(estimate.margin, 2 * (21 + 1 - 14) - 1);
//! assert!(estimate.bounds.pessimistic() <= estimate.margin);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use go_board::{ByColor, Color, PointMap, PointSet, Position, Scoring};
use go_search::Bounds;

use crate::benson::Unconditional;
use crate::evaluate::PositionEvaluator;

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

/// An ownership map counted under a position's rules.
///
/// Area scoring counts every point a colour owns (stones and empty points). Territory
/// scoring counts the empty points a colour owns (a dead stone's point included) plus
/// its prisoners: the stones it captured during the game and the other colour's dead
/// stones. Komi goes to White, and under area scoring so does the handicap
/// compensation of the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Count {
    /// How the points were counted.
    pub scoring: Scoring,
    /// The points of each colour, before komi and compensation.
    pub points: ByColor<u32>,
    /// Komi in half-points, given to White.
    pub komi_half_points: i32,
    /// White's handicap compensation in points.
    pub compensation: u32,
}

impl Count {
    /// Counts `ownership` for `position`, the stones in `dead` being dead (their
    /// points count for whoever owns them in `ownership`).
    pub fn of(position: &Position, ownership: &Ownership, dead: &PointSet) -> Count {
        let board = position.board();
        let rules = position.rules();
        let stones = board.stones_by_color();
        let living = stones.map(|s| s - *dead);
        let (points, compensation) = match rules.scoring {
            Scoring::Area => {
                let owned = ByColor::new_with(|c| {
                    ownership.values().iter().filter(|&&o| o == Some(c)).count() as u32
                });
                let compensation = rules.handicap_compensation.points(position.handicap());
                (owned, compensation)
            }
            Scoring::Territory => {
                let count = |c: Color| {
                    (ownership.points_where(|&o| o == Some(c)) - living[c]).len() as u32
                        + board.captures()[c]
                        + (*dead & stones[c.opponent()]).len() as u32
                };
                (ByColor::new(count(Color::Black), count(Color::White)), 0)
            }
        };
        Count {
            scoring: rules.scoring,
            points,
            komi_half_points: rules.komi.half_points(),
            compensation,
        }
    }

    /// Black's lead in half-points, komi and compensation included (negative when
    /// White leads).
    pub fn margin(&self) -> i32 {
        let b = 2 * self.points.black as i32;
        let w = 2 * (self.points.white + self.compensation) as i32 + self.komi_half_points;
        b - w
    }
}

/// A score estimate: Black's lead with bounds, the dead stones and the ownership map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreEstimate {
    /// Black's lead in half-points (komi included).
    pub margin: i32,
    /// Bounds of Black's lead in half-points.
    pub bounds: Bounds<i32>,
    /// The stones estimated dead.
    pub dead: PointSet,
    /// The owner of every point.
    pub ownership: Ownership,
}

impl ScoreEstimate {
    /// Estimates `position` with `evaluator`: its neutral evaluation and its bounds.
    pub fn new(position: &Position, evaluator: &PositionEvaluator) -> ScoreEstimate {
        let (eval, bounds) = evaluator.evaluate_with_bounds(position);
        ScoreEstimate {
            margin: eval.count.margin(),
            bounds,
            dead: eval.dead,
            ownership: eval.ownership,
        }
    }
}

/// The stones of `position` estimated dead without reading: the stones in the other
/// colour's unconditionally safe regions ([`Unconditional`]) and the dead stones of the
/// default evaluation (step 4 of [`PositionEvaluator`]).
pub fn dead_stones(position: &Position) -> PointSet {
    let board = position.board();
    let unconditional = Unconditional::new(board);
    let certain = unconditional.dead.black | unconditional.dead.white;
    let alive = unconditional.alive.black | unconditional.alive.white;
    (PositionEvaluator::default().evaluate(position).dead - alive) | certain
}

#[cfg(test)]
mod tests {
    use go_board::{Komi, Move, Point, Rules};

    use super::*;

    fn at(vertex: &str, position: &Position) -> Point {
        Point::parse_gtp(vertex, position.size()).unwrap()
    }

    #[test]
    fn area_and_territory_counts() {
        // Black captures a white stone at B2 during the game.
        let size = go_board::BoardSize::square(5).unwrap();
        let moves = ["B3", "B2", "A2", "E5", "C2", "E4", "B1"];
        for rules in [Rules::chinese(), Rules::japanese()] {
            let mut position = Position::new(size, rules.with_komi(Komi::from_half_points(3)));
            for m in moves {
                position.try_play(Move::Play(Point::parse_gtp(m, size).unwrap())).unwrap();
            }
            assert_eq!(position.board().captures().black, 1);
            // Columns A to C are Black's, D and E White's; White's E4 is called dead.
            let ownership = PointMap::from_fn(size, |p| {
                Some(if p.col() <= 2 || p == at("E4", &position) {
                    Color::Black
                } else {
                    Color::White
                })
            });
            let dead = PointSet::from_iter([at("E4", &position)]);
            let count = Count::of(&position, &ownership, &dead);
            match rules.scoring {
                Scoring::Area => {
                    assert_eq!(count.points, ByColor::new(16, 9));
                    assert_eq!(count.margin(), 2 * 7 - 3);
                }
                Scoring::Territory => {
                    // Black: 16 owned points minus 4 living stones, one prisoner and
                    // one dead stone; White: 9 minus its living E5.
                    assert_eq!(count.points, ByColor::new(12 + 1 + 1, 8));
                    assert_eq!(count.margin(), 2 * 6 - 3);
                }
            }
        }
    }

    #[test]
    fn dead_stones_include_the_unconditionally_dead() {
        // White's stone sits in a region that Black's pass-alive group makes safe.
        let position = Position::from_diagram(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            X X X X X . .
            X . X . X . .
            X X X X X . .
            . O . . X . .
            ",
            Rules::chinese(),
        )
        .unwrap();
        let b1 = at("B1", &position);
        assert_eq!(dead_stones(&position), PointSet::from_iter([b1]));
        let estimate = ScoreEstimate::new(&position, &PositionEvaluator::default());
        assert!(estimate.bounds.pessimistic() <= estimate.margin);
        assert!(estimate.margin <= estimate.bounds.optimistic());
        assert_eq!(estimate.ownership[b1], Some(Color::Black));
        assert!(estimate.dead.is_subset(&PointSet::from_iter([b1])));
    }
}
