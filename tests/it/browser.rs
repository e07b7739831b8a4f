//! The widgets in a real browser: headless Chromium opens a partner's page on another origin that
//! carries each widget's embed code, exactly as `tourney embed` prints it, and the documented
//! auto-resize snippet. Checks what a visitor would see: the widget renders in its language with
//! its stylesheet, the iframe grows or shrinks to the widget, the bracket's boxes do not overlap
//! and each match sits between the two that feed it, portal links open a new tab, and the dark
//! theme is dark. Screenshots of the bracket in both themes are left in
//! `target/test-artifacts/widgets/`.

use std::collections::HashMap;

use fantoccini::Locator;
use serde_json::Value;

use crate::support::browser::{Browser, artifacts_dir};
use crate::support::partner::{PartnerSite, page_with};
use crate::support::server::Server;
use crate::support::{TestDb, sqlite};

/// One embedded widget and what a visitor should find in it.
struct Case {
    widget: &'static str,
    /// The tournament's slug, or the space's for the calendar.
    target: &'static str,
    locale: &'static str,
    heading: &'static str,
    /// Something that only this page has when it rendered its content.
    content: &'static str,
}

const CASES: [Case; 8] = [
    Case {
        widget: "bracket",
        target: "demo-winter-double",
        locale: "en",
        heading: "Зимний турнир на вылет",
        content: ".bracket.tree .box",
    },
    Case {
        widget: "bracket",
        target: "demo-kubok",
        locale: "ru",
        heading: "Кубок клуба: группы и плей-офф",
        content: "table.standings tbody tr",
    },
    Case {
        widget: "registration",
        target: "demo-autumn-cup",
        locale: "en",
        heading: "Autumn Cup",
        content: "a.button",
    },
    Case {
        widget: "registration",
        target: "demo-autumn-cup",
        locale: "ru",
        heading: "Autumn Cup",
        content: "a.button",
    },
    Case {
        widget: "standings",
        target: "demo-club-league",
        locale: "en",
        heading: "Club League",
        content: "table.standings tbody tr",
    },
    Case {
        widget: "standings",
        target: "demo-swiss-open",
        locale: "ru",
        heading: "Швейцарка по быстрым шахматам",
        content: "table.standings tbody tr",
    },
    Case {
        widget: "calendar",
        target: "demo",
        locale: "en",
        heading: "Demo Chess Club",
        content: ".events li a",
    },
    Case {
        widget: "calendar",
        target: "demo",
        locale: "ru",
        heading: "Demo Chess Club",
        content: ".events li a",
    },
];

/// A double elimination of 12 players in the demo space, just drawn: a 16-slot bracket with four
/// byes, and every later match still to be decided.
fn twelve_player_double_elimination(t: &TestDb) {
    let run = |args: &[&str]| {
        t.tourney().args(args).assert().success();
    };
    run(&[
        "tournaments",
        "create",
        "--space",
        "demo",
        "--slug",
        "twelve",
        "--name",
        "Twelve",
        "--game",
        "chess",
        "--format",
        "double_elimination",
        "--max-participants",
        "16",
        "--starts-at",
        "2026-12-04T18:00:00Z",
    ]);
    run(&["tournaments", "status", "twelve", "REGISTRATION_OPEN"]);
    for i in 1..=12 {
        run(&["tournaments", "register", "twelve", &format!("Player {i}")]);
    }
    run(&["tournaments", "status", "twelve", "REGISTRATION_CLOSED"]);
    run(&["tournaments", "start", "twelve"]);
}

/// `tourney embed` for a widget, with the server's own address as the base URL.
pub(crate) fn embed_code(
    t: &TestDb,
    server: &Server,
    widget: &str,
    target: &str,
    locale: &str,
) -> String {
    let mut args = vec!["--base-url", &server.base, "embed"];
    if widget == "calendar" {
        args.extend(["--space", target]);
    } else {
        args.push(target);
    }
    args.extend(["--widget", widget, "--locale", locale]);
    let output = t.tourney().args(&args).output().expect("run tourney embed");
    assert!(output.status.success(), "tourney embed {args:?}");
    String::from_utf8(output.stdout)
        .expect("UTF-8")
        .trim_end()
        .to_owned()
}

/// Opens a partner page, waits until the widget reported its height and the page's snippet
/// resized the iframe to it, and enters the widget's frame.
pub(crate) async fn open_widget(browser: &Browser, url: &str) {
    browser
        .client
        .goto(url)
        .await
        .expect("open the partner page");
    browser
        .wait_until(
            "the widget reported its height and the iframe took it",
            "var r = window.widgetReports, f = document.querySelector('iframe');
             return r.length > 0 && f.getBoundingClientRect().height === r[r.length - 1];",
        )
        .await;
    browser
        .client
        .find(Locator::Css("iframe"))
        .await
        .expect("the iframe")
        .enter_frame()
        .await
        .expect("enter the widget's frame");
    browser
        .wait_until(
            "the widget's page loaded",
            "return document.readyState === 'complete';",
        )
        .await;
}

/// A rectangle as `getBoundingClientRect` gives it: left, top, right, bottom.
type Rect = [f64; 4];

fn rects(value: &Value) -> Vec<Rect> {
    serde_json::from_value(value.clone()).expect("rectangles")
}

fn overlaps(a: &Rect, b: &Rect) -> bool {
    // Touching edges are fine; a pixel of overlap is not.
    a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5
}

fn middle(r: &Rect) -> f64 {
    (r[1] + r[3]) / 2.0
}

/// In the current (bracket) frame: no two boxes overlap, every box has a size, each tree round
/// lies right of the one before, and a match sits level with the match feeding it alone or midway
/// between the two feeding it, with a drawn connector towards it.
async fn check_bracket_layout(browser: &Browser, what: &str) {
    let boxes = rects(
        &browser
            .js("return Array.from(document.querySelectorAll('.box')).map(function (b) {
                   var r = b.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; });")
            .await,
    );
    assert!(boxes.len() >= 7, "{what}: only {} match boxes", boxes.len());
    for (i, a) in boxes.iter().enumerate() {
        assert!(
            a[2] - a[0] > 100.0 && a[3] - a[1] > 30.0,
            "{what}: box {i} is too small: {a:?}"
        );
        for (j, b) in boxes.iter().enumerate().skip(i + 1) {
            assert!(
                !overlaps(a, b),
                "{what}: boxes {i} {a:?} and {j} {b:?} overlap"
            );
        }
    }
    // Every section's title (a group, the playoffs, a bracket) sits above its rounds' titles,
    // never beside or over them.
    let titles = browser
        .js(
            "return Array.from(document.querySelectorAll('section.bracket')).map(function (s) {
               var h2 = s.querySelector('h2'), h3 = s.querySelector('article.round h3');
               if (!h2 || !h3) return null;
               var a = h2.getBoundingClientRect(), b = h3.getBoundingClientRect();
               return [a.bottom, b.top, a.left, b.left]; });",
        )
        .await;
    for (i, title) in titles.as_array().expect("sections").iter().enumerate() {
        let Some(edges) = title.as_array() else {
            continue;
        };
        let edge = |k: usize| edges[k].as_f64().unwrap_or(f64::NAN);
        assert!(
            edge(0) <= edge(1) + 0.5,
            "{what}: section {i}'s title (bottom {}) runs into its round titles (top {})",
            edge(0),
            edge(1)
        );
    }
    // Per round of each tree: its classes, its boxes, and the connectors drawn from each match
    // (`::after`, towards the next round) and into it (`::before`, from the previous one).
    let sections = browser
        .js("function drawn(element, which) {
               var style = getComputedStyle(element, which);
               if (style.content === 'none') return null;
               return { width: parseFloat(style.width), height: parseFloat(style.height),
                        top: style.borderTopWidth, right: style.borderRightWidth,
                        bottom: style.borderBottomWidth };
             }
             return Array.from(document.querySelectorAll('section.bracket.tree')).map(function (s) {
               return Array.from(s.querySelectorAll('article.round')).map(function (r) {
                 var matches = Array.from(r.querySelectorAll('.match'));
                 return { class: r.className,
                   out: matches.map(function (m) { return drawn(m, '::after'); }),
                   in: matches.map(function (m) { return drawn(m, '::before'); }),
                   boxes: matches.map(function (m) {
                     var q = m.querySelector('.box').getBoundingClientRect();
                     return [q.left, q.top, q.right, q.bottom]; }) };
               });
             });")
        .await;
    let sections = sections.as_array().expect("sections");
    assert!(!sections.is_empty(), "{what}: no bracket tree");
    for (s, rounds) in sections.iter().enumerate() {
        let rounds = rounds.as_array().expect("rounds");
        for pair in rounds.windows(2) {
            let (this, next) = (&pair[0], &pair[1]);
            let class = this["class"].as_str().unwrap_or_default();
            let (these, following) = (rects(&this["boxes"]), rects(&next["boxes"]));
            assert!(
                following[0][0] > these[0][2],
                "{what}, section {s}: a round is not right of the one before"
            );
            let feeders = if class.contains("next-pair") {
                2
            } else if class.contains("next-straight") {
                1
            } else {
                continue;
            };
            for (k, line) in this["out"]
                .as_array()
                .expect("connectors")
                .iter()
                .enumerate()
            {
                let drawn = line["width"].as_f64().unwrap_or(0.0) > 0.0
                    && if feeders == 2 {
                        line["right"] == "1px" && line["height"].as_f64().unwrap_or(0.0) > 0.0
                    } else {
                        line["top"] == "1px"
                    };
                assert!(
                    drawn,
                    "{what}, section {s}: no connector from match {k} of round '{class}': {line}"
                );
            }
            for (k, line) in next["in"]
                .as_array()
                .expect("connectors")
                .iter()
                .enumerate()
            {
                assert!(
                    line["width"].as_f64().unwrap_or(0.0) > 0.0 && line["top"] == "1px",
                    "{what}, section {s}: no connector into match {k} after round '{class}': {line}"
                );
            }
            assert_eq!(
                these.len(),
                following.len() * feeders,
                "{what}, section {s}"
            );
            for (k, target) in following.iter().enumerate() {
                let fed = &these[k * feeders..(k + 1) * feeders];
                let expected = fed.iter().map(middle).sum::<f64>() / feeders as f64;
                assert!(
                    (middle(target) - expected).abs() <= 1.0,
                    "{what}, section {s}: match {k} of the round after '{class}' is at {}, \
                     not level with its feeders at {expected}",
                    middle(target)
                );
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn widgets_work_embedded_on_a_partner_site() {
    let Some(browser) = Browser::start("browser::widgets_work_embedded_on_a_partner_site").await
    else {
        return;
    };
    let t = sqlite().await;
    let server = Server::start_self_linked(&t, &["--demo"]);
    twelve_player_double_elimination(&t);
    let origin = server.base.clone();

    let mut pages = HashMap::new();
    for (i, case) in CASES.iter().enumerate() {
        let code = embed_code(&t, &server, case.widget, case.target, case.locale);
        pages.insert(format!("/case/{i}"), page_with(&code, &origin));
    }
    let bracket_of = |slug: &str, theme: &str| {
        let code = embed_code(&t, &server, "bracket", slug, "en");
        let themed = code.replace("/bracket\"", &format!("/bracket?theme={theme}\""));
        assert_ne!(code, themed, "the embed code names the bracket page");
        page_with(&themed, &origin)
    };
    for slug in [
        "demo-spring-open",
        "demo-winter-double",
        "demo-kubok",
        "twelve",
    ] {
        for theme in ["light", "dark"] {
            pages.insert(format!("/{theme}/{slug}"), bracket_of(slug, theme));
        }
    }
    // Its own port on loopback: another origin than the widgets', as a real partner site is.
    let partner = PartnerSite::start(pages).await;

    every_widget_in_both_languages(&browser, &partner, &origin).await;
    // Single elimination, double elimination and groups with playoffs, and a bracket with byes.
    for slug in [
        "demo-spring-open",
        "demo-winter-double",
        "demo-kubok",
        "twelve",
    ] {
        open_widget(&browser, &partner.url(&format!("/light/{slug}"))).await;
        check_bracket_layout(&browser, slug).await;
        browser.client.enter_parent_frame().await.expect("leave");
    }
    portal_link_opens_a_new_tab(&browser, &partner, &origin).await;
    bracket_in_both_themes(&browser, &partner).await;
    browser.close().await;
}

/// Every widget in both languages: rendered in its language, styled, sized to its content, with
/// every link that leaves the page opening the portal in a new tab (the round picker's links stay
/// in the page).
async fn every_widget_in_both_languages(browser: &Browser, partner: &PartnerSite, origin: &str) {
    for (i, case) in CASES.iter().enumerate() {
        let what = format!("{} {} ({})", case.widget, case.target, case.locale);
        open_widget(browser, &partner.url(&format!("/case/{i}"))).await;
        let seen = browser
            .js(&format!(
                "return {{
                   lang: document.documentElement.lang,
                   heading: document.querySelector('h1').textContent,
                   background: getComputedStyle(document.body).backgroundColor,
                   content: document.querySelectorAll({content:?}).length,
                   contentHeight: Math.ceil(document.documentElement.getBoundingClientRect().height),
                   scrollHeight: document.documentElement.scrollHeight,
                   viewport: window.innerHeight,
                   links: Array.from(document.querySelectorAll('a'))
                     .filter(function (a) {{ return !a.getAttribute('href').startsWith('#'); }})
                     .map(function (a) {{ return [a.target, a.rel, a.href]; }})
                 }};",
                content = case.content
            ))
            .await;
        assert_eq!(seen["lang"], case.locale, "{what}");
        assert_eq!(seen["heading"], case.heading, "{what}");
        assert_eq!(
            seen["background"], "rgb(255, 255, 255)",
            "{what}: the widget's stylesheet did not apply"
        );
        assert!(
            seen["content"].as_u64().unwrap_or(0) > 0,
            "{what}: nothing matches {}",
            case.content
        );
        let (content, viewport) = (
            seen["contentHeight"].as_f64().unwrap_or(0.0),
            seen["viewport"].as_f64().unwrap_or(0.0),
        );
        assert!(
            (content - viewport).abs() <= 1.0,
            "{what}: the iframe is {viewport}px tall for {content}px of widget"
        );
        assert!(
            seen["scrollHeight"].as_f64().unwrap_or(f64::MAX) <= viewport,
            "{what}: part of the widget is hidden below the frame"
        );
        if case.widget == "registration" {
            assert!(
                viewport < 560.0,
                "{what}: a short widget keeps the embed code's 560px"
            );
        }
        let links = seen["links"].as_array().expect("links");
        assert!(!links.is_empty(), "{what}: no links");
        for link in links {
            assert_eq!(link[0], "_blank", "{what}: {link}");
            assert_eq!(link[1], "noopener", "{what}: {link}");
            let href = link[2].as_str().unwrap_or_default();
            assert!(href.starts_with(origin), "{what}: {href} leads elsewhere");
        }
        browser.client.enter_parent_frame().await.expect("leave");
    }
}

/// The portal link opens the tournament's page in a new tab, which cannot reach back.
async fn portal_link_opens_a_new_tab(browser: &Browser, partner: &PartnerSite, origin: &str) {
    open_widget(browser, &partner.url("/light/demo-winter-double")).await;
    let partner_tab = browser.client.window().await.expect("this tab");
    browser
        .client
        .find(Locator::Css("a.portal"))
        .await
        .expect("the portal link")
        .click()
        .await
        .expect("click the portal link");
    let mut tabs = browser.client.windows().await.expect("tabs");
    for _ in 0..100 {
        if tabs.len() == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        tabs = browser.client.windows().await.expect("tabs");
    }
    assert_eq!(tabs.len(), 2, "the portal link did not open a new tab");
    let new_tab = tabs
        .into_iter()
        .find(|tab| *tab != partner_tab)
        .expect("the new tab");
    browser
        .client
        .switch_to_window(new_tab)
        .await
        .expect("switch to the new tab");
    browser
        .wait_until(
            "the portal page opened",
            "return location.href !== 'about:blank';",
        )
        .await;
    assert_eq!(
        browser.client.current_url().await.expect("url").as_str(),
        format!("{origin}/en/tournaments/demo-winter-double")
    );
    assert_eq!(browser.js("return window.opener;").await, Value::Null);
    browser.client.close_window().await.expect("close the tab");
    browser
        .client
        .switch_to_window(partner_tab)
        .await
        .expect("back to the partner's tab");
    assert_eq!(
        browser.client.current_url().await.expect("url").as_str(),
        partner.url("/light/demo-winter-double"),
        "the partner page stayed where it was"
    );
}

/// Both themes of two double-elimination brackets (one with byes), as a visitor sees them, saved
/// as screenshots.
async fn bracket_in_both_themes(browser: &Browser, partner: &PartnerSite) {
    let dir = artifacts_dir("widgets");
    let brackets = [
        ("demo-winter-double", "double-elimination"),
        ("twelve", "double-elimination-with-byes"),
    ];
    for (slug, file) in brackets {
        for (theme, background) in [("light", "rgb(255, 255, 255)"), ("dark", "rgb(20, 23, 31)")] {
            open_widget(browser, &partner.url(&format!("/{theme}/{slug}"))).await;
            assert_eq!(
                browser
                    .js("return getComputedStyle(document.body).backgroundColor;")
                    .await,
                background,
                "{slug}, {theme} theme"
            );
            check_bracket_layout(browser, &format!("{slug}, {theme}")).await;
            browser.client.enter_parent_frame().await.expect("leave");
            let png = browser
                .client
                .find(Locator::Css("iframe"))
                .await
                .expect("the iframe")
                .screenshot()
                .await
                .expect("a screenshot of the widget");
            assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
            let path = dir.join(format!("bracket-{file}-{theme}.png"));
            std::fs::write(&path, &png).expect("save the screenshot");
            eprintln!("saved {}", path.display());
        }
    }
}

/// Wide tables on a phone (issue "what people meet", 6): a Swiss table at 320 and 375 px, on
/// the portal and in its widget, keeps every name whole in its column, and a table wider than
/// its box fades at the edge where more columns are, until scrolled to the end; a table that
/// fits (at 1,280 px) does not fade.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wide_tables_on_phones_keep_names_whole_and_show_there_is_more() {
    let Some(browser) = Browser::start("browser::wide_tables_on_phones").await else {
        return;
    };
    let t = sqlite().await;
    t.run(&["demo"]);
    let server = Server::start(&t, &[]);
    // Measured two frames after the page settles at its width: a box's scroll timeline starts
    // with the layout that follows a change of viewport.
    const MEASURE: &str = "return new Promise(function (settled) { requestAnimationFrame(function () { \
        requestAnimationFrame(function () { settled(); }); }); }).then(function () { \
        var box = document.querySelector('table.ranked').closest('.table-box'); \
        var names = Array.prototype.slice.call(document.querySelectorAll('table.ranked td:nth-child(2)')); \
        var fade = function () { return getComputedStyle(box).getPropertyValue('--more-right').trim(); }; \
        var result = { scrolls: box.scrollWidth > box.clientWidth + 1, names: names.length, \
          cut: names.filter(function (n) { return n.scrollWidth > n.clientWidth + 1; }).map(function (n) { return n.textContent; }), \
          fadeAtStart: fade() }; \
        box.scrollLeft = box.scrollWidth; \
        return new Promise(function (done) { requestAnimationFrame(function () { requestAnimationFrame(function () { \
          result.fadeAtEnd = fade(); done(result); }); }); }); });";
    for path in [
        "/embed/en/tournaments/demo-swiss-open/standings",
        "/en/tournaments/demo-swiss-open",
    ] {
        for (width, phone) in [(320, true), (375, true), (1280, false)] {
            browser.viewport(width, 900, phone).await;
            browser
                .client
                .goto(&server.url(path))
                .await
                .expect("the page");
            browser
                .wait_until(
                    &format!("{path} at {width} px"),
                    &format!("return window.innerWidth === {width} && document.readyState === 'complete';"),
                )
                .await;
            let seen = browser.js(MEASURE).await;
            let what = format!("{path} at {width} px: {seen}");
            assert!(seen["names"].as_u64().unwrap_or(0) >= 10, "{what}");
            assert_eq!(
                seen["cut"].as_array().map(Vec::len),
                Some(0),
                "no name is cut: {what}"
            );
            if seen["scrolls"] == true {
                let start = seen["fadeAtStart"].as_str().unwrap_or_default();
                let faded = start
                    .strip_suffix("px")
                    .and_then(|px| px.parse::<f64>().ok());
                assert!(
                    faded.is_some_and(|px| px >= 24.0),
                    "more to the right is shown: {what}"
                );
                assert_eq!(seen["fadeAtEnd"], "0px", "nothing more at the end: {what}");
            } else {
                assert!(!phone, "a Swiss table is wider than a phone: {what}");
                assert_eq!(
                    seen["fadeAtStart"], "0px",
                    "a table that fits does not fade: {what}"
                );
            }
        }
    }
    browser.close().await;
}
