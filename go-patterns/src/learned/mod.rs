//! Learned shape patterns with Bradley–Terry weights (Coulom 2007, "Computing Elo
//! Ratings of Move Patterns in the Game of Go"; Pachi's and Stern's nested shapes).
//!
//! - **Shapes** ([`Shape`]): the exact contents of the gridcular disc of size 3 (the
//!   3×3 square) to 10 (72 points, five lines away) around a move, seen from the side to
//!   move (own, opponent, empty, off the board), folded over the eight symmetries by a
//!   canonical form. The dictionary holds every image of every learned shape under a
//!   Zobrist key, so the largest learned shape around a point costs one probe per size.
//! - **Tactical features** ([`FeatureGroup`]): capture (saving an own chain, ko, taking
//!   the last move, by size), escape from atari (with a ladder read), self-atari (by
//!   size), atari (ladder, ko, by size), the line, the distances to the last two
//!   moves, the liberties of the chain a move joins, opponent chains left with two
//!   liberties, the move's place (its lines from the two nearest edges) by game
//!   phase, and who owns the point in the host's estimate by game phase. Ladders and
//!   ownership are asked of the crate's [`BoardOracle`](crate::BoardOracle)
//!   (`ladder_attack`, `ownership`); go-eval answers with its ladder reader and its
//!   Bouzy maps, and the default [`BoardOnly`](crate::BoardOnly) answers neither (the
//!   ladder levels and the owner feature then never apply).
//! - **Training** ([`Harvest`], [`TrainingSet`], [`LearnedPatterns::train`]): count the
//!   shapes around the moves played, keep the frequent ones, make every position a
//!   competition between its legal moves (teams of features) won by the move played, and
//!   fit the gammas by minorization–maximization, one feature group at a time, with
//!   Coulom's prior (a virtual win and loss against gamma 1); optionally, then, latent
//!   factors ([`FactorConfig`]): a vector per feature whose dot products give every pair
//!   of a move's features an interaction (Wistuba and Schmidt-Thieme 2013).
//! - **Use** ([`LearnedPatterns`]): score every legal move (the product of its
//!   features' gammas), or propose the strongest as a [`CandidateGenerator`](crate::CandidateGenerator).
//!   The model is written in the compact binary format below.
//!
//! # File format
//!
//! A model is written as follows (version 3, little-endian). Older versions are still
//! read: version 2 has the ten groups before [`FeatureGroup::Owner`] and no latent-factor
//! byte or vectors, version 1 also lacks [`FeatureGroup::Place`]; the missing groups'
//! gammas are 1.
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic `GOPLEARN` |
//! | 2 | version, 3 |
//! | 1 | number of tactical groups, 11 (9 in version 1, 10 in version 2; in the order of [`FeatureGroup::TACTICAL`]) |
//! | per group: 1 + 4 L | its number of levels L (as [`FeatureGroup::levels`]), then L gammas (`f32`) |
//! | 4 | number of shapes S (`u32`) |
//! | per shape: 1 + ⌈n/4⌉ + 4 | its size (3 to 10), its n cells in spiral order, four per byte (cell k in bits 2 (k mod 4) of byte k / 4: 0 empty, 1 own, 2 opponent, 3 off the board; unused bits 0), its gamma (`f32`) |
//! | 1 | the latent factors' dimension k (0: none; at most [`FactorConfig::MAX_DIMENSIONS`]) |
//! | 2 k (T + S) | k numbers (IEEE 754 half precision) per tactical level (T levels in all, in group order) and per shape |
//! | 8 | FNV-1a 64 of every byte before |
//!
//! Gammas are finite and positive; the shapes are distinct classes and closed under
//! shrinking (see [`Shape::shrink`]). A model with 20,000 shapes takes about 400 kB.
//!
//! The spiral order lists the offsets `(dx, dy)` of the disc by gridcular distance
//! `|dx| + |dy| + max(|dx|, |dy|)`, then by `dy`, then by `dx` (rows go up, columns right).
//! The reader checks the checksum first, so that damage anywhere is reported as damage.

mod dictionary;
mod factors;
mod features;
mod format;
mod geometry;
mod mm;
mod model;
mod shape;
mod training;

pub use factors::FactorConfig;
pub use features::{FeatureGroup, Team};
pub use format::{LoadError, LoadErrorKind, MAX_FILE_BYTES};
pub use mm::{FitConfig, FitReport};
pub use model::{LearnedPatterns, ScoredMove};
pub use shape::{Shape, ShapeCell};
pub use training::{
    Competition, CompetitionBuilder, Harvest, TrainConfig, TrainError, TrainingSet,
};

#[cfg(test)]
mod tests;
