//! How long to think: the time for one move from the controller's time settings
//! (`time_settings`, `kgs-time_settings`) and the time left it reports (`time_left`),
//! for absolute time, Canadian and Japanese byo-yomi, never losing on time.
//!
//! # The rule
//!
//! With `left` seconds of main time, the move gets `left / moves` where `moves`, the
//! moves still to play, is estimated as `max(empty points / 2.5, 10)`. In byo-yomi (or
//! when main time is short) the move gets what a period allows per move: Canadian
//! `period / stones left in it`, Japanese one `period`. Spending more than the main
//! time left only moves the clock into byo-yomi, so a move in main time may take the
//! larger of the two. Absolute time has no byo-yomi: at least 20 moves are assumed to
//! be left, twice the overhead of each is kept back before sharing, and the move never
//! gets more than half of what is left.
//!
//! From that share a reserve is taken for what the search does not count — the time
//! between two clock checks of the search, the answer's way to the controller — of
//! [`TimePolicy::overhead`] plus [`TimePolicy::margin`] of the share; the result is at
//! least [`TimePolicy::minimum`]. The time is for the whole move: the player's search
//! stops at a deadline counted from when the move was asked, so the reading and the
//! candidate generation before the search count against it too (on 19×19 they take up
//! to a second).
//!
//! # When the controller does not report
//!
//! A controller that sends `time_settings` but no `time_left` is followed by
//! [`TimeKeeper`], which counts the time the player itself used from the last report
//! (or from the settings), so the budget still shrinks.

use std::time::Duration;

use go_board::{ByColor, Color, Position};

use super::clock::{Clock, TimeLeft, TimeSettings};

/// The reserves of the rule; see the [module documentation](self).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimePolicy {
    /// Kept back from every move for latency and the search's overshoot.
    pub overhead: Duration,
    /// The fraction of the share kept back as well.
    pub margin: f64,
    /// The least time a move gets (then the search plays what it has).
    pub minimum: Duration,
}

impl Default for TimePolicy {
    /// 0.25 s and 10 % kept back, at least 20 ms per move.
    fn default() -> TimePolicy {
        TimePolicy {
            overhead: Duration::from_millis(250),
            margin: 0.1,
            minimum: Duration::from_millis(20),
        }
    }
}

/// The moves still to play for one side, estimated from the empty points.
pub fn moves_to_play(position: &Position) -> f64 {
    (position.board().empty_count() as f64 / 2.5).max(10.0)
}

impl TimePolicy {
    /// The time for a move with `left` on the clock under `settings`, in a game at
    /// `position`; `None` when there is no limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use go_board::{BoardSize, Position, Rules};
    /// use go_engine::player::time::TimePolicy;
    /// use go_engine::player::{TimeLeft, TimeSettings};
    ///
    /// let position = Position::new(BoardSize::square(9)?, Rules::chinese());
    /// let policy = TimePolicy::default();
    /// // Canadian 5 minutes, then 25 stones in 5 minutes: in main time, the larger of
    /// // 300 s / 32.4 moves (9.26 s) and a period's 12 s per stone, less the reserve.
    /// let canadian = TimeSettings::Canadian { main_time: 300, period_time: 300, stones: 25 };
    /// let main = TimeLeft { seconds: 300, stones: 0 };
    /// let t = policy.allot(&canadian, main, &position).unwrap();
    /// assert_eq!(t, Duration::from_secs_f64(12.0 * 0.9 - 0.25));
    /// // In byo-yomi with 10 s for 5 stones: under 2 s.
    /// let byo = TimeLeft { seconds: 10, stones: 5 };
    /// assert!(policy.allot(&canadian, byo, &position).unwrap() < Duration::from_secs(2));
    /// assert_eq!(policy.allot(&TimeSettings::Unlimited, main, &position), None);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn allot(
        &self,
        settings: &TimeSettings,
        left: TimeLeft,
        position: &Position,
    ) -> Option<Duration> {
        let moves = moves_to_play(position);
        let secs = left.seconds as f64;
        let in_main = left.stones == 0;
        let share = match *settings {
            TimeSettings::Unlimited => return None,
            TimeSettings::Absolute { .. } => {
                // No byo-yomi to fall back on: keep back twice the overhead for each
                // of at least 20 moves still to play, and share the rest.
                let moves = moves.max(20.0);
                let usable = secs - 2.0 * self.overhead.as_secs_f64() * moves;
                (usable / moves).min(secs / 2.0)
            }
            TimeSettings::Canadian { period_time, stones, .. } => {
                let per_stone = |time: f64, stones: u64| time / stones.max(1) as f64;
                if in_main {
                    (secs / moves).max(per_stone(period_time as f64, stones))
                } else {
                    per_stone(secs, left.stones)
                }
            }
            TimeSettings::ByoYomi { period_time, .. } => {
                if in_main {
                    (secs / moves).max(period_time as f64)
                } else {
                    // What is left of the current period, at most a full period.
                    secs.min(period_time as f64)
                }
            }
        };
        let kept = share * (1.0 - self.margin) - self.overhead.as_secs_f64();
        let seconds = kept.max(self.minimum.as_secs_f64());
        Some(Duration::from_secs_f64(seconds))
    }
}

/// Follows the clock of both colours between the controller's reports: the last
/// report (or the settings' start), and the time the player used since.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use go_board::Color;
/// use go_engine::player::time::TimeKeeper;
/// use go_engine::player::{Clock, TimeLeft, TimeSettings};
///
/// let mut clock = Clock::default();
/// clock.settings = Some(TimeSettings::Absolute { main_time: 60 });
/// let mut keeper = TimeKeeper::default();
/// assert_eq!(keeper.left(&clock, Color::Black), Some(TimeLeft { seconds: 60, stones: 0 }));
/// keeper.used(Color::Black, Duration::from_secs(10));
/// assert_eq!(keeper.left(&clock, Color::Black), Some(TimeLeft { seconds: 50, stones: 0 }));
/// // A report of the controller replaces the count.
/// clock.left[Color::Black] = Some(TimeLeft { seconds: 55, stones: 0 });
/// assert_eq!(keeper.left(&clock, Color::Black), Some(TimeLeft { seconds: 55, stones: 0 }));
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TimeKeeper {
    settings: Option<TimeSettings>,
    reported: ByColor<Option<TimeLeft>>,
    /// Time used and moves played since the last report, per colour.
    used: ByColor<(Duration, u64)>,
}

impl TimeKeeper {
    /// The time `color` has left by the controller's last report and the time used
    /// since; `None` without settings or without a limit.
    pub fn left(&mut self, clock: &Clock, color: Color) -> Option<TimeLeft> {
        let settings = clock.settings?;
        if self.settings != Some(settings) {
            *self = TimeKeeper { settings: Some(settings), ..TimeKeeper::default() };
        }
        if clock.left[color] != self.reported[color] {
            self.reported[color] = clock.left[color];
            self.used[color] = (Duration::ZERO, 0);
        }
        let start = match self.reported[color] {
            Some(left) => left,
            None => match settings {
                TimeSettings::Unlimited => return None,
                TimeSettings::Absolute { main_time }
                | TimeSettings::Canadian { main_time, .. }
                | TimeSettings::ByoYomi { main_time, .. } => {
                    TimeLeft { seconds: main_time, stones: 0 }
                }
            },
        };
        let (used, moves) = self.used[color];
        Some(advance(&settings, start, used, moves))
    }

    /// Records that `color` used `time` for one move.
    pub fn used(&mut self, color: Color, time: Duration) {
        let (t, n) = &mut self.used[color];
        *t += time;
        *n += 1;
    }
}

/// The clock of `start` after `used` seconds over `moves` moves under `settings`
/// (whole seconds, rounded up against the player).
fn advance(settings: &TimeSettings, start: TimeLeft, used: Duration, moves: u64) -> TimeLeft {
    let used = used.as_secs_f64().ceil() as u64;
    let mut left = start;
    if left.stones == 0 {
        if used < left.seconds {
            left.seconds -= used;
            return left;
        }
        let over = used - left.seconds;
        // Main time ran out: into the first period.
        left = match *settings {
            TimeSettings::Canadian { period_time, stones, .. } => {
                TimeLeft { seconds: period_time.saturating_sub(over), stones }
            }
            TimeSettings::ByoYomi { period_time, periods, .. } => {
                TimeLeft { seconds: period_time.saturating_sub(over), stones: periods }
            }
            _ => TimeLeft { seconds: 0, stones: 0 },
        };
        return left;
    }
    match *settings {
        TimeSettings::Canadian { period_time, stones, .. } => {
            // Moves made in the period; a finished period starts a new one.
            let made = moves % stones.max(1);
            let left_stones = left.stones.saturating_sub(made).max(1);
            TimeLeft {
                seconds: left.seconds.saturating_sub(used).min(period_time),
                stones: left_stones,
            }
        }
        // A Japanese period is renewed by every move played in it.
        _ => left,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::{BoardSize, Move, Rules};

    /// A fake game clock as a controller keeps it: it charges the time a move took (in
    /// milliseconds), handles the periods, reports whole seconds as GTP's `time_left`
    /// does, and says whether the player lost on time.
    struct FakeClock {
        settings: TimeSettings,
        /// Milliseconds left in main time or in the current period.
        ms: u64,
        /// 0 in main time; else stones (Canadian) or periods (Japanese) left.
        stones: u64,
    }

    impl FakeClock {
        fn new(settings: TimeSettings) -> FakeClock {
            let main = match settings {
                TimeSettings::Absolute { main_time }
                | TimeSettings::Canadian { main_time, .. }
                | TimeSettings::ByoYomi { main_time, .. } => main_time,
                TimeSettings::Unlimited => u64::MAX / 1000,
            };
            FakeClock { settings, ms: main * 1000, stones: 0 }
        }

        fn left(&self) -> TimeLeft {
            TimeLeft { seconds: self.ms / 1000, stones: self.stones }
        }

        /// Charges a move of `took` ms; `false` if the player lost on time.
        fn charge(&mut self, took: u64) -> bool {
            if self.stones == 0 {
                if took < self.ms {
                    self.ms -= took;
                    return true;
                }
                let over = took - self.ms;
                match self.settings {
                    TimeSettings::Canadian { period_time, stones, .. } => {
                        (self.ms, self.stones) = (period_time * 1000, stones);
                    }
                    TimeSettings::ByoYomi { period_time, periods, .. } => {
                        (self.ms, self.stones) = (period_time * 1000, periods);
                    }
                    _ => return false,
                }
                return self.in_period(over);
            }
            self.in_period(took)
        }

        fn in_period(&mut self, took: u64) -> bool {
            match self.settings {
                TimeSettings::Canadian { period_time, stones, .. } => {
                    if took > self.ms {
                        return false;
                    }
                    self.ms -= took;
                    self.stones -= 1;
                    if self.stones == 0 {
                        (self.ms, self.stones) = (period_time * 1000, stones);
                    }
                    true
                }
                TimeSettings::ByoYomi { period_time, .. } => {
                    if took > self.ms {
                        // A period is lost; the last one loses the game.
                        if self.stones <= 1 {
                            return false;
                        }
                        self.stones -= 1;
                    }
                    self.ms = period_time * 1000;
                    true
                }
                _ => false,
            }
        }
    }

    /// Plays `moves` moves against the fake clock, each taking the allotted time plus
    /// an overshoot of 100 ms and 5 %, with the clock reported before every move.
    fn survive(settings: TimeSettings, size: u32, moves: usize) -> Duration {
        let policy = TimePolicy::default();
        let mut position = Position::new(BoardSize::square(size).unwrap(), Rules::chinese());
        let mut clock = FakeClock::new(settings);
        let mut total = Duration::ZERO;
        let empties: Vec<_> = position.board().empty_points().collect();
        for i in 0..moves {
            let t = policy.allot(&settings, clock.left(), &position).expect("a limit");
            total += t;
            let took = (t.as_millis() as f64 * 1.05) as u64 + 100;
            assert!(clock.charge(took), "{settings:?}: lost on time at move {i} ({took} ms)");
            // Fill the board a little (and keep it from filling up).
            let mv = Move::Play(empties[(i * 7) % empties.len()]);
            if position.is_legal(mv) && position.board().empty_count() > 20 {
                position.try_play(mv).unwrap();
            } else {
                position.try_play(Move::Pass).unwrap();
                position.resume();
            }
        }
        total
    }

    #[test]
    fn issue_14_never_loses_on_time_against_a_fake_clock() {
        let systems = [
            TimeSettings::Absolute { main_time: 60 },
            TimeSettings::Absolute { main_time: 40 },
            TimeSettings::Canadian { main_time: 0, period_time: 10, stones: 5 },
            TimeSettings::Canadian { main_time: 30, period_time: 30, stones: 10 },
            TimeSettings::ByoYomi { main_time: 0, period_time: 1, periods: 1 },
            TimeSettings::ByoYomi { main_time: 20, period_time: 5, periods: 3 },
        ];
        // Each side's moves in a long game: 80 on 9x9, 250 on 19x19. (Absolute time
        // cannot survive a fixed overshoot per move beyond main time / moves: 5 s for
        // 80 moves of 120 ms would lose whatever the policy.)
        for settings in systems {
            for (size, moves) in [(9, 80), (19, 250)] {
                let total = survive(settings, size, moves);
                assert!(total > Duration::ZERO);
            }
        }
        // Main time is used, not hoarded: a 9x9 game of 60 s absolute spends more
        // than 40 % of it in 40 moves (the rest is the reserve for later moves).
        let spent = survive(TimeSettings::Absolute { main_time: 60 }, 9, 40);
        assert!(spent > Duration::from_secs(24), "{spent:?}");
    }

    #[test]
    fn the_keeper_counts_its_own_time_without_reports() {
        let settings = TimeSettings::Canadian { main_time: 10, period_time: 30, stones: 5 };
        let mut clock = Clock { settings: Some(settings), ..Clock::default() };
        let mut keeper = TimeKeeper::default();
        keeper.used(Color::White, Duration::from_secs(12));
        // Reset by the settings seen first: nothing used yet.
        assert_eq!(keeper.left(&clock, Color::White), Some(TimeLeft { seconds: 10, stones: 0 }));
        keeper.used(Color::White, Duration::from_millis(11_500));
        // 12 s rounded up: 2 s into the first period of 30 s for 5 stones.
        assert_eq!(keeper.left(&clock, Color::White), Some(TimeLeft { seconds: 28, stones: 5 }));
        // Other colour untouched.
        assert_eq!(keeper.left(&clock, Color::Black), Some(TimeLeft { seconds: 10, stones: 0 }));
        clock.settings = Some(TimeSettings::Unlimited);
        assert_eq!(keeper.left(&clock, Color::White), None);
    }
}
