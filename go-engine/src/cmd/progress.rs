//! A progress bar on standard error for long subcommands, shown only when standard
//! error is a terminal (so piped and redirected runs stay quiet).

use std::io::{IsTerminal, Write};

/// Counts steps towards a total and redraws one line on standard error.
pub(crate) struct Progress {
    total: u64,
    done: u64,
    shown: bool,
}

impl Progress {
    /// A progress bar for `total` steps, shown only when standard error is a terminal.
    pub(crate) fn new(total: u64) -> Progress {
        Progress { total, done: 0, shown: std::io::stderr().is_terminal() }
    }

    /// Counts one step and shows `label` beside the bar.
    pub(crate) fn step(&mut self, label: &str) {
        self.done += 1;
        if self.shown {
            let width = 30;
            let filled = (self.done * width / self.total.max(1)) as usize;
            let bar: String =
                (0..width as usize).map(|i| if i < filled { '=' } else { ' ' }).collect();
            eprint!("\r[{bar}] {}/{} {label:<40}", self.done, self.total);
            let _ = std::io::stderr().flush();
        }
    }

    /// Clears the bar's line.
    pub(crate) fn finish(&self) {
        if self.shown {
            eprint!("\r{:80}\r", "");
        }
    }
}
