//! Reduced canonical form: the simplest game infinitesimally close to a game.

use crate::context::{Context, GameId, normalize};
use crate::error::Result;

impl Context {
    /// Whether `a ≥ b` modulo infinitesimals (`a + ε ≥ b` for some infinitesimal ε),
    /// which holds exactly when Right's stop of `a − b` is at least 0.
    ///
    /// # Errors
    /// As [`Context::sum`].
    pub fn ge_mod_infinitesimals(&mut self, a: GameId, b: GameId) -> Result<bool> {
        let d = self.difference(a, b)?;
        Ok(self.right_stop(d) >= crate::Dyadic::ZERO)
    }

    /// The reduced canonical form of `g`: the simplest game that differs from `g` by
    /// an infinitesimal.
    ///
    /// # Errors
    /// As [`Context::sum`].
    ///
    /// # Examples
    /// ```
    /// use go_cgt::Context;
    /// let mut ctx = Context::new();
    /// let g = ctx.parse("{3||2*|1*}")?;
    /// let r = ctx.reduced_canonical_form(g)?;
    /// assert_eq!(ctx.display(r).to_string(), "{3||2|1}");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn reduced_canonical_form(&mut self, g: GameId) -> Result<GameId> {
        if self.is_number(g) {
            return Ok(g);
        }
        if let Some(&r) = self.rcf_memo.get(&g) {
            return Ok(r);
        }
        self.step()?;
        let result = if self.left_stop(g) == self.right_stop(g) {
            // infinitely close to its stop
            let x = self.left_stop(g);
            self.number(x)
        } else {
            let mut left = Vec::new();
            for l in self.lopts(g).to_vec() {
                left.push(self.reduced_canonical_form(l)?);
            }
            let mut right = Vec::new();
            for r in self.ropts(g).to_vec() {
                right.push(self.reduced_canonical_form(r)?);
            }
            self.inf_prune(g, left, right)?
        };
        self.rcf_memo.insert(g, result);
        Ok(result)
    }

    /// Removes options dominated modulo infinitesimals and bypasses those reversible
    /// modulo infinitesimals, comparing with `g` (equal to `{left|right}` modulo Inf).
    fn inf_prune(
        &mut self,
        g: GameId,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
    ) -> Result<GameId> {
        loop {
            normalize(&mut left, &mut right);
            let changed_left = self.inf_bypass_side(g, &mut left, true)?;
            let changed = self.inf_bypass_side(g, &mut right, false)? || changed_left;
            if !changed {
                break;
            }
        }
        normalize(&mut left, &mut right);
        // Options dominated modulo Inf (of options equal modulo Inf, one is kept).
        self.retain_undominated(&mut left, |ctx, a, b| ctx.ge_mod_infinitesimals(b, a))?;
        self.retain_undominated(&mut right, |ctx, a, b| ctx.ge_mod_infinitesimals(a, b))?;
        self.construct(left, right)
    }

    /// Bypasses options reversible modulo infinitesimals on one side: a Left option
    /// with some `G^LR ≤ G` (mod Inf) is replaced by the reduced Left options of
    /// `G^LR`, and symmetrically for Right.
    fn inf_bypass_side(
        &mut self,
        g: GameId,
        opts: &mut Vec<GameId>,
        on_left: bool,
    ) -> Result<bool> {
        let reversible = |ctx: &mut Context, x: GameId| {
            if on_left { ctx.ge_mod_infinitesimals(g, x) } else { ctx.ge_mod_infinitesimals(x, g) }
        };
        self.bypass_options(opts, on_left, reversible, Context::reduced_canonical_form)
    }
}
