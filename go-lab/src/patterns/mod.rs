//! `go-lab patterns`: experiments on go-patterns' learned shape patterns.

pub mod gtp;
pub mod ladder;
pub mod learn;
pub mod predict;

/// The pattern experiments.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Learn shape patterns and their gammas from a folder of games
    ///
    /// Harvests the shapes around the moves played, keeps the frequent ones, and fits the
    /// gammas of shapes and tactical features by minorization-maximization (Coulom 2007)
    /// on every position of the training split; optionally then latent factors (pairwise
    /// interactions of the features, `--factors K`).
    Learn(learn::Args),
    /// Move prediction on held-out games: top-1, top-3, top-5, top-10 and coverage by move
    /// number, for the learned patterns and the baselines
    Predict(predict::Args),
}
