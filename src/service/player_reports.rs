//! Players' own reports (docs/portal.md "Reporting your match"): in a tournament whose players
//! report, either registrant of a ready match claims its result on their private page; the
//! other confirms it (the result is then recorded exactly as an organiser's report is, by
//! [`matches::report_in`]) or disputes it with their own (the match waits for an organiser,
//! whose report always wins and closes the claim). A claim nobody answers is confirmed when its
//! window ends ([`confirm_due`]: every server sweeps; the tournament's row lock lets one apply
//! it, once).
//!
//! Every operation takes the registrant's private link, holds the tournament's row before it
//! reads the match and its claim, and checks them again under it: two posts at once never
//! record a match twice, and an answer names the claim its page showed.

use super::access::Duty;
use super::audit::{self, Action};
use super::matches::{self, ReportDone, ResultInput};
use super::registrations::{Registrant, find_registrant};
use super::{Conflict, Ctx, Rule, ServiceError, Swept, find_tournament_for_update, publish};
use crate::db::claims::{self, ClaimRow, ClosedClaimRow, NewClaim};
use crate::db::matches as match_rows;
use crate::db::participants::{self, ParticipantRow};
use crate::db::spaces::SpaceRow;
use crate::db::store::Snapshot;
use crate::db::tournaments::TournamentRow;
use crate::db::{Db, DbError, Tx};
use crate::domain::engine::{self, Outcome};
use crate::domain::self_report::{Said, SelfReport, Stated, Turn, turn};
use crate::domain::{MatchStatus, ParticipantStatus, Side, TournamentStatus};
use crate::events::{
    Event, MatchDisputedData, MatchReportClosedData, MatchReportedData, StatementObject,
};
use crate::ids::{ClaimId, MatchId, ParticipantId};
use crate::{timestamp, views};

/// How the other side answers a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Confirm,
    /// With their own result.
    Dispute(Said),
}

/// What an answer did.
#[derive(Debug, Clone)]
pub enum Answered {
    /// The claim stands: the result is recorded.
    Confirmed(Box<ReportDone>),
    /// The match waits for an organiser.
    Disputed,
}

/// The registrant behind a private link, in a match of theirs: their row, their side, and the
/// tournament (its row held) with its space.
struct InMatch {
    participant: ParticipantRow,
    /// The match's sides as stored: `(a, b)`.
    sides: (ParticipantId, ParticipantId),
    side: Side,
    tournament: TournamentRow,
    space: SpaceRow,
    claim: Option<ClaimRow>,
}

/// As the audit log names a player: `player Alice (par_7)`.
fn actor(participant: &ParticipantRow) -> String {
    format!("player {} ({})", participant.name, participant.id)
}

/// The registrant of `secret` in match `id`: refused unless the tournament is in play, its
/// players report, the match is ready and the registrant plays in it (not withdrawn).
async fn in_match(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    secret: &str,
    id: MatchId,
) -> Result<InMatch, ServiceError> {
    let (participant, tournament, space) =
        find_registrant(tx, ctx, Registrant::Link(secret), Duty::Results).await?;
    if tournament.self_report() == SelfReport::Off {
        return Err(Rule::NoSelfReport {
            tournament: tournament.slug,
        }
        .into());
    }
    if tournament.status != TournamentStatus::InProgress {
        return Err(Rule::NotInPlay {
            tournament: tournament.slug,
            status: tournament.status,
        }
        .into());
    }
    let game = match_rows::find(tx.conn(), id)
        .await?
        .filter(|m| m.tournament_id == tournament.id);
    let playing = game.as_ref().and_then(|m| {
        let ready = m.status == MatchStatus::Ready
            && !m.bye
            && participant.status == ParticipantStatus::Active;
        let (a, b) = (m.a_participant_id?, m.b_participant_id?);
        match ready {
            true if a == participant.id => Some((Side::A, (a, b))),
            true if b == participant.id => Some((Side::B, (a, b))),
            _ => None,
        }
    });
    let Some((side, sides)) = playing else {
        return Err(Rule::NotYourMatch { id }.into());
    };
    let claim = claims::of_match(tx.conn(), id).await?;
    Ok(InMatch {
        participant,
        sides,
        side,
        tournament,
        space,
        claim,
    })
}

/// A registrant claims the result of their ready match (`said`: their score first). Refused
/// if the match already has a claim (the page is stale), or the engine would refuse the result.
pub async fn claim(
    db: &Db,
    ctx: &Ctx<'_>,
    secret: &str,
    id: MatchId,
    said: Said,
) -> Result<ClaimRow, ServiceError> {
    let mut tx = db.begin().await?;
    let found = in_match(&mut tx, ctx, secret, id).await?;
    if found.claim.is_some() {
        return Err(Conflict::ClaimChanged { id }.into());
    }
    let stated = said.on(found.side);
    check_result(&mut tx, &found.tournament, id, stated).await?;
    let SelfReport::Confirm { within_ms } = found.tournament.self_report() else {
        return Err(Rule::NoSelfReport {
            tournament: found.tournament.slug,
        }
        .into());
    };
    let (a, b) = found.sides;
    let claim = claims::insert(
        tx.conn(),
        &NewClaim {
            match_id: id,
            tournament_id: found.tournament.id,
            a_participant_id: a,
            b_participant_id: b,
            claimed_by: found.side,
            stated,
            claimed_at: ctx.now,
            due_at: ctx.now.saturating_add(within_ms),
        },
    )
    .await
    .map_err(|e| match e.is_unique_violation() {
        true => ServiceError::Conflict(Conflict::ClaimChanged { id }),
        false => e.into(),
    })?;
    let player = actor(&found.participant);
    let ctx = Ctx {
        actor: &player,
        ..*ctx
    };
    let event = Event::MatchReported(MatchReportedData {
        tournament: publish::tournament(&ctx, &found.tournament, &found.space),
        game: match_object(&mut tx, &found.tournament, id).await?,
        report: statement(&found.participant, stated, ctx.now),
        confirm_by: timestamp::format_ms(claim.due_at),
    });
    publish::to_subscribers(&mut tx, &ctx, &found.space, &event).await?;
    audit::record(
        &mut tx,
        &ctx,
        Some(found.space.id),
        Action::MatchClaimed,
        Some(&found.tournament.id),
        Some(&format!("{id}: {}", describe(stated))),
    )
    .await?;
    tx.commit().await?;
    Ok(claim)
}

/// The other side answers claim `seen` (the one their page showed) of match `id`: confirmed,
/// the result is recorded; disputed, the match waits for an organiser with both results.
pub async fn answer(
    db: &Db,
    ctx: &Ctx<'_>,
    secret: &str,
    id: MatchId,
    seen: ClaimId,
    answer: Answer,
) -> Result<Answered, ServiceError> {
    let mut tx = db.begin().await?;
    let found = in_match(&mut tx, ctx, secret, id).await?;
    // The claim the page showed, made between this match's sides as they are now.
    let Some(claim) = found
        .claim
        .filter(|c| c.id == seen && (c.a_participant_id, c.b_participant_id) == found.sides)
    else {
        return Err(Conflict::ClaimChanged { id }.into());
    };
    let open = claim.open()?;
    match turn(found.side, Some(&open), ctx.now) {
        Turn::Answer { .. } => {}
        Turn::Disputed => return Err(Rule::Disputed { id }.into()),
        Turn::Waiting { .. } if open.by == found.side => {
            return Err(Rule::OwnClaim { id }.into());
        }
        Turn::Waiting { .. } | Turn::Claim => return Err(Rule::AnswerTooLate { id }.into()),
    }
    let player = actor(&found.participant);
    let ctx = Ctx {
        actor: &player,
        ..*ctx
    };
    let answered = match answer {
        Answer::Confirm => {
            let input = ResultInput::Sides {
                score: open.stated.score,
                forfeit: open.stated.forfeit,
            };
            let detail = format!(
                "confirmed the report of {}",
                claimant(&claim, &mut tx).await?
            );
            let done = matches::report_in(
                &mut tx,
                &ctx,
                found.tournament,
                &found.space,
                id,
                &input,
                Some(&detail),
            )
            .await?;
            Answered::Confirmed(Box::new(done))
        }
        Answer::Dispute(said) => {
            let stated = said.on(found.side);
            check_result(&mut tx, &found.tournament, id, stated).await?;
            claims::dispute(tx.conn(), claim.id, stated, ctx.now).await?;
            let claimed_by = participants::find(tx.conn(), claim.participant(open.by))
                .await?
                .ok_or_else(|| {
                    DbError::Bug(format!("the claimant of {} is not stored", claim.id).into())
                })?;
            let event = Event::MatchDisputed(MatchDisputedData {
                tournament: publish::tournament(&ctx, &found.tournament, &found.space),
                game: match_object(&mut tx, &found.tournament, id).await?,
                report: statement(&claimed_by, open.stated, claim.claimed_at),
                dispute: statement(&found.participant, stated, ctx.now),
            });
            publish::to_subscribers(&mut tx, &ctx, &found.space, &event).await?;
            audit::record(
                &mut tx,
                &ctx,
                Some(found.space.id),
                Action::MatchClaimDisputed,
                Some(&found.tournament.id),
                Some(&format!("{id}: {}", describe(stated))),
            )
            .await?;
            Answered::Disputed
        }
    };
    tx.commit().await?;
    Ok(answered)
}

/// How many due claims one sweep confirms at most; the next sweep takes the rest.
const SWEEP_BATCH: i64 = 100;

/// Confirms every pending claim whose window has ended by `ctx.now`, each in its own
/// transaction under its tournament's row, read again there (another server may have confirmed
/// it, or an organiser reported, since). A claim that fails (the engine refuses it, a row does
/// not read) is set aside in [`Swept::failed`] and the sweep goes on with the next: one bad
/// claim never holds up the others. Only reading the due claims can fail the whole sweep.
/// Returns the matches recorded, with their tournaments.
pub async fn confirm_due(
    db: &Db,
    ctx: &Ctx<'_>,
) -> Result<Swept<(String, MatchId), ClaimId>, ServiceError> {
    let due = {
        let mut handle = db.acquire().await?;
        claims::due(handle.conn(), ctx.now, SWEEP_BATCH).await?
    };
    let mut swept = Swept::default();
    for seen in due {
        swept.record(seen.id, confirm_one(db, ctx, &seen).await);
    }
    Ok(swept)
}

/// Confirms one due claim in a transaction of its own, if it still stands: `None` when another
/// server or an organiser settled it first. A claim whose match no longer is ready between its
/// sides is never applied: the bracket's write closes it, announced (`announce_closed`).
async fn confirm_one(
    db: &Db,
    ctx: &Ctx<'_>,
    seen: &ClaimRow,
) -> Result<Option<(String, MatchId)>, ServiceError> {
    let mut tx = db.begin().await?;
    let Some(tournament) = crate::db::tournaments::find(tx.conn(), seen.tournament_id).await?
    else {
        return Ok(None);
    };
    let (tournament, space) =
        find_tournament_for_update(tx.conn(), ctx, &tournament.slug, Duty::Results).await?;
    let Some(claim) = claims::of_match(tx.conn(), seen.match_id)
        .await?
        .filter(|c| c.id == seen.id && c.disputed_at.is_none() && c.due_at <= ctx.now)
    else {
        return Ok(None);
    };
    if tournament.status != TournamentStatus::InProgress {
        return Ok(None);
    }
    let game = match_rows::find(tx.conn(), claim.match_id).await?;
    let same_sides = game.is_some_and(|m| {
        m.status == MatchStatus::Ready
            && m.a_participant_id == Some(claim.a_participant_id)
            && m.b_participant_id == Some(claim.b_participant_id)
    });
    if !same_sides {
        // Made moot by a write that did not close it: close it now, said as any other.
        let closed = claims::close_stale(tx.conn(), tournament.id, ctx.now).await?;
        announce_closed(&mut tx, ctx, &tournament, &space, &closed, &[]).await?;
        tx.commit().await?;
        return Ok(None);
    }
    let open = claim.open()?;
    let input = ResultInput::Sides {
        score: open.stated.score,
        forfeit: open.stated.forfeit,
    };
    let detail = format!(
        "the report of {} stood unanswered",
        claimant(&claim, &mut tx).await?
    );
    let slug = tournament.slug.clone();
    matches::report_in(
        &mut tx,
        ctx,
        tournament,
        &space,
        claim.match_id,
        &input,
        Some(&detail),
    )
    .await?;
    tx.commit().await?;
    Ok(Some((slug, claim.match_id)))
}

/// Announces the claims a write of `tournament`'s bracket closed without their result standing
/// (`db::store::Saved::closed`): a `match.report_closed` for each, with the claim and its
/// dispute as they were, and an audit entry naming the claimant and why. `removed` holds the
/// matches the write deleted, as they were before it (a closed claim's match may be among them).
pub(super) async fn announce_closed(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    tournament: &TournamentRow,
    space: &SpaceRow,
    closed: &[ClosedClaimRow],
    removed: &[crate::events::MatchObject],
) -> Result<(), ServiceError> {
    for closed in closed {
        let claim = &closed.claim;
        let game = match removed.iter().find(|g| g.id == claim.match_id) {
            Some(game) => game.clone(),
            None => match_object(tx, tournament, claim.match_id).await?,
        };
        let open = claim.open()?;
        let claimant = participants::find(tx.conn(), claim.participant(open.by))
            .await?
            .ok_or_else(|| {
                DbError::Bug(format!("the claimant of {} is not stored", claim.id).into())
            })?;
        let dispute = match open.disputed {
            Some(stated) => {
                let other = claim.participant(crate::domain::self_report::other(open.by));
                let disputer = participants::find(tx.conn(), other).await?.ok_or_else(|| {
                    DbError::Bug(format!("the disputer of {} is not stored", claim.id).into())
                })?;
                Some(statement(
                    &disputer,
                    stated,
                    claim.disputed_at.unwrap_or(claim.claimed_at),
                ))
            }
            None => None,
        };
        let event = Event::MatchReportClosed(MatchReportClosedData {
            tournament: publish::tournament(ctx, tournament, space),
            game,
            report: statement(&claimant, open.stated, claim.claimed_at),
            dispute,
            reason: closed.reason,
        });
        publish::to_subscribers(tx, ctx, space, &event).await?;
        let detail = format!(
            "{}: the report of {} ({}) closed: {}",
            claim.match_id,
            actor(&claimant),
            describe(open.stated),
            closed.reason
        );
        audit::record(
            tx,
            ctx,
            Some(space.id),
            Action::MatchClaimClosed,
            Some(&tournament.id),
            Some(&detail),
        )
        .await?;
    }
    Ok(())
}

/// Refuses a stated result the engine would refuse (a draw where there can be none, no score
/// and no forfeit), so that no claim is made that could not be confirmed.
async fn check_result(
    tx: &mut Tx,
    tournament: &TournamentRow,
    id: MatchId,
    stated: Stated,
) -> Result<(), ServiceError> {
    let snapshot = Snapshot::load(tx.conn(), tournament.clone()).await?;
    let index = snapshot.index_of(id).ok_or(Rule::NotYourMatch { id })?;
    let mut state = snapshot.state.clone();
    let outcome = Outcome::Score {
        score: stated.score,
        forfeit: stated.forfeit,
    };
    engine::report(&mut state, index, &outcome).map_err(|error| Rule::Match { id, error })?;
    Ok(())
}

/// Who made `claim`, as the audit log names them.
async fn claimant(claim: &ClaimRow, tx: &mut Tx) -> Result<String, ServiceError> {
    let id = claim.participant(claim.claimed_by);
    Ok(match participants::find(tx.conn(), id).await? {
        Some(p) => actor(&p),
        None => id.to_string(),
    })
}

/// `2-1`, `forfeit by a`, or both.
fn describe(stated: Stated) -> String {
    let score = stated.score.map(|(a, b)| format!("{a}-{b}"));
    let forfeit = stated.forfeit.map(|side| format!("forfeit by {side}"));
    match (score, forfeit) {
        (Some(s), Some(f)) => format!("{s}, {f}"),
        (Some(s), None) => s,
        (None, Some(f)) => f,
        (None, None) => "no result".to_owned(),
    }
}

fn statement(who: &ParticipantRow, stated: Stated, at: i64) -> StatementObject {
    StatementObject {
        participant_id: who.id,
        name: who.name.clone(),
        score_a: stated.score.map(|(a, _)| i64::from(a)),
        score_b: stated.score.map(|(_, b)| i64::from(b)),
        forfeit: stated.forfeit,
        at: timestamp::format_ms(at),
    }
}

async fn match_object(
    tx: &mut Tx,
    tournament: &TournamentRow,
    id: MatchId,
) -> Result<crate::events::MatchObject, ServiceError> {
    let field = participants::list(tx.conn(), tournament.id).await?;
    let names = field.into_iter().map(|p| (p.id, p.name)).collect();
    views::tournament_match(tx.conn(), tournament, id, &names)
        .await?
        .ok_or_else(|| {
            DbError::Bug(format!("{id} is not stored though it was just claimed").into()).into()
        })
}
