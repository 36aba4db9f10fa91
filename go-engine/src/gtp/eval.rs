//! The evaluation commands of the GTP session (go-eval without reading):
//! `estimate_score`, `bouzy_map` and `influence_map` (integers, for scripts), their
//! GoGui `dboard`s `gogui-bouzy_map` and `gogui-influence_map` (scaled into [−1, 1]),
//! the GoGui boards `territory_map` and `group_map`, and the candidate moves of the
//! shipped strength model, `strength_candidates` (GoGui `pspairs`).

use go_board::PointMap;
use go_board::{Color, PointSet, Position};
use go_eval::Ownership;
use go_eval::bouzy::Bouzy;
use go_eval::evaluate::PositionEvaluator;
use go_eval::influence::{Directional, DirectionalConfig, ZobristPotential};
use go_eval::score::{ReadStatus, ScoreEstimate};

use super::Session;
use super::command::{AnalyzeKind, Args, Command};
use crate::player::Player;
use crate::render;

/// The commands of this module, with their analyze entries.
pub(super) fn commands<P: Player + 'static>() -> Vec<Command<P>> {
    let dboards = vec![("Influence", "directional"), ("Zobrist Potential", "zobrist")]
        .into_iter()
        .fold(Command::new("gogui-influence_map", gogui_influence_map::<P>), |c, (label, arg)| {
            c.analyze(AnalyzeKind::DBoard, label, arg)
        });
    let bouzy =
        [("Bouzy Territory 5-21", "5 21"), ("Bouzy Moyo 5-10", "5 10"), ("Bouzy Area 4-0", "4 0")]
            .into_iter()
            .fold(Command::new("gogui-bouzy_map", gogui_bouzy_map::<P>), |c, (label, args)| {
                c.analyze(AnalyzeKind::DBoard, label, args)
            });
    vec![
        dboards,
        bouzy,
        Command::new("territory_map", |s: &mut Session<P>, _: &Args<'_>| {
            Ok(territory_map(&s.position))
        })
        .analyze(AnalyzeKind::Gfx, "Territory", ""),
        Command::new("group_map", |s: &mut Session<P>, _: &Args<'_>| Ok(group_map(&s.position)))
            .analyze(AnalyzeKind::Gfx, "Groups", ""),
        Command::new("estimate_score", |s: &mut Session<P>, _: &Args<'_>| {
            Ok(estimate_score(&s.position))
        })
        .analyze(AnalyzeKind::String, "Estimate Score", ""),
        Command::new("bouzy_map", |s: &mut Session<P>, args: &Args<'_>| {
            Ok(grid_text(&bouzy_grid(&s.position, args)?))
        }),
        Command::new("influence_map", |s: &mut Session<P>, args: &Args<'_>| {
            Ok(grid_text(&influence_grid(&s.position, args)?))
        }),
        Command::new("strength_candidates", |s: &mut Session<P>, args: &Args<'_>| {
            strength_candidates(&s.position, args)
        })
        .analyze(AnalyzeKind::PSPairs, "Strength Candidates", ""),
    ]
}

/// The most candidates `strength_candidates` lists.
const MAX_CANDIDATES: usize = 361;

/// `strength_candidates [N]`: the N (default 10) best candidate moves of go-eval's
/// shipped strength model for the side to move, best first, as GoGui point-label pairs
/// (`Q16 1 D4 2 ...`).
fn strength_candidates(position: &Position, args: &Args<'_>) -> Result<String, String> {
    use go_eval::strength::model::StrengthModel;
    use std::sync::{Arc, OnceLock};
    static MODEL: OnceLock<Result<Arc<StrengthModel>, String>> = OnceLock::new();
    let n = match args.get(0) {
        None => 10,
        Some(a) => a
            .parse::<usize>()
            .ok()
            .filter(|&n| (1..=MAX_CANDIDATES).contains(&n))
            .ok_or_else(|| format!("invalid candidate count {a:?}: 1 to {MAX_CANDIDATES}"))?,
    };
    let model = MODEL
        .get_or_init(|| StrengthModel::shipped().map(Arc::new).map_err(|e| e.to_string()))
        .clone()?;
    let report = crate::strength::StrengthReport::new(position, model, n);
    let pairs: Vec<String> =
        report.candidates.iter().map(|c| format!("{} {}", c.point, c.rank)).collect();
    Ok(pairs.join(" "))
}

fn gogui_bouzy_map<P: Player + 'static>(
    s: &mut Session<P>,
    args: &Args<'_>,
) -> Result<String, String> {
    Ok(scaled_text(&bouzy_grid(&s.position, args)?))
}

fn gogui_influence_map<P: Player + 'static>(
    s: &mut Session<P>,
    args: &Args<'_>,
) -> Result<String, String> {
    Ok(scaled_text(&influence_grid(&s.position, args)?))
}

/// The most dilations or erosions `bouzy_map` accepts (the cost grows linearly).
pub(crate) const MAX_BOUZY_STEPS: u32 = 1000;

/// Half-points as GNU Go prints scores: one decimal (`12.5`, `-3.0`).
fn points(half_points: i32) -> String {
    format!("{:.1}", f64::from(half_points) / 2.0)
}

/// `estimate_score` in GNU Go 3.8's format: the winner and margin, then the bounds as
/// White's lead (`W+3.5 (upper bound: 6.0, lower: 1.5)`); a draw is `W+0.0`.
fn estimate_score(position: &Position) -> String {
    let evaluator = PositionEvaluator::default();
    estimate_text(&evaluator.estimate_score_with_reading(position, ReadStatus::BUDGET))
}

/// An estimate in GNU Go's format (see [`estimate_score`]).
fn estimate_text(estimate: &ScoreEstimate) -> String {
    let margin = estimate.margin();
    let lead =
        if margin > 0 { format!("B+{}", points(margin)) } else { format!("W+{}", points(-margin)) };
    format!(
        "{lead} (upper bound: {}, lower: {})",
        points(-estimate.bounds.pessimistic()),
        points(-estimate.bounds.optimistic())
    )
}

fn stones(position: &Position) -> go_board::ByColor<PointSet> {
    let board = position.board();
    go_board::ByColor::new(*board.stones(Color::Black), *board.stones(Color::White))
}

/// A grid as the map commands answer it: one board row per line from the top.
fn grid_text(grid: &PointMap<i32>) -> String {
    grid.to_string().trim_end().to_owned()
}

/// A grid as a GoGui `dboard`: every value divided by the largest absolute value (so
/// in [−1, 1], the largest drawn full size), with at most three decimals, one board
/// row per line from the top.
fn scaled_text(grid: &PointMap<i32>) -> String {
    let scale = grid.iter().map(|(_, v)| v.unsigned_abs()).max().unwrap_or(0).max(1);
    let cells = grid.map(|&v| Decimal(f64::from(v) / f64::from(scale)));
    let text = cells.to_string();
    // Single spaces between cells: GoGui splits on whitespace.
    let rows: Vec<String> =
        text.lines().map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ")).collect();
    rows.join("\n")
}

/// A value printed by [`decimal`].
struct Decimal(f64);

impl std::fmt::Display for Decimal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&decimal(self.0))
    }
}

/// `x` with at most three decimals and no trailing zeros (`0.5`, `-1`, `0`).
fn decimal(x: f64) -> String {
    let text = format!("{x:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    match text {
        "-0" | "" => "0".to_owned(),
        t => t.to_owned(),
    }
}

/// `bouzy_map N M`: N dilations then M erosions of all the stones on the board (no dead
/// stone removed, no bubble closed), Black positive.
fn bouzy_grid(position: &Position, args: &Args<'_>) -> Result<PointMap<i32>, String> {
    let step = |i: usize| -> Result<u32, String> {
        let arg = args.get(i).ok_or("bouzy_map needs dilations and erosions")?;
        arg.parse::<u32>()
            .ok()
            .filter(|&n| n <= MAX_BOUZY_STEPS)
            .ok_or_else(|| format!("invalid step count {arg:?}: 0 to {MAX_BOUZY_STEPS}"))
    };
    let bouzy = Bouzy::new(step(0)?, step(1)?);
    Ok(bouzy.map(position.size(), &stones(position)))
}

/// `influence_map [directional|zobrist]`: Black's influence minus White's in the
/// directional model with GNU Go's settings (rounded), or Zobrist's potential (±64, 4
/// iterations), of all the stones on the board.
fn influence_grid(position: &Position, args: &Args<'_>) -> Result<PointMap<i32>, String> {
    let stones = stones(position);
    Ok(match args.get(0).unwrap_or("directional") {
        "directional" => Directional::new(DirectionalConfig::GNU_GO)
            .expect("GNU Go's settings are valid")
            .influence(position.size(), &stones)
            .difference(),
        "zobrist" => ZobristPotential::CLASSIC.map(position.size(), &stones),
        _ => return Err("invalid model: directional or zobrist".to_owned()),
    })
}

/// The empty points and dead stones of `ownership` owned by `color`.
fn owned_points(position: &Position, ownership: &Ownership, dead: &PointSet, c: Color) -> PointSet {
    let board = position.board();
    let living = (*board.stones(Color::Black) | *board.stones(Color::White)) - *dead;
    ownership.points_where(|&o| o == Some(c)) - living
}

/// GoGui `gfx`: the evaluation's territory with reading (empty points and dead stones by owner), the
/// dead stones marked, and the score estimate.
fn territory_map(position: &Position) -> String {
    let evaluator = PositionEvaluator::default();
    let estimate = evaluator.estimate_score_with_reading(position, ReadStatus::BUDGET);
    let eval = &estimate.evaluation;
    let mut lines = Vec::new();
    for (color, word) in [(Color::Black, "BLACK"), (Color::White, "WHITE")] {
        let owned = owned_points(position, &eval.ownership, &eval.dead, color);
        if !owned.is_empty() {
            lines.push(format!("{word} {}", render::vertex_list(&owned)));
        }
    }
    if !eval.dead.is_empty() {
        lines.push(format!("MARK {}", render::vertex_list(&eval.dead)));
    }
    lines.push(format!("TEXT {}", estimate_text(&estimate)));
    lines.join("\n")
}

/// Colours for the groups of `group_map`, black groups first from the dark ones.
const GROUP_COLORS: [[&str; 4]; 2] =
    [["#1f77b4", "#2ca02c", "#9467bd", "#8c564b"], ["#ff7f0e", "#e377c2", "#bcbd22", "#17becf"]];

/// GoGui `gfx`: the groups of the evaluation (chains joined by links), each labelled
/// with a letter and coloured, dead groups marked, and a summary.
fn group_map(position: &Position) -> String {
    let eval = PositionEvaluator::default().evaluate_position(position);
    let mut labels = Vec::new();
    let mut colours: Vec<(usize, PointSet)> = Vec::new();
    let mut next = [0usize; 2];
    for (i, g) in eval.groups.iter().enumerate() {
        let label = super::gogui::chain_label(i);
        labels.extend(render::board_order(&g.stones).into_iter().map(|p| format!("{p} {label}")));
        let side = usize::from(g.color == Color::White);
        colours.push((side * 4 + next[side] % 4, g.stones));
        next[side] += 1;
    }
    let mut lines = Vec::new();
    if !labels.is_empty() {
        lines.push(format!("LABEL {}", labels.join(" ")));
    }
    for (k, colour) in GROUP_COLORS.iter().flatten().enumerate() {
        let set = colours.iter().filter(|(c, _)| *c == k).fold(PointSet::EMPTY, |a, (_, s)| a | *s);
        if !set.is_empty() {
            lines.push(format!("COLOR {colour} {}", render::vertex_list(&set)));
        }
    }
    if !eval.dead.is_empty() {
        lines.push(format!("MARK {}", render::vertex_list(&eval.dead)));
    }
    let count = |c: Color| eval.groups.iter().filter(|g| g.color == c).count();
    let dead = eval.groups.iter().filter(|g| g.is_dead()).count();
    let alive = eval.groups.iter().filter(|g| g.pass_alive).count();
    lines.push(format!(
        "TEXT {} black and {} white groups, {dead} dead, {alive} pass-alive",
        count(Color::Black),
        count(Color::White)
    ));
    lines.join("\n")
}
