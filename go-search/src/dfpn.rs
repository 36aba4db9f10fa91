//! df-pn: depth-first proof-number search (Nagai 2002) with a transposition table and
//! the 1+ε threshold trick (Pawlewicz & Lew 2007).
//!
//! df-pn answers one question: can the attacker ([`ProofEvaluator::attacker`]) force a
//! win? Draws count as failures of the attacker. It works in the φ/δ form: at every node
//! φ is the proof number for "the side to move gets its way" and δ the disproof number,
//! so `φ(n) = min δ(child)` and `δ(n) = Σ φ(child)`.
//!
//! **DAGs.** Results are keyed by [`Game::hash`] (or, without one, by the path, which
//! loses transpositions but stays correct). On a DAG, δ sums count shared subtrees more
//! than once: that slows the search down, but proofs stay correct, and the 1+ε
//! thresholds keep it from thrashing between siblings. **Cycles.** A position that
//! repeats on the current path counts as a failure of the side that repeats it — of the
//! attacker, as for draws — and is never stored, so the table holds no path-dependent
//! result for it; results of nodes above a repetition can still depend on the path (the
//! graph-history-interaction problem), so prove cyclic games with care.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use crate::error::{ConfigError, non_negative};
use crate::eval::{Candidates, ProofEvaluator, ProofNumbers, candidate_moves};
use crate::game::{Game, Side};
use crate::limits::{Budget, Limits};
use crate::observe::{Observer, Snapshot};
use crate::report::{Report, Stats, Stop, Value};
use crate::rng::mix2;
use crate::score::MAX_PLY;
use crate::searcher::Searcher;

const INF: u32 = ProofNumbers::INFINITE;

/// Options of [`DfPn`].
///
/// # Examples
/// ```
/// use go_search::dfpn::Config;
/// let config = Config::default().epsilon(0.5).table(1 << 16);
/// assert_eq!(config.get_epsilon(), 0.5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    epsilon: f64,
    table_entries: usize,
}

impl Default for Config {
    /// ε = 0.25 and a table of 2^20 entries.
    fn default() -> Config {
        Config { epsilon: 0.25, table_entries: 1 << 20 }
    }
}

impl Config {
    /// The ε of the 1+ε trick: a child may run until its δ exceeds the second best
    /// sibling's by a factor `1 + ε` (0 = plain df-pn). [`DfPn::new`] refuses negative,
    /// infinite and NaN values.
    #[must_use]
    pub fn epsilon(mut self, epsilon: f64) -> Config {
        self.epsilon = epsilon;
        self
    }

    /// The transposition table holds about `entries` results. df-pn cannot work without
    /// one: [`DfPn::new`] refuses fewer than 2.
    #[must_use]
    pub fn table(mut self, entries: usize) -> Config {
        self.table_entries = entries;
        self
    }

    /// Checks the settings.
    fn validate(&self) -> Result<(), ConfigError> {
        non_negative("dfpn::Config::epsilon", self.epsilon)?;
        if self.table_entries < 2 {
            let expected = "at least 2 entries (df-pn needs its table)";
            return Err(ConfigError::new("dfpn::Config::table", self.table_entries, expected));
        }
        Ok(())
    }

    /// ε.
    pub fn get_epsilon(&self) -> f64 {
        self.epsilon
    }
}

/// A stored result, φ/δ for the side to move.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    phi: u32,
    delta: u32,
    /// Nodes searched below (replacement keeps the bigger work).
    work: u64,
}

/// The df-pn table: two-way buckets, the smaller work is replaced, proofs are kept.
/// It starts small and doubles while it is more than half full, up to its maximum;
/// a new search invalidates old entries by generation instead of clearing memory.
#[derive(Debug)]
struct Table {
    slots: Vec<Option<(u8, Entry)>>,
    used: u64,
    max: usize,
    generation: u8,
}

const INITIAL_SLOTS: usize = 1 << 10;

impl Table {
    fn new(entries: usize) -> Table {
        let max = entries.clamp(2, 1 << 32).next_power_of_two();
        Table { slots: vec![None; INITIAL_SLOTS.min(max)], used: 0, max, generation: 0 }
    }

    fn clear(&mut self) {
        self.used = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.iter_mut().for_each(|s| *s = None);
        }
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1) & !1
    }

    fn live(&self, i: usize) -> Option<Entry> {
        self.slots[i].filter(|(g, _)| *g == self.generation).map(|(_, e)| e)
    }

    fn get(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        (b..b + 2).find_map(|i| self.live(i).filter(|e| e.key == key))
    }

    fn put(&mut self, entry: Entry) {
        if self.used * 2 > self.slots.len() as u64 && self.slots.len() < self.max {
            self.grow();
        }
        let b = self.bucket(entry.key);
        let settled = |e: &Entry| e.phi == 0 || e.delta == 0;
        let slot = (b..b + 2)
            .find(|&i| self.live(i).is_some_and(|e| e.key == entry.key))
            .or_else(|| (b..b + 2).find(|&i| self.live(i).is_none()))
            .unwrap_or_else(|| {
                let rank = |i: usize| self.live(i).map_or((false, 0), |e| (settled(&e), e.work));
                if rank(b) <= rank(b + 1) { b } else { b + 1 }
            });
        if self.live(slot).is_none() {
            self.used += 1;
        }
        self.slots[slot] = Some((self.generation, entry));
    }

    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.slots, vec![None; 0]);
        self.slots = vec![None; old.len() * 2];
        self.used = 0;
        let generation = self.generation;
        for (_, e) in old.into_iter().flatten().filter(|(g, _)| *g == generation) {
            self.put(e);
        }
    }
}

/// Reusable working memory of [`DfPn`]: the table and per-ply buffers.
#[derive(Debug)]
pub struct Scratch<M> {
    table: Table,
    children: Vec<Vec<Child<M>>>,
    moves: Vec<M>,
    buf: Vec<M>,
    path: Vec<u64>,
}

/// A child in a node's loop: its move, key, and initial φ/δ (used until it is stored).
#[derive(Clone, Copy, Debug)]
struct Child<M> {
    mv: M,
    key: u64,
    phi: u32,
    delta: u32,
    /// A repetition of the current path: fixed values, never stored.
    cycle: bool,
}

/// Depth-first proof-number search.
///
/// # Examples
/// ```
/// use go_search::{Attacker, DfPn, Game, Limits, Outcome, Searcher, Side, Value};
/// # struct Nim;
/// # impl Game for Nim {
/// #     type State = (u32, Side); type Move = u32; type Undo = (); type Score = i32;
/// #     fn moves(&self, s: &(u32, Side), out: &mut Vec<u32>) -> Option<Outcome<i32>> {
/// #         if s.0 == 0 { return Some(Outcome::Loss); }
/// #         out.extend((1..=3).filter(|&n| n <= s.0)); None
/// #     }
/// #     fn play(&self, s: &mut (u32, Side), n: u32) { *s = (s.0 - n, s.1.opponent()); }
/// #     fn undo(&self, s: &mut (u32, Side), n: u32, _: ()) { *s = (s.0 + n, s.1.opponent()); }
/// #     fn side_to_move(&self, s: &(u32, Side)) -> Side { s.1 }
/// #     fn hash(&self, s: &(u32, Side)) -> Option<u64> { Some(u64::from(s.0) * 2 + (s.1 == Side::Second) as u64) }
/// # }
/// let dfpn = DfPn::new(Default::default(), Attacker(Side::First))?;
/// let mut scratch = dfpn.scratch();
/// // Nim with one heap, take 1 to 3: the first player wins unless the heap is a
/// // multiple of four.
/// let r = dfpn.search(&Nim, &mut scratch, &(10, Side::First), &Limits::default());
/// assert_eq!(r.value, Value::Proven { side: Side::First, wins: true });
/// assert_eq!(r.best, Some(2));
/// let r = dfpn.search(&Nim, &mut scratch, &(12, Side::First), &Limits::default());
/// assert_eq!(r.value, Value::Proven { side: Side::First, wins: false });
/// # Ok::<_, go_search::ConfigError>(())
/// ```
#[derive(Clone, Debug)]
pub struct DfPn<P, C = ()> {
    config: Config,
    proof: P,
    candidates: C,
}

impl<P> DfPn<P> {
    /// df-pn with `config` and the proof evaluator `proof`.
    ///
    /// # Errors
    /// If ε is negative, infinite or NaN, or the table has fewer than 2 entries.
    pub fn new(config: Config, proof: P) -> Result<DfPn<P>, ConfigError> {
        config.validate()?;
        Ok(DfPn { config, proof, candidates: () })
    }
}

impl<P, C> DfPn<P, C> {
    /// Searches only the moves `candidates` keeps (see [`Candidates`]): the proof is
    /// then a proof in the game restricted to them.
    pub fn with_candidates<C2>(self, candidates: C2) -> DfPn<P, C2> {
        DfPn { config: self.config, proof: self.proof, candidates }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Fresh scratch space (the table is allocated here).
    pub fn scratch<M>(&self) -> Scratch<M> {
        Scratch {
            table: Table::new(self.config.table_entries),
            children: Vec::new(),
            moves: Vec::new(),
            buf: Vec::new(),
            path: Vec::new(),
        }
    }
}

struct Run<'a, G: Game, P, C> {
    game: &'a G,
    proof: &'a P,
    candidates: &'a C,
    attacker: Side,
    epsilon: f64,
    budget: Budget<'a, G::Move, G::Score>,
    stats: Stats,
    scratch: &'a mut Scratch<G::Move>,
}

/// φ/δ for the side to move `stm`, from proof numbers in the attacker's view.
fn for_side(pn: ProofNumbers, stm: Side, attacker: Side) -> (u32, u32) {
    let (p, d) = (pn.proof.min(INF), pn.disproof.min(INF));
    if stm == attacker { (p, d) } else { (d, p) }
}

/// φ/δ of a position the side to move `wins` (or not), in df-pn's sense.
fn settled(wins: bool) -> (u32, u32) {
    if wins { (0, INF) } else { (INF, 0) }
}

fn path_key<M: Hash>(parent: u64, mv: M) -> u64 {
    let mut h = DefaultHasher::new();
    mv.hash(&mut h);
    mix2(parent, h.finish())
}

impl<G: Game, P: ProofEvaluator<G>, C: Candidates<G>> Run<'_, G, P, C> {
    fn key(&self, state: &G::State, parent: u64, mv: G::Move) -> u64 {
        match self.game.hash(state) {
            Some(h) => h,
            None => path_key(parent, mv),
        }
    }

    /// φ/δ of a position with no moves left to search (terminal or no moves).
    fn leaf_value(
        &self,
        state: &G::State,
        outcome: Option<crate::game::Outcome<G::Score>>,
    ) -> (u32, u32) {
        let stm = self.game.side_to_move(state);
        let attacker_wins = outcome.is_some_and(|o| self.proof.attacker_wins(o, stm));
        settled((stm == self.attacker) == attacker_wins)
    }

    /// The multiple-iterative-deepening step: searches `state` until φ ≥ `th_phi` or
    /// δ ≥ `th_delta`. `None` = stopped.
    fn mid(
        &mut self,
        state: &mut G::State,
        key: u64,
        ply: u32,
        th_phi: u32,
        th_delta: u32,
    ) -> Option<(u32, u32)> {
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(ply);
        let depth = self.stats.max_depth;
        if self.budget.exhausted(&self.stats, || Snapshot { depth, ..Snapshot::unknown() }) {
            return None;
        }
        if ply >= MAX_PLY - 1 {
            self.budget.halt(Stop::MaxPly);
            return None;
        }
        let work_before = self.stats.nodes;
        let mut moves = std::mem::take(&mut self.scratch.moves);
        let outcome = candidate_moves(self.game, self.candidates, state, ply, &mut moves);
        if outcome.is_some() || moves.is_empty() {
            self.scratch.moves = moves;
            let (phi, delta) = self.leaf_value(state, outcome);
            self.scratch.table.put(Entry { key, phi, delta, work: 1 });
            return Some((phi, delta));
        }
        self.stats.expansions += 1;
        self.stats.interior_nodes += 1;
        // The children, with their initial values.
        while self.scratch.children.len() <= ply as usize {
            self.scratch.children.push(Vec::new());
        }
        let mut kids = std::mem::take(&mut self.scratch.children[ply as usize]);
        kids.clear();
        self.scratch.path.push(key);
        for &mv in &moves {
            let undo = self.game.play(state, mv);
            let ckey = self.key(state, key, mv);
            let stm = self.game.side_to_move(state);
            let kid = if self.scratch.path.contains(&ckey) {
                // A repetition fails for the side that repeats (the parent's side to
                // move), as a draw fails for the attacker: the child's side gets its way.
                let (phi, delta) = settled(stm != self.attacker);
                Child { mv, key: ckey, phi, delta, cycle: true }
            } else if let Some(e) = self.probe(ckey) {
                Child { mv, key: ckey, phi: e.phi, delta: e.delta, cycle: false }
            } else {
                let mut buf = std::mem::take(&mut self.scratch.buf);
                buf.clear();
                let generated = self.game.moves(state, &mut buf);
                let no_moves = buf.is_empty();
                self.scratch.buf = buf;
                let (phi, delta) = match generated {
                    None if !no_moves => {
                        self.stats.evaluations += 1;
                        for_side(self.proof.proof_numbers(self.game, state), stm, self.attacker)
                    }
                    outcome => {
                        // Terminal: settled for good, so remember it.
                        let (phi, delta) = self.leaf_value(state, outcome);
                        self.scratch.table.put(Entry { key: ckey, phi, delta, work: 1 });
                        (phi, delta)
                    }
                };
                Child { mv, key: ckey, phi, delta, cycle: false }
            };
            self.game.undo(state, mv, undo);
            kids.push(kid);
        }
        self.scratch.moves = moves;
        let result = self.mid_loop(state, ply, th_phi, th_delta, &mut kids);
        self.scratch.path.pop();
        self.scratch.children[ply as usize] = kids;
        let (phi, delta) = result?;
        let work = self.stats.nodes - work_before + 1;
        self.scratch.table.put(Entry { key, phi, delta, work });
        Some((phi, delta))
    }

    fn probe(&mut self, key: u64) -> Option<Entry> {
        self.stats.tt_probes += 1;
        let e = self.scratch.table.get(key);
        if e.is_some() {
            self.stats.tt_hits += 1;
        }
        e
    }

    fn mid_loop(
        &mut self,
        state: &mut G::State,
        ply: u32,
        th_phi: u32,
        th_delta: u32,
        kids: &mut [Child<G::Move>],
    ) -> Option<(u32, u32)> {
        loop {
            // Refresh from the table (transpositions may have moved other children).
            for k in kids.iter_mut().filter(|k| !k.cycle) {
                if let Some(e) = self.scratch.table.get(k.key) {
                    (k.phi, k.delta) = (e.phi, e.delta);
                }
            }
            let (phi, delta, best, delta2) = summarize(kids);
            if phi >= th_phi || delta >= th_delta {
                return Some((phi, delta));
            }
            let c = kids[best];
            let child_th_phi = (u64::from(th_delta) - u64::from(delta) + u64::from(c.phi))
                .min(u64::from(INF)) as u32;
            let widened = ((f64::from(delta2) * (1.0 + self.epsilon)).ceil() as u64)
                .max(u64::from(delta2) + 1);
            let child_th_delta = widened.min(u64::from(th_phi)).min(u64::from(INF)) as u32;
            let undo = self.game.play(state, c.mv);
            let r = self.mid(state, c.key, ply + 1, child_th_phi, child_th_delta);
            self.game.undo(state, c.mv, undo);
            let (p, d) = r?;
            (kids[best].phi, kids[best].delta) = (p, d);
        }
    }
}

/// φ(n) = min δ(c), δ(n) = Σ φ(c) (saturating), the child with the smallest δ and the
/// second smallest δ.
fn summarize<M>(kids: &[Child<M>]) -> (u32, u32, usize, u32) {
    let mut phi = INF;
    let mut delta2 = INF;
    let mut best = 0;
    let mut sum: u64 = 0;
    for (i, k) in kids.iter().enumerate() {
        if k.delta < phi {
            delta2 = phi;
            phi = k.delta;
            best = i;
        } else if k.delta < delta2 {
            delta2 = k.delta;
        }
        sum += u64::from(k.phi);
    }
    (phi, sum.min(u64::from(INF)) as u32, best, delta2)
}

impl<G, P, C> Searcher<G> for DfPn<P, C>
where
    G: Game,
    G::State: Clone,
    P: ProofEvaluator<G>,
    C: Candidates<G>,
{
    type Scratch = Scratch<G::Move>;

    fn scratch(&self) -> Self::Scratch {
        DfPn::scratch(self)
    }

    fn search_observed(
        &self,
        game: &G,
        scratch: &mut Self::Scratch,
        root: &G::State,
        limits: &Limits,
        observer: &mut dyn Observer<G::Move, G::Score>,
    ) -> Report<G::Move, G::Score> {
        scratch.table.clear();
        scratch.path.clear();
        let attacker = self.proof.attacker();
        let mut run = Run {
            game,
            proof: &self.proof,
            candidates: &self.candidates,
            attacker,
            epsilon: self.config.epsilon,
            budget: Budget::new(limits, Some(observer)),
            stats: Stats { threads: 1, ..Stats::default() },
            scratch,
        };
        let mut state = root.clone();
        let root_key = game.hash(&state).unwrap_or(0x5EED);
        let result = run.mid(&mut state, root_key, 0, INF, INF);
        let mut report = Report::empty();
        if let Some((phi, delta)) = result
            && (phi == 0 || delta == 0)
        {
            let stm = game.side_to_move(&state);
            let stm_wins = phi == 0;
            report.value = Value::Proven { side: attacker, wins: (stm == attacker) == stm_wins };
            report.solved = true;
            report.pv = run.principal_variation(&mut state, root_key);
            report.best = report.pv.first().copied();
        }
        report.stop = run.budget.stopped();
        run.stats.peak_nodes = run.scratch.table.used;
        run.stats.finish(run.budget.elapsed());
        report.stats = run.stats;
        report
    }
}

impl<G: Game, P: ProofEvaluator<G>, C: Candidates<G>> Run<'_, G, P, C> {
    /// The proof line: the winner's proving moves, the loser's most resistant replies,
    /// read from the table (as far as it remembers).
    fn principal_variation(&mut self, state: &mut G::State, root_key: u64) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut undos = Vec::new();
        let mut key = root_key;
        let mut seen = vec![key];
        let mut moves = Vec::new();
        while pv.len() < MAX_PLY as usize {
            let ply = pv.len() as u32;
            if candidate_moves(self.game, self.candidates, state, ply, &mut moves).is_some()
                || moves.is_empty()
            {
                break;
            }
            let Some(node) = self.scratch.table.get(key) else { break };
            // Winner: a child its opponent cannot win (δ = 0). Loser: the child that
            // took the most work to refute.
            let mut choice: Option<(G::Move, u64, (bool, u64))> = None;
            for &mv in &moves {
                let undo = self.game.play(state, mv);
                let ckey = self.key(state, key, mv);
                self.game.undo(state, mv, undo);
                let Some(e) = self.scratch.table.get(ckey) else { continue };
                let rank = if node.phi == 0 {
                    (e.delta == 0, u64::MAX - e.work)
                } else {
                    (e.phi == 0, e.work)
                };
                if choice.is_none_or(|c| rank > c.2) {
                    choice = Some((mv, ckey, rank));
                }
            }
            let Some((mv, ckey, rank)) = choice else { break };
            if !rank.0 || seen.contains(&ckey) {
                break;
            }
            pv.push(mv);
            undos.push((mv, self.game.play(state, mv)));
            seen.push(ckey);
            key = ckey;
        }
        while let Some((mv, undo)) = undos.pop() {
            self.game.undo(state, mv, undo);
        }
        pv
    }
}
