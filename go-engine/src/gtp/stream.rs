//! Streamed answers: what a command such as `lz-analyze` sends while it works, and the
//! reader that lets it notice the next command.
//!
//! [`Session::serve`](super::Session::serve) reads standard input on a thread of its
//! own, one line at a time and only when the session asks for one: while a command
//! runs, the reader reads ahead at most one line. A streaming command writes `=id` at
//! once ([`Stream::begin`]), then its lines as it produces them ([`Stream::line`]),
//! and asks [`Stream::interrupted`] whether the next command (or the end of the input)
//! has arrived; the session ends its answer with an empty line and answers that
//! command next. This is how Leela Zero and KataGo answer `lz-analyze`, and what
//! Sabaki and `@sabaki/gtp` expect.
//!
//! [`Session::execute`](super::Session::execute) has no input to watch: there a
//! stream collects its lines into the answer, and is never interrupted.

use std::io::{self, BufRead, Read, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::thread::Scope;
use std::time::Duration;

use super::{CommandResult, MAX_LINE, clean};

/// What the reader thread read.
pub(super) enum Line {
    /// A line (with its line feed, if it had one).
    Text(Vec<u8>),
    /// A line longer than [`MAX_LINE`], skipped; the id it started with.
    TooLong(Option<String>),
    /// The end of the input.
    End,
    /// An error of the input.
    Failed(io::Error),
}

/// The session's side of the reader thread.
pub(super) struct Input {
    requests: Sender<()>,
    lines: Receiver<Line>,
    /// A line has been asked for and not received yet.
    requested: bool,
    /// A line received while a command ran.
    ready: Option<Line>,
}

impl Input {
    /// Starts the reader thread on `input` within `scope`. The thread ends at the end
    /// of the input, on an error, or when the [`Input`] is dropped while no line is
    /// asked for.
    pub(super) fn spawn<'scope, R: BufRead + Send + 'scope>(
        scope: &'scope Scope<'scope, '_>,
        mut input: R,
    ) -> Input {
        let (requests, asked) = mpsc::channel::<()>();
        let (sender, lines) = mpsc::channel::<Line>();
        scope.spawn(move || {
            while asked.recv().is_ok() {
                let line = read_line(&mut input);
                let last = matches!(line, Line::End | Line::Failed(_));
                if sender.send(line).is_err() || last {
                    return;
                }
            }
        });
        Input { requests, lines, requested: false, ready: None }
    }

    fn ask(&mut self) {
        if !self.requested {
            // The reader only stops after the end of the input, which `lines` reports.
            let _ = self.requests.send(());
            self.requested = true;
        }
    }

    /// The next line, waiting for it.
    pub(super) fn next(&mut self) -> Line {
        if let Some(line) = self.ready.take() {
            return line;
        }
        self.ask();
        self.requested = false;
        self.lines.recv().unwrap_or(Line::End)
    }

    /// Whether the next line is here (without waiting), or comes within `wait`.
    fn arrived(&mut self, wait: Option<Duration>) -> bool {
        if self.ready.is_some() {
            return true;
        }
        self.ask();
        let line = match wait {
            None => match self.lines.try_recv() {
                Ok(line) => line,
                Err(TryRecvError::Empty) => return false,
                Err(TryRecvError::Disconnected) => Line::End,
            },
            Some(d) => match self.lines.recv_timeout(d) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => return false,
                Err(RecvTimeoutError::Disconnected) => Line::End,
            },
        };
        self.requested = false;
        self.ready = Some(line);
        true
    }

    /// Whether the line read ahead (without waiting for one) is a comment alone, such
    /// as GoGui's `# interrupt`, or the end (or an error) of the input.
    fn interrupt_arrived(&mut self) -> bool {
        self.arrived(None)
            && match &self.ready {
                Some(Line::Text(buf)) => super::line::parse(buf).is_none() && buf.contains(&b'#'),
                Some(Line::End | Line::Failed(_)) => true,
                Some(Line::TooLong(_)) | None => false,
            }
    }
}

/// Reads one line of at most [`MAX_LINE`] bytes; a longer one is skipped.
fn read_line<R: BufRead>(input: &mut R) -> Line {
    let mut buf = Vec::new();
    match input.take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf) {
        Ok(0) => Line::End,
        Ok(_) if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') => {
            let id = super::line::id_of(&buf[..64.min(buf.len())]);
            match skip_line(input) {
                Ok(()) => Line::TooLong(id),
                Err(e) => Line::Failed(e),
            }
        }
        Ok(_) => Line::Text(buf),
        Err(e) => Line::Failed(e),
    }
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

/// Where a streaming command sends its lines: written as they come under
/// [`Session::serve`](super::Session::serve) (until the next command arrives), collected
/// into the answer under [`Session::execute`](super::Session::execute).
pub struct Stream<'a> {
    id: Option<String>,
    mode: Mode<'a>,
}

enum Mode<'a> {
    /// [`Session::execute`](super::Session::execute): the lines become the answer.
    Collect(Vec<String>),
    /// [`Session::serve`](super::Session::serve): the lines go out at once.
    Live { out: &'a mut dyn Write, input: &'a mut Input, started: bool, error: Option<io::Error> },
}

impl std::fmt::Debug for Stream<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Stream").field("id", &self.id).field("live", &self.is_live()).finish()
    }
}

impl<'a> Stream<'a> {
    /// A stream that collects its lines into the answer.
    pub(super) fn collect(id: Option<String>) -> Stream<'a> {
        Stream { id, mode: Mode::Collect(Vec::new()) }
    }

    /// A stream that writes to `out` and watches `input`.
    pub(super) fn live(
        id: Option<String>,
        out: &'a mut dyn Write,
        input: &'a mut Input,
    ) -> Stream<'a> {
        Stream { id, mode: Mode::Live { out, input, started: false, error: None } }
    }

    /// Whether the lines go out as they come and the next command can interrupt the
    /// command ([`Session::serve`](super::Session::serve)); `false` when they are
    /// collected into one answer ([`Session::execute`](super::Session::execute)).
    pub fn is_live(&self) -> bool {
        matches!(self.mode, Mode::Live { .. })
    }

    /// Starts the answer (`=id` and a line feed) if it has not started: after it, the
    /// command succeeds whatever it returns. Call it once the arguments are checked.
    pub fn begin(&mut self) {
        if let Mode::Live { out, started, error, .. } = &mut self.mode
            && !*started
        {
            *started = true;
            let sent =
                writeln!(out, "={} ", self.id.as_deref().unwrap_or("")).and_then(|()| out.flush());
            if let Err(e) = sent {
                *error = Some(e);
            }
        }
    }

    /// Sends one line of the answer (starting the answer first). Line breaks and
    /// control characters in `text` are escaped, and an empty `text` sends nothing, so
    /// that a line never ends the answer early.
    pub fn line(&mut self, text: &str) {
        let text = clean(text).replace('\n', " ");
        if text.trim().is_empty() {
            return;
        }
        self.begin();
        match &mut self.mode {
            Mode::Collect(lines) => lines.push(text),
            Mode::Live { out, error, .. } => {
                if error.is_none()
                    && let Err(e) = writeln!(out, "{text}").and_then(|()| out.flush())
                {
                    *error = Some(e);
                }
            }
        }
    }

    /// Whether the command should stop: the next command (or the end of the input) has
    /// arrived, or the output failed. Never, when the lines are collected.
    pub fn interrupted(&mut self) -> bool {
        match &mut self.mode {
            Mode::Collect(_) => false,
            Mode::Live { input, error, .. } => error.is_some() || input.arrived(None),
        }
    }

    /// Whether a command that should finish its work rather than drop it (a move's
    /// search) should stop early: a comment line alone (GoGui's `# interrupt`) or the
    /// end of the input has arrived, or the output failed. A command that arrives is
    /// answered after it, as usual. Never, when the lines are collected.
    pub fn interrupt_requested(&mut self) -> bool {
        match &mut self.mode {
            Mode::Collect(_) => false,
            Mode::Live { input, error, .. } => error.is_some() || input.interrupt_arrived(),
        }
    }

    /// Waits up to `time` for the next command; `true` when it came (or the output
    /// failed). Returns `false` at once when the lines are collected.
    pub fn wait(&mut self, time: Duration) -> bool {
        match &mut self.mode {
            Mode::Collect(_) => false,
            Mode::Live { input, error, .. } => error.is_some() || input.arrived(Some(time)),
        }
    }

    /// Ends the command: `Ok(Some(result))` when nothing was streamed (the caller
    /// answers as usual; collected lines come first in a success's text), `Ok(None)`
    /// when the answer was streamed and is now ended (the result's text as its last
    /// lines, then the empty line).
    ///
    /// # Errors
    ///
    /// An error of the output.
    pub(super) fn finish(self, result: CommandResult) -> io::Result<Option<CommandResult>> {
        match self.mode {
            Mode::Collect(lines) if lines.is_empty() => Ok(Some(result)),
            Mode::Collect(mut lines) => Ok(Some(result.map(|text| {
                if !text.is_empty() {
                    lines.push(text);
                }
                format!("\n{}", lines.join("\n"))
            }))),
            Mode::Live { started: false, error: None, .. } => Ok(Some(result)),
            Mode::Live { error: Some(e), .. } => Err(e),
            Mode::Live { out, .. } => {
                let text = match result {
                    Ok(t) | Err(t) => clean(&t),
                };
                // A first empty line would end the answer here.
                let text = text.trim_start_matches(['\n', ' ']);
                if !text.is_empty() {
                    writeln!(out, "{text}")?;
                }
                writeln!(out)?;
                out.flush()?;
                Ok(None)
            }
        }
    }
}
