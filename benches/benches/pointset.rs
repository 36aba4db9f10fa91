//! `PointSet` (a plain `[u64; 11]`) against a `bitvec::BitArray<[u64; 11]>` twin
//! (`benches::bitvec_set`), on the same random 19×19 sets: ids
//! `pointset/<op>/u64x11` and `pointset/<op>/bitvec`, throughput in operations.
//!
//! Each operation folds its results into an accumulator (xor for sets, a sum for
//! counts), so nothing is optimised away; the two representations must give the same
//! accumulator before timing, and every timed iteration must reproduce it.

use std::fmt::Debug;
use std::hint::black_box;
use std::time::Duration;

use benches::bitvec_set::{BitInputs, BitPointSet, SetInputs};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use go_board::PointSet;

const INPUTS: usize = 64;

/// Benches one operation in both representations after checking that they agree
/// (`same` compares the two accumulators).
fn op<T: PartialEq + Debug, U: PartialEq + Debug>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    ours: impl Fn(&SetInputs) -> T,
    twin: impl Fn(&BitInputs) -> U,
    same: impl Fn(&T, &U) -> bool,
) {
    let inputs = SetInputs::new(INPUTS, 7);
    let bits = inputs.to_bitvec();
    let (expected, expected_twin) = (ours(&inputs), twin(&bits));
    assert!(same(&expected, &expected_twin), "{name}: {expected:?} vs {expected_twin:?}");
    group.bench_function(format!("{name}/u64x11"), |b| {
        b.iter(|| {
            let r = ours(black_box(&inputs));
            assert_eq!(r, expected);
            r
        })
    });
    group.bench_function(format!("{name}/bitvec"), |b| {
        b.iter(|| {
            let r = twin(black_box(&bits));
            assert_eq!(r, expected_twin);
            r
        })
    });
}

fn same_set(a: &PointSet, b: &BitPointSet) -> bool {
    b.to_point_set() == *a
}

fn fold<A, B, S: Copy + Default + std::ops::BitXor<Output = S>>(
    pairs: &[(A, B)],
    f: impl Fn(&A, &B) -> S,
) -> S {
    pairs.iter().fold(S::default(), |acc, (a, b)| acc ^ f(a, b))
}

fn pointset(c: &mut Criterion) {
    let mut group = c.benchmark_group("pointset");
    group
        .throughput(Throughput::Elements(INPUTS as u64))
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    op(
        &mut group,
        "union",
        |i| fold(&i.pairs, |a, b| *a | *b),
        |i| fold(&i.pairs, |a, b| *a | *b),
        same_set,
    );
    op(
        &mut group,
        "intersection",
        |i| fold(&i.pairs, |a, b| *a & *b),
        |i| fold(&i.pairs, |a, b| *a & *b),
        same_set,
    );
    op(
        &mut group,
        "difference",
        |i| fold(&i.pairs, |a, b| *a - *b),
        |i| fold(&i.pairs, |a, b| *a - *b),
        same_set,
    );
    op(
        &mut group,
        "popcount",
        |i| i.pairs.iter().map(|(a, _)| a.len()).sum::<usize>(),
        |i| i.pairs.iter().map(|(a, _)| a.len()).sum::<usize>(),
        |a, b| a == b,
    );
    op(
        &mut group,
        "iteration",
        |i| i.pairs.iter().flat_map(|(a, _)| a.iter()).map(|p| p.index()).sum::<usize>(),
        |i| i.pairs.iter().flat_map(|(a, _)| a.iter()).map(|p| p.index()).sum::<usize>(),
        |a, b| a == b,
    );
    op(
        &mut group,
        "dilate",
        |i| fold(&i.pairs, |a, _| a.dilate(&i.on_board)),
        |i| fold(&i.pairs, |a, _| a.dilate(&i.on_board)),
        same_set,
    );
    op(
        &mut group,
        "flood_fill",
        |i| fold(&i.fills, PointSet::flood_fill),
        |i| fold(&i.fills, BitPointSet::flood_fill),
        same_set,
    );
    group.finish();
}

criterion_group!(benches, pointset);
criterion_main!(benches);
