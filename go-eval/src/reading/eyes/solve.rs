//! The local game of an eye space, solved by exhaustive search.
//!
//! The defender owns the wall around the space; the wall is taken to have liberties
//! elsewhere, so it is never captured and the defender may fill any point. The attacker
//! plays from outside: a stone on a marginal point is connected out (alive), and makes
//! its neighbours marginal; a stone on an inner point is a dead stone of the space
//! unless it joins one that is connected out, and it may not be a suicide (the wall
//! cannot be captured). A chain of dead stones without an empty neighbour is captured
//! (its points become empty points again, marginal if they were: a dead stone on a
//! false eye leaves a false eye). Either side may pass; two passes in a
//! row end the game. Then every connected part of the empty points and dead stones
//! without a marginal point is an eye. The defender maximises the eyes (counted up to
//! 2), the attacker minimises them.
//!
//! Every defender move fills a point for good and every attacker move adds a stone
//! without removing a defender point, so (defender points, attacker stones) grows at
//! every move: the game has no cycle, and no ko.

use std::collections::HashMap;

use super::graph::{EyeGraph, EyePoint, adjacent_to, bits, reach};
use super::value::EyeValue;

/// The value of an eye graph and its vital points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Solution {
    /// The four-digit value.
    pub(crate) value: EyeValue,
    /// The attacker's first moves that give the minimum (points of the graph, as a mask).
    pub(crate) attack: u16,
    /// The defender's first moves that give the maximum.
    pub(crate) defence: u16,
}

/// A position of the local game: the empty points, those of them that are marginal,
/// and the dead attacker stones. Filled points and stones connected out are gone.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct State {
    empty: u16,
    margin: u16,
    enemy: u16,
}

/// Who moves, and whether the previous move was a pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Turn {
    attacker: bool,
    passed: bool,
}

/// The most points for which the memory is a dense array (4 states a point, 4 turns).
const DENSE_POINTS: usize = 10;

/// What the search remembers: a dense array for small graphs, a map for larger ones.
enum Memo {
    Dense(Vec<u8>),
    Sparse(HashMap<(State, Turn), u8>),
}

/// The search with its memory; `nodes` counts positions expanded.
struct Solver<'g> {
    graph: &'g EyeGraph,
    memo: Memo,
    nodes: u64,
    budget: u64,
}

/// The index of a position and turn in the dense memory: two bits a point (gone, empty,
/// marginal, dead stone), then the turn.
fn dense_index(g: &EyeGraph, s: State, turn: Turn) -> usize {
    // A marginal dead stone's point is marginal for good, so four codes a point do.
    let mut index = 0usize;
    for i in 0..g.len() {
        let bit = 1u16 << i;
        let code = if s.enemy & bit != 0 {
            3
        } else if s.margin & bit != 0 {
            2
        } else {
            usize::from(s.empty & bit != 0)
        };
        index = index << 2 | code;
    }
    index << 2 | usize::from(turn.attacker) << 1 | usize::from(turn.passed)
}

/// Solves `graph` exhaustively, or `None` when that needs more than `budget` positions.
pub(crate) fn solve(graph: &EyeGraph, budget: u64) -> Option<Solution> {
    let start = State {
        empty: graph.all() & !graph.with(EyePoint::is_enemy),
        margin: graph.with(EyePoint::is_marginal),
        enemy: graph.with(EyePoint::is_enemy),
    };
    let memo = if graph.len() <= DENSE_POINTS {
        Memo::Dense(vec![u8::MAX; 4usize.pow(graph.len() as u32) * 4])
    } else {
        Memo::Sparse(HashMap::new())
    };
    let mut s = Solver { graph, memo, nodes: 0, budget };
    let attacker_first = Turn { attacker: true, passed: false };
    let defender_first = Turn { attacker: false, passed: false };
    let b = s.value(start, attacker_first)?;
    let c = s.value(start, defender_first)?;
    let (mut a, mut d) = (b, c);
    let (mut attack, mut defence) = (0u16, 0u16);
    for v in bits(start.empty) {
        if let Some(next) = s.attacker_move(start, v) {
            if s.value(next, defender_first)? == b {
                attack |= 1 << v;
            }
            a = a.min(s.value(next, Turn { attacker: true, passed: true })?);
        }
        let next = s.defender_move(start, v);
        if s.value(next, attacker_first)? == c {
            defence |= 1 << v;
        }
        d = d.max(s.value(next, Turn { attacker: false, passed: true })?);
    }
    Some(Solution { value: EyeValue::new(a, b, c, d), attack, defence })
}

impl Solver<'_> {
    /// The eyes at the end of the game: parts of the space without a marginal point.
    fn score(&self, s: State) -> u8 {
        let mut rest = s.empty | s.enemy;
        let mut eyes = 0;
        while rest != 0 && eyes < 2 {
            let part = reach(self.graph, rest & rest.wrapping_neg(), s.empty | s.enemy);
            if part & s.margin == 0 {
                eyes += 1;
            }
            rest &= !part;
        }
        eyes
    }

    /// The defender fills `v`; dead stones left without an empty neighbour are captured.
    fn defender_move(&self, s: State, v: usize) -> State {
        // A marginal dead stone keeps its point marginal when it is captured.
        let mut t = State { empty: s.empty & !(1 << v), margin: s.margin & !(1 << v), enemy: s.enemy };
        let mut rest = t.enemy;
        while rest != 0 {
            let chain = reach(self.graph, rest & rest.wrapping_neg(), t.enemy);
            if adjacent_to(self.graph, chain) & t.empty == 0 {
                t.enemy &= !chain;
                t.empty |= chain;
            }
            rest &= !chain;
        }
        t
    }

    /// The attacker plays on `v`, or `None` if that is a suicide.
    fn attacker_move(&self, s: State, v: usize) -> Option<State> {
        let bit = 1u16 << v;
        if s.margin & bit & s.empty != 0 {
            // Connected out: the stone and every dead chain it touches leave the space,
            // and their empty neighbours become marginal.
            let mut out = bit;
            let mut t = State { empty: s.empty & !bit, margin: s.margin & !bit, enemy: s.enemy };
            loop {
                let touched = adjacent_to(self.graph, out) & t.enemy;
                if touched == 0 {
                    break;
                }
                let chains = reach(self.graph, touched, t.enemy);
                t.enemy &= !chains;
                out |= chains;
            }
            t.margin |= adjacent_to(self.graph, out) & t.empty;
            Some(t)
        } else {
            let t = State { empty: s.empty & !bit, margin: s.margin, enemy: s.enemy | bit };
            let chain = reach(self.graph, bit, t.enemy);
            (adjacent_to(self.graph, chain) & t.empty != 0).then_some(t)
        }
    }

    /// The eyes with `turn` to move, both sides playing their best; `None` over budget.
    fn value(&mut self, s: State, turn: Turn) -> Option<u8> {
        let known = match &self.memo {
            Memo::Dense(v) => Some(v[dense_index(self.graph, s, turn)]).filter(|&x| x != u8::MAX),
            Memo::Sparse(m) => m.get(&(s, turn)).copied(),
        };
        if known.is_some() {
            return known;
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let next_turn = Turn { attacker: !turn.attacker, passed: false };
        let pass = if turn.passed {
            self.score(s)
        } else {
            self.value(s, Turn { attacker: !turn.attacker, passed: true })?
        };
        let mut best = pass;
        for v in bits(s.empty) {
            if turn.attacker {
                if best == 0 {
                    break;
                }
                if let Some(t) = self.attacker_move(s, v) {
                    best = best.min(self.value(t, next_turn)?);
                }
            } else {
                if best == 2 {
                    break;
                }
                let t = self.defender_move(s, v);
                best = best.max(self.value(t, next_turn)?);
            }
        }
        match &mut self.memo {
            Memo::Dense(v) => v[dense_index(self.graph, s, turn)] = best,
            Memo::Sparse(m) => {
                m.insert((s, turn), best);
            }
        }
        Some(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(diagram: &str) -> String {
        let g = EyeGraph::from_diagram(diagram).unwrap();
        solve(&g, 1_000_000).unwrap().value.to_string()
    }

    #[test]
    fn classic_shapes() {
        for d in [".", "!", "!.", "..", "...", "....", "...\n.  ", "..\n..", "...\n . ", "...\n.. ", " . \n...\n . ", "...\n...", "X.X", "X.", ".X.", "!..", ".!.", "!.!", "...\n.. \n.  ", " . \n...\n.. "] {
            println!("{:?} {}", d, value(d));
        }
    }
}
