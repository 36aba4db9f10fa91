//! Eye spaces on a board: the domains of each colour, the connected regions of empty
//! points and dead stones inside one colour's domain with their marginal points, false
//! and half eyes by the diagonal test, and each region's value as an eye graph.

use go_board::{Board, BoardSize, ByColor, Color, Point, PointMap, PointSet, Symmetry};

use super::capture;
use super::graph::{EyeGraph, EyePoint, MAX_EYE_POINTS, bits};
use super::solve::{Solution, solve, solve_with_inner};
use super::table::EyeTable;
use super::value::EyeValue;

/// The most positions the exact search may use for an eye graph larger than the table.
const SOLVE_BUDGET: u64 = 400_000;
/// The most positions the search may use for a graph with inner points (defender
/// stones there can be captured, so the game can go back and forth); over it, the
/// graph is valued as if every point touched the wall.
const INNER_BUDGET: u64 = 200_000;
/// The largest eye graph searched exactly when the table does not hold it.
const SOLVE_POINTS: usize = 10;

/// A half eye: an eye point that becomes a proper eye or a false one depending on who
/// plays first at its contested diagonal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HalfEye {
    /// The eye point.
    pub point: Point,
    /// The attacker's moves that make it false: the contested empty diagonal, or the
    /// moves that save the attacker's capturable stones there.
    pub attack: PointSet,
    /// The defender's moves that make it proper: the contested empty diagonal, or the
    /// moves that capture the attacker's stones there.
    pub defence: PointSet,
}

/// One eye space of a colour and what it is worth.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EyeSpace {
    /// The colour whose eye space it is (the defender).
    pub color: Color,
    /// Its points: empty points and dead stones.
    pub points: PointSet,
    /// Its marginal points: points the opponent reaches from outside, false eyes
    /// included.
    pub margins: PointSet,
    /// Its false eyes (counted among the margins).
    pub false_eyes: PointSet,
    /// Its half eyes.
    pub half_eyes: Vec<HalfEye>,
    /// The number of eyes it gives ([`EyeValue`]).
    pub value: EyeValue,
    /// Every first move of the attacker that leaves [`EyeValue::min`] eyes, when fewer
    /// than the maximum (else empty).
    pub attack: PointSet,
    /// Every first move of the defender that gives [`EyeValue::max`] eyes, when more
    /// than the minimum (else empty).
    pub defence: PointSet,
    /// Whether the value was read exactly (from the eye table or the search), not
    /// estimated from the size of a large space.
    pub exact: bool,
}

impl EyeSpace {
    /// Whether the space is closed: no marginal point, so the opponent cannot reach it
    /// from outside (false eyes and half eyes make a space open).
    pub fn is_closed(&self) -> bool {
        self.margins.is_empty() && self.half_eyes.is_empty()
    }

    /// The attack point to name: a vital point for both sides if there is one (a point
    /// of [`EyeSpace::attack`] and [`EyeSpace::defence`]), else any attack point; the
    /// first in board order (top row first, then left to right).
    pub fn attack_point(&self, size: BoardSize) -> Option<Point> {
        first_in_board_order(&(self.attack & self.defence), size)
            .or_else(|| first_in_board_order(&self.attack, size))
    }

    /// The defence point to name (see [`EyeSpace::attack_point`]).
    pub fn defence_point(&self, size: BoardSize) -> Option<Point> {
        first_in_board_order(&(self.attack & self.defence), size)
            .or_else(|| first_in_board_order(&self.defence, size))
    }
}

/// The first point of `set` with the top row first, each row from the left.
fn first_in_board_order(set: &PointSet, size: BoardSize) -> Option<Point> {
    set.iter().max_by_key(|p| (p.row(), core::cmp::Reverse(p.col()))).filter(|_| size.rows() > 0)
}

/// Every eye space of both colours on a board.
///
/// # Examples
///
/// ```
/// use go_board::{Board, Color, Point};
/// use go_eval::reading::eyes::EyeSpaces;
/// let board = Board::from_diagram(
///     "
///     . . . X O . .
///     X X X X O . .
///     O O O O O . .
///     . . . . . . .
///     ",
/// )?;
/// let spaces = EyeSpaces::new(&board);
/// let a4 = Point::parse_gtp("A4", board.size())?;
/// let corner = spaces.at(Color::Black, a4).expect("Black's corner is an eye space");
/// // A straight three: one eye, or two if Black plays in the middle first.
/// assert_eq!((corner.value.min(), corner.value.max()), (1, 2));
/// assert_eq!(corner.defence_point(board.size()), Some(Point::parse_gtp("B4", board.size())?));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EyeSpaces {
    spaces: Vec<EyeSpace>,
    index: ByColor<PointMap<Option<u16>>>,
}

impl EyeSpaces {
    /// The eye spaces of `board`, with dead stones found by a small capture search
    /// (stones that can be captured and not saved).
    ///
    /// The analysis reads the board in a canonical orientation (the one of the eight
    /// symmetries, with or without the colour swap, whose colouring comes first in
    /// point order), so its result follows the board's symmetries.
    pub fn new(board: &Board) -> EyeSpaces {
        let (s, oriented) = canonical_orientation(board);
        let dead = dead_stones(&oriented);
        EyeSpaces::index(
            board.size(),
            orient_back(s, &oriented, analyse_regions(&oriented, &dead, None)),
        )
    }

    /// The eye spaces of `board` when `dead` are the dead stones (for a caller with its
    /// own reading, such as a life-and-death search).
    pub fn with_dead_stones(board: &Board, dead: PointSet) -> EyeSpaces {
        let (s, oriented) = canonical_orientation(board);
        let dead = s.symmetry.apply_set(&dead, board.size());
        EyeSpaces::index(
            board.size(),
            orient_back(s, &oriented, analyse_regions(&oriented, &dead, None)),
        )
    }

    /// The spaces with their index.
    fn index(size: BoardSize, spaces: Vec<EyeSpace>) -> EyeSpaces {
        let mut index = ByColor::new(PointMap::new(size, None), PointMap::new(size, None));
        for (i, space) in spaces.iter().enumerate() {
            for p in space.points {
                index[space.color][p] = Some(i as u16);
            }
        }
        EyeSpaces { spaces, index }
    }

    /// Every eye space, Black's first.
    pub fn spaces(&self) -> &[EyeSpace] {
        &self.spaces
    }

    /// The eye space of `color` that holds `point`, if any.
    pub fn at(&self, color: Color, point: Point) -> Option<&EyeSpace> {
        self.index[color].get(point).copied().flatten().map(|i| &self.spaces[i as usize])
    }

    /// The eyes of the group of `stones` from these spaces ([`GroupEyes`]); `None` as
    /// for [`GroupEyes::new`].
    pub fn group(&self, board: &Board, stones: &PointSet) -> Option<GroupEyes> {
        let color = group_color(board, stones)?;
        let spaces = self.around(board, stones).into_iter().cloned().collect();
        Some(GroupEyes::from_spaces(color, spaces))
    }

    /// The eye spaces of the colour of `stones` that touch them (the eye spaces of a
    /// group given by its stones).
    pub fn around(&self, board: &Board, stones: &PointSet) -> Vec<&EyeSpace> {
        let Some(color) = stones.first().and_then(|p| board.color_at(p)) else { return Vec::new() };
        let near = stones.adjacent(&board.size().on_board());
        let mut out: Vec<&EyeSpace> = Vec::new();
        for p in near {
            if let Some(space) = self.at(color, p)
                && !out.iter().any(|s| core::ptr::eq(*s, space))
            {
                out.push(space);
            }
        }
        out
    }
}

/// The stones that the small capture search finds dead (they can be captured and not
/// saved).
fn dead_stones(board: &Board) -> PointSet {
    let mut dead = PointSet::EMPTY;
    let mut seen = PointSet::EMPTY;
    for p in *board.stones(Color::Black) | *board.stones(Color::White) {
        if seen.contains(p) {
            continue;
        }
        let chain = board.chain_stones(p);
        seen |= chain;
        if board.liberty_count(p) <= 3 && capture::is_dead(board, p) {
            dead |= chain;
        }
    }
    dead
}

/// A transform of the board: a symmetry and whether the colours are exchanged.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Orientation {
    symmetry: Symmetry,
    swap: bool,
}

impl Orientation {
    /// The board as given.
    const IDENTITY: Orientation = Orientation { symmetry: Symmetry::IDENTITY, swap: false };

    /// The image of a colour.
    fn color(self, color: Color) -> Color {
        if self.swap { color.opponent() } else { color }
    }
}

/// The board in its canonical orientation and the transform that maps `board` to it.
///
/// The eye analysis reads moves, points and chains in point order (the capture
/// search's cut-offs, the ply-limited search of spaces with inner points, the choice
/// of a half eye's key), so reading the board as given could make a value depend on
/// the board's orientation or colours. Reading it in the transform (one of the eight
/// symmetries, with or without the colour swap) whose colouring, read in point order,
/// comes first among the sixteen makes every image of a board read the same board. A
/// board with a ko point is read as given (a setup board cannot carry the ko over).
fn canonical_orientation(board: &Board) -> (Orientation, Board) {
    let size = board.size();
    // The colouring of the image by `o`, read at `q`: 0 empty, 1 Black, 2 White.
    let cell = |o: Orientation, q: Point| {
        let image = o.symmetry.apply_size(size);
        match board.color_at(o.symmetry.inverse().apply(q, image)) {
            None => 0u8,
            Some(c) if o.color(c) == Color::Black => 1,
            Some(_) => 2,
        }
    };
    let mut best = Orientation::IDENTITY;
    for swap in [false, true] {
        for symmetry in Symmetry::ALL {
            let o = Orientation { symmetry, swap };
            let (image, best_image) = (symmetry.apply_size(size), best.symmetry.apply_size(size));
            let order = (image.cols(), image.rows()).cmp(&(best_image.cols(), best_image.rows()));
            let order = order.then_with(|| {
                image.points().map(|q| cell(o, q)).cmp(image.points().map(|q| cell(best, q)))
            });
            if order == core::cmp::Ordering::Less {
                best = o;
            }
        }
    }
    let o = best;
    if o == Orientation::IDENTITY || board.ko().is_some() {
        return (Orientation::IDENTITY, board.clone());
    }
    let mut out = Board::new(o.symmetry.apply_size(size));
    for color in Color::ALL {
        for p in *board.stones(color) {
            if out.set_point(o.symmetry.apply(p, size), Some(o.color(color))).is_err() {
                // Adding the stones of a legal position never fails; read as given.
                return (Orientation::IDENTITY, board.clone());
            }
        }
    }
    (o, out)
}

/// The spaces of the board `oriented` (the image of a board by `o`) on the board
/// itself, Black's first, each colour's in the order of their first point.
fn orient_back(o: Orientation, oriented: &Board, spaces: Vec<EyeSpace>) -> Vec<EyeSpace> {
    let mut spaces = spaces;
    if o != Orientation::IDENTITY {
        let back = o.symmetry.inverse();
        let size = oriented.size();
        let map = |set: &PointSet| back.apply_set(set, size);
        for space in &mut spaces {
            space.color = o.color(space.color);
            space.points = map(&space.points);
            space.margins = map(&space.margins);
            space.false_eyes = map(&space.false_eyes);
            space.attack = map(&space.attack);
            space.defence = map(&space.defence);
            for h in &mut space.half_eyes {
                h.point = back.apply(h.point, size);
                h.attack = map(&h.attack);
                h.defence = map(&h.defence);
            }
            space.half_eyes.sort_by_key(|h| h.point);
        }
    }
    spaces.sort_by_key(|space| (space.color != Color::Black, space.points.first()));
    spaces
}

/// The eye spaces of both colours (or, with `only`, those of one colour that touch the
/// given points), analysed.
fn analyse_regions(
    board: &Board,
    dead: &PointSet,
    only: Option<(Color, PointSet)>,
) -> Vec<EyeSpace> {
    let size = board.size();
    let lively = board.stones_by_color().map(|s| s - *dead);
    let open = board.empty_set() | *dead;
    let domain = ByColor::new(
        domain(size, lively.black, lively.white, open),
        domain(size, lively.white, lively.black, open),
    );
    let mut spaces = Vec::new();
    for color in Color::ALL {
        if only.is_some_and(|(c, _)| c != color) {
            continue;
        }
        let (own, other) = (domain[color], domain[color.opponent()]);
        let only_own = own - other;
        let only_other = other - own;
        let mut points = open & only_own;
        // Points of both domains next to a point of this colour's alone are marginal
        // points of its space.
        points |= open & own & other & only_own.adjacent(&size.on_board());
        let mut margins = points & (only_other.adjacent(&size.on_board()) | (own & other));
        // False margins: a point next to a safe enemy chain where the enemy's stone
        // would be in atari is no part of the space.
        for p in margins {
            if false_margin(board, color, p, dead) {
                points.remove(p);
                margins.remove(p);
            }
        }
        for region in points.components() {
            if only.is_some_and(|(_, near)| (region & near).is_empty()) {
                continue;
            }
            spaces.push(EyeSpace::analyse(board, color, region, margins & region, dead, &lively));
        }
    }
    spaces
}

/// The eyes of a group: its eye spaces, what they add up to and the vital points, for
/// a reader's leaves.
///
/// Built for a life-and-death or owl search: [`GroupEyes::new`] analyses only the eye
/// spaces that touch the group, with the dead stones the caller's reading gives, so it
/// costs a few domain sweeps over the board plus the spaces' own small searches (eye
/// graphs of up to seven points come from the table).
///
/// # Examples
///
/// ```
/// use go_board::{Board, Color, Point, PointSet};
/// use go_eval::reading::eyes::{EyeVerdict, GroupEyes};
/// // White's corner group has a bent three (A2, A1, B1) and nothing else: one eye if
/// // Black plays first at its middle A1, two if White does.
/// let board = Board::from_diagram(
///     "
///     X X X X . .
///     O O O X . .
///     . O O X . .
///     . . O . . .
///     ",
/// )?;
/// let size = board.size();
/// let group = board.chain_stones(Point::parse_gtp("C1", size)?);
/// let eyes = GroupEyes::new(&board, &group, &PointSet::EMPTY).expect("a group");
/// assert_eq!((eyes.min(), eyes.max()), (1, 2));
/// assert_eq!(eyes.attack, PointSet::from_iter([Point::parse_gtp("A1", size)?]));
/// assert_eq!(eyes.defence, eyes.attack);
/// assert_eq!(eyes.verdict(), EyeVerdict::Unsettled);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GroupEyes {
    /// The colour of the group (the defender).
    pub color: Color,
    /// Its eye spaces: those of its colour that touch its stones.
    pub spaces: Vec<EyeSpace>,
    /// What they add up to ([`EyeValue::sum`]).
    pub value: EyeValue,
    /// The attacker's first moves that leave [`GroupEyes::min`] eyes, when that is
    /// fewer than the maximum: the attack points of the spaces where the first move
    /// decides (else empty).
    pub attack: PointSet,
    /// The defender's first moves that give [`GroupEyes::max`] eyes, when more than the
    /// minimum (else empty).
    pub defence: PointSet,
}

impl GroupEyes {
    /// The eyes of the group of `stones` (one colour; every chain of the group, as a
    /// dragon's stones) when `dead` are the dead stones on the board; `None` when
    /// `stones` is empty, holds an empty point or stones of both colours.
    pub fn new(board: &Board, stones: &PointSet, dead: &PointSet) -> Option<GroupEyes> {
        let color = group_color(board, stones)?;
        let near = stones.adjacent(&board.size().on_board()) - *stones;
        let (s, oriented) = canonical_orientation(board);
        let near = s.symmetry.apply_set(&near, board.size());
        let dead = s.symmetry.apply_set(dead, board.size());
        let spaces = analyse_regions(&oriented, &dead, Some((s.color(color), near)));
        Some(GroupEyes::from_spaces(color, orient_back(s, &oriented, spaces)))
    }

    /// The eyes of a group from spaces already analysed.
    fn from_spaces(color: Color, spaces: Vec<EyeSpace>) -> GroupEyes {
        let values: Vec<EyeValue> = spaces.iter().map(|s| s.value).collect();
        let sum = EyeValue::sum(&values);
        let attack = sum.attack.iter().fold(PointSet::EMPTY, |set, &i| set | spaces[i].attack);
        let defence = sum.defence.iter().fold(PointSet::EMPTY, |set, &i| set | spaces[i].defence);
        GroupEyes { color, spaces, value: sum.value, attack, defence }
    }

    /// Eyes when the attacker moves first.
    pub fn min(&self) -> u8 {
        self.value.min()
    }

    /// Eyes when the defender moves first.
    pub fn max(&self) -> u8 {
        self.value.max()
    }

    /// Whether every space was valued exactly (from the table or the search).
    pub fn exact(&self) -> bool {
        self.spaces.iter().all(|s| s.exact)
    }

    /// The quick verdict ([`verdict`]) on these spaces.
    pub fn verdict(&self) -> EyeVerdict {
        verdict(&self.spaces.iter().collect::<Vec<_>>())
    }
}

/// The colour of a group's stones, if they are all stones of one colour.
fn group_color(board: &Board, stones: &PointSet) -> Option<Color> {
    let color = board.color_at(stones.first()?)?;
    (*stones - *board.stones(color)).is_empty().then_some(color)
}

/// What the eye spaces of a group add up to, when that is certain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum EyeVerdict {
    /// Two eyes even if the attacker moves first, from exactly valued closed spaces.
    TwoEyes,
    /// At most one eye even if the defender moves first, from exactly valued spaces.
    AtMostOneEye,
    /// Anything else: the spaces are open, estimated, or the result depends on who
    /// moves first.
    Unsettled,
}

/// The quick verdict on a group with these eye spaces: certainly two eyes (closed,
/// exact spaces whose minimums add up to two) or certainly at most one (exact spaces
/// whose maximums add up to at most one).
pub fn verdict(spaces: &[&EyeSpace]) -> EyeVerdict {
    let values: Vec<EyeValue> = spaces.iter().map(|s| s.value).collect();
    let total = EyeValue::sum(&values).value;
    if spaces.iter().all(|s| s.exact && s.is_closed()) && total.min() >= 2 {
        EyeVerdict::TwoEyes
    } else if spaces.iter().all(|s| s.exact) && total.max() <= 1 {
        EyeVerdict::AtMostOneEye
    } else {
        EyeVerdict::Unsettled
    }
}

/// The domain of a colour whose lively stones are `own` (the other colour's are
/// `other`; `open` are the empty points and dead stones): its stones, the open points
/// next to them, and open points reached by influence through two adjoining points
/// (GNU Go's rule, with its two caveats and the corner rule).
fn domain(size: BoardSize, own: PointSet, other: PointSet, open: PointSet) -> PointSet {
    let on_board = size.on_board();
    let mut dom = own | (own.adjacent(&on_board) & open);
    let line = |p: Point| p.line(size);
    let is_other = |q: Option<Point>| q.is_some_and(|q| other.contains(q));
    loop {
        let mut grown = dom;
        for e in open - dom {
            let (cx, cy) = (e.col() as i32, e.row() as i32);
            let corner = (cx == 0 || cx == size.cols() as i32 - 1)
                && (cy == 0 || cy == size.rows() as i32 - 1);
            if corner {
                let sx = if cx == 0 { 1 } else { -1 };
                let sy = if cy == 0 { 1 } else { -1 };
                let b = e.offset(sx, 0, size);
                let c = e.offset(0, sy, size);
                let d = e.offset(sx, sy, size);
                let has = |q: Option<Point>| q.is_some_and(|q| dom.contains(q));
                if (has(b) || has(c)) && !is_other(b) && !is_other(c) && !is_other(d) {
                    grown.insert(e);
                }
                continue;
            }
            'pairs: for (ox, oy) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                for (px, py) in [(oy, ox), (-oy, -ox)] {
                    let (Some(o), Some(d)) =
                        (e.offset(ox, oy, size), e.offset(ox + px, oy + py, size))
                    else {
                        continue;
                    };
                    if !dom.contains(o) || !dom.contains(d) || line(o) < 2 || line(d) < 2 {
                        continue;
                    }
                    // Knight's move: the other neighbour beside the diagonal.
                    if is_other(e.offset(px, py, size)) {
                        continue;
                    }
                    // Two-point jump: enemy stones beyond both ends of the pair.
                    if is_other(e.offset(ox + 2 * px, oy + 2 * py, size))
                        && is_other(e.offset(ox - px, oy - py, size))
                    {
                        continue;
                    }
                    grown.insert(e);
                    break 'pairs;
                }
            }
        }
        if grown == dom {
            return dom;
        }
        dom = grown;
    }
}

/// Whether the defender's vital move `p` can be played: legal, and the stone not
/// captured at once (a move that fills the wall's last outside liberty fails).
fn vital_move_works(board: &Board, color: Color, p: Point) -> bool {
    if board.color_at(p).is_some() {
        // An occupied vital point is a capture of the stones there (by another move).
        return true;
    }
    capture::is_safe_move(board, color, p)
}

/// Whether `color`'s move `m` captures by taking a ko (the opponent could retake at
/// once).
fn is_ko_capture(board: &Board, color: Color, m: Point) -> bool {
    if !board.is_legal(color, m) {
        return false;
    }
    let mut b = board.clone();
    b.play(color, m);
    b.ko().is_some()
}

/// Whether the marginal point `p` of `color`'s space is a false margin: next to an enemy
/// chain that cannot be captured, while an enemy stone on `p` would be in atari.
fn false_margin(board: &Board, color: Color, p: Point, dead: &PointSet) -> bool {
    let enemy = color.opponent();
    if board.color_at(p).is_some() {
        return false;
    }
    let size = board.size();
    let safe_enemy_next = p.neighbours(size).any(|q| {
        board.color_at(q) == Some(enemy) && !dead.contains(q) && !capture::can_be_captured(board, q)
    });
    if !safe_enemy_next || !board.is_legal(enemy, p) {
        return false;
    }
    let mut b = board.clone();
    b.play(enemy, p);
    b.liberty_count(p) == 1
}

impl EyeSpace {
    /// Reads one eye space: topology of its points, its graph and its value.
    fn analyse(
        board: &Board,
        color: Color,
        region: PointSet,
        margins: PointSet,
        dead: &PointSet,
        lively: &ByColor<PointSet>,
    ) -> EyeSpace {
        let size = board.size();
        let enemy = color.opponent();
        let mut margins = margins;
        let mut false_eyes = PointSet::EMPTY;
        let mut half_eyes = Vec::new();
        for p in region - margins {
            if p.neighbours(size).filter(|&q| region.contains(q)).count() > 1 {
                continue;
            }
            // The diagonal values in halves (GNU Go's topology: an edge diagonal or a
            // contested one 1, a safe enemy stone 2, an enemy stone the defender can
            // take only by a ko 3/2; 2 or less is a proper eye, 3 a half eye, 4 false).
            let mut sum = 0;
            let (mut attack, mut defence) = (PointSet::EMPTY, PointSet::EMPTY);
            for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let q = match p.offset(dx, dy, size) {
                    Some(q) => q,
                    None => {
                        let off_x = p.offset(dx, 0, size).is_none();
                        let off_y = p.offset(0, dy, size).is_none();
                        sum += 2 * u32::from(off_x != off_y);
                        continue;
                    }
                };
                if region.contains(q) {
                    continue;
                }
                match board.color_at(q) {
                    None => {
                        if capture::is_safe_move(board, enemy, q) {
                            sum += 2;
                            attack.insert(q);
                            defence.insert(q);
                        }
                    }
                    Some(c) if c == color || dead.contains(q) => {}
                    Some(_) => {
                        let (captures, saves) = capture::attack_and_defence(board, q);
                        if captures.is_empty() {
                            sum += 4;
                        } else if captures.iter().all(|&m| is_ko_capture(board, color, m)) {
                            sum += 3;
                            attack.extend(saves);
                            defence.extend(captures);
                        } else if !saves.is_empty() {
                            sum += 2;
                            attack.extend(saves);
                            defence.extend(captures);
                        }
                    }
                }
            }
            if sum >= 8 {
                // A false eye the attacker cannot play on (a suicide) stays a point of a
                // larger space: it still makes that space's eye.
                false_eyes.insert(p);
                if region.len() == 1 || board.color_at(p) == Some(enemy) || board.is_legal(enemy, p)
                {
                    margins.insert(p);
                }
            } else if sum >= 6 && !defence.is_empty() {
                half_eyes.push(HalfEye { point: p, attack, defence });
            }
        }
        // The graph: the points of the space, then one marginal key point a half eye.
        let mut vertices: Vec<Point> = region.iter().collect();
        let mut labels: Vec<EyePoint> = vertices
            .iter()
            .map(|&p| {
                if board.color_at(p) == Some(enemy) && margins.contains(p) {
                    EyePoint::MarginalEnemy
                } else if board.color_at(p) == Some(enemy) {
                    EyePoint::Enemy
                } else if margins.contains(p) {
                    EyePoint::Margin
                } else {
                    EyePoint::Empty
                }
            })
            .collect();
        // A half eye's key: the defender's move that makes it proper, a marginal point
        // next to it (the point itself if it is in the space already).
        let mut key_of: Vec<(usize, usize)> = Vec::new();
        let mut key_half: Vec<Option<usize>> = vec![None; vertices.len()];
        for (n, h) in half_eyes.iter().enumerate() {
            // Any key outside the space gives the same graph (a new marginal point next
            // to the half eye), so prefer one: the graph then does not depend on the
            // board's orientation.
            let outside = h.defence - region;
            let key = first_in_board_order(&outside, size)
                .or_else(|| first_in_board_order(&h.defence, size))
                .expect("a half eye has a key");
            let k = match vertices.iter().position(|&v| v == key) {
                Some(k) => k,
                None => {
                    vertices.push(key);
                    labels.push(EyePoint::Margin);
                    key_half.push(Some(n));
                    vertices.len() - 1
                }
            };
            let i = vertices.iter().position(|&v| v == h.point).expect("a point of the space");
            key_of.push((i, k));
        }
        let solution = if vertices.len() <= MAX_EYE_POINTS {
            let mut g = EyeGraph::new(&labels);
            for i in 0..region.len() {
                for j in i + 1..region.len() {
                    if vertices[i].neighbours(size).any(|q| q == vertices[j]) {
                        g.connect(i, j);
                    }
                }
            }
            for &(i, k) in &key_of {
                if !g.is_adjacent(i, k) {
                    g.connect(i, k);
                }
            }
            // Dead chains living on outside liberties get a point for those.
            match g.with_outside_liberties() {
                Some((g, added)) => {
                    for &(v, chain) in &added {
                        let libs = bits(chain)
                            .fold(PointSet::EMPTY, |a, i| a | board.liberties(vertices[i]))
                            - region;
                        vertices.push(
                            libs.first().unwrap_or(vertices[bits(chain).next().expect("a stone")]),
                        );
                        labels.push(EyePoint::Empty);
                        key_half.push(None);
                        let _ = v;
                    }
                    // Points next to no stone of the defender's wall.
                    let wall = lively[color];
                    let inner = (0..region.len()).fold(0u16, |m, i| {
                        let p = vertices[i];
                        if p.neighbours(size).any(|q| wall.contains(q)) { m } else { m | 1 << i }
                    });
                    evaluate(&g, inner)
                }
                None => None,
            }
        } else {
            None
        };
        let (value, attack, defence, exact) = match solution {
            Some(s) => {
                // A key vertex stands for its half eye's moves.
                let to_points = |mask: u16, attacker: bool| {
                    bits(mask).fold(PointSet::EMPTY, |set, i| {
                        match key_half.get(i).copied().flatten() {
                            Some(n) if attacker => set | half_eyes[n].attack,
                            Some(n) => set | half_eyes[n].defence,
                            None => set | PointSet::from_iter([vertices[i]]),
                        }
                    })
                };
                let (mut attack, mut defence) = if s.value.is_settled() {
                    (PointSet::EMPTY, PointSet::EMPTY)
                } else {
                    (to_points(s.attack, true), to_points(s.defence, false))
                };
                let mut value = s.value;
                // The graph does not know the wall's liberties: a vital move that is a
                // suicide or is captured at once on the board is no move.
                if !value.is_settled() {
                    defence =
                        defence.iter().filter(|&d| vital_move_works(board, color, d)).collect();
                    attack = attack.iter().filter(|&a| board.is_legal(enemy, a)).collect();
                    if defence.is_empty() {
                        value = EyeValue::new(value.a, value.b, value.b, value.d.max(value.b));
                        attack = PointSet::EMPTY;
                    } else if attack.is_empty() {
                        value = EyeValue::new(value.a.min(value.c), value.c, value.c, value.d);
                        defence = PointSet::EMPTY;
                    }
                }
                (value, attack, defence, true)
            }
            None => {
                let esize = region.len() as i64;
                let msize = margins.len() as i64;
                let v = if esize - 2 * msize > 3 {
                    EyeValue::TWO
                } else if esize - 2 * msize > 0 {
                    EyeValue::ONE
                } else {
                    EyeValue::NONE
                };
                (v, PointSet::EMPTY, PointSet::EMPTY, false)
            }
        };
        EyeSpace {
            color,
            points: region,
            margins,
            false_eyes,
            half_eyes,
            value,
            attack,
            defence,
            exact,
        }
    }
}

/// The exact value of a graph whose points of `inner` touch no wall stone: by the search
/// when there are such points, else from the table, or by the search for a graph a
/// little larger than the table's; `None` for a larger graph.
fn evaluate(g: &EyeGraph, inner: u16) -> Option<Solution> {
    if inner != 0
        && g.len() <= SOLVE_POINTS
        && let Some(s) = solve_with_inner(g, inner, INNER_BUDGET)
    {
        return Some(s);
    }
    if let Some(s) = EyeTable::builtin().lookup(g) {
        return Some(s);
    }
    if g.len() <= SOLVE_POINTS {
        return solve(g, SOLVE_BUDGET);
    }
    None
}

/// The value of an enclosed region of `color` (its empty points and the attacker's
/// stones inside, every neighbour outside it a stone of `color`) from the eye table
/// alone, for a reader's leaves: the attacker's stones inside count as dead, an empty
/// point with two of the attacker's stones (or one and the edge) on its diagonals
/// outside the region as marginal. Returns the value with the attacker's and the
/// defender's vital points, or `None` when the table does not hold the graph (more than
/// [`super::TABLE_POINTS`] points).
pub(crate) fn region_value(
    board: &Board,
    color: Color,
    region: &PointSet,
) -> Option<(EyeValue, PointSet, PointSet)> {
    let size = board.size();
    let enemy = color.opponent();
    let vertices: Vec<Point> = region.iter().collect();
    if vertices.is_empty() || vertices.len() > EyeTable::builtin().max_points() {
        return None;
    }
    let labels: Vec<EyePoint> = vertices
        .iter()
        .map(|&p| {
            if board.color_at(p) == Some(enemy) {
                return EyePoint::Enemy;
            }
            let mut sum = 0;
            let mut diagonals = 0;
            for d in p.diagonals(size) {
                diagonals += 1;
                if !region.contains(d) && board.color_at(d) == Some(enemy) {
                    sum += 2;
                }
            }
            if diagonals < 4 {
                sum += 2;
            }
            if sum >= 4 { EyePoint::Margin } else { EyePoint::Empty }
        })
        .collect();
    let mut g = EyeGraph::new(&labels);
    for i in 0..vertices.len() {
        for j in i + 1..vertices.len() {
            if vertices[i].neighbours(size).any(|q| q == vertices[j]) {
                g.connect(i, j);
            }
        }
    }
    let s = EyeTable::builtin().lookup(&g)?;
    let to_points = |mask: u16| bits(mask).map(|i| vertices[i]).collect::<PointSet>();
    Some((s.value, to_points(s.attack), to_points(s.defence)))
}
