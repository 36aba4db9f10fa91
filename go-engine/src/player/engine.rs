//! [`SearchPlayer`]: the engine's player, a [`PlayerConfig`] put to work — candidates,
//! search, time, resignation and passing — behind the [`Player`] trait.

use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use go_board::{Color, Move, PointSet, Position};
use go_eval::PositionEvaluator;
use go_eval::reading::Budget;
use go_search::{Limits, Observer};

use super::candidates::CandidateUnion;
use super::clock::Clock;
use super::config::{Algorithm, PlayerConfig};
use super::decide::{decide, passing_wins};
use super::random::RandomPlayer;
use super::search::{MctsTree, MoveSearch, SearchSummary, limits, move_limits};
use super::time::{TimeKeeper, TimePolicy};
use super::{Decision, Player};

/// The owl budget of each question when the dead stones are read for scoring
/// (`final_score`, `final_status_list`): 1,000 nodes and 10 plies. Chosen on game ends
/// (BENCHMARKS.md, stops 24 and 26): with a reader that lets the owner live where the
/// budget cuts, 1,000 nodes beat go-eval's default of 300; with the settling reader
/// ([`go_eval::reading::owl::Owl::settling`]) 10 plies agree with GNU Go more than 12
/// (283 against 279 of 298 development ends), and more nodes change nothing.
pub(crate) const SCORING_BUDGET: Budget = Budget::new(1000, 10);

/// The engine's player; see the [module documentation](super).
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Color, Position, Rules};
/// use go_engine::player::{Algorithm, Clock, Decision, Player, PlayerConfig, SearchPlayer};
///
/// let config = PlayerConfig::new(Algorithm::BStar).nodes(300);
/// let mut player = SearchPlayer::new(config)?;
/// let position = Position::new(BoardSize::square(9)?, Rules::chinese());
/// let Decision::Play(mv) = player.genmove(&position, Color::Black, &Clock::default()) else {
///     panic!("no resignation on an empty board");
/// };
/// assert!(position.is_legal(mv));
/// let summary = player.last_search().expect("a search was made");
/// assert!(summary.candidates.moves.len() >= 5);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub struct SearchPlayer {
    config: PlayerConfig,
    union: Arc<CandidateUnion>,
    evaluator: PositionEvaluator,
    random: RandomPlayer,
    policy: TimePolicy,
    keeper: TimeKeeper,
    description: String,
    last: Option<SearchSummary>,
    log: Option<Box<dyn std::io::Write + Send>>,
    /// MCTS's tree and the position it was searched from (history, side to move).
    tree: MctsTree,
    tree_root: Option<(Vec<go_board::Event>, Color)>,
}

impl std::fmt::Debug for SearchPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchPlayer")
            .field("config", &self.config)
            .field("union", &self.union)
            .field("last", &self.last)
            .field("logging", &self.log.is_some())
            .finish_non_exhaustive()
    }
}

impl SearchPlayer {
    /// A player with `config`, the standard candidates
    /// ([`CandidateUnion::standard`]) and go-eval's default evaluator.
    ///
    /// # Errors
    ///
    /// An invalid configuration ([`PlayerConfig::validate`]) or a model that does not
    /// load.
    pub fn new(config: PlayerConfig) -> Result<SearchPlayer, String> {
        let union = CandidateUnion::standard()?.configured(config.root);
        SearchPlayer::with_candidates(config, union)
    }

    /// A player with `config` searching the candidates of `union`.
    ///
    /// # Errors
    ///
    /// An invalid configuration ([`PlayerConfig::validate`]).
    pub fn with_candidates(
        config: PlayerConfig,
        union: CandidateUnion,
    ) -> Result<SearchPlayer, String> {
        config.validate()?;
        let description = match config.algorithm {
            Algorithm::Random => "random player".to_owned(),
            a => format!("{a} player, {} nodes, {} threads", config.nodes, config.threads),
        };
        Ok(SearchPlayer {
            config,
            union: Arc::new(union),
            evaluator: PositionEvaluator::default(),
            random: RandomPlayer::new(config.seed),
            policy: TimePolicy::default(),
            keeper: TimeKeeper::default(),
            description,
            last: None,
            log: None,
            tree: MctsTree::new(),
            tree_root: None,
        })
    }

    /// Writes one JSON line per move chosen by a search to `log`: the move number,
    /// the colour, the decision, the time allotted, used (wall clock) and the
    /// process's processor time for the move (`cpu_seconds`), and the search's summary
    /// ([`SearchSummary::to_json`]). Write errors end the logging, never the game.
    #[must_use]
    pub fn logging_to(mut self, log: impl std::io::Write + Send + 'static) -> SearchPlayer {
        self.log = Some(Box::new(log));
        self
    }

    /// The configuration.
    pub fn config(&self) -> &PlayerConfig {
        &self.config
    }

    /// The candidate generators.
    pub fn union(&self) -> &Arc<CandidateUnion> {
        &self.union
    }

    /// The last search made by [`Player::genmove`] or [`SearchPlayer::search`].
    pub fn last_search(&self) -> Option<&SearchSummary> {
        self.last.as_ref()
    }

    /// The time the next move of `color` may take under `clock`: the time policy's
    /// share, and [`PlayerConfig::move_time`] when it is shorter or the clock sets no
    /// limit.
    pub fn move_time(
        &mut self,
        position: &Position,
        color: Color,
        clock: &Clock,
    ) -> Option<Duration> {
        let controller = self
            .keeper
            .left(clock, color)
            .and_then(|left| self.policy.allot(&clock.settings?, left, position));
        match (controller, self.config.move_time) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Searches the position for `color` among `root` (the candidates when `None`) with
    /// `time` at most, reporting to `observer`; remembers the summary.
    ///
    /// # Errors
    ///
    /// The random player does not search; a configuration a searcher refuses.
    pub fn search(
        &mut self,
        position: &Position,
        color: Color,
        root: Option<Vec<Move>>,
        time: Option<Duration>,
        observer: &mut dyn Observer<Move, i32>,
    ) -> Result<&SearchSummary, String> {
        let limits = limits(&self.config, time);
        self.search_within(position, color, root, &limits, observer)
    }

    /// [`SearchPlayer::search`] within `limits` instead of the configured node budget
    /// and a time (analysis commands search longer than a move).
    ///
    /// # Errors
    ///
    /// As [`SearchPlayer::search`].
    pub fn search_within(
        &mut self,
        position: &Position,
        color: Color,
        root: Option<Vec<Move>>,
        limits: &Limits,
        observer: &mut dyn Observer<Move, i32>,
    ) -> Result<&SearchSummary, String> {
        let mut position = position.clone();
        if ends_with_two_passes(&position) {
            // A finished or resumed game ends again when a search takes back its next move
            // (`Position::undo`), so the search starts from the same board after an
            // empty setup: no passes, no ko ban (two passes lifted it anyway), and a
            // superko history that starts here (the move is checked against the real
            // game by `choose`).
            position
                .setup(go_board::Setup::default())
                .map_err(|e| format!("cannot restart the finished game: {e}"))?;
        }
        position.set_to_move(color);
        self.keep_subtree(&position);
        let search =
            MoveSearch { config: &self.config, union: &self.union, evaluator: &self.evaluator };
        let summary = search.run_in(&position, root, limits, observer, &mut self.tree)?;
        self.tree_root = Some((position.history().to_vec(), color));
        Ok(self.last.insert(summary))
    }

    /// Keeps the subtree of MCTS's last tree that `position` is in: its history
    /// continues the last root's by moves alternating from the last root's side to
    /// move, up to `position`'s side to move. Otherwise the tree is dropped.
    fn keep_subtree(&mut self, position: &Position) {
        let moves = self.tree_root.as_ref().and_then(|(history, to_move)| {
            let rest = position.history().strip_prefix(history.as_slice())?;
            let mut color = *to_move;
            let mut moves = Vec::with_capacity(rest.len());
            for event in rest {
                match *event {
                    go_board::Event::Move(c, m) if c == color => moves.push(m),
                    _ => return None,
                }
                color = !color;
            }
            (color == position.to_move()).then_some(moves)
        });
        match moves {
            Some(moves) => {
                self.tree.reroot(&moves);
            }
            None => self.tree = MctsTree::new(),
        }
    }

    /// Chooses a move for `color` among `root` (every candidate when `None`) under
    /// `clock`: passes when passing wins, searches otherwise, and decides.
    pub fn choose(
        &mut self,
        position: &Position,
        color: Color,
        clock: &Clock,
        root: Option<Vec<Move>>,
    ) -> Decision {
        self.choose_observed(position, color, clock, root, &mut ())
    }

    /// [`SearchPlayer::choose`] with the search reporting its progress to `observer`
    /// (what `lz-genmove_analyze` streams). A search the observer stops
    /// (`ControlFlow::Break`) is decided from what it found so far, as one stopped by
    /// its time.
    pub fn choose_observed(
        &mut self,
        position: &Position,
        color: Color,
        clock: &Clock,
        root: Option<Vec<Move>>,
        observer: &mut dyn Observer<Move, i32>,
    ) -> Decision {
        let start = Instant::now();
        let cpu_start = crate::gtp::cpu_seconds();
        // A move decided without a search (passing wins) leaves no summary behind.
        self.last = None;
        let allotted = self.move_time(position, color, clock);
        // The time allotted is for the whole move: the reading and the candidates
        // before the search count against it, so the search gets a deadline, not a
        // duration of its own.
        let deadline = allotted.map(|t| start + t);
        let decision = self.choose_by(position, color, clock, root, deadline, observer);
        let used = start.elapsed();
        self.keeper.used(color, used);
        if let Some(log) = &mut self.log {
            let searched = self.last.as_ref();
            let line = serde_json::json!({
                "move": position.move_count() + 1,
                "color": color.to_string(),
                "decision": match decision {
                    Decision::Play(Move::Play(p)) => p.to_string(),
                    Decision::Play(Move::Pass) => "PASS".to_owned(),
                    Decision::Resign => "resign".to_owned(),
                },
                "allotted": allotted.map(|t| t.as_secs_f64()),
                "seconds": used.as_secs_f64(),
                "cpu_seconds": cpu_start.zip(crate::gtp::cpu_seconds()).map(|(a, b)| b - a),
                "search": searched.map(SearchSummary::to_json),
            });
            if writeln!(log, "{line}").and_then(|()| log.flush()).is_err() {
                self.log = None;
            }
        }
        decision
    }

    /// Chooses the move, the search stopping at `deadline` (if any).
    fn choose_by(
        &mut self,
        position: &Position,
        color: Color,
        clock: &Clock,
        root: Option<Vec<Move>>,
        deadline: Option<Instant>,
        observer: &mut dyn Observer<Move, i32>,
    ) -> Decision {
        if self.config.algorithm == Algorithm::Random {
            return self.random.genmove(position, color, clock);
        }
        if root.is_none() {
            let dead = self.evaluator.dead_stones(position);
            if passing_wins(position, color, &dead) {
                return Decision::Play(Move::Pass);
            }
        }
        let config = self.config;
        let limits = move_limits(&config, deadline);
        match self.search_within(position, color, root, &limits, observer) {
            Ok(summary) => {
                let mut resumed = position.clone();
                if resumed.is_over() {
                    resumed.resume();
                }
                resumed.set_to_move(color);
                match decide(summary, &config, &resumed) {
                    Decision::Play(mv) if !resumed.is_legal(mv) => {
                        // Only a superko repetition the restarted search could not
                        // see: the best legal root move.
                        let legal =
                            summary.root.iter().map(|r| r.mv).find(|&m| resumed.is_legal(m));
                        Decision::Play(legal.unwrap_or(Move::Pass))
                    }
                    d => d,
                }
            }
            // Only a configuration error gets here (validated at construction): play
            // the random player's move rather than nothing.
            Err(_) => self.random.genmove(position, color, clock),
        }
    }

    /// `kgs-genmove_cleanup`: while the opponent has stones this player considers
    /// dead, choose among the moves on their liberties (and the usual candidates), and
    /// never pass while one of them is legal.
    pub fn genmove_cleanup(
        &mut self,
        position: &Position,
        color: Color,
        clock: &Clock,
    ) -> Decision {
        let dead =
            self.evaluator.dead_stones(position) & *position.board().stones(color.opponent());
        if dead.is_empty() {
            return self.genmove(position, color, clock);
        }
        let board = position.board();
        let mut resumed = position.clone();
        if resumed.is_over() {
            resumed.resume();
        }
        resumed.set_to_move(color);
        let mut root: Vec<Move> = Vec::new();
        for p in dead.iter() {
            for l in board.liberties(p).iter() {
                let mv = Move::Play(l);
                if !root.contains(&mv) && resumed.is_legal(mv) && !board.is_simple_eye(color, l) {
                    root.push(mv);
                }
            }
        }
        if root.is_empty() {
            return self.genmove(position, color, clock);
        }
        for c in self.union.generate(&resumed).moves.iter().filter(|c| c.mv != Move::Pass) {
            if !root.contains(&c.mv) {
                root.push(c.mv);
            }
        }
        match self.choose(position, color, clock, Some(root)) {
            Decision::Play(Move::Pass) | Decision::Resign => {
                // Not passing (nor resigning) while dead stones remain to be taken.
                let first = self
                    .last
                    .as_ref()
                    .and_then(|s| s.root.iter().find(|r| r.mv != Move::Pass))
                    .map(|r| r.mv);
                Decision::Play(first.unwrap_or(Move::Pass))
            }
            d => d,
        }
    }
}

/// Whether the history ends with two passes (a finished game, resumed or not).
fn ends_with_two_passes(position: &Position) -> bool {
    let mut passes = position
        .history()
        .iter()
        .rev()
        .take(2)
        .filter(|e| matches!(e, go_board::Event::Move(_, Move::Pass)));
    passes.next().is_some() && passes.next().is_some()
}

impl Player for SearchPlayer {
    fn description(&self) -> &str {
        &self.description
    }

    fn genmove(&mut self, position: &Position, color: Color, clock: &Clock) -> Decision {
        self.choose(position, color, clock, None)
    }

    fn set_random_seed(&mut self, seed: u64) {
        self.config.seed = seed;
        self.tree = MctsTree::new();
        self.tree_root = None;
        self.random = RandomPlayer::new(seed);
    }

    /// The dead stones for scoring read deeper than the check before each move
    /// (`SCORING_BUDGET` per owl question against go-eval's default of 300 nodes):
    /// the clock has stopped, and a group misjudged here changes the result.
    fn dead_stones(&mut self, position: &Position) -> PointSet {
        self.evaluator.dead_stones_with_reading(position, SCORING_BUDGET)
    }

    fn game_over(&mut self) {
        self.last = None;
        self.tree = MctsTree::new();
        self.tree_root = None;
        self.keeper = TimeKeeper::default();
    }
}
