//! The database layer's one error type.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// A failure to open, migrate or query the database.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error(
        "unsupported database URL (scheme '{scheme}'): use sqlite://PATH (the default is sqlite://tourney.db) or postgres://USER@HOST/NAME"
    )]
    UnsupportedUrl { scheme: String },
    #[error("invalid database URL: {0}")]
    InvalidUrl(String),
    #[error("cannot open the database: {0}")]
    Connect(#[source] sqlx::Error),
    #[error("cannot open the database {}: {source}", path.display())]
    OpenFile {
        path: PathBuf,
        #[source]
        source: sqlx::Error,
    },
    #[error(
        "cannot open the database {}: there is no directory {} (create it, or choose another database URL)",
        path.display(), dir.display()
    )]
    NoDirectory { path: PathBuf, dir: PathBuf },
    /// A command that does not create databases was pointed at a SQLite file that is not there
    /// (run in another folder than the database's, say); nothing was created.
    #[error(
        "cannot open the database {}: there is no such file, and this command creates none (the database URL is {url}). Point tourney at your database with --database-url sqlite://PATH (or TOURNEY_DATABASE_URL), or create a new one there with `tourney db migrate`",
        path.display()
    )]
    NoDatabase { path: PathBuf, url: String },
    /// SQLite's write-ahead log is unsafe where other machines can open the file.
    #[error(
        "cannot open the database {}: its directory is on {file_system}, a network file system. SQLite's write-ahead log keeps its index in memory that only the processes of one machine share, and network file systems' locks may not hold, so the file could be corrupted (https://www.sqlite.org/wal.html; \"How To Corrupt An SQLite Database File\", 2.1): put the database on a local disk, or use Postgres",
        path.display()
    )]
    NetworkFileSystem { path: PathBuf, file_system: String },
    #[error(
        "cannot open the database {}: tourney writes the file and keeps its -wal and -shm files beside it, but {reason}",
        path.display()
    )]
    NotWritable {
        path: PathBuf,
        reason: super::sqlite::NotWritable,
    },
    #[error("cannot migrate the database: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("database error: {0}")]
    Query(#[from] sqlx::Error),
    /// A statement on a SQLite connection of tourney's own (`db::sqlite`) failed.
    #[error("database error: {0}")]
    Direct(#[source] rusqlite::Error),
    /// One failure answered to every request that waited for the same batch.
    #[error("{0}")]
    Shared(#[source] Arc<DbError>),
    /// The database did not answer within the time a request may wait.
    #[error("the database did not answer within {0:?}")]
    TimedOut(Duration),
    /// SQLite's write lock (or this process's turn to take it) stayed with another writer for
    /// all of the wait given: nothing was written. Reads go on meanwhile.
    #[error("another writer held the database's write lock for all of {0:?}")]
    Busy(Duration),
    /// A worker of this process that answers database questions has stopped (a bug, or the
    /// process is shutting down).
    #[error("the {0} stopped")]
    Stopped(&'static str),
    /// The operating system gave no random numbers.
    #[error("the operating system gave no random numbers: {0}")]
    NoRandomness(getrandom::Error),
    /// An event body could not be encoded (a bug, never bad input).
    #[error("cannot encode an event: {0}")]
    Encode(#[from] serde_json::Error),
    /// A stored value breaks what tourney writes (a column out of range, a link to nothing).
    #[error("stored data is inconsistent: {0}")]
    Corrupt(String),
    /// A row changed by someone else between the caller's read and its write (an update or a
    /// delete that found nothing to change): a conflict, not corruption; nothing was written.
    #[error("{0} changed meanwhile")]
    Changed(String),
    /// tourney broke a rule of its own (a worker answered the wrong question, a backend's code
    /// ran on the other backend, a row the caller's own transaction holds was not there): a bug,
    /// never the data's fault.
    #[error("a bug in tourney: {0}")]
    Bug(std::borrow::Cow<'static, str>),
}

impl DbError {
    /// True when a UNIQUE constraint refused the write (both backends report it the same way).
    pub fn is_unique_violation(&self) -> bool {
        match self {
            DbError::Query(error) => error
                .as_database_error()
                .is_some_and(|e| e.is_unique_violation()),
            DbError::Shared(error) => error.is_unique_violation(),
            _ => false,
        }
    }

    /// True when the database answered this failure itself, so the statement it ended wrote
    /// nothing; false when the answer may have been lost on the way (a connection that broke,
    /// a wait that ran out), and the statement may have been written.
    pub fn wrote_nothing(&self) -> bool {
        match self {
            DbError::Query(error) => error.as_database_error().is_some(),
            DbError::Direct(_) | DbError::Busy(_) => true,
            DbError::Shared(error) => error.wrote_nothing(),
            _ => false,
        }
    }

    /// True when another writer kept SQLite's write lock for all of the wait ([`DbError::Busy`]).
    pub fn is_busy(&self) -> bool {
        match self {
            DbError::Busy(_) => true,
            DbError::Shared(error) => error.is_busy(),
            _ => false,
        }
    }

    /// True when the database answers but refuses to store anything: its disk is full, or it
    /// is read-only. Reads still work.
    pub fn is_write_refused(&self) -> bool {
        self.write_refusal().is_some()
    }

    /// Why the database refuses writes, when it answers but does.
    pub fn write_refusal(&self) -> Option<WriteRefusal> {
        match self {
            DbError::Direct(rusqlite::Error::SqliteFailure(failure, _)) => match failure.code {
                rusqlite::ErrorCode::DiskFull => Some(WriteRefusal::Full),
                rusqlite::ErrorCode::ReadOnly => Some(WriteRefusal::ReadOnly),
                _ => None,
            },
            DbError::Query(error) => error.as_database_error().and_then(|e| {
                match e.try_downcast_ref::<sqlx::postgres::PgDatabaseError>() {
                    Some(postgres) => refusal_of_sqlstate(postgres.code()),
                    None => e
                        .code()
                        .and_then(|code| code.parse::<i32>().ok())
                        .and_then(refusal_of_sqlite),
                }
            }),
            DbError::Shared(error) => error.write_refusal(),
            _ => None,
        }
    }
}

/// Why a database that answers refuses writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteRefusal {
    /// Its disk (or its table space, or the file system of its file) is full.
    Full,
    /// It is read-only (a read-only file or mount, a Postgres standby).
    ReadOnly,
}

impl std::fmt::Display for WriteRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            WriteRefusal::Full => "its disk is full",
            WriteRefusal::ReadOnly => "it is read-only",
        })
    }
}

/// SQLite's result codes (primary or extended) for a full disk, SQLITE_FULL (13), or a
/// read-only database, SQLITE_READONLY (8) with its extended codes (8 + 256 × n).
fn refusal_of_sqlite(code: i32) -> Option<WriteRefusal> {
    match code & 0xff {
        13 => Some(WriteRefusal::Full),
        8 => Some(WriteRefusal::ReadOnly),
        _ => None,
    }
}

/// Postgres's SQLSTATEs for the same: disk_full, read_only_sql_transaction (a standby, or
/// `default_transaction_read_only`).
fn refusal_of_sqlstate(code: &str) -> Option<WriteRefusal> {
    match code {
        "53100" => Some(WriteRefusal::Full),
        "25006" => Some(WriteRefusal::ReadOnly),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_and_read_only_are_write_refusals_and_nothing_else_is() {
        assert_eq!(refusal_of_sqlite(13), Some(WriteRefusal::Full));
        for code in [8, 264, 520, 776] {
            assert_eq!(
                refusal_of_sqlite(code),
                Some(WriteRefusal::ReadOnly),
                "{code}"
            );
        }
        for code in [5, 517, 2067, 19, 10] {
            assert_eq!(refusal_of_sqlite(code), None, "{code}");
        }
        assert_eq!(refusal_of_sqlstate("53100"), Some(WriteRefusal::Full));
        assert_eq!(refusal_of_sqlstate("25006"), Some(WriteRefusal::ReadOnly));
        for code in ["23505", "40001", "57P01", "53300", "08006"] {
            assert_eq!(refusal_of_sqlstate(code), None, "{code}");
        }
    }
}
