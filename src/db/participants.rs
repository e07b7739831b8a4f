//! The `participants` table. A participant row is also its registration.
//!
//! A portal registration also holds the player's email address and the hash of their private
//! withdrawal link. [`ParticipantRow`] never carries either: the email is read only by the
//! duplicate check of a registration and by the admins' listing ([`registrations`]), and the
//! hash only to find the participant a withdrawal link names.

use super::{Conn, DbError, changed_one, on_conn};
use crate::domain::ParticipantStatus;
use crate::ids::{ParticipantId, SpaceId, TournamentId};

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ParticipantRow {
    pub id: ParticipantId,
    pub tournament_id: TournamentId,
    pub name: String,
    pub seed: Option<i64>,
    pub place: Option<i64>,
    pub place_to: Option<i64>,
    #[sqlx(try_from = "String")]
    pub status: ParticipantStatus,
    pub registered_at: i64,
    pub withdrawn_at: Option<i64>,
    pub checked_in_at: Option<i64>,
    /// A team's players, as a JSON array of display names; `None` outside team tournaments.
    pub roster: Option<String>,
}

impl ParticipantRow {
    /// A team's players, in their order (none outside team tournaments).
    pub fn roster(&self) -> Result<Vec<String>, DbError> {
        self.roster.as_deref().map_or(Ok(Vec::new()), |text| {
            serde_json::from_str(text).map_err(|e| {
                DbError::Corrupt(format!("the roster of {} is unreadable: {e}", self.id))
            })
        })
    }
}

/// The stored form of a roster: a JSON array of display names.
pub fn encode_roster(players: &[String]) -> String {
    serde_json::Value::from(players.to_vec()).to_string()
}

/// The columns of [`ParticipantRow`]: everything but the private ones.
const COLUMNS: &str = "id, tournament_id, name, seed, place, place_to, status, registered_at, \
    withdrawn_at, checked_in_at, roster";

#[derive(Debug, Clone)]
pub struct NewParticipant<'a> {
    pub tournament_id: TournamentId,
    pub name: &'a str,
    pub seed: Option<i64>,
    pub place: Option<i64>,
    pub place_to: Option<i64>,
    pub status: ParticipantStatus,
    pub registered_at: i64,
    pub withdrawn_at: Option<i64>,
    /// What the name must not share with another in the field (the service's rule).
    pub name_key: &'a str,
    /// Private: given on the portal.
    pub email: Option<&'a str>,
    /// What the address must not share with another in the field (the service's rule).
    pub email_key: Option<&'a str>,
    /// The SHA-256 of the private withdrawal link, for a portal registration.
    pub withdrawal_hash: Option<&'a str>,
    /// A team's players ([`encode_roster`]).
    pub roster: Option<&'a str>,
}

/// Inserts a participant. A name already in the field (not withdrawn) is a unique violation.
pub async fn insert(conn: Conn<'_>, new: &NewParticipant<'_>) -> Result<ParticipantRow, DbError> {
    let sql = format!(
        "INSERT INTO participants (tournament_id, name, seed, place, place_to, status, \
         registered_at, withdrawn_at, email, withdrawal_hash, name_key, email_key, roster) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING {COLUMNS}"
    );
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, ParticipantRow>(sqlx::AssertSqlSafe(sql))
        .bind(new.tournament_id).bind(new.name).bind(new.seed).bind(new.place).bind(new.place_to)
        .bind(new.status.as_str()).bind(new.registered_at).bind(new.withdrawn_at)
        .bind(new.email).bind(new.withdrawal_hash).bind(new.name_key).bind(new.email_key)
        .bind(new.roster)
        .fetch_one(c).await?),
    )
}

/// A tournament's participants, by seed (unseeded last), then name.
pub async fn list(
    conn: Conn<'_>,
    tournament_id: TournamentId,
) -> Result<Vec<ParticipantRow>, DbError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM participants WHERE tournament_id = $1 \
         ORDER BY seed IS NULL, seed, name, id"
    );
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, ParticipantRow>(sqlx::AssertSqlSafe(sql)).bind(tournament_id).fetch_all(c).await?),
    )
}

pub async fn find(conn: Conn<'_>, id: ParticipantId) -> Result<Option<ParticipantRow>, DbError> {
    let sql = format!("SELECT {COLUMNS} FROM participants WHERE id = $1");
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, ParticipantRow>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(c).await?),
    )
}

/// Gives a participant a new private link (its secret's hash): any link given before stops
/// working.
pub async fn set_withdrawal_hash(
    conn: Conn<'_>,
    id: ParticipantId,
    hash: &str,
) -> Result<(), DbError> {
    const SQL: &str = "UPDATE participants SET withdrawal_hash = $2 WHERE id = $1";
    let affected =
        on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(hash).execute(c).await?.rows_affected());
    changed_one(affected, format_args!("giving {id} a private link"))
}

/// A participant's private email address, if they gave one: for an organiser to send them
/// their link, never for a page anyone else reads.
pub async fn email_of(conn: Conn<'_>, id: ParticipantId) -> Result<Option<String>, DbError> {
    const SQL: &str = "SELECT email FROM participants WHERE id = $1";
    let email: Option<Option<String>> =
        on_conn!(conn, c => sqlx::query_scalar(SQL).bind(id).fetch_optional(c).await?);
    Ok(email.flatten())
}

/// The participant in a field whose withdrawal link hashes to `hash`.
pub async fn find_by_withdrawal(
    conn: Conn<'_>,
    hash: &str,
) -> Result<Option<ParticipantRow>, DbError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM participants WHERE withdrawal_hash = $1 AND status <> 'withdrawn'"
    );
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, ParticipantRow>(sqlx::AssertSqlSafe(sql)).bind(hash).fetch_optional(c).await?),
    )
}

/// The names and addresses in a tournament's field (withdrawn players aside) that may clash with
/// a newcomer's keys: those with the same name key or address key, and the rows older than the
/// keys, which the caller compares itself. Reads through the key indexes, however big the field.
/// The addresses must not leave the service layer.
pub async fn field_clashes(
    conn: Conn<'_>,
    tournament_id: TournamentId,
    name_key: &str,
    email_key: Option<&str>,
) -> Result<Vec<(String, Option<String>)>, DbError> {
    // Three lookups, each on its own index (one `OR` makes SQLite walk the whole field); a row
    // may come twice, which the caller's `any` does not mind.
    const SQL: &str = "\
        SELECT name, email FROM participants \
            WHERE tournament_id = $1 AND name_key = $2 AND status <> 'withdrawn' \
        UNION ALL SELECT name, email FROM participants \
            WHERE tournament_id = $1 AND email_key = $3 AND status <> 'withdrawn' \
        UNION ALL SELECT name, email FROM participants \
            WHERE tournament_id = $1 AND name_key IS NULL AND status <> 'withdrawn'";
    Ok(on_conn!(conn, c => sqlx::query_as(SQL)
        .bind(tournament_id).bind(name_key).bind(email_key)
        .fetch_all(c).await?))
}

/// A registration as admins see it, with the player's email address.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct RegistrationRow {
    pub id: ParticipantId,
    pub name: String,
    #[sqlx(try_from = "String")]
    pub status: ParticipantStatus,
    pub email: Option<String>,
    pub registered_at: i64,
    pub withdrawn_at: Option<i64>,
    pub checked_in_at: Option<i64>,
}

/// A tournament's registrations, withdrawn ones included, oldest first. For admins only.
pub async fn registrations(
    conn: Conn<'_>,
    tournament_id: TournamentId,
) -> Result<Vec<RegistrationRow>, DbError> {
    const SQL: &str = "SELECT id, name, status, email, registered_at, withdrawn_at, checked_in_at \
        FROM participants WHERE tournament_id = $1 ORDER BY registered_at, id";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, RegistrationRow>(SQL).bind(tournament_id).fetch_all(c).await?),
    )
}

/// The participants of the tournament's field (not withdrawn) whose name may have this key: those
/// stored with it, and the rows older than the keys, which the caller compares itself.
pub async fn named_in_field(
    conn: Conn<'_>,
    tournament_id: TournamentId,
    name_key: &str,
) -> Result<Vec<ParticipantRow>, DbError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM participants \
             WHERE tournament_id = $1 AND name_key = $2 AND status <> 'withdrawn' \
         UNION ALL SELECT {COLUMNS} FROM participants \
             WHERE tournament_id = $1 AND name_key IS NULL AND status <> 'withdrawn'"
    );
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, ParticipantRow>(sqlx::AssertSqlSafe(sql)).bind(tournament_id).bind(name_key).fetch_all(c).await?),
    )
}

/// How many of a tournament's participants hold a place in the field (neither withdrawn nor
/// waiting), and how many wait for one: one read.
pub async fn count_places(
    conn: Conn<'_>,
    tournament_id: TournamentId,
) -> Result<(i64, i64), DbError> {
    const SQL: &str = "SELECT \
        COALESCE(SUM(CASE WHEN status NOT IN ('withdrawn', 'waiting') THEN 1 ELSE 0 END), 0), \
        COALESCE(SUM(CASE WHEN status = 'waiting' THEN 1 ELSE 0 END), 0) \
        FROM participants WHERE tournament_id = $1";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, (i64, i64)>(SQL).bind(tournament_id).fetch_one(c).await?),
    )
}

/// A tournament's waiting list, first in line first.
pub async fn waiting(
    conn: Conn<'_>,
    tournament_id: TournamentId,
) -> Result<Vec<ParticipantRow>, DbError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM participants WHERE tournament_id = $1 AND status = 'waiting' \
         ORDER BY id"
    );
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, ParticipantRow>(sqlx::AssertSqlSafe(sql)).bind(tournament_id).fetch_all(c).await?),
    )
}

/// How many wait for a place.
pub async fn count_waiting(conn: Conn<'_>, tournament_id: TournamentId) -> Result<i64, DbError> {
    const SQL: &str =
        "SELECT COUNT(*) FROM participants WHERE tournament_id = $1 AND status = 'waiting'";
    Ok(on_conn!(conn, c => sqlx::query_scalar(SQL).bind(tournament_id).fetch_one(c).await?))
}

/// A participant's place on the waiting list, from 1: those ahead of them, plus one.
pub async fn waiting_position(
    conn: Conn<'_>,
    participant: &ParticipantRow,
) -> Result<i64, DbError> {
    const SQL: &str = "SELECT COUNT(*) + 1 FROM participants WHERE tournament_id = $1 \
        AND status = 'waiting' AND id < $2";
    Ok(
        on_conn!(conn, c => sqlx::query_scalar(SQL).bind(participant.tournament_id).bind(participant.id).fetch_one(c).await?),
    )
}

/// Records that a participant checked in.
pub async fn check_in(
    conn: Conn<'_>,
    id: ParticipantId,
    now: i64,
) -> Result<ParticipantRow, DbError> {
    let sql =
        format!("UPDATE participants SET checked_in_at = $2 WHERE id = $1 RETURNING {COLUMNS}");
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, ParticipantRow>(sqlx::AssertSqlSafe(sql)).bind(id).bind(now).fetch_one(c).await?),
    )
}

/// Moves a participant from the waiting list into the field.
pub async fn promote(conn: Conn<'_>, id: ParticipantId) -> Result<ParticipantRow, DbError> {
    let sql = format!(
        "UPDATE participants SET status = 'active' WHERE id = $1 AND status = 'waiting' \
         RETURNING {COLUMNS}"
    );
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, ParticipantRow>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_one(c).await?),
    )
}

/// Leaves a participant still waiting at the start outside the field for good.
pub async fn not_admitted(conn: Conn<'_>, id: ParticipantId) -> Result<ParticipantRow, DbError> {
    let sql = format!(
        "UPDATE participants SET status = 'not_admitted' WHERE id = $1 AND status = 'waiting' \
         RETURNING {COLUMNS}"
    );
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, ParticipantRow>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_one(c).await?),
    )
}

/// Withdraws a participant; their withdrawal link stops working.
pub async fn withdraw(
    conn: Conn<'_>,
    id: ParticipantId,
    now: i64,
) -> Result<ParticipantRow, DbError> {
    let sql = format!(
        "UPDATE participants SET status = 'withdrawn', withdrawn_at = $2, withdrawal_hash = NULL \
         WHERE id = $1 RETURNING {COLUMNS}"
    );
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, ParticipantRow>(sqlx::AssertSqlSafe(sql)).bind(id).bind(now).fetch_one(c).await?),
    )
}

pub async fn set_seed(conn: Conn<'_>, id: ParticipantId, seed: i64) -> Result<(), DbError> {
    const SQL: &str = "UPDATE participants SET seed = $2 WHERE id = $1";
    let affected =
        on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(seed).execute(c).await?.rows_affected());
    changed_one(affected, format_args!("seeding {id}"))
}

/// Sets (or clears, with `None`) a participant's final place range.
pub async fn set_place(
    conn: Conn<'_>,
    id: ParticipantId,
    place: Option<(i64, i64)>,
) -> Result<(), DbError> {
    const SQL: &str = "UPDATE participants SET place = $2, place_to = $3 WHERE id = $1";
    let affected = on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(place.map(|p| p.0)).bind(place.map(|p| p.1)).execute(c).await?.rows_affected());
    changed_one(affected, format_args!("placing {id}"))
}

/// How many participants are in the field of each of a space's tournaments.
pub async fn count_in_field_by_tournament(
    conn: Conn<'_>,
    space_id: SpaceId,
) -> Result<std::collections::HashMap<TournamentId, i64>, DbError> {
    const SQL: &str = "SELECT p.tournament_id, COUNT(*) FROM participants p JOIN tournaments t ON t.id = p.tournament_id \
        WHERE t.space_id = $1 AND p.status NOT IN ('withdrawn', 'waiting') GROUP BY p.tournament_id";
    let rows: Vec<(TournamentId, i64)> =
        on_conn!(conn, c => sqlx::query_as(SQL).bind(space_id).fetch_all(c).await?);
    Ok(rows.into_iter().collect())
}
