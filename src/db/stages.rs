//! The `stages` table: the parts a tournament is played in (groups, then a playoff, ...).

use super::{Conn, DbError, changed_one, on_conn};
use crate::domain::{StageStatus, StageType};
use crate::ids::{StageId, TournamentId};

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
