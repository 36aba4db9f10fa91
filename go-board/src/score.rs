//! Counting a finished game: area (Tromp-Taylor) and territory scoring, given the dead
//! stones.
//!
//! Dead stones are removed first. The remaining points that hold no stone are split
//! into regions (maximal orthogonally connected sets); a region that borders stones of
//! one colour only belongs to that colour, one that borders both colours (or none)
//! belongs to nobody.
//!
//! - **Area**: each colour counts its stones and its regions.
//! - **Territory**: each colour counts its regions and its prisoners (stones captured
//!   during the game plus the dead stones of the other colour). Points in seki count for
//!   nobody: a region is not counted when it borders a chain in seki. Unless the caller
//!   names the seki stones, a chain is taken to be in seki when it borders a shared
//!   region where neither colour can play without putting itself in atari (the shared
//!   liberties of a seki); a shared point that one side can fill safely is ordinary dame.

use core::fmt;

use crate::rules::fmt_half_points;
use crate::{Board, ByColor, Color, Komi, Point, PointMap, PointSet, Rules, Scoring};

/// The count of a game, with the maps behind it: the count of a finished game
/// ([`Position::score`](crate::Position::score)) or of an ownership map such as an
/// evaluation's estimate ([`Position::score_ownership`](crate::Position::score_ownership)).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Score {
    /// How the points were counted.
    pub scoring: Scoring,
    /// The points each colour counts, before komi and compensation.
    pub points: ByColor<u32>,
    /// Komi, added to White's points.
    pub komi: Komi,
    /// White's handicap compensation (area scoring), added to White's points.
    pub compensation: u32,
    /// The points that count for each colour as area or territory: under area scoring
    /// the living stones and the regions, under territory scoring the regions only.
    pub owned: ByColor<PointSet>,
    /// Points without a living stone that count for nobody: dame, and seki regions
    /// under territory scoring.
    pub neutral: PointSet,
    /// The stones in seki (territory scoring only; empty under area scoring).
    pub seki: PointSet,
    /// Prisoners: stones captured during play plus the opponent's dead stones (counted
    /// in `points` only under territory scoring).
    pub prisoners: ByColor<u32>,
}

impl Score {
    /// Black's lead in half-points after komi and compensation (negative when White
    /// leads).
    pub fn margin_half_points(&self) -> i32 {
        let black = 2 * self.points.black as i64;
        let white = 2 * (self.points.white as i64 + self.compensation as i64)
            + self.komi.half_points() as i64;
        (black - white) as i32
    }

    /// The winner, or `None` for a draw (jigo).
    pub fn winner(&self) -> Option<Color> {
        match self.margin_half_points() {
            0 => None,
            m if m > 0 => Some(Color::Black),
            _ => Some(Color::White),
        }
    }

    /// The colour that owns `point`, if any.
    pub fn owner(&self, point: Point) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.owned[c].contains(point))
    }
}

impl fmt::Display for Score {
    /// The GTP / SGF result form: `B+3.5`, `W+12`, or `0` for a draw.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.margin_half_points();
        match m {
            0 => f.write_str("0"),
            m if m > 0 => {
                f.write_str("B+")?;
                fmt_half_points(m, f)
            }
            m => {
                f.write_str("W+")?;
                fmt_half_points(-m, f)
            }
        }
    }
}

/// Counts `board` under `rules` with the stones in `dead` removed. `seki`, when given,
/// names the stones in seki (territory scoring); otherwise seki is recognised.
pub(crate) fn score(
    board: &Board,
    rules: &Rules,
    handicap: u32,
    dead: &PointSet,
    seki: Option<&PointSet>,
) -> Score {
    let stones = board.stones_by_color();
    let dead = ByColor::new(stones.black & *dead, stones.white & *dead);
    let alive = ByColor::new(stones.black - dead.black, stones.white - dead.white);
    let open = board.size().on_board() - alive.black - alive.white;

    let mut owned = ByColor::new(PointSet::EMPTY, PointSet::EMPTY);
    let mut neutral = PointSet::EMPTY;
    let mut shared = Vec::new();
    for region in open.components() {
        let touches = alive.map(|a| !region.adjacent(&a).is_empty());
        match (touches.black, touches.white) {
            (true, false) => owned.black |= region,
            (false, true) => owned.white |= region,
            (true, true) => {
                neutral |= region;
                shared.push(region);
            }
            (false, false) => neutral |= region,
        }
    }
    let prisoners = prisoners(board, &dead);

    match rules.scoring {
        Scoring::Area => {
            let owned = owned.zip(alive).map(|(o, a)| o | a);
            counted(rules, handicap, owned, neutral, PointSet::EMPTY, prisoners)
        }
        Scoring::Territory => {
            let all_alive = alive.black | alive.white;
            let seki_stones = match seki {
                Some(s) => *s & all_alive,
                None => recognise_seki(board, &alive, &shared),
            };
            for color in Color::ALL {
                let regions = owned[color].components();
                for region in regions {
                    if !region.adjacent(&seki_stones).is_empty() {
                        owned[color] -= region;
                        neutral |= region;
                    }
                }
            }
            counted(rules, handicap, owned, neutral, seki_stones, prisoners)
        }
    }
}

/// Counts an ownership map of `board` under `rules`, the stones in `dead` being dead;
/// see [`Position::score_ownership`](crate::Position::score_ownership).
pub(crate) fn score_ownership(
    board: &Board,
    rules: &Rules,
    handicap: u32,
    ownership: &PointMap<Option<Color>>,
    dead: &PointSet,
) -> Score {
    let stones = board.stones_by_color();
    let dead = stones.map(|s| s & *dead);
    let alive = stones.zip(dead).map(|(s, d)| s - d);
    let claimed = ByColor::new_with(|c| ownership.points_where(|&o| o == Some(c)));
    let owned = match rules.scoring {
        Scoring::Area => claimed,
        Scoring::Territory => claimed.zip(alive).map(|(c, a)| c - a),
    };
    let neutral = board.size().on_board() - owned.black - owned.white - alive.black - alive.white;
    counted(rules, handicap, owned, neutral, PointSet::EMPTY, prisoners(board, &dead))
}

/// The prisoners of each colour: the stones it captured and the other colour's dead
/// stones.
fn prisoners(board: &Board, dead: &ByColor<PointSet>) -> ByColor<u32> {
    ByColor::new_with(|c| board.captures()[c] + dead[!c].len() as u32)
}

/// The score of the points `owned` by each colour under `rules`: area scoring counts
/// them, territory scoring adds the prisoners; komi and (area scoring only) handicap
/// compensation go to White.
fn counted(
    rules: &Rules,
    handicap: u32,
    owned: ByColor<PointSet>,
    neutral: PointSet,
    seki: PointSet,
    prisoners: ByColor<u32>,
) -> Score {
    let (points, compensation) = match rules.scoring {
        Scoring::Area => {
            (owned.map(|o| o.len() as u32), rules.handicap_compensation.points(handicap))
        }
        Scoring::Territory => (owned.zip(prisoners).map(|(o, p)| o.len() as u32 + p), 0),
    };
    Score {
        scoring: rules.scoring,
        points,
        komi: rules.komi,
        compensation,
        owned,
        neutral,
        seki,
        prisoners,
    }
}

/// The living chains that border a shared region where no point can be filled without
/// self-atari.
fn recognise_seki(board: &Board, alive: &ByColor<PointSet>, shared: &[PointSet]) -> PointSet {
    let mut seki = PointSet::EMPTY;
    let size = board.size();
    for region in shared {
        let fillable = region.iter().any(|e| {
            let mut adjacent_colours = Color::ALL
                .into_iter()
                .filter(|&c| e.neighbours(size).any(|n| alive[c].contains(n)));
            let mut any = false;
            let safe = adjacent_colours.any(|c| {
                any = true;
                !self_atari(board, c, e)
            });
            safe || !any
        });
        if !fillable {
            for color in Color::ALL {
                for p in region.adjacent(&alive[color]) {
                    seki |= board.chain_stones(p);
                }
            }
        }
    }
    seki
}

/// Whether `color` playing on `point` would leave its chain with at most one liberty
/// without capturing anything. Dead stones still on the board are treated as stones.
fn self_atari(board: &Board, color: Color, point: Point) -> bool {
    if !board.is_empty_at(point) {
        return false;
    }
    if board.would_capture(color, point) {
        return false;
    }
    let mut chain = PointSet::from_iter([point]);
    for n in point.neighbours(board.size()) {
        if board.color_at(n) == Some(color) {
            chain |= board.chain_stones(n);
        }
    }
    chain.adjacent(&board.empty_set()).len() <= 1
}

#[cfg(test)]
mod tests {
    use crate::{
        BoardSize, Color, Komi, Move, Point, PointMap, PointSet, Position, Rules, Scoring,
    };

    /// An ownership map counted by hand under both scorings: captures, a dead stone,
    /// komi.
    #[test]
    fn ownership_maps_count_like_the_rules() {
        // Black captures a white stone at B2 during the game.
        let size = BoardSize::square(5).unwrap();
        let at = |v: &str| Point::parse_gtp(v, size).unwrap();
        let moves = ["B3", "B2", "A2", "E5", "C2", "E4", "B1"];
        for rules in [Rules::chinese(), Rules::japanese()] {
            let mut position = Position::new(size, rules.with_komi(Komi::from_half_points(3)));
            for m in moves {
                position.try_play(Move::Play(at(m))).unwrap();
            }
            assert_eq!(position.board().captures().black, 1);
            // Columns A to C are Black's, D and E White's; White's E4 is called dead.
            let ownership = PointMap::from_fn(size, |p| {
                Some(if p.col() <= 2 || p == at("E4") { Color::Black } else { Color::White })
            });
            let dead = PointSet::from_iter([at("E4")]);
            let score = position.score_ownership(&ownership, &dead);
            assert_eq!(score.prisoners.black, 2);
            match rules.scoring {
                Scoring::Area => {
                    assert_eq!((score.points.black, score.points.white), (16, 9));
                    assert_eq!(score.margin_half_points(), 2 * 7 - 3);
                    assert_eq!(score.neutral, PointSet::EMPTY);
                }
                Scoring::Territory => {
                    // Black: 16 owned points minus 4 living stones, one prisoner and
                    // one dead stone; White: 9 minus its living E5.
                    assert_eq!((score.points.black, score.points.white), (12 + 1 + 1, 8));
                    assert_eq!(score.margin_half_points(), 2 * 6 - 3);
                    assert!(score.owned.black.contains(at("E4")));
                }
            }
            // Nobody owns anything: area counts nothing, territory the prisoners.
            let nobody = PointMap::new(size, None);
            let empty = position.score_ownership(&nobody, &PointSet::EMPTY);
            let stones = position.board().stones_by_color();
            assert_eq!(empty.neutral, size.on_board() - stones.black - stones.white);
            let expected = if rules.scoring == Scoring::Area { 0 } else { 1 };
            assert_eq!(empty.points.black, expected);
        }
    }
}
