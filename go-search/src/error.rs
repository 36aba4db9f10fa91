//! [`ConfigError`]: a setting a searcher cannot work with.

use core::fmt;

/// A setting a searcher cannot work with, found when the searcher is built
/// ([`AlphaBeta::new`](crate::AlphaBeta::new), [`Mcts::new`](crate::Mcts::new), ...).
///
/// Configuration setters never fail and never change the value they are given: a NaN
/// exploration constant or a negative ε is kept as it is and refused here, so a typo
/// cannot silently become another setting.
///
/// # Examples
/// ```
/// use go_search::mcts::Config;
/// use go_search::{Mcts, RandomRollout};
///
/// let err = Mcts::new(Config::default().exploration(f64::NAN), RandomRollout::default())
///     .unwrap_err();
/// assert_eq!(err.setting(), "mcts::Config::exploration");
/// assert_eq!(err.to_string(), "mcts::Config::exploration is NaN: expected a finite number >= 0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    setting: &'static str,
    value: String,
    expected: &'static str,
}

impl ConfigError {
    pub(crate) fn new(
        setting: &'static str,
        value: impl fmt::Debug,
        expected: &'static str,
    ) -> Self {
        ConfigError { setting, value: format!("{value:?}"), expected }
    }

    /// The setting, as the path of its setter (`"dfpn::Config::epsilon"`).
    pub fn setting(&self) -> &'static str {
        self.setting
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is {}: expected {}", self.setting, self.value, self.expected)
    }
}

impl std::error::Error for ConfigError {}

/// `Ok` if `x` is finite and at least 0, else the error for `setting`.
pub(crate) fn non_negative(setting: &'static str, x: f64) -> Result<(), ConfigError> {
    if x.is_finite() && x >= 0.0 {
        Ok(())
    } else {
        Err(ConfigError::new(setting, x, "a finite number >= 0"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_negative_refuses_nan_infinity_and_negatives() {
        assert!(non_negative("x", 0.0).is_ok() && non_negative("x", 2.5).is_ok());
        for bad in [f64::NAN, f64::INFINITY, -0.5, f64::NEG_INFINITY] {
            let e = non_negative("dfpn::Config::epsilon", bad).unwrap_err();
            assert_eq!(e.setting(), "dfpn::Config::epsilon");
            assert!(e.to_string().contains(&format!("{bad:?}")), "{e}");
        }
    }
}
