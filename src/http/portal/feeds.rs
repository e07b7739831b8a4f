//! What the portal gives crawlers, link previews and calendars beside its pages: `/robots.txt`,
//! `/sitemap.xml` (published spaces and tournaments only), the calendar feeds (a tournament's, a
//! space's; a player's reads its matches here too), and a tournament's preview image, drawn
//! again only when what it shows changes.
//!
//! All but `/robots.txt` (fixed text) are built through the portal's page cache like the pages
//! (`pages::build_page`): read once per data version, revalidated with their ETag. It never
//! reads a draft's or a test tournament's data: its callers pass published ones only.

use std::collections::{HashMap, VecDeque};
use std::sync::{Mutex, PoisonError};

use bytes::Bytes;
use warp::http::{HeaderValue, Method, header};
use warp::reply::Response;

use crate::db::Handle;
use crate::db::spaces::SpaceRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::Locale;
use crate::http::App;
use crate::http::cache::Body;
use crate::http::widgets::Failure;
use crate::links::BaseUrl;
use crate::pages::ics::CalendarMatch;
use crate::pages::preview::Preview;
use crate::pages::xml_escaped;
use crate::timestamp;

pub(super) const CALENDAR: &str = "text/calendar; charset=utf-8";
pub(super) const SITEMAP: &str = "application/xml; charset=utf-8";
pub(super) const PNG: &str = "image/png";

/// How many preview images are kept drawn (one per tournament and language): beyond it the
/// oldest is drawn again when asked for.
const PREVIEWS_KEPT: usize = 256;

/// What crawlers are kept out of in each language: private links, the section and signing in
/// (prefixes), and the pages beside a tournament's or a space's that are not for search (a
/// form's address, a confirmation, a venue screen, the section's tabs). Each rule names its
/// language, so no public page's slug ("accounting-cup") can fall under one.
const KEPT_OUT: &[&str] = &[
    "player/",
    "withdraw/",
    "sign-in",
    "sign-out",
    "account",
    "tournaments/*/registrations",
    "tournaments/*/registered",
    "tournaments/*/withdrawn",
    "tournaments/*/screen",
    "organizer/*/screen",
    "organizer/*/members",
    "organizer/*/stations",
    "organizer/*/place",
    "organizer/*/tournaments",
    "organizer/*/integrations",
];

/// `/robots.txt`: everything public may be crawled but the widgets (framed elsewhere), the API,
/// live streams and [`KEPT_OUT`]; the sitemap's address. The widgets' stylesheet stays readable:
/// the portal's pages use it.
pub(super) fn robots(app: &App, method: &Method) -> Response {
    if method != Method::GET {
        return super::get_only();
    }
    let mut body = String::from(
        "User-agent: *\nAllow: /\nAllow: /embed/widget.css\nDisallow: /embed/\nDisallow: /api/\nDisallow: /live/\n",
    );
    for &locale in Locale::ALL {
        for rule in KEPT_OUT {
            body.push_str(&format!("Disallow: /{locale}/{rule}\n"));
        }
    }
    body.push_str(&format!("\nSitemap: {}/sitemap.xml\n", app.base_url));
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

/// A tournament's matches as calendars show them: each with its heading and when its row last
/// changed, read at once (its feed and a player's own calendar read the same).
pub(super) async fn calendar_matches(
    handle: &mut Handle,
    locale: Locale,
    tournament: &TournamentRow,
) -> Result<Vec<CalendarMatch>, Failure> {
    let (games, rows) =
        crate::views::tournament_matches_and_rows(handle.conn(), tournament).await?;
    let updated: HashMap<_, _> = rows.iter().map(|row| (row.id, row.updated_at)).collect();
    let stages = crate::db::stages::list(handle.conn(), tournament.id).await?;
    let mut titles = crate::pages::match_titles(locale, &stages, &games);
    Ok(games
        .into_iter()
        .filter(|game| !game.bye)
        .map(|game| CalendarMatch {
            title: titles.remove(&game.id).unwrap_or_default(),
            updated_at: updated
                .get(&game.id)
                .copied()
                .unwrap_or(tournament.updated_at),
            game,
        })
        .collect())
}

/// A space's published tournaments as its calendar feed.
pub(super) fn space_calendar(
    app: &App,
    locale: Locale,
    space: &SpaceRow,
    tournaments: &[TournamentRow],
) -> String {
    crate::pages::ics::calendar(
        locale,
        &app.base_url,
        space,
        tournaments,
        timestamp::now_ms(),
    )
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
    let timed = calendar_matches(handle, locale, tournament).await?;
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
pub struct Previews {
    kept: Mutex<Kept>,
    /// How many pictures are kept ([`PREVIEWS_KEPT`]).
    room: usize,
}

impl Default for Previews {
    fn default() -> Previews {
        Previews::with_room(PREVIEWS_KEPT)
    }
}

#[derive(Default)]
struct Kept {
    /// Each path's picture and the version of what it shows.
    drawn: HashMap<String, (String, Body)>,
    /// Paths, the one drawn longest ago first.
    order: VecDeque<String>,
    /// How many pictures were drawn.
    drawings: u64,
}

impl Previews {
    /// The picture of `preview` at `path`: the one drawn for the same content, or drawn now (on
    /// a blocking thread: it takes tens of milliseconds) and kept.
    pub(super) async fn drawn(&self, path: &str, preview: Preview) -> Result<Body, Failure> {
        let svg = preview.svg();
        let version = crate::pages::preview::version_of(&svg);
        if let Some((kept, body)) = self.lock().drawn.get(path)
            && *kept == version
        {
            return Ok(body.clone());
        }
        let png = tokio::task::spawn_blocking(move || crate::pages::preview::rasterised(&svg))
            .await
            .map_err(|e| Failure::new(&format!("the preview's drawing stopped: {e}")))?
            .map_err(|e| Failure::new(&e.to_string()))?;
        let body = Body::new(png);
        let mut kept = self.lock();
        kept.drawings += 1;
        if kept
            .drawn
            .insert(path.to_owned(), (version, body.clone()))
            .is_some()
        {
            kept.order.retain(|kept_path| kept_path != path);
        }
        kept.order.push_back(path.to_owned());
        while kept.order.len() > self.room {
            if let Some(oldest) = kept.order.pop_front() {
                kept.drawn.remove(&oldest);
            }
        }
        Ok(body)
    }

    fn with_room(room: usize) -> Previews {
        Previews {
            kept: Mutex::default(),
            room,
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::TournamentStatus;

    fn preview(title: &str) -> Preview {
        Preview {
            space: "Club".to_owned(),
            title: title.to_owned(),
            game_and_format: "Chess · Swiss system".to_owned(),
            dates: "4 December 2030, 18:00 UTC".to_owned(),
            status: TournamentStatus::Announced,
            status_text: "Announced".to_owned(),
            heading: String::new(),
            lines: Vec::new(),
        }
    }

    #[tokio::test]
    async fn a_picture_is_drawn_again_only_when_what_it_shows_changes() {
        let previews = Previews::with_room(3);
        let path = "/en/tournaments/cup/preview.png";
        let first = previews.drawn(path, preview("Cup")).await.expect("drawn");
        let again = previews.drawn(path, preview("Cup")).await.expect("kept");
        assert_eq!(first.etag, again.etag);
        assert_eq!(
            previews.lock().drawings,
            1,
            "the same picture is not drawn twice"
        );
        let renamed = previews
            .drawn(path, preview("Winter Cup"))
            .await
            .expect("drawn");
        assert_ne!(first.etag, renamed.etag);
        assert_eq!(previews.lock().drawings, 2);
        // Beyond the limit, the picture drawn longest ago goes first.
        for n in 0..3 {
            let other = format!("/en/tournaments/t{n}/preview.png");
            previews.drawn(&other, preview("Cup")).await.expect("drawn");
        }
        let kept = previews.lock();
        assert_eq!(kept.drawn.len(), 3);
        assert!(!kept.drawn.contains_key(path));
        assert_eq!(kept.order.len(), 3);
    }
}
