//! Live pages in headless Chromium: a bracket widget and the portal's tournament page, open in
//! the browser, show a result reported from the shell without a reload, in under 2 s, and say so
//! in their live region; when the server restarts (a result reported while it is down), the page
//! reconnects and catches up by itself. axe-core checks both pages after they changed. On
//! Postgres with two replicas, a registration posted to one shows on the page a browser holds
//! open on the other, and a result reported from the shell on the bracket widget and the portal
//! page open on either, also without a reload and in under 2 s.

use std::time::{Duration, Instant};

use reqwest::StatusCode;

use crate::support::browser::{Browser, with_axe};
use crate::support::player::Player;
use crate::support::server::Server;
use crate::support::{TestDb, postgres, sqlite};

const TEST: &str = "live_browser::pages_follow_results_without_a_reload";
const WINTER: &str = "demo-winter-double";

/// The scores the page shows (score boxes that are not empty).
async fn scores(browser: &Browser) -> i64 {
    browser
        .js(
            "return Array.prototype.filter.call(document.querySelectorAll('.score'), \
             function (s) { return s.textContent.trim() !== ''; }).length;",
        )
        .await
        .as_i64()
        .expect("a count")
}

/// Opens `url` and marks the document, so that a reload would show.
async fn open(browser: &Browser, url: &str) {
    browser.client.goto(url).await.expect("open the page");
    browser
        .wait_until(
            "the page and its live script",
            "return document.readyState === 'complete';",
        )
        .await;
    browser.js("window.__same_page = true; return true;").await;
}

/// Waits until the page shows more than `before` scores, without a reload; how long it took.
async fn shows_more_than(browser: &Browser, before: i64, what: &str) -> Duration {
    let started = Instant::now();
    browser
        .wait_until(
            what,
            &format!(
                "return Array.prototype.filter.call(document.querySelectorAll('.score'), \
                 function (s) {{ return s.textContent.trim() !== ''; }}).length > {before};"
            ),
        )
        .await;
    let took = started.elapsed();
    assert_eq!(
        browser.js("return window.__same_page === true;").await,
        serde_json::Value::Bool(true),
        "{what}: the page changed in place, not by a reload"
    );
    let said = browser
        .js("return document.getElementById('live-status').textContent;")
        .await;
    assert!(
        said.as_str().unwrap_or_default().starts_with("Updated: "),
        "{what}: the live region says what changed: {said}"
    );
    took
}

/// Opens `url`, reports a result from the shell, and checks that the page shows it without a
/// reload within 2 s of the report, and stays axe-clean.
async fn a_result_shows(browser: &Browser, axe: &str, t: &TestDb, url: &str) {
    open(browser, url).await;
    let before = scores(browser).await;
    let reported = Instant::now();
    t.report_first_ready(WINTER);
    let took = shows_more_than(browser, before, url).await;
    assert!(
        reported.elapsed() < Duration::from_secs(2),
        "{url}: the result showed after {:?} ({took:?} after the report ended)",
        reported.elapsed()
    );
    let problems = browser.accessibility_problems(axe).await;
    assert!(problems.is_empty(), "{url}: {problems:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_follow_results_without_a_reload() {
    let Some((browser, axe)) = with_axe(TEST).await else {
        return;
    };
    let t = sqlite().await;
    t.run(&["demo"]);
    let server = Server::start_self_linked(&t, &[]);

    for path in [
        format!("/embed/en/tournaments/{WINTER}/bracket"),
        format!("/en/tournaments/{WINTER}"),
    ] {
        a_result_shows(&browser, &axe, &t, &server.url(&path)).await;
    }

    // The portal page stays open while the server restarts and a result comes in meanwhile.
    let before = scores(&browser).await;
    let server = server.restart(&t, || t.report_first_ready(WINTER));
    shows_more_than(&browser, before, "after the restart").await;
    let before = scores(&browser).await;
    let reported = Instant::now();
    t.report_first_ready(WINTER);
    shows_more_than(&browser, before, "the next result after the restart").await;
    assert!(reported.elapsed() < Duration::from_secs(2));
    drop(server);
    browser.close().await;
}

const REPLICAS: &str = "live_browser::replicas_on_postgres_show_changes_without_a_reload";

/// Two replicas on Postgres: a registration posted to one shows on the portal page a browser
/// holds open on the other; a result reported from the shell shows on the bracket widget and
/// the portal page open on a replica. Each without a reload, in under 2 s, and axe-clean after.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replicas_on_postgres_show_changes_without_a_reload() {
    let Some(t) = postgres(REPLICAS).await else {
        return;
    };
    let Some((browser, axe)) = with_axe(REPLICAS).await else {
        return;
    };
    t.run(&["demo"]);
    let watched = Server::start_self_linked(&t, &[]);
    let other = Server::start_self_linked(&t, &[]);
    let path = "/en/tournaments/demo-autumn-cup";
    open(&browser, &watched.url(path)).await;
    let shown = "return document.getElementById('live-participants').textContent;";
    assert!(
        !browser
            .js(shown)
            .await
            .as_str()
            .unwrap_or_default()
            .contains("Replica Reader")
    );
    let mut player = Player::new(&other, "Replica Reader", "replica.reader@example.org");
    let registered = Instant::now();
    let page = player.register("en", "demo-autumn-cup").await;
    assert!(
        page.status == StatusCode::OK && page.url.contains("/registered"),
        "{} {}",
        page.url,
        page.html
    );
    browser
        .wait_until(
            "the registration made through the other replica",
            "return document.getElementById('live-participants').textContent.indexOf('Replica Reader') >= 0;",
        )
        .await;
    assert!(
        registered.elapsed() < Duration::from_secs(2),
        "shown {:?} after the post",
        registered.elapsed()
    );
    assert_eq!(
        browser.js("return window.__same_page === true;").await,
        serde_json::Value::Bool(true),
        "the page changed in place, not by a reload"
    );

    a_result_shows(
        &browser,
        &axe,
        &t,
        &watched.url(&format!("/embed/en/tournaments/{WINTER}/bracket")),
    )
    .await;
    a_result_shows(
        &browser,
        &axe,
        &t,
        &other.url(&format!("/en/tournaments/{WINTER}")),
    )
    .await;
    drop((watched, other));
    browser.close().await;
}

/// Whether the page's main content reads as a fresh load of the same address does (the live
/// region's own words and the minutes-left counters aside), and the page was not reloaded.
const SAME_AS_A_FRESH_LOAD: &str = "var x = new XMLHttpRequest(); x.open('GET', location.href, false); x.send(); \
    var fresh = new DOMParser().parseFromString(x.responseText, 'text/html'); \
    var text = function (main) { var copy = main.cloneNode(true); \
      copy.querySelectorAll('#live-status, time.left').forEach(function (e) { e.remove(); }); \
      return copy.textContent.replace(/\\s+/g, ' ').trim(); }; \
    return window.__kept === true && text(document.querySelector('main')) === text(fresh.querySelector('main'));";

/// A tournament page and its registration widget held open while the shell closes
/// registration, starts and reports every result: after each step, each open page reads as a
/// fresh load does, its registration section included (no Register form once registration is
/// closed; "finished" once the last result is in).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_page_reads_as_a_fresh_load_at_every_step() {
    let test = "live_browser::an_open_page_reads_as_a_fresh_load_at_every_step";
    let Some(portal) = Browser::start(test).await else {
        return;
    };
    let Some(widget) = Browser::start(test).await else {
        return;
    };
    let t = sqlite().await;
    t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
    t.run(&[
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
        "8",
        "--starts-at",
        "2030-12-04T18:00:00Z",
    ]);
    t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
    for name in ["Alice", "Boris", "Clara", "Dmitri"] {
        t.run(&["tournaments", "register", "cup", name]);
    }
    let server = Server::start(&t, &[]);
    portal
        .client
        .goto(&server.url("/en/tournaments/cup"))
        .await
        .expect("the page");
    widget
        .client
        .goto(&server.url("/embed/en/tournaments/cup/registration"))
        .await
        .expect("the widget");
    let register_form = "return !!document.querySelector('main form');";
    assert_eq!(
        portal.js(register_form).await,
        true,
        "registration is open: the form is there"
    );
    for browser in [&portal, &widget] {
        browser.js("window.__kept = true; return true;").await;
    }
    let step = async |what: &str| {
        for (name, browser) in [("the portal's page", &portal), ("the widget", &widget)] {
            browser
                .wait_until(&format!("{name} after {what}"), SAME_AS_A_FRESH_LOAD)
                .await;
        }
    };
    t.run(&["tournaments", "status", "cup", "REGISTRATION_CLOSED"]);
    step("closing registration").await;
    assert_eq!(
        portal.js(register_form).await,
        false,
        "no Register form once registration is closed"
    );
    t.run(&["tournaments", "start", "cup"]);
    step("the start").await;
    for n in 1..=3 {
        t.report_first_ready("cup");
        step(&format!("result {n}")).await;
    }
    let text = portal
        .js("return document.querySelector('main').innerText;")
        .await;
    assert!(
        text.as_str()
            .is_some_and(|t| t.contains("The tournament has finished.")),
        "{text}"
    );
    portal.close().await;
    widget.close().await;
}
