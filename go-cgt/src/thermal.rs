//! Cooling (with the freezing rule), heating and overheating.

use crate::context::{Context, GameId, number_options};
use crate::dyadic::Dyadic;
use crate::error::{Error, Result};

impl Context {
    /// `g` cooled by `t` (`G_t`), with Conway's freezing rule, for any number
    /// `t > −1` (subzero cooling included).
    ///
    /// `G_t = {G^L_t − t | G^R_t + t}` unless `t` is above the temperature of `G`, in
    /// which case `G_t` is the mean of `G`.
    ///
    /// # Errors
    /// [`Error::CoolingBelowMinusOne`] if `t ≤ −1`; [`Error::Overflow`] if a number
    /// leaves the exact range.
    ///
    /// # Examples
    /// ```
    /// use go_cgt::{Context, Dyadic};
    /// let mut ctx = Context::new();
    /// let g = ctx.parse("{6|{4|0}}")?;
    /// let cooled = ctx.cool(g, Dyadic::from(2))?;
    /// assert_eq!(ctx.display(cooled).to_string(), "4^");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> Result<GameId> {
        if t <= Dyadic::from(-1) {
            return Err(Error::CoolingBelowMinusOne);
        }
        self.cool_rec(g, t)
    }

    fn cool_rec(&mut self, g: GameId, t: Dyadic) -> Result<GameId> {
        if self.is_integer(g) {
            return Ok(g);
        }
        if let Some(&c) = self.cool_memo.get(&(g, t)) {
            return Ok(c);
        }
        self.step()?;
        let temp = self.temperature(g)?;
        let result = if t > temp {
            let m = self.mean(g)?;
            self.number(m)
        } else {
            let (left, right) = self.option_lists(g);
            let minus_t = self.number(-t);
            let plus_t = self.number(t);
            let mut l = Vec::with_capacity(left.len());
            for o in left {
                let c = self.cool_rec(o, t)?;
                l.push(self.sum_rec(c, minus_t)?);
            }
            let mut r = Vec::with_capacity(right.len());
            for o in right {
                let c = self.cool_rec(o, t)?;
                r.push(self.sum_rec(c, plus_t)?);
            }
            self.construct(l, r)?
        };
        self.cool_memo.insert((g, t), result);
        Ok(result)
    }

    /// The option lists of `g`, with a number's canonical options.
    pub(crate) fn option_lists(&mut self, g: GameId) -> (Vec<GameId>, Vec<GameId>) {
        match self.as_number(g) {
            Some(x) => {
                let (a, b) = number_options(x);
                (
                    a.map(|y| self.number(y)).into_iter().collect(),
                    b.map(|y| self.number(y)).into_iter().collect(),
                )
            }
            None => (self.lopts(g).to_vec(), self.ropts(g).to_vec()),
        }
    }

    /// `g` heated by `t` (`∫^t G`), for any game `t`: `G` itself if `G` is a number,
    /// else `{∫^t G^L + t | ∫^t G^R − t}`.
    ///
    /// # Errors
    /// [`Error::TooDeep`] or [`Error::Overflow`] as for sums.
    ///
    /// # Examples
    /// ```
    /// use go_cgt::Context;
    /// let mut ctx = Context::new();
    /// let (star, two) = (ctx.parse("*")?, ctx.integer(2));
    /// let hot = ctx.heat(star, two)?;
    /// assert_eq!(ctx.display(hot).to_string(), "+-2");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn heat(&mut self, g: GameId, t: GameId) -> Result<GameId> {
        self.check_depth(self.depth(g) + self.depth(t))?;
        let neg_t = self.neg(t);
        self.heat_rec(g, t, neg_t)
    }

    fn heat_rec(&mut self, g: GameId, t: GameId, neg_t: GameId) -> Result<GameId> {
        if self.is_number(g) {
            return Ok(g);
        }
        if let Some(&h) = self.heat_memo.get(&(g, t)) {
            return Ok(h);
        }
        self.step()?;
        let (left, right) = (self.lopts(g).to_vec(), self.ropts(g).to_vec());
        let mut l = Vec::with_capacity(left.len());
        for o in left {
            let h = self.heat_rec(o, t, neg_t)?;
            l.push(self.sum_rec(h, t)?);
        }
        let mut r = Vec::with_capacity(right.len());
        for o in right {
            let h = self.heat_rec(o, t, neg_t)?;
            r.push(self.sum_rec(h, neg_t)?);
        }
        let result = self.construct(l, r)?;
        self.heat_memo.insert((g, t), result);
        Ok(result)
    }

    /// `g` overheated from `s` to `t` (`∫_s^t G`): `n·s` if `G` is an integer `n`, else
    /// `{∫_s^t G^L + t | ∫_s^t G^R − t}`.
    ///
    /// # Errors
    /// [`Error::TooDeep`] or [`Error::Overflow`] as for sums.
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> Result<GameId> {
        self.check_depth(self.depth(g) + self.depth(s).max(self.depth(t)))?;
        let neg_t = self.neg(t);
        self.overheat_rec(g, s, t, neg_t)
    }

    fn overheat_rec(&mut self, g: GameId, s: GameId, t: GameId, neg_t: GameId) -> Result<GameId> {
        if let Some(n) = self.as_number(g).and_then(Dyadic::to_integer) {
            return self.multiple(s, n);
        }
        if let Some(&h) = self.overheat_memo.get(&(g, s, t)) {
            return Ok(h);
        }
        self.step()?;
        let (left, right) = self.option_lists(g);
        let mut l = Vec::with_capacity(left.len());
        for o in left {
            let h = self.overheat_rec(o, s, t, neg_t)?;
            l.push(self.sum_rec(h, t)?);
        }
        let mut r = Vec::with_capacity(right.len());
        for o in right {
            let h = self.overheat_rec(o, s, t, neg_t)?;
            r.push(self.sum_rec(h, neg_t)?);
        }
        let result = self.construct(l, r)?;
        self.overheat_memo.insert((g, s, t), result);
        Ok(result)
    }
}
