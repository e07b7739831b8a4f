//! Check-in, teams and the waiting list in headless Chromium, as captains meet them: a team
//! tournament with a check-in window open now and a field of two. One captain registers a team
//! with its players on the portal and gets the private link; the field is then full, so the next
//! captain's form says it joins the waiting list and the confirmation gives the place in line.
//! The first captain checks in from the private link; the tournament page shows the rosters, who
//! checked in and the waiting list, on a phone without sideways scrolling; a withdrawal from the
//! shell promotes the team in line on the open page without a reload; and the registration
//! widget offers the waiting list once the field is full. axe-core checks every page, in both
//! languages; screenshots are left in `target/test-artifacts/entry/`.

use serde_json::Value;

use crate::support::browser::{Browser, with_axe};
use crate::support::server::Server;
use crate::support::sqlite;

const TEST: &str = "entry_browser::captains_register_teams_check_in_and_wait_in_a_browser";

/// axe-core on the page, and a screenshot named `name`.
async fn check(browser: &Browser, axe: &str, name: &str) {
    browser.check_page(axe, "entry", name).await;
}

/// What the page's main part says, as a person reads it.
async fn main_text(browser: &Browser) -> String {
    browser.text_of("main").await
}

/// Opens `url` and returns what its main part says.
async fn visit(browser: &Browser, url: &str) -> String {
    browser.client.goto(url).await.expect("open the page");
    main_text(browser).await
}

/// Fills the team form of the tournament page open in `browser` and sends it; returns the
/// confirmation's text and the private link it shows.
async fn register_team(
    browser: &Browser,
    team: &str,
    email: &str,
    players: &[&str],
) -> (String, String) {
    browser.fill("#name", team).await;
    browser.fill("#email", email).await;
    browser.fill("#players", &players.join("\n")).await;
    browser.press(".register button[type=submit]").await;
    browser
        .wait_until(
            "the confirmation",
            "return location.pathname.endsWith('/registered');",
        )
        .await;
    let link = browser
        .js("return document.querySelector('.secret a').href;")
        .await
        .as_str()
        .expect("the private link")
        .to_owned();
    (main_text(browser).await, link)
}

/// The cells of the table that follows the heading `heading` on the page, row by row.
async fn table_after(browser: &Browser, heading: &str) -> Vec<Vec<String>> {
    let rows = browser
        .js(&format!(
            "var h = Array.from(document.querySelectorAll('h2, h3'))
                 .find(function (h) {{ return h.textContent.trim() === '{heading}'; }});
             if (!h) {{ return []; }}
             var e = h.nextElementSibling;
             while (e && !e.querySelector('table') && e.tagName !== 'TABLE') {{ e = e.nextElementSibling; }}
             if (!e) {{ return []; }}
             var table = e.tagName === 'TABLE' ? e : e.querySelector('table');
             return Array.from(table.querySelectorAll('tbody tr')).map(function (r) {{
                 return Array.from(r.children).map(function (c) {{ return c.textContent.trim(); }});
             }});"
        ))
        .await;
    serde_json::from_value(rows).expect("rows of cells")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn captains_register_teams_check_in_and_wait_in_a_browser() {
    let Some((browser, axe)) = with_axe(TEST).await else {
        return;
    };
    let t = sqlite().await;
    t.run(&["spaces", "create", "club", "--name", "Club"]);
    // Starts in half an hour: the check-in window (an hour before to ten minutes before) is open.
    let starts_at = tourney::timestamp::format_ms(tourney::timestamp::now_ms() + 30 * 60_000);
    t.run(&[
        "tournaments",
        "create",
        "--space",
        "club",
        "--slug",
        "duo",
        "--name",
        "Duo Cup",
        "--game",
        "chess",
        "--format",
        "single_elimination",
        "--max-participants",
        "2",
        "--starts-at",
        &starts_at,
        "--team-size",
        "2..3",
        "--waiting-list",
        "2",
        "--check-in-opens",
        "1h",
        "--check-in-closes",
        "10m",
    ]);
    t.run(&["tournaments", "status", "duo", "REGISTRATION_OPEN"]);
    t.run(&[
        "tournaments",
        "register",
        "duo",
        "Owls",
        "--player",
        "Ann",
        "--player",
        "Bob",
    ]);
    let server = Server::start_self_linked(&t, &[]);
    let page = server.url("/en/tournaments/duo");

    // The team form: the team's name, the captain's address, the players one per line.
    let text = visit(&browser, &page).await;
    for says in ["Team name", "2–3 players", "Check-in", "0 waiting of 2"] {
        assert!(text.contains(says), "the page says {says:?}: {text}");
    }
    check(&browser, &axe, "team-form").await;
    // A roster that names a player twice is refused with the reason, and nothing is written.
    browser.fill("#name", "Wolves").await;
    browser.fill("#email", "wolves@example.org").await;
    browser.fill("#players", "Gus\ngus").await;
    browser.press(".register button[type=submit]").await;
    let refused = main_text(&browser).await;
    assert!(
        refused.contains("Each player can be named once."),
        "{refused}"
    );
    check(&browser, &axe, "team-refused").await;
    visit(&browser, &page).await;
    let (confirmed, wolves_link) =
        register_team(&browser, "Wolves", "wolves@example.org", &["Gus", "Hal"]).await;
    assert!(
        confirmed.contains("You are registered as Wolves."),
        "{confirmed}"
    );
    check(&browser, &axe, "team-registered").await;

    // The field is full: the next team joins the waiting list and learns its place in line.
    let text = visit(&browser, &page).await;
    assert!(
        text.contains("registering puts you on the waiting list"),
        "{text}"
    );
    let (confirmed, bees_link) =
        register_team(&browser, "Bees", "bees@example.org", &["Eve", "Fay", "Gil"]).await;
    assert!(
        confirmed.contains("Bees is number 1 on the waiting list."),
        "{confirmed}"
    );
    check(&browser, &axe, "waiting-registered").await;

    // The captain of Wolves checks in from the private link.
    let text = visit(&browser, &wolves_link).await;
    assert!(
        text.contains("Wolves is in the field.") && text.contains("Check-in is open until"),
        "{text}"
    );
    check(&browser, &axe, "check-in-open").await;
    browser.press(".check-in button[type=submit]").await;
    let text = main_text(&browser).await;
    assert!(text.contains("Checked in at"), "{text}");
    assert!(
        !text.contains("Check-in is open until"),
        "the button is gone once pressed: {text}"
    );
    check(&browser, &axe, "checked-in").await;
    assert!(
        t.run(&["audit", "--space", "club"])
            .contains("registration.checked_in"),
        "the check-in is audited"
    );

    // The tournament page: rosters, who checked in, the waiting list.
    visit(&browser, &page).await;
    let field = table_after(&browser, "Participants").await;
    assert_eq!(
        field,
        vec![
            vec!["Owls".to_owned(), "Ann, Bob".into(), "no".into()],
            vec!["Wolves".into(), "Gus, Hal".into(), "yes".into()],
        ],
        "names, rosters and check-ins"
    );
    assert_eq!(
        table_after(&browser, "Waiting list").await,
        vec![vec!["1".to_owned(), "Bees".into()]]
    );
    check(&browser, &axe, "tournament-entry").await;

    // On a phone the page does not scroll sideways, and stays accessible.
    browser.viewport(375, 812, true).await;
    browser.client.refresh().await.expect("reload");
    browser
        .wait_until("loaded", "return document.readyState === 'complete';")
        .await;
    let widths = browser
        .js("return [document.documentElement.scrollWidth, window.innerWidth];")
        .await;
    assert_eq!(
        widths[0], widths[1],
        "no sideways scroll at 375 px: {widths}"
    );
    check(&browser, &axe, "tournament-entry-phone").await;
    browser.viewport(1280, 1800, false).await;

    // Owls withdraw from the shell: Bees move into the field on the open page, without a reload.
    browser.client.refresh().await.expect("reload");
    browser
        .wait_until("loaded", "return document.readyState === 'complete';")
        .await;
    browser.js("window.__same_page = true; return true;").await;
    t.run(&["tournaments", "withdraw", "duo", "Owls"]);
    browser
        .wait_until(
            "Bees promoted on the open page",
            "var cells = Array.from(document.querySelectorAll('#live-participants td'))
                 .map(function (c) { return c.textContent.trim(); });
             return cells.indexOf('Eve, Fay, Gil') >= 0 && cells.indexOf('Ann, Bob') < 0
                 && !/Waiting list/.test(document.querySelector('#live-participants').textContent);",
        )
        .await;
    assert_eq!(
        browser.js("return window.__same_page === true;").await,
        Value::Bool(true),
        "the page changed in place"
    );
    let text = visit(&browser, &bees_link).await;
    assert!(text.contains("Bees is in the field."), "{text}");

    // The field is full again with room in line: the widget leads to the waiting list.
    let widget = server.url("/embed/en/tournaments/duo/registration");
    let text = visit(&browser, &widget).await;
    for says in [
        "Join the waiting list on the portal",
        "2–3 players",
        "Check-in",
    ] {
        assert!(text.contains(says), "the widget says {says:?}: {text}");
    }
    check(&browser, &axe, "widget-waiting-list").await;

    // The same pages in Russian.
    let text = visit(&browser, &server.url("/ru/tournaments/duo")).await;
    assert!(
        text.contains("Лист ожидания") && text.contains("Подтвердил"),
        "{text}"
    );
    check(&browser, &axe, "tournament-entry-ru").await;
    let russian_link = wolves_link.replace("/en/player/", "/ru/player/");
    let text = visit(&browser, &russian_link).await;
    assert!(text.contains("Участие подтверждено"), "{text}");
    check(&browser, &axe, "checked-in-ru").await;
    browser.close().await;
}
