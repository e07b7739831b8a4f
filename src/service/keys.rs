//! API keys: creating (the key is returned once and stored only as its hash) and revoking.

use super::audit::{self, Action};
use super::spaces::one_line;
use super::{Conflict, Ctx, Field, Missing, ServiceError, find_space};
use crate::api_keys;
use crate::db::{Db, api_keys as key_rows, spaces};
use crate::domain::names::NAME_MAX_CHARS;
use crate::ids::KeyId;

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
    let row = find_space(tx.conn(), space).await?;
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
    let stored = key_rows::insert(tx.conn(), row.id, label, &key.shown, &key.hash, ctx.now).await?;
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

/// Revokes a key.
pub async fn revoke(db: &Db, ctx: &Ctx<'_>, id: KeyId) -> Result<(), ServiceError> {
    let mut tx = db.begin().await?;
    let key = key_rows::find(tx.conn(), id)
        .await?
        .ok_or_else(|| Missing::Key { id: id.to_string() })?;
    if key.revoked_at.is_some() {
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
