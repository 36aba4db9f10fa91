//! Which files the GTP file commands (`loadsgf`, `printsgf FILE`) may read and write.
//!
//! A controller names files by path, and a remote one (a server that a bot connects
//! to) must not be able to read or overwrite any file the engine may: `go-engine gtp
//! --files DIR` confines the file commands to DIR, `--no-files` refuses them.

use std::fs::File;
use std::io;
use std::path::{Component, Path, PathBuf};

/// Where the file commands may read and write.
///
/// # Examples
///
/// ```
/// use go_engine::gtp::FileAccess;
///
/// let dir = std::env::temp_dir().join(format!("files-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let files = FileAccess::within(&dir)?;
/// assert!(files.resolve_write("game.sgf").is_ok());
/// assert!(files.resolve_write("../game.sgf").is_err());
/// assert!(files.resolve_write("/etc/passwd").is_err());
/// assert!(FileAccess::Denied.resolve_read("game.sgf").is_err());
/// std::fs::remove_dir(&dir)?;
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum FileAccess {
    /// Any path the engine's process may use (GNU Go's behaviour; for a controller
    /// that the user runs, such as GoGui or Sabaki).
    #[default]
    Any,
    /// Only files inside this folder (a canonical path, see [`FileAccess::within`]):
    /// relative names are relative to it, and no name may lead out of it, whether by
    /// `..`, an absolute path or a symbolic link.
    Within(PathBuf),
    /// No file at all.
    Denied,
}

impl FileAccess {
    /// File commands confined to the folder `dir`.
    ///
    /// # Errors
    ///
    /// `dir` does not exist or is not a folder.
    pub fn within(dir: impl AsRef<Path>) -> io::Result<FileAccess> {
        let dir = dir.as_ref().canonicalize()?;
        if !dir.is_dir() {
            return Err(io::Error::new(io::ErrorKind::NotADirectory, "not a folder"));
        }
        Ok(FileAccess::Within(dir))
    }

    /// The path at which the file `name` may be read.
    ///
    /// # Errors
    ///
    /// A message when files are denied, or the file does not exist or lies outside
    /// the folder (after every symbolic link is followed).
    pub fn resolve_read(&self, name: &str) -> Result<PathBuf, String> {
        match self {
            FileAccess::Any => Ok(PathBuf::from(name)),
            FileAccess::Denied => Err(DENIED.to_owned()),
            FileAccess::Within(dir) => {
                let path = dir.join(name).canonicalize().map_err(|e| e.to_string())?;
                if path.starts_with(dir) { Ok(path) } else { Err(outside(dir)) }
            }
        }
    }

    /// The path at which the file `name` may be written (created or replaced).
    ///
    /// # Errors
    ///
    /// A message when files are denied, or the name leads outside the folder: its
    /// folder (after every symbolic link is followed) is not inside, its last component
    /// is not a plain file name, or it is a symbolic link.
    pub fn resolve_write(&self, name: &str) -> Result<PathBuf, String> {
        match self {
            FileAccess::Any => Ok(PathBuf::from(name)),
            FileAccess::Denied => Err(DENIED.to_owned()),
            FileAccess::Within(dir) => {
                let path = dir.join(name);
                let (Some(parent), Some(Component::Normal(file))) =
                    (path.parent(), path.components().next_back())
                else {
                    return Err(outside(dir));
                };
                let parent = parent.canonicalize().map_err(|e| e.to_string())?;
                if !parent.starts_with(dir) {
                    return Err(outside(dir));
                }
                let path = parent.join(file);
                if path.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()) {
                    return Err(outside(dir));
                }
                Ok(path)
            }
        }
    }

    /// Opens the file `name` for reading.
    ///
    /// # Errors
    ///
    /// As [`FileAccess::resolve_read`], or the file cannot be opened.
    pub fn open(&self, name: &str) -> Result<File, String> {
        let path = self.resolve_read(name)?;
        File::open(path).map_err(|e| e.to_string())
    }

    /// Creates (or truncates) the file `name` and writes `contents` to it.
    ///
    /// Inside a folder, the file is opened without following a symbolic link (on
    /// Unix), so that a link put in place after the check is not followed either.
    ///
    /// # Errors
    ///
    /// As [`FileAccess::resolve_write`], or the file cannot be written.
    pub fn write(&self, name: &str, contents: &[u8]) -> Result<(), String> {
        use std::io::Write;
        let path = self.resolve_write(name)?;
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        if matches!(self, FileAccess::Within(_)) {
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NOFOLLOW);
        }
        let mut file = options.open(path).map_err(|e| e.to_string())?;
        file.write_all(contents).map_err(|e| e.to_string())
    }
}

const DENIED: &str = "file commands are disabled (--no-files)";

fn outside(dir: &Path) -> String {
    format!("outside the files folder {} (--files)", dir.display())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder under the system's temporary folder, removed on drop.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(tag: &str) -> TempDir {
            let dir = std::env::temp_dir().join(format!("go-engine-{tag}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            TempDir(dir)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn issue_10_files_stay_inside_their_folder() {
        let root = TempDir::new("files");
        let inside = root.0.join("inside");
        std::fs::create_dir_all(inside.join("sub")).unwrap();
        std::fs::write(root.0.join("secret.sgf"), "(;)").unwrap();
        std::fs::write(inside.join("game.sgf"), "(;)").unwrap();
        let files = FileAccess::within(&inside).unwrap();
        // Inside: plain names, sub-folders, `..` that stays inside, absolute paths.
        assert!(files.resolve_read("game.sgf").is_ok());
        assert!(files.resolve_read("sub/../game.sgf").is_ok());
        assert!(files.resolve_read(inside.join("game.sgf").to_str().unwrap()).is_ok());
        files.write("sub/new.sgf", b"(;)").unwrap();
        assert_eq!(std::fs::read(inside.join("sub/new.sgf")).unwrap(), b"(;)");
        // Outside: `..`, absolute paths, missing folders, and names that are no file.
        for name in ["../secret.sgf", "sub/../../secret.sgf", "/etc/passwd"] {
            assert!(files.resolve_read(name).unwrap_err().contains("outside"), "{name}");
        }
        let secret = root.0.join("secret.sgf");
        let absolute = root.0.join("x.sgf");
        for name in
            ["../secret.sgf", "../new.sgf", secret.to_str().unwrap(), absolute.to_str().unwrap()]
        {
            assert!(files.resolve_write(name).unwrap_err().contains("outside"), "{name}");
            assert!(files.write(name, b"overwritten").is_err(), "{name}");
        }
        for name in ["", ".", "..", "sub/..", "missing/x.sgf"] {
            assert!(files.write(name, b"x").is_err(), "{name:?}");
        }
        assert_eq!(std::fs::read(&secret).unwrap(), b"(;)");
        assert!(!root.0.join("new.sgf").exists());
        assert!(!absolute.exists());
        // Denied.
        assert!(FileAccess::Denied.open("game.sgf").unwrap_err().contains("--no-files"));
        assert!(FileAccess::Denied.write("game.sgf", b"").unwrap_err().contains("--no-files"));
        assert!(FileAccess::within(root.0.join("secret.sgf")).is_err());
        assert!(FileAccess::within(root.0.join("missing")).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn issue_10_symbolic_links_do_not_lead_out() {
        use std::os::unix::fs::symlink;
        let root = TempDir::new("links");
        let inside = root.0.join("inside");
        std::fs::create_dir_all(&inside).unwrap();
        let secret = root.0.join("secret.sgf");
        std::fs::write(&secret, "(;)").unwrap();
        symlink(&secret, inside.join("link.sgf")).unwrap();
        symlink(&root.0, inside.join("up")).unwrap();
        symlink(inside.join("game.sgf"), inside.join("inner.sgf")).unwrap();
        std::fs::write(inside.join("game.sgf"), "(;)").unwrap();
        let files = FileAccess::within(&inside).unwrap();
        assert!(files.resolve_read("link.sgf").unwrap_err().contains("outside"));
        assert!(files.resolve_read("up/secret.sgf").unwrap_err().contains("outside"));
        assert!(files.resolve_read("inner.sgf").is_ok(), "a link that stays inside");
        for name in ["link.sgf", "up/secret.sgf", "up/new.sgf", "inner.sgf"] {
            assert!(files.write(name, b"overwritten").is_err(), "{name}");
        }
        assert_eq!(std::fs::read(&secret).unwrap(), b"(;)");
        assert!(!root.0.join("new.sgf").exists());
    }
}
