//! Issue 10: reading SGF takes memory in proportion to the file. Reading a 21 MB file of
//! three million variations used to abort under 2 GB; here a counting allocator
//! measures the peak of the heap while each hostile file is read (and its tree dropped),
//! and the peak must stay within a small multiple of the file's size.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use go_board::GameRecord;
use go_board::sgf;

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every method forwards to the system allocator with the caller's arguments,
// which upholds `GlobalAlloc`'s contract; the counters only observe sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = CURRENT.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        // SAFETY: forwarded as received (see the impl).
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: forwarded as received (see the impl).
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // Large blocks grow in place or by remapping pages (glibc's `mremap`), so a
        // reallocation counts as its larger size, not as both blocks.
        if new_size >= layout.size() {
            let now = CURRENT.fetch_add(new_size - layout.size(), Ordering::Relaxed) + new_size
                - layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        } else {
            CURRENT.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        // SAFETY: forwarded as received (see the impl).
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One measurement at a time: the tests of this binary share the counters.
static SERIAL: Mutex<()> = Mutex::new(());

/// The peak of the heap above its level before, while `f` runs.
fn peak_of(f: impl FnOnce()) -> usize {
    let base = CURRENT.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    f();
    PEAK.load(Ordering::Relaxed) - base
}

/// Reads `bytes` as a collection and as a record; returns the peak heap in multiples of
/// the file size.
fn ratio(bytes: &[u8]) -> f64 {
    let peak = peak_of(|| {
        let collection = sgf::parse(bytes);
        drop(collection);
        let _ = GameRecord::from_sgf(bytes);
    });
    peak as f64 / bytes.len() as f64
}

#[test]
fn issue_10_memory_stays_within_a_small_multiple_of_the_file() {
    let _serial = SERIAL.lock().unwrap();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        // Three million short variations, 24 MB.
        (
            "3M variations",
            [b"(;GM[1]".to_vec(), b"(;B[aa])".repeat(3_000_000), b")".to_vec()].concat(),
        ),
        // A setup list of five million points, 20 MB.
        (
            "5M AB values",
            [b"(;SZ[19]AB".to_vec(), b"[aa]".repeat(5_000_000), b")".to_vec()].concat(),
        ),
        // A main line of 900,000 moves, 5 MB.
        ("900k moves", [b"(;SZ[19]".to_vec(), b";B[]".repeat(900_000), b")".to_vec()].concat()),
        // 500,000 nested variations, 4 MB.
        ("500k nested", [b"(;B[aa]".repeat(500_000), b")".repeat(500_000)].concat()),
        // A million properties with distinct names and empty values.
        (
            "1M properties",
            [
                b"(;".to_vec(),
                (0..1_000_000u32).flat_map(|i| prop_name(i).into_bytes()).collect(),
                b")".to_vec(),
            ]
            .concat(),
        ),
        // A comment of 16 MB.
        ("16 MB comment", [b"(;C[".to_vec(), vec![b'x'; 16 << 20], b"])".to_vec()].concat()),
        // A file in Shift_JIS (decoded to a copy).
        (
            "Shift_JIS text",
            [b"(;CA[Shift_JIS]C[".to_vec(), b"\x95\x5c".repeat(4 << 20), b"])".to_vec()].concat(),
        ),
    ];
    let mut report = Vec::new();
    for (name, bytes) in &cases {
        let started = std::time::Instant::now();
        let r = ratio(bytes);
        report.push(format!(
            "{name}: {} bytes, peak {r:.1}x, {:?}",
            bytes.len(),
            started.elapsed()
        ));
        assert!(r < 13.0, "{name}: the peak heap is {r:.1} times the file\n{}", report.join("\n"));
    }
    println!("{}", report.join("\n"));
}

/// Distinct identifiers with an empty value: `XA[]`, `XB[]`, ..., `XAB[]`, ...
fn prop_name(i: u32) -> String {
    let mut name = String::from("X");
    let mut n = i;
    loop {
        name.push((b'A' + (n % 26) as u8) as char);
        n /= 26;
        if n == 0 {
            break;
        }
    }
    name.push_str("[]");
    name
}
