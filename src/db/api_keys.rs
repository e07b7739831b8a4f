//! The `api_keys` table: hashed API keys of each space.

use super::{Conn, DbError, on_conn};
use crate::ids::{KeyId, SpaceId};

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ApiKeyRow {
    pub id: KeyId,
    pub space_id: SpaceId,
    pub name: Option<String>,
    /// The first characters of the key, for telling keys apart.
    pub prefix: String,
    pub key_hash: String,
    pub created_at: i64,
    pub revoked_at: Option<i64>,
    pub last_used_at: Option<i64>,
}

pub async fn insert(
    conn: Conn<'_>,
    space_id: SpaceId,
    name: Option<&str>,
    prefix: &str,
    key_hash: &str,
    now: i64,
) -> Result<ApiKeyRow, DbError> {
    const SQL: &str = "INSERT INTO api_keys (space_id, name, prefix, key_hash, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING *";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, ApiKeyRow>(SQL)
        .bind(space_id).bind(name).bind(prefix).bind(key_hash).bind(now)
        .fetch_one(c).await?))
}

/// A space's keys, newest first.
pub async fn list_for_space(conn: Conn<'_>, space_id: SpaceId) -> Result<Vec<ApiKeyRow>, DbError> {
    const SQL: &str = "SELECT * FROM api_keys WHERE space_id = $1 ORDER BY id DESC";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, ApiKeyRow>(SQL).bind(space_id).fetch_all(c).await?))
}

pub async fn count_active(conn: Conn<'_>, space_id: SpaceId) -> Result<i64, DbError> {
    const SQL: &str = "SELECT COUNT(*) FROM api_keys WHERE space_id = $1 AND revoked_at IS NULL";
    Ok(on_conn!(conn, c => sqlx::query_scalar(SQL).bind(space_id).fetch_one(c).await?))
}

pub async fn find(conn: Conn<'_>, id: KeyId) -> Result<Option<ApiKeyRow>, DbError> {
    const SQL: &str = "SELECT * FROM api_keys WHERE id = $1";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, ApiKeyRow>(SQL).bind(id).fetch_optional(c).await?))
}

pub async fn revoke(conn: Conn<'_>, id: KeyId, now: i64) -> Result<(), DbError> {
    const SQL: &str = "UPDATE api_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL";
    on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(now).execute(c).await?.rows_affected());
    Ok(())
}

/// One active key as the server's key table holds it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ActiveKey {
    pub id: KeyId,
    pub space_id: SpaceId,
    pub key_hash: String,
}

/// Every key not revoked, for the server's in-memory key table.
pub async fn active(conn: Conn<'_>) -> Result<Vec<ActiveKey>, DbError> {
    const SQL: &str = "SELECT id, space_id, key_hash FROM api_keys WHERE revoked_at IS NULL";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, ActiveKey>(SQL).fetch_all(c).await?))
}
