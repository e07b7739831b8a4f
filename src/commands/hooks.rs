//! `tourney hooks add|list|remove|rotate-secret|deliveries|retry`: a space's webhook addresses.
//!
//! Every change is one transaction with its audit entry. Secrets are printed exactly once (at
//! `add` and `rotate-secret`) and never written to the audit log or shown again.

use std::io::Write;

use crate::cli::{AllowArgs, HooksCommand};
use crate::config::Config;
use crate::db::hooks::{self, HookRow, MAX_ACTIVE_PER_SPACE};
use crate::db::{Conn, Db, audit, deliveries, spaces};
use crate::domain::EventType;
use crate::error::Error;
use crate::webhook::{blocklist, schedule, signing, target};
use crate::{ids, timestamp};

use super::table;

/// The longest `--overlap` of a rotation.
const MAX_OVERLAP_MS: i64 = 30 * 86_400_000;

pub async fn run(
    config: &Config,
    db: &Db,
    command: HooksCommand,
    out: &mut impl Write,
) -> Result<(), Error> {
    match command {
        HooksCommand::Add {
            space,
            url,
            events,
            allow,
        } => add(config, db, &space, &url, events.as_deref(), &allow, out).await,
        HooksCommand::List { space } => list(db, &space, out).await,
        HooksCommand::Remove { hook_id } => remove(config, db, &hook_id, out).await,
        HooksCommand::RotateSecret { hook_id, overlap } => {
            rotate(config, db, &hook_id, &overlap, out).await
        }
        HooksCommand::Deliveries {
            hook_id,
            failed,
            limit,
        } => list_deliveries(db, &hook_id, failed, limit, out).await,
        HooksCommand::Retry {
            delivery_id, hook, ..
        } => match (delivery_id, hook) {
            (Some(delivery_id), _) => retry_one(config, db, &delivery_id, out).await,
            (None, Some(hook_id)) => retry_failed(config, db, &hook_id, out).await,
            (None, None) => Err(Error::Invalid(
                "name a delivery (dlv_...) or use --hook HOOK_ID --failed".into(),
            )),
        },
    }
}

/// The block list with the `--allow-cidr` exceptions.
pub(super) fn policy(allow: &AllowArgs) -> Result<blocklist::Policy, Error> {
    let nets = allow
        .allow_cidr
        .iter()
        .filter(|text| !text.trim().is_empty())
        .map(|text| {
            blocklist::parse_cidr(text).map_err(|e| Error::Invalid(format!("--allow-cidr: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(blocklist::Policy::allowing(nets))
}

/// Parses and de-duplicates an event-type filter; `None` means every type.
fn event_filter(events: Option<&[String]>) -> Result<Option<String>, Error> {
    let Some(events) = events else {
        return Ok(None);
    };
    let mut types: Vec<EventType> = Vec::new();
    for text in events.iter().map(|t| t.trim()).filter(|t| !t.is_empty()) {
        let event_type: EventType = text
            .parse()
            .map_err(|e: crate::domain::UnknownValue| Error::Invalid(format!("--events: {e}")))?;
        if !types.contains(&event_type) {
            types.push(event_type);
        }
    }
    if types.is_empty() {
        return Err(Error::Invalid(
            "--events: name at least one event type".into(),
        ));
    }
    Ok(Some(
        types
            .iter()
            .map(|t| t.as_str())
            .collect::<Vec<_>>()
            .join(","),
    ))
}

fn parse_hook_id(text: &str) -> Result<i64, Error> {
    ids::parse(ids::Kind::Hook, text)
        .ok_or_else(|| Error::Invalid(format!("'{text}' is not a webhook id such as hook_1")))
}

async fn find_hook(conn: Conn<'_>, text: &str) -> Result<HookRow, Error> {
    let id = parse_hook_id(text)?;
    hooks::find(conn, id)
        .await?
        .ok_or_else(|| Error::NotFound(format!("no webhook address has the id {text}")))
}

fn active(hook: HookRow) -> Result<HookRow, Error> {
    if hook.is_active() {
        Ok(hook)
    } else {
        Err(Error::Conflict(format!(
            "{} was removed; add the address again to use it",
            ids::format(ids::Kind::Hook, hook.id)
        )))
    }
}

async fn add(
    config: &Config,
    db: &Db,
    space_slug: &str,
    url: &str,
    events: Option<&[String]>,
    allow: &AllowArgs,
    out: &mut impl Write,
) -> Result<(), Error> {
    let parsed = target::parse(url).map_err(|e| Error::Invalid(e.to_string()))?;
    let filter = event_filter(events)?;
    let policy = policy(allow)?;
    target::check(&parsed, &policy)
        .await
        .map_err(|e| Error::Invalid(e.to_string()))?;
    let secret = signing::new_secret()
        .map_err(|e| Error::Invalid(format!("cannot generate a secret: {e}")))?;
    let now = timestamp::now_ms();

    let mut tx = db.begin().await?;
    let space = spaces::find_by_slug(tx.conn(), space_slug)
        .await?
        .ok_or_else(|| Error::NotFound(format!("no space has the slug '{space_slug}'")))?;
    hooks::lock_space(tx.conn(), space.id).await?;
    if hooks::count_active(tx.conn(), space.id).await? >= MAX_ACTIVE_PER_SPACE {
        return Err(Error::Conflict(format!(
            "space '{space_slug}' already has {MAX_ACTIVE_PER_SPACE} active webhook addresses, \
             the most allowed; remove one first (tourney hooks remove HOOK_ID)"
        )));
    }
    let hook = hooks::insert(
        tx.conn(),
        space.id,
        parsed.as_str(),
        filter.as_deref(),
        &secret,
        now,
    )
    .await?;
    let id = ids::format(ids::Kind::Hook, hook.id);
    let details = serde_json::json!({"url": hook.url, "events": filter}).to_string();
    let entry = audit::Entry {
        space_id: Some(space.id),
        actor: &config.actor,
        action: "hook.created",
        target: Some(&id),
        details: Some(&details),
        now,
    };
    audit::record(tx.conn(), &entry).await?;
    tx.commit().await?;

    writeln!(out, "created {id} for space {space_slug}: {}", hook.url)?;
    writeln!(out, "events: {}", filter.as_deref().unwrap_or("all"))?;
    writeln!(
        out,
        "signing secret (shown only now; store it with the receiver):"
    )?;
    writeln!(out, "{secret}")?;
    Ok(())
}

async fn list(db: &Db, space_slug: &str, out: &mut impl Write) -> Result<(), Error> {
    let mut handle = db.acquire().await?;
    let space = spaces::find_by_slug(handle.conn(), space_slug)
        .await?
        .ok_or_else(|| Error::NotFound(format!("no space has the slug '{space_slug}'")))?;
    let rows = hooks::list(handle.conn(), space.id).await?;
    if rows.is_empty() {
        writeln!(
            out,
            "space {space_slug} has no webhook addresses: add one with `tourney hooks add --space {space_slug} URL`"
        )?;
        return Ok(());
    }
    let now = timestamp::now_ms();
    let mut table_rows: Vec<[String; 6]> = Vec::new();
    for hook in rows {
        let secrets = hooks::live_secret_count(handle.conn(), hook.id, now).await?;
        table_rows.push([
            ids::format(ids::Kind::Hook, hook.id),
            hook.status.clone(),
            hook.event_types.clone().unwrap_or_else(|| "all".into()),
            if hook.is_active() {
                secrets.to_string()
            } else {
                "-".into()
            },
            timestamp::format_ms(hook.created_at),
            hook.url,
        ]);
    }
    table::write(
        out,
        &["ID", "STATUS", "EVENTS", "SECRETS", "CREATED", "URL"],
        &table_rows,
    )?;
    Ok(())
}

async fn remove(
    config: &Config,
    db: &Db,
    hook_id: &str,
    out: &mut impl Write,
) -> Result<(), Error> {
    let now = timestamp::now_ms();
    let mut tx = db.begin().await?;
    let hook = active(find_hook(tx.conn(), hook_id).await?)?;
    hooks::remove(tx.conn(), hook.id, now).await?;
    let id = ids::format(ids::Kind::Hook, hook.id);
    let details = serde_json::json!({"url": hook.url}).to_string();
    let entry = audit::Entry {
        space_id: Some(hook.space_id),
        actor: &config.actor,
        action: "hook.removed",
        target: Some(&id),
        details: Some(&details),
        now,
    };
    audit::record(tx.conn(), &entry).await?;
    tx.commit().await?;
    writeln!(
        out,
        "removed {id} ({}); nothing more is sent to it",
        hook.url
    )?;
    Ok(())
}

async fn rotate(
    config: &Config,
    db: &Db,
    hook_id: &str,
    overlap: &str,
    out: &mut impl Write,
) -> Result<(), Error> {
    let overlap_ms = schedule::parse_duration(overlap)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .map_err(|e| Error::Invalid(format!("--overlap: {e}")))?;
    if overlap_ms > MAX_OVERLAP_MS {
        return Err(Error::Invalid("--overlap: at most 30d".into()));
    }
    let secret = signing::new_secret()
        .map_err(|e| Error::Invalid(format!("cannot generate a secret: {e}")))?;
    let now = timestamp::now_ms();
    let old_until = now.saturating_add(overlap_ms);
    let mut tx = db.begin().await?;
    let hook = active(find_hook(tx.conn(), hook_id).await?)?;
    hooks::rotate_secret(tx.conn(), hook.id, &secret, old_until, now).await?;
    let id = ids::format(ids::Kind::Hook, hook.id);
    let details = serde_json::json!({"overlap_ms": overlap_ms}).to_string();
    let entry = audit::Entry {
        space_id: Some(hook.space_id),
        actor: &config.actor,
        action: "hook.secret_rotated",
        target: Some(&id),
        details: Some(&details),
        now,
    };
    audit::record(tx.conn(), &entry).await?;
    tx.commit().await?;
    writeln!(
        out,
        "new signing secret for {id} (shown only now; store it with the receiver):"
    )?;
    writeln!(out, "{secret}")?;
    if overlap_ms > 0 {
        writeln!(
            out,
            "the previous secret also signs (a second v1= value) until {}",
            timestamp::format_ms(old_until)
        )?;
    } else {
        writeln!(out, "the previous secret no longer signs")?;
    }
    Ok(())
}

async fn list_deliveries(
    db: &Db,
    hook_id: &str,
    only_failed: bool,
    limit: u32,
    out: &mut impl Write,
) -> Result<(), Error> {
    let mut handle = db.acquire().await?;
    let hook = find_hook(handle.conn(), hook_id).await?;
    let rows =
        deliveries::list_for_hook(handle.conn(), hook.id, only_failed, i64::from(limit)).await?;
    if rows.is_empty() {
        let what = if only_failed {
            "failed deliveries"
        } else {
            "deliveries"
        };
        writeln!(out, "{hook_id} has no {what}")?;
        return Ok(());
    }
    let table_rows: Vec<[String; 8]> = rows
        .into_iter()
        .map(|d| {
            let last = match (d.last_status_code, d.last_error_class.as_deref()) {
                (Some(code), None) => code.to_string(),
                (Some(code), Some(class)) => format!("{code} ({class})"),
                (None, Some(class)) => class.to_owned(),
                (None, None) => "-".into(),
            };
            [
                ids::format(ids::Kind::Delivery, d.id),
                ids::format(ids::Kind::Event, d.event_id),
                d.event_type,
                d.status,
                d.attempts.to_string(),
                last,
                d.next_attempt_at
                    .map_or_else(|| "-".into(), timestamp::format_ms),
                timestamp::format_ms(d.created_at),
            ]
        })
        .collect();
    table::write(
        out,
        &[
            "DELIVERY",
            "EVENT",
            "TYPE",
            "STATUS",
            "ATTEMPTS",
            "LAST",
            "NEXT ATTEMPT",
            "CREATED",
        ],
        &table_rows,
    )?;
    Ok(())
}

async fn retry_one(
    config: &Config,
    db: &Db,
    delivery_id: &str,
    out: &mut impl Write,
) -> Result<(), Error> {
    let id = ids::parse(ids::Kind::Delivery, delivery_id).ok_or_else(|| {
        Error::Invalid(format!(
            "'{delivery_id}' is not a delivery id such as dlv_1"
        ))
    })?;
    let now = timestamp::now_ms();
    let mut tx = db.begin().await?;
    let delivery = deliveries::find(tx.conn(), id)
        .await?
        .ok_or_else(|| Error::NotFound(format!("no delivery has the id {delivery_id}")))?;
    let hook = hooks::find(tx.conn(), delivery.hook_id)
        .await?
        .ok_or_else(|| Error::NotFound(format!("no webhook address for {delivery_id}")))?;
    let hook = active(hook)?;
    if !deliveries::requeue_manual(tx.conn(), id, now).await? {
        return Err(Error::Conflict(format!(
            "{} is {}; only failed deliveries can be retried by hand",
            ids::format(ids::Kind::Delivery, id),
            delivery.status
        )));
    }
    let shown = ids::format(ids::Kind::Delivery, id);
    let entry = audit::Entry {
        space_id: Some(hook.space_id),
        actor: &config.actor,
        action: "delivery.retried",
        target: Some(&shown),
        details: None,
        now,
    };
    audit::record(tx.conn(), &entry).await?;
    tx.commit().await?;
    writeln!(
        out,
        "queued {shown} for one manual attempt; `tourney dispatch` sends it now"
    )?;
    Ok(())
}

async fn retry_failed(
    config: &Config,
    db: &Db,
    hook_id: &str,
    out: &mut impl Write,
) -> Result<(), Error> {
    let now = timestamp::now_ms();
    let mut tx = db.begin().await?;
    let hook = active(find_hook(tx.conn(), hook_id).await?)?;
    let queued = deliveries::requeue_failed_for_hook(tx.conn(), hook.id, now).await?;
    let shown = ids::format(ids::Kind::Hook, hook.id);
    if queued.is_empty() {
        writeln!(out, "{shown} has no failed deliveries")?;
        return Ok(());
    }
    let details = serde_json::json!({"deliveries": queued.len()}).to_string();
    let entry = audit::Entry {
        space_id: Some(hook.space_id),
        actor: &config.actor,
        action: "delivery.retried",
        target: Some(&shown),
        details: Some(&details),
        now,
    };
    audit::record(tx.conn(), &entry).await?;
    tx.commit().await?;
    writeln!(
        out,
        "queued {} failed deliveries of {shown} for one manual attempt each; `tourney dispatch` sends them now",
        queued.len()
    )?;
    Ok(())
}
