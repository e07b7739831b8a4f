//! Where a SQLite database lives, checked before SQLite opens it: its directory exists, is on a
//! file system where SQLite's write-ahead log works (`file_system`), and this process may write
//! the file and create its `-wal` and `-shm` files there. Each refusal names the file and what to
//! do, instead of SQLite's "unable to open database file" at the first statement.
//!
//! Asks the operating system about paths only (`stat`, `statfs`, `access`): never opens, maps or
//! locks the database or its `-wal`, `-shm` and `-journal` files, which SQLite alone does
//! (closing any descriptor of a file drops every POSIX lock the process holds on it).

use std::path::{Path, PathBuf};

use rustix::fs::Access;
use rustix::io::Errno;

use super::file_system::{self, Verdict};
use crate::db::DbError;

/// Why this process cannot write a database (see [`DbError::NotWritable`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotWritable {
    #[error(
        "the file system of {} is mounted read-only; remount it read-write, or copy the database to a writable place and open it there",
        .0.display()
    )]
    ReadOnlyFileSystem(PathBuf),
    #[error(
        "this user may not create files in the directory {}; give the user write access to it (chown or chmod), or run tourney as its owner",
        .0.display()
    )]
    Directory(PathBuf),
    #[error(
        "this user may not write {}; give the user write access to it (chown or chmod), or run tourney as its owner",
        .0.display()
    )]
    File(PathBuf),
}

/// The directory a database file `path` is in (`.` for a bare file name).
pub fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// `path` with `suffix` appended to its file name (`tourney.db` and `-wal`: `tourney.db-wal`).
pub fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
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

/// Checks that this process may write the database at `path` (created if missing) and create
/// its `-wal` and `-shm` files beside it, as every tourney command does.
pub fn check_writable(path: &Path) -> Result<(), DbError> {
    let dir = directory_of(path);
    let refused = |reason: NotWritable| DbError::NotWritable {
        path: path.to_owned(),
        reason,
    };
    if let Err(errno) = rustix::fs::access(dir, Access::WRITE_OK | Access::EXEC_OK) {
        return Err(refused(not_writable(errno, dir, NotWritable::Directory)));
    }
    for file in [path.to_owned(), beside(path, "-wal"), beside(path, "-shm")] {
        match rustix::fs::access(&file, Access::READ_OK | Access::WRITE_OK) {
            Ok(()) => {}
            Err(errno) if errno == Errno::NOENT => {}
            Err(errno) => return Err(refused(not_writable(errno, &file, NotWritable::File))),
        }
    }
    Ok(())
}

/// What `access(2)`'s `errno` on `what` means for a database: a read-only file system, or
/// `denied` (no permission, or anything else that keeps the user from writing).
fn not_writable(errno: Errno, what: &Path, denied: fn(PathBuf) -> NotWritable) -> NotWritable {
    if errno == Errno::ROFS {
        NotWritable::ReadOnlyFileSystem(directory_of_or_self(what))
    } else {
        denied(what.to_owned())
    }
}

/// The directory itself, or the directory a file is in.
fn directory_of_or_self(path: &Path) -> PathBuf {
    if path.is_dir() {
        path.to_owned()
    } else {
        directory_of(path).to_owned()
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
        assert_eq!(
            beside(Path::new("/var/lib/t.db"), "-wal"),
            Path::new("/var/lib/t.db-wal")
        );
    }

    #[test]
    fn errno_names_the_reason() {
        let dir = tempfile::tempdir().expect("a directory");
        assert_eq!(
            not_writable(Errno::ROFS, dir.path(), NotWritable::Directory),
            NotWritable::ReadOnlyFileSystem(dir.path().to_owned())
        );
        let file = dir.path().join("t.db");
        assert_eq!(
            not_writable(Errno::ROFS, &file, NotWritable::File),
            NotWritable::ReadOnlyFileSystem(dir.path().to_owned())
        );
        assert_eq!(
            not_writable(Errno::ACCESS, &file, NotWritable::File),
            NotWritable::File(file.clone())
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
    fn a_writable_directory_passes() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("t.db");
        check_for_wal(&path).expect("a local directory");
        check_writable(&path).expect("a writable directory");
    }
}
