//! Regression tests named after the issue (issue 3), among them the two bugs of the
//! `cgt` 0.9 crate recorded in reference/cgt.md section 1.2.

use go_cgt::{Context, Dyadic, Error, LazySum, Outcome};

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
