//! The `audit_log` table: who did what administrative action, on what, when.

use super::{Conn, DbError, on_conn};
use crate::ids::SpaceId;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AuditRow {
    pub id: i64,
    pub space_id: Option<SpaceId>,
    pub actor: String,
    pub action: String,
    pub target: Option<String>,
    pub details: Option<String>,
    pub created_at: i64,
}

/// One entry to record. `details` must never hold a secret.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    pub space_id: Option<SpaceId>,
    pub actor: &'a str,
    pub action: &'a str,
    pub target: Option<&'a str>,
    pub details: Option<&'a str>,
    pub now: i64,
}

pub async fn record(conn: Conn<'_>, entry: &Entry<'_>) -> Result<(), DbError> {
    const SQL: &str = "INSERT INTO audit_log (space_id, actor, action, target, details, created_at) \
        VALUES ($1, $2, $3, $4, $5, $6)";
    on_conn!(conn, c => sqlx::query(SQL)
        .bind(entry.space_id).bind(entry.actor).bind(entry.action).bind(entry.target)
        .bind(entry.details).bind(entry.now)
        .execute(c).await?.rows_affected());
    Ok(())
}

/// The log, oldest first.
pub async fn list(conn: Conn<'_>) -> Result<Vec<AuditRow>, DbError> {
    const SQL: &str = "SELECT * FROM audit_log ORDER BY id";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, AuditRow>(SQL).fetch_all(c).await?))
}

/// Which entries to read: any of a space's, from a time on, by an actor.
#[derive(Debug, Clone, Copy, Default)]
pub struct Filter<'a> {
    pub space_id: Option<SpaceId>,
    /// Unix milliseconds: entries at or after it.
    pub since: Option<i64>,
    pub actor: Option<&'a str>,
}

/// The latest `limit` entries that pass `filter`, oldest first.
pub async fn latest(
    conn: Conn<'_>,
    filter: Filter<'_>,
    limit: i64,
) -> Result<Vec<AuditRow>, DbError> {
    const SQL: &str = "SELECT * FROM (SELECT * FROM audit_log \
        WHERE ($1 IS NULL OR space_id = $1) AND ($2 IS NULL OR created_at >= $2) \
        AND ($3 IS NULL OR actor = $3) ORDER BY id DESC LIMIT $4) AS latest ORDER BY id";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, AuditRow>(SQL)
        .bind(filter.space_id).bind(filter.since).bind(filter.actor).bind(limit)
        .fetch_all(c).await?))
}
