//! `tourney audit`: the audit log as admins read it, filtered by space, time and actor. Entries
//! name who acted, what they did and on what (ids, never secrets or email addresses).

use std::io::Write;

use super::{Error, table};
use crate::cli::AuditArgs;
use crate::db::audit::{self, Filter};
use crate::db::{Db, spaces};
use crate::service::Missing;
use crate::timestamp;

pub async fn run(db: &Db, args: &AuditArgs, out: &mut impl Write) -> Result<(), Error> {
    let since = args
        .since
        .as_deref()
        .map(timestamp::parse)
        .transpose()
        .map_err(|e| Error::Invalid(format!("--since: {e}")))?;
    let mut handle = db.acquire().await?;
    let all_spaces = spaces::list(handle.conn()).await?;
    let space_id = match &args.space {
        Some(slug) => Some(
            all_spaces
                .iter()
                .find(|s| &s.slug == slug)
                .map(|s| s.id)
                .ok_or_else(|| Missing::Space { slug: slug.clone() })?,
        ),
        None => None,
    };
    let filter = Filter {
        space_id,
        since,
        actor: args.by.as_deref(),
    };
    let rows = audit::latest(handle.conn(), filter, i64::from(args.limit)).await?;
    if rows.is_empty() {
        writeln!(out, "no audit entries match")?;
        return Ok(());
    }
    let space_of = |id| {
        all_spaces
            .iter()
            .find(|s| Some(s.id) == id)
            .map_or_else(|| "-".to_owned(), |s| s.slug.clone())
    };
    let table_rows: Vec<[String; 6]> = rows
        .into_iter()
        .map(|r| {
            [
                timestamp::format_ms(r.created_at),
                space_of(r.space_id),
                r.actor,
                r.action,
                r.target.unwrap_or_else(|| "-".into()),
                r.details.unwrap_or_default(),
            ]
        })
        .collect();
    table::write(
        out,
        &["AT", "SPACE", "ACTOR", "ACTION", "TARGET", "DETAILS"],
        &table_rows,
    )?;
    Ok(())
}
