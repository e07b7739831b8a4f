//! What a portal page tells link previews, search engines and calendars in its `<head>`: whether
//! it may be indexed, its description, canonical address and language alternates, Open Graph and
//! Twitter card tags, a tournament's JSON-LD `SportsEvent`, and its calendar feed.
//!
//! Every page is `noindex` unless it says what it shares: private pages (a player's, the signed-in
//! section, confirmations) never become shareable by accident. Builds text only; the JSON-LD is
//! the one value the template writes unescaped, so it is made safe inside `<script>` here.

use serde::Serialize;
use serde_json::{Value, json};

use super::i18n::{self, T};
use super::portal::Place;
use crate::db::participants::ParticipantRow;
use crate::db::spaces::SpaceRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::{Locale, TournamentStatus};

/// Room a description gets before it is cut at a word, as search results show it.
const DESCRIPTION_CHARS: usize = 160;

/// The `<head>` tags of a page. The default keeps the page out of search engines.
#[derive(Debug, Default, Serialize)]
pub(super) struct Meta {
    /// Whether search engines may index the page; `noindex` otherwise.
    index: bool,
    description: Option<String>,
    canonical: Option<String>,
    alternates: Vec<Alternate>,
    og: Option<OpenGraph>,
    /// The page's JSON-LD, escaped for a `<script>` element.
    json_ld: Option<String>,
    /// The page's calendar feed, for `<link rel="alternate" type="text/calendar">`.
    calendar: Option<String>,
}

#[derive(Debug, Serialize)]
struct Alternate {
    /// `en`, `ru` or `x-default`.
    lang: &'static str,
    url: String,
}

#[derive(Debug, Serialize)]
struct OpenGraph {
    title: String,
    description: String,
    url: String,
    locale: &'static str,
    locale_alternates: Vec<&'static str>,
    image: Option<Image>,
    /// `summary_large_image` with an image, `summary` without.
    twitter_card: &'static str,
}

/// A page's preview image (1200×630 PNG).
#[derive(Debug, Clone, Serialize)]
pub struct Image {
    pub url: String,
    pub alt: String,
}

/// What a public page shares: its description, its preview image, its structured data and its
/// calendar feed.
#[derive(Debug, Default)]
pub(super) struct Share {
    pub description: String,
    pub image: Option<Image>,
    pub json_ld: Option<Value>,
    pub calendar: Option<String>,
}

/// Open Graph's name for a locale.
fn og_locale(locale: Locale) -> &'static str {
    match locale {
        Locale::En => "en_US",
        Locale::Ru => "ru_RU",
    }
}

impl Meta {
    /// The tags of a public page at `place` titled `title`: indexable, canonical at its own
    /// address without the theme, with its other language as an alternate (English as the
    /// default), and previews.
    pub(super) fn public(place: &Place<'_>, title: &str, share: Share) -> Meta {
        let at = |locale: Locale| format!("{}/{locale}/{}", place.base_url, place.path);
        let canonical = at(place.locale);
        let mut alternates: Vec<Alternate> = Locale::ALL
            .iter()
            .map(|&locale| Alternate {
                lang: locale.as_str(),
                url: at(locale),
            })
            .collect();
        alternates.push(Alternate {
            lang: "x-default",
            url: at(Locale::En),
        });
        let description = shortened(&share.description);
        Meta {
            index: true,
            description: Some(description.clone()),
            canonical: Some(canonical.clone()),
            alternates,
            og: Some(OpenGraph {
                title: title.to_owned(),
                description,
                url: canonical,
                locale: og_locale(place.locale),
                locale_alternates: Locale::ALL
                    .iter()
                    .filter(|&&l| l != place.locale)
                    .map(|&l| og_locale(l))
                    .collect(),
                twitter_card: match share.image {
                    Some(_) => "summary_large_image",
                    None => "summary",
                },
                image: share.image,
            }),
            json_ld: share.json_ld.as_ref().map(script_safe),
            calendar: share.calendar,
        }
    }
}

/// `text` on one line, cut at a word to fit [`DESCRIPTION_CHARS`] with an ellipsis.
fn shortened(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= DESCRIPTION_CHARS {
        return line;
    }
    let cut: String = line.chars().take(DESCRIPTION_CHARS - 1).collect();
    let at_word = match cut.rfind(' ') {
        Some(space) if space > cut.len() / 2 => &cut[..space],
        _ => cut.as_str(),
    };
    format!(
        "{}…",
        at_word.trim_end_matches([',', ';', ':', '.', '·', ' '])
    )
}

/// JSON that stays data inside `<script type="application/ld+json">`: no `<`, `>` or `&` a
/// browser's parser could read as the element's end or a comment.
fn script_safe(value: &Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// A tournament in one line for previews: its game, format, start, status and organiser, then
/// its own description.
pub(super) fn tournament_description(
    locale: Locale,
    tournament: &TournamentRow,
    space: &SpaceRow,
) -> String {
    let facts = [
        super::games::display_name(locale, &tournament.game),
        T::format(tournament.format).get(locale).to_owned(),
        i18n::date_time(locale, tournament.starts_at),
        T::status(tournament.status).get(locale).to_owned(),
        space.name.clone(),
    ]
    .join(" · ");
    match tournament.description.as_deref().map(str::trim) {
        Some(text) if !text.is_empty() => format!("{facts}. {text}"),
        _ => facts,
    }
}

/// Where a tournament is played, as schema.org says it: the space's place when it has one, else
/// online at the tournament's page.
fn location(space: &SpaceRow, page_url: &str) -> (Value, &'static str) {
    match space.place.as_deref().map(str::trim) {
        Some(place) if !place.is_empty() => (
            json!({"@type": "Place", "name": place, "address": place}),
            "https://schema.org/OfflineEventAttendanceMode",
        ),
        _ => (
            json!({"@type": "VirtualLocation", "url": page_url}),
            "https://schema.org/OnlineEventAttendanceMode",
        ),
    }
}

/// The tournament as a schema.org `SportsEvent` (Google's Event rich results): its name, dates,
/// status, where it is played, who organises it and, once drawn, who plays.
pub(super) fn sports_event(
    place: &Place<'_>,
    tournament: &TournamentRow,
    space: &SpaceRow,
    participants: &[ParticipantRow],
    teams: bool,
    image: Option<&Image>,
) -> Value {
    let locale = place.locale;
    let url = place.base_url.tournament_page(locale, &tournament.slug);
    let (location, attendance) = location(space, &url);
    let status = match tournament.status {
        TournamentStatus::Cancelled => "https://schema.org/EventCancelled",
        _ => "https://schema.org/EventScheduled",
    };
    let mut event = json!({
        "@context": "https://schema.org",
        "@type": "SportsEvent",
        "name": tournament.name,
        "description": shortened(&tournament_description(locale, tournament, space)),
        "url": url,
        "inLanguage": locale.as_str(),
        "sport": super::games::display_name(locale, &tournament.game),
        "startDate": crate::timestamp::format_ms(tournament.starts_at),
        "eventStatus": status,
        "eventAttendanceMode": attendance,
        "location": location,
        "organizer": {
            "@type": "Organization",
            "name": space.name,
            "url": place.base_url.space_page(locale, &space.slug),
        },
    });
    if let Some(ends) = tournament.ends_at.filter(|e| *e > tournament.starts_at) {
        event["endDate"] = json!(crate::timestamp::format_ms(ends));
    }
    if let Some(image) = image {
        event["image"] = json!([image.url]);
    }
    let drawn = matches!(
        tournament.status,
        TournamentStatus::InProgress | TournamentStatus::Completed
    );
    if drawn && !participants.is_empty() {
        let kind = if teams { "SportsTeam" } else { "Person" };
        event["competitor"] = participants
            .iter()
            .map(|p| json!({"@type": kind, "name": p.name}))
            .collect();
    }
    event
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_ld_cannot_end_its_script() {
        let value = json!({"name": "</script><script>alert(1)</script> & <!--"});
        let safe = script_safe(&value);
        assert!(!safe.contains('<') && !safe.contains('>') && !safe.contains('&'));
        let back: Value = serde_json::from_str(&safe).expect("still JSON");
        assert_eq!(back, value);
    }

    #[test]
    fn long_descriptions_are_cut_at_a_word_with_an_ellipsis() {
        let text = "word ".repeat(60);
        let short = shortened(&text);
        assert!(short.chars().count() <= DESCRIPTION_CHARS, "{short}");
        assert!(short.ends_with("word…"), "{short}");
        assert_eq!(shortened("  a\n b  "), "a b");
        let russian = "Кубок ".repeat(40);
        assert!(shortened(&russian).ends_with("Кубок…"));
    }
}
