//! Every public page on a phone (320 and 375 px, emulated as a mobile device) and on a desktop
//! (1,280 px), in both languages, in headless Chromium: no page scrolls sideways; every ranked
//! table keeps rank, name and Points in view, also once its other columns are scrolled; no text
//! is cut (no ellipsis, nothing clipped, nothing wider than its table cell); every bracket
//! section shows a round; on a phone a bracket shows one round at a time, the
//! round under way first, and its picker shows another, a choice that outlives a live update;
//! on a desktop the whole tree shows and the picker does not. axe-core is clean at every width.
//! Screenshots of every page at every width are left in `target/test-artifacts/screens/`.
//!
//! Besides the demo, a 27-player single elimination with two very long names, a few results in,
//! and a two-player one, whose single round has no picker and must show on a phone too.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::support::browser::{artifacts_dir, with_axe};
use crate::support::server::Server;
use crate::support::{TestDb, sqlite};

const TEST: &str = "screens::pages_fit_phones_and_desktops";
const BIG: &str = "twenty-seven";
const LONG_NAMES: [&str; 2] = [
    "Александра Константинопольская-Щербакова",
    "Maximilian Alexander von Hohenberg-Wittelsbach",
];

/// A single elimination `slug` of `players` (by seed), started, as an organiser runs it from the
/// shell.
fn started(t: &TestDb, slug: &str, name: &str, game: &str, players: &[String]) {
    let capacity = players.len().next_power_of_two().to_string();
    t.run(&[
        "tournaments",
        "create",
        "--space",
        "demo",
        "--slug",
        slug,
        "--name",
        name,
        "--game",
        game,
        "--format",
        "single_elimination",
        "--max-participants",
        &capacity,
        "--starts-at",
        "2026-12-04T18:00:00Z",
    ]);
    t.run(&["tournaments", "status", slug, "REGISTRATION_OPEN"]);
    for player in players {
        t.run(&["tournaments", "register", slug, player]);
    }
    t.run(&["tournaments", "status", slug, "REGISTRATION_CLOSED"]);
    t.run(&["tournaments", "start", slug]);
}

/// A 27-player single elimination with the two long names on top, three results in.
fn big_bracket(t: &TestDb) {
    let mut players: Vec<String> = LONG_NAMES.iter().map(|n| n.to_string()).collect();
    players.extend((3..=27).map(|i| format!("Player {i}")));
    started(t, BIG, "Twenty-Seven", "table-tennis", &players);
    for _ in 0..3 {
        t.report_first_ready(BIG);
    }
}

/// A two-player single elimination: a bracket of one round, which has no round picker.
fn duel(t: &TestDb) {
    started(t, "duel", "Duel", "chess", &["Anna".into(), "Boris".into()]);
}

/// The pages, by a short name for the screenshots.
fn pages(locale: &str) -> Vec<(String, String)> {
    let widget = |slug: &str, kind: &str| format!("/embed/{locale}/tournaments/{slug}/{kind}");
    let portal = |slug: &str| format!("/{locale}/tournaments/{slug}");
    [
        ("bracket-27", widget(BIG, "bracket")),
        ("bracket-double", widget("demo-winter-double", "bracket")),
        ("bracket-groups", widget("demo-kubok", "bracket")),
        ("bracket-swiss", widget("demo-swiss-open", "bracket")),
        ("bracket-duel", widget("duel", "bracket")),
        ("standings-swiss", widget("demo-swiss-open", "standings")),
        ("standings-groups", widget("demo-kubok", "standings")),
        ("standings-league", widget("demo-club-league", "standings")),
        ("registration", widget("demo-autumn-cup", "registration")),
        (
            "calendar",
            format!("/embed/{locale}/organizer/demo/calendar"),
        ),
        ("portal-27", portal(BIG)),
        ("portal-swiss", portal("demo-swiss-open")),
        ("portal-groups", portal("demo-kubok")),
        ("portal-space", format!("/{locale}/organizer/demo")),
        ("portal-home", format!("/{locale}/")),
    ]
    .into_iter()
    .map(|(name, path)| (name.to_owned(), path))
    .collect()
}

/// What the page shows at this width: its width against the viewport, each ranked table's
/// first three headers and whether they stay in view, text that is cut, and per bracket section
/// with a picker the rounds displayed and the one the page started on.
const LOOK: &str = "
  var root = document.documentElement;
  var cut = [];
  document.querySelectorAll('body *').forEach(function (e) {
    var style = getComputedStyle(e);
    var clips = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
    var cell = e.tagName === 'TH' || e.tagName === 'TD';
    if ((clips || cell) && e.scrollWidth > e.clientWidth + 1 && !e.classList.contains('sr-only')) {
      cut.push(e.tagName + '.' + e.className + ': ' + e.textContent.trim().slice(0, 60));
    }
  });
  var tables = Array.from(document.querySelectorAll('table.ranked')).map(function (t) {
    var box = t.closest('.table-box');
    function inView() {
      var b = box.getBoundingClientRect();
      return [0, 1, 2].every(function (i) {
        var r = t.rows[0].cells[i].getBoundingClientRect();
        return r.width > 0 && r.left >= b.left - 1 && r.right <= b.right + 1
          && r.left >= -1 && r.right <= window.innerWidth + 1;
      });
    }
    var first = inView();
    box.scrollLeft = box.scrollWidth;
    var scrolled = inView();
    box.scrollLeft = 0;
    return { heads: [0, 1, 2].map(function (i) { return t.rows[0].cells[i].textContent; }),
             first: first, scrolled: scrolled, scrolls: box.scrollWidth > box.clientWidth };
  });
  var brackets = Array.from(document.querySelectorAll('.bracket')).filter(function (s) {
    return s.querySelector('.round-picker');
  }).map(function (s) {
    var shown = Array.from(s.querySelectorAll('.round')).filter(function (r) {
      return getComputedStyle(r).display !== 'none';
    }).map(function (r) { return r.id; });
    var current = s.querySelector('.round[data-current]');
    var picker = getComputedStyle(s.querySelector('.round-picker')).display !== 'none';
    return { id: s.id, shown: shown, rounds: s.querySelectorAll('.round').length,
             current: current ? current.id : null, picker: picker };
  });
  var empty = Array.from(document.querySelectorAll('.bracket')).filter(function (s) {
    return !Array.from(s.querySelectorAll('.round')).some(function (r) {
      return getComputedStyle(r).display !== 'none';
    });
  }).map(function (s) { return s.id; });
  var feeds = Array.from(document.querySelectorAll('p.feed a')).map(function (a) {
    var r = a.getBoundingClientRect(); return [r.width, r.height]; });
  return { scrollWidth: root.scrollWidth, width: root.clientWidth, cut: cut,
           tables: tables, brackets: brackets, empty: empty, feeds: feeds };";

const SCREENS: [(u32, u32, bool); 3] = [(320, 640, true), (375, 740, true), (1280, 900, false)];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_fit_phones_and_desktops() {
    let Some((browser, axe)) = with_axe(TEST).await else {
        return;
    };
    let t = sqlite().await;
    t.run(&["demo"]);
    big_bracket(&t);
    duel(&t);
    let server = Server::start_self_linked(&t, &[]);
    let shots = artifacts_dir("screens");
    let points = BTreeMap::from([("en", "Points"), ("ru", "Очки")]);

    for (width, height, phone) in SCREENS {
        browser.viewport(width, height, phone).await;
        for locale in ["en", "ru"] {
            for (name, path) in pages(locale) {
                let what = format!("{path} at {width}px");
                browser.client.goto(&server.url(&path)).await.expect("open");
                browser
                    .wait_until(&what, "return document.readyState === 'complete';")
                    .await;
                let seen = browser.js(LOOK).await;
                assert_eq!(
                    seen["scrollWidth"], seen["width"],
                    "{what}: the page scrolls sideways"
                );
                assert_eq!(seen["cut"], Value::Array(Vec::new()), "{what}: text is cut");
                // "Add to calendar" is a control of its own: a finger's size on a phone.
                for size in seen["feeds"].as_array().expect("feed links") {
                    let tall = size[1].as_f64().unwrap_or(0.0);
                    assert!(!phone || tall >= 44.0, "{what}: Add to calendar is {size}");
                }
                assert_eq!(
                    seen["empty"],
                    Value::Array(Vec::new()),
                    "{what}: a bracket section shows no round"
                );
                for table in seen["tables"].as_array().expect("tables") {
                    assert_eq!(table["heads"][2], points[locale], "{what}: {table}");
                    assert_eq!(table["first"], true, "{what}: out of view: {table}");
                    assert_eq!(table["scrolled"], true, "{what}: scrolled away: {table}");
                }
                for section in seen["brackets"].as_array().expect("brackets") {
                    let shown = section["shown"].as_array().expect("shown");
                    if phone {
                        assert_eq!(section["picker"], true, "{what}: {section}");
                        assert_eq!(shown.len(), 1, "{what}: one round at a time: {section}");
                        assert_eq!(shown[0], section["current"], "{what}: {section}");
                    } else {
                        assert_eq!(section["picker"], false, "{what}: {section}");
                        assert_eq!(
                            shown.len() as u64,
                            section["rounds"].as_u64().unwrap_or(0),
                            "{what}: the whole tree: {section}"
                        );
                    }
                }
                let problems = browser.accessibility_problems(&axe).await;
                assert!(problems.is_empty(), "{what}: {problems:#?}");
                let png = browser.client.screenshot().await.expect("a screenshot");
                std::fs::write(shots.join(format!("{name}-{locale}-{width}.png")), png)
                    .expect("save the screenshot");
                // The portal's tournament page again, scrolled to its bracket.
                let bracket = "var part = document.getElementById('live-bracket'); \
                     if (part) { part.scrollIntoView(); } return part !== null;";
                if browser.js(bracket).await == true {
                    let png = browser.client.screenshot().await.expect("a screenshot");
                    std::fs::write(
                        shots.join(format!("{name}-{locale}-{width}-bracket.png")),
                        png,
                    )
                    .expect("save the screenshot");
                }
            }
        }
    }

    // The 27 players' tree and the long names: every round's full heading, the whole of each
    // name, as text.
    let en = reqwest::get(server.url(&format!("/embed/en/tournaments/{BIG}/bracket")))
        .await
        .expect("the bracket")
        .text()
        .await
        .expect("its text");
    for name in LONG_NAMES {
        assert!(en.contains(name), "{name} in full");
    }
    assert!(en.contains("Winner of round 1, match 1"), "{en}");

    // On a phone, the reader picks the first round; a result comes in; the page updates in
    // place and still shows the round the reader picked.
    browser.viewport(375, 740, true).await;
    let path = format!("/embed/en/tournaments/{BIG}/bracket");
    browser.client.goto(&server.url(&path)).await.expect("open");
    browser
        .wait_until("the bracket", "return document.readyState === 'complete';")
        .await;
    browser
        .js(
            "document.querySelector('.round-picker a[href=\"#bracket-1-round-1\"]').click(); \
             window.__same_page = true; return true;",
        )
        .await;
    let shown_round = "return Array.from(document.querySelectorAll('.round')).filter(function (r) \
         { return getComputedStyle(r).display !== 'none'; }).map(function (r) { return r.id; }).join();";
    assert_eq!(browser.js(shown_round).await, "bracket-1-round-1");
    t.report_first_ready(BIG);
    browser
        .wait_until(
            "the live update",
            "return document.getElementById('live-status').textContent !== '';",
        )
        .await;
    assert_eq!(
        browser.js("return window.__same_page === true;").await,
        true
    );
    assert_eq!(
        browser.js(shown_round).await,
        "bracket-1-round-1",
        "the reader's round stays after a live update"
    );
    assert_eq!(
        browser
            .js("return document.querySelector('.round-picker a[aria-current]').getAttribute('href');")
            .await,
        "#bracket-1-round-1"
    );
    drop(server);
    browser.close().await;
}
