//! The light-playout benchmark of `reference/board.md` §1.
//!
//! One protocol for every implementation, written once in [`playout`] and
//! monomorphised for each board through [`PlayoutBoard`]: an xorshift64* generator
//! picks a random start in the implementation's list of empty points, and the scan
//! moves forward (wrapping) to the first point that is not the mover's one-point eye and
//! is legal (simple ko, no suicide, judged by the library itself); if there is none, the
//! mover passes. Two consecutive passes end the playout; a safety cap of 3·N² moves is
//! never reached in practice (the batch counts it). The final count (stones plus
//! one-point eyes) is part of the timed loop.
//!
//! The eye rule is the libego/Pachi/KataGo/Leela Zero one: every on-board orthogonal
//! neighbour is an own stone, and `#opponent diagonals + (1 if a diagonal is off the
//! board) < 2`. For the peers it is written here through their public colour accessors.
//!
//! Drivers: [`GoBoardPlayouts`] (this workspace's [`Board`]),
//! [`go_game_board::GoGameBoardPlayouts`] and [`goban::GobanPlayouts`].

pub mod go_game_board;
pub mod goban;

use go_board::{Board, BoardSize, Color, Point};

/// Komi of the win counts, in half-points (7.5).
pub const KOMI_HALF_POINTS: i32 = 15;

/// The xorshift64* generator that every driver uses.
#[derive(Clone, Debug)]
pub struct XorShift64Star(u64);

impl XorShift64Star {
    /// A generator from a seed (0, which xorshift cannot leave, is replaced by a constant).
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

    /// A number below `n` (`n > 0`), by multiply-shift of the high 32 bits.
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
    /// The sum of the squared move counts of the playouts (for the standard error).
    pub moves_squared: u64,
    /// Playouts Black won on the final count with komi 7.5.
    pub black_wins: u64,
    /// Playouts stopped by the 3·N² safety cap instead of two passes.
    pub capped: u64,
}

impl PlayoutStats {
    /// Average moves per playout.
    pub fn moves_per_playout(&self) -> f64 {
        self.moves as f64 / self.playouts.max(1) as f64
    }

    /// The standard error of [`PlayoutStats::moves_per_playout`].
    pub fn moves_standard_error(&self) -> f64 {
        let n = self.playouts as f64;
        if n < 2.0 {
            return f64::INFINITY;
        }
        let mean = self.moves_per_playout();
        let variance = (self.moves_squared as f64 / n - mean * mean).max(0.0) * n / (n - 1.0);
        (variance / n).sqrt()
    }

    /// The fraction of playouts Black won.
    pub fn black_win_rate(&self) -> f64 {
        self.black_wins as f64 / self.playouts.max(1) as f64
    }

    /// Adds one playout's outcome.
    pub fn record(&mut self, outcome: PlayoutOutcome) {
        self.playouts += 1;
        self.moves += outcome.moves;
        self.moves_squared += outcome.moves * outcome.moves;
        if 2 * outcome.black_minus_white > KOMI_HALF_POINTS {
            self.black_wins += 1;
        }
        if outcome.capped {
            self.capped += 1;
        }
    }

    /// Adds the totals of `other`.
    pub fn merge(&mut self, other: &PlayoutStats) {
        self.playouts += other.playouts;
        self.moves += other.moves;
        self.moves_squared += other.moves_squared;
        self.black_wins += other.black_wins;
        self.capped += other.capped;
    }
}

/// The result of one playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutOutcome {
    /// Moves played, passes included.
    pub moves: u64,
    /// Black's stones and one-point eyes minus White's, without komi.
    pub black_minus_white: i32,
    /// Whether the safety cap stopped the playout.
    pub capped: bool,
}

/// What the playout protocol needs from a board implementation. Each method is a thin
/// call into the implementation's own public API; the protocol itself lives in
/// [`playout`] and is the same for everyone.
pub trait PlayoutBoard {
    /// The implementation's point type.
    type Point: Copy;

    /// The side of the (square) board.
    fn side(&self) -> u32;

    /// Puts the board back to the empty start position.
    fn reset(&mut self);

    /// Called before each move; implementations without an incremental empty list
    /// rebuild their candidate list here.
    #[inline]
    fn begin_move(&mut self) {}

    /// The length of the list of empty points (or candidates).
    fn empty_len(&self) -> usize;

    /// Entry `i` of that list.
    fn empty_at(&self, i: usize) -> Self::Point;

    /// Whether `p` is a one-point eye of `color` under the playout eye rule.
    fn is_eye(&self, color: Color, p: Self::Point) -> bool;

    /// Whether `color` may play `p`: empty, not the ko point, not a suicide.
    fn is_legal(&self, color: Color, p: Self::Point) -> bool;

    /// Plays a legal move.
    fn play(&mut self, color: Color, p: Self::Point);

    /// Passes for `color`.
    fn pass(&mut self, color: Color);

    /// Black's stones and one-point eyes minus White's.
    fn count(&self) -> i32;
}

/// Runs one light playout from the empty board.
#[inline]
pub fn playout<B: PlayoutBoard>(board: &mut B, rng: &mut XorShift64Star) -> PlayoutOutcome {
    board.reset();
    let side = board.side() as u64;
    let cap = 3 * side * side;
    let mut color = Color::Black;
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < cap {
        board.begin_move();
        let n = board.empty_len();
        let mut played = false;
        if n > 0 {
            let first = rng.below(n);
            let mut i = first;
            loop {
                let p = board.empty_at(i);
                if !board.is_eye(color, p) && board.is_legal(color, p) {
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
            board.pass(color);
            passes += 1;
        }
        moves += 1;
        color = !color;
    }
    PlayoutOutcome { moves, black_minus_white: board.count(), capped: passes < 2 }
}

/// Runs `count` playouts with `rng` and sums them up.
pub fn batch<B: PlayoutBoard>(board: &mut B, count: u64, rng: &mut XorShift64Star) -> PlayoutStats {
    let mut stats = PlayoutStats::default();
    for _ in 0..count {
        stats.record(playout(board, rng));
    }
    stats
}

/// The diagonal rule shared by the eye tests: fewer than two "bad" diagonals, where each
/// opponent stone is bad and any number of off-board diagonals count as one.
#[inline]
pub(crate) fn diagonals_allow_eye(opponent_diagonals: u32, off_board_diagonal: bool) -> bool {
    opponent_diagonals + u32::from(off_board_diagonal) < 2
}

/// go-board's [`Board`] under the protocol: `clone_from` of an empty board per
/// playout, the board's own empty list, [`Board::is_simple_eye`], [`Board::is_legal`]
/// (simple ko, no suicide) and [`Board::play`].
#[derive(Clone, Debug)]
pub struct GoBoardPlayouts {
    start: Board,
    board: Board,
}

impl GoBoardPlayouts {
    /// Playouts on an empty `n`×`n` board.
    ///
    /// # Panics
    ///
    /// If `n` is not a supported board side (1 to 25).
    pub fn new(n: u32) -> GoBoardPlayouts {
        let start = Board::new(BoardSize::square(n).expect("board side between 1 and 25"));
        GoBoardPlayouts { board: start.clone(), start }
    }

    /// The board as the last playout left it.
    pub fn board(&self) -> &Board {
        &self.board
    }
}

impl PlayoutBoard for GoBoardPlayouts {
    type Point = Point;

    fn side(&self) -> u32 {
        u32::from(self.start.size().cols())
    }

    #[inline]
    fn reset(&mut self) {
        self.board.clone_from(&self.start);
    }

    #[inline]
    fn empty_len(&self) -> usize {
        self.board.empty_count()
    }

    #[inline]
    fn empty_at(&self, i: usize) -> Point {
        self.board.empty_point(i)
    }

    #[inline]
    fn is_eye(&self, color: Color, p: Point) -> bool {
        self.board.is_simple_eye(color, p)
    }

    #[inline]
    fn is_legal(&self, color: Color, p: Point) -> bool {
        self.board.is_legal(color, p)
    }

    #[inline]
    fn play(&mut self, color: Color, p: Point) {
        self.board.play(color, p);
    }

    #[inline]
    fn pass(&mut self, _color: Color) {
        self.board.pass();
    }

    fn count(&self) -> i32 {
        let board = &self.board;
        let mut score =
            board.stones(Color::Black).len() as i32 - board.stones(Color::White).len() as i32;
        for p in board.empty_points() {
            if board.is_simple_eye(Color::Black, p) {
                score += 1;
            } else if board.is_simple_eye(Color::White, p) {
                score -= 1;
            }
        }
        score
    }
}

/// Runs `count` playouts of go-board on an empty board of side `n` from `seed`.
pub fn go_board_batch(n: u32, count: u64, seed: u64) -> PlayoutStats {
    batch(&mut GoBoardPlayouts::new(n), count, &mut XorShift64Star::new(seed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_board_batches_are_reproducible_and_end_by_two_passes() {
        let a = go_board_batch(9, 200, 7);
        let b = go_board_batch(9, 200, 7);
        assert_eq!(a, b);
        assert_eq!(a.capped, 0);
        assert_ne!(go_board_batch(9, 200, 8), a);
        // Strict rules, swap-removed empty list: ≈111 moves on 9×9 (reference §6).
        assert!((105.0..117.0).contains(&a.moves_per_playout()), "{a:?}");
    }

    #[test]
    fn a_playout_ends_with_only_eyes_left() {
        let mut driver = GoBoardPlayouts::new(9);
        let mut rng = XorShift64Star::new(3);
        for _ in 0..20 {
            let outcome = playout(&mut driver, &mut rng);
            let board = driver.board();
            for p in board.empty_points() {
                assert!(
                    board.is_simple_eye(Color::Black, p) || board.is_simple_eye(Color::White, p),
                    "{p} is not an eye at the end of a playout:\n{}",
                    board.to_diagram()
                );
            }
            // Every point is a stone or an eye, so the count covers all 81 points: it is
            // odd and at most 81 in size.
            assert!(outcome.black_minus_white.abs() <= 81);
            assert_eq!(outcome.black_minus_white.rem_euclid(2), 1);
        }
    }

    /// Same protocol, same rules: the three implementations play games of the same
    /// average length and Black wins equally often (goban scans a row-major list, which
    /// lengthens games by a few tenths of a percent; reference §1).
    #[test]
    fn the_three_implementations_agree_on_the_rules() {
        let ours = batch(&mut GoBoardPlayouts::new(9), 4000, &mut XorShift64Star::new(1));
        let lew = batch(
            &mut go_game_board::GoGameBoardPlayouts::new(9),
            4000,
            &mut XorShift64Star::new(2),
        );
        let sagebati = batch(&mut goban::GobanPlayouts::new(9), 800, &mut XorShift64Star::new(3));
        for peer in [lew, sagebati] {
            assert_eq!(peer.capped, 0);
            let ratio = peer.moves_per_playout() / ours.moves_per_playout();
            assert!((0.985..1.015).contains(&ratio), "{peer:?} vs {ours:?}");
            let gap = (peer.black_win_rate() - ours.black_win_rate()).abs();
            assert!(gap < 0.07, "{peer:?} vs {ours:?}");
        }
    }

    #[test]
    fn below_stays_below() {
        let mut rng = XorShift64Star::new(0);
        for n in [1, 2, 81, 361] {
            assert!((0..1000).all(|_| rng.below(n) < n));
        }
    }
}
