//! `tourney spaces create|list|place`.

use std::io::Write;

use super::{Error, ctx, table};
use crate::config::Config;
use crate::db::{Db, spaces};
use crate::domain::Locale;
use crate::service;
use crate::timestamp;

pub async fn create(
    config: &Config,
    db: &Db,
    slug: &str,
    name: &str,
    locale: Locale,
    out: &mut impl Write,
) -> Result<(), Error> {
    let space = service::spaces::create(db, &ctx(config), slug, name, locale).await?;
    writeln!(
        out,
        "created space {} ({}): {}, locale {}",
        space.slug, space.id, space.name, space.locale
    )?;
    Ok(())
}

/// `spaces place SLUG PLACE` / `spaces place SLUG --online`.
pub async fn place(
    config: &Config,
    db: &Db,
    slug: &str,
    place: Option<&str>,
    out: &mut impl Write,
) -> Result<(), Error> {
    let space = service::spaces::set_place(db, &ctx(config), slug, place).await?;
    match &space.place {
        Some(place) => writeln!(out, "{}'s tournaments are played at {place}", space.slug)?,
        None => writeln!(out, "{}'s tournaments are played online", space.slug)?,
    }
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
    let table: Vec<[String; 6]> = rows
        .iter()
        .map(|s| {
            [
                s.id.to_string(),
                s.slug.clone(),
                s.locale.to_string(),
                timestamp::format_ms(s.created_at),
                s.place.clone().unwrap_or_else(|| "online".to_owned()),
                s.name.clone(),
            ]
        })
        .collect();
    table::write(
        out,
        &["ID", "SLUG", "LOCALE", "CREATED", "PLACE", "NAME"],
        &table,
    )?;
    Ok(())
}
