//! Sums with closed forms: the n-ary sum [`Context::sum_all`], sums of switches,
//! and a nimber added to a game whose incentives dominate the nimber's.

use crate::context::{Context, GameId};
use crate::dyadic::Dyadic;
use crate::error::Result;
use crate::hash::IdMap;

/// The smallest nimber `*n` for which [`Context::sum_rec`] tries the incentive
/// closed form first (for smaller ones the general sum is as cheap).
pub(crate) const NIMBER_SHORTCUT_FROM: u32 = 4;

/// The largest far star of an incentive for which the closed form is tried (each
/// nimber below it is compared separately).
const FAR_STAR_MAX: u32 = 64;

impl Context {
    /// The sum of all `games` (0 for none), computed as a whole:
    ///
    /// - numbers and the number parts of `x + ↑n + *m` forms add up; the `↑n + *m`
    ///   parts add up in closed form (ups add, nimbers XOR) and are added last;
    /// - switches `{a | b}` (numbers `a > b`) are `(a + b)/2 ± (a − b)/2`; two
    ///   switches of the same temperature cancel (`±t ± t = 0`), and when nothing
    ///   else is left the sum of switches of distinct temperatures
    ///   `t₁ > t₂ > … > tₖ` is built in its canonical form
    ///   `x ± t₁ ± t₂ … = {x + t₁ ± t₂ … | x − t₁ ± t₂ …}` directly (Left and Right
    ///   play the hottest switch), without comparisons;
    /// - the other games are added one at a time, coldest first, starting from the
    ///   number.
    ///
    /// The result is the same canonical game as adding the games one by one with
    /// [`Context::sum`]; as there, the depth limit applies to each partial sum, not
    /// to the sum of all the depths (`*` added 2001 times is `*`).
    ///
    /// # Errors
    /// [`Error::TooDeep`](crate::Error::TooDeep) if the sum would be deeper than the
    /// depth limit; [`Error::Overflow`](crate::Error::Overflow) if a number leaves
    /// the exact range; [`Error::LimitExceeded`](crate::Error::LimitExceeded) at the
    /// context's limits.
    ///
    /// # Examples
    /// ```
    /// use go_cgt::Context;
    /// let mut ctx = Context::new();
    /// let parts: Vec<_> = (1..=60).map(|i| ctx.parse(&format!("+-{i}")).unwrap()).collect();
    /// let total = ctx.sum_all(&parts)?;
    /// assert_eq!((ctx.left_stop(total), ctx.right_stop(total)), (30.into(), (-30).into()));
    /// # Ok::<_, go_cgt::Error>(())
    /// ```
    pub fn sum_all(&mut self, games: &[GameId]) -> Result<GameId> {
        if !self.closed_forms {
            return games.iter().try_fold(self.zero(), |acc, &g| self.sum(acc, g));
        }
        let mut x = Dyadic::ZERO;
        let (mut ups, mut nimber) = (0i32, 0u32);
        let mut temps: Vec<Dyadic> = Vec::new();
        let mut rest: Vec<(Dyadic, GameId)> = Vec::new();
        for &g in games {
            if let Some(t) = self.as_nus(g) {
                x = x.checked_add(t.number)?;
                ups = ups.checked_add(t.ups).ok_or(crate::Error::Overflow)?;
                nimber ^= t.nimber;
            } else if let Some((a, b)) = self.as_switch(g) {
                // {a|b} = (a + b)/2 ± (a − b)/2
                x = x.checked_add(a.checked_add(b)?.half()?)?;
                temps.push(a.checked_sub(b)?.half()?);
            } else {
                rest.push((self.temperature(g)?, g));
            }
        }
        // ±t ± t = 0
        temps.sort_unstable_by(|a, b| b.cmp(a));
        let mut distinct: Vec<Dyadic> = Vec::with_capacity(temps.len());
        for t in temps {
            if distinct.last() == Some(&t) {
                distinct.pop();
            } else {
                distinct.push(t);
            }
        }
        let infinitesimal = self.nus(Dyadic::ZERO, ups, nimber)?;
        let acc = if rest.is_empty() {
            self.switch_sum(&distinct, x)?
        } else {
            // coldest first, switches included (as canonical switches around 0)
            for &t in &distinct {
                let (hi, lo) = (self.number(t), self.number(-t));
                let g = self.intern_general(vec![hi], vec![lo])?;
                rest.push((t, g));
            }
            rest.sort_unstable();
            let mut acc = self.number(x);
            for (_, g) in rest {
                acc = self.sum(acc, g)?;
            }
            acc
        };
        self.sum(acc, infinitesimal)
    }

    /// `(a, b)` if `g = {a | b}` with numbers `a > b`.
    pub(crate) fn as_switch(&self, g: GameId) -> Option<(Dyadic, Dyadic)> {
        if self.as_nus(g).is_some() {
            return None;
        }
        match (self.lopts(g), self.ropts(g)) {
            (&[l], &[r]) => {
                let (a, b) = (self.as_number(l)?, self.as_number(r)?);
                (a > b).then_some((a, b))
            }
            _ => None,
        }
    }

    /// `x ± t₁ ± t₂ …` for distinct temperatures `t₁ > t₂ > … > 0`, in canonical
    /// form: `C(k, y) = {C(k + 1, y + tₖ) | C(k + 1, y − tₖ)}`, `C(end, y) = y`.
    ///
    /// Canonical because moving in the hottest switch dominates moving in another
    /// (`tᵢ + ±tⱼ − ±tᵢ − tⱼ = {2tᵢ | 0} + {0 | −2tⱼ} ≥ 0` for `tᵢ > tⱼ`), and no
    /// option is reversible (`G − (x + tₖ − tₖ₊₁ + …) = {0 | −2tₖ} + {2tₖ₊₁ | 0}`,
    /// which Right moving first wins).
    fn switch_sum(&mut self, temps: &[Dyadic], x: Dyadic) -> Result<GameId> {
        self.check_depth(u32::try_from(temps.len()).unwrap_or(u32::MAX))?;
        let mut memo = IdMap::default();
        self.switch_sum_rec(temps, x, &mut memo)
    }

    fn switch_sum_rec(
        &mut self,
        temps: &[Dyadic],
        x: Dyadic,
        memo: &mut IdMap<(usize, Dyadic), GameId>,
    ) -> Result<GameId> {
        let Some((&t, colder)) = temps.split_first() else { return Ok(self.number(x)) };
        if let Some(&g) = memo.get(&(temps.len(), x)) {
            return Ok(g);
        }
        self.step()?;
        let l = self.switch_sum_rec(colder, x.checked_add(t)?, memo)?;
        let r = self.switch_sum_rec(colder, x.checked_sub(t)?, memo)?;
        let g = self.intern_general(vec![l], vec![r])?;
        memo.insert((temps.len(), x), g);
        Ok(g)
    }

    /// `g + *n` as `{g^L + *n | g^R + *n}`, if the moves in `*n` are dominated: for
    /// every `m < n`, some Left incentive `g^L − g` is `≥ *(m ⊕ n)` (then
    /// `g^L + *n ≥ g + *m`), and some Right incentive `g − g^R` too. `None` if that
    /// cannot be shown cheaply (then the general sum decides).
    #[inline(never)]
    pub(crate) fn nimber_translate(&mut self, g: GameId, n: u32) -> Result<Option<GameId>> {
        // The incentives are sums too: they are computed without this shortcut, so
        // that checking it never nests another check.
        if self.checking_nimber {
            return Ok(None);
        }
        self.checking_nimber = true;
        let dominated = self.nimber_moves_dominated(g, n);
        self.checking_nimber = false;
        if !dominated? {
            return Ok(None);
        }
        let star = self.nimber(n)?;
        let (lo, ro) = (self.lopts(g).to_vec(), self.ropts(g).to_vec());
        let mut left = Vec::with_capacity(lo.len());
        for o in lo {
            left.push(self.sum_rec(o, star)?);
        }
        let mut right = Vec::with_capacity(ro.len());
        for o in ro {
            right.push(self.sum_rec(o, star)?);
        }
        self.construct(left, right).map(Some)
    }

    /// Whether every move in `*n` of `g + *n` is dominated by a move in `g` (see
    /// [`Context::nimber_translate`]); `false` when that cannot be shown cheaply.
    fn nimber_moves_dominated(&mut self, g: GameId, n: u32) -> Result<bool> {
        for left in [true, false] {
            let incentives = match self.incentives_memo(g, left) {
                Ok(list) => list,
                // g^L − g may be too deep where g + *n is not: the general sum decides
                Err(crate::Error::TooDeep { .. }) => return Ok(false),
                Err(e) => return Err(e),
            };
            // for each incentive: its far star N, and whether *N ≤ it (then *j ≤ it
            // for every j ≥ N)
            let mut checks = Vec::with_capacity(incentives.len());
            for &d in incentives.iter() {
                let far = self.far_star(d)?;
                let Some(bound) = self.as_nus(far).map(|t| t.nimber) else { return Ok(false) };
                if bound > FAR_STAR_MAX {
                    return Ok(false);
                }
                let large = self.le(far, d)?;
                checks.push((d, bound, large));
            }
            for m in 0..n {
                let j = m ^ n;
                let mut dominated = false;
                for &(d, bound, large) in &checks {
                    let ok = if j >= bound {
                        large
                    } else {
                        let star = self.nimber(j)?;
                        self.le(star, d)?
                    };
                    if ok {
                        dominated = true;
                        break;
                    }
                }
                if !dominated {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// Left's incentives `g^L − g` (if `left`) or Right's `g − g^R`, memoised.
    pub(crate) fn incentives_memo(&mut self, g: GameId, left: bool) -> Result<Box<[GameId]>> {
        if let Some(list) = self.incentive_memo.get(&(g, left)) {
            return Ok(list.clone());
        }
        let opts = if left { self.left_options(g) } else { self.right_options(g) };
        let mut out = Vec::with_capacity(opts.len());
        for o in opts {
            out.push(if left { self.difference(o, g)? } else { self.difference(g, o)? });
        }
        out.sort_unstable();
        out.dedup();
        let list: Box<[GameId]> = out.into_boxed_slice();
        self.incentive_bytes += list.len() * size_of::<GameId>();
        self.incentive_memo.insert((g, left), list.clone());
        Ok(list)
    }
}

#[cfg(test)]
mod tests {
    use crate::context::Context;
    use crate::testgen::Games;

    /// `expr` evaluated with the closed forms, and in a context without them.
    fn both(expr: &str) -> (String, String) {
        let mut fast = Context::new();
        let g = fast.parse(expr).unwrap();
        let mut general = Context::new();
        general.closed_forms = false;
        let h = general.parse(expr).unwrap();
        (fast.display(g).to_string(), general.display(h).to_string())
    }

    #[test]
    fn switch_sums_match_the_general_sum() {
        for spec in [
            vec!["{1|-1}", "{2|-2}", "{3|-3}"],
            vec!["{3|0}", "{5|-1}", "{7|-2}", "{1/2|-1/2}"],
            vec!["+-1", "+-1", "+-2"],
            vec!["+-1", "+-1"],
            vec!["{3|1}", "{5|3}", "{2|-2}", "1/4", "*", "^"],
            vec!["{3|1}", "{5|3}", "{4|0}", "{2|1}", "*3"],
            vec!["{3|1}", "{5|3}", "{3||2|1}", "-2"],
        ] {
            let (fast, general) = both(&spec.join(" + "));
            assert_eq!(fast, general, "{spec:?}");
        }
    }

    #[test]
    fn nimber_closed_form_matches_the_general_sum() {
        for g in ["+-1", "{3|1}", "{2|0}", "{3||2|1}", "{1|0}+{1/2|0}", "+-(1,{2|0})", "Tiny(1)"] {
            for n in 1..12 {
                let (fast, general) = both(&format!("({g}) + *{n}"));
                assert_eq!(fast, general, "{g} + *{n}");
                // the closed form itself, also below the threshold
                let mut ctx = Context::new();
                let h = ctx.parse(g).unwrap();
                if let Some(r) = ctx.nimber_translate(h, n).unwrap() {
                    assert_eq!(ctx.display(r).to_string(), general, "{g} + *{n}");
                }
            }
        }
        // it applies to a switch
        let mut ctx = Context::new();
        let g = ctx.parse("+-1").unwrap();
        assert!(ctx.nimber_translate(g, 5).unwrap().is_some());
    }

    /// The closed forms give the canonical form the general sum gives, on random
    /// sums of small games, switches (with repeated temperatures), numbers, ups and
    /// nimbers.
    #[test]
    fn random_sums_match_the_general_sum() {
        let mut rng = Games(0x9e37_79b9_7f4a_7c15);
        for _ in 0..300 {
            let mut parts = Vec::new();
            for _ in 0..rng.below(4) {
                parts.push(rng.game(3));
            }
            for _ in 0..rng.below(6) {
                parts.push(rng.switch());
            }
            for _ in 0..rng.below(3) {
                parts.push(
                    ["*", "*2", "*5", "^", "v*", "3/4", "-2"][rng.below(7) as usize].to_owned(),
                );
            }
            if parts.is_empty() {
                continue;
            }
            let expr = parts.join(" + ");
            let (fast, general) = both(&expr);
            assert_eq!(fast, general, "{expr}");
        }
    }

    /// The nimber closed form, where it applies, is the general sum; it applies
    /// often enough on random games to be tested.
    #[test]
    fn random_nimber_translations_match_the_general_sum() {
        let mut rng = Games(0x2545_f491_4f6c_dd1d);
        let mut applied = 0;
        for _ in 0..150 {
            let g = rng.game(3);
            let n = 1 + rng.below(9) as u32;
            let mut general = Context::new();
            general.closed_forms = false;
            let gg = general.parse(&g).unwrap();
            let star = general.nimber(n).unwrap();
            let expected = general.sum(gg, star).unwrap();
            let mut ctx = Context::new();
            let h = ctx.parse(&g).unwrap();
            if ctx.is_number(h) || ctx.as_nus(h).is_some() {
                continue;
            }
            if let Some(r) = ctx.nimber_translate(h, n).unwrap() {
                applied += 1;
                assert_eq!(
                    ctx.display(r).to_string(),
                    general.display(expected).to_string(),
                    "{g} + *{n}"
                );
            }
        }
        assert!(applied >= 20, "the closed form applied only {applied} times");
    }
}
