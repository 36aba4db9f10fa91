//! A GTP engine as a move generator: the position is replayed with `play`, the engine
//! chooses with `reg_genmove` (which plays nothing) and `top_moves` (GNU Go's list of
//! its best moves with their values) ranks its candidates. An engine without
//! `top_moves` proposes its `reg_genmove` answer alone.
//!
//! ```text
//! go-lab patterns predict ... --gtp "/usr/games/gnugo --mode gtp --level 10" --sample 2
//! ```

use std::sync::Mutex;

use go_board::{Color, Event, Move, Position};
use go_patterns::{Candidate, CandidateGenerator, Intent, Source};

use crate::gtp::{GtpClient, GtpError};

/// A GTP engine driven over its standard input and output (one request at a time).
#[derive(Debug)]
pub struct GtpEngine {
    name: String,
    client: Mutex<GtpClient>,
}

impl GtpEngine {
    /// Starts `command` (split on whitespace: a program and its arguments), named `name`
    /// in the results.
    ///
    /// # Errors
    ///
    /// The command is empty or cannot be started.
    pub fn start(command: &str, name: &str) -> Result<GtpEngine, String> {
        let client = GtpClient::start(command).map_err(|e| e.to_string())?;
        Ok(GtpEngine { name: name.to_owned(), client: Mutex::new(client) })
    }
}

/// The engine's candidates for the position.
fn candidates(engine: &mut GtpClient, position: &Position) -> Result<Vec<(Move, f64)>, GtpError> {
    let size = position.size();
    engine.ask(&format!("boardsize {}", size.cols()))?;
    engine.ask("clear_board")?;
    engine.ask(&format!("komi {}", position.rules().komi))?;
    let color = |c: Color| if c == Color::Black { "black" } else { "white" };
    for event in position.history() {
        match event {
            Event::Setup(setup) => {
                if !setup.empty.is_empty() {
                    // GTP cannot remove stones: no candidates from the engine here.
                    return Ok(Vec::new());
                }
                for (c, stones) in [(Color::Black, &setup.black), (Color::White, &setup.white)] {
                    for p in stones.iter() {
                        engine.ask(&format!("play {} {p}", color(c)))?;
                    }
                }
            }
            Event::Move(c, mv) => {
                engine.ask(&format!("play {} {mv}", color(*c)))?;
            }
        }
    }
    let chosen = engine.ask(&format!("reg_genmove {}", color(position.to_move())))?;
    let parse = |v: &str| Move::parse_gtp(v, size).ok();
    let mut out = Vec::new();
    if let Ok(top) = engine.ask("top_moves") {
        let words: Vec<&str> = top.split_whitespace().collect();
        for pair in words.chunks(2) {
            if let (Some(mv), Some(value)) =
                (parse(pair[0]), pair.get(1).and_then(|v| v.parse::<f64>().ok()))
            {
                out.push((mv, value));
            }
        }
    }
    if out.is_empty() {
        out.extend(parse(&chosen).map(|mv| (mv, 1.0)));
    }
    Ok(out)
}

impl CandidateGenerator for GtpEngine {
    fn name(&self) -> &str {
        &self.name
    }

    /// The engine's `top_moves` (or its `reg_genmove` answer), weighted by their values;
    /// nothing when the engine refuses the position.
    fn generate(&self, position: &Position, out: &mut Vec<Candidate>) {
        let mut client = self.client.lock().unwrap_or_else(|e| e.into_inner());
        if let Ok(moves) = candidates(&mut client, position) {
            let source = Source::new(self.name.as_str(), "top_moves");
            out.extend(
                moves
                    .into_iter()
                    .filter(|(mv, _)| position.is_legal(*mv))
                    .map(|(mv, w)| Candidate::new(mv, Intent::Shape, w, source.clone())),
            );
        }
    }
}
