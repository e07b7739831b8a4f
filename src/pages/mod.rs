//! The HTML the service serves: the embeddable widget pages (docs/widgets.md), the portal's pages
//! (docs/portal.md) and the parts they share (the bracket, standings tables), with their
//! translations, templates and stylesheets; also the calendar's iCalendar feed and the iframe
//! embed code.
//!
//! Everything here is pure: it turns records the views have read into text. It never reads the
//! database, never decides visibility (the views keep only published tournaments) and never emits
//! user text unescaped: every page goes through tinytemplate's HTML escaping, and the only
//! unescaped value is the widgets' fixed resize script, whose hash their Content-Security-Policy
//! names.

pub mod account;
mod bracket;
pub mod desk;
pub mod embed;
pub mod entry;
pub mod games;
pub mod i18n;
pub mod icons;
pub mod ics;
pub mod in_space;
pub mod integrations;
pub mod player_report;
pub mod portal;
pub mod preview;
pub mod registrant;
mod render;
mod schedule;
pub mod screen;
pub mod section;
pub mod share;
mod tables;
mod widgets;

pub use bracket::match_titles;
pub(crate) use bracket::stage_name;
pub use render::{
    LIVE_SCRIPT, PORTAL_POLICY, PORTAL_STYLESHEET, ROUNDS_SCRIPT, RenderError, SCREEN_SCRIPT,
    SCREEN_STYLESHEET, SECTION_POLICY, STYLESHEET, content_security_policy, message,
};
pub use widgets::{bracket, calendar, registration, standings};

use serde::Serialize;

use crate::domain::Locale;

/// Text as XML character data or an attribute's value (the sitemap, the preview's SVG): markup
/// characters escaped; control characters and U+FFFE and U+FFFF, which XML does not allow (a
/// parser refuses the whole document), dropped.
pub fn xml_escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\u{FFFE}' | '\u{FFFF}' => {}
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// `?theme=light|dark`; anything else is the light theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Theme {
    #[default]
    Light,
    Dark,
}

impl Theme {
    pub fn from_query(query: &str) -> Theme {
        let dark = url::form_urlencoded::parse(query.as_bytes())
            .any(|(key, value)| key == "theme" && value == "dark");
        if dark { Theme::Dark } else { Theme::Light }
    }

    /// A venue screen's theme: dark unless `theme=light` is asked.
    pub fn screen_from_query(query: &str) -> Theme {
        let light = url::form_urlencoded::parse(query.as_bytes())
            .any(|(key, value)| key == "theme" && value == "light");
        if light { Theme::Light } else { Theme::Dark }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// What every page needs besides its own body.
pub struct Frame<'a> {
    pub locale: Locale,
    pub theme: Theme,
    /// The page heading (a tournament's or space's name).
    pub heading: &'a str,
    /// The portal page this widget stands for.
    pub portal_url: String,
    /// The event stream the page follows to update itself ([`live_stream`]), if it does.
    pub live: Option<String>,
}

/// The path of a tournament's event stream (`http::live`), which its live pages follow.
pub fn live_stream(slug: &str) -> String {
    format!("/live/{slug}")
}

#[derive(Serialize)]
struct Page<B: Serialize> {
    frame: FrameView,
    body: B,
}

#[derive(Serialize)]
struct FrameView {
    lang: &'static str,
    theme: &'static str,
    title: String,
    heading: String,
    portal_url: String,
    open_on_portal: &'static str,
    script: &'static str,
    live: Option<String>,
    /// What the live region says before the names of the parts that changed.
    updated: &'static str,
    /// The name of the widget, for the live region.
    part: &'static str,
}

impl Frame<'_> {
    fn page<B: Serialize>(&self, widget: i18n::T, body: B) -> Page<B> {
        let frame = FrameView {
            lang: self.locale.as_str(),
            theme: self.theme.as_str(),
            title: format!("{} · {}", self.heading, widget.get(self.locale)),
            heading: self.heading.to_owned(),
            portal_url: self.portal_url.clone(),
            open_on_portal: i18n::T::OpenOnPortal.get(self.locale),
            script: render::RESIZE_SCRIPT,
            live: self.live.clone(),
            updated: i18n::T::LiveUpdated.get(self.locale),
            part: widget.get(self.locale),
        };
        Page { frame, body }
    }
}
