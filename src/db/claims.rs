//! The `match_claims` table: players' open claims of their matches' results, one per match at
//! most, from the claim until a result stands (then the row is deleted; the audit log keeps
//! what happened). Stores and reads; the rules are `domain::self_report`'s and the service's.

use super::{Conn, DbError, OptionalText, changed_one, on_conn};
use crate::domain::Side;
use crate::domain::self_report::{OpenClaim, Stated};
use crate::ids::{ClaimId, MatchId, ParticipantId, TournamentId};

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ClaimRow {
    pub id: ClaimId,
    pub match_id: MatchId,
    pub tournament_id: TournamentId,
    /// The match's sides when the claim was made.
    pub a_participant_id: ParticipantId,
    pub b_participant_id: ParticipantId,
    #[sqlx(try_from = "String")]
    pub claimed_by: Side,
    pub score_a: Option<i64>,
    pub score_b: Option<i64>,
    #[sqlx(try_from = "OptionalText")]
    pub forfeit: Option<Side>,
    pub claimed_at: i64,
    pub due_at: i64,
    pub disputed_at: Option<i64>,
    pub dispute_score_a: Option<i64>,
    pub dispute_score_b: Option<i64>,
    #[sqlx(try_from = "OptionalText")]
    pub dispute_forfeit: Option<Side>,
}

impl ClaimRow {
    /// The claim as the rules read it.
    pub fn open(&self) -> Result<OpenClaim, DbError> {
        let stated = stated_of(self.score_a, self.score_b, self.forfeit)?;
        let disputed = match self.disputed_at {
            Some(_) => Some(stated_of(
                self.dispute_score_a,
                self.dispute_score_b,
                self.dispute_forfeit,
            )?),
            None => None,
        };
        Ok(OpenClaim {
            by: self.claimed_by,
            stated,
            due_at: self.due_at,
            disputed,
        })
    }

    /// The participant on `side` when the claim was made.
    pub fn participant(&self, side: Side) -> ParticipantId {
        match side {
            Side::A => self.a_participant_id,
            Side::B => self.b_participant_id,
        }
    }
}

fn stated_of(a: Option<i64>, b: Option<i64>, forfeit: Option<Side>) -> Result<Stated, DbError> {
    let score =
        |n: i64| u32::try_from(n).map_err(|_| DbError::Corrupt(format!("a claimed score of {n}")));
    let score = match (a, b) {
        (Some(a), Some(b)) => Some((score(a)?, score(b)?)),
        (None, None) => None,
        _ => return Err(DbError::Corrupt("a claim with one score".into())),
    };
    Ok(Stated { score, forfeit })
}

/// A claim about to be made.
#[derive(Debug, Clone)]
pub struct NewClaim {
    pub match_id: MatchId,
    pub tournament_id: TournamentId,
    pub a_participant_id: ParticipantId,
    pub b_participant_id: ParticipantId,
    pub claimed_by: Side,
    pub stated: Stated,
    pub claimed_at: i64,
    pub due_at: i64,
}

/// Inserts a claim. A second claim of one match is a unique violation.
pub async fn insert(conn: Conn<'_>, new: &NewClaim) -> Result<ClaimRow, DbError> {
    const SQL: &str = "INSERT INTO match_claims (match_id, tournament_id, a_participant_id, \
        b_participant_id, claimed_by, score_a, score_b, forfeit, claimed_at, due_at) \
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *";
    let (a, b) = columns(new.stated);
    Ok(on_conn!(conn, c => sqlx::query_as::<_, ClaimRow>(SQL)
        .bind(new.match_id).bind(new.tournament_id)
        .bind(new.a_participant_id).bind(new.b_participant_id)
        .bind(new.claimed_by.as_str()).bind(a).bind(b)
        .bind(new.stated.forfeit.map(Side::as_str))
        .bind(new.claimed_at).bind(new.due_at)
        .fetch_one(c).await?))
}

fn columns(stated: Stated) -> (Option<i64>, Option<i64>) {
    match stated.score {
        Some((a, b)) => (Some(i64::from(a)), Some(i64::from(b))),
        None => (None, None),
    }
}

/// Records the other side's dispute and its own result; only a pending claim changes.
pub async fn dispute(conn: Conn<'_>, id: ClaimId, stated: Stated, now: i64) -> Result<(), DbError> {
    const SQL: &str = "UPDATE match_claims SET disputed_at = $2, dispute_score_a = $3, \
        dispute_score_b = $4, dispute_forfeit = $5 WHERE id = $1 AND disputed_at IS NULL";
    let (a, b) = columns(stated);
    let affected = on_conn!(conn, c => sqlx::query(SQL)
        .bind(id).bind(now).bind(a).bind(b).bind(stated.forfeit.map(Side::as_str))
        .execute(c).await?.rows_affected());
    changed_one(affected, format_args!("disputing {id}"))
}

/// The open claim of a match, if any.
pub async fn of_match(conn: Conn<'_>, match_id: MatchId) -> Result<Option<ClaimRow>, DbError> {
    const SQL: &str = "SELECT * FROM match_claims WHERE match_id = $1";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, ClaimRow>(SQL).bind(match_id).fetch_optional(c).await?),
    )
}

/// A tournament's open claims, oldest first.
pub async fn of_tournament(
    conn: Conn<'_>,
    tournament_id: TournamentId,
) -> Result<Vec<ClaimRow>, DbError> {
    const SQL: &str = "SELECT * FROM match_claims WHERE tournament_id = $1 ORDER BY id";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, ClaimRow>(SQL).bind(tournament_id).fetch_all(c).await?),
    )
}

/// Pending claims whose window has ended by `now`, in tournaments still in play: the sweep
/// confirms them. At most `limit`, the oldest first.
pub async fn due(conn: Conn<'_>, now: i64, limit: i64) -> Result<Vec<ClaimRow>, DbError> {
    const SQL: &str = "SELECT c.* FROM match_claims c JOIN tournaments t ON t.id = c.tournament_id \
        WHERE c.disputed_at IS NULL AND c.due_at <= $1 AND t.status = 'IN_PROGRESS' \
        ORDER BY c.due_at, c.id LIMIT $2";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, ClaimRow>(SQL).bind(now).bind(limit).fetch_all(c).await?),
    )
}

pub async fn delete(conn: Conn<'_>, id: ClaimId) -> Result<(), DbError> {
    let affected = on_conn!(conn, c => sqlx::query("DELETE FROM match_claims WHERE id = $1")
        .bind(id).execute(c).await?.rows_affected());
    changed_one(affected, format_args!("closing {id}"))
}

/// Closes every claim of a tournament that a result has settled or a change made moot: its
/// match is no longer ready, or no longer has the sides it was claimed between. Returns how
/// many were closed.
pub async fn close_settled(conn: Conn<'_>, tournament_id: TournamentId) -> Result<u64, DbError> {
    const SQL: &str = "DELETE FROM match_claims WHERE tournament_id = $1 AND NOT EXISTS (\
        SELECT 1 FROM matches m WHERE m.id = match_claims.match_id AND m.status = 'ready' \
        AND m.a_participant_id = match_claims.a_participant_id \
        AND m.b_participant_id = match_claims.b_participant_id)";
    Ok(on_conn!(conn, c => sqlx::query(SQL).bind(tournament_id).execute(c).await?.rows_affected()))
}

/// Closes the claim of one match (a match removed from the bracket).
pub async fn close_of_match(conn: Conn<'_>, match_id: MatchId) -> Result<(), DbError> {
    on_conn!(conn, c => sqlx::query("DELETE FROM match_claims WHERE match_id = $1")
        .bind(match_id).execute(c).await?.rows_affected());
    Ok(())
}

/// Closes every claim of a tournament (its players no longer report).
pub async fn close_all(conn: Conn<'_>, tournament_id: TournamentId) -> Result<(), DbError> {
    on_conn!(conn, c => sqlx::query("DELETE FROM match_claims WHERE tournament_id = $1")
        .bind(tournament_id).execute(c).await?.rows_affected());
    Ok(())
}
