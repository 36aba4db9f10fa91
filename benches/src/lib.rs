//! Shared drivers for the workspace's criterion benchmarks (`benches/benches/*.rs`).
//!
//! - [`playout`]: the light-playout protocol of `reference/board.md` §1, written once
//!   and run on go-board's `Board` and on the peer crates `go_game_board` and `goban`,
//!   so the figures are ratios of like with like.
//! - [`perft`]: move-tree counts by the fast `Board`, against `go_board::perft`.
//! - [`replay`]: a fixed long random game replayed by `Position::try_play` and
//!   `Board::play`.
//! - [`bitvec_set`]: a `bitvec::BitArray` twin of `PointSet` for the representation
//!   decision.
//! - [`connect4`]: the `minimax` crate's own example game, exposed to both search
//!   crates.
#![deny(missing_docs)]

pub mod bitvec_set;
pub mod connect4;
pub mod perft;
pub mod playout;
pub mod replay;
