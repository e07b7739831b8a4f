//! The `stages` table: the parts a tournament is played in (groups, then a playoff, ...); the
//! stages an organiser adds before the start (`stage_plans`); who plays each stage drawn from the
//! one before it (`stage_entrants`).

use super::{Conn, DbError, changed_one, on_conn};
use crate::domain::{StageStatus, StageType};
use crate::ids::{ParticipantId, StageId, TournamentId};

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StageRow {
    pub id: StageId,
    pub tournament_id: TournamentId,
    pub number: i64,
    #[sqlx(rename = "type", try_from = "String")]
    pub stage_type: StageType,
    pub name: String,
    #[sqlx(try_from = "String")]
    pub status: StageStatus,
}

pub async fn insert(
    conn: Conn<'_>,
    tournament_id: TournamentId,
    number: i64,
    stage_type: StageType,
    name: &str,
    status: StageStatus,
) -> Result<StageRow, DbError> {
    const SQL: &str = "INSERT INTO stages (tournament_id, number, type, name, status) \
        VALUES ($1, $2, $3, $4, $5) RETURNING *";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, StageRow>(SQL)
        .bind(tournament_id).bind(number).bind(stage_type.as_str()).bind(name).bind(status.as_str())
        .fetch_one(c).await?))
}

/// A tournament's stages, in order.
pub async fn list(conn: Conn<'_>, tournament_id: TournamentId) -> Result<Vec<StageRow>, DbError> {
    const SQL: &str = "SELECT * FROM stages WHERE tournament_id = $1 ORDER BY number";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, StageRow>(SQL).bind(tournament_id).fetch_all(c).await?),
    )
}

pub async fn set_status(conn: Conn<'_>, id: StageId, status: StageStatus) -> Result<(), DbError> {
    const SQL: &str = "UPDATE stages SET status = $2 WHERE id = $1";
    let affected = on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(status.as_str()).execute(c).await?.rows_affected());
    changed_one(affected, format_args!("moving {id} to {status}"))
}

/// A stage an organiser added after the tournament's own: its format, options and feed.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StagePlanRow {
    pub id: i64,
    pub tournament_id: TournamentId,
    /// 1 for the first stage added, 2 for the next, ...
    pub position: i64,
    #[sqlx(rename = "type", try_from = "String")]
    pub stage_type: StageType,
    pub name: String,
    pub third_place: bool,
    pub group_count: Option<i64>,
    pub rounds: Option<i64>,
    pub advance_wins: Option<i64>,
    pub eliminate_losses: Option<i64>,
    pub take: Option<i64>,
    pub per_group: Option<i64>,
    pub created_at: i64,
}

/// A stage to add, as [`insert_plan`] stores it.
#[derive(Debug, Clone)]
pub struct NewStagePlan<'a> {
    pub tournament_id: TournamentId,
    pub position: i64,
    pub stage_type: StageType,
    pub name: &'a str,
    pub third_place: bool,
    pub group_count: Option<i64>,
    pub rounds: Option<i64>,
    pub advance_wins: Option<i64>,
    pub eliminate_losses: Option<i64>,
    pub take: Option<i64>,
    pub per_group: Option<i64>,
    pub now: i64,
}

pub async fn insert_plan(conn: Conn<'_>, new: &NewStagePlan<'_>) -> Result<StagePlanRow, DbError> {
    const SQL: &str = "INSERT INTO stage_plans (tournament_id, position, type, name, third_place, \
        group_count, rounds, advance_wins, eliminate_losses, take, per_group, created_at) \
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, StagePlanRow>(SQL)
        .bind(new.tournament_id).bind(new.position).bind(new.stage_type.as_str()).bind(new.name)
        .bind(new.third_place).bind(new.group_count).bind(new.rounds).bind(new.advance_wins)
        .bind(new.eliminate_losses).bind(new.take).bind(new.per_group).bind(new.now)
        .fetch_one(c).await?))
}

/// The stages added to a tournament, in order.
pub async fn list_plans(
    conn: Conn<'_>,
    tournament_id: TournamentId,
) -> Result<Vec<StagePlanRow>, DbError> {
    const SQL: &str = "SELECT * FROM stage_plans WHERE tournament_id = $1 ORDER BY position";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, StagePlanRow>(SQL).bind(tournament_id).fetch_all(c).await?),
    )
}

/// Removes the added stage at `position`.
pub async fn delete_plan(conn: Conn<'_>, id: i64) -> Result<(), DbError> {
    const SQL: &str = "DELETE FROM stage_plans WHERE id = $1";
    let affected = on_conn!(conn, c => sqlx::query(SQL).bind(id).execute(c).await?.rows_affected());
    changed_one(affected, format_args!("removing stage plan {id}"))
}

/// One player of a stage drawn from the one before it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StageEntrantRow {
    pub stage_id: StageId,
    pub participant_id: ParticipantId,
    pub seed: i64,
}

/// The players of every stage of a tournament drawn from a stage before it.
pub async fn list_entrants(
    conn: Conn<'_>,
    tournament_id: TournamentId,
) -> Result<Vec<StageEntrantRow>, DbError> {
    const SQL: &str = "SELECT e.stage_id, e.participant_id, e.seed FROM stage_entrants e \
        JOIN stages s ON s.id = e.stage_id WHERE s.tournament_id = $1 ORDER BY e.stage_id, e.seed";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, StageEntrantRow>(SQL).bind(tournament_id).fetch_all(c).await?),
    )
}

/// Replaces the players of `stage_id` with `field` (participant, seed).
pub async fn replace_entrants(
    mut conn: Conn<'_>,
    stage_id: StageId,
    field: &[(ParticipantId, i64)],
) -> Result<(), DbError> {
    const DELETE: &str = "DELETE FROM stage_entrants WHERE stage_id = $1";
    const INSERT: &str =
        "INSERT INTO stage_entrants (stage_id, participant_id, seed) VALUES ($1, $2, $3)";
    on_conn!(conn.reborrow(), c => sqlx::query(DELETE).bind(stage_id).execute(c).await?.rows_affected());
    for &(participant, seed) in field {
        on_conn!(conn.reborrow(), c => sqlx::query(INSERT).bind(stage_id).bind(participant).bind(seed).execute(c).await?.rows_affected());
    }
    Ok(())
}
