//! The height correction averaged with a candidate score: the paper's Table 3, or a
//! table learned from games (the paper's future work 1: "look up in game records which
//! heights are actually played").
//!
//! A learned table holds, for every band of moves and every line (1 to 10; higher
//! lines count as 10), the **lift** of the line: the share of the played moves on it
//! over the share of the candidate points on it, scaled so that the best line of the
//! band gets `top` (as lines 3–4 get 50 in Table 3). The share of played moves is
//! smoothed with [`PSEUDO_MOVES`] moves spread like the candidates (so a line seen
//! rarely tends to a lift of 1); a line that never had a candidate has lift 1.
//!
//! # Examples
//!
//! ```
//! use go_board::{BoardSize, Point};
//! use go_eval::strength::height::{HeightCorrection, HeightCounts};
//! let size = BoardSize::square(19)?;
//! let p = |v: &str| Point::parse_gtp(v, size).unwrap();
//! let mut counts = HeightCounts::new(20, 10);
//! // Two positions of the opening: the candidates are on lines 1, 3 and 5; the moves
//! // were played on line 3.
//! for _ in 0..2 {
//!     counts.add(size, 5, [p("A10"), p("C10"), p("E10")], p("C10"));
//! }
//! let learned = counts.correction(50.0);
//! assert_eq!(learned.on_line(3, 5), 50.0);
//! // Lift of line 3: (2 + 10 / 3) / (2 + 10) / (1 / 3) = 4 / 3; of line 1:
//! // (0 + 10 / 3) / 12 / (1 / 3) = 5 / 6; of line 2 (no candidate): 1.
//! assert!((learned.on_line(1, 5) - 50.0 * (5.0 / 6.0) / (4.0 / 3.0)).abs() < 1e-9);
//! assert!((learned.on_line(2, 5) - 50.0 * 0.75).abs() < 1e-9);
//! assert_eq!(HeightCorrection::paper_distance().on_line(3, 100), 50.0);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use go_board::{BoardSize, Point};

/// The lines a table distinguishes (line 10 and higher share the last entry).
pub const LINES: usize = 10;

/// The moves of prior evidence by which a learned lift is smoothed towards 1.
pub const PSEUDO_MOVES: f64 = 10.0;

/// A correction by height (the point's line, 1 on the edge) and move number.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HeightCorrection {
    /// The number of moves of a band.
    pub band_moves: u32,
    /// The corrections on lines 1 to 10 for each band, the first for moves 1 to
    /// `band_moves`; the last band also covers every later move.
    pub bands: Vec<[f64; LINES]>,
}

impl HeightCorrection {
    /// Table 3's row for the distance score, for every move: line 1: 0, 2: 20, 3–4: 50,
    /// 5–7: 35, 8–10: 30.
    pub fn paper_distance() -> HeightCorrection {
        HeightCorrection::constant([0.0, 20.0, 50.0, 50.0, 35.0, 35.0, 35.0, 30.0, 30.0, 30.0])
    }

    /// Table 3's row for the potential: line 1: 50, 2: 35, 3–4: 0, 5–7: 20, 8–10: 30.
    /// It ranks the lines in the same order as [`HeightCorrection::paper_distance`] when
    /// lower is better: the potential generator keeps the points of *lowest* potential.
    pub fn paper_potential() -> HeightCorrection {
        HeightCorrection::constant([50.0, 35.0, 0.0, 0.0, 20.0, 20.0, 20.0, 30.0, 30.0, 30.0])
    }

    /// The same correction for every move.
    pub fn constant(by_line: [f64; LINES]) -> HeightCorrection {
        HeightCorrection { band_moves: u32::MAX, bands: vec![by_line] }
    }

    /// The correction on `line` (1 on the edge) for move number `move_number`.
    pub fn on_line(&self, line: u8, move_number: u32) -> f64 {
        let band = (move_number.saturating_sub(1) / self.band_moves.max(1)) as usize;
        let table = self.bands.get(band).or(self.bands.last());
        table.map_or(0.0, |t| t[usize::from(line.clamp(1, LINES as u8)) - 1])
    }

    /// Checks a table read from a file: at least one band, bands of at least one move,
    /// finite values.
    ///
    /// # Errors
    ///
    /// A message naming the fault.
    pub fn validate(&self) -> Result<(), String> {
        if self.bands.is_empty() {
            return Err("the height correction has no bands".into());
        }
        if self.band_moves == 0 {
            return Err("the height correction's bands hold no moves".into());
        }
        if let Some(b) = self.bands.iter().position(|t| t.iter().any(|v| !v.is_finite())) {
            return Err(format!("band {b} of the height correction is not finite"));
        }
        Ok(())
    }
}

/// Counts of played moves and candidate points by band and line, to learn a
/// [`HeightCorrection`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeightCounts {
    band_moves: u32,
    max_bands: usize,
    /// Per band: played moves by line, candidate points by line.
    counts: Vec<([u64; LINES], [u64; LINES])>,
}

impl HeightCounts {
    /// No counts yet, bands of `band_moves` moves, at most `max_bands` of them (the
    /// last takes every later move).
    ///
    /// # Panics
    ///
    /// If `band_moves` or `max_bands` is 0.
    pub fn new(band_moves: u32, max_bands: usize) -> HeightCounts {
        assert!(band_moves > 0 && max_bands > 0, "at least one band of at least one move");
        HeightCounts { band_moves, max_bands, counts: Vec::new() }
    }

    fn band(&mut self, move_number: u32) -> &mut ([u64; LINES], [u64; LINES]) {
        let b =
            ((move_number.saturating_sub(1) / self.band_moves) as usize).min(self.max_bands - 1);
        if self.counts.len() <= b {
            self.counts.resize(b + 1, ([0; LINES], [0; LINES]));
        }
        &mut self.counts[b]
    }

    /// Counts a position: the candidate points and the point played, at move
    /// `move_number`, on a board of `size`.
    pub fn add(
        &mut self,
        size: BoardSize,
        move_number: u32,
        candidates: impl IntoIterator<Item = Point>,
        played: Point,
    ) {
        let line = |p: Point| usize::from(p.line(size).min(LINES as u8)) - 1;
        let (moves, points) = self.band(move_number);
        moves[line(played)] += 1;
        for p in candidates {
            points[line(p)] += 1;
        }
    }

    /// Adds the counts of `other` (with the same bands).
    ///
    /// # Panics
    ///
    /// If the bands differ.
    pub fn merge(&mut self, other: &HeightCounts) {
        assert_eq!(
            (self.band_moves, self.max_bands),
            (other.band_moves, other.max_bands),
            "merging counts of different bands"
        );
        for (b, (moves, points)) in other.counts.iter().enumerate() {
            let (m, p) = self.band(b as u32 * self.band_moves + 1);
            for i in 0..LINES {
                m[i] += moves[i];
                p[i] += points[i];
            }
        }
    }

    /// The correction these counts give: per band and line, the smoothed lift (see
    /// the [module documentation](self)), scaled so that the best line of the band
    /// gets `top`.
    pub fn correction(&self, top: f64) -> HeightCorrection {
        let bands = self
            .counts
            .iter()
            .map(|(moves, points)| {
                let m: u64 = moves.iter().sum();
                let p: u64 = points.iter().sum();
                let lift: Vec<f64> = (0..LINES)
                    .map(|i| {
                        if points[i] == 0 {
                            return 1.0;
                        }
                        let offered = points[i] as f64 / p as f64;
                        let played =
                            (moves[i] as f64 + PSEUDO_MOVES * offered) / (m as f64 + PSEUDO_MOVES);
                        played / offered
                    })
                    .collect();
                let best = lift.iter().copied().fold(0.0, f64::max);
                let mut out = [0.0; LINES];
                for (o, l) in out.iter_mut().zip(&lift) {
                    *o = top * (l / best);
                }
                out
            })
            .collect::<Vec<_>>();
        if bands.is_empty() {
            return HeightCorrection::constant([top; LINES]);
        }
        HeightCorrection { band_moves: self.band_moves, bands }
    }
}
