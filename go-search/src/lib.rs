#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod alphabeta;
mod bounds;
pub mod bstar;
pub mod dfpn;
mod error;
mod estimate;
mod eval;
mod game;
mod limits;
pub mod mcts;
mod minimax;
mod observe;
pub mod pbstar;
mod report;
mod rng;
mod score;
mod searcher;
#[cfg(feature = "synth")]
pub mod synth;

pub use alphabeta::AlphaBeta;
#[cfg(feature = "rayon")]
pub use alphabeta::ParallelAlphaBeta;
pub use bounds::Bounds;
pub use bstar::BStar;
pub use dfpn::DfPn;
pub use error::ConfigError;
pub use estimate::Estimate;
pub use eval::{
    Attacker, Candidates, Evaluator, IntervalEvaluator, MoveOrder, NoisyMoves, Priors,
    ProbabilityEvaluator, ProofEvaluator, ProofNumbers, RandomRollout, Rollout,
};
pub use game::{Game, Outcome, Side};
pub use limits::Limits;
pub use mcts::Mcts;
pub use minimax::Minimax;
pub use observe::{Event, Observer, Progress, RootChild};
pub use pbstar::PBStar;
pub use report::{Report, Stats, Stop, Value};
pub use rng::Rng;
pub use score::{MAX_PLY, OrderedF64, Score};
pub use searcher::Searcher;
