//! The portal's pages: every one of the demo in both languages and both themes, the 404 cases,
//! and a crawl of every link of every widget and portal page.

use std::collections::{BTreeSet, VecDeque};

use reqwest::StatusCode;
use serde_json::Value;

use crate::support::integrator::{Integrator, client};
use crate::support::on_both_backends;
use crate::support::pages::assert_translated;
use crate::support::server::Server;

/// The demo's published tournaments (not drafts, not tests), read from the API.
async fn published(server: &Server) -> Vec<String> {
    let list = Integrator::new(server, &server.demo_key())
        .json("/api/v1/tournaments")
        .await;
    let mut slugs = Vec::new();
    for item in list["data"].as_array().expect("a list") {
        let slug = item["slug"].as_str().expect("a slug");
        let detail = Integrator::new(server, &server.demo_key())
            .json(&format!("/api/v1/tournaments/{slug}"))
            .await;
        if detail["data"]["published"] == Value::Bool(true) {
            slugs.push(slug.to_owned());
        }
    }
    slugs
}

async fn get(server: &Server, path: &str) -> reqwest::Response {
    client()
        .get(server.url(path))
        .send()
        .await
        .unwrap_or_else(|e| panic!("GET {path}: {e}"))
}

/// Portal pages are HTML, never framed, carry no script but this origin's, and send no referrer.
fn assert_portal_headers(path: &str, response: &reqwest::Response) {
    let headers = response.headers();
    assert_eq!(
        headers["content-type"], "text/html; charset=utf-8",
        "{path}"
    );
    let policy = headers["content-security-policy"].to_str().unwrap();
    assert!(
        policy.contains("frame-ancestors 'none'") && policy.starts_with("default-src 'none'"),
        "{path}: {policy}"
    );
    assert!(
        policy.contains("script-src 'self';") && !policy.contains("unsafe-inline"),
        "no script but this origin's files (the live script): {policy}"
    );
    assert_eq!(headers["x-frame-options"], "DENY", "{path}");
    assert_eq!(headers["referrer-policy"], "no-referrer", "{path}");
}

on_both_backends! {
    async fn every_page_in_both_languages_and_themes(t: TestDb) {
        let server = Server::start_self_linked(&t, &["--demo"]);
        let slugs = published(&server).await;
        assert_eq!(slugs.len(), 8, "{slugs:?}");
        let mut paths = vec!["/{l}/".to_owned(), "/{l}/organizer/demo".to_owned()];
        paths.extend(slugs.iter().map(|slug| format!("/{{l}}/tournaments/{slug}")));
        for locale in ["en", "ru"] {
            for template in &paths {
                for theme in ["", "?theme=dark"] {
                    let path = format!("{}{theme}", template.replace("{l}", locale));
                    let response = get(&server, &path).await;
                    assert_eq!(response.status(), StatusCode::OK, "{path}");
                    assert_portal_headers(&path, &response);
                    let html = response.text().await.unwrap();
                    assert!(html.contains(&format!("<html lang=\"{locale}\">")), "{path}");
                    let class = if theme.is_empty() { "theme-light" } else { "theme-dark" };
                    assert!(html.contains(class), "{path}");
                    // The other language is one click away, on the same page.
                    let other = if locale == "en" { "ru" } else { "en" };
                    let switched = format!("{}{}", server.base, path.replacen(&format!("/{locale}/"), &format!("/{other}/"), 1));
                    assert!(html.contains(&format!("href=\"{switched}\"")), "{path} links to {switched}");
                    if locale == "ru" {
                        assert_translated(&path, &html);
                    }
                }
            }
        }
        // The tournament page: facts, the field, the bracket and standings drawn by the widgets'
        // parts, and registration only while it is open.
        let open = get(&server, "/en/tournaments/demo-autumn-cup").await.text().await.unwrap();
        for expected in ["<dt>Format</dt><dd>Single elimination</dd>", "<dt>Places taken</dt><dd>10</dd>",
            "<dt>Places left</dt><dd>6</dd>", "Autumn Cup — demo tournament.", "<label for=\"name\">", "<label for=\"email\">"] {
            assert!(open.contains(expected), "{expected} in {open}");
        }
        let played = get(&server, "/ru/tournaments/demo-spring-open").await.text().await.unwrap();
        assert!(played.contains("class=\"bracket tree paged\"") && played.contains("<th scope=\"col\">Посев</th>"), "{played}");
        assert!(!played.contains("<form"), "a completed tournament takes no registration");
        let bracket = get(&server, "/embed/ru/tournaments/demo-spring-open/bracket").await.text().await.unwrap();
        let rounds = |html: &str| html.matches("<article class=\"round").count();
        assert_eq!(rounds(&played), rounds(&bracket), "the portal draws the widget's bracket");
        let space = get(&server, "/en/organizer/demo").await.text().await.unwrap();
        assert!(space.find("Autumn Cup").unwrap() < space.find("Spring Open").unwrap(), "upcoming first");
        assert!(space.contains("/en/organizer/demo/calendar.ics\" type=\"text/calendar\""), "the calendar feed");
    }

    async fn what_is_not_published_is_the_localized_404(t: TestDb) {
        let server = Server::start_self_linked(&t, &["--demo"]);
        for locale in ["en", "ru"] {
            let mut bodies = Vec::new();
            for path in ["tournaments/demo-draft-cup", "tournaments/demo-integration-test", "tournaments/no-such-cup",
                "organizer/no-such-space", "tournaments/demo-autumn-cup/elsewhere", "nothing/here"] {
                let path = format!("/{locale}/{path}");
                let response = get(&server, &path).await;
                assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
                assert_portal_headers(&path, &response);
                bodies.push(response.text().await.unwrap());
            }
            assert!(bodies.windows(2).all(|pair| pair[0] == pair[1]), "one page for everything not shown in {locale}");
            let title = if locale == "en" { "Page not found" } else { "Страница не найдена" };
            assert!(bodies[0].contains(title), "{}", bodies[0]);
            assert!(!bodies[0].contains("Draft Cup") && !bodies[0].contains("Integration"));
        }
        for path in ["/de/tournaments/demo-autumn-cup", "/nope", "/favicon.png", "/en/withdraw/not-a-real-secret"] {
            let response = get(&server, path).await;
            assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
            assert_eq!(response.headers()["content-type"], "text/html; charset=utf-8", "never JSON: {path}");
        }
        let posted = client().delete(server.url("/en/tournaments/demo-autumn-cup")).send().await.unwrap();
        assert_eq!(posted.status(), StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(posted.headers()["allow"], "GET, HEAD");
    }

    async fn a_crawl_of_every_link_finds_no_dead_one(t: TestDb) {
        let server = Server::start_self_linked(&t, &["--demo"]);
        let slugs = published(&server).await;
        let mut queue: VecDeque<String> = VecDeque::new();
        for locale in ["en", "ru"] {
            queue.push_back(format!("{}/{locale}/", server.base));
            queue.push_back(format!("{}/embed/{locale}/organizer/demo/calendar", server.base));
            for slug in &slugs {
                for widget in ["bracket", "registration", "standings"] {
                    queue.push_back(format!("{}/embed/{locale}/tournaments/{slug}/{widget}", server.base));
                }
            }
        }
        let mut seen: BTreeSet<String> = queue.iter().cloned().collect();
        let mut pages = 0;
        while let Some(url) = queue.pop_front() {
            let response = client().get(&url).send().await.unwrap();
            assert_eq!(response.status(), StatusCode::OK, "{url}");
            let html_page = response.headers()["content-type"].to_str().unwrap().starts_with("text/html");
            let text = response.text().await.unwrap();
            pages += 1;
            if !html_page {
                continue;
            }
            for href in text.split("href=\"").skip(1).filter_map(|rest| rest.split('"').next()) {
                if href.starts_with('#') {
                    continue; // a place on the same page
                }
                let href = href.replace("&amp;", "&");
                let absolute = if href.starts_with('/') { format!("{}{href}", server.base) } else { href };
                assert!(absolute.starts_with(&server.base), "every link leads to this service: {absolute} on {url}");
                let absolute = absolute.split('#').next().unwrap_or_default().to_owned();
                if seen.insert(absolute.clone()) {
                    queue.push_back(absolute);
                }
            }
        }
        assert!(pages > 60, "the crawl read {pages} pages: every widget and portal page, stylesheets and feeds");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_root_leads_to_the_visitors_language() {
    let t = crate::support::sqlite().await;
    let server = Server::start_self_linked(&t, &[]);
    let no_redirect = reqwest::Client::builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    for (accept, expected) in [
        ("ru-RU,ru;q=0.9,en;q=0.8", "/ru/"),
        ("de,en;q=0.5", "/en/"),
        ("", "/en/"),
        ("en;q=0.2, ru;q=0.7", "/ru/"),
    ] {
        let response = no_redirect
            .get(server.url("/"))
            .header("accept-language", accept)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::FOUND, "{accept}");
        assert_eq!(
            response.headers()["location"],
            format!("{}{expected}", server.base),
            "{accept}"
        );
        assert_eq!(response.headers()["vary"], "Accept-Language");
    }
    let empty = client()
        .get(server.url("/en/"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        empty.contains("No tournaments are published yet."),
        "{empty}"
    );
}
