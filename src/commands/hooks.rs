//! `tourney hooks add|list|remove|rotate-secret|deliveries|retry`: a space's webhook addresses.
//!
//! Secrets are printed exactly once (at `add` and `rotate-secret`) and never shown again.

use std::io::Write;

use super::{Error, ctx, table};
use crate::cli::{AllowArgs, HooksCommand};
use crate::config::Config;
use crate::db::{Db, deliveries, hooks, spaces};
use crate::domain::EventType;
use crate::ids::{DeliveryId, HookId};
use crate::service::{self, Missing};
use crate::timestamp;
use crate::webhook::{blocklist, schedule};

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

/// Parses an event-type filter; `None` means every type.
fn event_filter(events: Option<&[String]>) -> Result<Option<Vec<EventType>>, Error> {
    let Some(events) = events else {
        return Ok(None);
    };
    let types = events
        .iter()
        .map(|t| t.trim())
        .filter(|t| !t.is_empty())
        .map(|text| {
            text.parse()
                .map_err(|e: crate::domain::UnknownValue| Error::Invalid(format!("--events: {e}")))
        })
        .collect::<Result<Vec<EventType>, _>>()?;
    if types.is_empty() {
        return Err(Error::Invalid(
            "--events: name at least one event type".into(),
        ));
    }
    Ok(Some(types))
}

/// A webhook address's id as typed.
pub(super) fn hook_id(text: &str) -> Result<HookId, Error> {
    text.parse()
        .map_err(|e: crate::ids::BadId| Error::Invalid(e.to_string()))
}

async fn add(
    config: &Config,
    db: &Db,
    space: &str,
    url: &str,
    events: Option<&[String]>,
    allow: &AllowArgs,
    out: &mut impl Write,
) -> Result<(), Error> {
    let events = event_filter(events)?;
    let policy = policy(allow)?;
    let added =
        service::hooks::add(db, &ctx(config), space, url, events.as_deref(), &policy).await?;
    let hook = added.hook;
    writeln!(out, "created {} for space {space}: {}", hook.id, hook.url)?;
    writeln!(
        out,
        "events: {}",
        hook.event_types.as_deref().unwrap_or("all")
    )?;
    writeln!(
        out,
        "signing secret (shown only now; store it with the receiver):"
    )?;
    writeln!(out, "{}", added.secret)?;
    Ok(())
}

async fn list(db: &Db, space_slug: &str, out: &mut impl Write) -> Result<(), Error> {
    let mut handle = db.acquire().await?;
    let space = spaces::find_by_slug(handle.conn(), space_slug)
        .await?
        .ok_or_else(|| Missing::Space {
            slug: space_slug.to_owned(),
        })?;
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
            hook.id.to_string(),
            hook.status.to_string(),
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
    let hook = service::hooks::remove(db, &ctx(config), self::hook_id(hook_id)?).await?;
    writeln!(
        out,
        "removed {} ({}); nothing more is sent to it",
        hook.id, hook.url
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
    let overlap =
        schedule::parse_duration(overlap).map_err(|e| Error::Invalid(format!("--overlap: {e}")))?;
    let id = self::hook_id(hook_id)?;
    let rotated = service::hooks::rotate_secret(db, &ctx(config), id, overlap).await?;
    writeln!(
        out,
        "new signing secret for {id} (shown only now; store it with the receiver):"
    )?;
    writeln!(out, "{}", rotated.secret)?;
    if overlap.is_zero() {
        writeln!(out, "the previous secret no longer signs")?;
    } else {
        writeln!(
            out,
            "the previous secret also signs (a second v1= value) until {}",
            timestamp::format_ms(rotated.old_until)
        )?;
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
    let id = self::hook_id(hook_id)?;
    let mut handle = db.acquire().await?;
    let hook = hooks::find(handle.conn(), id)
        .await?
        .ok_or(Missing::Hook { id })?;
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
            let last = match (d.last_status_code, d.last_error_class) {
                (Some(code), None) => code.to_string(),
                (Some(code), Some(class)) => format!("{code} ({class})"),
                (None, Some(class)) => class.to_string(),
                (None, None) => "-".into(),
            };
            [
                d.id.to_string(),
                d.event_id.to_string(),
                d.event_type.to_string(),
                d.status.to_string(),
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
    let id: DeliveryId = delivery_id
        .parse()
        .map_err(|e: crate::ids::BadId| Error::Invalid(e.to_string()))?;
    service::hooks::retry(db, &ctx(config), id).await?;
    writeln!(
        out,
        "queued {id} for one manual attempt; `tourney dispatch` sends it now"
    )?;
    Ok(())
}

async fn retry_failed(
    config: &Config,
    db: &Db,
    hook_id: &str,
    out: &mut impl Write,
) -> Result<(), Error> {
    let id = self::hook_id(hook_id)?;
    let queued = service::hooks::retry_failed(db, &ctx(config), id).await?;
    if queued.is_empty() {
        writeln!(out, "{id} has no failed deliveries")?;
        return Ok(());
    }
    writeln!(
        out,
        "queued {} failed deliveries of {id} for one manual attempt each; `tourney dispatch` sends them now",
        queued.len()
    )?;
    Ok(())
}
