//! Signing in (by password, or by a single-use link with its confirming click), signing out,
//! and the account page: the spaces a person manages and the password form.
//!
//! The sign-in forms are guarded like the portal's (origin, and a token bound to the visitor's
//! form cookie); a sign-in ends the browser's previous session and sets a new token.

use std::sync::Arc;

use warp::http::{HeaderMap, StatusCode, header};
use warp::reply::Response;

use super::pipeline::{Answer, page_response};
use super::session::{Visitor, anonymous as ctx, safe_next, session_cookie, session_token};
use crate::db::people;
use crate::http::App;
use crate::http::clients;
use crate::http::forms::{self, Fields, PostRefused};
use crate::http::html::Request;
use crate::http::html::redirect;
use crate::http::rate_limit::Decision;
use crate::pages::account::{self as account_page, Account, SignInForm, sign_in_path};
use crate::pages::i18n::T;
use crate::pages::in_space::notice_of;
use crate::pages::portal::Place;
use crate::pages::section::Notice;
use crate::service::sign_in::{
    self as sessions, Busy, PasswordError, Refused, SignInError, SignedIn,
};
use crate::service::{Invalid, ServiceError};

fn sign_in_response(
    app: &App,
    place: &Place<'_>,
    headers: &HeaderMap,
    status: StatusCode,
    email: &str,
    next: &str,
    notice: Option<Notice>,
) -> Response {
    let (nonce, set_nonce) = app.forms.nonce(headers);
    let form = SignInForm {
        token: app.forms.token(&nonce, &sign_in_path(place.locale)),
        email,
        next,
    };
    let page = account_page::sign_in(place, form, notice);
    let mut response = page_response(status, place, &page);
    if let Some(cookie) = set_nonce {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    response
}

/// `GET /<locale>/sign-in[?next=PATH]`.
pub(super) fn sign_in_page(
    app: &App,
    place: &Place<'_>,
    headers: &HeaderMap,
    query: &str,
) -> Answer {
    let next = url::form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == "next")
        .map(|(_, v)| v.into_owned())
        .unwrap_or_default();
    let next = safe_next(place.locale, &next).unwrap_or("");
    let notice = notice_of(place.locale, query);
    Ok(sign_in_response(
        app,
        place,
        headers,
        StatusCode::OK,
        "",
        next,
        notice,
    ))
}

/// Reads a public post (the sign-in and link forms): the limit of posts per client address (the
/// section's own sign-in limit), its origin, its size and its token for `action` (bound to the
/// visitor's form cookie). `Err`: refused, with the status to answer.
async fn public_post(app: &App, action: &str, request: Request<'_>) -> Result<Fields, PostRefused> {
    let headers = request.headers;
    let client = clients::address(request.peer, headers, &app.settings.trusted_proxies);
    if let Some(client) = client
        && let Decision::Limited {
            retry_after: wait, ..
        } = app.sign_in_limiter.check(client, std::time::Instant::now())
    {
        return Err(PostRefused::TooMany(wait));
    }
    if !app.forms.comes_from_this_site(headers) {
        return Err(PostRefused::Foreign);
    }
    let body = forms::read_body(headers, request.body)
        .await
        .map_err(|_| PostRefused::TooLarge)?;
    let fields = Fields::parse(&body);
    let nonce = forms::cookie(headers, forms::NONCE_COOKIE).unwrap_or("");
    if !app.forms.verify(nonce, action, fields.get("token")) {
        return Err(PostRefused::Expired);
    }
    Ok(fields)
}

/// The sign-in page again after a post refused before it was used, saying why.
fn refused_page(
    app: &App,
    place: &Place<'_>,
    headers: &HeaderMap,
    refused: PostRefused,
) -> Response {
    let notice = Notice {
        text: refused.text().get(place.locale).into(),
        error: true,
    };
    let mut page = sign_in_response(app, place, headers, refused.status(), "", "", Some(notice));
    refused.apply(&mut page);
    page
}

/// `response` with `Retry-After: seconds`, when there is a wait to tell.
fn retry_after(mut response: Response, seconds: Option<u64>) -> Response {
    if let Some(value) = seconds.and_then(|s| header::HeaderValue::from_str(&s.to_string()).ok()) {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
    response
}

/// 303 to `next`, or else where a person's work is: their space's tournaments when they are a
/// member of one space, the account page (which lists them) otherwise; with the new session's
/// cookie.
async fn signed_in_to(
    app: &App,
    place: &Place<'_>,
    signed: &SignedIn,
    next: &str,
) -> Result<Response, ServiceError> {
    let locale = place.locale;
    let target = match safe_next(locale, next) {
        Some(next) => next.to_owned(),
        None => {
            let mut handle = app.db.acquire().await?;
            match people::memberships(handle.conn(), signed.person.id)
                .await?
                .as_slice()
            {
                [only] => format!("/{locale}/organizer/{}/tournaments", only.slug),
                _ => format!("/{locale}/account"),
            }
        }
    };
    let token = &signed.token;
    let mut response = redirect(&format!("{}{target}", app.base_url), StatusCode::SEE_OTHER);
    if let Some(cookie) = session_cookie(app, Some(token)) {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    Ok(response)
}

/// `POST /<locale>/sign-in`: email and password.
pub(super) async fn sign_in(app: &Arc<App>, place: &Place<'_>, request: Request<'_>) -> Answer {
    let headers = request.headers;
    let client = clients::address(request.peer, headers, &app.settings.trusted_proxies)
        .map_or_else(|| "unknown".to_owned(), |ip| ip.to_string());
    let previous = session_token(app, headers);
    let fields = match public_post(app, &sign_in_path(place.locale), request).await {
        Ok(fields) => fields,
        Err(refused) => return Ok(refused_page(app, place, headers, refused)),
    };
    let (email, password, next) = (
        fields.get("email").to_owned(),
        fields.get("password").to_owned(),
        fields.get("next").to_owned(),
    );
    let signed = sessions::with_password(
        &app.db,
        &ctx(app),
        &email,
        &password,
        &client,
        previous.as_deref(),
    )
    .await;
    let (status, text, wait) = match signed {
        Ok(signed) => return signed_in_to(app, place, &signed, &next).await,
        Err(SignInError::Service(error)) => return Err(error),
        Err(SignInError::Refused(Refused::Wrong)) => {
            (StatusCode::UNAUTHORIZED, T::SignInWrong, None)
        }
        Err(SignInError::Refused(Refused::Locked)) => (
            StatusCode::TOO_MANY_REQUESTS,
            T::SignInLocked,
            Some(sessions::FAILURE_WINDOW_MS as u64 / 1000),
        ),
        Err(SignInError::Busy(Busy::Client)) => {
            (StatusCode::TOO_MANY_REQUESTS, T::SignInBusy, Some(1))
        }
        Err(SignInError::Busy(Busy::Full)) => {
            (StatusCode::SERVICE_UNAVAILABLE, T::SignInBusy, Some(1))
        }
    };
    let notice = Notice {
        text: text.get(place.locale).into(),
        error: true,
    };
    let email = email
        .chars()
        .take(crate::domain::email::MAX_LEN)
        .collect::<String>();
    let page = sign_in_response(app, place, headers, status, &email, &next, Some(notice));
    Ok(retry_after(page, wait))
}

/// `GET /<locale>/sign-in/<token>`: "Sign in as E?" and a button that posts (opening a link
/// uses nothing: mail scanners and link previews open links too).
pub(super) async fn link_page(
    app: &App,
    place: &Place<'_>,
    token: &str,
    headers: &HeaderMap,
) -> Answer {
    let locale = place.locale;
    let link_place = Place {
        path: "sign-in",
        ..*place
    };
    let Some(person) = sessions::link_person(&app.db, token, crate::timestamp::now_ms()).await?
    else {
        return Ok(link_used(&link_place));
    };
    let (nonce, set_nonce) = app.forms.nonce(headers);
    let path = format!("/{locale}/sign-in/{token}");
    let form_token = app.forms.token(&nonce, &path);
    let page = account_page::link(&link_place, &person.email, &path, form_token);
    let mut response = page_response(StatusCode::OK, &link_place, &page);
    if let Some(cookie) = set_nonce {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    Ok(response)
}

fn link_used(place: &Place<'_>) -> Response {
    page_response(
        StatusCode::NOT_FOUND,
        place,
        &account_page::link_used(place),
    )
}

/// `POST /<locale>/sign-in/<token>`: uses the link, once.
pub(super) async fn use_link(
    app: &Arc<App>,
    place: &Place<'_>,
    token: &str,
    request: Request<'_>,
) -> Answer {
    let locale = place.locale;
    let link_place = Place {
        path: "sign-in",
        ..*place
    };
    let headers = request.headers;
    let previous = session_token(app, headers);
    if let Err(refused) = public_post(app, &format!("/{locale}/sign-in/{token}"), request).await {
        return Ok(refused_page(app, &link_place, headers, refused));
    }
    match sessions::redeem_link(&app.db, &ctx(app), token, previous.as_deref()).await? {
        Some(signed) => signed_in_to(app, place, &signed, "").await,
        None => Ok(link_used(&link_place)),
    }
}

/// `POST /<locale>/sign-out`: ends the session on the server and clears the cookie.
pub(super) async fn sign_out(app: &App, place: &Place<'_>, visitor: &Visitor) -> Answer {
    sessions::sign_out(&app.db, &visitor.ctx(app), &visitor.current).await?;
    let mut response = redirect(
        &format!("{}{}", app.base_url, sign_in_path(place.locale)),
        StatusCode::SEE_OTHER,
    );
    if let Some(cookie) = session_cookie(app, None) {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    Ok(response)
}

/// `POST /<locale>/account/sign-out-others`: ends every other session of the person.
pub(super) async fn sign_out_others(app: &App, place: &Place<'_>, visitor: &Visitor) -> Answer {
    sessions::sign_out_others(&app.db, &visitor.ctx(app), &visitor.current).await?;
    Ok(redirect(
        &format!(
            "{}/{}/account?done=signed-out-others",
            app.base_url, place.locale
        ),
        StatusCode::SEE_OTHER,
    ))
}

/// `GET /<locale>/account`: the person's spaces, the password form, and signing out everywhere
/// else.
pub(super) async fn account(
    app: &App,
    place: &Place<'_>,
    visitor: &Visitor,
    problem: Option<(StatusCode, Notice)>,
    query: &str,
) -> Answer {
    let person = &visitor.current.person;
    let memberships = {
        let mut handle = app.db.acquire().await?;
        people::memberships(handle.conn(), person.id).await?
    };
    let account = Account {
        email: &person.email,
        memberships: &memberships,
        by_link: visitor.current.by_link,
        has_password: person.password_hash.is_some(),
    };
    let (status, notice, error) = match problem {
        Some((status, notice)) => (status, Some(notice.clone()), Some(notice.text)),
        None => (StatusCode::OK, notice_of(place.locale, query), None),
    };
    let sign = |action: &str| visitor.token(app, action);
    let page = account_page::page(place, &sign, &account, notice, error);
    Ok(page_response(status, place, &page))
}

/// `POST /<locale>/account/password`.
pub(super) async fn password(
    app: &App,
    place: &Place<'_>,
    visitor: &Visitor,
    fields: &crate::http::forms::Fields,
) -> Answer {
    let field = |name: &str| fields.get(name).to_owned();
    let set = sessions::set_password(
        &app.db,
        &visitor.ctx(app),
        &visitor.current,
        &visitor.client,
        &field("current"),
        &field("new"),
    )
    .await;
    let locale = place.locale;
    let problem_with = |status: StatusCode, text: T| {
        Some((
            status,
            Notice {
                text: text.get(locale).into(),
                error: true,
            },
        ))
    };
    let problem = |text: T| problem_with(StatusCode::UNPROCESSABLE_ENTITY, text);
    match set {
        Ok(()) => Ok(redirect(
            &format!("{}/{locale}/account?done=password-set", app.base_url),
            StatusCode::SEE_OTHER,
        )),
        Err(PasswordError::CurrentWrong) => {
            account(app, place, visitor, problem(T::CurrentPasswordWrong), "").await
        }
        Err(PasswordError::Busy(busy)) => {
            let status = match busy {
                Busy::Client => StatusCode::TOO_MANY_REQUESTS,
                Busy::Full => StatusCode::SERVICE_UNAVAILABLE,
            };
            let page =
                account(app, place, visitor, problem_with(status, T::SignInBusy), "").await?;
            Ok(retry_after(page, Some(1)))
        }
        Err(PasswordError::Service(ServiceError::Invalid(Invalid::Field { .. }))) => {
            // Said as what is wrong with it, not the hint again.
            let chars = field("new").chars().count();
            let text = match chars < *sessions::PASSWORD_CHARS.start() {
                true => T::PasswordTooShort,
                false => T::PasswordTooLong,
            };
            let mut problem = problem(text);
            if let Some((_, notice)) = problem.as_mut() {
                notice.text = notice.text.replace("{n}", &chars.to_string());
            }
            account(app, place, visitor, problem, "").await
        }
        Err(PasswordError::Service(error)) => Err(error),
    }
}
