//! What MCTS needs from the engine: the value of a leaf ([`EvalRollout`]: go-eval's
//! neutral evaluation squashed into a win probability, instead of a random playout)
//! and the priors of its moves ([`CandidatePriors`]: the candidates' merged weights).

use std::sync::Arc;

use go_board::search::GoGame;
use go_board::{Move, Position};
use go_eval::PositionEvaluator;
use go_search::{Rng, Rollout};

use super::candidates::{CandidateUnion, UnionConfig};

/// A leaf's value for MCTS without a playout: the logistic of the side to move's lead
/// by go-eval's neutral evaluation, `1 / (1 + exp(-lead / scale))` with the lead and
/// the scale in points. A finished game (two passes) is scored by the rules, as
/// [`GoGame`] scores it: 1 for a win, 0 for a loss, ½ for a draw.
///
/// # Examples
///
/// ```
/// use go_board::search::GoGame;
/// use go_board::{BoardSize, Position, Rules};
/// use go_engine::player::rollout::EvalRollout;
/// use go_search::{Rng, Rollout};
///
/// // An empty 9x9 board: White leads by the komi, so Black's value is below ½.
/// let mut root = Position::new(BoardSize::square(9)?, Rules::chinese());
/// let v = EvalRollout::default().rollout(&GoGame, &mut root, &mut Rng::new(1));
/// assert!(v < 0.5 && v > 0.0);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct EvalRollout {
    evaluator: PositionEvaluator,
    scale: f64,
}

impl Default for EvalRollout {
    /// go-eval's default evaluator, a scale of 5 points.
    fn default() -> EvalRollout {
        EvalRollout::new(PositionEvaluator::default(), 5.0)
    }
}

impl EvalRollout {
    /// Values from `evaluator` with the scale `scale` (points; a non-positive or
    /// non-finite scale is taken as 5).
    pub fn new(evaluator: PositionEvaluator, scale: f64) -> EvalRollout {
        let scale = if scale > 0.0 && scale.is_finite() { scale } else { 5.0 };
        EvalRollout { evaluator, scale }
    }

    /// The win probability of a lead of `points` for the side to move.
    pub fn win_probability(&self, points: f64) -> f64 {
        1.0 / (1.0 + (-points / self.scale).exp())
    }
}

impl Rollout<GoGame> for EvalRollout {
    fn rollout(&self, game: &GoGame, state: &mut Position, _rng: &mut Rng) -> f64 {
        use go_search::{Game, Outcome};
        if let Some(outcome) = game.outcome(state, &mut Vec::new()) {
            return match outcome {
                Outcome::Score(s) if s > 0 => 1.0,
                Outcome::Score(s) if s < 0 => 0.0,
                Outcome::Win => 1.0,
                Outcome::Loss => 0.0,
                _ => 0.5,
            };
        }
        let margin = self.evaluator.evaluate_position(state).margin();
        let own = f64::from(margin * state.to_move().sign()) / 2.0;
        self.win_probability(own)
    }
}

/// MCTS priors from the candidates: a move's merged weight in the union (the pass and
/// moves outside the union get a small floor, so that no move is starved).
#[derive(Clone, Debug)]
pub struct CandidatePriors {
    union: Arc<CandidateUnion>,
    slow_until: Option<usize>,
}

impl CandidatePriors {
    /// Priors from `union`, without its slow generators
    /// ([`UnionConfig::slow`](super::candidates::UnionConfig::slow)).
    pub fn new(union: Arc<CandidateUnion>) -> CandidatePriors {
        CandidatePriors { union, slow_until: None }
    }

    /// With the slow generators too in positions of at most `moves` moves (the root:
    /// they are too slow for every node).
    #[must_use]
    pub fn slow_until(mut self, moves: usize) -> CandidatePriors {
        self.slow_until = Some(moves);
        self
    }
}

/// The prior of a move the union did not weigh (the pass, a move beyond the cap).
const FLOOR: f64 = 0.01;

impl go_search::Priors<GoGame> for CandidatePriors {
    fn priors(&self, _: &GoGame, state: &Position, moves: &[Move], out: &mut Vec<f64>) {
        out.clear();
        let slow = self.slow_until.is_some_and(|n| state.move_count() <= n);
        let set = self.union.generate_with(state, UnionConfig { slow, ..self.union.config() });
        out.extend(moves.iter().map(|&m| set.get(m).map_or(FLOOR, |c| c.weight.max(FLOOR))));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::Rules;

    #[test]
    fn finished_games_count_by_the_rules_and_leads_by_the_evaluation() {
        let rollout = EvalRollout::default();
        assert_eq!(rollout.win_probability(0.0), 0.5);
        assert!(rollout.win_probability(20.0) > 0.95);
        // Black owns the 5x5 board; two passes end the game: Black to move wins.
        let diagram = ". X . X .\nX X X X X\n. X . X .\nX X X X X\n. X . X .";
        let mut position = Position::from_diagram(diagram, Rules::chinese()).unwrap();
        position.try_play(Move::Pass).unwrap();
        position.try_play(Move::Pass).unwrap();
        let mut rng = Rng::new(0);
        assert_eq!(rollout.rollout(&GoGame, &mut position, &mut rng), 1.0);
        position.resume();
        position.set_to_move(go_board::Color::White);
        let v = rollout.rollout(&GoGame, &mut position, &mut rng);
        assert!(v < 0.05, "{v}");
    }
}
