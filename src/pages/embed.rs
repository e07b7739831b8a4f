//! The embed code of a widget: the iframe exactly as the specification shapes it, and the script
//! that lets the partner's page fit the iframe to the widget's height. Only builds text; whether
//! the tournament or space exists and is shown is the caller's to check.

use crate::domain::Locale;
use crate::links::BaseUrl;

/// The widgets one can embed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Widget {
    Bracket,
    Registration,
    Standings,
    Calendar,
}

impl Widget {
    /// The iframe's title (the specification's, in English for every locale).
    pub fn title(self) -> &'static str {
        match self {
            Widget::Bracket => "Bracket",
            Widget::Registration => "Registration",
            Widget::Standings => "Standings",
            Widget::Calendar => "Calendar",
        }
    }

    fn path(self) -> &'static str {
        match self {
            Widget::Bracket => "bracket",
            Widget::Registration => "registration",
            Widget::Standings => "standings",
            Widget::Calendar => "calendar",
        }
    }
}

/// The widget's address: a tournament's for bracket, registration and standings, a space's for
/// the calendar.
pub fn widget_url(base_url: &BaseUrl, locale: Locale, widget: Widget, slug: &str) -> String {
    match widget {
        Widget::Calendar => base_url.calendar_widget(locale, slug),
        _ => format!(
            "{}/embed/{}/tournaments/{}/{}",
            base_url,
            locale,
            slug,
            widget.path()
        ),
    }
}

/// `<iframe src="…" title="Bracket" width="100%" height="560" style="border:0" loading="lazy"></iframe>`
pub fn iframe(base_url: &BaseUrl, locale: Locale, widget: Widget, slug: &str) -> String {
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"100%\" height=\"560\" style=\"border:0\" loading=\"lazy\"></iframe>",
        widget_url(base_url, locale, widget, slug),
        widget.title()
    )
}

/// The partner page's side of auto-resize: it takes the height a widget of `base_url` posts
/// (`tourney:resize`) and gives it to the iframe that sent it. Idempotent: pasted once per
/// widget, every copy sets the same height.
pub fn resize_script(base_url: &BaseUrl) -> String {
    format!(
        r#"<script>
  window.addEventListener("message", function (event) {{
    if (event.origin !== "{origin}") return;
    if (!event.data || event.data.type !== "tourney:resize") return;
    for (const frame of document.querySelectorAll('iframe[src^="{base_url}/embed/"]')) {{
      if (frame.contentWindow === event.source) frame.style.height = event.data.height + "px";
    }}
  }});
</script>"#,
        origin = base_url.origin(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_the_code_as_the_specification() {
        let base = BaseUrl::parse("https://cup.example.org").expect("base");
        assert_eq!(
            iframe(&base, Locale::En, Widget::Bracket, "spring-cup"),
            "<iframe src=\"https://cup.example.org/embed/en/tournaments/spring-cup/bracket\" \
             title=\"Bracket\" width=\"100%\" height=\"560\" style=\"border:0\" loading=\"lazy\"></iframe>"
        );
        assert!(iframe(&base, Locale::Ru, Widget::Calendar, "club").contains(
            "src=\"https://cup.example.org/embed/ru/organizer/club/calendar\" title=\"Calendar\""
        ));
    }

    #[test]
    fn the_resize_script_listens_to_the_widgets_origin_only() {
        let base = BaseUrl::parse("https://cup.example.org/tourney").expect("base");
        let script = resize_script(&base);
        assert!(
            script.contains("event.origin !== \"https://cup.example.org\""),
            "{script}"
        );
        assert!(
            script.contains("iframe[src^=\"https://cup.example.org/tourney/embed/\"]"),
            "{script}"
        );
    }
}
