//! go-cgt benchmarks (issues 3 and 10), each from a fresh context per iteration so that no
//! memo carries over, and each checking its answer. For `cgt/temperature-dag` the
//! fresh context with its DAG is built outside the timed part. The `cgt` 0.9 crate is AGPL and
//! is not a dependency; its times are recorded in reference/cgt.md §1.2 and in
//! BENCHMARKS.md.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use go_cgt::{Context, Dyadic, GameId, LazySum, Limits, Nus, Outcome};
use std::hint::black_box;

/// `*n` heated by 1; checks the stops and that cooling by 1 gives `*n` back.
fn heat_star(n: u32) -> usize {
    let mut ctx = Context::new();
    let star = ctx.nimber(n).unwrap();
    let one = ctx.integer(1);
    let hot = ctx.heat(star, one).unwrap();
    assert_eq!((ctx.left_stop(hot), ctx.right_stop(hot)), (Dyadic::ONE, Dyadic::from(-1)));
    assert_eq!(ctx.cool(hot, Dyadic::ONE).unwrap(), star);
    ctx.len()
}

/// The sums of 1, 2, …, 16 copies of `{3||2|1}`; checks the mean (additive).
fn sum_copies() -> GameId {
    let mut ctx = Context::new();
    let g = ctx.parse("{3||2|1}").unwrap();
    let mut acc = ctx.zero();
    for _ in 0..16 {
        acc = ctx.sum(acc, g).unwrap();
    }
    assert_eq!(ctx.mean(acc).unwrap(), ctx.mean(g).unwrap().checked_mul_int(16).unwrap());
    acc
}

/// The sum of the switches `{2i+3 | -i}`, i = 0..11; checks the stops against the
/// hottest-first play of the switches.
fn sum_switches() -> GameId {
    let mut ctx = Context::new();
    let mut acc = ctx.zero();
    for i in 0..12 {
        let g = ctx.parse(&format!("{{{}|{}}}", 2 * i + 3, -i)).unwrap();
        acc = ctx.sum(acc, g).unwrap();
    }
    // switch i has temperature (3i + 3)/2: hottest first, the players alternate
    let stop = |left_first: bool| -> i64 {
        (0..12i64)
            .rev()
            .enumerate()
            .map(|(k, i)| if (k % 2 == 0) == left_first { 2 * i + 3 } else { -i })
            .sum()
    };
    assert_eq!(ctx.left_stop(acc), Dyadic::from(stop(true)));
    assert_eq!(ctx.right_stop(acc), Dyadic::from(stop(false)));
    acc
}

/// A context holding a DAG of at least 100,000 distinct games: the followers of a
/// sum of three-stop games `{a||b|c}` with distinct temperatures, and the partial
/// sums.
fn game_dag() -> Context {
    let mut ctx = Context::new();
    let mut acc = ctx.zero();
    let mut i = 0;
    while ctx.len() < 100_000 {
        let g = ctx.parse(&format!("{{{}||{}|{}}}", 40 + 7 * i, 20 + 3 * i, -5 - 2 * i)).unwrap();
        acc = ctx.sum(acc, g).unwrap();
        i += 1;
    }
    ctx
}

/// The temperature of every game of the DAG in one memoised pass (options first);
/// checks `RS ≤ mean ≤ LS` and `t ≥ −1` everywhere.
fn temperature_dag(mut ctx: Context) -> usize {
    let games: Vec<GameId> = ctx.games().collect();
    for &g in &games {
        let t = ctx.temperature(g).unwrap();
        let m = ctx.mean(g).unwrap();
        assert!(t >= Dyadic::from(-1));
        assert!(ctx.right_stop(g) <= m && m <= ctx.left_stop(g));
    }
    assert!(games.len() >= 100_000);
    games.len()
}

/// `*999 + ±1`, which the incentive closed form gives as `{1*999 | -1*999}`;
/// checks both options (the closed form agrees with the general sum on small
/// nimbers in go-cgt's tests).
fn star_plus_switch() -> usize {
    let mut ctx = Context::new();
    let g = ctx.parse("*999 + +-1").unwrap();
    let nus =
        |ctx: &mut Context, o: Vec<GameId>| o.iter().map(|&x| ctx.as_nus(x)).collect::<Vec<_>>();
    let (l, r) = (ctx.left_options(g), ctx.right_options(g));
    let want = |x: i64| vec![Some(Nus { number: Dyadic::from(x), ups: 0, nimber: 999 })];
    assert_eq!(nus(&mut ctx, l), want(1));
    assert_eq!(nus(&mut ctx, r), want(-1));
    ctx.len()
}

/// The switches `{2i+3 | -i}`, i = 0..n, added by `sum_all` (canonical form built
/// directly); checks the stops against the hottest-first play of the switches.
fn sum_switches_closed(n: i64) -> usize {
    let mut ctx = Context::new();
    let parts: Vec<GameId> =
        (0..n).map(|i| ctx.parse(&format!("{{{}|{}}}", 2 * i + 3, -i)).unwrap()).collect();
    let total = ctx.sum_all(&parts).unwrap();
    let stop = |left_first: bool| -> i64 {
        (0..n)
            .rev()
            .enumerate()
            .map(|(k, i)| if (k % 2 == 0) == left_first { 2 * i + 3 } else { -i })
            .sum()
    };
    assert_eq!(ctx.left_stop(total), Dyadic::from(stop(true)));
    assert_eq!(ctx.right_stop(total), Dyadic::from(stop(false)));
    ctx.len()
}

/// The outcome of a sum of `n` switches `{2i+3 | -i}` by the lazy search; checks it
/// against the hottest-first right stop (positive: Left wins whoever starts).
fn lazy_switches(n: i64) -> Outcome {
    let mut ctx = Context::new();
    let parts: Vec<GameId> =
        (0..n).map(|i| ctx.parse(&format!("{{{}|{}}}", 2 * i + 3, -i)).unwrap()).collect();
    let right_stop: i64 =
        (0..n).rev().enumerate().map(|(k, i)| if k % 2 == 1 { 2 * i + 3 } else { -i }).sum();
    assert!(right_stop > 0);
    let outcome = LazySum::new(parts).outcome(&mut ctx).unwrap();
    assert_eq!(outcome, Outcome::Left);
    outcome
}

/// `Tiny(1) + … + Tiny(n)`: by the lazy search (each part is positive, so the sum
/// is), or as a canonical form (checks its mean and stops, 0, and that it is
/// positive).
fn tiny_sum(n: u32, lazy: bool) -> usize {
    let mut ctx = Context::new();
    let parts: Vec<GameId> = (1..=n).map(|i| ctx.parse(&format!("Tiny({i})")).unwrap()).collect();
    for &p in &parts {
        assert_eq!(ctx.outcome(p).unwrap(), Outcome::Left);
    }
    if lazy {
        assert_eq!(LazySum::new(parts).outcome(&mut ctx).unwrap(), Outcome::Left);
    } else {
        let total = ctx.sum_all(&parts).unwrap();
        assert_eq!((ctx.left_stop(total), ctx.right_stop(total)), (Dyadic::ZERO, Dyadic::ZERO));
        assert!(ctx.gt(total, ctx.zero()).unwrap());
    }
    ctx.len()
}

/// `norton(*22, ^)`; its atomic weight is checked to be `*22` once, outside the
/// timing (the atomic weight calculus inverts Norton multiplication by ↑).
fn norton_star(n: u32) -> GameId {
    let mut ctx = Context::new();
    let star = ctx.nimber(n).unwrap();
    let up = ctx.parse("^").unwrap();
    let p = ctx.norton_product(star, up).unwrap();
    assert_eq!((ctx.left_stop(p), ctx.right_stop(p)), (Dyadic::ZERO, Dyadic::ZERO));
    p
}

/// `heat(*20, 1)` and the length of its printed form (1.6 GB, computed without
/// printing); checks that the printing of it is refused by the output limit.
fn heat_star_printed_len(n: u32) -> usize {
    let mut ctx = Context::with_limits(Limits::default().output(1 << 20));
    let star = ctx.nimber(n).unwrap();
    let one = ctx.integer(1);
    let hot = ctx.heat(star, one).unwrap();
    let len = ctx.display(hot).printed_len();
    assert!(len > 1 << 30);
    assert!(ctx.display(hot).try_to_string().is_err());
    len
}

fn benches(c: &mut Criterion) {
    c.bench_function("cgt/heat-star12", |b| b.iter(|| black_box(heat_star(black_box(12)))));
    c.bench_function("cgt/heat-star14", |b| b.iter(|| black_box(heat_star(black_box(14)))));
    c.bench_function("cgt/sum-16-copies", |b| b.iter(|| black_box(sum_copies())));
    c.bench_function("cgt/sum-12-switches", |b| b.iter(|| black_box(sum_switches())));
    // issue 10: the cases that took seconds to minutes. The atomic weight of
    // norton(*22, ^) is *22: checked once, outside the timing.
    {
        let mut ctx = Context::new();
        let p = ctx.parse("norton(*22, ^)").unwrap();
        let w = ctx.atomic_weight(p).unwrap();
        assert_eq!(w, ctx.nimber(22).unwrap());
    }
    c.bench_function("cgt/star999-plus-switch", |b| b.iter(|| black_box(star_plus_switch())));
    c.bench_function("cgt/sum-60-switches", |b| {
        b.iter(|| black_box(sum_switches_closed(black_box(60))))
    });
    c.bench_function("cgt/lazy-60-switches", |b| {
        b.iter(|| black_box(lazy_switches(black_box(60))))
    });
    c.bench_function("cgt/lazy-40-tiny", |b| b.iter(|| black_box(tiny_sum(black_box(40), true))));
    c.bench_function("cgt/norton-star22-up", |b| b.iter(|| black_box(norton_star(black_box(22)))));
    c.bench_function("cgt/heat-star20-printed-len", |b| {
        b.iter(|| black_box(heat_star_printed_len(black_box(20))))
    });
    let mut slow = c.benchmark_group("cgt");
    slow.sample_size(10);
    slow.bench_function("sum-39-tiny", |b| b.iter(|| black_box(tiny_sum(black_box(39), false))));
    slow.finish();
    let mut slow = c.benchmark_group("cgt");
    slow.sample_size(10);
    slow.bench_function("temperature-dag", |b| {
        b.iter_batched(game_dag, |ctx| black_box(temperature_dag(ctx)), BatchSize::PerIteration)
    });
    slow.finish();
}

criterion_group!(cgt, benches);
criterion_main!(cgt);
