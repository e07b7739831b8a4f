//! The section's first page, `/<locale>/organizer/<space>/integrations`: reads the space's
//! webhook addresses and its newest audit entries for `pages::integrations::overview`, also as
//! the answer to a refused address (the add form holding what was sent, with why).

use warp::http::StatusCode;

use super::pipeline::{Answer, Scope};
use crate::db::{audit, hooks};
use crate::pages::integrations::addresses::AddValues;
use crate::pages::integrations::overview;
use crate::pages::section::Notice;

/// Audit entries the page shows (the newest).
const AUDIT_ENTRIES: i64 = 20;

/// `GET …/integrations`.
pub(super) async fn page(scope: &Scope<'_>) -> Answer {
    respond(
        scope,
        StatusCode::OK,
        scope.done_notice(),
        AddValues::default(),
    )
    .await
}

/// The page with `status` and `notice`, and the add form holding `sent`.
pub(super) async fn respond(
    scope: &Scope<'_>,
    status: StatusCode,
    notice: Option<Notice>,
    sent: AddValues,
) -> Answer {
    let space = scope.view.space.id;
    let (hooks, entries) = {
        let mut handle = scope.app.db.acquire().await?;
        let hooks = hooks::list(handle.conn(), space).await?;
        let filter = audit::Filter {
            space_id: Some(space),
            ..audit::Filter::default()
        };
        let entries = audit::latest(handle.conn(), filter, AUDIT_ENTRIES).await?;
        (hooks, entries)
    };
    let page = overview::page(&scope.view, &hooks, &sent, &entries, notice);
    Ok(scope.respond(status, &page))
}
