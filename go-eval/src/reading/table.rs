//! The transposition table of the readers (tactics, connections).
//!
//! Keys combine the board's Zobrist hash, the ko ban, who may retake banned kos (the
//! threat balance of the search), the routine (attack or defence node) and the targets.
//! Entries are tagged with the root query that wrote them, so a new query starts with an
//! empty table without clearing it. Within a query the table never evicts: it grows
//! instead (up to a cap, beyond which it stops storing). So the answers and node counts
//! of a query do not depend on the table's initial size, only on the position, the
//! question and the budget.

/// One stored result.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    generation: u32,
    /// The move (a point index; 0 for none).
    point: u16,
    /// The ply the result was computed at.
    ply: u8,
    /// Bit 0: success for the side to move; bit 1: certain; bit 2: met a ko ban.
    flags: u8,
}

/// A stored result, as a lookup returns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stored {
    /// Whether the side to move reaches its goal.
    pub(crate) success: bool,
    /// The move that reaches it (a point index; 0 for none).
    pub(crate) point: u16,
    /// Whether no cut-off decided it.
    pub(crate) certain: bool,
    /// Whether the search below met a ko ban.
    pub(crate) ko: bool,
    /// The ply it was computed at.
    pub(crate) ply: u8,
}

/// A growable open-addressing table of search results, generation-tagged per query.
#[derive(Clone)]
pub(crate) struct Table {
    entries: Vec<Entry>,
    /// `entries.len() - 1` (a power of two minus one); `usize::MAX` when empty.
    mask: usize,
    generation: u32,
    /// Entries of the current generation.
    used: usize,
    /// The most entries the table may have (a power of two).
    max_entries: usize,
}

impl Table {
    /// A table with room for `initial` entries (rounded up to a power of two, at least
    /// 16) that may grow to `max` entries.
    pub(crate) fn new(initial: usize, max: usize) -> Table {
        let max_entries = max.max(16).next_power_of_two();
        let n = initial.clamp(16, max_entries).next_power_of_two();
        Table {
            entries: vec![Entry::default(); n],
            mask: n - 1,
            generation: 1,
            used: 0,
            max_entries,
        }
    }

    /// Starts a new root query: every stored entry becomes invisible.
    pub(crate) fn new_query(&mut self) {
        self.used = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 2^32 queries: really clear, so that no stale tag can match.
            self.entries.fill(Entry::default());
            self.generation = 1;
        }
    }

    /// The number of entries of the current query.
    pub(crate) fn len(&self) -> usize {
        self.used
    }

    /// The current capacity.
    #[cfg(test)]
    pub(crate) fn capacity(&self) -> usize {
        self.entries.len()
    }

    /// The result stored under `key` in this query.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<Stored> {
        let mut i = (key as usize) & self.mask;
        loop {
            let e = &self.entries[i];
            if e.generation != self.generation {
                return None;
            }
            if e.key == key {
                return Some(Stored {
                    success: e.flags & 1 != 0,
                    point: e.point,
                    certain: e.flags & 2 != 0,
                    ko: e.flags & 4 != 0,
                    ply: e.ply,
                });
            }
            i = (i + 1) & self.mask;
        }
    }

    /// Stores `value` under `key` (replacing a result of the same key).
    #[inline]
    pub(crate) fn put(&mut self, key: u64, value: Stored) {
        if 2 * (self.used + 1) > self.entries.len() && !self.grow() {
            // Full at the cap: keep what is there (still deterministic for this cap).
            if self.get(key).is_none() {
                return;
            }
        }
        let flags =
            u8::from(value.success) | u8::from(value.certain) << 1 | u8::from(value.ko) << 2;
        let mut i = (key as usize) & self.mask;
        loop {
            let e = &mut self.entries[i];
            if e.generation != self.generation {
                *e = Entry {
                    key,
                    generation: self.generation,
                    point: value.point,
                    ply: value.ply,
                    flags,
                };
                self.used += 1;
                return;
            }
            if e.key == key {
                e.point = value.point;
                e.ply = value.ply;
                e.flags = flags;
                return;
            }
            i = (i + 1) & self.mask;
        }
    }

    /// Doubles the table, keeping the current query's entries; false at the cap.
    fn grow(&mut self) -> bool {
        let n = self.entries.len() * 2;
        if n > self.max_entries {
            return false;
        }
        let old = std::mem::replace(&mut self.entries, vec![Entry::default(); n]);
        self.mask = n - 1;
        for e in old {
            if e.generation == self.generation {
                let mut i = (e.key as usize) & self.mask;
                while self.entries[i].generation == self.generation {
                    i = (i + 1) & self.mask;
                }
                self.entries[i] = e;
            }
        }
        true
    }
}

impl core::fmt::Debug for Table {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Table")
            .field("capacity", &self.entries.len())
            .field("used", &self.used)
            .field("max_entries", &self.max_entries)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(point: u16) -> Stored {
        Stored { success: point.is_multiple_of(2), point, certain: true, ko: false, ply: 3 }
    }

    #[test]
    fn grows_without_losing_entries_and_forgets_old_queries() {
        let mut t = Table::new(16, 1 << 12);
        for k in 0..1000u64 {
            t.put(k.wrapping_mul(0x9e37_79b9_7f4a_7c15), stored(k as u16));
        }
        assert_eq!(t.len(), 1000);
        assert!(t.capacity() >= 2000);
        for k in 0..1000u64 {
            assert_eq!(t.get(k.wrapping_mul(0x9e37_79b9_7f4a_7c15)), Some(stored(k as u16)));
        }
        t.new_query();
        assert_eq!(t.len(), 0);
        assert_eq!(t.get(0x9e37_79b9_7f4a_7c15), None);
    }

    #[test]
    fn at_the_cap_it_stops_storing_but_updates() {
        let mut t = Table::new(16, 16);
        for k in 1..=8u64 {
            t.put(k, stored(k as u16));
        }
        t.put(100, stored(100));
        assert_eq!(t.get(100), None);
        t.put(3, stored(30));
        assert_eq!(t.get(3), Some(stored(30)));
    }
}
