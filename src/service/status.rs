//! A tournament's status move, written once for every operation that makes one (an organiser's
//! move, the start, the last result, a check-in's close): the new status, its
//! `tournament.status_changed` event and its audit entry, inside the caller's transaction (a
//! cancelled tournament's calls taken back with it). It checks no rule: the caller decides that
//! the move is allowed.

use super::audit::{self, Action};
use super::{Ctx, ServiceError, publish};
use crate::db::spaces::SpaceRow;
use crate::db::tournaments::{self, TournamentRow};
use crate::db::{Tx, matches};
use crate::domain::TournamentStatus;

/// Writes a status move with its `tournament.status_changed` event and audit entry; returns the
/// previous status.
pub(super) async fn change_status(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    space: &SpaceRow,
    mut tournament: TournamentRow,
    to: TournamentStatus,
) -> Result<TournamentStatus, ServiceError> {
    let previous = tournament.status;
    tournaments::set_status(tx.conn(), tournament.id, to, ctx.now).await?;
    if to == TournamentStatus::Cancelled {
        // A cancelled tournament's stations are free for the others of the space.
        matches::uncall_all(tx.conn(), tournament.id, ctx.now).await?;
    }
    tournament.status = to;
    let event = publish::status_changed(ctx, &tournament, space, previous);
    publish::to_subscribers(tx, ctx, space, &event).await?;
    let details = format!("{previous} -> {to}");
    audit::record(
        tx,
        ctx,
        Some(space.id),
        Action::TournamentStatusChanged,
        Some(&tournament.id),
        Some(&details),
    )
    .await?;
    Ok(previous)
}
