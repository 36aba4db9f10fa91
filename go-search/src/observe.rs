//! Watching a search as it runs: [`Observer`], [`Progress`] and [`Event`].

use core::ops::ControlFlow;
use std::time::Duration;

use crate::report::Value;

/// Why an [`Observer`] is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum Event {
    /// An iteration finished (alpha-beta: iterative deepening reached a new depth).
    Iteration,
    /// The best root move changed (B*, PB*).
    BestMove,
    /// [`Observer::interval`] nodes have passed since the last report.
    Interval,
}

/// What a search knows so far, as an [`Observer`] sees it.
///
/// The fields are the searcher's current opinion: for alpha-beta the last completed
/// iteration, for B* and PB* the current best root child and the root's bounds, for
/// MCTS the most visited root move and its win rate. df-pn and minimax have no best
/// move before they finish ([`Value::Unknown`]).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Progress<'a, M, S> {
    /// Why the observer is called.
    pub event: Event,
    /// The move the search would play now.
    pub best: Option<M>,
    /// The root value in the form the algorithm can vouch for (see [`Value`]).
    pub value: Value<S>,
    /// The principal variation, starting with `best` (may be empty).
    pub pv: &'a [M],
    /// The last completed depth (alpha-beta) or the deepest ply reached.
    pub depth: u32,
    /// Nodes visited so far (by all threads).
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The root's moves with their own visit counts and mean win rates, most visited
    /// first, for a searcher that counts visits (MCTS); empty for the others.
    pub root: &'a [RootChild<M>],
}

/// A root move as a visit-counting searcher (MCTS) sees it during the search.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct RootChild<M> {
    /// The move.
    pub mv: M,
    /// The playouts that went through the move.
    pub visits: u64,
    /// Their mean reward for the side to move at the root, in [0, 1].
    pub win_rate: f64,
}

impl<M> RootChild<M> {
    /// A root move with its visits and mean win rate.
    pub fn new(mv: M, visits: u64, win_rate: f64) -> Self {
        RootChild { mv, visits, win_rate }
    }
}

/// Watches a search: called at the searcher's natural events ([`Event::Iteration`],
/// [`Event::BestMove`]) and every [`Observer::interval`] nodes, from the thread that
/// called [`Searcher::search_observed`](crate::Searcher::search_observed).
///
/// Returning [`ControlFlow::Break`] stops the search cleanly: the report is the one a
/// search stopped by a limit would give, with [`Stop::Observer`](crate::Stop::Observer).
/// Closures `FnMut(&Progress) -> ControlFlow<()>` are observers; `()` observes nothing.
///
/// # Examples
/// A GUI-style stream that stops the search once depth 4 is complete:
/// ```
/// use std::ops::ControlFlow;
/// use go_search::alphabeta::Config;
/// use go_search::{AlphaBeta, Event, Evaluator, Game, Limits, Outcome, Progress, Searcher, Side, Stop};
/// # struct Nim;
/// # impl Game for Nim {
/// #     type State = (u32, Side); type Move = u32; type Undo = (); type Score = i32;
/// #     fn moves(&self, s: &(u32, Side), out: &mut Vec<u32>) -> Option<Outcome<i32>> {
/// #         if s.0 == 0 { return Some(Outcome::Loss); }
/// #         out.extend((1..=3).filter(|&n| n <= s.0)); None
/// #     }
/// #     fn play(&self, s: &mut (u32, Side), n: u32) { *s = (s.0 - n, s.1.opponent()); }
/// #     fn undo(&self, s: &mut (u32, Side), n: u32, _: ()) { *s = (s.0 + n, s.1.opponent()); }
/// #     fn side_to_move(&self, s: &(u32, Side)) -> Side { s.1 }
/// # }
/// # struct Zero;
/// # impl Evaluator<Nim> for Zero { fn evaluate(&self, _: &Nim, _: &(u32, Side)) -> i32 { 0 } }
/// let ab = AlphaBeta::new(Config::default(), Zero)?;
/// let mut lines = Vec::new();
/// let mut watch = |p: &Progress<'_, u32, i32>| {
///     if p.event == Event::Iteration {
///         lines.push(format!("depth {} best {:?} nodes {}", p.depth, p.best, p.nodes));
///     }
///     if p.depth >= 4 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// };
/// let r = ab.search_observed(&Nim, &mut ab.scratch(), &(30, Side::First), &Limits::default(), &mut watch);
/// assert_eq!(r.stop, Some(Stop::Observer));
/// assert_eq!(r.depth, 4);
/// assert_eq!(lines.len(), 4);
/// # Ok::<_, go_search::ConfigError>(())
/// ```
pub trait Observer<M, S> {
    /// Looks at the search's progress; `Break` stops the search.
    fn observe(&mut self, progress: &Progress<'_, M, S>) -> ControlFlow<()>;

    /// Nodes between two [`Event::Interval`] reports (checked every few hundred nodes,
    /// so reports can come a little later). Default: 10,000; `u64::MAX` turns interval
    /// reports off.
    fn interval(&self) -> u64 {
        10_000
    }

    /// Whether to be told of the searchers' natural events ([`Event::Iteration`],
    /// [`Event::BestMove`]). Default: `true`; an observer that wants interval reports
    /// only returns `false` and spares the searcher preparing the others.
    fn events(&self) -> bool {
        true
    }
}

/// Observes nothing: what [`Searcher::search`](crate::Searcher::search) uses. A search
/// with it prepares no report at all.
impl<M, S> Observer<M, S> for () {
    fn observe(&mut self, _: &Progress<'_, M, S>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn interval(&self) -> u64 {
        u64::MAX
    }

    fn events(&self) -> bool {
        false
    }
}

impl<M, S, F> Observer<M, S> for F
where
    F: FnMut(&Progress<'_, M, S>) -> ControlFlow<()>,
{
    fn observe(&mut self, progress: &Progress<'_, M, S>) -> ControlFlow<()> {
        self(progress)
    }
}

/// A searcher's current opinion, handed to the budget when a report is due.
#[derive(Clone, Debug)]
pub(crate) struct Snapshot<M, S> {
    pub(crate) best: Option<M>,
    pub(crate) value: Value<S>,
    pub(crate) pv: Vec<M>,
    pub(crate) depth: u32,
    pub(crate) root: Vec<RootChild<M>>,
}

impl<M, S> Snapshot<M, S> {
    /// Nothing known yet.
    pub(crate) fn unknown() -> Self {
        Snapshot::line(None, Value::Unknown, Vec::new(), 0)
    }

    /// A best move, its value and principal variation, without root visit counts.
    pub(crate) fn line(best: Option<M>, value: Value<S>, pv: Vec<M>, depth: u32) -> Self {
        Snapshot { best, value, pv, depth, root: Vec::new() }
    }
}
