//! The waiting list of a full tournament: whenever a place of the field frees before the start
//! (a withdrawal, a no-show removed, a larger capacity), the first in line takes it, in the order
//! they joined; at the start, those still waiting are not admitted. Runs inside the operation
//! that freed the place (or started the tournament), with the tournament's row held, so a place
//! goes to one person once. It never takes anyone into a field that is full.

use super::audit::{self, Action};
use super::{Ctx, ServiceError, publish};
use crate::db::participants::{self, ParticipantRow};
use crate::db::spaces::SpaceRow;
use crate::db::tournaments::TournamentRow;
use crate::db::{DbError, Tx, tournaments};
use crate::domain::TournamentStatus;
use crate::ids::TournamentId;

/// Closes the list at the start: everyone still waiting is `not_admitted`, each told by
/// `registration.not_admitted` and the audit log. Returns who was not admitted.
pub(super) async fn close(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    tournament: &TournamentRow,
    space: &SpaceRow,
) -> Result<Vec<ParticipantRow>, ServiceError> {
    let mut left_out = Vec::new();
    for waiting in participants::waiting(tx.conn(), tournament.id).await? {
        let participant = participants::not_admitted(tx.conn(), waiting.id).await?;
        let event = publish::registration_not_admitted(ctx, tournament, space, &participant)?;
        publish::to_subscribers(tx, ctx, space, &event).await?;
        audit::record(
            tx,
            ctx,
            Some(space.id),
            Action::RegistrationNotAdmitted,
            Some(&tournament.id),
            Some(&participant.id.to_string()),
        )
        .await?;
        left_out.push(participant);
    }
    Ok(left_out)
}

/// Gives the field's free places to those waiting, first in line first; once the check-in has
/// closed, only to those who checked in (anyone else would be a no-show). Returns who moved up.
pub(super) async fn fill(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    tournament_id: TournamentId,
    space: &SpaceRow,
) -> Result<Vec<ParticipantRow>, ServiceError> {
    let tournament = tournaments::find(tx.conn(), tournament_id)
        .await?
        .ok_or_else(|| {
            DbError::Bug(format!("{tournament_id} is not stored though its row is held").into())
        })?;
    let before_start = matches!(
        tournament.status,
        TournamentStatus::Draft
            | TournamentStatus::Announced
            | TournamentStatus::RegistrationOpen
            | TournamentStatus::RegistrationClosed
    );
    let free = usize::try_from(tournament.max_participants - tournament.field_size).unwrap_or(0);
    if !before_start || free == 0 || tournament.waiting_list.is_none() {
        return Ok(Vec::new());
    }
    let only_checked_in = tournament.check_in_processed_at.is_some();
    let next: Vec<ParticipantRow> = participants::waiting(tx.conn(), tournament.id)
        .await?
        .into_iter()
        .filter(|p| !only_checked_in || p.checked_in_at.is_some())
        .take(free)
        .collect();
    let mut promoted = Vec::with_capacity(next.len());
    for waiting in next {
        let participant = participants::promote(tx.conn(), waiting.id).await?;
        let event = publish::registration_promoted(ctx, &tournament, space, &participant)?;
        publish::to_subscribers(tx, ctx, space, &event).await?;
        audit::record(
            tx,
            ctx,
            Some(space.id),
            Action::RegistrationPromoted,
            Some(&tournament.id),
            Some(&participant.id.to_string()),
        )
        .await?;
        promoted.push(participant);
    }
    if !promoted.is_empty() {
        tournaments::touch(tx.conn(), tournament.id, ctx.now).await?;
    }
    Ok(promoted)
}
