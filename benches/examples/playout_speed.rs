//! Quick playout-speed check without criterion: `cargo run --release -p benches --example playout_speed`.
use std::time::Instant;

fn main() {
    for n in [9, 19] {
        let count = if n == 9 { 200_000 } else { 40_000 };
        let t = Instant::now();
        let stats = benches::playout::go_board_batch(n, count, 42);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{n}x{n}: {:.0} playouts/s, {:.2} moves/playout, {:.2} M moves/s, black wins {:.3}",
            count as f64 / secs,
            stats.moves_per_playout(),
            stats.moves as f64 / secs / 1e6,
            stats.black_wins as f64 / count as f64
        );
    }
}
