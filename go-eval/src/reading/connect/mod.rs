//! Connection reading: can two chains of one colour be connected, or cut apart? Can a
//! chain break into an area, or be blocked off from it?
//!
//! [`Connection`] answers GNU Go's `connect`, `disconnect`, `break_in` and `block_off`
//! with the ideas of GNU Go's connection reader:
//!
//! - **Goals**: the chains are connected when they are one chain (for an area: when the
//!   chain has a stone in it) that the opponent, to move, cannot capture at once, in a
//!   ladder, or by the fast tactical reader (three liberties at most); they are cut when
//!   one is captured, when the join needs more than four moves, or when the budget or
//!   the depth runs out (so `connect` fails and `disconnect` succeeds at the limit,
//!   with [`Answer::certain`] false).
//! - **Trivial tests first**: one chain, a captured chain, two common liberties of two
//!   chains with three liberties each (miai); with the opponent to move, a walk from
//!   chain to chain over links it cannot break with one move (a common liberty where
//!   its stone would be illegal or in atari without capturing, or a chain of its own
//!   in atari between the two that the fast tactical reader cannot save: a cutting
//!   stone that is captured does not cut), through chains that are not captured at
//!   once or in a ladder.
//! - **Moves from connection distances**: a shortest-path search from each side (the
//!   owner's stones cost nothing, an empty point or an opponent stone in atari one move,
//!   a stone of an opponent chain with two liberties next to the connection that the
//!   tactical reader captures two moves, other opponent stones cannot be crossed) gives
//!   the points on the shortest joins; both sides play there (to join, to cut: only
//!   on the shortest ones, since points one move longer made the trees too wide to
//!   read within the budget), together
//!   with the tactical moves: saving a chain in atari and capturing the opponent's
//!   chains in atari next to it for the owner, attacking a chain with two liberties or
//!   fewer and saving its own cutting chains for the opponent.
//! - **Iterative deepening**: depth limits 4, 6, 8, … up to the budget's, each
//!   iteration trying the moves the previous one stored first; a depth cut-off counts
//!   as a cut, so a join found at a small depth is proven and ends the question.
//! - **Budget**: [`Connection::BUDGET`] is GNU Go's: 2,000 nodes and depth 20 (all
//!   iterations together). Ko is
//!   the threat balance of [`Outcome`](super::Outcome); a table per question, as the tactical reader's.
//!
//! # Examples
//!
//! ```
//! use go_board::{Board, Point};
//! use go_eval::reading::connect::{Connection, ConnectionScratch};
//! use go_eval::reading::Outcome;
//!
//! // A one-point jump: White cannot cut it, Black connects on C3.
//! let mut board = Board::from_diagram(
//!     "
//!     . . . . .
//!     . . X . .
//!     . . . . .
//!     . . X . .
//!     . . . . .
//!     ",
//! )?;
//! let (c2, c4) = (Point::parse_gtp("C2", board.size())?, Point::parse_gtp("C4", board.size())?);
//! let reader = Connection::new();
//! let mut scratch = ConnectionScratch::new();
//! let cut = reader.disconnect(&mut board, c2, c4, Connection::BUDGET, &mut scratch);
//! assert_eq!(cut.outcome, Outcome::Lose);
//! let join = reader.connect(&mut board, c2, c4, Connection::BUDGET, &mut scratch);
//! assert_eq!(join.outcome, Outcome::Win);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod distance;
mod search;

use go_board::{Board, ByColor, Move, Point, PointSet};

use super::balance::{Balance, Verdict, resolve};
use super::ladder::LadderScratch;
use super::table::Table;
use super::tactics::Scratch as TacticsScratch;
use super::{Answer, Budget};
use distance::Distances;
use search::{Buffers, Search};

/// What a chain is to be connected to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    /// The chain on this point.
    Chain(Point),
    /// Any point of this area.
    Area(PointSet),
}

/// The connection reader (no settings yet beyond the [`Budget`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Connection {}

/// Buffers the connection reader reuses from question to question.
pub struct ConnectionScratch {
    table: Table,
    path: Vec<u64>,
    near: Distances,
    far: Distances,
    tactics: TacticsScratch,
    ladder: LadderScratch,
}

impl ConnectionScratch {
    /// Empty buffers (the table grows up to 2^20 entries).
    pub fn new() -> ConnectionScratch {
        ConnectionScratch {
            table: Table::new(1 << 10, 1 << 20),
            path: Vec::with_capacity(64),
            near: Distances::new(),
            far: Distances::new(),
            tactics: TacticsScratch::with_table(1 << 10, 1 << 16),
            ladder: LadderScratch::new(),
        }
    }
}

impl Default for ConnectionScratch {
    fn default() -> ConnectionScratch {
        ConnectionScratch::new()
    }
}

impl core::fmt::Debug for ConnectionScratch {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ConnectionScratch").field("table", &self.table).finish_non_exhaustive()
    }
}

/// Who moves first in a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum First {
    Owner,
    Opponent,
}

impl Connection {
    /// GNU Go's limits: 2,000 nodes and depth 20.
    pub const BUDGET: Budget = Budget::new(2000, 20);

    /// A connection reader.
    pub const fn new() -> Connection {
        Connection {}
    }

    /// Can the owner of the chains on `a` and `b` (one colour), moving first, connect
    /// them? The answer's point is the connecting move. Chains of two colours, or an
    /// empty point, answer [`Outcome::Lose`](super::Outcome::Lose).
    pub fn connect(
        &self,
        board: &mut Board,
        a: Point,
        b: Point,
        budget: Budget,
        scratch: &mut ConnectionScratch,
    ) -> Answer {
        if board.color_at(a).is_none() || board.color_at(a) != board.color_at(b) {
            return Answer::lose(0);
        }
        self.ask(board, a, Goal::Chain(b), First::Owner, budget, scratch)
    }

    /// Can the opponent of the chains on `a` and `b`, moving first, keep them apart (or
    /// capture one)? The answer's point is the cutting move.
    pub fn disconnect(
        &self,
        board: &mut Board,
        a: Point,
        b: Point,
        budget: Budget,
        scratch: &mut ConnectionScratch,
    ) -> Answer {
        if board.color_at(a).is_none() || board.color_at(a) != board.color_at(b) {
            return Answer::lose(0);
        }
        self.ask(board, a, Goal::Chain(b), First::Opponent, budget, scratch)
    }

    /// Can the owner of the chain on `a`, moving first, break into `area` (get a stone
    /// there, connected to the chain, that cannot be captured at once)?
    pub fn break_in(
        &self,
        board: &mut Board,
        a: Point,
        area: &PointSet,
        budget: Budget,
        scratch: &mut ConnectionScratch,
    ) -> Answer {
        if board.color_at(a).is_none() || area.is_empty() {
            return Answer::lose(0);
        }
        self.ask(board, a, Goal::Area(*area), First::Owner, budget, scratch)
    }

    /// Can the opponent of the chain on `a`, moving first, keep it out of `area`?
    pub fn block_off(
        &self,
        board: &mut Board,
        a: Point,
        area: &PointSet,
        budget: Budget,
        scratch: &mut ConnectionScratch,
    ) -> Answer {
        if board.color_at(a).is_none() {
            return Answer::lose(0);
        }
        if area.is_empty() {
            let outcome = super::Outcome::Win;
            return Answer { outcome, point: Some(Move::Pass), certain: true, nodes: 0 };
        }
        self.ask(board, a, Goal::Area(*area), First::Opponent, budget, scratch)
    }

    /// The depths of the iterations for a depth limit: 4, 6, 8, … below it, then the
    /// limit itself (on GNU Go's connect and break_in suites, first depths 4, 6 or 8
    /// and steps 2 to 6 gave 66–68 and 8 passes, a single search at depth 20 gave 63
    /// and 6).
    fn depths(limit: u16) -> impl Iterator<Item = u16> {
        (4..limit).step_by(2).chain(core::iter::once(limit))
    }

    fn ask(
        &self,
        board: &mut Board,
        a: Point,
        goal: Goal,
        first: First,
        budget: Budget,
        scratch: &mut ConnectionScratch,
    ) -> Answer {
        let owner = board.color_at(a).expect("checked by the caller");
        let mover = if first == First::Owner { owner } else { !owner };
        scratch.table.new_query();
        let mut nodes = 0u64;
        let (outcome, point, certain) = resolve(|balance: Balance| {
            let retake = ByColor::new_with(|c| balance.may_retake(c == mover));
            // Iterative deepening: a depth cut-off favours the opponent (the join is not
            // found), so a connection found at a small depth is proven, and a cut that
            // no cut-off decided is exact; otherwise the next, deeper iteration reads
            // on, with the moves of the previous one first, until the budget's depth.
            let mut used = 0u64;
            let mut previous = None;
            let mut verdict = None;
            for depth in Self::depths(budget.depth) {
                let buffers = Buffers {
                    table: &mut scratch.table,
                    path: &mut scratch.path,
                    near: &mut scratch.near,
                    far: &mut scratch.far,
                    tactics: &mut scratch.tactics,
                    ladder: &mut scratch.ladder,
                };
                let limit = budget.nodes.saturating_sub(used);
                let iteration = Budget::new(limit, depth);
                let mut search = Search::new(board, buffers, a, goal, retake, iteration, previous);
                let r = match first {
                    First::Owner => search.connect_node(),
                    First::Opponent => search.disconnect_node(),
                };
                used += search.nodes;
                let certain = r.certain && !search.budget_hit;
                let joined = r.success == (first == First::Owner);
                let done = joined || certain || search.budget_hit;
                verdict = Some(Verdict {
                    success: r.success,
                    point: r.point,
                    certain,
                    ko: search.ko_met,
                });
                previous = Some(depth);
                if done {
                    break;
                }
            }
            nodes += used;
            verdict.expect("at least one iteration")
        });
        let point =
            if outcome.is_success() { Some(point.map_or(Move::Pass, Move::Play)) } else { None };
        Answer { outcome, point, certain, nodes }
    }
}

#[cfg(test)]
mod tests;
