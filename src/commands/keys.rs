//! `tourney keys create|list|revoke`.

use std::io::Write;

use crate::cli::KeysCommand;
use crate::config::Config;
use crate::db::{Db, api_keys, audit, spaces};
use crate::domain::names::{self, NAME_MAX_CHARS};
use crate::error::Error;
use crate::{api_keys as keys, ids, timestamp};

use super::table;

pub async fn run(
    config: &Config,
    db: &Db,
    command: KeysCommand,
    out: &mut impl Write,
) -> Result<(), Error> {
    let now = timestamp::now_ms();
    match command {
        KeysCommand::Create { space, name } => {
            let (id, plaintext) = create(config, db, &space, name.as_deref(), now).await?;
            writeln!(out, "created {id} for space {space}")?;
            writeln!(out, "{plaintext}")?;
            writeln!(
                out,
                "Store this key now: it is shown only once and cannot be recovered."
            )?;
        }
        KeysCommand::List { space } => {
            let mut handle = db.acquire().await?;
            let space = spaces::find_by_slug(handle.conn(), &space)
                .await?
                .ok_or_else(|| Error::NotFound(format!("no space has the slug '{space}'")))?;
            let rows = api_keys::list_for_space(handle.conn(), space.id).await?;
            if rows.is_empty() {
                writeln!(
                    out,
                    "space {} has no keys: create one with `tourney keys create --space {}`",
                    space.slug, space.slug
                )?;
                return Ok(());
            }
            let table_rows: Vec<[String; 5]> = rows
                .iter()
                .map(|k| {
                    let status = k.revoked_at.map_or("active".to_owned(), |at| {
                        format!("revoked {}", timestamp::format_ms(at))
                    });
                    [
                        ids::format(ids::Kind::ApiKey, k.id),
                        format!("{}…", k.prefix),
                        timestamp::format_ms(k.created_at),
                        status,
                        k.name.clone().unwrap_or_default(),
                    ]
                })
                .collect();
            table::write(
                out,
                &["ID", "KEY", "CREATED", "STATUS", "NAME"],
                &table_rows,
            )?;
        }
        KeysCommand::Revoke { key_id } => {
            let id = ids::parse(ids::Kind::ApiKey, &key_id)
                .ok_or_else(|| Error::NotFound(format!("no key has the id '{key_id}'")))?;
            let mut tx = db.begin().await?;
            let key = api_keys::find(tx.conn(), id)
                .await?
                .ok_or_else(|| Error::NotFound(format!("no key has the id '{key_id}'")))?;
            let label = ids::format(ids::Kind::ApiKey, key.id);
            if key.revoked_at.is_some() {
                return Err(Error::Conflict(format!("{label} is already revoked")));
            }
            api_keys::revoke(tx.conn(), key.id, now).await?;
            let entry = audit::Entry {
                space_id: Some(key.space_id),
                actor: &config.actor,
                action: "api_key.revoked",
                target: Some(&label),
                details: None,
                now,
            };
            audit::record(tx.conn(), &entry).await?;
            tx.commit().await?;
            writeln!(out, "revoked {label}; it stops working within a second")?;
        }
    }
    Ok(())
}

/// Creates a key for the space `slug`; returns its id and the key, to be shown once.
pub(crate) async fn create(
    config: &Config,
    db: &Db,
    slug: &str,
    name: Option<&str>,
    now: i64,
) -> Result<(String, String), Error> {
    let name = name
        .map(|n| {
            names::one_line(n, NAME_MAX_CHARS).map_err(|e| Error::Invalid(format!("--name: {e}")))
        })
        .transpose()?;
    let mut tx = db.begin().await?;
    let space = spaces::find_by_slug(tx.conn(), slug)
        .await?
        .ok_or_else(|| Error::NotFound(format!("no space has the slug '{slug}'")))?;
    spaces::lock(tx.conn(), space.id).await?;
    let active = api_keys::count_active(tx.conn(), space.id).await?;
    if active >= keys::MAX_ACTIVE_PER_SPACE {
        return Err(Error::Conflict(format!(
            "space '{slug}' already has {active} active keys, the most allowed; revoke one first (`tourney keys list --space {slug}`)"
        )));
    }
    let key = keys::generate().map_err(|e| {
        Error::Invalid(format!(
            "the operating system gave no random numbers for a key: {e}"
        ))
    })?;
    let row = api_keys::insert(tx.conn(), space.id, name, &key.shown, &key.hash, now).await?;
    let id = ids::format(ids::Kind::ApiKey, row.id);
    let entry = audit::Entry {
        space_id: Some(space.id),
        actor: &config.actor,
        action: "api_key.created",
        target: Some(&id),
        details: name,
        now,
    };
    audit::record(tx.conn(), &entry).await?;
    tx.commit().await?;
    Ok((id, key.plaintext))
}
