//! Combinations: double threats that capture a chain no single attack captures.
//!
//! A *combination* for a colour is a move after which at least one of the opponent's
//! chains that are tactically safe now (the [tactical reader](super::tactics) cannot
//! capture them) will be captured, whatever the opponent answers. The simplest is a
//! double atari; longer ones are sequences of forcing moves (each threatens a capture
//! the opponent must answer) that end in such a double threat. GNU Go calls them
//! `atari_atari` and answers `combination_attack` and `combination_defend` with them;
//! this is our own search over the tactical reader, with GNU Go's ideas:
//!
//! - **Targets**: the opponent's chains the tactical reader cannot capture at the root
//!   (chains already capturable are simple attacks, not combinations).
//! - **Forcing moves** of the attacker: the liberties of targets with at most three
//!   liberties (two after the first move), and the rescues of the attacker's chains of
//!   one or two liberties next to a target with at most three (their liberties, and
//!   captures of chains in atari that hold them): a rescued chain takes the target's
//!   liberties again. A move is forcing when, after it, some target near it is
//!   capturable (the attacker moving again).
//! - **Order**: moves, targets and answers that the heuristics rank alike come in the
//!   scan order of the root position's canonical orientation, so a combination is the
//!   same, turned, however the board is turned or coloured.
//! - **Answers** of the defender to a forcing move: the tactical defences of the
//!   threatened targets, their liberties, and captures of the attacker's chains next to
//!   them (or of the forcing stone itself), with both ataris on such a chain of two
//!   liberties. An answer refutes the move when no target is
//!   capturable after it and, with attacker moves left in the depth, no further
//!   combination exists.
//! - **Locality**: after a move only the targets next to the move's chain, or with a
//!   liberty on or next to the move, are read again; the others keep their status.
//!   Results are remembered by position within a question.
//! - **Budget**: the tactical nodes of every question asked count against
//!   [`Budget::nodes`]; when it runs out the search stops and answers "no combination"
//!   with [`Answer::certain`] false. [`Budget::depth`] is the tactical reader's depth.
//!
//! Ko results of the tactical reader count as failures for the attacker (a combination
//! must capture unconditionally).
//!
//! # Examples
//!
//! ```
//! use go_board::{Board, Color, Move, Point};
//! use go_eval::reading::combination::Combinations;
//! use go_eval::reading::tactics::Scratch;
//! use go_eval::reading::Outcome;
//!
//! // White C6 and D7 have two liberties each and escape alone; Black's D6 ataris both.
//! let mut board = Board::from_diagram(
//!     "
//!     . . . . . . . . .
//!     . . . X . . . . .
//!     . . X O . . . . .
//!     . . O . . . . . .
//!     . . X . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     ",
//! )?;
//! let mut scratch = Scratch::new();
//! let combinations = Combinations::default();
//! let answer = combinations.attack(&mut board, Color::Black, Combinations::BUDGET, &mut scratch);
//! assert_eq!(answer.outcome, Outcome::Win);
//! assert_eq!(answer.point, Some(Move::Play(Point::parse_gtp("D6", board.size())?)));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;

use go_board::{Board, Color, Move, Point, PointSet};

use super::orbit::Frame;
use super::tactics::{Scratch, Tactics};
use super::{Answer, Budget, Outcome};

/// The most liberties of an attacker's chain next to a target whose liberties are
/// forcing candidates (a rescue that renews a threat).
const RESCUED: usize = 2;

/// The most nodes one tactical question inside a combination search may use.
const QUERY_NODES: u64 = 10_000;

/// A key for the simple-ko ban of a board (the board's hash does not include it).
fn ko_key(board: &Board) -> u64 {
    board.ko().map_or(0, |(p, c)| {
        (p.index() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (c.index() as u64) << 61
    })
}

/// The combination reader: the tactical reader it asks and how many attacker moves a
/// combination may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Combinations {
    tactics: Tactics,
    moves: u16,
}

impl Default for Combinations {
    fn default() -> Combinations {
        Combinations::new(Tactics::default(), Combinations::MOVES)
    }
}

/// What [`Combinations::defences`] finds: the combination of the attacker and the
/// defender's moves that prevent every combination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defences {
    /// The attacker's combination ([`Outcome::Lose`] when there is none; then no
    /// defence is needed and `moves` is empty).
    pub attack: Answer,
    /// The defender's moves (in GNU Go's vertex order: rows from the top, columns from
    /// the left) after which the attacker has no combination.
    pub moves: Vec<Point>,
    /// The tactical nodes used by the whole question.
    pub nodes: u64,
    /// Whether no budget decided anything.
    pub certain: bool,
}

impl Combinations {
    /// Attacker moves in a combination (GNU Go's `aa_depth`, 6 plies).
    pub const MOVES: u16 = 3;

    /// The default budget: 100,000 tactical nodes for the whole question, the tactical
    /// reader's depth 16.
    pub const BUDGET: Budget = Budget::new(100_000, 16);

    /// The default budget of [`defences`](Self::defences), which runs the attack
    /// again after each candidate defence: 400,000 tactical nodes, depth 16.
    pub const DEFENCE_BUDGET: Budget = Budget::new(400_000, 16);

    /// A reader asking `tactics`, with combinations of at most `moves` attacker moves
    /// (at least 1).
    pub const fn new(tactics: Tactics, moves: u16) -> Combinations {
        Combinations { tactics, moves: if moves == 0 { 1 } else { moves } }
    }

    /// A combination for `color`: a move after which one of the opponent's chains that
    /// cannot be captured now will be captured whatever the opponent does. The answer is
    /// [`Outcome::Win`] with the move, or [`Outcome::Lose`] when none was found.
    pub fn attack(
        &self,
        board: &mut Board,
        color: Color,
        budget: Budget,
        scratch: &mut Scratch,
    ) -> Answer {
        let mut search = Search::new(self, board, color, budget, scratch);
        // Shorter combinations first.
        let found = (1..=self.moves).find_map(|moves| search.combination(moves, true));
        search.answer(found)
    }

    /// The moves of `color`'s opponent that prevent every combination of `color`: each
    /// candidate (the combination's points and the points near it) is played and the
    /// combination search run again. When `color` has no combination, no move is
    /// needed.
    pub fn defences(
        &self,
        board: &mut Board,
        color: Color,
        budget: Budget,
        scratch: &mut Scratch,
    ) -> Defences {
        let attack = self.attack(board, color, budget, scratch);
        let mut nodes = attack.nodes;
        let mut certain = attack.certain;
        let Some(Move::Play(m)) = attack.point.filter(|_| attack.outcome.is_success()) else {
            return Defences { attack, moves: Vec::new(), nodes, certain };
        };
        let on_board = board.size().on_board();
        let mut region = board.chain_stones(m);
        region.insert(m);
        let region = region.dilate(&on_board).dilate(&on_board);
        let mut candidates = region & board.empty_set();
        // The liberties of the opponent's chains the attack touches.
        for p in &(region & *board.stones(!color)) {
            candidates |= board.liberties(p);
        }
        // Nearest the combination's first move first (it is the likeliest defence), so a
        // budget that runs out has read the likeliest ones; ties in the frame's order.
        let frame = Frame::new(board, color);
        let distance = |p: Point| p.col().abs_diff(m.col()) + p.row().abs_diff(m.row());
        let mut candidates: Vec<Point> = candidates.iter().collect();
        candidates.sort_by_key(|&p| (distance(p), frame.rank(p)));
        let defender = !color;
        let mut moves = Vec::new();
        for d in candidates {
            if !board.is_legal(defender, d) {
                continue;
            }
            let remaining = budget.nodes.saturating_sub(nodes);
            if remaining == 0 {
                certain = false;
                break;
            }
            let undo = board.play(defender, d);
            let again = self.attack(board, color, Budget::new(remaining, budget.depth), scratch);
            board.undo(undo);
            nodes += again.nodes;
            certain &= again.certain;
            if !again.outcome.is_success() && again.certain {
                moves.push(d);
            }
        }
        moves.sort_by_key(|p| (core::cmp::Reverse(p.row()), p.col()));
        Defences { attack, moves, nodes, certain }
    }
}

/// One combination question.
struct Search<'a> {
    tactics: Tactics,
    board: &'a mut Board,
    scratch: &'a mut Scratch,
    attacker: Color,
    depth: u16,
    node_limit: u64,
    nodes: u64,
    out_of_budget: bool,
    /// The root position's canonical scan order, for ties between moves.
    frame: Frame,
    /// One stone of each target (the opponent's chains safe at the root), in the
    /// frame's order of their first stones.
    targets: Vec<Point>,
    /// Whether a target is capturable, by position (hash and ko ban) and target.
    known: HashMap<(u64, Point), bool>,
}

impl<'a> Search<'a> {
    fn new(
        reader: &Combinations,
        board: &'a mut Board,
        attacker: Color,
        budget: Budget,
        scratch: &'a mut Scratch,
    ) -> Search<'a> {
        let frame = Frame::new(board, attacker);
        let mut search = Search {
            tactics: reader.tactics,
            board,
            scratch,
            attacker,
            depth: budget.depth,
            node_limit: budget.nodes,
            nodes: 0,
            out_of_budget: false,
            frame,
            targets: Vec::new(),
            known: HashMap::new(),
        };
        // Each chain by its first stone in the frame's order, so the targets (and the
        // answers to threats against them) come in an order that turns with the board.
        let mut stones: Vec<Point> = search.board.stones(!attacker).iter().collect();
        stones.sort_by_key(|&p| search.frame.rank(p));
        let mut seen = PointSet::EMPTY;
        for p in stones {
            if seen.contains(p) {
                continue;
            }
            seen |= search.board.chain_stones(p);
            if !search.capturable(p) {
                search.targets.push(p);
            }
        }
        search
    }

    fn answer(&self, found: Option<Point>) -> Answer {
        match found {
            Some(m) => Answer {
                outcome: Outcome::Win,
                point: Some(Move::Play(m)),
                certain: !self.out_of_budget,
                nodes: self.nodes,
            },
            None => Answer { certain: !self.out_of_budget, ..Answer::lose(self.nodes) },
        }
    }

    /// Whether the attacker, moving now, captures the chain on `t` (a target no longer
    /// on the board was captured). Out of budget: no.
    fn capturable(&mut self, t: Point) -> bool {
        if self.board.color_at(t) != Some(!self.attacker) {
            // Captured, unless by a ko capture the defender may retake.
            return self.board.ko().is_none_or(|(p, c)| p != t || c == self.attacker);
        }
        if self.board.liberty_count(t) >= 5 {
            return false;
        }
        let key = (self.board.hash() ^ ko_key(self.board), t);
        if let Some(&known) = self.known.get(&key) {
            return known;
        }
        let remaining = self.node_limit.saturating_sub(self.nodes);
        if remaining == 0 {
            self.out_of_budget = true;
            return false;
        }
        let answer = self.tactics.attack(
            self.board,
            t,
            Budget::new(remaining.min(QUERY_NODES), self.depth),
            self.scratch,
        );
        self.nodes += answer.nodes;
        let capturable = answer.outcome == Outcome::Win;
        self.known.insert(key, capturable);
        capturable
    }

    /// The targets next to the chain on `m`, or with a liberty on or next to `m`.
    fn near(&self, m: Point) -> Vec<Point> {
        let on_board = self.board.size().on_board();
        let mut spot = PointSet::EMPTY;
        spot.insert(m);
        let zone = spot.dilate(&on_board);
        let touching = self.board.chain_stones(m).dilate(&on_board);
        self.targets
            .iter()
            .copied()
            .filter(|&t| {
                self.board.color_at(t) != Some(!self.attacker)
                    || !self.board.chain_stones(t).is_disjoint(&touching)
                    || !self.board.liberties(t).is_disjoint(&zone)
            })
            .collect()
    }

    /// The attacker to move: a combination of at most `moves` attacker moves (`first`:
    /// its first move, which need not be an atari).
    fn combination(&mut self, moves: u16, first: bool) -> Option<Point> {
        for m in self.forcing_candidates(if first { 3 } else { 2 }) {
            if self.out_of_budget {
                return None;
            }
            if self.works(m, moves) {
                return Some(m);
            }
        }
        None
    }

    /// The attacker's candidate forcing moves: the liberties of targets with at most
    /// `most` liberties, those touching the most such liberties first, then the
    /// liberties of the attacker's chains short of liberties next to targets with at
    /// most three (rescues), each group in the frame's order.
    fn forcing_candidates(&self, most: usize) -> Vec<Point> {
        let mut counted: Vec<(Point, u32)> = Vec::new();
        let on_board = self.board.size().on_board();
        for &t in &self.targets {
            if self.board.color_at(t) != Some(!self.attacker) || self.board.liberty_count(t) > 3 {
                continue;
            }
            let weight = 4 - self.board.liberty_count(t) as u32;
            let mut add = |l: Point, weight: u32| match counted.iter_mut().find(|(p, _)| *p == l) {
                Some((_, w)) => *w += weight,
                None => counted.push((l, weight)),
            };
            if self.board.liberty_count(t) <= most {
                for l in &self.board.liberties(t) {
                    add(l, weight);
                }
            }
            // Rescues of the attacker's chains of at most `RESCUED` liberties next to the
            // target: saved, they take the target's liberties again (a threat renewed).
            let around =
                self.board.chain_stones(t).adjacent(&on_board) & *self.board.stones(self.attacker);
            let mut seen = PointSet::EMPTY;
            for a in &around {
                if seen.contains(a) {
                    continue;
                }
                let chain = self.board.chain_stones(a);
                seen |= chain;
                if self.board.liberty_count(a) > RESCUED {
                    continue;
                }
                for l in &self.board.liberties(a) {
                    add(l, 0);
                }
                // Or by capturing a chain in atari that holds it in atari.
                let holders = chain.adjacent(&on_board) & *self.board.stones(!self.attacker);
                for h in &holders {
                    if self.board.liberty_count(h) == 1 {
                        for l in &self.board.liberties(h) {
                            add(l, 0);
                        }
                    }
                }
            }
        }
        counted.sort_by_key(|&(p, w)| (core::cmp::Reverse(w), self.frame.rank(p)));
        counted.into_iter().map(|(p, _)| p).collect()
    }

    /// Does the attacker's move `m` start a combination of at most `moves` moves?
    fn works(&mut self, m: Point, moves: u16) -> bool {
        if !self.board.is_legal(self.attacker, m) {
            return false;
        }
        let undo = self.board.play(self.attacker, m);
        let mut threatened = Vec::new();
        for t in self.near(m) {
            if self.capturable(t) {
                threatened.push(t);
            }
        }
        let works = !threatened.is_empty() && !self.refuted(m, &threatened, moves);
        self.board.undo(undo);
        works
    }

    /// The defender to move after the attacker's `m` threatened `threatened`: has it an
    /// answer after which nothing is capturable and no shorter combination remains?
    fn refuted(&mut self, m: Point, threatened: &[Point], moves: u16) -> bool {
        let defender = !self.attacker;
        if threatened.iter().any(|&t| {
            self.board.color_at(t) != Some(defender)
                && self.board.ko().is_none_or(|(p, c)| p != t || c != defender)
        }) {
            // The move captured a target outright.
            return false;
        }
        for r in self.answers(m, threatened) {
            if self.out_of_budget {
                return true;
            }
            if !self.board.is_legal(defender, r) {
                continue;
            }
            let undo = self.board.play(defender, r);
            let mut check = self.near(r);
            for &t in threatened.iter().chain(core::iter::once(&m)) {
                if self.targets.contains(&t) && !check.contains(&t) {
                    check.push(t);
                }
            }
            let mut holds = true;
            for t in check {
                if self.capturable(t) {
                    holds = false;
                    break;
                }
            }
            if holds && moves > 1 && self.combination(moves - 1, false).is_some() {
                holds = false;
            }
            self.board.undo(undo);
            if holds {
                return true;
            }
        }
        false
    }

    /// The defender's answers to the attacker's `m`: the defences of the threatened
    /// targets, their liberties, and captures of the attacker's chains next to them or
    /// on `m`.
    fn answers(&mut self, m: Point, threatened: &[Point]) -> Vec<Point> {
        let mut out: Vec<Point> = Vec::new();
        let push = |p: Point, out: &mut Vec<Point>| {
            if !out.contains(&p) {
                out.push(p);
            }
        };
        let budget = |s: &Self| {
            Budget::new(s.node_limit.saturating_sub(s.nodes).clamp(1, QUERY_NODES), s.depth)
        };
        for &t in threatened {
            let answer = self.tactics.defend(self.board, t, budget(self), self.scratch);
            self.nodes += answer.nodes;
            if answer.outcome == Outcome::Win
                && let Some(Move::Play(d)) = answer.point
            {
                push(d, &mut out);
            }
        }
        // Captures of the attacker's chains next to the threatened targets and of `m`.
        let mut seen = PointSet::EMPTY;
        let mut hunters = vec![m];
        for &t in threatened {
            let stones = self.board.chain_stones(t);
            let on_board = self.board.size().on_board();
            let around = stones.adjacent(&on_board) & *self.board.stones(self.attacker);
            hunters.extend(around.iter());
        }
        hunters[1..].sort_by_key(|&h| self.frame.rank(h));
        for h in hunters {
            if seen.contains(h) || self.board.color_at(h) != Some(self.attacker) {
                continue;
            }
            seen |= self.board.chain_stones(h);
            if self.board.liberty_count(h) > 3 {
                continue;
            }
            let answer = self.tactics.attack(self.board, h, budget(self), self.scratch);
            self.nodes += answer.nodes;
            if answer.outcome == Outcome::Win
                && let Some(Move::Play(c)) = answer.point
            {
                push(c, &mut out);
                // Every atari of a chain with two liberties, not only the one the
                // tactical reader names: the other may save the threatened chain too.
                if self.board.liberty_count(h) == 2 {
                    let mut ataris: Vec<Point> = self.board.liberties(h).iter().collect();
                    ataris.sort_by_key(|&l| self.frame.rank(l));
                    for l in ataris {
                        push(l, &mut out);
                    }
                }
            }
        }
        let mut liberties: Vec<Point> =
            threatened.iter().flat_map(|&t| self.board.liberties(t).iter()).collect();
        liberties.sort_by_key(|&l| self.frame.rank(l));
        for l in liberties {
            push(l, &mut out);
        }
        if self.nodes >= self.node_limit {
            self.out_of_budget = true;
        }
        out
    }
}

#[cfg(test)]
mod tests;
