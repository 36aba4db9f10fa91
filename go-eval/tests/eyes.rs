//! Eye spaces and the eyes of groups on designed positions (issue 11): the nakade
//! shapes, false eyes, half eyes, dead stones in the space and ko, each with the number
//! of eyes and the vital points checked; then the eight symmetries and the colour swap.

use go_board::{Board, Color, Point, PointSet, Symmetry};
use go_eval::reading::eyes::{EyeSpaces, EyeValue, EyeVerdict, GroupEyes};

/// The board of a diagram.
fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).expect("a legal diagram")
}

/// The points of GTP vertices, separated by spaces.
fn points(board: &Board, vertices: &str) -> PointSet {
    vertices
        .split_whitespace()
        .map(|v| Point::parse_gtp(v, board.size()).expect("a vertex"))
        .collect()
}

/// The eyes of the chain holding `vertex`.
fn group(board: &Board, vertex: &str) -> GroupEyes {
    let p = Point::parse_gtp(vertex, board.size()).expect("a vertex");
    GroupEyes::new(board, &board.chain_stones(p), &PointSet::EMPTY).expect("a group")
}

/// Checks the eyes of the group at `vertex`: (min, max), attack and defence points.
fn check(diagram: &str, vertex: &str, minmax: (u8, u8), attack: &str, defence: &str) {
    let b = board(diagram);
    let eyes = group(&b, vertex);
    assert_eq!((eyes.min(), eyes.max()), minmax, "eyes of {vertex} in\n{diagram}\n{eyes:?}");
    assert_eq!(eyes.attack, points(&b, attack), "attack of {vertex} in\n{diagram}");
    assert_eq!(eyes.defence, points(&b, defence), "defence of {vertex} in\n{diagram}");
    // The whole-board analysis says the same.
    let spaces = EyeSpaces::new(&b);
    let p = Point::parse_gtp(vertex, b.size()).expect("a vertex");
    let whole = spaces.group(&b, &b.chain_stones(p)).expect("a group");
    assert_eq!(whole.value, eyes.value, "whole-board analysis of {vertex}");
}

#[test]
fn issue_11_straight_and_bent_three() {
    // A straight three on the edge: the middle is vital for both.
    check(
        "
        . . . . . . .
        X X X X X X .
        O O O O O X .
        O . . . O X .
        ",
        "A1",
        (1, 2),
        "C1",
        "C1",
    );
    // A bent three in the corner: the corner point is its middle.
    check(
        "
        X X X X . .
        O O O X . .
        . O O X . .
        . . O . . .
        ",
        "C1",
        (1, 2),
        "A1",
        "A1",
    );
}

#[test]
fn issue_11_square_four_is_one_eye_and_pyramid_four_has_a_vital_point() {
    check(
        "
        . . . . . . .
        X X X X X . .
        O O O O X . .
        . . O O X . .
        . . O . X . .
        ",
        "C1",
        (1, 1),
        "",
        "",
    );
    // The pyramid four (a T) on the edge: its centre C1 is vital.
    check(
        "
        . . . . . . .
        X X X X X X .
        O O O O O X .
        O O . O O X .
        O . . . O X .
        ",
        "A1",
        (1, 2),
        "C1",
        "C1",
    );
}

#[test]
fn issue_11_bulky_five_and_flower_five() {
    // The bulky five in the corner (A1 B1 C1 A2 B2): Black kills only at B1, the
    // point with three neighbours in the space; White lives there or at B2 (the four
    // points left are a bent four, two eyes).
    check(
        "
        X X . X X .
        O O O O X .
        . . O O X .
        . . . O X .
        ",
        "D1",
        (1, 2),
        "B1",
        "B1 B2",
    );
    // The flower five (a plus) in the middle of the edge group: its centre.
    check(
        "
        . . . . . . . .
        X X X X X X X .
        O O O O O O X .
        O O O . O O X .
        O O . . . O X .
        O O O . O O X .
        O O O O O O X .
        ",
        "A1",
        (1, 2),
        "D3",
        "D3",
    );
}

#[test]
fn issue_11_rabbity_six_and_rectangular_six() {
    // The rabbity six (flower six: the plus and one point more) has one killing point,
    // the centre of the plus; White also lives at D2 or E3 (what is left is a tree of
    // five with two eyes whoever moves).
    check(
        "
        . . . . . . . .
        X X X X X X X .
        O O O O O O X .
        O O O . O O X .
        O O . . . O X .
        O O O . . O X .
        O O O O O O X .
        ",
        "A1",
        (1, 2),
        "D3",
        "D2 D3 E3",
    );
    // The rectangular six away from the corner is alive whoever moves.
    check(
        "
        . . . . . . . .
        X X X X X X X .
        O O O O O O X .
        O . . . O O X .
        O . . . O O X .
        O O O O O O X .
        ",
        "A1",
        (2, 2),
        "",
        "",
    );
}

#[test]
fn issue_11_nakade_stone_on_the_vital_point_kills() {
    // Black has played the middle of White's straight three: White can capture it but
    // the space then gives one eye at most.
    let b = board(
        "
        . . . . . . .
        X X X X X X .
        O O O O O X .
        O . X . O X .
        ",
    );
    let eyes = group(&b, "A1");
    assert!(eyes.max() <= 1, "{eyes:?}");
    assert_eq!(eyes.verdict(), EyeVerdict::AtMostOneEye);
}

#[test]
fn issue_11_false_eye_is_no_eye() {
    // White has a proper eye at A1 and a false eye at E1: on the edge one safe Black
    // stone on a diagonal (F2) is enough. One eye, whoever moves.
    let b = board(
        "
        . . . . . . . . .
        X X X X X X X X .
        O O O O O X O X .
        . O O O . O O . .
        ",
    );
    let e1 = points(&b, "E1").first().expect("E1");
    let spaces = EyeSpaces::new(&b);
    assert!(spaces.spaces().iter().any(|s| s.false_eyes.contains(e1)), "E1 is a false eye");
    let eyes = group(&b, "B1");
    assert_eq!((eyes.min(), eyes.max()), (1, 1), "{eyes:?}");
}

#[test]
fn issue_11_half_eye_has_its_key_point() {
    // White has a proper eye at A1 and a half eye at E1: Black at F2 makes it false,
    // White at F2 makes it proper (D2 is White's).
    check(
        "
        . . . . . . . . .
        X X X X X X X X .
        O O O O O . O X .
        . O O O . O O X .
        ",
        "B1",
        (1, 2),
        "F2",
        "F2",
    );
}

#[test]
fn issue_11_two_half_eyes_make_one_eye_and_one_more_makes_two() {
    let half: EyeValue = "0011".parse().expect("a value");
    assert_eq!((half + half).min(), 1);
    assert_eq!((half + half + half).min(), 1);
    assert_eq!((half + half + half).max(), 2);
    assert_eq!((EyeValue::ONE + half).to_string(), "1122");
}

#[test]
fn issue_11_ko_in_the_eye() {
    // White's eye at E1 depends on a ko: Black's F2 is in atari; White takes it at F3
    // (a ko: Black retakes at F2), Black connects at F3. E1 is a half eye whose key is
    // F3 for both.
    check(
        "
        X X X X X X X X .
        X X X X X . X X .
        O O O O O X O X .
        . O O O . O O . .
        ",
        "B1",
        (1, 2),
        "F3",
        "F3",
    );
}

/// The board after a symmetry and, if `swap`, with the colours exchanged.
fn transform(b: &Board, s: Symmetry, swap: bool) -> Board {
    let size = s.apply_size(b.size());
    let mut out = Board::new(size);
    for color in Color::ALL {
        for p in *b.stones(color) {
            let c = if swap { color.opponent() } else { color };
            out.set_point(s.apply(p, b.size()), Some(c)).expect("a legal image");
        }
    }
    out
}

/// The designed positions of this file.
const POSITIONS: &[&str] = &[
    "X X X X . .\nO O O X . .\n. O O X . .\n. . O . . .",
    ". . . . . . .\nX X X X X X .\nO O O O O X .\nO O . O O X .\nO . . . O X .",
    "X X . X X .\nO O O O X .\n. . O O X .\n. . . O X .",
    ". . . . . . . .\nX X X X X X X .\nO O O O O O X .\nO O O . O O X .\nO O . . . O X .\nO O O . . O X .\nO O O O O O X .",
    ". . . . . . . . .\nX X X X X X X X .\nO O O O O X O X .\n. O O O . O O . .",
    ". . . . . . . . .\nX X X X X X X X .\nO O O O O . O X .\n. O O O . O O X .",
    "X X X X X X X X .\nX X X X X . X X .\nO O O O O X O X .\n. O O O . O O . .",
    ". . . . . . .\nX X X X X X .\nO O O O O X .\nO . X . O X .",
];

/// Checks that every eye space of `b` maps to the image space under every symmetry and
/// the colour swap, with the same value and the images of its points.
fn check_invariance(b: &Board, diagram: &str) {
    {
        let spaces = EyeSpaces::new(b);
        for s in Symmetry::ALL {
            for swap in [false, true] {
                let t = transform(b, s, swap);
                let image = EyeSpaces::new(&t);
                assert_eq!(
                    image.spaces().len(),
                    spaces.spaces().len(),
                    "{s:?} swap {swap} of\n{diagram}"
                );
                for space in spaces.spaces() {
                    let color = if swap { space.color.opponent() } else { space.color };
                    let p = space.points.first().expect("a point");
                    let other = image.at(color, s.apply(p, b.size())).expect("the image space");
                    let map = |set: &PointSet| s.apply_set(set, b.size());
                    let what = format!("{s:?} swap {swap} of\n{diagram}");
                    assert_eq!(other.points, map(&space.points), "{what}");
                    assert_eq!(other.margins, map(&space.margins), "{what}");
                    assert_eq!(other.false_eyes, map(&space.false_eyes), "{what}");
                    assert_eq!(other.value, space.value, "{what}");
                    assert_eq!(other.attack, map(&space.attack), "{what}");
                    assert_eq!(other.defence, map(&space.defence), "{what}");
                }
            }
        }
    }
}

#[test]
fn issue_11_eye_values_are_invariant_under_symmetries_and_colour_swap() {
    for diagram in POSITIONS {
        check_invariance(&board(diagram), diagram);
    }
}

/// A board of `size` × `size` from cells 0 (empty), 1 (Black) and 2 (White), row by
/// row; a stone that would leave a chain without liberties is left out.
fn random_board(size: u32, cells: &[u8]) -> Board {
    let size = go_board::BoardSize::square(size).expect("a board size");
    let mut b = Board::new(size);
    for (i, p) in size.points().enumerate() {
        let stone = match cells[i % cells.len()] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        };
        let _ = b.set_point(p, stone);
    }
    b
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config {
        cases: 96,
        rng_seed: proptest::test_runner::RngSeed::Fixed(11),
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    })]

    /// Random dense boards: the eye spaces, their values and vital points follow every
    /// symmetry and the colour swap.
    #[test]
    fn issue_11_random_eye_values_are_invariant(
        size in 4u32..=8,
        cells in proptest::collection::vec(
            proptest::prop_oneof![2 => proptest::strategy::Just(0u8), 3 => proptest::strategy::Just(1u8), 3 => proptest::strategy::Just(2u8)],
            64,
        ),
    ) {
        let b = random_board(size, &cells);
        check_invariance(&b, &b.to_diagram());
    }
}

#[test]
fn issue_11_eye_values_do_not_depend_on_orientation() {
    // Found by the random test: mirrored left-right, a 7-point White space with inner
    // points had the attack set {C5} one way and {C5, C6} the other.
    let diagram = "
        X X X . . .
        X X . . . O
        O X O . O .
        O O X O O O
        O X . X X O
        . X X X X .
        ";
    check_invariance(&board(diagram), diagram);
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config {
        cases: 32,
        rng_seed: proptest::test_runner::RngSeed::Fixed(11),
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    })]

    /// Random boards symmetric left-right: the board is its own image, so each space
    /// must be worth what its mirror image is worth (the canonical orientation alone
    /// does not ensure this).
    #[test]
    fn issue_11_mirror_symmetric_boards_give_mirror_symmetric_eyes(
        size in 4u32..=8,
        cells in proptest::collection::vec(
            proptest::prop_oneof![2 => proptest::strategy::Just(0u8), 3 => proptest::strategy::Just(1u8), 3 => proptest::strategy::Just(2u8)],
            64,
        ),
    ) {
        let n = size as usize;
        let mut cells = cells;
        for r in 0..n {
            for c in 0..n / 2 {
                cells[r * n + n - 1 - c] = cells[r * n + c];
            }
        }
        let b = random_board(size, &cells);
        let mirror = Symmetry::ALL.into_iter().find(|s| !s.transposes() && s.apply(Point::must(0, 0, b.size()), b.size()) == Point::must(size as u8 - 1, 0, b.size())).expect("the left-right mirror");
        proptest::prop_assume!(transform(&b, mirror, false).stones_by_color() == b.stones_by_color());
        check_invariance(&b, &b.to_diagram());
    }
}
