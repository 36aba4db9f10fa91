//! Reduced canonical form: the simplest game infinitesimally close to a game.

use crate::context::{Context, GameId};
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
            left.sort_unstable();
            left.dedup();
            right.sort_unstable();
            right.dedup();
            let mut changed = false;
            // Inf-reversible Left options: some G^LR ≤ G mod Inf, replaced by G^LRL (reduced).
            let mut i = 0;
            while i < left.len() {
                let mut rev = None;
                for lr in self.right_options(left[i]) {
                    if self.ge_mod_infinitesimals(g, lr)? {
                        rev = Some(lr);
                        break;
                    }
                }
                if let Some(lr) = rev {
                    left.swap_remove(i);
                    for x in self.left_options(lr) {
                        left.push(self.reduced_canonical_form(x)?);
                    }
                    changed = true;
                } else {
                    i += 1;
                }
            }
            let mut i = 0;
            while i < right.len() {
                let mut rev = None;
                for rl in self.left_options(right[i]) {
                    if self.ge_mod_infinitesimals(rl, g)? {
                        rev = Some(rl);
                        break;
                    }
                }
                if let Some(rl) = rev {
                    right.swap_remove(i);
                    for x in self.right_options(rl) {
                        right.push(self.reduced_canonical_form(x)?);
                    }
                    changed = true;
                } else {
                    i += 1;
                }
            }
            if !changed {
                break;
            }
        }
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        // Inf-dominated options (keep one of options equal modulo Inf: the first).
        let left = self.inf_undominated(&left, true)?;
        let right = self.inf_undominated(&right, false)?;
        self.construct(left, right)
    }

    fn inf_undominated(&mut self, opts: &[GameId], left: bool) -> Result<Vec<GameId>> {
        let mut keep = vec![true; opts.len()];
        for i in 0..opts.len() {
            for j in 0..opts.len() {
                if i == j || !keep[j] {
                    continue;
                }
                // For Left, o_i is dominated if o_j ≥ o_i mod Inf; for Right if o_j ≤ o_i.
                let dominated = if left {
                    self.ge_mod_infinitesimals(opts[j], opts[i])?
                } else {
                    self.ge_mod_infinitesimals(opts[i], opts[j])?
                };
                if dominated {
                    keep[i] = false;
                    break;
                }
            }
        }
        Ok(opts.iter().zip(keep).filter(|(_, k)| *k).map(|(&o, _)| o).collect())
    }
}
