//! Import of SGF joseki trees (issue 12): trees built here (never a published
//! dictionary) go through the import, the compiler and the tracker, and come back as
//! the same lines; bad input is refused with the node named.

use std::collections::BTreeSet;
use std::sync::Arc;

use go_board::sgf::ReadLimits;
use go_board::{BoardSize, Move, Point, Position, Rules, Symmetry};
use go_patterns::joseki_sgf::{ImportError, ImportOptions, JosekiImport, import_joseki};
use go_patterns::{CandidateGenerator, JosekiTracker, PatternSet};
use proptest::prelude::*;

fn size() -> BoardSize {
    BoardSize::square(19).unwrap()
}

fn import(sgf: &str) -> JosekiImport {
    import_joseki(sgf.as_bytes(), &ImportOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn compile(import: &JosekiImport) -> Arc<PatternSet> {
    Arc::new(
        PatternSet::compile(import.text()).unwrap_or_else(|e| panic!("{e}\n{}", import.text())),
    )
}

/// The SGF point `text` moved by `g`, as a GTP vertex.
fn vertex(text: &str, g: Symmetry) -> String {
    g.apply(Point::parse_sgf(text, size()).unwrap(), size()).to_string()
}

/// The root-to-leaf lines of a tree written as nested vectors, moved by `g`, with
/// the diagonal reflection about the upper-right corner (the tracker merges a
/// corner's reflections into one tree).
fn expected(lines: &[&[&str]], g: Symmetry) -> BTreeSet<Vec<String>> {
    let mirror = |s: &str| {
        let b = s.as_bytes();
        // Upper-right corner: column from the right edge u = 18 - col, row v from the
        // top; the reflection swaps u and v.
        let (col, row) = (b[0] - b'a', b[1] - b'a');
        let (u, v) = (18 - col, row);
        format!("{}{}", char::from(b'a' + 18 - v), char::from(b'a' + u))
    };
    let mut out = BTreeSet::new();
    for line in lines {
        out.insert(line.iter().map(|s| vertex(s, g)).collect());
        out.insert(line.iter().map(|s| vertex(&mirror(s), g)).collect());
    }
    // A line that is the start of another (its reflection's) is walked through.
    let all = out.clone();
    out.retain(|l: &Vec<String>| !all.iter().any(|m| m.len() > l.len() && m.starts_with(l)));
    out
}

/// Every line the tracker offers from `position` in the quadrant of `corner`,
/// following each proposal (both colours, as the tree alternates).
fn walk(
    tracker: &JosekiTracker,
    position: &Position,
    corner: Point,
    line: &mut Vec<String>,
    out: &mut BTreeSet<Vec<String>>,
    budget: &mut usize,
) {
    *budget -= 1;
    assert!(*budget > 0, "the walk is longer than any tree here");
    let mut candidates = Vec::new();
    tracker.generate(position, &mut candidates);
    let quadrant =
        |p: Point| (p.col() < 9) == (corner.col() < 9) && (p.row() < 9) == (corner.row() < 9);
    let mut moves: Vec<Point> = candidates
        .iter()
        .filter(|c| c.intent.is_suggested())
        .filter_map(|c| c.mv.point())
        .filter(|&p| quadrant(p))
        .collect();
    moves.sort();
    moves.dedup();
    if moves.is_empty() {
        if !line.is_empty() {
            out.insert(line.clone());
        }
        return;
    }
    for p in moves {
        let mut next = position.clone();
        next.try_play(Move::Play(p)).unwrap();
        let mut t = tracker.clone();
        t.update(&next);
        line.push(p.to_string());
        walk(&t, &next, corner, line, out, budget);
        line.pop();
    }
}

fn lines_from_empty_board(set: &Arc<PatternSet>, corner: Point) -> BTreeSet<Vec<String>> {
    let position = Position::new(size(), Rules::chinese());
    let tracker = JosekiTracker::new(Arc::clone(set), &position);
    let mut out = BTreeSet::new();
    walk(&tracker, &position, corner, &mut Vec::new(), &mut out, &mut 10_000);
    out
}

/// A tree of the 4-4 point in the upper-right corner, of our own making.
const HOSHI: &str = "(;GM[1]SZ[19]C[a test tree]
  ;B[pd]
  (;W[qf];B[nc](;W[rd];B[qc];W[qi])(;W[qh];B[qi]))
  (;W[nq];B[pp])
  (;W[qc];B[qd];W[pc];B[oc];W[ob]))";

const HOSHI_LINES: &[&[&str]] = &[
    &["pd", "qf", "nc", "rd", "qc", "qi"],
    &["pd", "qf", "nc", "qh", "qi"],
    &["pd", "qc", "qd", "pc", "oc", "ob"],
];

#[test]
fn issue_12_joseki_sgf_round_trip_in_every_orientation() {
    let import = import(HOSHI);
    // W[nq] is in another quadrant: a tenuki; its reply B[pp] too (not in the
    // region): noted, not imported.
    assert_eq!(import.patterns(), 1, "{}", import.text());
    assert_eq!(import.moves(), 13);
    assert_eq!(import.notes().len(), 1, "{:?}", import.notes());
    assert!(import.notes()[0].contains("node 10"), "{:?}", import.notes());
    let set = compile(&import);
    for g in Symmetry::ALL {
        let corner = g.apply(Point::parse_sgf("sa", size()).unwrap(), size());
        let got = lines_from_empty_board(&set, corner);
        assert_eq!(got, expected(HOSHI_LINES, g), "{g:?}");
    }
}

#[test]
fn issue_12_joseki_sgf_weights_and_marks() {
    let import = import("(;SZ[19];B[pd](;W[qf])(;W[nc]DO[])(;W[qc]BM[1];B[qd]))");
    let text = import.text();
    assert!(text.contains("with(joseki, 20) d4"), "{text}");
    assert!(text.contains("with(joseki, 20) c6"), "{text}");
    assert!(text.contains("with(trick, 5) f3"), "{text}");
    assert!(text.contains("with(antisuji, 1) c3"), "{text}");
    // The bad move is followed (never suggested) and its punishment offered.
    let set = compile(&import);
    let mut position = Position::new(size(), Rules::chinese());
    let mut tracker = JosekiTracker::new(Arc::clone(&set), &position);
    for v in ["pd", "qc"] {
        position.try_play(Move::Play(Point::parse_sgf(v, size()).unwrap())).unwrap();
        tracker.update(&position);
    }
    let mut out = Vec::new();
    tracker.generate(&position, &mut out);
    let r16 = Point::parse_sgf("qd", size()).unwrap();
    assert!(out.iter().any(|c| c.mv == Move::Play(r16)), "{out:?}");
}

#[test]
fn issue_12_joseki_sgf_tenuki_replies_and_their_continuation() {
    // After B pd, W qf, B nc: White may answer at rd, or play elsewhere (a pass,
    // W[tt]), when Black answers at qi and White continues at ph.
    let import = import("(;SZ[19];B[pd];W[qf];B[nc](;W[rd];B[qc])(;W[tt];B[qi];W[ph];B[oh]))");
    assert_eq!(import.tenuki_replies(), 1);
    assert_eq!((import.patterns(), import.continuations()), (2, 1), "{}", import.text());
    assert!(import.text().contains("tenuki(joseki, 20) c9"), "{}", import.text());
    let set = compile(&import);
    let mut position = Position::new(size(), Rules::chinese());
    let mut tracker = JosekiTracker::new(Arc::clone(&set), &position);
    let play = |position: &mut Position, tracker: &mut JosekiTracker, v: &str| {
        let p = Point::parse_gtp(v, size()).unwrap();
        position.try_play(Move::Play(p)).unwrap();
        tracker.update(position);
    };
    let offered = |position: &Position, tracker: &JosekiTracker| {
        let mut out = Vec::new();
        tracker.generate(position, &mut out);
        let mut v: Vec<String> = out.iter().map(|c| c.mv.to_string()).collect();
        v.sort();
        v.dedup();
        v
    };
    for v in ["Q16", "R14", "O17"] {
        play(&mut position, &mut tracker, v);
    }
    assert!(offered(&position, &tracker).contains(&"S16".to_owned()));
    // The tree knows its reply before the tenuki (Black's, should White play elsewhere).
    let r11 = Point::parse_gtp("R11", size()).unwrap();
    assert!(tracker.trees().iter().any(|t| {
        t.tenuki_replies()
            .iter()
            .any(|r| r.0 == go_board::Color::Black && r.1 == r11 && r.3 == 20.0)
    }));
    // White plays elsewhere (the lower-left corner): Black is offered the reply.
    play(&mut position, &mut tracker, "D4");
    assert!(
        offered(&position, &tracker).contains(&"R11".to_owned()),
        "{:?}",
        offered(&position, &tracker)
    );
    play(&mut position, &mut tracker, "R11");
    // The continuation pattern follows: White's Q12, then Black's P12.
    assert!(
        offered(&position, &tracker).contains(&"Q12".to_owned()),
        "{:?}",
        offered(&position, &tracker)
    );
    play(&mut position, &mut tracker, "Q12");
    assert!(
        offered(&position, &tracker).contains(&"P12".to_owned()),
        "{:?}",
        offered(&position, &tracker)
    );
}

#[test]
fn issue_12_joseki_sgf_deep_branches_continue_as_patterns() {
    // A binary tree four levels deep, nesting limited to 1: the lines come back whole.
    let sgf = "(;SZ[19];B[pd](;W[qf](;B[nc](;W[rd];B[qc])(;W[qc];B[qd]))(;B[qh](;W[rd])(;W[qi])))\
               (;W[qc](;B[qd](;W[pc];B[oc])(;W[pc];B[od]))(;B[pc];W[qd])))";
    let options = ImportOptions::default().with_max_nesting(1);
    let import = import_joseki(sgf.as_bytes(), &options).unwrap();
    assert!(import.continuations() >= 2, "{}", import.text());
    let set = compile(&import);
    let lines: &[&[&str]] = &[
        &["pd", "qf", "nc", "rd", "qc"],
        &["pd", "qf", "nc", "qc", "qd"],
        &["pd", "qf", "qh", "rd"],
        &["pd", "qf", "qh", "qi"],
        &["pd", "qc", "qd", "pc", "oc"],
        &["pd", "qc", "qd", "pc", "od"],
        &["pd", "qc", "pc", "qd"],
    ];
    let corner = Point::parse_sgf("sa", size()).unwrap();
    assert_eq!(lines_from_empty_board(&set, corner), expected(lines, Symmetry::IDENTITY));
    // A comb 16 moves deep (every move has a leaf sibling): nested 12 deep at most,
    // the rest continues as patterns, and every line comes back.
    let mut comb = String::from("(;SZ[19]");
    let spine = [
        "pd", "qf", "nc", "rd", "qc", "qi", "oc", "pb", "ob", "rb", "pe", "qe", "oe", "of", "ne",
        "mc",
    ];
    // The leaves: corner points the spine never takes.
    let corner_leaves = [
        "ra", "sb", "sc", "sd", "se", "sf", "sg", "sh", "rh", "ph", "oh", "nh", "mh", "mg", "mf",
        "me",
    ];
    let mut comb_lines: Vec<Vec<&str>> = Vec::new();
    for (i, (m, leaf)) in spine.iter().zip(corner_leaves).enumerate() {
        comb.push_str(&format!(
            "(;{}[{leaf}])(;{}[{m}]",
            if i % 2 == 0 { "B" } else { "W" },
            if i % 2 == 0 { "B" } else { "W" }
        ));
        let mut l: Vec<&str> = spine[..i].to_vec();
        l.push(leaf);
        comb_lines.push(l);
    }
    comb_lines.push(spine.to_vec());
    comb.push_str(&")".repeat(spine.len() + 1));
    let import = import_joseki(comb.as_bytes(), &ImportOptions::default()).unwrap();
    assert!(import.continuations() >= 1, "{}", import.text());
    let refs: Vec<&[&str]> = comb_lines.iter().map(Vec::as_slice).collect();
    assert_eq!(
        lines_from_empty_board(&compile(&import), corner),
        expected(&refs, Symmetry::IDENTITY)
    );
    // Without the limit: one pattern, the same lines.
    let whole = import_joseki(sgf.as_bytes(), &ImportOptions::default()).unwrap();
    assert_eq!(whole.patterns(), 1);
    assert_eq!(
        lines_from_empty_board(&compile(&whole), corner),
        expected(lines, Symmetry::IDENTITY)
    );
}

#[test]
fn issue_12_joseki_sgf_setup_stones_start_from_the_corner() {
    let import = import("(;SZ[19]AB[pd]AW[qf];B[nc];W[rd])");
    assert!(import.text().contains("state(d4) = friend"), "{}", import.text());
    assert!(import.text().contains("state(c6) = enemy"), "{}", import.text());
    let set = compile(&import);
    let mut position = Position::from_diagram(
        &{
            let mut rows = vec![". ".repeat(19); 19];
            rows[3] = ". ".repeat(15) + "X . . . ";
            rows[5] = ". ".repeat(16) + "O . . ";
            rows.join("\n")
        },
        Rules::chinese(),
    )
    .unwrap();
    position.set_to_move(go_board::Color::Black);
    let tracker = JosekiTracker::new(Arc::clone(&set), &position);
    let mut out = Vec::new();
    tracker.generate(&position, &mut out);
    assert!(out.iter().any(|c| c.mv.to_string() == "O17"), "{out:?}");
}

fn node_error(sgf: &str, options: &ImportOptions) -> (usize, String, String) {
    match import_joseki(sgf.as_bytes(), options) {
        Err(ImportError::Node { node, place, message, .. }) => (node, place, message),
        other => panic!("{other:?}"),
    }
}

#[test]
fn issue_12_joseki_sgf_errors_name_the_node() {
    let d = ImportOptions::default();
    let (node, place, message) = node_error("(;SZ[19];B[pd];W[qf]\n;B[qf])", &d);
    assert_eq!(node, 3);
    assert!(message.contains("occupied"), "{message}");
    assert!(place.contains("line 2, column 2") && place.contains("B[pd] W[qf] B[qf]"), "{place}");
    let (node, _, message) = node_error("(;SZ[19];B[jj])", &d);
    assert_eq!(node, 1);
    assert!(message.contains("no 9x9 corner region"), "{message}");
    let (node, _, message) = node_error("(;SZ[19];B[pd];AB[qq])", &d);
    assert_eq!(node, 2);
    assert!(message.contains("setup"), "{message}");
    let (node, _, message) = node_error("(;SZ[19:13];B[aa])", &d);
    assert_eq!(node, 0);
    assert!(message.contains("square"), "{message}");
    let (_, _, message) = node_error("(;SZ[9];B[cc])", &d);
    assert!(message.contains("does not fit"), "{message}");
    let (node, _, message) = node_error("(;SZ[19];B[pd];W[z!])", &d);
    assert_eq!(node, 2);
    assert!(message.contains("W[z!]"), "{message}");
    let (_, _, message) = node_error("(;SZ[19];B[pd];B[qf]W[qg])", &d);
    assert!(message.contains("both B and W"), "{message}");
    // Limits.
    let (_, _, message) =
        node_error("(;SZ[19];B[pd];W[qf];B[nc];W[tt];B[qi];W[ph])", &d.clone().with_max(1, 100));
    assert!(message.contains("more than 1 patterns"), "{message}");
    let (_, _, message) = node_error(HOSHI, &d.clone().with_max(10, 5));
    assert!(message.contains("more than 5 moves"), "{message}");
    let deep = format!("(;SZ[19]{})", ";B[pd];W[qf]".repeat(20));
    let limits = ReadLimits::DEFAULT.with_max_depth(10);
    assert!(matches!(
        import_joseki(deep.as_bytes(), &d.clone().with_read_limits(limits)),
        Err(ImportError::Sgf(_))
    ));
    assert!(matches!(import_joseki(b"not sgf", &d), Err(ImportError::Sgf(_))));
    assert!(matches!(
        import_joseki(HOSHI.as_bytes(), &d.clone().with_name("no spaces")),
        Err(ImportError::Options(_))
    ));
    assert!(matches!(
        import_joseki(HOSHI.as_bytes(), &d.clone().with_region(1)),
        Err(ImportError::Options(_))
    ));
    assert!(matches!(
        import_joseki(HOSHI.as_bytes(), &d.clone().with_max_nesting(25)),
        Err(ImportError::Options(_))
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random trees near a corner: the import never panics, and what it writes
    /// compiles.
    #[test]
    fn issue_12_joseki_sgf_random_trees(seed in any::<u64>(), nodes in 1usize..60) {
        let mut state = seed | 1;
        let mut next = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        // A tree in SGF: sequences of nodes, some ending in variations.
        fn tree(next: &mut dyn FnMut(u64) -> u64, depth: u32, budget: &mut usize, black: bool, out: &mut String) {
            let mut black = black;
            for i in 0..1 + next(4) {
                if *budget == 0 && i > 0 {
                    break;
                }
                *budget = budget.saturating_sub(1);
                let color = if next(8) == 0 { !black } else { black };
                black = !color;
                let point = match next(12) {
                    0 => String::new(),
                    1 => "tt".to_owned(),
                    2 => "dd".to_owned(),
                    _ => format!("{}{}", char::from(b'j' + next(10) as u8), char::from(b'a' + next(10) as u8)),
                };
                out.push_str(&format!(";{}[{point}]", if color { "B" } else { "W" }));
            }
            if depth > 0 && *budget > 0 && next(3) > 0 {
                for _ in 0..2 + next(2) {
                    out.push('(');
                    tree(next, depth - 1, budget, black, out);
                    out.push(')');
                }
            }
        }
        let mut sgf = String::from("(;SZ[19]");
        let mut budget = nodes;
        tree(&mut next, 5, &mut budget, true, &mut sgf);
        sgf.push(')');
        match import_joseki(sgf.as_bytes(), &ImportOptions::default().with_max_nesting(3)) {
            Ok(import) => {
                if let Err(e) = PatternSet::compile(import.text()) {
                    panic!("{e}\n{sgf}\n{}", import.text());
                }
            }
            Err(ImportError::Node { message, .. }) => prop_assert!(!message.is_empty()),
            Err(e) => panic!("{e}\n{sgf}"),
        }
    }
}
