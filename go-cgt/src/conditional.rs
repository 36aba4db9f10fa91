//! Conditional combinatorial games (Müller): moves guarded by conditions over a
//! shared, global context.

use crate::context::{Context, GameId, Outcome};
use crate::error::{Error, Result};
use crate::hash::IdMap;

/// A named boolean fact about the global context, e.g. "Black wins the race".
/// The meaning of each atom is up to the caller.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Atom(pub u32);

/// The condition under which a move is legal: a boolean formula over [`Atom`]s.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Guard {
    /// Always legal (an ordinary move).
    Always,
    /// Legal while the atom holds.
    Atom(Atom),
    /// Legal while the inner guard does not hold.
    Not(Box<Guard>),
    /// Legal while all hold.
    All(Vec<Guard>),
    /// Legal while at least one holds.
    Any(Vec<Guard>),
}

impl Guard {
    /// The guard "while `atom` holds".
    pub fn atom(atom: Atom) -> Guard {
        Guard::Atom(atom)
    }

    /// The guard "while `atom` does not hold".
    pub fn not(atom: Atom) -> Guard {
        Guard::Not(Box::new(Guard::Atom(atom)))
    }

    /// Evaluates the guard with `holds` giving the truth of each atom.
    pub fn eval(&self, holds: &mut dyn FnMut(Atom) -> bool) -> bool {
        match self {
            Guard::Always => true,
            Guard::Atom(a) => holds(*a),
            Guard::Not(g) => !g.eval(holds),
            Guard::All(gs) => gs.iter().all(|g| g.eval(holds)),
            Guard::Any(gs) => gs.iter().any(|g| g.eval(holds)),
        }
    }
}

/// A position of a [`ConditionalGame`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct PositionId(u32);

#[derive(Clone, Debug)]
enum Position {
    /// Guarded moves for Left and Right.
    Moves { left: Vec<(Guard, PositionId)>, right: Vec<(Guard, PositionId)> },
    /// From here on an ordinary game.
    Game(GameId),
}

/// The state of one component of a conditional sum: at a position with guarded
/// moves, or inside an ordinary game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Local {
    /// At a position of the [`ConditionalGame`].
    At(PositionId),
    /// Inside an ordinary game (its moves are unconditional).
    Plain(GameId),
}

/// The truth of the atoms in a global state of a conditional sum.
///
/// Implemented for closures `FnMut(Atom, &[Local], &mut Context) -> bool`; the
/// context is there so a condition can itself ask a game question (for example the
/// outcome of the liberty-count sum of a capturing race).
pub trait Condition {
    /// Whether `atom` holds when the components are in `state`.
    fn holds(&mut self, atom: Atom, state: &[Local], ctx: &mut Context) -> bool;
}

impl<F: FnMut(Atom, &[Local], &mut Context) -> bool> Condition for F {
    fn holds(&mut self, atom: Atom, state: &[Local], ctx: &mut Context) -> bool {
        self(atom, state, ctx)
    }
}

/// A conditional combinatorial game (Müller 2003): positions whose moves are legal
/// only while a condition on the global context holds. Positions are stored in an
/// arena and may be shared.
///
/// Two ways to evaluate:
/// - [`ConditionalGame::value_under`]: under a fixed context (each atom true or
///   false), the guarded game becomes an ordinary game;
/// - [`ConditionalGame::outcome`]: a sum of conditional components whose context is
///   a function of the whole current state (re-evaluated after every move), searched
///   with a transposition table.
///
/// # Examples
/// "This move is legal only while the race is won":
/// ```
/// use go_cgt::{Atom, ConditionalGame, Context, Guard, Local, Outcome};
/// const BLACK_WINS_RACE: Atom = Atom(0);
/// let mut ctx = Context::new();
/// let mut cg = ConditionalGame::new();
/// let (three, zero) = (ctx.integer(3), ctx.zero());
/// let (three, zero) = (cg.game(three), cg.game(zero));
/// // Black may take 3 points only while winning the race; White may always end it.
/// let region = cg.position(vec![(Guard::atom(BLACK_WINS_RACE), three)], vec![(Guard::Always, zero)]);
/// let won = cg.value_under(&mut ctx, region, &mut |_| true)?;
/// let lost = cg.value_under(&mut ctx, region, &mut |_| false)?;
/// assert_eq!(ctx.display(won).to_string(), "{3|0}");
/// assert_eq!(ctx.display(lost).to_string(), "-1"); // {|0}
/// // A global condition read from the state: here, "the race is won" while the
/// // region is still open.
/// let outcome = cg.outcome(&mut ctx, &[Local::At(region)], &mut |_: Atom, s: &[Local], _: &mut Context| {
///     s[0] == Local::At(region)
/// })?;
/// assert_eq!(outcome, Outcome::Next);
/// # Ok::<_, go_cgt::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct ConditionalGame {
    positions: Vec<Position>,
}

impl ConditionalGame {
    /// An empty arena of positions.
    pub fn new() -> ConditionalGame {
        ConditionalGame::default()
    }

    fn add(&mut self, p: Position) -> PositionId {
        let id = PositionId(u32::try_from(self.positions.len()).expect("more than 2^32 positions"));
        self.positions.push(p);
        id
    }

    /// A position that is the ordinary game `g` from here on.
    pub fn game(&mut self, g: GameId) -> PositionId {
        self.add(Position::Game(g))
    }

    /// A position with guarded moves.
    ///
    /// # Panics
    /// If a target position does not belong to this arena.
    pub fn position(
        &mut self,
        left: Vec<(Guard, PositionId)>,
        right: Vec<(Guard, PositionId)>,
    ) -> PositionId {
        let n = self.positions.len();
        assert!(
            left.iter().chain(&right).all(|(_, p)| (p.0 as usize) < n),
            "target position from another arena"
        );
        self.add(Position::Moves { left, right })
    }

    /// The ordinary game that `p` becomes when each atom has the fixed truth value
    /// `holds(atom)`: moves whose guard fails are dropped.
    ///
    /// # Errors
    /// As [`Context::game`].
    pub fn value_under(
        &self,
        ctx: &mut Context,
        p: PositionId,
        holds: &mut dyn FnMut(Atom) -> bool,
    ) -> Result<GameId> {
        let mut memo = IdMap::default();
        self.value_rec(ctx, p, holds, &mut memo, 0)
    }

    fn value_rec(
        &self,
        ctx: &mut Context,
        p: PositionId,
        holds: &mut dyn FnMut(Atom) -> bool,
        memo: &mut IdMap<PositionId, GameId>,
        depth: u32,
    ) -> Result<GameId> {
        ctx.check_depth(depth)?;
        if let Some(&g) = memo.get(&p) {
            return Ok(g);
        }
        let g = match &self.positions[p.0 as usize] {
            Position::Game(g) => *g,
            Position::Moves { left, right } => {
                let mut l = Vec::new();
                for (guard, q) in left {
                    if guard.eval(holds) {
                        l.push(self.value_rec(ctx, *q, holds, memo, depth + 1)?);
                    }
                }
                let mut r = Vec::new();
                for (guard, q) in right {
                    if guard.eval(holds) {
                        r.push(self.value_rec(ctx, *q, holds, memo, depth + 1)?);
                    }
                }
                ctx.game(&l, &r)?
            }
        };
        memo.insert(p, g);
        Ok(g)
    }

    /// The legal moves of one component for one side in the global `state`.
    fn moves(
        &self,
        ctx: &mut Context,
        state: &[Local],
        i: usize,
        left: bool,
        cond: &mut dyn Condition,
    ) -> Vec<Local> {
        match state[i] {
            Local::Plain(g) => {
                let opts = if left { ctx.left_options(g) } else { ctx.right_options(g) };
                opts.into_iter().map(Local::Plain).collect()
            }
            Local::At(p) => match &self.positions[p.0 as usize] {
                Position::Game(g) => {
                    let opts = if left { ctx.left_options(*g) } else { ctx.right_options(*g) };
                    opts.into_iter().map(Local::Plain).collect()
                }
                Position::Moves { left: l, right: r } => {
                    let list = if left { l } else { r };
                    let mut out = Vec::new();
                    for (guard, q) in list {
                        if guard.eval(&mut |a| cond.holds(a, state, ctx)) {
                            out.push(Local::At(*q));
                        }
                    }
                    out
                }
            },
        }
    }

    /// The outcome of the sum of components starting in `start`, where the atoms'
    /// truth is `cond` evaluated on the current global state before every move.
    /// Normal play: a player with no legal move loses.
    ///
    /// Searched move by move (numbers included, since a condition may depend on
    /// them), with a transposition table; meant for local games of a capturing race,
    /// not for large sums.
    ///
    /// # Errors
    /// [`Error::TooDeep`] if a line of play is longer than the context's depth limit;
    /// [`Error::LimitExceeded`] at the context's limits (the search table counts
    /// towards the memory limit).
    pub fn outcome(
        &self,
        ctx: &mut Context,
        start: &[Local],
        cond: &mut dyn Condition,
    ) -> Result<Outcome> {
        let mut table = IdMap::default();
        let l = self.wins(ctx, start.to_vec(), true, cond, &mut table, 0)?;
        let r = self.wins(ctx, start.to_vec(), false, cond, &mut table, 0)?;
        Ok(match (l, r) {
            (true, true) => Outcome::Next,
            (true, false) => Outcome::Left,
            (false, true) => Outcome::Right,
            (false, false) => Outcome::Previous,
        })
    }

    fn wins(
        &self,
        ctx: &mut Context,
        state: Vec<Local>,
        left: bool,
        cond: &mut dyn Condition,
        table: &mut IdMap<(Vec<Local>, bool), bool>,
        depth: u32,
    ) -> Result<bool> {
        if depth > ctx.depth_limit() {
            return Err(Error::TooDeep { depth, limit: ctx.depth_limit() });
        }
        let key = (state, left);
        if let Some(&w) = table.get(&key) {
            return Ok(w);
        }
        let (state, _) = key;
        ctx.step()?;
        if table.len() % 1024 == 1023 {
            let entry =
                size_of::<((Vec<Local>, bool), bool)>() + 1 + state.len() * size_of::<Local>();
            ctx.check_resources(table.capacity() * entry)?;
        }
        let mut won = false;
        'outer: for i in 0..state.len() {
            for m in self.moves(ctx, &state, i, left, cond) {
                let mut next = state.clone();
                next[i] = m;
                if !self.wins(ctx, next, !left, cond, table, depth + 1)? {
                    won = true;
                    break 'outer;
                }
            }
        }
        table.insert((state, left), won);
        Ok(won)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With every guard `Always`, a conditional sum is an ordinary sum.
    #[test]
    fn unconditional_sum_matches_canonical_sum() {
        let mut ctx = Context::new();
        let mut cg = ConditionalGame::new();
        let parts = ["{2|0}", "^", "{1|-1}", "*"].map(|s| ctx.parse(s).unwrap());
        let start: Vec<Local> = parts.iter().map(|&g| Local::At(cg.game(g))).collect();
        let total = ctx.sum_all(&parts).unwrap();
        let expected = ctx.outcome(total).unwrap();
        let got = cg
            .outcome(&mut ctx, &start, &mut |_: Atom, _: &[Local], _: &mut Context| true)
            .unwrap();
        assert_eq!(got, expected);
    }

    /// A territory move guarded by the state of a liberty-count component: Black may
    /// take 2 points only once the race component has gone his way.
    #[test]
    fn guard_reads_the_global_state() {
        const RACE_WON: Atom = Atom(7);
        let mut ctx = Context::new();
        let mut cg = ConditionalGame::new();
        let race = ctx.parse("{1|-1}").unwrap();
        let (two, zero) = (ctx.integer(2), ctx.zero());
        let (race, two, zero) = (cg.game(race), cg.game(two), cg.game(zero));
        let territory =
            cg.position(vec![(Guard::atom(RACE_WON), two)], vec![(Guard::Always, zero)]);
        let start = [Local::At(race), Local::At(territory)];
        let mut won = |a: Atom, s: &[Local], c: &mut Context| {
            a == RACE_WON
                && matches!(s[0], Local::Plain(g) if c.as_number(g).is_some_and(|x| x > crate::Dyadic::ZERO))
        };
        // Black first wins the race, White answers in the territory, Black has the
        // last move (1 → 0). White first wins the race and Black has no move left.
        assert_eq!(cg.outcome(&mut ctx, &start, &mut won).unwrap(), Outcome::Next);
        // Without the guard the territory would be the ordinary {2|0}: Black wins
        // both ways ({1|-1} + {2|0} > 0).
        let plain = ctx.parse("{1|-1} + {2|0}").unwrap();
        assert_eq!(ctx.outcome(plain).unwrap(), Outcome::Left);
    }

    #[test]
    fn guards_filter_moves() {
        let mut ctx = Context::new();
        let mut cg = ConditionalGame::new();
        let (one, m1) = (ctx.integer(1), ctx.integer(-1));
        let (one, m1) = (cg.game(one), cg.game(m1));
        let p = cg.position(vec![(Guard::atom(Atom(0)), one)], vec![(Guard::not(Atom(0)), m1)]);
        let t = cg.value_under(&mut ctx, p, &mut |_| true).unwrap();
        let f = cg.value_under(&mut ctx, p, &mut |_| false).unwrap();
        // {1|} = 2 and {|-1} = -2
        assert_eq!(ctx.display(t).to_string(), "2");
        assert_eq!(ctx.display(f).to_string(), "-2");
        let all = Guard::All(vec![
            Guard::atom(Atom(0)),
            Guard::Any(vec![Guard::atom(Atom(1)), Guard::Always]),
        ]);
        assert!(all.eval(&mut |a| a == Atom(0)));
    }
}
