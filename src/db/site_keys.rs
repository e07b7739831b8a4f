//! The `site_keys` table: secrets the servers sign with (the portal's form tokens), made once by
//! whichever server needs one first and then shared by every server on the database.

use super::{Conn, DbError, on_conn};

/// The secret named `name`: the stored one, or `fresh` stored now if there is none yet (when two
/// servers race, both read the one that was stored first).
pub async fn get_or_create(
    mut conn: Conn<'_>,
    name: &str,
    fresh: &str,
    now: i64,
) -> Result<String, DbError> {
    const INSERT: &str = "INSERT INTO site_keys (name, secret, created_at) VALUES ($1, $2, $3) \
        ON CONFLICT (name) DO NOTHING";
    const SELECT: &str = "SELECT secret FROM site_keys WHERE name = $1";
    on_conn!(conn.reborrow(), c => sqlx::query(INSERT).bind(name).bind(fresh).bind(now).execute(c).await?.rows_affected());
    Ok(on_conn!(conn, c => sqlx::query_scalar(SELECT).bind(name).fetch_one(c).await?))
}
