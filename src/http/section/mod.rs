//! The space's section "API, webhooks and widgets" over HTTP (docs/section.md): signing in and
//! out, the account page, and for a space's members its keys, webhook addresses, widgets,
//! audit entries and (owners only) members. Routes sit under the portal's locale:
//! `/<locale>/sign-in`, `/<locale>/organizer/<space>/integrations/…`, `/<locale>/organizer/<space>/members`.
//!
//! Every page needs a session (a cookie holding a random token; the server keeps its hash)
//! except signing in. A person who is not a member of the space gets the portal's "not found"
//! page, the same as for a space that does not exist. Every post passes the Fetch-Metadata rule
//! and carries a form token bound to the session and the form's address, and then calls the same
//! service operation as the shell, with the person as the audit log's actor. Pages are never
//! cached or framed; secrets are shown on the one answer that made them and never logged (the
//! request log shows a sign-in link's path without its token).

mod addresses;
mod claims;
mod desk;
mod entry_fields;
mod hooks;
mod keys;
mod matches;
mod members;
mod new_tournament;
mod overview;
mod registrations;
mod report_fields;
mod settings;
mod sign_in;
mod widgets;

use std::sync::Arc;

use bytes::Bytes;
use warp::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use warp::reply::Response;

use super::App;
use super::forms;
use super::html::{Request, not_found, redirect, section_response};
use crate::db::people;
use crate::db::spaces::SpaceRow;
use crate::domain::{Locale, Role};
use crate::pages::i18n::T;
use crate::pages::portal::Place;
use crate::pages::section::{Block, Choice, Form, Input, Link, Nav, Notice, Page, Secret};
use crate::service::sign_in::{self as sessions, Current};
use crate::service::{Ctx, ServiceError};

/// A section path (after the locale).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route<'a> {
    SignIn,
    Link(&'a str),
    SignOut,
    Account,
    Password,
    SignOutOthers,
    Space(&'a str, Part<'a>),
}

/// A page or form of one space.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part<'a> {
    Overview,
    Keys,
    Key(&'a str, &'a str),
    Hooks,
    Hook(&'a str),
    HookAction(&'a str, &'a str),
    RetryDelivery(&'a str, &'a str),
    Widgets,
    Members,
    Member(&'a str, &'a str),
    Tournaments,
    NewTournament,
    Tournament(&'a str),
    Step(&'a str),
    TournamentAction(&'a str, &'a str),
    Registrations(&'a str),
    /// `POST …/tournaments/<slug>/seeds`: the field's seed order.
    Seeds(&'a str),
    /// `GET …/tournaments/<slug>/live`: the event stream the tournament's desk pages follow.
    Live(&'a str),
    Registration(&'a str, &'a str, &'a str),
    Settings(&'a str),
    Matches(&'a str),
    Report(&'a str, &'a str),
    Correct(&'a str, &'a str),
}

/// The section's route of a path's parts after the locale, if it is one.
pub fn parse<'a>(parts: &[&'a str]) -> Option<Route<'a>> {
    let named = |text: &&str| !text.is_empty();
    Some(match *parts {
        ["sign-in"] => Route::SignIn,
        ["sign-in", token] if named(&token) => Route::Link(token),
        ["sign-out"] => Route::SignOut,
        ["account"] => Route::Account,
        ["account", "password"] => Route::Password,
        ["account", "sign-out-others"] => Route::SignOutOthers,
        ["organizer", space, "members"] if named(&space) => Route::Space(space, Part::Members),
        ["organizer", space, "tournaments"] if named(&space) => {
            Route::Space(space, Part::Tournaments)
        }
        ["organizer", space, "tournaments", "new"] if named(&space) => {
            Route::Space(space, Part::NewTournament)
        }
        ["organizer", space, "tournaments", slug] if named(&space) && named(&slug) => {
            Route::Space(space, Part::Tournament(slug))
        }
        ["organizer", space, "tournaments", slug, "step"] if named(&space) && named(&slug) => {
            Route::Space(space, Part::Step(slug))
        }
        [
            "organizer",
            space,
            "tournaments",
            slug,
            action @ ("cancel" | "apply-check-in"),
        ] if named(&space) && named(&slug) => {
            Route::Space(space, Part::TournamentAction(slug, action))
        }
        ["organizer", space, "tournaments", slug, "settings"] if named(&space) && named(&slug) => {
            Route::Space(space, Part::Settings(slug))
        }
        ["organizer", space, "tournaments", slug, "seeds"] if named(&space) && named(&slug) => {
            Route::Space(space, Part::Seeds(slug))
        }
        ["organizer", space, "tournaments", slug, "live"] if named(&space) && named(&slug) => {
            Route::Space(space, Part::Live(slug))
        }
        ["organizer", space, "tournaments", slug, "registrations"]
            if named(&space) && named(&slug) =>
        {
            Route::Space(space, Part::Registrations(slug))
        }
        [
            "organizer",
            space,
            "tournaments",
            slug,
            "registrations",
            who,
            action,
        ] if named(&space) && named(&slug) => {
            Route::Space(space, Part::Registration(slug, who, action))
        }
        ["organizer", space, "tournaments", slug, "matches"] if named(&space) && named(&slug) => {
            Route::Space(space, Part::Matches(slug))
        }
        [
            "organizer",
            space,
            "tournaments",
            slug,
            "matches",
            id,
            "report",
        ] if named(&space) && named(&slug) => Route::Space(space, Part::Report(slug, id)),
        [
            "organizer",
            space,
            "tournaments",
            slug,
            "matches",
            id,
            "correct",
        ] if named(&space) && named(&slug) => Route::Space(space, Part::Correct(slug, id)),
        ["organizer", space, "members", person, action] if named(&space) => {
            Route::Space(space, Part::Member(person, action))
        }
        ["organizer", space, "integrations", ref rest @ ..] if named(&space) => {
            let part = match *rest {
                [] => Part::Overview,
                ["keys"] => Part::Keys,
                ["keys", id, action] => Part::Key(id, action),
                ["hooks"] => Part::Hooks,
                ["hooks", id] => Part::Hook(id),
                ["hooks", id, "deliveries", delivery, "retry"] => Part::RetryDelivery(id, delivery),
                ["hooks", id, action] => Part::HookAction(id, action),
                ["widgets"] => Part::Widgets,
                _ => return None,
            };
            Route::Space(space, part)
        }
        _ => return None,
    })
}

/// The path as the request log may show it: a sign-in link's token is cut out.
pub fn loggable(locale: Locale, route: Route<'_>) -> Option<String> {
    match route {
        Route::Link(_) => Some(format!("/{locale}/sign-in/…")),
        _ => None,
    }
}

/// The name of the session cookie: `__Host-` on https (Secure, Path=/, no Domain); on a plain
/// http base URL (loopback, for trying the product out) browsers refuse that prefix.
fn cookie_name(app: &App) -> &'static str {
    if app.base_url.is_https() {
        "__Host-tourney_session"
    } else {
        "tourney_session"
    }
}

/// The `Set-Cookie` of a session's token (`None`: the cookie is cleared).
fn session_cookie(app: &App, token: Option<&str>) -> Option<HeaderValue> {
    let secure = if app.base_url.is_https() {
        "; Secure"
    } else {
        ""
    };
    let name = cookie_name(app);
    let text = match token {
        Some(token) => format!("{name}={token}; Path=/; HttpOnly; SameSite=Lax{secure}"),
        None => format!("{name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax{secure}"),
    };
    HeaderValue::from_str(&text).ok()
}

fn session_token(app: &App, headers: &HeaderMap) -> Option<String> {
    forms::cookie(headers, cookie_name(app)).map(str::to_owned)
}

fn ctx(app: &App) -> Ctx<'_> {
    Ctx {
        base_url: &app.base_url,
        actor: "sign-in",
        now: crate::timestamp::now_ms(),
        member: None,
    }
}

/// What a handler answers: a response, or a failure of the database (the 503 page).
type Answer = Result<Response, ServiceError>;

/// A signed-in request: the session, and the cookie to set when its token was rotated.
pub(super) struct Visitor {
    current: Current,
    cookie: Option<HeaderValue>,
    /// The client's address, as the password queue and the audit log know it.
    client: String,
}

impl Visitor {
    /// The actor and time of this person's operations.
    fn ctx<'a>(&'a self, app: &'a App) -> Ctx<'a> {
        Ctx {
            base_url: &app.base_url,
            actor: &self.current.person.email,
            now: crate::timestamp::now_ms(),
            member: None,
        }
    }

    /// The token of a form posting to `action` (a path), bound to this session.
    fn token(&self, app: &App, action: &str) -> String {
        app.forms.token(&self.current.token_hash, action)
    }

    /// A form posting to the path `action` with this session's token.
    fn form(&self, app: &App, action: &str, submit: String, fields: Vec<Input>) -> Form {
        Form {
            token: self.token(app, action),
            id: action.trim_start_matches('/').replace('/', "-"),
            action: format!("{}{action}", app.base_url),
            fields,
            submit,
            ..Form::default()
        }
    }
}

/// A space's page as its member sees it: where it is, the space, and the member's role.
pub(super) struct InSpace<'a> {
    place: Place<'a>,
    space: SpaceRow,
    role: Role,
}

impl InSpace<'_> {
    /// `/<locale>/organizer/<space>/<rest>`: a path forms post to and tokens are bound to.
    fn path(&self, rest: &str) -> String {
        let rest = if rest.is_empty() {
            String::new()
        } else {
            format!("/{rest}")
        };
        format!("/{}/organizer/{}{rest}", self.place.locale, self.space.slug)
    }

    /// The full URL of [`InSpace::path`].
    fn url(&self, rest: &str, base: &App) -> String {
        format!("{}{}", base.base_url, self.path(rest))
    }

    fn t(&self, text: T) -> &'static str {
        text.get(self.place.locale)
    }
}

pub async fn handle(
    app: &Arc<App>,
    place: &Place<'_>,
    route: Route<'_>,
    request: Request<'_>,
) -> Response {
    let method = request.method.clone();
    let allowed: &[Method] = match route {
        Route::SignIn | Route::Link(_) => &[Method::GET, Method::HEAD, Method::POST],
        Route::SignOut | Route::Password | Route::SignOutOthers => &[Method::POST],
        Route::Account => &[Method::GET, Method::HEAD],
        Route::Space(_, part) => match part {
            Part::Overview
            | Part::Hook(_)
            | Part::Widgets
            | Part::NewTournament
            | Part::Tournament(_)
            | Part::Matches(_) => &[Method::GET, Method::HEAD],
            Part::Live(_) => &[Method::GET],
            Part::Keys
            | Part::Members
            | Part::Tournaments
            | Part::Registrations(_)
            | Part::Settings(_)
            | Part::Correct(..) => &[Method::GET, Method::HEAD, Method::POST],
            Part::Hooks
            | Part::Key(..)
            | Part::HookAction(..)
            | Part::RetryDelivery(..)
            | Part::Member(..)
            | Part::Step(_)
            | Part::TournamentAction(..)
            | Part::Registration(..)
            | Part::Seeds(_)
            | Part::Report(..) => &[Method::POST],
        },
    };
    if !allowed.contains(&method) {
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
        return response;
    }
    let posted = method == Method::POST;
    let answer = match route {
        Route::SignIn if posted => sign_in::sign_in(app, place, request).await,
        Route::SignIn => sign_in::sign_in_page(app, place, request.headers, request.query),
        Route::Link(token) if posted => sign_in::use_link(app, place, token, request).await,
        Route::Link(token) => sign_in::link_page(app, place, token, request.headers).await,
        _ => signed_in(app, place, route, request).await,
    };
    answer.unwrap_or_else(|failure| {
        tracing::error!(error = %failure, "a section page failed");
        unavailable(place)
    })
}

/// The pages and forms that need a session: without one, the sign-in page (and back after).
async fn signed_in(
    app: &Arc<App>,
    place: &Place<'_>,
    route: Route<'_>,
    request: Request<'_>,
) -> Answer {
    let client =
        super::clients::address(request.peer, request.headers, &app.settings.trusted_proxies)
            .map_or_else(|| "unknown".to_owned(), |ip| ip.to_string());
    let visitor = match session_token(app, request.headers) {
        Some(token) => sessions::current(&app.db, &ctx(app), &token, app.settings.sessions)
            .await?
            .map(|current| Visitor {
                cookie: current
                    .new_token
                    .as_deref()
                    .and_then(|token| session_cookie(app, Some(token))),
                current,
                client,
            }),
        None => None,
    };
    let Some(visitor) = visitor else {
        if *request.method == Method::POST {
            // A post without a session changes nothing: sign in, then send it again.
            return Ok(to_sign_in(app, place, None));
        }
        return Ok(to_sign_in(app, place, Some(request.path)));
    };
    // A space the visitor is not a member of is the same 404 as a missing one, for its pages and
    // its forms alike: checked before a post's token, which is bound to a page of that space.
    let in_space = match route {
        Route::Space(slug, part) => match member_of(app, place, &visitor, slug).await? {
            Some(in_space) => Some((in_space, part)),
            None => return Ok(with_cookie(not_found(place), &visitor)),
        },
        _ => None,
    };
    let posted = *request.method == Method::POST;
    let query = request.query;
    let headers = request.headers;
    let body = if posted {
        match checked_body(app, &visitor, request.path, request).await {
            Ok(body) => Some(body),
            Err(refused) => {
                return Ok(with_cookie(
                    refused_page(app, place, &visitor, refused),
                    &visitor,
                ));
            }
        }
    } else {
        None
    };
    let response = match (route, in_space) {
        (_, Some((in_space, Part::Live(slug)))) => {
            desk::live(app, &in_space, slug, headers).await?
        }
        (_, Some((in_space, part))) => {
            let body = body.unwrap_or_default();
            space_page(app, &in_space, &visitor, part, posted, &body, query).await?
        }
        (Route::SignOut, None) => sign_in::sign_out(app, place, &visitor).await?,
        (Route::Account, None) => sign_in::account(app, place, &visitor, None, query).await?,
        (Route::Password, None) => {
            sign_in::password(app, place, &visitor, &body.unwrap_or_default()).await?
        }
        (Route::SignOutOthers, None) => sign_in::sign_out_others(app, place, &visitor).await?,
        (Route::Space(..) | Route::SignIn | Route::Link(_), None) => not_found(place),
    };
    Ok(with_cookie(response, &visitor))
}

/// A page or form of a space the visitor is a member of.
async fn space_page(
    app: &Arc<App>,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    part: Part<'_>,
    posted: bool,
    body: &Bytes,
    query: &str,
) -> Result<Response, ServiceError> {
    let reporters = match part {
        Part::Tournaments | Part::Registrations(_) => !posted,
        // Checking in is theirs; withdrawing answers 403 in its handler.
        Part::Tournament(_)
        | Part::Matches(_)
        | Part::Report(..)
        | Part::Correct(..)
        | Part::Registration(..) => true,
        _ => false,
    };
    let desk_only = in_space.role == Role::Reporter && !reporters;
    if desk_only {
        return Ok(forbidden(app, in_space, visitor));
    }
    Ok(match part {
        // Answered by `signed_in`, which has the request's headers (`Last-Event-ID`).
        Part::Live(_) => not_found(&in_space.place),
        Part::Tournaments if posted => new_tournament::create(app, in_space, visitor, body).await?,
        Part::NewTournament => new_tournament::page(app, in_space, visitor).await?,
        Part::Tournaments => desk::list(app, in_space, visitor, query).await?,
        Part::Tournament(slug) => desk::tournament(app, in_space, visitor, slug, query).await?,
        Part::Step(slug) => desk::step(app, in_space, visitor, slug, body).await?,
        Part::TournamentAction(slug, action) => {
            desk::act(app, in_space, visitor, slug, action, body).await?
        }
        Part::Matches(slug) => matches::matches(app, in_space, visitor, slug, query).await?,
        Part::Correct(slug, id) if posted => {
            let record = matches::Record::Correct;
            matches::record(app, in_space, visitor, (slug, id), record, body).await?
        }
        Part::Correct(slug, id) => matches::correction(app, in_space, visitor, slug, id).await?,
        Part::Settings(slug) if posted => {
            settings::save(app, in_space, visitor, slug, body).await?
        }
        Part::Settings(slug) => settings::page(app, in_space, visitor, slug).await?,
        Part::Registrations(slug) if posted => {
            registrations::add(app, in_space, visitor, slug, body).await?
        }
        Part::Registrations(slug) => {
            registrations::page(app, in_space, visitor, slug, query).await?
        }
        Part::Seeds(slug) => registrations::seed(app, in_space, visitor, slug, body).await?,
        Part::Registration(slug, who, action) => {
            registrations::act(app, in_space, visitor, slug, who, action, body).await?
        }
        Part::Report(slug, id) => {
            let record = matches::Record::Report;
            matches::record(app, in_space, visitor, (slug, id), record, body).await?
        }
        Part::Overview => overview::page(app, in_space, visitor, query).await?,
        Part::Keys if posted => keys::create(app, in_space, visitor, body).await?,
        Part::Keys => keys::page(app, in_space, visitor, query, None).await?,
        Part::Key(id, action) => keys::act(app, in_space, visitor, id, action, body).await?,
        Part::Hooks => hooks::add(app, in_space, visitor, body).await?,
        Part::Hook(id) => hooks::page(app, in_space, visitor, id, query).await?,
        Part::HookAction(id, action) => {
            hooks::act(app, in_space, visitor, id, action, body).await?
        }
        Part::RetryDelivery(id, delivery) => {
            hooks::retry_one(app, in_space, visitor, id, delivery).await?
        }
        Part::Widgets => widgets::page(app, in_space, visitor).await?,
        Part::Members | Part::Member(..) if in_space.role != Role::Owner => page_response(
            StatusCode::FORBIDDEN,
            &in_space.place,
            &frame(
                app,
                in_space,
                visitor,
                Tab::Members,
                T::MembersTitle,
                Some(Notice {
                    text: in_space.t(T::OwnersOnly).into(),
                    error: true,
                }),
            ),
        ),
        Part::Members if posted => members::invite(app, in_space, visitor, body).await?,
        Part::Members => members::page(app, in_space, visitor, query, None).await?,
        Part::Member(person, action) => {
            members::act(app, in_space, visitor, person, action, body).await?
        }
    })
}

/// The space with `slug` and the visitor's role in it; `None` when either is missing (the same
/// answer for both).
async fn member_of<'a>(
    app: &App,
    place: &Place<'a>,
    visitor: &Visitor,
    slug: &str,
) -> Result<Option<InSpace<'a>>, ServiceError> {
    let mut handle = app.db.acquire().await?;
    let Some(space) = crate::db::spaces::find_by_slug(handle.conn(), slug).await? else {
        return Ok(None);
    };
    let role = people::role(handle.conn(), space.id, visitor.current.person.id).await?;
    Ok(role.map(|role| InSpace {
        place: *place,
        space,
        role,
    }))
}

/// Why a post was refused before it was used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refused {
    TooLarge,
    Foreign,
    Expired,
}

/// The body of a signed-in post, once it passes the Fetch-Metadata rule, its size and its form
/// token (bound to the session and `action`).
async fn checked_body(
    app: &App,
    visitor: &Visitor,
    action: &str,
    request: Request<'_>,
) -> Result<Bytes, Refused> {
    let headers = request.headers;
    if !app.forms.comes_from_this_site(headers) {
        return Err(Refused::Foreign);
    }
    let body = forms::read_body(headers, request.body)
        .await
        .map_err(|_| Refused::TooLarge)?;
    let token = forms::fields(&body)("token");
    // A form loaded under the session's previous token (another tab, before its role changed)
    // is still the session's while that token works.
    let current = &visitor.current;
    let bound = std::iter::once(&current.token_hash).chain(&current.previous_hash);
    if !bound
        .into_iter()
        .any(|hash| app.forms.verify(hash, action, &token))
    {
        return Err(Refused::Expired);
    }
    Ok(body)
}

fn refused_page(app: &App, place: &Place<'_>, visitor: &Visitor, refused: Refused) -> Response {
    let (status, text) = match refused {
        Refused::TooLarge => (StatusCode::PAYLOAD_TOO_LARGE, T::ErrTooLarge),
        Refused::Foreign => (StatusCode::FORBIDDEN, T::ErrForeign),
        Refused::Expired => (StatusCode::FORBIDDEN, T::ErrExpired),
    };
    let page = Page {
        title: T::NothingChanged.get(place.locale).into(),
        notice: Some(Notice {
            text: text.get(place.locale).into(),
            error: true,
        }),
        signed_in: Some((
            visitor.current.person.email.clone(),
            sign_out_form(app, visitor, place),
        )),
        ..Page::default()
    };
    page_response(status, place, &page)
}

/// 303 to the sign-in page, which comes back to `back` (a path of this site) after.
fn to_sign_in(app: &App, place: &Place<'_>, back: Option<&str>) -> Response {
    let mut location = format!("{}/{}/sign-in", app.base_url, place.locale);
    if let Some(back) = back {
        let query: String = url::form_urlencoded::Serializer::new(String::new())
            .append_pair("next", back)
            .finish();
        location = format!("{location}?{query}");
    }
    redirect(&location, StatusCode::SEE_OTHER)
}

/// A path the sign-in may lead back to: one of the section's own (never another site).
fn safe_next(locale: Locale, next: &str) -> Option<&str> {
    let ok = next.starts_with(&format!("/{locale}/"))
        && !next.contains("//")
        && !next.contains('\\')
        && next.bytes().all(|b| b.is_ascii_graphic())
        && parse(
            &next
                .trim_start_matches('/')
                .split('/')
                .skip(1)
                .collect::<Vec<_>>(),
        )
        .is_some_and(|r| !matches!(r, Route::SignIn | Route::Link(_) | Route::SignOut));
    ok.then_some(next)
}

fn with_cookie(mut response: Response, visitor: &Visitor) -> Response {
    if let Some(cookie) = &visitor.cookie {
        response
            .headers_mut()
            .append(header::SET_COOKIE, cookie.clone());
    }
    response
}

/// The section's page at `place` with `status`.
fn page_response(status: StatusCode, place: &Place<'_>, page: &Page) -> Response {
    section_response(status, crate::pages::section::render_page(place, page))
}

fn unavailable(place: &Place<'_>) -> Response {
    let page = Page {
        title: T::UnavailableTitle.get(place.locale).into(),
        notice: Some(Notice {
            text: T::PageUnavailableBody.get(place.locale).into(),
            error: true,
        }),
        ..Page::default()
    };
    let mut response = page_response(StatusCode::SERVICE_UNAVAILABLE, place, &page);
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

/// 303 back to a page of the space after a post, with what was done (`done`, one of the
/// notices [`notice_of`] knows).
fn done(app: &App, in_space: &InSpace<'_>, rest: &str, what: &str) -> Response {
    let url = in_space.url(rest, app);
    redirect(&format!("{url}?done={what}"), StatusCode::SEE_OTHER)
}

/// The notice a redirect's `done=` names; anything else shows none.
fn notice_of(locale: Locale, query: &str) -> Option<Notice> {
    let what = url::form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == "done")
        .map(|(_, v)| v.into_owned())?;
    let text = match what.as_str() {
        "key-revoked" => T::DoneKeyRevoked,
        "hook-disabled" => T::DoneHookDisabled,
        "hook-enabled" => T::DoneHookEnabled,
        "hook-signing" => T::DoneSigning,
        "hook-removed" => T::DoneHookRemoved,
        "retried" => T::DoneRetried,
        "role-changed" => T::DoneRoleChanged,
        "member-removed" => T::DoneMemberRemoved,
        "password-set" => T::DonePasswordSet,
        "signed-out-others" => T::DoneSignedOutOthers,
        "reported" => T::DoneReported,
        "step-taken" => T::DoneStepTaken,
        "created" => T::DoneCreated,
        "added" => T::DoneAdded,
        "corrected" => T::DoneCorrected,
        "check-in-applied" => T::DoneCheckInApplied,
        "cancelled" => T::DoneCancelled,
        "saved" => T::DoneSaved,
        "checked-in" => T::DoneCheckedIn,
        "withdrawn" => T::DoneWithdrawn,
        "seeded" => T::DoneSeeded,
        _ => return None,
    };
    Some(Notice {
        text: text.get(locale).into(),
        error: false,
    })
}

/// The tabs of a space's section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tab {
    Tournaments,
    Overview,
    Keys,
    Hooks,
    Widgets,
    Members,
}

/// A reporter's answer to a page or form of the space that is not theirs: 403, saying whose it is.
fn forbidden(app: &App, in_space: &InSpace<'_>, visitor: &Visitor) -> Response {
    page_response(
        StatusCode::FORBIDDEN,
        &in_space.place,
        &frame(
            app,
            in_space,
            visitor,
            Tab::Tournaments,
            T::DeskTitle,
            Some(Notice {
                text: in_space.t(T::ReportersDeskOnly).into(),
                error: true,
            }),
        ),
    )
}

/// Whether a post that cannot be undone was confirmed: its second step sends `confirm=yes`.
fn confirmed(body: &[u8]) -> bool {
    forms::fields(body)("confirm") == "yes"
}

/// What a confirmation asks: `question`, on the page of `tab`; `button` sends the post to
/// `action` again, and the way back leads to `back` (a path of the space).
struct Confirm<'a> {
    tab: Tab,
    question: String,
    button: T,
    action: &'a str,
    back: &'a str,
}

/// The second step of a post that cannot be undone (revoke, remove, disable), without script:
/// the question and a button that sends the same post again with `confirm=yes`, and a link
/// back that changes nothing.
fn confirmation(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    ask: Confirm<'_>,
) -> Response {
    let Confirm {
        tab,
        question,
        button,
        action,
        back,
    } = ask;
    let mut yes = input("confirm", "confirm", "", "hidden");
    yes.hidden = true;
    yes.value = "yes".into();
    let form = Form {
        id: "confirm".into(),
        danger: true,
        ..visitor.form(app, action, in_space.t(button).into(), vec![yes])
    };
    let mut page = frame(app, in_space, visitor, tab, T::ConfirmTitle, None);
    page.blocks = vec![
        Block::text(question),
        Block::form(form),
        Block {
            link: Some(Link {
                text: in_space.t(T::ConfirmCancel).into(),
                url: in_space.url(back, app),
            }),
            ..Block::default()
        },
    ];
    page_response(StatusCode::OK, &in_space.place, &page)
}

/// The sign-out button every signed-in page carries.
fn sign_out_form(app: &App, visitor: &Visitor, place: &Place<'_>) -> Form {
    let action = format!("/{}/sign-out", place.locale);
    Form {
        inline: true,
        ..visitor.form(
            app,
            &action,
            T::SignOut.get(place.locale).into(),
            Vec::new(),
        )
    }
}

/// A page of the space with its tabs and the signed-in person.
fn frame(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    tab: Tab,
    title: T,
    notice: Option<Notice>,
) -> Page {
    let mut tabs = vec![(Tab::Tournaments, T::DeskTitle, "tournaments")];
    if in_space.role != Role::Reporter {
        tabs.extend([
            (Tab::Overview, T::SectionTitle, "integrations"),
            (Tab::Keys, T::KeysTitle, "integrations/keys"),
            (Tab::Widgets, T::WidgetsTitle, "integrations/widgets"),
        ]);
    }
    if in_space.role == Role::Owner {
        tabs.push((Tab::Members, T::MembersTitle, "members"));
    }
    let nav = tabs
        .into_iter()
        .map(|(t, label, rest)| Nav {
            label: in_space.t(label).into(),
            url: in_space.url(rest, app),
            current: t == tab || (tab == Tab::Hooks && t == Tab::Overview),
        })
        .collect();
    let sign_out = sign_out_form(app, visitor, &in_space.place);
    Page {
        title: in_space.t(title).into(),
        context: Some(in_space.space.name.clone()),
        nav,
        notice,
        blocks: Vec::new(),
        signed_in: Some((visitor.current.person.email.clone(), sign_out)),
        live: None,
    }
}

/// An input of `kind` named `name` in the form `form_id`.
fn input(form_id: &str, name: &str, label: &str, kind: &'static str) -> Input {
    Input {
        id: format!("{form_id}-{name}"),
        name: name.into(),
        label: label.into(),
        kind,
        ..Input::default()
    }
}

/// The graces a replaced key or secret offers (the old one keeps working), in milliseconds,
/// with their labels.
const GRACES: [(i64, T); 3] = [
    (0, T::GraceNow),
    (3_600_000, T::GraceHour),
    (86_400_000, T::GraceDay),
];

/// The value of a posted choice among `choices` (milliseconds), or `None` for anything else.
fn chosen(choices: &[(i64, T)], posted: &str) -> Option<i64> {
    posted
        .parse::<i64>()
        .ok()
        .filter(|ms| choices.iter().any(|(c, _)| c == ms))
}

/// A select of `choices` (milliseconds and their labels) with `selected` chosen.
fn select(
    in_space: &InSpace<'_>,
    form_id: &str,
    name: &str,
    label: T,
    choices: &[(i64, T)],
    selected: i64,
) -> Input {
    let mut field = input(form_id, name, in_space.t(label), "select");
    field.select = true;
    field.options = choices
        .iter()
        .map(|(ms, text)| Choice {
            value: ms.to_string(),
            label: in_space.t(*text).into(),
            selected: *ms == selected,
        })
        .collect();
    field
}

/// A secret shown on this answer only, with its copy button and `warning`.
fn shown_once(in_space: &InSpace<'_>, label: T, value: String, warning: String, id: &str) -> Block {
    Block {
        secret: Some(Secret {
            label: in_space.t(label).into(),
            value,
            warning,
            id: id.into(),
            copy: in_space.t(T::Copy).into(),
            copied: in_space.t(T::Copied).into(),
        }),
        ..Block::default()
    }
}
