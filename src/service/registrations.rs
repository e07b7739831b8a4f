//! Registrations: a participant joining a tournament's field while registration is open, and
//! withdrawing before the tournament starts.

use super::audit::{self, Action};
use super::spaces::one_line;
use super::{Conflict, Ctx, Field, Missing, Rule, ServiceError, find_tournament, publish};
use crate::db::participants::{self, NewParticipant, ParticipantRow};
use crate::db::{Db, tournaments};
use crate::domain::names::NAME_MAX_CHARS;
use crate::domain::{ParticipantStatus, TournamentStatus};
use crate::ids::ParticipantId;

/// Registers `name` while registration is open and there is room.
pub async fn register(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    name: &str,
) -> Result<ParticipantRow, ServiceError> {
    let name = one_line(Field::ParticipantName, name, NAME_MAX_CHARS)?;
    let mut tx = db.begin().await?;
    let (tournament, space) = find_tournament(tx.conn(), slug).await?;
    if tournament.status != TournamentStatus::RegistrationOpen {
        return Err(Rule::RegistrationClosed {
            tournament: tournament.slug,
            status: tournament.status,
        }
        .into());
    }
    let already = || Conflict::AlreadyRegistered {
        tournament: tournament.slug.clone(),
        name: name.to_owned(),
    };
    if participants::find_in_field(tx.conn(), tournament.id, name)
        .await?
        .is_some()
    {
        return Err(already().into());
    }
    let taken = participants::count_in_field(tx.conn(), tournament.id).await?;
    if taken >= tournament.max_participants {
        return Err(Conflict::Full {
            taken,
            max: tournament.max_participants,
        }
        .into());
    }
    let new = NewParticipant {
        tournament_id: tournament.id,
        name,
        seed: None,
        place: None,
        place_to: None,
        status: ParticipantStatus::Active,
        registered_at: ctx.now,
        withdrawn_at: None,
    };
    let participant = match participants::insert(tx.conn(), &new).await {
        Ok(row) => row,
        Err(e) if e.is_unique_violation() => return Err(already().into()),
        Err(e) => return Err(e.into()),
    };
    let event = publish::registration_created(ctx, &tournament, &space, &participant);
    publish::to_subscribers(&mut tx, ctx, &space, &event).await?;
    tournaments::touch(tx.conn(), tournament.id, ctx.now).await?;
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::RegistrationCreated,
        Some(&tournament.id),
        Some(&participant.id.to_string()),
    )
    .await?;
    tx.commit().await?;
    Ok(participant)
}

/// Withdraws a registration, named by the participant's name or id (`par_7`), before the
/// tournament starts.
pub async fn withdraw(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    who: &str,
) -> Result<ParticipantRow, ServiceError> {
    let mut tx = db.begin().await?;
    let (tournament, space) = find_tournament(tx.conn(), slug).await?;
    if matches!(
        tournament.status,
        TournamentStatus::InProgress | TournamentStatus::Completed | TournamentStatus::Cancelled
    ) {
        return Err(Rule::WithdrawalClosed {
            status: tournament.status,
        }
        .into());
    }
    let by_id = match ParticipantId::parse_prefixed(who) {
        Some(id) => participants::find(tx.conn(), id).await?.filter(|p| {
            p.tournament_id == tournament.id && p.status != ParticipantStatus::Withdrawn
        }),
        None => None,
    };
    let participant = match by_id {
        Some(p) => p,
        None => participants::find_in_field(tx.conn(), tournament.id, who.trim())
            .await?
            .ok_or_else(|| Missing::Registration {
                tournament: tournament.slug.clone(),
                who: who.to_owned(),
            })?,
    };
    let withdrawn = participants::withdraw(tx.conn(), participant.id, ctx.now).await?;
    let event = publish::registration_withdrawn(ctx, &tournament, &space, &withdrawn);
    publish::to_subscribers(&mut tx, ctx, &space, &event).await?;
    tournaments::touch(tx.conn(), tournament.id, ctx.now).await?;
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::RegistrationWithdrawn,
        Some(&tournament.id),
        Some(&withdrawn.id.to_string()),
    )
    .await?;
    tx.commit().await?;
    Ok(withdrawn)
}
