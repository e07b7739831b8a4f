//! The portal's pages that every visitor sees alike (landing, space, tournament): built once per
//! window, revalidated with their ETag, and a tournament's form given each visitor's own token.

use std::sync::Arc;

use bytes::Bytes;
use warp::http::{HeaderMap, HeaderValue, StatusCode, header};
use warp::reply::Response;

use super::{CachedPage, Target, not_found_html, page, parse, registration_path, with_headers};
use crate::db::DbError;
use crate::domain::{Locale, Slug};
use crate::http::App;
use crate::http::api::DB_TIMEOUT;
use crate::http::cache::Body;
use crate::http::widgets::Failure;
use crate::pages::Theme;
use crate::pages::portal::{self, Form, Place};
use crate::views::public;

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
    let key = format!("{path} {}", place.theme.as_str());
    let (owned, path, locale, theme) =
        (Arc::clone(app), path.to_owned(), place.locale, place.theme);
    let version = app
        .freshness
        .current()
        .await
        .map_err(|error| Failure::new(&error.to_string()))?
        .data;
    let built = app
        .portal_pages
        .get_or_build(&key, version, || async move {
            let build = build_page(&owned, &path, locale, theme);
            tokio::time::timeout(DB_TIMEOUT, build)
                .await
                .map_err(|_| Failure::new("the database did not answer in time"))?
        })
        .await?;
    if !built.has_form {
        return Ok(revalidated(built, headers));
    }
    let (nonce, set_cookie) = app.forms.nonce(headers);
    let Target::Tournament(locale, slug) = target else {
        return Ok(revalidated(built, headers));
    };
    let token = app.forms.token(&nonce, &registration_path(locale, slug));
    let html = String::from_utf8_lossy(&built.body.bytes).replace(&app.token_marker, &token);
    let mut response = page(built.status, Ok(html), "private, no-store");
    if let Some(cookie) = set_cookie {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    Ok(response)
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
    let found = |html: String, has_form: bool| CachedPage {
        status: StatusCode::OK,
        body: Body::new(html.into_bytes()),
        has_form,
    };
    let missing = || CachedPage {
        status: StatusCode::NOT_FOUND,
        body: Body::new(not_found_html(&place).into_bytes()),
        has_form: false,
    };
    Ok(match parse(path) {
        Target::Landing(_) => {
            let spaces = public::spaces_with_published(handle.conn()).await?;
            found(portal::landing(&place, &spaces)?, false)
        }
        Target::Space(_, slug) => match public::published_in_space(handle.conn(), slug).await? {
            Some((space, list)) => {
                found(portal::space(&place, &app.base_url, &space, &list)?, false)
            }
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
            let has_form = html.contains(&app.token_marker);
            found(html, has_form)
        }
        _ => missing(),
    })
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
        response
    } else {
        let mut response = with_headers(Response::new(built.body.bytes.into()), "no-cache");
        *response.status_mut() = built.status;
        response
    };
    if let Ok(value) = HeaderValue::from_str(&etag) {
        response.headers_mut().insert(header::ETAG, value);
    }
    response
}
