//! PB*: Palay's probabilistic B* (AIJ 1982; thesis "Searching with Probabilities", 1983).
//!
//! Like [`BStar`](crate::BStar), PB* is a best-first search over [`Bounds`], but every
//! node also holds a *realistic* value (an [`Estimate`] from a
//! [`ProbabilityEvaluator`]), and the search is steered by the probability that a side
//! reaches a target value, under the model documented on [`Estimate`]: each side's hope
//! is uniform between the realistic value and its own bound. Interior nodes back up all
//! three values negamax-style: `realistic = max(-child realistic)`, `pessimistic =
//! max(-child optimistic)`, `optimistic = max(-child pessimistic)`.
//!
//! At the root, with `best` the child with the highest realistic value, iterations
//! alternate two phases (Palay):
//! - **SELECT** searches below the alternative most likely to reach `best`'s realistic
//!   value (the value that would make it best), to raise it — or to show it cannot;
//! - **VERIFY** searches below `best` with the target "the second-best child's realistic
//!   value", to see whether the opponent can push `best` below it.
//!
//! A phase that cannot make progress (SELECT when no unsolved alternative can still
//! beat `best`'s pessimistic bound, VERIFY when `best` is solved) gives way to the
//! other. Below the root every node is entered with a target for its side to move (the
//! negated target of its parent), and the search descends to the unsolved child most
//! likely to give that side the target — its [`Estimate::fall_probability`], seen from
//! the child. Ties (typically all 0 or all 1) go to the child with the higher
//! optimistic, then realistic value for that side, so without information from the
//! probabilities PB* descends as B* does; SELECT breaks ties between alternatives the
//! same way. The open leaf reached is expanded (all children generated and estimated at
//! once) and the values are backed up as far as they change.
//!
//! The search stops when
//! - the root **separates**, exactly as in B*: one child's pessimistic bound reaches
//!   every other child's optimistic bound. Then [`Report::solved`] is `true` and, if the
//!   bounds are valid, the move is a true best move;
//! - or (Palay's practical stop) the probability that some other child beats `best`
//!   falls below [`Config::min_probability`]: the sum over the other children `c` of
//!   `P(X_c > Y)`, with `X_c` uniform on `c`'s `[realistic, optimistic]` (the root's hope
//!   for `c`) and `Y` uniform on `best`'s `[pessimistic, realistic]` (the opponent's hope
//!   against `best`), independent. The sum bounds the probability that at least one
//!   child beats `best` without assuming the children independent. The report then has
//!   `solved == false`, [`Stop::Probability`] and `best` as its move;
//! - or on a node, evaluation, memory or time limit or the stop flag, with an explicit
//!   "not separated" report: `solved == false`, the reason, and the child with the
//!   highest realistic value.
//!
//! The reported value is the root's [`Bounds`]; [`Scratch::root_children`] gives every
//! root move's backed-up [`Estimate`].

use crate::bounds::Bounds;
use crate::error::ConfigError;
use crate::estimate::{Estimate, at_least};
use crate::eval::{Candidates, ProbabilityEvaluator, candidate_moves};
use crate::game::Game;
use crate::limits::{Budget, Limits};
use crate::observe::{Event, Observer, Snapshot};
use crate::report::{Report, Stats, Stop, Value};
use crate::score::{MAX_PLY, Score};
use crate::searcher::Searcher;

/// Options of [`PBStar`].
///
/// # Examples
/// ```
/// use go_search::pbstar::Config;
/// let config = Config::default().min_probability(0.05);
/// assert_eq!(config.get_min_probability(), 0.05);
/// // 0 disables the probabilistic stop: only separation ends the search.
/// assert_eq!(Config::default().min_probability(0.0).get_min_probability(), 0.0);
/// // Probabilities outside [0, 1] are refused when the searcher is built.
/// # struct E;
/// assert!(go_search::PBStar::new(Config::default().min_probability(-1.0), E).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    min_probability: f64,
}

impl Default for Config {
    /// Stops when the probability that another move beats the best is below 1%.
    fn default() -> Config {
        Config { min_probability: 0.01 }
    }
}

impl Config {
    /// Sets the probability below which the search stops without separation (Palay's
    /// practical stop), in `[0, 1]` ([`PBStar::new`] refuses other values). With 0 only
    /// separation (or a limit) ends the search.
    #[must_use]
    pub fn min_probability(mut self, p: f64) -> Config {
        self.min_probability = p;
        self
    }

    /// Checks the settings.
    fn validate(&self) -> Result<(), ConfigError> {
        if (0.0..=1.0).contains(&self.min_probability) {
            Ok(())
        } else {
            let expected = "a probability in [0, 1]";
            Err(ConfigError::new("pbstar::Config::min_probability", self.min_probability, expected))
        }
    }

    /// The probability below which the search stops without separation.
    pub fn get_min_probability(&self) -> f64 {
        self.min_probability
    }
}

/// A node of the PB* tree. Values are for the side to move at the node.
#[derive(Clone, Debug)]
struct PNode<M, S> {
    pess: S,
    real: S,
    opt: S,
    mv: Option<M>,
    parent: u32,
    first: u32,
    count: u32,
    /// Expanded, or known to have no children (terminal).
    closed: bool,
}

impl<M, S: Score> PNode<M, S> {
    fn new(mv: Option<M>, parent: u32, e: Estimate<S>, closed: bool) -> PNode<M, S> {
        let b = e.bounds();
        PNode {
            pess: b.pessimistic(),
            real: e.realistic(),
            opt: b.optimistic(),
            mv,
            parent,
            first: 0,
            count: 0,
            closed,
        }
    }

    fn is_solved(&self) -> bool {
        self.pess >= self.opt
    }

    fn kids(&self) -> core::ops::Range<usize> {
        self.first as usize..(self.first + self.count) as usize
    }

    /// Seen from the parent: (pessimistic, realistic, optimistic).
    fn seen(&self) -> (S, S, S) {
        (-self.opt, -self.real, -self.pess)
    }

    /// How promising this child is for the parent's side to move, which wants at least
    /// `target`: the probability (under that side's hope, uniform on the parent's view
    /// of `[realistic, optimistic]`), then the optimistic and realistic values.
    fn promise(&self, target: S) -> Promise<S> {
        let (_, real, opt) = self.seen();
        (at_least(real, opt, target), opt, real)
    }
}

/// How promising a child is: probability of reaching the target, optimistic and
/// realistic values, compared in this order.
type Promise<S> = (f64, S, S);

/// Whether key `a` is strictly greater than key `b`.
fn greater<S: Ord>(a: Promise<S>, b: Promise<S>) -> bool {
    a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)).is_gt()
}

/// `P(X > Y)` for independent `X` uniform on `x` and `Y` uniform on `y` (closed
/// intervals; a degenerate one is a point mass): the mean over `Y` of `P(X > y)`, which
/// is linear between the ends of `x`, so exact with the midpoint rule on those pieces.
fn beats<S: Score>(x: (S, S), y: (S, S)) -> f64 {
    let (x0, x1) = (x.0.to_f64(), x.1.to_f64());
    let above = |t: f64| {
        if x1 <= x0 { f64::from(u8::from(x0 > t)) } else { ((x1 - t) / (x1 - x0)).clamp(0.0, 1.0) }
    };
    let (y0, y1) = (y.0.to_f64(), y.1.to_f64());
    if y1 <= y0 {
        return above(y0);
    }
    let cuts = [y0, x0.clamp(y0, y1), x1.clamp(y0, y1), y1];
    cuts.windows(2).map(|w| (w[1] - w[0]) * above(0.5 * (w[0] + w[1]))).sum::<f64>() / (y1 - y0)
}

/// Reusable working memory of [`PBStar`]: the node arena and move buffers.
#[derive(Debug)]
pub struct Scratch<M, S> {
    nodes: Vec<PNode<M, S>>,
    moves: Vec<M>,
    buf: Vec<M>,
}

impl<M, S> Default for Scratch<M, S> {
    fn default() -> Self {
        Scratch { nodes: Vec::new(), moves: Vec::new(), buf: Vec::new() }
    }
}

impl<M: Copy, S: Score> Scratch<M, S> {
    /// Empty scratch space.
    pub fn new() -> Scratch<M, S> {
        Scratch::default()
    }

    /// The root's moves and their backed-up estimates from the root's point of view,
    /// after the last search (empty before it, or if the root was terminal).
    pub fn root_children(&self) -> Vec<(M, Estimate<S>)> {
        let Some(root) = self.nodes.first() else { return Vec::new() };
        self.nodes[root.kids()]
            .iter()
            .filter_map(|c| {
                let (pess, real, opt) = c.seen();
                Some((c.mv?, Estimate::new(Bounds::new(pess, opt)?, real)))
            })
            .collect()
    }
}

/// PB* search with a [`ProbabilityEvaluator`]; see the [module docs](self).
///
/// # Examples
/// ```
/// use go_search::pbstar::Config;
/// use go_search::{
///     Bounds, Estimate, Game, Limits, Outcome, PBStar, ProbabilityEvaluator, Searcher, Side,
///     Stop, Value,
/// };
///
/// /// Two moves, each answered by two replies that end the game. True values for the
/// /// first player: move 1 is worth 8, move 2 is worth 2.
/// struct Two;
/// impl Game for Two {
///     type State = u8; // 0 = root, 1 and 2 after a move, 11..=22 after a reply
///     type Move = u8;
///     type Undo = u8;
///     type Score = i32;
///     fn moves(&self, s: &u8, out: &mut Vec<u8>) -> Option<Outcome<i32>> {
///         match s {
///             0 => out.extend([1, 2]),
///             1 | 2 => out.extend([10 * s + 1, 10 * s + 2]),
///             11 => return Some(Outcome::Score(8)),
///             12 => return Some(Outcome::Score(9)),
///             21 => return Some(Outcome::Score(3)),
///             _ => return Some(Outcome::Score(2)),
///         }
///         None
///     }
///     fn play(&self, s: &mut u8, m: u8) -> u8 { std::mem::replace(s, m) }
///     fn undo(&self, s: &mut u8, _: u8, old: u8) { *s = old; }
///     fn side_to_move(&self, s: &u8) -> Side {
///         if matches!(s, 1 | 2) { Side::Second } else { Side::First }
///     }
/// }
///
/// /// Estimates for the second player, to move after 1 and 2.
/// struct Hunch;
/// impl ProbabilityEvaluator<Two> for Hunch {
///     fn estimate(&self, _: &Two, s: &u8) -> Estimate<i32> {
///         match s {
///             1 => Estimate::new(Bounds::must(-10, -7), -8), // first player: 7..10, likely 8
///             _ => Estimate::new(Bounds::must(-8, 10), 0), // first player: -10..8, likely 0
///         }
///     }
/// }
///
/// // Move 2 beats move 1 with probability 1/16 under the model: a lenient threshold
/// // stops at once, on a probable best move.
/// let lenient = PBStar::new(Config::default().min_probability(0.1), Hunch)?;
/// let mut scratch = lenient.scratch();
/// let r = lenient.search(&Two, &mut scratch, &0, &Limits::default());
/// assert_eq!((r.best, r.solved, r.stop), (Some(1), false, Some(Stop::Probability)));
/// assert_eq!(r.stats.expansions, 1);
///
/// // Without the probabilistic stop, PB* searches until the root separates.
/// let strict = PBStar::new(Config::default().min_probability(0.0), Hunch)?;
/// let r = strict.search(&Two, &mut scratch, &0, &Limits::default());
/// assert_eq!((r.best, r.solved, r.stop), (Some(1), true, None));
/// assert!(matches!(r.value, Value::Bounds(b) if b.contains(8)));
/// # Ok::<_, go_search::ConfigError>(())
/// ```
#[derive(Clone, Debug)]
pub struct PBStar<E, C = ()> {
    config: Config,
    eval: E,
    candidates: C,
}

impl<E> PBStar<E> {
    /// PB* with `config` and the probability evaluator `eval`.
    ///
    /// # Errors
    /// If [`Config::min_probability`] is not in `[0, 1]` (NaN included).
    pub fn new(config: Config, eval: E) -> Result<PBStar<E>, ConfigError> {
        config.validate()?;
        Ok(PBStar { config, eval, candidates: () })
    }
}

impl<E, C> PBStar<E, C> {
    /// Expands only the moves `candidates` keeps (see [`Candidates`]).
    pub fn with_candidates<C2>(self, candidates: C2) -> PBStar<E, C2> {
        PBStar { config: self.config, eval: self.eval, candidates }
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

/// What the root asks for next.
#[derive(Clone, Copy, Debug)]
enum Step<S> {
    /// The root separated on this child.
    Separated(u32),
    /// This child is probably best (Palay's stop).
    Probable(u32),
    /// Search below this child, whose side to move wants at least this target.
    Descend(u32, S),
}

/// One PB* search in progress.
struct Run<'a, G: Game, E, C> {
    /// The arena: the root first, siblings contiguous.
    nodes: &'a mut Vec<PNode<G::Move, G::Score>>,
    /// Move buffers for the expanded node and for the terminal test of its children.
    moves: &'a mut Vec<G::Move>,
    buf: &'a mut Vec<G::Move>,
    game: &'a G,
    eval: &'a E,
    candidates: &'a C,
    min_probability: f64,
    stats: Stats,
    budget: Budget<'a, G::Move, G::Score>,
    /// Nodes (with their moves and undo records) currently played on the state.
    path: Vec<(u32, G::Move, G::Undo)>,
    /// Whether the next iteration is a SELECT (else VERIFY) iteration.
    select: bool,
}

impl<G: Game, E: ProbabilityEvaluator<G>, C: Candidates<G>> Run<'_, G, E, C> {
    /// The estimate of a child position just played on `state`, `ply` moves below the
    /// root, and whether it is terminal.
    fn estimate(&mut self, state: &G::State, ply: u32) -> (Estimate<G::Score>, bool) {
        match self.game.outcome(state, self.buf) {
            Some(outcome) => (Estimate::exact(outcome.value(ply)), true),
            None => {
                self.stats.evaluations += 1;
                let e = self.eval.estimate(self.game, state);
                (Estimate::new(e.bounds().within_win(), e.realistic()), false)
            }
        }
    }

    /// Generates and estimates the children of `index` (whose state is `state`, `ply`
    /// moves below the root), then backs the values up.
    fn expand(&mut self, index: u32, state: &mut G::State, ply: u32) {
        let mut moves = std::mem::take(self.moves);
        let outcome = candidate_moves(self.game, self.candidates, state, ply, &mut moves);
        self.nodes[index as usize].closed = true;
        if outcome.is_none() && !moves.is_empty() {
            let first = self.nodes.len() as u32;
            for &mv in &moves {
                let undo = self.game.play(state, mv);
                let (e, terminal) = self.estimate(state, ply + 1);
                self.game.undo(state, mv, undo);
                self.nodes.push(PNode::new(Some(mv), index, e, terminal));
            }
            let n = &mut self.nodes[index as usize];
            (n.first, n.count) = (first, moves.len() as u32);
            let stats = &mut self.stats;
            stats.nodes += moves.len() as u64;
            (stats.expansions, stats.interior_nodes) =
                (stats.expansions + 1, stats.interior_nodes + 1);
            stats.max_depth = stats.max_depth.max(ply + 1);
            self.refresh(index);
        } else {
            let v = outcome.map_or(G::Score::ZERO, |o| o.value(ply));
            let n = &mut self.nodes[index as usize];
            (n.pess, n.real, n.opt) = (v, v, v);
        }
        *self.moves = moves;
        self.back_up(index);
    }

    /// Recomputes the values of interior node `index` from its children; `true` if
    /// they changed.
    fn refresh(&mut self, index: u32) -> bool {
        let n = &self.nodes[index as usize];
        let inf = G::Score::INFINITY;
        let new = self.nodes[n.kids()].iter().fold((-inf, -inf, -inf), |(p, r, o), c| {
            let (cp, cr, co) = c.seen();
            (p.max(cp), r.max(cr), o.max(co))
        });
        let n = &mut self.nodes[index as usize];
        let old = (n.pess, n.real, n.opt);
        (n.pess, n.real, n.opt) = new;
        old != new
    }

    /// Refreshes the ancestors of `index` while their values change.
    fn back_up(&mut self, mut index: u32) {
        while index != 0 {
            index = self.nodes[index as usize].parent;
            if !self.refresh(index) {
                return;
            }
        }
    }

    /// The unsolved child of `index` most promising for its side to move, which wants
    /// at least `target`; `skip` is excluded and children must beat `floor` (seen from
    /// `index`) with their optimistic value.
    fn pick(&self, index: u32, target: G::Score, skip: u32, floor: G::Score) -> Option<u32> {
        let n = &self.nodes[index as usize];
        let mut best: Option<(u32, Promise<G::Score>)> = None;
        for c in n.kids() {
            let child = &self.nodes[c];
            if c as u32 == skip || child.is_solved() || child.seen().2 <= floor {
                continue;
            }
            let key = child.promise(target);
            if best.is_none_or(|(_, k)| greater(key, k)) {
                best = Some((c as u32, key));
            }
        }
        best.map(|(c, _)| c)
    }

    /// The root child with the highest realistic value (then pessimistic, optimistic).
    fn best(&self) -> u32 {
        best_child(self.nodes)
    }

    /// The root decision.
    fn decide(&mut self) -> Step<G::Score> {
        let root = &self.nodes[0];
        let seen = |c: usize| self.nodes[c].seen();
        // Separation: the highest pessimistic bound reaches every other optimistic bound.
        let top = root.kids().fold(root.first as usize, |b, c| {
            let (key_c, key_b) = ((seen(c).0, seen(c).1), (seen(b).0, seen(b).1));
            if key_c > key_b { c } else { b }
        });
        if root.kids().all(|c| c == top || seen(c).2 <= seen(top).0) {
            return Step::Separated(top as u32);
        }
        let best = self.best() as usize;
        let (best_pess, best_real, _) = seen(best);
        let others = || root.kids().filter(move |&c| c != best);
        let beaten: f64 =
            others().map(|c| beats((seen(c).1, seen(c).2), (best_pess, best_real))).sum();
        if beaten < self.min_probability {
            return Step::Probable(best as u32);
        }
        let second_real = others().map(|c| seen(c).1).max().unwrap_or(best_real);
        self.select = !self.select;
        if (self.select || self.nodes[best].is_solved())
            && let Some(c) = self.pick(0, best_real, best as u32, best_pess)
        {
            return Step::Descend(c, -best_real);
        }
        Step::Descend(best as u32, -second_real)
    }

    /// Descends from root child `start`, whose side to move wants at least `target`,
    /// to an open leaf, expands it and backs up. `false` when no leaf could be expanded
    /// (the path got too deep, or led to a solved node).
    ///
    /// The moves of the previous descent stay played on `state` (in `self.path`):
    /// successive descents share long prefixes, so only the difference is replayed.
    fn iterate(&mut self, state: &mut G::State, start: u32, mut target: G::Score) -> bool {
        let mut index = start;
        for depth in 0..MAX_PLY as usize {
            if self.path.get(depth).map(|p| p.0) != Some(index) {
                self.rewind(state, depth);
                let Some(mv) = self.nodes[index as usize].mv else { return false };
                let undo = self.game.play(state, mv);
                self.path.push((index, mv, undo));
            }
            let n = &self.nodes[index as usize];
            if !n.closed {
                self.rewind(state, depth + 1);
                self.expand(index, state, depth as u32 + 1);
                return true;
            }
            let inf = G::Score::INFINITY;
            let Some(next) = self.pick(index, target, u32::MAX, -inf) else { return false };
            index = next;
            target = -target;
        }
        false
    }

    /// Takes back the played path down to its first `len` moves.
    fn rewind(&mut self, state: &mut G::State, len: usize) {
        crate::bstar::take_back(self.game, state, &mut self.path, len);
    }
}

/// The root child with the highest realistic value (then pessimistic, optimistic).
fn best_child<M, S: Score>(nodes: &[PNode<M, S>]) -> u32 {
    let root = &nodes[0];
    let key = |c: usize| {
        let (p, r, o) = nodes[c].seen();
        (r, p, o)
    };
    root.kids().fold(root.first as usize, |b, c| if key(c) > key(b) { c } else { b }) as u32
}

/// The principal variation from root child `from`: at each node, the child that
/// supplies its realistic value.
fn principal_variation<M: Copy, S: Score>(nodes: &[PNode<M, S>], from: u32) -> Vec<M> {
    let mut pv = Vec::new();
    let mut next = Some(from as usize);
    while let Some(i) = next {
        let n = &nodes[i];
        pv.extend(n.mv);
        next = n.kids().max_by_key(|&c| nodes[c].seen().1);
    }
    pv
}

/// The current opinion of a PB* tree: the best root child, the root's bounds and the
/// principal variation.
fn snapshot<M: Copy, S: Score>(nodes: &[PNode<M, S>], depth: u32) -> Snapshot<M, S> {
    let best = best_child(nodes);
    let root = &nodes[0];
    let value = Bounds::new(root.pess, root.opt).map_or(Value::Unknown, Value::Bounds);
    Snapshot::line(nodes[best as usize].mv, value, principal_variation(nodes, best), depth)
}

impl<G, E, C> Searcher<G> for PBStar<E, C>
where
    G: Game<State: Clone>,
    E: ProbabilityEvaluator<G>,
    C: Candidates<G>,
{
    type Scratch = Scratch<G::Move, G::Score>;

    fn search_observed(
        &self,
        game: &G,
        scratch: &mut Self::Scratch,
        root: &G::State,
        limits: &Limits,
        observer: &mut dyn Observer<G::Move, G::Score>,
    ) -> Report<G::Move, G::Score> {
        let Scratch { nodes, moves, buf } = scratch;
        nodes.clear();
        let unknown =
            Estimate::new(Bounds::must(-G::Score::INFINITY, G::Score::INFINITY), G::Score::ZERO);
        nodes.push(PNode::new(None, 0, unknown, false));
        let mut run = Run {
            nodes,
            moves,
            buf,
            game,
            eval: &self.eval,
            candidates: &self.candidates,
            min_probability: self.config.min_probability,
            stats: Stats { threads: 1, nodes: 1, ..Stats::default() },
            budget: Budget::new(limits, Some(observer)),
            path: Vec::new(),
            select: false,
        };
        let mut state = root.clone();
        run.expand(0, &mut state, 0);
        let end = (run.nodes[0].count > 0).then(|| run.main_loop(&mut state));
        run.rewind(&mut state, 0);
        run.report(end)
    }

    fn scratch(&self) -> Self::Scratch {
        Scratch::default()
    }
}

impl<G: Game, E: ProbabilityEvaluator<G>, C: Candidates<G>> Run<'_, G, E, C> {
    /// Iterates until the root separates or the search must stop; returns the chosen
    /// root child and whether the root separated.
    fn main_loop(&mut self, state: &mut G::State) -> (u32, bool) {
        let mut reported = None;
        loop {
            let (start, target) = match self.decide() {
                Step::Separated(c) => return (c, true),
                Step::Probable(c) => {
                    self.budget.halt(Stop::Probability);
                    return (c, false);
                }
                Step::Descend(start, target) => (start, target),
            };
            let depth = self.stats.max_depth;
            if self.budget.wants_events() {
                let best = self.best();
                if reported != Some(best) {
                    reported = Some(best);
                    let snap = snapshot(self.nodes, depth);
                    if self.budget.notify(Event::BestMove, &self.stats, snap) {
                        return (best, false);
                    }
                }
            }
            let nodes = &*self.nodes;
            if self.budget.exhausted(&self.stats, || snapshot(nodes, depth))
                || self.budget.memory_exhausted(self.nodes.len() as u64)
            {
                return (self.best(), false);
            }
            if !self.iterate(state, start, target) {
                self.budget.halt(Stop::MaxPly);
                return (self.best(), false);
            }
        }
    }

    /// The report: `end` is the chosen root child and whether the root separated, or
    /// `None` for a terminal root.
    fn report(mut self, end: Option<(u32, bool)>) -> Report<G::Move, G::Score> {
        self.stats.peak_nodes = self.nodes.len() as u64;
        self.stats.finish(self.budget.elapsed());
        let root = &self.nodes[0];
        let (best, pv, value, solved) = match end {
            None => (None, Vec::new(), Value::Exact(root.pess), true),
            Some((chosen, separated)) => {
                let bounds = Bounds::new(root.pess, root.opt).unwrap_or(Bounds::exact(root.pess));
                let mv = self.nodes[chosen as usize].mv;
                (mv, principal_variation(self.nodes, chosen), Value::Bounds(bounds), separated)
            }
        };
        let depth = if end.is_some() { self.stats.max_depth } else { 0 };
        Report { best, value, pv, depth, solved, stop: self.budget.stopped(), stats: self.stats }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beats_is_exact_on_uniforms_and_point_masses() {
        // X uniform on [0, 8], Y uniform on [7, 8]: mean of (8 - y) / 8 = 1/16.
        assert_eq!(beats((0, 8), (7, 8)), 1.0 / 16.0);
        // Identical intervals: one half.
        assert_eq!(beats((0, 4), (0, 4)), 0.5);
        // Disjoint intervals.
        assert_eq!((beats((5, 9), (0, 4)), beats((0, 4), (5, 9))), (1.0, 0.0));
        // Point masses: strict comparison.
        assert_eq!((beats((3, 3), (3, 3)), beats((4, 4), (3, 3))), (0.0, 1.0));
        assert_eq!(beats((2, 2), (0, 4)), 0.5);
        assert_eq!(beats((0, 4), (1, 1)), 0.75);
    }
}
