//! The candidate moves the engine searches: the union of every available
//! [`CandidateGenerator`] (go-patterns' library, joseki trees and learned shape
//! patterns, the combined and strength models of go-eval, reading's urgent moves),
//! deduplicated, each move with the
//! proposals that named it, ranked by a merged weight and cut to a few moves, plus the
//! pass.
//!
//! # How weights merge
//!
//! Weights are comparable only within one generator, so each generator's proposals are
//! first turned into shares ([`Normalise`]): a softmax of the weights divided by a
//! temperature (the combined model's weights are logits, so its softmax is its own
//! probability of the move), the weights in proportion (the learned patterns' weights
//! are their model's probabilities of the moves), or a fixed share per proposal (reading's urgent moves:
//! every capture or rescue it found is worth searching). A move's merged weight is the
//! sum over generators of the generator's factor times its share of the move.
//!
//! # The cap
//!
//! Moves are sorted by merged weight (ties: lower point first). The set keeps the best
//! moves while their weight is at least [`UnionConfig::ratio`] of the best one, but
//! never fewer than [`UnionConfig::min`] nor more than [`UnionConfig::max`] (5 and 12 by
//! default; at most [`MAX_CAP`]); the pass is added after them
//! ([`UnionConfig::pass`]) right after a pass, or once half the board is filled and
//! the board looks finished (no chain in atari, no empty region of more than two
//! points between the colours) — an early pass is never worth searching, and a static
//! evaluator easily mistakes the count of an unfinished board for the game's result. Proposals of illegal moves, of moves that fill one of the
//! mover's own one-point eyes, of passes and of moves never to be suggested (tricks,
//! antisuji) are dropped; a position where nothing is left keeps only the pass.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use go_board::{Board, BoardSize, Color, Move, Point, Position, Rules};
use go_eval::reading::oracle::ReadingOracle;
use go_eval::strength::candidates::{ScoreConfig, StrengthCandidates};
use go_eval::strength::combined::{CombinedCandidates, CombinedModel};
use go_eval::strength::model::StrengthModel;
use go_patterns::learned::LearnedPatterns;
use go_patterns::{Candidate, CandidateGenerator, Intent, JosekiTracker, PatternGenerator, Source};

use super::urgent::UrgentMoves;
use super::vital::DragonMoves;

/// The most candidates a set may keep (the pass not counted).
pub const MAX_CAP: usize = 20;

/// How a generator's weights become shares of the merged weight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Normalise {
    /// `exp(w / temperature)`, divided by the sum over the generator's proposals.
    Softmax {
        /// The temperature (positive).
        temperature: f64,
    },
    /// Every proposal gets this share, whatever its weight (a move proposed twice by
    /// the generator gets it twice).
    Fixed(f64),
    /// Each weight divided by the sum of the generator's weights (negative weights count
    /// as zero): a generator whose weights are probabilities keeps them.
    Proportional,
}

/// A generator in the union, with how its weights are normalised and its factor.
pub struct Member {
    generator: Box<dyn CandidateGenerator + Send + Sync>,
    normalise: Normalise,
    factor: f64,
    slow: bool,
}

impl std::fmt::Debug for Member {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Member")
            .field("generator", &self.generator.name())
            .field("normalise", &self.normalise)
            .field("factor", &self.factor)
            .field("slow", &self.slow)
            .finish()
    }
}

/// How many candidates a [`CandidateUnion`] keeps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UnionConfig {
    /// Fewest moves kept (when there are that many).
    pub min: usize,
    /// Most moves kept (at most [`MAX_CAP`]).
    pub max: usize,
    /// Moves with at least this fraction of the best merged weight are kept.
    pub ratio: f64,
    /// Whether the pass is a candidate: then it is one right after a pass, and once
    /// half the board is filled and the board looks finished (see the [module
    /// documentation](self)); always when nothing else is proposed.
    pub pass: bool,
    /// Whether the slow generators run (those added with [`CandidateUnion::with_slow`],
    /// such as the reading of whole dragons, [`DragonMoves`]): searches ask for them at
    /// the root, not below it.
    pub slow: bool,
}

impl Default for UnionConfig {
    fn default() -> UnionConfig {
        UnionConfig { min: 5, max: 12, ratio: 0.05, pass: true, slow: true }
    }
}

/// One candidate move: the move, its merged weight, and every proposal that named it
/// (generator, item, intent and raw weight).
#[derive(Clone, Debug, PartialEq)]
pub struct MoveCandidate {
    /// The move (for the side to move).
    pub mv: Move,
    /// The merged weight (see the [module documentation](self)); 0 for the pass.
    pub weight: f64,
    /// The proposals, in the order of the generators.
    pub proposals: Vec<Candidate>,
}

impl MoveCandidate {
    /// The distinct sources, `generator/item`, in order.
    pub fn sources(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for c in &self.proposals {
            let s = c.source.to_string();
            if !out.contains(&s) {
                out.push(s);
            }
        }
        out
    }

    /// The distinct generators that proposed the move, in order.
    pub fn generators(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for c in &self.proposals {
            if !out.contains(&&*c.source.generator) {
                out.push(&c.source.generator);
            }
        }
        out
    }
}

/// The candidates of one position, best first, the pass (when kept) last.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CandidateSet {
    /// The moves kept.
    pub moves: Vec<MoveCandidate>,
    /// How many distinct legal moves the generators proposed before the cap.
    pub proposed: usize,
}

impl CandidateSet {
    /// Whether `mv` is one of the candidates.
    pub fn contains(&self, mv: Move) -> bool {
        self.moves.iter().any(|c| c.mv == mv)
    }

    /// The candidate of `mv`, if kept.
    pub fn get(&self, mv: Move) -> Option<&MoveCandidate> {
        self.moves.iter().find(|c| c.mv == mv)
    }

    /// The moves, in order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves.iter().map(|c| c.mv)
    }
}

/// The union of candidate generators; see the [module documentation](self).
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Move, Position, Rules};
/// use go_engine::player::CandidateUnion;
///
/// let union = CandidateUnion::standard()?;
/// let position = Position::new(BoardSize::square(9)?, Rules::chinese());
/// let set = union.generate(&position);
/// assert!((5..=12).contains(&set.moves.len()));
/// // No pass while the board is empty.
/// assert!(set.moves.iter().all(|c| c.mv != Move::Pass));
/// assert!(set.moves.iter().all(|c| position.is_legal(c.mv)));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct CandidateUnion {
    members: Vec<Member>,
    config: UnionConfig,
    /// Tells the unions apart in the per-thread cache.
    id: u64,
}

/// The id of the next union.
static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// The shipped models, loaded once.
fn shipped() -> Result<(Arc<CombinedModel>, Arc<StrengthModel>), String> {
    type Models = Result<(Arc<CombinedModel>, Arc<StrengthModel>), String>;
    static MODELS: OnceLock<Models> = OnceLock::new();
    MODELS
        .get_or_init(|| {
            let combined = CombinedModel::shipped().map_err(|e| format!("combined model: {e}"))?;
            let strength = StrengthModel::shipped().map_err(|e| format!("strength model: {e}"))?;
            Ok((Arc::new(combined), Arc::new(strength)))
        })
        .clone()
}

/// go-patterns' shipped learned shape patterns, reading ladders with go-eval's readers
/// (as in their training); loaded once.
fn learned() -> Result<LearnedPatterns, String> {
    static MODEL: OnceLock<Result<LearnedPatterns, String>> = OnceLock::new();
    MODEL
        .get_or_init(|| {
            let model = LearnedPatterns::shipped().map_err(|e| format!("learned patterns: {e}"))?;
            Ok(model.with_oracle(Arc::new(ReadingOracle::new())))
        })
        .clone()
}

impl CandidateUnion {
    /// A union without generators: only the pass.
    pub fn new(config: UnionConfig) -> CandidateUnion {
        let id = NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        CandidateUnion { members: Vec::new(), config: clamp(config), id }
    }

    /// The engine's generators, with the default [`UnionConfig`]:
    ///
    /// | generator | normalisation | factor |
    /// |---|---|---|
    /// | reading's urgent moves ([`UrgentMoves`]) | a fixed share of 1 each | 1 |
    /// | reading's dragon moves ([`DragonMoves`]: kill, live, semeai, connect, cut; slow, at the root only) | a fixed share of 1 each | 1 |
    /// | go-patterns' standard library ([`PatternGenerator`], board-only oracle) | softmax, temperature 20 (weights 0–100) | 1 |
    /// | the joseki trees of the standard library ([`JosekiTracker`], from an empty board) | a fixed share of 1 each | 1 |
    /// | go-eval's combined model | its own softmax | 1 |
    /// | go-eval's strength model | softmax, temperature 5 (scores 0–50) | 0.5 |
    /// | go-patterns' learned shape patterns ([`LearnedPatterns`], go-eval's ladder reads) | in proportion (their probabilities) | 2 |
    ///
    /// # Errors
    ///
    /// When a shipped model does not load (a build problem), its message.
    pub fn standard() -> Result<CandidateUnion, String> {
        let (combined, strength) = shipped()?;
        let config = match &strength.height {
            Some(h) => ScoreConfig { height: Some(h.clone()), ..ScoreConfig::paper() },
            None => ScoreConfig::paper(),
        };
        let library = Arc::new(go_patterns::library::standard().clone());
        let empty = Position::new(BoardSize::square(19).expect("19x19"), Rules::chinese());
        Ok(CandidateUnion::new(UnionConfig::default())
            .with(UrgentMoves::default(), Normalise::Fixed(1.0), 1.0)
            .with_slow(DragonMoves::default(), Normalise::Fixed(1.0), 1.0)
            .with(
                PatternGenerator::new(Arc::clone(&library)),
                Normalise::Softmax { temperature: 20.0 },
                1.0,
            )
            .with(JosekiTracker::new(library, &empty), Normalise::Fixed(1.0), 1.0)
            .with(CombinedCandidates::new(combined), Normalise::Softmax { temperature: 1.0 }, 1.0)
            .with(
                StrengthCandidates::new(strength, config),
                Normalise::Softmax { temperature: 5.0 },
                0.5,
            )
            .with(learned()?, Normalise::Proportional, 2.0))
    }

    /// Adds a generator with its normalisation and factor.
    #[must_use]
    pub fn with(
        self,
        generator: impl CandidateGenerator + Send + Sync + 'static,
        normalise: Normalise,
        factor: f64,
    ) -> CandidateUnion {
        self.member(Box::new(generator), normalise, factor, false)
    }

    /// Adds a slow generator, which runs only when the settings ask for it
    /// ([`UnionConfig::slow`]: at the root of a search, not below it).
    #[must_use]
    pub fn with_slow(
        self,
        generator: impl CandidateGenerator + Send + Sync + 'static,
        normalise: Normalise,
        factor: f64,
    ) -> CandidateUnion {
        self.member(Box::new(generator), normalise, factor, true)
    }

    fn member(
        mut self,
        generator: Box<dyn CandidateGenerator + Send + Sync>,
        normalise: Normalise,
        factor: f64,
        slow: bool,
    ) -> CandidateUnion {
        self.members.push(Member { generator, normalise, factor, slow });
        self.id = NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self
    }

    /// The same union with other cap settings.
    #[must_use]
    pub fn configured(mut self, config: UnionConfig) -> CandidateUnion {
        self.config = clamp(config);
        self.id = NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self
    }

    /// The cap settings.
    pub fn config(&self) -> UnionConfig {
        self.config
    }

    /// The generators' names, in order.
    pub fn generator_names(&self) -> Vec<&str> {
        self.members.iter().map(|m| m.generator.name()).collect()
    }

    /// The candidates for the side to move of `position` (remembered as
    /// [`CandidateUnion::generate_with`] remembers them).
    pub fn generate(&self, position: &Position) -> CandidateSet {
        self.generate_with(position, self.config)
    }

    /// The candidates for the side to move of `position`, cut with `config` instead
    /// of the union's own settings. The last answer of each thread is remembered, so
    /// that a searcher asking twice for one position (moves and priors) pays once; the
    /// position is recognised by its board, ko and side to move, not by its history,
    /// so under superko a move may be proposed that this history forbids (searchers
    /// only keep candidates among the legal moves they generated).
    pub fn generate_with(&self, position: &Position, config: UnionConfig) -> CandidateSet {
        let config = clamp(config);
        let key = (
            self.id,
            position.situational_hash(),
            position.board().ko(),
            config.min,
            config.max,
            config.ratio.to_bits(),
            config.pass,
            config.slow,
        );
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            if let Some((k, set)) = &*last
                && *k == key
            {
                return set.clone();
            }
            let set = self.compute(position, config);
            *last = Some((key, set.clone()));
            set
        })
    }

    fn compute(&self, position: &Position, config: UnionConfig) -> CandidateSet {
        let mut merged: HashMap<Move, MoveCandidate> = HashMap::new();
        let mut buf = Vec::new();
        for member in self.members.iter().filter(|m| config.slow || !m.slow) {
            buf.clear();
            member.generator.generate(position, &mut buf);
            // Only legal, suggested moves that fill no own eye; passes come from the
            // union itself.
            let color = position.to_move();
            buf.retain(|c| {
                c.intent.is_suggested()
                    && c.weight.is_finite()
                    && c.mv.point().is_some_and(|p| !position.board().is_simple_eye(color, p))
                    && position.is_legal(c.mv)
            });
            if buf.is_empty() {
                continue;
            }
            let shares = shares(&buf, member.normalise);
            for (c, share) in buf.drain(..).zip(shares) {
                let entry = merged.entry(c.mv).or_insert_with(|| MoveCandidate {
                    mv: c.mv,
                    weight: 0.0,
                    proposals: Vec::new(),
                });
                entry.weight += member.factor * share;
                entry.proposals.push(c);
            }
        }
        let proposed = merged.len();
        let mut moves: Vec<MoveCandidate> = merged.into_values().collect();
        let key = |c: &MoveCandidate| c.mv.point().map_or(usize::MAX, Point::index);
        moves.sort_by(|a, b| b.weight.total_cmp(&a.weight).then(key(a).cmp(&key(b))));
        let best = moves.first().map_or(0.0, |c| c.weight);
        let UnionConfig { min, max, ratio, pass, .. } = config;
        let mut kept = 0;
        for c in &moves {
            if kept >= max || (kept >= min && c.weight < ratio * best) {
                break;
            }
            kept += 1;
        }
        moves.truncate(kept);
        let board = position.board();
        let late = board.empty_count() * 2 <= position.size().point_count();
        let opponent_passed = position.last_move().is_some_and(|(_, m)| m == Move::Pass);
        if (pass && ((late && settled(board)) || opponent_passed)) || moves.is_empty() {
            let source = Source::new("engine", "pass");
            moves.push(MoveCandidate {
                mv: Move::Pass,
                weight: 0.0,
                proposals: vec![Candidate::new(Move::Pass, Intent::Endgame, 0.0, source)],
            });
        }
        CandidateSet { moves, proposed }
    }
}

/// Whether `board` looks finished, so that a pass is worth searching: no chain is in
/// atari, and no empty region (a 4-connected component of empty points) larger than
/// two points touches stones of both colours (what is left between the colours is
/// dame, or the shared liberties of a seki). While open areas are contested, the
/// static evaluation of the position after a pass does not see the opponent's next
/// move, and a searcher that trusts it passes in the middle of a fight.
fn settled(board: &Board) -> bool {
    let on_board = board.size().on_board();
    let (black, white) = (*board.stones(Color::Black), *board.stones(Color::White));
    let empty = board.empty_set();
    let in_atari = (black | white).iter().any(|p| board.liberty_count(p) == 1);
    !in_atari
        && empty.components().iter().all(|region| {
            let border = region.adjacent(&on_board);
            region.len() <= 2 || border.is_disjoint(&black) || border.is_disjoint(&white)
        })
}

/// The key of a thread's last answer: the union, the position (with its ko) and the
/// cut.
type CacheKey = (u64, u64, Option<(Point, go_board::Color)>, usize, usize, u64, bool, bool);

thread_local! {
    static LAST: std::cell::RefCell<Option<(CacheKey, CandidateSet)>> =
        const { std::cell::RefCell::new(None) };
}

fn clamp(mut config: UnionConfig) -> UnionConfig {
    config.max = config.max.clamp(1, MAX_CAP);
    config.min = config.min.clamp(1, config.max);
    if !config.ratio.is_finite() {
        config.ratio = 0.0;
    }
    config
}

/// The share of each proposal under `normalise`.
fn shares(candidates: &[Candidate], normalise: Normalise) -> Vec<f64> {
    match normalise {
        Normalise::Fixed(share) => vec![share; candidates.len()],
        Normalise::Softmax { temperature } => {
            let t = if temperature > 0.0 && temperature.is_finite() { temperature } else { 1.0 };
            let top = candidates.iter().map(|c| c.weight / t).fold(f64::NEG_INFINITY, f64::max);
            let exp: Vec<f64> = candidates.iter().map(|c| (c.weight / t - top).exp()).collect();
            let sum: f64 = exp.iter().sum();
            exp.into_iter().map(|e| e / sum).collect()
        }
        Normalise::Proportional => {
            let weight = |c: &Candidate| if c.weight.is_finite() { c.weight.max(0.0) } else { 0.0 };
            let sum: f64 = candidates.iter().map(weight).sum();
            if sum > 0.0 {
                candidates.iter().map(|c| weight(c) / sum).collect()
            } else {
                vec![0.0; candidates.len()]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::{BoardSize, Rules};

    /// A generator proposing fixed moves with fixed weights.
    struct Fixed(&'static str, Vec<(&'static str, f64)>);

    impl CandidateGenerator for Fixed {
        fn name(&self) -> &str {
            self.0
        }
        fn generate(&self, position: &Position, out: &mut Vec<Candidate>) {
            for &(v, w) in &self.1 {
                let mv = Move::parse_gtp(v, position.size()).unwrap();
                out.push(Candidate::new(mv, Intent::Shape, w, Source::new(self.0, v)));
            }
        }
    }

    fn nine() -> Position {
        Position::new(BoardSize::square(9).unwrap(), Rules::chinese())
    }

    #[test]
    fn duplicates_merge_with_every_source_and_illegal_moves_go() {
        let mut position = nine();
        position.try_play(Move::parse_gtp("E5", position.size()).unwrap()).unwrap();
        let union = CandidateUnion::new(UnionConfig {
            min: 1,
            max: 20,
            ratio: 0.0,
            pass: true,
            slow: true,
        })
        .with(Fixed("a", vec![("D4", 1.0), ("E5", 9.0)]), Normalise::Fixed(1.0), 1.0)
        .with(Fixed("b", vec![("D4", 0.0), ("C3", 0.0)]), Normalise::Fixed(1.0), 0.5);
        let set = union.generate(&position);
        let moves: Vec<String> = set.moves().map(|m| m.to_string()).collect();
        // E5 is occupied; D4 has both proposals (1 + 0.5), C3 one (0.5); no pass
        // this early.
        assert_eq!(moves, ["D4", "C3"]);
        assert_eq!(set.moves[0].weight, 1.5);
        assert_eq!(set.moves[0].sources(), ["a/D4", "b/D4"]);
        assert_eq!(set.moves[0].generators(), ["a", "b"]);
        assert_eq!(set.proposed, 2);
        // Right after a pass, the pass is a candidate.
        position.try_play(Move::Pass).unwrap();
        let set = union.generate(&position);
        assert_eq!(set.moves.last().map(|c| c.mv), Some(Move::Pass));
    }

    #[test]
    fn the_cap_keeps_between_min_and_max_by_weight() {
        let weights: Vec<(&str, f64)> = ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "J1"]
            .into_iter()
            .zip([10.0, 9.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0])
            .collect();
        let generator = || Fixed("a", weights.clone());
        let config = UnionConfig { min: 2, max: 5, ratio: 0.5, pass: false, slow: true };
        let set = CandidateUnion::new(config)
            .with(generator(), Normalise::Fixed(1.0), 1.0)
            .generate(&nine());
        // Fixed shares are all equal: the ratio keeps everything up to max.
        assert_eq!(set.moves.len(), 5);
        let set = CandidateUnion::new(config)
            .with(generator(), Normalise::Softmax { temperature: 1.0 }, 1.0)
            .generate(&nine());
        // A1 and B1 (e^-1 of the best) pass the ratio, the rest are e^-9 of it.
        let moves: Vec<String> = set.moves().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["A1", "B1"]);
        let config = UnionConfig { min: 4, ..config };
        let set = CandidateUnion::new(config).with(
            generator(),
            Normalise::Softmax { temperature: 1.0 },
            1.0,
        );
        assert_eq!(set.generate(&nine()).moves.len(), 4);
        // Out-of-range settings are clamped.
        let wide = CandidateUnion::new(UnionConfig {
            min: 50,
            max: 500,
            ratio: f64::NAN,
            pass: true,
            slow: true,
        });
        assert_eq!((wide.config().min, wide.config().max, wide.config().ratio), (20, 20, 0.0));
    }

    /// Slow generators run only when the settings ask for them, and the per-thread
    /// memory tells the two answers apart.
    #[test]
    fn slow_generators_run_only_when_asked() {
        let config = UnionConfig { min: 1, max: 20, ratio: 0.0, pass: false, slow: true };
        let union = CandidateUnion::new(config)
            .with(Fixed("quick", vec![("A1", 1.0)]), Normalise::Fixed(1.0), 1.0)
            .with_slow(Fixed("slow", vec![("B1", 1.0)]), Normalise::Fixed(1.0), 1.0);
        let moves = |set: CandidateSet| set.moves().map(|m| m.to_string()).collect::<Vec<_>>();
        assert_eq!(moves(union.generate(&nine())), ["A1", "B1"]);
        let below = UnionConfig { slow: false, ..config };
        assert_eq!(moves(union.generate_with(&nine(), below)), ["A1"]);
        assert_eq!(moves(union.generate_with(&nine(), config)), ["A1", "B1"]);
        assert_eq!(union.generator_names(), ["quick", "slow"]);
    }

    #[test]
    fn proportional_shares_keep_probabilities() {
        let probabilities = vec![("A1", 0.5), ("B1", 0.3), ("C1", 0.0), ("D1", -1.0), ("E1", 0.2)];
        let set = CandidateUnion::new(UnionConfig {
            min: 1,
            max: 20,
            ratio: 0.0,
            pass: false,
            slow: true,
        })
        .with(Fixed("p", probabilities), Normalise::Proportional, 2.0)
        .generate(&nine());
        let weights: Vec<(String, f64)> =
            set.moves.iter().map(|m| (m.mv.to_string(), m.weight)).collect();
        // Factor 2 times the weight over the sum (1.0); negative weights count as zero.
        assert_eq!(weights[..3], [("A1".into(), 1.0), ("B1".into(), 0.6), ("E1".into(), 0.4)]);
        assert!(weights[3..].iter().all(|(_, w)| *w == 0.0), "{weights:?}");
        // No positive weight: every share is zero.
        let nothing = Candidate::new(Move::Pass, Intent::Shape, 0.0, Source::new("p", "-"));
        assert_eq!(shares(&[nothing.clone(), nothing], Normalise::Proportional), [0.0, 0.0]);
    }

    #[test]
    fn the_standard_union_proposes_legal_moves_with_sources() {
        let union = CandidateUnion::standard().unwrap();
        assert_eq!(
            union.generator_names(),
            ["reading", "dragons", "patterns", "joseki", "combined", "strength", "learned"]
        );
        let mut position = nine();
        for v in ["E5", "D5", "E4"] {
            position.try_play(Move::parse_gtp(v, position.size()).unwrap()).unwrap();
        }
        let set = union.generate(&position);
        assert!(set.moves.len() >= 6, "{set:?}");
        assert!(set.proposed > set.moves.len());
        for c in &set.moves {
            assert!(position.is_legal(c.mv), "{}", c.mv);
            assert!(!c.proposals.is_empty());
        }
        let weights: Vec<f64> = set.moves.iter().map(|c| c.weight).collect();
        assert!(weights.windows(2).all(|w| w[0] >= w[1]), "{weights:?}");
    }

    #[test]
    fn the_pass_waits_for_a_finished_board_or_the_opponents_pass() {
        let has_pass = |diagram: &str, after_pass: bool| {
            let mut position = Position::from_diagram(diagram, Rules::chinese()).unwrap();
            if after_pass {
                position.try_play(Move::Pass).unwrap();
            }
            let set = CandidateUnion::standard().unwrap().generate(&position);
            set.moves().any(|m| m == Move::Pass)
        };
        // Every empty region touches one colour only: finished, the pass is searched.
        let finished = "
            . X O . .
            X X O O O
            . X O . .
            X X O O O
            . X O . .
        ";
        assert!(has_pass(finished, false));
        // More than half the board is filled, but C3-D3-E3 lies between the colours.
        let open = "
            . X O . .
            X X O O O
            . X . . .
            X X O O O
            . X O . .
        ";
        assert!(!has_pass(open, false));
        assert!(has_pass(open, true), "after the opponent's pass");
        // Black's E3 is in atari (its last liberty D3): not finished.
        let atari = "
            . X O . .
            X X O O O
            . X O . X
            X X O O O
            . X O . .
        ";
        assert!(!has_pass(atari, false));
        // A single dame point (C3) between the colours does not keep the game open.
        let dame = "
            . X O . .
            X X O O O
            . X . O .
            X X O O O
            . X O . .
        ";
        assert!(has_pass(dame, false));
    }

    #[test]
    fn a_full_board_keeps_only_the_pass() {
        let position = Position::from_diagram(". X X\nX X X\nX X .", Rules::chinese()).unwrap();
        let set = CandidateUnion::standard().unwrap().generate(&position);
        // Both empty points are legal for Black but fill its own eyes.
        assert_eq!(set.moves().collect::<Vec<_>>(), [Move::Pass]);
        assert_eq!(set.proposed, 0);
    }
}
