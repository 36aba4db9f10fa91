//! df-pn (Nagai 2002) for the local game, with the 1+ε thresholds of Pawlewicz & Lew
//! and graph-history-safe table entries.
//!
//! Numbers are in the φ/δ form: at every node φ is the proof number of "the side to
//! move wins" and δ its disproof number, so φ(n) = min δ(child) and δ(n) = Σ φ(child).
//!
//! **Why not go-search's df-pn.** That one is generic over a `Game` and stores every
//! result by hash; a position that repeats on the path counts as a loss and is not
//! stored, but results *above* the repetition are stored as if they did not depend on
//! the path. Here legality depends on the path (positional superko, ko permissions),
//! so every result carries the depth of the shallowest earlier position it depended
//! on, and only results that depend on nothing above their own node are stored as
//! settled (the graph-history-interaction problem; Kishimoto & Müller 2004 give a
//! complete but heavier fix). The search also needs the ko permissions in the state,
//! leaves that are proofs, and a node budget that ends it cleanly.
//!
//! **Determinism.** Moves come in a fixed order, ties go to the earlier move, and the
//! table never evicts, so answers and node counts depend on nothing but the question
//! and the budget.

use go_board::Color;

use super::game::{Code, Game, PASS, Refusal};
use super::moves::{MoveOrder, candidates};
use super::table::{Entry, INF, Table};

/// No dependency on the path above.
const NONE: usize = usize::MAX;

/// The values of a node cut by the depth limit: unknown, and too hard to prove or
/// disprove through.
const CUT: (u32, u32) = (INF - 1, INF - 1);

/// A child of the node being searched.
#[derive(Clone, Copy, Debug)]
struct Child {
    code: Code,
    phi: u32,
    delta: u32,
    /// The shallowest path depth its result depended on.
    dep: usize,
    work: u32,
}

/// The settings of one search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settings {
    /// ε of the 1+ε trick, in 1/1024ths.
    pub(crate) epsilon: u32,
    pub(crate) order: MoveOrder,
    /// The node budget.
    pub(crate) nodes: u64,
    /// The deepest ply below the root the search may reach.
    pub(crate) depth: usize,
}

/// The table of an earlier search of the same question under other ko permissions,
/// whose settled results of one kind hold in this search too.
///
/// The permissions of a search never change (each side may retake a banned ko never or
/// always), and a side with more permissions, or facing an opponent with fewer, wins at
/// least wherever it won before: the prover's wins where it could not retake hold where
/// it can, or where neither can; its losses where it could retake hold where it
/// cannot. So the searches of the threat balance S(−∞), S(+∞), S(0) pass on what they
/// settled without repeating the work.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Prior<'t> {
    pub(crate) table: &'t Table,
    /// The earlier search's permissions' key XOR this one's: a state's key there.
    pub(crate) rekey: u64,
    /// Whether the table's results that carry over are the prover's wins (else its
    /// losses).
    pub(crate) wins: bool,
}

/// A df-pn search over a [`Game`] that answers "does `prover` win?".
#[derive(Debug)]
pub(crate) struct Search<'t> {
    pub(crate) game: Game,
    table: &'t mut Table,
    priors: Vec<Prior<'t>>,
    pub(crate) prover: Color,
    settings: Settings,
    /// Nodes visited (every position reached by a move counts once per visit).
    pub(crate) nodes: u64,
    /// The budget ran out.
    pub(crate) aborted: bool,
    /// The search's generation: unsettled table entries of earlier searches on the same
    /// table (other roots) are ignored.
    generation: u8,
    root_depth: usize,
    kids: Vec<Child>,
    cands: Vec<(Code, u8)>,
}

/// The result of a search, from the prover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Proof {
    /// The prover wins.
    Proved,
    /// The prover loses.
    Disproved,
    /// Not settled within the budget.
    Unknown,
}

fn settled_for(mover: Color, winner: Color) -> (u32, u32) {
    if mover == winner { (0, INF) } else { (INF, 0) }
}

/// The initial numbers (φ for its mover, δ) of a new child of move class `class`:
/// one and one with plain order; with the heuristic order the class (the lower, the
/// more promising the move) raises δ, so that a refutation is looked for first among
/// the moves the ordering prefers, and the defender's room `room` (see `Leaf`) sets
/// how hard each side's goal looks (df-pn+): the more room, the harder the kill.
fn init(order: MoveOrder, class: u8, room: Option<usize>, mover_attacks: bool) -> (u32, u32) {
    match order {
        MoveOrder::Plain => (1, 1),
        MoveOrder::Heuristic | MoveOrder::Eyes => {
            // Tuned on the development split: one more unit per three points of room
            // for the kill, one per two points short of seven for the life.
            let (kill, live) = match room {
                Some(q) => (1 + q.min(3 * 64) / 3, 1 + 7usize.saturating_sub(q) / 2),
                None => (1, 1),
            };
            let (phi, delta) = if mover_attacks { (kill, live) } else { (live, kill) };
            (phi as u32, delta as u32 + u32::from(class))
        }
    }
}

impl<'t> Search<'t> {
    /// A search of `game` for `prover`, using `table`.
    pub(crate) fn new(
        game: Game,
        table: &'t mut Table,
        prover: Color,
        settings: Settings,
    ) -> Search<'t> {
        let root_depth = game.depth();
        Search {
            game,
            table,
            priors: Vec::new(),
            prover,
            settings,
            nodes: 0,
            aborted: false,
            generation: 0,
            root_depth,
            kids: Vec::new(),
            cands: Vec::new(),
        }
    }

    /// Uses the settled results of `prior` that hold in this search.
    pub(crate) fn with_prior(mut self, prior: Prior<'t>) -> Search<'t> {
        self.priors.push(prior);
        self
    }

    /// The winner of the current position as an earlier search settled it, where that
    /// result holds here (see [`Prior`]). Only results that did not depend on the
    /// path (stored under the state's own key) are read.
    fn known_winner(&self) -> Option<Color> {
        if self.priors.is_empty() {
            return None;
        }
        let key = self.game.key();
        let mover = self.game.to_move;
        self.priors.iter().find_map(|p| {
            let e = p.table.get(key ^ p.rekey).filter(Entry::is_settled)?;
            let winner = if e.phi == 0 { mover } else { mover.opponent() };
            ((winner == self.prover) == p.wins).then_some(winner)
        })
    }

    /// Proves or disproves the current position for the prover.
    pub(crate) fn prove(&mut self) -> Proof {
        if let Some(w) = self.game.winner(None) {
            return if w == self.prover { Proof::Proved } else { Proof::Disproved };
        }
        self.prove_inner()
    }

    /// Proves the current position, known not to be terminal: one df-pn search to the
    /// budget's depth (a depth limit that started small and doubled, as an iterative
    /// deepening, dropped the unsettled work of each iteration: on the development
    /// problems it solved fewer within the same nodes).
    fn prove_inner(&mut self) -> Proof {
        if let Some(e) = self.table.get(self.game.key())
            && e.is_settled()
        {
            return self.verdict(e.phi, e.delta);
        }
        self.generation = self.table.next_generation();
        let (phi, delta, _) = self.mid(INF - 1, INF - 1);
        self.verdict(phi, delta)
    }

    fn verdict(&self, phi: u32, delta: u32) -> Proof {
        let mover_wins = match (phi, delta) {
            (0, _) => true,
            (_, 0) => false,
            _ => return Proof::Unknown,
        };
        if mover_wins == (self.game.to_move == self.prover) {
            Proof::Proved
        } else {
            Proof::Disproved
        }
    }

    /// Plays `code` at the current position and proves the result for the prover;
    /// `None` if the move is illegal.
    pub(crate) fn prove_after(&mut self, code: Code) -> Option<Proof> {
        let played = self.game.play(code).ok()?;
        let mover = self.game.to_move.opponent();
        let removed = Game::removed(&played);
        let proof = match self.game.winner(Some((mover, code, removed))) {
            Some(w) => {
                if w == self.prover {
                    Proof::Proved
                } else {
                    Proof::Disproved
                }
            }
            None => self.prove_inner(),
        };
        self.game.undo(played);
        Some(proof)
    }

    /// The ε threshold for the best child, from the second best's δ.
    fn child_delta_threshold(&self, th_phi: u32, delta2: u32) -> u32 {
        if delta2 >= INF - 1 {
            return th_phi;
        }
        let d2 = u64::from(delta2);
        let grown = (d2 + ((d2 * u64::from(self.settings.epsilon)) >> 10)).max(d2 + 1);
        th_phi.min(grown.min(u64::from(INF - 1)) as u32)
    }

    /// Fills the children of the current node onto `kids`; returns the shallowest path
    /// depth among the moves refused by superko.
    fn generate(&mut self) -> usize {
        let mut excluded = NONE;
        let mut cands = std::mem::take(&mut self.cands);
        candidates(&self.game, self.settings.order, &mut cands);
        for &(code, class) in &cands {
            let played = match self.game.play(code) {
                Ok(played) => played,
                Err(Refusal::Illegal) => continue,
                Err(Refusal::Repeats(j)) => {
                    excluded = excluded.min(j);
                    continue;
                }
            };
            self.nodes += 1;
            let child_mover = self.game.to_move;
            let mut work = 0;
            // Two passes end the game (a state the table key does not tell apart).
            let over = self.game.passes >= 2;
            let entry = if over {
                None
            } else {
                self.table
                    .get(self.game.key())
                    .filter(|e| e.is_settled() || e.generation == self.generation)
                    .filter(Entry::is_settled)
                    .or_else(|| {
                        let path = self.table.has_path_results();
                        path.then(|| self.table.get(self.game.path_key())).flatten()
                    })
                    .or_else(|| {
                        self.table.get(self.game.key()).filter(|e| e.generation == self.generation)
                    })
            };
            let (phi, delta) = if let Some(e) = entry {
                work = e.work;
                (e.phi, e.delta)
            } else {
                let removed = Game::removed(&played);
                let winner = self.game.winner(Some((child_mover.opponent(), code, removed)));
                match winner.or_else(|| self.known_winner()) {
                    Some(w) => settled_for(child_mover, w),
                    None => init(
                        self.settings.order,
                        class,
                        self.game.leaf.room,
                        child_mover == self.game.attacker,
                    ),
                }
            };
            self.game.undo(played);
            self.kids.push(Child { code, phi, delta, dep: NONE, work });
        }
        self.cands = cands;
        excluded
    }

    /// The multiple-iterative-deepening step at the current (non-terminal) node.
    fn mid(&mut self, th_phi: u32, th_delta: u32) -> (u32, u32, usize) {
        let depth = self.game.depth();
        if depth - self.root_depth >= self.settings.depth {
            return (CUT.0, CUT.1, NONE);
        }
        let start = self.nodes;
        let base = self.kids.len();
        let excluded = self.generate();
        let (mut phi, mut delta);
        loop {
            (phi, delta) = summarize(&self.kids[base..]);
            if phi >= th_phi || delta >= th_delta || self.aborted {
                break;
            }
            let (best, delta2) = select(&self.kids[base..]);
            let c = self.kids[base + best];
            let c_th_phi = (u64::from(th_delta) - u64::from(delta) + u64::from(c.phi))
                .min(u64::from(INF - 1)) as u32;
            let c_th_delta = self.child_delta_threshold(th_phi, delta2);
            let played = self.game.play(c.code).expect("a generated move stays legal");
            let before = self.nodes;
            let (cphi, cdelta, cdep) = self.mid(c_th_phi, c_th_delta);
            self.game.undo(played);
            let kid = &mut self.kids[base + best];
            kid.phi = cphi;
            kid.delta = cdelta;
            kid.dep = cdep;
            kid.work =
                kid.work.saturating_add((self.nodes - before).min(u64::from(u32::MAX)) as u32);
            if self.nodes >= self.settings.nodes {
                self.aborted = true;
            }
        }
        let kids = &self.kids[base..];
        let (dep, best) = if phi == 0 {
            let i = kids.iter().position(|k| k.delta == 0).expect("a proving child");
            (kids[i].dep, kids[i].code)
        } else {
            let dep = kids.iter().fold(excluded, |d, k| d.min(k.dep));
            let best = if delta == 0 {
                // The longest resistance: the child that took the most work.
                let mut b = 0;
                for (i, k) in kids.iter().enumerate() {
                    if k.work > kids[b].work {
                        b = i;
                    }
                }
                kids.get(b).map_or(PASS, |k| k.code)
            } else {
                kids.get(select(kids).0).map_or(PASS, |k| k.code)
            };
            (dep, best)
        };
        let settled = phi == 0 || delta == 0;
        // A settled result that depended on the path above is stored under the path's
        // key (it holds wherever the same positions are on the path).
        let key = if !settled || dep >= depth {
            self.game.key()
        } else {
            self.table.note_path_result();
            self.game.path_key()
        };
        let work = (self.nodes - start).min(u64::from(u32::MAX)) as u32;
        let work = self.table.get(key).map_or(work, |e| e.work.saturating_add(work));
        self.table.put(Entry { key, phi, delta, work, best, generation: self.generation });
        self.kids.truncate(base);
        (phi, delta, dep)
    }

    /// The children of the current node with their values from the table or the
    /// terminal tests (for walking a proof).
    pub(crate) fn children(&mut self) -> Vec<(Code, u32, u32, u32)> {
        let base = self.kids.len();
        self.generate();
        let out = self.kids[base..].iter().map(|k| (k.code, k.phi, k.delta, k.work)).collect();
        self.kids.truncate(base);
        out
    }
}

/// φ(n) = min δ(child), δ(n) = Σ φ(child) (saturating below `INF`, `INF` if a child's
/// φ is).
fn summarize(kids: &[Child]) -> (u32, u32) {
    let mut phi = INF;
    let mut delta: u64 = 0;
    for k in kids {
        phi = phi.min(k.delta);
        if k.phi == INF {
            delta = u64::from(INF);
        } else if delta < u64::from(INF) {
            delta = (delta + u64::from(k.phi)).min(u64::from(INF - 1));
        }
    }
    (phi, delta as u32)
}

/// The child with the smallest δ (the earliest on ties) and the second smallest δ.
fn select(kids: &[Child]) -> (usize, u32) {
    let mut best = 0;
    let mut d1 = INF;
    let mut d2 = INF;
    for (i, k) in kids.iter().enumerate() {
        if k.delta < d1 {
            d2 = d1;
            d1 = k.delta;
            best = i;
        } else if k.delta < d2 {
            d2 = k.delta;
        }
    }
    (best, d2)
}
