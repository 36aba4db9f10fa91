//! Ladders: can a chain with one or two liberties be chased to its capture by ataris
//! alone?
//!
//! The hunter only ever plays a liberty of the prey (an atari); the prey only extends on
//! its liberty or captures a hunter chain in atari next to it. The prey escapes when it
//! reaches three liberties (or two with the prey to move). That is GNU Go's
//! `simple_ladder` and Fuego's `GoLadder`: no depth limit, so a capture is a proof, and a
//! ladder breaker, a snapback, a hunter's self-atari or a ko on the way are read as they
//! come. A capture that needs a banned ko retake follows the threat balance of
//! [`Outcome`] (an illegal-ko capture makes the ladder ko-dependent).
//!
//! The reader is iterative (an explicit stack in the [`LadderScratch`]), allocation-free
//! once the scratch exists, and plays on go-board's [`Board`] (a move and its undo cost
//! about 40 ns). It keeps the prey's liberties and the hunter chains in atari next to the
//! prey from ply to ply instead of scanning the prey, so a ply costs the same at the end
//! of a board-crossing ladder as at its start. Explicit caps on the plies of a line and
//! on the nodes of a read ([`Ladder::with_limits`]; 1,000 and 20,000 by default) bound
//! every read; reaching one counts as an escape that is not certain.
//!
//! # Examples
//!
//! ```
//! use go_board::{Board, Move, Point};
//! use go_eval::reading::ladder::{Ladder, LadderScratch, LadderStatus};
//! use go_eval::reading::Outcome;
//!
//! // White's C3 has two liberties and nothing breaks the ladder.
//! let mut board = Board::from_diagram(
//!     "
//!     . . . . . . .
//!     . . . . . . .
//!     . . . . . . .
//!     . . . X . . .
//!     . X O . . . .
//!     . . X . . . .
//!     . . . . . . .
//!     ",
//! )?;
//! let c3 = Point::parse_gtp("C3", board.size())?;
//! let ladder = Ladder::new();
//! let mut scratch = LadderScratch::new();
//! let answer = ladder.capture(&mut board, c3, &mut scratch);
//! assert_eq!(answer.outcome, Outcome::Win);
//! assert_eq!(answer.point, Some(Move::Play(Point::parse_gtp("D3", board.size())?)));
//! // White to move escapes (it reaches three liberties at once).
//! assert!(matches!(ladder.status(&mut board, c3, &mut scratch), LadderStatus::Unsettled { .. }));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use go_board::{Board, ByColor, Color, Move, Point, Undo};

use super::balance::{Balance, Verdict, resolve};
use super::core::ko_key;
use super::table::{Stored, Table};
use super::{Answer, Outcome};

/// The status of a ladder prey for both sides to move (Fuego's interface).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LadderStatus {
    /// Captured even when the prey moves first; `capture` starts the ladder when the
    /// hunter moves first.
    Captured {
        /// The hunter's first move.
        capture: Point,
    },
    /// Captured when the hunter moves first (by `capture`), not when the prey moves
    /// first (by `escape`).
    Unsettled {
        /// The hunter's first move.
        capture: Point,
        /// The prey's escaping move.
        escape: Point,
    },
    /// Not captured in a ladder even when the hunter moves first.
    Escaped,
}

/// The ladder reader: only its move cap is a setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ladder {
    max_plies: u32,
    max_nodes: u64,
}

impl Default for Ladder {
    fn default() -> Ladder {
        Ladder::new()
    }
}

/// Which side moves in a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Hunter,
    Prey,
}

/// Candidate moves of a frame.
const FRAME_MOVES: usize = 8;

/// One ply of the explicit stack.
#[derive(Clone, Copy)]
struct Frame {
    side: Side,
    moves: [Point; FRAME_MOVES],
    n_moves: u8,
    next: u8,
    /// The undo record of the move being tried from this frame.
    undo: Option<Undo>,
    /// The prey's liberties when it has at most two.
    libs: [Point; 2],
    n_libs: u8,
    /// Hunter stones (one per chain) in atari next to the prey, at a prey frame.
    ataris: [Point; FRAME_MOVES],
    n_ataris: u8,
    /// Whether the prey's last move merged or captured, so that the next prey frame
    /// must scan for ataris.
    rescan: bool,
    /// The table key of a frame with a choice of moves (0 for a forced frame).
    key: u64,
    /// The position and the side to move, to find repetitions of the line.
    pos: u64,
}

impl Frame {
    fn new(side: Side) -> Frame {
        const FILLER: Point = match Point::from_index(27) {
            Some(p) => p,
            None => panic!("A1 is a point"),
        };
        let filler = FILLER;
        Frame {
            side,
            moves: [filler; FRAME_MOVES],
            n_moves: 0,
            next: 0,
            undo: None,
            libs: [filler; 2],
            n_libs: 0,
            ataris: [filler; FRAME_MOVES],
            n_ataris: 0,
            rescan: false,
            key: 0,
            pos: 0,
        }
    }

    fn push_move(&mut self, p: Point) {
        if (self.n_moves as usize) < FRAME_MOVES
            && !self.moves[..self.n_moves as usize].contains(&p)
        {
            self.moves[self.n_moves as usize] = p;
            self.n_moves += 1;
        }
    }
}

/// The stack of a ladder read and its table, reused from read to read.
#[derive(Clone)]
pub struct LadderScratch {
    frames: Vec<Frame>,
    /// Results of the frames with a choice of moves (branching ladders transpose).
    table: Table,
}

impl LadderScratch {
    /// An empty scratch; it grows to the move cap once and is reused.
    pub fn new() -> LadderScratch {
        LadderScratch { frames: Vec::new(), table: Table::new(1 << 8, 1 << 18) }
    }
}

impl Default for LadderScratch {
    fn default() -> LadderScratch {
        LadderScratch::new()
    }
}

impl core::fmt::Debug for LadderScratch {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("LadderScratch").field("capacity", &self.frames.capacity()).finish()
    }
}

/// What one boolean ladder search found.
#[derive(Clone, Copy, Debug)]
struct Found {
    /// Whether the side to move at the root reaches its goal.
    success: bool,
    /// Its first move.
    point: Option<Point>,
    capped: bool,
    ko: bool,
    nodes: u64,
}

/// One boolean ladder search under a threat balance.
struct Read<'a> {
    board: &'a mut Board,
    prey: Point,
    prey_color: Color,
    retake: ByColor<bool>,
    frames: &'a mut Vec<Frame>,
    table: Option<&'a mut Table>,
    max_plies: usize,
    max_nodes: u64,
    nodes: u64,
    ko: bool,
    /// The captures on the board at the root: no repetition without a capture since.
    root_captures: u32,
    /// A repetition decided something: nothing more is stored in the table.
    no_store: bool,
    /// What the table key mixes in besides the position, the ko ban and the side to
    /// move: who may retake and the prey (constant in a read).
    salt: u64,
}

impl Ladder {
    /// A ladder reader with the default move cap: 1,000 plies (a ladder cannot be longer
    /// than about twice the number of points of a 25×25 board).
    pub const fn new() -> Ladder {
        Ladder { max_plies: 1000, max_nodes: 20_000 }
    }

    /// A ladder reader that gives up (an escape, not certain) after `plies` plies on
    /// one line, or after `nodes` nodes in all (ladders with many breakers and
    /// captures branch at every ply).
    pub const fn with_limits(plies: u32, nodes: u64) -> Ladder {
        Ladder { max_plies: plies, max_nodes: nodes }
    }

    /// Hunter to move: can the chain on `prey` (one or two liberties) be captured in a
    /// ladder? The answer's point is the hunter's first move. A prey with three or more
    /// liberties, or no stone on `prey`, answers [`Outcome::Lose`].
    pub fn capture(&self, board: &mut Board, prey: Point, scratch: &mut LadderScratch) -> Answer {
        self.ask(board, prey, Side::Hunter, scratch)
    }

    /// Prey to move: can the chain on `prey` escape the ladder? The answer's point is the
    /// prey's first move. A prey with three or more liberties escapes without a move
    /// ([`Move::Pass`]); no stone on `prey` answers [`Outcome::Lose`].
    pub fn escape(&self, board: &mut Board, prey: Point, scratch: &mut LadderScratch) -> Answer {
        self.ask(board, prey, Side::Prey, scratch)
    }

    /// The status of the chain on `prey` for both sides to move, with a banned ko retake
    /// counted as impossible for both (ko-dependent ladders are [`LadderStatus::Unsettled`]
    /// or [`LadderStatus::Escaped`] here; [`Ladder::capture`] tells them apart).
    pub fn status(
        &self,
        board: &mut Board,
        prey: Point,
        scratch: &mut LadderScratch,
    ) -> LadderStatus {
        let hunter = self.capture(board, prey, scratch);
        let Some(Move::Play(capture)) = hunter.point.filter(|_| hunter.outcome == Outcome::Win)
        else {
            return LadderStatus::Escaped;
        };
        let prey_first = self.escape(board, prey, scratch);
        match prey_first.point {
            Some(Move::Play(escape)) if prey_first.outcome.is_success() => {
                LadderStatus::Unsettled { capture, escape }
            }
            _ => LadderStatus::Captured { capture },
        }
    }

    /// The main line of the ladder, the hunter moving first: the moves of a capture that
    /// the prey resists longest, or, when the prey escapes, its escape. Empty when the
    /// hunter has no ladder move. For display (GoGui's `var`).
    pub fn line(
        &self,
        board: &mut Board,
        prey: Point,
        scratch: &mut LadderScratch,
    ) -> Vec<(Color, Point)> {
        let Some(prey_color) = board.color_at(prey) else { return Vec::new() };
        let mut line = Vec::new();
        let mut undos = Vec::new();
        let mut side = Side::Hunter;
        while line.len() < self.max_plies as usize && board.color_at(prey) == Some(prey_color) {
            let answer = self.ask(board, prey, side, scratch);
            let color = if side == Side::Hunter { !prey_color } else { prey_color };
            let p = match answer.point {
                Some(Move::Play(p)) if answer.outcome.is_success() => p,
                // The side to move fails: play its first candidate to show how.
                _ => match self.first_candidate(board, prey, side) {
                    Some(p) => p,
                    None => break,
                },
            };
            undos.push(board.play(color, p));
            line.push((color, p));
            side = if side == Side::Hunter { Side::Prey } else { Side::Hunter };
        }
        while let Some(u) = undos.pop() {
            board.undo(u);
        }
        line
    }

    /// The first legal candidate of the side to move (for [`Ladder::line`]).
    fn first_candidate(&self, board: &mut Board, prey: Point, side: Side) -> Option<Point> {
        let prey_color = board.color_at(prey)?;
        let mut frames = Vec::new();
        let mut read = Read {
            board,
            prey,
            prey_color,
            retake: ByColor::new(false, false),
            frames: &mut frames,
            table: None,
            max_plies: 2,
            max_nodes: 2,
            nodes: 0,
            ko: false,
            root_captures: 0,
            no_store: false,
            salt: 0,
        };
        let mut frame = Frame::new(side);
        read.full_liberties(&mut frame);
        if side == Side::Prey {
            read.scan_ataris(&mut frame);
        }
        read.generate(&mut frame);
        (frame.n_moves > 0).then(|| frame.moves[0])
    }

    /// The threat balance of one question.
    fn ask(
        &self,
        board: &mut Board,
        prey: Point,
        side: Side,
        scratch: &mut LadderScratch,
    ) -> Answer {
        let Some(prey_color) = board.color_at(prey) else { return Answer::lose(0) };
        let mover = match side {
            Side::Hunter => !prey_color,
            Side::Prey => prey_color,
        };
        if side == Side::Prey && board.liberty_count(prey) >= 3 {
            return Answer {
                outcome: Outcome::Win,
                point: Some(Move::Pass),
                certain: true,
                nodes: 1,
            };
        }
        let mut nodes = 0;
        let max_plies = self.max_plies as usize;
        scratch.table.new_query();
        let (outcome, point, certain) = resolve(|balance: Balance| {
            let retake = ByColor::new_with(|c| balance.may_retake(c == mover));
            let mut read = Read {
                board: &mut *board,
                prey,
                prey_color,
                retake,
                frames: &mut scratch.frames,
                table: Some(&mut scratch.table),
                max_plies,
                max_nodes: self.max_nodes,
                nodes: 0,
                ko: false,
                root_captures: 0,
                no_store: false,
                salt: 0,
            };
            read.root_captures = read.captures();
            let found = read.run(side);
            nodes += found.nodes;
            Verdict {
                success: found.success,
                point: found.point,
                certain: !found.capped,
                ko: found.ko,
            }
        });
        Answer { outcome, point: point.map(Move::Play), certain, nodes }
    }
}

impl Read<'_> {
    /// The stones captured on the board so far, both colours.
    #[inline]
    fn captures(&self) -> u32 {
        self.board.captures()[Color::Black] + self.board.captures()[Color::White]
    }

    /// Whether `color` may play on `p` in this read (a banned ko retake only when the
    /// balance lets `color` retake).
    #[inline]
    fn playable(&mut self, color: Color, p: Point) -> bool {
        if !self.board.is_empty_at(p) {
            return false;
        }
        if self.board.ko() == Some((p, color)) {
            self.ko = true;
            return self.retake[color];
        }
        !self.board.is_suicide(color, p)
    }

    /// The prey's liberties (the first two), recomputed from the board.
    fn full_liberties(&self, frame: &mut Frame) {
        frame.n_libs = 0;
        for q in &self.board.liberties(self.prey) {
            if frame.n_libs == 2 {
                break;
            }
            frame.libs[frame.n_libs as usize] = q;
            frame.n_libs += 1;
        }
    }

    /// Every hunter chain in atari next to the prey, by a scan of the prey's neighbours.
    fn scan_ataris(&self, frame: &mut Frame) {
        frame.n_ataris = 0;
        let hunter = !self.prey_color;
        let touching = self.board.chain_stones(self.prey).adjacent(self.board.stones(hunter));
        for q in &touching {
            if self.board.liberty_count(q) == 1 {
                add_atari(self.board, frame, q);
            }
        }
    }

    /// The candidate moves of a frame whose liberties and ataris are known.
    fn generate(&mut self, frame: &mut Frame) {
        frame.n_moves = 0;
        let libs = self.board.liberty_count(self.prey);
        let hunter = !self.prey_color;
        match frame.side {
            Side::Hunter => {
                if libs == 1 {
                    let l = frame.libs[0];
                    if self.playable(hunter, l) {
                        frame.push_move(l);
                    }
                } else if libs == 2 {
                    // Atari on a, unless the prey extending on b surely gets 3 liberties.
                    let (a, b) = (frame.libs[0], frame.libs[1]);
                    // The bound of each atari, counted once.
                    let bound = |board: &Board, atari: Point, ext: Point| {
                        board.empty_neighbours(ext).filter(|&q| q != atari).count()
                    };
                    let mut order = [(a, bound(self.board, a, b)), (b, bound(self.board, b, a))];
                    if order[1].1 < order[0].1 {
                        order.swap(0, 1);
                    }
                    for (atari, k) in order {
                        if k < 3 && self.playable(hunter, atari) {
                            frame.push_move(atari);
                        }
                    }
                }
            }
            Side::Prey if self.board.color_at(self.prey) != Some(self.prey_color) => {
                // The ko retake `settled` allowed.
                let p = self.prey;
                if self.playable(self.prey_color, p) {
                    frame.push_move(p);
                }
            }
            Side::Prey => {
                for k in 0..frame.n_ataris as usize {
                    let q = frame.ataris[k];
                    if let Some(l) = self.board.liberties(q).first()
                        && self.playable(self.prey_color, l)
                    {
                        frame.push_move(l);
                    }
                }
                if libs <= 2 {
                    for k in 0..(frame.n_libs as usize).min(libs) {
                        let l = frame.libs[k];
                        if self.playable(self.prey_color, l) {
                            frame.push_move(l);
                        }
                    }
                }
            }
        }
    }

    /// Whether the frame is decided without a move: returns the result for the side to
    /// move in it.
    fn settled(&mut self, side: Side) -> Option<bool> {
        if self.board.color_at(self.prey) != Some(self.prey_color) {
            // The hunter captured the prey; a one-stone prey taken by a ko capture may
            // retake at once if this read lets it (`generate` offers the retake).
            if side == Side::Prey && self.board.ko() == Some((self.prey, self.prey_color)) {
                self.ko = true;
                if self.retake[self.prey_color] {
                    return None;
                }
            }
            return Some(side == Side::Hunter);
        }
        let libs = self.board.liberty_count(self.prey);
        match side {
            Side::Hunter => (libs >= 3).then_some(false),
            Side::Prey => (libs >= 3).then_some(true),
        }
    }

    /// Reads the ladder with `side` to move at the root.
    fn run(&mut self, side: Side) -> Found {
        self.salt = self.salt();
        let mut root = Frame::new(side);
        root.pos = self.key(side);
        self.full_liberties(&mut root);
        if side == Side::Prey {
            self.scan_ataris(&mut root);
        }
        self.frames.clear();
        self.frames.push(root);
        self.nodes = 1;
        let mut capped = false;
        // The result of the frame just finished, for the side that moved in it.
        let root = self.frames[0];
        if let Some(r) = self.settled(root.side) {
            return Found { success: r, point: None, capped, ko: self.ko, nodes: 1 };
        }
        {
            let mut f = self.frames[0];
            self.generate(&mut f);
            self.frames[0] = f;
        }
        let mut child_result: Option<bool> = None;
        loop {
            // The frames are used in place (a frame is about 100 bytes).
            let depth = self.frames.len() - 1;
            // Take back the move tried from this frame and look at its result.
            if let Some(undo) = self.frames[depth].undo.take() {
                self.board.undo(undo);
                // The child's result is for the other side: a success for the side to
                // move here is a failure of the child.
                if child_result == Some(false) {
                    // This side succeeds with the move it tried.
                    let frame = &self.frames[depth];
                    let tried = frame.moves[frame.next as usize - 1];
                    if let Some(found) = self.settle(true, Some(tried), capped) {
                        return found;
                    }
                    child_result = Some(true);
                    continue;
                }
            }
            let frame = &mut self.frames[depth];
            if frame.next >= frame.n_moves {
                // Every move failed: this side fails.
                if let Some(found) = self.settle(false, None, capped) {
                    return found;
                }
                child_result = Some(false);
                continue;
            }
            // Try the next move.
            let m = frame.moves[frame.next as usize];
            frame.next += 1;
            let side = frame.side;
            let color = match side {
                Side::Hunter => !self.prey_color,
                Side::Prey => self.prey_color,
            };
            let prey_len = self.board.chain_len(self.prey);
            if side == Side::Hunter && prey_len >= 2 && self.board.liberty_count(self.prey) == 1 {
                // The hunter fills the prey's last liberty (its only ladder move then):
                // the prey is captured, and a capture of two or more stones is never a
                // ko. The move counts as a node as if it were played, but the board is
                // spared taking the whole prey off and putting it back.
                self.nodes += 1;
                if let Some(found) = self.settle(true, Some(m), capped) {
                    return found;
                }
                child_result = Some(true);
                continue;
            }
            let undo = self.board.play(color, m);
            self.nodes += 1;
            child_result = self.open_child(depth, side, m, undo.removed(), prey_len, &mut capped);
            // Stored once the child is opened, when `play`'s stores to the record have
            // completed (a copy made at once waits for them; a small cost here).
            self.frames[depth].undo = Some(undo);
        }
    }

    /// After the move `m` of the frame at `depth` (whose side is `side`): the result of
    /// the child position for its side to move if it is decided without a search, else
    /// `None` with the child's frame pushed, filled in place (a frame built aside and
    /// copied in, about 100 bytes written field by field just before, made every node
    /// wait for its stores).
    #[inline(always)]
    fn open_child(
        &mut self,
        depth: usize,
        side: Side,
        m: Point,
        removed: usize,
        prey_len: usize,
        capped: &mut bool,
    ) -> Option<bool> {
        let child_side = match side {
            Side::Hunter => Side::Prey,
            Side::Prey => Side::Hunter,
        };
        if let Some(r) = self.settled(child_side) {
            return Some(r);
        }
        let pos = self.key(child_side);
        if self.captures() != self.root_captures && self.frames.iter().any(|f| f.pos == pos) {
            // The line repeats a position (through captures, as in a ko cycle): the side
            // that recreated it fails. The result depends on the line, so nothing more
            // of this read is stored.
            self.no_store = true;
            return Some(true);
        }
        if self.frames.len() >= self.max_plies || self.nodes >= self.max_nodes {
            // Out of plies: the prey is taken to escape.
            *capped = true;
            return Some(child_side == Side::Prey);
        }
        let mut child = Frame::new(child_side);
        child.pos = pos;
        self.frames.push(child);
        let mut frames = core::mem::take(&mut *self.frames);
        let (older, newest) = frames.split_at_mut(depth + 1);
        self.prepare(older, &mut newest[0], m, removed, prey_len);
        self.generate(&mut newest[0]);
        *self.frames = frames;
        let n_moves = self.frames[depth + 1].n_moves;
        if n_moves == 0 {
            // No move: the side to move fails (a prey that cannot move is captured; a
            // hunter without a ladder move lets it go).
            self.frames.pop();
            return Some(false);
        }
        if n_moves >= 2
            && let Some(table) = self.table.as_deref()
        {
            let key = self.key(child_side);
            if !self.no_store
                && let Some(stored) = table.get(key)
            {
                self.frames.pop();
                return Some(stored.success);
            }
            self.frames[depth + 1].key = key;
        }
        None
    }

    /// The table key of the position with `side` to move.
    #[inline]
    fn key(&self, side: Side) -> u64 {
        let side = if side == Side::Hunter { 0x7f4a_7c15_9e37_79b9 } else { 0 };
        self.board.hash() ^ ko_key(self.board) ^ side ^ self.salt
    }

    /// The part of the key that is constant in a read (see `salt`).
    fn salt(&self) -> u64 {
        let retake =
            u64::from(self.retake[Color::Black]) << 40 | u64::from(self.retake[Color::White]) << 41;
        retake ^ (self.prey.index() as u64).wrapping_mul(0xd6e8_feb8_6659_fd93)
    }

    /// Ends the top frame's search with `success` for its side to move (stored in the
    /// table); at the root, the answer, with `point` the move that succeeded.
    #[inline(always)]
    fn settle(&mut self, success: bool, point: Option<Point>, capped: bool) -> Option<Found> {
        let key = self.frames.pop().expect("a frame").key;
        self.store(key, success);
        let found = Found { success, point, capped, ko: self.ko, nodes: self.nodes };
        self.frames.is_empty().then_some(found)
    }

    /// Stores the result of a frame with a choice of moves (`key` 0: a forced frame,
    /// not stored).
    fn store(&mut self, key: u64, success: bool) {
        if key != 0
            && !self.no_store
            && let Some(table) = self.table.as_deref_mut()
        {
            let stored = Stored { success, point: 0, certain: true, ko: false, ply: 0 };
            table.put(key, stored);
        }
    }

    /// Fills the liberties and ataris of `child`, the frame after its parent's move `m`,
    /// which removed `removed` stones. `older` is the stack of frames above `child`, its
    /// parent last.
    fn prepare(
        &self,
        older: &[Frame],
        child: &mut Frame,
        m: Point,
        removed: usize,
        prey_len: usize,
    ) {
        let parent = older.last().expect("a child has a parent");
        let board = &*self.board;
        let hunter = !self.prey_color;
        match parent.side {
            Side::Hunter => {
                // The hunter filled one of the prey's two liberties: the other remains,
                // unless the move captured something.
                if removed == 0 && parent.n_libs == 2 {
                    child.libs[0] =
                        if parent.libs[0] == m { parent.libs[1] } else { parent.libs[0] };
                    child.n_libs = 1;
                } else {
                    self.full_liberties(child);
                }
                let grand = older.len().checked_sub(2).map(|i| &older[i]);
                let Some(grand) = grand.filter(|_| removed == 0 && !parent.rescan) else {
                    // A capture, a merge, or the root: nothing is known, scan.
                    self.scan_ataris(child);
                    return;
                };
                // Ataris: those of the prey frame two plies up that still stand, the
                // chains next to the prey's last stone, and the hunter's new stone.
                for &q in &grand.ataris[..grand.n_ataris as usize] {
                    if board.color_at(q) == Some(hunter) && board.liberty_count(q) == 1 {
                        add_atari(board, child, q);
                    }
                }
                let last = grand.moves[grand.next as usize - 1];
                for q in last.neighbours(board.size()) {
                    if board.color_at(q) == Some(hunter) && board.liberty_count(q) == 1 {
                        add_atari(board, child, q);
                    }
                }
                if board.liberty_count(m) == 1 {
                    add_atari(board, child, m);
                }
            }
            Side::Prey => {
                // The prey extended or captured: without a merge or a capture its new
                // liberties are its old ones but `m` (a prey moving first may have two)
                // and the empty neighbours of the new stone.
                let merged = board.chain_len(self.prey) != prey_len + 1;
                child.rescan = merged || removed > 0;
                if child.rescan {
                    self.full_liberties(child);
                } else {
                    child.n_libs = 0;
                    for &q in &parent.libs[..parent.n_libs as usize] {
                        if q != m {
                            child.libs[child.n_libs as usize] = q;
                            child.n_libs += 1;
                        }
                    }
                    for q in board.empty_neighbours(m) {
                        if child.n_libs < 2 && !child.libs[..child.n_libs as usize].contains(&q) {
                            child.libs[child.n_libs as usize] = q;
                            child.n_libs += 1;
                        }
                    }
                }
            }
        }
    }
}

/// Adds the hunter chain on `q` (in atari) to the frame's ataris, once per chain.
fn add_atari(board: &Board, frame: &mut Frame, q: Point) {
    let id = board.chain_id(q);
    if frame.ataris[..frame.n_ataris as usize].iter().any(|&a| board.chain_id(a) == id) {
        return;
    }
    if (frame.n_ataris as usize) < FRAME_MOVES {
        frame.ataris[frame.n_ataris as usize] = q;
        frame.n_ataris += 1;
    }
}

#[cfg(test)]
mod tests;
