//! Light playouts (reference/board.md §1) of go-board and the peer crates
//! `go_game_board` 0.1.1 and `goban` 0.20.1, in the same run: one group per board size,
//! ids `playout/<n>x<n>/<implementation>`, throughput in playouts.
//!
//! Every bench checks its answer: before timing, a fixed-seed batch is run twice and
//! must give identical totals with an average game length in the band of the
//! reference's figures (≈111 moves on 9×9, ≈455 on 19×19); after timing, the games
//! played while timing must lie in the same band, never hit the move cap, and the peers
//! must agree with go-board (average length within 1.5%, Black's win rate close).

use std::hint::black_box;
use std::ops::Range;
use std::time::Duration;

use benches::playout::go_game_board::GoGameBoardPlayouts;
use benches::playout::goban::GobanPlayouts;
use benches::playout::{GoBoardPlayouts, PlayoutBoard, PlayoutStats, XorShift64Star, batch};
use criterion::measurement::WallTime;
use criterion::{
    BenchmarkGroup, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};

const CHECK_SEED: u64 = 2026;
const TIMED_SEED: u64 = 42;

struct Size {
    n: u32,
    /// Playouts per timed iteration.
    batch: u64,
    /// Playouts of the fixed-seed check (fewer for goban, which is slow).
    check: u64,
    check_goban: u64,
    /// Expected average moves per playout.
    band: Range<f64>,
}

const SIZES: [Size; 2] = [
    Size { n: 9, batch: 16, check: 1000, check_goban: 200, band: 108.0..114.0 },
    Size { n: 19, batch: 4, check: 200, check_goban: 40, band: 440.0..470.0 },
];

/// The games of `stats` never hit the move cap, and their average length lies in the
/// band of `size`, widened by 4 standard errors (few games are timed in `--test` mode).
fn assert_in_band(id: &str, what: &str, stats: &PlayoutStats, size: &Size) {
    let n = size.n;
    assert_eq!(stats.capped, 0, "{id} {n}x{n}: a playout hit the move cap");
    let centre = (size.band.start + size.band.end) / 2.0;
    let slack = (size.band.end - size.band.start) / 2.0 + 4.0 * stats.moves_standard_error();
    assert!(
        (stats.moves_per_playout() - centre).abs() <= slack,
        "{id} {n}x{n}: {what} {stats:?} outside {:?} moves per playout",
        size.band
    );
}

/// Times `board` and returns the totals of the games played while timing.
fn bench_one<B: PlayoutBoard>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    mut board: B,
    size: &Size,
    check: u64,
) -> PlayoutStats {
    let first = batch(&mut board, check, &mut XorShift64Star::new(CHECK_SEED));
    let again = batch(&mut board, check, &mut XorShift64Star::new(CHECK_SEED));
    assert_eq!(first, again, "{id} {n}x{n}: a fixed seed must replay exactly", n = size.n);
    assert_in_band(id, "fixed-seed batch", &first, size);
    let mut rng = XorShift64Star::new(TIMED_SEED);
    let mut total = PlayoutStats::default();
    group.bench_function(id, |b| {
        b.iter(|| {
            let stats = batch(&mut board, size.batch, &mut rng);
            total.merge(&stats);
            black_box(stats)
        })
    });
    if total.playouts > 0 {
        assert_in_band(id, "timed games", &total, size);
    }
    total
}

/// Peers must play games of go-board's length (±1.5%, plus 4 standard errors of the
/// difference) and give Black the same chances (within 4 standard errors).
fn assert_agreement(n: u32, ours: &PlayoutStats, peer: &PlayoutStats, name: &str) {
    if ours.playouts == 0 || peer.playouts == 0 {
        return;
    }
    let (a, b) = (ours.moves_per_playout(), peer.moves_per_playout());
    let se = ours.moves_standard_error().hypot(peer.moves_standard_error());
    assert!(
        (b - a).abs() <= 0.015 * a + 4.0 * se,
        "{n}x{n}: {name} plays {:.2} moves per playout, go-board {:.2}",
        peer.moves_per_playout(),
        ours.moves_per_playout()
    );
    let (p, q) = (ours.black_win_rate(), peer.black_win_rate());
    let se = (p * (1.0 - p) / ours.playouts as f64 + q * (1.0 - q) / peer.playouts as f64).sqrt();
    assert!(
        (p - q).abs() <= 4.0 * se + 0.005,
        "{n}x{n}: Black wins {q:.3} with {name}, {p:.3} with go-board"
    );
}

fn playouts(c: &mut Criterion) {
    for size in &SIZES {
        let n = size.n;
        let mut group = c.benchmark_group(format!("playout/{n}x{n}"));
        group
            .throughput(Throughput::Elements(size.batch))
            .sampling_mode(SamplingMode::Flat)
            .sample_size(20)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(4));
        let ours = bench_one(&mut group, "go-board", GoBoardPlayouts::new(n), size, size.check);
        let lew =
            bench_one(&mut group, "go_game_board", GoGameBoardPlayouts::new(n), size, size.check);
        let sagebati =
            bench_one(&mut group, "goban", GobanPlayouts::new(n), size, size.check_goban);
        group.finish();
        for (name, peer) in [("go_game_board", &lew), ("goban", &sagebati)] {
            assert_agreement(n, &ours, peer, name);
        }
        for (name, stats) in [("go-board", &ours), ("go_game_board", &lew), ("goban", &sagebati)] {
            if stats.playouts > 0 {
                println!(
                    "playout/{n}x{n}/{name}: {} playouts timed, {:.2} moves/playout, \
                     Black wins {:.3}",
                    stats.playouts,
                    stats.moves_per_playout(),
                    stats.black_win_rate()
                );
            }
        }
    }
}

criterion_group!(benches, playouts);
criterion_main!(benches);
