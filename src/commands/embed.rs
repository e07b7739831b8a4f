//! `tourney embed`: prints the iframe code of a widget. It only builds text from the base URL
//! and the slug; it never opens the database, so it neither checks that the tournament exists nor
//! that it is published (an unpublished one shows the widget's "not found" page).

use std::io::Write;

use super::Error;
use crate::cli::EmbedArgs;
use crate::config::Config;
use crate::domain::Slug;
use crate::pages::embed::{Widget, iframe};

pub fn run(config: &Config, args: &EmbedArgs, out: &mut impl Write) -> Result<(), Error> {
    let locale = args.locale;
    let (slug, widget) = match (&args.slug, &args.space) {
        (Some(slug), _) => {
            let widget = args.widget.unwrap_or(Widget::Bracket);
            if widget == Widget::Calendar {
                return Err(Error::Invalid(
                    "the calendar belongs to a space: use embed --space SLUG --widget calendar"
                        .into(),
                ));
            }
            (slug, widget)
        }
        (None, Some(space)) => {
            let widget = args.widget.unwrap_or(Widget::Calendar);
            if widget != Widget::Calendar {
                return Err(Error::Invalid(format!(
                    "a space has only the calendar widget; for the {} give a tournament's slug",
                    widget.title().to_lowercase()
                )));
            }
            (space, widget)
        }
        (None, None) => {
            return Err(Error::Invalid(
                "give a tournament's slug or --space SLUG".into(),
            ));
        }
    };
    let slug = Slug::parse(slug).map_err(|e| Error::Invalid(e.to_string()))?;
    writeln!(
        out,
        "{}",
        iframe(&config.base_url, locale, widget, slug.as_str())
    )?;
    Ok(())
}
