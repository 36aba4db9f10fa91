//! Regression tests named after the issue (issues 3 and 10), among them the two bugs of the
//! `cgt` 0.9 crate recorded in reference/cgt.md section 1.2.

use go_cgt::{Context, Dyadic, Error, LazySum, Limit, Limits, Outcome, Value};

/// `cgt` 0.9 takes the maximum instead of the minimum over Right's options.
#[test]
fn issue_3_cgt09_right_stop_is_a_minimum() {
    let mut ctx = Context::new();
    let g = ctx.parse("{5|1,{4|-1}}").unwrap();
    assert_eq!(ctx.right_stop(g), Dyadic::from(1));
    let g = ctx.parse("{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}").unwrap();
    assert_eq!(ctx.right_stop(g), Dyadic::from(-1));
}

/// `cgt` 0.9 rejects `||` slash notation, `^^` and `^^*`.
#[test]
fn issue_3_cgt09_parses_slashes_and_double_ups() {
    let mut ctx = Context::new();
    let g = ctx.parse("{3||2|1}").unwrap();
    let inner = ctx.parse("{2|1}").unwrap();
    let three = ctx.integer(3);
    assert_eq!(g, ctx.game(&[three], &[inner]).unwrap());
    let up = ctx.parse("^").unwrap();
    let double = ctx.parse("^^").unwrap();
    assert_eq!(double, ctx.sum(up, up).unwrap());
    let star = ctx.parse("*").unwrap();
    assert_eq!(ctx.parse("^^*").unwrap(), ctx.sum(double, star).unwrap());
    assert_eq!(ctx.parse("{3|||2||1|0}").unwrap(), ctx.parse("{3|{2|{1|0}}}").unwrap());
}

/// Deep games built programmatically hit the depth limit as an error.
#[test]
fn issue_3_deep_games_are_refused_not_overflowed() {
    // Runs on a thread with the default test stack (2 MiB).
    let mut ctx = Context::new();
    let mut g = ctx.integer(1);
    let zero = ctx.zero();
    let mut depth_error = None;
    for _ in 0..2000 {
        match ctx.game(&[g], &[zero]) {
            Ok(h) => g = h,
            Err(e) => {
                depth_error = Some(e);
                break;
            }
        }
    }
    assert!(matches!(depth_error, Some(Error::TooDeep { .. })));
    // the deepest allowed game still supports every operation
    let t = ctx.thermograph(g).unwrap();
    assert!(t.temperature() >= Dyadic::ZERO);
    let c = ctx.cool(g, Dyadic::new(1, 1).unwrap()).unwrap();
    assert!(ctx.depth(c) <= ctx.depth_limit());
    assert!(ctx.le(g, g).unwrap());
    let n = ctx.neg(g);
    assert!(matches!(ctx.sum(g, n), Err(Error::TooDeep { .. })));
    let half = ctx.depth_limit() / 2;
    let mut h = ctx.integer(1);
    for _ in 0..half {
        h = ctx.game(&[h], &[zero]).unwrap();
    }
    let nh = ctx.neg(h);
    assert_eq!(ctx.sum(h, nh).unwrap(), zero);
    assert!(!ctx.display(g).to_string().is_empty());
    // every other operation on the deepest game answers or refuses, without crashing
    let one = ctx.integer(1);
    let star = ctx.parse("*").unwrap();
    let up = ctx.parse("^").unwrap();
    assert!(ctx.heat(h, one).is_ok());
    assert!(matches!(ctx.heat(g, star), Ok(_) | Err(Error::TooDeep { .. })));
    assert!(matches!(ctx.overheat(g, one, one), Ok(_) | Err(Error::TooDeep { .. })));
    assert!(matches!(ctx.norton_product(h, up), Ok(_) | Err(Error::TooDeep { .. })));
    assert!(matches!(ctx.reduced_canonical_form(g), Ok(_) | Err(Error::TooDeep { .. })));
    assert!(matches!(ctx.atomic_weight(g), Ok(_) | Err(Error::TooDeep { .. } | Error::NotAtomic)));
    assert!(ctx.birthday(g) >= u64::from(ctx.depth_limit()));
    let lazy = LazySum::new(vec![g, h, h]);
    assert!(matches!(lazy.outcome(&mut ctx), Ok(_) | Err(Error::TooDeep { .. })));
}

/// Huge numbers are exact or an error, never wrong.
#[test]
fn issue_3_huge_numbers_are_exact_or_an_error() {
    let mut ctx = Context::new();
    let big = ctx.parse("4611686018427387904").unwrap(); // 2^62
    assert_eq!(ctx.sum(big, big), Err(Error::Overflow));
    assert!(
        ctx.parse("4611686018427387904 + 4611686018427387904")
            .unwrap_err()
            .message()
            .contains("range")
    );
    let tiny = ctx.parse("1/4611686018427387904").unwrap();
    assert!(ctx.gt(tiny, ctx.zero()).unwrap());
    assert_eq!(
        ctx.parse("1/4611686018427387904 + 1/4611686018427387904").unwrap(),
        ctx.parse("1/2305843009213693952").unwrap()
    );
    assert!(ctx.parse("1/9223372036854775808").is_err());
}

/// Twelve switches of distinct temperatures: the lazy sum decides without the
/// canonical form and agrees with it.
#[test]
fn issue_3_lazy_sum_of_switches() {
    let mut ctx = Context::new();
    let parts: Vec<_> =
        (0..12).map(|i| ctx.parse(&format!("{{{}|{}}}", 2 * i + 3, -i)).unwrap()).collect();
    let lazy = LazySum::new(parts.clone());
    let total = ctx.sum_all(&parts).unwrap();
    assert_eq!(lazy.outcome(&mut ctx).unwrap(), ctx.outcome(total).unwrap());
    assert_eq!(lazy.outcome(&mut ctx).unwrap(), Outcome::Left);
    assert_eq!(lazy.mean(&mut ctx).unwrap(), ctx.mean(total).unwrap());
}

// ---------------------------------------------------------------- issue 10

/// `norton(*22, ^)` ran 92 s and aborted on a 165 MB allocation. It now takes
/// milliseconds (options are compared best first), its atomic weight is `*22`, and
/// a real blowup stops at the games limit.
#[test]
fn issue_10_norton_of_a_nimber_answers_or_stops_cleanly() {
    let mut ctx = Context::new();
    let p = ctx.parse("norton(*22, ^)").unwrap();
    let star22 = ctx.nimber(22).unwrap();
    assert_eq!(ctx.atomic_weight(p), Ok(star22));
    let mut small = Context::with_limits(Limits::default().games(1000));
    let e = small.parse("norton(*22, ^)").unwrap_err();
    assert_eq!(e.error(), Some(&Error::LimitExceeded(Limit::Games(1000))));
    assert!(small.len() <= 1000 + 100, "{} games", small.len());
}

/// Every limit fails with its own error, and the context stays usable.
#[test]
fn issue_10_each_limit_fails_cleanly() {
    let blowup = "norton(*40, ^)";
    for (limits, limit) in [
        (Limits::default().games(2000), Limit::Games(2000)),
        (Limits::default().memory(1 << 20), Limit::Memory(1 << 20)),
        (Limits::default().deadline(std::time::Instant::now()), Limit::Deadline),
    ] {
        let mut ctx = Context::with_limits(limits);
        let e = ctx.eval(blowup).unwrap_err();
        assert_eq!(e.error(), Some(&Error::LimitExceeded(limit)), "{limit:?}");
        ctx.set_limits(Limits::default());
        assert_eq!(ctx.parse("^ + ^").unwrap(), ctx.nus(Dyadic::ZERO, 2, 0).unwrap());
    }
    // the output limit: checked before printing
    let mut ctx = Context::with_limits(Limits::default().output(1 << 16));
    let g = ctx.parse("heat(*20, 1)").unwrap();
    assert!(ctx.display(g).printed_len() > 1 << 30);
    assert_eq!(ctx.display(g).try_to_string(), Err(Error::LimitExceeded(Limit::Output(1 << 16))));
    // the lazy search honours the deadline too (Tiny forms against a Miny: no bound
    // decides, the search is long)
    let mut parts: Vec<_> = (1..=16).map(|i| ctx.parse(&format!("Tiny({i})")).unwrap()).collect();
    parts.push(ctx.parse("Miny(1/2)").unwrap());
    ctx.set_limits(Limits::default().deadline(std::time::Instant::now()));
    let lazy = LazySum::new(parts);
    assert_eq!(lazy.outcome(&mut ctx), Err(Error::LimitExceeded(Limit::Deadline)));
}

/// `*999 + +-1` took 43 s; the nimber's moves are dominated by the switch's, so the
/// sum is `{1*999 | -1*999}`, checked here against the general sum for small
/// nimbers written out as option lists.
#[test]
fn issue_10_nimber_plus_switch_is_a_closed_form() {
    let mut ctx = Context::new();
    let g = ctx.parse("*999 + +-1").unwrap();
    assert_eq!(ctx.display(g).to_string(), "+-(1*999)");
    for n in 1..=9 {
        let stars: Vec<String> = (0..n).map(|k| format!("*{k}")).collect();
        let written = format!("{{{0}|{0}}}", stars.join(","));
        let by_options = ctx.parse(&format!("{{1 + ({written}) | -1 + ({written})}}")).unwrap();
        assert_eq!(ctx.parse(&format!("*{n} + +-1")).unwrap(), by_options, "*{n}");
    }
}

/// Sums of 60 hot switches took seconds to build and minutes to print: built
/// directly in canonical form, compared by the lazy search, printed only within
/// the output limit.
#[test]
fn issue_10_sums_of_hot_switches() {
    let mut ctx = Context::new();
    let parts: Vec<_> =
        (0..60).map(|i| ctx.parse(&format!("{{{}|{}}}", 2 * i + 3, -i)).unwrap()).collect();
    let total = ctx.sum_all(&parts).unwrap();
    // hottest first: the stops
    let stop = |left_first: bool| -> i64 {
        (0..60i64)
            .rev()
            .enumerate()
            .map(|(k, i)| if (k % 2 == 0) == left_first { 2 * i + 3 } else { -i })
            .sum()
    };
    assert_eq!(ctx.left_stop(total), Dyadic::from(stop(true)));
    assert_eq!(ctx.right_stop(total), Dyadic::from(stop(false)));
    assert_eq!(ctx.outcome(total).unwrap(), Outcome::Left);
    assert_eq!(LazySum::new(parts).outcome(&mut ctx).unwrap(), Outcome::Left);
    let text: Vec<String> = (0..60).map(|i| format!("{{{}|{}}}", 2 * i + 3, -i)).collect();
    assert_eq!(ctx.eval(&format!("{} > 0", text.join(" + "))).unwrap(), Value::Bool(true));
}

/// `Tiny(1) + … + Tiny(39)`: compared with 0 at once by the lazy search (each part
/// is positive), and its canonical form refused by the output limit when printed.
#[test]
fn issue_10_sums_of_tiny() {
    let tinies: Vec<String> = (1..=39).map(|i| format!("Tiny({i})")).collect();
    let mut ctx = Context::new();
    assert_eq!(ctx.eval(&format!("({}) > 0", tinies.join(" + "))).unwrap(), Value::Bool(true));
    assert_eq!(
        ctx.eval(&format!("outcome({})", tinies.join(" + "))).unwrap(),
        Value::Outcome(Outcome::Left)
    );
    let mut ctx = Context::with_limits(Limits::default().output(1 << 20));
    let g = ctx.parse(&tinies[..12].join(" + ")).unwrap();
    assert!(ctx.display(g).try_to_string().is_err());
    assert_eq!(ctx.outcome(g).unwrap(), Outcome::Left);
}

/// Adding many games at once checks the depth of each partial sum, as adding them
/// one by one does: 2001 stars are `*`, 1500 copies of `{1|0}` are a number.
#[test]
fn issue_10_long_sums_check_partial_depths() {
    let mut ctx = Context::new();
    let stars = vec!["*"; 2001].join(" + ");
    assert_eq!(ctx.parse(&stars).unwrap(), ctx.nimber(1).unwrap());
    let halves = vec!["{1|0}"; 1500].join(" + ");
    let g = ctx.parse(&halves).unwrap();
    assert!(ctx.is_number(g) || ctx.depth(g) <= 1, "{}", ctx.display(g));
    // and the deepest parts still refuse: ^500 + ^501 is deeper than the limit
    assert!(ctx.parse("^500 + ^501 + *").unwrap_err().message().contains("depth"));
}
