//! [`Limits`]: how many games, how much memory, how much printed text and how much
//! time a [`Context`](crate::Context) may use.

use core::fmt;
use std::time::{Duration, Instant};

/// The resource limits of a [`Context`](crate::Context).
///
/// Canonical forms, sums and printed forms can grow exponentially with the size of
/// an expression (`heat(*20, 1)` prints 1.6 GB; `norton(*22, ^)` fills memory), so
/// every context has finite limits by default. An operation that would pass one
/// fails with [`Error::LimitExceeded`](crate::Error::LimitExceeded) naming the
/// [`Limit`]; it never aborts, and the context stays usable (raise the limit, or
/// call [`Context::clear_caches`](crate::Context::clear_caches)).
///
/// - `games`: the most games the arena holds. Checked exactly whenever an
///   operation creates a game that is not a number (numbers, and the negatives that
///   [`Context::neg`](crate::Context::neg) creates, may pass it by the size of their
///   argument).
/// - `memory`: the estimated bytes of the arena and of every memo table (from their
///   capacities), checked every 1024 steps of work; a table that doubles may take
///   the real use up to about 1.5 times the limit.
/// - `output`: the most bytes of one printed game
///   ([`GameDisplay::try_to_string`](crate::GameDisplay::try_to_string)); the length
///   is known before anything is printed.
/// - `deadline`: a wall-clock deadline, read every 1024 steps of work.
///
/// # Examples
/// ```
/// use go_cgt::{Context, Error, Limit, Limits};
/// let mut ctx = Context::with_limits(Limits::default().games(1000));
/// let err = ctx.eval("norton(*22, ^)").unwrap_err();
/// assert_eq!(err.error(), Some(&Error::LimitExceeded(Limit::Games(1000))));
/// // the context is still usable
/// let g = ctx.parse("^ + ^")?;
/// assert_eq!(ctx.display(g).to_string(), "^^");
/// # Ok::<_, go_cgt::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Most games in the arena ([`Limit::Games`]); `None` for no limit.
    pub games: Option<usize>,
    /// Most estimated bytes of the arena and the memo tables ([`Limit::Memory`]).
    pub memory: Option<usize>,
    /// Most bytes of one printed game ([`Limit::Output`]).
    pub output: Option<usize>,
    /// Wall-clock deadline ([`Limit::Deadline`]).
    pub deadline: Option<Instant>,
}

/// The default of [`Limits::games`]: 2,000,000 games (with their memo tables, a few
/// hundred bytes each: the 675,468 games of `Tiny(1) + … + Tiny(39)` take 256 MB, so
/// the memory limit usually comes first).
pub const DEFAULT_GAMES: usize = 2_000_000;
/// The default of [`Limits::memory`]: 1 GiB.
pub const DEFAULT_MEMORY: usize = 1 << 30;
/// The default of [`Limits::output`]: 16 MiB.
pub const DEFAULT_OUTPUT: usize = 16 << 20;

impl Default for Limits {
    /// [`DEFAULT_GAMES`], [`DEFAULT_MEMORY`], [`DEFAULT_OUTPUT`], no deadline.
    fn default() -> Self {
        Limits {
            games: Some(DEFAULT_GAMES),
            memory: Some(DEFAULT_MEMORY),
            output: Some(DEFAULT_OUTPUT),
            deadline: None,
        }
    }
}

impl Limits {
    /// No limit at all (for trusted input on a machine with memory to spare).
    pub fn none() -> Limits {
        Limits { games: None, memory: None, output: None, deadline: None }
    }

    /// Sets [`Limits::games`].
    #[must_use]
    pub fn games(mut self, games: usize) -> Limits {
        self.games = Some(games);
        self
    }

    /// Sets [`Limits::memory`] (bytes).
    #[must_use]
    pub fn memory(mut self, bytes: usize) -> Limits {
        self.memory = Some(bytes);
        self
    }

    /// Sets [`Limits::output`] (bytes).
    #[must_use]
    pub fn output(mut self, bytes: usize) -> Limits {
        self.output = Some(bytes);
        self
    }

    /// Sets [`Limits::deadline`].
    #[must_use]
    pub fn deadline(mut self, deadline: Instant) -> Limits {
        self.deadline = Some(deadline);
        self
    }

    /// Sets [`Limits::deadline`] to `duration` from now (no deadline if that instant
    /// is not representable).
    #[must_use]
    pub fn time(mut self, duration: Duration) -> Limits {
        self.deadline = Instant::now().checked_add(duration);
        self
    }
}

/// Which limit of [`Limits`] an operation reached, with its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// The arena holds [`Limits::games`] games.
    Games(usize),
    /// The arena and the memo tables take more than [`Limits::memory`] bytes.
    Memory(usize),
    /// The printed game is longer than [`Limits::output`] bytes.
    Output(usize),
    /// [`Limits::deadline`] has passed.
    Deadline,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Games(n) => write!(f, "the limit of {n} games is reached"),
            Limit::Memory(n) => write!(f, "the memory limit of {} MiB is reached", n >> 20),
            Limit::Output(n) => write!(f, "the printed form is longer than the limit of {n} bytes"),
            Limit::Deadline => f.write_str("the deadline has passed"),
        }
    }
}
