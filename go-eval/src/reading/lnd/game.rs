//! The local game the solver searches: moves inside the region or a pass, the ko rules
//! of the threat balance, positional superko on the path, and the end of the game.
//!
//! **Rules.** A move is a stone on an empty point of the region that is not a suicide,
//! or a pass. Two passes in a row end the game. A move that recreates a position (the
//! stones on the board) seen earlier on the current path is illegal (positional
//! superko), with one exception: retaking a simple ko right after the opponent took it
//! is allowed to a side that may still *ignore the ko ban* (see [`Threats`]), and costs
//! it one such permission. A side that may not ignore the ban cannot retake at once.
//!
//! **Graph history.** Whether a move is illegal by superko depends on the path, not
//! only on the state; [`Game::play`] reports the depth of the earlier position it
//! repeats, so that the search stores only results that did not depend on the part
//! of the path above the node (see `dfpn`).

use go_board::{Board, ByColor, Color, Point, PointSet, Undo};

use super::leaf::Leaf;

/// How many times each side may still ignore the ko ban; [`Threats::UNLIMITED`] never
/// runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Threats(pub(crate) ByColor<u8>);

impl Threats {
    /// A count that never runs out.
    pub(crate) const UNLIMITED: u8 = u8::MAX;

    /// The threat balance S(k) of the prover: S(−∞) (`k = None` and `prover_first =
    /// false`, only the opponent may retake), S(+∞) (only the prover may), S(0) (neither
    /// may: whoever takes a ko first wins it).
    pub(crate) fn balance(prover: Color, prover_retakes: u8, opponent_retakes: u8) -> Threats {
        let mut t = ByColor::new(0, 0);
        t[prover] = prover_retakes;
        t[prover.opponent()] = opponent_retakes;
        Threats(t)
    }

    /// The part of a state's key that these permissions give (see [`Game::key`]).
    pub(crate) fn key(self) -> u64 {
        splitmix(0x6b6f_5f74_6872_6561 ^ (u64::from(self.0.black) << 8 | u64::from(self.0.white)))
    }
}

/// SplitMix64's finaliser, for the parts of the key that are not stones.
const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A move of the local game: `0` is a pass, any other value a point's index.
pub(crate) type Code = u16;

/// The code of a pass.
pub(crate) const PASS: Code = 0;

/// Who won, from a terminal position.
pub(crate) type Winner = Color;

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Occupied, outside the region, suicide, or a ko retake without permission.
    Illegal,
    /// It would recreate the position at this depth of the path (the deepest such).
    Repeats(usize),
}

/// What [`Game::undo`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Played {
    undo: Undo,
    passes: u8,
    spent_threat: bool,
}

/// The state of the local game and its rules.
#[derive(Clone, Debug)]
pub(crate) struct Game {
    pub(crate) board: Board,
    region: PointSet,
    /// The points of the region, in a fixed order.
    points: Vec<Point>,
    pub(crate) target: PointSet,
    pub(crate) attacker: Color,
    pub(crate) defender: Color,
    /// Whether a seki (the game ending with target stones standing) is a defender win.
    seki_is_life: bool,
    pub(crate) to_move: Color,
    /// Consecutive passes just before this position (0 or 1).
    pub(crate) passes: u8,
    pub(crate) threats: Threats,
    /// The stones' hash of every position of the path, the current one last.
    pub(crate) path: Vec<u64>,
    /// The wrapping sum of the mixed hashes of the path: a key of the multiset of its
    /// positions, which decides (with the state) which moves superko refuses.
    path_sum: u64,
    pub(crate) leaf: Leaf,
    /// The leaf verdicts of positions reached by a move, by state: df-pn expands a node
    /// again and again, and each time tests every child the table does not know.
    leaf_cache: LeafCache,
}

/// A direct-mapped cache of [`Game::winner`]'s verdicts after a move, keyed by the
/// state without the ko permissions (the verdict does not depend on them). The verdict
/// depends only on the state, so the cache changes no answer and no node count, only
/// the time. It starts small and grows with the verdicts stored (a small problem,
/// solved in a few hundred nodes, should not pay for a large cache).
#[derive(Clone, Debug)]
struct LeafCache {
    keys: Vec<u64>,
    /// 0 for an empty slot; else `FULL`, the winner (0 none, 1 + the colour's index)
    /// shifted by 8 and the defender's room (`NO_ROOM` for none).
    verdicts: Vec<u16>,
    /// Verdicts stored since the last growth.
    stored: usize,
}

impl LeafCache {
    const FIRST: usize = 1 << 10;
    /// At most 2^18 slots (2.5 MiB).
    const MAX: usize = 1 << 18;
    const FULL: u16 = 0x8000;
    const NO_ROOM: u16 = 0xff;

    fn new() -> LeafCache {
        LeafCache::with_slots(LeafCache::FIRST)
    }

    fn with_slots(n: usize) -> LeafCache {
        LeafCache { keys: vec![0; n], verdicts: vec![0; n], stored: 0 }
    }

    fn slot(&self, key: u64) -> usize {
        key as usize & (self.keys.len() - 1)
    }

    fn get(&self, key: u64) -> Option<(Option<Winner>, Option<usize>)> {
        let slot = self.slot(key);
        let v = self.verdicts[slot];
        if v == 0 || self.keys[slot] != key {
            return None;
        }
        let winner = Color::ALL.into_iter().find(|c| 1 + c.index() as u16 == (v >> 8) & 0x3);
        let room = v & 0xff;
        Some((winner, (room != LeafCache::NO_ROOM).then_some(usize::from(room))))
    }

    fn put(&mut self, key: u64, winner: Option<Winner>, room: Option<usize>) {
        let room = match room {
            None => LeafCache::NO_ROOM,
            Some(r) if r < usize::from(LeafCache::NO_ROOM) => r as u16,
            Some(_) => return,
        };
        // As many verdicts stored as there are slots: start again, four times larger.
        self.stored += 1;
        if self.stored > self.keys.len() && self.keys.len() < LeafCache::MAX {
            *self = LeafCache::with_slots(4 * self.keys.len());
        }
        let winner = winner.map_or(0, |c| 1 + c.index() as u16);
        let slot = self.slot(key);
        self.keys[slot] = key;
        self.verdicts[slot] = LeafCache::FULL | winner << 8 | room;
    }
}

impl Game {
    /// The game on `board` with play restricted to `region`.
    pub(crate) fn new(
        board: Board,
        region: PointSet,
        target: PointSet,
        defender: Color,
        to_move: Color,
        threats: Threats,
        seki_is_life: bool,
    ) -> Game {
        let attacker = defender.opponent();
        let leaf = Leaf::new(&board, region, attacker);
        let points = region.iter().collect();
        let path = vec![board.hash()];
        let path_sum = splitmix(board.hash());
        Game {
            board,
            region,
            points,
            target,
            attacker,
            defender,
            seki_is_life,
            to_move,
            passes: 0,
            threats,
            path,
            path_sum,
            leaf,
            leaf_cache: LeafCache::new(),
        }
    }

    /// The points of the region in order.
    pub(crate) fn points(&self) -> &[Point] {
        &self.points
    }

    /// The region.
    pub(crate) fn region(&self) -> PointSet {
        self.region
    }

    /// The transposition key of the state: stones, side to move, ko ban, a pending
    /// pass and the ko permissions left.
    pub(crate) fn key(&self) -> u64 {
        let mut k = self.board.hash() ^ self.threats.key();
        if self.to_move == Color::White {
            k ^= go_board::zobrist::WHITE_TO_MOVE;
        }
        if let Some((p, c)) = self.board.ko() {
            k ^= splitmix(0x6b6f_0000 ^ (p.index() as u64) << 1 ^ c.index() as u64);
        }
        if self.passes > 0 {
            k ^= 0x7061_7373_6564_2121;
        }
        k
    }

    fn push(&mut self, h: u64) {
        self.path.push(h);
        self.path_sum = self.path_sum.wrapping_add(splitmix(h));
    }

    /// The key of a result that depended on the path: the state's key and the
    /// multiset of the path's positions. A result stored under it holds wherever it is
    /// found again, since superko refuses the same moves there.
    pub(crate) fn path_key(&self) -> u64 {
        self.key() ^ splitmix(self.path_sum ^ 0x7061_7468_2d6b_6579)
    }

    /// The current depth (the root is 0).
    pub(crate) fn depth(&self) -> usize {
        self.path.len() - 1
    }

    /// Whether target stones stand.
    pub(crate) fn target_stands(&self) -> bool {
        !(self.target & *self.board.stones(self.defender)).is_empty()
    }

    /// Plays `code` for the side to move.
    ///
    /// # Errors
    ///
    /// [`Refusal`] if the move is illegal; the state is then unchanged.
    pub(crate) fn play(&mut self, code: Code) -> Result<Played, Refusal> {
        let color = self.to_move;
        let passes = self.passes;
        if code == PASS {
            let undo = self.board.pass();
            self.to_move = color.opponent();
            self.passes = passes + 1;
            self.push(self.board.hash());
            return Ok(Played { undo, passes, spent_threat: false });
        }
        let p = Point::from_index(code as usize).expect("a move code is a point");
        if !self.board.is_empty_at(p) || !self.region.contains(p) || self.board.is_suicide(color, p)
        {
            return Err(Refusal::Illegal);
        }
        let ko_retake = self.board.ko() == Some((p, color));
        if ko_retake && self.threats.0[color] == 0 {
            return Err(Refusal::Illegal);
        }
        let undo = self.board.play(color, p);
        let h = self.board.hash();
        if !ko_retake && let Some(j) = self.path.iter().rposition(|&x| x == h) {
            self.board.undo(undo);
            return Err(Refusal::Repeats(j));
        }
        let spent_threat = ko_retake && self.threats.0[color] != Threats::UNLIMITED;
        if spent_threat {
            self.threats.0[color] -= 1;
        }
        self.to_move = color.opponent();
        self.passes = 0;
        self.push(h);
        Ok(Played { undo, passes, spent_threat })
    }

    /// Takes back the last move played.
    pub(crate) fn undo(&mut self, played: Played) {
        let h = self.path.pop().expect("a move to take back");
        self.path_sum = self.path_sum.wrapping_sub(splitmix(h));
        self.board.undo(played.undo);
        self.to_move = self.to_move.opponent();
        self.passes = played.passes;
        if played.spent_threat {
            self.threats.0[self.to_move] += 1;
        }
    }

    /// The winner if the current position ends the search: two passes, the target
    /// captured, the target safe, or the defender without hope. `last` is the move that
    /// led here (`None` at the root, where every test runs).
    pub(crate) fn winner(&mut self, last: Option<(Color, Code, usize)>) -> Option<Winner> {
        self.leaf.room = None;
        if self.passes >= 2 {
            let lives = self.target_stands()
                && (self.seki_is_life
                    || self.leaf.defender_safe(&self.board, self.defender, self.target));
            return Some(if lives { self.defender } else { self.attacker });
        }
        let (mover, code, removed) = match last {
            Some(m) => m,
            None => {
                if !self.target_stands() {
                    return Some(self.attacker);
                }
                if self.leaf.defender_safe(&self.board, self.defender, self.target) {
                    return Some(self.defender);
                }
                if self.hopeless() {
                    return Some(self.attacker);
                }
                return None;
            }
        };
        if code == PASS {
            return None;
        }
        // The mover is the one not to move, and a target that stood before the move
        // is gone only if the move removed stones: the verdict is the state's.
        let key = self.key() ^ self.threats.key();
        if let Some((winner, room)) = self.leaf_cache.get(key) {
            self.leaf.room = room;
            return winner;
        }
        let winner = self.winner_after(mover, removed);
        self.leaf_cache.put(key, winner, self.leaf.room);
        winner
    }

    /// The verdict after a move of `mover` that removed `removed` stones.
    fn winner_after(&mut self, mover: Color, removed: usize) -> Option<Winner> {
        if mover == self.attacker {
            if removed > 0 && !self.target_stands() {
                return Some(self.attacker);
            }
        } else if self.leaf.defender_safe(&self.board, self.defender, self.target) {
            return Some(self.defender);
        }
        if self.hopeless() {
            return Some(self.attacker);
        }
        None
    }

    /// The leaf test that the defender cannot survive, with the side to move.
    fn hopeless(&mut self) -> bool {
        let attacker_to_move = self.to_move == self.attacker;
        self.leaf.defender_hopeless(
            &self.board,
            self.attacker,
            self.defender,
            self.target,
            attacker_to_move,
        )
    }

    /// Stones removed by the move that `played` records.
    pub(crate) fn removed(played: &Played) -> usize {
        played.undo.removed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_leaf_cache_gives_back_what_it_stored_as_it_grows() {
        let mut cache = LeafCache::new();
        let verdicts = [
            (None, None),
            (Some(Color::Black), Some(0)),
            (Some(Color::White), Some(254)),
            (None, Some(7)),
            (Some(Color::White), None),
        ];
        let key = |i: u64| splitmix(i);
        let mut last = 0;
        for i in 0..2_000_000u64 {
            let (winner, room) = verdicts[i as usize % verdicts.len()];
            cache.put(key(i), winner, room);
            assert_eq!(cache.get(key(i)), Some((winner, room)), "verdict {i}");
            last = i;
        }
        assert_eq!(cache.keys.len(), LeafCache::MAX, "the cache grows to its largest size");
        // A key it never saw, and a room too large to store.
        assert_eq!(cache.get(key(last + 1)), None);
        cache.put(key(last + 2), Some(Color::Black), Some(255));
        assert_eq!(cache.get(key(last + 2)), None);
    }
}
