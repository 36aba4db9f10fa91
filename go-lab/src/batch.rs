//! What every experiment shares, so that a sweep over tens of thousands of records runs
//! on any batch scheduler and merges with `cat`:
//!
//! - [`BatchOptions`]: the `--jobs N`, `--shard I/N` and `--json` options;
//! - [`Shard`]: which items a process takes (every N-th, from the I-th);
//! - [`pool`]: a rayon pool of `--jobs` threads;
//! - [`run_ordered`]: the work on the pool, results handed on in item order, a chunk at a
//!   time, so that the output streams and is the same for any `--jobs`;
//! - [`write_json_line`]: one JSON object per line on the output;
//! - [`Progress`]: a progress bar on standard error when it is a terminal;
//! - [`sgf_files`] and [`read_game`]: reading a folder of game records.
//!
//! An experiment lists its items, keeps those of its shard, computes one record per
//! item with [`run_ordered`], and writes each record with [`write_json_line`] (with
//! `--json`) or summarises them (without). Records of several shards are merged with
//! `cat` and summarised by `go-lab report`.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Mutex;

use go_board::sgf::GameRecord;
use go_engine::output::CommandError;
use rayon::prelude::*;
use serde::Serialize;

/// The options every experiment takes.
#[derive(Clone, Debug, clap::Args)]
pub struct BatchOptions {
    /// Worker threads (0: one per core). Node counts do not depend on it; timings are
    /// cleanest with 1.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub jobs: usize,
    /// Run only the I-th of N parts of the items (I from 1 to N; the parts interleave,
    /// so that each gets a share of the long and the short items).
    #[arg(long, value_name = "I/N", default_value_t = Shard::ALL)]
    pub shard: Shard,
    /// Write one JSON record per item (one per line) instead of the summary;
    /// `go-lab report` summarises the records of one or more runs.
    #[arg(long)]
    pub json: bool,
}

/// A part of a list of items: the items `i` with `i % count == index - 1` (`index`
/// counts from 1, as GNU Parallel's job numbers and `sbatch --array=1-N` do).
///
/// # Examples
///
/// ```
/// use go_lab::batch::Shard;
///
/// let shard: Shard = "2/3".parse()?;
/// assert_eq!(shard.select(0..10).collect::<Vec<_>>(), [1, 4, 7]);
/// // The N shards of a list are disjoint and cover it.
/// let all: Vec<usize> = (1..=3)
///     .flat_map(|i| Shard::new(i, 3).unwrap().select(0..10).collect::<Vec<_>>())
///     .collect();
/// assert_eq!(all.len(), 10);
/// assert!("0/3".parse::<Shard>().is_err() && "4/3".parse::<Shard>().is_err());
/// # Ok::<_, String>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: usize,
    count: usize,
}

impl Shard {
    /// The whole list (`1/1`).
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// The `index`-th of `count` parts; `None` unless `1 <= index <= count`.
    pub fn new(index: usize, count: usize) -> Option<Shard> {
        (1..=count).contains(&index).then_some(Shard { index, count })
    }

    /// Whether the item at `position` (from 0) belongs to this shard.
    pub fn contains(&self, position: usize) -> bool {
        position % self.count == self.index - 1
    }

    /// The items of this shard, in their order.
    pub fn select<T>(&self, items: impl IntoIterator<Item = T>) -> impl Iterator<Item = T> {
        let shard = *self;
        items.into_iter().enumerate().filter(move |(i, _)| shard.contains(*i)).map(|(_, t)| t)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("invalid shard {text:?}: I/N with 1 <= I <= N, such as 3/8");
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let (i, n) = (i.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        Shard::new(i, n).ok_or_else(bad)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A rayon pool of `jobs` threads (0: one per core).
///
/// # Errors
///
/// The message of rayon's error when the threads cannot be started.
pub fn pool(jobs: usize) -> Result<rayon::ThreadPool, CommandError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| CommandError::Failed(format!("cannot start {jobs} worker threads: {e}")))
}

/// Runs `work` on every item on `pool` and hands each result to `sink` in item order.
///
/// Items are processed a chunk at a time (a few per thread), so that results stream
/// out while the run goes on and memory stays bounded by the chunk, and the order of
/// the results, hence the output, does not depend on the number of threads. The
/// progress bar counts the items, labelled by `label`.
///
/// # Errors
///
/// The first error of `sink` (such as a write error), which stops the run.
pub fn run_ordered<I, R>(
    pool: &rayon::ThreadPool,
    items: &[I],
    label: impl Fn(&I) -> String + Sync,
    work: impl Fn(&I) -> R + Sync,
    mut sink: impl FnMut(&I, R) -> Result<(), CommandError>,
) -> Result<(), CommandError>
where
    I: Sync,
    R: Send,
{
    let progress = Progress::new(items.len() as u64);
    let chunk = 8 * pool.current_num_threads().max(1);
    for part in items.chunks(chunk) {
        let results: Vec<R> = pool.install(|| {
            part.par_iter()
                .map(|item| {
                    let result = work(item);
                    progress.step(&label(item));
                    result
                })
                .collect()
        });
        for (item, result) in part.iter().zip(results) {
            sink(item, result)?;
        }
    }
    progress.finish();
    Ok(())
}

/// Writes `value` as one line of JSON.
///
/// # Errors
///
/// [`CommandError::Output`] when writing fails; [`CommandError::Failed`] for a value
/// that JSON cannot hold (a map with non-string keys).
pub fn write_json_line(out: &mut impl Write, value: &impl Serialize) -> Result<(), CommandError> {
    let line = serde_json::to_string(value).map_err(|e| CommandError::Failed(e.to_string()))?;
    writeln!(out, "{line}")?;
    Ok(())
}

/// A progress bar on standard error, drawn only when standard error is a terminal (so
/// piped and redirected runs stay quiet); it may be stepped from several threads.
#[derive(Debug)]
pub struct Progress {
    total: u64,
    done: Mutex<u64>,
    shown: bool,
}

impl Progress {
    /// A progress bar for `total` steps.
    pub fn new(total: u64) -> Progress {
        Progress { total, done: Mutex::new(0), shown: std::io::stderr().is_terminal() }
    }

    /// Counts one step and shows `label` beside the bar.
    pub fn step(&self, label: &str) {
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        *done += 1;
        if self.shown {
            let width = 30;
            let filled = (*done * width / self.total.max(1)) as usize;
            let bar: String =
                (0..width as usize).map(|i| if i < filled { '=' } else { ' ' }).collect();
            let label: String = label.chars().take(40).collect();
            let mut err = std::io::stderr().lock();
            // A progress bar that cannot be drawn is no reason to stop.
            let _ = write!(err, "\r[{bar}] {}/{} {label:<40}", *done, self.total);
            let _ = err.flush();
        }
    }

    /// Clears the bar's line.
    pub fn finish(&self) {
        if self.shown {
            let _ = write!(std::io::stderr(), "\r{:90}\r", "");
        }
    }
}

/// Reads and parses the game record at `path`: a regular file within go-board's
/// [`ReadLimits::DEFAULT`](go_board::sgf::ReadLimits::DEFAULT) (the limits of GTP's
/// `loadsgf`), decoded by its `CA` property.
///
/// # Errors
///
/// A message naming the file: it cannot be read, is not a regular file, is too large,
/// or is not a valid game record.
pub fn read_game(path: &Path) -> Result<GameRecord, String> {
    let name = path.display();
    let bytes = go_board::sgf::read_file(path, &go_board::sgf::ReadLimits::DEFAULT)
        .map_err(|e| format!("{name}: {e}"))?;
    GameRecord::from_sgf(&bytes).map_err(|e| format!("{name}: {e:#}"))
}

/// The SGF files (extension `sgf`, any case) in `dir` and its subfolders, sorted by
/// path, so that shards of the same folder agree on the order. Symbolic links to
/// folders are not followed.
///
/// # Errors
///
/// A message naming the folder that cannot be read.
pub fn sgf_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        let entries =
            std::fs::read_dir(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| format!("{}: {e}", folder.display()))?;
            let kind = entry.file_type().map_err(|e| format!("{}: {e}", folder.display()))?;
            let path = entry.path();
            if kind.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_items() {
        for count in 1..6 {
            let mut seen = vec![0; 23];
            for index in 1..=count {
                let shard = Shard::new(index, count).unwrap();
                assert_eq!(shard.to_string().parse::<Shard>(), Ok(shard));
                for i in shard.select(0..23) {
                    seen[i] += 1;
                }
            }
            assert!(seen.iter().all(|&n| n == 1), "{count}: {seen:?}");
        }
        for bad in ["", "1", "1/0", "0/0", "2/1", "-1/2", "a/b", "1/2/3"] {
            let err = bad.parse::<Shard>().unwrap_err();
            assert!(err.contains("I/N"), "{bad}: {err}");
        }
    }

    #[test]
    fn results_come_in_item_order_for_any_number_of_threads() {
        let items: Vec<u64> = (0..100).collect();
        for jobs in [1, 3] {
            let pool = pool(jobs).unwrap();
            let mut got = Vec::new();
            run_ordered(
                &pool,
                &items,
                |i| i.to_string(),
                |&i| i * i,
                |&i, r| {
                    got.push((i, r));
                    Ok(())
                },
            )
            .unwrap();
            assert_eq!(got, items.iter().map(|&i| (i, i * i)).collect::<Vec<_>>());
        }
        // The sink's error stops the run.
        let pool = pool(2).unwrap();
        let mut calls = 0;
        let stopped = run_ordered(
            &pool,
            &items,
            |_| String::new(),
            |&i| i,
            |_, _| {
                calls += 1;
                if calls == 5 { Err("full".into()) } else { Ok(()) }
            },
        );
        assert!(matches!(stopped, Err(CommandError::Failed(m)) if m == "full"));
        assert_eq!(calls, 5);
    }

    #[test]
    fn json_lines() {
        let mut out = Vec::new();
        write_json_line(&mut out, &serde_json::json!({"a": 1})).unwrap();
        write_json_line(&mut out, &[1, 2]).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "{\"a\":1}\n[1,2]\n");
    }

    #[test]
    fn a_game_folder() {
        let dir = std::env::temp_dir().join(format!("go-lab-batch-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("b/c")).unwrap();
        std::fs::write(dir.join("b/c/two.SGF"), "(;SZ[9];B[ee])").unwrap();
        std::fs::write(dir.join("a.sgf"), "(;SZ[9])").unwrap();
        std::fs::write(dir.join("notes.txt"), "not a game").unwrap();
        std::fs::write(dir.join("bad.sgf"), "(;SZ[9];B[zz])").unwrap();
        let files = sgf_files(&dir).unwrap();
        let names: Vec<_> = files.iter().map(|p| p.strip_prefix(&dir).unwrap()).collect();
        assert_eq!(names, [Path::new("a.sgf"), Path::new("b/c/two.SGF"), Path::new("bad.sgf")]);
        assert_eq!(read_game(&files[1]).unwrap().move_count(), 1);
        assert!(read_game(&dir.join("bad.sgf")).unwrap_err().contains("bad.sgf"));
        assert!(read_game(&dir.join("b")).unwrap_err().contains("not a regular file"));
        assert!(read_game(&dir.join("missing.sgf")).unwrap_err().contains("missing.sgf"));
        assert!(sgf_files(&dir.join("missing")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
