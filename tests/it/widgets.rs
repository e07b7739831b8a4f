//! The widget pages end to end: a real `tourney serve`, on both backends. Content and links in
//! both locales, no English left on Russian pages, escaping, the one 404 page, headers, the
//! iCalendar feed and the embed code.

use std::time::Duration;

use reqwest::{Client, StatusCode};
use tourney::domain::Locale;

use crate::support::pages::assert_translated;
use crate::support::server::Server;
use crate::support::{TestDb, on_both_backends};

const XSS: &str = "<script>alert(1)</script>";

fn client() -> Client {
    Client::builder()
        .no_proxy()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap()
}

async fn get(server: &Server, path: &str) -> reqwest::Response {
    client().get(server.url(path)).send().await.unwrap()
}

async fn page(server: &Server, path: &str) -> String {
    let response = get(server, path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.text().await.unwrap()
}

fn create(t: &TestDb, slug: &str, name: &str, extra: &[&str]) {
    let mut args = vec![
        "tournaments",
        "create",
        "--space",
        "club",
        "--slug",
        slug,
        "--name",
        name,
        "--game",
        "chess",
        "--format",
        "single_elimination",
        "--max-participants",
        "8",
        "--starts-at",
        "2026-12-04T18:00:00Z",
    ];
    args.extend(extra);
    t.run(&args);
}

/// A space `club` with an open tournament (one participant with a hostile name), a draft and a
/// test tournament.
fn fixture(t: &TestDb) {
    t.run(&["spaces", "create", "club", "--name", "Chess & Co"]);
    create(
        t,
        "winter-cup",
        "Winter <Cup>",
        &["--description", "Blitz, rapid; fun"],
    );
    t.run(&["tournaments", "status", "winter-cup", "REGISTRATION_OPEN"]);
    t.run(&["tournaments", "register", "winter-cup", XSS]);
    t.run(&["tournaments", "register", "winter-cup", "Anna"]);
    create(t, "draft-cup", "Draft Cup", &[]);
    create(t, "test-cup", "Test Cup", &["--test"]);
    t.run(&["tournaments", "status", "test-cup", "REGISTRATION_OPEN"]);
}

on_both_backends! {
    async fn registration_pages_in_both_locales(t: TestDb) {
        fixture(&t);
        let server = Server::start(&t, &[]);
        let en = page(&server, "/embed/en/tournaments/winter-cup/registration").await;
        assert!(en.contains("4 December 2026, 18:00 UTC"), "{en}");
        assert!(en.contains("Registration open") && en.contains("Register on the portal"), "{en}");
        assert!(en.contains("<dt>Places taken</dt><dd>2</dd>") && en.contains("<dt>Places left</dt><dd>6</dd>"), "{en}");
        assert!(en.contains("<h1>Winter &lt;Cup&gt;</h1>"), "the name is escaped: {en}");
        assert!(!en.contains("<form") && !en.contains("method=\"post\""), "nothing is submitted inside the widget");
        let portal = "href=\"https://cup.example.org/en/tournaments/winter-cup\" target=\"_blank\" rel=\"noopener\"";
        assert_eq!(en.matches(portal).count(), 2, "header link and button: {en}");

        let ru = page(&server, "/embed/ru/tournaments/winter-cup/registration").await;
        assert!(ru.contains("4 декабря 2026, 18:00 UTC") && ru.contains("Зарегистрироваться на портале"), "{ru}");
        assert!(ru.contains("href=\"https://cup.example.org/ru/tournaments/winter-cup\" target=\"_blank\" rel=\"noopener\""));
        assert_translated("registration", &ru);

        t.run(&["tournaments", "status", "winter-cup", "REGISTRATION_CLOSED"]);
        // A change made by another process shows on the next request.
        let closed = page(&server, "/embed/ru/tournaments/winter-cup/registration").await;
        assert!(closed.contains("Регистрация закрыта.") && !closed.contains("class=\"button\""), "{closed}");
        t.run(&["tournaments", "status", "winter-cup", "CANCELLED"]);
        let cancelled = page(&server, "/embed/en/tournaments/winter-cup/registration").await;
        assert!(cancelled.contains("The tournament has been cancelled."), "{cancelled}");
    }

    async fn user_text_is_escaped_everywhere(t: TestDb) {
        fixture(&t);
        t.run(&["tournaments", "register", "winter-cup", "Bob"]);
        t.run(&["tournaments", "register", "winter-cup", "Cleo"]);
        t.run(&["tournaments", "status", "winter-cup", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "winter-cup"]);
        let server = Server::start(&t, &[]);
        for widget in ["bracket", "standings", "registration"] {
            for locale in ["en", "ru"] {
                let path = format!("/embed/{locale}/tournaments/winter-cup/{widget}");
                let html = page(&server, &path).await;
                assert!(!html.contains("<script>alert"), "{path} has the raw script");
                assert!(!html.contains("<Cup>"), "{path}");
                if widget != "registration" {
                    assert!(html.contains("&lt;script&gt;alert(1)&lt;&#x2F;script&gt;") || html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "{path}: {html}");
                }
                if locale == "ru" {
                    assert_translated(&path, &html);
                }
            }
        }
        let bracket = page(&server, "/embed/en/tournaments/winter-cup/bracket").await;
        assert!(bracket.contains("Semi-finals") && bracket.contains("Final"), "{bracket}");
    }

    async fn hidden_and_unknown_give_one_not_found_page(t: TestDb) {
        fixture(&t);
        let server = Server::start(&t, &[]);
        for locale in ["en", "ru"] {
            let mut bodies = Vec::new();
            for path in [
                format!("/embed/{locale}/tournaments/draft-cup/bracket"),
                format!("/embed/{locale}/tournaments/test-cup/registration"),
                format!("/embed/{locale}/tournaments/no-such-cup/standings"),
                format!("/embed/{locale}/organizer/no-such-space/calendar"),
                format!("/embed/{locale}/organizer/no-such-space/calendar.ics"),
                format!("/embed/{locale}/tournaments/winter-cup/elsewhere"),
            ] {
                let response = get(&server, &path).await;
                assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
                assert_eq!(response.headers()["content-type"], "text/html; charset=utf-8");
                bodies.push(response.text().await.unwrap());
            }
            if locale == "en" {
                let unknown_locale = get(&server, "/embed/de/tournaments/winter-cup/bracket").await;
                assert_eq!(unknown_locale.status(), StatusCode::NOT_FOUND);
                bodies.push(unknown_locale.text().await.unwrap());
                assert!(bodies[0].contains("Page not found"));
            } else {
                assert!(bodies[0].contains("Страница не найдена"));
                assert_translated("404", &bodies[0]);
            }
            assert!(bodies.windows(2).all(|w| w[0] == w[1]), "one 404 page per locale");
            assert!(!bodies[0].contains("Draft Cup") && !bodies[0].contains("Test Cup"));
        }
        let calendar = page(&server, "/embed/en/organizer/club/calendar").await;
        assert!(calendar.contains("Winter &lt;Cup&gt;") && !calendar.contains("Draft Cup") && !calendar.contains("Test Cup"), "{calendar}");
    }

    async fn pages_carry_the_widget_headers(t: TestDb) {
        fixture(&t);
        let server = Server::start(&t, &[]);
        for path in ["/embed/en/tournaments/winter-cup/bracket", "/embed/en/tournaments/draft-cup/bracket", "/embed/ru/organizer/club/calendar"] {
            let response = get(&server, path).await;
            let headers = response.headers();
            let policy = headers["content-security-policy"].to_str().unwrap();
            assert!(policy.contains("frame-ancestors *") && policy.starts_with("default-src 'none'"), "{policy}");
            assert!(policy.contains("script-src 'self' 'sha256-") && policy.contains("connect-src 'self'") && !policy.contains("unsafe-inline"), "{policy}");
            assert!(!headers.contains_key("x-frame-options"), "{path}");
            assert_eq!(headers["x-content-type-options"], "nosniff");
            assert!(headers.contains_key("referrer-policy"));
        }
        let html = page(&server, "/embed/en/tournaments/winter-cup/bracket?theme=dark").await;
        assert!(html.contains("theme-dark") && html.contains("tourney:resize"), "{html}");
        assert!(!html.contains("http://") || !html.contains("src=\"http"), "nothing from another origin");
        let css = get(&server, "/embed/widget.css").await;
        assert_eq!(css.status(), StatusCode::OK);
        assert_eq!(css.headers()["content-type"], "text/css; charset=utf-8");
        assert!(css.text().await.unwrap().contains(".theme-dark"));
        let post = client().post(server.url("/embed/en/tournaments/winter-cup/registration")).send().await.unwrap();
        assert_eq!(post.status(), StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(post.headers()["allow"], "GET, HEAD");
        // HEAD (link checkers, uptime monitors) is answered as GET, without the body.
        for path in ["/embed/en/tournaments/winter-cup/bracket", "/en/tournaments/winter-cup", "/en/", "/assets/portal.css"] {
            let full = get(&server, path).await;
            assert_eq!(full.status(), StatusCode::OK, "{path}");
            let length = full.bytes().await.unwrap().len();
            let head = client().head(server.url(path)).send().await.unwrap();
            assert_eq!(head.status(), StatusCode::OK, "{path}");
            assert_eq!(head.headers()["content-length"].to_str().unwrap(), length.to_string(), "{path}");
            assert!(head.bytes().await.unwrap().is_empty(), "{path}: no body");
        }
        let api = client().head(server.url("/api/v1/tournaments")).send().await.unwrap();
        assert_eq!(api.status(), StatusCode::METHOD_NOT_ALLOWED, "the API keeps its methods");
    }

    async fn calendar_feed_parses_back(t: TestDb) {
        fixture(&t);
        create(&t, "long-name-cup", "A tournament whose name, with commas; semicolons and more, is long enough to fold", &[]);
        t.run(&["tournaments", "status", "long-name-cup", "ANNOUNCED"]);
        let server = Server::start(&t, &[]);
        let response = get(&server, "/embed/ru/organizer/club/calendar.ics").await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()["content-type"], "text/calendar; charset=utf-8");
        let body = response.text().await.unwrap();
        assert!(body.ends_with("END:VCALENDAR\r\n"));
        assert!(!body.replace("\r\n", "").contains('\n'), "every line ends in CRLF");
        for line in body.split("\r\n") {
            assert!(line.len() <= 75, "{line:?} is longer than 75 octets");
        }
        let unfolded = body.replace("\r\n ", "");
        let lines: Vec<&str> = unfolded.split("\r\n").collect();
        assert_eq!(lines.iter().filter(|l| **l == "BEGIN:VEVENT").count(), 2, "published only: {unfolded}");
        for field in ["UID:", "DTSTAMP:", "DTSTART:20261204T180000Z", "SUMMARY:", "URL:https://cup.example.org/ru/tournaments/"] {
            assert_eq!(lines.iter().filter(|l| l.starts_with(field)).count(), 2, "{field} in {unfolded}");
        }
        assert!(lines.contains(&"SUMMARY:A tournament whose name\\, with commas\\; semicolons and more\\, is long enough to fold"), "{unfolded}");
        assert!(lines.contains(&"DESCRIPTION:Chess & Co · Blitz\\, rapid\\; fun"), "{unfolded}");
        assert!(lines.contains(&"X-WR-CALNAME:Chess & Co"));
        assert!(body.contains("\r\n "), "the long summary is folded");

        let calendar = page(&server, "/embed/ru/organizer/club/calendar").await;
        assert!(calendar.contains("Декабрь 2026") && calendar.contains("Предстоящие"), "{calendar}");
        assert!(calendar.contains("href=\"https://cup.example.org/ru/tournaments/winter-cup\" target=\"_blank\" rel=\"noopener\""));
        assert_translated("calendar", &calendar);
    }

    async fn demo_widgets_render_every_format(t: TestDb) {
        let server = Server::start(&t, &["--demo"]);
        let printed: Vec<&str> = server.lines.iter().filter_map(|l| l.strip_prefix("  ")).filter(|l| l.contains("/embed/")).collect();
        assert_eq!(printed.len(), 5, "serve --demo prints widget URLs: {:?}", server.lines);
        for url in printed {
            // Printed on the base URL; this server answers for it on its own address.
            let url = url.replace("https://cup.example.org", &server.base);
            let response = client().get(&url).send().await.unwrap();
            assert_eq!(response.status(), StatusCode::OK, "{url}");
        }
        let published = [
            "demo-spring-open", "demo-winter-double", "demo-club-league", "demo-swiss-open",
            "demo-kubok", "demo-karting", "demo-autumn-cup", "demo-new-year-blitz",
        ];
        for slug in published {
            for widget in ["bracket", "registration", "standings"] {
                for locale in [Locale::En, Locale::Ru] {
                    let path = format!("/embed/{locale}/tournaments/{slug}/{widget}");
                    let html = page(&server, &path).await;
                    assert!(html.contains(&format!("https://cup.example.org/{locale}/tournaments/{slug}\" target=\"_blank\" rel=\"noopener\"")), "{path}");
                    if locale == Locale::Ru {
                        assert_translated(&path, &html);
                    }
                }
            }
        }
        // Tournaments under way are "Now", not "Upcoming", on the calendar and the space's page.
        for (path, now, upcoming) in [
            ("/embed/en/organizer/demo/calendar", "<h2>Now</h2>", "<h2>Upcoming</h2>"),
            ("/embed/ru/organizer/demo/calendar", "<h2>Сейчас</h2>", "<h2>Предстоящие</h2>"),
            ("/en/organizer/demo", "<h2>Now</h2>", "<h2>Upcoming</h2>"),
        ] {
            let html = page(&server, path).await;
            let (now, upcoming) = (html.find(now).expect(path), html.find(upcoming).expect(path));
            let karting = html.find("Karting Night").expect(path);
            let autumn = html.find("Autumn Cup").expect(path);
            assert!(now < karting && karting < upcoming && upcoming < autumn, "{path}: under way first, then upcoming");
        }
        let double = page(&server, "/embed/en/tournaments/demo-winter-double/bracket").await;
        let winners = double.find("Winners bracket").unwrap();
        let losers = double.find("Losers bracket").unwrap();
        let grand = double.find("Grand final").unwrap();
        assert!(winners < grand && grand < losers, "grand final beside the winners, losers below");
        assert!(double.contains("round prev next-pair") && double.contains("next-straight"));
        assert!(!double.contains("deciding match"), "no reset match before it exists");
        let groups = page(&server, "/embed/en/tournaments/demo-kubok/bracket").await;
        assert!(groups.contains("Group A") && groups.contains("Playoffs") && groups.contains("<table"), "{groups}");
        let karting = page(&server, "/embed/en/tournaments/demo-karting/bracket").await;
        assert!(karting.contains("<table") && karting.contains("Round 1"), "{karting}");
        let before = page(&server, "/embed/ru/tournaments/demo-autumn-cup/bracket").await;
        assert!(before.contains("сетка появится после жеребьёвки"), "{before}");
        let places = page(&server, "/embed/en/tournaments/demo-spring-open/standings").await;
        assert!(places.contains("<td>1</td>") && places.contains("<th scope=\"col\">Place</th>"), "{places}");
        let swiss = page(&server, "/embed/ru/tournaments/demo-swiss-open/standings").await;
        assert!(swiss.contains("Бухгольц"), "{swiss}");
    }
}

on_both_backends! {
    /// `tourney embed` prints the specification's iframe and the resize script for the base URL's
    /// origin, for a published tournament or an existing space; anything else is refused with the
    /// reason and exit 1, and nothing printed.
    async fn embed_prints_the_iframe_and_its_resize_script(t: TestDb) {
        let organiser = crate::support::organiser::Organiser::new(&t);
        organiser.space("club", "Club").await;
        organiser.open_signups("club", "spring-cup", 16).await;
        organiser.tournament("club", "draft-cup", tourney::domain::Format::Swiss, |_| {}).await;
        let embed = |args: &[&str]| {
            t.tourney().env("TOURNEY_BASE_URL", "https://cup.example.org").args(["embed"]).args(args).output().expect("run tourney embed")
        };
        let printed = |args: &[&str]| {
            let output = embed(args);
            assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
            String::from_utf8(output.stdout).expect("UTF-8")
        };
        let script = tourney::pages::embed::resize_script(&tourney::links::BaseUrl::parse("https://cup.example.org").unwrap());
        assert_eq!(
            printed(&["spring-cup"]),
            format!("<iframe src=\"https://cup.example.org/embed/en/tournaments/spring-cup/bracket\" title=\"Bracket\" width=\"100%\" height=\"560\" style=\"border:0\" loading=\"lazy\"></iframe>\n{script}\n")
        );
        assert!(script.contains("event.origin !== \"https://cup.example.org\""), "{script}");
        assert_eq!(
            printed(&["spring-cup", "--widget", "registration", "--locale", "ru", "--without-script"]),
            "<iframe src=\"https://cup.example.org/embed/ru/tournaments/spring-cup/registration\" title=\"Registration\" width=\"100%\" height=\"560\" style=\"border:0\" loading=\"lazy\"></iframe>\n"
        );
        assert!(printed(&["spring-cup", "--widget", "standings"]).contains("/standings\" title=\"Standings\""));
        assert!(printed(&["--space", "club", "--widget", "calendar"]).starts_with(
            "<iframe src=\"https://cup.example.org/embed/en/organizer/club/calendar\" title=\"Calendar\""
        ));
        for (args, reason) in [
            (&["spring-cpu"][..], "no published tournament 'spring-cpu'"),
            (&["draft-cup"][..], "no published tournament 'draft-cup'"),
            (&["--space", "clbu"][..], "there is no space 'clbu'"),
            (&["--space", "club", "--widget", "bracket"][..], "a space has only the calendar widget"),
        ] {
            let output = embed(args);
            assert_eq!(output.status.code(), Some(1), "{args:?}");
            assert!(output.stdout.is_empty(), "{args:?}");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(stderr.contains(reason), "{args:?}: {stderr}");
        }
    }
}

/// A browser that closes a connection mid-request (a tab closed while its page loads) is not
/// an error of the server: nothing about it is logged at ERROR, and the server goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_hanging_up_mid_request_is_not_logged_as_an_error() {
    use tokio::io::AsyncWriteExt as _;
    let t = crate::support::sqlite().await;
    fixture(&t);
    let server = Server::start_logged(&t, &[]);
    let address = server.base.trim_start_matches("http://").to_owned();
    for _ in 0..3 {
        let mut stream = tokio::net::TcpStream::connect(&address)
            .await
            .expect("connect");
        stream
            .write_all(b"GET /en/tournaments/winter-cup HTTP/1.1\r\nHost: x\r\nAccept: text/h")
            .await
            .expect("half a request");
        drop(stream);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let page = client()
        .get(server.url("/en/tournaments/winter-cup"))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK, "the server goes on");
    let log = server.log();
    assert!(
        log.contains("/en/tournaments/winter-cup"),
        "requests are logged: {log}"
    );
    assert!(
        !log.contains("ERROR") && !log.contains("IncompleteMessage"),
        "{log}"
    );
}
