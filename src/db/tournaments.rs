//! The `tournaments` table.

use super::{Conn, DbError, changed_one, on_conn};
use crate::domain::{Format, TournamentStatus};
use crate::ids::{SpaceId, TournamentId};

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentRow {
    pub id: TournamentId,
    pub space_id: SpaceId,
    pub slug: String,
    pub name: String,
    pub game: String,
    #[sqlx(try_from = "String")]
    pub format: Format,
    #[sqlx(try_from = "String")]
    pub status: TournamentStatus,
    pub test: bool,
    pub max_participants: i64,
    pub description: Option<String>,
    pub third_place: bool,
    pub group_count: Option<i64>,
    pub advance_per_group: Option<i64>,
    pub rounds: Option<i64>,
    /// free_for_all: JSON array of points for places 1, 2, 3, ...
    pub points_scale: Option<String>,
    pub starts_at: i64,
    pub ends_at: Option<i64>,
    pub registration_opens_at: Option<i64>,
    pub registration_closes_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    /// How many players the field holds (withdrawn ones aside), kept by the database.
    pub field_size: i64,
}

/// Everything a new tournament is created with.
#[derive(Debug, Clone)]
pub struct NewTournament<'a> {
    pub space_id: SpaceId,
    pub slug: &'a str,
    pub name: &'a str,
    pub game: &'a str,
    pub format: Format,
    pub status: TournamentStatus,
    pub test: bool,
    pub max_participants: i64,
    pub description: Option<&'a str>,
    pub third_place: bool,
    pub group_count: Option<i64>,
    pub advance_per_group: Option<i64>,
    pub rounds: Option<i64>,
    /// free_for_all: points for places 1, 2, 3, ...
    pub points_scale: Option<&'a [u32]>,
    pub starts_at: i64,
    pub ends_at: Option<i64>,
    pub registration_opens_at: Option<i64>,
    pub registration_closes_at: Option<i64>,
    pub now: i64,
}

/// Inserts a tournament. A slug taken in any space is a unique violation.
pub async fn insert(conn: Conn<'_>, new: &NewTournament<'_>) -> Result<TournamentRow, DbError> {
    const SQL: &str = "INSERT INTO tournaments (space_id, slug, name, game, format, status, test, \
        max_participants, description, third_place, group_count, advance_per_group, rounds, \
        points_scale, starts_at, ends_at, registration_opens_at, registration_closes_at, created_at, \
        updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, \
        $17, $18, $19, $19) RETURNING *";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, TournamentRow>(SQL)
        .bind(new.space_id).bind(new.slug).bind(new.name).bind(new.game)
        .bind(new.format.as_str()).bind(new.status.as_str()).bind(new.test)
        .bind(new.max_participants).bind(new.description).bind(new.third_place)
        .bind(new.group_count).bind(new.advance_per_group).bind(new.rounds)
        .bind(new.points_scale.map(encode_scale)).bind(new.starts_at).bind(new.ends_at)
        .bind(new.registration_opens_at).bind(new.registration_closes_at).bind(new.now)
        .fetch_one(c).await?))
}

/// The tournament with this slug, in any space.
pub async fn find_by_slug(conn: Conn<'_>, slug: &str) -> Result<Option<TournamentRow>, DbError> {
    const SQL: &str = "SELECT * FROM tournaments WHERE slug = $1";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, TournamentRow>(SQL).bind(slug).fetch_optional(c).await?),
    )
}

/// A space's tournaments, soonest first.
pub async fn list_for_space(
    conn: Conn<'_>,
    space_id: SpaceId,
) -> Result<Vec<TournamentRow>, DbError> {
    const SQL: &str = "SELECT * FROM tournaments WHERE space_id = $1 ORDER BY starts_at, slug";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, TournamentRow>(SQL).bind(space_id).fetch_all(c).await?),
    )
}

/// Every tournament of every space, soonest first (for admins).
pub async fn list_all(conn: Conn<'_>) -> Result<Vec<TournamentRow>, DbError> {
    const SQL: &str = "SELECT * FROM tournaments ORDER BY starts_at, slug";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, TournamentRow>(SQL).fetch_all(c).await?))
}

pub async fn find(conn: Conn<'_>, id: TournamentId) -> Result<Option<TournamentRow>, DbError> {
    const SQL: &str = "SELECT * FROM tournaments WHERE id = $1";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, TournamentRow>(SQL).bind(id).fetch_optional(c).await?),
    )
}

/// Moves a tournament to `status`.
pub async fn set_status(
    conn: Conn<'_>,
    id: TournamentId,
    status: TournamentStatus,
    now: i64,
) -> Result<(), DbError> {
    const SQL: &str = "UPDATE tournaments SET status = $2, updated_at = $3 WHERE id = $1";
    let affected = on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(status.as_str()).bind(now).execute(c).await?.rows_affected());
    changed_one(affected, format_args!("moving {id} to {status}"))
}

/// What an organiser may change of a tournament after creating it.
#[derive(Debug, Clone)]
pub struct Edit<'a> {
    pub name: &'a str,
    pub description: Option<&'a str>,
    pub starts_at: i64,
    pub max_participants: i64,
}

/// Writes an edit of a tournament's settings.
pub async fn edit(
    conn: Conn<'_>,
    id: TournamentId,
    edit: &Edit<'_>,
    now: i64,
) -> Result<(), DbError> {
    const SQL: &str = "UPDATE tournaments SET name = $2, description = $3, starts_at = $4, \
        max_participants = $5, updated_at = $6 WHERE id = $1";
    let affected = on_conn!(conn, c => sqlx::query(SQL)
        .bind(id).bind(edit.name).bind(edit.description).bind(edit.starts_at)
        .bind(edit.max_participants).bind(now)
        .execute(c).await?.rows_affected());
    changed_one(affected, format_args!("editing {id}"))
}

/// Marks a tournament changed (its matches or participants), for caches and ETags.
pub async fn touch(conn: Conn<'_>, id: TournamentId, now: i64) -> Result<(), DbError> {
    const SQL: &str = "UPDATE tournaments SET updated_at = $2 WHERE id = $1";
    let affected =
        on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(now).execute(c).await?.rows_affected());
    changed_one(affected, format_args!("marking {id} changed"))
}

/// A points scale read back from its stored form.
pub fn decode_scale(text: &str) -> Result<Vec<u32>, DbError> {
    serde_json::from_str::<Vec<u32>>(text)
        .map_err(|e| DbError::Corrupt(format!("a points scale is unreadable: {e}")))
}

/// The stored form of a points scale: a JSON array of whole numbers, `[10,6,3,1]`.
pub fn encode_scale(scale: &[u32]) -> String {
    let points: Vec<String> = scale.iter().map(u32::to_string).collect();
    format!("[{}]", points.join(","))
}

/// The tournament with this slug, its row held until the transaction ends, so that what depends
/// on it (its status, its field, its matches) is read and written by one writer at a time: every
/// write to a tournament's records takes this first. SQLite's write transactions are already
/// exclusive; Postgres locks the row and reads it as last committed.
pub async fn find_for_update(conn: Conn<'_>, slug: &str) -> Result<Option<TournamentRow>, DbError> {
    let sql = format!(
        "SELECT * FROM tournaments WHERE slug = $1{}",
        row_lock(&conn)
    );
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, TournamentRow>(sqlx::AssertSqlSafe(sql)).bind(slug).fetch_optional(c).await?),
    )
}

/// [`find_for_update`] by id.
pub async fn find_by_id_for_update(
    conn: Conn<'_>,
    id: TournamentId,
) -> Result<Option<TournamentRow>, DbError> {
    let sql = format!("SELECT * FROM tournaments WHERE id = $1{}", row_lock(&conn));
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, TournamentRow>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(c).await?),
    )
}

fn row_lock(conn: &Conn<'_>) -> &'static str {
    match conn {
        Conn::Postgres(_) => " FOR UPDATE",
        Conn::Sqlite(_) => "",
    }
}
