//! Registration on the portal: the form's post, checked (registrations per client address, size,
//! origin, token, fields) before the registration runs as the actor `portal`, in the next batch
//! of `service::registration_batches` (the same operation as `tournaments register`); a refusal
//! shows the page again with the reason and the values sent. Then the confirmation page, which
//! shows the private withdrawal link to the browser that registered (and to no one else).

use std::sync::Arc;
use std::time::Instant;

use warp::http::{HeaderMap, StatusCode, header};
use warp::reply::Response;

use super::pages::published;
use super::{Request, SHOWN_COOKIE, SHOWN_MAX_AGE, not_found, page, redirect};
use crate::domain::Locale;
use crate::domain::email::{Email, InvalidEmail};
use crate::domain::entry::RosterError;
use crate::domain::names::{self, InvalidText};
use crate::http::App;
use crate::http::clients;
use crate::http::forms::{self, Fields, PostRefused};
use crate::http::widgets::Failure;
use crate::pages::i18n::T;
use crate::pages::portal::{self, Form, FormField, Place, Problem};
use crate::service::registrations::{self, Applicant};
use crate::service::{Conflict, Invalid, Missing, Rule, ServiceError};
use crate::views::public;

/// The server-side path a registration form posts to, which its token is bound to.
pub(super) fn registration_path(locale: Locale, slug: &str) -> String {
    format!("/{locale}/tournaments/{slug}/registrations")
}

/// What a post counts against (`http::post_limits`).
#[derive(Debug, Clone, Copy)]
pub(super) enum Counted<'a> {
    /// A registration: the registrations from its client address.
    Registration,
    /// A post to the private link of this secret: the link's posts, and its address's.
    Player(&'a str),
}

/// What a post must pass before its form is used: the limits it is `counted` against, the size
/// of its body, its origin, and its token for `action`. Returns the body's fields, decoded
/// once, or why the post is refused with the fields when they were read (so the form can be
/// shown again as it was sent).
pub(super) async fn check_post(
    app: &App,
    action: &str,
    counted: Counted<'_>,
    request: Request<'_>,
) -> Result<Fields, (PostRefused, Fields)> {
    let headers = request.headers;
    let body = forms::read_body(headers, request.body)
        .await
        .map_err(|_| (PostRefused::TooLarge, Fields::default()))?;
    let body = Fields::parse(&body);
    let client = clients::address(request.peer, headers, &app.settings.trusted_proxies);
    let limits = &app.post_limits;
    let counted = match counted {
        Counted::Registration => limits.registration(client, Instant::now()),
        Counted::Player(secret) => limits.player_post(client, secret, Instant::now()),
    };
    if let Err(wait) = counted {
        return Err((PostRefused::TooMany(wait), body));
    }
    if !app.forms.same_origin(headers) {
        return Err((PostRefused::Foreign, body));
    }
    let nonce = forms::cookie(headers, forms::NONCE_COOKIE).unwrap_or("");
    if !app.forms.verify(nonce, action, body.get("token")) {
        return Err((PostRefused::Expired, body));
    }
    Ok(body)
}

/// The problems of a registration form's fields, checked as the service checks them, so that
/// every field's problem shows at once and in the visitor's language.
fn field_problems(form: &Form) -> Vec<Problem> {
    let mut problems = Vec::new();
    if let Err(e) = names::participant_name(&form.name) {
        problems.push(Problem {
            field: Some(FormField::Name),
            text: match e {
                InvalidText::Blank => T::ErrNameBlank,
                InvalidText::TooLong { .. } => T::ErrNameLong,
                InvalidText::ControlCharacter
                | InvalidText::BidiControl
                | InvalidText::Invisible => T::ErrNameChars,
            },
        });
    }
    if let Err(e) = Email::parse(&form.email) {
        problems.push(Problem {
            field: Some(FormField::Email),
            text: match e {
                InvalidEmail::Blank => T::ErrEmailBlank,
                InvalidEmail::TooLong | InvalidEmail::Malformed => T::ErrEmailInvalid,
            },
        });
    }
    problems
}

/// POST `/<locale>/tournaments/<slug>/registrations`.
pub(super) async fn register(
    app: &Arc<App>,
    place: &Place<'_>,
    slug: &str,
    request: Request<'_>,
) -> Result<Response, Failure> {
    let headers = request.headers;
    let as_sent = |fields: &Fields, problems: Vec<Problem>| Form {
        name: fields.get("name").to_owned(),
        email: fields.get("email").to_owned(),
        roster: fields.get("players").lines().map(str::to_owned).collect(),
        problems,
    };
    let action = registration_path(place.locale, slug);
    let body = match check_post(app, &action, Counted::Registration, request).await {
        Ok(body) => body,
        Err((refused, body)) => {
            let problem = Problem {
                field: None,
                text: refused.text(),
            };
            let mut response = tournament_with(
                app,
                place,
                slug,
                headers,
                refused.status(),
                as_sent(&body, vec![problem]),
            )
            .await?;
            if response.status() != StatusCode::NOT_FOUND {
                refused.apply(&mut response);
            }
            return Ok(response);
        }
    };
    let mut form = as_sent(&body, Vec::new());
    form.problems = field_problems(&form);
    if !form.problems.is_empty() {
        return tournament_with(
            app,
            place,
            slug,
            headers,
            StatusCode::UNPROCESSABLE_ENTITY,
            form,
        )
        .await;
    }
    {
        let mut handle = app.db.acquire().await?;
        if published(&mut handle, slug).await?.is_none() {
            return Ok(not_found(place));
        }
    }
    // The link's secret comes from this visit: the same form sent again from this browser (a
    // double click, a post repeated after a lost answer) is the same registration, confirmed again.
    let nonce = forms::cookie(headers, forms::NONCE_COOKIE).unwrap_or("");
    let email_key = Email::parse(&form.email)
        .map(|email| email.key())
        .unwrap_or_default();
    let secret = app
        .forms
        .withdrawal_secret(nonce, slug, &names::name_key(&form.name), &email_key);
    let applicant = Applicant {
        name: &form.name,
        email: Some(&form.email),
        withdrawal_secret: Some(&secret),
        roster: &form.roster,
    };
    let error = match app.registrations.register(slug, &applicant).await {
        Ok(registered) => {
            let location = place.link(&format!("tournaments/{slug}/registered"));
            let mut response = redirect(&location, StatusCode::SEE_OTHER);
            if let Some(cookie) = registered
                .withdrawal_secret
                .as_deref()
                .and_then(|secret| app.forms.cookie(SHOWN_COOKIE, secret, "/", SHOWN_MAX_AGE))
            {
                response.headers_mut().append(header::SET_COOKIE, cookie);
            }
            return Ok(response);
        }
        Err(error) => error,
    };
    let problem = |field, text| Problem { field, text };
    let (status, problem) = match &error {
        ServiceError::Conflict(Conflict::AlreadyRegistered { .. }) => (
            StatusCode::CONFLICT,
            problem(Some(FormField::Name), T::ErrNameTaken),
        ),
        ServiceError::Conflict(Conflict::EmailTaken { .. }) => (
            StatusCode::CONFLICT,
            problem(Some(FormField::Email), T::ErrEmailTaken),
        ),
        ServiceError::Conflict(Conflict::Full { .. }) => {
            (StatusCode::CONFLICT, problem(None, T::RegFull))
        }
        ServiceError::Conflict(Conflict::WaitingListFull { .. }) => {
            (StatusCode::CONFLICT, problem(None, T::WaitingFull))
        }
        ServiceError::Rule(Rule::RegistrationClosed { .. } | Rule::CheckInOver { .. }) => {
            (StatusCode::CONFLICT, problem(None, T::ErrNotOpen))
        }
        ServiceError::Invalid(Invalid::Roster(error)) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            problem(
                Some(FormField::Players),
                match error {
                    RosterError::Name { .. } => T::ErrRosterName,
                    RosterError::Twice { .. } => T::ErrRosterTwice,
                    RosterError::NotATeamTournament
                    | RosterError::TooFew { .. }
                    | RosterError::TooMany { .. } => T::ErrRosterSize,
                },
            ),
        ),
        ServiceError::NotFound(Missing::Tournament { .. }) => return Ok(not_found(place)),
        // The database answers but cannot store anything (a full disk, a read-only file): the
        // visitor keeps the form, told to send it again later.
        ServiceError::Storage(db) if db.is_write_refused() => {
            tracing::warn!(error = %db, "a registration could not be saved: the database refuses writes");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                problem(None, T::ErrCannotSave),
            )
        }
        _ => return Err(Failure::new(&error.to_string())),
    };
    form.problems.push(problem);
    tournament_with(app, place, slug, headers, status, form).await
}

/// The tournament page with a refused form shown again: its values, its problems, a fresh token.
async fn tournament_with(
    app: &App,
    place: &Place<'_>,
    slug: &str,
    headers: &HeaderMap,
    status: StatusCode,
    form: Form,
) -> Result<Response, Failure> {
    let mut handle = app.db.acquire().await?;
    let Some(tournament) = published(&mut handle, slug).await? else {
        return Ok(not_found(place));
    };
    let data = public::tournament_page(handle.conn(), &tournament).await?;
    let (nonce, set_cookie) = app.forms.nonce(headers);
    let token = app
        .forms
        .token(&nonce, &registration_path(place.locale, slug));
    let place = Place {
        path: &format!("tournaments/{slug}"),
        ..*place
    };
    let html = portal::tournament(&place, &tournament, &data, &form, &token);
    let mut response = page(status, html, "private, no-store");
    if let Some(cookie) = set_cookie {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    Ok(response)
}

/// GET `/<locale>/tournaments/<slug>/registered`: the withdrawal link of the registration this
/// browser made, in either language, for as long as the cookie carrying it lives and the
/// registration stands; otherwise a note that there is nothing to show.
pub(super) async fn registered(
    app: &App,
    place: &Place<'_>,
    slug: &str,
    headers: &HeaderMap,
) -> Result<Response, Failure> {
    let mut handle = app.db.acquire().await?;
    let Some(tournament) = published(&mut handle, slug).await? else {
        return Ok(not_found(place));
    };
    let secret = forms::cookie(headers, SHOWN_COOKIE).filter(|s| !s.is_empty());
    let holder = match secret {
        Some(secret) => public::withdrawal(handle.conn(), &registrations::withdrawal_hash(secret))
            .await?
            .filter(|(_, t)| t.id == tournament.id)
            .map(|(participant, _)| (participant, app.base_url.withdrawal(place.locale, secret))),
        None => None,
    };
    let waiting_position = match &holder {
        Some((participant, _))
            if participant.status == crate::domain::ParticipantStatus::Waiting =>
        {
            Some(crate::db::participants::waiting_position(handle.conn(), participant).await?)
        }
        _ => None,
    };
    let check_in = tournament.entry()?.check_in;
    let html = portal::registered(
        place,
        &tournament,
        holder
            .as_ref()
            .map(|(participant, link)| (participant.name.as_str(), link.as_str())),
        waiting_position,
        check_in,
    );
    Ok(page(StatusCode::OK, html, "private, no-store"))
}
