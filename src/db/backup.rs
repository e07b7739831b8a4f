//! A consistent copy of a live SQLite database in a new file, through SQLite's online backup API:
//! the whole database is copied in one step, inside one read transaction, so the copy is the
//! database as of one moment, whatever `serve` and the shell commit meanwhile (in WAL mode a
//! reader never stops a writer). The copy is a database of its own, checked with
//! `PRAGMA integrity_check` before it is kept.
//!
//! Never writes to the database it copies, never overwrites or truncates an existing file, and
//! opens the database's files only through SQLite (a copy made with `cp` of a live file can miss
//! commits still in `-wal`, or mix pages of two moments). A backup that fails leaves no file.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};

use super::DbError;
use super::sqlite::{self as sqlite_file, beside, directory_of};

/// How long the copy waits for SQLite's locks (a WAL reader waits only while a crashed writer's
/// log is recovered) before it gives up.
const LOCK_WAIT: Duration = Duration::from_secs(10);

/// What [`sqlite`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    pub path: PathBuf,
    pub bytes: u64,
}

/// Why a backup was refused or failed; in every case no file was left at the target.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error(
        "{} already exists: a backup never replaces a file (choose a new name)",
        .0.display()
    )]
    TargetExists(PathBuf),
    #[error(
        "cannot write {}: there is no directory {} (create it first)",
        target.display(), dir.display()
    )]
    NoTargetDirectory { target: PathBuf, dir: PathBuf },
    #[error(
        "there is no database at {} to back up; nothing was written. Point tourney at your database with --database-url sqlite://PATH (or TOURNEY_DATABASE_URL)",
        .0.display()
    )]
    NoDatabase(PathBuf),
    #[error("an in-memory database has no file to back up")]
    InMemory,
    #[error(transparent)]
    Source(#[from] DbError),
    #[error("cannot create {}: {source}", target.display())]
    Create {
        target: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot copy the database into {}: {source}", target.display())]
    Copy {
        target: PathBuf,
        #[source]
        source: rusqlite::Error,
    },
    #[error(
        "the database stayed busy for {} s; nothing was written to {} (try again)",
        LOCK_WAIT.as_secs(), .0.display()
    )]
    Busy(PathBuf),
    #[error("the copy failed PRAGMA integrity_check ({report}); nothing was kept at {}", target.display())]
    Damaged { target: PathBuf, report: String },
}

/// Copies the SQLite database at the URL `url` into the new file `target`.
pub async fn sqlite(url: &str, target: &Path) -> Result<Written, BackupError> {
    let source = super::connect::sqlite_file(url)?.ok_or(BackupError::InMemory)?;
    let target = target.to_owned();
    tokio::task::spawn_blocking(move || copy(&source, &target))
        .await
        .map_err(|_| BackupError::Source(DbError::Stopped("backup thread")))?
}

/// Checks both ends, then copies; a failure after the target was created removes it.
fn copy(source: &Path, target: &Path) -> Result<Written, BackupError> {
    check_target(target)?;
    if std::fs::symlink_metadata(source).is_err() {
        return Err(BackupError::NoDatabase(super::connect::absolute(source)));
    }
    sqlite_file::check_for_wal(source)?;
    // Opened as every tourney process opens it (never created), and only read: a read-only
    // connection could not remove the -wal and -shm files it creates when it is the last to close.
    let from = Connection::open_with_flags(
        source,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| BackupError::Source(DbError::Direct(e)))?;
    from.busy_timeout(LOCK_WAIT)
        .map_err(|e| BackupError::Source(DbError::Direct(e)))?;
    // Created here, exclusively: a file that appeared since the check is never written over.
    std::fs::File::options()
        .write(true)
        .create_new(true)
        .open(target)
        .map_err(|source| match source.kind() {
            std::io::ErrorKind::AlreadyExists => BackupError::TargetExists(target.to_owned()),
            _ => BackupError::Create {
                target: target.to_owned(),
                source,
            },
        })?;
    match fill(&from, target) {
        Ok(()) => {}
        Err(error) => {
            remove_copy(target);
            return Err(error);
        }
    }
    drop(from);
    // The new name is durable once its directory is synced (SQLite synced the file).
    if let Ok(dir) = std::fs::File::open(directory_of(target)) {
        let _ = dir.sync_all();
    }
    let bytes = std::fs::metadata(target)
        .map(|m| m.len())
        .map_err(|source| BackupError::Create {
            target: target.to_owned(),
            source,
        })?;
    Ok(Written {
        path: target.to_owned(),
        bytes,
    })
}

/// Refuses a target that exists or whose directory does not.
fn check_target(target: &Path) -> Result<(), BackupError> {
    if std::fs::symlink_metadata(target).is_ok() {
        return Err(BackupError::TargetExists(target.to_owned()));
    }
    let dir = directory_of(target);
    if !dir.is_dir() {
        return Err(BackupError::NoTargetDirectory {
            target: target.to_owned(),
            dir: dir.to_owned(),
        });
    }
    Ok(())
}

/// Copies every page of `from` into the empty file `target` in one step (one read transaction,
/// so the copy is of one moment), then checks the copy.
fn fill(from: &Connection, target: &Path) -> Result<(), BackupError> {
    let copy_error = |source| BackupError::Copy {
        target: target.to_owned(),
        source,
    };
    let mut to = Connection::open_with_flags(
        target,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(copy_error)?;
    {
        let backup = Backup::new(from, &mut to).map_err(copy_error)?;
        let started = Instant::now();
        loop {
            match backup.step(-1).map_err(copy_error)? {
                StepResult::Done => break,
                // Locked out for a moment (a crashed writer's log being recovered): try again.
                _ if started.elapsed() < LOCK_WAIT => std::thread::sleep(Duration::from_millis(20)),
                _ => return Err(BackupError::Busy(target.to_owned())),
            }
        }
    }
    let report: Vec<String> = to
        .prepare("PRAGMA integrity_check")
        .and_then(|mut check| {
            check
                .query_map([], |row| row.get::<_, String>(0))?
                .collect::<Result<_, _>>()
        })
        .map_err(copy_error)?;
    to.close().map_err(|(_, e)| copy_error(e))?;
    if report != ["ok"] {
        return Err(BackupError::Damaged {
            target: target.to_owned(),
            report: report.join("; "),
        });
    }
    Ok(())
}

/// Removes a failed copy and whatever SQLite kept beside it (all of it this backup's own).
fn remove_copy(target: &Path) {
    for file in [
        target.to_owned(),
        beside(target, "-journal"),
        beside(target, "-wal"),
        beside(target, "-shm"),
    ] {
        let _ = std::fs::remove_file(file);
    }
}
