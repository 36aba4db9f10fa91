//! The generators the strength paper and the reference notes compare against:
//! [`PotentialCandidates`] (the paper's potential-based generator, on go-eval's
//! Zobrist potential) and [`LocalityCandidates`] (the empty points nearest the
//! opponent's last move, reference/eval.md §6).

use go_board::{Color, Event, Move, Point, Position};
use go_patterns::{Candidate, CandidateGenerator, Intent, Source};

use super::candidates::{legal_points, next_move_number};
use super::height::HeightCorrection;
use crate::influence::ZobristPotential;

/// Candidates from the potential: the legal points where the potential is weakest
/// (smallest |Zobrist potential|, the points neither side holds yet), with Table 3's
/// potential correction averaged in when set: the score is −(|z| + h(line)) / 2, so
/// the ten highest scores are the ten lowest corrected potentials.
///
/// The paper's potential (from 碁世代) is not specified; go-eval's [`ZobristPotential`] model
/// stands in for it, its values used as they are (±64 per stone, up to a few tens on
/// empty points).
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Position, Rules};
/// use go_eval::strength::baselines::PotentialCandidates;
/// use go_eval::strength::candidates::best;
/// let position = Position::new(BoardSize::square(19)?, Rules::japanese());
/// // On the empty board every potential is 0: the corrected score prefers lines 3-4.
/// let top = best(&PotentialCandidates::paper(), &position, 10);
/// let size = position.size();
/// assert!(top.iter().all(|c| matches!(c.mv.point().unwrap().line(size), 3 | 4)));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct PotentialCandidates {
    /// The potential model.
    pub zobrist: ZobristPotential,
    /// The correction averaged in, if any.
    pub height: Option<HeightCorrection>,
}

impl PotentialCandidates {
    /// Zobrist's classic model with Table 3's potential correction (the paper's
    /// Table 4).
    pub fn paper() -> PotentialCandidates {
        PotentialCandidates {
            zobrist: ZobristPotential::CLASSIC,
            height: Some(HeightCorrection::paper_potential()),
        }
    }
}

impl CandidateGenerator for PotentialCandidates {
    fn name(&self) -> &str {
        "potential"
    }

    /// Every legal point but the pass, intent [`Intent::Moyo`].
    fn generate(&self, position: &Position, out: &mut Vec<Candidate>) {
        let source = Source::new("potential", "zobrist");
        let board = position.board();
        let size = board.size();
        let stones =
            go_board::ByColor::new(*board.stones(Color::Black), *board.stones(Color::White));
        let map = self.zobrist.map(size, &stones);
        let number = next_move_number(position);
        out.extend(legal_points(position).map(|point| {
            let z = f64::from(map[point].abs());
            let score = match &self.height {
                Some(h) => -(z + h.on_line(point.line(size), number)) / 2.0,
                None => -z,
            };
            Candidate::new(Move::Play(point), Intent::Moyo, score, source.clone())
        }));
    }
}

/// Candidates by locality: the legal points nearest (Euclidean distance) the
/// opponent's last move, ties broken by the distance to the mover's own last move
/// (reference/eval.md §6). A pass or a missing move leaves that distance out.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Move, Position, Rules};
/// use go_eval::strength::baselines::LocalityCandidates;
/// use go_eval::strength::candidates::best;
/// let size = BoardSize::square(9)?;
/// let mut position = Position::new(size, Rules::japanese());
/// position.try_play(Move::parse_gtp("C3", size)?)?;
/// position.try_play(Move::parse_gtp("G7", size)?)?;
/// let top = best(&LocalityCandidates, &position, 5);
/// let points: Vec<String> = top.iter().map(|c| c.mv.to_string()).collect();
/// // The four neighbours of G7 first, nearer C3 first (G6 and F7 are both 5 from it),
/// // then the diagonal nearest C3.
/// assert_eq!(points, ["G6", "F7", "H7", "G8", "F6"]);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LocalityCandidates;

/// The last point played by `color` in `position`'s history, if its last move was not
/// a pass.
fn last_play(position: &Position, color: Color) -> Option<Point> {
    position
        .history()
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::Move(c, mv) if *c == color => Some(*mv),
            _ => None,
        })?
        .point()
}

impl CandidateGenerator for LocalityCandidates {
    fn name(&self) -> &str {
        "locality"
    }

    /// Every legal point but the pass, intent [`Intent::Shape`].
    fn generate(&self, position: &Position, out: &mut Vec<Candidate>) {
        let source = Source::new("locality", "last moves");
        let mover = position.to_move();
        let theirs = last_play(position, mover.opponent());
        let ours = last_play(position, mover);
        let d2 = |p: Point, q: Option<Point>| {
            q.map_or(0, |q| {
                let dc = i64::from(p.col()) - i64::from(q.col());
                let dr = i64::from(p.row()) - i64::from(q.row());
                dc * dc + dr * dr
            })
        };
        out.extend(legal_points(position).map(|point| {
            let score = -((d2(point, theirs) << 12) + d2(point, ours)) as f64;
            Candidate::new(Move::Play(point), Intent::Shape, score, source.clone())
        }));
    }
}
