//! The local game of an eye space, solved by exhaustive search.
//!
//! The defender owns the wall around the space; the wall is taken to have liberties
//! elsewhere, so it is never captured. A defender stone on a point next to the wall
//! (or next to a defender stone joined to it) joins the wall: the point is filled for
//! good. Points next to no wall stone (*inner* points, such as a corner inside the
//! space) are given separately; a defender stone there is a stone of its own that the
//! attacker can capture, and may not be a suicide.
//!
//! The attacker plays from outside: a stone on a marginal point is connected out
//! (alive), and makes its neighbours marginal; a stone on an inner point of the space is
//! a dead stone unless it joins one that is connected out, and it may not be a suicide
//! (unless it captures). A chain of dead stones without an empty neighbour is captured
//! (its points become empty points again, marginal if they were: a dead stone on a
//! false eye leaves a false eye). A single stone captured by a single stone may not be
//! retaken at once (ko). Either side may pass; two passes in a row end the game. Then
//! every connected part of the empty points and dead stones that holds no marginal
//! point is an eye (the defender's stones left standing separate parts, as the wall
//! does). The defender maximises the
//! eyes (counted up to 2), the attacker minimises them.
//!
//! Without inner points every defender move fills a point for good and every attacker
//! move adds a stone without removing a defender point, so (filled points, attacker
//! stones) grows at every move: the game has no cycle and no ko. With inner points
//! stones can be taken back and forth; the game is then cut after a number of moves
//! ([`ply_limit`]) and scored as it stands.

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
/// the dead attacker stones, the defender's own stones on inner points, and the points
/// filled by the wall. Points of stones connected out are in none of these.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct State {
    empty: u16,
    margin: u16,
    enemy: u16,
    own: u16,
    wall: u16,
}

/// Who moves, whether the previous move was a pass, the point a ko forbids (16 for
/// none), and the moves left (only counted with inner points).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Turn {
    attacker: bool,
    passed: bool,
    ko: u8,
    plies: u8,
}

/// No ko point.
const NO_KO: u8 = 16;

/// The most points for which the memory is a dense array (4 states a point, 4 turns);
/// used only without inner points.
const DENSE_POINTS: usize = 10;

/// The longest game read when stones can be taken back and forth (inner points).
fn ply_limit(points: usize) -> u8 {
    (3 * points + 4).min(60) as u8
}

/// What the search remembers: a dense array for small graphs, a map otherwise. The map
/// is keyed without the moves left; its entries hold the value and, when the value was
/// cut by the ply limit, the moves that were left ([`INDEPENDENT`] when it was not).
enum Memo {
    Dense(Vec<u8>),
    Sparse(HashMap<(State, Turn), (u8, u8), BuildFold>),
}

/// The horizon of a value that no ply limit cut.
const INDEPENDENT: u8 = u8::MAX;

/// A multiply-and-fold hasher for the solver's small keys (the standard library's
/// SipHash costs more than the search itself).
#[derive(Default)]
struct Fold(u64);

impl core::hash::Hasher for Fold {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }

    fn write_u16(&mut self, x: u16) {
        self.write_u64(u64::from(x));
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Builds [`Fold`] hashers.
type BuildFold = core::hash::BuildHasherDefault<Fold>;

/// The search with its memory; `nodes` counts positions expanded.
struct Solver<'g> {
    graph: &'g EyeGraph,
    /// Points next to no wall stone.
    inner: u16,
    memo: Memo,
    nodes: u64,
    budget: u64,
}

/// The index of a position and turn in the dense memory: two bits a point (gone, empty,
/// marginal, dead stone), then the turn. A marginal dead stone's point is marginal for
/// good, so four codes a point do.
fn dense_index(g: &EyeGraph, s: State, turn: Turn) -> usize {
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

/// Solves `graph` (every point next to the wall) exhaustively, or `None` when that
/// needs more than `budget` positions.
pub(crate) fn solve(graph: &EyeGraph, budget: u64) -> Option<Solution> {
    solve_with_inner(graph, 0, budget)
}

/// Solves `graph` when the points of `inner` touch no wall stone.
pub(crate) fn solve_with_inner(graph: &EyeGraph, inner: u16, budget: u64) -> Option<Solution> {
    let start = State {
        empty: graph.all() & !graph.with(EyePoint::is_enemy),
        margin: graph.with(EyePoint::is_marginal),
        enemy: graph.with(EyePoint::is_enemy),
        own: 0,
        wall: 0,
    };
    let memo = if inner == 0 && graph.len() <= DENSE_POINTS {
        Memo::Dense(vec![u8::MAX; 4usize.pow(graph.len() as u32) * 4])
    } else {
        Memo::Sparse(HashMap::default())
    };
    let plies = if inner == 0 { 0 } else { ply_limit(graph.len()) };
    let mut s = Solver { graph, inner, memo, nodes: 0, budget };
    let turn = |attacker, passed, plies| Turn { attacker, passed, ko: NO_KO, plies };
    let b = s.value(start, turn(true, false, plies))?;
    let c = s.value(start, turn(false, false, plies))?;
    let next = plies.saturating_sub(1);
    let (mut a, mut d) = (b, c);
    let (mut attack, mut defence) = (0u16, 0u16);
    for v in bits(start.empty) {
        if let Some((t, ko)) = s.attacker_move(start, v) {
            if s.value(t, Turn { ko, ..turn(false, false, next) })? == b {
                attack |= 1 << v;
            }
            a = a.min(s.value(t, turn(true, true, next))?);
        }
        if let Some((t, ko)) = s.defender_move(start, v) {
            if s.value(t, Turn { ko, ..turn(true, false, next) })? == c {
                defence |= 1 << v;
            }
            d = d.max(s.value(t, turn(false, true, next))?);
        }
    }
    Some(Solution { value: EyeValue::new(a, b, c, d), attack, defence })
}

impl Solver<'_> {
    /// The eyes at the end of the game: parts of the empty points and dead stones
    /// without a marginal point (the defender's stones left standing separate them, as
    /// the wall does).
    fn score(&self, s: State) -> u8 {
        let inside = s.empty | s.enemy;
        let mut rest = inside;
        let mut eyes = 0;
        while rest != 0 && eyes < 2 {
            let part = reach(self.graph, rest & rest.wrapping_neg(), inside);
            if part & s.margin == 0 {
                eyes += 1;
            }
            rest &= !part;
        }
        eyes
    }

    /// Captures the chains of `stones` (within the mask) left without an empty point;
    /// returns the captured points.
    fn capture(&self, t: &mut State, attacker_stones: bool) -> u16 {
        let stones = if attacker_stones { t.enemy } else { t.own };
        let mut captured = 0;
        let mut rest = stones;
        while rest != 0 {
            let chain = reach(self.graph, rest & rest.wrapping_neg(), stones);
            if adjacent_to(self.graph, chain) & t.empty == 0 {
                captured |= chain;
            }
            rest &= !chain;
        }
        if attacker_stones {
            t.enemy &= !captured;
        } else {
            t.own &= !captured;
        }
        t.empty |= captured;
        captured
    }

    /// Defender stones on inner points that now touch the wall join it.
    fn join_wall(&self, t: &mut State) {
        loop {
            let joined = t.own & (!self.inner | adjacent_to(self.graph, t.wall));
            let joined = reach(self.graph, joined, t.own);
            if joined == 0 {
                return;
            }
            t.own &= !joined;
            t.wall |= joined;
        }
    }

    /// The defender plays on `v`: the new position and the ko point it makes, or
    /// `None` if that is a suicide.
    fn defender_move(&self, s: State, v: usize) -> Option<(State, u8)> {
        let bit = 1u16 << v;
        let mut t = State { empty: s.empty & !bit, margin: s.margin & !bit, ..s };
        if self.inner == 0 {
            // Every point touches the wall: the point is filled for good (the wall
            // mask stays empty, so positions compare as in the table).
            self.capture(&mut t, true);
            return Some((t, NO_KO));
        }
        t.own |= bit;
        self.join_wall(&mut t);
        let captured = self.capture(&mut t, true);
        if t.own & bit != 0 {
            let chain = reach(self.graph, bit, t.own);
            if adjacent_to(self.graph, chain) & t.empty == 0 {
                return None;
            }
        }
        Some((t, ko_point(self.graph, t, bit, captured, t.own)))
    }

    /// The attacker plays on `v`: the new position and the ko point it makes, or
    /// `None` if that is a suicide.
    fn attacker_move(&self, s: State, v: usize) -> Option<(State, u8)> {
        let bit = 1u16 << v;
        if s.margin & bit & s.empty != 0 {
            // Connected out: the stone and every dead chain it touches leave the space,
            // and their empty neighbours become marginal.
            let mut out = bit;
            let mut t = State { empty: s.empty & !bit, margin: s.margin & !bit, ..s };
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
            self.capture(&mut t, false);
            Some((t, NO_KO))
        } else {
            let mut t = State { empty: s.empty & !bit, enemy: s.enemy | bit, ..s };
            let captured = self.capture(&mut t, false);
            let chain = reach(self.graph, bit, t.enemy);
            if adjacent_to(self.graph, chain) & t.empty == 0 {
                return None;
            }
            Some((t, ko_point(self.graph, t, bit, captured, t.enemy)))
        }
    }

    /// The eyes with `turn` to move, both sides playing their best; `None` over budget.
    fn value(&mut self, s: State, turn: Turn) -> Option<u8> {
        self.read(s, turn).map(|(v, _)| v)
    }

    /// The eyes with `turn` to move and whether the ply limit cut the reading.
    fn read(&mut self, s: State, turn: Turn) -> Option<(u8, bool)> {
        let key = (s, Turn { plies: 0, ..turn });
        match &self.memo {
            Memo::Dense(v) => {
                let x = v[dense_index(self.graph, s, turn)];
                if x != u8::MAX {
                    return Some((x, false));
                }
            }
            Memo::Sparse(m) => {
                if let Some(&(x, horizon)) = m.get(&key)
                    && (horizon == INDEPENDENT || horizon == turn.plies)
                {
                    return Some((x, horizon != INDEPENDENT));
                }
            }
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let limited = self.inner != 0;
        if limited && turn.plies == 0 {
            return Some((self.score(s), true));
        }
        let plies = if limited { turn.plies - 1 } else { 0 };
        let (mut best, mut cut) = if turn.passed {
            (self.score(s), false)
        } else {
            self.read(s, Turn { attacker: !turn.attacker, passed: true, ko: NO_KO, plies })?
        };
        for v in bits(s.empty) {
            if v as u8 == turn.ko {
                continue;
            }
            if turn.attacker {
                if best == 0 {
                    break;
                }
                if let Some((t, ko)) = self.attacker_move(s, v) {
                    let (x, c) =
                        self.read(t, Turn { attacker: false, passed: false, ko, plies })?;
                    best = best.min(x);
                    cut |= c;
                }
            } else {
                if best == 2 {
                    break;
                }
                if let Some((t, ko)) = self.defender_move(s, v) {
                    let (x, c) = self.read(t, Turn { attacker: true, passed: false, ko, plies })?;
                    best = best.max(x);
                    cut |= c;
                }
            }
        }
        match &mut self.memo {
            Memo::Dense(v) => v[dense_index(self.graph, s, turn)] = best,
            Memo::Sparse(m) => {
                m.insert(key, (best, if cut { turn.plies } else { INDEPENDENT }));
            }
        }
        Some((best, cut))
    }
}

/// The point a ko forbids after a stone on `bit` captured `captured`: the captured
/// point, when one stone was captured and the capturing stone is alone in its chain
/// (among `stones`) with that point as its only liberty.
fn ko_point(g: &EyeGraph, t: State, bit: u16, captured: u16, stones: u16) -> u8 {
    if captured.count_ones() != 1 || reach(g, bit, stones) != bit {
        return NO_KO;
    }
    if adjacent_to(g, bit) & t.empty == captured { captured.trailing_zeros() as u8 } else { NO_KO }
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
        for (d, v) in [
            (".", "1111"),
            ("!", "0000"),
            ("!.", "0011"),
            ("..", "1111"),
            ("...", "1122"),
            ("....", "1222"),
            ("...\n.  ", "1222"),
            ("..\n..", "1112"),
            ("...\n . ", "1122"),
            ("...\n.. ", "1122"),
            (" . \n...\n . ", "1122"),
            ("...\n...", "1222"),
            (" . \n...\n.. ", "1122"),
            ("X.X", "2222"),
            ("X.", "1111"),
            ("!..", "0111"),
            (".!.", "0022"),
            ("!.!", "0001"),
        ] {
            assert_eq!(value(d), v, "{d:?}");
        }
    }
}
