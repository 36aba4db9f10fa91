//! A deliberately naive implementation of the rules of Go, written independently of
//! go-board's internals so that the two can be compared.
//!
//! Everything is recomputed from scratch: the board is a `Vec<Option<Color>>`, chains
//! and liberties come from a flood fill, superko compares the whole board with every
//! earlier board, undo restores a full snapshot, and scoring walks every empty region.
//! It talks to the rest of the tests only through go-board's vocabulary types
//! (`BoardSize`, `Point`, `Color`, `Move`). Speed is not a goal; being obviously right is.

use go_board::{BoardSize, Color, Move, Point};

/// The ko rule of the reference game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ko {
    /// Only the immediate recapture of a single stone in a ko is forbidden.
    Simple,
    /// No move may recreate an earlier board.
    Positional,
    /// No move may recreate an earlier board with the same player to move.
    Situational,
}

/// Why the reference refuses a move, in the order the checks are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Two consecutive passes ended the game.
    GameOver,
    /// The point is not on this board.
    OffBoard,
    /// The point holds a stone.
    Occupied,
    /// The immediate recapture of a ko.
    Ko,
    /// The move leaves its own chain without liberties and the rules forbid it (always
    /// for a single stone).
    Suicide,
    /// The board after the move equals an earlier one (with the same player to move,
    /// for situational superko).
    Superko,
}

/// A board: one cell per point, row-major from the bottom-left corner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Grid {
    pub(crate) cols: usize,
    pub(crate) rows: usize,
    pub(crate) cells: Vec<Option<Color>>,
}

/// What placing a stone did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Placed {
    /// Opponent stones removed.
    pub(crate) captured: Vec<usize>,
    /// Own stones removed because the chain had no liberty left.
    pub(crate) suicided: Vec<usize>,
}

impl Grid {
    pub(crate) fn new(size: BoardSize) -> Grid {
        let (cols, rows) = (size.cols() as usize, size.rows() as usize);
        Grid { cols, rows, cells: vec![None; cols * rows] }
    }

    pub(crate) fn len(&self) -> usize {
        self.cells.len()
    }

    /// The cell index of a point, or `None` if the point is off this board.
    pub(crate) fn index_of(&self, p: Point) -> Option<usize> {
        let (c, r) = (p.col() as usize, p.row() as usize);
        (c < self.cols && r < self.rows).then_some(r * self.cols + c)
    }

    /// The point of a cell index.
    pub(crate) fn point(&self, i: usize) -> Point {
        let size = BoardSize::new(self.cols as u32, self.rows as u32).unwrap();
        Point::new((i % self.cols) as u8, (i / self.cols) as u8, size).unwrap()
    }

    pub(crate) fn get(&self, i: usize) -> Option<Color> {
        self.cells[i]
    }

    /// The orthogonal neighbours of cell `i` that are on the board.
    pub(crate) fn neighbours(&self, i: usize) -> Vec<usize> {
        let (c, r) = (i % self.cols, i / self.cols);
        let mut out = Vec::with_capacity(4);
        if c > 0 {
            out.push(i - 1);
        }
        if c + 1 < self.cols {
            out.push(i + 1);
        }
        if r > 0 {
            out.push(i - self.cols);
        }
        if r + 1 < self.rows {
            out.push(i + self.cols);
        }
        out
    }

    /// The diagonal neighbours of cell `i` that are on the board, and whether any
    /// diagonal falls off the board.
    pub(crate) fn diagonals(&self, i: usize) -> (Vec<usize>, bool) {
        let (c, r) = ((i % self.cols) as isize, (i / self.cols) as isize);
        let mut out = Vec::new();
        let mut off = false;
        for (dc, dr) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
            let (nc, nr) = (c + dc, r + dr);
            if nc < 0 || nr < 0 || nc >= self.cols as isize || nr >= self.rows as isize {
                off = true;
            } else {
                out.push(nr as usize * self.cols + nc as usize);
            }
        }
        (out, off)
    }

    /// The cells connected to `i` through cells of the same content, `i` included
    /// (for a stone: its chain; for an empty cell: its empty region). Sorted.
    pub(crate) fn flood(&self, i: usize) -> Vec<usize> {
        let content = self.cells[i];
        let mut seen = vec![false; self.len()];
        let mut stack = vec![i];
        seen[i] = true;
        let mut out = Vec::new();
        while let Some(j) = stack.pop() {
            out.push(j);
            for n in self.neighbours(j) {
                if !seen[n] && self.cells[n] == content {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// The empty cells adjacent to a set of cells. Sorted, without repeats.
    pub(crate) fn liberties_of(&self, cells: &[usize]) -> Vec<usize> {
        let mut libs: Vec<usize> = cells
            .iter()
            .flat_map(|&s| self.neighbours(s))
            .filter(|&n| self.cells[n].is_none())
            .collect();
        libs.sort_unstable();
        libs.dedup();
        libs
    }

    /// The liberties of the chain on cell `i` (which holds a stone).
    pub(crate) fn liberties(&self, i: usize) -> Vec<usize> {
        self.liberties_of(&self.flood(i))
    }

    /// Puts a stone of `color` on the empty cell `i` and resolves it the Tromp-Taylor
    /// way: first every opponent chain without liberties is removed, then the mover's
    /// own chain if it has none. No legality check at all.
    pub(crate) fn place(&mut self, color: Color, i: usize) -> Placed {
        assert!(self.cells[i].is_none(), "reference: place on an occupied cell");
        self.cells[i] = Some(color);
        let mut placed = Placed::default();
        for n in self.neighbours(i) {
            if self.cells[n] == Some(!color) && self.liberties(n).is_empty() {
                for s in self.flood(n) {
                    self.cells[s] = None;
                    placed.captured.push(s);
                }
            }
        }
        if self.liberties(i).is_empty() {
            for s in self.flood(i) {
                self.cells[s] = None;
                placed.suicided.push(s);
            }
        }
        placed.captured.sort_unstable();
        placed
    }

    /// Whether every chain has a liberty.
    pub(crate) fn is_valid(&self) -> bool {
        (0..self.len()).all(|i| self.cells[i].is_none() || !self.liberties(i).is_empty())
    }

    /// Tromp-Taylor: for each colour, its stones plus the empty points from which only
    /// stones of that colour can be reached through empty points.
    pub(crate) fn area(&self) -> [u32; 2] {
        let mut score = [0u32; 2];
        for i in 0..self.len() {
            match self.cells[i] {
                Some(c) => score[c.index()] += 1,
                None => {
                    if let Some(c) = self.sole_owner(i) {
                        score[c.index()] += 1;
                    }
                }
            }
        }
        score
    }

    /// The colour that the empty region of cell `i` reaches, if it reaches only one.
    pub(crate) fn sole_owner(&self, i: usize) -> Option<Color> {
        let region = self.flood(i);
        let mut reach = [false; 2];
        for &j in &region {
            for n in self.neighbours(j) {
                if let Some(c) = self.cells[n] {
                    reach[c.index()] = true;
                }
            }
        }
        match reach {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        }
    }
}

/// A snapshot of everything a move changes, for undo.
#[derive(Clone, Debug)]
struct Snapshot {
    grid: Grid,
    to_move: Color,
    captures: [u32; 2],
    ko: Option<(usize, Color)>,
    passes: u32,
    history_len: usize,
    moves: usize,
}

/// A game under the reference rules.
#[derive(Clone, Debug)]
pub(crate) struct Game {
    pub(crate) ko_rule: Ko,
    /// Whether a chain of two or more stones may remove itself.
    pub(crate) suicide: bool,
    pub(crate) grid: Grid,
    pub(crate) to_move: Color,
    /// Stones removed by each colour's moves; a suicide counts for the opponent.
    pub(crate) captures: [u32; 2],
    /// The point where the given colour may not play at once (simple ko).
    pub(crate) ko: Option<(usize, Color)>,
    /// Consecutive passes at the end of the game record.
    pub(crate) passes: u32,
    /// Every board since the last setup with the player to move, the current one last.
    pub(crate) history: Vec<(Vec<Option<Color>>, Color)>,
    /// The moves played (since the start).
    pub(crate) moves: Vec<(Color, Move)>,
    /// The passes `resume` cleared, until the next move, undo or setup: taking back the
    /// move that follows a resume gives the finished game back.
    before_resume: Option<u32>,
    undo: Vec<Snapshot>,
}

impl Game {
    pub(crate) fn new(size: BoardSize, ko_rule: Ko, suicide: bool) -> Game {
        let grid = Grid::new(size);
        let history = vec![(grid.cells.clone(), Color::Black)];
        Game {
            ko_rule,
            suicide,
            grid,
            to_move: Color::Black,
            captures: [0; 2],
            ko: None,
            passes: 0,
            history,
            moves: Vec::new(),
            before_resume: None,
            undo: Vec::new(),
        }
    }

    /// Gives the move to `color`. The current entry of the superko history is the
    /// current position, so it takes the new side to move too (SGF `PL` after setup).
    pub(crate) fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
        self.history.last_mut().expect("the current position").1 = color;
    }

    /// Whether a move can be taken back (there is one since the last setup).
    pub(crate) fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub(crate) fn is_over(&self) -> bool {
        self.passes >= 2
    }

    pub(crate) fn resume(&mut self) {
        if self.passes > 0 {
            self.before_resume = Some(self.passes);
        }
        self.passes = 0;
    }

    /// The board `color` playing on the empty cell `i` would leave, and what it removed.
    fn after(&self, color: Color, i: usize) -> (Grid, Placed) {
        let mut grid = self.grid.clone();
        let placed = grid.place(color, i);
        (grid, placed)
    }

    /// Whether `color` may play `mv` now, and if not, why.
    pub(crate) fn check(&self, color: Color, mv: Move) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        let Move::Play(p) = mv else { return Ok(()) };
        let Some(i) = self.grid.index_of(p) else { return Err(Refusal::OffBoard) };
        if self.grid.get(i).is_some() {
            return Err(Refusal::Occupied);
        }
        if self.ko == Some((i, color)) {
            return Err(Refusal::Ko);
        }
        let (grid, placed) = self.after(color, i);
        self.judge(color, &grid, &placed)
    }

    /// For an empty cell `i`: whether `color` may play there, whether it would be a
    /// suicide, and whether it would capture (one simulation for the three answers).
    pub(crate) fn examine(&self, color: Color, i: usize) -> (Result<(), Refusal>, bool, bool) {
        let (grid, placed) = self.after(color, i);
        let verdict = if self.is_over() {
            Err(Refusal::GameOver)
        } else if self.ko == Some((i, color)) {
            Err(Refusal::Ko)
        } else {
            self.judge(color, &grid, &placed)
        };
        (verdict, !placed.suicided.is_empty(), !placed.captured.is_empty())
    }

    /// The suicide and superko checks of `color`'s move that leaves `grid`.
    fn judge(&self, color: Color, grid: &Grid, placed: &Placed) -> Result<(), Refusal> {
        if !placed.suicided.is_empty() && (!self.suicide || placed.suicided.len() == 1) {
            return Err(Refusal::Suicide);
        }
        let repeated = match self.ko_rule {
            Ko::Simple => false,
            Ko::Positional => self.history.iter().any(|(cells, _)| *cells == grid.cells),
            Ko::Situational => self
                .history
                .iter()
                .any(|(cells, to_move)| *cells == grid.cells && *to_move == !color),
        };
        if repeated {
            return Err(Refusal::Superko);
        }
        Ok(())
    }

    /// Plays `mv` for `color` if the rules allow it; the other colour is then to move.
    pub(crate) fn play(&mut self, color: Color, mv: Move) -> Result<(), Refusal> {
        self.check(color, mv)?;
        self.apply(color, mv);
        Ok(())
    }

    /// Plays `mv` for `color` without any legality check except that the point is
    /// empty (as the fast `Board` does): ko recaptures and suicides of any size happen.
    /// A move out of turn is [`Game::set_to_move`] and then the move: the current entry
    /// of the superko history takes `color` as its side to move (undone with the move).
    pub(crate) fn apply(&mut self, color: Color, mv: Move) {
        self.undo.push(Snapshot {
            grid: self.grid.clone(),
            to_move: self.to_move,
            captures: self.captures,
            ko: self.ko,
            passes: self.before_resume.take().unwrap_or(self.passes),
            history_len: self.history.len(),
            moves: self.moves.len(),
        });
        self.history.last_mut().expect("the current position").1 = color;
        self.ko = None;
        match mv {
            Move::Pass => self.passes += 1,
            Move::Play(p) => {
                self.passes = 0;
                let i = self.grid.index_of(p).unwrap();
                let placed = self.grid.place(color, i);
                self.captures[color.index()] += placed.captured.len() as u32;
                self.captures[(!color).index()] += placed.suicided.len() as u32;
                // A ko: one stone captured by a lone stone whose only liberty is the
                // point it just emptied.
                if let [q] = placed.captured[..]
                    && self.grid.flood(i).len() == 1
                    && self.grid.liberties(i) == [q]
                {
                    self.ko = Some((q, !color));
                }
            }
        }
        self.moves.push((color, mv));
        self.to_move = !color;
        self.history.push((self.grid.cells.clone(), self.to_move));
    }

    /// Takes back the last move since the last setup; false if there is none.
    pub(crate) fn undo(&mut self) -> bool {
        let Some(s) = self.undo.pop() else { return false };
        self.grid = s.grid;
        self.to_move = s.to_move;
        self.captures = s.captures;
        self.ko = s.ko;
        self.passes = s.passes;
        self.before_resume = None;
        self.history.truncate(s.history_len);
        self.history.last_mut().expect("the current position").1 = s.to_move;
        self.moves.truncate(s.moves);
        true
    }

    /// Setup: empties `empty`, then puts the black and white stones. Refused (and
    /// nothing changes) if a point is named twice, is off the board, or a chain ends up
    /// without liberties. Lifts the ko ban, resets the passes, and starts a new superko
    /// history; moves before it cannot be undone.
    pub(crate) fn setup(
        &mut self,
        black: &[Point],
        white: &[Point],
        empty: &[Point],
    ) -> Result<(), ()> {
        let mut grid = self.grid.clone();
        let mut named = vec![false; grid.len()];
        for (points, content) in
            [(empty, None), (black, Some(Color::Black)), (white, Some(Color::White))]
        {
            for &p in points {
                let i = grid.index_of(p).ok_or(())?;
                if named[i] && grid.cells[i] != content {
                    return Err(());
                }
                named[i] = true;
                grid.cells[i] = content;
            }
        }
        if !grid.is_valid() {
            return Err(());
        }
        self.grid = grid;
        self.ko = None;
        self.passes = 0;
        self.before_resume = None;
        self.history = vec![(self.grid.cells.clone(), self.to_move)];
        self.undo.clear();
        Ok(())
    }

    /// Every legal move of `color`: the legal points in index order, then the pass.
    pub(crate) fn legal_moves(&self, color: Color) -> Vec<Move> {
        let mut out: Vec<Move> = (0..self.grid.len())
            .map(|i| Move::Play(self.grid.point(i)))
            .chain([Move::Pass])
            .filter(|&m| self.check(color, m).is_ok())
            .collect();
        out.dedup();
        out
    }

    /// The number of positions reached by exactly `depth` moves from here, passes
    /// included, alternating from the side to move; the game ends after two passes.
    pub(crate) fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let color = self.to_move;
        let mut nodes = 0;
        for mv in self.legal_moves(color) {
            self.play(color, mv).expect("a legal move is accepted");
            nodes += self.perft(depth - 1);
            assert!(self.undo());
        }
        nodes
    }

    /// The light-playout eye: an empty point whose on-board neighbours are all stones
    /// of `color`, with fewer than two opponent diagonals, counting one more when a
    /// diagonal is off the board.
    pub(crate) fn is_simple_eye(&self, color: Color, i: usize) -> bool {
        if self.grid.get(i).is_some()
            || !self.grid.neighbours(i).iter().all(|&n| self.grid.get(n) == Some(color))
        {
            return false;
        }
        let (diagonals, off) = self.grid.diagonals(i);
        let enemies = diagonals.iter().filter(|&&d| self.grid.get(d) == Some(!color)).count();
        enemies + usize::from(off) < 2
    }
}

/// A count under the reference rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Count {
    /// The points of each colour before komi.
    pub(crate) points: [u32; 2],
    /// Prisoners: captures during play plus the opponent's dead stones.
    pub(crate) prisoners: [u32; 2],
}

/// Area scoring after removing the dead stones: stones plus sole-owner regions.
pub(crate) fn area_count(game: &Game, dead: &[Point]) -> Count {
    let mut grid = game.grid.clone();
    let prisoners = remove_dead(game, &mut grid, dead);
    Count { points: grid.area(), prisoners }
}

/// Territory scoring after removing the dead stones: sole-owner regions that touch no
/// stone of `seki`, plus prisoners.
pub(crate) fn territory_count(game: &Game, dead: &[Point], seki: &[Point]) -> Count {
    let mut grid = game.grid.clone();
    let prisoners = remove_dead(game, &mut grid, dead);
    let seki: Vec<usize> =
        seki.iter().filter_map(|&p| grid.index_of(p)).filter(|&i| grid.get(i).is_some()).collect();
    let mut points = prisoners;
    for i in 0..grid.len() {
        if grid.get(i).is_some() {
            continue;
        }
        if let Some(c) = grid.sole_owner(i) {
            let region = grid.flood(i);
            let touches_seki =
                region.iter().any(|&j| grid.neighbours(j).iter().any(|n| seki.contains(n)));
            if !touches_seki {
                points[c.index()] += 1;
            }
        }
    }
    Count { points, prisoners }
}

fn remove_dead(game: &Game, grid: &mut Grid, dead: &[Point]) -> [u32; 2] {
    let mut prisoners = game.captures;
    for &p in dead {
        if let Some(i) = grid.index_of(p)
            && let Some(c) = grid.get(i)
        {
            grid.cells[i] = None;
            prisoners[(!c).index()] += 1;
        }
    }
    prisoners
}
