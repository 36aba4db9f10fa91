//! `go-lab eval-bench --diagnose N`: where the score estimate with reading goes wrong.
//!
//! For every selected game at 50, 75 and 90 % of its moves, the estimate with reading
//! ([`PositionEvaluator::estimate_score_with_reading`]) is split into its sources of
//! error by swapping in parts of the label:
//!
//! - `read`: the estimate itself;
//! - `true dead`: the same evaluation with the label's dead stones (stones the label
//!   gives to the other colour) instead of the reader's, and no critical stones, so its
//!   error is the territory's alone;
//! - `label map`: the label's ownership counted on the position as it stands (the part
//!   of the error no judgement of the present position can remove: prisoners still to
//!   be taken, dame);
//!
//! - variants of the rule for critical stones, and three that let the label decide one
//!   class of stones (the critical ones, those read alive, those read dead) while the
//!   reading decides the rest: how much of the error each class carries;
//!
//! the stones of each owl status class (certain or not, whose move, static status; read
//! as the evaluation reads them) are counted as the label keeps or kills them; and the
//! wrong points are counted by kind: dead stones called alive, living stones called
//! dead, empty points of the wrong colour, undecided empty points the label gives to a
//! colour, and points given to a colour that the label leaves neutral. The `N`
//! positions with the largest error are printed as diagrams.

use std::io::Write;

use go_board::{Color, PointSet, Position};
use go_engine::output::CommandError;
use go_eval::Ownership;
use go_eval::evaluate::PositionEvaluator;
use go_eval::score::ReadStatus;

use crate::batch;
use crate::eval_bench::Args;
use crate::ownership::{self, Label};

/// The fractions the diagnosis looks at.
const FRACTIONS: [f64; 3] = [0.5, 0.75, 0.9];

/// One diagnosed position.
struct Case {
    file: String,
    fraction: f64,
    moves: usize,
    result: i32,
    read: (i32, i32, i32),
    true_dead: i32,
    label_map: i32,
    variants: [i32; 10],
    stones: [u32; 10],
    classes: [[u32; 2]; 13],
    kinds: [u32; 5],
    diagram: String,
}

const VARIANTS: [&str; 10] = [
    "critical dead",
    "critical dead when the attacker moves",
    "reading or static dead",
    "reading dead, or critical and static dead",
    "critical dead when uncertain",
    "midpoint of critical alive and dead (the rule before stop 30)",
    "critical alive (the rule before the mean value)",
    "the label decides the critical stones",
    "the label decides the stones read alive",
    "the label decides the stones read dead",
];

const STONES: [&str; 10] = [
    "critical stones",
    "critical stones the label kills",
    "stones read alive",
    "stones read alive the label kills",
    "stones read alive the label kills, static dead",
    "stones read dead the label keeps",
    "black stones read alive or critical the label kills",
    "white stones read alive or critical the label kills",
    "black stones read dead the label keeps",
    "white stones read dead the label keeps",
];

const KINDS: [&str; 5] = [
    "dead stones called alive",
    "living stones called dead",
    "empty, wrong colour",
    "empty, undecided",
    "neutral, given a colour",
];

/// Runs the diagnosis on the selected games and prints it.
///
/// # Errors
///
/// The labels cannot be read, or writing fails.
pub fn run(args: &Args, worst: usize, out: &mut impl Write) -> Result<(), CommandError> {
    let labels = ownership::read_labels(&args.labels)?;
    let labels: Vec<Label> =
        labels.into_iter().skip(args.skip).take(args.limit.unwrap_or(usize::MAX)).collect();
    let evaluator = PositionEvaluator::default();
    let pool = batch::pool(args.batch.jobs)?;
    let mut cases: Vec<Case> = Vec::new();
    batch::run_ordered(
        &pool,
        &labels,
        |label| label.file.clone(),
        |label| diagnose(label, &args.games, &evaluator, args.budget()),
        |_, found| {
            match found {
                Ok(c) => cases.extend(c),
                Err(e) => eprintln!("skipped {e}"),
            }
            Ok(())
        },
    )?;
    for &fraction in &FRACTIONS {
        let at: Vec<&Case> = cases.iter().filter(|c| c.fraction == fraction).collect();
        let n = at.len().max(1) as f64;
        let mae = |f: &dyn Fn(&Case) -> i32| {
            at.iter().map(|c| f64::from((f(c) - c.result).unsigned_abs())).sum::<f64>() / n / 2.0
        };
        let bias = |f: &dyn Fn(&Case) -> i32| {
            at.iter().map(|c| f64::from(f(c) - c.result)).sum::<f64>() / n / 2.0
        };
        let winner = at.iter().filter(|c| c.read.0.signum() == c.result.signum()).count();
        let within = at.iter().filter(|c| c.read.1 <= c.result && c.result <= c.read.2).count();
        let width: f64 = at.iter().map(|c| f64::from(c.read.2 - c.read.1)).sum::<f64>() / n / 2.0;
        writeln!(out, "at {:.0} %: {} positions", 100.0 * fraction, at.len())?;
        writeln!(
            out,
            "  MAE (bias): read {:.1} ({:+.1}), true dead {:.1} ({:+.1}), label map {:.1} ({:+.1})",
            mae(&|c| c.read.0),
            bias(&|c| c.read.0),
            mae(&|c| c.true_dead),
            bias(&|c| c.true_dead),
            mae(&|c| c.label_map),
            bias(&|c| c.label_map),
        )?;
        writeln!(
            out,
            "  winner {:.1} %, in bounds {:.1} %, width {width:.1}",
            100.0 * winner as f64 / n,
            100.0 * within as f64 / n
        )?;
        for (v, name) in VARIANTS.iter().enumerate() {
            writeln!(
                out,
                "  {name}: MAE {:.1} (bias {:+.1}), winner {:.1} %",
                mae(&|c| c.variants[v]),
                bias(&|c| c.variants[v]),
                100.0
                    * at.iter().filter(|c| c.variants[v].signum() == c.result.signum()).count()
                        as f64
                    / n
            )?;
        }
        for (k, name) in STONES.iter().enumerate() {
            let total: u32 = at.iter().map(|c| c.stones[k]).sum();
            writeln!(out, "  {name}: {:.1} per position", f64::from(total) / n)?;
        }
        for (k, name) in [
            "alive certain",
            "alive uncertain",
            "critical certain",
            "critical uncertain",
            "dead/other",
            "critical certain, owner to move",
            "critical certain, attacker to move",
            "critical uncertain, owner to move",
            "critical uncertain, attacker to move",
            "critical uncertain, static dead",
            "critical uncertain, static alive",
            "critical, a chain of <= 2 liberties at stake, owner to move",
            "critical, a chain of <= 2 liberties at stake, attacker to move",
        ]
        .iter()
        .enumerate()
        {
            let live: u32 = at.iter().map(|c| c.classes[k][0]).sum();
            let dead: u32 = at.iter().map(|c| c.classes[k][1]).sum();
            writeln!(
                out,
                "  {name}: stones label-alive {:.1}, label-dead {:.1} per position",
                f64::from(live) / n,
                f64::from(dead) / n
            )?;
        }
        for (k, name) in KINDS.iter().enumerate() {
            let total: u32 = at.iter().map(|c| c.kinds[k]).sum();
            writeln!(out, "  {name}: {:.1} points per position", f64::from(total) / n)?;
        }
    }
    cases.sort_by_key(|c| std::cmp::Reverse((c.read.0 - c.result).unsigned_abs()));
    for c in cases.iter().take(worst) {
        writeln!(
            out,
            "\n{} at {:.0} % (move {}): result {:+.1}, read {:+.1} [{:+.1}, {:+.1}], \
             true dead {:+.1}, label map {:+.1}; kinds {:?}",
            c.file,
            100.0 * c.fraction,
            c.moves,
            f64::from(c.result) / 2.0,
            f64::from(c.read.0) / 2.0,
            f64::from(c.read.1) / 2.0,
            f64::from(c.read.2) / 2.0,
            f64::from(c.true_dead) / 2.0,
            f64::from(c.label_map) / 2.0,
            c.kinds
        )?;
        write!(out, "{}", c.diagram)?;
    }
    Ok(())
}

fn diagnose(
    label: &Label,
    games: &std::path::Path,
    evaluator: &PositionEvaluator,
    budget: go_eval::reading::Budget,
) -> Result<Vec<Case>, String> {
    let record = batch::read_game(&games.join(&label.file))?;
    let truth = ownership::truth(label, record.size)?;
    let result = ownership::result_margin(&label.result)
        .ok_or_else(|| format!("{}: no counted result", label.file))?;
    let mut cases = Vec::new();
    for &fraction in &FRACTIONS {
        let moves = ownership::moves_at(fraction, label.moves);
        let position = go_engine::record::replay(&record, moves)
            .map_err(|e| format!("{}: {e}", label.file))?;
        let read = ReadStatus::new(&position, budget);
        let estimate = evaluator.estimate_score_read(&position, &read);
        let true_dead = label_dead(&position, &truth);
        let given = ReadStatus {
            dead: true_dead,
            critical: go_board::ByColor::new(PointSet::EMPTY, PointSet::EMPTY),
            uncertain: PointSet::EMPTY,
            nodes: 0,
        };
        let oracle = evaluator.estimate_score_read(&position, &given);
        let label_map = position.score_ownership(&truth, &true_dead).margin_half_points();
        let none = go_board::ByColor::new(PointSet::EMPTY, PointSet::EMPTY);
        let critical = read.critical.black | read.critical.white;
        let static_dead = evaluator.static_dead_stones(&position);
        let mover = position.to_move();
        let variant = |dead: PointSet| {
            let r = ReadStatus { dead, critical: none, uncertain: PointSet::EMPTY, nodes: 0 };
            evaluator.estimate_score_read(&position, &r).margin()
        };
        let variants = [
            variant(read.dead | critical),
            variant(read.dead | read.critical[!mover]),
            variant(read.dead | static_dead),
            variant(read.dead | (static_dead & critical)),
        ];
        // The reading with `dead` for its dead stones, the critical ones as read.
        let partly = |dead: PointSet| {
            let r = ReadStatus {
                dead,
                critical: go_board::ByColor::new(
                    read.critical.black - dead,
                    read.critical.white - dead,
                ),
                uncertain: read.uncertain - dead,
                nodes: 0,
            };
            evaluator.estimate_score_read(&position, &r).margin()
        };
        let by_color = position.board().stones_by_color();
        let others = (by_color.black | by_color.white) - read.dead - critical;
        let stones = [
            critical.len() as u32,
            (critical & true_dead).len() as u32,
            others.len() as u32,
            (others & true_dead).len() as u32,
            (others & true_dead & static_dead).len() as u32,
            (read.dead - true_dead).len() as u32,
            ((by_color.black - read.dead) & true_dead).len() as u32,
            ((by_color.white - read.dead) & true_dead).len() as u32,
            ((by_color.black & read.dead) - true_dead).len() as u32,
            ((by_color.white & read.dead) - true_dead).len() as u32,
        ];
        let ours = &estimate.evaluation.ownership;
        let mut kinds = [0u32; 5];
        let board = position.board();
        for (p, owner) in truth.iter() {
            let predicted = ours[p];
            let stone = board.color_at(p);
            let kind = match (stone, *owner, predicted) {
                (_, t, o) if t == o => continue,
                (Some(s), Some(t), _) if t != s && !estimate.evaluation.dead.contains(p) => 0,
                (Some(s), Some(t), _) if t == s => 1,
                (None, Some(_), Some(_)) => 2,
                (None, Some(_), None) => 3,
                (_, None, _) => 4,
                _ => 2,
            };
            kinds[kind] += 1;
        }
        let mut classes = [[0u32; 2]; 13];
        let mut uncertain = PointSet::EMPTY;
        let mut scratch = go_eval::reading::owl::OwlScratch::new();
        for (dragon, st) in go_eval::reading::owl::Owl::new().sharing_the_budget().dragon_statuses(
            position.board(),
            budget,
            &mut scratch,
        ) {
            let class = match st.status {
                go_board::Status::Alive if st.certain => 0,
                go_board::Status::Alive => 1,
                go_board::Status::Critical { .. } if st.certain => 2,
                go_board::Status::Critical { .. } => 3,
                _ => 4,
            };
            if class == 3 {
                uncertain |= dragon.stones;
            }
            let stake = go_eval::reading::owl::Owl::at_stake(position.board(), &dragon);
            let small = stake != dragon.stones;
            let mut add = |class: usize| {
                classes[class][0] += (stake - true_dead).len() as u32;
                classes[class][1] += (stake & true_dead).len() as u32;
            };
            add(class);
            if class == 2 || class == 3 {
                let owner = usize::from(dragon.color != mover);
                add(5 + 2 * (class - 2) + owner);
            }
            if class == 3 {
                add(if dragon.stones.is_subset(&static_dead) { 9 } else { 10 });
            }
            if (class == 2 || class == 3) && small {
                add(11 + usize::from(dragon.color != mover));
            }
        }
        let variants = [
            variants[0],
            variants[1],
            variants[2],
            variants[3],
            variant(read.dead | (uncertain & critical)),
            (variants[0] + variant(read.dead)).div_euclid(2),
            variant(read.dead),
            variant(read.dead | (critical & true_dead)),
            partly(read.dead | (others & true_dead)),
            partly(read.dead & true_dead),
        ];
        let diagram = diagram(&position, &truth, ours, &read);
        cases.push(Case {
            file: label.file.clone(),
            fraction,
            moves,
            result,
            read: (estimate.margin(), estimate.bounds.pessimistic(), estimate.bounds.optimistic()),
            true_dead: oracle.margin(),
            label_map,
            variants,
            stones,
            classes,
            kinds,
            diagram,
        });
    }
    Ok(cases)
}

/// The stones the label gives to the other colour.
fn label_dead(position: &Position, truth: &Ownership) -> PointSet {
    let board = position.board();
    board
        .stones(Color::Black)
        .iter()
        .chain(board.stones(Color::White).iter())
        .filter(|&p| matches!((board.color_at(p), truth[p]), (Some(s), Some(t)) if s != t))
        .collect()
}

/// The board (X, O, dead stones x, o by reading, critical ones as `!`) beside the
/// differences: `B`/`W` the label's colour where we said the other one, `b`/`w` where
/// we said nobody, `?` where we gave a colour to a neutral point.
fn diagram(position: &Position, truth: &Ownership, ours: &Ownership, read: &ReadStatus) -> String {
    let size = position.size();
    let board = position.board();
    let mut s = String::new();
    for row in (0..size.rows()).rev() {
        for col in 0..size.cols() {
            let p = go_board::Point::must(col, row, size);
            let c = match board.color_at(p) {
                _ if read.critical.black.contains(p) || read.critical.white.contains(p) => '!',
                Some(Color::Black) if read.dead.contains(p) => 'x',
                Some(Color::White) if read.dead.contains(p) => 'o',
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            };
            s.push(c);
            s.push(' ');
        }
        s.push_str("   ");
        for col in 0..size.cols() {
            let p = go_board::Point::must(col, row, size);
            let c = match (truth[p], ours[p]) {
                (t, o) if t == o => '.',
                (Some(Color::Black), Some(_)) => 'B',
                (Some(Color::White), Some(_)) => 'W',
                (Some(Color::Black), None) => 'b',
                (Some(Color::White), None) => 'w',
                (None, _) => '?',
            };
            s.push(c);
            s.push(' ');
        }
        s.push('\n');
    }
    s
}
