//! Templates (tinytemplate, compiled once per thread because it is neither Send nor Sync), the
//! stylesheets, the widgets' resize script, live pages' script, and the Content-Security-Policy
//! of each kind of page: widgets allow exactly those scripts and any site to frame them; portal
//! pages allow only this origin's scripts and no framing at all.
//!
//! Rendering never panics: a template error comes back as [`RenderError`] for the caller to log
//! and answer with the plain error page.

use std::sync::LazyLock;

use base64::Engine as _;
use serde::Serialize;
use sha2::{Digest, Sha256};
use tinytemplate::TinyTemplate;

use super::i18n::T;
use crate::domain::Locale;

/// The widgets' stylesheet, served at `/embed/widget.css` (portal pages use it too, for the
/// bracket and the tables).
pub const STYLESHEET: &str = include_str!("../../templates/widget.css");
/// The portal's own stylesheet, served at `/assets/portal.css`.
pub const PORTAL_STYLESHEET: &str = include_str!("../../templates/portal/portal.css");

/// Reports the page's content height to the parent window, for auto-resizing iframes. The page
/// works without it (fixed height, scrolling inside). It measures the root element's box, not
/// `scrollHeight`, which never drops below the iframe's current height, so the frame can also
/// shrink to a short page.
pub const RESIZE_SCRIPT: &str = "(function(){function h(){parent.postMessage({type:\"tourney:resize\",height:Math.ceil(document.documentElement.getBoundingClientRect().height)},\"*\")}addEventListener(\"load\",h);if(window.ResizeObserver){new ResizeObserver(h).observe(document.documentElement)}})();";

/// Live pages' script (`templates/live.js`), served at `/assets/live.js`: follows the
/// tournament's event stream and replaces the parts of the page that changed.
pub const LIVE_SCRIPT: &str = include_str!("../../templates/live.js");

/// The venue screen's stylesheet and script (`templates/screen.css`, `templates/screen.js`),
/// served at `/assets/screen.css` and `/assets/screen.js`.
pub const SCREEN_STYLESHEET: &str = include_str!("../../templates/screen.css");
pub const SCREEN_SCRIPT: &str = include_str!("../../templates/screen.js");

/// The bracket's round picker (`templates/rounds.js`), served at `/assets/rounds.js`: one round
/// at a time on phones.
pub const ROUNDS_SCRIPT: &str = include_str!("../../templates/rounds.js");

const TEMPLATES: &[(&str, &str)] = &[
    ("head", include_str!("../../templates/head.html")),
    ("foot", include_str!("../../templates/foot.html")),
    ("table", include_str!("../../templates/table.html")),
    ("message", include_str!("../../templates/message.html")),
    (
        "registration",
        include_str!("../../templates/registration.html"),
    ),
    (
        "standings_body",
        include_str!("../../templates/standings_body.html"),
    ),
    ("standings", include_str!("../../templates/standings.html")),
    (
        "bracket_body",
        include_str!("../../templates/bracket_body.html"),
    ),
    ("bracket", include_str!("../../templates/bracket.html")),
    ("calendar", include_str!("../../templates/calendar.html")),
    ("screen", include_str!("../../templates/screen.html")),
    (
        "portal_head",
        include_str!("../../templates/portal/head.html"),
    ),
    (
        "portal_foot",
        include_str!("../../templates/portal/foot.html"),
    ),
    (
        "section",
        include_str!("../../templates/portal/section.html"),
    ),
    (
        "section_form",
        include_str!("../../templates/portal/section_form.html"),
    ),
    (
        "portal_form",
        include_str!("../../templates/portal/form.html"),
    ),
    (
        "portal_landing",
        include_str!("../../templates/portal/landing.html"),
    ),
    (
        "portal_space",
        include_str!("../../templates/portal/space.html"),
    ),
    (
        "portal_tournament",
        include_str!("../../templates/portal/tournament.html"),
    ),
    (
        "portal_registered",
        include_str!("../../templates/portal/registered.html"),
    ),
    (
        "portal_withdraw",
        include_str!("../../templates/portal/withdraw.html"),
    ),
    (
        "portal_message",
        include_str!("../../templates/portal/message.html"),
    ),
];

/// A page that could not be rendered (a template or context bug, never user input).
#[derive(Debug, thiserror::Error)]
#[error("cannot render the {template} page: {message}")]
pub struct RenderError {
    template: &'static str,
    message: String,
}

thread_local! {
    static COMPILED: Result<TinyTemplate<'static>, String> = compile();
}

fn compile() -> Result<TinyTemplate<'static>, String> {
    let mut tt = TinyTemplate::new();
    for &(name, text) in TEMPLATES {
        tt.add_template(name, text)
            .map_err(|e| format!("{name}: {e}"))?;
    }
    Ok(tt)
}

/// Renders template `name` with `context`.
pub(super) fn render<C: Serialize>(name: &'static str, context: &C) -> Result<String, RenderError> {
    let error = |message: String| RenderError {
        template: name,
        message,
    };
    COMPILED.with(|compiled| match compiled {
        Ok(tt) => tt.render(name, context).map_err(|e| error(e.to_string())),
        Err(e) => Err(error(e.clone())),
    })
}

#[derive(Serialize)]
struct Message {
    lang: &'static str,
    title: &'static str,
    body: &'static str,
}

/// A plain page with a title and one sentence: the 404 and 503 pages. It has no variable part
/// but the locale, so every "not found" in a locale is the same bytes.
pub fn message(locale: Locale, title: T, body: T) -> String {
    let context = Message {
        lang: locale.as_str(),
        title: title.get(locale),
        body: body.get(locale),
    };
    render("message", &context).unwrap_or_else(|_| {
        format!(
            "<!DOCTYPE html><title>{0}</title><p>{0}</p>",
            title.get(locale)
        )
    })
}

/// `default-src 'none'`, the stylesheet and the live script from this origin (which may ask this
/// origin again), the resize script by hash, and any site may frame the page (embedding is the
/// point).
pub fn content_security_policy() -> &'static str {
    static POLICY: LazyLock<String> = LazyLock::new(|| {
        let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(RESIZE_SCRIPT));
        format!(
            "default-src 'none'; style-src 'self'; img-src 'self' data:; script-src 'self' 'sha256-{hash}'; \
             connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors *"
        )
    });
    &POLICY
}

/// Portal pages: nothing but this origin's stylesheets and live script (which may ask this
/// origin again), forms that post to this origin only, and no site may frame them.
pub const PORTAL_POLICY: &str = "default-src 'none'; style-src 'self'; img-src 'self' data:; \
    script-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; \
    frame-ancestors 'none'";

/// Section pages: the portal's policy, and this origin's copy script and widget previews; the
/// desk's live pages ask this origin for their stream and for themselves again.
pub const SECTION_POLICY: &str = "default-src 'none'; style-src 'self'; img-src 'self' data:; \
    script-src 'self'; connect-src 'self'; frame-src 'self'; form-action 'self'; base-uri 'none'; \
    frame-ancestors 'none'";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_compiles() {
        assert!(compile().is_ok(), "{:?}", compile().err());
    }

    #[test]
    fn messages_are_localized() {
        let page = message(Locale::Ru, T::NotFoundTitle, T::NotFoundBody);
        assert!(page.contains("Страница не найдена"), "{page}");
        assert!(page.contains("lang=\"ru\""));
    }
}
