//! A sum kept as its components, whose outcome is found by search.

use crate::context::{Context, GameId, Outcome};
use crate::dyadic::Dyadic;
use crate::error::Result;
use crate::hash::IdMap;

/// A sum of games kept as a multiset of components.
///
/// The canonical form of a sum can be exponentially larger than its parts (twelve
/// switches of distinct temperatures give a 20 KB canonical form). `LazySum` answers
/// outcome questions by searching the sum of the components instead:
///
/// - **number avoidance**: numbers are added up and never moved in while another
///   component is not a number;
/// - **temperature ordering**: the hottest component is tried first (for sums of
///   switches it is the best move), and inside a component the option with the
///   best stop for the mover;
/// - **thermograph bounds**: means add up and the temperature of a sum is at most
///   its hottest part's, so the stops of the sum lie within `Σ mean ± max
///   temperature` and within the sums of the parts' stops; a position whose bounds
///   already decide the question is not searched;
/// - **signs**: a sum of parts that are all `≥ 0` is `≥ 0` (and `> 0` if one part
///   is), and a part cancels its negative (`G + (−G) = 0`);
/// - a transposition table, and an exact finish by comparison once at most two
///   components are left.
///
/// # Examples
/// ```
/// use go_cgt::{Context, LazySum, Outcome};
/// let mut ctx = Context::new();
/// // Nakamura's race: 2* + 4↑ + (−7), compared with −1
/// let parts = ["2*", "4^", "-7", "1"].map(|s| ctx.parse(s).unwrap());
/// let sum = LazySum::new(parts.to_vec());
/// assert_eq!(sum.outcome(&mut ctx)?, Outcome::Next);
/// # Ok::<_, go_cgt::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LazySum {
    components: Vec<GameId>,
}

impl LazySum {
    /// The sum of `components`.
    pub fn new(mut components: Vec<GameId>) -> LazySum {
        components.sort_unstable();
        LazySum { components }
    }

    /// Adds a component.
    pub fn push(&mut self, g: GameId) {
        let at = self.components.partition_point(|&c| c <= g);
        self.components.insert(at, g);
    }

    /// The components, sorted by id.
    pub fn components(&self) -> &[GameId] {
        &self.components
    }

    /// The canonical form of the whole sum (may be large; prefer the questions below).
    ///
    /// # Errors
    /// As [`Context::sum_all`].
    pub fn canonical(&self, ctx: &mut Context) -> Result<GameId> {
        ctx.sum_all(&self.components)
    }

    /// The mean of the sum (means are additive).
    ///
    /// # Errors
    /// As [`Context::mean`].
    pub fn mean(&self, ctx: &mut Context) -> Result<Dyadic> {
        let mut m = Dyadic::ZERO;
        for &g in &self.components {
            m = m.checked_add(ctx.mean(g)?)?;
        }
        Ok(m)
    }

    /// The largest temperature of a component: an upper bound on the temperature of
    /// the sum.
    ///
    /// # Errors
    /// As [`Context::temperature`].
    pub fn temperature_bound(&self, ctx: &mut Context) -> Result<Dyadic> {
        let mut t = Dyadic::from(-1);
        for &g in &self.components {
            t = t.max(ctx.temperature(g)?);
        }
        Ok(t)
    }

    /// Whether Left wins the sum moving first.
    ///
    /// # Errors
    /// [`Error::Overflow`](crate::Error::Overflow) if the numbers add up out of range;
    /// [`Error::TooDeep`](crate::Error::TooDeep) if the search would nest deeper than
    /// the context's depth limit; [`Error::LimitExceeded`](crate::Error::LimitExceeded)
    /// at the context's limits (the search table counts towards the memory limit).
    pub fn left_wins_moving_first(&self, ctx: &mut Context) -> Result<bool> {
        Search::new(ctx).wins(&self.components, true)
    }

    /// Whether Right wins the sum moving first.
    ///
    /// # Errors
    /// As [`LazySum::left_wins_moving_first`].
    pub fn right_wins_moving_first(&self, ctx: &mut Context) -> Result<bool> {
        Search::new(ctx).wins(&self.components, false)
    }

    /// The outcome class of the sum, by search.
    ///
    /// # Errors
    /// As [`LazySum::left_wins_moving_first`].
    pub fn outcome(&self, ctx: &mut Context) -> Result<Outcome> {
        let mut s = Search::new(ctx);
        let l = s.wins(&self.components, true)?;
        let r = s.wins(&self.components, false)?;
        Ok(outcome_of(l, r))
    }

    /// The outcome, by a search of at most `max_nodes` positions; `None` if that
    /// was not enough (the caller then builds the canonical sum).
    pub(crate) fn outcome_within(
        &self,
        ctx: &mut Context,
        max_nodes: u64,
    ) -> Result<Option<Outcome>> {
        let mut s = Search::new(ctx);
        s.max_nodes = Some(max_nodes);
        let l = s.wins(&self.components, true)?;
        let r = s.wins(&self.components, false)?;
        Ok((!s.exhausted).then(|| outcome_of(l, r)))
    }
}

/// The outcome class from whether Left and Right win moving first.
pub(crate) fn outcome_of(left_wins: bool, right_wins: bool) -> Outcome {
    match (left_wins, right_wins) {
        (true, true) => Outcome::Next,
        (true, false) => Outcome::Left,
        (false, true) => Outcome::Right,
        (false, false) => Outcome::Previous,
    }
}

/// A position of the search: the non-number components (sorted) and the number.
type Key = (Vec<GameId>, Dyadic, bool);

/// What is known about a component, for bounds and move ordering.
#[derive(Clone, Copy)]
struct Facts {
    mean: Dyadic,
    /// The temperature, at least 0.
    heat: Dyadic,
    left_stop: Dyadic,
    right_stop: Dyadic,
    /// `g ≥ 0`, `g ≤ 0`.
    nonnegative: bool,
    nonpositive: bool,
}

struct Search<'a> {
    ctx: &'a mut Context,
    table: IdMap<Key, bool>,
    facts: IdMap<GameId, Facts>,
    /// Heap bytes of the table's keys.
    key_bytes: usize,
    nodes: u64,
    depth: u32,
    /// Stop after this many positions: then `exhausted` is set, and the answers
    /// are meaningless.
    max_nodes: Option<u64>,
    exhausted: bool,
}

impl<'a> Search<'a> {
    fn new(ctx: &'a mut Context) -> Self {
        Search {
            ctx,
            table: IdMap::default(),
            facts: IdMap::default(),
            key_bytes: 0,
            nodes: 0,
            depth: 0,
            max_nodes: None,
            exhausted: false,
        }
    }

    fn wins(&mut self, components: &[GameId], left: bool) -> Result<bool> {
        let mut games: Vec<GameId> = Vec::new();
        let mut x = Dyadic::ZERO;
        for &g in components {
            match self.ctx.as_number(g) {
                Some(v) => x = x.checked_add(v)?,
                None => {
                    // G + (−G) = 0: a part cancels its negative
                    let n = self.ctx.neg(g);
                    match games.iter().position(|&h| h == n) {
                        Some(i) => {
                            games.swap_remove(i);
                        }
                        None => games.push(g),
                    }
                }
            }
        }
        games.sort_unstable();
        self.wins_norm(games, x, left)
    }

    fn facts(&mut self, g: GameId) -> Result<Facts> {
        if let Some(&f) = self.facts.get(&g) {
            return Ok(f);
        }
        let zero = self.ctx.zero();
        let f = Facts {
            mean: self.ctx.mean(g)?,
            heat: self.ctx.temperature(g)?.max(Dyadic::ZERO),
            left_stop: self.ctx.left_stop(g),
            right_stop: self.ctx.right_stop(g),
            nonnegative: self.ctx.le(zero, g)?,
            nonpositive: self.ctx.le(g, zero)?,
        };
        self.facts.insert(g, f);
        Ok(f)
    }

    /// Whether the player moving first in `Σ games + x` wins, if the bounds on the
    /// stops or the signs of the parts decide it. Bounds that overflow decide
    /// nothing.
    fn decided(&mut self, games: &[GameId], x: Dyadic, left: bool) -> Result<Option<bool>> {
        let mut facts = Vec::with_capacity(games.len());
        for &g in games {
            facts.push(self.facts(g)?);
        }
        // signs: x + Σ parts ≥ 0 (Right moving first loses), > 0 (Left moving first
        // wins too), and symmetrically
        let all_ge = x >= Dyadic::ZERO && facts.iter().all(|f| f.nonnegative);
        let all_le = x <= Dyadic::ZERO && facts.iter().all(|f| f.nonpositive);
        if all_ge && all_le {
            // every part is 0: the player to move loses
            return Ok(Some(false));
        }
        if all_ge {
            // G ≥ 0 and G ≠ 0 (some part is not 0), so G > 0
            return Ok(Some(left));
        }
        if all_le {
            return Ok(Some(!left));
        }
        // R(G) ≥ lo, L(G) ≤ hi (from the stops of the parts, and from the additive
        // means and the temperature of the sum); L(G) ≥ left_lo, R(G) ≤ right_hi
        // (one part played to its stop, every other part to the opponent's stop).
        let bounds = || -> Result<[Dyadic; 4]> {
            let mut mean = x;
            let mut heat = Dyadic::ZERO;
            let (mut sum_l, mut sum_r) = (x, x);
            let mut width = Dyadic::ZERO;
            for f in &facts {
                mean = mean.checked_add(f.mean)?;
                heat = heat.max(f.heat);
                sum_l = sum_l.checked_add(f.left_stop)?;
                sum_r = sum_r.checked_add(f.right_stop)?;
                width = width.max(f.left_stop.checked_sub(f.right_stop)?);
            }
            let lo = mean.checked_sub(heat)?.max(sum_r);
            let hi = mean.checked_add(heat)?.min(sum_l);
            Ok([lo, hi, sum_r.checked_add(width)?, sum_l.checked_sub(width)?])
        };
        let Ok([lo, hi, left_lo, right_hi]) = bounds() else { return Ok(None) };
        // R(G) > 0: G > 0; L(G) < 0: G < 0 (Siegel, the stops theorem). L(G) > 0:
        // Left moving first wins; R(G) < 0: Right moving first wins.
        if lo > Dyadic::ZERO {
            return Ok(Some(left));
        }
        if hi < Dyadic::ZERO {
            return Ok(Some(!left));
        }
        if (left && left_lo > Dyadic::ZERO) || (!left && right_hi < Dyadic::ZERO) {
            return Ok(Some(true));
        }
        Ok(None)
    }

    /// Whether the player (`left` or Right) moving first wins `Σ games + x`.
    fn wins_norm(&mut self, games: Vec<GameId>, x: Dyadic, left: bool) -> Result<bool> {
        if games.len() <= 2 {
            // Exact finish: compare the canonical sum with −x.
            let s = self.ctx.sum_all(&games)?;
            let nx = self.ctx.number(-x);
            // Left moving first wins G + x iff not (G + x ≤ 0), i.e. not G ≤ −x.
            return Ok(if left { !self.ctx.le(s, nx)? } else { !self.ctx.le(nx, s)? });
        }
        let key = (games, x, left);
        if let Some(&w) = self.table.get(&key) {
            return Ok(w);
        }
        let (games, x, _) = key;
        if self.exhausted || self.max_nodes.is_some_and(|max| self.nodes >= max) {
            self.exhausted = true;
            return Ok(false);
        }
        self.ctx.step()?;
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) {
            let bytes = self.table.capacity() * (size_of::<(Key, bool)>() + 1)
                + self.facts.capacity() * (size_of::<(GameId, Facts)>() + 1)
                + self.key_bytes;
            self.ctx.check_resources(bytes)?;
        }
        let won = match self.decided(&games, x, left)? {
            Some(w) => w,
            None => self.search_moves(&games, x, left)?,
        };
        if self.exhausted {
            return Ok(false);
        }
        self.key_bytes += games.len() * size_of::<GameId>();
        self.table.insert((games, x, left), won);
        Ok(won)
    }

    /// Tries every move, hottest component first.
    fn search_moves(&mut self, games: &[GameId], x: Dyadic, left: bool) -> Result<bool> {
        self.depth += 1;
        self.ctx.check_depth(self.depth)?;
        let mut order: Vec<(Dyadic, usize)> = Vec::with_capacity(games.len());
        for (i, &g) in games.iter().enumerate() {
            if i > 0 && g == games[i - 1] {
                continue;
            }
            order.push((self.facts(g)?.heat, i));
        }
        // hottest first; ties in the order of the (sorted) components
        order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (_, i) in order {
            let mut opts = if left {
                self.ctx.lopts(games[i]).to_vec()
            } else {
                self.ctx.ropts(games[i]).to_vec()
            };
            // the option with the best stop for the mover (after the reply) first
            if left {
                opts.sort_by_key(|&o| core::cmp::Reverse(self.ctx.right_stop(o)));
            } else {
                opts.sort_by_key(|&o| self.ctx.left_stop(o));
            }
            for o in opts {
                let mut next = games.to_vec();
                let mut nx = x;
                match self.ctx.as_number(o) {
                    Some(v) => {
                        next.remove(i);
                        nx = nx.checked_add(v)?;
                    }
                    None => {
                        next[i] = o;
                        next.sort_unstable();
                    }
                }
                if !self.wins_norm(next, nx, !left)? {
                    self.depth -= 1;
                    return Ok(true);
                }
            }
        }
        self.depth -= 1;
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgen::Games;

    /// The search (with its bounds, signs and ordering) agrees with the outcome of
    /// the canonical sum on random sums of 3 to 7 parts: small games, switches,
    /// Tiny/Miny forms, ups and nimbers.
    #[test]
    fn random_lazy_outcomes_match_the_canonical_sum() {
        let mut rng = Games(0x51_7cc1_b727_220a);
        let mut decided_early = 0;
        for _ in 0..120 {
            let mut ctx = Context::new();
            let n = 3 + rng.below(5);
            let mut parts = Vec::new();
            for _ in 0..n {
                let text = match rng.below(5) {
                    0 | 1 => rng.game(2),
                    2 => rng.switch(),
                    3 => format!("Tiny({})", 1 + rng.below(3)),
                    _ => ["*", "^", "v*", "*2", "Miny(1)", "1/2"][rng.below(6) as usize].to_owned(),
                };
                parts.push(ctx.parse(&text).unwrap());
            }
            let total = ctx.sum_all(&parts).unwrap();
            let expected = ctx.outcome(total).unwrap();
            let lazy = LazySum::new(parts.clone());
            assert_eq!(lazy.outcome(&mut ctx).unwrap(), expected, "{}", {
                let shown: Vec<String> =
                    parts.iter().map(|&g| ctx.display(g).to_string()).collect();
                shown.join(" + ")
            });
            let mut s = Search::new(&mut ctx);
            let mut games: Vec<GameId> =
                parts.iter().copied().filter(|&g| s.ctx.as_number(g).is_none()).collect();
            games.sort_unstable();
            if games.len() > 2 && s.decided(&games, Dyadic::ZERO, true).unwrap().is_some() {
                decided_early += 1;
            }
        }
        assert!(decided_early >= 10, "the bounds decided only {decided_early} roots");
    }

    /// Sixty switches and forty Tiny forms: decided at once by the thermograph and
    /// sign bounds after the hottest move.
    #[test]
    fn issue_10_large_lazy_sums_are_decided_by_bounds() {
        let mut ctx = Context::new();
        let switches: Vec<GameId> =
            (1..=60).map(|i| ctx.parse(&format!("{{{}|{}}}", 2 * i + 3, -i)).unwrap()).collect();
        let lazy = LazySum::new(switches.clone());
        assert_eq!(lazy.outcome(&mut ctx).unwrap(), Outcome::Left);
        let total = ctx.sum_all(&switches).unwrap();
        assert_eq!(ctx.outcome(total).unwrap(), Outcome::Left);
        let symmetric: Vec<GameId> =
            (1..=60).map(|i| ctx.parse(&format!("+-{i}")).unwrap()).collect();
        assert_eq!(LazySum::new(symmetric).outcome(&mut ctx).unwrap(), Outcome::Next);
        let tinies: Vec<GameId> =
            (1..=40).map(|i| ctx.parse(&format!("Tiny({i})")).unwrap()).collect();
        assert_eq!(LazySum::new(tinies.clone()).outcome(&mut ctx).unwrap(), Outcome::Left);
        let mut mixed = tinies;
        mixed.push(ctx.parse("Miny(1/2)").unwrap());
        // Tiny(1/2) cancels Miny(1/2); the rest is positive
        mixed.push(ctx.parse("Tiny(1/2)").unwrap());
        assert_eq!(LazySum::new(mixed).outcome(&mut ctx).unwrap(), Outcome::Left);
    }
}
