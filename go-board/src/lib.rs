#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod board;
mod color;
mod excerpt;
pub mod handicap;
mod moves;
mod neighbourhood;
mod perft;
mod point;
mod point_map;
mod point_set;
mod position;
mod rules;
pub mod score;
#[cfg(feature = "search")]
pub mod search;
pub mod sgf;
mod status;
mod symmetry;
pub mod zobrist;

pub use board::{Board, Chain, ChainId, SetupError, Undo};
pub use color::{ByColor, Color, ParseColorError};
pub use excerpt::{EXCERPT_CHARS, Excerpt, excerpt};
pub use handicap::HandicapError;
pub use moves::Move;
pub use neighbourhood::{Cell, Neighbourhood};
pub use perft::perft;
pub use point::{BoardSize, ParsePointError, Point, SizeError};
pub use point_map::{Iter as PointMapIter, IterMut as PointMapIterMut, PointMap};
pub use point_set::{Iter as PointSetIter, PointSet};
pub use position::{Event, IllegalMove, Position, Setup, UndoError};
pub use rules::{
    HandicapCompensation, KoRule, Komi, PRESET_NAMES, ParseKomiError, ParseRulesError, Rules,
    Scoring,
};
pub use score::Score;
pub use sgf::{GameRecord, ReplayError, ReplayErrorKind, SgfError, SgfErrorKind};
pub use status::{ParseStatusError, Status};
pub use symmetry::Symmetry;
