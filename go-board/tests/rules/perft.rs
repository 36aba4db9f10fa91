//! Perft vectors from `testdata/perft/*.toml`, checked against both the naive
//! reference (up to a node limit, since it is slow) and `go_board::perft`.

use go_board::{BoardSize, Color, KoRule, Point, PointSet, Position, Rules, Setup, perft};

use crate::reference::{self, Ko};

const FILES: [(&str, &str); 1] =
    [("small.toml", include_str!("../../../testdata/perft/small.toml"))];

/// The reference checks a depth only while its count stays below this (it is slow).
const REFERENCE_NODE_LIMIT: u64 = 60_000;

/// A test case of a perft file.
struct Case {
    name: String,
    rules: Rules,
    size: BoardSize,
    black: Vec<Point>,
    white: Vec<Point>,
    to_move: Color,
    counts: Vec<u64>,
}

/// Reads a diagram (top row first; `X` black, `O` white, `.` empty; spaces ignored)
/// without go-board's own parser.
fn read_diagram(text: &str) -> (BoardSize, Vec<Point>, Vec<Point>) {
    let rows: Vec<Vec<char>> = text
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let size = BoardSize::new(rows[0].len() as u32, rows.len() as u32).expect("diagram size");
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), size.cols() as usize, "ragged diagram");
        for (c, &ch) in row.iter().enumerate() {
            let p = Point::new(c as u8, (rows.len() - 1 - r) as u8, size).unwrap();
            match ch {
                'X' => black.push(p),
                'O' => white.push(p),
                '.' => {}
                other => panic!("unexpected {other:?} in a diagram"),
            }
        }
    }
    (size, black, white)
}

fn load(file: &str, text: &str) -> Vec<Case> {
    let doc: toml::Table = text.parse().unwrap_or_else(|e| panic!("{file}: {e}"));
    // The file states its conventions; they must be the ones perft implements.
    let conventions = doc["conventions"].as_table().expect("a [conventions] table");
    assert_eq!(conventions["pass_is_a_move"].as_bool(), Some(true), "{file}");
    assert_eq!(conventions["two_passes_end_the_game"].as_bool(), Some(true), "{file}");
    assert_eq!(conventions["shorter_paths_count"].as_bool(), Some(false), "{file}");
    let tests = doc["test"].as_array().expect("[[test]] entries");
    tests
        .iter()
        .map(|t| {
            let name = t["name"].as_str().unwrap().to_owned();
            let ko = match t["ko"].as_str().unwrap() {
                "simple" => KoRule::Simple,
                "positional" => KoRule::PositionalSuperko,
                "situational" => KoRule::SituationalSuperko,
                other => panic!("{name}: unknown ko rule {other}"),
            };
            let suicide = t["suicide"].as_bool().unwrap();
            let (size, black, white) = read_diagram(t["board"].as_str().unwrap());
            let to_move = match t.get("to_move").map(|v| v.as_str().unwrap()) {
                None | Some("black") => Color::Black,
                Some("white") => Color::White,
                Some(other) => panic!("{name}: unknown colour {other}"),
            };
            let counts = t["perft"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| u64::try_from(v.as_integer().unwrap()).unwrap())
                .collect();
            Case {
                name,
                rules: Rules { ko, suicide, ..Rules::tromp_taylor() },
                size,
                black,
                white,
                to_move,
                counts,
            }
        })
        .collect()
}

fn position(case: &Case) -> Position {
    let mut pos = Position::new(case.size, case.rules);
    if !case.black.is_empty() || !case.white.is_empty() {
        let black: PointSet = case.black.iter().copied().collect();
        let white: PointSet = case.white.iter().copied().collect();
        pos.setup(Setup { black, white, empty: PointSet::EMPTY }).unwrap();
    }
    pos.set_to_move(case.to_move);
    pos
}

fn reference_game(case: &Case) -> reference::Game {
    let ko = match case.rules.ko {
        KoRule::Simple => Ko::Simple,
        KoRule::PositionalSuperko => Ko::Positional,
        KoRule::SituationalSuperko => Ko::Situational,
    };
    let mut game = reference::Game::new(case.size, ko, case.rules.suicide);
    game.to_move = case.to_move;
    game.setup(&case.black, &case.white, &[]).unwrap();
    game
}

#[test]
fn perft_vectors() {
    let mut checked = 0;
    for (file, text) in FILES {
        for case in load(file, text) {
            let pos = position(&case);
            let mut game = reference_game(&case);
            for (depth, &want) in case.counts.iter().enumerate() {
                let depth = depth as u32;
                assert_eq!(
                    perft(&pos, depth),
                    want,
                    "{file} {}: go_board::perft at depth {depth}",
                    case.name
                );
                if want <= REFERENCE_NODE_LIMIT {
                    assert_eq!(
                        game.perft(depth),
                        want,
                        "{file} {}: reference perft at depth {depth}",
                        case.name
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 30);
}
