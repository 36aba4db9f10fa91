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

use go_board::Point;

use super::search::Search;
use crate::reading::local::{PointList, empty_neighbours, liberties_of, neighbours_of};

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

    /// The ordering score of the `i`-th candidate.
    #[inline]
    pub(super) fn score(&self, i: usize) -> i32 {
        self.scores[i]
    }

    /// Drops the candidates `tried` holds.
    pub(super) fn remove_all(&mut self, tried: &Candidates) {
        let mut n = 0;
        for i in 0..self.len {
            let p = self.points[i];
            if !tried.points[..tried.len].contains(&p) {
                self.points[n] = p;
                n += 1;
            }
        }
        self.len = n;
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
    /// The attacker's candidate moves of `stage` against every target that is not
    /// safe: stage 0 the liberties (ladder ataris only beyond the main depth), stage 1
    /// the rescues, backfills and second-order liberties. Returns whether a depth limit
    /// left out a move the generator makes nearer the root (a failure is then not
    /// certain: the same position read nearer the root could succeed).
    pub(super) fn attack_moves(&mut self, out: &mut Candidates, stage: usize) -> bool {
        let attacker = self.attacker;
        let defender = !attacker;
        let mut restricted = false;
        for k in 0..self.n_targets {
            let t = self.targets[k];
            let n = self.board.liberty_count(t);
            if self.safe_by_liberties(n) {
                // Another target may be safe only at this depth.
                restricted |= n < usize::from(self.config.safe_liberties);
                continue;
            }
            let libs: PointList<4> = liberties_of(self.board, t);
            let ladder = n == 2 && self.ply > self.depths.depth;
            if stage == 0 {
                if ladder {
                    // Beyond the main depth, ladders only: an atari after which the
                    // target, extending on its other liberty, has at most two liberties.
                    let (a, b) = (libs.as_slice()[0], libs.as_slice()[1]);
                    for (m, other) in [(a, b), (b, a)] {
                        if self.atari_lets_escape(m, other) {
                            restricted = true;
                        } else {
                            out.push(m);
                        }
                    }
                } else {
                    for &x in libs.as_slice() {
                        out.push(x);
                    }
                }
                continue;
            }
            if n == 1 {
                continue;
            }
            if ladder {
                // Rescues, backfills and nets are left out.
                restricted = true;
                continue;
            }
            // Own chains in atari next to the target: save them (extend, or capture a
            // chain in atari next to them).
            let own: PointList<12> = neighbours_of(self.board, t, attacker);
            for &a in own.as_slice() {
                if self.board.liberty_count(a) == 1 {
                    let l: PointList<1> = liberties_of(self.board, a);
                    out.push(l.as_slice()[0]);
                    let theirs: PointList<8> = neighbours_of(self.board, a, defender);
                    for &d in theirs.as_slice() {
                        if self.board.liberty_count(d) == 1 {
                            let l: PointList<1> = liberties_of(self.board, d);
                            out.push(l.as_slice()[0]);
                        }
                    }
                }
            }
            if self.ply > self.depths.depth {
                // Only a one-liberty target is read here (see `safe_by_liberties`).
                restricted = true;
                continue;
            }
            // Backfilling: a liberty the attacker cannot fill yet (it would have at most
            // one liberty there) is prepared by a move next to it.
            let backfill = self.ply <= self.depths.backfill;
            for &x in libs.as_slice() {
                let around = empty_neighbours(self.board, x);
                if around.len() <= 1 + usize::from(n == 2) {
                    for &y in around.as_slice() {
                        if !libs.contains(y) {
                            if backfill {
                                out.push(y);
                            } else {
                                restricted = true;
                            }
                        }
                    }
                }
            }
            // Second-order liberties: nets and approach moves, near the root.
            if self.config.nets && (n == 2 || n == 3) {
                let near = if n == 2 { self.depths.break_chain } else { self.depths.backfill2 };
                if self.ply <= near {
                    self.second_order(&libs, out);
                } else {
                    restricted = true;
                }
            }
        }
        restricted
    }

    /// The empty neighbours of the liberties `libs` that are not liberties themselves.
    fn second_order(&self, libs: &PointList<4>, out: &mut Candidates) {
        for &x in libs.as_slice() {
            for &y in empty_neighbours(self.board, x).as_slice() {
                if !libs.contains(y) {
                    out.push(y);
                }
            }
        }
    }

    /// The defender's candidate moves of `stage` for every target that is not safe:
    /// stage 0 the captures of neighbours in atari and the liberties, stage 1 the ataris
    /// on neighbours, the liberties of the chains the target joins, and second-order
    /// liberties. Returns whether a depth limit left out a move (as for the attacker).
    pub(super) fn defend_moves(&mut self, out: &mut Candidates, stage: usize) -> bool {
        let attacker = self.attacker;
        let defender = !attacker;
        let mut restricted = false;
        for k in 0..self.n_targets {
            let t = self.targets[k];
            let n = self.board.liberty_count(t);
            if self.safe_by_liberties(n) {
                continue;
            }
            let libs: PointList<4> = liberties_of(self.board, t);
            let theirs: PointList<16> = neighbours_of(self.board, t, attacker);
            if stage == 0 {
                // Captures of adjacent chains in atari first, then the liberties.
                for &a in theirs.as_slice() {
                    if self.board.liberty_count(a) == 1 {
                        let l: PointList<1> = liberties_of(self.board, a);
                        out.push(l.as_slice()[0]);
                    }
                }
                for &x in libs.as_slice() {
                    out.push(x);
                }
                continue;
            }
            if n >= 2 {
                let break_chain = self.ply <= self.depths.break_chain;
                for &a in theirs.as_slice() {
                    if self.board.liberty_count(a) == 2 {
                        if !break_chain {
                            restricted = true;
                            break;
                        }
                        let l: PointList<2> = liberties_of(self.board, a);
                        for &x in l.as_slice() {
                            out.push(x);
                        }
                    }
                }
            }
            // Chains of the defender that the target joins on one of its liberties: when
            // they are short of liberties, their liberties (and captures next to them)
            // save the target too.
            if n <= 2 {
                let target = self.board.chain_id(t);
                let mut partners: PointList<8> = PointList::new();
                let mut shared = [0u8; 8];
                for &x in libs.as_slice() {
                    for q in x.neighbours(self.board.size()) {
                        if self.board.color_at(q) != Some(defender)
                            || self.board.chain_id(q) == target
                        {
                            continue;
                        }
                        let id = self.board.chain_id(q);
                        let k =
                            partners.as_slice().iter().position(|&f| self.board.chain_id(f) == id);
                        match k {
                            Some(k) => shared[k] += 1,
                            None => {
                                if partners.push(q) {
                                    shared[partners.len() - 1] = 1;
                                }
                            }
                        }
                    }
                }
                for (i, &f) in partners.as_slice().iter().enumerate() {
                    // Short of liberties, or a partner on two of the target's liberties.
                    let limit = if shared[i] >= 2 { 5 } else { 4 };
                    if self.board.liberty_count(f) > limit {
                        continue;
                    }
                    let f_libs: PointList<5> = liberties_of(self.board, f);
                    for &l in f_libs.as_slice() {
                        out.push(l);
                    }
                    let around: PointList<8> = neighbours_of(self.board, f, attacker);
                    for &a in around.as_slice() {
                        if self.board.liberty_count(a) == 1 {
                            let l: PointList<1> = liberties_of(self.board, a);
                            out.push(l.as_slice()[0]);
                        }
                    }
                }
            }
            if n <= 2 && self.config.second_order_defence {
                if self.ply <= self.depths.backfill {
                    self.second_order(&libs, out);
                } else {
                    restricted = true;
                }
            }
        }
        restricted
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
                let libs: PointList<2> = liberties_of(self.board, t);
                pairs.push(libs.as_slice()[0]);
                others.push(libs.as_slice()[1]);
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
