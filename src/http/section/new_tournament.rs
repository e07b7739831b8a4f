//! The desk's "New tournament" form: the shell's `tournaments create` in a browser. The values
//! are read as the shell reads its options and checked by the service's own rules; a refusal
//! shows the form again as it was sent, with the reason beside its field.
//!
//! Never creates anything itself: `service::tournaments::create` does, with the member as its
//! actor.

use warp::http::StatusCode;

use super::forms::{draft, new_values};
use super::pipeline::{Answer, Done, Problem, Scope};
use crate::http::forms::Fields;
use crate::pages::desk::new_tournament::{self as page, NewValues};
use crate::pages::i18n::T;
use crate::service;

/// `GET …/tournaments/new`.
pub(super) fn form(scope: &Scope<'_>) -> Answer {
    let page = page::page(&scope.view, &NewValues::fresh(), None);
    Ok(scope.respond(StatusCode::OK, &page))
}

/// `POST …/tournaments`: creates the tournament (in DRAFT) and goes to its page.
pub(super) async fn create(scope: &Scope<'_>, fields: &Fields) -> Answer {
    let sent = new_values(fields);
    let again = |problem: Problem| {
        let problem_field = (problem.field.unwrap_or(""), problem.notice.text);
        let page = page::page(&scope.view, &sent, Some(problem_field));
        std::future::ready(Ok(scope.respond(problem.status, &page)))
    };
    let draft = match draft(&scope.view.space.slug, &sent) {
        Ok(draft) => draft,
        Err(unreadable) => return again(scope.unreadable(unreadable)).await,
    };
    let created = service::tournaments::create(&scope.app.db, &scope.ctx(), &draft).await;
    let done = created.map(|created| Done::to(format!("tournaments/{}", created.slug), "created"));
    scope.finish(done, T::NewRefused, again).await
}
