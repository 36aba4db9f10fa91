//! Transposition tables for the alpha-beta family, with replacement policies.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Which entry a new result overwrites.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum Replacement {
    /// Always overwrite the slot.
    Always,
    /// Overwrite unless the slot holds a deeper result of the current search.
    DepthPreferred,
    /// Two slots per position: one depth-preferred, one always replaced (the default).
    #[default]
    TwoTier,
}

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// The value itself.
    Exact,
    /// A lower bound (the search failed high).
    Lower,
    /// An upper bound (the search failed low).
    Upper,
}

/// The depth stored for results that no horizon cut: valid at any depth.
pub(super) const COMPLETE: u16 = u16::MAX;

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry<M, S> {
    pub(super) key: u64,
    pub(super) mv: Option<M>,
    /// Node-relative (decisive scores shifted by the ply, see `Score::shift_decisive`).
    pub(super) score: S,
    pub(super) depth: u16,
    pub(super) bound: Bound,
    pub(super) generation: u8,
}

/// Slot index (or first slot of the pair, for [`Replacement::TwoTier`]).
fn index(key: u64, mask: usize, policy: Replacement) -> usize {
    let i = (key as usize) & mask;
    if policy == Replacement::TwoTier { i & !1 } else { i }
}

fn probe_with<M: Copy, S: Copy>(
    key: u64,
    mask: usize,
    policy: Replacement,
    read: impl Fn(usize) -> Option<Entry<M, S>>,
) -> Option<Entry<M, S>> {
    let i = index(key, mask, policy);
    let slots = if policy == Replacement::TwoTier { 2 } else { 1 };
    (i..i + slots).find_map(|j| read(j).filter(|e| e.key == key))
}

/// Where `entry` goes given the current first slot `old`: `None` skips the write.
/// Keeps the old move when the same position is stored again without one.
fn placement<M: Copy, S: Copy>(
    entry: &mut Entry<M, S>,
    old: Option<Entry<M, S>>,
    mask: usize,
    policy: Replacement,
) -> Option<usize> {
    let i = index(entry.key, mask, policy);
    if let Some(old) = old
        && old.key == entry.key
        && entry.mv.is_none()
    {
        entry.mv = old.mv;
    }
    let replaceable = match old {
        None => true,
        Some(o) => o.key == entry.key || o.generation != entry.generation || o.depth <= entry.depth,
    };
    match policy {
        Replacement::Always => Some(i),
        Replacement::DepthPreferred => replaceable.then_some(i),
        Replacement::TwoTier => Some(if replaceable { i } else { i + 1 }),
    }
}

fn slot_count(entries: usize) -> usize {
    // A power of two, at least two (the TwoTier pair), at most 2^32.
    let n = entries.clamp(2, 1 << 32);
    if n.is_power_of_two() { n } else { n.next_power_of_two() >> 1 }
}

/// A transposition table: slots of type `T` (plain for one thread, behind a
/// `Mutex` for several).
#[derive(Clone, Debug)]
pub(super) struct Table<T> {
    /// The slots are `storage[base..base + len]`: a few spare slots in front let the
    /// first one start on a cache line, so that a TwoTier pair of small entries never
    /// straddles two lines (two memory accesses for one probe).
    storage: Vec<T>,
    base: usize,
    len: usize,
    policy: Replacement,
    generation: u8,
}

/// A transposition table owned by one thread.
pub(super) type TranspositionTable<M, S> = Table<Option<Entry<M, S>>>;

/// A transposition table shared by the threads of a parallel search. A slot that another
/// thread is using reads as empty and skips the write: nobody ever waits.
pub(super) type SharedTable<M, S> = Table<SharedSlot<M, S>>;

/// A slot of a [`SharedTable`]. The key is mirrored in an atomic so that probing for
/// another position (the common case) reads it without taking the lock, which would
/// pull the cache line away from the other thread.
#[derive(Debug)]
pub(super) struct SharedSlot<M, S> {
    key: AtomicU64,
    entry: Mutex<Option<Entry<M, S>>>,
}

impl<M, S> Default for SharedSlot<M, S> {
    fn default() -> Self {
        SharedSlot { key: AtomicU64::new(0), entry: Mutex::new(None) }
    }
}

impl<T> Table<T> {
    /// A table with about `entries` slots (rounded down to a power of two).
    pub(super) fn new(entries: usize, policy: Replacement) -> Self
    where
        T: Default,
    {
        let len = slot_count(entries);
        // Enough spare slots to reach any 64-byte boundary in steps of the slot size.
        let spare = 64 >> size_of::<T>().trailing_zeros().min(6);
        let mut storage: Vec<T> = Vec::with_capacity(len + spare);
        advise_huge_pages(&storage);
        storage.extend((0..len + spare).map(|_| T::default()));
        let base = storage.as_ptr().align_offset(64);
        let base = if base < spare { base } else { 0 };
        Table { storage, base, len, policy, generation: 0 }
    }

    /// The slots.
    #[inline]
    fn slots(&self) -> &[T] {
        &self.storage[self.base..self.base + self.len]
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.len
    }

    #[cfg(test)]
    fn policy(&self) -> Replacement {
        self.policy
    }

    /// Empties every slot.
    pub(super) fn clear(&mut self)
    where
        T: Default,
    {
        self.storage.iter_mut().for_each(|s| *s = T::default());
        self.generation = 0;
    }

    /// Starts a new search: older results become replaceable.
    pub(super) fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }
}

impl<M: Copy, S: Copy> SharedTable<M, S> {
    /// The entry in slot `i` (`None` if empty or busy).
    fn read(&self, i: usize) -> Option<Entry<M, S>> {
        self.slots()[i].entry.try_lock().ok().and_then(|g| *g)
    }

    /// The entry in slot `i` if it is for `key`.
    fn read_key(&self, i: usize, key: u64) -> Option<Entry<M, S>> {
        if self.slots()[i].key.load(Ordering::Relaxed) != key {
            return None;
        }
        self.read(i).filter(|e| e.key == key)
    }
}

/// How a search reaches its table (or the absence of one).
pub(super) trait TableAccess<M, S> {
    /// Whether there is a table at all.
    fn enabled(&self) -> bool;
    fn generation(&self) -> u8;
    fn probe(&mut self, key: u64) -> Option<Entry<M, S>>;
    fn store(&mut self, entry: Entry<M, S>);
    /// Starts loading the slot of `key` into the cache, for a probe soon after.
    fn prefetch(&self, _key: u64) {}
}

/// Tables of 4 MB and more: asks Linux to back the (still untouched) allocation of
/// `storage` with transparent huge pages, so that random probes do not miss the TLB. A
/// hint: without huge pages (other systems, or disabled) nothing changes.
fn advise_huge_pages<T>(storage: &Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let bytes = storage.capacity() * size_of::<T>();
        if bytes < 2 * HUGE {
            return;
        }
        let start = storage.as_ptr() as usize;
        let first = start.next_multiple_of(HUGE);
        let end = (start + bytes) / HUGE * HUGE;
        if end > first {
            // SAFETY: the range lies inside the allocation `storage` owns; `madvise`
            // with MADV_HUGEPAGE changes how the kernel backs those pages, never their
            // contents, and failure (EINVAL when THP is off) is harmless.
            unsafe {
                libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = storage;
}

/// Asks the CPU to bring `slot` into the cache: a hint with no effect on results.
#[inline]
fn prefetch<T>(slot: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `_mm_prefetch` only hints the cache hierarchy: it cannot fault or change
    // memory, and SSE is part of the x86-64 baseline.
    unsafe {
        use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(core::ptr::from_ref(slot).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = slot;
}

impl<T> Table<T> {
    /// Prefetches the slot (or TwoTier pair) of `key`.
    #[inline]
    fn prefetch_key(&self, key: u64) {
        prefetch(&self.slots()[index(key, self.len - 1, self.policy)]);
    }
}

/// No transposition table.
#[derive(Clone, Copy, Debug)]
pub(super) struct NoTable;

impl<M, S> TableAccess<M, S> for NoTable {
    fn enabled(&self) -> bool {
        false
    }
    fn generation(&self) -> u8 {
        0
    }
    fn probe(&mut self, _: u64) -> Option<Entry<M, S>> {
        None
    }
    fn store(&mut self, _: Entry<M, S>) {}
}

impl<M: Copy, S: Copy> TableAccess<M, S> for &mut TranspositionTable<M, S> {
    fn enabled(&self) -> bool {
        true
    }
    fn generation(&self) -> u8 {
        self.generation
    }
    fn probe(&mut self, key: u64) -> Option<Entry<M, S>> {
        let (mask, slots) = (self.len - 1, self.slots());
        probe_with(key, mask, self.policy, |i| slots[i])
    }
    fn prefetch(&self, key: u64) {
        self.prefetch_key(key);
    }
    fn store(&mut self, mut entry: Entry<M, S>) {
        let mask = self.len - 1;
        let old = self.slots()[index(entry.key, mask, self.policy)];
        if let Some(i) = placement(&mut entry, old, mask, self.policy) {
            self.storage[self.base + i] = Some(entry);
        }
    }
}

impl<M: Copy, S: Copy> TableAccess<M, S> for &SharedTable<M, S> {
    fn enabled(&self) -> bool {
        true
    }
    fn generation(&self) -> u8 {
        self.generation
    }
    fn probe(&mut self, key: u64) -> Option<Entry<M, S>> {
        let mask = self.len - 1;
        probe_with(key, mask, self.policy, |i| self.read_key(i, key))
    }
    fn prefetch(&self, key: u64) {
        self.prefetch_key(key);
    }
    fn store(&mut self, mut entry: Entry<M, S>) {
        let mask = self.len - 1;
        let old = self.read(index(entry.key, mask, self.policy));
        if let Some(i) = placement(&mut entry, old, mask, self.policy)
            && let Ok(mut slot) = self.slots()[i].entry.try_lock()
        {
            *slot = Some(entry);
            self.slots()[i].key.store(entry.key, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: u16, generation: u8) -> Entry<u8, i32> {
        Entry { key, mv: Some(depth as u8), score: 7, depth, bound: Bound::Exact, generation }
    }

    fn roundtrip<T: TableAccess<u8, i32>>(mut t: T, policy: Replacement) {
        // 8 slots: keys 1 and 9 share slot 1 (and, for TwoTier, the pair 0..2).
        t.store(entry(1, 5, 0));
        assert_eq!(t.probe(1).map(|e| e.depth), Some(5));
        t.store(entry(9, 2, 0));
        match policy {
            Replacement::Always => {
                assert!(t.probe(1).is_none());
                assert!(t.probe(9).is_some());
            }
            Replacement::DepthPreferred => {
                assert!(t.probe(1).is_some());
                assert!(t.probe(9).is_none());
            }
            Replacement::TwoTier => {
                assert!(t.probe(1).is_some());
                assert!(t.probe(9).is_some());
            }
        }
        // A newer generation always replaces.
        t.store(entry(17, 1, 1));
        assert!(t.probe(17).is_some());
        assert!(t.probe(3).is_none());
        // The same key keeps its move when the new result has none.
        t.store(Entry { mv: None, ..entry(17, 4, 1) });
        assert_eq!(t.probe(17).and_then(|e| e.mv), Some(1));
    }

    #[test]
    fn large_tables_advised_for_huge_pages_work() {
        // 2^19 slots of 24 bytes: 12 MB, so the huge-page hint is given; 24 is not a
        // divisor of 64, so reaching a cache line takes more spare slots than 16 would.
        let mut t = TranspositionTable::<u8, i32>::new(1 << 19, Replacement::TwoTier);
        assert_eq!(t.len(), 1 << 19);
        assert_eq!(t.slots().as_ptr() as usize % 64, 0, "slots start on a cache line");
        for key in (1..5000u64).map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15)) {
            (&mut t).store(entry(key, 3, 0));
            assert_eq!((&mut t).probe(key).map(|e| e.key), Some(key));
        }
    }

    #[test]
    fn entries_are_small() {
        assert!(std::mem::size_of::<Option<Entry<u8, i16>>>() <= 16);
        assert!(std::mem::size_of::<Option<Entry<u16, i32>>>() <= 24);
    }

    #[test]
    fn replacement_policies_behave() {
        for policy in [Replacement::Always, Replacement::DepthPreferred, Replacement::TwoTier] {
            let mut serial = TranspositionTable::new(8, policy);
            assert_eq!(serial.len(), 8);
            assert_eq!(serial.policy(), policy);
            roundtrip(&mut serial, policy);
            serial.next_generation();
            serial.clear();
            assert!((&mut serial).probe(17).is_none());
            let mut shared = SharedTable::new(8, policy);
            assert_eq!(shared.len(), 8);
            assert_eq!(shared.policy(), policy);
            shared.next_generation();
            roundtrip(&shared, policy);
        }
        assert_eq!(slot_count(0), 2);
        assert_eq!(slot_count(100), 64);
        assert!(TableAccess::<u8, i32>::probe(&mut NoTable, 1).is_none());
    }
}
