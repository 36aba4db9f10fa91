//! The limits of reading SGF, and reading a file or a stream within them.

use std::io::{self, Read};
use std::path::Path;

/// How much SGF the reader accepts: the size of the file, the number of nodes, and the
/// number of nodes on one line of play. Beyond a limit, reading fails with a clean
/// [`SgfError`](super::SgfError) ([`SgfErrorKind::TooLarge`](super::SgfErrorKind) or
/// [`SgfErrorKind::TooDeep`](super::SgfErrorKind)), never by running out of memory or
/// stack.
///
/// Nothing in the reader recurses over the input, so the limits are about memory, not
/// stack: reading takes at most about 13 times the size of the file (for the densest
/// input, moves of four bytes; 16 bytes a node, 8 a property, 4 a value, and the text
/// of the file), so the default limits keep a file under about 900 MB of memory. [`GameTree::to_sgf`](super::GameTree::to_sgf)
/// writes nothing these limits would refuse unless the tree itself is over them: GTP's
/// `printsgf` checks with [`ReadLimits::admits`] so that what it writes, `loadsgf`
/// reads.
///
/// # Examples
///
/// ```
/// use go_board::sgf::{self, ReadLimits};
/// use go_board::SgfErrorKind;
/// let limits = ReadLimits::default().with_max_depth(2);
/// let err = sgf::parse_with_limits(b"(;B[aa];W[bb];B[cc])", &limits).unwrap_err();
/// assert_eq!(err.kind(), SgfErrorKind::TooDeep);
/// assert!(sgf::parse_with_limits(b"(;B[aa](;W[bb])(;W[cc]))", &limits).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ReadLimits {
    /// The largest file, in bytes.
    pub max_bytes: usize,
    /// The most nodes in a file (all game trees together).
    pub max_nodes: usize,
    /// The most nodes on one line of play, from a root to a leaf.
    pub max_depth: usize,
}

impl ReadLimits {
    /// The default limits: 64 MiB, 10 million nodes, 1 million nodes on a line of play
    /// (real collections hold a few hundred nodes a game; the largest joseki and problem
    /// files, a few hundred thousand nodes).
    pub const DEFAULT: ReadLimits =
        ReadLimits { max_bytes: 64 << 20, max_nodes: 10_000_000, max_depth: 1_000_000 };

    /// These limits with another file size limit.
    #[must_use]
    pub const fn with_max_bytes(self, max_bytes: usize) -> ReadLimits {
        ReadLimits { max_bytes, ..self }
    }

    /// These limits with another node count limit.
    #[must_use]
    pub const fn with_max_nodes(self, max_nodes: usize) -> ReadLimits {
        ReadLimits { max_nodes, ..self }
    }

    /// These limits with another limit on the length of a line of play.
    #[must_use]
    pub const fn with_max_depth(self, max_depth: usize) -> ReadLimits {
        ReadLimits { max_depth, ..self }
    }

    /// Whether a tree of `nodes` nodes, whose longest line of play has `depth` nodes,
    /// written in `bytes` bytes, is within the limits: what a writer checks so that the
    /// reader takes back what it writes.
    pub fn admits(&self, bytes: usize, nodes: usize, depth: usize) -> bool {
        bytes <= self.max_bytes && nodes <= self.max_nodes && depth <= self.max_depth
    }
}

impl Default for ReadLimits {
    fn default() -> ReadLimits {
        ReadLimits::DEFAULT
    }
}

/// Reads an SGF file of at most `limits.max_bytes` bytes. Only regular files are read:
/// a FIFO, a terminal, a socket, a directory or a device such as `/dev/zero` or
/// `/dev/stdin` (when it is not a file) is refused before it is opened, so reading
/// neither blocks nor takes input meant for someone else.
///
/// # Errors
///
/// The I/O error of the file system; [`io::ErrorKind::InvalidInput`] for a path that is
/// not a regular file; [`io::ErrorKind::FileTooLarge`] for a file over the limit.
///
/// # Examples
///
/// ```
/// use go_board::sgf::{self, ReadLimits};
/// let err = sgf::read_file("/dev/zero".as_ref(), &ReadLimits::default()).unwrap_err();
/// assert_eq!(err.to_string(), "not a regular file (a FIFO, a device or a directory)");
/// ```
pub fn read_file(path: &Path, limits: &ReadLimits) -> io::Result<Vec<u8>> {
    let not_regular = || {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file (a FIFO, a device or a directory)",
        )
    };
    if !std::fs::metadata(path)?.is_file() {
        return Err(not_regular());
    }
    let file = std::fs::File::open(path)?;
    // The path may have been replaced between the two looks.
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    if meta.len() > limits.max_bytes as u64 {
        return Err(too_large(limits));
    }
    read_limited(file, limits)
}

/// Reads a stream (such as standard input) to its end, refusing more than
/// `limits.max_bytes` bytes.
///
/// # Errors
///
/// The stream's I/O error, or [`io::ErrorKind::FileTooLarge`] past the limit (having
/// read one byte more than the limit, no more).
pub fn read_limited(reader: impl Read, limits: &ReadLimits) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader.take(limits.max_bytes as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > limits.max_bytes {
        return Err(too_large(limits));
    }
    Ok(bytes)
}

fn too_large(limits: &ReadLimits) -> io::Error {
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!("larger than the limit of {} bytes for an SGF file", limits.max_bytes),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_is_cut_one_byte_past_the_limit() {
        let limits = ReadLimits::DEFAULT.with_max_bytes(10);
        assert_eq!(read_limited(&b"0123456789"[..], &limits).unwrap().len(), 10);
        let err = read_limited(std::io::repeat(b'x'), &limits).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::FileTooLarge);
        assert_eq!(err.to_string(), "larger than the limit of 10 bytes for an SGF file");
    }

    #[test]
    fn only_regular_files_are_read() {
        let limits = ReadLimits::DEFAULT;
        for path in ["/dev/zero", "/dev/null", "/"] {
            let err = read_file(path.as_ref(), &limits).unwrap_err();
            assert_eq!(err.kind(), io::ErrorKind::InvalidInput, "{path}");
        }
        let err = read_file("/nonexistent/file.sgf".as_ref(), &limits).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::NotFound);
    }
}
