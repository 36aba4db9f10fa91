//! The speed of MCTS's playouts on 9×9: the heavy and the light policy of
//! `go_engine::player::playout`, in the same run, from the empty board and from a
//! middle-game position; playouts per second of wall-clock time, moves per playout and
//! Black's win rate (komi 7.5).
//!
//! `cargo run --release -p go-engine --example playouts [-- PLAYOUTS]` (default 20,000
//! per policy and position); run it under `flock /tmp/bench.lock` and note the load.

use std::time::Instant;

use go_board::{BoardSize, Move, Point, Position, Rules};
use go_engine::player::playout::{Playout, Policy};
use go_search::Rng;

fn main() {
    let playouts: u64 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 20_000,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("usage: playouts [PLAYOUTS > 0]");
            std::process::exit(2);
        }
    };
    let size = BoardSize::square(9).expect("9x9");
    let empty = Position::new(size, Rules::chinese());
    let mut middle = empty.clone();
    for v in ["E5", "E3", "C4", "G4", "D6", "G6", "F7", "C3", "D3", "H5", "F5", "D2", "B3", "C2"] {
        let p = Point::parse_gtp(v, size).expect("a vertex");
        middle.try_play(Move::Play(p)).expect("a legal move");
    }
    println!("policy position playouts seconds playouts/s moves/playout black_win_rate");
    for (name, position) in [("empty", &empty), ("middle", &middle)] {
        for policy in [Policy::Light, Policy::Heavy] {
            let playout = Playout::new(policy);
            let mut rng = Rng::new(2026);
            let mut moves = Vec::new();
            let (mut total, mut black) = (0usize, 0u64);
            let start = Instant::now();
            for _ in 0..playouts {
                moves.clear();
                let margin = playout.play_out(position, &mut rng, &mut moves);
                total += moves.len();
                black += u64::from(margin > 0);
            }
            let seconds = start.elapsed().as_secs_f64();
            println!(
                "{policy:?} {name} {playouts} {seconds:.3} {:.0} {:.1} {:.3}",
                playouts as f64 / seconds,
                total as f64 / playouts as f64,
                black as f64 / playouts as f64
            );
        }
    }
}
