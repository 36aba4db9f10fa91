//! Reading's urgent moves as a [`CandidateGenerator`]: captures of enemy chains and
//! rescues of own chains that are short of liberties, found by go-eval's tactical reader
//! ([`go_eval::reading::tactics`]) with the points at stake.
//!
//! For every chain with at most [`UrgentMoves::liberties`] liberties (2 by default: in
//! atari, or two liberties and so in reach of a ladder or a net):
//!
//! - an enemy chain that the mover can capture ([`Tactics::attack`]) gives the capturing
//!   move, intent [`Intent::Attack`], item `capture V` (V the chain's first stone);
//! - an own chain that the opponent could capture ([`Tactics::attack`] for the opponent)
//!   and that a move saves ([`Tactics::defend`]) gives the saving move, intent
//!   [`Intent::Defend`], item `save V`.
//!
//! The weight is the number of stones at stake. Each question has a small node budget
//! ([`UrgentMoves::budget`]), so that the generator can run at every node a search
//! expands; an answer cut by it is still used (the search checks the move anyway).

use std::cell::RefCell;

use go_board::{Move, Position};
use go_eval::reading::Budget;
use go_eval::reading::tactics::{Scratch, Tactics, TacticsConfig};
use go_patterns::{Candidate, CandidateGenerator, Intent, Source};

/// The urgent-move generator; see the [module documentation](self).
///
/// # Examples
///
/// ```
/// use go_board::{Move, Position, Rules};
/// use go_engine::player::urgent::UrgentMoves;
/// use go_patterns::CandidateGenerator;
///
/// // White's stone on C3 is in atari, and Black, to move, captures it at D3.
/// let position = Position::from_diagram(
///     "
///     . . . . .
///     . . X . .
///     . X O . .
///     . . X . .
///     . . . . .
///     ",
///     Rules::chinese(),
/// )?;
/// let mut out = Vec::new();
/// UrgentMoves::default().generate(&position, &mut out);
/// assert_eq!(out.len(), 1);
/// assert_eq!(out[0].mv, Move::parse_gtp("D3", position.size())?);
/// assert_eq!(out[0].source.to_string(), "reading/capture C3");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UrgentMoves {
    /// Chains with at most this many liberties are read.
    pub liberties: usize,
    /// The budget of each question.
    pub budget: Budget,
    tactics: Tactics,
}

impl Default for UrgentMoves {
    /// Chains with 1 or 2 liberties, 1,000 nodes and depth 16 per question, the fast
    /// settings of the tactical reader.
    fn default() -> UrgentMoves {
        UrgentMoves {
            liberties: 2,
            budget: Budget::new(1_000, 16),
            tactics: Tactics::new(TacticsConfig::FAST),
        }
    }
}

thread_local! {
    /// One reader scratch per thread (searches may generate on several threads).
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::with_table(1 << 10, 1 << 16));
}

impl CandidateGenerator for UrgentMoves {
    fn name(&self) -> &str {
        "reading"
    }

    fn generate(&self, position: &Position, out: &mut Vec<Candidate>) {
        let mover = position.to_move();
        let mut board = position.board().clone();
        SCRATCH.with(|scratch| {
            let scratch = &mut scratch.borrow_mut();
            for chain in position.board().chains() {
                if chain.liberties.len() > self.liberties {
                    continue;
                }
                let Some(target) = chain.stones.iter().next() else { continue };
                let stones = chain.stones.len() as f64;
                let (intent, item, answer) = if chain.color == mover {
                    let threat = self.tactics.attack(&mut board, target, self.budget, scratch);
                    if !threat.outcome.is_success() {
                        continue;
                    }
                    let save = self.tactics.defend(&mut board, target, self.budget, scratch);
                    (Intent::Defend, "save", save)
                } else {
                    let capture = self.tactics.attack(&mut board, target, self.budget, scratch);
                    (Intent::Attack, "capture", capture)
                };
                if let (true, Some(mv @ Move::Play(_))) =
                    (answer.outcome.is_success(), answer.point)
                {
                    let source = Source::new("reading", format!("{item} {target}"));
                    out.push(Candidate::new(mv, intent, stones, source));
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::Rules;

    fn generate(diagram: &str, to_move: go_board::Color) -> Vec<String> {
        let mut position = Position::from_diagram(diagram, Rules::chinese()).unwrap();
        position.set_to_move(to_move);
        let mut out = Vec::new();
        UrgentMoves::default().generate(&position, &mut out);
        out.iter().map(|c| format!("{} {} {}", c.mv, c.source, c.weight)).collect()
    }

    const LADDER: &str = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . X . . .
        . X O . . . .
        . . X . . . .
        . . . . . . .
        ";

    #[test]
    fn a_two_liberty_stone_is_captured_by_black_and_saved_by_white() {
        // The white stone with two liberties dies in a ladder if Black moves first;
        // White, moving first, escapes at D3.
        let black = generate(LADDER, go_board::Color::Black);
        assert_eq!(black.len(), 1, "{black:?}");
        assert!(black[0].ends_with("reading/capture C3 1"), "{black:?}");
        assert_eq!(generate(LADDER, go_board::Color::White), ["D3 reading/save C3 1"]);
    }

    #[test]
    fn an_own_chain_in_atari_is_saved() {
        // Black's stone on C3 is in atari; extending to C2 saves it.
        let diagram = "
            . . . . .
            . . O . .
            . O X O .
            . . . . .
            . . . . .
            ";
        let black = generate(diagram, go_board::Color::Black);
        assert_eq!(black, ["C2 reading/save C3 1"]);
        // White captures it at C2.
        let white = generate(diagram, go_board::Color::White);
        assert_eq!(white, ["C2 reading/capture C3 1"]);
        // Two black stones on the edge in atari die in a ladder along it: no rescue.
        let edge = "
            . . . . .
            . . . . .
            . . . . .
            O O . . .
            X X . . .
            ";
        assert!(generate(edge, go_board::Color::Black).is_empty());
    }

    #[test]
    fn safe_chains_give_nothing() {
        let diagram = "
            . . . . .
            . . . . .
            . . X . .
            . . . . .
            . . . . .
            ";
        assert!(generate(diagram, go_board::Color::White).is_empty());
    }
}
