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
    /// Unused: when a key was last used is read from the rate limit's records ([`last_used`]).
    pub last_used_at: Option<i64>,
    /// Who created it: a member's address, or the shell's actor.
    pub created_by: Option<String>,
    /// A rolled key works until then (its replacement was made at the roll).
    pub expires_at: Option<i64>,
}

impl ApiKeyRow {
    /// Whether the key is accepted at `now`: not revoked, and not past its roll's grace.
    pub fn works_at(&self, now: i64) -> bool {
        self.revoked_at.is_none() && self.expires_at.is_none_or(|at| now < at)
    }
}

pub async fn insert(
    conn: Conn<'_>,
    space_id: SpaceId,
    name: Option<&str>,
    prefix: &str,
    key_hash: &str,
    created_by: &str,
    now: i64,
) -> Result<ApiKeyRow, DbError> {
    const SQL: &str = "INSERT INTO api_keys (space_id, name, prefix, key_hash, created_by, created_at) \
        VALUES ($1, $2, $3, $4, $5, $6) RETURNING *";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, ApiKeyRow>(SQL)
        .bind(space_id).bind(name).bind(prefix).bind(key_hash).bind(created_by).bind(now)
        .fetch_one(c).await?))
}

/// A space's keys, newest first.
pub async fn list_for_space(conn: Conn<'_>, space_id: SpaceId) -> Result<Vec<ApiKeyRow>, DbError> {
    const SQL: &str = "SELECT * FROM api_keys WHERE space_id = $1 ORDER BY id DESC";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, ApiKeyRow>(SQL).bind(space_id).fetch_all(c).await?))
}

/// The keys that count against the limit: not revoked and not rolled (a rolled key is on its
/// way out, and its replacement counts in its place).
pub async fn count_active(conn: Conn<'_>, space_id: SpaceId) -> Result<i64, DbError> {
    const SQL: &str = "SELECT COUNT(*) FROM api_keys \
        WHERE space_id = $1 AND revoked_at IS NULL AND expires_at IS NULL";
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

/// Sets the end of a rolled key's grace.
pub async fn set_expiry(conn: Conn<'_>, id: KeyId, expires_at: i64) -> Result<(), DbError> {
    const SQL: &str = "UPDATE api_keys SET expires_at = $2 WHERE id = $1 AND revoked_at IS NULL";
    let affected = on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(expires_at).execute(c).await?.rows_affected());
    super::changed_one(affected, id)
}

/// When each of the space's keys was last used, as the rate limit recorded it: when its last
/// request was counted, or (for a server counting a key's requests from a lease of places) when
/// that lease was taken. Keys never used are absent.
pub async fn last_used(conn: Conn<'_>, space_id: SpaceId) -> Result<Vec<(KeyId, i64)>, DbError> {
    const SQL: &str = "SELECT c.key_id, c.last_at FROM rate_counts c \
        JOIN api_keys k ON k.id = c.key_id WHERE k.space_id = $1 AND c.last_at IS NOT NULL";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, (KeyId, i64)>(SQL).bind(space_id).fetch_all(c).await?),
    )
}

/// One active key as the server's key table holds it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ActiveKey {
    pub id: KeyId,
    pub space_id: SpaceId,
    pub key_hash: String,
    /// The end of a rolled key's grace: refused from then on.
    pub expires_at: Option<i64>,
}

/// Every key that works at `now` (not revoked, not past its grace), for the server's in-memory
/// key table.
pub async fn active(conn: Conn<'_>, now: i64) -> Result<Vec<ActiveKey>, DbError> {
    const SQL: &str = "SELECT id, space_id, key_hash, expires_at FROM api_keys \
        WHERE revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $1)";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, ActiveKey>(SQL).bind(now).fetch_all(c).await?))
}
