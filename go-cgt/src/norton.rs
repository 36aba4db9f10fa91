//! Incentives and Norton multiplication.

use crate::context::{Context, GameId};
use crate::error::Result;

impl Context {
    /// Left's incentives `G^L − G`.
    ///
    /// # Errors
    /// As [`Context::sum`].
    pub fn left_incentives(&mut self, g: GameId) -> Result<Vec<GameId>> {
        self.incentives_of(g, true)
    }

    /// Right's incentives `G − G^R`.
    ///
    /// # Errors
    /// As [`Context::sum`].
    pub fn right_incentives(&mut self, g: GameId) -> Result<Vec<GameId>> {
        self.incentives_of(g, false)
    }

    fn incentives_of(&mut self, g: GameId, left: bool) -> Result<Vec<GameId>> {
        Ok(self.incentives_memo(g, left)?.into_vec())
    }

    /// All incentives of `g` (Left's and Right's), without duplicates.
    ///
    /// # Errors
    /// As [`Context::sum`].
    pub fn incentives(&mut self, g: GameId) -> Result<Vec<GameId>> {
        let mut out = self.left_incentives(g)?;
        out.extend(self.right_incentives(g)?);
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    /// Norton's product `G.U`: `n·U` if `G` is an integer `n`, else
    /// `{G^L.U + U + I | G^R.U − U − I}` over the incentives `I` of `U`.
    ///
    /// # Errors
    /// As [`Context::sum`].
    ///
    /// # Examples
    /// ```
    /// use go_cgt::Context;
    /// let mut ctx = Context::new();
    /// let (half, up) = (ctx.parse("1/2")?, ctx.parse("^")?);
    /// let p = ctx.norton_product(half, up)?;
    /// assert_eq!(p, ctx.parse("{^^*|v*}")?);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn norton_product(&mut self, g: GameId, u: GameId) -> Result<GameId> {
        let shifts = {
            let incentives = self.incentives(u)?;
            let mut s = Vec::with_capacity(incentives.len());
            for i in incentives {
                s.push(self.sum(u, i)?);
            }
            s
        };
        self.norton_rec(g, u, &shifts)
    }

    fn norton_rec(&mut self, g: GameId, u: GameId, shifts: &[GameId]) -> Result<GameId> {
        if let Some(n) = self.as_number(g).and_then(crate::Dyadic::to_integer) {
            return self.multiple(u, n);
        }
        if let Some(&p) = self.norton_memo.get(&(g, u)) {
            return Ok(p);
        }
        self.step()?;
        let (left, right) = self.option_lists(g);
        let mut l = Vec::new();
        for o in left {
            let p = self.norton_rec(o, u, shifts)?;
            for &s in shifts {
                l.push(self.sum(p, s)?);
            }
        }
        let mut r = Vec::new();
        for o in right {
            let p = self.norton_rec(o, u, shifts)?;
            for &s in shifts {
                r.push(self.difference(p, s)?);
            }
        }
        let result = self.construct(l, r)?;
        self.norton_memo.insert((g, u), result);
        Ok(result)
    }
}
