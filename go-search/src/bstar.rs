//! B* (Berliner 1979): best-first search on intervals `[pessimistic, optimistic]`.
//!
//! Every evaluated node holds [`Bounds`] that should contain its true value. Interior
//! nodes back up their children's bounds (negamax form: `pessimistic = max(-child
//! optimistic)`, `optimistic = max(-child pessimistic)`); different children may
//! supply the two ends. The search stops when the root **separates**: the best child's
//! pessimistic bound (seen from the root) reaches every other child's optimistic bound.
//! Then, if the bounds are valid, the best child is a true best move, whatever its exact
//! value.
//!
//! Each iteration chooses a strategy at the root ([`Strategy`]):
//! - **ProveBest** expands below the current best child (highest optimistic bound) to
//!   raise its pessimistic bound;
//! - **DisproveRest** expands below the competitor with the next highest optimistic
//!   bound to lower it. It applies only when the best child also has the highest
//!   pessimistic bound, and only while no competitor is already solved.
//!
//! Below the root the search always descends to the child that is most optimistic for
//! the side to move, expands it (all children generated and evaluated at once) and
//! backs the bounds up as far as they change. Positions that never separate (common in
//! Go) end on a node, evaluation, memory or time limit with an explicit "not
//! separated" report: `solved == false`, the current best move, and the root bounds.

use crate::bounds::Bounds;
use crate::eval::{Candidates, IntervalEvaluator, candidate_moves};
use crate::game::Game;
use crate::limits::{Budget, Limits};
use crate::observe::{Event, Observer, Snapshot};
use crate::report::{Report, Stats, Stop, Value};
use crate::rng::Rng;
use crate::score::{MAX_PLY, Score};
use crate::searcher::Searcher;

/// How B* chooses between ProveBest and DisproveRest when both apply.
///
/// With the root's children sorted by optimistic bound, child 1 the best, `d_i` the depth
/// (from the root) its optimistic bound was backed up from, and `x` the last child whose
/// optimistic bound still exceeds the best child's pessimistic bound:
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum Strategy {
    /// Berliner's xD criterion: ProveBest if `Σ_{i=2..x} d_i² ≥ d_1²`, else DisproveRest.
    XD,
    /// Berliner's xR criterion: like xD with each `d_i²` divided by child `i`'s range.
    XR,
    /// Alternate ProveBest and DisproveRest (Maven).
    Alternate,
    /// ProveBest unless only DisproveRest can make progress.
    AlwaysProveBest,
    /// DisproveRest whenever it applies.
    PreferDisproveRest,
    /// Pick one at random with a seeded generator.
    Random {
        /// The seed.
        seed: u64,
    },
}

/// Options of [`BStar`].
///
/// # Examples
/// ```
/// use go_search::bstar::{Config, Strategy};
/// let config = Config::default().strategy(Strategy::XR);
/// assert_eq!(config.get_strategy(), Strategy::XR);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    strategy: Strategy,
}

impl Default for Config {
    /// Alternating strategies (among the best in Anema's comparisons).
    fn default() -> Config {
        Config { strategy: Strategy::Alternate }
    }
}

impl Config {
    /// Sets the strategy choice.
    #[must_use]
    pub fn strategy(mut self, strategy: Strategy) -> Config {
        self.strategy = strategy;
        self
    }

    /// The strategy choice.
    pub fn get_strategy(&self) -> Strategy {
        self.strategy
    }
}

/// What one root iteration does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plan {
    ProveBest,
    DisproveRest,
}

/// A node of the B* tree. Bounds are for the side to move at the node.
#[derive(Clone, Debug)]
struct BNode<M, S> {
    mv: Option<M>,
    parent: u32,
    first: u32,
    count: u32,
    pess: S,
    opt: S,
    /// Depth below this node that `pess` / `opt` were backed up from.
    pess_depth: u32,
    opt_depth: u32,
    /// The child that supplies `pess`.
    pess_src: u32,
    /// The child most optimistic for the side to move (where the search descends); it
    /// supplies `opt`.
    select: u32,
    /// Expanded, or known to have no children (terminal).
    closed: bool,
}

impl<M, S: Score> BNode<M, S> {
    fn is_solved(&self) -> bool {
        self.pess >= self.opt
    }
}

/// The order in which a node's children compete to supply its optimistic bound: the most
/// optimistic for the side to move, an unsolved child before a solved one.
fn opt_key<M, S: Score>(child: &BNode<M, S>) -> (S, bool) {
    (-child.pess, !child.is_solved())
}

/// Reusable working memory of [`BStar`]: the node arena and the path buffer.
#[derive(Debug)]
pub struct Scratch<M, S> {
    nodes: Vec<BNode<M, S>>,
    moves: Vec<M>,
    buf: Vec<M>,
}

impl<M: Copy, S: Score> Scratch<M, S> {
    /// Empty scratch space.
    pub fn new() -> Scratch<M, S> {
        Scratch { nodes: Vec::new(), moves: Vec::new(), buf: Vec::new() }
    }

    /// The root's moves and their bounds from the root's point of view, after the last
    /// search (empty before it, or if the root was terminal).
    pub fn root_children(&self) -> Vec<(M, Bounds<S>)> {
        let Some(root) = self.nodes.first() else { return Vec::new() };
        self.children(root).filter_map(|c| Some((c.mv?, Bounds::new(-c.opt, -c.pess)?))).collect()
    }

    fn children<'s>(&'s self, n: &BNode<M, S>) -> impl Iterator<Item = &'s BNode<M, S>> + 's {
        let range = n.first as usize..(n.first + n.count) as usize;
        self.nodes[range].iter()
    }
}

impl<M: Copy, S: Score> Default for Scratch<M, S> {
    fn default() -> Self {
        Scratch::new()
    }
}

/// B* search with an [`IntervalEvaluator`].
///
/// # Examples
/// ```
/// use go_search::{BStar, Bounds, Game, IntervalEvaluator, Limits, Outcome, Searcher, Side, Value};
///
/// /// Two moves: "safe" (worth exactly 1) and "wild" (somewhere in [-5, 0]).
/// struct Choice;
/// impl Game for Choice {
///     type State = u8; // 0 = root, 1 = after safe, 2 = after wild
///     type Move = u8;
///     type Undo = u8;
///     type Score = i32;
///     fn moves(&self, s: &u8, out: &mut Vec<u8>) -> Option<Outcome<i32>> {
///         match s {
///             0 => { out.extend([1, 2]); None }
///             1 => Some(Outcome::Score(-1)), // the opponent's view
///             _ => Some(Outcome::Score(3)),
///         }
///     }
///     fn play(&self, s: &mut u8, m: u8) -> u8 { std::mem::replace(s, m) }
///     fn undo(&self, s: &mut u8, _: u8, old: u8) { *s = old; }
///     fn side_to_move(&self, s: &u8) -> Side { if *s == 0 { Side::First } else { Side::Second } }
/// }
/// struct Wide;
/// impl IntervalEvaluator<Choice> for Wide {
///     fn bounds(&self, _: &Choice, _: &u8) -> Bounds<i32> { Bounds::must(-10, 10) }
/// }
///
/// let bstar = BStar::new(Default::default(), Wide);
/// let mut scratch = bstar.scratch();
/// let report = bstar.search(&Choice, &mut scratch, &0, &Limits::default().nodes(1000));
/// assert!(report.solved); // separated
/// assert_eq!(report.best, Some(1));
/// assert_eq!(report.value, Value::Bounds(Bounds::must(1, 1)));
/// ```
#[derive(Clone, Debug)]
pub struct BStar<E, C = ()> {
    config: Config,
    eval: E,
    candidates: C,
}

impl<E> BStar<E> {
    /// B* with `config` and the interval evaluator `eval`.
    pub fn new(config: Config, eval: E) -> BStar<E> {
        BStar { config, eval, candidates: () }
    }
}

impl<E, C> BStar<E, C> {
    /// Expands only the moves `candidates` keeps (see [`Candidates`]).
    pub fn with_candidates<C2>(self, candidates: C2) -> BStar<E, C2> {
        BStar { config: self.config, eval: self.eval, candidates }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Fresh scratch space.
    pub fn scratch<M: Copy, S: Score>(&self) -> Scratch<M, S> {
        Scratch::new()
    }
}

/// One B* search in progress.
struct Run<'a, G: Game, E, C> {
    game: &'a G,
    eval: &'a E,
    candidates: &'a C,
    config: Config,
    budget: Budget<'a, G::Move, G::Score>,
    stats: Stats,
    nodes: &'a mut Vec<BNode<G::Move, G::Score>>,
    moves: &'a mut Vec<G::Move>,
    buf: &'a mut Vec<G::Move>,
    /// Nodes (with their moves and undo records) currently played on the state.
    path: Vec<(u32, G::Move, G::Undo)>,
    target: Vec<u32>,
    /// The root children that still compete with the best (filled by `decide`).
    competing: Vec<u32>,
    alternate: bool,
    rng: Option<Rng>,
    /// The best root child of the last decision (the highest optimistic bound).
    best: u32,
}

impl<G: Game, E: IntervalEvaluator<G>, C: Candidates<G>> Run<'_, G, E, C> {
    /// Generates and evaluates the children of `index` (whose state is `state`, `ply`
    /// moves below the root), then backs the bounds up.
    fn expand(&mut self, index: u32, state: &mut G::State, ply: u32) {
        let outcome = candidate_moves(self.game, self.candidates, state, ply, self.moves);
        let first = self.nodes.len() as u32;
        let node = &mut self.nodes[index as usize];
        node.closed = true;
        if let Some(outcome) = outcome {
            let v = outcome.value(ply);
            (node.pess, node.opt) = (v, v);
        } else if self.moves.is_empty() {
            (node.pess, node.opt) = (G::Score::ZERO, G::Score::ZERO);
        } else {
            node.first = first;
            node.count = self.moves.len() as u32;
            self.stats.expansions += 1;
            self.stats.interior_nodes += 1;
            self.stats.max_depth = self.stats.max_depth.max(ply + 1);
            self.nodes.reserve(self.moves.len());
            for i in 0..self.moves.len() {
                let mv = self.moves[i];
                let undo = self.game.play(state, mv);
                let child = match self.game.outcome(state, self.buf) {
                    Some(outcome) => {
                        let v = outcome.value(ply + 1);
                        BNode::leaf(mv, index, v, v, true)
                    }
                    None => {
                        self.stats.evaluations += 1;
                        let b = self.eval.bounds(self.game, state).within_win();
                        BNode::leaf(mv, index, b.pessimistic(), b.optimistic(), false)
                    }
                };
                self.game.undo(state, mv, undo);
                self.nodes.push(child);
            }
            self.stats.nodes += u64::from(self.nodes[index as usize].count);
        }
        self.back_up(index);
    }

    /// Recomputes the bounds of `index` (all its children are new) and of its ancestors
    /// while they change.
    ///
    /// Above `index` only one child of each node has changed, so a node is updated from
    /// that child alone, unless the child supplied one of the node's bounds and got
    /// worse; then its children are scanned again. Both ways give the same result: each
    /// bound comes from the child with the greatest key (see [`Run::rescan`]).
    ///
    /// The root's own bounds are left to [`Run::decide`], which reads its children
    /// anyway, and are computed once when the search ends.
    fn back_up(&mut self, index: u32) {
        let mut changed = self.rescan(index);
        let mut child = index;
        while changed && child != 0 {
            let parent = self.nodes[child as usize].parent;
            if parent == 0 {
                break;
            }
            changed = self.update(parent, child);
            child = parent;
        }
    }

    /// Recomputes the bounds of `index` from all its children; `true` if they changed.
    ///
    /// The pessimistic bound comes from the first child with the greatest `-opt`; the
    /// optimistic bound and `select` from the first child with the greatest
    /// `(-pess, unsolved)`.
    fn rescan(&mut self, index: u32) -> bool {
        let n = &self.nodes[index as usize];
        if n.count == 0 {
            return true;
        }
        let (first, end) = (n.first as usize, (n.first + n.count) as usize);
        let (mut pess_src, mut select) = (first, first);
        let (mut pess, mut opt) = (-self.nodes[first].opt, opt_key(&self.nodes[first]));
        for (c, child) in self.nodes[first + 1..end].iter().enumerate() {
            let c = first + 1 + c;
            let (p, o) = (-child.opt, opt_key(child));
            if p > pess {
                (pess, pess_src) = (p, c);
            }
            if o > opt {
                (opt, select) = (o, c);
            }
        }
        self.set_sources(index, pess_src as u32, select as u32)
    }

    /// Updates the bounds of `index` after its child `c` changed; `true` if they changed.
    fn update(&mut self, index: u32, c: u32) -> bool {
        let n = &self.nodes[index as usize];
        let child = &self.nodes[c as usize];
        let pess_src = if c == n.pess_src {
            // The source itself changed: it stays the source unless it got worse.
            if -child.opt < n.pess {
                return self.rescan(index);
            }
            c
        } else {
            let source = -self.nodes[n.pess_src as usize].opt;
            if -child.opt > source || (-child.opt == source && c < n.pess_src) {
                c
            } else {
                n.pess_src
            }
        };
        let select = if c == n.select {
            // It stays unless it got worse; a solved child may have to give way to an
            // equally good unsolved one.
            let v = -child.pess;
            if v < n.opt || (v == n.opt && child.is_solved()) {
                return self.rescan(index);
            }
            c
        } else {
            let (key, best) = (opt_key(child), opt_key(&self.nodes[n.select as usize]));
            if key > best || (key == best && c < n.select) { c } else { n.select }
        };
        self.set_sources(index, pess_src, select)
    }

    /// Sets the bounds of `index` from the children that supply them; `true` if
    /// anything changed.
    fn set_sources(&mut self, index: u32, pess_src: u32, select: u32) -> bool {
        let (p, s) = (&self.nodes[pess_src as usize], &self.nodes[select as usize]);
        let new = (-p.opt, -s.pess, p.opt_depth + 1, s.pess_depth + 1, pess_src, select);
        let n = &mut self.nodes[index as usize];
        let old = (n.pess, n.opt, n.pess_depth, n.opt_depth, n.pess_src, n.select);
        (n.pess, n.opt, n.pess_depth, n.opt_depth, n.pess_src, n.select) = new;
        old != new
    }

    /// The root decision: `None` when separated, else the root child to descend into.
    fn decide(&mut self) -> Option<u32> {
        let root = &self.nodes[0];
        let first = root.first as usize;
        let kids = &self.nodes[first..first + root.count as usize];
        // Root view: upper = -child.pess, lower = -child.opt.
        let key = |n: &BNode<G::Move, G::Score>| (-n.pess, -n.opt, !n.is_solved());
        let mut best = 0;
        let mut best_key = key(&kids[0]);
        for (i, n) in kids.iter().enumerate().skip(1) {
            let k = key(n);
            if k > best_key {
                (best, best_key) = (i, k);
            }
        }
        self.best = (first + best) as u32;
        let (_, best_lower, best_open) = best_key;
        // The competitors: other children whose upper bound exceeds the best's lower
        // (listed only for the strategies that weigh them).
        let list = matches!(self.config.strategy, Strategy::XD | Strategy::XR);
        self.competing.clear();
        let mut top: Option<(G::Score, bool, usize)> = None;
        let mut best_has_top_lower = true;
        let mut competitor_solved = false;
        for (i, n) in kids.iter().enumerate() {
            let (upper, lower, open) = key(n);
            if i == best {
                continue;
            }
            best_has_top_lower &= lower <= best_lower;
            if upper > best_lower {
                if list {
                    self.competing.push((first + i) as u32);
                }
                competitor_solved |= !open;
                if top.is_none_or(|(u, o, _)| (upper, open) > (u, o)) {
                    top = Some((upper, open, i));
                }
            }
        }
        // Separation (a single move is separated at once).
        let (_, _, target) = top?;
        let can_disprove = best_has_top_lower && !competitor_solved;
        let best = (first + best) as u32;
        let plan = match (best_open, can_disprove) {
            (true, false) => Plan::ProveBest,
            (false, true) => Plan::DisproveRest,
            (false, false) => return None, // best solved and above every competitor
            (true, true) => self.choose(best),
        };
        Some(match plan {
            Plan::ProveBest => best,
            Plan::DisproveRest => (first + target) as u32,
        })
    }

    /// Applies the configured strategy when both plans are possible.
    fn choose(&mut self, best: u32) -> Plan {
        let effort = |c: u32, by_range: bool| {
            let n = &self.nodes[c as usize];
            let d = f64::from(n.pess_depth + 1);
            let range = (n.opt.to_f64() - n.pess.to_f64()).max(f64::MIN_POSITIVE);
            if by_range { d * d / range } else { d * d }
        };
        let criterion = |by_range| {
            let rest: f64 = self.competing.iter().map(|&c| effort(c, by_range)).sum();
            if rest >= effort(best, by_range) { Plan::ProveBest } else { Plan::DisproveRest }
        };
        match self.config.strategy {
            Strategy::XD => criterion(false),
            Strategy::XR => criterion(true),
            Strategy::AlwaysProveBest => Plan::ProveBest,
            Strategy::PreferDisproveRest => Plan::DisproveRest,
            Strategy::Alternate => {
                self.alternate = !self.alternate;
                if self.alternate { Plan::ProveBest } else { Plan::DisproveRest }
            }
            Strategy::Random { seed } => {
                let rng = self.rng.get_or_insert_with(|| Rng::new(seed));
                if rng.below(2) == 0 { Plan::ProveBest } else { Plan::DisproveRest }
            }
        }
    }

    /// Descends from root child `start` to an open leaf, expands it and backs up.
    /// `false` when no leaf could be expanded (the path got too deep).
    ///
    /// The moves of the previous descent stay played on `state` (in `self.path`):
    /// successive descents share long prefixes, so only the difference is replayed.
    fn iterate(&mut self, state: &mut G::State, start: u32) -> bool {
        self.target.clear();
        let mut index = start;
        loop {
            self.target.push(index);
            let n = &self.nodes[index as usize];
            if !n.closed {
                break;
            }
            if n.count == 0 || self.target.len() as u32 >= MAX_PLY {
                // Too deep, or a solved leaf (only reachable with inconsistent bounds).
                return false;
            }
            index = n.select;
        }
        let common =
            self.path.iter().zip(self.target.iter()).take_while(|(p, t)| p.0 == **t).count();
        self.rewind(state, common);
        for i in common..self.target.len() {
            let node = self.target[i];
            let Some(mv) = self.nodes[node as usize].mv else { return false };
            let undo = self.game.play(state, mv);
            self.path.push((node, mv, undo));
        }
        self.expand(index, state, self.path.len() as u32);
        true
    }

    /// Takes back the played path down to its first `len` moves.
    fn rewind(&mut self, state: &mut G::State, len: usize) {
        take_back(self.game, state, &mut self.path, len);
    }
}

/// The current opinion of a B* tree: the best root child `best`, the root's bounds
/// backed up from its children, and the principal variation.
fn snapshot<M: Copy, S: Score>(nodes: &[BNode<M, S>], best: u32, depth: u32) -> Snapshot<M, S> {
    let root = &nodes[0];
    let kids = &nodes[root.first as usize..(root.first + root.count) as usize];
    let inf = S::INFINITY;
    let (pess, opt) = kids.iter().fold((-inf, -inf), |(p, o), c| (p.max(-c.opt), o.max(-c.pess)));
    let value = Bounds::new(pess, opt).map_or(Value::Unknown, Value::Bounds);
    Snapshot::line(nodes[best as usize].mv, value, principal_variation(nodes, best), depth)
}

/// The principal variation from root child `best`: at each node, the child that
/// supplies its pessimistic bound.
fn principal_variation<M: Copy, S: Score>(nodes: &[BNode<M, S>], best: u32) -> Vec<M> {
    let mut pv = Vec::new();
    let mut index = best;
    while let Some(mv) = nodes[index as usize].mv {
        pv.push(mv);
        let n = &nodes[index as usize];
        if n.count == 0 {
            break;
        }
        let kids = n.first..n.first + n.count;
        index =
            kids.fold(
                n.first,
                |b, c| {
                    if -nodes[c as usize].opt > -nodes[b as usize].opt { c } else { b }
                },
            );
    }
    pv
}

/// Takes back the moves of `path` (tree node, move, undo record), played on `state`
/// by a best-first search, down to its first `len` moves (B* and PB*).
pub(crate) fn take_back<G: Game>(
    game: &G,
    state: &mut G::State,
    path: &mut Vec<(u32, G::Move, G::Undo)>,
    len: usize,
) {
    let keep = len.min(path.len());
    for (_, mv, undo) in path.drain(keep..).rev() {
        game.undo(state, mv, undo);
    }
}

impl<M, S: Score> BNode<M, S> {
    fn leaf(mv: M, parent: u32, pess: S, opt: S, closed: bool) -> BNode<M, S> {
        BNode {
            mv: Some(mv),
            parent,
            first: 0,
            count: 0,
            pess,
            opt,
            pess_depth: 0,
            opt_depth: 0,
            pess_src: 0,
            select: 0,
            closed,
        }
    }
}

impl<G, E, C> Searcher<G> for BStar<E, C>
where
    G: Game,
    G::State: Clone,
    E: IntervalEvaluator<G>,
    C: Candidates<G>,
{
    type Scratch = Scratch<G::Move, G::Score>;

    fn scratch(&self) -> Self::Scratch {
        Scratch::new()
    }

    fn search_observed(
        &self,
        game: &G,
        scratch: &mut Self::Scratch,
        root: &G::State,
        limits: &Limits,
        observer: &mut dyn Observer<G::Move, G::Score>,
    ) -> Report<G::Move, G::Score> {
        scratch.nodes.clear();
        scratch.nodes.push(BNode {
            mv: None,
            parent: 0,
            first: 0,
            count: 0,
            pess: -G::Score::INFINITY,
            opt: G::Score::INFINITY,
            pess_depth: 0,
            opt_depth: 0,
            pess_src: 0,
            select: 0,
            closed: false,
        });
        let mut run = Run {
            game,
            eval: &self.eval,
            candidates: &self.candidates,
            config: self.config,
            budget: Budget::new(limits, Some(observer)),
            stats: Stats { nodes: 1, threads: 1, ..Stats::default() },
            nodes: &mut scratch.nodes,
            moves: &mut scratch.moves,
            buf: &mut scratch.buf,
            path: Vec::new(),
            target: Vec::new(),
            competing: Vec::new(),
            alternate: false,
            rng: None,
            best: 0,
        };
        let mut state = root.clone();
        run.expand(0, &mut state, 0);
        let mut report = Report::empty();
        let root_node = &run.nodes[0];
        if root_node.count == 0 {
            report.value = Value::Exact(root_node.pess);
            report.solved = true;
        } else {
            let mut reported = None;
            let best = loop {
                let Some(target) = run.decide() else { break None };
                let depth = run.stats.max_depth;
                if run.budget.wants_events() && reported != Some(run.best) {
                    reported = Some(run.best);
                    let snap = snapshot(run.nodes, run.best, depth);
                    if run.budget.notify(Event::BestMove, &run.stats, snap) {
                        break Some(target);
                    }
                }
                let (nodes, best) = (&*run.nodes, run.best);
                if run.budget.exhausted(&run.stats, || snapshot(nodes, best, depth))
                    || run.budget.memory_exhausted(run.nodes.len() as u64)
                {
                    break Some(target);
                }
                if !run.iterate(&mut state, target) {
                    run.budget.halt(Stop::MaxPly);
                    break Some(target);
                }
            };
            run.rewind(&mut state, 0);
            run.rescan(0);
            // Separated: the best child; else the current best (highest optimistic).
            let root = &run.nodes[0];
            let kids = root.first..root.first + root.count;
            let current = kids.clone().fold(root.first, |b, c| {
                let key = |i: u32| (-run.nodes[i as usize].pess, -run.nodes[i as usize].opt);
                if key(c) > key(b) { c } else { b }
            });
            let chosen = match best {
                None => {
                    report.solved = true;
                    // The separated child: highest pessimistic bound.
                    kids.fold(root.first, |b, c| {
                        let key =
                            |i: u32| (-run.nodes[i as usize].opt, -run.nodes[i as usize].pess);
                        if key(c) > key(b) { c } else { b }
                    })
                }
                Some(_) => current,
            };
            let root = &run.nodes[0];
            report.value =
                Value::Bounds(Bounds::new(root.pess, root.opt).unwrap_or(Bounds::exact(root.pess)));
            report.best = run.nodes[chosen as usize].mv;
            report.pv = principal_variation(run.nodes, chosen);
            report.depth = run.stats.max_depth;
        }
        report.stop = run.budget.stopped();
        run.stats.peak_nodes = run.nodes.len() as u64;
        run.stats.finish(run.budget.elapsed());
        report.stats = run.stats;
        report
    }
}
