//! The events operations cause, built from the rows they wrote and appended to the outbox in the
//! operation's transaction: one builder per event, whoever causes it (a command, the portal, an
//! import).

use super::Ctx;
use crate::db::outbox::{self, Audience};
use crate::db::participants::ParticipantRow;
use crate::db::spaces::SpaceRow;
use crate::db::tournaments::TournamentRow;
use crate::db::{DbError, Tx};
use crate::domain::TournamentStatus;
use crate::events::{Event, RegistrationData, StatusChangedData, TournamentObject};
use crate::ids::EventId;
use crate::views::objects;

/// The tournament as its events show it, with the portal link in the space's language.
pub(super) fn tournament(
    ctx: &Ctx<'_>,
    tournament: &TournamentRow,
    space: &SpaceRow,
) -> TournamentObject {
    objects::tournament(tournament, space.locale, ctx.base_url)
}

/// Appends `event` for every subscribed active address of the space.
pub(super) async fn to_subscribers(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    space: &SpaceRow,
    event: &Event,
) -> Result<EventId, DbError> {
    outbox::append(tx.conn(), space.id, event, Audience::Subscribers, ctx.now).await
}

/// `tournament.status_changed`, for `tournament` as it is after the move.
pub(super) fn status_changed(
    ctx: &Ctx<'_>,
    tournament: &TournamentRow,
    space: &SpaceRow,
    previous_status: TournamentStatus,
) -> Event {
    Event::TournamentStatusChanged(StatusChangedData {
        tournament: self::tournament(ctx, tournament, space),
        previous_status,
    })
}

fn registration_data(
    ctx: &Ctx<'_>,
    tournament: &TournamentRow,
    space: &SpaceRow,
    participant: &ParticipantRow,
) -> Result<RegistrationData, DbError> {
    Ok(RegistrationData {
        tournament: self::tournament(ctx, tournament, space),
        registration: objects::registration(participant)?,
    })
}

/// `registration.created`.
pub(super) fn registration_created(
    ctx: &Ctx<'_>,
    tournament: &TournamentRow,
    space: &SpaceRow,
    participant: &ParticipantRow,
) -> Result<Event, DbError> {
    Ok(Event::RegistrationCreated(registration_data(
        ctx,
        tournament,
        space,
        participant,
    )?))
}

/// `registration.withdrawn`, for the participant as withdrawn.
pub(super) fn registration_withdrawn(
    ctx: &Ctx<'_>,
    tournament: &TournamentRow,
    space: &SpaceRow,
    participant: &ParticipantRow,
) -> Result<Event, DbError> {
    Ok(Event::RegistrationWithdrawn(registration_data(
        ctx,
        tournament,
        space,
        participant,
    )?))
}

/// `registration.checked_in`, for the participant as checked in.
pub(super) fn registration_checked_in(
    ctx: &Ctx<'_>,
    tournament: &TournamentRow,
    space: &SpaceRow,
    participant: &ParticipantRow,
) -> Result<Event, DbError> {
    Ok(Event::RegistrationCheckedIn(registration_data(
        ctx,
        tournament,
        space,
        participant,
    )?))
}

/// `registration.promoted`, for the participant as moved from the waiting list into the field.
/// `registration.not_admitted`, for a participant still waiting at the start.
pub(super) fn registration_not_admitted(
    ctx: &Ctx<'_>,
    tournament: &TournamentRow,
    space: &SpaceRow,
    participant: &ParticipantRow,
) -> Result<Event, DbError> {
    Ok(Event::RegistrationNotAdmitted(registration_data(
        ctx,
        tournament,
        space,
        participant,
    )?))
}

pub(super) fn registration_promoted(
    ctx: &Ctx<'_>,
    tournament: &TournamentRow,
    space: &SpaceRow,
    participant: &ParticipantRow,
) -> Result<Event, DbError> {
    Ok(Event::RegistrationPromoted(registration_data(
        ctx,
        tournament,
        space,
        participant,
    )?))
}
