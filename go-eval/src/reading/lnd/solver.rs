//! The solver's questions: kill or live with a ko threat balance, every correct first
//! move, and the status of the target from the two searches.

use go_board::{Color, Move, Point, Status};

use super::dfpn::{Prior, Proof, Search, Settings};
use super::frame::Frame;
use super::game::{Code, Game, PASS, Threats};
use super::moves::MoveOrder;
use super::problem::Problem;
use super::table::Table;
use crate::reading::{Answer, Budget, Outcome};

/// What the side that moves in the question wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Goal {
    /// The attacker captures the target.
    Kill,
    /// The defender keeps a target stone alive (seki counts as life).
    Live,
}

impl Goal {
    /// The side that pursues the goal in `problem`.
    pub fn prover(self, problem: &Problem) -> Color {
        match self {
            Goal::Kill => problem.attacker(),
            Goal::Live => problem.defender(),
        }
    }

    /// The other goal.
    #[must_use]
    pub fn opposite(self) -> Goal {
        match self {
            Goal::Kill => Goal::Live,
            Goal::Live => Goal::Kill,
        }
    }
}

/// The solver's settings.
///
/// # Examples
///
/// ```
/// use go_eval::reading::lnd::{Config, MoveOrder};
/// let config = Config { order: MoveOrder::Plain, ..Config::default() };
/// assert_eq!(config.epsilon, 0.25);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// ε of the 1+ε trick of df-pn (0 = plain df-pn); negative or NaN values mean 0.
    pub epsilon: f64,
    /// How moves are ordered (never which moves are searched).
    pub order: MoveOrder,
    /// The transposition table's initial room, in entries. The table grows as needed
    /// (at most one entry per node of the budget) and never evicts, so the answers and
    /// node counts do not depend on this number.
    pub table_capacity: usize,
    /// The lines of margin between the stones' box and the wall when
    /// [`LifeAndDeath::solve_open`] frames a problem (see [`frame_with_margin`](super::frame_with_margin)).
    pub frame_margin: u8,
    /// When set, [`LifeAndDeath::solve_open`] frames a problem around the defender's
    /// reach of this many steps ([`frame_reach`](super::frame_reach)), and by the
    /// margin only when that frame cannot be built.
    pub frame_reach: Option<u8>,
}

impl Default for Config {
    /// ε = 0.25, heuristic ordering, room for 2^12 entries (the table grows as
    /// needed), a frame margin of [`MARGIN`](super::MARGIN), a frame reach of
    /// [`REACH`](super::REACH).
    fn default() -> Config {
        Config {
            epsilon: 0.25,
            order: MoveOrder::Heuristic,
            table_capacity: 1 << 12,
            frame_margin: super::MARGIN,
            frame_reach: Some(super::REACH),
        }
    }
}

/// The answer to a kill or live question.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Solution {
    /// The goal asked about.
    pub goal: Goal,
    /// The side that pursues it.
    pub prover: Color,
    /// The outcome for the prover (with ko as a threat balance), its first move when
    /// the prover moves first, whether the answer is proven, and the nodes used.
    pub answer: Answer,
    /// The main line of the proof from the position (the prover's winning moves and
    /// the opponent's longest resistance), as far as the table holds it; empty when
    /// the goal is not reached.
    pub main_line: Vec<Move>,
    /// When the budget cut the first search with the prover to move: the prover's
    /// first move that df-pn spent the most work on among those not disproved (the
    /// move it kept coming back to). A guess, not a proof; `None` when the answer is
    /// certain.
    pub guess: Option<Move>,
}

/// One correct first move and its main line (the move first).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FirstMove {
    /// The move.
    pub point: Move,
    /// The main line that starts with it.
    pub main_line: Vec<Move>,
}

/// Every first move that reaches the best outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FirstMoves {
    /// The answer to the question itself (as [`LifeAndDeath::solve`] gives it).
    pub solution: Solution,
    /// Every move that reaches [`Solution::answer`]'s outcome, empty when the goal is
    /// not reached: in the order of the search, but for a ko, best ko first. A ko the
    /// prover takes first is better when the prover may wait (play elsewhere after any
    /// answer and still win it: only the prover can start it, as a bent four in the
    /// corner), then the more ko threats the opponent may have beyond the prover's and
    /// still lose; one that needs threats, the fewer the prover needs. Up to two
    /// threats each; on equal ranks the question's own move first.
    pub moves: Vec<FirstMove>,
    /// Whether every legal first move was settled within the budget (when false,
    /// `moves` may miss some).
    pub complete: bool,
    /// Nodes used in all, the question included.
    pub nodes: u64,
}

/// The status of the target from the two searches, attacker first and defender first.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StatusReport {
    /// Alive, Dead, Critical (with the killing and the saving move), Seki, or Unknown
    /// when a search was cut by the budget.
    pub status: Status,
    /// The kill question, attacker to move.
    pub attack: Solution,
    /// The live question, defender to move.
    pub defend: Solution,
    /// Nodes used in all.
    pub nodes: u64,
}

/// A ko mode of the threat balance: who may ignore the ko ban.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// S(−∞): only the opponent.
    Never,
    /// S(0): nobody.
    Even,
    /// S(+∞): only the prover.
    Always,
}

impl Mode {
    fn threats(self, prover: Color) -> Threats {
        let u = Threats::UNLIMITED;
        match self {
            Mode::Never => Threats::balance(prover, 0, u),
            Mode::Even => Threats::balance(prover, 0, 0),
            Mode::Always => Threats::balance(prover, u, 0),
        }
    }

    /// How freely the prover may retake: S(−∞) < S(0) < S(+∞).
    fn rank(self) -> u8 {
        match self {
            Mode::Never => 0,
            Mode::Even => 1,
            Mode::Always => 2,
        }
    }

    /// What a search in mode `self` settled, in `table`, that holds in a search in
    /// `later`: the prover's wins where it may retake more, its losses where it may
    /// retake less.
    fn prior(self, table: &Table, later: Mode, prover: Color) -> Option<Prior<'_>> {
        (self != later).then(|| Prior {
            table,
            rekey: self.threats(prover).key() ^ later.threats(prover).key(),
            wins: self.rank() < later.rank(),
        })
    }

    /// The mode whose proof gives `outcome`.
    fn of(outcome: Outcome) -> Option<Mode> {
        match outcome {
            Outcome::Win => Some(Mode::Never),
            Outcome::KoWin => Some(Mode::Even),
            Outcome::KoLoss => Some(Mode::Always),
            Outcome::Lose => None,
        }
    }
}

/// One search's result.
struct Run {
    proof: Proof,
    line: Vec<Code>,
    nodes: u64,
    /// The root's most promising move when the search was cut with the prover to move.
    guess: Option<Code>,
}

/// The exact life-and-death solver (see the [module](super) documentation).
///
/// # Examples
///
/// ```
/// use go_board::{Board, Color, Move, Point, Status};
/// use go_eval::reading::lnd::{Goal, LifeAndDeath, Problem};
/// use go_eval::reading::{Budget, Outcome};
/// // White's straight three in the corner: Black kills at B1, White lives there.
/// let board = Board::from_diagram(
///     "
///     . . . . . .
///     X X X X X .
///     O O O O X .
///     . . . O X .
///     ",
/// )?;
/// let size = board.size();
/// let region = board.size().on_board();
/// let problem = Problem::with_target_chain(board, Point::parse_gtp("A2", size)?, region)?;
/// let solver = LifeAndDeath::default();
/// let kill = solver.solve(&problem, Goal::Kill, Color::Black, Budget::new(100_000, 100));
/// assert_eq!(kill.answer.outcome, Outcome::Win);
/// assert_eq!(kill.answer.point, Some(Move::Play(Point::parse_gtp("B1", size)?)));
/// let report = solver.status(&problem, Budget::new(100_000, 100));
/// let b1 = Point::parse_gtp("B1", size)?;
/// assert_eq!(report.status, Status::Critical { attack: b1, defend: b1 });
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct LifeAndDeath {
    config: Config,
}

impl LifeAndDeath {
    /// A solver with `config`.
    pub fn new(config: Config) -> LifeAndDeath {
        LifeAndDeath { config }
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    fn table(&self) -> Table {
        Table::with_capacity(self.config.table_capacity)
    }

    fn settings(&self, nodes: u64, budget: Budget) -> Settings {
        let eps = if self.config.epsilon.is_finite() && self.config.epsilon > 0.0 {
            (self.config.epsilon * 1024.0).min(1e6) as u32
        } else {
            0
        };
        Settings { epsilon: eps, order: self.config.order, nodes, depth: usize::from(budget.depth) }
    }

    fn game(problem: &Problem, to_move: Color, threats: Threats, seki_is_life: bool) -> Game {
        Game::new(
            problem.board().clone(),
            problem.region(),
            problem.target(),
            problem.defender(),
            to_move,
            threats,
            seki_is_life,
        )
    }

    /// One search of the threat balance, with its main line.
    #[allow(clippy::too_many_arguments)]
    fn run(
        &self,
        table: &mut Table,
        problem: &Problem,
        prover: Color,
        to_move: Color,
        mode: Mode,
        priors: &[(&Table, Mode)],
        seki_is_life: bool,
        nodes: u64,
        budget: Budget,
    ) -> Run {
        let game = Self::game(problem, to_move, mode.threats(prover), seki_is_life);
        let mut search = Search::new(game, table, prover, self.settings(nodes, budget));
        for p in priors.iter().filter_map(|&(t, earlier)| earlier.prior(t, mode, prover)) {
            search = search.with_prior(p);
        }
        let proof = search.prove();
        let mut line = Vec::new();
        if proof == Proof::Proved {
            line = main_line(&mut search, 2 * problem.region().len() + 20);
        }
        let nodes = search.nodes;
        // The guess: the root's move that df-pn worked on most, among those not
        // disproved (the first on ties).
        let guess = if proof == Proof::Unknown && to_move == prover {
            let kids = search.children();
            let mut best: Option<(Code, u32)> = None;
            for &(code, phi, _, work) in &kids {
                if phi != 0 && best.is_none_or(|(_, w)| work > w) {
                    best = Some((code, work));
                }
            }
            best.map(|(code, _)| code)
        } else {
            None
        };
        Run { proof, line, nodes, guess }
    }

    /// Whether the side that pursues `goal` reaches it when `to_move` moves first, with
    /// ko as a threat balance: at most three searches (the prover never retakes a
    /// banned ko; then it always may; then neither may), sharing `budget`'s nodes.
    ///
    /// The answer's outcome is the prover's; its point is the prover's first move when
    /// the prover moves first and succeeds. `certain` is false when the budget or the
    /// depth limit decided the answer; the outcome is then the best one proven so far.
    pub fn solve(&self, problem: &Problem, goal: Goal, to_move: Color, budget: Budget) -> Solution {
        self.solve_with_seki(problem, goal, to_move, budget, true).0
    }

    fn solve_with_seki(
        &self,
        problem: &Problem,
        goal: Goal,
        to_move: Color,
        budget: Budget,
        seki_is_life: bool,
    ) -> (Solution, Vec<(Table, Mode)>) {
        let prover = goal.prover(problem);
        let mut used = 0;
        let run = |mode: Mode, priors: &[(&Table, Mode)], used: &mut u64| {
            let mut table = self.table();
            let left = budget.nodes.saturating_sub(*used);
            let r = self.run(
                &mut table,
                problem,
                prover,
                to_move,
                mode,
                priors,
                seki_is_life,
                left,
                budget,
            );
            *used += r.nodes;
            (r, table)
        };
        let (never, never_table) = run(Mode::Never, &[], &mut used);
        let mut guess = never.guess;
        let mut tables = vec![(never_table, Mode::Never)];
        let (outcome, certain, line) = if never.proof == Proof::Proved {
            (Outcome::Win, true, never.line)
        } else {
            let (always, always_table) =
                run(Mode::Always, &[(&tables[0].0, Mode::Never)], &mut used);
            guess = guess.or(always.guess);
            tables.push((always_table, Mode::Always));
            match always.proof {
                Proof::Disproved => (Outcome::Lose, true, Vec::new()),
                Proof::Unknown => (Outcome::Lose, false, Vec::new()),
                Proof::Proved => {
                    let priors: Vec<(&Table, Mode)> = tables.iter().map(|(t, m)| (t, *m)).collect();
                    let (even, even_table) = run(Mode::Even, &priors, &mut used);
                    tables.push((even_table, Mode::Even));
                    let never_known = never.proof == Proof::Disproved;
                    match even.proof {
                        Proof::Proved => (Outcome::KoWin, never_known, even.line),
                        Proof::Disproved => (Outcome::KoLoss, true, always.line),
                        Proof::Unknown => (Outcome::KoLoss, false, always.line),
                    }
                }
            }
        };
        let main_line: Vec<Move> = line.iter().map(|&c| to_move_of(c)).collect();
        let point = (to_move == prover && outcome.is_success())
            .then(|| main_line.first().copied())
            .flatten();
        let answer = Answer { outcome, point, certain, nodes: used };
        let guess = if certain { None } else { guess.map(to_move_of) };
        (Solution { goal, prover, answer, main_line, guess }, tables)
    }

    /// Every first move of the prover that reaches the best outcome it can reach (the
    /// answer of [`LifeAndDeath::solve`] with the prover to move), each with its main
    /// line. The moves are settled one by one in the order of the search, within what
    /// is left of `budget` after the question itself.
    pub fn first_moves(&self, problem: &Problem, goal: Goal, budget: Budget) -> FirstMoves {
        let prover = goal.prover(problem);
        let (solution, tables) = self.solve_with_seki(problem, goal, prover, budget, true);
        self.first_moves_from(problem, solution, tables, budget, 0)
    }

    /// The question of an open problem's frame with the prover `to_play` to move, and,
    /// with `every` or when the answer is a ko (whose first move is then the best ko),
    /// every correct first move (else only the main line's).
    pub(crate) fn first_moves_open(
        &self,
        framed: &Frame,
        goal: Goal,
        to_play: Color,
        budget: Budget,
        every: bool,
    ) -> FirstMoves {
        let problem = &framed.problem;
        let (solution, tables) = self.solve_with_seki(problem, goal, to_play, budget, true);
        let ko = matches!(solution.answer.outcome, Outcome::KoWin | Outcome::KoLoss);
        if every || (ko && to_play == solution.prover) {
            // A ko answer's first move is the best ko among every correct one.
            return self.first_moves_from(problem, solution, tables, budget, 0);
        }
        let moves: Vec<FirstMove> = solution
            .answer
            .point
            .map(|point| FirstMove { point, main_line: solution.main_line.clone() })
            .into_iter()
            .collect();
        let complete = solution.answer.certain && !solution.answer.outcome.is_success();
        FirstMoves { nodes: solution.answer.nodes, solution, moves, complete }
    }

    /// Settles every first move after the question `solution` was answered with the
    /// prover to move, its searches' tables in `tables` (the deciding one and those it
    /// reads); `spent` nodes of `budget` were used before the question.
    fn first_moves_from(
        &self,
        problem: &Problem,
        solution: Solution,
        mut tables: Vec<(Table, Mode)>,
        budget: Budget,
        spent: u64,
    ) -> FirstMoves {
        let prover = solution.prover;
        let mut used = spent + solution.answer.nodes;
        let Some(mode) = Mode::of(solution.answer.outcome) else {
            return FirstMoves {
                complete: solution.answer.certain,
                nodes: used,
                moves: Vec::new(),
                solution,
            };
        };
        // Settle every first move in the deciding mode's table, reading the others.
        let at = tables.iter().position(|(_, m)| *m == mode).expect("the deciding mode's search");
        let (mut table, _) = tables.swap_remove(at);
        let mut game = Self::game(problem, prover, mode.threats(prover), true);
        let mut codes: Vec<Code> = Vec::new();
        for &p in game.points() {
            if game.board.is_empty_at(p) {
                codes.push(p.index() as Code);
            }
        }
        codes.push(PASS);
        // Keep only the legal moves.
        codes.retain(|&c| match game.play(c) {
            Ok(played) => {
                game.undo(played);
                true
            }
            Err(_) => false,
        });
        let mut moves: Vec<FirstMove> = Vec::new();
        let mut complete = true;
        for code in codes {
            let left = budget.nodes.saturating_sub(used);
            let mut search =
                Search::new(game.clone(), &mut table, prover, self.settings(left, budget));
            for p in tables.iter().filter_map(|(t, earlier)| earlier.prior(t, mode, prover)) {
                search = search.with_prior(p);
            }
            let proof = search.prove_after(code).unwrap_or(Proof::Disproved);
            match proof {
                Proof::Proved => {
                    let played = search.game.play(code).expect("a legal first move");
                    let mut line = vec![code];
                    if search.game.winner(Some((prover, code, Game::removed(&played)))).is_none() {
                        line.extend(main_line(&mut search, 2 * problem.region().len() + 20));
                    }
                    search.game.undo(played);
                    moves.push(FirstMove {
                        point: to_move_of(code),
                        main_line: line.iter().map(|&c| to_move_of(c)).collect(),
                    });
                }
                Proof::Disproved => {}
                Proof::Unknown => complete = false,
            }
            used += search.nodes;
        }
        let mut solution = solution;
        if mode != Mode::Never && moves.len() > 1 {
            // The best ko first: ranked by the threats it leaves the opponent or needs.
            let mut ranked: Vec<(u8, FirstMove)> = Vec::with_capacity(moves.len());
            for m in moves {
                let code = code_of(m.point);
                let left = budget.nodes.saturating_sub(used);
                let (rank, nodes) = self.ko_rank(&game, prover, mode, code, left, budget);
                used += nodes;
                ranked.push((rank, m));
            }
            // On equal ranks the answer's own move first, then the order of the search.
            let answer = solution.answer.point;
            ranked.sort_by_key(|(rank, m)| (*rank, Some(m.point) != answer));
            moves = ranked.into_iter().map(|(_, m)| m).collect();
            if solution.answer.certain {
                solution.answer.point = Some(moves[0].point);
                solution.main_line.clone_from(&moves[0].main_line);
            }
        }
        FirstMoves { solution, moves, complete, nodes: used }
    }

    /// How good the ko that the first move `code` starts is (lower is better), with the
    /// nodes it took: for a ko the prover takes first (`mode` S(0)), 0 when the prover
    /// may wait ([`LifeAndDeath::waits`]), else [`KO_RANK_MAX`] + 1 less the most ko
    /// threats the opponent may have beyond the prover's and still lose; for one that
    /// needs threats (S(+∞)), the fewest threats the prover needs beyond the opponent's
    /// ([`KO_RANK_MAX`] + 1 when more). Each count is one search (the wait one per
    /// reply), within `nodes` in all; a search the budget cuts counts as a failure.
    fn ko_rank(
        &self,
        game: &Game,
        prover: Color,
        mode: Mode,
        code: Code,
        nodes: u64,
        budget: Budget,
    ) -> (u8, u64) {
        let mut used = 0;
        if mode == Mode::Even {
            let (waits, n) = self.waits(game, prover, code, nodes, budget);
            used += n;
            if waits {
                return (0, used);
            }
        }
        for k in 1..=KO_RANK_MAX {
            let threats = match mode {
                Mode::Even => Threats::balance(prover, 0, k),
                _ => Threats::balance(prover, k, 0),
            };
            let mut g = game.clone();
            g.threats = threats;
            let (proved, n) =
                self.proves(g, prover, Some(code), nodes.saturating_sub(used), budget);
            used += n;
            match (mode, proved) {
                (Mode::Even, false) => return (KO_RANK_MAX + 2 - k, used),
                (Mode::Even, true) => {}
                (_, true) => return (k, used),
                (_, false) => {}
            }
        }
        (if mode == Mode::Even { 1 } else { KO_RANK_MAX + 1 }, used)
    }

    /// Whether a search of its own (a fresh table, `nodes` at most) proves `game` for
    /// `prover`, after the move `after` if any (an illegal one fails); with the nodes.
    fn proves(
        &self,
        game: Game,
        prover: Color,
        after: Option<Code>,
        nodes: u64,
        budget: Budget,
    ) -> (bool, u64) {
        let mut table = self.table();
        let mut search = Search::new(game, &mut table, prover, self.settings(nodes, budget));
        let proof = match after {
            Some(code) => search.prove_after(code),
            None => Some(search.prove()),
        };
        (proof == Some(Proof::Proved), search.nodes)
    }

    /// Whether the prover, after its first move `code` (a ko it takes first, `game` in
    /// S(0) with the prover to move), may wait: whatever the opponent answers (but a
    /// pass), the prover may play elsewhere (a pass that does not count towards the end
    /// of the game) and still win with nobody retaking a banned ko. Such a ko only the
    /// prover can start, when it has removed the opponent's threats: a bent four in the
    /// corner, dead under Japanese rules, is one. With the nodes used.
    fn waits(
        &self,
        game: &Game,
        prover: Color,
        code: Code,
        nodes: u64,
        budget: Budget,
    ) -> (bool, u64) {
        let mut used = 0;
        let mut g = game.clone();
        let Ok(first) = g.play(code) else { return (false, 0) };
        let replies: Vec<Code> = g.points().iter().map(|p| p.index() as Code).collect();
        for r in replies {
            let Ok(reply) = g.play(r) else { continue };
            let mover = g.to_move.opponent();
            let removed = Game::removed(&reply);
            let over = g.winner(Some((mover, r, removed)));
            let ok = match over {
                Some(w) => w == prover,
                None => {
                    let tenuki = g.play(PASS).expect("a pass is legal");
                    let passes = std::mem::replace(&mut g.passes, 0);
                    let left = nodes.saturating_sub(used);
                    let (proved, n) = self.proves(g.clone(), prover, None, left, budget);
                    used += n;
                    g.passes = passes;
                    g.undo(tenuki);
                    proved
                }
            };
            g.undo(reply);
            if !ok {
                g.undo(first);
                return (false, used);
            }
        }
        g.undo(first);
        (true, used)
    }

    /// The status of the target: the kill question with the attacker to move and the
    /// live question with the defender to move, each within `budget`.
    ///
    /// - the attacker cannot kill even winning every ko: [`Status::Alive`], or
    ///   [`Status::Seki`] when a third search shows that the defender cannot get a
    ///   pass-alive group even winning every ko (so it lives only in seki);
    /// - the defender cannot live even winning every ko: [`Status::Dead`];
    /// - both succeed (possibly through a ko): [`Status::Critical`] with the attacker's
    ///   and the defender's first moves;
    /// - a search cut by the budget leaves [`Status::Unknown`].
    pub fn status(&self, problem: &Problem, budget: Budget) -> StatusReport {
        let attack = self.solve(problem, Goal::Kill, problem.attacker(), budget);
        let defend = self.solve(problem, Goal::Live, problem.defender(), budget);
        let mut nodes = attack.answer.nodes + defend.answer.nodes;
        let (a, d) = (&attack.answer, &defend.answer);
        let status = if a.certain && a.outcome == Outcome::Lose {
            // Alive; seki if the defender cannot get independent life.
            let (independent, _) =
                self.solve_with_seki(problem, Goal::Live, problem.attacker(), budget, false);
            nodes += independent.answer.nodes;
            if independent.answer.certain && independent.answer.outcome == Outcome::Lose {
                Status::Seki
            } else {
                Status::Alive
            }
        } else if d.certain && d.outcome == Outcome::Lose {
            Status::Dead
        } else if a.certain && d.certain {
            match (a.point, d.point) {
                (Some(Move::Play(attack)), Some(Move::Play(defend))) => {
                    Status::Critical { attack, defend }
                }
                (Some(Move::Pass), _) => Status::Dead,
                (_, Some(Move::Pass)) => Status::Alive,
                _ => Status::Unknown,
            }
        } else {
            Status::Unknown
        };
        StatusReport { status, attack, defend, nodes }
    }
}

/// The most threats beyond the other side's by which [`LifeAndDeath::first_moves`]
/// ranks the first moves of a ko answer (after whether the prover may wait).
const KO_RANK_MAX: u8 = 2;

/// The code of a move.
fn code_of(m: Move) -> Code {
    match m {
        Move::Play(p) => p.index() as Code,
        Move::Pass => PASS,
    }
}

/// The move of a code.
fn to_move_of(code: Code) -> Move {
    if code == PASS {
        Move::Pass
    } else {
        Move::Play(Point::from_index(usize::from(code)).expect("a move code is a point"))
    }
}

/// Walks the proof in the table from the current position: the winner's proving move,
/// the loser's longest resistance, until the game ends or the table has no settled
/// answer (a result that depended on the path is not stored).
fn main_line(search: &mut Search<'_>, max: usize) -> Vec<Code> {
    let mut line = Vec::new();
    let mut stack = Vec::new();
    while line.len() < max {
        let kids = search.children();
        // A child whose mover loses: the mover here wins by it.
        let pick = if let Some(k) = kids.iter().find(|k| k.2 == 0) {
            k.0
        } else if !kids.is_empty() && kids.iter().all(|k| k.1 == 0) {
            let mut b = 0;
            for (i, k) in kids.iter().enumerate() {
                if k.3 > kids[b].3 {
                    b = i;
                }
            }
            kids[b].0
        } else {
            break;
        };
        let mover = search.game.to_move;
        let played = search.game.play(pick).expect("a generated move is legal");
        line.push(pick);
        let removed = Game::removed(&played);
        stack.push(played);
        if search.game.winner(Some((mover, pick, removed))).is_some() {
            break;
        }
    }
    while let Some(played) = stack.pop() {
        search.game.undo(played);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The searches of the threat balance pass on only what holds: the prover's wins
    /// to the modes where it may retake more, its losses to those where it may retake
    /// less. Passing a win the other way would make the solver claim kills it cannot
    /// make.
    #[test]
    fn a_search_reads_only_the_results_that_hold_in_it() {
        let table = Table::with_capacity(8);
        let prover = Color::Black;
        let reads =
            |earlier: Mode, later: Mode| earlier.prior(&table, later, prover).map(|p| p.wins);
        assert_eq!(reads(Mode::Never, Mode::Always), Some(true));
        assert_eq!(reads(Mode::Never, Mode::Even), Some(true));
        assert_eq!(reads(Mode::Even, Mode::Always), Some(true));
        assert_eq!(reads(Mode::Always, Mode::Even), Some(false));
        assert_eq!(reads(Mode::Always, Mode::Never), Some(false));
        assert_eq!(reads(Mode::Even, Mode::Never), Some(false));
        for mode in [Mode::Never, Mode::Even, Mode::Always] {
            assert!(reads(mode, mode).is_none());
        }
        // A state's key in the earlier search is its key here with the permissions'
        // parts exchanged.
        let p = Mode::Never.prior(&table, Mode::Even, prover).expect("a prior");
        let (never, even) = (Mode::Never.threats(prover), Mode::Even.threats(prover));
        assert_eq!(p.rekey ^ even.key(), never.key());
    }
}
