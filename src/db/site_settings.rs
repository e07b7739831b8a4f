//! The `site_settings` table: what a server says about itself for the other processes on the
//! database (the base URL `serve` builds its links on). Never a secret: those are `site_keys`.

use super::{Conn, DbError, on_conn};

/// The setting `name`, if one was stored.
pub async fn get(conn: Conn<'_>, name: &str) -> Result<Option<String>, DbError> {
    const SQL: &str = "SELECT value FROM site_settings WHERE name = $1";
    Ok(on_conn!(conn, c => sqlx::query_scalar(SQL).bind(name).fetch_optional(c).await?))
}

/// Stores `value` as the setting `name`, replacing what was there.
pub async fn set(conn: Conn<'_>, name: &str, value: &str, now: i64) -> Result<(), DbError> {
    const SQL: &str = "INSERT INTO site_settings (name, value, updated_at) VALUES ($1, $2, $3) \
        ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at";
    on_conn!(conn, c => sqlx::query(SQL).bind(name).bind(value).bind(now).execute(c).await?.rows_affected());
    Ok(())
}
