//! The transposition table of the life-and-death search.
//!
//! An open-addressing table that grows and never evicts, so that what the search finds
//! (and the nodes it counts) does not depend on the table's initial size. Its size is
//! bounded by the node budget: a search stores at most one entry per node it visits.

/// The largest proof or disproof number; `INF` is a settled value.
pub(crate) const INF: u32 = u32::MAX;

/// A stored result: proof and disproof numbers for the side to move (the φ/δ form),
/// the work spent below, and the best move found (`0` for a pass, else the point's
/// index; for a settled result, the winning move of the winner or the longest
/// resistance of the loser).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) key: u64,
    pub(crate) phi: u32,
    pub(crate) delta: u32,
    pub(crate) work: u32,
    pub(crate) best: u16,
    /// The search that stored an unsettled result.
    pub(crate) generation: u8,
}

impl Entry {
    /// Whether the result is settled (proved or disproved).
    pub(crate) fn is_settled(&self) -> bool {
        self.phi == 0 || self.delta == 0
    }
}

/// The table: linear probing on the low bits of the key (the keys are Zobrist hashes),
/// grown to keep the load at most one half.
#[derive(Debug)]
pub(crate) struct Table {
    slots: Vec<Entry>,
    len: usize,
    generation: u8,
    /// Whether a result was ever stored under a path's key (see `dfpn`): until then a
    /// search need not look one up.
    path_results: bool,
}

/// The key stored for a hash of 0 (0 marks a free slot).
const fn stored_key(key: u64) -> u64 {
    if key == 0 { 1 } else { key }
}

impl Table {
    /// A table with room for about `capacity` entries before it first grows.
    pub(crate) fn with_capacity(capacity: usize) -> Table {
        let slots = (capacity.clamp(8, 1 << 30) * 2).next_power_of_two();
        Table { slots: vec![Entry::default(); slots], len: 0, generation: 0, path_results: false }
    }

    /// The number of entries.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    fn slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = (key as usize) & mask;
        while self.slots[i].key != 0 && self.slots[i].key != key {
            i = (i + 1) & mask;
        }
        i
    }

    /// Notes that a result is stored under a path's key.
    pub(crate) fn note_path_result(&mut self) {
        self.path_results = true;
    }

    /// Whether any result was ever stored under a path's key.
    pub(crate) fn has_path_results(&self) -> bool {
        self.path_results
    }

    /// A new generation for the unsettled entries of a search.
    pub(crate) fn next_generation(&mut self) -> u8 {
        self.generation = self.generation.wrapping_add(1);
        self.generation
    }

    /// The entry of `key`.
    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        let key = stored_key(key);
        let e = self.slots[self.slot(key)];
        (e.key == key).then_some(e)
    }

    /// Stores `entry`; a settled result is never replaced by an unsettled one.
    pub(crate) fn put(&mut self, mut entry: Entry) {
        entry.key = stored_key(entry.key);
        let i = self.slot(entry.key);
        let old = self.slots[i];
        if old.key == entry.key {
            if old.is_settled() && !entry.is_settled() {
                return;
            }
            self.slots[i] = entry;
            return;
        }
        self.slots[i] = entry;
        self.len += 1;
        if self.len * 2 > self.slots.len() {
            self.grow();
        }
    }

    fn grow(&mut self) {
        let bigger = vec![Entry::default(); self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, bigger);
        for e in old.into_iter().filter(|e| e.key != 0) {
            let i = self.slot(e.key);
            self.slots[i] = e;
        }
    }

    /// Forgets every entry (keeps the memory).
    #[cfg(test)]
    pub(crate) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|e| *e = Entry::default());
        self.len = 0;
        self.path_results = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grows_and_keeps_settled_entries() {
        let mut t = Table::with_capacity(1);
        for k in 0..1000u64 {
            t.put(Entry {
                key: k * 0x9e37_79b9,
                phi: 0,
                delta: INF,
                work: 1,
                best: 0,
                generation: 0,
            });
        }
        assert_eq!(t.len(), 1000);
        for k in 0..1000u64 {
            assert_eq!(t.get(k * 0x9e37_79b9).map(|e| e.phi), Some(0));
        }
        t.put(Entry { key: 5 * 0x9e37_79b9, phi: 3, delta: 4, work: 1, best: 0, generation: 0 });
        assert_eq!(t.get(5 * 0x9e37_79b9).map(|e| e.phi), Some(0));
        assert_eq!(t.get(12345), None);
        t.clear();
        assert_eq!(t.len(), 0);
        assert_eq!(t.get(0), None);
    }
}
