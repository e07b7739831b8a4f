//! The `versions` row: numbers that every transaction changing what readers see bumps (by
//! trigger, in the migrations, so no writer can forget), which servers read to know whether what
//! they keep in memory is still current. Reading it is one indexed row.

use super::{Conn, DbError, on_conn};

/// `keys` moves with API keys and spaces; `data` with spaces, tournaments, participants, stages,
/// matches and results. Both only grow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, sqlx::FromRow)]
pub struct Versions {
    pub keys: i64,
    pub data: i64,
}

pub(super) const READ: &str = "SELECT keys, data FROM versions WHERE id = 1";

pub async fn read(conn: Conn<'_>) -> Result<Versions, DbError> {
    Ok(on_conn!(conn, c => sqlx::query_as::<_, Versions>(READ).fetch_one(c).await?))
}
