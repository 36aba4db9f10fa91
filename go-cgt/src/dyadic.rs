//! Exact dyadic rationals `n / 2^k`.

use crate::error::{Error, Result};
use core::cmp::Ordering;
use core::fmt;

/// The largest exponent `k` of a denominator `2^k`.
pub const MAX_EXPONENT: u32 = 62;

/// An exact dyadic rational `numerator / 2^exponent`, always in lowest terms.
///
/// Numerators are 64-bit and denominators at most `2^62`. Arithmetic is checked:
/// a result outside that range is [`Error::Overflow`], never a wrong value.
///
/// # Examples
/// ```
/// use go_cgt::Dyadic;
/// let x = Dyadic::new(3, 2)?; // 3/4
/// assert_eq!(x.checked_add(Dyadic::new(1, 2)?)?, Dyadic::from(1));
/// assert_eq!(x.to_string(), "3/4");
/// # Ok::<_, go_cgt::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Self {
        Dyadic { num: n, exp: 0 }
    }
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };
    /// One.
    pub const ONE: Dyadic = Dyadic { num: 1, exp: 0 };

    /// `numerator / 2^exponent`, reduced to lowest terms.
    ///
    /// # Errors
    /// [`Error::Overflow`] if the reduced exponent exceeds [`MAX_EXPONENT`].
    pub fn new(numerator: i64, exponent: u32) -> Result<Dyadic> {
        Self::from_wide(i128::from(numerator), exponent)
    }

    fn from_wide(mut num: i128, mut exp: u32) -> Result<Dyadic> {
        if num == 0 {
            return Ok(Dyadic::ZERO);
        }
        let tz = num.trailing_zeros().min(exp);
        num >>= tz;
        exp -= tz;
        if exp > MAX_EXPONENT {
            return Err(Error::Overflow);
        }
        let num = i64::try_from(num).map_err(|_| Error::Overflow)?;
        if num == i64::MIN {
            // Keep negation total.
            return Err(Error::Overflow);
        }
        Ok(Dyadic { num, exp })
    }

    /// The numerator in lowest terms.
    pub const fn numerator(self) -> i64 {
        self.num
    }

    /// The exponent `k` of the denominator `2^k` in lowest terms.
    pub const fn exponent(self) -> u32 {
        self.exp
    }

    /// Whether the value is an integer.
    pub const fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// The value as an integer, if it is one.
    pub const fn to_integer(self) -> Option<i64> {
        if self.exp == 0 { Some(self.num) } else { None }
    }

    /// The sign: −1, 0 or 1.
    pub const fn signum(self) -> i64 {
        self.num.signum()
    }

    /// Numerators of `self` and `other` over the common denominator `2^max(k)`.
    fn aligned(self, other: Dyadic) -> (i128, i128, u32) {
        let e = self.exp.max(other.exp);
        (i128::from(self.num) << (e - self.exp), i128::from(other.num) << (e - other.exp), e)
    }

    /// `self + other`.
    ///
    /// # Errors
    /// [`Error::Overflow`] when the sum is out of range.
    pub fn checked_add(self, other: Dyadic) -> Result<Dyadic> {
        let (a, b, e) = self.aligned(other);
        Self::from_wide(a + b, e)
    }

    /// `self − other`.
    ///
    /// # Errors
    /// [`Error::Overflow`] when the difference is out of range.
    pub fn checked_sub(self, other: Dyadic) -> Result<Dyadic> {
        let (a, b, e) = self.aligned(other);
        Self::from_wide(a - b, e)
    }

    /// `self / 2`.
    ///
    /// # Errors
    /// [`Error::Overflow`] when the denominator would exceed `2^62`.
    pub fn half(self) -> Result<Dyadic> {
        Self::from_wide(i128::from(self.num), self.exp + 1)
    }

    /// `self · n` for an integer `n`.
    ///
    /// # Errors
    /// [`Error::Overflow`] when the product is out of range.
    pub fn checked_mul_int(self, n: i64) -> Result<Dyadic> {
        let p = i128::from(self.num).checked_mul(i128::from(n)).ok_or(Error::Overflow)?;
        Self::from_wide(p, self.exp)
    }

    /// `2^-k` (`k ≤ 62`).
    ///
    /// # Errors
    /// [`Error::Overflow`] if `k > 62`.
    pub fn pow2_neg(k: u32) -> Result<Dyadic> {
        Self::new(1, k)
    }

    /// The largest integer `≤ self`.
    pub const fn floor(self) -> i64 {
        self.num >> self.exp
    }

    /// The smallest integer `≥ self`.
    pub const fn ceil(self) -> i64 {
        -((-self.num) >> self.exp)
    }

    /// The simplest number strictly between `lo` and `hi` (either may be absent,
    /// meaning −∞ or +∞), as in the simplicity theorem. Requires `lo < hi`.
    ///
    /// # Errors
    /// [`Error::Overflow`] if the answer is out of range; [`Error::InvalidArgument`]
    /// if `lo ≥ hi`.
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Result<Dyadic> {
        if let (Some(l), Some(h)) = (lo, hi)
            && l >= h
        {
            return Err(Error::InvalidArgument("simplest number of an empty interval"));
        }
        // An integer strictly inside? Take the one closest to zero.
        let int_lo = lo.map(|l| l.floor() as i128 + 1); // smallest integer > lo
        let int_hi = hi.map(|h| h.ceil() as i128 - 1); // largest integer < hi
        let inside = match (int_lo, int_hi) {
            (Some(a), Some(b)) => (a <= b).then_some(a.max(0).min(b)),
            (Some(a), None) => Some(a.max(0)),
            (None, Some(b)) => Some(b.min(0)),
            (None, None) => Some(0),
        };
        if let Some(n) = inside {
            return Self::from_wide(n, 0);
        }
        // Both bounds lie between the same two integers: find the smallest k with
        // a multiple of 2^-k strictly inside.
        let (l, h) = (lo.unwrap_or_default(), hi.unwrap_or_default());
        for k in 1..=MAX_EXPONENT {
            // smallest multiple of 2^-k strictly greater than l
            let shift = k.saturating_sub(l.exp);
            let scaled = i128::from(l.num) << shift; // l * 2^k when l.exp <= k
            let cand = if l.exp <= k { scaled + 1 } else { (i128::from(l.num) >> (l.exp - k)) + 1 };
            let c = Self::from_wide(cand, k)?;
            if c < h {
                return Ok(c);
            }
        }
        Err(Error::Overflow)
    }
}

impl core::ops::Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        // `from_wide` never produces i64::MIN, so this cannot overflow.
        Dyadic { num: -self.num, exp: self.exp }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        let (a, b, _) = self.aligned(*other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, e: u32) -> Dyadic {
        Dyadic::new(n, e).unwrap()
    }

    #[test]
    fn arithmetic_is_exact_and_reduced() {
        assert_eq!(d(2, 2), d(1, 1));
        assert_eq!(d(3, 2).checked_add(d(1, 2)).unwrap(), Dyadic::ONE);
        assert_eq!(d(1, 1).checked_sub(d(3, 2)).unwrap(), d(-1, 2));
        assert_eq!(d(3, 0).half().unwrap(), d(3, 1));
        assert_eq!(d(-3, 1).floor(), -2);
        assert_eq!(d(-3, 1).ceil(), -1);
        assert!(d(1, 62) > Dyadic::ZERO);
    }

    #[test]
    fn overflow_is_an_error() {
        let big = Dyadic::from(i64::MAX);
        assert_eq!(big.checked_add(Dyadic::ONE), Err(Error::Overflow));
        assert_eq!(d(1, 62).half(), Err(Error::Overflow));
        assert_eq!(Dyadic::new(1, 63), Err(Error::Overflow));
        assert_eq!(big.checked_mul_int(2), Err(Error::Overflow));
        // the comparison of extreme values stays exact
        assert!(big > Dyadic::from(i64::MAX - 1));
        assert!(d(1, 62) < d(1, 61));
    }

    #[test]
    fn simplest_between() {
        let s = |l: Option<Dyadic>, h: Option<Dyadic>| Dyadic::simplest_between(l, h).unwrap();
        assert_eq!(s(None, None), Dyadic::ZERO);
        assert_eq!(s(Some(d(1, 0)), None), d(2, 0));
        assert_eq!(s(None, Some(d(-3, 1))), d(-2, 0));
        assert_eq!(s(Some(d(0, 0)), Some(d(1, 0))), d(1, 1));
        assert_eq!(s(Some(d(3, 2)), Some(d(7, 3))), d(13, 4));
        assert_eq!(s(Some(d(-1, 0)), Some(d(1, 0))), Dyadic::ZERO);
        assert_eq!(s(Some(d(-7, 3)), Some(d(-3, 2))), d(-13, 4));
        assert_eq!(s(Some(d(1, 0)), Some(d(2, 0))), d(3, 1));
        assert!(Dyadic::simplest_between(Some(Dyadic::ONE), Some(Dyadic::ONE)).is_err());
    }
}
