//! Support for the integration tests: a seeded RNG, a small ladder reader (so that the
//! ladder built-ins are tested against real reading), random and transformed boards,
//! and patterns cut out of boards.
#![allow(dead_code, unreachable_pub)]

use go_board::{Board, BoardSize, Color, Point, Symmetry};
use go_patterns::{BoardOracle, Match, MatchInput, PatternSet};

/// SplitMix64.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// A ladder reader: successive ataris by the attacker, extensions (or captures of an
/// attacking stone in atari) by the owner, to a depth limit.
#[derive(Clone, Copy, Debug, Default)]
pub struct LadderOracle;

const LADDER_DEPTH: usize = 60;

impl LadderOracle {
    /// Whether the attacker captures the chain at `target`, `to_move` playing first.
    fn captured(board: &mut Board, target: Point, to_move: Color, depth: usize) -> bool {
        let Some(owner) = board.color_at(target) else { return true };
        let attacker = owner.opponent();
        let libs = board.liberties(target);
        if depth >= LADDER_DEPTH {
            return false;
        }
        if to_move == attacker {
            match libs.len() {
                1 => true,
                2 => libs.iter().any(|l| {
                    if !board.is_legal(attacker, l) {
                        return false;
                    }
                    let undo = board.play(attacker, l);
                    // The atari stone must not be capturable at once.
                    let ok = board.color_at(target) == Some(owner)
                        && board.liberty_count(target) == 1
                        && board.liberty_count(l) >= 2
                        && Self::captured(board, target, owner, depth + 1);
                    board.undo(undo);
                    ok
                }),
                _ => false,
            }
        } else {
            if libs.len() >= 3 {
                return false;
            }
            // The owner's tries: extend at a liberty, or capture an attacker in atari
            // next to the chain.
            let mut tries: Vec<Point> = libs.iter().collect();
            for s in board.chain_stones(target).iter() {
                for n in s.neighbours(board.size()) {
                    if board.color_at(n) == Some(attacker) && board.liberty_count(n) == 1 {
                        tries.extend(board.liberties(n).iter());
                    }
                }
            }
            if libs.len() == 2 {
                // With two liberties and the owner to move, the ladder must work
                // whatever the owner does (including passing).
                if !Self::captured(board, target, attacker, depth + 1) {
                    return false;
                }
            }
            !tries.into_iter().any(|t| {
                if !board.is_legal(owner, t) {
                    return false;
                }
                let undo = board.play(owner, t);
                let escaped = board.color_at(target) == Some(owner)
                    && match board.liberty_count(target) {
                        0 | 1 => false,
                        2 => !Self::captured(board, target, attacker, depth + 1),
                        _ => true,
                    };
                board.undo(undo);
                escaped
            })
        }
    }
}

impl BoardOracle for LadderOracle {
    fn ladder_attack(&self, board: &Board, target: Point, to_move: Color) -> Option<bool> {
        let mut scratch = board.clone();
        Some(Self::captured(&mut scratch, target, to_move, 0))
    }
}

/// A board after `moves` random legal moves (captures included).
pub fn random_game(rng: &mut Rng, size: BoardSize, moves: usize) -> (Board, Vec<(Color, Point)>) {
    let mut board = Board::new(size);
    let mut color = Color::Black;
    let mut played = Vec::new();
    for _ in 0..moves {
        let empty: Vec<Point> = board.empty_points().collect();
        let mut ok = false;
        for _ in 0..8 {
            let p = empty[rng.below(empty.len())];
            if board.is_legal(color, p) {
                board.play(color, p);
                played.push((color, p));
                ok = true;
                break;
            }
        }
        if !ok {
            board.pass();
        }
        color = color.opponent();
    }
    (board, played)
}

/// The image of board coordinates (possibly off the board) under `g` on a board of
/// `size`.
pub fn map_coords(g: Symmetry, size: BoardSize, (x, y): (i32, i32)) -> (i32, i32) {
    let a1 = g.apply(Point::must(0, 0, size), size);
    let (dx, dy) = g.apply_offset((x, y));
    (dx + i32::from(a1.col()), dy + i32::from(a1.row()))
}

/// The board transformed by `g`, colours swapped if `swap`.
pub fn transform_board(board: &Board, g: Symmetry, swap: bool) -> Board {
    let size = board.size();
    let mut out = Board::new(g.apply_size(size));
    for p in size.points() {
        if let Some(c) = board.color_at(p) {
            let c = if swap { c.opponent() } else { c };
            out.set_point(g.apply(p, size), Some(c)).expect("an image of a legal board is legal");
        }
    }
    out
}

/// A match as comparable data: the pattern, and the board coordinates of the points it
/// mentions (mapped by `g` when given).
pub fn keys(
    set: &PatternSet,
    matches: &[Match],
    map: Option<(Symmetry, BoardSize)>,
) -> Vec<(String, Vec<(i32, i32)>)> {
    let mut out: Vec<(String, Vec<(i32, i32)>)> = matches
        .iter()
        .map(|m| {
            let mut k = set.match_support(m);
            if let Some((g, size)) = map {
                for c in &mut k {
                    *c = map_coords(g, size, *c);
                }
            }
            k.sort_unstable();
            (set.pattern(m.pattern).name().to_owned(), k)
        })
        .collect();
    out.sort();
    out
}

/// A diagram cut out of `board` around the window `[x0, x0 + w) × [y0, y0 + h)`
/// (clipped), with `star` as the move, colours relative to `to_move`, some cells turned
/// into wildcards, and the board's edges drawn where the window touches them.
pub fn cut_pattern(
    rng: &mut Rng,
    name: &str,
    board: &Board,
    to_move: Color,
    (x0, y0, w, h): (i32, i32, i32, i32),
    wildcards: u64,
) -> Option<String> {
    let size = board.size();
    let (cols, rows) = (i32::from(size.cols()), i32::from(size.rows()));
    let (x0, y0) = (x0.max(0), y0.max(0));
    let (x1, y1) = ((x0 + w).min(cols), (y0 + h).min(rows));
    if x1 <= x0 || y1 <= y0 {
        return None;
    }
    let empties: Vec<(i32, i32)> = (x0..x1)
        .flat_map(|x| (y0..y1).map(move |y| (x, y)))
        .filter(|&(x, y)| board.color_at(Point::must(x as u8, y as u8, size)).is_none())
        .collect();
    if empties.is_empty() {
        return None;
    }
    let star = empties[rng.below(empties.len())];
    let (left, right, bottom, top) = (x0 == 0, x1 == cols, y0 == 0, y1 == rows);
    let edge_row = |out: &mut String| {
        out.push_str("    ");
        if left {
            out.push('+');
        }
        for _ in x0..x1 {
            out.push('-');
        }
        if right {
            out.push('+');
        }
        out.push('\n');
    };
    let mut out = format!("pattern {name}\n  diagram\n");
    if top {
        edge_row(&mut out);
    }
    for y in (y0..y1).rev() {
        out.push_str("    ");
        if left {
            out.push('|');
        }
        for x in x0..x1 {
            let c = if (x, y) == star {
                '*'
            } else {
                let stone = board.color_at(Point::must(x as u8, y as u8, size));
                let exact = match stone {
                    None => '.',
                    Some(c) if c == to_move => 'O',
                    Some(_) => 'X',
                };
                if rng.chance(wildcards) {
                    match (exact, rng.below(2)) {
                        ('.', 0) => 'x',
                        ('.', _) => 'o',
                        ('O', 0) => 'o',
                        ('X', 0) => 'x',
                        _ => '?',
                    }
                } else {
                    exact
                }
            };
            out.push(c);
        }
        if right {
            out.push('|');
        }
        out.push('\n');
    }
    if bottom {
        edge_row(&mut out);
    }
    out.push_str("  candidate with(shape, 1) * end_candidate\nend_pattern\n");
    Some(out)
}

/// The input for a board with a side to move and a last move.
pub fn input(
    board: &Board,
    to_move: Color,
    last: Option<Point>,
    move_number: u32,
) -> MatchInput<'_> {
    MatchInput { board, to_move, last_move: last, move_number }
}

/// Patterns that exercise every construct of the matcher: edges, corners, sides, the
/// centre, rotations only, labels, lowered and residual conditions, the last move,
/// hypothetical moves, ladders, time, dynamic sets, sequences.
pub const FEATURES: &str = r#"
pattern t_corner_diagram
  diagram
    |?..
    |.*o
    |X.x
    +---
  candidate with(shape, 10) * end_candidate
end_pattern

pattern t_side_rotations
  place side non_symmetric
  condition state(b2) = friend and state(c2) = empty | enemy
  candidate with(shape, 5) c1 end_candidate
end_pattern

pattern t_centre
  place centre
  condition state(b2) = friend and count(range(a1, 3, 3), enemy) >= 2
  candidate with(attack, 5) b3 end_candidate
end_pattern

pattern t_or_not
  diagram
    ?O?
    .*X
  condition (state(a1) = empty or state(c2) = friend) and not state(b3) = enemy
  candidate with(shape, 3) * end_candidate
end_pattern

pattern t_last
  diagram
    .*.
    .X.
  condition near_last(*, 2) and dist(last, b1) <= 3 and last in range(shift(b1, -2, -2), 5, 5)
  candidate with(urgent, 7) * end_candidate
end_pattern

pattern t_libs_after
  diagram
    ?X?
    O*O
  labels
    ?a?
    O*O
  condition libs(a) <= 3 and after(*, friend, libs(a) <= 2) and chain_size(a) >= 1
  candidate with(attack, 4) * end_candidate
end_pattern

pattern t_ladder
  diagram
    ?*?
    .X.
  labels
    ?*?
    .a.
  condition libs(a) = 2 and after(*, friend, not ladder_escape(a))
  candidate with(attack, 6) * end_candidate
end_pattern

pattern t_time
  time moves 10..60, stones 0..5
  diagram
    X*X
  candidate with(opening, 1) * end_candidate
end_pattern

pattern t_dynamic_set
  diagram
    O*
  condition states(difference(range(last, 2, 1), pset(*))) = enemy | friend
  candidate with(shape, 1) * end_candidate
end_pattern

pattern t_corner_non_symmetric
  place corner non_symmetric
  condition state(c2) = friend and state(b3) != friend
  candidate with(shape, 2) c3 end_candidate
end_pattern

pattern t_sequence
  place corner
  condition emparea(a1, 5, 5)
  candidate
    tarea(a1:e5)
    with(joseki, 1) c3
    next(joseki, 1) d4
      tenuki(joseki, 1) d3
  end_candidate
end_pattern
"#;
