//! The `match_claims` table: players' open claims of their matches' results, one per match at
//! most, from the claim until a result stands (then the row is deleted; the audit log keeps
//! what happened); and `closed_claims`, where a claim goes when a write made it moot instead
//! (its match's sides changed, the match was removed, players stopped reporting). Stores and
//! reads; the rules are `domain::self_report`'s and the service's.

use super::{Conn, DbError, OptionalText, changed_one, on_conn};
use crate::domain::self_report::{OpenClaim, Stated};
use crate::domain::{ClaimEnd, Side};
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

/// A claim that ended without its result standing, as `closed_claims` keeps it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ClosedClaimRow {
    #[sqlx(flatten)]
    pub claim: ClaimRow,
    pub closed_at: i64,
    #[sqlx(try_from = "String")]
    pub reason: ClaimEnd,
}

/// Ends every claim of a tournament that its latest write settled or made moot, in that write: a
/// claim whose match now has a result is deleted (the result stands; the audit log keeps the
/// claim); one whose match is no longer ready between its sides moves to `closed_claims`
/// ([`ClaimEnd::SidesChanged`]) and is returned, so the caller announces its end.
pub async fn close_stale(
    mut conn: Conn<'_>,
    tournament_id: TournamentId,
    now: i64,
) -> Result<Vec<ClosedClaimRow>, DbError> {
    const SETTLED: &str = "DELETE FROM match_claims WHERE tournament_id = $1 AND EXISTS (\
        SELECT 1 FROM matches m WHERE m.id = match_claims.match_id AND m.status = 'completed')";
    on_conn!(conn.reborrow(), c => sqlx::query(SETTLED).bind(tournament_id).execute(c).await?.rows_affected());
    const STALE: &str = "SELECT * FROM match_claims WHERE tournament_id = $1 AND NOT EXISTS (\
        SELECT 1 FROM matches m WHERE m.id = match_claims.match_id \
        AND m.status IN ('ready', 'in_progress') \
        AND m.a_participant_id = match_claims.a_participant_id \
        AND m.b_participant_id = match_claims.b_participant_id) ORDER BY id";
    let stale = on_conn!(conn.reborrow(), c => sqlx::query_as::<_, ClaimRow>(STALE)
        .bind(tournament_id).fetch_all(c).await?);
    let mut closed = Vec::with_capacity(stale.len());
    for claim in stale {
        closed.push(move_to_closed(conn.reborrow(), claim, now, ClaimEnd::SidesChanged).await?);
    }
    Ok(closed)
}

/// Moves the claim of a match about to be removed to `closed_claims`, and returns it.
pub async fn close_of_match(
    mut conn: Conn<'_>,
    match_id: MatchId,
    now: i64,
) -> Result<Option<ClosedClaimRow>, DbError> {
    match of_match(conn.reborrow(), match_id).await? {
        Some(claim) => Ok(Some(
            move_to_closed(conn, claim, now, ClaimEnd::MatchRemoved).await?,
        )),
        None => Ok(None),
    }
}

/// Moves every open claim of a tournament to `closed_claims` (its players no longer report),
/// and returns them.
pub async fn close_all(
    mut conn: Conn<'_>,
    tournament_id: TournamentId,
    now: i64,
) -> Result<Vec<ClosedClaimRow>, DbError> {
    let open = of_tournament(conn.reborrow(), tournament_id).await?;
    let mut closed = Vec::with_capacity(open.len());
    for claim in open {
        closed.push(move_to_closed(conn.reborrow(), claim, now, ClaimEnd::ReportsOff).await?);
    }
    Ok(closed)
}

async fn move_to_closed(
    mut conn: Conn<'_>,
    claim: ClaimRow,
    now: i64,
    reason: ClaimEnd,
) -> Result<ClosedClaimRow, DbError> {
    let id = claim.id;
    const COPY: &str = "INSERT INTO closed_claims (id, match_id, tournament_id, a_participant_id, \
        b_participant_id, claimed_by, score_a, score_b, forfeit, claimed_at, due_at, disputed_at, \
        dispute_score_a, dispute_score_b, dispute_forfeit, closed_at, reason) \
        SELECT id, match_id, tournament_id, a_participant_id, b_participant_id, claimed_by, \
        score_a, score_b, forfeit, claimed_at, due_at, disputed_at, dispute_score_a, \
        dispute_score_b, dispute_forfeit, $2, $3 FROM match_claims WHERE id = $1";
    let copied = on_conn!(conn.reborrow(), c => sqlx::query(COPY)
        .bind(id).bind(now).bind(reason.as_str()).execute(c).await?.rows_affected());
    changed_one(copied, format_args!("closing {id}"))?;
    delete(conn, id).await?;
    Ok(ClosedClaimRow {
        claim,
        closed_at: now,
        reason,
    })
}

/// The claims of a tournament that ended without their result standing and in which
/// `participant` was a side, newest first, at most `limit`.
pub async fn closed_for(
    conn: Conn<'_>,
    tournament_id: TournamentId,
    participant: ParticipantId,
    limit: i64,
) -> Result<Vec<ClosedClaimRow>, DbError> {
    const SQL: &str = "SELECT * FROM closed_claims WHERE tournament_id = $1 \
        AND (a_participant_id = $2 OR b_participant_id = $2) ORDER BY closed_at DESC, id DESC LIMIT $3";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, ClosedClaimRow>(SQL)
        .bind(tournament_id).bind(participant).bind(limit).fetch_all(c).await?))
}
