//! The `tournaments` table.

use super::{Conn, DbError, OptionalText, changed_one, on_conn};
use crate::domain::OnStations;
use crate::domain::entry::{CheckIn, Entry, Teams};
use crate::domain::room::Timing;
use crate::domain::self_report::SelfReport;
use crate::domain::{Format, NoShow, TournamentStatus};
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
    /// How many players the field holds (withdrawn and waiting ones aside), kept by the database.
    pub field_size: i64,
    /// Check-in: the window as milliseconds before the start, and what happens to no-shows.
    pub check_in_opens_before: Option<i64>,
    pub check_in_closes_before: Option<i64>,
    pub no_show: Option<String>,
    /// When the check-in's result was applied; once only.
    pub check_in_processed_at: Option<i64>,
    pub team_min: Option<i64>,
    pub team_max: Option<i64>,
    pub incomplete_rosters: bool,
    /// How many may wait for a place; `None`: no waiting list.
    pub waiting_list: Option<i64>,
    /// Players' own reports: `None` off; else how long an opponent has to answer (ms).
    pub self_report_within: Option<i64>,
    /// Swiss played to thresholds: a player leaves at this many wins or losses.
    pub advance_wins: Option<i64>,
    pub eliminate_losses: Option<i64>,
    /// The stations it plays on: `all` the space's, those `listed` in `tournament_stations`,
    /// or none (nothing is called).
    #[sqlx(try_from = "OptionalText")]
    pub stations: Option<OnStations>,
    /// The room's times (ms): a match's expected length, the least rest between a player's
    /// matches, how long a call waits for its players before it is flagged.
    pub match_duration: i64,
    pub rest_between: i64,
    pub no_show_after: i64,
}

impl TournamentRow {
    /// The room's times this tournament keeps.
    pub fn timing(&self) -> Timing {
        Timing {
            match_duration: self.match_duration,
            rest: self.rest_between,
            no_show_after: self.no_show_after,
        }
    }

    /// Who reports results: organisers only, or players too.
    pub fn self_report(&self) -> SelfReport {
        SelfReport::from_column(self.self_report_within)
    }

    /// How the tournament is entered: check-in, teams, waiting list.
    pub fn entry(&self) -> Result<Entry, DbError> {
        let corrupt = |what: &str| DbError::Corrupt(format!("{}: {what}", self.id));
        let check_in = match (
            self.check_in_opens_before,
            self.check_in_closes_before,
            self.no_show.as_deref(),
        ) {
            (None, None, None) => None,
            (Some(opens_before), Some(closes_before), Some(no_show)) => Some(CheckIn {
                opens_before,
                closes_before,
                no_show: no_show
                    .parse::<NoShow>()
                    .map_err(|e| corrupt(&e.to_string()))?,
            }),
            _ => return Err(corrupt("a check-in window without all its settings")),
        };
        let size = |n: i64| u32::try_from(n).map_err(|_| corrupt("a team size out of range"));
        let teams = match (self.team_min, self.team_max) {
            (None, None) => None,
            (Some(min), Some(max)) => Some(Teams {
                min: size(min)?,
                max: size(max)?,
                incomplete: self.incomplete_rosters,
            }),
            _ => return Err(corrupt("a team size without both bounds")),
        };
        let waiting_list = self.waiting_list.map(size).transpose()?;
        Ok(Entry {
            check_in,
            teams,
            waiting_list,
        })
    }
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
    /// swiss: win and loss thresholds.
    pub advance_wins: Option<i64>,
    pub eliminate_losses: Option<i64>,
    pub starts_at: i64,
    pub ends_at: Option<i64>,
    pub registration_opens_at: Option<i64>,
    pub registration_closes_at: Option<i64>,
    pub entry: Entry,
    pub self_report: SelfReport,
    pub now: i64,
}

/// Inserts a tournament. A slug taken in any space is a unique violation.
pub async fn insert(conn: Conn<'_>, new: &NewTournament<'_>) -> Result<TournamentRow, DbError> {
    const SQL: &str = "INSERT INTO tournaments (space_id, slug, name, game, format, status, test, \
        max_participants, description, third_place, group_count, advance_per_group, rounds, \
        points_scale, starts_at, ends_at, registration_opens_at, registration_closes_at, created_at, \
        updated_at, check_in_opens_before, check_in_closes_before, no_show, team_min, team_max, \
        incomplete_rosters, waiting_list, self_report_within, advance_wins, eliminate_losses) VALUES \
        ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19, \
        $20, $21, $22, $23, $24, $25, $26, $27, $28, $29) RETURNING *";
    let entry = EntryColumns::of(&new.entry);
    Ok(on_conn!(conn, c => sqlx::query_as::<_, TournamentRow>(SQL)
        .bind(new.space_id).bind(new.slug).bind(new.name).bind(new.game)
        .bind(new.format.as_str()).bind(new.status.as_str()).bind(new.test)
        .bind(new.max_participants).bind(new.description).bind(new.third_place)
        .bind(new.group_count).bind(new.advance_per_group).bind(new.rounds)
        .bind(new.points_scale.map(encode_scale)).bind(new.starts_at).bind(new.ends_at)
        .bind(new.registration_opens_at).bind(new.registration_closes_at).bind(new.now)
        .bind(entry.opens_before).bind(entry.closes_before).bind(entry.no_show)
        .bind(entry.team_min).bind(entry.team_max).bind(entry.incomplete).bind(entry.waiting_list)
        .bind(new.self_report.column()).bind(new.advance_wins).bind(new.eliminate_losses)
        .fetch_one(c).await?))
}

/// An [`Entry`] as its columns store it.
struct EntryColumns {
    opens_before: Option<i64>,
    closes_before: Option<i64>,
    no_show: Option<&'static str>,
    team_min: Option<i64>,
    team_max: Option<i64>,
    incomplete: bool,
    waiting_list: Option<i64>,
}

impl EntryColumns {
    fn of(entry: &Entry) -> EntryColumns {
        EntryColumns {
            opens_before: entry.check_in.map(|c| c.opens_before),
            closes_before: entry.check_in.map(|c| c.closes_before),
            no_show: entry.check_in.map(|c| c.no_show.as_str()),
            team_min: entry.teams.map(|t| i64::from(t.min)),
            team_max: entry.teams.map(|t| i64::from(t.max)),
            incomplete: entry.teams.is_some_and(|t| t.incomplete),
            waiting_list: entry.waiting_list.map(i64::from),
        }
    }
}

/// Writes how a tournament is entered.
pub async fn set_entry(
    conn: Conn<'_>,
    id: TournamentId,
    entry: &Entry,
    now: i64,
) -> Result<(), DbError> {
    const SQL: &str = "UPDATE tournaments SET check_in_opens_before = $2, \
        check_in_closes_before = $3, no_show = $4, team_min = $5, team_max = $6, \
        incomplete_rosters = $7, waiting_list = $8, updated_at = $9 WHERE id = $1";
    let e = EntryColumns::of(entry);
    let affected = on_conn!(conn, c => sqlx::query(SQL)
        .bind(id).bind(e.opens_before).bind(e.closes_before).bind(e.no_show)
        .bind(e.team_min).bind(e.team_max).bind(e.incomplete).bind(e.waiting_list).bind(now)
        .execute(c).await?.rows_affected());
    changed_one(affected, format_args!("setting the entry of {id}"))
}

/// Writes who reports results.
pub async fn set_self_report(
    conn: Conn<'_>,
    id: TournamentId,
    self_report: SelfReport,
    now: i64,
) -> Result<(), DbError> {
    const SQL: &str =
        "UPDATE tournaments SET self_report_within = $2, updated_at = $3 WHERE id = $1";
    let affected = on_conn!(conn, c => sqlx::query(SQL)
        .bind(id).bind(self_report.column()).bind(now)
        .execute(c).await?.rows_affected());
    changed_one(affected, format_args!("setting the reports of {id}"))
}

/// Records that a tournament's check-in result was applied.
pub async fn set_check_in_processed(
    conn: Conn<'_>,
    id: TournamentId,
    now: i64,
) -> Result<(), DbError> {
    const SQL: &str = "UPDATE tournaments SET check_in_processed_at = $2, updated_at = $2 \
        WHERE id = $1 AND check_in_processed_at IS NULL";
    let affected =
        on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(now).execute(c).await?.rows_affected());
    changed_one(affected, format_args!("closing the check-in of {id}"))
}

/// Forgets that a tournament's check-in result was applied (registration reopened: the window
/// applies again when it closes).
pub async fn clear_check_in_processed(
    conn: Conn<'_>,
    id: TournamentId,
    now: i64,
) -> Result<(), DbError> {
    const SQL: &str = "UPDATE tournaments SET check_in_processed_at = NULL, updated_at = $2 \
        WHERE id = $1";
    let affected =
        on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(now).execute(c).await?.rows_affected());
    changed_one(affected, format_args!("reopening the check-in of {id}"))
}

/// The tournaments, not yet started, whose check-in window has closed by `now` but whose result
/// is not yet applied.
pub async fn check_in_due(conn: Conn<'_>, now: i64) -> Result<Vec<String>, DbError> {
    const SQL: &str = "SELECT slug FROM tournaments WHERE check_in_opens_before IS NOT NULL \
        AND check_in_processed_at IS NULL \
        AND status IN ('REGISTRATION_OPEN', 'REGISTRATION_CLOSED') \
        AND starts_at - check_in_closes_before <= $1 ORDER BY starts_at, slug";
    Ok(on_conn!(conn, c => sqlx::query_scalar(SQL).bind(now).fetch_all(c).await?))
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

/// Writes which stations a tournament plays on (the listed ones are `db::stations::set_listed`'s)
/// and the room's times.
pub async fn set_room(
    conn: Conn<'_>,
    id: TournamentId,
    stations: Option<OnStations>,
    timing: Timing,
    now: i64,
) -> Result<(), DbError> {
    const SQL: &str = "UPDATE tournaments SET stations = $2, match_duration = $3, \
        rest_between = $4, no_show_after = $5, updated_at = $6 WHERE id = $1";
    let affected = on_conn!(conn, c => sqlx::query(SQL)
        .bind(id).bind(stations.map(OnStations::as_str)).bind(timing.match_duration)
        .bind(timing.rest).bind(timing.no_show_after).bind(now)
        .execute(c).await?.rows_affected());
    changed_one(affected, format_args!("setting the room of {id}"))
}

/// The tournaments in play on stations with a ready match no station holds and a free,
/// unpaused station to play it on: where a call may be due. Rest and players on other
/// stations are the service's to weigh.
pub async fn with_calls_due(conn: Conn<'_>) -> Result<Vec<String>, DbError> {
    const SQL: &str = "SELECT t.slug FROM tournaments t \
        WHERE t.status = 'IN_PROGRESS' AND t.stations IS NOT NULL \
        AND EXISTS (SELECT 1 FROM matches m WHERE m.tournament_id = t.id AND m.status = 'ready' \
            AND m.station_id IS NULL AND m.bye = FALSE AND m.a_participant_id IS NOT NULL \
            AND m.b_participant_id IS NOT NULL) \
        AND EXISTS (SELECT 1 FROM stations s WHERE s.space_id = t.space_id \
            AND s.removed_at IS NULL AND s.paused = FALSE \
            AND (t.stations = 'all' OR EXISTS (SELECT 1 FROM tournament_stations ts \
                WHERE ts.tournament_id = t.id AND ts.station_id = s.id)) \
            AND NOT EXISTS (SELECT 1 FROM matches h WHERE h.station_id = s.id \
                AND h.status <> 'completed')) \
        ORDER BY t.starts_at, t.slug";
    Ok(on_conn!(conn, c => sqlx::query_scalar(SQL).fetch_all(c).await?))
}

/// The tournaments in play on stations, whose times the room publishes.
pub async fn in_play_on_stations(conn: Conn<'_>) -> Result<Vec<String>, DbError> {
    const SQL: &str = "SELECT slug FROM tournaments WHERE status = 'IN_PROGRESS' \
        AND stations IS NOT NULL ORDER BY starts_at, slug";
    Ok(on_conn!(conn, c => sqlx::query_scalar(SQL).fetch_all(c).await?))
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
