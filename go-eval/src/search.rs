//! The seam to go-search: [`PositionEvaluator`] is a point evaluator
//! ([`go_search::Evaluator`]) and an interval evaluator ([`go_search::IntervalEvaluator`])
//! for any game whose states are [`Position`]s, such as go-board's `GoGame`.
//!
//! Values are Black's lead in half-points (komi included) seen by the side to move, the
//! unit of go-board's `GoGame` scores, converted with [`Score::from_f64`] and clamped
//! with [`Score::clamp_eval`] so that no evaluation looks like a win.

use go_board::Position;
use go_search::{Bounds, Evaluator, Game, IntervalEvaluator, Score};

use crate::evaluate::{PositionEvaluator, for_side};

impl<G: Game<State = Position>> Evaluator<G> for PositionEvaluator {
    fn evaluate(&self, _game: &G, state: &Position) -> G::Score {
        let margin = self.evaluate_position(state).margin();
        G::Score::from_f64(f64::from(for_side(margin, state.to_move()))).clamp_eval()
    }
}

impl<G: Game<State = Position>> IntervalEvaluator<G> for PositionEvaluator {
    fn bounds(&self, _game: &G, state: &Position) -> Bounds<G::Score> {
        let b = self.lead_bounds(state);
        let (low, high) = match state.to_move() {
            go_board::Color::Black => (b.pessimistic(), b.optimistic()),
            go_board::Color::White => (-b.optimistic(), -b.pessimistic()),
        };
        let convert = |v: i32| G::Score::from_f64(f64::from(v)).clamp_eval();
        Bounds::must(convert(low), convert(high))
    }
}

#[cfg(test)]
mod tests {
    use go_board::{Color, Move, Position, Rules};
    use go_search::{Evaluator, Game, IntervalEvaluator, Outcome, Score, Side};

    use crate::evaluate::PositionEvaluator;

    /// Go on a [`Position`], scored in half-points for the side to move (the unit of
    /// go-board's `GoGame`), enough for the evaluator traits.
    struct Go;

    impl Game for Go {
        type State = Position;
        type Move = Move;
        type Undo = ();
        type Score = i32;

        fn moves(&self, state: &Position, out: &mut Vec<Move>) -> Option<Outcome<i32>> {
            out.clear();
            if state.is_over() {
                let lead = state.tromp_taylor_score().margin_half_points() * state.to_move().sign();
                return Some(Outcome::Score(lead));
            }
            out.extend(state.legal_moves());
            None
        }

        fn play(&self, state: &mut Position, mv: Move) {
            state.try_play(mv).expect("a legal move");
        }

        fn undo(&self, state: &mut Position, _mv: Move, _undo: ()) {
            state.undo().expect("a move to take back");
        }

        fn side_to_move(&self, state: &Position) -> Side {
            match state.to_move() {
                Color::Black => Side::First,
                Color::White => Side::Second,
            }
        }
    }

    fn position(to_move: Color) -> Position {
        let rules = Rules::chinese().with_komi(go_board::Komi::from_half_points(1));
        let diagram = "
            . . X O .
            . . X O .
            . . X O .
            . . X O .
            . . X O .
            ";
        let mut position = Position::from_diagram(diagram, rules).unwrap();
        position.set_to_move(to_move);
        position
    }

    #[test]
    fn values_are_for_the_side_to_move() {
        let evaluator = PositionEvaluator::default();
        let black = position(Color::Black);
        let white = position(Color::White);
        let margin = evaluator.evaluate_position(&black).margin();
        // Black's wall stands two lines further from its edge: 15 points to 10 and komi.
        assert_eq!(margin, 9);
        assert_eq!(Evaluator::<Go>::evaluate(&evaluator, &Go, &black), margin);
        assert_eq!(Evaluator::<Go>::evaluate(&evaluator, &Go, &white), -margin);
        let b = IntervalEvaluator::<Go>::bounds(&evaluator, &Go, &black);
        let w = IntervalEvaluator::<Go>::bounds(&evaluator, &Go, &white);
        assert!(b.pessimistic() <= margin && margin <= b.optimistic());
        assert_eq!((w.pessimistic(), w.optimistic()), (-b.optimistic(), -b.pessimistic()));
        assert!(b.optimistic() < i32::MAX_EVAL);
    }
}
