//! The connection search: connect nodes (the owner to move) and disconnect nodes (the
//! opponent to move), with the goal tests, the trivial connections, and moves from the
//! connection distances.

use go_board::{Board, ByColor, Color, Point, PointSet};

use super::Goal;
use super::distance::{Distances, FAR};
use crate::reading::core::{Core, NodeResult, hint, ko_key, node};
use crate::reading::ladder::{Ladder, LadderScratch};
use crate::reading::local::{PointList, adjacent_chains};
use crate::reading::orbit::Frame;
use crate::reading::table::{Stored, Table};
use crate::reading::tactics::{Scratch as TacticsScratch, Tactics, TacticsConfig};
use crate::reading::{Budget, Outcome};

/// A join needing more moves than this counts as impossible.
pub(super) const MAX_JOIN: u8 = 4;

/// The most candidate moves a node tries.
const MAX_CANDIDATES: usize = 10;

/// The tactical reader of the safety checks, and its budget.
const SAFETY: Tactics = Tactics::new(TacticsConfig { safe_liberties: 5, ..TacticsConfig::FAST });
const SAFETY_BUDGET: Budget = Budget::new(1000, 10);

/// Buffers of one connection question.
pub(super) struct Buffers<'a> {
    pub(super) table: &'a mut Table,
    pub(super) path: &'a mut Vec<u64>,
    pub(super) near: &'a mut Distances,
    pub(super) far: &'a mut Distances,
    pub(super) tactics: &'a mut TacticsScratch,
    pub(super) ladder: &'a mut LadderScratch,
}

/// One boolean connection search.
pub(super) struct Search<'a> {
    core: Core<'a>,
    near: &'a mut Distances,
    far: &'a mut Distances,
    tactics: &'a mut TacticsScratch,
    ladder: &'a mut LadderScratch,
    pub(super) owner: Color,
    a: Point,
    goal: Goal,
    depth: u16,
    /// The depth of the previous iteration (its stored moves are hints).
    previous_depth: Option<u16>,
    salt: u64,
    /// The root position's canonical scan order: ties between moves are broken in it,
    /// so the answer turns with the board.
    frame: Frame,
}

crate::reading::core::search_on_core!(Search);

/// Kinds of nodes in the table keys (and of cached tactical answers).
const CONNECT_KEY: u64 = 0x3c6e_f372_fe94_f82b;
const ATTACK_KEY: u64 = 0x510e_527f_ade6_82d1;
const LADDER_KEY: u64 = 0x9b05_688c_2b3e_6c1f;
const DEFENCE_KEY: u64 = 0x1f83_d9ab_fb41_bd6b;
const DISCONNECT_KEY: u64 = 0xa54f_f53a_5f1d_36f1;

impl<'a> Search<'a> {
    pub(super) fn new(
        board: &'a mut Board,
        buffers: Buffers<'a>,
        a: Point,
        goal: Goal,
        retake: ByColor<bool>,
        budget: Budget,
        previous_depth: Option<u16>,
    ) -> Search<'a> {
        let owner = board.color_at(a).expect("the caller checked the stone");
        let mut salt = 0x8cb9_2ba7_2f3d_8dd7_u64 ^ (a.index() as u64).wrapping_mul(0x9e37_79b9);
        match goal {
            Goal::Chain(b) => salt ^= (b.index() as u64) << 20,
            Goal::Area(area) => {
                for p in &area {
                    salt = (salt ^ p.index() as u64).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                }
                salt ^= 1 << 63;
            }
        }
        let ko_depth = budget.depth / 2;
        let frame = Frame::new(board, owner);
        Search {
            core: Core::new(board, buffers.table, buffers.path, retake, ko_depth, budget.nodes),
            near: buffers.near,
            far: buffers.far,
            tactics: buffers.tactics,
            ladder: buffers.ladder,
            owner,
            a,
            goal,
            depth: budget.depth,
            previous_depth,
            salt,
            frame,
        }
    }

    #[inline]
    fn key(&self, kind: u64) -> u64 {
        self.board.hash() ^ ko_key(self.board) ^ kind ^ self.salt
    }

    /// The key of a connect or disconnect node in the iteration of depth `depth` (the
    /// results of the iterations are kept apart: a depth cut-off differs between them;
    /// the cached tactical answers are shared).
    #[inline]
    fn node_key(&self, kind: u64, depth: u16) -> u64 {
        self.key(kind) ^ u64::from(depth).wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// The move the previous, shallower iteration stored for this node, as a hint.
    fn previous_hint(&self, kind: u64) -> Option<Point> {
        let depth = self.previous_depth?;
        hint(self.core.cached(self.node_key(kind, depth)))
    }

    /// Whether a chain of the connection was captured.
    fn lost(&self) -> bool {
        self.board.color_at(self.a) != Some(self.owner)
            || matches!(self.goal, Goal::Chain(b) if self.board.color_at(b) != Some(self.owner))
    }

    /// Whether the goal is reached on the board: one chain, or the chain of `a` in the
    /// area.
    fn joined(&self) -> bool {
        match self.goal {
            Goal::Chain(b) => self.board.chain_id(self.a) == self.board.chain_id(b),
            Goal::Area(area) => !(self.board.chain_stones(self.a) & area).is_empty(),
        }
    }

    /// For an area, the opponent to move: whether a safe chain of the owner inside the
    /// area is already linked to the chain of `a` (a join point the opponent cannot
    /// take, or two ways to join): the area is broken into, as GNU Go counts it.
    fn linked_into_area(&mut self) -> bool {
        let Goal::Area(area) = self.goal else { return false };
        let inside = area & *self.board.stones(self.owner);
        let mine = self.board.chain_stones(self.a);
        let mut seen = mine;
        for c in &inside {
            if seen.contains(c) {
                continue;
            }
            seen |= self.board.chain_stones(c);
            if self.capturable(c) {
                continue;
            }
            self.goal = Goal::Chain(c);
            let linked = self.steady() && {
                let mut sure: PointList<2> = PointList::new();
                self.protected_join() || {
                    self.sure_joins(&mut sure);
                    sure.len() == 2
                }
            };
            self.goal = Goal::Area(area);
            if linked {
                return true;
            }
        }
        false
    }

    /// Whether the chain of `a`, the opponent to move, can be captured: at once (one
    /// liberty), in a ladder (two), or by the fast tactical reader (three).
    fn capturable(&mut self, p: Point) -> bool {
        let libs = self.board.liberty_count(p);
        let opponent = !self.owner;
        if libs == 1 {
            let l = self.board.liberties(p).first().expect("one liberty");
            return self.playable(opponent, l);
        }
        if libs == 2 && self.ladder_captures(p) {
            return true;
        }
        libs <= 3 && self.tactical_attack(p).is_some()
    }

    /// Whether the chain on `p` (two liberties) is captured in a ladder, the opponent
    /// moving first; cached for the question.
    fn ladder_captures(&mut self, p: Point) -> bool {
        let key = self.key(LADDER_KEY) ^ (p.index() as u64).wrapping_mul(0xd6e8_feb8_6659_fd93);
        if let Some(s) = self.core.cached(key) {
            return s.success;
        }
        let answer = Ladder::new().capture(self.core.board, p, self.ladder);
        let success = answer.outcome == Outcome::Win;
        self.core.cache(key, success, None);
        success
    }

    /// The fast tactical reader's attack on the chain on `p` (its attacking move when
    /// it captures unconditionally); cached for the question.
    fn tactical_attack(&mut self, p: Point) -> Option<Point> {
        let key = self.key(ATTACK_KEY) ^ (p.index() as u64).wrapping_mul(0xd6e8_feb8_6659_fd93);
        if let Some(s) = self.core.cached(key) {
            return s.success.then(|| crate::reading::core::point_at(s.point));
        }
        let answer = SAFETY.attack(self.core.board, p, SAFETY_BUDGET, self.tactics);
        let point = match answer.point {
            Some(go_board::Move::Play(m)) if answer.outcome == Outcome::Win => Some(m),
            _ => None,
        };
        self.core.cache(key, point.is_some(), point);
        point
    }

    /// The connection distance (the fewest moves that join) and the distances behind it.
    fn distance(&mut self) -> u8 {
        let capturable = self.capturable_cutters();
        let board = &*self.core.board;
        self.near.compute(board, self.owner, &board.chain_stones(self.a), &capturable);
        let sources = match self.goal {
            Goal::Chain(b) => board.chain_stones(b),
            Goal::Area(area) => area,
        };
        self.far.compute(board, self.owner, &sources, &capturable);
        let mut best = FAR;
        for p in board.empty_points() {
            best = best.min(self.through(p));
        }
        best
    }

    /// The stones of the opponent's chains with two liberties next to a chain of the
    /// connection, or in or next to the area of a break-in, that the owner, moving
    /// first, captures (the join may run through them: a cut that can be captured does
    /// not cut, and a chain the area's wall holds is a way in once captured).
    fn capturable_cutters(&mut self) -> PointSet {
        let on_board = self.board.size().on_board();
        let mut near = PointSet::new();
        for &c in self.chains().as_slice() {
            near |= self.board.chain_stones(c).adjacent(&on_board);
        }
        if let Goal::Area(area) = self.goal {
            near |= area.dilate(&on_board);
        }
        let mut seen = PointSet::new();
        let mut out = PointSet::new();
        for t in near & *self.board.stones(!self.owner) {
            if seen.contains(t) {
                continue;
            }
            let chain = self.board.chain_stones(t);
            seen |= chain;
            if self.board.liberty_count(t) == 2 && self.tactical_attack(t).is_some() {
                out |= chain;
            }
        }
        out
    }

    /// The moves of a join through the empty point `p` (its stone counted once).
    #[inline]
    fn through(&self, p: Point) -> u8 {
        let (x, y) = (self.near.get(p), self.far.get(p));
        if x == FAR || y == FAR { FAR } else { x + y - 1 }
    }

    /// The empty points on the joins of at most `limit` moves, best first.
    fn join_points(&self, limit: u8, out: &mut PointList<MAX_CANDIDATES>) {
        let board = &*self.core.board;
        for cost in 1..=limit {
            for p in board.empty_points() {
                if self.through(p) == cost && !out.contains(p) {
                    out.push(p);
                }
            }
        }
        // The empty list's order changes with play; sort each cost class by the
        // frame's order.
        let slice = out.as_mut_slice();
        slice.sort_by_key(|&p| (self.through(p), self.frame.rank(p)));
    }

    /// The owner's moves that join at once: common liberties (liberties in the area),
    /// and captures of opponent chains in atari next to both chains.
    fn join_moves(&self, out: &mut PointList<MAX_CANDIDATES>) {
        let board = &*self.core.board;
        let stones = board.chain_stones(self.a);
        let la = stones.adjacent(&board.empty_set());
        let (common, other) = match self.goal {
            Goal::Chain(b) => {
                let other = board.chain_stones(b);
                (la & other.adjacent(&board.empty_set()), other)
            }
            Goal::Area(area) => (la & area, area),
        };
        for p in &common {
            out.push_unique(p);
        }
        let theirs: PointList<12> = adjacent_chains(board, &stones, !self.owner);
        for &t in theirs.as_slice() {
            if board.liberty_count(t) == 1 {
                let chain = board.chain_stones(t);
                let touches = match self.goal {
                    Goal::Chain(_) => !chain.adjacent(&other).is_empty(),
                    Goal::Area(area) => !(chain.dilate(&board.size().on_board()) & area).is_empty(),
                };
                if touches && let Some(l) = board.liberties(t).first() {
                    out.push_unique(l);
                }
            }
        }
    }

    /// The joining moves that join safely: after them the chain of `a` reaches the goal
    /// and the opponent, to move, cannot capture it quickly.
    fn sure_joins(&mut self, out: &mut PointList<2>) {
        let mut moves: PointList<MAX_CANDIDATES> = PointList::new();
        self.join_moves(&mut moves);
        moves.as_mut_slice().sort_by_key(|&p| self.frame.rank(p));
        let owner = self.owner;
        for &m in moves.as_slice() {
            if out.len() == 2 {
                break;
            }
            if !self.playable(owner, m) {
                continue;
            }
            let undo = self.core.board.play(owner, m);
            let a = self.a;
            let sure = self.joined() && !self.capturable(a);
            self.core.board.undo(undo);
            if sure {
                out.push(m);
            }
        }
        // Capturable cutting chains between the two, unless the attacking move leaves a
        // chain of the connection in atari (the opponent would capture it first).
        if out.len() < 2 {
            let cutters = self.common_cutters();
            for &t in cutters.as_slice() {
                if out.len() == 2 {
                    break;
                }
                if let Some(p) = self.tactical_attack(t)
                    && !out.contains(p)
                    && self.leaves_no_atari(p)
                {
                    out.push(p);
                }
            }
        }
    }

    /// Whether the owner's move on `p` leaves every chain of the connection with two
    /// liberties or more.
    fn leaves_no_atari(&mut self, p: Point) -> bool {
        let owner = self.owner;
        if !self.playable(owner, p) {
            return false;
        }
        let undo = self.core.board.play(owner, p);
        let chains = self.chains();
        let safe = !self.lost()
            && chains.as_slice().iter().all(|&c| self.core.board.liberty_count(c) >= 2);
        self.core.board.undo(undo);
        safe
    }

    /// A joining point the opponent cannot take: playing there is illegal for it, or
    /// leaves its stone in atari without capturing anything (the owner takes it and
    /// joins).
    fn protected_join(&mut self) -> bool {
        let board = &*self.core.board;
        let la = board.liberties(self.a);
        let common = match self.goal {
            Goal::Chain(b) => la & board.liberties(b),
            Goal::Area(area) => la & area,
        };
        common.iter().any(|l| self.untakable(l))
    }

    /// Whether the opponent cannot take the empty point `l`: its stone there would be
    /// illegal, or in atari without capturing anything (the owner takes it).
    fn untakable(&mut self, l: Point) -> bool {
        let opponent = !self.owner;
        if !self.core.board.is_legal(opponent, l) {
            return true;
        }
        let undo = self.core.board.play(opponent, l);
        let caught = undo.removed() == 0 && self.core.board.liberty_count(l) == 1;
        self.core.board.undo(undo);
        caught
    }

    /// For two chains, the opponent to move: whether the chain of `b` is reached from
    /// the chain of `a` through links the opponent cannot break with one move, over
    /// owner chains that are not captured at once or in a ladder. A link between two
    /// chains is a common liberty where the opponent's stone is illegal or left in
    /// atari without capturing ([`Search::untakable`]), or an opponent
    /// chain in atari next to both that
    /// the fast tactical reader cannot save (a cutting stone that is captured does not
    /// cut: GNU Go's connection reader reconnects by capturing it).
    fn linked_through(&mut self) -> bool {
        /// The most chains the walk visits.
        const MAX_CHAINS: usize = 6;
        let Goal::Chain(b) = self.goal else { return false };
        let target = self.board.chain_id(b);
        let mut seen = self.board.chain_stones(self.a);
        let mut queue: PointList<MAX_CHAINS> = PointList::new();
        queue.push(self.a);
        let mut next = 0;
        while next < queue.len() {
            let x = queue.as_slice()[next];
            next += 1;
            // Owner chains one link away: next to a liberty of `x`, or to an opponent
            // chain next to `x`.
            let mut zone = self.board.liberties(x);
            let theirs: PointList<12> =
                adjacent_chains(self.board, &self.board.chain_stones(x), !self.owner);
            for &t in theirs.as_slice() {
                zone |= self.board.chain_stones(t);
            }
            let near: PointList<16> = adjacent_chains(self.board, &zone, self.owner);
            for &y in near.as_slice() {
                if seen.contains(y) || !self.linked_pair(x, y) || self.shaky(y) {
                    continue;
                }
                if self.board.chain_id(y) == target {
                    return true;
                }
                seen |= self.board.chain_stones(y);
                if queue.len() < MAX_CHAINS {
                    queue.push(y);
                }
            }
        }
        false
    }

    /// Whether the owner chains on `x` and `y` are linked (see
    /// [`Search::linked_through`]).
    fn linked_pair(&mut self, x: Point, y: Point) -> bool {
        let common = self.board.liberties(x) & self.board.liberties(y);
        if common.iter().any(|l| self.untakable(l)) {
            return true;
        }
        let opponent = !self.owner;
        let sx = self.board.chain_stones(x);
        let sy = self.board.chain_stones(y);
        let theirs: PointList<12> = adjacent_chains(self.board, &sx, opponent);
        for &t in theirs.as_slice() {
            if self.board.liberty_count(t) == 1
                && !self.board.chain_stones(t).adjacent(&sy).is_empty()
                && self.tactical_defence(t).is_none()
            {
                return true;
            }
        }
        false
    }

    /// Two common liberties of two chains with three liberties each: the opponent
    /// cannot fill both.
    fn miai(&self) -> bool {
        let board = &*self.core.board;
        match self.goal {
            Goal::Chain(b) => {
                let (la, lb) = (board.liberties(self.a), board.liberties(b));
                la.len() >= 3 && lb.len() >= 3 && (la & lb).len() >= 2
            }
            Goal::Area(area) => {
                let la = board.liberties(self.a);
                la.len() >= 3 && (la & area).len() >= 2
            }
        }
    }

    /// Whether no chain of the connection can be captured at once or in a ladder (so
    /// that two ways to join are a connection).
    fn steady(&mut self) -> bool {
        let chains = self.chains();
        !chains.as_slice().iter().any(|&c| self.shaky(c))
    }

    /// Whether the owner's chain on `c` can be captured at once or in a ladder.
    fn shaky(&mut self, c: Point) -> bool {
        match self.board.liberty_count(c) {
            0 | 1 => true,
            2 => self.ladder_captures(c),
            _ => false,
        }
    }

    /// The owner's moves against the opponent's cutting chains (next to a chain of the
    /// connection, with at most three liberties): the tactical reader's attack, and
    /// the liberties of those with two.
    fn cutting_attacks(&mut self, out: &mut PointList<MAX_CANDIDATES>) {
        let chains = self.chains();
        let mut cutters: PointList<8> = PointList::new();
        for &c in chains.as_slice() {
            let stones = self.board.chain_stones(c);
            let theirs: PointList<8> = adjacent_chains(self.board, &stones, !self.owner);
            for &t in theirs.as_slice() {
                let id = self.board.chain_id(t);
                if self.board.liberty_count(t) <= 3
                    && !cutters.as_slice().iter().any(|&q| self.board.chain_id(q) == id)
                {
                    cutters.push(t);
                }
            }
        }
        cutters.as_mut_slice().sort_by_key(|&t| self.chain_rank(t));
        for &t in cutters.as_slice() {
            if let Some(p) = self.tactical_attack(t) {
                out.push_unique(p);
            }
        }
    }

    /// The opponent's chains with two or three liberties next to both chains of the
    /// connection (for an area: next to the chain and to the area).
    fn common_cutters(&self) -> PointList<4> {
        let board = &*self.core.board;
        let sa = board.chain_stones(self.a);
        let other = match self.goal {
            Goal::Chain(b) => board.chain_stones(b),
            Goal::Area(area) => area,
        };
        let mut out: PointList<4> = PointList::new();
        let theirs: PointList<8> = adjacent_chains(board, &sa, !self.owner);
        for &t in theirs.as_slice() {
            let libs = board.liberty_count(t);
            if (2..=3).contains(&libs) && !board.chain_stones(t).adjacent(&other).is_empty() {
                out.push(t);
            }
        }
        out.as_mut_slice().sort_by_key(|&t| self.chain_rank(t));
        out
    }

    /// The frame's rank of the first stone of the chain on `p`.
    fn chain_rank(&self, p: Point) -> u32 {
        self.core.board.chain_stones(p).iter().map(|q| self.frame.rank(q)).min().unwrap_or(0)
    }

    /// The fast tactical reader's defence of the chain on `p` (the opponent's), when
    /// there is one; cached for the question.
    fn tactical_defence(&mut self, p: Point) -> Option<Point> {
        let key = self.key(DEFENCE_KEY) ^ (p.index() as u64).wrapping_mul(0xd6e8_feb8_6659_fd93);
        if let Some(s) = self.core.cached(key) {
            return s.success.then(|| crate::reading::core::point_at(s.point));
        }
        let answer = SAFETY.defend(self.core.board, p, SAFETY_BUDGET, self.tactics);
        let point = match answer.point {
            Some(go_board::Move::Play(m)) if answer.outcome == Outcome::Win => Some(m),
            _ => None,
        };
        self.core.cache(key, point.is_some(), point);
        point
    }

    /// The chains of the connection (one or two points).
    fn chains(&self) -> PointList<2> {
        let mut list = PointList::new();
        list.push(self.a);
        if let Goal::Chain(b) = self.goal {
            list.push(b);
        }
        list
    }

    /// Orders `moves` for `color` by trying each: for the owner, a safe join first, then
    /// moves that leave two ways to join, then one; for the opponent, captures first,
    /// then moves that leave the owner no sure join, then one. Among ties the hint
    /// (`hinted`: the first move is the table's) comes first, then the moves by their
    /// connection distance, then in the frame's order. Unplayable moves are dropped.
    fn order(&mut self, moves: &mut PointList<MAX_CANDIDATES>, color: Color, hinted: bool) {
        let mut scored: [(i32, usize); MAX_CANDIDATES] = [(0, 0); MAX_CANDIDATES];
        let mut n = 0;
        for (i, &m) in moves.as_slice().iter().enumerate() {
            if !self.playable(color, m) {
                continue;
            }
            let undo = self.core.board.play(color, m);
            let score = if self.lost() {
                if color == self.owner { -1000 } else { 1000 }
            } else if self.joined() {
                let a = self.a;
                let safe = !self.capturable(a);
                match (color == self.owner, safe) {
                    (true, true) => 1000,
                    (true, false) => -500,
                    (false, _) => -1000,
                }
            } else {
                let mut k = 0;
                if self.steady() {
                    if self.protected_join() {
                        k = 2;
                    } else {
                        let mut sure: PointList<2> = PointList::new();
                        self.sure_joins(&mut sure);
                        k = sure.len() as i32;
                    }
                }
                if color == self.owner { 200 * k } else { 200 * (2 - k) }
            };
            self.core.board.undo(undo);
            scored[n] = (score, i);
            n += 1;
        }
        let old = *moves;
        let tie = |i: usize| {
            let m = old.as_slice()[i];
            (!(hinted && i == 0), self.through(m), self.frame.rank(m))
        };
        scored[..n].sort_by_key(|&(score, i)| (-score, tie(i)));
        moves.clear();
        for &(_, i) in &scored[..n] {
            moves.push(old.as_slice()[i]);
        }
    }

    /// A connect node: the owner to move joins the chains.
    pub(super) fn connect_node(&mut self) -> NodeResult {
        if !self.count_node() {
            return NodeResult::new(false, None, false);
        }
        if self.lost() {
            return NodeResult::new(false, None, true);
        }
        if self.joined() {
            return NodeResult::new(true, None, true);
        }
        if self.ply > self.depth {
            return NodeResult::new(false, None, false);
        }
        let key = self.node_key(CONNECT_KEY, self.depth);
        node(self, key, |s, stored| s.connect_body(stored))
    }

    fn connect_body(&mut self, stored: Option<Stored>) -> NodeResult {
        let mut sure: PointList<2> = PointList::new();
        self.sure_joins(&mut sure);
        if let Some(&m) = sure.as_slice().first() {
            return NodeResult::new(true, Some(m), false);
        }
        let join = self.distance();
        if join > MAX_JOIN {
            return NodeResult::new(false, None, false);
        }
        let mut moves: PointList<MAX_CANDIDATES> = PointList::new();
        let owner = self.owner;
        let hinted = hint(stored).or_else(|| self.previous_hint(CONNECT_KEY)).is_some_and(|h| {
            moves.push(h);
            true
        });
        // Save a chain in atari; capture the opponent's chains in atari next to ours.
        for &c in self.chains().as_slice() {
            let stones = self.board.chain_stones(c);
            if self.board.liberty_count(c) == 1
                && let Some(l) = self.board.liberties(c).first()
            {
                moves.push_unique(l);
            }
            let theirs: PointList<12> = adjacent_chains(self.board, &stones, !owner);
            for &t in theirs.as_slice() {
                if self.board.liberty_count(t) == 1
                    && let Some(l) = self.board.liberties(t).first()
                {
                    moves.push_unique(l);
                }
            }
        }
        self.cutting_attacks(&mut moves);
        self.join_points(join.min(MAX_JOIN), &mut moves);
        self.order(&mut moves, owner, hinted);
        self.try_moves(&moves, owner, Self::disconnect_node)
    }

    /// Tries `moves` for `color`, each answered by `child` (the other side's node):
    /// success with the first move the child fails against.
    fn try_moves(
        &mut self,
        moves: &PointList<MAX_CANDIDATES>,
        color: Color,
        child: fn(&mut Self) -> NodeResult,
    ) -> NodeResult {
        let mut certain = true;
        for i in 0..moves.len() {
            let m = moves.as_slice()[i];
            if !self.playable(color, m) {
                continue;
            }
            let undo = self.board.play(color, m);
            self.ply += 1;
            let r = child(self);
            self.ply -= 1;
            self.board.undo(undo);
            if !r.success {
                return NodeResult::new(true, Some(m), r.certain);
            }
            certain &= r.certain;
        }
        NodeResult::new(false, None, certain)
    }

    /// A disconnect node: the opponent to move keeps the chains apart (or captures
    /// one).
    pub(super) fn disconnect_node(&mut self) -> NodeResult {
        if !self.count_node() {
            return NodeResult::new(true, None, false);
        }
        if self.lost() {
            return NodeResult::new(true, None, true);
        }
        if self.joined() {
            let a = self.a;
            let safe = !self.capturable(a);
            return NodeResult::new(!safe, None, false);
        }
        if self.miai() || self.linked_into_area() {
            return NodeResult::new(false, None, false);
        }
        if self.ply > self.depth {
            return NodeResult::new(true, None, false);
        }
        if self.steady() {
            if self.protected_join() {
                return NodeResult::new(false, None, false);
            }
            let mut sure: PointList<2> = PointList::new();
            self.sure_joins(&mut sure);
            if sure.len() == 2 || self.linked_through() {
                return NodeResult::new(false, None, false);
            }
        }
        let key = self.node_key(DISCONNECT_KEY, self.depth);
        node(self, key, |s, stored| s.disconnect_body(stored))
    }

    fn disconnect_body(&mut self, stored: Option<Stored>) -> NodeResult {
        let mut sure: PointList<2> = PointList::new();
        self.sure_joins(&mut sure);
        let join = self.distance();
        if join > MAX_JOIN && sure.is_empty() {
            return NodeResult::new(true, None, false);
        }
        let opponent = !self.owner;
        let mut moves: PointList<MAX_CANDIDATES> = PointList::new();
        let hinted = hint(stored).or_else(|| self.previous_hint(DISCONNECT_KEY)).is_some_and(|h| {
            moves.push(h);
            true
        });
        // Take the owner's sure join, or save the cutting chain it would capture.
        for &m in sure.as_slice() {
            moves.push_unique(m);
        }
        let cutters = self.common_cutters();
        for &t in cutters.as_slice() {
            if self.tactical_attack(t).is_some()
                && let Some(d) = self.tactical_defence(t)
            {
                moves.push_unique(d);
            }
        }
        // Attack a short chain of the connection; save our cutting chains in atari.
        for &c in self.chains().as_slice() {
            let stones = self.board.chain_stones(c);
            if self.board.liberty_count(c) <= 2 {
                for l in &self.board.liberties(c) {
                    moves.push_unique(l);
                }
            }
            let ours: PointList<12> = adjacent_chains(self.board, &stones, opponent);
            for &t in ours.as_slice() {
                if self.board.liberty_count(t) == 1
                    && let Some(l) = self.board.liberties(t).first()
                {
                    moves.push_unique(l);
                }
            }
        }
        self.join_points(join.min(MAX_JOIN), &mut moves);
        self.order(&mut moves, opponent, hinted);
        self.try_moves(&moves, opponent, Self::connect_node)
    }
}
