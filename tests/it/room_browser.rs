//! The room in Chromium: two reporters at two tables hold a tournament's Stations and calls page
//! open beside a `serve` that calls; one taps Playing, a result comes from the shell, and the
//! other's page shows both without a reload (on both databases). On a 375 px phone, in Russian
//! and English, the space's Stations page, a tournament's Stations and calls page (with a
//! no-show flagged) and a called player's own page fit the screen, every control a person taps
//! is at least 44 × 44 px, and axe-core finds nothing serious. Screenshots are left in
//! `target/test-artifacts/desk/`.

use crate::desk_people_browser::{fits, sign_in};
use crate::support::browser::{Browser, axe_source};
use crate::support::player::Player;
use crate::support::server::Server;
use crate::support::{TestDb, on_both_backends, sqlite};

const FOLLOWS: &str = "room_browser::a_second_reporters_room_follows_the_first";
const PHONE: &str = "room_browser::the_room_fits_a_phone";
const ROOM: &str = "/en/organizer/club/tournaments/cup/room";

/// Space `club` with `stations`, members `one@` and `two@` (reporters) and `owner@`, and a
/// cup of `players` on every station, registration open.
fn club(t: &TestDb, stations: &[&str], players: &[&str], extra: &[&str]) {
    t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
    let mut add = vec!["stations", "add", "--space", "club"];
    add.extend(stations);
    t.run(&add);
    t.add_member("club", "owner@example.org", "owner");
    for desk in ["one@example.org", "two@example.org"] {
        t.add_member("club", desk, "reporter");
    }
    // A place more than the players named: one may register on the portal.
    let capacity = (players.len() + 1).to_string();
    let mut create = vec![
        "tournaments",
        "create",
        "--space",
        "club",
        "--slug",
        "cup",
        "--name",
        "Friday Cup",
        "--game",
        "chess",
        "--format",
        "single_elimination",
        "--max-participants",
        &capacity,
        "--starts-at",
        "2030-12-04T18:00:00Z",
        "--stations",
        "all",
        "--match-duration",
        "1s",
    ];
    create.extend(extra);
    t.run(&create);
    t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
    for name in players {
        t.run(&["tournaments", "register", "cup", name]);
    }
}

on_both_backends! {
    async fn a_second_reporters_room_follows_the_first(t: TestDb) {
        let Some(first) = Browser::start(FOLLOWS).await else { return };
        let Some(second) = Browser::start(FOLLOWS).await else { return };
        club(&t, &["Table 1", "Table 2"], &["Alice", "Boris", "Clara", "Dmitri", "Elena", "Fyodor", "Galina", "Hugo"], &[]);
        t.run(&["tournaments", "status", "cup", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "cup"]);
        let server = Server::start_self_linked(&t, &[]);
        sign_in(&t, &server, &first, "one@example.org", "/en/organizer/club/tournaments").await;
        sign_in(&t, &server, &second, "two@example.org", "/en/organizer/club/tournaments").await;
        let started = "return document.querySelectorAll(\"form[action$='/start']\").length";
        for browser in [&first, &second] {
            browser.client.goto(&server.url(ROOM)).await.expect("the room");
            browser.path_is(ROOM).await;
            browser.wait_until("both tables called", &format!("{started} === 2;")).await;
        }
        second.js("window.__kept = true; return true;").await;

        // The first reporter taps Playing at Table 1: the second's page says so, unreloaded.
        first.press("form[action$='/start'] button").await;
        second
            .wait_until(
                "the second page shows the match begun",
                &format!("{started} === 1 && document.querySelector('main').innerText.indexOf('playing since') >= 0 && window.__kept === true;"),
            )
            .await;

        // A result from the shell frees Table 1; serve calls the next match there, and the
        // second page shows it too.
        let listing = t.run(&["stations", "list", "--space", "club"]);
        let playing = listing.lines().find(|l| l.starts_with("Table 1")).expect("Table 1");
        let game = playing.split_whitespace().find(|w| w.starts_with("mat_")).expect("its match").trim_end_matches(':').to_owned();
        t.run(&["matches", "report", "cup", &game, "--score", "2-0"]);
        second
            .wait_until(
                "the next call shows without a reload",
                &format!("{started} === 2 && document.querySelector('main').innerText.indexOf('playing since') < 0 && window.__kept === true;"),
            )
            .await;
        first.close().await;
        second.close().await;
    }
}

/// The space's Stations page, a tournament's room with a no-show flagged, and a called
/// player's page, on a 375 px phone in both languages.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_room_fits_a_phone() {
    let Some(axe) = axe_source(PHONE) else { return };
    let Some(browser) = Browser::start(PHONE).await else {
        return;
    };
    let t = sqlite().await;
    club(
        &t,
        &["Table 1", "Table 2", "Стол 3 (у окна)"],
        &["Boris", "Clara", "Dmitri"],
        &["--no-show-after", "1s"],
    );
    let server = Server::start_self_linked(&t, &[]);
    let mut zoe = Player::new(&server, "Zoë Константинопольская", "zoe@example.org");
    let zoe_link = zoe
        .register("en", "cup")
        .await
        .withdrawal_link()
        .expect("Zoë's link");
    t.run(&["tournaments", "status", "cup", "REGISTRATION_CLOSED"]);
    t.run(&["tournaments", "start", "cup"]);
    t.run(&["stations", "pause", "--space", "club", "Стол 3 (у окна)"]);

    browser.viewport(375, 812, true).await;
    sign_in(
        &t,
        &server,
        &browser,
        "owner@example.org",
        "/en/organizer/club/tournaments",
    )
    .await;
    browser
        .client
        .goto(&server.url(ROOM))
        .await
        .expect("the room");
    browser
        .wait_until(
            "both semi-finals called",
            "return document.querySelectorAll(\"form[action$='/start']\").length === 2;",
        )
        .await;
    // Past the no-show wait, the page read again flags the calls nobody began.
    tokio::time::sleep(std::time::Duration::from_millis(1_500)).await;
    for locale in ["ru", "en"] {
        let space = format!("/{locale}/organizer/club");
        for (name, path) in [
            ("stations", format!("{space}/stations")),
            ("room", format!("{space}/tournaments/cup/room")),
        ] {
            browser
                .client
                .goto(&server.url(&path))
                .await
                .unwrap_or_else(|e| panic!("{path}: {e}"));
            browser.path_is(&path).await;
            fits(&browser, &axe, &format!("phone-{name}-{locale}")).await;
        }
        let flagged = browser
            .js("return document.querySelector('main').innerText;")
            .await;
        let no_show = if locale == "en" {
            "No-show?"
        } else {
            "Неявка?"
        };
        assert!(
            flagged.as_str().unwrap_or_default().contains(no_show),
            "{locale}: {flagged}"
        );
        let own = zoe_link.replace("/en/", &format!("/{locale}/"));
        browser.client.goto(&own).await.expect("Zoë's page");
        browser
            .wait_until("Zoë's page", "return document.readyState === 'complete';")
            .await;
        let first = browser
            .js("return document.querySelector('main h2').textContent;")
            .await;
        let called = if locale == "en" {
            "Your match is called: Table"
        } else {
            "Ваш матч вызван: Table"
        };
        assert!(
            first.as_str().unwrap_or_default().starts_with(called),
            "{locale}: {first}"
        );
        fits(&browser, &axe, &format!("phone-player-called-{locale}")).await;
    }
    browser.close().await;
}
