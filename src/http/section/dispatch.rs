//! Where each section request goes: the method checked against the route's table (405 with
//! `Allow` otherwise), signing in, the session (the sign-in page and back without one), the
//! space's scope and the route's duty (the pipeline), a post's checks, then the route's one
//! handler. Every answer carries the session's rotated cookie; a failure of the database is the
//! 503 page.
//!
//! Routes only: no handler's work is done here, and no role is compared but through the
//! routes' table.

use std::sync::Arc;

use warp::http::{HeaderValue, Method, StatusCode, header};
use warp::reply::Response;

use super::pipeline::{Answer, Scope, refused_post, signed_in_not_found, unavailable};
use super::routes::{self, Desk, Part, Route};
use super::session::{Visitor, checked_fields, to_sign_in};
use super::{
    desk, hooks, keys, matches, members, new_tournament, overview, registrations, room, settings,
    sign_in, stages, stations, widgets,
};
use crate::db::{people, spaces};
use crate::http::App;
use crate::http::forms::Fields;
use crate::http::html::{Request, not_found, redirect};
use crate::pages::in_space::{InSpace, sign_out_form};
use crate::pages::portal::Place;
use crate::service::access::Member;

pub async fn handle(
    app: &Arc<App>,
    place: &Place<'_>,
    route: Route<'_>,
    request: Request<'_>,
) -> Response {
    let allowed = routes::methods(route);
    let reading = matches!(*request.method, Method::GET | Method::HEAD);
    // A form's address opened as a page leads to the page the form is on.
    if let (true, Route::Space { space, part }) = (reading, route)
        && let Some(rest) = routes::page_of(part)
    {
        let url = format!("{}/{}/organizer/{space}/{rest}", app.base_url, place.locale);
        return redirect(&url, StatusCode::SEE_OTHER);
    }
    if !allowed.contains(request.method) {
        return method_not_allowed(place, allowed);
    }
    let posted = *request.method == Method::POST;
    let answer = match route {
        Route::SignIn if posted => sign_in::sign_in(app, place, request).await,
        Route::SignIn => sign_in::sign_in_page(app, place, request.headers, request.query),
        Route::Link { token } if posted => sign_in::use_link(app, place, token, request).await,
        Route::Link { token } => sign_in::link_page(app, place, token, request.headers).await,
        _ => signed_in(app, place, route, request).await,
    };
    answer.unwrap_or_else(|failure| {
        tracing::error!(error = %failure, "a section page failed");
        unavailable(place)
    })
}

fn method_not_allowed(place: &Place<'_>, allowed: &[Method]) -> Response {
    let allow = allowed
        .iter()
        .map(Method::as_str)
        .collect::<Vec<_>>()
        .join(", ");
    let mut response = not_found(place);
    *response.status_mut() = StatusCode::METHOD_NOT_ALLOWED;
    if let Ok(value) = HeaderValue::from_str(&allow) {
        response.headers_mut().insert(header::ALLOW, value);
    }
    response
}

/// The pages and forms that need a session: without one, the sign-in page (and back after).
async fn signed_in(
    app: &Arc<App>,
    place: &Place<'_>,
    route: Route<'_>,
    request: Request<'_>,
) -> Answer {
    let Some(visitor) = Visitor::of(app, request.peer, request.headers).await? else {
        return Ok(to_sign_in(app, place, request.method, request.path));
    };
    let response = match route {
        Route::Space { space, part } => {
            in_space(app, place, &visitor, space, part, request).await?
        }
        Route::Account => sign_in::account(app, place, &visitor, None, request.query).await?,
        Route::SignOut | Route::Password | Route::SignOutOthers => {
            let sign = |action: &str| visitor.token(app, action);
            let fields = match checked_fields(app, &visitor, request.path, request).await {
                Ok(fields) => fields,
                Err(refused) => {
                    let sign_out = sign_out_form(place, &sign);
                    return Ok(
                        visitor.with_cookie(refused_post(place, &visitor, sign_out, refused))
                    );
                }
            };
            match route {
                Route::SignOut => sign_in::sign_out(app, place, &visitor).await?,
                Route::Password => sign_in::password(app, place, &visitor, &fields).await?,
                _ => sign_in::sign_out_others(app, place, &visitor).await?,
            }
        }
        Route::SignIn | Route::Link { .. } => not_found(place),
    };
    Ok(visitor.with_cookie(response))
}

/// A page or form of space `slug`: its scope loaded once, the route's duty checked against the
/// member's role, a post's fields read once, then the route's handler.
async fn in_space(
    app: &Arc<App>,
    place: &Place<'_>,
    visitor: &Visitor,
    slug: &str,
    part: Part<'_>,
    request: Request<'_>,
) -> Answer {
    // A space the visitor is not a member of is the same 404 as a missing one, for its pages
    // and its forms alike: checked before a post's token, which is bound to a page of that space.
    let sign = |action: &str| visitor.token(app, action);
    let (space, role) = {
        let mut handle = app.db.acquire().await?;
        let nowhere = || signed_in_not_found(place, visitor, &sign);
        let Some(space) = spaces::find_by_slug(handle.conn(), slug).await? else {
            return Ok(nowhere());
        };
        let person = visitor.current.person.id;
        let Some(role) = people::role(handle.conn(), space.id, person).await? else {
            return Ok(nowhere());
        };
        (space, role)
    };
    let scope = Scope {
        app,
        view: InSpace {
            place: *place,
            space: &space,
            role,
            person: &visitor.current.person.email,
            sign: &sign,
        },
        visitor,
        member: Member {
            space: space.id,
            person: visitor.current.person.id,
        },
        query: request.query,
    };
    let method = request.method.clone();
    let may = routes::duty(part, &method).is_some_and(|duty| scope.view.may(duty));
    if !may {
        return Ok(scope.forbidden());
    }
    let tournament = match part {
        Part::Tournament { slug, .. } => match scope.tournament(slug).await? {
            Some(tournament) => Some(tournament),
            None => return Ok(scope.not_found()),
        },
        _ => None,
    };
    if method != Method::POST {
        return get(&scope, part, tournament.as_ref(), request.headers).await;
    }
    let fields = match checked_fields(app, visitor, request.path, request).await {
        Ok(fields) => fields,
        Err(refused) => {
            let sign_out = sign_out_form(place, &sign);
            return Ok(refused_post(place, visitor, sign_out, refused));
        }
    };
    post(&scope, part, tournament.as_ref(), &fields).await
}

/// A space's page.
async fn get(
    scope: &Scope<'_>,
    part: Part<'_>,
    tournament: Option<&crate::db::tournaments::TournamentRow>,
    headers: &warp::http::HeaderMap,
) -> Answer {
    match (part, tournament) {
        (Part::Overview, _) => overview::page(scope).await,
        (Part::Keys, _) => keys::page(scope, None).await,
        (Part::Hook { hook }, _) => hooks::page(scope, hook).await,
        (Part::Widgets, _) => widgets::page(scope).await,
        (Part::Members, _) => members::page(scope, None).await,
        (Part::Tournaments, _) => desk::list(scope).await,
        (Part::Stations, _) => stations::page(scope).await,
        (Part::NewTournament, _) => new_tournament::form(scope),
        (Part::Tournament { page, .. }, Some(t)) => match page {
            Desk::Page => desk::tournament(scope, t).await,
            Desk::Registrations => registrations::registrations(scope, t).await,
            Desk::Matches => matches::matches(scope, t).await,
            Desk::Correct { game } => matches::correction(scope, t, game).await,
            Desk::Settings => settings::settings(scope, t).await,
            Desk::Live => desk::live(scope, t, headers).await,
            Desk::Room => room::room(scope, t).await,
            _ => Ok(scope.not_found()),
        },
        _ => Ok(scope.not_found()),
    }
}

/// A space's form.
async fn post(
    scope: &Scope<'_>,
    part: Part<'_>,
    tournament: Option<&crate::db::tournaments::TournamentRow>,
    fields: &Fields,
) -> Answer {
    match (part, tournament) {
        (Part::Keys, _) => keys::create(scope, fields).await,
        (Part::Key { key, action }, _) => keys::act(scope, key, action, fields).await,
        (Part::Hooks, _) => hooks::add(scope, fields).await,
        (Part::HookAction { hook, action }, _) => hooks::act(scope, hook, action, fields).await,
        (Part::RetryDelivery { hook, delivery }, _) => {
            hooks::retry_one(scope, hook, delivery).await
        }
        (Part::Members, _) => members::invite(scope, fields).await,
        (Part::Member { person, action }, _) => members::act(scope, person, action, fields).await,
        (Part::Tournaments, _) => new_tournament::create(scope, fields).await,
        (Part::Stations, _) => stations::add(scope, fields).await,
        (Part::Place, _) => stations::place(scope, fields).await,
        (Part::Station { station, action }, _) => stations::act(scope, station, action).await,
        (Part::Tournament { page, .. }, Some(t)) => match page {
            Desk::Step => desk::step(scope, t, fields).await,
            Desk::Cancel => desk::cancel(scope, t, fields).await,
            Desk::ApplyCheckIn => desk::apply_check_in(scope, t, fields).await,
            Desk::Settings => settings::save(scope, t, fields).await,
            Desk::Registrations => registrations::add(scope, t, fields).await,
            Desk::Seeds => registrations::seed(scope, t, fields).await,
            Desk::CheckIn { who } => registrations::check_in(scope, t, who).await,
            Desk::Withdraw { who } => registrations::withdraw(scope, t, who, fields).await,
            Desk::PlayerLink { who } => registrations::give_link(scope, t, who, fields).await,
            Desk::Report { game } => {
                matches::record(scope, t, game, matches::Record::Report, fields).await
            }
            Desk::Correct { game } => {
                matches::record(scope, t, game, matches::Record::Correct, fields).await
            }
            Desk::Stages => stages::add(scope, t, fields).await,
            Desk::StageRemove => stages::remove(scope, t, fields).await,
            Desk::StageSeeds { number } => stages::reseed(scope, t, number, fields).await,
            Desk::RoomCall => room::call(scope, t, fields).await,
            Desk::RoomAct { game, act } => room::act(scope, t, game, act, fields).await,
            _ => Ok(scope.not_found()),
        },
        _ => Ok(scope.not_found()),
    }
}
