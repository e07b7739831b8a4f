//! The section's widgets: for each published tournament of the space (and the space's
//! calendar), the specification's iframe code per widget and locale with the resize script,
//! a live preview, and copy buttons.

use warp::http::StatusCode;

use super::pipeline::{Answer, Scope};
use crate::domain::Locale;
use crate::pages::embed::{self, Widget};
use crate::pages::i18n::T;
use crate::pages::in_space::Tab;
use crate::pages::section::{Block, Code, Preview};
use crate::views::public;

/// `GET …/integrations/widgets`.
pub(super) async fn page(scope: &Scope<'_>) -> Answer {
    let (app, in_space) = (scope.app, &scope.view);
    let t = |text: T| in_space.t(text);
    let shown = {
        let mut handle = app.db.acquire().await?;
        public::published_in_space(handle.conn(), &in_space.space.slug).await?
    };
    let tournaments = shown.map(|(_, rows)| rows).unwrap_or_default();
    let mut page = in_space.frame(Tab::Widgets, T::WidgetsTitle, None);
    page.blocks.push(Block::text(t(T::WidgetsIntro)));
    let script = embed::resize_script(&app.base_url);
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
    page.blocks.push(Block::heading(t(T::ResizeScript)));
    page.blocks
        .push(code(t(T::ResizeScriptHelp).into(), script));
    let widget_name = |widget: Widget| match widget {
        Widget::Bracket => t(T::Bracket),
        Widget::Registration => t(T::Registration),
        Widget::Standings => t(T::Standings),
        Widget::Calendar => t(T::Calendar),
    };
    let slug = in_space.space.slug.as_str();
    page.blocks.push(Block::heading(format!(
        "{} · {}",
        t(T::Calendar),
        in_space.space.name
    )));
    for locale in Locale::ALL {
        page.blocks.push(code(
            format!("{} ({})", widget_name(Widget::Calendar), locale.as_str()),
            embed::iframe(&app.base_url, *locale, Widget::Calendar, slug),
        ));
    }
    if tournaments.is_empty() {
        page.blocks.push(Block::text(t(T::NoPublished)));
    }
    for tournament in &tournaments {
        page.blocks.push(Block::heading(tournament.name.clone()));
        for widget in [Widget::Bracket, Widget::Registration, Widget::Standings] {
            for locale in Locale::ALL {
                page.blocks.push(code(
                    format!("{} ({})", widget_name(widget), locale.as_str()),
                    embed::iframe(&app.base_url, *locale, widget, &tournament.slug),
                ));
            }
        }
        page.blocks.push(Block {
            preview: Some(Preview {
                title: format!("{} · {}", widget_name(Widget::Bracket), tournament.name),
                src: embed::widget_url(
                    &app.base_url,
                    in_space.locale(),
                    Widget::Bracket,
                    &tournament.slug,
                ),
            }),
            ..Block::default()
        });
    }
    Ok(scope.respond(StatusCode::OK, &page))
}
