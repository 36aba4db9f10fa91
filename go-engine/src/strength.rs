//! The strength model in the analysis (`go-engine analyze --strength MODEL.json`, GTP
//! `strength_candidates`): each kosumi-ren with its strength towards each side, and the
//! best candidate moves of go-eval's strength generator for the side to move.

use core::fmt;
use std::sync::Arc;

use go_board::{Color, Position};
use go_eval::strength::candidates::{ScoreConfig, StrengthCandidates, best};
use go_eval::strength::model::StrengthModel;
use go_eval::strength::samples::RenView;
use serde::Serialize;

use crate::svg::Mark;

/// A kosumi-ren and its strength.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RenStrength {
    /// Its stones (GTP vertices, bottom row first).
    pub stones: Vec<String>,
    /// Its colour: `black` or `white`.
    pub color: String,
    /// Its strength (the distance moves keep from it, 2 to 6) towards the north, east,
    /// south and west, for the side to move; `null` where the board ends within 3
    /// lines.
    pub strength: [Option<u8>; 4],
}

/// A candidate move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CandidateScore {
    /// Its rank, from 1.
    pub rank: usize,
    /// The point (GTP vertex).
    pub point: String,
    /// Its score (the distance score averaged with the height correction).
    pub score: f64,
    /// The kosumi-ren that weighs most in the score (its lowest stone), or `height`.
    pub source: String,
}

/// The strength model's view of a position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StrengthReport {
    /// The model's description.
    pub model: String,
    /// The side to move, for whom strengths and candidates are computed.
    pub to_move: String,
    /// Every kosumi-ren.
    pub rens: Vec<RenStrength>,
    /// The best candidates, best first.
    pub candidates: Vec<CandidateScore>,
}

impl StrengthReport {
    /// The report of `model` on `position` with its `n` best candidates, scored with the
    /// model's learned height correction (Table 3 when it has none).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use go_board::{BoardSize, Move, Position, Rules};
    /// use go_engine::strength::StrengthReport;
    /// use go_eval::strength::model::StrengthModel;
    /// let size = BoardSize::square(19)?;
    /// let mut position = Position::new(size, Rules::japanese());
    /// position.try_play(Move::parse_gtp("Q16", size)?)?;
    /// let report = StrengthReport::new(&position, Arc::new(StrengthModel::shipped()?), 10);
    /// assert_eq!(report.rens.len(), 1);
    /// assert_eq!(report.candidates.len(), 10);
    /// assert!(report.to_string().contains("Q16"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(position: &Position, model: Arc<StrengthModel>, n: usize) -> StrengthReport {
        let mover = position.to_move();
        let number = u32::try_from(position.move_count()).unwrap_or(u32::MAX - 1) + 1;
        let view = RenView::new(position.board(), number);
        let rens = view
            .rens
            .iter()
            .enumerate()
            .map(|(i, ren)| RenStrength {
                stones: ren.stones.iter().map(|p| p.to_string()).collect(),
                color: color_name(ren.features.color).to_owned(),
                strength: model.outward_strengths(&view, mover, i),
            })
            .collect();
        let config = match &model.height {
            Some(h) => ScoreConfig { height: Some(h.clone()), ..ScoreConfig::paper() },
            None => ScoreConfig::paper(),
        };
        let description = model.description.clone();
        let generator = StrengthCandidates::new(model, config);
        let candidates = best(&generator, position, n)
            .into_iter()
            .enumerate()
            .map(|(i, c)| CandidateScore {
                rank: i + 1,
                point: c.mv.to_string(),
                score: c.weight,
                source: c.source.item.to_string(),
            })
            .collect();
        StrengthReport {
            model: description,
            to_move: color_name(mover).to_owned(),
            rens,
            candidates,
        }
    }

    /// The marks of an SVG picture ([`crate::svg::board_svg_marked`]): the candidates by
    /// rank, and each kosumi-ren's
    /// strength beside its lowest stone (one number when every side agrees, else the
    /// smallest and largest).
    pub fn marks(&self, position: &Position) -> Vec<Mark> {
        let size = position.size();
        let point = |v: &str| go_board::Point::parse_gtp(v, size).ok();
        let mut marks: Vec<Mark> = self
            .rens
            .iter()
            .filter_map(|r| {
                let at = point(r.stones.first()?)?;
                Some(Mark { point: at, label: strength_label(&r.strength), class: "strength" })
            })
            .collect();
        marks.extend(self.candidates.iter().filter_map(|c| {
            Some(Mark { point: point(&c.point)?, label: c.rank.to_string(), class: "candidate" })
        }));
        marks
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// `4`, or `3-5` when the sides differ, or `-` when no side is on the board.
fn strength_label(strength: &[Option<u8>; 4]) -> String {
    let known: Vec<u8> = strength.iter().flatten().copied().collect();
    match (known.iter().min(), known.iter().max()) {
        (Some(a), Some(b)) if a == b => a.to_string(),
        (Some(a), Some(b)) => format!("{a}-{b}"),
        _ => "-".to_owned(),
    }
}

impl fmt::Display for StrengthReport {
    /// The kosumi-ren, one per line (colour, stones, strength north / east / south /
    /// west), then the candidates.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Strength model ({} to move): {}", self.to_move, self.model)?;
        writeln!(f, "Kosumi-ren, strength towards north / east / south / west:")?;
        for r in &self.rens {
            let s: Vec<String> =
                r.strength.iter().map(|s| s.map_or("-".to_owned(), |v| v.to_string())).collect();
            writeln!(f, "  {} {}: {}", r.color, r.stones.join(" "), s.join(" / "))?;
        }
        write!(f, "Candidates:")?;
        for c in &self.candidates {
            write!(f, " {}. {} ({:.1}, {})", c.rank, c.point, c.score, c.source)?;
        }
        writeln!(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_of_strengths() {
        assert_eq!(strength_label(&[Some(3), Some(3), None, None]), "3");
        assert_eq!(strength_label(&[Some(2), Some(5), Some(3), None]), "2-5");
        assert_eq!(strength_label(&[None; 4]), "-");
    }
}
