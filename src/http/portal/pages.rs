//! The portal's pages that every visitor sees alike (landing, space, tournament): built once per
//! window, revalidated with their ETag, and a tournament's form given each visitor's own token.

use std::sync::Arc;

use bytes::Bytes;
use warp::http::{HeaderMap, HeaderValue, StatusCode, header};
use warp::reply::Response;

use super::{
    CachedPage, Screen, Target, html_response, not_found_html, parse, registration_path,
    with_headers,
};
use crate::db::DbError;
use crate::domain::{Locale, Slug};
use crate::http::App;
use crate::http::api::DB_TIMEOUT;
use crate::http::cache::Body;
use crate::http::widgets::Failure;
use crate::pages::Theme;
use crate::pages::portal::{self, Form, Place};
use crate::views::public;

use super::feeds;

/// The content type of the portal's pages.
const HTML: &str = "text/html; charset=utf-8";

/// A page every visitor sees alike (landing, space, tournament), built once per window and
/// answered 304 when the visitor's ETag still holds. A tournament page's form gets the
/// visitor's own token.
pub(super) async fn cached(
    app: &Arc<App>,
    place: &Place<'_>,
    target: Target<'_>,
    path: &str,
    headers: &HeaderMap,
) -> Result<Response, Failure> {
    let version = app
        .gate
        .current()
        .await
        .map_err(|error| Failure::new(&error.to_string()))?
        .data;
    let built = built(app, path, place.locale, place.theme, version).await?;
    let Target::Tournament(locale, slug) = target else {
        return Ok(revalidated(built, headers));
    };
    if built.token_at.is_empty() {
        return Ok(revalidated(built, headers));
    }
    let (nonce, set_cookie) = app.forms.nonce(headers);
    let token = app.forms.token(&nonce, &registration_path(locale, slug));
    let html = with_token(&built, app.token_marker.len(), &token);
    let mut response = html_response(built.status, html, "private, no-store");
    if let Some(cookie) = set_cookie {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    Ok(response)
}

/// The page at `path` as of `version` (or later): the one built for it, or built now and kept.
async fn built(
    app: &Arc<App>,
    path: &str,
    locale: Locale,
    theme: Theme,
    version: i64,
) -> Result<CachedPage, Failure> {
    let key = format!("{path} {}", theme.as_str());
    let (owned, path) = (Arc::clone(app), path.to_owned());
    app.portal_pages
        .get_or_build(&key, version, || async move {
            let build = build_page(&owned, &path, locale, theme);
            tokio::time::timeout(DB_TIMEOUT, build)
                .await
                .map_err(|_| Failure::new("the database did not answer in time"))?
        })
        .await
}

/// What a public page of the portal shows as of `version`, as one value that changes when
/// anything on it does: the ETag of the page at `path` (after the locale), in English; a
/// published tournament's page (`tournaments/<slug>`) holds its facts, participants, bracket and
/// standings, a venue screen (`…/screen`) its room. `None` when it is not shown. The page is
/// built through the cache (a screen in its dark theme, as screens are shown), so the visitors
/// who then ask for it find it ready.
pub(crate) async fn page_state(
    app: &Arc<App>,
    path: &str,
    version: i64,
) -> Result<Option<Arc<str>>, Failure> {
    let theme = match path.ends_with("/screen") {
        true => Theme::Dark,
        false => Theme::Light,
    };
    let path = format!("/en/{path}");
    let page = built(app, &path, Locale::En, theme, version).await?;
    Ok((page.status == StatusCode::OK).then(|| Arc::clone(&page.body.etag)))
}

/// The cached page with `token` where each of its markers (`marker_len` bytes) stands.
fn with_token(built: &CachedPage, marker_len: usize, token: &str) -> Bytes {
    let bytes = &built.body.bytes;
    let mut html = Vec::with_capacity(bytes.len() + built.token_at.len() * token.len());
    let mut from = 0;
    for &at in &built.token_at {
        html.extend_from_slice(&bytes[from..at]);
        html.extend_from_slice(token.as_bytes());
        from = at + marker_len;
    }
    html.extend_from_slice(&bytes[from..]);
    Bytes::from(html)
}

/// Builds a page for the cache: a tournament's form holds the token marker.
async fn build_page(
    app: &App,
    path: &str,
    locale: Locale,
    theme: Theme,
) -> Result<CachedPage, Failure> {
    let after = path
        .trim_start_matches('/')
        .split_once('/')
        .map_or("", |(_, rest)| rest);
    let place = Place {
        base_url: &app.base_url,
        locale,
        theme,
        path: after,
    };
    let mut handle = app.db.acquire().await?;
    let found = |html: String| CachedPage {
        status: StatusCode::OK,
        content_type: HTML,
        token_at: html
            .match_indices(app.token_marker.as_str())
            .map(|(at, _)| at)
            .collect(),
        body: Body::new(html.into_bytes()),
    };
    let missing = || CachedPage {
        status: StatusCode::NOT_FOUND,
        content_type: HTML,
        body: Body::new(not_found_html(&place).into_bytes()),
        token_at: Vec::new(),
    };
    Ok(match parse(path) {
        Target::Landing(_) => {
            let spaces = public::spaces_with_published(handle.conn()).await?;
            found(portal::landing(&place, &spaces)?)
        }
        Target::Space(_, slug) => match public::published_in_space(handle.conn(), slug).await? {
            Some((space, list)) => found(portal::space(&place, &app.base_url, &space, &list)?),
            None => missing(),
        },
        Target::Tournament(_, slug) => {
            let Some(tournament) = published(&mut handle, slug).await? else {
                return Ok(missing());
            };
            let data = public::tournament_page(handle.conn(), &tournament).await?;
            let html = portal::tournament(
                &place,
                &tournament,
                &data,
                &Form::default(),
                &app.token_marker,
            )?;
            found(html)
        }
        Target::Screen(_, screen) => {
            // The room is read as the calls read it; the screen shows nothing of the clock (the
            // page's script counts the minutes), so one page serves every visitor per version.
            let now = crate::timestamp::now_ms();
            let failed = |error: crate::service::ServiceError| Failure::new(&error.to_string());
            let read = match screen {
                Screen::Tournament(slug) if Slug::parse(slug).is_ok() => {
                    crate::service::screen::of_tournament(handle.conn(), slug, now)
                        .await
                        .map_err(failed)?
                }
                Screen::Space(space) => crate::service::screen::of_space(handle.conn(), space, now)
                    .await
                    .map_err(failed)?,
                Screen::Tournament(_) => None,
            };
            let Some(read) = read else {
                return Ok(missing());
            };
            let live = screen.stream();
            let space_wide = matches!(screen, Screen::Space(_));
            found(crate::pages::screen::screen(
                &place, &read, space_wide, &live,
            )?)
        }
        Target::Sitemap => {
            let spaces = public::spaces_with_published(handle.conn()).await?;
            file(
                feeds::SITEMAP,
                feeds::sitemap(&app.base_url, &spaces).into_bytes(),
            )
        }
        Target::SpaceCalendar(_, slug) => {
            match public::published_in_space(handle.conn(), slug).await? {
                Some((space, list)) => file(
                    feeds::CALENDAR,
                    feeds::space_calendar(app, locale, &space, &list).into_bytes(),
                ),
                None => missing(),
            }
        }
        Target::TournamentCalendar(_, slug) => {
            let Some(tournament) = published(&mut handle, slug).await? else {
                return Ok(missing());
            };
            let body = feeds::tournament_calendar(app, &mut handle, locale, &tournament).await?;
            file(feeds::CALENDAR, body.into_bytes())
        }
        Target::Preview(_, slug) => {
            let Some(tournament) = published(&mut handle, slug).await? else {
                return Ok(missing());
            };
            let data = public::tournament_page(handle.conn(), &tournament).await?;
            let preview = crate::pages::preview::Preview::of_tournament(locale, &tournament, &data);
            drop(handle);
            CachedPage {
                status: StatusCode::OK,
                content_type: feeds::PNG,
                body: app.previews.drawn(path, preview).await?,
                token_at: Vec::new(),
            }
        }
        _ => missing(),
    })
}

/// A file the cache keeps beside the pages: a calendar, the sitemap.
fn file(content_type: &'static str, bytes: Vec<u8>) -> CachedPage {
    CachedPage {
        status: StatusCode::OK,
        content_type,
        body: Body::new(bytes),
        token_at: Vec::new(),
    }
}

pub(super) async fn published(
    handle: &mut crate::db::Handle,
    slug: &str,
) -> Result<Option<crate::db::tournaments::TournamentRow>, DbError> {
    if Slug::parse(slug).is_err() {
        return Ok(None);
    }
    public::published_tournament(handle.conn(), slug).await
}

/// 200 with the cached page, or 304 when `If-None-Match` names its ETag.
fn revalidated(built: CachedPage, headers: &HeaderMap) -> Response {
    let etag = built.body.etag.clone();
    let mut response = if built.body.matches(headers) && built.status == StatusCode::OK {
        let mut response = with_headers(Response::new(Bytes::new().into()), "no-cache");
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        // A cache keeps the headers of a 304 with what it stored: the type must stay the file's.
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(built.content_type),
        );
        response
    } else {
        let mut response = with_headers(Response::new(built.body.bytes.into()), "no-cache");
        *response.status_mut() = built.status;
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(built.content_type),
        );
        response
    };
    if let Ok(value) = HeaderValue::from_str(&etag) {
        response.headers_mut().insert(header::ETAG, value);
    }
    response
}
