//! Transposition tables for the alpha-beta family, with replacement policies.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::score::Score;

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
#[repr(u8)]
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

/// The move of a table entry: the move itself, or (in the shared table, which holds no
/// moves) its [`Game::move_index`](crate::Game::move_index), for the node to find among
/// its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TableMove<M> {
    None,
    Move(M),
    Index(u32),
}

/// What a probe finds.
#[derive(Clone, Copy, Debug)]
pub(super) struct Found<M, S> {
    pub(super) mv: TableMove<M>,
    /// Node-relative, as stored.
    pub(super) score: S,
    pub(super) depth: u16,
    pub(super) bound: Bound,
}

impl<M: Copy, S: Copy> From<Entry<M, S>> for Found<M, S> {
    fn from(e: Entry<M, S>) -> Self {
        let mv = e.mv.map_or(TableMove::None, TableMove::Move);
        Found { mv, score: e.score, depth: e.depth, bound: e.bound }
    }
}

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

/// The key, generation and depth of a stored entry: what replacement looks at.
type Occupant = (u64, u8, u16);

/// Where `entry` goes given the occupant of its first slot: `None` skips the write.
fn placement<M, S>(
    entry: &Entry<M, S>,
    old: Option<Occupant>,
    mask: usize,
    policy: Replacement,
) -> Option<usize> {
    let i = index(entry.key, mask, policy);
    let replaceable = match old {
        None => true,
        Some((key, generation, depth)) => {
            key == entry.key || generation != entry.generation || depth <= entry.depth
        }
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

/// A transposition table: slots of type `T` (plain for one thread, atomic words for
/// several).
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
    /// Whether the table outgrows the CPU's private caches, so that prefetching a
    /// child's slot while its parent works pays for computing the child's key.
    prefetching: bool,
}

/// Tables from this size on are prefetched (and advised for huge pages). Smaller ones
/// stay in the caches of one core: prefetching them measured 8% more instructions and
/// no gain in time (connect four, 1 MB against 16 MB).
const LARGE: usize = 4 << 20;

/// A transposition table owned by one thread.
pub(super) type TranspositionTable<M, S> = Table<Option<Entry<M, S>>>;

/// A transposition table shared by the threads of a parallel search, lock-free: every
/// slot is three atomic words written and read with plain (relaxed) stores and loads,
/// no read-modify-write and no lock (see [`SharedSlot`]).
pub(super) type SharedTable = Table<SharedSlot>;

/// A slot of a [`SharedTable`]: the score's bits, a metadata word (depth, bound,
/// generation, move index) and the key's exclusive or with a hash of both (Hyatt's
/// lockless hashing, with a [`seal`] rather than a plain xor of the data). Two threads
/// writing one slot at once, or a read during a write, leave words from different
/// entries, which do not match the key: the slot reads as empty. 32 bytes, so a
/// TwoTier pair is one cache line.
#[derive(Debug, Default)]
#[repr(align(32))]
pub(super) struct SharedSlot {
    check: AtomicU64,
    score: AtomicU64,
    meta: AtomicU64,
}

/// Set in the metadata of every stored entry (an all-zero slot is empty).
const VALID: u64 = 1 << 63;
/// Move indices stored in the shared table: below 2^17 (a table move is a hint).
const INDEX_BITS: u32 = 17;

impl SharedSlot {
    /// The entry stored here for `key`: its metadata and score bits.
    #[inline]
    fn read(&self, key: u64) -> Option<(u64, u64)> {
        let check = self.check.load(Ordering::Relaxed);
        let score = self.score.load(Ordering::Relaxed);
        let meta = self.meta.load(Ordering::Relaxed);
        (meta & VALID != 0 && check ^ seal(score, meta) == key).then_some((meta, score))
    }

    /// The key, generation and depth of whatever is stored here.
    #[inline]
    fn occupant(&self) -> Option<Occupant> {
        let check = self.check.load(Ordering::Relaxed);
        let score = self.score.load(Ordering::Relaxed);
        let meta = self.meta.load(Ordering::Relaxed);
        (meta & VALID != 0).then_some((check ^ seal(score, meta), (meta >> 18) as u8, meta as u16))
    }

    #[inline]
    fn write(&self, key: u64, score: u64, meta: u64) {
        self.score.store(score, Ordering::Relaxed);
        self.meta.store(meta, Ordering::Relaxed);
        self.check.store(key ^ seal(score, meta), Ordering::Relaxed);
    }
}

/// What the check word of a [`SharedSlot`] adds to the key: a hash of the score and
/// the metadata. A plain `score ^ meta` lets words of two entries pass for a third
/// whenever their differences cancel, which the small, structured scores and depths of
/// decisive results make likely (a score one win distance off and a depth that differs
/// in the same bits); a mixed hash makes any mixture of words fail but by chance
/// (about 2^-64 per torn read).
#[inline]
fn seal(score: u64, meta: u64) -> u64 {
    let mut x = score.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ meta;
    // The finaliser of SplitMix64: every input bit moves every output bit.
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The metadata word of an entry whose move has index `index`.
#[inline]
fn encode_meta(depth: u16, bound: Bound, generation: u8, index: Option<u32>) -> u64 {
    let index = index.map_or(0, |i| u64::from(i) + 1);
    VALID | u64::from(depth) | (bound as u64) << 16 | u64::from(generation) << 18 | index << 26
}

/// The entry a metadata word and a score describe.
#[inline]
fn decode<M, S: Score>(meta: u64, score: u64) -> Found<M, S> {
    let bound = match (meta >> 16) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    let index = (meta >> 26) & ((1 << INDEX_BITS) - 1);
    let mv = if index == 0 { TableMove::None } else { TableMove::Index(index as u32 - 1) };
    Found { mv, score: S::from_bits(score), depth: meta as u16, bound }
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
        let prefetching = len * size_of::<T>() >= LARGE;
        Table { storage, base, len, policy, generation: 0, prefetching }
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

/// How a search reaches its table (or the absence of one).
pub(super) trait TableAccess<M, S> {
    /// Whether there is a table at all.
    fn enabled(&self) -> bool;
    fn generation(&self) -> u8;
    fn probe(&mut self, key: u64) -> Option<Found<M, S>>;
    /// Stores `entry`; `index` gives the [`Game::move_index`](crate::Game::move_index)
    /// of its move, for a table that stores indices rather than moves.
    fn store(&mut self, entry: Entry<M, S>, index: impl FnOnce(M) -> Option<usize>);
    /// Whether [`TableAccess::prefetch`] is worth its cost (a large table).
    fn prefetching(&self) -> bool {
        false
    }
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
        if bytes < LARGE {
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
    fn probe(&mut self, _: u64) -> Option<Found<M, S>> {
        None
    }
    fn store(&mut self, _: Entry<M, S>, _: impl FnOnce(M) -> Option<usize>) {}
}

impl<M: Copy, S: Copy> TableAccess<M, S> for &mut TranspositionTable<M, S> {
    fn enabled(&self) -> bool {
        true
    }
    fn generation(&self) -> u8 {
        self.generation
    }
    #[inline(always)]
    fn probe(&mut self, key: u64) -> Option<Found<M, S>> {
        let (mask, slots) = (self.len - 1, self.slots());
        probe_with(key, mask, self.policy, |i| slots[i]).map(Found::from)
    }
    fn prefetching(&self) -> bool {
        self.prefetching
    }
    fn prefetch(&self, key: u64) {
        self.prefetch_key(key);
    }
    #[inline(always)]
    fn store(&mut self, mut entry: Entry<M, S>, _: impl FnOnce(M) -> Option<usize>) {
        let mask = self.len - 1;
        let old = self.slots()[index(entry.key, mask, self.policy)];
        // The same position stored again without a move keeps the old one.
        if let Some(o) = old
            && o.key == entry.key
            && entry.mv.is_none()
        {
            entry.mv = o.mv;
        }
        let occupant = old.map(|o| (o.key, o.generation, o.depth));
        if let Some(i) = placement(&entry, occupant, mask, self.policy) {
            self.storage[self.base + i] = Some(entry);
        }
    }
}

impl<M: Copy, S: Score> TableAccess<M, S> for &SharedTable {
    fn enabled(&self) -> bool {
        true
    }
    fn generation(&self) -> u8 {
        self.generation
    }
    #[inline(always)]
    fn probe(&mut self, key: u64) -> Option<Found<M, S>> {
        let (i, slots) = (index(key, self.len - 1, self.policy), self.slots());
        let pair = if self.policy == Replacement::TwoTier { 2 } else { 1 };
        slots[i..i + pair].iter().find_map(|s| s.read(key)).map(|(m, s)| decode(m, s))
    }
    fn prefetching(&self) -> bool {
        self.prefetching
    }
    fn prefetch(&self, key: u64) {
        self.prefetch_key(key);
    }
    #[inline(always)]
    fn store(&mut self, entry: Entry<M, S>, index_of: impl FnOnce(M) -> Option<usize>) {
        let mask = self.len - 1;
        let first = &self.slots()[index(entry.key, mask, self.policy)];
        let mut move_index = entry.mv.and_then(index_of).and_then(|i| u32::try_from(i).ok());
        move_index = move_index.filter(|&i| i < (1 << INDEX_BITS) - 1);
        if move_index.is_none()
            && let Some((meta, _)) = first.read(entry.key)
        {
            // The same position stored again without a move keeps the old one.
            let old: Found<M, S> = decode(meta, 0);
            if let TableMove::Index(i) = old.mv {
                move_index = Some(i);
            }
        }
        if let Some(i) = placement(&entry, first.occupant(), mask, self.policy) {
            let meta = encode_meta(entry.depth, entry.bound, entry.generation, move_index);
            self.slots()[i].write(entry.key, entry.score.to_bits(), meta);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: u16, generation: u8) -> Entry<u8, i32> {
        Entry { key, mv: Some(depth as u8), score: 7, depth, bound: Bound::Exact, generation }
    }

    /// The move of a probe, whether the table gives it or its index.
    fn move_of(found: Option<Found<u8, i32>>) -> Option<u8> {
        match found?.mv {
            TableMove::None => None,
            TableMove::Move(m) => Some(m),
            TableMove::Index(i) => Some(i as u8),
        }
    }

    fn roundtrip<T: TableAccess<u8, i32>>(mut t: T, policy: Replacement) {
        let index = |m: u8| Some(usize::from(m));
        // 8 slots: keys 1 and 9 share slot 1 (and, for TwoTier, the pair 0..2).
        t.store(entry(1, 5, 0), index);
        assert_eq!(t.probe(1).map(|e| e.depth), Some(5));
        assert_eq!(move_of(t.probe(1)), Some(5));
        t.store(entry(9, 2, 0), index);
        match policy {
            Replacement::Always => {
                assert!(t.probe(1).is_none());
                assert!(t.probe(9).is_some());
            }
            Replacement::DepthPreferred => {
                assert!(t.probe(1).is_some());
                assert!(t.probe(9).is_none());
            }
            _ => {
                assert!(t.probe(1).is_some());
                assert!(t.probe(9).is_some());
            }
        }
        // A newer generation always replaces.
        t.store(entry(17, 1, 1), index);
        assert!(t.probe(17).is_some());
        assert!(t.probe(3).is_none());
        // The same key keeps its move when the new result has none.
        t.store(Entry { mv: None, ..entry(17, 4, 1) }, index);
        assert_eq!(move_of(t.probe(17)), Some(1));
        let found = t.probe(17).expect("stored");
        assert_eq!((found.score, found.depth, found.bound), (7, 4, Bound::Exact));
    }

    #[test]
    fn large_tables_advised_for_huge_pages_work() {
        // 2^19 slots of 24 bytes: 12 MB, so the huge-page hint is given; 24 is not a
        // divisor of 64, so reaching a cache line takes more spare slots than 16 would.
        let mut t = TranspositionTable::<u8, i32>::new(1 << 19, Replacement::TwoTier);
        assert_eq!(t.len(), 1 << 19);
        assert_eq!(t.slots().as_ptr() as usize % 64, 0, "slots start on a cache line");
        for key in (1..5000u64).map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15)) {
            (&mut t).store(entry(key, 3, 0), |_| None);
            assert!((&mut t).probe(key).is_some());
        }
        // Shared slots are 32 bytes and start on a cache line: a pair is one line.
        let shared = SharedTable::new(1 << 19, Replacement::TwoTier);
        assert_eq!(size_of::<SharedSlot>(), 32);
        assert_eq!(shared.slots().as_ptr() as usize % 64, 0);
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

    #[test]
    fn shared_table_encodes_every_field_and_key_zero() {
        let t = SharedTable::new(64, Replacement::TwoTier);
        let mut access = &t;
        // An empty slot is not an entry for key 0.
        assert!(TableAccess::<u8, i64>::probe(&mut access, 0).is_none());
        for (key, score, bound) in [(0, i64::MIN + 1, Bound::Upper), (5, i64::WIN, Bound::Lower)] {
            let e = Entry { key, mv: Some(3u8), score, depth: COMPLETE, bound, generation: 200 };
            access.store(e, |m| Some(usize::from(m) + 70_000));
            let f: Found<u8, i64> = access.probe(key).expect("stored");
            assert_eq!((f.score, f.depth, f.bound), (score, COMPLETE, bound));
            assert_eq!(f.mv, TableMove::Index(70_003));
        }
        // Indices that do not fit are not stored: no move rather than a wrong one.
        let e = Entry {
            key: 9,
            mv: Some(1u8),
            score: 0i64,
            depth: 3,
            bound: Bound::Exact,
            generation: 0,
        };
        access.store(e, |_| Some(1 << 20));
        assert_eq!(
            TableAccess::<u8, i64>::probe(&mut access, 9).map(|f| f.mv),
            Some(TableMove::None)
        );
    }

    /// Issue 10: the words of two entries mixed by concurrent writes (the check word of
    /// one, the score and metadata of another) must not read as an entry. With the old
    /// check `key ^ score ^ meta`, a score one win distance off and a depth that
    /// differed in the same bit passed for the first key.
    #[test]
    fn issue_10_shared_slots_reject_mixed_words() {
        let win = i32::WIN;
        let entries = [
            (40u64, win - 3, 5u16, Bound::Exact),
            (40, win - 1, 3, Bound::Exact),
            (41, win - 5, 4, Bound::Lower),
            (40, -(win - 4), 6, Bound::Upper),
            (1 << 20 | 40, win - 3, COMPLETE, Bound::Exact),
        ];
        let words: Vec<(u64, u64, u64)> = entries
            .iter()
            .map(|&(key, score, depth, bound)| {
                let slot = SharedSlot::default();
                slot.write(key, score.to_bits(), encode_meta(depth, bound, 1, Some(3)));
                let load = |w: &AtomicU64| w.load(Ordering::Relaxed);
                (load(&slot.check), load(&slot.score), load(&slot.meta))
            })
            .collect();
        // The old check (`key ^ score ^ meta`) of entry 0 with the score and metadata of
        // entry 1 gave key 40 (the scores and depths differ in the same bits).
        let ((_, s0, m0), (_, s1, m1)) = (words[0], words[1]);
        assert_eq!(s0 ^ m0, s1 ^ m1, "designed collision");
        for (i, &(check, _, _)) in words.iter().enumerate() {
            for (j, &(_, score, _)) in words.iter().enumerate() {
                for (k, &(_, _, meta)) in words.iter().enumerate() {
                    let slot = SharedSlot::default();
                    slot.check.store(check, Ordering::Relaxed);
                    slot.score.store(score, Ordering::Relaxed);
                    slot.meta.store(meta, Ordering::Relaxed);
                    for &(key, ..) in &entries {
                        let whole = i == j && j == k && entries[i].0 == key;
                        let same = words[i] == (check, score, meta) && entries[i].0 == key;
                        let found = slot.read(key).is_some();
                        assert_eq!(found, whole || same, "check {i} score {j} meta {k} key {key}");
                    }
                }
            }
        }
    }

    #[test]
    fn shared_table_reads_whole_entries_while_threads_write() {
        // Four threads store and probe the same small table: every entry found must be
        // one that some thread stored for that key (the score and depth encode the key).
        let t = SharedTable::new(16, Replacement::Always);
        std::thread::scope(|s| {
            for thread in 0..4u64 {
                let t = &t;
                s.spawn(move || {
                    let mut access = t;
                    for n in 0..20_000u64 {
                        let key = (n * 7 + thread) % 97 + 1;
                        let e = Entry {
                            key,
                            mv: Some(key as u8),
                            score: key as i32 * 3,
                            depth: key as u16,
                            bound: Bound::Lower,
                            generation: 0,
                        };
                        access.store(e, |m| Some(usize::from(m)));
                        let probe = (n * 13 + thread) % 97 + 1;
                        if let Some(f) = TableAccess::<u8, i32>::probe(&mut access, probe) {
                            assert_eq!(f.score, probe as i32 * 3);
                            assert_eq!(f.depth, probe as u16);
                            assert_eq!(f.mv, TableMove::Index(probe as u32));
                        }
                    }
                });
            }
        });
    }
}
