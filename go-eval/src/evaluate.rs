//! The seed paper's six-step evaluation, with bounds (Onishi, Inoue and Torii, §3.4):
//!
//! 1. compute the board's **potential** (by default the [directional
//!    model](crate::influence::Directional), Black's minus White's influence; or
//!    [Zobrist's potential](crate::influence::ZobristPotential));
//! 2. from it, the **connections**: chains of one colour join into a group when a
//!    solid or peeped [link](crate::links) joins them, or a path of empty points where
//!    their colour's potential reaches `connect` (off by default);
//! 3. for every group, its **liberties**, its **territory** (empty points of its colour
//!    in the Bouzy 5/21 map, reached from its liberties) and its **surroundings**: the
//!    enemy's potential under it when it is taken away, and whether an enemy chain
//!    next to it is in atari;
//! 4. the **dead stones**: weak groups (few liberties and stones, or late in the game no
//!    territory) in the enemy's sphere, by the rules of [`DeadRules`]; pass-alive groups
//!    ([Benson](crate::benson::pass_alive)) never die;
//! 5. **recompute** the potential with the dead stones removed;
//! 6. turn the result into **points**: living stones, and empty points (dead stones'
//!    points included) where a colour's potential reaches `territory`, counted by the
//!    rules' scoring with komi (go-board's [`Score`], from
//!    [`Position::score_ownership`]).
//!
//! Bounds come from tilting the settings (the seed: "values taken in one's own favour
//! give the upper bound"): for the favoured colour, life comes cheaper, for the other
//! colour territory and life come dearer ([`Tilt`]). [`PositionEvaluator::lead_bounds`]
//! evaluates with the thresholds tilted for Black and for White and returns the
//! interval, which contains the neutral estimate.
//!
//! The evaluator is also a point and an interval evaluator of go-search (module
//! [`search`](crate::search)); its own methods have other names
//! ([`evaluate_position`](PositionEvaluator::evaluate_position),
//! [`lead_bounds`](PositionEvaluator::lead_bounds)), so that `evaluator.evaluate_position(..)`
//! always means the trait.
//!
//! # Examples
//!
//! ```
//! use go_board::{Position, Rules};
//! use go_eval::evaluate::PositionEvaluator;
//! let position = Position::from_diagram(
//!     "
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . X X X X . . .
//!     . X . . . . X . .
//!     . X O . . . X . .
//!     . X . . . . X . .
//!     . . X X X X . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     ",
//!     Rules::chinese(),
//! )?;
//! let evaluator = PositionEvaluator::default();
//! let eval = evaluator.evaluate_position(&position);
//! // The lone white stone inside Black's ring, with three liberties, is dead.
//! assert_eq!(eval.dead.len(), 1);
//! assert!(eval.margin() > 0);
//! // The whole board counts for Black: 81 points against komi 7.5.
//! assert_eq!(eval.score.to_string(), "B+73.5");
//! let bounds = evaluator.lead_bounds(&position);
//! assert!(bounds.pessimistic() <= eval.margin() && eval.margin() <= bounds.optimistic());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use go_board::{Board, BoardSize, ByColor, Color, PointMap, PointSet, Position, Score, Status};
use go_search::Bounds;

use crate::benson::pass_alive;
use crate::bouzy::Bouzy;
use crate::groups::Groups;
use crate::influence::{ConfigError, Directional, DirectionalConfig, ZobristPotential};
use crate::links::links;
use crate::ownership::Ownership;

/// The potential model of steps 1, 5 and 6.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Potential {
    /// Zobrist's potential model (1969); its values are the potential.
    ZobristPotential(ZobristPotential),
    /// The directional model; Black's influence minus White's, rounded, is the
    /// potential.
    Directional(DirectionalConfig),
}

/// When step 4 calls a group dead. A group is never dead when it is pass-alive. It is
/// dead when it has at most `atari` liberties, or when it has at most `liberties`
/// liberties and at most `small` stones, none of the enemy chains next to it is in
/// atari, and the enemy's potential under it (Zobrist's, computed without it) exceeds
/// `enemy` (or is merely positive when it has at most `tiny` stones). From move `late`
/// on, a group with at most `late_liberties` liberties dies too when it has no
/// territory of its own (Bouzy 5/21), no enemy chain next to it is in atari and the
/// enemy's potential under it exceeds `enemy`. Finally, dead groups whose enemy
/// neighbours (next to them or to their liberties) are all dead as well, such as the
/// two sides of a seki, live.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DeadRules {
    /// Liberties of a group taken as captured (in atari).
    pub atari: u32,
    /// Liberties of a small group that may die.
    pub liberties: u32,
    /// Stones of such a small group.
    pub small: u32,
    /// Stones of a group too small to matter: any enemy potential under it kills it.
    pub tiny: u32,
    /// Enemy potential (Zobrist's potential, ±64 and 4 iterations, without the group)
    /// under a dying group.
    pub enemy: i32,
    /// The move number from which territoryless groups may die.
    pub late: u32,
    /// Liberties of a territoryless group that may die late in the game.
    pub late_liberties: u32,
}

/// How far [`PositionEvaluator::lead_bounds`] moves the settings for and against a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tilt {
    /// Potential added to the territory threshold of the colour tilted against.
    pub territory: i32,
    /// Liberties added to the `liberties` rule for the colour tilted against (and taken
    /// from the other's).
    pub liberties: u32,
    /// Potential taken from the `enemy` rule for the colour tilted against (and added
    /// to the other's).
    pub enemy: i32,
}

/// The settings of a [`PositionEvaluator`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// The potential model (steps 1, 5 and 6).
    pub potential: Potential,
    /// Own potential on an empty point that joins chains through it (step 2).
    pub connect: i32,
    /// Own potential that makes an empty point territory in the count (step 6).
    pub territory: i32,
    /// When groups die (step 4).
    pub dead: DeadRules,
    /// The tilt of the bounds.
    pub tilt: Tilt,
}

impl Default for Config {
    /// The directional potential with GNU Go's settings, and dead-stone rules tuned by
    /// hand on the games of the ownership benchmark (`go-lab eval-bench`; figures,
    /// with the held-out half, in the workspace's `BENCHMARKS.md`).
    fn default() -> Config {
        Config {
            potential: Potential::Directional(DirectionalConfig::GNU_GO),
            connect: i32::MAX,
            territory: 1,
            dead: DeadRules {
                atari: 1,
                liberties: 3,
                small: 7,
                tiny: 4,
                enemy: 12,
                late: 150,
                late_liberties: 9,
            },
            tilt: Tilt { territory: 4, liberties: 1, enemy: 4 },
        }
    }
}

/// What the evaluation concluded about a group (step 3 and 4).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GroupEval {
    /// The colour.
    pub color: Color,
    /// The stones.
    pub stones: PointSet,
    /// The liberties.
    pub liberties: u32,
    /// Its territory: empty points of its colour in the Bouzy 5/21 map, reached from
    /// its liberties.
    pub territory: u32,
    /// The enemy's mean ZobristPotential potential ([`ZobristPotential::CLASSIC`]) under its
    /// stones, computed without it (computed only for groups that may die; 0
    /// otherwise).
    pub enemy: i32,
    /// Whether one of the enemy chains next to it is in atari.
    pub can_capture: bool,
    /// Whether it is pass-alive (Benson).
    pub pass_alive: bool,
    /// Step 4's verdict: [`Status::Alive`] or [`Status::Dead`] (the evaluation does not
    /// read, so it never answers `Critical`).
    pub status: Status,
}

impl GroupEval {
    /// Whether step 4 judged the group dead.
    pub fn is_dead(&self) -> bool {
        self.status == Status::Dead
    }
}

/// The result of the evaluation of a position (one set of settings).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Evaluation {
    /// The potential after the dead stones were removed (step 5), Black positive.
    pub potential: PointMap<i32>,
    /// The groups as step 3 saw them (before the dead stones were removed), with the
    /// verdict of step 4.
    pub groups: Vec<GroupEval>,
    /// The dead stones.
    pub dead: PointSet,
    /// The owner of every point in the count (step 6): living stones, territory, and
    /// the points of dead stones for their captor where the potential says so.
    pub ownership: Ownership,
    /// The count of `ownership` under the position's rules
    /// ([`Position::score_ownership`] with the dead stones).
    pub score: Score,
}

impl Evaluation {
    /// Black's lead in half-points, komi and compensation included (negative when
    /// White leads): [`Score::margin_half_points`].
    pub fn margin(&self) -> i32 {
        self.score.margin_half_points()
    }
}

/// The six-step evaluator; see the [module documentation](self).
#[derive(Clone, Debug)]
pub struct PositionEvaluator {
    config: Config,
    directional: Option<Directional>,
}

impl Default for PositionEvaluator {
    fn default() -> PositionEvaluator {
        PositionEvaluator::new(Config::default()).expect("the default settings are valid")
    }
}

/// The settings of one colour in one evaluation.
#[derive(Clone, Copy, Debug)]
struct Side {
    territory: i32,
    dead: DeadRules,
}

impl PositionEvaluator {
    /// An evaluator with `config`.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] if the directional model's settings are invalid.
    pub fn new(config: Config) -> Result<PositionEvaluator, ConfigError> {
        let directional = match config.potential {
            Potential::Directional(c) => Some(Directional::new(c)?),
            Potential::ZobristPotential(_) => None,
        };
        Ok(PositionEvaluator { config, directional })
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The potential of `stones` (step 1), Black positive.
    pub fn potential(&self, size: BoardSize, stones: &ByColor<PointSet>) -> PointMap<i32> {
        match (&self.config.potential, &self.directional) {
            (Potential::ZobristPotential(z), _) => z.map(size, stones),
            (Potential::Directional(_), Some(d)) => d.influence(size, stones).difference(),
            (Potential::Directional(c), None) => Directional::new(*c)
                .expect("checked when the evaluator was built")
                .influence(size, stones)
                .difference(),
        }
    }

    /// Evaluates `position` with the neutral settings. (The go-search trait method
    /// [`Evaluator::evaluate`](go_search::Evaluator::evaluate) is this evaluation's
    /// margin for the side to move.)
    pub fn evaluate_position(&self, position: &Position) -> Evaluation {
        let assessed = self.assess(position);
        self.finish(position, &assessed, self.neutral_sides(), &mut assessed.no_enemies())
    }

    /// Evaluates `position` with the settings tilted in favour of `color` (see
    /// [`Tilt`]).
    pub fn evaluate_tilted(&self, position: &Position, color: Color) -> Evaluation {
        let assessed = self.assess(position);
        self.finish(position, &assessed, self.tilted_sides(color), &mut assessed.no_enemies())
    }

    /// The bounds of Black's lead in half-points (komi included): the margins of the
    /// evaluations tilted for White and for Black, widened to contain the neutral one.
    /// (The go-search trait method
    /// [`IntervalEvaluator::bounds`](go_search::IntervalEvaluator::bounds) is these
    /// bounds for the side to move.)
    pub fn lead_bounds(&self, position: &Position) -> Bounds<i32> {
        self.evaluate_with_bounds(position).1
    }

    /// The neutral evaluation and [the bounds](Self::lead_bounds) at once, for the
    /// price of one assessment (steps 1 to 3 do not depend on the tilt).
    pub(crate) fn evaluate_with_bounds(&self, position: &Position) -> (Evaluation, Bounds<i32>) {
        let assessed = self.assess(position);
        let mut enemies = assessed.no_enemies();
        let neutral = self.finish(position, &assessed, self.neutral_sides(), &mut enemies);
        let [black, white] = Color::ALL
            .map(|c| self.finish(position, &assessed, self.tilted_sides(c), &mut enemies).margin());
        let m = neutral.margin();
        let bounds = Bounds::must(m.min(black).min(white), m.max(black).max(white));
        (neutral, bounds)
    }

    fn neutral_sides(&self) -> ByColor<Side> {
        let side = Side { territory: self.config.territory, dead: self.config.dead };
        ByColor::new(side, side)
    }

    /// The settings tilted in favour of `color`.
    fn tilted_sides(&self, color: Color) -> ByColor<Side> {
        let (c, tilt) = (&self.config, self.config.tilt);
        let favoured = Side {
            territory: c.territory,
            dead: DeadRules {
                liberties: c.dead.liberties.saturating_sub(tilt.liberties),
                enemy: c.dead.enemy.saturating_add(tilt.enemy),
                ..c.dead
            },
        };
        let other = Side {
            territory: c.territory.saturating_add(tilt.territory),
            dead: DeadRules {
                liberties: c.dead.liberties + tilt.liberties,
                enemy: c.dead.enemy.saturating_sub(tilt.enemy),
                ..c.dead
            },
        };
        let mut sides = ByColor::new(other, other);
        sides[color] = favoured;
        sides
    }

    /// Steps 1 to 3, which do not depend on the per-colour settings.
    fn assess(&self, position: &Position) -> Assessed {
        let board = position.board();
        let stones = board.stones_by_color();
        let potential = self.potential(board.size(), &stones);
        let groups = assess(board, &stones, &potential, self.config.connect);
        Assessed { stones, groups }
    }

    /// Steps 4 to 6 with per-colour settings; `enemies` caches the enemy potential
    /// under each group (it does not depend on the settings either).
    fn finish(
        &self,
        position: &Position,
        assessed: &Assessed,
        sides: ByColor<Side>,
        enemies: &mut [Option<i32>],
    ) -> Evaluation {
        let (groups, dead) = self.step_4(position, assessed, &sides, enemies);
        self.points(position, &assessed.stones, groups, dead, &sides)
    }

    /// Step 4: the groups with their status, and the dead stones.
    fn step_4(
        &self,
        position: &Position,
        assessed: &Assessed,
        sides: &ByColor<Side>,
        enemies: &mut [Option<i32>],
    ) -> (Vec<GroupEval>, PointSet) {
        let size = position.size();
        let stones = assessed.stones;
        let mut groups = assessed.groups.clone();
        let move_number = position.move_count() as u32;
        let mut dead = PointSet::EMPTY;
        for (g, enemy) in groups.iter_mut().zip(enemies.iter_mut()) {
            if dies(g, enemy, &stones, size, &sides[g.color].dead, move_number) {
                g.status = Status::Dead;
                dead |= g.stones;
            }
        }
        dead -= revive(&mut groups, &stones, size);
        (groups, dead)
    }

    /// The neutral evaluation and the bounds when reading decided the dead stones:
    /// `dead` are dead in every evaluation, and `critical` are the stones of each
    /// colour's critical groups (either side may win them), dead in the evaluation
    /// tilted against their colour. In the neutral one, the critical stones of
    /// `uncertain` that step 4's rules kill are dead; from step 4's late move on, the
    /// others of `uncertain` count at the mean of living and dying (their stones and
    /// the points that depend on them undecided), and before it they live, as the
    /// other critical stones do. Step 4's rules decide nothing else.
    pub(crate) fn evaluate_read(
        &self,
        position: &Position,
        dead: PointSet,
        critical: ByColor<PointSet>,
        uncertain: PointSet,
    ) -> (Evaluation, Bounds<i32>) {
        let assessed = self.assess(position);
        let unsettled = uncertain & (critical.black | critical.white);
        let lost = if unsettled.is_empty() {
            PointSet::EMPTY
        } else {
            let sides = self.neutral_sides();
            unsettled & self.step_4(position, &assessed, &sides, &mut assessed.no_enemies()).1
        };
        let late = position.move_count() >= self.config.dead.late as usize;
        let switches = if late { unsettled - lost } else { PointSet::EMPTY };
        let neutral_dead = dead | lost;
        let with = |dead: PointSet, sides: ByColor<Side>| {
            let mut groups = assessed.groups.clone();
            for g in &mut groups {
                if !g.stones.is_disjoint(&dead) {
                    g.status = Status::Dead;
                }
            }
            self.points(position, &assessed.stones, groups, dead, &sides)
        };
        let mut neutral = with(neutral_dead, self.neutral_sides());
        if !switches.is_empty() {
            // A critical group is a switch between living and dying (whoever moves
            // first decides): it counts at its mean value, the average of both
            // outcomes. The points whose owner depends on it are undecided, and its
            // stones count as prisoners (territory scoring) on no owned point: this is
            // exactly the mean of the two counts under either scoring.
            let killed = with(neutral_dead | switches, self.neutral_sides());
            let size = position.size();
            neutral.ownership = PointMap::from_fn(size, |p| {
                let owner = neutral.ownership[p];
                if owner == killed.ownership[p] && !switches.contains(p) { owner } else { None }
            });
            neutral.score =
                position.score_ownership(&neutral.ownership, &(neutral_dead | switches));
        }
        let black = with(dead | critical.white, self.tilted_sides(Color::Black)).margin();
        let white = with(dead | critical.black, self.tilted_sides(Color::White)).margin();
        let m = neutral.margin();
        (neutral, Bounds::must(m.min(black).min(white), m.max(black).max(white)))
    }

    /// Steps 5 and 6: the potential without the dead stones and the points.
    fn points(
        &self,
        position: &Position,
        stones: &ByColor<PointSet>,
        groups: Vec<GroupEval>,
        dead: PointSet,
        sides: &ByColor<Side>,
    ) -> Evaluation {
        let size = position.size();
        // Step 5: recompute without the dead stones.
        let living = ByColor::new(stones.black - dead, stones.white - dead);
        let potential = self.potential(size, &living);

        // Step 6: points.
        let ownership = PointMap::from_fn(size, |p| {
            for color in Color::ALL {
                if living[color].contains(p) {
                    return Some(color);
                }
            }
            let v = potential[p];
            if v >= sides.black.territory {
                Some(Color::Black)
            } else if -v >= sides.white.territory {
                Some(Color::White)
            } else {
                None
            }
        });
        let score = position.score_ownership(&ownership, &dead);
        Evaluation { potential, groups, dead, ownership, score }
    }
}

/// The result of steps 1 to 3.
struct Assessed {
    stones: ByColor<PointSet>,
    groups: Vec<GroupEval>,
}

impl Assessed {
    /// An empty cache of enemy potentials, one per group.
    fn no_enemies(&self) -> Vec<Option<i32>> {
        vec![None; self.groups.len()]
    }
}

/// Step 4 for one group (computes its enemy potential if the rules need it, or takes
/// it from `enemy`).
fn dies(
    g: &mut GroupEval,
    enemy: &mut Option<i32>,
    stones: &ByColor<PointSet>,
    size: BoardSize,
    rules: &DeadRules,
    move_number: u32,
) -> bool {
    if g.pass_alive {
        return false;
    }
    if g.liberties <= rules.atari {
        return true;
    }
    let n = g.stones.len() as u32;
    let small = g.liberties <= rules.liberties && n <= rules.small;
    let late = move_number >= rules.late && g.liberties <= rules.late_liberties && g.territory == 0;
    if g.can_capture || !(small || late) {
        return false;
    }
    g.enemy = *enemy.get_or_insert_with(|| {
        let without = ByColor::new(stones.black - g.stones, stones.white - g.stones);
        let map = ZobristPotential::CLASSIC.map(size, &without);
        let sign = -g.color.sign();
        let sum: i32 = g.stones.iter().map(|p| sign * map[p]).sum();
        sum / n.max(1) as i32
    });
    if small && n <= rules.tiny {
        return g.enemy > 0;
    }
    g.enemy > rules.enemy
}

/// Step 4's exception: dead groups whose enemy neighbours (the enemy stones next to
/// them or to their liberties) are all dead too, such as the two sides of a seki, are
/// alive after all. Returns the stones revived.
fn revive(groups: &mut [GroupEval], stones: &ByColor<PointSet>, size: BoardSize) -> PointSet {
    let on_board = size.on_board();
    let empty = on_board - stones.black - stones.white;
    let dead = groups.iter().filter(|g| g.is_dead()).fold(PointSet::EMPTY, |a, g| a | g.stones);
    let mut revived = PointSet::EMPTY;
    for g in groups.iter_mut().filter(|g| g.is_dead()) {
        let near = g.stones | g.stones.adjacent(&empty);
        let enemy = near.adjacent(&on_board) & stones[g.color.opponent()];
        if !enemy.is_empty() && enemy.is_subset(&dead) {
            g.status = Status::Alive;
            revived |= g.stones;
        }
    }
    revived
}

/// Steps 2 and 3: groups (links, and bridges of potential) and what they have.
fn assess(
    board: &Board,
    stones: &ByColor<PointSet>,
    potential: &PointMap<i32>,
    connect: i32,
) -> Vec<GroupEval> {
    let size = board.size();
    let on_board = size.on_board();
    let empty = on_board - stones.black - stones.white;
    let linked = Groups::with_links(board, links(board), true);
    let bouzy = Bouzy::TERRITORY.map(size, stones);
    let mut out = Vec::new();
    for color in Color::ALL {
        let sign = color.sign();
        let own = stones[color];
        let enemy = stones[color.opponent()];
        let safe = pass_alive(size, own, enemy);
        let territory = bouzy.points_where(|&v| sign * v > 0) & empty;
        // Step 2: chains joined by links, then by bridges of potential.
        let mut parts: Vec<PointSet> =
            linked.groups().iter().filter(|g| g.color == color).map(|g| g.stones).collect();
        if connect < i32::MAX {
            let bridges = potential.points_where(|&v| sign * v >= connect) & empty;
            for component in (own | bridges).components() {
                let joined: Vec<usize> =
                    (0..parts.len()).filter(|&i| !parts[i].is_disjoint(&component)).collect();
                if joined.len() > 1 {
                    let merged = joined.iter().fold(PointSet::EMPTY, |a, &i| a | parts[i]);
                    for &i in joined.iter().rev() {
                        parts.swap_remove(i);
                    }
                    parts.push(merged);
                }
            }
        }
        // Step 3.
        for g in parts {
            let liberties = g.adjacent(&empty);
            let reached = PointSet::flood_fill(&liberties, &territory);
            let can_capture =
                (g.adjacent(&on_board) & enemy).iter().any(|p| board.liberty_count(p) <= 1);
            out.push(GroupEval {
                color,
                stones: g,
                liberties: liberties.len() as u32,
                territory: reached.len() as u32,
                enemy: 0,
                can_capture,
                pass_alive: !(g & safe).is_empty(),
                status: Status::Alive,
            });
        }
    }
    out.sort_by_key(|g| g.stones.first());
    out
}

/// Black's lead in half-points seen by `color`.
pub(crate) fn for_side(margin: i32, color: Color) -> i32 {
    margin * color.sign()
}

#[cfg(test)]
mod tests {
    use go_board::{Komi, Point, Rules};

    use super::*;

    fn position(diagram: &str, rules: Rules) -> Position {
        Position::from_diagram(diagram, rules).unwrap()
    }

    fn at(position: &Position, vertex: &str) -> Point {
        Point::parse_gtp(vertex, position.size()).unwrap()
    }

    /// Black lives in the corner with two eyes (A1, C1); White's stones around are
    /// short of liberties.
    const CORNER: &str = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        O O O O O . .
        X X X X O . .
        . X . X O . .
        ";

    #[test]
    fn pass_alive_groups_never_die() {
        let position = position(CORNER, Rules::chinese().with_komi(Komi::from_points(0)));
        // Rules so harsh that every group dies unless Benson protects it.
        let harsh = DeadRules {
            atari: 2,
            liberties: 100,
            small: 100,
            tiny: 100,
            enemy: -1000,
            late: 0,
            late_liberties: 100,
        };
        let config = Config { dead: harsh, ..Config::default() };
        let eval = PositionEvaluator::new(config).unwrap().evaluate_position(&position);
        let black = eval.groups.iter().find(|g| g.color == Color::Black).unwrap();
        assert!(black.pass_alive && !black.is_dead());
        let white = eval.groups.iter().find(|g| g.color == Color::White).unwrap();
        assert!(!white.pass_alive && white.is_dead());
        assert_eq!(eval.dead, *position.board().stones(Color::White));
        // With White's stones gone, the board is Black's (but for points too far from
        // any stone for the directional model).
        let owned = |c| eval.ownership.points_where(|&o| o == Some(c));
        assert!(owned(Color::White).is_empty());
        assert!(eval.dead.is_subset(&owned(Color::Black)));
        let black = owned(Color::Black).len();
        assert!(black >= 40, "{:?}", eval.ownership);
        assert_eq!(eval.margin(), 2 * black as i32);
    }

    #[test]
    fn a_stone_in_atari_dies_and_its_point_changes_hands() {
        let position = position(
            "
            . . . . .
            . X . . .
            . O X . .
            . X . . .
            . . . . .
            ",
            Rules::japanese().with_komi(Komi::from_points(0)),
        );
        let eval = PositionEvaluator::default().evaluate_position(&position);
        let b3 = at(&position, "B3");
        assert_eq!(eval.dead, PointSet::from_iter([b3]));
        let white = eval.groups.iter().find(|g| g.color == Color::White).unwrap();
        assert_eq!((white.liberties, white.status), (1, Status::Dead));
        assert_eq!(eval.ownership[b3], Some(Color::Black));
        // Territory scoring: the empty points Black owns (the dead stone's included) and
        // one prisoner.
        let territory = eval.ownership.points_where(|&o| o == Some(Color::Black))
            - *position.board().stones(Color::Black);
        assert!(territory.len() >= 18, "{:?}", eval.ownership);
        assert_eq!(eval.score.points.black, territory.len() as u32 + 1);
        assert_eq!(eval.score.points.white, 0);
    }

    #[test]
    fn the_potential_follows_the_model() {
        let position = position(CORNER, Rules::chinese());
        let board = position.board();
        let stones = board.stones_by_color();
        let zobrist = Config {
            potential: Potential::ZobristPotential(ZobristPotential::CLASSIC),
            ..Config::default()
        };
        let evaluator = PositionEvaluator::new(zobrist).unwrap();
        assert_eq!(
            evaluator.potential(board.size(), &stones),
            ZobristPotential::CLASSIC.map(board.size(), &stones)
        );
        let bad = DirectionalConfig { attenuation: 0.5, ..DirectionalConfig::GNU_GO };
        let config = Config { potential: Potential::Directional(bad), ..Config::default() };
        assert!(PositionEvaluator::new(config).is_err());
    }

    #[test]
    fn bridges_of_potential_join_chains() {
        let position = position(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . X . . . . . X .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            ",
            Rules::chinese(),
        );
        let apart = PositionEvaluator::default().evaluate_position(&position);
        assert_eq!(apart.groups.len(), 2);
        let config = Config { connect: 1, ..Config::default() };
        let joined = PositionEvaluator::new(config).unwrap().evaluate_position(&position);
        assert_eq!(joined.groups.len(), 1);
        assert_eq!(joined.groups[0].stones.len(), 2);
    }

    #[test]
    fn tilting_moves_the_margin_towards_the_favoured_colour() {
        let position = position(CORNER, Rules::chinese());
        let evaluator = PositionEvaluator::default();
        let neutral = evaluator.evaluate_position(&position).margin();
        let black = evaluator.evaluate_tilted(&position, Color::Black).margin();
        let white = evaluator.evaluate_tilted(&position, Color::White).margin();
        assert!(white <= neutral && neutral <= black, "{white} {neutral} {black}");
        let bounds = evaluator.lead_bounds(&position);
        assert_eq!((bounds.pessimistic(), bounds.optimistic()), (white, black));
        // Sharing steps 1 to 3 changes nothing.
        let (eval, shared) = evaluator.evaluate_with_bounds(&position);
        assert_eq!((eval, shared), (evaluator.evaluate_position(&position), bounds));
    }
}
