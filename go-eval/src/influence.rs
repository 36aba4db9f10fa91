//! Potential (influence): how strongly each colour radiates over each point.
//!
//! Two models, both configurable:
//!
//! - [`ZobristPotential`] (Zobrist's 1969 model, in the form Bouzy's slides give; it has
//!   nothing to do with Zobrist hashing): stones start at ±64 (Black positive), then
//!   each of a few synchronous iterations adds to every point the number of its
//!   positive neighbours and subtracts the number of its negative ones. Stones keep
//!   accumulating. [`ZobristPotential::CLASSIC`] is ±64 with 4 iterations.
//! - [`Directional`], in the style of GNU Go 3.x's influence function: every stone is a
//!   source that spreads outwards point by point, losing a factor `attenuation` per
//!   step, `diagonal_damping` more on diagonal steps, and `cos²` of the angle between
//!   the step and the direction from the source; it only ever moves away from the
//!   source. Stones stop it (they receive influence but pass none on), a diagonal step
//!   squeezed between two stones is blocked, and it stops below `cutoff`. The
//!   contributions of all sources add up, per colour. [`Influence`] holds the two
//!   maps, GNU Go's territory value and its territory / moyo / area classification.
//!
//! What GNU Go adds on top (sources scaled by dragon safety, intrusion and barrier
//! patterns) needs reading and patterns; here every stone given is a full source, and a
//! caller drops dead stones first.
//!
//! # Examples
//!
//! GNU Go's single-source table: one source of strength 100 with attenuation 3 gives 33
//! at each orthogonal neighbour, 16 diagonally, 11 two points away and 5 at a knight's
//! move.
//!
//! ```
//! use go_board::{BoardSize, ByColor, Color, Point, PointSet};
//! use go_eval::influence::{Directional, DirectionalConfig};
//! let size = BoardSize::square(19)?;
//! let k10 = Point::parse_gtp("K10", size)?;
//! let stones = ByColor::new(PointSet::from_iter([k10]), PointSet::EMPTY);
//! let influence = Directional::new(DirectionalConfig::GNU_GO)?.influence(size, &stones);
//! let at = |v: &str| influence.value(Color::Black, Point::parse_gtp(v, size).unwrap()).floor();
//! assert_eq!([at("K11"), at("L11"), at("K12"), at("L12")], [33.0, 16.0, 11.0, 5.0]);
//! assert_eq!(at("K10"), 100.0);
//! assert_eq!(influence.value(Color::White, k10), 0.0);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use go_board::{BoardSize, ByColor, Color, Point, PointMap, PointSet};

use crate::padded::Padded;

/// Zobrist's potential model (1969; not Zobrist hashing): a few synchronous iterations
/// of ±1 per signed neighbour.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, ByColor, Point, PointSet};
/// use go_eval::influence::ZobristPotential;
/// let size = BoardSize::square(9)?;
/// let e5 = Point::parse_gtp("E5", size)?;
/// let map = ZobristPotential::CLASSIC.map(size, &ByColor::new(PointSet::from_iter([e5]), PointSet::EMPTY));
/// // The stone gains from its neighbours once they are positive (iterations 2 to 4).
/// assert_eq!(map[e5], 64 + 3 * 4);
/// // E6: +1 from the stone, then +1, then +4 once its other neighbours are positive.
/// assert_eq!(map[Point::parse_gtp("E6", size)?], 1 + 1 + 4 + 4);
/// // Four iterations reach four points away, no further.
/// assert!(map[Point::parse_gtp("E9", size)?] > 0);
/// assert_eq!(map[Point::parse_gtp("A1", size)?], 0);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ZobristPotential {
    /// The starting value of a stone (Black positive, White negative).
    pub stone_value: i32,
    /// The number of iterations.
    pub iterations: u32,
}

impl ZobristPotential {
    /// ±64 per stone, four iterations.
    pub const CLASSIC: ZobristPotential = ZobristPotential { stone_value: 64, iterations: 4 };

    /// The potential of `stones` on a board of `size`: Black positive.
    pub fn map(&self, size: BoardSize, stones: &ByColor<PointSet>) -> PointMap<i32> {
        let layout = Padded::new(size);
        let mut current = layout.zeros();
        let mut map = PointMap::new(size, 0);
        for (color, set) in stones.iter() {
            for p in *set & size.on_board() {
                map[p] = color.sign() * self.stone_value;
            }
        }
        layout.load(&map, &mut current);
        let s = layout.stride();
        let mut next = current.clone();
        for _ in 0..self.iterations {
            for &i in layout.slots() {
                let n = [current[i - 1], current[i + 1], current[i - s], current[i + s]];
                let sum: i32 = n.iter().map(|&v| v.signum()).sum();
                next[i] = current[i] + sum;
            }
            core::mem::swap(&mut current, &mut next);
        }
        layout.store(&current, &mut map);
        map
    }
}

/// The parameters of the [`Directional`] model.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DirectionalConfig {
    /// The strength of every source (a stone).
    pub strength: f64,
    /// The factor lost on every step (greater than 1).
    pub attenuation: f64,
    /// The extra factor lost on a diagonal step (at least 1).
    pub diagonal_damping: f64,
    /// Influence below this value is not passed on (greater than 0).
    pub cutoff: f64,
}

impl DirectionalConfig {
    /// GNU Go 3.8's defaults: strength 100, attenuation 3, diagonal damping 2, cutoff
    /// 0.02.
    pub const GNU_GO: DirectionalConfig = DirectionalConfig {
        strength: 100.0,
        attenuation: 3.0,
        diagonal_damping: 2.0,
        cutoff: 0.02,
    };

    /// GNU Go's settings for its territory run: attenuation 2.4, diagonal damping 1.7.
    pub const TERRITORY: DirectionalConfig = DirectionalConfig {
        strength: 100.0,
        attenuation: 2.4,
        diagonal_damping: 1.7,
        cutoff: 0.02,
    };
}

/// Why a [`DirectionalConfig`] was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError(&'static str);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid influence settings: {}", self.0)
    }
}

impl std::error::Error for ConfigError {}

/// One step of the propagation table: from an entry to `target`, in direction `dir`
/// (an index into [`DIRECTIONS`]), multiplying by `coef`.
#[derive(Clone, Copy, Debug)]
struct Step {
    target: u16,
    dir: u8,
    coef: f64,
}

/// The eight directions: four orthogonal, then four diagonal.
const DIRECTIONS: [(i32, i32); 8] =
    [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Fixed-point units per unit of influence: integer sums do not depend on the order of
/// the sources, so the maps are exactly invariant under the board symmetries.
const UNIT: f64 = 4096.0;

/// The directional influence model; see the [module documentation](self).
///
/// Building it precomputes the propagation table (offsets from a source sorted by
/// distance, with the coefficient of every outward step), so build it once and reuse it.
#[derive(Clone, Debug)]
pub struct Directional {
    config: DirectionalConfig,
    offsets: Vec<(i32, i32)>,
    steps_start: Vec<u32>,
    steps: Vec<Step>,
    strength: i32,
    cutoff: i32,
}

impl Directional {
    /// The model with `config`.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] if the attenuation is not greater than 1, the diagonal damping
    /// is below 1, the cutoff is not positive, or the strength is not between the
    /// cutoff and 10^6.
    pub fn new(config: DirectionalConfig) -> Result<Directional, ConfigError> {
        let c = config;
        if !(c.attenuation > 1.0 && c.attenuation.is_finite()) {
            return Err(ConfigError("the attenuation must be greater than 1"));
        }
        if !(c.diagonal_damping >= 1.0 && c.diagonal_damping.is_finite()) {
            return Err(ConfigError("the diagonal damping must be at least 1"));
        }
        if !(c.cutoff > 0.0 && c.cutoff.is_finite()) {
            return Err(ConfigError("the cutoff must be positive"));
        }
        if !(c.strength > c.cutoff && c.strength <= 1e6) {
            return Err(ConfigError("the strength must exceed the cutoff and be at most 10^6"));
        }
        // Beyond this radius every contribution is below the cutoff.
        let reach = ((c.strength / c.cutoff).ln() / c.attenuation.ln()).ceil() as i32 + 1;
        let radius = reach.clamp(1, i32::from(BoardSize::MAX));
        let mut offsets = Vec::new();
        for dy in -radius..=radius {
            for dx in -radius..=radius {
                if dx * dx + dy * dy <= radius * radius {
                    offsets.push((dx, dy));
                }
            }
        }
        offsets.sort_by_key(|&(dx, dy)| (dx * dx + dy * dy, dy, dx));
        let index_of = |o: (i32, i32)| {
            offsets.binary_search_by_key(&(o.0 * o.0 + o.1 * o.1, o.1, o.0), |&(dx, dy)| {
                (dx * dx + dy * dy, dy, dx)
            })
        };
        let mut steps_start = Vec::with_capacity(offsets.len() + 1);
        let mut steps = Vec::new();
        for &(vx, vy) in &offsets {
            steps_start.push(steps.len() as u32);
            for (dir, &(sx, sy)) in DIRECTIONS.iter().enumerate() {
                let dot = vx * sx + vy * sy;
                let cos2 = if (vx, vy) == (0, 0) {
                    1.0
                } else if dot > 0 {
                    f64::from(dot * dot) / f64::from((vx * vx + vy * vy) * (sx * sx + sy * sy))
                } else {
                    continue;
                };
                let Ok(target) = index_of((vx + sx, vy + sy)) else { continue };
                let diagonal = sx != 0 && sy != 0;
                let damping = if diagonal { c.diagonal_damping } else { 1.0 };
                let coef = cos2 / c.attenuation / damping;
                steps.push(Step { target: target as u16, dir: dir as u8, coef });
            }
        }
        steps_start.push(steps.len() as u32);
        Ok(Directional {
            config,
            offsets,
            steps_start,
            steps,
            strength: (c.strength * UNIT).round() as i32,
            cutoff: (c.cutoff * UNIT).ceil() as i32,
        })
    }

    /// The settings.
    pub fn config(&self) -> DirectionalConfig {
        self.config
    }

    /// The influence of `stones` on a board of `size`: every stone is a source of its
    /// colour and a wall for both.
    pub fn influence(&self, size: BoardSize, stones: &ByColor<PointSet>) -> Influence {
        let on_board = size.on_board();
        let stones = stones.map(|s| s & on_board);
        // Work in the layout of `PointMap::values` (row * cols + col): every point the
        // propagation reaches is checked to be on the board first.
        let open = PointMap::from_fn(size, |p| !stones.any(|s| s.contains(p)));
        let open = open.values();
        let mut maps = ByColor::new_with(|_| PointMap::new(size, 0));
        let mut buf = vec![0i32; self.offsets.len()];
        let s = isize::from(size.cols());
        let (cols, rows) = (i32::from(size.cols()), i32::from(size.rows()));
        for color in Color::ALL {
            let out = maps[color].values_mut();
            for source in stones[color] {
                buf.fill(0);
                buf[0] = self.strength;
                let (pc, pr) = (i32::from(source.col()), i32::from(source.row()));
                let base = pr as isize * s + pc as isize;
                for i in 0..self.offsets.len() {
                    let x = buf[i];
                    if x < self.cutoff {
                        continue;
                    }
                    let (dx, dy) = self.offsets[i];
                    let q = (base + dy as isize * s + dx as isize) as usize;
                    out[q] += x;
                    if i > 0 && !open[q] {
                        continue;
                    }
                    let range = self.steps_start[i] as usize..self.steps_start[i + 1] as usize;
                    for step in &self.steps[range] {
                        let (tx, ty) = self.offsets[step.target as usize];
                        let (c, r) = (pc + tx, pr + ty);
                        if c < 0 || r < 0 || c >= cols || r >= rows {
                            continue;
                        }
                        let (sx, sy) = DIRECTIONS[step.dir as usize];
                        if sx != 0 && sy != 0 {
                            let side_a = (q as isize + sx as isize) as usize;
                            let side_b = (q as isize + sy as isize * s) as usize;
                            if !open[side_a] && !open[side_b] {
                                continue;
                            }
                        }
                        buf[step.target as usize] += (f64::from(x) * step.coef) as i32;
                    }
                }
            }
        }
        Influence { maps, stones }
    }
}

/// The influence of each colour on each point, from [`Directional::influence`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Influence {
    maps: ByColor<PointMap<i32>>,
    stones: ByColor<PointSet>,
}

/// A point's class in [`Influence::regions`], for one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Region {
    /// A stone of the colour.
    Stone,
    /// Territory: territory value above 0.95 and no influence of the other colour.
    Territory,
    /// Moyo: own influence over 7 times the other's, over 5, the other's under 10.
    Moyo,
    /// Area: own influence over 3 times the other's, over 1, the other's under 40.
    Area,
}

impl Region {
    /// GNU Go's code of the class: 4 stone, 3 territory, 2 moyo, 1 area.
    pub fn code(self) -> i32 {
        match self {
            Region::Stone => 4,
            Region::Territory => 3,
            Region::Moyo => 2,
            Region::Area => 1,
        }
    }
}

impl Influence {
    /// The influence of `color` on `point`.
    ///
    /// # Panics
    ///
    /// If `point` is not on the board.
    pub fn value(&self, color: Color, point: Point) -> f64 {
        f64::from(self.maps[color][point]) / UNIT
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.maps.black.size()
    }

    /// The stones that were the sources.
    pub fn stones(&self) -> &ByColor<PointSet> {
        &self.stones
    }

    /// Black's influence minus White's, rounded to integers.
    pub fn difference(&self) -> PointMap<i32> {
        let (b, w) = (&self.maps.black, &self.maps.white);
        PointMap::from_fn(self.size(), |p| {
            let d = i64::from(b[p]) - i64::from(w[p]);
            (d as f64 / UNIT).round() as i32
        })
    }

    /// GNU Go's territory value of every point, in `[-1, 1]` (Black positive; 0 on
    /// stones): the cube of `(b - w) / (b + w)`, scaled down where the stronger colour's
    /// influence is weak for the point's distance from the edges, then lowered to the
    /// smallest same-signed value among the empty neighbours.
    pub fn territory_value(&self) -> PointMap<f64> {
        const THRESHOLDS: [f64; 7] = [6.0, 15.0, 26.0, 36.0, 45.0, 50.0, 55.0];
        const CORRECTION: [f64; 6] = [0.0, 0.25, 0.45, 0.65, 0.85, 1.0];
        let size = self.size();
        let stones = self.stones.black | self.stones.white;
        let first = PointMap::from_fn(size, |p| {
            if stones.contains(p) {
                return 0.0;
            }
            let (b, w) = (self.value(Color::Black, p), self.value(Color::White, p));
            if b + w <= 0.0 {
                return 0.0;
            }
            let diff = (b - w) / (b + w);
            let d1 = i32::from(p.col().min(size.cols() - 1 - p.col()));
            let d2 = i32::from(p.row().min(size.rows() - 1 - p.row()));
            let (small, large) = (d1.min(d2), d1.max(d2).min(4));
            let central = 2 * small.min(large) + small + large;
            let threshold = interpolate(&THRESHOLDS, f64::from(central) / 4.0);
            let ratio = b.max(w) / threshold;
            let correction = if ratio >= 1.0 { 1.0 } else { interpolate(&CORRECTION, ratio * 5.0) };
            diff * diff * diff * correction
        });
        PointMap::from_fn(size, |p| {
            let v = first[p];
            let mut out = v;
            for n in p.neighbours(size).filter(|n| !stones.contains(*n)) {
                let m = first[n];
                if v > 0.0 {
                    out = out.min(m.max(0.0));
                } else if v < 0.0 {
                    out = out.max(m.min(0.0));
                }
            }
            out
        })
    }

    /// GNU Go's classification of every point, with the owner: stones, territory, moyo
    /// and area (see [`Region`]); `None` for a point that no colour dominates.
    pub fn regions(&self) -> PointMap<Option<(Color, Region)>> {
        let tv = self.territory_value();
        PointMap::from_fn(self.size(), |p| {
            for color in Color::ALL {
                if self.stones[color].contains(p) {
                    return Some((color, Region::Stone));
                }
            }
            let (b, w) = (self.maps.black[p], self.maps.white[p]);
            for (color, _own, other) in [(Color::Black, b, w), (Color::White, w, b)] {
                let signed = if color == Color::Black { tv[p] } else { -tv[p] };
                if signed > 0.95 && other == 0 {
                    return Some((color, Region::Territory));
                }
            }
            for (color, own, other) in [(Color::Black, b, w), (Color::White, w, b)] {
                let (own, other) = (f64::from(own) / UNIT, f64::from(other) / UNIT);
                if own > 7.0 * other && own > 5.0 && other < 10.0 {
                    return Some((color, Region::Moyo));
                }
            }
            for (color, own, other) in [(Color::Black, b, w), (Color::White, w, b)] {
                let (own, other) = (f64::from(own) / UNIT, f64::from(other) / UNIT);
                if own > 3.0 * other && own > 1.0 && other < 40.0 {
                    return Some((color, Region::Area));
                }
            }
            None
        })
    }

    /// [`Influence::regions`] as GNU Go's `influence_regions` codes, Black positive:
    /// ±4 stone, ±3 territory, ±2 moyo, ±1 area, 0 none.
    pub fn region_codes(&self) -> PointMap<i32> {
        self.regions().map(|r| match *r {
            Some((Color::Black, region)) => region.code(),
            Some((Color::White, region)) => -region.code(),
            None => 0,
        })
    }
}

/// Linear interpolation in `table` at the fractional index `x` (clamped to the table).
fn interpolate(table: &[f64], x: f64) -> f64 {
    let last = (table.len() - 1) as f64;
    let x = x.clamp(0.0, last);
    let i = (x.floor() as usize).min(table.len() - 2);
    let t = x - i as f64;
    table[i] * (1.0 - t) + table[i + 1] * t
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::Symmetry;

    fn pts(size: BoardSize, v: &[&str]) -> PointSet {
        v.iter().map(|s| Point::parse_gtp(s, size).unwrap()).collect()
    }

    /// GNU Go's table for one source (strength 100, attenuation 3), all around it.
    #[test]
    fn single_source_table() {
        let size = BoardSize::square(19).unwrap();
        let stones = ByColor::new(pts(size, &["K10"]), PointSet::EMPTY);
        let inf = Directional::new(DirectionalConfig::GNU_GO).unwrap().influence(size, &stones);
        let centre = Point::must(9, 9, size);
        let at = |dx: i32, dy: i32| {
            let p = Point::must((9 + dx) as u8, (9 + dy) as u8, size);
            inf.value(Color::Black, p).floor() as i32
        };
        assert_eq!(inf.value(Color::Black, centre), 100.0);
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            assert_eq!(at(dx, dy), 33);
            assert_eq!(at(2 * dx, 2 * dy), 11);
        }
        for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            assert_eq!(at(dx, dy), 16);
        }
        for (dx, dy) in [(2, 1), (1, 2), (-2, 1), (-1, 2), (2, -1), (1, -2), (-2, -1), (-1, -2)] {
            assert_eq!(at(dx, dy), 5);
        }
        // Along a line the influence falls off point by point.
        let line: Vec<f64> =
            (9..19).map(|c| inf.value(Color::Black, Point::must(c, 9, size))).collect();
        assert!(line.windows(2).all(|w| w[1] < w[0] || w[1] == 0.0), "{line:?}");
    }

    #[test]
    fn stones_block_and_squeezed_diagonals_are_closed() {
        let size = BoardSize::square(9).unwrap();
        // A white wall on column F: black influence from C5 never reaches column G.
        let white: PointSet = (0..9).map(|r| Point::must(5, r, size)).collect();
        let stones = ByColor::new(pts(size, &["C5"]), white);
        let inf = Directional::new(DirectionalConfig::GNU_GO).unwrap().influence(size, &stones);
        for r in 0..9 {
            assert_eq!(inf.value(Color::Black, Point::must(6, r, size)), 0.0);
            // The wall itself receives some (it is next to the spread).
        }
        assert!(inf.value(Color::Black, Point::parse_gtp("F5", size).unwrap()) > 0.0);
        // A diagonal step between two stones is closed: White C4 and D5 around D4's
        // diagonal from C5.
        let stones = ByColor::new(pts(size, &["C5"]), pts(size, &["C4", "D5"]));
        let inf = Directional::new(DirectionalConfig::GNU_GO).unwrap().influence(size, &stones);
        let d4 = Point::parse_gtp("D4", size).unwrap();
        let open = ByColor::new(pts(size, &["C5"]), PointSet::EMPTY);
        let free = Directional::new(DirectionalConfig::GNU_GO).unwrap().influence(size, &open);
        assert!(inf.value(Color::Black, d4) < free.value(Color::Black, d4));
    }

    #[test]
    fn invalid_settings_are_refused() {
        let bad = [
            DirectionalConfig { attenuation: 1.0, ..DirectionalConfig::GNU_GO },
            DirectionalConfig { attenuation: f64::NAN, ..DirectionalConfig::GNU_GO },
            DirectionalConfig { diagonal_damping: 0.5, ..DirectionalConfig::GNU_GO },
            DirectionalConfig { cutoff: 0.0, ..DirectionalConfig::GNU_GO },
            DirectionalConfig { strength: 1e9, ..DirectionalConfig::GNU_GO },
        ];
        for config in bad {
            let e = Directional::new(config).unwrap_err();
            assert!(e.to_string().starts_with("invalid influence settings"));
        }
        assert!(Directional::new(DirectionalConfig::TERRITORY).is_ok());
    }

    #[test]
    fn both_models_are_symmetric_and_antisymmetric() {
        let size = BoardSize::new(11, 9).unwrap();
        let stones = ByColor::new(
            pts(size, &["C3", "D5", "D6", "G2", "H8"]),
            pts(size, &["E5", "F5", "F4", "J3", "B8"]),
        );
        let dir = Directional::new(DirectionalConfig::GNU_GO).unwrap();
        let inf = dir.influence(size, &stones);
        let zob = ZobristPotential::CLASSIC.map(size, &stones);
        let swapped = ByColor::new(stones.white, stones.black);
        let negated = |m: PointMap<i32>| m.map(|v| -v);
        assert_eq!(ZobristPotential::CLASSIC.map(size, &swapped), negated(zob.clone()));
        let inf_swapped = dir.influence(size, &swapped);
        assert_eq!(inf_swapped.difference(), negated(inf.difference()));
        assert_eq!(inf_swapped.region_codes(), negated(inf.region_codes()));
        for s in Symmetry::ALL {
            let moved =
                ByColor::new(s.apply_set(&stones.black, size), s.apply_set(&stones.white, size));
            let to = s.apply_size(size);
            assert_eq!(ZobristPotential::CLASSIC.map(to, &moved), s.apply_map(&zob));
            let there = dir.influence(to, &moved);
            for c in Color::ALL {
                assert_eq!(there.maps[c], s.apply_map(&inf.maps[c]), "{s:?}");
            }
            assert_eq!(there.region_codes(), s.apply_map(&inf.region_codes()));
        }
    }

    #[test]
    fn a_closed_corner_is_territory() {
        let size = BoardSize::square(9).unwrap();
        // Black walls off the lower-left 3x3 corner; White far away.
        let stones = ByColor::new(
            pts(size, &["A4", "B4", "C4", "D4", "D3", "D2", "D1"]),
            pts(size, &["G7", "H7", "G6"]),
        );
        let inf = Directional::new(DirectionalConfig::GNU_GO).unwrap().influence(size, &stones);
        let regions = inf.regions();
        let a1 = Point::parse_gtp("A1", size).unwrap();
        assert_eq!(regions[a1], Some((Color::Black, Region::Territory)));
        assert_eq!(regions[Point::parse_gtp("H8", size).unwrap()].map(|r| r.0), Some(Color::White));
        assert_eq!(inf.region_codes()[Point::parse_gtp("A4", size).unwrap()], 4);
    }

    #[test]
    fn interpolation() {
        assert_eq!(interpolate(&[0.0, 10.0, 20.0], 1.5), 15.0);
        assert_eq!(interpolate(&[0.0, 10.0, 20.0], 9.0), 20.0);
        assert_eq!(interpolate(&[0.0, 10.0, 20.0], -1.0), 0.0);
    }
}
