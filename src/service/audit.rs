//! The audit log's one writer: which actions there are, and the entry each operation records in
//! its own transaction. An entry never holds a secret (keys, webhook secrets, withdrawal links) or
//! a player's email address.

use std::fmt::Display;

use super::Ctx;
use crate::db::{DbError, Tx, audit};
use crate::ids::SpaceId;

/// Every action the audit log records, with its one spelling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    SpaceCreated,
    KeyCreated,
    KeyRevoked,
    TournamentCreated,
    TournamentStatusChanged,
    RegistrationCreated,
    RegistrationWithdrawn,
    MatchReported,
    MatchCorrected,
    HookCreated,
    HookRemoved,
    HookSecretRotated,
    HookPinged,
    DeliveryRetried,
    Import,
}

impl Action {
    pub const fn as_str(self) -> &'static str {
        match self {
            Action::SpaceCreated => "space.created",
            Action::KeyCreated => "api_key.created",
            Action::KeyRevoked => "api_key.revoked",
            Action::TournamentCreated => "tournament.created",
            Action::TournamentStatusChanged => "tournament.status_changed",
            Action::RegistrationCreated => "registration.created",
            Action::RegistrationWithdrawn => "registration.withdrawn",
            Action::MatchReported => "match.reported",
            Action::MatchCorrected => "match.corrected",
            Action::HookCreated => "hook.created",
            Action::HookRemoved => "hook.removed",
            Action::HookSecretRotated => "hook.secret_rotated",
            Action::HookPinged => "hook.pinged",
            Action::DeliveryRetried => "delivery.retried",
            Action::Import => "import",
        }
    }
}

/// Records `action` by the context's actor on `target` (an id), with `details` (never a secret).
pub(super) async fn record(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    space: Option<SpaceId>,
    action: Action,
    target: Option<&(dyn Display + Sync)>,
    details: Option<&str>,
) -> Result<(), DbError> {
    let target = target.map(ToString::to_string);
    let entry = audit::Entry {
        space_id: space,
        actor: ctx.actor,
        action: action.as_str(),
        target: target.as_deref(),
        details,
        now: ctx.now,
    };
    audit::record(tx.conn(), &entry).await
}
