//! proptest properties of `Board` and `Position`: undo restores exactly, the
//! incremental Zobrist hash equals a recomputation, legality is invariant under the 8
//! symmetries and the colour swap, `legal_moves` is exactly the set of accepted
//! moves, and stones are conserved.

use go_board::{
    Board, BoardSize, Color, IllegalMove, KoRule, Move, Point, Position, Rules, Symmetry, zobrist,
};
use proptest::prelude::*;

/// A game to replay: board size, rule combination, and per step an action byte and a
/// pick that selects the move.
#[derive(Clone, Debug)]
struct Script {
    cols: u32,
    rows: u32,
    rules: usize,
    steps: Vec<(u8, u16)>,
}

fn scripts(max_side: u32, max_steps: usize) -> impl Strategy<Value = Script> {
    (
        1..=max_side,
        1..=max_side,
        0usize..6,
        prop::collection::vec((any::<u8>(), any::<u16>()), 0..max_steps),
    )
        .prop_map(|(cols, rows, rules, steps)| Script { cols, rows, rules, steps })
}

impl Script {
    fn size(&self) -> BoardSize {
        BoardSize::new(self.cols, self.rows).unwrap()
    }

    fn rules(&self) -> Rules {
        let ko =
            [KoRule::Simple, KoRule::PositionalSuperko, KoRule::SituationalSuperko][self.rules / 2];
        Rules { ko, suicide: self.rules % 2 == 1, ..Rules::tromp_taylor() }
    }
}

/// What happened at a step of a replayed script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Play(Color, Move, Result<(), IllegalMove>),
    Resume,
}

/// The points `color` may play now.
fn legal_points(pos: &Position, color: Color) -> Vec<Point> {
    pos.size().points().filter(|&p| pos.check_as(color, Move::Play(p)).is_ok()).collect()
}

/// Plays a script: mostly legal moves of the side to move, sometimes the other colour,
/// a pass, or any point at all (which may be refused); `resume` after the game ends.
/// Calls `each` after every step.
fn replay(script: &Script, mut each: impl FnMut(&Position, Step)) -> Position {
    let size = script.size();
    let mut pos = Position::new(size, script.rules());
    for &(action, pick) in &script.steps {
        if pos.is_over() {
            pos.resume();
            each(&pos, Step::Resume);
            continue;
        }
        let color = if action % 16 == 0 { !pos.to_move() } else { pos.to_move() };
        let m = match action {
            0..=19 => Move::Pass,
            20..=39 => Move::Play(size.points().nth(pick as usize % size.point_count()).unwrap()),
            _ => {
                let legal = legal_points(&pos, color);
                if legal.is_empty() {
                    Move::Pass
                } else {
                    Move::Play(legal[pick as usize % legal.len()])
                }
            }
        };
        let result = pos.try_play_as(color, m);
        each(&pos, Step::Play(color, m, result));
    }
    pos
}

fn snapshot_eq(a: &Position, b: &Position) -> bool {
    a.board() == b.board()
        && a.hash() == b.hash()
        && a.situational_hash() == b.situational_hash()
        && a.to_move() == b.to_move()
        && a.history() == b.history()
        && a.consecutive_passes() == b.consecutive_passes()
        && a.board().empty_points().eq(b.board().empty_points())
        && a.legal_moves().eq(b.legal_moves())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `Position::undo` restores everything: board, hash, side to move, history,
    /// passes, the order of the empty list, and the legal moves (hence the superko
    /// history).
    #[test]
    fn position_undo_restores_exactly(script in scripts(6, 60)) {
        // Each snapshot with the number of `resume` calls before it: `undo` does not
        // take a resume back, so across one only the pass count (and with it the
        // legal moves) may differ.
        let mut snapshots = Vec::new();
        let mut resumes = 0;
        let mut pos = replay(&script, |pos, step| match step {
            Step::Resume => resumes += 1,
            Step::Play(_, _, Ok(())) => snapshots.push((pos.clone(), resumes)),
            Step::Play(_, _, Err(_)) => {}
        });
        while let Some((after, resumes_before)) = snapshots.pop() {
            prop_assert_eq!(pos.board(), after.board());
            prop_assert_eq!(pos.hash(), after.hash());
            prop_assert_eq!(pos.situational_hash(), after.situational_hash());
            prop_assert_eq!(pos.to_move(), after.to_move());
            prop_assert_eq!(pos.history(), after.history());
            prop_assert!(pos.board().empty_points().eq(after.board().empty_points()));
            if resumes_before == resumes {
                prop_assert!(snapshot_eq(&pos, &after));
            }
            let (color, m) = pos.undo().unwrap();
            prop_assert_eq!(after.last_move(), Some((color, m)));
            pos.board().check_consistency().unwrap();
        }
        prop_assert!(pos.undo().is_err());
        prop_assert!(snapshot_eq(&pos, &Position::new(script.size(), script.rules())));
    }

    /// `Board::undo` restores the board exactly after any sequence of plays on empty
    /// points, suicides and ko recaptures included (the board does not judge legality),
    /// and stones are conserved: on the board = played - captured.
    #[test]
    fn board_undo_restores_exactly_and_stones_are_conserved(
        side in 1u32..=9,
        picks in prop::collection::vec((any::<bool>(), any::<u16>()), 0..120),
    ) {
        let size = BoardSize::new(side, (side + 2).min(25)).unwrap();
        let mut board = Board::new(size);
        let mut trail = Vec::new();
        let mut played = 0u32;
        for (pass, pick) in picks {
            let color = if trail.len() % 2 == 0 { Color::Black } else { Color::White };
            let before = board.clone();
            let undo = if pass || board.empty_count() == 0 {
                board.pass()
            } else {
                played += 1;
                board.play(color, board.empty_point(pick as usize % board.empty_count()))
            };
            board.check_consistency().unwrap();
            let stones = (board.stones(Color::Black).len() + board.stones(Color::White).len()) as u32;
            let captured = board.captures().black + board.captures().white;
            prop_assert_eq!(stones, played - captured);
            trail.push((undo, before));
        }
        while let Some((undo, before)) = trail.pop() {
            board.undo(undo);
            prop_assert_eq!(&board, &before);
            prop_assert_eq!(board.hash(), before.hash());
            prop_assert!(board.empty_points().eq(before.empty_points()));
            board.check_consistency().unwrap();
        }
    }

    /// The incrementally maintained hash equals `zobrist::hash_of` after every step,
    /// and the situational hash adds exactly the side-to-move key.
    #[test]
    fn incremental_zobrist_equals_recomputed(script in scripts(9, 80)) {
        let mut failures = Vec::new();
        replay(&script, |pos, _| {
            let board = pos.board();
            let full = zobrist::hash_of(board.stones(Color::Black), board.stones(Color::White));
            let side = if pos.to_move() == Color::White { zobrist::WHITE_TO_MOVE } else { 0 };
            if board.hash() != full || pos.hash() != full || pos.situational_hash() != full ^ side {
                failures.push(board.to_diagram());
            }
        });
        prop_assert!(failures.is_empty(), "{:?}", failures);
    }

    /// Every move of `legal_moves` is accepted by `try_play`, and every other point is
    /// refused with a reason and leaves the position untouched.
    #[test]
    fn legal_moves_are_exactly_the_accepted_moves(script in scripts(5, 40)) {
        let pos = replay(&script, |_, _| {});
        let legal: Vec<Move> = pos.legal_moves().collect();
        for p in script.size().points() {
            let mut copy = pos.clone();
            let result = copy.try_play(Move::Play(p));
            prop_assert_eq!(result.is_ok(), legal.contains(&Move::Play(p)));
            prop_assert_eq!(result, pos.check(Move::Play(p)));
            if result.is_err() {
                prop_assert!(snapshot_eq(&copy, &pos));
            }
        }
        let mut copy = pos.clone();
        prop_assert_eq!(copy.try_play(Move::Pass).is_ok(), legal.contains(&Move::Pass));
        prop_assert_eq!(legal.contains(&Move::Pass), !pos.is_over());
    }

    /// Replaying a game through any of the 8 symmetries, with or without swapping the
    /// colours, gives the same answer to every move and the transformed position after
    /// every step (stones, ko point, captures, legal points, Tromp-Taylor count).
    #[test]
    fn legality_is_invariant_under_symmetries_and_colour_swap(script in scripts(5, 40)) {
        let size = script.size();
        let mut trace = Vec::new();
        let original = replay(&script, |pos, step| trace.push((step, pos.clone())));
        for symmetry in Symmetry::ALL {
            for swap in [false, true] {
                let image_size = symmetry.apply_size(size);
                let colour = |c: Color| if swap { !c } else { c };
                let point = |p: Point| symmetry.apply(p, size);
                let mut image = Position::new(image_size, script.rules());
                image.set_to_move(colour(Color::Black));
                for (step, after) in &trace {
                    match *step {
                        Step::Resume => image.resume(),
                        Step::Play(c, m, result) => {
                            let m2 = match m {
                                Move::Play(p) => Move::Play(point(p)),
                                Move::Pass => Move::Pass,
                            };
                            prop_assert_eq!(image.try_play_as(colour(c), m2), result, "{:?} swap {}", symmetry, swap);
                        }
                    }
                    for c in Color::ALL {
                        prop_assert_eq!(
                            *image.board().stones(colour(c)),
                            symmetry.apply_set(after.board().stones(c), size)
                        );
                        prop_assert_eq!(image.board().captures()[colour(c)], after.board().captures()[c]);
                    }
                    prop_assert_eq!(image.board().ko(), after.board().ko().map(|(p, c)| (point(p), colour(c))));
                    prop_assert_eq!(image.to_move(), colour(after.to_move()));
                }
                for c in Color::ALL {
                    let mut mapped: Vec<Point> = legal_points(&original, c).into_iter().map(point).collect();
                    mapped.sort();
                    prop_assert_eq!(legal_points(&image, colour(c)), mapped);
                }
                let (a, b) = (original.tromp_taylor_score(), image.tromp_taylor_score());
                prop_assert_eq!(b.points[colour(Color::Black)], a.points.black);
                prop_assert_eq!(b.points[colour(Color::White)], a.points.white);
            }
        }
    }
}
