//! The venue screen and a player's page in Chromium (docs/portal.md "The venue screen"): both
//! follow a call without a reload, the screen within a second or two of it (on both databases);
//! at 1920 × 1080 and 1280 × 720, in English and Russian, eight stations with long names fit
//! the screen without scrolling, every name whole and at least 28 px tall at 1080 lines, a
//! ninth and tenth station on a second page the screen turns to, and axe-core finds nothing
//! serious. Screenshots are left in `target/test-artifacts/screen/`.

use crate::support::browser::{Browser, axe_source};
use crate::support::player::Player;
use crate::support::server::Server;
use crate::support::{TestDb, on_both_backends, sqlite};

const FOLLOWS: &str = "room_screen_browser::the_screen_and_a_players_page_follow_a_call";
const FITS: &str = "room_screen_browser::the_screen_fits_a_hall_screen";

/// Space `club` with `stations` and a published cup on all of them, registration open.
fn club(t: &TestDb, stations: &[&str], capacity: usize) {
    club_with(t, stations, capacity, &[]);
}

/// [`club`], with `extra` flags to `tournaments create`.
fn club_with(t: &TestDb, stations: &[&str], capacity: usize, extra: &[&str]) {
    t.run(&["spaces", "create", "club", "--name", "Riverside Chess Club"]);
    let mut add = vec!["stations", "add", "--space", "club"];
    add.extend(stations);
    t.run(&add);
    let capacity = capacity.to_string();
    let mut create = vec![
        "tournaments",
        "create",
        "--space",
        "club",
        "--slug",
        "cup",
        "--name",
        "Spring Rapid Open",
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
        "20m",
    ];
    create.extend(extra);
    t.run(&create);
    t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
}

on_both_backends! {
    async fn the_screen_and_a_players_page_follow_a_call(t: TestDb) {
        let Some(screen) = Browser::start(FOLLOWS).await else { return };
        let Some(phone) = Browser::start(FOLLOWS).await else { return };
        let axe = axe_source(FOLLOWS);
        // One table, four players, twenty minutes a match: one semi-final is called, the other
        // waits for its time.
        club(&t, &["Table 1"], 4);
        let server = Server::start_self_linked(&t, &["--no-dispatch"]);
        let mut links = Vec::new();
        for name in ["Zoë Константинопольская", "Boris Ivanov", "Clara Schmidt", "Dmitri Sokolov"] {
            let mut player = Player::new(&server, name, &format!("{}@example.org", links.len()));
            let link = player.register("en", "cup").await.withdrawal_link().expect("a private link");
            links.push((name, link));
        }
        t.run(&["tournaments", "status", "cup", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "cup"]);
        let (called, waiting) = loop {
            let listing = t.run(&["matches", "list", "cup", "--ready"]);
            let rows: Vec<&str> = listing.lines().skip(1).collect();
            let called = rows.iter().find(|l| l.contains("called to Table 1"));
            let other = rows.iter().find(|l| !l.contains("called to"));
            if let (Some(called), Some(other)) = (called, other) {
                let id = |line: &str| line.split_whitespace().next().unwrap().to_owned();
                break (id(called), other.to_string());
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        };
        // The page of a player of the semi-final that waits: its time, said first.
        let (_, link) = links.iter().find(|(name, _)| waiting.contains(name)).expect("a waiting player");
        let waiting = waiting.split_whitespace().next().unwrap().to_owned();
        phone.viewport(375, 812, true).await;
        phone.client.goto(link).await.expect("the player's page");
        phone
            .wait_until(
                "the player's page says when",
                "return document.querySelector('main h2').textContent.indexOf('Your next match: not before ') === 0;",
            )
            .await;
        if let Some(axe) = &axe {
            crate::desk_people_browser::fits(&phone, axe, &format!("player-not-before-{}", t.backend_name())).await;
        }

        let screen_path = "/en/tournaments/cup/screen";
        screen.viewport(1280, 720, false).await;
        screen.client.goto(&server.url(screen_path)).await.expect("the screen");
        screen.wait_until("the call on the screen", "return document.querySelector('li.station.called') !== null;").await;
        for browser in [&screen, &phone] {
            browser.js("window.__kept = true; return true;").await;
        }
        // The first semi-final's result frees the table; the other keeps its time (serve does
        // not call it early), and the screen shows the table free and the result.
        t.run(&["matches", "report", "cup", &called, "--score", "2-0"]);
        screen
            .wait_until(
                "the table free and the result listed, without a reload",
                "return window.__kept === true && document.querySelector('li.station.free') !== null && document.querySelectorAll('aside .lines li').length >= 2;",
            )
            .await;
        tokio::time::sleep(std::time::Duration::from_millis(1_500)).await;
        let still = screen.js("return document.querySelector('li.station.free') !== null;").await;
        assert_eq!(still, serde_json::json!(true), "the waiting semi-final is not called before its time");

        // The desk calls it now: both pages show the call.
        let said = t.run(&["matches", "call", "cup", &waiting, "--station", "Table 1"]);
        assert!(said.contains("called before the time its players were given"), "{said}");
        screen
            .wait_until(
                "the screen shows the call without a reload",
                "var s = document.querySelector('li.station'); return window.__kept === true && s.classList.contains('called');",
            )
            .await;
        let seen_at = screen.js("return Date.now();").await.as_i64().expect("a time");
        phone
            .wait_until(
                "the player's page says the call first, without a reload",
                "return window.__kept === true && document.querySelector('main h2').textContent.indexOf('Your match is called: Table 1') === 0;",
            )
            .await;
        // How long after the call the screen showed it: the call's time as the page says it.
        let called_at = screen
            .js("return Date.parse(document.querySelector('li.station time.since').getAttribute('datetime'));")
            .await
            .as_i64()
            .expect("the call's time");
        let delay = seen_at - called_at;
        assert!(delay < 2_500, "the screen followed the call {delay} ms after it");
        eprintln!("the screen showed the call {delay} ms after it ({})", t.backend_name());
        // The screen kept nothing of the changes it followed: as many elements as the same
        // screen loaded afresh.
        let count = "return document.getElementsByTagName('*').length;";
        let followed = screen.js(count).await;
        screen.client.refresh().await.expect("a reload");
        screen.wait_until("the screen again", "return document.querySelector('li.station.called') !== null;").await;
        assert_eq!(screen.js(count).await, followed, "the live screen holds what a fresh one does");
        screen.close().await;
        phone.close().await;
    }
}

/// Long names on eight stations (and on ten), at a hall screen's two common sizes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_screen_fits_a_hall_screen() {
    let Some(axe) = axe_source(FITS) else { return };
    let Some(browser) = Browser::start(FITS).await else {
        return;
    };
    let t = sqlite().await;
    let tables: Vec<String> = (1..=8).map(|n| format!("Table {n}")).collect();
    let tables: Vec<&str> = tables.iter().map(String::as_str).collect();
    // A call not begun within two seconds is flagged.
    club_with(&t, &tables, 16, &["--no-show-after", "2s"]);
    let names = [
        "Alexander Konstantinopolsky",
        "Dmitri Sokolov-Karamazov",
        "Elena García Márquez",
        "Hiroshi Tanaka",
        "Kateryna Bondarenko-Shevchenko",
        "Zofia Wiśniewska",
        "Liam O'Connor",
        "Maximilian von Hohenzollern",
        "Ursula Becker",
        "Qiu Ling",
        "Wanda Maximoff",
        "Xavier Dubois-Lefebvre",
        "Fatima Zahra El Idrissi",
        "Tomasz Zieliński",
        "Анастасия Константинопольская",
        "Pedro Alvarez",
    ];
    for name in names {
        t.run(&["tournaments", "register", "cup", name]);
    }
    t.run(&["tournaments", "status", "cup", "REGISTRATION_CLOSED"]);
    t.run(&["tournaments", "start", "cup"]);
    let server = Server::start_self_linked(&t, &["--no-dispatch"]);
    let page = |locale: &str| server.url(&format!("/{locale}/tournaments/cup/screen"));
    browser.client.goto(&page("en")).await.expect("the screen");
    browser
        .wait_until(
            "eight calls",
            "return document.querySelectorAll('li.station.called').length === 8;",
        )
        .await;
    // Two matches under way, and a result, so every kind of card is on the screen.
    let listing = t.run(&["matches", "list", "cup", "--ready"]);
    let ids: Vec<&str> = listing
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    t.run(&["matches", "start", "cup", ids[0]]);
    t.run(&["matches", "start", "cup", ids[1]]);
    t.run(&["matches", "report", "cup", ids[2], "--score", "2-1"]);

    tokio::time::sleep(std::time::Duration::from_millis(2_000)).await;
    for (width, height) in [(1920, 1080), (1280, 720)] {
        browser.viewport(width, height, false).await;
        for locale in ["en", "ru"] {
            browser
                .client
                .goto(&page(locale))
                .await
                .expect("the screen");
            browser
                .wait_until("the cards", "return document.querySelectorAll('li.station').length === 8 && document.querySelector('li.station.playing') !== null;")
                .await;
            let name = format!("screen-{width}x{height}-{locale}");
            let fit = browser
                .js(
                    "var d = document.documentElement;
                     var out = [];
                     if (d.scrollHeight > innerHeight || d.scrollWidth > innerWidth) { out.push('scrolls: ' + d.scrollWidth + 'x' + d.scrollHeight); }
                     document.querySelectorAll('li.station').forEach(function (s) {
                       var r = s.getBoundingClientRect();
                       if (r.bottom > innerHeight || r.right > innerWidth) { out.push('off the screen: ' + s.innerText); }
                       if (s.scrollHeight > s.clientHeight + 1) { out.push('cut: ' + s.innerText); }
                     });
                     document.querySelectorAll('.player').forEach(function (p) {
                       if (p.scrollWidth > p.clientWidth + 1) { out.push('name cut: ' + p.textContent); }
                     });
                     return out;",
                )
                .await;
            assert_eq!(fit, serde_json::json!([]), "{name}");
            // The calls nobody began are flagged, those under way are not.
            let flags = browser
                .js("return [document.querySelectorAll('li.station.called.late .flag:not([hidden])').length, document.querySelectorAll('li.station.called').length, document.querySelectorAll('li.station.playing.late').length];")
                .await;
            assert_eq!(
                flags[0], flags[1],
                "{name}: every waiting call flagged: {flags}"
            );
            assert_eq!(flags[2], serde_json::json!(0), "{name}: {flags}");
            let no_show = if locale == "en" {
                "No-show?"
            } else {
                "Неявка?"
            };
            let text = browser
                .js("return document.querySelector('li.station.called.late').innerText;")
                .await;
            assert!(
                text.as_str().unwrap_or_default().contains(no_show),
                "{name}: {text}"
            );
            if height == 1080 {
                let smallest = browser
                    .js("return Math.min.apply(null, Array.from(document.querySelectorAll('.player')).map(function (p) { return parseFloat(getComputedStyle(p).fontSize); }));")
                    .await;
                assert!(
                    smallest.as_f64().unwrap_or(0.0) >= 28.0,
                    "{name}: names at {smallest} px"
                );
            }
            browser.check_page(&axe, "screen", &name).await;
        }
    }

    // Ten stations: the screen shows eight and turns to the other two.
    t.run(&["stations", "add", "--space", "club", "Table 9", "Table 10"]);
    browser.viewport(1920, 1080, false).await;
    browser.client.goto(&page("en")).await.expect("the screen");
    browser
        .wait_until(
            "a first page of eight",
            "var s = document.querySelectorAll('li.station'); return s.length === 10 && Array.from(s).filter(function (x) { return !x.hidden; }).length === 8 && document.querySelector('.pages').textContent === 'Stations, page 1 of 2';",
        )
        .await;
    let fits = browser
        .js("return document.documentElement.scrollHeight <= innerHeight;")
        .await;
    assert_eq!(fits, serde_json::json!(true));
    tokio::time::sleep(std::time::Duration::from_millis(9_000)).await;
    browser
        .wait_until(
            "the second page, turned to within ten seconds",
            "var s = document.querySelectorAll('li.station'); return !s[8].hidden && !s[9].hidden && s[0].hidden;",
        )
        .await;
    browser.close().await;
}
