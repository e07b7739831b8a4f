//! `tourney db migrate` and `tourney db backup`.

use std::io::Write;
use std::path::Path;

use super::Error;
use crate::config::{Config, redact_password};
use crate::db::{Backend, Db, MIGRATIONS_POSTGRES, MIGRATIONS_SQLITE, backup};

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

/// Copies the SQLite database into the new file `file` and reports what was written; on
/// Postgres, says how to back it up with its own tools.
pub async fn backup(config: &Config, file: &Path, out: &mut impl Write) -> Result<(), Error> {
    if Backend::of_url(&config.database_url)? == Backend::Postgres {
        return Err(Error::Invalid(format!(
            "tourney db backup copies SQLite databases; back up Postgres with pg_dump, e.g. pg_dump --format=custom --file={} '{}' (restore with pg_restore, see docs/operations.md)",
            file.display(),
            redact_password(&config.database_url)
        )));
    }
    let written = backup::sqlite(&config.database_url, file).await?;
    writeln!(
        out,
        "wrote {} ({} bytes): a consistent copy of {}, integrity_check ok",
        written.path.display(),
        written.bytes,
        redact_password(&config.database_url)
    )?;
    Ok(())
}
