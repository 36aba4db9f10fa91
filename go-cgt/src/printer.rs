//! The printer of CGSuite's notation (ASCII, or Unicode with ↑ ↓ ⇑ ⇓ ½ ±), and the
//! length of a printed form computed without printing it.

use crate::context::{Context, GameId, Nus};
use crate::dyadic::Dyadic;
use crate::error::{Error, Result};
use crate::hash::IdMap;
use crate::limits::Limit;
use core::cell::RefCell;
use core::fmt;

impl Context {
    /// Displays `g` in CGSuite's ASCII notation (use [`GameDisplay::unicode`] for
    /// ↑ ↓ ⇑ ⇓ ½ ±). `parse(display(g))` gives `g` back.
    ///
    /// The printed form of a game whose options share followers is a tree, and can
    /// be exponentially longer than the game's arena (`heat(*20, 1)` prints 1.6 GB):
    /// [`GameDisplay::try_to_string`] refuses forms longer than the context's
    /// [`Limits::output`](crate::Limits::output), and [`GameDisplay::printed_len`]
    /// gives the length without printing.
    pub fn display(&self, g: GameId) -> GameDisplay<'_> {
        GameDisplay { ctx: self, game: g, unicode: false }
    }
}

/// A game ready to be printed; see [`Context::display`].
#[derive(Clone, Copy, Debug)]
pub struct GameDisplay<'a> {
    ctx: &'a Context,
    game: GameId,
    unicode: bool,
}

impl GameDisplay<'_> {
    /// Uses ↑ ↓ ⇑ ⇓ ½ ± instead of `^ v ^^ vv 1/2 +-`.
    #[must_use]
    pub fn unicode(mut self) -> Self {
        self.unicode = true;
        self
    }

    /// The length in bytes of the printed form, computed in time linear in the
    /// number of followers of the game (saturating at `usize::MAX`).
    pub fn printed_len(&self) -> usize {
        Printer::new(self.ctx, self.unicode).text_len(self.game, false)
    }

    /// The printed form, if it is at most the context's
    /// [`Limits::output`](crate::Limits::output) bytes long.
    ///
    /// # Errors
    /// [`Error::LimitExceeded`] with [`Limit::Output`] if it is longer (checked
    /// before anything is printed).
    ///
    /// # Examples
    /// ```
    /// use go_cgt::{Context, Error, Limit, Limits};
    /// let mut ctx = Context::with_limits(Limits::default().output(1000));
    /// let g = ctx.parse("heat(*20, 1)")?;
    /// assert!(ctx.display(g).printed_len() > 1_000_000_000);
    /// assert_eq!(ctx.display(g).try_to_string(), Err(Error::LimitExceeded(Limit::Output(1000))));
    /// # Ok::<_, go_cgt::ParseError>(())
    /// ```
    pub fn try_to_string(&self) -> Result<String> {
        let p = Printer::new(self.ctx, self.unicode);
        let len = p.text_len(self.game, false);
        if let Some(max) = self.ctx.limits().output
            && len > max
        {
            return Err(Error::LimitExceeded(Limit::Output(max)));
        }
        let text = p.text(self.game, false).1;
        debug_assert_eq!(text.len(), len, "printed_len is exact");
        Ok(text)
    }
}

impl fmt::Display for GameDisplay<'_> {
    /// Prints the whole form, however long (see [`GameDisplay::try_to_string`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = Printer::new(self.ctx, self.unicode);
        f.write_str(&p.text(self.game, false).1)
    }
}

/// The forms printed without braces.
#[derive(Clone, Copy)]
enum Special {
    /// `x + ↑n + *m`, already negated if asked.
    Nus(Nus),
    /// `Tiny(h)` or `Miny(h)`: the name, and `h` as (game, negate).
    Tiny { name: &'static str, h: GameId, h_neg: bool },
    /// `±(a, b, …)` over the Left options (its own negative).
    PlusMinus,
}

struct Printer<'a> {
    ctx: &'a Context,
    unicode: bool,
    negates: RefCell<IdMap<(GameId, GameId), bool>>,
    text_lens: RefCell<IdMap<(GameId, bool), usize>>,
    bare_lens: RefCell<IdMap<(GameId, bool), (usize, usize)>>,
}

/// Sort key of an option in a printed list: numbers, then NUS, then the rest.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Number(Dyadic),
    Nus(Dyadic, i32, u32),
    /// Other games by depth (then by text).
    Other(u32),
}

impl<'a> Printer<'a> {
    fn new(ctx: &'a Context, unicode: bool) -> Self {
        Printer {
            ctx,
            unicode,
            negates: RefCell::default(),
            text_lens: RefCell::default(),
            bare_lens: RefCell::default(),
        }
    }

    fn number(&self, x: Dyadic, out: &mut String) {
        if self.unicode && x.exponent() == 1 {
            let whole = x.numerator().abs() / 2;
            if x.numerator() < 0 {
                out.push('-');
            }
            if whole != 0 {
                out.push_str(&whole.to_string());
            }
            out.push('½');
        } else {
            out.push_str(&x.to_string());
        }
    }

    fn nus(&self, t: Nus, out: &mut String) {
        if t.number != Dyadic::ZERO || (t.ups == 0 && t.nimber == 0) {
            self.number(t.number, out);
        }
        let (up, down, dup, ddown) =
            if self.unicode { ("↑", "↓", "⇑", "⇓") } else { ("^", "v", "^^", "vv") };
        match t.ups {
            0 => {}
            1 => out.push_str(up),
            -1 => out.push_str(down),
            2 => out.push_str(dup),
            -2 => out.push_str(ddown),
            n if n > 0 => {
                out.push_str(up);
                out.push_str(&n.to_string());
            }
            n => {
                out.push_str(down);
                out.push_str(&n.unsigned_abs().to_string());
            }
        }
        match t.nimber {
            0 => {}
            1 => out.push('*'),
            m => {
                out.push('*');
                out.push_str(&m.to_string());
            }
        }
    }

    /// Which special form `g` (or `−g` if `neg`) prints as, if any.
    fn special(&self, g: GameId, neg: bool) -> Option<Special> {
        let c = self.ctx;
        if let Some(mut t) = c.as_nus(g) {
            if neg {
                t.number = -t.number;
                t.ups = -t.ups;
            }
            return Some(Special::Nus(t));
        }
        let (l, r) = (c.lopts(g), c.ropts(g));
        // Tiny(G) = {0 || 0 | -G} and Miny(G) = {G | 0 || 0}, for G with a positive
        // right stop; the negative of one is the other with the same G.
        if let (&[a], &[b]) = (l, r) {
            for (zero_side, inner, tiny) in [(a, b, true), (b, a, false)] {
                if zero_side != c.zero() || c.as_nus(inner).is_some() {
                    continue;
                }
                let (z, h) = if tiny {
                    (c.lopts(inner), c.ropts(inner))
                } else {
                    (c.ropts(inner), c.lopts(inner))
                };
                if let (&[z], &[h]) = (z, h)
                    && z == c.zero()
                {
                    let positive = if tiny { -c.left_stop(h) } else { c.right_stop(h) };
                    if positive > Dyadic::ZERO {
                        let name = if tiny != neg { "Tiny" } else { "Miny" };
                        return Some(Special::Tiny { name, h, h_neg: tiny });
                    }
                }
            }
        }
        // ±(a, b) = {a, b | -a, -b}, its own negative
        if l.len() == r.len() && l.iter().all(|&x| r.iter().any(|&y| self.negates(x, y))) {
            return Some(Special::PlusMinus);
        }
        None
    }

    /// Whether `b = −a`, structurally (canonical forms are unique); memoised, so
    /// linear in the followers.
    fn negates(&self, a: GameId, b: GameId) -> bool {
        let c = self.ctx;
        if let Some(n) = c.cached_neg(a) {
            return n == b;
        }
        match (c.as_nus(a), c.as_nus(b)) {
            (Some(s), Some(t)) => {
                return s.number == -t.number && s.ups == -t.ups && s.nimber == t.nimber;
            }
            (Some(_), None) | (None, Some(_)) => return false,
            _ => {}
        }
        // −a has the negated stops of a, and its depth
        if c.left_stop(b) != -c.right_stop(a)
            || c.right_stop(b) != -c.left_stop(a)
            || c.depth(a) != c.depth(b)
        {
            return false;
        }
        if let Some(&r) = self.negates.borrow().get(&(a, b)) {
            return r;
        }
        let (al, ar, bl, br) = (c.lopts(a), c.ropts(a), c.lopts(b), c.ropts(b));
        let r = al.len() == br.len()
            && ar.len() == bl.len()
            && al.iter().all(|&x| br.iter().any(|&y| self.negates(x, y)))
            && ar.iter().all(|&x| bl.iter().any(|&y| self.negates(x, y)));
        self.negates.borrow_mut().insert((a, b), r);
        r
    }

    /// Whether `g` prints as a NUS with at most one part and no sign, or not as a NUS
    /// (an operand of `±` that needs no parentheses).
    fn simple_operand(&self, g: GameId) -> bool {
        match self.ctx.as_nus(g) {
            Some(t) => {
                let parts = usize::from(t.number != Dyadic::ZERO)
                    + usize::from(t.ups != 0)
                    + usize::from(t.nimber != 0);
                parts <= 1 && t.number >= Dyadic::ZERO
            }
            None => true,
        }
    }

    /// Whether the single option `o` may be written without braces (CGSuite's style:
    /// `{3||2|1}`, `{2||0,+-2|-4}` but `{5|{4,{5|4}|3}}`): the side of `o` next to the
    /// parent's separator (its right side if `adjacent_right`) must print no braces.
    fn braceless(&self, o: GameId, neg: bool, adjacent_right: bool) -> bool {
        if self.special(o, false).is_some() {
            return true;
        }
        let c = self.ctx;
        let adj = if adjacent_right != neg { c.ropts(o) } else { c.lopts(o) };
        match adj {
            &[a] => self.braceless(a, neg, !adjacent_right),
            many => many.iter().all(|&a| self.special(a, false).is_some()),
        }
    }

    /// The sides of a general game (its negative's if `neg`).
    fn sides(&self, g: GameId, neg: bool) -> [&'a [GameId]; 2] {
        let c = self.ctx;
        if neg { [c.ropts(g), c.lopts(g)] } else { [c.lopts(g), c.ropts(g)] }
    }

    // ------------------------------------------------------------ lengths

    /// The length of `text(g, neg)`.
    fn text_len(&self, g: GameId, neg: bool) -> usize {
        if let Some(&n) = self.text_lens.borrow().get(&(g, neg)) {
            return n;
        }
        let n = match self.special(g, neg) {
            Some(s) => self.special_len(g, s),
            None => self.bare_len(g, neg).0.saturating_add(2),
        };
        self.text_lens.borrow_mut().insert((g, neg), n);
        n
    }

    fn special_len(&self, g: GameId, s: Special) -> usize {
        match s {
            Special::Nus(t) => {
                let mut out = String::new();
                self.nus(t, &mut out);
                out.len()
            }
            Special::Tiny { name, h, h_neg } => {
                self.text_len(h, h_neg).saturating_add(name.len() + 2)
            }
            Special::PlusMinus => {
                // "+-" and "±" are both two bytes
                let l = self.ctx.lopts(g);
                let items = l.iter().fold(0usize, |acc, &x| {
                    let parens = if self.simple_operand(x) { 0 } else { 2 };
                    acc.saturating_add(self.text_len(x, false)).saturating_add(parens)
                });
                let list = if l.len() == 1 { items } else { items.saturating_add(l.len() + 1) };
                list.saturating_add(2)
            }
        }
    }

    /// The length of `bare(g, neg)` and its number of bars.
    fn bare_len(&self, g: GameId, neg: bool) -> (usize, usize) {
        if let Some(s) = self.special(g, neg) {
            return (self.special_len(g, s), 0);
        }
        if let Some(&r) = self.bare_lens.borrow().get(&(g, neg)) {
            return r;
        }
        let mut len = 0usize;
        let mut level = 0;
        for (k, opts) in self.sides(g, neg).into_iter().enumerate() {
            if let &[o] = opts
                && self.braceless(o, neg, k == 0)
            {
                let (n, l) = self.bare_len(o, neg);
                len = len.saturating_add(n);
                level = level.max(l);
            } else {
                let items =
                    opts.iter().fold(0usize, |acc, &o| acc.saturating_add(self.text_len(o, neg)));
                len = len.saturating_add(items).saturating_add(opts.len().saturating_sub(1));
            }
        }
        let r = (len.saturating_add(level + 1), level + 1);
        self.bare_lens.borrow_mut().insert((g, neg), r);
        r
    }

    // ------------------------------------------------------------ printing

    /// The text of `g` (of `−g` if `neg`) that reads back on its own, with its sort key.
    fn text(&self, g: GameId, neg: bool) -> (Key, String) {
        let mut out = String::new();
        let key = match self.ctx.as_nus(g) {
            Some(t) if t.ups == 0 && t.nimber == 0 => {
                Key::Number(if neg { -t.number } else { t.number })
            }
            Some(t) if neg => Key::Nus(-t.number, -t.ups, t.nimber),
            Some(t) => Key::Nus(t.number, t.ups, t.nimber),
            None => Key::Other(self.ctx.depth(g)),
        };
        match self.special(g, neg) {
            Some(s) => self.print_special(g, s, &mut out),
            None => {
                out.push('{');
                self.bare(g, neg, &mut out);
                out.push('}');
            }
        }
        (key, out)
    }

    fn print_special(&self, g: GameId, s: Special, out: &mut String) {
        match s {
            Special::Nus(t) => self.nus(t, out),
            Special::Tiny { name, h, h_neg } => {
                out.push_str(name);
                out.push('(');
                out.push_str(&self.text(h, h_neg).1);
                out.push(')');
            }
            Special::PlusMinus => {
                out.push_str(if self.unicode { "±" } else { "+-" });
                let mut items: Vec<(Key, String)> =
                    self.ctx.lopts(g).iter().map(|&x| self.operand(x)).collect();
                items.sort();
                if let [(_, x)] = &items[..] {
                    out.push_str(x);
                } else {
                    out.push('(');
                    join(&items, out);
                    out.push(')');
                }
            }
        }
    }

    /// The text of `g` as an operand of `+-`: parenthesised unless a single token.
    fn operand(&self, g: GameId) -> (Key, String) {
        let (key, s) = self.text(g, false);
        if self.simple_operand(g) { (key, s) } else { (key, format!("({s})")) }
    }

    /// Prints a general game (its negative if `neg`) without braces; returns its
    /// number of bars (0 for the special forms, which are printed whole).
    fn bare(&self, g: GameId, neg: bool, out: &mut String) -> usize {
        if let Some(s) = self.special(g, neg) {
            self.print_special(g, s, out);
            return 0;
        }
        let mut sides = [String::new(), String::new()];
        let mut level = 0;
        for (k, (side, opts)) in sides.iter_mut().zip(self.sides(g, neg)).enumerate() {
            if let &[o] = opts
                && self.braceless(o, neg, k == 0)
            {
                level = level.max(self.bare(o, neg, side));
            } else {
                let mut items: Vec<(Key, String)> =
                    opts.iter().map(|&o| self.text(o, neg)).collect();
                items.sort();
                join(&items, side);
            }
        }
        let level = level + 1;
        out.push_str(&sides[0]);
        for _ in 0..level {
            out.push('|');
        }
        out.push_str(&sides[1]);
        level
    }
}

fn join(items: &[(Key, String)], out: &mut String) {
    for (i, (_, s)) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;

    const FORMS: [&str; 25] = [
        "0",
        "*",
        "*2",
        "^",
        "v",
        "^^",
        "vv*",
        "^3",
        "v4*3",
        "^*2",
        "1/2",
        "-3/4",
        "1^*",
        "-1v",
        "{3||2|1}",
        "{5|{4,{5|4}|3}}",
        "+-1",
        "+-(1*)",
        "{2||0,+-2|-4}",
        "Tiny(3/2)",
        "Miny({5||3|1})",
        "Tiny({3|1})",
        "{3/2|1/2||{0|-3},{-1/2|-1||-5/2}}",
        "+-(2,{4|0})",
        "{1||+-(1*)|-1,{-1|-3}}",
    ];

    #[test]
    fn slashes_and_round_trip() {
        let mut ctx = Context::new();
        for s in FORMS {
            let g = ctx.parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
            let printed = ctx.display(g).to_string();
            assert_eq!(printed, s, "printing {s}");
            assert_eq!(ctx.parse(&printed).unwrap(), g);
        }
    }

    #[test]
    fn printed_len_is_exact() {
        let mut ctx = Context::new();
        for s in FORMS.iter().copied().chain(["-{3||2|1}", "-Tiny(3/2)", "1/2^^*", "-3/2v*"]) {
            let g = ctx.parse(s).unwrap();
            for d in [ctx.display(g), ctx.display(g).unicode()] {
                assert_eq!(d.printed_len(), d.to_string().len(), "{s}");
            }
        }
    }

    #[test]
    fn output_limit_is_checked_before_printing() {
        let mut ctx = Context::with_limits(Limits::default().output(5));
        let g = ctx.parse("{3||2|1}").unwrap();
        assert_eq!(ctx.display(g).try_to_string(), Err(Error::LimitExceeded(Limit::Output(5))));
        let g = ctx.parse("{3|1}").unwrap();
        assert_eq!(ctx.display(g).try_to_string().unwrap(), "{3|1}");
    }

    #[test]
    fn unicode_output() {
        let mut ctx = Context::new();
        let g = ctx.parse("{1/2|-1/2}").unwrap();
        assert_eq!(ctx.display(g).unicode().to_string(), "±½");
        let g = ctx.parse("3/2^^*").unwrap();
        assert_eq!(ctx.display(g).unicode().to_string(), "1½⇑*");
        assert_eq!(ctx.parse("1½⇑*").unwrap(), g);
        assert_eq!(ctx.parse("3/2⇑*").unwrap(), g);
        assert_eq!(ctx.parse("-½").unwrap(), ctx.parse("-1/2").unwrap());
        assert_eq!(ctx.parse("{1½|-1½}").unwrap(), ctx.parse("+-3/2").unwrap());
    }
}
