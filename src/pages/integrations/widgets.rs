//! The section's widgets page (`…/integrations/widgets`): the resize script, the space's
//! calendar, and for each published tournament the specification's iframe code per widget and
//! locale, with copy buttons and a live preview of its bracket.

use super::super::embed::{self, Widget};
use super::super::i18n::T;
use super::super::in_space::{InSpace, Tab};
use super::super::section::{Block, Code, Page, Preview};
use crate::db::tournaments::TournamentRow;
use crate::domain::Locale;

/// The widgets page for the space's published `tournaments`.
pub fn page(view: &InSpace<'_>, tournaments: &[TournamentRow]) -> Page {
    let t = |text: T| view.t(text);
    let base_url = view.place.base_url;
    let mut page = view.frame(Tab::Widgets, T::WidgetsTitle, None);
    page.blocks.push(Block::text(t(T::WidgetsIntro)));
    let mut counter = 0;
    let mut code = |label: String, value: String| {
        counter += 1;
        Block {
            code: Some(Code {
                label,
                value,
                id: format!("code-{counter}"),
                copy: t(T::Copy).into(),
                copied: t(T::Copied).into(),
            }),
            ..Block::default()
        }
    };
    let name = |widget: Widget| t(widget_name(widget));
    page.blocks.push(Block::heading(t(T::ResizeScript)));
    let script = embed::resize_script(base_url);
    page.blocks
        .push(code(t(T::ResizeScriptHelp).into(), script));
    let slug = view.space.slug.as_str();
    let calendar = format!("{} · {}", t(T::Calendar), view.space.name);
    page.blocks.push(Block::heading(calendar));
    for locale in Locale::ALL {
        page.blocks.push(code(
            format!("{} ({})", name(Widget::Calendar), locale.as_str()),
            embed::iframe(base_url, *locale, Widget::Calendar, slug),
        ));
    }
    if tournaments.is_empty() {
        page.blocks.push(Block::text(t(T::NoPublished)));
    }
    for tournament in tournaments {
        page.blocks.push(Block::heading(tournament.name.clone()));
        for widget in [Widget::Bracket, Widget::Registration, Widget::Standings] {
            for locale in Locale::ALL {
                page.blocks.push(code(
                    format!("{} ({})", name(widget), locale.as_str()),
                    embed::iframe(base_url, *locale, widget, &tournament.slug),
                ));
            }
        }
        let src = embed::widget_url(base_url, view.locale(), Widget::Bracket, &tournament.slug);
        page.blocks.push(Block {
            preview: Some(Preview {
                title: format!("{} · {}", name(Widget::Bracket), tournament.name),
                src,
            }),
            ..Block::default()
        });
    }
    page
}

/// A widget's name.
fn widget_name(widget: Widget) -> T {
    match widget {
        Widget::Bracket => T::Bracket,
        Widget::Registration => T::Registration,
        Widget::Standings => T::Standings,
        Widget::Calendar => T::Calendar,
    }
}
