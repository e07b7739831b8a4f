//! A whole event run from the desk in Chromium, on both databases: an owner creates an 8-player
//! double elimination with check-in from the New tournament form, announces it and opens
//! registration, adds seven players at the desk while an eighth registers on the portal (the
//! open registrations page shows them without a reload), checks everyone in, moves the last
//! seed up a place and starts; a reporter on a 375 px phone reports every match to the end and
//! corrects one, while the public bracket held open in the owner's browser follows each result
//! without a reload; every step's event reaches a real HTTPS receiver, the audit log names the
//! member behind each action, and the reporter is refused the settings. axe-core then checks
//! every desk page in both languages at 1,280 and 375 px, with no sideways scroll on phones.
//! Screenshots are left in `target/test-artifacts/desk/`.

use std::time::Duration;

use crate::support::browser::{Browser, axe_source};
use crate::support::on_both_backends;
use crate::support::organiser::Organiser;
use crate::support::player::Player;
use crate::support::receiver::{Receiver, Reply};
use crate::support::server::Server;
use crate::support::{TestDb, scalar};

const TEST: &str = "desk_browser::an_event_run_from_the_desk";
const OWNER: &str = "owner@example.org";
const REPORTER: &str = "desk@example.org";

/// Signs `email` in with a sign-in link from the shell, in `browser`.
async fn sign_in(t: &TestDb, server: &Server, browser: &Browser, email: &str) {
    let printed = t.run(&["--base-url", &server.base, "login-link", "--email", email]);
    let link = printed.lines().next().expect("a link").trim().to_owned();
    browser.client.goto(&link).await.expect("open the link");
    browser.press("main form button[type=submit]").await;
    browser.path_is("/en/organizer/club/tournaments").await;
}

/// Marks the page, so that a later check can tell it was not loaded again.
async fn mark(browser: &Browser) {
    browser.js("window.__kept = true; return true;").await;
}

/// The text of the page's main content.
async fn main_text(browser: &Browser) -> String {
    browser
        .js("return document.querySelector('main').innerText;")
        .await
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

async fn goto(browser: &Browser, server: &Server, path: &str) {
    browser
        .client
        .goto(&server.url(path))
        .await
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    browser
        .path_is(path.split('?').next().unwrap_or(path))
        .await;
}

/// axe-core finds nothing serious, and at phone widths nothing scrolls sideways.
async fn check(browser: &Browser, axe: &str, name: &str, phone: bool) {
    if phone {
        let widths = browser
            .js("return [document.documentElement.scrollWidth, window.innerWidth];")
            .await;
        assert_eq!(widths[0], widths[1], "{name}: no sideways scroll: {widths}");
    }
    browser.check_page(axe, "desk", name).await;
}

on_both_backends! {
    async fn an_event_run_from_the_desk(t: TestDb) {
        let Some(axe) = axe_source(TEST) else { return };
        let Some(owner) = Browser::start(TEST).await else { return };
        let Some(reporter) = Browser::start(TEST).await else { return };
        let receiver = Receiver::start(|_, _| Reply::Status(200)).await;
        t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
        t.add_member("club", OWNER, "owner");
        t.add_member("club", REPORTER, "reporter");
        Organiser::new(&t).hook("club", &receiver.url, None).await;
        let root = receiver.root_cert.to_string_lossy().into_owned();
        let server = Server::start_self_linked(&t, &["--allow-cidr", "127.0.0.0/8", "--root-cert", &root]);

        // The owner creates the tournament from the form.
        sign_in(&t, &server, &owner, OWNER).await;
        owner.press("main a[href$='/tournaments/new']").await;
        owner.fill("#new-tournament-name", "Spring Cup").await;
        owner.fill("#new-tournament-slug", "spring-cup").await;
        owner.fill("#new-tournament-game", "chess").await;
        owner.js("document.getElementById('new-tournament-format').value = 'double_elimination'; \
                  document.getElementById('new-tournament-starts_at').value = '2030-12-04T18:00'; \
                  document.getElementById('new-tournament-max_participants').value = '8'; return true;").await;
        owner.fill("#new-tournament-check_in_opens", "1h").await;
        owner.fill("#new-tournament-check_in_closes", "10m").await;
        owner.press("form[action$='/organizer/club/tournaments'] button[type=submit]").await;
        owner.path_is("/en/organizer/club/tournaments/spring-cup").await;
        let step = "form[action$='/spring-cup/step'] button";
        owner.press(step).await; // announce
        owner.press(step).await; // open registration
        assert!(main_text(&owner).await.contains("Close registration"));

        // Seven players at the desk; the eighth on the portal shows on the open page by itself.
        let registrations = "/en/organizer/club/tournaments/spring-cup/registrations";
        goto(&owner, &server, registrations).await;
        for name in ["Anna", "Boris", "Clara", "Dmitri", "Elena", "Fedor", "Galina"] {
            owner.fill("#add-player-name", name).await;
            owner.press("form[action$='/spring-cup/registrations'] button").await;
        }
        mark(&owner).await;
        let mut hana = Player::new(&server, "Hana", "hana@example.org");
        hana.register("en", "spring-cup").await;
        owner
            .wait_until(
                "the portal's registration shows on the open page",
                "return window.__kept === true && document.querySelector('main').innerText.indexOf('Hana') >= 0;",
            )
            .await;
        for _ in 0..8 {
            owner.press("form[action$='/check-in'] button").await;
        }
        assert!(!main_text(&owner).await.contains("Check in\n"), "everyone is checked in");
        check(&owner, &axe, "registrations-en", false).await;
        // Hana, the eighth seed, moves up a place.
        owner.press("form.seeds tr:last-child button[name=up]").await;
        assert_eq!(scalar(&t.db, "SELECT seed FROM participants WHERE name = 'Hana'").await, 7);
        assert_eq!(scalar(&t.db, "SELECT seed FROM participants WHERE name = 'Galina'").await, 8);
        goto(&owner, &server, "/en/organizer/club/tournaments/spring-cup").await;
        owner.press(step).await; // close registration
        owner.press(step).await; // start
        assert!(main_text(&owner).await.contains("In progress"), "{}", main_text(&owner).await);

        // The public bracket, held open in the owner's browser.
        goto(&owner, &server, "/en/tournaments/spring-cup").await;
        mark(&owner).await;

        // The reporter, on a phone, reports every match; the first one is corrected.
        reporter.viewport(375, 812, true).await;
        sign_in(&t, &server, &reporter, REPORTER).await;
        let matches = "/en/organizer/club/tournaments/spring-cup/matches";
        goto(&reporter, &server, matches).await;
        check(&reporter, &axe, "matches-phone-en", true).await;
        let mut reported = 0;
        loop {
            let ready = reporter.js("return document.querySelectorAll(\"form[action$='/report']\").length;").await;
            if ready.as_u64() == Some(0) {
                break;
            }
            let before = owner.js("return document.getElementById('live-bracket').innerHTML;").await;
            reporter.fill("form[action$='/report'] input[name=score_a]", "2").await;
            reporter.fill("form[action$='/report'] input[name=score_b]", "1").await;
            reporter.press("form[action$='/report'] button[type=submit]").await;
            assert!(main_text(&reporter).await.contains("The result is recorded."), "{}", main_text(&reporter).await);
            reported += 1;
            owner
                .wait_until(
                    "the public bracket follows the result",
                    &format!(
                        "return window.__kept === true && document.getElementById('live-bracket').innerHTML !== {before};"
                    ),
                )
                .await;
            if reported == 1 {
                reporter.press("main a[href$='/correct']").await;
                check(&reporter, &axe, "correct-phone-en", true).await;
                reporter.fill("input[name=score_a]", "3").await;
                reporter.fill("input[name=score_b]", "0").await;
                reporter.press("form[action$='/correct'] button[type=submit]").await;
                assert!(main_text(&reporter).await.contains("The result is corrected."), "{}", main_text(&reporter).await);
            }
        }
        assert_eq!(reported, 14, "an 8-player double elimination without a reset");
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM tournaments WHERE status = 'COMPLETED'").await, 1);
        owner
            .wait_until("the public page says it is over", "return window.__kept === true && document.querySelector('main').innerText.indexOf('Completed') >= 0;")
            .await;

        // The reporter may not open the settings.
        goto(&reporter, &server, "/en/organizer/club/tournaments/spring-cup/settings").await;
        assert!(main_text(&reporter).await.contains("Reporters run matches at the desk"));

        // Every step's event reached the receiver.
        let kind_of = |r: &crate::support::receiver::Received| {
            let body: serde_json::Value = serde_json::from_slice(&r.body).expect("a JSON event");
            body["type"].as_str().unwrap_or_default().to_owned()
        };
        let received = receiver
            .wait_for(Duration::from_secs(20), |r| {
                r.iter().filter(|r| kind_of(r) == "match.completed").count() >= 14
                    && r.iter().filter(|r| kind_of(r) == "tournament.status_changed").count() >= 5
            })
            .await;
        let count = |kind: &str| received.iter().filter(|r| kind_of(r) == kind).count();
        assert_eq!(count("registration.created"), 8);
        assert_eq!(count("registration.checked_in"), 8);
        assert_eq!(count("match.completed"), 14);
        assert_eq!(count("match.corrected"), 1);
        // ANNOUNCED, REGISTRATION_OPEN, REGISTRATION_CLOSED, IN_PROGRESS, COMPLETED.
        assert_eq!(count("tournament.status_changed"), 5);

        let audit = t.run(&["audit", "--space", "club"]);
        let by = |who: &str, action: &str| audit.lines().filter(|l| l.contains(who) && l.contains(action)).count();
        assert_eq!(by(OWNER, "tournament.created"), 1, "{audit}");
        assert_eq!(by(OWNER, "registration.created"), 7, "{audit}");
        assert_eq!(by("portal", "registration.created"), 1, "{audit}");
        assert_eq!(by(OWNER, "registration.checked_in"), 8, "{audit}");
        assert_eq!(by(OWNER, "tournament.seeded"), 1, "{audit}");
        assert_eq!(by(REPORTER, "match.reported"), 14, "{audit}");
        assert_eq!(by(REPORTER, "match.corrected"), 1, "{audit}");

        // Every desk page, in both languages, at a desk's width and a phone's, with forms on
        // them: a tournament taking registrations and one in play beside the finished one.
        for (slug, players) in [("autumn-cup", 3), ("winter-cup", 4)] {
            t.run(&[
                "tournaments", "create", "--space", "club", "--slug", slug, "--name", "Кубок", "--game", "chess",
                "--format", "single_elimination", "--max-participants", "8", "--starts-at", "2030-12-04T18:00:00Z",
                "--check-in-opens", "1h", "--check-in-closes", "10m",
            ]);
            t.run(&["tournaments", "status", slug, "REGISTRATION_OPEN"]);
            for name in ["Ирина", "Юрий", "Жанна", "Олег"].iter().take(players) {
                t.run(&["tournaments", "register", slug, name]);
            }
        }
        t.run(&["tournaments", "status", "winter-cup", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "winter-cup"]);
        let played = t.run(&["matches", "list", "spring-cup"]);
        let a_match = played
            .lines()
            .find_map(|l| l.split_whitespace().next().filter(|id| id.starts_with("mat_")))
            .expect("a match id")
            .to_owned();
        let pages = [
            ("tournaments", String::new()),
            ("new", "/new".to_owned()),
            ("tournament", "/autumn-cup".to_owned()),
            ("registrations", "/autumn-cup/registrations".to_owned()),
            ("settings", "/autumn-cup/settings".to_owned()),
            ("matches", "/winter-cup/matches".to_owned()),
            ("finished", "/spring-cup".to_owned()),
            ("finished-matches", "/spring-cup/matches".to_owned()),
            ("correct", format!("/spring-cup/matches/{a_match}/correct")),
        ];
        for (width, phone) in [(1280, false), (375, true)] {
            owner.viewport(width, if phone { 812 } else { 1800 }, phone).await;
            for locale in ["en", "ru"] {
                for (name, rest) in &pages {
                    goto(&owner, &server, &format!("/{locale}/organizer/club/tournaments{rest}")).await;
                    check(&owner, &axe, &format!("{name}-{locale}-{width}"), phone).await;
                }
            }
        }
        owner.close().await;
        reporter.close().await;
    }
}
