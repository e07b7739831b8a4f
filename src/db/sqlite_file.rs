//! Where a SQLite database lives, checked before SQLite opens it: its directory exists and is on
//! a file system where SQLite's write-ahead log works (`file_system`). Each refusal names the file
//! and what to do, instead of SQLite's "unable to open database file" at the first statement.
//!
//! Asks the operating system about paths only (`stat`, `statfs`): never opens, maps or
//! locks the database or its `-wal`, `-shm` and `-journal` files, which SQLite alone does
//! (closing any descriptor of a file drops every POSIX lock the process holds on it).

use std::path::Path;

use super::DbError;
use super::file_system::{self, Verdict};

/// The directory a database file `path` is in (`.` for a bare file name).
pub fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Checks that a database at `path` may be opened in WAL mode: its directory exists and is on a
/// local file system.
pub fn check_for_wal(path: &Path) -> Result<(), DbError> {
    let dir = directory_of(path);
    let missing = || DbError::NoDirectory {
        path: path.to_owned(),
        dir: dir.to_owned(),
    };
    match std::fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => return Err(missing()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(missing()),
        // Not allowed to look: SQLite will say what it finds.
        Err(_) => return Ok(()),
    }
    match file_system::of_directory(dir) {
        Ok(Verdict::Network(file_system)) => Err(DbError::NetworkFileSystem {
            path: path.to_owned(),
            file_system,
        }),
        Ok(Verdict::Local) | Err(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_file_name_is_in_the_current_directory() {
        assert_eq!(directory_of(Path::new("tourney.db")), Path::new("."));
        assert_eq!(
            directory_of(Path::new("/var/lib/tourney/tourney.db")),
            Path::new("/var/lib/tourney")
        );
    }

    #[test]
    fn a_missing_directory_is_refused_by_name() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("missing").join("t.db");
        let error = check_for_wal(&path).expect_err("no directory");
        let message = error.to_string();
        assert!(
            message.contains(&path.display().to_string())
                && message.contains("there is no directory"),
            "{message}"
        );
        assert!(!dir.path().join("missing").exists());
    }

    #[test]
    fn a_local_directory_passes() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("t.db");
        check_for_wal(&path).expect("a local directory");
    }
}
