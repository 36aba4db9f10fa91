//! Owl: life and death of a dragon in a game position.
//!
//! [`Owl`] answers GNU Go's owl questions (`owl_attack`, `owl_defend`,
//! `owl_does_attack`, `owl_does_defend`, `dragon_status`) about the
//! [dragon](super::dragon) on a point, by a depth-first search of attack and defence
//! nodes over the dragon and its surroundings:
//!
//! - **The goal**: the attacker wins when it captures the chain on the queried point;
//!   the defender wins when the dragon (the chains holding the dragon's stones, with the
//!   chains of its colour that share an enclosed region with them, unless an attacker's
//!   chain inside has as many liberties as one of them: a capturing race, not a lunch)
//!   has two eyes, or escapes (see below).
//! - **Leaves** (`life.rs`): the enclosed regions next to the dragon (empty points and
//!   stones of the other colour, bordered by the dragon's colour only, at most
//!   [`EYE_SPACE_MAX`] points) are its eye spaces, each valued as the least and most
//!   eyes (attacker first, defender first): a single point as a proper, half or false
//!   eye from its diagonals; two to seven points from the eye table
//!   ([`super::eyes::EyeTable`], the attacker's stones inside counted dead, points
//!   with the attacker's stones on two diagonals marginal) with the vital points of
//!   both sides, at most one sure eye when a chain of the wall has at most one liberty
//!   outside the space (when the attacker has stones inside, as many as their most
//!   liberties, one to three: they may win the race); larger spaces two eyes, or one or two when invaded. Two eyes however the
//!   attacker plays are *alive*; a dragon whose liberties open onto enough room free of
//!   the attacker's stones has *escaped*: alive, but not certain (GNU Go's escape
//!   route).
//! - **Moves**: vital points and the points of small eye spaces, the dragon's
//!   liberties and second-order liberties, tactical captures of the dragon's weak chains
//!   (and their defences) and of the attacker's chains next to the dragon (lunches),
//!   from the tactical reader ([`Tactics`] with [`TacticsConfig::FAST`]), the
//!   attacker's defence of its own chains of two liberties next to the dragon that the
//!   owner could capture, and the attacker's backfills (the other liberty of its chain
//!   of two liberties that shares one with the dragon, which makes the approach there a
//!   self-atari). Each is tried on the board and the resulting leaf value orders them
//!   (the eye spaces' vital points before moves the leaf values alike, and moves of
//!   one kind the leaves value alike in the scan order of the root position turned to
//!   a canonical orientation, so that every orientation of the board reads the same
//!   moves);
//!   beyond the first plies fewer moves are tried (6 at the root, then 4, 3, 2 and,
//!   from the ninth ply on, 1).
//! - **The target in danger**: at an attack node the attacker first captures a target
//!   chain with one liberty (its capture is the goal, whatever eyes the dragon seems to
//!   have: the enclosed "eye space" may be the attacker's own room); while the target
//!   is in atari, or has two liberties and the tactical reader captures it, or a chain
//!   of the dragon or of an eye space's wall next to one of its small eye spaces is in
//!   atari, the eyes do not decide at either node: the search goes on (the owner must
//!   save it).
//! - **Ko** is the threat balance of [`Outcome`], as in every reader.
//! - **Budgets**: [`Budget::nodes`] owl nodes per move at the root (each root move has
//!   the whole budget, so one tried late is not judged on what the others left) and
//!   [`Budget::depth`] plies; when either runs out the dragon counts as alive (as GNU
//!   Go's owl does) at a node budget, or is judged by its leaf value at the depth
//!   limit, and the answer is not certain. At the root a move that reaches its goal
//!   only because a budget cut a line is the answer only if no other move reaches it
//!   with certainty. A reader for a finished game ([`Owl::settling`]) judges a line the node
//!   budget cuts by the leaf value too. No clock is ever read: answers are identical
//!   across runs and table sizes.
//!
//! # Examples
//!
//! ```
//! use go_board::{Board, Move, Point};
//! use go_eval::reading::owl::{Owl, OwlScratch};
//! use go_eval::reading::Outcome;
//!
//! // Black's group on the lower edge has a straight three eye space: whoever plays
//! // its middle (B1) decides.
//! let mut board = Board::from_diagram(
//!     "
//!     . . . . . . .
//!     . . . . . . .
//!     O O O O O . .
//!     X X X X O . .
//!     . . . X O . .
//!     ",
//! )?;
//! let a2 = Point::parse_gtp("A2", board.size())?;
//! let b1 = Point::parse_gtp("B1", board.size())?;
//! let owl = Owl::default();
//! let mut scratch = OwlScratch::new();
//! let attack = owl.attack(&mut board, a2, Owl::BUDGET, &mut scratch);
//! assert_eq!((attack.outcome, attack.point), (Outcome::Win, Some(Move::Play(b1))));
//! let defence = owl.defend(&mut board, a2, Owl::BUDGET, &mut scratch);
//! assert_eq!((defence.outcome, defence.point), (Outcome::Win, Some(Move::Play(b1))));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod life;
mod search;
#[cfg(test)]
pub(crate) mod tests;

use go_board::{Board, ByColor, Move, Point, PointSet, Status};

use super::balance::{Balance, Verdict, resolve};
use super::dragon::{Dragon, Dragons};
use super::table::Table;
use super::tactics::{Scratch as TacticsScratch, Tactics, TacticsConfig};
use super::{Answer, Budget, Outcome};
pub use life::EYE_SPACE_MAX;
use search::{Search, Setting};

/// Buffers the owl reader reuses from question to question: its table, its path and
/// the tactical reader's buffers.
#[derive(Debug, Clone)]
pub struct OwlScratch {
    table: Table,
    path: Vec<u64>,
    tactics: TacticsScratch,
    tactical_nodes: u64,
}

impl OwlScratch {
    /// Buffers with a table of 2^10 entries that grows up to 2^20.
    pub fn new() -> OwlScratch {
        OwlScratch::with_table(1 << 10, 1 << 20)
    }

    /// Buffers whose table starts with room for `initial` entries and grows up to `max`
    /// (powers of two, at least 16). Answers do not depend on `initial`; they depend on
    /// `max` only when a question stores more than `max / 2` results.
    pub fn with_table(initial: usize, max: usize) -> OwlScratch {
        OwlScratch {
            table: Table::new(initial, max),
            path: Vec::with_capacity(64),
            tactics: TacticsScratch::with_table(1 << 10, 1 << 16),
            tactical_nodes: 0,
        }
    }

    /// The tactical-reading nodes the owl reader's questions used since the last call
    /// (for GNU Go's reading node counter); resets the count.
    pub fn take_tactical_nodes(&mut self) -> u64 {
        core::mem::take(&mut self.tactical_nodes)
    }
}

impl Default for OwlScratch {
    fn default() -> OwlScratch {
        OwlScratch::new()
    }
}

/// The owl reader (its settings are the [`Budget`] of each question, and whether the
/// game is over: [`Owl::settling`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Owl {
    tactics: Tactics,
    settle: bool,
    root_slices: bool,
}

impl Default for Owl {
    fn default() -> Owl {
        Owl { tactics: Tactics::new(TacticsConfig::FAST), settle: false, root_slices: true }
    }
}

/// A dragon's status from owl reading, with the nodes it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwlStatus {
    /// Alive, dead, or critical with the attack and the defence point.
    pub status: Status,
    /// The outcome of the attack (the attacker moving first).
    pub attack: Outcome,
    /// The outcome of the defence (the owner moving first), when it was read.
    pub defend: Option<Outcome>,
    /// Whether no budget decided it.
    pub certain: bool,
    /// Owl nodes used.
    pub nodes: u64,
}

/// What the root of a search asks.
#[derive(Clone, Copy, Debug)]
enum Question {
    Attack,
    Defend,
    AttackWith(Point),
    DefendWith(Point),
}

impl Owl {
    /// The default budget: 2,000 owl nodes per root move and 14 plies (GNU Go: 1,000 owl
    /// nodes and depth 20, with a move generation from patterns).
    pub const BUDGET: Budget = Budget::new(2000, 14);

    /// An owl reader.
    pub fn new() -> Owl {
        Owl::default()
    }

    /// An owl reader for a finished game (dead stones after the last move): a line
    /// the node budget cuts is judged by the eye space the dragon shows there (it
    /// lives with room for two eyes), where [`Owl::new`]'s reader lets the owner live
    /// (a group still unsettled in the middle of a game is not dead).
    ///
    /// ```
    /// use go_board::Board;
    /// use go_eval::reading::owl::{Owl, OwlScratch};
    ///
    /// // White's three stones have no room for two eyes: dead whoever reads them.
    /// let mut board = Board::from_diagram(
    ///     "
    ///     . . . . .
    ///     . . . . .
    ///     X X X X .
    ///     O O O X .
    ///     . . . X .
    ///     ",
    /// )
    /// .unwrap();
    /// let target = go_board::Point::parse_gtp("A2", board.size()).unwrap();
    /// let dead = Owl::settling().defend(&mut board, target, Owl::BUDGET, &mut OwlScratch::new());
    /// assert!(!dead.outcome.is_success());
    /// ```
    pub fn settling() -> Owl {
        Owl { settle: true, ..Owl::default() }
    }

    /// The same reader with one node budget per question, shared by the moves at the
    /// root (the first ones use what they need, later ones what is left) instead of
    /// the whole budget for each root move: a dragon the reader cannot settle within
    /// the budget lives, as the score estimate of a game in progress wants it
    /// ([`crate::score::ReadStatus`]).
    ///
    /// ```
    /// use go_eval::reading::owl::Owl;
    ///
    /// assert_ne!(Owl::new().sharing_the_budget(), Owl::new());
    /// ```
    #[must_use]
    pub fn sharing_the_budget(self) -> Owl {
        Owl { root_slices: false, ..self }
    }

    /// Can the dragon on `target` be killed, the attacker moving first? The answer's
    /// point is the killing move. An empty `target` answers [`Outcome::Lose`].
    pub fn attack(
        &self,
        board: &mut Board,
        target: Point,
        budget: Budget,
        scratch: &mut OwlScratch,
    ) -> Answer {
        self.ask(board, target, Question::Attack, budget, scratch)
    }

    /// Can the dragon on `target` live, its owner moving first? The answer's point is
    /// the saving move, or [`Move::Pass`] when the dragon lives without one (two eyes
    /// or an escape already).
    pub fn defend(
        &self,
        board: &mut Board,
        target: Point,
        budget: Budget,
        scratch: &mut OwlScratch,
    ) -> Answer {
        self.ask(board, target, Question::Defend, budget, scratch)
    }

    /// Does the attacker's move `m` kill the dragon on `target`? An illegal move does
    /// not.
    pub fn does_attack(
        &self,
        board: &mut Board,
        m: Point,
        target: Point,
        budget: Budget,
        scratch: &mut OwlScratch,
    ) -> Answer {
        self.ask(board, target, Question::AttackWith(m), budget, scratch)
    }

    /// Does the owner's move `m` save the dragon on `target`? An illegal move does not.
    pub fn does_defend(
        &self,
        board: &mut Board,
        m: Point,
        target: Point,
        budget: Budget,
        scratch: &mut OwlScratch,
    ) -> Answer {
        self.ask(board, target, Question::DefendWith(m), budget, scratch)
    }

    /// The status of the dragon on `target`: [`Status::Alive`] when the attack fails,
    /// [`Status::Critical`] with both points when the attack and the defence both
    /// succeed (ko included), [`Status::Dead`] when only the attack does;
    /// [`Status::Unknown`] on an empty point.
    pub fn status(
        &self,
        board: &mut Board,
        target: Point,
        budget: Budget,
        scratch: &mut OwlScratch,
    ) -> OwlStatus {
        let attack = self.attack(board, target, budget, scratch);
        let mut out = OwlStatus {
            status: Status::Alive,
            attack: attack.outcome,
            defend: None,
            certain: attack.certain,
            nodes: attack.nodes,
        };
        if board.color_at(target).is_none() {
            out.status = Status::Unknown;
            return out;
        }
        if !attack.outcome.is_success() {
            return out;
        }
        let defence = self.defend(board, target, budget, scratch);
        out.defend = Some(defence.outcome);
        out.certain &= defence.certain;
        out.nodes += defence.nodes;
        out.status = match (attack.point, defence.point) {
            (Some(Move::Play(a)), Some(Move::Play(d))) if defence.outcome.is_success() => {
                Status::Critical { attack: a, defend: d }
            }
            _ if defence.outcome.is_success() => Status::Alive,
            _ => Status::Dead,
        };
        out
    }

    /// The status of every dragon of `board` ([`Dragons`], in their order), each read
    /// with `budget` about its largest chain (most stones, then most liberties).
    pub fn dragon_statuses(
        &self,
        board: &Board,
        budget: Budget,
        scratch: &mut OwlScratch,
    ) -> Vec<(Dragon, OwlStatus)> {
        let mut work = board.clone();
        Dragons::new(board)
            .dragons()
            .iter()
            .map(|d| {
                let target = Owl::target(board, d);
                (d.clone(), self.status(&mut work, target, budget, scratch))
            })
            .collect()
    }

    /// The chain [`Owl::dragon_statuses`] reads a dragon about: the one with the most
    /// stones, then the most liberties (the origin only breaks the remaining ties).
    /// A point of it names the dragon to the other readers (`owl_attack`,
    /// `analyze_semeai`).
    pub fn target(board: &Board, dragon: &Dragon) -> Point {
        dragon
            .stones
            .iter()
            .max_by_key(|&p| (board.chain_len(p), board.liberty_count(p)))
            .unwrap_or(dragon.origin())
    }

    /// The stones a critical dragon puts at stake: its [target](Owl::target) chain
    /// when the dragon holds several chains and that one has at most two liberties (a
    /// chain short of liberties is what is at stake, not the dragon its chains and eyes
    /// hold together), otherwise all its stones.
    pub fn at_stake(board: &Board, dragon: &Dragon) -> PointSet {
        let target = Owl::target(board, dragon);
        if dragon.chains > 1 && board.liberty_count(target) <= 2 {
            board.chain_stones(target)
        } else {
            dragon.stones
        }
    }

    fn ask(
        &self,
        board: &mut Board,
        target: Point,
        question: Question,
        budget: Budget,
        scratch: &mut OwlScratch,
    ) -> Answer {
        let Some(owner) = board.color_at(target) else { return Answer::lose(0) };
        let goal: PointSet = Dragons::new(board)
            .dragon_at(target)
            .map_or_else(|| board.chain_stones(target), |d| d.stones);
        let attacker = !owner;
        let mover = match question {
            Question::Attack | Question::AttackWith(_) => attacker,
            Question::Defend | Question::DefendWith(_) => owner,
        };
        scratch.table.new_query();
        let mut nodes = 0u64;
        let mut tactical = 0u64;
        let (outcome, point, certain) = resolve(|balance: Balance| {
            let retake = ByColor::new_with(|c| balance.may_retake(c == mover));
            let setting = Setting {
                tactics: self.tactics,
                attacker,
                target,
                goal,
                budget,
                settle: self.settle,
                root_slices: self.root_slices,
            };
            let mut search = Search::new(
                board,
                &mut scratch.table,
                &mut scratch.path,
                &mut scratch.tactics,
                setting,
                retake,
            );
            let r = match question {
                Question::Attack => search.attack_node(),
                Question::Defend => search.defend_node(),
                Question::AttackWith(m) => search.root_move(attacker, m),
                Question::DefendWith(m) => search.root_move(owner, m),
            };
            nodes += search.nodes;
            tactical += search.tactical_nodes;
            Verdict {
                success: r.success,
                point: r.point,
                certain: r.certain && !search.budget_hit,
                ko: search.ko_met,
            }
        });
        scratch.tactical_nodes += tactical;
        let point = match (question, outcome.is_success()) {
            (_, false) => None,
            (Question::Defend, true) => Some(point.map_or(Move::Pass, Move::Play)),
            (Question::AttackWith(m) | Question::DefendWith(m), true) => Some(Move::Play(m)),
            (Question::Attack, true) => point.map(Move::Play),
        };
        Answer { outcome, point, certain, nodes }
    }
}
