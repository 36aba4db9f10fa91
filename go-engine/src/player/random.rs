//! [`RandomPlayer`]: a uniformly random legal move that fills no own eye, and the small
//! seeded generator it uses.

use go_board::{Color, Move, Point, Position};

use super::{Clock, Decision, Player};

/// A player that chooses uniformly at random among the legal moves that do not fill one
/// of its own one-point eyes ([`go_board::Board::is_simple_eye`]), and passes when there
/// is none. Legal means legal under the position's rules, superko included.
///
/// It is seeded, so a game against it can be replayed: the same seed and the same
/// commands give the same moves.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Color, Move, Position, Rules};
/// use go_engine::player::{Clock, Decision, Player, RandomPlayer};
///
/// let mut position = Position::new(BoardSize::square(9)?, Rules::chinese());
/// let mut a = RandomPlayer::new(7);
/// let mut b = RandomPlayer::new(7);
/// let clock = Clock::default();
/// let first = a.genmove(&position, Color::Black, &clock);
/// assert_eq!(first, b.genmove(&position, Color::Black, &clock));
/// let Decision::Play(mv) = first else { panic!("an empty board has moves") };
/// position.try_play(mv)?;
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: Rng,
    seed: u64,
}

impl RandomPlayer {
    /// A random player whose choices are determined by `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer { rng: Rng::new(seed), seed }
    }

    /// The seed it was created with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The moves this player chooses among for `color`: the empty points that are
    /// legal and not a one-point eye of `color`, in the board's empty-point order.
    pub fn candidates(position: &Position, color: Color) -> Vec<Point> {
        let board = position.board();
        board
            .empty_points()
            .filter(|&p| {
                !board.is_simple_eye(color, p) && position.check_as(color, Move::Play(p)).is_ok()
            })
            .collect()
    }
}

impl Player for RandomPlayer {
    fn description(&self) -> &str {
        "random player"
    }

    /// Starts the choices over from `seed`, as [`RandomPlayer::new`] does.
    fn set_random_seed(&mut self, seed: u64) {
        *self = RandomPlayer::new(seed);
    }

    fn genmove(&mut self, position: &Position, color: Color, _clock: &Clock) -> Decision {
        let mut candidates = RandomPlayer::candidates(position, color);
        // The empty-point list order depends on the history; sort so that the choice
        // depends only on the seed and the position.
        candidates.sort_unstable();
        if candidates.is_empty() {
            Decision::Play(Move::Pass)
        } else {
            let i = self.rng.below(candidates.len() as u64) as usize;
            Decision::Play(Move::Play(candidates[i]))
        }
    }
}

/// A small, fast, seedable generator: SplitMix64 seeding a xorshift64* stream.
#[derive(Clone, Debug)]
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        // SplitMix64 of the seed: never zero for practical purposes; fix zero anyway.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        Rng(if z == 0 { 0x2545_F491_4F6C_DD1D } else { z })
    }

    fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A uniform integer in `0..n` (Lemire's method with rejection, so exactly
    /// uniform).
    fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u128::from(self.next_u64()) * u128::from(n);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::{Clock, Decision, Player};
    use go_board::{BoardSize, Rules};

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = Rng::new(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[rng.below(7) as usize] += 1;
        }
        // Each of the 7 values is drawn about 1000 times.
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }

    #[test]
    fn never_fills_its_own_eye_and_passes_when_nothing_else_is_left() {
        // Black owns the whole 3x3 board but two eyes: filling either is the only
        // legal board move, and the random player must pass instead.
        let position = Position::from_diagram(
            "
            . X X
            X X X
            X X .
            ",
            Rules::chinese(),
        )
        .unwrap();
        let mut player = RandomPlayer::new(3);
        for _ in 0..20 {
            assert_eq!(
                player.genmove(&position, Color::Black, &Clock::default()),
                Decision::Play(Move::Pass)
            );
        }
        // White has no legal move either (both points are suicide).
        assert!(RandomPlayer::candidates(&position, Color::White).is_empty());
    }

    #[test]
    fn random_games_stay_legal_and_end() {
        let size = BoardSize::square(7).unwrap();
        let mut position = Position::new(size, Rules::chinese());
        let mut player = RandomPlayer::new(11);
        let mut moves = 0;
        while !position.is_over() {
            let color = position.to_move();
            let Decision::Play(mv) = player.genmove(&position, color, &Clock::default()) else {
                panic!("the random player never resigns");
            };
            position.try_play(mv).unwrap();
            moves += 1;
            assert!(moves < 1000, "a random game with the eye rule ends");
        }
        assert!(moves > 20);
    }
}
