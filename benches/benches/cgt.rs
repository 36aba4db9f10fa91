//! go-cgt benchmarks (issue 3), each from a fresh context per iteration so that no
//! memo carries over, and each checking its answer. For `cgt/temperature-dag` the
//! fresh context with its DAG is built outside the timed part. The `cgt` 0.9 crate is AGPL and
//! is not a dependency; its times are recorded in reference/cgt.md §1.2 and in
//! BENCHMARKS.md.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use go_cgt::{Context, Dyadic, GameId};
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

fn benches(c: &mut Criterion) {
    c.bench_function("cgt/heat-star12", |b| b.iter(|| black_box(heat_star(black_box(12)))));
    c.bench_function("cgt/heat-star14", |b| b.iter(|| black_box(heat_star(black_box(14)))));
    c.bench_function("cgt/sum-16-copies", |b| b.iter(|| black_box(sum_copies())));
    c.bench_function("cgt/sum-12-switches", |b| b.iter(|| black_box(sum_switches())));
    let mut slow = c.benchmark_group("cgt");
    slow.sample_size(10);
    slow.bench_function("temperature-dag", |b| {
        b.iter_batched(game_dag, |ctx| black_box(temperature_dag(ctx)), BatchSize::PerIteration)
    });
    slow.finish();
}

criterion_group!(cgt, benches);
criterion_main!(cgt);
