//! Eyes: eye spaces, their values and vital points.

mod capture;
mod graph;
mod solve;
mod space;
mod table;
mod value;

pub use graph::{EyeGraph, EyePoint, MAX_EYE_POINTS};
pub use space::{EyeSpace, EyeSpaces, EyeVerdict, GroupEyes, HalfEye, verdict};
pub use table::{EyeTable, TABLE_POINTS};
pub use value::{EyeSum, EyeValue, ParseEyeValueError};
