//! The language: `parse(print(file)) == file` on generated files, fuzzing (no panic, no
//! hang, no stack overflow on any input), hostile inputs and located errors.

use go_patterns::ast::*;
use go_patterns::{Intent, Limits, PatternSet, Span, parse, print};
use proptest::prelude::*;

// ---- generated syntax trees (as the parser produces them) ----

const KEYWORDS: &[&str] = &[
    "program",
    "pattern",
    "end_pattern",
    "time",
    "applied_time",
    "place",
    "applied_place",
    "symmetric",
    "non_symmetric",
    "pickup",
    "diagram",
    "labels",
    "const",
    "var",
    "function",
    "phase",
    "condition",
    "candidate",
    "end_candidate",
    "tarea",
    "with",
    "next",
    "tenuki",
    "branch",
    "end_branch",
    "and",
    "or",
    "not",
    "in",
    "true",
    "false",
];

fn e(kind: ExprKind) -> Expr {
    Expr { kind, span: Span::default() }
}

fn name(text: String) -> Name {
    Name { text, span: Span::default() }
}

/// A word usable as a name in an expression: not a keyword, not a point or a label.
fn word() -> impl Strategy<Value = String> {
    "[a-z_][a-z0-9_]{1,8}".prop_filter("a name", |w| {
        let b = w.as_bytes();
        let point_like = b[0].is_ascii_lowercase() && b[1..].iter().all(u8::is_ascii_digit);
        !KEYWORDS.contains(&w.as_str()) && !point_like
    })
}

fn leaf() -> impl Strategy<Value = Expr> {
    prop_oneof![
        (0i64..100_000).prop_map(|n| e(ExprKind::Int(n))),
        any::<bool>().prop_map(|b| e(ExprKind::Bool(b))),
        (0u8..25, 0u8..25).prop_map(|(col, row)| e(ExprKind::Point { col, row })),
        prop::sample::select(b"abcdefghijklmnpqrstuvwyzABCDEFGHIJKLMNPQRSTUVWYZ".to_vec())
            .prop_map(|c| e(ExprKind::Label(c as char))),
        Just(e(ExprKind::Star)),
        word().prop_map(|w| e(ExprKind::Name(w))),
    ]
}

fn expr() -> impl Strategy<Value = Expr> {
    leaf().prop_recursive(5, 40, 4, |inner| {
        let ops = prop::sample::select(vec![
            BinaryOp::Eq,
            BinaryOp::Ne,
            BinaryOp::Lt,
            BinaryOp::Le,
            BinaryOp::Gt,
            BinaryOp::Ge,
            BinaryOp::In,
            BinaryOp::Union,
            BinaryOp::Add,
            BinaryOp::Sub,
            BinaryOp::Mul,
            BinaryOp::Rect,
        ]);
        prop_oneof![
            (word(), prop::collection::vec(inner.clone(), 0..3))
                .prop_map(|(w, args)| e(ExprKind::Call(name(w), args))),
            inner.clone().prop_map(|x| e(ExprKind::Unary(UnaryOp::Not, Box::new(x)))),
            inner.clone().prop_map(|x| e(ExprKind::Unary(UnaryOp::Neg, Box::new(x)))),
            (ops, inner.clone(), inner.clone()).prop_map(|(op, a, b)| e(ExprKind::Binary(
                op,
                Box::new(a),
                Box::new(b)
            ))),
            prop::collection::vec(inner.clone(), 2..4).prop_map(|v| e(ExprKind::And(v))),
            prop::collection::vec(inner, 2..4).prop_map(|v| e(ExprKind::Or(v))),
        ]
    })
}

fn weight() -> impl Strategy<Value = f64> {
    prop_oneof![(-1000i32..1000).prop_map(f64::from), (-1e9f64..1e9), Just(0.1), Just(-0.0)]
}

fn intent() -> impl Strategy<Value = Intent> {
    prop::sample::select(Intent::ALL.to_vec())
}

fn move_stmt(kind: MoveKind) -> impl Strategy<Value = MoveStmt> {
    (
        intent(),
        weight(),
        prop::collection::vec(expr(), 1..3),
        prop::collection::vec((intent(), weight(), prop::collection::vec(expr(), 1..2)), 0..2),
    )
        .prop_map(move |(intent, weight, points, tenuki)| MoveStmt {
            kind,
            intent,
            weight,
            points,
            tenuki: tenuki
                .into_iter()
                .map(|(intent, weight, points)| TenukiStmt {
                    intent,
                    weight,
                    points,
                    span: Span::default(),
                })
                .collect(),
            span: Span::default(),
        })
}

fn block() -> impl Strategy<Value = CandidateBlock> {
    let list = (
        prop::option::of(prop::collection::vec(expr(), 1..3)),
        move_stmt(MoveKind::With),
        prop::collection::vec(move_stmt(MoveKind::Next), 0..3),
    )
        .prop_map(|(tarea, first, nexts)| SequenceList {
            tarea: tarea.map(|areas| Tarea { areas, span: Span::default() }),
            first,
            nexts,
            branches: Vec::new(),
        });
    prop::collection::vec(list, 1..3)
        .prop_map(|lists| CandidateBlock { lists, span: Span::default() })
        .prop_recursive(2, 6, 2, |inner| {
            (inner.clone(), prop::option::of(expr()), prop::collection::vec(inner, 1..3)).prop_map(
                |(mut outer, condition, blocks)| {
                    outer.lists[0].branches.push(Branch {
                        condition,
                        blocks,
                        span: Span::default(),
                    });
                    outer
                },
            )
        })
}

fn diagram(rows: usize, width: usize, labels: bool) -> impl Strategy<Value = Diagram> {
    let chars: Vec<char> =
        if labels { ".XOxo?*|-+abAB".chars().collect() } else { ".XOxo?*|-+".chars().collect() };
    prop::collection::vec(
        prop::collection::vec(prop::sample::select(chars), width..=width),
        rows..=rows,
    )
    .prop_map(|rows| Diagram {
        rows: rows
            .into_iter()
            .map(|cells| {
                let cells: String = cells.into_iter().collect();
                DiagramRow { spans: vec![Span::default(); cells.len()], cells }
            })
            .collect(),
        span: Span::default(),
    })
}

fn binding() -> impl Strategy<Value = Binding> {
    (word(), expr()).prop_map(|(w, value)| Binding { name: name(w), value, span: Span::default() })
}

fn range() -> impl Strategy<Value = Range> {
    (0u32..500, prop::option::of(0u32..500)).prop_map(|(a, b)| match b {
        Some(b) => Range { min: a.min(b), max: Some(a.max(b)) },
        None => Range { min: a, max: None },
    })
}

fn section() -> impl Strategy<Value = Section> {
    let time = prop::collection::vec(
        prop_oneof![
            Just(TimeSpec::Any),
            prop::sample::select(Phase::ALL.to_vec()).prop_map(TimeSpec::Phase),
            (prop::sample::select(vec![Measure::Moves, Measure::Stones]), range())
                .prop_map(|(m, r)| TimeSpec::Range(m, r)),
        ],
        1..3,
    )
    .prop_map(|v| Section::Time(v, Span::default()));
    let place = (
        prop::sample::select(vec![
            PlaceKind::Corner,
            PlaceKind::Side,
            PlaceKind::Centre,
            PlaceKind::Anywhere,
        ]),
        prop::option::of(any::<bool>()),
    )
        .prop_map(|(kind, symmetric)| {
            Section::Place(Place { kind, symmetric, span: Span::default() })
        });
    let pickup = prop_oneof![
        Just(Pickup::None(Span::default())),
        expr().prop_map(|a| Pickup::Corner(a, Span::default())),
        (expr(), expr()).prop_map(|(a, b)| Pickup::Chain(a, b, Span::default())),
        (expr(), expr()).prop_map(|(a, b)| Pickup::NearLast(a, b, Span::default())),
    ]
    .prop_map(Section::Pickup);
    prop_oneof![
        time,
        place,
        pickup,
        binding().prop_map(Section::Const),
        binding().prop_map(Section::Var),
        (word(), prop::collection::vec(word(), 0..3), expr()).prop_map(|(w, params, body)| {
            Section::Function(Function {
                name: name(w),
                params: params.into_iter().map(name).collect(),
                body,
                span: Span::default(),
            })
        }),
        expr().prop_map(Section::Condition),
        block().prop_map(Section::Candidate),
    ]
}

fn pattern() -> impl Strategy<Value = Pattern> {
    (
        prop_oneof![word(), "[ -~]{1,12}".prop_filter("printable, one line", |s| !s.is_empty())],
        prop::collection::vec(section(), 0..5),
        prop::option::of(
            (1usize..5, 1usize..6).prop_flat_map(|(r, w)| {
                (diagram(r, w, false), prop::option::of(diagram(r, w, true)))
            }),
        ),
    )
        .prop_map(|(n, mut sections, diagrams)| {
            if let Some((d, l)) = diagrams {
                let at = sections.len() / 2;
                sections.insert(at, Section::Diagram(d));
                if let Some(l) = l {
                    sections.insert(at + 1, Section::Labels(l));
                }
            }
            Pattern { name: name(n), sections, span: Span::default() }
        })
}

fn file() -> impl Strategy<Value = File> {
    let item = prop_oneof![
        3 => pattern().prop_map(Item::Pattern),
        1 => binding().prop_map(Item::Const),
        1 => binding().prop_map(Item::Var),
        1 => (prop::sample::select(Phase::ALL.to_vec()), prop::sample::select(vec![Measure::Moves, Measure::Stones]), range())
            .prop_map(|(phase, measure, range)| Item::Phase(PhaseDef { phase, measure, range, span: Span::default() })),
    ];
    (prop::option::of(word()), prop::collection::vec(item, 0..4))
        .prop_map(|(program, items)| File { program: program.map(name), items })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    #[test]
    fn print_then_parse_gives_the_same_file(f in file()) {
        let text = print(&f);
        let again = parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&again, &f, "{}", text);
        prop_assert_eq!(print(&again), text);
        // Checking and compiling a generated file may fail, but never panics.
        let _ = PatternSet::compile(&print(&f));
    }

    #[test]
    fn any_bytes_are_refused_or_compiled_without_panic(bytes in prop::collection::vec(any::<u8>(), 0..3000)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = PatternSet::compile(&text) {
            let d = e.first();
            prop_assert!(d.line() >= 1 && d.column() >= 1);
            prop_assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn token_soup_is_refused_or_compiled_without_panic(tokens in prop::collection::vec(prop::sample::select(vec![
        "pattern p", "pattern q", "end_pattern", "candidate", "end_candidate", "with(shape, 1)", "next(joseki, 2)",
        "tenuki(attack, 3)", "branch", "end_branch", "condition", "tarea(a1:c3)", "place corner", "place side",
        "place centre", "non_symmetric", "pickup corner(0)", "pickup chain(a, 1)", "pickup near_last(*, 2)",
        "\n  diagram\n", "\n  labels\n", "\n  ?X*\n", "\n  .O.\n", "\n  |..\n", "\n  +--\n", "\n  a.b\n", "d4", "*", "a",
        "(", ")", ",", "and", "or", "not", "state(d4) = friend", "emparea(a1, 3, 3)", "libs(a) >= 2",
        "after(*, friend, true)", "function ff(x) = x", "ff(1)", "var vv = libs(*)", "const cc = 3", "cc", "vv",
        "{", "}", "#", "\"", ";", ":", "|", "1..5", "time opening", "time moves 1..", "phase opening = moves 1..9",
        "range(a1, 30, 2)", "shift(a1, -1, 0)", "ladder_capture(a)", "status(a) = alive", "\u{0}", "\u{2028}",
    ]), 0..80)) {
        let text = tokens.join(" ");
        let _ = PatternSet::compile(&text);
    }

    #[test]
    fn mutated_library_sources_never_panic(
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, prop::sample::select(
            vec!["(", ")", "\n", "end_pattern", "pattern x", "*", "X", "|", "-", "a", "{", "9", ",", " "]
        )), 1..6)
    ) {
        let mut text = go_patterns::library::source();
        for (at, op, s) in edits {
            let mut i = at.index(text.len() + 1);
            while !text.is_char_boundary(i) { i -= 1; }
            match op {
                0 => text.insert_str(i, s),
                1 => { let end = (i + s.len()).min(text.len()); let mut end = end; while !text.is_char_boundary(end) { end += 1; } text.replace_range(i..end, ""); }
                _ => { let mut end = (i + 1).min(text.len()); while !text.is_char_boundary(end) { end += 1; } text.replace_range(i..end, s); }
            }
        }
        let _ = PatternSet::compile(&text);
    }
}

// ---- hostile inputs, on a small stack ----

/// Runs `f` on a thread with a 512 KiB stack: bounded recursion must fit.
fn small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(512 * 1024).spawn(f).unwrap().join().unwrap();
}

fn refused(src: String, needle: &'static str) {
    small_stack(move || {
        let err = PatternSet::compile(&src).expect_err("refused");
        assert!(err.to_string().contains(needle), "{needle:?} not in {err}");
    });
}

#[test]
fn issue_12_deep_nesting_is_refused_cleanly() {
    let n = 200_000;
    refused(
        format!("pattern p condition {}true{} end_pattern", "(".repeat(n), ")".repeat(n)),
        "nested deeper",
    );
    refused(format!("pattern p condition {}true end_pattern", "not ".repeat(n)), "nested deeper");
    refused(format!("pattern p condition {}1 > 0 end_pattern", "-".repeat(n)), "nested deeper");
    refused(format!("pattern p condition 1{} > 0 end_pattern", " + 1".repeat(n)), "nested deeper");
    refused(
        format!("pattern p condition ff({}1{}) end_pattern", "ff(".repeat(n), ")".repeat(n)),
        "nested deeper",
    );
    let branches = format!(
        "pattern p candidate with(shape, 1) a1 {} end_candidate end_pattern",
        "branch candidate with(shape, 1) b1 ".repeat(2000)
            + &"end_candidate end_branch ".repeat(2000)
    );
    refused(branches, "nested deeper");
    // Functions calling each other 10,000 deep.
    let mut chain = String::from("function fn0(x) = x\n");
    for i in 1..10_000 {
        chain.push_str(&format!("function fn{i}(x) = fn{}(x)\n", i - 1));
    }
    chain.push_str(
        "pattern p condition fn9999(1) = 1 candidate with(shape, 1) a1 end_candidate end_pattern",
    );
    refused(chain, "nest deeper than the limit");
}

#[test]
fn issue_12_long_and_wide_inputs_are_handled() {
    // A conjunction of 100,000 terms is not nesting: it compiles.
    small_stack(|| {
        let terms = vec!["state(a1) = empty"; 100_000].join(" and ");
        let set = PatternSet::compile(&format!(
            "pattern p condition {terms} candidate with(shape, 1) a1 end_candidate end_pattern"
        ));
        assert!(set.is_ok(), "{:?}", set.err().map(|e| e.to_string()));
    });
    // Past the size limit: refused before reading.
    let big = "#".repeat(Limits::DEFAULT.max_source_bytes + 1);
    let err = PatternSet::compile(&big).unwrap_err();
    assert!(err.to_string().contains("longer than the limit"), "{err}");
    // A 5 MB line in the middle: the error quotes a window of it.
    let src = format!("pattern p condition {} end_pattern", "x".repeat(5_000_000));
    let err = PatternSet::compile(&src).unwrap_err();
    assert!(err.to_string().len() < 1000, "{}", err.to_string().len());
    // An unclosed comment at the start of a 1 MB file.
    let err = PatternSet::compile(&format!("{{{}", " ".repeat(1 << 20))).unwrap_err();
    assert_eq!((err.first().line(), err.first().column()), (1, 1));
    // Many patterns within limits compile; too many for a small limit are refused.
    let many: String = (0..2000)
        .map(|i| {
            format!(
                "pattern p{i} diagram\n .*X\ncandidate with(shape, 1) * end_candidate end_pattern\n"
            )
        })
        .collect();
    assert_eq!(PatternSet::compile(&many).unwrap().len(), 2000);
    let limits = Limits { max_patterns: 100, ..Limits::DEFAULT };
    let err = PatternSet::compile_with(&many, &limits).unwrap_err();
    assert!(err.to_string().contains("more patterns than the limit of 100"), "{err}");
    let limits = Limits { max_index_entries: 1000, ..Limits::DEFAULT };
    let err = PatternSet::compile_with(&many, &limits).unwrap_err();
    assert!(err.to_string().contains("neighbourhood index"), "{err}");
}

// ---- located errors ----

#[test]
fn errors_point_at_the_bad_text() {
    let cases: &[(&str, (usize, usize), &str)] = &[
        ("pattern p\n  with(shape, 1) a1\nend_pattern", (2, 3), "expected a section"),
        (
            "pattern p\n  candidate with(shpe, 1) a1 end_candidate\nend_pattern",
            (2, 18),
            "unknown intent \"shpe\"",
        ),
        (
            "pattern p\n  condition libs(a1) = friend\n  candidate with(shape, 1) a1 end_candidate\nend_pattern",
            (2, 13),
            "a number with states",
        ),
        (
            "pattern p\n  diagram\n    .X.\n    .*\n  candidate with(shape, 1) * end_candidate\nend_pattern",
            (4, 5),
            "has 2 cells",
        ),
        ("pattern p\n  diagram\n    .X.\n    .*Q\n", (4, 7), "not a diagram cell"),
        (
            "pattern p\n  candidate with(shape, 1) z9 end_candidate\nend_pattern",
            (2, 28),
            "outside the pattern frame",
        ),
        (
            "pattern p\n  condition emparea(a1, 30, 2)\n  candidate with(shape, 1) a1 end_candidate\nend_pattern",
            (2, 25),
            "from 1 to 25",
        ),
        (
            "pattern p\n  place side\n  diagram\n    |.*\n    +--\n  candidate with(shape, 1) * end_candidate\nend_pattern",
            (2, 3),
            "corner pattern",
        ),
        (
            "pattern p\n  condition state(a1) = empty and state(a1) = friend\n  candidate with(shape, 1) b1 end_candidate\nend_pattern",
            (1, 9),
            "can never match",
        ),
        (
            "pattern p\n  candidate with(shape, 1) a1 end_candidate\nend_pattern\npattern p\n  candidate with(shape, 1) a1 end_candidate\nend_pattern",
            (4, 9),
            "already defined on line 1",
        ),
    ];
    for (src, (line, column), needle) in cases {
        let err = match PatternSet::compile(src) {
            Ok(_) => panic!("accepted:\n{src}"),
            Err(e) => e,
        };
        let d = err.first();
        assert!(
            d.message().contains(needle) || err.to_string().contains(needle),
            "{needle:?}: {err}"
        );
        assert_eq!((d.line(), d.column()), (*line, *column), "{err}");
        // The caret line is under the column.
        let text = d.to_string();
        let caret_line = text.lines().nth(3).unwrap();
        assert!(caret_line.contains('^'), "{text}");
    }
}
