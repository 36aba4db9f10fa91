//! Shared drivers for the workspace's criterion benchmarks (`benches/benches/*.rs`).
//!
//! - [`playout`]: the light-playout protocol of `reference/board.md` §1, written once
//!   and run on go-board's `Board` and on the peer crates `go_game_board` and `goban`.
//! - [`perft`]: move-tree counts by `Position` and by `Board`, cross-checked.
//! - [`replay`]: a fixed long random game replayed by `Position::try_play` and
//!   `Board::play`.
//! - [`bitvec_set`]: a `bitvec::BitArray` twin of `PointSet` for the representation
//!   decision.
#![deny(missing_docs)]

pub mod bitvec_set;
pub mod perft;
pub mod playout;
pub mod replay;
