//! The audit log's one writer: which actions there are, and the entry each operation records in
//! its own transaction. An entry never holds a secret (keys, webhook secrets, withdrawal links) or
//! a player's email address.

use std::fmt::Display;

use super::Ctx;
use crate::db::{DbError, Tx, audit};
use crate::ids::SpaceId;

pub use crate::domain::AuditAction as Action;

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
