//! Questions about two chains of one colour: `attack_either` and `defend_both`.
//!
//! Reading both chains in one tree multiplies their trees, so a pair is read as GNU Go
//! reads it, one level of double threats over single-chain searches:
//!
//! - the attacker captures either chain if it captures one of them alone, or if one of
//!   its moves on their liberties (a double threat) leaves the defender unable to keep
//!   both;
//! - the defender keeps both if neither is attacked, or if one of its moves (the
//!   defences of each chain and their liberties) leaves neither capturable.

use go_board::Point;

use super::moves::Candidates;
use super::search::{NodeResult, Search};

impl Search<'_> {
    /// The attacker to move: can it capture the chain on `a` or the one on `b`?
    pub(super) fn attack_either(&mut self, a: Point, b: Point) -> NodeResult {
        let (weaker, stronger) =
            if self.board.liberty_count(b) < self.board.liberty_count(a) { (b, a) } else { (a, b) };
        let mut certain = true;
        for t in [weaker, stronger] {
            self.set_targets(&[t]);
            let r = self.attack_node();
            if r.success {
                return r;
            }
            certain &= r.certain;
        }
        // Double threats: the attacker's moves against either, tried against the
        // defence of both.
        let mut moves = Candidates::new();
        for t in [weaker, stronger] {
            self.set_targets(&[t]);
            certain &= !self.attack_moves(&mut moves, 0);
            certain &= !self.attack_moves(&mut moves, 1);
        }
        self.set_targets(&[a, b]);
        self.order_attack_moves(&mut moves, None);
        let attacker = self.attacker;
        for i in 0..moves.len() {
            let m = moves.get(i);
            let undo = self.board.play(attacker, m);
            self.ply += 1;
            let r = self.defend_both(a, b);
            self.ply -= 1;
            self.board.undo(undo);
            if !r.success {
                return NodeResult::new(true, Some(m), r.certain);
            }
            certain &= r.certain;
        }
        NodeResult::new(false, None, certain)
    }

    /// The defender to move: can it keep both the chain on `a` and the one on `b`?
    pub(super) fn defend_both(&mut self, a: Point, b: Point) -> NodeResult {
        let defender = self.defender();
        if self.board.color_at(a) != Some(defender) || self.board.color_at(b) != Some(defender) {
            // One was captured (a ko retake is left to the single-chain searches).
            return NodeResult::new(false, None, true);
        }
        let (attacked, certain) = self.attacked(a, b);
        if attacked.is_empty() {
            return NodeResult::new(true, None, certain);
        }
        let mut moves = Candidates::new();
        let mut all_certain = certain;
        for &t in attacked.as_slice() {
            self.set_targets(&[t]);
            all_certain &= !self.defend_moves(&mut moves, 0);
            all_certain &= !self.defend_moves(&mut moves, 1);
        }
        for t in [a, b] {
            for l in &self.board.liberties(t) {
                moves.push(l);
            }
        }
        self.set_targets(&[a, b]);
        self.order_defend_moves(&mut moves, None);
        for i in 0..moves.len() {
            let m = moves.get(i);
            let undo = self.board.play(defender, m);
            self.ply += 1;
            let (still, certain) = self.attacked(a, b);
            self.ply -= 1;
            self.board.undo(undo);
            if still.is_empty() {
                return NodeResult::new(true, Some(m), certain);
            }
            all_certain &= certain;
        }
        NodeResult::new(false, None, all_certain)
    }

    /// Which of the chains on `a` and `b` the attacker, moving now, can capture; and
    /// whether that is certain.
    fn attacked(&mut self, a: Point, b: Point) -> (crate::reading::local::PointList<2>, bool) {
        let mut attacked = crate::reading::local::PointList::new();
        let mut certain = true;
        for t in [a, b] {
            self.set_targets(&[t]);
            let r = self.attack_node();
            certain &= r.certain;
            if r.success {
                attacked.push(t);
            }
        }
        (attacked, certain)
    }
}
