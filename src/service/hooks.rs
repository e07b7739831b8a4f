//! A space's webhook addresses and their deliveries: adding (the secret is returned once),
//! removing, replacing the secret, disabling by hand, enabling a disabled address (with the deliveries kept for
//! it), retrying failed deliveries (one, or in bulk), the `ping` test event, and examples of every
//! event type (`hooks test`).
//!
//! Nothing here sends: a ping or an example is appended and claimed for the caller, which sends it
//! through the delivery loop's own path. An example never reaches another address and never
//! touches a tournament's records.

use std::time::Duration;

use super::access::Duty;
use super::audit::{self, Action};
use super::{Conflict, Ctx, Field, Invalid, Missing, ServiceError, admit, find_space_as, space_of};
use crate::db::hooks::{self, HookRow, MAX_ACTIVE_PER_SPACE};
use crate::db::outbox::{self, Audience};
use crate::db::{Conn, Db, deliveries, spaces};
use crate::domain::{EventType, SignatureHeaders};
use crate::events::examples::{self, ExampleSpace};
use crate::events::{Event, PingData, SpaceRef};
use crate::ids::{DeliveryId, EventId, HookId};
use crate::webhook::blocklist::Policy;
use crate::webhook::{signing, target};

/// The longest time a replaced secret may keep signing.
pub const MAX_OVERLAP: Duration = Duration::from_secs(30 * 86_400);

/// An address just added, and its signing secret, to be shown once and never again.
pub struct Added {
    pub hook: HookRow,
    pub secret: String,
    /// Why the address's name does not resolve now, when it does not.
    pub unresolved: Option<String>,
}

fn new_secret() -> Result<String, ServiceError> {
    signing::new_secret().map_err(|source| ServiceError::NoRandomness {
        what: "a signing secret",
        source,
    })
}

/// Adds an HTTPS address for the space's events (`events`: only these types; `None`: every
/// type), whose requests carry `signature_headers`. Private and internal addresses are refused
/// unless `policy` lets them through.
pub async fn add(
    db: &Db,
    ctx: &Ctx<'_>,
    space: &str,
    url: &str,
    events: Option<&[EventType]>,
    signature_headers: SignatureHeaders,
    policy: &Policy,
) -> Result<Added, ServiceError> {
    let invalid_url = |e: target::TargetError| Invalid::Field {
        field: match e {
            target::TargetError::Blocked { .. } => Field::PrivateAddress,
            _ => Field::Url,
        },
        reason: e.to_string(),
    };
    let parsed = target::parse(url).map_err(invalid_url)?;
    let unresolved = match target::check(&parsed, policy).await.map_err(invalid_url)? {
        target::Checked::Resolved(_) => None,
        target::Checked::Unresolved { reason } => Some(reason),
    };
    let filter = events.map(|types| {
        let mut unique: Vec<&str> = Vec::new();
        for name in types.iter().map(|t| t.as_str()) {
            if !unique.contains(&name) {
                unique.push(name);
            }
        }
        unique.join(",")
    });
    let secret = new_secret()?;

    let mut tx = db.begin().await?;
    let space = find_space_as(tx.conn(), ctx, space, Duty::Integrations).await?;
    spaces::lock(tx.conn(), space.id).await?;
    if hooks::count_active(tx.conn(), space.id).await? >= MAX_ACTIVE_PER_SPACE {
        return Err(Conflict::TooManyHooks {
            space: space.slug,
            max: MAX_ACTIVE_PER_SPACE,
        }
        .into());
    }
    let hook = hooks::insert(
        tx.conn(),
        space.id,
        parsed.as_str(),
        filter.as_deref(),
        signature_headers,
        &secret,
        ctx.now,
    )
    .await?;
    let details = serde_json::json!({
        "url": hook.url,
        "events": filter,
        "signature_headers": signature_headers.as_str(),
    })
    .to_string();
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::HookCreated,
        Some(&hook.id),
        Some(&details),
    )
    .await?;
    tx.commit().await?;
    Ok(Added {
        hook,
        secret,
        unresolved,
    })
}

/// Sets which signature headers an active address's requests carry, from the next attempt on
/// (deliveries already waiting included). Returns the address as it now is.
pub async fn set_signature_headers(
    db: &Db,
    ctx: &Ctx<'_>,
    id: HookId,
    signature_headers: SignatureHeaders,
) -> Result<HookRow, ServiceError> {
    let mut tx = db.begin().await?;
    let hook = find_active(tx.conn(), ctx, id).await?;
    if hook.signature_headers == signature_headers {
        return Ok(hook);
    }
    hooks::set_signature_headers(tx.conn(), id, signature_headers).await?;
    let details = format!(
        "signature headers: {} -> {}",
        hook.signature_headers, signature_headers
    );
    audit::record(
        &mut tx,
        ctx,
        Some(hook.space_id),
        Action::HookUpdated,
        Some(&id),
        Some(&details),
    )
    .await?;
    tx.commit().await?;
    Ok(HookRow {
        signature_headers,
        ..hook
    })
}

/// The hook `id`, active (removed ones are refused), once `ctx` may manage its space's
/// integrations.
async fn find_active(
    mut conn: Conn<'_>,
    ctx: &Ctx<'_>,
    id: HookId,
) -> Result<HookRow, ServiceError> {
    let hook = hooks::find(conn.reborrow(), id)
        .await?
        .ok_or(Missing::Hook { id })?;
    admit(conn, ctx, hook.space_id, Duty::Integrations, || {
        Missing::Hook { id }
    })
    .await?;
    if hook.is_active() {
        Ok(hook)
    } else {
        Err(Conflict::HookRemoved { id }.into())
    }
}

/// Stops sending to an address: its unfinished deliveries fail.
pub async fn remove(db: &Db, ctx: &Ctx<'_>, id: HookId) -> Result<HookRow, ServiceError> {
    let mut tx = db.begin().await?;
    let hook = find_active(tx.conn(), ctx, id).await?;
    hooks::remove(tx.conn(), hook.id, ctx.now).await?;
    let details = serde_json::json!({"url": hook.url}).to_string();
    audit::record(
        &mut tx,
        ctx,
        Some(hook.space_id),
        Action::HookRemoved,
        Some(&hook.id),
        Some(&details),
    )
    .await?;
    tx.commit().await?;
    Ok(hook)
}

/// A new secret, and until when the previous ones keep signing.
pub struct Rotated {
    pub secret: String,
    pub old_until: i64,
}

/// Replaces an address's signing secret; the older ones keep signing for `overlap`.
pub async fn rotate_secret(
    db: &Db,
    ctx: &Ctx<'_>,
    id: HookId,
    overlap: Duration,
) -> Result<Rotated, ServiceError> {
    if overlap > MAX_OVERLAP {
        return Err(Invalid::Field {
            field: Field::Overlap,
            reason: "at most 30d".into(),
        }
        .into());
    }
    let overlap_ms = i64::try_from(overlap.as_millis()).unwrap_or(i64::MAX);
    let secret = new_secret()?;
    let old_until = ctx.now.saturating_add(overlap_ms);
    let mut tx = db.begin().await?;
    let hook = find_active(tx.conn(), ctx, id).await?;
    hooks::rotate_secret(tx.conn(), hook.id, &secret, old_until, ctx.now).await?;
    let details = serde_json::json!({"overlap_ms": overlap_ms}).to_string();
    audit::record(
        &mut tx,
        ctx,
        Some(hook.space_id),
        Action::HookSecretRotated,
        Some(&hook.id),
        Some(&details),
    )
    .await?;
    tx.commit().await?;
    Ok(Rotated { secret, old_until })
}

/// Makes one failed delivery due now for one manual attempt.
pub async fn retry(db: &Db, ctx: &Ctx<'_>, id: DeliveryId) -> Result<(), ServiceError> {
    let mut tx = db.begin().await?;
    let delivery = deliveries::find(tx.conn(), id)
        .await?
        .ok_or(Missing::Delivery { id })?;
    let hook = find_active(tx.conn(), ctx, delivery.hook_id).await?;
    if !deliveries::requeue_manual(tx.conn(), id, ctx.now).await? {
        return Err(Conflict::NotRetriable {
            id,
            status: delivery.status,
        }
        .into());
    }
    audit::record(
        &mut tx,
        ctx,
        Some(hook.space_id),
        Action::DeliveryRetried,
        Some(&id),
        None,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// How many failed deliveries one transaction of [`retry_failed`] re-queues.
pub const RETRY_BATCH: i64 = 500;

/// Makes every failed delivery of an address (of events since `since`, Unix ms, if given) due
/// now for one manual attempt each, [`RETRY_BATCH`] per transaction, each with its audit entry;
/// `progress` hears how many each batch queued. Returns how many in all.
pub async fn retry_failed(
    db: &Db,
    ctx: &Ctx<'_>,
    id: HookId,
    since: Option<i64>,
    mut progress: impl FnMut(usize),
) -> Result<usize, ServiceError> {
    let mut total = 0;
    loop {
        let mut tx = db.begin().await?;
        let hook = find_active(tx.conn(), ctx, id).await?;
        let queued =
            deliveries::requeue_failed_for_hook(tx.conn(), hook.id, since, ctx.now, RETRY_BATCH)
                .await?;
        if queued.is_empty() {
            return Ok(total);
        }
        let details = serde_json::json!({"deliveries": queued.len(), "since": since}).to_string();
        audit::record(
            &mut tx,
            ctx,
            Some(hook.space_id),
            Action::DeliveryRetried,
            Some(&hook.id),
            Some(&details),
        )
        .await?;
        tx.commit().await?;
        total += queued.len();
        progress(queued.len());
    }
}

/// Disables an address by hand: it receives nothing, and its deliveries are kept for it (due
/// when it is enabled again, as for an address disabled by the delivery loop).
pub async fn disable(db: &Db, ctx: &Ctx<'_>, id: HookId) -> Result<HookRow, ServiceError> {
    let mut tx = db.begin().await?;
    let hook = find_active(tx.conn(), ctx, id).await?;
    if !hooks::disable(tx.conn(), hook.id, None, ctx.now).await? {
        return Err(Conflict::AlreadyDisabled { id }.into());
    }
    audit::record(
        &mut tx,
        ctx,
        Some(hook.space_id),
        Action::HookDisabled,
        Some(&hook.id),
        None,
    )
    .await?;
    let hook = hooks::find(tx.conn(), hook.id)
        .await?
        .ok_or(Missing::Hook { id })?;
    tx.commit().await?;
    Ok(hook)
}

/// A disabled address enabled again, and what became of the deliveries kept for it.
pub struct Enabled {
    pub hook: HookRow,
    /// Deliveries kept while it was disabled: now due, or (with `drop`) failed.
    pub kept: u64,
}

/// Enables a disabled address: its health starts afresh, and the deliveries kept for it become
/// due now, or with `drop` fail (a manual retry can still send them).
pub async fn enable(
    db: &Db,
    ctx: &Ctx<'_>,
    id: HookId,
    drop: bool,
) -> Result<Enabled, ServiceError> {
    let mut tx = db.begin().await?;
    let hook = find_active(tx.conn(), ctx, id).await?;
    if !hooks::enable(tx.conn(), hook.id).await? {
        return Err(Conflict::NotDisabled { id }.into());
    }
    let kept = deliveries::release_kept(tx.conn(), hook.id, drop, ctx.now).await?;
    let details = serde_json::json!({"kept": kept, "dropped": drop}).to_string();
    audit::record(
        &mut tx,
        ctx,
        Some(hook.space_id),
        Action::HookEnabled,
        Some(&hook.id),
        Some(&details),
    )
    .await?;
    let hook = hooks::find(tx.conn(), hook.id)
        .await?
        .ok_or(Missing::Hook { id })?;
    tx.commit().await?;
    Ok(Enabled { hook, kept })
}

/// A test event (a `ping`, or an example of any type) appended for one address, already claimed
/// by the caller.
pub struct Pinged {
    pub hook: HookRow,
    pub event: EventId,
}

/// Appends a signed test event for the active address `id` alone and claims its delivery under
/// `token` for `lease` before committing, so no running dispatcher sends it first: the
/// caller sends it now through the delivery loop's own path.
pub async fn ping(
    db: &Db,
    ctx: &Ctx<'_>,
    id: HookId,
    token: &str,
    lease: std::time::Duration,
) -> Result<Pinged, ServiceError> {
    let mut tx = db.begin().await?;
    let hook = hooks::find(tx.conn(), id)
        .await?
        .filter(HookRow::is_active)
        .ok_or(Missing::ActiveHook { id })?;
    admit(tx.conn(), ctx, hook.space_id, Duty::Integrations, || {
        Missing::ActiveHook { id }
    })
    .await?;
    let space = space_of(tx.conn(), hook.space_id, &hook.id).await?;
    let event = Event::Ping(PingData {
        space: SpaceRef {
            id: space.id,
            slug: space.slug.clone(),
        },
        message: format!("Test event for {}, sent by tourney ping", hook.id),
    });
    let event = outbox::append(
        tx.conn(),
        space.id,
        &event,
        Audience::Hook(hook.id),
        ctx.now,
    )
    .await?;
    deliveries::claim_for_ping(tx.conn(), event, hook.id, token, lease_ms(lease)).await?;
    let details = serde_json::json!({"event": event}).to_string();
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::HookPinged,
        Some(&hook.id),
        Some(&details),
    )
    .await?;
    tx.commit().await?;
    Ok(Pinged { hook, event })
}

/// Appends a realistic example of `event_type` (marked `"example": true`, about an invented
/// tournament) for the address `id` alone, which must be active and enabled, and claims its
/// delivery under `token` for `lease` before committing, as [`ping`] does: the caller
/// sends it now through the delivery loop's own path. No other address of the space gets it, and
/// no tournament, participant or match is written.
pub async fn send_example(
    db: &Db,
    ctx: &Ctx<'_>,
    id: HookId,
    event_type: EventType,
    token: &str,
    lease: std::time::Duration,
) -> Result<Pinged, ServiceError> {
    let mut tx = db.begin().await?;
    let hook = find_active(tx.conn(), ctx, id).await?;
    if !hook.is_enabled() {
        return Err(Conflict::HookDisabled { id }.into());
    }
    let space = space_of(tx.conn(), hook.space_id, &hook.id).await?;
    let space_ref = ExampleSpace {
        id: space.id,
        slug: &space.slug,
        locale: space.locale,
    };
    let event = examples::example(event_type, space_ref, hook.id, ctx.base_url, ctx.now);
    let event = outbox::append_example(tx.conn(), space.id, &event, hook.id, ctx.now).await?;
    deliveries::claim_for_ping(tx.conn(), event, hook.id, token, lease_ms(lease)).await?;
    let details = serde_json::json!({"event": event, "type": event_type}).to_string();
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::HookExampleSent,
        Some(&hook.id),
        Some(&details),
    )
    .await?;
    tx.commit().await?;
    Ok(Pinged { hook, event })
}

/// A lease in whole milliseconds.
fn lease_ms(lease: std::time::Duration) -> i64 {
    i64::try_from(lease.as_millis()).unwrap_or(i64::MAX)
}
