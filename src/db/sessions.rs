//! The `sessions`, `sign_in_links` and `sign_in_failures` tables: how members sign in and stay
//! signed in. Tokens and links are stored only as their SHA-256 (`service::sign_in` hashes
//! them); nothing here sees a token itself.

use super::{Conn, DbError, on_conn};
use crate::ids::PersonId;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SessionRow {
    pub token_hash: String,
    pub person_id: PersonId,
    /// `link` or `password`: how the session began.
    pub method: String,
    pub created_at: i64,
    pub last_seen_at: i64,
    pub ended_at: Option<i64>,
    /// A new token is due at the next request (the person's role changed).
    pub rotate: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct LinkRow {
    pub token_hash: String,
    pub person_id: PersonId,
    /// `login` or `invitation`.
    pub kind: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub used_at: Option<i64>,
}

pub async fn insert_session(
    conn: Conn<'_>,
    token_hash: &str,
    person_id: PersonId,
    method: &str,
    now: i64,
) -> Result<(), DbError> {
    const SQL: &str = "INSERT INTO sessions (token_hash, person_id, method, created_at, last_seen_at) \
        VALUES ($1, $2, $3, $4, $4)";
    on_conn!(conn, c => sqlx::query(SQL)
        .bind(token_hash).bind(person_id).bind(method).bind(now).execute(c).await?.rows_affected());
    Ok(())
}

pub async fn find_session(conn: Conn<'_>, token_hash: &str) -> Result<Option<SessionRow>, DbError> {
    const SQL: &str = "SELECT * FROM sessions WHERE token_hash = $1";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, SessionRow>(SQL).bind(token_hash).fetch_optional(c).await?),
    )
}

/// Marks the session seen at `now`.
pub async fn touch(conn: Conn<'_>, token_hash: &str, now: i64) -> Result<(), DbError> {
    const SQL: &str =
        "UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1 AND ended_at IS NULL";
    on_conn!(conn, c => sqlx::query(SQL).bind(token_hash).bind(now).execute(c).await?.rows_affected());
    Ok(())
}

/// Gives an open session a new token (its times are kept). Returns false if it had ended.
pub async fn replace_token(
    conn: Conn<'_>,
    old_hash: &str,
    new_hash: &str,
    now: i64,
) -> Result<bool, DbError> {
    const SQL: &str = "UPDATE sessions SET token_hash = $2, rotate = FALSE, last_seen_at = $3 \
        WHERE token_hash = $1 AND ended_at IS NULL";
    let affected = on_conn!(conn, c => sqlx::query(SQL)
        .bind(old_hash).bind(new_hash).bind(now).execute(c).await?.rows_affected());
    Ok(affected == 1)
}

/// Ends one session. Returns false if it had ended already (or never was).
pub async fn end(conn: Conn<'_>, token_hash: &str, now: i64) -> Result<bool, DbError> {
    const SQL: &str =
        "UPDATE sessions SET ended_at = $2 WHERE token_hash = $1 AND ended_at IS NULL";
    let affected = on_conn!(conn, c => sqlx::query(SQL)
        .bind(token_hash).bind(now).execute(c).await?.rows_affected());
    Ok(affected == 1)
}

/// Asks every open session of the person for a new token at its next request.
pub async fn rotate_all(conn: Conn<'_>, person_id: PersonId) -> Result<(), DbError> {
    const SQL: &str = "UPDATE sessions SET rotate = TRUE WHERE person_id = $1 AND ended_at IS NULL";
    on_conn!(conn, c => sqlx::query(SQL).bind(person_id).execute(c).await?.rows_affected());
    Ok(())
}

pub async fn insert_link(
    conn: Conn<'_>,
    token_hash: &str,
    person_id: PersonId,
    kind: &str,
    now: i64,
    expires_at: i64,
) -> Result<(), DbError> {
    const SQL: &str = "INSERT INTO sign_in_links (token_hash, person_id, kind, created_at, expires_at) \
        VALUES ($1, $2, $3, $4, $5)";
    on_conn!(conn, c => sqlx::query(SQL)
        .bind(token_hash).bind(person_id).bind(kind).bind(now).bind(expires_at).execute(c).await?.rows_affected());
    Ok(())
}

/// The link, if it may still be used at `now` (not used, not expired).
pub async fn usable_link(
    conn: Conn<'_>,
    token_hash: &str,
    now: i64,
) -> Result<Option<LinkRow>, DbError> {
    const SQL: &str = "SELECT * FROM sign_in_links \
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, LinkRow>(SQL)
        .bind(token_hash).bind(now).fetch_optional(c).await?))
}

/// Uses a link: true for the one caller that used it while it was usable.
pub async fn use_link(conn: Conn<'_>, token_hash: &str, now: i64) -> Result<bool, DbError> {
    const SQL: &str = "UPDATE sign_in_links SET used_at = $2 \
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2";
    let affected = on_conn!(conn, c => sqlx::query(SQL)
        .bind(token_hash).bind(now).execute(c).await?.rows_affected());
    Ok(affected == 1)
}

/// Ends every unused link of the person (a removed member's invitation, say).
pub async fn expire_links(conn: Conn<'_>, person_id: PersonId, now: i64) -> Result<(), DbError> {
    const SQL: &str = "UPDATE sign_in_links SET expires_at = $2 \
        WHERE person_id = $1 AND used_at IS NULL AND expires_at > $2";
    on_conn!(conn, c => sqlx::query(SQL).bind(person_id).bind(now).execute(c).await?.rows_affected());
    Ok(())
}

/// Records a failed sign-in for each scope, and forgets failures older than `since`.
pub async fn record_failure(
    mut conn: Conn<'_>,
    scopes: &[&str],
    now: i64,
    since: i64,
) -> Result<(), DbError> {
    const FORGET: &str = "DELETE FROM sign_in_failures WHERE at < $1";
    on_conn!(conn.reborrow(), c => sqlx::query(FORGET).bind(since).execute(c).await?.rows_affected());
    const SQL: &str = "INSERT INTO sign_in_failures (scope, at) VALUES ($1, $2)";
    for scope in scopes {
        on_conn!(conn.reborrow(), c => sqlx::query(SQL).bind(*scope).bind(now).execute(c).await?.rows_affected());
    }
    Ok(())
}

/// Failed sign-ins of `scope` at or after `since`.
pub async fn failures_since(conn: Conn<'_>, scope: &str, since: i64) -> Result<i64, DbError> {
    const SQL: &str = "SELECT COUNT(*) FROM sign_in_failures WHERE scope = $1 AND at >= $2";
    Ok(on_conn!(conn, c => sqlx::query_scalar(SQL).bind(scope).bind(since).fetch_one(c).await?))
}

/// Forgets the failures of `scope` (after a sign-in that succeeded).
pub async fn clear_failures(conn: Conn<'_>, scope: &str) -> Result<(), DbError> {
    const SQL: &str = "DELETE FROM sign_in_failures WHERE scope = $1";
    on_conn!(conn, c => sqlx::query(SQL).bind(scope).execute(c).await?.rows_affected());
    Ok(())
}
