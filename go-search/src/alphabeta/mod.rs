//! The alpha-beta family: negamax with alpha-beta pruning, iterative deepening, a
//! transposition table, move ordering (table move, killers, history), PVS, aspiration
//! windows, MTD(f), quiescence and null-move pruning, serial or parallel.
//!
//! Every enhancement is a [`Config`] switch, so node counts can be compared with and
//! without it. All of them except null-move pruning and quiescence leave the root
//! value unchanged: it equals [`Minimax`](crate::Minimax) at the same depth.

mod config;
mod engine;
#[cfg(feature = "rayon")]
mod parallel;
mod scratch;
mod tt;

use crate::eval::{Evaluator, MoveOrder, NoisyMoves};
use crate::game::Game;
use crate::limits::{Budget, Limits};
use crate::report::{Report, Stats};
use crate::searcher::Searcher;
use engine::Engine;
use scratch::Local;
use tt::NoTable;

pub use config::Config;
#[cfg(feature = "rayon")]
pub use parallel::ParallelAlphaBeta;
pub use scratch::Scratch;
pub use tt::Replacement;

/// Alpha-beta search with the enhancements of [`Config`].
///
/// `E` evaluates positions at the horizon; `O` and `Q` are the optional move-ordering
/// and quiescence hooks (`()` = none). The depth comes from [`Limits::depth`]; without
/// one the search deepens until the game is solved, another limit stops it, or it
/// reaches [`MAX_PLY`].
///
/// # Examples
/// ```
/// use go_search::alphabeta::Config;
/// use go_search::{AlphaBeta, Evaluator, Game, Limits, Minimax, Outcome, Searcher, Side};
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
/// #     fn hash(&self, s: &(u32, Side)) -> Option<u64> { Some(u64::from(s.0) * 2 + (s.1 == Side::Second) as u64) }
/// # }
/// struct Zero;
/// impl Evaluator<Nim> for Zero {
///     fn evaluate(&self, _: &Nim, _: &(u32, Side)) -> i32 { 0 }
/// }
/// let root = (21, Side::First);
/// let ab = AlphaBeta::new(Config::default(), Zero);
/// let mut scratch = ab.scratch();
/// let report = ab.search(&Nim, &mut scratch, &root, &Limits::default());
/// let oracle = Minimax::new(Zero).search(&Nim, &mut (), &root, &Limits::default());
/// assert_eq!(report.value, oracle.value);
/// assert!(report.solved);
/// assert!(report.stats.nodes < oracle.stats.nodes);
/// ```
#[derive(Clone, Debug)]
pub struct AlphaBeta<E, O = (), Q = ()> {
    config: Config,
    eval: E,
    order: O,
    noisy: Q,
}

impl<E> AlphaBeta<E> {
    /// A searcher with `config` and the evaluator `eval`.
    pub fn new(config: Config, eval: E) -> AlphaBeta<E> {
        AlphaBeta { config, eval, order: (), noisy: () }
    }
}

impl<E, O, Q> AlphaBeta<E, O, Q> {
    /// Adds a move-ordering hook, applied before the table move and killers.
    pub fn with_move_order<O2>(self, order: O2) -> AlphaBeta<E, O2, Q> {
        AlphaBeta { config: self.config, eval: self.eval, order, noisy: self.noisy }
    }

    /// Adds the noisy-move generator used by quiescence search.
    pub fn with_noisy_moves<Q2>(self, noisy: Q2) -> AlphaBeta<E, O, Q2> {
        AlphaBeta { config: self.config, eval: self.eval, order: self.order, noisy }
    }

    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(super) fn parts(&self) -> (&E, &O, &Q) {
        (&self.eval, &self.order, &self.noisy)
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Fresh scratch space (the table is allocated here, once).
    pub fn scratch<M: Copy, S: Copy>(&self) -> Scratch<M, S> {
        Scratch::new(&self.config)
    }

    /// Searches with `threads` threads (Young Brothers Wait on rayon), splitting at
    /// nodes with at least `split_depth` plies to go.
    #[cfg(feature = "rayon")]
    pub fn parallel(self, threads: usize, split_depth: u32) -> ParallelAlphaBeta<E, O, Q> {
        ParallelAlphaBeta::new(self, threads, split_depth)
    }
}

impl<G, E, O, Q> Searcher<G> for AlphaBeta<E, O, Q>
where
    G: Game,
    G::State: Clone,
    E: Evaluator<G>,
    O: MoveOrder<G>,
    Q: NoisyMoves<G>,
{
    type Scratch = Scratch<G::Move, G::Score>;

    fn scratch(&self) -> Self::Scratch {
        Scratch::new(&self.config)
    }

    fn search(
        &self,
        game: &G,
        scratch: &mut Self::Scratch,
        root: &G::State,
        limits: &Limits,
    ) -> Report<G::Move, G::Score> {
        scratch.prepare(&self.config);
        let local = std::mem::replace(&mut scratch.local, Local::new());
        let budget = Budget::new(limits);
        let history = &scratch.history;
        macro_rules! run_with {
            ($table:expr) => {{
                let mut engine = Engine {
                    game,
                    eval: &self.eval,
                    order: &self.order,
                    noisy: &self.noisy,
                    cfg: &self.config,
                    table: $table,
                    history,
                    histories: &[],
                    locals: &[],
                    local,
                    budget,
                    stats: Stats { threads: 1, ..Stats::default() },
                    horizon: false,
                    root_best: None,
                    abort: None,
                    aborted: false,
                    helpers: Stats::default(),
                    split_depth: 0,
                };
                let mut report =
                    engine.run(root, limits, &mut |e, s, d, a, b| e.node(s, 0, d, a, b, false));
                engine.stats.finish(engine.budget.elapsed());
                report.stats = engine.stats;
                (report, engine.local)
            }};
        }
        let (report, local) = match scratch.table.as_mut() {
            Some(t) => run_with!(t),
            None => run_with!(NoTable),
        };
        scratch.local = local;
        report
    }
}
