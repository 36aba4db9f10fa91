//! CGSuite's ASCII notation: the lexer and parser of games and expressions, and
//! the functions an expression may call. (The printer is in `printer.rs`.)

use crate::context::{Context, GameId, Outcome};
use crate::dyadic::{Dyadic, MAX_EXPONENT};
use crate::error::Error;
use crate::lazy_sum::LazySum;
use crate::thermograph::Thermograph;
use core::fmt;

/// The deepest nesting of braces, parentheses, slash levels, negations and
/// function calls the parser accepts.
pub const MAX_NESTING: usize = 200;

/// How many characters of the input an error message quotes at most.
const QUOTE_CHARS: usize = 40;

/// A syntax or evaluation error in a game or expression, with the 1-based column
/// (in characters) where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    column: usize,
    message: String,
    error: Option<Error>,
}

impl ParseError {
    fn new(column: usize, message: impl Into<String>) -> ParseError {
        ParseError { column, message: message.into(), error: None }
    }

    /// The 1-based column (in characters) of the offending text.
    pub fn column(&self) -> usize {
        self.column
    }

    /// What is wrong.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The error of the value algebra behind this one, when the text parsed but an
    /// operation failed (for example [`Error::LimitExceeded`]).
    pub fn error(&self) -> Option<&Error> {
        self.error.as_ref()
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl core::error::Error for ParseError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        self.error.as_ref().map(|e| e as &(dyn core::error::Error + 'static))
    }
}

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

/// A function of the expression language (see [`FUNCTIONS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Function {
    /// The name and the other names it answers to (case-insensitive).
    pub names: &'static [&'static str],
    /// How it is called, e.g. `cool(G, t)`.
    pub signature: &'static str,
    /// What it gives, in one line.
    pub meaning: &'static str,
}

impl Function {
    fn arity(&self) -> usize {
        self.signature.matches(',').count() + 1
    }
}

/// Every function [`Context::eval`] knows, in the order of the help text.
pub const FUNCTIONS: &[Function] = &[
    Function {
        names: &["cool"],
        signature: "cool(G, t)",
        meaning: "G cooled by the number t > -1 (Conway's freezing rule)",
    },
    Function {
        names: &["heat"],
        signature: "heat(G, t)",
        meaning: "G heated by the game t: {heat(GL,t) + t | heat(GR,t) - t}",
    },
    Function {
        names: &["overheat"],
        signature: "overheat(G, s, t)",
        meaning: "G overheated from s to t",
    },
    Function {
        names: &["mean"],
        signature: "mean(G)",
        meaning: "the mean value (the mast of the thermograph)",
    },
    Function {
        names: &["temperature"],
        signature: "temperature(G)",
        meaning: "the temperature (-1 for integers, -1/2^k for other numbers)",
    },
    Function {
        names: &["leftstop"],
        signature: "leftstop(G)",
        meaning: "the number reached when Left moves first and both play to a number",
    },
    Function {
        names: &["rightstop"],
        signature: "rightstop(G)",
        meaning: "the number reached when Right moves first",
    },
    Function {
        names: &["thermograph"],
        signature: "thermograph(G)",
        meaning: "the thermograph, in CGSuite's format (walls as critical points and slopes)",
    },
    Function {
        names: &["atomicweight", "aw"],
        signature: "atomicweight(G)",
        meaning: "the atomic weight (an error if G is not atomic)",
    },
    Function {
        names: &["rcf", "reducedcanonicalform"],
        signature: "rcf(G)",
        meaning: "the reduced canonical form: the simplest game infinitesimally close to G",
    },
    Function {
        names: &["birthday"],
        signature: "birthday(G)",
        meaning: "the day on which G is born",
    },
    Function {
        names: &["outcome"],
        signature: "outcome(G)",
        meaning: "the outcome class: L, R, N (first player wins) or P (second player wins)",
    },
    Function {
        names: &["norton", "nortonproduct"],
        signature: "norton(G, U)",
        meaning: "Norton's product G.U (n.U for an integer n)",
    },
    Function {
        names: &["farstar"],
        signature: "farstar(G)",
        meaning: "a nimber *N larger than every nimber among the followers of G",
    },
    Function { names: &["tiny"], signature: "Tiny(G)", meaning: "{0 || 0 | -G}" },
    Function { names: &["miny"], signature: "Miny(G)", meaning: "{G | 0 || 0}" },
];

/// `text` quoted for an error message: control characters escaped, at most
/// [`QUOTE_CHARS`] characters.
pub(crate) fn quote(text: &str) -> String {
    let mut out = String::from("'");
    for (i, c) in text.chars().enumerate() {
        if i == QUOTE_CHARS {
            out.push('…');
            break;
        }
        out.extend(c.escape_debug());
    }
    out.push('\'');
    out
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
    let text = match t {
        Tok::Int(n) => return format!("number {n}"),
        Tok::Half(n) => return format!("number {n}/2"),
        Tok::Ident(s) => return quote(s),
        Tok::End => return "end of input".to_owned(),
        Tok::Bars(n) if *n <= 8 => return format!("'{}'", "|".repeat(*n)),
        Tok::Bars(n) => return format!("{n} bars"),
        Tok::Ups(n) => return format!("^{n}"),
        Tok::Downs(n) => return format!("v{n}"),
        Tok::Slash => "/",
        Tok::Star => "*",
        Tok::LBrace => "{",
        Tok::RBrace => "}",
        Tok::LParen => "(",
        Tok::RParen => ")",
        Tok::Comma => ",",
        Tok::Plus => "+",
        Tok::Minus => "-",
        Tok::PlusMinus => "+-",
        Tok::Le => "<=",
        Tok::Ge => ">=",
        Tok::Lt => "<",
        Tok::Gt => ">",
        Tok::EqEq => "==",
        Tok::NotEq => "!=",
        Tok::LtBar => "<|",
        Tok::BarGt => "|>",
    };
    format!("'{text}'")
}

/// A lexer that produces one token at a time (the input is never copied, so memory
/// stays proportional to the nesting, not to the length of the text).
struct Lexer<'s> {
    src: &'s str,
    /// Byte offset of the next character.
    pos: usize,
    /// 1-based column (in characters) of the next character.
    col: usize,
    /// A token produced ahead: `v3` is a down followed by the count.
    pending: Option<(Tok, usize)>,
}

impl<'s> Lexer<'s> {
    fn new(src: &'s str) -> Self {
        Lexer { src, pos: 0, col: 1, pending: None }
    }

    fn peek_char(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    /// Consumes the second character of a two-character token.
    fn second(&mut self, tok: Tok) -> Tok {
        self.advance();
        tok
    }

    fn advance(&mut self) -> Option<char> {
        let c = self.peek_char()?;
        self.pos += c.len_utf8();
        self.col += 1;
        Some(c)
    }

    /// Consumes characters while `pred` holds; returns how many.
    fn advance_while(&mut self, mut pred: impl FnMut(char) -> bool) -> usize {
        let mut n = 0;
        while self.peek_char().is_some_and(&mut pred) {
            self.advance();
            n += 1;
        }
        n
    }

    /// The next token and its column.
    fn next_token(&mut self) -> Result<(Tok, usize), ParseError> {
        if let Some(t) = self.pending.take() {
            return Ok(t);
        }
        self.advance_while(char::is_whitespace);
        let col = self.col;
        let Some(c) = self.advance() else { return Ok((Tok::End, col)) };
        let next = self.peek_char();
        let tok = match c {
            '0'..='9' => {
                let mut n = i64::from(c as u8 - b'0');
                while let Some(d) = self.peek_char().and_then(|d| d.to_digit(10)) {
                    self.advance();
                    n = n.checked_mul(10).and_then(|n| n.checked_add(i64::from(d))).ok_or_else(
                        || ParseError::new(col, "integer too large (limit 2^63 - 1)"),
                    )?;
                }
                if self.peek_char() == Some('½') {
                    // `n½` (as printed with the Unicode option) is the number n + 1/2
                    self.advance();
                    let x = n.checked_mul(2).and_then(|m| m.checked_add(1));
                    Tok::Half(x.ok_or_else(|| ParseError::new(col, "number too large"))?)
                } else {
                    Tok::Int(n)
                }
            }
            '/' => Tok::Slash,
            '*' => Tok::Star,
            '^' | '↑' | '⇑' => {
                let mut n: u32 = if c == '⇑' { 2 } else { 1 };
                while let Some(u @ ('^' | '↑' | '⇑')) = self.peek_char() {
                    self.advance();
                    n = n.saturating_add(if u == '⇑' { 2 } else { 1 });
                }
                Tok::Ups(n)
            }
            '↓' | '⇓' => {
                let mut n: u32 = if c == '⇓' { 2 } else { 1 };
                while let Some(d @ ('↓' | '⇓')) = self.peek_char() {
                    self.advance();
                    n = n.saturating_add(if d == '⇓' { 2 } else { 1 });
                }
                Tok::Downs(n)
            }
            '{' => Tok::LBrace,
            '}' => Tok::RBrace,
            '(' => Tok::LParen,
            ')' => Tok::RParen,
            ',' => Tok::Comma,
            '|' if next == Some('>') => self.second(Tok::BarGt),
            '|' => Tok::Bars(1 + self.advance_while(|c| c == '|')),
            '+' if next == Some('-') => self.second(Tok::PlusMinus),
            '±' => Tok::PlusMinus,
            '+' => Tok::Plus,
            '-' | '−' => Tok::Minus,
            '<' if next == Some('=') => self.second(Tok::Le),
            '<' if next == Some('|') => self.second(Tok::LtBar),
            '<' => Tok::Lt,
            '>' if next == Some('=') => self.second(Tok::Ge),
            '>' => Tok::Gt,
            '=' if next == Some('=') => self.second(Tok::EqEq),
            '!' if next == Some('=') => self.second(Tok::NotEq),
            '½' => Tok::Half(1),
            c if c.is_alphabetic() || c == '_' => {
                let start = self.pos - c.len_utf8();
                if c == 'v' && next.is_some_and(|d| d.is_ascii_digit()) && {
                    // `v3` = three downs, but `v3a` is a name
                    let rest = &self.src[self.pos..];
                    let word_end = rest
                        .find(|d: char| !(d.is_alphanumeric() || d == '_'))
                        .unwrap_or(rest.len());
                    rest[..word_end].chars().all(|d| d.is_ascii_digit())
                } {
                    // a Downs(1) token; the count is lexed next as a number
                    Tok::Downs(1)
                } else {
                    self.advance_while(|d| d.is_alphanumeric() || d == '_');
                    let word = &self.src[start..self.pos];
                    if word.bytes().all(|b| b == b'v') {
                        Tok::Downs(u32::try_from(word.len()).unwrap_or(u32::MAX))
                    } else {
                        Tok::Ident(word.to_owned())
                    }
                }
            }
            other => {
                return Err(ParseError::new(
                    col,
                    format!("unexpected character {}", quote(&other.to_string())),
                ));
            }
        };
        Ok((tok, col))
    }
}

// ---------------------------------------------------------------- parser

struct Parser<'a, 's> {
    lexer: Lexer<'s>,
    /// The current token and its column.
    tok: (Tok, usize),
    ctx: &'a mut Context,
    depth: usize,
}

type PResult<T> = Result<T, ParseError>;

fn lift<T>(col: usize, r: Result<T, Error>) -> PResult<T> {
    r.map_err(|e| ParseError { column: col, message: e.to_string(), error: Some(e) })
}

/// A parsed sum: one value, or several games (negated where subtracted) not added
/// up yet, with the column of the first operator.
enum Sum {
    One(Value),
    Many(Vec<GameId>, usize),
}

/// How many positions the lazy search of a comparison or an outcome may visit
/// before the canonical sum is built instead.
const LAZY_NODES: u64 = 100_000;

impl Parser<'_, '_> {
    fn peek(&self) -> &Tok {
        &self.tok.0
    }

    fn col(&self) -> usize {
        self.tok.1
    }

    fn bump(&mut self) -> PResult<(Tok, usize)> {
        let next = if self.tok.0 == Tok::End {
            (Tok::End, self.tok.1)
        } else {
            self.lexer.next_token()?
        };
        Ok(core::mem::replace(&mut self.tok, next))
    }

    fn expect(&mut self, want: &Tok, what: &str) -> PResult<usize> {
        if self.peek() == want {
            Ok(self.bump()?.1)
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
        let a = self.sum_terms()?;
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
            self.bump()?;
            let bcol = self.col();
            let b = self.sum_terms()?;
            if let Some(answer) = self.compare_lazily(&a, &b, &op, op_col)? {
                return self.finish(Value::Bool(answer), op_col);
            }
            let a = self.sum_value(a)?;
            let a = self.as_game(a, col)?;
            let b = self.sum_value(b)?;
            let b = self.as_game(b, bcol)?;
            let c = &mut *self.ctx;
            let r = match op {
                Tok::Le => c.le(a, b),
                Tok::Ge => c.ge(a, b),
                Tok::Lt => c.lt(a, b),
                Tok::Gt => c.gt(a, b),
                Tok::EqEq => Ok(a == b),
                Tok::NotEq => Ok(a != b),
                Tok::LtBar => c.less_or_confused(a, b),
                Tok::BarGt => c.greater_or_confused(a, b),
                _ => c.is_confused(a, b),
            };
            Value::Bool(lift(op_col, r)?)
        } else {
            self.sum_value(a)?
        };
        self.finish(v, op_col)
    }

    /// Checks that the input ends after the statement's value `v`.
    fn finish(&mut self, v: Value, op_col: usize) -> PResult<Value> {
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

    /// sum := signed (('+' | '-') signed)*, added up at once (see
    /// [`Context::sum_all`]: the closed forms apply to the whole sum).
    fn value_sum(&mut self) -> PResult<Value> {
        let sum = self.sum_terms()?;
        self.sum_value(sum)
    }

    /// The value of a parsed sum (the canonical sum of its games).
    fn sum_value(&mut self, sum: Sum) -> PResult<Value> {
        match sum {
            Sum::One(v) => Ok(v),
            Sum::Many(games, op_col) => Ok(Value::Game(lift(op_col, self.ctx.sum_all(&games))?)),
        }
    }

    /// A sum, parsed but not added up.
    fn sum_terms(&mut self) -> PResult<Sum> {
        let col = self.col();
        let first = self.signed()?;
        if !matches!(self.peek(), Tok::Plus | Tok::Minus) {
            return Ok(first);
        }
        let op_col = self.col();
        // the games of the terms, as they come (4 bytes a term)
        let mut games = Vec::new();
        self.push_term(&mut games, first, col, false)?;
        while matches!(self.peek(), Tok::Plus | Tok::Minus) {
            let (op, _) = self.bump()?;
            let col = self.col();
            let value = self.signed()?;
            self.push_term(&mut games, value, col, op == Tok::Minus)?;
        }
        Ok(Sum::Many(games, op_col))
    }

    /// Adds the games of one term (starting at `col`) to a sum, negated if it is
    /// subtracted; a parenthesised sum joins the sum around it.
    fn push_term(
        &mut self,
        games: &mut Vec<GameId>,
        term: Sum,
        col: usize,
        negate: bool,
    ) -> PResult<()> {
        let mut push =
            |ctx: &mut Context, g: GameId| games.push(if negate { ctx.neg(g) } else { g });
        match term {
            Sum::One(v) => {
                let g = self.as_game(v, col)?;
                push(self.ctx, g);
            }
            Sum::Many(parts, _) => {
                for g in parts {
                    push(self.ctx, g);
                }
            }
        }
        Ok(())
    }

    /// The games of a parsed sum, if it is made of games.
    fn games_of(&mut self, sum: &Sum) -> Option<Vec<GameId>> {
        match sum {
            Sum::One(Value::Game(g)) => Some(vec![*g]),
            Sum::One(_) => None,
            Sum::Many(games, _) => Some(games.clone()),
        }
    }

    /// `a op b` decided by a bounded lazy search of `a − b` when the two sides have
    /// three games or more (so that no canonical sum is built); `None` when the
    /// search is not worth it or runs out of positions.
    fn compare_lazily(
        &mut self,
        a: &Sum,
        b: &Sum,
        op: &Tok,
        op_col: usize,
    ) -> PResult<Option<bool>> {
        let (Some(mut games), Some(others)) = (self.games_of(a), self.games_of(b)) else {
            return Ok(None);
        };
        if games.len() + others.len() < 3 {
            return Ok(None);
        }
        games.extend(others.into_iter().map(|g| self.ctx.neg(g)));
        let outcome = lift(op_col, LazySum::new(games).outcome_within(self.ctx, LAZY_NODES))?;
        let Some(outcome) = outcome else { return Ok(None) };
        // a − b: Left moving first loses iff a ≤ b; Right moving first loses iff a ≥ b
        let (le, ge) = match outcome {
            Outcome::Previous => (true, true),
            Outcome::Right => (true, false),
            Outcome::Left => (false, true),
            Outcome::Next => (false, false),
        };
        Ok(Some(match op {
            Tok::Le => le,
            Tok::Ge => ge,
            Tok::Lt => le && !ge,
            Tok::Gt => ge && !le,
            Tok::EqEq => le && ge,
            Tok::NotEq => !(le && ge),
            Tok::LtBar => !ge,
            Tok::BarGt => !le,
            _ => !le && !ge,
        }))
    }

    /// signed := ['-'] juxt; a `-` directly before a number literal belongs to it.
    fn signed(&mut self) -> PResult<Sum> {
        let col = self.col();
        if *self.peek() != Tok::Minus {
            return self.juxt(false);
        }
        self.bump()?;
        if let Tok::Int(_) | Tok::Half(_) = self.peek() {
            return self.juxt(true);
        }
        self.enter()?;
        let v = self.juxt(false)?;
        self.leave();
        Ok(match v {
            Sum::One(v) => {
                let g = self.as_game(v, col)?;
                Sum::One(Value::Game(self.ctx.neg(g)))
            }
            Sum::Many(games, op_col) => {
                Sum::Many(games.into_iter().map(|g| self.ctx.neg(g)).collect(), op_col)
            }
        })
    }

    /// juxt := atom (ups | downs | star)*, e.g. `1^*`, `3/2v*2`. A parenthesised sum
    /// on its own stays a sum of games (so that it joins the sum around it).
    fn juxt(&mut self, negate_number: bool) -> PResult<Sum> {
        let col = self.col();
        let first = if *self.peek() == Tok::LParen {
            self.bump()?;
            self.enter()?;
            let s = self.sum_terms()?;
            self.expect(&Tok::RParen, "')'")?;
            self.leave();
            s
        } else {
            Sum::One(self.atom(negate_number)?)
        };
        if !matches!(self.peek(), Tok::Star | Tok::Ups(_) | Tok::Downs(_)) {
            return Ok(first);
        }
        let mut acc = self.sum_value(first)?;
        while matches!(self.peek(), Tok::Star | Tok::Ups(_) | Tok::Downs(_)) {
            let a = self.as_game(acc, col)?;
            let bcol = self.col();
            let b = self.atom(false)?;
            let b = self.as_game(b, bcol)?;
            acc = Value::Game(lift(bcol, self.ctx.sum(a, b))?);
        }
        Ok(Sum::One(acc))
    }

    fn int(&mut self) -> PResult<Option<i64>> {
        if let Tok::Int(n) = *self.peek() {
            self.bump()?;
            Ok(Some(n))
        } else {
            Ok(None)
        }
    }

    fn atom(&mut self, negate_number: bool) -> PResult<Value> {
        let (tok, col) = self.bump()?;
        let g = match tok {
            Tok::Half(n) => {
                let n = if negate_number { -n } else { n };
                let x = lift(col, Dyadic::new(n, 1))?;
                self.ctx.number(x)
            }
            Tok::Int(n) => {
                let n = if negate_number { -n } else { n };
                if *self.peek() == Tok::Slash {
                    self.bump()?;
                    let dcol = self.col();
                    let d = self
                        .int()?
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
                let m = match self.int()? {
                    Some(m) => {
                        u32::try_from(m).map_err(|_| ParseError::new(col, "nimber too large"))?
                    }
                    None => 1,
                };
                lift(col, self.ctx.nimber(m))?
            }
            Tok::Ups(k) | Tok::Downs(k) => {
                let up = matches!(tok, Tok::Ups(_));
                let n = match self.int()? {
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
                    self.bump()?;
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
            self.bump()?;
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
                    self.bump()?;
                    lists.push(self.list()?);
                }
                Tok::BarGt => {
                    return Err(ParseError::new(
                        self.col(),
                        "'|>' inside braces: put a space between '|' and '>'",
                    ));
                }
                Tok::RBrace => {
                    self.bump()?;
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
        let Some(function) = FUNCTIONS.iter().find(|f| f.names.contains(&lower.as_str())) else {
            return Err(ParseError::new(col, format!("unknown function {}", quote(name))));
        };
        let arity = function.arity();
        self.expect(&Tok::LParen, "'(' after the function name")?;
        let mut args = Vec::new();
        let mut cols = Vec::new();
        loop {
            let col = self.col();
            cols.push(col);
            let sum = self.sum_terms()?;
            // the outcome of a sum of three games or more: by a lazy search first
            if function.names[0] == "outcome"
                && args.is_empty()
                && *self.peek() == Tok::RParen
                && let Sum::Many(games, op_col) = &sum
                && games.len() >= 3
            {
                let lazy = LazySum::new(games.clone()).outcome_within(self.ctx, LAZY_NODES);
                if let Some(outcome) = lift(*op_col, lazy)? {
                    self.bump()?;
                    return Ok(Value::Outcome(outcome));
                }
            }
            let v = self.sum_value(sum)?;
            args.push(self.as_game(v, col)?);
            if *self.peek() == Tok::Comma {
                self.bump()?;
            } else {
                break;
            }
        }
        self.expect(&Tok::RParen, "')'")?;
        if args.len() != arity {
            return Err(ParseError::new(
                col,
                format!("{} takes {arity} argument(s), found {}", quote(name), args.len()),
            ));
        }
        let c = &mut *self.ctx;
        let g = args[0];
        let number = |c: &mut Context, r: Result<Dyadic, Error>| r.map(|x| c.number(x));
        let r: Result<Value, Error> = match function.names[0] {
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
            "atomicweight" => c.atomic_weight(g).map(Value::Game),
            "rcf" => c.reduced_canonical_form(g).map(Value::Game),
            "birthday" => {
                let b = c.birthday(g);
                i64::try_from(b).map(|b| Value::Game(c.integer(b))).map_err(|_| Error::Overflow)
            }
            "outcome" => c.outcome(g).map(Value::Outcome),
            "farstar" => c.far_star(g).map(Value::Game),
            "cool" => match c.as_number(args[1]) {
                Some(t) => c.cool(g, t).map(Value::Game),
                None => Err(Error::NotANumber),
            },
            "heat" => c.heat(g, args[1]).map(Value::Game),
            "norton" => c.norton_product(g, args[1]).map(Value::Game),
            _ => c.overheat(g, args[1], args[2]).map(Value::Game),
        };
        let err_col = match function.names[0] {
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
    /// (`<= >= < > == != || <| |>`, giving a [`Value::Bool`]), and the
    /// [`FUNCTIONS`] (`cool(G,t)`, `heat(G,t)`, `overheat(G,s,t)`, `mean`,
    /// `temperature`, `leftstop`, `rightstop`, `thermograph`, `atomicweight`, `rcf`,
    /// `birthday`, `outcome`, `norton(G,U)`, `farstar`, `Tiny`, `Miny`; names are
    /// case-insensitive).
    ///
    /// `-` directly before a number literal belongs to the number, so `-1^` is
    /// `−1 + ↑` as printed; elsewhere it negates what follows. A chain of `+` and `-`
    /// is added up at once by [`Context::sum_all`].
    ///
    /// The text is read one token at a time: memory stays proportional to the
    /// nesting (at most [`MAX_NESTING`]) and the games built, whatever the length of
    /// the text. The work is bounded by the context's [`Limits`](crate::Limits).
    ///
    /// # Errors
    /// A [`ParseError`] with the column of the bad text or of the operation that
    /// failed (then [`ParseError::error`] gives the [`Error`]).
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
        let mut lexer = Lexer::new(src);
        let tok = lexer.next_token()?;
        let mut p = Parser { lexer, tok, ctx: self, depth: 0 };
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
            ("1 + 2 + thermograph(*)", 9),
            ("½½", 2),
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
        let deep = "-(".repeat(100_000) + "1";
        assert!(ctx.parse(&deep).is_err());
    }

    #[test]
    fn errors_quote_at_most_a_short_escaped_piece() {
        let mut ctx = Context::new();
        let long = "x".repeat(100_000);
        let e = ctx.eval(&format!("{long}(1)")).unwrap_err();
        assert!(e.message().len() < 100, "{e}");
        let e = ctx.eval("1 + \u{0}").unwrap_err();
        assert!(e.message().contains("\\0"), "{e}");
        assert!(!e.message().contains('\u{0}'));
    }

    #[test]
    fn v_with_a_count_is_downs() {
        let mut ctx = Context::new();
        assert_eq!(ctx.parse("v3").unwrap(), ctx.parse("vvv").unwrap());
        assert_eq!(ctx.parse("v3*").unwrap(), ctx.parse("vvv*").unwrap());
        assert!(ctx.eval("v3a").unwrap_err().message().contains("unknown function"));
    }

    #[test]
    fn functions_table_drives_the_parser() {
        let mut ctx = Context::new();
        for f in FUNCTIONS {
            for name in f.names {
                // every name is known: a call with the wrong arity says so
                let args = vec!["1"; f.arity() + 1].join(", ");
                let e = ctx.eval(&format!("{name}({args})")).unwrap_err();
                assert!(e.message().contains("argument"), "{name}: {e}");
            }
        }
    }

    /// Comparisons and outcomes decided by the lazy search agree with the ones of
    /// the canonical sums, on random sums.
    #[test]
    fn lazy_comparisons_match_the_canonical_ones() {
        let mut rng = crate::testgen::Games(0x0123_4567_89ab_cdef);
        let ops = ["<=", ">=", "<", ">", "==", "!=", "||", "<|", "|>"];
        for _ in 0..400 {
            let part = |rng: &mut crate::testgen::Games| match rng.below(4) {
                0 => rng.switch(),
                1 => format!("Tiny({})", 1 + rng.below(3)),
                2 => ["*", "^", "v*", "*3", "1/2", "-1"][rng.below(6) as usize].to_owned(),
                _ => rng.game(2),
            };
            let lhs: Vec<String> = (0..1 + rng.below(4)).map(|_| part(&mut rng)).collect();
            let rhs: Vec<String> = (0..1 + rng.below(3)).map(|_| part(&mut rng)).collect();
            let op = ops[rng.below(ops.len() as u64) as usize];
            let (lhs, minus, plus) = (lhs.join(" + "), rhs.join(" - "), rhs.join(" + "));
            let mut ctx = Context::new();
            let lazy = ctx.eval(&format!("{lhs} {op} {minus}")).unwrap();
            let canonical = ctx.eval(&format!("({lhs}) {op} ({minus})")).unwrap();
            assert_eq!(lazy, canonical, "{lhs} {op} {minus}");
            let lazy = ctx.eval(&format!("outcome({lhs} - {minus})")).unwrap();
            let canonical = ctx.eval(&format!("outcome(({lhs}) - ({plus}))")).unwrap();
            assert_eq!(lazy, canonical, "outcome({lhs} - {minus})");
        }
    }
}
