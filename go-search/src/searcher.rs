//! [`Searcher`]: the one driving API every algorithm implements.

use crate::game::Game;
use crate::limits::Limits;
use crate::observe::Observer;
use crate::report::Report;

/// An immutable search algorithm, configured once and run many times.
///
/// The scratch space (transposition table, killers, B* arena, MCTS tree) is explicit:
/// create it once with [`Searcher::scratch`] and pass it to every search, so repeated
/// searches allocate nothing and one searcher can serve many threads, each with its
/// own scratch. [`Searcher::search_observed`] lets an [`Observer`] watch the search and
/// stop it.
///
/// # Examples
/// Comparing algorithms through the trait:
/// ```
/// use go_search::{Game, Limits, Report, Searcher};
///
/// fn nodes<G: Game, A: Searcher<G>>(algo: &A, game: &G, root: &G::State) -> u64 {
///     let mut scratch = algo.scratch();
///     algo.search(game, &mut scratch, root, &Limits::default()).stats.nodes
/// }
/// # let _ = nodes::<NoGame, go_search::Minimax<Zero>>;
/// # struct NoGame;
/// # impl Game for NoGame {
/// #     type State = (); type Move = u8; type Undo = (); type Score = i32;
/// #     fn moves(&self, _: &(), _: &mut Vec<u8>) -> Option<go_search::Outcome<i32>> { Some(go_search::Outcome::Draw) }
/// #     fn play(&self, _: &mut (), _: u8) {}
/// #     fn undo(&self, _: &mut (), _: u8, _: ()) {}
/// #     fn side_to_move(&self, _: &()) -> go_search::Side { go_search::Side::First }
/// # }
/// # struct Zero;
/// # impl go_search::Evaluator<NoGame> for Zero { fn evaluate(&self, _: &NoGame, _: &()) -> i32 { 0 } }
/// ```
pub trait Searcher<G: Game> {
    /// Reusable working memory for this algorithm and game.
    type Scratch;

    /// Fresh scratch space, sized from the searcher's configuration.
    fn scratch(&self) -> Self::Scratch;

    /// Searches `root` within `limits`. `root` itself is left untouched.
    fn search(
        &self,
        game: &G,
        scratch: &mut Self::Scratch,
        root: &G::State,
        limits: &Limits,
    ) -> Report<G::Move, G::Score> {
        self.search_observed(game, scratch, root, limits, &mut ())
    }

    /// Like [`Searcher::search`], reporting progress to `observer` (from the calling
    /// thread, even when the search uses several) until the search ends or the observer
    /// stops it ([`Stop::Observer`](crate::Stop::Observer)).
    fn search_observed(
        &self,
        game: &G,
        scratch: &mut Self::Scratch,
        root: &G::State,
        limits: &Limits,
        observer: &mut dyn Observer<G::Move, G::Score>,
    ) -> Report<G::Move, G::Score>;
}
