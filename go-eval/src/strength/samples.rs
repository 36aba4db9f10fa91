//! Training samples of the strength model: from a move that touches no stone, the
//! nearest kosumi-ren of each lane, described by the paper's features (イ to カ) and
//! labelled with its distance from the move, its strength (Table 1: distance 2 to 6 is
//! strength 2 to 6).
//!
//! Choices the paper leaves open, fixed here:
//!
//! - **Colour** is made relative to the mover: *own* when the kosumi-ren has the
//!   colour of the player who moves, *enemy* otherwise. (The paper only says "colour
//!   must be distinguished"; Black and White play the same game, so the absolute colour
//!   carries nothing but the komi.)
//! - **The board** is the one before the move; the **move number** is the number of the
//!   move (1 for the first move of the game, handicap stones not counted).
//! - **A kosumi-ren found by several lanes** gives one sample, at its smallest distance
//!   (as the candidate generator reads the lanes).
//! - **Direction** (beyond the paper, its future work 3): every sample also records the
//!   lane that found it (the first of [`Direction::ALL`] when several found it at the
//!   same distance), as two attributes the directional schema adds: whether going from
//!   the kosumi-ren to the move heads for the centre or for the edge (the coordinate
//!   along the lane compared with the board's middle), and the room: the points from
//!   the kosumi-ren's stone to the edge in that heading.
//!
//! # Examples
//!
//! ```
//! use go_board::{Board, Color, Point};
//! use go_eval::strength::samples::move_samples;
//! let board = Board::from_diagram(
//!     "
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . X . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     ",
//! )?;
//! let size = board.size();
//! // White plays G3, four points right of Black's C3: one sample, an enemy stone at 4.
//! let samples = move_samples(&board, Color::White, Point::parse_gtp("G3", size)?, 2);
//! assert_eq!(samples.len(), 1);
//! assert_eq!(samples[0].distance, 4);
//! assert!(!samples[0].attributes.own);
//! assert_eq!(samples[0].attributes.ren.move_number, 2);
//! // A move touching a stone gives none.
//! assert!(move_samples(&board, Color::White, Point::parse_gtp("D4", size)?, 2).is_empty());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use go_board::{Board, BoardSize, Color, Point};

use super::id3::{Attribute, Features};
use super::lanes::{Direction, RenHit, RenMap};
use crate::kosumi::{KosumiFeatures, KosumiRen, kosumi_ren};

/// Whether going from a kosumi-ren towards a point along a lane heads for the middle
/// of the board or for its edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heading {
    /// Towards the nearer edge of the lane's axis.
    Edgeward,
    /// Towards the middle.
    Centreward,
    /// Neither: the two points are as far from the middle (one on each side).
    Level,
}

/// The attributes of one kosumi-ren as seen from one point: the paper's features with
/// the colour relative to the mover, and the lane's heading and room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StrengthAttributes {
    /// Whether the kosumi-ren has the mover's colour.
    pub own: bool,
    /// The paper's features (its colour field is the absolute colour, unused by the
    /// schemas).
    pub ren: KosumiFeatures,
    /// The heading from the kosumi-ren to the point.
    pub heading: Heading,
    /// The points from the kosumi-ren's nearest stone to the edge in that heading.
    pub room: u8,
}

/// The names of the attributes, in schema order.
const NAMES: [&str; 16] = [
    "colour",
    "stones",
    "height",
    "width",
    "cutting_points",
    "liberties",
    "empty_near",
    "friendly_near",
    "enemy_near",
    "off_board_near",
    "max_height",
    "min_height",
    "centre_height",
    "move_number",
    "heading",
    "room",
];

/// The paper's schema: colour (own or enemy) then the thirteen numeric features in the
/// paper's order (stones, height, width, cutting points, liberties, empty / friendly /
/// enemy / off-board points within distance 2, maximum / minimum / centre height, move
/// number).
pub fn paper_schema() -> Vec<Attribute> {
    let mut schema = vec![Attribute::categorical(NAMES[0], 2)];
    schema.extend(NAMES[1..14].iter().map(|n| Attribute::numeric(n)));
    schema
}

/// The paper's schema and the lane's heading (categorical: edgeward, centreward, level)
/// and room (numeric).
pub fn directional_schema() -> Vec<Attribute> {
    let mut schema = paper_schema();
    schema.push(Attribute::categorical(NAMES[14], 3));
    schema.push(Attribute::numeric(NAMES[15]));
    schema
}

impl Features for StrengthAttributes {
    fn value(&self, attribute: usize) -> f64 {
        let f = &self.ren;
        let v = match attribute {
            0 => u32::from(!self.own),
            1 => f.size,
            2 => f.height,
            3 => f.width,
            4 => f.cutting_points,
            5 => f.liberties,
            6 => f.empty_near,
            7 => f.friendly_near,
            8 => f.enemy_near,
            9 => f.off_board_near,
            10 => f.max_height,
            11 => f.min_height,
            12 => f.centre_height,
            13 => f.move_number,
            14 => self.heading as u32,
            15 => u32::from(self.room),
            _ => return f64::NAN,
        };
        f64::from(v)
    }
}

/// A training sample: the attributes of a kosumi-ren seen from a move and its distance
/// from the move (2 to 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sample {
    /// The attributes.
    pub attributes: StrengthAttributes,
    /// The distance, the kosumi-ren's strength as the paper defines it.
    pub distance: u8,
}

/// The kosumi-ren of a board and the map the lanes read: what both the samples and the
/// candidate generator need once per position.
#[derive(Clone, Debug)]
pub struct RenView {
    /// The kosumi-ren, with features for the position's move number.
    pub rens: Vec<KosumiRen>,
    /// Which kosumi-ren holds each stone.
    pub map: RenMap,
}

impl RenView {
    /// The kosumi-ren of `board` when move number `move_number` is to be played.
    pub fn new(board: &Board, move_number: u32) -> RenView {
        let rens = kosumi_ren(board, move_number);
        let map = RenMap::new(board, &rens);
        RenView { rens, map }
    }

    /// The attributes of the kosumi-ren `hit` found from `point`, for `mover`, through
    /// lane `direction`.
    pub fn attributes(
        &self,
        mover: Color,
        point: Point,
        hit: &RenHit,
        direction: Direction,
    ) -> StrengthAttributes {
        let features = self.rens[hit.ren].features;
        let (heading, room) = heading_and_room(self.map.size(), point, direction, hit.distance);
        StrengthAttributes { own: features.color == mover, ren: features, heading, room }
    }
}

/// The heading from a kosumi-ren `distance` points from `point` in `direction` back
/// towards `point`, and the room from its stone to the edge in that heading.
pub fn heading_and_room(
    size: BoardSize,
    point: Point,
    direction: Direction,
    distance: u8,
) -> (Heading, u8) {
    let (ux, uy) = direction.step();
    let (x, n, u) = if ux != 0 {
        (i32::from(point.col()), i32::from(size.cols()), ux)
    } else {
        (i32::from(point.row()), i32::from(size.rows()), uy)
    };
    let stone = x + u * i32::from(distance);
    // Twice the distance from the middle line, to stay in integers.
    let off = |c: i32| (2 * c - (n - 1)).abs();
    let heading = match off(x).cmp(&off(stone)) {
        core::cmp::Ordering::Less => Heading::Centreward,
        core::cmp::Ordering::Greater => Heading::Edgeward,
        core::cmp::Ordering::Equal => Heading::Level,
    };
    // Heading -u from the stone: the points strictly beyond it to the edge.
    let room = if u > 0 { stone } else { n - 1 - stone };
    (heading, room.clamp(0, i32::from(u8::MAX)) as u8)
}

/// The samples of a move: nothing if `point` touches a stone (or is not empty);
/// otherwise one per kosumi-ren the lanes of `point` find, with its distance.
pub fn move_samples(board: &Board, mover: Color, point: Point, move_number: u32) -> Vec<Sample> {
    if !board.is_empty_at(point) {
        return Vec::new();
    }
    let view = RenView::new(board, move_number);
    view_samples(&view, mover, point)
}

/// [`move_samples`] on a [`RenView`] already built for the position.
pub fn view_samples(view: &RenView, mover: Color, point: Point) -> Vec<Sample> {
    if view.map.ren_at(point).is_some() || view.map.touches(point) {
        return Vec::new();
    }
    view.map
        .nearest(point)
        .iter()
        .map(|hit| {
            let direction =
                Direction::from_bits(hit.directions).next().expect("a hit has a direction");
            Sample {
                attributes: view.attributes(mover, point, hit, direction),
                distance: hit.distance,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A committed diagram with hand-counted features: Black's kosumi-ren C3-D4 (a
    /// diagonal with White on D3: cutting point C4) seen from G4 by White.
    #[test]
    fn features_of_a_sample_on_a_diagram() {
        let board = Board::from_diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . X . . . . .
            . . X O . . . . .
            . . . . . . . . .
            . . . . . . . . .
            ",
        )
        .unwrap();
        let size = board.size();
        let g4 = Point::parse_gtp("G4", size).unwrap();
        let samples = move_samples(&board, Color::White, g4, 4);
        // West lane of G4 (rows 3-5): F, E empty; D4 (Black, centre) at 3, which hides
        // D3 (White, side) at the same depth.
        assert_eq!(samples.len(), 1);
        let s = samples[0];
        assert_eq!(s.distance, 3);
        let a = s.attributes;
        assert!(!a.own);
        let f = a.ren;
        assert_eq!((f.size, f.width, f.height, f.cutting_points), (2, 2, 2, 1));
        // Liberties: C2, B3, C4 (C3's) and D5, E4, C4 (D4's): 5 distinct.
        assert_eq!(f.liberties, 5);
        // Within distance 2 of C3 or D4, not in the ren: 11 around C3, 5 more around
        // D4 (E4, F4, D5, E5, D6); one is White's D3.
        assert_eq!((f.enemy_near, f.friendly_near, f.off_board_near), (1, 0, 0));
        assert_eq!(f.empty_near, 15);
        assert_eq!((f.max_height, f.min_height, f.centre_height, f.move_number), (4, 3, 4, 4));
        // From D4 going east to G4: towards the middle (column E) then past it: D is 1
        // off, G 2 off: edgeward. Room: E4 to T4 on a 9x9 board is E..J = 5 points.
        assert_eq!((a.heading, a.room), (Heading::Edgeward, 5));
        assert_eq!(a.value(0), 1.0);
        assert_eq!(a.value(13), 4.0);
        assert!(a.value(16).is_nan());
    }

    #[test]
    fn heading_and_room_on_an_axis() {
        let size = BoardSize::square(19).unwrap();
        let p = |v: &str| Point::parse_gtp(v, size).unwrap();
        // Seen from H10, a ren 4 points west (D10): from D10 to H10 heads for the
        // middle; the room from D10 to the east edge is E..T, 15 points.
        assert_eq!(heading_and_room(size, p("H10"), Direction::West, 4), (Heading::Centreward, 15));
        // Seen from D10 looking east at H10: from H10 back to D10 heads for the edge;
        // room from H10 towards A: A..G = 7.
        assert_eq!(heading_and_room(size, p("D10"), Direction::East, 4), (Heading::Edgeward, 7));
        // Symmetric about the middle column (K): H and M are both 2 off.
        assert_eq!(heading_and_room(size, p("H10"), Direction::East, 4).0, Heading::Level);
    }

    #[test]
    fn schemas_name_every_attribute() {
        let paper = paper_schema();
        assert_eq!(paper.len(), 14);
        assert_eq!(paper[13].name, "move_number");
        let directional = directional_schema();
        assert_eq!(directional.len(), 16);
        assert_eq!(directional[15].name, "room");
    }
}
