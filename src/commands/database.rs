//! `tourney db migrate`.

use std::io::Write;

use super::Error;
use crate::config::{Config, redact_password};
use crate::db::{Backend, Db, MIGRATIONS_POSTGRES, MIGRATIONS_SQLITE};

/// Opens the database (which applies pending migrations) and reports the schema version.
pub async fn migrate(config: &Config, out: &mut impl Write) -> Result<(), Error> {
    let db = Db::open(&config.database_url).await?;
    let migrator = match db.backend() {
        Backend::Sqlite => &MIGRATIONS_SQLITE,
        Backend::Postgres => &MIGRATIONS_POSTGRES,
    };
    let latest = migrator.iter().map(|m| m.version).max().unwrap_or(0);
    db.close().await;
    writeln!(
        out,
        "database {} is at schema version {latest}",
        redact_password(&config.database_url)
    )?;
    Ok(())
}
