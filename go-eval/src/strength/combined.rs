//! Beyond the paper: the strength score combined with locality, height and liberty
//! features in a log-linear model over the legal points, learned from game records.
//!
//! The strength generator scores how well a point keeps its distances; it says nothing
//! of contact moves (the paper leaves them out) and nothing of the last move, and so
//! on all positions it loses to "play near the last move" (reference/eval.md §6).
//! [`CombinedCandidates`] scores a point by the sum of one learned weight per feature
//! group ([`GROUPS`]):
//!
//! | group | values |
//! |---|---|
//! | `opponent_distance` | squared distance to the opponent's last move, in 20 buckets, or none |
//! | `own_distance` | the same for the mover's last move |
//! | `line_phase` | the line (1 to 6, 6 and up together) × the phase (moves 1–20, 21–60, 61–150, later) |
//! | `strength` | the strength model's distance score (equation 4, before any height correction) in 10 bins of C / 5 from −C to C, or no kosumi-ren in reach |
//! | `contact` | own × enemy stones on the four neighbours |
//! | `enemy_liberties` | the fewest liberties of an adjacent enemy chain: 1, 2, 3, 4 or more, none |
//! | `own_liberties` | the same for own chains |
//! | `empty_neighbours` | empty neighbours: 0 to 4 |
//! | `diagonals` | own (0, 1, 2+) × enemy (0, 1, 2+) stones on the four diagonals |
//!
//! The weights maximise the log-likelihood of the played move under the softmax over
//! the legal points (a conditional logit, as in Coulom's "Elo ratings of move
//! patterns", with these few features instead of patterns), by stochastic gradient
//! ascent with AdaGrad steps, one position at a time, in the order given.
//!
//! # Examples
//!
//! ```
//! use go_board::{BoardSize, Move, Position, Rules};
//! use go_eval::strength::combined::{CombinedModel, Example};
//! let size = BoardSize::square(9)?;
//! let mut position = Position::new(size, Rules::japanese());
//! position.try_play(Move::parse_gtp("E5", size)?)?;
//! // A model with no strength model: the strength group reads "no kosumi-ren".
//! let mut model = CombinedModel::new(None);
//! let played = Move::parse_gtp("E4", size)?;
//! for _ in 0..20 {
//!     let example = Example::new(&position, played, &model).expect("E4 is legal");
//!     model.learn(&example, 0.5);
//! }
//! // Contact with the last move is now the best point.
//! let example = Example::new(&position, played, &model).unwrap();
//! assert!(model.probability(&example) > 0.1);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::sync::Arc;

use go_board::{Color, Event, Move, Point, Position};
use go_patterns::{Candidate, CandidateGenerator, Intent, Source};

use super::candidates::{DistanceScore, ScoreConfig, StrengthCandidates, next_move_number};
use super::model::StrengthModel;

/// The feature groups: name and number of values.
pub const GROUPS: [(&str, usize); 9] = [
    ("opponent_distance", DISTANCE_EDGES.len() + 2),
    ("own_distance", DISTANCE_EDGES.len() + 2),
    ("line_phase", 6 * 4),
    ("strength", 11),
    ("contact", 25),
    ("enemy_liberties", 5),
    ("own_liberties", 5),
    ("empty_neighbours", 5),
    ("diagonals", 9),
];

/// Upper ends of the squared-distance buckets; one more bucket takes everything above
/// the last edge, and one more value means "no such move".
const DISTANCE_EDGES: [u32; 19] =
    [1, 2, 4, 5, 8, 9, 10, 13, 16, 18, 20, 25, 32, 40, 52, 72, 100, 160, 260];

/// The feature values of one point: one value per group.
pub type Row = [u8; GROUPS.len()];

/// A combined model: the weights of every group's values, and the strength model whose
/// score is one of the features.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CombinedModel {
    format: String,
    /// The weights, one list per group of [`GROUPS`].
    pub weights: Vec<Vec<f64>>,
    /// AdaGrad's sums of squared gradients.
    squares: Vec<Vec<f64>>,
    /// The positions learnt from.
    pub positions: u64,
    /// The strength model, if any.
    pub strength: Option<StrengthModel>,
    /// The constant C of equation 3 for the strength feature.
    pub top: f64,
    /// Free text the trainer may set.
    #[cfg_attr(feature = "serde", serde(default))]
    pub description: String,
}

const FORMAT: &str = "go-eval combined candidate model";

/// One position prepared for learning: the feature rows of its legal points and which
/// one was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The legal points and their rows.
    pub points: Vec<(Point, Row)>,
    /// The index of the played point in `points`.
    pub played: usize,
}

impl Example {
    /// The example of `played` in `position`, or `None` if it is a pass or not a
    /// legal point.
    pub fn new(position: &Position, played: Move, model: &CombinedModel) -> Option<Example> {
        let target = played.point()?;
        let points = model.rows(position);
        let played = points.iter().position(|(p, _)| *p == target)?;
        Some(Example { points, played })
    }
}

impl CombinedModel {
    /// Zero weights over `strength` (or no strength feature).
    pub fn new(strength: Option<StrengthModel>) -> CombinedModel {
        CombinedModel {
            format: FORMAT.to_owned(),
            weights: GROUPS.iter().map(|(_, n)| vec![0.0; *n]).collect(),
            squares: GROUPS.iter().map(|(_, n)| vec![0.0; *n]).collect(),
            positions: 0,
            strength,
            top: 50.0,
            description: String::new(),
        }
    }

    /// The generator of the strength feature (the model's expected score, no height
    /// correction).
    fn strength_generator(&self) -> Option<StrengthCandidates> {
        let model = self.strength.clone()?;
        let config = ScoreConfig { top: self.top, height: None, distance: DistanceScore::Expected };
        Some(StrengthCandidates::new(Arc::new(model), config))
    }

    /// The feature rows of the legal points of `position` for the side to move.
    pub fn rows(&self, position: &Position) -> Vec<(Point, Row)> {
        let generator = self.strength_generator();
        rows(position, generator.as_ref(), self.top)
    }

    /// The score of a row: the sum of its weights.
    pub fn score(&self, row: &Row) -> f64 {
        row.iter().zip(&self.weights).map(|(&v, w)| w[usize::from(v)]).sum()
    }

    /// The model's probability of the played move of `example`.
    pub fn probability(&self, example: &Example) -> f64 {
        let scores: Vec<f64> = example.points.iter().map(|(_, r)| self.score(r)).collect();
        let max = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let total: f64 = scores.iter().map(|s| (s - max).exp()).sum();
        (scores[example.played] - max).exp() / total
    }

    /// One step of gradient ascent on the log-likelihood of `example`, AdaGrad-scaled
    /// with base rate `rate`.
    pub fn learn(&mut self, example: &Example, rate: f64) {
        let scores: Vec<f64> = example.points.iter().map(|(_, r)| self.score(r)).collect();
        let max = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let exp: Vec<f64> = scores.iter().map(|s| (s - max).exp()).collect();
        let total: f64 = exp.iter().sum();
        let mut gradient: Vec<Vec<f64>> = GROUPS.iter().map(|(_, n)| vec![0.0; *n]).collect();
        for ((_, row), e) in example.points.iter().zip(&exp) {
            for (g, &v) in row.iter().enumerate() {
                gradient[g][usize::from(v)] -= e / total;
            }
        }
        for (g, &v) in example.points[example.played].1.iter().enumerate() {
            gradient[g][usize::from(v)] += 1.0;
        }
        for ((w, s), d) in self.weights.iter_mut().zip(&mut self.squares).zip(&gradient) {
            for i in 0..w.len() {
                if d[i] != 0.0 {
                    s[i] += d[i] * d[i];
                    w[i] += rate * d[i] / s[i].sqrt();
                }
            }
        }
        self.positions += 1;
    }

    /// The model as JSON.
    ///
    /// Needs the `serde` feature.
    #[cfg(feature = "serde")]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a model serialises")
    }

    /// The model shipped with this crate (`models/combined.json`, over the shipped
    /// strength model; its [`CombinedModel::description`] says how to rebuild it).
    ///
    /// Needs the `serde` feature.
    ///
    /// # Errors
    ///
    /// None in practice (the file is checked by the crate's tests); the error of
    /// [`CombinedModel::from_json`] otherwise.
    #[cfg(feature = "serde")]
    pub fn shipped() -> Result<CombinedModel, super::model::ModelError> {
        CombinedModel::from_json(include_str!("../../models/combined.json"))
    }

    /// Reads a model from JSON and checks it: its format, one weight list per group of
    /// the right length, finite weights, and its strength model.
    ///
    /// Needs the `serde` feature.
    ///
    /// # Errors
    ///
    /// [`super::model::ModelError`] naming the fault.
    #[cfg(feature = "serde")]
    pub fn from_json(text: &str) -> Result<CombinedModel, super::model::ModelError> {
        use super::model::ModelError;
        let model: CombinedModel = serde_json::from_str(text).map_err(ModelError::Json)?;
        if model.format != FORMAT {
            return Err(ModelError::Format(format!(
                "the format is {:?}, not {FORMAT:?}",
                model.format
            )));
        }
        let shape = |w: &Vec<Vec<f64>>| {
            w.len() == GROUPS.len() && w.iter().zip(GROUPS).all(|(w, (_, n))| w.len() == n)
        };
        if !shape(&model.weights) || !shape(&model.squares) {
            return Err(ModelError::Format("the weights do not match the feature groups".into()));
        }
        if model.weights.iter().chain(&model.squares).flatten().any(|w| !w.is_finite())
            || !model.top.is_finite()
        {
            return Err(ModelError::Format("a weight is not finite".into()));
        }
        if let Some(strength) = &model.strength {
            // The same checks as a strength model file.
            StrengthModel::from_json(&serde_json::to_string(strength).map_err(ModelError::Json)?)?;
        }
        Ok(model)
    }
}

/// The bucket of a squared distance, or the "none" value.
fn distance_bucket(d2: Option<u32>) -> u8 {
    let beyond = DISTANCE_EDGES.len();
    match d2 {
        None => beyond as u8 + 1,
        Some(d) => DISTANCE_EDGES.iter().position(|&e| d <= e).unwrap_or(beyond) as u8,
    }
}

/// The last point played by `color`, if its last move was not a pass.
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

/// The rows of the legal points of `position`.
fn rows(position: &Position, strength: Option<&StrengthCandidates>, top: f64) -> Vec<(Point, Row)> {
    let board = position.board();
    let size = board.size();
    let mover = position.to_move();
    let number = next_move_number(position);
    let theirs = last_play(position, mover.opponent());
    let ours = last_play(position, mover);
    // The strength score of every legal point, by point index (NaN: no kosumi-ren).
    let mut scored = vec![f64::NAN; Point::INDEX_LIMIT];
    if let Some(s) = strength {
        for (p, e, ren) in s.point_scores(position).1 {
            if ren.is_some() {
                scored[p.index()] = e;
            }
        }
    }
    let phase = match number {
        0..=20 => 0,
        21..=60 => 1,
        61..=150 => 2,
        _ => 3,
    };
    let d2 = |p: Point, q: Option<Point>| {
        q.map(|q| {
            let dc = i32::from(p.col()) - i32::from(q.col());
            let dr = i32::from(p.row()) - i32::from(q.row());
            (dc * dc + dr * dr) as u32
        })
    };
    let liberties = |p: Point, color: Color| {
        p.neighbours(size)
            .filter(|&q| board.color_at(q) == Some(color))
            .map(|q| board.liberty_count(q))
            .min()
            .map_or(4, |l| (l.clamp(1, 4) - 1) as u8)
    };
    position
        .legal_moves()
        .filter_map(Move::point)
        .map(|p| {
            let e = scored[p.index()];
            let strength_value = if e.is_nan() {
                0
            } else {
                1 + ((e + top) / (top / 5.0)).floor().clamp(0.0, 9.0) as u8
            };
            let own = p.neighbours(size).filter(|&q| board.color_at(q) == Some(mover)).count();
            let enemy =
                p.neighbours(size).filter(|&q| board.color_at(q) == Some(mover.opponent())).count();
            let empty = p.neighbours(size).filter(|&q| board.is_empty_at(q)).count();
            let own_d = p.diagonals(size).filter(|&q| board.color_at(q) == Some(mover)).count();
            let enemy_d =
                p.diagonals(size).filter(|&q| board.color_at(q) == Some(mover.opponent())).count();
            let row: Row = [
                distance_bucket(d2(p, theirs)),
                distance_bucket(d2(p, ours)),
                (usize::from(p.line(size).min(6) - 1) * 4 + phase) as u8,
                strength_value,
                (own * 5 + enemy) as u8,
                liberties(p, mover.opponent()),
                liberties(p, mover),
                empty as u8,
                (own_d.min(2) * 3 + enemy_d.min(2)) as u8,
            ];
            (p, row)
        })
        .collect()
}

/// The combined generator; see the [module documentation](self).
#[derive(Clone, Debug)]
pub struct CombinedCandidates {
    model: Arc<CombinedModel>,
    strength: Option<StrengthCandidates>,
}

impl CombinedCandidates {
    /// The generator of `model`.
    pub fn new(model: Arc<CombinedModel>) -> CombinedCandidates {
        let strength = model.strength_generator();
        CombinedCandidates { model, strength }
    }
}

impl CandidateGenerator for CombinedCandidates {
    fn name(&self) -> &str {
        "combined"
    }

    /// Every legal point but the pass, with its score as the weight, intent
    /// [`Intent::Shape`].
    fn generate(&self, position: &Position, out: &mut Vec<Candidate>) {
        let source = Source::new("combined", "log-linear");
        out.extend(rows(position, self.strength.as_ref(), self.model.top).into_iter().map(
            |(p, row)| {
                Candidate::new(Move::Play(p), Intent::Shape, self.model.score(&row), source.clone())
            },
        ));
    }
}
