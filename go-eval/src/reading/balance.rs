//! The threat balance: how every reader turns ko into the four [`Outcome`]s with at most
//! three boolean searches.
//!
//! A search runs under one [`Balance`], which says which side may ignore a ko ban (retake
//! a ko at once, as if it had made a ko threat that was answered):
//!
//! | search | the mover retakes | the opponent retakes | meaning |
//! |---|---|---|---|
//! | [`Balance::Never`] | never | always | S(−∞) |
//! | [`Balance::Even`] | never | never | S(0) |
//! | [`Balance::Always`] | always | never | S(+∞) |
//!
//! With no banned retake for either side (S(0)), the side that takes a ko first keeps it:
//! that is GNU Go's KO_A. A side that may always retake wins every ko; a long cycle of
//! retakes (two kos) is cut by the reader's depth limit. The balance is part of every
//! transposition-table key, so results of the three searches never mix.
//!
//! [`resolve`] runs the searches in the order S(−∞), S(+∞), S(0), and skips the last two
//! when the first never met a ko ban: then the three searches are the same search.

use super::Outcome;

/// Which side may retake a banned ko in one search of the threat balance, from the
/// point of view of the side that moves first in the question (the *mover*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Balance {
    /// S(−∞): only the opponent retakes banned kos.
    Never,
    /// S(0): nobody retakes a banned ko.
    Even,
    /// S(+∞): only the mover retakes banned kos.
    Always,
}

impl Balance {
    /// Whether the mover (`mover` true) or its opponent may play on a point the ko ban
    /// forbids to it.
    #[inline]
    pub(crate) fn may_retake(self, mover: bool) -> bool {
        match self {
            Balance::Never => !mover,
            Balance::Even => false,
            Balance::Always => mover,
        }
    }
}

/// What one boolean search of the threat balance found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Verdict<M> {
    /// Whether the mover reaches its goal.
    pub(crate) success: bool,
    /// The move that reaches it (when `success`).
    pub(crate) point: Option<M>,
    /// Whether no budget or heuristic cut-off decided the verdict.
    pub(crate) certain: bool,
    /// Whether a ko ban was met (a banned point was a candidate move): only then can
    /// the other searches differ.
    pub(crate) ko: bool,
}

/// The outcome of a question, its move and certainty, from up to three searches
/// `search(balance)`.
///
/// The searches are monotone in theory (S(−∞) ⇒ S(0) ⇒ S(+∞)); when cut-offs make them
/// inconsistent, the stronger claim that was proven wins, as in
/// [`Outcome::from_threat_balance`].
pub(crate) fn resolve<M: Copy>(
    mut search: impl FnMut(Balance) -> Verdict<M>,
) -> (Outcome, Option<M>, bool) {
    let never = search(Balance::Never);
    if never.success {
        return (Outcome::Win, never.point, never.certain);
    }
    if !never.ko {
        return (Outcome::Lose, None, never.certain);
    }
    let always = search(Balance::Always);
    if !always.success {
        return (Outcome::Lose, None, never.certain && always.certain);
    }
    let even = search(Balance::Even);
    if even.success {
        (Outcome::KoWin, even.point, never.certain && even.certain)
    } else {
        (Outcome::KoLoss, always.point, even.certain && always.certain)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(success: bool, ko: bool) -> Verdict<u8> {
        Verdict { success, point: success.then_some(7), certain: true, ko }
    }

    #[test]
    fn the_three_searches_give_the_four_outcomes() {
        let run = |never: bool, even: bool, always: bool| {
            let mut calls = Vec::new();
            let (outcome, point, _) = resolve(|b| {
                calls.push(b);
                verdict(
                    match b {
                        Balance::Never => never,
                        Balance::Even => even,
                        Balance::Always => always,
                    },
                    true,
                )
            });
            (outcome, point.is_some(), calls.len())
        };
        assert_eq!(run(true, true, true), (Outcome::Win, true, 1));
        assert_eq!(run(false, true, true), (Outcome::KoWin, true, 3));
        assert_eq!(run(false, false, true), (Outcome::KoLoss, true, 3));
        assert_eq!(run(false, false, false), (Outcome::Lose, false, 2));
    }

    #[test]
    fn a_search_without_ko_is_not_repeated() {
        let mut calls = 0;
        let (outcome, ..) = resolve(|_| {
            calls += 1;
            verdict(false, false)
        });
        assert_eq!((outcome, calls), (Outcome::Lose, 1));
    }

    #[test]
    fn who_may_retake() {
        assert!(!Balance::Never.may_retake(true) && Balance::Never.may_retake(false));
        assert!(!Balance::Even.may_retake(true) && !Balance::Even.may_retake(false));
        assert!(Balance::Always.may_retake(true) && !Balance::Always.may_retake(false));
    }
}
