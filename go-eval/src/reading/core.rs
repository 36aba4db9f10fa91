//! What every depth-first reader shares: the board, the node budget and count, the
//! threat balance of the search (who may retake a banned ko), the ply, path repetitions,
//! and nodes that consult and fill the transposition table while keeping their own ko,
//! cut-off and repetition flags.

use go_board::{Board, ByColor, Color, Point};

use super::table::{Stored, Table};

/// The result of one node, for the side to move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NodeResult {
    /// Whether the side to move reaches its goal.
    pub(crate) success: bool,
    /// The move that reaches it.
    pub(crate) point: Option<Point>,
    /// Whether no cut-off decided it.
    pub(crate) certain: bool,
}

impl NodeResult {
    pub(crate) const fn new(success: bool, point: Option<Point>, certain: bool) -> NodeResult {
        NodeResult { success, point, certain }
    }
}

/// A key for the simple-ko ban of a board.
#[inline]
pub(crate) fn ko_key(board: &Board) -> u64 {
    match board.ko() {
        None => 0,
        Some((p, c)) => {
            let x = (p.index() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
                ^ (c.index() as u64) << 61;
            x ^ x >> 29
        }
    }
}

/// The state of one boolean search that does not depend on the question.
pub(crate) struct Core<'a> {
    pub(crate) board: &'a mut Board,
    table: &'a mut Table,
    path: &'a mut Vec<u64>,
    /// Who may retake a banned ko in this search.
    pub(crate) retake: ByColor<bool>,
    /// Beyond this ply a permitted retake is not tried (a cut).
    ko_depth: u16,
    pub(crate) ply: u16,
    pub(crate) nodes: u64,
    node_limit: u64,
    /// The node budget ran out.
    pub(crate) budget_hit: bool,
    /// A ko ban was met in the current subtree.
    pub(crate) ko_met: bool,
    /// A cut-off restricted the current node.
    pub(crate) cut: bool,
    /// A path repetition decided something in the current subtree (not stored).
    repeated: bool,
    /// Captures on the board at the root: no repetition without a capture since.
    root_captures: u32,
    /// Mixed into the keys of results that met a ko ban (they depend on who may retake).
    balance_salt: u64,
    /// A result that is not certain stands only for a search at its own ply (see
    /// [`Core::exact_plies`]).
    exact_plies: bool,
}

impl<'a> Core<'a> {
    pub(crate) fn new(
        board: &'a mut Board,
        table: &'a mut Table,
        path: &'a mut Vec<u64>,
        retake: ByColor<bool>,
        ko_depth: u16,
        node_limit: u64,
    ) -> Core<'a> {
        let root_captures = board.captures()[Color::Black] + board.captures()[Color::White];
        path.clear();
        Core {
            board,
            table,
            path,
            retake,
            ko_depth,
            ply: 0,
            nodes: 0,
            node_limit,
            budget_hit: false,
            ko_met: false,
            cut: false,
            repeated: false,
            root_captures,
            balance_salt: 0x94d0_49bb_1331_11eb
                ^ u64::from(retake[Color::Black]) << 40
                ^ u64::from(retake[Color::White]) << 41,
            exact_plies: false,
        }
    }

    /// Lets a result that is not certain stand only for a search at the ply it was made
    /// at, so that every result is a function of the position and the ply alone, never
    /// of the order the search met positions in (the answers of a reader with
    /// depth-dependent moves are then the same in every orientation of the board).
    /// Without captures a position is only met at one ply, so little is re-read.
    pub(crate) fn exact_plies(mut self) -> Self {
        self.exact_plies = true;
        self
    }

    /// Counts a node; false when the budget is spent.
    #[inline]
    pub(crate) fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            self.budget_hit = true;
            false
        } else {
            true
        }
    }

    /// Gives the search `nodes` more nodes from here on, and forgets that the budget
    /// ran out (a fresh slice of the budget, e.g. for the next move at the root).
    /// Returns whether it had run out.
    pub(crate) fn refill(&mut self, nodes: u64) -> bool {
        self.node_limit = self.nodes.saturating_add(nodes);
        core::mem::take(&mut self.budget_hit)
    }

    /// Whether `color` may play on `p` in this search: an empty point, not a suicide,
    /// and not a banned ko retake unless this search lets `color` retake (a conditional
    /// ko capture, tried up to the ko depth; beyond it the node is cut).
    #[inline]
    pub(crate) fn playable(&mut self, color: Color, p: Point) -> bool {
        if !self.board.is_empty_at(p) {
            return false;
        }
        if self.board.ko() == Some((p, color)) {
            self.ko_met = true;
            if !self.retake[color] {
                return false;
            }
            if self.ply > self.ko_depth {
                self.cut = true;
                return false;
            }
            // A ko capture is never a suicide.
            return true;
        }
        !self.board.is_suicide(color, p)
    }

    /// A result cached under `key` for this question (not a node of the search).
    #[inline]
    pub(crate) fn cached(&self, key: u64) -> Option<Stored> {
        self.table.get(key)
    }

    /// Caches `success` and `point` under `key` for this question.
    #[inline]
    pub(crate) fn cache(&mut self, key: u64, success: bool, point: Option<Point>) {
        let point = point.map_or(0, |p| p.index() as u16);
        self.table.put(key, Stored { success, point, certain: true, ko: false, ply: 0 });
    }

    /// Whether a stored result may stand for a search at the current ply: it is
    /// certain, or it was made with at least as much depth left (at this very ply with
    /// [`Core::exact_plies`]).
    #[inline]
    fn usable(&self, s: &Stored) -> bool {
        let ply = u16::from(s.ply);
        s.certain || ply == self.ply || (ply < self.ply && !self.exact_plies)
    }

    /// Whether the path from the root repeats the position `key` (only possible after
    /// a capture since the root).
    #[inline]
    fn path_repeats(&self, key: u64) -> bool {
        let captures = self.board.captures()[Color::Black] + self.board.captures()[Color::White];
        captures != self.root_captures && self.path.contains(&key)
    }
}

/// A search built on a [`Core`].
pub(crate) trait HasCore<'a> {
    fn core(&mut self) -> &mut Core<'a>;
}

/// Makes a search struct with a `core: Core<'a>` field read as its core: `Deref` and
/// `DerefMut` to [`Core`], and [`HasCore`].
macro_rules! search_on_core {
    ($search:ident) => {
        impl<'a> core::ops::Deref for $search<'a> {
            type Target = $crate::reading::core::Core<'a>;
            fn deref(&self) -> &Self::Target {
                &self.core
            }
        }

        impl core::ops::DerefMut for $search<'_> {
            fn deref_mut(&mut self) -> &mut Self::Target {
                &mut self.core
            }
        }

        impl<'a> $crate::reading::core::HasCore<'a> for $search<'a> {
            fn core(&mut self) -> &mut $crate::reading::core::Core<'a> {
                &mut self.core
            }
        }
    };
}
pub(crate) use search_on_core;

/// Runs `body` as a node keyed `key` (the position, the ko ban, the routine and the
/// question mixed, but not who may retake): a repetition of the path wins for the side
/// to move (the other side recreated a position), a usable stored result is returned at
/// once; otherwise `body` runs with the node's own ko/cut/repetition flags, its result is
/// stored unless a repetition or the budget decided it, and the flags merge into the
/// parent's.
///
/// A result that met no ko ban is the same in the three searches of the threat balance,
/// so it is stored under `key` itself and every search finds it; a result that met one
/// is stored under `key` mixed with who may retake.
#[inline]
pub(crate) fn node<'a, S: HasCore<'a>>(
    s: &mut S,
    key: u64,
    body: impl FnOnce(&mut S, Option<Stored>) -> NodeResult,
) -> NodeResult {
    let core = s.core();
    if core.path_repeats(key) {
        core.repeated = true;
        return NodeResult::new(true, None, true);
    }
    let ko_key = key ^ core.balance_salt;
    let neutral = core.table.get(key);
    let stored = neutral.or_else(|| core.table.get(ko_key));
    for st in [neutral, core.table.get(ko_key)].into_iter().flatten() {
        if core.usable(&st) {
            core.ko_met |= st.ko;
            let point = (st.point != 0).then(|| point_at(st.point));
            return NodeResult::new(st.success, point, st.certain);
        }
    }
    let outer_ko = core::mem::take(&mut core.ko_met);
    let outer_cut = core::mem::take(&mut core.cut);
    let outer_rep = core::mem::take(&mut core.repeated);
    core.path.push(key);
    let mut r = body(s, stored);
    let core = s.core();
    core.path.pop();
    if core.cut {
        r.certain = false;
    }
    if !core.repeated && !core.budget_hit {
        let ply = core.ply.min(u16::from(u8::MAX)) as u8;
        let point = r.point.map_or(0, |p| p.index() as u16);
        let ko = core.ko_met;
        let stored = Stored { success: r.success, point, certain: r.certain, ko, ply };
        core.table.put(if ko { ko_key } else { key }, stored);
    }
    core.ko_met |= outer_ko;
    core.cut = outer_cut;
    core.repeated |= outer_rep;
    r
}

/// The point with a table index (the index of a point that was stored).
#[inline]
pub(crate) fn point_at(index: u16) -> Point {
    Point::from_index(usize::from(index)).expect("a stored point index")
}

/// The stored move of a table entry, as a hint for move ordering.
#[inline]
pub(crate) fn hint(stored: Option<Stored>) -> Option<Point> {
    stored.and_then(|s| (s.point != 0).then(|| point_at(s.point)))
}
