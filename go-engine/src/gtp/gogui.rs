//! GoGui's commands (`gogui-analyze_commands`, `gogui-title`, `gogui-setup`,
//! `gogui-setup_player`, `gogui-play_sequence`, `gogui-interrupt`) and the analyze
//! boards drawn from the board alone (`liberty_map`, `chain_map`, `area_map`), in the
//! formats of GoGui's documentation ("Analyze Commands").

use go_board::{Color, Move, Point, PointSet, Setup};

use super::Session;
use super::command::{AnalyzeKind, Args, Command, CommandResult};
use super::standard::gtp_move;
use crate::player::Player;
use crate::render;

/// The commands of this module, with their analyze entries.
pub(super) fn commands<P: Player + 'static>() -> Vec<Command<P>> {
    vec![
        Command::new("gogui-analyze_commands", |s: &mut Session<P>, _: &Args<'_>| {
            Ok(s.commands.analyze_commands())
        }),
        Command::new("gogui-title", |s: &mut Session<P>, _: &Args<'_>| Ok(s.title())),
        Command::new("gogui-setup", Session::setup),
        Command::new("gogui-setup_player", |s: &mut Session<P>, args: &Args<'_>| {
            let color = args.color(0)?;
            s.position.set_to_move(color);
            Ok(String::new())
        }),
        Command::new("gogui-play_sequence", Session::play_sequence),
        // GoGui sends `# interrupt` (a comment) to an engine that knows this command;
        // every command answers at once, so the comment arrives after the answer.
        Command::new("gogui-interrupt", |_: &mut Session<P>, _: &Args<'_>| Ok(String::new())),
        Command::new("liberty_map", |s: &mut Session<P>, _: &Args<'_>| Ok(s.liberty_map()))
            .analyze(AnalyzeKind::SBoard, "Liberties", ""),
        Command::new("chain_map", |s: &mut Session<P>, _: &Args<'_>| Ok(s.chain_map())).analyze(
            AnalyzeKind::Gfx,
            "Chains",
            "",
        ),
        Command::new("area_map", |s: &mut Session<P>, _: &Args<'_>| Ok(s.area_map())).analyze(
            AnalyzeKind::Gfx,
            "Tromp-Taylor Area",
            "",
        ),
    ]
}

impl<P: Player> Session<P> {
    /// `gogui-title`: the player, the board and the rules.
    fn title(&self) -> String {
        let size = self.position.size();
        format!(
            "go-engine ({}): {size}, {} rules, komi {}, move {}",
            self.player.description(),
            crate::analysis::rules_name(&self.rules),
            self.rules.komi,
            self.position.move_count()
        )
    }

    /// `gogui-setup b A1 w B2 ...`: stones put on a board without stones (moves before
    /// them, passes, are forgotten, as for a handicap).
    fn setup(&mut self, args: &Args<'_>) -> CommandResult {
        const ERR: &str = "invalid color or coordinate";
        if args.len() % 2 == 1 {
            return Err("gogui-setup needs pairs of a color and a vertex".to_owned());
        }
        let mut position = self.empty_game()?;
        let mut setup = Setup::default();
        for i in (0..args.len()).step_by(2) {
            let color = args.color(i).map_err(|_| ERR)?;
            let p = args.point(i + 1, self.position.size()).map_err(|_| ERR)?;
            if setup.black.contains(p) || setup.white.contains(p) {
                return Err("repeated vertex".to_owned());
            }
            match color {
                Color::Black => setup.black.insert(p),
                Color::White => setup.white.insert(p),
            };
        }
        position.setup(setup).map_err(|e| format!("invalid setup: {e}"))?;
        self.position = position;
        Ok(String::new())
    }

    /// `gogui-play_sequence b A1 w B2 ...`: every move played in order, or none if one
    /// is illegal.
    fn play_sequence(&mut self, args: &Args<'_>) -> CommandResult {
        const ERR: &str = "invalid color or coordinate";
        if args.len() % 2 == 1 {
            return Err("gogui-play_sequence needs pairs of a color and a vertex".to_owned());
        }
        let mut position = self.position.clone();
        for i in (0..args.len()).step_by(2) {
            let color = args.color(i).map_err(|_| ERR)?;
            let vertex = args.get(i + 1).ok_or(ERR)?;
            let mv = Move::parse_gtp(vertex, position.size()).map_err(|_| ERR)?;
            // Resuming the copy in place (rather than judging on a resumed copy of it)
            // keeps a long sequence of passes linear.
            if position.is_over() {
                position.resume();
            }
            if position.try_play_as(color, mv).is_err() {
                return Err(format!("illegal move: {color} {}", gtp_move(mv)));
            }
        }
        self.position = position;
        Ok(String::new())
    }

    /// GoGui `sboard`: the liberty count of each stone's chain, rows from the top.
    fn liberty_map(&self) -> String {
        let board = self.position.board();
        let size = board.size();
        let mut rows = Vec::new();
        for row in (0..size.rows()).rev() {
            let cells: Vec<String> = (0..size.cols())
                .map(|col| {
                    let p = Point::new(col, row, size).expect("on the board");
                    match board.color_at(p) {
                        Some(_) => board.liberty_count(p).to_string(),
                        None => "\"\"".to_owned(),
                    }
                })
                .collect();
            rows.push(cells.join(" "));
        }
        rows.join("\n")
    }

    /// GoGui `gfx`: every chain labelled with a letter (in board order of its first
    /// stone), chains in atari coloured red (`#ff0000`) and with two liberties orange
    /// (`#ffa500`).
    fn chain_map(&self) -> String {
        let board = self.position.board();
        let all = *board.stones(Color::Black) | *board.stones(Color::White);
        let mut labels = Vec::new();
        let (mut atari, mut two) = (PointSet::EMPTY, PointSet::EMPTY);
        let mut seen = PointSet::EMPTY;
        let mut count = 0usize;
        for p in render::board_order(&all) {
            if seen.contains(p) {
                continue;
            }
            let chain = board.chain_stones(p);
            seen |= chain;
            let label = chain_label(count);
            count += 1;
            for s in render::board_order(&chain) {
                labels.push(format!("{s} {label}"));
            }
            match board.liberty_count(p) {
                1 => atari |= chain,
                2 => two |= chain,
                _ => {}
            }
        }
        let mut lines = Vec::new();
        if !labels.is_empty() {
            lines.push(format!("LABEL {}", labels.join(" ")));
        }
        if !atari.is_empty() {
            lines.push(format!("COLOR #ff0000 {}", render::vertex_list(&atari)));
        }
        if !two.is_empty() {
            lines.push(format!("COLOR #ffa500 {}", render::vertex_list(&two)));
        }
        lines.push(format!(
            "TEXT {count} chains, {} in atari, {} with two liberties",
            count_chains(board, &atari),
            count_chains(board, &two)
        ));
        lines.join("\n")
    }

    /// GoGui `gfx`: the points each colour owns in the Tromp-Taylor count (every
    /// stone alive), and the score.
    fn area_map(&self) -> String {
        let board = self.position.board();
        let score = self.position.tromp_taylor_score();
        let mut lines = Vec::new();
        for (color, word) in [(Color::Black, "BLACK"), (Color::White, "WHITE")] {
            let area = score.owned[color] - *board.stones(color);
            if !area.is_empty() {
                lines.push(format!("{word} {}", render::vertex_list(&area)));
            }
        }
        lines.push(format!(
            "TEXT Tromp-Taylor: Black {}, White {} + komi {}: {score}",
            score.points.black,
            score.points.white + score.compensation,
            score.komi
        ));
        lines.join("\n")
    }
}

/// `A`, `B`, ..., `Z`, `AA`, `AB`, ...: a short label for the `i`-th chain.
pub(super) fn chain_label(mut i: usize) -> String {
    let mut label = Vec::new();
    loop {
        label.push(b'A' + (i % 26) as u8);
        if i < 26 {
            break;
        }
        i = i / 26 - 1;
    }
    label.reverse();
    String::from_utf8(label).expect("ASCII letters")
}

fn count_chains(board: &go_board::Board, stones: &PointSet) -> usize {
    let mut left = *stones;
    let mut n = 0;
    while let Some(p) = left.first() {
        left -= board.chain_stones(p);
        n += 1;
    }
    n
}
