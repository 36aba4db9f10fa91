//! Static verdicts at the leaves of the search: "the defender is safe" and "the defender
//! cannot survive". Both are proofs, never guesses: a wrong verdict would make the
//! solver wrong, and the tests compare the solver with an exhaustive search that uses
//! neither.
//!
//! This is the solver's small internal seam for eye knowledge: the `eyes` module
//! (eye spaces, eye values, "certainly two eyes / at most one eye") can replace or
//! strengthen these two tests without touching the search.

use go_board::{Board, Color, PointSet};

use crate::benson::pass_alive;

/// The most chains or regions [`Leaf::defender_safe`] handles (one bit each); beyond,
/// it answers "not proven safe".
const MAX_PARTS: usize = 64;

/// The static tests of one problem, with what they keep from the root position.
#[derive(Clone, Debug)]
pub(crate) struct Leaf {
    region: PointSet,
    on_board: PointSet,
    /// Attacker stones that nothing inside the region can ever capture: pass-alive even
    /// if every point of the region held a defender stone (a tsumego frame's wall).
    anchor: PointSet,
    /// The attacker's chains that hold an anchor stone in the root position. They can
    /// never be captured, so they stay safe in every position of the search, which
    /// only ever merges more stones into them: [`Leaf::defender_hopeless`] grows its
    /// safe stones from here instead of from the anchor (the frame's wall is long).
    anchored: PointSet,
    /// The play region and the points next to it: the target's reach is followed only
    /// this far (a reach that gets out of the region concludes nothing).
    ring: PointSet,
    regions: Vec<(PointSet, PointSet)>,
    chains: Vec<(PointSet, PointSet)>,
    /// The size of the defender's room Q found by the last [`Leaf::defender_hopeless`]
    /// test (`None` when it concluded nothing about Q): a measure, not a proof, that
    /// the search uses to start its proof numbers.
    pub(crate) room: Option<usize>,
}

impl Leaf {
    /// The tests for `board` with play restricted to `region`.
    pub(crate) fn new(board: &Board, region: PointSet, attacker: Color) -> Leaf {
        let size = board.size();
        let own = *board.stones(attacker) - region;
        let other = *board.stones(attacker.opponent()) | region;
        let anchor = pass_alive(size, own, other - own);
        let anchored = PointSet::flood_fill(&anchor, board.stones(attacker));
        Leaf {
            region,
            on_board: size.on_board(),
            anchor,
            anchored,
            ring: region.dilate(&size.on_board()),
            regions: Vec::new(),
            chains: Vec::new(),
            room: None,
        }
    }

    /// Whether a stone of `target` belongs to a chain of `defender` that is pass-alive
    /// (Benson) using only eye regions inside the play region: such a chain can never be
    /// captured, whoever plays.
    ///
    /// A region of points without defender stones counts only if it lies inside the
    /// play region (one that leaks out may be larger than it looks), so the answer is a
    /// subset of Benson's on the whole board, hence sound.
    pub(crate) fn defender_safe(
        &mut self,
        board: &Board,
        defender: Color,
        target: PointSet,
    ) -> bool {
        let own = *board.stones(defender);
        let standing = target & own;
        if standing.is_empty() {
            return false;
        }
        let empty = board.empty_set();
        // The closed regions: components of the region without defender stones that
        // do not leak out of the region, with their empty points.
        self.regions.clear();
        let rest = self.region - own;
        // One fill finds every component that leaks (it touches a point outside the
        // region that holds no defender stone); two closed regions need two empty points.
        let outside = self.on_board - self.region - own;
        let mut closed = rest - PointSet::flood_fill(&outside.adjacent(&rest), &rest);
        if (closed & empty).len() < 2 {
            return false;
        }
        while let Some(p) = closed.first() {
            let r = PointSet::flood_fill(&PointSet::from_iter([p]), &closed);
            closed -= r;
            let open = r & empty;
            if !open.is_empty() {
                if self.regions.len() == MAX_PARTS {
                    return false;
                }
                self.regions.push((r, open));
            }
        }
        if self.regions.len() < 2 {
            return false;
        }
        // The defender chains around the closed regions.
        self.chains.clear();
        let mut around_all = PointSet::EMPTY;
        for (r, _) in &self.regions {
            around_all |= r.adjacent(&own);
        }
        let mut seen = PointSet::EMPTY;
        for p in around_all {
            if seen.contains(p) {
                continue;
            }
            let stones = board.chain_stones(p);
            seen |= stones;
            if self.chains.len() == MAX_PARTS {
                return false;
            }
            self.chains.push((stones, stones.adjacent(&empty)));
        }
        if (seen & standing).is_empty() {
            return false;
        }
        let mut around = [0u64; MAX_PARTS];
        let mut vital = [0u64; MAX_PARTS];
        for (ri, (r, open)) in self.regions.iter().enumerate() {
            let border = r.adjacent(&own);
            for (ci, (stones, libs)) in self.chains.iter().enumerate() {
                if !stones.is_disjoint(&border) {
                    around[ri] |= 1 << ci;
                    if open.is_subset(libs) {
                        vital[ri] |= 1 << ci;
                    }
                }
            }
        }
        let n_regions = self.regions.len();
        let mut alive: u64 =
            if self.chains.len() == 64 { u64::MAX } else { (1u64 << self.chains.len()) - 1 };
        let mut healthy: u64 = if n_regions == 64 { u64::MAX } else { (1u64 << n_regions) - 1 };
        loop {
            let mut changed = false;
            for ci in 0..self.chains.len() {
                if alive >> ci & 1 == 1 {
                    let n = (0..n_regions)
                        .filter(|&ri| healthy >> ri & 1 == 1 && vital[ri] >> ci & 1 == 1)
                        .count();
                    if n < 2 {
                        alive &= !(1 << ci);
                        changed = true;
                    }
                }
            }
            for (ri, a) in around.iter().enumerate().take(n_regions) {
                if healthy >> ri & 1 == 1 && a & !alive != 0 {
                    healthy &= !(1 << ri);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        self.chains
            .iter()
            .enumerate()
            .any(|(ci, (stones, _))| alive >> ci & 1 == 1 && !stones.is_disjoint(&standing))
    }

    /// Whether the defender's standing target stones can certainly not survive (neither
    /// live nor hold a seki).
    ///
    /// The attacker's *safe* stones are its chains that contain an anchor stone. Let C
    /// be the points reachable from the target without crossing a safe stone, I the
    /// points of C next to no safe stone, and Q the points of I without a defender
    /// stone (empty points and the attacker's other stones, which all lie in I: a stone
    /// next to a safe one is safe). The attacker can always fill a point next to a safe
    /// stone, and need never capture a defender stone before the end, so every eye and
    /// every liberty the defender keeps at the end lies in Q, and so do the stones of a
    /// seki partner. When Q is one connected set of at most two points, or three points
    /// in a row (or bent) whose middle holds an attacker stone, it holds at most one
    /// eye, and no seki fits either (the attacker kills such a seki by filling one of
    /// the two shared liberties: the defender captures and is left with a two-point
    /// eye). If C leaves the play region nothing is concluded.
    ///
    /// With the attacker to move and no ko on the board, Q empty and connected is also
    /// hopeless when its shape is one the attacker kills by playing first (see
    /// [`nakade`]); the 2×2 square, and a shape whose vital point holds the only
    /// attacker stone of Q, are hopeless whoever moves.
    pub(crate) fn defender_hopeless(
        &mut self,
        board: &Board,
        attacker: Color,
        defender: Color,
        target: PointSet,
        attacker_to_move: bool,
    ) -> bool {
        self.room = None;
        let own = *board.stones(defender);
        let standing = target & own;
        if standing.is_empty() {
            return true;
        }
        if self.anchor.is_empty() {
            return false;
        }
        debug_assert!(
            self.anchored.is_subset(board.stones(attacker)),
            "not a position of the search"
        );
        if !standing.is_subset(&self.region) {
            return false;
        }
        let safe = PointSet::flood_fill(&self.anchored, board.stones(attacker));
        // C inside the region's ring: when it stays in the region, it is the whole of C.
        let c = PointSet::flood_fill(&standing, &(self.ring - safe));
        if !c.is_subset(&self.region) {
            return false;
        }
        let q = c - safe.adjacent(&self.on_board) - own;
        self.room = Some(q.len());
        match q.len() {
            0 | 1 => true,
            2 => {
                let p = q.first().expect("two points");
                !PointSet::from_iter([p]).adjacent(&q).is_empty()
            }
            3 => {
                // One point next to the two others, holding an attacker stone.
                let attackers = *board.stones(attacker);
                q.iter().any(|p| {
                    PointSet::from_iter([p]).adjacent(&q).len() == 2 && attackers.contains(p)
                }) || (attacker_to_move && nakade(board, q) == Some(Nakade::First))
            }
            4..=6 => match nakade(board, q) {
                Some(Nakade::Always) => true,
                Some(Nakade::First) => attacker_to_move,
                None => false,
            },
            _ => false,
        }
    }
}

/// When the defender's eye space Q dies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Nakade {
    /// Whoever moves first (the 2×2 square; a shape with the attacker on its vital
    /// point).
    Always,
    /// When the attacker moves first and takes the vital point.
    First,
}

/// The killable shapes among empty, connected sets of three to six points, with no ko
/// on the board (a ko ban could keep the attacker off the vital point): any three
/// points (straight or bent three), the pyramid four (a point next to the three
/// others), the bulky five (the only five points holding a 2×2 square: five
/// adjacencies), the crossed five (a point next to the four others) and the rabbity
/// six (six points, six adjacencies, a point next to four others); the square four
/// dies whoever moves (with or without one attacker stone), and so does a shape of
/// four to six points whose vital point alone holds an attacker stone. These are the
/// classical nakade shapes.
fn nakade(board: &Board, q: PointSet) -> Option<Nakade> {
    let inside = q - board.empty_set();
    if q.len() > 6 || board.ko().is_some() || inside.len() > 1 {
        return None;
    }
    let first = q.first()?;
    if PointSet::flood_fill(&PointSet::from_iter([first]), &q) != q {
        return None;
    }
    // Each point's neighbours within Q (no allocation: this runs at every leaf).
    let mut degrees = [(0usize, first); 6];
    for (slot, p) in degrees.iter_mut().zip(q.iter()) {
        *slot = (PointSet::from_iter([p]).adjacent(&q).len(), p);
    }
    let degrees = &degrees[..q.len()];
    let edges = degrees.iter().map(|&(d, _)| d).sum::<usize>() / 2;
    let widest = degrees.iter().map(|&(d, _)| d).max().unwrap_or(0);
    let shape = match (q.len(), edges, widest) {
        (3, _, _) => Nakade::First,
        (4, 4, _) => Nakade::Always,
        (4, 3, 3) | (5, 5, _) | (5, 4, 4) | (6, 6, 4) => Nakade::First,
        _ => return None,
    };
    match inside.first() {
        None => Some(shape),
        Some(_) if shape == Nakade::Always => Some(shape),
        // The attacker's stone on the vital point (the one point of the widest
        // degree) of a shape of four to six points: dead whoever moves.
        Some(stone) if q.len() >= 4 => {
            let mut vital = degrees.iter().filter(|&&(d, _)| d == widest).map(|&(_, p)| p);
            (vital.next() == Some(stone) && vital.next().is_none()).then_some(Nakade::Always)
        }
        Some(_) => None,
    }
}
