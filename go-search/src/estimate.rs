//! [`Estimate`]: bounds plus a realistic value, and Palay's probability model on them.

use crate::bounds::Bounds;
use crate::score::Score;

/// What a [`ProbabilityEvaluator`](crate::ProbabilityEvaluator) says about a position,
/// for its side to move: [`Bounds`] `[pessimistic, optimistic]` and a *realistic* value
/// inside them (the best guess). PB* ([`PBStar`](crate::PBStar)) searches with these.
///
/// # The distribution model (Palay)
///
/// Each side is optimistic about its own chances, and the realistic value is where the
/// two optimisms meet:
///
/// - the side to move hopes to *raise* the value: that hope is modelled as a value
///   distributed **uniformly between the realistic value and the optimistic bound**;
/// - the opponent hopes to *lower* it: that hope is uniform between the pessimistic
///   bound and the realistic value.
///
/// So the probability that the side to move reaches at least a target `t`
/// ([`Estimate::reach_probability`]) is 1 up to the realistic value, falls linearly to 0
/// at the optimistic bound, and is 0 beyond; the probability that the opponent holds
/// the value to at most `t` ([`Estimate::fall_probability`]) is the mirror image on
/// `[pessimistic, realistic]`. Both are closed forms. A degenerate range (realistic
/// equal to the bound) is a point mass: the probability is 1 or 0.
///
/// # Examples
/// ```
/// use go_search::{Bounds, Estimate};
/// let e = Estimate::new(Bounds::must(-10, 10), 2);
/// assert_eq!(e.realistic(), 2);
/// assert_eq!(e.reach_probability(2), 1.0); // already there
/// assert_eq!(e.reach_probability(6), 0.5); // halfway from 2 to 10
/// assert_eq!(e.reach_probability(11), 0.0); // beyond the optimistic bound
/// assert_eq!(e.fall_probability(-4), 0.5); // halfway from 2 down to -10
/// // The opponent's view: bounds and realistic value negated.
/// assert_eq!(e.flip(), Estimate::new(Bounds::must(-10, 10), -2));
/// // A realistic value outside the bounds is clamped into them.
/// assert_eq!(Estimate::new(Bounds::must(0, 3), 7).realistic(), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Estimate<S> {
    bounds: Bounds<S>,
    realistic: S,
}

impl<S: Score> Estimate<S> {
    /// `bounds` with the realistic value `realistic`, clamped into them.
    pub fn new(bounds: Bounds<S>, realistic: S) -> Estimate<S> {
        Estimate { bounds, realistic: realistic.clamp(bounds.pessimistic(), bounds.optimistic()) }
    }

    /// A solved position: bounds and realistic value all equal to `value`.
    pub fn exact(value: S) -> Estimate<S> {
        Estimate { bounds: Bounds::exact(value), realistic: value }
    }

    /// The bounds.
    pub fn bounds(self) -> Bounds<S> {
        self.bounds
    }

    /// The realistic value (the best guess, inside the bounds).
    pub fn realistic(self) -> S {
        self.realistic
    }

    /// The same estimate from the opponent's point of view.
    #[must_use]
    pub fn flip(self) -> Estimate<S> {
        Estimate { bounds: self.bounds.flip(), realistic: -self.realistic }
    }

    /// The probability that the side to move reaches at least `target`, under its own
    /// optimism (uniform on `[realistic, optimistic]`).
    pub fn reach_probability(self, target: S) -> f64 {
        at_least(self.realistic, self.bounds.optimistic(), target)
    }

    /// The probability that the opponent holds the value to at most `target`, under the
    /// opponent's optimism (uniform on `[pessimistic, realistic]`).
    pub fn fall_probability(self, target: S) -> f64 {
        at_least(-self.realistic, -self.bounds.pessimistic(), -target)
    }
}

/// `P(X ≥ t)` for `X` uniform on `[lo, hi]` (a point mass at `lo` when `hi <= lo`).
pub(crate) fn at_least<S: Score>(lo: S, hi: S, t: S) -> f64 {
    if t <= lo {
        1.0
    } else if t > hi {
        0.0
    } else {
        let (lo, hi, t) = (lo.to_f64(), hi.to_f64(), t.to_f64());
        ((hi - t) / (hi - lo)).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_masses_and_edges() {
        let solved = Estimate::exact(4);
        assert_eq!((solved.reach_probability(4), solved.reach_probability(5)), (1.0, 0.0));
        assert_eq!((solved.fall_probability(4), solved.fall_probability(3)), (1.0, 0.0));
        let e = Estimate::new(Bounds::must(0, 8), 8);
        assert_eq!(e.reach_probability(8), 1.0);
        assert_eq!(e.reach_probability(9), 0.0);
        assert_eq!(e.fall_probability(2), 0.25);
        // Reaching t for one side is falling to -t for the other.
        let f = e.flip();
        for t in -9..=9 {
            assert_eq!(e.reach_probability(t), f.fall_probability(-t));
        }
    }
}
