//! Exact thermographs: walls as piecewise-linear trajectories with dyadic
//! critical points, for temperatures `t ≥ −1`.

use crate::context::{Context, GameId, number_options};
use crate::dyadic::Dyadic;
use crate::error::{Error, Result};
use core::fmt;

/// A continuous piecewise-linear function of the temperature `t` on `[−1, ∞)`,
/// with dyadic breakpoints and integer slopes (`d value / d t`).
///
/// A wall of a thermograph has slope 0 above its highest critical point (the mast).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Trajectory {
    /// Breakpoints `(t, value)`, strictly descending in `t`; the last is at `t = −1`.
    points: Vec<(Dyadic, Dyadic)>,
    /// `slopes[0]` above `points[0]`; `slopes[i]` between `points[i-1]` and `points[i]`.
    slopes: Vec<i64>,
}

fn minus_one() -> Dyadic {
    Dyadic::from(-1)
}

impl Trajectory {
    /// The constant function `value`.
    pub fn constant(value: Dyadic) -> Trajectory {
        Trajectory { points: vec![(minus_one(), value)], slopes: vec![0] }
    }

    /// The value at temperature `t` (`t ≥ −1`; below −1 the lowest segment is extended).
    ///
    /// # Errors
    /// [`Error::Overflow`] if the value leaves the exact range.
    pub fn value_at(&self, t: Dyadic) -> Result<Dyadic> {
        let i = self.segment_of(t);
        let (t0, v0) = self.points[i.min(self.points.len() - 1)];
        v0.checked_add(t.checked_sub(t0)?.checked_mul_int(self.slopes[i])?)
    }

    /// Index into `slopes` of the segment containing `t` (segments closed below).
    fn segment_of(&self, t: Dyadic) -> usize {
        if t >= self.points[0].0 {
            return 0;
        }
        // points[i].t <= t < points[i-1].t
        self.points.iter().position(|&(pt, _)| pt <= t).unwrap_or(self.points.len() - 1)
    }

    fn slope_at(&self, t: Dyadic) -> i64 {
        self.slopes[self.segment_of(t)]
    }

    /// The value at the top (the mast's value when the top slope is 0).
    pub fn mast(&self) -> Dyadic {
        self.points[0].1
    }

    /// The critical temperatures (where the slope changes), descending; `−1` is not
    /// listed.
    pub fn critical_points(&self) -> Vec<Dyadic> {
        self.points.iter().map(|p| p.0).filter(|&t| t > minus_one()).collect()
    }

    /// The slopes from the top down, one more than the critical points.
    pub fn slopes(&self) -> &[i64] {
        &self.slopes
    }

    /// `f(t) + k·t`.
    fn tilt(&self, k: i64) -> Result<Trajectory> {
        let mut points = Vec::with_capacity(self.points.len());
        for &(t, v) in &self.points {
            points.push((t, v.checked_add(t.checked_mul_int(k)?)?));
        }
        Ok(Trajectory { points, slopes: self.slopes.iter().map(|s| s + k).collect() })
    }

    /// Pointwise maximum (`take_max`) or minimum of two trajectories.
    fn combine(&self, other: &Trajectory, take_max: bool) -> Result<Trajectory> {
        let mut ts: Vec<Dyadic> = self.points.iter().chain(&other.points).map(|p| p.0).collect();
        ts.sort_unstable_by(|a, b| b.cmp(a));
        ts.dedup();
        // crossings inside each interval, and above the top
        let mut extra = Vec::new();
        let diff =
            |t: Dyadic| -> Result<Dyadic> { self.value_at(t)?.checked_sub(other.value_at(t)?) };
        let top = ts[0];
        let d0 = diff(top)?;
        let s0 = self.slopes[0] - other.slopes[0];
        if (d0.signum() > 0 && s0 < 0) || (d0.signum() < 0 && s0 > 0) {
            extra.push(crossing(top, d0, s0)?);
        }
        for w in ts.windows(2) {
            let (hi, lo) = (w[0], w[1]);
            let (dh, dl) = (diff(hi)?, diff(lo)?);
            if dh.signum() * dl.signum() < 0 {
                let mid = hi.checked_add(lo)?.half()?;
                let s = self.slope_at(mid) - other.slope_at(mid);
                extra.push(crossing(lo, dl, s)?);
            }
        }
        ts.extend(extra);
        ts.sort_unstable_by(|a, b| b.cmp(a));
        ts.dedup();
        let pick = |x: Dyadic, y: Dyadic| if take_max { x.max(y) } else { x.min(y) };
        let mut points = Vec::with_capacity(ts.len());
        for &t in &ts {
            points.push((t, pick(self.value_at(t)?, other.value_at(t)?)));
        }
        let mut slopes = Vec::with_capacity(ts.len());
        // top: which one wins as t grows (no crossing above ts[0] any more)
        let probe = ts[0].checked_add(Dyadic::ONE)?;
        let (a, b) = (self.value_at(probe)?, other.value_at(probe)?);
        let top_self = if a == b {
            (self.slopes[0] >= other.slopes[0]) == take_max
        } else {
            (a > b) == take_max
        };
        slopes.push(if top_self { self.slopes[0] } else { other.slopes[0] });
        for w in ts.windows(2) {
            let mid = w[0].checked_add(w[1])?.half()?;
            let (a, b) = (self.value_at(mid)?, other.value_at(mid)?);
            let use_self = if a == b { true } else { (a > b) == take_max };
            slopes.push(if use_self { self.slope_at(mid) } else { other.slope_at(mid) });
        }
        Ok(Trajectory { points, slopes }.simplified())
    }

    /// Drops breakpoints where the slope does not change (keeps the one at −1).
    fn simplified(self) -> Trajectory {
        let n = self.points.len();
        let mut points = Vec::with_capacity(n);
        let mut slopes = vec![self.slopes[0]];
        for i in 0..n {
            if i + 1 == n {
                points.push(self.points[i]);
            } else if Some(&self.slopes[i + 1]) != slopes.last() {
                points.push(self.points[i]);
                slopes.push(self.slopes[i + 1]);
            }
        }
        Trajectory { points, slopes }
    }

    /// The function equal to `self` below `t` and constant above it.
    fn truncate_at(&self, t: Dyadic) -> Result<Trajectory> {
        let mut points = vec![(t, self.value_at(t)?)];
        let mut slopes = vec![0];
        for (i, &p) in self.points.iter().enumerate() {
            if p.0 < t {
                points.push(p);
                slopes.push(self.slopes[i]);
            }
        }
        Ok(Trajectory { points, slopes }.simplified())
    }

    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},[", self.mast())?;
        let crit = self.critical_points();
        for (i, t) in crit.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{t}")?;
        }
        f.write_str("],[")?;
        for (i, s) in self.slopes.iter().take(crit.len() + 1).enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{s}")?;
        }
        f.write_str("]")
    }
}

/// `t` where `d + s·(t − base) = 0`.
fn crossing(base: Dyadic, d: Dyadic, s: i64) -> Result<Dyadic> {
    // t = base − d / s, with s a power of two in absolute value
    let k = s.unsigned_abs();
    if !k.is_power_of_two() {
        return Err(Error::InvalidArgument("trajectory slope difference is not a power of two"));
    }
    let mut q = d;
    for _ in 0..k.trailing_zeros() {
        q = q.half()?;
    }
    if s > 0 { base.checked_sub(q) } else { base.checked_add(q) }
}

/// The thermograph of a game: its left and right walls for `t ≥ −1`.
///
/// Displayed in CGSuite's format `Thermograph(mast,[critical temperatures],[slopes],
/// mast,[…],[…])`, left wall first, slopes top to bottom (0 is a vertical mast).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Thermograph {
    left: Trajectory,
    right: Trajectory,
    temperature: Dyadic,
}

impl Thermograph {
    /// The bytes its walls hold on the heap.
    pub(crate) fn heap_bytes(&self) -> usize {
        [&self.left, &self.right]
            .iter()
            .map(|w| {
                w.points.capacity() * size_of::<(Dyadic, Dyadic)>()
                    + w.slopes.capacity() * size_of::<i64>()
            })
            .sum()
    }

    /// The left wall.
    pub fn left_wall(&self) -> &Trajectory {
        &self.left
    }

    /// The right wall.
    pub fn right_wall(&self) -> &Trajectory {
        &self.right
    }

    /// The mast value (the mean value of the game).
    pub fn mast(&self) -> Dyadic {
        self.left.mast()
    }

    /// The temperature: where the mast begins (for numbers, CGSuite's convention:
    /// −1 for integers, −2^−k for odd multiples of 2^−k).
    pub fn temperature(&self) -> Dyadic {
        self.temperature
    }
}

impl fmt::Display for Thermograph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Thermograph(")?;
        self.left.write(f)?;
        f.write_str(",")?;
        self.right.write(f)?;
        f.write_str(")")
    }
}

impl Context {
    /// The thermograph of `g` (memoised for every follower).
    ///
    /// # Errors
    /// [`Error::Overflow`] if a wall leaves the exact range.
    ///
    /// # Examples
    /// ```
    /// use go_cgt::Context;
    /// let mut ctx = Context::new();
    /// let g = ctx.parse("{3||2|1}")?;
    /// let t = ctx.thermograph(g)?;
    /// assert_eq!(t.to_string(), "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2],[0,1,0])");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn thermograph(&mut self, g: GameId) -> Result<Thermograph> {
        self.thermograph_ref(g).cloned()
    }

    /// The memoised thermograph of `g`, computed if needed.
    fn thermograph_ref(&mut self, g: GameId) -> Result<&Thermograph> {
        if !self.thermographs.contains_key(&g) {
            self.step()?;
            let t = self.thermograph_uncached(g)?;
            self.thermograph_bytes += t.heap_bytes();
            self.thermographs.insert(g, t);
        }
        Ok(&self.thermographs[&g])
    }

    fn thermograph_uncached(&mut self, g: GameId) -> Result<Thermograph> {
        let (left, right, number_temp) = match self.as_number(g) {
            Some(x) if x.is_integer() => {
                let wall = Trajectory::constant(x);
                return Ok(Thermograph {
                    left: wall.clone(),
                    right: wall,
                    temperature: minus_one(),
                });
            }
            Some(x) => {
                let (a, b) = number_options(x);
                let (a, b) = (a.unwrap_or(x), b.unwrap_or(x));
                let (a, b) = (self.number(a), self.number(b));
                (vec![a], vec![b], Some(-Dyadic::pow2_neg(x.exponent())?))
            }
            None => (self.lopts(g).to_vec(), self.ropts(g).to_vec(), None),
        };
        let mut ls: Option<Trajectory> = None;
        for l in left {
            let w = self.thermograph_ref(l)?.right.tilt(-1)?;
            ls = Some(match ls {
                None => w,
                Some(cur) => cur.combine(&w, true)?,
            });
        }
        let mut rs: Option<Trajectory> = None;
        for r in right {
            let w = self.thermograph_ref(r)?.left.tilt(1)?;
            rs = Some(match rs {
                None => w,
                Some(cur) => cur.combine(&w, false)?,
            });
        }
        let (ls, rs) = match (ls, rs) {
            (Some(l), Some(r)) => (l, r),
            _ => {
                return Err(Error::InvalidArgument(
                    "a game that is not a number has options on both sides",
                ));
            }
        };
        let tau = match number_temp {
            Some(t) => t,
            None => meeting_point(&ls, &rs)?,
        };
        let left = ls.truncate_at(tau)?;
        let right = rs.truncate_at(tau)?;
        Ok(Thermograph { left, right, temperature: tau })
    }

    /// The mean value of `g` (the mast of its thermograph).
    ///
    /// # Errors
    /// As [`Context::thermograph`].
    pub fn mean(&mut self, g: GameId) -> Result<Dyadic> {
        if let Some(x) = self.as_number(g) {
            return Ok(x);
        }
        Ok(self.thermograph_ref(g)?.mast())
    }

    /// The temperature of `g` (CGSuite's convention for numbers: −1 for integers,
    /// −2^−k for `m/2^k`, `m` odd).
    ///
    /// # Errors
    /// As [`Context::thermograph`].
    pub fn temperature(&mut self, g: GameId) -> Result<Dyadic> {
        if let Some(x) = self.as_number(g) {
            return if x.is_integer() {
                Ok(minus_one())
            } else {
                Ok(-Dyadic::pow2_neg(x.exponent())?)
            };
        }
        Ok(self.thermograph_ref(g)?.temperature())
    }
}

/// The least `t ≥ −1` where the left scaffold `ls` is no longer right of `rs`.
fn meeting_point(ls: &Trajectory, rs: &Trajectory) -> Result<Dyadic> {
    let diff = |t: Dyadic| -> Result<Dyadic> { ls.value_at(t)?.checked_sub(rs.value_at(t)?) };
    let m1 = minus_one();
    let d = diff(m1)?;
    if d.signum() <= 0 {
        return Ok(m1);
    }
    let mut ts: Vec<Dyadic> = ls.points.iter().chain(&rs.points).map(|p| p.0).collect();
    ts.sort_unstable();
    ts.dedup();
    let mut prev = m1;
    let mut dprev = d;
    for &t in ts.iter().filter(|&&t| t > m1) {
        let dt = diff(t)?;
        if dt.signum() <= 0 {
            let mid = prev.checked_add(t)?.half()?;
            let s = ls.slope_at(mid) - rs.slope_at(mid);
            return crossing(prev, dprev, s);
        }
        prev = t;
        dprev = dt;
    }
    let s = ls.slopes[0] - rs.slopes[0];
    if s >= 0 {
        return Err(Error::InvalidArgument("thermograph walls never meet"));
    }
    crossing(prev, dprev, s)
}
