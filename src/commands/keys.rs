//! `tourney keys create|list|revoke`.

use std::io::Write;

use super::{Error, ctx, parse_id, table};
use crate::cli::KeysCommand;
use crate::config::Config;
use crate::db::{Db, api_keys, spaces};
use crate::ids::KeyId;
use crate::service::{self, Missing};
use crate::timestamp;

pub async fn run(
    config: &Config,
    db: &Db,
    command: KeysCommand,
    out: &mut impl Write,
) -> Result<(), Error> {
    match command {
        KeysCommand::Create { space, name } => {
            let created = service::keys::create(db, &ctx(config), &space, name.as_deref()).await?;
            writeln!(out, "created {} for space {space}", created.id)?;
            writeln!(out, "{}", created.key)?;
            writeln!(
                out,
                "Store this key now: it is shown only once and cannot be recovered."
            )?;
        }
        KeysCommand::List { space } => {
            let mut handle = db.acquire().await?;
            let space = spaces::find_by_slug(handle.conn(), &space)
                .await?
                .ok_or(Missing::Space { slug: space })?;
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
                        k.id.to_string(),
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
            let id: KeyId = parse_id(&key_id, || Missing::Key { id: key_id.clone() })?;
            service::keys::revoke(db, &ctx(config), id).await?;
            writeln!(
                out,
                "revoked {id}; every server refuses it from the next request"
            )?;
        }
    }
    Ok(())
}
