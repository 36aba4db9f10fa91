//! Birthdays: the day on which a game is born.

use crate::context::{Context, GameId};

impl Context {
    /// The birthday of `g`: 0 for `0`, `|n|` for an integer, `⌊|x|⌋ + 1 + k` for
    /// `x = m/2^k` (m odd, k ≥ 1), otherwise one more than the latest option's.
    ///
    /// # Examples
    /// ```
    /// use go_cgt::Context;
    /// let mut ctx = Context::new();
    /// let g = ctx.parse("{3||2*|1*}")?;
    /// assert_eq!(ctx.birthday(g), 5);
    /// # Ok::<_, go_cgt::ParseError>(())
    /// ```
    pub fn birthday(&mut self, g: GameId) -> u64 {
        if let Some(x) = self.as_number(g) {
            let whole = x.floor().unsigned_abs().min(x.ceil().unsigned_abs());
            return if x.is_integer() { whole } else { whole + 1 + u64::from(x.exponent()) };
        }
        if let Some(&b) = self.birthday_memo.get(&g) {
            return b;
        }
        let opts: Vec<GameId> = self.lopts(g).iter().chain(self.ropts(g)).copied().collect();
        let b = 1 + opts.into_iter().map(|o| self.birthday(o)).max().unwrap_or(0);
        self.birthday_memo.insert(g, b);
        b
    }
}
