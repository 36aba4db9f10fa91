//! The alpha-beta family: negamax with alpha-beta pruning, iterative deepening, a
//! transposition table, move ordering (table move, killers, countermove, history),
//! PVS, aspiration windows, MTD(f), enhanced transposition cutoffs, quiescence and
//! null-move pruning, serial or parallel.
//!
//! Every enhancement is a [`Config`] switch, so node counts can be compared with and
//! without it. All of them except null-move pruning and quiescence leave the root
//! value unchanged: it equals [`Minimax`](crate::Minimax) at the same depth.
//!
//! The module is laid out by concern: `config` (the switches), `engine` (one thread's
//! negamax and the iterative driver), `ordering` (the staged move order and what a
//! thread learns: killers, history, countermoves), `tt` (the tables: one thread's, and
//! the lock-free one the threads of `parallel` share), `scratch` (the memory reused
//! across searches), `parallel` (Young Brothers Wait or ABDADA on rayon) and `abdada`
//! (the busy marks and iterations ABDADA's threads share).

mod abdada;
mod config;
mod engine;
mod ordering;
#[cfg(feature = "rayon")]
mod parallel;
mod scratch;
mod tt;

use crate::error::ConfigError;
use crate::eval::{Candidates, Evaluator, MoveOrder, NoisyMoves};
use crate::game::Game;
use crate::limits::{Budget, Limits};
use crate::observe::Observer;
use crate::report::Report;
use crate::searcher::Searcher;
use engine::Engine;
use scratch::Local;
use tt::NoTable;

pub use config::Config;
#[cfg(feature = "rayon")]
pub use parallel::{ParallelAlphaBeta, Scheme};
pub use scratch::Scratch;
pub use tt::Replacement;

/// Alpha-beta search with the enhancements of [`Config`].
///
/// `E` evaluates positions at the horizon; `O`, `Q` and `C` are the optional
/// move-ordering, quiescence and [`Candidates`] hooks (`()` = none). The depth comes
/// from [`Limits::depth`]; without one the search deepens until the game is solved,
/// another limit stops it, or it reaches [`MAX_PLY`](crate::MAX_PLY).
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
/// let ab = AlphaBeta::new(Config::default(), Zero)?;
/// let mut scratch = ab.scratch();
/// let report = ab.search(&Nim, &mut scratch, &root, &Limits::default());
/// let oracle = Minimax::new(Zero).search(&Nim, &mut (), &root, &Limits::default());
/// assert_eq!(report.value, oracle.value);
/// assert!(report.solved);
/// assert!(report.stats.nodes < oracle.stats.nodes);
/// # Ok::<_, go_search::ConfigError>(())
/// ```
#[derive(Clone, Debug)]
pub struct AlphaBeta<E, O = (), Q = (), C = ()> {
    config: Config,
    eval: E,
    order: O,
    noisy: Q,
    candidates: C,
}

impl<E> AlphaBeta<E> {
    /// A searcher with `config` and the evaluator `eval`.
    ///
    /// # Errors
    /// If a setting is invalid (an aspiration width that is not finite and positive).
    pub fn new(config: Config, eval: E) -> Result<AlphaBeta<E>, ConfigError> {
        config.validate()?;
        Ok(AlphaBeta { config, eval, order: (), noisy: (), candidates: () })
    }
}

impl<E, O, Q, C> AlphaBeta<E, O, Q, C> {
    /// Adds a move-ordering hook, applied before the table move and killers.
    pub fn with_move_order<O2>(self, order: O2) -> AlphaBeta<E, O2, Q, C> {
        let AlphaBeta { config, eval, noisy, candidates, .. } = self;
        AlphaBeta { config, eval, order, noisy, candidates }
    }

    /// Adds the noisy-move generator used by quiescence search.
    pub fn with_noisy_moves<Q2>(self, noisy: Q2) -> AlphaBeta<E, O, Q2, C> {
        let AlphaBeta { config, eval, order, candidates, .. } = self;
        AlphaBeta { config, eval, order, noisy, candidates }
    }

    /// Searches only the moves `candidates` keeps (see [`Candidates`]).
    pub fn with_candidates<C2>(self, candidates: C2) -> AlphaBeta<E, O, Q, C2> {
        let AlphaBeta { config, eval, order, noisy, .. } = self;
        AlphaBeta { config, eval, order, noisy, candidates }
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
    ///
    /// # Errors
    /// If `threads` or `split_depth` is 0.
    #[cfg(feature = "rayon")]
    pub fn parallel(
        self,
        threads: usize,
        split_depth: u32,
    ) -> Result<ParallelAlphaBeta<E, O, Q, C>, ConfigError> {
        ParallelAlphaBeta::new(self, threads, split_depth)
    }
}

impl<G, E, O, Q, C> Searcher<G> for AlphaBeta<E, O, Q, C>
where
    G: Game,
    G::State: Clone,
    E: Evaluator<G>,
    O: MoveOrder<G>,
    Q: NoisyMoves<G>,
    C: Candidates<G>,
{
    type Scratch = Scratch<G::Move, G::Score>;

    fn scratch(&self) -> Self::Scratch {
        Scratch::new(&self.config)
    }

    fn search_observed(
        &self,
        game: &G,
        scratch: &mut Self::Scratch,
        root: &G::State,
        limits: &Limits,
        observer: &mut dyn Observer<G::Move, G::Score>,
    ) -> Report<G::Move, G::Score> {
        scratch.prepare(&self.config);
        let local = std::mem::replace(&mut scratch.local, Local::new());
        let budget = Budget::new(limits, Some(observer));
        let history = &scratch.history;
        macro_rules! run_with {
            ($table:expr) => {{
                let mut engine = Engine::new(game, self, $table, history, local, budget);
                engine.stats.threads = 1;
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
