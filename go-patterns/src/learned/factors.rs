//! Latent factors: pairwise interactions between the features of a move (Wistuba and
//! Schmidt-Thieme 2013, "Move Prediction in Go – Modelling Feature Interactions Using
//! Latent Factors"), fitted on top of the Bradley–Terry gammas.
//!
//! Every feature `f` (a tactical level or a shape) has, besides its gamma `exp(w_f)`, a
//! vector `v_f` of `k` numbers; a move whose features are `F` has the strength
//! `exp(sum_{f in F} w_f + sum_{f < g in F} <v_f, v_g>)`. The interaction term is computed
//! as `(|sum_f v_f|^2 - sum_f |v_f|^2) / 2`. With `k = 0` this is the Bradley–Terry model.
//!
//! The fit starts from the MM gammas and small seeded random vectors, and maximises the
//! log-likelihood of the moves played (each position a softmax over its candidates) by
//! stochastic gradient ascent: AdaGrad steps over mini-batches of positions in a seeded
//! random order, an L2 penalty on the vectors. It runs on one thread and is
//! deterministic for a seed.

use super::features::{TACTICAL, Team};
use super::mm::{Data, Gammas};

/// The settings of the latent-factor fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FactorConfig {
    /// The length `k` of every feature's vector (1 to [`FactorConfig::MAX_DIMENSIONS`]).
    pub dimensions: usize,
    /// Passes over the positions.
    pub epochs: usize,
    /// AdaGrad's step size.
    pub learning_rate: f64,
    /// The L2 penalty on the vectors (per update of a vector).
    pub l2: f64,
    /// Positions per mini-batch.
    pub batch: usize,
    /// The seed of the initial vectors and of the order of the positions.
    pub seed: u64,
}

impl FactorConfig {
    /// The longest vectors a model holds.
    pub const MAX_DIMENSIONS: usize = 64;

    /// Whether the settings can be used: 1 to [`FactorConfig::MAX_DIMENSIONS`]
    /// dimensions, a finite positive step, a finite penalty of at least 0, a batch of at
    /// least one position. Names the first bad setting.
    pub fn check(&self) -> Result<(), String> {
        if !(1..=FactorConfig::MAX_DIMENSIONS).contains(&self.dimensions) {
            return Err(format!(
                "{} dimensions: 1 to {} are allowed",
                self.dimensions,
                FactorConfig::MAX_DIMENSIONS
            ));
        }
        if !(self.learning_rate.is_finite() && self.learning_rate > 0.0) {
            return Err(format!(
                "learning rate {}: a finite number > 0 is needed",
                self.learning_rate
            ));
        }
        if !(self.l2.is_finite() && self.l2 >= 0.0) {
            return Err(format!("L2 penalty {}: a finite number >= 0 is needed", self.l2));
        }
        if self.batch == 0 {
            return Err("a batch of 0 positions".into());
        }
        Ok(())
    }
}

impl Default for FactorConfig {
    /// 8 dimensions, 4 epochs, step 0.05, penalty 0.001, batches of 64 positions, seed 1.
    fn default() -> FactorConfig {
        FactorConfig {
            dimensions: 8,
            epochs: 4,
            learning_rate: 0.05,
            l2: 0.001,
            batch: 64,
            seed: 1,
        }
    }
}

/// The vectors of a model: `k` numbers per tactical level and per shape, each a
/// half-precision number (as the file stores them) held as an `f32`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Factors {
    pub(crate) k: usize,
    /// Per tactical group, `k` numbers per level.
    pub(crate) tactical: [Vec<f32>; TACTICAL],
    /// `k` numbers per shape.
    pub(crate) shape: Vec<f32>,
}

impl Factors {
    /// The interaction term of a team: the sum over its pairs of features of the dot
    /// products of their vectors.
    pub(crate) fn interaction(&self, team: &Team) -> f64 {
        let k = self.k;
        let mut sum = [0f32; FactorConfig::MAX_DIMENSIONS];
        let sum = &mut sum[..k];
        let mut squares = 0f32;
        let mut add = |v: &[f32]| {
            for (s, &x) in sum.iter_mut().zip(v) {
                *s += x;
                squares += x * x;
            }
        };
        for (g, &level) in team.tactical.iter().enumerate() {
            if level > 0 {
                let l = usize::from(level) - 1;
                add(&self.tactical[g][l * k..(l + 1) * k]);
            }
        }
        if let Some(s) = team.shape {
            let s = s as usize;
            add(&self.shape[s * k..(s + 1) * k]);
        }
        let norm: f32 = sum.iter().map(|x| x * x).sum();
        f64::from(0.5 * (norm - squares))
    }

    /// The same vectors for the first `shapes` shapes.
    pub(crate) fn truncated(&self, shapes: usize) -> Factors {
        Factors {
            k: self.k,
            tactical: self.tactical.clone(),
            shape: self.shape[..shapes * self.k].to_vec(),
        }
    }
}

/// A small deterministic generator (splitmix64), for the fit and the module's tests.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in [-1, 1).
    fn symmetric(&mut self) -> f64 {
        2.0 * self.unit() - 1.0
    }

    /// Uniform below `n` (> 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The parameters being fitted, with their AdaGrad sums: the tactical levels first (in
/// group order), then the shapes.
struct Parameters {
    k: usize,
    /// The first parameter index of each tactical group.
    offsets: [usize; TACTICAL],
    /// The number of tactical levels.
    tactical: usize,
    w: Vec<f64>,
    v: Vec<f64>,
    hw: Vec<f64>,
    hv: Vec<f64>,
}

impl Parameters {
    fn vector(&self, f: usize) -> &[f64] {
        &self.v[f * self.k..(f + 1) * self.k]
    }

    /// One AdaGrad step of feature `f` with the gradients `dw` and `dv` (ascent).
    fn step(&mut self, f: usize, dw: f64, dv: &[f64], config: &FactorConfig) {
        const EPSILON: f64 = 1e-8;
        let rate = config.learning_rate;
        self.hw[f] += dw * dw;
        self.w[f] += rate * dw / (self.hw[f].sqrt() + EPSILON);
        let k = self.k;
        let vectors = self.v[f * k..(f + 1) * k].iter_mut();
        for ((x, h), &d) in vectors.zip(&mut self.hv[f * k..(f + 1) * k]).zip(dv) {
            let g = d - config.l2 * *x;
            *h += g * g;
            *x += rate * g / (h.sqrt() + EPSILON);
        }
    }
}

/// What a latent-factor fit did.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct FactorReport {
    /// The mean log-likelihood of the moves played during each epoch (with the
    /// parameters of the moment), then after the last one.
    pub(crate) log_likelihood: Vec<f64>,
}

/// The scratch of a fit: the parameter indices of each combination's levels, the
/// per-batch caches, and the scores of a competition's teams.
struct Work {
    combo_features: Vec<Vec<u32>>,
    combos: Cache,
    shapes: Cache,
    scores: Vec<f64>,
}

/// The per-batch state of a combination of tactical levels or of a shape.
struct Cache {
    /// The batch that last computed it (0: none).
    stamp: Vec<u32>,
    /// The touched ones in this batch.
    touched: Vec<u32>,
    /// Its bias (for a combination: the sum of its levels' and their interactions).
    bias: Vec<f64>,
    /// Its vector (for a combination: the sum of its levels').
    vector: Vec<f64>,
    /// The gradient of the log-likelihood with respect to its bias and its vector.
    gradient_bias: Vec<f64>,
    gradient_vector: Vec<f64>,
}

impl Cache {
    fn new(n: usize, k: usize) -> Cache {
        Cache {
            stamp: vec![0; n],
            touched: Vec::new(),
            bias: vec![0.0; n],
            vector: vec![0.0; n * k],
            gradient_bias: vec![0.0; n],
            gradient_vector: vec![0.0; n * k],
        }
    }
}

impl Data {
    /// Fits the vectors (and refits the gammas) from the MM `gammas`; returns the new
    /// gammas and the vectors.
    pub(crate) fn fit_factors(
        &self,
        gammas: &Gammas,
        config: &FactorConfig,
    ) -> (Gammas, Factors, FactorReport) {
        let k = config.dimensions;
        let mut offsets = [0; TACTICAL];
        let mut tactical = 0;
        for (g, offset) in offsets.iter_mut().enumerate() {
            *offset = tactical;
            tactical += self.levels[g];
        }
        let features = tactical + self.shapes;
        let mut rng = Rng(config.seed);
        let mut w = Vec::with_capacity(features);
        for g in 0..TACTICAL {
            w.extend(gammas.tactical[g].iter().map(|x| x.ln()));
        }
        w.extend(gammas.shape[..self.shapes].iter().map(|x| x.ln()));
        let v = (0..features * k).map(|_| 0.01 * rng.symmetric()).collect();
        let mut p = Parameters {
            k,
            offsets,
            tactical,
            w,
            v,
            hw: vec![0.0; features],
            hv: vec![0.0; features * k],
        };
        // The parameter indices of each combination's levels.
        let combo_features: Vec<Vec<u32>> = self
            .combos
            .iter()
            .map(|levels| {
                levels
                    .iter()
                    .enumerate()
                    .filter(|&(_, &l)| l > 0)
                    .map(|(g, &l)| (p.offsets[g] + usize::from(l) - 1) as u32)
                    .collect()
            })
            .collect();
        let mut order: Vec<(u32, u32)> = self
            .chunks
            .iter()
            .enumerate()
            .flat_map(|(c, chunk)| (0..chunk.len() as u32).map(move |j| (c as u32, j)))
            .collect();
        let mut work = Work {
            combo_features,
            combos: Cache::new(self.combos.len(), k),
            shapes: Cache::new(self.shapes, k),
            scores: Vec::new(),
        };
        let mut report = FactorReport::default();
        let mut batch_id = 0u32;
        let mut dw = vec![0.0; tactical];
        let mut dv = vec![0.0; tactical * k];
        let mut scratch = vec![0.0; k];
        for _ in 0..config.epochs {
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i + 1));
            }
            let mut ll = 0.0;
            for batch in order.chunks(config.batch) {
                batch_id += 1;
                for &(c, j) in batch {
                    ll += self.competition_gradient(
                        &p,
                        &mut work,
                        (c as usize, j as usize),
                        batch_id,
                        true,
                    );
                }
                let Work { combo_features, combos, shapes, .. } = &mut work;
                // The combinations' gradients to their levels.
                dw.fill(0.0);
                dv.fill(0.0);
                for &c in &combos.touched {
                    let c = c as usize;
                    let gb = combos.gradient_bias[c];
                    let gv = &combos.gradient_vector[c * k..(c + 1) * k];
                    let sum = &combos.vector[c * k..(c + 1) * k];
                    for &f in &combo_features[c] {
                        let f = f as usize;
                        dw[f] += gb;
                        let vf = p.vector(f);
                        for i in 0..k {
                            dv[f * k + i] += gv[i] + gb * (sum[i] - vf[i]);
                        }
                    }
                }
                for f in 0..tactical {
                    if dw[f] != 0.0 || dv[f * k..(f + 1) * k].iter().any(|&x| x != 0.0) {
                        scratch.copy_from_slice(&dv[f * k..(f + 1) * k]);
                        p.step(f, dw[f], &scratch, config);
                    }
                }
                for &s in &shapes.touched {
                    let s = s as usize;
                    scratch.copy_from_slice(&shapes.gradient_vector[s * k..(s + 1) * k]);
                    p.step(p.tactical + s, shapes.gradient_bias[s], &scratch, config);
                }
                combos.touched.clear();
                shapes.touched.clear();
            }
            report.log_likelihood.push(ll / self.len().max(1) as f64);
        }
        // The final log-likelihood, without gradients or steps.
        let mut ll = 0.0;
        for (c, chunk) in self.chunks.iter().enumerate() {
            for j in 0..chunk.len() {
                batch_id += 1;
                ll += self.competition_gradient(&p, &mut work, (c, j), batch_id, false);
                work.combos.touched.clear();
                work.shapes.touched.clear();
            }
        }
        report.log_likelihood.push(ll / self.len().max(1) as f64);
        let gammas = Gammas {
            tactical: core::array::from_fn(|g| {
                let at = p.offsets[g];
                p.w[at..at + self.levels[g]].iter().map(|x| x.exp()).collect()
            }),
            shape: p.w[tactical..].iter().map(|x| x.exp()).chain([1.0]).collect(),
        };
        // Rounded to half precision, as the file format stores them.
        let round = |x: &f64| half::f16::from_f64(x.clamp(-60_000.0, 60_000.0)).to_f32();
        let factors = Factors {
            k,
            tactical: core::array::from_fn(|g| {
                let at = p.offsets[g] * k;
                p.v[at..at + self.levels[g] * k].iter().map(round).collect()
            }),
            shape: p.v[tactical * k..].iter().map(round).collect(),
        };
        (gammas, factors, report)
    }

    /// The log-likelihood of competition `j` of chunk `c`; if `learn`, adds the gradient
    /// with respect to the biases and vectors of its combinations and shapes to the
    /// work's caches.
    fn competition_gradient(
        &self,
        p: &Parameters,
        work: &mut Work,
        (c, j): (usize, usize),
        batch_id: u32,
        learn: bool,
    ) -> f64 {
        let (entries, winner) = self.chunks[c].competition(j);
        let Work { combo_features, combos, shapes, scores } = work;
        let combo_features = &*combo_features;
        let k = p.k;
        let none = self.shapes;
        let prepare_combo = |c: usize, combos: &mut Cache| {
            if combos.stamp[c] == batch_id {
                return;
            }
            combos.stamp[c] = batch_id;
            combos.touched.push(c as u32);
            let sum = &mut combos.vector[c * k..(c + 1) * k];
            sum.fill(0.0);
            let mut bias = 0.0;
            let mut squares = 0.0;
            for &f in &combo_features[c] {
                let f = f as usize;
                bias += p.w[f];
                for (s, &x) in sum.iter_mut().zip(p.vector(f)) {
                    *s += x;
                    squares += x * x;
                }
            }
            let norm: f64 = sum.iter().map(|x| x * x).sum();
            combos.bias[c] = bias + 0.5 * (norm - squares);
            combos.gradient_bias[c] = 0.0;
            combos.gradient_vector[c * k..(c + 1) * k].fill(0.0);
        };
        let prepare_shape = |s: usize, shapes: &mut Cache| {
            if s == none || shapes.stamp[s] == batch_id {
                return;
            }
            shapes.stamp[s] = batch_id;
            shapes.touched.push(s as u32);
            shapes.bias[s] = p.w[p.tactical + s];
            shapes.vector[s * k..(s + 1) * k].copy_from_slice(p.vector(p.tactical + s));
            shapes.gradient_bias[s] = 0.0;
            shapes.gradient_vector[s * k..(s + 1) * k].fill(0.0);
        };
        let score = |c: usize, s: usize, combos: &Cache, shapes: &Cache| {
            let mut x = combos.bias[c];
            if s != none {
                x += shapes.bias[s];
                let a = &combos.vector[c * k..(c + 1) * k];
                let b = &shapes.vector[s * k..(s + 1) * k];
                x += a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
            }
            x
        };
        scores.clear();
        let mut max = f64::NEG_INFINITY;
        for e in entries {
            let (c, s) = (e.combo(), e.shape());
            prepare_combo(c, combos);
            prepare_shape(s, shapes);
            let x = score(c, s, combos, shapes);
            max = max.max(x);
            scores.push(x);
        }
        let (wc, ws) = (winner.0 as usize, winner.1 as usize);
        prepare_combo(wc, combos);
        prepare_shape(ws, shapes);
        let mut total = 0.0;
        for (x, e) in scores.iter_mut().zip(entries) {
            *x = e.count() * (*x - max).exp();
            total += *x;
        }
        let log_likelihood = score(wc, ws, combos, shapes) - max - total.ln();
        if !learn {
            return log_likelihood;
        }
        let add = |c: usize, s: usize, g: f64, combos: &mut Cache, shapes: &mut Cache| {
            combos.gradient_bias[c] += g;
            if s != none {
                shapes.gradient_bias[s] += g;
                for i in 0..k {
                    combos.gradient_vector[c * k + i] += g * shapes.vector[s * k + i];
                    shapes.gradient_vector[s * k + i] += g * combos.vector[c * k + i];
                }
            }
        };
        for (x, e) in scores.iter().zip(entries) {
            add(e.combo(), e.shape(), -x / total, combos, shapes);
        }
        add(wc, ws, 1.0, combos, shapes);
        log_likelihood
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learned::mm::{Entry, FitConfig};

    /// Competitions decided by strengths with an interaction that no product of gammas
    /// can express (levels 1 of groups a and b are strong only together); the factor fit
    /// must find a much better likelihood than MM, close to the truth's.
    #[test]
    fn factors_learn_an_interaction_that_gammas_cannot() {
        let mut levels = [0; TACTICAL];
        levels[..2].copy_from_slice(&[2, 2]);
        let mut data = Data { levels, shapes: 0, ..Data::default() };
        for a in 0..=2u8 {
            for b in 0..=2u8 {
                let mut combo = [0; TACTICAL];
                combo[..2].copy_from_slice(&[a, b]);
                data.combos.push(combo);
            }
        }
        let strength = |combo: usize| {
            let [a, b, ..] = data.combos[combo];
            match (a, b) {
                (1, 1) => 20.0,
                (1, _) | (_, 1) => 0.5,
                (2, 2) => 3.0,
                _ => 1.0,
            }
        };
        let mut rng = Rng(5);
        let mut truth = 0.0;
        let mut pushed = Vec::new();
        for _ in 0..6_000 {
            let n = 2 + rng.below(6);
            let teams: Vec<usize> = (0..n).map(|_| rng.below(9)).collect();
            let total: f64 = teams.iter().map(|&c| strength(c)).sum();
            let mut x = (rng.symmetric() + 1.0) / 2.0 * total;
            let mut winner = teams[n - 1];
            for &c in &teams {
                x -= strength(c);
                if x <= 0.0 {
                    winner = c;
                    break;
                }
            }
            truth += (strength(winner) / total).ln();
            let entries: Vec<Entry> = teams.iter().map(|&c| Entry::new(c as u32, 0, 1)).collect();
            pushed.push((entries, winner));
        }
        for (entries, winner) in &pushed {
            data.push(entries, (*winner as u32, 0));
        }
        let truth = truth / pushed.len() as f64;
        let (gammas, mm) = data.fit(&FitConfig { max_iterations: 200, ..FitConfig::default() });
        let config = FactorConfig { dimensions: 2, epochs: 30, ..FactorConfig::default() };
        let (_, factors, report) = data.fit_factors(&gammas, &config);
        let mm = *mm.log_likelihood.last().unwrap();
        let fitted = *report.log_likelihood.last().unwrap();
        assert!(fitted > mm + 0.05, "factors {fitted}, MM {mm}, truth {truth}");
        assert!(fitted > truth - 0.02, "factors {fitted}, truth {truth}");
        assert_eq!(factors.tactical[0].len(), 2 * 2);
        // The same seed gives the same fit.
        let (_, again, _) = data.fit_factors(&gammas, &config);
        assert_eq!(again, factors);
    }

    #[test]
    fn bad_settings_are_named() {
        let ok = FactorConfig::default();
        assert!(ok.check().is_ok());
        for (bad, word) in [
            (FactorConfig { dimensions: 0, ..ok }, "dimensions"),
            (FactorConfig { dimensions: 65, ..ok }, "dimensions"),
            (FactorConfig { learning_rate: f64::NAN, ..ok }, "learning rate"),
            (FactorConfig { l2: -1.0, ..ok }, "L2"),
            (FactorConfig { batch: 0, ..ok }, "batch"),
        ] {
            assert!(bad.check().unwrap_err().contains(word), "{bad:?}");
        }
    }
}
