//! The full-rules position: side to move, rules, superko history, game end, setup,
//! handicap, undo and scoring.

use core::fmt;

use crate::board::Undo;
use crate::handicap::{self, HandicapError};
use crate::score::{self, Score};
use crate::{Board, BoardSize, Color, KoRule, Move, Point, PointMap, PointSet, Rules, SetupError};

/// Why [`Position::try_play`] rejected a move. The position is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The point is not on this board.
    OffBoard,
    /// The point already holds a stone.
    Occupied,
    /// The move retakes a ko immediately.
    Ko,
    /// The move leaves its own chain without liberties, and the rules forbid that (a
    /// single-stone suicide is never legal).
    Suicide,
    /// The move recreates an earlier position, which the superko rule forbids.
    Superko,
    /// The game has ended (two consecutive passes); see [`Position::resume`].
    GameOver,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::OffBoard => "point off the board",
            IllegalMove::Occupied => "point occupied",
            IllegalMove::Ko => "illegal ko recapture",
            IllegalMove::Suicide => "suicide",
            IllegalMove::Superko => "position repeated (superko)",
            IllegalMove::GameOver => "the game is over",
        })
    }
}

impl std::error::Error for IllegalMove {}

/// An entry of a position's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Stones placed or removed outside the flow of play (handicap, SGF `AB`/`AW`/`AE`).
    Setup(Box<Setup>),
    /// A move played.
    Move(Color, Move),
}

/// A setup change: stones added for each colour and points cleared.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// Points that get a black stone.
    pub black: PointSet,
    /// Points that get a white stone.
    pub white: PointSet,
    /// Points that are emptied.
    pub empty: PointSet,
}

/// A state the superko rules compare against.
#[derive(Clone, Debug)]
struct Seen {
    hash: u64,
    to_move: Color,
    planes: [PointSet; 2],
}

#[derive(Clone, Debug)]
struct Played {
    undo: Undo,
    passes_before: u8,
    to_move_before: Color,
}

/// A game in progress under a rule set: a [`Board`] plus the side to move, the
/// [`Rules`], the history of moves and setup, the positions superko compares against,
/// and the end of the game after two consecutive passes.
///
/// It is the type that answers "is this move legal?": [`Position::try_play`] checks
/// occupancy, ko, suicide and superko, and leaves the position untouched when it
/// refuses. Superko is exact: a Zobrist hash hit is confirmed by comparing the stones.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, IllegalMove, Move, Point, Position, Rules};
/// let size = BoardSize::square(9)?;
/// let mut pos = Position::new(size, Rules::chinese());
/// let tengen = Move::Play(Point::parse_gtp("E5", size)?);
/// pos.try_play(tengen)?;
/// assert_eq!(pos.try_play(tengen), Err(IllegalMove::Occupied));
/// pos.try_play(Move::Pass)?;
/// pos.try_play(Move::Pass)?;
/// assert!(pos.is_over());
/// assert_eq!(pos.score(&Default::default()).to_string(), "B+73.5");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Position {
    board: Board,
    rules: Rules,
    to_move: Color,
    handicap: u32,
    passes: u8,
    /// The passes that ended the game when [`Position::resume`] let play go on, until
    /// the next move (so that taking that move back ends the game again).
    resumed: u8,
    history: Vec<Event>,
    played: Vec<Played>,
    /// States since the last setup, the current one last.
    seen: Vec<Seen>,
}

impl Position {
    /// An empty board of `size` with Black to move.
    pub fn new(size: BoardSize, rules: Rules) -> Position {
        let board = Board::new(size);
        let seen =
            vec![Seen { hash: board.hash(), to_move: Color::Black, planes: [PointSet::EMPTY; 2] }];
        Position {
            board,
            rules,
            to_move: Color::Black,
            handicap: 0,
            passes: 0,
            resumed: 0,
            history: Vec::new(),
            played: Vec::new(),
            seen,
        }
    }

    /// A position holding the stones of a diagram (see [`Board::from_diagram`] for the
    /// format) as setup stones, with Black to move.
    ///
    /// The stones are a setup, as from SGF `AB`/`AW`: the superko history starts with
    /// this position, there is no ko ban, no capture and no handicap. Change the side to
    /// move with [`Position::set_to_move`].
    ///
    /// # Errors
    ///
    /// [`SetupError::Diagram`] with the line and column of the bad text, as
    /// [`Board::from_diagram`] reports it.
    ///
    /// # Examples
    ///
    /// ```
    /// use go_board::{Color, Move, Position, Rules};
    /// let mut pos = Position::from_diagram(
    ///     "
    ///     . X O .
    ///     X O . O
    ///     . X O .
    ///     . . . .
    ///     ",
    ///     Rules::japanese(),
    /// )?;
    /// assert_eq!(pos.to_move(), Color::Black);
    /// pos.try_play(Move::parse_gtp("C3", pos.size())?)?; // captures B3
    /// assert_eq!(pos.board().captures()[Color::Black], 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_diagram(text: &str, rules: Rules) -> Result<Position, SetupError> {
        let board = Board::from_diagram(text)?;
        let mut position = Position::new(board.size(), rules);
        let stones = board.stones_by_color();
        position.setup(Setup { black: stones.black, white: stones.white, ..Setup::default() })?;
        Ok(position)
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.board.size()
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Changes the rules from now on (komi, ko rule, ...). The history is kept, so a
    /// switch to superko applies to the positions already played since the last setup.
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    /// The colour to move.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets the colour to move (SGF `PL`, GTP's colour-explicit `play`). The current
    /// position is recorded for situational superko with this colour to move.
    pub fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
        if let Some(current) = self.seen.last_mut() {
            current.to_move = color;
        }
    }

    /// The number of handicap stones placed by [`Position::place_handicap`] and the
    /// related methods (it decides White's compensation under area scoring).
    pub fn handicap(&self) -> u32 {
        self.handicap
    }

    /// The history of setup changes and moves, oldest first.
    pub fn history(&self) -> &[Event] {
        &self.history
    }

    /// The number of moves (including passes) played.
    pub fn move_count(&self) -> usize {
        self.played.len()
    }

    /// The last move played and its colour.
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.history.iter().rev().find_map(|e| match e {
            Event::Move(c, m) => Some((*c, *m)),
            Event::Setup(_) => None,
        })
    }

    /// The number of consecutive passes that ended the history.
    pub fn consecutive_passes(&self) -> u32 {
        u32::from(self.passes)
    }

    /// Whether the game is over: two consecutive passes.
    pub fn is_over(&self) -> bool {
        self.passes >= 2
    }

    /// Lets play continue after the game ended (for instance to settle a dispute about
    /// dead stones by play). The passes stay in the history, and taking back the next
    /// move with [`Position::undo`] ends the game again.
    pub fn resume(&mut self) {
        if self.passes > 0 {
            self.resumed = self.passes;
        }
        self.passes = 0;
    }

    /// The Zobrist hash of the colouring (see [`Board::hash`]).
    pub fn hash(&self) -> u64 {
        self.board.hash()
    }

    /// The hash of the colouring and the side to move, for situational comparisons.
    pub fn situational_hash(&self) -> u64 {
        situational(self.board.hash(), self.to_move)
    }

    /// Checks whether the side to move may play `mv`, without playing it.
    ///
    /// # Errors
    ///
    /// The reason the move is illegal.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        self.check_as(self.to_move, mv)
    }

    /// Checks whether `color` may play `mv` now, without playing it.
    ///
    /// # Errors
    ///
    /// The reason the move is illegal.
    pub fn check_as(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let Move::Play(p) = mv else { return Ok(()) };
        let board = &self.board;
        if !board.size().contains(p) {
            return Err(IllegalMove::OffBoard);
        }
        if !board.is_empty_at(p) {
            return Err(IllegalMove::Occupied);
        }
        if board.ko() == Some((p, color)) {
            return Err(IllegalMove::Ko);
        }
        let suicide = board.is_suicide(color, p);
        if suicide
            && (!self.rules.suicide
                || !p.neighbours(board.size()).any(|n| board.color_at(n) == Some(color)))
        {
            return Err(IllegalMove::Suicide);
        }
        if self.rules.ko != KoRule::Simple && self.repeats(color, p, suicide) {
            return Err(IllegalMove::Superko);
        }
        Ok(())
    }

    /// Whether `color` playing the legal-so-far point `p` recreates a forbidden state.
    fn repeats(&self, color: Color, p: Point, suicide: bool) -> bool {
        let board = &self.board;
        let mut planes = [*board.stones(Color::Black), *board.stones(Color::White)];
        planes[color.index()].insert(p);
        if suicide {
            let mut own = PointSet::from_iter([p]);
            for n in p.neighbours(board.size()) {
                if board.color_at(n) == Some(color) {
                    own |= board.chain_stones(n);
                }
            }
            planes[color.index()] -= own;
        } else {
            for n in p.neighbours(board.size()) {
                if board.color_at(n) == Some(!color) && board.liberty_count(n) == 1 {
                    planes[(!color).index()] -= board.chain_stones(n);
                }
            }
        }
        let hash = board.hash()
            ^ crate::zobrist::hash_of(
                &(planes[0] ^ *board.stones(Color::Black)),
                &(planes[1] ^ *board.stones(Color::White)),
            );
        let next = !color;
        let situational = self.rules.ko == KoRule::SituationalSuperko;
        self.seen
            .iter()
            .any(|s| s.hash == hash && (!situational || s.to_move == next) && s.planes == planes)
    }

    /// Plays `mv` for the side to move.
    ///
    /// # Errors
    ///
    /// Returns [`IllegalMove`] and leaves `self` untouched if the rules forbid `mv`.
    pub fn try_play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.try_play_as(self.to_move, mv)
    }

    /// Plays `mv` for `color`, who need not be the side to move (GTP allows a colour to
    /// play twice); the other colour is then to move. A move out of turn is played as
    /// [`Position::set_to_move`] followed by the move: the position it is played from
    /// counts, for situational superko, as one with `color` to move ([`Position::undo`]
    /// restores the side to move), so that a game record's replay, which plays its moves
    /// by colour, repeats exactly the history of the game that wrote it.
    ///
    /// # Errors
    ///
    /// Returns [`IllegalMove`] and leaves `self` untouched if the rules forbid `mv`.
    pub fn try_play_as(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        self.check_as(color, mv)?;
        if let Some(current) = self.seen.last_mut() {
            current.to_move = color;
        }
        let undo = match mv {
            Move::Play(p) => self.board.play(color, p),
            Move::Pass => self.board.pass(),
        };
        let passes_before = core::mem::take(&mut self.resumed).max(self.passes);
        self.played.push(Played { undo, passes_before, to_move_before: self.to_move });
        self.passes = if mv.is_pass() { self.passes.saturating_add(1) } else { 0 };
        self.history.push(Event::Move(color, mv));
        self.to_move = !color;
        self.remember();
        Ok(())
    }

    /// Takes back the last move and returns it with its colour. Everything is restored
    /// as it was before the move, including the side to move (which differs from the
    /// colour that played when that colour played out of turn with
    /// [`Position::try_play_as`]).
    ///
    /// # Errors
    ///
    /// [`UndoError`] if there is no move since the last setup change (setup cannot be
    /// taken back); the position is then unchanged.
    pub fn undo(&mut self) -> Result<(Color, Move), UndoError> {
        let Some(Event::Move(color, mv)) = self.history.last().cloned() else {
            return Err(UndoError);
        };
        let played = self.played.pop().expect("a move event has an undo record");
        self.history.pop();
        self.seen.pop();
        if let Some(current) = self.seen.last_mut() {
            current.to_move = played.to_move_before;
        }
        self.board.undo(played.undo);
        self.passes = played.passes_before;
        self.resumed = 0;
        self.to_move = played.to_move_before;
        Ok((color, mv))
    }

    /// Applies a setup change: removals first, then black and white stones. Setup lifts
    /// the ko ban and starts a new superko history (positions before it are not
    /// compared against), and cannot be taken back by [`Position::undo`].
    ///
    /// # Errors
    ///
    /// [`SetupError`] if a point is off the board, a point is given two contents, or the
    /// result has a chain without liberties; the position is then unchanged.
    pub fn setup(&mut self, setup: Setup) -> Result<(), SetupError> {
        let Setup { black, white, empty } = &setup;
        if let Some(p) = ((*black & *white) | (*black & *empty) | (*white & *empty)).first() {
            return Err(SetupError::Conflict(p));
        }
        let mut board = self.board.clone();
        // Empty every named point first, so that a stone changing colour cannot leave a
        // chain without liberties half-way: adding the stones of a valid result one by
        // one to a subset of it never does.
        for p in *empty | *black | *white {
            board.set_point(p, None)?;
        }
        for (set, color) in [(black, Color::Black), (white, Color::White)] {
            for p in set {
                board.set_point(p, Some(color))?;
            }
        }
        board.clear_ko();
        self.board = board;
        self.passes = 0;
        self.resumed = 0;
        self.history.push(Event::Setup(Box::new(setup)));
        self.seen.clear();
        self.remember();
        Ok(())
    }

    /// Places `stones` as Black's handicap on an empty board with no moves played, and
    /// gives White the move.
    ///
    /// # Errors
    ///
    /// [`HandicapError`] if stones or moves are already on the board, or there are fewer
    /// than two handicap points.
    pub fn place_handicap(&mut self, stones: &PointSet) -> Result<(), HandicapError> {
        if !self.history.is_empty() || self.board.empty_count() != self.size().point_count() {
            return Err(HandicapError::BoardNotEmpty);
        }
        let n = stones.len();
        if n < 2 || n >= self.size().point_count() {
            return Err(HandicapError::InvalidCount {
                stones: n as u32,
                max: self.size().point_count() as u32 - 1,
            });
        }
        if !stones.is_subset(&self.size().on_board()) {
            return Err(HandicapError::OffBoard);
        }
        self.setup(Setup { black: *stones, ..Setup::default() })
            .map_err(|_| HandicapError::OffBoard)?;
        self.handicap = n as u32;
        self.to_move = Color::White;
        Ok(())
    }

    /// Places `n` handicap stones on the fixed points that GTP's `fixed_handicap`
    /// defines, and returns them.
    ///
    /// # Errors
    ///
    /// [`HandicapError`] if `n` is not available on this board size, or the board is not
    /// empty.
    pub fn place_fixed_handicap(&mut self, n: u32) -> Result<PointSet, HandicapError> {
        let stones: PointSet = handicap::fixed(n, self.size())?.into_iter().collect();
        self.place_handicap(&stones)?;
        Ok(stones)
    }

    /// Places `n` handicap stones where the engine chooses (GTP's
    /// `place_free_handicap`): the fixed layout when there is one, else points spread
    /// over the board.
    ///
    /// # Errors
    ///
    /// [`HandicapError`] if `n` is below 2 or leaves no empty point, or the board is not
    /// empty.
    pub fn place_free_handicap(&mut self, n: u32) -> Result<PointSet, HandicapError> {
        let stones: PointSet = handicap::free(n, self.size())?.into_iter().collect();
        self.place_handicap(&stones)?;
        Ok(stones)
    }

    /// Sets the number of handicap stones used for White's compensation, for games
    /// whose handicap stones were set up by other means (SGF `HA` with `AB`).
    pub fn set_handicap(&mut self, stones: u32) {
        self.handicap = stones;
    }

    /// Whether the side to move may play `mv`.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// The legal moves of the side to move: every legal point, then the pass. Empty when
    /// the game is over.
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> + '_ {
        let over = self.is_over();
        self.board
            .empty_set()
            .into_iter()
            .map(Move::Play)
            .chain([Move::Pass])
            .filter(move |&m| !over && self.is_legal(m))
    }

    /// The score with the stones in `dead` removed first, counted by the rules'
    /// [`Scoring`](crate::Scoring), with komi and handicap compensation. Under territory
    /// scoring, seki is recognised as described in [`score`](crate::score).
    pub fn score(&self, dead: &PointSet) -> Score {
        score::score(&self.board, &self.rules, self.handicap, dead, None)
    }

    /// Like [`Position::score`], with the stones in seki given by the caller (for
    /// instance from a life-and-death analysis) instead of recognised.
    pub fn score_with_seki(&self, dead: &PointSet, seki: &PointSet) -> Score {
        score::score(&self.board, &self.rules, self.handicap, dead, Some(seki))
    }

    /// The count of an ownership map (an evaluation's estimate, a player's or a
    /// human's judgement) under the rules, the stones in `dead` being dead.
    ///
    /// Unlike [`Position::score`], the owners come from the map, not from the regions of
    /// the board. Area scoring counts every point the map gives a colour. Territory
    /// scoring counts the points the map gives a colour except its own living stones
    /// (a dead stone's point counts for the colour the map gives it), plus the
    /// prisoners: the stones captured during play and the other colour's dead stones.
    /// Komi goes to White, and under area scoring so does the handicap compensation.
    /// No point is in seki.
    ///
    /// # Panics
    ///
    /// If the map is not of the board's size.
    ///
    /// # Examples
    ///
    /// ```
    /// use go_board::{Color, Komi, PointMap, PointSet, Position, Rules};
    /// let pos = Position::from_diagram(
    ///     "
    ///     . X O .
    ///     . X O .
    ///     . X O O
    ///     ",
    ///     Rules::japanese().with_komi(Komi::from_half_points(1)),
    /// )?;
    /// // The left half is Black's, the right half White's.
    /// let half = PointMap::from_fn(pos.size(), |p| Some(if p.col() < 2 { Color::Black } else { Color::White }));
    /// let score = pos.score_ownership(&half, &PointSet::EMPTY);
    /// assert_eq!((score.points.black, score.points.white), (3, 2));
    /// assert_eq!(score.to_string(), "B+0.5");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn score_ownership(&self, ownership: &PointMap<Option<Color>>, dead: &PointSet) -> Score {
        assert_eq!(ownership.size(), self.size(), "an ownership map of another board size");
        score::score_ownership(&self.board, &self.rules, self.handicap, ownership, dead)
    }

    /// The Tromp-Taylor score of the board as it stands: area scoring, every stone
    /// alive, with the rules' komi and handicap compensation.
    pub fn tromp_taylor_score(&self) -> Score {
        let rules = Rules { scoring: crate::Scoring::Area, ..self.rules };
        score::score(&self.board, &rules, self.handicap, &PointSet::EMPTY, None)
    }

    fn remember(&mut self) {
        self.seen.push(Seen {
            hash: self.board.hash(),
            to_move: self.to_move,
            planes: [*self.board.stones(Color::Black), *self.board.stones(Color::White)],
        });
    }
}

fn situational(hash: u64, to_move: Color) -> u64 {
    match to_move {
        Color::Black => hash,
        Color::White => hash ^ crate::zobrist::WHITE_TO_MOVE,
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("rules", &self.rules)
            .field("to_move", &self.to_move)
            .field("handicap", &self.handicap)
            .field("moves", &self.played.len())
            .field("board", &self.board)
            .finish()
    }
}

/// The error of [`Position::undo`] when there is no move to take back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UndoError;

impl fmt::Display for UndoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("no move to undo")
    }
}

impl std::error::Error for UndoError {}
