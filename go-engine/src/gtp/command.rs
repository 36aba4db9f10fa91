//! The command table of a [`Session`]: every command is a name, a handler and its
//! GoGui analyze entries, and one [`Commands`] table drives the dispatch,
//! `list_commands`, `known_command` and `gogui-analyze_commands`.
//!
//! The built-in commands are registered group by group ([`Commands::standard`]); a
//! player or an embedder adds its own (or replaces a built-in one) through
//! [`SessionBuilder::command`](super::SessionBuilder::command), without touching the
//! table.
//!
//! # Examples
//!
//! ```
//! use go_engine::gtp::{AnalyzeKind, Command, Session};
//! use go_engine::RandomPlayer;
//!
//! // A command that counts the stones on the board, also offered to GoGui.
//! let stones = Command::new("stone_count", |session: &mut Session<RandomPlayer>, _args| {
//!     let board = session.position().board();
//!     Ok((board.size().point_count() - board.empty_count()).to_string())
//! })
//! .analyze(AnalyzeKind::String, "Stone Count", "");
//! let mut session = Session::builder(RandomPlayer::new(1)).command(stones).build();
//! session.execute("play b D4").unwrap();
//! assert_eq!(session.execute("stone_count").unwrap().text(), "1");
//! assert_eq!(session.execute("known_command stone_count").unwrap().text(), "true");
//! let analyze = session.execute("gogui-analyze_commands").unwrap();
//! assert!(analyze.text().lines().any(|l| l == "string/Stone Count/stone_count"));
//! ```

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use go_board::{BoardSize, Color, Point};

use super::Session;
use super::stream::Stream;

/// What a command handler answers: the text of a success (`=`) or of a failure (`?`).
pub type CommandResult = Result<String, String>;

/// A command handler: it reads and changes the session, and answers.
type Plain<P> = Arc<dyn Fn(&mut Session<P>, &Args<'_>) -> CommandResult + Send + Sync>;

/// A streaming command handler: it may send lines of its answer while it works.
type Streaming<P> =
    Arc<dyn Fn(&mut Session<P>, &Args<'_>, &mut Stream<'_>) -> CommandResult + Send + Sync>;

/// How a command answers: at once, or line by line.
enum Handler<P> {
    Plain(Plain<P>),
    Streaming(Streaming<P>),
}

impl<P> Clone for Handler<P> {
    fn clone(&self) -> Handler<P> {
        match self {
            Handler::Plain(h) => Handler::Plain(Arc::clone(h)),
            Handler::Streaming(h) => Handler::Streaming(Arc::clone(h)),
        }
    }
}

/// The arguments of a command line as a handler sees them: the words after the command
/// name, and the raw text they came from (for `echo`).
#[derive(Clone, Copy, Debug)]
pub struct Args<'a> {
    words: &'a [&'a str],
    raw: &'a str,
}

impl<'a> Args<'a> {
    /// Arguments from their words and raw text.
    pub fn new(words: &'a [&'a str], raw: &'a str) -> Args<'a> {
        Args { words, raw }
    }

    /// The number of arguments.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether there is no argument.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The `i`-th argument (from 0).
    pub fn get(&self, i: usize) -> Option<&'a str> {
        self.words.get(i).copied()
    }

    /// Every argument, in order.
    pub fn words(&self) -> &'a [&'a str] {
        self.words
    }

    /// The text after the command name as the line gave it (after GTP's
    /// preprocessing: control characters and the comment removed, tabs as spaces),
    /// without its leading spaces.
    pub fn raw(&self) -> &'a str {
        self.raw
    }

    /// The `i`-th argument as a colour (`b`, `w`, `black`, `white`, any case).
    ///
    /// # Errors
    ///
    /// `invalid color` (GNU Go's message) when it is missing or not a colour.
    pub fn color(&self, i: usize) -> Result<Color, String> {
        self.get(i).and_then(|c| c.parse().ok()).ok_or_else(|| "invalid color".to_owned())
    }

    /// The `i`-th argument as a point of a board of `size` (a GTP vertex such as `D4`).
    ///
    /// # Errors
    ///
    /// `invalid coordinate` (GNU Go's message) when it is missing, not a vertex, or off
    /// the board.
    pub fn point(&self, i: usize, size: BoardSize) -> Result<Point, String> {
        self.get(i)
            .and_then(|v| Point::parse_gtp(v, size).ok())
            .ok_or_else(|| "invalid coordinate".to_owned())
    }

    /// The `i`-th argument as an optionally signed decimal integer; `None` when it is
    /// missing or not one. Values beyond `i128` saturate, so that a huge number is out
    /// of range rather than not a number.
    pub fn integer(&self, i: usize) -> Option<i128> {
        self.get(i).and_then(super::parse_integer)
    }
}

/// The kind of a GoGui analyze command: how GoGui shows its answer (GoGui's
/// documentation, "Analyze Commands").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AnalyzeKind {
    /// `none`: no answer to show.
    None,
    /// `string`: a text.
    String,
    /// `hstring`: a text in a window of its own.
    HString,
    /// `plist`: a list of points, marked on the board.
    PList,
    /// `pspairs`: points, each with a text.
    PSPairs,
    /// `sboard`: a text on every point.
    SBoard,
    /// `cboard`: a colour on every point.
    CBoard,
    /// `dboard`: a number in [−1, 1] on every point, drawn as a square of that size
    /// (black for positive, white for negative; GoGui clamps other values).
    DBoard,
    /// `bwboard`: black, white or empty on every point.
    BWBoard,
    /// `gfx`: GoGui's drawing language (`LABEL`, `COLOR`, `MARK`, `TEXT`, ...).
    Gfx,
    /// `var`: a sequence of moves.
    Var,
}

impl AnalyzeKind {
    /// GoGui's name of the kind.
    pub fn name(self) -> &'static str {
        match self {
            AnalyzeKind::None => "none",
            AnalyzeKind::String => "string",
            AnalyzeKind::HString => "hstring",
            AnalyzeKind::PList => "plist",
            AnalyzeKind::PSPairs => "pspairs",
            AnalyzeKind::SBoard => "sboard",
            AnalyzeKind::CBoard => "cboard",
            AnalyzeKind::DBoard => "dboard",
            AnalyzeKind::BWBoard => "bwboard",
            AnalyzeKind::Gfx => "gfx",
            AnalyzeKind::Var => "var",
        }
    }
}

/// One entry of `gogui-analyze_commands`: `kind/label/command arguments`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct AnalyzeEntry {
    kind: AnalyzeKind,
    label: String,
    args: String,
}

/// A GTP command: its name, its handler, and the GoGui analyze entries that call it.
pub struct Command<P> {
    name: Cow<'static, str>,
    handler: Handler<P>,
    analyze: Vec<AnalyzeEntry>,
}

impl<P> Command<P> {
    /// A command `name` answered by `handler`.
    ///
    /// # Panics
    ///
    /// If `name` is not a GTP command name: empty, or with a character that is a
    /// space, a control character or `#` (a caller bug).
    pub fn new(
        name: impl Into<Cow<'static, str>>,
        handler: impl Fn(&mut Session<P>, &Args<'_>) -> CommandResult + Send + Sync + 'static,
    ) -> Command<P> {
        Command::with_handler(name.into(), Handler::Plain(Arc::new(handler)))
    }

    /// A command `name` whose `handler` may stream its answer: the lines it gives to
    /// the [`Stream`] are sent at once after the `=` (when the session is served), and
    /// it should stop soon after [`Stream::interrupted`] says that the next command
    /// has arrived. The text it returns ends the answer.
    ///
    /// # Panics
    ///
    /// If `name` is not a GTP command name (as [`Command::new`]).
    pub fn streaming(
        name: impl Into<Cow<'static, str>>,
        handler: impl Fn(&mut Session<P>, &Args<'_>, &mut Stream<'_>) -> CommandResult
        + Send
        + Sync
        + 'static,
    ) -> Command<P> {
        Command::with_handler(name.into(), Handler::Streaming(Arc::new(handler)))
    }

    fn with_handler(name: Cow<'static, str>, handler: Handler<P>) -> Command<P> {
        assert!(
            !name.is_empty()
                && !name.chars().any(|c| c.is_whitespace() || c.is_control() || c == '#'),
            "{name:?} is not a GTP command name"
        );
        Command { name, handler, analyze: Vec::new() }
    }

    /// Adds an entry for GoGui's analyze menu: `kind/label/name args` (`args` may use
    /// GoGui's `%p` point, `%c` colour, `%s` string; empty for none).
    ///
    /// # Panics
    ///
    /// If `label` or `args` contains a line break, or `label` a `/` (a caller bug).
    pub fn analyze(mut self, kind: AnalyzeKind, label: &str, args: &str) -> Command<P> {
        assert!(!label.contains(['/', '\n', '\r']) && !args.contains(['\n', '\r']));
        self.analyze.push(AnalyzeEntry { kind, label: label.to_owned(), args: args.to_owned() });
        self
    }

    /// The command's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Runs the command; a streaming command streams to `stream`.
    pub(super) fn run(
        &self,
        session: &mut Session<P>,
        args: &Args<'_>,
        stream: &mut Stream<'_>,
    ) -> CommandResult {
        match &self.handler {
            Handler::Plain(h) => h(session, args),
            Handler::Streaming(h) => h(session, args, stream),
        }
    }
}

impl<P> Clone for Command<P> {
    fn clone(&self) -> Command<P> {
        Command {
            name: self.name.clone(),
            handler: self.handler.clone(),
            analyze: self.analyze.clone(),
        }
    }
}

impl<P> fmt::Debug for Command<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Command")
            .field("name", &self.name)
            .field("analyze", &self.analyze)
            .finish_non_exhaustive()
    }
}

/// The command table of a session: the commands by name, and their analyze entries in
/// the order of registration.
pub struct Commands<P> {
    /// In registration order (the order of the analyze menu).
    list: Vec<Command<P>>,
    /// The index of each name in `list`.
    index: BTreeMap<Cow<'static, str>, usize>,
}

impl<P> Commands<P> {
    /// A table without any command.
    pub fn empty() -> Commands<P> {
        Commands { list: Vec::new(), index: BTreeMap::new() }
    }

    /// Adds `command`, or replaces the command of the same name (keeping its place
    /// in the analyze menu).
    pub fn add(&mut self, command: Command<P>) {
        match self.index.get(&command.name) {
            Some(&i) => self.list[i] = command,
            None => {
                self.index.insert(command.name.clone(), self.list.len());
                self.list.push(command);
            }
        }
    }

    /// Removes the command `name`; `false` if there is none.
    pub fn remove(&mut self, name: &str) -> bool {
        let Some(i) = self.index.remove(name) else { return false };
        self.list.remove(i);
        for j in self.index.values_mut() {
            if *j > i {
                *j -= 1;
            }
        }
        true
    }

    /// The command `name`.
    pub fn get(&self, name: &str) -> Option<&Command<P>> {
        self.index.get(name).map(|&i| &self.list[i])
    }

    /// Whether the table has a command `name`.
    pub fn contains(&self, name: &str) -> bool {
        self.index.contains_key(name)
    }

    /// The names, in alphabetical (byte) order: the answer of `list_commands`.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.index.keys().map(|k| k.as_ref())
    }

    /// The answer of `gogui-analyze_commands`: one `kind/label/command` line per entry,
    /// in the order the commands were registered.
    pub fn analyze_commands(&self) -> String {
        let mut lines = Vec::new();
        for command in &self.list {
            for entry in &command.analyze {
                let space = if entry.args.is_empty() { "" } else { " " };
                lines.push(format!(
                    "{}/{}/{}{space}{}",
                    entry.kind.name(),
                    entry.label,
                    command.name,
                    entry.args
                ));
            }
        }
        lines.join("\n")
    }
}

impl<P> Clone for Commands<P> {
    fn clone(&self) -> Commands<P> {
        Commands { list: self.list.clone(), index: self.index.clone() }
    }
}

impl<P> Extend<Command<P>> for Commands<P> {
    fn extend<I: IntoIterator<Item = Command<P>>>(&mut self, commands: I) {
        for command in commands {
            self.add(command);
        }
    }
}

impl<P> fmt::Debug for Commands<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RandomPlayer;

    fn answer(text: &'static str) -> Command<RandomPlayer> {
        Command::new(text, move |_, _| Ok(text.to_owned()))
    }

    #[test]
    fn a_table_adds_replaces_and_removes() {
        let mut table = Commands::empty();
        table.extend([answer("b").analyze(AnalyzeKind::String, "B", "%p"), answer("a")]);
        table.add(answer("c").analyze(AnalyzeKind::DBoard, "C", ""));
        assert_eq!(table.names().collect::<Vec<_>>(), ["a", "b", "c"]);
        assert_eq!(table.analyze_commands(), "string/B/b %p\ndboard/C/c");
        // Replacing keeps the place; the new command has no analyze entry.
        table.add(answer("b"));
        assert_eq!(table.analyze_commands(), "dboard/C/c");
        assert!(table.remove("a") && !table.remove("a"));
        assert!(table.contains("c") && !table.contains("a"));
        assert_eq!(table.get("c").map(Command::name), Some("c"));
        assert_eq!(format!("{table:?}"), "[\"b\", \"c\"]");
    }

    #[test]
    #[should_panic(expected = "not a GTP command name")]
    fn a_name_with_a_space_is_a_caller_bug() {
        answer("two words");
    }

    #[test]
    fn arguments() {
        let words = ["b", "D4", "-12", "x"];
        let args = Args::new(&words, "b  D4 -12 x");
        let size = BoardSize::square(9).unwrap();
        assert_eq!((args.len(), args.is_empty()), (4, false));
        assert_eq!(args.color(0), Ok(Color::Black));
        assert_eq!(args.color(1), Err("invalid color".to_owned()));
        assert_eq!(args.point(1, size).map(|p| p.to_string()), Ok("D4".to_owned()));
        assert_eq!(args.point(3, size), Err("invalid coordinate".to_owned()));
        assert_eq!(args.point(9, size), Err("invalid coordinate".to_owned()));
        assert_eq!((args.integer(2), args.integer(3), args.integer(7)), (Some(-12), None, None));
        assert_eq!(args.raw(), "b  D4 -12 x");
        assert_eq!(args.words(), words);
    }
}
