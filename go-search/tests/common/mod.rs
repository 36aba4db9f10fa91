//! Helpers shared by the integration tests.

/// Implements `play`, `undo` and `side_to_move` of a wrapper game (a tuple struct
/// around another game) by delegating to the wrapped game.
macro_rules! delegate_moves {
    () => {
        fn play(&self, s: &mut Self::State, m: Self::Move) -> Self::Undo {
            self.0.play(s, m)
        }
        fn undo(&self, s: &mut Self::State, m: Self::Move, u: Self::Undo) {
            self.0.undo(s, m, u)
        }
        fn side_to_move(&self, s: &Self::State) -> go_search::Side {
            self.0.side_to_move(s)
        }
    };
}
