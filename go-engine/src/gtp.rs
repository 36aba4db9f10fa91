//! The Go Text Protocol (GTP version 2) front door: a [`Session`] owns a game and
//! answers one command line at a time.
//!
//! One command table ([`Commands`]) drives the dispatch, `list_commands`,
//! `known_command` and `gogui-analyze_commands`; a player or an embedder adds commands
//! (or replaces built-in ones) with [`Session::builder`] and [`Command`].
//!
//! The built-in table ([`Commands::standard`]) has:
//!
//! - the standard commands of GTP v2 (`protocol_version`, `name`, `version`,
//!   `known_command`, `list_commands`, `quit`, `boardsize`, `clear_board`, `komi`,
//!   `play`, `genmove`, `undo`, `final_score`, `final_status_list`, `fixed_handicap`,
//!   `place_free_handicap`, `set_free_handicap`, `time_settings`, `time_left`,
//!   `loadsgf`, `showboard`, `reg_genmove`);
//! - GNU Go 3.8's commands under the same names: `printsgf`, `echo`, `get_komi`,
//!   `query_boardsize`, `last_move`, `move_history`, `set_random_seed`, `cputime`, and
//!   the analysis commands `list_stones`, `is_legal`, `all_legal`, `countlib`,
//!   `findlib`, `captures`, `color`, `unconditional_status`, `estimate_score`;
//! - `rules` (a preset of [`go_board::PRESET_NAMES`]), `rectangular_boardsize COLS
//!   ROWS` (Sabaki's, for boards such as 19×13), go-eval's maps as integers
//!   (`bouzy_map N M`, `influence_map [directional|zobrist]`);
//! - GoGui's `gogui-analyze_commands`, `gogui-title`, `gogui-setup`,
//!   `gogui-setup_player`, `gogui-play_sequence`, `gogui-interrupt`, and the analyze
//!   boards `liberty_map`, `chain_map`, `area_map`, `territory_map`, `group_map`,
//!   `gogui-influence_map` and `gogui-bouzy_map` (the maps scaled into [−1, 1]);
//! - go-patterns' commands (see `gtp/patterns.rs`): `patterns_load [FILE]` (within
//!   `--files`), `patterns_candidates [COLOR]` and the analyze entry `gogui-patterns`;
//! - KGS's `kgs-time_settings` (`none`, `absolute`, `canadian`, `byoyomi`) and
//!   `kgs-game_over`.
//!
//! Answers have GNU Go 3.8's format wherever GNU Go has the command: vertex lists in
//! board order (top row first, left to right), `final_score` as `B+3.5`, the
//! `showboard` diagram, and the error messages (`? illegal move`, `? cannot undo`,
//! `? board not empty`, `? unacceptable size`, ...). A pass chosen by `genmove` is
//! written `PASS`, as GNU Go does. The tests replay transcripts of GNU Go's answers;
//! `testdata/gtp/README.md` lists where go-engine answers differently on purpose
//! (superko, board sizes up to 25, komi in half-points, a GNU Go bug, ...).
//!
//! # Conventions
//!
//! - The default game is 19×19 under Chinese rules: area scoring, positional superko,
//!   no suicide, komi 7.5 ([`Rules::chinese`]). `komi` changes the komi, `rules NAME`
//!   the whole rule set (its komi included), `rules` alone names the preset that the
//!   current rules are up to komi (or answers `custom`).
//! - Lines are read as the GTP specification says: control characters other than tab
//!   and line feed (carriage return included) are removed, `#` starts a comment, tabs
//!   are spaces, empty lines are ignored, and an optional numeric id is echoed in the
//!   answer. A line with an unknown command, missing or malformed arguments, or
//!   arguments out of range is answered with `? message`; nothing panics. Extra
//!   arguments are ignored, as GNU Go does; `known_command` without a name is an
//!   error.
//! - After two passes the game is over for [`Position`], but GTP has no such state:
//!   `play` and `genmove` resume play, and `is_legal`/`all_legal` answer as if play
//!   went on.
//! - The handicap commands need a board without stones; moves before them (passes on
//!   an empty board) are forgotten, as GNU Go's `fixed_handicap` does.
//! - `loadsgf FILE [N]` sets up the position before move N (N−1 moves played; all
//!   moves without N), as GNU Go does, and answers the colour to move; the second
//!   argument may also be a vertex: the position before the first move played there.
//!   The board size and komi come from the file, and the rules too when its `RU` names
//!   a known rule set (else the session's rules stay); see [`crate::record::replay`] for
//!   how leniently moves are replayed. Only regular files within
//!   [`ReadLimits::DEFAULT`] are read ([`go_board::sgf::read_file`]): a FIFO or a device
//!   such as `/dev/stdin` is refused rather than read, so it cannot block the session
//!   or swallow its commands.
//! - `printsgf [FILE]` writes the game (setup and moves, so `loadsgf` reads it back to
//!   the same position) to FILE, or answers it when FILE is missing or `-`; a game
//!   loaded by `loadsgf` keeps the file's players, ranks, date, name, event, comment,
//!   `RU` (while the rules are the file's) and result (while the game is the file's).
//!   A game too long for `loadsgf` to read back is refused, not written.
//! - Files: by default `loadsgf` and `printsgf` use any path, as GNU Go does; a
//!   session with [`FileAccess::Within`] (`go-engine gtp --files DIR`) confines them to
//!   a folder, [`FileAccess::Denied`] (`--no-files`) refuses them.
//! - `final_score` and `final_status_list` take the dead stones from the
//!   [`Player`]; by default (the random player) they are go-eval's dead stones by
//!   reading ([`go_eval::PositionEvaluator::dead_stones`]: the dragons the owl reader
//!   kills even when their owner moves first, and unconditionally dead stones); the
//!   search player reads them the same way with a deeper owl budget (1,000 nodes and
//!   12 plies per question) than the check it makes before each move.
//!   Every other stone not in seki is alive. `seki` lists the
//!   chains that go-board's territory counting recognises as seki (they border a shared
//!   region that neither colour can fill without self-atari). GNU Go's
//!   `black_territory`, `white_territory` and `dame` statuses are answered from the
//!   same count.
//! - `estimate_score` answers in GNU Go's format, `B+12.5 (upper bound: -10.0, lower:
//!   -15.0)`, the bounds being White's lead (GNU Go's convention): the six-step
//!   evaluation of [`go_eval::evaluate`] with the dead stones from owl reading, its
//!   bounds tilted and widened by the critical dragons
//!   ([`go_eval::PositionEvaluator::estimate_score_with_reading`]).
//! - `bouzy_map N M` (N dilations then M erosions, each at most 1000) and
//!   `influence_map` answer a grid of integers, one board row per line from the top,
//!   Black positive, of every stone on the board (no dead stone removed), for scripts;
//!   `gogui-bouzy_map` and `gogui-influence_map` answer the same maps divided by their
//!   largest absolute value, so that GoGui's `dboard` draws them in proportion.
//! - `gogui-interrupt` declares that GoGui may send `# interrupt` (a comment): like
//!   any line, it ends a streaming command when the session is served: `lz-analyze`
//!   and `kata-analyze` end their answer (any other line does too),
//!   `lz-genmove_analyze` and `kata-genmove_analyze` stop their search and play the
//!   best move found so far (a command sent meanwhile waits for the move); other
//!   commands (`genmove` too) answer when their search ends.
//! - Streaming commands ([`Command::streaming`], [`Stream`]): `lz-analyze` and
//!   `kata-analyze` of the engine that plays answer `=` at once and send lines until
//!   the next command arrives ([`Session::serve`]).
//!
//! # Examples
//!
//! ```
//! use go_engine::gtp::Session;
//! use go_engine::player::RandomPlayer;
//!
//! let mut session = Session::new(RandomPlayer::new(1));
//! let answer = |s: &mut Session<_>, line: &str| s.execute(line).map(|r| r.to_string());
//! assert_eq!(answer(&mut session, "1 boardsize 9").as_deref(), Some("=1 \n\n"));
//! assert_eq!(answer(&mut session, "play black E5").as_deref(), Some("= \n\n"));
//! assert_eq!(answer(&mut session, "play white E5").as_deref(), Some("? illegal move\n\n"));
//! assert_eq!(answer(&mut session, "# a comment"), None);
//! let stones = session.execute("2 list_stones black").unwrap();
//! assert!(stones.is_success());
//! assert_eq!(stones.text(), "E5");
//! assert_eq!(stones.id(), Some("2"));
//! ```

mod command;
mod eval;
mod eyes;
mod files;
mod gogui;
mod line;
mod owl;
mod patterns;
mod play;
mod play_analyze;
mod reading;
mod standard;
mod stream;

use std::fmt;
use std::io::{self, BufRead, Write};
use std::sync::Arc;

use go_board::sgf::{self, GameRecord, ReadLimits};
use go_board::{BoardSize, Point, Position, Rules, excerpt};

pub use command::{AnalyzeKind, Args, Command, CommandResult, Commands};
pub use files::FileAccess;
pub use patterns::PatternsState;
pub use play::commands as play_commands;
pub use reading::{MAX_DEPTH_OFFSET, NodeCounters, ReadingState, shifted};
pub(crate) use standard::cpu_seconds;
pub use stream::Stream;
use stream::{Input, Line};

use crate::player::{Clock, Player, RandomPlayer};
use crate::record::LoadedGame;

/// The longest command line [`Session::serve`] reads, in bytes; a longer line is
/// answered with an error and skipped.
pub const MAX_LINE: usize = 1 << 20;

/// The text of an answer as GTP may send it: no empty line inside (which would end the
/// answer early), no trailing line breaks; the first line may be empty (a diagram starts
/// on the line after the `=`). Control characters (a carriage return ends a line for
/// many controllers) and Unicode line separators are escaped, so that quoted input
/// cannot end an answer early.
fn clean(raw: &str) -> String {
    let mut text = String::with_capacity(raw.len());
    for (i, line) in raw.trim_end_matches(['\n', '\r']).split('\n').enumerate() {
        let line = line.trim_end_matches('\r');
        if i > 0 {
            text.push('\n');
            if line.is_empty() {
                text.push(' ');
            }
        }
        for c in line.chars() {
            if (c.is_control() && c != '\t') || matches!(c, '\u{2028}' | '\u{2029}') {
                text.extend(c.escape_default());
            } else {
                text.push(c);
            }
        }
    }
    text
}

/// The answer to one command: success (`=`) or failure (`?`), the command's id, and
/// the text.
///
/// `Display` writes it as GTP sends it: `=id text` or `?id text`, then an empty line.
/// The text never contains an empty line (which would end the answer early), nor a
/// control character other than line feeds and tabs (they are escaped: `\r`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    id: Option<String>,
    success: bool,
    text: String,
    quit: bool,
}

impl Response {
    fn new(id: Option<String>, result: CommandResult) -> Response {
        let (success, text) = match result {
            Ok(t) => (true, clean(&t)),
            Err(t) => (false, clean(&t)),
        };
        Response { id, success, text, quit: false }
    }

    /// Whether the command succeeded (`=`).
    pub fn is_success(&self) -> bool {
        self.success
    }

    /// The id of the command, as digits without leading zeros.
    pub fn id(&self) -> Option<&str> {
        self.id.as_deref()
    }

    /// The answer's text (a result or an error message), without the `=`/`?` and id.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether this is the answer to `quit`: the session expects no more commands.
    pub fn is_quit(&self) -> bool {
        self.quit
    }
}

impl fmt::Display for Response {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.success { '=' } else { '?' };
        write!(f, "{sign}{} {}\n\n", self.id.as_deref().unwrap_or(""), self.text)
    }
}

/// A GTP session: a game (a [`Position`] under [`Rules`]), a [`Player`] for `genmove`,
/// the time settings, the command table and the files the file commands may use,
/// changed and queried one command line at a time.
///
/// See the [module documentation](self) for the commands and their conventions.
#[derive(Debug)]
pub struct Session<P = RandomPlayer> {
    position: Position,
    rules: Rules,
    player: P,
    clock: Clock,
    quit: bool,
    /// Set by `quit`, taken by the answer.
    quitting: bool,
    commands: Arc<Commands<P>>,
    files: FileAccess,
    /// The game `loadsgf` loaded, for `printsgf`.
    loaded: Option<LoadedGame>,
    /// The readers' settings, buffers and counters, and the trial moves.
    reading: ReadingState,
    /// The pattern set in use and its generators.
    patterns: PatternsState,
}

/// Builds a [`Session`]: board size, rules, file access and commands beyond the
/// built-in ones.
///
/// # Examples
///
/// ```
/// use go_board::{BoardSize, Rules};
/// use go_engine::gtp::{Command, FileAccess, Session};
/// use go_engine::RandomPlayer;
///
/// let mut session = Session::builder(RandomPlayer::new(7))
///     .size(BoardSize::new(19, 13)?)
///     .rules(Rules::japanese())
///     .files(FileAccess::Denied)
///     .command(Command::new("hello", |_: &mut Session<RandomPlayer>, args| {
///         Ok(format!("hello {}", args.get(0).unwrap_or("world")))
///     }))
///     .without("printsgf")
///     .build();
/// assert_eq!(session.execute("hello you").unwrap().text(), "hello you");
/// assert_eq!(session.execute("query_boardsize").unwrap().text(), "19 13");
/// assert_eq!(session.execute("known_command printsgf").unwrap().text(), "false");
/// assert!(!session.execute("loadsgf game.sgf").unwrap().is_success());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct SessionBuilder<P> {
    player: P,
    size: BoardSize,
    rules: Rules,
    commands: Commands<P>,
    files: FileAccess,
}

impl<P: Player> SessionBuilder<P> {
    /// The size of the first board (19×19 by default).
    pub fn size(mut self, size: BoardSize) -> SessionBuilder<P> {
        self.size = size;
        self
    }

    /// The rules of the first game (Chinese by default).
    pub fn rules(mut self, rules: Rules) -> SessionBuilder<P> {
        self.rules = rules;
        self
    }

    /// What the file commands may read and write ([`FileAccess::Any`] by default).
    pub fn files(mut self, files: FileAccess) -> SessionBuilder<P> {
        self.files = files;
        self
    }

    /// Adds a command, or replaces the built-in command of the same name.
    pub fn command(mut self, command: Command<P>) -> SessionBuilder<P> {
        self.commands.add(command);
        self
    }

    /// Adds commands (a group such as a module's commands), replacing built-in ones of
    /// the same names.
    pub fn commands(mut self, commands: impl IntoIterator<Item = Command<P>>) -> SessionBuilder<P> {
        self.commands.extend(commands);
        self
    }

    /// Removes a command (built-in or added); nothing happens if there is none.
    pub fn without(mut self, name: &str) -> SessionBuilder<P> {
        self.commands.remove(name);
        self
    }

    /// The session.
    pub fn build(self) -> Session<P> {
        Session {
            position: Position::new(self.size, self.rules),
            rules: self.rules,
            player: self.player,
            clock: Clock::default(),
            quit: false,
            quitting: false,
            commands: Arc::new(self.commands),
            files: self.files,
            loaded: None,
            reading: ReadingState::default(),
            patterns: PatternsState::default(),
        }
    }
}

impl<P: Player + 'static> Session<P> {
    /// A session with an empty 19×19 board under Chinese rules (komi 7.5) and the
    /// built-in commands.
    pub fn new(player: P) -> Session<P> {
        Session::builder(player).build()
    }

    /// A session with an empty board of `size` under `rules` and the built-in commands.
    pub fn with_rules(player: P, size: BoardSize, rules: Rules) -> Session<P> {
        Session::builder(player).size(size).rules(rules).build()
    }

    /// A builder of a session for `player`, with the built-in commands
    /// ([`Commands::standard`]) and the defaults of [`Session::new`].
    pub fn builder(player: P) -> SessionBuilder<P> {
        SessionBuilder {
            player,
            size: BoardSize::square(19).expect("19x19 is a valid size"),
            rules: Rules::chinese(),
            commands: Commands::standard(),
            files: FileAccess::Any,
        }
    }
}

impl<P: Player> Session<P> {
    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Replaces the game by `position`; its rules become the session's rules.
    pub fn set_position(&mut self, position: Position) {
        self.rules = *position.rules();
        self.position = position;
    }

    /// The rules in force (komi included).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The player.
    pub fn player(&self) -> &P {
        &self.player
    }

    /// The player, mutably.
    pub fn player_mut(&mut self) -> &mut P {
        &mut self.player
    }

    /// The time settings and time left that the controller sent.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The readers' state: settings, buffers, depth offset, node counters, trial moves.
    pub fn reading(&self) -> &ReadingState {
        &self.reading
    }

    /// The readers' state, mutably (reading commands of other modules use it).
    pub fn reading_mut(&mut self) -> &mut ReadingState {
        &mut self.reading
    }

    /// The pattern set in use (`patterns_load`) and its candidate generators.
    pub fn patterns(&self) -> &PatternsState {
        &self.patterns
    }

    /// The pattern set in use and its generators, mutably.
    pub fn patterns_mut(&mut self) -> &mut PatternsState {
        &mut self.patterns
    }

    /// The command table.
    pub fn commands(&self) -> &Commands<P> {
        &self.commands
    }

    /// What the file commands may read and write.
    pub fn files(&self) -> &FileAccess {
        &self.files
    }

    /// Whether `quit` has been received.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Executes one command line and returns the answer, or `None` for a line that
    /// holds no command (empty, blank, or a comment). Only the text before the first
    /// line feed is read.
    pub fn execute(&mut self, line: &str) -> Option<Response> {
        self.execute_bytes(line.as_bytes())
    }

    /// Like [`Session::execute`], for a line as raw bytes: bytes that are not UTF-8 can
    /// only fail to match a command or an argument.
    ///
    /// A streaming command (`lz-analyze`, ...) runs to its own limits here, and its
    /// lines come in the answer's text, after an empty first line.
    pub fn execute_bytes(&mut self, line: &[u8]) -> Option<Response> {
        let command = line::parse(line)?;
        let mut stream = Stream::collect(command.id.clone());
        let result = self.dispatch(&command, &mut stream);
        let result = match stream.finish(result) {
            Ok(Some(result)) => result,
            // A collecting stream neither writes nor ends the answer itself.
            Ok(None) | Err(_) => Err("the answer was lost".to_owned()),
        };
        Some(self.respond(command.id, result))
    }

    /// Runs a parsed command.
    fn dispatch(&mut self, command: &line::CommandLine, stream: &mut Stream<'_>) -> CommandResult {
        if command.name.is_empty() {
            return Err("missing command".to_owned());
        }
        let words: Vec<&str> = command.args.iter().map(String::as_str).collect();
        let args = Args::new(&words, &command.raw);
        let table = Arc::clone(&self.commands);
        match table.get(&command.name) {
            Some(handler) => handler.run(self, &args, stream),
            None => Err("unknown command".to_owned()),
        }
    }

    /// The response to a command with `id` that gave `result`.
    fn respond(&mut self, id: Option<String>, result: CommandResult) -> Response {
        let mut response = Response::new(id, result);
        if std::mem::take(&mut self.quitting) && response.success {
            self.quit = true;
            response.quit = true;
        }
        response
    }

    /// Reads command lines from `input` and writes the answers to `output` (flushed
    /// after each), until `quit` or the end of the input.
    ///
    /// A line longer than [`MAX_LINE`] bytes is skipped and answered with an error.
    /// The input is read on a thread of its own, one line ahead at most while a
    /// streaming command (`lz-analyze`, `kata-analyze`) runs, so that the next
    /// command interrupts it: the streamed answer ends with its empty line, and the
    /// next command is answered as usual.
    ///
    /// # Errors
    ///
    /// An I/O error of `input` or `output`.
    pub fn serve<R: BufRead + Send, W: Write>(
        &mut self,
        input: R,
        mut output: W,
    ) -> io::Result<()> {
        std::thread::scope(|scope| {
            let mut input = Input::spawn(scope, input);
            loop {
                let (id, result) = match input.next() {
                    Line::End => return Ok(()),
                    Line::Failed(e) => return Err(e),
                    Line::TooLong(id) => {
                        (id, Err(format!("line too long (limit {MAX_LINE} bytes)")))
                    }
                    Line::Text(buf) => {
                        let Some(command) = line::parse(&buf) else { continue };
                        let mut stream = Stream::live(command.id.clone(), &mut output, &mut input);
                        let result = self.dispatch(&command, &mut stream);
                        match stream.finish(result)? {
                            Some(result) => (command.id, result),
                            None => continue,
                        }
                    }
                };
                let response = self.respond(id, result);
                write!(output, "{response}")?;
                output.flush()?;
                if response.is_quit() {
                    return Ok(());
                }
            }
        })
    }

    /// Starts a new game on an empty board of `size`, keeping the rules and the time
    /// settings.
    fn clear(&mut self, size: BoardSize) {
        self.position = Position::new(size, self.rules);
        self.loaded = None;
    }

    fn undo(&mut self) -> CommandResult {
        self.position.undo().map_err(|_| "cannot undo".to_owned())?;
        Ok(String::new())
    }

    fn loadsgf(&mut self, args: &[&str]) -> CommandResult {
        let file = args.first().ok_or("missing filename")?;
        let cannot = |reason: String| format!("cannot open or parse '{}': {reason}", excerpt(file));
        let path = self.files.resolve_read(file).map_err(cannot)?;
        let bytes =
            sgf::read_file(&path, &ReadLimits::DEFAULT).map_err(|e| cannot(e.to_string()))?;
        let record = GameRecord::from_sgf(&bytes).map_err(|e| cannot(format!("{e:#}")))?;
        let moves = match args.get(1) {
            None => usize::MAX,
            Some(arg) => match parse_integer(arg) {
                Some(n) if n >= 1 => usize::try_from(n - 1).unwrap_or(usize::MAX),
                Some(_) => return Err("invalid move number: moves count from 1".to_owned()),
                None => {
                    let p = Point::parse_gtp(arg, record.size)
                        .map_err(|_| "invalid move number or vertex")?;
                    crate::record::moves_before(&record, p).unwrap_or(usize::MAX)
                }
            },
        };
        let loaded = LoadedGame::new(record.clone());
        let rules = loaded.rules(&self.rules);
        let record = GameRecord { rules, ..record };
        let position = crate::record::replay(&record, moves).map_err(|e| cannot(e.to_string()))?;
        self.loaded = Some(loaded);
        self.rules = rules;
        self.position = position;
        Ok(self.position.to_move().to_string())
    }

    fn printsgf(&mut self, args: &[&str]) -> CommandResult {
        let mut record = match &self.loaded {
            Some(loaded) => loaded.record_for(&self.position),
            None => GameRecord::from_position(&self.position),
        };
        if record.result.is_none() && self.position.is_over() {
            record.result = Some(self.final_score().to_string());
        }
        let tree = record.to_tree();
        let sgf = tree.to_sgf();
        // What `printsgf` writes, `loadsgf` reads: the record is one line of play.
        if !ReadLimits::DEFAULT.admits(sgf.len(), tree.len(), tree.len()) {
            return Err(format!(
                "the game ({} moves, {} bytes of SGF) is larger than loadsgf reads ({:?})",
                self.position.move_count(),
                sgf.len(),
                ReadLimits::DEFAULT
            ));
        }
        match args.first() {
            None | Some(&"-") => Ok(sgf),
            Some(file) => {
                self.files
                    .write(file, sgf.as_bytes())
                    .map_err(|e| format!("cannot write '{}': {e}", excerpt(file)))?;
                Ok(String::new())
            }
        }
    }
}

/// An optionally signed decimal integer; `None` if the text is not one. Values beyond
/// `i128` saturate, so that a huge number is out of range rather than not a number.
fn parse_integer(text: &str) -> Option<i128> {
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = digits.parse::<i128>().unwrap_or(i128::MAX);
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests;
