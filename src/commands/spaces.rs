//! `tourney spaces create|list`.

use std::io::Write;

use crate::config::Config;
use crate::db::{Db, audit, spaces};
use crate::domain::names::{self, NAME_MAX_CHARS};
use crate::domain::{Locale, Slug};
use crate::error::Error;
use crate::{ids, timestamp};

use super::table;

pub async fn create(
    config: &Config,
    db: &Db,
    slug: &str,
    name: &str,
    locale: &str,
    out: &mut impl Write,
) -> Result<(), Error> {
    let slug = Slug::parse(slug).map_err(|e| Error::Invalid(e.to_string()))?;
    let name = names::one_line(name, NAME_MAX_CHARS)
        .map_err(|e| Error::Invalid(format!("--name: {e}")))?;
    let locale: Locale = locale
        .parse()
        .map_err(|e: crate::domain::UnknownValue| Error::Invalid(e.to_string()))?;
    let now = timestamp::now_ms();

    let mut tx = db.begin().await?;
    let space = match spaces::insert(tx.conn(), slug.as_str(), name, locale, now).await {
        Ok(space) => space,
        Err(e) if e.is_unique_violation() => {
            return Err(Error::Conflict(format!(
                "space '{slug}' already exists; choose another slug"
            )));
        }
        Err(e) => return Err(e.into()),
    };
    let id = ids::format(ids::Kind::Space, space.id);
    let entry = audit::Entry {
        space_id: Some(space.id),
        actor: &config.actor,
        action: "space.created",
        target: Some(&id),
        details: None,
        now,
    };
    audit::record(tx.conn(), &entry).await?;
    tx.commit().await?;
    writeln!(
        out,
        "created space {} ({id}): {}, locale {}",
        space.slug, space.name, space.locale
    )?;
    Ok(())
}

pub async fn list(db: &Db, out: &mut impl Write) -> Result<(), Error> {
    let mut handle = db.acquire().await?;
    let rows = spaces::list(handle.conn()).await?;
    if rows.is_empty() {
        writeln!(
            out,
            "no spaces yet: create one with `tourney spaces create SLUG --name NAME`"
        )?;
        return Ok(());
    }
    let table: Vec<[String; 5]> = rows
        .iter()
        .map(|s| {
            [
                ids::format(ids::Kind::Space, s.id),
                s.slug.clone(),
                s.locale.to_string(),
                timestamp::format_ms(s.created_at),
                s.name.clone(),
            ]
        })
        .collect();
    table::write(out, &["ID", "SLUG", "LOCALE", "CREATED", "NAME"], &table)?;
    Ok(())
}
