//! The eye and unconditional-status commands of the GTP session: GNU Go's
//! `eval_eye VERTEX` and `unconditional_status VERTEX`, and the GoGui board
//! `eye_map` (every eye space with its value and vital points).

use go_board::{Color, PointSet, Position};
use go_eval::reading::eyes::{EyeSpace, EyeSpaces};
use go_eval::unconditional::Unconditional;

use super::Session;
use super::command::{AnalyzeKind, Args, Command};
use crate::player::Player;
use crate::render;

/// The commands of this module, with their analyze entries.
pub(super) fn commands<P: Player + 'static>() -> Vec<Command<P>> {
    vec![
        Command::new("unconditional_status", |s: &mut Session<P>, args: &Args<'_>| {
            let p = args.point(0, s.position.size())?;
            Ok(Unconditional::new(s.position.board()).status(p).to_string())
        })
        .analyze(AnalyzeKind::String, "Unconditional Status", "%p"),
        Command::new("eval_eye", |s: &mut Session<P>, args: &Args<'_>| {
            let p = args.point(0, s.position.size())?;
            Ok(eval_eye(&s.position, p))
        })
        .analyze(AnalyzeKind::String, "Eye Value", "%p"),
        Command::new("eye_data", |s: &mut Session<P>, args: &Args<'_>| {
            let color = args.color(0)?;
            let p = args.point(1, s.position.size())?;
            Ok(eye_data(&s.position, color, p))
        }),
        Command::new("eye_map", |s: &mut Session<P>, _: &Args<'_>| Ok(eye_map(&s.position)))
            .analyze(AnalyzeKind::Gfx, "Eye Spaces", ""),
    ]
}

/// `eval_eye` in GNU Go's format: `min max`, then the attack and defence points when
/// they differ; `-1` when the point is in no eye space (Black's space first, as GNU Go
/// looks).
fn eval_eye(position: &Position, point: go_board::Point) -> String {
    let spaces = EyeSpaces::new(position.board());
    let size = position.size();
    let Some(space) = spaces.at(Color::Black, point).or_else(|| spaces.at(Color::White, point))
    else {
        return "-1".to_owned();
    };
    let (min, max) = (space.value.min(), space.value.max());
    match (space.attack_point(size), space.defence_point(size)) {
        (Some(a), Some(d)) if min != max => format!("{min} {max} {a} {d}"),
        _ => format!("{min} {max}"),
    }
}

/// `eye_data COLOR VERTEX` in GNU Go's field layout (`origin`, `color`, `esize`, `msize`,
/// `value`, `marginal`, `neighbors`, `marginal_neighbors`), then what go-eval adds:
/// the points, margins, false eyes, half eyes with their keys, and the vital points.
fn eye_data(position: &Position, color: Color, point: go_board::Point) -> String {
    let spaces = EyeSpaces::new(position.board());
    let size = position.size();
    let Some(space) = spaces.at(color, point) else {
        return ["origin PASS", "color empty", "esize 0", "msize 0", "value 0000"].join("\n");
    };
    let near = |set: &PointSet| point.neighbours(size).filter(|q| set.contains(*q)).count();
    let origin = render::board_order(&space.points)[0];
    let half: Vec<String> = space
        .half_eyes
        .iter()
        .map(|h| {
            format!(
                "{}:{}/{}",
                h.point,
                render::vertex_list(&h.attack),
                render::vertex_list(&h.defence)
            )
        })
        .collect();
    [
        format!("origin {origin}"),
        format!("color {}", space.color),
        format!("esize {}", space.points.len()),
        format!("msize {}", space.margins.len()),
        format!("value {}", space.value),
        format!("marginal {}", u8::from(space.margins.contains(point))),
        format!("neighbors {}", near(&space.points)),
        format!("marginal_neighbors {}", near(&space.margins)),
        format!("points {}", render::vertex_list(&space.points)),
        format!("margins {}", render::vertex_list(&space.margins)),
        format!("false_eyes {}", render::vertex_list(&space.false_eyes)),
        format!("half_eyes {}", half.join(" ")),
        format!("attack {}", render::vertex_list(&space.attack)),
        format!("defence {}", render::vertex_list(&space.defence)),
        format!("exact {}", space.exact),
    ]
    .join("\n")
}

/// GoGui `gfx`: each eye space coloured by its owner and labelled with its value
/// (`min-max` on its points, the four digits in the text), attack points as triangles,
/// defence points as circles, marginal points marked.
fn eye_map(position: &Position) -> String {
    let spaces = EyeSpaces::new(position.board());
    let mut lines = Vec::new();
    let mut labels = Vec::new();
    let mut colored = [PointSet::EMPTY; 2];
    let (mut margins, mut attack, mut defence) =
        (PointSet::EMPTY, PointSet::EMPTY, PointSet::EMPTY);
    for space in spaces.spaces() {
        let text = format!("{}-{}", space.value.min(), space.value.max());
        labels
            .extend(render::board_order(&space.points).into_iter().map(|p| format!("{p} {text}")));
        colored[usize::from(space.color == Color::White)] |= space.points;
        margins |= space.margins;
        attack |= space.attack;
        defence |= space.defence;
    }
    if !labels.is_empty() {
        lines.push(format!("LABEL {}", labels.join(" ")));
    }
    for (set, colour) in colored.iter().zip(["#4060c0", "#e0c060"]) {
        if !set.is_empty() {
            lines.push(format!("COLOR {colour} {}", render::vertex_list(set)));
        }
    }
    for (word, set) in [("MARK", margins), ("TRIANGLE", attack), ("CIRCLE", defence)] {
        if !set.is_empty() {
            lines.push(format!("{word} {}", render::vertex_list(&set)));
        }
    }
    lines.push(format!("TEXT {}", summary(spaces.spaces())));
    lines.join("\n")
}

/// One line: the spaces of each colour with their values.
fn summary(spaces: &[EyeSpace]) -> String {
    let side = |c: Color| {
        let values: Vec<String> =
            spaces.iter().filter(|s| s.color == c).map(|s| s.value.to_string()).collect();
        format!("{c}: {}", if values.is_empty() { "none".to_owned() } else { values.join(" ") })
    };
    format!("eye spaces {}, {}", side(Color::Black), side(Color::White))
}
