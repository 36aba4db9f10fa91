//! The learned model: shapes and tactical features with their gammas; it scores every
//! move of a position and proposes the strongest as candidates.

use std::sync::Arc;

use go_board::{Move, Point, Position};

use super::dictionary::Dictionary;
use super::factors::Factors;
use super::features::{Context, FeatureGroup, TACTICAL, Team};
use super::mm::FitReport;
use super::shape::Shape;
use super::training::{Harvest, TrainConfig, TrainError, TrainingSet};
use crate::{BoardOnly, BoardOracle, Candidate, CandidateGenerator, Intent, Source};

/// A move and its strength: the product of the gammas of its features.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoredMove {
    /// The move's point.
    pub point: Point,
    /// Its strength (larger is better); the probability that it is played is its share
    /// of the sum over all moves.
    pub gamma: f64,
}

/// Learned shape patterns and tactical features with Bradley–Terry gammas (Coulom
/// 2007): a move is a team of features (see [`FeatureGroup`]), its strength the product
/// of their gammas, the largest learned shape around it counting as one feature.
///
/// Trained with [`LearnedPatterns::train`] (or [`Harvest`] and [`TrainingSet`] step by
/// step), written with [`LearnedPatterns::to_bytes`] and read back with
/// [`LearnedPatterns::from_bytes`] (the format is in [`crate::learned`]). As a
/// [`CandidateGenerator`] it proposes the strongest legal moves.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Move, Point, Position, Rules};
/// use go_patterns::CandidateGenerator;
/// use go_patterns::learned::{LearnedPatterns, TrainConfig};
///
/// // Train on a tiny "collection": one opening, played twice.
/// let size = BoardSize::square(19)?;
/// let mut samples = Vec::new();
/// for _ in 0..2 {
///     let mut position = Position::new(size, Rules::japanese());
///     for v in ["Q16", "D4", "Q3", "D16", "R5"] {
///         let mv = Move::Play(Point::parse_gtp(v, size)?);
///         samples.push((position.clone(), mv));
///         position.try_play(mv)?;
///     }
/// }
/// let config = TrainConfig { min_count: 2, ..TrainConfig::default() };
/// let (model, _report) = LearnedPatterns::train(samples.iter().cloned(), &config)?;
/// let model = LearnedPatterns::from_bytes(&model.to_bytes())?.with_candidates(5);
///
/// let position = Position::new(size, Rules::japanese());
/// let mut candidates = Vec::new();
/// model.generate(&position, &mut candidates);
/// assert_eq!(candidates.len(), 5);
/// assert!(candidates.iter().all(|c| position.is_legal(c.mv)));
/// // The weights are the model's probabilities of the moves, the strongest first.
/// assert!(candidates.windows(2).all(|w| w[0].weight >= w[1].weight));
/// assert!(candidates.iter().map(|c| c.weight).sum::<f64>() <= 1.0);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct LearnedPatterns {
    dictionary: Arc<Dictionary>,
    tactical: [Vec<f32>; TACTICAL],
    shape: Vec<f32>,
    /// The latent factors (pairwise interactions), if the model has them.
    factors: Option<Arc<Factors>>,
    oracle: Arc<dyn BoardOracle + Send + Sync>,
    candidates: usize,
}

impl core::fmt::Debug for LearnedPatterns {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("LearnedPatterns")
            .field("shapes", &self.shape.len())
            .field("tactical", &self.tactical)
            .field("factor_dimensions", &self.factor_dimensions())
            .field("candidates", &self.candidates)
            .finish_non_exhaustive()
    }
}

impl LearnedPatterns {
    /// The number of candidates [`CandidateGenerator::generate`] proposes by default.
    pub const DEFAULT_CANDIDATES: usize = 20;

    /// A model from its parts (the gammas of each tactical group's levels, one gamma
    /// per shape of the dictionary).
    pub(crate) fn from_parts(
        dictionary: Arc<Dictionary>,
        tactical: [Vec<f32>; TACTICAL],
        shape: Vec<f32>,
    ) -> LearnedPatterns {
        debug_assert_eq!(dictionary.shapes().len(), shape.len());
        LearnedPatterns {
            dictionary,
            tactical,
            shape,
            factors: None,
            oracle: Arc::new(BoardOnly),
            candidates: LearnedPatterns::DEFAULT_CANDIDATES,
        }
    }

    /// The same model with latent factors (vectors for every tactical level and shape of
    /// this model).
    pub(crate) fn with_factors(mut self, factors: Option<Factors>) -> LearnedPatterns {
        debug_assert!(factors.as_ref().is_none_or(|f| f.shape.len() == f.k * self.shape.len()));
        self.factors = factors.map(Arc::new);
        self
    }

    /// The length of the latent-factor vectors (0 for a Bradley–Terry model without
    /// them).
    pub fn factor_dimensions(&self) -> usize {
        self.factors.as_ref().map_or(0, |f| f.k)
    }

    /// The latent factors (for the file format).
    pub(crate) fn factors(&self) -> Option<&Factors> {
        self.factors.as_deref()
    }

    /// Trains a model on `samples`, positions each with the move its side to move
    /// played: harvests the shapes, keeps those of [`TrainConfig::min_count`], gathers
    /// every position's candidates and fits the gammas. The samples are read twice.
    ///
    /// # Errors
    ///
    /// [`TrainError::NoPositions`] when no sample is a move the board allows.
    pub fn train<I>(
        samples: I,
        config: &TrainConfig,
    ) -> Result<(LearnedPatterns, FitReport), TrainError>
    where
        I: IntoIterator<Item = (Position, Move)> + Clone,
    {
        let mut harvest = Harvest::new();
        for (position, mv) in samples.clone() {
            harvest.add(&position, mv);
        }
        let mut set = TrainingSet::new(&harvest, config.min_count, config.max_shapes);
        for (position, mv) in samples {
            set.add(&position, mv);
        }
        set.fit(&config.fit)
    }

    /// The same model proposing `k` candidates.
    pub fn with_candidates(mut self, k: usize) -> LearnedPatterns {
        self.candidates = k;
        self
    }

    /// The same model reading ladders through `oracle`. A model read from a file reads
    /// none ([`BoardOnly`]: the ladder levels of the escape and atari features never
    /// apply); a trained model keeps its training set's oracle. The gammas were fitted
    /// with the training set's answers: give the model a reader that answers as that one
    /// did (go-eval's ladder reader for the shipped model).
    pub fn with_oracle(mut self, oracle: Arc<dyn BoardOracle + Send + Sync>) -> LearnedPatterns {
        self.oracle = oracle;
        self
    }

    /// The model with only its first `shapes` shapes (a trained model lists them most
    /// frequent first, so this keeps the most frequent), the tactical gammas unchanged:
    /// smaller and faster, and weaker. `None` if the first `shapes` shapes are not closed
    /// under shrinking (a file whose shapes are in another order).
    pub fn truncated(&self, shapes: usize) -> Option<LearnedPatterns> {
        let n = shapes.min(self.shape.len());
        let dictionary = Dictionary::new(self.dictionary.shapes()[..n].to_vec()).ok()?;
        Some(LearnedPatterns {
            dictionary: Arc::new(dictionary),
            tactical: self.tactical.clone(),
            shape: self.shape[..n].to_vec(),
            factors: self.factors.as_ref().map(|f| Arc::new(f.truncated(n))),
            oracle: Arc::clone(&self.oracle),
            candidates: self.candidates,
        })
    }

    /// The number of candidates proposed.
    pub fn candidates(&self) -> usize {
        self.candidates
    }

    /// The number of learned shapes.
    pub fn shape_count(&self) -> usize {
        self.shape.len()
    }

    /// The learned shapes (canonical) with their gammas, by id.
    pub fn shapes(&self) -> impl ExactSizeIterator<Item = (&Shape, f64)> + '_ {
        self.dictionary.shapes().iter().zip(&self.shape).map(|(s, &g)| (s, f64::from(g)))
    }

    /// The gamma of a level of a group (a shape id for [`FeatureGroup::Shape`]).
    pub fn gamma(&self, group: FeatureGroup, level: u32) -> Option<f64> {
        let gammas = match group.tactical_index() {
            Some(i) => &self.tactical[i],
            None => &self.shape,
        };
        gammas.get(level as usize).map(|&g| f64::from(g))
    }

    /// The strength of a team: the product of its features' gammas, times `exp` of the
    /// sum of the dot products of their latent-factor vectors over every pair of them
    /// when the model has factors.
    pub fn strength(&self, team: &Team) -> f64 {
        let mut g = team.shape.map_or(1.0, |s| self.shape[s as usize]);
        for (i, &level) in team.tactical.iter().enumerate() {
            if level > 0 {
                g *= self.tactical[i][usize::from(level) - 1];
            }
        }
        match &self.factors {
            Some(f) => f64::from(g) * f.interaction(team).exp(),
            None => f64::from(g),
        }
    }

    /// A readable name of a feature: `capture:saves-one`, `line:3`, `shape:7#123` (the
    /// shape's size and id).
    pub fn feature_name(&self, group: FeatureGroup, level: u32) -> String {
        match group {
            FeatureGroup::Shape => {
                let size = self.dictionary.shapes().get(level as usize).map_or(0, Shape::size);
                format!("shape:{size}#{level}")
            }
            _ => {
                let name = group.levels().get(level as usize).copied().unwrap_or("?");
                format!("{}:{name}", group.name())
            }
        }
    }

    /// The features of the move at `point` for the side to move, or `None` if the board
    /// does not allow it (occupied, the simple-ko point, a suicide).
    pub fn team(&self, position: &Position, point: Point) -> Option<Team> {
        if !position.size().contains(point) {
            return None;
        }
        let mut context = Context::new(position);
        context.is_candidate(point).then(|| context.team(point, &self.dictionary, &*self.oracle))
    }

    /// Scores every move the board allows for the side to move (every empty point but the
    /// simple-ko point and suicides; a superko is not checked), into `out` (cleared
    /// first), in the order of the points.
    pub fn score(&self, position: &Position, out: &mut Vec<ScoredMove>) {
        self.score_in(&mut Context::new(position), out);
    }

    /// [`LearnedPatterns::score`] in a context the caller keeps (and may ask for more
    /// teams: the oracle's ownership is then asked once).
    fn score_in(&self, context: &mut Context<'_>, out: &mut Vec<ScoredMove>) {
        out.clear();
        let board = context.board();
        let oracle: &dyn BoardOracle = &*self.oracle;
        for point in board.empty_set().iter() {
            if context.is_candidate(point) {
                let team = context.team(point, &self.dictionary, oracle);
                out.push(ScoredMove { point, gamma: self.strength(&team) });
            }
        }
    }

    /// The heap bytes of the model (shape table, shapes and gammas).
    pub fn heap_bytes(&self) -> usize {
        self.dictionary.heap_bytes()
            + self.shape.capacity() * size_of::<f32>()
            + self.tactical.iter().map(|t| t.capacity() * size_of::<f32>()).sum::<usize>()
    }

    /// The tactical gammas (for the file format).
    pub(crate) fn tactical_gammas(&self) -> &[Vec<f32>; TACTICAL] {
        &self.tactical
    }

    /// The shape gammas (for the file format).
    pub(crate) fn shape_gammas(&self) -> &[f32] {
        &self.shape
    }

    /// The dictionary (for the file format).
    pub(crate) fn dictionary(&self) -> &Dictionary {
        &self.dictionary
    }

    /// The intent of a candidate: what its strongest tactical feature says.
    fn intent(team: &Team) -> Intent {
        if let Some(level) = team.level(FeatureGroup::Capture) {
            return if level <= 1 { Intent::Defend } else { Intent::Attack };
        }
        if team.level(FeatureGroup::Escape).is_some_and(|l| l > 0) {
            return Intent::Defend;
        }
        if team.level(FeatureGroup::Atari).is_some() {
            return Intent::Attack;
        }
        Intent::Shape
    }
}

impl CandidateGenerator for LearnedPatterns {
    /// `learned`.
    fn name(&self) -> &str {
        "learned"
    }

    /// The [`LearnedPatterns::candidates`] strongest legal moves (superko included), the
    /// strongest first (ties by point), each weighted by the probability the model gives
    /// it (its gamma over the sum of the gammas of every move [`LearnedPatterns::score`]
    /// lists, so that the weights of one position sum to at most 1 and weights of
    /// different positions compare), with the intent of its tactical features (capture,
    /// escape: defend or attack; atari: attack; else shape) and the names of its
    /// features as the source's item.
    fn generate(&self, position: &Position, out: &mut Vec<Candidate>) {
        if self.candidates == 0 || position.is_over() {
            return;
        }
        let mut scored = Vec::new();
        // One context for the scores and the candidates' features: the oracle's
        // ownership (two Bouzy maps in go-eval) is computed once per position.
        let mut context = Context::new(position);
        self.score_in(&mut context, &mut scored);
        let total: f64 = scored.iter().map(|s| s.gamma).sum();
        scored.sort_by(|a, b| b.gamma.total_cmp(&a.gamma).then(a.point.cmp(&b.point)));
        let mut added = 0;
        for s in scored {
            if added == self.candidates {
                break;
            }
            let mv = Move::Play(s.point);
            if !position.is_legal(mv) {
                continue;
            }
            let team = context.team(s.point, &self.dictionary, &*self.oracle);
            let item: Vec<String> = team.features().map(|(g, l)| self.feature_name(g, l)).collect();
            out.push(Candidate::new(
                mv,
                LearnedPatterns::intent(&team),
                s.gamma / total,
                Source::new(self.name(), item.join(" ")),
            ));
            added += 1;
        }
    }
}
