//! `tourney members add|list|role|remove` and `tourney login-link`: who manages a space in its
//! section, and the single-use link that signs one of them in. The link is printed once and
//! stored only as its hash.

use std::io::Write;

use super::{Error, ctx, table};
use crate::cli::MembersCommand;
use crate::config::Config;
use crate::db::{Db, people, spaces};
use crate::service::{self, Missing};
use crate::timestamp;

pub async fn run(
    config: &Config,
    db: &Db,
    command: MembersCommand,
    out: &mut impl Write,
) -> Result<(), Error> {
    let ctx = ctx(config);
    match command {
        MembersCommand::Add { space, email, role } => {
            let added = service::members::add(db, &ctx, &space, &email, role.into(), false).await?;
            writeln!(
                out,
                "added {} to {space} as {}; `tourney login-link --email {}` signs them in",
                added.person.email,
                crate::domain::Role::from(role),
                added.person.email
            )?;
        }
        MembersCommand::List { space } => {
            let mut handle = db.acquire().await?;
            let row = spaces::find_by_slug(handle.conn(), &space)
                .await?
                .ok_or(Missing::Space { slug: space })?;
            let members = people::members(handle.conn(), row.id).await?;
            if members.is_empty() {
                writeln!(
                    out,
                    "space {} has no members: add an owner with `tourney members add --space {} --email E --role owner`",
                    row.slug, row.slug
                )?;
                return Ok(());
            }
            let rows: Vec<[String; 4]> = members
                .iter()
                .map(|m| {
                    [
                        m.person_id.to_string(),
                        m.role.to_string(),
                        timestamp::format_ms(m.added_at),
                        m.email.clone(),
                    ]
                })
                .collect();
            table::write(out, &["ID", "ROLE", "ADDED", "EMAIL"], &rows)?;
        }
        MembersCommand::Role { space, email, role } => {
            let person = service::members::set_role(db, &ctx, &space, &email, role.into()).await?;
            writeln!(
                out,
                "{} is now {} of {space}",
                person.email,
                crate::domain::Role::from(role)
            )?;
        }
        MembersCommand::Remove { space, email } => {
            let person = service::members::remove(db, &ctx, &space, &email).await?;
            writeln!(out, "removed {} from {space}", person.email)?;
        }
    }
    Ok(())
}

/// `tourney login-link --email E`: prints the link once.
pub async fn login_link(
    config: &Config,
    db: &Db,
    email: &str,
    out: &mut impl Write,
) -> Result<(), Error> {
    let token = service::sign_in::issue_link(db, &ctx(config), email).await?;
    let minutes = service::sign_in::LINK_TTL_MS / 60_000;
    writeln!(out, "{}/en/sign-in/{token}", config.base_url)?;
    writeln!(
        out,
        "Open it within {minutes} minutes, once (the Russian pages: /ru/ instead of /en/). It is shown only here."
    )?;
    Ok(())
}
