//! Training: harvest the shapes of the moves played, gather every position's
//! candidates as teams of features, and fit the gammas.

use core::fmt;
use std::collections::HashMap;
use std::sync::Arc;

use go_board::{Move, Position};

use super::dictionary::Dictionary;
use super::factors::FactorConfig;
use super::features::{Context, TACTICAL, Team};
use super::geometry::MAX_SIZE;
use super::mm::{Data, Entry, FitConfig, FitReport, MAX_COUNT, MAX_SHAPES};
use super::model::LearnedPatterns;
use super::shape::Shape;
use crate::{BoardOnly, BoardOracle};

/// The shapes around the moves played, counted by class (the eight symmetric images
/// count as one shape), at every size. Harvests of parts of a game collection merge.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Move, Point, Position, Rules};
/// use go_patterns::learned::Harvest;
///
/// let size = BoardSize::square(19)?;
/// let mut position = Position::new(size, Rules::japanese());
/// let mut harvest = Harvest::new();
/// for v in ["Q16", "D4", "D16", "Q4"] {
///     let mv = Move::Play(Point::parse_gtp(v, size)?);
///     assert!(harvest.add(&position, mv));
///     position.try_play(mv)?;
/// }
/// // The 3x3 of every 4-4 point is empty: one class, four moves.
/// let shapes = harvest.shapes(4, None);
/// assert!(shapes.iter().any(|(s, n)| s.size() == 3 && *n == 4));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Harvest {
    counts: HashMap<Shape, u64>,
    moves: u64,
}

impl Harvest {
    /// An empty harvest.
    pub fn new() -> Harvest {
        Harvest::default()
    }

    /// Counts the shapes, at every size, around `mv` played by the side to move of
    /// `position`. Returns `false` (and counts nothing) for a pass or a point that is not
    /// empty.
    pub fn add(&mut self, position: &Position, mv: Move) -> bool {
        let Move::Play(point) = mv else { return false };
        let board = position.board();
        if !board.size().contains(point) || !board.is_empty_at(point) {
            return false;
        }
        let Some(mut shape) = Shape::at(board, point, position.to_move(), MAX_SIZE) else {
            return false;
        };
        loop {
            *self.counts.entry(shape.canonical()).or_insert(0) += 1;
            match shape.shrink() {
                Some(inner) => shape = inner,
                None => break,
            }
        }
        self.moves += 1;
        true
    }

    /// Adds the counts of `other`.
    pub fn merge(&mut self, other: Harvest) {
        if self.counts.len() < other.counts.len() {
            let mine = std::mem::replace(self, other);
            self.merge(mine);
            return;
        }
        for (shape, n) in other.counts {
            *self.counts.entry(shape).or_insert(0) += n;
        }
        self.moves += other.moves;
    }

    /// The moves counted.
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// The number of distinct shapes (classes, all sizes).
    pub fn len(&self) -> usize {
        self.counts.len()
    }

    /// Whether no shape was counted.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// How many moves had `shape` (in any orientation) around them.
    pub fn count(&self, shape: &Shape) -> u64 {
        self.counts.get(&shape.canonical()).copied().unwrap_or(0)
    }

    /// The shapes seen at least `min_count` times, most frequent first (then smaller
    /// first, then in the order of [`Shape`]), at most `max_shapes` of them. The list is
    /// closed under [`Shape::shrink`]: a shape's inner disc is at least as frequent and
    /// comes before it.
    pub fn shapes(&self, min_count: u64, max_shapes: Option<usize>) -> Vec<(Shape, u64)> {
        let mut shapes: Vec<(Shape, u64)> = self
            .counts
            .iter()
            .filter(|(_, n)| **n >= min_count.max(1))
            .map(|(s, n)| (*s, *n))
            .collect();
        shapes.sort_unstable_by(|a, b| {
            b.1.cmp(&a.1).then(a.0.size().cmp(&b.0.size())).then(a.0.cmp(&b.0))
        });
        if let Some(max) = max_shapes {
            shapes.truncate(max);
        }
        shapes
    }
}

/// The settings of [`LearnedPatterns::train`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainConfig {
    /// Keep the shapes seen at least this often around the moves played.
    pub min_count: u64,
    /// Keep at most this many shapes (the most frequent).
    pub max_shapes: Option<usize>,
    /// The fit's settings.
    pub fit: FitConfig,
}

impl Default for TrainConfig {
    /// Shapes seen at least 10 times, no cap, [`FitConfig::default`].
    fn default() -> TrainConfig {
        TrainConfig { min_count: 10, max_shapes: None, fit: FitConfig::default() }
    }
}

/// Why training failed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TrainError {
    /// No sample was a move on an empty point that the board allows.
    NoPositions,
    /// A setting of the fit cannot be used (named in the message).
    Settings(String),
}

impl fmt::Display for TrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrainError::NoPositions => {
                f.write_str("no training position: every sample was a pass or an illegal move")
            }
            TrainError::Settings(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for TrainError {}

/// One position's competition: the teams of its candidate moves (each with the number
/// of candidates that share it) and the team of the move played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Competition {
    teams: Vec<(Team, u32)>,
    winner: Team,
}

impl Competition {
    /// The distinct teams of the candidates, with their counts.
    pub fn teams(&self) -> &[(Team, u32)] {
        &self.teams
    }

    /// The team of the move played.
    pub fn winner(&self) -> &Team {
        &self.winner
    }
}

/// Makes the competitions of positions for a fixed shape dictionary: cheap to clone,
/// and shared between threads (see [`TrainingSet::builder`]).
#[derive(Clone)]
pub struct CompetitionBuilder {
    dictionary: Arc<Dictionary>,
    oracle: Arc<dyn BoardOracle + Send + Sync>,
}

impl core::fmt::Debug for CompetitionBuilder {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("CompetitionBuilder")
            .field("shapes", &self.dictionary.shapes().len())
            .finish_non_exhaustive()
    }
}

impl CompetitionBuilder {
    /// The competition of `position` where `mv` was played by the side to move: every
    /// move the board allows (empty, not the simple-ko point, not a suicide). `None` for
    /// a pass or a move the board does not allow.
    pub fn competition(&self, position: &Position, mv: Move) -> Option<Competition> {
        let Move::Play(played) = mv else { return None };
        let mut context = Context::new(position);
        if !context.board().size().contains(played) || !context.is_candidate(played) {
            return None;
        }
        let oracle: &dyn BoardOracle = &*self.oracle;
        let mut teams: HashMap<Team, u32> = HashMap::new();
        let mut winner = None;
        let board = context.board();
        for point in board.empty_points() {
            if !context.is_candidate(point) {
                continue;
            }
            let team = context.team(point, &self.dictionary, oracle);
            if point == played {
                winner = Some(team);
            }
            *teams.entry(team).or_insert(0) += 1;
        }
        let mut teams: Vec<(Team, u32)> = teams.into_iter().collect();
        teams.sort_unstable();
        Some(Competition { teams, winner: winner? })
    }
}

/// The training positions as competitions between the teams of their candidate moves,
/// for a fixed shape dictionary: gather them (with [`TrainingSet::add`], or on several
/// threads with the [`TrainingSet::builder`]'s competitions and [`TrainingSet::push`]),
/// then [`TrainingSet::fit`].
#[derive(Debug)]
pub struct TrainingSet {
    builder: CompetitionBuilder,
    combo_ids: HashMap<[u8; TACTICAL], u32>,
    data: Data,
    /// The tactical groups left out of every competition.
    without: [bool; TACTICAL],
}

impl TrainingSet {
    /// A training set over the shapes of `harvest` seen at least `min_count` times (at
    /// most `max_shapes` of them, and never more than 4,194,303).
    pub fn new(harvest: &Harvest, min_count: u64, max_shapes: Option<usize>) -> TrainingSet {
        let max = max_shapes.unwrap_or(MAX_SHAPES).min(MAX_SHAPES);
        let shapes: Vec<Shape> =
            harvest.shapes(min_count, Some(max)).into_iter().map(|(s, _)| s).collect();
        let dictionary =
            Dictionary::new(shapes).expect("a harvest's shapes are closed and distinct");
        let shapes = dictionary.shapes().len();
        let levels = crate::learned::FeatureGroup::TACTICAL.map(|g| g.levels().len());
        TrainingSet {
            builder: CompetitionBuilder {
                dictionary: Arc::new(dictionary),
                oracle: Arc::new(BoardOnly),
            },
            combo_ids: HashMap::new(),
            data: Data { levels, shapes, ..Data::default() },
            without: [false; TACTICAL],
        }
    }

    /// The same set without the tactical group `group`: its levels are dropped from every
    /// competition, so its gammas stay 1 and the model ignores it (for ablations).
    /// [`FeatureGroup::Shape`](crate::learned::FeatureGroup::Shape) cannot be left out
    /// this way (use a `min_count` no shape reaches).
    pub fn without(mut self, group: crate::learned::FeatureGroup) -> TrainingSet {
        if let Some(i) = group.tactical_index() {
            self.without[i] = true;
        }
        self
    }

    /// The same set reading ladders through `oracle` (the default, [`BoardOnly`], reads
    /// none: the ladder levels of the escape and atari features never apply). Set it
    /// before the first competition: the model keeps it, and scores moves as they were
    /// fitted.
    pub fn with_oracle(mut self, oracle: Arc<dyn BoardOracle + Send + Sync>) -> TrainingSet {
        self.builder.oracle = oracle;
        self
    }

    /// The number of shapes of the dictionary.
    pub fn shape_count(&self) -> usize {
        self.data.shapes
    }

    /// The number of competitions kept.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Whether no competition was kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// What makes the competitions of this set (for threads).
    pub fn builder(&self) -> CompetitionBuilder {
        self.builder.clone()
    }

    /// Keeps a competition (made by this set's [`TrainingSet::builder`]).
    pub fn push(&mut self, competition: Competition) {
        let without = self.without;
        let entry = |team: &Team, data: &mut Data, ids: &mut HashMap<[u8; TACTICAL], u32>| {
            let next = data.combos.len() as u32;
            let mut tactical = team.tactical;
            for (level, &drop) in tactical.iter_mut().zip(&without) {
                if drop {
                    *level = 0;
                }
            }
            let combo = *ids.entry(tactical).or_insert_with(|| {
                data.combos.push(tactical);
                next
            });
            let shape = team.shape.map_or(data.shapes as u32, |s| s.min(data.shapes as u32));
            (combo, shape)
        };
        let entries: Vec<Entry> = competition
            .teams
            .iter()
            .map(|(team, count)| {
                let (combo, shape) = entry(team, &mut self.data, &mut self.combo_ids);
                // Counts never exceed the points of a board (625 < MAX_COUNT).
                Entry::new(combo, shape, (*count).min(MAX_COUNT))
            })
            .collect();
        let winner = entry(&competition.winner, &mut self.data, &mut self.combo_ids);
        self.data.push(&entries, winner);
    }

    /// Adds the competition of `position` where `mv` was played; returns whether it was
    /// kept.
    pub fn add(&mut self, position: &Position, mv: Move) -> bool {
        match self.builder.competition(position, mv) {
            Some(c) => {
                self.push(c);
                true
            }
            None => false,
        }
    }

    /// The heap bytes the competitions take (about 8 bytes per distinct team of each
    /// position, in chunks of 32 MB).
    pub fn heap_bytes(&self) -> usize {
        self.data.heap_bytes()
    }

    /// Fits the gammas (and, if [`FitConfig::factors`] asks, the latent factors) and
    /// returns the model with the fit's report.
    ///
    /// # Errors
    ///
    /// [`TrainError::NoPositions`] when no competition was kept.
    /// [`TrainError::Settings`] when [`FitConfig::factors`] has settings that
    /// [`FactorConfig::check`] refuses.
    pub fn fit(self, config: &FitConfig) -> Result<(LearnedPatterns, FitReport), TrainError> {
        if self.is_empty() {
            return Err(TrainError::NoPositions);
        }
        if let Some(Err(e)) = config.factors.as_ref().map(FactorConfig::check) {
            return Err(TrainError::Settings(format!("latent factors: {e}")));
        }
        let (mut gammas, mut report) = self.data.fit(config);
        let mut factors = None;
        if let Some(factor_config) = &config.factors {
            let (refitted, fitted, factor_report) = self.data.fit_factors(&gammas, factor_config);
            gammas = refitted;
            factors = Some(fitted);
            report.factor_log_likelihood = factor_report.log_likelihood;
        }
        let tactical = gammas.tactical.map(|g| g.into_iter().map(|x| x as f32).collect());
        let shape = gammas.shape[..self.data.shapes].iter().map(|&x| x as f32).collect();
        let model = LearnedPatterns::from_parts(self.builder.dictionary, tactical, shape)
            .with_factors(factors)
            .with_oracle(self.builder.oracle);
        Ok((model, report))
    }
}
