//! [`Limits`]: when a search must stop, and the internal budget that enforces them.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::report::{Stats, Stop};

/// When a search must stop. Every limit is optional; the default is no limit at all.
///
/// Node budgets are the primary limit: they make runs reproducible. Deadlines and the
/// stop flag are checked every few hundred nodes.
///
/// # Examples
/// ```
/// use go_search::Limits;
/// use std::time::Duration;
/// let limits = Limits::default().nodes(100_000).depth(12).time(Duration::from_secs(5));
/// assert_eq!(limits.nodes, Some(100_000));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Most nodes to visit ([`Stats::nodes`]).
    pub nodes: Option<u64>,
    /// Most calls of the evaluator ([`Stats::evaluations`]).
    pub evaluations: Option<u64>,
    /// Deepest nominal search depth in plies (alpha-beta); best-first searches ignore it.
    pub depth: Option<u32>,
    /// Wall-clock deadline.
    pub deadline: Option<Instant>,
    /// A flag another thread sets to stop the search.
    pub stop: Option<Arc<AtomicBool>>,
    /// Most nodes held in memory at once ([`Stats::peak_nodes`]; best-first searches).
    pub memory: Option<u64>,
}

impl Limits {
    /// Sets [`Limits::nodes`].
    #[must_use]
    pub fn nodes(mut self, nodes: u64) -> Limits {
        self.nodes = Some(nodes);
        self
    }

    /// Sets [`Limits::evaluations`].
    #[must_use]
    pub fn evaluations(mut self, evaluations: u64) -> Limits {
        self.evaluations = Some(evaluations);
        self
    }

    /// Sets [`Limits::depth`].
    #[must_use]
    pub fn depth(mut self, depth: u32) -> Limits {
        self.depth = Some(depth);
        self
    }

    /// Sets [`Limits::deadline`].
    #[must_use]
    pub fn deadline(mut self, deadline: Instant) -> Limits {
        self.deadline = Some(deadline);
        self
    }

    /// Sets [`Limits::deadline`] to `duration` from now.
    #[must_use]
    pub fn time(self, duration: Duration) -> Limits {
        let deadline = Instant::now().checked_add(duration);
        match deadline {
            Some(d) => self.deadline(d),
            None => self,
        }
    }

    /// Sets [`Limits::stop`].
    #[must_use]
    pub fn stop(mut self, flag: Arc<AtomicBool>) -> Limits {
        self.stop = Some(flag);
        self
    }

    /// Sets [`Limits::memory`].
    #[must_use]
    pub fn memory(mut self, nodes: u64) -> Limits {
        self.memory = Some(nodes);
        self
    }
}

/// How often (in checks) the clock and the stop flag are read.
const CLOCK_EVERY: u32 = 256;

/// Counters shared by the threads of one parallel search.
#[derive(Debug, Default)]
pub(crate) struct Shared {
    pub(crate) nodes: AtomicU64,
    pub(crate) evaluations: AtomicU64,
    pub(crate) abort: AtomicBool,
}

/// Enforces [`Limits`] against the running [`Stats`] of one thread.
#[derive(Debug)]
pub(crate) struct Budget<'a> {
    limits: &'a Limits,
    start: Instant,
    tick: u32,
    stop: Option<Stop>,
    shared: Option<&'a Shared>,
    flushed_nodes: u64,
    flushed_evals: u64,
}

impl<'a> Budget<'a> {
    pub(crate) fn new(limits: &'a Limits) -> Budget<'a> {
        Budget {
            limits,
            start: Instant::now(),
            tick: 0,
            stop: None,
            shared: None,
            flushed_nodes: 0,
            flushed_evals: 0,
        }
    }

    /// A budget for one thread of a parallel search; counts are pooled in `shared`.
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(crate) fn with_shared(
        limits: &'a Limits,
        start: Instant,
        shared: &'a Shared,
    ) -> Budget<'a> {
        Budget { start, shared: Some(shared), ..Budget::new(limits) }
    }

    /// A budget for another thread of the same search: same limits, clock and pool.
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(crate) fn fork(&self) -> Budget<'a> {
        Budget { start: self.start, shared: self.shared, ..Budget::new(self.limits) }
    }

    /// Whether some thread of a parallel search stopped the whole search.
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(crate) fn globally_stopped(&self) -> bool {
        self.stop.is_some() || self.shared.is_some_and(|s| s.abort.load(Ordering::Relaxed))
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Why the search stopped, if it did.
    pub(crate) fn stopped(&self) -> Option<Stop> {
        self.stop
    }

    /// Stops the search for `reason` (the first reason wins).
    pub(crate) fn halt(&mut self, reason: Stop) {
        if self.stop.is_none() {
            self.stop = Some(reason);
        }
        if let Some(shared) = self.shared {
            shared.abort.store(true, Ordering::Relaxed);
        }
    }

    /// Checks the limits; `true` means stop now.
    #[inline]
    pub(crate) fn exhausted(&mut self, stats: &Stats) -> bool {
        if self.stop.is_some() {
            return true;
        }
        if self.shared.is_none() {
            if self.limits.nodes.is_some_and(|n| stats.nodes >= n) {
                self.halt(Stop::Nodes);
                return true;
            }
            if self.limits.evaluations.is_some_and(|n| stats.evaluations >= n) {
                self.halt(Stop::Evaluations);
                return true;
            }
        }
        self.tick = self.tick.wrapping_add(1);
        if self.tick.is_multiple_of(CLOCK_EVERY) {
            return self.slow_check(stats);
        }
        false
    }

    #[cold]
    fn slow_check(&mut self, stats: &Stats) -> bool {
        if let Some(shared) = self.shared {
            let nodes = shared.nodes.fetch_add(stats.nodes - self.flushed_nodes, Ordering::Relaxed)
                + (stats.nodes - self.flushed_nodes);
            let evals = shared
                .evaluations
                .fetch_add(stats.evaluations - self.flushed_evals, Ordering::Relaxed)
                + (stats.evaluations - self.flushed_evals);
            self.flushed_nodes = stats.nodes;
            self.flushed_evals = stats.evaluations;
            if shared.abort.load(Ordering::Relaxed) {
                self.stop = self.stop.or(Some(Stop::Flag));
                return true;
            }
            if self.limits.nodes.is_some_and(|n| nodes >= n) {
                self.halt(Stop::Nodes);
                return true;
            }
            if self.limits.evaluations.is_some_and(|n| evals >= n) {
                self.halt(Stop::Evaluations);
                return true;
            }
        }
        if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
            self.halt(Stop::Deadline);
            return true;
        }
        if self.limits.stop.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)) {
            self.halt(Stop::Flag);
            return true;
        }
        false
    }

    /// Checks the memory limit against `held` nodes; `true` means stop now.
    pub(crate) fn memory_exhausted(&mut self, held: u64) -> bool {
        if self.limits.memory.is_some_and(|m| held >= m) {
            self.halt(Stop::Memory);
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_stops_on_nodes_and_flag() {
        let limits = Limits::default().nodes(3);
        let mut b = Budget::new(&limits);
        let mut stats = Stats { nodes: 2, ..Stats::default() };
        assert!(!b.exhausted(&stats));
        stats.nodes = 3;
        assert!(b.exhausted(&stats));
        assert_eq!(b.stopped(), Some(Stop::Nodes));

        let flag = Arc::new(AtomicBool::new(true));
        let limits = Limits::default().stop(flag);
        let mut b = Budget::new(&limits);
        let stopped = (0..CLOCK_EVERY).any(|_| b.exhausted(&Stats::default()));
        assert!(stopped);
        assert_eq!(b.stopped(), Some(Stop::Flag));
    }

    #[test]
    fn past_deadline_and_memory_stop() {
        let limits = Limits::default().time(Duration::ZERO).memory(10);
        let mut b = Budget::new(&limits);
        assert!((0..CLOCK_EVERY).any(|_| b.exhausted(&Stats::default())));
        assert_eq!(b.stopped(), Some(Stop::Deadline));
        let mut b = Budget::new(&limits);
        assert!(!b.memory_exhausted(9));
        assert!(b.memory_exhausted(10));
        assert_eq!(b.stopped(), Some(Stop::Memory));
    }
}
