//! Move generation and ordering, by the liberty count of the target (GNU Go's families
//! as ideas).
//!
//! The attacker tries the target's liberties; rescues its own chains in atari that touch
//! the target (they would give the target liberties); backfills (a move next to a
//! liberty it cannot fill yet without self-atari) and throw-ins (a liberty that is a
//! self-atari); and, near the root, second-order liberties (nets and approach moves).
//! Beyond the main depth only the liberties remain: ladders.
//!
//! The defender tries the target's liberties; captures of adjacent attacker chains in
//! atari; ataris on adjacent chains with two liberties (near the root); and, for a
//! target with one or two liberties, second-order liberties (edge clamps, hanes that
//! gain liberties, connections under the attacker's stones).
//!
//! Every candidate is then tried on the board once (a play and an undo cost about 40 ns)
//! and ordered by what it does: the target's liberties after it, the mover's own
//! liberties, captures, and a penalty for self-atari; the table's move goes first.

use go_board::{Point, PointSet};

use super::search::Search;
use crate::reading::local::{PointList, adjacent_chains, empty_neighbours};

/// The most candidate moves a node keeps; more are dropped (the node is then not
/// certain).
pub(super) const MAX_MOVES: usize = 40;

/// Candidate moves with their ordering scores.
pub(super) struct Candidates {
    points: [Point; MAX_MOVES],
    scores: [i32; MAX_MOVES],
    len: usize,
    overflowed: bool,
}

impl Candidates {
    pub(super) fn new() -> Candidates {
        let filler = Point::from_index(27).expect("A1");
        Candidates {
            points: [filler; MAX_MOVES],
            scores: [0; MAX_MOVES],
            len: 0,
            overflowed: false,
        }
    }

    /// Adds `p` unless it is already there.
    #[inline]
    pub(super) fn push(&mut self, p: Point) {
        if self.points[..self.len].contains(&p) {
            return;
        }
        if self.len == MAX_MOVES {
            self.overflowed = true;
            return;
        }
        self.points[self.len] = p;
        self.len += 1;
    }

    #[inline]
    pub(super) fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub(super) fn get(&self, i: usize) -> Point {
        self.points[i]
    }

    /// Whether a candidate was dropped for lack of room.
    #[inline]
    pub(super) fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// Keeps the candidates `keep` accepts, with their scores.
    fn score_and_filter(&mut self, mut score: impl FnMut(Point) -> Option<i32>) {
        let mut n = 0;
        for i in 0..self.len {
            let p = self.points[i];
            if let Some(s) = score(p) {
                self.points[n] = p;
                self.scores[n] = s;
                n += 1;
            }
        }
        self.len = n;
        // A stable insertion sort, best first (the lists are short).
        for i in 1..n {
            let (p, s) = (self.points[i], self.scores[i]);
            let mut j = i;
            while j > 0 && self.scores[j - 1] < s {
                self.points[j] = self.points[j - 1];
                self.scores[j] = self.scores[j - 1];
                j -= 1;
            }
            self.points[j] = p;
            self.scores[j] = s;
        }
    }
}

/// Score bonus of the table's move.
const HINT: i32 = 10_000_000;

impl Search<'_> {
    /// The liberties of the target chain on `t`, and its stones.
    #[inline]
    fn chain_and_liberties(&self, t: Point) -> (PointSet, PointSet) {
        let stones = self.board.chain_stones(t);
        let libs = stones.adjacent(&self.board.empty_set());
        (stones, libs)
    }

    /// The attacker's candidate moves against every target that is not safe.
    pub(super) fn attack_moves(&mut self, out: &mut Candidates) {
        let attacker = self.attacker;
        let defender = !attacker;
        for k in 0..self.n_targets {
            let t = self.targets[k];
            let n = self.board.liberty_count(t);
            if self.safe_by_liberties(n) {
                continue;
            }
            let (stones, libs) = self.chain_and_liberties(t);
            if n == 2 && self.ply > self.depths.depth {
                // Beyond the main depth, ladders only: an atari after which the target,
                // extending on its other liberty, has at most two liberties.
                let mut it = libs.iter();
                if let (Some(a), Some(b)) = (it.next(), it.next()) {
                    if !self.atari_lets_escape(a, b) {
                        out.push(a);
                    }
                    if !self.atari_lets_escape(b, a) {
                        out.push(b);
                    }
                }
                continue;
            }
            for x in &libs {
                out.push(x);
            }
            if n == 1 {
                continue;
            }
            // Own chains in atari next to the target: save them (extend, or capture a
            // chain in atari next to them).
            let own: PointList<12> = adjacent_chains(self.board, &stones, attacker);
            for &a in own.as_slice() {
                if self.board.liberty_count(a) == 1 {
                    let a_stones = self.board.chain_stones(a);
                    if let Some(l) = a_stones.adjacent(&self.board.empty_set()).first() {
                        out.push(l);
                    }
                    let theirs: PointList<8> = adjacent_chains(self.board, &a_stones, defender);
                    for &d in theirs.as_slice() {
                        if self.board.liberty_count(d) == 1
                            && let Some(l) = self.board.liberties(d).first()
                        {
                            out.push(l);
                        }
                    }
                }
            }
            if self.ply > self.depths.depth {
                continue;
            }
            // Backfilling: a liberty the attacker cannot fill yet (it would have at most
            // one liberty there) is prepared by a move next to it.
            if self.ply <= self.depths.backfill {
                for x in &libs {
                    let around = empty_neighbours(self.board, x);
                    if around.len() <= 1 + usize::from(n == 2) {
                        for &y in around.as_slice() {
                            if !libs.contains(y) {
                                out.push(y);
                            }
                        }
                    }
                }
            }
            // Second-order liberties: nets and approach moves, near the root.
            let nets = self.config.nets
                && ((n == 2 && self.ply <= self.depths.break_chain)
                    || (n == 3 && self.ply <= self.depths.backfill2));
            if nets {
                let second = libs.adjacent(&self.board.empty_set()) - libs;
                for y in &second {
                    out.push(y);
                }
            }
        }
    }

    /// The defender's candidate moves for every target that is not safe.
    pub(super) fn defend_moves(&mut self, out: &mut Candidates) {
        let attacker = self.attacker;
        for k in 0..self.n_targets {
            let t = self.targets[k];
            let n = self.board.liberty_count(t);
            if self.safe_by_liberties(n) {
                continue;
            }
            let (stones, libs) = self.chain_and_liberties(t);
            // Captures of adjacent chains in atari first, then the liberties.
            let theirs: PointList<16> = adjacent_chains(self.board, &stones, attacker);
            for &a in theirs.as_slice() {
                if self.board.liberty_count(a) == 1
                    && let Some(l) = self.board.liberties(a).first()
                {
                    out.push(l);
                }
            }
            for x in &libs {
                out.push(x);
            }
            if n >= 2 && self.ply <= self.depths.break_chain {
                for &a in theirs.as_slice() {
                    if self.board.liberty_count(a) == 2 {
                        for l in &self.board.liberties(a) {
                            out.push(l);
                        }
                    }
                }
            }
            // Chains of the defender that the target joins on one of its liberties: when
            // they are short of liberties, their liberties (and captures next to them)
            // save the target too.
            if n <= 2 {
                let own: PointList<8> = adjacent_chains(self.board, &libs, self.defender());
                for &f in own.as_slice() {
                    if stones.contains(f) {
                        continue;
                    }
                    let f_stones = self.board.chain_stones(f);
                    // Short of liberties, or a partner on two of the target's liberties.
                    let shared = f_stones.adjacent(&libs).len();
                    let limit = if shared >= 2 { 5 } else { 4 };
                    if self.board.liberty_count(f) > limit {
                        continue;
                    }
                    for l in &f_stones.adjacent(&self.board.empty_set()) {
                        out.push(l);
                    }
                    let around: PointList<8> = adjacent_chains(self.board, &f_stones, attacker);
                    for &a in around.as_slice() {
                        if self.board.liberty_count(a) == 1
                            && let Some(l) = self.board.liberties(a).first()
                        {
                            out.push(l);
                        }
                    }
                }
            }
            if n <= 2 && self.ply <= self.depths.backfill && self.config.second_order_defence {
                let second = libs.adjacent(&self.board.empty_set()) - libs;
                for y in &second {
                    out.push(y);
                }
            }
        }
    }

    /// The fewest liberties among the targets after a move (0 when one is gone).
    #[inline]
    fn fewest_target_liberties(&self) -> usize {
        let defender = self.defender();
        let mut fewest = usize::MAX;
        for &t in self.targets() {
            let libs = if self.board.color_at(t) == Some(defender) {
                self.board.liberty_count(t)
            } else {
                0
            };
            fewest = fewest.min(libs);
        }
        fewest
    }

    /// Whether the atari `m` on a target with the two liberties `m` and `other` lets the
    /// target escape by extending on `other`: it surely gets three liberties there (a
    /// lower bound: the empty neighbours of `other` but `m`).
    #[inline]
    pub(super) fn atari_lets_escape(&self, m: Point, other: Point) -> bool {
        let around = empty_neighbours(self.board, other);
        around.as_slice().iter().filter(|&&q| q != m).count() >= 3
    }

    /// Drops the attacker's unplayable candidates and orders the others.
    pub(super) fn order_attack_moves(&mut self, moves: &mut Candidates, hint: Option<Point>) {
        let attacker = self.attacker;
        // The two liberties of each two-liberty target, for the ladder test.
        let mut pairs: PointList<2> = PointList::new();
        let mut others: PointList<2> = PointList::new();
        for &t in self.targets() {
            if self.board.liberty_count(t) == 2 {
                let libs = self.board.liberties(t);
                let mut it = libs.iter();
                if let (Some(a), Some(b)) = (it.next(), it.next()) {
                    pairs.push(a);
                    others.push(b);
                }
            }
        }
        moves.score_and_filter(|m| {
            if !self.playable(attacker, m) {
                return None;
            }
            let undo = self.board.play(attacker, m);
            let tl = self.fewest_target_liberties();
            let own = self.board.liberty_count(m);
            let removed = undo.removed();
            self.board.undo(undo);
            let mut score = if tl == 0 {
                1_000_000
            } else {
                (10 - tl.min(10) as i32) * 1000 + own.min(4) as i32 * 100 + removed as i32 * 50
            };
            if own == 1 && removed == 0 && tl > 0 {
                score -= if tl == 1 { 500 } else { 3000 };
            }
            for k in 0..pairs.len() {
                let (a, b) = (pairs.as_slice()[k], others.as_slice()[k]);
                let escapes = (m == a && self.atari_lets_escape(a, b))
                    || (m == b && self.atari_lets_escape(b, a));
                if escapes && tl == 1 {
                    score -= 4000;
                }
            }
            if Some(m) == hint {
                score += HINT;
            }
            Some(score)
        });
    }

    /// Drops the defender's unplayable candidates and orders the others.
    pub(super) fn order_defend_moves(&mut self, moves: &mut Candidates, hint: Option<Point>) {
        let defender = self.defender();
        moves.score_and_filter(|m| {
            if !self.playable(defender, m) {
                return None;
            }
            let undo = self.board.play(defender, m);
            let tl = self.fewest_target_liberties();
            let removed = undo.removed();
            self.board.undo(undo);
            let mut score = tl.min(6) as i32 * 1000 + removed.min(10) as i32 * 100;
            if tl <= 1 && removed == 0 {
                score -= 5000;
            }
            if Some(m) == hint {
                score += HINT;
            }
            Some(score)
        });
    }
}
