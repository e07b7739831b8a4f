//! The database layer's one error type.

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
