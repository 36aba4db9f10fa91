//! Incremental matching: the cells of every variant at every anchor, for both sides to
//! move, kept up to date by re-checking only what a change can reach, for a side when
//! its matches are read.

use go_board::{Board, BoardSize, Color, Point, PointSet};

use crate::compile::{
    GRID, Keys, Match, PatternId, PatternKind, PatternSet, cell_bit, cell_of, fill_grid, grid_index,
};
use crate::eval::MatchInput;
use crate::hir::OFF;
use crate::oracle::BoardOracle;

/// The cell matches of a [`PatternSet`] on a board, for both sides to move, updated
/// incrementally as the board changes.
///
/// [`MatchState::update`] records the points a move changed (the move and its
/// captures); when a side's matches are read, only the anchors within reach of a point
/// changed since that side was last read are re-checked, and at each only the variants
/// that reach that far, whose cells include a changed one (an anchor whose indexed
/// variants all stop short of the changes is skipped). The conditions that read the
/// board beyond the cells (liberties, ladders, the last move, the move number) are
/// evaluated when the matches are asked for, so they are always current.
///
/// # Examples
///
/// ```
/// use go_board::{Move, Point, Position, Rules};
/// use go_patterns::{BoardOnly, MatchInput, MatchState, PatternSet, Scanner};
/// let set = go_patterns::library::standard();
/// let mut position = Position::new(go_board::BoardSize::square(19)?, Rules::chinese());
/// let mut state = MatchState::new(set, position.board());
/// for vertex in ["Q16", "D4", "C16", "R4"] {
///     position.try_play(Move::parse_gtp(vertex, position.size())?)?;
///     state.update(set, position.board());
///     let input = MatchInput::from_position(&position);
///     let (mut incremental, mut full) = (Vec::new(), Vec::new());
///     state.matches(set, &input, &BoardOnly, None, &mut incremental);
///     set.scanner().scan(set, &input, &BoardOnly, &mut full);
///     incremental.sort_by_key(|m| (m.pattern, m.placement.translation()));
///     full.sort_by_key(|m| (m.pattern, m.placement.translation()));
///     assert_eq!(incremental, full);
/// }
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct MatchState {
    grid: Box<[u8]>,
    size: BoardSize,
    /// By side to move (black, white), by point index: the variants whose cells match
    /// there.
    hits: [Vec<Vec<u32>>; 2],
    max_reach: u8,
    /// The stones of the last update (black, white).
    stones: [PointSet; 2],
    /// By side to move: the points changed since its matches were last brought up to
    /// date (they are, lazily, when they are read).
    pending: [PointSet; 2],
    /// Scratch space of the de-duplication.
    seen: Vec<u64>,
    /// By point index: the index keys of the anchor there, black as friend.
    keys: Vec<Keys>,
    /// By side to move, by point index: the largest reach of the variants indexed
    /// under the anchor's keys (changes farther away change nothing there).
    bound: [Vec<u8>; 2],
    /// By point index: the signature bits (see [`cell_bit`]) of the pending changes
    /// within reach of that anchor (scratch space of [`MatchState::refresh`]).
    change: Vec<u64>,
    distance: Vec<u8>,
    touched: Vec<Point>,
    checked: usize,
}

impl MatchState {
    /// The matches of `set` on `board`.
    pub fn new(set: &PatternSet, board: &Board) -> MatchState {
        let mut state = MatchState {
            grid: vec![OFF; GRID].into_boxed_slice(),
            size: board.size(),
            hits: [vec![Vec::new(); Point::INDEX_LIMIT], vec![Vec::new(); Point::INDEX_LIMIT]],
            max_reach: set.max_reach(),
            stones: [PointSet::EMPTY; 2],
            pending: [PointSet::EMPTY; 2],
            seen: Vec::new(),
            keys: vec![Keys::default(); Point::INDEX_LIMIT],
            bound: [vec![0; Point::INDEX_LIMIT], vec![0; Point::INDEX_LIMIT]],
            change: vec![0; Point::INDEX_LIMIT],
            distance: vec![u8::MAX; Point::INDEX_LIMIT],
            touched: Vec::new(),
            checked: 0,
        };
        state.rebuild(set, board);
        state
    }

    fn rebuild(&mut self, set: &PatternSet, board: &Board) {
        self.size = board.size();
        fill_grid(&mut self.grid, board);
        self.stones = [*board.stones(Color::Black), *board.stones(Color::White)];
        self.pending = [PointSet::EMPTY; 2];
        for side in &mut self.hits {
            side.iter_mut().for_each(Vec::clear);
        }
        for p in self.size.points() {
            self.set_keys(set, p);
        }
        for p in self.size.points() {
            self.rescan(set, p, 0, u64::MAX);
        }
    }

    /// Computes the keys of the anchor at `p` and their reach bounds.
    fn set_keys(&mut self, set: &PatternSet, p: Point) {
        let keys = Keys::at(&self.grid, grid_index(p.col() as usize, p.row() as usize));
        self.keys[p.index()] = keys;
        self.bound[0][p.index()] = set.reach_bound(keys);
        self.bound[1][p.index()] = set.reach_bound(keys.swapped());
    }

    /// Re-checks the variants of reach at least `min_reach` anchored at `p`, for both
    /// sides to move.
    fn rescan(&mut self, set: &PatternSet, p: Point, min_reach: u8, changed: u64) {
        let black = self.keys[p.index()];
        self.rescan_side(set, p, 0, black, min_reach, changed);
        self.rescan_side(set, p, 1, black.swapped(), min_reach, changed);
    }

    /// Re-checks, for side `persp`, the variants anchored at `p` (whose keys in that
    /// perspective are `keys`) that reach at least `min_reach` and whose signature meets
    /// `changed` (see [`cell_bit`]): the others cannot have changed.
    #[inline]
    fn rescan_side(
        &mut self,
        set: &PatternSet,
        p: Point,
        persp: usize,
        keys: Keys,
        min_reach: u8,
        changed: u64,
    ) {
        let a = grid_index(p.col() as usize, p.row() as usize);
        let hits = &mut self.hits[persp][p.index()];
        if min_reach == 0 {
            hits.clear();
        } else if !hits.is_empty() {
            hits.retain(|&v| {
                let variant = &set.variants[v as usize];
                variant.reach < min_reach || variant.cells & changed == 0
            });
        }
        for kind in 0..2 {
            set.mask_hits(&self.grid, a, keys, persp, kind, min_reach, changed, hits);
        }
        self.checked += 1;
    }

    /// Records the changes of `board` (the board this state was made for, after any
    /// moves, captures or setup changes); returns the number of points that changed. A
    /// board of another size is matched from scratch.
    ///
    /// The matches of each side to move are brought up to date when they are next read
    /// ([`MatchState::matches`]), re-checking only the anchors within reach of a point
    /// changed since they were last read, and at each only the variants that reach
    /// that far: a side that is read every other move pays for the changes of two
    /// moves at once, where their reaches overlap only once.
    pub fn update(&mut self, set: &PatternSet, board: &Board) -> usize {
        if board.size() != self.size {
            self.rebuild(set, board);
            return self.size.point_count();
        }
        let stones = [*board.stones(Color::Black), *board.stones(Color::White)];
        let changed = (stones[0] ^ self.stones[0]) | (stones[1] ^ self.stones[1]);
        if changed.is_empty() {
            return 0;
        }
        self.stones = stones;
        let mut count = 0;
        for c in changed.iter() {
            count += 1;
            self.grid[grid_index(c.col() as usize, c.row() as usize)] = cell_of(board.color_at(c));
        }
        // The keys of the anchors next to a change (once every cell is written).
        let (cols, rows) = (i32::from(self.size.cols()), i32::from(self.size.rows()));
        for c in changed.iter() {
            let (cx, cy) = (i32::from(c.col()), i32::from(c.row()));
            for y in (cy - 1).max(0)..=(cy + 1).min(rows - 1) {
                for x in (cx - 1).max(0)..=(cx + 1).min(cols - 1) {
                    self.set_keys(set, Point::must(x as u8, y as u8, self.size));
                }
            }
        }
        self.pending[0] |= changed;
        self.pending[1] |= changed;
        count
    }

    /// Brings the matches of side `persp` up to date with the grid: re-checks every
    /// anchor within reach of a pending change, from its distance to the nearest one.
    fn refresh(&mut self, set: &PatternSet, persp: usize) {
        let changed = std::mem::take(&mut self.pending[persp]);
        if changed.is_empty() {
            return;
        }
        // The distance (in lines, both directions) from every anchor to the nearest
        // change, up to the largest reach.
        let r = i32::from(self.max_reach);
        let (cols, rows) = (i32::from(self.size.cols()), i32::from(self.size.rows()));
        let bound = &self.bound[persp];
        for c in changed.iter() {
            let (cx, cy) = (i32::from(c.col()), i32::from(c.row()));
            for y in (cy - r).max(0)..=(cy + r).min(rows - 1) {
                let dy = (y - cy).unsigned_abs();
                for x in (cx - r).max(0)..=(cx + r).min(cols - 1) {
                    let d = dy.max((x - cx).unsigned_abs()) as u8;
                    let a = Point::must(x as u8, y as u8, self.size);
                    // No variant indexed there reaches the change: skip it. Only
                    // beyond the anchor's neighbours: a change next to the anchor may
                    // have changed its keys since its matches were found, and the bound
                    // is that of its current keys.
                    if d > 1 && d > bound[a.index()] {
                        continue;
                    }
                    let slot = &mut self.distance[a.index()];
                    if *slot == u8::MAX {
                        self.touched.push(a);
                    }
                    *slot = (*slot).min(d);
                    self.change[a.index()] |= cell_bit(cx - x, cy - y);
                }
            }
        }
        let touched = std::mem::take(&mut self.touched);
        for &a in &touched {
            let d = std::mem::replace(&mut self.distance[a.index()], u8::MAX);
            let changed = std::mem::replace(&mut self.change[a.index()], 0);
            let black = self.keys[a.index()];
            let keys = if persp == 0 { black } else { black.swapped() };
            self.rescan_side(set, a, persp, keys, d, changed);
        }
        self.touched = touched;
        self.touched.clear();
    }

    /// The number of anchor re-checks done so far (a measure of the incremental work).
    pub fn anchors_checked(&self) -> usize {
        self.checked
    }

    /// Appends the matches for the side to move of `input` (of the patterns of `kind`,
    /// or all), each once, the conditions evaluated on `input`'s board.
    ///
    /// `input.board` must be the board of the last [`MatchState::update`]. The side's
    /// matches are first brought up to date with the changes recorded since they were
    /// last read.
    pub fn matches(
        &mut self,
        set: &PatternSet,
        input: &MatchInput<'_>,
        oracle: &dyn BoardOracle,
        kind: Option<PatternKind>,
        out: &mut Vec<Match>,
    ) {
        let persp = input.to_move.index();
        self.refresh(set, persp);
        let active = set.active(input);
        let start = out.len();
        for p in self.size.points() {
            for &v in &self.hits[persp][p.index()] {
                let pattern = set.variants[v as usize].pattern as usize;
                if !active.allows(pattern) {
                    continue;
                }
                let is_sequence = set.patterns[pattern].is_sequence;
                match kind {
                    Some(PatternKind::Move) if is_sequence => continue,
                    Some(PatternKind::Sequence) if !is_sequence => continue,
                    _ => {}
                }
                let placement = set.placement(v, (i32::from(p.col()), i32::from(p.row())));
                if set.accepts(pattern, placement, input, oracle) {
                    out.push(Match { pattern: PatternId(pattern as u32), placement });
                }
            }
        }
        let mut found = out.split_off(start);
        set.dedup(&mut found, &mut self.seen);
        out.extend(found);
    }
}
