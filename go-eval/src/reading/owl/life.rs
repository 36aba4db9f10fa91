//! The owl reader's leaves: the dragon at a node, its eye spaces with their values and
//! vital points, and its escape.

use go_board::{Board, Color, Point, PointSet};

use crate::reading::eyes::region_value;
use crate::reading::local::PointList;

/// The largest enclosed region that counts as an eye space (larger ones are open
/// territory: two eyes).
pub const EYE_SPACE_MAX: usize = 10;

/// Plies of free points (empty, not next to an attacker's stone) the escape search
/// walks from the dragon's liberties.
const ESCAPE_STEPS: usize = 5;

/// Open points (empty, above the first line, no attacker's stone within distance 3)
/// among the points the escape search reaches that make an escape.
const ESCAPE_POINTS: usize = 6;

/// What a leaf knows about a dragon.
#[derive(Clone, Debug)]
pub(crate) struct Life {
    /// The dragon's stones (empty when the target chain is captured).
    pub(crate) dragon: PointSet,
    /// Eyes the dragon keeps whatever the attacker does, capped at 2.
    pub(crate) min: u8,
    /// Eyes the dragon gets if its owner moves first, capped at 2.
    pub(crate) max: u8,
    /// Whether the dragon escapes (room to run).
    pub(crate) escaped: bool,
    /// The open points its liberties reach (the room to run; 0 when it has two eyes).
    pub(crate) room: usize,
    /// The regions of more than [`EYE_SPACE_MAX`] points (the attacker's stones in
    /// them included) next to the dragon: where its room lies.
    pub(crate) outside: PointSet,
    /// Vital points: where a move changes an eye space's value.
    pub(crate) vital: PointList<16>,
    /// The points of the small eye spaces (nakade and eye-making moves).
    pub(crate) eye_points: PointSet,
    /// The dragon's liberties.
    pub(crate) liberties: PointSet,
    /// The owner's stones around the dragon's eye spaces: the dragon's, and those of
    /// chains an invader in a capturing race keeps out of it.
    pub(crate) walls: PointSet,
}

impl Life {
    /// Whether the dragon lives whatever the attacker does.
    pub(crate) fn alive(&self) -> bool {
        !self.dragon.is_empty() && (self.min >= 2 || self.escaped)
    }

    /// A value of the leaf for move ordering, higher for the owner.
    pub(crate) fn score(&self) -> i32 {
        if self.dragon.is_empty() {
            return -10_000;
        }
        let libs = self.liberties.len().min(12) as i32;
        let escape = if self.escaped { 300 } else { 0 };
        400 * i32::from(self.min)
            + 150 * i32::from(self.max)
            + escape
            + 8 * libs
            + self.eye_points.len().min(12) as i32
    }
}

/// The points of `within` connected to `seed` inside `within`, or `None` once they are
/// more than `max`.
fn bounded_fill(seed: PointSet, within: &PointSet, max: usize) -> Option<PointSet> {
    let mut filled = seed & *within;
    loop {
        let next = filled.dilate(within);
        if next.len() > max {
            return None;
        }
        if next == filled {
            return Some(filled);
        }
        filled = next;
    }
}

/// The leaf value of the dragon holding the stones `goal` (of `owner`) that are
/// still on the board; `target` is the chain whose capture kills it.
pub(crate) fn assess(board: &Board, goal: &PointSet, owner: Color, target: Point) -> Life {
    let size = board.size();
    let on_board = size.on_board();
    let own = *board.stones(owner);
    let opp = *board.stones(!owner);
    let mut life = Life {
        dragon: PointSet::EMPTY,
        min: 0,
        max: 0,
        escaped: false,
        room: 0,
        outside: PointSet::EMPTY,
        vital: PointList::new(),
        eye_points: PointSet::EMPTY,
        liberties: PointSet::EMPTY,
        walls: PointSet::EMPTY,
    };
    if board.color_at(target) != Some(owner) {
        return life;
    }
    let mut dragon = PointSet::flood_fill(&(*goal & own), &own);
    let non_own = on_board - own;
    let mut seen = PointSet::EMPTY;
    let mut outside = PointSet::EMPTY;
    let mut regions: PointList<16> = PointList::new();
    let mut region_sets: Vec<PointSet> = Vec::new();
    // Grow the dragon through the enclosed regions it shares with other chains.
    loop {
        let seeds = dragon.adjacent(&non_own) - seen;
        if seeds.is_empty() {
            break;
        }
        let mut grown = false;
        for p in seeds {
            if seen.contains(p) {
                continue;
            }
            let one = PointSet::from_iter([p]);
            match bounded_fill(one, &non_own, EYE_SPACE_MAX) {
                Some(region) => {
                    seen |= region;
                    let border = region.adjacent(&own);
                    life.walls |= border;
                    if !border.is_subset(&dragon) && holds_together(board, &region, owner) {
                        dragon |= PointSet::flood_fill(&border, &own);
                        grown = true;
                    }
                    if regions.push(p) {
                        region_sets.push(region);
                    }
                }
                None => {
                    let big = PointSet::flood_fill(&one, &non_own);
                    seen |= big;
                    outside |= big;
                }
            }
        }
        if !grown {
            break;
        }
    }
    life.dragon = dragon;
    life.outside = outside;
    let empty = board.empty_set();
    life.liberties = dragon.adjacent(&empty);
    let (mut min, mut max) = (0u32, 0u32);
    for region in &region_sets {
        let v = eye_value(board, region, owner);
        min += u32::from(v.min);
        max += u32::from(v.max);
        if let Some(p) = v.vital {
            life.vital.push_unique(p);
        }
        for p in v.others {
            life.vital.push_unique(p);
        }
        if region.len() <= EYE_SPACE_MAX {
            life.eye_points |= *region & empty;
        }
    }
    life.min = min.min(2) as u8;
    life.max = max.min(2) as u8;
    if life.min < 2 {
        // Escape: room free of the attacker's stones beyond the dragon's liberties.
        let near_opp = opp.dilate(&on_board);
        let free = empty - near_opp;
        let mut reach = life.liberties & outside & free;
        for _ in 0..ESCAPE_STEPS {
            reach = reach.dilate(&free);
        }
        let open = free - near_opp.dilate(&on_board).dilate(&on_board) - edge(size);
        life.room = (reach & open).len();
        life.escaped = life.room >= ESCAPE_POINTS;
    }
    life
}

/// Whether the chains of `owner` around the enclosed `region` hold together through it
/// (one dragon): the attacker's chains inside, if any, are in atari or have fewer
/// liberties than every chain of `owner` they touch. An invader with as many liberties
/// as a chain of the wall is in a capturing race with it, not a lunch: the wall chains
/// do not share an eye there, and one of them may live by running while the other dies.
fn holds_together(board: &Board, region: &PointSet, owner: Color) -> bool {
    let own = board.stones(owner);
    let mut done = PointSet::EMPTY;
    for p in *region & *board.stones(!owner) {
        if done.contains(p) {
            continue;
        }
        let chain = board.chain_stones(p);
        done |= chain;
        let liberties = board.liberty_count(p);
        if liberties > 1 && chain.adjacent(own).iter().any(|q| board.liberty_count(q) <= liberties)
        {
            return false;
        }
    }
    true
}

/// The points of the first line.
fn edge(size: go_board::BoardSize) -> PointSet {
    size.points().filter(|p| p.line(size) == 1).collect()
}

/// The value of one eye space: least and most eyes, and the point that decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EyeValue {
    pub(crate) min: u8,
    pub(crate) max: u8,
    /// The point that decides (vital for both sides when there is one).
    pub(crate) vital: Option<Point>,
    /// Other moves that change the value (for one side).
    pub(crate) others: PointSet,
}

/// The value of the enclosed region `region` (empty points and the attacker's stones)
/// of `owner`: a single point by its diagonals ([`single_eye`]), up to
/// [`TABLE_POINTS`](crate::reading::eyes::TABLE_POINTS) points from the eye table (the attacker's stones inside dead,
/// points with the attacker's stones on two diagonals marginal), larger ones two eyes,
/// or one or two when the attacker has stones inside.
pub(crate) fn eye_value(board: &Board, region: &PointSet, owner: Color) -> EyeValue {
    let n = region.len();
    if n == 1 {
        let p = region.first().expect("a point");
        return single_eye(board, p, owner);
    }
    let invaders = *region & *board.stones(!owner);
    if let Some((v, attack, defence)) = region_value(board, owner, region) {
        let both = attack & defence;
        let vital = both.first().or_else(|| attack.first()).or_else(|| defence.first());
        let others =
            (attack | defence) - vital.map_or(PointSet::EMPTY, |p| PointSet::from_iter([p]));
        let mut min = v.min();
        let shortage = if invaders.is_empty() {
            1
        } else {
            invaders.iter().map(|p| board.liberty_count(p)).max().unwrap_or(0).clamp(1, 3)
        };
        if n >= 3 && short_wall(board, region, owner, shortage) {
            // The table knows no liberties: the invaders it counts dead may win a race
            // against a wall short of liberties, and a wall without outside liberties
            // is captured from inside.
            min = min.min(1);
        }
        return EyeValue { min, max: v.max(), vital, others };
    }
    let invaded = !invaders.is_empty();
    if invaded && n <= EYE_SPACE_MAX {
        // The attacker's stones inside a large space may live or reduce it.
        return EyeValue { min: 1, max: 2, vital: None, others: PointSet::EMPTY };
    }
    EyeValue { min: 2, max: 2, vital: None, others: PointSet::EMPTY }
}

/// Whether a chain of `owner` around `region` has at most `max` liberties outside it.
fn short_wall(board: &Board, region: &PointSet, owner: Color, max: usize) -> bool {
    let wall = region.adjacent(board.stones(owner));
    let mut done = PointSet::EMPTY;
    for p in wall {
        if done.contains(p) {
            continue;
        }
        done |= board.chain_stones(p);
        if (board.liberties(p) - *region).len() <= max {
            return true;
        }
    }
    false
}

/// A one-point eye space: a proper eye, a half eye (with the diagonal that decides) or
/// a false eye, from its diagonals: an attacker's stone counts 2, an empty diagonal
/// next to an attacker's stone 1, and a point on the edge adds 2; 4 or more is false,
/// 3 is half.
fn single_eye(board: &Board, p: Point, owner: Color) -> EyeValue {
    let size = board.size();
    let mut sum = 0;
    let mut contested: Option<Point> = None;
    let mut diagonals = 0;
    for d in p.diagonals(size) {
        diagonals += 1;
        match board.color_at(d) {
            Some(c) if c != owner => {
                // A capturable attacker's stone is contestable only.
                sum += if board.liberty_count(d) == 1 { 1 } else { 2 };
                if board.liberty_count(d) == 1 {
                    contested = contested.or(board.liberties(d).first());
                }
            }
            None => {
                if d.neighbours(size).any(|q| board.color_at(q) == Some(!owner)) {
                    sum += 1;
                    contested = contested.or(Some(d));
                }
            }
            Some(_) => {}
        }
    }
    if diagonals < 4 {
        sum += 2;
    }
    let one = |min, max, vital| EyeValue { min, max, vital, others: PointSet::EMPTY };
    if board.color_at(p) == Some(!owner) {
        // An attacker's stone filling the eye: the owner captures it to make the eye.
        return one(0, 1, board.liberties(p).first());
    }
    match sum {
        s if s >= 4 => one(0, 0, None),
        3 => one(0, 1, contested),
        _ => one(1, 1, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn region(board: &Board, vertices: &[&str]) -> PointSet {
        vertices.iter().map(|v| Point::parse_gtp(v, board.size()).unwrap()).collect()
    }

    #[test]
    fn eye_shapes() {
        let board = Board::from_diagram(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            ",
        )
        .unwrap();
        let b = Color::Black;
        let at = |v| Point::parse_gtp(v, board.size()).unwrap();
        let straight = eye_value(&board, &region(&board, &["C4", "D4", "E4"]), b);
        assert_eq!((straight.min, straight.max, straight.vital), (1, 2, Some(at("D4"))));
        let square = eye_value(&board, &region(&board, &["C4", "D4", "C3", "D3"]), b);
        assert_eq!((square.min, square.max), (1, 1));
        let pyramid = eye_value(&board, &region(&board, &["C4", "D4", "E4", "D5"]), b);
        assert_eq!(pyramid.vital, Some(at("D4")));
        let line4 = eye_value(&board, &region(&board, &["B4", "C4", "D4", "E4"]), b);
        assert_eq!((line4.min, line4.max), (2, 2));
        let cross = eye_value(&board, &region(&board, &["D4", "C4", "E4", "D3", "D5"]), b);
        assert_eq!(cross.vital, Some(at("D4")));
        let bulky = eye_value(&board, &region(&board, &["C4", "D4", "C3", "D3", "E4"]), b);
        assert_eq!(bulky.vital, Some(at("D4")));
        let rabbity = eye_value(&board, &region(&board, &["D4", "C4", "E4", "D3", "D5", "E5"]), b);
        assert_eq!(rabbity.vital, Some(at("D4")));
        let big = eye_value(&board, &region(&board, &["B4", "C4", "D4", "E4", "F4", "G4"]), b);
        assert_eq!((big.min, big.max), (2, 2));
    }

    #[test]
    fn false_and_half_eyes() {
        // B1 is an edge eye: White's C2 (three liberties) makes it false.
        let board = Board::from_diagram(
            "
            . . . . .
            . . . . .
            X . X . .
            X X O O .
            X . X . .
            ",
        )
        .unwrap();
        let at = |v| Point::parse_gtp(v, board.size()).unwrap();
        assert_eq!(single_eye(&board, at("B1"), Color::Black).max, 0);
        // B3: White's C4 counts 2, the empty C2 beside White's D2 counts 1: half an
        // eye, decided on C2.
        let board = Board::from_diagram(
            "
            . . . . .
            . X O . .
            X . X . .
            . X . O .
            . . . . .
            ",
        )
        .unwrap();
        let half = single_eye(&board, at("B3"), Color::Black);
        assert_eq!((half.min, half.max, half.vital), (0, 1, Some(at("C2"))));
        // Without White's D2 the eye is proper.
        let board = Board::from_diagram(
            "
            . . . . .
            . X O . .
            X . X . .
            . X . . .
            . . . . .
            ",
        )
        .unwrap();
        assert_eq!(single_eye(&board, at("B3"), Color::Black).min, 1);
    }
}
