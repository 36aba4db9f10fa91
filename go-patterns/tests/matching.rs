//! The fast matchers against the naive one, and the symmetries of matching.

mod common;

use common::*;
use go_board::{Board, BoardSize, Color, Point, Symmetry};
use go_patterns::{MatchState, PatternSet, naive_matches};

fn feature_set() -> PatternSet {
    let src = format!("{}\n{FEATURES}", go_patterns::library::source());
    PatternSet::compile(&src).unwrap_or_else(|e| panic!("{e}"))
}

fn scan(
    set: &PatternSet,
    board: &Board,
    to_move: Color,
    last: Option<Point>,
    n: u32,
) -> Vec<go_patterns::Match> {
    let mut out = Vec::new();
    set.scanner().scan(set, &input(board, to_move, last, n), &LadderOracle, &mut out);
    out
}

fn sizes() -> Vec<BoardSize> {
    [(5, 5), (7, 7), (9, 9), (13, 13), (19, 19), (9, 6), (4, 11)]
        .into_iter()
        .map(|(c, r)| BoardSize::new(c, r).unwrap())
        .collect()
}

#[test]
fn scanner_equals_naive_on_random_boards() {
    let set = feature_set();
    let mut rng = Rng(1);
    let mut total = 0;
    for size in sizes() {
        for round in 0..6 {
            let moves = rng.below(size.point_count() * 3 / 4 + 1);
            let (board, played) = random_game(&mut rng, size, moves);
            let last = played.last().map(|m| m.1);
            for to_move in [Color::Black, Color::White] {
                let n = (round * 13 + moves) as u32;
                let fast = scan(&set, &board, to_move, last, n);
                let slow = naive_matches(&set, &input(&board, to_move, last, n), &LadderOracle);
                assert_eq!(
                    keys(&set, &fast, None),
                    keys(&set, &slow, None),
                    "{size} round {round}\n{board}"
                );
                total += fast.len();
            }
        }
    }
    assert!(total > 500, "too few matches to be a test: {total}");
}

#[test]
fn scanner_equals_naive_on_planted_patterns() {
    // Patterns cut out of random boards (edges and corners included) must match where
    // they were cut, and the matchers must agree everywhere.
    let mut rng = Rng(7);
    for round in 0..12 {
        let size = sizes()[round % sizes().len()];
        let (board, _) = random_game(&mut rng, size, size.point_count() / 2);
        let to_move = if rng.chance(50) { Color::Black } else { Color::White };
        let mut src = String::new();
        let mut windows = Vec::new();
        for k in 0..25 {
            let (w, h) = (1 + rng.below(6) as i32, 1 + rng.below(6) as i32);
            let x0 = rng.below(usize::from(size.cols()) + 2) as i32 - 2;
            let y0 = rng.below(usize::from(size.rows()) + 2) as i32 - 2;
            if let Some(p) =
                cut_pattern(&mut rng, &format!("cut{k}"), &board, to_move, (x0, y0, w, h), 15)
            {
                src.push_str(&p);
                windows.push(format!("cut{k}"));
            }
        }
        let set = PatternSet::compile(&src).unwrap_or_else(|e| panic!("{e}\n{src}"));
        for side in [to_move, to_move.opponent()] {
            let fast = scan(&set, &board, side, None, 1);
            let slow = naive_matches(&set, &input(&board, side, None, 1), &LadderOracle);
            assert_eq!(
                keys(&set, &fast, None),
                keys(&set, &slow, None),
                "round {round}\n{src}\n{board}"
            );
            if side == to_move {
                for name in &windows {
                    assert!(
                        fast.iter().any(|m| set.pattern(m.pattern).name() == name),
                        "{name} not found\n{src}\n{board}"
                    );
                }
            }
        }
        // The same patterns on other boards.
        let (other, _) = random_game(&mut rng, size, size.point_count() / 3);
        let fast = scan(&set, &other, to_move, None, 1);
        let slow = naive_matches(&set, &input(&other, to_move, None, 1), &LadderOracle);
        assert_eq!(keys(&set, &fast, None), keys(&set, &slow, None));
    }
}

/// Plays `color` on a random empty point if that is legal, else passes; the point
/// played, if any.
fn play_random(board: &mut Board, color: Color, rng: &mut Rng) -> Option<Point> {
    let empty: Vec<Point> = board.empty_points().collect();
    let p = empty[rng.below(empty.len())];
    if board.is_legal(color, p) {
        board.play(color, p);
        Some(p)
    } else {
        board.pass();
        None
    }
}

#[test]
fn incremental_equals_full_scan_through_games() {
    let set = feature_set();
    let mut rng = Rng(11);
    for size in [
        BoardSize::square(9).unwrap(),
        BoardSize::square(19).unwrap(),
        BoardSize::new(7, 12).unwrap(),
    ] {
        let mut board = Board::new(size);
        let mut state = MatchState::new(&set, &board);
        let mut color = Color::Black;
        for n in 1..=(size.point_count() as u32 * 2) {
            let last = play_random(&mut board, color, &mut rng);
            color = color.opponent();
            state.update(&set, &board);
            for side in [color, color.opponent()] {
                let i = input(&board, side, last, n);
                let mut inc = Vec::new();
                state.matches(&set, &i, &LadderOracle, None, &mut inc);
                let full = scan(&set, &board, side, last, n);
                assert_eq!(keys(&set, &inc, None), keys(&set, &full, None), "move {n}\n{board}");
            }
        }
    }
}

#[test]
fn matches_move_with_the_board_under_the_eight_symmetries_and_the_colour_swap() {
    let set = feature_set();
    let mut rng = Rng(3);
    for size in [
        BoardSize::square(9).unwrap(),
        BoardSize::square(13).unwrap(),
        BoardSize::new(8, 11).unwrap(),
    ] {
        for _ in 0..4 {
            let (board, played) = random_game(&mut rng, size, size.point_count() / 2);
            let last = played.last().map(|m| m.1);
            let to_move = Color::Black;
            let base = scan(&set, &board, to_move, last, 20);
            for g in Symmetry::ALL {
                for swap in [false, true] {
                    let image = transform_board(&board, g, swap);
                    let side = if swap { to_move.opponent() } else { to_move };
                    let moved = scan(&set, &image, side, last.map(|p| g.apply(p, size)), 20);
                    // Patterns tried only in their rotations are equivariant under the
                    // rotations only.
                    let rotation = {
                        let (a, b) = (g.apply_offset((1, 0)), g.apply_offset((0, 1)));
                        a.0 * b.1 - a.1 * b.0 == 1
                    };
                    let keep = |k: &(String, Vec<(i32, i32)>)| {
                        rotation || set.find(&k.0).is_none_or(|p| p.symmetries() != 4)
                    };
                    let expected: Vec<_> =
                        keys(&set, &base, Some((g, size))).into_iter().filter(keep).collect();
                    let got: Vec<_> = keys(&set, &moved, None).into_iter().filter(keep).collect();
                    assert_eq!(got, expected, "{g:?} swap {swap}\n{board}");
                }
            }
        }
    }
}

#[test]
fn symmetric_patterns_match_once_and_compile_once_per_symmetry_class() {
    let set = PatternSet::compile(
        "pattern square place centre condition emparea(a1, 3, 3) candidate with(shape, 1) b2 end_candidate end_pattern
         pattern corner_square place corner condition emparea(a1, 4, 4) candidate with(opening, 1) c3, d3, c4, d4 end_candidate end_pattern
         pattern knight condition state(a1) = friend and state(b3) = empty candidate with(shape, 1) b3 end_candidate end_pattern
         pattern line diagram\n  .*.\ncandidate with(shape, 1) * end_candidate end_pattern
         pattern rotations place corner non_symmetric condition emparea(a1, 2, 2) candidate with(shape, 1) a1 end_candidate end_pattern",
    )
    .unwrap();
    let variants: Vec<(String, usize, usize)> = set
        .patterns()
        .map(|p| (p.name().to_owned(), p.stabiliser().len(), p.variant_count()))
        .collect();
    assert_eq!(
        variants,
        [
            ("square".to_owned(), 8, 1),
            ("corner_square".to_owned(), 2, 4),
            ("knight".to_owned(), 1, 8),
            ("line".to_owned(), 4, 2),
            ("rotations".to_owned(), 1, 4),
        ]
    );
    let board = Board::new(BoardSize::square(9).unwrap());
    let found = scan(&set, &board, Color::Black, None, 1);
    let count = |name: &str| found.iter().filter(|m| set.pattern(m.pattern).name() == name).count();
    // Every 3×3 square off the first line: 5×5 of them; each corner once; a line of
    // three empty points: 7 × 9 horizontal and as many vertical.
    assert_eq!(count("square"), 25);
    assert_eq!(count("corner_square"), 4);
    assert_eq!(count("line"), 2 * 7 * 9);
    assert_eq!(count("rotations"), 4);
    let naive = naive_matches(&set, &input(&board, Color::Black, None, 1), &LadderOracle);
    assert_eq!(keys(&set, &found, None), keys(&set, &naive, None));
}

#[test]
fn issue_12_incremental_state_read_for_one_side_at_a_time_equals_the_full_scan() {
    // The state brings a side's matches up to date when they are read: read one side,
    // the other, both or neither after each move, in a random order, through captures.
    let set = feature_set();
    let mut rng = Rng(29);
    for size in [BoardSize::square(19).unwrap(), BoardSize::square(9).unwrap()] {
        let mut board = Board::new(size);
        let mut state = MatchState::new(&set, &board);
        let mut color = Color::Black;
        for n in 1..=(size.point_count() as u32 * 2) {
            let last = play_random(&mut board, color, &mut rng);
            color = color.opponent();
            state.update(&set, &board);
            let sides: &[Color] = match rng.below(5) {
                0 => &[],
                1 => &[Color::Black],
                2 => &[Color::White],
                3 => &[Color::White, Color::Black],
                _ => &[Color::Black, Color::White],
            };
            for &side in sides {
                let i = input(&board, side, last, n);
                let mut inc = Vec::new();
                state.matches(&set, &i, &LadderOracle, None, &mut inc);
                let full = scan(&set, &board, side, last, n);
                assert_eq!(keys(&set, &inc, None), keys(&set, &full, None), "move {n}\n{board}");
            }
        }
    }
}
