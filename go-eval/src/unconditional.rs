//! Unconditional status, as GNU Go's manual defines it (GTP's `unconditional_status`).
//!
//! - A chain is **invincible** when its opponent cannot capture it even with any number
//!   of moves in a row. Its stones are *alive*.
//! - A colour's **unconditional territory** is where its opponent cannot make an
//!   invincible chain, even with any number of moves in a row. Its empty points are the
//!   colour's *territory*, the opponent's stones there are *dead*, and the colour's own
//!   stones there are *alive* even when they can be captured (a capturable stone next
//!   to its own territory).
//! - Every other point is *undecided*.
//!
//! The computation is GNU Go's (`unconditional_life`, described in its manual), done
//! for each colour on a copy of the board:
//!
//! 1. **Invincible chains.** The opponent plays on every liberty of a chain where that
//!    is not suicide; if the chain is captured, or left with one liberty (which the
//!    opponent then takes, a ko notwithstanding), the opponent's stones stay and the
//!    chain is gone, else the moves are taken back. This repeats until no chain falls;
//!    the survivors are invincible. Two-stone chains with no other stone of their colour
//!    and no edge around them are left out of this step (*potential seki*, see below).
//! 2. **Territory.** Starting from that board, the opponent plays on the liberties of
//!    the invincible chains where it may, extends its chains in atari, and then fills
//!    the remaining space: first where its stone gets two empty neighbours (big eyes
//!    are split), then where it gets one (two-point eyes shrink). Its chains left in
//!    atari, their liberty, and the liberties of the invincible chains left empty are
//!    the territory.
//!
//! **Seki.** Filling a seki from the outside side is where the definition and this
//! computation meet trouble: a two-stone chain inside a big eye of the opponent can
//! make seki (neither side can approach), although the opponent, with moves in a row,
//! captures it and then has a small eye only. A potential-seki chain that the opponent
//! cannot capture in step 2 without being left in atari itself keeps its opponent
//! undecided, as GNU Go 3.8 does.
//!
//! `testdata/unconditional/` holds the hand-designed positions on which this is checked
//! against GNU Go 3.8, point by point, and the points where the two differ on purpose.
//!
//! # Examples
//!
//! ```
//! use go_board::{Board, Color, Point};
//! use go_eval::unconditional::{Unconditional, UnconditionalStatus};
//! let board = Board::from_diagram(
//!     "
//!     . X . X O .
//!     X X X X O .
//!     O O O O O .
//!     . . . . . .
//!     ",
//! )?;
//! let u = Unconditional::new(&board);
//! let size = board.size();
//! let at = |v: &str| u.status(Point::parse_gtp(v, size).unwrap());
//! // Two eyes (A4 and C4) make Black's chain invincible; White's wall is not.
//! assert_eq!(at("B3"), UnconditionalStatus::Alive);
//! assert_eq!(at("A4"), UnconditionalStatus::Territory(Color::Black));
//! assert_eq!(at("E4"), UnconditionalStatus::Undecided);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use go_board::{Board, ByColor, Color, Point, PointSet};

/// The unconditional status of a point (GTP's `unconditional_status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum UnconditionalStatus {
    /// A stone of an invincible chain, or a stone on its own colour's territory.
    Alive,
    /// A stone on the other colour's territory.
    Dead,
    /// An empty point of a colour's unconditional territory.
    Territory(Color),
    /// Anything else.
    Undecided,
}

impl fmt::Display for UnconditionalStatus {
    /// GNU Go's words: `alive`, `dead`, `black_territory`, `white_territory`,
    /// `undecided`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UnconditionalStatus::Alive => "alive",
            UnconditionalStatus::Dead => "dead",
            UnconditionalStatus::Territory(Color::Black) => "black_territory",
            UnconditionalStatus::Territory(Color::White) => "white_territory",
            UnconditionalStatus::Undecided => "undecided",
        })
    }
}

/// The unconditional status of every point, for both colours.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Unconditional {
    /// Each colour's invincible stones: no sequence of opponent moves captures them.
    pub invincible: ByColor<PointSet>,
    /// Each colour's alive stones: the invincible ones and those on its own territory.
    pub alive: ByColor<PointSet>,
    /// Each colour's dead stones: those on the other colour's territory.
    pub dead: ByColor<PointSet>,
    /// Each colour's unconditional territory: its empty points.
    pub territory: ByColor<PointSet>,
}

impl Unconditional {
    /// Runs the analysis for both colours of `board`.
    pub fn new(board: &Board) -> Unconditional {
        let mut u = Unconditional {
            invincible: ByColor::new(PointSet::EMPTY, PointSet::EMPTY),
            alive: ByColor::new(PointSet::EMPTY, PointSet::EMPTY),
            dead: ByColor::new(PointSet::EMPTY, PointSet::EMPTY),
            territory: ByColor::new(PointSet::EMPTY, PointSet::EMPTY),
        };
        let empty = board.empty_set();
        for color in Color::ALL {
            let life = Life::of(board, color);
            let own = *board.stones(color) & life.settled;
            let other = *board.stones(color.opponent()) & life.settled;
            u.invincible[color] = life.invincible;
            u.alive[color] = own;
            u.dead[color.opponent()] = other;
            u.territory[color] = empty & life.settled;
        }
        // A point both colours claim (GNU Go lets Black's answer stand).
        for set in [&mut u.alive.white, &mut u.dead.white] {
            *set -= u.alive.black | u.dead.black | u.territory.black;
        }
        u.dead.black -= u.alive.black;
        u.territory.white -= u.alive.black | u.dead.black | u.territory.black;
        u
    }

    /// The status of `point`.
    pub fn status(&self, point: Point) -> UnconditionalStatus {
        for color in Color::ALL {
            if self.alive[color].contains(point) {
                return UnconditionalStatus::Alive;
            }
            if self.dead[color].contains(point) {
                return UnconditionalStatus::Dead;
            }
            if self.territory[color].contains(point) {
                return UnconditionalStatus::Territory(color);
            }
        }
        UnconditionalStatus::Undecided
    }
}

/// One colour's analysis.
struct Life {
    /// The colour's invincible stones.
    invincible: PointSet,
    /// The invincible stones and the colour's unconditional territory.
    settled: PointSet,
}

impl Life {
    fn of(board: &Board, color: Color) -> Life {
        let nothing = Life { invincible: PointSet::EMPTY, settled: PointSet::EMPTY };
        let candidates = potential_seki(board, color);
        let mut work = board.clone();
        capture_all(&mut work, color, candidates);
        let mut invincible = *work.stones(color) - candidates;
        if invincible.is_empty() {
            return nothing;
        }
        // Which potential sekis hold: those left with many liberties once the opponent
        // has filled the space around them. The others are captured like any chain.
        let mut trial = work.clone();
        territory(&mut trial, color, invincible);
        let seki: PointSet = chains_in_order(&trial, color)
            .into_iter()
            .filter(|stones| {
                let before = work.empty_set();
                stones.is_subset(&candidates)
                    && stones.adjacent(&trial.empty_set()).len() > MAX_SEKI_CAPTURE_LIBERTIES
                    && stones.iter().all(|p| PointSet::from_iter([p]).adjacent(&before).len() >= 2)
            })
            .fold(PointSet::EMPTY, |a, s| a | s);
        if seki != candidates {
            work = board.clone();
            capture_all(&mut work, color, seki);
            invincible = *work.stones(color) - seki;
            if invincible.is_empty() {
                return nothing;
            }
        }
        let territory = territory(&mut work, color, invincible);
        Life { invincible, settled: invincible | territory }
    }
}

/// The points of a board in GNU Go's order: the top row first, each from the left.
fn board_order(board: &Board) -> impl Iterator<Item = Point> + '_ {
    let size = board.size();
    (0..size.rows())
        .rev()
        .flat_map(move |row| (0..size.cols()).map(move |col| Point::must(col, row, size)))
}

/// The chains of `color` on `board`, each as its stones, in board order of their first
/// stone.
fn chains_in_order(board: &Board, color: Color) -> Vec<PointSet> {
    let mut seen = PointSet::EMPTY;
    let mut out = Vec::new();
    for p in board_order(board) {
        if board.color_at(p) == Some(color) && !seen.contains(p) {
            let stones = board.chain_stones(p);
            seen |= stones;
            out.push(stones);
        }
    }
    out
}

/// Two-stone chains of `color` with no other stone of `color` and no edge among the
/// points around them: the chains that may live in seki inside an opponent's eye.
fn potential_seki(board: &Board, color: Color) -> PointSet {
    let size = board.size();
    let mut out = PointSet::EMPTY;
    for stones in chains_in_order(board, color) {
        if stones.len() != 2 {
            continue;
        }
        let isolated = stones.iter().all(|p| {
            [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)].iter().all(
                |&(dx, dy)| match p.offset(dx, dy, size) {
                    None => false,
                    Some(q) => board.color_at(q) != Some(color) || stones.contains(q),
                },
            )
        });
        if isolated {
            out |= stones;
        }
    }
    out
}

/// Plays `color` on `point` if it is empty and not a suicide; whether it played.
fn try_play(board: &mut Board, color: Color, point: Point) -> bool {
    if board.color_at(point).is_some() || board.is_suicide(color, point) {
        return false;
    }
    board.play(color, point);
    true
}

/// Captures every chain of `color` (except `spared`) that the opponent can capture by
/// moves in a row, leaving the opponent's stones on the board.
fn capture_all(board: &mut Board, color: Color, spared: PointSet) {
    let other = color.opponent();
    loop {
        let mut captured = false;
        for stones in chains_in_order(board, color) {
            let p = stones.first().expect("a chain has a stone");
            if !spared.is_disjoint(&stones) || board.color_at(p) != Some(color) {
                continue;
            }
            let saved = board.clone();
            for lib in board.liberties(p) {
                try_play(board, other, lib);
            }
            if board.color_at(p) != Some(color) {
                captured = true;
            } else if board.liberty_count(p) == 1 {
                let last = board.liberties(p).first().expect("one liberty");
                // Capturing is never a suicide; a ko ban does not apply to moves in a row.
                board.play(other, last);
                captured = true;
            } else {
                *board = saved;
            }
        }
        if !captured {
            return;
        }
    }
}

/// The territory of `color` around its `invincible` stones, found by letting the
/// opponent fill the space on `board` (which it changes).
fn territory(board: &mut Board, color: Color, invincible: PointSet) -> PointSet {
    let other = color.opponent();
    // 1. The opponent plays on the liberties of the invincible chains.
    for stones in chains_in_order(board, color) {
        if stones.is_subset(&invincible) {
            let p = stones.first().expect("a chain has a stone");
            for lib in board.liberties(p) {
                try_play(board, other, lib);
            }
        }
    }
    // 2. It extends its chains in atari.
    extend_ataris(board, other);
    // 3. It splits big eyes, and shrinks two-point eyes where that leaves its chain
    // out of atari.
    fill(board, other, 2, 1);
    fill(board, other, 1, 2);
    // 4. It shrinks the two-point eyes left.
    fill(board, other, 1, 1);
    let empty = board.empty_set();
    let mut territory = invincible.adjacent(&empty);
    for stones in chains_in_order(board, other) {
        let libs = stones.adjacent(&empty);
        if libs.len() == 1 {
            territory |= stones | libs;
        }
    }
    territory
}

/// A potential seki with at most this many liberties, once the opponent has filled the
/// space around it, is no seki.
const MAX_SEKI_CAPTURE_LIBERTIES: usize = 3;

/// Plays `color` wherever its stone gets at least `empty_neighbours` empty neighbours
/// and its chain at least `liberties` liberties, in board order, until no such point is
/// left.
fn fill(board: &mut Board, color: Color, empty_neighbours: usize, liberties: usize) {
    let size = board.size();
    loop {
        let mut played = false;
        for p in board_order(board).collect::<Vec<_>>() {
            if board.color_at(p).is_some()
                || p.neighbours(size).filter(|&q| board.color_at(q).is_none()).count()
                    < empty_neighbours
                || board.is_suicide(color, p)
            {
                continue;
            }
            let undo = board.play(color, p);
            if board.liberty_count(p) >= liberties {
                played = true;
            } else {
                board.undo(undo);
            }
        }
        if !played {
            return;
        }
    }
}

/// Extends the chains of `color` in atari on `board` while that is not a suicide.
fn extend_ataris(board: &mut Board, color: Color) {
    loop {
        let mut played = false;
        for stones in chains_in_order(board, color) {
            let p = stones.first().expect("a chain has a stone");
            if board.color_at(p) == Some(color) && board.liberty_count(p) == 1 {
                let lib = board.liberties(p).first().expect("one liberty");
                if try_play(board, color, lib) {
                    played = true;
                }
            }
        }
        if !played {
            return;
        }
    }
}
