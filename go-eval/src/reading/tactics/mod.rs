//! Tactical reading: can a chain be captured, and can it be saved?
//!
//! [`Tactics`] answers GNU Go's tactical questions (`attack`, `find_defense`,
//! `attack_either`, `defend_both`, `does_attack`, `does_defend`) by a depth-first
//! search of attack and defence nodes:
//!
//! - **Moves** come from generators by liberty count (the target's liberties,
//!   rescues of the attacker's own chains in atari, captures and ataris of the
//!   defender's neighbours, backfilling, throw-ins, second-order liberties near the root;
//!   ladders beyond the main depth), each tried once on the board to order them (see
//!   `moves.rs`).
//! - **Cut-offs** are GNU Go's: a chain with [`TacticsConfig::safe_liberties`] liberties
//!   (5) is safe, 4 liberties beyond the four-liberty depth, 3 beyond the main depth;
//!   beyond the branch depth a target with 3 or more liberties gets one try. The depths
//!   all follow [`Budget::depth`] (16 by default, GNU Go's `depth`): branch depth − 3,
//!   backfill − 4, break-chain and four-liberty − 9, second backfill − 11, ko − 8, so that
//!   [`Budget::deeper`] shifts them all, as GNU Go's `increase_depths` does.
//! - **Ko** is the threat balance of [`Outcome`](super::Outcome): up to three searches in which one side
//!   or none may retake a banned ko (a conditional ko capture, up to the ko depth); a ko
//!   capture of a one-stone target is not final while the defender may retake it.
//! - **A transposition table** keyed by the position, the ko ban, who may retake, the
//!   kind of node and the targets, cleared (by a generation tag) for every question.
//!   It grows instead of evicting, so an answer and its node count depend only on the
//!   position, the question and the [`Budget`], never on the table's size or history.
//! - **Budgets**: [`Budget::nodes`] per question; when it runs out the target counts as
//!   safe. [`Answer::certain`] is false when a budget, a depth or a liberty cut-off
//!   decided the answer.
//!
//! "Captured" is trusted; "defended" means "not captured within the horizon".
//!
//! # Examples
//!
//! ```
//! use go_board::{Board, Move, Point};
//! use go_eval::reading::tactics::{Scratch, Tactics};
//! use go_eval::reading::Outcome;
//!
//! // The white stone on C3 has two liberties; Black captures it in a ladder.
//! let mut board = Board::from_diagram(
//!     "
//!     . . . . . . .
//!     . . . . . . .
//!     . . . . . . .
//!     . . . X . . .
//!     . X O . . . .
//!     . . X . . . .
//!     . . . . . . .
//!     ",
//! )?;
//! let c3 = Point::parse_gtp("C3", board.size())?;
//! let tactics = Tactics::default();
//! let mut scratch = Scratch::new();
//! let answer = tactics.attack(&mut board, c3, Tactics::BUDGET, &mut scratch);
//! assert_eq!(answer.outcome, Outcome::Win);
//! let defence = tactics.defend(&mut board, c3, Tactics::BUDGET, &mut scratch);
//! assert_eq!(defence.outcome, Outcome::Win);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod moves;
mod pairs;
mod search;

use go_board::{Board, ByColor, Color, Move, Point};

use super::balance::{Balance, Verdict, resolve};
use super::table::Table;
use super::{Answer, Budget};
use search::{NodeResult, Search};

/// What a [`Tactics`] reader tries, beyond the depths of the [`Budget`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TacticsConfig {
    /// A chain with this many liberties is safe (GNU Go: 5). Lower is faster and
    /// misses more.
    pub safe_liberties: u8,
    /// Whether the attacker tries second-order liberties near the root (nets, approach
    /// moves).
    pub nets: bool,
    /// Whether the defender of a chain with one or two liberties tries second-order
    /// liberties near the root (edge clamps, hanes that gain liberties).
    pub second_order_defence: bool,
}

impl TacticsConfig {
    /// Everything GNU Go's tactical reader tries, with its liberty cut-offs.
    pub const FULL: TacticsConfig =
        TacticsConfig { safe_liberties: 5, nets: false, second_order_defence: false };

    /// For readers that call the tactical reader thousands of times (owl, life and
    /// death): 4 liberties are safe, and no second-order moves.
    pub const FAST: TacticsConfig =
        TacticsConfig { safe_liberties: 4, nets: false, second_order_defence: false };
}

impl Default for TacticsConfig {
    fn default() -> TacticsConfig {
        TacticsConfig::FULL
    }
}

/// The depths of GNU Go's tactical reader, all derived from the main depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Depths {
    /// Beyond it a chain with 3 liberties is safe and 2-liberty chains are read as
    /// ladders.
    pub(crate) depth: u16,
    /// Beyond it a target with 3 or more liberties gets one try.
    pub(crate) branch: u16,
    /// Backfilling up to here.
    pub(crate) backfill: u16,
    /// Second-order attacks on 3-liberty chains up to here.
    pub(crate) backfill2: u16,
    /// Ataris on the defender's neighbours up to here; nets up to here.
    pub(crate) break_chain: u16,
    /// Beyond it a chain with 4 liberties is safe.
    pub(crate) fourlib: u16,
    /// Conditional ko captures up to here.
    pub(crate) ko: u16,
}

impl Depths {
    /// GNU Go's depths for the main depth `depth` (16 by default).
    pub(crate) fn new(depth: u16) -> Depths {
        let at = |back: u16| depth.saturating_sub(back);
        Depths {
            depth,
            branch: at(3),
            backfill: at(4),
            backfill2: at(11),
            break_chain: at(9),
            fourlib: at(9),
            ko: at(8),
        }
    }
}

/// Buffers a reader reuses from question to question: the transposition table and the
/// path of the search. One per thread; a question starts by forgetting the previous
/// question's entries.
#[derive(Debug, Clone)]
pub struct Scratch {
    table: Table,
    path: Vec<u64>,
}

impl Scratch {
    /// A scratch with a table of 2^12 entries that grows up to 2^22 (64 MiB).
    pub fn new() -> Scratch {
        Scratch::with_table(1 << 12, 1 << 22)
    }

    /// A scratch whose table starts with room for `initial` entries and grows up to
    /// `max` (both rounded up to powers of two, at least 16). Answers do not depend on
    /// `initial`; they depend on `max` only when a question stores more than `max / 2`
    /// results.
    pub fn with_table(initial: usize, max: usize) -> Scratch {
        Scratch { table: Table::new(initial, max), path: Vec::with_capacity(256) }
    }

    /// The number of results the last question stored.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }
}

impl Default for Scratch {
    fn default() -> Scratch {
        Scratch::new()
    }
}

/// The tactical reader: immutable settings; the buffers are the caller's [`Scratch`].
///
/// Every question takes the board mutably (moves are played and taken back, so the
/// board is unchanged afterwards), one or two targets (points of stones: the chain on
/// the point, which may be captured and, in a ko, retaken on the same point), a
/// [`Budget`] and a scratch. The side to move is the side the question names: the
/// attacker for [`attack`](Tactics::attack), the target's owner for
/// [`defend`](Tactics::defend). The simple-ko ban of the board applies to the first
/// move.
///
/// A target on an empty point cannot be attacked or defended: every question answers
/// [`Outcome::Lose`](super::Outcome::Lose) with no node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tactics {
    config: TacticsConfig,
}

/// What the root of a search asks.
#[derive(Clone, Copy, Debug)]
enum Question {
    /// The attacker to move captures one of the targets.
    Attack,
    /// The defender to move keeps all the targets.
    Defend,
    /// The attacker's move captures one of the targets.
    AttackWith(Point),
    /// The defender's move keeps all the targets.
    DefendWith(Point),
}

impl Tactics {
    /// GNU Go's default budget: depth 16, and 50,000 nodes per question (GNU Go has no
    /// node limit; its mean is 167 nodes per `attack`).
    pub const BUDGET: Budget = Budget::new(50_000, 16);

    /// A reader with these settings.
    pub const fn new(config: TacticsConfig) -> Tactics {
        Tactics { config }
    }

    /// The settings.
    pub const fn config(&self) -> TacticsConfig {
        self.config
    }

    /// Can the chain on `target` be captured, the attacker (the other colour) moving
    /// first? The answer's point is the attacking move.
    pub fn attack(
        &self,
        board: &mut Board,
        target: Point,
        budget: Budget,
        scratch: &mut Scratch,
    ) -> Answer {
        self.ask(board, &[target], Question::Attack, budget, scratch)
    }

    /// Can the chain on `target` be saved, its owner moving first? The answer's point
    /// is the saving move, or [`Move::Pass`] when the chain is safe by its liberties
    /// whatever the defender does. As GNU Go's `find_defense`, it does not check that
    /// the chain is attacked at all.
    pub fn defend(
        &self,
        board: &mut Board,
        target: Point,
        budget: Budget,
        scratch: &mut Scratch,
    ) -> Answer {
        self.ask(board, &[target], Question::Defend, budget, scratch)
    }

    /// Can the attacker, moving first, capture at least one of the chains on `a` and `b`
    /// (both of one colour)? The two may be attacked together (a double atari).
    pub fn attack_either(
        &self,
        board: &mut Board,
        a: Point,
        b: Point,
        budget: Budget,
        scratch: &mut Scratch,
    ) -> Answer {
        if board.color_at(a) != board.color_at(b) {
            return Answer::lose(0);
        }
        self.ask(board, &[a, b], Question::Attack, budget, scratch)
    }

    /// Can the owner of the chains on `a` and `b` (both of one colour), moving first,
    /// keep both?
    pub fn defend_both(
        &self,
        board: &mut Board,
        a: Point,
        b: Point,
        budget: Budget,
        scratch: &mut Scratch,
    ) -> Answer {
        if board.color_at(a) != board.color_at(b) {
            return Answer::lose(0);
        }
        self.ask(board, &[a, b], Question::Defend, budget, scratch)
    }

    /// Does the attacker's move `m` capture the chain on `target`? An illegal move
    /// does not.
    pub fn does_attack(
        &self,
        board: &mut Board,
        m: Point,
        target: Point,
        budget: Budget,
        scratch: &mut Scratch,
    ) -> Answer {
        self.ask(board, &[target], Question::AttackWith(m), budget, scratch)
    }

    /// Does the defender's move `m` save the chain on `target`? An illegal move does
    /// not.
    pub fn does_defend(
        &self,
        board: &mut Board,
        m: Point,
        target: Point,
        budget: Budget,
        scratch: &mut Scratch,
    ) -> Answer {
        self.ask(board, &[target], Question::DefendWith(m), budget, scratch)
    }

    /// Runs the threat balance of `question` about `targets`.
    fn ask(
        &self,
        board: &mut Board,
        targets: &[Point],
        question: Question,
        budget: Budget,
        scratch: &mut Scratch,
    ) -> Answer {
        let Some(owner) = board.color_at(targets[0]) else { return Answer::lose(0) };
        let attacker = !owner;
        let mover = match question {
            Question::Attack | Question::AttackWith(_) => attacker,
            Question::Defend | Question::DefendWith(_) => owner,
        };
        scratch.table.new_query();
        let depths = Depths::new(budget.depth);
        let mut nodes = 0u64;
        let (outcome, point, certain) = resolve(|balance: Balance| {
            let retake = ByColor::new_with(|c| balance.may_retake(c == mover));
            let mut search = Search::new(
                board,
                &mut scratch.table,
                &mut scratch.path,
                self.config,
                depths,
                attacker,
                targets,
                retake,
                budget.nodes,
            );
            let r = match (question, targets) {
                (Question::Attack, &[a, b]) => search.attack_either(a, b),
                (Question::Defend, &[a, b]) => search.defend_both(a, b),
                (Question::Attack, _) => search.attack_node(),
                (Question::Defend, _) => search.defend_node(),
                (Question::AttackWith(m), _) => root_move(&mut search, attacker, m),
                (Question::DefendWith(m), _) => root_move(&mut search, owner, m),
            };
            nodes += search.nodes;
            Verdict {
                success: r.success,
                point: r.point,
                certain: r.certain && !search.budget_hit,
                ko: search.ko_met,
            }
        });
        let point = match (question, outcome.is_success()) {
            (_, false) => None,
            (Question::Defend, true) => Some(point.map_or(Move::Pass, Move::Play)),
            (Question::AttackWith(m) | Question::DefendWith(m), true) => Some(Move::Play(m)),
            (Question::Attack, true) => point.map(Move::Play),
        };
        Answer { outcome, point, certain, nodes }
    }
}

/// Plays the root move `m` for `color` and answers whether it reaches the mover's
/// goal.
fn root_move(search: &mut Search<'_>, color: Color, m: Point) -> NodeResult {
    if !search.board.size().contains(m) || !search.playable(color, m) {
        return NodeResult::new(false, None, true);
    }
    let undo = search.board.play(color, m);
    search.ply += 1;
    let r = if color == search.attacker { search.defend_node() } else { search.attack_node() };
    search.ply -= 1;
    search.board.undo(undo);
    NodeResult::new(!r.success, (!r.success).then_some(m), r.certain)
}

#[cfg(test)]
mod tests;
