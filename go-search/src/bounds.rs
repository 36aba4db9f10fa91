//! [`Bounds`]: an interval `[pessimistic, optimistic]` that should hold a true value.

use core::fmt;

use crate::score::Score;

/// An interval `[pessimistic, optimistic]` that should contain the true value of a
/// position, from the point of view of its side to move. B* searches with these;
/// a bounded evaluator (go-eval) returns them, in points.
///
/// The invariant `pessimistic <= optimistic` always holds: [`Bounds::new`] checks it.
///
/// # Examples
/// ```
/// use go_search::Bounds;
/// let b = Bounds::new(-3, 5).unwrap();
/// assert_eq!((b.pessimistic(), b.optimistic()), (-3, 5));
/// assert_eq!(b.flip(), Bounds::new(-5, 3).unwrap()); // the opponent's view
/// assert!(b.contains(0) && !b.contains(6));
/// assert!(Bounds::new(2, 1).is_none());
/// assert!(Bounds::exact(4).is_exact());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Bounds<S> {
    pessimistic: S,
    optimistic: S,
}

impl<S: Score> Bounds<S> {
    /// The interval `[pessimistic, optimistic]`; `None` if `pessimistic > optimistic`.
    pub fn new(pessimistic: S, optimistic: S) -> Option<Bounds<S>> {
        (pessimistic <= optimistic).then_some(Bounds { pessimistic, optimistic })
    }

    /// Like [`Bounds::new`], for bounds known to be ordered.
    ///
    /// # Panics
    /// If `pessimistic > optimistic`.
    #[track_caller]
    pub fn must(pessimistic: S, optimistic: S) -> Bounds<S> {
        match Bounds::new(pessimistic, optimistic) {
            Some(b) => b,
            None => panic!("Bounds::must: pessimistic {pessimistic:?} > optimistic {optimistic:?}"),
        }
    }

    /// These bounds clamped to `±WIN` ("from a loss to a win"): what the B* family
    /// stores for an evaluated position, never infinity.
    pub(crate) fn within_win(self) -> Bounds<S> {
        let clamp = |v: S| v.clamp(-S::WIN, S::WIN);
        Bounds { pessimistic: clamp(self.pessimistic), optimistic: clamp(self.optimistic) }
    }

    /// The single value `value` (a solved position).
    pub fn exact(value: S) -> Bounds<S> {
        Bounds { pessimistic: value, optimistic: value }
    }

    /// The lower end: the side to move is sure to get at least this.
    pub fn pessimistic(self) -> S {
        self.pessimistic
    }

    /// The upper end: the side to move cannot hope for more.
    pub fn optimistic(self) -> S {
        self.optimistic
    }

    /// The same interval from the opponent's point of view: `[-optimistic, -pessimistic]`.
    #[must_use]
    pub fn flip(self) -> Bounds<S> {
        Bounds { pessimistic: -self.optimistic, optimistic: -self.pessimistic }
    }

    /// Whether both ends are equal.
    pub fn is_exact(self) -> bool {
        self.pessimistic == self.optimistic
    }

    /// Whether `value` lies in the interval.
    pub fn contains(self, value: S) -> bool {
        self.pessimistic <= value && value <= self.optimistic
    }

    /// `optimistic - pessimistic`, as a float.
    pub fn width(self) -> f64 {
        self.optimistic.to_f64() - self.pessimistic.to_f64()
    }

    /// Both ends clamped with [`Score::clamp_eval`] (an evaluator cannot claim a win).
    #[must_use]
    pub fn clamp_eval(self) -> Bounds<S> {
        Bounds {
            pessimistic: self.pessimistic.clamp_eval(),
            optimistic: self.optimistic.clamp_eval(),
        }
    }
}

impl<S: fmt::Debug> fmt::Debug for Bounds<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{:?}, {:?}]", self.pessimistic, self.optimistic)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamping_keeps_order() {
        let b = Bounds::new(i32::MIN + 5, i32::MAX).unwrap().clamp_eval();
        assert_eq!(b, Bounds::new(-i32::MAX_EVAL, i32::MAX_EVAL).unwrap());
        assert_eq!(format!("{:?}", Bounds::exact(3)), "[3, 3]");
        assert_eq!(Bounds::new(1, 4).unwrap().width(), 3.0);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn bounds_serialise() {
        assert_eq!(
            serde_json::to_string(&Bounds::must(1, 2)).unwrap(),
            r#"{"pessimistic":1,"optimistic":2}"#
        );
    }

    #[test]
    #[should_panic(expected = "pessimistic")]
    fn must_rejects_reversed_bounds() {
        let _ = Bounds::must(2, 1);
    }
}
