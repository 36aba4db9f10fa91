//! Working memory of a search: [`Scratch`] (reused across searches) and the per-thread
//! buffers.

use super::config::Config;
use super::ordering::History;
use super::tt::TranspositionTable;

/// Per-thread buffers, indexed by ply.
#[derive(Debug)]
pub(super) struct Local<M> {
    pub(super) moves: Vec<Vec<M>>,
    pub(super) killers: Vec<[Option<M>; 2]>,
    /// The move that led to each ply (for countermoves).
    pub(super) path: Vec<Option<M>>,
    pub(super) pv: Vec<Vec<M>>,
    /// History scores of each ply's moves, taken when the node starts (see
    /// [`ordering`](super::ordering)).
    pub(super) keys: Vec<Vec<u64>>,
    /// Scratch for [`Game::outcome`](crate::Game::outcome) at leaves.
    pub(super) leaf: Vec<M>,
}

impl<M: Copy> Local<M> {
    pub(super) fn new() -> Local<M> {
        Local {
            moves: Vec::new(),
            killers: Vec::new(),
            path: Vec::new(),
            pv: Vec::new(),
            keys: Vec::new(),
            leaf: Vec::new(),
        }
    }

    pub(super) fn ensure(&mut self, ply: usize) {
        while self.moves.len() <= ply + 1 {
            self.moves.push(Vec::new());
            self.keys.push(Vec::new());
            self.killers.push([None, None]);
            self.path.push(None);
            self.pv.push(Vec::new());
        }
    }

    fn reset(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        self.pv.iter_mut().for_each(Vec::clear);
    }

    /// Starts a task with the killer moves and the path of the task that spawned it.
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(super) fn inherit(&mut self, killers: &[[Option<M>; 2]], path: &[Option<M>]) {
        self.killers.clear();
        self.killers.extend_from_slice(killers);
        self.path.clear();
        self.path.extend_from_slice(path);
        while self.moves.len() < self.killers.len() {
            self.moves.push(Vec::new());
            self.keys.push(Vec::new());
            self.pv.push(Vec::new());
        }
        self.killers.resize(self.moves.len(), [None, None]);
        self.path.resize(self.moves.len(), None);
    }

    /// `pv[ply] = mv + pv[ply + 1]`, or just `mv` when the child is a leaf (leaves
    /// do not touch the buffers).
    pub(super) fn update_pv(&mut self, ply: usize, mv: M, leaf_child: bool) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        if !leaf_child {
            line.extend_from_slice(&tail[0]);
        }
    }
}

/// Reusable working memory of [`AlphaBeta`](super::AlphaBeta): table, killers, history,
/// countermoves, move buffers.
#[derive(Debug)]
pub struct Scratch<M, S> {
    pub(super) table: Option<TranspositionTable<M, S>>,
    #[cfg(feature = "rayon")]
    pub(super) shared: Option<super::tt::SharedTable>,
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
        self.history.prepare(config);
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
