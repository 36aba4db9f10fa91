//! A decision-tree learner over any [`Features`] type: ID3 (information gain, one
//! multiway split per attribute and path, numeric attributes cut into equal-frequency
//! bins once at the root) and C4.5 (gain ratio, binary thresholds on numeric
//! attributes, error-based pruning).
//!
//! The learner is deterministic: ties between attributes go to the first one in the
//! schema, ties between classes to the smallest class index, and a numeric threshold
//! is the largest value of the training set not above the midpoint of the cut
//! (C4.5's convention, so thresholds are values of the data).
//!
//! - **ID3** ([`TreeConfig::ID3`], after Russell and Norvig's `DECISION-TREE-LEARNING`,
//!   the book the strength paper cites): a node whose samples share one class is a
//!   leaf; otherwise the attribute of highest information gain among those not yet
//!   used on the path splits it, one child per value (per bin for a numeric
//!   attribute); a value no sample takes gets a leaf holding the parent's plurality
//!   class; a node with no attribute left is a leaf with its plurality class.
//!   [`TreeConfig::min_gain`] decides whether an attribute of zero gain still splits.
//! - **C4.5** ([`TreeConfig::C45`], after Quinlan 1993): categorical attributes split
//!   multiway, numeric ones in two at the threshold of highest gain (less Release 8's
//!   penalty `log2(cuts) / n`) and may split again deeper; the attribute chosen has
//!   the highest gain ratio among those whose gain reaches the average; every split
//!   keeps at least `min_leaf` samples in two branches; then the tree is pruned
//!   bottom-up, a subtree becoming a leaf when the pessimistic error estimate (the
//!   upper end of a binomial confidence interval, Wilson's form with `z` as given)
//!   of the leaf is no worse than that of the subtree.
//!
//! # Examples
//!
//! Quinlan's play-tennis table gives the textbook tree: outlook at the root, humidity
//! under sunny, wind under rain.
//!
//! ```
//! use go_eval::strength::id3::{Attribute, Tree, TreeConfig};
//! let schema = [
//!     Attribute::categorical("outlook", 3),     // sunny, overcast, rain
//!     Attribute::categorical("temperature", 3), // hot, mild, cool
//!     Attribute::categorical("humidity", 2),    // high, normal
//!     Attribute::categorical("wind", 2),        // weak, strong
//! ];
//! let days: [[f64; 4]; 14] = [
//!     [0., 0., 0., 0.], [0., 0., 0., 1.], [1., 0., 0., 0.], [2., 1., 0., 0.],
//!     [2., 2., 1., 0.], [2., 2., 1., 1.], [1., 2., 1., 1.], [0., 1., 0., 0.],
//!     [0., 2., 1., 0.], [2., 1., 1., 0.], [0., 1., 1., 1.], [1., 1., 0., 1.],
//!     [1., 0., 1., 0.], [2., 1., 0., 1.],
//! ];
//! let play = [0, 0, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0]; // 0 = no, 1 = yes
//! let tree = Tree::fit(&schema, &days, &play, 2, &TreeConfig::ID3)?;
//! assert_eq!(tree.root_attribute(), Some(0));
//! assert_eq!(tree.predict(&[0., 0., 1., 1.]), 1); // sunny, normal humidity: play
//! assert_eq!(tree.predict(&[2., 0., 0., 1.]), 0); // rain, strong wind: don't
//! assert_eq!(tree.node_count(), 8);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

/// How an attribute's values are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum AttributeKind {
    /// Values `0, 1, ..., values - 1` (any other value, at prediction time, stops at
    /// the node that tests it).
    Categorical {
        /// The number of values.
        values: u32,
    },
    /// Ordered values, compared with thresholds.
    Numeric,
}

/// An attribute of a schema: its name and kind.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Attribute {
    /// The name, for display and for the saved model.
    pub name: String,
    /// How its values are read.
    pub kind: AttributeKind,
}

impl Attribute {
    /// A categorical attribute with `values` values.
    pub fn categorical(name: &str, values: u32) -> Attribute {
        Attribute { name: name.to_owned(), kind: AttributeKind::Categorical { values } }
    }

    /// A numeric attribute.
    pub fn numeric(name: &str) -> Attribute {
        Attribute { name: name.to_owned(), kind: AttributeKind::Numeric }
    }
}

/// A sample the learner can read: the value of each attribute of a schema, by index.
pub trait Features {
    /// The value of attribute `attribute` (an index into the schema).
    fn value(&self, attribute: usize) -> f64;
}

impl<T: Features + ?Sized> Features for &T {
    fn value(&self, attribute: usize) -> f64 {
        (**self).value(attribute)
    }
}

impl Features for [f64] {
    fn value(&self, attribute: usize) -> f64 {
        self[attribute]
    }
}

impl<const N: usize> Features for [f64; N] {
    fn value(&self, attribute: usize) -> f64 {
        self[attribute]
    }
}

impl Features for Vec<f64> {
    fn value(&self, attribute: usize) -> f64 {
        self[attribute]
    }
}

/// The split criterion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Criterion {
    /// ID3's information gain.
    InformationGain,
    /// C4.5's gain ratio (gain over split information), among attributes whose gain
    /// reaches the average.
    GainRatio,
}

/// How numeric attributes split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum NumericSplit {
    /// Cut once, at the root, into this many equal-frequency bins (fewer when the
    /// attribute has fewer distinct values); every bin is a branch, and the attribute
    /// is used at most once per path.
    Bins(u8),
    /// Two branches at the best threshold of each node (C4.5); the attribute may split
    /// again below.
    Threshold,
}

/// The settings of [`Tree::fit`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TreeConfig {
    /// The split criterion.
    pub criterion: Criterion,
    /// How numeric attributes split.
    pub numeric: NumericSplit,
    /// A node splits only when the best criterion value exceeds this; a negative value
    /// lets an attribute of zero gain split too (Russell and Norvig's ID3 splits while
    /// attributes are left).
    pub min_gain: f64,
    /// The fewest samples two branches of a split must each hold (C4.5's `-m`); 1
    /// means no constraint.
    pub min_leaf: u32,
    /// Pruning: `Some(z)` prunes with the pessimistic error estimate at `z` standard
    /// deviations (C4.5's default confidence of 25 % is `z = 0.6745`); `None` keeps
    /// the grown tree.
    pub prune: Option<f64>,
    /// The deepest a node may be (the root is at depth 0).
    pub max_depth: u32,
    /// The most nodes the grown tree may have; [`Tree::fit`] fails beyond.
    pub max_nodes: usize,
}

impl TreeConfig {
    /// ID3 as the strength paper grew it: information gain, 5 equal-frequency bins per
    /// numeric attribute, a split whenever the samples disagree and an attribute is
    /// left, no pruning.
    pub const ID3: TreeConfig = TreeConfig {
        criterion: Criterion::InformationGain,
        numeric: NumericSplit::Bins(5),
        min_gain: -1.0,
        min_leaf: 1,
        prune: None,
        max_depth: 64,
        max_nodes: 10_000_000,
    };

    /// C4.5's defaults: gain ratio, binary thresholds, at least 2 samples in two
    /// branches, pruning at a confidence of 25 %.
    pub const C45: TreeConfig = TreeConfig {
        criterion: Criterion::GainRatio,
        numeric: NumericSplit::Threshold,
        min_gain: 0.0,
        min_leaf: 2,
        prune: Some(0.6745),
        max_depth: 64,
        max_nodes: 10_000_000,
    };
}

/// Why a tree could not be grown or read.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum TreeError {
    /// No samples were given.
    NoSamples,
    /// The number of labels differs from the number of samples.
    LabelCount {
        /// The number of samples.
        samples: usize,
        /// The number of labels.
        labels: usize,
    },
    /// A label is not below the number of classes.
    BadLabel {
        /// The index of the sample.
        sample: usize,
        /// Its label.
        label: usize,
    },
    /// A value is not usable (not finite, or not a value of a categorical attribute).
    BadValue {
        /// The index of the sample.
        sample: usize,
        /// The attribute's name.
        attribute: String,
        /// The value.
        value: f64,
    },
    /// The configuration is inconsistent.
    BadConfig(&'static str),
    /// The tree grew beyond [`TreeConfig::max_nodes`].
    TooManyNodes(usize),
    /// A saved tree is inconsistent.
    Malformed {
        /// The node at fault.
        node: usize,
        /// What is wrong.
        reason: String,
    },
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::NoSamples => write!(f, "no training samples"),
            TreeError::LabelCount { samples, labels } => {
                write!(f, "{samples} samples but {labels} labels")
            }
            TreeError::BadLabel { sample, label } => {
                write!(f, "sample {sample}: label {label} is not a class of the tree")
            }
            TreeError::BadValue { sample, attribute, value } => {
                write!(f, "sample {sample}: {value} is not a value of attribute {attribute}")
            }
            TreeError::BadConfig(why) => write!(f, "invalid tree settings: {why}"),
            TreeError::TooManyNodes(limit) => {
                write!(f, "the tree grew beyond the limit of {limit} nodes")
            }
            TreeError::Malformed { node, reason } => write!(f, "tree node {node}: {reason}"),
        }
    }
}

impl std::error::Error for TreeError {}

/// The test of an inner node: which child a value goes to.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Test {
    /// Child `v` for categorical value `v`.
    Categorical,
    /// Child `i` for the values at least `edges[i - 1]` and below `edges[i]`.
    Bins(Vec<f64>),
    /// Child 0 for values up to the threshold, child 1 above.
    AtMost(f64),
}

/// The split of an inner node.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Split {
    /// The attribute tested.
    pub attribute: u32,
    /// The test.
    pub test: Test,
    /// The children, as indices into the tree's nodes (each greater than its parent's).
    pub children: Vec<u32>,
}

/// A node: the class counts of the training samples that reached it, its plurality
/// class, and its split if it is an inner node.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Node {
    /// The number of training samples of each class that reached the node.
    pub counts: Vec<u32>,
    /// The class the node predicts: its plurality class (the smallest on a tie), or
    /// its parent's when no sample reached it.
    pub class: u32,
    /// The split, for an inner node.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub split: Option<Split>,
}

/// A grown decision tree: the schema, the number of classes, and the nodes (the root
/// first).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tree {
    /// The schema the tree reads.
    pub attributes: Vec<Attribute>,
    /// The number of classes.
    pub classes: u32,
    /// The nodes, the root first; every child comes after its parent.
    pub nodes: Vec<Node>,
}

/// Shannon entropy in bits of a class histogram of `total` samples.
fn entropy(counts: &[u32], total: u32) -> f64 {
    if total == 0 {
        return 0.0;
    }
    let n = f64::from(total);
    counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = f64::from(c) / n;
            -p * p.log2()
        })
        .sum()
}

/// The plurality class of a histogram (the smallest class on a tie), or `fallback`
/// when it is empty.
fn plurality(counts: &[u32], fallback: u32) -> u32 {
    let mut best = fallback;
    let mut best_count = 0;
    for (class, &c) in counts.iter().enumerate() {
        if c > best_count {
            best = class as u32;
            best_count = c;
        }
    }
    best
}

/// The upper end of the binomial confidence interval for `errors` out of `n` at `z`
/// standard deviations (Wilson's score interval), times `n`: C4.5's pessimistic error
/// count.
fn pessimistic_errors(errors: f64, n: f64, z: f64) -> f64 {
    if n <= 0.0 {
        return 0.0;
    }
    let f = errors / n;
    let z2 = z * z;
    let upper =
        (f + z2 / (2.0 * n) + z * (f * (1.0 - f) / n + z2 / (4.0 * n * n)).sqrt()) / (1.0 + z2 / n);
    upper * n
}

/// Equal-frequency cut points of `values` (sorted) into at most `bins` bins: each cut is
/// the distinct value whose cumulative count is nearest to `k * n / bins`, and is the
/// smallest value of the bin above it.
fn quantile_edges(sorted: &[f64], bins: u8) -> Vec<f64> {
    let n = sorted.len();
    // The distinct values and the number of samples below each.
    let mut distinct: Vec<(f64, usize)> = Vec::new();
    for (i, &v) in sorted.iter().enumerate() {
        if distinct.last().is_none_or(|&(last, _)| last != v) {
            distinct.push((v, i));
        }
    }
    let mut edges: Vec<f64> = Vec::new();
    for k in 1..u64::from(bins) {
        let target = k as f64 * n as f64 / f64::from(bins);
        // A cut before distinct value j (j >= 1) leaves `below` samples under it.
        let best = distinct
            .iter()
            .skip(1)
            .min_by(|a, b| {
                let da = (a.1 as f64 - target).abs();
                let db = (b.1 as f64 - target).abs();
                da.total_cmp(&db)
            })
            .map(|&(v, _)| v);
        if let Some(v) = best
            && edges.last().is_none_or(|&last| last < v)
        {
            edges.push(v);
        }
    }
    edges
}

/// The bin of `v` under `edges`.
fn bin_of(edges: &[f64], v: f64) -> usize {
    edges.partition_point(|&e| e <= v)
}

/// A candidate split found at a node.
struct Candidate {
    attribute: usize,
    gain: f64,
    ratio: f64,
    test: Test,
}

/// The training data, column by column.
struct Data<'a> {
    columns: Vec<Vec<f64>>,
    /// For binned numeric attributes: the bin of every sample.
    bins: Vec<Option<(Vec<f64>, Vec<u8>)>>,
    /// The distinct values of every attribute, sorted (C4.5's thresholds are values).
    distinct: Vec<Vec<f64>>,
    labels: &'a [usize],
    classes: usize,
}

impl Tree {
    /// Grows a tree on `samples` labelled with `labels` (each below `classes`) under
    /// `config`.
    ///
    /// # Errors
    ///
    /// [`TreeError`] if there are no samples, the label count differs, a label is out
    /// of range, a value is not finite or not a value of its categorical attribute,
    /// the settings are inconsistent, or the tree outgrows `config.max_nodes`.
    pub fn fit<F: Features>(
        schema: &[Attribute],
        samples: &[F],
        labels: &[usize],
        classes: usize,
        config: &TreeConfig,
    ) -> Result<Tree, TreeError> {
        if samples.is_empty() {
            return Err(TreeError::NoSamples);
        }
        if labels.len() != samples.len() {
            return Err(TreeError::LabelCount { samples: samples.len(), labels: labels.len() });
        }
        if classes == 0 || classes > u32::MAX as usize {
            return Err(TreeError::BadConfig("the number of classes must be positive"));
        }
        if let NumericSplit::Bins(b) = config.numeric
            && b < 2
        {
            return Err(TreeError::BadConfig("numeric attributes need at least 2 bins"));
        }
        if config.min_leaf == 0 {
            return Err(TreeError::BadConfig("min_leaf must be at least 1"));
        }
        if let Some(z) = config.prune
            && !(z.is_finite() && z >= 0.0)
        {
            return Err(TreeError::BadConfig("the pruning z must be finite and non-negative"));
        }
        if let Some((sample, &label)) = labels.iter().enumerate().find(|(_, l)| **l >= classes) {
            return Err(TreeError::BadLabel { sample, label });
        }
        let mut columns = vec![Vec::with_capacity(samples.len()); schema.len()];
        for (i, s) in samples.iter().enumerate() {
            for (a, attribute) in schema.iter().enumerate() {
                let v = s.value(a);
                let ok = match attribute.kind {
                    AttributeKind::Categorical { values } => {
                        v >= 0.0 && v < f64::from(values) && v.fract() == 0.0
                    }
                    AttributeKind::Numeric => v.is_finite(),
                };
                if !ok {
                    return Err(TreeError::BadValue {
                        sample: i,
                        attribute: attribute.name.clone(),
                        value: v,
                    });
                }
                columns[a].push(v);
            }
        }
        let bins = schema
            .iter()
            .zip(&columns)
            .map(|(attribute, column)| match (attribute.kind, config.numeric) {
                (AttributeKind::Numeric, NumericSplit::Bins(b)) => {
                    let mut sorted = column.clone();
                    sorted.sort_by(f64::total_cmp);
                    let edges = quantile_edges(&sorted, b);
                    let of = column.iter().map(|&v| bin_of(&edges, v) as u8).collect();
                    Some((edges, of))
                }
                _ => None,
            })
            .collect();
        let distinct = columns
            .iter()
            .map(|c| {
                let mut v = c.clone();
                v.sort_by(f64::total_cmp);
                v.dedup();
                v
            })
            .collect();
        let data = Data { columns, bins, distinct, labels, classes };
        let mut tree = Tree { attributes: schema.to_vec(), classes: classes as u32, nodes: vec![] };
        tree.grow(&data, config)?;
        if let Some(z) = config.prune {
            tree.prune(z);
        }
        Ok(tree)
    }

    /// Grows the tree breadth-first from the root.
    fn grow(&mut self, data: &Data<'_>, config: &TreeConfig) -> Result<(), TreeError> {
        struct Pending {
            node: usize,
            samples: Vec<u32>,
            used: Vec<bool>,
            depth: u32,
        }
        let all: Vec<u32> = (0..data.labels.len() as u32).collect();
        let counts = self.histogram(data, &all);
        self.nodes.push(Node { class: plurality(&counts, 0), counts, split: None });
        let mut queue = std::collections::VecDeque::new();
        queue.push_back(Pending {
            node: 0,
            samples: all,
            used: vec![false; self.attributes.len()],
            depth: 0,
        });
        while let Some(Pending { node, samples, used, depth }) = queue.pop_front() {
            let counts = self.nodes[node].counts.clone();
            let total: u32 = counts.iter().sum();
            let pure = counts.iter().filter(|&&c| c > 0).count() <= 1;
            if pure || depth >= config.max_depth || total < 2 * config.min_leaf {
                continue;
            }
            let Some(best) = self.best_split(data, config, &samples, &counts, &used) else {
                continue;
            };
            let score = match config.criterion {
                Criterion::InformationGain => best.gain,
                Criterion::GainRatio => best.ratio,
            };
            if score <= config.min_gain {
                continue;
            }
            let parts = self.partition(data, best.attribute, &best.test, &samples);
            let class = self.nodes[node].class;
            let mut children = Vec::with_capacity(parts.len());
            for part in &parts {
                if self.nodes.len() >= config.max_nodes {
                    return Err(TreeError::TooManyNodes(config.max_nodes));
                }
                let counts = self.histogram(data, part);
                children.push(self.nodes.len() as u32);
                self.nodes.push(Node { class: plurality(&counts, class), counts, split: None });
            }
            let mut child_used = used.clone();
            if !matches!(best.test, Test::AtMost(_)) {
                child_used[best.attribute] = true;
            }
            for (&child, part) in children.iter().zip(parts) {
                queue.push_back(Pending {
                    node: child as usize,
                    samples: part,
                    used: child_used.clone(),
                    depth: depth + 1,
                });
            }
            self.nodes[node].split =
                Some(Split { attribute: best.attribute as u32, test: best.test, children });
        }
        Ok(())
    }

    fn histogram(&self, data: &Data<'_>, samples: &[u32]) -> Vec<u32> {
        let mut counts = vec![0; data.classes];
        for &i in samples {
            counts[data.labels[i as usize]] += 1;
        }
        counts
    }

    /// The samples of each branch of `test` on `attribute`.
    fn partition(
        &self,
        data: &Data<'_>,
        attribute: usize,
        test: &Test,
        samples: &[u32],
    ) -> Vec<Vec<u32>> {
        let column = &data.columns[attribute];
        let branches = match test {
            Test::Categorical => match self.attributes[attribute].kind {
                AttributeKind::Categorical { values } => values as usize,
                AttributeKind::Numeric => unreachable!("categorical test on a numeric attribute"),
            },
            Test::Bins(edges) => edges.len() + 1,
            Test::AtMost(_) => 2,
        };
        let mut parts = vec![Vec::new(); branches];
        for &i in samples {
            let v = column[i as usize];
            let branch = match test {
                Test::Categorical => v as usize,
                Test::Bins(_) => {
                    data.bins[attribute].as_ref().expect("binned attribute").1[i as usize] as usize
                }
                Test::AtMost(t) => usize::from(v > *t),
            };
            parts[branch].push(i);
        }
        parts
    }

    /// The best split of a node, if any attribute can split it.
    fn best_split(
        &self,
        data: &Data<'_>,
        config: &TreeConfig,
        samples: &[u32],
        counts: &[u32],
        used: &[bool],
    ) -> Option<Candidate> {
        let total: u32 = counts.iter().sum();
        let n = f64::from(total);
        let base = entropy(counts, total);
        let mut found: Vec<Candidate> = Vec::new();
        for (a, attribute) in self.attributes.iter().enumerate() {
            if used[a] {
                continue;
            }
            let column = &data.columns[a];
            let multiway = match (attribute.kind, &data.bins[a]) {
                (AttributeKind::Categorical { values }, _) => {
                    Some((values as usize, Test::Categorical))
                }
                (AttributeKind::Numeric, Some((edges, _))) => {
                    Some((edges.len() + 1, Test::Bins(edges.clone())))
                }
                (AttributeKind::Numeric, None) => None,
            };
            let Some((branches, test)) = multiway else {
                if let Some(c) = self.best_threshold(data, config, a, samples, counts, base) {
                    found.push(c);
                }
                continue;
            };
            let mut hist = vec![vec![0u32; data.classes]; branches];
            for &i in samples {
                let i = i as usize;
                let branch = match &data.bins[a] {
                    Some((_, of)) => of[i] as usize,
                    None => column[i] as usize,
                };
                hist[branch][data.labels[i]] += 1;
            }
            let sizes: Vec<u32> = hist.iter().map(|h| h.iter().sum()).collect();
            if config.min_leaf > 1 && sizes.iter().filter(|&&s| s >= config.min_leaf).count() < 2 {
                continue;
            }
            let remainder: f64 =
                hist.iter().zip(&sizes).map(|(h, &s)| f64::from(s) / n * entropy(h, s)).sum();
            let gain = base - remainder;
            let split_info = entropy(&sizes, total);
            let ratio = if split_info > 0.0 { gain / split_info } else { 0.0 };
            found.push(Candidate { attribute: a, gain, ratio, test });
        }
        match config.criterion {
            Criterion::InformationGain => found.into_iter().fold(None, |best, c| match best {
                Some(b) if b_ge(&b, &c, |x| x.gain) => Some(b),
                _ => Some(c),
            }),
            Criterion::GainRatio => {
                let positive: Vec<&Candidate> = found.iter().filter(|c| c.gain > 0.0).collect();
                if positive.is_empty() {
                    return None;
                }
                let average = positive.iter().map(|c| c.gain).sum::<f64>() / positive.len() as f64;
                found.into_iter().filter(|c| c.gain > 0.0 && c.gain >= average - 1e-12).fold(
                    None,
                    |best, c| match best {
                        Some(b) if b_ge(&b, &c, |x| x.ratio) => Some(b),
                        _ => Some(c),
                    },
                )
            }
        }
    }

    /// The best binary threshold on numeric attribute `a` (C4.5).
    fn best_threshold(
        &self,
        data: &Data<'_>,
        config: &TreeConfig,
        a: usize,
        samples: &[u32],
        counts: &[u32],
        base: f64,
    ) -> Option<Candidate> {
        let column = &data.columns[a];
        let mut pairs: Vec<(f64, usize)> =
            samples.iter().map(|&i| (column[i as usize], data.labels[i as usize])).collect();
        pairs.sort_by(|x, y| x.0.total_cmp(&y.0));
        let total = pairs.len() as u32;
        let n = f64::from(total);
        let mut below = vec![0u32; data.classes];
        let mut above = counts.to_vec();
        let mut best: Option<(f64, f64, f64)> = None; // (gain, threshold, split info)
        let mut cuts = 0u32;
        for k in 0..pairs.len() - 1 {
            let (v, label) = pairs[k];
            below[label] += 1;
            above[label] -= 1;
            let next = pairs[k + 1].0;
            if next <= v {
                continue;
            }
            let left = k as u32 + 1;
            let right = total - left;
            if left < config.min_leaf || right < config.min_leaf {
                continue;
            }
            cuts += 1;
            let remainder = f64::from(left) / n * entropy(&below, left)
                + f64::from(right) / n * entropy(&above, right);
            let gain = base - remainder;
            if best.is_none_or(|(g, _, _)| gain > g) {
                best = Some((gain, v, entropy(&[left, right], total)));
            }
        }
        let (gain, below, split_info) = best?;
        let gain = gain - f64::from(cuts).log2() / n;
        // C4.5: the largest value of the whole training set not above the midpoint.
        let next = pairs[pairs.partition_point(|p| p.0 <= below)].0;
        let middle = below + (next - below) / 2.0;
        let values = &data.distinct[a];
        let threshold = values[values.partition_point(|&v| v <= middle) - 1];
        let ratio = if split_info > 0.0 { gain / split_info } else { 0.0 };
        Some(Candidate { attribute: a, gain, ratio, test: Test::AtMost(threshold) })
    }

    /// Replaces by leaves the subtrees whose pessimistic error is no better than a
    /// leaf's, then drops the nodes no longer reached.
    fn prune(&mut self, z: f64) {
        // Children follow their parents, so a reverse sweep sees children first.
        let mut subtree_errors = vec![0.0; self.nodes.len()];
        for i in (0..self.nodes.len()).rev() {
            let node = &self.nodes[i];
            let total: u32 = node.counts.iter().sum();
            let wrong = total - node.counts.get(node.class as usize).copied().unwrap_or(0);
            let as_leaf = pessimistic_errors(f64::from(wrong), f64::from(total), z);
            match &node.split {
                None => subtree_errors[i] = as_leaf,
                Some(split) => {
                    let below: f64 =
                        split.children.iter().map(|&c| subtree_errors[c as usize]).sum();
                    if as_leaf <= below + 0.1 {
                        self.nodes[i].split = None;
                        subtree_errors[i] = as_leaf;
                    } else {
                        subtree_errors[i] = below;
                    }
                }
            }
        }
        self.compact();
    }

    /// Renumbers the nodes reachable from the root, in breadth-first order.
    fn compact(&mut self) {
        let mut order = vec![0usize];
        let mut k = 0;
        while k < order.len() {
            if let Some(split) = &self.nodes[order[k]].split {
                order.extend(split.children.iter().map(|&c| c as usize));
            }
            k += 1;
        }
        let mut new_index = vec![u32::MAX; self.nodes.len()];
        for (new, &old) in order.iter().enumerate() {
            new_index[old] = new as u32;
        }
        let mut nodes: Vec<Node> = order.iter().map(|&old| self.nodes[old].clone()).collect();
        for node in &mut nodes {
            if let Some(split) = &mut node.split {
                for c in &mut split.children {
                    *c = new_index[*c as usize];
                }
            }
        }
        self.nodes = nodes;
    }

    /// The node reached by `x`, and the deepest node on the way that training samples
    /// reached.
    fn walk<F: Features + ?Sized>(&self, x: &F) -> (&Node, &Node) {
        let mut node = &self.nodes[0];
        let mut populated = node;
        while let Some(split) = &node.split {
            let v = x.value(split.attribute as usize);
            let branch = match &split.test {
                Test::Categorical => {
                    if v >= 0.0 && v.fract() == 0.0 && (v as usize) < split.children.len() {
                        Some(v as usize)
                    } else {
                        None
                    }
                }
                Test::Bins(edges) if !v.is_nan() => Some(bin_of(edges, v)),
                Test::AtMost(t) if !v.is_nan() => Some(usize::from(v > *t)),
                _ => None,
            };
            let Some(branch) = branch else { break };
            node = &self.nodes[split.children[branch] as usize];
            if node.counts.iter().any(|&c| c > 0) {
                populated = node;
            }
        }
        (node, populated)
    }

    /// The class the tree predicts for `x`.
    pub fn predict<F: Features + ?Sized>(&self, x: &F) -> usize {
        self.walk(x).0.class as usize
    }

    /// The class counts of the training samples at the deepest node that `x` reaches
    /// and training samples reached (the leaf itself unless it is empty).
    pub fn distribution<F: Features + ?Sized>(&self, x: &F) -> &[u32] {
        &self.walk(x).1.counts
    }

    /// The number of nodes.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The number of leaves.
    pub fn leaf_count(&self) -> usize {
        self.nodes.iter().filter(|n| n.split.is_none()).count()
    }

    /// The number of nodes the tree would have if every split had `branches` children
    /// (how a tree with a fixed number of branches per attribute counts its nodes).
    pub fn node_count_with_branches(&self, branches: usize) -> usize {
        1 + branches * (self.nodes.len() - self.leaf_count())
    }

    /// The depth of the deepest node (0 for a single leaf).
    pub fn depth(&self) -> usize {
        let mut depth = vec![0usize; self.nodes.len()];
        for (i, node) in self.nodes.iter().enumerate() {
            if let Some(split) = &node.split {
                for &c in &split.children {
                    depth[c as usize] = depth[i] + 1;
                }
            }
        }
        depth.into_iter().max().unwrap_or(0)
    }

    /// The attribute the root tests, if the root is split.
    pub fn root_attribute(&self) -> Option<usize> {
        self.nodes.first()?.split.as_ref().map(|s| s.attribute as usize)
    }

    /// Checks that a tree read from a file is consistent: at least one node, class
    /// counts of the right length, classes in range, attributes in the schema, child
    /// indices after their parent and in range, one child per branch of the test,
    /// finite thresholds, sorted bin edges.
    ///
    /// # Errors
    ///
    /// [`TreeError::Malformed`] naming the first bad node.
    pub fn validate(&self) -> Result<(), TreeError> {
        let bad = |node: usize, reason: String| Err(TreeError::Malformed { node, reason });
        if self.nodes.is_empty() {
            return bad(0, "the tree has no nodes".into());
        }
        if self.classes == 0 {
            return bad(0, "the tree has no classes".into());
        }
        for (i, node) in self.nodes.iter().enumerate() {
            if node.counts.len() != self.classes as usize {
                return bad(
                    i,
                    format!("{} class counts for {} classes", node.counts.len(), self.classes),
                );
            }
            if node.class >= self.classes {
                return bad(i, format!("class {} is not below {}", node.class, self.classes));
            }
            let Some(split) = &node.split else { continue };
            let Some(attribute) = self.attributes.get(split.attribute as usize) else {
                return bad(i, format!("attribute {} is not in the schema", split.attribute));
            };
            let branches = match (&split.test, attribute.kind) {
                (Test::Categorical, AttributeKind::Categorical { values }) => values as usize,
                (Test::Categorical, AttributeKind::Numeric) => {
                    return bad(i, format!("categorical test on numeric {}", attribute.name));
                }
                (Test::Bins(edges), _) => {
                    if edges.iter().any(|e| !e.is_finite())
                        || edges.windows(2).any(|w| w[0] >= w[1])
                    {
                        return bad(i, "bin edges must be finite and increasing".into());
                    }
                    edges.len() + 1
                }
                (Test::AtMost(t), _) => {
                    if !t.is_finite() {
                        return bad(i, "the threshold is not finite".into());
                    }
                    2
                }
            };
            if split.children.len() != branches {
                return bad(
                    i,
                    format!("{} children for a test of {branches} branches", split.children.len()),
                );
            }
            for &c in &split.children {
                if c as usize <= i || c as usize >= self.nodes.len() {
                    return bad(i, format!("child {c} is not a later node"));
                }
            }
        }
        Ok(())
    }
}

/// Whether the incumbent `b` stays ahead of the challenger `c` on `key` (ties keep the
/// incumbent, which comes first in the schema).
fn b_ge(b: &Candidate, c: &Candidate, key: impl Fn(&Candidate) -> f64) -> bool {
    key(b) >= key(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Quinlan's play-tennis table (Mitchell, Machine Learning, table 3.2): outlook
    /// (sunny, overcast, rain), temperature (hot, mild, cool), humidity (high, normal),
    /// wind (weak, strong); play (no, yes).
    fn tennis() -> (Vec<Attribute>, Vec<[f64; 4]>, Vec<usize>) {
        let schema = vec![
            Attribute::categorical("outlook", 3),
            Attribute::categorical("temperature", 3),
            Attribute::categorical("humidity", 2),
            Attribute::categorical("wind", 2),
        ];
        let days = vec![
            [0., 0., 0., 0.],
            [0., 0., 0., 1.],
            [1., 0., 0., 0.],
            [2., 1., 0., 0.],
            [2., 2., 1., 0.],
            [2., 2., 1., 1.],
            [1., 2., 1., 1.],
            [0., 1., 0., 0.],
            [0., 2., 1., 0.],
            [2., 1., 1., 0.],
            [0., 1., 1., 1.],
            [1., 1., 0., 1.],
            [1., 0., 1., 0.],
            [2., 1., 0., 1.],
        ];
        let play = vec![0, 0, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0];
        (schema, days, play)
    }

    fn data_of<'a>(
        schema: &[Attribute],
        rows: &[[f64; 4]],
        labels: &'a [usize],
        config: &TreeConfig,
    ) -> (Tree, Data<'a>) {
        let columns: Vec<Vec<f64>> =
            (0..schema.len()).map(|a| rows.iter().map(|r| r[a]).collect()).collect();
        let distinct = columns
            .iter()
            .map(|c| {
                let mut v = c.clone();
                v.sort_by(f64::total_cmp);
                v.dedup();
                v
            })
            .collect();
        let bins = vec![None; schema.len()];
        let tree = Tree { attributes: schema.to_vec(), classes: 2, nodes: vec![] };
        let _ = config;
        (tree, Data { columns, bins, distinct, labels, classes: 2 })
    }

    /// The textbook gains at the root: outlook 0.246, humidity 0.151, wind 0.048,
    /// temperature 0.029 (Mitchell §3.4.2); the entropy of [9+, 5-] is 0.940.
    #[test]
    fn tennis_gains_at_the_root() {
        let (schema, days, play) = tennis();
        assert!((entropy(&[5, 9], 14) - 0.940).abs() < 5e-4);
        let (tree, data) = data_of(&schema, &days, &play, &TreeConfig::ID3);
        let all: Vec<u32> = (0..14).collect();
        let counts = tree.histogram(&data, &all);
        let mut gains = Vec::new();
        for a in 0..4 {
            let mut used = vec![true; 4];
            used[a] = false;
            let c = tree.best_split(&data, &TreeConfig::ID3, &all, &counts, &used).unwrap();
            gains.push(c.gain);
        }
        let expected = [0.246, 0.029, 0.151, 0.048];
        for (g, e) in gains.iter().zip(expected) {
            assert!((g - e).abs() < 1e-3, "{gains:?}");
        }
        let best = tree.best_split(&data, &TreeConfig::ID3, &all, &counts, &[false; 4]).unwrap();
        assert_eq!(best.attribute, 0);
    }

    /// The known tree: outlook; sunny → humidity (high: no, normal: yes); overcast →
    /// yes; rain → wind (weak: yes, strong: no).
    #[test]
    fn tennis_gives_the_textbook_tree() {
        let (schema, days, play) = tennis();
        let tree = Tree::fit(&schema, &days, &play, 2, &TreeConfig::ID3).unwrap();
        let root = tree.nodes[0].split.as_ref().unwrap();
        assert_eq!((root.attribute, &root.test), (0, &Test::Categorical));
        let child = |i: usize| &tree.nodes[root.children[i] as usize];
        let sunny = child(0).split.as_ref().unwrap();
        assert_eq!(sunny.attribute, 2);
        let leaf = |n: u32| {
            let node = &tree.nodes[n as usize];
            assert!(node.split.is_none());
            (node.class, node.counts.clone())
        };
        assert_eq!(leaf(sunny.children[0]), (0, vec![3, 0]));
        assert_eq!(leaf(sunny.children[1]), (1, vec![0, 2]));
        assert_eq!(leaf(root.children[1]), (1, vec![0, 4]));
        let rain = child(2).split.as_ref().unwrap();
        assert_eq!(rain.attribute, 3);
        assert_eq!(leaf(rain.children[0]), (1, vec![0, 3]));
        assert_eq!(leaf(rain.children[1]), (0, vec![2, 0]));
        assert_eq!((tree.node_count(), tree.leaf_count(), tree.depth()), (8, 5, 2));
        // Every training day is classified right.
        for (d, &p) in days.iter().zip(&play) {
            assert_eq!(tree.predict(d), p);
        }
        // C4.5 without pruning grows the same tree on these categorical data.
        let c45 =
            Tree::fit(&schema, &days, &play, 2, &TreeConfig { prune: None, ..TreeConfig::C45 });
        assert_eq!(c45.unwrap().nodes, tree.nodes);
    }

    /// Quinlan's C4.5 book, chapter 1: the golf data with numeric temperature and
    /// humidity give outlook at the root, `humidity <= 75` under sunny and windy under
    /// rain.
    #[test]
    fn c45_on_the_numeric_golf_data() {
        let schema = vec![
            Attribute::categorical("outlook", 3),
            Attribute::numeric("temperature"),
            Attribute::numeric("humidity"),
            Attribute::categorical("windy", 2),
        ];
        let rows: Vec<[f64; 4]> = vec![
            [0., 75., 70., 1.],
            [0., 80., 90., 1.],
            [0., 85., 85., 0.],
            [0., 72., 95., 0.],
            [0., 69., 70., 0.],
            [1., 72., 90., 1.],
            [1., 83., 78., 0.],
            [1., 64., 65., 1.],
            [1., 81., 75., 0.],
            [2., 71., 80., 1.],
            [2., 65., 70., 1.],
            [2., 75., 80., 0.],
            [2., 68., 80., 0.],
            [2., 70., 96., 0.],
        ];
        let play = vec![1, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1];
        for config in [TreeConfig::C45, TreeConfig { prune: None, ..TreeConfig::C45 }] {
            let tree = Tree::fit(&schema, &rows, &play, 2, &config).unwrap();
            let root = tree.nodes[0].split.as_ref().unwrap();
            assert_eq!(root.attribute, 0);
            let sunny = tree.nodes[root.children[0] as usize].split.as_ref().unwrap();
            assert_eq!((sunny.attribute, &sunny.test), (2, &Test::AtMost(75.0)));
            let rain = tree.nodes[root.children[2] as usize].split.as_ref().unwrap();
            assert_eq!(rain.attribute, 3);
            assert_eq!(tree.node_count(), 8);
            assert_eq!(tree.predict(&[0., 70., 77., 0.]), 0);
            assert_eq!(tree.predict(&[0., 70., 75., 0.]), 1);
        }
    }

    /// Labels unrelated to the attribute: the grown tree splits on it anyway (every
    /// value of a 20-valued attribute has three samples), the pruned one is a single
    /// leaf holding the majority.
    #[test]
    fn pruning_removes_splits_on_noise() {
        let schema = vec![Attribute::categorical("c", 20)];
        let rows: Vec<[f64; 1]> = (0..60).map(|i| [f64::from(i % 20)]).collect();
        // A fixed pseudo-random third of the labels is 1.
        let labels: Vec<usize> = (0..60u64)
            .map(|i| usize::from((i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) % 3 == 0))
            .collect();
        let unpruned = TreeConfig { prune: None, ..TreeConfig::C45 };
        let grown = Tree::fit(&schema, &rows, &labels, 2, &unpruned).unwrap();
        let pruned = Tree::fit(&schema, &rows, &labels, 2, &TreeConfig::C45).unwrap();
        assert_eq!(grown.node_count(), 21);
        assert_eq!(pruned.node_count(), 1);
        let ones = labels.iter().filter(|&&l| l == 1).count();
        assert!(ones > 5 && ones < 30, "{ones}");
        assert_eq!(pruned.predict(&[3.0]), 0);
        pruned.validate().unwrap();
    }

    #[test]
    fn equal_frequency_bins() {
        let v: Vec<f64> = (1..=10).map(f64::from).collect();
        assert_eq!(quantile_edges(&v, 5), [3.0, 5.0, 7.0, 9.0]);
        assert_eq!(
            (bin_of(&[3.0, 5.0], 2.0), bin_of(&[3.0, 5.0], 3.0), bin_of(&[3.0, 5.0], 9.0)),
            (0, 1, 2)
        );
        // Ties: six zeros, two ones, a two and a three: the cuts nearest 2, 4, 6, 8
        // samples fall before 1 (6 below) and before 2 (8 below).
        let tied = [0., 0., 0., 0., 0., 0., 1., 1., 2., 3.];
        assert_eq!(quantile_edges(&tied, 5), [1.0, 2.0]);
        // A constant attribute has one bin.
        assert!(quantile_edges(&[4.0; 9], 5).is_empty());
    }

    /// A numeric attribute binned at the root: at most 5 children, each bin a branch.
    #[test]
    fn id3_bins_numeric_attributes_into_five_branches() {
        let schema = vec![Attribute::numeric("x")];
        let rows: Vec<[f64; 1]> = (0..100).map(|i| [f64::from(i)]).collect();
        let labels: Vec<usize> = (0..100).map(|i| (i / 20) % 3).collect();
        let tree = Tree::fit(&schema, &rows, &labels, 3, &TreeConfig::ID3).unwrap();
        let root = tree.nodes[0].split.as_ref().unwrap();
        assert_eq!(root.test, Test::Bins(vec![20.0, 40.0, 60.0, 80.0]));
        assert_eq!(tree.node_count(), 6);
        assert_eq!(tree.predict(&[45.0]), 2);
        assert_eq!(tree.predict(&[1000.0]), 1);
    }

    #[test]
    fn bad_training_data_is_refused() {
        let schema = vec![Attribute::categorical("c", 2), Attribute::numeric("x")];
        let rows = [[0.0, 1.0], [1.0, 2.0]];
        let fit = |rows: &[[f64; 2]], labels: &[usize], config: &TreeConfig| {
            Tree::fit(&schema, rows, labels, 2, config).unwrap_err().to_string()
        };
        assert_eq!(fit(&[], &[], &TreeConfig::ID3), "no training samples");
        assert_eq!(fit(&rows, &[0], &TreeConfig::ID3), "2 samples but 1 labels");
        assert_eq!(
            fit(&rows, &[0, 2], &TreeConfig::ID3),
            "sample 1: label 2 is not a class of the tree"
        );
        assert_eq!(
            fit(&[[2.0, 1.0]], &[0], &TreeConfig::ID3),
            "sample 0: 2 is not a value of attribute c"
        );
        assert_eq!(
            fit(&[[0.0, f64::NAN]], &[0], &TreeConfig::ID3),
            "sample 0: NaN is not a value of attribute x"
        );
        let tiny = TreeConfig { max_nodes: 2, ..TreeConfig::ID3 };
        assert_eq!(fit(&rows, &[0, 1], &tiny), "the tree grew beyond the limit of 2 nodes");
        let one_bin = TreeConfig { numeric: NumericSplit::Bins(1), ..TreeConfig::ID3 };
        assert!(fit(&rows, &[0, 1], &one_bin).contains("at least 2 bins"));
    }

    #[test]
    fn prediction_stops_at_values_the_tree_cannot_read() {
        let (schema, days, play) = tennis();
        let tree = Tree::fit(&schema, &days, &play, 2, &TreeConfig::ID3).unwrap();
        // An outlook of 7 does not exist: the root's plurality (yes).
        assert_eq!(tree.predict(&[7.0, 0.0, 0.0, 0.0]), 1);
        assert_eq!(tree.predict(&[f64::NAN, 0.0, 0.0, 0.0]), 1);
        assert_eq!(tree.distribution(&[7.0, 0.0, 0.0, 0.0]), &[5, 9]);
    }
}
