//! Algebraic properties on random small games.

use crate::common::tree;
use go_cgt::{Context, Dyadic, LazySum};
use proptest::prelude::*;

fn temps() -> impl Strategy<Value = Dyadic> {
    (-7i64..=24, 0u32..=3)
        .prop_map(|(n, e)| Dyadic::new(n, e).unwrap())
        .prop_filter("t > -1", |t| *t > Dyadic::from(-1))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn difference_with_itself_is_zero(a in tree(3, 3)) {
        let mut ctx = Context::new();
        let g = a.build(&mut ctx);
        prop_assert_eq!(ctx.difference(g, g).unwrap(), ctx.zero());
    }

    #[test]
    fn sums_commute_and_associate(a in tree(2, 2), b in tree(2, 2), c in tree(2, 2)) {
        let mut ctx = Context::new();
        let (ga, gb, gc) = (a.build(&mut ctx), b.build(&mut ctx), c.build(&mut ctx));
        prop_assert_eq!(ctx.sum(ga, gb).unwrap(), ctx.sum(gb, ga).unwrap());
        let ab = ctx.sum(ga, gb).unwrap();
        let bc = ctx.sum(gb, gc).unwrap();
        prop_assert_eq!(ctx.sum(ab, gc).unwrap(), ctx.sum(ga, bc).unwrap());
    }

    #[test]
    fn mean_is_additive_and_temperature_of_sum_bounded(a in tree(2, 3), b in tree(2, 3)) {
        let mut ctx = Context::new();
        let (ga, gb) = (a.build(&mut ctx), b.build(&mut ctx));
        let s = ctx.sum(ga, gb).unwrap();
        let m = ctx.mean(ga).unwrap().checked_add(ctx.mean(gb).unwrap()).unwrap();
        prop_assert_eq!(ctx.mean(s).unwrap(), m);
        let bound = ctx.temperature(ga).unwrap().max(ctx.temperature(gb).unwrap());
        prop_assert!(ctx.temperature(s).unwrap() <= bound);
    }

    #[test]
    fn cooling_is_additive(a in tree(2, 2), b in tree(2, 2), t in temps()) {
        let mut ctx = Context::new();
        let (ga, gb) = (a.build(&mut ctx), b.build(&mut ctx));
        let s = ctx.sum(ga, gb).unwrap();
        let cs = ctx.cool(s, t).unwrap();
        let ca = ctx.cool(ga, t).unwrap();
        let cb = ctx.cool(gb, t).unwrap();
        prop_assert_eq!(cs, ctx.sum(ca, cb).unwrap(), "t = {}", t);
    }

    /// The same value written differently (options in another order, plus a
    /// dominated option and a duplicate) gets the same id.
    #[test]
    fn canonical_form_is_unique(a in tree(3, 3)) {
        let mut ctx = Context::new();
        let g = a.build(&mut ctx);
        let mut l = ctx.left_options(g);
        let mut r = ctx.right_options(g);
        l.reverse();
        r.reverse();
        if let Some(&x) = l.first() {
            l.push(x);
            // x − 1 is dominated by x
            let minus_one = ctx.integer(-1);
            l.push(ctx.sum(x, minus_one).unwrap());
        }
        if let Some(&y) = r.first() {
            let one = ctx.integer(1);
            r.push(ctx.sum(y, one).unwrap());
        }
        prop_assert_eq!(ctx.game(&l, &r).unwrap(), g);
        // a fresh context builds the same form, printed identically
        let mut other = Context::new();
        let h = a.build(&mut other);
        prop_assert_eq!(other.display(h).to_string(), ctx.display(g).to_string());
    }

    #[test]
    fn printing_round_trips(a in tree(3, 3)) {
        let mut ctx = Context::new();
        let g = a.build(&mut ctx);
        let s = ctx.display(g).to_string();
        prop_assert_eq!(ctx.parse(&s).unwrap(), g, "{}", s);
        let u = ctx.display(g).unicode().to_string();
        prop_assert_eq!(ctx.parse(&u).unwrap(), g, "{}", u);
    }

    #[test]
    fn thermograph_is_consistent(a in tree(3, 3)) {
        let mut ctx = Context::new();
        let g = a.build(&mut ctx);
        let t = ctx.thermograph(g).unwrap();
        // the walls at temperature 0 are the stops (for games that are not numbers)
        if !ctx.is_number(g) {
            prop_assert_eq!(t.left_wall().value_at(Dyadic::ZERO).unwrap(), ctx.left_stop(g));
            prop_assert_eq!(t.right_wall().value_at(Dyadic::ZERO).unwrap(), ctx.right_stop(g));
        }
        prop_assert_eq!(t.mast(), ctx.mean(g).unwrap());
        prop_assert_eq!(t.left_wall().mast(), t.right_wall().mast());
        // walls never cross: the left wall is at least the right one at t = -1
        let m1 = Dyadic::from(-1);
        prop_assert!(t.left_wall().value_at(m1).unwrap() >= t.right_wall().value_at(m1).unwrap());
        // cooling just above the temperature gives the mean, a number
        let above = t.temperature().checked_add(Dyadic::new(1, 8).unwrap()).unwrap();
        let c = ctx.cool(g, above).unwrap();
        prop_assert_eq!(ctx.as_number(c), Some(t.mast()));
    }

    #[test]
    fn reduced_form_is_infinitesimally_close(a in tree(2, 3)) {
        let mut ctx = Context::new();
        let g = a.build(&mut ctx);
        let r = ctx.reduced_canonical_form(g).unwrap();
        let d = ctx.difference(g, r).unwrap();
        prop_assert_eq!(ctx.left_stop(d), Dyadic::ZERO);
        prop_assert_eq!(ctx.right_stop(d), Dyadic::ZERO);
        prop_assert_eq!(ctx.reduced_canonical_form(r).unwrap(), r);
    }

    #[test]
    fn lazy_sum_outcome_matches_canonical(parts in prop::collection::vec(tree(2, 2), 1..5)) {
        let mut ctx = Context::new();
        let ids: Vec<_> = parts.iter().map(|t| t.build(&mut ctx)).collect();
        let total = ctx.sum_all(&ids).unwrap();
        let expected = ctx.outcome(total).unwrap();
        prop_assert_eq!(LazySum::new(ids).outcome(&mut ctx).unwrap(), expected);
    }

    /// Arbitrary text is a value or an error with a column inside (or just after)
    /// the text, never a panic.
    #[test]
    fn eval_never_panics(src in "[{}|,*^v0-9/+() <>=!.a-zA-Z-]{0,40}") {
        let mut ctx = Context::new();
        if let Err(e) = ctx.eval(&src) {
            prop_assert!(e.column() >= 1 && e.column() <= src.chars().count() + 1, "{}: {}", src, e);
        }
    }

    /// Token soup from the notation's own alphabet gets further into the parser.
    #[test]
    fn eval_of_token_soup_never_panics(
        src in "(\\{|\\}|\\||,|\\*[0-9]?|\\^|v|[0-9]|/|\\+-|\\+|-|\\(|\\)|cool\\(|heat\\(|aw\\(|rcf\\(|Tiny\\(|<=|\\|\\|){0,30}"
    ) {
        let mut ctx = Context::new();
        if let Err(e) = ctx.eval(&src) {
            prop_assert!(e.column() >= 1 && e.column() <= src.chars().count() + 1, "{}: {}", src, e);
        }
    }

    /// The atomic weight of `G.↑` is `G` (Norton multiplication by ↑ and the atomic
    /// weight calculus are inverse).
    #[test]
    fn atomic_weight_inverts_norton_product_by_up(a in tree(2, 2)) {
        let mut ctx = Context::new();
        let g = a.build(&mut ctx);
        let up = ctx.parse("^").unwrap();
        let p = ctx.norton_product(g, up).unwrap();
        prop_assert_eq!(ctx.atomic_weight(p), Ok(g), "{}", ctx.display(g));
    }

    #[test]
    fn heating_undoes_cooling_of_a_hot_switch(x in -8i64..8, y in -8i64..8) {
        // for a switch {x|y} with x > y, heating its cooled form by t gives it back
        prop_assume!(x > y + 1);
        let mut ctx = Context::new();
        let g = ctx.parse(&format!("{{{x}|{y}}}")).unwrap();
        let t = ctx.integer(1);
        let cooled = ctx.cool(g, Dyadic::ONE).unwrap();
        prop_assert_eq!(ctx.heat(cooled, t).unwrap(), g);
    }
}
