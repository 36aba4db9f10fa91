//! How `go-lab patterns` reads the ladder levels of the learned patterns' escape and
//! atari features: with go-eval's [`ReadingOracle`] (its ladder reader behind
//! go-patterns' [`BoardOracle`]; a read that reaches the reader's caps or depends on a
//! ko is unknown, and the feature then takes its non-ladder level), or not at all; the
//! same oracle gives the owner feature its Bouzy ownership levels. `go-lab patterns
//! learn` fits the gammas with these answers and `go-lab patterns predict` scores with
//! the same ones.

use std::sync::Arc;

use go_eval::reading::oracle::ReadingOracle;
use go_patterns::BoardOracle;

/// The ladder reading of the learned features in `go-lab patterns`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Reading {
    /// go-eval's ladder reader and Bouzy ownership ([`ReadingOracle`]).
    #[default]
    Ladder,
    /// None (go-patterns' [`BoardOnly`](go_patterns::BoardOnly)): the ladder levels
    /// and the owner feature never apply.
    None,
}

impl Reading {
    /// The oracle.
    pub fn oracle(self) -> Arc<dyn BoardOracle + Send + Sync> {
        match self {
            Reading::Ladder => Arc::new(ReadingOracle::new()),
            Reading::None => Arc::new(go_patterns::BoardOnly),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use go_board::{Board, BoardSize, Color, Move, Point, Position, Rules, Setup};
    use go_patterns::learned::{FeatureGroup, Harvest, TrainingSet};
    use go_patterns::{BoardOnly, LearnedPatterns};

    use super::*;

    fn at(board: &Board, v: &str) -> Point {
        Point::parse_gtp(v, board.size()).unwrap()
    }

    /// The corner ladder of go-patterns' hand-built tests, read for real.
    const CORNER: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X O . . . . . . .
        . X X . . . . . .
    ";

    #[test]
    fn issue_12_the_corner_ladder_read_by_go_eval() {
        let oracle = Reading::Ladder.oracle();
        let board = Board::from_diagram(CORNER).unwrap();
        let b2 = at(&board, "B2");
        // White B2 (two liberties): Black to move captures it (B3 drives it along the
        // second line), White to move escapes.
        assert_eq!(oracle.ladder_attack(&board, b2, Color::Black), Some(true));
        assert_eq!(oracle.ladder_attack(&board, b2, Color::White), Some(false));
        // After Black B3, White in atari extends to C2 and still dies.
        let mut after = board.clone();
        after.play(Color::Black, at(&board, "B3"));
        assert_eq!(oracle.ladder_attack(&after, b2, Color::White), Some(true));
        after.play(Color::White, at(&board, "C2"));
        assert_eq!(oracle.ladder_attack(&after, b2, Color::Black), Some(true));
        // A black stone on F3 breaks the ladder: the extension escapes.
        let mut broken = board.clone();
        broken.play(Color::Black, at(&board, "B3"));
        broken.play(Color::White, at(&board, "F3"));
        broken.play(Color::White, at(&board, "C2"));
        assert_eq!(oracle.ladder_attack(&broken, b2, Color::Black), Some(false));
        // No stone: no question.
        assert_eq!(oracle.ladder_attack(&board, at(&board, "E5"), Color::Black), None);
    }

    #[test]
    fn issue_12_learned_features_read_ladders_through_go_eval() {
        let size = BoardSize::square(9).unwrap();
        let board = Board::from_diagram(CORNER).unwrap();
        let mut position = Position::new(size, Rules::japanese());
        let mut setup = Setup::default();
        for p in size.points() {
            match board.color_at(p) {
                Some(Color::Black) => setup.black.insert(p),
                Some(Color::White) => setup.white.insert(p),
                None => continue,
            };
        }
        position.setup(setup).unwrap();
        position.set_to_move(Color::Black);
        let mut set =
            TrainingSet::new(&Harvest::new(), 1, None).with_oracle(Reading::Ladder.oracle());
        assert!(set.add(&position, Move::Play(at(&board, "B3"))));
        let (model, _) = set.fit(&Default::default()).unwrap();
        let level = |model: &LearnedPatterns, v: &str| {
            let team = model.team(&position, at(&board, v)).unwrap();
            team.level(FeatureGroup::Atari).map(|l| FeatureGroup::Atari.levels()[l as usize])
        };
        // The trained model keeps the reader: B3 is a ladder atari, C2 a plain one.
        assert_eq!(level(&model, "B3"), Some("ladder"));
        assert_eq!(level(&model, "C2"), Some("one"));
        let blind = model.with_oracle(Arc::new(BoardOnly));
        assert_eq!(level(&blind, "B3"), Some("one"));
    }
}
