//! Brackets, tables and standings on paper (issue 49; docs/widgets.md and docs/portal.md,
//! "Printing"), measured in Chromium with print media emulated at A3 landscape's printable area
//! (420 × 297 mm less 10 mm margins, at 96 CSS px an inch). A 64-player double elimination under
//! way, with long names in English and Russian, on the bracket widget and on the tournament's
//! portal page, in both languages and both themes: every match box lies within the page's width;
//! each side of the bracket (winners with the grand final, losers) is at most one page tall and
//! is kept whole on a page (`break-inside: avoid`), so no box can be cut between pages; every name
//! wraps inside its box; the page is black on white; the site's header, skip link, language
//! links, registration, round picker, portal link and live region are not printed.
//!
//! Then the real thing: each page printed to PDF on A3 landscape. The widget takes two pages, one
//! a side; the portal's page as many as its length needs, plus at most the room left before each
//! side. Where poppler's `pdftotext` is installed (CI installs it), the words on the PDF's pages
//! show each side whole on its own page: the side's title and its rounds' titles at the top of a
//! page, the next side's title (or the standings after the last) at the top of the next. The
//! PDFs, and PNGs of their pages where `pdftoppm` is installed, are left in
//! `target/test-artifacts/print/`.

use std::path::Path;
use std::process::Command;

use serde_json::{Value, json};

use crate::support::browser::{Browser, artifacts_dir};
use crate::support::server::Server;
use crate::support::{TestDb, sqlite};

const TEST: &str = "print_browser::a_64_player_double_elimination_prints_on_a3_landscape";

/// A3 landscape less 10 mm margins on each edge, in CSS pixels: 400 × 277 mm at 96 px an inch.
const PAGE_WIDTH: f64 = 400.0 / 25.4 * 96.0;
const PAGE_HEIGHT: f64 = 277.0 / 25.4 * 96.0;
/// 10 mm in inches, the margins the stylesheet's `@page` sets.
const MARGIN_INCHES: f64 = 10.0 / 25.4;

/// Names that wrap in a narrow box: players 3, 14, 25, 36, 47 and 58 of 64.
const LONG_NAMES: [&str; 6] = [
    "Александра Константиновна Преображенская-Воскресенская",
    "Maximilian Alexander von Hohenzollern-Sigmaringen",
    "Константин Константинопольский",
    "Bartholomew Fitzgerald-Worthington III",
    "Анастасия Владимировна Ростовцева-Ярославская",
    "Kateryna Bondarenko-Shevchenko",
];

/// Space `club` with cup `cup`: a double elimination of 64 players, started, with the first 40
/// matches to be ready reported (every winners' first-round match and some after it), so that
/// boxes show names, scores, winners and sides still awaited.
fn sixty_four_player_double_elimination(t: &TestDb) {
    t.run(&["spaces", "create", "club", "--name", "Riverside Chess Club"]);
    t.run(&[
        "tournaments",
        "create",
        "--space",
        "club",
        "--slug",
        "cup",
        "--name",
        "Riverside Open Double Elimination",
        "--game",
        "chess",
        "--format",
        "double_elimination",
        "--max-participants",
        "64",
        "--starts-at",
        "2030-12-04T18:00:00Z",
    ]);
    t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
    for i in 1..=64 {
        let name = if i % 11 == 3 {
            LONG_NAMES[i / 11].to_owned()
        } else {
            format!("Player {i:02}")
        };
        t.run(&["tournaments", "register", "cup", &name]);
    }
    t.run(&["tournaments", "status", "cup", "REGISTRATION_CLOSED"]);
    t.run(&["tournaments", "start", "cup"]);
    for _ in 0..40 {
        t.report_first_ready("cup");
    }
}

/// What the page shows in print media, measured in its layout (one long page: emulated media
/// does not paginate): each bracket side's extent and break rule, whatever lies beyond the page's
/// width or outside its box, how many elements each screen-only part has and how many of them are
/// drawn, and the texts that head the printed pages.
const MEASURE: &str = "
var W = arguments[0];
var rect = function (e) { var r = e.getBoundingClientRect();
  return { left: r.left + scrollX, top: r.top + scrollY, right: r.right + scrollX, bottom: r.bottom + scrollY }; };
var words = function (e) { return e ? e.textContent.replace(/\\s+/g, ' ').trim() : null; };
var body = getComputedStyle(document.body);
var out = { problems: [], sides: [], boxes: 0, names: 0, rows: 0,
  width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight,
  background: body.backgroundColor, color: body.color, hidden: {}, shown: {} };
document.querySelectorAll('section.bracket').forEach(function (s) {
  var r = rect(s), style = getComputedStyle(s), left = Infinity, right = -Infinity;
  s.querySelectorAll('.box, .round h3').forEach(function (b) {
    var q = rect(b); left = Math.min(left, q.left); right = Math.max(right, q.right); });
  out.sides.push({ title: words(s.querySelector('h2')), top: r.top, bottom: r.bottom,
    left: left, right: right, breakInside: style.breakInside, overflowX: style.overflowX,
    boxes: s.querySelectorAll('.box').length,
    rounds: Array.from(s.querySelectorAll('.round h3')).map(words) });
});
document.querySelectorAll('.box').forEach(function (b) {
  out.boxes++;
  var q = rect(b);
  if (q.left < -0.5 || q.right > W + 0.5) { out.problems.push('box beyond the page: ' + b.innerText); }
  b.querySelectorAll('.name').forEach(function (n) {
    out.names++;
    var m = rect(n);
    if (n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1) {
      out.problems.push('name overflows: ' + n.textContent); }
    if (m.left < q.left - 0.5 || m.right > q.right + 0.5 || m.top < q.top - 0.5 || m.bottom > q.bottom + 0.5) {
      out.problems.push('name outside its box: ' + n.textContent); }
  });
});
document.querySelectorAll('tr').forEach(function (row) {
  out.rows++;
  var q = rect(row);
  if (q.left < -0.5 || q.right > W + 0.5) { out.problems.push('row beyond the page: ' + row.innerText); }
  if (getComputedStyle(row).breakInside !== 'avoid') { out.problems.push('row may break: ' + row.innerText); }
});
// The headings above the first side on its page, and what may head the page after the last:
// the standings' heading, or their table's head where the table goes on from the page before.
out.above = [words(document.querySelector('h1')), words(document.getElementById('bracket-heading'))]
  .filter(function (h) { return h; });
out.after = [words(document.getElementById('standings-heading'))].filter(function (h) { return h; });
document.querySelectorAll('.standings-part thead tr').forEach(function (r) {
  out.after.push(Array.from(r.cells).map(words).join(' ')); });
['section.participants', 'section.bracket-part', 'section.standings-part'].forEach(function (css) {
  var e = document.querySelector(css); if (e) { out.shown[css] = e.getClientRects().length > 0; } });
['header.site', 'a.skip', 'nav.languages', 'section.register', 'p.feed', 'form', '#live-status',
 'nav.round-picker', 'header.top a.portal', 'time.left', 'a.button'].forEach(function (css) {
  var found = Array.from(document.querySelectorAll(css));
  out.hidden[css] = [found.length, found.filter(function (e) { return e.getClientRects().length > 0; }).length];
});
return out;";

/// One page to print and what it must hold.
struct Case {
    what: &'static str,
    path: &'static str,
    /// The bracket widget (else the portal's tournament page).
    widget: bool,
    /// Screen-only parts the page has, none of which may be printed.
    screen_only: &'static [&'static str],
}

const WIDGET_SCREEN_ONLY: &[&str] = &["#live-status", "nav.round-picker", "header.top a.portal"];
const PORTAL_SCREEN_ONLY: &[&str] = &[
    "header.site",
    "a.skip",
    "nav.languages",
    "section.register",
    "p.feed",
    "#live-status",
    "nav.round-picker",
];

const CASES: [Case; 4] = [
    Case {
        what: "widget-en",
        path: "/embed/en/tournaments/cup/bracket",
        widget: true,
        screen_only: WIDGET_SCREEN_ONLY,
    },
    Case {
        what: "widget-ru-dark",
        path: "/embed/ru/tournaments/cup/bracket?theme=dark",
        widget: true,
        screen_only: WIDGET_SCREEN_ONLY,
    },
    Case {
        what: "portal-en",
        path: "/en/tournaments/cup",
        widget: false,
        screen_only: PORTAL_SCREEN_ONLY,
    },
    Case {
        what: "portal-ru-dark",
        path: "/ru/tournaments/cup?theme=dark",
        widget: false,
        screen_only: PORTAL_SCREEN_ONLY,
    },
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_64_player_double_elimination_prints_on_a3_landscape() {
    let Some(browser) = Browser::start(TEST).await else {
        return;
    };
    let t = sqlite().await;
    sixty_four_player_double_elimination(&t);
    let server = Server::start(&t, &[]);
    let dir = artifacts_dir("print");
    // Laid out as wide as A3 landscape's printable area, as on paper, which has no scrollbar to
    // take part of it (the window's height changes nothing on the page).
    browser
        .viewport(PAGE_WIDTH.floor() as u32, PAGE_HEIGHT.floor() as u32, false)
        .await;
    browser
        .cdp("Emulation.setScrollbarsHidden", json!({ "hidden": true }))
        .await;
    browser.emulate_media("print").await;
    for case in &CASES {
        let what = case.what;
        browser
            .client
            .goto(&server.url(case.path))
            .await
            .expect("the page");
        browser
            .wait_until(
                &format!("{what}: the bracket"),
                "return document.readyState === 'complete' && document.querySelectorAll('.box').length >= 126;",
            )
            .await;
        let seen = browser
            .client
            .execute(MEASURE, vec![json!(PAGE_WIDTH)])
            .await
            .expect("measure the page");
        for side in seen["sides"].as_array().into_iter().flatten() {
            eprintln!(
                "{what}, {}: {:.0} × {:.0} px (the page {PAGE_WIDTH:.0} × {PAGE_HEIGHT:.0}), from {:.0} px down",
                side["title"],
                side["right"].as_f64().unwrap_or(0.0) - side["left"].as_f64().unwrap_or(0.0),
                side["bottom"].as_f64().unwrap_or(0.0) - side["top"].as_f64().unwrap_or(0.0),
                side["top"].as_f64().unwrap_or(0.0),
            );
        }
        check_layout(what, case, &seen);
        check_pdf(&browser, &dir, what, case.widget, &seen).await;
    }
    browser.close().await;
}

/// The measured print layout of `case`: see the module's documentation.
fn check_layout(what: &str, case: &Case, seen: &Value) {
    assert_eq!(seen["problems"], json!([]), "{what}");
    assert_eq!(
        seen["background"], "rgb(255, 255, 255)",
        "{what}: white paper"
    );
    assert_eq!(seen["color"], "rgb(0, 0, 0)", "{what}: black print");
    assert!(
        seen["width"].as_f64().unwrap_or(f64::MAX) <= PAGE_WIDTH.floor(),
        "{what}: the page is {} px wide, the paper {PAGE_WIDTH} px",
        seen["width"]
    );
    // 63 winners' matches and the grand final, 62 losers', each with two sides.
    let boxes = seen["boxes"].as_u64().unwrap_or(0);
    assert!(boxes >= 126, "{what}: {boxes} boxes");
    assert_eq!(seen["names"].as_u64(), Some(boxes * 2), "{what}");
    for css in case.screen_only {
        assert!(
            seen["hidden"][*css][0].as_u64().unwrap_or(0) > 0,
            "{what}: the page has no {css} to leave out"
        );
    }
    let printed: Vec<&String> = seen["hidden"]
        .as_object()
        .expect("screen-only parts")
        .iter()
        .filter(|(_, counts)| counts[1].as_u64().unwrap_or(0) > 0)
        .map(|(css, _)| css)
        .collect();
    assert!(printed.is_empty(), "{what}: printed {printed:?}");
    if !case.widget {
        let shown = seen["shown"].as_object().expect("the page's parts");
        assert_eq!(shown.len(), 3, "{what}: {shown:?}");
        assert!(shown.values().all(|s| s == true), "{what}: {shown:?}");
        // The participants' table and the standings, every row.
        let rows = seen["rows"].as_u64().unwrap_or(0);
        assert!(rows >= 2 * 65, "{what}: {rows} rows");
    }
    let sides = seen["sides"].as_array().expect("sides");
    assert_eq!(sides.len(), 2, "{what}: winners and losers");
    for side in sides {
        let title = &side["title"];
        let edge = |key: &str| side[key].as_f64().unwrap_or(f64::NAN);
        assert!(
            edge("left") >= -0.5 && edge("right") <= PAGE_WIDTH + 0.5,
            "{what}, {title}: from {} to {} px across a {PAGE_WIDTH} px page",
            edge("left"),
            edge("right")
        );
        let height = edge("bottom") - edge("top");
        assert!(
            height <= PAGE_HEIGHT,
            "{what}, {title}: {height} px tall, the page {PAGE_HEIGHT} px"
        );
        // Kept on one page: where the current page has too little room left, the side starts
        // the next one.
        assert_eq!(side["breakInside"], "avoid", "{what}, {title}");
        assert_eq!(
            side["overflowX"], "visible",
            "{what}, {title}: nothing scrolls on paper"
        );
    }
    if case.widget {
        // The widget's heading and the winners' side share the first page.
        let bottom = sides[0]["bottom"].as_f64().unwrap_or(f64::NAN);
        assert!(
            bottom <= PAGE_HEIGHT,
            "{what}: the winners' side ends {bottom} px down the first page"
        );
    }
}

/// Prints the page to PDF on A3 landscape, leaves it (and PNGs of its pages, where `pdftoppm`
/// is installed) in `dir`, and checks its pages: see the module's documentation.
async fn check_pdf(browser: &Browser, dir: &Path, what: &str, widget: bool, seen: &Value) {
    let pdf = browser
        .print_to_pdf(json!({
            "paperWidth": 420.0 / 25.4,
            "paperHeight": 297.0 / 25.4,
            "marginTop": MARGIN_INCHES,
            "marginBottom": MARGIN_INCHES,
            "marginLeft": MARGIN_INCHES,
            "marginRight": MARGIN_INCHES,
            "preferCSSPageSize": true,
        }))
        .await;
    assert!(pdf.starts_with(b"%PDF-"), "{what}: a PDF");
    let path = dir.join(format!("{what}.pdf"));
    std::fs::write(&path, &pdf).expect("save the PDF");
    // PNGs of this page's pages, none left from an earlier run.
    for entry in std::fs::read_dir(dir).expect("the artifacts").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with(&format!("{what}-")) && name.ends_with(".png") {
            let _ = std::fs::remove_file(entry.path());
        }
    }
    let _ = Command::new("pdftoppm")
        .args(["-png", "-r", "72"])
        .arg(&path)
        .arg(dir.join(what))
        .status();
    eprintln!("saved {}", path.display());
    let pages = page_count(&pdf);
    for [width, height] in media_boxes(&pdf) {
        assert!(
            (width - 420.0 / 25.4 * 72.0).abs() < 1.0 && (height - 297.0 / 25.4 * 72.0).abs() < 1.0,
            "{what}: a {width} × {height} pt page, not A3 landscape"
        );
    }
    let height = seen["height"].as_f64().unwrap_or(0.0);
    let least = (height / PAGE_HEIGHT).ceil() as usize;
    eprintln!("{what}: {pages} A3 landscape pages for {height} px of page");
    if widget {
        assert_eq!(pages, 2, "{what}: one page a side");
    } else {
        // Each side may leave the rest of the page before it empty.
        assert!(
            (least..=least + 2).contains(&pages),
            "{what}: {pages} pages for {height} px of page"
        );
    }
    let Some(lines) = pdf_lines(&path) else {
        return;
    };
    assert_eq!(lines.len(), pages, "{what}: pages as poppler counts them");
    let texts = |key: &str| -> Vec<String> {
        seen[key]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect()
    };
    let (above, after) = (texts("above"), texts("after"));
    let sides = seen["sides"].as_array().expect("sides");
    let mut previous: Option<usize> = None;
    for (i, side) in sides.iter().enumerate() {
        let title = side["title"].as_str().unwrap_or_default();
        let on: Vec<usize> = (0..pages)
            .filter(|&p| lines[p].iter().any(|l| l == title))
            .collect();
        assert_eq!(on.len(), 1, "{what}: '{title}' heads one page: {on:?}");
        let page = on[0];
        let at = lines[page].iter().position(|l| l == title).unwrap_or(0);
        // Only the page's headings above the first side; nothing above the next.
        let allowed: &[String] = if i == 0 { &above } else { &[] };
        assert!(
            lines[page][..at].iter().all(|l| allowed.contains(l)),
            "{what}: above '{title}' on page {}: {:?}",
            page + 1,
            &lines[page][..at]
        );
        if let Some(previous) = previous {
            assert_eq!(
                page,
                previous + 1,
                "{what}: '{title}' on the page after the side before"
            );
        }
        let text = lines[page].join(" ");
        for round in side["rounds"].as_array().into_iter().flatten() {
            let round = round.as_str().unwrap_or_default();
            assert!(
                text.contains(round),
                "{what}: '{round}' on page {} with '{title}'",
                page + 1
            );
        }
        previous = Some(page);
    }
    // Nothing of the last side goes on past its page: the next (if any) starts with what
    // follows it.
    if let Some(next) = previous.map(|p| p + 1).filter(|&p| p < pages) {
        let first = lines[next].first().cloned().unwrap_or_default();
        assert!(
            after.contains(&first),
            "{what}: page {} starts with '{first}', not one of {after:?}",
            next + 1
        );
    }
}

/// The number of pages of a PDF as Chromium writes it (each page's object uncompressed).
fn page_count(pdf: &[u8]) -> usize {
    let needle = b"/Type /Page";
    pdf.windows(needle.len() + 1)
        .filter(|w| w.starts_with(needle) && w[needle.len()] != b's')
        .count()
}

/// Each page's size in points, from the `/MediaBox [0 0 width height]` Chromium writes.
fn media_boxes(pdf: &[u8]) -> Vec<[f64; 2]> {
    let text = String::from_utf8_lossy(pdf);
    let boxes: Vec<[f64; 2]> = text
        .split("/MediaBox [")
        .skip(1)
        .map(|rest| {
            let numbers: Vec<f64> = rest
                .split(']')
                .next()
                .unwrap_or_default()
                .split_whitespace()
                .filter_map(|n| n.parse().ok())
                .collect();
            assert_eq!(
                numbers.len(),
                4,
                "a media box: {}",
                &rest[..rest.len().min(60)]
            );
            [numbers[2] - numbers[0], numbers[3] - numbers[1]]
        })
        .collect();
    assert!(!boxes.is_empty(), "the PDF gives its pages' size");
    boxes
}

/// The lines of text on each page of the PDF at `path`, top to bottom, as poppler's
/// `pdftotext -bbox` places its words: words whose tops lie within a point of each other make a
/// line, read left to right. `None` (with the reason printed) where pdftotext is not installed,
/// outside CI.
fn pdf_lines(path: &Path) -> Option<Vec<Vec<String>>> {
    let output = match Command::new("pdftotext")
        .arg("-bbox")
        .arg(path)
        .arg("-")
        .output()
    {
        Ok(output) => output,
        Err(e) => {
            let why = format!("pdftotext cannot run ({e}; apt-get install poppler-utils)");
            assert!(
                std::env::var_os("CI").is_none(),
                "{TEST}: {why}; the printed pages may not go unread in CI"
            );
            eprintln!("{TEST}: the PDF's words not read: {why}");
            return None;
        }
    };
    assert!(output.status.success(), "pdftotext {}", path.display());
    let html = String::from_utf8(output.stdout).expect("UTF-8");
    let mut pages = Vec::new();
    let mut words: Vec<(f64, f64, String)> = Vec::new();
    for line in html.lines().map(str::trim) {
        if line.starts_with("<page") {
            words.clear();
        } else if line.starts_with("</page>") {
            pages.push(into_lines(std::mem::take(&mut words)));
        } else if let Some(word) = line.strip_prefix("<word ") {
            let attribute = |name: &str| -> f64 {
                word.split(&format!("{name}=\""))
                    .nth(1)
                    .and_then(|v| v.split('"').next())
                    .and_then(|v| v.parse().ok())
                    .unwrap_or_else(|| panic!("{name} in {line}"))
            };
            let text = word
                .split_once('>')
                .map(|(_, t)| t.trim_end_matches("</word>"))
                .unwrap_or_default()
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&#39;", "'")
                .replace("&amp;", "&");
            words.push((attribute("yMin"), attribute("xMin"), text));
        }
    }
    Some(pages)
}

/// Words (top, left, text) as lines of text, top to bottom.
fn into_lines(mut words: Vec<(f64, f64, String)>) -> Vec<String> {
    words.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut lines: Vec<Vec<(f64, f64, String)>> = Vec::new();
    for word in words {
        match lines.last_mut() {
            Some(line) if word.0 - line[0].0 <= 1.0 => line.push(word),
            _ => lines.push(vec![word]),
        }
    }
    lines
        .into_iter()
        .map(|mut line| {
            line.sort_by(|a, b| a.1.total_cmp(&b.1));
            line.into_iter()
                .map(|(_, _, text)| text)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}
