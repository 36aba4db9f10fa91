//! The parser: source text to a [`File`], stopping at the first error.

use crate::Intent;
use crate::ast::*;
use crate::diagnostic::{Error, Limits, Span};

/// Words that cannot name a constant, variable, function or parameter.
pub(crate) const KEYWORDS: &[&str] = &[
    "program",
    "pattern",
    "end_pattern",
    "time",
    "applied_time",
    "place",
    "applied_place",
    "symmetric",
    "non_symmetric",
    "pickup",
    "diagram",
    "labels",
    "const",
    "var",
    "function",
    "phase",
    "condition",
    "candidate",
    "end_candidate",
    "tarea",
    "with",
    "next",
    "tenuki",
    "branch",
    "end_branch",
    "and",
    "or",
    "not",
    "in",
    "true",
    "false",
];

/// Parses a pattern file with the default [`Limits`].
///
/// # Errors
///
/// The first syntax error, located with a caret; or a source longer than the limit.
///
/// # Examples
///
/// ```
/// use go_patterns::{ast::Section, parse};
/// let file = parse(
///     "pattern hoshi_kakari
///        place corner
///        condition state(d4) = enemy and emparea(a1, 7, 4, d4)
///        candidate with(joseki, 72) f3, f4 end_candidate
///      end_pattern",
/// )?;
/// let go_patterns::ast::Item::Pattern(p) = &file.items[0] else { unreachable!() };
/// assert_eq!(p.name.text, "hoshi_kakari");
/// assert!(matches!(p.sections[0], Section::Place(_)));
/// # Ok::<_, go_patterns::Error>(())
/// ```
pub fn parse(source: &str) -> Result<File, Error> {
    parse_with(source, &Limits::DEFAULT)
}

/// Parses a pattern file under `limits`.
///
/// # Errors
///
/// As [`parse`].
pub fn parse_with(source: &str, limits: &Limits) -> Result<File, Error> {
    if source.len() > limits.max_source_bytes {
        return Err(Error::at(
            source,
            Span::new(0, 0),
            format!(
                "the source is {} bytes, longer than the limit of {} bytes",
                source.len(),
                limits.max_source_bytes
            ),
        ));
    }
    let mut parser = Parser { src: source, pos: 0, depth: 0, max_depth: limits.max_nesting };
    parser.file().map_err(|(span, message)| Error::at(source, span, message))
}

type PResult<T> = Result<T, (Span, String)>;

/// A token.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// A word: a keyword, a name, a point literal or a label.
    Word(String),
    /// An integer.
    Int(i64),
    /// A number with a fraction (only weights take one).
    Number(f64),
    /// A quoted string.
    Str(String),
    /// Punctuation.
    Punct(&'static str),
    /// The end of the source.
    Eof,
}

impl Tok {
    fn describe(&self) -> String {
        match self {
            Tok::Word(w) => format!("`{}`", go_board::excerpt(w)),
            Tok::Int(n) => format!("`{n}`"),
            Tok::Number(x) => format!("`{x}`"),
            Tok::Str(s) => format!("the string {:?}", go_board::excerpt(s).to_string()),
            Tok::Punct(p) => format!("`{p}`"),
            Tok::Eof => "the end of the file".to_owned(),
        }
    }
}

const PUNCTS: [&str; 17] =
    ["..", "!=", "<=", ">=", "(", ")", ",", ";", ":", "=", "<", ">", "+", "-", "*", "|", "&"];

/// Characters of diagram cells (edges included, labels excluded).
pub(crate) const CELL_CHARS: &str = ".XOxo?*|-+";

struct Parser<'a> {
    src: &'a str,
    pos: usize,
    depth: usize,
    max_depth: usize,
}

impl<'a> Parser<'a> {
    // ---- scanning ----

    /// Skips spaces, line breaks, `#` comments and `{ }` comments.
    fn skip_trivia(&mut self) -> PResult<()> {
        let bytes = self.src.as_bytes();
        loop {
            match bytes.get(self.pos) {
                Some(b' ' | b'\t' | b'\n' | b'\r') => self.pos += 1,
                Some(b'#') => {
                    self.pos =
                        self.src[self.pos..].find('\n').map_or(self.src.len(), |i| self.pos + i);
                }
                Some(b'{') => {
                    let start = self.pos;
                    match self.src[self.pos..].find('}') {
                        Some(i) => self.pos += i + 1,
                        None => {
                            return Err((
                                Span::new(start, start + 1),
                                "this `{` comment is never closed by `}`".to_owned(),
                            ));
                        }
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    /// Reads the next token without consuming it.
    fn peek(&mut self) -> PResult<(Tok, Span)> {
        let save = self.pos;
        let t = self.token();
        self.pos = save;
        t
    }

    /// Reads and consumes the next token.
    fn token(&mut self) -> PResult<(Tok, Span)> {
        self.skip_trivia()?;
        let start = self.pos;
        let rest = &self.src[start..];
        let Some(c) = rest.chars().next() else {
            return Ok((Tok::Eof, Span::new(start, start)));
        };
        if c.is_ascii_alphabetic() || c == '_' {
            let len =
                rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
            self.pos += len;
            return Ok((Tok::Word(rest[..len].to_owned()), Span::new(start, self.pos)));
        }
        if c.is_ascii_digit() {
            let int_len = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
            let mut len = int_len;
            let after = &rest[int_len..];
            let fraction = after.starts_with('.')
                && after[1..].chars().next().is_some_and(|c| c.is_ascii_digit());
            if fraction {
                len +=
                    1 + after[1..].find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len() - 1);
            }
            self.pos += len;
            let span = Span::new(start, self.pos);
            let text = &rest[..len];
            if rest[len..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
                return Err((
                    Span::new(start, self.pos + 1),
                    "a number runs into a word (points are written letter first, as `d4`)"
                        .to_owned(),
                ));
            }
            return if fraction {
                match text.parse::<f64>() {
                    Ok(x) if x.is_finite() => Ok((Tok::Number(x), span)),
                    _ => Err((span, format!("invalid number `{}`", go_board::excerpt(text)))),
                }
            } else {
                match text.parse::<i64>() {
                    Ok(n) => Ok((Tok::Int(n), span)),
                    Err(_) => {
                        Err((span, format!("the number {} is too large", go_board::excerpt(text))))
                    }
                }
            };
        }
        if c == '"' {
            let mut out = String::new();
            let mut chars = rest[1..].char_indices();
            while let Some((i, ch)) = chars.next() {
                match ch {
                    '"' => {
                        self.pos = start + 1 + i + 1;
                        return Ok((Tok::Str(out), Span::new(start, self.pos)));
                    }
                    '\\' => match chars.next() {
                        Some((_, '"')) => out.push('"'),
                        Some((_, '\\')) => out.push('\\'),
                        Some((j, other)) => {
                            let at = start + 1 + j;
                            return Err((
                                Span::new(at - 1, at + other.len_utf8()),
                                "unknown escape in a string (only \\\" and \\\\)".to_owned(),
                            ));
                        }
                        None => break,
                    },
                    '\n' | '\r' => {
                        return Err((
                            Span::new(start, start + 1),
                            "this string is not closed on its line".to_owned(),
                        ));
                    }
                    ch => out.push(ch),
                }
            }
            return Err((Span::new(start, start + 1), "this string is never closed".to_owned()));
        }
        for p in PUNCTS {
            if rest.starts_with(p) {
                self.pos += p.len();
                return Ok((Tok::Punct(p), Span::new(start, self.pos)));
            }
        }
        let end = start + c.len_utf8();
        Err((Span::new(start, end), format!("unexpected character {:?}", c)))
    }

    fn at_word(&mut self, word: &str) -> PResult<bool> {
        Ok(matches!(self.peek()?.0, Tok::Word(w) if w == word))
    }

    fn at_punct(&mut self, p: &str) -> PResult<bool> {
        Ok(matches!(self.peek()?.0, Tok::Punct(q) if q == p))
    }

    fn eat_word(&mut self, word: &str) -> PResult<Option<Span>> {
        let save = self.pos;
        let (t, span) = self.token()?;
        if matches!(&t, Tok::Word(w) if w == word) {
            Ok(Some(span))
        } else {
            self.pos = save;
            Ok(None)
        }
    }

    fn eat_punct(&mut self, p: &str) -> PResult<Option<Span>> {
        let save = self.pos;
        let (t, span) = self.token()?;
        if matches!(t, Tok::Punct(q) if q == p) {
            Ok(Some(span))
        } else {
            self.pos = save;
            Ok(None)
        }
    }

    fn expect_punct(&mut self, p: &str) -> PResult<Span> {
        let (t, span) = self.token()?;
        if matches!(t, Tok::Punct(q) if q == p) {
            Ok(span)
        } else {
            Err((span, format!("expected `{p}`, found {}", t.describe())))
        }
    }

    fn expect_word(&mut self, word: &str) -> PResult<Span> {
        let (t, span) = self.token()?;
        match &t {
            Tok::Word(w) if w == word => Ok(span),
            _ => Err((span, format!("expected `{word}`, found {}", t.describe()))),
        }
    }

    /// Skips optional `;` separators.
    fn semicolons(&mut self) -> PResult<()> {
        while self.eat_punct(";")?.is_some() {}
        Ok(())
    }

    fn enter(&mut self, span: Span) -> PResult<()> {
        self.depth += 1;
        if self.depth > self.max_depth {
            return Err((span, format!("nested deeper than the limit of {}", self.max_depth)));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    // ---- names ----

    /// A name: a word that is not a keyword, or a quoted string (for pattern and program
    /// names).
    fn name(&mut self, what: &str, quoted_ok: bool) -> PResult<Name> {
        let (t, span) = self.token()?;
        match t {
            Tok::Word(w) if !KEYWORDS.contains(&w.as_str()) => Ok(Name { text: w, span }),
            Tok::Str(s) if quoted_ok => {
                if s.is_empty() {
                    return Err((span, format!("the {what} is empty")));
                }
                Ok(Name { text: s, span })
            }
            Tok::Word(w) => Err((span, format!("`{w}` is a keyword, not a {what}"))),
            t => Err((span, format!("expected a {what}, found {}", t.describe()))),
        }
    }

    // ---- file ----

    fn file(&mut self) -> PResult<File> {
        let mut file = File { program: None, items: Vec::new() };
        if self.eat_word("program")?.is_some() {
            file.program = Some(self.name("program name", true)?);
            self.semicolons()?;
        }
        loop {
            self.semicolons()?;
            let (t, span) = self.peek()?;
            match &t {
                Tok::Eof => return Ok(file),
                Tok::Word(w) => match w.as_str() {
                    "const" => file.items.push(Item::Const(self.binding("const")?)),
                    "var" => file.items.push(Item::Var(self.binding("var")?)),
                    "function" => file.items.push(Item::Function(self.function()?)),
                    "phase" => file.items.push(Item::Phase(self.phase_def()?)),
                    "pattern" => file.items.push(Item::Pattern(self.pattern()?)),
                    "program" => {
                        return Err((span, "`program` may only start the file".to_owned()));
                    }
                    _ => {
                        return Err((
                            span,
                            format!(
                                "expected `pattern`, `const`, `var`, `function` or `phase`, found {}",
                                t.describe()
                            ),
                        ));
                    }
                },
                _ => {
                    return Err((
                        span,
                        format!(
                            "expected `pattern`, `const`, `var`, `function` or `phase`, found {}",
                            t.describe()
                        ),
                    ));
                }
            }
        }
    }

    fn binding(&mut self, keyword: &str) -> PResult<Binding> {
        let start = self.expect_word(keyword)?;
        let name = self.name(&format!("{keyword} name"), false)?;
        self.expect_punct("=")?;
        let value = self.expr()?;
        let span = start.to(value.span);
        self.semicolons()?;
        Ok(Binding { name, value, span })
    }

    fn function(&mut self) -> PResult<Function> {
        let start = self.expect_word("function")?;
        let name = self.name("function name", false)?;
        self.expect_punct("(")?;
        let mut params = Vec::new();
        if self.eat_punct(")")?.is_none() {
            loop {
                params.push(self.name("parameter name", false)?);
                if self.eat_punct(")")?.is_some() {
                    break;
                }
                self.expect_punct(",")?;
            }
        }
        self.expect_punct("=")?;
        let body = self.expr()?;
        let span = start.to(body.span);
        self.semicolons()?;
        Ok(Function { name, params, body, span })
    }

    fn phase_def(&mut self) -> PResult<PhaseDef> {
        let start = self.expect_word("phase")?;
        let (t, span) = self.token()?;
        let phase = match phase_of(&t) {
            Some(p) => p,
            None => {
                return Err((
                    span,
                    format!(
                        "expected a phase (opening, middle_game or endgame), found {}",
                        t.describe()
                    ),
                ));
            }
        };
        self.expect_punct("=")?;
        let (measure, range, end) = self.measured_range()?;
        self.semicolons()?;
        Ok(PhaseDef { phase, measure, range, span: start.to(end) })
    }

    /// `moves A..B` or `stones A..`.
    fn measured_range(&mut self) -> PResult<(Measure, Range, Span)> {
        let (t, span) = self.token()?;
        let measure = match &t {
            Tok::Word(w) if w == "moves" => Measure::Moves,
            Tok::Word(w) if w == "stones" => Measure::Stones,
            _ => {
                return Err((
                    span,
                    format!("expected `moves` or `stones`, found {}", t.describe()),
                ));
            }
        };
        let (min, min_span) = self.count()?;
        self.expect_punct("..")?;
        let (max, end) = match self.peek()?.0 {
            Tok::Int(_) => {
                let (max, max_span) = self.count()?;
                if max < min {
                    return Err((
                        min_span.to(max_span),
                        format!("the range {min}..{max} is empty"),
                    ));
                }
                (Some(max), max_span)
            }
            _ => (None, min_span),
        };
        Ok((measure, Range { min, max }, span.to(end)))
    }

    fn count(&mut self) -> PResult<(u32, Span)> {
        let (t, span) = self.token()?;
        match t {
            Tok::Int(n) => u32::try_from(n)
                .map(|n| (n, span))
                .map_err(|_| (span, format!("{n} is out of range (0 to {})", u32::MAX))),
            t => Err((span, format!("expected a number, found {}", t.describe()))),
        }
    }

    // ---- patterns ----

    fn pattern(&mut self) -> PResult<Pattern> {
        let start = self.expect_word("pattern")?;
        let name = self.name("pattern name", true)?;
        // Gopal ends the header with `;` or `:`.
        if self.eat_punct(":")?.is_none() {
            self.semicolons()?;
        }
        let mut sections = Vec::new();
        loop {
            self.semicolons()?;
            let (t, span) = self.peek()?;
            let Tok::Word(w) = &t else {
                return Err((
                    span,
                    format!("expected a section or `end_pattern`, found {}", t.describe()),
                ));
            };
            match w.as_str() {
                "end_pattern" => {
                    self.token()?;
                    self.semicolons()?;
                    return Ok(Pattern { name, sections, span: start.to(span) });
                }
                "time" | "applied_time" => sections.push(self.time_section()?),
                "place" | "applied_place" => sections.push(Section::Place(self.place()?)),
                "pickup" => sections.push(Section::Pickup(self.pickup()?)),
                "diagram" => sections.push(Section::Diagram(self.diagram(None)?)),
                "labels" => {
                    let rows = sections.iter().find_map(|s| match s {
                        Section::Diagram(d) => Some(d.rows.len()),
                        _ => None,
                    });
                    let Some(rows) = rows else {
                        return Err((
                            span,
                            "`labels` must follow the pattern's `diagram`".to_owned(),
                        ));
                    };
                    sections.push(Section::Labels(self.diagram(Some(rows))?));
                }
                "const" => sections.push(Section::Const(self.binding("const")?)),
                "var" => sections.push(Section::Var(self.binding("var")?)),
                "function" => sections.push(Section::Function(self.function()?)),
                "condition" => {
                    self.token()?;
                    sections.push(Section::Condition(self.expr()?));
                }
                "candidate" => sections.push(Section::Candidate(self.candidate_block()?)),
                "pattern" => {
                    return Err((
                        span,
                        "a pattern must end with `end_pattern` before the next".to_owned(),
                    ));
                }
                _ => {
                    return Err((
                        span,
                        format!(
                            "expected a section (time, place, pickup, diagram, labels, const, var, function, condition, candidate) or `end_pattern`, found {}",
                            t.describe()
                        ),
                    ));
                }
            }
        }
    }

    fn time_section(&mut self) -> PResult<Section> {
        let (_, start) = self.token()?;
        let mut specs = Vec::new();
        let mut end;
        loop {
            let (t, span) = self.peek()?;
            end = span;
            match &t {
                Tok::Word(w) if w == "moves" || w == "stones" => {
                    let (measure, range, e) = self.measured_range()?;
                    end = e;
                    specs.push(TimeSpec::Range(measure, range));
                }
                Tok::Word(w) if w == "any" => {
                    self.token()?;
                    specs.push(TimeSpec::Any);
                }
                _ => match phase_of(&t) {
                    Some(p) => {
                        self.token()?;
                        specs.push(TimeSpec::Phase(p));
                    }
                    None => {
                        return Err((
                            span,
                            format!(
                                "expected a time (opening, middle_game, endgame, any, `moves A..B` or `stones A..B`), found {}",
                                t.describe()
                            ),
                        ));
                    }
                },
            }
            if self.eat_punct(",")?.is_none() {
                break;
            }
        }
        Ok(Section::Time(specs, start.to(end)))
    }

    fn place(&mut self) -> PResult<Place> {
        let (_, start) = self.token()?;
        let (t, span) = self.token()?;
        let kind = match &t {
            Tok::Word(w) => match w.as_str() {
                "corner" => Some(PlaceKind::Corner),
                "side" | "edge" => Some(PlaceKind::Side),
                "centre" | "center" => Some(PlaceKind::Centre),
                "anywhere" | "any" => Some(PlaceKind::Anywhere),
                _ => None,
            },
            _ => None,
        };
        let Some(kind) = kind else {
            return Err((
                span,
                format!(
                    "expected a place (corner, side, centre or anywhere), found {}",
                    t.describe()
                ),
            ));
        };
        let mut end = span;
        let symmetric = if let Some(s) = self.eat_word("symmetric")? {
            end = s;
            Some(true)
        } else if let Some(s) = self.eat_word("non_symmetric")? {
            end = s;
            Some(false)
        } else {
            None
        };
        Ok(Place { kind, symmetric, span: start.to(end) })
    }

    fn pickup(&mut self) -> PResult<Pickup> {
        let start = self.expect_word("pickup")?;
        let (t, span) = self.token()?;
        let word = match &t {
            Tok::Word(w) => w.as_str(),
            _ => "",
        };
        let pickup = match word {
            "none" => Pickup::None(start.to(span)),
            "corner" | "chain" | "near_last" => {
                self.expect_punct("(")?;
                let a = self.expr()?;
                let b = if word == "corner" {
                    None
                } else {
                    self.expect_punct(",")?;
                    Some(self.expr()?)
                };
                let end = self.expect_punct(")")?;
                let span = start.to(end);
                match (word, b) {
                    ("corner", _) => Pickup::Corner(a, span),
                    ("chain", Some(b)) => Pickup::Chain(a, b, span),
                    (_, Some(b)) => Pickup::NearLast(a, b, span),
                    _ => unreachable!("two arguments were read"),
                }
            }
            _ => {
                return Err((
                    span,
                    format!(
                        "expected a pickup (none, corner(N), chain(P, K) or near_last(P, R)), found {}",
                        t.describe()
                    ),
                ));
            }
        };
        Ok(pickup)
    }

    /// A diagram (`rows == None`) or a labels diagram of `rows` rows: the keyword, an
    /// optional `:`, nothing else on its line, then the rows, one per line.
    fn diagram(&mut self, rows: Option<usize>) -> PResult<Diagram> {
        let (t, start) = self.token()?;
        let keyword = match t {
            Tok::Word(w) => w,
            _ => unreachable!("called on the keyword"),
        };
        // The rest of the keyword's line: an optional `:` and a comment.
        let line_end = self.src[self.pos..].find('\n').map_or(self.src.len(), |i| self.pos + i);
        let rest = self.src[self.pos..line_end].trim();
        let rest = rest.strip_prefix(':').unwrap_or(rest).trim_start();
        if !(rest.is_empty() || rest.starts_with('#')) {
            let at = self.pos + self.src[self.pos..line_end].find(rest).unwrap_or(0);
            return Err((
                Span::new(at, at + rest.len().min(40)),
                format!("the rows of `{keyword}` start on the next line"),
            ));
        }
        self.pos = line_end;
        let labels = rows.is_some();
        let mut out: Vec<DiagramRow> = Vec::new();
        let mut end = start;
        while rows.is_none_or(|n| out.len() < n) {
            if self.pos >= self.src.len() {
                break;
            }
            let line_start = self.pos + 1;
            let line_end =
                self.src[line_start..].find('\n').map_or(self.src.len(), |i| line_start + i);
            let line = &self.src[line_start..line_end];
            match read_row(line, line_start, labels)? {
                Some(row) => {
                    end = *row.spans.last().expect("a row has a cell");
                    out.push(row);
                    self.pos = line_end;
                }
                None if labels => {
                    let at = line_start + (line.len() - line.trim_start().len());
                    return Err((
                        Span::new(at, at + line.trim().len().clamp(1, 40)),
                        format!(
                            "the labels need {} rows, as many as the diagram; this is not a row",
                            rows.unwrap_or(0)
                        ),
                    ));
                }
                None => break,
            }
        }
        if out.is_empty() {
            return Err((start, format!("`{keyword}` has no rows (they start on the next line)")));
        }
        Ok(Diagram { rows: out, span: start.to(end) })
    }

    // ---- candidates ----

    fn candidate_block(&mut self) -> PResult<CandidateBlock> {
        let start = self.expect_word("candidate")?;
        self.enter(start)?;
        let mut lists = Vec::new();
        loop {
            self.semicolons()?;
            let (t, span) = self.peek()?;
            match &t {
                Tok::Word(w) if w == "end_candidate" => {
                    self.token()?;
                    self.semicolons()?;
                    self.leave();
                    if lists.is_empty() {
                        return Err((
                            start.to(span),
                            "this candidate block has no `with`".to_owned(),
                        ));
                    }
                    return Ok(CandidateBlock { lists, span: start.to(span) });
                }
                Tok::Word(w) if w == "tarea" || w == "with" => lists.push(self.sequence_list()?),
                Tok::Word(w) if w == "next" || w == "branch" => {
                    return Err((span, format!("`{w}` must follow a `with`")));
                }
                Tok::Word(w) if w == "tenuki" => {
                    return Err((span, "`tenuki` must follow a `with` or a `next`".to_owned()));
                }
                _ => {
                    return Err((
                        span,
                        format!(
                            "expected `tarea`, `with` or `end_candidate`, found {}",
                            t.describe()
                        ),
                    ));
                }
            }
        }
    }

    fn sequence_list(&mut self) -> PResult<SequenceList> {
        let tarea = if let Some(start) = self.eat_word("tarea")? {
            self.expect_punct("(")?;
            let mut areas = vec![self.expr()?];
            while self.eat_punct(",")?.is_some() {
                areas.push(self.expr()?);
            }
            let end = self.expect_punct(")")?;
            self.semicolons()?;
            Some(Tarea { areas, span: start.to(end) })
        } else {
            None
        };
        if !self.at_word("with")? {
            let (t, span) = self.token()?;
            return Err((span, format!("expected `with` after `tarea`, found {}", t.describe())));
        }
        let first = self.move_stmt(MoveKind::With)?;
        let mut nexts = Vec::new();
        while self.at_word("next")? {
            nexts.push(self.move_stmt(MoveKind::Next)?);
        }
        let mut branches = Vec::new();
        while self.at_word("branch")? {
            branches.push(self.branch()?);
        }
        if self.at_word("next")? {
            let (_, span) = self.token()?;
            return Err((
                span,
                "`next` cannot follow a branch (continue inside the branch)".to_owned(),
            ));
        }
        Ok(SequenceList { tarea, first, nexts, branches })
    }

    /// `(INTENT, WEIGHT)`.
    fn intent_weight(&mut self) -> PResult<(Intent, f64, Span)> {
        let open = self.expect_punct("(")?;
        let (t, span) = self.token()?;
        let intent = match &t {
            Tok::Word(w) => w.parse::<Intent>().map_err(|e| (span, e.to_string()))?,
            t => return Err((span, format!("expected an intent, found {}", t.describe()))),
        };
        self.expect_punct(",")?;
        let weight = self.weight()?;
        let end = self.expect_punct(")")?;
        Ok((intent, weight, open.to(end)))
    }

    fn weight(&mut self) -> PResult<f64> {
        let minus = self.eat_punct("-")?;
        let (t, span) = self.token()?;
        let x = match t {
            Tok::Int(n) => n as f64,
            Tok::Number(x) => x,
            t => {
                return Err((
                    span,
                    format!("expected a weight (a number), found {}", t.describe()),
                ));
            }
        };
        if x > MAX_WEIGHT {
            return Err((
                minus.unwrap_or(span).to(span),
                format!("weights are at most {MAX_WEIGHT} in absolute value"),
            ));
        }
        Ok(if minus.is_some() { -x } else { x })
    }

    fn points(&mut self) -> PResult<Vec<Expr>> {
        let mut points = vec![self.expr()?];
        while self.eat_punct(",")?.is_some() {
            points.push(self.expr()?);
        }
        self.semicolons()?;
        Ok(points)
    }

    fn move_stmt(&mut self, kind: MoveKind) -> PResult<MoveStmt> {
        let (_, start) = self.token()?;
        let (intent, weight, _) = self.intent_weight()?;
        let points = self.points()?;
        let span = start.to(points.last().expect("at least one point").span);
        let mut tenuki = Vec::new();
        while let Some(t) = self.eat_word("tenuki")? {
            let (intent, weight, _) = self.intent_weight()?;
            let points = self.points()?;
            let span = t.to(points.last().expect("at least one point").span);
            tenuki.push(TenukiStmt { intent, weight, points, span });
        }
        Ok(MoveStmt { kind, intent, weight, points, tenuki, span })
    }

    fn branch(&mut self) -> PResult<Branch> {
        let start = self.expect_word("branch")?;
        self.enter(start)?;
        self.semicolons()?;
        let condition =
            if self.eat_word("condition")?.is_some() { Some(self.expr()?) } else { None };
        let mut blocks = Vec::new();
        loop {
            self.semicolons()?;
            let (t, span) = self.peek()?;
            match &t {
                Tok::Word(w) if w == "candidate" => blocks.push(self.candidate_block()?),
                Tok::Word(w) if w == "end_branch" => {
                    self.token()?;
                    self.semicolons()?;
                    self.leave();
                    if blocks.is_empty() {
                        return Err((
                            start.to(span),
                            "this branch has no candidate block".to_owned(),
                        ));
                    }
                    return Ok(Branch { condition, blocks, span: start.to(span) });
                }
                _ => {
                    return Err((
                        span,
                        format!("expected `candidate` or `end_branch`, found {}", t.describe()),
                    ));
                }
            }
        }
    }

    // ---- expressions ----

    fn expr(&mut self) -> PResult<Expr> {
        let first = self.and_expr()?;
        if !self.at_word("or")? {
            return Ok(first);
        }
        let mut parts = vec![first];
        while self.eat_word("or")?.is_some() {
            parts.push(self.and_expr()?);
        }
        let span = parts[0].span.to(parts[parts.len() - 1].span);
        Ok(Expr { kind: ExprKind::Or(parts), span })
    }

    fn eat_and(&mut self) -> PResult<bool> {
        Ok(self.eat_word("and")?.is_some() || self.eat_punct("&")?.is_some())
    }

    fn and_expr(&mut self) -> PResult<Expr> {
        let first = self.not_expr()?;
        let mut parts = vec![first];
        while self.eat_and()? {
            parts.push(self.not_expr()?);
        }
        if parts.len() == 1 {
            return Ok(parts.pop().expect("one part"));
        }
        let span = parts[0].span.to(parts[parts.len() - 1].span);
        Ok(Expr { kind: ExprKind::And(parts), span })
    }

    fn not_expr(&mut self) -> PResult<Expr> {
        if let Some(span) = self.eat_word("not")? {
            self.enter(span)?;
            let operand = self.not_expr()?;
            self.leave();
            let span = span.to(operand.span);
            return Ok(Expr { kind: ExprKind::Unary(UnaryOp::Not, Box::new(operand)), span });
        }
        self.comparison()
    }

    fn comparison_op(&mut self) -> PResult<Option<(BinaryOp, Span)>> {
        let (t, span) = self.peek()?;
        let op = match &t {
            Tok::Word(w) if w == "in" => BinaryOp::In,
            Tok::Punct("=") => BinaryOp::Eq,
            Tok::Punct("!=") => BinaryOp::Ne,
            Tok::Punct("<") => BinaryOp::Lt,
            Tok::Punct("<=") => BinaryOp::Le,
            Tok::Punct(">") => BinaryOp::Gt,
            Tok::Punct(">=") => BinaryOp::Ge,
            _ => return Ok(None),
        };
        Ok(Some((op, span)))
    }

    /// A comparison; comparisons do not chain.
    fn comparison(&mut self) -> PResult<Expr> {
        let lhs = self.binary(5)?;
        let Some((op, _)) = self.comparison_op()? else { return Ok(lhs) };
        self.token()?;
        let rhs = self.binary(5)?;
        if let Some((_, next)) = self.comparison_op()? {
            return Err((
                next,
                format!("comparisons do not chain: put `{}` in parentheses", op.text()),
            ));
        }
        let span = lhs.span.to(rhs.span);
        Ok(Expr { kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)), span })
    }

    fn binary_op(&mut self) -> PResult<Option<(BinaryOp, Span)>> {
        let (t, span) = self.peek()?;
        let op = match &t {
            Tok::Punct("|") => BinaryOp::Union,
            Tok::Punct("+") => BinaryOp::Add,
            Tok::Punct("-") => BinaryOp::Sub,
            Tok::Punct("*") => BinaryOp::Mul,
            Tok::Punct(":") => BinaryOp::Rect,
            _ => return Ok(None),
        };
        Ok(Some((op, span)))
    }

    /// Precedence climbing over the arithmetic and set operators (left associative). A
    /// chain nests its tree one level per operator, so each operator counts against the
    /// nesting limit.
    fn binary(&mut self, min: u8) -> PResult<Expr> {
        let mut lhs = self.unary()?;
        let mut chain = 0;
        while let Some((op, span)) = self.binary_op()? {
            let prec = op.precedence();
            if prec < min {
                break;
            }
            self.token()?;
            self.enter(span)?;
            chain += 1;
            let rhs = self.binary(prec + 1)?;
            let span = lhs.span.to(rhs.span);
            lhs = Expr { kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)), span };
        }
        self.depth -= chain;
        Ok(lhs)
    }

    fn unary(&mut self) -> PResult<Expr> {
        if let Some(span) = self.eat_punct("-")? {
            self.enter(span)?;
            let operand = self.unary()?;
            self.leave();
            let span = span.to(operand.span);
            return Ok(Expr { kind: ExprKind::Unary(UnaryOp::Neg, Box::new(operand)), span });
        }
        self.primary()
    }

    fn primary(&mut self) -> PResult<Expr> {
        let (t, span) = self.token()?;
        let kind = match t {
            Tok::Int(n) => ExprKind::Int(n),
            Tok::Number(_) => {
                return Err((
                    span,
                    "only weights may have a fraction; conditions count in integers".to_owned(),
                ));
            }
            Tok::Punct("*") => ExprKind::Star,
            Tok::Punct("(") => {
                self.enter(span)?;
                let inner = self.expr()?;
                self.leave();
                let end = self.expect_punct(")")?;
                // Keep the parentheses' span so that errors point at the whole group.
                return Ok(Expr { kind: inner.kind, span: span.to(end) });
            }
            Tok::Word(w) => {
                let call = !KEYWORDS.contains(&w.as_str()) && self.at_punct("(")?;
                if !call && let Some(kind) = word_literal(&w, span)? {
                    kind
                } else if KEYWORDS.contains(&w.as_str()) {
                    return Err((span, format!("expected an expression, found the keyword `{w}`")));
                } else if call {
                    self.token()?;
                    self.enter(span)?;
                    let mut args = Vec::new();
                    let end = if let Some(end) = self.eat_punct(")")? {
                        end
                    } else {
                        loop {
                            args.push(self.expr()?);
                            if let Some(end) = self.eat_punct(")")? {
                                break end;
                            }
                            self.expect_punct(",")?;
                        }
                    };
                    self.leave();
                    let name = Name { text: w, span };
                    return Ok(Expr { kind: ExprKind::Call(name, args), span: span.to(end) });
                } else {
                    ExprKind::Name(w)
                }
            }
            t => return Err((span, format!("expected an expression, found {}", t.describe()))),
        };
        Ok(Expr { kind, span })
    }
}

/// The largest weight in absolute value.
pub(crate) const MAX_WEIGHT: f64 = 1e9;

fn phase_of(t: &Tok) -> Option<Phase> {
    match t {
        Tok::Word(w) => match w.as_str() {
            "opening" => Some(Phase::Opening),
            "middle_game" | "middle" => Some(Phase::MiddleGame),
            "endgame" => Some(Phase::Endgame),
            _ => None,
        },
        _ => None,
    }
}

/// A word that is a literal: `true`, `false`, a point (`d4`) or a label (one letter).
fn word_literal(w: &str, span: Span) -> PResult<Option<ExprKind>> {
    let bytes = w.as_bytes();
    match w {
        "true" => return Ok(Some(ExprKind::Bool(true))),
        "false" => return Ok(Some(ExprKind::Bool(false))),
        _ => {}
    }
    if bytes.len() == 1 {
        return Ok(Some(ExprKind::Label(bytes[0] as char)));
    }
    if bytes[0].is_ascii_lowercase() && bytes[1..].iter().all(u8::is_ascii_digit) {
        let col = bytes[0] - b'a';
        let row: u32 = w[1..].parse().unwrap_or(u32::MAX);
        if col >= MAX_COORD || row == 0 || row > u32::from(MAX_COORD) || bytes.len() > 3 {
            return Err((
                span,
                format!(
                    "the point `{}` is outside the pattern frame (columns a to y, rows 1 to {MAX_COORD})",
                    go_board::excerpt(w)
                ),
            ));
        }
        return Ok(Some(ExprKind::Point { col, row: (row - 1) as u8 }));
    }
    Ok(None)
}

/// Columns `a` to `y` and rows 1 to 25: a pattern frame is at most the largest board.
pub(crate) const MAX_COORD: u8 = 25;

/// Reads one row of a diagram from a line: after the indentation, cells separated by at
/// most one space; two spaces, `#` or a word that is not made of cells end the row (the
/// rest is a comment). `None` if the line does not start with a cell.
fn read_row(line: &str, offset: usize, labels: bool) -> PResult<Option<DiagramRow>> {
    let is_cell = |c: char| CELL_CHARS.contains(c) || (labels && c.is_ascii_alphabetic());
    let trimmed = line.trim_start();
    let mut i = line.len() - trimmed.len();
    // A first word that starts like a row must be one.
    let first_word = trimmed.split([' ', '\t', '\r']).next().unwrap_or("");
    if first_word.starts_with(|c: char| CELL_CHARS.contains(c))
        && let Some((k, bad)) = first_word.char_indices().find(|&(_, c)| !is_cell(c))
    {
        let at = offset + i + k;
        return Err((
            Span::new(at, at + bad.len_utf8()),
            format!("{bad:?} is not a diagram cell (. X O x o ? * and the edges | - +)"),
        ));
    }
    let mut cells = String::new();
    let mut spans = Vec::new();
    // Words separated by single spaces; a word must be all cells.
    loop {
        let word_end = line[i..].find([' ', '\t', '\r']).map_or(line.len(), |k| i + k);
        let word = &line[i..word_end];
        if word.is_empty() || !word.chars().all(is_cell) {
            break;
        }
        for (k, c) in word.char_indices() {
            cells.push(c);
            spans.push(Span::new(offset + i + k, offset + i + k + 1));
        }
        // One space continues the row; anything else ends it.
        if line[word_end..].starts_with(' ') && !line[word_end + 1..].starts_with([' ', '\t']) {
            i = word_end + 1;
        } else {
            break;
        }
    }
    if cells.is_empty() {
        return Ok(None);
    }
    Ok(Some(DiagramRow { cells, spans }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_pattern(src: &str) -> Pattern {
        match parse(src).unwrap_or_else(|e| panic!("{e}")).items.into_iter().next() {
            Some(Item::Pattern(p)) => p,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn gnu_go_diagrams_with_comments() {
        let p = first_pattern(
            "pattern gnu\n  diagram\n  ?XO      comment here\n  .*.\n  ---\n  condition true\nend_pattern\n",
        );
        let Section::Diagram(d) = &p.sections[0] else { panic!() };
        let rows: Vec<&str> = d.rows.iter().map(|r| r.cells.as_str()).collect();
        assert_eq!(rows, ["?XO", ".*.", "---"]);
    }

    #[test]
    fn spaced_diagrams() {
        let p = first_pattern("pattern s diagram\n . X O  # c\n | . * .\nend_pattern");
        let Section::Diagram(d) = &p.sections[0] else { panic!() };
        assert_eq!(d.rows[0].cells, ".XO");
        assert_eq!(d.rows[1].cells, "|.*.");
    }

    #[test]
    fn labels_take_as_many_rows_as_the_diagram() {
        let p = first_pattern("pattern l diagram\n X O\n . *\nlabels\n A b\n c *\nend_pattern");
        let Section::Labels(d) = &p.sections[1] else { panic!() };
        assert_eq!(d.rows[0].cells, "Ab");
        let err = parse("pattern l diagram\n X O\n . *\nlabels\n A b\nend_pattern").unwrap_err();
        assert!(err.to_string().contains("labels need 2 rows"), "{err}");
    }

    #[test]
    fn expressions_bind_as_documented() {
        let p = first_pattern(
            "pattern e condition not state(a) = friend | empty and libs(b) + 1 >= 3 or c in a1:c3 end_pattern",
        );
        let Section::Condition(e) = &p.sections[0] else { panic!() };
        let ExprKind::Or(parts) = &e.kind else { panic!("{e:?}") };
        let ExprKind::And(conjuncts) = &parts[0].kind else { panic!("{e:?}") };
        assert!(matches!(&conjuncts[0].kind, ExprKind::Unary(UnaryOp::Not, _)));
        let ExprKind::Binary(BinaryOp::In, _, set) = &parts[1].kind else { panic!() };
        assert!(matches!(set.kind, ExprKind::Binary(BinaryOp::Rect, ..)));
    }

    #[test]
    fn comparisons_do_not_chain() {
        let err = parse("pattern e condition 1 < 2 < 3 end_pattern").unwrap_err();
        assert!(err.to_string().contains("do not chain"), "{err}");
    }

    #[test]
    fn gopal_comments_and_semicolons() {
        let p = first_pattern(
            "pattern akisumisen; {empty corner}\n applied_place corner non_symmetric; {here}\n pickup none;\n condition emparea(a1, 4, 4);\n candidate with(opening, 80) c3, d3; end_candidate;\nend_pattern;",
        );
        assert_eq!(p.sections.len(), 4);
        let err = parse("pattern p { never closed").unwrap_err();
        assert!(err.to_string().contains("never closed"), "{err}");
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let deep = format!(
            "pattern d condition {}true{} end_pattern",
            "(".repeat(100_000),
            ")".repeat(100_000)
        );
        let err = parse(&deep).unwrap_err();
        assert!(err.to_string().contains("nested deeper"), "{err}");
        let nots = format!("pattern d condition {} true end_pattern", "not ".repeat(100_000));
        assert!(parse(&nots).is_err());
    }

    #[test]
    fn points_labels_and_names() {
        let p = first_pattern("pattern n condition d4 = a and y25 = * and foo end_pattern");
        let Section::Condition(e) = &p.sections[0] else { panic!() };
        let text = format!("{e:?}");
        assert!(text.contains("Point { col: 3, row: 3 }") && text.contains("Label('a')"), "{text}");
        assert!(parse("pattern n condition z3 end_pattern").is_err());
        assert!(parse("pattern n condition a0 end_pattern").is_err());
        assert!(parse("pattern n condition 3d end_pattern").is_err());
    }
}
