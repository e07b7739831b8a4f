//! A tournament's settings at the desk: the shell's `tournaments update` for what the form
//! changes (only the fields that differ from what it showed are sent, so a tournament in play
//! keeps its start and places while its name changes), refused when the settings changed since
//! the page showed them; a refusal shows the form as sent with why, beside its field.
//!
//! Never writes itself: `service::tournaments::update` does, with the member as its actor.

use warp::http::StatusCode;

use super::forms::{changes, settings_values};
use super::pipeline::{Answer, Done, Problem, Scope};
use crate::db::tournaments::TournamentRow;
use crate::http::forms::Fields;
use crate::pages::desk::settings::{self as page, SettingsValues};
use crate::pages::i18n::T;
use crate::service;

/// `GET …/tournaments/<slug>/settings`.
pub(super) async fn settings(scope: &Scope<'_>, tournament: &TournamentRow) -> Answer {
    let values = stored(scope, tournament).await?;
    let page = page::page(&scope.view, tournament, &values, None, None);
    Ok(scope.respond(StatusCode::OK, &page))
}

/// The tournament's settings as the form shows them, with the stations listed for it.
async fn stored(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
) -> Result<SettingsValues, crate::service::ServiceError> {
    let mut handle = scope.app.db.acquire().await?;
    let serving = crate::db::stations::serving(handle.conn(), tournament.id).await?;
    let names: Vec<String> = serving.into_iter().map(|s| s.name).collect();
    Ok(SettingsValues::of(tournament, &names)?)
}

/// `POST …/tournaments/<slug>/settings`.
pub(super) async fn save(scope: &Scope<'_>, tournament: &TournamentRow, fields: &Fields) -> Answer {
    let sent = settings_values(fields);
    let again = |problem: Problem| {
        let page = page::page(
            &scope.view,
            tournament,
            &sent,
            Some(problem.notice),
            problem.field,
        );
        std::future::ready(Ok(scope.respond(problem.status, &page)))
    };
    let stored = stored(scope, tournament).await?;
    let changes = match changes(&stored, &sent) {
        Ok(changes) => changes,
        Err(unreadable) => return again(scope.unreadable(unreadable)).await,
    };
    let slug = &tournament.slug;
    let saved = service::tournaments::update(&scope.app.db, &scope.ctx(), slug, &changes).await;
    let done = saved.map(|_| Done::to(format!("tournaments/{slug}"), "saved"));
    scope.finish(done, T::DeskNotDone, again).await
}
