//! The evaluation commands of the GTP session (go-eval without reading):
//! `estimate_score`, `bouzy_map`, `influence_map`, `strength_candidates`, and the GoGui
//! boards `territory_map` and `group_map`.

use go_board::PointMap;
use go_board::{Color, PointSet, Position};
use go_eval::Ownership;
use go_eval::bouzy::Bouzy;
use go_eval::evaluate::PositionEvaluator;
use go_eval::influence::{Directional, DirectionalConfig, ZobristPotential};
use go_eval::score::ScoreEstimate;

use super::text;

/// The most dilations or erosions `bouzy_map` accepts (the cost grows linearly).
pub(crate) const MAX_BOUZY_STEPS: u32 = 1000;

/// Half-points as GNU Go prints scores: one decimal (`12.5`, `-3.0`).
fn points(half_points: i32) -> String {
    format!("{:.1}", f64::from(half_points) / 2.0)
}

/// `estimate_score` in GNU Go 3.8's format: the winner and margin, then the bounds as
/// White's lead (`W+3.5 (upper bound: 6.0, lower: 1.5)`); a draw is `W+0.0`.
pub(crate) fn estimate_score(position: &Position) -> String {
    estimate_text(&PositionEvaluator::default().estimate_score(position))
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

/// `bouzy_map N M`: N dilations then M erosions of all the stones on the board (no dead
/// stone removed, no bubble closed), Black positive.
pub(crate) fn bouzy_map(position: &Position, args: &[&str]) -> Result<String, String> {
    let step = |i: usize| -> Result<u32, String> {
        let arg = args.get(i).ok_or("bouzy_map needs dilations and erosions")?;
        arg.parse::<u32>()
            .ok()
            .filter(|&n| n <= MAX_BOUZY_STEPS)
            .ok_or_else(|| format!("invalid step count {arg:?}: 0 to {MAX_BOUZY_STEPS}"))
    };
    let bouzy = Bouzy::new(step(0)?, step(1)?);
    Ok(grid_text(&bouzy.map(position.size(), &stones(position))))
}

/// `influence_map [directional|zobrist]`: Black's influence minus White's in the
/// directional model with GNU Go's settings (rounded), or Zobrist's potential (±64, 4
/// iterations), of all the stones on the board.
pub(crate) fn influence_map(position: &Position, args: &[&str]) -> Result<String, String> {
    let stones = stones(position);
    let grid = match args.first().copied().unwrap_or("directional") {
        "directional" => Directional::new(DirectionalConfig::GNU_GO)
            .expect("GNU Go's settings are valid")
            .influence(position.size(), &stones)
            .difference(),
        "zobrist" => ZobristPotential::CLASSIC.map(position.size(), &stones),
        _ => return Err("invalid model: directional or zobrist".to_owned()),
    };
    Ok(grid_text(&grid))
}

/// The empty points and dead stones of `ownership` owned by `color`.
fn owned_points(position: &Position, ownership: &Ownership, dead: &PointSet, c: Color) -> PointSet {
    let board = position.board();
    let living = (*board.stones(Color::Black) | *board.stones(Color::White)) - *dead;
    ownership.points_where(|&o| o == Some(c)) - living
}

/// GoGui `gfx`: the evaluation's territory (empty points and dead stones by owner), the
/// dead stones marked, and the score estimate.
pub(crate) fn territory_map(position: &Position) -> String {
    let estimate = PositionEvaluator::default().estimate_score(position);
    let eval = &estimate.evaluation;
    let mut lines = Vec::new();
    for (color, word) in [(Color::Black, "BLACK"), (Color::White, "WHITE")] {
        let owned = owned_points(position, &eval.ownership, &eval.dead, color);
        if !owned.is_empty() {
            lines.push(format!("{word} {}", text::vertex_list(&owned)));
        }
    }
    if !eval.dead.is_empty() {
        lines.push(format!("MARK {}", text::vertex_list(&eval.dead)));
    }
    lines.push(format!("TEXT {}", estimate_text(&estimate)));
    lines.join("\n")
}

/// Colours for the groups of `group_map`, black groups first from the dark ones.
const GROUP_COLORS: [[&str; 4]; 2] =
    [["#1f77b4", "#2ca02c", "#9467bd", "#8c564b"], ["#ff7f0e", "#e377c2", "#bcbd22", "#17becf"]];

/// GoGui `gfx`: the groups of the evaluation (chains joined by links), each labelled
/// with a letter and coloured, dead groups marked, and a summary.
pub(crate) fn group_map(position: &Position) -> String {
    let eval = PositionEvaluator::default().evaluate_position(position);
    let mut labels = Vec::new();
    let mut colours: Vec<(usize, PointSet)> = Vec::new();
    let mut next = [0usize; 2];
    for (i, g) in eval.groups.iter().enumerate() {
        let label = super::chain_label(i);
        labels.extend(text::board_order(&g.stones).into_iter().map(|p| format!("{p} {label}")));
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
            lines.push(format!("COLOR {colour} {}", text::vertex_list(&set)));
        }
    }
    if !eval.dead.is_empty() {
        lines.push(format!("MARK {}", text::vertex_list(&eval.dead)));
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

/// The most candidates `strength_candidates` lists.
pub(crate) const MAX_CANDIDATES: usize = 361;

/// `strength_candidates [N]`: the N (default 10) best candidate moves of go-eval's
/// shipped strength model for the side to move, best first, as GoGui point-label pairs
/// (`Q16 1 D4 2 ...`).
pub(crate) fn strength_candidates(position: &Position, args: &[&str]) -> Result<String, String> {
    static MODEL: std::sync::OnceLock<
        Result<std::sync::Arc<go_eval::strength::model::StrengthModel>, String>,
    > = std::sync::OnceLock::new();
    let n = match args.first() {
        None => 10,
        Some(a) => a
            .parse::<usize>()
            .ok()
            .filter(|&n| (1..=MAX_CANDIDATES).contains(&n))
            .ok_or_else(|| format!("invalid candidate count {a:?}: 1 to {MAX_CANDIDATES}"))?,
    };
    let model = MODEL
        .get_or_init(|| {
            go_eval::strength::model::StrengthModel::shipped()
                .map(std::sync::Arc::new)
                .map_err(|e| e.to_string())
        })
        .clone()?;
    let report = crate::strength::StrengthReport::new(position, model, n);
    Ok(report
        .candidates
        .iter()
        .map(|c| format!("{} {}", c.point, c.rank))
        .collect::<Vec<_>>()
        .join(" "))
}
