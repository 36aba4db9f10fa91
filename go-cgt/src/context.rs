//! The arena of canonical games: interning, canonical construction, sum, negation
//! and comparison.

use crate::dyadic::Dyadic;
use crate::error::{Error, Result};
use crate::hash::IdMap;
use crate::limits::{Limit, Limits};
use crate::thermograph::Thermograph;
use core::fmt;
use std::time::Instant;

/// A canonical short game stored in a [`Context`].
///
/// Canonical forms are unique and interned, so two ids of the same context are equal
/// exactly when the games are equal. An id is meaningful only in the context that
/// made it: passing it to another context is a caller bug (a panic or a wrong game).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct GameId(pub(crate) u32);

impl GameId {
    /// The position of the game in its context's arena (ids are dense and
    /// deterministic: the same sequence of calls gives the same ids).
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A number plus ups plus a nimber: `x + ↑n + *m` (a "NUS").
///
/// `ups` counts ↑ (negative for ↓); `nimber` is the nim value `m` of `*m`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Nus {
    /// The number part `x`.
    pub number: Dyadic,
    /// The multiple of ↑ (negative for ↓).
    pub ups: i32,
    /// The nimber part.
    pub nimber: u32,
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    Number(Dyadic),
    /// Options `opts[start .. start + nl]` (Left) then `[start + nl .. start + nl + nr]`.
    General {
        start: u32,
        nl: u32,
        nr: u32,
    },
}

#[derive(Clone, Debug)]
struct Node {
    kind: Kind,
    depth: u32,
    nus: Option<Nus>,
    left_stop: Dyadic,
    right_stop: Dyadic,
    neg: Option<GameId>,
}

/// The default of [`Context::depth_limit`].
pub const DEFAULT_DEPTH_LIMIT: u32 = 1000;

/// Owns every game it creates, and the memo tables of every operation.
///
/// A context is plain data (`Send`, no global state, no interior mutability): make
/// one per thread or per task. All memo tables live as long as the context; drop it
/// (or make a new one) to free them.
///
/// # Depth limit
/// Operations recurse on the structure of games. To keep the stack bounded, every
/// game in a context has a *depth* (longest chain of options, numbers count 0) of at
/// most [`Context::depth_limit`], and binary operations refuse operands whose depths
/// add up to more than the limit ([`Error::TooDeep`]). The default of 1000 needs
/// under 1 MiB of stack in an optimised build (measured on the deepest sums,
/// heatings, Norton products, thermographs and reduced forms); an unoptimised build
/// needs several times more. Raise it only on a thread with a larger stack.
///
/// # Limits
/// Work and memory are bounded by the context's [`Limits`] (games, estimated
/// memory, printed length, deadline): an operation that would pass one fails with
/// [`Error::LimitExceeded`], and the context stays usable.
///
/// # Examples
/// ```
/// use go_cgt::Context;
/// let mut ctx = Context::new();
/// let up = ctx.parse("^")?;
/// let star = ctx.parse("*")?;
/// let up_star = ctx.sum(up, star)?;
/// assert_eq!(ctx.display(up_star).to_string(), "^*");
/// assert!(ctx.is_confused(up_star, ctx.zero())?);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Context {
    nodes: Vec<Node>,
    opts: Vec<GameId>,
    intern: IdMap<Box<[GameId]>, GameId>,
    numbers: IdMap<Dyadic, GameId>,
    nus_ids: IdMap<Nus, GameId>,
    sum_memo: IdMap<(GameId, GameId), GameId>,
    le_memo: IdMap<(GameId, GameId), bool>,
    pub(crate) thermographs: IdMap<GameId, Thermograph>,
    pub(crate) cool_memo: IdMap<(GameId, Dyadic), GameId>,
    pub(crate) heat_memo: IdMap<(GameId, GameId), GameId>,
    pub(crate) overheat_memo: IdMap<(GameId, GameId, GameId), GameId>,
    pub(crate) norton_memo: IdMap<(GameId, GameId), GameId>,
    pub(crate) aw_memo: IdMap<GameId, core::result::Result<GameId, Error>>,
    pub(crate) rcf_memo: IdMap<GameId, GameId>,
    pub(crate) birthday_memo: IdMap<GameId, u64>,
    pub(crate) incentive_memo: IdMap<(GameId, bool), Box<[GameId]>>,
    depth_limit: u32,
    zero: GameId,
    limits: Limits,
    /// Units of work done (see [`Context::step`]).
    steps: u64,
    /// Bytes of the boxed intern keys.
    key_bytes: usize,
    /// Bytes held by the thermographs' trajectories.
    pub(crate) thermograph_bytes: usize,
    /// Bytes held by the boxed incentive lists.
    pub(crate) incentive_bytes: usize,
    /// Whether sums may use the closed forms of `closed_forms.rs` (off only in the
    /// tests that compare them with the general sum).
    pub(crate) closed_forms: bool,
    /// Set while [`Context::nimber_translate`] checks its condition.
    pub(crate) checking_nimber: bool,
    /// Scratch space reused by every construction (no allocation per call).
    key_buf: Vec<GameId>,
    virtual_memo: VirtualMemo,
}

/// How often (in steps of work) the deadline and the memory estimate are checked.
const CHECK_EVERY: u64 = 1024;

/// The bytes a hash table of `map.capacity()` entries takes (entries and control bytes).
fn table_bytes<K, V, S>(map: &std::collections::HashMap<K, V, S>) -> usize {
    map.capacity() * (size_of::<(K, V)>() + 1)
}

impl fmt::Debug for Context {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Context")
            .field("games", &self.nodes.len())
            .field("depth_limit", &self.depth_limit)
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

/// How two games compare.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Relation {
    /// `G < H`.
    Less,
    /// `G = H`.
    Equal,
    /// `G > H`.
    Greater,
    /// `G ‖ H` (incomparable: `G − H` is a first-player win).
    Confused,
}

/// The outcome class of a game: who wins with perfect play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// Left wins whoever moves first (`G > 0`).
    Left,
    /// Right wins whoever moves first (`G < 0`).
    Right,
    /// The player to move wins (`G ‖ 0`).
    Next,
    /// The player not to move wins (`G = 0`).
    Previous,
}

impl fmt::Display for Outcome {
    /// The one-letter names L, R, N, P.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Left => "L",
            Outcome::Right => "R",
            Outcome::Next => "N",
            Outcome::Previous => "P",
        })
    }
}

/// The canonical options `(left, right)` of the number `x` (at most one each).
pub(crate) fn number_options(x: Dyadic) -> (Option<Dyadic>, Option<Dyadic>) {
    if x.is_integer() {
        let n = x.numerator();
        match n.signum() {
            1 => (Some(Dyadic::from(n - 1)), None),
            -1 => (None, Some(Dyadic::from(n + 1))),
            _ => (None, None),
        }
    } else {
        let e = x.exponent();
        // (m ± 1) / 2^e reduce to smaller denominators; both stay in range.
        let lo = Dyadic::new(x.numerator() - 1, e).unwrap_or(x);
        let hi = Dyadic::new(x.numerator() + 1, e).unwrap_or(x);
        (Some(lo), Some(hi))
    }
}

/// Sorts both option lists and removes duplicates.
pub(crate) fn normalize(left: &mut Vec<GameId>, right: &mut Vec<GameId>) {
    for opts in [left, right] {
        opts.sort_unstable();
        opts.dedup();
    }
}

/// Whether a NUS `0 + ↑n + *m` is `≥ 0`.
fn nus_nonnegative(ups: i64, nim: u32) -> bool {
    ups >= 2 || (ups == 1 && nim != 1) || (ups == 0 && nim == 0)
}

impl Context {
    /// An empty context holding only `0`, with the default [`Limits`].
    pub fn new() -> Context {
        Context::with_limits(Limits::default())
    }

    /// An empty context holding only `0`, with the given limits.
    pub fn with_limits(limits: Limits) -> Context {
        let mut ctx = Context {
            nodes: Vec::new(),
            opts: Vec::new(),
            intern: IdMap::default(),
            numbers: IdMap::default(),
            nus_ids: IdMap::default(),
            sum_memo: IdMap::default(),
            le_memo: IdMap::default(),
            thermographs: IdMap::default(),
            cool_memo: IdMap::default(),
            heat_memo: IdMap::default(),
            overheat_memo: IdMap::default(),
            norton_memo: IdMap::default(),
            aw_memo: IdMap::default(),
            rcf_memo: IdMap::default(),
            birthday_memo: IdMap::default(),
            incentive_memo: IdMap::default(),
            depth_limit: DEFAULT_DEPTH_LIMIT,
            zero: GameId(0),
            limits,
            steps: 0,
            key_bytes: 0,
            thermograph_bytes: 0,
            incentive_bytes: 0,
            closed_forms: true,
            checking_nimber: false,
            key_buf: Vec::new(),
            virtual_memo: VirtualMemo::default(),
        };
        ctx.zero = ctx.number(Dyadic::ZERO);
        ctx
    }

    /// The maximum depth of a game, and of the sum of the operands' depths (see the
    /// type docs).
    pub fn depth_limit(&self) -> u32 {
        self.depth_limit
    }

    /// Sets [`Context::depth_limit`]. Each unit of depth costs about 1 KiB of stack
    /// in the deepest operations; run on a thread with enough stack.
    pub fn set_depth_limit(&mut self, limit: u32) {
        self.depth_limit = limit;
    }

    /// The resource limits (see [`Limits`]).
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Replaces the resource limits; they apply from the next operation on (a
    /// context that already holds more games than the new limit refuses to create
    /// more).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Counts one unit of work (an uncached comparison, sum, canonical
    /// construction, search node, ...); every [`CHECK_EVERY`] units, checks the
    /// deadline and the memory estimate.
    pub(crate) fn step(&mut self) -> Result<()> {
        self.steps = self.steps.wrapping_add(1);
        if self.steps.is_multiple_of(CHECK_EVERY) {
            self.check_resources(0)?;
        }
        Ok(())
    }

    /// Checks the deadline, and the memory estimate plus `extra` bytes held by the
    /// caller (a search table) against the limits.
    pub(crate) fn check_resources(&self, extra: usize) -> Result<()> {
        if let Some(deadline) = self.limits.deadline
            && Instant::now() >= deadline
        {
            return Err(Error::LimitExceeded(Limit::Deadline));
        }
        if let Some(max) = self.limits.memory
            && self.memory_estimate().saturating_add(extra) > max
        {
            return Err(Error::LimitExceeded(Limit::Memory(max)));
        }
        Ok(())
    }

    /// An estimate of the bytes the context holds: the arena (games, options,
    /// intern table) and every memo table, from their capacities.
    pub fn memory_estimate(&self) -> usize {
        self.nodes.capacity() * size_of::<Node>()
            + self.opts.capacity() * size_of::<GameId>()
            + table_bytes(&self.intern)
            + self.key_bytes
            + table_bytes(&self.numbers)
            + table_bytes(&self.nus_ids)
            + table_bytes(&self.sum_memo)
            + table_bytes(&self.le_memo)
            + table_bytes(&self.thermographs)
            + self.thermograph_bytes
            + table_bytes(&self.cool_memo)
            + table_bytes(&self.heat_memo)
            + table_bytes(&self.overheat_memo)
            + table_bytes(&self.norton_memo)
            + table_bytes(&self.aw_memo)
            + table_bytes(&self.rcf_memo)
            + table_bytes(&self.birthday_memo)
            + table_bytes(&self.incentive_memo)
            + self.incentive_bytes
            + table_bytes(&self.virtual_memo.rv)
            + table_bytes(&self.virtual_memo.vr)
            + self.key_buf.capacity() * size_of::<GameId>()
    }

    /// Empties every memo table (sums, comparisons, thermographs, cooling, heating,
    /// Norton products, atomic weights, reduced forms, birthdays, incentives) to
    /// free memory. The games themselves, and so their ids, stay valid.
    pub fn clear_caches(&mut self) {
        self.sum_memo = IdMap::default();
        self.le_memo = IdMap::default();
        self.thermographs = IdMap::default();
        self.cool_memo = IdMap::default();
        self.heat_memo = IdMap::default();
        self.overheat_memo = IdMap::default();
        self.norton_memo = IdMap::default();
        self.aw_memo = IdMap::default();
        self.rcf_memo = IdMap::default();
        self.birthday_memo = IdMap::default();
        self.incentive_memo = IdMap::default();
        self.thermograph_bytes = 0;
        self.incentive_bytes = 0;
    }

    /// How many distinct games the context holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Every game of the context, in creation order (options before the games that
    /// have them).
    pub fn games(&self) -> impl Iterator<Item = GameId> + '_ {
        (0..self.nodes.len() as u32).map(GameId)
    }

    /// Whether the context holds only `0` (it is never empty).
    pub fn is_empty(&self) -> bool {
        false
    }

    pub(crate) fn check_depth(&self, depth: u32) -> Result<()> {
        if depth > self.depth_limit {
            Err(Error::TooDeep { depth, limit: self.depth_limit })
        } else {
            Ok(())
        }
    }

    /// The depth of `g`: the longest chain of options down to a number (numbers
    /// have depth 0).
    pub fn depth(&self, g: GameId) -> u32 {
        self.nodes[g.index()].depth
    }

    // ---------------------------------------------------------------- numbers

    /// The game `0`.
    pub fn zero(&self) -> GameId {
        self.zero
    }

    /// The number `x`.
    pub fn number(&mut self, x: Dyadic) -> GameId {
        if let Some(&id) = self.numbers.get(&x) {
            return id;
        }
        let id = self.push(Node {
            kind: Kind::Number(x),
            depth: 0,
            nus: Some(Nus { number: x, ups: 0, nimber: 0 }),
            left_stop: x,
            right_stop: x,
            neg: None,
        });
        self.numbers.insert(x, id);
        id
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> GameId {
        self.number(Dyadic::from(n))
    }

    fn push(&mut self, node: Node) -> GameId {
        let id =
            GameId(u32::try_from(self.nodes.len()).expect("more than 2^32 games in a context"));
        self.nodes.push(node);
        id
    }

    /// The value of `g` if it is a number.
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        match self.nodes[g.index()].kind {
            Kind::Number(x) => Some(x),
            Kind::General { .. } => None,
        }
    }

    /// Whether `g` is a number.
    pub fn is_number(&self, g: GameId) -> bool {
        self.as_number(g).is_some()
    }

    /// Whether `g` is an integer.
    pub fn is_integer(&self, g: GameId) -> bool {
        self.as_number(g).is_some_and(Dyadic::is_integer)
    }

    /// `g` as `x + ↑n + *m`, if it is of that form.
    pub fn as_nus(&self, g: GameId) -> Option<Nus> {
        self.nodes[g.index()].nus
    }

    /// Left's stop of `g` (Left moving first, play until a number is reached).
    pub fn left_stop(&self, g: GameId) -> Dyadic {
        self.nodes[g.index()].left_stop
    }

    /// Right's stop of `g` (Right moving first).
    pub fn right_stop(&self, g: GameId) -> Dyadic {
        self.nodes[g.index()].right_stop
    }

    /// `−g` if it is already known.
    pub(crate) fn cached_neg(&self, g: GameId) -> Option<GameId> {
        self.nodes[g.index()].neg
    }

    // ---------------------------------------------------------------- options

    fn range(&self, g: GameId) -> (usize, usize, usize) {
        match self.nodes[g.index()].kind {
            Kind::General { start, nl, nr } => (start as usize, nl as usize, nr as usize),
            Kind::Number(_) => (0, 0, 0),
        }
    }

    /// Left's options of a game that is not a number (empty for numbers; see
    /// [`Context::left_options`]).
    pub(crate) fn lopts(&self, g: GameId) -> &[GameId] {
        let (s, nl, _) = self.range(g);
        &self.opts[s..s + nl]
    }

    /// Right's options of a game that is not a number.
    pub(crate) fn ropts(&self, g: GameId) -> &[GameId] {
        let (s, nl, nr) = self.range(g);
        &self.opts[s + nl..s + nl + nr]
    }

    /// The canonical Left options of `g` (for a number, its canonical number option).
    pub fn left_options(&mut self, g: GameId) -> Vec<GameId> {
        match self.as_number(g) {
            Some(x) => number_options(x).0.map(|y| self.number(y)).into_iter().collect(),
            None => self.lopts(g).to_vec(),
        }
    }

    /// The canonical Right options of `g`.
    pub fn right_options(&mut self, g: GameId) -> Vec<GameId> {
        match self.as_number(g) {
            Some(x) => number_options(x).1.map(|y| self.number(y)).into_iter().collect(),
            None => self.ropts(g).to_vec(),
        }
    }

    // ---------------------------------------------------------------- interning

    /// Interns a game from options that are already known to form a canonical game
    /// that is not a number. Sorts the options.
    pub(crate) fn intern_general(
        &mut self,
        left: Vec<GameId>,
        right: Vec<GameId>,
    ) -> Result<GameId> {
        self.intern_checked(left, right, true)
    }

    /// [`Context::intern_general`], checking the games limit only if `check_games`.
    fn intern_checked(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
        check_games: bool,
    ) -> Result<GameId> {
        normalize(&mut left, &mut right);
        // the key is built in a reused buffer; it is copied only for a new game
        let mut key = core::mem::take(&mut self.key_buf);
        key.clear();
        key.push(GameId(left.len() as u32));
        key.extend_from_slice(&left);
        key.extend_from_slice(&right);
        let found = self.intern.get(key.as_slice()).copied();
        let key_box: Box<[GameId]> =
            if found.is_none() { key.as_slice().into() } else { Box::default() };
        self.key_buf = key;
        if let Some(id) = found {
            return Ok(id);
        }
        let key = key_box;
        if check_games && let Some(max) = self.limits.games.filter(|&max| self.nodes.len() >= max) {
            return Err(Error::LimitExceeded(Limit::Games(max)));
        }
        let depth = 1 + left.iter().chain(&right).map(|&g| self.depth(g)).max().unwrap_or(0);
        self.check_depth(depth)?;
        let left_stop = left.iter().map(|&g| self.right_stop(g)).max().unwrap_or_default();
        let right_stop = right.iter().map(|&g| self.left_stop(g)).min().unwrap_or_default();
        let nus = self.recognize_nus(&left, &right);
        let start = u32::try_from(self.opts.len()).expect("option store overflow");
        self.opts.extend_from_slice(&left);
        self.opts.extend_from_slice(&right);
        let id = self.push(Node {
            kind: Kind::General { start, nl: left.len() as u32, nr: right.len() as u32 },
            depth,
            nus,
            left_stop,
            right_stop,
            neg: None,
        });
        self.key_bytes += key.len() * size_of::<GameId>();
        self.intern.insert(key, id);
        Ok(id)
    }

    /// Recognises `x + ↑n + *m` from canonical options whose NUS forms are known.
    fn recognize_nus(&self, left: &[GameId], right: &[GameId]) -> Option<Nus> {
        let tag = |g: GameId| self.as_nus(g);
        if left == right {
            // x*m = {x, x*, .., x*(m-1) | same}
            let first = tag(left[0])?;
            let mut seen = vec![false; left.len()];
            for &g in left {
                let t = tag(g)?;
                if t.number != first.number || t.ups != 0 || t.nimber as usize >= left.len() {
                    return None;
                }
                seen[t.nimber as usize] = true;
            }
            return seen.iter().all(|&s| s).then_some(Nus {
                number: first.number,
                ups: 0,
                nimber: left.len() as u32,
            });
        }
        match (left, right) {
            // x + ↑(n+1) *(m^1) = {x | x + ↑n *m} for n ≥ 0, (n, m) ≠ (0, 0)
            (&[l], &[r]) => {
                if let Some(x) = self.as_number(l) {
                    let t = tag(r)?;
                    if t.number == x && (t.ups > 0 || (t.ups == 0 && t.nimber > 0)) {
                        return Some(Nus {
                            number: x,
                            ups: t.ups.checked_add(1)?,
                            nimber: t.nimber ^ 1,
                        });
                    }
                } else if let Some(x) = self.as_number(r) {
                    let t = tag(l)?;
                    if t.number == x && (t.ups < 0 || (t.ups == 0 && t.nimber > 0)) {
                        return Some(Nus {
                            number: x,
                            ups: t.ups.checked_sub(1)?,
                            nimber: t.nimber ^ 1,
                        });
                    }
                }
                None
            }
            // x↑* = {x, x* | x}
            (&[a, b], &[r]) => {
                let x = self.as_number(r)?;
                let star = Some(Nus { number: x, ups: 0, nimber: 1 });
                ((self.as_number(a) == Some(x) && tag(b) == star)
                    || (self.as_number(b) == Some(x) && tag(a) == star))
                    .then_some(Nus { number: x, ups: 1, nimber: 1 })
            }
            // x↓* = {x | x, x*}
            (&[l], &[a, b]) => {
                let x = self.as_number(l)?;
                let star = Some(Nus { number: x, ups: 0, nimber: 1 });
                ((self.as_number(a) == Some(x) && tag(b) == star)
                    || (self.as_number(b) == Some(x) && tag(a) == star))
                    .then_some(Nus { number: x, ups: -1, nimber: 1 })
            }
            _ => None,
        }
    }

    /// The game `x + ↑ups + *nimber`.
    ///
    /// # Errors
    /// [`Error::TooDeep`] if `|ups|` or `nimber` exceeds the depth limit.
    ///
    /// # Examples
    /// ```
    /// use go_cgt::{Context, Dyadic};
    /// let mut ctx = Context::new();
    /// let g = ctx.nus(Dyadic::new(3, 1)?, -2, 1)?;
    /// assert_eq!(ctx.display(g).to_string(), "3/2vv*");
    /// # Ok::<_, go_cgt::Error>(())
    /// ```
    pub fn nus(&mut self, number: Dyadic, ups: i32, nimber: u32) -> Result<GameId> {
        let t = Nus { number, ups, nimber };
        if ups == 0 && nimber == 0 {
            return Ok(self.number(number));
        }
        if let Some(&id) = self.nus_ids.get(&t) {
            return Ok(id);
        }
        self.check_depth(ups.unsigned_abs().max(nimber))?;
        let id = if number != Dyadic::ZERO {
            let base = self.nus(Dyadic::ZERO, ups, nimber)?;
            let x = self.number(number);
            self.sum_rec(base, x)?
        } else if ups < 0 {
            let pos = self.nus(Dyadic::ZERO, -ups, nimber)?;
            self.neg(pos)
        } else if ups == 0 {
            let mut opts = vec![self.zero];
            for k in 1..nimber {
                let id = match self.nus_ids.get(&Nus { number, ups: 0, nimber: k }) {
                    Some(&id) => id,
                    None => {
                        let id = self.intern_general(opts.clone(), opts.clone())?;
                        self.nus_ids.insert(Nus { number, ups: 0, nimber: k }, id);
                        id
                    }
                };
                opts.push(id);
            }
            self.intern_general(opts.clone(), opts)?
        } else if ups == 1 && nimber == 1 {
            let star = self.nus(Dyadic::ZERO, 0, 1)?;
            self.intern_general(vec![self.zero, star], vec![self.zero])?
        } else {
            let r = self.nus(Dyadic::ZERO, ups - 1, nimber ^ 1)?;
            self.intern_general(vec![self.zero], vec![r])?
        };
        self.nus_ids.insert(t, id);
        Ok(id)
    }

    /// The nimber `*m`.
    ///
    /// # Errors
    /// [`Error::TooDeep`] if `m` exceeds the depth limit.
    pub fn nimber(&mut self, m: u32) -> Result<GameId> {
        self.nus(Dyadic::ZERO, 0, m)
    }

    // ---------------------------------------------------------------- canonical form

    /// The canonical form of `{left | right}`.
    ///
    /// # Errors
    /// [`Error::TooDeep`] if the result would be deeper than the depth limit;
    /// [`Error::Overflow`] if a number leaves the exact range.
    ///
    /// # Examples
    /// ```
    /// use go_cgt::Context;
    /// let mut ctx = Context::new();
    /// let (zero, one) = (ctx.zero(), ctx.integer(1));
    /// let half = ctx.game(&[zero], &[one])?;
    /// assert_eq!(ctx.display(half).to_string(), "1/2");
    /// # Ok::<_, go_cgt::Error>(())
    /// ```
    pub fn game(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId> {
        self.construct(left.to_vec(), right.to_vec())
    }

    pub(crate) fn construct(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
    ) -> Result<GameId> {
        normalize(&mut left, &mut right);
        if let Some(id) = self.all_number_options(&left, &right)? {
            return Ok(id);
        }
        let depth = 1 + left.iter().chain(&right).map(|&g| self.depth(g)).max().unwrap_or(0);
        self.check_depth(depth)?;
        self.step()?;
        self.remove_dominated(&mut left, &mut right)?;
        if self.bypass_reversible(&mut left, &mut right)? {
            normalize(&mut left, &mut right);
            if let Some(id) = self.all_number_options(&left, &right)? {
                return Ok(id);
            }
            self.remove_dominated(&mut left, &mut right)?;
        }
        if let Some(id) = self.all_number_options(&left, &right)? {
            return Ok(id);
        }
        self.intern_general(left, right)
    }

    /// `{left | right}` when every option is a number.
    fn all_number_options(&mut self, left: &[GameId], right: &[GameId]) -> Result<Option<GameId>> {
        let mut lo: Option<(Dyadic, GameId)> = None;
        let mut hi: Option<(Dyadic, GameId)> = None;
        for &g in left {
            let Some(x) = self.as_number(g) else { return Ok(None) };
            if lo.is_none_or(|(v, _)| x > v) {
                lo = Some((x, g));
            }
        }
        for &g in right {
            let Some(x) = self.as_number(g) else { return Ok(None) };
            if hi.is_none_or(|(v, _)| x < v) {
                hi = Some((x, g));
            }
        }
        match (lo, hi) {
            (Some((a, ga)), Some((b, gb))) if a >= b => {
                self.intern_general(vec![ga], vec![gb]).map(Some)
            }
            _ => {
                let x = Dyadic::simplest_between(lo.map(|p| p.0), hi.map(|p| p.0))?;
                Ok(Some(self.number(x)))
            }
        }
    }

    fn remove_dominated(&mut self, left: &mut Vec<GameId>, right: &mut Vec<GameId>) -> Result<()> {
        // Left prefers larger options, Right smaller ones; equal options are already
        // merged (canonical forms are unique). The likely winners (the best stops on
        // the side the opponent answers) go first, so that a dominated option is
        // usually found dominated by the first option it is compared with.
        left.sort_by_key(|&g| core::cmp::Reverse((self.right_stop(g), self.left_stop(g))));
        right.sort_by_key(|&g| (self.left_stop(g), self.right_stop(g)));
        self.retain_undominated(left, |ctx, a, b| ctx.le(a, b))?;
        self.retain_undominated(right, |ctx, a, b| ctx.le(b, a))
    }

    /// Drops every option `a` for which `dominated(a, b)` holds for another kept
    /// option `b` (compared in the order of `opts`).
    pub(crate) fn retain_undominated(
        &mut self,
        opts: &mut Vec<GameId>,
        mut dominated: impl FnMut(&mut Context, GameId, GameId) -> Result<bool>,
    ) -> Result<()> {
        let mut keep = vec![true; opts.len()];
        for i in 0..opts.len() {
            for j in 0..opts.len() {
                if i != j && keep[j] && dominated(self, opts[i], opts[j])? {
                    keep[i] = false;
                    break;
                }
            }
        }
        let mut k = keep.into_iter();
        opts.retain(|_| k.next().unwrap_or(true));
        Ok(())
    }

    /// Replaces reversible options until none is left; returns whether any was.
    fn bypass_reversible(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
    ) -> Result<bool> {
        // le_virtual never constructs a game, so the scratch memo is free here
        let mut memo = core::mem::take(&mut self.virtual_memo);
        memo.rv.clear();
        memo.vr.clear();
        let changed = self.bypass_with(left, right, &mut memo);
        self.virtual_memo = memo;
        changed
    }

    fn bypass_with(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
        memo: &mut VirtualMemo,
    ) -> Result<bool> {
        // The value of G = {left | right} does not change while bypassing, so the
        // comparisons may use a snapshot of it.
        let (l0, r0) = (left.clone(), right.clone());
        let mut changed = false;
        for (opts, on_left) in [(left, true), (right, false)] {
            let reversible =
                |ctx: &mut Context, x: GameId| ctx.le_virtual(x, on_left, &l0, &r0, memo);
            changed |= self.bypass_options(opts, on_left, reversible, |_, y| Ok(y))?;
        }
        Ok(changed)
    }

    /// Bypasses reversible options of one side: a Left option `G^L` (`on_left`)
    /// with some `G^LR` for which `reversible` holds is replaced by the Left options
    /// of `G^LR` (mapped by `replace`), and symmetrically for Right. Returns
    /// whether anything was replaced.
    pub(crate) fn bypass_options(
        &mut self,
        opts: &mut Vec<GameId>,
        on_left: bool,
        mut reversible: impl FnMut(&mut Context, GameId) -> Result<bool>,
        mut replace: impl FnMut(&mut Context, GameId) -> Result<GameId>,
    ) -> Result<bool> {
        let mut changed = false;
        let mut i = 0;
        while i < opts.len() {
            let through =
                if on_left { self.right_options(opts[i]) } else { self.left_options(opts[i]) };
            let mut reverse = None;
            for x in through {
                if reversible(self, x)? {
                    reverse = Some(x);
                    break;
                }
            }
            let Some(x) = reverse else {
                i += 1;
                continue;
            };
            opts.swap_remove(i);
            for y in if on_left { self.left_options(x) } else { self.right_options(x) } {
                let y = replace(self, y)?;
                if !opts.contains(&y) {
                    opts.push(y);
                }
            }
            changed = true;
        }
        Ok(changed)
    }

    /// `x ≤ G` (if `g_on_right`) or `G ≥ x` where `G = {left | right}` is not
    /// interned.
    fn le_virtual(
        &mut self,
        x: GameId,
        g_on_right: bool,
        left: &[GameId],
        right: &[GameId],
        memo: &mut VirtualMemo,
    ) -> Result<bool> {
        let table = if g_on_right { &memo.rv } else { &memo.vr };
        if let Some(&b) = table.get(&x) {
            return Ok(b);
        }
        self.step()?;
        // x ≤ G iff no G^R ≤ x and no x^L ≥ G; G ≤ x iff no G^L ≥ x and no x^R ≤ G.
        let g_opts = if g_on_right { right } else { left };
        let mut result = true;
        for &o in g_opts {
            if if g_on_right { self.le(o, x)? } else { self.le(x, o)? } {
                result = false;
                break;
            }
        }
        if result {
            let x_opts = if g_on_right { self.left_options(x) } else { self.right_options(x) };
            for xo in x_opts {
                if self.le_virtual(xo, !g_on_right, left, right, memo)? {
                    result = false;
                    break;
                }
            }
        }
        (if g_on_right { &mut memo.rv } else { &mut memo.vr }).insert(x, result);
        Ok(result)
    }

    // ---------------------------------------------------------------- comparison

    /// Whether `a ≤ b`.
    ///
    /// # Errors
    /// [`Error::LimitExceeded`] if the deadline or the memory limit is reached
    /// (comparisons never create games).
    pub fn le(&mut self, a: GameId, b: GameId) -> Result<bool> {
        if let Some(r) = self.le_quick(a, b) {
            return Ok(r);
        }
        if let Some(&r) = self.le_memo.get(&(a, b)) {
            return Ok(r);
        }
        self.step()?;
        let result = self.le_uncached(a, b)?;
        self.le_memo.insert((a, b), result);
        Ok(result)
    }

    /// `a ≤ b` when it follows from equality, the stops or the NUS forms alone.
    fn le_quick(&self, a: GameId, b: GameId) -> Option<bool> {
        if a == b {
            return Some(true);
        }
        let (na, nb) = (&self.nodes[a.index()], &self.nodes[b.index()]);
        // G ≤ H implies both stops of G are at most those of H.
        if na.left_stop > nb.left_stop || na.right_stop > nb.right_stop {
            return Some(false);
        }
        if let (Some(s), Some(t)) = (na.nus, nb.nus) {
            // b − a as a NUS
            return Some(match t.number.cmp(&s.number) {
                core::cmp::Ordering::Greater => true,
                core::cmp::Ordering::Less => false,
                core::cmp::Ordering::Equal => {
                    nus_nonnegative(i64::from(t.ups) - i64::from(s.ups), t.nimber ^ s.nimber)
                }
            });
        }
        None
    }

    fn le_uncached(&mut self, a: GameId, b: GameId) -> Result<bool> {
        let (a_num, b_num) = (self.is_number(a), self.is_number(b));
        // Number avoidance: against a number, only the other game's options matter.
        if !a_num {
            let (s, nl, _) = self.range(a);
            for i in 0..nl {
                let al = self.opts[s + i];
                if self.le(b, al)? {
                    return Ok(false);
                }
            }
        }
        if !b_num {
            let (s, nl, nr) = self.range(b);
            for i in 0..nr {
                let br = self.opts[s + nl + i];
                if self.le(br, a)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// Whether `a ≥ b`.
    ///
    /// # Errors
    /// As [`Context::le`].
    pub fn ge(&mut self, a: GameId, b: GameId) -> Result<bool> {
        self.le(b, a)
    }

    /// Whether `a < b`.
    ///
    /// # Errors
    /// As [`Context::le`].
    pub fn lt(&mut self, a: GameId, b: GameId) -> Result<bool> {
        Ok(a != b && self.le(a, b)?)
    }

    /// Whether `a > b`.
    ///
    /// # Errors
    /// As [`Context::le`].
    pub fn gt(&mut self, a: GameId, b: GameId) -> Result<bool> {
        Ok(a != b && self.le(b, a)?)
    }

    /// Whether `a ‖ b` (confused, incomparable).
    ///
    /// # Errors
    /// As [`Context::le`].
    pub fn is_confused(&mut self, a: GameId, b: GameId) -> Result<bool> {
        Ok(self.compare(a, b)? == Relation::Confused)
    }

    /// Whether `a <| b` (less than or confused with: not `a ≥ b`).
    ///
    /// # Errors
    /// As [`Context::le`].
    pub fn less_or_confused(&mut self, a: GameId, b: GameId) -> Result<bool> {
        Ok(!self.le(b, a)?)
    }

    /// Whether `a |> b` (greater than or confused with: not `a ≤ b`).
    ///
    /// # Errors
    /// As [`Context::le`].
    pub fn greater_or_confused(&mut self, a: GameId, b: GameId) -> Result<bool> {
        Ok(!self.le(a, b)?)
    }

    /// How `a` compares with `b`.
    ///
    /// # Errors
    /// As [`Context::le`].
    pub fn compare(&mut self, a: GameId, b: GameId) -> Result<Relation> {
        Ok(match (self.le(a, b)?, self.le(b, a)?) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Confused,
        })
    }

    /// The outcome class of `g`.
    ///
    /// # Errors
    /// As [`Context::le`].
    pub fn outcome(&mut self, g: GameId) -> Result<Outcome> {
        Ok(match self.compare(g, self.zero)? {
            Relation::Equal => Outcome::Previous,
            Relation::Greater => Outcome::Left,
            Relation::Less => Outcome::Right,
            Relation::Confused => Outcome::Next,
        })
    }

    // ---------------------------------------------------------------- negation and sum

    /// `−g`.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(n) = self.nodes[g.index()].neg {
            return n;
        }
        let n = match self.as_number(g) {
            Some(x) => self.number(-x),
            None => {
                let l: Vec<GameId> =
                    self.ropts(g).to_vec().into_iter().map(|r| self.neg(r)).collect();
                let r: Vec<GameId> =
                    self.lopts(g).to_vec().into_iter().map(|l| self.neg(l)).collect();
                // The negative of a canonical game is canonical and of the same
                // depth, and negation is exempt from the games limit.
                self.intern_checked(l, r, false).expect("negation keeps the depth")
            }
        };
        self.nodes[g.index()].neg = Some(n);
        self.nodes[n.index()].neg = Some(g);
        n
    }

    /// `a + b`.
    ///
    /// # Errors
    /// [`Error::TooDeep`] if the depths of `a` and `b` add up to more than the
    /// limit; [`Error::Overflow`] if a number leaves the exact range.
    pub fn sum(&mut self, a: GameId, b: GameId) -> Result<GameId> {
        self.check_depth(self.depth(a) + self.depth(b))?;
        self.sum_rec(a, b)
    }

    /// `a − b`.
    ///
    /// # Errors
    /// As [`Context::sum`].
    pub fn difference(&mut self, a: GameId, b: GameId) -> Result<GameId> {
        let nb = self.neg(b);
        self.sum(a, nb)
    }

    pub(crate) fn sum_rec(&mut self, a: GameId, b: GameId) -> Result<GameId> {
        if a == self.zero {
            return Ok(b);
        }
        if b == self.zero {
            return Ok(a);
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if let (Some(x), Some(y)) = (self.as_number(a), self.as_number(b)) {
            return Ok(self.number(x.checked_add(y)?));
        }
        if let Some(&s) = self.sum_memo.get(&(a, b)) {
            return Ok(s);
        }
        self.step()?;
        let result = if self.is_number(a) || self.is_number(b) {
            // Translation by a number keeps canonical forms.
            let (x, g) = if self.is_number(a) { (a, b) } else { (b, a) };
            let (s, nl, nr) = self.range(g);
            let mut left = Vec::with_capacity(nl);
            let mut right = Vec::with_capacity(nr);
            for i in 0..nl {
                let o = self.opts[s + i];
                left.push(self.sum_rec(o, x)?);
            }
            for i in 0..nr {
                let o = self.opts[s + nl + i];
                right.push(self.sum_rec(o, x)?);
            }
            self.intern_general(left, right)?
        } else if let (Some(s), Some(t)) = (self.as_nus(a), self.as_nus(b)) {
            let ups = s.ups.checked_add(t.ups).ok_or(Error::Overflow)?;
            self.nus(s.number.checked_add(t.number)?, ups, s.nimber ^ t.nimber)?
        } else if let Some(r) = self.sum_with_nus(a, b)? {
            r
        } else {
            let mut left = Vec::new();
            let mut right = Vec::new();
            for (g, h) in [(a, b), (b, a)] {
                let (s, nl, nr) = self.range(g);
                for i in 0..nl {
                    let o = self.opts[s + i];
                    left.push(self.sum_rec(o, h)?);
                }
                for i in 0..nr {
                    let o = self.opts[s + nl + i];
                    right.push(self.sum_rec(o, h)?);
                }
            }
            self.construct(left, right)?
        };
        self.sum_memo.insert((a, b), result);
        Ok(result)
    }

    /// `a + b` by a closed form when one of them is `x + *n` and the other is not
    /// a NUS: the number is added first (a translation), then the nimber by
    /// [`Context::nimber_translate`] if its moves are dominated.
    // Not inlined: `sum_rec` recurses once per level of depth and must keep a small
    // frame.
    #[inline(never)]
    fn sum_with_nus(&mut self, a: GameId, b: GameId) -> Result<Option<GameId>> {
        if !self.closed_forms {
            return Ok(None);
        }
        let (g, t) = match (self.as_nus(a), self.as_nus(b)) {
            (None, Some(t)) => (a, t),
            (Some(t), None) => (b, t),
            _ => return Ok(None),
        };
        if t.ups != 0 {
            return Ok(None);
        }
        if t.number != Dyadic::ZERO {
            let x = self.number(t.number);
            let gx = self.sum_rec(g, x)?;
            let star = self.nimber(t.nimber)?;
            return self.sum_rec(gx, star).map(Some);
        }
        // Shallow games only: the incentives are sums nested inside this sum, and
        // the stack must stay within what the depth limit promises.
        if t.nimber < crate::closed_forms::NIMBER_SHORTCUT_FROM
            || self.depth(g).saturating_mul(8) > self.depth_limit()
        {
            return Ok(None);
        }
        self.nimber_translate(g, t.nimber)
    }

    /// `n · g` (the sum of `|n|` copies of `g` or of `−g`), by doubling.
    ///
    /// # Errors
    /// As [`Context::sum`].
    pub fn multiple(&mut self, g: GameId, n: i64) -> Result<GameId> {
        let base = if n < 0 { self.neg(g) } else { g };
        let mut k = n.unsigned_abs();
        let mut acc = self.zero;
        let mut pow = base;
        while k > 0 {
            if k & 1 == 1 {
                acc = self.sum(acc, pow)?;
            }
            k >>= 1;
            if k > 0 {
                pow = self.sum(pow, pow)?;
            }
        }
        Ok(acc)
    }
}

/// The memo of the comparisons with a game under construction.
#[derive(Clone, Default)]
struct VirtualMemo {
    rv: IdMap<GameId, bool>,
    vr: IdMap<GameId, bool>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn context_is_send() {
        fn assert_send<T: Send>() {}
        assert_send::<Context>();
    }

    #[test]
    fn basic_canonical_forms() {
        let mut ctx = Context::new();
        let z = ctx.zero();
        let star = ctx.game(&[z], &[z]).unwrap();
        assert_eq!(ctx.as_nus(star), Some(Nus { number: Dyadic::ZERO, ups: 0, nimber: 1 }));
        let up = ctx.game(&[z], &[star]).unwrap();
        assert_eq!(ctx.as_nus(up).map(|t| t.ups), Some(1));
        let one = ctx.integer(1);
        let two = ctx.integer(2);
        assert_eq!(ctx.game(&[z], &[two]).unwrap(), one);
        let three = ctx.game(&[one, two], &[]).unwrap();
        assert_eq!(ctx.as_number(three), Some(Dyadic::from(3)));
        let star_left = ctx.game(&[star], &[]).unwrap();
        assert_eq!(star_left, z);
    }

    #[test]
    fn nus_closed_forms_match_general_sums() {
        // Build x + ↑n + *m by general sums of {0|*} and nimbers built from options,
        // bypassing the NUS fast path, and compare with the closed forms.
        let mut ctx = Context::new();
        let z = ctx.zero();
        let mut nims = vec![z];
        for _ in 1..8 {
            let g = ctx.construct(nims.clone(), nims.clone()).unwrap();
            nims.push(g);
        }
        let star = nims[1];
        let up = ctx.construct(vec![z], vec![star]).unwrap();
        for n in -5i32..=5 {
            for (m, &nim) in nims.iter().enumerate() {
                let mut g = nim;
                let u = if n < 0 { ctx.neg(up) } else { up };
                for _ in 0..n.unsigned_abs() {
                    g = general_sum(&mut ctx, g, u);
                }
                let expected = ctx.nus(Dyadic::ZERO, n, m as u32).unwrap();
                assert_eq!(g, expected, "n={n} m={m}");
            }
        }
    }

    /// A sum that never uses the NUS shortcut.
    fn general_sum(ctx: &mut Context, a: GameId, b: GameId) -> GameId {
        if a == ctx.zero() {
            return b;
        }
        if b == ctx.zero() {
            return a;
        }
        let mut left = Vec::new();
        let mut right = Vec::new();
        for (g, h) in [(a, b), (b, a)] {
            for o in ctx.left_options(g) {
                left.push(general_sum(ctx, o, h));
            }
            for o in ctx.right_options(g) {
                right.push(general_sum(ctx, o, h));
            }
        }
        ctx.construct(left, right).unwrap()
    }

    #[test]
    fn clearing_caches_keeps_games() {
        let mut ctx = Context::new();
        let g = ctx.parse("{3||2|1}").unwrap();
        let s = ctx.sum(g, g).unwrap();
        ctx.clear_caches();
        assert_eq!(ctx.sum(g, g).unwrap(), s);
        assert_eq!(ctx.display(s).to_string(), "{5|{4,{5|4}|3}}");
    }

    #[test]
    fn depth_limit_is_an_error() {
        let mut ctx = Context::new();
        ctx.set_depth_limit(10);
        assert!(matches!(ctx.nus(Dyadic::ZERO, 11, 0), Err(Error::TooDeep { .. })));
        let a = ctx.nus(Dyadic::ZERO, 6, 0).unwrap();
        assert!(matches!(ctx.sum(a, a), Err(Error::TooDeep { .. })));
    }
}
