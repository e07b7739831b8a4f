//! `tourney ping HOOK_ID`: a signed `ping` event to one address, sent now through the real
//! delivery path (claim, sign, send, record), with the outcome printed.

use std::io::Write;

use crate::cli::NetworkArgs;
use crate::config::Config;
use crate::db::outbox::{self, Audience};
use crate::db::{Db, audit, deliveries, hooks, spaces};
use crate::domain::EventType;
use crate::error::Error;
use crate::events::{PingData, SpaceRef};
use crate::webhook::dispatcher::{DispatchOptions, Dispatcher, new_token};
use crate::webhook::schedule;
use crate::{ids, timestamp};

pub async fn run(
    config: &Config,
    db: &Db,
    hook_id: &str,
    network: &NetworkArgs,
    out: &mut impl Write,
) -> Result<(), Error> {
    let sender = super::dispatch::sender(network)?;
    let delays = schedule::parse_delays(schedule::DEFAULT_RETRY_DELAYS).map_err(Error::Invalid)?;
    let dispatcher = Dispatcher::new(db.clone(), sender, DispatchOptions::new(1, delays));
    let id = ids::parse(ids::Kind::Hook, hook_id)
        .ok_or_else(|| Error::Invalid(format!("'{hook_id}' is not a webhook id such as hook_1")))?;
    let token = new_token()?;
    let now = timestamp::now_ms();

    let mut tx = db.begin().await?;
    let hook = hooks::find(tx.conn(), id)
        .await?
        .filter(|hook| hook.is_active())
        .ok_or_else(|| {
            Error::NotFound(format!("no active webhook address has the id {hook_id}"))
        })?;
    let space = spaces::find(tx.conn(), hook.space_id)
        .await?
        .ok_or_else(|| Error::NotFound(format!("the space of {hook_id} is gone")))?;
    let data = PingData {
        space: SpaceRef {
            id: ids::format(ids::Kind::Space, space.id),
            slug: space.slug.clone(),
        },
        message: format!(
            "Test event for {}, sent by tourney ping",
            ids::format(ids::Kind::Hook, hook.id)
        ),
    };
    let event = outbox::append(
        tx.conn(),
        space.id,
        None,
        EventType::Ping,
        &data,
        Audience::Hook(hook.id),
        now,
    )
    .await?;
    // Claimed before commit, so a running dispatcher never sends this one itself.
    deliveries::claim_for_ping(
        tx.conn(),
        event,
        hook.id,
        &token,
        now,
        dispatcher.lease_until(now),
    )
    .await?;
    let target = ids::format(ids::Kind::Hook, hook.id);
    let details = serde_json::json!({"event": ids::format(ids::Kind::Event, event)}).to_string();
    let entry = audit::Entry {
        space_id: Some(space.id),
        actor: &config.actor,
        action: "hook.pinged",
        target: Some(&target),
        details: Some(&details),
        now,
    };
    audit::record(tx.conn(), &entry).await?;
    tx.commit().await?;

    let job = dispatcher
        .load(&token)
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| {
            Error::Conflict(format!(
                "the ping delivery to {target} was taken by another process"
            ))
        })?;
    let report = dispatcher.attempt(job).await?;
    let outcome = &report.outcome;
    let event_id = ids::format(ids::Kind::Event, event);
    let delivery = ids::format(ids::Kind::Delivery, report.delivery_id);
    if outcome.succeeded() {
        writeln!(
            out,
            "ping {event_id} to {}: {} in {} ms ({delivery})",
            hook.url,
            outcome.summary(),
            outcome.duration.as_millis()
        )?;
        return Ok(());
    }
    let detail = outcome
        .excerpt
        .as_deref()
        .map(|text| format!(": {}", text.chars().take(300).collect::<String>()))
        .unwrap_or_default();
    Err(Error::Invalid(format!(
        "ping {event_id} to {} failed: {} after {} ms ({delivery}){detail}",
        hook.url,
        outcome.summary(),
        outcome.duration.as_millis()
    )))
}
