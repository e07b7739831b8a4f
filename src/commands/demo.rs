//! `tourney demo`.

use std::io::Write;

use super::{Error, ctx};
use crate::config::Config;
use crate::db::Db;
use crate::service::demo;

pub async fn run(config: &Config, db: &Db, out: &mut impl Write) -> Result<(), Error> {
    let created = demo::create(db, &ctx(config)).await?;
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
