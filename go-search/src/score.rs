//! Generic scores: integers and totally ordered floats.

use core::cmp::Ordering;
use core::fmt;
use core::ops::Neg;

/// The deepest ply any searcher descends to.
///
/// Every algorithm bounds its recursion (or its explicit path) by this many plies, so a
/// very deep or infinite game ends in a [`Stop::MaxPly`](crate::Stop::MaxPly) instead
/// of a stack overflow. Decisive scores use the last `MAX_PLY` values below
/// [`Score::WIN`] to encode the distance to the end of the game.
pub const MAX_PLY: u32 = 1024;

/// A score from the point of view of the side to move: larger is better.
///
/// Implemented for `i16`, `i32`, `i64` and [`OrderedF64`]. Negation flips the point of
/// view. The range splits in three parts:
///
/// - evaluations, clamped by [`Score::clamp_eval`] to `±MAX_EVAL`;
/// - decisive scores `WIN - plies` (a win found `plies` moves from the root) and their
///   negations, see [`Score::win_in`];
/// - `±INFINITY`, used only as search window limits, never as a value.
pub trait Score: Copy + Ord + Neg<Output = Self> + fmt::Debug + Send + Sync + 'static {
    /// The neutral score (a draw).
    const ZERO: Self;
    /// A win on the spot. Wins further away are worth `WIN - plies`.
    const WIN: Self;
    /// Larger than any value a search returns.
    const INFINITY: Self;
    /// The largest evaluation; larger evaluations are clamped to it.
    const MAX_EVAL: Self;

    /// A win `plies` moves from the root (`plies` is capped at [`MAX_PLY`]).
    fn win_in(plies: u32) -> Self;

    /// Whether `self` is a win or a loss at some distance (not an evaluation).
    fn is_decisive(self) -> bool {
        self > Self::MAX_EVAL || self < -Self::MAX_EVAL
    }

    /// Clamps an evaluation into `[-MAX_EVAL, MAX_EVAL]`, so that no evaluator can
    /// forge a decisive score or an infinity.
    fn clamp_eval(self) -> Self {
        self.clamp(-Self::MAX_EVAL, Self::MAX_EVAL)
    }

    /// Moves a decisive score `delta` plies away from zero (wins up, losses down;
    /// a negative `delta` moves towards zero), staying decisive. Other scores are
    /// returned unchanged.
    fn shift_decisive(self, delta: i32) -> Self;

    /// A root-relative decisive score seen from a node `ply` plies below the root
    /// (for storing in a transposition table).
    #[must_use]
    fn to_node(self, ply: u32) -> Self {
        self.shift_decisive(ply.min(MAX_PLY) as i32)
    }

    /// The inverse of [`Score::to_node`].
    #[must_use]
    fn to_root(self, ply: u32) -> Self {
        self.shift_decisive(-(ply.min(MAX_PLY) as i32))
    }

    /// The smallest score strictly greater than `self` (saturating at `INFINITY`).
    fn next_up(self) -> Self;

    /// The largest score strictly smaller than `self` (saturating at `-INFINITY`).
    fn next_down(self) -> Self;

    /// The score as a float (for statistics, MCTS and strategy heuristics).
    fn to_f64(self) -> f64;

    /// The nearest score to `x`, saturating at `±INFINITY`; NaN maps to zero.
    fn from_f64(x: f64) -> Self;

    /// A lossless 64-bit encoding (what the lock-free shared transposition table of the
    /// parallel search stores): `from_bits(s.to_bits()) == s`.
    fn to_bits(self) -> u64;

    /// The inverse of [`Score::to_bits`]; bits that no score encodes give some score
    /// (never a panic).
    fn from_bits(bits: u64) -> Self;
}

macro_rules! int_score {
    ($($t:ty),*) => {$(
        impl Score for $t {
            const ZERO: Self = 0;
            const WIN: Self = <$t>::MAX - 1;
            const INFINITY: Self = <$t>::MAX;
            const MAX_EVAL: Self = <$t>::MAX - 2 - MAX_PLY as $t;

            fn win_in(plies: u32) -> Self {
                Self::WIN - plies.min(MAX_PLY) as $t
            }

            fn shift_decisive(self, delta: i32) -> Self {
                let d = i128::from(delta);
                let (v, lo, win) = (self as i128, Self::MAX_EVAL as i128 + 1, Self::WIN as i128);
                if self > Self::MAX_EVAL && self < Self::INFINITY {
                    (v + d).clamp(lo, win) as $t
                } else if self < -Self::MAX_EVAL && self > -Self::INFINITY {
                    (v - d).clamp(-win, -lo) as $t
                } else {
                    self
                }
            }

            fn next_up(self) -> Self {
                if self >= Self::INFINITY { Self::INFINITY } else { self + 1 }
            }

            fn next_down(self) -> Self {
                if self <= -Self::INFINITY { -Self::INFINITY } else { self - 1 }
            }

            fn to_f64(self) -> f64 {
                self as f64
            }

            fn from_f64(x: f64) -> Self {
                if x.is_nan() {
                    0
                } else {
                    // `as` saturates; keep clear of MIN so that negation never overflows.
                    (x.round() as $t).clamp(-Self::INFINITY, Self::INFINITY)
                }
            }

            fn to_bits(self) -> u64 {
                self as u64
            }

            fn from_bits(bits: u64) -> Self {
                // Keep clear of MIN so that negation never overflows.
                (bits as $t).max(-Self::INFINITY)
            }
        }
    )*};
}

int_score!(i16, i32, i64);

/// A totally ordered `f64` score (never NaN; `-0.0` is stored as `0.0`).
///
/// # Examples
/// ```
/// use go_search::{OrderedF64, Score};
/// let a = OrderedF64::new(0.5).unwrap();
/// assert!(a < OrderedF64::new(0.75).unwrap());
/// assert_eq!(-(-a), a);
/// assert!(OrderedF64::new(f64::NAN).is_none());
/// assert!(OrderedF64::win_in(3).is_decisive());
/// ```
#[derive(Clone, Copy, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "f64", into = "f64"))]
pub struct OrderedF64(f64);

impl OrderedF64 {
    /// Wraps `x`; `None` if it is NaN.
    pub fn new(x: f64) -> Option<OrderedF64> {
        if x.is_nan() { None } else { Some(OrderedF64(x + 0.0)) }
    }

    /// The wrapped float.
    pub fn get(self) -> f64 {
        self.0
    }
}

impl TryFrom<f64> for OrderedF64 {
    type Error = &'static str;
    fn try_from(x: f64) -> Result<Self, Self::Error> {
        OrderedF64::new(x).ok_or("NaN is not a score")
    }
}

impl From<OrderedF64> for f64 {
    fn from(x: OrderedF64) -> f64 {
        x.0
    }
}

impl fmt::Debug for OrderedF64 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl fmt::Display for OrderedF64 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl PartialEq for OrderedF64 {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for OrderedF64 {}

impl PartialOrd for OrderedF64 {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for OrderedF64 {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

impl core::hash::Hash for OrderedF64 {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.0.to_bits().hash(state);
    }
}

impl Neg for OrderedF64 {
    type Output = OrderedF64;
    fn neg(self) -> OrderedF64 {
        OrderedF64(-self.0 + 0.0)
    }
}

/// 2^52: integers up to here are exact, so `WIN - plies` is exact too.
const F64_WIN: f64 = 4_503_599_627_370_496.0;

impl Score for OrderedF64 {
    const ZERO: Self = OrderedF64(0.0);
    const WIN: Self = OrderedF64(F64_WIN);
    const INFINITY: Self = OrderedF64(f64::INFINITY);
    const MAX_EVAL: Self = OrderedF64(F64_WIN - MAX_PLY as f64 - 1.0);

    fn win_in(plies: u32) -> Self {
        OrderedF64(F64_WIN - f64::from(plies.min(MAX_PLY)))
    }

    fn shift_decisive(self, delta: i32) -> Self {
        let d = f64::from(delta);
        let lo = Self::MAX_EVAL.0 + 1.0;
        if self > Self::MAX_EVAL && self < Self::INFINITY {
            OrderedF64((self.0 + d).clamp(lo, F64_WIN))
        } else if self < -Self::MAX_EVAL && self > -Self::INFINITY {
            OrderedF64((self.0 - d).clamp(-F64_WIN, -lo))
        } else {
            self
        }
    }

    fn next_up(self) -> Self {
        OrderedF64(self.0.next_up() + 0.0)
    }

    fn next_down(self) -> Self {
        OrderedF64(self.0.next_down() + 0.0)
    }

    fn to_f64(self) -> f64 {
        self.0
    }

    fn from_f64(x: f64) -> Self {
        OrderedF64::new(x).unwrap_or(OrderedF64(0.0))
    }

    fn to_bits(self) -> u64 {
        self.0.to_bits()
    }

    fn from_bits(bits: u64) -> Self {
        Self::from_f64(f64::from_bits(bits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<S: Score>() {
        assert!(S::win_in(0) == S::WIN);
        assert!(S::win_in(3) < S::win_in(2));
        assert!(S::win_in(MAX_PLY) > S::MAX_EVAL);
        assert!(S::win_in(5).is_decisive() && (-S::win_in(5)).is_decisive());
        assert!(!S::MAX_EVAL.is_decisive() && !S::ZERO.is_decisive());
        assert!(S::INFINITY > S::WIN && -S::INFINITY < -S::WIN);
        assert_eq!(S::INFINITY.next_up(), S::INFINITY);
        assert_eq!((-S::INFINITY).next_down(), -S::INFINITY);
        assert!(S::ZERO.next_up() > S::ZERO && S::ZERO.next_down() < S::ZERO);
        assert_eq!(S::from_f64(f64::INFINITY), S::INFINITY);
        assert_eq!(S::from_f64(f64::NEG_INFINITY), -S::INFINITY);
        assert_eq!(S::from_f64(f64::NAN), S::ZERO);
        // Storing a root-relative win at ply 4 relative to the node, then reading it
        // back at ply 4, is the identity; read at ply 2 it is two plies shorter.
        let w = S::win_in(7);
        let stored = w.to_node(4);
        assert_eq!(stored, S::win_in(3));
        assert_eq!(stored.to_root(4), w);
        assert_eq!(stored.to_root(2), S::win_in(5));
        let l = -S::win_in(7);
        assert_eq!(l.to_node(4), -S::win_in(3));
        assert_eq!(l.to_node(4).to_root(4), l);
        assert_eq!(S::MAX_EVAL.to_node(9), S::MAX_EVAL);
        assert_eq!(S::WIN.to_node(9), S::WIN);
        assert_eq!(S::INFINITY.to_root(9), S::INFINITY);
        assert_eq!(S::from_f64(1e300).clamp_eval(), S::MAX_EVAL);
        for s in [S::ZERO, S::WIN, -S::WIN, S::INFINITY, -S::INFINITY, S::MAX_EVAL, w, l] {
            assert_eq!(S::from_bits(s.to_bits()), s);
        }
        assert!(S::from_bits(u64::MAX) >= -S::INFINITY);
    }

    #[test]
    fn all_score_types_share_the_layout() {
        check::<i16>();
        check::<i32>();
        check::<i64>();
        check::<OrderedF64>();
    }

    #[test]
    fn ordered_f64_normalises_negative_zero() {
        let z = OrderedF64::new(-0.0).unwrap();
        assert_eq!(z, OrderedF64::ZERO);
        assert_eq!(-OrderedF64::ZERO, OrderedF64::ZERO);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn ordered_f64_serialises_as_a_number() {
        assert_eq!(serde_json::to_string(&OrderedF64::new(1.5).unwrap()).unwrap(), "1.5");
        assert!(serde_json::from_str::<OrderedF64>("1.5").is_ok());
    }
}
