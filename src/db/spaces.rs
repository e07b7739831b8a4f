//! The `spaces` table: organising spaces, the unit of ownership and visibility.

use super::{Conn, DbError, on_conn};
use crate::domain::Locale;
use crate::ids::SpaceId;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SpaceRow {
    pub id: SpaceId,
    pub slug: String,
    pub name: String,
    #[sqlx(try_from = "String")]
    pub locale: Locale,
    pub created_at: i64,
    /// Where its tournaments are played (a venue's name and address); `None`: online.
    pub place: Option<String>,
    /// When it last changed after its creation (0: never).
    pub updated_at: i64,
}

/// Inserts a space. A taken slug is a unique violation ([`DbError::is_unique_violation`]).
pub async fn insert(
    conn: Conn<'_>,
    slug: &str,
    name: &str,
    locale: Locale,
    now: i64,
) -> Result<SpaceRow, DbError> {
    const SQL: &str = "INSERT INTO spaces (slug, name, locale, created_at) VALUES ($1, $2, $3, $4) \
                       RETURNING id, slug, name, locale, created_at, place, updated_at";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, SpaceRow>(SQL)
        .bind(slug).bind(name).bind(locale.as_str()).bind(now)
        .fetch_one(c).await?))
}

pub async fn find_by_slug(conn: Conn<'_>, slug: &str) -> Result<Option<SpaceRow>, DbError> {
    const SQL: &str =
        "SELECT id, slug, name, locale, created_at, place, updated_at FROM spaces WHERE slug = $1";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, SpaceRow>(SQL).bind(slug).fetch_optional(c).await?))
}

pub async fn find(conn: Conn<'_>, id: SpaceId) -> Result<Option<SpaceRow>, DbError> {
    const SQL: &str =
        "SELECT id, slug, name, locale, created_at, place, updated_at FROM spaces WHERE id = $1";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, SpaceRow>(SQL).bind(id).fetch_optional(c).await?))
}

/// Every space, by slug.
pub async fn list(conn: Conn<'_>) -> Result<Vec<SpaceRow>, DbError> {
    const SQL: &str =
        "SELECT id, slug, name, locale, created_at, place, updated_at FROM spaces ORDER BY slug";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, SpaceRow>(SQL).fetch_all(c).await?))
}

/// Sets where the space's tournaments are played (`None`: online), as of `now`.
pub async fn set_place(
    conn: Conn<'_>,
    id: SpaceId,
    place: Option<&str>,
    now: i64,
) -> Result<(), DbError> {
    const SQL: &str = "UPDATE spaces SET place = $1, updated_at = $2 WHERE id = $3";
    on_conn!(conn, c => sqlx::query(SQL).bind(place).bind(now).bind(id).execute(c).await.map(|_| ())?);
    Ok(())
}

/// Holds the space's row until the transaction ends, so that per-space limits (active keys,
/// webhook addresses) are counted and enforced by one writer at a time. SQLite's write
/// transactions are already exclusive; Postgres takes a row lock.
pub async fn lock(conn: Conn<'_>, id: SpaceId) -> Result<(), DbError> {
    match conn {
        Conn::Sqlite(_) => Ok(()),
        Conn::Postgres(c) => {
            sqlx::query("SELECT id FROM spaces WHERE id = $1 FOR UPDATE")
                .bind(id)
                .fetch_optional(c)
                .await?;
            Ok(())
        }
    }
}
