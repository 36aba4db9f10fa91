//! A sum kept as its components, whose outcome is found by search.

use crate::context::{Context, GameId, Outcome};
use crate::dyadic::Dyadic;
use crate::error::Result;
use crate::hash::IdMap;

/// A sum of games kept as a multiset of components.
///
/// The canonical form of a sum can be exponentially larger than its parts (twelve
/// switches of distinct temperatures give a 20 KB canonical form). `LazySum` answers
/// outcome questions by searching the sum of the components instead, with a
/// transposition table, number avoidance (never move in a number while another
/// component is not one) and an exact finish by comparison once at most two
/// components are left. Means add up and temperatures are bounded by the parts'.
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
    /// As [`Context::sum`].
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
    /// [`Error::TooDeep`](crate::Error::TooDeep) if
    /// the search would nest deeper than the context's depth limit.
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
        Ok(match (l, r) {
            (true, true) => Outcome::Next,
            (true, false) => Outcome::Left,
            (false, true) => Outcome::Right,
            (false, false) => Outcome::Previous,
        })
    }
}

/// A position of the search: the non-number components (sorted) and the number.
type Key = (Vec<GameId>, Dyadic, bool);

struct Search<'a> {
    ctx: &'a mut Context,
    table: IdMap<Key, bool>,
    depth: u32,
}

impl<'a> Search<'a> {
    fn new(ctx: &'a mut Context) -> Self {
        Search { ctx, table: IdMap::default(), depth: 0 }
    }

    fn wins(&mut self, components: &[GameId], left: bool) -> Result<bool> {
        let mut games = Vec::new();
        let mut x = Dyadic::ZERO;
        for &g in components {
            match self.ctx.as_number(g) {
                Some(v) => x = x.checked_add(v)?,
                None => games.push(g),
            }
        }
        games.sort_unstable();
        self.wins_norm(games, x, left)
    }

    /// Whether the player (`left` or Right) moving first wins `Σ games + x`.
    fn wins_norm(&mut self, games: Vec<GameId>, x: Dyadic, left: bool) -> Result<bool> {
        if games.len() <= 2 {
            // Exact finish: compare the canonical sum with −x.
            let s = self.ctx.sum_all(&games)?;
            let nx = self.ctx.number(-x);
            // Left moving first wins G + x iff not (G + x ≤ 0), i.e. not G ≤ −x.
            return Ok(if left { !self.ctx.le(s, nx) } else { !self.ctx.le(nx, s) });
        }
        let key = (games, x, left);
        if let Some(&w) = self.table.get(&key) {
            return Ok(w);
        }
        let (games, x, _) = key;
        self.depth += 1;
        self.ctx.check_depth(self.depth)?;
        let mut won = false;
        'outer: for i in 0..games.len() {
            if i > 0 && games[i] == games[i - 1] {
                continue;
            }
            let opts = if left {
                self.ctx.lopts(games[i]).to_vec()
            } else {
                self.ctx.ropts(games[i]).to_vec()
            };
            for o in opts {
                let mut next = games.clone();
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
                    won = true;
                    break 'outer;
                }
            }
        }
        self.depth -= 1;
        self.table.insert((games, x, left), won);
        Ok(won)
    }
}
