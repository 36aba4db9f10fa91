//! The light-playout benchmark of `reference/board.md` §1.
//!
//! One protocol for every implementation: an xorshift64* generator picks a random
//! start in the implementation's list of empty points, and the scan moves forward
//! (wrapping) to the first point that is not the mover's one-point eye and is legal
//! (simple ko, no suicide); if there is none, the mover passes. Two consecutive passes
//! end the playout; a safety cap of 3·N² moves is never reached in practice. The final
//! count (stones plus one-point eyes) is part of the timed loop.

use go_board::{Board, BoardSize, Color};

/// The xorshift64* generator that every driver uses.
#[derive(Clone, Debug)]
pub struct XorShift64Star(u64);

impl XorShift64Star {
    /// A generator from a non-zero seed (0 is replaced by a constant).
    pub fn new(seed: u64) -> XorShift64Star {
        XorShift64Star(if seed == 0 { 0x9e37_79b9_7f4a_7c15 } else { seed })
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (`n > 0`), by multiply-shift.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// What a batch of playouts produced: totals that every implementation should match
/// closely under the same rules (a cross-check of the rules, and the bench's answer).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Playouts run.
    pub playouts: u64,
    /// Moves played, passes included.
    pub moves: u64,
    /// Playouts Black won on the final count with komi 7.5.
    pub black_wins: u64,
}

impl PlayoutStats {
    /// Average moves per playout.
    pub fn moves_per_playout(&self) -> f64 {
        self.moves as f64 / self.playouts.max(1) as f64
    }

    /// Adds one playout's outcome.
    pub fn record(&mut self, moves: u64, black_minus_white: i32, komi_half_points: i32) {
        self.playouts += 1;
        self.moves += moves;
        if 2 * black_minus_white > komi_half_points {
            self.black_wins += 1;
        }
    }
}

/// Runs one light playout of go-board's [`Board`] from `start` (copied into `board`).
/// Returns the number of moves and Black's count minus White's (stones + eyes).
#[inline]
pub fn go_board_playout(board: &mut Board, start: &Board, rng: &mut XorShift64Star) -> (u64, i32) {
    board.clone_from(start);
    let size = board.size();
    let cap = 3 * size.point_count() as u64;
    let mut color = Color::Black;
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < cap {
        let n = board.empty_count();
        let mut played = false;
        if n > 0 {
            let first = rng.below(n);
            let mut i = first;
            loop {
                let p = board.empty_point(i);
                if !board.is_simple_eye(color, p) && board.is_legal(color, p) {
                    board.play(color, p);
                    played = true;
                    break;
                }
                i += 1;
                if i == n {
                    i = 0;
                }
                if i == first {
                    break;
                }
            }
        }
        if played {
            passes = 0;
        } else {
            board.pass();
            passes += 1;
        }
        moves += 1;
        color = !color;
    }
    (moves, final_count(board, size))
}

/// Stones plus one-point eyes, Black minus White.
fn final_count(board: &Board, size: BoardSize) -> i32 {
    let mut score =
        board.stones(Color::Black).len() as i32 - board.stones(Color::White).len() as i32;
    for p in board.empty_points() {
        if board.is_simple_eye(Color::Black, p) {
            score += 1;
        } else if board.is_simple_eye(Color::White, p) {
            score -= 1;
        }
    }
    let _ = size;
    score
}

/// Runs `count` playouts of go-board on an empty board of side `n` from `seed`.
pub fn go_board_batch(n: u32, count: u64, seed: u64) -> PlayoutStats {
    let size = BoardSize::square(n).expect("valid size");
    let start = Board::new(size);
    let mut board = start.clone();
    let mut rng = XorShift64Star::new(seed);
    let mut stats = PlayoutStats::default();
    for _ in 0..count {
        let (moves, score) = go_board_playout(&mut board, &start, &mut rng);
        stats.record(moves, score, 15);
    }
    stats
}
