//! A player as a configuration, not a fork: the search algorithm ([`Algorithm`]) and
//! its budgets, the candidates, the time and the resignation settings
//! ([`PlayerConfig`]), what `go-engine gtp --player NAME --nodes N --threads T` builds.

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

use go_eval::reading::Budget;

use super::candidates::UnionConfig;

/// The search that chooses among the candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Algorithm {
    /// B* over go-eval's bounds (the seed's choice), alternating ProveBest and
    /// DisproveRest; when the root does not separate, the best realistic value.
    BStar,
    /// Palay's probabilistic B*, with go-eval's neutral evaluation as the realistic
    /// value inside its bounds.
    PBStar,
    /// Alpha-beta with iterative deepening, PVS and a transposition table, over the
    /// neutral evaluation (Young Brothers Wait with more than one thread).
    AlphaBeta,
    /// Monte-Carlo tree search: by default heavy playouts with RAVE, priors as
    /// virtual wins and tree reuse; see [`RolloutKind`] for the others.
    Mcts,
    /// A uniformly random legal move that fills no own eye (no search).
    Random,
}

impl Algorithm {
    /// Every algorithm, in the order of `--player`'s help.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::BStar,
        Algorithm::PBStar,
        Algorithm::AlphaBeta,
        Algorithm::Mcts,
        Algorithm::Random,
    ];

    /// The name on the command line (`bstar`, `pbstar`, `alphabeta`, `mcts`, `random`).
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::BStar => "bstar",
            Algorithm::PBStar => "pbstar",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Mcts => "mcts",
            Algorithm::Random => "random",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;

    /// Parses a name of [`Algorithm::name`].
    fn from_str(s: &str) -> Result<Algorithm, String> {
        Algorithm::ALL.into_iter().find(|a| a.name() == s).ok_or_else(|| {
            let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
            let shown: String = s.chars().take(40).collect();
            format!("unknown player {shown:?}: one of {}", names.join(", "))
        })
    }
}

/// What MCTS values its leaves with (`--rollout`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RolloutKind {
    /// Heavy playouts to the end of the game, counted by area
    /// ([`Policy::Heavy`](super::playout::Policy::Heavy)); RAVE, the tactical and
    /// shape priors as virtual wins (the union's weights at the root), tree reuse.
    Playout,
    /// Light playouts (random moves that fill no own eye), with the same search.
    Light,
    /// No playout: go-eval's evaluation squashed into a win probability
    /// ([`EvalRollout`](super::rollout::EvalRollout)), PUCT over the union's
    /// candidates.
    Eval,
}

impl RolloutKind {
    /// Every kind, in the order of `--rollout`'s help.
    pub const ALL: [RolloutKind; 3] = [RolloutKind::Playout, RolloutKind::Light, RolloutKind::Eval];

    /// The name on the command line (`playout`, `light`, `eval`).
    pub const fn name(self) -> &'static str {
        match self {
            RolloutKind::Playout => "playout",
            RolloutKind::Light => "light",
            RolloutKind::Eval => "eval",
        }
    }
}

impl fmt::Display for RolloutKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RolloutKind {
    type Err = String;

    /// Parses a name of [`RolloutKind::name`].
    fn from_str(s: &str) -> Result<RolloutKind, String> {
        RolloutKind::ALL.into_iter().find(|a| a.name() == s).ok_or_else(|| {
            let shown: String = s.chars().take(40).collect();
            format!("unknown rollout {shown:?}: one of playout, light, eval")
        })
    }
}

/// What B*, PB* and alpha-beta value their leaves with (`--leaves`); see
/// [`Leaves`](super::leaf::Leaves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LeafKind {
    /// go-eval's six-step evaluation and its tilted bounds, life and death by static
    /// rules (`static`).
    Static,
    /// The same with the life and death read by owl with this budget per question at
    /// the root and after each root move, deeper leaves inheriting (`read[=NODES]`).
    Read(Budget),
    /// This many heavy playouts per leaf: the mean reward (win and a little margin)
    /// as the value, its confidence interval as the bounds (`playouts[=N]`).
    Playouts(u32),
}

impl LeafKind {
    /// The owl budget of `read`: 300 nodes, 10 plies per question.
    pub const READ_BUDGET: Budget = Budget::new(300, 10);
    /// The playouts per leaf of `playouts`.
    pub const PLAYOUTS: u32 = 32;
}

impl fmt::Display for LeafKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeafKind::Static => f.write_str("static"),
            LeafKind::Read(b) => write!(f, "read={}", b.nodes),
            LeafKind::Playouts(n) => write!(f, "playouts={n}"),
        }
    }
}

impl FromStr for LeafKind {
    type Err = String;

    /// Parses `static`, `read`, `read=NODES`, `playouts` or `playouts=N`.
    fn from_str(s: &str) -> Result<LeafKind, String> {
        let (name, count) = match s.split_once('=') {
            Some((name, n)) => (name, Some(n)),
            None => (s, None),
        };
        let number = |n: Option<&str>| n.map(|n| n.parse::<u32>().ok()).unwrap_or(None);
        let kind = match (name, count) {
            ("static", None) => Some(LeafKind::Static),
            ("read", None) => Some(LeafKind::Read(LeafKind::READ_BUDGET)),
            ("read", n) => number(n)
                .map(|n| LeafKind::Read(Budget::new(u64::from(n), LeafKind::READ_BUDGET.depth))),
            ("playouts", None) => Some(LeafKind::Playouts(LeafKind::PLAYOUTS)),
            ("playouts", n) => number(n).map(LeafKind::Playouts),
            _ => None,
        };
        kind.ok_or_else(|| {
            let shown: String = s.chars().take(40).collect();
            format!("unknown leaves {shown:?}: one of static, read[=N], playouts[=N]")
        })
    }
}

/// Progressive widening of playout MCTS (`--widening`; go-search's
/// [`Config::widening`](go_search::mcts::Config::widening)): a node looks at its
/// `initial` moves of highest prior first, and at one more each time its visits grow
/// by the factor `growth`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Widening {
    /// [`Widening::AUTO`] on boards of more than [`Widening::AUTO_POINTS`] points
    /// (bigger than 13×13), where the priors must focus a few thousand playouts on a
    /// few hundred moves; off on smaller boards (`auto`).
    Auto,
    /// Every move selectable (`off`).
    Off,
    /// On every board (`INITIAL,GROWTH`).
    On {
        /// The moves a node looks at first (at least 1).
        initial: u32,
        /// The factor of visits that adds one more (finite, above 1).
        growth: f64,
    },
}

impl Widening {
    /// The setting of [`Widening::Auto`] on big boards: the first 10 moves, one more
    /// each time the visits grow by 30 %.
    pub const AUTO: (u32, f64) = (10, 1.3);
    /// [`Widening::Auto`] widens on boards of more than this many points.
    pub const AUTO_POINTS: usize = 169;

    /// Whether the setting is one go-search accepts: [`Widening::On`] with at least one
    /// move at first and a finite growth above 1 (the others always are).
    pub fn is_valid(self) -> bool {
        match self {
            Widening::On { initial, growth } => initial >= 1 && growth.is_finite() && growth > 1.0,
            Widening::Auto | Widening::Off => true,
        }
    }

    /// The `(initial, growth)` of a board of `points` points, `None` when off.
    ///
    /// # Examples
    ///
    /// ```
    /// use go_engine::player::Widening;
    /// assert_eq!(Widening::Auto.on_board(361), Some((10, 1.3)));
    /// assert_eq!(Widening::Auto.on_board(81), None);
    /// assert_eq!(Widening::On { initial: 4, growth: 2.0 }.on_board(81), Some((4, 2.0)));
    /// assert_eq!("off".parse::<Widening>().map(|w| w.on_board(361)), Ok(None));
    /// ```
    pub fn on_board(self, points: usize) -> Option<(u32, f64)> {
        match self {
            Widening::Auto if points > Widening::AUTO_POINTS => Some(Widening::AUTO),
            Widening::Auto | Widening::Off => None,
            Widening::On { initial, growth } => Some((initial, growth)),
        }
    }
}

impl fmt::Display for Widening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Widening::Auto => f.write_str("auto"),
            Widening::Off => f.write_str("off"),
            Widening::On { initial, growth } => write!(f, "{initial},{growth}"),
        }
    }
}

impl FromStr for Widening {
    type Err = String;

    /// Parses `auto`, `off` or `INITIAL,GROWTH` (an integer of at least 1 and a finite
    /// number above 1, as `10,1.3`).
    fn from_str(s: &str) -> Result<Widening, String> {
        let on = s.split_once(',').and_then(|(a, b)| {
            let on =
                Widening::On { initial: a.trim().parse().ok()?, growth: b.trim().parse().ok()? };
            on.is_valid().then_some(on)
        });
        match s {
            "auto" => Ok(Widening::Auto),
            "off" => Ok(Widening::Off),
            _ => on.ok_or_else(|| {
                let shown: String = s.chars().take(40).collect();
                format!(
                    "unknown widening {shown:?}: auto, off, or INITIAL,GROWTH (at least 1, above 1)"
                )
            }),
        }
    }
}

/// The most nodes a configuration may ask for per move.
pub const MAX_NODES: u64 = 100_000_000;

/// The most owl nodes per question of [`LeafKind::Read`].
pub const MAX_READING_NODES: u64 = 1_000_000;

/// The most playouts per leaf of [`LeafKind::Playouts`].
pub const MAX_LEAF_PLAYOUTS: u32 = 100_000;

/// The most threads a configuration may ask for.
pub const MAX_THREADS: usize = 256;

/// Everything a [`SearchPlayer`](super::SearchPlayer) is.
///
/// # Examples
///
/// ```
/// use go_engine::player::{Algorithm, PlayerConfig};
/// let config = PlayerConfig::new(Algorithm::Mcts).nodes(2_000).threads(2).seed(7);
/// assert_eq!(config.validate(), Ok(()));
/// assert!(PlayerConfig::new(Algorithm::BStar).nodes(0).validate().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct PlayerConfig {
    /// The search.
    pub algorithm: Algorithm,
    /// The most search nodes per move ([`go_search::Limits::nodes`]); for MCTS, the
    /// most playouts (leaf evaluations, [`go_search::Limits::evaluations`]).
    pub nodes: u64,
    /// Threads (alpha-beta and MCTS; B* and PB* search on one).
    pub threads: usize,
    /// The seed of every random choice (MCTS, the random player).
    pub seed: u64,
    /// The time per move when the controller gave no time settings (or no limit);
    /// `None`: only the node budget.
    pub move_time: Option<Duration>,
    /// Resign when the search says the game is lost by more than this many points
    /// (the best move's optimistic bound for B*, its value otherwise; MCTS: a win rate
    /// below [`PlayerConfig::resign_win_rate`]); `None` never resigns. Only from the
    /// move given by [`PlayerConfig::resign_after`] on.
    pub resign_margin: Option<f64>,
    /// MCTS resigns below this win rate of its best move.
    pub resign_win_rate: f64,
    /// The fraction of the board's points that must have been played before resigning.
    pub resign_after: f64,
    /// The candidates at the root.
    pub root: UnionConfig,
    /// The most candidates below the root (B*, PB*, alpha-beta, MCTS with
    /// [`RolloutKind::Eval`]).
    pub below_root: usize,
    /// What MCTS values its leaves with.
    pub rollout: RolloutKind,
    /// What B*, PB* and alpha-beta value their leaves with
    /// ([`Leaves`](super::leaf::Leaves)).
    pub leaves: LeafKind,
    /// Progressive widening of MCTS with playouts ([`RolloutKind::Playout`],
    /// [`RolloutKind::Light`]).
    pub widening: Widening,
}

impl PlayerConfig {
    /// The defaults for `algorithm`: 4,000 nodes (MCTS: playouts) per move,
    /// one thread, seed 0, no time per move beyond the controller's, resignation
    /// when lost by more than 40 points after a third of the board is played (MCTS:
    /// win rate below 3%), the default candidate cap at the root and 8 below it, MCTS
    /// with heavy playouts, widening on boards bigger than 13×13 ([`Widening::Auto`]).
    pub fn new(algorithm: Algorithm) -> PlayerConfig {
        PlayerConfig {
            algorithm,
            nodes: 4_000,
            threads: 1,
            seed: 0,
            move_time: None,
            resign_margin: Some(40.0),
            resign_win_rate: 0.03,
            resign_after: 1.0 / 3.0,
            root: UnionConfig::default(),
            below_root: 8,
            rollout: RolloutKind::Playout,
            leaves: LeafKind::Static,
            widening: Widening::Auto,
        }
    }

    /// Sets [`PlayerConfig::widening`].
    #[must_use]
    pub fn widening(mut self, widening: Widening) -> PlayerConfig {
        self.widening = widening;
        self
    }

    /// Sets [`PlayerConfig::leaves`].
    #[must_use]
    pub fn leaves(mut self, leaves: LeafKind) -> PlayerConfig {
        self.leaves = leaves;
        self
    }

    /// Sets [`PlayerConfig::rollout`].
    #[must_use]
    pub fn rollout(mut self, rollout: RolloutKind) -> PlayerConfig {
        self.rollout = rollout;
        self
    }

    /// Sets [`PlayerConfig::nodes`].
    #[must_use]
    pub fn nodes(mut self, nodes: u64) -> PlayerConfig {
        self.nodes = nodes;
        self
    }

    /// Sets [`PlayerConfig::threads`].
    #[must_use]
    pub fn threads(mut self, threads: usize) -> PlayerConfig {
        self.threads = threads;
        self
    }

    /// Sets [`PlayerConfig::seed`].
    #[must_use]
    pub fn seed(mut self, seed: u64) -> PlayerConfig {
        self.seed = seed;
        self
    }

    /// Sets [`PlayerConfig::move_time`].
    #[must_use]
    pub fn move_time(mut self, time: Option<Duration>) -> PlayerConfig {
        self.move_time = time;
        self
    }

    /// Sets [`PlayerConfig::resign_margin`].
    #[must_use]
    pub fn resign_margin(mut self, margin: Option<f64>) -> PlayerConfig {
        self.resign_margin = margin;
        self
    }

    /// Checks the settings.
    ///
    /// # Errors
    ///
    /// A message naming the setting: nodes not in 1 to [`MAX_NODES`], threads not in 1
    /// to [`MAX_THREADS`], a negative or non-finite resignation margin, a win rate or
    /// fraction outside [0, 1], a zero cap, a widening that starts with no move or
    /// does not grow.
    pub fn validate(&self) -> Result<(), String> {
        if !(1..=MAX_NODES).contains(&self.nodes) {
            return Err(format!("nodes: {} is not in 1 to {MAX_NODES}", self.nodes));
        }
        if !(1..=MAX_THREADS).contains(&self.threads) {
            return Err(format!("threads: {} is not in 1 to {MAX_THREADS}", self.threads));
        }
        if self.resign_margin.is_some_and(|m| !m.is_finite() || m < 0.0) {
            return Err("resign margin: a number of points, at least 0".to_owned());
        }
        if !(0.0..=1.0).contains(&self.resign_win_rate) || !(0.0..=1.0).contains(&self.resign_after)
        {
            return Err("resign win rate and resign-after fraction: in [0, 1]".to_owned());
        }
        if self.below_root == 0 || self.root.max == 0 {
            return Err("candidate caps: at least 1".to_owned());
        }
        match self.leaves {
            LeafKind::Read(b) if !(1..=MAX_READING_NODES).contains(&b.nodes) => {
                return Err(format!("leaves: owl nodes in 1 to {MAX_READING_NODES}"));
            }
            LeafKind::Playouts(n) if !(1..=MAX_LEAF_PLAYOUTS).contains(&n) => {
                return Err(format!("leaves: playouts in 1 to {MAX_LEAF_PLAYOUTS}"));
            }
            _ => {}
        }
        if !self.widening.is_valid() {
            return Err("widening: at least 1 move at first, a finite growth above 1".to_owned());
        }
        if self.move_time.is_some_and(|t| t.is_zero()) {
            return Err("move time: more than 0".to_owned());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_errors_name_the_choices() {
        for a in Algorithm::ALL {
            assert_eq!(a.name().parse::<Algorithm>(), Ok(a));
        }
        for r in RolloutKind::ALL {
            assert_eq!(r.name().parse::<RolloutKind>(), Ok(r));
        }
        assert!("heavy".parse::<RolloutKind>().unwrap_err().contains("playout, light, eval"));
        for (text, kind) in [
            ("static", LeafKind::Static),
            ("read", LeafKind::Read(LeafKind::READ_BUDGET)),
            ("read=50", LeafKind::Read(Budget::new(50, LeafKind::READ_BUDGET.depth))),
            ("playouts", LeafKind::Playouts(LeafKind::PLAYOUTS)),
            ("playouts=8", LeafKind::Playouts(8)),
        ] {
            assert_eq!(text.parse::<LeafKind>(), Ok(kind), "{text}");
            assert_eq!(kind.to_string().parse::<LeafKind>(), Ok(kind));
        }
        for bad in ["", "read=", "read=x", "playouts=-1", "playouts=99999999999", "owl"] {
            let err = bad.parse::<LeafKind>().unwrap_err();
            assert!(err.contains("static, read[=N], playouts[=N]"), "{bad}: {err}");
        }
        for (text, widening) in [
            ("auto", Widening::Auto),
            ("off", Widening::Off),
            ("10,1.3", Widening::On { initial: 10, growth: 1.3 }),
            ("1, 2", Widening::On { initial: 1, growth: 2.0 }),
        ] {
            assert_eq!(text.parse::<Widening>(), Ok(widening), "{text}");
            assert_eq!(widening.to_string().parse::<Widening>(), Ok(widening));
        }
        for bad in ["", "on", "0,1.3", "10,1", "10,0.5", "10,inf", "10,NaN", "-1,2", "10"] {
            let err = bad.parse::<Widening>().unwrap_err();
            assert!(err.contains("auto, off, or INITIAL,GROWTH"), "{bad}: {err}");
        }
        let err = "b*".parse::<Algorithm>().unwrap_err();
        assert!(err.contains("bstar, pbstar, alphabeta, mcts, random"), "{err}");
        assert!("x".repeat(1000).parse::<Algorithm>().unwrap_err().len() < 200);
    }

    #[test]
    fn validation_names_the_setting() {
        let ok = PlayerConfig::new(Algorithm::BStar);
        assert_eq!(ok.validate(), Ok(()));
        assert!(ok.threads(0).validate().unwrap_err().starts_with("threads"));
        assert!(ok.nodes(MAX_NODES + 1).validate().unwrap_err().starts_with("nodes"));
        assert!(ok.resign_margin(Some(f64::NAN)).validate().unwrap_err().starts_with("resign"));
        assert!(ok.move_time(Some(Duration::ZERO)).validate().is_err());
        let unread = ok.leaves(LeafKind::Read(Budget::new(0, 10))).validate().unwrap_err();
        assert!(unread.starts_with("leaves"), "{unread}");
        assert!(ok.leaves(LeafKind::Playouts(0)).validate().unwrap_err().starts_with("leaves"));
        assert_eq!(ok.leaves(LeafKind::Read(Budget::new(300, 10))).validate(), Ok(()));
        let flat = ok.widening(Widening::On { initial: 3, growth: 1.0 }).validate().unwrap_err();
        assert!(flat.starts_with("widening"), "{flat}");
        assert!(ok.widening(Widening::On { initial: 0, growth: 2.0 }).validate().is_err());
    }
}
