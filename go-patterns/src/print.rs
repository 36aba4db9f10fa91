//! The printer: a [`File`] back to source text, in the canonical layout, such that
//! `parse(print(file)) == file`.

use core::fmt::{self, Write};

use crate::ast::*;
use crate::parse::KEYWORDS;

/// Prints a file in the canonical layout (two-space indentation, one statement per
/// line, diagrams without spaces between cells). Comments are not kept.
///
/// # Examples
///
/// ```
/// use go_patterns::{parse, print};
/// let file = parse("pattern p { Gopal comment } place corner; condition emparea(a1,4,4); candidate with(opening,80) c3 end_candidate end_pattern")?;
/// let text = print(&file);
/// assert_eq!(
///     text,
///     "pattern p\n  place corner\n  condition emparea(a1, 4, 4)\n  candidate\n    with(opening, 80) c3\n  end_candidate\nend_pattern\n"
/// );
/// assert_eq!(parse(&text)?, file);
/// # Ok::<_, go_patterns::Error>(())
/// ```
pub fn print(file: &File) -> String {
    let mut out = String::new();
    let mut p = Printer { out: &mut out };
    p.file(file).expect("writing to a String cannot fail");
    out
}

impl fmt::Display for File {
    /// The canonical text ([`print()`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&print(self))
    }
}

impl fmt::Display for Expr {
    /// The expression as the printer writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        Printer { out: &mut out }.expr(self)?;
        f.write_str(&out)
    }
}

struct Printer<'a> {
    out: &'a mut String,
}

/// Whether `text` can be written as a bare word where a name is expected.
fn is_word(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !KEYWORDS.contains(&text)
}

/// A name: bare if it is a word, quoted otherwise.
fn name_text(name: &Name) -> String {
    if is_word(&name.text) {
        name.text.clone()
    } else {
        let mut s = String::from('"');
        for c in name.text.chars() {
            if c == '"' || c == '\\' {
                s.push('\\');
            }
            s.push(c);
        }
        s.push('"');
        s
    }
}

fn range_text(measure: Measure, range: Range) -> String {
    match range.max {
        Some(max) => format!("{} {}..{max}", measure.name(), range.min),
        None => format!("{} {}..", measure.name(), range.min),
    }
}

/// How tightly an expression binds, for parentheses: 0 `or`, 1 `and`, 2 `not`, 3
/// comparisons, then the binary operators' precedences, 10 for unary minus and 11 for
/// primaries.
fn binding(e: &Expr) -> u8 {
    match &e.kind {
        ExprKind::Or(_) => 0,
        ExprKind::And(_) => 1,
        ExprKind::Unary(UnaryOp::Not, _) => 2,
        ExprKind::Binary(op, ..) if op.precedence() == 4 => 3,
        ExprKind::Binary(op, ..) => op.precedence(),
        ExprKind::Unary(UnaryOp::Neg, _) => 10,
        _ => 11,
    }
}

impl Printer<'_> {
    fn line(&mut self, indent: usize, text: &str) -> fmt::Result {
        for _ in 0..indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
        Ok(())
    }

    fn file(&mut self, file: &File) -> fmt::Result {
        if let Some(name) = &file.program {
            self.line(0, &format!("program {}", name_text(name)))?;
            self.line(0, "")?;
        }
        for (i, item) in file.items.iter().enumerate() {
            if i > 0
                && (matches!(item, Item::Pattern(_))
                    || matches!(file.items[i - 1], Item::Pattern(_)))
            {
                self.line(0, "")?;
            }
            match item {
                Item::Const(b) => self.binding(0, "const", b)?,
                Item::Var(b) => self.binding(0, "var", b)?,
                Item::Function(f) => self.function(0, f)?,
                Item::Phase(p) => self.line(
                    0,
                    &format!("phase {} = {}", p.phase.name(), range_text(p.measure, p.range)),
                )?,
                Item::Pattern(p) => self.pattern(p)?,
            }
        }
        Ok(())
    }

    fn binding(&mut self, indent: usize, keyword: &str, b: &Binding) -> fmt::Result {
        let value = self.expr_text(&b.value)?;
        self.line(indent, &format!("{keyword} {} = {value}", b.name.text))
    }

    fn function(&mut self, indent: usize, f: &Function) -> fmt::Result {
        let params: Vec<&str> = f.params.iter().map(|p| p.text.as_str()).collect();
        let body = self.expr_text(&f.body)?;
        self.line(indent, &format!("function {}({}) = {body}", f.name.text, params.join(", ")))
    }

    fn pattern(&mut self, p: &Pattern) -> fmt::Result {
        self.line(0, &format!("pattern {}", name_text(&p.name)))?;
        for section in &p.sections {
            match section {
                Section::Time(specs, _) => {
                    let texts: Vec<String> = specs
                        .iter()
                        .map(|s| match s {
                            TimeSpec::Any => "any".to_owned(),
                            TimeSpec::Phase(p) => p.name().to_owned(),
                            TimeSpec::Range(m, r) => range_text(*m, *r),
                        })
                        .collect();
                    self.line(1, &format!("time {}", texts.join(", ")))?;
                }
                Section::Place(place) => {
                    let sym = match place.symmetric {
                        None => "",
                        Some(true) => " symmetric",
                        Some(false) => " non_symmetric",
                    };
                    self.line(1, &format!("place {}{sym}", place.kind.name()))?;
                }
                Section::Pickup(pickup) => {
                    let text = match pickup {
                        Pickup::None(_) => "none".to_owned(),
                        Pickup::Corner(n, _) => format!("corner({})", self.expr_text(n)?),
                        Pickup::Chain(p, k, _) => {
                            format!("chain({}, {})", self.expr_text(p)?, self.expr_text(k)?)
                        }
                        Pickup::NearLast(p, r, _) => {
                            format!("near_last({}, {})", self.expr_text(p)?, self.expr_text(r)?)
                        }
                    };
                    self.line(1, &format!("pickup {text}"))?;
                }
                Section::Diagram(d) => {
                    self.line(1, "diagram")?;
                    for row in &d.rows {
                        self.line(2, &row.cells)?;
                    }
                }
                Section::Labels(d) => {
                    self.line(1, "labels")?;
                    for row in &d.rows {
                        self.line(2, &row.cells)?;
                    }
                }
                Section::Const(b) => self.binding(1, "const", b)?,
                Section::Var(b) => self.binding(1, "var", b)?,
                Section::Function(f) => self.function(1, f)?,
                Section::Condition(e) => {
                    let text = self.expr_text(e)?;
                    self.line(1, &format!("condition {text}"))?;
                }
                Section::Candidate(block) => self.block(1, block)?,
            }
        }
        self.line(0, "end_pattern")
    }

    fn block(&mut self, indent: usize, block: &CandidateBlock) -> fmt::Result {
        self.line(indent, "candidate")?;
        for list in &block.lists {
            if let Some(tarea) = &list.tarea {
                let areas = self.list_text(&tarea.areas)?;
                self.line(indent + 1, &format!("tarea({areas})"))?;
            }
            self.move_stmt(indent + 1, &list.first)?;
            for next in &list.nexts {
                self.move_stmt(indent + 1, next)?;
            }
            for branch in &list.branches {
                self.line(indent + 1, "branch")?;
                if let Some(c) = &branch.condition {
                    let text = self.expr_text(c)?;
                    self.line(indent + 2, &format!("condition {text}"))?;
                }
                for b in &branch.blocks {
                    self.block(indent + 2, b)?;
                }
                self.line(indent + 1, "end_branch")?;
            }
        }
        self.line(indent, "end_candidate")
    }

    fn move_stmt(&mut self, indent: usize, m: &MoveStmt) -> fmt::Result {
        let keyword = match m.kind {
            MoveKind::With => "with",
            MoveKind::Next => "next",
        };
        let points = self.list_text(&m.points)?;
        self.line(indent, &format!("{keyword}({}, {}) {points}", m.intent, m.weight))?;
        for t in &m.tenuki {
            let points = self.list_text(&t.points)?;
            self.line(indent + 1, &format!("tenuki({}, {}) {points}", t.intent, t.weight))?;
        }
        Ok(())
    }

    fn list_text(&mut self, exprs: &[Expr]) -> Result<String, fmt::Error> {
        let texts: Result<Vec<String>, fmt::Error> =
            exprs.iter().map(|e| self.expr_text(e)).collect();
        Ok(texts?.join(", "))
    }

    fn expr_text(&mut self, e: &Expr) -> Result<String, fmt::Error> {
        let mut out = String::new();
        Printer { out: &mut out }.expr(e)?;
        Ok(out)
    }

    /// Writes `e`, in parentheses when it binds looser than `min`.
    fn operand(&mut self, e: &Expr, min: u8) -> fmt::Result {
        if binding(e) < min {
            self.out.push('(');
            self.expr(e)?;
            self.out.push(')');
            Ok(())
        } else {
            self.expr(e)
        }
    }

    fn expr(&mut self, e: &Expr) -> fmt::Result {
        match &e.kind {
            ExprKind::Int(n) => write!(self.out, "{n}"),
            ExprKind::Bool(b) => write!(self.out, "{b}"),
            ExprKind::Point { col, row } => {
                write!(self.out, "{}{}", (b'a' + col) as char, u32::from(*row) + 1)
            }
            ExprKind::Label(c) => write!(self.out, "{c}"),
            ExprKind::Star => self.out.write_str("*"),
            ExprKind::Name(n) => self.out.write_str(n),
            ExprKind::Call(name, args) => {
                write!(self.out, "{}(", name.text)?;
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.expr(a)?;
                }
                self.out.write_str(")")
            }
            ExprKind::Or(parts) => {
                for (i, part) in parts.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(" or ");
                    }
                    self.operand(part, 1)?;
                }
                Ok(())
            }
            ExprKind::And(parts) => {
                for (i, part) in parts.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(" and ");
                    }
                    self.operand(part, 2)?;
                }
                Ok(())
            }
            ExprKind::Unary(UnaryOp::Not, x) => {
                self.out.push_str("not ");
                self.operand(x, 2)
            }
            ExprKind::Unary(UnaryOp::Neg, x) => {
                self.out.push('-');
                self.operand(x, 10)
            }
            ExprKind::Binary(op, lhs, rhs) => {
                let prec = op.precedence();
                if prec == 4 {
                    // Comparisons: both sides are arithmetic or set expressions.
                    self.operand(lhs, 5)?;
                    write!(self.out, " {} ", op.text())?;
                    self.operand(rhs, 5)
                } else {
                    self.operand(lhs, prec)?;
                    if *op == BinaryOp::Rect {
                        self.out.push(':');
                    } else {
                        write!(self.out, " {} ", op.text())?;
                    }
                    self.operand(rhs, prec + 1)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::parse;

    use super::*;

    fn round_trip(src: &str) {
        let file = parse(src).unwrap_or_else(|e| panic!("{e}"));
        let text = print(&file);
        let again = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(again, file, "{text}");
        assert_eq!(print(&again), text);
    }

    #[test]
    fn parentheses_where_needed() {
        round_trip("pattern p condition (a or b) and not (c and d) or not not e end_pattern");
        round_trip(
            "pattern p condition -(1 + 2) * 3 - (4 - 5) = -x and (a1:b2) | c3:d4 = s end_pattern",
        );
        round_trip("pattern p condition (1 < 2) = (3 >= 4) and a and (b and c) end_pattern");
        round_trip("pattern p condition x * * = * end_pattern");
    }

    #[test]
    fn everything_once() {
        round_trip(
            r#"program "seed examples"
const size_ = 4
var lib = libs(a)
function wide(p) = range(p, 3, 3)
phase opening = moves 1..60
phase endgame = stones 200..
pattern "with space"
  time opening, middle_game, moves 3..9, any
  place corner non_symmetric
  pickup chain(a, 2)
  diagram
    +---
    |.X?
    |.*o
  labels
    +---
    |.X?
    |a*o
  const w = 3
  condition state(a) = friend | empty and emparea(a1, w, 4, b2)
  candidate
    tarea(a1:h8, pset(j1))
    with(joseki, 20.5) d4
      tenuki(attack, -3) d6
    next(joseki, 20) c6, f3
    branch
      condition libs(a) >= 2
      candidate
        with(shape, 1) d6
        with(territory, 0.001) i4
      end_candidate
    end_branch
  end_candidate
end_pattern
"#,
        );
    }
}
