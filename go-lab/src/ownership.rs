//! The ownership benchmark of `reference/eval.md` §3.3 (`go-lab eval-bench`): how well
//! static evaluators predict who owns each point at the end of a game, and the final
//! score.
//!
//! Each labelled game (a JSON line naming an SGF file, its number of moves, its result
//! and the final owner of every point, see [`Label`]) is replayed to the positions after
//! 25, 50, 75 and 90 % of its moves (rounded down). Every [`Model`] predicts an
//! ownership map, Black's lead and bounds on it; [`Tally`] accumulates
//!
//! - **accuracy**: points whose predicted owner is the true one, over the points the
//!   truth gives to a colour (an undecided prediction counts as wrong);
//! - **coverage**: points decided, over the same points; **precision** = accuracy /
//!   coverage;
//! - **score MAE**: mean absolute difference between the predicted lead and the
//!   recorded result, in points; **winner accuracy**: share of positions where the
//!   sign agrees (a predicted draw counts as wrong);
//! - **bound validity**: share of positions whose recorded result lies within the
//!   bounds; **bound width**: their mean width in points.

use std::path::Path;

use go_board::PointMap;
use go_board::{BoardSize, Color, Point, PointSet, Position};
use go_eval::Ownership;
use go_eval::bouzy::Bouzy;
use go_eval::evaluate::{Evaluation, PositionEvaluator};
use go_eval::influence::{Directional, DirectionalConfig, ZobristPotential};
use go_eval::ownership::signs;
use go_eval::reading::Budget;
use serde::{Deserialize, Serialize};

/// One labelled game: a line of the labels file.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Label {
    /// The SGF file, relative to the games folder.
    pub file: String,
    /// The number of moves of the game.
    pub moves: usize,
    /// The result, such as `B+4.5`.
    pub result: String,
    /// The komi.
    pub komi: f64,
    /// The final owner of each point: one character per point, rows from the top, each
    /// row from left to right; `b` Black, `w` White, `.` nobody.
    pub ownership: String,
}

/// Reads a labels file: one JSON object per line, blank lines skipped.
///
/// # Errors
///
/// A message naming the file and line that cannot be read or parsed.
pub fn read_labels(path: &Path) -> Result<Vec<Label>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut labels = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let label: Label =
            serde_json::from_str(line).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
        labels.push(label);
    }
    Ok(labels)
}

/// The true ownership of a label on a board of `size`.
///
/// # Errors
///
/// When the string does not have one character `b`, `w` or `.` per point.
pub fn truth(label: &Label, size: BoardSize) -> Result<Ownership, String> {
    let chars: Vec<char> = label.ownership.chars().collect();
    if chars.len() != size.point_count() {
        return Err(format!(
            "{}: {} ownership characters for a {size} board",
            label.file,
            chars.len()
        ));
    }
    let mut grid = PointMap::new(size, None);
    for (i, ch) in chars.into_iter().enumerate() {
        let (row, col) = (i / usize::from(size.cols()), i % usize::from(size.cols()));
        let p = Point::must(col as u8, size.rows() - 1 - row as u8, size);
        grid[p] = match ch {
            'b' => Some(Color::Black),
            'w' => Some(Color::White),
            '.' => None,
            c => return Err(format!("{}: unexpected ownership character {c:?}", label.file)),
        };
    }
    Ok(grid)
}

/// Black's lead in half-points from a result such as `B+4.5`, `W+12` or `0`; `None`
/// for a result without a count (resignation, time, unknown).
pub fn result_margin(result: &str) -> Option<i32> {
    if result == "0" || result.eq_ignore_ascii_case("draw") || result.eq_ignore_ascii_case("jigo") {
        return Some(0);
    }
    let (sign, rest) = match result.get(..2)? {
        "B+" | "b+" => (1, &result[2..]),
        "W+" | "w+" => (-1, &result[2..]),
        _ => return None,
    };
    let points: f64 = rest.parse().ok()?;
    let half = points * 2.0;
    (half.is_finite() && half.fract() == 0.0 && half.abs() < 1e6).then(|| sign * half as i32)
}

/// What a model says about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prediction {
    /// The predicted owner of every point (`None`: undecided).
    pub ownership: Ownership,
    /// Black's predicted lead in half-points.
    pub margin: i32,
    /// Bounds of Black's lead in half-points, `low <= high`.
    pub bounds: (i32, i32),
}

/// What every model may use: the position and the six-step evaluation (its dead
/// stones in particular), computed once per position.
#[derive(Debug)]
pub struct Context<'a> {
    /// The position.
    pub position: &'a Position,
    /// The neutral evaluation of the default [`PositionEvaluator`].
    pub evaluation: Evaluation,
    /// Its bounds.
    pub bounds: (i32, i32),
}

impl<'a> Context<'a> {
    /// Evaluates `position` once for all models.
    pub fn new(position: &'a Position, evaluator: &PositionEvaluator) -> Context<'a> {
        let estimate = evaluator.estimate_score(position);
        let b = estimate.bounds;
        Context {
            position,
            evaluation: estimate.evaluation,
            bounds: (b.pessimistic(), b.optimistic()),
        }
    }

    /// The stones the evaluation judged alive, by colour.
    pub fn living(&self) -> go_board::ByColor<PointSet> {
        let board = self.position.board();
        let dead = self.evaluation.dead;
        go_board::ByColor::new(
            *board.stones(Color::Black) - dead,
            *board.stones(Color::White) - dead,
        )
    }
}

/// An ownership predictor compared by the benchmark (shared by the worker threads).
pub trait Model: Sync {
    /// A short name, such as `zobrist-4`.
    fn name(&self) -> &str;
    /// The prediction for the position of `context`.
    fn predict(&self, context: &Context<'_>) -> Prediction;
}

/// The prediction of an ownership map: its count under the position's rules, with
/// the undecided points given all to White (low bound) or all to Black (high bound).
pub fn map_prediction(context: &Context<'_>, ownership: Ownership, dead: &PointSet) -> Prediction {
    let position = context.position;
    let margin = position.score_ownership(&ownership, dead).margin_half_points();
    let fill = |c: Color| ownership.map(|o| o.or(Some(c)));
    let low = position.score_ownership(&fill(Color::White), dead).margin_half_points();
    let high = position.score_ownership(&fill(Color::Black), dead).margin_half_points();
    Prediction { ownership, margin, bounds: (low.min(margin), high.max(margin)) }
}

/// Zobrist's potential, its sign as the owner; with or without the evaluation's dead
/// stones removed first.
#[derive(Clone, Copy, Debug)]
pub struct ZobristModel {
    /// The model.
    pub zobrist: ZobristPotential,
    /// Whether the evaluation's dead stones are removed first.
    pub remove_dead: bool,
}

impl Model for ZobristModel {
    fn name(&self) -> &str {
        if self.remove_dead { "zobrist-4+dead" } else { "zobrist-4" }
    }

    fn predict(&self, context: &Context<'_>) -> Prediction {
        let (stones, dead) = stones_and_dead(context, self.remove_dead);
        let map = self.zobrist.map(context.position.size(), &stones);
        map_prediction(context, signs(&map), &dead)
    }
}

/// Bouzy's map after the evaluation's dead stones are removed: its sign as the owner.
#[derive(Clone, Debug)]
pub struct BouzyModel {
    /// The operator.
    pub bouzy: Bouzy,
    /// The name.
    pub name: String,
}

impl Model for BouzyModel {
    fn name(&self) -> &str {
        &self.name
    }

    fn predict(&self, context: &Context<'_>) -> Prediction {
        let (stones, dead) = stones_and_dead(context, true);
        let map = self.bouzy.map(context.position.size(), &stones);
        map_prediction(context, signs(&map), &dead)
    }
}

/// The directional influence after the evaluation's dead stones are removed: GNU Go's
/// region classes (any class decides the owner), or the sign of Black's minus White's
/// influence.
#[derive(Clone, Debug)]
pub struct InfluenceModel {
    /// The model.
    pub directional: Directional,
    /// Regions (`true`) or the sign of the difference (`false`).
    pub regions: bool,
}

impl Model for InfluenceModel {
    fn name(&self) -> &str {
        if self.regions { "influence-regions+dead" } else { "influence-sign+dead" }
    }

    fn predict(&self, context: &Context<'_>) -> Prediction {
        let (stones, dead) = stones_and_dead(context, true);
        let influence = self.directional.influence(context.position.size(), &stones);
        let ownership = if self.regions {
            influence.regions().map(|r| r.map(|(c, _)| c))
        } else {
            signs(&influence.difference())
        };
        map_prediction(context, ownership, &dead)
    }
}

/// The six-step evaluation itself: its ownership map, lead and tilted bounds.
#[derive(Clone, Copy, Debug)]
pub struct EvaluationModel;

impl Model for EvaluationModel {
    fn name(&self) -> &str {
        "eval"
    }

    fn predict(&self, context: &Context<'_>) -> Prediction {
        Prediction {
            ownership: context.evaluation.ownership.clone(),
            margin: context.evaluation.margin(),
            bounds: context.bounds,
        }
    }
}

/// The six-step evaluation with reading: owl reading decides the dead stones, and
/// critical dragons widen the bounds ([`PositionEvaluator::estimate_score_with_reading`]
/// with the budget of each owl question, [`ReadStatus::BUDGET`](go_eval::score::ReadStatus::BUDGET) by default).
#[derive(Clone, Copy, Debug)]
pub struct ReadingModel {
    /// The budget of each owl question.
    pub budget: Budget,
}

impl Model for ReadingModel {
    fn name(&self) -> &str {
        "eval+reading"
    }

    fn predict(&self, context: &Context<'_>) -> Prediction {
        let evaluator = PositionEvaluator::default();
        let estimate = evaluator.estimate_score_with_reading(context.position, self.budget);
        let b = estimate.bounds;
        Prediction {
            ownership: estimate.evaluation.ownership.clone(),
            margin: estimate.margin(),
            bounds: (b.pessimistic(), b.optimistic()),
        }
    }
}

fn stones_and_dead(
    context: &Context<'_>,
    remove_dead: bool,
) -> (go_board::ByColor<PointSet>, PointSet) {
    if remove_dead {
        (context.living(), context.evaluation.dead)
    } else {
        let board = context.position.board();
        (
            go_board::ByColor::new(*board.stones(Color::Black), *board.stones(Color::White)),
            PointSet::EMPTY,
        )
    }
}

/// Every model of the benchmark, in the order of its tables; `budget` is that of each
/// owl question of the evaluation with reading.
pub fn models(budget: Budget) -> Vec<Box<dyn Model + Send>> {
    let directional =
        Directional::new(DirectionalConfig::GNU_GO).expect("GNU Go's settings are valid");
    vec![
        Box::new(ZobristModel { zobrist: ZobristPotential::CLASSIC, remove_dead: false }),
        Box::new(ZobristModel { zobrist: ZobristPotential::CLASSIC, remove_dead: true }),
        Box::new(BouzyModel { bouzy: Bouzy::TERRITORY, name: "bouzy-5/21+dead".into() }),
        Box::new(BouzyModel { bouzy: Bouzy::MOYO, name: "bouzy-5/10+dead".into() }),
        Box::new(BouzyModel { bouzy: Bouzy::AREA, name: "bouzy-4/0+dead".into() }),
        Box::new(InfluenceModel { directional: directional.clone(), regions: true }),
        Box::new(InfluenceModel { directional, regions: false }),
        Box::new(EvaluationModel),
        Box::new(ReadingModel { budget }),
    ]
}

/// Running totals of one model at one fraction of the game (the record of one game, or
/// the sum of many: see [`Tally::merge`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Positions seen.
    pub positions: u64,
    /// Points the truth gives to a colour.
    pub points: u64,
    /// Of those, points predicted correctly.
    pub correct: u64,
    /// Of those, points predicted for some colour.
    pub decided: u64,
    /// Sum of absolute score errors, in half-points.
    pub abs_error: u64,
    /// Positions whose winner was predicted.
    pub winners: u64,
    /// Positions whose result lies within the bounds.
    pub within: u64,
    /// Sum of bound widths, in half-points.
    pub width: u64,
}

impl Tally {
    /// Adds one position: `prediction` against the true ownership and Black's final
    /// lead in half-points.
    pub fn add(&mut self, prediction: &Prediction, truth: &Ownership, final_margin: i32) {
        self.positions += 1;
        for (p, owner) in truth.iter() {
            let Some(owner) = *owner else { continue };
            self.points += 1;
            if let Some(c) = prediction.ownership[p] {
                self.decided += 1;
                if c == owner {
                    self.correct += 1;
                }
            }
        }
        self.abs_error += u64::from((prediction.margin - final_margin).unsigned_abs());
        if prediction.margin.signum() == final_margin.signum() && final_margin != 0 {
            self.winners += 1;
        }
        let (low, high) = prediction.bounds;
        if low <= final_margin && final_margin <= high {
            self.within += 1;
        }
        self.width += u64::from((high - low).unsigned_abs());
    }

    /// Adds the totals of `other` (positions of other games) to these.
    pub fn merge(&mut self, other: &Tally) {
        self.positions += other.positions;
        self.points += other.points;
        self.correct += other.correct;
        self.decided += other.decided;
        self.abs_error += other.abs_error;
        self.winners += other.winners;
        self.within += other.within;
        self.width += other.width;
    }

    /// The summary row of this tally.
    pub fn row(&self, evaluator: &str, fraction: f64) -> Row {
        let ratio = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
        let n = self.positions;
        Row {
            evaluator: evaluator.to_owned(),
            fraction,
            positions: n,
            accuracy: ratio(self.correct, self.points),
            coverage: ratio(self.decided, self.points),
            precision: ratio(self.correct, self.decided),
            score_mae: ratio(self.abs_error, n) / 2.0,
            winner_accuracy: ratio(self.winners, n),
            bound_validity: ratio(self.within, n),
            bound_width: ratio(self.width, n) / 2.0,
        }
    }
}

/// One line of the benchmark's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The model.
    pub evaluator: String,
    /// The fraction of the game played.
    pub fraction: f64,
    /// Positions evaluated.
    pub positions: u64,
    /// Per-point accuracy (undecided counts as wrong), 0 to 1.
    pub accuracy: f64,
    /// Share of points decided, 0 to 1.
    pub coverage: f64,
    /// Accuracy over the decided points, 0 to 1.
    pub precision: f64,
    /// Mean absolute score error, in points.
    pub score_mae: f64,
    /// Share of positions whose winner was predicted, 0 to 1.
    pub winner_accuracy: f64,
    /// Share of positions whose result lies within the bounds, 0 to 1.
    pub bound_validity: f64,
    /// Mean width of the bounds, in points.
    pub bound_width: f64,
}

/// The fractions of the game the benchmark looks at.
pub const FRACTIONS: [f64; 4] = [0.25, 0.5, 0.75, 0.9];

/// The number of moves played at `fraction` of a game of `moves` moves (rounded down).
pub fn moves_at(fraction: f64, moves: usize) -> usize {
    (fraction * moves as f64).floor() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_in_half_points() {
        assert_eq!(result_margin("B+4.5"), Some(9));
        assert_eq!(result_margin("W+12"), Some(-24));
        assert_eq!(result_margin("0"), Some(0));
        assert_eq!(result_margin("Jigo"), Some(0));
        assert_eq!(result_margin("B+R"), None);
        assert_eq!(result_margin("W+Time"), None);
        assert_eq!(result_margin("B+0.3"), None);
        assert_eq!(result_margin("B+1e9"), None);
        assert_eq!(result_margin(""), None);
    }

    #[test]
    fn moves_at_rounds_down() {
        assert_eq!(moves_at(0.25, 10), 2);
        assert_eq!(moves_at(0.9, 271), 243);
        assert_eq!(moves_at(0.5, 0), 0);
    }

    fn label(ownership: &str) -> Label {
        Label {
            file: "x.sgf".into(),
            moves: 0,
            result: "B+1".into(),
            komi: 0.0,
            ownership: ownership.into(),
        }
    }

    #[test]
    fn truth_rows_from_the_top() {
        let size = BoardSize::square(2).unwrap();
        let t = truth(&label("bw.b"), size).unwrap();
        let at = |v: &str| t[Point::parse_gtp(v, size).unwrap()];
        assert_eq!(at("A2"), Some(Color::Black));
        assert_eq!(at("B2"), Some(Color::White));
        assert_eq!(at("A1"), None);
        assert_eq!(at("B1"), Some(Color::Black));
        assert!(truth(&label("bwb"), size).unwrap_err().contains("3 ownership characters"));
        assert!(truth(&label("bwxb"), size).unwrap_err().contains("'x'"));
    }

    #[test]
    fn tally_of_one_position() {
        let size = BoardSize::square(2).unwrap();
        let t = truth(&label("bw.b"), size).unwrap();
        // Undecided on A2, wrong on B2 and B1, anything on the neutral A1.
        let predicted = truth(&label(".bww"), size).unwrap();
        let prediction = Prediction { ownership: predicted, margin: 3, bounds: (-4, 2) };
        let mut tally = Tally::default();
        tally.add(&prediction, &t, 2);
        let row = tally.row("x", 0.5);
        assert_eq!((tally.points, tally.correct, tally.decided), (3, 0, 2));
        assert_eq!(row.accuracy, 0.0);
        assert!((row.coverage - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!((row.score_mae, row.winner_accuracy), (0.5, 1.0));
        assert_eq!((row.bound_validity, row.bound_width), (1.0, 3.0));
        let prediction = Prediction { ownership: t.clone(), margin: -1, bounds: (-1, -1) };
        tally.add(&prediction, &t, 2);
        let row = tally.row("x", 0.5);
        assert!((row.accuracy - 0.5).abs() < 1e-12);
        assert!((row.precision - 3.0 / 5.0).abs() < 1e-12);
        assert_eq!((row.score_mae, row.winner_accuracy, row.bound_validity), (1.0, 0.5, 0.5));
        // Two games tallied apart and merged count as one tally of both.
        let mut first = Tally::default();
        first.add(&Prediction { ownership: t.clone(), margin: 3, bounds: (-4, 2) }, &t, 2);
        let mut second = Tally::default();
        second.add(&prediction, &t, 2);
        let mut both = first;
        both.add(&prediction, &t, 2);
        first.merge(&second);
        assert_eq!(first, both);
    }
}
