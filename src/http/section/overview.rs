//! The section's first page, `/<locale>/organizer/<space>/integrations`: what the section is,
//! the space's webhook addresses with the form that adds one, and the space's recent audit
//! entries.

use warp::http::StatusCode;

use super::pipeline::{Answer, Scope};
use crate::db::audit;
use crate::pages::i18n::{self, T};
use crate::pages::in_space::Tab;
use crate::pages::section::{Block, Cell, Notice, Table};

/// Audit entries the page shows (the newest).
const AUDIT_ENTRIES: i64 = 20;

/// `GET …/integrations`.
pub(super) async fn page(scope: &Scope<'_>) -> Answer {
    respond(scope, StatusCode::OK, scope.done_notice(), "", None).await
}

/// The page with `status` and `notice`, and the add form holding `url` with its `url_error`.
pub(super) async fn respond(
    scope: &Scope<'_>,
    status: StatusCode,
    notice: Option<Notice>,
    url: &str,
    url_error: Option<String>,
) -> Answer {
    let (app, in_space) = (scope.app, &scope.view);
    let t = |text: T| in_space.t(text);
    let locale = in_space.locale();
    let mut page = in_space.frame(Tab::Overview, T::SectionTitle, notice);
    page.blocks.push(Block::text(t(T::SectionIntro)));
    page.blocks
        .extend(super::addresses::list_blocks(scope, url, url_error).await?);
    let entries = {
        let mut handle = app.db.acquire().await?;
        let filter = audit::Filter {
            space_id: Some(in_space.space.id),
            ..audit::Filter::default()
        };
        audit::latest(handle.conn(), filter, AUDIT_ENTRIES).await?
    };
    page.blocks.push(Block::heading(t(T::AuditTitle)));
    page.blocks.push(Block::table(Table {
        caption: t(T::AuditTitle).into(),
        quiet_caption: true,
        heads: [T::WhenHead, T::WhoHead, T::WhatHead, T::TargetHead]
            .iter()
            .map(|h| t(*h).into())
            .collect(),
        rows: entries
            .iter()
            .rev()
            .map(|e| {
                vec![
                    Cell::text(i18n::date_time(locale, e.created_at)),
                    Cell::text(
                        T::actor(&e.actor)
                            .map_or_else(|| e.actor.clone(), |t| t.get(locale).to_owned()),
                    ),
                    Cell::code(e.action.clone()),
                    Cell::code(e.target.clone().unwrap_or_default()),
                ]
            })
            .collect(),
        empty: entries.is_empty().then(|| t(T::NoAudit).into()),
    }));
    Ok(scope.respond(status, &page))
}
