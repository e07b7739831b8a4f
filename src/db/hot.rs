//! What every API request asks the database, on whichever backend: what is current
//! ([`Versions`]) and the rate limit's verdicts ([`rate_windows`]). On Postgres these go through
//! the pool like everything else; on SQLite through connections of their own (`direct`), since
//! the pool's per-statement hand-offs would cost more than the statements.
//!
//! Reads and settles only: it never changes the product's data.

use std::sync::Arc;

use super::direct::Worker;
use super::rate_windows::{self, Verdict};
use super::versions::{self, Versions};
use super::{Db, DbError};
use crate::ids::KeyId;

pub enum Hot {
    Sqlite {
        /// Reads `versions`; never waits for the limiter's transactions.
        versions: Worker,
        /// Settles the rate limit, one transaction at a time.
        limits: Worker,
    },
    Postgres(Db),
}

impl Hot {
    /// The per-request path over `db` (on SQLite, two connections to its file).
    pub fn open(db: &Db) -> Result<Arc<Hot>, DbError> {
        Ok(Arc::new(match db {
            Db::Sqlite(pool) => {
                let options = pool.connect_options();
                let path = options.get_filename();
                Hot::Sqlite {
                    versions: Worker::open(path, "tourney-versions")?,
                    limits: Worker::open(path, "tourney-limits")?,
                }
            }
            Db::Postgres(_) => Hot::Postgres(db.clone()),
        }))
    }

    /// The database's versions, as of now.
    pub async fn versions(&self) -> Result<Versions, DbError> {
        match self {
            Hot::Sqlite { versions, .. } => versions.run(versions::read_direct).await,
            Hot::Postgres(db) => {
                let mut handle = db.acquire().await?;
                versions::read(handle.conn()).await
            }
        }
    }

    /// Settles one request per entry of `keys` (in arrival order) against `limit` requests per
    /// `window_ms`: the database's time, and each request's verdict.
    pub async fn settle(
        &self,
        keys: Vec<KeyId>,
        limit: u32,
        window_ms: i64,
    ) -> Result<(i64, Vec<Verdict>), DbError> {
        match self {
            Hot::Sqlite { limits, .. } => {
                limits
                    .run(move |conn| rate_windows::decide_sqlite(conn, &keys, limit, window_ms))
                    .await
            }
            Hot::Postgres(db) => rate_windows::decide_postgres(db, &keys, limit, window_ms).await,
        }
    }
}
