//! `go-engine cgt`: evaluates combinatorial game expressions with go-cgt.

use go_cgt::{Context, Error, FUNCTIONS, Limit, Limits, ParseError, Value};
use std::fmt;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

/// Evaluate combinatorial game expressions in CGSuite's notation: canonical forms,
/// comparisons, thermographs, cooling and heating, atomic weights
#[derive(Debug, clap::Args)]
#[command(
    after_help = "The grammar of EXPR, the functions and the JSON fields: see --help.",
    after_long_help = grammar_help()
)]
pub(crate) struct CgtArgs {
    /// The expression; omit it, or give `-`, to read expressions from standard input,
    /// one per line (an expression may start with `-`: `go-engine cgt "-1/2 < 0"`)
    #[arg(allow_hyphen_values = true, value_name = "EXPR")]
    expr: Option<String>,
    /// Print one JSON object per expression (fields below)
    #[arg(long)]
    json: bool,
    /// Print with ↑ ↓ ⇑ ⇓ ½ ± instead of ASCII
    #[arg(long)]
    unicode: bool,
    /// Most games one expression may create (canonical forms can grow exponentially)
    #[arg(long, value_name = "N", default_value_t = go_cgt::DEFAULT_GAMES)]
    max_games: usize,
    /// Most memory one expression may use, in MiB (the games and the memo tables)
    #[arg(long, value_name = "MIB", default_value_t = go_cgt::DEFAULT_MEMORY >> 20)]
    max_memory: usize,
    /// Most bytes of one printed answer (printed forms can be exponentially longer
    /// than the game)
    #[arg(long, value_name = "BYTES", default_value_t = go_cgt::DEFAULT_OUTPUT)]
    max_output: usize,
    /// Most seconds one expression may take; 0 for no limit
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    timeout: f64,
    /// Longest line read from standard input, in bytes (a longer line is an error, and
    /// the input after it is not read)
    #[arg(long, value_name = "BYTES", default_value_t = 16 << 20)]
    max_line: usize,
}

/// The long help: the grammar, the functions (from go-cgt's table) and the JSON
/// fields.
fn grammar_help() -> String {
    let mut s = String::from(
        "EXPRESSIONS (CGSuite's notation; spaces are ignored)\n\
         \x20 numbers      integers 3, -2, and dyadic fractions 3/4, -5/8 (denominators\n\
         \x20              powers of two up to 2^62); 1½ with --unicode's ½\n\
         \x20 nimbers      * (star), *2, *n\n\
         \x20 ups, downs   ^ (up), ^^, ^3 (three ups), v (down), vv, v3; also ↑ ⇑ ↓ ⇓;\n\
         \x20              written after a number or a star they add up: 1^*, 3/2v*2\n\
         \x20 games        {L1, L2 | R1, R2}: Left's options, a bar, Right's options;\n\
         \x20              slashes nest: {3||2|1} is {3|{2|1}}\n\
         \x20 switches     +-x is {x|-x}, +-(a, b) is {a, b | -a, -b}; also ±\n\
         \x20 sums         G + H, G - H, -G, parentheses; a '-' right before a number\n\
         \x20              belongs to it (-1^ is -1 + ^)\n\
         \x20 comparison   one at the end, printing true or false:\n\
         \x20              G <= H, G >= H, G < H, G > H, G == H, G != H,\n\
         \x20              G || H (confused: the first player wins G - H),\n\
         \x20              G <| H (less than or confused), G |> H (greater or confused)\n\
         \nFUNCTIONS (names are case-insensitive)\n",
    );
    let width = FUNCTIONS.iter().map(|f| f.signature.len()).max().unwrap_or(0);
    for f in FUNCTIONS {
        s.push_str(&format!("  {:width$}  {}", f.signature, f.meaning));
        if f.names.len() > 1 {
            s.push_str(&format!(" (also {})", f.names[1..].join(", ")));
        }
        s.push('\n');
    }
    s.push_str(
        "\nOUTPUT\n\
         \x20 One line per expression: the canonical form (a game), true or false (a\n\
         \x20 comparison), a thermograph, or an outcome class (L, R, N, P). Errors go to\n\
         \x20 standard error as 'error: [line N, ]column C: message'; after a bad line the\n\
         \x20 next lines still run, and the exit status is 1. A line of standard input\n\
         \x20 that is not UTF-8 is such an error; a line longer than --max-line stops\n\
         \x20 the reading (its end may never come).\n\
         \nJSON (--json: one object per expression)\n\
         \x20 expr     the expression, as read\n\
         \x20 line     its line number (standard input only)\n\
         \x20 kind     \"game\", \"bool\", \"thermograph\" or \"outcome\"\n\
         \x20 value    the answer: a string in the notation above, or a JSON boolean\n\
         \x20 error    instead of kind and value: {\"column\": C, \"message\": M}, and\n\
         \x20          \"limit\": \"games\" | \"memory\" | \"output\" | \"deadline\" when a limit\n\
         \x20          stopped it (column is null for a line that is not UTF-8 or too long)\n\
         \nLIMITS\n\
         \x20 Each expression gets a fresh context with the limits of --max-games,\n\
         \x20 --max-memory, --max-output and --timeout; reaching one is an error that\n\
         \x20 names the option to raise.\n\
         \nEXAMPLES\n\
         \x20 go-engine cgt '{3||2|1} + {3||2|1}'      {5|{4,{5|4}|3}}\n\
         \x20 go-engine cgt 'cool({6||4|0}, 2)'        4^\n\
         \x20 go-engine cgt '-1/2 == -1/2'             true\n\
         \x20 go-engine cgt '2* + 4^ + -7 || -1'       true\n",
    );
    s
}

/// Where an expression came from, for messages.
#[derive(Clone, Copy)]
enum Origin {
    Argument,
    Line(u64),
}

pub(crate) fn run(args: &CgtArgs) -> ExitCode {
    go_engine::output::run("go-engine cgt", |stdout| run_with(args, stdout))
}

/// The command, writing through `stdout` (a failed write ends it: see
/// `go_engine::output`).
fn run_with(
    args: &CgtArgs,
    stdout: &mut go_engine::output::Stdout,
) -> Result<ExitCode, go_engine::output::CommandError> {
    let mut out = Output { out: stdout, failed: None };
    let mut ok = true;
    match args.expr.as_deref() {
        // no expression starts with "--": a mistyped option
        Some(expr) if expr.starts_with("--") => {
            eprintln!("error: unknown option '{expr}' (see go-engine cgt --help)");
            return Ok(ExitCode::from(2));
        }
        Some(expr) if expr != "-" => ok &= evaluate(expr, Origin::Argument, args, &mut out),
        _ => {
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            let mut buf = Vec::new();
            let mut number = 0u64;
            loop {
                number += 1;
                let origin = Origin::Line(number);
                let line = match read_line(&mut input, &mut buf, args.max_line) {
                    Ok(Line::End) => break,
                    Ok(Line::TooLong) => {
                        // where it ends is unknown (it may never end): stop here
                        let msg = format!(
                            "longer than --max-line ({} bytes); the rest of the input is not read",
                            args.max_line
                        );
                        report_line_error(number, &msg, args, &mut out);
                        ok = false;
                        break;
                    }
                    Ok(Line::Text) => match std::str::from_utf8(&buf) {
                        Ok(line) => line.trim_end_matches(['\n', '\r']),
                        Err(e) => {
                            let msg = format!("not valid UTF-8 (at byte {})", e.valid_up_to() + 1);
                            ok &= report_line_error(number, &msg, args, &mut out);
                            continue;
                        }
                    },
                    Err(e) => {
                        eprintln!("error: reading standard input: {e}");
                        return Ok(ExitCode::FAILURE);
                    }
                };
                if line.trim().is_empty() {
                    continue;
                }
                ok &= evaluate(line, origin, args, &mut out);
                if out.failed.is_some() {
                    break;
                }
            }
        }
    }
    match out.failed {
        Some(e) => Err(e.into()),
        None if ok => Ok(ExitCode::SUCCESS),
        None => Ok(ExitCode::FAILURE),
    }
}

/// Standard output: every answer goes through [`Output::line`]; after the first
/// failed write nothing more is written.
struct Output<W: Write> {
    out: W,
    failed: Option<std::io::Error>,
}

impl<W: Write> Output<W> {
    fn line(&mut self, text: &str) {
        if self.failed.is_some() {
            return;
        }
        if let Err(e) = writeln!(self.out, "{text}").and_then(|()| self.out.flush()) {
            self.failed = Some(e);
        }
    }
}

/// What [`read_line`] read.
enum Line {
    /// A line (with its newline, if any) is in the buffer.
    Text,
    /// The line is longer than the limit (the reading stopped inside it).
    TooLong,
    /// End of input.
    End,
}

/// Reads one line into `buf`, holding at most `max` bytes of it (and reading at most
/// one buffer past them).
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>, max: usize) -> std::io::Result<Line> {
    buf.clear();
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(if buf.is_empty() { Line::End } else { Line::Text });
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        // the newline does not count
        let text = take - usize::from(done);
        if buf.len() + text > max {
            return Ok(Line::TooLong);
        }
        buf.extend_from_slice(&chunk[..take]);
        input.consume(take);
        if done {
            return Ok(Line::Text);
        }
    }
}

/// Reports a line that could not be read as an expression; always `false`.
fn report_line_error(n: u64, message: &str, args: &CgtArgs, out: &mut Output<impl Write>) -> bool {
    if args.json {
        let obj = serde_json::json!({
            "line": n,
            "error": { "column": null, "message": message },
        });
        out.line(&obj.to_string());
    }
    eprintln!("error: line {n}: {message}");
    false
}

/// The context for one expression, with the limits of the arguments.
fn context(args: &CgtArgs) -> Context {
    let mut limits = Limits::default()
        .games(args.max_games)
        .memory(args.max_memory.saturating_mul(1 << 20))
        .output(args.max_output);
    if args.timeout > 0.0
        && let Ok(d) = Duration::try_from_secs_f64(args.timeout)
    {
        limits = limits.time(d);
    }
    Context::with_limits(limits)
}

/// The option that raises `limit`, and the name of the limit in JSON.
fn limit_names(limit: &Limit) -> (&'static str, &'static str) {
    match limit {
        Limit::Games(_) => ("--max-games", "games"),
        Limit::Memory(_) => ("--max-memory", "memory"),
        Limit::Output(_) => ("--max-output", "output"),
        _ => ("--timeout", "deadline"),
    }
}

/// Evaluates one expression and prints the answer (or the error); `false` on error.
fn evaluate(expr: &str, origin: Origin, args: &CgtArgs, out: &mut Output<impl Write>) -> bool {
    let mut ctx = context(args);
    let answer = ctx.eval(expr).map_err(Failure::from).and_then(|value| {
        let (kind, text) = match &value {
            Value::Game(g) => {
                let d = ctx.display(*g);
                let d = if args.unicode { d.unicode() } else { d };
                // the printed form must fit the output limit: refused at column 1
                let text = d.try_to_string().map_err(Failure::whole)?;
                ("game", serde_json::Value::String(text))
            }
            Value::Bool(b) => ("bool", serde_json::Value::Bool(*b)),
            Value::Thermograph(t) => ("thermograph", serde_json::Value::String(t.to_string())),
            Value::Outcome(o) => ("outcome", serde_json::Value::String(o.to_string())),
        };
        Ok((kind, text))
    });
    let line = match origin {
        Origin::Argument => None,
        Origin::Line(n) => Some(n),
    };
    match answer {
        Ok((kind, value)) => {
            if args.json {
                let mut obj = serde_json::json!({ "expr": expr, "kind": kind, "value": value });
                if let Some(n) = line {
                    obj["line"] = n.into();
                }
                out.line(&obj.to_string());
            } else {
                match value {
                    serde_json::Value::String(s) => out.line(&s),
                    other => out.line(&other.to_string()),
                }
            }
            true
        }
        Err(e) => {
            let limit = match e.error() {
                Some(Error::LimitExceeded(limit)) => Some(limit_names(limit)),
                _ => None,
            };
            if args.json {
                let mut error = serde_json::json!({ "column": e.column(), "message": e.message() });
                if let Some((_, name)) = limit {
                    error["limit"] = name.into();
                }
                let mut obj = serde_json::json!({ "expr": expr, "error": error });
                if let Some(n) = line {
                    obj["line"] = n.into();
                }
                out.line(&obj.to_string());
            }
            let hint =
                limit.map(|(option, _)| format!(" (raise it with {option})")).unwrap_or_default();
            match line {
                Some(n) => eprintln!("error: line {n}, {e}{hint}"),
                None => eprintln!("error: {e}{hint}"),
            }
            false
        }
    }
}

/// Why an expression has no answer: a [`ParseError`], or an answer too long to
/// print (reported at column 1).
struct Failure {
    column: usize,
    message: String,
    error: Option<Error>,
}

impl Failure {
    /// An error of the whole expression.
    fn whole(e: Error) -> Failure {
        Failure { column: 1, message: e.to_string(), error: Some(e) }
    }

    fn error(&self) -> Option<&Error> {
        self.error.as_ref()
    }

    fn column(&self) -> usize {
        self.column
    }

    fn message(&self) -> &str {
        &self.message
    }
}

impl From<ParseError> for Failure {
    fn from(e: ParseError) -> Failure {
        Failure { column: e.column(), message: e.message().to_owned(), error: e.error().cloned() }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}
