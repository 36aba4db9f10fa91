//! What the threads of an ABDADA search share besides the transposition table: the
//! "busy" marks of the moves being searched, and the main thread's iteration.
//!
//! ABDADA (Weill 1996), in the simplified form of Kerrigan: every thread runs the same
//! iterative deepening from the root over the shared table. Before a thread searches a
//! move at a node with enough plies to go, it marks the position the move leads to as
//! busy; another thread reaching a node whose younger move (not the first) is marked
//! defers it and searches its other moves first, then the deferred ones. The threads
//! thus spread over the younger brothers without a lock or a wait, and each benefits
//! from the other's table entries. The helpers follow the main thread's iteration depth
//! (they never search deeper), so the main thread's result is the serial search's.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

use super::engine::AbortNode;

/// Entries of the busy table (a power of two): a few thousand nodes at most are being
/// searched at once with enough plies to go, so collisions are rare.
const BUSY_ENTRIES: usize = 1 << 13;

/// A child key made from the parent's key and a move index (games without
/// [`Game::hash_after`](crate::Game::hash_after)).
pub(super) fn child_key(parent: u64, index: usize) -> u64 {
    parent ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The shared state of one ABDADA search.
#[derive(Debug)]
pub(super) struct Team {
    /// Keys of the positions being searched (0 = free).
    busy: Box<[AtomicU64]>,
    /// The main thread's current iteration (0 = not started).
    depth: AtomicU32,
    /// Set when the main thread is done: the helpers stop.
    finished: AtomicBool,
    /// One cancellation flag per helper, raised when the main thread starts a new
    /// iteration or finishes.
    pub(super) aborts: Box<[AbortNode<'static>]>,
}

impl Team {
    /// A team with `helpers` helper threads.
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(super) fn new(helpers: usize) -> Team {
        Team {
            busy: (0..BUSY_ENTRIES).map(|_| AtomicU64::new(0)).collect(),
            depth: AtomicU32::new(0),
            finished: AtomicBool::new(false),
            aborts: (0..helpers).map(|_| AbortNode::default()).collect(),
        }
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.busy[key as usize & (BUSY_ENTRIES - 1)]
    }

    /// Whether another thread is searching the position `key`.
    #[inline]
    pub(super) fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }

    /// Marks `key` as being searched.
    #[inline]
    pub(super) fn enter(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }

    /// Clears the mark of `key` (unless another position took the slot since).
    #[inline]
    pub(super) fn leave(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// The main thread starts iteration `depth`: the helpers abandon theirs.
    pub(super) fn start(&self, depth: u32) {
        self.depth.store(depth, Ordering::SeqCst);
        self.raise();
    }

    /// The main thread is done.
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(super) fn finish(&self) {
        self.finished.store(true, Ordering::SeqCst);
        self.raise();
    }

    fn raise(&self) {
        for a in self.aborts.iter() {
            a.flag.store(true, Ordering::SeqCst);
        }
    }

    /// The main thread's iteration, or `None` once it is done.
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(super) fn depth(&self) -> Option<u32> {
        if self.finished.load(Ordering::SeqCst) {
            None
        } else {
            Some(self.depth.load(Ordering::SeqCst))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn busy_marks_are_set_and_cleared_by_key() {
        let team = Team::new(1);
        let (a, b) = (child_key(77, 3), child_key(77, 4));
        assert_ne!(a, b);
        assert!(!team.is_busy(a));
        team.enter(a);
        assert!(team.is_busy(a) && !team.is_busy(b));
        // Another key in the same slot takes it over; leaving the first one keeps it.
        let c = a ^ (BUSY_ENTRIES as u64);
        team.enter(c);
        team.leave(a);
        assert!(team.is_busy(c) && !team.is_busy(a));
        team.leave(c);
        assert!(!team.is_busy(c));
        assert_eq!(team.depth(), Some(0));
        team.start(4);
        assert_eq!(team.depth(), Some(4));
        assert!(team.aborts[0].is_set());
        team.finish();
        assert_eq!(team.depth(), None);
    }
}
