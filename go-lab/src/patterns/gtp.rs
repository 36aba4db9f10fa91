//! A GTP engine as a move generator: the position is replayed with `play`, the engine
//! chooses with `reg_genmove` (which plays nothing) and `top_moves` (GNU Go's list of
//! its best moves with their values) ranks its candidates. An engine without
//! `top_moves` proposes its `reg_genmove` answer alone.
//!
//! ```text
//! go-lab patterns predict ... --gtp "/usr/games/gnugo --mode gtp --level 10" --sample 2
//! ```

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;

use go_board::{Color, Event, Move, Position};
use go_patterns::{Candidate, CandidateGenerator, Intent, Source};

/// The pipes of the engine.
#[derive(Debug)]
struct Pipes {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

/// A GTP engine driven over its standard input and output (one request at a time).
#[derive(Debug)]
pub struct GtpEngine {
    name: String,
    pipes: Mutex<Pipes>,
}

impl GtpEngine {
    /// Starts `command` (split on whitespace: a program and its arguments), named `name`
    /// in the results.
    ///
    /// # Errors
    ///
    /// The command is empty or cannot be started.
    pub fn start(command: &str, name: &str) -> Result<GtpEngine, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("the GTP command is empty")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {program:?}: {e}"))?;
        let input = child.stdin.take().ok_or("no standard input")?;
        let output = BufReader::new(child.stdout.take().ok_or("no standard output")?);
        Ok(GtpEngine { name: name.to_owned(), pipes: Mutex::new(Pipes { child, input, output }) })
    }
}

impl Pipes {
    /// Sends a command and reads its answer: `Ok(text)` for `=`, `Err(text)` for `?`
    /// or a broken pipe.
    fn ask(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.input, "{command}").map_err(|e| format!("{command}: {e}"))?;
        self.input.flush().map_err(|e| format!("{command}: {e}"))?;
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            let n = self.output.read_line(&mut line).map_err(|e| format!("{command}: {e}"))?;
            if n == 0 {
                return Err(format!("{command}: the engine closed its output"));
            }
            let line = line.trim_end_matches(['\r', '\n']);
            if line.is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            if !answer.is_empty() {
                answer.push('\n');
            }
            answer.push_str(line);
        }
        match answer.chars().next() {
            Some('=') => Ok(answer[1..].trim().to_owned()),
            _ => Err(format!("{command}: {answer}")),
        }
    }

    /// The engine's candidates for the position.
    fn candidates(&mut self, position: &Position) -> Result<Vec<(Move, f64)>, String> {
        let size = position.size();
        self.ask(&format!("boardsize {}", size.cols()))?;
        self.ask("clear_board")?;
        self.ask(&format!("komi {}", position.rules().komi))?;
        let color = |c: Color| if c == Color::Black { "black" } else { "white" };
        for event in position.history() {
            match event {
                Event::Setup(setup) => {
                    if !setup.empty.is_empty() {
                        return Err("a setup that removes stones".into());
                    }
                    for (c, stones) in [(Color::Black, &setup.black), (Color::White, &setup.white)]
                    {
                        for p in stones.iter() {
                            self.ask(&format!("play {} {p}", color(c)))?;
                        }
                    }
                }
                Event::Move(c, mv) => {
                    self.ask(&format!("play {} {mv}", color(*c)))?;
                }
            }
        }
        let chosen = self.ask(&format!("reg_genmove {}", color(position.to_move())))?;
        let parse = |v: &str| Move::parse_gtp(v, size).ok();
        let mut out = Vec::new();
        if let Ok(top) = self.ask("top_moves") {
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
}

impl CandidateGenerator for GtpEngine {
    fn name(&self) -> &str {
        &self.name
    }

    /// The engine's `top_moves` (or its `reg_genmove` answer), weighted by their values;
    /// nothing when the engine refuses the position.
    fn generate(&self, position: &Position, out: &mut Vec<Candidate>) {
        let mut pipes = self.pipes.lock().unwrap_or_else(|e| e.into_inner());
        if let Ok(moves) = pipes.candidates(position) {
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

impl Drop for GtpEngine {
    fn drop(&mut self) {
        let pipes = self.pipes.get_mut().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(pipes.input, "quit");
        let _ = pipes.input.flush();
        // An engine that does not quit at once is stopped.
        for _ in 0..50 {
            if matches!(pipes.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let _ = pipes.child.kill();
        let _ = pipes.child.wait();
    }
}
