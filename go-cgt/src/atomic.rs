//! Atomic weight (the atomic weight calculus with its eccentric cases) and far star.

use crate::context::{Context, GameId};
use crate::error::{Error, Result};
use crate::hash::IdMap;

/// Stand-ins for the weight `+∞` of a positive number (and `−∞` of a negative one).
/// The calculus runs once with each; a game whose weight depends on the stand-in is
/// not atomic.
const INFINITIES: [i64; 2] = [1 << 20, 1 << 21];

impl Context {
    /// The far star `*N` of `g`: a nimber larger than every nimber and option count
    /// among the followers of `g` (a power of two), so that `g` compares with it as
    /// with any larger nimber.
    ///
    /// # Errors
    /// [`Error::TooDeep`] if `*N` would exceed the depth limit.
    pub fn far_star(&mut self, g: GameId) -> Result<GameId> {
        let mut seen = IdMap::default();
        let mut stack = vec![g];
        let mut bound = 1u32;
        while let Some(x) = stack.pop() {
            if seen.insert(x, ()).is_some() || self.is_number(x) {
                continue;
            }
            if let Some(t) = self.as_nus(x) {
                bound = bound.max(t.nimber);
            }
            let (l, r) = (self.lopts(x), self.ropts(x));
            bound = bound.max(l.len().max(r.len()) as u32);
            stack.extend_from_slice(l);
            stack.extend_from_slice(r);
        }
        let n = (bound + 1).next_power_of_two();
        self.nimber(n)
    }

    /// The atomic weight of `g`, by the atomic weight calculus:
    /// `G'' = {aw(G^L) − 2 | aw(G^R) + 2}`, and in the eccentric case where `G''` is an
    /// integer, the largest integer below every `aw(G^R) + 2` if `G > ★` (far star),
    /// the smallest above every `aw(G^L) − 2` if `G < ★`, else `G''`. Numbers other
    /// than 0 weigh ±∞, which must cancel out for `g` to be atomic.
    ///
    /// # Errors
    /// [`Error::NotAtomic`] when `g` has no atomic weight; otherwise as [`Context::sum`].
    ///
    /// # Examples
    /// ```
    /// use go_cgt::{Context, Error};
    /// let mut ctx = Context::new();
    /// let g = ctx.parse("{^^|v}")?;
    /// let w = ctx.atomic_weight(g)?;
    /// assert_eq!(ctx.display(w).to_string(), "1/2");
    /// let five = ctx.integer(5);
    /// assert_eq!(ctx.atomic_weight(five), Err(Error::NotAtomic));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn atomic_weight(&mut self, g: GameId) -> Result<GameId> {
        if let Some(r) = self.aw_memo.get(&g) {
            return r.clone();
        }
        let star = self.far_star(g)?;
        let mut results = [self.zero(); 2];
        let mut failed = None;
        for (k, &inf) in INFINITIES.iter().enumerate() {
            let mut memo = IdMap::default();
            match self.aw_rec(g, inf, star, &mut memo) {
                Ok(w) => results[k] = w,
                Err(e) => {
                    failed = Some(e);
                    break;
                }
            }
        }
        let r = match failed {
            Some(e) => Err(e),
            None if results[0] == results[1] => Ok(results[0]),
            None => Err(Error::NotAtomic),
        };
        self.aw_memo.insert(g, r.clone());
        r
    }

    fn aw_rec(
        &mut self,
        g: GameId,
        inf: i64,
        star: GameId,
        memo: &mut IdMap<GameId, GameId>,
    ) -> Result<GameId> {
        if let Some(x) = self.as_number(g) {
            return Ok(self.integer(inf * x.signum()));
        }
        if let Some(&w) = memo.get(&g) {
            return Ok(w);
        }
        self.step()?;
        let (two, minus_two) = (self.integer(2), self.integer(-2));
        let mut lw = Vec::new();
        for l in self.lopts(g).to_vec() {
            let w = self.aw_rec(l, inf, star, memo)?;
            lw.push(self.sum(w, minus_two)?);
        }
        let mut rw = Vec::new();
        for r in self.ropts(g).to_vec() {
            let w = self.aw_rec(r, inf, star, memo)?;
            rw.push(self.sum(w, two)?);
        }
        let g2 = self.construct(lw.clone(), rw.clone())?;
        let w = if self.is_integer(g2) {
            // the eccentric case
            let below = if self.gt(g, star)? {
                true
            } else if self.lt(g, star)? {
                false
            } else {
                memo.insert(g, g2);
                return Ok(g2);
            };
            // the largest integer n with n <| every right weight, or the smallest
            // with n |> every left weight
            let mut best: Option<i64> = None;
            for &h in if below { &rw } else { &lw } {
                let n = self.integer_beside(h, below)?;
                best = Some(best.map_or(n, |b| if below { b.min(n) } else { b.max(n) }));
            }
            self.integer(best.ok_or(Error::NotAtomic)?)
        } else {
            g2
        };
        memo.insert(g, w);
        Ok(w)
    }

    /// The largest integer `n` with `n <| h` (not `n ≥ h`) when `below`, else the
    /// smallest integer `n` with `n |> h` (not `n ≤ h`).
    fn integer_beside(&mut self, h: GameId, below: bool) -> Result<i64> {
        // Start at the stop on that side and walk away from h until the relation holds.
        let (mut n, step) =
            if below { (self.left_stop(h).ceil(), -1) } else { (self.right_stop(h).floor(), 1) };
        loop {
            let ng = self.integer(n);
            let done = if below { !self.le(h, ng)? } else { !self.le(ng, h)? };
            if done {
                return Ok(n);
            }
            n = n.checked_add(step).ok_or(Error::Overflow)?;
            self.step()?;
        }
    }

    /// Whether `g` has an atomic weight.
    pub fn is_atomic(&mut self, g: GameId) -> bool {
        self.atomic_weight(g).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn far_star_exceeds_nimbers() {
        let mut ctx = Context::new();
        let g = ctx.parse("*5").unwrap();
        let fs = ctx.far_star(g).unwrap();
        assert_eq!(ctx.as_nus(fs).map(|t| t.nimber), Some(8));
    }
}
