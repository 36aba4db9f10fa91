//! The owl search: attack and defence nodes over a dragon, on the shared search core.

use go_board::{Board, ByColor, Color, Point, PointSet};

use super::life::{Life, assess};
use crate::reading::Budget;
use crate::reading::core::{Core, NodeResult, hint, ko_key, node};
use crate::reading::orbit::Frame;
use crate::reading::table::{Stored, Table};
use crate::reading::tactics::{Scratch as TacticsScratch, Tactics};

/// The most candidate moves a node considers (before the branching limit).
const MAX_CANDIDATES: usize = 40;

/// How much a vital point of the node's eye spaces counts in the order of its moves
/// (a leaf value counts 150 per eye the owner may get and 400 more per sure eye, so
/// the bonus reorders moves the leaves value alike, never one a sure eye better).
const VITAL_BONUS: i32 = 200;

/// The budget of each tactical question inside the owl search.
const TACTICAL_BUDGET: Budget = Budget::new(150, 10);

/// The sort key of a move (lowest first) at an attack (`attack`) or defence node: the
/// table's move first, then by the leaf value `leaf` after it (lowest first for the
/// attacker, highest for the owner), a vital point of the node's eye spaces counting
/// [`VITAL_BONUS`] better: it comes before moves the leaf values alike.
fn order_key(attack: bool, leaf: i32, table_move: bool, vital: bool) -> i32 {
    let bonus = if vital { VITAL_BONUS } else { 0 };
    match (table_move, attack) {
        (true, _) => i32::MIN,
        (false, true) => leaf - bonus,
        (false, false) => -leaf - bonus,
    }
}

/// Moves tried at a node at `ply`: 6 at the root (each with the whole budget), fewer
/// deeper.
fn branching(ply: u16) -> usize {
    match ply {
        0 => 6,
        1 | 2 => 4,
        3..=5 => 3,
        6..=8 => 2,
        _ => 1,
    }
}

/// The question's fixed data.
#[derive(Clone, Copy, Debug)]
pub(super) struct Setting {
    pub(super) tactics: Tactics,
    pub(super) attacker: Color,
    /// The chain whose capture kills the dragon.
    pub(super) target: Point,
    /// The dragon's stones at the root.
    pub(super) goal: PointSet,
    pub(super) budget: Budget,
    /// Whether a line the budget cuts is judged by the dragon's eye space
    /// ([`super::Owl::settling`]) instead of letting the owner live.
    pub(super) settle: bool,
    /// Whether each root move has the whole node budget ([`super::Owl::sharing_the_budget`]
    /// turns it off).
    pub(super) root_slices: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Routine {
    Attack,
    Defend,
}

/// One boolean owl search under one threat balance.
pub(super) struct Search<'a> {
    core: Core<'a>,
    tactics_scratch: &'a mut TacticsScratch,
    setting: Setting,
    salt: u64,
    /// Tactical nodes used by the move generation.
    pub(super) tactical_nodes: u64,
    /// The order of moves the heuristics value alike: the scan order of the root
    /// position's canonical orientation.
    frame: Frame,
}

crate::reading::core::search_on_core!(Search);

impl<'a> Search<'a> {
    pub(super) fn new(
        board: &'a mut Board,
        table: &'a mut Table,
        path: &'a mut Vec<u64>,
        tactics_scratch: &'a mut TacticsScratch,
        setting: Setting,
        retake: ByColor<bool>,
    ) -> Search<'a> {
        let ko_depth = setting.budget.depth / 2;
        let salt = (0x0c1a_55ee_d0e1_7a11_u64 ^ setting.target.index() as u64)
            .wrapping_mul(0xbf58_476d_1ce4_e5b9)
            ^ (setting.attacker.index() as u64) << 43;
        let frame = Frame::new(board, setting.attacker);
        Search {
            core: Core::new(board, table, path, retake, ko_depth, setting.budget.nodes),
            frame,
            tactics_scratch,
            setting,
            salt,
            tactical_nodes: 0,
        }
    }

    fn owner(&self) -> Color {
        !self.setting.attacker
    }

    fn key(&self, routine: Routine) -> u64 {
        let r = match routine {
            Routine::Attack => 0x3c6e_f372_fe94_f82b,
            Routine::Defend => 0xa54f_f53a_5f1d_36f1,
        };
        self.board.hash() ^ ko_key(self.board) ^ r ^ self.salt
    }

    fn assess(&self) -> Life {
        assess(self.board, &self.setting.goal, self.owner(), self.setting.target)
    }

    /// Plays the root move `m` for `color` and answers whether it reaches the mover's
    /// goal.
    pub(super) fn root_move(&mut self, color: Color, m: Point) -> NodeResult {
        let reply = if self.board.size().contains(m) {
            self.reply(color == self.setting.attacker, m)
        } else {
            None
        };
        match reply {
            Some(r) => NodeResult::new(!r.success, (!r.success).then_some(m), r.certain),
            None => NodeResult::new(false, None, true),
        }
    }

    /// Plays `m` for the attacker (`attack`) or the owner and reads the other side's
    /// node; `None` when `m` is not playable.
    fn reply(&mut self, attack: bool, m: Point) -> Option<NodeResult> {
        let color = if attack { self.setting.attacker } else { self.owner() };
        if !self.playable(color, m) {
            return None;
        }
        let undo = self.board.play(color, m);
        self.ply += 1;
        let r = if attack { self.defend_node() } else { self.attack_node() };
        self.ply -= 1;
        self.board.undo(undo);
        Some(r)
    }

    /// An attack node: the attacker to move; success if the dragon dies.
    pub(super) fn attack_node(&mut self) -> NodeResult {
        if !self.count_node() {
            return self.cut(true);
        }
        let life = self.assess();
        if life.dragon.is_empty() {
            return NodeResult::new(true, None, true);
        }
        // The target in atari is captured, whatever eyes the dragon has: its capture
        // is the attacker's goal (the eyes of a dragon that holds a chain in atari may
        // be the attacker's room, not the owner's).
        if let Some(r) = self.capture_target() {
            return r;
        }
        if life.alive() && !self.chain_in_danger(&life) && !self.chain_in_atari(&life) {
            return NodeResult::new(false, None, !life.escaped || life.min >= 2);
        }
        if self.ply >= self.setting.budget.depth {
            return NodeResult::new(life.max < 2, None, false);
        }
        let key = self.key(Routine::Attack);
        node(self, key, |s, stored| s.try_moves(true, &life, stored))
    }

    /// The answer of a node the budget cut (`attack`: an attack node): the owner
    /// lives, or, when settling, lives if the dragon has room for two eyes.
    fn cut(&self, attack: bool) -> NodeResult {
        let lives = !self.setting.settle || self.assess().max >= 2;
        NodeResult::new(lives != attack, None, false)
    }

    /// At an attack node: when the target chain has one liberty and the attacker may
    /// play there, the result of capturing it (the owner may still retake a ko);
    /// `None` otherwise or when the capture does not win.
    fn capture_target(&mut self) -> Option<NodeResult> {
        let target = self.setting.target;
        if self.board.liberty_count(target) != 1 {
            return None;
        }
        let lib = self.board.liberties(target).iter().next()?;
        let attacker = self.setting.attacker;
        if !self.playable(attacker, lib) {
            return None;
        }
        let undo = self.board.play(attacker, lib);
        self.ply += 1;
        let r = self.defend_node();
        self.ply -= 1;
        self.board.undo(undo);
        (!r.success).then(|| NodeResult::new(true, Some(lib), r.certain))
    }

    /// Whether a chain of the dragon, or of the wall of one of its eye spaces, next to
    /// one of its small eye spaces is in atari and the attacker may capture it (its
    /// capture may take an eye the leaf counted): then the dragon's eyes do not decide.
    fn chain_in_atari(&mut self, life: &Life) -> bool {
        let attacker = self.setting.attacker;
        let mut done = PointSet::EMPTY;
        for p in life.dragon | life.walls {
            if done.contains(p) {
                continue;
            }
            let chain = self.board.chain_stones(p);
            done |= chain;
            if self.board.liberty_count(p) == 1 && !chain.adjacent(&life.eye_points).is_empty() {
                let lib = self.board.liberties(p).iter().next();
                if lib.is_some_and(|l| self.playable(attacker, l)) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a chain of the dragon has two liberties and the tactical reader
    /// captures it (the attacker moving first): then the dragon's eyes do not decide
    /// (a wall chain short of liberties may fall to a move inside the eye space).
    fn chain_in_danger(&mut self, life: &Life) -> bool {
        let mut done = PointSet::EMPTY;
        for p in life.dragon | PointSet::from_iter([self.setting.target]) {
            if done.contains(p) {
                continue;
            }
            done |= self.board.chain_stones(p);
            if self.board.liberty_count(p) == 2 && self.tactical_attack(p).0 {
                return true;
            }
        }
        false
    }

    /// A defence node: the owner to move; success if the dragon lives.
    pub(super) fn defend_node(&mut self) -> NodeResult {
        if !self.count_node() {
            return self.cut(false);
        }
        let target = self.setting.target;
        let owner = self.owner();
        if self.board.color_at(target) != Some(owner) {
            // Captured; a one-stone target taken in a ko may be retaken at once.
            if self.board.ko() == Some((target, owner)) && self.playable(owner, target) {
                let undo = self.board.play(owner, target);
                self.ply += 1;
                let r = self.attack_node();
                self.ply -= 1;
                self.board.undo(undo);
                return NodeResult::new(!r.success, Some(target), r.certain);
            }
            return NodeResult::new(false, None, true);
        }
        let life = self.assess();
        // With the target in atari, or a chain of the dragon with two liberties and
        // tactically lost, or a chain next to an eye in atari, the owner must save it
        // (or take it back in a ko) however many eyes the dragon seems to have.
        if life.alive()
            && self.board.liberty_count(target) > 1
            && !self.chain_in_danger(&life)
            && !self.chain_in_atari(&life)
        {
            let certain = !life.escaped || life.min >= 2;
            // A dragon alive only by its room to run is defended at the root by running
            // (as GNU Go's owl answers with an escape move); a pass only when no move
            // tried keeps it alive.
            if self.ply == 0
                && !certain
                && let Some(r) = self.run_out(&life)
            {
                return r;
            }
            return NodeResult::new(true, None, certain);
        }
        if self.ply >= self.setting.budget.depth {
            return NodeResult::new(life.max >= 2, None, false);
        }
        let key = self.key(Routine::Defend);
        node(self, key, |s, stored| s.try_moves(false, &life, stored))
    }

    /// The owner's move that runs furthest (the most room after it, then the furthest
    /// from the edge, then the most liberties) among those after which the attack
    /// fails, tried in that order at the root's width; `None` when none of them keeps
    /// the dragon alive.
    fn run_out(&mut self, life: &Life) -> Option<NodeResult> {
        let owner = self.owner();
        let size = self.board.size();
        // Room the attacker has no stone in is the dragon's own area (eye space, as
        // GNU Go's owl counts it): nothing to run from.
        if life.outside.is_disjoint(self.board.stones(!owner)) {
            return None;
        }
        let mut scored: Vec<((usize, u8, usize), Point)> = Vec::new();
        for p in self.candidates(false, life) {
            if !self.playable(owner, p) {
                continue;
            }
            let undo = self.board.play(owner, p);
            let after = self.assess();
            self.board.undo(undo);
            if after.escaped {
                scored.push(((after.room, p.line(size), after.liberties.len()), p));
            }
        }
        // The best first; the candidates' order breaks ties.
        scored.sort_by_key(|&(key, _)| core::cmp::Reverse(key));
        for &(_, m) in scored.iter().take(branching(0)) {
            let Some(r) = self.reply(false, m) else { continue };
            if !r.success {
                return Some(NodeResult::new(true, Some(m), r.certain));
            }
            if self.budget_hit {
                break;
            }
        }
        None
    }

    /// Generates, orders and tries the moves of the attacker (`attack`) or the owner.
    fn try_moves(&mut self, attack: bool, life: &Life, stored: Option<Stored>) -> NodeResult {
        let color = if attack { self.setting.attacker } else { self.owner() };
        let candidates = self.candidates(attack, life);
        let first = hint(stored);
        let mut scored: Vec<(i32, Point)> = Vec::with_capacity(candidates.len());
        for &p in &candidates {
            if !self.playable(color, p) {
                continue;
            }
            let undo = self.board.play(color, p);
            let after = self.assess();
            let mut v = after.score();
            // A self-atari outside the eye space is a poor move for its player.
            if !after.dragon.is_empty()
                && self.board.liberty_count(p) == 1
                && !life.eye_points.contains(p)
            {
                v += if attack { 600 } else { -600 };
            }
            self.board.undo(undo);
            let key = order_key(attack, v, first == Some(p), life.vital.as_slice().contains(&p));
            scored.push((key, p));
        }
        scored.sort_by_key(|&(k, _)| k);
        let width = branching(self.ply);
        if self.ply == 0 && self.setting.root_slices {
            return self.try_root_moves(attack, &scored[..scored.len().min(width)]);
        }
        let mut certain = true;
        for &(_, m) in scored.iter().take(width) {
            let Some(r) = self.reply(attack, m) else { continue };
            if !r.success {
                return NodeResult::new(true, Some(m), r.certain);
            }
            certain &= r.certain;
            if self.budget_hit {
                break;
            }
        }
        NodeResult::new(false, None, certain)
    }

    /// The moves of the root, each with the whole node budget of the question (a move
    /// tried after others is not judged on what they left): the first move that
    /// reaches the mover's goal with certainty is the answer; one that reaches it only
    /// because a budget cut a line (the owner lives there) is kept while the other
    /// moves are tried, and is the answer if none does better. The budget counts as
    /// hit if it ran out under any move.
    fn try_root_moves(&mut self, attack: bool, moves: &[(i32, Point)]) -> NodeResult {
        let slice = self.setting.budget.nodes;
        let mut hit = self.refill(slice);
        let mut certain = true;
        let mut fallback = None;
        for &(_, m) in moves {
            let Some(r) = self.reply(attack, m) else { continue };
            hit |= self.refill(slice);
            if !r.success && r.certain {
                self.budget_hit = hit;
                return NodeResult::new(true, Some(m), true);
            }
            if !r.success {
                fallback = fallback.or(Some(m));
            }
            certain &= r.certain;
        }
        self.budget_hit = hit;
        match fallback {
            Some(m) => NodeResult::new(true, Some(m), false),
            None => NodeResult::new(false, None, certain),
        }
    }

    /// The candidate moves at a node, most important first: vital points, tactical
    /// moves, eye-space points, liberties, second-order liberties. Within each kind
    /// the moves are in the scan order of the root position's canonical orientation
    /// ([`Frame`]), so the moves kept (at most [`MAX_CANDIDATES`]) and the order of
    /// moves the leaves value alike turn with the board: the answer is the same in
    /// every orientation and colouring (go-board's own scan order made it depend on
    /// them).
    fn candidates(&mut self, attack: bool, life: &Life) -> Vec<Point> {
        let size = self.board.size();
        let frame = self.frame;
        let mut out: Vec<Point> = Vec::with_capacity(MAX_CANDIDATES);
        let mut seen = PointSet::EMPTY;
        // Appends the new points of one kind, in the frame's order, while there is room.
        let mut add = |kind: &mut dyn Iterator<Item = Point>, out: &mut Vec<Point>| {
            let start = out.len();
            out.extend(kind.filter(|&p| seen.insert(p)));
            out[start..].sort_by_key(|&p| frame.rank(p));
            out.truncate(MAX_CANDIDATES);
        };
        let vital = life.vital.as_slice().iter().copied();
        add(&mut vital.filter(|&p| self.board.is_empty_at(p)), &mut out);
        add(&mut self.tactical_moves(attack, life).into_iter(), &mut out);
        add(&mut life.eye_points.iter(), &mut out);
        add(&mut life.liberties.iter(), &mut out);
        let empty = self.board.empty_set();
        let second = life.liberties.dilate(&size.on_board()) & empty;
        add(&mut second.iter(), &mut out);
        out
    }

    /// Tactical moves: attacks (and defences) of the dragon's weak chains, captures
    /// (and rescues) of the attacker's chains next to it.
    fn tactical_moves(&mut self, attack: bool, life: &Life) -> Vec<Point> {
        let mut out = Vec::new();
        let mut done = PointSet::EMPTY;
        // The dragon's chains with few liberties.
        for p in life.dragon {
            if done.contains(p) {
                continue;
            }
            done |= self.board.chain_stones(p);
            if self.board.liberty_count(p) > 2 {
                continue;
            }
            let (captured, point) = self.tactical_attack(p);
            if !captured {
                continue;
            }
            let m = if attack { point } else { self.tactical_defence(p) };
            out.extend(m);
        }
        // The attacker's chains next to the dragon with few liberties.
        let opp = *self.board.stones(self.setting.attacker);
        let touching = life.dragon.adjacent(&opp);
        let mut done = PointSet::EMPTY;
        for p in touching {
            if done.contains(p) {
                continue;
            }
            done |= self.board.chain_stones(p);
            let libs = self.board.liberty_count(p);
            if libs > 2 {
                continue;
            }
            if !attack {
                // The owner's lunches.
                let (captured, point) = self.tactical_attack(p);
                out.extend(point.filter(|_| captured));
                continue;
            }
            if libs == 2 {
                // Backfilling: a chain of two liberties that shares one with the
                // dragon makes the approach on that liberty a self-atari; its other
                // liberty comes first.
                let own = self.board.liberties(p);
                if !(own & life.liberties).is_empty() {
                    out.extend(own - life.liberties);
                }
            }
            // The attacker saves its chain in atari, and one of two liberties the owner
            // would capture (a lunch that would give the dragon its eyes).
            if libs == 1 || self.tactical_attack(p).0 {
                out.extend(self.tactical_defence(p));
            }
        }
        out
    }

    /// The tactical reader's attack on the chain at `p` (its nodes counted): whether
    /// it captures the chain, and the capturing move.
    fn tactical_attack(&mut self, p: Point) -> (bool, Option<Point>) {
        let tactics = self.setting.tactics;
        let a = tactics.attack(self.core.board, p, TACTICAL_BUDGET, self.tactics_scratch);
        self.tactical_nodes += a.nodes;
        (a.outcome.is_success(), a.point.and_then(go_board::Move::point))
    }

    /// The tactical reader's saving move for the chain at `p` (its nodes counted), if
    /// the chain can be saved.
    fn tactical_defence(&mut self, p: Point) -> Option<Point> {
        let tactics = self.setting.tactics;
        let d = tactics.defend(self.core.board, p, TACTICAL_BUDGET, self.tactics_scratch);
        self.tactical_nodes += d.nodes;
        d.point.and_then(go_board::Move::point).filter(|_| d.outcome.is_success())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vital_points_come_first_among_moves_the_leaves_value_alike() {
        for attack in [true, false] {
            // Owner's leaf values: the attacker prefers low, the owner high.
            let (good, bad) = if attack { (100, 400) } else { (400, 100) };
            let plain = order_key(attack, good, false, false);
            let vital = order_key(attack, good, false, true);
            assert!(vital < plain, "a vital point first among equals");
            // A vital point does not overtake a move a sure eye (550) better.
            let (worse, better) = if attack { (good + 550, good) } else { (good - 550, good) };
            assert!(
                order_key(attack, worse, false, true) > order_key(attack, better, false, false)
            );
            assert!(order_key(attack, bad, false, true) > plain);
            assert_eq!(order_key(attack, bad, true, false), i32::MIN, "the table's move");
        }
    }
}
