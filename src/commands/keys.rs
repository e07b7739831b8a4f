//! `tourney keys create|list|revoke|roll`.

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
                    let status = match (k.revoked_at, k.expires_at) {
                        (Some(at), _) => format!("revoked {}", timestamp::format_ms(at)),
                        (None, Some(at)) if at <= timestamp::now_ms() => {
                            format!("rolled, ended {}", timestamp::format_ms(at))
                        }
                        (None, Some(at)) => {
                            format!("rolled, works until {}", timestamp::format_ms(at))
                        }
                        (None, None) => "active".to_owned(),
                    };
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
        KeysCommand::Roll { key_id, grace } => {
            let id: KeyId = parse_id(&key_id, || Missing::Key { id: key_id.clone() })?;
            let grace = crate::fields::duration(&grace)
                .map_err(|e| Error::Invalid(format!("--grace: {e}")))?;
            let grace_ms = i64::try_from(grace.as_millis()).unwrap_or(i64::MAX);
            let created = service::keys::roll(db, &ctx(config), id, None, grace_ms).await?;
            writeln!(out, "created {} to replace {id}", created.id)?;
            writeln!(out, "{}", created.key)?;
            writeln!(
                out,
                "Store this key now: it is shown only once and cannot be recovered."
            )?;
            match grace_ms {
                0 => writeln!(out, "{id} is revoked")?,
                _ => writeln!(
                    out,
                    "{id} keeps working until {}",
                    timestamp::format_ms(timestamp::now_ms().saturating_add(grace_ms))
                )?,
            }
        }
        KeysCommand::Revoke { key_id } => {
            let id: KeyId = parse_id(&key_id, || Missing::Key { id: key_id.clone() })?;
            service::keys::revoke(db, &ctx(config), id, None).await?;
            writeln!(
                out,
                "revoked {id}; every server refuses it from the next request"
            )?;
        }
    }
    Ok(())
}
