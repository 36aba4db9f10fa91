//! Standard output for command-line commands, shared by the `go-engine` and `go-lab`
//! binaries: a broken pipe ends a command quietly, any other write error (a full disk)
//! fails with a message.
//!
//! Rust's `print!` panics when standard output is closed (`go-engine analyze | head -1`
//! would exit with status 101 and "failed printing to stdout: Broken pipe"), and
//! ignoring write errors would report success after losing the output (`> /dev/full`).
//! A command instead writes to the [`Stdout`] handed to it by [`run`] and returns the
//! write errors with `?`; [`run`] flushes, maps the outcome to an exit code and prints
//! the message.
//!
//! | outcome | exit status | standard error |
//! |---|---|---|
//! | success | 0 | — |
//! | the reader closed the pipe (`EPIPE`) | 0, as ripgrep does | — |
//! | another write error (`ENOSPC`, ...) | 1 | `TOOL: writing standard output: ...` |
//! | the command failed ([`CommandError::Failed`]) | 1 | `TOOL: message` |
//!
//! # Examples
//!
//! ```no_run
//! use std::io::Write;
//! use std::process::ExitCode;
//!
//! fn main() -> ExitCode {
//!     go_engine::output::run("my-tool", |out| {
//!         for i in 0..1_000_000 {
//!             writeln!(out, "{i}")?; // `my-tool | head -1` exits quietly
//!         }
//!         Ok(ExitCode::SUCCESS)
//!     })
//! }
//! ```

use std::fmt;
use std::io::{self, ErrorKind, StdoutLock, Write};
use std::process::ExitCode;

/// Standard output as [`run`] hands it to a command (line-buffered, so that an
/// interactive command answers each line at once).
pub type Stdout = StdoutLock<'static>;

/// Why a command failed.
#[derive(Debug)]
pub enum CommandError {
    /// Writing standard output failed.
    Output(io::Error),
    /// The command failed; the message is for the user.
    Failed(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Output(e) => write!(f, "writing standard output: {e}"),
            CommandError::Failed(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for CommandError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CommandError::Output(e) => Some(e),
            CommandError::Failed(_) => None,
        }
    }
}

impl From<io::Error> for CommandError {
    /// An error writing standard output (read errors should become
    /// [`CommandError::Failed`] with the name of what was read).
    fn from(e: io::Error) -> CommandError {
        CommandError::Output(e)
    }
}

impl From<String> for CommandError {
    fn from(message: String) -> CommandError {
        CommandError::Failed(message)
    }
}

impl From<&str> for CommandError {
    fn from(message: &str) -> CommandError {
        CommandError::Failed(message.to_owned())
    }
}

/// Runs a command that writes to standard output, then flushes it, and returns the
/// exit code (see the [module documentation](self)); `tool` prefixes the error
/// message, such as `go-engine analyze`.
///
/// The command returns its own exit code on success, so that a command that reported
/// its failures itself (one bad expression among many) can still fail.
pub fn run(
    tool: &str,
    command: impl FnOnce(&mut Stdout) -> Result<ExitCode, CommandError>,
) -> ExitCode {
    let mut out = io::stdout().lock();
    let result = command(&mut out).and_then(|code| {
        out.flush()?;
        Ok(code)
    });
    exit_code(tool, result)
}

/// The exit code of a command's outcome, printing the message of a failure on standard
/// error; a broken pipe is a quiet success.
pub fn exit_code(tool: &str, result: Result<ExitCode, CommandError>) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(CommandError::Output(e)) if e.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            // Standard error may be closed too; there is nobody left to tell.
            let _ = writeln!(io::stderr(), "{tool}: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_failure() {
        let full = CommandError::from(io::Error::from_raw_os_error(28));
        assert!(full.to_string().starts_with("writing standard output: "), "{full}");
        assert_eq!(CommandError::from("no game").to_string(), "no game");
        assert_eq!(exit_code("t", Ok(ExitCode::FAILURE)), ExitCode::FAILURE);
        let pipe = CommandError::from(io::Error::from(ErrorKind::BrokenPipe));
        assert_eq!(exit_code("t", Err(pipe)), ExitCode::SUCCESS);
        assert_eq!(exit_code("t", Err("bad".into())), ExitCode::FAILURE);
    }
}
