//! A small seeded random number generator, so that every randomised algorithm is
//! reproducible from its seed (no thread-local or OS randomness anywhere).

/// A seeded pseudo-random generator (xoshiro256++ seeded through SplitMix64).
///
/// # Examples
/// ```
/// use go_search::Rng;
/// let mut a = Rng::new(7);
/// let mut b = Rng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// let x = a.next_f64();
/// assert!((0.0..1.0).contains(&x));
/// ```
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator whose whole stream is determined by `seed`.
    pub fn new(seed: u64) -> Rng {
        let mut z = seed;
        let mut s = [0; 4];
        for x in &mut s {
            z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
            *x = mix64(z);
        }
        Rng { s }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..n` (`0` when `n == 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        Draw::below(self, n)
    }

    /// A uniform float in `[0, 1)`.
    pub fn next_f64(&mut self) -> f64 {
        Draw::next_f64(self)
    }

    /// A uniform integer in `lo..=hi` (`lo` when `hi < lo`).
    pub fn range_i64(&mut self, lo: i64, hi: i64) -> i64 {
        Draw::range_i64(self, lo, hi)
    }
}

/// Uniform draws from a source of random bits.
pub(crate) trait Draw {
    fn bits(&mut self) -> u64;

    fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // Lemire's multiply-shift; the bias is below 2^-64 * n, irrelevant here.
        ((u128::from(self.bits()) * u128::from(n)) >> 64) as u64
    }

    fn next_f64(&mut self) -> f64 {
        (self.bits() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    fn range_i64(&mut self, lo: i64, hi: i64) -> i64 {
        if hi <= lo {
            return lo;
        }
        let span = (hi as i128 - lo as i128 + 1) as u128;
        if span > u128::from(u64::MAX) {
            return self.bits() as i64;
        }
        (lo as i128 + i128::from(self.below(span as u64))) as i64
    }
}

impl Draw for Rng {
    fn bits(&mut self) -> u64 {
        self.next_u64()
    }
}

/// A wyrand stream: one 64×64→128-bit multiply per draw, seeded in O(1). Used where a
/// generator lives for a handful of draws (synthetic tree nodes), so that generating a
/// tree costs little next to searching it.
#[cfg_attr(not(feature = "synth"), allow(dead_code))]
#[derive(Clone, Debug)]
pub(crate) struct Stream(pub(crate) u64);

impl Draw for Stream {
    fn bits(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xA076_1D64_78BD_642F);
        let t = u128::from(self.0) * u128::from(self.0 ^ 0xE703_7ED1_A0B4_28DB);
        (t >> 64) as u64 ^ t as u64
    }
}

/// The SplitMix64 finaliser: a fast, well-mixing bijection on `u64`.
pub(crate) fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Combines a key with a value into a new key (path-derived seeds, path keys).
pub(crate) fn mix2(a: u64, b: u64) -> u64 {
    mix64(a ^ mix64(b.wrapping_add(0x9E37_79B9_7F4A_7C15)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_and_range_stay_in_range() {
        let mut r = Rng::new(1);
        let mut seen = [false; 5];
        for _ in 0..1000 {
            seen[r.below(5) as usize] = true;
            let x = r.range_i64(-3, 3);
            assert!((-3..=3).contains(&x));
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(r.below(0), 0);
        assert_eq!(r.range_i64(4, 2), 4);
        let _ = r.range_i64(i64::MIN, i64::MAX);
        assert_ne!(mix2(1, 2), mix2(2, 1));
        let mut st = Stream(5);
        assert!((0..100).all(|_| st.range_i64(1, 6) <= 6));
    }
}
