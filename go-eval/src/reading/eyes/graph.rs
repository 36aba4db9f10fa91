//! Eye graphs: an eye space as a small graph of labelled points, with a canonical form.

use core::fmt;

/// The most points an [`EyeGraph`] holds.
pub const MAX_EYE_POINTS: usize = 16;

/// What is on a point of an eye space, seen from its owner (the *defender*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum EyePoint {
    /// An empty point inside the space (GNU Go's `.`).
    Empty,
    /// An empty marginal point: the attacker can play there from outside, as on a point
    /// next to the opponent's area, a false eye, or the key point of a half eye (`!`).
    Margin,
    /// A dead attacker stone inside the space (`X`).
    Enemy,
    /// A dead attacker stone on a false eye (`x`): when it is captured, its point is a
    /// marginal point.
    MarginalEnemy,
}

impl EyePoint {
    /// GNU Go's character: `.`, `!` or `X`.
    pub const fn symbol(self) -> char {
        match self {
            EyePoint::Empty => '.',
            EyePoint::Margin => '!',
            EyePoint::Enemy => 'X',
            EyePoint::MarginalEnemy => 'x',
        }
    }

    /// Whether the point holds a dead attacker stone.
    pub const fn is_enemy(self) -> bool {
        matches!(self, EyePoint::Enemy | EyePoint::MarginalEnemy)
    }

    /// Whether the point is marginal (empty or not).
    pub const fn is_marginal(self) -> bool {
        matches!(self, EyePoint::Margin | EyePoint::MarginalEnemy)
    }

    const fn code(self) -> u64 {
        match self {
            EyePoint::Empty => 0,
            EyePoint::Margin => 1,
            EyePoint::Enemy => 2,
            EyePoint::MarginalEnemy => 3,
        }
    }

    const fn from_code(code: u64) -> EyePoint {
        match code {
            0 => EyePoint::Empty,
            1 => EyePoint::Margin,
            2 => EyePoint::Enemy,
            _ => EyePoint::MarginalEnemy,
        }
    }
}

/// An eye space as a graph: up to [`MAX_EYE_POINTS`] labelled points and the
/// adjacencies between them. The local game of an eye space depends only on this graph
/// (GNU Go's manual, "Eyes and Half Eyes"), so eye spaces of different shapes with the
/// same graph have the same value.
///
/// # Examples
///
/// ```
/// use go_eval::reading::eyes::{EyeGraph, EyePoint};
/// // A bent three with a marginal point at one end.
/// let g = EyeGraph::from_diagram("..\n!")?;
/// assert_eq!(g.len(), 3);
/// assert_eq!(g.point(2), EyePoint::Margin);
/// assert!(g.is_adjacent(0, 2) && !g.is_adjacent(1, 2));
/// # Ok::<_, String>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct EyeGraph {
    len: u8,
    points: [EyePoint; MAX_EYE_POINTS],
    adjacent: [u16; MAX_EYE_POINTS],
}

impl EyeGraph {
    /// A graph of the given points and no adjacency.
    ///
    /// # Panics
    ///
    /// With more than [`MAX_EYE_POINTS`] points.
    pub fn new(points: &[EyePoint]) -> EyeGraph {
        assert!(points.len() <= MAX_EYE_POINTS, "an eye graph has at most {MAX_EYE_POINTS} points");
        let mut g = EyeGraph {
            len: points.len() as u8,
            points: [EyePoint::Empty; MAX_EYE_POINTS],
            adjacent: [0; MAX_EYE_POINTS],
        };
        g.points[..points.len()].copy_from_slice(points);
        g
    }

    /// Replaces the labels of the first `points.len()` points.
    pub(crate) fn relabel(&mut self, points: &[EyePoint]) {
        self.points[..points.len()].copy_from_slice(points);
    }

    /// Makes points `i` and `j` adjacent.
    ///
    /// # Panics
    ///
    /// If `i` or `j` is not a point of the graph, or `i == j`.
    pub fn connect(&mut self, i: usize, j: usize) {
        assert!(
            i < self.len() && j < self.len() && i != j,
            "no edge {i}-{j} in an eye graph of {}",
            self.len
        );
        self.adjacent[i] |= 1 << j;
        self.adjacent[j] |= 1 << i;
    }

    /// An eye graph drawn on a grid, one character a column: `.`, `!`, `X` and `x` are
    /// points (numbered row by row from the top), orthogonal neighbours are adjacent,
    /// and any other character (a space, `O`, `#`, `|`) is no point.
    ///
    /// # Errors
    ///
    /// A message when there are more than [`MAX_EYE_POINTS`] points.
    pub fn from_diagram(text: &str) -> Result<EyeGraph, String> {
        let rows: Vec<Vec<char>> =
            text.lines().filter(|l| !l.trim().is_empty()).map(|l| l.chars().collect()).collect();
        let mut index = Vec::new();
        let mut points = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.iter().enumerate() {
                let p = match ch {
                    '.' => EyePoint::Empty,
                    '!' => EyePoint::Margin,
                    'X' => EyePoint::Enemy,
                    'x' => EyePoint::MarginalEnemy,
                    _ => continue,
                };
                if points.len() == MAX_EYE_POINTS {
                    return Err(format!("more than {MAX_EYE_POINTS} points in an eye graph"));
                }
                index.push((r, c, points.len()));
                points.push(p);
            }
        }
        let mut g = EyeGraph::new(&points);
        for &(r, c, i) in &index {
            for &(r2, c2, j) in &index {
                if i < j && r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                    g.connect(i, j);
                }
            }
        }
        Ok(g)
    }

    /// The number of points.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the graph has no point.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The label of point `i`.
    ///
    /// # Panics
    ///
    /// If `i` is not a point of the graph.
    pub fn point(&self, i: usize) -> EyePoint {
        assert!(i < self.len(), "point {i} of an eye graph of {}", self.len);
        self.points[i]
    }

    /// Whether points `i` and `j` are adjacent.
    pub fn is_adjacent(&self, i: usize, j: usize) -> bool {
        i < self.len() && j < 16 && self.adjacent[i] >> j & 1 == 1
    }

    /// The neighbours of point `i` as a bit mask.
    pub(crate) fn neighbours(&self, i: usize) -> u16 {
        self.adjacent[i]
    }

    /// All points as a bit mask.
    pub(crate) fn all(&self) -> u16 {
        ((1u32 << self.len) - 1) as u16
    }

    /// The points whose label satisfies `f`, as a bit mask.
    pub(crate) fn with(&self, f: impl Fn(EyePoint) -> bool) -> u16 {
        (0..self.len()).filter(|&i| f(self.points[i])).fold(0, |m, i| m | 1 << i)
    }

    /// Whether the graph is connected (the empty graph is not).
    pub fn is_connected(&self) -> bool {
        if self.is_empty() {
            return false;
        }
        reach(self, 1, self.all()) == self.all()
    }

    /// Whether the graph is bipartite (every eye space on a board is, half-eye key
    /// points included).
    pub fn is_bipartite(&self) -> bool {
        let mut side = [0u8; MAX_EYE_POINTS];
        for start in 0..self.len() {
            if side[start] != 0 {
                continue;
            }
            side[start] = 1;
            let mut stack = vec![start];
            while let Some(v) = stack.pop() {
                for w in bits(self.adjacent[v]) {
                    if side[w] == 0 {
                        side[w] = 3 - side[v];
                        stack.push(w);
                    } else if side[w] == side[v] {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The largest number of neighbours of a point.
    pub fn max_degree(&self) -> u32 {
        (0..self.len()).map(|i| self.adjacent[i].count_ones()).max().unwrap_or(0)
    }

    /// Whether every chain of enemy stones touches an empty point (a chain without one
    /// would have been captured; such a graph is no position).
    pub fn is_position(&self) -> bool {
        let enemy = self.with(EyePoint::is_enemy);
        let open = self.all() & !enemy;
        let mut rest = enemy;
        while rest != 0 {
            let chain = reach(self, rest & rest.wrapping_neg(), enemy);
            if adjacent_to(self, chain) & open == 0 {
                return false;
            }
            rest &= !chain;
        }
        true
    }

    /// The graph with one more point for every dead chain that touches no empty point
    /// of the space: that chain lives on liberties outside the space, which the new
    /// (inner, empty) point stands for; the defender captures the chain by filling it.
    /// Returns the graph and, for each new point, the chain it serves; `None` when
    /// there is no room.
    pub(crate) fn with_outside_liberties(&self) -> Option<(EyeGraph, Vec<(usize, u16)>)> {
        let enemy = self.with(EyePoint::is_enemy);
        let open = self.all() & !enemy;
        let mut g = *self;
        let mut added = Vec::new();
        let mut rest = enemy;
        while rest != 0 {
            let chain = reach(self, rest & rest.wrapping_neg(), enemy);
            if adjacent_to(self, chain) & open == 0 {
                if g.len() == MAX_EYE_POINTS {
                    return None;
                }
                let v = g.len();
                g.len += 1;
                g.points[v] = EyePoint::Empty;
                for i in bits(chain) {
                    g.connect(i, v);
                }
                added.push((v, chain));
            }
            rest &= !chain;
        }
        Some((g, added))
    }

    /// The canonical form of a graph of at most 8 points: a code equal for two graphs
    /// exactly when they are isomorphic (labels included), and the order of the points
    /// it encodes (`order[k]` is the point of this graph that comes k-th).
    pub(crate) fn canonical(&self) -> Option<(u64, [u8; 8])> {
        let n = self.len();
        if n > 8 {
            return None;
        }
        let mut colors = [0u32; 8];
        for (i, c) in colors.iter_mut().enumerate().take(n) {
            *c = self.points[i].code() as u32;
        }
        refine(self, &mut colors);
        let mut best: Option<(u64, [u8; 8])> = None;
        search(self, colors, &mut best);
        best
    }

    /// The graph of a canonical code (the inverse of [`EyeGraph::canonical`]).
    pub(crate) fn from_code(code: u64) -> EyeGraph {
        let n = (code >> 60) as usize;
        let points: Vec<EyePoint> =
            (0..n).map(|k| EyePoint::from_code(code >> (44 + 2 * k) & 3)).collect();
        let mut g = EyeGraph::new(&points);
        let mut bit = 0;
        for i in 0..n {
            for j in i + 1..n {
                if code >> bit & 1 == 1 {
                    g.connect(i, j);
                }
                bit += 1;
            }
        }
        g
    }
}

impl fmt::Debug for EyeGraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EyeGraph(")?;
        for i in 0..self.len() {
            write!(f, "{}{}", if i > 0 { " " } else { "" }, self.points[i].symbol())?;
        }
        write!(f, ";")?;
        for i in 0..self.len() {
            for j in bits(self.adjacent[i]).filter(|&j| j > i) {
                write!(f, " {i}-{j}")?;
            }
        }
        write!(f, ")")
    }
}

/// The indices of the set bits of a mask, lowest first.
pub(crate) fn bits(mask: u16) -> impl Iterator<Item = usize> {
    let mut m = mask;
    core::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(i)
        }
    })
}

/// The points reachable from `seed` through points of `within`.
pub(crate) fn reach(g: &EyeGraph, seed: u16, within: u16) -> u16 {
    let mut set = seed & within;
    loop {
        let next = (set | adjacent_to(g, set)) & within;
        if next == set {
            return set;
        }
        set = next;
    }
}

/// The points adjacent to some point of `set` (possibly in it).
pub(crate) fn adjacent_to(g: &EyeGraph, set: u16) -> u16 {
    bits(set).fold(0, |m, i| m | g.adjacent[i])
}

/// Colour refinement: each point's colour becomes the rank of (its colour, the sorted
/// colours of its neighbours) until the partition is stable.
fn refine(g: &EyeGraph, colors: &mut [u32; 8]) {
    let n = g.len();
    let classes = |c: &[u32; 8]| {
        let mut v: Vec<u32> = c[..n].to_vec();
        v.sort_unstable();
        v.dedup();
        v.len()
    };
    let mut count = classes(colors);
    loop {
        let mut sig: Vec<(u32, Vec<u32>, usize)> = (0..n)
            .map(|i| {
                let mut nb: Vec<u32> = bits(g.adjacent[i]).map(|j| colors[j]).collect();
                nb.sort_unstable();
                (colors[i], nb, i)
            })
            .collect();
        sig.sort();
        let mut rank = 0u32;
        for k in 0..n {
            if k > 0 && (sig[k].0 != sig[k - 1].0 || sig[k].1 != sig[k - 1].1) {
                rank += 1;
            }
            colors[sig[k].2] = rank;
        }
        let next = classes(colors);
        if next == count {
            return;
        }
        count = next;
    }
}

/// Individualisation and refinement: the smallest code over the leaves of the search
/// tree (every leaf is a discrete colouring).
fn search(g: &EyeGraph, colors: [u32; 8], best: &mut Option<(u64, [u8; 8])>) {
    let n = g.len();
    // The first colour class with more than one point.
    let mut cell: Option<u32> = None;
    for c in 0..n as u32 {
        if colors[..n].iter().filter(|&&x| x == c).count() > 1 {
            cell = Some(c);
            break;
        }
    }
    match cell {
        None => {
            let mut order = [0u8; 8];
            for i in 0..n {
                order[colors[i] as usize] = i as u8;
            }
            let code = encode(g, &order);
            if best.is_none_or(|(b, _)| code < b) {
                *best = Some((code, order));
            }
        }
        Some(c) => {
            for v in 0..n {
                if colors[v] != c {
                    continue;
                }
                let mut next = colors;
                for x in next[..n].iter_mut() {
                    *x *= 2;
                    if *x > 2 * c {
                        *x += 1;
                    }
                }
                next[v] = 2 * c + 1;
                // Ranks again: 0..k.
                let mut sorted: Vec<u32> = next[..n].to_vec();
                sorted.sort_unstable();
                sorted.dedup();
                for x in next[..n].iter_mut() {
                    *x = sorted.binary_search(x).expect("a present colour") as u32;
                }
                refine(g, &mut next);
                search(g, next, best);
            }
        }
    }
}

/// The code of `g` with its points in `order`: the number of points (4 bits at 60),
/// the labels (2 bits each from bit 44), the adjacency of each pair `i < j` in order
/// (28 bits from bit 0).
fn encode(g: &EyeGraph, order: &[u8; 8]) -> u64 {
    let n = g.len();
    let mut code = (n as u64) << 60;
    for (k, &v) in order.iter().enumerate().take(n) {
        code |= g.points[v as usize].code() << (44 + 2 * k);
    }
    let mut bit = 0;
    for i in 0..n {
        for j in i + 1..n {
            if g.is_adjacent(order[i] as usize, order[j] as usize) {
                code |= 1 << bit;
            }
            bit += 1;
        }
    }
    code
}
