//! `tourney ping HOOK_ID`: a signed `ping` event to one address, sent now through the real
//! delivery path (claim, sign, send, record), with the outcome printed.

use std::io::Write;

use super::{Error, ctx};
use crate::cli::NetworkArgs;
use crate::config::Config;
use crate::db::Db;
use crate::service;
use crate::webhook::dispatcher::{DispatchOptions, Dispatcher, new_token};
use crate::webhook::schedule;

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
    let id = super::hooks::hook_id(hook_id)?;
    let token = new_token()?;
    let ctx = ctx(config);
    let pinged =
        service::hooks::ping(db, &ctx, id, &token, dispatcher.lease_until(ctx.now)).await?;
    let job = dispatcher
        .load(&token)
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| {
            Error::Invalid(format!(
                "the ping delivery to {id} was taken by another process"
            ))
        })?;
    let report = dispatcher.attempt(job).await?;
    let outcome = &report.outcome;
    let event = pinged.event;
    let delivery = report.delivery_id;
    if outcome.succeeded() {
        writeln!(
            out,
            "ping {event} to {}: {} in {} ms ({delivery})",
            pinged.hook.url,
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
        "ping {event} to {} failed: {} after {} ms ({delivery}){detail}",
        pinged.hook.url,
        outcome.summary(),
        outcome.duration.as_millis()
    )))
}
