//! API keys: creating (the key is returned once and stored only as its hash), revoking, and
//! rolling (a new key, with the old one working for a grace).

use super::access::Duty;
use super::audit::{self, Action};
use super::spaces::one_line;
use super::{Conflict, Ctx, Field, Invalid, Missing, ServiceError, admit, find_space_as};
use crate::api_keys;
use crate::db::{Conn, Db, api_keys as key_rows, spaces};
use crate::domain::names::NAME_MAX_CHARS;
use crate::ids::{KeyId, SpaceId};

/// A key just created: its id, and the key itself, to be shown once and never again.
pub struct Created {
    pub id: KeyId,
    pub key: String,
}

/// Creates a key for the space `space`, at most [`api_keys::MAX_ACTIVE_PER_SPACE`] active.
pub async fn create(
    db: &Db,
    ctx: &Ctx<'_>,
    space: &str,
    label: Option<&str>,
) -> Result<Created, ServiceError> {
    let label = label
        .map(|l| one_line(Field::KeyLabel, l, NAME_MAX_CHARS))
        .transpose()?;
    let mut tx = db.begin().await?;
    let row = find_space_as(tx.conn(), ctx, space, Duty::Integrations).await?;
    spaces::lock(tx.conn(), row.id).await?;
    let active = key_rows::count_active(tx.conn(), row.id).await?;
    if active >= api_keys::MAX_ACTIVE_PER_SPACE {
        return Err(Conflict::TooManyKeys {
            space: row.slug,
            active,
        }
        .into());
    }
    let key = api_keys::generate().map_err(|source| ServiceError::NoRandomness {
        what: "a key",
        source,
    })?;
    let stored = key_rows::insert(
        tx.conn(),
        row.id,
        label,
        &key.shown,
        &key.hash,
        ctx.actor,
        ctx.now,
    )
    .await?;
    audit::record(
        &mut tx,
        ctx,
        Some(row.id),
        Action::KeyCreated,
        Some(&stored.id),
        label,
    )
    .await?;
    tx.commit().await?;
    Ok(Created {
        id: stored.id,
        key: key.plaintext,
    })
}

/// Revokes a key (of the space `space`, when given: another space's key is [`Missing::Key`]).
pub async fn revoke(
    db: &Db,
    ctx: &Ctx<'_>,
    id: KeyId,
    space: Option<SpaceId>,
) -> Result<(), ServiceError> {
    let mut tx = db.begin().await?;
    let key = find_in(tx.conn(), ctx, id, space).await?;
    if !key.works_at(ctx.now) {
        return Err(Conflict::KeyRevoked { id: key.id }.into());
    }
    key_rows::revoke(tx.conn(), key.id, ctx.now).await?;
    audit::record(
        &mut tx,
        ctx,
        Some(key.space_id),
        Action::KeyRevoked,
        Some(&key.id),
        None,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// The longest grace a rolled key may keep working.
pub const MAX_GRACE_MS: i64 = 30 * 86_400_000;

/// Rolls a key: a new key for the same space with the same name, returned once; the old key
/// keeps working for `grace_ms` (0: it stops now). A key already rolled is refused (its
/// replacement is the one to roll).
pub async fn roll(
    db: &Db,
    ctx: &Ctx<'_>,
    id: KeyId,
    space: Option<SpaceId>,
    grace_ms: i64,
) -> Result<Created, ServiceError> {
    if !(0..=MAX_GRACE_MS).contains(&grace_ms) {
        return Err(Invalid::Field {
            field: Field::Grace,
            reason: "must be between now and 30 days".into(),
        }
        .into());
    }
    let key = api_keys::generate().map_err(|source| ServiceError::NoRandomness {
        what: "a key",
        source,
    })?;
    let mut tx = db.begin().await?;
    let old = find_in(tx.conn(), ctx, id, space).await?;
    if !old.works_at(ctx.now) {
        return Err(Conflict::KeyRevoked { id: old.id }.into());
    }
    if old.expires_at.is_some() {
        return Err(Conflict::KeyRolled { id: old.id }.into());
    }
    spaces::lock(tx.conn(), old.space_id).await?;
    if grace_ms == 0 {
        key_rows::revoke(tx.conn(), old.id, ctx.now).await?;
    } else {
        key_rows::set_expiry(tx.conn(), old.id, ctx.now.saturating_add(grace_ms)).await?;
    }
    let stored = key_rows::insert(
        tx.conn(),
        old.space_id,
        old.name.as_deref(),
        &key.shown,
        &key.hash,
        ctx.actor,
        ctx.now,
    )
    .await?;
    let details =
        serde_json::json!({"replaced_by": stored.id.to_string(), "grace_ms": grace_ms}).to_string();
    audit::record(
        &mut tx,
        ctx,
        Some(old.space_id),
        Action::KeyRolled,
        Some(&old.id),
        Some(&details),
    )
    .await?;
    tx.commit().await?;
    Ok(Created {
        id: stored.id,
        key: key.plaintext,
    })
}

/// The key `id`, which must belong to `space` when one is given.
async fn find_in(
    mut conn: Conn<'_>,
    ctx: &Ctx<'_>,
    id: KeyId,
    space: Option<SpaceId>,
) -> Result<key_rows::ApiKeyRow, ServiceError> {
    let missing = || Missing::Key { id: id.to_string() };
    let key = key_rows::find(conn.reborrow(), id)
        .await?
        .filter(|key| space.is_none_or(|s| s == key.space_id))
        .ok_or_else(missing)?;
    admit(conn, ctx, key.space_id, Duty::Integrations, missing).await?;
    Ok(key)
}
