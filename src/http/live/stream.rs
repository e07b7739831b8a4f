//! `GET /live/<slug>`: a published tournament's event stream (server-sent events), `GET
//! /live/screen/…` a venue screen's, and the same stream for the desk's pages (`serve`, behind the section's sign-in). Each event is
//! `id: V`, `event: version`, `data: V`: the tournament's public state changed at data version
//! V. A new stream gets the current version at once (the page may have been built before it), a
//! reconnecting one (`Last-Event-ID`) only when it missed something. Keep-alive comments every
//! 15 s keep proxies from closing an idle stream; `X-Accel-Buffering: no` keeps nginx from
//! holding events back.
//!
//! An unknown or unpublished tournament is a plain 404, and beyond the cap a 503 with
//! Retry-After: `EventSource` gives up on both, and the page's script falls back to polling.

use std::convert::Infallible;
use std::sync::Arc;

use warp::Reply;
use warp::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use warp::reply::Response;
use warp::sse::Event;

use super::{Subscription, Topic};
use crate::domain::Slug;
use crate::http::App;

/// How long a browser waits before reconnecting a dropped stream (`retry:`).
const RECONNECT: std::time::Duration = std::time::Duration::from_millis(1000);

/// Answers `GET /live/<slug>` (a published tournament's pages) and `GET /live/screen/…` (a
/// venue screen: `tournaments/<slug>` or `organizer/<space>`).
pub async fn handle(
    app: &Arc<App>,
    method: &Method,
    rest: &str,
    headers: &HeaderMap,
    public: super::PublicState,
) -> Response {
    if method != Method::GET {
        let mut response = plain(StatusCode::METHOD_NOT_ALLOWED, "GET only\n");
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET"));
        return response;
    }
    let parts: Vec<&str> = rest.split('/').collect();
    let path = match parts[..] {
        [slug] if Slug::parse(slug).is_ok() => format!("tournaments/{slug}"),
        ["screen", "tournaments", slug] if Slug::parse(slug).is_ok() => {
            format!("tournaments/{slug}/screen")
        }
        ["screen", "organizer", space] if Slug::parse(space).is_ok() => {
            format!("organizer/{space}/screen")
        }
        _ => return plain(StatusCode::NOT_FOUND, "not found\n"),
    };
    let version = match app.gate.current().await {
        Ok(versions) => versions.data,
        Err(error) => return unavailable(&error.to_string()),
    };
    let state = match public(app, &path, version).await {
        Ok(Some(state)) => Some(state),
        Ok(None) => return plain(StatusCode::NOT_FOUND, "not found\n"),
        Err(failure) => return unavailable(&failure),
    };
    serve(app, path.as_str(), version, state, headers)
}

/// The event stream of `topic`, whose state as of data `version` is `state`: for the public
/// stream above and the desk's (whose handler has checked who asks).
pub fn serve(
    app: &App,
    topic: impl Into<Topic>,
    version: i64,
    state: super::State,
    headers: &HeaderMap,
) -> Response {
    let Ok(mut subscription) = app.live.open(topic, version, state) else {
        return busy(
            "too many live pages are open; this page follows by polling\n",
            "30",
        );
    };
    let current = *subscription.versions.borrow_and_update();
    let resumed_at = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<i64>().ok());
    let first = (resumed_at != Some(current)).then_some(current);
    let events = futures_util::stream::unfold((subscription, first), next);
    let stream = warp::sse::keep_alive()
        .interval(app.settings.live.keep_alive)
        .stream(events);
    let mut response = warp::sse::reply(stream).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

type State = (Subscription, Option<i64>);

/// The stream's next event: the one owed at once, else the next change; none once the server
/// stops or the tournament is no longer followed.
async fn next((mut subscription, owed): State) -> Option<(Result<Event, Infallible>, State)> {
    if let Some(version) = owed {
        return Some((Ok(event(version)), (subscription, None)));
    }
    let Subscription {
        versions, closing, ..
    } = &mut subscription;
    let version = tokio::select! {
        changed = versions.changed() => match changed {
            Ok(()) => *versions.borrow_and_update(),
            Err(_) => return None,
        },
        _ = closing.wait_for(|closing| *closing) => return None,
    };
    Some((Ok(event(version)), (subscription, None)))
}

fn event(version: i64) -> Event {
    Event::default()
        .id(version.to_string())
        .event("version")
        .data(version.to_string())
        .retry(RECONNECT)
}

fn unavailable(why: &str) -> Response {
    tracing::error!(error = why, "a live page's stream could not be opened");
    busy("the service is unavailable for a moment\n", "1")
}

/// 503 with `text`, asking to come back after `retry_after` seconds.
fn busy(text: &'static str, retry_after: &'static str) -> Response {
    let mut response = plain(StatusCode::SERVICE_UNAVAILABLE, text);
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static(retry_after));
    response
}

fn plain(status: StatusCode, text: &'static str) -> Response {
    let mut response = Response::new(text.into());
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}
