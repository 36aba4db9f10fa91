//! [`Config`]: the switches of the alpha-beta family.

#[cfg(doc)]
use super::AlphaBeta;
use super::Replacement;
use crate::error::ConfigError;
#[cfg(doc)]
use crate::{Game, NoisyMoves};

/// Options of [`AlphaBeta`]. The default is a modern serial search: iterative deepening,
/// a 2^16-entry two-tier table, PVS, killers and history; no aspiration, MTD(f),
/// quiescence or null move.
///
/// # Examples
/// ```
/// use go_search::alphabeta::{Config, Replacement};
/// // Plain alpha-beta: no table, no iterative deepening, no ordering heuristics.
/// let plain = Config::plain();
/// assert!(!plain.is_iterative());
/// // The default, with MTD(f) and a bigger depth-preferred table.
/// let mtdf = Config::default().mtdf(true).table(1 << 20, Replacement::DepthPreferred);
/// assert!(mtdf.is_mtdf());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub(super) iterative: bool,
    pub(super) table_entries: usize,
    pub(super) replacement: Replacement,
    pub(super) pvs: bool,
    pub(super) aspiration: Option<f64>,
    pub(super) mtdf: bool,
    pub(super) killers: bool,
    pub(super) history: bool,
    pub(super) countermoves: bool,
    pub(super) etc: Option<u32>,
    pub(super) quiescence_depth: u32,
    pub(super) null_move_reduction: Option<u32>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            iterative: true,
            table_entries: 1 << 16,
            replacement: Replacement::TwoTier,
            pvs: true,
            aspiration: None,
            mtdf: false,
            killers: true,
            history: true,
            countermoves: false,
            etc: None,
            quiescence_depth: 0,
            null_move_reduction: None,
        }
    }
}

impl Config {
    /// The default configuration.
    pub fn new() -> Config {
        Config::default()
    }

    /// Plain fail-soft alpha-beta: one search to the depth limit, no table, no PVS, no
    /// killers, no history.
    pub fn plain() -> Config {
        Config {
            iterative: false,
            table_entries: 0,
            pvs: false,
            killers: false,
            history: false,
            ..Config::default()
        }
    }

    /// Iterative deepening: search depth 1, 2, … up to the limit (default on).
    #[must_use]
    pub fn iterative(mut self, on: bool) -> Config {
        self.iterative = on;
        self
    }

    /// A transposition table of about `entries` entries (rounded down to a power of
    /// two; 0 = none) with the given replacement policy. Needs [`Game::hash`].
    #[must_use]
    pub fn table(mut self, entries: usize, replacement: Replacement) -> Config {
        self.table_entries = entries;
        self.replacement = replacement;
        self
    }

    /// Principal variation search: null windows after the first move (default on).
    #[must_use]
    pub fn pvs(mut self, on: bool) -> Config {
        self.pvs = on;
        self
    }

    /// Aspiration windows of half-width `width` around the previous iteration's value
    /// (widened on failure). `None` = full window (default). The width must be finite
    /// and positive: [`AlphaBeta::new`] refuses others.
    #[must_use]
    pub fn aspiration(mut self, width: Option<f64>) -> Config {
        self.aspiration = width;
        self
    }

    /// MTD(f): each iteration is a series of null-window searches (default off).
    /// Best with a table and a coarse evaluation.
    #[must_use]
    pub fn mtdf(mut self, on: bool) -> Config {
        self.mtdf = on;
        self
    }

    /// Two killer moves per ply (default on).
    #[must_use]
    pub fn killers(mut self, on: bool) -> Config {
        self.killers = on;
        self
    }

    /// The history heuristic (default on; needs [`Game::move_index`]).
    #[must_use]
    pub fn history(mut self, on: bool) -> Config {
        self.history = on;
        self
    }

    /// The countermove heuristic (default off; needs [`Game::move_index`]): the move that
    /// last refuted the opponent's previous move is tried after the killers.
    #[must_use]
    pub fn countermoves(mut self, on: bool) -> Config {
        self.countermoves = on;
        self
    }

    /// Enhanced transposition cutoffs at nodes with at least `plies` to go (default
    /// off; needs [`Game::hash_after`] and a table): before searching its moves, a node
    /// looks its children up in the table, and one already known to refute the
    /// opponent cuts it at once. Value-preserving; it trades table probes for nodes.
    #[must_use]
    pub fn etc(mut self, plies: Option<u32>) -> Config {
        self.etc = plies;
        self
    }

    /// Quiescence search of up to `plies` noisy moves beyond the horizon (default 0).
    /// Needs a [`NoisyMoves`] hook, see [`AlphaBeta::with_noisy_moves`].
    #[must_use]
    pub fn quiescence(mut self, plies: u32) -> Config {
        self.quiescence_depth = plies;
        self
    }

    /// Null-move pruning with depth reduction `r` (default off; needs
    /// [`Game::null_move`]). Selective: it can change the root value.
    #[must_use]
    pub fn null_move(mut self, r: Option<u32>) -> Config {
        self.null_move_reduction = r;
        self
    }

    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(super) fn table_entries(&self) -> usize {
        self.table_entries
    }

    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(super) fn replacement(&self) -> Replacement {
        self.replacement
    }

    /// Whether iterative deepening is on.
    pub fn is_iterative(&self) -> bool {
        self.iterative
    }

    /// Whether the history heuristic is on.
    pub fn is_history(&self) -> bool {
        self.history
    }

    /// Whether MTD(f) is on.
    pub fn is_mtdf(&self) -> bool {
        self.mtdf
    }

    /// Checks the settings.
    pub(super) fn validate(&self) -> Result<(), ConfigError> {
        match self.aspiration {
            Some(w) if !(w.is_finite() && w > 0.0) => Err(ConfigError::new(
                "alphabeta::Config::aspiration",
                w,
                "a finite width > 0 (or None for full windows)",
            )),
            _ => Ok(()),
        }
    }

    /// Whether the configuration only uses value-preserving enhancements.
    pub fn is_exact(&self) -> bool {
        self.null_move_reduction.is_none() && self.quiescence_depth == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_builders() {
        let c = Config::new().aspiration(Some(8.0)).quiescence(2).null_move(Some(2));
        assert_eq!(c.aspiration, Some(8.0));
        assert!(c.validate().is_ok());
        assert!(!c.is_exact());
        assert!(Config::default().is_exact());
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let e = Config::new().aspiration(Some(bad)).validate().unwrap_err();
            assert_eq!(e.setting(), "alphabeta::Config::aspiration");
        }
    }
}
