//! Lighthouse (npm, pinned in tests/browser) on the demo's pages, as a phone (its default): a
//! tournament's page and a space's score 100 in SEO, accessibility and best practices; the
//! bracket widget scores 100 in accessibility and its layout shifts less than 0.1 (the round
//! under way shows from the first paint). Each failing audit is named in the failure.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

use crate::support::browser::{artifacts_dir, binary};
use crate::support::server::Server;

/// Lighthouse's command line and Chromium, or `None` (said why) outside CI.
fn tools() -> Option<(PathBuf, PathBuf)> {
    let cli = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/browser/node_modules/lighthouse/cli/index.js");
    let chromium = binary(
        "TOURNEY_TEST_CHROMIUM",
        &["chromium", "chromium-browser", "google-chrome"],
    );
    let why = match (&chromium, cli.is_file()) {
        (Err(why), _) => why.clone(),
        (_, false) => "Lighthouse is not installed (npm ci --prefix tests/browser)".to_owned(),
        (Ok(_), true) => return chromium.ok().map(|chromium| (cli, chromium)),
    };
    if std::env::var_os("CI").is_some() {
        panic!("lighthouse: {why}; it may not be skipped in CI");
    }
    eprintln!("skipped lighthouse: {why}");
    None
}

/// Lighthouse's report on `url` in `categories`, kept in the test artifacts as `name.json`.
fn report(cli: &PathBuf, chromium: &PathBuf, url: &str, categories: &str, name: &str) -> Value {
    let out = artifacts_dir("lighthouse").join(format!("{name}.json"));
    let status = Command::new("node")
        .arg(cli)
        .arg(url)
        .args([
            "--quiet",
            "--output=json",
            &format!("--only-categories={categories}"),
        ])
        .arg(format!("--output-path={}", out.display()))
        .arg("--chrome-flags=--headless=new --no-sandbox --disable-gpu")
        .env("CHROME_PATH", chromium)
        .status()
        .expect("node runs Lighthouse");
    assert!(status.success(), "Lighthouse failed on {url}");
    serde_json::from_slice(&std::fs::read(&out).expect("Lighthouse's report"))
        .expect("a JSON report")
}

/// The category's score (0–1), with the audits that cost it points.
fn score(report: &Value, category: &str) -> (f64, Vec<String>) {
    let score = report["categories"][category]["score"]
        .as_f64()
        .unwrap_or(0.0);
    let failing = report["categories"][category]["auditRefs"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|r| r["weight"].as_f64().unwrap_or(0.0) > 0.0)
        .filter_map(|r| {
            let audit = &report["audits"][r["id"].as_str()?];
            (audit["score"].as_f64().is_some_and(|s| s < 1.0))
                .then(|| format!("{}: {}", r["id"], audit["title"]))
        })
        .collect();
    (score, failing)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_demo_pages_score_full_marks() {
    let Some((cli, chromium)) = tools() else {
        return;
    };
    let t = crate::support::sqlite().await;
    let server = Server::start_self_linked(&t, &["--demo"]);
    let pages = [
        ("tournament-en", "/en/tournaments/demo-winter-double"),
        ("space-ru", "/ru/organizer/demo"),
    ];
    for (name, path) in pages {
        let url = server.url(path);
        let found = tokio::task::spawn_blocking({
            let (cli, chromium) = (cli.clone(), chromium.clone());
            move || {
                report(
                    &cli,
                    &chromium,
                    &url,
                    "seo,accessibility,best-practices",
                    name,
                )
            }
        })
        .await
        .unwrap();
        for category in ["seo", "accessibility", "best-practices"] {
            let (score, failing) = score(&found, category);
            assert_eq!(score, 1.0, "{path}: {category} {score}: {failing:?}");
        }
    }
    let url = server.url("/embed/en/tournaments/demo-winter-double/bracket");
    let found = tokio::task::spawn_blocking(move || {
        report(
            &cli,
            &chromium,
            &url,
            "accessibility,performance",
            "bracket-widget",
        )
    })
    .await
    .unwrap();
    let (score, failing) = score(&found, "accessibility");
    assert_eq!(
        score, 1.0,
        "the bracket widget's accessibility {score}: {failing:?}"
    );
    let shift = found["audits"]["cumulative-layout-shift"]["numericValue"]
        .as_f64()
        .expect("a layout shift");
    assert!(shift < 0.1, "the bracket widget's layout shift: {shift}");
}
