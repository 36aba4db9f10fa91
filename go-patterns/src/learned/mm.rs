//! Bradley–Terry strengths by minorization–maximization (Hunter 2004; Coulom 2007,
//! "Computing Elo Ratings of Move Patterns in the Game of Go").
//!
//! Each position is a competition between its candidate moves; a move is a team of
//! features whose strength is the product of their gammas; the move played wins. MM
//! updates one feature group at a time (within a group a team has at most one level, so
//! the update is exact):
//!
//! `gamma_i <- (W_i + prior) / (sum_j C_ij / E_j + 2 prior / (gamma_i + 1))`
//!
//! where `W_i` counts the wins of teams with feature `i`, `E_j` is the total strength
//! of competition `j`, `C_ij` the strength of its teams with `i` divided by `gamma_i`,
//! and the prior is Coulom's: `prior` virtual wins and losses against a team of gamma 1.

use super::factors::FactorConfig;
use super::features::TACTICAL;

/// The settings of a fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitConfig {
    /// The most iterations (each updates every group once).
    pub max_iterations: usize,
    /// Stop when an iteration improves the mean log-likelihood by less than this.
    pub tolerance: f64,
    /// Virtual wins and losses of every feature against a team of gamma 1 (Coulom's
    /// prior: 1). Keeps the gammas of rare features finite.
    pub prior: f64,
    /// After MM, fit latent factors (pairwise interactions of the features, see
    /// [`FactorConfig`]) with these settings; `None` keeps the Bradley–Terry model.
    pub factors: Option<FactorConfig>,
}

impl Default for FitConfig {
    /// 40 iterations, tolerance 1e-6, prior 1, no latent factors.
    fn default() -> FitConfig {
        FitConfig { max_iterations: 40, tolerance: 1e-6, prior: 1.0, factors: None }
    }
}

/// What a fit did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FitReport {
    /// The competitions (positions) fitted.
    pub competitions: usize,
    /// The distinct candidate teams stored (candidates with equal teams in one position
    /// count once).
    pub entries: usize,
    /// The mean log-likelihood of the moves played (natural log) before the first
    /// iteration and after each one.
    pub log_likelihood: Vec<f64>,
    /// Whether the tolerance was reached within the iterations.
    pub converged: bool,
    /// With latent factors: the mean log-likelihood of the moves played during each
    /// epoch of their fit (with the parameters of the moment), then after the last one.
    pub factor_log_likelihood: Vec<f64>,
}

/// A candidate team: its tactical combination, its shape, and how many candidates of
/// the competition share it, in 8 bytes (a fit stores about 200 per position): the
/// combination in bits 0 to 31, the shape in bits 32 to 53, the count in bits 54 to 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry(u64);

/// The most shapes a fit takes (shape ids and "none" fit in 22 bits).
pub(crate) const MAX_SHAPES: usize = (1 << 22) - 1;

/// The largest count of an entry: more than the points of the largest board.
pub(crate) const MAX_COUNT: u32 = (1 << 10) - 1;

impl Entry {
    /// An entry; `shape <= MAX_SHAPES` and `1 <= count <= MAX_COUNT`.
    pub(crate) fn new(combo: u32, shape: u32, count: u32) -> Entry {
        debug_assert!(shape as usize <= MAX_SHAPES && (1..=MAX_COUNT).contains(&count));
        Entry(u64::from(combo) | u64::from(shape) << 32 | u64::from(count) << 54)
    }

    #[inline]
    pub(crate) fn combo(self) -> usize {
        (self.0 & 0xffff_ffff) as usize
    }

    #[inline]
    pub(crate) fn shape(self) -> usize {
        ((self.0 >> 32) & 0x3f_ffff) as usize
    }

    #[inline]
    pub(crate) fn count(self) -> f64 {
        (self.0 >> 54) as f64
    }
}

/// The entries of a chunk: 32 MB, allocated once (a fit of 600,000 positions keeps
/// 120 million entries; chunks never copy them to grow).
const CHUNK: usize = 1 << 22;

/// Competitions stored together.
#[derive(Clone, Debug, Default)]
pub(crate) struct Chunk {
    entries: Vec<Entry>,
    /// Competition `j` is `entries[bounds[j]..bounds[j + 1]]`; starts with 0.
    bounds: Vec<u32>,
    /// The winning team of each competition.
    winners: Vec<(u32, u32)>,
}

impl Chunk {
    /// The number of competitions.
    pub(crate) fn len(&self) -> usize {
        self.winners.len()
    }

    /// Competition `j`: its entries and its winner.
    pub(crate) fn competition(&self, j: usize) -> (&[Entry], (u32, u32)) {
        let (from, to) = (self.bounds[j] as usize, self.bounds[j + 1] as usize);
        (&self.entries[from..to], self.winners[j])
    }
}

/// The competitions, compactly: teams as (combination of tactical levels, shape).
#[derive(Clone, Debug, Default)]
pub(crate) struct Data {
    /// The tactical levels of each combination: 0 for none, else level + 1.
    pub(crate) combos: Vec<[u8; TACTICAL]>,
    /// The number of levels of each tactical group.
    pub(crate) levels: [usize; TACTICAL],
    /// The number of shapes.
    pub(crate) shapes: usize,
    pub(crate) chunks: Vec<Chunk>,
    pub(crate) competitions: usize,
}
/// Gammas of every level.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Gammas {
    pub(crate) tactical: [Vec<f64>; TACTICAL],
    /// One per shape, then 1.0 for none.
    pub(crate) shape: Vec<f64>,
}

/// What one pass over the data updates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    Tactical(usize),
    Shape,
}

impl Data {
    /// The number of competitions.
    pub(crate) fn len(&self) -> usize {
        self.competitions
    }

    /// The number of entries.
    pub(crate) fn entry_count(&self) -> usize {
        self.chunks.iter().map(|c| c.entries.len()).sum()
    }

    /// Keeps a competition: its teams (at most [`CHUNK`]) and the winner's team.
    pub(crate) fn push(&mut self, teams: &[Entry], winner: (u32, u32)) {
        let room = self.chunks.last().is_some_and(|c| c.entries.len() + teams.len() <= CHUNK);
        if !room {
            self.chunks.push(Chunk {
                entries: Vec::with_capacity(CHUNK.max(teams.len())),
                bounds: vec![0],
                winners: Vec::new(),
            });
        }
        let chunk = self.chunks.last_mut().expect("a chunk");
        chunk.entries.extend_from_slice(teams);
        chunk.bounds.push(chunk.entries.len() as u32);
        chunk.winners.push(winner);
        self.competitions += 1;
    }

    /// The heap bytes of the competitions.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.chunks
            .iter()
            .map(|c| {
                c.entries.capacity() * size_of::<Entry>()
                    + c.bounds.capacity() * size_of::<u32>()
                    + c.winners.capacity() * size_of::<(u32, u32)>()
            })
            .sum::<usize>()
            + self.combos.capacity() * TACTICAL
    }

    /// The winners of every competition.
    fn winners(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.chunks.iter().flat_map(|c| c.winners.iter().copied())
    }

    /// Every competition: its entries and its winner.
    fn competitions(&self) -> impl Iterator<Item = (&[Entry], (u32, u32))> + '_ {
        self.chunks.iter().flat_map(|c| {
            c.bounds
                .windows(2)
                .zip(&c.winners)
                .map(|(w, &winner)| (&c.entries[w[0] as usize..w[1] as usize], winner))
        })
    }

    /// Fits the gammas.
    pub(crate) fn fit(&self, config: &FitConfig) -> (Gammas, FitReport) {
        let mut gammas = Gammas {
            tactical: self.levels.map(|n| vec![1.0; n]),
            shape: vec![1.0; self.shapes + 1],
        };
        let mut report = FitReport {
            competitions: self.len(),
            entries: self.entry_count(),
            ..FitReport::default()
        };
        // Wins per level.
        let mut tactical_wins = self.levels.map(|n| vec![0.0f64; n]);
        let mut shape_wins = vec![0.0f64; self.shapes + 1];
        for (combo, shape) in self.winners() {
            for (g, &level) in self.combos[combo as usize].iter().enumerate() {
                if level > 0 {
                    tactical_wins[g][usize::from(level) - 1] += 1.0;
                }
            }
            shape_wins[shape as usize] += 1.0;
        }
        let mut targets: Vec<Target> =
            (0..TACTICAL).filter(|&g| self.levels[g] > 0).map(Target::Tactical).collect();
        if self.shapes > 0 {
            targets.push(Target::Shape);
        }
        let mut combo_gamma = vec![1.0; self.combos.len()];
        let mut acc_combo = vec![0.0; self.combos.len()];
        let mut acc_shape = vec![0.0; self.shapes + 1];
        let prior = config.prior;
        for iteration in 0..config.max_iterations {
            for (t, &target) in targets.iter().enumerate() {
                let ll =
                    self.pass(&gammas, &mut combo_gamma, target, &mut acc_combo, &mut acc_shape);
                if t == 0 {
                    report.log_likelihood.push(ll);
                    if iteration > 0 {
                        let n = report.log_likelihood.len();
                        if report.log_likelihood[n - 1] - report.log_likelihood[n - 2]
                            < config.tolerance
                        {
                            report.converged = true;
                            return (gammas, report);
                        }
                    }
                }
                match target {
                    Target::Tactical(g) => {
                        let mut denominator = vec![0.0; self.levels[g]];
                        for (c, levels) in self.combos.iter().enumerate() {
                            if levels[g] > 0 {
                                let l = usize::from(levels[g]) - 1;
                                denominator[l] += acc_combo[c] / gammas.tactical[g][l];
                            }
                        }
                        for (l, gamma) in gammas.tactical[g].iter_mut().enumerate() {
                            *gamma = (tactical_wins[g][l] + prior)
                                / (denominator[l] + 2.0 * prior / (*gamma + 1.0));
                        }
                    }
                    Target::Shape => {
                        for s in 0..self.shapes {
                            let gamma = &mut gammas.shape[s];
                            *gamma = (shape_wins[s] + prior)
                                / (acc_shape[s] + 2.0 * prior / (*gamma + 1.0));
                        }
                    }
                }
            }
        }
        let ll =
            self.pass(&gammas, &mut combo_gamma, Target::Shape, &mut acc_combo, &mut acc_shape);
        report.log_likelihood.push(ll);
        let n = report.log_likelihood.len();
        report.converged = n >= 2
            && report.log_likelihood[n - 1] - report.log_likelihood[n - 2] < config.tolerance;
        (gammas, report)
    }

    /// One pass: the mean log-likelihood, and the sums the update of `target` needs.
    fn pass(
        &self,
        gammas: &Gammas,
        combo_gamma: &mut [f64],
        target: Target,
        acc_combo: &mut [f64],
        acc_shape: &mut [f64],
    ) -> f64 {
        for (c, levels) in self.combos.iter().enumerate() {
            let mut g = 1.0;
            for (group, &level) in levels.iter().enumerate() {
                if level > 0 {
                    g *= gammas.tactical[group][usize::from(level) - 1];
                }
            }
            combo_gamma[c] = g;
        }
        acc_combo.fill(0.0);
        acc_shape.fill(0.0);
        let shape_gamma = &gammas.shape;
        let mut ll = 0.0;
        for (entries, (wc, ws)) in self.competitions() {
            let mut total = 0.0;
            for e in entries {
                total += e.count() * combo_gamma[e.combo()] * shape_gamma[e.shape()];
            }
            ll += (combo_gamma[wc as usize] * shape_gamma[ws as usize] / total).ln();
            let inverse = 1.0 / total;
            match target {
                Target::Tactical(_) => {
                    for e in entries {
                        acc_combo[e.combo()] +=
                            e.count() * combo_gamma[e.combo()] * shape_gamma[e.shape()] * inverse;
                    }
                }
                Target::Shape => {
                    for e in entries {
                        acc_shape[e.shape()] += e.count() * combo_gamma[e.combo()] * inverse;
                    }
                }
            }
        }
        if self.len() == 0 { 0.0 } else { ll / self.len() as f64 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learned::factors::Rng;

    /// Competitions between random teams of two tactical groups and a shape group,
    /// decided by known gammas; MM must find the gammas back (up to the scale of each
    /// group, fixed here by the ratio to the first level).
    #[test]
    fn mm_recovers_known_gammas() {
        let truth_a = [1.0, 3.0, 0.5, 8.0];
        let truth_b = [1.0, 0.2, 2.5];
        let truth_shape = [1.0, 4.0, 0.25, 2.0, 10.0];
        let mut levels = [0; TACTICAL];
        levels[..2].copy_from_slice(&[4, 3]);
        let mut data = Data { levels, shapes: 5, ..Data::default() };
        for a in 0..=4u8 {
            for b in 0..=3u8 {
                let mut combo = [0; TACTICAL];
                combo[..2].copy_from_slice(&[a, b]);
                data.combos.push(combo);
            }
        }
        let combos = data.combos.clone();
        let strength = |combo: usize, shape: usize| {
            let [a, b, ..] = combos[combo];
            let ga = if a > 0 { truth_a[usize::from(a) - 1] } else { 1.0 };
            let gb = if b > 0 { truth_b[usize::from(b) - 1] } else { 1.0 };
            let gs = if shape < 5 { truth_shape[shape] } else { 1.0 };
            ga * gb * gs
        };
        let mut rng = Rng(7);
        for _ in 0..20_000 {
            let n = 2 + rng.below(9);
            let teams: Vec<(usize, usize)> =
                (0..n).map(|_| (rng.below(data.combos.len()), rng.below(6))).collect();
            let total: f64 = teams.iter().map(|&(c, s)| strength(c, s)).sum();
            let mut x = rng.unit() * total;
            let mut winner = teams[n - 1];
            for &(c, s) in &teams {
                x -= strength(c, s);
                if x <= 0.0 {
                    winner = (c, s);
                    break;
                }
            }
            let entries: Vec<Entry> =
                teams.iter().map(|&(c, s)| Entry::new(c as u32, s as u32, 1)).collect();
            data.push(&entries, (winner.0 as u32, winner.1 as u32));
        }
        let config = FitConfig { max_iterations: 300, tolerance: 1e-10, ..FitConfig::default() };
        let (gammas, report) = data.fit(&config);
        assert!(
            report.converged,
            "{:?}",
            &report.log_likelihood[report.log_likelihood.len() - 3..]
        );
        // MM never decreases the likelihood.
        for w in report.log_likelihood.windows(2) {
            assert!(w[1] >= w[0] - 1e-12, "{w:?}");
        }
        let close = |got: &[f64], truth: &[f64]| {
            for l in 1..truth.len() {
                let (r, t) = (got[l] / got[0], truth[l] / truth[0]);
                assert!((r / t).ln().abs() < 0.12, "level {l}: {r} vs {t} ({got:?})");
            }
        };
        close(&gammas.tactical[0], &truth_a);
        close(&gammas.tactical[1], &truth_b);
        close(&gammas.shape[..5], &truth_shape);
        assert_eq!(gammas.shape[5], 1.0);
    }

    #[test]
    fn an_empty_fit() {
        let data = Data::default();
        let (gammas, report) = data.fit(&FitConfig::default());
        assert_eq!(gammas.shape, [1.0]);
        assert_eq!(report.competitions, 0);
    }
}
