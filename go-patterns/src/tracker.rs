//! Candidate trees (the seed's §2.4): a matched sequence pattern becomes a tree of
//! moves on the board that follows the game.
//!
//! - Each turn, a tree offers its next moves if they are for the side to move, and
//!   otherwise (the side that should have played them played elsewhere) the tenuki
//!   replies of those moves.
//! - After each move, a tree advances (the move is one of its next moves), waits (the
//!   move is outside its tenuki area: a tenuki, or a pass) or is dropped (any other
//!   move inside the area); a tree whose line is played out, or whose tenuki reply was
//!   played, is done.
//! - A tree is not created twice: while a tree of a pattern lives at a corner (or at a
//!   place, for other patterns) for a colour, matching that pattern there again creates
//!   nothing. The placements of a pattern at one corner (its mirror images) share one
//!   tree, so a line's symmetric branches are siblings.
//! - Beyond the seed: after each move the corners are compared with every position of
//!   every line (hashed in both orientations of each corner and both colours, 16 ways
//!   in all), so that a tree is re-created at the right move after a transposition, or
//!   when a game is met in the middle of a line.

use std::sync::Arc;

use go_board::{Board, Color, Event, Move, Point, PointSet, Position};

use crate::candidate::{Candidate, CandidateGenerator, Intent, Source};
use crate::compile::{Match, PatternId, PatternKind, PatternSet, Scanner};
use crate::eval::{Ctx, MatchInput, Placement};
use crate::hir::{Ir, PatternIr};
use crate::oracle::{BoardOnly, BoardOracle};
use crate::sequence::numbered;

/// Re-seeded placements of one pattern at one corner for one side: the pattern, the
/// corner, the side and each placement with the node it reached.
type ReseedGroup = (usize, Anchor, Color, Vec<(Placement, u32)>);

/// Where a tree is: a corner (its corner point) or, for other patterns, the points the
/// match covers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Anchor {
    Corner((i32, i32)),
    Support(Vec<(i32, i32)>),
}

/// A move of a live tree.
#[derive(Clone, Debug)]
struct TreeNode {
    /// `None` for the root (before the first move).
    point: Option<Point>,
    color: Color,
    intent: Intent,
    weight: f64,
    tenuki: Vec<(Point, Intent, f64)>,
    tarea: PointSet,
    guard: Option<(Placement, Ir)>,
    children: Vec<usize>,
    parent: usize,
    /// The frame moves merged here: (placement, preorder number in the pattern).
    frames: Vec<(usize, u32)>,
}

/// What a move did to a tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Advanced,
    Tenuki,
    Finished,
    Dropped,
}

/// A live candidate tree.
#[derive(Clone, Debug)]
pub struct Tree {
    pattern: PatternId,
    name: Arc<str>,
    friend: Color,
    anchor: Anchor,
    nodes: Vec<TreeNode>,
    current: usize,
    tenukis: u32,
    reseeded: bool,
}

impl Tree {
    /// The pattern it comes from.
    pub fn pattern(&self) -> PatternId {
        self.pattern
    }

    /// The pattern's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The colour of the tree's first move (`friend` in the pattern).
    pub fn friend(&self) -> Color {
        self.friend
    }

    /// The number of tenukis since the tree last advanced.
    pub fn tenukis(&self) -> u32 {
        self.tenukis
    }

    /// Whether it was re-created from the position of its corner (a transposition or a
    /// line met in the middle) rather than from its pattern matching.
    pub fn is_reseeded(&self) -> bool {
        self.reseeded
    }

    /// The moves played along the tree so far, in order.
    pub fn played(&self) -> Vec<(Color, Point)> {
        let mut path = Vec::new();
        let mut at = self.current;
        while at != 0 {
            let node = &self.nodes[at];
            path.push((node.color, node.point.expect("only the root has no point")));
            at = self.parent(at);
        }
        path.reverse();
        path
    }

    /// The preorder numbers, in the pattern's tree, of the moves played so far (of the
    /// first placement merged at each move): the same for a line replayed in any
    /// orientation or colour.
    pub fn frame_path(&self) -> Vec<u32> {
        let mut path = Vec::new();
        let mut at = self.current;
        while at != 0 {
            path.push(self.nodes[at].frames[0].1);
            at = self.parent(at);
        }
        path.reverse();
        path
    }

    /// The next moves of the line (whoever is to play them), with their colour, intent
    /// and weight.
    pub fn next_moves(&self) -> Vec<(Color, Point, Intent, f64)> {
        self.nodes[self.current]
            .children
            .iter()
            .map(|&c| {
                let n = &self.nodes[c];
                (n.color, n.point.expect("a child has a point"), n.intent, n.weight)
            })
            .collect()
    }

    /// The tenuki replies of the next moves (the moves offered to the other side when
    /// the side that owes the next move plays elsewhere), with their colour, intent
    /// and weight, without repeats.
    pub fn tenuki_replies(&self) -> Vec<(Color, Point, Intent, f64)> {
        let mut out: Vec<(Color, Point, Intent, f64)> = Vec::new();
        for &c in &self.nodes[self.current].children {
            let n = &self.nodes[c];
            for &(p, intent, weight) in &n.tenuki {
                if !out.iter().any(|r| r.1 == p) {
                    out.push((n.color.opponent(), p, intent, weight));
                }
            }
        }
        out
    }

    /// The tenuki area of the next moves.
    pub fn tenuki_area(&self) -> PointSet {
        self.nodes[self.current]
            .children
            .iter()
            .fold(PointSet::EMPTY, |a, &c| a | self.nodes[c].tarea)
    }

    fn parent(&self, at: usize) -> usize {
        self.nodes[at].parent
    }

    /// Follows a move.
    fn observe(&mut self, color: Color, mv: Move) -> Outcome {
        let Move::Play(p) = mv else { return Outcome::Tenuki };
        let children = &self.nodes[self.current].children;
        if let Some(&child) = children
            .iter()
            .find(|&&c| self.nodes[c].point == Some(p) && self.nodes[c].color == color)
        {
            self.current = child;
            self.tenukis = 0;
            return if self.nodes[child].children.is_empty() {
                Outcome::Finished
            } else {
                Outcome::Advanced
            };
        }
        let expected = children.first().map(|&c| self.nodes[c].color);
        if expected.is_some_and(|e| e != color)
            && children.iter().any(|&c| self.nodes[c].tenuki.iter().any(|r| r.0 == p))
        {
            return Outcome::Finished;
        }
        if self.tenuki_area().contains(p) {
            Outcome::Dropped
        } else {
            self.tenukis += 1;
            Outcome::Tenuki
        }
    }

    /// Appends the moves the tree offers to the side to move of `position`.
    fn offer(&self, position: &Position, oracle: &dyn BoardOracle, out: &mut Vec<Candidate>) {
        let input = MatchInput::from_position(position).for_color(self.friend);
        let holds = |c: usize| match &self.nodes[c].guard {
            None => true,
            Some((placement, ir)) => {
                Ctx::new(&input, oracle, *placement).eval_bool(ir) == Some(true)
            }
        };
        let children: Vec<usize> =
            self.nodes[self.current].children.iter().copied().filter(|&c| holds(c)).collect();
        let Some(&first) = children.first() else { return };
        let to_move = position.to_move();
        let source = Source::new("joseki", Arc::clone(&self.name));
        let mut push = |p: Point, intent: Intent, weight: f64| {
            if intent.is_suggested() && position.is_legal(Move::Play(p)) {
                out.push(Candidate::new(Move::Play(p), intent, weight, source.clone()));
            }
        };
        if self.nodes[first].color == to_move {
            for c in children {
                let n = &self.nodes[c];
                push(n.point.expect("a child has a point"), n.intent, n.weight);
            }
        } else {
            for c in children {
                for &(p, intent, weight) in &self.nodes[c].tenuki {
                    push(p, intent, weight);
                }
            }
        }
    }
}

/// Builds the tree of a pattern for placements that share an anchor.
fn build_tree(
    set: &PatternSet,
    pattern: usize,
    placements: &[Placement],
    friend: Color,
    anchor: Anchor,
    board: &Board,
) -> Tree {
    let p: &PatternIr = &set.patterns[pattern];
    let frame = numbered(&p.roots);
    let root = TreeNode {
        point: None,
        color: friend.opponent(),
        intent: Intent::Joseki,
        weight: 0.0,
        tenuki: Vec::new(),
        tarea: PointSet::EMPTY,
        guard: None,
        children: Vec::new(),
        parent: 0,
        frames: Vec::new(),
    };
    let mut nodes = vec![root];
    for (pi, placement) in placements.iter().enumerate() {
        let mut at: Vec<Option<usize>> = Vec::with_capacity(frame.len());
        for (id, f) in frame.iter().enumerate() {
            let parent = match f.parent {
                None => Some(0),
                Some(q) => at[q as usize],
            };
            let point = placement.point(f.node.point, board);
            let (Some(parent), Some(point)) = (parent, point) else {
                at.push(None);
                continue;
            };
            let color = if f.depth % 2 == 0 { friend } else { friend.opponent() };
            let guard = f.node.guard.clone().map(|g| (*placement, g));
            let tarea: PointSet =
                p.tareas[f.node.tarea].iter().filter_map(|&q| placement.point(q, board)).collect();
            let replies: Vec<(Point, Intent, f64)> = f
                .node
                .tenuki
                .iter()
                .filter_map(|r| Some((placement.point(r.point, board)?, r.intent, r.weight)))
                .collect();
            let existing = nodes[parent].children.iter().copied().find(|&c| {
                let n = &nodes[c];
                n.point == Some(point)
                    && n.color == color
                    && n.guard.as_ref().map(|g| &g.1) == guard.as_ref().map(|g| &g.1)
                    && n.guard.as_ref().map(|g| g.0) == guard.as_ref().map(|g| g.0)
            });
            let index = match existing {
                Some(c) => {
                    let n = &mut nodes[c];
                    n.tarea |= tarea;
                    for r in replies {
                        if !n.tenuki.iter().any(|x| x.0 == r.0) {
                            n.tenuki.push(r);
                        }
                    }
                    if f.node.weight > n.weight {
                        n.weight = f.node.weight;
                        n.intent = f.node.intent;
                    }
                    n.frames.push((pi, id as u32));
                    c
                }
                None => {
                    nodes.push(TreeNode {
                        point: Some(point),
                        color,
                        intent: f.node.intent,
                        weight: f.node.weight,
                        tenuki: replies,
                        tarea,
                        guard,
                        children: Vec::new(),
                        parent,
                        frames: vec![(pi, id as u32)],
                    });
                    let c = nodes.len() - 1;
                    nodes[parent].children.push(c);
                    c
                }
            };
            at.push(Some(index));
        }
    }
    Tree {
        pattern: PatternId(pattern as u32),
        name: Arc::from(p.name.as_str()),
        friend,
        anchor,
        nodes,
        current: 0,
        tenukis: 0,
        reseeded: false,
    }
}

/// Counts of what happened to trees, for experiments (the survival of trees across
/// tenuki, how often re-seeding finds a line).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TrackerStats {
    /// Trees created by a pattern matching.
    pub created: u64,
    /// Trees re-created from the position of a corner.
    pub reseeded: u64,
    /// Moves that advanced a tree.
    pub advanced: u64,
    /// Tenukis a tree waited through.
    pub tenukis: u64,
    /// Trees dropped by a move inside their tenuki area.
    pub dropped: u64,
    /// Trees played out (or answered by their tenuki reply).
    pub finished: u64,
}

/// The live candidate trees of a game: a stateful [`CandidateGenerator`] advanced by
/// the moves of the game.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use go_board::{BoardSize, Move, Position, Rules};
/// use go_patterns::{JosekiTracker, PatternSet, library};
///
/// let set = Arc::new(PatternSet::compile(library::SEED)?);
/// let mut position = Position::new(BoardSize::square(19)?, Rules::chinese());
/// let mut tracker = JosekiTracker::new(Arc::clone(&set), &position);
/// // Black takes the 4-4 point of the lower left corner; White approaches.
/// for vertex in ["D4", "C6"] {
///     position.try_play(Move::parse_gtp(vertex, position.size())?)?;
///     tracker.update(&position);
/// }
/// let mut moves = Vec::new();
/// tracker.candidates(&position, &mut moves);
/// // Figure 5's line goes on with the two-space high pincer.
/// assert!(moves.iter().any(|c| c.mv.to_string() == "D9" && c.source.item.as_ref() == "hosi_kogeima_nikentakabasami"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct JosekiTracker {
    set: Arc<PatternSet>,
    oracle: Arc<dyn BoardOracle + Send + Sync>,
    trees: Vec<Tree>,
    scanner: Scanner,
    /// The history length and last event the trees follow.
    synced: (usize, Option<Event>),
    max_tenuki: Option<u32>,
    stats: TrackerStats,
}

impl std::fmt::Debug for JosekiTracker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JosekiTracker")
            .field("trees", &self.trees.len())
            .field("synced", &self.synced.0)
            .field("max_tenuki", &self.max_tenuki)
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl JosekiTracker {
    /// The trees of the sequence patterns of `set` for `position` (replaying its
    /// history), reading through [`BoardOnly`].
    pub fn new(set: Arc<PatternSet>, position: &Position) -> JosekiTracker {
        JosekiTracker::with_oracle(set, Arc::new(BoardOnly), position)
    }

    /// Like [`JosekiTracker::new`], with an oracle for the conditions that read.
    pub fn with_oracle(
        set: Arc<PatternSet>,
        oracle: Arc<dyn BoardOracle + Send + Sync>,
        position: &Position,
    ) -> JosekiTracker {
        let scanner = set.scanner();
        let mut tracker = JosekiTracker {
            set,
            oracle,
            trees: Vec::new(),
            scanner,
            synced: (usize::MAX, None),
            max_tenuki: None,
            stats: TrackerStats::default(),
        };
        tracker.update(position);
        tracker
    }

    /// Drops a tree after more than `n` tenukis in a row (`None`, the default: never,
    /// as in the seed).
    pub fn set_max_tenuki(&mut self, n: Option<u32>) {
        self.max_tenuki = n;
    }

    /// The live trees.
    pub fn trees(&self) -> &[Tree] {
        &self.trees
    }

    /// What happened to trees so far.
    pub fn stats(&self) -> TrackerStats {
        self.stats
    }

    /// The pattern set.
    pub fn set(&self) -> &Arc<PatternSet> {
        &self.set
    }

    /// Whether the trees follow exactly the history of `position`.
    pub fn is_synced(&self, position: &Position) -> bool {
        let h = position.history();
        self.synced.0 == h.len() && self.synced.1.as_ref() == h.last()
    }

    /// Follows `position`: after one more move than last time, the trees advance, wait
    /// or are dropped, and new trees are created; after anything else (an undo, a
    /// setup, another game) the trees are rebuilt by replaying the history.
    pub fn update(&mut self, position: &Position) {
        if self.is_synced(position) {
            return;
        }
        let h = position.history();
        let one_more = h.len() == self.synced.0.wrapping_add(1)
            && (self.synced.0 == 0 || self.synced.1.as_ref() == h.get(self.synced.0 - 1))
            && matches!(h.last(), Some(Event::Move(..)));
        if one_more {
            let Some(Event::Move(color, mv)) = h.last() else { unreachable!("checked") };
            self.play(*color, *mv, position);
        } else {
            self.replay(position);
        }
        self.synced = (h.len(), h.last().cloned());
    }

    /// Rebuilds the trees by replaying the history of `position`.
    fn replay(&mut self, position: &Position) {
        self.trees.clear();
        let mut replay = Position::new(position.size(), *position.rules());
        if position.history().is_empty() {
            // A position without history (its stones came otherwise): start from it.
            self.start(position);
            return;
        }
        self.start(&replay);
        for event in position.history() {
            match event {
                Event::Setup(setup) => {
                    if replay.setup((**setup).clone()).is_err() {
                        break;
                    }
                    self.trees.clear();
                    self.start(&replay);
                }
                Event::Move(color, mv) => {
                    if replay.is_over() {
                        replay.resume();
                    }
                    if replay.try_play_as(*color, *mv).is_err() {
                        break;
                    }
                    self.play(*color, *mv, &replay);
                }
            }
        }
    }

    /// Creates the trees a position calls for: re-seeded corners, then matches.
    fn start(&mut self, position: &Position) {
        self.reseed(position.board());
        self.create(position);
    }

    /// Follows one move: `position` is the position after it.
    fn play(&mut self, color: Color, mv: Move, position: &Position) {
        let max = self.max_tenuki;
        let stats = &mut self.stats;
        self.trees.retain_mut(|t| match t.observe(color, mv) {
            Outcome::Advanced => {
                stats.advanced += 1;
                true
            }
            Outcome::Tenuki => {
                stats.tenukis += 1;
                max.is_none_or(|m| t.tenukis <= m)
            }
            Outcome::Finished => {
                stats.advanced += 1;
                stats.finished += 1;
                false
            }
            Outcome::Dropped => {
                stats.dropped += 1;
                false
            }
        });
        self.start(position);
    }

    fn is_live(&self, pattern: usize, anchor: &Anchor, friend: Color) -> bool {
        self.trees
            .iter()
            .any(|t| t.pattern.index() == pattern && t.friend == friend && t.anchor == *anchor)
    }

    fn anchor_of(&self, m: &Match) -> Anchor {
        let p = &self.set.patterns[m.pattern.index()];
        match p.corner {
            Some((corner, _)) => Anchor::Corner(m.placement.map(corner)),
            None => Anchor::Support(self.set.match_support(m)),
        }
    }

    /// New trees for the sequence patterns that match for the side to move.
    fn create(&mut self, position: &Position) {
        let input = MatchInput::from_position(position);
        let mut matches = Vec::new();
        self.scanner.scan_kind(
            &self.set,
            &input,
            self.oracle.as_ref(),
            Some(PatternKind::Sequence),
            &mut matches,
        );
        let friend = position.to_move();
        let mut groups: Vec<(usize, Anchor, Vec<Placement>)> = Vec::new();
        for m in &matches {
            let anchor = self.anchor_of(m);
            let pattern = m.pattern.index();
            match groups.iter_mut().find(|g| g.0 == pattern && g.1 == anchor) {
                Some(g) => g.2.push(m.placement),
                None => groups.push((pattern, anchor, vec![m.placement])),
            }
        }
        for (pattern, anchor, placements) in groups {
            if self.is_live(pattern, &anchor, friend) {
                continue;
            }
            let tree =
                build_tree(&self.set, pattern, &placements, friend, anchor, position.board());
            if !tree.nodes[0].children.is_empty() {
                self.stats.created += 1;
                self.trees.push(tree);
            }
        }
    }

    /// Re-creates trees at the move a corner shows.
    fn reseed(&mut self, board: &Board) {
        let hits = self.set.reseed.hits(board);
        let mut groups: Vec<ReseedGroup> = Vec::new();
        for hit in hits {
            let pattern = hit.pattern as usize;
            let p = &self.set.patterns[pattern];
            let Some(placement) = hit.placement(p, &self.set.compiled[pattern].group) else {
                continue;
            };
            let anchor = Anchor::Corner(hit.corner);
            match groups.iter_mut().find(|g| g.0 == pattern && g.1 == anchor && g.2 == hit.friend) {
                Some(g) => {
                    if !g.3.iter().any(|x| x.0 == placement) {
                        g.3.push((placement, hit.node));
                    }
                }
                None => groups.push((pattern, anchor, hit.friend, vec![(placement, hit.node)])),
            }
        }
        for (pattern, anchor, friend, hits) in groups {
            if self.is_live(pattern, &anchor, friend) {
                continue;
            }
            let placements: Vec<Placement> = hits.iter().map(|h| h.0).collect();
            let mut tree = build_tree(&self.set, pattern, &placements, friend, anchor, board);
            let Some(at) = tree.nodes.iter().position(|n| n.frames.contains(&(0, hits[0].1)))
            else {
                continue;
            };
            if tree.nodes[at].children.is_empty() {
                continue;
            }
            tree.current = at;
            tree.reseeded = true;
            self.stats.reseeded += 1;
            self.trees.push(tree);
        }
    }

    /// Appends the moves the live trees offer to the side to move of `position` (which
    /// must be the position of the last [`JosekiTracker::update`]; otherwise a copy of
    /// the tracker is brought up to date first).
    pub fn candidates(&self, position: &Position, out: &mut Vec<Candidate>) {
        if !self.is_synced(position) {
            let mut copy = self.clone();
            copy.update(position);
            copy.candidates(position, out);
            return;
        }
        for tree in &self.trees {
            tree.offer(position, self.oracle.as_ref(), out);
        }
    }
}

impl CandidateGenerator for JosekiTracker {
    fn name(&self) -> &str {
        "joseki"
    }

    fn generate(&self, position: &Position, out: &mut Vec<Candidate>) {
        self.candidates(position, out);
    }
}
