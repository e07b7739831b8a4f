//! The `sessions`, `sign_in_links` and `sign_in_tries` tables: how members sign in and stay
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
    /// The token before the last new one, answered to until `previous_until`.
    pub previous_hash: Option<String>,
    pub previous_until: Option<i64>,
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

/// The session whose token is `token_hash`, or whose previous token it is while that still
/// works at `now`.
pub async fn find_session(
    conn: Conn<'_>,
    token_hash: &str,
    now: i64,
) -> Result<Option<SessionRow>, DbError> {
    const SQL: &str = "SELECT * FROM sessions WHERE token_hash = $1 \
        UNION ALL SELECT * FROM sessions WHERE previous_hash = $1 AND previous_until > $2 \
        LIMIT 1";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, SessionRow>(SQL)
        .bind(token_hash).bind(now).fetch_optional(c).await?))
}

/// Marks the session seen at `now`.
pub async fn touch(conn: Conn<'_>, token_hash: &str, now: i64) -> Result<(), DbError> {
    const SQL: &str =
        "UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1 AND ended_at IS NULL";
    on_conn!(conn, c => sqlx::query(SQL).bind(token_hash).bind(now).execute(c).await?.rows_affected());
    Ok(())
}

/// Gives an open session a new token (its times are kept); the old one keeps working until
/// `grace_until`. Returns false if it had ended, or another request gave it a new token first.
pub async fn replace_token(
    conn: Conn<'_>,
    old_hash: &str,
    new_hash: &str,
    now: i64,
    grace_until: i64,
) -> Result<bool, DbError> {
    const SQL: &str = "UPDATE sessions SET token_hash = $2, rotate = FALSE, last_seen_at = $3, \
        previous_hash = $1, previous_until = $4 \
        WHERE token_hash = $1 AND rotate AND ended_at IS NULL";
    let affected = on_conn!(conn, c => sqlx::query(SQL)
        .bind(old_hash).bind(new_hash).bind(now).bind(grace_until).execute(c).await?.rows_affected());
    Ok(affected == 1)
}

/// Ends every open session of the person but the one of `keeping` (a token hash); returns how
/// many ended.
pub async fn end_others(
    conn: Conn<'_>,
    person_id: PersonId,
    keeping: &str,
    now: i64,
) -> Result<u64, DbError> {
    const SQL: &str = "UPDATE sessions SET ended_at = $3 \
        WHERE person_id = $1 AND token_hash <> $2 AND ended_at IS NULL";
    Ok(on_conn!(conn, c => sqlx::query(SQL)
        .bind(person_id).bind(keeping).bind(now).execute(c).await?.rows_affected()))
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

/// Takes one try of `scope` at `now`, unless it has had `limit` tries at or after `since`: the
/// check and the try in one statement, so tries sent together can never pass the limit. Returns
/// the scope's tries in the window with this one, or `None` when the limit refused it.
pub async fn take_try(
    conn: Conn<'_>,
    scope: &str,
    now: i64,
    since: i64,
    limit: i64,
) -> Result<Option<i64>, DbError> {
    const SQLITE: &str = "INSERT INTO sign_in_tries (scope, times, last_at) \
        VALUES ($1, json_array($2), $2) \
        ON CONFLICT (scope) DO UPDATE SET last_at = excluded.last_at, times = ( \
            SELECT json_group_array(value) FROM ( \
                SELECT value FROM json_each(sign_in_tries.times) WHERE value >= $3 \
                UNION ALL SELECT $2)) \
        WHERE (SELECT COUNT(*) FROM json_each(sign_in_tries.times) WHERE value >= $3) < $4 \
        RETURNING json_array_length(times)";
    const POSTGRES: &str = "INSERT INTO sign_in_tries (scope, times, last_at) \
        VALUES ($1, ARRAY[$2::BIGINT], $2) \
        ON CONFLICT (scope) DO UPDATE SET last_at = excluded.last_at, times = array_append( \
            ARRAY(SELECT t FROM unnest(sign_in_tries.times) AS t WHERE t >= $3), $2::BIGINT) \
        WHERE (SELECT COUNT(*) FROM unnest(sign_in_tries.times) AS t WHERE t >= $3) < $4 \
        RETURNING cardinality(times)::BIGINT";
    Ok(match conn {
        Conn::Sqlite(c) => {
            sqlx::query_scalar(SQLITE)
                .bind(scope)
                .bind(now)
                .bind(since)
                .bind(limit)
                .fetch_optional(c)
                .await?
        }
        Conn::Postgres(c) => {
            sqlx::query_scalar(POSTGRES)
                .bind(scope)
                .bind(now)
                .bind(since)
                .bind(limit)
                .fetch_optional(c)
                .await?
        }
    })
}

/// Gives back one try of `scope` taken at `at` (a sign-in that succeeded was no guess).
pub async fn give_back_try(conn: Conn<'_>, scope: &str, at: i64) -> Result<(), DbError> {
    const SQLITE: &str = "UPDATE sign_in_tries SET times = json_remove(times, \
            '$[' || (SELECT key FROM json_each(times) WHERE value = $2 LIMIT 1) || ']') \
        WHERE scope = $1 AND EXISTS (SELECT 1 FROM json_each(times) WHERE value = $2)";
    const POSTGRES: &str = "UPDATE sign_in_tries SET times = \
            times[:array_position(times, $2::BIGINT) - 1] \
            || times[array_position(times, $2::BIGINT) + 1:] \
        WHERE scope = $1 AND array_position(times, $2::BIGINT) IS NOT NULL";
    match conn {
        Conn::Sqlite(c) => sqlx::query(SQLITE)
            .bind(scope)
            .bind(at)
            .execute(c)
            .await?
            .rows_affected(),
        Conn::Postgres(c) => sqlx::query(POSTGRES)
            .bind(scope)
            .bind(at)
            .execute(c)
            .await?
            .rows_affected(),
    };
    Ok(())
}

/// Forgets every try of `scope` (its account's password was right).
pub async fn clear_tries(conn: Conn<'_>, scope: &str) -> Result<(), DbError> {
    const SQL: &str = "DELETE FROM sign_in_tries WHERE scope = $1";
    on_conn!(conn, c => sqlx::query(SQL).bind(scope).execute(c).await?.rows_affected());
    Ok(())
}

/// Forgets the scopes whose last try was before `since`.
pub async fn forget_tries(conn: Conn<'_>, since: i64) -> Result<(), DbError> {
    const SQL: &str = "DELETE FROM sign_in_tries WHERE last_at < $1";
    on_conn!(conn, c => sqlx::query(SQL).bind(since).execute(c).await?.rows_affected());
    Ok(())
}
