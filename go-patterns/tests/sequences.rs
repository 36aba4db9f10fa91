//! Candidate trees: the seed's figures 5, 6 and 8, replays in the 16 orientations,
//! tenuki and deviation, transpositions and mid-line entry.

mod common;

use std::collections::BTreeSet;
use std::sync::Arc;

use common::Rng;
use go_board::{BoardSize, Color, Move, Point, Position, Rules, Setup, Symmetry};
use go_patterns::{
    Candidate, CandidateGenerator, Intent, JosekiTracker, PatternGenerator, PatternSet, library,
};

/// One pattern of the seed library, by name.
fn seed_pattern(name: &str) -> String {
    let src = library::SEED;
    let start = src.find(&format!("pattern {name}\n")).expect("the pattern is in the library");
    let end = src[start..].find("end_pattern").expect("it ends") + start + "end_pattern".len();
    src[start..end].to_owned()
}

fn compile(src: &str) -> Arc<PatternSet> {
    Arc::new(PatternSet::compile(src).unwrap_or_else(|e| panic!("{e}")))
}

fn size(n: u32) -> BoardSize {
    BoardSize::square(n).unwrap()
}

/// A frame point of the lower-left corner as a board point, moved by `g`.
fn at(g: Symmetry, size: BoardSize, (x, y): (u8, u8)) -> Point {
    g.apply(Point::must(x, y, size), size)
}

fn frame(text: &str) -> (u8, u8) {
    let b = text.as_bytes();
    (b[0] - b'a', text[1..].parse::<u8>().unwrap() - 1)
}

type Cands = BTreeSet<(String, Intent, u64)>;

fn cands(list: &[Candidate]) -> Cands {
    list.iter().map(|c| (c.mv.to_string(), c.intent, c.weight.to_bits())).collect()
}

/// Figure 5's line and the replies when a move of it is skipped.
const LINE: [&str; 9] = ["d4", "c6", "d9", "e6", "f4", "b4", "c3", "b9", "j3"];
const REPLIES: [Option<&str>; 9] =
    [None, None, None, Some("d6"), Some("f4"), Some("b4"), Some("c3"), Some("b8"), None];

#[test]
fn figure_5_one_sequence_equals_figure_6_fourteen_patterns() {
    let fig5 = compile(&seed_pattern("hosi_kogeima_nikentakabasami"));
    let fig6 = compile(include_str!("fixtures/figure6.gpat"));
    assert_eq!(fig6.len(), 14);
    let singles = PatternGenerator::new(Arc::clone(&fig6));
    // A 25×25 board, so that tenukis in the cross between the corners are outside every
    // corner's 10×10; on a checkerboard, so that no tenuki stone is ever short of
    // liberties.
    let size = size(25);
    let centre: Vec<Point> = (0..25u8)
        .flat_map(|c| (0..25u8).map(move |r| (c, r)))
        .filter(|&(c, r)| ((10..15).contains(&c) || (10..15).contains(&r)) && (c + r) % 2 == 0)
        .map(|(c, r)| Point::must(c, r, size))
        .collect();
    let mut rng = Rng(5);
    let mut positions = 0;
    let mut replies_seen = 0;
    let mut depths = BTreeSet::new();
    for g in Symmetry::ALL {
        for first in [Color::Black, Color::White] {
            for _walk in 0..6 {
                let mut position = Position::new(size, Rules::chinese());
                position.set_to_move(first);
                let mut tracker = JosekiTracker::new(Arc::clone(&fig5), &position);
                let mut free = centre.clone();
                let mut k = 0; // line moves played
                let mut finished = false;
                for _step in 0..40 {
                    let mut tree_moves = Vec::new();
                    tracker.candidates(&position, &mut tree_moves);
                    let mut single_moves = Vec::new();
                    singles.generate(&position, &mut single_moves);
                    assert_eq!(
                        cands(&tree_moves),
                        cands(&single_moves),
                        "{g:?} {first:?} after {k} moves\n{:?}",
                        position.board()
                    );
                    positions += 1;
                    // The player of line move k is `first` for even k.
                    let mover = if k % 2 == 0 { first } else { first.opponent() };
                    let to_move = position.to_move();
                    let mv = if !finished && k < LINE.len() && to_move == mover && rng.chance(70) {
                        k += 1;
                        at(g, size, frame(LINE[k - 1]))
                    } else if !finished
                        && k < LINE.len()
                        && to_move != mover
                        && REPLIES[k].is_some()
                        && rng.chance(30)
                    {
                        finished = true;
                        replies_seen += 1;
                        at(g, size, frame(REPLIES[k].unwrap()))
                    } else {
                        if free.is_empty() {
                            break;
                        }
                        free.swap_remove(rng.below(free.len()))
                    };
                    position.try_play(Move::Play(mv)).unwrap();
                    tracker.update(&position);
                    if k == LINE.len() {
                        finished = true;
                    }
                    depths.insert(k);
                    // The tree of this corner is at the k-th move of the line.
                    if !finished && k > 0 {
                        let tree = tracker
                            .trees()
                            .iter()
                            .find(|t| {
                                t.friend() == first
                                    && t.played().first().map(|m| m.1)
                                        == Some(at(g, size, frame(LINE[0])))
                            })
                            .expect("the corner's tree lives");
                        assert_eq!(tree.frame_path(), (0..k as u32).collect::<Vec<_>>());
                    }
                }
            }
        }
    }
    assert!(positions > 1500, "{positions}");
    assert!(replies_seen > 10, "{replies_seen}");
    assert_eq!(
        depths.into_iter().collect::<Vec<_>>(),
        (0..=LINE.len()).collect::<Vec<_>>(),
        "every depth of the line"
    );
}

#[test]
fn a_line_replayed_in_the_sixteen_orientations_walks_the_same_nodes() {
    let set = compile(library::STANDARD);
    let line = ["c3", "d3", "c4", "c5", "b5", "b6"]; // hoshi_33_invasion, after the 4-4 stone
    for g in Symmetry::ALL {
        for owner in [Color::Black, Color::White] {
            let size = size(19);
            let mut setup = Setup::default();
            let hoshi = at(g, size, frame("d4"));
            match owner {
                Color::Black => setup.black.insert(hoshi),
                Color::White => setup.white.insert(hoshi),
            };
            let mut position = Position::new(size, Rules::chinese());
            position.setup(setup).unwrap();
            position.set_to_move(owner.opponent());
            let mut tracker = JosekiTracker::new(Arc::clone(&set), &position);
            let mut paths = Vec::new();
            for (i, m) in line.iter().enumerate() {
                position.try_play(Move::Play(at(g, size, frame(m)))).unwrap();
                tracker.update(&position);
                let tree = tracker
                    .trees()
                    .iter()
                    .find(|t| t.name() == "hoshi_33_invasion" && t.friend() == owner.opponent());
                match tree {
                    Some(t) => paths.push(t.frame_path()),
                    None => assert_eq!(i, line.len() - 1, "the tree ends with the line only"),
                }
            }
            let expected: Vec<Vec<u32>> =
                (1..line.len() as u32).map(|k| (0..k).collect()).collect();
            assert_eq!(paths, expected, "{g:?} {owner:?}");
        }
    }
}

fn fig5_tracker(moves: &[&str]) -> (Position, JosekiTracker) {
    let set = compile(&seed_pattern("hosi_kogeima_nikentakabasami"));
    let mut position = Position::new(size(19), Rules::chinese());
    let mut tracker = JosekiTracker::new(set, &position);
    for m in moves {
        position.try_play(Move::parse_gtp(m, position.size()).unwrap()).unwrap();
        tracker.update(&position);
    }
    (position, tracker)
}

fn lower_left_tree(tracker: &JosekiTracker) -> Option<&go_patterns::Tree> {
    tracker
        .trees()
        .iter()
        .find(|t| t.played().first().is_some_and(|m| m.1.col() < 9 && m.1.row() < 9))
}

#[test]
fn tenuki_outside_the_area_keeps_the_tree_and_a_deviation_inside_drops_it() {
    // B D4, W C6, B D9, then White plays elsewhere (Q10 is outside a1:i9).
    let (position, tracker) = fig5_tracker(&["D4", "C6", "D9", "Q10"]);
    let tree = lower_left_tree(&tracker).expect("kept through the tenuki");
    assert_eq!((tree.frame_path(), tree.tenukis()), (vec![0, 1, 2], 1));
    // Black is offered the tenuki reply of the skipped move: D6 (capture).
    let mut moves = Vec::new();
    tracker.candidates(&position, &mut moves);
    assert!(
        moves.iter().any(|c| c.mv.to_string() == "D6" && c.intent == Intent::Attack),
        "{moves:?}"
    );
    // Instead, a move inside the area that is not the line's drops the tree.
    let (_, tracker) = fig5_tracker(&["D4", "C6", "D9", "B2"]);
    assert!(lower_left_tree(&tracker).is_none());
    assert!(tracker.stats().dropped >= 1);
    // Both sides play elsewhere: White is offered E6 again.
    let (position, tracker) = fig5_tracker(&["D4", "C6", "D9", "Q10", "Q3"]);
    let mut moves = Vec::new();
    tracker.candidates(&position, &mut moves);
    assert!(moves.iter().any(|c| c.mv.to_string() == "E6"), "{moves:?}");
}

#[test]
fn a_transposed_order_reseeds_the_tree() {
    // The line's first three moves in another order: D9, C6, D4.
    let (position, tracker) = fig5_tracker(&["D9", "C6", "D4"]);
    let tree = lower_left_tree(&tracker).expect("re-seeded");
    assert!(tree.is_reseeded());
    assert_eq!(tree.frame_path(), [0, 1, 2]);
    assert_eq!(tree.friend(), Color::Black);
    let mut moves = Vec::new();
    tracker.candidates(&position, &mut moves);
    assert!(moves.iter().any(|c| c.mv.to_string() == "E6"), "{moves:?}");
    // The same tree follows on.
    let (_, tracker) = fig5_tracker(&["D9", "C6", "D4", "E6"]);
    assert_eq!(lower_left_tree(&tracker).unwrap().frame_path(), [0, 1, 2, 3]);
}

#[test]
fn a_game_met_in_the_middle_of_a_line_finds_its_place() {
    let set = compile(&seed_pattern("hosi_kogeima_nikentakabasami"));
    // The first four moves of the line as setup stones, White's in the upper right.
    let size = size(19);
    let g = Symmetry::ALL[3];
    let mut setup = Setup::default();
    for (i, m) in LINE[..4].iter().enumerate() {
        let p = at(g, size, frame(m));
        if i % 2 == 0 {
            setup.white.insert(p)
        } else {
            setup.black.insert(p)
        };
    }
    let mut position = Position::new(size, Rules::chinese());
    position.setup(setup).unwrap();
    position.set_to_move(Color::White);
    let tracker = JosekiTracker::new(set, &position);
    let tree = tracker.trees().iter().find(|t| t.is_reseeded()).expect("found");
    assert_eq!((tree.frame_path(), tree.friend()), (vec![0, 1, 2, 3], Color::White));
    let mut moves = Vec::new();
    tracker.candidates(&position, &mut moves);
    let f4 = at(g, size, frame("f4")).to_string();
    assert!(moves.iter().any(|c| c.mv.to_string() == f4), "{moves:?}");
}

#[test]
fn figure_8_branches_and_a_corner_tree_is_not_created_twice() {
    let set = compile(&seed_pattern("akisumisen_sequence"));
    let mut position = Position::new(size(19), Rules::chinese());
    let mut tracker = JosekiTracker::new(Arc::clone(&set), &position);
    assert_eq!(tracker.trees().len(), 4, "one tree per corner, not per orientation");
    for m in ["D4", "F3"] {
        position.try_play(Move::parse_gtp(m, position.size()).unwrap()).unwrap();
        tracker.update(&position);
    }
    let mut moves = Vec::new();
    tracker.candidates(&position, &mut moves);
    let near: BTreeSet<String> = moves
        .iter()
        .map(|c| c.mv.to_string())
        .filter(|v| ["D6", "J4", "C6", "F3"].contains(&v.as_str()))
        .collect();
    assert_eq!(near.into_iter().collect::<Vec<_>>(), ["D6", "J4"]);
    // Play elsewhere for both sides: the pattern matches the empty corners again for each
    // side, but no tree is created twice.
    let mut position = Position::new(size(19), Rules::chinese());
    let mut tracker = JosekiTracker::new(set, &position);
    for m in ["K10", "K11", "L10", "L11"] {
        position.try_play(Move::parse_gtp(m, position.size()).unwrap()).unwrap();
        tracker.update(&position);
    }
    assert_eq!(tracker.trees().len(), 8, "four corners for each colour");
    assert_eq!(tracker.stats().created, 8);
}

#[test]
fn trees_follow_undo_and_setup_by_replaying() {
    let (mut position, mut tracker) = fig5_tracker(&["D4", "C6", "D9"]);
    position.undo().unwrap();
    tracker.update(&position);
    assert_eq!(lower_left_tree(&tracker).unwrap().frame_path(), [0, 1]);
    // A copy that was not updated is brought up to date for candidates.
    let (position2, _) = fig5_tracker(&["D4", "C6", "D9", "E6"]);
    let mut moves = Vec::new();
    tracker.candidates(&position2, &mut moves);
    assert!(moves.iter().any(|c| c.mv.to_string() == "F4"), "{moves:?}");
}
