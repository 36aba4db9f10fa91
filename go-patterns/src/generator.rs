//! The pattern set as a [`CandidateGenerator`], and the choice among candidates.

use std::sync::Arc;

use go_board::{Move, Position};

use crate::candidate::{Candidate, CandidateGenerator, Source};
use crate::compile::{PatternKind, PatternSet};
use crate::eval::MatchInput;
use crate::oracle::{BoardOnly, BoardOracle};

/// The move patterns of a set as a [`CandidateGenerator`] (the sequence patterns are
/// offered by a [`JosekiTracker`](crate::JosekiTracker), which follows the game).
///
/// Each match proposes its candidates, legal and suggested ones only (trick and
/// antisuji moves are recognised, never proposed), with the pattern's name as the
/// source's item.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use go_board::{BoardSize, Position, Rules};
/// use go_patterns::{CandidateGenerator, PatternGenerator, library};
/// let generator = PatternGenerator::new(Arc::new(library::standard().clone()));
/// let position = Position::new(BoardSize::square(19)?, Rules::chinese());
/// let mut out = Vec::new();
/// generator.generate(&position, &mut out);
/// // The first move in an empty corner (the seed's figure 1), in all four corners.
/// assert!(out.iter().any(|c| c.mv.to_string() == "D4" && c.source.item.as_ref() == "akisumisen"));
/// assert!(out.iter().any(|c| c.mv.to_string() == "Q16"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct PatternGenerator {
    set: Arc<PatternSet>,
    oracle: Arc<dyn BoardOracle + Send + Sync>,
}

impl std::fmt::Debug for PatternGenerator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternGenerator")
            .field("patterns", &self.set.len())
            .finish_non_exhaustive()
    }
}

impl PatternGenerator {
    /// A generator reading through [`BoardOnly`].
    pub fn new(set: Arc<PatternSet>) -> PatternGenerator {
        PatternGenerator { set, oracle: Arc::new(BoardOnly) }
    }

    /// A generator reading through `oracle`.
    pub fn with_oracle(
        set: Arc<PatternSet>,
        oracle: Arc<dyn BoardOracle + Send + Sync>,
    ) -> PatternGenerator {
        PatternGenerator { set, oracle }
    }

    /// The pattern set.
    pub fn set(&self) -> &Arc<PatternSet> {
        &self.set
    }
}

impl CandidateGenerator for PatternGenerator {
    fn name(&self) -> &str {
        "patterns"
    }

    fn generate(&self, position: &Position, out: &mut Vec<Candidate>) {
        let input = MatchInput::from_position(position);
        let mut matches = Vec::new();
        self.set.scanner().scan_kind(
            &self.set,
            &input,
            self.oracle.as_ref(),
            Some(PatternKind::Move),
            &mut matches,
        );
        for m in &matches {
            let name = self.set.pattern(m.pattern).name();
            let source = Source::new("patterns", name);
            for (p, intent, weight) in self.set.candidates(m, position.board()) {
                if intent.is_suggested() && position.is_legal(Move::Play(p)) {
                    out.push(Candidate::new(Move::Play(p), intent, weight, source.clone()));
                }
            }
        }
    }
}

/// The candidate to play among `candidates`: the highest weight among the suggested
/// intents; ties are broken at random, reproducibly from `seed` (the seed's rule: the
/// weight decides, equal weights are chosen by lot). `None` if there is no suggested
/// candidate.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Move};
/// use go_patterns::{Candidate, Intent, Source, select};
/// let size = BoardSize::square(9)?;
/// let c = |v: &str, w: f64| Candidate::new(Move::parse_gtp(v, size).unwrap(), Intent::Shape, w, Source::new("t", "t"));
/// let list = [c("A1", 10.0), c("B2", 30.0), c("C3", 30.0), c("D4", 5.0)];
/// let picks: std::collections::BTreeSet<String> =
///     (0..64).map(|seed| select(&list, seed).unwrap().mv.to_string()).collect();
/// assert_eq!(picks.into_iter().collect::<Vec<_>>(), ["B2", "C3"]);
/// assert_eq!(select(&list, 7), select(&list, 7));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn select(candidates: &[Candidate], seed: u64) -> Option<&Candidate> {
    let best = candidates
        .iter()
        .filter(|c| c.intent.is_suggested())
        .map(|c| c.weight)
        .fold(f64::NEG_INFINITY, f64::max);
    let ties: Vec<&Candidate> =
        candidates.iter().filter(|c| c.intent.is_suggested() && c.weight == best).collect();
    if ties.is_empty() {
        return None;
    }
    // SplitMix64 of the seed.
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    Some(ties[(z % ties.len() as u64) as usize])
}
