//! Reading: searches that answer tactical and life-and-death questions about a position.
//!
//! Every reader answers with an [`Answer`]: an [`Outcome`] from the mover's point of view
//! (with ko distinguished as a threat balance), the move that achieves it, whether the
//! answer is certain or was cut by the [`Budget`], and the nodes it used. Budgets are
//! nodes and depths, never wall-clock time, so an answer is the same on every run, with
//! every table size and on every machine.
//!
//! The readers are modules of their own, one concept each; this module holds the
//! vocabulary they share.

mod answer;
pub(crate) mod balance;
pub mod combination;
pub mod connect;
pub(crate) mod core;
pub mod dragon;
pub mod eyes;
pub mod ladder;
pub mod lnd;
pub(crate) mod local;
pub mod oracle;
pub(crate) mod orbit;
pub mod owl;
pub mod semeai;
pub(crate) mod table;
pub mod tactics;

pub use answer::{Answer, Budget, Outcome};
