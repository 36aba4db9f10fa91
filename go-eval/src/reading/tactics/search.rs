//! The search: attack and defence nodes calling each other, with the cut-offs by
//! liberty count and depth, the transposition table, the node budget and the ply cap.
//!
//! One `Search` answers one boolean question under one threat balance (see
//! [`resolve`](crate::reading::balance::resolve)): "can the attacker capture one of the
//! targets" (attack nodes, the attacker to move) and "can the defender keep all of them"
//! (defence nodes). A target is a point: the chain on it, which may be captured and, in a
//! ko, retaken on the same point.

use go_board::{Board, ByColor, Color, Point};

use super::Depths;
use super::TacticsConfig;
use super::moves::Candidates;
use super::table::{Stored, Table};

/// The deepest ply a search reaches; beyond it a target counts as safe (not certain).
/// Bounds the recursion (a few hundred bytes of stack per ply).
pub(super) const MAX_PLY: u16 = 160;

/// The result of one node, for the side to move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct NodeResult {
    /// Whether the side to move reaches its goal.
    pub(super) success: bool,
    /// The move that reaches it.
    pub(super) point: Option<Point>,
    /// Whether no cut-off decided it.
    pub(super) certain: bool,
}

impl NodeResult {
    pub(super) const fn new(success: bool, point: Option<Point>, certain: bool) -> NodeResult {
        NodeResult { success, point, certain }
    }
}

/// The kind of node, part of the table key (the side to move follows from it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Routine {
    Attack,
    Defend,
}

impl Routine {
    fn key(self) -> u64 {
        match self {
            Routine::Attack => 0x2545_f491_4f6c_dd1d,
            Routine::Defend => 0x6a09_e667_f3bc_c908,
        }
    }
}

/// A key for the simple-ko ban of a board.
#[inline]
pub(crate) fn ko_key(board: &Board) -> u64 {
    match board.ko() {
        None => 0,
        Some((p, c)) => {
            let x = (p.index() as u64 + 1) * 0x9e37_79b9_7f4a_7c15 ^ (c.index() as u64) << 61;
            x ^ x >> 29
        }
    }
}

/// One boolean search.
pub(super) struct Search<'a> {
    pub(super) board: &'a mut Board,
    table: &'a mut Table,
    pub(super) path: &'a mut Vec<u64>,
    pub(super) config: TacticsConfig,
    pub(super) depths: Depths,
    pub(super) attacker: Color,
    pub(super) targets: [Point; 2],
    pub(super) n_targets: usize,
    /// Who may retake a banned ko in this search.
    pub(super) retake: ByColor<bool>,
    pub(super) ply: u16,
    pub(super) nodes: u64,
    node_limit: u64,
    /// The node budget ran out.
    pub(super) budget_hit: bool,
    /// A ko ban was met in the current subtree.
    pub(super) ko_met: bool,
    /// A cut-off (ko depth) restricted the current node.
    pub(super) cut: bool,
    /// A path repetition decided something in the current subtree (not stored).
    repeated: bool,
    /// Mixes the targets, the question and the threat balance into the table keys.
    salt: u64,
    /// Captures on the board at the root: no repetition without a capture since.
    root_captures: u32,
}

impl<'a> Search<'a> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        board: &'a mut Board,
        table: &'a mut Table,
        path: &'a mut Vec<u64>,
        config: TacticsConfig,
        depths: Depths,
        attacker: Color,
        targets: &[Point],
        retake: ByColor<bool>,
        node_limit: u64,
    ) -> Search<'a> {
        let mut t = [targets[0]; 2];
        t[..targets.len()].copy_from_slice(targets);
        let mut salt = 0x51_7cc1_b727_220a_u64;
        for &p in targets {
            salt = (salt ^ p.index() as u64).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        }
        salt ^= u64::from(retake[Color::Black]) << 40 | u64::from(retake[Color::White]) << 41;
        salt ^= (attacker.index() as u64) << 42;
        let root_captures = board.captures()[Color::Black] + board.captures()[Color::White];
        path.clear();
        Search {
            board,
            table,
            path,
            config,
            depths,
            attacker,
            targets: t,
            n_targets: targets.len(),
            retake,
            ply: 0,
            nodes: 0,
            node_limit,
            budget_hit: false,
            ko_met: false,
            cut: false,
            repeated: false,
            salt,
            root_captures,
        }
    }

    /// The defender's colour.
    #[inline]
    pub(super) fn defender(&self) -> Color {
        !self.attacker
    }

    /// The targets.
    #[inline]
    pub(super) fn targets(&self) -> &[Point] {
        &self.targets[..self.n_targets]
    }

    /// Whether a chain with `libs` liberties counts as safe at the current ply: the
    /// liberty cut-offs (GNU Go's: 5 liberties always, 4 beyond the four-liberty depth,
    /// 3 beyond the main depth).
    #[inline]
    pub(super) fn safe_by_liberties(&self, libs: usize) -> bool {
        libs >= usize::from(self.config.safe_liberties)
            || (libs >= 4 && self.ply > self.depths.fourlib)
            || (libs >= 3 && self.ply > self.depths.depth)
    }

    /// The table key of the current position for `routine`.
    #[inline]
    fn key(&self, routine: Routine) -> u64 {
        self.board.hash() ^ ko_key(self.board) ^ routine.key() ^ self.salt
    }

    /// Whether a stored result may stand for a search at the current ply: it was made
    /// with at least as much depth left, or it is certain.
    #[inline]
    fn usable(&self, s: &Stored) -> bool {
        s.certain || u16::from(s.ply) <= self.ply
    }

    /// Counts a node; false when the budget is spent.
    #[inline]
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            self.budget_hit = true;
            false
        } else {
            true
        }
    }

    /// Whether the path from the root repeats the position `key`.
    #[inline]
    fn path_repeats(&self, key: u64) -> bool {
        let captures = self.board.captures()[Color::Black] + self.board.captures()[Color::White];
        captures != self.root_captures && self.repeats(key)
    }

    /// Runs `body` as a node with its own ko/cut/repetition flags, stores its result
    /// under `key` unless a repetition decided it, and merges the flags into the parent.
    #[inline]
    fn node(
        &mut self,
        routine: Routine,
        body: impl FnOnce(&mut Self, Option<Stored>) -> NodeResult,
    ) -> NodeResult {
        let key = self.key(routine);
        if self.path_repeats(key) {
            // The side that just moved recreated a position: its move is forbidden.
            self.repeated = true;
            return NodeResult::new(true, None, true);
        }
        let stored = self.table.get(key);
        if let Some(s) = stored
            && self.usable(&s)
        {
            self.ko_met |= s.ko;
            let point = (s.point != 0).then(|| point_at(s.point));
            return NodeResult::new(s.success, point, s.certain);
        }
        let outer_ko = core::mem::take(&mut self.ko_met);
        let outer_cut = core::mem::take(&mut self.cut);
        let outer_rep = core::mem::take(&mut self.repeated);
        self.path.push(key);
        let mut r = body(self, stored);
        self.path.pop();
        if self.cut {
            r.certain = false;
        }
        if !self.repeated && !self.budget_hit {
            let ply = self.ply.min(u16::from(u8::MAX)) as u8;
            let point = r.point.map_or(0, |p| p.index() as u16);
            self.table.put(
                key,
                Stored { success: r.success, point, certain: r.certain, ko: self.ko_met, ply },
            );
        }
        self.ko_met |= outer_ko;
        self.cut = outer_cut;
        self.repeated |= outer_rep;
        r
    }

    /// An attack node: the attacker to move; success if it captures one of the targets.
    pub(super) fn attack_node(&mut self) -> NodeResult {
        if !self.count_node() || self.ply >= MAX_PLY {
            return NodeResult::new(false, None, false);
        }
        // Every target is present: the defender just moved. Are they all safe?
        let mut attackable = false;
        let mut fewest = usize::MAX;
        for &t in self.targets() {
            let libs = self.board.liberty_count(t);
            fewest = fewest.min(libs);
            attackable |= !self.safe_by_liberties(libs);
        }
        if !attackable {
            return NodeResult::new(false, None, false);
        }
        self.node(Routine::Attack, |s, stored| s.attack_body(fewest, stored))
    }

    fn attack_body(&mut self, fewest: usize, stored: Option<Stored>) -> NodeResult {
        let mut moves = Candidates::new();
        self.attack_moves(&mut moves);
        let hint = stored.and_then(|s| (s.point != 0).then(|| point_at(s.point)));
        self.order_attack_moves(&mut moves, hint);
        // Beyond the branch depth, a target with 3 or more liberties gets one try.
        let one_try = fewest >= 3 && self.ply >= self.depths.branch;
        let mut certain = !one_try || moves.len() <= 1;
        let attacker = self.attacker;
        for i in 0..moves.len() {
            let m = moves.get(i);
            let undo = self.board.play(attacker, m);
            self.ply += 1;
            let r = self.defend_node();
            self.ply -= 1;
            self.board.undo(undo);
            if !r.success {
                return NodeResult::new(true, Some(m), r.certain);
            }
            certain &= r.certain;
            if one_try {
                break;
            }
        }
        if moves.overflowed() {
            certain = false;
        }
        NodeResult::new(false, None, certain)
    }

    /// A defence node: the defender to move; success if no target can be captured.
    pub(super) fn defend_node(&mut self) -> NodeResult {
        if !self.count_node() || self.ply >= MAX_PLY {
            return NodeResult::new(true, None, false);
        }
        let defender = self.defender();
        // A target is gone: the attack worked, unless the defender retakes a ko on it.
        for k in 0..self.n_targets {
            let t = self.targets[k];
            if self.board.color_at(t) != Some(defender) {
                let outer_cut = core::mem::take(&mut self.cut);
                let retake = self.ko_retake(t);
                let cut = core::mem::replace(&mut self.cut, outer_cut);
                let Some(p) = retake else {
                    return NodeResult::new(false, None, !cut);
                };
                let undo = self.board.play(defender, p);
                self.ply += 1;
                let r = self.attack_node();
                self.ply -= 1;
                self.board.undo(undo);
                return NodeResult::new(!r.success, (!r.success).then_some(p), r.certain && !cut);
            }
        }
        let mut threatened = false;
        let mut fewest = usize::MAX;
        for &t in self.targets() {
            let libs = self.board.liberty_count(t);
            fewest = fewest.min(libs);
            threatened |= !self.safe_by_liberties(libs);
        }
        if !threatened {
            return NodeResult::new(true, None, false);
        }
        self.node(Routine::Defend, |s, stored| s.defend_body(fewest, stored))
    }

    fn defend_body(&mut self, fewest: usize, stored: Option<Stored>) -> NodeResult {
        let mut moves = Candidates::new();
        self.defend_moves(&mut moves);
        let hint = stored.and_then(|s| (s.point != 0).then(|| point_at(s.point)));
        self.order_defend_moves(&mut moves, hint);
        let one_try = fewest >= 3 && self.ply >= self.depths.branch;
        let mut certain = !one_try || moves.len() <= 1;
        let defender = self.defender();
        for i in 0..moves.len() {
            let m = moves.get(i);
            let undo = self.board.play(defender, m);
            self.ply += 1;
            let r = self.attack_node();
            self.ply -= 1;
            self.board.undo(undo);
            if !r.success {
                return NodeResult::new(true, Some(m), r.certain);
            }
            certain &= r.certain;
            if one_try {
                break;
            }
        }
        if moves.overflowed() {
            certain = false;
        }
        NodeResult::new(false, None, certain)
    }
}

/// The point with a table index (the index of a point that was stored).
#[inline]
pub(super) fn point_at(index: u16) -> Point {
    Point::from_index(usize::from(index)).expect("a stored point index")
}
