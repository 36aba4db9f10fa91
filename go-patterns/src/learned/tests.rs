//! Tests of the learned patterns as a whole: harvest fixtures, features of hand-built
//! positions, symmetry of the scores, the file format, and the generator's legality.

use std::sync::Arc;

use go_board::{BoardSize, Color, KoRule, Move, Point, Position, Rules, Setup, Symmetry};

use super::factors::Rng;
use super::*;
use crate::CandidateGenerator;

fn p(v: &str, size: BoardSize) -> Point {
    Point::parse_gtp(v, size).unwrap()
}

/// A position from a diagram (`X` black, `O` white) with `to_move` to play and the
/// given last moves (oldest first; they must be stones of the diagram or passes).
fn position(diagram: &str, to_move: Color, last: &[&str]) -> Position {
    let board = go_board::Board::from_diagram(diagram).unwrap();
    let size = board.size();
    let mut position = Position::new(size, Rules::japanese());
    // Replay the last moves over a setup of everything else.
    let lasts: Vec<Point> = last.iter().filter(|v| **v != "pass").map(|v| p(v, size)).collect();
    let mut setup = Setup::default();
    for q in size.points() {
        if lasts.contains(&q) {
            continue;
        }
        match board.color_at(q) {
            Some(Color::Black) => {
                setup.black.insert(q);
            }
            Some(Color::White) => {
                setup.white.insert(q);
            }
            None => {}
        }
    }
    position.setup(setup).unwrap();
    for v in last {
        if *v == "pass" {
            let color = position.to_move();
            position.try_play_as(color, Move::Pass).unwrap();
        } else {
            let q = p(v, size);
            let color = board.color_at(q).unwrap();
            position.try_play_as(color, Move::Play(q)).unwrap();
        }
    }
    position.set_to_move(to_move);
    position
}

/// A model with no shapes and every gamma 1: features only.
fn featureless() -> LearnedPatterns {
    let harvest = Harvest::new();
    let set = TrainingSet::new(&harvest, 1, None);
    let mut data_set = set;
    // One trivial competition so that the fit runs.
    let size = BoardSize::square(5).unwrap();
    let position = Position::new(size, Rules::japanese());
    assert!(data_set.add(&position, Move::Play(p("C3", size))));
    let (model, _) =
        data_set.fit(&FitConfig { max_iterations: 0, ..FitConfig::default() }).unwrap();
    model
}

fn level(
    model: &LearnedPatterns,
    position: &Position,
    v: &str,
    group: FeatureGroup,
) -> Option<&'static str> {
    let team = model.team(position, p(v, position.size())).expect("a candidate");
    team.level(group).map(|l| group.levels()[l as usize])
}

#[test]
fn harvest_fixture_keys() {
    // Black's hane at C3 and, colours swapped with White to move, the same shape.
    let black = position(
        "
        . . . . . .
        . . . . . .
        . . X O . .
        . . . O . .
        . . . . . .
        . . . . . .
        ",
        Color::Black,
        &[],
    );
    let white = position(
        "
        . . . . . .
        . . . . . .
        . . O X . .
        . . . X . .
        . . . . . .
        . . . . . .
        ",
        Color::White,
        &[],
    );
    let size = black.size();
    let mut harvest = Harvest::new();
    assert!(harvest.add(&black, Move::Play(p("C3", size))));
    // The mirror image of the move, on the mirrored board.
    assert!(harvest.add(&white, Move::Play(p("C3", size))));
    assert!(!harvest.add(&white, Move::Pass));
    assert!(!harvest.add(&white, Move::Play(p("C4", size))), "occupied");
    assert_eq!(harvest.moves(), 2);
    let shapes = harvest.shapes(2, None);
    // The two moves share every size that stays on this 6x6 board's contents.
    let three = shapes.iter().find(|(s, _)| s.size() == 3).expect("the 3x3 seen twice");
    assert_eq!(three.1, 2);
    assert_eq!(
        three.0.to_string(),
        Shape::at(black.board(), p("C3", size), Color::Black, 3).unwrap().canonical().to_string()
    );
    let seen = Shape::at(black.board(), p("C3", size), Color::Black, 3).unwrap();
    assert_eq!(seen.to_string(), ". O X\n. * X\n. . .\n");
    assert_eq!(harvest.count(&seen), 2);
    // Every size was counted for both moves (sizes 3 to 10).
    assert_eq!(harvest.shapes(1, None).iter().filter(|(_, n)| *n == 2).count(), 8);
    // The max keeps the most frequent, smallest first.
    let two = harvest.shapes(1, Some(2));
    assert_eq!(two.iter().map(|(s, _)| s.size()).collect::<Vec<_>>(), [3, 4]);
    // Merging adds.
    let mut other = Harvest::new();
    other.add(&black, Move::Play(p("C3", size)));
    harvest.merge(other);
    assert_eq!(harvest.count(&seen), 3);
    assert_eq!(harvest.moves(), 3);
}

#[test]
fn tactical_features_of_hand_built_positions() {
    let model = featureless();
    let capture = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . X . . . .
        . X O X . . .
        . . . . . . .
        . . . . . . .
    ";
    // White C3 has one liberty: C2 takes one stone.
    let plain = position(capture, Color::Black, &[]);
    assert_eq!(level(&model, &plain, "C2", FeatureGroup::Capture), Some("one"));
    assert_eq!(level(&model, &plain, "C2", FeatureGroup::Line), Some("2"));
    assert_eq!(level(&model, &plain, "D4", FeatureGroup::Line), Some("4"));
    assert_eq!(level(&model, &plain, "D4", FeatureGroup::Capture), None);
    assert_eq!(level(&model, &plain, "D4", FeatureGroup::LastMove), None);
    // The same stone just played: taking the last move.
    let recapture = position(capture, Color::Black, &["C3"]);
    assert_eq!(level(&model, &recapture, "C2", FeatureGroup::Capture), Some("last-move"));
    assert_eq!(level(&model, &recapture, "C2", FeatureGroup::LastMove), Some("2"));
    assert_eq!(level(&model, &recapture, "E5", FeatureGroup::LastMove), Some("6"));
    assert_eq!(level(&model, &recapture, "E5", FeatureGroup::SecondLastMove), None);
    // Two moves: the distance to each.
    let two = position(capture, Color::White, &["C3", "C4"]);
    assert_eq!(level(&model, &two, "G7", FeatureGroup::LastMove), Some("11"));
    assert_eq!(level(&model, &two, "G7", FeatureGroup::SecondLastMove), Some("12"));

    // White C3 (one liberty, C2) holds black D3 in atari (one liberty, D2).
    let saves = position(
        "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . X O . . .
        . X O X O . .
        . . . . . . .
        . . . . . . .
        ",
        Color::Black,
        &[],
    );
    assert_eq!(saves.board().liberty_count(p("D3", saves.size())), 1);
    assert_eq!(level(&model, &saves, "C2", FeatureGroup::Capture), Some("saves-one"));
    assert_eq!(level(&model, &saves, "C2", FeatureGroup::Escape), None);
    // Extending D3 to D2: three liberties (C2, E2, D1).
    assert_eq!(level(&model, &saves, "D2", FeatureGroup::Escape), Some("three-plus"));
    assert_eq!(level(&model, &saves, "D2", FeatureGroup::Capture), None);
    assert_eq!(level(&model, &saves, "D2", FeatureGroup::Liberties), Some("3"));

    // Pressure and liberties around a lone white stone on D4 (three liberties).
    let pressure = position(
        "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . X O . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        ",
        Color::Black,
        &[],
    );
    assert_eq!(level(&model, &pressure, "D3", FeatureGroup::Pressure), Some("one"));
    assert_eq!(level(&model, &pressure, "D3", FeatureGroup::Liberties), None);
    assert_eq!(level(&model, &pressure, "B4", FeatureGroup::Liberties), Some("5-plus"));
    assert_eq!(level(&model, &pressure, "B4", FeatureGroup::Pressure), None);
    assert_eq!(level(&model, &pressure, "C3", FeatureGroup::Liberties), Some("5-plus"));

    // A ko: Black D3 takes C3 and is left with one liberty.
    let ko = position(
        "
        . . . . . .
        . . . . . .
        . . X O . .
        . X O . O .
        . . X O . .
        . . . . . .
        ",
        Color::Black,
        &[],
    );
    assert_eq!(level(&model, &ko, "D3", FeatureGroup::Capture), Some("ko"));
    assert_eq!(level(&model, &ko, "D3", FeatureGroup::SelfAtari), None);

    // Self-atari: B2 between three white stones.
    let self_atari = position(
        "
        . . . . .
        . . . . .
        . O . . .
        O . O . .
        . . . . .
        ",
        Color::Black,
        &[],
    );
    assert_eq!(level(&model, &self_atari, "B2", FeatureGroup::SelfAtari), Some("one"));
    assert_eq!(level(&model, &self_atari, "B1", FeatureGroup::SelfAtari), None);

    // Ataris and escapes around a corner ladder: White B2 has two liberties (B3, C2).
    let corner = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X O . . . . . . .
        . X X . . . . . .
    ";
    let ataris = position(corner, Color::Black, &[]);
    // B3 drives White into a ladder along C2; C2 lets it out at B3. The oracle answers
    // as a ladder reader does here (go-lab checks go-eval's reader on these positions)
    // and records the questions.
    let reader = Arc::new(Scripted::new(|board, target, to_move| {
        let b3 = p("B3", board.size());
        (target == p("B2", board.size()) && to_move == Color::White)
            .then(|| board.color_at(b3) == Some(Color::Black))
    }));
    let reading = model.clone().with_oracle(reader.clone());
    assert_eq!(level(&reading, &ataris, "B3", FeatureGroup::Atari), Some("ladder"));
    assert_eq!(level(&reading, &ataris, "C2", FeatureGroup::Atari), Some("one"));
    assert_eq!(level(&reading, &ataris, "E5", FeatureGroup::Atari), None);
    // Only the chain put in atari was asked about, its owner to move.
    let b2 = p("B2", ataris.size());
    assert_eq!(reader.asked(), [(b2, Color::White), (b2, Color::White)]);
    // Without reading, an atari on one stone.
    assert_eq!(level(&model, &ataris, "B3", FeatureGroup::Atari), Some("one"));
    // After Black B3, White's extension at C2 gets two liberties and dies in the ladder.
    let escape = position(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X . . . . . . .
        X O . . . . . . .
        . X X . . . . . .
        ",
        Color::White,
        &["B3"],
    );
    let reader = Arc::new(Scripted::new(|board, target, to_move| {
        let d2 = p("D2", board.size());
        (board.color_at(target) == Some(Color::White) && to_move == Color::Black)
            .then(|| board.color_at(d2).is_none())
    }));
    let reading = model.clone().with_oracle(reader.clone());
    assert_eq!(level(&reading, &escape, "C2", FeatureGroup::Escape), Some("ladder"));
    assert_eq!(level(&reading, &escape, "C2", FeatureGroup::LastMove), Some("3"));
    // The question is about the extended chain, the attacker to move (once per team).
    let c2 = p("C2", escape.size());
    assert_eq!(reader.asked(), [(c2, Color::Black), (c2, Color::Black)]);
    assert_eq!(level(&model, &escape, "C2", FeatureGroup::Escape), Some("two"));
}

/// An oracle that answers ladder questions with a rule and records them.
struct Scripted<F> {
    rule: F,
    asked: std::sync::Mutex<Vec<(Point, Color)>>,
}

impl<F: Fn(&go_board::Board, Point, Color) -> Option<bool>> Scripted<F> {
    fn new(rule: F) -> Scripted<F> {
        Scripted { rule, asked: std::sync::Mutex::new(Vec::new()) }
    }

    fn asked(&self) -> Vec<(Point, Color)> {
        std::mem::take(&mut *self.asked.lock().unwrap())
    }
}

impl<F: Fn(&go_board::Board, Point, Color) -> Option<bool>> crate::BoardOracle for Scripted<F> {
    fn ladder_attack(
        &self,
        board: &go_board::Board,
        target: Point,
        to_move: Color,
    ) -> Option<bool> {
        self.asked.lock().unwrap().push((target, to_move));
        (self.rule)(board, target, to_move)
    }
}

/// Random games whose moves cluster (contacts, ataris, captures, ko).
fn random_game(rng: &mut Rng, moves: usize, rules: Rules) -> Vec<(Position, Move)> {
    let size = BoardSize::square(19).unwrap();
    let mut position = Position::new(size, rules);
    let mut out = Vec::new();
    let mut last: Option<Point> = None;
    for _ in 0..moves {
        let legal: Vec<Point> = position
            .legal_moves()
            .filter_map(|m| match m {
                Move::Play(q) => Some(q),
                Move::Pass => None,
            })
            .collect();
        if legal.is_empty() {
            break;
        }
        let near: Vec<Point> = match last {
            Some(l) => legal
                .iter()
                .copied()
                .filter(|q| {
                    (i32::from(q.col()) - i32::from(l.col())).abs() <= 2
                        && (i32::from(q.row()) - i32::from(l.row())).abs() <= 2
                })
                .collect(),
            None => vec![],
        };
        let q = if !near.is_empty() && rng.below(10) < 8 {
            near[rng.below(near.len())]
        } else {
            legal[rng.below(legal.len())]
        };
        out.push((position.clone(), Move::Play(q)));
        position.try_play(Move::Play(q)).unwrap();
        last = Some(q);
    }
    out
}

/// A model trained on random clustered games.
fn random_model() -> LearnedPatterns {
    let mut rng = Rng(11);
    let mut samples = Vec::new();
    for _ in 0..6 {
        samples.extend(random_game(&mut rng, 150, Rules::japanese()));
    }
    let config = TrainConfig {
        min_count: 2,
        max_shapes: None,
        fit: FitConfig { max_iterations: 8, ..FitConfig::default() },
    };
    let (model, report) = LearnedPatterns::train(samples.iter().cloned(), &config).unwrap();
    assert!(model.shape_count() > 50, "{}", model.shape_count());
    assert!(report.log_likelihood.last() > report.log_likelihood.first());
    model
}

/// The position `position` seen through `symmetry`, colours swapped if `swap`: the same
/// moves replayed transformed.
fn transformed(
    samples: &[(Position, Move)],
    upto: usize,
    symmetry: Symmetry,
    swap: bool,
) -> Position {
    let size = samples[0].0.size();
    let mut position = Position::new(symmetry.apply_size(size), *samples[0].0.rules());
    if swap {
        position.set_to_move(Color::White);
    }
    for (_, mv) in &samples[..upto] {
        let image = match mv {
            Move::Play(q) => Move::Play(symmetry.apply(*q, size)),
            Move::Pass => Move::Pass,
        };
        position.try_play(image).unwrap();
    }
    position
}

#[test]
fn scores_follow_the_eight_symmetries_and_the_colour_swap() {
    let model = random_model();
    let mut rng = Rng(99);
    let game = random_game(&mut rng, 160, Rules::japanese());
    let mut scored = Vec::new();
    let mut image_scored = Vec::new();
    let mut shapes_found = 0;
    for upto in [0, 1, 2, 30, 75, 120, 159] {
        let original = &game[upto].0;
        model.score(original, &mut scored);
        let size = original.size();
        for symmetry in Symmetry::ALL {
            for swap in [false, true] {
                let image = transformed(&game, upto, symmetry, swap);
                assert_eq!(image.to_move() == original.to_move(), !swap);
                model.score(&image, &mut image_scored);
                assert_eq!(scored.len(), image_scored.len());
                for s in &scored {
                    let q = symmetry.apply(s.point, size);
                    let t = image_scored
                        .iter()
                        .find(|t| t.point == q)
                        .expect("the image is a candidate");
                    assert_eq!(
                        s.gamma, t.gamma,
                        "move {upto}, {symmetry:?}, swap {swap}, {}",
                        s.point
                    );
                    let a = model.team(original, s.point).unwrap();
                    let b = model.team(&image, q).unwrap();
                    assert_eq!(a, b);
                    shapes_found +=
                        usize::from(a.level(FeatureGroup::Shape).is_some_and(|id| {
                            model.shapes().nth(id as usize).unwrap().0.size() >= 5
                        }));
                }
            }
        }
    }
    // The test saw real shapes, not only the empty-board ones.
    assert!(shapes_found > 100, "{shapes_found}");
}

#[test]
fn the_file_format_round_trips() {
    let model = random_model();
    let bytes = model.to_bytes();
    let back = LearnedPatterns::from_bytes(&bytes).unwrap();
    assert_eq!(back.to_bytes(), bytes);
    assert_eq!(back.shape_count(), model.shape_count());
    let mut rng = Rng(5);
    let game = random_game(&mut rng, 80, Rules::japanese());
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for (position, _) in game.iter().step_by(9) {
        model.score(position, &mut a);
        back.score(position, &mut b);
        // Gammas are stored as f32, as the model holds them.
        assert_eq!(a, b);
    }
    // A file on disk, in a fresh temporary folder.
    let dir = std::env::temp_dir().join(format!("go-patterns-learned-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("model.bin");
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(LearnedPatterns::load(&path).unwrap().to_bytes(), bytes);
    let missing = LearnedPatterns::load(&dir.join("missing.bin")).unwrap_err();
    assert!(missing.to_string().contains("missing.bin"), "{missing}");
    assert!(matches!(missing.kind(), LoadErrorKind::Io(_)));
    let folder = LearnedPatterns::load(&dir).unwrap_err();
    assert!(matches!(folder.kind(), LoadErrorKind::Io(_)), "{folder}");
    std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
    let damaged = LearnedPatterns::load(&path).unwrap_err();
    assert!(damaged.to_string().starts_with(&path.display().to_string()), "{damaged}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Replaces the checksum of a file body.
fn seal(mut body: Vec<u8>) -> Vec<u8> {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in &body {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    body.extend_from_slice(&h.to_le_bytes());
    body
}

#[test]
fn malformed_files_give_located_errors() {
    let model = random_model();
    let bytes = model.to_bytes();
    let body = bytes[..bytes.len() - 8].to_vec();
    let kind = |b: &[u8]| LearnedPatterns::from_bytes(b).unwrap_err().kind().clone();
    assert_eq!(kind(b""), LoadErrorKind::NotAModel);
    assert_eq!(kind(b"GOPLEAR"), LoadErrorKind::NotAModel);
    assert_eq!(kind(b"GOPLEARN"), LoadErrorKind::Truncated);
    let mut v4 = body.clone();
    v4[8] = 4;
    assert_eq!(kind(&seal(v4.clone())), LoadErrorKind::Version(4));
    assert!(
        LearnedPatterns::from_bytes(&seal(v4))
            .unwrap_err()
            .to_string()
            .contains("format version 4, this crate reads versions 1 to 3"),
    );
    let mut v0 = body.clone();
    v0[8] = 0;
    assert_eq!(kind(&seal(v0)), LoadErrorKind::Version(0));
    // Damage anywhere, or a cut, is a checksum error.
    for at in [11, 40, body.len() / 2, body.len() - 1] {
        let mut damaged = bytes.clone();
        damaged[at] ^= 0x10;
        let err = LearnedPatterns::from_bytes(&damaged).unwrap_err();
        assert_eq!(err.kind(), &LoadErrorKind::Checksum);
        assert_eq!(err.offset(), body.len());
    }
    assert_eq!(kind(&bytes[..bytes.len() - 3]), LoadErrorKind::Checksum);
    assert_eq!(kind(&bytes[..20]), LoadErrorKind::Checksum);
    // Well sealed but wrong inside.
    let mut groups = body.clone();
    groups[10] = 6;
    assert!(matches!(
        kind(&seal(groups)),
        LoadErrorKind::Groups { group: None, found: 6, expected: 11 }
    ));
    let mut levels = body.clone();
    levels[11] = 3;
    assert!(matches!(
        kind(&seal(levels)),
        LoadErrorKind::Groups { group: Some(FeatureGroup::Capture), found: 3, expected: 7 }
    ));
    for bad in [f32::NAN, 0.0, -1.0, f32::INFINITY] {
        let mut gamma = body.clone();
        gamma[12..16].copy_from_slice(&bad.to_le_bytes());
        let err = LearnedPatterns::from_bytes(&seal(gamma)).unwrap_err();
        assert_eq!(err.kind(), &LoadErrorKind::Gamma("capture:saves-one".into()));
        assert_eq!(err.offset(), 12);
        assert!(err.to_string().contains("byte 12"), "{err}");
    }
    // The first shape starts after the groups and the count.
    let first =
        11 + FeatureGroup::TACTICAL.iter().map(|g| 1 + 4 * g.levels().len()).sum::<usize>() + 4;
    assert_eq!(body[first], 3, "the first shape is a 3x3");
    let mut size = body.clone();
    size[first] = 11;
    let err = LearnedPatterns::from_bytes(&seal(size)).unwrap_err();
    assert_eq!(err.kind(), &LoadErrorKind::ShapeSize { shape: 0, size: 11 });
    assert_eq!(err.offset(), first);
    // A count larger than the shapes: no huge allocation; the latent-factor byte (0) is
    // read as the next shape's size.
    let n = model.shape_count();
    let mut count = body.clone();
    count[first - 4..first].copy_from_slice(&u32::MAX.to_le_bytes());
    assert_eq!(kind(&seal(count)), LoadErrorKind::ShapeSize { shape: n, size: 0 });
    // A count smaller than the shapes: the last shape's size byte is read as the
    // latent factors' dimension, and their vectors are its cells (not numbers) and run
    // past the end.
    let mut fewer = body.clone();
    fewer[first - 4..first].copy_from_slice(&(n as u32 - 1).to_le_bytes());
    let err = kind(&seal(fewer));
    assert!(matches!(err, LoadErrorKind::Factor(_) | LoadErrorKind::Truncated), "{err:?}");
    // A byte after the latent-factor byte.
    let mut extra = body.clone();
    extra.push(0);
    assert_eq!(kind(&seal(extra)), LoadErrorKind::TrailingBytes);
    let n = n as u32;
    // A repeated shape: the first shape twice.
    let record = 1 + 2 + 4; // a 3x3: size byte, 8 cells in 2 bytes, gamma
    let mut twice = body[..first + record].to_vec();
    twice.extend_from_slice(&body[first..first + record]);
    twice.extend_from_slice(&body[first + record..]);
    twice[first - 4..first].copy_from_slice(&(n + 1).to_le_bytes());
    assert_eq!(kind(&seal(twice)), LoadErrorKind::Duplicate { shape: 1, first: 0 });
    // Unused bits of a size-4 shape (12 cells in 3 bytes: none unused) ... a size-3
    // shape uses all 16 bits too; a size-5 one (20 cells, 5 bytes) neither. Size 7 has
    // 36 cells in 9 bytes, size 6 has 28 in 7: take a shape with padding in a fresh file.
    let mut fresh = body[..first - 4].to_vec();
    fresh.extend_from_slice(&1u32.to_le_bytes());
    fresh.push(3);
    fresh.extend_from_slice(&[0, 0]);
    fresh.extend_from_slice(&1.0f32.to_le_bytes());
    let factorless = |shapes: &[u8]| [shapes, &[0]].concat();
    assert!(LearnedPatterns::from_bytes(&seal(factorless(&fresh))).is_ok());
    // A 3x3 alone is fine; a size-4 shape without its 3x3 is not closed.
    let mut open = fresh.clone();
    open[first - 4..first].copy_from_slice(&2u32.to_le_bytes());
    open.push(4);
    open.extend_from_slice(&[0b0000_0001, 0, 0b0000_0001]);
    open.extend_from_slice(&1.0f32.to_le_bytes());
    let open = factorless(&open);
    assert_eq!(kind(&seal(open.clone())), LoadErrorKind::NotClosed { shape: 1 });
    // Every size has a multiple of 4 cells: no padding bits exist.
    for size in Shape::MIN_SIZE..=Shape::MAX_SIZE {
        assert_eq!(super::geometry::GEOMETRY.cells_of(size) % 4, 0);
    }
    // Every message names the byte.
    let err = LearnedPatterns::from_bytes(&seal(open)).unwrap_err();
    assert!(err.to_string().contains(&format!("byte {}", first + 7)), "{err}");
}

#[test]
fn issue_12_generator_weights_are_the_model_probabilities() {
    let model = random_model();
    let mut rng = Rng(8);
    let game = random_game(&mut rng, 90, Rules::japanese());
    let mut scored = Vec::new();
    for (position, _) in game.iter().step_by(11) {
        model.score(position, &mut scored);
        let total: f64 = scored.iter().map(|s| s.gamma).sum();
        // Every legal move: the weights are the softmax of the model, summing to 1.
        let all = model.clone().with_candidates(400);
        let mut out = Vec::new();
        all.generate(position, &mut out);
        assert_eq!(out.len(), scored.len());
        let sum: f64 = out.iter().map(|c| c.weight).sum();
        assert!((sum - 1.0).abs() < 1e-9, "{sum}");
        for c in &out {
            let Move::Play(point) = c.mv else { panic!("a pass proposed") };
            let s = scored.iter().find(|s| s.point == point).expect("a scored move");
            assert!((c.weight - s.gamma / total).abs() < 1e-12);
            // The source names the move's features, which give its gamma.
            let team = model.team(position, point).unwrap();
            assert!((model.strength(&team) - s.gamma).abs() <= 1e-9 * s.gamma);
            let names: Vec<String> =
                team.features().map(|(g, l)| model.feature_name(g, l)).collect();
            assert_eq!(&*c.source.item, names.join(" "));
        }
        // The top 5 are the five largest probabilities, in order.
        let mut top = Vec::new();
        model.clone().with_candidates(5).generate(position, &mut top);
        assert_eq!(top[..], out[..5]);
        let mut weights: Vec<f64> = scored.iter().map(|s| s.gamma / total).collect();
        weights.sort_by(|a, b| b.total_cmp(a));
        for (c, w) in top.iter().zip(&weights) {
            assert!((c.weight - w).abs() < 1e-12);
        }
    }
}

#[test]
fn the_generator_proposes_only_legal_moves() {
    let model = Arc::new(random_model());
    let mut rng = Rng(3);
    for rules in [Rules::japanese(), Rules::chinese()] {
        let game = random_game(&mut rng, 200, rules);
        for (position, _) in game.iter().step_by(7) {
            for k in [0, 1, 10, 400] {
                let generator = (*model).clone().with_candidates(k);
                let mut out = Vec::new();
                generator.generate(position, &mut out);
                let legal = position.legal_moves().filter(|m| *m != Move::Pass).count();
                assert_eq!(out.len(), k.min(legal));
                for c in &out {
                    assert!(position.is_legal(c.mv), "{}", c.mv);
                    assert_eq!(&*c.source.generator, "learned");
                }
                assert!(out.windows(2).all(|w| w[0].weight >= w[1].weight));
            }
        }
    }
    // Superko: a move the board allows but the rules forbid is never proposed.
    let size = BoardSize::square(5).unwrap();
    let mut rules = Rules::chinese();
    rules.ko = KoRule::PositionalSuperko;
    let mut position = Position::new(size, rules);
    let moves = ["B1", "C1", "A2", "D2", "B3", "C3", "C2", "B2"];
    // A ko at B2/C2: White took at B2; Black retaking C2... is the simple-ko point.
    for v in moves {
        let mv = Move::Play(p(v, size));
        if position.is_legal(mv) {
            position.try_play(mv).unwrap();
        } else {
            position.try_play(Move::Pass).unwrap();
        }
    }
    let mut out = Vec::new();
    model.as_ref().clone().with_candidates(100).generate(&position, &mut out);
    assert!(out.iter().all(|c| position.is_legal(c.mv)));
    // The game is over after two passes: nothing to propose.
    let mut over = Position::new(size, Rules::japanese());
    over.try_play(Move::Pass).unwrap();
    over.try_play(Move::Pass).unwrap();
    out.clear();
    model.generate(&over, &mut out);
    assert!(out.is_empty());
}

#[test]
fn a_custom_oracle_changes_the_ladder_features() {
    /// Says every chain dies in a ladder.
    struct Pessimist;
    impl crate::BoardOracle for Pessimist {
        fn ladder_attack(&self, _: &go_board::Board, _: Point, _: Color) -> Option<bool> {
            Some(true)
        }
    }
    let atari = position(
        "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . X O . . .
        . . . X . . .
        . . . . . . .
        . . . . . . .
        ",
        Color::Black,
        &[],
    );
    let model = featureless();
    // White D4 has two liberties (D5, E4): E4 is an atari.
    assert_eq!(level(&model, &atari, "E4", FeatureGroup::Atari), Some("one"));
    let pessimist = model.with_oracle(Arc::new(Pessimist));
    assert_eq!(level(&pessimist, &atari, "E4", FeatureGroup::Atari), Some("ladder"));
}

#[test]
fn truncated_models_keep_the_first_shapes() {
    let model = random_model();
    let mut rng = Rng(21);
    let game = random_game(&mut rng, 60, Rules::japanese());
    let position = &game[59].0;
    let mut full = Vec::new();
    model.score(position, &mut full);
    for n in [0, 10, model.shape_count() / 2, model.shape_count(), model.shape_count() + 5] {
        let small = model.truncated(n).expect("a trained model's shapes are closed in order");
        assert_eq!(small.shape_count(), n.min(model.shape_count()));
        let mut scores = Vec::new();
        small.score(position, &mut scores);
        for (a, b) in full.iter().zip(&scores) {
            let team = model.team(position, a.point).unwrap();
            if team.level(FeatureGroup::Shape).is_none_or(|id| (id as usize) < n) {
                assert_eq!(a, b);
            }
        }
    }
}

#[test]
fn issue_12_the_shipped_model_reads_and_plays_like_professionals() {
    let model = LearnedPatterns::shipped().unwrap();
    assert_eq!(model.shape_count(), SHIPPED_SHAPES);
    let bytes = model.to_bytes();
    assert_eq!(LearnedPatterns::from_bytes(&bytes).unwrap().to_bytes(), bytes);
    // On the empty board, its ten strongest moves are on the third and fourth lines
    // (the corners' 3-3, 3-4, 4-4 and 3-5 points of professional openings).
    let size = BoardSize::square(19).unwrap();
    let empty = Position::new(size, Rules::japanese());
    let mut out = Vec::new();
    model.clone().with_candidates(10).generate(&empty, &mut out);
    for c in &out {
        let Move::Play(point) = c.mv else { panic!("a pass") };
        assert!((3..=4).contains(&point.line(size)), "{}", c.mv);
    }
    // Black's 4-4 played, White to move: the first line is never among its ten best.
    let mut position = empty.clone();
    position.try_play(Move::Play(p("Q16", size))).unwrap();
    out.clear();
    model.clone().with_candidates(10).generate(&position, &mut out);
    assert!(out.iter().all(|c| matches!(c.mv, Move::Play(q) if q.line(size) > 1)));
}

/// The number of shapes of the shipped model.
const SHIPPED_SHAPES: usize = 21_098;

#[test]
fn issue_12_place_levels_name_the_lines_and_the_phase() {
    use super::features::place_level;
    let name = |x, y, n| FeatureGroup::Place.levels()[place_level(x, y, n)];
    assert_eq!(name(3, 4, 1), "early:3-4");
    assert_eq!(name(4, 3, 50), "early:3-4");
    assert_eq!(name(4, 4, 51), "middle:4-4");
    assert_eq!(name(1, 1, 150), "middle:1-1");
    assert_eq!(name(2, 9, 151), "late:2-7+");
    assert_eq!(name(6, 6, 300), "late:6-6");
    assert_eq!(name(7, 10, 1), "early:centre");
    assert_eq!(name(10, 7, 200), "late:centre");
    // Every level is reached, each by the pairs it names.
    let mut seen = vec![false; FeatureGroup::Place.levels().len()];
    for n in [1, 100, 200] {
        for x in 1..=10 {
            for y in 1..=10 {
                seen[place_level(x, y, n)] = true;
            }
        }
    }
    assert!(seen.iter().all(|&s| s));
    // A move's team has its place: the 4-4 point of the empty board.
    let size = BoardSize::square(19).unwrap();
    let empty = Position::new(size, Rules::japanese());
    let team = featureless().team(&empty, p("Q16", size)).unwrap();
    let level = team.level(FeatureGroup::Place).unwrap();
    assert_eq!(FeatureGroup::Place.levels()[level as usize], "early:4-4");
}

/// The body (without checksum) of `model` (without latent factors) written in an older
/// format `version` (1 or 2): without the latent-factor byte, the owner group, and in
/// version 1 the place group.
fn older(model: &LearnedPatterns, version: u8) -> Vec<u8> {
    assert_eq!(model.factor_dimensions(), 0);
    let bytes = model.to_bytes();
    assert_eq!(bytes[bytes.len() - 9], 0, "no latent factors");
    let mut body = bytes[..bytes.len() - 9].to_vec();
    let start = |group: usize| {
        11 + FeatureGroup::TACTICAL[..group].iter().map(|g| 1 + 4 * g.levels().len()).sum::<usize>()
    };
    let groups = if version == 1 { 9 } else { 10 };
    for g in (groups..FeatureGroup::TACTICAL.len()).rev() {
        body.drain(start(g)..start(g + 1));
    }
    body[8] = version;
    body[10] = groups as u8;
    body
}

#[test]
fn issue_12_version_1_models_load_without_the_place_group() {
    // A version-1 file is a version-3 file without the place and owner groups and
    // without the latent-factor byte; version 2 has the place group.
    let model = random_model();
    let body = older(&model, 1);
    let old = LearnedPatterns::from_bytes(&seal(body.clone())).unwrap();
    let two = LearnedPatterns::from_bytes(&seal(older(&model, 2))).unwrap();
    for group in [FeatureGroup::Place, FeatureGroup::Owner] {
        for (level, _) in group.levels().iter().enumerate() {
            assert_eq!(old.gamma(group, level as u32), Some(1.0));
            let place = model.gamma(group, level as u32);
            let expected = if group == FeatureGroup::Place { place } else { Some(1.0) };
            assert_eq!(two.gamma(group, level as u32), expected);
        }
    }
    let both = [FeatureGroup::Place, FeatureGroup::Owner];
    for group in FeatureGroup::TACTICAL.into_iter().filter(|g| !both.contains(g)) {
        for level in 0..group.levels().len() as u32 {
            assert_eq!(old.gamma(group, level), model.gamma(group, level), "{group}");
            assert_eq!(two.gamma(group, level), model.gamma(group, level), "{group}");
        }
    }
    assert_eq!(two.factor_dimensions(), 0);
    assert_eq!(old.shape_count(), model.shape_count());
    // A version-1 file with ten groups is an error naming the count.
    let mut ten = body;
    ten[10] = 10;
    let err = LearnedPatterns::from_bytes(&seal(ten)).unwrap_err();
    assert_eq!(err.kind(), &LoadErrorKind::Groups { group: None, found: 10, expected: 9 });
    assert_eq!(err.offset(), 10);
}

/// A model trained on random clustered games, with latent factors of 3 dimensions.
fn random_factor_model() -> LearnedPatterns {
    let mut rng = Rng(11);
    let mut samples = Vec::new();
    for _ in 0..6 {
        samples.extend(random_game(&mut rng, 150, Rules::japanese()));
    }
    let factors = FactorConfig { dimensions: 3, epochs: 3, ..FactorConfig::default() };
    let config = TrainConfig {
        min_count: 2,
        max_shapes: None,
        fit: FitConfig { max_iterations: 8, factors: Some(factors), ..FitConfig::default() },
    };
    let (model, report) = LearnedPatterns::train(samples.iter().cloned(), &config).unwrap();
    assert_eq!(model.factor_dimensions(), 3);
    // The factors fit the training positions better than the gammas alone.
    let mm = *report.log_likelihood.last().unwrap();
    let factors = *report.factor_log_likelihood.last().unwrap();
    assert!(factors > mm, "MM {mm}, factors {factors}");
    model
}

#[test]
fn issue_12_latent_factor_models_round_trip_and_follow_the_symmetries() {
    let model = random_factor_model();
    let bytes = model.to_bytes();
    let back = LearnedPatterns::from_bytes(&bytes).unwrap();
    assert_eq!(back.to_bytes(), bytes);
    assert_eq!(back.factor_dimensions(), 3);
    let mut rng = Rng(99);
    let game = random_game(&mut rng, 120, Rules::japanese());
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let mut interactions = 0;
    for upto in [0, 1, 40, 90, 119] {
        let original = &game[upto].0;
        model.score(original, &mut a);
        back.score(original, &mut b);
        assert_eq!(a, b);
        // The factors change the strengths: a move's strength is no longer the product
        // of its gammas.
        for s in &a {
            let team = model.team(original, s.point).unwrap();
            let product: f64 = team.features().map(|(g, l)| model.gamma(g, l).unwrap()).product();
            interactions += usize::from((s.gamma / product - 1.0).abs() > 1e-3);
        }
        let size = original.size();
        for symmetry in Symmetry::ALL {
            for swap in [false, true] {
                let image = transformed(&game, upto, symmetry, swap);
                model.score(&image, &mut b);
                for s in &a {
                    let q = symmetry.apply(s.point, size);
                    let t = b.iter().find(|t| t.point == q).expect("the image is a candidate");
                    assert_eq!(s.gamma, t.gamma, "move {upto}, {symmetry:?}, swap {swap}");
                }
            }
        }
    }
    assert!(interactions > 100, "{interactions}");
    // Truncated, the vectors of the kept shapes stay.
    let small = model.truncated(10).unwrap();
    assert_eq!(small.factor_dimensions(), 3);
    let small_back = LearnedPatterns::from_bytes(&small.to_bytes()).unwrap();
    assert_eq!(small_back.to_bytes(), small.to_bytes());
}

#[test]
fn issue_12_bad_latent_factors_give_located_errors() {
    let model = random_factor_model();
    let bytes = model.to_bytes();
    let body = bytes[..bytes.len() - 8].to_vec();
    let halves = 3
        * (FeatureGroup::TACTICAL.iter().map(|g| g.levels().len()).sum::<usize>()
            + model.shape_count());
    let k_at = body.len() - 2 * halves - 1;
    assert_eq!(body[k_at], 3);
    let error = |b: Vec<u8>| LearnedPatterns::from_bytes(&seal(b)).unwrap_err();
    // Too many dimensions.
    let mut wide = body.clone();
    wide[k_at] = 65;
    let err = error(wide);
    assert!(matches!(err.kind(), LoadErrorKind::Factor(_)), "{err}");
    assert_eq!(err.offset(), k_at);
    assert!(err.to_string().contains("65 dimensions"), "{err}");
    // A number that is not finite: the first of the first level's vector, and one of
    // the last shape's.
    for (at, what) in [
        (k_at + 1, "capture:saves-one".to_string()),
        (body.len() - 2, format!("shape {}", model.shape_count() - 1)),
    ] {
        let mut bad = body.clone();
        bad[at..at + 2].copy_from_slice(&half::f16::NAN.to_le_bytes());
        let err = error(bad);
        assert_eq!(err.offset(), at);
        assert!(err.to_string().contains(&what), "{err}");
    }
    // Vectors cut short: the file ends early; a longer dimension than the vectors hold
    // too (no allocation beyond the file).
    let short = body[..body.len() - 2].to_vec();
    assert_eq!(error(short).kind(), &LoadErrorKind::Truncated);
    let mut longer = body.clone();
    longer[k_at] = 64;
    assert_eq!(error(longer).kind(), &LoadErrorKind::Truncated);
    // Bad settings are refused before any fit.
    let mut rng = Rng(3);
    let samples = random_game(&mut rng, 30, Rules::japanese());
    let bad = TrainConfig {
        min_count: 1,
        max_shapes: None,
        fit: FitConfig {
            factors: Some(FactorConfig { dimensions: 0, ..FactorConfig::default() }),
            ..FitConfig::default()
        },
    };
    let err = LearnedPatterns::train(samples.iter().cloned(), &bad).unwrap_err();
    assert!(err.to_string().contains("dimensions"), "{err}");
}

/// An oracle whose ownership is a fixed map by column (A and B Black's territory, C
/// Black's influence, D neutral, E White's influence, F and beyond White's territory),
/// counting how often it is asked.
struct Owners {
    map: Option<go_board::PointMap<i8>>,
    asked: std::sync::atomic::AtomicUsize,
}

impl Owners {
    fn columns(size: BoardSize) -> Owners {
        let level = |col: u8| [2, 2, 1, 0, -1].get(usize::from(col)).copied().unwrap_or(-2);
        let map = go_board::PointMap::from_fn(size, |q| level(q.col()));
        Owners { map: Some(map), asked: 0.into() }
    }
}

impl crate::BoardOracle for Owners {
    fn ownership(&self, _: &go_board::Board) -> Option<go_board::PointMap<i8>> {
        self.asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.map.clone()
    }
}

#[test]
fn issue_12_owner_levels_follow_the_mover_and_the_phase() {
    let size = BoardSize::square(19).unwrap();
    let model = featureless().with_oracle(Arc::new(Owners::columns(size)));
    let owner = |position: &Position, v: &str| level(&model, position, v, FeatureGroup::Owner);
    // Move 1, Black to move: Black's columns are its own.
    let empty = Position::new(size, Rules::japanese());
    for (v, name) in [
        ("A4", "early:own-territory"),
        ("B4", "early:own-territory"),
        ("C4", "early:own-influence"),
        ("D4", "early:neutral"),
        ("E4", "early:enemy-influence"),
        ("G4", "early:enemy-territory"),
    ] {
        assert_eq!(owner(&empty, v), Some(name), "{v}");
    }
    // White to move: the same columns from the other side.
    let mut white = empty.clone();
    white.try_play(Move::Pass).unwrap();
    assert_eq!(owner(&white, "A4"), Some("early:enemy-territory"));
    assert_eq!(owner(&white, "E4"), Some("early:own-influence"));
    // Moves 51 and 151: Black fills the top right from the top row, White passes.
    let mut later = empty.clone();
    let mut fill = size.points().filter(|q| q.row() >= 12 && q.col() >= 6).collect::<Vec<_>>();
    fill.sort_by_key(|q| (std::cmp::Reverse(q.row()), q.col()));
    for (n, q) in (1..=150).zip(fill.iter().flat_map(|&q| [Some(q), None])) {
        later.try_play(q.map_or(Move::Pass, Move::Play)).unwrap();
        if n == 50 {
            assert_eq!(owner(&later, "A4"), Some("middle:own-territory"));
            assert_eq!(owner(&later, "D4"), Some("middle:neutral"));
        }
    }
    assert_eq!(later.to_move(), Color::Black);
    assert_eq!(owner(&later, "G4"), Some("late:enemy-territory"));
    // No estimate, or an estimate of another size: no level (and no panic).
    let none = featureless().with_oracle(Arc::new(Owners { map: None, asked: 0.into() }));
    assert_eq!(level(&none, &empty, "A4", FeatureGroup::Owner), None);
    let small = Owners::columns(BoardSize::square(3).unwrap());
    let small = featureless().with_oracle(Arc::new(small));
    assert_eq!(level(&small, &empty, "G7", FeatureGroup::Owner), None);
    assert_eq!(level(&small, &empty, "A1", FeatureGroup::Owner), Some("early:own-territory"));
}

#[test]
fn issue_12_the_generator_asks_the_ownership_once_per_position() {
    let size = BoardSize::square(7).unwrap();
    let oracle = Arc::new(Owners::columns(size));
    let model = featureless().with_oracle(oracle.clone()).with_candidates(5);
    let mut out = Vec::new();
    model.generate(&Position::new(size, Rules::japanese()), &mut out);
    assert_eq!(out.len(), 5);
    assert_eq!(oracle.asked.load(std::sync::atomic::Ordering::Relaxed), 1);
    // Every candidate names its owner level.
    assert!(out.iter().all(|c| c.source.to_string().contains("owner:early:")), "{out:?}");
}
