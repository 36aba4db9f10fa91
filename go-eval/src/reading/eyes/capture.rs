//! A small capture search for the eye code: which stones are tactically dead (they can
//! be captured and not saved), and whether a move is safe (its stone cannot be
//! captured at once). Eye spaces need this to know which stones are part of a wall and
//! which are dead stones inside a space.
//!
//! It reads only chains of at most three liberties, within a depth and a node budget,
//! with the liberties of the chain and the captures of its neighbours in atari as
//! moves; a chain it cannot settle is taken to live. A caller with a stronger reader
//! passes the dead stones to [`super::EyeSpaces::with_dead_stones`] instead.

use go_board::{Board, Color, Point};

/// The deepest line read, in moves.
const DEPTH: u32 = 10;
/// The most positions read for one question.
const NODES: u32 = 2_000;

/// Whether the chain on `point` can be captured with its opponent to move, and cannot
/// be saved with its owner to move: the chain is dead.
pub(crate) fn is_dead(board: &Board, point: Point) -> bool {
    let mut b = board.clone();
    let mut nodes = 0;
    if !attack(&mut b, point, DEPTH, &mut nodes) {
        return false;
    }
    let mut nodes = 0;
    !defend(&mut b, point, DEPTH, &mut nodes)
}

/// Whether the chain on `point` can be captured with its opponent to move.
pub(crate) fn can_be_captured(board: &Board, point: Point) -> bool {
    let mut b = board.clone();
    let mut nodes = 0;
    attack(&mut b, point, DEPTH, &mut nodes)
}

/// The moves that capture the chain on `point` with its opponent to move, and the moves
/// that save it with its owner to move (both found by the search; empty when none).
pub(crate) fn attack_and_defence(board: &Board, point: Point) -> (Vec<Point>, Vec<Point>) {
    let Some(owner) = board.color_at(point) else { return (Vec::new(), Vec::new()) };
    let mut b = board.clone();
    let mut attacks = Vec::new();
    for m in candidate_moves(&b, point, owner.opponent()) {
        if !b.is_legal(owner.opponent(), m) {
            continue;
        }
        let undo = b.play(owner.opponent(), m);
        let mut nodes = 0;
        if b.color_at(point) != Some(owner) || !defend(&mut b, point, DEPTH, &mut nodes) {
            attacks.push(m);
        }
        b.undo(undo);
    }
    let mut defences = Vec::new();
    for m in candidate_moves(&b, point, owner) {
        if !b.is_legal(owner, m) {
            continue;
        }
        let undo = b.play(owner, m);
        let mut nodes = 0;
        if !attack(&mut b, point, DEPTH, &mut nodes) {
            defences.push(m);
        }
        b.undo(undo);
    }
    (attacks, defences)
}

/// The liberties of the chain on `target` and, for its owner, the captures of its
/// neighbours in atari; in point order.
fn candidate_moves(b: &Board, target: Point, mover: Color) -> Vec<Point> {
    let mut moves: Vec<Point> = b.liberties(target).iter().collect();
    if b.color_at(target) == Some(mover) {
        for p in b.chain_stones(target).adjacent(b.stones(mover.opponent())) {
            if b.liberty_count(p) == 1 {
                moves.extend(b.liberties(p).iter());
            }
        }
    }
    moves.sort_unstable();
    moves.dedup();
    moves
}

/// Whether `color` may play on the empty `point` and keep the stone there (not a
/// suicide, not capturable at once by the reader).
pub(crate) fn is_safe_move(board: &Board, color: Color, point: Point) -> bool {
    if !board.is_legal(color, point) {
        return false;
    }
    let mut b = board.clone();
    b.play(color, point);
    let mut nodes = 0;
    !attack(&mut b, point, DEPTH, &mut nodes)
}

/// The opponent of the chain on `target` moves: can it capture the chain?
fn attack(b: &mut Board, target: Point, depth: u32, nodes: &mut u32) -> bool {
    let Some(owner) = b.color_at(target) else { return true };
    let libs = b.liberty_count(target);
    if libs == 1 {
        let last = b.liberties(target).first().expect("one liberty");
        return b.is_legal(owner.opponent(), last);
    }
    *nodes += 1;
    if libs > 3 || depth == 0 || *nodes > NODES {
        return false;
    }
    for m in b.liberties(target) {
        if !b.is_legal(owner.opponent(), m) {
            continue;
        }
        let undo = b.play(owner.opponent(), m);
        let won = !defend(b, target, depth - 1, nodes);
        b.undo(undo);
        if won {
            return true;
        }
    }
    false
}

/// The owner of the chain on `target` moves: can it save the chain?
fn defend(b: &mut Board, target: Point, depth: u32, nodes: &mut u32) -> bool {
    let Some(owner) = b.color_at(target) else { return false };
    *nodes += 1;
    if b.liberty_count(target) > 3 || depth == 0 || *nodes > NODES {
        return true;
    }
    if !attack(b, target, depth - 1, nodes) {
        return true;
    }
    for m in candidate_moves(b, target, owner) {
        if !b.is_legal(owner, m) {
            continue;
        }
        let undo = b.play(owner, m);
        let saved = !attack(b, target, depth - 1, nodes);
        b.undo(undo);
        if saved {
            return true;
        }
    }
    false
}
