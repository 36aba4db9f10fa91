//! A readable account of a position: the board, the chains with their liberties, the
//! captures, the Tromp-Taylor score, and go-eval's evaluation without reading (groups,
//! links, the territory map and the score estimate with bounds). `go-engine analyze`
//! prints it as text ([`Analysis`]'s `Display`) or as JSON (its `Serialize`).

use core::fmt;

use go_board::Status;
use go_board::sgf::GameRecord;
use go_board::{Color, Point, PointSet, Position, ReplayError};
use go_eval::evaluate::PositionEvaluator;
use go_eval::links::{LinkEnd, LinkState, links};
use go_eval::reading::owl::{Owl, OwlScratch};
use serde::Serialize;

use crate::render::{board_order, column_letter, is_star_point};

/// Game information from a record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    /// Black's name.
    pub black: Option<String>,
    /// White's name.
    pub white: Option<String>,
    /// The recorded result, such as `W+R` or `B+3.5`.
    pub result: Option<String>,
    /// The date.
    pub date: Option<String>,
    /// The event.
    pub event: Option<String>,
    /// The number of moves in the record (passes included).
    pub moves_in_record: usize,
}

/// A move and its colour.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayedMove {
    /// The colour (`black` or `white` in JSON).
    pub color: Color,
    /// The GTP vertex, or `pass`.
    pub vertex: String,
}

/// A chain with its liberties.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChainInfo {
    /// The colour (`black` or `white` in JSON).
    pub color: Color,
    /// The stones in board order (top row first, left to right; GTP vertices in JSON).
    pub stones: Vec<Point>,
    /// The liberties, in board order.
    pub liberties: Vec<Point>,
}

/// One colour's share of the Tromp-Taylor count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct AreaCount {
    /// Stones on the board.
    pub stones: u32,
    /// Empty points that reach only this colour's stones.
    pub area: u32,
    /// `stones + area`.
    pub total: u32,
}

/// The Tromp-Taylor count: every stone on the board is alive, an empty region belongs
/// to the colour whose stones alone it touches.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrompTaylor {
    /// Black's count.
    pub black: AreaCount,
    /// White's count.
    pub white: AreaCount,
    /// Empty points that reach both colours (or none).
    pub neutral: u32,
    /// Komi, given to White (a multiple of 0.5, so exact).
    pub komi: f64,
    /// White's handicap compensation under the rules (points per handicap stone).
    pub compensation: u32,
    /// The result: `B+3.5`, `W+2`, or `0`.
    pub result: String,
}

/// A group as the evaluation sees it (chains joined by links).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GroupInfo {
    /// The colour (`black` or `white` in JSON).
    pub color: Color,
    /// The stones, in board order.
    pub stones: Vec<Point>,
    /// Its liberties.
    pub liberties: u32,
    /// Its territory: empty points of its colour in the Bouzy 5/21 map that it reaches.
    pub territory: u32,
    /// `pass-alive` (Benson), `dead` (the evaluation's estimate) or `alive`.
    pub status: String,
}

/// A dragon (chains joined by sure connections) and its status by owl reading.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DragonInfo {
    /// The colour (`black` or `white` in JSON).
    pub color: Color,
    /// The stones, in board order.
    pub stones: Vec<Point>,
    /// `alive`, `dead`, `critical`, `seki` or `unknown`.
    pub status: String,
    /// For a critical dragon, the move that kills it.
    pub attack: Option<Point>,
    /// For a critical dragon, the move that saves it.
    pub defend: Option<Point>,
    /// Whether the reading finished within its budget.
    pub certain: bool,
}

impl DragonInfo {
    /// Every dragon of `position` with its owl status, read with [`Owl::BUDGET`] each.
    pub fn of_position(position: &Position) -> Vec<DragonInfo> {
        let owl = Owl::new();
        let mut scratch = OwlScratch::new();
        owl.dragon_statuses(position.board(), Owl::BUDGET, &mut scratch)
            .into_iter()
            .map(|(dragon, read)| {
                let (status, attack, defend) = match read.status {
                    Status::Alive => ("alive", None, None),
                    Status::Dead => ("dead", None, None),
                    Status::Critical { attack, defend } => ("critical", Some(attack), Some(defend)),
                    Status::Seki => ("seki", None, None),
                    _ => ("unknown", None, None),
                };
                DragonInfo {
                    color: dragon.color,
                    stones: board_order(&dragon.stones),
                    status: status.to_string(),
                    attack,
                    defend,
                    certain: read.certain,
                }
            })
            .collect()
    }
}

/// A link between two stones of a colour, or a stone and the edge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LinkInfo {
    /// The colour (`black` or `white` in JSON).
    pub color: Color,
    /// The shape: `diagonal`, `one-point jump`, ..., `edge (3rd line)`.
    pub kind: String,
    /// One stone.
    pub from: Point,
    /// The other stone, or `edge`.
    pub to: String,
    /// `solid`, `peeped` or `cut`.
    pub state: String,
}

/// go-eval's evaluation of the position, without reading.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EvalInfo {
    /// The groups, ordered by their first stone.
    pub groups: Vec<GroupInfo>,
    /// Every link (solid, peeped and cut).
    pub links: Vec<LinkInfo>,
    /// The owner of every point, one string per row from the top: `X`/`O` living
    /// stones, `x`/`o` dead stones (they count for the other colour), `b`/`w` empty
    /// points owned by Black/White, `.` undecided.
    pub territory: Vec<String>,
    /// The estimate, such as `B+3.5`, komi included, under the position's rules.
    pub score: String,
    /// The pessimistic bound for Black, in the same form.
    pub lower: String,
    /// The optimistic bound for Black.
    pub upper: String,
}

impl EvalInfo {
    /// Evaluates `position` with the default [`PositionEvaluator`].
    pub fn of_position(position: &Position) -> EvalInfo {
        let evaluator = PositionEvaluator::default();
        let estimate = evaluator.estimate_score(position);
        let (eval, bounds) = (estimate.evaluation, estimate.bounds);
        let board = position.board();
        let size = board.size();
        let groups = eval
            .groups
            .iter()
            .map(|g| GroupInfo {
                color: g.color,
                stones: board_order(&g.stones),
                liberties: g.liberties,
                territory: g.territory,
                status: if g.pass_alive {
                    "pass-alive"
                } else if g.is_dead() {
                    "dead"
                } else {
                    "alive"
                }
                .to_owned(),
            })
            .collect();
        let links = links(board)
            .iter()
            .map(|l| LinkInfo {
                color: l.color,
                kind: l.kind.name(),
                from: l.from,
                to: match l.to {
                    LinkEnd::Stone(p) => p.to_string(),
                    LinkEnd::Edge => "edge".to_owned(),
                },
                state: l.state.to_string(),
            })
            .collect();
        let territory = (0..size.rows())
            .rev()
            .map(|row| {
                (0..size.cols())
                    .map(|col| {
                        let p = Point::must(col, row, size);
                        let dead = eval.dead.contains(p);
                        match (board.color_at(p), eval.ownership[p]) {
                            (Some(Color::Black), _) if dead => 'x',
                            (Some(Color::White), _) if dead => 'o',
                            (Some(Color::Black), _) => 'X',
                            (Some(Color::White), _) => 'O',
                            (None, Some(Color::Black)) => 'b',
                            (None, Some(Color::White)) => 'w',
                            (None, None) => '.',
                        }
                    })
                    .collect()
            })
            .collect();
        EvalInfo {
            groups,
            links,
            territory,
            score: margin_text(eval.margin()),
            lower: margin_text(bounds.pessimistic()),
            upper: margin_text(bounds.optimistic()),
        }
    }
}

/// Black's lead in half-points as a result: `B+3.5`, `W+2`, `0`.
fn margin_text(half_points: i32) -> String {
    let points = |h: i32| {
        if h % 2 == 0 { (h / 2).to_string() } else { format!("{}.5", h / 2) }
    };
    match half_points {
        0 => "0".to_owned(),
        h if h > 0 => format!("B+{}", points(h)),
        h => format!("W+{}", points(-h)),
    }
}

/// A position described for a reader: see the [module documentation](self).
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Move, Position, Rules};
/// use go_engine::analysis::Analysis;
///
/// let size = BoardSize::square(5)?;
/// let mut position = Position::new(size, Rules::chinese());
/// for v in ["C3", "D3", "B2"] {
///     position.try_play(Move::parse_gtp(v, size)?)?;
/// }
/// let analysis = Analysis::of_position(&position);
/// assert_eq!(analysis.chains.len(), 3);
/// let vertices = |points: &[go_board::Point]| points.iter().map(|p| p.to_string()).collect::<Vec<_>>();
/// assert_eq!(vertices(&analysis.chains[0].stones), ["C3"]);
/// assert_eq!(vertices(&analysis.chains[0].liberties), ["C4", "B3", "C2"]);
/// // In JSON, points are GTP vertices and colours words.
/// let json = serde_json::to_value(&analysis.chains[0])?;
/// assert_eq!(json["liberties"], serde_json::json!(["C4", "B3", "C2"]));
/// assert_eq!(json["color"], "black");
/// assert_eq!(analysis.score.black.total, 2);
/// assert_eq!(analysis.score.result, "W+6.5");
/// let text = analysis.to_string();
/// assert!(text.contains("Tromp-Taylor"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// Columns of the board.
    pub cols: u8,
    /// Rows of the board.
    pub rows: u8,
    /// The name of the preset the rules equal up to komi (see
    /// [`go_board::PRESET_NAMES`]), or `custom`.
    pub rules: String,
    /// Game information, when the position comes from a record.
    pub game: Option<GameInfo>,
    /// Moves played to reach the position (passes included).
    pub moves_played: usize,
    /// The last move played.
    pub last_move: Option<PlayedMove>,
    /// The colour to move (`black` or `white` in JSON).
    pub to_move: Color,
    /// The board, one string per row from the top: `X` Black, `O` White, `.` empty.
    pub board: Vec<String>,
    /// Stones captured by Black.
    pub captures_black: u32,
    /// Stones captured by White.
    pub captures_white: u32,
    /// The chains, ordered by their first stone in board order.
    pub chains: Vec<ChainInfo>,
    /// The Tromp-Taylor count with the rules' komi and handicap compensation.
    pub score: TrompTaylor,
    /// go-eval's evaluation without reading.
    pub evaluation: EvalInfo,
    /// The dragons with their status by owl reading, in go-eval's dragon order.
    pub dragons: Vec<DragonInfo>,
    #[serde(skip)]
    last_point: Option<Point>,
    #[serde(skip)]
    star_points: PointSet,
}

impl Analysis {
    /// Describes `position`.
    pub fn of_position(position: &Position) -> Analysis {
        let board = position.board();
        let size = board.size();
        let rows = (0..size.rows())
            .rev()
            .map(|row| {
                (0..size.cols())
                    .map(|col| {
                        match board.color_at(Point::new(col, row, size).expect("on board")) {
                            Some(Color::Black) => 'X',
                            Some(Color::White) => 'O',
                            None => '.',
                        }
                    })
                    .collect()
            })
            .collect();
        let all = *board.stones(Color::Black) | *board.stones(Color::White);
        let mut seen = PointSet::EMPTY;
        let mut chains = Vec::new();
        for p in board_order(&all) {
            if let Some(chain) = board.chain(p).filter(|_| !seen.contains(p)) {
                seen |= chain.stones;
                chains.push(ChainInfo {
                    color: chain.color,
                    stones: board_order(&chain.stones),
                    liberties: board_order(&chain.liberties),
                });
            }
        }
        let tt = position.tromp_taylor_score();
        let count = |c: Color| {
            let stones = board.stones(c).len() as u32;
            AreaCount { stones, area: tt.points[c] - stones, total: tt.points[c] }
        };
        let last = position.last_move();
        Analysis {
            cols: size.cols(),
            rows: size.rows(),
            rules: rules_name(position.rules()).to_owned(),
            game: None,
            moves_played: position.move_count(),
            last_move: last.map(|(c, m)| PlayedMove { color: c, vertex: m.to_string() }),
            to_move: position.to_move(),
            board: rows,
            captures_black: board.captures().black,
            captures_white: board.captures().white,
            chains,
            score: TrompTaylor {
                black: count(Color::Black),
                white: count(Color::White),
                neutral: tt.neutral.len() as u32,
                komi: tt.komi.as_f64(),
                compensation: tt.compensation,
                result: tt.to_string(),
            },
            evaluation: EvalInfo::of_position(position),
            dragons: DragonInfo::of_position(position),
            last_point: last.and_then(|(_, m)| m.point()),
            star_points: size.points().filter(|&p| is_star_point(p, size)).collect(),
        }
    }

    /// Describes the position after the first `moves` moves of `record` (all of them
    /// when `moves` is `None`), replayed as [`crate::record::replay`] does.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] if a move of the record cannot be played.
    pub fn of_record(record: &GameRecord, moves: Option<usize>) -> Result<Analysis, ReplayError> {
        let position = crate::record::replay(record, moves.unwrap_or(usize::MAX))?;
        let mut analysis = Analysis::of_position(&position);
        analysis.game = Some(GameInfo {
            black: record.black_player.clone(),
            white: record.white_player.clone(),
            result: record.result.clone(),
            date: record.date.clone(),
            event: record.event.clone(),
            moves_in_record: record.move_count(),
        });
        Ok(analysis)
    }
}

/// The name of the preset that `rules` equal up to komi, or `custom`.
pub(crate) fn rules_name(rules: &go_board::Rules) -> &'static str {
    go_board::PRESET_NAMES
        .into_iter()
        .find(|name| {
            name.parse::<go_board::Rules>()
                .is_ok_and(|preset| preset.with_komi(rules.komi) == *rules)
        })
        .unwrap_or("custom")
}

/// At most `max` points of `list` separated by spaces, with the number left out.
fn abbreviated(list: &[Point], max: usize) -> String {
    let shown: Vec<String> = list.iter().take(max).map(Point::to_string).collect();
    if list.len() <= max {
        shown.join(" ")
    } else {
        format!("{} … (+{})", shown.join(" "), list.len() - max)
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl fmt::Display for Analysis {
    /// The analysis for a reader: game line, board diagram (last move in brackets),
    /// captures, the chains (fewest liberties first) and the Tromp-Taylor count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Header.
        if let Some(game) = &self.game {
            let black = game.black.as_deref().unwrap_or("?");
            let white = game.white.as_deref().unwrap_or("?");
            write!(f, "Black: {black}    White: {white}")?;
            if let Some(result) = &game.result {
                write!(f, "    Result: {result}")?;
            }
            writeln!(f)?;
            for extra in [&game.event, &game.date].into_iter().flatten() {
                writeln!(f, "{extra}")?;
            }
        }
        writeln!(
            f,
            "{}x{} board, {} rules, komi {}",
            self.cols, self.rows, self.rules, self.score.komi
        )?;
        match (&self.game, &self.last_move) {
            (Some(game), Some(last)) => writeln!(
                f,
                "Position after move {} of {} ({} {}), {} to move",
                self.moves_played, game.moves_in_record, last.color, last.vertex, self.to_move
            )?,
            (Some(game), None) => writeln!(
                f,
                "Position before the first move (the record has {}), {} to move",
                plural(game.moves_in_record, "move", "moves"),
                self.to_move
            )?,
            (None, Some(last)) => writeln!(
                f,
                "Position after move {} ({} {}), {} to move",
                self.moves_played, last.color, last.vertex, self.to_move
            )?,
            (None, None) => writeln!(f, "{} to move", self.to_move)?,
        }
        writeln!(f)?;

        // Board.
        let header: String = (0..self.cols).map(|c| format!(" {}", column_letter(c))).collect();
        writeln!(f, "  {header}")?;
        for (i, line) in self.board.iter().enumerate() {
            let row = self.rows as usize - i;
            let mut text = format!("{row:>2} ");
            for (col, stone) in line.chars().enumerate() {
                let p = Point::new(col as u8, (row - 1) as u8, self.size());
                let last = p.is_some() && p == self.last_point;
                let shown = match stone {
                    '.' if p.is_some_and(|p| self.star_points.contains(p)) => '+',
                    s => s,
                };
                if last {
                    text.pop();
                    text.push('(');
                    text.push(shown);
                    text.push(')');
                } else {
                    text.push(shown);
                    text.push(' ');
                }
            }
            writeln!(f, "{text}{row}")?;
        }
        writeln!(f, "  {header}")?;
        writeln!(f)?;

        // Captures.
        writeln!(
            f,
            "Captures: Black has taken {}, White {}.",
            plural(self.captures_black as usize, "stone", "stones"),
            self.captures_white
        )?;
        writeln!(f)?;

        // Chains.
        let blacks = self.chains.iter().filter(|c| c.color == Color::Black).count();
        writeln!(
            f,
            "Chains: {} ({} black, {} white), fewest liberties first",
            self.chains.len(),
            blacks,
            self.chains.len() - blacks
        )?;
        if !self.chains.is_empty() {
            let mut order: Vec<&ChainInfo> = self.chains.iter().collect();
            order.sort_by_key(|c| c.liberties.len());
            let rows: Vec<(&ChainInfo, String, String)> = order
                .into_iter()
                .map(|c| (c, abbreviated(&c.stones, 5), abbreviated(&c.liberties, 5)))
                .collect();
            let width = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0).max(6);
            writeln!(f, "  colour  size  libs  {:<width$}  liberties", "stones")?;
            for (chain, stones, liberties) in rows {
                let note = if chain.liberties.len() == 1 { "  (atari)" } else { "" };
                writeln!(
                    f,
                    "  {:<6} {:>5} {:>5}  {stones:<width$}  {liberties}{note}",
                    chain.color.to_string(),
                    chain.stones.len(),
                    chain.liberties.len(),
                )?;
            }
        }
        writeln!(f)?;

        // Score.
        let s = &self.score;
        writeln!(f, "Tromp-Taylor count (every stone on the board counts as alive):")?;
        writeln!(
            f,
            "  Black {:>4} = {} stones + {} area",
            s.black.total, s.black.stones, s.black.area
        )?;
        // White's total includes komi and compensation, so the two lines compare.
        let white = f64::from(s.white.total) + f64::from(s.compensation) + s.komi;
        write!(f, "  White {:>4} = {} stones + {} area", white, s.white.stones, s.white.area)?;
        if s.compensation > 0 {
            write!(f, " + {} handicap compensation", s.compensation)?;
        }
        writeln!(f, " + {} komi", s.komi)?;
        writeln!(f, "  Neutral {} points. Result: {}", s.neutral, s.result)?;
        writeln!(f)?;
        self.evaluation.fmt_text(f, &self.star_points, self.size())?;
        writeln!(f)?;
        fmt_dragons(f, &self.dragons)
    }
}

/// The dragons that reading does not call alive, with their key points.
fn fmt_dragons(f: &mut fmt::Formatter<'_>, dragons: &[DragonInfo]) -> fmt::Result {
    let budget = Owl::BUDGET;
    let count = |status: &str| dragons.iter().filter(|d| d.status == status).count();
    writeln!(
        f,
        "Reading (owl, {} nodes per root move and {} plies per dragon): {} dragons, {} critical, {} dead, {} seki",
        budget.nodes,
        budget.depth,
        dragons.len(),
        count("critical"),
        count("dead"),
        count("seki")
    )?;
    for d in dragons.iter().filter(|d| d.status != "alive") {
        write!(f, "  {:<8} {:<5} {}", d.status, d.color.to_string(), abbreviated(&d.stones, 5))?;
        if let (Some(attack), Some(defend)) = (d.attack, d.defend) {
            write!(f, " (attack {attack}, defence {defend})")?;
        }
        if !d.certain {
            write!(f, " [budget reached]")?;
        }
        writeln!(f)?;
    }
    Ok(())
}

impl EvalInfo {
    /// The evaluation for a reader: groups, links, the territory map and the score.
    fn fmt_text(
        &self,
        f: &mut fmt::Formatter<'_>,
        star_points: &PointSet,
        size: go_board::BoardSize,
    ) -> fmt::Result {
        writeln!(f, "Evaluation (go-eval, without reading):")?;
        let blacks = self.groups.iter().filter(|g| g.color == Color::Black).count();
        let dead = self.groups.iter().filter(|g| g.status == "dead").count();
        writeln!(
            f,
            "Groups: {} ({} black, {} white), {dead} dead",
            self.groups.len(),
            blacks,
            self.groups.len() - blacks
        )?;
        if !self.groups.is_empty() {
            let rows = self.groups.iter().map(|g| (g, abbreviated(&g.stones, 5)));
            writeln!(f, "  colour  size  libs  terr  status      stones")?;
            for (g, stones) in rows {
                writeln!(
                    f,
                    "  {:<6} {:>5} {:>5} {:>5}  {:<10}  {stones}",
                    g.color.to_string(),
                    g.stones.len(),
                    g.liberties,
                    g.territory,
                    g.status
                )?;
            }
        }
        let count =
            |state: LinkState| self.links.iter().filter(|l| l.state == state.to_string()).count();
        writeln!(
            f,
            "Links: {} solid, {} peeped, {} cut",
            count(LinkState::Solid),
            count(LinkState::Peeped),
            count(LinkState::Cut)
        )?;
        let peeped: Vec<String> = self
            .links
            .iter()
            .filter(|l| l.state == "peeped")
            .map(|l| {
                let to = if l.to == "edge" { String::new() } else { format!("-{}", l.to) };
                format!("{} {}{to} ({})", l.color, l.from, l.kind)
            })
            .collect();
        if !peeped.is_empty() {
            let shown = peeped[..peeped.len().min(8)].join(", ");
            let more = if peeped.len() > 8 {
                format!(" … (+{})", peeped.len() - 8)
            } else {
                String::new()
            };
            writeln!(f, "  peeped (one move cuts them): {shown}{more}")?;
        }
        writeln!(
            f,
            "Territory (X O living stones, x o dead stones, b w owned points, . undecided):"
        )?;
        let header: String = (0..size.cols()).map(|c| format!(" {}", column_letter(c))).collect();
        writeln!(f, "  {header}")?;
        for (i, line) in self.territory.iter().enumerate() {
            let row = usize::from(size.rows()) - i;
            let cells: Vec<String> = line
                .chars()
                .enumerate()
                .map(|(col, c)| {
                    let p = Point::new(col as u8, (row - 1) as u8, size);
                    match c {
                        '.' if p.is_some_and(|p| star_points.contains(p)) => "+".to_owned(),
                        c => c.to_string(),
                    }
                })
                .collect();
            writeln!(f, "{row:>2} {} {row}", cells.join(" "))?;
        }
        writeln!(f, "  {header}")?;
        writeln!(f, "Score estimate: {} (bounds: {} to {})", self.score, self.lower, self.upper)
    }
}

impl Analysis {
    fn size(&self) -> go_board::BoardSize {
        go_board::BoardSize::new(u32::from(self.cols), u32::from(self.rows))
            .expect("the size of a position")
    }
}

#[cfg(test)]
mod tests {
    use go_board::{Position, Rules};

    use super::Analysis;

    #[test]
    fn issue_11_analyze_prints_critical_groups_with_their_key_points() {
        // Black's corner group has a straight three: whoever plays B1 first decides.
        let position = Position::from_diagram(
            "
            . . . . . . .
            . . . . . . .
            O O O O O . .
            X X X X O . .
            . . . X O . .
            ",
            Rules::chinese(),
        )
        .unwrap();
        let analysis = Analysis::of_position(&position);
        let critical: Vec<_> = analysis.dragons.iter().filter(|d| d.status == "critical").collect();
        assert_eq!(critical.len(), 1, "{:?}", analysis.dragons);
        let b1 = go_board::Point::parse_gtp("B1", position.size()).unwrap();
        assert_eq!((critical[0].attack, critical[0].defend), (Some(b1), Some(b1)));
        assert_eq!(critical[0].color, go_board::Color::Black);
        let text = analysis.to_string();
        assert!(text.contains("1 critical, 0 dead"), "{text}");
        assert!(text.contains("critical black A2 B2 C2 D2 D1 (attack B1, defence B1)"), "{text}");
        let json = serde_json::to_value(&analysis).unwrap();
        assert_eq!(json["dragons"][critical_index(&analysis)]["attack"], "B1");
    }

    fn critical_index(analysis: &Analysis) -> usize {
        analysis.dragons.iter().position(|d| d.status == "critical").unwrap()
    }
}
