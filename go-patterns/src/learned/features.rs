//! The features of a move: the tactical ones (capture, escape from atari, self-atari,
//! atari, distance to the edge and to the last two moves) and the largest learned shape
//! around it. A move is a team of features, one level (or none) per group.

use core::fmt;

use go_board::{Board, Color, Event, Move, Point, PointMap, Position};

use super::dictionary::Dictionary;
use super::geometry::gridcular;
use super::shape::Padded;
use crate::BoardOracle;

/// A group of features: a move has at most one level of each group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FeatureGroup {
    /// The move captures: it saves an own chain in atari (one stone captured, or more),
    /// takes a ko, takes the stone just played, or captures one, two or three, or four or
    /// more stones otherwise (the first that applies).
    Capture,
    /// The move extends an own chain out of atari (without capturing): it stays in atari,
    /// gets two liberties but dies in a ladder, gets two liberties, or three or more.
    Escape,
    /// The move leaves its own chain with one liberty (without capturing): a chain of
    /// one, two, or three or more stones.
    SelfAtari,
    /// The move puts an opponent chain in atari: one that dies in a ladder, any atari
    /// while a ko is on the board, an atari on two or more stones, or on one stone.
    Atari,
    /// The line of the move, counted from the nearest edge: 1 to 4.
    Line,
    /// The gridcular distance `|dx| + |dy| + max(|dx|, |dy|)` to the last move: 2 to 16,
    /// or 17 and more.
    LastMove,
    /// The gridcular distance to the move before the last one: 2 to 16, or 17 and more.
    SecondLastMove,
    /// The liberties of the move's chain when it joins own stones (two, three, four, or
    /// five and more; one is a self-atari).
    Liberties,
    /// The move leaves an opponent chain next to it with two liberties (it had more): a
    /// chain of one stone, two or three, or four and more.
    Pressure,
    /// The move's place by game phase: its lines from the nearer edge `a` and from the
    /// nearer perpendicular edge `b` (`a <= b`; `a` 1 to 6, `b` capped at 7), or the
    /// centre (both 7 or more), in the opening (moves 1–50), the middle game (51–150)
    /// or later (151 and more): 28 levels per phase, `early:3-4` to `late:centre`.
    Place,
    /// Who owns the move's point in the host's estimate ([`BoardOracle::ownership`]),
    /// seen from the side to move (its territory, its influence, neutral, the
    /// opponent's influence, the opponent's territory), by game phase as
    /// [`FeatureGroup::Place`]: 5 levels per phase, `early:own-territory` to
    /// `late:enemy-territory`. Absent when the oracle gives no estimate.
    Owner,
    /// The largest learned shape around the move: a level per shape of the dictionary.
    Shape,
}

/// The number of tactical groups.
pub(crate) const TACTICAL: usize = 11;

/// The distance levels' names.
const DISTANCES: [&str; 16] =
    ["2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17+"];

/// The place levels' names (phase, then the two lines).
const PLACES: [&str; 84] = [
    "early:1-1",
    "early:1-2",
    "early:1-3",
    "early:1-4",
    "early:1-5",
    "early:1-6",
    "early:1-7+",
    "early:2-2",
    "early:2-3",
    "early:2-4",
    "early:2-5",
    "early:2-6",
    "early:2-7+",
    "early:3-3",
    "early:3-4",
    "early:3-5",
    "early:3-6",
    "early:3-7+",
    "early:4-4",
    "early:4-5",
    "early:4-6",
    "early:4-7+",
    "early:5-5",
    "early:5-6",
    "early:5-7+",
    "early:6-6",
    "early:6-7+",
    "early:centre",
    "middle:1-1",
    "middle:1-2",
    "middle:1-3",
    "middle:1-4",
    "middle:1-5",
    "middle:1-6",
    "middle:1-7+",
    "middle:2-2",
    "middle:2-3",
    "middle:2-4",
    "middle:2-5",
    "middle:2-6",
    "middle:2-7+",
    "middle:3-3",
    "middle:3-4",
    "middle:3-5",
    "middle:3-6",
    "middle:3-7+",
    "middle:4-4",
    "middle:4-5",
    "middle:4-6",
    "middle:4-7+",
    "middle:5-5",
    "middle:5-6",
    "middle:5-7+",
    "middle:6-6",
    "middle:6-7+",
    "middle:centre",
    "late:1-1",
    "late:1-2",
    "late:1-3",
    "late:1-4",
    "late:1-5",
    "late:1-6",
    "late:1-7+",
    "late:2-2",
    "late:2-3",
    "late:2-4",
    "late:2-5",
    "late:2-6",
    "late:2-7+",
    "late:3-3",
    "late:3-4",
    "late:3-5",
    "late:3-6",
    "late:3-7+",
    "late:4-4",
    "late:4-5",
    "late:4-6",
    "late:4-7+",
    "late:5-5",
    "late:5-6",
    "late:5-7+",
    "late:6-6",
    "late:6-7+",
    "late:centre",
];

/// The levels of [`FeatureGroup::Owner`] (phase, then the owner from the mover's side).
const OWNERS: [&str; 15] = [
    "early:own-territory",
    "early:own-influence",
    "early:neutral",
    "early:enemy-influence",
    "early:enemy-territory",
    "middle:own-territory",
    "middle:own-influence",
    "middle:neutral",
    "middle:enemy-influence",
    "middle:enemy-territory",
    "late:own-territory",
    "late:own-influence",
    "late:neutral",
    "late:enemy-influence",
    "late:enemy-territory",
];

/// The game phase of move `number` (from 1): 0 for moves 1–50, 1 for 51–150, 2 after.
fn phase(number: usize) -> usize {
    match number {
        0..=50 => 0,
        51..=150 => 1,
        _ => 2,
    }
}

/// The level of [`FeatureGroup::Owner`] of a point whose ownership is `owner` (Black
/// positive, −2 to 2) for `mover` at move `number`.
pub(crate) fn owner_level(owner: i8, mover: Color, number: usize) -> usize {
    let own = if mover == Color::Black { owner } else { -owner };
    phase(number) * 5 + (2 - own.clamp(-2, 2)) as usize
}

/// The levels of [`FeatureGroup::Place`] per phase.
const PLACES_PER_PHASE: usize = 28;

/// The level of [`FeatureGroup::Place`] of a point on lines `x` and `y` (from 1) at
/// move `number` (from 1).
pub(crate) fn place_level(x: u8, y: u8, number: usize) -> usize {
    let phase = phase(number);
    let (a, b) = (usize::from(x.min(y)), usize::from(x.max(y)).min(7));
    let within = if a >= 7 {
        PLACES_PER_PHASE - 1
    } else {
        // Pairs (a', b') with a' < a come first: 7 - a' + 1 of them for each a'.
        (1..a).map(|k| 8 - k).sum::<usize>() + (b - a)
    };
    phase * PLACES_PER_PHASE + within
}

impl FeatureGroup {
    /// The groups with a fixed list of levels, in the order of the file format.
    pub const TACTICAL: [FeatureGroup; TACTICAL] = [
        FeatureGroup::Capture,
        FeatureGroup::Escape,
        FeatureGroup::SelfAtari,
        FeatureGroup::Atari,
        FeatureGroup::Line,
        FeatureGroup::LastMove,
        FeatureGroup::SecondLastMove,
        FeatureGroup::Liberties,
        FeatureGroup::Pressure,
        FeatureGroup::Place,
        FeatureGroup::Owner,
    ];

    /// Every group: the tactical ones, then [`FeatureGroup::Shape`].
    pub const ALL: [FeatureGroup; TACTICAL + 1] = [
        FeatureGroup::Capture,
        FeatureGroup::Escape,
        FeatureGroup::SelfAtari,
        FeatureGroup::Atari,
        FeatureGroup::Line,
        FeatureGroup::LastMove,
        FeatureGroup::SecondLastMove,
        FeatureGroup::Liberties,
        FeatureGroup::Pressure,
        FeatureGroup::Place,
        FeatureGroup::Owner,
        FeatureGroup::Shape,
    ];

    /// The group's name (`capture`, `escape`, `self-atari`, `atari`, `line`, `last`,
    /// `second-last`, `liberties`, `pressure`, `place`, `owner`, `shape`).
    pub const fn name(self) -> &'static str {
        match self {
            FeatureGroup::Capture => "capture",
            FeatureGroup::Escape => "escape",
            FeatureGroup::SelfAtari => "self-atari",
            FeatureGroup::Atari => "atari",
            FeatureGroup::Line => "line",
            FeatureGroup::LastMove => "last",
            FeatureGroup::SecondLastMove => "second-last",
            FeatureGroup::Liberties => "liberties",
            FeatureGroup::Pressure => "pressure",
            FeatureGroup::Place => "place",
            FeatureGroup::Owner => "owner",
            FeatureGroup::Shape => "shape",
        }
    }

    /// The names of the levels of a tactical group, in level order; empty for
    /// [`FeatureGroup::Shape`], whose levels are the shapes of a dictionary.
    pub const fn levels(self) -> &'static [&'static str] {
        match self {
            FeatureGroup::Capture => {
                &["saves-one", "saves-more", "ko", "last-move", "one", "two-three", "four-plus"]
            }
            FeatureGroup::Escape => &["still-atari", "ladder", "two", "three-plus"],
            FeatureGroup::SelfAtari => &["one", "two", "three-plus"],
            FeatureGroup::Atari => &["ladder", "ko", "more", "one"],
            FeatureGroup::Line => &["1", "2", "3", "4"],
            FeatureGroup::LastMove | FeatureGroup::SecondLastMove => &DISTANCES,
            FeatureGroup::Liberties => &["2", "3", "4", "5-plus"],
            FeatureGroup::Pressure => &["one", "two-three", "four-plus"],
            FeatureGroup::Place => &PLACES,
            FeatureGroup::Owner => &OWNERS,
            FeatureGroup::Shape => &[],
        }
    }

    /// The place of a tactical group in [`FeatureGroup::TACTICAL`].
    pub(crate) const fn tactical_index(self) -> Option<usize> {
        match self {
            FeatureGroup::Capture => Some(0),
            FeatureGroup::Escape => Some(1),
            FeatureGroup::SelfAtari => Some(2),
            FeatureGroup::Atari => Some(3),
            FeatureGroup::Line => Some(4),
            FeatureGroup::LastMove => Some(5),
            FeatureGroup::SecondLastMove => Some(6),
            FeatureGroup::Liberties => Some(7),
            FeatureGroup::Pressure => Some(8),
            FeatureGroup::Place => Some(9),
            FeatureGroup::Owner => Some(10),
            FeatureGroup::Shape => None,
        }
    }
}

impl fmt::Display for FeatureGroup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The features of one move: a level (or none) of every [`FeatureGroup`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Team {
    /// Per tactical group, 0 for none or the level plus one.
    pub(crate) tactical: [u8; TACTICAL],
    /// The id of the largest learned shape.
    pub(crate) shape: Option<u32>,
}

impl Team {
    /// The level of `group` (an index into [`FeatureGroup::levels`], or a shape id), if
    /// the move has one.
    pub fn level(&self, group: FeatureGroup) -> Option<u32> {
        match group.tactical_index() {
            Some(i) => self.tactical[i].checked_sub(1).map(u32::from),
            None => self.shape,
        }
    }

    /// The features of the move: `(group, level)` for every group where it has one.
    pub fn features(&self) -> impl Iterator<Item = (FeatureGroup, u32)> + '_ {
        FeatureGroup::ALL.into_iter().filter_map(|g| self.level(g).map(|l| (g, l)))
    }

    fn set(&mut self, group: FeatureGroup, level: usize) {
        let i = group.tactical_index().expect("a tactical group");
        debug_assert!(level < group.levels().len());
        self.tactical[i] = level as u8 + 1;
    }
}

/// The last move and the one before it (the points; a pass counts as a move without a
/// point).
pub(crate) fn last_two_moves(position: &Position) -> (Option<Point>, Option<Point>) {
    let mut moves = position.history().iter().rev().filter_map(|e| match e {
        Event::Move(_, mv) => Some(*mv),
        Event::Setup(_) => None,
    });
    let point = |mv: Option<Move>| match mv {
        Some(Move::Play(p)) => Some(p),
        _ => None,
    };
    let last = point(moves.next());
    let second = point(moves.next());
    (last, second)
}

/// What the features of the moves of one position read: the board seen by the side to
/// move, the last two moves, and a scratch board to play on.
#[derive(Debug)]
pub(crate) struct Context<'a> {
    board: &'a Board,
    mover: Color,
    last: Option<Point>,
    second: Option<Point>,
    /// The number of the move to play (1 for the first move).
    number: usize,
    padded: Padded,
    scratch: Board,
    /// The oracle's ownership estimate, asked at the first team.
    owner: Option<Option<PointMap<i8>>>,
}

impl<'a> Context<'a> {
    /// The context of `position`, with its side to move.
    pub(crate) fn new(position: &'a Position) -> Context<'a> {
        let board = position.board();
        let mover = position.to_move();
        let (last, second) = last_two_moves(position);
        let number = 1 + position.history().iter().filter(|e| matches!(e, Event::Move(..))).count();
        let mut padded = Padded::new();
        padded.load(board, mover);
        Context { board, mover, last, second, number, padded, scratch: board.clone(), owner: None }
    }

    /// The board.
    pub(crate) fn board(&self) -> &'a Board {
        self.board
    }

    /// Whether the side to move may play `point` (the board's rules: empty, not the
    /// simple-ko point, not a suicide).
    #[inline]
    pub(crate) fn is_candidate(&self, point: Point) -> bool {
        self.board.is_legal(self.mover, point)
    }

    /// The team of the move at `point` (a candidate).
    pub(crate) fn team(
        &mut self,
        point: Point,
        dictionary: &Dictionary,
        oracle: &dyn BoardOracle,
    ) -> Team {
        let mut team =
            Team { tactical: [0; TACTICAL], shape: dictionary.largest(&self.padded, point) };
        let size = self.board.size();
        let line = point.line(size);
        if line <= 4 {
            team.set(FeatureGroup::Line, usize::from(line) - 1);
        }
        let x = point.col().min(size.cols() - 1 - point.col()) + 1;
        let y = point.row().min(size.rows() - 1 - point.row()) + 1;
        team.set(FeatureGroup::Place, place_level(x, y, self.number));
        let distance = |q: Point| {
            let d = gridcular(
                i32::from(point.col()) - i32::from(q.col()),
                i32::from(point.row()) - i32::from(q.row()),
            );
            (d.clamp(2, 17) - 2) as usize
        };
        if let Some(q) = self.last {
            team.set(FeatureGroup::LastMove, distance(q));
        }
        if let Some(q) = self.second {
            team.set(FeatureGroup::SecondLastMove, distance(q));
        }
        let board = self.board;
        let owner = self.owner.get_or_insert_with(|| oracle.ownership(board));
        // A map of another size (a faulty oracle) gives no level rather than a panic.
        if let Some(&owner) = owner.as_ref().and_then(|map| map.get(point)) {
            team.set(FeatureGroup::Owner, owner_level(owner, self.mover, self.number));
        }
        self.tactics(point, &mut team, oracle);
        team
    }

    /// The capture, escape, self-atari and atari features.
    fn tactics(&mut self, point: Point, team: &mut Team, oracle: &dyn BoardOracle) {
        let board = self.board;
        let size = board.size();
        let mover = self.mover;
        let mut stones = false;
        let mut own = false;
        let mut empty = 0;
        let mut fewest = usize::MAX;
        for n in point.neighbours(size) {
            match board.color_at(n) {
                None => empty += 1,
                Some(c) => {
                    stones = true;
                    own |= c == mover;
                    fewest = fewest.min(board.liberty_count(n));
                }
            }
        }
        // No own stone to join, two empty neighbours and no adjacent chain short of
        // liberties: nothing to find.
        if !stones || (!own && empty >= 2 && fewest > 3) {
            return;
        }
        let mut in_atari = false; // an own chain in atari next to the move
        // The opponent chains next to the move, one stone of each.
        let mut opponents: [Option<Point>; 4] = [None; 4];
        for (k, n) in point.neighbours(size).enumerate() {
            match board.color_at(n) {
                Some(c) if c == mover => in_atari |= board.liberty_count(n) == 1,
                Some(_) => {
                    let id = board.chain_id(n);
                    if !opponents.iter().flatten().any(|&q| board.chain_id(q) == id) {
                        opponents[k] = Some(n);
                    }
                }
                None => {}
            }
        }
        let captured_chains = opponents.map(|o| o.filter(|&n| board.liberty_count(n) == 1));
        let undo = self.scratch.play(mover, point);
        let scratch = &self.scratch;
        let libs = scratch.liberty_count(point);
        let captured = undo.removed();
        if captured > 0 {
            let saves = captured_chains.iter().flatten().any(|&c| {
                board.chain_stones(c).iter().any(|s| {
                    s.neighbours(size)
                        .any(|n| board.color_at(n) == Some(mover) && board.liberty_count(n) == 1)
                })
            });
            let last_taken = self.last.is_some_and(|q| {
                board.color_at(q) == Some(!mover)
                    && captured_chains
                        .iter()
                        .flatten()
                        .any(|&c| board.chain_id(c) == board.chain_id(q))
            });
            let level = if saves {
                if captured == 1 { 0 } else { 1 }
            } else if scratch.ko().is_some() {
                2
            } else if last_taken {
                3
            } else {
                match captured {
                    1 => 4,
                    2 | 3 => 5,
                    _ => 6,
                }
            };
            team.set(FeatureGroup::Capture, level);
        } else {
            if in_atari {
                let level = match libs {
                    0 | 1 => 0,
                    2 if oracle.ladder_attack(scratch, point, !mover) == Some(true) => 1,
                    2 => 2,
                    _ => 3,
                };
                team.set(FeatureGroup::Escape, level);
            }
            if libs == 1 {
                let level = match scratch.chain_len(point) {
                    1 => 0,
                    2 => 1,
                    _ => 2,
                };
                team.set(FeatureGroup::SelfAtari, level);
            }
        }
        if own && libs >= 2 {
            team.set(FeatureGroup::Liberties, libs.min(5) - 2);
        }
        // Opponent chains next to the move left with two liberties.
        let mut pressure: Option<usize> = None;
        for &n in opponents.iter().flatten() {
            if scratch.color_at(n) == Some(!mover) && scratch.liberty_count(n) == 2 {
                let level = match scratch.chain_len(n) {
                    1 => 0,
                    2 | 3 => 1,
                    _ => 2,
                };
                pressure = Some(pressure.map_or(level, |a: usize| a.max(level)));
            }
        }
        if let Some(level) = pressure {
            team.set(FeatureGroup::Pressure, level);
        }
        // Ataris: opponent chains next to the move left with one liberty.
        let mut atari: Option<usize> = None;
        for &n in opponents.iter().flatten() {
            if scratch.color_at(n) != Some(!mover) || scratch.liberty_count(n) != 1 {
                continue;
            }
            let level = if oracle.ladder_attack(scratch, n, !mover) == Some(true) {
                0
            } else if board.ko().is_some() {
                1
            } else if scratch.chain_len(n) >= 2 {
                2
            } else {
                3
            };
            atari = Some(atari.map_or(level, |a| a.min(level)));
        }
        if let Some(level) = atari {
            team.set(FeatureGroup::Atari, level);
        }
        self.scratch.undo(undo);
    }
}
