//! What the controller says about time: the [`TimeSettings`] of a game (`time_settings`,
//! `kgs-time_settings`), the [`TimeLeft`] of each colour (`time_left`), and the
//! [`Clock`] that holds both.

use go_board::ByColor;

/// The time system of a game, as GTP's `time_settings` or KGS's `kgs-time_settings`
/// gives it; times in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TimeSettings {
    /// No time limit (`kgs-time_settings none`, or `time_settings` with byo-yomi time
    /// and no byo-yomi stones, as GTP defines it).
    Unlimited,
    /// Main time only, then the game is lost on time (sudden death).
    Absolute {
        /// Main time.
        main_time: u64,
    },
    /// Canadian byo-yomi: after main time, `stones` moves to play in each period of
    /// `period_time` (GTP's `time_settings`).
    Canadian {
        /// Main time.
        main_time: u64,
        /// Length of a period.
        period_time: u64,
        /// Moves to play in each period (at least 1).
        stones: u64,
    },
    /// Japanese byo-yomi: after main time, `periods` periods of `period_time`; a move
    /// played within a period keeps it, a period that runs out is lost.
    ByoYomi {
        /// Main time.
        main_time: u64,
        /// Length of a period.
        period_time: u64,
        /// Periods (at least 1).
        periods: u64,
    },
}

impl TimeSettings {
    /// The settings of GTP's `time_settings main_time byo_yomi_time byo_yomi_stones`:
    /// no byo-yomi time is sudden death, byo-yomi time with no stones is no limit.
    pub fn from_gtp(main_time: u64, byo_yomi_time: u64, byo_yomi_stones: u64) -> TimeSettings {
        match (byo_yomi_time, byo_yomi_stones) {
            (0, _) => TimeSettings::Absolute { main_time },
            (_, 0) => TimeSettings::Unlimited,
            (period_time, stones) => TimeSettings::Canadian { main_time, period_time, stones },
        }
    }
}

/// The time a colour has left, as GTP's `time_left` gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TimeLeft {
    /// Seconds left in the current period.
    pub seconds: u64,
    /// Stones left to play in the current byo-yomi period; 0 while in main time.
    pub stones: u64,
}

/// What the controller said about time: the settings, and the last time reported left
/// for each colour. Empty until `time_settings` or `time_left` is received.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Clock {
    /// The settings of the last `time_settings` or `kgs-time_settings`.
    pub settings: Option<TimeSettings>,
    /// The last `time_left` of each colour.
    pub left: ByColor<Option<TimeLeft>>,
}
