//! The vocabulary every reader shares: outcomes with ko, answers, budgets.

use core::fmt;

use go_board::Move;

/// The result of a reading question from the point of view of the side that moves first
/// (the attacker of `attack`, the defender of `defend`, ...), with ko made exact as a
/// *threat balance*.
///
/// Let S(k) be "the mover reaches its goal when it may ignore the ko ban k more times than
/// its opponent" (a ko ban may be ignored once for each ko threat that was made and
/// answered elsewhere; k = −∞: only the opponent ever retakes a banned ko, k = +∞: only
/// the mover does). Then
///
/// - [`Outcome::Win`] = S(−∞): the goal is reached whatever happens in kos;
/// - [`Outcome::KoWin`] = S(0) and not S(−∞): the goal is reached by a ko that the mover
///   takes first (GNU Go's KO_A, "good ko");
/// - [`Outcome::KoLoss`] = S(+∞) and not S(0): the goal is reached by a ko in which the mover
///   needs the first ko threat (GNU Go's KO_B, "bad ko");
/// - [`Outcome::Lose`] = not S(+∞): the goal cannot be reached even winning every ko.
///
/// GTP prints them as GNU Go does: `1`, `2`, `3` and `0`. They are ordered from worst to
/// best for the mover: `Lose < KoLoss < KoWin < Win`.
///
/// # Examples
///
/// ```
/// use go_eval::reading::Outcome;
/// assert_eq!(Outcome::KoWin.gtp_code(), 2);
/// assert_eq!(Outcome::from_gtp_code(3), Some(Outcome::KoLoss));
/// assert!(Outcome::Lose < Outcome::KoLoss && Outcome::KoWin < Outcome::Win);
/// assert_eq!(Outcome::from_threat_balance(false, true, true), Outcome::KoWin);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Outcome {
    /// The goal cannot be reached, even winning every ko (GTP `0`).
    Lose,
    /// The goal is reached by a ko in which the mover needs the first ko threat (GTP `3`).
    KoLoss,
    /// The goal is reached by a ko that the mover takes first (GTP `2`).
    KoWin,
    /// The goal is reached whatever happens in kos (GTP `1`).
    Win,
}

impl Outcome {
    /// GNU Go's digit for this outcome: `0` lose, `1` win, `2` ko taken first by the mover,
    /// `3` ko where the mover needs the first threat.
    pub const fn gtp_code(self) -> u8 {
        match self {
            Outcome::Lose => 0,
            Outcome::Win => 1,
            Outcome::KoWin => 2,
            Outcome::KoLoss => 3,
        }
    }

    /// The outcome GNU Go prints as `code`, or `None` for another digit.
    pub const fn from_gtp_code(code: u8) -> Option<Outcome> {
        match code {
            0 => Some(Outcome::Lose),
            1 => Some(Outcome::Win),
            2 => Some(Outcome::KoWin),
            3 => Some(Outcome::KoLoss),
            _ => None,
        }
    }

    /// Whether the mover reaches its goal at all (possibly through a ko).
    pub const fn is_success(self) -> bool {
        !matches!(self, Outcome::Lose)
    }

    /// Whether the outcome depends on a ko.
    pub const fn is_ko(self) -> bool {
        matches!(self, Outcome::KoWin | Outcome::KoLoss)
    }

    /// The outcome defined by the three searches of the threat balance: `never` = S(−∞)
    /// (the mover never retakes a banned ko), `even` = S(0), `always` = S(+∞).
    ///
    /// The searches are monotone (S(−∞) implies S(0) implies S(+∞)); an inconsistent
    /// triple (a reader bug) is resolved towards the stronger claims that were proven,
    /// in the order `never`, `even`, `always`.
    pub const fn from_threat_balance(never: bool, even: bool, always: bool) -> Outcome {
        if never {
            Outcome::Win
        } else if even {
            Outcome::KoWin
        } else if always {
            Outcome::KoLoss
        } else {
            Outcome::Lose
        }
    }
}

impl fmt::Display for Outcome {
    /// The GTP digit.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.gtp_code())
    }
}

/// A reader's answer: the outcome for the mover, the move that achieves it, whether the
/// answer is certain, and the nodes the search used.
///
/// `point` is the move that reaches the outcome (`None` when the outcome is
/// [`Outcome::Lose`], or when no move is needed: a string that is not attacked needs
/// no defence, which GTP prints as `1 PASS`). `certain` is false when a node or depth
/// budget, or a heuristic cut-off ("a string with this many liberties is safe"), decided
/// the answer.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Move, Point};
/// use go_eval::reading::{Answer, Outcome};
/// let size = BoardSize::square(9)?;
/// let e4 = Move::Play(Point::parse_gtp("E4", size)?);
/// let answer = Answer { outcome: Outcome::Win, point: Some(e4), certain: true, nodes: 58 };
/// assert_eq!(answer.to_string(), "1 E4");
/// assert_eq!(Answer::lose(12).to_string(), "0");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Answer {
    /// The outcome for the side that moves first.
    pub outcome: Outcome,
    /// The move that reaches the outcome, if one is needed and the outcome is a success.
    pub point: Option<Move>,
    /// Whether the answer is proven (no budget or heuristic cut-off decided it).
    pub certain: bool,
    /// The nodes the search visited.
    pub nodes: u64,
}

impl Answer {
    /// A certain failure after `nodes` nodes.
    pub const fn lose(nodes: u64) -> Answer {
        Answer { outcome: Outcome::Lose, point: None, certain: true, nodes }
    }
}

impl fmt::Display for Answer {
    /// GNU Go's form: the code, then the move in upper case when there is one
    /// (`1 E4`, `2 PASS`, `0`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.outcome)?;
        match self.point {
            Some(Move::Play(p)) if self.outcome.is_success() => write!(f, " {p}"),
            Some(Move::Pass) if self.outcome.is_success() => f.write_str(" PASS"),
            _ => Ok(()),
        }
    }
}

/// How much a reader may search: a node budget and a depth limit. Readers never look at a
/// clock, so an answer depends only on the position, the question and the budget.
///
/// # Examples
///
/// ```
/// use go_eval::reading::Budget;
/// let budget = Budget::new(50_000, 16);
/// assert_eq!(budget.deeper(2), Budget::new(50_000, 18));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Budget {
    /// The most nodes one question may visit.
    pub nodes: u64,
    /// The deepest ply a search may reach.
    pub depth: u16,
}

impl Budget {
    /// A budget of `nodes` nodes and `depth` plies.
    pub const fn new(nodes: u64, depth: u16) -> Budget {
        Budget { nodes, depth }
    }

    /// The same node budget with the depth limit raised by `plies` (GTP's
    /// `increase_depths` raises every reader's depths by one).
    pub const fn deeper(self, plies: u16) -> Budget {
        Budget { nodes: self.nodes, depth: self.depth.saturating_add(plies) }
    }

    /// The same node budget with the depth limit lowered by `plies`, but never below 1.
    pub const fn shallower(self, plies: u16) -> Budget {
        let depth = self.depth.saturating_sub(plies);
        Budget { nodes: self.nodes, depth: if depth == 0 { 1 } else { depth } }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_codes_round_trip() {
        for o in [Outcome::Lose, Outcome::KoLoss, Outcome::KoWin, Outcome::Win] {
            assert_eq!(Outcome::from_gtp_code(o.gtp_code()), Some(o));
        }
        assert_eq!(Outcome::from_gtp_code(4), None);
    }

    #[test]
    fn threat_balance_table() {
        assert_eq!(Outcome::from_threat_balance(true, true, true), Outcome::Win);
        assert_eq!(Outcome::from_threat_balance(false, true, true), Outcome::KoWin);
        assert_eq!(Outcome::from_threat_balance(false, false, true), Outcome::KoLoss);
        assert_eq!(Outcome::from_threat_balance(false, false, false), Outcome::Lose);
    }

    #[test]
    fn answer_display_hides_the_move_of_a_failure() {
        let a =
            Answer { outcome: Outcome::Lose, point: Some(Move::Pass), certain: false, nodes: 3 };
        assert_eq!(a.to_string(), "0");
        let b =
            Answer { outcome: Outcome::KoLoss, point: Some(Move::Pass), certain: true, nodes: 3 };
        assert_eq!(b.to_string(), "3 PASS");
    }

    #[test]
    fn budget_depths_saturate() {
        assert_eq!(Budget::new(1, 2).shallower(5).depth, 1);
        assert_eq!(Budget::new(1, u16::MAX).deeper(1).depth, u16::MAX);
    }
}
