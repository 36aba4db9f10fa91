//! Monte-Carlo playouts for MCTS: the game played out to the end by a fast policy on
//! go-board's [`Board`], then counted by area with komi ([`Playout`], a go-search
//! [`Rollout`]); the tree's move filter ([`PlayoutCandidates`]) and the priors its
//! new nodes start with ([`PlayoutPriors`]).
//!
//! # The policy
//!
//! [`Policy::Light`] plays a uniformly random legal move that fills none of the mover's
//! one-point eyes ([`Board::is_simple_eye`]), and passes when there is none.
//! [`Policy::Heavy`] (MoGo's design, in this crate's words) tries, in order:
//!
//! 1. **capture** the chain of the opponent's last move, or a chain touching it, when
//!    it is in atari;
//! 2. **save** an own chain the last move put in atari: capture a neighbour of it in
//!    atari, or extend on its liberty when that leaves it at least two liberties;
//! 3. **shape**: a 3×3 pattern ([`is_shape_move`]: hane, cut, edge block) on one of
//!    the eight points around the last move;
//! 4. a **random** move, as the light policy, that is not a *self-atari* of two or more
//!    stones (a single stone may be thrown in: that is how nakade and throw-ins
//!    happen).
//!
//! Each of steps 1–3 fires with a fixed probability ([`HEURISTIC_PROBABILITY`]) so that
//! playouts keep their diversity; every move of steps 1–3 passes the same filters as a
//! random move (legal, no own eye, no self-atari of two stones).
//!
//! Rules of the playout: simple ko, no suicide (what [`Board::is_legal`] checks); the
//! playout ends with two consecutive passes, or after `3·N²` moves. The final board is
//! counted by area: stones plus empty points whose neighbours are all of one colour;
//! komi and the handicap compensation of the position's rules go to White. The reward
//! of the side to move is 1 for a win, 0 for a loss, ½ for a draw, with a small share
//! ([`Playout::score_weight`]) given to the margin, so that among winning lines the
//! wider win is preferred.

use std::sync::{Arc, OnceLock};

use go_board::search::GoGame;
use go_board::{Board, Cell, Color, Move, Neighbourhood, Point, PointSet, Position};
use go_search::{Candidates, Priors, Rng, Rollout};

use super::candidates::CandidateUnion;

/// The prior win rate of a move at most two points (Manhattan distance) from the
/// opponent's last move: local answers come first.
pub const NEAR_RATE: f64 = 0.6;

/// The probability with which each of the heavy policy's heuristic steps is tried.
pub const HEURISTIC_PROBABILITY: f64 = 0.9;

/// The playout policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Policy {
    /// Random legal moves that fill no own eye.
    Light,
    /// Captures, escapes, 3×3 shapes around the last move, then random moves without
    /// big self-ataris; see the [module documentation](self).
    Heavy,
}

/// A playout to the end of the game from a leaf, as a go-search [`Rollout`] of
/// [`GoGame`]; see the [module documentation](self).
///
/// # Examples
///
/// ```
/// use go_board::search::GoGame;
/// use go_board::{BoardSize, Position, Rules};
/// use go_engine::player::playout::{Playout, Policy};
/// use go_search::{Rng, Rollout};
///
/// let root = Position::new(BoardSize::square(9)?, Rules::chinese());
/// let playout = Playout::new(Policy::Heavy);
/// let mut rng = Rng::new(1);
/// // On the empty board, with komi 7.5, Black (to move) wins some playouts, not all.
/// let wins: f64 = (0..200).map(|_| playout.rollout(&GoGame, &mut root.clone(), &mut rng)).sum();
/// assert!(wins > 20.0 && wins < 180.0, "{wins}");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playout {
    /// The policy.
    pub policy: Policy,
    /// The share of the reward given to the margin (0 to 1): the reward is
    /// `(1 − w)·win + w·(½ + margin / (2·points))`, `points` the board's points.
    pub score_weight: f64,
}

impl Playout {
    /// Playouts of `policy`, with a score weight of 0.02.
    pub fn new(policy: Policy) -> Playout {
        Playout { policy, score_weight: 0.02 }
    }

    /// Plays `position` out for its side to move on a copy of its board, appending the
    /// moves to `played`; returns Black's area margin in half-points, komi included.
    pub fn play_out(&self, position: &Position, rng: &mut Rng, played: &mut Vec<Move>) -> i32 {
        let mut board = position.board().clone();
        let size = board.size();
        let cap = 3 * size.point_count();
        let mut color = position.to_move();
        let mut last: Option<Point> = match position.last_move() {
            Some((_, Move::Play(p))) if board.color_at(p).is_some() => Some(p),
            _ => None,
        };
        let mut passes = 0;
        let mut candidates = Vec::with_capacity(8);
        for _ in 0..cap {
            let mv = match self.policy {
                Policy::Light => random_move(&board, color, rng, false),
                Policy::Heavy => heavy_move(&board, color, last, rng, &mut candidates),
            };
            played.push(mv);
            match mv {
                Move::Play(p) => {
                    board.play(color, p);
                    last = Some(p);
                    passes = 0;
                }
                Move::Pass => {
                    board.pass();
                    last = None;
                    passes += 1;
                    if passes == 2 {
                        break;
                    }
                }
            }
            color = !color;
        }
        let rules = position.rules();
        let komi = rules.komi.half_points()
            + 2 * rules.handicap_compensation.points(position.handicap()) as i32;
        2 * area_margin(&board) - komi
    }

    /// The reward of `margin` (Black's, in half-points) for `color` on a board of
    /// `points` points.
    pub(crate) fn reward(&self, margin: i32, color: Color, points: usize) -> f64 {
        let own = margin * color.sign();
        let win = match own.signum() {
            1 => 1.0,
            -1 => 0.0,
            _ => 0.5,
        };
        let w = self.score_weight.clamp(0.0, 1.0);
        let share = (0.5 + f64::from(own) / (4.0 * points as f64)).clamp(0.0, 1.0);
        (1.0 - w) * win + w * share
    }
}

impl Rollout<GoGame> for Playout {
    fn rollout(&self, game: &GoGame, state: &mut Position, rng: &mut Rng) -> f64 {
        self.rollout_recorded(game, state, rng, &mut Vec::new())
    }

    fn rollout_recorded(
        &self,
        game: &GoGame,
        state: &mut Position,
        rng: &mut Rng,
        played: &mut Vec<Move>,
    ) -> f64 {
        use go_search::{Game, Outcome};
        if let Some(outcome) = game.outcome(state, &mut Vec::new()) {
            return match outcome {
                Outcome::Score(s) if s > 0 => 1.0,
                Outcome::Score(s) if s < 0 => 0.0,
                Outcome::Win => 1.0,
                Outcome::Loss => 0.0,
                _ => 0.5,
            };
        }
        let margin = self.play_out(state, rng, played);
        self.reward(margin, state.to_move(), state.size().point_count())
    }
}

/// Black's stones and empty points bordered by Black only, minus White's.
pub fn area_margin(board: &Board) -> i32 {
    let size = board.size();
    let mut margin =
        board.stones(Color::Black).len() as i32 - board.stones(Color::White).len() as i32;
    for p in board.empty_points() {
        let (mut black, mut white) = (false, false);
        for n in p.neighbours(size) {
            match board.color_at(n) {
                Some(Color::Black) => black = true,
                Some(Color::White) => white = true,
                None => {}
            }
        }
        margin += i32::from(black && !white) - i32::from(white && !black);
    }
    margin
}

/// The one liberty of the chain on `p` (which must be in atari).
fn atari_liberty(board: &Board, p: Point) -> Option<Point> {
    let size = board.size();
    board.chain_walk(p).find_map(|s| s.neighbours(size).find(|&n| board.is_empty_at(n)))
}

/// The liberties (counted up to 2) and the stones of `color`'s chain after a stone on
/// the empty `p`, without playing it; a move that captures counts as 2 liberties.
fn after_move(board: &Board, color: Color, p: Point) -> (usize, usize) {
    let size = board.size();
    if board.empty_neighbours(p).count() >= 2 {
        return (2, 1);
    }
    let mut liberties = PointSet::EMPTY;
    let mut stones = 1;
    let mut chains: [Option<go_board::ChainId>; 4] = [None; 4];
    for (k, n) in p.neighbours(size).enumerate() {
        match board.color_at(n) {
            None => {
                liberties.insert(n);
            }
            Some(c) if c == color => {
                let id = board.chain_id(n);
                if chains[..k].contains(&id) {
                    continue;
                }
                chains[k] = id;
                stones += board.chain_len(n);
                if board.liberty_count(n) >= 3 {
                    // It keeps two liberties besides `p`: no need to list them (the
                    // stone count only matters below two liberties).
                    return (2, stones);
                }
                liberties |= board.liberties(n);
            }
            Some(_) => {
                if board.liberty_count(n) == 1 {
                    return (2, stones);
                }
            }
        }
    }
    liberties.remove(p);
    (liberties.len().min(2), stones)
}

/// Whether `color` on `p` leaves its own chain of two or more stones with one liberty
/// (a single stone may be thrown in); a move that captures is never one.
pub fn is_big_self_atari(board: &Board, color: Color, p: Point) -> bool {
    let (liberties, stones) = after_move(board, color, p);
    liberties <= 1 && stones >= 2
}

/// Whether `color` may play `p` in a playout: legal, not an own eye, not a big
/// self-atari.
fn playable(board: &Board, color: Color, p: Point) -> bool {
    board.is_legal(color, p)
        && !board.is_simple_eye(color, p)
        && !is_big_self_atari(board, color, p)
}

/// A random legal move that fills no own eye (and, when `careful`, is no big
/// self-atari), or the pass.
fn random_move(board: &Board, color: Color, rng: &mut Rng, careful: bool) -> Move {
    let n = board.empty_count();
    if n == 0 {
        return Move::Pass;
    }
    let first = rng.below(n as u64) as usize;
    let mut i = first;
    loop {
        let p = board.empty_point(i);
        if board.is_legal(color, p)
            && !board.is_simple_eye(color, p)
            && !(careful && is_big_self_atari(board, color, p))
        {
            return Move::Play(p);
        }
        i += 1;
        if i == n {
            i = 0;
        }
        if i == first {
            return Move::Pass;
        }
    }
}

/// Adds `p` to `out` once.
fn push_unique(out: &mut Vec<Point>, p: Point) {
    if !out.contains(&p) {
        out.push(p);
    }
}

/// The moves of the heavy policy's steps 1 and 2 after the opponent's move on `last`
/// (into `out`, cleared first): the capture of the last move's chain if it is in
/// atari, then the rescues of own chains in atari touching it (capturing an opponent
/// chain in atari next to them, or extending when that gives two liberties or more).
pub fn urgent_moves(board: &Board, color: Color, last: Point, out: &mut Vec<Point>) {
    out.clear();
    let size = board.size();
    let Some(opponent) = board.color_at(last) else { return };
    if opponent == color {
        return;
    }
    // 1. The last move's chain in atari.
    if board.liberty_count(last) == 1
        && let Some(l) = atari_liberty(board, last)
    {
        push_unique(out, l);
    }
    // 2. Escapes of own chains in atari next to the last move.
    for n in last.neighbours(size) {
        if board.color_at(n) != Some(color) || board.liberty_count(n) != 1 {
            continue;
        }
        // Capture a neighbour of the chain in atari.
        for s in board.chain_walk(n) {
            for m in s.neighbours(size) {
                if board.color_at(m) == Some(opponent)
                    && board.liberty_count(m) == 1
                    && let Some(l) = atari_liberty(board, m)
                {
                    push_unique(out, l);
                }
            }
        }
        // Extend, if that gives two liberties or more.
        if let Some(l) = atari_liberty(board, n)
            && board.is_legal(color, l)
            && after_move(board, color, l).0 >= 2
        {
            push_unique(out, l);
        }
    }
}

/// The ladder reads around the opponent's last move on `last`, as win rates for
/// `color`'s moves (into `out`, cleared first): the first move of a ladder that
/// captures an opponent chain with two liberties touching it (0.85); for an own chain
/// in atari touching it, the escape when the ladder lets it escape (0.8) and its
/// extension when it does not (0.15: running only feeds the ladder); for an own chain
/// with two liberties that a ladder would capture, its escape (0.75).
pub fn ladder_rates(board: &Board, color: Color, last: Point, out: &mut Vec<(Point, f64)>) {
    use go_eval::reading::ladder::{Ladder, LadderScratch};
    out.clear();
    let size = board.size();
    if board.color_at(last) != Some(!color) {
        return;
    }
    thread_local! {
        static SCRATCH: std::cell::RefCell<LadderScratch> = std::cell::RefCell::new(LadderScratch::new());
    }
    let ladder = Ladder::with_limits(200, 2_000);
    let mut work = board.clone();
    let mut seen: [Option<go_board::ChainId>; 5] = [None; 5];
    let put = |out: &mut Vec<(Point, f64)>, p: Point, r: f64| {
        if !out.iter().any(|(q, _)| *q == p) {
            out.push((p, r));
        }
    };
    SCRATCH.with(|scratch| {
        let mut scratch = scratch.borrow_mut();
        for (k, q) in std::iter::once(last).chain(last.neighbours(size)).enumerate() {
            let Some(owner) = board.color_at(q) else { continue };
            let id = board.chain_id(q);
            if seen[..k].contains(&id) {
                continue;
            }
            seen[k] = id;
            let libs = board.liberty_count(q);
            let win = |a: &go_eval::reading::Answer| a.outcome == go_eval::reading::Outcome::Win;
            if owner != color && libs == 2 {
                let a = ladder.capture(&mut work, q, &mut scratch);
                if win(&a)
                    && let Some(Move::Play(p)) = a.point
                {
                    put(out, p, 0.85);
                }
            } else if owner == color && libs == 1 {
                let a = ladder.escape(&mut work, q, &mut scratch);
                match a.point {
                    Some(Move::Play(p)) if win(&a) => put(out, p, 0.8),
                    _ => {
                        if let Some(l) = atari_liberty(board, q)
                            && !board.would_capture(color, l)
                        {
                            put(out, l, 0.15);
                        }
                    }
                }
            } else if owner == color && libs == 2 {
                let a = ladder.capture(&mut work, q, &mut scratch);
                if win(&a) {
                    let e = ladder.escape(&mut work, q, &mut scratch);
                    if win(&e)
                        && let Some(Move::Play(p)) = e.point
                    {
                        put(out, p, 0.75);
                    }
                }
            }
        }
    });
}

/// The heavy policy's move for `color`, the opponent's last move on `last`; `moves` is
/// scratch space, reused from move to move of a playout.
fn heavy_move(
    board: &Board,
    color: Color,
    last: Option<Point>,
    rng: &mut Rng,
    moves: &mut Vec<Point>,
) -> Move {
    if let Some(last) = last {
        if rng.next_f64() < HEURISTIC_PROBABILITY {
            urgent_moves(board, color, last, moves);
            moves.retain(|&p| playable(board, color, p));
            if !moves.is_empty() {
                return Move::Play(moves[rng.below(moves.len() as u64) as usize]);
            }
        }
        if rng.next_f64() < HEURISTIC_PROBABILITY {
            moves.clear();
            let size = board.size();
            for dy in -1..=1 {
                for dx in -1..=1 {
                    if let Some(p) = last.offset(dx, dy, size)
                        && board.is_empty_at(p)
                        && is_shape_move(board.neighbourhood(p), color)
                        && playable(board, color, p)
                    {
                        moves.push(p);
                    }
                }
            }
            if !moves.is_empty() {
                return Move::Play(moves[rng.below(moves.len() as u64) as usize]);
            }
        }
    }
    random_move(board, color, rng, true)
}

/// Whether a stone of `color` at the centre of `n` makes one of the policy's 3×3
/// shapes, in any orientation: a hane against an opponent stone next to an own one, a
/// cut of two opponent stones around an own diagonal, a wedge between two opponent
/// stones under an own one, or a block on the first line.
///
/// # Examples
///
/// ```
/// use go_board::{Board, Color, Point};
/// use go_engine::player::playout::is_shape_move;
/// // Black cuts at C3: the white stones B3 and C4 meet around Black's B4.
/// let board = Board::from_diagram(". . . . .\n. X O . .\n. O . . .\n. . . . .\n. . . . .")?;
/// let c3 = Point::parse_gtp("C3", board.size())?;
/// assert!(is_shape_move(board.neighbourhood(c3), Color::Black));
/// let e1 = Point::parse_gtp("E1", board.size())?;
/// assert!(!is_shape_move(board.neighbourhood(e1), Color::Black));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn is_shape_move(n: Neighbourhood, color: Color) -> bool {
    let n = if color == Color::Black { n } else { n.swap_colors() };
    let index = (n.code() & 0xffff) as usize;
    shape_table()[index / 64] >> (index % 64) & 1 == 1
}

/// The shapes for Black, one bit per code of the eight cells.
fn shape_table() -> &'static [u64] {
    static TABLE: OnceLock<Vec<u64>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![0u64; (1 << 16) / 64];
        for code in 0..1u32 << 16 {
            let Some(n) = Neighbourhood::from_code(code) else { continue };
            if go_board::Symmetry::ALL.into_iter().any(|s| black_shape(n.transform(s))) {
                table[code as usize / 64] |= 1 << (code % 64);
            }
        }
        table
    })
}

/// The shapes in one orientation, Black to play at the centre (`dy = 1` is up).
fn black_shape(n: Neighbourhood) -> bool {
    let x = |dx, dy| n.cell(dx, dy) == Cell::Stone(Color::Black);
    let o = |dx, dy| n.cell(dx, dy) == Cell::Stone(Color::White);
    let e = |dx, dy| n.cell(dx, dy) == Cell::Empty;
    let off = |dx, dy| n.cell(dx, dy) == Cell::OffBoard;
    // Hane: the opponent above, an own stone above-left, the sides open.
    let hane = o(0, 1)
        && x(-1, 1)
        && ((x(1, 1) && e(-1, 0) && e(1, 0))
            || (e(1, 1) && e(-1, 0) && e(1, 0) && e(0, -1))
            || (x(-1, 0) && e(1, 0) && e(0, -1))
            || (o(1, 1) && e(-1, 0) && e(1, 0) && e(0, -1)));
    // Cut: opponent stones above and left meeting around an own stone above-left.
    let cut = x(-1, 1) && o(0, 1) && o(-1, 0) && !o(1, 0) && !o(0, -1);
    // Wedge: opponent stones left and right under an own stone, nothing of ours below.
    let wedge = x(0, 1) && o(-1, 0) && o(1, 0) && !x(-1, -1) && !x(0, -1) && !x(1, -1);
    // First line (the edge below): block the opponent crawling along it, or hane
    // under an opponent stone.
    let edge = off(0, -1)
        && ((x(-1, 1) && o(-1, 0) && e(0, 1))
            || (x(0, 1) && o(1, 0))
            || (x(0, 1) && o(1, 1) && e(1, 0))
            || (o(0, 1) && x(1, 1) && e(-1, 0)));
    hane || cut || wedge || edge
}

/// The tree's moves: every legal move but those that fill one of the mover's own
/// one-point eyes (the pass is always kept); at the root, only `root` when given.
#[derive(Clone, Debug, Default)]
pub struct PlayoutCandidates {
    /// The root's moves, if the caller restricts them.
    pub root: Option<Vec<Move>>,
}

impl Candidates<GoGame> for PlayoutCandidates {
    fn candidates(&self, _: &GoGame, state: &Position, ply: u32, moves: &mut Vec<Move>) {
        if ply == 0
            && let Some(root) = &self.root
        {
            moves.retain(|m| root.contains(m));
            return;
        }
        let board = state.board();
        let color = state.to_move();
        moves.retain(|&m| match m {
            Move::Play(p) => !board.is_simple_eye(color, p),
            Move::Pass => true,
        });
    }
}

/// The virtual win rates new nodes start with (go-search's
/// [`prior_visits`](go_search::mcts::Config::prior_visits)): 0.5 for an ordinary move,
/// more for captures, escapes and shapes after the last move, for moves near it
/// ([`NEAR_RATE`]), for the ladder reads around it ([`ladder_rates`]: captures and
/// escapes that work; an extension that only runs along a lost ladder gets less) and
/// for the candidate union's moves near the root, less for the first line early on,
/// big self-ataris and the pass (unless the opponent just passed).
#[derive(Clone, Debug)]
pub struct PlayoutPriors {
    union: Option<Arc<CandidateUnion>>,
    /// Positions with at most this many moves get the union's weights.
    union_until: usize,
}

impl PlayoutPriors {
    /// Priors from the tactics and shapes only.
    pub fn new() -> PlayoutPriors {
        PlayoutPriors { union: None, union_until: 0 }
    }

    /// Also the weights of `union`, in positions of at most `until` moves (the
    /// union's reading is too slow for every node: the root and its children).
    #[must_use]
    pub fn with_union(mut self, union: Arc<CandidateUnion>, until: usize) -> PlayoutPriors {
        self.union = Some(union);
        self.union_until = until;
        self
    }
}

impl Default for PlayoutPriors {
    fn default() -> Self {
        PlayoutPriors::new()
    }
}

impl Priors<GoGame> for PlayoutPriors {
    fn priors(&self, _: &GoGame, state: &Position, moves: &[Move], out: &mut Vec<f64>) {
        out.clear();
        let board = state.board();
        let size = board.size();
        let color = state.to_move();
        let opponent_passed = state.last_move().is_some_and(|(_, m)| m == Move::Pass);
        let early = board.empty_count() * 3 > size.point_count() * 2;
        let mut urgent = Vec::new();
        let last = match state.last_move() {
            Some((_, Move::Play(p))) if board.color_at(p).is_some() => Some(p),
            _ => None,
        };
        if let Some(l) = last {
            urgent_moves(board, color, l, &mut urgent);
        }
        let mut ladders = Vec::new();
        if let Some(l) = last {
            ladder_rates(board, color, l, &mut ladders);
        }
        let set = self
            .union
            .as_ref()
            .filter(|_| state.move_count() <= self.union_until)
            .map(|u| u.generate(state));
        let best =
            set.as_ref().map_or(0.0, |s| s.moves.iter().map(|c| c.weight).fold(0.0f64, f64::max));
        for &mv in moves {
            let Move::Play(p) = mv else {
                out.push(if opponent_passed { 0.5 } else { 0.1 });
                continue;
            };
            let mut rate: f64 = 0.5;
            if early && p.line(size) == 1 {
                rate = 0.3;
            }
            if board.would_capture(color, p) || urgent.contains(&p) {
                rate = rate.max(0.8);
            }
            if last.is_some_and(|l| {
                (i32::from(l.col()) - i32::from(p.col())).abs() <= 1
                    && (i32::from(l.row()) - i32::from(p.row())).abs() <= 1
            }) && is_shape_move(board.neighbourhood(p), color)
            {
                rate = rate.max(0.7);
            }
            if let Some(c) = set.as_ref().and_then(|s| s.get(mv))
                && best > 0.0
            {
                rate = rate.max(0.55 + 0.35 * c.weight / best);
            }
            if last.is_some_and(|l| {
                (i32::from(l.col()) - i32::from(p.col())).abs()
                    + (i32::from(l.row()) - i32::from(p.row())).abs()
                    <= 2
            }) {
                rate = rate.max(NEAR_RATE);
            }
            if let Some(&(_, r)) = ladders.iter().find(|(q, _)| *q == p) {
                rate = if r < 0.5 { r } else { rate.max(r) };
            }
            if is_big_self_atari(board, color, p) {
                rate = 0.1;
            }
            out.push(rate);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::Rules;

    fn at(board: &Board, name: &str) -> Point {
        Point::parse_gtp(name, board.size()).unwrap()
    }

    /// How often, out of 200 seeds, the heavy policy plays `expected`.
    fn heavy_plays(board: &Board, color: Color, last: &str, expected: Move) -> usize {
        let last = Some(at(board, last));
        (0..200)
            .filter(|&s| {
                heavy_move(board, color, last, &mut Rng::new(s), &mut Vec::new()) == expected
            })
            .count()
    }

    #[test]
    fn the_heavy_policy_captures_a_chain_in_atari() {
        // White's last move C3 has one liberty left, C2.
        let board = Board::from_diagram(
            "
            . . . . .
            . . X . .
            . X O X .
            . . . . .
            . . . . .
            ",
        )
        .unwrap();
        let mut moves = Vec::new();
        urgent_moves(&board, Color::Black, at(&board, "C3"), &mut moves);
        assert_eq!(moves, [at(&board, "C2")]);
        let c2 = Move::Play(at(&board, "C2"));
        assert!(heavy_plays(&board, Color::Black, "C3", c2) >= 160);
        // The light policy plays it about once in the 21 empty points.
        let light =
            (0..200).filter(|&s| random_move(&board, Color::Black, &mut Rng::new(s), false) == c2);
        assert!(light.count() < 40);
    }

    #[test]
    fn the_heavy_policy_saves_a_chain_that_can_escape_and_not_one_that_cannot() {
        // White's D3 puts C3 in atari; C4 gives it three liberties.
        let board = Board::from_diagram(
            "
            . . . . .
            . . . . .
            . O X O .
            . . O . .
            . . . . .
            ",
        )
        .unwrap();
        let mut moves = Vec::new();
        urgent_moves(&board, Color::Black, at(&board, "D3"), &mut moves);
        assert_eq!(moves, [at(&board, "C4")]);
        assert!(heavy_plays(&board, Color::Black, "D3", Move::Play(at(&board, "C4"))) >= 160);
        // A2 in atari after B2: running to A1 leaves one liberty; no rescue is offered,
        // and it is a self-atari of two stones the policy never plays.
        let board = Board::from_diagram(
            "
            . . . . .
            . . . . .
            O . . . .
            X O . . .
            . . . . .
            ",
        )
        .unwrap();
        urgent_moves(&board, Color::Black, at(&board, "B2"), &mut moves);
        assert!(moves.is_empty(), "{moves:?}");
        assert!(is_big_self_atari(&board, Color::Black, at(&board, "A1")));
        assert_eq!(heavy_plays(&board, Color::Black, "B2", Move::Play(at(&board, "A1"))), 0);
    }

    #[test]
    fn a_capturing_rescue_is_offered() {
        // White's C2 puts B2 in atari (its liberty B3); White's A2 is in atari too (its
        // liberty A1): Black may capture it or run to B3, where it joins A3.
        let board = Board::from_diagram(
            "
            . . . . .
            . . . . .
            X . . . .
            O X O . .
            . O . . .
            ",
        )
        .unwrap();
        assert_eq!(board.liberty_count(at(&board, "B2")), 1);
        assert_eq!(board.liberty_count(at(&board, "A2")), 1);
        let mut moves = Vec::new();
        urgent_moves(&board, Color::Black, at(&board, "C2"), &mut moves);
        moves.sort();
        let mut expected = vec![at(&board, "A1"), at(&board, "B3")];
        expected.sort();
        assert_eq!(moves, expected);
    }

    #[test]
    fn no_policy_fills_its_own_eye() {
        // Black's only empty points are its eyes A5, C5, E5; White's B1 and D1 are
        // suicide for Black: Black passes.
        let board = Board::from_diagram(
            "
            . X . X .
            X X X X X
            X X X X X
            O O O O O
            O . O . O
            ",
        )
        .unwrap();
        for s in 0..50 {
            let mut rng = Rng::new(s);
            assert_eq!(
                heavy_move(&board, Color::Black, None, &mut rng, &mut Vec::new()),
                Move::Pass
            );
            assert_eq!(random_move(&board, Color::Black, &mut rng, false), Move::Pass);
        }
        // With other moves about, the eye at A5 is never chosen.
        let board = Board::from_diagram(
            "
            . X . . .
            X X . . .
            . . . O .
            . . . . .
            . . . . .
            ",
        )
        .unwrap();
        let a5 = Move::Play(at(&board, "A5"));
        for s in 0..300 {
            let mut rng = Rng::new(s);
            assert_ne!(
                heavy_move(&board, Color::Black, Some(at(&board, "D3")), &mut rng, &mut Vec::new()),
                a5
            );
            assert_ne!(random_move(&board, Color::Black, &mut rng, false), a5);
        }
    }

    #[test]
    fn ladder_rates_follow_the_ladder_reader() {
        use go_eval::reading::ladder::{Ladder, LadderScratch};
        let rates = |board: &Board, color: Color, last: &str| {
            let mut out = Vec::new();
            ladder_rates(board, color, at(board, last), &mut out);
            out.sort_by_key(|(p, _)| p.index());
            out
        };
        // White's C3 has two liberties and dies in a ladder: Black, after White's C3,
        // gets the ladder's first move; White, after Black's B3, its escape at D3.
        let board = Board::from_diagram(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . X . . .
            . X O . . . .
            . . X . . . .
            . . . . . . .
            ",
        )
        .unwrap();
        let capture =
            Ladder::new().capture(&mut board.clone(), at(&board, "C3"), &mut LadderScratch::new());
        let Some(Move::Play(first)) = capture.point else { panic!("{capture:?}") };
        assert!(first == at(&board, "C4") || first == at(&board, "D3"), "{first}");
        assert_eq!(rates(&board, Color::Black, "C3"), [(first, 0.85)]);
        assert_eq!(rates(&board, Color::White, "B3"), [(at(&board, "D3"), 0.75)]);
        // Two black stones on the edge in atari: running along it feeds the ladder.
        let edge = Board::from_diagram(
            "
            . . . . .
            . . . . .
            . . . . .
            O O . . .
            X X . . .
            ",
        )
        .unwrap();
        assert_eq!(rates(&edge, Color::Black, "B2"), [(at(&edge, "C1"), 0.15)]);
        // A stone in atari that escapes to three liberties: the escape is kept.
        let open = Board::from_diagram(
            "
            . . . . .
            . . O . .
            . O X O .
            . . . . .
            . . . . .
            ",
        )
        .unwrap();
        assert_eq!(rates(&open, Color::Black, "D3"), [(at(&open, "C2"), 0.8)]);
        // Not after an own move.
        assert!(rates(&open, Color::White, "D3").is_empty());
    }

    #[test]
    fn shapes_are_found_in_every_orientation_and_for_both_colours() {
        // Hane at B2: White B3 above it, Black A3 above-left, the sides open.
        let board = Board::from_diagram(
            "
            . . . . .
            X O . . .
            . . . . .
            . . . . .
            ",
        )
        .unwrap();
        let b2 = at(&board, "B2");
        assert!(is_shape_move(board.neighbourhood(b2), Color::Black));
        assert!(!is_shape_move(board.neighbourhood(b2), Color::White));
        let d2 = at(&board, "D2");
        assert!(!is_shape_move(board.neighbourhood(d2), Color::Black));
        let n = board.neighbourhood(b2);
        for s in go_board::Symmetry::ALL {
            assert!(is_shape_move(n.transform(s), Color::Black));
            assert!(is_shape_move(n.transform(s).swap_colors(), Color::White));
        }
    }

    /// The heavy playouts are guided by the 3×3 shapes: after White's B3 (nothing to
    /// capture or save), Black's hanes at B2 and B4 are the only shape points around
    /// it, and the heavy policy plays them far more often than random moves would.
    #[test]
    fn the_heavy_policy_plays_the_shape_around_the_last_move() {
        let board = Board::from_diagram(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            X O . . . . .
            . . . . . . .
            . . . . . . .
            ",
        )
        .unwrap();
        let b3 = at(&board, "B3");
        let shapes: Vec<Point> = b3
            .neighbours(board.size())
            .chain(board.empty_set().iter().filter(|p| {
                (i32::from(p.col()) - i32::from(b3.col())).abs() == 1
                    && (i32::from(p.row()) - i32::from(b3.row())).abs() == 1
            }))
            .filter(|&p| board.color_at(p).is_none())
            .filter(|&p| is_shape_move(board.neighbourhood(p), Color::Black))
            .collect();
        assert_eq!(shapes, [at(&board, "B2"), at(&board, "B4")]);
        let [b2, b4] = [shapes[0], shapes[1]].map(Move::Play);
        let heavy = heavy_plays(&board, Color::Black, "B3", b2)
            + heavy_plays(&board, Color::Black, "B3", b4);
        assert!(heavy >= 160, "{heavy}");
        let light = (0..200).filter(|&s| {
            let mv = random_move(&board, Color::Black, &mut Rng::new(s), false);
            mv == b2 || mv == b4
        });
        assert!(light.count() < 30);
    }

    /// The priors new nodes start with: a capture above ordinary moves, the first line
    /// early and the pass below; the union's moves raised in positions of at most
    /// `until` moves, not after.
    #[test]
    fn priors_rank_captures_shapes_and_the_unions_moves() {
        use go_patterns::{Candidate, CandidateGenerator, Intent, Source};

        use crate::player::candidates::{Normalise, UnionConfig};

        struct Fixed;
        impl CandidateGenerator for Fixed {
            fn name(&self) -> &str {
                "fixed"
            }
            fn generate(&self, position: &Position, out: &mut Vec<Candidate>) {
                let mv = Move::parse_gtp("F6", position.size()).unwrap();
                out.push(Candidate::new(mv, Intent::Shape, 1.0, Source::new("fixed", "F6")));
            }
        }
        // White's last move C2 put itself in atari (its liberty is C1); Black to play.
        let mut position = Position::from_diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . X . . . . . .
            . X . X . . . . .
            . . . . . . . . .
            ",
            Rules::chinese(),
        )
        .unwrap();
        position.set_to_move(Color::White);
        position.try_play(Move::Play(at(position.board(), "C2"))).unwrap();
        let names = ["C1", "E5", "F6", "A5", "PASS"];
        let moves: Vec<Move> =
            names.iter().map(|v| Move::parse_gtp(v, position.size()).unwrap()).collect();
        let rates = |priors: &PlayoutPriors| {
            let mut out = Vec::new();
            priors.priors(&GoGame, &position, &moves, &mut out);
            out
        };
        let config = UnionConfig { min: 1, max: 20, ratio: 0.0, pass: false, slow: false };
        let union = Arc::new(CandidateUnion::new(config).with(Fixed, Normalise::Fixed(1.0), 1.0));
        let plain = rates(&PlayoutPriors::new());
        assert_eq!(
            plain,
            [0.8, 0.5, 0.5, 0.3, 0.1],
            "capture, ordinary, ordinary, first line, pass"
        );
        // The union's F6 is raised in positions of at most `until` moves, not after.
        let root = rates(&PlayoutPriors::new().with_union(union.clone(), 1));
        assert!(root[2] > 0.8, "{root:?}");
        assert_eq!([root[0], root[1], root[3], root[4]], [0.8, 0.5, 0.3, 0.1]);
        assert_eq!(rates(&PlayoutPriors::new().with_union(union, 0)), plain);
    }

    #[test]
    fn playouts_end_counted_by_area_and_replay_from_a_seed() {
        let board = Board::from_diagram(". X O .\n. X O .\n. X O O").unwrap();
        // Black: 3 stones + A column (3); White: 4 stones + D1... D3, D2 empty: 2.
        assert_eq!(area_margin(&board), 6 - 6);
        let root = Position::new(go_board::BoardSize::square(9).unwrap(), Rules::chinese());
        let playout = Playout::new(Policy::Heavy);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let ma = playout.play_out(&root, &mut Rng::new(5), &mut a);
        let mb = playout.play_out(&root, &mut Rng::new(5), &mut b);
        assert_eq!((ma, &a), (mb, &b));
        // Two passes end it; an odd margin (komi 7.5 in half-points).
        assert_eq!(&a[a.len() - 2..], [Move::Pass, Move::Pass]);
        assert_eq!(ma.rem_euclid(2), 1);
        // Every move of the record replays legally under the playout rules.
        let mut board = root.board().clone();
        let mut color = Color::Black;
        for mv in a {
            if let Move::Play(p) = mv {
                assert!(board.is_legal(color, p) && !board.is_simple_eye(color, p));
                board.play(color, p);
            } else {
                board.pass();
            }
            color = !color;
        }
        assert_eq!(2 * area_margin(&board) - 15, ma);
    }
}
