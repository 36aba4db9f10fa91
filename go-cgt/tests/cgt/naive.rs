//! A deliberately naive reference implementation: games are plain trees, nothing
//! is interned or memoised, every operation follows its textbook definition. The
//! differential tests compare the crate with it on random small games.

use crate::common::{Tree, tree};
use go_cgt::{Context, Dyadic, GameId};
use proptest::prelude::*;

#[derive(Clone, Debug)]
struct N {
    l: Vec<N>,
    r: Vec<N>,
}

fn le(a: &N, b: &N) -> bool {
    !a.l.iter().any(|x| le(b, x)) && !b.r.iter().any(|y| le(y, a))
}

fn eq(a: &N, b: &N) -> bool {
    le(a, b) && le(b, a)
}

fn neg(a: &N) -> N {
    N { l: a.r.iter().map(neg).collect(), r: a.l.iter().map(neg).collect() }
}

/// The canonical form: canonical options, then bypass reversible options and remove
/// dominated ones until nothing changes.
fn canonical(g: &N) -> N {
    let mut l: Vec<N> = g.l.iter().map(canonical).collect();
    let mut r: Vec<N> = g.r.iter().map(canonical).collect();
    loop {
        let whole = N { l: l.clone(), r: r.clone() };
        let mut changed = false;
        if let Some(i) = l.iter().position(|x| x.r.iter().any(|xr| le(xr, &whole))) {
            let x = l.remove(i);
            let xr = x.r.iter().find(|xr| le(xr, &whole)).unwrap().clone();
            l.extend(xr.l);
            changed = true;
        } else if let Some(i) = r.iter().position(|y| y.l.iter().any(|yl| le(&whole, yl))) {
            let y = r.remove(i);
            let yl = y.l.iter().find(|yl| le(&whole, yl)).unwrap().clone();
            r.extend(yl.r);
            changed = true;
        } else {
            for side in [true, false] {
                let opts = if side { &mut l } else { &mut r };
                let mut i = 0;
                while i < opts.len() {
                    let dominated = (0..opts.len()).any(|j| {
                        j != i
                            && if side { le(&opts[i], &opts[j]) } else { le(&opts[j], &opts[i]) }
                            && (!eq(&opts[i], &opts[j]) || j < i)
                    });
                    if dominated {
                        opts.remove(i);
                        changed = true;
                    } else {
                        i += 1;
                    }
                }
            }
        }
        if !changed {
            return N { l, r };
        }
    }
}

fn add(a: &N, b: &N) -> N {
    let mut l: Vec<N> = a.l.iter().map(|x| add(x, b)).collect();
    l.extend(b.l.iter().map(|y| add(a, y)));
    let mut r: Vec<N> = a.r.iter().map(|x| add(x, b)).collect();
    r.extend(b.r.iter().map(|y| add(a, y)));
    canonical(&N { l, r })
}

/// The value of a canonical game if it is a number (f64 is exact for these).
fn number(c: &N) -> Option<f64> {
    let l: Option<Vec<f64>> = c.l.iter().map(number).collect();
    let r: Option<Vec<f64>> = c.r.iter().map(number).collect();
    let (l, r) = (l?, r?);
    let lo = l.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let hi = r.iter().copied().fold(f64::INFINITY, f64::min);
    if lo >= hi {
        return None;
    }
    // the simplest number strictly between
    if lo < 0.0 && hi > 0.0 {
        return Some(0.0);
    }
    let (neg, lo, hi) = if hi <= 0.0 { (true, -hi, -lo) } else { (false, lo, hi) };
    let mut n = if lo < 0.0 { 0.0 } else { lo.floor() + 1.0 };
    if n >= hi {
        let mut step = 0.5;
        loop {
            n = (lo / step).floor() * step + step;
            if n < hi {
                break;
            }
            step /= 2.0;
        }
    }
    Some(if neg { -n } else { n })
}

fn from_number(x: f64) -> N {
    if x == 0.0 {
        return N { l: vec![], r: vec![] };
    }
    if x.fract() == 0.0 {
        return if x > 0.0 {
            N { l: vec![from_number(x - 1.0)], r: vec![] }
        } else {
            N { l: vec![], r: vec![from_number(x + 1.0)] }
        };
    }
    let mut d = 1.0;
    while (x * d).fract() != 0.0 {
        d *= 2.0;
    }
    N { l: vec![from_number(x - 1.0 / d)], r: vec![from_number(x + 1.0 / d)] }
}

fn from_tree(t: &Tree) -> N {
    match t {
        Tree::Num(n, e) => from_number(*n as f64 / (1u64 << e) as f64),
        Tree::Node(l, r) => {
            N { l: l.iter().map(from_tree).collect(), r: r.iter().map(from_tree).collect() }
        }
    }
}

fn left_stop(c: &N) -> f64 {
    number(c).unwrap_or_else(|| c.l.iter().map(right_stop).fold(f64::NEG_INFINITY, f64::max))
}

fn right_stop(c: &N) -> f64 {
    number(c).unwrap_or_else(|| c.r.iter().map(left_stop).fold(f64::INFINITY, f64::min))
}

/// `∫^t G` for a canonical `g`.
fn heat(g: &N, t: &N) -> N {
    if number(g).is_some() {
        return g.clone();
    }
    let nt = neg(t);
    let l: Vec<N> = g.l.iter().map(|x| add(&heat(x, t), t)).collect();
    let r: Vec<N> = g.r.iter().map(|x| add(&heat(x, t), &nt)).collect();
    canonical(&N { l, r })
}

/// Whether the interned game `g` has exactly the canonical form `c`.
fn same_form(ctx: &mut Context, c: &N, g: GameId) -> bool {
    let gl = ctx.left_options(g);
    let gr = ctx.right_options(g);
    gl.len() == c.l.len()
        && gr.len() == c.r.len()
        && c.l.iter().all(|x| gl.iter().any(|&y| same_form(ctx, x, y)))
        && c.r.iter().all(|x| gr.iter().any(|&y| same_form(ctx, x, y)))
}

fn d(x: f64) -> Dyadic {
    let mut e = 0;
    while (x * f64::from(1u32 << e)).fract() != 0.0 {
        e += 1;
    }
    Dyadic::new((x * f64::from(1u32 << e)) as i64, e).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn canonical_forms_agree(t in tree(3, 3)) {
        let mut ctx = Context::new();
        let g = t.build(&mut ctx);
        let c = canonical(&from_tree(&t));
        prop_assert!(same_form(&mut ctx, &c, g), "{t:?} gave {}", ctx.display(g));
    }

    #[test]
    fn sums_comparisons_and_stops_agree(a in tree(2, 2), b in tree(2, 2)) {
        let mut ctx = Context::new();
        let (ga, gb) = (a.build(&mut ctx), b.build(&mut ctx));
        let (ca, cb) = (canonical(&from_tree(&a)), canonical(&from_tree(&b)));
        let s = ctx.sum(ga, gb).unwrap();
        let cs = add(&ca, &cb);
        prop_assert!(same_form(&mut ctx, &cs, s), "{} + {} = {}", ctx.display(ga), ctx.display(gb), ctx.display(s));
        let n = ctx.neg(ga);
        prop_assert!(same_form(&mut ctx, &canonical(&neg(&ca)), n));
        prop_assert_eq!(ctx.le(ga, gb).unwrap(), le(&ca, &cb));
        prop_assert_eq!(ctx.le(gb, ga).unwrap(), le(&cb, &ca));
        prop_assert_eq!(ctx.left_stop(s), d(left_stop(&cs)));
        prop_assert_eq!(ctx.right_stop(s), d(right_stop(&cs)));
        prop_assert_eq!(ctx.as_number(s), number(&cs).map(d));
    }

    #[test]
    fn heating_agrees(a in tree(2, 2), t in tree(1, 1)) {
        let mut ctx = Context::new();
        let (ga, gt) = (a.build(&mut ctx), t.build(&mut ctx));
        let h = ctx.heat(ga, gt).unwrap();
        let ch = heat(&canonical(&from_tree(&a)), &canonical(&from_tree(&t)));
        prop_assert!(same_form(&mut ctx, &ch, h), "heat({}, {}) = {}", ctx.display(ga), ctx.display(gt), ctx.display(h));
    }
}

/// The NUS shortcuts (closed forms of x + ↑n + *m) agree with the naive sums.
#[test]
fn uptimal_closed_forms_agree() {
    let mut ctx = Context::new();
    let star = N { l: vec![from_number(0.0)], r: vec![from_number(0.0)] };
    let up = N { l: vec![from_number(0.0)], r: vec![star.clone()] };
    let mut nims = vec![from_number(0.0)];
    for _ in 1..5 {
        let opts = nims.clone();
        nims.push(N { l: opts.clone(), r: opts });
    }
    for x in [0.0, 0.5, -1.25] {
        for n in -4i32..=4 {
            for (m, nim) in nims.iter().enumerate() {
                let mut c = add(&from_number(x), nim);
                let u = if n < 0 { neg(&up) } else { up.clone() };
                for _ in 0..n.unsigned_abs() {
                    c = add(&c, &u);
                }
                let g = ctx.nus(d(x), n, m as u32).unwrap();
                assert!(same_form(&mut ctx, &c, g), "x={x} n={n} m={m}: {}", ctx.display(g));
            }
        }
    }
}
