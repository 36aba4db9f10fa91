//! What the ladder search asks of a position, and its two answers: go-board's [`Board`]
//! (the reference, kept for the tests) and [`Lean`], the ladder's own board.
//!
//! A [`Lean`] copies the colours of the points (one byte each, from the board's
//! bitboards) and reads the untouched chains from the caller's [`Board`] (never
//! modified): a chain's stones, liberty count and size are copied the first time a move
//! touches it (a stone played next to it, or a neighbour captured), and every later
//! change is written to a trail that a take-back rewinds. A move costs a few dozen
//! array writes and no scan of the board. Every answer is the one go-board would give (liberty
//! counts, captures, suicide, the simple-ko ban, the Zobrist hash), which the tests
//! check move by move and read by read.

use go_board::{Board, BoardSize, ByColor, Color, Point, PointSet, zobrist};

/// The questions the ladder search asks about a position, and the moves it plays.
pub(super) trait Position {
    /// What a take-back needs.
    type Undo: Copy;
    fn color_at(&self, p: Point) -> Option<Color>;
    fn is_empty_at(&self, p: Point) -> bool;
    /// The neighbours of `p` on the board, in the order of [`Point::neighbours`].
    fn neighbours_of(&self, p: Point) -> ([Point; 4], usize);
    /// The empty neighbours of `p` other than `except`.
    fn empty_neighbours_except(&self, p: Point, except: Point) -> usize;
    fn liberty_count(&self, p: Point) -> usize;
    fn chain_len(&self, p: Point) -> usize;
    /// A number naming the chain on the stone `p` (equal for stones of one chain).
    fn chain_key(&self, p: Point) -> usize;
    /// The first two liberties of the chain on `p`, by increasing index.
    fn first_liberties(&self, p: Point) -> ([Point; 2], usize);
    /// The stones of `hunter` next to the chain on `prey` whose chain is in atari, by
    /// increasing index.
    fn touching_ataris(&self, prey: Point, hunter: Color) -> PointSet;
    fn is_suicide(&self, color: Color, p: Point) -> bool;
    fn ko(&self) -> Option<(Point, Color)>;
    /// The Zobrist hash of the stones.
    fn hash(&self) -> u64;
    /// Stones captured so far (both colours), counted from some fixed origin.
    fn captures(&self) -> u32;
    fn play(&mut self, color: Color, p: Point) -> Self::Undo;
    fn undo(&mut self, undo: Self::Undo);
    /// The stones the move of `undo` removed.
    fn removed(undo: &Self::Undo) -> usize;
}

impl Position for Board {
    type Undo = go_board::Undo;

    fn color_at(&self, p: Point) -> Option<Color> {
        Board::color_at(self, p)
    }
    fn is_empty_at(&self, p: Point) -> bool {
        Board::is_empty_at(self, p)
    }
    fn neighbours_of(&self, p: Point) -> ([Point; 4], usize) {
        let mut out = [p; 4];
        let mut n = 0;
        for q in p.neighbours(Board::size(self)) {
            out[n] = q;
            n += 1;
        }
        (out, n)
    }
    fn empty_neighbours_except(&self, p: Point, except: Point) -> usize {
        p.neighbours(Board::size(self)).filter(|&q| q != except && self.is_empty_at(q)).count()
    }
    fn liberty_count(&self, p: Point) -> usize {
        Board::liberty_count(self, p)
    }
    fn chain_len(&self, p: Point) -> usize {
        Board::chain_len(self, p)
    }
    fn chain_key(&self, p: Point) -> usize {
        self.chain_id(p).map_or(0, |id| id.representative().index())
    }
    fn first_liberties(&self, p: Point) -> ([Point; 2], usize) {
        let mut out = [p; 2];
        let mut n = 0;
        for q in &self.liberties(p) {
            if n == 2 {
                break;
            }
            out[n] = q;
            n += 1;
        }
        (out, n)
    }
    fn touching_ataris(&self, prey: Point, hunter: Color) -> PointSet {
        let touching = self.chain_stones(prey).adjacent(self.stones(hunter));
        let mut out = PointSet::EMPTY;
        for q in &touching {
            if Board::liberty_count(self, q) == 1 {
                out.insert(q);
            }
        }
        out
    }
    fn is_suicide(&self, color: Color, p: Point) -> bool {
        Board::is_suicide(self, color, p)
    }
    fn ko(&self) -> Option<(Point, Color)> {
        Board::ko(self)
    }
    fn hash(&self) -> u64 {
        Board::hash(self)
    }
    fn captures(&self) -> u32 {
        let c = Board::captures(self);
        c[Color::Black] + c[Color::White]
    }
    fn play(&mut self, color: Color, p: Point) -> go_board::Undo {
        Board::play(self, color, p)
    }
    fn undo(&mut self, undo: go_board::Undo) {
        Board::undo(self, undo)
    }
    fn removed(undo: &go_board::Undo) -> usize {
        undo.removed()
    }
}

const EMPTY: u8 = 0;
const OFF: u8 = 3;

/// The code of a colour's stones.
#[inline]
const fn code(color: Color) -> u8 {
    match color {
        Color::Black => 1,
        Color::White => 2,
    }
}

#[inline]
const fn color_of(code: u8) -> Color {
    if code == 1 { Color::Black } else { Color::White }
}

/// The length of the arrays of a [`LeanMemory`]: a power of two above every index, so
/// that an index masked with `SLOTS - 1` needs no bounds check.
const SLOTS: usize = Point::INDEX_LIMIT.next_power_of_two();

/// An index into the arrays of a [`LeanMemory`].
#[inline]
const fn slot(i: usize) -> usize {
    i & (SLOTS - 1)
}

/// What a [`Lean`] writes, reused from read to read (allocated once, with the scratch).
#[derive(Clone)]
pub(super) struct LeanMemory {
    /// The point of every index (`None` for the padding).
    points: Box<[Option<Point>; SLOTS]>,
    /// The read that last wrote each entry; older entries are not valid.
    generation: u32,
    /// The cell codes (EMPTY, OFF or a colour code) of the position being read.
    cells: Box<[u8; SLOTS]>,
    /// The cells of an empty board of `template_size`.
    template: Box<[u8; SLOTS]>,
    template_size: Option<BoardSize>,
    /// The position `cells` holds between reads (every read takes its moves back), so
    /// that the next read on a similar board updates only the points that differ.
    synced: Option<(BoardSize, ByColor<PointSet>)>,
    chain_stamp: Box<[u32; SLOTS]>,
    head: Box<[u16; SLOTS]>,
    next: Box<[u16; SLOTS]>,
    /// Liberties and stones of the chain whose head is the index.
    libs: Box<[u16; SLOTS]>,
    stones: Box<[u16; SLOTS]>,
    /// The old values of the changes since the read began: (array, index, value).
    trail: Vec<u32>,
    /// The index distance between a point and the one above it.
    stride: usize,
    /// The stones of the position being read.
    pending: ByColor<PointSet>,
}

impl LeanMemory {
    pub(super) fn new() -> LeanMemory {
        let two = BoardSize::square(2).expect("a 2x2 board");
        LeanMemory {
            points: Box::new(core::array::from_fn(Point::from_index)),
            generation: 0,
            cells: Box::new([OFF; SLOTS]),
            template: Box::new([OFF; SLOTS]),
            template_size: None,
            synced: None,
            chain_stamp: Box::new([0; SLOTS]),
            head: Box::new([0; SLOTS]),
            next: Box::new([0; SLOTS]),
            libs: Box::new([0; SLOTS]),
            stones: Box::new([0; SLOTS]),
            trail: Vec::with_capacity(1024),
            stride: Point::must(0, 1, two).index() - Point::must(0, 0, two).index(),
            pending: ByColor::new(PointSet::EMPTY, PointSet::EMPTY),
        }
    }
}

/// The arrays of the trail.
const T_CELL: u32 = 0;
const T_HEAD: u32 = 1;
const T_NEXT: u32 = 2;
const T_LIBS: u32 = 3;
const T_STONES: u32 = 4;

/// The ladder's own board: the caller's board plus the changes of the line being read.
pub(super) struct Lean<'a> {
    board: &'a Board,
    mem: &'a mut LeanMemory,
    stride: usize,
    hash: u64,
    /// The simple-ko point (0 for none) and the colour that may not play there.
    ko: usize,
    ko_color: Color,
    captures: u32,
    /// Moves played and not taken back.
    outstanding: u32,
}

impl Drop for Lean<'_> {
    fn drop(&mut self) {
        if self.outstanding == 0 {
            // Every move was taken back: the cells hold the position read.
            self.mem.synced = Some((self.board.size(), self.mem.pending));
        }
    }
}

/// What [`Lean::undo`] needs.
#[derive(Clone, Copy, Debug)]
pub(super) struct LeanUndo {
    /// The point played.
    point: u16,
    mark: u32,
    hash: u64,
    ko: u16,
    ko_color: Color,
    captures: u32,
    removed: u16,
}

impl<'a> Lean<'a> {
    /// The position of `board`, read through `mem`.
    pub(super) fn new(board: &'a Board, mem: &'a mut LeanMemory) -> Lean<'a> {
        mem.generation = mem.generation.wrapping_add(1);
        if mem.generation == 0 {
            // After 2^32 reads: really clear, so that no stale stamp can match.
            mem.chain_stamp.fill(0);
            mem.generation = 1;
        }
        mem.trail.clear();
        let size = board.size();
        if mem.template_size != Some(size) {
            for (i, cell) in mem.template.iter_mut().enumerate() {
                let on = mem.points[i].is_some_and(|p| size.contains(p));
                *cell = if on { EMPTY } else { OFF };
            }
            mem.template_size = Some(size);
        }
        let stones = board.stones_by_color();
        match mem.synced.take() {
            Some((s, old)) if s == size => {
                for color in Color::ALL {
                    for p in old[color] ^ stones[color] {
                        mem.cells[slot(p.index())] = if stones[Color::Black].contains(p) {
                            code(Color::Black)
                        } else if stones[Color::White].contains(p) {
                            code(Color::White)
                        } else {
                            EMPTY
                        };
                    }
                }
            }
            _ => {
                mem.cells.copy_from_slice(&mem.template[..]);
                for color in Color::ALL {
                    for p in stones[color] {
                        mem.cells[slot(p.index())] = code(color);
                    }
                }
            }
        }
        mem.pending = stones;
        let stride = mem.stride;
        let (ko, ko_color) = match board.ko() {
            Some((p, c)) => (p.index(), c),
            None => (0, Color::Black),
        };
        Lean { board, mem, stride, hash: board.hash(), ko, ko_color, captures: 0, outstanding: 0 }
    }

    #[inline]
    fn point(&self, i: usize) -> Point {
        self.mem.points[slot(i)].expect("an index of a point")
    }

    #[inline]
    fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    /// The cell of index `i`: EMPTY, OFF or a colour code.
    #[inline]
    fn cell(&self, i: usize) -> u8 {
        self.mem.cells[slot(i)]
    }

    #[inline]
    fn is_stone(c: u8) -> bool {
        c == 1 || c == 2
    }

    #[inline]
    fn materialized(&self, i: usize) -> bool {
        self.mem.chain_stamp[slot(i)] == self.mem.generation
    }

    /// Copies the chain on the stone `i` from the board, if no move touched it yet.
    fn materialize(&mut self, i: usize) {
        if self.materialized(i) {
            return;
        }
        let p = self.point(i);
        let mut walk = self.board.chain_walk(p);
        let h = walk.next().expect("a stone").index();
        let g = self.mem.generation;
        let mut prev = h;
        self.mem.chain_stamp[slot(h)] = g;
        self.mem.head[slot(h)] = h as u16;
        for s in walk {
            let s = s.index();
            self.mem.chain_stamp[slot(s)] = g;
            self.mem.head[slot(s)] = h as u16;
            self.mem.next[slot(prev)] = s as u16;
            prev = s;
        }
        self.mem.next[slot(prev)] = h as u16;
        self.mem.libs[slot(h)] = self.board.liberty_count(p) as u16;
        self.mem.stones[slot(h)] = self.board.chain_len(p) as u16;
    }

    #[inline]
    fn log(&mut self, array: u32, i: usize, old: u16) {
        self.mem.trail.push(array << 26 | (i as u32) << 16 | u32::from(old));
    }

    #[inline]
    fn set_cell(&mut self, i: usize, c: u8) {
        let old = self.cell(i);
        self.log(T_CELL, i, u16::from(old));
        self.mem.cells[slot(i)] = c;
    }

    #[inline]
    fn set_head(&mut self, i: usize, v: usize) {
        self.log(T_HEAD, i, self.mem.head[slot(i)]);
        self.mem.head[slot(i)] = v as u16;
    }

    #[inline]
    fn set_next(&mut self, i: usize, v: usize) {
        self.log(T_NEXT, i, self.mem.next[slot(i)]);
        self.mem.next[slot(i)] = v as u16;
    }

    #[inline]
    fn set_libs(&mut self, i: usize, v: u16) {
        self.log(T_LIBS, i, self.mem.libs[slot(i)]);
        self.mem.libs[slot(i)] = v;
    }

    #[inline]
    fn set_stones(&mut self, i: usize, v: u16) {
        self.log(T_STONES, i, self.mem.stones[slot(i)]);
        self.mem.stones[slot(i)] = v;
    }

    /// Calls `f` on every stone of the chain on the stone `i`.
    #[inline]
    fn for_each_stone(&self, i: usize, mut f: impl FnMut(usize)) {
        if self.materialized(i) {
            let h = self.mem.head[slot(i)] as usize;
            let mut s = h;
            loop {
                f(s);
                s = self.mem.next[slot(s)] as usize;
                if s == h {
                    break;
                }
            }
        } else {
            for s in self.board.chain_walk(self.point(i)) {
                f(s.index());
            }
        }
    }

    /// Removes the chain with head `h`; the adjacent chains of colour code `captor` gain
    /// the liberties.
    fn remove_chain(&mut self, h: usize, captor: u8) {
        let color = color_of(3 - captor);
        let mut s = h;
        loop {
            let next = self.mem.next[slot(s)] as usize;
            self.set_cell(s, EMPTY);
            self.hash ^= zobrist::key(self.point(s), color);
            let mut seen = [0u16; 4];
            let mut n_seen = 0;
            for n in self.neighbours(s) {
                if self.cell(n) == captor {
                    self.materialize(n);
                    let nh = self.mem.head[slot(n)];
                    if !seen[..n_seen].contains(&nh) {
                        seen[n_seen] = nh;
                        n_seen += 1;
                        let l = self.mem.libs[slot(nh as usize)];
                        self.set_libs(nh as usize, l + 1);
                    }
                }
            }
            s = next;
            if s == h {
                break;
            }
        }
    }

    /// Merges the stone just played on `i` (its own chain) into the chain with head
    /// `base`; `fresh` when no earlier move of the read used the point's entries.
    fn merge_stone(&mut self, base: usize, i: usize, fresh: bool) {
        if !fresh {
            self.merge(base, i);
            return;
        }
        let b = base as u16;
        let mut gained = 0;
        for e in self.neighbours(i) {
            if self.cell(e) == EMPTY
                && !self.neighbours(e).iter().any(|&f| {
                    Self::is_stone(self.cell(f))
                        && self.materialized(f)
                        && self.mem.head[slot(f)] == b
                })
            {
                gained += 1;
            }
        }
        let mem = &mut *self.mem;
        mem.head[slot(i)] = b;
        let (libs, stones, nb) =
            (mem.libs[slot(base)], mem.stones[slot(base)], mem.next[slot(base)]);
        self.set_libs(base, libs + gained);
        self.set_stones(base, stones + 1);
        self.set_next(base, i);
        self.mem.next[slot(i)] = nb;
    }

    /// Merges the chain with head `other` into the one with head `base`.
    fn merge(&mut self, base: usize, other: usize) {
        let b = base as u16;
        let mut gained = 0;
        let mut s = other;
        loop {
            for e in self.neighbours(s) {
                if self.cell(e) == EMPTY
                    && !self.neighbours(e).iter().any(|&f| {
                        Self::is_stone(self.cell(f))
                            && self.materialized(f)
                            && self.mem.head[slot(f)] == b
                    })
                {
                    gained += 1;
                }
            }
            // Relabel after looking, so liberties shared within `other` count once.
            self.set_head(s, base);
            s = self.mem.next[slot(s)] as usize;
            if s == other {
                break;
            }
        }
        let libs = self.mem.libs[slot(base)];
        self.set_libs(base, libs + gained);
        let stones = self.mem.stones[slot(base)] + self.mem.stones[slot(other)];
        self.set_stones(base, stones);
        let (nb, no) = (self.mem.next[slot(base)] as usize, self.mem.next[slot(other)] as usize);
        self.set_next(base, no);
        self.set_next(other, nb);
    }
}

impl Position for Lean<'_> {
    type Undo = LeanUndo;

    #[inline]
    fn color_at(&self, p: Point) -> Option<Color> {
        let c = self.cell(p.index());
        Self::is_stone(c).then(|| color_of(c))
    }

    #[inline]
    fn is_empty_at(&self, p: Point) -> bool {
        self.cell(p.index()) == EMPTY
    }

    #[inline]
    fn neighbours_of(&self, p: Point) -> ([Point; 4], usize) {
        let mut out = [p; 4];
        let mut n = 0;
        for q in self.neighbours(p.index()) {
            if self.cell(q) != OFF {
                out[n] = self.point(q);
                n += 1;
            }
        }
        (out, n)
    }

    #[inline]
    fn empty_neighbours_except(&self, p: Point, except: Point) -> usize {
        let x = except.index();
        self.neighbours(p.index()).iter().filter(|&&q| q != x && self.cell(q) == EMPTY).count()
    }

    #[inline]
    fn liberty_count(&self, p: Point) -> usize {
        let i = p.index();
        if !Self::is_stone(self.cell(i)) {
            0
        } else if self.materialized(i) {
            self.mem.libs[slot(self.mem.head[slot(i)] as usize)] as usize
        } else {
            self.board.liberty_count(p)
        }
    }

    #[inline]
    fn chain_len(&self, p: Point) -> usize {
        let i = p.index();
        if !Self::is_stone(self.cell(i)) {
            0
        } else if self.materialized(i) {
            self.mem.stones[slot(self.mem.head[slot(i)] as usize)] as usize
        } else {
            self.board.chain_len(p)
        }
    }

    #[inline]
    fn chain_key(&self, p: Point) -> usize {
        let i = p.index();
        if !Self::is_stone(self.cell(i)) {
            0
        } else if self.materialized(i) {
            self.mem.head[slot(i)] as usize
        } else {
            self.board.chain_id(p).map_or(0, |id| id.representative().index())
        }
    }

    fn first_liberties(&self, p: Point) -> ([Point; 2], usize) {
        let i = p.index();
        if !Self::is_stone(self.cell(i)) {
            return ([p; 2], 0);
        }
        // The two smallest liberty indices.
        let (mut a, mut b) = (usize::MAX, usize::MAX);
        self.for_each_stone(i, |s| {
            for n in self.neighbours(s) {
                if n != a && n != b && self.cell(n) == EMPTY {
                    if n < a {
                        b = a;
                        a = n;
                    } else if n < b {
                        b = n;
                    }
                }
            }
        });
        match (a, b) {
            (usize::MAX, _) => ([p; 2], 0),
            (a, usize::MAX) => ([self.point(a), p], 1),
            (a, b) => ([self.point(a), self.point(b)], 2),
        }
    }

    fn touching_ataris(&self, prey: Point, hunter: Color) -> PointSet {
        let mut out = PointSet::EMPTY;
        let i = prey.index();
        if !Self::is_stone(self.cell(i)) {
            return out;
        }
        let h = code(hunter);
        if self.cell(i) == h {
            return out;
        }
        self.for_each_stone(i, |s| {
            for n in self.neighbours(s) {
                if self.cell(n) == h {
                    let q = self.point(n);
                    if self.liberty_count(q) == 1 {
                        out.insert(q);
                    }
                }
            }
        });
        out
    }

    fn is_suicide(&self, color: Color, p: Point) -> bool {
        let c = code(color);
        for n in self.neighbours(p.index()) {
            let cell = self.cell(n);
            if cell == EMPTY {
                return false;
            }
            if cell != OFF {
                let libs = self.liberty_count(self.point(n));
                if (cell == c) == (libs > 1) {
                    // An own chain with another liberty, or a capture.
                    return false;
                }
            }
        }
        true
    }

    #[inline]
    fn ko(&self) -> Option<(Point, Color)> {
        (self.ko != 0).then(|| (self.point(self.ko), self.ko_color))
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    #[inline]
    fn captures(&self) -> u32 {
        self.captures
    }

    fn play(&mut self, color: Color, p: Point) -> LeanUndo {
        let i = p.index();
        assert!(self.cell(i) == EMPTY, "Lean::play on an occupied or off-board point {p}");
        let mut undo = LeanUndo {
            point: i as u16,
            mark: self.mem.trail.len() as u32,
            hash: self.hash,
            ko: self.ko as u16,
            ko_color: self.ko_color,
            captures: self.captures,
            removed: 0,
        };
        self.ko = 0;
        self.outstanding += 1;
        let c = code(color);
        let o = 3 - c;
        // The point's own entries need a record only if an earlier move of this read
        // used them (a stone captured there may be put back).
        let fresh = !self.materialized(i);
        self.mem.cells[slot(i)] = c;
        self.hash ^= zobrist::key(p, color);
        let around = self.neighbours(i);
        let empties = around.iter().filter(|&&n| self.cell(n) == EMPTY).count() as u16;
        if fresh {
            let mem = &mut *self.mem;
            mem.chain_stamp[slot(i)] = mem.generation;
            mem.head[slot(i)] = i as u16;
            mem.next[slot(i)] = i as u16;
            mem.stones[slot(i)] = 1;
            mem.libs[slot(i)] = empties;
        } else {
            self.set_head(i, i);
            self.set_next(i, i);
            self.set_stones(i, 1);
            self.set_libs(i, empties);
        }

        let mut own = [0u16; 4];
        let mut own_len = 0;
        let mut seen = [0u16; 4];
        let mut seen_len = 0;
        let mut captured = 0u16;
        let mut captured_at = 0usize;
        for n in around {
            let cell = self.cell(n);
            if cell != c && cell != o {
                continue;
            }
            self.materialize(n);
            let h = self.mem.head[slot(n)];
            if seen[..seen_len].contains(&h) {
                continue;
            }
            seen[seen_len] = h;
            seen_len += 1;
            let l = self.mem.libs[slot(h as usize)] - 1;
            self.set_libs(h as usize, l);
            if cell == c {
                own[own_len] = h;
                own_len += 1;
            } else if l == 0 {
                captured += self.mem.stones[slot(h as usize)];
                captured_at = h as usize;
                self.remove_chain(h as usize, c);
            }
        }

        let mut base = i;
        if own_len > 0 {
            let mut largest = 0;
            for k in 1..own_len {
                if self.mem.stones[slot(own[k] as usize)]
                    > self.mem.stones[slot(own[largest] as usize)]
                {
                    largest = k;
                }
            }
            base = own[largest] as usize;
            self.merge_stone(base, i, fresh);
            for (k, &h) in own[..own_len].iter().enumerate() {
                if k != largest {
                    self.merge(base, h as usize);
                }
            }
        }

        if captured > 0 {
            self.captures += u32::from(captured);
            undo.removed = captured;
            if captured == 1 && base == i && self.mem.libs[slot(i)] == 1 {
                self.ko = captured_at;
                self.ko_color = color_of(o);
            }
        } else if self.mem.libs[slot(base)] == 0 {
            let lost = self.mem.stones[slot(base)];
            self.remove_chain(base, o);
            self.captures += u32::from(lost);
            undo.removed = lost;
        }
        undo
    }

    fn undo(&mut self, undo: LeanUndo) {
        let mem = &mut *self.mem;
        while mem.trail.len() > undo.mark as usize {
            let e = mem.trail.pop().expect("an entry above the mark");
            let i = (e >> 16 & 0x3ff) as usize;
            let v = (e & 0xffff) as u16;
            match e >> 26 {
                T_CELL => mem.cells[slot(i)] = v as u8,
                T_HEAD => mem.head[slot(i)] = v,
                T_NEXT => mem.next[slot(i)] = v,
                T_LIBS => mem.libs[slot(i)] = v,
                _ => mem.stones[slot(i)] = v,
            }
        }
        mem.cells[slot(undo.point as usize)] = EMPTY;
        self.outstanding -= 1;
        self.hash = undo.hash;
        self.ko = undo.ko as usize;
        self.ko_color = undo.ko_color;
        self.captures = undo.captures;
    }

    #[inline]
    fn removed(undo: &LeanUndo) -> usize {
        undo.removed as usize
    }
}
