//! The `stations` and `tournament_stations` tables: a space's stations (tables, courts, boards),
//! which tournaments play on which, and what each station holds now (read from `matches`, where
//! a call is written: `db::matches::call`).
//!
//! A station is removed by stamping `removed_at`: the matches played on it still name it. It
//! never decides whether a station may be removed or called to; the service does, holding the
//! rows [`lock`] takes.

use std::collections::HashMap;

use super::{Conn, DbError, changed_one, on_conn};
use crate::ids::{MatchId, ParticipantId, SpaceId, StationId, TournamentId};

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StationRow {
    pub id: StationId,
    pub space_id: SpaceId,
    pub name: String,
    /// The name as names are compared (`domain::names::name_key`): unique in the space.
    pub name_key: String,
    pub paused: bool,
    pub created_at: i64,
    pub removed_at: Option<i64>,
}

/// Adds a station; a name already taken in the space (not removed) is a unique violation.
pub async fn insert(
    conn: Conn<'_>,
    space_id: SpaceId,
    name: &str,
    name_key: &str,
    now: i64,
) -> Result<StationRow, DbError> {
    const SQL: &str = "INSERT INTO stations (space_id, name, name_key, paused, created_at) \
        VALUES ($1, $2, $3, FALSE, $4) RETURNING *";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, StationRow>(SQL)
        .bind(space_id).bind(name).bind(name_key).bind(now)
        .fetch_one(c).await?))
}

/// The space's stations, in the order they were added (the order a call prefers them).
pub async fn list(conn: Conn<'_>, space_id: SpaceId) -> Result<Vec<StationRow>, DbError> {
    const SQL: &str =
        "SELECT * FROM stations WHERE space_id = $1 AND removed_at IS NULL ORDER BY id";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, StationRow>(SQL).bind(space_id).fetch_all(c).await?))
}

/// Every station the space ever had, removed ones too, by id: what a match played on one names.
pub async fn names(
    conn: Conn<'_>,
    space_id: SpaceId,
) -> Result<HashMap<StationId, String>, DbError> {
    const SQL: &str = "SELECT id, name FROM stations WHERE space_id = $1";
    let rows: Vec<(StationId, String)> =
        on_conn!(conn, c => sqlx::query_as(SQL).bind(space_id).fetch_all(c).await?);
    Ok(rows.into_iter().collect())
}

/// The station of the space whose name compares equal to `name_key`, if not removed.
pub async fn find_by_key(
    conn: Conn<'_>,
    space_id: SpaceId,
    name_key: &str,
) -> Result<Option<StationRow>, DbError> {
    const SQL: &str = "SELECT * FROM stations WHERE space_id = $1 AND name_key = $2 \
        AND removed_at IS NULL";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, StationRow>(SQL)
        .bind(space_id).bind(name_key).fetch_optional(c).await?))
}

/// Holds every station of the space until the transaction ends, so that calls (from any
/// process, for any tournament of the space), pauses and removals are decided by one writer at
/// a time. SQLite's write transactions are already exclusive; Postgres locks the rows, in id
/// order so that two writers never wait for each other.
pub async fn lock(conn: Conn<'_>, space_id: SpaceId) -> Result<(), DbError> {
    match conn {
        Conn::Sqlite(_) => Ok(()),
        Conn::Postgres(c) => {
            sqlx::query("SELECT id FROM stations WHERE space_id = $1 ORDER BY id FOR UPDATE")
                .bind(space_id)
                .fetch_all(c)
                .await?;
            Ok(())
        }
    }
}

pub async fn set_paused(conn: Conn<'_>, id: StationId, paused: bool) -> Result<(), DbError> {
    const SQL: &str = "UPDATE stations SET paused = $2 WHERE id = $1 AND removed_at IS NULL";
    let affected = on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(paused).execute(c).await?.rows_affected());
    changed_one(affected, format_args!("pausing {id}"))
}

/// Removes a station: no tournament plays on it any more, and its name is free again.
pub async fn remove(mut conn: Conn<'_>, id: StationId, now: i64) -> Result<(), DbError> {
    on_conn!(conn.reborrow(), c => sqlx::query("DELETE FROM tournament_stations WHERE station_id = $1")
        .bind(id).execute(c).await?.rows_affected());
    const SQL: &str = "UPDATE stations SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL";
    let affected =
        on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(now).execute(c).await?.rows_affected());
    changed_one(affected, format_args!("removing {id}"))
}

/// The stations a tournament plays on: `mode` as its `stations` column says (`all`, `listed`
/// or none), in the order they were added.
pub async fn serving(
    conn: Conn<'_>,
    tournament_id: TournamentId,
) -> Result<Vec<StationRow>, DbError> {
    const SQL: &str = "SELECT s.* FROM stations s JOIN tournaments t ON t.space_id = s.space_id \
        WHERE t.id = $1 AND s.removed_at IS NULL AND (t.stations = 'all' OR (t.stations = 'listed' \
        AND EXISTS (SELECT 1 FROM tournament_stations ts WHERE ts.tournament_id = t.id \
        AND ts.station_id = s.id))) ORDER BY s.id";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, StationRow>(SQL)
        .bind(tournament_id).fetch_all(c).await?))
}

/// Replaces the stations listed for a tournament.
pub async fn set_listed(
    mut conn: Conn<'_>,
    tournament_id: TournamentId,
    stations: &[StationId],
) -> Result<(), DbError> {
    on_conn!(conn.reborrow(), c => sqlx::query("DELETE FROM tournament_stations WHERE tournament_id = $1")
        .bind(tournament_id).execute(c).await?.rows_affected());
    for station in stations {
        const SQL: &str =
            "INSERT INTO tournament_stations (tournament_id, station_id) VALUES ($1, $2)";
        on_conn!(conn.reborrow(), c => sqlx::query(SQL)
            .bind(tournament_id).bind(station).execute(c).await?.rows_affected());
    }
    Ok(())
}

/// A match a station holds: called, or being played.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Holding {
    pub station_id: StationId,
    pub match_id: MatchId,
    pub tournament_id: TournamentId,
    pub tournament_slug: String,
    pub a_participant_id: Option<ParticipantId>,
    pub a_name: Option<String>,
    pub b_participant_id: Option<ParticipantId>,
    pub b_name: Option<String>,
    pub called_at: i64,
    pub started_at: Option<i64>,
}

/// What the space's stations hold now, by station.
pub async fn holdings(
    conn: Conn<'_>,
    space_id: SpaceId,
) -> Result<HashMap<StationId, Holding>, DbError> {
    const SQL: &str = "SELECT m.station_id, m.id AS match_id, m.tournament_id, \
        t.slug AS tournament_slug, m.a_participant_id, pa.name AS a_name, m.b_participant_id, \
        pb.name AS b_name, m.called_at, m.started_at FROM matches m \
        JOIN tournaments t ON t.id = m.tournament_id \
        LEFT JOIN participants pa ON pa.id = m.a_participant_id \
        LEFT JOIN participants pb ON pb.id = m.b_participant_id \
        WHERE t.space_id = $1 AND m.station_id IS NOT NULL AND m.status <> 'completed'";
    let rows: Vec<Holding> =
        on_conn!(conn, c => sqlx::query_as::<_, Holding>(SQL).bind(space_id).fetch_all(c).await?);
    Ok(rows.into_iter().map(|h| (h.station_id, h)).collect())
}
