//! Score estimation: the evaluation's estimate of the score with bounds, and the dead
//! stones, as methods of the caller's configured [`PositionEvaluator`].
//!
//! # Examples
//!
//! ```
//! use go_board::{Komi, Point, PointSet, Position, Rules};
//! use go_eval::evaluate::PositionEvaluator;
//! let rules = Rules::japanese().with_komi(Komi::from_half_points(1));
//! let position = Position::from_diagram(
//!     "
//!     . . . X O . .
//!     . . . X O . .
//!     . . . X O . .
//!     O . . X O . .
//!     . . . X O . .
//!     . . . X O . .
//!     . . . X O . .
//!     ",
//!     rules,
//! )?;
//! let evaluator = PositionEvaluator::default();
//! // White's invader at A4 has no chance in Black's side of the board.
//! let a4 = Point::parse_gtp("A4", position.size())?;
//! assert_eq!(evaluator.static_dead_stones(&position), PointSet::from_iter([a4]));
//! let estimate = evaluator.estimate_score(&position);
//! // Territory scoring: Black's 21 points (A4 included) and a prisoner, against
//! // White's 14 points and komi 0.5: Black leads by 7.5 points.
//! assert_eq!(estimate.margin(), 2 * (21 + 1 - 14) - 1);
//! assert_eq!(estimate.evaluation.score.to_string(), "B+7.5");
//! assert!(estimate.bounds.pessimistic() <= estimate.margin());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use go_board::{ByColor, Color, PointSet, Position, Status};
use go_search::Bounds;

use crate::evaluate::{Evaluation, PositionEvaluator};
use crate::reading::owl::{Owl, OwlScratch};
use crate::reading::{Budget, Outcome};
use crate::unconditional::Unconditional;

/// A score estimate: the neutral evaluation (its [`Score`](go_board::Score), dead
/// stones and ownership map) and the bounds of Black's lead.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ScoreEstimate {
    /// The evaluation with the neutral settings.
    pub evaluation: Evaluation,
    /// Bounds of Black's lead in half-points (komi included): the margins of the
    /// evaluations tilted for each colour, widened to contain the neutral one. As JSON,
    /// `{"pessimistic": .., "optimistic": ..}`.
    #[cfg_attr(feature = "serde", serde(with = "bounds_serde"))]
    pub bounds: Bounds<i32>,
}

impl ScoreEstimate {
    /// Black's lead in half-points (komi included): the neutral evaluation's margin.
    pub fn margin(&self) -> i32 {
        self.evaluation.margin()
    }
}

impl PositionEvaluator {
    /// Estimates the score of `position`: the neutral evaluation and the bounds of
    /// Black's lead, for the price of one assessment.
    pub fn estimate_score(&self, position: &Position) -> ScoreEstimate {
        let (evaluation, bounds) = self.evaluate_with_bounds(position);
        ScoreEstimate { evaluation, bounds }
    }

    /// The dead stones of `position` by reading, as at the end of a game
    /// ([`ReadStatus::at_game_end`] with [`ReadStatus::BUDGET`]): the stones of the
    /// dragons the owl reader kills even when their owner moves first, and the
    /// unconditionally dead stones; pass-alive stones never. This is what GTP's
    /// `final_status_list` and `final_score` use.
    pub fn dead_stones(&self, position: &Position) -> PointSet {
        self.dead_stones_with_reading(position, ReadStatus::BUDGET)
    }

    /// The stones of `position` estimated dead without reading: the stones in the
    /// other colour's unconditionally safe regions ([`Unconditional`]) and the dead
    /// stones of this evaluator's neutral evaluation (step 4), except pass-alive ones.
    pub fn static_dead_stones(&self, position: &Position) -> PointSet {
        let unconditional = Unconditional::new(position.board());
        let certain = unconditional.dead.black | unconditional.dead.white;
        let alive = unconditional.alive.black | unconditional.alive.white;
        (self.evaluate_position(position).dead - alive) | certain
    }
}

/// The life and death of a position's dragons by owl reading, for the evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadStatus {
    /// Stones of dead dragons (and unconditionally dead stones), pass-alive stones
    /// excepted, and dead dragons whose enemy neighbours all read dead too (seki).
    /// At the end of a game ([`ReadStatus::at_game_end`]), a dragon that lives only by
    /// a ko the attacker takes first (proven `owl_attack` 2, `owl_defend` 3) is dead,
    /// and one the attacker kills only by a ko the owner takes first is alive.
    pub dead: PointSet,
    /// Stones of critical dragons, by colour: whoever moves first wins them. When the
    /// chain the owl read a dragon of several chains about has at most two liberties,
    /// only that chain is at stake.
    pub critical: ByColor<PointSet>,
    /// The stones of [`critical`](Self::critical) dragons whose reading was not proven
    /// (a budget or a cut-off decided the attack or the defence).
    pub uncertain: PointSet,
    /// Owl nodes used.
    pub nodes: u64,
}

impl ReadStatus {
    /// The default budget of each owl question of the evaluation: 300 nodes, 10 plies.
    pub const BUDGET: Budget = Budget::new(300, 10);

    /// Reads every dragon of `position` with `budget` per owl question, shared by the
    /// moves at the root ([`Owl::sharing_the_budget`]: a dragon the budget cannot
    /// settle lives).
    pub fn new(position: &Position, budget: Budget) -> ReadStatus {
        ReadStatus::read(position, budget, false)
    }

    /// Reads every dragon of `position` as the dead stones of a finished game: with
    /// [`Owl::settling`] (a line the budget cuts leaves a dragon alive only with room
    /// for two eyes), and with no ko threat left (a ko decides a critical dragon for
    /// the side that takes it first).
    pub fn at_game_end(position: &Position, budget: Budget) -> ReadStatus {
        ReadStatus::read(position, budget, true)
    }

    fn read(position: &Position, budget: Budget, ended: bool) -> ReadStatus {
        let board = position.board();
        let unconditional = Unconditional::new(board);
        let alive = unconditional.alive.black | unconditional.alive.white;
        let mut out = ReadStatus {
            dead: unconditional.dead.black | unconditional.dead.white,
            critical: ByColor::new(PointSet::EMPTY, PointSet::EMPTY),
            uncertain: PointSet::EMPTY,
            nodes: 0,
        };
        let mut scratch = OwlScratch::new();
        let owl = if ended { Owl::settling() } else { Owl::new() }.sharing_the_budget();
        let statuses = owl.dragon_statuses(board, budget, &mut scratch);
        let read_dead = statuses
            .iter()
            .filter(|(_, s)| s.status == Status::Dead)
            .fold(PointSet::EMPTY, |d, (dragon, _)| d | dragon.stones);
        let on_board = board.size().on_board();
        let empty = board.empty_set();
        for (dragon, status) in &statuses {
            out.nodes += status.nodes;
            let stones = dragon.stones - alive;
            match status.status {
                Status::Dead => {
                    // As step 4's exception: a dead dragon whose enemy neighbours (next
                    // to it or to its liberties) are all dead too is in seki.
                    let near = dragon.stones | dragon.stones.adjacent(&empty);
                    let enemy = near.adjacent(&on_board) & *board.stones(!dragon.color);
                    if enemy.is_empty() || !enemy.is_subset(&read_dead) {
                        out.dead |= stones;
                    }
                }
                // When the game has ended, a ko the attacker takes first and the owner
                // wins only with the first threat is the attacker's whoever moves (no
                // threat is left): dead when the reading proved it. The mirror is
                // alive.
                Status::Critical { .. }
                    if ended && status.certain && status.defend == Some(Outcome::KoLoss) =>
                {
                    out.dead |= stones;
                }
                Status::Critical { .. }
                    if ended && status.certain && status.attack == Outcome::KoLoss => {}
                Status::Critical { .. } => {
                    let at_stake = Owl::at_stake(board, dragon) - alive;
                    out.critical[dragon.color] |= at_stake;
                    if !status.certain {
                        out.uncertain |= at_stake;
                    }
                }
                _ => {}
            }
        }
        out.critical[Color::Black] -= out.dead;
        out.critical[Color::White] -= out.dead;
        out.uncertain &= out.critical.black | out.critical.white;
        out
    }
}

impl PositionEvaluator {
    /// Estimates the score of `position` with reading: the dead stones are those of
    /// [`ReadStatus`] (owl reading of every dragon, and unconditional status) instead
    /// of step 4's static rules; each colour's critical dragons are dead in the
    /// evaluation tilted against that colour, so the bounds contain both outcomes.
    /// The neutral estimate counts them as [`estimate_score_read`](Self::estimate_score_read)
    /// says.
    pub fn estimate_score_with_reading(
        &self,
        position: &Position,
        budget: Budget,
    ) -> ScoreEstimate {
        self.estimate_score_read(position, &ReadStatus::new(position, budget))
    }

    /// Estimates the score of `position` from a life-and-death judgement already made
    /// (`read`, from [`ReadStatus::new`] or built by the caller): its dead stones are
    /// removed, and each colour's critical stones are dead in the evaluation tilted
    /// against that colour.
    ///
    /// In the neutral estimate a critical dragon whose reading was proven lives: the
    /// owner answers the attack (on development games, 80 % of such stones lived to
    /// the end). One whose reading a budget decided ([`ReadStatus::uncertain`]) is dead
    /// when step 4's static rules kill it too; otherwise it lives before the move from
    /// which those rules let territoryless groups die ([`DeadRules::late`]: there is
    /// still room to run and make eyes), and from that move on counts at its mean
    /// value (the average of living and dying, its stones and the points that depend
    /// on it undecided).
    ///
    /// [`DeadRules::late`]: crate::evaluate::DeadRules::late
    pub fn estimate_score_read(&self, position: &Position, read: &ReadStatus) -> ScoreEstimate {
        let (evaluation, bounds) =
            self.evaluate_read(position, read.dead, read.critical, read.uncertain);
        ScoreEstimate { evaluation, bounds }
    }

    /// The dead stones of `position` by reading, as at the end of a game
    /// ([`ReadStatus::at_game_end`]'s [`ReadStatus::dead`]).
    pub fn dead_stones_with_reading(&self, position: &Position, budget: Budget) -> PointSet {
        ReadStatus::at_game_end(position, budget).dead
    }
}

/// `Bounds<i32>` as `{"pessimistic": .., "optimistic": ..}`, read back through
/// `Bounds::new` (so a reversed pair is an error).
#[cfg(feature = "serde")]
mod bounds_serde {
    use go_search::Bounds;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    struct Pair {
        pessimistic: i32,
        optimistic: i32,
    }

    pub(super) fn serialize<S: Serializer>(b: &Bounds<i32>, s: S) -> Result<S::Ok, S::Error> {
        Pair { pessimistic: b.pessimistic(), optimistic: b.optimistic() }.serialize(s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Bounds<i32>, D::Error> {
        let pair = Pair::deserialize(d)?;
        Bounds::new(pair.pessimistic, pair.optimistic).ok_or_else(|| {
            serde::de::Error::custom("the pessimistic bound exceeds the optimistic one")
        })
    }
}

#[cfg(test)]
mod tests {
    use go_board::{Color, Point, Rules};

    use super::*;

    fn at(vertex: &str, position: &Position) -> Point {
        Point::parse_gtp(vertex, position.size()).unwrap()
    }

    #[test]
    fn dead_stones_include_the_unconditionally_dead() {
        // White's stone sits in a region that Black's pass-alive group makes safe.
        let position = Position::from_diagram(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            X X X X X . .
            X . X . X . .
            X X X X X . .
            . O . . X . .
            ",
            Rules::chinese(),
        )
        .unwrap();
        let b1 = at("B1", &position);
        let evaluator = PositionEvaluator::default();
        assert_eq!(evaluator.dead_stones(&position), PointSet::from_iter([b1]));
        let estimate = evaluator.estimate_score(&position);
        assert!(estimate.bounds.pessimistic() <= estimate.margin());
        assert!(estimate.margin() <= estimate.bounds.optimistic());
        assert_eq!(estimate.evaluation.ownership[b1], Some(Color::Black));
        assert!(estimate.evaluation.dead.is_subset(&PointSet::from_iter([b1])));
    }

    /// A dead black corner group (A2 B2 C2 C1) and a critical black ring (C7: whoever
    /// moves first decides it).
    const DEAD_CORNER_CRITICAL_RING: &str = "
            . . . . . . . . .
            . . O O O O O . .
            . O X X X X X O .
            . O X . . . X O .
            . . O X X X X O .
            . . . O O O O . .
            O O O O . . . . .
            X X X O . . . . .
            . . X O . . . . .
            ";

    /// Reading finds the dead group and the critical one; the bounds contain both
    /// outcomes of the critical group.
    #[test]
    fn issue_11_reading_decides_dead_stones_and_widens_bounds() {
        let position = Position::from_diagram(DEAD_CORNER_CRITICAL_RING, Rules::chinese()).unwrap();
        let read = ReadStatus::new(&position, ReadStatus::BUDGET);
        let corner: PointSet = ["A2", "B2", "C2", "C1"].iter().map(|v| at(v, &position)).collect();
        assert_eq!(read.dead, corner);
        let ring = position.board().chain_stones(at("C7", &position));
        assert_eq!(read.critical[Color::Black], ring);
        assert_eq!(read.critical[Color::White], PointSet::EMPTY);
        let evaluator = PositionEvaluator::default();
        assert_eq!(evaluator.dead_stones(&position), corner);
        let estimate = evaluator.estimate_score_with_reading(&position, ReadStatus::BUDGET);
        assert_eq!(estimate.evaluation.dead, corner);
        let (low, high) = (estimate.bounds.pessimistic(), estimate.bounds.optimistic());
        assert!(low <= estimate.margin() && estimate.margin() <= high);
        // The ring's 13 stones and its 3 points of eye space change hands.
        assert!(high - low >= 2 * 16, "{low}..{high}");
    }

    /// The margins of `position` with `dead` dead and no critical group.
    fn settled(evaluator: &PositionEvaluator, position: &Position, dead: PointSet) -> i32 {
        let none = ByColor::new(PointSet::EMPTY, PointSet::EMPTY);
        let given = ReadStatus { dead, critical: none, uncertain: PointSet::EMPTY, nodes: 0 };
        evaluator.estimate_score_read(position, &given).margin()
    }

    /// A critical group whose reading was proven counts alive in the neutral estimate
    /// (the owner answers the attack); the bounds hold both outcomes.
    #[test]
    fn issue_11_a_proven_critical_group_counts_alive() {
        for rules in [Rules::chinese(), Rules::japanese()] {
            let position = Position::from_diagram(DEAD_CORNER_CRITICAL_RING, rules).unwrap();
            let read = ReadStatus::new(&position, ReadStatus::BUDGET);
            let ring = position.board().chain_stones(at("C7", &position));
            assert_eq!(read.critical[Color::Black], ring);
            assert_eq!(read.uncertain, PointSet::EMPTY, "the ring's reading is proven");
            let evaluator = PositionEvaluator::default();
            let lives = settled(&evaluator, &position, read.dead);
            let dies = settled(&evaluator, &position, read.dead | ring);
            assert!(dies < lives, "{dies} {lives}");
            let estimate = evaluator.estimate_score_read(&position, &read);
            assert_eq!(estimate.margin(), lives, "{rules:?}");
            assert_eq!(estimate.evaluation.dead, read.dead);
            let (low, high) = (estimate.bounds.pessimistic(), estimate.bounds.optimistic());
            assert!(low <= dies && lives <= high, "{low}..{high}: {dies} {lives}");
        }
    }

    /// A critical group whose reading a budget cut, and that step 4's static rules
    /// leave alive, counts at its mean value from the move step 4 calls late: the
    /// neutral margin is the average of the counts with the group alive and with it
    /// dead (exactly, under territory and area scoring), its stones are undecided, and
    /// the bounds hold both counts. Before that move it counts alive.
    #[test]
    fn issue_11_an_uncertain_critical_group_counts_at_its_mean_value_late() {
        for rules in [Rules::chinese(), Rules::japanese()] {
            let position = Position::from_diagram(DEAD_CORNER_CRITICAL_RING, rules).unwrap();
            let ring = position.board().chain_stones(at("C7", &position));
            let early = PositionEvaluator::default();
            let mut config = *early.config();
            config.dead.late = position.move_count() as u32;
            let evaluator = PositionEvaluator::new(config).unwrap();
            assert!(evaluator.evaluate_position(&position).dead.is_disjoint(&ring), "premise");
            let proven = ReadStatus::new(&position, ReadStatus::BUDGET);
            let read = ReadStatus { uncertain: ring, ..proven };
            let lives = settled(&evaluator, &position, read.dead);
            let dies = settled(&evaluator, &position, read.dead | ring);
            let estimate = evaluator.estimate_score_read(&position, &read);
            assert_eq!(2 * estimate.margin(), lives + dies, "{rules:?}");
            assert!(ring.iter().all(|p| estimate.evaluation.ownership[p].is_none()));
            assert_eq!(estimate.evaluation.dead, read.dead);
            let (low, high) = (estimate.bounds.pessimistic(), estimate.bounds.optimistic());
            assert!(low <= dies && lives <= high, "{low}..{high}: {dies} {lives}");
            // Before move 150 (the default's late move) it counts alive.
            assert!(position.move_count() < early.config().dead.late as usize);
            assert_eq!(early.estimate_score_read(&position, &read).margin(), lives);
        }
    }

    /// A critical group whose reading a budget cut, and that step 4's static rules kill
    /// too, counts dead in the neutral estimate; the bounds still hold its living.
    #[test]
    fn issue_11_an_uncertain_critical_group_static_rules_kill_counts_dead() {
        let position = Position::from_diagram(DEAD_CORNER_CRITICAL_RING, Rules::chinese()).unwrap();
        let corner: PointSet = ["A2", "B2", "C2", "C1"].iter().map(|v| at(v, &position)).collect();
        let evaluator = PositionEvaluator::default();
        assert!(corner.is_subset(&evaluator.evaluate_position(&position).dead), "premise");
        let read = ReadStatus {
            dead: PointSet::EMPTY,
            critical: ByColor::new(corner, PointSet::EMPTY),
            uncertain: corner,
            nodes: 0,
        };
        let estimate = evaluator.estimate_score_read(&position, &read);
        let (lives, dies) = (
            settled(&evaluator, &position, PointSet::EMPTY),
            settled(&evaluator, &position, corner),
        );
        assert!(dies < lives, "{dies} {lives}");
        assert_eq!(estimate.margin(), dies);
        assert_eq!(estimate.evaluation.dead, corner);
        let (low, high) = (estimate.bounds.pessimistic(), estimate.bounds.optimistic());
        assert!(low <= dies && lives <= high, "{low}..{high}: {dies} {lives}");
        // Proven critical, it would count alive.
        let proven = ReadStatus { uncertain: PointSet::EMPTY, ..read };
        assert_eq!(evaluator.estimate_score_read(&position, &proven).margin(), lives);
    }

    /// A critical dragon whose largest chain is short of liberties puts that chain at
    /// stake, not the chains its eyes hold together with it.
    #[test]
    fn a_critical_target_short_of_liberties_is_what_is_at_stake() {
        let diagram = crate::reading::owl::tests::TWO_LIBERTIES_IN_ROOM;
        let position = Position::from_diagram(diagram, Rules::chinese()).unwrap();
        let board = position.board();
        let read = ReadStatus::new(&position, ReadStatus::BUDGET);
        let owl = Owl::default();
        let statuses = owl.dragon_statuses(board, ReadStatus::BUDGET, &mut OwlScratch::new());
        let (dragon, _) = statuses
            .iter()
            .find(|(d, s)| d.chains > 1 && matches!(s.status, Status::Critical { .. }))
            .expect("a critical dragon of several chains");
        let target = Owl::target(board, dragon);
        assert!(board.liberty_count(target) <= 2);
        let chain = board.chain_stones(target);
        assert_eq!(read.critical[dragon.color] & dragon.stones, chain);
        assert!(!(dragon.stones - chain).is_empty());
    }

    /// The end of a 9×9 game of the engine against GNU Go 3.8 (both passed): White's
    /// group in the lower left (A2 … D5) lives only through a ko that Black takes
    /// first (`owl_attack` 2, `owl_defend` 3 at C2). With no ko threat left it is dead,
    /// as GNU Go counts it.
    const KO_THE_ATTACKER_TAKES_FIRST: &str = "
            O . O X X X O O O
            O O X X X O O . .
            . O O X . X O O O
            O X X X X X O O X
            X X X O X X O X X
            O X O O X X X X O
            . O O X X X O O O
            O O . O X O O X O
            . O O X X X . X .
            ";

    /// A white corner that lives by a ko Black needs the first threat for (`owl_attack`
    /// 3 at A3, `owl_defend` 2 at A1): alive, as GNU Go counts it.
    const KO_THE_OWNER_TAKES_FIRST: &str = "
            . . . . . . .
            . . . . . . .
            X X X X . . .
            O O O X . . .
            . . O X . . .
            X O O X . . .
            . X O X . . .
            ";

    /// At the end of a game, a critical dragon whose defence is a ko the attacker takes
    /// first is dead, and one whose attack is a ko the owner takes first alive; in the
    /// middle of a game (ko threats left) both stay critical.
    #[test]
    fn a_ko_the_attacker_takes_first_is_the_attackers() {
        let owl = Owl::default();
        let cases = [
            (KO_THE_ATTACKER_TAKES_FIRST, "D5", Outcome::KoWin, Outcome::KoLoss),
            (KO_THE_OWNER_TAKES_FIRST, "C3", Outcome::KoLoss, Outcome::KoWin),
        ];
        for (diagram, vertex, attack, defend) in cases {
            let position = Position::from_diagram(diagram, Rules::chinese()).unwrap();
            let target = at(vertex, &position);
            let mut board = position.board().clone();
            let status = owl.status(&mut board, target, ReadStatus::BUDGET, &mut OwlScratch::new());
            assert!(matches!(status.status, Status::Critical { .. }), "{vertex}: {status:?}");
            assert_eq!((status.attack, status.defend), (attack, Some(defend)), "{vertex}");
            assert!(status.certain, "{vertex}");
            let middle = ReadStatus::new(&position, ReadStatus::BUDGET);
            let read = ReadStatus::at_game_end(&position, ReadStatus::BUDGET);
            let dragon = crate::reading::dragon::Dragons::new(position.board())
                .dragon_at(target)
                .map(|d| d.stones)
                .unwrap();
            let color = position.board().color_at(target).unwrap();
            assert!(dragon.is_subset(&middle.critical[color]), "{vertex}");
            assert!((read.critical[color] & dragon).is_empty(), "{vertex}");
            if defend == Outcome::KoLoss {
                assert!(dragon.is_subset(&read.dead), "{vertex}");
            } else {
                assert!((read.dead & dragon).is_empty(), "{vertex}");
            }
        }
    }

    /// The end of a 30-move 9×9 game of the engine against GNU Go 3.8 (both passed):
    /// White's C4 stands alone in Black's side of the board. GNU Go counts it dead.
    const LONE_INVADER_AT_THE_END: &str = "
            . . X O O . . . .
            . X . X O . . . .
            . X . X O O . . .
            . . . X O . . . .
            . . . X O O . . .
            . . O . X X O . .
            . . . . X O O . .
            . . X . X O . . .
            . . . . X X O . .
            ";

    /// At the end of a game a line the budget cuts does not let the owner live: the
    /// lone invader that the owl reader of the middle game leaves critical at 300
    /// nodes (its defence cut by the budget; at 1,000 it reads the invader dead) is
    /// dead.
    #[test]
    fn at_the_end_of_a_game_an_invader_without_eye_space_is_dead() {
        let position = Position::from_diagram(LONE_INVADER_AT_THE_END, Rules::chinese()).unwrap();
        let c4 = at("C4", &position);
        let budget = Budget::new(300, 12);
        let middle = ReadStatus::new(&position, budget);
        assert!(middle.critical[Color::White].contains(c4) && !middle.dead.contains(c4));
        let end = ReadStatus::at_game_end(&position, budget);
        assert_eq!(end.dead & *position.board().stones(Color::White), PointSet::from_iter([c4]));
        assert_eq!(end.dead & *position.board().stones(Color::Black), PointSet::EMPTY);
        let evaluator = PositionEvaluator::default();
        assert_eq!(evaluator.dead_stones_with_reading(&position, budget), end.dead);
    }

    /// The dead stones are those of the caller's evaluator, not of a default one.
    #[test]
    fn issue_10_dead_stones_follow_the_configured_evaluator() {
        let position = Position::from_diagram(
            "
            . . . X O . .
            . . . X O . .
            . . . X O . .
            O . . X O . .
            . . . X O . .
            . . . X O . .
            . . . X O . .
            ",
            Rules::japanese(),
        )
        .unwrap();
        let a4 = at("A4", &position);
        let default = PositionEvaluator::default();
        assert_eq!(default.static_dead_stones(&position), PointSet::from_iter([a4]));
        let lenient = crate::evaluate::DeadRules {
            atari: 0,
            liberties: 0,
            small: 0,
            tiny: 0,
            enemy: i32::MAX,
            late: u32::MAX,
            late_liberties: 0,
        };
        let config = crate::evaluate::Config { dead: lenient, ..Default::default() };
        let evaluator = PositionEvaluator::new(config).unwrap();
        assert_eq!(evaluator.static_dead_stones(&position), PointSet::EMPTY);
        assert_eq!(evaluator.estimate_score(&position).evaluation.dead, PointSet::EMPTY);
    }

    /// The results go to JSON and back unchanged (go-engine prints them as JSON).
    #[cfg(feature = "serde")]
    #[test]
    fn issue_10_estimates_round_trip_through_json() {
        let position = Position::from_diagram(
            "
            . . . X O . .
            . . . X O . .
            O . . X O . .
            . . . X O . .
            . . . X O . .
            ",
            Rules::chinese(),
        )
        .unwrap();
        let estimate = PositionEvaluator::default().estimate_score(&position);
        let json = serde_json::to_value(&estimate).unwrap();
        assert_eq!(json["evaluation"]["dead"], serde_json::json!(["A3"]));
        let groups = json["evaluation"]["groups"].as_array().unwrap();
        let a3 = groups.iter().find(|g| g["stones"] == serde_json::json!(["A3"])).unwrap();
        assert_eq!((&a3["color"], &a3["status"]), (&"white".into(), &"dead".into()));
        assert_eq!(json["evaluation"]["ownership"][0][0], "black");
        assert_eq!(json["evaluation"]["score"]["points"]["black"], 20);
        let bounds = &json["bounds"];
        assert_eq!(bounds["pessimistic"], estimate.bounds.pessimistic());
        assert_eq!(bounds["optimistic"], estimate.bounds.optimistic());
        let back: ScoreEstimate = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(back, estimate);
        let mut reversed = json;
        reversed["bounds"] = serde_json::json!({"pessimistic": 5, "optimistic": 4});
        let err = serde_json::from_value::<ScoreEstimate>(reversed).unwrap_err();
        assert!(err.to_string().contains("exceeds"), "{err}");
    }
}
