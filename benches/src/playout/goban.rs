//! The `goban` 0.20.1 crate (Sagebati, MIT) under the playout protocol, driven as
//! `reference/board.md` §1 describes: a `Game` cloned from a prototype per playout; the
//! candidate list rebuilt from `pseudo_legals()` before every move (row-major: the crate
//! keeps no incremental empty list); legality by `check_point` with the rule flags
//! `KO | SUICIDE` (simple ko, no suicide). The eye rule and the final count are written
//! through `get_color` and `number_of_stones`.

use go_board::Color;
use goban::pieces::stones::Color as Stone;
use goban::pieces::util::coord::{Coord, corner_points, is_coord_valid, neighbor_coords};
use goban::rules::game::Game;
use goban::rules::{GobanSizes, IllegalRules, Move, Rule, ScoreRules};

use super::PlayoutBoard;

/// `goban::rules::game::Game` under the playout protocol.
#[derive(Debug)]
pub struct GobanPlayouts {
    side: u8,
    prototype: Game,
    game: Game,
    candidates: Vec<Coord>,
}

impl GobanPlayouts {
    /// Playouts on an empty `n`×`n` board.
    ///
    /// # Panics
    ///
    /// If `n` is 0 or above 19 (the crate's maximum).
    pub fn new(n: u32) -> GobanPlayouts {
        assert!((1..=19).contains(&n), "goban supports sides 1 to 19, not {n}");
        let rule = Rule {
            komi: 7.5,
            flag_illegal: IllegalRules::KO | IllegalRules::SUICIDE,
            flag_score: ScoreRules::KOMI | ScoreRules::STONES,
        };
        let prototype = Game::new(GobanSizes::Custom(n as usize, n as usize), rule);
        GobanPlayouts {
            side: n as u8,
            game: prototype.clone(),
            prototype,
            candidates: Vec::with_capacity((n * n) as usize),
        }
    }

    /// The game as the last playout left it.
    pub fn game(&self) -> &Game {
        &self.game
    }
}

#[inline]
fn stone(color: Color) -> Stone {
    match color {
        Color::Black => Stone::Black,
        Color::White => Stone::White,
    }
}

impl PlayoutBoard for GobanPlayouts {
    type Point = Coord;

    fn side(&self) -> u32 {
        u32::from(self.side)
    }

    #[inline]
    fn reset(&mut self) {
        self.game = self.prototype.clone();
    }

    #[inline]
    fn begin_move(&mut self) {
        self.candidates.clear();
        self.candidates.extend(self.game.pseudo_legals());
    }

    #[inline]
    fn empty_len(&self) -> usize {
        self.candidates.len()
    }

    #[inline]
    fn empty_at(&self, i: usize) -> Coord {
        self.candidates[i]
    }

    #[inline]
    fn is_eye(&self, color: Color, p: Coord) -> bool {
        let size = (self.side, self.side);
        let own = Some(stone(color));
        if neighbor_coords(p)
            .into_iter()
            .any(|n| is_coord_valid(size, n) && self.game.get_color(n) != own)
        {
            return false;
        }
        let opponent = Some(stone(!color));
        let mut bad = 0;
        let mut off = false;
        for d in corner_points(p) {
            if !is_coord_valid(size, d) {
                off = true;
            } else if self.game.get_color(d) == opponent {
                bad += 1;
            }
        }
        super::diagonals_allow_eye(bad, off)
    }

    #[inline]
    fn is_legal(&self, color: Color, p: Coord) -> bool {
        debug_assert_eq!(self.game.turn(), stone(color));
        self.game.check_point(p).is_none()
    }

    #[inline]
    fn play(&mut self, color: Color, p: Coord) {
        debug_assert_eq!(self.game.turn(), stone(color));
        self.game.play(Move::Play(p.0, p.1));
    }

    #[inline]
    fn pass(&mut self, _color: Color) {
        self.game.play(Move::Pass);
    }

    fn count(&self) -> i32 {
        let (black, white) = self.game.number_of_stones();
        let mut score = black as i32 - white as i32;
        for p in self.game.pseudo_legals() {
            if self.is_eye(Color::Black, p) {
                score += 1;
            } else if self.is_eye(Color::White, p) {
                score -= 1;
            }
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::{XorShift64Star, playout};

    /// At the end of a playout every empty point is a one-point eye, so the count equals
    /// goban's own area score (stones plus territory) without komi.
    #[test]
    fn final_count_matches_gobans_area_score() {
        let mut driver = GobanPlayouts::new(9);
        let mut rng = XorShift64Star::new(5);
        for _ in 0..10 {
            let outcome = playout(&mut driver, &mut rng);
            assert!(driver.game().is_over());
            let (black, white) = driver.game().calculate_score_by(ScoreRules::STONES);
            assert_eq!(outcome.black_minus_white, (black - white) as i32);
            assert!(!outcome.capped);
        }
    }
}
