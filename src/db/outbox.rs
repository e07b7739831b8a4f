//! The outbox: `events` and the `deliveries` they fan out to.
//!
//! An event is appended inside the transaction of the change that caused it, together with one
//! delivery row per active, subscribed hook of the space, so that a change is never committed
//! without its event and an event never without its deliveries. An example (`hooks test`) goes to
//! one hook only and is attached to no tournament. Nothing here sends anything.
//!
//! Owns the order of a space's events: each is stamped from the space's clock row
//! (`event_clocks`), `created_at` = max(the writer's time, the space's last + 1 ms), moved in the
//! writing transaction before the event takes its number. The row is held until that transaction
//! ends (SQLite writes one transaction at a time; Postgres locks the row), so a space's events get
//! distinct `created_at` and `evt_<n>`, both increasing in the order their transactions commit,
//! whichever processes write them. It never stamps an event any other way, and never writes an
//! event before its stamp.

use super::clock::now_sql;
use super::{Conn, DbError, on_conn};
use crate::domain::EventType;
use crate::events::Event;
use crate::ids::{EventId, HookId, SpaceId, TournamentId};

/// Where an event goes.
#[derive(Debug, Clone, Copy)]
pub enum Audience {
    /// Every active hook of the space subscribed to the event's type.
    Subscribers,
    /// One hook only, whatever it subscribes to (the `ping` test event, and examples).
    Hook(HookId),
}

/// Appends `event` of the space and its deliveries; returns the event's id.
pub async fn append(
    conn: Conn<'_>,
    space_id: SpaceId,
    event: &Event,
    audience: Audience,
    now: i64,
) -> Result<EventId, DbError> {
    insert(conn, space_id, event, audience, false, now).await
}

/// Appends an example of `event` (`hooks test`) with its one delivery, to `hook_id` alone: the
/// body is marked `"example": true`, and the event belongs to no tournament (its tournament is
/// invented), so nothing that reads a tournament's events ever counts it.
pub async fn append_example(
    conn: Conn<'_>,
    space_id: SpaceId,
    event: &Event,
    hook_id: HookId,
    now: i64,
) -> Result<EventId, DbError> {
    insert(conn, space_id, event, Audience::Hook(hook_id), true, now).await
}

async fn insert(
    mut conn: Conn<'_>,
    space_id: SpaceId,
    event: &Event,
    audience: Audience,
    example: bool,
    now: i64,
) -> Result<EventId, DbError> {
    const INSERT: &str = "INSERT INTO events (space_id, tournament_id, type, body, created_at) \
        VALUES ($1, $2, $3, '', $4) RETURNING id";
    const SET_BODY: &str = "UPDATE events SET body = $2 WHERE id = $1";
    let event_type = event.event_type();
    let tournament_id = if example { None } else { event.tournament_id() };
    // Stamped first: the number the insert takes comes after the space's clock is held.
    let created_at = stamp(conn.reborrow(), space_id, now).await?;
    let id: EventId = on_conn!(conn.reborrow(), c => sqlx::query_scalar(INSERT)
        .bind(space_id).bind(tournament_id).bind(event_type.as_str()).bind(created_at)
        .fetch_one(c).await?);
    let body = if example {
        event.example_envelope(id, created_at)?
    } else {
        event.envelope(id, created_at)?
    };
    on_conn!(conn.reborrow(), c => sqlx::query(SET_BODY).bind(id).bind(&body).execute(c).await?.rows_affected());

    for hook_id in recipients(conn.reborrow(), space_id, event_type, audience).await? {
        // Due now by the database's clock, which every delivery loop compares with. A disabled
        // hook's delivery is kept: pending, with no due time until it is enabled.
        let delivery = format!(
            "INSERT INTO deliveries (event_id, hook_id, status, attempts, \
                next_attempt_at, created_at, updated_at) \
             SELECT $1, id, 'pending', 0, CASE WHEN disabled_at IS NULL THEN {} END, $3, $3 \
             FROM hooks WHERE id = $2",
            now_sql(&conn)
        );
        on_conn!(conn.reborrow(), c => sqlx::query(sqlx::AssertSqlSafe(delivery)).bind(id).bind(hook_id).bind(created_at).execute(c).await?.rows_affected());
    }
    Ok(id)
}

/// The `created_at` of the space's next event, `now` unless the space's last event has that time
/// or a later one (then 1 ms after it), and the space's clock moved to it. The clock's row stays
/// held until the transaction ends, so the next writer of the space reads this one's stamp once
/// it has committed (or the clock as it was, if it rolled back).
///
/// On Postgres the space's row is taken for key share first, as the event's own reference to it
/// would: a writer holding the space's row (`spaces::lock`) that then writes an event takes the
/// clock after it, never the other way round, so two writers never wait for each other.
async fn stamp(conn: Conn<'_>, space_id: SpaceId, now: i64) -> Result<i64, DbError> {
    const SQLITE: &str = "INSERT INTO event_clocks (space_id, last_at) VALUES ($1, $2) \
        ON CONFLICT (space_id) DO UPDATE SET last_at = CASE \
            WHEN event_clocks.last_at + 1 > excluded.last_at THEN event_clocks.last_at + 1 \
            ELSE excluded.last_at END \
        RETURNING last_at";
    const POSTGRES: &str = "WITH space AS (SELECT id FROM spaces WHERE id = $1 FOR KEY SHARE) \
        INSERT INTO event_clocks (space_id, last_at) SELECT id, $2 FROM space \
        ON CONFLICT (space_id) DO UPDATE \
            SET last_at = GREATEST(event_clocks.last_at + 1, excluded.last_at) \
        RETURNING last_at";
    let stamped: Option<i64> = match conn {
        Conn::Sqlite(c) => {
            sqlx::query_scalar(SQLITE)
                .bind(space_id)
                .bind(now)
                .fetch_optional(c)
                .await?
        }
        Conn::Postgres(c) => {
            sqlx::query_scalar(POSTGRES)
                .bind(space_id)
                .bind(now)
                .fetch_optional(c)
                .await?
        }
    };
    stamped
        .ok_or_else(|| DbError::Bug(format!("an event of {space_id}, which does not exist").into()))
}

async fn recipients(
    conn: Conn<'_>,
    space_id: SpaceId,
    event_type: EventType,
    audience: Audience,
) -> Result<Vec<HookId>, DbError> {
    if let Audience::Hook(hook_id) = audience {
        return Ok(vec![hook_id]);
    }
    const SQL: &str =
        "SELECT id, event_types FROM hooks WHERE space_id = $1 AND status = 'active' ORDER BY id";
    let hooks: Vec<(HookId, Option<String>)> =
        on_conn!(conn, c => sqlx::query_as(SQL).bind(space_id).fetch_all(c).await?);
    Ok(hooks
        .into_iter()
        .filter(|(_, types)| subscribes(types.as_deref(), event_type))
        .map(|(id, _)| id)
        .collect())
}

/// A hook with no filter takes every event; otherwise only the listed types.
fn subscribes(filter: Option<&str>, event_type: EventType) -> bool {
    filter.is_none_or(|list| list.split(',').any(|t| t.trim() == event_type.as_str()))
}

/// One stored event.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct EventRow {
    pub id: EventId,
    pub space_id: SpaceId,
    pub tournament_id: Option<TournamentId>,
    #[sqlx(rename = "type", try_from = "String")]
    pub event_type: EventType,
    pub body: String,
    pub created_at: i64,
}

/// A space's events, oldest first.
pub async fn list_for_space(conn: Conn<'_>, space_id: SpaceId) -> Result<Vec<EventRow>, DbError> {
    const SQL: &str = "SELECT * FROM events WHERE space_id = $1 ORDER BY id";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, EventRow>(SQL).bind(space_id).fetch_all(c).await?))
}

/// The hooks an event was fanned out to, by hook id.
pub async fn delivery_hooks(conn: Conn<'_>, event_id: EventId) -> Result<Vec<HookId>, DbError> {
    const SQL: &str = "SELECT hook_id FROM deliveries WHERE event_id = $1 ORDER BY hook_id";
    Ok(on_conn!(conn, c => sqlx::query_scalar(SQL).bind(event_id).fetch_all(c).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_by_listed_types() {
        assert!(subscribes(None, EventType::MatchCompleted));
        assert!(subscribes(
            Some("match.completed,ping"),
            EventType::MatchCompleted
        ));
        assert!(!subscribes(
            Some("registration.created"),
            EventType::MatchCompleted
        ));
    }
}
