//! Resign, pass or play: what the player answers once the search has spoken.
//!
//! - **Resign** ([`PlayerConfig::resign_margin`]) when the search says the game is lost:
//!   for B* and PB* the chosen move's *optimistic* bound (the best the mover can hope
//!   for) is below minus the margin; for alpha-beta its searched value is; for MCTS its
//!   win rate is below [`PlayerConfig::resign_win_rate`]; with playout leaves
//!   ([`LeafKind::Playouts`]), whose values are win rates in points, when the chosen
//!   move's value is below that win rate. Never before
//!   [`PlayerConfig::resign_after`] of the board's points have been played.
//! - **Pass** when nothing gains: the search chose the pass (it is a candidate at every
//!   node), or the opponent has just passed and counting the board now, with the
//!   player's dead stones removed, wins ([`passing_wins`]).
//! - Otherwise play the search's move.
//!
//! With playouts ([`RolloutKind::Playout`](super::RolloutKind::Playout) and
//! [`RolloutKind::Light`](super::RolloutKind::Light)) the tree never holds a move that
//! fills one of the mover's own one-point eyes
//! ([`PlayoutCandidates`](super::playout::PlayoutCandidates)), so the player passes
//! when only such moves are left; the pass starts with a low prior (a virtual win rate
//! of 0.1) unless the opponent has just passed, and after the opponent's pass the
//! tree's pass is a finished game counted by the rules, every stone alive: the search
//! passes only if that count wins, and takes dead stones off the board first when it
//! does not.

use go_board::{Color, Move, PointSet, Position};

use super::Decision;
use super::config::{Algorithm, LeafKind, PlayerConfig};
use super::leaf;
use super::search::SearchSummary;

/// The decision for the mover of `position` after `summary`; see the [module
/// documentation](self).
pub fn decide(summary: &SearchSummary, config: &PlayerConfig, position: &Position) -> Decision {
    if resigns(summary, config, position) { Decision::Resign } else { Decision::Play(summary.best) }
}

/// Whether the search says the game is lost (see the [module documentation](self)).
pub fn resigns(summary: &SearchSummary, config: &PlayerConfig, position: &Position) -> bool {
    let Some(margin) = config.resign_margin else { return false };
    let points = position.size().point_count() as f64;
    if (position.move_count() as f64) < config.resign_after * points {
        return false;
    }
    let Some(best) = summary.best_move() else { return false };
    match summary.algorithm {
        Algorithm::Mcts => {
            best.visits.is_some_and(|v| v >= 100)
                && best.win_rate.is_some_and(|w| w < config.resign_win_rate)
        }
        _ if matches!(config.leaves, LeafKind::Playouts(_)) => {
            let lost = leaf::reward_half_points(config.resign_win_rate, position.size());
            best.value < super::search::points(lost)
        }
        Algorithm::BStar | Algorithm::PBStar => best.bounds.is_some_and(|(_, hi)| hi < -margin),
        _ => best.value < -margin,
    }
}

/// Whether passing now ends the game with a win for `color`: the opponent's last move
/// was a pass and the count of the board, without `dead` (the player's dead stones),
/// is a win for `color`.
pub fn passing_wins(position: &Position, color: Color, dead: &PointSet) -> bool {
    let opponent_passed = position.last_move() == Some((color.opponent(), Move::Pass));
    opponent_passed && position.score(dead).margin_half_points() * color.sign() > 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::candidates::CandidateSet;
    use crate::player::search::{RootMove, Rule};
    use go_board::{BoardSize, Rules};
    use go_search::{Stats, Value};

    fn summary(algorithm: Algorithm, root: RootMove) -> SearchSummary {
        SearchSummary {
            algorithm,
            best: root.mv,
            rule: Rule::Searched,
            root: vec![root],
            candidates: CandidateSet::default(),
            pv: Vec::new(),
            value: Value::Unknown,
            stop: None,
            stats: Stats::default(),
        }
    }

    fn root(value: f64, bounds: Option<(f64, f64)>, rate: Option<f64>) -> RootMove {
        RootMove { mv: Move::Pass, value, bounds, visits: Some(500), win_rate: rate }
    }

    #[test]
    fn resignation_follows_the_bounds_and_the_move_number() {
        let size = BoardSize::square(9).unwrap();
        let mut position = Position::new(size, Rules::chinese());
        let config = PlayerConfig::new(Algorithm::BStar);
        let lost = summary(Algorithm::BStar, root(-60.0, Some((-70.0, -45.0)), None));
        let hopeful = summary(Algorithm::BStar, root(-60.0, Some((-70.0, -20.0)), None));
        // Too early in the game.
        assert!(!resigns(&lost, &config, &position));
        for p in position.board().empty_points().take(30).collect::<Vec<_>>() {
            position.try_play(Move::Play(p)).unwrap();
        }
        assert_eq!(decide(&lost, &config, &position), Decision::Resign);
        // The optimistic bound still hopes: play on.
        assert_eq!(decide(&hopeful, &config, &position), Decision::Play(Move::Pass));
        // Configurable: never.
        let never = config.resign_margin(None);
        assert_eq!(decide(&lost, &never, &position), Decision::Play(Move::Pass));
        // MCTS by its win rate, alpha-beta by its value.
        let mcts = PlayerConfig::new(Algorithm::Mcts);
        assert!(resigns(&summary(Algorithm::Mcts, root(0.0, None, Some(0.01))), &mcts, &position));
        assert!(!resigns(&summary(Algorithm::Mcts, root(0.0, None, Some(0.2))), &mcts, &position));
        let ab = PlayerConfig::new(Algorithm::AlphaBeta);
        assert!(resigns(&summary(Algorithm::AlphaBeta, root(-41.0, None, None)), &ab, &position));
    }

    #[test]
    fn passing_wins_only_after_the_opponents_pass() {
        let mut position =
            Position::from_diagram(". X . O .\n. X . O .\n. X . O .", Rules::chinese()).unwrap();
        position.set_rules(Rules::chinese().with_komi(go_board::Komi::from_half_points(1)));
        // Black has 6 points to White's 6, komi 0.5: White wins by counting.
        assert!(!passing_wins(&position, Color::White, &PointSet::EMPTY));
        position.try_play(Move::Pass).unwrap();
        assert!(passing_wins(&position, Color::White, &PointSet::EMPTY));
        assert!(!passing_wins(&position, Color::Black, &PointSet::EMPTY));
    }
}
