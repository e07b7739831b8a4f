//! `/embed/...`: routes widget requests, reads through `views::public` (published tournaments
//! only) and answers with the widget's headers. A page is kept while the database's `data`
//! version has not moved (`gate`, `cache`) and built once however many visitors ask at the
//! same moment, so a widget on a busy partner page costs one version read per burst of requests
//! and shows a change on the very next request.
//!
//! Anything not shown — draft, test, unknown tournament or space, unknown locale or page — gets
//! the same localized 404 page. A database or rendering failure is logged and answered with a
//! plain localized 503 page; never a 500, and never a write.

use std::sync::Arc;

use bytes::Bytes;
use warp::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use warp::reply::Response;

use super::App;
use super::api::DB_TIMEOUT;
use super::cache::{Body, BuildLost};
use crate::db::DbError;
use crate::domain::Locale;
use crate::pages::i18n::T;
use crate::pages::{self, Frame, RenderError, Theme};
use crate::views::public as data;

/// The page a path names.
#[derive(Debug, PartialEq, Eq)]
enum Target<'a> {
    Stylesheet,
    Tournament(Locale, &'a str, Kind),
    Calendar(Locale, &'a str),
    CalendarFeed(Locale, &'a str),
    /// Not a widget; in the path's locale when it has a known one.
    NotFound(Locale),
}

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Kind {
    Bracket,
    Registration,
    Standings,
}

fn parse(rest: &str) -> Target<'_> {
    if rest == "widget.css" {
        return Target::Stylesheet;
    }
    let parts: Vec<&str> = rest.split('/').collect();
    let Some(locale) = parts.first().and_then(|l| l.parse::<Locale>().ok()) else {
        return Target::NotFound(Locale::En);
    };
    match parts.as_slice() {
        [_, "tournaments", slug, page] if !slug.is_empty() => match *page {
            "bracket" => Target::Tournament(locale, slug, Kind::Bracket),
            "registration" => Target::Tournament(locale, slug, Kind::Registration),
            "standings" => Target::Tournament(locale, slug, Kind::Standings),
            _ => Target::NotFound(locale),
        },
        [_, "organizer", space, "calendar"] if !space.is_empty() => Target::Calendar(locale, space),
        [_, "organizer", space, "calendar.ics"] if !space.is_empty() => {
            Target::CalendarFeed(locale, space)
        }
        _ => Target::NotFound(locale),
    }
}

/// A widget answer as the cache keeps it: everything but the headers every widget response has.
#[derive(Debug, Clone)]
pub struct Page {
    content_type: &'static str,
    body: Body,
}

impl Page {
    fn html(html: String) -> Page {
        Page {
            content_type: "text/html; charset=utf-8",
            body: Body::new(html.into_bytes()),
        }
    }

    /// 200 with the page, or 304 when the browser's copy (its ETag) is still the page. Browsers
    /// and proxies must ask again every time (`no-cache`), so a change shows on the next load.
    fn into_response(self, headers: &HeaderMap) -> Response {
        let mut response = if self.body.matches(headers) {
            text_response(StatusCode::NOT_MODIFIED, self.content_type, Bytes::new())
        } else {
            text_response(StatusCode::OK, self.content_type, self.body.bytes.clone())
        };
        cache(&mut response, "no-cache");
        response
            .headers_mut()
            .insert(header::ETAG, self.body.etag_header.clone());
        response
    }
}

/// Answers `path` (the part after `/embed/`).
pub async fn handle(
    app: &Arc<App>,
    method: &Method,
    rest: &str,
    query: &str,
    headers: &HeaderMap,
) -> Response {
    if method != Method::GET {
        let mut response = text_response(
            StatusCode::METHOD_NOT_ALLOWED,
            "text/plain; charset=utf-8",
            "GET only\n".into(),
        );
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return response;
    }
    let target = parse(rest);
    let locale = match target {
        Target::Stylesheet => {
            let mut response = text_response(
                StatusCode::OK,
                "text/css; charset=utf-8",
                pages::STYLESHEET.into(),
            );
            cache(&mut response, "public, max-age=3600");
            return response;
        }
        Target::NotFound(locale) => return not_found(locale),
        Target::Tournament(l, ..) | Target::Calendar(l, _) | Target::CalendarFeed(l, _) => l,
    };
    let theme = Theme::from_query(query);
    let key = format!("{rest} {theme:?}");
    let (owned, path) = (Arc::clone(app), rest.to_owned());
    let version = match app.gate.current().await {
        Ok(versions) => versions.data,
        Err(error) => return unavailable(locale, rest, &Failure::new(&error.to_string())),
    };
    let page = app
        .widget_pages
        .get_or_build(&key, version, || async move {
            let answer = answer(&owned, parse(&path), theme);
            tokio::time::timeout(DB_TIMEOUT, answer)
                .await
                .map_err(|_| Failure::new("the database did not answer in time"))?
        })
        .await;
    match page {
        Ok(Some(page)) => page.into_response(headers),
        Ok(None) => not_found(locale),
        Err(failure) => unavailable(locale, rest, &failure),
    }
}

/// The plain localized 503 page, after logging why.
fn unavailable(locale: Locale, path: &str, failure: &Failure) -> Response {
    tracing::error!(error = %failure, path, "widget page failed");
    let mut response = page(
        StatusCode::SERVICE_UNAVAILABLE,
        pages::message(locale, T::UnavailableTitle, T::UnavailableBody),
        "no-store",
    );
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

/// Why a page could not be built (a database or template failure), for the log. Shared by
/// every request that waited for the same build.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{0}")]
pub struct Failure(Arc<str>);

impl Failure {
    pub(super) fn new(why: &str) -> Failure {
        Failure(why.into())
    }
}

impl From<DbError> for Failure {
    fn from(error: DbError) -> Failure {
        Failure::new(&error.to_string())
    }
}

impl From<RenderError> for Failure {
    fn from(error: RenderError) -> Failure {
        Failure::new(&error.to_string())
    }
}

impl From<BuildLost> for Failure {
    fn from(error: BuildLost) -> Failure {
        Failure::new(&error.to_string())
    }
}

/// The page `target` shows, or `None` when it is not shown (unknown or unpublished).
async fn answer(app: &App, target: Target<'_>, theme: Theme) -> Result<Option<Page>, Failure> {
    let mut handle = app.db.acquire().await?;
    match target {
        Target::Stylesheet | Target::NotFound(_) => Ok(None),
        Target::Tournament(locale, slug, kind) => {
            let Some(tournament) = data::published_tournament(handle.conn(), slug).await? else {
                return Ok(None);
            };
            let frame = Frame {
                locale,
                theme,
                heading: &tournament.name,
                portal_url: app.base_url.tournament_page(locale, &tournament.slug),
                live: Some(pages::live_stream(&tournament.slug)),
            };
            let html = match kind {
                Kind::Registration => {
                    let places = data::places(handle.conn(), &tournament).await?;
                    pages::registration(&frame, &tournament, &tournament.entry()?, places)?
                }
                Kind::Standings => {
                    let record =
                        crate::views::tournament_standings(handle.conn(), &tournament).await?;
                    pages::standings(&frame, &tournament, &record)?
                }
                Kind::Bracket => {
                    let bracket = data::bracket(handle.conn(), &tournament).await?;
                    pages::bracket(&frame, &tournament, &bracket)?
                }
            };
            Ok(Some(Page::html(html)))
        }
        Target::Calendar(locale, slug) => {
            let Some((space, list)) = data::published_in_space(handle.conn(), slug).await? else {
                return Ok(None);
            };
            Ok(Some(Page::html(pages::calendar(
                locale,
                theme,
                &app.base_url,
                &space,
                &list,
            )?)))
        }
        Target::CalendarFeed(locale, slug) => {
            let Some((space, list)) = data::published_in_space(handle.conn(), slug).await? else {
                return Ok(None);
            };
            let body = pages::ics::calendar(
                locale,
                &app.base_url,
                &space,
                &list,
                crate::timestamp::now_ms(),
            );
            Ok(Some(Page {
                content_type: "text/calendar; charset=utf-8",
                body: Body::new(body.into_bytes()),
            }))
        }
    }
}

/// The one "not found" page of a locale: the same bytes whatever was not found.
fn not_found(locale: Locale) -> Response {
    page(
        StatusCode::NOT_FOUND,
        pages::message(locale, T::NotFoundTitle, T::NotFoundBody),
        "no-cache",
    )
}

fn page(status: StatusCode, html: String, cache_control: &'static str) -> Response {
    let mut response = text_response(status, "text/html; charset=utf-8", html.into());
    cache(&mut response, cache_control);
    response
}

fn cache(response: &mut Response, value: &'static str) {
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
}

/// A response with the widget headers: the policy lets any site frame the page and allows
/// nothing else but this origin's stylesheet and the resize script.
fn text_response(status: StatusCode, content_type: &'static str, body: Bytes) -> Response {
    let mut response = Response::new(body.into());
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    if let Ok(policy) = HeaderValue::from_str(pages::content_security_policy()) {
        headers.insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_name_pages() {
        assert_eq!(
            parse("ru/tournaments/cup/bracket"),
            Target::Tournament(Locale::Ru, "cup", Kind::Bracket)
        );
        assert_eq!(
            parse("en/organizer/club/calendar.ics"),
            Target::CalendarFeed(Locale::En, "club")
        );
        assert_eq!(parse("widget.css"), Target::Stylesheet);
        assert_eq!(
            parse("de/tournaments/cup/bracket"),
            Target::NotFound(Locale::En)
        );
        assert_eq!(
            parse("ru/tournaments/cup/other"),
            Target::NotFound(Locale::Ru)
        );
        assert_eq!(
            parse("ru/tournaments//bracket"),
            Target::NotFound(Locale::Ru)
        );
    }
}
