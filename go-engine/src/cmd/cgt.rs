//! `go-engine cgt`: evaluates combinatorial game expressions with go-cgt.

use go_cgt::{Context, Value};
use std::io::{BufRead, Write};
use std::process::ExitCode;

/// Evaluate a combinatorial game expression and print its canonical form.
///
/// EXPR uses CGSuite's notation ({3||2|1}, *2, ^, v3, ^^*, +-1, 1/2, Tiny(x)) with
/// sums and differences, parentheses, one comparison (<= >= < > == != || <| |>,
/// printing true or false) and the functions cool(G,t), heat(G,t),
/// overheat(G,s,t), mean, temperature, leftstop, rightstop, thermograph,
/// atomicweight, rcf, birthday, outcome, norton(G,U), farstar, Tiny and Miny.
/// Without EXPR, reads one expression per line from standard input.
#[derive(Debug, clap::Args)]
pub(crate) struct CgtArgs {
    /// The expression (omit to read expressions from standard input, one per line).
    expr: Option<String>,
    /// Print one JSON object per expression.
    #[arg(long)]
    json: bool,
    /// Print with ↑ ↓ ⇑ ⇓ ½ ± instead of ASCII.
    #[arg(long)]
    unicode: bool,
}

pub(crate) fn run(args: &CgtArgs) -> ExitCode {
    go_engine::output::run("go-engine cgt", |out| Ok(run_with(args, out)?))
}

/// The command, writing to `out` (its errors end the command: see `go_engine::output`).
fn run_with(args: &CgtArgs, mut out: &mut impl Write) -> std::io::Result<ExitCode> {
    let mut ctx = Context::new();
    let mut ok = true;
    match &args.expr {
        Some(expr) => ok &= evaluate(&mut ctx, expr, args, &mut out)?,
        None => {
            for line in std::io::stdin().lock().lines() {
                let line = match line {
                    Ok(line) => line,
                    Err(e) => {
                        eprintln!("error: reading standard input: {e}");
                        return Ok(ExitCode::FAILURE);
                    }
                };
                if line.trim().is_empty() {
                    continue;
                }
                ok &= evaluate(&mut ctx, &line, args, &mut out)?;
            }
        }
    }
    Ok(if ok { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// Evaluates one expression and prints the answer (or the error); `false` on error.
fn evaluate(
    ctx: &mut Context,
    expr: &str,
    args: &CgtArgs,
    out: &mut impl Write,
) -> std::io::Result<bool> {
    match ctx.eval(expr) {
        Ok(value) => {
            let (kind, text) = match &value {
                Value::Game(g) => {
                    let d = ctx.display(*g);
                    ("game", if args.unicode { d.unicode().to_string() } else { d.to_string() })
                }
                Value::Bool(b) => ("bool", b.to_string()),
                Value::Thermograph(t) => ("thermograph", t.to_string()),
                Value::Outcome(o) => ("outcome", o.to_string()),
            };
            let line = if args.json {
                serde_json::json!({ "expr": expr, "kind": kind, "value": text }).to_string()
            } else {
                text
            };
            writeln!(out, "{line}")?;
            Ok(true)
        }
        Err(e) => {
            if args.json {
                let obj = serde_json::json!({
                    "expr": expr,
                    "error": { "column": e.column(), "message": e.message() },
                });
                writeln!(out, "{obj}")?;
            }
            eprintln!("error: {e}");
            Ok(false)
        }
    }
}
