//! Move ordering: the table move, the killers and the history heuristic, staged.
//!
//! The search order of a node's moves is: the table move, then the killer moves of the
//! ply (most recent first), then the countermove, then the other moves by history score
//! (stable, so the [`MoveOrder`] hook and the generation order break ties). Most nodes
//! with a table move are cut by it, so the order is built in two stages: the table move
//! goes first when the node opens; the others are sorted (by keys that put the killers
//! and the countermove above every history score) only if it does not cut. The history
//! scores are read when the node opens, before the table move's subtree changes them:
//! the order is exactly the one a full sort at the start would give.

use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

use super::config::Config;
use super::engine::Engine;
use super::tt::TableAccess;
use crate::eval::MoveOrder;
use crate::game::Game;

/// What one thread learns about move order during a search: the history scores and
/// the countermoves (relaxed atomics: a table can be read while its thread writes it).
#[derive(Debug, Default)]
pub(super) struct History {
    scores: Vec<AtomicU32>,
    used: AtomicUsize,
    /// By the index of a move, 1 + the index of the move that last refuted it (0: none).
    counters: Vec<AtomicU32>,
}

/// Size of the history table: move indices at or above it are ignored.
const HISTORY_SIZE: usize = 1 << 16;

impl History {
    /// Allocates the tables on first use, and ages the scores of the previous search.
    pub(super) fn prepare(&mut self, config: &Config) {
        if config.countermoves && self.counters.is_empty() {
            self.counters = (0..HISTORY_SIZE).map(|_| AtomicU32::new(0)).collect();
        }
        if !config.history {
            return;
        }
        if self.scores.is_empty() {
            self.scores = (0..HISTORY_SIZE).map(|_| AtomicU32::new(0)).collect();
        }
        let used = (*self.used.get_mut()).min(HISTORY_SIZE);
        for s in &mut self.scores[..used] {
            *s.get_mut() /= 8;
        }
    }

    /// Forgets every score and countermove.
    pub(super) fn clear(&mut self) {
        self.scores[..*self.used.get_mut()].iter_mut().for_each(|s| *s.get_mut() = 0);
        *self.used.get_mut() = 0;
        self.counters.iter_mut().for_each(|c| *c.get_mut() = 0);
    }

    /// The index of the move that last refuted move index `i`.
    #[inline]
    fn counter(&self, i: usize) -> Option<usize> {
        let c = self.counters.get(i)?.load(Ordering::Relaxed);
        (c != 0).then(|| c as usize - 1)
    }

    /// Records that move index `answer` refuted move index `i`.
    fn set_counter(&self, i: usize, answer: usize) {
        if let Some(c) = self.counters.get(i)
            && answer < HISTORY_SIZE
        {
            c.store(answer as u32 + 1, Ordering::Relaxed);
        }
    }

    /// Whether the table is allocated.
    fn is_ready(&self) -> bool {
        !self.scores.is_empty()
    }

    /// The score of move index `i`.
    #[inline]
    fn get(&self, i: usize) -> u32 {
        self.scores.get(i).map_or(0, |s| s.load(Ordering::Relaxed))
    }

    /// Rewards move index `i` for a cutoff `depth` plies from the horizon.
    fn reward(&self, i: usize, depth: u32) {
        if let Some(s) = self.scores.get(i) {
            let bonus = depth.saturating_mul(depth).min(1 << 20);
            s.store(s.load(Ordering::Relaxed).saturating_add(bonus), Ordering::Relaxed);
            if self.used.load(Ordering::Relaxed) <= i {
                self.used.fetch_max(i + 1, Ordering::Relaxed);
            }
        }
    }
}

/// Moves `m` to the front of `moves`, keeping the order of the others; whether it was
/// there.
pub(super) fn move_to_front<M: PartialEq>(moves: &mut [M], m: M) -> bool {
    match moves.iter().position(|x| *x == m) {
        Some(i) => {
            moves[..=i].rotate_right(1);
            true
        }
        None => false,
    }
}

/// The key of the first killer move; the second killer and the countermove come next.
/// History scores stay below them.
const KILLER: u32 = u32::MAX;
const HISTORY_MAX: u32 = KILLER - 3;

/// Sorts `moves` by `keys`, highest first, stably (insertion sort: move lists are
/// short).
fn sort_by_keys<M: Copy>(keys: &mut [u32], moves: &mut [M]) {
    assert_eq!(keys.len(), moves.len(), "one key per move");
    for i in 1..keys.len() {
        let (k, m) = (keys[i], moves[i]);
        let mut j = i;
        while j > 0 && keys[j - 1] < k {
            keys[j] = keys[j - 1];
            moves[j] = moves[j - 1];
            j -= 1;
        }
        keys[j] = k;
        moves[j] = m;
    }
}

impl<G: Game, E, O: MoveOrder<G>, Q, C, T: TableAccess<G::Move, G::Score>>
    Engine<'_, G, E, O, Q, C, T>
{
    /// Whether any heuristic orders the moves after the table move.
    fn keyed(&self) -> bool {
        let cfg = &self.ab.config;
        (cfg.history && self.history.is_ready()) || cfg.killers || cfg.countermoves
    }

    /// The first stage, when a node opens: the hook's order, the table move first, and
    /// the history scores of the others kept for the second stage. Returns how many
    /// moves are in their final place (1 with a table move, else 0).
    #[inline(always)]
    pub(super) fn order_first(
        &mut self,
        state: &G::State,
        moves: &mut [G::Move],
        ply: u32,
        tt_move: Option<G::Move>,
    ) -> usize {
        self.ab.order.order(self.game, state, moves);
        let first = usize::from(tt_move.is_some_and(|m| move_to_front(moves, m)));
        if self.keyed() {
            let keys = &mut self.local.keys[ply as usize];
            keys.clear();
            if self.ab.config.history && self.history.is_ready() {
                let (game, history) = (self.game, self.history);
                keys.extend(
                    moves[first..].iter().map(|&m| {
                        game.move_index(m).map_or(0, |i| history.get(i).min(HISTORY_MAX))
                    }),
                );
            } else {
                keys.resize(moves.len() - first, 0);
            }
        }
        first
    }

    /// The second stage, when the moves from `from` on (all but the table move) are
    /// needed: the killers and the countermove get the keys that put them first, and
    /// the moves are sorted by key.
    #[inline(always)]
    pub(super) fn order_rest(&mut self, moves: &mut [G::Move], from: usize, ply: u32) {
        if !self.keyed() {
            return;
        }
        let rest = &mut moves[from..];
        let local = &mut self.local;
        let keys = &mut local.keys[ply as usize];
        debug_assert_eq!(keys.len(), rest.len());
        let mut mark = |m: Option<G::Move>, key: u32| {
            if let Some(at) = m.and_then(|m| rest.iter().position(|&x| x == m))
                && keys[at] < key
            {
                keys[at] = key;
            }
        };
        if self.ab.config.killers {
            let [k0, k1] = local.killers[ply as usize];
            mark(k0, KILLER);
            mark(k1, KILLER - 1);
        }
        if self.ab.config.countermoves {
            let game = self.game;
            let answer = local.path[ply as usize]
                .and_then(|prev| game.move_index(prev))
                .and_then(|i| self.history.counter(i));
            let counter =
                answer.and_then(|a| rest.iter().copied().find(|&m| game.move_index(m) == Some(a)));
            mark(counter, KILLER - 2);
        }
        if keys.iter().any(|&k| k != 0) {
            sort_by_keys(keys, rest);
        }
    }

    /// Orders all of `moves` at once (the parallel search starts its younger brothers
    /// together).
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(super) fn order_moves(
        &mut self,
        state: &G::State,
        moves: &mut [G::Move],
        ply: u32,
        tt_move: Option<G::Move>,
    ) {
        let first = self.order_first(state, moves, ply, tt_move);
        self.order_rest(moves, first, ply);
    }

    /// Records a move that caused a cutoff `depth` plies from the horizon.
    #[inline(always)]
    pub(super) fn reward(&mut self, mv: G::Move, ply: u32, depth: u32) {
        if self.ab.config.killers {
            let k = &mut self.local.killers[ply as usize];
            if k[0] != Some(mv) {
                *k = [Some(mv), k[0]];
            }
        }
        if self.ab.config.history
            && let Some(i) = self.game.move_index(mv)
        {
            self.history.reward(i, depth);
        }
        if self.ab.config.countermoves
            && let Some(prev) = self.local.path[ply as usize].and_then(|p| self.game.move_index(p))
            && let Some(answer) = self.game.move_index(mv)
        {
            self.history.set_counter(prev, answer);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_to_front_keeps_order() {
        let mut v = [1, 2, 3, 4];
        assert!(move_to_front(&mut v, 3));
        assert_eq!(v, [3, 1, 2, 4]);
        assert!(!move_to_front(&mut v, 9));
        assert_eq!(v, [3, 1, 2, 4]);
    }

    #[test]
    fn sort_by_keys_is_stable_and_descending() {
        let mut keys = [3, 9, 3, 0, 9, 5];
        let mut moves = ['a', 'b', 'c', 'd', 'e', 'f'];
        sort_by_keys(&mut keys, &mut moves);
        assert_eq!(moves, ['b', 'e', 'f', 'a', 'c', 'd']);
        assert_eq!(keys, [9, 9, 5, 3, 3, 0]);
    }

    #[test]
    fn history_ages_and_clears() {
        let mut h = History::default();
        let config = Config::default().countermoves(true);
        h.prepare(&config);
        h.reward(5, 4);
        h.reward(5, 2);
        h.set_counter(3, 0);
        assert_eq!(h.get(5), 20);
        assert_eq!(h.get(HISTORY_SIZE + 3), 0);
        assert_eq!((h.counter(3), h.counter(4), h.counter(HISTORY_SIZE)), (Some(0), None, None));
        h.prepare(&config);
        assert_eq!(h.get(5), 2);
        h.clear();
        assert_eq!((h.get(5), h.counter(3)), (0, None));
    }
}
