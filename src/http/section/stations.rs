//! The space's stations at the desk (`/<locale>/organizer/<space>/stations`): the page, adding
//! stations (one name per line: all or none), a station's Pause, Resume and Remove, and where
//! the space's tournaments are played (`…/place`, `service::spaces::set_place`). Each
//! post is one service operation (`service::stations`); a refusal shows the page again with
//! why, the add form holding what was sent.
//!
//! Never writes to the database itself.

use warp::http::StatusCode;

use super::pipeline::{Answer, Done, Problem, Scope};
use super::routes::StationAction;
use crate::http::forms::Fields;
use crate::ids::StationId;
use crate::pages::desk::stations::{self as page, Sent};
use crate::pages::i18n::T;
use crate::pages::section::Notice;
use crate::service::stations::{self, Named};

/// `GET …/stations`.
pub(super) async fn page(scope: &Scope<'_>) -> Answer {
    stations_page(scope, StatusCode::OK, &Sent::default(), scope.done_notice()).await
}

async fn stations_page(
    scope: &Scope<'_>,
    status: StatusCode,
    sent: &Sent,
    notice: Option<Notice>,
) -> Answer {
    let listed = {
        let mut handle = scope.app.db.acquire().await?;
        stations::read(handle.conn(), scope.view.space).await?
    };
    let page = page::page(&scope.view, &listed, sent, notice);
    Ok(scope.respond(status, &page))
}

/// `POST …/stations`: the names sent, one per line, added in order.
pub(super) async fn add(scope: &Scope<'_>, fields: &Fields) -> Answer {
    let text = fields.get("names");
    let names: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(str::to_owned)
        .collect();
    let again = |problem: Problem| async move {
        let sent = Sent {
            names: text.to_owned(),
            problem: Some(problem.notice.text.clone()),
            ..Sent::default()
        };
        stations_page(scope, problem.status, &sent, Some(problem.notice)).await
    };
    if names.is_empty() {
        let problem =
            scope.unreadable(super::pipeline::Unreadable::new("names", T::RefStationName));
        return again(problem).await;
    }
    let space = &scope.view.space.slug;
    let added = stations::add(&scope.app.db, &scope.ctx(), space, &names).await;
    let done = added.map(|_| Done::to("stations", "stations-added"));
    scope.finish(done, T::StationsNotDone, again).await
}

/// `POST …/place`: where the space's tournaments are played; empty, online.
pub(super) async fn place(scope: &Scope<'_>, fields: &Fields) -> Answer {
    let text = fields.get("place");
    let again = |problem: Problem| async move {
        let sent = Sent {
            place: Some(text.to_owned()),
            place_problem: Some(problem.notice.text.clone()),
            ..Sent::default()
        };
        stations_page(scope, problem.status, &sent, Some(problem.notice)).await
    };
    let space = &scope.view.space.slug;
    let saved =
        crate::service::spaces::set_place(&scope.app.db, &scope.ctx(), space, Some(text)).await;
    let done = saved.map(|_| Done::to("stations", "place-saved"));
    scope.finish(done, T::PlaceNotDone, again).await
}

/// `POST …/stations/<station>/<act>`.
pub(super) async fn act(scope: &Scope<'_>, station: &str, act: StationAction) -> Answer {
    let Ok(id) = station.parse::<StationId>() else {
        return Ok(scope.not_found());
    };
    let again = |problem: Problem| async move {
        stations_page(
            scope,
            problem.status,
            &Sent::default(),
            Some(problem.notice),
        )
        .await
    };
    let (db, ctx, space) = (&scope.app.db, scope.ctx(), &scope.view.space.slug);
    let done = match act {
        StationAction::Pause => stations::set_paused(db, &ctx, space, Named::Id(id), true)
            .await
            .map(|_| "station-paused"),
        StationAction::Resume => stations::set_paused(db, &ctx, space, Named::Id(id), false)
            .await
            .map(|_| "station-resumed"),
        StationAction::Remove => stations::remove(db, &ctx, space, Named::Id(id))
            .await
            .map(|_| "station-removed"),
    };
    let done = done.map(|what| Done::to("stations", what));
    scope.finish(done, T::StationsNotDone, again).await
}
