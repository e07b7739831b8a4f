//! Who is signed in: the session cookie (`__Host-` on https), the visitor it names (the session,
//! the cookie to set when its token was rotated, the client's address), and a signed-in post's
//! checks before its body is used (the Fetch-Metadata rule, its size, its form token bound to the
//! session and the form's path). Also the way to the sign-in page and back.
//!
//! Never reads a form's fields beyond its token, and never logs a token.

use bytes::Bytes;
use warp::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use warp::reply::Response;

use super::routes::{self, Route};
use crate::domain::Locale;
use crate::http::App;
use crate::http::forms::{self, Fields, PostRefused};
use crate::http::html::{Request, redirect};
use crate::pages::portal::Place;
use crate::service::Ctx;
use crate::service::sign_in::{self as sessions, Current};

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
pub(super) fn session_cookie(app: &App, token: Option<&str>) -> Option<HeaderValue> {
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

pub(super) fn session_token(app: &App, headers: &HeaderMap) -> Option<String> {
    forms::cookie(headers, cookie_name(app)).map(str::to_owned)
}

/// The context of an operation of signing in (no person yet).
pub(super) fn anonymous(app: &App) -> Ctx<'_> {
    Ctx {
        base_url: &app.base_url,
        actor: "sign-in",
        now: crate::timestamp::now_ms(),
        member: None,
    }
}

/// A signed-in request: the session, and the cookie to set when its token was rotated.
pub(super) struct Visitor {
    pub current: Current,
    pub cookie: Option<HeaderValue>,
    /// The client's address, as the password queue and the audit log know it.
    pub client: String,
}

impl Visitor {
    /// The person's request's visitor, if its cookie names a live session.
    pub(super) async fn of(
        app: &App,
        peer: Option<std::net::SocketAddr>,
        headers: &HeaderMap,
    ) -> Result<Option<Visitor>, crate::service::ServiceError> {
        let client = crate::http::clients::address(peer, headers, &app.settings.trusted_proxies)
            .map_or_else(|| "unknown".to_owned(), |ip| ip.to_string());
        let Some(token) = session_token(app, headers) else {
            return Ok(None);
        };
        Ok(
            sessions::current(&app.db, &anonymous(app), &token, app.settings.sessions)
                .await?
                .map(|current| Visitor {
                    cookie: current
                        .new_token
                        .as_deref()
                        .and_then(|token| session_cookie(app, Some(token))),
                    current,
                    client,
                }),
        )
    }

    /// The person's own operations (their password, their sessions): no space's.
    pub(super) fn ctx<'a>(&'a self, app: &'a App) -> Ctx<'a> {
        Ctx {
            base_url: &app.base_url,
            actor: &self.current.person.email,
            now: crate::timestamp::now_ms(),
            member: None,
        }
    }

    /// The token of a form posting to `action` (a path), bound to this session.
    pub(super) fn token(&self, app: &App, action: &str) -> String {
        app.forms.token(&self.current.token_hash, action)
    }

    /// `response` with the session's new cookie, when its token was rotated.
    pub(super) fn with_cookie(&self, mut response: Response) -> Response {
        if let Some(cookie) = &self.cookie {
            response
                .headers_mut()
                .append(header::SET_COOKIE, cookie.clone());
        }
        response
    }
}

/// The fields of a signed-in post, once it passes the Fetch-Metadata rule, its size and its
/// form token (bound to the session and `action`): the body is read and decoded once, here.
pub(super) async fn checked_fields(
    app: &App,
    visitor: &Visitor,
    action: &str,
    request: Request<'_>,
) -> Result<Fields, PostRefused> {
    let headers = request.headers;
    if !app.forms.comes_from_this_site(headers) {
        return Err(PostRefused::Foreign);
    }
    let body: Bytes = forms::read_body(headers, request.body)
        .await
        .map_err(|_| PostRefused::TooLarge)?;
    let fields = Fields::parse(&body);
    // A form loaded under the session's previous token (another tab, before its role changed)
    // is still the session's while that token works.
    let current = &visitor.current;
    let bound = std::iter::once(&current.token_hash).chain(&current.previous_hash);
    if !bound
        .into_iter()
        .any(|hash| app.forms.verify(hash, action, fields.get("token")))
    {
        return Err(PostRefused::Expired);
    }
    Ok(fields)
}

/// 303 to the sign-in page, which comes back to `back` (a path of this site) after; a post
/// without a session changes nothing and comes back to nothing (sign in, then send it again).
pub(super) fn to_sign_in(app: &App, place: &Place<'_>, method: &Method, back: &str) -> Response {
    let mut location = format!("{}/{}/sign-in", app.base_url, place.locale);
    if *method != Method::POST {
        let query: String = url::form_urlencoded::Serializer::new(String::new())
            .append_pair("next", back)
            .finish();
        location = format!("{location}?{query}");
    }
    redirect(&location, StatusCode::SEE_OTHER)
}

/// A path the sign-in may lead back to: one of the section's own (never another site).
pub(super) fn safe_next(locale: Locale, next: &str) -> Option<&str> {
    let ok = next.starts_with(&format!("/{locale}/"))
        && !next.contains("//")
        && !next.contains('\\')
        && next.bytes().all(|b| b.is_ascii_graphic())
        && routes::parse(
            &next
                .trim_start_matches('/')
                .split('/')
                .skip(1)
                .collect::<Vec<_>>(),
        )
        .is_some_and(|r| !matches!(r, Route::SignIn | Route::Link { .. } | Route::SignOut));
    ok.then_some(next)
}
