//! The pages of a space's section "API, webhooks and widgets" and of signing in, drawn from one
//! template: a page is a title, a navigation, an optional notice, and a list of blocks (text, a
//! secret shown once, a table whose cells may hold links and small forms, a form, code to copy,
//! a widget's preview).
//!
//! Pure, like every page here: the HTTP layer decides what a person may see and do and builds
//! the blocks; this module only draws them. Every form carries the token the caller gives.

use serde::Serialize;

use super::portal::{Place, PortalFrame};
use super::render::{RenderError, render};

/// The one script of section pages: a button with `data-copy="ID"` copies the text of the
/// element `ID`. Pages work without it (the text is selectable).
pub const COPY_SCRIPT: &str = "document.addEventListener(\"click\",function(e){var b=e.target.closest(\"[data-copy]\");if(!b)return;var t=document.getElementById(b.getAttribute(\"data-copy\"));if(t&&navigator.clipboard){navigator.clipboard.writeText(t.textContent||t.value).then(function(){b.textContent=b.getAttribute(\"data-copied\")})}});";

/// One link of the section's navigation.
#[derive(Debug, Clone, Serialize)]
pub struct Nav {
    pub label: String,
    pub url: String,
    pub current: bool,
}

/// A message at the top of a page: what was just done, or what went wrong.
#[derive(Debug, Clone, Serialize)]
pub struct Notice {
    pub text: String,
    pub error: bool,
}

/// A form: where it posts, its token, its fields and its button.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Form {
    pub action: String,
    pub token: String,
    pub fields: Vec<Input>,
    pub submit: String,
    /// A small form in a table's cell (a button on one line).
    pub inline: bool,
    /// The button destroys or revokes something.
    pub danger: bool,
    /// `id` prefix, unique on the page, for the labels of its fields.
    pub id: String,
}

/// A form's field. `kind` is an HTML input type, `select` or `hidden`.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Input {
    pub name: String,
    pub label: String,
    pub kind: &'static str,
    pub value: String,
    pub hint: Option<String>,
    pub error: Option<String>,
    pub options: Vec<Choice>,
    pub autocomplete: &'static str,
    pub required: bool,
    pub max_length: usize,
    /// `id` of the field (the form's id and the field's name).
    pub id: String,
    pub select: bool,
    pub hidden: bool,
    /// A checkbox that is ticked.
    pub checked: bool,
    /// Several lines (`value` holds them).
    pub textarea: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Choice {
    pub value: String,
    pub label: String,
    pub selected: bool,
}

/// A secret shown once, with its warning.
#[derive(Debug, Clone, Serialize)]
pub struct Secret {
    pub label: String,
    pub value: String,
    pub warning: String,
    pub id: String,
    pub copy: String,
    pub copied: String,
}

/// A table: caption, column heads, rows of cells.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Table {
    pub caption: String,
    /// The caption is for screen readers only: a heading just above says the same.
    pub quiet_caption: bool,
    pub heads: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
    pub empty: Option<String>,
}

/// A cell: text, or a link, or text with small forms.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Cell {
    pub text: String,
    /// A line under the text, in a smaller type.
    pub note: Option<String>,
    pub link: Option<String>,
    pub forms: Vec<Form>,
    pub code: bool,
    /// The column's head, said before the cell when a phone shows a row as a card (set when
    /// the page is drawn).
    pub label: String,
    /// A word before the text that needs attention first ("Disputed").
    pub flag: Option<String>,
    /// The cell's `id`, for a redirect to come back to its row.
    pub anchor: Option<String>,
}

impl Cell {
    pub fn text(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            ..Cell::default()
        }
    }

    pub fn link(text: impl Into<String>, url: String) -> Cell {
        Cell {
            text: text.into(),
            link: Some(url),
            ..Cell::default()
        }
    }

    pub fn code(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            code: true,
            ..Cell::default()
        }
    }

    pub fn forms(forms: Vec<Form>) -> Cell {
        Cell {
            forms,
            ..Cell::default()
        }
    }
}

/// Code to copy (an embed code), with its label.
#[derive(Debug, Clone, Serialize)]
pub struct Code {
    pub label: String,
    pub value: String,
    pub id: String,
    pub copy: String,
    pub copied: String,
}

/// A link on a line of its own.
#[derive(Debug, Clone, Serialize)]
pub struct Link {
    pub text: String,
    pub url: String,
}

/// A picture of the page's own making (a QR code), as a `data:` address.
#[derive(Debug, Clone, Serialize)]
pub struct Image {
    pub src: String,
    pub alt: String,
    pub size: u32,
}

/// A widget shown as a partner's page would frame it.
#[derive(Debug, Clone, Serialize)]
pub struct Preview {
    pub title: String,
    pub src: String,
}

/// A field's seed order as one form: each player's seed as a number to type, and buttons that
/// move one up or down a place (each a submit of the same form, so typed seeds are kept). The
/// form carries the order the page showed (`seen`): the operation refuses the new order when
/// the field is no longer exactly that, in that order.
#[derive(Debug, Clone, Serialize)]
pub struct Seeds {
    pub action: String,
    pub token: String,
    pub submit: String,
    pub count: usize,
    pub rows: Vec<SeedRow>,
    /// The players' ids in the page's order, comma-separated.
    pub seen: String,
    /// Prefix of the inputs' ids, unique on the page (empty for a page's only seeds form).
    pub key: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct SeedRow {
    pub id: String,
    pub name: String,
    pub seed: usize,
    pub first: bool,
    pub last: bool,
    /// The buttons' spoken names ("Move Anna up").
    pub up: String,
    pub down: String,
}

/// One part of a page. Exactly one of its fields is set, besides `heading`.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Block {
    pub heading: Option<String>,
    pub text: Option<String>,
    pub link: Option<Link>,
    pub secret: Option<Secret>,
    pub table: Option<Table>,
    pub form: Option<Form>,
    pub code: Option<Code>,
    pub preview: Option<Preview>,
    pub seeds: Option<Seeds>,
    pub image: Option<Image>,
}

impl Block {
    pub fn heading(text: impl Into<String>) -> Block {
        Block {
            heading: Some(text.into()),
            ..Block::default()
        }
    }

    pub fn text(text: impl Into<String>) -> Block {
        Block {
            text: Some(text.into()),
            ..Block::default()
        }
    }

    pub fn table(table: Table) -> Block {
        Block {
            table: Some(table),
            ..Block::default()
        }
    }

    pub fn form(form: Form) -> Block {
        Block {
            form: Some(form),
            ..Block::default()
        }
    }
}

/// A page that follows its tournament: its blocks are one live part, fetched again when the
/// stream at `url` says the tournament changed (`live.js`).
#[derive(Debug, Clone, Serialize)]
pub struct Live {
    /// The page's own address: a page shown as the answer to a post follows (and reloads) from
    /// here, not from the form's address.
    pub page: String,
    pub url: String,
    /// What the live region says before the part's name ("Updated:").
    pub updated: String,
    /// The part's name, as the live region says it.
    pub label: String,
    /// Seconds between readings of the page even when nothing changed (what the page says
    /// depends on the clock: a call flagged once it has waited too long); `None`: on changes only.
    pub every: Option<u32>,
}

/// A whole page of the section.
#[derive(Debug, Clone, Default)]
pub struct Page {
    pub title: String,
    /// The space's name above the title, when the page is one of a space's.
    pub context: Option<String>,
    pub nav: Vec<Nav>,
    pub notice: Option<Notice>,
    pub blocks: Vec<Block>,
    /// Who is signed in, and the sign-out form.
    pub signed_in: Option<(String, Form)>,
    pub live: Option<Live>,
}

#[derive(Serialize)]
struct Context<'a> {
    frame: PortalFrame,
    title: &'a str,
    context: Option<&'a str>,
    nav: &'a [Nav],
    nav_label: &'static str,
    /// `notice` in the page; tinytemplate reads a name that starts with `not` as a negation.
    flash: Option<&'a Notice>,
    blocks: &'a [Block],
    who: Option<&'a str>,
    sign_out: Option<&'a Form>,
    live: Option<&'a Live>,
}

/// Draws `page` in the portal's frame at `place`.
pub fn render_page(place: &Place<'_>, page: &Page) -> Result<String, RenderError> {
    let nav_label = super::i18n::T::SectionNav.get(place.locale);
    // Each cell knows its column's head: on a phone a table's rows are cards, each cell
    // introduced by its head, so nothing is off-screen and nothing scrolls sideways.
    let mut blocks = page.blocks.clone();
    for table in blocks.iter_mut().filter_map(|b| b.table.as_mut()) {
        let heads = table.heads.clone();
        for row in &mut table.rows {
            for (cell, head) in row.iter_mut().zip(&heads) {
                cell.label.clone_from(head);
            }
        }
    }
    render(
        "section",
        &Context {
            frame: match page.signed_in {
                Some(_) => place.frame(&page.title).signed_in(place),
                None => place.frame(&page.title),
            },
            title: &page.title,
            context: page.context.as_deref(),
            nav: &page.nav,
            nav_label,
            flash: page.notice.as_ref(),
            blocks: &blocks,
            who: page.signed_in.as_ref().map(|(who, _)| who.as_str()),
            sign_out: page.signed_in.as_ref().map(|(_, form)| form),
            live: page.live.as_ref(),
        },
    )
}
