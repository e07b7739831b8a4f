//! The portal in headless Chromium, as a player meets it: on a partner's site (another origin),
//! the registration widget's button opens the portal in a new tab; the player fills the form, sees
//! the confirmation with the private withdrawal link, finds one place fewer on the partner's page,
//! then withdraws. axe-core then checks every portal and widget page of the demo, in both
//! languages and themes, for serious or critical accessibility problems, and screenshots of the
//! portal's pages are left in `target/test-artifacts/portal/`.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use fantoccini::Locator;
use serde_json::Value;

use crate::browser::{embed_code, open_widget};
use crate::support::browser::{Browser, artifacts_dir, with_axe};
use crate::support::partner::{PartnerSite, page_with};
use crate::support::server::Server;
use crate::support::sqlite;

const TEST: &str = "portal::browser::a_player_registers_from_a_partner_site";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_registers_from_a_partner_site() {
    let Some((browser, axe)) = with_axe(TEST).await else {
        return;
    };
    let t = sqlite().await;
    let server = Server::start_self_linked(&t, &["--demo"]);
    let origin = server.base.clone();
    let code = embed_code(&t, &server, "registration", "demo-autumn-cup", "en");
    let partner = PartnerSite::start(HashMap::from([(
        "/club".to_owned(),
        page_with(&code, &origin),
    )]))
    .await;

    open_widget(&browser, &partner.url("/club")).await;
    assert_eq!(places_left(&browser).await, 6);
    let partner_tab = browser.client.window().await.expect("this tab");
    browser
        .client
        .find(Locator::Css("a.button"))
        .await
        .expect("the register button")
        .click()
        .await
        .expect("click it");
    let portal_tab = new_tab(&browser, &partner_tab).await;
    browser
        .client
        .switch_to_window(portal_tab)
        .await
        .expect("the portal's tab");
    browser
        .wait_until(
            "the portal opened",
            "return location.pathname === '/en/tournaments/demo-autumn-cup';",
        )
        .await;
    assert_eq!(browser.js("return window.opener;").await, Value::Null);

    for (field, value) in [("#name", "Mila Jovanović"), ("#email", "mila@example.org")] {
        browser
            .client
            .find(Locator::Css(field))
            .await
            .expect("a form field")
            .send_keys(value)
            .await
            .expect("type into it");
    }
    browser
        .client
        .find(Locator::Css(".register button[type=submit]"))
        .await
        .expect("the submit button")
        .click()
        .await
        .expect("send the form");
    browser
        .wait_until(
            "the confirmation",
            "return location.pathname.endsWith('/registered');",
        )
        .await;
    let confirmation = browser
        .js("return document.querySelector('main').innerText;")
        .await;
    let confirmation = confirmation.as_str().unwrap_or_default();
    assert!(
        confirmation.contains("You are registered as Mila Jovanović."),
        "{confirmation}"
    );
    let link = browser
        .js("return document.querySelector('.secret a').href;")
        .await
        .as_str()
        .expect("the withdrawal link")
        .to_owned();
    assert!(link.starts_with(&format!("{origin}/en/player/")), "{link}");
    let accessibility = browser.accessibility_problems(&axe).await;
    assert!(
        accessibility.is_empty(),
        "the confirmation page: {accessibility:#?}"
    );

    browser
        .client
        .close_window()
        .await
        .expect("close the portal's tab");
    browser
        .client
        .switch_to_window(partner_tab)
        .await
        .expect("back to the partner");
    let deadline = Instant::now() + Duration::from_secs(3);
    loop {
        browser
            .client
            .refresh()
            .await
            .expect("reload the partner's page");
        open_widget(&browser, &partner.url("/club")).await;
        if places_left(&browser).await == 5 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the widget still shows 6 places left"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    browser
        .client
        .goto(&link)
        .await
        .expect("open the withdrawal link");
    let question = browser
        .js("return document.querySelector('main').innerText;")
        .await;
    assert!(
        question
            .as_str()
            .unwrap_or_default()
            .contains("Withdraw Mila Jovanović"),
        "{question}"
    );
    let accessibility = browser.accessibility_problems(&axe).await;
    assert!(
        accessibility.is_empty(),
        "the withdrawal page: {accessibility:#?}"
    );
    browser
        .client
        .find(Locator::Css("button[type=submit]"))
        .await
        .expect("the withdraw button")
        .click()
        .await
        .expect("withdraw");
    browser
        .wait_until(
            "the withdrawal",
            "return location.pathname.endsWith('/withdrawn');",
        )
        .await;

    screenshots(&browser, &origin).await;
    every_page_is_accessible(&browser, &axe, &origin).await;
    browser.close().await;
}

/// "Places left" in the registration widget's frame.
async fn places_left(browser: &Browser) -> u64 {
    let text = browser
        .js("var d = document.querySelectorAll('.facts dd'); return d[d.length - 1].textContent;")
        .await;
    text.as_str()
        .and_then(|t| t.trim().parse().ok())
        .expect("a number of places")
}

/// The tab that opened besides `known`.
async fn new_tab(
    browser: &Browser,
    known: &fantoccini::wd::WindowHandle,
) -> fantoccini::wd::WindowHandle {
    for _ in 0..100 {
        let tabs = browser.client.windows().await.expect("tabs");
        if let Some(tab) = tabs.into_iter().find(|tab| tab != known) {
            return tab;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the button did not open a new tab");
}

/// The portal's pages in both languages and both themes, saved for people to look at.
async fn screenshots(browser: &Browser, origin: &str) {
    let dir = artifacts_dir("portal");
    for locale in ["en", "ru"] {
        for (page, path) in [
            ("landing", format!("/{locale}/")),
            ("space", format!("/{locale}/organizer/demo")),
            (
                "open-tournament",
                format!("/{locale}/tournaments/demo-autumn-cup"),
            ),
            (
                "groups-and-playoffs",
                format!("/{locale}/tournaments/demo-kubok"),
            ),
        ] {
            for theme in ["light", "dark"] {
                browser
                    .client
                    .goto(&format!("{origin}{path}?theme={theme}"))
                    .await
                    .expect("open the page");
                let png = browser.client.screenshot().await.expect("a screenshot");
                assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
                let file = dir.join(format!("{page}-{locale}-{theme}.png"));
                std::fs::write(&file, &png).expect("save the screenshot");
            }
        }
    }
    eprintln!("saved the portal's screenshots in {}", dir.display());
}

/// axe-core on every portal and widget page of the demo, in both languages and themes.
async fn every_page_is_accessible(browser: &Browser, axe: &str, origin: &str) {
    let published = [
        "demo-spring-open",
        "demo-winter-double",
        "demo-club-league",
        "demo-swiss-open",
        "demo-kubok",
        "demo-karting",
        "demo-autumn-cup",
        "demo-new-year-blitz",
    ];
    let mut paths = Vec::new();
    for locale in ["en", "ru"] {
        paths.push(format!("/{locale}/"));
        paths.push(format!("/{locale}/organizer/demo"));
        paths.push(format!("/{locale}/no-such-page"));
        paths.push(format!("/embed/{locale}/organizer/demo/calendar"));
        for slug in published {
            paths.push(format!("/{locale}/tournaments/{slug}"));
            for widget in ["bracket", "registration", "standings"] {
                paths.push(format!("/embed/{locale}/tournaments/{slug}/{widget}"));
            }
        }
    }
    let mut problems = Vec::new();
    for path in &paths {
        for theme in ["light", "dark"] {
            let url = format!("{origin}{path}?theme={theme}");
            browser.client.goto(&url).await.expect("open the page");
            let found = browser.accessibility_problems(axe).await;
            if !found.is_empty() {
                problems.push((url, found));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "serious or critical accessibility problems: {problems:#?}"
    );
}

const NEWCOMER: &str =
    "portal::browser::a_newcomer_registers_on_a_server_started_without_a_base_url";

/// A newcomer's server (`serve` with no base URL, on a port picked for it) in Chromium: the form's
/// address opened as a page leads to the tournament; a name with a zero-width space is refused
/// with the reason; a double click on *Register* over a slow connection (both posts reach the
/// server) ends on the confirmation with one registration;
/// a reload and the other language show the same withdrawal link.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_registers_on_a_server_started_without_a_base_url() {
    use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};

    let Some(browser) = Browser::start(NEWCOMER).await else {
        return;
    };
    let t = sqlite().await;
    super::open_cup(&t, 8, 0).await;
    let server = Server::start_without_base_url(&t, &[]);
    let base = server.base.clone();

    // The form's own address, typed or kept in the address bar: the tournament's page.
    browser
        .client
        .goto(&format!("{base}/en/tournaments/cup/registrations"))
        .await
        .expect("open the form's address");
    assert_eq!(
        browser.js("return location.pathname;").await,
        "/en/tournaments/cup"
    );

    let fill = |name: &'static str| {
        let browser = &browser;
        async move {
            for (field, value) in [("#name", name), ("#email", "anna@example.org")] {
                let input = browser
                    .client
                    .find(Locator::Css(field))
                    .await
                    .expect("a form field");
                input.clear().await.expect("clear it");
                input.send_keys(value).await.expect("type into it");
            }
        }
    };
    fill("Anna\u{200B} Kuznetsova").await;
    browser
        .client
        .find(Locator::Css(".register button[type=submit]"))
        .await
        .expect("the submit button")
        .click()
        .await
        .expect("send the form");
    browser
        .wait_until(
            "the refusal",
            "return document.body.innerText.includes('characters that are not allowed');",
        )
        .await;

    // A double click on a slow connection: the first post is on its way when the second press
    // sends the form again, and the browser shows the answer to the second.
    fill("Anna Kuznetsova").await;
    browser.slow_network(Duration::from_millis(600)).await;
    let button = browser
        .client
        .find(Locator::Css(".register button[type=submit]"))
        .await
        .expect("the submit button");
    let double_click = MouseActions::new("mouse".into())
        .then(PointerAction::MoveToElement {
            element: button,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        })
        .pause(Duration::from_millis(250))
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    browser
        .client
        .perform_actions(double_click)
        .await
        .expect("double-click Register");
    browser
        .wait_until(
            "the confirmation",
            "return location.pathname === '/en/tournaments/cup/registered' && !!document.querySelector('.secret a');",
        )
        .await;
    let link = browser
        .js("return document.querySelector('.secret a').href;")
        .await
        .as_str()
        .expect("the withdrawal link")
        .to_owned();
    assert!(link.starts_with(&format!("{base}/en/player/")), "{link}");
    let field: Vec<(String,)> = crate::webhooks::rows(
        &t.db,
        "SELECT name FROM participants WHERE status = 'active'",
    )
    .await;
    assert_eq!(field, [("Anna Kuznetsova".to_owned(),)], "one registration");

    // A reload, then the page in Russian: the same link, to this browser.
    browser.client.refresh().await.expect("reload");
    assert_eq!(
        browser
            .js("return document.querySelector('.secret a').href;")
            .await,
        link.as_str()
    );
    browser
        .client
        .find(Locator::Css("nav.languages a[lang=ru]"))
        .await
        .expect("the language switch")
        .click()
        .await
        .expect("switch to Russian");
    browser
        .wait_until(
            "the page in Russian",
            "return location.pathname === '/ru/tournaments/cup/registered';",
        )
        .await;
    assert_eq!(
        browser
            .js("return document.querySelector('.secret a').href;")
            .await,
        link.replace("/en/player/", "/ru/player/").as_str()
    );
    browser.close().await;
}
