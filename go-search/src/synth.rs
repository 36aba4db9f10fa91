//! Seeded, regenerable synthetic game trees for comparing algorithms (feature `synth`).
//!
//! Each node's randomness is derived from the tree's seed and the path to the node
//! (`key(child i) = mix(key(parent), i)`), never from a shared generator, so every
//! algorithm, thread and run sees exactly the same tree whatever order it visits it
//! in. Moves are child indices (`u32`), scores are `i32`, and states are small `Copy`
//! [`Node`]s (copy-make: `Undo = Node`).
//!
//! | tree | model | evaluators |
//! |---|---|---|
//! | [`UniformTree`] | i.i.d. uniform leaf values (Knuth–Moore, Pearl) | zero; `[-range, range]` |
//! | [`IncrementalTree`] | value = sum of random edge values (Korf–Chickering) | path value; path value ± edge × plies left |
//! | [`PGame`] | win/loss leaves, first side wins with probability `p` (Pearl, Nau) | zero; [`Attacker`](crate::Attacker) for df-pn |
//! | [`OrderedTree`] | strongly ordered: best move first ≈70%, in the first quarter ≈90% (Marsland–Campbell) | noisy true value; true value ± noise |
//! | [`IntervalTree`] | Berliner/Anema interval trees with parameters `b, k, g, r, R, S₀` | the node's interval; PB*: interval and midpoint |
//! | [`TranspositionTree`] | a DAG: moves commute, so move orders transpose | zero |
//!
//! Small instances expose their exact minimax value through [`exact_value`] (plain
//! negamax); [`OrderedTree`] knows its value by construction at any size.

use crate::bounds::Bounds;
use crate::eval::{Evaluator, IntervalEvaluator};
use crate::game::{Game, Outcome, Side};
use crate::limits::Limits;
use crate::minimax::Minimax;
use crate::report::Value;
use crate::rng::{Draw, Stream, mix2, mix64};
use crate::searcher::Searcher;

/// A node of a synthetic tree: its path-derived key, depth, side to move and two
/// model-specific numbers (path value, interval ends, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    key: u64,
    depth: u32,
    side: Side,
    /// Model-specific (the interval tree's child that keeps the upper bound).
    aux: u32,
    a: i64,
    b: i64,
}

impl Node {
    fn root(seed: u64, a: i64, b: i64) -> Node {
        Node { key: mix64(seed), depth: 0, side: Side::First, aux: 0, a, b }
    }

    /// Plies from the root.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The path-derived key (unique per path except in [`TranspositionTree`]).
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The side to move.
    pub fn side(&self) -> Side {
        self.side
    }

    fn child(&self, i: u32, a: i64, b: i64) -> Node {
        Node {
            key: child_key(self.key, i),
            depth: self.depth + 1,
            side: self.side.opponent(),
            aux: 0,
            a,
            b,
        }
    }

    /// `v`, given from the first side's point of view, for the side to move.
    fn for_side_to_move(&self, v: i64) -> i64 {
        if self.side == Side::First { v } else { -v }
    }

    fn rng(&self, salt: u64) -> Stream {
        Stream(mix2(self.key, salt))
    }
}

/// Synthetic values stay well inside the evaluation range of `i32`.
const SYNTH_MAX: i64 = 1 << 30;

/// The key of child `i`: one 64×64→128-bit multiply-fold (as in wyhash), so trees stay
/// cheap to generate.
fn child_key(key: u64, i: u32) -> u64 {
    let salt = u64::from(i).wrapping_add(1).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    let t = u128::from(key ^ 0xA076_1D64_78BD_642F) * u128::from(salt ^ 0xE703_7ED1_A0B4_28DB);
    (t >> 64) as u64 ^ t as u64
}

fn clamp_i32(v: i64) -> i32 {
    v.clamp(-SYNTH_MAX, SYNTH_MAX) as i32
}

/// Implements [`Game`] for a tree with inherent `width(&Node) -> u32`,
/// `terminal(&Node) -> Option<Outcome<i32>>` and `child(&Node, u32) -> Node`.
macro_rules! synth_game {
    ($t:ty, hash = $hash:expr) => {
        impl Game for $t {
            type State = Node;
            type Move = u32;
            type Undo = Node;
            type Score = i32;

            #[inline]
            fn moves(&self, state: &Node, out: &mut Vec<u32>) -> Option<Outcome<i32>> {
                if let Some(outcome) = self.terminal(state) {
                    return Some(outcome);
                }
                out.extend(0..self.width(state));
                None
            }

            #[inline]
            fn outcome(&self, state: &Node, _: &mut Vec<u32>) -> Option<Outcome<i32>> {
                match self.terminal(state) {
                    None if self.width(state) == 0 => Some(Outcome::Draw),
                    over => over,
                }
            }

            #[inline]
            fn play(&self, state: &mut Node, mv: u32) -> Node {
                let old = *state;
                *state = self.child(&old, mv);
                old
            }

            #[inline]
            fn undo(&self, state: &mut Node, _: u32, undo: Node) {
                *state = undo;
            }

            fn side_to_move(&self, state: &Node) -> Side {
                state.side
            }

            fn hash(&self, state: &Node) -> Option<u64> {
                let f: fn(&Node) -> u64 = $hash;
                Some(f(state))
            }

            fn move_index(&self, mv: u32) -> Option<usize> {
                Some(mv as usize)
            }
        }
    };
}

/// The exact minimax value of a finite game, by plain negamax, if it takes at most
/// `node_cap` nodes (else `None`).
///
/// # Examples
/// ```
/// use go_search::synth::{exact_value, UniformTree};
/// let tree = UniformTree::new(3, 4, 7);
/// assert!(exact_value(&tree, &tree.root(), 1_000).is_some());
/// assert!(exact_value(&tree, &tree.root(), 10).is_none());
/// ```
pub fn exact_value<G>(game: &G, root: &G::State, node_cap: u64) -> Option<G::Score>
where
    G: Game,
    G::State: Clone,
{
    struct Never;
    impl<G: Game> Evaluator<G> for Never {
        fn evaluate(&self, _: &G, _: &G::State) -> G::Score {
            <G::Score as crate::Score>::ZERO
        }
    }
    let report =
        Minimax::new(Never).search(game, &mut (), root, &Limits::default().nodes(node_cap));
    match report.value {
        Value::Exact(v) if report.solved => Some(v),
        _ => None,
    }
}

/// Uniform random trees: every interior node has `width` children, leaves at `depth`
/// get i.i.d. uniform values in `[-range, range]` (first side's point of view).
/// With no ordering information, this is the worst case for alpha-beta.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UniformTree {
    /// Children per interior node.
    pub width: u32,
    /// Depth of the leaves.
    pub depth: u32,
    /// The tree's seed.
    pub seed: u64,
    /// Leaf values lie in `[-range, range]`.
    pub range: i32,
}

impl UniformTree {
    /// A tree with leaf values in `[-1000, 1000]`.
    pub fn new(width: u32, depth: u32, seed: u64) -> UniformTree {
        UniformTree { width, depth, seed, range: 1000 }
    }

    /// The root.
    pub fn root(&self) -> Node {
        Node::root(self.seed, 0, 0)
    }

    fn width(&self, _: &Node) -> u32 {
        self.width
    }

    fn terminal(&self, n: &Node) -> Option<Outcome<i32>> {
        (n.depth >= self.depth || self.width == 0).then(|| {
            let v = n.rng(1).range_i64(-i64::from(self.range), i64::from(self.range));
            Outcome::Score(clamp_i32(n.for_side_to_move(v)))
        })
    }

    fn child(&self, n: &Node, i: u32) -> Node {
        n.child(i, 0, 0)
    }
}

synth_game!(UniformTree, hash = |n| n.key);

impl Evaluator<UniformTree> for UniformTree {
    fn evaluate(&self, _: &UniformTree, _: &Node) -> i32 {
        0
    }
}

impl IntervalEvaluator<UniformTree> for UniformTree {
    fn bounds(&self, _: &UniformTree, _: &Node) -> Bounds<i32> {
        let r = clamp_i32(i64::from(self.range).abs());
        Bounds::must(-r, r)
    }
}

/// Incremental trees (Korf & Chickering): each edge carries a uniform value in
/// `[-edge, edge]` for the side that plays it, and a node's value is the sum along its
/// path. The path value is a natural, correlated static evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IncrementalTree {
    /// Children per interior node.
    pub width: u32,
    /// Depth of the leaves.
    pub depth: u32,
    /// The tree's seed.
    pub seed: u64,
    /// Edge values lie in `[-edge, edge]`.
    pub edge: i32,
}

impl IncrementalTree {
    /// A tree with edge values in `[-100, 100]`.
    pub fn new(width: u32, depth: u32, seed: u64) -> IncrementalTree {
        IncrementalTree { width, depth, seed, edge: 100 }
    }

    /// The root (path value 0).
    pub fn root(&self) -> Node {
        Node::root(self.seed, 0, 0)
    }

    fn width(&self, _: &Node) -> u32 {
        self.width
    }

    fn terminal(&self, n: &Node) -> Option<Outcome<i32>> {
        (n.depth >= self.depth || self.width == 0)
            .then(|| Outcome::Score(clamp_i32(n.for_side_to_move(n.a))))
    }

    fn child(&self, n: &Node, i: u32) -> Node {
        let e = i64::from(self.edge).abs();
        let gain = Stream(mix2(n.key, u64::from(i))).range_i64(-e, e);
        n.child(i, n.a + n.for_side_to_move(gain), 0)
    }
}

synth_game!(IncrementalTree, hash = |n| n.key);

impl Evaluator<IncrementalTree> for IncrementalTree {
    fn evaluate(&self, _: &IncrementalTree, n: &Node) -> i32 {
        clamp_i32(n.for_side_to_move(n.a))
    }
}

impl IntervalEvaluator<IncrementalTree> for IncrementalTree {
    fn bounds(&self, _: &IncrementalTree, n: &Node) -> Bounds<i32> {
        let v = n.for_side_to_move(n.a);
        let spread = i64::from(self.edge).abs() * i64::from(self.depth.saturating_sub(n.depth));
        Bounds::must(clamp_i32(v - spread), clamp_i32(v + spread))
    }
}

/// Win/loss P-games (Pearl; Nau): leaves at `depth` are wins for the first side with
/// probability `p`, independently. Terminal outcomes are [`Outcome::Win`] /
/// [`Outcome::Loss`], so df-pn with attacker [`Side::First`] decides the root.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PGame {
    /// Children per interior node.
    pub width: u32,
    /// Depth of the leaves.
    pub depth: u32,
    /// The tree's seed.
    pub seed: u64,
    /// Probability that a leaf is a win for the first side.
    pub p: f64,
}

impl PGame {
    /// A P-game with leaf win probability `p`.
    pub fn new(width: u32, depth: u32, seed: u64, p: f64) -> PGame {
        PGame { width, depth, seed, p }
    }

    /// The root.
    pub fn root(&self) -> Node {
        Node::root(self.seed, 0, 0)
    }

    /// ξ_b, the root of `x^b + x - 1 = 0`: the leaf probability at which the root value
    /// of deep uniform win/loss trees does not degenerate (0.618 for `b = 2`).
    ///
    /// # Examples
    /// ```
    /// let x = go_search::synth::PGame::critical_probability(2);
    /// assert!((x - 0.618_034).abs() < 1e-6);
    /// ```
    pub fn critical_probability(width: u32) -> f64 {
        let f = |x: f64| x.powi(width.max(1) as i32) + x - 1.0;
        let (mut lo, mut hi) = (0.0, 1.0);
        for _ in 0..60 {
            let mid = 0.5 * (lo + hi);
            if f(mid) < 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        0.5 * (lo + hi)
    }

    fn width(&self, _: &Node) -> u32 {
        self.width
    }

    fn terminal(&self, n: &Node) -> Option<Outcome<i32>> {
        (n.depth >= self.depth || self.width == 0).then(|| {
            let first_wins = n.rng(1).next_f64() < self.p;
            if first_wins == (n.side == Side::First) { Outcome::Win } else { Outcome::Loss }
        })
    }

    fn child(&self, n: &Node, i: u32) -> Node {
        n.child(i, 0, 0)
    }
}

synth_game!(PGame, hash = |n| n.key);

impl Evaluator<PGame> for PGame {
    fn evaluate(&self, _: &PGame, _: &Node) -> i32 {
        0
    }
}

/// Strongly ordered trees (after Marsland & Campbell): values are assigned top-down so
/// that every node's value is known by construction. The best move comes first with
/// probability `first_best`, within the first quarter of the moves with probability
/// `quarter_best`; the other moves are worse by 1 to `spread`. The evaluator returns the
/// true value plus noise in `[-noise, noise]`, the interval evaluator the true value
/// ± `noise` (valid bounds).
///
/// With `first_best = 1.0` the ordering is perfect: alpha-beta then visits exactly the
/// Knuth–Moore minimal tree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrderedTree {
    /// Children per interior node.
    pub width: u32,
    /// Depth of the leaves.
    pub depth: u32,
    /// The tree's seed.
    pub seed: u64,
    /// Probability that the first move is best.
    pub first_best: f64,
    /// Probability that the best move is in the first quarter.
    pub quarter_best: f64,
    /// Other moves are worse by 1 to `spread`.
    pub spread: i32,
    /// Evaluation noise.
    pub noise: i32,
}

impl OrderedTree {
    /// A strongly ordered tree (70% / 90%, spread 100, noise 50).
    pub fn new(width: u32, depth: u32, seed: u64) -> OrderedTree {
        OrderedTree {
            width,
            depth,
            seed,
            first_best: 0.7,
            quarter_best: 0.9,
            spread: 100,
            noise: 50,
        }
    }

    /// A perfectly ordered tree: the first move is always best.
    pub fn perfect(width: u32, depth: u32, seed: u64) -> OrderedTree {
        OrderedTree { first_best: 1.0, quarter_best: 1.0, ..OrderedTree::new(width, depth, seed) }
    }

    /// The root.
    pub fn root(&self) -> Node {
        let v = Stream(self.seed).range_i64(-1000, 1000);
        Node::root(self.seed, v, 0)
    }

    /// The exact value of the root for the first side, known by construction.
    pub fn exact_value(&self) -> i32 {
        clamp_i32(self.root().a)
    }

    /// The exact value of `node` for its side to move.
    pub fn value_of(&self, node: &Node) -> i32 {
        clamp_i32(node.a)
    }

    /// The index of the best child of `node` (meaningless at leaves).
    pub fn best_child(&self, node: &Node) -> u32 {
        let w = self.width.max(1);
        let mut rng = node.rng(2);
        let u = rng.next_f64();
        if w == 1 || u < self.first_best {
            return 0;
        }
        let quarter = w.div_ceil(4);
        if quarter > 1 && u < self.quarter_best {
            1 + rng.below(u64::from(quarter - 1)) as u32
        } else {
            1 + rng.below(u64::from(w - 1)) as u32
        }
    }

    fn width(&self, _: &Node) -> u32 {
        self.width
    }

    fn terminal(&self, n: &Node) -> Option<Outcome<i32>> {
        (n.depth >= self.depth || self.width == 0).then(|| Outcome::Score(clamp_i32(n.a)))
    }

    fn child(&self, n: &Node, i: u32) -> Node {
        // Value from the parent's point of view, then negated for the child.
        let v = if i == self.best_child(n) {
            n.a
        } else {
            let spread = i64::from(self.spread.max(1));
            n.a - Stream(mix2(n.key, u64::from(i))).range_i64(1, spread)
        };
        n.child(i, -v, 0)
    }
}

synth_game!(OrderedTree, hash = |n| n.key);

impl Evaluator<OrderedTree> for OrderedTree {
    fn evaluate(&self, _: &OrderedTree, n: &Node) -> i32 {
        let noise = i64::from(self.noise.max(0));
        clamp_i32(n.a + n.rng(3).range_i64(-noise, noise))
    }
}

impl IntervalEvaluator<OrderedTree> for OrderedTree {
    fn bounds(&self, _: &OrderedTree, n: &Node) -> Bounds<i32> {
        let noise = i64::from(self.noise.max(0));
        Bounds::must(clamp_i32(n.a - noise), clamp_i32(n.a + noise))
    }
}

/// Berliner-style interval trees, with the parameters of Anema's artificial game trees.
///
/// Every node holds an integer interval `[lo, hi]` for its side to move; the root's is
/// `[-range, range]`. A child's interval (seen from the parent) is the minimum and
/// maximum of `k` uniform draws in the parent's interval (the distribution factor),
/// shrunk towards its midpoint by the growth factor `g ≥ 1` (`g = 1`: no shrinking).
/// With probability `1 - r` (relevance chance `r`) a child is irrelevant: its draws
/// come from the lowest quarter of the parent's interval. One child, chosen from the
/// parent's key, keeps the parent's upper bound, so the optimistic bound is attained.
/// A node is terminal when its interval is a single value, or at `max_depth` (then its
/// value is drawn inside its interval). Children always lie inside their parent's
/// interval, so the bounds are valid.
///
/// The names follow reference/search.md §2.4 (`b, k, g, r, R, S₀`); how `g` and `r`
/// act is this crate's reading of them, as the Java generator was not available.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IntervalTree {
    /// Children per interior node (`b`).
    pub width: u32,
    /// Uniform draws per child interval (`k`, the distribution factor).
    pub k: u32,
    /// Growth factor `g ≥ 1`: child intervals shrink by `1/g`.
    pub growth: f64,
    /// Relevance chance `r`: probability that a child is drawn from the whole interval.
    pub relevance: f64,
    /// The root interval is `[-range, range]` (`R`).
    pub range: i32,
    /// The tree's seed (`S₀`).
    pub seed: u64,
    /// Nodes at this depth are terminal.
    pub max_depth: u32,
}

impl IntervalTree {
    /// An interval tree with `k = 4`, `g = 1`, `r = 1`, `R = 10⁷` and `max_depth = 64`.
    pub fn new(width: u32, seed: u64) -> IntervalTree {
        IntervalTree {
            width,
            k: 4,
            growth: 1.0,
            relevance: 1.0,
            range: 10_000_000,
            seed,
            max_depth: 64,
        }
    }

    /// The root, `[-range, range]`.
    pub fn root(&self) -> Node {
        let r = i64::from(self.range).clamp(0, SYNTH_MAX);
        let mut root = Node::root(self.seed, -r, r);
        root.aux = self.keeper(root.key);
        root
    }

    /// The interval of `node` for its side to move.
    pub fn interval(&self, node: &Node) -> Bounds<i32> {
        Bounds::must(clamp_i32(node.a), clamp_i32(node.b))
    }

    fn width(&self, _: &Node) -> u32 {
        self.width
    }

    fn terminal(&self, n: &Node) -> Option<Outcome<i32>> {
        if n.a >= n.b || self.width == 0 {
            Some(Outcome::Score(clamp_i32(n.a)))
        } else if n.depth >= self.max_depth {
            Some(Outcome::Score(clamp_i32(n.rng(4).range_i64(n.a, n.b))))
        } else {
            None
        }
    }

    /// The child of the node with key `key` that keeps its upper bound: the key's top
    /// 32 bits scaled to the width (keys are already mixed; the interval draws come from
    /// a separate stream seeded by the key).
    fn keeper(&self, key: u64) -> u32 {
        (((key >> 32) * u64::from(self.width.max(1))) >> 32) as u32
    }

    #[inline]
    fn child(&self, n: &Node, i: u32) -> Node {
        let (lo, hi) = (n.a, n.b);
        let keeper = n.aux;
        let key = child_key(n.key, i);
        let mut rng = Stream(key);
        let relevant = i == keeper || self.relevance >= 1.0 || rng.next_f64() < self.relevance;
        let top = if relevant { hi } else { lo + (hi - lo) / 4 };
        let (mut l, mut u) = (top, lo);
        // Intervals are at most 2^31 wide: two draws from each 64 random bits.
        let span = (top - lo + 1) as u64;
        let draw = |half: u64| lo + ((half * span) >> 32) as i64;
        let k = self.k.clamp(1, 64);
        for pair in 0..k.div_ceil(2) {
            let bits = rng.bits();
            let x = draw(bits & 0xFFFF_FFFF);
            // An odd `k` uses only the low half of the last draw.
            let y = if 2 * pair + 1 < k { draw(bits >> 32) } else { x };
            l = l.min(x.min(y));
            u = u.max(x.max(y));
        }
        if self.growth > 1.0 && self.growth.is_finite() {
            let mid = (l + u) / 2;
            let half = ((u - l) as f64 / (2.0 * self.growth)) as i64;
            l = (mid - half).max(lo);
            u = (mid + half).min(hi).max(l);
        }
        if i == keeper {
            u = hi;
        }
        // Every child is strictly narrower than its parent, so every path ends.
        if l == lo && u == hi {
            if i == keeper { l += 1 } else { u -= 1 }
        }
        // From the child's point of view the interval flips.
        Node {
            key,
            depth: n.depth + 1,
            side: n.side.opponent(),
            aux: self.keeper(key),
            a: -u,
            b: -l,
        }
    }
}

synth_game!(IntervalTree, hash = |n| n.key);

impl IntervalEvaluator<IntervalTree> for IntervalTree {
    fn bounds(&self, _: &IntervalTree, n: &Node) -> Bounds<i32> {
        self.interval(n)
    }
}

impl Evaluator<IntervalTree> for IntervalTree {
    /// The midpoint of the interval.
    fn evaluate(&self, _: &IntervalTree, n: &Node) -> i32 {
        clamp_i32(n.a + (n.b - n.a) / 2)
    }
}

/// A game DAG with transpositions: the moves of each side commute (a position is the
/// multiset of moves each side has played), so different move orders reach the same
/// node at the same depth, as in real games. Leaf values are uniform in
/// `[-range, range]`, derived from the position, not the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TranspositionTree {
    /// Moves per node.
    pub width: u32,
    /// Depth of the leaves.
    pub depth: u32,
    /// The tree's seed.
    pub seed: u64,
    /// Leaf values lie in `[-range, range]`.
    pub range: i32,
}

impl TranspositionTree {
    /// A DAG with leaf values in `[-1000, 1000]`.
    pub fn new(width: u32, depth: u32, seed: u64) -> TranspositionTree {
        TranspositionTree { width, depth, seed, range: 1000 }
    }

    /// The root.
    pub fn root(&self) -> Node {
        Node { key: 0, depth: 0, side: Side::First, aux: 0, a: 0, b: 0 }
    }

    fn width(&self, _: &Node) -> u32 {
        self.width
    }

    fn terminal(&self, n: &Node) -> Option<Outcome<i32>> {
        (n.depth >= self.depth || self.width == 0).then(|| {
            let v = Stream(mix2(self.seed ^ n.key, u64::from(n.depth)))
                .range_i64(-i64::from(self.range), i64::from(self.range));
            Outcome::Score(clamp_i32(n.for_side_to_move(v)))
        })
    }

    fn child(&self, n: &Node, i: u32) -> Node {
        let side = u64::from(n.side == Side::Second);
        let z = mix2(self.seed, side << 32 | u64::from(i));
        Node {
            key: n.key.wrapping_add(z),
            depth: n.depth + 1,
            side: n.side.opponent(),
            aux: 0,
            a: 0,
            b: 0,
        }
    }
}

synth_game!(TranspositionTree, hash = |n| mix2(n.key, u64::from(n.depth)));

impl Evaluator<TranspositionTree> for TranspositionTree {
    fn evaluate(&self, _: &TranspositionTree, _: &Node) -> i32 {
        0
    }
}

/// PB*'s estimate of an interval-tree node: its interval, and as realistic value the
/// midpoint of the interval (the same value as the tree's [`Evaluator`]), so it is
/// derived deterministically from the node.
impl crate::eval::ProbabilityEvaluator<IntervalTree> for IntervalTree {
    fn estimate(&self, game: &IntervalTree, n: &Node) -> crate::Estimate<i32> {
        crate::Estimate::new(self.interval(n), self.evaluate(game, n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn trees_are_regenerable_and_path_derived() {
        let t = UniformTree::new(3, 3, 5);
        let mut moves = Vec::new();
        let mut a = t.root();
        t.play(&mut a, 2);
        let mut b = t.root();
        let undo = t.play(&mut b, 1);
        t.undo(&mut b, 1, undo);
        t.play(&mut b, 2);
        assert_eq!(a, b);
        assert_eq!(t.moves(&a, &mut moves), None);
        assert_eq!(moves, [0, 1, 2]);
        assert_eq!(exact_value(&t, &t.root(), 100), exact_value(&t, &t.root(), 100));
        assert_ne!(exact_value(&UniformTree::new(3, 3, 5), &t.root(), 100), None,);
    }

    /// `outcome` (overridden by every tree) agrees with `moves` along seeded random
    /// walks to the leaves.
    fn outcome_agrees_with_moves<G: Game<State = Node, Move = u32>>(game: &G, root: Node) {
        let (mut moves, mut scratch) = (Vec::new(), Vec::new());
        for walk in 0..20u64 {
            let mut node = root;
            loop {
                moves.clear();
                let over = game.moves(&node, &mut moves);
                let expected =
                    if over.is_none() && moves.is_empty() { Some(Outcome::Draw) } else { over };
                assert_eq!(game.outcome(&node, &mut scratch), expected, "{node:?}");
                if expected.is_some() {
                    break;
                }
                let pick = mix2(node.key(), walk) % moves.len() as u64;
                game.play(&mut node, moves[pick as usize]);
            }
        }
    }

    #[test]
    fn outcome_is_moves_without_the_moves() {
        outcome_agrees_with_moves(&UniformTree::new(3, 4, 1), UniformTree::new(3, 4, 1).root());
        outcome_agrees_with_moves(&OrderedTree::new(3, 4, 2), OrderedTree::new(3, 4, 2).root());
        let t = IntervalTree { range: 50, ..IntervalTree::new(3, 3) };
        outcome_agrees_with_moves(&t, t.root());
        let t = IncrementalTree::new(2, 5, 4);
        outcome_agrees_with_moves(&t, t.root());
        let t = PGame::new(2, 5, 5, 0.6);
        outcome_agrees_with_moves(&t, t.root());
        let t = TranspositionTree::new(3, 4, 6);
        outcome_agrees_with_moves(&t, t.root());
    }

    #[test]
    fn ordered_tree_knows_its_value() {
        for seed in 0..50 {
            let t = OrderedTree::new(3, 4, seed);
            assert_eq!(exact_value(&t, &t.root(), 10_000), Some(t.exact_value()));
            let p = OrderedTree::perfect(3, 3, seed);
            assert_eq!(p.best_child(&p.root()), 0);
            assert_eq!(exact_value(&p, &p.root(), 10_000), Some(p.exact_value()));
        }
    }

    #[test]
    fn interval_children_stay_inside_and_one_keeps_the_top() {
        let t = IntervalTree { range: 1000, ..IntervalTree::new(4, 9) };
        let root = t.root();
        let mut tops = 0;
        for i in 0..4 {
            let c = t.child(&root, i);
            let seen = t.interval(&c).flip();
            assert!(seen.pessimistic() >= -1000 && seen.optimistic() <= 1000);
            tops += usize::from(seen.optimistic() == 1000);
        }
        assert!(tops >= 1);
        let small = IntervalTree { range: 40, width: 2, ..IntervalTree::new(2, 3) };
        let v = exact_value(&small, &small.root(), 1_000_000).unwrap();
        assert!(small.interval(&small.root()).contains(v));
    }

    #[test]
    fn transposition_tree_transposes() {
        let t = TranspositionTree::new(3, 4, 1);
        let mut keys = HashSet::new();
        let mut count = 0;
        for a in 0..3 {
            for b in 0..3 {
                for c in 0..3 {
                    let mut n = t.root();
                    for m in [a, b, c] {
                        t.play(&mut n, m);
                    }
                    keys.insert(t.hash(&n).unwrap());
                    count += 1;
                }
            }
        }
        assert!(keys.len() < count);
        assert!(exact_value(&t, &t.root(), 1_000).is_some());
    }

    #[test]
    fn p_game_and_incremental_values() {
        assert!((PGame::critical_probability(3) - 0.682_327_8).abs() < 1e-6);
        let g = PGame::new(2, 4, 3, 0.6);
        let v = exact_value(&g, &g.root(), 1000).unwrap();
        assert!(v.abs() > i32::MAX_EVAL);
        let t = IncrementalTree::new(2, 3, 4);
        let v = exact_value(&t, &t.root(), 1000).unwrap();
        assert!(t.bounds(&t, &t.root()).contains(v));
    }

    use crate::Score;
}
