//! `tourney embed`: prints a widget's embed code: the iframe, and (unless `--without-script`) the
//! script that fits the iframe to the widget's height on the partner's page. A tournament must
//! exist and be shown by the widgets (published: not a draft, not a test tournament), a space
//! must exist; otherwise it says so and prints nothing.

use std::io::Write;

use super::Error;
use crate::cli::EmbedArgs;
use crate::config::Config;
use crate::db::{Db, spaces};
use crate::domain::Slug;
use crate::pages::embed::{Widget, iframe, resize_script};
use crate::views::public;

pub async fn run(
    config: &Config,
    db: &Db,
    args: &EmbedArgs,
    out: &mut impl Write,
) -> Result<(), Error> {
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
    let mut handle = db.acquire().await?;
    if widget == Widget::Calendar {
        if spaces::find_by_slug(handle.conn(), slug.as_str())
            .await?
            .is_none()
        {
            return Err(Error::Invalid(format!(
                "there is no space '{slug}' (`tourney spaces list` shows them)"
            )));
        }
    } else if public::published_tournament(handle.conn(), slug.as_str())
        .await?
        .is_none()
    {
        return Err(Error::Invalid(format!(
            "no published tournament '{slug}': it does not exist, or it is a draft or a test tournament, which widgets do not show (`tourney tournaments status {slug} ANNOUNCED` publishes a draft)"
        )));
    }
    writeln!(
        out,
        "{}",
        iframe(&config.base_url, locale, widget, slug.as_str())
    )?;
    if !args.without_script {
        writeln!(out, "{}", resize_script(&config.base_url))?;
    }
    Ok(())
}
