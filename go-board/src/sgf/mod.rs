//! SGF (FF\[4\]): game trees with every property and variation, game records of Go, and
//! their replay.
//!
//! Three layers:
//!
//! - [`parse`] reads the bytes of a file into a [`Collection`] of [`GameTree`]s, in one
//!   pass and without recursion: every node, every property (unknown ones too) in file
//!   order, and every variation. [`GameTree::to_sgf`] writes a tree back, so that
//!   `parse(tree.to_sgf())` gives an equal tree. Joseki and problem files are trees to
//!   walk with [`Node::children`], [`Node::main_line`] and [`Node::path_from_root`].
//! - [`GameRecord`] is the main line of a tree read as a game of Go: the board size
//!   `SZ` (square, or `SZ[columns:rows]` for rectangles, up to 25), komi `KM`, handicap
//!   `HA`, rules `RU`, the side to move `PL`, the result `RE`, the players `PB`/`PW` and
//!   their ranks `BR`/`WR`, the date `DT`, the game name `GN`, the event `EV`, the root
//!   comment `C`, setup stones `AB`/`AW`/`AE` on any node (compressed point lists such
//!   as `AB[aa:cc]` included), and moves `B`/`W`, with passes written `B[]` or, on
//!   boards up to 19×19, `B[tt]`.
//! - [`GameRecord::position_after`] replays a record into a [`Position`](crate::Position)
//!   under its rules; an illegal move gives a [`ReplayError`] naming the move.
//!
//! # Charsets
//!
//! A file is bytes; its text values are in the charset its root's `CA` names. The file
//! is decoded as a whole by that charset before it is parsed (in Shift_JIS, Big5 and GBK
//! the second byte of a character may be `\` or `]`), through `encoding_rs`: UTF-8 (a
//! byte-order mark wins over `CA`), ISO-8859-1, Shift_JIS, GB2312/GBK, GB18030, EUC-KR,
//! Big5, EUC-JP and every other label of the WHATWG Encoding Standard. Without `CA`, a
//! file is UTF-8 if it is valid UTF-8, else ISO-8859-1 (the SGF default), with a
//! [`Warning`]. Trees hold text: their root's `CA` reads `UTF-8`, and the writer writes
//! UTF-8. A collection is decoded by the `CA` of its first game tree.
//!
//! # Errors, warnings and limits
//!
//! An [`SgfError`] names the line and column of the bad text and shows it with a caret
//! under it. Where a file keeps one meaning, the reader repairs it and says so in a
//! [`Warning`] (on [`Collection::warnings`] and [`GameRecord::warnings`]): game trees
//! left open at the end of the file, lower-case identifiers in FF\[4\] files, a komi
//! with a decimal comma or between half points, an empty komi, a guessed charset. What
//! has no meaningful position is refused: a move or setup point off the board, a
//! property given twice in a node, two moves in a node, a game other than Go.
//!
//! [`ReadLimits`] bounds the size of a file, its node count and the length of a line
//! of play; [`read_file`] reads only regular files within them. Reading takes memory in
//! proportion to the file (at most about 13 times its size), never stack.
//!
//! Reading does not replay the game: a record may hold illegal moves. Replaying is
//! [`GameRecord::position_after`]'s job, under the record's own rules.
//!
//! # Examples
//!
//! ```
//! use go_board::{BoardSize, Color, GameRecord, Move, Point};
//!
//! let text = "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]PB[Honinbo Shusaku]PW[Gennan Inseki]
//!             ;B[ee];W[gc];B[];W[cg])";
//! let record = GameRecord::from_sgf(text)?;
//! let size = BoardSize::square(9)?;
//! assert_eq!(record.size, size);
//! assert_eq!(record.rules.komi.to_string(), "6.5");
//! assert_eq!(record.black_player.as_deref(), Some("Honinbo Shusaku"));
//! assert_eq!(record.move_count(), 4);
//!
//! // The position before the third move: two stones, Black to move.
//! let position = record.position_after(2)?;
//! assert_eq!(position.to_move(), Color::Black);
//! assert_eq!(position.board().color_at(Point::parse_gtp("E5", size)?), Some(Color::Black));
//! assert_eq!(position.board().color_at(Point::parse_gtp("G7", size)?), Some(Color::White));
//!
//! // Saving and loading again gives the same record.
//! let saved = record.to_sgf();
//! assert!(saved.contains(";B[]"));
//! assert_eq!(GameRecord::from_sgf(&saved)?, record);
//!
//! // Repairs are reported.
//! let repaired = GameRecord::from_sgf("(;FF[4]KM[7.25];b[ee]")?;
//! assert_eq!(repaired.rules.komi.to_string(), "7.5");
//! let warnings: Vec<String> = repaired.warnings.iter().map(|w| w.to_string()).collect();
//! assert_eq!(warnings, [
//!     "line 1, column 17: lower-case property identifier b read as B",
//!     "line 1, column 1: game tree not closed by ')': closed at the end of the file",
//!     "line 1, column 11: KM[7.25]: komi is not a multiple of 0.5: rounded to the nearest half point, 7.5",
//! ]);
//!
//! // Malformed files name the place of the error.
//! let err = GameRecord::from_sgf("(;SZ[9]\n;B[ee];W[ez])").unwrap_err();
//! assert_eq!(format!("{err:#}"), "line 2, column 10: W[ez] is off the 9x9 board");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod charset;
mod error;
mod limits;
mod parse;
mod properties;
mod record;
mod tree;
mod writer;

pub use error::{Location, MAX_WARNINGS, SgfError, SgfErrorKind, Warning};
pub use limits::{ReadLimits, read_file, read_limited};
pub use parse::{Collection, parse, parse_with_limits};
pub use record::{GameRecord, ReplayError, ReplayErrorKind};
pub use tree::{Children, GameTree, MainLine, Node, NodeId, Properties, Property, Value, Values};
