//! `tourney demo`.

use std::io::Write;

use crate::config::Config;
use crate::db::Db;
use crate::error::Error;
use crate::portal::{Ctx, demo};
use crate::timestamp;

pub async fn run(config: &Config, db: &Db, out: &mut impl Write) -> Result<(), Error> {
    let ctx = Ctx {
        base_url: &config.base_url,
        actor: &config.actor,
        now: timestamp::now_ms(),
    };
    let created = demo::create(db, &ctx).await?;
    writeln!(
        out,
        "created the demo space '{}' with {} tournaments:",
        demo::SPACE,
        created.tournaments.len()
    )?;
    for (slug, format, status) in &created.tournaments {
        writeln!(out, "  {slug:<24} {:<20} {status}", format.as_str())?;
    }
    Ok(())
}
