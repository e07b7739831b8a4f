//! The portal over HTTP (docs/portal.md): `/` (a redirect by `Accept-Language`), the landing,
//! space and tournament pages, the registration form and its confirmation, and the withdrawal
//! link with its confirming click. Every path that is not the API, a widget or an operator's
//! endpoint is the portal's, so an unknown one gets the portal's localized HTML 404 page, never
//! JSON.
//!
//! Writes go through `service::registrations` as the actor `portal`, guarded first: posts per
//! client address and per private link (`http::post_limits`), body size, origin, and the form
//! token bound to a cookie, so a refused post writes nothing. Pages are never framed
//! (`frame-ancestors 'none'`), carry no script but this origin's (a tournament page's live
//! script), and send no referrer (a withdrawal link must not leak through one). A withdrawal
//! secret is never logged: the request log shows its path without it.

use std::sync::Arc;

use bytes::Bytes;
use warp::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use warp::reply::Response;

mod feeds;
pub use feeds::Previews;
mod pages;
pub(super) use pages::page_state;
mod player_page;
mod player_reports;
mod registration;

use registration::registration_path;

use super::App;
use super::cache::Body;
pub(super) use super::html::Request;
use super::html::{
    html_response, method_not_allowed, not_found, not_found_html, page, redirect, with_headers,
};
use crate::domain::Locale;
use crate::pages::i18n::T;
use crate::pages::icons;
use crate::pages::portal::{self, Place};
use crate::pages::{self as html, Theme};
use crate::service::Ctx;

/// The actor the audit log records for the portal's forms.
pub const ACTOR: &str = "portal";
/// The cookie that carries a registration's withdrawal secret to its confirmation page, in
/// either language (`HttpOnly`, so no page script reads it), for [`SHOWN_MAX_AGE`] seconds: a
/// reload or a change of language shows the link again, in that browser only.
const SHOWN_COOKIE: &str = "tourney_shown";
const SHOWN_MAX_AGE: u32 = 24 * 3600;

/// What of the player's own page a path names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Own {
    Page,
    /// The link's first form, `/withdraw/<secret>`: its page moved (a redirect); a post
    /// withdraws, as from pages opened before.
    FirstForm,
    Withdraw,
    CheckIn,
    /// The first form's check-in button.
    FirstCheckIn,
    Report,
    Answer,
    Live,
    /// The player's matches as a calendar (`.ics`).
    Calendar,
}

impl Own {
    /// What follows the secret in the path.
    fn suffix(self) -> &'static str {
        match self {
            Own::Page | Own::FirstForm => "",
            Own::Withdraw => "/withdraw",
            Own::CheckIn | Own::FirstCheckIn => "/check-in",
            Own::Report => "/report",
            Own::Answer => "/answer",
            Own::Live => "/live",
            Own::Calendar => "/matches.ics",
        }
    }

    fn methods(self) -> &'static str {
        match self {
            Own::Page | Own::Calendar => "GET, HEAD",
            Own::FirstForm => "GET, HEAD, POST",
            Own::Live => "GET",
            Own::Withdraw | Own::CheckIn | Own::FirstCheckIn | Own::Report | Own::Answer => "POST",
        }
    }
}

/// Whose venue screen a path names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Screen<'a> {
    Tournament(&'a str),
    Space(&'a str),
}

impl Screen<'_> {
    /// The screen's event stream (`http::live`).
    pub(crate) fn stream(self) -> String {
        match self {
            Screen::Tournament(slug) => format!("/live/screen/tournaments/{slug}"),
            Screen::Space(space) => format!("/live/screen/organizer/{space}"),
        }
    }
}

/// The page a path names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target<'a> {
    Root,
    Stylesheet,
    /// One of the site's scripts, by its source: the section's copy buttons, live pages'
    /// updates, the bracket's round picker on phones.
    Script(&'static str),
    /// The site's icon, as browsers ask for it: its bytes and type.
    Icon(&'static [u8], &'static str),
    /// The icon a phone puts on its home screen (drawn once, when first asked for).
    TouchIcon,
    /// The venue screen's stylesheet.
    ScreenStylesheet,
    /// What crawlers may read, and where the sitemap is.
    Robots,
    /// The published spaces and tournaments, for search engines.
    Sitemap,
    Landing(Locale),
    Space(Locale, &'a str),
    Tournament(Locale, &'a str),
    /// A venue screen: a published tournament's, or every station of a space's.
    Screen(Locale, Screen<'a>),
    /// A space's published tournaments as a calendar feed (`.ics`).
    SpaceCalendar(Locale, &'a str),
    /// A tournament and its matches with times as a calendar feed (`.ics`).
    TournamentCalendar(Locale, &'a str),
    /// A tournament's preview image for link previews (PNG).
    Preview(Locale, &'a str),
    Register(Locale, &'a str),
    Registered(Locale, &'a str),
    Withdrawn(Locale, &'a str),
    /// A registration's private link: the player's page, its forms and its stream.
    Player(Locale, &'a str, Own),
    /// The signed-in section and signing in (`http::section`).
    Section(Locale, super::section::Route<'a>),
    NotFound(Locale),
}

fn parse(path: &str) -> Target<'_> {
    match path {
        "/" => return Target::Root,
        "/assets/portal.css" => return Target::Stylesheet,
        "/assets/section.js" => return Target::Script(crate::pages::section::COPY_SCRIPT),
        "/assets/live.js" => return Target::Script(html::LIVE_SCRIPT),
        "/assets/rounds.js" => return Target::Script(html::ROUNDS_SCRIPT),
        "/assets/screen.js" => return Target::Script(html::SCREEN_SCRIPT),
        "/assets/screen.css" => return Target::ScreenStylesheet,
        "/favicon.ico" => return Target::Icon(icons::FAVICON_ICO, "image/x-icon"),
        "/favicon.svg" => return Target::Icon(icons::FAVICON_SVG, "image/svg+xml"),
        "/apple-touch-icon.png" | "/apple-touch-icon-precomposed.png" => {
            return Target::TouchIcon;
        }
        "/robots.txt" => return Target::Robots,
        "/sitemap.xml" => return Target::Sitemap,
        _ => {}
    }
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let Some(locale) = parts.first().and_then(|l| l.parse::<Locale>().ok()) else {
        return Target::NotFound(Locale::En);
    };
    if let Some(route) = super::section::parse(&parts[1..]) {
        return Target::Section(locale, route);
    }
    let name = |text: &&str| !text.is_empty();
    match parts[1..] {
        [] | [""] => Target::Landing(locale),
        ["organizer", space] if name(&space) => Target::Space(locale, space),
        ["organizer", space, "calendar.ics"] if name(&space) => {
            Target::SpaceCalendar(locale, space)
        }
        ["organizer", space, "screen"] if name(&space) => {
            Target::Screen(locale, Screen::Space(space))
        }
        ["tournaments", slug, "screen"] if name(&slug) => {
            Target::Screen(locale, Screen::Tournament(slug))
        }
        ["tournaments", slug] if name(&slug) => Target::Tournament(locale, slug),
        ["tournaments", slug, "calendar.ics"] if name(&slug) => {
            Target::TournamentCalendar(locale, slug)
        }
        ["tournaments", slug, "preview.png"] if name(&slug) => Target::Preview(locale, slug),
        ["tournaments", slug, "registrations"] if name(&slug) => Target::Register(locale, slug),
        ["tournaments", slug, "registered"] if name(&slug) => Target::Registered(locale, slug),
        ["tournaments", slug, "withdrawn"] if name(&slug) => Target::Withdrawn(locale, slug),
        ["player", secret] if name(&secret) => Target::Player(locale, secret, Own::Page),
        ["player", secret, part] if name(&secret) => match part {
            "withdraw" => Target::Player(locale, secret, Own::Withdraw),
            "check-in" => Target::Player(locale, secret, Own::CheckIn),
            "report" => Target::Player(locale, secret, Own::Report),
            "answer" => Target::Player(locale, secret, Own::Answer),
            "live" => Target::Player(locale, secret, Own::Live),
            "matches.ics" => Target::Player(locale, secret, Own::Calendar),
            _ => Target::NotFound(locale),
        },
        ["withdraw", secret] if name(&secret) => Target::Player(locale, secret, Own::FirstForm),
        ["withdraw", secret, "check-in"] if name(&secret) => {
            Target::Player(locale, secret, Own::FirstCheckIn)
        }
        _ => Target::NotFound(locale),
    }
}

/// The path as the request log may show it: a private link's secret is cut out, whatever
/// follows it (a page the portal does not have, a calendar app's rewriting of the address).
pub fn loggable(path: &str) -> std::borrow::Cow<'_, str> {
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    if let [locale, kind @ ("player" | "withdraw"), _secret, rest @ ..] = &parts[..] {
        let mut shown = format!("/{locale}/{kind}/…");
        for part in rest {
            shown.push('/');
            shown.push_str(part);
        }
        return shown.into();
    }
    match parse(path) {
        Target::Player(locale, _, own @ (Own::FirstForm | Own::FirstCheckIn)) => {
            format!("/{locale}/withdraw/…{}", own.suffix()).into()
        }
        Target::Player(locale, _, own) => format!("/{locale}/player/…{}", own.suffix()).into(),
        Target::Section(locale, route) => {
            super::section::loggable(locale, route).map_or_else(|| path.into(), Into::into)
        }
        _ => path.into(),
    }
}

/// A GET page as the cache keeps it: built once per window for every visitor. A page with a
/// form holds [`App::token_marker`] where each visitor's token goes, at the byte offsets in
/// `token_at` (found once, when the page is built).
#[derive(Debug, Clone)]
pub struct CachedPage {
    status: StatusCode,
    /// HTML for pages; a calendar, an image or the sitemap otherwise.
    content_type: &'static str,
    body: Body,
    token_at: Vec<usize>,
}

pub async fn handle(app: &Arc<App>, request: Request<'_>) -> Response {
    let target = parse(request.path);
    let locale = match target {
        Target::Root => return to_preferred_language(app, request.headers),
        Target::Stylesheet => {
            return asset(
                request.method,
                html::PORTAL_STYLESHEET,
                "text/css; charset=utf-8",
            );
        }
        Target::Script(source) => {
            return asset(request.method, source, "text/javascript; charset=utf-8");
        }
        Target::ScreenStylesheet => {
            return asset(
                request.method,
                html::SCREEN_STYLESHEET,
                "text/css; charset=utf-8",
            );
        }
        Target::Icon(bytes, content_type) => {
            return asset_bytes(request.method, bytes, content_type);
        }
        Target::TouchIcon => {
            return match icons::touch_icon() {
                Some(png) => asset_bytes(request.method, png, "image/png"),
                None => not_found(&Place {
                    base_url: &app.base_url,
                    locale: Locale::En,
                    theme: Theme::Light,
                    path: "",
                }),
            };
        }
        Target::Robots => return feeds::robots(app, request.method),
        // The sitemap names every language's pages; it is built as English ones are.
        Target::Sitemap => Locale::En,
        Target::Landing(l)
        | Target::Space(l, _)
        | Target::Tournament(l, _)
        | Target::Screen(l, _)
        | Target::SpaceCalendar(l, _)
        | Target::TournamentCalendar(l, _)
        | Target::Preview(l, _)
        | Target::Register(l, _)
        | Target::Registered(l, _)
        | Target::Withdrawn(l, _)
        | Target::Player(l, ..)
        | Target::Section(l, _)
        | Target::NotFound(l) => l,
    };
    let path = request.path;
    // A venue screen is dark unless asked light; every other page light unless asked dark.
    let theme = match target {
        Target::Screen(..) => Theme::screen_from_query(request.query),
        _ => Theme::from_query(request.query),
    };
    let path_after_locale = request
        .path
        .trim_start_matches('/')
        .split_once('/')
        .map_or("", |(_, rest)| rest);
    let place = Place {
        base_url: &app.base_url,
        locale,
        theme,
        path: path_after_locale,
    };
    if let Target::Section(_, route) = target {
        return not_for_search(super::section::handle(app, &place, route, request).await);
    }
    // A form's address opened as a page (the address bar after a refused post, a bookmark, a
    // reload): the page the form is on.
    if let Target::Register(_, slug) = target
        && matches!(*request.method, Method::GET | Method::HEAD)
    {
        return redirect(
            &place.link(&format!("tournaments/{slug}")),
            StatusCode::SEE_OTHER,
        );
    }
    let allowed = match target {
        Target::Register(..) => "POST",
        Target::Player(_, _, own) => own.methods(),
        _ => "GET, HEAD",
    };
    let method = request.method.as_str();
    if !allowed.split(", ").any(|m| m == method) {
        return method_not_allowed(&place, allowed);
    }
    let outcome = match (target, request.method == Method::POST) {
        (Target::Register(_, slug), true) => {
            registration::register(app, &place, slug, request).await
        }
        (Target::Player(_, secret, own), post) => match (own, post) {
            (Own::Withdraw | Own::FirstForm, true) => {
                player_page::withdraw(app, &place, secret, request).await
            }
            (Own::CheckIn | Own::FirstCheckIn, true) => {
                player_page::check_in(app, &place, secret, request).await
            }
            (Own::Report, true) => player_reports::report(app, &place, secret, request).await,
            (Own::Answer, true) => player_reports::answer(app, &place, secret, request).await,
            (Own::FirstForm, false) => Ok(player_page::moved(&place, secret)),
            (Own::Live, false) => player_reports::live(app, &place, secret, request.headers).await,
            (Own::Calendar, false) => player_page::calendar(app, &place, secret).await,
            _ => player_page::show(app, &place, secret, request.headers, request.query).await,
        },
        (Target::Registered(_, slug), _) => {
            registration::registered(app, &place, slug, request.headers).await
        }
        (Target::Withdrawn(_, slug), _) => player_page::withdrawn(app, &place, slug).await,
        (Target::NotFound(_), _) => Ok(not_found(&place)),
        _ => pages::cached(app, &place, target, request.path, request.headers).await,
    };
    let response = outcome.unwrap_or_else(|failure| {
        tracing::error!(error = %failure, path = %loggable(path), "portal page failed");
        page(
            StatusCode::SERVICE_UNAVAILABLE,
            portal::message(&place, T::UnavailableTitle, T::PageUnavailableBody, None),
            "no-store",
        )
    });
    match target {
        Target::Player(..)
        | Target::Register(..)
        | Target::Registered(..)
        | Target::Withdrawn(..)
        | Target::Screen(..) => not_for_search(response),
        _ => response,
    }
}

/// A private page (a player's, a confirmation, the section) or one for a hall's screen: search
/// engines are told not to index it even when they reach it without reading `/robots.txt`.
fn not_for_search(mut response: Response) -> Response {
    response.headers_mut().insert(
        header::HeaderName::from_static("x-robots-tag"),
        HeaderValue::from_static("noindex"),
    );
    response
}

/// `/`: the landing page in the visitor's language (`Accept-Language`), English by default.
fn to_preferred_language(app: &App, headers: &HeaderMap) -> Response {
    let accepted = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let mut best: Option<(f32, Locale)> = None;
    for part in accepted.split(',') {
        let mut pieces = part.trim().split(';');
        let tag = pieces.next().unwrap_or("").trim().to_ascii_lowercase();
        let quality = pieces
            .find_map(|p| p.trim().strip_prefix("q="))
            .and_then(|q| q.parse::<f32>().ok())
            .unwrap_or(1.0);
        let primary = tag.split('-').next().unwrap_or("");
        if let Ok(locale) = primary.parse::<Locale>()
            && quality > 0.0
            && best.is_none_or(|(q, _)| quality > q)
        {
            best = Some((quality, locale));
        }
    }
    let locale = best.map_or(Locale::En, |(_, l)| l);
    let mut response = redirect(&format!("{}/{locale}/", app.base_url), StatusCode::FOUND);
    response
        .headers_mut()
        .insert(header::VARY, HeaderValue::from_static("Accept-Language"));
    response
}

/// A static file of the portal (its stylesheet, the section's script), cached for an hour.
fn asset(method: &Method, text: &'static str, content_type: &'static str) -> Response {
    asset_bytes(method, text.as_bytes(), content_type)
}

fn asset_bytes(method: &Method, bytes: &'static [u8], content_type: &'static str) -> Response {
    if method != Method::GET {
        return get_only();
    }
    let mut response = Response::new(Bytes::from_static(bytes).into());
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    response
}

/// 405 for a file that answers only GET (HEAD is answered as GET before the portal sees it).
fn get_only() -> Response {
    let mut response = Response::new(Bytes::new().into());
    *response.status_mut() = StatusCode::METHOD_NOT_ALLOWED;
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
    response
}

fn portal_ctx(app: &App) -> Ctx<'_> {
    Ctx {
        base_url: &app.base_url,
        actor: ACTOR,
        now: crate::timestamp::now_ms(),
        member: None,
    }
}

fn link_not_valid(place: &Place<'_>) -> Response {
    page(
        StatusCode::NOT_FOUND,
        portal::message(place, T::LinkInvalidTitle, T::LinkInvalidBody, None),
        "no-store",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_name_pages() {
        assert_eq!(parse("/"), Target::Root);
        assert_eq!(parse("/ru/"), Target::Landing(Locale::Ru));
        assert_eq!(parse("/en"), Target::Landing(Locale::En));
        assert_eq!(
            parse("/en/tournaments/cup"),
            Target::Tournament(Locale::En, "cup")
        );
        assert_eq!(
            parse("/ru/organizer/club"),
            Target::Space(Locale::Ru, "club")
        );
        assert_eq!(
            parse("/en/tournaments/cup/registrations"),
            Target::Register(Locale::En, "cup")
        );
        assert_eq!(
            parse("/en/withdraw/s3cr3t"),
            Target::Player(Locale::En, "s3cr3t", Own::FirstForm)
        );
        assert_eq!(
            parse("/en/player/s3cr3t/report"),
            Target::Player(Locale::En, "s3cr3t", Own::Report)
        );
        assert_eq!(parse("/en/player/s3cr3t/x"), Target::NotFound(Locale::En));
        assert_eq!(parse("/de/tournaments/cup"), Target::NotFound(Locale::En));
        assert_eq!(parse("/ru/tournaments/"), Target::NotFound(Locale::Ru));
        assert_eq!(parse("/ru/tournaments/cup/x"), Target::NotFound(Locale::Ru));
    }

    #[test]
    fn private_link_secrets_stay_out_of_logs() {
        assert_eq!(loggable("/en/withdraw/abcDEF123"), "/en/withdraw/…");
        assert_eq!(
            loggable("/ru/player/abcDEF123/answer"),
            "/ru/player/…/answer"
        );
        assert_eq!(loggable("/en/player/abcDEF123/live"), "/en/player/…/live");
        assert_eq!(loggable("/en/tournaments/cup"), "/en/tournaments/cup");
        assert_eq!(
            loggable("/en/player/abcDEF123/matches.ics"),
            "/en/player/…/matches.ics"
        );
        // Paths the portal does not have keep the secret out too.
        assert_eq!(
            loggable("/en/player/abcDEF123/Matches.ICS/"),
            "/en/player/…/Matches.ICS/"
        );
        assert_eq!(loggable("/en/player/abcDEF123/"), "/en/player/…/");
        assert_eq!(loggable("/xx/player/abcDEF123"), "/xx/player/…");
    }
}
