//! The organiser's desk as pages: the space's tournaments; one tournament's facts, its next step
//! and its stages; its registrations and seeds; its matches and a correction; its settings and
//! the New tournament form. The HTTP layer reads the data, signs the forms and handles what they
//! send (`http::section`); these pages only compose what a member sees.
//!
//! Pure: pages from the data given. Nothing here reads storage, and nothing decides who may act:
//! a page offers only the forms its reader's role may send (`InSpace::may`), and the operation
//! checks again when one is sent.

mod claims;
pub mod fields;
pub mod link;
pub mod list;
pub mod matches;
pub mod new_tournament;
pub mod registrations;
pub mod room;
pub mod settings;
pub mod stages;
pub mod stations;
pub mod tournament;

pub use claims::Claims;

use super::i18n::T;
use super::in_space::InSpace;
use super::section::{Live, Page};

/// `…/tournaments/<slug>` and below: the path of a tournament's desk page or form.
pub fn tournament_path(view: &InSpace<'_>, slug: &str, rest: &str) -> String {
    match rest {
        "" => view.path(&format!("tournaments/{slug}")),
        rest => view.path(&format!("tournaments/{slug}/{rest}")),
    }
}

/// The full URL of [`tournament_path`].
pub fn tournament_url(view: &InSpace<'_>, slug: &str, rest: &str) -> String {
    format!(
        "{}{}",
        view.place.base_url,
        tournament_path(view, slug, rest)
    )
}

/// Makes `page` (the tournament's page at `rest`) follow tournament `slug`: its blocks are
/// fetched again whenever the tournament changes, from any process (a block holding a form
/// someone is filling in waits: `live.js`), from the page's own address even when it was the
/// answer to a refused post.
pub fn follow(view: &InSpace<'_>, slug: &str, rest: &str, page: &mut Page) {
    page.live = Some(Live {
        page: tournament_url(view, slug, rest),
        url: tournament_url(view, slug, "live"),
        updated: view.t(T::LiveUpdated).into(),
        label: page.title.clone(),
        every: None,
    });
}

/// The page's context line: the space and the tournament.
pub fn context(view: &InSpace<'_>, tournament: &str) -> String {
    format!("{} · {tournament}", view.space.name)
}
