//! Incremental matching: the cells of every variant at every anchor, for both sides to
//! move, kept up to date after each move by re-checking only what a change can reach.

use go_board::{Board, BoardSize, Point};

use crate::compile::{
    GRID, Match, PatternId, PatternKind, PatternSet, cell_of, fill_grid, grid_index,
};
use crate::eval::MatchInput;
use crate::hir::OFF;
use crate::oracle::BoardOracle;

/// The cell matches of a [`PatternSet`] on a board, for both sides to move, updated
/// incrementally as the board changes.
///
/// After a move, only the anchors within reach of a changed point (the move and its
/// captures) are re-checked, and at each only the variants that reach that far. The
/// conditions that read the board beyond the cells (liberties, ladders, the last
/// move, the move number) are evaluated when the matches are asked for, so they are
/// always current.
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
    scratch: Vec<u32>,
    distance: Vec<u8>,
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
            scratch: Vec::new(),
            distance: vec![u8::MAX; Point::INDEX_LIMIT],
            checked: 0,
        };
        state.rebuild(set, board);
        state
    }

    fn rebuild(&mut self, set: &PatternSet, board: &Board) {
        self.size = board.size();
        fill_grid(&mut self.grid, board);
        for side in &mut self.hits {
            side.iter_mut().for_each(Vec::clear);
        }
        for p in self.size.points() {
            self.rescan(set, p, 0);
        }
    }

    /// Re-checks the variants of reach at least `min_reach` anchored at `p`.
    fn rescan(&mut self, set: &PatternSet, p: Point, min_reach: u8) {
        let a = grid_index(p.col() as usize, p.row() as usize);
        for persp in 0..2 {
            let hits = &mut self.hits[persp][p.index()];
            hits.retain(|&v| set.variants[v as usize].reach < min_reach);
            self.scratch.clear();
            for kind in 0..2 {
                set.mask_hits(&self.grid, a, persp, kind, min_reach, &mut self.scratch);
            }
            self.checked += 1;
            hits.extend_from_slice(&self.scratch);
        }
    }

    /// Brings the matches up to date with `board` (the board this state was made for,
    /// after any moves, captures or setup changes); returns the number of points that
    /// changed. A board of another size is matched from scratch.
    pub fn update(&mut self, set: &PatternSet, board: &Board) -> usize {
        if board.size() != self.size {
            self.rebuild(set, board);
            return self.size.point_count();
        }
        let mut changed = Vec::new();
        for p in self.size.points() {
            let g = grid_index(p.col() as usize, p.row() as usize);
            let cell = cell_of(board.color_at(p));
            if self.grid[g] != cell {
                self.grid[g] = cell;
                changed.push(p);
            }
        }
        if changed.is_empty() {
            return 0;
        }
        // The distance (in lines, both directions) from every anchor to the nearest
        // change, up to the largest reach.
        let r = i32::from(self.max_reach);
        let mut touched = Vec::new();
        for &c in &changed {
            for dy in -r..=r {
                for dx in -r..=r {
                    let Some(a) = c.offset(dx, dy, self.size) else { continue };
                    let d = dx.unsigned_abs().max(dy.unsigned_abs()) as u8;
                    let slot = &mut self.distance[a.index()];
                    if *slot == u8::MAX {
                        touched.push(a);
                    }
                    *slot = (*slot).min(d);
                }
            }
        }
        for a in touched {
            let d = std::mem::replace(&mut self.distance[a.index()], u8::MAX);
            self.rescan(set, a, d);
        }
        changed.len()
    }

    /// The number of anchor re-checks done so far (a measure of the incremental work).
    pub fn anchors_checked(&self) -> usize {
        self.checked
    }

    /// Appends the matches for the side to move of `input` (of the patterns of `kind`,
    /// or all), each once, the conditions evaluated on `input`'s board.
    ///
    /// `input.board` must be the board of the last [`MatchState::update`].
    pub fn matches(
        &self,
        set: &PatternSet,
        input: &MatchInput<'_>,
        oracle: &dyn BoardOracle,
        kind: Option<PatternKind>,
        out: &mut Vec<Match>,
    ) {
        let persp = input.to_move.index();
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
        set.dedup(&mut found);
        out.extend(found);
    }
}
