//! The HTML answers of the portal and the signed-in section: their headers (never framed, no
//! inline script, no referrer), redirects, the one "not found" page of a locale, and the 503
//! page a page that could not be rendered becomes. Builds responses only: reads no storage and
//! routes nothing.

use bytes::Bytes;
use warp::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use warp::reply::Response;

use super::forms::BodyStream;
use crate::domain::Locale;
use crate::pages::i18n::T;
use crate::pages::portal::{self, Place};
use crate::pages::{self as html, RenderError};

/// A request as the portal and the section need it.
pub(super) struct Request<'a> {
    pub method: &'a Method,
    pub path: &'a str,
    pub query: &'a str,
    pub headers: &'a HeaderMap,
    pub peer: Option<std::net::SocketAddr>,
    pub body: BodyStream,
}

pub(super) fn not_found_html(place: &Place<'_>) -> String {
    let place = Place { path: "", ..*place };
    portal::message(&place, T::NotFoundTitle, T::PageNotFoundBody, None).unwrap_or_else(|_| {
        format!(
            "<!DOCTYPE html><title>{0}</title><p>{0}</p>",
            T::NotFoundTitle.get(place.locale)
        )
    })
}

/// The portal's one "not found" page of a locale: the same bytes whatever was not found (its
/// language switch leads to the other language's landing page, not to the path asked for).
pub(super) fn not_found(place: &Place<'_>) -> Response {
    page(StatusCode::NOT_FOUND, Ok(not_found_html(place)), "no-cache")
}

pub(super) fn method_not_allowed(place: &Place<'_>, allowed: &'static str) -> Response {
    let mut response = page(
        StatusCode::METHOD_NOT_ALLOWED,
        Ok(not_found_html(place)),
        "no-store",
    );
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static(allowed));
    response
}

pub(super) fn redirect(location: &str, status: StatusCode) -> Response {
    let mut response = with_headers(Response::new(Bytes::new().into()), "no-store");
    *response.status_mut() = status;
    if let Ok(value) = HeaderValue::from_str(location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    response
}

/// An HTML page; a page that could not be rendered is logged and becomes the 503 page. A 503
/// says when to try again, as the API's does.
pub(super) fn page(
    status: StatusCode,
    html: Result<String, RenderError>,
    cache: &'static str,
) -> Response {
    let (status, html) = match html {
        Ok(html) => (status, html),
        Err(error) => {
            tracing::error!(%error, "portal page failed to render");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                html::message(Locale::En, T::UnavailableTitle, T::PageUnavailableBody),
            )
        }
    };
    html_response(status, Bytes::from(html), cache)
}

/// A page already rendered, with the portal's headers.
pub(super) fn html_response(status: StatusCode, html: Bytes, cache: &'static str) -> Response {
    let mut response = with_headers(Response::new(html.into()), cache);
    *response.status_mut() = status;
    if status == StatusCode::SERVICE_UNAVAILABLE {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    }
    response
}

/// A page of the signed-in section: never stored by any cache, and its own policy (the copy
/// script and widget previews of this origin).
pub(super) fn section_response(status: StatusCode, html: Result<String, RenderError>) -> Response {
    let mut response = page(status, html, "no-store");
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(html::SECTION_POLICY),
    );
    response
}

/// The headers of every portal response: HTML, never framed, no script, no referrer.
pub(super) fn with_headers(mut response: Response, cache: &'static str) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(html::PORTAL_POLICY),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}
