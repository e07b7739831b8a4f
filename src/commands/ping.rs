//! `tourney ping HOOK_ID`: a signed `ping` event to one address, sent now through the real
//! delivery path (claim, sign, send, record), with the outcome printed. [`Sending::send_now`] is
//! that path for every test event sent from the shell (`ping`, and the examples of `hooks test`).

use std::io::Write;

use super::{Error, ctx};
use crate::cli::NetworkArgs;
use crate::config::Config;
use crate::db::Db;
use crate::service;
use crate::service::hooks::Pinged;
use crate::webhook::dispatcher::{DispatchOptions, Dispatcher, new_token};
use crate::webhook::schedule;

pub async fn run(
    config: &Config,
    db: &Db,
    hook_id: &str,
    network: &NetworkArgs,
    out: &mut impl Write,
) -> Result<(), Error> {
    let id = super::hooks::hook_id(hook_id)?;
    let sending = Sending::new(db, network)?;
    let ctx = ctx(config);
    let pinged =
        service::hooks::ping(db, &ctx, id, &sending.token, sending.dispatcher.lease()).await?;
    sending.send_now("ping", pinged, out).await
}

/// A dispatcher of one request at a time and the claim token for one test event.
pub(super) struct Sending {
    pub dispatcher: Dispatcher,
    pub token: String,
}

impl Sending {
    pub fn new(db: &Db, network: &NetworkArgs) -> Result<Sending, Error> {
        let sender = super::dispatch::sender(network)?;
        let delays =
            schedule::parse_delays(schedule::DEFAULT_RETRY_DELAYS).map_err(Error::Invalid)?;
        Ok(Sending {
            dispatcher: Dispatcher::new(db.clone(), sender, DispatchOptions::new(1, delays)),
            token: new_token()?,
        })
    }

    /// Sends the test event claimed under the token now, and prints the outcome (`what` names
    /// it: `ping`, `match.completed example`); a failed attempt is an error with the reason.
    pub async fn send_now(
        &self,
        what: &str,
        pinged: Pinged,
        out: &mut impl Write,
    ) -> Result<(), Error> {
        let id = pinged.hook.id;
        let job = self
            .dispatcher
            .load(&self.token)
            .await?
            .into_iter()
            .next()
            .ok_or_else(|| {
                Error::Invalid(format!(
                    "the {what} delivery to {id} was taken by another process"
                ))
            })?;
        let report = self.dispatcher.attempt(job).await?;
        let outcome = &report.outcome;
        let event = pinged.event;
        let delivery = report.delivery_id;
        if outcome.succeeded() {
            writeln!(
                out,
                "{what} {event} to {}: {} in {} ms ({delivery})",
                pinged.hook.url,
                outcome.summary(),
                outcome.duration.as_millis()
            )?;
            return Ok(());
        }
        // The receiver's own words when it answered; a transport error's text only when no
        // reason says it better.
        let answered = outcome.status_code.is_some() || outcome.reason.is_none();
        let detail = outcome
            .excerpt
            .as_deref()
            .filter(|_| answered)
            .map(|text| format!(": {}", text.chars().take(300).collect::<String>()))
            .unwrap_or_default();
        Err(Error::Invalid(format!(
            "{what} {event} to {} failed after {} ms ({delivery}): {}{detail}",
            pinged.hook.url,
            outcome.duration.as_millis(),
            outcome.explained()
        )))
    }
}
