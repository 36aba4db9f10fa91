//! The compiler: checked patterns to a [`PatternSet`] of symmetry variants, each with
//! its cell checks, indexed by the 3×3 neighbourhood of an anchor cell.
//!
//! - The conjuncts of a condition that fix the state of constant points
//!   (`state(p) = ...`, `states(S) = ...`, `emparea(...)`) become cell constraints
//!   beside the diagram's cells; the rest of the condition is evaluated after the cells
//!   match, cheapest conjunct first.
//! - Each pattern is transformed by the symmetries it allows (all 8, or the 4
//!   rotations for `non_symmetric`); transforms that give the same pattern (its
//!   stabiliser) are compiled once.
//! - Each variant is keyed on the 3×3 neighbourhood of an anchor cell: every concrete
//!   neighbourhood code it accepts (the layout of
//!   [`Neighbourhood::code`](go_board::Neighbourhood::code) with `friend` as black),
//!   with the anchor's own state, gets an entry. A variant whose neighbourhood is too
//!   loose for that (more than 64 codes) is keyed on the 4 orthogonal neighbours of its
//!   anchor instead. The anchor is the cell whose key a board shows least often. A
//!   lookup reads both tables; the cells of the key are not checked again.

use std::collections::{BTreeMap, HashMap};

use go_board::{Color, Neighbourhood, Point, Symmetry};

use crate::Intent;
use crate::ast::PlaceKind;
use crate::check::frame_point_text;
use crate::diagnostic::{Diagnostic, Error, Limits, Severity};
use crate::eval::{Ctx, MatchInput, Placement, time_allows};
use crate::hir::*;
use crate::oracle::BoardOracle;

/// Frame offsets of the 8 neighbours in the order of `Neighbourhood::code`.
const NEIGHBOURS: [(i32, i32); 8] =
    [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1)];

/// Margin of the padded grid around the largest board: more than any offset between two
/// cells of a pattern.
const MARGIN: usize = 28;
/// Row length of the grid.
pub(crate) const STRIDE: usize = 25 + 2 * MARGIN;
/// Cells of the grid.
pub(crate) const GRID: usize = STRIDE * STRIDE;

/// The grid index of board coordinates.
#[inline]
pub(crate) fn grid_index(col: usize, row: usize) -> usize {
    (row + MARGIN) * STRIDE + col + MARGIN
}

/// The identifier of a pattern in its [`PatternSet`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PatternId(pub(crate) u32);

impl PatternId {
    /// The pattern's place in source order, from 0.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What kind of candidates a pattern gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PatternKind {
    /// Candidate moves for the side to move, offered whenever the pattern matches.
    Move,
    /// A sequence (joseki, tesuji): a match creates a candidate tree that follows the
    /// moves played (see [`JosekiTracker`](crate::JosekiTracker)).
    Sequence,
}

/// A pattern found on a board: which pattern and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Match {
    /// The pattern.
    pub pattern: PatternId,
    /// Where its frame is on the board.
    pub placement: Placement,
}

/// A check of one cell: the grid offset from the anchor, and the allowed one-hot states
/// with black as `friend` (`masks[0]`) and with white as `friend` (`masks[1]`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct CellCheck {
    pub(crate) off: i16,
    pub(crate) masks: [u8; 2],
}

/// A symmetry variant of a pattern.
#[derive(Clone, Debug)]
pub(crate) struct Variant {
    pub(crate) pattern: u32,
    pub(crate) symmetry: Symmetry,
    /// The anchor cell in the transformed frame.
    pub(crate) anchor: (i32, i32),
    /// Into `PatternSet::checks`.
    pub(crate) checks: (u32, u32),
    /// The largest distance (in lines, both directions) from the anchor to a cell that
    /// constrains anything (wildcards do not count).
    pub(crate) reach: u8,
    /// Where its constraining cells are, as a [`cell_bit`] signature.
    pub(crate) cells: u64,
}

/// The signature bit of a cell at offset `(dx, dy)` from an anchor: one bit per offset
/// within 3 lines (49 bits), then one per distance 4 to 8, and one for 9 or more. A
/// variant's signature is the union of its constraining cells' bits; a change at an
/// offset whose bit is not in it cannot change whether the variant matches there.
#[inline]
pub(crate) fn cell_bit(dx: i32, dy: i32) -> u64 {
    let d = dx.unsigned_abs().max(dy.unsigned_abs());
    let bit = if d <= 3 { (dy + 3) * 7 + dx + 3 } else { 45 + d.min(9) as i32 };
    1 << bit
}

/// The neighbourhood index of one kind of pattern: a variant is entered in the table
/// keyed on its anchor and the anchor's 8 neighbours (18 bits: the neighbourhood code,
/// then the anchor's state) when that takes few entries, and otherwise in the table
/// keyed on the anchor and its 4 orthogonal neighbours (10 bits).
#[derive(Clone, Debug, Default)]
pub(crate) struct Index {
    full: Table,
    ortho: Table,
}

/// An entry of a bucket: a variant, its most selective cell check inline (most tries
/// stop there) and where its other checks are.
#[derive(Clone, Copy, Debug)]
struct Entry {
    variant: u32,
    rest: u32,
    first: CellCheck,
    rest_len: u16,
    reach: u8,
    cells: u64,
}

/// Buckets of entries by key, each bucket by decreasing reach.
#[derive(Clone, Debug, Default)]
struct Table {
    /// Where each key's bucket starts in `entries` (one more than the keys).
    starts: Vec<u32>,
    entries: Vec<Entry>,
}

impl Index {
    /// Whether no variant is indexed.
    #[inline]
    fn is_empty(&self) -> bool {
        self.full.entries.is_empty() && self.ortho.entries.is_empty()
    }
}

impl Table {
    #[inline]
    fn bucket(&self, key: usize) -> &[Entry] {
        &self.entries[self.starts[key] as usize..self.starts[key + 1] as usize]
    }

    fn build(variants: &[Variant], checks: &[CellCheck], per_key: Vec<Vec<u32>>) -> Table {
        let entry = |v: u32| {
            let variant = &variants[v as usize];
            let (start, end) = variant.checks;
            // A variant checked entirely by its key gets a check that always holds: its
            // anchor is on the board.
            let (first, rest) = if start < end {
                (checks[start as usize], start + 1)
            } else {
                (CellCheck { off: 0, masks: [ANY, ANY] }, end)
            };
            Entry {
                variant: v,
                rest,
                first,
                rest_len: (end - rest) as u16,
                reach: variant.reach,
                cells: variant.cells,
            }
        };
        let mut starts = Vec::with_capacity(per_key.len() + 1);
        let mut entries = Vec::new();
        for mut list in per_key {
            starts.push(entries.len() as u32);
            list.sort_by_key(|&v| (std::cmp::Reverse(variants[v as usize].reach), v));
            entries.extend(list.into_iter().map(entry));
        }
        starts.push(entries.len() as u32);
        Table { starts, entries }
    }
}

/// Which patterns the time of a position allows.
pub(crate) struct Active {
    all: bool,
    bits: Vec<u64>,
}

impl Active {
    #[inline]
    pub(crate) fn allows(&self, pattern: usize) -> bool {
        self.all || self.bits[pattern / 64] >> (pattern % 64) & 1 == 1
    }
}

/// A pattern after compilation.
#[derive(Clone, Debug)]
pub(crate) struct Compiled {
    /// Every cell constraint (diagram, place, lowered condition, candidates on the
    /// board).
    pub(crate) cells: BTreeMap<FramePoint, u8>,
    /// The condition left after the cells, cheapest conjunct first.
    pub(crate) residual: Option<Ir>,
    /// The symmetries tried (all 8 or the 4 rotations).
    pub(crate) group: Vec<Symmetry>,
    /// The symmetries that leave the pattern unchanged.
    pub(crate) stabiliser: Vec<Symmetry>,
    /// Its variants in `PatternSet::variants`.
    pub(crate) variants: (u32, u32),
    /// The corners of the box of its support, in the frame.
    pub(crate) support_box: (FramePoint, FramePoint),
    /// Whether one of its symmetries maps its support and its candidates onto
    /// themselves (so two placements may be the same match).
    pub(crate) may_coincide: bool,
    /// For each symmetry (by its place in `Symmetry::ALL`), its coset modulo the
    /// symmetries that map the support onto itself: placements whose symmetries are in
    /// one coset and whose boxes are equal cover the same points.
    pub(crate) coset: [u8; 8],
}

/// A compiled set of patterns: immutable, shareable between threads, matched with a
/// [`Scanner`] (a full scan) or a [`MatchState`](crate::MatchState) (incremental).
///
/// # Examples
///
/// ```
/// use go_board::{Color, Position, Rules};
/// use go_patterns::{BoardOnly, MatchInput, PatternSet};
/// let set = PatternSet::compile(
///     "pattern hane_at_the_head_of_two
///        diagram
///          ?.*.?
///          ?.XO?
///          ??XO?
///        candidate with(shape, 30) * end_candidate
///      end_pattern",
/// )?;
/// // Black's two stones (X) face White's (O); White to move is `friend` (O).
/// let mut position = Position::from_diagram(
///     ". . . . .
///      . . . . .
///      . . X O .
///      . . X O .
///      . . . . .",
///     Rules::chinese(),
/// )?;
/// position.set_to_move(Color::White);
/// let mut scanner = set.scanner();
/// let mut found = Vec::new();
/// scanner.scan(&set, &MatchInput::from_position(&position), &BoardOnly, &mut found);
/// let moves: Vec<String> =
///     found.iter().flat_map(|m| set.candidates(m, position.board())).map(|c| c.0.to_string()).collect();
/// // The head of the two stones at either end (the pattern's mirror image is tried too).
/// assert_eq!(moves, ["C1", "C4"]);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct PatternSet {
    pub(crate) name: Option<String>,
    pub(crate) patterns: Vec<PatternIr>,
    pub(crate) compiled: Vec<Compiled>,
    pub(crate) variants: Vec<Variant>,
    pub(crate) checks: Vec<CellCheck>,
    /// By [`PatternKind`]: moves, then sequences.
    pub(crate) indexes: [Index; 2],
    pub(crate) reseed: crate::sequence::Reseed,
    /// The patterns with a `time` section.
    pub(crate) timed: Vec<u32>,
    pub(crate) warnings: Vec<Diagnostic>,
}

impl std::fmt::Debug for PatternSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternSet")
            .field("name", &self.name)
            .field("patterns", &self.patterns.len())
            .field("variants", &self.variants.len())
            .field("index", &self.index_size())
            .finish_non_exhaustive()
    }
}

/// A read-only view of one pattern of a set.
#[derive(Clone, Copy, Debug)]
pub struct PatternView<'s> {
    set: &'s PatternSet,
    id: PatternId,
}

impl<'s> PatternView<'s> {
    /// Its identifier.
    pub fn id(self) -> PatternId {
        self.id
    }

    /// Its name.
    pub fn name(self) -> &'s str {
        &self.set.patterns[self.id.index()].name
    }

    /// Whether it gives moves or sequences.
    pub fn kind(self) -> PatternKind {
        if self.set.patterns[self.id.index()].is_sequence {
            PatternKind::Sequence
        } else {
            PatternKind::Move
        }
    }

    /// Where it applies.
    pub fn place(self) -> PlaceKind {
        self.set.patterns[self.id.index()].place
    }

    /// How many symmetries are tried (8, or 4 for `non_symmetric`).
    pub fn symmetries(self) -> usize {
        self.set.compiled[self.id.index()].group.len()
    }

    /// The symmetries that leave it unchanged (its stabiliser; the identity at least).
    pub fn stabiliser(self) -> &'s [Symmetry] {
        &self.set.compiled[self.id.index()].stabiliser
    }

    /// How many variants were compiled: [`symmetries`](Self::symmetries) divided by
    /// the size of the [`stabiliser`](Self::stabiliser).
    pub fn variant_count(self) -> usize {
        let (a, b) = self.set.compiled[self.id.index()].variants;
        (b - a) as usize
    }
}

impl PatternSet {
    /// Parses, checks and compiles a pattern source with the default [`Limits`].
    ///
    /// # Errors
    ///
    /// Every error found, located with a caret (see [`Error`]).
    pub fn compile(source: &str) -> Result<PatternSet, Error> {
        PatternSet::compile_with(source, &Limits::DEFAULT)
    }

    /// Parses, checks and compiles a pattern source under `limits`.
    ///
    /// # Errors
    ///
    /// As [`PatternSet::compile`]; a limit exceeded is an error too.
    pub fn compile_with(source: &str, limits: &Limits) -> Result<PatternSet, Error> {
        let file = crate::parse::parse_with(source, limits)?;
        let (program, warnings) = crate::check::check(&file, source, limits)?;
        build(program, warnings, source, limits)
    }

    /// The program's name (`program NAME`), if it has one.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The warnings of the compilation.
    pub fn warnings(&self) -> &[Diagnostic] {
        &self.warnings
    }

    /// The number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// Whether there is no pattern.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// The pattern `id`.
    ///
    /// # Panics
    ///
    /// If `id` is not a pattern of this set.
    pub fn pattern(&self, id: PatternId) -> PatternView<'_> {
        assert!(id.index() < self.patterns.len(), "no pattern {id:?} in this set");
        PatternView { set: self, id }
    }

    /// Every pattern, in source order.
    pub fn patterns(&self) -> impl ExactSizeIterator<Item = PatternView<'_>> {
        (0..self.patterns.len() as u32).map(|i| PatternView { set: self, id: PatternId(i) })
    }

    /// The pattern named `name`.
    pub fn find(&self, name: &str) -> Option<PatternView<'_>> {
        self.patterns().find(|p| p.name() == name)
    }

    /// The number of compiled variants.
    pub fn variant_count(&self) -> usize {
        self.variants.len()
    }

    /// The number of entries of the neighbourhood indexes: in the tables keyed on the 8
    /// neighbours of an anchor, and in those keyed on its 4 orthogonal neighbours.
    pub fn index_size(&self) -> (usize, usize) {
        let full = self.indexes.iter().map(|i| i.full.entries.len()).sum();
        let ortho = self.indexes.iter().map(|i| i.ortho.entries.len()).sum();
        (full, ortho)
    }

    /// An estimate of the heap memory the set uses, in bytes (the checked patterns, the
    /// variants, the cell checks and the indexes).
    pub fn memory(&self) -> usize {
        let index: usize = self
            .indexes
            .iter()
            .flat_map(|i| [&i.full, &i.ortho])
            .map(|t| 4 * t.starts.capacity() + std::mem::size_of::<Entry>() * t.entries.capacity())
            .sum();
        let cells: usize = self.compiled.iter().map(|c| c.cells.len() * 24 + 64).sum();
        index
            + cells
            + self.variants.capacity() * std::mem::size_of::<Variant>()
            + self.checks.capacity() * std::mem::size_of::<CellCheck>()
            + self.patterns.len() * std::mem::size_of::<PatternIr>()
    }

    /// The candidate moves of a match (the first moves of a sequence pattern), with their
    /// intents and weights, that are on the board.
    pub fn candidates<'a>(
        &'a self,
        m: &'a Match,
        board: &'a go_board::Board,
    ) -> impl Iterator<Item = (Point, Intent, f64)> + 'a {
        self.patterns[m.pattern.index()]
            .roots
            .iter()
            .filter_map(move |n| Some((m.placement.point(n.point, board)?, n.intent, n.weight)))
    }

    /// A new scanner for full scans of this set.
    pub fn scanner(&self) -> Scanner {
        Scanner {
            grid: vec![OFF; GRID].into_boxed_slice(),
            hits: Vec::new(),
            seen: Vec::new(),
            size: None,
        }
    }

    /// What identifies a match: the board coordinates (column, row; possibly off the
    /// board) of every point the pattern mentions, sorted. Two placements of a pattern
    /// with the same support are one match (a symmetric pattern matches once).
    pub fn match_support(&self, m: &Match) -> Vec<(i32, i32)> {
        let mut key: Vec<(i32, i32)> =
            self.patterns[m.pattern.index()].support.iter().map(|&p| m.placement.map(p)).collect();
        key.sort_unstable();
        key
    }

    /// The bounding box (lowest column and row, highest column and row) of a match's
    /// support: equal supports have equal boxes.
    fn support_box(&self, m: &Match) -> (i32, i32, i32, i32) {
        let (lo, hi) = self.compiled[m.pattern.index()].support_box;
        let (a, b) = (m.placement.map(lo), m.placement.map(hi));
        (a.0.min(b.0), a.1.min(b.1), a.0.max(b.0), a.1.max(b.1))
    }

    /// Removes matches that are the same pattern at the same place proposing the same
    /// moves (a pattern with wildcards can match one place in two orientations).
    ///
    /// Two placements of a pattern cover the same points exactly when their boxes are
    /// equal and the symmetry from one to the other maps the pattern's support onto
    /// itself; they propose the same moves when it also maps the candidates onto
    /// themselves. So a match is identified by its pattern, its box and the coset of its
    /// symmetry modulo those symmetries (computed when the set is built), without
    /// listing its points.
    ///
    /// Only matches of a pattern that may coincide with itself and that matched more
    /// than once can have a twin: those are found with a bitmap over the patterns
    /// (`seen`, scratch space) and only they are sorted; the others keep their order.
    pub(crate) fn dedup(&self, matches: &mut Vec<Match>, seen: &mut Vec<u64>) {
        // Per pattern, two bits: matched once (first half), matched again (second half).
        let words = self.patterns.len().div_ceil(64);
        seen.clear();
        seen.resize(2 * words, 0);
        let mut repeated = false;
        for m in matches.iter() {
            let p = m.pattern.index();
            if !self.compiled[p].may_coincide {
                continue;
            }
            let (w, b) = (p / 64, 1u64 << (p % 64));
            if seen[w] & b != 0 {
                seen[words + w] |= b;
                repeated = true;
            } else {
                seen[w] |= b;
            }
        }
        if !repeated {
            return;
        }
        let twins = |m: &Match| {
            let p = m.pattern.index();
            seen[words + p / 64] >> (p % 64) & 1 == 1
        };
        // One 64-bit key per match that may have a twin: the pattern (18 bits), the box
        // (4 × 8 bits, offset so that coordinates off the board stay positive) and the
        // coset (3 bits).
        let key = |m: &Match| {
            let compiled = &self.compiled[m.pattern.index()];
            let coset = compiled.coset[symmetry_index(m.placement.symmetry())];
            let (a, b, c, d) = self.support_box(m);
            let byte = |v: i32| u64::from((v + 64).clamp(0, 255) as u8);
            (m.pattern.0 as u64) << 35
                | byte(a) << 27
                | byte(b) << 19
                | byte(c) << 11
                | byte(d) << 3
                | u64::from(coset)
        };
        let mut keyed: Vec<(u64, Match)> =
            matches.iter().filter(|m| twins(m)).map(|m| (key(m), *m)).collect();
        matches.retain(|m| !twins(m));
        keyed.sort_unstable_by_key(|k| k.0);
        keyed.dedup_by_key(|k| k.0);
        matches.extend(keyed.into_iter().map(|(_, m)| m));
    }

    /// Whether the rest of a pattern holds where its cells match: the pickup and the
    /// residual condition.
    pub(crate) fn accepts(
        &self,
        pattern: usize,
        placement: Placement,
        input: &MatchInput<'_>,
        oracle: &dyn BoardOracle,
    ) -> bool {
        let ir = &self.patterns[pattern];
        let compiled = &self.compiled[pattern];
        if ir.pickup.is_none() && compiled.residual.is_none() {
            return true;
        }
        let ctx = Ctx::new(input, oracle, placement);
        if let Some(p) = &ir.pickup
            && ctx.eval_bool(p) != Some(true)
        {
            return false;
        }
        match &compiled.residual {
            Some(r) => ctx.eval_bool(r) == Some(true),
            None => true,
        }
    }

    /// The patterns whose time allows the input.
    pub(crate) fn active(&self, input: &MatchInput<'_>) -> Active {
        if self.timed.is_empty() {
            return Active { all: true, bits: Vec::new() };
        }
        let mut bits = vec![u64::MAX; self.patterns.len().div_ceil(64)];
        for &p in &self.timed {
            if !time_allows(&self.patterns[p as usize].time, input) {
                bits[p as usize / 64] &= !(1 << (p % 64));
            }
        }
        Active { all: false, bits }
    }

    /// The variants of `kind` whose cells match with the anchor at grid index `a`
    /// (perspective `persp`: 0 black is friend, 1 white; `keys` the anchor's keys in that
    /// perspective), among those with a reach of at least `min_reach` whose signature
    /// meets `changed` (see [`cell_bit`]; `u64::MAX` for all).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn mask_hits(
        &self,
        grid: &[u8],
        a: usize,
        keys: Keys,
        persp: usize,
        kind: usize,
        min_reach: u8,
        changed: u64,
        out: &mut Vec<u32>,
    ) {
        let index = &self.indexes[kind];
        if index.is_empty() {
            return;
        }
        for bucket in [index.full.bucket(keys.full), index.ortho.bucket(keys.ortho)] {
            for e in bucket {
                if e.reach < min_reach {
                    break;
                }
                if e.cells & changed == 0 {
                    continue;
                }
                let first = &e.first;
                if grid[a.wrapping_add_signed(isize::from(first.off))] & first.masks[persp] == 0 {
                    continue;
                }
                let rest = &self.checks[e.rest as usize..e.rest as usize + usize::from(e.rest_len)];
                if rest
                    .iter()
                    .all(|c| grid[a.wrapping_add_signed(isize::from(c.off))] & c.masks[persp] != 0)
                {
                    out.push(e.variant);
                }
            }
        }
    }

    /// The largest reach of the variants indexed under `keys` (one perspective), of
    /// either kind: a change farther from the anchor changes none of its matches.
    #[inline]
    pub(crate) fn reach_bound(&self, keys: Keys) -> u8 {
        let mut bound = 0;
        for index in self.indexes.iter().filter(|i| !i.is_empty()) {
            for bucket in [index.full.bucket(keys.full), index.ortho.bucket(keys.ortho)] {
                // Buckets are sorted by decreasing reach.
                if let Some(e) = bucket.first() {
                    bound = bound.max(e.reach);
                }
            }
        }
        bound
    }

    /// The placement of a variant anchored at board coordinates `a`.
    pub(crate) fn placement(&self, v: u32, a: (i32, i32)) -> Placement {
        let variant = &self.variants[v as usize];
        Placement::new(variant.symmetry, (a.0 - variant.anchor.0, a.1 - variant.anchor.1))
    }

    /// The largest reach of any variant.
    pub(crate) fn max_reach(&self) -> u8 {
        self.variants.iter().map(|v| v.reach).max().unwrap_or(0)
    }
}

/// Grid offsets of the 8 neighbours in code order.
const KEY_OFFSETS: [isize; 8] = {
    let mut out = [0isize; 8];
    let mut k = 0;
    while k < 8 {
        out[k] = NEIGHBOURS[k].0 as isize + NEIGHBOURS[k].1 as isize * STRIDE as isize;
        k += 1;
    }
    out
};

/// The index keys of an anchor in one perspective: the full key (the 8 neighbours, then
/// the anchor) and the orthogonal key (the 4 orthogonal neighbours, then the anchor).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Keys {
    full: usize,
    ortho: usize,
}

impl Keys {
    /// The keys of the anchor at grid index `a` with black as friend.
    #[inline]
    pub(crate) fn at(grid: &[u8], a: usize) -> Keys {
        let lut = &KEY_LUT[0];
        let code = |off: isize| usize::from(lut[usize::from(grid[a.wrapping_add_signed(off)])]);
        let centre = code(0);
        let mut full = 0usize;
        for (k, &off) in KEY_OFFSETS.iter().enumerate() {
            full |= code(off) << (2 * k);
        }
        Keys { full: full | centre << 16, ortho: ortho_key(full) | centre << 8 }
    }

    /// The keys with white as friend: the friend and enemy codes (1 and 2) of every
    /// 2-bit field swapped, empty (0) and off the board (3) unchanged.
    #[inline]
    pub(crate) fn swapped(self) -> Keys {
        let swap = |v: usize, low_bits: usize| {
            let differ = (v ^ (v >> 1)) & low_bits;
            v ^ (differ | differ << 1)
        };
        Keys { full: swap(self.full, 0x1_5555), ortho: swap(self.ortho, 0x155) }
    }

    /// The keys in perspective `persp` (0: black is friend, 1: white).
    #[inline]
    pub(crate) fn of(grid: &[u8], a: usize, persp: usize) -> Keys {
        let keys = Keys::at(grid, a);
        if persp == 0 { keys } else { keys.swapped() }
    }
}

/// The places, in the order of the code, of the 4 orthogonal neighbours.
const ORTHO: [usize; 4] = [1, 3, 4, 6];

/// The key of the orthogonal table: the 2-bit fields of the 4 orthogonal neighbours of
/// a full code.
#[inline]
fn ortho_key(full: usize) -> usize {
    let mut key = 0;
    for (j, k) in ORTHO.iter().enumerate() {
        key |= (full >> (2 * k) & 3) << (2 * j);
    }
    key
}

/// A variant goes into the full table when it needs at most this many entries there.
const FULL_ENTRIES: usize = 64;

/// One-hot grid cell to 2-bit code, for black as friend and for white as friend.
const KEY_LUT: [[u8; 16]; 2] = {
    let mut out = [[0u8; 16]; 2];
    out[0][EMPTY as usize] = 0;
    out[0][FRIEND as usize] = 1;
    out[0][ENEMY as usize] = 2;
    out[0][OFF as usize] = 3;
    out[1][EMPTY as usize] = 0;
    out[1][FRIEND as usize] = 2;
    out[1][ENEMY as usize] = 1;
    out[1][OFF as usize] = 3;
    out
};

/// The grid of a board: one-hot states with black as friend (bit 2) and white as enemy
/// (bit 4); everything off the board is `OFF`.
pub(crate) fn fill_grid(grid: &mut [u8], board: &go_board::Board) {
    grid.fill(OFF);
    let size = board.size();
    for p in size.points() {
        grid[grid_index(p.col() as usize, p.row() as usize)] = cell_of(board.color_at(p));
    }
}

#[inline]
pub(crate) fn cell_of(c: Option<Color>) -> u8 {
    match c {
        None => EMPTY,
        Some(Color::Black) => FRIEND,
        Some(Color::White) => ENEMY,
    }
}

/// Swaps the friend and enemy bits of a mask.
const fn swap_mask(m: u8) -> u8 {
    (m & (EMPTY | OFF)) | ((m & FRIEND) << 1) | ((m & ENEMY) >> 1)
}

/// Reusable buffers for full scans of a [`PatternSet`] (no allocation per scan once
/// warmed up).
#[derive(Clone, Debug)]
pub struct Scanner {
    grid: Box<[u8]>,
    hits: Vec<u32>,
    seen: Vec<u64>,
    size: Option<go_board::BoardSize>,
}

impl Scanner {
    /// Finds every match of the move patterns and the sequence patterns for the side to
    /// move, each once, and appends them to `out`.
    pub fn scan(
        &mut self,
        set: &PatternSet,
        input: &MatchInput<'_>,
        oracle: &dyn BoardOracle,
        out: &mut Vec<Match>,
    ) {
        self.scan_kind(set, input, oracle, None, out);
    }

    /// Like [`Scanner::scan`], for the patterns of one kind only.
    pub fn scan_kind(
        &mut self,
        set: &PatternSet,
        input: &MatchInput<'_>,
        oracle: &dyn BoardOracle,
        kind: Option<PatternKind>,
        out: &mut Vec<Match>,
    ) {
        let board = input.board;
        fill_grid(&mut self.grid, board);
        self.size = Some(board.size());
        let active = set.active(input);
        let persp = input.to_move.index();
        let start = out.len();
        let kinds: &[usize] = match kind {
            None => &[0, 1],
            Some(PatternKind::Move) => &[0],
            Some(PatternKind::Sequence) => &[1],
        };
        for p in board.size().points() {
            let (col, row) = (p.col() as usize, p.row() as usize);
            let a = grid_index(col, row);
            let keys = Keys::of(&self.grid, a, persp);
            for &k in kinds {
                self.hits.clear();
                set.mask_hits(&self.grid, a, keys, persp, k, 0, u64::MAX, &mut self.hits);
                for &v in &self.hits {
                    let pattern = set.variants[v as usize].pattern as usize;
                    if !active.allows(pattern) {
                        continue;
                    }
                    let placement = set.placement(v, (col as i32, row as i32));
                    if set.accepts(pattern, placement, input, oracle) {
                        out.push(Match { pattern: PatternId(pattern as u32), placement });
                    }
                }
            }
        }
        let mut found = out.split_off(start);
        set.dedup(&mut found, &mut self.seen);
        out.extend(found);
    }
}

/// Compiles a checked program.
pub(crate) fn build(
    program: Program,
    warnings: Vec<Diagnostic>,
    source: &str,
    limits: &Limits,
) -> Result<PatternSet, Error> {
    let mut errors = Vec::new();
    let mut compiled = Vec::with_capacity(program.patterns.len());
    let mut variants: Vec<Variant> = Vec::new();
    let mut checks: Vec<CellCheck> = Vec::new();
    for (i, p) in program.patterns.iter().enumerate() {
        let (cells, residual) = match lower_cells(p) {
            Ok(x) => x,
            Err(message) => {
                errors.push(Diagnostic::new(Severity::Error, source, p.span, message));
                compiled.push(Compiled {
                    cells: BTreeMap::new(),
                    residual: None,
                    group: Vec::new(),
                    stabiliser: Vec::new(),
                    variants: (0, 0),
                    support_box: ((0, 0), (0, 0)),
                    may_coincide: false,
                    coset: [0; 8],
                });
                continue;
            }
        };
        let group: Vec<Symmetry> = if p.symmetric {
            Symmetry::ALL.to_vec()
        } else {
            Symmetry::ALL.into_iter().filter(|&s| is_rotation(s)).collect()
        };
        // Group the symmetries by the pattern they give.
        let mut classes: Vec<(Form, Symmetry)> = Vec::new();
        let mut stabiliser = Vec::new();
        let identity_form = form(p, &cells, residual.as_ref(), Symmetry::IDENTITY);
        for &g in &group {
            let f = if g == Symmetry::IDENTITY {
                identity_form.clone()
            } else {
                form(p, &cells, residual.as_ref(), g)
            };
            if f == identity_form {
                stabiliser.push(g);
            }
            if !classes.iter().any(|(c, _)| *c == f) {
                classes.push((f, g));
            }
        }
        let first = variants.len() as u32;
        for (_, g) in classes {
            if variants.len() >= limits.max_variants {
                errors.push(Diagnostic::new(
                    Severity::Error,
                    source,
                    p.span,
                    format!("more variants than the limit of {}", limits.max_variants),
                ));
                return Err(Error::new(errors));
            }
            variants.push(make_variant(i as u32, g, &cells, &mut checks));
        }
        let lo = p.support.iter().fold((i32::MAX, i32::MAX), |m, q| (m.0.min(q.0), m.1.min(q.1)));
        let hi = p.support.iter().fold((i32::MIN, i32::MIN), |m, q| (m.0.max(q.0), m.1.max(q.1)));
        // The support and the candidate points under `g`, up to a translation.
        let normalised = |g: Symmetry| {
            let mut v: Vec<FramePoint> = p.support.iter().map(|&q| g.apply_offset(q)).collect();
            let min = v.iter().fold((i32::MAX, i32::MAX), |m, q| (m.0.min(q.0), m.1.min(q.1)));
            let shift = |q: FramePoint| (q.0 - min.0, q.1 - min.1);
            for q in &mut v {
                *q = shift(*q);
            }
            v.sort_unstable();
            let mut moves = Vec::new();
            tree_points(&p.roots, &mut |q| moves.push(shift(g.apply_offset(q))));
            moves.sort_unstable();
            (v, moves)
        };
        let base = normalised(Symmetry::IDENTITY);
        // The symmetries that map the support onto itself (up to a translation) and the
        // moves of its trees onto themselves: two placements related by one of them
        // cover the same points and propose the same moves (a corner pattern whose
        // candidate, or a later move of its sequence, is off its diagonal proposes
        // different moves in its two reflections, even when its support, an empty
        // corner, is symmetric).
        let invariant: Vec<Symmetry> =
            Symmetry::ALL.into_iter().filter(|&h| normalised(h) == base).collect();
        let may_coincide = invariant.len() > 1;
        let mut coset = [0u8; 8];
        for (k, g) in Symmetry::ALL.into_iter().enumerate() {
            // The coset {g ∘ h}: named by its smallest member.
            coset[k] =
                invariant.iter().map(|&h| symmetry_index(h.then(g)) as u8).min().unwrap_or(k as u8);
        }
        compiled.push(Compiled {
            cells,
            residual,
            group,
            stabiliser,
            variants: (first, variants.len() as u32),
            support_box: (lo, hi),
            may_coincide,
            coset,
        });
    }
    if !errors.is_empty() {
        let mut all = errors;
        all.extend(warnings);
        return Err(Error::new(all));
    }
    let mut indexes = [Index::default(), Index::default()];
    for (k, index) in indexes.iter_mut().enumerate() {
        let want_sequence = k == 1;
        let members: Vec<u32> = (0..variants.len() as u32)
            .filter(|&v| {
                program.patterns[variants[v as usize].pattern as usize].is_sequence == want_sequence
            })
            .collect();
        match build_index(&variants, &compiled, &checks, &members, limits.max_index_entries) {
            Ok(i) => *index = i,
            Err(total) => {
                let span = program.patterns.first().map(|p| p.span).unwrap_or_default();
                return Err(Error::new(vec![Diagnostic::new(
                    Severity::Error,
                    source,
                    span,
                    format!(
                        "the neighbourhood index would need more than {total} entries (limit {})",
                        limits.max_index_entries
                    ),
                )]));
            }
        }
    }
    let reseed = crate::sequence::build_reseed(&program.patterns, &compiled);
    let timed = (0..program.patterns.len() as u32)
        .filter(|&i| !program.patterns[i as usize].time.is_empty())
        .collect();
    Ok(PatternSet {
        name: program.name,
        patterns: program.patterns,
        compiled,
        variants,
        checks,
        indexes,
        reseed,
        timed,
        warnings,
    })
}

/// Calls `f` on the point of every move of the trees `nodes` (tenuki replies too).
fn tree_points(nodes: &[SeqNode], f: &mut impl FnMut(FramePoint)) {
    for n in nodes {
        f(n.point);
        for r in &n.tenuki {
            f(r.point);
        }
        tree_points(&n.children, f);
    }
}

/// The place of a symmetry in `Symmetry::ALL`.
#[inline]
fn symmetry_index(s: Symmetry) -> usize {
    // The transform of (1, 2) names the symmetry; no two symmetries agree on it.
    match s.apply_offset((1, 2)) {
        (1, 2) => 0,
        (-1, 2) => 1,
        (1, -2) => 2,
        (-1, -2) => 3,
        (2, 1) => 4,
        (-2, 1) => 5,
        (2, -1) => 6,
        _ => 7,
    }
}

/// Whether a symmetry is a rotation (keeps the orientation).
fn is_rotation(s: Symmetry) -> bool {
    let (a, b) = (s.apply_offset((1, 0)), s.apply_offset((0, 1)));
    a.0 * b.1 - a.1 * b.0 == 1
}

/// Splits the condition into cell constraints and the rest.
fn lower_cells(p: &PatternIr) -> Result<(BTreeMap<FramePoint, u8>, Option<Ir>), String> {
    let mut cells: BTreeMap<FramePoint, u8> = p.diagram.clone();
    let add =
        |cells: &mut BTreeMap<FramePoint, u8>, point: FramePoint, mask: u8| -> Result<(), String> {
            let cell = cells.entry(point).or_insert(ANY);
            let before = *cell;
            *cell &= mask;
            if *cell == 0 {
                return Err(format!(
                    "the pattern can never match: {} must be {} and {}",
                    frame_point_text(point),
                    state_text(before),
                    state_text(mask)
                ));
            }
            Ok(())
        };
    for (&q, &m) in &p.place_cells {
        add(&mut cells, q, m)?;
    }
    for root in &p.roots {
        add(&mut cells, root.point, ON_BOARD)?;
    }
    let parts: Vec<Ir> = match &p.condition {
        None => Vec::new(),
        Some(Ir::And(parts)) => parts.clone(),
        Some(other) => vec![other.clone()],
    };
    let mut rest = Vec::new();
    for part in parts {
        match &part {
            Ir::StateIs(q, m) if matches!(**q, Ir::Point(_)) => {
                let Ir::Point(q) = **q else { unreachable!() };
                add(&mut cells, q, *m)?;
            }
            Ir::Not(inner) if matches!(&**inner, Ir::StateIs(q, _) if matches!(**q, Ir::Point(_))) =>
            {
                let Ir::StateIs(q, m) = &**inner else { unreachable!() };
                let Ir::Point(q) = **q else { unreachable!() };
                add(&mut cells, q, ANY & !m)?;
            }
            Ir::StatesAre(s, m) if matches!(**s, Ir::Set(_)) => {
                let Ir::Set(s) = &**s else { unreachable!() };
                for &q in s {
                    add(&mut cells, q, *m)?;
                }
            }
            Ir::Bool(true) => {}
            Ir::Bool(false) => {
                return Err("the pattern can never match: its condition is false".to_owned());
            }
            _ => rest.push(part),
        }
    }
    // Cheapest first; evaluation has no side effects, so the order does not change the
    // value.
    rest.sort_by_key(Ir::cost);
    let residual = match rest.len() {
        0 => None,
        1 => rest.pop(),
        _ => Some(Ir::And(rest)),
    };
    Ok((cells, residual))
}

/// A pattern transformed by a symmetry and moved so that its support starts at the
/// origin: two symmetries give equal forms exactly when they give the same pattern.
#[derive(Clone, Debug, PartialEq)]
struct Form {
    cells: Vec<(FramePoint, u8)>,
    support: Vec<FramePoint>,
    pickup: Option<Ir>,
    residual: Option<Ir>,
    roots: Vec<NodeForm>,
}

#[derive(Clone, Debug, PartialEq)]
struct NodeForm {
    point: FramePoint,
    intent: Intent,
    weight: u64,
    tenuki: Vec<(FramePoint, Intent, u64)>,
    tarea: Vec<FramePoint>,
    guard: Option<Ir>,
    children: Vec<NodeForm>,
}

fn form(
    p: &PatternIr,
    cells: &BTreeMap<FramePoint, u8>,
    residual: Option<&Ir>,
    g: Symmetry,
) -> Form {
    let mut support: Vec<FramePoint> = p.support.iter().map(|&q| g.apply_offset(q)).collect();
    let min = support.iter().fold((i32::MAX, i32::MAX), |m, q| (m.0.min(q.0), m.1.min(q.1)));
    let map = |q: FramePoint| {
        let (x, y) = g.apply_offset(q);
        (x - min.0, y - min.1)
    };
    let offset = |d: (i32, i32)| g.apply_offset(d);
    for q in &mut support {
        *q = (q.0 - min.0, q.1 - min.1);
    }
    support.sort_unstable();
    let mut cells: Vec<(FramePoint, u8)> = cells.iter().map(|(&q, &m)| (map(q), m)).collect();
    cells.sort_unstable();
    fn nodes(
        ns: &[SeqNode],
        p: &PatternIr,
        map: &impl Fn(FramePoint) -> FramePoint,
        offset: &impl Fn((i32, i32)) -> (i32, i32),
    ) -> Vec<NodeForm> {
        let mut out: Vec<NodeForm> = ns
            .iter()
            .map(|n| {
                let mut tenuki: Vec<(FramePoint, Intent, u64)> =
                    n.tenuki.iter().map(|r| (map(r.point), r.intent, r.weight.to_bits())).collect();
                tenuki.sort_by_key(|t| (t.0, t.1, t.2));
                let mut tarea: Vec<FramePoint> =
                    p.tareas[n.tarea].iter().map(|&q| map(q)).collect();
                tarea.sort_unstable();
                NodeForm {
                    point: map(n.point),
                    intent: n.intent,
                    weight: n.weight.to_bits(),
                    tenuki,
                    tarea,
                    guard: n.guard.as_ref().map(|g| g.map(map, offset)),
                    children: nodes(&n.children, p, map, offset),
                }
            })
            .collect();
        out.sort_by_cached_key(|n| format!("{n:?}"));
        out
    }
    Form {
        cells,
        support,
        pickup: p.pickup.as_ref().map(|x| x.map(&map, &offset)),
        residual: residual.map(|x| x.map(&map, &offset)),
        roots: nodes(&p.roots, p, &map, &offset),
    }
}

/// The mask of the cell at offset `d` from `q` (absent cells admit everything).
fn mask_at(transformed: &HashMap<FramePoint, u8>, q: FramePoint, (dx, dy): (i32, i32)) -> u8 {
    transformed.get(&(q.0 + dx, q.1 + dy)).copied().unwrap_or(ANY)
}

/// The offsets of a key's cells: the 8 neighbours in code order, or the 4 orthogonal
/// ones; the anchor itself is the last field of both keys.
fn key_cells(full: bool) -> Vec<(i32, i32)> {
    if full { NEIGHBOURS.to_vec() } else { ORTHO.iter().map(|&k| NEIGHBOURS[k]).collect() }
}

/// The number of entries of a variant anchored at `q` in a table.
fn entries(transformed: &HashMap<FramePoint, u8>, q: FramePoint, full: bool) -> usize {
    key_cells(full)
        .into_iter()
        .chain([(0, 0)])
        .map(|d| mask_at(transformed, q, d).count_ones() as usize)
        .product()
}

/// Whether a variant anchored at `q` goes into the full table (else the orthogonal one).
fn full_keyed(transformed: &HashMap<FramePoint, u8>, q: FramePoint) -> bool {
    entries(transformed, q, true) <= FULL_ENTRIES
}

/// How often, roughly, a point of a board shows a key that a variant anchored at `q`
/// accepts: the product over the key's cells of the share of points in an allowed
/// state (about half the points of a game are empty, a fifth of each colour, edges
/// are rare). Lower is more selective: fewer variants to try per point.
fn key_frequency(transformed: &HashMap<FramePoint, u8>, q: FramePoint, full: bool) -> f64 {
    let share = |m: u8| {
        [(EMPTY, 0.55), (FRIEND, 0.2), (ENEMY, 0.2), (OFF, 0.05)]
            .iter()
            .filter(|(b, _)| m & b != 0)
            .map(|(_, p)| p)
            .sum::<f64>()
    };
    key_cells(full).into_iter().chain([(0, 0)]).map(|d| share(mask_at(transformed, q, d))).product()
}

/// Builds the variant of `pattern` for `g`: chooses the anchor and the checks.
fn make_variant(
    pattern: u32,
    g: Symmetry,
    cells: &BTreeMap<FramePoint, u8>,
    checks: &mut Vec<CellCheck>,
) -> Variant {
    let transformed: HashMap<FramePoint, u8> =
        cells.iter().map(|(&q, &m)| (g.apply_offset(q), m)).collect();
    // The reach of an anchor: the farthest cell that constrains anything (a change at a
    // wildcard cannot change a match).
    let reach_of = |q: FramePoint| {
        transformed
            .iter()
            .filter(|&(_, &m)| m != ANY)
            .map(|(p, _)| (p.0 - q.0).abs().max((p.1 - q.1).abs()))
            .max()
            .unwrap_or(0)
    };
    // The anchor: the on-board cell that minimises the expected work of an incremental
    // update, how often a board shows its key (in the full table if the key takes few
    // entries there) times the anchors within its reach of a changed point, (2r + 1)²;
    // ties go to the smallest point, for determinism.
    let mut best: Option<(f64, FramePoint)> = None;
    for (&q, &m) in &transformed {
        if m & OFF != 0 {
            continue;
        }
        let full = full_keyed(&transformed, q);
        let side = f64::from(2 * reach_of(q) + 1);
        let score = key_frequency(&transformed, q, full) * side * side;
        if best.is_none_or(|(b, bq)| score < b || (score == b && q < bq)) {
            best = Some((score, q));
        }
    }
    let (_, anchor) = best.expect("every pattern has its candidates as on-board cells");
    let full = full_keyed(&transformed, anchor);
    let mut list: Vec<(u8, i16, u8)> = Vec::new();
    let mut reach = 0u8;
    // The anchor is always constrained (on the board).
    let mut signature = cell_bit(0, 0);
    for (&q, &m) in &transformed {
        let (dx, dy) = (q.0 - anchor.0, q.1 - anchor.1);
        if m != ANY {
            reach = reach.max(dx.unsigned_abs().max(dy.unsigned_abs()) as u8);
            signature |= cell_bit(dx, dy);
        }
        // The key's cells (the anchor among them) are checked by the index lookup.
        let neighbour = dx.abs() <= 1 && dy.abs() <= 1;
        let orthogonal = dx.abs() + dy.abs() <= 1;
        if (full && neighbour) || orthogonal {
            continue;
        }
        if m == ANY {
            continue;
        }
        let off = (dx as isize + dy as isize * STRIDE as isize) as i16;
        // Most selective first: a single stone state, then a single other state.
        let rank = match m {
            FRIEND | ENEMY => 0,
            EMPTY | OFF => 1,
            _ => 2 + (m.count_ones() as u8),
        };
        list.push((rank, off, m));
    }
    list.sort_unstable();
    let start = checks.len() as u32;
    checks.extend(list.into_iter().map(|(_, off, m)| CellCheck { off, masks: [m, swap_mask(m)] }));
    Variant {
        pattern,
        symmetry: g,
        anchor,
        checks: (start, checks.len() as u32),
        reach,
        cells: signature,
    }
}

/// Builds the index of `members`; `Err(entries)` when it would exceed `limit` entries.
fn build_index(
    variants: &[Variant],
    compiled: &[Compiled],
    checks: &[CellCheck],
    members: &[u32],
    limit: usize,
) -> Result<Index, usize> {
    let mut full: Vec<Vec<u32>> = vec![Vec::new(); 1 << 18];
    let mut ortho: Vec<Vec<u32>> = vec![Vec::new(); 1 << 10];
    let mut total = 0usize;
    for &v in members {
        let variant = &variants[v as usize];
        let cells = &compiled[variant.pattern as usize].cells;
        let g = variant.symmetry;
        let transformed: HashMap<FramePoint, u8> =
            cells.iter().map(|(&q, &m)| (g.apply_offset(q), m)).collect();
        let a = variant.anchor;
        let is_full = full_keyed(&transformed, a);
        // Each key field's allowed 2-bit values, the anchor last.
        let choices: Vec<Vec<usize>> = key_cells(is_full)
            .into_iter()
            .chain([(0, 0)])
            .map(|d| {
                let m = mask_at(&transformed, a, d);
                [(EMPTY, 0usize), (FRIEND, 1), (ENEMY, 2), (OFF, 3)]
                    .iter()
                    .filter(|(b, _)| m & b != 0)
                    .map(|&(_, c)| c)
                    .collect()
            })
            .collect();
        let mut codes = vec![0usize];
        for (j, ch) in choices.iter().enumerate() {
            codes =
                codes.iter().flat_map(|&c| ch.iter().map(move |&x| c | (x << (2 * j)))).collect();
        }
        for code in codes {
            if is_full {
                // Only neighbourhoods a board can show.
                if Neighbourhood::from_code((code & 0xffff) as u32).is_none() {
                    continue;
                }
                full[code].push(v);
            } else {
                ortho[code].push(v);
            }
            total += 1;
            if total > limit {
                return Err(total);
            }
        }
    }
    Ok(Index {
        full: Table::build(variants, checks, full),
        ortho: Table::build(variants, checks, ortho),
    })
}
