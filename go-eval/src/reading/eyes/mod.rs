//! Eyes: eye spaces, their values and vital points.
//!
//! - [`EyeGraph`]: an eye space as a small labelled graph (empty, marginal, dead
//!   stone), with a canonical form; its value is a four-digit [`EyeValue`] (GNU Go's
//!   and Landman's convention) found by an exhaustive search of the local game (the
//!   defender's wall has liberties outside; inner points, where a defender stone can be
//!   captured, and ko are read within a ply limit).
//! - [`EyeTable`]: every graph of up to [`TABLE_POINTS`] points solved by that search
//!   and committed as generated data (a test rebuilds it byte for byte; another checks
//!   it against an independent naive solver).
//! - [`EyeSpaces`]: the eye spaces of a board (domains, marginal points, false and half
//!   eyes, dead stones), each with its value and vital points; it backs GTP's
//!   `eval_eye`, `eye_data` and `eye_map`. The board is read in its canonical
//!   orientation (of the 8 symmetries and the colour swap), so the result follows
//!   the board's symmetries.
//! - [`GroupEyes`]: for a life-and-death or owl reader's leaves, the eyes of one group
//!   (its spaces only, with the caller's dead stones), their sum as a local game
//!   ([`EyeValue::sum`]) and the vital points to attack and defend; [`verdict`] says
//!   when that is certain.

mod capture;
mod graph;
mod solve;
mod space;
mod table;
mod value;

pub use graph::{EyeGraph, EyePoint, MAX_EYE_POINTS};
pub(crate) use space::region_value;
pub use space::{EyeSpace, EyeSpaces, EyeVerdict, GroupEyes, HalfEye, verdict};
pub use table::{EyeTable, TABLE_POINTS};
pub use value::{EyeSum, EyeValue, ParseEyeValueError};
