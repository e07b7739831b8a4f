//! A player's private page link, given at the desk (`…/registrations/<player>/link`): the link
//! shown this once with its copy button, a QR code of it to show on a phone or print, and, for
//! those who may see the player's address, a way to send it by email from their own mail.
//!
//! Pure: the caller gave the link; nothing here stores or logs it.

use base64::Engine as _;

use super::super::i18n::T;
use super::super::in_space::{InSpace, Tab};
use super::super::section::{Block, Image, Link, Page};
use super::{context, tournament_url};
use crate::db::tournaments::TournamentRow;

/// The page that shows `name`'s new link `url` once (`email`: where to send it, when the
/// reader may see it).
pub fn page(
    view: &InSpace<'_>,
    tournament: &TournamentRow,
    name: &str,
    url: &str,
    email: Option<&str>,
) -> Page {
    let t = |text: T| view.t(text);
    let mut page = view.frame(Tab::Tournaments, T::PlayerLinkTitle, None);
    page.title = T::PlayerLinkTitle.with(view.locale(), name);
    page.context = Some(context(view, &tournament.name));
    page.blocks = vec![
        Block::text(T::PlayerLinkHelp.with(view.locale(), name)),
        view.shown_once(
            T::PlayerLinkLabel,
            url.to_owned(),
            t(T::PlayerLinkOnce).into(),
            "player-link",
        ),
    ];
    if let Some(src) = qr_code(url) {
        page.blocks.push(Block {
            image: Some(Image {
                src,
                alt: T::PlayerLinkQr.with(view.locale(), name),
                size: 240,
            }),
            ..Block::default()
        });
    }
    if let Some(email) = email {
        let subject = T::PlayerLinkSubject.with(view.locale(), &tournament.name);
        let body = T::PlayerLinkBody.fill(
            view.locale(),
            &[
                ("name", name),
                ("tournament", &tournament.name),
                ("url", url),
            ],
        );
        let query: String = url::form_urlencoded::Serializer::new(String::new())
            .append_pair("subject", &subject)
            .append_pair("body", &body)
            .finish()
            // mailto takes %20 for spaces, as RFC 6068 writes them.
            .replace('+', "%20");
        page.blocks.push(Block {
            link: Some(Link {
                text: T::PlayerLinkSend.with(view.locale(), email),
                url: format!("mailto:{email}?{query}"),
            }),
            ..Block::default()
        });
    }
    page.blocks.push(Block {
        link: Some(Link {
            text: t(T::DeskRegistrations).into(),
            url: tournament_url(view, &tournament.slug, "registrations"),
        }),
        ..Block::default()
    });
    page
}

/// A QR code of `text` as an SVG `data:` address (`None`: too long to fit one).
pub fn qr_code(text: &str) -> Option<String> {
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    let svg = code
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(240, 240)
        .quiet_zone(true)
        .build();
    Some(format!(
        "data:image/svg+xml;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(svg)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_becomes_an_svg_qr_code() {
        let src = qr_code("https://cup.example.org/en/player/abcDEF0123456789abcDEF0123456789")
            .expect("fits");
        let svg = src
            .strip_prefix("data:image/svg+xml;base64,")
            .and_then(|b| base64::engine::general_purpose::STANDARD.decode(b).ok())
            .expect("base64 SVG");
        let svg = String::from_utf8(svg).expect("text");
        assert!(svg.contains("<svg") && svg.contains("<path"), "{svg}");
    }
}
