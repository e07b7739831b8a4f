//! What the desk's people meet, in Chromium: a second reporter's open matches tab follows the
//! first's report and a player's dispute without a reload (on both databases); and on a 375 px
//! phone, in Russian and English, every desk and section page of an owner and a player's own
//! page fit the screen (no sideways scroll), every control a person taps is at least 44 × 44 px,
//! and axe-core finds nothing serious. Screenshots are left in `target/test-artifacts/desk/`.

use std::collections::BTreeMap;

use crate::player_reports::{claim, own_page};
use crate::support::browser::{Browser, axe_source};
use crate::support::player::Player;
use crate::support::server::Server;
use crate::support::{TestDb, on_both_backends, sqlite};

const FOLLOWS: &str = "desk_people_browser::a_second_reporters_tab_follows_the_first";
const PHONE: &str = "desk_people_browser::every_page_fits_a_phone";

/// Signs `email` in with a sign-in link from the shell, in `browser`.
pub(crate) async fn sign_in(
    t: &TestDb,
    server: &Server,
    browser: &Browser,
    email: &str,
    lands: &str,
) {
    let printed = t.run(&["--base-url", &server.base, "login-link", "--email", email]);
    let link = printed.lines().next().expect("a link").trim().to_owned();
    browser.client.goto(&link).await.expect("open the link");
    browser.press("main form button[type=submit]").await;
    browser.path_is(lands).await;
}

/// The controls a person taps on the page (buttons, selects, fields but checkboxes) smaller
/// than 44 × 44 px, as "what: width×height".
async fn small_targets(browser: &Browser) -> Vec<String> {
    let found = browser
        .js(
            "var small = [];\
             document.querySelectorAll('main button, main select, main input, main textarea').forEach(function (e) {\
               if (e.type === 'hidden' || e.type === 'checkbox') { return; }\
               var r = e.getBoundingClientRect();\
               if (r.width === 0 && r.height === 0) { return; }\
               if (r.width < 44 || r.height < 43.5) {\
                 small.push((e.name || e.textContent || e.tagName).trim().slice(0, 40) + ': ' + Math.round(r.width) + 'x' + Math.round(r.height));\
               }\
             });\
             return small;",
        )
        .await;
    found
        .as_array()
        .map(|a| {
            a.iter()
                .map(|v| v.as_str().unwrap_or_default().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// No sideways scroll, every tap target large enough, axe-core clean; a screenshot kept.
pub(crate) async fn fits(browser: &Browser, axe: &str, name: &str) {
    let widths = browser
        .js("return [document.documentElement.scrollWidth, window.innerWidth];")
        .await;
    assert_eq!(
        widths[0], widths[1],
        "{name}: no sideways scroll at 375 px: {widths}"
    );
    let small = small_targets(browser).await;
    assert!(small.is_empty(), "{name}: controls under 44 px: {small:?}");
    browser.check_page(axe, "desk", name).await;
}

on_both_backends! {
    /// Two reporters at two tables hold the same matches tab open; one reports a match: the
    /// other's tab stops offering it within seconds, without a reload. Then players dispute the
    /// other match on their phones: the dispute shows on the tab the same way.
    async fn a_second_reporters_tab_follows_the_first(t: TestDb) {
        let Some(first) = Browser::start(FOLLOWS).await else { return };
        let Some(second) = Browser::start(FOLLOWS).await else { return };
        t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
        for desk in ["one@example.org", "two@example.org"] {
            t.add_member("club", desk, "reporter");
        }
        t.run(&[
            "tournaments", "create", "--space", "club", "--slug", "cup", "--name", "Cup", "--game", "chess",
            "--format", "single_elimination", "--max-participants", "4", "--starts-at", "2030-12-04T18:00:00Z",
            "--self-report", "confirm", "--confirm-within", "10m",
        ]);
        t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
        let server = Server::start_self_linked(&t, &[]);
        let mut players: BTreeMap<&'static str, (Player, String)> = BTreeMap::new();
        for name in ["Alice", "Boris", "Clara", "Dmitri"] {
            let mut player = Player::new(&server, name, &format!("{}@example.org", name.to_lowercase()));
            let link = player.register("en", "cup").await.withdrawal_link().expect("a private link");
            players.insert(name, (player, link));
        }
        t.run(&["tournaments", "status", "cup", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "cup"]);
        let matches = "/en/organizer/club/tournaments/cup/matches";
        sign_in(&t, &server, &first, "one@example.org", "/en/organizer/club/tournaments").await;
        sign_in(&t, &server, &second, "two@example.org", "/en/organizer/club/tournaments").await;
        for browser in [&first, &second] {
            browser.client.goto(&server.url(matches)).await.expect("the matches");
            browser.path_is(matches).await;
        }
        second.js("window.__kept = true; return true;").await;
        let forms = "return document.querySelectorAll(\"form[action$='/report']\").length";
        assert_eq!(second.js(&format!("{forms};")).await, 2, "both semi-finals to report");

        // The first reporter reports Alice's semi-final with one tap.
        first.fill("form[action$='/report'] input[name=score_a]", "2").await;
        first.fill("form[action$='/report'] input[name=score_b]", "0").await;
        first.press("form[action$='/report'] button").await;
        second
            .wait_until("the second tab drops the reported match", &format!("{forms} === 1 && window.__kept === true;"))
            .await;

        // Clara claims the other semi-final, her opponent disputes it: the open tab says so.
        let rival = crate::player_reports::opponent(&own_page(&mut players, "Clara").await).expect("Clara's opponent");
        let rival: &'static str = ["Alice", "Boris", "Dmitri"].into_iter().find(|n| *n == rival).expect("a player");
        claim(&mut players, "Clara", "2", "1").await;
        crate::player_reports::answer(&mut players, rival, "dispute", "2", "1").await;
        second
            .wait_until(
                "the dispute shows on the open tab",
                "return document.querySelector('main').innerText.indexOf('Disputed') >= 0 && window.__kept === true;",
            )
            .await;
        first.close().await;
        second.close().await;
    }
}

/// An owner's desk and section on a 375 px phone, and a player's own page, in both languages.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_fits_a_phone() {
    let Some(axe) = axe_source(PHONE) else { return };
    let Some(browser) = Browser::start(PHONE).await else {
        return;
    };
    let t = sqlite().await;
    t.run(&["demo"]);
    t.add_member("demo", "owner@example.org", "owner");
    t.run(&[
        "tournaments",
        "create",
        "--space",
        "demo",
        "--slug",
        "phone-cup",
        "--name",
        "Phone Cup",
        "--game",
        "chess",
        "--format",
        "single_elimination",
        "--max-participants",
        "4",
        "--starts-at",
        "2030-12-04T18:00:00Z",
        "--self-report",
        "confirm",
    ]);
    t.run(&["tournaments", "status", "phone-cup", "REGISTRATION_OPEN"]);
    let server = Server::start_self_linked(&t, &[]);
    let mut zoe = Player::new(&server, "Zoë Константинопольская", "zoe@example.org");
    let zoe_link = zoe
        .register("en", "phone-cup")
        .await
        .withdrawal_link()
        .expect("Zoë's link");
    for name in ["Boris", "Clara", "Dmitri"] {
        t.run(&["tournaments", "register", "phone-cup", name]);
    }
    t.run(&["tournaments", "status", "phone-cup", "REGISTRATION_CLOSED"]);
    t.run(&["tournaments", "start", "phone-cup"]);
    t.run(&[
        "tournaments",
        "register",
        "demo-autumn-cup",
        "Elena",
        "--email",
        "elena@example.org",
    ]);

    browser.viewport(375, 812, true).await;
    sign_in(
        &t,
        &server,
        &browser,
        "owner@example.org",
        "/en/organizer/demo/tournaments",
    )
    .await;
    for locale in ["ru", "en"] {
        let space = format!("/{locale}/organizer/demo");
        let pages = [
            ("tournaments", format!("{space}/tournaments")),
            ("new-tournament", format!("{space}/tournaments/new")),
            ("draft", format!("{space}/tournaments/demo-draft-cup")),
            ("open", format!("{space}/tournaments/demo-autumn-cup")),
            (
                "registrations",
                format!("{space}/tournaments/demo-autumn-cup/registrations"),
            ),
            (
                "settings",
                format!("{space}/tournaments/demo-autumn-cup/settings"),
            ),
            ("matches", format!("{space}/tournaments/phone-cup/matches")),
            (
                "winter-matches",
                format!("{space}/tournaments/demo-winter-double/matches"),
            ),
            ("integrations", format!("{space}/integrations")),
            ("keys", format!("{space}/integrations/keys")),
            ("widgets", format!("{space}/integrations/widgets")),
            ("members", format!("{space}/members")),
        ];
        for (name, path) in &pages {
            browser
                .client
                .goto(&server.url(path))
                .await
                .unwrap_or_else(|e| panic!("{path}: {e}"));
            browser.path_is(path).await;
            fits(&browser, &axe, &format!("phone-{name}-{locale}")).await;
        }
        // A draft says so, in the page's language.
        browser
            .client
            .goto(&server.url(&format!("{space}/tournaments/demo-draft-cup")))
            .await
            .expect("the draft");
        let text = browser
            .js("return document.querySelector('main').innerText;")
            .await;
        let draft = if locale == "en" {
            "Draft"
        } else {
            "Черновик"
        };
        assert!(
            text.as_str().unwrap_or_default().contains(draft),
            "{locale}: {text}"
        );
        assert!(
            !text
                .as_str()
                .unwrap_or_default()
                .contains(if locale == "en" {
                    "Announced"
                } else {
                    "Анонсирован"
                }),
            "{text}"
        );

        // A player's private page, given at the desk: the link shown once and its QR code.
        let registrations = format!("{space}/tournaments/demo-autumn-cup/registrations");
        browser
            .client
            .goto(&server.url(&registrations))
            .await
            .expect("the registrations");
        browser.press("form[action$='/link'] button").await;
        fits(&browser, &axe, &format!("phone-give-link-ask-{locale}")).await;
        browser.press("main form.stacked button[type=submit]").await;
        fits(&browser, &axe, &format!("phone-player-link-{locale}")).await;
        let shown = browser.js("return [document.querySelector('#player-link').textContent, !!document.querySelector('main img[src^=\"data:image/svg+xml\"]')];").await;
        assert!(
            shown[0].as_str().unwrap_or_default().contains("/player/") && shown[1] == true,
            "{shown}"
        );

        // The player's own page, with their match to report.
        let own = zoe_link.replace("/en/", &format!("/{locale}/"));
        browser.client.goto(&own).await.expect("Zoë's page");
        browser
            .wait_until("Zoë's page", "return document.readyState === 'complete';")
            .await;
        fits(&browser, &axe, &format!("phone-player-page-{locale}")).await;
    }
    browser.close().await;
}
