//! Move ordering: the table move, the killers and the history heuristic, staged.
//!
//! The search order of a node's moves is: the table move, then the killer moves of the
//! ply (most recent first), then the countermove, then the other moves by history score
//! (stable, so the [`MoveOrder`] hook and the generation order break ties). Most nodes
//! with a table move are cut by it, so the order is built in two stages: the table move
//! goes first when the node opens; the others are sorted (by keys that put the killers
//! and the countermove above every history score) only if it does not cut. The history
//! scores are read when the node opens, before the table move's subtree changes them:
//! the order is exactly the one a full sort at the start would give. Where the children
//! are leaves (one ply to go), the sort is lazy: each move is selected from the rest
//! when the loop reaches it (a node that cuts after its second move scans the keys once
//! instead of sorting them), in the same order.

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

/// A move's sort key: its rank (killer, countermove or history score) above, and below
/// it the complement of the move's place in the generated order, so that no two keys
/// are equal and the order by key alone is the stable order by rank.
fn sort_key(rank: u32, place: usize) -> u64 {
    (u64::from(rank) << 32) | u64::from(!(place as u32))
}

/// The rank part of a [`sort_key`].
fn rank(key: u64) -> u32 {
    (key >> 32) as u32
}

/// Sorts `moves` by `keys`, highest first (insertion sort: move lists are short). The
/// same order as [`select_by_keys`] at every position in turn.
fn sort_by_keys<M: Copy>(keys: &mut [u64], moves: &mut [M]) {
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

/// One step of the lazy sort: swaps the move of highest key among `moves[at..]` into
/// `at`. Keys are distinct ([`sort_key`]), so selecting at `0, 1, …` in turn gives
/// exactly the order of [`sort_by_keys`]; neither the scan nor the swap branches on
/// the keys.
fn select_by_keys<M: Copy>(keys: &mut [u64], moves: &mut [M], at: usize) {
    assert_eq!(keys.len(), moves.len(), "one key per move");
    let (mut best, mut top) = (at, keys[at]);
    for (j, &k) in keys.iter().enumerate().skip(at + 1) {
        let higher = k > top;
        best = if higher { j } else { best };
        top = if higher { k } else { top };
    }
    keys.swap(at, best);
    moves.swap(at, best);
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
                keys.extend(moves[first..].iter().enumerate().map(|(place, &m)| {
                    let score = game.move_index(m).map_or(0, |i| history.get(i).min(HISTORY_MAX));
                    sort_key(score, place)
                }));
            } else {
                keys.extend((0..moves.len() - first).map(|place| sort_key(0, place)));
            }
        }
        first
    }

    /// The second stage, when the moves from `from` on (all but the table move) are
    /// needed: the killers and the countermove get the keys that put them first, and
    /// the moves are sorted by key, now or (`lazy`) one at a time by
    /// [`Engine::select`]. Returns how many moves are in their final place: all of them,
    /// or `from` when the sort is lazy.
    #[inline(always)]
    pub(super) fn order_rest(
        &mut self,
        moves: &mut [G::Move],
        from: usize,
        ply: u32,
        lazy: bool,
    ) -> usize {
        if !self.keyed() {
            return moves.len();
        }
        let rest = &mut moves[from..];
        let local = &mut self.local;
        let keys = &mut local.keys[ply as usize];
        debug_assert_eq!(keys.len(), rest.len());
        let mut mark = |m: Option<G::Move>, r: u32| {
            if let Some(at) = m.and_then(|m| rest.iter().position(|&x| x == m))
                && rank(keys[at]) < r
            {
                keys[at] = sort_key(r, at);
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
        if lazy {
            return from;
        }
        if keys.iter().any(|&k| rank(k) != 0) {
            sort_by_keys(keys, rest);
        }
        moves.len()
    }

    /// A step of the lazy second stage: the move to search at `at` (the moves from
    /// `from` on are keyed by [`Engine::order_rest`]).
    #[inline(always)]
    pub(super) fn select(&mut self, moves: &mut [G::Move], from: usize, at: usize, ply: u32) {
        let keys = &mut self.local.keys[ply as usize];
        select_by_keys(keys, &mut moves[from..], at - from);
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
        self.order_rest(moves, first, ply, false);
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
        let mut keys: Vec<u64> =
            [3, 9, 3, 0, 9, 5].iter().enumerate().map(|(i, &r)| sort_key(r, i)).collect();
        let mut moves = ['a', 'b', 'c', 'd', 'e', 'f'];
        sort_by_keys(&mut keys, &mut moves);
        assert_eq!(moves, ['b', 'e', 'f', 'a', 'c', 'd']);
        assert_eq!(keys.iter().map(|&k| rank(k)).collect::<Vec<_>>(), [9, 9, 5, 3, 3, 0]);
    }

    #[test]
    fn selecting_in_turn_is_the_stable_sort() {
        let mut rng = crate::rng::Rng::new(7);
        for n in 1..12 {
            for _ in 0..200 {
                let ranks: Vec<u32> = (0..n).map(|_| (rng.next_u64() % 4) as u32).collect();
                let mut stable: Vec<usize> = (0..n).collect();
                stable.sort_by_key(|&i| std::cmp::Reverse(ranks[i]));
                let keys: Vec<u64> =
                    ranks.iter().enumerate().map(|(i, &r)| sort_key(r, i)).collect();
                let (mut k1, mut m1) = (keys.clone(), (0..n).collect::<Vec<_>>());
                sort_by_keys(&mut k1, &mut m1);
                let (mut k2, mut m2) = (keys, (0..n).collect::<Vec<_>>());
                for at in 0..n {
                    select_by_keys(&mut k2, &mut m2, at);
                }
                assert_eq!(m1, stable);
                assert_eq!((k1, m1), (k2, m2));
            }
        }
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
