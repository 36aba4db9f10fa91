//! Candidate moves from the strength model: the strength paper's generator,
//! [`StrengthCandidates`] (its §5), a [`go_patterns::CandidateGenerator`] as every move
//! generator of the workspace; [`best`] takes the top `n` of any generator and
//! [`hit_share`] scores a prediction.
//!
//! For every legal point, the lanes ([`super::lanes`]) find the nearest kosumi-ren at
//! distance 1 to 6; each gives a **distance score** (equation 3)
//!
//! > p = C − C / s × |d − s|
//!
//! with `s` its strength (the proper distance, predicted by the [`StrengthModel`]) and
//! `d` its distance from the point; several kosumi-ren combine by the **weighted mean**
//! of equation 4, e = Σ wᵢ pᵢ / Σ wᵢ; then the **height correction** of Table 3 is
//! averaged in, (e + h(line)) / 2; the points of highest score are the candidates.
//!
//! Choices the paper leaves open, fixed here (see [`ScoreConfig`]):
//!
//! - **C** is 50 by default, the range of Table 3's corrections, so that the two terms
//!   of the final average weigh alike.
//! - **The weights of equation 4** are wᵢ = 10 − dᵢ, dᵢ the distance of kosumi-ren i
//!   (9 at distance 1 down to 4 at distance 6). The paper prints wᵢ = 10 − pᵢ with pᵢ
//!   the distance *score*, but its text says the nearer kosumi-ren weighs more "by a
//!   weight from its distance"; 10 − score would weigh the better-placed kosumi-ren
//!   *less* and turn negative for any C above 10, so the distance is meant.
//! - **A point no lane reaches** (nothing within distance 6) has distance score 0, the
//!   score of a point as far from its proper distance as its strength: with the
//!   height correction it ranks by its line alone.
//! - **Symmetry**: the paper's width and height are the columns and rows the kosumi-ren
//!   spans ("pure vertical and horizontal"); a tree reading them is not the same when
//!   the board is turned a quarter, so the generator scores each kosumi-ren with both
//!   readings (width and height as given, and exchanged) and takes the mean of the two
//!   distance scores. Contributions are summed in sorted order. The scores of a
//!   transformed position are then exactly the transformed scores.
//! - **Points**: every legal move of the side to move except the pass, each proposed
//!   once; touching points included (the paper scores distance 1 too).
//! - **Ties** between equal scores: [`best`] takes the lower point first (rows from the bottom, columns from the left); [`hit_share`], which
//!   evaluations use, counts a tie straddling the cut as the share of its points that
//!   fit (the expectation under a random tie-break).

use std::sync::Arc;

use go_board::{Color, Move, Point, Position};
use go_patterns::{Candidate, CandidateGenerator, Intent, Source};

use super::height::HeightCorrection;
use super::lanes::{Direction, RenHit};
use super::model::{MAX_STRENGTH, MIN_STRENGTH, Schema, StrengthModel};
use super::samples::{RenView, StrengthAttributes};

/// The `n` candidates of highest weight that `generator` proposes in `position`, best
/// first; equal weights go lower point first ([`Point::index`] order), a pass last.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Position, Rules};
/// use go_eval::strength::baselines::PotentialCandidates;
/// use go_eval::strength::candidates::best;
/// let position = Position::new(BoardSize::square(19)?, Rules::japanese());
/// let top = best(&PotentialCandidates::paper(), &position, 3);
/// assert_eq!(top.len(), 3);
/// assert!(top[0].weight >= top[2].weight);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn best(generator: &impl CandidateGenerator, position: &Position, n: usize) -> Vec<Candidate> {
    let mut all = Vec::new();
    generator.generate(position, &mut all);
    let key = |c: &Candidate| c.mv.point().map_or(usize::MAX, Point::index);
    all.sort_by(|a, b| b.weight.total_cmp(&a.weight).then(key(a).cmp(&key(b))));
    all.truncate(n);
    all
}

/// The share of the top `k` candidates that `played` takes: 1 if fewer than `k`
/// candidates weigh more and those weighing as much as `played` all fit in the top
/// `k`, the share of those that fit if they straddle the cut, and 0 if `k` candidates
/// weigh more or `played` is not proposed. It is the chance that `played` is among the
/// `k` best when ties are broken at random. Each move should be proposed once (the
/// generators of this module do so).
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Move};
/// use go_eval::strength::candidates::hit_share;
/// use go_patterns::{Candidate, Intent, Source};
/// let size = go_board::BoardSize::square(9)?;
/// let c = |v: &str, w: f64| Candidate::new(Move::parse_gtp(v, size).unwrap(), Intent::Shape, w, Source::new("test", v));
/// let all = [c("A1", 3.0), c("B1", 2.0), c("C1", 2.0), c("D1", 2.0), c("E1", 1.0)];
/// assert_eq!(hit_share(&all, Move::parse_gtp("A1", size)?, 2), 1.0);
/// // Three moves tie for the second place: one of them fits.
/// assert_eq!(hit_share(&all, Move::parse_gtp("C1", size)?, 2), 1.0 / 3.0);
/// assert_eq!(hit_share(&all, Move::parse_gtp("E1", size)?, 2), 0.0);
/// assert_eq!(hit_share(&all, Move::parse_gtp("E1", size)?, 5), 1.0);
/// assert_eq!(hit_share(&all, Move::parse_gtp("J9", size)?, 5), 0.0);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn hit_share(candidates: &[Candidate], played: Move, k: usize) -> f64 {
    let Some(own) = candidates.iter().find(|c| c.mv == played).map(|c| c.weight) else {
        return 0.0;
    };
    let above = candidates.iter().filter(|c| c.weight > own).count();
    let level = candidates.iter().filter(|c| c.weight == own).count();
    if above >= k {
        0.0
    } else if above + level <= k {
        1.0
    } else {
        (k - above) as f64 / level as f64
    }
}

/// How a kosumi-ren's distance score is computed from the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DistanceScore {
    /// Equation 3 with the predicted strength.
    Paper,
    /// Equation 3 averaged over the strengths of the training samples at the leaf the
    /// kosumi-ren reaches (the expected score under the leaf's distribution).
    Expected,
}

/// The settings of [`StrengthCandidates`].
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreConfig {
    /// The constant C of equation 3: the score of a point at exactly the proper
    /// distance.
    pub top: f64,
    /// The height correction averaged in, if any.
    pub height: Option<HeightCorrection>,
    /// How the distance score reads the model.
    pub distance: DistanceScore,
}

impl ScoreConfig {
    /// The paper's generator with Table 3's correction (its Table 4), C = 50.
    pub fn paper() -> ScoreConfig {
        ScoreConfig {
            top: 50.0,
            height: Some(HeightCorrection::paper_distance()),
            distance: DistanceScore::Paper,
        }
    }

    /// The paper's generator without correction (its Table 2), C = 50.
    pub fn paper_uncorrected() -> ScoreConfig {
        ScoreConfig { top: 50.0, height: None, distance: DistanceScore::Paper }
    }
}

/// The strength paper's candidate generator; see the [module documentation](self).
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use go_board::{Board, Color, Komi, Point, Position, Rules, Setup};
/// use go_eval::strength::candidates::{ScoreConfig, StrengthCandidates, best};
/// use go_eval::strength::id3::TreeConfig;
/// use go_eval::strength::model::{Schema, StrengthModel};
/// use go_eval::strength::samples::move_samples;
/// let board = Board::from_diagram(
///     "
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . X . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     ",
/// )?;
/// let size = board.size();
/// // A one-sample model: every kosumi-ren has strength 4.
/// let samples = move_samples(&board, Color::White, Point::parse_gtp("G3", size)?, 2);
/// let model = Arc::new(StrengthModel::train(&samples, Schema::Paper, &TreeConfig::ID3)?);
/// let mut position = Position::new(size, Rules::japanese());
/// position.setup(Setup { black: *board.stones(Color::Black), ..Setup::default() })?;
/// position.set_to_move(Color::White);
/// let generator = StrengthCandidates::new(model, ScoreConfig::paper_uncorrected());
/// let top = best(&generator, &position, 4);
/// // The points 4 away from C3 along its lanes (G2, G3, G4 and B7, C7, D7) score
/// // C = 50; ties go to the lower point. The source names the kosumi-ren.
/// let points: Vec<String> = top.iter().map(|c| c.mv.to_string()).collect();
/// assert_eq!(points, ["G2", "G3", "G4", "B7"]);
/// assert!(top.iter().all(|c| c.weight == 50.0));
/// assert_eq!(top[0].source.to_string(), "strength/C3");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct StrengthCandidates {
    model: Arc<StrengthModel>,
    config: ScoreConfig,
}

impl StrengthCandidates {
    /// The generator of `model` under `config`.
    pub fn new(model: Arc<StrengthModel>, config: ScoreConfig) -> StrengthCandidates {
        StrengthCandidates { model, config }
    }

    /// The model.
    pub fn model(&self) -> &StrengthModel {
        &self.model
    }

    /// The settings.
    pub fn config(&self) -> &ScoreConfig {
        &self.config
    }

    /// The distance score (equation 3, or its expectation) of a kosumi-ren with
    /// `attributes` at distance `distance`.
    fn ren_score(&self, attributes: &StrengthAttributes, distance: u8) -> f64 {
        let c = self.config.top;
        let eq3 = |s: u8| c - c / f64::from(s) * f64::from(s.abs_diff(distance));
        match self.config.distance {
            DistanceScore::Paper => eq3(self.model.strength(attributes)),
            DistanceScore::Expected => {
                let counts = self.model.distribution(attributes);
                let total: u32 = counts.iter().sum();
                if total == 0 {
                    return eq3(self.model.strength(attributes));
                }
                let mut terms: Vec<f64> = (MIN_STRENGTH..=MAX_STRENGTH)
                    .zip(counts)
                    .map(|(s, n)| f64::from(n) * eq3(s))
                    .collect();
                terms.sort_by(f64::total_cmp);
                terms.iter().sum::<f64>() / f64::from(total)
            }
        }
    }

    /// The distance score of `hit` seen from `point`: the mean over both readings of
    /// the bounding box and, for a directional model, over the lanes that reach it.
    fn hit_score(&self, view: &RenView, mover: Color, point: Point, hit: &RenHit) -> f64 {
        let mut terms: Vec<f64> = Vec::with_capacity(8);
        let directions: Vec<Direction> = match self.model.schema() {
            Schema::Paper => vec![Direction::North],
            Schema::Directional => Direction::from_bits(hit.directions).collect(),
        };
        for direction in directions {
            let a = view.attributes(mover, point, hit, direction);
            let mut turned = a;
            turned.ren.width = a.ren.height;
            turned.ren.height = a.ren.width;
            terms.push(self.ren_score(&a, hit.distance));
            terms.push(self.ren_score(&turned, hit.distance));
        }
        terms.sort_by(f64::total_cmp);
        terms.iter().sum::<f64>() / terms.len() as f64
    }

    /// The weighted mean of equation 4 at `point`, and the kosumi-ren of highest
    /// weight (the nearest, the first found on a tie), if a lane reaches one.
    pub fn distance_score(
        &self,
        view: &RenView,
        mover: Color,
        point: Point,
    ) -> Option<(f64, usize)> {
        self.cached_distance_score(view, mover, point, &mut Vec::new())
    }

    /// [`StrengthCandidates::distance_score`] with the scores of the paper schema (which
    /// reads nothing of the point) kept per kosumi-ren and distance in `cache`.
    fn cached_distance_score(
        &self,
        view: &RenView,
        mover: Color,
        point: Point,
        cache: &mut Vec<[Option<f64>; 7]>,
    ) -> Option<(f64, usize)> {
        let hits = view.map.nearest(point);
        let nearest = hits.iter().min_by_key(|h| h.distance)?.ren;
        let paper = self.model.schema() == Schema::Paper;
        if paper && cache.len() < view.rens.len() {
            cache.resize(view.rens.len(), [None; 7]);
        }
        let mut terms: Vec<(f64, f64)> = hits
            .iter()
            .map(|hit| {
                let w = f64::from(10 - hit.distance);
                let p = if paper {
                    *cache[hit.ren][usize::from(hit.distance)]
                        .get_or_insert_with(|| self.hit_score(view, mover, point, hit))
                } else {
                    self.hit_score(view, mover, point, hit)
                };
                (p, w)
            })
            .collect();
        terms.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
        let weighted: f64 = terms.iter().map(|(p, w)| p * w).sum();
        let weights: f64 = terms.iter().map(|(_, w)| w).sum();
        Some((weighted / weights, nearest))
    }
}

/// The legal points of the side to move.
pub(crate) fn legal_points(position: &Position) -> impl Iterator<Item = Point> + '_ {
    position.legal_moves().filter_map(Move::point)
}

/// The move number of the next move of `position` (1 before the first move).
pub(crate) fn next_move_number(position: &Position) -> u32 {
    u32::try_from(position.move_count()).unwrap_or(u32::MAX - 1) + 1
}

impl StrengthCandidates {
    /// The final score of every legal point of `position` for the side to move, with
    /// the index of the kosumi-ren that weighs most in it (the nearest; `None` for a
    /// point no lane reaches).
    pub fn point_scores(&self, position: &Position) -> (RenView, Vec<(Point, f64, Option<usize>)>) {
        let board = position.board();
        let size = board.size();
        let mover = position.to_move();
        let number = next_move_number(position);
        let view = RenView::new(board, number);
        let mut cache = Vec::new();
        let scores = legal_points(position)
            .map(|point| {
                let (e, ren) = match self.cached_distance_score(&view, mover, point, &mut cache) {
                    Some((e, ren)) => (e, Some(ren)),
                    None => (0.0, None),
                };
                let score = match &self.config.height {
                    Some(h) => (e + h.on_line(point.line(size), number)) / 2.0,
                    None => e,
                };
                (point, score, ren)
            })
            .collect();
        (view, scores)
    }
}

impl CandidateGenerator for StrengthCandidates {
    fn name(&self) -> &str {
        "strength"
    }

    /// Every legal point but the pass, with its score as the weight, intent
    /// [`Intent::Shape`], and as the source's item the lowest stone of the kosumi-ren
    /// that weighs most in the score (`height` for a point no lane reaches).
    fn generate(&self, position: &Position, out: &mut Vec<Candidate>) {
        let (view, scores) = self.point_scores(position);
        let names: Vec<Source> = view
            .rens
            .iter()
            .map(|r| {
                Source::new(
                    "strength",
                    r.stones.first().map_or_else(String::new, |p| p.to_string()),
                )
            })
            .collect();
        let height = Source::new("strength", "height");
        out.extend(scores.into_iter().map(|(point, score, ren)| {
            let source = ren.map_or_else(|| height.clone(), |r| names[r].clone());
            Candidate::new(Move::Play(point), Intent::Shape, score, source)
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strength::baselines::{LocalityCandidates, PotentialCandidates};
    use crate::strength::id3::TreeConfig;
    use crate::strength::lanes::RenHit;
    use crate::strength::samples::Sample;
    use go_board::{Board, Rules, Setup, Symmetry};

    fn position(diagram: &str, to_move: Color) -> Position {
        let board = Board::from_diagram(diagram).unwrap();
        let mut position = Position::new(board.size(), Rules::japanese());
        position
            .setup(Setup {
                black: *board.stones(Color::Black),
                white: *board.stones(Color::White),
                ..Setup::default()
            })
            .unwrap();
        position.set_to_move(to_move);
        position
    }

    /// A sample of some kosumi-ren of `view` with `own`, width, height and distance set.
    fn sample(view: &RenView, own: bool, wh: (u32, u32), distance: u8) -> Sample {
        let hit = RenHit { ren: 0, distance, directions: Direction::North.bit() };
        let p = Point::must(0, 0, view.map.size());
        let mut attributes = view.attributes(Color::Black, p, &hit, Direction::North);
        attributes.own = own;
        (attributes.ren.width, attributes.ren.height) = wh;
        Sample { attributes, distance }
    }

    const BOARD: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . O . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X . . . . . .
        . . . . . . . . .
        . . . . . . . . .
    ";

    /// A model that gives own kosumi-ren strength 2 and enemy ones 5, and the scores of
    /// C6 for White worked by hand: White's G7 is 4 away on the east lane's side (w = 6),
    /// Black's C3 is 3 away down the south lane (w = 7).
    #[test]
    fn issue_13_scores_worked_by_hand() {
        let pos = position(BOARD, Color::White);
        let view = RenView::new(pos.board(), 1);
        let samples = [sample(&view, true, (1, 1), 2), sample(&view, false, (1, 1), 5)];
        let model =
            Arc::new(StrengthModel::train(&samples, Schema::Paper, &TreeConfig::ID3).unwrap());
        let c6 = Point::parse_gtp("C6", pos.size()).unwrap();
        let score_at = |config: ScoreConfig| {
            let (_, scores) = StrengthCandidates::new(model.clone(), config).point_scores(&pos);
            scores.into_iter().find(|s| s.0 == c6).unwrap()
        };
        // G7 (own, s = 2, d = 4): 50 - 50 / 2 * 2 = 0. C3 (enemy, s = 5, d = 3):
        // 50 - 50 / 5 * 2 = 30. Equation 4: (6 * 0 + 7 * 30) / 13.
        let e = (6.0 * 0.0 + 7.0 * 30.0) / 13.0;
        let (_, plain, nearest) = score_at(ScoreConfig::paper_uncorrected());
        assert!((plain - e).abs() < 1e-12, "{plain}");
        // The nearest kosumi-ren weighs most: C3.
        assert_eq!(
            view.rens[nearest.unwrap()].stones.first(),
            Point::parse_gtp("C3", pos.size()).ok()
        );
        // C6 is on the third line: Table 3 gives 50, averaged in.
        let (_, corrected, _) = score_at(ScoreConfig::paper());
        assert!((corrected - (e + 50.0) / 2.0).abs() < 1e-12, "{corrected}");
        // The expected score with one sample per leaf is the same.
        let expected =
            ScoreConfig { distance: DistanceScore::Expected, ..ScoreConfig::paper_uncorrected() };
        assert!((score_at(expected).1 - e).abs() < 1e-12);
        // A point no lane reaches scores 0 before the correction: J1 is on line 1
        // (Table 3: 0).
        let j1 = Point::parse_gtp("J1", pos.size()).unwrap();
        let (_, scores) =
            StrengthCandidates::new(model.clone(), ScoreConfig::paper()).point_scores(&pos);
        assert_eq!(scores.iter().find(|s| s.0 == j1).map(|s| (s.1, s.2)), Some((0.0, None)));
        // Every legal point is proposed once; occupied points are not.
        assert_eq!(scores.len(), 81 - 2);
    }

    /// Equation 3 on its own: a kosumi-ren of strength s at distance d scores
    /// 50 − 50 / s · |d − s|, for every s and d of the lanes.
    #[test]
    fn equation_3_for_every_strength_and_distance() {
        let pos = position(BOARD, Color::Black);
        let view = RenView::new(pos.board(), 1);
        for s in MIN_STRENGTH..=MAX_STRENGTH {
            let model = Arc::new(
                StrengthModel::train(
                    &[sample(&view, true, (1, 1), s)],
                    Schema::Paper,
                    &TreeConfig::ID3,
                )
                .unwrap(),
            );
            let generator = StrengthCandidates::new(model, ScoreConfig::paper_uncorrected());
            let a = view.attributes(
                Color::Black,
                Point::must(0, 0, pos.size()),
                &RenHit { ren: 0, distance: 1, directions: 1 },
                Direction::North,
            );
            for d in 1..=6u8 {
                let want = 50.0 - 50.0 / f64::from(s) * f64::from(s.abs_diff(d));
                assert!((generator.ren_score(&a, d) - want).abs() < 1e-12, "s {s} d {d}");
            }
        }
    }

    /// A position with moves played (so locality has last moves) and its image under a
    /// symmetry, played move by move.
    fn game(symmetry: Symmetry) -> Position {
        let size = go_board::BoardSize::square(13).unwrap();
        // Black's D4-E4 is wider than high.
        let moves =
            ["D4", "K10", "C10", "K4", "F11", "J6", "G7", "E9", "L7", "D5", "H3", "C4", "E4", "L3"];
        let mut position = Position::new(size, Rules::japanese());
        for v in moves {
            let p = symmetry.apply(Point::parse_gtp(v, size).unwrap(), size);
            position.try_play(Move::Play(p)).unwrap();
        }
        position
    }

    /// Under all 8 symmetries, the transformed position gets the transformed scores,
    /// exactly, from every generator, for a model that reads width and height
    /// differently (so turning the board would change an unsymmetrised score) and for a
    /// directional one.
    #[test]
    fn issue_13_candidates_follow_the_8_symmetries() {
        let base = game(Symmetry::IDENTITY);
        let view = RenView::new(base.board(), 1);
        let samples = [
            sample(&view, true, (3, 1), 2),
            sample(&view, true, (1, 2), 5),
            sample(&view, false, (1, 1), 4),
            sample(&view, false, (2, 1), 3),
        ];
        let paper =
            Arc::new(StrengthModel::train(&samples, Schema::Paper, &TreeConfig::ID3).unwrap());
        let mut directional_samples = samples.to_vec();
        directional_samples[1].attributes.room = 9;
        directional_samples[2].attributes.heading = crate::strength::samples::Heading::Centreward;
        let directional = Arc::new(
            StrengthModel::train(&directional_samples, Schema::Directional, &TreeConfig::C45)
                .unwrap(),
        );
        let generators: Vec<Box<dyn CandidateGenerator>> = vec![
            Box::new(StrengthCandidates::new(paper.clone(), ScoreConfig::paper())),
            Box::new(StrengthCandidates::new(
                paper,
                ScoreConfig {
                    distance: DistanceScore::Expected,
                    ..ScoreConfig::paper_uncorrected()
                },
            )),
            Box::new(StrengthCandidates::new(directional, ScoreConfig::paper())),
            Box::new(PotentialCandidates::paper()),
            Box::new(LocalityCandidates),
        ];
        let size = base.size();
        for generator in &generators {
            let mut scores = Vec::new();
            generator.generate(&base, &mut scores);
            let distinct: std::collections::BTreeSet<u64> =
                scores.iter().map(|c| c.weight.to_bits()).collect();
            assert!(distinct.len() > 5, "{}: {} distinct scores", generator.name(), distinct.len());
            let top = best(generator, &base, 10);
            for symmetry in Symmetry::ALL {
                let turned = game(symmetry);
                let mut turned_scores = Vec::new();
                generator.generate(&turned, &mut turned_scores);
                assert_eq!(turned_scores.len(), scores.len());
                for c in &scores {
                    let image = Move::Play(symmetry.apply(c.mv.point().unwrap(), size));
                    let t = turned_scores.iter().find(|t| t.mv == image).unwrap();
                    assert_eq!(t.weight, c.weight, "{} {symmetry:?} {}", generator.name(), c.mv);
                }
                // The top 10 map to the top 10 when no tie straddles the cut.
                let mut all = scores.clone();
                all.sort_by(|a, b| b.weight.total_cmp(&a.weight));
                if all[9].weight > all[10].weight {
                    let image: std::collections::BTreeSet<String> = top
                        .iter()
                        .map(|c| symmetry.apply(c.mv.point().unwrap(), size).to_string())
                        .collect();
                    let got: std::collections::BTreeSet<String> =
                        best(generator, &turned, 10).iter().map(|c| c.mv.to_string()).collect();
                    assert_eq!(got, image, "{} {symmetry:?}", generator.name());
                }
            }
        }
    }
}
