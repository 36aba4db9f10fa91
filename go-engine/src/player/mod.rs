//! The engine that plays: the [`Player`] trait (the seam between the GTP front door and
//! whatever chooses the moves), the time information it may use ([`Clock`]), and the
//! players.
//!
//! - [`RandomPlayer`]: a uniformly random legal move that fills no own eye.
//! - [`SearchPlayer`]: the candidates of every generator ([`candidates`]: the strength
//!   models, reading's urgent moves, ...) searched by one of go-search's algorithms over
//!   go-eval's bounded evaluator ([`config`]: B*, PB*, alpha-beta, MCTS), with time
//!   management ([`time`]), resignation and passing ([`decide`]).
//!
//! One module per concept: [`clock`] (what the controller says about time), [`time`]
//! (how long to think), [`candidates`] (the union of the generators), [`urgent`]
//! (reading's urgent moves), [`config`] (a player as a configuration), [`search`] (the
//! search of one move and its summary), [`rollout`] (MCTS's leaf values by evaluation
//! and the union's priors), [`playout`] (MCTS's playouts, tree filter and priors),
//! [`decide`] (resign, pass or play), [`random`].

pub mod candidates;
pub mod clock;
pub mod config;
pub mod decide;
pub mod engine;
pub mod leaf;
pub mod playout;
pub mod random;
pub mod rollout;
pub mod search;
pub mod time;
pub mod urgent;
pub mod vital;

pub use candidates::{CandidateSet, CandidateUnion, MoveCandidate};
pub use clock::{Clock, TimeLeft, TimeSettings};
pub use config::{Algorithm, LeafKind, PlayerConfig, RolloutKind, Widening};
pub use engine::SearchPlayer;
pub use random::RandomPlayer;

use go_board::{Color, Move, PointSet, Position};
use go_eval::PositionEvaluator;

/// What a [`Player`] answers to `genmove`: a move to play, or resignation.
///
/// Resigning is an answer of GTP's `genmove`, not a [`Move`]: the position does not
/// change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Play this move (a point or a pass).
    Play(Move),
    /// Resign the game.
    Resign,
}

/// Chooses moves for the GTP session. The session owns the [`Position`] and the rules;
/// a player only answers.
///
/// A player must return a move that is legal for `color` in `position` (the session
/// checks it with [`Position::try_play_as`] and reports a failure instead of playing an
/// illegal move). The position handed to [`Player::genmove`] is never over: after two
/// passes the session resumes play first, as GTP controllers expect.
pub trait Player {
    /// A short description, shown in the answers of GTP's `name` and `version`
    /// (for instance `random player`).
    fn description(&self) -> &str;

    /// Chooses a move for `color`, who need not be the side to move in `position`.
    fn genmove(&mut self, position: &Position, color: Color, clock: &Clock) -> Decision;

    /// The stones this player considers dead at the end of the game, for GTP's
    /// `final_score` and `final_status_list`.
    ///
    /// The default is go-eval's static estimate without reading
    /// ([`PositionEvaluator::dead_stones`] with the default settings): the stones in the other colour's
    /// unconditionally safe regions, and the weak groups of the six-step evaluation.
    fn dead_stones(&mut self, position: &Position) -> PointSet {
        PositionEvaluator::default().dead_stones(position)
    }

    /// Seeds the player's random choices (GTP's `set_random_seed`), so that a game can
    /// be replayed. The default does nothing: a player without random choices is
    /// already reproducible.
    fn set_random_seed(&mut self, seed: u64) {
        let _ = seed;
    }

    /// The game is over (KGS's `kgs-game_over`): a player may let go of what it kept
    /// for the game. The default does nothing.
    fn game_over(&mut self) {}
}
