//! CGSuite's ASCII notation: the printer (with a Unicode option) and the parser of
//! games and expressions.

use crate::context::{Context, GameId, Outcome};
use crate::dyadic::{Dyadic, MAX_EXPONENT};
use crate::error::Error;
use crate::thermograph::Thermograph;
use core::fmt;

/// The deepest nesting of braces, parentheses, slash levels and function calls the
/// parser accepts.
pub const MAX_NESTING: usize = 200;

/// A syntax or evaluation error in a game or expression, with the 1-based column
/// (in characters) where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    column: usize,
    message: String,
}

impl ParseError {
    fn new(column: usize, message: impl Into<String>) -> ParseError {
        ParseError { column, message: message.into() }
    }

    /// The 1-based column (in characters) of the offending text.
    pub fn column(&self) -> usize {
        self.column
    }

    /// What is wrong.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl core::error::Error for ParseError {}

/// The value of an expression (see [`Context::eval`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A game in canonical form (numbers included).
    Game(GameId),
    /// The answer to a comparison.
    Bool(bool),
    /// A thermograph.
    Thermograph(Thermograph),
    /// An outcome class.
    Outcome(Outcome),
}

// ---------------------------------------------------------------- tokens

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Int(i64),
    /// `n/2` written with `½`.
    Half(i64),
    Slash,
    Star,
    /// `^` repeated this many times.
    Ups(u32),
    /// `v` repeated this many times.
    Downs(u32),
    LBrace,
    RBrace,
    LParen,
    RParen,
    Comma,
    Bars(usize),
    Plus,
    Minus,
    PlusMinus,
    Le,
    Ge,
    Lt,
    Gt,
    EqEq,
    NotEq,
    LtBar,
    BarGt,
    Ident(String),
    End,
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Int(n) => format!("number {n}"),
        Tok::Ident(s) => format!("'{s}'"),
        Tok::End => "end of input".to_owned(),
        Tok::Bars(n) => format!("'{}'", "|".repeat(*n)),
        other => format!("{other:?}"),
    }
}

fn tokenize(src: &str) -> Result<Vec<(Tok, usize)>, ParseError> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let mut col = i + 1;
        let next = chars.get(i + 1).copied();
        let (tok, len) = match c {
            c if c.is_whitespace() => {
                i += 1;
                continue;
            }
            '0'..='9' => {
                let mut j = i;
                let mut n: i64 = 0;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    let d = i64::from(chars[j] as u8 - b'0');
                    n = n.checked_mul(10).and_then(|n| n.checked_add(d)).ok_or_else(|| {
                        ParseError::new(col, "integer too large (limit 2^63 - 1)")
                    })?;
                    j += 1;
                }
                (Tok::Int(n), j - i)
            }
            '/' => (Tok::Slash, 1),
            '*' => (Tok::Star, 1),
            '^' | '↑' | '⇑' => {
                let mut j = i;
                let mut n = 0;
                while j < chars.len() && matches!(chars[j], '^' | '↑' | '⇑') {
                    n += if chars[j] == '⇑' { 2 } else { 1 };
                    j += 1;
                }
                (Tok::Ups(n), j - i)
            }
            '↓' | '⇓' => {
                let mut j = i;
                let mut n = 0;
                while j < chars.len() && matches!(chars[j], '↓' | '⇓') {
                    n += if chars[j] == '⇓' { 2 } else { 1 };
                    j += 1;
                }
                (Tok::Downs(n), j - i)
            }
            '{' => (Tok::LBrace, 1),
            '}' => (Tok::RBrace, 1),
            '(' => (Tok::LParen, 1),
            ')' => (Tok::RParen, 1),
            ',' => (Tok::Comma, 1),
            '|' => {
                if next == Some('>') {
                    (Tok::BarGt, 2)
                } else {
                    let mut j = i;
                    while j < chars.len() && chars[j] == '|' {
                        j += 1;
                    }
                    (Tok::Bars(j - i), j - i)
                }
            }
            '+' if next == Some('-') => (Tok::PlusMinus, 2),
            '±' => (Tok::PlusMinus, 1),
            '+' => (Tok::Plus, 1),
            '-' | '−' => (Tok::Minus, 1),
            '<' if next == Some('=') => (Tok::Le, 2),
            '<' if next == Some('|') => (Tok::LtBar, 2),
            '<' => (Tok::Lt, 1),
            '>' if next == Some('=') => (Tok::Ge, 2),
            '>' => (Tok::Gt, 1),
            '=' if next == Some('=') => (Tok::EqEq, 2),
            '!' if next == Some('=') => (Tok::NotEq, 2),
            '½' => {
                // `n½` (as printed with the Unicode option) is the number n + 1/2
                if let Some((Tok::Int(n), c)) = out.last().cloned()
                    && c + n.to_string().len() == col
                {
                    out.pop();
                    col = c;
                    let x = n.checked_mul(2).and_then(|m| m.checked_add(1));
                    let x = x.ok_or_else(|| ParseError::new(c, "number too large"))?;
                    (Tok::Half(x), 1)
                } else {
                    (Tok::Half(1), 1)
                }
            }
            c if c.is_alphabetic() || c == '_' => {
                let mut j = i;
                while j < chars.len() && (chars[j].is_alphanumeric() || chars[j] == '_') {
                    j += 1;
                }
                let word: String = chars[i..j].iter().collect();
                if word.chars().all(|c| c == 'v') {
                    (Tok::Downs(word.len() as u32), j - i)
                } else if word.starts_with('v') && word[1..].chars().all(|c| c.is_ascii_digit()) {
                    // v3 = three downs: a Downs(1) token followed by the count
                    out.push((Tok::Downs(1), col));
                    i += 1;
                    continue;
                } else {
                    (Tok::Ident(word), j - i)
                }
            }
            other => return Err(ParseError::new(col, format!("unexpected character '{other}'"))),
        };
        out.push((tok, col));
        i += len;
    }
    out.push((Tok::End, chars.len() + 1));
    Ok(out)
}

// ---------------------------------------------------------------- parser

struct Parser<'a> {
    toks: Vec<(Tok, usize)>,
    pos: usize,
    ctx: &'a mut Context,
    depth: usize,
}

type PResult<T> = Result<T, ParseError>;

fn lift<T>(col: usize, r: Result<T, Error>) -> PResult<T> {
    r.map_err(|e| ParseError::new(col, e.to_string()))
}

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].0
    }

    fn col(&self) -> usize {
        self.toks[self.pos].1
    }

    fn bump(&mut self) -> (Tok, usize) {
        let t = self.toks[self.pos].clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    fn expect(&mut self, want: &Tok, what: &str) -> PResult<usize> {
        if self.peek() == want {
            Ok(self.bump().1)
        } else {
            Err(ParseError::new(
                self.col(),
                format!("expected {what}, found {}", describe(self.peek())),
            ))
        }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(ParseError::new(self.col(), format!("nesting deeper than {MAX_NESTING}")));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// statement := sum [relop sum]
    fn statement(&mut self) -> PResult<Value> {
        let col = self.col();
        let a = self.value_sum()?;
        let op = self.peek().clone();
        let op_col = self.col();
        let rel = matches!(
            op,
            Tok::Le
                | Tok::Ge
                | Tok::Lt
                | Tok::Gt
                | Tok::EqEq
                | Tok::NotEq
                | Tok::LtBar
                | Tok::BarGt
        ) || op == Tok::Bars(2);
        let v = if rel {
            self.bump();
            let a = self.as_game(a, col)?;
            let bcol = self.col();
            let b = self.value_sum()?;
            let b = self.as_game(b, bcol)?;
            let c = &mut *self.ctx;
            Value::Bool(match op {
                Tok::Le => c.le(a, b),
                Tok::Ge => c.ge(a, b),
                Tok::Lt => c.lt(a, b),
                Tok::Gt => c.gt(a, b),
                Tok::EqEq => a == b,
                Tok::NotEq => a != b,
                Tok::LtBar => c.less_or_confused(a, b),
                Tok::BarGt => c.greater_or_confused(a, b),
                _ => c.is_confused(a, b),
            })
        } else {
            a
        };
        if *self.peek() != Tok::End {
            let what = if op_col == self.col() && matches!(self.peek(), Tok::Bars(_)) {
                "a comparison ('||' is confusion; slashes belong inside braces)".to_owned()
            } else {
                "an operator or the end of input".to_owned()
            };
            return Err(ParseError::new(
                self.col(),
                format!("expected {what}, found {}", describe(self.peek())),
            ));
        }
        Ok(v)
    }

    fn as_game(&self, v: Value, col: usize) -> PResult<GameId> {
        match v {
            Value::Game(g) => Ok(g),
            _ => Err(ParseError::new(col, "expected a game here")),
        }
    }

    fn game_sum(&mut self) -> PResult<GameId> {
        let col = self.col();
        let v = self.value_sum()?;
        self.as_game(v, col)
    }

    /// sum := signed (('+' | '-') signed)*
    fn value_sum(&mut self) -> PResult<Value> {
        let col = self.col();
        let mut acc = self.signed()?;
        loop {
            let op = self.peek().clone();
            if op != Tok::Plus && op != Tok::Minus {
                return Ok(acc);
            }
            let op_col = self.col();
            self.bump();
            let a = self.as_game(acc, col)?;
            let bcol = self.col();
            let b = self.signed()?;
            let b = self.as_game(b, bcol)?;
            let r = if op == Tok::Plus { self.ctx.sum(a, b) } else { self.ctx.difference(a, b) };
            acc = Value::Game(lift(op_col, r)?);
        }
    }

    /// signed := ['-'] juxt; a `-` directly before a number literal belongs to it.
    fn signed(&mut self) -> PResult<Value> {
        let col = self.col();
        if *self.peek() != Tok::Minus {
            return self.juxt(false);
        }
        self.bump();
        if let Tok::Int(_) | Tok::Half(_) = self.peek() {
            return self.juxt(true);
        }
        self.enter()?;
        let g = self.juxt(false)?;
        self.leave();
        let g = self.as_game(g, col)?;
        Ok(Value::Game(self.ctx.neg(g)))
    }

    /// juxt := atom (ups | downs | star)*, e.g. `1^*`, `3/2v*2`.
    fn juxt(&mut self, negate_number: bool) -> PResult<Value> {
        let col = self.col();
        let first = self.atom(negate_number)?;
        let mut acc = first;
        while matches!(self.peek(), Tok::Star | Tok::Ups(_) | Tok::Downs(_)) {
            let a = self.as_game(acc, col)?;
            let bcol = self.col();
            let b = self.atom(false)?;
            let b = self.as_game(b, bcol)?;
            acc = Value::Game(lift(bcol, self.ctx.sum(a, b))?);
        }
        Ok(acc)
    }

    fn int(&mut self) -> Option<i64> {
        if let Tok::Int(n) = *self.peek() {
            self.bump();
            Some(n)
        } else {
            None
        }
    }

    fn atom(&mut self, negate_number: bool) -> PResult<Value> {
        let (tok, col) = self.bump();
        let g = match tok {
            Tok::Half(n) => {
                let n = if negate_number { -n } else { n };
                let x = lift(col, Dyadic::new(n, 1))?;
                self.ctx.number(x)
            }
            Tok::Int(n) => {
                let n = if negate_number { -n } else { n };
                if *self.peek() == Tok::Slash {
                    self.bump();
                    let dcol = self.col();
                    let d = self
                        .int()
                        .ok_or_else(|| ParseError::new(dcol, "expected a denominator"))?;
                    if d <= 0 || !(d as u64).is_power_of_two() {
                        return Err(ParseError::new(dcol, "denominator must be a power of two"));
                    }
                    let k = d.trailing_zeros();
                    if k > MAX_EXPONENT {
                        return Err(ParseError::new(dcol, "denominator larger than 2^62"));
                    }
                    let x = lift(col, Dyadic::new(n, k))?;
                    self.ctx.number(x)
                } else {
                    self.ctx.integer(n)
                }
            }
            Tok::Star => {
                let m = match self.int() {
                    Some(m) => {
                        u32::try_from(m).map_err(|_| ParseError::new(col, "nimber too large"))?
                    }
                    None => 1,
                };
                lift(col, self.ctx.nimber(m))?
            }
            Tok::Ups(k) | Tok::Downs(k) => {
                let up = matches!(tok, Tok::Ups(_));
                let n = match self.int() {
                    Some(n) if k == 1 => n,
                    Some(_) => return Err(ParseError::new(col, "write ^n or ^^, not both")),
                    None => i64::from(k),
                };
                let n = i32::try_from(n).map_err(|_| ParseError::new(col, "too many ups"))?;
                let n = if up { n } else { -n };
                lift(col, self.ctx.nus(Dyadic::ZERO, n, 0))?
            }
            Tok::LBrace => {
                self.enter()?;
                let g = self.braced(col)?;
                self.leave();
                g
            }
            Tok::LParen => {
                self.enter()?;
                let v = self.value_sum()?;
                self.expect(&Tok::RParen, "')'")?;
                self.leave();
                return Ok(v);
            }
            Tok::PlusMinus => {
                self.enter()?;
                let opts = if *self.peek() == Tok::LParen {
                    // +-(a, b) = {a, b | -a, -b}
                    self.bump();
                    let list = self.list()?;
                    self.expect(&Tok::RParen, "')'")?;
                    list
                } else {
                    let acol = self.col();
                    let v = self.atom(false)?;
                    vec![self.as_game(v, acol)?]
                };
                self.leave();
                let negs: Vec<GameId> = opts.iter().map(|&g| self.ctx.neg(g)).collect();
                lift(col, self.ctx.construct(opts, negs))?
            }
            Tok::Ident(name) => {
                self.enter()?;
                let v = self.call(&name, col)?;
                self.leave();
                return Ok(v);
            }
            other => {
                return Err(ParseError::new(
                    col,
                    format!("expected a game, found {}", describe(&other)),
                ));
            }
        };
        Ok(Value::Game(g))
    }

    /// A comma-separated list of games, possibly empty.
    fn list(&mut self) -> PResult<Vec<GameId>> {
        let mut out = Vec::new();
        if matches!(self.peek(), Tok::Bars(_) | Tok::RBrace | Tok::RParen | Tok::BarGt | Tok::End) {
            return Ok(out);
        }
        loop {
            out.push(self.game_sum()?);
            if *self.peek() != Tok::Comma {
                return Ok(out);
            }
            self.bump();
        }
    }

    /// The inside of `{ ... }` after the opening brace.
    fn braced(&mut self, open_col: usize) -> PResult<GameId> {
        let mut lists = vec![self.list()?];
        let mut seps: Vec<(usize, usize)> = Vec::new();
        loop {
            match self.peek().clone() {
                Tok::Bars(n) => {
                    seps.push((n, self.col()));
                    self.bump();
                    lists.push(self.list()?);
                }
                Tok::BarGt => {
                    return Err(ParseError::new(
                        self.col(),
                        "'|>' inside braces: put a space between '|' and '>'",
                    ));
                }
                Tok::RBrace => {
                    self.bump();
                    break;
                }
                other => {
                    return Err(ParseError::new(
                        self.col(),
                        format!("expected ',', '|' or '}}', found {}", describe(&other)),
                    ));
                }
            }
        }
        if seps.is_empty() {
            return Err(ParseError::new(
                open_col,
                "a game needs a '|' between its Left and Right options",
            ));
        }
        self.build(&lists, &seps)
    }

    /// Splits slash notation at its unique widest separator.
    fn build(&mut self, lists: &[Vec<GameId>], seps: &[(usize, usize)]) -> PResult<GameId> {
        self.enter()?;
        let widest = seps.iter().map(|s| s.0).max().unwrap_or(1);
        let mut at = seps.iter().enumerate().filter(|(_, s)| s.0 == widest);
        let (i, &(_, col)) = at.next().ok_or_else(|| ParseError::new(1, "empty game"))?;
        if let Some((_, &(_, c2))) = at.next() {
            return Err(ParseError::new(
                c2,
                format!("ambiguous slashes: two separators of width {widest}"),
            ));
        }
        let left =
            if i == 0 { lists[0].clone() } else { vec![self.build(&lists[..=i], &seps[..i])?] };
        let right = if i + 1 == seps.len() {
            lists[i + 1].clone()
        } else {
            vec![self.build(&lists[i + 1..], &seps[i + 1..])?]
        };
        self.leave();
        lift(col, self.ctx.construct(left, right))
    }

    fn call(&mut self, name: &str, col: usize) -> PResult<Value> {
        let lower = name.to_ascii_lowercase();
        let arity = match lower.as_str() {
            "tiny"
            | "miny"
            | "mean"
            | "temperature"
            | "leftstop"
            | "rightstop"
            | "thermograph"
            | "atomicweight"
            | "aw"
            | "rcf"
            | "reducedcanonicalform"
            | "birthday"
            | "outcome"
            | "farstar" => 1,
            "cool" | "heat" | "norton" | "nortonproduct" => 2,
            "overheat" => 3,
            _ => return Err(ParseError::new(col, format!("unknown function '{name}'"))),
        };
        self.expect(&Tok::LParen, "'(' after the function name")?;
        let mut args = Vec::new();
        let mut cols = Vec::new();
        loop {
            cols.push(self.col());
            args.push(self.game_sum()?);
            if *self.peek() == Tok::Comma {
                self.bump();
            } else {
                break;
            }
        }
        self.expect(&Tok::RParen, "')'")?;
        if args.len() != arity {
            return Err(ParseError::new(
                col,
                format!("{name} takes {arity} argument(s), found {}", args.len()),
            ));
        }
        let c = &mut *self.ctx;
        let g = args[0];
        let number = |c: &mut Context, r: Result<Dyadic, Error>| r.map(|x| c.number(x));
        let r: Result<Value, Error> = match lower.as_str() {
            "tiny" => c.tiny(g).map(Value::Game),
            "miny" => c.miny(g).map(Value::Game),
            "mean" => {
                let r = c.mean(g);
                number(c, r).map(Value::Game)
            }
            "temperature" => {
                let r = c.temperature(g);
                number(c, r).map(Value::Game)
            }
            "leftstop" => Ok(Value::Game(c.number(c.left_stop(g)))),
            "rightstop" => Ok(Value::Game(c.number(c.right_stop(g)))),
            "thermograph" => c.thermograph(g).map(Value::Thermograph),
            "atomicweight" | "aw" => c.atomic_weight(g).map(Value::Game),
            "rcf" | "reducedcanonicalform" => c.reduced_canonical_form(g).map(Value::Game),
            "birthday" => {
                let b = c.birthday(g);
                i64::try_from(b).map(|b| Value::Game(c.integer(b))).map_err(|_| Error::Overflow)
            }
            "outcome" => Ok(Value::Outcome(c.outcome(g))),
            "farstar" => c.far_star(g).map(Value::Game),
            "cool" => match c.as_number(args[1]) {
                Some(t) => c.cool(g, t).map(Value::Game),
                None => Err(Error::NotANumber),
            },
            "heat" => c.heat(g, args[1]).map(Value::Game),
            "norton" | "nortonproduct" => c.norton_product(g, args[1]).map(Value::Game),
            _ => c.overheat(g, args[1], args[2]).map(Value::Game),
        };
        let err_col = match lower.as_str() {
            "cool" if c.as_number(args[1]).is_none() => cols[1],
            _ => col,
        };
        lift(err_col, r)
    }
}

impl Context {
    /// Parses a game in CGSuite's notation (sums, differences and the functions of
    /// [`Context::eval`] are allowed too).
    ///
    /// # Errors
    /// A [`ParseError`] with the column of the bad text; deeper nesting than
    /// [`MAX_NESTING`] is an error, never a stack overflow.
    ///
    /// # Examples
    /// ```
    /// use go_cgt::Context;
    /// let mut ctx = Context::new();
    /// let g = ctx.parse("{3||2|1}")?;
    /// assert_eq!(ctx.display(g).to_string(), "{3||2|1}");
    /// let err = ctx.parse("{1|2|3}").unwrap_err();
    /// assert_eq!(err.column(), 5);
    /// # Ok::<_, go_cgt::ParseError>(())
    /// ```
    pub fn parse(&mut self, src: &str) -> Result<GameId, ParseError> {
        match self.eval(src)? {
            Value::Game(g) => Ok(g),
            _ => Err(ParseError::new(1, "expected a game, found a comparison or a non-game value")),
        }
    }

    /// Evaluates an expression: games combined with `+ - ( )`, one comparison
    /// (`<= >= < > == != || <| |>`, giving a [`Value::Bool`]), and the functions
    /// `cool(G,t)`, `heat(G,t)`, `overheat(G,s,t)`, `mean`, `temperature`, `leftstop`,
    /// `rightstop`, `thermograph`, `atomicweight`, `rcf`, `birthday`, `outcome`,
    /// `norton(G,U)`, `farstar`, `Tiny`, `Miny` (names are case-insensitive).
    ///
    /// `-` directly before a number literal belongs to the number, so `-1^` is
    /// `−1 + ↑` as printed; elsewhere it negates what follows.
    ///
    /// # Errors
    /// A [`ParseError`] with the column of the bad text or of the operation that failed.
    ///
    /// # Examples
    /// ```
    /// use go_cgt::{Context, Value};
    /// let mut ctx = Context::new();
    /// assert_eq!(ctx.eval("2* + 4^ + -7 || -1")?, Value::Bool(true));
    /// let v = ctx.eval("cool({6||4|0}, 2)")?;
    /// assert_eq!(v, Value::Game(ctx.parse("4^")?));
    /// # Ok::<_, go_cgt::ParseError>(())
    /// ```
    pub fn eval(&mut self, src: &str) -> Result<Value, ParseError> {
        let toks = tokenize(src)?;
        let mut p = Parser { toks, pos: 0, ctx: self, depth: 0 };
        p.statement()
    }

    /// `Tiny(g) = {0 || 0 | −g}`.
    ///
    /// # Errors
    /// As [`Context::game`].
    pub fn tiny(&mut self, g: GameId) -> crate::Result<GameId> {
        let z = self.zero();
        let ng = self.neg(g);
        let inner = self.construct(vec![z], vec![ng])?;
        self.construct(vec![z], vec![inner])
    }

    /// `Miny(g) = {g | 0 || 0}`.
    ///
    /// # Errors
    /// As [`Context::game`].
    pub fn miny(&mut self, g: GameId) -> crate::Result<GameId> {
        let t = self.tiny(g)?;
        Ok(self.neg(t))
    }

    /// Displays `g` in CGSuite's ASCII notation (use [`GameDisplay::unicode`] for
    /// ↑ ↓ ⇑ ⇓ ½ ±). `parse(display(g))` gives `g` back.
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
}

impl fmt::Display for GameDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = Printer { ctx: self.ctx, unicode: self.unicode };
        f.write_str(&p.text(self.game, false).1)
    }
}

struct Printer<'a> {
    ctx: &'a Context,
    unicode: bool,
}

/// Sort key of an option in a printed list: numbers, then NUS, then the rest.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Number(Dyadic),
    Nus(Dyadic, i32, u32),
    /// Other games by depth (then by text).
    Other(u32),
}

impl Printer<'_> {
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
        if !self.special(g, neg, &mut out) {
            out.push('{');
            self.bare(g, neg, &mut out);
            out.push('}');
        }
        (key, out)
    }

    /// Prints the NUS, Tiny, Miny and ± forms; `false` if `g` is none of them.
    fn special(&self, g: GameId, neg: bool, out: &mut String) -> bool {
        let c = self.ctx;
        if let Some(mut t) = c.as_nus(g) {
            if neg {
                t.number = -t.number;
                t.ups = -t.ups;
            }
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
            return true;
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
                        out.push_str(if tiny != neg { "Tiny(" } else { "Miny(" });
                        out.push_str(&self.text(h, tiny).1);
                        out.push(')');
                        return true;
                    }
                }
            }
        }
        // ±(a, b) = {a, b | -a, -b}, its own negative
        if l.len() == r.len() && l.iter().all(|&x| r.iter().any(|&y| self.negates(x, y))) {
            out.push_str(if self.unicode { "±" } else { "+-" });
            let mut items: Vec<(Key, String)> = l.iter().map(|&x| self.operand(x)).collect();
            items.sort();
            if let [(_, x)] = &items[..] {
                out.push_str(x);
            } else {
                out.push('(');
                join(&items, out);
                out.push(')');
            }
            return true;
        }
        false
    }

    /// Whether `b = −a`, structurally (canonical forms are unique).
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
        let (al, ar, bl, br) = (c.lopts(a), c.ropts(a), c.lopts(b), c.ropts(b));
        al.len() == br.len()
            && ar.len() == bl.len()
            && al.iter().all(|&x| br.iter().any(|&y| self.negates(x, y)))
            && ar.iter().all(|&x| bl.iter().any(|&y| self.negates(x, y)))
    }

    /// The text of `g` as an operand of `+-`: parenthesised unless a single token.
    fn operand(&self, g: GameId) -> (Key, String) {
        let (key, s) = self.text(g, false);
        let simple = match self.ctx.as_nus(g) {
            Some(t) => {
                let parts = usize::from(t.number != Dyadic::ZERO)
                    + usize::from(t.ups != 0)
                    + usize::from(t.nimber != 0);
                parts <= 1 && t.number >= Dyadic::ZERO
            }
            None => true,
        };
        if simple { (key, s) } else { (key, format!("({s})")) }
    }

    /// Prints a general game (its negative if `neg`) without braces; returns its
    /// number of bars (0 for the special forms, which are printed whole).
    fn bare(&self, g: GameId, neg: bool, out: &mut String) -> usize {
        if self.special(g, neg, out) {
            return 0;
        }
        let c = self.ctx;
        let (l, r) = if neg { (c.ropts(g), c.lopts(g)) } else { (c.lopts(g), c.ropts(g)) };
        let mut sides = [String::new(), String::new()];
        let mut level = 0;
        for (k, (side, opts)) in sides.iter_mut().zip([l, r]).enumerate() {
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

impl Printer<'_> {
    fn is_special(&self, g: GameId) -> bool {
        self.special(g, false, &mut String::new())
    }

    /// Whether the single option `o` may be written without braces (CGSuite's style:
    /// `{3||2|1}`, `{2||0,+-2|-4}` but `{5|{4,{5|4}|3}}`): the side of `o` next to the
    /// parent's separator (its right side if `adjacent_right`) must print no braces.
    fn braceless(&self, o: GameId, neg: bool, adjacent_right: bool) -> bool {
        if self.is_special(o) {
            return true;
        }
        let c = self.ctx;
        let adj = if adjacent_right != neg { c.ropts(o) } else { c.lopts(o) };
        match adj {
            &[a] => self.braceless(a, neg, !adjacent_right),
            many => many.iter().all(|&a| self.is_special(a)),
        }
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

    #[test]
    fn slashes_and_round_trip() {
        let mut ctx = Context::new();
        for s in [
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
        ] {
            let g = ctx.parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
            let printed = ctx.display(g).to_string();
            assert_eq!(printed, s, "printing {s}");
            assert_eq!(ctx.parse(&printed).unwrap(), g);
        }
    }

    #[test]
    fn errors_have_columns() {
        let mut ctx = Context::new();
        for (src, column) in [
            ("{1|2|3}", 5),
            ("{1|2", 5),
            ("1/3", 3),
            ("99999999999999999999", 1),
            ("{1 $ 2}", 4),
            ("cool(*, *)", 9),
            ("cool({1|-1}, -1)", 1),
        ] {
            assert_eq!(ctx.eval(src).unwrap_err().column(), column, "{src}");
        }
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let mut ctx = Context::new();
        let deep = format!("{}0{}", "{".repeat(100_000), "}".repeat(100_000));
        let e = ctx.parse(&deep).unwrap_err();
        assert!(e.message().contains("nesting"), "{e}");
        let deep = format!("{}0{}", "(".repeat(100_000), ")".repeat(100_000));
        assert!(ctx.parse(&deep).is_err());
        let deep = "+-".repeat(100_000) + "1";
        assert!(ctx.parse(&deep).is_err());
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
