//! The iframe embed code of a widget, exactly as the specification shapes it. Only builds text;
//! it does not check that the tournament or space exists or is published.

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
}
