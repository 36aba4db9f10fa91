//! The fuzz harness of the expression parser and evaluator (issue 10): on any
//! input, `Context::eval` returns a value or an error with a column inside the text
//! (or just after it), never panics, hangs, overflows the stack or holds more
//! memory than its limits allow. Proptest drives it with arbitrary text, random
//! bytes, token soup and grammar-shaped expressions; the inputs the issue names
//! (100k-deep nesting, 10 MB lines, NUL and non-UTF-8 bytes, huge numbers, huge
//! `*n` and `Tiny` arguments, exponential blowups) are fixed cases. Every case runs
//! under small limits and a deadline, so the whole harness takes a few seconds.

use go_cgt::{Context, Error, Limit, Limits, MAX_NESTING, Value};
use proptest::prelude::*;
use std::time::Duration;

/// The limits of every fuzz case: small, so a blowup is cut short.
const GAMES: usize = 20_000;
const MEMORY: usize = 48 << 20;
const OUTPUT: usize = 1 << 20;

fn fuzz_context() -> Context {
    let limits =
        Limits::default().games(GAMES).memory(MEMORY).output(OUTPUT).time(Duration::from_secs(2));
    Context::with_limits(limits)
}

/// Evaluates `src` and checks the contract; returns the outcome for case-specific
/// checks.
fn check(src: &str) -> Result<Value, go_cgt::ParseError> {
    let mut ctx = fuzz_context();
    let r = ctx.eval(src);
    match &r {
        Ok(Value::Game(g)) => {
            // printing is bounded too
            match ctx.display(*g).try_to_string() {
                Ok(text) => {
                    assert!(text.len() <= OUTPUT);
                    // what we print, we read back
                    let mut other = fuzz_context();
                    if let Ok(h) = other.parse(&text) {
                        assert_eq!(other.display(h).to_string(), text, "{src}");
                    }
                }
                Err(e) => assert_eq!(e, Error::LimitExceeded(Limit::Output(OUTPUT)), "{src}"),
            }
        }
        Ok(_) => {}
        Err(e) => {
            let chars = src.chars().count();
            assert!(e.column() >= 1 && e.column() <= chars + 1, "{src:?}: {e}");
            assert!(e.message().len() < 400, "{src:?}: a long message: {e}");
        }
    }
    // memory stayed near the limit (it is checked every 1024 steps; a table that
    // doubles may pass it for a while)
    assert!(ctx.memory_estimate() <= 2 * MEMORY, "{src:?}: {} bytes", ctx.memory_estimate());
    assert!(ctx.len() <= GAMES + 10_000, "{src:?}: {} games", ctx.len());
    r
}

/// Pieces of the notation, for token soup.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "|",
    "||",
    "|||",
    ",",
    "*",
    "*2",
    "*31",
    "*99999999999",
    "^",
    "^^",
    "v",
    "vv",
    "v3",
    "↑",
    "⇓",
    "½",
    "0",
    "1",
    "7",
    "3/4",
    "-1/2",
    "1/4611686018427387904",
    "99999999999999999999",
    "4611686018427387904",
    "/",
    "+-",
    "±",
    "+",
    "-",
    "−",
    "(",
    ")",
    "<=",
    ">=",
    "<",
    ">",
    "==",
    "!=",
    "<|",
    "|>",
    " ",
    "\0",
    "\n",
    "\u{7f}",
    "é",
    "cool(",
    "heat(",
    "overheat(",
    "norton(",
    "mean(",
    "temperature(",
    "thermograph(",
    "aw(",
    "rcf(",
    "birthday(",
    "outcome(",
    "farstar(",
    "Tiny(",
    "Miny(",
    "leftstop(",
    "rightstop(",
    "frobnicate(",
    "_",
    "x",
];

/// A grammar-shaped expression of nesting at most `depth`.
fn expr(depth: u32) -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (-20i64..20).prop_map(|n| n.to_string()),
        (-20i64..20, 0u32..6).prop_map(|(n, k)| format!("{n}/{}", 1u64 << k)),
        (0u32..12).prop_map(|n| format!("*{n}")),
        (1u32..5).prop_map(|n| format!("^{n}")),
        Just("v*".to_owned()),
        Just("+-1".to_owned()),
    ];
    leaf.prop_recursive(depth, 64, 4, |inner| {
        prop_oneof![
            (
                prop::collection::vec(inner.clone(), 0..3),
                prop::collection::vec(inner.clone(), 0..3)
            )
                .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(","), r.join(","))),
            prop::collection::vec(inner.clone(), 2..5).prop_map(|v| v.join(" + ")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}) - ({b})")),
            inner.clone().prop_map(|a| format!("-({a})")),
            inner.clone().prop_map(|a| format!("+-({a})")),
            (inner.clone(), 0u32..4).prop_map(|(a, t)| format!("cool({a}, {t})")),
            (inner.clone(), inner.clone()).prop_map(|(a, t)| format!("heat({a}, {t})")),
            (inner.clone(), inner.clone()).prop_map(|(a, u)| format!("norton({a}, {u})")),
            (inner.clone(), inner.clone(), inner.clone())
                .prop_map(|(a, s, t)| format!("overheat({a}, {s}, {t})")),
            inner.clone().prop_map(|a| format!("Tiny({a})")),
            inner.clone().prop_map(|a| format!("rcf({a})")),
            inner.clone().prop_map(|a| format!("aw({a})")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    /// Any text, control characters and NUL included.
    #[test]
    fn issue_10_fuzz_arbitrary_text(src in "\\PC{0,60}|[\\x00-\\x7f]{0,60}") {
        let _ = check(&src);
    }

    /// Random bytes, decoded as the command line does with a lossy decoder.
    #[test]
    fn issue_10_fuzz_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..80)) {
        let _ = check(&String::from_utf8_lossy(&bytes));
    }

    /// Token soup from the notation's own alphabet.
    #[test]
    fn issue_10_fuzz_token_soup(tokens in prop::collection::vec(prop::sample::select(TOKENS), 0..40)) {
        let _ = check(&tokens.concat());
    }

    /// Expressions shaped by the grammar (deep into the evaluator), and a comparison
    /// of two of them.
    #[test]
    fn issue_10_fuzz_grammar(a in expr(4), b in expr(3), op in prop::sample::select(&["<=", "||", "==", "|>"][..])) {
        let _ = check(&a);
        if let Ok(Value::Bool(_)) | Err(_) = check(&format!("{a} {op} {b}")) {}
    }
}

/// The inputs the issue names.
#[test]
fn issue_10_fuzz_named_inputs() {
    let deep = 100_000;
    for open in ["{", "(", "-(", "+-", "+-(", "Tiny(", "cool(", "{1|"] {
        let src = open.repeat(deep);
        let e = check(&src).unwrap_err();
        assert!(e.message().contains(&format!("nesting deeper than {MAX_NESTING}")), "{open}: {e}");
    }
    let balanced = format!("{}0{}", "{".repeat(deep), "}".repeat(deep));
    assert!(check(&balanced).is_err());
    // nesting within the limit, deeper than any game may be: a clean error
    let chain =
        format!("{}0{}", "{0|".repeat(MAX_NESTING / 2 - 1), "}".repeat(MAX_NESTING / 2 - 1));
    assert!(check(&chain).is_ok());
    for (src, needle) in [
        ("99999999999999999999999999999999", "integer too large"),
        ("*99999999999", "nimber too large"),
        ("*4294967295", "depth"),
        ("^2147483647", "depth"),
        ("v2147483648", "too many ups"),
        ("Tiny(*1000)", "depth"),
        ("1/0", "power of two"),
        ("1/3", "power of two"),
        ("1/9223372036854775807", "power of two"),
        ("4611686018427387904 + 4611686018427387904", "range"),
        ("norton(*100, ^)", "stopped"),
        ("{1|2|3}", "ambiguous slashes"),
        ("1 \0 2", "unexpected character '\\0'"),
        ("\u{feff}1", "unexpected character"),
    ] {
        let e = check(src).unwrap_err();
        assert!(e.message().contains(needle), "{src:?}: {e}");
    }
    // switches of 30 distinct temperatures 2^i: 2^30 followers in canonical form
    let switches: Vec<String> = (0..30).map(|i| format!("+-{}", 1u64 << i)).collect();
    let e = check(&switches.join(" + ")).unwrap_err();
    assert!(e.message().contains("20000 games"), "{e}");
    // huge but legitimate: computed, and printed only within the output limit
    assert!(matches!(check("norton(*22, ^)"), Ok(Value::Game(_))));
    assert_eq!(check("{|}"), check("0"));
    assert!(matches!(check("heat(*20, 1)"), Ok(Value::Game(_))));
    assert!(matches!(check("*999 + +-1"), Ok(Value::Game(_))));
    assert!(matches!(check("Tiny(4611686018427387904)"), Ok(Value::Game(_))));
}

/// 10 MB lines: long sums, long names, long numbers, one long run of bars.
#[test]
fn issue_10_fuzz_ten_megabyte_lines() {
    let n = 10 << 20;
    let sum = "1+".repeat(n / 2) + "*";
    assert!(check(&sum).is_ok());
    let name = "x".repeat(n) + "(1)";
    assert!(check(&name).unwrap_err().message().contains("unknown function"));
    let digits = "9".repeat(n);
    assert!(check(&digits).unwrap_err().message().contains("too large"));
    let bars = format!("{{1{}2}}", "|".repeat(n));
    assert!(check(&bars).is_ok());
    let downs = "v".repeat(n);
    assert!(check(&downs).unwrap_err().message().contains("depth"));
    let nul = "\0".repeat(n);
    assert_eq!(check(&nul).unwrap_err().column(), 1);
}

/// Deep games at the depth limit, combined with everything: errors, not stack
/// overflows (the test thread has the default 2 MiB stack).
#[test]
fn issue_10_fuzz_deep_games_do_not_overflow_the_stack() {
    let mut ctx = fuzz_context();
    let zero = ctx.zero();
    let mut g = ctx.integer(1);
    while ctx.depth(g) < ctx.depth_limit() {
        g = ctx.game(&[g], &[zero]).unwrap();
    }
    let mut h = ctx.integer(1);
    while ctx.depth(h) < ctx.depth_limit() / 2 {
        h = ctx.game(&[h], &[zero]).unwrap();
    }
    let star5 = ctx.nimber(5).unwrap();
    let up = ctx.parse("^").unwrap();
    for (a, b) in [(g, star5), (h, star5), (h, h), (g, up), (h, up)] {
        let _ = ctx.sum(a, b);
        let _ = ctx.le(a, b);
        let _ = ctx.sum_all(&[a, b, star5]);
        let _ = ctx.heat(a, b);
        let _ = ctx.norton_product(a, b);
    }
    assert!(ctx.display(g).try_to_string().is_ok());
}
