//! The Go Text Protocol (GTP version 2) front door: a [`Session`] owns a game and
//! answers one command line at a time.
//!
//! The session speaks the standard commands of GTP v2 (`protocol_version`, `name`,
//! `version`, `known_command`, `list_commands`, `quit`, `boardsize`, `clear_board`,
//! `komi`, `play`, `genmove`, `undo`, `final_score`, `final_status_list`,
//! `fixed_handicap`, `place_free_handicap`, `set_free_handicap`, `time_settings`,
//! `time_left`, `loadsgf`, `printsgf`, `showboard`, `reg_genmove`), the analysis commands
//! of GNU Go 3.8 under the same names (`list_stones`, `is_legal`, `all_legal`,
//! `countlib`, `findlib`, `captures`, `color`, `unconditional_status`,
//! `estimate_score`), a `rules` command that selects a preset of
//! [`go_board::PRESET_NAMES`], go-eval's maps (`bouzy_map N M`, `influence_map
//! [directional|zobrist]`), the shipped strength model's candidate moves
//! (`strength_candidates [N]`: the N best points for the side to move, default 10, as
//! GoGui point-label pairs `Q16 1 D4 2 ...`), and `gogui-analyze_commands` with board
//! maps for GoGui (`liberty_map`, `chain_map`, `area_map`, `territory_map`, `group_map`,
//! the influence and Bouzy maps as `dboard`s, the candidates as `pspairs`).
//! [`COMMANDS`] lists them all.
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
//!   arguments are ignored, as GNU Go does.
//! - After two passes the game is over for [`Position`], but GTP has no such state:
//!   `play` and `genmove` resume play, and `is_legal`/`all_legal` answer as if play
//!   went on.
//! - `loadsgf FILE [N]` sets up the position before move N (N−1 moves played; all
//!   moves without N), as GNU Go does, and answers the colour to move; the second
//!   argument may also be a vertex: the position before the first move played there.
//!   The board size and komi come from the file, the other rules stay; see
//!   [`crate::record::replay`] for how leniently moves are replayed.
//! - `printsgf [FILE]` writes the game (setup and moves, so `loadsgf` reads it back to
//!   the same position) to FILE, or answers it when FILE is missing or `-`.
//! - `final_score` and `final_status_list` take the dead stones from the
//!   [`Player`]; by default (the random player) they are go-eval's static estimate
//!   without reading ([`go_eval::PositionEvaluator::dead_stones`]: stones in the other colour's
//!   unconditionally safe regions, and the weak groups of the six-step evaluation).
//!   Every other stone not in seki is alive. `seki` lists the
//!   chains that go-board's territory counting recognises as seki (they border a shared
//!   region that neither colour can fill without self-atari). GNU Go's
//!   `black_territory`, `white_territory` and `dame` statuses are answered from the
//!   same count.
//! - `estimate_score` answers in GNU Go's format, `B+12.5 (upper bound: -10.0, lower:
//!   -15.0)`, the bounds being White's lead (GNU Go's convention): the six-step
//!   evaluation of [`go_eval::evaluate`] and its tilted bounds.
//! - `bouzy_map N M` (N dilations then M erosions, each at most 1000) and
//!   `influence_map` answer a grid of integers, one board row per line from the top,
//!   Black positive, of every stone on the board (no dead stone removed).
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

mod eval;
mod line;
pub(crate) mod text;

use std::borrow::Cow;
use std::fmt;
use std::io::{self, BufRead, Read, Write};

use go_board::sgf::GameRecord;
use go_board::{
    BoardSize, Color, HandicapError, Komi, Move, Point, PointSet, Position, Rules, Scoring,
};

use crate::player::{Clock, Decision, Player, RandomPlayer, TimeLeft, TimeSettings};

/// The commands a [`Session`] answers, in alphabetical order (the answer of
/// `list_commands`).
pub const COMMANDS: [&str; 42] = [
    "all_legal",
    "area_map",
    "boardsize",
    "bouzy_map",
    "captures",
    "chain_map",
    "clear_board",
    "color",
    "countlib",
    "estimate_score",
    "final_score",
    "final_status_list",
    "findlib",
    "fixed_handicap",
    "genmove",
    "gogui-analyze_commands",
    "group_map",
    "influence_map",
    "is_legal",
    "known_command",
    "komi",
    "liberty_map",
    "list_commands",
    "list_stones",
    "loadsgf",
    "name",
    "place_free_handicap",
    "play",
    "printsgf",
    "protocol_version",
    "quit",
    "reg_genmove",
    "rules",
    "set_free_handicap",
    "showboard",
    "strength_candidates",
    "territory_map",
    "time_left",
    "time_settings",
    "unconditional_status",
    "undo",
    "version",
];

/// The longest command line [`Session::serve`] reads, in bytes; a longer line is
/// answered with an error and skipped.
pub const MAX_LINE: usize = 1 << 20;

/// The largest SGF file `loadsgf` reads, in bytes.
pub const MAX_SGF_FILE: u64 = 64 << 20;

/// The analysis commands offered to GoGui by `gogui-analyze_commands`
/// (`type/label/command`, with `%p` a point and `%c` a colour chosen in GoGui).
const ANALYZE_COMMANDS: &str = "\
sboard/Liberties/liberty_map
gfx/Chains/chain_map
gfx/Tromp-Taylor Area/area_map
dboard/Influence/influence_map
dboard/Zobrist Potential/influence_map zobrist
dboard/Bouzy Territory 5-21/bouzy_map 5 21
dboard/Bouzy Moyo 5-10/bouzy_map 5 10
dboard/Bouzy Area 4-0/bouzy_map 4 0
gfx/Territory/territory_map
gfx/Groups/group_map
pspairs/Strength Candidates/strength_candidates
string/Estimate Score/estimate_score
string/Unconditional Status/unconditional_status %p
string/Count Liberties/countlib %p
plist/Find Liberties/findlib %p
string/Color/color %p
string/Captures/captures %c
plist/List Stones/list_stones %c
plist/All Legal/all_legal %c
string/Is Legal/is_legal %c %p
string/Final Score/final_score
plist/Final Status Seki/final_status_list seki
plist/Final Status Dead/final_status_list dead
plist/Black Territory/final_status_list black_territory
plist/White Territory/final_status_list white_territory
plist/Dame/final_status_list dame
string/Rules/rules";

/// The answer to one command: success (`=`) or failure (`?`), the command's id, and
/// the text.
///
/// `Display` writes it as GTP sends it: `=id text` or `?id text`, then an empty line.
/// The text never contains an empty line (which would end the answer early).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    id: Option<String>,
    success: bool,
    text: String,
    quit: bool,
}

impl Response {
    fn new(id: Option<String>, result: Result<String, String>) -> Response {
        let (success, raw) = match result {
            Ok(t) => (true, t),
            Err(t) => (false, t),
        };
        // No empty line inside the answer, no trailing line breaks; the first line may
        // be empty (a diagram starts on the line after the `=`).
        let mut text = String::with_capacity(raw.len());
        for (i, line) in raw.trim_end_matches(['\n', '\r']).split('\n').enumerate() {
            let line = line.trim_end_matches('\r');
            if i > 0 {
                text.push('\n');
                if line.is_empty() {
                    text.push(' ');
                }
            }
            text.push_str(line);
        }
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
/// and the time settings, changed and queried one command line at a time.
///
/// See the [module documentation](self) for the commands and their conventions.
#[derive(Debug)]
pub struct Session<P = RandomPlayer> {
    position: Position,
    rules: Rules,
    player: P,
    clock: Clock,
    quit: bool,
}

type CommandResult = Result<String, String>;

impl<P: Player> Session<P> {
    /// A session with an empty 19×19 board under Chinese rules (komi 7.5).
    pub fn new(player: P) -> Session<P> {
        let size = BoardSize::square(19).expect("19x19 is a valid size");
        Session::with_rules(player, size, Rules::chinese())
    }

    /// A session with an empty board of `size` under `rules`.
    pub fn with_rules(player: P, size: BoardSize, rules: Rules) -> Session<P> {
        Session {
            position: Position::new(size, rules),
            rules,
            player,
            clock: Clock::default(),
            quit: false,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
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
    pub fn execute_bytes(&mut self, line: &[u8]) -> Option<Response> {
        let command = line::parse(line)?;
        let result = if command.name.is_empty() {
            Err("missing command".to_owned())
        } else {
            let args: Vec<&str> = command.args.iter().map(String::as_str).collect();
            self.dispatch(&command.name, &args)
        };
        let mut response = Response::new(command.id, result);
        if response.success && command.name == "quit" {
            self.quit = true;
            response.quit = true;
        }
        Some(response)
    }

    /// Reads command lines from `input` and writes the answers to `output` (flushed
    /// after each), until `quit` or the end of the input.
    ///
    /// A line longer than [`MAX_LINE`] bytes is skipped and answered with an error.
    ///
    /// # Errors
    ///
    /// An I/O error of `input` or `output`.
    pub fn serve<R: BufRead, W: Write>(&mut self, mut input: R, mut output: W) -> io::Result<()> {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            let n = (&mut input).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf)?;
            if n == 0 {
                return Ok(());
            }
            let response = if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') {
                let id = line::id_of(&buf[..64.min(buf.len())]);
                skip_line(&mut input)?;
                Some(Response::new(id, Err(format!("line too long (limit {MAX_LINE} bytes)"))))
            } else {
                self.execute_bytes(&buf)
            };
            if let Some(response) = response {
                write!(output, "{response}")?;
                output.flush()?;
                if response.is_quit() {
                    return Ok(());
                }
            }
        }
    }

    fn dispatch(&mut self, name: &str, args: &[&str]) -> CommandResult {
        match name {
            "protocol_version" => Ok("2".to_owned()),
            "name" => Ok(format!("go-engine ({})", self.player.description())),
            "version" => {
                Ok(format!("{} ({})", env!("CARGO_PKG_VERSION"), self.player.description()))
            }
            "known_command" => Ok(args.first().is_some_and(|c| COMMANDS.contains(c)).to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => self.boardsize(args),
            "clear_board" => {
                self.clear(self.position.size());
                Ok(String::new())
            }
            "komi" => self.komi(args),
            "rules" => self.set_rules(args),
            "play" => self.play(args),
            "genmove" => self.genmove(args, true),
            "reg_genmove" => self.genmove(args, false),
            "undo" => {
                self.position.undo().map_err(|_| "cannot undo".to_owned())?;
                Ok(String::new())
            }
            "final_score" => Ok(self.final_score().to_string()),
            "final_status_list" => self.final_status_list(args),
            "fixed_handicap" => self.handicap(args, Handicap::Fixed),
            "place_free_handicap" => self.handicap(args, Handicap::Free),
            "set_free_handicap" => self.set_free_handicap(args),
            "time_settings" => self.time_settings(args),
            "time_left" => self.time_left(args),
            "loadsgf" => self.loadsgf(args),
            "printsgf" => self.printsgf(args),
            "showboard" => Ok(text::showboard(self.position.board())),
            "list_stones" => {
                let color = color_arg(args)?;
                Ok(text::vertex_list(self.position.board().stones(color)))
            }
            "is_legal" => {
                let (color, mv) = self.move_args(args)?;
                let legal = playable(&self.position).check_as(color, mv).is_ok();
                Ok(if legal { "1" } else { "0" }.to_owned())
            }
            "all_legal" => {
                let color = color_arg(args)?;
                let position = playable(&self.position);
                let legal: PointSet = position
                    .board()
                    .empty_points()
                    .filter(|&p| position.check_as(color, Move::Play(p)).is_ok())
                    .collect();
                Ok(text::vertex_list(&legal))
            }
            "countlib" => {
                let p = self.stone_arg(args)?;
                Ok(self.position.board().liberty_count(p).to_string())
            }
            "findlib" => {
                let p = self.stone_arg(args)?;
                Ok(text::vertex_list(&self.position.board().liberties(p)))
            }
            "captures" => {
                let color = color_arg(args)?;
                Ok(self.position.board().captures()[color].to_string())
            }
            "color" => {
                let p = self.point_arg(args)?;
                Ok(match self.position.board().color_at(p) {
                    Some(c) => c.to_string(),
                    None => "empty".to_owned(),
                })
            }
            "unconditional_status" => {
                let p = self.point_arg(args)?;
                let board = self.position.board();
                Ok(go_eval::benson::Unconditional::new(board).status(p).to_string())
            }
            "gogui-analyze_commands" => Ok(ANALYZE_COMMANDS.to_owned()),
            "liberty_map" => Ok(self.liberty_map()),
            "chain_map" => Ok(self.chain_map()),
            "area_map" => Ok(self.area_map()),
            "estimate_score" => Ok(eval::estimate_score(&self.position)),
            "strength_candidates" => eval::strength_candidates(&self.position, args),
            "bouzy_map" => eval::bouzy_map(&self.position, args),
            "influence_map" => eval::influence_map(&self.position, args),
            "territory_map" => Ok(eval::territory_map(&self.position)),
            "group_map" => Ok(eval::group_map(&self.position)),
            _ => Err("unknown command".to_owned()),
        }
    }

    /// Starts a new game on an empty board of `size`, keeping the rules and the time
    /// settings.
    fn clear(&mut self, size: BoardSize) {
        self.position = Position::new(size, self.rules);
    }

    fn boardsize(&mut self, args: &[&str]) -> CommandResult {
        let arg = args.first().ok_or("boardsize not an integer")?;
        let n = parse_integer(arg).ok_or("boardsize not an integer")?;
        let size = u32::try_from(n)
            .ok()
            .and_then(|n| BoardSize::square(n).ok())
            .ok_or("unacceptable size")?;
        self.clear(size);
        Ok(String::new())
    }

    fn komi(&mut self, args: &[&str]) -> CommandResult {
        let arg = args.first().ok_or("komi not a float")?;
        let komi: Komi = arg.parse().map_err(|_| {
            if arg.parse::<f64>().is_ok_and(f64::is_finite) {
                "komi must be a multiple of 0.5 below one million".to_owned()
            } else {
                "komi not a float".to_owned()
            }
        })?;
        self.rules = self.rules.with_komi(komi);
        self.position.set_rules(self.rules);
        Ok(String::new())
    }

    fn set_rules(&mut self, args: &[&str]) -> CommandResult {
        let Some(name) = args.first() else {
            return Ok(crate::analysis::rules_name(&self.rules).to_owned());
        };
        let rules: Rules = name.parse().map_err(|e: go_board::ParseRulesError| e.to_string())?;
        self.rules = rules;
        self.position.set_rules(rules);
        Ok(String::new())
    }

    fn move_args(&self, args: &[&str]) -> Result<(Color, Move), String> {
        const ERR: &str = "invalid color or coordinate";
        let (Some(c), Some(v)) = (args.first(), args.get(1)) else { return Err(ERR.into()) };
        let color: Color = c.parse().map_err(|_| ERR)?;
        let mv = Move::parse_gtp(v, self.position.size()).map_err(|_| ERR)?;
        Ok((color, mv))
    }

    fn point_arg(&self, args: &[&str]) -> Result<Point, String> {
        let v = args.first().ok_or("invalid coordinate")?;
        Ok(Point::parse_gtp(v, self.position.size()).map_err(|_| "invalid coordinate")?)
    }

    /// A point argument that must hold a stone.
    fn stone_arg(&self, args: &[&str]) -> Result<Point, String> {
        let p = self.point_arg(args)?;
        if self.position.board().color_at(p).is_none() {
            return Err("vertex must not be empty".to_owned());
        }
        Ok(p)
    }

    fn play(&mut self, args: &[&str]) -> CommandResult {
        let (color, mv) = self.move_args(args)?;
        playable(&self.position).check_as(color, mv).map_err(|_| "illegal move")?;
        self.play_checked(color, mv)
    }

    /// Plays a move that [`playable`] accepts, resuming a finished game.
    fn play_checked(&mut self, color: Color, mv: Move) -> CommandResult {
        if self.position.is_over() {
            self.position.resume();
        }
        self.position.try_play_as(color, mv).map_err(|e| format!("illegal move: {e}"))?;
        Ok(String::new())
    }

    fn genmove(&mut self, args: &[&str], play: bool) -> CommandResult {
        let color = color_arg(args)?;
        let position = playable(&self.position);
        let decision = self.player.genmove(&position, color, &self.clock);
        let Decision::Play(mv) = decision else { return Ok("resign".to_owned()) };
        position
            .check_as(color, mv)
            .map_err(|e| format!("the player chose an illegal move {mv}: {e}"))?;
        drop(position);
        if play {
            self.play_checked(color, mv)?;
        }
        Ok(match mv {
            Move::Play(p) => p.to_string(),
            Move::Pass => "PASS".to_owned(),
        })
    }

    fn dead_stones(&mut self) -> PointSet {
        let all = *self.position.board().stones(Color::Black)
            | *self.position.board().stones(Color::White);
        self.player.dead_stones(&self.position) & all
    }

    fn final_score(&mut self) -> go_board::Score {
        let dead = self.dead_stones();
        self.position.score(&dead)
    }

    /// The stones in seki as go-board's territory counting recognises them, with the
    /// player's dead stones removed first.
    fn seki_stones(&mut self, dead: &PointSet) -> PointSet {
        let mut territory = self.position.clone();
        territory.set_rules(Rules { scoring: Scoring::Territory, ..self.rules });
        territory.score(dead).seki
    }

    fn final_status_list(&mut self, args: &[&str]) -> CommandResult {
        let status = args.first().ok_or("missing status")?;
        let board = self.position.board().clone();
        let stones = *board.stones(Color::Black) | *board.stones(Color::White);
        let dead = self.dead_stones();
        Ok(match *status {
            "dead" => text::chain_lines(&board, &dead),
            "seki" => text::chain_lines(&board, &self.seki_stones(&dead)),
            "alive" => {
                let seki = self.seki_stones(&dead);
                text::chain_lines(&board, &(stones - dead - seki))
            }
            "black_territory" | "white_territory" => {
                let color = if *status == "black_territory" { Color::Black } else { Color::White };
                let score = self.position.score(&dead);
                text::vertex_list(&(score.owned[color] - *board.stones(color)))
            }
            "dame" => text::vertex_list(&self.position.score(&dead).neutral),
            _ => return Err("invalid status".to_owned()),
        })
    }

    fn handicap(&mut self, args: &[&str], kind: Handicap) -> CommandResult {
        let arg = args.first().ok_or("handicap not an integer")?;
        let n = parse_integer(arg).ok_or("handicap not an integer")?;
        if !self.board_is_empty() {
            return Err("board not empty".to_owned());
        }
        let n = u32::try_from(n).map_err(|_| "invalid handicap")?;
        let placed = match kind {
            Handicap::Fixed => self.position.place_fixed_handicap(n),
            Handicap::Free => self.position.place_free_handicap(n),
        };
        let stones = placed.map_err(handicap_error)?;
        Ok(text::vertex_list(&stones))
    }

    fn board_is_empty(&self) -> bool {
        self.position.history().is_empty()
            && self.position.board().empty_count() == self.position.size().point_count()
    }

    fn set_free_handicap(&mut self, args: &[&str]) -> CommandResult {
        if !self.board_is_empty() {
            return Err("board not empty".to_owned());
        }
        let mut stones = PointSet::EMPTY;
        for v in args {
            let p = Point::parse_gtp(v, self.position.size()).map_err(|_| "invalid coordinate")?;
            if !stones.insert(p) {
                return Err("repeated vertex".to_owned());
            }
        }
        self.position.place_handicap(&stones).map_err(handicap_error)?;
        Ok(String::new())
    }

    fn time_settings(&mut self, args: &[&str]) -> CommandResult {
        const ERR: &str = "not three integers";
        let [main, byo, stones] = [0, 1, 2].map(|i| args.get(i).and_then(|a| parse_integer(a)));
        let (Some(main), Some(byo), Some(stones)) = (main, byo, stones) else {
            return Err(ERR.to_owned());
        };
        let non_negative = |n: i128| u64::try_from(n).map_err(|_| "negative time settings");
        self.clock.settings = Some(TimeSettings {
            main_time: non_negative(main)?,
            byo_yomi_time: non_negative(byo)?,
            byo_yomi_stones: non_negative(stones)?,
        });
        Ok(String::new())
    }

    fn time_left(&mut self, args: &[&str]) -> CommandResult {
        let color = color_arg(args)?;
        const ERR: &str = "time and stones not two integers";
        let (Some(time), Some(stones)) = (
            args.get(1).and_then(|a| parse_integer(a)),
            args.get(2).and_then(|a| parse_integer(a)),
        ) else {
            return Err(ERR.to_owned());
        };
        let left = TimeLeft {
            // A controller may report a negative time when the player is over time.
            seconds: u64::try_from(time).unwrap_or(0),
            stones: u64::try_from(stones).map_err(|_| "negative stones")?,
        };
        self.clock.left[color] = Some(left);
        Ok(String::new())
    }

    fn loadsgf(&mut self, args: &[&str]) -> CommandResult {
        let file = args.first().ok_or("missing filename")?;
        let cannot = |reason: String| format!("cannot open or parse '{file}': {reason}");
        let mut bytes = Vec::new();
        std::fs::File::open(file)
            .and_then(|f| f.take(MAX_SGF_FILE + 1).read_to_end(&mut bytes))
            .map_err(|e| cannot(e.to_string()))?;
        if bytes.len() as u64 > MAX_SGF_FILE {
            return Err(cannot(format!("the file is larger than {MAX_SGF_FILE} bytes")));
        }
        let record = GameRecord::from_sgf(&String::from_utf8_lossy(&bytes))
            .map_err(|e| cannot(e.to_string()))?;
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
        let rules = self.rules.with_komi(record.rules.komi);
        let record = GameRecord { rules, ..record };
        let position = crate::record::replay(&record, moves).map_err(|e| cannot(e.to_string()))?;
        self.rules = rules;
        self.position = position;
        Ok(self.position.to_move().to_string())
    }

    fn printsgf(&mut self, args: &[&str]) -> CommandResult {
        let mut record = GameRecord::from_position(&self.position);
        if self.position.is_over() {
            record.result = Some(self.final_score().to_string());
        }
        let sgf = record.to_sgf();
        match args.first() {
            None | Some(&"-") => Ok(sgf),
            Some(file) => {
                std::fs::write(file, sgf).map_err(|e| format!("cannot write '{file}': {e}"))?;
                Ok(String::new())
            }
        }
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
        for p in text::board_order(&all) {
            if seen.contains(p) {
                continue;
            }
            let chain = board.chain_stones(p);
            seen |= chain;
            let label = chain_label(count);
            count += 1;
            for s in text::board_order(&chain) {
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
            lines.push(format!("COLOR #ff0000 {}", text::vertex_list(&atari)));
        }
        if !two.is_empty() {
            lines.push(format!("COLOR #ffa500 {}", text::vertex_list(&two)));
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
                lines.push(format!("{word} {}", text::vertex_list(&area)));
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

/// The position in which legality is judged: `position`, resumed if two passes ended
/// it.
fn playable(position: &Position) -> Cow<'_, Position> {
    if position.is_over() {
        let mut resumed = position.clone();
        resumed.resume();
        Cow::Owned(resumed)
    } else {
        Cow::Borrowed(position)
    }
}

#[derive(Clone, Copy)]
enum Handicap {
    Fixed,
    Free,
}

fn handicap_error(e: HandicapError) -> String {
    match e {
        HandicapError::BoardNotEmpty => "board not empty",
        _ => "invalid handicap",
    }
    .to_owned()
}

fn color_arg(args: &[&str]) -> Result<Color, String> {
    args.first().and_then(|c| c.parse().ok()).ok_or_else(|| "invalid color".to_owned())
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

/// `A`, `B`, ..., `Z`, `AA`, `AB`, ...: a short label for the `i`-th chain.
fn chain_label(mut i: usize) -> String {
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

/// Reads and drops the rest of a line.
fn skip_line<R: BufRead>(input: &mut R) -> io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        if let Some(i) = buf.iter().position(|&b| b == b'\n') {
            input.consume(i + 1);
            return Ok(());
        }
        let n = buf.len();
        input.consume(n);
    }
}

#[cfg(test)]
mod tests;
