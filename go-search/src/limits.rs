//! [`Limits`]: when a search must stop, and the internal budget that enforces them
//! (and calls the [`Observer`]).

use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::observe::{Event, Observer, Progress, Snapshot};
use crate::report::{Stats, Stop};

/// When a search must stop. Every limit is optional; the default is no limit at all.
///
/// Node budgets are the primary limit: they make runs reproducible. Deadlines, times
/// and the stop flag are checked every few hundred nodes. The same limits can serve
/// many searches: [`Limits::time`] counts from the start of each search.
///
/// # Examples
/// ```
/// use go_search::Limits;
/// use std::time::Duration;
/// let limits = Limits::default().nodes(100_000).depth(12).time(Duration::from_secs(5));
/// assert_eq!(limits.nodes, Some(100_000));
/// assert_eq!(limits.time, Some(Duration::from_secs(5)));
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Limits {
    /// Most nodes to visit ([`Stats::nodes`]).
    pub nodes: Option<u64>,
    /// Most calls of the evaluator ([`Stats::evaluations`]).
    pub evaluations: Option<u64>,
    /// Deepest nominal search depth in plies (alpha-beta); best-first searches ignore it.
    pub depth: Option<u32>,
    /// Wall-clock deadline (an instant: the same for every search that uses these limits).
    pub deadline: Option<Instant>,
    /// Most wall-clock time per search, counted from the start of each search.
    pub time: Option<Duration>,
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

    /// Sets [`Limits::time`]: each search stops `duration` after it starts (however long
    /// ago the limits were built). With a [`Limits::deadline`] too, the earlier one
    /// stops the search.
    #[must_use]
    pub fn time(mut self, duration: Duration) -> Limits {
        self.time = Some(duration);
        self
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

/// How often (in checks) the clock and the stop flag are read, at most.
const CLOCK_EVERY: u32 = 256;

/// The time a timed search aims to leave between two reads of the clock: searches
/// whose checks are slow (a Go evaluation with reading costs milliseconds) read it at
/// every check, fast ones every [`CLOCK_EVERY`] checks.
const CLOCK_PERIOD: Duration = Duration::from_millis(1);

/// Counters shared by the threads of one parallel search.
#[derive(Debug, Default)]
pub(crate) struct Shared {
    pub(crate) nodes: AtomicU64,
    pub(crate) evaluations: AtomicU64,
    /// Set once, by the first thread that stops the whole search, to its reason: every
    /// thread then stops and reports it, so a node limit reached by a helper is not
    /// taken for the caller's stop flag.
    stopped: OnceLock<Stop>,
}

impl Shared {
    /// Stops every thread of the search for `reason`, unless one stopped it before.
    fn halt(&self, reason: Stop) {
        let _ = self.stopped.set(reason);
    }

    /// Why the search was stopped, if some thread stopped it.
    fn halted(&self) -> Option<Stop> {
        self.stopped.get().copied()
    }
}

/// The limits, start and pool of a search: what a helper thread builds its [`Budget`]
/// from (it can be shared between threads; a budget with an observer cannot).
#[derive(Clone, Copy, Debug)]
#[cfg_attr(not(feature = "rayon"), allow(dead_code))]
pub(crate) struct Clock<'a> {
    limits: &'a Limits,
    start: Instant,
    shared: Option<&'a Shared>,
}

impl<'a> Clock<'a> {
    /// A budget for a helper thread, without an observer.
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(crate) fn budget<M: Copy, S: Copy>(self) -> Budget<'a, M, S> {
        Budget::starting(self.limits, self.start, self.shared, None)
    }
}

/// Enforces [`Limits`] against the running [`Stats`] of one thread, and reports to the
/// search's [`Observer`] (only the budget of the observing thread has one).
pub(crate) struct Budget<'a, M, S> {
    limits: &'a Limits,
    start: Instant,
    /// The earlier of [`Limits::deadline`] and the start plus [`Limits::time`].
    deadline: Option<Instant>,
    /// Checks left before the clock, the flag and the pool are read.
    countdown: u32,
    /// Checks between two reads: [`CLOCK_EVERY`], or, when a deadline or a stop flag is
    /// set, adapted to the time checks take (from 1 up to [`CLOCK_EVERY`]).
    every: u32,
    /// When the clock was last read (timed searches).
    last_read: Instant,
    /// A search of one thread stops at these counts (the limits; 0 once stopped, so
    /// that the fast path has one comparison per count).
    node_limit: u64,
    eval_limit: u64,
    stop: Option<Stop>,
    shared: Option<&'a Shared>,
    flushed_nodes: u64,
    flushed_evals: u64,
    watch: Option<Watch<'a, M, S>>,
}

/// The observer of a search and when it is next due.
struct Watch<'a, M, S> {
    observer: &'a mut dyn Observer<M, S>,
    every: u64,
    next: u64,
    events: bool,
}

impl<M, S> core::fmt::Debug for Budget<'_, M, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Budget")
            .field("limits", &self.limits)
            .field("stop", &self.stop)
            .field("observed", &self.watch.is_some())
            .finish_non_exhaustive()
    }
}

impl<'a, M: Copy, S: Copy> Budget<'a, M, S> {
    /// A budget starting now, reporting to `observer`.
    pub(crate) fn new(limits: &'a Limits, observer: Option<&'a mut dyn Observer<M, S>>) -> Self {
        Budget::starting(limits, Instant::now(), None, observer)
    }

    /// A budget for one thread of a parallel search started at `start`; counts are
    /// pooled in `shared`.
    pub(crate) fn with_shared(
        limits: &'a Limits,
        start: Instant,
        shared: &'a Shared,
        observer: Option<&'a mut dyn Observer<M, S>>,
    ) -> Self {
        Budget::starting(limits, start, Some(shared), observer)
    }

    fn starting(
        limits: &'a Limits,
        start: Instant,
        shared: Option<&'a Shared>,
        observer: Option<&'a mut dyn Observer<M, S>>,
    ) -> Self {
        let timed = limits.time.and_then(|t| start.checked_add(t));
        let deadline = match (limits.deadline, timed) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        // An observer that wants nothing (`()`) is no observer.
        let watch = observer.filter(|o| o.events() || o.interval() != u64::MAX).map(|observer| {
            let every = observer.interval().max(1);
            let events = observer.events();
            Watch { observer, every, next: every, events }
        });
        // Parallel searches pool their counts: their limits are checked with the clock.
        let own = |limit: Option<u64>| {
            if shared.is_some() { u64::MAX } else { limit.unwrap_or(u64::MAX) }
        };
        let every = if deadline.is_some() || limits.stop.is_some() { 1 } else { CLOCK_EVERY };
        Budget {
            limits,
            start,
            deadline,
            countdown: every,
            every,
            last_read: start,
            node_limit: own(limits.nodes),
            eval_limit: own(limits.evaluations),
            stop: None,
            shared,
            flushed_nodes: 0,
            flushed_evals: 0,
            watch,
        }
    }

    /// What another thread of the same search needs for its own budget: the same
    /// limits, clock and pool (and no observer).
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(crate) fn clock(&self) -> Clock<'a> {
        Clock { limits: self.limits, start: self.start, shared: self.shared }
    }

    /// Whether some thread of a parallel search stopped the whole search (then this
    /// budget stops too, for that thread's reason unless it has one of its own).
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(crate) fn globally_stopped(&mut self) -> bool {
        if self.stop.is_none()
            && let Some(reason) = self.shared.and_then(Shared::halted)
        {
            self.stop = Some(reason);
            self.node_limit = 0;
        }
        self.stop.is_some()
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
        let reason = *self.stop.get_or_insert(reason);
        self.node_limit = 0;
        if let Some(shared) = self.shared {
            shared.halt(reason);
        }
    }

    /// Whether an observer wants the searcher's events (they are worth preparing).
    pub(crate) fn wants_events(&self) -> bool {
        self.watch.as_ref().is_some_and(|w| w.events)
    }

    /// Checks the limits; `true` means stop now. When an interval report is due,
    /// `snapshot` gives the searcher's current opinion (it is not called otherwise).
    #[inline]
    pub(crate) fn exhausted(
        &mut self,
        stats: &Stats,
        snapshot: impl FnOnce() -> Snapshot<M, S>,
    ) -> bool {
        self.countdown -= 1;
        if self.countdown == 0
            || stats.nodes >= self.node_limit
            || stats.evaluations >= self.eval_limit
        {
            return self.slow_check(stats, snapshot);
        }
        false
    }

    #[cold]
    #[inline(never)]
    fn slow_check(&mut self, stats: &Stats, snapshot: impl FnOnce() -> Snapshot<M, S>) -> bool {
        if self.stop.is_some() {
            return true;
        }
        if stats.nodes >= self.node_limit {
            self.halt(Stop::Nodes);
            return true;
        }
        if stats.evaluations >= self.eval_limit {
            self.halt(Stop::Evaluations);
            return true;
        }
        if self.countdown > 0 {
            return false;
        }
        if self.every < CLOCK_EVERY || self.deadline.is_some() || self.limits.stop.is_some() {
            // A timed search: as many checks between reads as fit in the clock period.
            let now = Instant::now();
            let gap = now.saturating_duration_since(self.last_read);
            self.last_read = now;
            if gap < CLOCK_PERIOD / 2 {
                self.every = (self.every * 2).min(CLOCK_EVERY);
            } else if gap > CLOCK_PERIOD * 2 {
                self.every = (self.every / 2).max(1);
            }
        }
        self.countdown = self.every;
        let Some(nodes) = self.flush(stats) else { return true };
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.halt(Stop::Deadline);
            return true;
        }
        if self.limits.stop.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)) {
            self.halt(Stop::Flag);
            return true;
        }
        if let Some(w) = &mut self.watch
            && nodes >= w.next
        {
            w.next = nodes.saturating_add(w.every);
            return self.report(Event::Interval, nodes, snapshot());
        }
        false
    }

    /// Adds this thread's counts not yet pooled to the pool of a parallel search and
    /// checks the pooled node and evaluation limits, halting the search when one is
    /// reached. Returns the pooled node count (this thread's own without a pool), or
    /// `None` when the search must stop.
    ///
    /// A thread flushes at its periodic checks, and a helper when its subtree is done:
    /// subtrees smaller than the check period would otherwise never be counted, and a
    /// node limit never reached.
    pub(crate) fn flush(&mut self, stats: &Stats) -> Option<u64> {
        let Some(shared) = self.shared else { return Some(stats.nodes) };
        let nodes = shared.nodes.fetch_add(stats.nodes - self.flushed_nodes, Ordering::Relaxed)
            + (stats.nodes - self.flushed_nodes);
        let evals =
            shared.evaluations.fetch_add(stats.evaluations - self.flushed_evals, Ordering::Relaxed)
                + (stats.evaluations - self.flushed_evals);
        self.flushed_nodes = stats.nodes;
        self.flushed_evals = stats.evaluations;
        if let Some(reason) = shared.halted() {
            self.stop = self.stop.or(Some(reason));
            self.node_limit = 0;
            return None;
        }
        if self.limits.nodes.is_some_and(|n| nodes >= n) {
            self.halt(Stop::Nodes);
            return None;
        }
        if self.limits.evaluations.is_some_and(|n| evals >= n) {
            self.halt(Stop::Evaluations);
            return None;
        }
        Some(nodes)
    }

    /// Reports `event` to the observer, if any; `true` (and [`Stop::Observer`]) when
    /// it asks to stop.
    pub(crate) fn notify(&mut self, event: Event, stats: &Stats, snapshot: Snapshot<M, S>) -> bool {
        if !self.wants_events() {
            return false;
        }
        let nodes = match self.shared {
            Some(shared) => {
                shared.nodes.load(Ordering::Relaxed) + (stats.nodes - self.flushed_nodes)
            }
            None => stats.nodes,
        };
        self.report(event, nodes, snapshot)
    }

    fn report(&mut self, event: Event, nodes: u64, snapshot: Snapshot<M, S>) -> bool {
        let elapsed = self.elapsed();
        let Some(w) = &mut self.watch else { return false };
        let progress = Progress {
            event,
            best: snapshot.best,
            value: snapshot.value,
            pv: &snapshot.pv,
            depth: snapshot.depth,
            nodes,
            elapsed,
            root: &snapshot.root,
        };
        if w.observer.observe(&progress).is_break() {
            self.halt(Stop::Observer);
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
    use core::ops::ControlFlow;

    use super::*;
    use crate::report::Value;

    type B<'a> = Budget<'a, u8, i32>;

    fn none() -> Snapshot<u8, i32> {
        Snapshot::unknown()
    }

    #[test]
    fn budget_stops_on_nodes_and_flag() {
        let limits = Limits::default().nodes(3);
        let mut b = B::new(&limits, None);
        let mut stats = Stats { nodes: 2, ..Stats::default() };
        assert!(!b.exhausted(&stats, none));
        stats.nodes = 3;
        assert!(b.exhausted(&stats, none));
        assert_eq!(b.stopped(), Some(Stop::Nodes));

        let flag = Arc::new(AtomicBool::new(true));
        let limits = Limits::default().stop(flag);
        let mut b = B::new(&limits, None);
        let stopped = (0..CLOCK_EVERY).any(|_| b.exhausted(&Stats::default(), none));
        assert!(stopped);
        assert_eq!(b.stopped(), Some(Stop::Flag));
    }

    /// The threads of a parallel search report why the search stopped, whichever of
    /// them reached the limit: a helper's node limit is not the caller's stop flag (a
    /// three-thread search reported `Flag` when a helper reached the limit first).
    #[test]
    fn every_thread_of_a_pool_reports_the_reason_of_the_thread_that_stopped_it() {
        let limits = Limits::default().nodes(10);
        let shared = Shared::default();
        let start = Instant::now();
        let mut helper = B::with_shared(&limits, start, &shared, None);
        let mut caller = B::with_shared(&limits, start, &shared, None);
        let mut other = B::with_shared(&limits, start, &shared, None);
        assert!(!caller.globally_stopped());
        assert_eq!(helper.flush(&Stats { nodes: 10, ..Stats::default() }), None);
        assert_eq!(helper.stopped(), Some(Stop::Nodes));
        assert!(caller.globally_stopped());
        assert_eq!(caller.stopped(), Some(Stop::Nodes));
        assert_eq!(other.flush(&Stats::default()), None);
        assert_eq!(other.stopped(), Some(Stop::Nodes));
    }

    #[test]
    fn issue_14_slow_checks_read_the_clock_at_each_check() {
        // Checks of 3 ms each (a Go evaluation with reading): a search of 20 ms must stop
        // after a handful of them, not after the 256 checks between two reads of a fast
        // search (which would take at least 768 ms, far past its deadline).
        let limits = Limits::default().time(Duration::from_millis(20));
        let mut b = B::new(&limits, None);
        let checks = (1..=CLOCK_EVERY)
            .find(|_| {
                std::thread::sleep(Duration::from_millis(3));
                b.exhausted(&Stats::default(), none)
            })
            .expect("the deadline stops the search");
        assert!(checks < 64, "{checks} checks");
        assert_eq!(b.stopped(), Some(Stop::Deadline));

        // Fast checks under a deadline read the clock less and less often, up to every
        // CLOCK_EVERY checks.
        let limits = Limits::default().time(Duration::from_secs(3600));
        let mut b = B::new(&limits, None);
        for _ in 0..4 * CLOCK_EVERY {
            assert!(!b.exhausted(&Stats::default(), none));
        }
        assert!(b.every > 1, "{}", b.every);
    }

    #[test]
    fn past_deadline_and_memory_stop() {
        let limits = Limits::default().time(Duration::ZERO).memory(10);
        let mut b = B::new(&limits, None);
        assert!((0..CLOCK_EVERY).any(|_| b.exhausted(&Stats::default(), none)));
        assert_eq!(b.stopped(), Some(Stop::Deadline));
        let mut b = B::new(&limits, None);
        assert!(!b.memory_exhausted(9));
        assert!(b.memory_exhausted(10));
        assert_eq!(b.stopped(), Some(Stop::Memory));
    }

    #[test]
    fn issue_10_time_counts_from_each_budget_start() {
        // Limits built long before the search: the time starts with the search.
        let limits = Limits::default().time(Duration::from_secs(3600));
        let before = Instant::now();
        std::thread::sleep(Duration::from_millis(20));
        let b = B::new(&limits, None);
        let deadline = b.deadline.expect("a deadline");
        assert!(deadline >= before + Duration::from_secs(3600) + Duration::from_millis(20));
        // With both, the earlier wins.
        let soon = Instant::now() + Duration::from_secs(1);
        let both = limits.clone().deadline(soon);
        assert_eq!(B::new(&both, None).deadline, Some(soon));
    }

    #[test]
    fn observer_gets_interval_reports_and_can_stop() {
        let limits = Limits::default();
        let mut calls = Vec::new();
        let mut observer = |p: &Progress<'_, u8, i32>| {
            calls.push((p.event, p.nodes, p.best));
            if p.nodes >= 30_000 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        };
        let mut b = B::new(&limits, Some(&mut observer));
        assert!(b.wants_events());
        let mut stats = Stats::default();
        let snap = || Snapshot::line(Some(7), Value::Exact(1), vec![7], 2);
        let mut stopped_at = None;
        for n in 1..=100_000 {
            stats.nodes = n;
            if b.exhausted(&stats, snap) {
                stopped_at = Some(n);
                break;
            }
        }
        assert_eq!(b.stopped(), Some(Stop::Observer));
        let stopped_at = stopped_at.expect("stopped");
        assert!((30_000..31_000).contains(&stopped_at), "{stopped_at}");
        assert!(b.notify(Event::Iteration, &stats, snap()));
        // One report per 10,000 nodes (the default interval), each with the snapshot,
        // then the event.
        assert_eq!(calls.len(), 4);
        assert!(calls[..3].iter().all(|c| c.0 == Event::Interval && c.2 == Some(7)));
        assert!(calls[..3].windows(2).all(|w| w[1].1 - w[0].1 >= 10_000));
        assert_eq!(calls[3].0, Event::Iteration);
    }
}
