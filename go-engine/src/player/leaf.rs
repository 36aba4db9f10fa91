//! The evaluation of the leaves of B*, PB* and alpha-beta ([`Leaves`]), of one of the
//! kinds of [`LeafKind`]: static, read or by playouts.
//!
//! # Static and read
//!
//! Statically, a leaf is go-eval's six-step evaluation: step 4 decides the dead
//! stones by static rules (liberties, enemy potential), which misjudge the life and
//! death that decides most games. Owl reading every dragon at every leaf costs tens of
//! milliseconds a position, a thousand times a leaf's evaluation; so reading is done
//! once for the root and once for each position after a root move (each first move of
//! the search, a few to a dozen per search), and every deeper leaf inherits the
//! judgement of its ancestor after the first move:
//!
//! - the ancestor's dead and critical chains stay dead and critical, and its
//!   uncertain critical ones uncertain (with the stones since connected to them),
//!   those captured since drop out;
//! - chains made only of stones played below the ancestor (the search's own moves, not
//!   read) are judged by step 4's static rules, as without reading;
//! - [`PositionEvaluator::estimate_score_read`] counts the leaf: the dead stones
//!   removed, each critical group dead in the evaluation tilted against its colour, so
//!   the bounds contain both outcomes, and in the neutral estimate alive when its
//!   reading was proven, otherwise dead by step 4's rules or at its mean value.
//!
//! The root's candidates are compared on positions each read for itself, which is the
//! decision that matters most; a life-and-death change two plies below them is seen
//! only as far as the static rules see it.
//!
//! # Playouts
//!
//! A leaf is valued by a few of MCTS's heavy playouts ([`Playout`]) from it: the value
//! is their mean reward (a win, and a little of the margin), the bounds its normal
//! confidence interval (two standard errors, and half a playout either side), both
//! mapped from [0, 1] to ±2 × the board's points in half-points (a win is worth the
//! whole board), the unit of the other kinds. The playouts of a position are seeded by
//! its hash and the search's seed, so a search is reproducible.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use go_board::search::GoGame;
use go_board::{ByColor, Color, Event, Move, PointSet, Position};
use go_eval::reading::Budget;
use go_eval::{PositionEvaluator, ReadStatus, ScoreEstimate};
use go_search::{Bounds, Estimate, Evaluator, IntervalEvaluator, ProbabilityEvaluator, Rng, Score};

use super::config::LeafKind;
use super::playout::{Playout, Policy};

/// The leaf evaluator of one search from one root ([module documentation](self)):
/// point, interval and probability evaluator of go-board's [`GoGame`], values in
/// half-points for the side to move.
///
/// # Examples
///
/// ```
/// use go_board::{Color, Position, Rules};
/// use go_eval::PositionEvaluator;
/// use go_engine::player::LeafKind;
/// use go_engine::player::leaf::Leaves;
/// let position = Position::from_diagram(
///     "
///     . . . . . . .
///     . . . . . . .
///     . . . . . . .
///     X X X X . . .
///     O O O X . . .
///     . . O X . . .
///     O O O X . . .
///     ",
///     Rules::chinese(),
/// )?;
/// let read = Leaves::new(PositionEvaluator::default(), &position, LeafKind::Read(LeafKind::READ_BUDGET), 0);
/// // White's corner, two points of eye space, is dead by reading: Black (to move) leads.
/// let estimate = read.estimate(&position);
/// assert!(estimate.bounds().pessimistic() > 0);
/// let playouts = Leaves::new(PositionEvaluator::default(), &position, LeafKind::Playouts(64), 0);
/// assert!(playouts.estimate(&position).realistic() > 0);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Leaves {
    evaluator: PositionEvaluator,
    judge: Judge,
}

/// How the leaves are valued.
#[derive(Debug)]
enum Judge {
    Static,
    Read(Reading),
    Playouts { playout: Playout, count: u32, seed: u64 },
}

/// The reading of one search: the budget, where the root's history ends, the root's
/// judgement and those of the positions after each root move, read when first met.
#[derive(Debug)]
struct Reading {
    budget: Budget,
    root_events: usize,
    root: Arc<Read>,
    children: Mutex<HashMap<Move, Arc<Read>>>,
}

/// A position's life and death by reading, and the stones it was read on.
#[derive(Debug)]
struct Read {
    status: ReadStatus,
    stones: ByColor<PointSet>,
}

impl Read {
    fn new(position: &Position, budget: Budget) -> Read {
        let board = position.board();
        Read {
            status: ReadStatus::new(position, budget),
            stones: ByColor::new(*board.stones(Color::Black), *board.stones(Color::White)),
        }
    }
}

impl Leaves {
    /// The leaves of searches from `root`, of kind `kind`; `seed` seeds the playouts.
    /// Reading the root happens here.
    pub fn new(evaluator: PositionEvaluator, root: &Position, kind: LeafKind, seed: u64) -> Leaves {
        let judge = match kind {
            LeafKind::Static => Judge::Static,
            LeafKind::Read(budget) => Judge::Read(Reading {
                budget,
                root_events: root.history().len(),
                root: Arc::new(Read::new(root, budget)),
                children: Mutex::new(HashMap::new()),
            }),
            LeafKind::Playouts(count) => {
                Judge::Playouts { playout: Playout::new(Policy::Heavy), count: count.max(1), seed }
            }
        };
        Leaves { evaluator, judge }
    }

    /// The kind of leaves.
    pub fn kind(&self) -> LeafKind {
        match &self.judge {
            Judge::Static => LeafKind::Static,
            Judge::Read(r) => LeafKind::Read(r.budget),
            Judge::Playouts { count, .. } => LeafKind::Playouts(*count),
        }
    }

    /// The value and bounds of `position` (the root or a descendant) for its side to
    /// move, in half-points.
    pub fn estimate(&self, position: &Position) -> Estimate<i32> {
        match &self.judge {
            Judge::Playouts { playout, count, seed } => {
                playout_estimate(position, playout, *count, *seed)
            }
            _ => {
                let e = self.score_estimate(position);
                Estimate::new(bounds_for_mover(position, e.bounds), for_mover(position, e.margin()))
            }
        }
    }

    /// The score estimate of the static and read kinds (Black's lead and its bounds);
    /// the static one for playouts.
    fn score_estimate(&self, position: &Position) -> ScoreEstimate {
        match &self.judge {
            Judge::Read(reading) => {
                let read = reading.ancestor(position);
                let status = self.inherit(position, &read);
                self.evaluator.estimate_score_read(position, &status)
            }
            _ => self.evaluator.estimate_score(position),
        }
    }

    /// The judgement of `position` inherited from `read`, its ancestor's: see the
    /// [module documentation](self).
    fn inherit(&self, position: &Position, read: &Read) -> ReadStatus {
        let board = position.board();
        let mut dead = PointSet::EMPTY;
        let mut critical = ByColor::new(PointSet::EMPTY, PointSet::EMPTY);
        let mut uncertain = PointSet::EMPTY;
        let mut unread = PointSet::EMPTY;
        for color in Color::ALL {
            let stones = *board.stones(color);
            let chains = |seed: PointSet| PointSet::flood_fill(&seed, &stones);
            dead |= chains(read.status.dead & stones);
            critical[color] = chains(read.status.critical[color] & stones);
            uncertain |= chains(read.status.uncertain & stones);
            unread |= stones - chains(read.stones[color] & stones);
        }
        if !unread.is_empty() {
            dead |= self.evaluator.evaluate_position(position).dead & unread;
        }
        for color in Color::ALL {
            critical[color] -= dead;
        }
        uncertain &= critical.black | critical.white;
        ReadStatus { dead, critical, uncertain, nodes: 0 }
    }
}

impl Reading {
    /// The judgement of `position`'s ancestor after the first move below the root (the
    /// root's own for the root), read now if it was not yet.
    fn ancestor(&self, position: &Position) -> Arc<Read> {
        let history = position.history();
        let Some(Event::Move(_, first)) = history.get(self.root_events) else {
            return Arc::clone(&self.root);
        };
        let lock = |m: &Mutex<HashMap<Move, Arc<Read>>>| {
            m.lock().unwrap_or_else(PoisonError::into_inner).get(first).cloned()
        };
        if let Some(read) = lock(&self.children) {
            return read;
        }
        let mut ancestor = position.clone();
        while ancestor.history().len() > self.root_events + 1 {
            if ancestor.undo().is_err() {
                return Arc::clone(&self.root);
            }
        }
        // Read outside the lock: parallel searchers may read the same child twice.
        let read = Arc::new(Read::new(&ancestor, self.budget));
        self.children
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(*first)
            .or_insert(read)
            .clone()
    }
}

/// Black's lead `v` in half-points for the side to move of `position`, clamped below a
/// win.
fn for_mover(position: &Position, v: i32) -> i32 {
    <i32 as Score>::clamp_eval(v * position.to_move().sign())
}

/// Bounds of Black's lead for the side to move of `position`, clamped below a win.
fn bounds_for_mover(position: &Position, b: Bounds<i32>) -> Bounds<i32> {
    match position.to_move() {
        Color::Black => b,
        Color::White => b.flip(),
    }
    .clamp_eval()
}

/// A playout reward (a win rate) as the value of playout leaves, in half-points on a
/// board of `size`: from −2 × its points (0) to +2 × its points (1).
pub fn reward_half_points(reward: f64, size: go_board::BoardSize) -> i32 {
    ((reward.clamp(0.0, 1.0) - 0.5) * 4.0 * size.point_count() as f64).round() as i32
}

/// The playouts' estimate of `position` for its side to move: see the [module
/// documentation](self).
fn playout_estimate(
    position: &Position,
    playout: &Playout,
    count: u32,
    seed: u64,
) -> Estimate<i32> {
    let mover = position.to_move();
    let points = position.size().point_count();
    let mut rng = Rng::new(seed ^ position.situational_hash());
    let mut played = Vec::new();
    let (mut sum, mut squares) = (0.0, 0.0);
    for _ in 0..count {
        played.clear();
        let margin = playout.play_out(position, &mut rng, &mut played);
        let reward = playout.reward(margin, mover, points);
        sum += reward;
        squares += reward * reward;
    }
    let n = f64::from(count);
    let mean = sum / n;
    let variance = (squares / n - mean * mean).max(0.0);
    let half = 2.0 * (variance / n).sqrt() + 0.5 / n;
    let scale = |r: f64| reward_half_points(r, position.size());
    let clamp = <i32 as Score>::clamp_eval;
    Estimate::new(
        Bounds::must(clamp(scale(mean - half)), clamp(scale(mean + half))),
        clamp(scale(mean)),
    )
}

impl Evaluator<GoGame> for Leaves {
    fn evaluate(&self, _: &GoGame, state: &Position) -> i32 {
        match &self.judge {
            Judge::Static => Evaluator::<GoGame>::evaluate(&self.evaluator, &GoGame, state),
            _ => self.estimate(state).realistic(),
        }
    }
}

impl IntervalEvaluator<GoGame> for Leaves {
    fn bounds(&self, _: &GoGame, state: &Position) -> Bounds<i32> {
        match &self.judge {
            Judge::Static => IntervalEvaluator::<GoGame>::bounds(&self.evaluator, &GoGame, state),
            _ => self.estimate(state).bounds(),
        }
    }
}

/// PB*'s estimate: the realistic value inside the bounds, from one estimate.
impl ProbabilityEvaluator<GoGame> for Leaves {
    fn estimate(&self, _: &GoGame, state: &Position) -> Estimate<i32> {
        Leaves::estimate(self, state)
    }
}

#[cfg(test)]
mod tests {
    use go_board::{Point, Rules};

    use super::*;

    const READ: LeafKind = LeafKind::Read(ReadStatus::BUDGET);

    fn at(vertex: &str, position: &Position) -> Point {
        Point::parse_gtp(vertex, position.size()).unwrap()
    }

    /// White's corner group has an eye space of two points (A2 B2): dead, whoever
    /// moves first.
    const DEAD_BY_READING: &str = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        X X X X . . .
        O O O X . . .
        . . O X . . .
        O O O X . . .
        ";

    fn position(diagram: &str, to_move: Color) -> Position {
        let mut p = Position::from_diagram(diagram, Rules::chinese()).unwrap();
        p.set_to_move(to_move);
        p
    }

    /// What the static and read kinds give for `e` (Black's lead and bounds) as an
    /// estimate for the side to move.
    fn for_side(position: &Position, e: &ScoreEstimate) -> Estimate<i32> {
        Estimate::new(bounds_for_mover(position, e.bounds), for_mover(position, e.margin()))
    }

    #[test]
    fn static_leaves_are_go_evals_evaluation() {
        let p = position(DEAD_BY_READING, Color::Black);
        let e = PositionEvaluator::default();
        let leaves = Leaves::new(e.clone(), &p, LeafKind::Static, 0);
        assert_eq!(leaves.kind(), LeafKind::Static);
        assert_eq!(
            Evaluator::<GoGame>::evaluate(&leaves, &GoGame, &p),
            Evaluator::<GoGame>::evaluate(&e, &GoGame, &p)
        );
        assert_eq!(
            IntervalEvaluator::<GoGame>::bounds(&leaves, &GoGame, &p),
            IntervalEvaluator::<GoGame>::bounds(&e, &GoGame, &p)
        );
    }

    #[test]
    fn the_root_is_counted_with_its_reading() {
        let p = position(DEAD_BY_READING, Color::Black);
        let e = PositionEvaluator::default();
        let read = e.estimate_score_with_reading(&p, ReadStatus::BUDGET);
        let leaves = Leaves::new(e.clone(), &p, READ, 0);
        assert_eq!(leaves.kind(), READ);
        assert_eq!(leaves.estimate(&p), for_side(&p, &read));
        // Reading kills the corner that the static rules leave alive.
        assert!(read.evaluation.dead.contains(at("A1", &p)));
        assert!(!e.estimate_score(&p).evaluation.dead.contains(at("A1", &p)));
        // Values are for the side to move.
        let black = Evaluator::<GoGame>::evaluate(&leaves, &GoGame, &p);
        let w = position(DEAD_BY_READING, Color::White);
        let leaves_w = Leaves::new(e, &w, READ, 0);
        assert_eq!(Evaluator::<GoGame>::evaluate(&leaves_w, &GoGame, &w), -black);
        let (b, bw) = (
            IntervalEvaluator::<GoGame>::bounds(&leaves, &GoGame, &p),
            IntervalEvaluator::<GoGame>::bounds(&leaves_w, &GoGame, &w),
        );
        assert_eq!((bw.pessimistic(), bw.optimistic()), (-b.optimistic(), -b.pessimistic()));
        assert!(b.pessimistic() <= black && black <= b.optimistic());
    }

    /// A position after a root move is read for itself; a deeper one inherits its
    /// judgement, with the chains grown since and the new chains judged statically.
    #[test]
    fn children_are_read_and_grandchildren_inherit() {
        let root = position(DEAD_BY_READING, Color::Black);
        let e = PositionEvaluator::default();
        let leaves = Leaves::new(e.clone(), &root, READ, 0);
        let Judge::Read(reading) = &leaves.judge else { unreachable!() };
        let mut child = root.clone();
        child.try_play(Move::Play(at("G7", &root))).unwrap();
        let read_child = e.estimate_score_with_reading(&child, ReadStatus::BUDGET);
        assert_eq!(leaves.estimate(&child), for_side(&child, &read_child));
        // White plays a lone stone in Black's area, Black passes, White fills B2.
        let mut deeper = child.clone();
        deeper.try_play(Move::Play(at("F2", &root))).unwrap();
        deeper.try_play(Move::Pass).unwrap();
        deeper.try_play(Move::Play(at("B2", &root))).unwrap();
        let inherited = leaves.inherit(&deeper, &reading.ancestor(&deeper));
        // The dead corner grew by B2 and stays dead.
        let corner = PointSet::flood_fill(
            &PointSet::from_iter([at("A1", &root)]),
            deeper.board().stones(Color::White),
        );
        assert!(corner.contains(at("B2", &root)));
        assert!(corner.is_subset(&inherited.dead));
        // F2 was never read: step 4 judges it.
        let f2 = at("F2", &root);
        assert_eq!(inherited.dead.contains(f2), e.evaluate_position(&deeper).dead.contains(f2));
        let expected = e.estimate_score_read(&deeper, &inherited);
        assert_eq!(leaves.estimate(&deeper), for_side(&deeper, &expected));
        // Black captures the corner at A2: the captured stones drop out of the dead.
        let mut captured = deeper.clone();
        captured.try_play(Move::Play(at("A2", &root))).unwrap();
        assert!(captured.board().stones(Color::White).is_disjoint(&corner));
        let after = leaves.inherit(&captured, &reading.ancestor(&captured));
        assert!(after.dead.is_disjoint(&corner), "{:?}", after.dead);
        assert!(after.dead.is_subset(
            &(*captured.board().stones(Color::White) | *captured.board().stones(Color::Black))
        ));
        // Only the child after G7 was read.
        assert_eq!(reading.children.lock().unwrap().len(), 1);
    }

    /// Playouts: reproducible for a seed, the value inside the bounds, the side to
    /// move's view, and a dead corner's owner far ahead.
    #[test]
    fn playout_leaves_are_seeded_and_for_the_side_to_move() {
        let p = position(DEAD_BY_READING, Color::Black);
        let e = PositionEvaluator::default();
        let kind = LeafKind::Playouts(64);
        let a = Leaves::new(e.clone(), &p, kind, 5).estimate(&p);
        assert_eq!(a, Leaves::new(e.clone(), &p, kind, 5).estimate(&p));
        assert_eq!(Leaves::new(e.clone(), &p, kind, 5).kind(), kind);
        let b = a.bounds();
        assert!(b.pessimistic() <= a.realistic() && a.realistic() <= b.optimistic());
        // A win is worth 2 × 49 points in half-points: Black wins most playouts,
        // whoever moves first.
        assert!(b.pessimistic() > 0 && b.optimistic() <= 98, "{a:?}");
        let w = position(DEAD_BY_READING, Color::White);
        let white = Leaves::new(e, &w, kind, 5).estimate(&w);
        assert!(white.bounds().optimistic() < 0, "{white:?}");
    }
}
