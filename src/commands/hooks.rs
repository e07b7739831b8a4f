//! `tourney hooks add|list|remove|rotate-secret|disable|enable|deliveries|attempts|retry`: a space's
//! webhook addresses, their health, and their delivery log (`hooks test` is in `hook_test`).
//!
//! Secrets are printed exactly once (at `add` and `rotate-secret`) and never shown again.

use std::io::{IsTerminal, Write};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::{Error, ctx, table};
use crate::cli::{AllowArgs, HooksCommand};
use crate::config::Config;
use crate::db::{Db, deliveries, hooks, spaces};
use crate::domain::{DeliveryStatus, ErrorClass, EventType, HookStatus, UnknownValue};
use crate::ids::{DeliveryId, HookId};
use crate::service::{self, Missing};
use crate::timestamp;
use crate::webhook::blocklist;

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
            signature_headers,
            allow,
        } => {
            let added = Adding {
                space: &space,
                url: &url,
                events: events.as_deref(),
                signature_headers: signature_headers.into(),
            };
            add(config, db, &added, &allow, out).await
        }
        HooksCommand::Update {
            hook_id,
            signature_headers,
        } => {
            let id = self::hook_id(&hook_id)?;
            let Some(set) = signature_headers else {
                return Err(Error::Invalid(
                    "give what to change: --signature-headers".into(),
                ));
            };
            let hook =
                service::hooks::set_signature_headers(db, &ctx(config), id, set.into()).await?;
            writeln!(
                out,
                "{} ({}): signature headers {}",
                hook.id, hook.url, hook.signature_headers
            )?;
            Ok(())
        }
        HooksCommand::List { space } => list(db, &space, out).await,
        HooksCommand::Remove { hook_id } => remove(config, db, &hook_id, out).await,
        HooksCommand::RotateSecret { hook_id, overlap } => {
            rotate(config, db, &hook_id, &overlap, out).await
        }
        HooksCommand::Disable { hook_id } => {
            let id = self::hook_id(&hook_id)?;
            let hook = service::hooks::disable(db, &ctx(config), id).await?;
            writeln!(
                out,
                "disabled {} ({}); its deliveries are kept until `tourney hooks enable {}`",
                hook.id, hook.url, hook.id
            )?;
            Ok(())
        }
        HooksCommand::Enable { hook_id, drop_kept } => {
            enable(config, db, &hook_id, drop_kept, out).await
        }
        HooksCommand::Deliveries {
            hook_id,
            failed,
            status,
            event,
            since,
            until,
            limit,
        } => {
            let status = if failed {
                Some("failed".to_owned())
            } else {
                status
            };
            let filter = deliveries::Filter {
                status: status
                    .map(|s| s.parse())
                    .transpose()
                    .map_err(|e: UnknownValue| Error::Invalid(format!("--status: {e}")))?,
                event_type: event
                    .map(|t| t.trim().parse())
                    .transpose()
                    .map_err(|e: UnknownValue| Error::Invalid(format!("--event: {e}")))?,
                since: since.as_deref().map(|t| moment("--since", t)).transpose()?,
                until: until.as_deref().map(|t| moment("--until", t)).transpose()?,
            };
            list_deliveries(db, &hook_id, &filter, limit, out).await
        }
        HooksCommand::Attempts { delivery_id } => attempts(db, &delivery_id, out).await,
        HooksCommand::Test {
            hook_id,
            event,
            network,
        } => super::hook_test::run(config, db, &hook_id, event, &network, out).await,
        HooksCommand::Retry {
            delivery_id,
            hook,
            since,
            ..
        } => match (delivery_id, hook) {
            (Some(delivery_id), _) => retry_one(config, db, &delivery_id, out).await,
            (None, Some(hook_id)) => {
                let since = since.as_deref().map(|t| moment("--since", t)).transpose()?;
                retry_failed(config, db, &hook_id, since, out).await
            }
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

/// A moment as typed: a time (`2026-11-23T10:00:00Z`) or a duration back from now (`90m`, `2d`).
fn moment(flag: &str, text: &str) -> Result<i64, Error> {
    if let Ok(at) = timestamp::parse(text.trim()) {
        return Ok(at);
    }
    match crate::fields::duration(text) {
        Ok(back) => {
            Ok(timestamp::now_ms()
                .saturating_sub(i64::try_from(back.as_millis()).unwrap_or(i64::MAX)))
        }
        Err(_) => Err(Error::Invalid(format!(
            "{flag}: '{text}' is neither a time such as 2026-11-23T10:00:00Z nor a duration such as 90m or 2d"
        ))),
    }
}

/// A delivery's id as typed.
fn delivery_id(text: &str) -> Result<DeliveryId, Error> {
    text.parse()
        .map_err(|e: crate::ids::BadId| Error::Invalid(e.to_string()))
}

/// A webhook address's id as typed.
pub(super) fn hook_id(text: &str) -> Result<HookId, Error> {
    text.parse()
        .map_err(|e: crate::ids::BadId| Error::Invalid(e.to_string()))
}

/// What `hooks add` was given.
struct Adding<'a> {
    space: &'a str,
    url: &'a str,
    events: Option<&'a [String]>,
    signature_headers: crate::domain::SignatureHeaders,
}

async fn add(
    config: &Config,
    db: &Db,
    adding: &Adding<'_>,
    allow: &AllowArgs,
    out: &mut impl Write,
) -> Result<(), Error> {
    let events = event_filter(adding.events)?;
    let policy = policy(allow)?;
    let added = service::hooks::add(
        db,
        &ctx(config),
        adding.space,
        adding.url,
        events.as_deref(),
        adding.signature_headers,
        &policy,
    )
    .await?;
    let hook = added.hook;
    let space = adding.space;
    writeln!(out, "created {} for space {space}: {}", hook.id, hook.url)?;
    writeln!(
        out,
        "events: {}",
        hook.event_types.as_deref().unwrap_or("all")
    )?;
    writeln!(out, "signature headers: {}", hook.signature_headers)?;
    writeln!(
        out,
        "signing secret (shown only now; store it with the receiver):"
    )?;
    writeln!(out, "{}", added.secret)?;
    if let Some(reason) = &added.unresolved {
        writeln!(
            out,
            "note: its host does not resolve now ({reason}); nothing is sent until it does, and every connection checks where it leads, so nothing goes to a private address"
        )?;
    }
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
    let mut table_rows: Vec<[String; 9]> = Vec::new();
    for hook in rows {
        let secrets = hooks::live_secret_count(handle.conn(), hook.id, now).await?;
        let latency = hooks::recent_latency(handle.conn(), hook.id, 20).await?;
        let status = match (hook.disabled_at, &hook.disabled_reason, hook.status) {
            (Some(_), Some(reason), HookStatus::Active) => format!("disabled ({reason})"),
            (Some(_), None, HookStatus::Active) => "disabled (by hand)".into(),
            (_, _, status) => status.to_string(),
        };
        let when = |at: Option<i64>| at.map_or_else(|| "-".into(), timestamp::format_ms);
        table_rows.push([
            hook.id.to_string(),
            status,
            hook.event_types.clone().unwrap_or_else(|| "all".into()),
            if hook.is_active() {
                secrets.to_string()
            } else {
                "-".into()
            },
            when(hook.last_success_at),
            when(hook.failing_since),
            hook.failure_streak.to_string(),
            latency.map_or_else(|| "-".into(), |ms| format!("{ms} ms")),
            hook.url,
        ]);
    }
    table::write(
        out,
        &[
            "ID",
            "STATUS",
            "EVENTS",
            "SECRETS",
            "LAST SUCCESS",
            "FAILING SINCE",
            "FAILURES",
            "LATENCY",
            "URL",
        ],
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
        crate::fields::duration(overlap).map_err(|e| Error::Invalid(format!("--overlap: {e}")))?;
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
    filter: &deliveries::Filter,
    limit: u32,
    out: &mut impl Write,
) -> Result<(), Error> {
    let id = self::hook_id(hook_id)?;
    let mut handle = db.acquire().await?;
    let hook = hooks::find(handle.conn(), id)
        .await?
        .ok_or(Missing::Hook { id })?;
    let rows = deliveries::list_for_hook(handle.conn(), hook.id, filter, i64::from(limit)).await?;
    if rows.is_empty() {
        let filtered = *filter != deliveries::Filter::default();
        let what = if filtered {
            "deliveries that match"
        } else {
            "deliveries"
        };
        writeln!(out, "{hook_id} has no {what}")?;
        return Ok(());
    }
    let table_rows: Vec<[String; 8]> = rows
        .into_iter()
        .map(|d| {
            let last = outcome_text(d.last_status_code, d.last_error_class);
            [
                d.id.to_string(),
                d.event_id.to_string(),
                d.event_type.to_string(),
                d.status.to_string(),
                d.attempts.to_string(),
                last,
                match (d.next_attempt_at, d.status) {
                    (Some(at), _) => timestamp::format_ms(at),
                    // Pending with no due time: kept while the address is disabled.
                    (None, DeliveryStatus::Pending) => "kept (disabled)".into(),
                    (None, _) => "-".into(),
                },
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

async fn enable(
    config: &Config,
    db: &Db,
    hook_id: &str,
    drop: bool,
    out: &mut impl Write,
) -> Result<(), Error> {
    let id = self::hook_id(hook_id)?;
    let enabled = service::hooks::enable(db, &ctx(config), id, drop).await?;
    writeln!(out, "enabled {} ({})", enabled.hook.id, enabled.hook.url)?;
    match (enabled.kept, drop) {
        (0, _) => writeln!(out, "no deliveries were kept while it was disabled")?,
        (kept, false) => writeln!(
            out,
            "{kept} deliveries kept while it was disabled are due now; the delivery loop sends them"
        )?,
        (kept, true) => writeln!(
            out,
            "{kept} deliveries kept while it was disabled are marked failed; `tourney hooks retry --hook {id} --failed` can still send them"
        )?,
    }
    Ok(())
}

async fn attempts(db: &Db, delivery_id: &str, out: &mut impl Write) -> Result<(), Error> {
    let id = self::delivery_id(delivery_id)?;
    let mut handle = db.acquire().await?;
    let delivery = deliveries::find(handle.conn(), id)
        .await?
        .ok_or(Missing::Delivery { id })?;
    let rows = deliveries::attempts(handle.conn(), id).await?;
    writeln!(
        out,
        "{id}: {} of {} to {}, {} after {} attempts",
        delivery.event_type,
        delivery.event_id,
        delivery.hook_id,
        delivery.status,
        delivery.attempts
    )?;
    if rows.is_empty() {
        return Ok(());
    }
    let table_rows: Vec<[String; 7]> = rows
        .into_iter()
        .map(|a| {
            let head = outcome_text(a.status_code, a.error_class);
            let outcome = match (&a.error_reason, a.error_class) {
                (Some(reason), Some(_)) => format!("{head}: {reason}"),
                _ => head,
            };
            [
                a.number.to_string(),
                a.trigger.to_string(),
                timestamp::format_ms(a.started_at),
                format!("{} ms", a.duration_ms),
                outcome,
                a.peer_addr.unwrap_or_else(|| "-".into()),
                a.response_excerpt
                    .map_or_else(|| "-".into(), |text| one_line(&text, 60)),
            ]
        })
        .collect();
    table::write(
        out,
        &[
            "#", "TRIGGER", "STARTED", "TOOK", "OUTCOME", "PEER", "ANSWER",
        ],
        &table_rows,
    )?;
    Ok(())
}

/// `text` on one line, cut to `most` characters (with … when cut).
fn one_line(text: &str, most: usize) -> String {
    let flat: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if flat.chars().count() <= most {
        return flat;
    }
    let mut cut: String = flat.chars().take(most.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

async fn retry_one(
    config: &Config,
    db: &Db,
    delivery_id: &str,
    out: &mut impl Write,
) -> Result<(), Error> {
    let id = self::delivery_id(delivery_id)?;
    service::hooks::retry(db, &ctx(config), id).await?;
    writeln!(
        out,
        "queued {id} for one manual attempt; the delivery loop (`serve`, or `dispatch`) sends it now"
    )?;
    Ok(())
}

async fn retry_failed(
    config: &Config,
    db: &Db,
    hook_id: &str,
    since: Option<i64>,
    out: &mut impl Write,
) -> Result<(), Error> {
    let id = self::hook_id(hook_id)?;
    let failed = {
        let mut handle = db.acquire().await?;
        deliveries::count_failed_for_hook(handle.conn(), id, since).await?
    };
    let bar = (std::io::stdout().is_terminal() && failed > 0).then(|| {
        let bar = ProgressBar::with_draw_target(
            Some(u64::try_from(failed).unwrap_or(0)),
            ProgressDrawTarget::stdout(),
        );
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} deliveries queued") {
            bar.set_style(style);
        }
        bar
    });
    let queued = service::hooks::retry_failed(db, &ctx(config), id, since, |batch| {
        if let Some(bar) = &bar {
            bar.inc(u64::try_from(batch).unwrap_or(0));
        }
    })
    .await?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let scope = since.map_or_else(String::new, |at| {
        format!(" of events since {}", timestamp::format_ms(at))
    });
    if queued == 0 {
        writeln!(out, "{id} has no failed deliveries{scope}")?;
        return Ok(());
    }
    writeln!(
        out,
        "queued {queued} failed deliveries{scope} of {id} for one manual attempt each; the delivery loop (`serve`, or `dispatch`) sends them now"
    )?;
    Ok(())
}

/// `200`, `500 (http)`, `tls`, or `-`: an attempt's status code and error class.
fn outcome_text(code: Option<i64>, class: Option<ErrorClass>) -> String {
    match (code, class) {
        (Some(code), None) => code.to_string(),
        (Some(code), Some(class)) => format!("{code} ({class})"),
        (None, Some(class)) => class.to_string(),
        (None, None) => "-".into(),
    }
}
