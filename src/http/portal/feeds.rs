//! What the portal gives crawlers, link previews and calendars beside its pages: `/robots.txt`,
//! `/sitemap.xml` (published spaces and tournaments only), a tournament's calendar feed, and its
//! preview image, drawn again only when what it shows changes.
//!
//! Built through the portal's page cache like the pages (`pages::build_page`), so each is read
//! once per data version and revalidated with its ETag; never a draft's or a test tournament's.

use std::collections::{HashMap, VecDeque};
use std::sync::{Mutex, PoisonError};

use bytes::Bytes;
use warp::http::{HeaderValue, Method, StatusCode, header};
use warp::reply::Response;

use crate::db::Handle;
use crate::db::spaces::SpaceRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::Locale;
use crate::http::App;
use crate::http::cache::Body;
use crate::http::widgets::Failure;
use crate::links::BaseUrl;
use crate::pages::ics::PlayerMatch;
use crate::pages::preview::Preview;
use crate::pages::xml_escaped;
use crate::timestamp;

pub(super) const CALENDAR: &str = "text/calendar; charset=utf-8";
pub(super) const SITEMAP: &str = "application/xml; charset=utf-8";
pub(super) const PNG: &str = "image/png";

/// How many preview images are kept drawn (one per tournament and language): beyond it the
/// oldest is drawn again when asked for.
const PREVIEWS_KEPT: usize = 256;

/// `/robots.txt`: everything public may be crawled but the widgets (framed elsewhere), the API,
/// live streams, venue screens, forms' addresses, private links and the signed-in section; the
/// sitemap's address. The widgets' stylesheet stays readable: the portal's pages use it.
pub(super) fn robots(app: &App, method: &Method) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return not_allowed();
    }
    let body = format!(
        "User-agent: *\n\
         Allow: /\n\
         Allow: /embed/widget.css\n\
         Disallow: /embed/\n\
         Disallow: /api/\n\
         Disallow: /live/\n\
         Disallow: /*/live$\n\
         Disallow: /*/player/\n\
         Disallow: /*/withdraw/\n\
         Disallow: /*/sign-in\n\
         Disallow: /*/sign-out\n\
         Disallow: /*/account\n\
         Disallow: /*/tournaments/*/registrations\n\
         Disallow: /*/tournaments/*/registered\n\
         Disallow: /*/tournaments/*/withdrawn\n\
         Disallow: /*/tournaments/*/screen\n\
         Disallow: /*/organizer/*/screen\n\
         Disallow: /*/organizer/*/members\n\
         Disallow: /*/organizer/*/stations\n\
         Disallow: /*/organizer/*/tournaments\n\
         Disallow: /*/organizer/*/integrations\n\
         \n\
         Sitemap: {}/sitemap.xml\n",
        app.base_url
    );
    let mut response = Response::new(Bytes::from(body).into());
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

fn not_allowed() -> Response {
    let mut response = Response::new(Bytes::new().into());
    *response.status_mut() = StatusCode::METHOD_NOT_ALLOWED;
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
    response
}

/// The sitemap: each language's landing page, then each space with published tournaments and
/// each published tournament, in both languages with each other as alternates, `lastmod` the
/// latest change of what the page shows.
pub(super) fn sitemap(base_url: &BaseUrl, spaces: &[(SpaceRow, Vec<TournamentRow>)]) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
         xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    let latest = spaces
        .iter()
        .flat_map(|(_, list)| list.iter().map(|t| t.updated_at))
        .max();
    entry(&mut xml, base_url, "", latest);
    for (space, list) in spaces {
        let latest = list.iter().map(|t| t.updated_at).max();
        entry(
            &mut xml,
            base_url,
            &format!("organizer/{}", space.slug),
            latest,
        );
        for t in list {
            entry(
                &mut xml,
                base_url,
                &format!("tournaments/{}", t.slug),
                Some(t.updated_at),
            );
        }
    }
    xml.push_str("</urlset>\n");
    xml
}

/// One page in every language, each naming the others.
fn entry(xml: &mut String, base_url: &BaseUrl, path: &str, lastmod: Option<i64>) {
    for &locale in Locale::ALL {
        xml.push_str("<url><loc>");
        xml.push_str(&xml_escaped(&format!("{base_url}/{locale}/{path}")));
        xml.push_str("</loc>");
        if let Some(at) = lastmod {
            xml.push_str("<lastmod>");
            xml.push_str(&timestamp::format_ms(at));
            xml.push_str("</lastmod>");
        }
        for &other in Locale::ALL {
            xml.push_str(&format!(
                "<xhtml:link rel=\"alternate\" hreflang=\"{other}\" href=\"{}\"/>",
                xml_escaped(&format!("{base_url}/{other}/{path}"))
            ));
        }
        xml.push_str("</url>\n");
    }
}

/// A published tournament's calendar: the tournament, and each of its matches with a time.
pub(super) async fn tournament_calendar(
    app: &App,
    handle: &mut Handle,
    locale: Locale,
    tournament: &TournamentRow,
) -> Result<String, Failure> {
    let space = crate::db::spaces::find(handle.conn(), tournament.space_id)
        .await?
        .ok_or_else(|| Failure::new("the tournament's space is missing"))?;
    let (games, rows) =
        crate::views::tournament_matches_and_rows(handle.conn(), tournament).await?;
    let updated: HashMap<_, _> = rows.iter().map(|row| (row.id, row.updated_at)).collect();
    let stages = crate::db::stages::list(handle.conn(), tournament.id).await?;
    let titles = crate::pages::match_titles(locale, &stages, &games);
    let timed: Vec<PlayerMatch<'_>> = games
        .iter()
        .filter(|game| !game.bye)
        .map(|game| PlayerMatch {
            game,
            title: titles.get(&game.id).map_or("", String::as_str),
            updated_at: updated
                .get(&game.id)
                .copied()
                .unwrap_or(tournament.updated_at),
        })
        .collect();
    Ok(crate::pages::ics::tournament(
        locale,
        &app.base_url,
        &space,
        tournament,
        &timed,
        timestamp::now_ms(),
    ))
}

/// Preview images as last drawn, by path: a new data version that leaves a picture as it was
/// costs no drawing.
#[derive(Default)]
pub struct Previews {
    kept: Mutex<Kept>,
}

#[derive(Default)]
struct Kept {
    /// Each path's picture and the version of what it shows.
    drawn: HashMap<String, (String, Body)>,
    /// Paths, oldest drawn first.
    order: VecDeque<String>,
}

impl Previews {
    /// The picture of `preview` at `path`: the one drawn for the same content, or drawn now (on
    /// a blocking thread: it takes tens of milliseconds) and kept.
    pub(super) async fn drawn(&self, path: &str, preview: Preview) -> Result<Body, Failure> {
        let version = preview.version();
        if let Some((kept, body)) = self.lock().drawn.get(path)
            && *kept == version
        {
            return Ok(body.clone());
        }
        let png = tokio::task::spawn_blocking(move || preview.png())
            .await
            .map_err(|e| Failure::new(&format!("the preview's drawing stopped: {e}")))?
            .map_err(|e| Failure::new(&e.to_string()))?;
        let body = Body::new(png);
        let mut kept = self.lock();
        if kept
            .drawn
            .insert(path.to_owned(), (version, body.clone()))
            .is_none()
        {
            kept.order.push_back(path.to_owned());
        }
        while kept.order.len() > PREVIEWS_KEPT {
            if let Some(oldest) = kept.order.pop_front() {
                kept.drawn.remove(&oldest);
            }
        }
        Ok(body)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl std::fmt::Debug for Previews {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Previews")
    }
}
