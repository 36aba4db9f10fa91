//! Working memory of a search: [`Scratch`] (reused across searches), the per-thread
//! buffers and the history table.

use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

use super::config::Config;
use super::tt::TranspositionTable;

/// History scores (relaxed atomics: a table can be read while its thread writes it).
#[derive(Debug, Default)]
pub(super) struct History {
    pub(super) scores: Vec<AtomicU32>,
    used: AtomicUsize,
}

/// Size of the history table: move indices at or above it are ignored.
const HISTORY_SIZE: usize = 1 << 16;

impl History {
    pub(super) fn prepare(&mut self, on: bool) {
        if !on {
            return;
        }
        if self.scores.is_empty() {
            self.scores = (0..HISTORY_SIZE).map(|_| AtomicU32::new(0)).collect();
        }
        // Age the scores of the previous search.
        let used = (*self.used.get_mut()).min(HISTORY_SIZE);
        for s in &mut self.scores[..used] {
            *s.get_mut() /= 8;
        }
    }

    fn clear(&mut self) {
        self.scores.iter_mut().for_each(|s| *s.get_mut() = 0);
        *self.used.get_mut() = 0;
    }

    pub(super) fn get(&self, i: usize) -> u32 {
        self.scores.get(i).map_or(0, |s| s.load(Ordering::Relaxed))
    }

    pub(super) fn reward(&self, i: usize, depth: u32) {
        if let Some(s) = self.scores.get(i) {
            let bonus = depth.saturating_mul(depth).min(1 << 20);
            s.store(s.load(Ordering::Relaxed).saturating_add(bonus), Ordering::Relaxed);
            if self.used.load(Ordering::Relaxed) <= i {
                self.used.fetch_max(i + 1, Ordering::Relaxed);
            }
        }
    }
}

/// Per-thread buffers, indexed by ply.
#[derive(Debug)]
pub(super) struct Local<M> {
    pub(super) moves: Vec<Vec<M>>,
    pub(super) killers: Vec<[Option<M>; 2]>,
    pub(super) pv: Vec<Vec<M>>,
    /// History scores of the moves being ordered.
    pub(super) keyed: Vec<(u32, M)>,
}

impl<M: Copy> Local<M> {
    pub(super) fn new() -> Local<M> {
        Local { moves: Vec::new(), killers: Vec::new(), pv: Vec::new(), keyed: Vec::new() }
    }

    pub(super) fn ensure(&mut self, ply: usize) {
        while self.moves.len() <= ply + 1 {
            self.moves.push(Vec::new());
            self.killers.push([None, None]);
            self.pv.push(Vec::new());
        }
    }

    fn reset(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        self.pv.iter_mut().for_each(Vec::clear);
    }

    /// Starts a task with the killer moves of the task that spawned it.
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(super) fn inherit_killers(&mut self, killers: &[[Option<M>; 2]]) {
        self.killers.clear();
        self.killers.extend_from_slice(killers);
        while self.moves.len() < self.killers.len() {
            self.moves.push(Vec::new());
            self.pv.push(Vec::new());
        }
        self.killers.resize(self.moves.len(), [None, None]);
    }

    /// `pv[ply] = mv + pv[ply + 1]`.
    pub(super) fn update_pv(&mut self, ply: usize, mv: M) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }
}

/// Reusable working memory of [`AlphaBeta`]: table, killers, history, move buffers.
#[derive(Debug)]
pub struct Scratch<M, S> {
    pub(super) table: Option<TranspositionTable<M, S>>,
    #[cfg(feature = "rayon")]
    pub(super) shared: Option<super::tt::SharedTable<M, S>>,
    #[cfg(feature = "rayon")]
    pub(super) pool: Option<(usize, rayon::ThreadPool)>,
    pub(super) local: Local<M>,
    pub(super) history: History,
    /// One history table per thread of a parallel search (shared lines would bounce).
    #[cfg(feature = "rayon")]
    pub(super) thread_histories: Vec<History>,
    /// Per-thread pools of buffers for the tasks of a parallel search.
    #[cfg(feature = "rayon")]
    pub(super) thread_locals: Vec<std::sync::Mutex<Vec<Local<M>>>>,
}

impl<M: Copy, S: Copy> Scratch<M, S> {
    pub(super) fn new(config: &Config) -> Scratch<M, S> {
        Scratch {
            table: (config.table_entries > 0)
                .then(|| TranspositionTable::new(config.table_entries, config.replacement)),
            #[cfg(feature = "rayon")]
            shared: None,
            #[cfg(feature = "rayon")]
            pool: None,
            local: Local::new(),
            history: History::default(),
            #[cfg(feature = "rayon")]
            thread_histories: Vec::new(),
            #[cfg(feature = "rayon")]
            thread_locals: Vec::new(),
        }
    }

    pub(super) fn prepare(&mut self, config: &Config) {
        if let Some(t) = &mut self.table {
            t.next_generation();
        }
        self.local.reset();
        self.history.prepare(config.history);
    }

    /// Forgets everything learnt by earlier searches (table entries, history, killers)
    /// but keeps the memory and threads, so that the next search starts cold without
    /// allocating. Searches normally keep what they learnt; benchmarks clear it.
    pub fn clear(&mut self) {
        if let Some(t) = &mut self.table {
            t.clear();
        }
        #[cfg(feature = "rayon")]
        if let Some(t) = &mut self.shared {
            t.clear();
        }
        self.local.reset();
        self.history.clear();
        #[cfg(feature = "rayon")]
        self.thread_histories.iter_mut().for_each(History::clear);
    }
}
