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
pub(crate) use crate::reading::core::NodeResult;
use crate::reading::core::{Core, hint, node};
use crate::reading::table::{Stored, Table};

/// The stages of move generation (see `moves.rs`).
const STAGES: usize = 2;

/// The deepest ply a search reaches; beyond it a target counts as safe (not certain).
/// Bounds the recursion (a few hundred bytes of stack per ply).
pub(super) const MAX_PLY: u16 = 160;

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

/// One boolean search of the tactical reader.
pub(super) struct Search<'a> {
    core: Core<'a>,
    pub(super) config: TacticsConfig,
    pub(super) depths: Depths,
    pub(super) attacker: Color,
    pub(super) targets: [Point; 2],
    pub(super) n_targets: usize,
    /// Mixes the targets, the question and the threat balance into the table keys.
    salt: u64,
}

crate::reading::core::search_on_core!(Search);

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
        Search {
            core: Core::new(board, table, path, retake, depths.ko, node_limit).exact_plies(),
            config,
            depths,
            attacker,
            targets: t,
            n_targets: targets.len(),
            salt: 0,
        }
        .with_salt()
    }

    /// Sets the salt of the table keys from the targets and the attacker (the core adds
    /// who may retake to the keys of results that met a ko).
    fn with_salt(mut self) -> Self {
        self.salt = self.compute_salt();
        self
    }

    fn compute_salt(&self) -> u64 {
        let mut salt = 0x51_7cc1_b727_220a_u64;
        for &p in self.targets() {
            salt = (salt ^ p.index() as u64).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        }
        salt ^ (self.attacker.index() as u64) << 42
    }

    /// Makes `targets` (one or two points) the targets of the nodes that follow.
    pub(super) fn set_targets(&mut self, targets: &[Point]) {
        self.targets[..targets.len()].copy_from_slice(targets);
        self.n_targets = targets.len();
        self.salt = self.compute_salt();
    }

    /// After the attacker's move the target on `t` is gone. If the capture was a ko
    /// capture of that one stone, the defender may retake at `t` when this search lets
    /// it; returns that point.
    #[inline]
    fn ko_retake(&mut self, t: Point) -> Option<Point> {
        let defender = !self.attacker;
        (self.board.ko() == Some((t, defender)) && self.playable(defender, t)).then_some(t)
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
        self.board.hash() ^ crate::reading::core::ko_key(self.board) ^ routine.key() ^ self.salt
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
        let key = self.key(Routine::Attack);
        node(self, key, |s, stored| s.attack_body(fewest, stored))
    }

    fn attack_body(&mut self, fewest: usize, stored: Option<Stored>) -> NodeResult {
        self.try_moves(true, fewest, stored)
    }

    /// Tries the moves of the attacker (`attack`) or the defender, stage by stage (the
    /// later stages only when the earlier ones failed), each stage ordered, the table's
    /// move first. Beyond the branch depth, a target with 3 or more liberties gets one
    /// try: the best-scored move of the first stage that has one, or all of them when
    /// several tie, so that what is tried depends on the position alone (not on the
    /// order the candidates came in, nor on the table).
    fn try_moves(&mut self, attack: bool, fewest: usize, stored: Option<Stored>) -> NodeResult {
        let color = if attack { self.attacker } else { self.defender() };
        let one_try = fewest >= 3 && self.ply >= self.depths.branch;
        let mut certain = true;
        let mut tried = Candidates::new();
        for stage in 0..STAGES {
            let mut moves = Candidates::new();
            if stage == 0
                && !one_try
                && let Some(h) = hint(stored)
            {
                moves.push(h);
            }
            let restricted = if attack {
                self.attack_moves(&mut moves, stage)
            } else {
                self.defend_moves(&mut moves, stage)
            };
            if restricted {
                certain = false;
            }
            moves.remove_all(&tried);
            // No table move where only the best-scored moves are tried: it would change
            // which those are.
            let first = if stage == 0 && !one_try { hint(stored) } else { None };
            if attack {
                self.order_attack_moves(&mut moves, first);
            } else {
                self.order_defend_moves(&mut moves, first);
            }
            if moves.overflowed() {
                certain = false;
            }
            for i in 0..moves.len() {
                let m = moves.get(i);
                // With one try, only the moves that tie with the first of the first stage
                // that had any (`i == 0` with moves tried: a later stage).
                if one_try && tried.len() > 0 && (i == 0 || moves.score(i) != moves.score(0)) {
                    // A further move would have been tried without the branch limit.
                    return NodeResult::new(false, None, false);
                }
                tried.push(m);
                let undo = self.board.play(color, m);
                self.ply += 1;
                let r = if attack { self.defend_node() } else { self.attack_node() };
                self.ply -= 1;
                self.board.undo(undo);
                if !r.success {
                    return NodeResult::new(true, Some(m), r.certain);
                }
                certain &= r.certain;
            }
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
        let key = self.key(Routine::Defend);
        node(self, key, |s, stored| s.defend_body(fewest, stored))
    }

    fn defend_body(&mut self, fewest: usize, stored: Option<Stored>) -> NodeResult {
        self.try_moves(false, fewest, stored)
    }
}
