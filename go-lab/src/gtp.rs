//! A GTP engine run as a child process, one command at a time over its standard input
//! and output: what `go-lab tsumego --gtp` and `go-lab patterns predict --gtp` ask
//! GNU Go (or any GTP engine) through.
//!
//! [`GtpClient::ask`] sends one command line and reads its response up to the empty line
//! that ends it: the text after `=` is the answer, a `?` response is
//! [`GtpError::Refused`] with the engine's message. Every response has a deadline
//! ([`GtpClient::timeout`], [`DEFAULT_TIMEOUT`] by default) and a size limit
//! ([`MAX_RESPONSE`] bytes); an engine that misses the deadline, closes its output,
//! answers something that is not a GTP response or too much is stopped, and every
//! later command fails at once with [`GtpError::Stopped`] ([`GtpClient::is_usable`]
//! says so), since its next answer could belong to the earlier command. The engine's
//! standard error is discarded. Dropping the client sends `quit` and stops an engine
//! that has not ended within a second.
//!
//! # Examples
//!
//! ```no_run
//! use go_lab::gtp::GtpClient;
//!
//! let mut gnugo = GtpClient::start("/usr/games/gnugo --mode gtp --level 1")?;
//! gnugo.ask("boardsize 9")?;
//! let mv = gnugo.ask("genmove black")?;
//! println!("GNU Go plays {mv}");
//! # Ok::<_, go_lab::gtp::GtpError>(())
//! ```

use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The time an engine has for one response unless [`GtpClient::timeout`] sets another.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(600);

/// The most bytes one response may have (all its lines).
pub const MAX_RESPONSE: usize = 16 << 20;

/// The most bytes one command line may have.
const MAX_COMMAND: usize = 64 << 10;

/// The time an engine has to end after `quit` when the client is dropped.
const QUIT_WAIT: Duration = Duration::from_secs(1);

/// Why a command of a [`GtpClient`] failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GtpError {
    /// The engine could not be started: the command line, and why.
    Start {
        /// The command line.
        command: String,
        /// What went wrong.
        reason: String,
    },
    /// The command line is empty, too long or holds a control character (a line break
    /// would send two commands); nothing was sent.
    InvalidCommand {
        /// The command (shortened).
        command: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The engine answered `?`: the command and the engine's message.
    Refused {
        /// The command.
        command: String,
        /// The engine's message (without `?`).
        message: String,
    },
    /// No complete response within the deadline; the engine was stopped.
    Timeout {
        /// The command.
        command: String,
        /// The deadline.
        after: Duration,
    },
    /// The engine closed its output (it ended) before the response was complete, or
    /// writing the command failed; the engine was stopped.
    Closed {
        /// The command.
        command: String,
        /// What happened.
        reason: String,
    },
    /// The response is not GTP (its first line starts with neither `=` nor `?`) or is
    /// longer than [`MAX_RESPONSE`]; the engine was stopped.
    Malformed {
        /// The command.
        command: String,
        /// The start of the response, or what is wrong.
        reason: String,
    },
    /// The engine was stopped by an earlier failure; nothing was sent.
    Stopped {
        /// The command.
        command: String,
    },
}

impl fmt::Display for GtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GtpError::Start { command, reason } => {
                write!(f, "cannot start the GTP engine {command:?}: {reason}")
            }
            GtpError::InvalidCommand { command, reason } => {
                write!(f, "invalid GTP command {command:?}: {reason}")
            }
            GtpError::Refused { command, message } => write!(f, "{command}: ? {message}"),
            GtpError::Timeout { command, after } => {
                write!(
                    f,
                    "{command}: no answer within {:.1} s (engine stopped)",
                    after.as_secs_f64()
                )
            }
            GtpError::Closed { command, reason } => write!(f, "{command}: {reason}"),
            GtpError::Malformed { command, reason } => {
                write!(f, "{command}: not a GTP response ({reason}; engine stopped)")
            }
            GtpError::Stopped { command } => {
                write!(f, "{command}: the engine was stopped by an earlier failure")
            }
        }
    }
}

impl std::error::Error for GtpError {}

/// What the reader thread read from the engine's output.
#[derive(Debug)]
enum Output {
    /// A line, without its line ending.
    Line(String),
    /// A line longer than [`MAX_RESPONSE`] (skipped).
    TooLong,
    /// The end of the output, or a read error.
    End(String),
}

/// A GTP engine running as a child process; see the [module documentation](self).
#[derive(Debug)]
pub struct GtpClient {
    command: String,
    child: Child,
    /// `None` once the engine is stopped.
    input: Option<ChildStdin>,
    lines: Receiver<Output>,
    timeout: Duration,
}

impl GtpClient {
    /// Starts `command`: a program and its arguments, split on whitespace (no shell
    /// quoting).
    ///
    /// # Errors
    ///
    /// [`GtpError::Start`]: the command is empty or the program cannot be started.
    pub fn start(command: &str) -> Result<GtpClient, GtpError> {
        let start_error = |reason: String| GtpError::Start { command: command.to_owned(), reason };
        let mut words = command.split_whitespace();
        let program = words.next().ok_or_else(|| start_error("an empty command".to_owned()))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| start_error(e.to_string()))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(start_error("no pipes to the engine".to_owned()));
        };
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut output = BufReader::new(output);
            loop {
                let mut line = Vec::new();
                let read = (&mut output).take(MAX_RESPONSE as u64 + 1).read_until(b'\n', &mut line);
                let message = match read {
                    Ok(0) => Output::End("the engine closed its output".to_owned()),
                    Err(e) => Output::End(format!("reading the engine's output: {e}")),
                    Ok(_) if line.len() > MAX_RESPONSE => Output::TooLong,
                    Ok(_) => {
                        while matches!(line.last(), Some(b'\n' | b'\r')) {
                            line.pop();
                        }
                        Output::Line(String::from_utf8_lossy(&line).into_owned())
                    }
                };
                let end = matches!(message, Output::End(_) | Output::TooLong);
                if sender.send(message).is_err() || end {
                    return;
                }
            }
        });
        Ok(GtpClient {
            command: command.to_owned(),
            child,
            input: Some(input),
            lines,
            timeout: DEFAULT_TIMEOUT,
        })
    }

    /// Sets the time the engine has for each response.
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> GtpClient {
        self.timeout = timeout;
        self
    }

    /// The command line the engine was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Whether the engine still takes commands (no earlier failure stopped it; a
    /// refused command does not).
    pub fn is_usable(&self) -> bool {
        self.input.is_some()
    }

    /// Sends `command` (one line, without its line feed) and waits for its response:
    /// the text after `=`, trimmed, its lines joined by line feeds.
    ///
    /// # Errors
    ///
    /// [`GtpError::Refused`] for a `?` response (the engine goes on);
    /// [`GtpError::InvalidCommand`] before sending anything; [`GtpError::Timeout`],
    /// [`GtpError::Closed`] or [`GtpError::Malformed`], after which the engine is
    /// stopped; [`GtpError::Stopped`] once it is.
    pub fn ask(&mut self, command: &str) -> Result<String, GtpError> {
        let shown = || command.chars().take(80).collect::<String>();
        let invalid =
            |reason: &str| GtpError::InvalidCommand { command: shown(), reason: reason.to_owned() };
        if command.trim().is_empty() {
            return Err(invalid("empty"));
        }
        if command.len() > MAX_COMMAND {
            return Err(invalid("longer than 64 KiB"));
        }
        if command.chars().any(|c| c.is_control() && c != '\t') {
            return Err(invalid("a control character or line break"));
        }
        let Some(input) = self.input.as_mut() else {
            return Err(GtpError::Stopped { command: shown() });
        };
        if let Err(e) = writeln!(input, "{command}").and_then(|()| input.flush()) {
            self.stop();
            return Err(GtpError::Closed { command: shown(), reason: format!("writing: {e}") });
        }
        let result = self.response(command);
        if matches!(
            result,
            Err(GtpError::Timeout { .. } | GtpError::Closed { .. } | GtpError::Malformed { .. })
        ) {
            self.stop();
        }
        result
    }

    /// Reads the response to `command`.
    fn response(&mut self, command: &str) -> Result<String, GtpError> {
        let shown = || command.chars().take(80).collect::<String>();
        let deadline = Instant::now() + self.timeout;
        let mut lines: Vec<String> = Vec::new();
        let mut size = 0;
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(wait) {
                Ok(Output::Line(line)) => line,
                Ok(Output::TooLong) => {
                    return Err(GtpError::Malformed {
                        command: shown(),
                        reason: format!("a line longer than {MAX_RESPONSE} bytes"),
                    });
                }
                Ok(Output::End(reason)) => {
                    return Err(GtpError::Closed { command: shown(), reason });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(GtpError::Closed {
                        command: shown(),
                        reason: "the engine closed its output".to_owned(),
                    });
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(GtpError::Timeout { command: shown(), after: self.timeout });
                }
            };
            if line.trim().is_empty() {
                if lines.is_empty() {
                    // Empty lines before a response.
                    continue;
                }
                break;
            }
            if lines.is_empty() && !line.starts_with(['=', '?']) {
                return Err(GtpError::Malformed {
                    command: shown(),
                    reason: format!("{:?}", line.chars().take(80).collect::<String>()),
                });
            }
            size += line.len() + 1;
            if size > MAX_RESPONSE {
                return Err(GtpError::Malformed {
                    command: shown(),
                    reason: format!("longer than {MAX_RESPONSE} bytes"),
                });
            }
            lines.push(line);
        }
        let text = lines.join("\n");
        let (status, rest) = text.split_at(1);
        let rest = rest.trim().to_owned();
        if status == "=" {
            Ok(rest)
        } else {
            Err(GtpError::Refused { command: shown(), message: rest })
        }
    }

    /// Stops the engine (its pipes closed, the process killed and reaped).
    fn stop(&mut self) {
        self.input = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for GtpClient {
    fn drop(&mut self) {
        if let Some(mut input) = self.input.take() {
            let _ = writeln!(input, "quit").and_then(|()| input.flush());
            drop(input);
            let deadline = Instant::now() + QUIT_WAIT;
            while Instant::now() < deadline {
                if matches!(self.child.try_wait(), Ok(Some(_))) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    /// A fresh directory of this test process for the fake engines' scripts.
    fn dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("go-lab-gtp-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A fake engine: a shell script answering each command by `cases` (shell `case`
    /// branches), in a fresh directory.
    fn fake(name: &str, cases: &str) -> (GtpClient, PathBuf) {
        let dir = dir(name);
        let script = dir.join("engine.sh");
        std::fs::write(
            &script,
            format!(
                "while IFS= read -r line; do\n  case \"$line\" in\n{cases}\n    quit*) printf '=\\n\\n'; exit 0 ;;\n    *) printf '? unknown command\\n\\n' ;;\n  esac\ndone\n"
            ),
        )
        .unwrap();
        let client = GtpClient::start(&format!("sh {}", script.display())).unwrap();
        (client, dir)
    }

    #[test]
    fn answers_refusals_and_multi_line_responses() {
        let (mut engine, dir) = fake(
            "answers",
            "    name) printf '\\n= fake engine\\n\\n' ;;\n    list*) printf '= a\\r\\nb\\nc\\n\\n' ;;\n    empty) printf '=\\n\\n' ;;",
        );
        assert_eq!(engine.ask("name"), Ok("fake engine".to_owned()));
        assert_eq!(engine.ask("list_commands"), Ok("a\nb\nc".to_owned()));
        assert_eq!(engine.ask("empty"), Ok(String::new()));
        // A refusal names the command and the engine's message; the engine goes on.
        let refused = engine.ask("genmove purple").unwrap_err();
        assert_eq!(
            refused,
            GtpError::Refused {
                command: "genmove purple".to_owned(),
                message: "unknown command".to_owned()
            }
        );
        assert_eq!(refused.to_string(), "genmove purple: ? unknown command");
        assert!(engine.is_usable());
        assert_eq!(engine.ask("name"), Ok("fake engine".to_owned()));
        drop(engine);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_command_that_is_not_one_line_is_not_sent() {
        let (mut engine, dir) = fake("invalid", "    name) printf '= fake\\n\\n' ;;");
        for bad in ["", "  ", "play b D4\ngenmove w", "name\r", "a\u{0}b"] {
            let e = engine.ask(bad).unwrap_err();
            assert!(matches!(e, GtpError::InvalidCommand { .. }), "{bad:?}: {e}");
        }
        let long = "x".repeat(MAX_COMMAND + 1);
        assert!(matches!(engine.ask(&long), Err(GtpError::InvalidCommand { .. })));
        // Nothing was sent: the next answer is the next command's.
        assert_eq!(engine.ask("name"), Ok("fake".to_owned()));
        drop(engine);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_silent_engine_times_out_and_is_stopped() {
        let (engine, dir) =
            fake("timeout", "    slow) sleep 5 ;;\n    name) printf '= fake\\n\\n' ;;");
        let mut engine = engine.timeout(Duration::from_millis(200));
        assert_eq!(engine.ask("name"), Ok("fake".to_owned()));
        let e = engine.ask("slow").unwrap_err();
        assert_eq!(
            e,
            GtpError::Timeout { command: "slow".to_owned(), after: Duration::from_millis(200) }
        );
        assert!(e.to_string().contains("no answer within 0.2 s"), "{e}");
        // Stopped: no late answer can be taken for the next command's.
        assert!(!engine.is_usable());
        assert_eq!(engine.ask("name"), Err(GtpError::Stopped { command: "name".to_owned() }));
        drop(engine);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn an_engine_that_ends_is_an_error() {
        let (mut engine, dir) =
            fake("crash", "    crash) exit 3 ;;\n    name) printf '= fake\\n\\n' ;;");
        let e = engine.ask("crash").unwrap_err();
        assert!(matches!(&e, GtpError::Closed { command, .. } if command == "crash"), "{e}");
        assert!(e.to_string().contains("closed its output"), "{e}");
        assert_eq!(engine.ask("name"), Err(GtpError::Stopped { command: "name".to_owned() }));
        drop(engine);
        // A response cut short by the end of the output.
        let (mut engine, other) = fake("half", "    half) printf '= a\\n' ; exit 0 ;;");
        assert!(matches!(engine.ask("half"), Err(GtpError::Closed { .. })));
        drop(engine);
        for d in [dir, other] {
            std::fs::remove_dir_all(d).unwrap();
        }
    }

    #[test]
    fn a_response_that_is_not_gtp_is_an_error() {
        let (mut engine, dir) = fake("junk", "    junk) printf 'hello\\n\\n' ;;");
        let e = engine.ask("junk").unwrap_err();
        assert_eq!(
            e,
            GtpError::Malformed { command: "junk".to_owned(), reason: "\"hello\"".to_owned() }
        );
        assert!(!engine.is_usable());
        drop(engine);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn an_engine_that_cannot_start_names_the_program() {
        let e = GtpClient::start("/nonexistent/engine --mode gtp").unwrap_err();
        assert!(matches!(&e, GtpError::Start { command, .. } if command.contains("/nonexistent")));
        assert!(e.to_string().contains("/nonexistent/engine"), "{e}");
        let e = GtpClient::start("   ").unwrap_err();
        assert!(e.to_string().contains("empty"), "{e}");
    }

    #[test]
    fn dropping_stops_an_engine_that_ignores_quit() {
        let dir = dir("drop");
        let script = dir.join("engine.sh");
        // Reads nothing and does not end by itself for a while.
        std::fs::write(&script, "sleep 5\n").unwrap();
        let engine = GtpClient::start(&format!("sh {}", script.display())).unwrap();
        let pid = engine.child.id();
        drop(engine);
        // Killed and reaped: the process is gone.
        assert!(!std::path::Path::new(&format!("/proc/{pid}")).exists(), "process {pid}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
