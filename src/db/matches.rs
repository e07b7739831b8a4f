//! The `matches` and `match_results` tables: every match of every stage, its sides, result and
//! bracket wiring (where its winner and loser go next), its call to a station, and the places of
//! free-for-all rounds.
//!
//! A call lives on its match (`station_id`, `called_at`, `started_at`); the database refuses a
//! second unfinished match on one station (`matches_one_per_station`). A write that changes a
//! match's players or takes back its readiness takes its call back with it ([`update`]): a
//! call never outlives the pairing it was made for.

use super::{Conn, DbError, OptionalText, changed_one, on_conn};
use crate::domain::{Bracket, MatchStatus, Side, Winner};
use crate::ids::{MatchId, ParticipantId, StageId, StationId, TournamentId};

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct MatchRow {
    pub id: MatchId,
    pub tournament_id: TournamentId,
    pub stage_id: StageId,
    #[sqlx(try_from = "OptionalText")]
    pub bracket: Option<Bracket>,
    pub group_label: Option<String>,
    pub round: i64,
    pub position: i64,
    #[sqlx(try_from = "String")]
    pub status: MatchStatus,
    pub a_participant_id: Option<ParticipantId>,
    pub b_participant_id: Option<ParticipantId>,
    pub bye: bool,
    pub score_a: Option<i64>,
    pub score_b: Option<i64>,
    #[sqlx(try_from = "OptionalText")]
    pub winner: Option<Winner>,
    pub forfeit: bool,
    pub winner_to_match_id: Option<MatchId>,
    #[sqlx(try_from = "OptionalText")]
    pub winner_to_slot: Option<Side>,
    pub loser_to_match_id: Option<MatchId>,
    #[sqlx(try_from = "OptionalText")]
    pub loser_to_slot: Option<Side>,
    pub scheduled_at: Option<i64>,
    pub completed_at: Option<i64>,
    pub updated_at: i64,
    /// The station it is called to (or, completed, was played on).
    pub station_id: Option<StationId>,
    pub called_at: Option<i64>,
    pub started_at: Option<i64>,
    /// The earliest time it may be called, once published.
    pub not_before: Option<i64>,
}

#[derive(Debug, Clone)]
pub struct NewMatch<'a> {
    pub tournament_id: TournamentId,
    pub stage_id: StageId,
    pub bracket: Option<Bracket>,
    pub group_label: Option<&'a str>,
    pub round: i64,
    pub position: i64,
    pub status: MatchStatus,
    pub a_participant_id: Option<ParticipantId>,
    pub b_participant_id: Option<ParticipantId>,
    pub bye: bool,
    pub score_a: Option<i64>,
    pub score_b: Option<i64>,
    pub winner: Option<Winner>,
    pub forfeit: bool,
    pub scheduled_at: Option<i64>,
    pub completed_at: Option<i64>,
    pub now: i64,
}

/// Inserts a match without its wiring; [`link`] wires it once the matches it feeds exist.
pub async fn insert(conn: Conn<'_>, new: &NewMatch<'_>) -> Result<MatchRow, DbError> {
    const SQL: &str = "INSERT INTO matches (tournament_id, stage_id, bracket, group_label, round, \
        position, status, a_participant_id, b_participant_id, bye, score_a, score_b, winner, forfeit, \
        scheduled_at, completed_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, \
        $12, $13, $14, $15, $16, $17) RETURNING *";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, MatchRow>(SQL)
        .bind(new.tournament_id).bind(new.stage_id).bind(new.bracket.map(Bracket::as_str))
        .bind(new.group_label).bind(new.round).bind(new.position).bind(new.status.as_str())
        .bind(new.a_participant_id).bind(new.b_participant_id).bind(new.bye)
        .bind(new.score_a).bind(new.score_b).bind(new.winner.map(Winner::as_str)).bind(new.forfeit)
        .bind(new.scheduled_at).bind(new.completed_at).bind(new.now)
        .fetch_one(c).await?))
}

/// Where a match's winner (or loser) goes: the match and the side it takes there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Destination {
    pub match_id: MatchId,
    pub slot: Side,
}

/// Sets where the winner and the loser of `match_id` go next.
pub async fn link(
    conn: Conn<'_>,
    match_id: MatchId,
    winner_to: Option<Destination>,
    loser_to: Option<Destination>,
) -> Result<(), DbError> {
    const SQL: &str = "UPDATE matches SET winner_to_match_id = $2, winner_to_slot = $3, \
        loser_to_match_id = $4, loser_to_slot = $5 WHERE id = $1";
    let affected = on_conn!(conn, c => sqlx::query(SQL)
        .bind(match_id)
        .bind(winner_to.map(|d| d.match_id)).bind(winner_to.map(|d| d.slot.as_str()))
        .bind(loser_to.map(|d| d.match_id)).bind(loser_to.map(|d| d.slot.as_str()))
        .execute(c).await?.rows_affected());
    changed_one(affected, format_args!("wiring {match_id}"))
}

/// A tournament's matches in the order of the API: stage, bracket, group, round, position.
pub async fn list(conn: Conn<'_>, tournament_id: TournamentId) -> Result<Vec<MatchRow>, DbError> {
    const SQL: &str = "SELECT m.* FROM matches m JOIN stages s ON s.id = m.stage_id \
        WHERE m.tournament_id = $1 \
        ORDER BY s.number, CASE m.bracket WHEN 'winners' THEN 1 WHEN 'losers' THEN 2 \
        WHEN 'grand_final' THEN 3 WHEN 'third_place' THEN 4 ELSE 0 END, \
        COALESCE(m.group_label, ''), m.round, m.position";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, MatchRow>(SQL).bind(tournament_id).fetch_all(c).await?),
    )
}

/// One participant's place and points in a free-for-all round.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ResultRow {
    pub match_id: MatchId,
    pub participant_id: ParticipantId,
    pub place: i64,
    pub points: i64,
}

pub async fn insert_result(conn: Conn<'_>, row: &ResultRow) -> Result<(), DbError> {
    const SQL: &str = "INSERT INTO match_results (match_id, participant_id, place, points) VALUES ($1, $2, $3, $4)";
    on_conn!(conn, c => sqlx::query(SQL)
        .bind(row.match_id).bind(row.participant_id).bind(row.place).bind(row.points)
        .execute(c).await?.rows_affected());
    Ok(())
}

/// The free-for-all results of a tournament's rounds, by match then place.
pub async fn list_results(
    conn: Conn<'_>,
    tournament_id: TournamentId,
) -> Result<Vec<ResultRow>, DbError> {
    const SQL: &str = "SELECT r.* FROM match_results r JOIN matches m ON m.id = r.match_id \
        WHERE m.tournament_id = $1 ORDER BY r.match_id, r.place, r.participant_id";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, ResultRow>(SQL).bind(tournament_id).fetch_all(c).await?),
    )
}

pub async fn find(conn: Conn<'_>, id: MatchId) -> Result<Option<MatchRow>, DbError> {
    const SQL: &str = "SELECT * FROM matches WHERE id = $1";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, MatchRow>(SQL).bind(id).fetch_optional(c).await?))
}

/// A tournament's matches in the order they were created (the engine's order).
pub async fn list_in_creation_order(
    conn: Conn<'_>,
    tournament_id: TournamentId,
) -> Result<Vec<MatchRow>, DbError> {
    const SQL: &str = "SELECT * FROM matches WHERE tournament_id = $1 ORDER BY id";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, MatchRow>(SQL).bind(tournament_id).fetch_all(c).await?),
    )
}

/// Everything about a match that play can change.
#[derive(Debug, Clone)]
pub struct MatchUpdate {
    pub status: MatchStatus,
    pub a_participant_id: Option<ParticipantId>,
    pub b_participant_id: Option<ParticipantId>,
    pub bye: bool,
    pub score_a: Option<i64>,
    pub score_b: Option<i64>,
    pub winner: Option<Winner>,
    pub forfeit: bool,
    pub winner_to: Option<Destination>,
    pub loser_to: Option<Destination>,
    pub completed_at: Option<i64>,
    pub now: i64,
}

/// Whether an update keeps the match's call: it completes the match (which keeps its station as
/// where it was played), or the match stays ready between the same two sides.
macro_rules! keeps_call {
    () => {
        "($2 = 'completed' OR (status = 'ready' AND $2 = 'ready' \
         AND a_participant_id IS NOT DISTINCT FROM $3 AND b_participant_id IS NOT DISTINCT FROM $4))"
    };
}

/// Writes what play changed of a match; a call it no longer keeps ([`keeps_call!`]) is taken
/// back in the same statement.
pub async fn update(conn: Conn<'_>, id: MatchId, change: &MatchUpdate) -> Result<(), DbError> {
    const SQL: &str = concat!(
        "UPDATE matches SET \
        station_id = CASE WHEN ",
        keeps_call!(),
        " THEN station_id ELSE NULL END, \
        called_at = CASE WHEN ",
        keeps_call!(),
        " THEN called_at ELSE NULL END, \
        started_at = CASE WHEN ",
        keeps_call!(),
        " THEN started_at ELSE NULL END, \
        status = $2, a_participant_id = $3, b_participant_id = $4, bye = $5, \
        score_a = $6, score_b = $7, winner = $8, forfeit = $9, winner_to_match_id = $10, winner_to_slot = $11, \
        loser_to_match_id = $12, loser_to_slot = $13, completed_at = $14, updated_at = $15 WHERE id = $1"
    );
    let affected = on_conn!(conn, c => sqlx::query(SQL)
        .bind(id).bind(change.status.as_str()).bind(change.a_participant_id).bind(change.b_participant_id)
        .bind(change.bye).bind(change.score_a).bind(change.score_b).bind(change.winner.map(Winner::as_str))
        .bind(change.forfeit)
        .bind(change.winner_to.map(|d| d.match_id)).bind(change.winner_to.map(|d| d.slot.as_str()))
        .bind(change.loser_to.map(|d| d.match_id)).bind(change.loser_to.map(|d| d.slot.as_str()))
        .bind(change.completed_at).bind(change.now)
        .execute(c).await?.rows_affected());
    changed_one(affected, format_args!("updating {id}"))
}

/// Removes a match and its results (a grand-final reset no longer called for). Its claim, if it
/// had one, must be closed first (`claims::close_of_match`: the store does it).
pub async fn delete(mut conn: Conn<'_>, id: MatchId) -> Result<(), DbError> {
    on_conn!(conn.reborrow(), c => sqlx::query("DELETE FROM match_results WHERE match_id = $1").bind(id).execute(c).await?.rows_affected());
    on_conn!(conn, c => sqlx::query("DELETE FROM matches WHERE id = $1").bind(id).execute(c).await?.rows_affected());
    Ok(())
}

/// Replaces a free-for-all round's results.
pub async fn replace_results(
    mut conn: Conn<'_>,
    match_id: MatchId,
    rows: &[ResultRow],
) -> Result<(), DbError> {
    on_conn!(conn.reborrow(), c => sqlx::query("DELETE FROM match_results WHERE match_id = $1").bind(match_id).execute(c).await?.rows_affected());
    for row in rows {
        insert_result(conn.reborrow(), row).await?;
    }
    Ok(())
}

/// Calls a ready match to a station. The database refuses a station that holds another match
/// (a unique violation); a match no longer ready, or already called, changes nothing
/// ([`DbError::Changed`]).
pub async fn call(
    conn: Conn<'_>,
    id: MatchId,
    station: StationId,
    now: i64,
) -> Result<(), DbError> {
    const SQL: &str = "UPDATE matches SET station_id = $2, called_at = $3, started_at = NULL, \
        updated_at = $3 WHERE id = $1 AND status = 'ready' AND station_id IS NULL";
    let affected = on_conn!(conn, c => sqlx::query(SQL)
        .bind(id).bind(station).bind(now).execute(c).await?.rows_affected());
    changed_one(affected, format_args!("calling {id}"))
}

/// Takes back the call of an unfinished match: its station is free.
pub async fn uncall(conn: Conn<'_>, id: MatchId, now: i64) -> Result<(), DbError> {
    const SQL: &str = "UPDATE matches SET station_id = NULL, called_at = NULL, started_at = NULL, \
        updated_at = $2 WHERE id = $1 AND station_id IS NOT NULL AND status <> 'completed'";
    let affected =
        on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(now).execute(c).await?.rows_affected());
    changed_one(affected, format_args!("taking back the call of {id}"))
}

/// Records that a called match is being played.
pub async fn start(conn: Conn<'_>, id: MatchId, now: i64) -> Result<(), DbError> {
    const SQL: &str = "UPDATE matches SET started_at = $2, updated_at = $2 WHERE id = $1 \
        AND station_id IS NOT NULL AND started_at IS NULL AND status = 'ready'";
    let affected =
        on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(now).execute(c).await?.rows_affected());
    changed_one(affected, format_args!("starting {id}"))
}

/// Takes back every call of a tournament's unfinished matches (it was cancelled): their
/// stations are free.
pub async fn uncall_all(
    conn: Conn<'_>,
    tournament_id: TournamentId,
    now: i64,
) -> Result<u64, DbError> {
    const SQL: &str = "UPDATE matches SET station_id = NULL, called_at = NULL, started_at = NULL, \
        updated_at = $2 WHERE tournament_id = $1 AND station_id IS NOT NULL AND status <> 'completed'";
    Ok(
        on_conn!(conn, c => sqlx::query(SQL).bind(tournament_id).bind(now).execute(c).await?.rows_affected()),
    )
}

/// Publishes the earliest time an unplayed match not on a station may be called; a time already
/// published is never moved earlier (nothing is written then). The match's `updated_at` moves
/// to `now` (never back), so a calendar's revision of it grows.
pub async fn publish_not_before(
    conn: Conn<'_>,
    id: MatchId,
    at: i64,
    now: i64,
) -> Result<(), DbError> {
    const SQL: &str = "UPDATE matches SET not_before = $2, \
        updated_at = CASE WHEN updated_at < $3 THEN $3 ELSE updated_at END \
        WHERE id = $1 AND station_id IS NULL \
        AND status <> 'completed' AND (not_before IS NULL OR not_before < $2)";
    on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(at).bind(now).execute(c).await?.rows_affected());
    Ok(())
}
