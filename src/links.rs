//! Absolute links to the portal and the widgets, built from the configured base URL.
//!
//! The only place that knows the shape of public URLs; it never checks that they resolve.

use std::fmt;

use crate::domain::Locale;

/// The service's base address (`--base-url`), without a trailing slash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseUrl(String);

impl BaseUrl {
    /// Accepts an absolute http(s) URL with no query or fragment.
    pub fn parse(text: &str) -> Result<BaseUrl, InvalidBaseUrl> {
        let invalid =
            |why: &str| InvalidBaseUrl(format!("'{text}' is not a valid base URL: {why}"));
        let url = url::Url::parse(text).map_err(|e| invalid(&e.to_string()))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(invalid("use http:// or https://"));
        }
        if url.host().is_none() || url.cannot_be_a_base() {
            return Err(invalid("it has no host"));
        }
        if url.query().is_some() || url.fragment().is_some() {
            return Err(invalid("it must not have a query or fragment"));
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(invalid("it must not carry credentials"));
        }
        Ok(BaseUrl(url.as_str().trim_end_matches('/').to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// `scheme://host[:port]`, as browsers send it in `Origin`.
    pub fn origin(&self) -> String {
        match url::Url::parse(&self.0) {
            Ok(url) => url.origin().ascii_serialization(),
            Err(_) => String::new(),
        }
    }

    pub fn is_https(&self) -> bool {
        self.0.starts_with("https://")
    }

    /// A registration's private link, the player's own page (check-in, withdrawal, their
    /// matches and reports): `{base_url}/<locale>/player/<secret>`.
    pub fn withdrawal(&self, locale: Locale, secret: &str) -> String {
        format!("{}/{}/player/{}", self.0, locale, secret)
    }

    /// The tournament's page on the portal: `{base_url}/<locale>/tournaments/<slug>`.
    pub fn tournament_page(&self, locale: Locale, slug: &str) -> String {
        format!("{}/{}/tournaments/{}", self.0, locale, slug)
    }

    /// The space's page on the portal: `{base_url}/<locale>/organizer/<slug>`.
    pub fn space_page(&self, locale: Locale, slug: &str) -> String {
        format!("{}/{}/organizer/{}", self.0, locale, slug)
    }

    /// The tournament's preview image for link previews, `version` naming what it shows so that
    /// previews are fetched anew when it changes:
    /// `{base_url}/<locale>/tournaments/<slug>/preview.png?v=<version>`.
    pub fn tournament_preview(&self, locale: Locale, slug: &str, version: &str) -> String {
        format!(
            "{}/{}/tournaments/{}/preview.png?v={}",
            self.0, locale, slug, version
        )
    }

    /// The tournament's calendar feed: `{base_url}/<locale>/tournaments/<slug>/calendar.ics`.
    pub fn tournament_calendar(&self, locale: Locale, slug: &str) -> String {
        format!("{}/{}/tournaments/{}/calendar.ics", self.0, locale, slug)
    }

    /// The space's calendar feed: `{base_url}/<locale>/organizer/<slug>/calendar.ics`.
    pub fn space_calendar(&self, locale: Locale, slug: &str) -> String {
        format!("{}/{}/organizer/{}/calendar.ics", self.0, locale, slug)
    }

    /// The space's calendar widget: `{base_url}/embed/<locale>/organizer/<slug>/calendar`.
    pub fn calendar_widget(&self, locale: Locale, slug: &str) -> String {
        format!("{}/embed/{}/organizer/{}/calendar", self.0, locale, slug)
    }
}

impl fmt::Display for BaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InvalidBaseUrl(String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_portal_links() {
        let base = BaseUrl::parse("https://cup.example.org/").unwrap();
        assert_eq!(
            base.tournament_page(Locale::Ru, "kubok"),
            "https://cup.example.org/ru/tournaments/kubok"
        );
        let base = BaseUrl::parse("https://example.org/portal").unwrap();
        assert_eq!(
            base.tournament_page(Locale::En, "cup"),
            "https://example.org/portal/en/tournaments/cup"
        );
    }

    #[test]
    fn knows_its_origin() {
        let base = BaseUrl::parse("https://example.org:8443/portal").unwrap();
        assert_eq!(base.origin(), "https://example.org:8443");
        assert!(base.is_https());
        let local = BaseUrl::parse("http://127.0.0.1:8080").unwrap();
        assert_eq!(local.origin(), "http://127.0.0.1:8080");
        assert!(!local.is_https());
    }

    #[test]
    fn refuses_what_is_not_a_base() {
        for bad in [
            "",
            "example.org",
            "ftp://example.org",
            "https://example.org/?a=1",
            "https://u:p@example.org",
            "mailto:a@b",
        ] {
            assert!(BaseUrl::parse(bad).is_err(), "{bad}");
        }
    }
}
