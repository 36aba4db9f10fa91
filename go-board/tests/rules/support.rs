//! Helpers shared by the test modules: a seeded generator, conversions between
//! go-board and the reference, and the full comparison of a `Position` with a
//! reference game.

use go_board::{
    Board, BoardSize, Color, IllegalMove, KoRule, Move, Point, PointSet, Position, Rules, zobrist,
};

use crate::reference::{self, Game, Grid, Ko, Refusal};

/// SplitMix64: small, seeded, and the same on every platform.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (which must not be 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `num / den`.
    pub(crate) fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next_u64() % den < num
    }

    pub(crate) fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

pub(crate) fn size(cols: u32, rows: u32) -> BoardSize {
    BoardSize::new(cols, rows).unwrap()
}

/// The point with GTP name `name` on a board of `size`.
pub(crate) fn pt(name: &str, size: BoardSize) -> Point {
    Point::parse_gtp(name, size).unwrap_or_else(|e| panic!("{e}"))
}

/// A move from its GTP name.
pub(crate) fn mv(name: &str, size: BoardSize) -> Move {
    Move::parse_gtp(name, size).unwrap_or_else(|e| panic!("{e}"))
}

/// A set of points from GTP names separated by spaces.
pub(crate) fn set(names: &str, size: BoardSize) -> PointSet {
    names.split_whitespace().map(|n| pt(n, size)).collect()
}

pub(crate) fn ko_of(rule: KoRule) -> Ko {
    match rule {
        KoRule::Simple => Ko::Simple,
        KoRule::PositionalSuperko => Ko::Positional,
        KoRule::SituationalSuperko => Ko::Situational,
    }
}

pub(crate) fn reason(r: Refusal) -> IllegalMove {
    match r {
        Refusal::GameOver => IllegalMove::GameOver,
        Refusal::OffBoard => IllegalMove::OffBoard,
        Refusal::Occupied => IllegalMove::Occupied,
        Refusal::Ko => IllegalMove::Ko,
        Refusal::Suicide => IllegalMove::Suicide,
        Refusal::Superko => IllegalMove::Superko,
    }
}

/// A reference game with the same size and ko/suicide rules as `rules`.
pub(crate) fn reference_for(size: BoardSize, rules: &Rules) -> Game {
    Game::new(size, ko_of(rules.ko), rules.suicide)
}

/// The reference game that results from setting up `board` (Black to move).
pub(crate) fn reference_from_board(board: &Board, rules: &Rules) -> Game {
    let mut game = reference_for(board.size(), rules);
    let stones = |c| board.stones(c).iter().collect::<Vec<_>>();
    game.setup(&stones(Color::Black), &stones(Color::White), &[]).expect("a valid board");
    game
}

/// The stones of `color` in the reference grid, as a `PointSet`.
pub(crate) fn stones_of(grid: &Grid, color: Color) -> PointSet {
    (0..grid.len()).filter(|&i| grid.get(i) == Some(color)).map(|i| grid.point(i)).collect()
}

pub(crate) fn cells_to_set(grid: &Grid, cells: &[usize]) -> PointSet {
    cells.iter().map(|&i| grid.point(i)).collect()
}

/// The reference's answer in go-board's terms.
pub(crate) fn expected(game: &Game, color: Color, mv: Move) -> Result<(), IllegalMove> {
    game.check(color, mv).map_err(reason)
}

thread_local! {
    /// How many legality answers `compare` checked on this thread, by answer: legal,
    /// then each `IllegalMove` reason in declaration order.
    pub(crate) static VERDICTS: std::cell::RefCell<[usize; 7]> = const { std::cell::RefCell::new([0; 7]) };
}

fn tally(verdict: Result<(), IllegalMove>) {
    let slot = match verdict {
        Ok(()) => 0,
        Err(IllegalMove::OffBoard) => 1,
        Err(IllegalMove::Occupied) => 2,
        Err(IllegalMove::Ko) => 3,
        Err(IllegalMove::Suicide) => 4,
        Err(IllegalMove::Superko) => 5,
        Err(_) => 6,
    };
    VERDICTS.with(|v| v.borrow_mut()[slot] += 1);
}

/// How much of the legality to compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Legality {
    /// Every point and the pass, for both colours, plus `legal_moves`.
    Full,
    /// This many random points for each colour, plus the pass.
    Sample(usize),
}

/// Compares every observable of `pos` with `game`: stones, captures, ko, side to move,
/// passes, hash, empty points, chains with their liberties, the board's own consistency,
/// and legality (all of it, or a sample). Panics with `context` on the first difference.
pub(crate) fn compare(
    pos: &Position,
    game: &Game,
    legality: Legality,
    rng: &mut Rng,
    context: &str,
) {
    let board = pos.board();
    compare_board(board, game, context);
    assert_eq!(pos.to_move(), game.to_move, "{context}: side to move");
    assert_eq!(pos.consecutive_passes(), game.passes, "{context}: passes");
    assert_eq!(pos.is_over(), game.is_over(), "{context}: game over");
    assert_eq!(pos.move_count(), game.moves.len(), "{context}: move count");

    let grid = &game.grid;
    let mut candidates: Vec<usize> = match legality {
        Legality::Full => (0..grid.len()).collect(),
        Legality::Sample(k) => (0..k).map(|_| rng.below(grid.len())).collect(),
    };
    if let Some((ko, _)) = game.ko {
        candidates.push(ko); // always look at the ko point
    }
    for color in Color::ALL {
        for &i in &candidates {
            let p = grid.point(i);
            let m = Move::Play(p);
            if grid.get(i).is_none() {
                let (verdict, suicide, captures) = game.examine(color, i);
                let verdict = verdict.map_err(reason);
                assert_eq!(
                    pos.check_as(color, m),
                    verdict,
                    "{context}: legality of {color} {p}\n{board:?}"
                );
                tally(verdict);
                assert_eq!(
                    board.is_suicide(color, p),
                    suicide,
                    "{context}: is_suicide {color} {p}"
                );
                assert_eq!(
                    board.would_capture(color, p),
                    captures,
                    "{context}: would_capture {color} {p}"
                );
                let playout_legal = game.ko != Some((i, color)) && !suicide;
                assert_eq!(
                    board.is_legal(color, p),
                    playout_legal,
                    "{context}: Board::is_legal {color} {p}"
                );
            } else {
                let verdict = expected(game, color, m);
                assert_eq!(pos.check_as(color, m), verdict, "{context}: legality of {color} {p}");
                tally(verdict);
                assert!(!board.is_legal(color, p), "{context}: Board::is_legal on a stone");
            }
            assert_eq!(
                board.is_simple_eye(color, p),
                game.is_simple_eye(color, i),
                "{context}: is_simple_eye {color} {p}"
            );
        }
        assert_eq!(
            pos.check_as(color, Move::Pass),
            expected(game, color, Move::Pass),
            "{context}: pass"
        );
    }
    if legality == Legality::Full {
        let fast: Vec<Move> = pos.legal_moves().collect();
        let mut slow = game.legal_moves(pos.to_move());
        // go-board lists points in its own order; compare as sets, pass last in both.
        let key = |m: &Move| m.point().map_or(usize::MAX, |p| grid.index_of(p).unwrap());
        let mut fast_sorted = fast.clone();
        fast_sorted.sort_by_key(key);
        slow.sort_by_key(key);
        assert_eq!(fast_sorted, slow, "{context}: legal_moves\n{board:?}");
        if pos.is_over() {
            assert!(fast.is_empty(), "{context}: no legal move after the game");
        } else {
            assert_eq!(fast.last(), Some(&Move::Pass), "{context}: the pass comes last");
        }
    }
}

/// Compares a `Board` with the reference grid, captures and ko.
pub(crate) fn compare_board(board: &Board, game: &Game, context: &str) {
    let grid = &game.grid;
    let black = stones_of(grid, Color::Black);
    let white = stones_of(grid, Color::White);
    if *board.stones(Color::Black) != black || *board.stones(Color::White) != white {
        panic!("{context}: stones differ\nboard:\n{board:?}\nreference:\n{}", diagram(grid));
    }
    for i in 0..grid.len() {
        assert_eq!(board.color_at(grid.point(i)), grid.get(i), "{context}: color_at");
    }
    assert_eq!(board.captures().black, game.captures[0], "{context}: black captures");
    assert_eq!(board.captures().white, game.captures[1], "{context}: white captures");
    assert_eq!(board.ko(), game.ko.map(|(i, c)| (grid.point(i), c)), "{context}: ko\n{board:?}");
    assert_eq!(board.hash(), zobrist::hash_of(&black, &white), "{context}: hash");
    let empty = board.size().on_board() - black - white;
    assert_eq!(board.empty_set(), empty, "{context}: empty set");
    assert_eq!(board.empty_count(), empty.len(), "{context}: empty count");
    assert_eq!(board.empty_points().collect::<PointSet>(), empty, "{context}: empty list");
    let mut chains = 0;
    let mut seen = vec![false; grid.len()];
    for i in 0..grid.len() {
        let p = grid.point(i);
        if grid.get(i).is_none() {
            assert_eq!(board.chain_id(p), None, "{context}: chain_id of an empty point");
            assert_eq!(board.liberty_count(p), 0, "{context}: liberty_count of an empty point");
            assert_eq!(board.chain_len(p), 0, "{context}: chain_len of an empty point");
            continue;
        }
        if seen[i] {
            continue;
        }
        chains += 1;
        let stones = grid.flood(i);
        let libs = cells_to_set(grid, &grid.liberties_of(&stones));
        let stone_set = cells_to_set(grid, &stones);
        let id = board.chain_id(p).unwrap();
        for &s in &stones {
            seen[s] = true;
            let q = grid.point(s);
            assert_eq!(board.chain_id(q), Some(id), "{context}: chain_id of {q}");
            assert_eq!(board.liberty_count(q), libs.len(), "{context}: liberty_count of {q}");
            assert_eq!(board.chain_len(q), stones.len(), "{context}: chain_len of {q}");
        }
        assert_eq!(board.chain_stones(p), stone_set, "{context}: chain of {p}");
        assert_eq!(board.liberties(p), libs, "{context}: liberties of {p}");
        let chain = board.chain(p).unwrap();
        assert_eq!((chain.id, chain.color), (id, grid.get(i).unwrap()), "{context}: chain {p}");
        assert_eq!((chain.stones, chain.liberties), (stone_set, libs), "{context}: chain {p}");
    }
    let all = board.chains();
    assert_eq!(all.len(), chains, "{context}: number of chains");
    let ids: std::collections::HashSet<_> = all.iter().map(|c| c.id).collect();
    assert_eq!(ids.len(), chains, "{context}: chain ids are distinct");
    if let Err(e) = board.check_consistency() {
        panic!("{context}: check_consistency: {e}\n{board:?}");
    }
}

/// The reference grid as a diagram (top row first), for failure messages.
pub(crate) fn diagram(grid: &Grid) -> String {
    let mut s = String::new();
    for r in (0..grid.rows).rev() {
        for c in 0..grid.cols {
            s.push(match grid.get(r * grid.cols + c) {
                None => '.',
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
            });
            s.push(' ');
        }
        s.push('\n');
    }
    s
}

/// The reference count for `pos`'s board under its rules, with `dead` removed.
pub(crate) fn reference_score(
    game: &Game,
    rules: &Rules,
    dead: &[Point],
    seki: &[Point],
) -> reference::Count {
    match rules.scoring {
        go_board::Scoring::Area => reference::area_count(game, dead),
        go_board::Scoring::Territory => reference::territory_count(game, dead, seki),
    }
}

/// A scripted game played on a `Position` and on the reference side by side: every
/// move must get the same answer from both (and the one the script expects), and the
/// two must agree on everything after every step.
pub(crate) struct Line {
    pub(crate) pos: Position,
    pub(crate) game: Game,
    rng: Rng,
}

impl Line {
    /// Starts from a diagram (set up, so the superko history starts there) with
    /// `to_move` to play.
    pub(crate) fn new(diagram: &str, rules: Rules, to_move: Color) -> Line {
        let mut pos = Position::from_diagram(diagram, rules).unwrap_or_else(|e| panic!("{e}"));
        pos.set_to_move(to_move);
        let mut game = reference_from_board(pos.board(), &rules);
        game.set_to_move(to_move);
        let mut line = Line { pos, game, rng: Rng::new(7) };
        line.check();
        line
    }

    /// Plays `step`, such as `"B C3"` or `"W pass"`, on both; returns the common answer.
    pub(crate) fn play(&mut self, step: &str) -> Result<(), IllegalMove> {
        let (c, m) = step.split_once(' ').expect("colour and move");
        let color: Color = c.parse().unwrap();
        let m = mv(m, self.pos.size());
        let want = self.game.play(color, m).map_err(reason);
        let before = self.pos.clone();
        let got = self.pos.try_play_as(color, m);
        assert_eq!(got, want, "{step}: go-board and the reference disagree\n{:?}", before.board());
        if got.is_err() {
            assert_eq!(
                self.pos.board(),
                before.board(),
                "{step}: a refused move changed the board"
            );
        }
        self.check();
        got
    }

    /// Plays every step, which must all be legal.
    pub(crate) fn legal(&mut self, steps: &[&str]) {
        for step in steps {
            assert_eq!(self.play(step), Ok(()), "{step}\n{:?}", self.pos.board());
        }
    }

    /// Plays `step`, which must be refused for `reason`.
    pub(crate) fn refused(&mut self, step: &str, reason: IllegalMove) {
        assert_eq!(self.play(step), Err(reason), "{step}");
    }

    pub(crate) fn undo(&mut self) {
        let want = *self.game.moves.last().expect("a move to undo");
        assert!(self.game.undo());
        assert_eq!(self.pos.undo(), Ok(want));
        self.check();
    }

    fn check(&mut self) {
        let legality =
            if self.game.grid.len() <= 49 { Legality::Full } else { Legality::Sample(20) };
        compare(&self.pos, &self.game, legality, &mut self.rng, "scripted line");
    }

    /// The board as a diagram.
    pub(crate) fn diagram(&self) -> String {
        self.pos.board().to_diagram()
    }
}
