//! The checker: a [`File`] to a typed [`Program`], with every error located.
//!
//! Constants, variables and functions are expanded where they are used (so a variable
//! declared for the whole program can use the labels of the pattern that uses it);
//! recursion and runaway expansion are errors. Constant parts are folded, so that the
//! compiler can turn `state(p) = ...`, `states(S) = ...` and `emparea(...)` into cell
//! constraints.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use crate::ast::*;
use crate::diagnostic::{Diagnostic, Error, Limits, Severity, Span};
use crate::hir::*;

/// The default phases: opening moves 1–50, middle game 51–150, endgame 151 on.
pub(crate) const DEFAULT_PHASES: [(Measure, Range); 3] = [
    (Measure::Moves, Range { min: 1, max: Some(50) }),
    (Measure::Moves, Range { min: 51, max: Some(150) }),
    (Measure::Moves, Range { min: 151, max: None }),
];

/// The largest pattern, in lines in each direction: the points a pattern mentions fit
/// in a 25×25 box.
pub(crate) const MAX_EXTENT: i32 = 25;

/// Frame coordinates further than this from `a1` are refused while folding.
const MAX_COORD: i32 = 64;

/// The budget of expression nodes a file may expand to (functions and variables are
/// expanded where they are used).
const EXPANSION_BUDGET: usize = 2_000_000;

/// Checks a parsed file.
///
/// # Errors
///
/// Every error found (up to the limit), with the warnings found on the way.
pub(crate) fn check(
    file: &File,
    source: &str,
    limits: &Limits,
) -> Result<(Program, Vec<Diagnostic>), Error> {
    let mut checker = Checker {
        src: source,
        limits,
        diags: Vec::new(),
        errors: 0,
        globals: HashMap::new(),
        budget: EXPANSION_BUDGET,
    };
    let program = checker.program(file);
    if checker.errors > 0 {
        return Err(Error::new(checker.diags));
    }
    Ok((program, checker.diags))
}

#[derive(Clone, Copy, Debug)]
enum Decl<'a> {
    Const(&'a Binding),
    Var(&'a Binding),
    Function(&'a Function),
}

impl Decl<'_> {
    fn name(&self) -> &Name {
        match self {
            Decl::Const(b) | Decl::Var(b) => &b.name,
            Decl::Function(f) => &f.name,
        }
    }
}

struct Checker<'a> {
    src: &'a str,
    limits: &'a Limits,
    diags: Vec<Diagnostic>,
    errors: usize,
    globals: HashMap<String, Decl<'a>>,
    budget: usize,
}

/// Marks that a diagnostic was recorded.
#[derive(Debug)]
struct Reported;

type R<T> = Result<T, Reported>;

/// Built-in words that a name may not shadow.
const BUILTIN_WORDS: &[&str] = &[
    "friend",
    "enemy",
    "empty",
    "off",
    "alive",
    "dead",
    "critical",
    "seki",
    "unknown",
    "last",
    "move_number",
    "stone_count",
];

/// Built-in functions and their arities (`usize::MAX`: any number from the minimum).
const BUILTIN_FUNCTIONS: &[(&str, usize, usize)] = &[
    ("state", 1, 1),
    ("states", 1, 1),
    ("status", 1, 1),
    ("emparea", 3, usize::MAX),
    ("range", 3, 3),
    ("difference", 2, 2),
    ("pset", 1, usize::MAX),
    ("pset1", 1, usize::MAX),
    ("union", 1, usize::MAX),
    ("libs", 1, 1),
    ("liberties", 1, 1),
    ("chain_size", 1, 1),
    ("ladder_capture", 1, 1),
    ("ladder_escape", 1, 1),
    ("dist", 2, 2),
    ("shift", 3, 3),
    ("count", 2, 2),
    ("after", 3, 3),
    ("near_last", 2, 2),
];

impl<'a> Checker<'a> {
    fn report(&mut self, severity: Severity, span: Span, message: impl Into<String>) {
        if self.diags.len() >= self.limits.max_diagnostics {
            if severity == Severity::Error {
                self.errors += 1;
            }
            return;
        }
        if severity == Severity::Error {
            self.errors += 1;
        }
        self.diags.push(Diagnostic::new(severity, self.src, span, message));
    }

    fn error(&mut self, span: Span, message: impl Into<String>) -> Reported {
        self.report(Severity::Error, span, message);
        Reported
    }

    fn warn(&mut self, span: Span, message: impl Into<String>) {
        self.report(Severity::Warning, span, message);
    }

    fn check_decl_name(&mut self, name: &Name) {
        if BUILTIN_WORDS.contains(&name.text.as_str())
            || BUILTIN_FUNCTIONS.iter().any(|(n, ..)| *n == name.text)
        {
            self.error(name.span, format!("`{}` is a built-in name of the language", name.text));
        } else if name.text.len() == 1 {
            self.error(
                name.span,
                "a one-letter name is a label; names have two characters or more",
            );
        } else if looks_like_point(&name.text) {
            self.error(name.span, format!("`{}` is a point; it cannot be a name", name.text));
        }
    }

    fn program(&mut self, file: &'a File) -> Program {
        let mut phases = DEFAULT_PHASES;
        let mut phase_seen: HashMap<Phase, Span> = HashMap::new();
        for item in &file.items {
            let decl = match item {
                Item::Const(b) => Decl::Const(b),
                Item::Var(b) => Decl::Var(b),
                Item::Function(f) => Decl::Function(f),
                Item::Phase(p) => {
                    if let Some(&first) = phase_seen.get(&p.phase) {
                        let line = crate::diagnostic::Diagnostic::new(
                            Severity::Error,
                            self.src,
                            first,
                            "",
                        )
                        .line();
                        self.error(
                            p.span,
                            format!(
                                "the phase {} is already defined on line {line}",
                                p.phase.name()
                            ),
                        );
                    } else {
                        phase_seen.insert(p.phase, p.span);
                        phases[p.phase as usize] = (p.measure, p.range);
                    }
                    continue;
                }
                Item::Pattern(_) => continue,
            };
            let name = decl.name();
            self.check_decl_name(name);
            self.check_params(decl);
            if let Some(previous) = self.globals.get(&name.text) {
                let line =
                    Diagnostic::new(Severity::Error, self.src, previous.name().span, "").line();
                self.error(
                    name.span,
                    format!("`{}` is already declared on line {line}", name.text),
                );
            } else {
                self.globals.insert(name.text.clone(), decl);
            }
        }
        let mut patterns = Vec::new();
        let mut names: HashMap<&str, Span> = HashMap::new();
        for item in &file.items {
            let Item::Pattern(p) = item else { continue };
            if let Some(&first) = names.get(p.name.text.as_str()) {
                let line = Diagnostic::new(Severity::Error, self.src, first, "").line();
                self.error(
                    p.name.span,
                    format!("a pattern named {:?} is already defined on line {line}", p.name.text),
                );
            } else {
                names.insert(&p.name.text, p.name.span);
            }
            if patterns.len() >= self.limits.max_patterns {
                self.error(
                    p.name.span,
                    format!("more patterns than the limit of {}", self.limits.max_patterns),
                );
                break;
            }
            if let Ok(ir) = self.pattern(p, &phases) {
                patterns.push(ir);
            }
            if self.errors >= self.limits.max_diagnostics {
                break;
            }
        }
        // Program-level declarations nobody uses are still checked: expand them in an
        // empty pattern scope, unless they use labels (which only a pattern has).
        Program { name: file.program.as_ref().map(|n| n.text.clone()), patterns }
    }

    fn pattern(&mut self, p: &'a Pattern, phases: &[(Measure, Range); 3]) -> R<PatternIr> {
        let errors_before = self.errors;
        let mut seen: HashMap<&'static str, Span> = HashMap::new();
        let mut once = |checker: &mut Checker<'a>, what: &'static str, span: Span| {
            if let Some(&first) = seen.get(what) {
                let line = Diagnostic::new(Severity::Error, checker.src, first, "").line();
                checker.error(
                    span,
                    format!("the pattern already has a `{what}` section on line {line}"),
                );
            } else {
                seen.insert(what, span);
            }
        };
        let mut time = Vec::new();
        let mut place: Option<Place> = None;
        let mut pickup: Option<&Pickup> = None;
        let mut diagram: Option<&Diagram> = None;
        let mut labels: Option<&Diagram> = None;
        let mut condition: Option<&Expr> = None;
        let mut candidate: Option<&CandidateBlock> = None;
        let mut locals: HashMap<String, Decl<'a>> = HashMap::new();
        for section in &p.sections {
            match section {
                Section::Time(specs, span) => {
                    once(self, "time", *span);
                    for spec in specs {
                        match spec {
                            TimeSpec::Any => time.clear(),
                            TimeSpec::Phase(ph) => time.push(phases[*ph as usize]),
                            TimeSpec::Range(m, r) => time.push((*m, *r)),
                        }
                    }
                    if specs.contains(&TimeSpec::Any) {
                        time.clear();
                    }
                }
                Section::Place(pl) => {
                    once(self, "place", pl.span);
                    place = Some(*pl);
                }
                Section::Pickup(pk) => {
                    let span = match pk {
                        Pickup::None(s)
                        | Pickup::Corner(_, s)
                        | Pickup::Chain(_, _, s)
                        | Pickup::NearLast(_, _, s) => *s,
                    };
                    once(self, "pickup", span);
                    pickup = Some(pk);
                }
                Section::Diagram(d) => {
                    once(self, "diagram", d.span);
                    diagram = Some(d);
                }
                Section::Labels(d) => {
                    once(self, "labels", d.span);
                    labels = Some(d);
                }
                Section::Condition(e) => {
                    once(self, "condition", e.span);
                    condition = Some(e);
                }
                Section::Candidate(b) => {
                    once(self, "candidate", b.span);
                    candidate = Some(b);
                }
                Section::Const(b) => self.local(&mut locals, Decl::Const(b)),
                Section::Var(b) => self.local(&mut locals, Decl::Var(b)),
                Section::Function(f) => self.local(&mut locals, Decl::Function(f)),
            }
        }
        let Some(candidate) = candidate else {
            return Err(self.error(p.name.span, "the pattern has no `candidate` block"));
        };

        // The diagram and its labels.
        let shape = match diagram {
            Some(d) => Some(self.diagram(d)?),
            None => None,
        };
        let mut label_points = HashMap::new();
        let mut label_spans = Vec::new();
        if let Some(l) = labels {
            let shape = shape.as_ref().expect("the parser puts labels after a diagram");
            self.labels(l, shape, &mut label_points, &mut label_spans)?;
        }
        let star = shape.as_ref().and_then(|s| s.star);

        // The place.
        let diagram_place = shape.as_ref().and_then(|s| s.place);
        let place_kind = place.map_or(PlaceKind::Anywhere, |pl| pl.kind);
        let symmetric = place.and_then(|pl| pl.symmetric).unwrap_or(true);
        let place_from_diagram = match (diagram_place, place) {
            (Some(dp), Some(pl)) if dp != pl.kind && pl.kind != PlaceKind::Anywhere => {
                return Err(self.error(
                    pl.span,
                    format!(
                        "the diagram's edges make it a {} pattern, not a {} pattern",
                        dp.name(),
                        pl.kind.name()
                    ),
                ));
            }
            (Some(_), _) => true,
            (None, _) => false,
        };
        let place_kind =
            if place_from_diagram { diagram_place.unwrap_or(place_kind) } else { place_kind };

        let scope = Scope { locals, labels: label_points, star };
        let mut lower = Lower {
            c: self,
            scope: &scope,
            frames: Vec::new(),
            stack: Vec::new(),
            used_labels: HashSet::new(),
        };
        let condition_ir = match condition {
            Some(e) => {
                let v = lower.expr(e)?;
                Some(lower.boolean(v, e.span, "the condition")?)
            }
            None => None,
        };
        let mut tareas: Vec<Vec<FramePoint>> = Vec::new();
        let mut nodes = 0usize;
        let roots = lower.block(candidate, None, None, &mut tareas, &mut nodes, 0)?;
        let pickup_ir = match pickup {
            None | Some(Pickup::None(_)) => None,
            Some(Pickup::Corner(n, span)) => {
                let n = lower.const_int(n, 0, 36, "the stone count")?;
                if place_kind != PlaceKind::Corner {
                    return Err(lower.c.error(
                        *span,
                        "`pickup corner(n)` needs a corner pattern (`place corner`)",
                    ));
                }
                let (origin, dir) = corner_of(place_from_diagram, shape.as_ref());
                let region: BTreeSet<FramePoint> = (0..6)
                    .flat_map(|i| (0..6).map(move |j| (origin.0 + dir.0 * i, origin.1 + dir.1 * j)))
                    .collect();
                Some(Ir::Cmp(
                    Cmp::Eq,
                    Box::new(Ir::Count(
                        Box::new(Ir::Set(region.into_iter().collect())),
                        FRIEND | ENEMY,
                    )),
                    Box::new(Ir::Int(n)),
                ))
            }
            Some(Pickup::Chain(point, k, _)) => {
                let p = lower.const_point(point)?;
                let k = lower.const_int(k, 1, 1000, "the liberty count")?;
                Some(Ir::And(vec![
                    Ir::StateIs(Box::new(Ir::Point(p)), FRIEND | ENEMY),
                    Ir::Cmp(
                        Cmp::Eq,
                        Box::new(Ir::Libs(Box::new(Ir::Point(p)))),
                        Box::new(Ir::Int(k)),
                    ),
                ]))
            }
            Some(Pickup::NearLast(point, r, _)) => {
                let p = lower.const_point(point)?;
                let r = lower.const_int(r, 0, 25, "the distance")?;
                Some(Ir::NearLast(Box::new(Ir::Point(p)), r))
            }
        };
        let used = std::mem::take(&mut lower.used_labels);
        drop(lower);
        for (c, span) in label_spans {
            if !used.contains(&c) {
                self.warn(span, format!("the label `{c}` is not used"));
            }
        }
        if self.errors > errors_before {
            return Err(Reported);
        }

        // What the pattern mentions.
        let mut core: BTreeSet<FramePoint> = BTreeSet::new();
        if let Some(s) = &shape {
            core.extend(s.cells.iter().filter(|(_, m)| **m != OFF).map(|(p, _)| *p));
        }
        for ir in condition_ir.iter().chain(pickup_ir.iter()) {
            ir.for_each_point(&mut |p| {
                core.insert(p);
            });
        }
        fn nodes_points(nodes: &[SeqNode], out: &mut BTreeSet<FramePoint>) {
            for n in nodes {
                out.insert(n.point);
                out.extend(n.tenuki.iter().map(|r| r.point));
                if let Some(g) = &n.guard {
                    g.for_each_point(&mut |p| {
                        out.insert(p);
                    });
                }
                nodes_points(&n.children, out);
            }
        }
        nodes_points(&roots, &mut core);
        if core.is_empty() {
            core.insert((0, 0));
        }
        let bbox = bounding_box(core.iter().copied());
        // The default tenuki area: the box of what the pattern mentions.
        let default_tarea: Vec<FramePoint> = (bbox.0.0..=bbox.1.0)
            .flat_map(|x| (bbox.0.1..=bbox.1.1).map(move |y| (x, y)))
            .collect();
        let default_index = tareas.len();
        tareas.push(default_tarea);
        let mut roots = roots;
        fix_default_tarea(&mut roots, default_index);
        let mut support = core.clone();
        for t in &tareas {
            support.extend(t.iter().copied());
        }
        let (lo, hi) = bounding_box(support.iter().copied());
        if hi.0 - lo.0 >= MAX_EXTENT || hi.1 - lo.1 >= MAX_EXTENT {
            return Err(self.error(
                p.name.span,
                format!(
                    "the pattern spans {}×{} points; a pattern fits in {MAX_EXTENT}×{MAX_EXTENT}",
                    hi.0 - lo.0 + 1,
                    hi.1 - lo.1 + 1
                ),
            ));
        }

        // Candidates must be on empty points of the diagram.
        let diagram_cells = shape.as_ref().map(|s| s.cells.clone()).unwrap_or_default();
        for root in &roots {
            if let Some(&mask) = diagram_cells.get(&root.point)
                && mask & EMPTY == 0
            {
                self.error(
                    candidate.span,
                    format!(
                        "the first move {} is on a point the diagram requires to be {}",
                        frame_point_text(root.point),
                        state_text(mask)
                    ),
                );
            }
        }
        if self.errors > errors_before {
            return Err(Reported);
        }

        // The cells the place adds when it is not drawn.
        let mut place_cells = BTreeMap::new();
        if !place_from_diagram {
            match place_kind {
                PlaceKind::Corner => {
                    place_cells.insert((-1, 0), OFF);
                    place_cells.insert((0, -1), OFF);
                    place_cells.insert((0, 0), ON_BOARD);
                }
                PlaceKind::Side => {
                    place_cells.insert((0, -1), OFF);
                    place_cells.insert((0, 0), ON_BOARD);
                }
                PlaceKind::Centre => {
                    let (lo, hi) = bounding_box(core.iter().copied());
                    for x in lo.0 - 1..=hi.0 + 1 {
                        for y in lo.1 - 1..=hi.1 + 1 {
                            place_cells.insert((x, y), ON_BOARD);
                        }
                    }
                }
                PlaceKind::Anywhere => {}
            }
        }
        let corner = (place_kind == PlaceKind::Corner)
            .then(|| corner_of(place_from_diagram, shape.as_ref()));
        let is_sequence = roots.iter().any(|r| !r.children.is_empty() || !r.tenuki.is_empty());
        Ok(PatternIr {
            name: p.name.text.clone(),
            span: p.name.span,
            time,
            place: place_kind,
            place_from_diagram,
            symmetric,
            diagram: diagram_cells,
            place_cells,
            corner,
            pickup: pickup_ir,
            condition: condition_ir,
            roots,
            is_sequence,
            tareas,
            support: support.into_iter().collect(),
        })
    }

    fn check_params(&mut self, decl: Decl<'a>) {
        let Decl::Function(f) = decl else { return };
        let mut seen = HashSet::new();
        for p in &f.params {
            if BUILTIN_WORDS.contains(&p.text.as_str()) {
                self.error(p.span, format!("`{}` is a built-in name of the language", p.text));
            } else if looks_like_point(&p.text) {
                self.error(p.span, format!("`{}` is a point; it cannot be a parameter", p.text));
            } else if !seen.insert(p.text.as_str()) {
                self.error(p.span, format!("the parameter `{}` is repeated", p.text));
            }
        }
    }

    fn local(&mut self, locals: &mut HashMap<String, Decl<'a>>, decl: Decl<'a>) {
        self.check_params(decl);
        let name = decl.name();
        self.check_decl_name(name);
        if let Some(previous) = locals.get(&name.text) {
            let line = Diagnostic::new(Severity::Error, self.src, previous.name().span, "").line();
            self.error(
                name.span,
                format!("`{}` is already declared in this pattern on line {line}", name.text),
            );
        } else {
            locals.insert(name.text.clone(), decl);
        }
    }

    /// Reads a diagram: cells, edges, the move point.
    fn diagram(&mut self, d: &Diagram) -> R<Shape> {
        let rows = &d.rows;
        let top = is_edge_row(&rows[0]);
        let bottom = rows.len() > 1 && is_edge_row(&rows[rows.len() - 1]);
        let inner: Vec<&DiagramRow> =
            rows[usize::from(top)..rows.len() - usize::from(bottom)].iter().collect();
        if inner.is_empty() {
            return Err(self.error(d.span, "the diagram has no row of points"));
        }
        // Edge rows may be drawn longer or shorter (a dashed line under spaced cells).
        let width = inner[0].cells.chars().count();
        for row in &inner {
            let n = row.cells.chars().count();
            if n != width {
                let at = row.spans[0].to(row.spans[n - 1]);
                return Err(
                    self.error(at, format!("this row has {n} cells, the first row has {width}"))
                );
            }
        }
        let left = inner.iter().any(|r| r.cells.starts_with('|'));
        let right = inner.iter().any(|r| r.cells.ends_with('|')) && width > 1;
        let first_col = usize::from(left);
        let last_col = width - usize::from(right);
        if first_col >= last_col {
            return Err(self.error(d.span, "the diagram has no column of points"));
        }
        let h = inner.len() as i32;
        let w = (last_col - first_col) as i32;
        if h > MAX_EXTENT || w > MAX_EXTENT {
            return Err(self.error(
                d.span,
                format!("the diagram is {w}×{h}; at most {MAX_EXTENT}×{MAX_EXTENT}"),
            ));
        }
        let mut cells = BTreeMap::new();
        let mut positions = HashMap::new();
        let mut star = None;
        for (r, row) in inner.iter().enumerate() {
            let y = h - 1 - r as i32;
            for (k, c) in row.cells.chars().enumerate() {
                let span = row.spans[k];
                let edge_col = (left && k == 0) || (right && k == width - 1);
                if edge_col {
                    if c != '|' {
                        return Err(self.error(
                            span,
                            "every row of a diagram with a side edge starts (or ends) with `|`",
                        ));
                    }
                    continue;
                }
                let x = (k - first_col) as i32;
                let mask = match c {
                    '.' => EMPTY,
                    'X' => ENEMY,
                    'O' => FRIEND,
                    'x' => ENEMY | EMPTY,
                    'o' => FRIEND | EMPTY,
                    '?' => ON_BOARD,
                    '*' => {
                        if star.is_some() {
                            return Err(self.error(span, "the diagram has a second `*`"));
                        }
                        star = Some((x, y));
                        EMPTY
                    }
                    '|' | '-' | '+' => {
                        return Err(
                            self.error(span, "an edge can only be the first or last row or column")
                        );
                    }
                    _ => return Err(self.error(span, format!("{c:?} is not a diagram cell"))),
                };
                cells.insert((x, y), mask);
                positions.insert((r + usize::from(top), k), (x, y));
            }
        }
        for (row, yes) in [(&rows[0], top), (&rows[rows.len() - 1], bottom)] {
            if !yes {
                continue;
            }
            let n = row.cells.chars().count();
            for (k, c) in row.cells.chars().enumerate() {
                let corner = (left && k == 0) || (right && k == n - 1);
                if corner != (c == '+') {
                    let msg = if corner {
                        "a corner of the edges is `+`"
                    } else {
                        "`+` only marks a corner of the edges"
                    };
                    return Err(self.error(row.spans[k], msg));
                }
            }
        }
        // Off-board cells beyond each edge.
        let xs = if left { -1 } else { 0 }..=if right { w } else { w - 1 };
        let ys = if bottom { -1 } else { 0 }..=if top { h } else { h - 1 };
        for x in xs.clone() {
            if top {
                cells.insert((x, h), OFF);
            }
            if bottom {
                cells.insert((x, -1), OFF);
            }
        }
        for y in ys {
            if left {
                cells.insert((-1, y), OFF);
            }
            if right {
                cells.insert((w, y), OFF);
            }
        }
        let horizontal = top || bottom;
        let vertical = left || right;
        let place = match (horizontal, vertical) {
            (true, true) if (top != bottom) && (left != right) => Some(PlaceKind::Corner),
            (true, false) | (false, true) if (top != bottom) || (left != right) => {
                Some(PlaceKind::Side)
            }
            (false, false) => None,
            _ => Some(PlaceKind::Anywhere),
        };
        Ok(Shape { cells, positions, star, width: w, height: h, top, bottom, left, right, place })
    }

    fn labels(
        &mut self,
        l: &Diagram,
        shape: &Shape,
        points: &mut HashMap<char, FramePoint>,
        spans: &mut Vec<(char, Span)>,
    ) -> R<()> {
        let full_width = shape.width as usize + usize::from(shape.left) + usize::from(shape.right);
        let _ = (shape.top, shape.bottom);
        for (r, row) in l.rows.iter().enumerate() {
            let n = row.cells.chars().count();
            let edge = (r == 0 && shape.top) || (r == l.rows.len() - 1 && shape.bottom);
            if edge {
                if !is_edge_row(row) {
                    let at = row.spans.first().copied().unwrap_or(l.span);
                    return Err(self.error(at, "this labels row is an edge in the diagram"));
                }
                continue;
            }
            if n != full_width {
                let at = row.spans[0].to(row.spans[n - 1]);
                return Err(self.error(
                    at,
                    format!("this labels row has {n} cells, the diagram's rows have {full_width}"),
                ));
            }
            for (k, c) in row.cells.chars().enumerate() {
                let span = row.spans[k];
                let is_label = c.is_ascii_alphabetic() && !matches!(c, 'x' | 'o' | 'X' | 'O');
                if is_label {
                    let Some(&p) = shape.positions.get(&(r, k)) else {
                        return Err(self.error(
                            span,
                            "a label must be on a point of the diagram, not on an edge",
                        ));
                    };
                    if points.insert(c, p).is_some() {
                        return Err(self.error(span, format!("the label `{c}` is used twice")));
                    }
                    spans.push((c, span));
                }
            }
        }
        Ok(())
    }
}

fn is_edge_row(r: &DiagramRow) -> bool {
    r.cells.chars().all(|c| c == '-' || c == '+')
}

/// A diagram as the checker reads it.
struct Shape {
    cells: BTreeMap<FramePoint, u8>,
    /// The frame point of each (row, column) of the text that is a point.
    positions: HashMap<(usize, usize), FramePoint>,
    star: Option<FramePoint>,
    width: i32,
    height: i32,
    top: bool,
    bottom: bool,
    left: bool,
    right: bool,
    place: Option<PlaceKind>,
}

/// The corner point of a corner pattern and the directions into the board.
fn corner_of(from_diagram: bool, shape: Option<&Shape>) -> (FramePoint, (i32, i32)) {
    match shape {
        Some(s) if from_diagram => {
            let x = if s.left { 0 } else { s.width - 1 };
            let y = if s.bottom { 0 } else { s.height - 1 };
            ((x, y), (if s.left { 1 } else { -1 }, if s.bottom { 1 } else { -1 }))
        }
        _ => ((0, 0), (1, 1)),
    }
}

fn fix_default_tarea(nodes: &mut [SeqNode], default: usize) {
    for n in nodes {
        if n.tarea == usize::MAX {
            n.tarea = default;
        }
        fix_default_tarea(&mut n.children, default);
    }
}

fn bounding_box(points: impl Iterator<Item = FramePoint>) -> (FramePoint, FramePoint) {
    let mut lo = (i32::MAX, i32::MAX);
    let mut hi = (i32::MIN, i32::MIN);
    for (x, y) in points {
        lo = (lo.0.min(x), lo.1.min(y));
        hi = (hi.0.max(x), hi.1.max(y));
    }
    if lo.0 > hi.0 { ((0, 0), (0, 0)) } else { (lo, hi) }
}

/// A frame point as the language writes it (`d4`), or as coordinates when it is
/// outside the lettered range.
pub(crate) fn frame_point_text((x, y): FramePoint) -> String {
    if (0..25).contains(&x) && (0..25).contains(&y) {
        format!("{}{}", (b'a' + x as u8) as char, y + 1)
    } else {
        format!("({x}, {y})")
    }
}

fn looks_like_point(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() >= 2 && b[0].is_ascii_lowercase() && b[1..].iter().all(u8::is_ascii_digit)
}

struct Scope<'a> {
    locals: HashMap<String, Decl<'a>>,
    labels: HashMap<char, FramePoint>,
    star: Option<FramePoint>,
}

/// A typed value while lowering.
#[derive(Clone, Debug)]
enum Val {
    Bool(Ir),
    Int(Ir),
    Point(Ir),
    Set(Ir),
    States(u8),
    Statuses(u8),
    /// `state(p)`, waiting for `= STATES`.
    StateQ(Ir),
    /// `states(S)`, waiting for `= STATES`.
    StatesQ(Ir),
    /// `status(p)`, waiting for `= STATUSES`.
    StatusQ(Ir),
}

impl Val {
    fn describe(&self) -> &'static str {
        match self {
            Val::Bool(_) => "a truth value",
            Val::Int(_) => "a number",
            Val::Point(_) => "a point",
            Val::Set(_) => "a set of points",
            Val::States(_) => "states",
            Val::Statuses(_) => "statuses",
            Val::StateQ(_) => "`state(...)`, which is compared with `=` or `!=`",
            Val::StatesQ(_) => "`states(...)`, which is compared with `=` or `!=`",
            Val::StatusQ(_) => "`status(...)`, which is compared with `=` or `!=`",
        }
    }
}

struct Lower<'c, 'a> {
    c: &'c mut Checker<'a>,
    scope: &'c Scope<'a>,
    /// Function parameters, innermost call last.
    frames: Vec<HashMap<String, Val>>,
    /// Declarations being expanded (for recursion).
    stack: Vec<String>,
    used_labels: HashSet<char>,
}

impl<'a> Lower<'_, 'a> {
    fn err(&mut self, span: Span, message: impl Into<String>) -> Reported {
        self.c.error(span, message)
    }

    fn boolean(&mut self, v: Val, span: Span, what: &str) -> R<Ir> {
        match v {
            Val::Bool(ir) => Ok(ir),
            other => {
                Err(self
                    .err(span, format!("{what} must be a truth value, not {}", other.describe())))
            }
        }
    }

    fn int(&mut self, v: Val, span: Span) -> R<Ir> {
        match v {
            Val::Int(ir) => Ok(ir),
            other => Err(self.err(span, format!("expected a number, found {}", other.describe()))),
        }
    }

    fn point(&mut self, v: Val, span: Span) -> R<Ir> {
        match v {
            Val::Point(ir) => Ok(ir),
            other => Err(self.err(span, format!("expected a point, found {}", other.describe()))),
        }
    }

    /// A set, a point counting as a set of one.
    fn set(&mut self, v: Val, span: Span) -> R<Ir> {
        match v {
            Val::Set(ir) => Ok(ir),
            Val::Point(Ir::Point(p)) => Ok(Ir::Set(vec![p])),
            Val::Point(ir) => Ok(Ir::PSet(vec![ir])),
            other => {
                Err(self.err(span, format!("expected a set of points, found {}", other.describe())))
            }
        }
    }

    fn const_int(&mut self, e: &Expr, min: i64, max: i64, what: &str) -> R<i64> {
        let v = self.expr(e)?;
        match self.int(v, e.span)? {
            Ir::Int(n) if (min..=max).contains(&n) => Ok(n),
            Ir::Int(n) => {
                Err(self.err(e.span, format!("{what} is {n}; it must be from {min} to {max}")))
            }
            _ => Err(self.err(e.span, format!("{what} must be known when the file is compiled"))),
        }
    }

    fn const_point(&mut self, e: &Expr) -> R<FramePoint> {
        let v = self.expr(e)?;
        match self.point(v, e.span)? {
            Ir::Point(p) => Ok(p),
            _ => Err(self.err(
                e.span,
                "this point must be a point of the pattern (a label, `*` or a point such as d4)",
            )),
        }
    }

    /// The candidate points of a statement: constant points or sets.
    fn move_points(&mut self, exprs: &[Expr]) -> R<Vec<FramePoint>> {
        let mut out = Vec::new();
        for e in exprs {
            let v = self.expr(e)?;
            match v {
                Val::Point(Ir::Point(p)) => out.push(p),
                Val::Set(Ir::Set(s)) => out.extend(s),
                Val::Point(_) | Val::Set(_) => {
                    return Err(self.err(
                        e.span,
                        "a move must be a point of the pattern, known when the file is compiled",
                    ));
                }
                other => {
                    return Err(self
                        .err(e.span, format!("a move must be a point, not {}", other.describe())));
                }
            }
        }
        let mut seen = HashSet::new();
        out.retain(|p| seen.insert(*p));
        Ok(out)
    }

    fn block(
        &mut self,
        block: &CandidateBlock,
        inherited: Option<usize>,
        guard: Option<Ir>,
        tareas: &mut Vec<Vec<FramePoint>>,
        nodes: &mut usize,
        depth: usize,
    ) -> R<Vec<SeqNode>> {
        if depth > self.c.limits.max_nesting {
            return Err(self.err(
                block.span,
                format!("branches nested deeper than the limit of {}", self.c.limits.max_nesting),
            ));
        }
        let mut out = Vec::new();
        for list in &block.lists {
            let tarea = match &list.tarea {
                Some(t) => {
                    let mut area = BTreeSet::new();
                    for e in &t.areas {
                        let v = self.expr(e)?;
                        match self.set(v, e.span)? {
                            Ir::Set(s) => area.extend(s),
                            _ => {
                                return Err(self.err(
                                    e.span,
                                    "a tenuki area must be known when the file is compiled",
                                ));
                            }
                        }
                    }
                    tareas.push(area.into_iter().collect());
                    Some(tareas.len() - 1)
                }
                None => inherited,
            };
            let tarea_id = tarea.unwrap_or(usize::MAX);
            // The continuation after the last statement: the branches.
            let mut cont = Vec::new();
            for branch in &list.branches {
                let g = match &branch.condition {
                    Some(e) => {
                        let v = self.expr(e)?;
                        Some(self.boolean(v, e.span, "a branch condition")?)
                    }
                    None => None,
                };
                for b in &branch.blocks {
                    cont.extend(self.block(b, tarea, g.clone(), tareas, nodes, depth + 1)?);
                }
            }
            let stmts: Vec<&MoveStmt> = std::iter::once(&list.first).chain(&list.nexts).collect();
            for (i, stmt) in stmts.iter().enumerate().rev() {
                let points = self.move_points(&stmt.points)?;
                let mut replies = Vec::new();
                for t in &stmt.tenuki {
                    for p in self.move_points(&t.points)? {
                        replies.push(Reply { point: p, intent: t.intent, weight: t.weight });
                    }
                }
                let mut level = Vec::new();
                for p in points {
                    *nodes += 1 + count_nodes(&cont);
                    if *nodes > self.c.limits.max_sequence_nodes {
                        return Err(self.err(
                            stmt.span,
                            format!(
                                "the sequences expand to more than the limit of {} moves",
                                self.c.limits.max_sequence_nodes
                            ),
                        ));
                    }
                    level.push(SeqNode {
                        point: p,
                        intent: stmt.intent,
                        weight: stmt.weight,
                        tenuki: replies.clone(),
                        tarea: tarea_id,
                        guard: if i == 0 { guard.clone() } else { None },
                        children: cont.clone(),
                    });
                }
                cont = level;
            }
            out.extend(cont);
        }
        Ok(out)
    }

    /// Charges one node of expansion.
    fn charge(&mut self, span: Span) -> R<()> {
        if self.c.budget == 0 {
            return Err(self.err(
                span,
                "the expressions expand (through functions and variables) to too many nodes",
            ));
        }
        self.c.budget -= 1;
        Ok(())
    }

    fn expr(&mut self, e: &Expr) -> R<Val> {
        self.charge(e.span)?;
        match &e.kind {
            ExprKind::Int(n) => Ok(Val::Int(Ir::Int(*n))),
            ExprKind::Bool(b) => Ok(Val::Bool(Ir::Bool(*b))),
            ExprKind::Point { col, row } => {
                Ok(Val::Point(Ir::Point((i32::from(*col), i32::from(*row)))))
            }
            ExprKind::Label(c) => {
                // A one-letter parameter hides a label of the same letter.
                if let Some(frame) = self.frames.last()
                    && let Some(v) = frame.get(c.to_string().as_str())
                {
                    return Ok(v.clone());
                }
                if matches!(c, 'x' | 'o' | 'X' | 'O') {
                    return Err(
                        self.err(e.span, format!("`{c}` is a diagram cell, it cannot be a label"))
                    );
                }
                match self.scope.labels.get(c) {
                    Some(&p) => {
                        self.used_labels.insert(*c);
                        Ok(Val::Point(Ir::Point(p)))
                    }
                    None if self.scope.labels.is_empty() => Err(self.err(
                        e.span,
                        format!("`{c}` is a label, and the pattern has no labels diagram"),
                    )),
                    None => Err(self.err(e.span, format!("the labels diagram has no label `{c}`"))),
                }
            }
            ExprKind::Star => {
                match self.scope.star {
                    Some(p) => Ok(Val::Point(Ir::Point(p))),
                    None => Err(self
                        .err(e.span, "`*` is the diagram's move point, and the diagram has none")),
                }
            }
            ExprKind::Name(n) => self.name(n, e.span),
            ExprKind::Call(name, args) => self.call(name, args, e.span),
            ExprKind::Unary(UnaryOp::Not, x) => {
                let v = self.expr(x)?;
                let ir = self.boolean(v, x.span, "the operand of `not`")?;
                Ok(Val::Bool(match ir {
                    Ir::Bool(b) => Ir::Bool(!b),
                    Ir::Not(inner) => *inner,
                    other => Ir::Not(Box::new(other)),
                }))
            }
            ExprKind::Unary(UnaryOp::Neg, x) => {
                let v = self.expr(x)?;
                let ir = self.int(v, x.span)?;
                Ok(Val::Int(match ir {
                    Ir::Int(n) => Ir::Int(
                        n.checked_neg().ok_or_else(|| self.err(e.span, "the number overflows"))?,
                    ),
                    other => Ir::Neg(Box::new(other)),
                }))
            }
            ExprKind::And(parts) | ExprKind::Or(parts) => {
                let is_and = matches!(e.kind, ExprKind::And(_));
                let mut out = Vec::new();
                for part in parts {
                    let v = self.expr(part)?;
                    let ir = self.boolean(
                        v,
                        part.span,
                        if is_and { "an operand of `and`" } else { "an operand of `or`" },
                    )?;
                    match ir {
                        Ir::Bool(b) if b == is_and => {}
                        Ir::Bool(b) => return Ok(Val::Bool(Ir::Bool(b))),
                        Ir::And(inner) if is_and => out.extend(inner),
                        Ir::Or(inner) if !is_and => out.extend(inner),
                        other => out.push(other),
                    }
                }
                Ok(Val::Bool(match out.len() {
                    0 => Ir::Bool(is_and),
                    1 => out.pop().expect("one operand"),
                    _ if is_and => Ir::And(out),
                    _ => Ir::Or(out),
                }))
            }
            ExprKind::Binary(op, lhs, rhs) => self.binary(*op, lhs, rhs, e.span),
        }
    }

    fn name(&mut self, n: &str, span: Span) -> R<Val> {
        if let Some(frame) = self.frames.last()
            && let Some(v) = frame.get(n)
        {
            return Ok(v.clone());
        }
        let decl = self.scope.locals.get(n).or_else(|| self.c.globals.get(n)).copied();
        if let Some(decl) = decl {
            return match decl {
                Decl::Const(b) | Decl::Var(b) => {
                    let is_const = matches!(decl, Decl::Const(_));
                    let v = self.expand(n, span, |l| l.expr(&b.value))?;
                    if is_const && !val_is_constant(&v) {
                        return Err(self.err(
                            b.value.span,
                            format!(
                                "the constant `{n}` depends on the board; declare it with `var`"
                            ),
                        ));
                    }
                    Ok(v)
                }
                Decl::Function(f) => Err(self.err(
                    span,
                    format!("`{}` is a function: call it with `{}(...)`", n, f.name.text),
                )),
            };
        }
        for (word, mask) in STATE_WORDS {
            if word == n {
                return Ok(Val::States(mask));
            }
        }
        for (word, mask) in STATUS_WORDS {
            if word == n {
                return Ok(Val::Statuses(mask));
            }
        }
        match n {
            "last" => Ok(Val::Point(Ir::Last)),
            "move_number" => Ok(Val::Int(Ir::MoveNumber)),
            "stone_count" => Ok(Val::Int(Ir::StoneCount)),
            _ => {
                let hint = {
                    let b = n.as_bytes();
                    if b.len() >= 2
                        && b[0].is_ascii_uppercase()
                        && b[1..].iter().all(u8::is_ascii_digit)
                    {
                        format!(" (points are written in lower case: `{}`)", n.to_ascii_lowercase())
                    } else {
                        String::new()
                    }
                };
                Err(self.err(span, format!("unknown name `{n}`{hint}")))
            }
        }
    }

    /// Expands a declaration named `n` with recursion detection and fresh parameters.
    fn expand(&mut self, n: &str, span: Span, f: impl FnOnce(&mut Self) -> R<Val>) -> R<Val> {
        if self.stack.iter().any(|s| s == n) {
            return Err(self.err(span, format!("`{n}` is defined in terms of itself")));
        }
        if self.stack.len() >= self.c.limits.max_nesting {
            return Err(self.err(
                span,
                format!(
                    "functions and variables nest deeper than the limit of {}",
                    self.c.limits.max_nesting
                ),
            ));
        }
        self.stack.push(n.to_owned());
        // Declarations see their own scope, not the caller's parameters.
        let saved = std::mem::take(&mut self.frames);
        let result = f(self);
        self.frames = saved;
        self.stack.pop();
        result
    }

    fn call(&mut self, name: &Name, args: &[Expr], span: Span) -> R<Val> {
        let user =
            self.scope.locals.get(&name.text).or_else(|| self.c.globals.get(&name.text)).copied();
        if let Some(decl) = user {
            let Decl::Function(f) = decl else {
                return Err(self.err(name.span, format!("`{}` is not a function", name.text)));
            };
            if f.params.len() != args.len() {
                return Err(self.err(
                    span,
                    format!(
                        "`{}` takes {} argument(s), {} given",
                        name.text,
                        f.params.len(),
                        args.len()
                    ),
                ));
            }
            let mut frame = HashMap::new();
            for (param, arg) in f.params.iter().zip(args) {
                let v = self.expr(arg)?;
                frame.insert(param.text.clone(), v);
            }
            return self.expand(&name.text, span, |l| {
                l.frames.push(frame);
                let v = l.expr(&f.body);
                l.frames.pop();
                v
            });
        }
        let Some(&(_, min, max)) = BUILTIN_FUNCTIONS.iter().find(|(n, ..)| *n == name.text) else {
            return Err(self.err(name.span, format!("unknown function `{}`", name.text)));
        };
        if args.len() < min || args.len() > max {
            let expected = if min == max {
                format!("{min}")
            } else if max == usize::MAX {
                format!("at least {min}")
            } else {
                format!("{min} to {max}")
            };
            return Err(self.err(
                span,
                format!("`{}` takes {expected} argument(s), {} given", name.text, args.len()),
            ));
        }
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            vals.push(self.expr(a)?);
        }
        let mut vals = vals.into_iter().zip(args).map(|(v, a)| (v, a.span));
        let mut next = || vals.next().expect("arity checked");
        match name.text.as_str() {
            "state" | "status" => {
                let (v, s) = next();
                let p = self.point(v, s)?;
                Ok(if name.text == "state" { Val::StateQ(p) } else { Val::StatusQ(p) })
            }
            "states" => {
                let (v, s) = next();
                Ok(Val::StatesQ(self.set(v, s)?))
            }
            "emparea" | "range" => {
                let (o, os) = next();
                let origin = self.point(o, os)?;
                let (w, ws) = next();
                let (h, hs) = next();
                let w = self.extent(w, ws)?;
                let h = self.extent(h, hs)?;
                let rect = fold_rect_from(origin, (w - 1, h - 1));
                if name.text == "range" {
                    return Ok(Val::Set(rect));
                }
                let mut area = rect;
                for (v, s) in vals.by_ref() {
                    let except = self.set(v, s)?;
                    area = fold_set_op(false, area, except);
                }
                Ok(Val::Bool(fold_states(area, EMPTY)))
            }
            "difference" => {
                let (a, asp) = next();
                let (b, bsp) = next();
                let a = self.set(a, asp)?;
                let b = self.set(b, bsp)?;
                Ok(Val::Set(fold_set_op(false, a, b)))
            }
            "pset" | "pset1" | "union" => {
                let mut acc = Ir::Set(Vec::new());
                for (v, s) in vals {
                    let s = self.set(v, s)?;
                    acc = fold_set_op(true, acc, s);
                }
                Ok(Val::Set(acc))
            }
            "libs" | "liberties" | "chain_size" => {
                let (v, s) = next();
                let p = Box::new(self.point(v, s)?);
                Ok(Val::Int(if name.text == "chain_size" { Ir::ChainSize(p) } else { Ir::Libs(p) }))
            }
            "ladder_capture" | "ladder_escape" => {
                let (v, s) = next();
                let p = Box::new(self.point(v, s)?);
                Ok(Val::Bool(if name.text == "ladder_capture" {
                    Ir::LadderCapture(p)
                } else {
                    Ir::LadderEscape(p)
                }))
            }
            "dist" => {
                let (a, asp) = next();
                let (b, bsp) = next();
                let a = self.point(a, asp)?;
                let b = self.point(b, bsp)?;
                Ok(Val::Int(match (&a, &b) {
                    (Ir::Point(p), Ir::Point(q)) => {
                        Ir::Int(i64::from((p.0 - q.0).abs() + (p.1 - q.1).abs()))
                    }
                    _ => Ir::Dist(Box::new(a), Box::new(b)),
                }))
            }
            "shift" => {
                let (p, ps) = next();
                let p = self.point(p, ps)?;
                let (dx, dxs) = next();
                let (dy, dys) = next();
                let dx = self.small_const(dx, dxs)?;
                let dy = self.small_const(dy, dys)?;
                Ok(Val::Point(match p {
                    Ir::Point((x, y)) => {
                        let q = (x + dx, y + dy);
                        if q.0.abs() > MAX_COORD || q.1.abs() > MAX_COORD {
                            return Err(self.err(span, "the point is too far from the pattern"));
                        }
                        Ir::Point(q)
                    }
                    other => Ir::Shift(Box::new(other), (dx, dy)),
                }))
            }
            "count" => {
                let (s, ss) = next();
                let s = self.set(s, ss)?;
                let (m, ms) = next();
                let mask = match m {
                    Val::States(m) => m,
                    other => {
                        return Err(self.err(
                            ms,
                            format!(
                                "expected states (friend, enemy, empty, off), found {}",
                                other.describe()
                            ),
                        ));
                    }
                };
                Ok(Val::Int(Ir::Count(Box::new(s), mask)))
            }
            "after" => {
                let (p, ps) = next();
                let p = self.point(p, ps)?;
                let (side, ss) = next();
                let side = match side {
                    Val::States(FRIEND) => Side::Friend,
                    Val::States(ENEMY) => Side::Enemy,
                    other => {
                        return Err(self.err(
                            ss,
                            format!("expected `friend` or `enemy`, found {}", other.describe()),
                        ));
                    }
                };
                let (body, bs) = next();
                let body = self.boolean(body, bs, "the condition of `after`")?;
                Ok(Val::Bool(Ir::After(Box::new(p), side, Box::new(body))))
            }
            "near_last" => {
                let (p, ps) = next();
                let p = self.point(p, ps)?;
                let (r, rs) = next();
                let r = match self.int(r, rs)? {
                    Ir::Int(r) if (0..=25).contains(&r) => r,
                    _ => return Err(self.err(rs, "the distance must be a number from 0 to 25 known when the file is compiled")),
                };
                Ok(Val::Bool(Ir::NearLast(Box::new(p), r)))
            }
            other => unreachable!("built-in {other} is listed but not lowered"),
        }
    }

    /// A width or height: a constant from 1 to 25.
    fn extent(&mut self, v: Val, span: Span) -> R<i32> {
        match self.int(v, span)? {
            Ir::Int(n) if (1..=i64::from(MAX_EXTENT)).contains(&n) => Ok(n as i32),
            Ir::Int(n) => {
                Err(self.err(span, format!("a width or height is from 1 to {MAX_EXTENT}, not {n}")))
            }
            _ => Err(self.err(span, "a width or height must be known when the file is compiled")),
        }
    }

    /// A constant offset, at most 25 lines.
    fn small_const(&mut self, v: Val, span: Span) -> R<i32> {
        match self.int(v, span)? {
            Ir::Int(n) if n.abs() <= i64::from(MAX_EXTENT) => Ok(n as i32),
            _ => Err(self.err(span, format!("an offset is a number from -{MAX_EXTENT} to {MAX_EXTENT} known when the file is compiled"))),
        }
    }

    fn binary(&mut self, op: BinaryOp, lhs: &Expr, rhs: &Expr, span: Span) -> R<Val> {
        let l = self.expr(lhs)?;
        let r = self.expr(rhs)?;
        match op {
            BinaryOp::Eq | BinaryOp::Ne => {
                let eq = op == BinaryOp::Eq;
                let wrap = |ir: Ir| if eq { ir } else { negate(ir) };
                match (l, r) {
                    (Val::StateQ(p), Val::States(m)) => Ok(Val::Bool(wrap(Ir::StateIs(Box::new(p), m)))),
                    (Val::StatesQ(s), Val::States(m)) => {
                        if eq {
                            Ok(Val::Bool(fold_states(s, m)))
                        } else {
                            Ok(Val::Bool(negate(fold_states(s, m))))
                        }
                    }
                    (Val::StatusQ(p), Val::Statuses(m)) => Ok(Val::Bool(wrap(Ir::StatusIs(Box::new(p), m)))),
                    (Val::Int(a), Val::Int(b)) => Ok(Val::Bool(fold_cmp(if eq { Cmp::Eq } else { Cmp::Ne }, a, b))),
                    (Val::Point(a), Val::Point(b)) => Ok(Val::Bool(match (&a, &b) {
                        (Ir::Point(p), Ir::Point(q)) => Ir::Bool((p == q) == eq),
                        _ => Ir::PointEq(eq, Box::new(a), Box::new(b)),
                    })),
                    (Val::StateQ(_) | Val::StatesQ(_), other) => Err(self.err(
                        rhs.span,
                        format!("a state is compared with states (friend, enemy, empty, off), not {}", other.describe()),
                    )),
                    (Val::StatusQ(_), other) => Err(self.err(
                        rhs.span,
                        format!("a status is compared with statuses (alive, dead, critical, seki, unknown), not {}", other.describe()),
                    )),
                    (l, r) => Err(self.err(span, format!("cannot compare {} with {}", l.describe(), r.describe()))),
                }
            }
            BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => {
                let a = self.int(l, lhs.span)?;
                let b = self.int(r, rhs.span)?;
                let cmp = match op {
                    BinaryOp::Lt => Cmp::Lt,
                    BinaryOp::Le => Cmp::Le,
                    BinaryOp::Gt => Cmp::Gt,
                    _ => Cmp::Ge,
                };
                Ok(Val::Bool(fold_cmp(cmp, a, b)))
            }
            BinaryOp::In => {
                let p = self.point(l, lhs.span)?;
                let s = self.set(r, rhs.span)?;
                Ok(Val::Bool(match (&p, &s) {
                    (Ir::Point(p), Ir::Set(s)) => Ir::Bool(s.binary_search(p).is_ok()),
                    _ => Ir::In(Box::new(p), Box::new(s)),
                }))
            }
            BinaryOp::Union => match (l, r) {
                (Val::States(a), Val::States(b)) => Ok(Val::States(a | b)),
                (Val::Statuses(a), Val::Statuses(b)) => Ok(Val::Statuses(a | b)),
                (l @ (Val::Point(_) | Val::Set(_)), r @ (Val::Point(_) | Val::Set(_))) => {
                    let a = self.set(l, lhs.span)?;
                    let b = self.set(r, rhs.span)?;
                    Ok(Val::Set(fold_set_op(true, a, b)))
                }
                (l, r) => Err(self.err(
                    span,
                    format!(
                        "`|` joins states, statuses or points, not {} and {}",
                        l.describe(),
                        r.describe()
                    ),
                )),
            },
            BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul => {
                let a = self.int(l, lhs.span)?;
                let b = self.int(r, rhs.span)?;
                let arith = match op {
                    BinaryOp::Add => Arith::Add,
                    BinaryOp::Sub => Arith::Sub,
                    _ => Arith::Mul,
                };
                Ok(Val::Int(match (&a, &b) {
                    (Ir::Int(x), Ir::Int(y)) => {
                        let v = match arith {
                            Arith::Add => x.checked_add(*y),
                            Arith::Sub => x.checked_sub(*y),
                            Arith::Mul => x.checked_mul(*y),
                        };
                        Ir::Int(v.ok_or_else(|| self.err(span, "the number overflows"))?)
                    }
                    _ => Ir::Arith(arith, Box::new(a), Box::new(b)),
                }))
            }
            BinaryOp::Rect => {
                let a = self.point(l, lhs.span)?;
                let b = self.point(r, rhs.span)?;
                match (&a, &b) {
                    (Ir::Point(p), Ir::Point(q)) => {
                        if (p.0 - q.0).abs() >= MAX_EXTENT || (p.1 - q.1).abs() >= MAX_EXTENT {
                            return Err(self.err(
                                span,
                                format!("a rectangle is at most {MAX_EXTENT}×{MAX_EXTENT}"),
                            ));
                        }
                        Ok(Val::Set(rect_points(*p, *q)))
                    }
                    _ => Ok(Val::Set(Ir::Rect(Box::new(a), Box::new(b)))),
                }
            }
        }
    }
}

fn val_is_constant(v: &Val) -> bool {
    match v {
        Val::Bool(ir) | Val::Int(ir) | Val::Point(ir) | Val::Set(ir) => ir.is_constant(),
        Val::States(_) | Val::Statuses(_) => true,
        Val::StateQ(_) | Val::StatesQ(_) | Val::StatusQ(_) => false,
    }
}

fn negate(ir: Ir) -> Ir {
    match ir {
        Ir::Bool(b) => Ir::Bool(!b),
        Ir::Not(inner) => *inner,
        other => Ir::Not(Box::new(other)),
    }
}

fn fold_cmp(cmp: Cmp, a: Ir, b: Ir) -> Ir {
    match (&a, &b) {
        (Ir::Int(x), Ir::Int(y)) => Ir::Bool(match cmp {
            Cmp::Eq => x == y,
            Cmp::Ne => x != y,
            Cmp::Lt => x < y,
            Cmp::Le => x <= y,
            Cmp::Gt => x > y,
            Cmp::Ge => x >= y,
        }),
        _ => Ir::Cmp(cmp, Box::new(a), Box::new(b)),
    }
}

/// `states(S) = mask`, true for an empty constant set.
fn fold_states(set: Ir, mask: u8) -> Ir {
    match &set {
        Ir::Set(s) if s.is_empty() => Ir::Bool(true),
        _ => Ir::StatesAre(Box::new(set), mask),
    }
}

fn rect_points(p: FramePoint, q: FramePoint) -> Ir {
    let (x0, x1) = (p.0.min(q.0), p.0.max(q.0));
    let (y0, y1) = (p.1.min(q.1), p.1.max(q.1));
    Ir::Set((x0..=x1).flat_map(|x| (y0..=y1).map(move |y| (x, y))).collect())
}

fn fold_rect_from(origin: Ir, far: (i32, i32)) -> Ir {
    match origin {
        Ir::Point(p) => rect_points(p, (p.0 + far.0, p.1 + far.1)),
        other => Ir::RectFrom(Box::new(other), far),
    }
}

/// A union (`true`) or a difference of two sets, folded when both are constants.
fn fold_set_op(union: bool, a: Ir, b: Ir) -> Ir {
    match (a, b) {
        (Ir::Set(a), Ir::Set(b)) => {
            let b: BTreeSet<FramePoint> = b.into_iter().collect();
            let mut out: BTreeSet<FramePoint> = a.into_iter().collect();
            if union {
                out.extend(b);
            } else {
                out.retain(|p| !b.contains(p));
            }
            Ir::Set(out.into_iter().collect())
        }
        (a, b) if union => Ir::Union(Box::new(a), Box::new(b)),
        (a, b) => Ir::Difference(Box::new(a), Box::new(b)),
    }
}

fn count_nodes(nodes: &[SeqNode]) -> usize {
    nodes.iter().map(|n| 1 + count_nodes(&n.children)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    fn check_src(src: &str) -> Result<(Program, Vec<Diagnostic>), Error> {
        let file = parse(src).unwrap_or_else(|e| panic!("{e}"));
        check(&file, src, &Limits::DEFAULT)
    }

    fn first_error(src: &str) -> String {
        match check_src(src) {
            Ok(_) => panic!("accepted: {src}"),
            Err(e) => e.first().to_string(),
        }
    }

    #[test]
    fn seed_figure_two() {
        let (program, warnings) = check_src(
            "pattern hakakari
               place corner
               pickup none
               condition state(d4) = enemy and emparea(a1, 7, 4, d4)
               candidate with(opening, 72) f3, f4 end_candidate
             end_pattern",
        )
        .unwrap();
        assert!(warnings.is_empty());
        let p = &program.patterns[0];
        assert_eq!(p.place, PlaceKind::Corner);
        assert!(!p.is_sequence);
        assert_eq!(p.roots.len(), 2);
        let Some(Ir::And(parts)) = &p.condition else { panic!("{:?}", p.condition) };
        assert!(
            matches!(&parts[1], Ir::StatesAre(set, EMPTY) if matches!(&**set, Ir::Set(s) if s.len() == 27))
        );
    }

    #[test]
    fn functions_variables_and_constants_expand() {
        let (program, _) = check_src(
            "const side_ = 3
             function around(p) = range(shift(p, -1, -1), side_, side_)
             var quiet = states(around(b2)) = empty
             pattern p condition quiet and libs(b2) >= side_ - 1 candidate with(shape, 1) b2 end_candidate end_pattern",
        )
        .unwrap();
        let Some(Ir::And(parts)) = &program.patterns[0].condition else { panic!() };
        assert!(
            matches!(&parts[0], Ir::StatesAre(s, EMPTY) if matches!(&**s, Ir::Set(v) if v.len() == 9))
        );
        assert!(matches!(&parts[1], Ir::Cmp(Cmp::Ge, _, b) if **b == Ir::Int(2)));
    }

    #[test]
    fn errors_are_located() {
        assert!(first_error("pattern p condition libs(d4) = friend candidate with(shape,1) d4 end_candidate end_pattern")
            .contains("cannot compare a number with states"));
        assert!(first_error("function ff(x) = ff(x) pattern p condition ff(1) candidate with(shape,1) d4 end_candidate end_pattern")
            .contains("in terms of itself"));
        assert!(
            first_error(
                "pattern p condition a candidate with(shape,1) d4 end_candidate end_pattern"
            )
            .contains("no labels diagram")
        );
        assert!(
            first_error(
                "pattern p condition D4 = d4 candidate with(shape,1) d4 end_candidate end_pattern"
            )
            .contains("lower case: `d4`")
        );
        assert!(
            first_error(
                "pattern p diagram\n X*\n X*\ncandidate with(shape,1) * end_candidate end_pattern"
            )
            .contains("second `*`")
        );
        assert!(
            first_error(
                "pattern p diagram\n X.\n XO\ncandidate with(shape,1) b1 end_candidate end_pattern"
            )
            .contains("requires to be friend")
        );
        assert!(first_error("const many = libs(d4) pattern p condition many > 1 candidate with(shape,1) d4 end_candidate end_pattern")
            .contains("depends on the board"));
        assert!(first_error("pattern p place side diagram\n|..\n|.*\n+--\ncandidate with(shape,1) * end_candidate end_pattern")
            .contains("corner pattern, not a side"));
    }

    #[test]
    fn diagram_edges_and_labels() {
        let (program, warnings) = check_src(
            "pattern p
               diagram
                 ..*|
                 .X.|
                 ---+
               labels
                 a.*|
                 .Xb|
                 ---+
               condition libs(b) >= 0
               candidate with(shape, 1) * end_candidate
             end_pattern",
        )
        .unwrap();
        let p = &program.patterns[0];
        assert_eq!(p.place, PlaceKind::Corner);
        assert!(p.place_from_diagram);
        assert_eq!(p.diagram.get(&(3, 0)), Some(&OFF));
        assert_eq!(p.diagram.get(&(1, -1)), Some(&OFF));
        assert_eq!(p.diagram.get(&(3, -1)), Some(&OFF));
        assert_eq!(p.diagram.get(&(1, 0)), Some(&ENEMY));
        assert_eq!(p.corner, Some(((2, 0), (-1, 1))));
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].message().contains("`a` is not used"));
    }

    #[test]
    fn sequences_become_trees() {
        let (program, _) = check_src(
            "pattern akisumisen
               place corner
               condition emparea(a1, 8, 8)
               candidate
                 tarea(a1:h8)
                 with(joseki, 20) d4
                 next(joseki, 20) f3
                   tenuki(attack, 10) d6
                 branch
                   candidate
                     with(joseki, 20) d6
                     with(joseki, 20) i4
                   end_candidate
                 end_branch
               end_candidate
             end_pattern",
        )
        .unwrap();
        let p = &program.patterns[0];
        assert!(p.is_sequence);
        assert_eq!(p.roots.len(), 1);
        let f3 = &p.roots[0].children[0];
        assert_eq!(f3.point, (5, 2));
        assert_eq!(f3.tenuki[0].point, (3, 5));
        let third: Vec<FramePoint> = f3.children.iter().map(|n| n.point).collect();
        assert_eq!(third, [(3, 5), (8, 3)]);
        assert_eq!(p.tareas[f3.children[1].tarea].len(), 64);
    }

    #[test]
    fn expansion_is_bounded() {
        let mut src = String::from("function grow0(x) = x + 1\n");
        for i in 1..40 {
            src.push_str(&format!("function grow{i}(x) = grow{}(x) + grow{}(x)\n", i - 1, i - 1));
        }
        src.push_str("pattern p condition grow39(1) > 0 candidate with(shape,1) d4 end_candidate end_pattern");
        assert!(first_error(&src).contains("too many nodes"));
        let mut src = String::from("pattern p candidate with(shape,1) a1, b1, c1");
        for _ in 0..30 {
            src.push_str(" next(shape,1) a2, b2, c2");
        }
        src.push_str(" end_candidate end_pattern");
        assert!(first_error(&src).contains("limit of 1000000 moves"));
    }
}
