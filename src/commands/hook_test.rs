//! `tourney hooks test HOOK_ID --event TYPE`: a realistic signed example of any event type,
//! marked `"example": true`, sent now to that one address through the real delivery path (the
//! same as `ping`), with the outcome printed.
//!
//! It never sends to another address and never writes a tournament's records: the service's
//! `send_example` owns that; this module only parses, calls and prints.

use std::io::Write;

use super::ping::Sending;
use super::{Error, ctx};
use crate::cli::NetworkArgs;
use crate::config::Config;
use crate::db::Db;
use crate::domain::EventType;
use crate::service;

pub async fn run(
    config: &Config,
    db: &Db,
    hook_id: &str,
    event_type: EventType,
    network: &NetworkArgs,
    out: &mut impl Write,
) -> Result<(), Error> {
    let id = super::hooks::hook_id(hook_id)?;
    let sending = Sending::new(db, network)?;
    let ctx = ctx(config);
    let sent = service::hooks::send_example(
        db,
        &ctx,
        id,
        event_type,
        &sending.token,
        sending.dispatcher.lease(),
    )
    .await?;
    sending
        .send_now(&format!("{event_type} example"), sent, out)
        .await
}
