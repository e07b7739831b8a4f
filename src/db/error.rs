//! The database layer's one error type.

use std::path::PathBuf;

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
        reason: super::sqlite_file::NotWritable,
    },
    #[error("cannot migrate the database: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("database error: {0}")]
    Query(#[from] sqlx::Error),
    /// A statement of the per-request path (`db::direct`) failed.
    #[error("database error: {0}")]
    Direct(#[source] rusqlite::Error),
    /// A batch of per-request questions (`db::hot`) failed, for every question in it.
    #[error("database error: {0}")]
    Batch(String),
    /// An event body could not be encoded (a bug, never bad input).
    #[error("cannot encode an event: {0}")]
    Encode(#[from] serde_json::Error),
    /// A stored value breaks what tourney writes (a column out of range, a link to nothing).
    #[error("stored data is inconsistent: {0}")]
    Corrupt(String),
}

impl DbError {
    /// True when a UNIQUE constraint refused the write (both backends report it the same way).
    pub fn is_unique_violation(&self) -> bool {
        match self {
            DbError::Query(error) => error
                .as_database_error()
                .is_some_and(|e| e.is_unique_violation()),
            _ => false,
        }
    }
}
