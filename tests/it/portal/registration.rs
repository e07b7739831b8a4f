//! Registration and withdrawal on the portal: the service's own operations behind a form, their
//! events delivered without the player's email, and every refusal leaving the data as it was.

use reqwest::StatusCode;
use tourney::domain::TournamentStatus;

use super::open_cup;
use crate::support::integrator::Integrator;
use crate::support::player::{Page, Player};
use crate::support::receiver::{Receiver, Reply};
use crate::support::server::Server;
use crate::support::{TestDb, on_both_backends, row_counts};

/// Every table's row count and every event body: equal before and after means nothing was
/// written.
async fn snapshot(t: &TestDb) -> (Vec<(&'static str, i64)>, Vec<(i64, String)>) {
    let events = crate::webhooks::rows(&t.db, "SELECT id, body FROM events ORDER BY id").await;
    (row_counts(&t.db).await, events)
}

/// A form sent (its fields, and the `Origin` it claims), and the refusal it must get: status,
/// reason, and the values the page keeps.
type RefusalCase<'a> = (
    Vec<(&'a str, &'a str)>,
    Option<&'a str>,
    StatusCode,
    &'a str,
    Vec<&'a str>,
);

/// The page refused the form: `status`, the reason in the page's language, the values kept.
fn assert_refused(page: &Page, status: StatusCode, reason: &str, kept: &[&str]) {
    assert_eq!(page.status, status, "{reason}: {}", page.html);
    assert!(page.html.contains(reason), "'{reason}' in {}", page.html);
    assert!(
        page.html.contains("role=\"alert\""),
        "the reason is announced: {}",
        page.html
    );
    for value in kept {
        assert!(
            page.html.contains(&format!("value=\"{value}\"")),
            "the form keeps '{value}'"
        );
    }
}

on_both_backends! {
    async fn a_player_registers_and_withdraws_and_receivers_never_see_the_email(t: TestDb) {
        let receiver = Receiver::start(|_, _| Reply::Status(200)).await;
        let organiser = open_cup(&t, 8, 2).await;
        organiser.hook("club", &receiver.url, None).await;
        let key = organiser.key("club").await;
        let root = receiver.root_cert.to_string_lossy().into_owned();
        // The server delivers the events itself, to the loopback receiver it is allowed to reach.
        let server = Server::start_logged(&t, &["--allow-cidr", "127.0.0.0/8", "--root-cert", &root]);

        let mut player = Player::new(&server, "Zoë Ärger-Łukasz", "zoe.secret@example.org");
        let confirmation = player.register("ru", "cup").await;
        assert_eq!(confirmation.status, StatusCode::OK, "{}", confirmation.html);
        assert!(confirmation.url.ends_with("/ru/tournaments/cup/registered"), "{}", confirmation.url);
        assert!(confirmation.html.contains("Вы зарегистрированы под именем Zoë Ärger-Łukasz."), "{}", confirmation.html);
        let link = confirmation.withdrawal_link().expect("the withdrawal link");
        assert!(link.starts_with(&format!("{}/ru/player/", server.base)), "{link}");
        // A reload, or the page in the other language, shows the same link to this browser.
        for path in ["/ru/tournaments/cup/registered", "/en/tournaments/cup/registered"] {
            let again = player.get(path).await;
            assert_eq!(again.withdrawal_link().as_deref(), Some(link.replace("/ru/", &path[..4]).as_str()), "{}", again.html);
        }
        // To anyone else the page shows nothing.
        let mut stranger = Player::new(&server, "Mallory", "m@example.org");
        let theirs = stranger.get("/ru/tournaments/cup/registered").await;
        assert!(theirs.withdrawal_link().is_none() && !theirs.html.contains("Zoë"), "{}", theirs.html);

        let page = player.get("/en/tournaments/cup").await.html;
        assert!(page.contains("<td>Zoë Ärger-Łukasz</td>") && page.contains("<dt>Places taken</dt><dd>3</dd>"), "{page}");
        let detail = Integrator::new(&server, &key).json("/api/v1/tournaments/cup").await;
        assert_eq!(detail["data"]["registered"], 3);

        let withdrawn = player.withdraw(&link).await;
        assert_eq!(withdrawn.status, StatusCode::OK);
        assert!(withdrawn.url.ends_with("/ru/tournaments/cup/withdrawn"), "{}", withdrawn.url);
        assert!(withdrawn.html.contains("Регистрация отменена."), "{}", withdrawn.html);
        let used = player.get(&link).await;
        assert_eq!(used.status, StatusCode::NOT_FOUND, "a link works once");
        let after = player.get("/ru/tournaments/cup/registered").await;
        assert!(after.withdrawal_link().is_none(), "a withdrawn registration's link is gone: {}", after.html);

        // Both events, through the server's own delivery loop, to a real HTTPS receiver.
        let ours = |r: &[crate::support::receiver::Received]| {
            r.iter().filter(|r| String::from_utf8_lossy(&r.body).contains("Zoë Ärger-Łukasz")).count()
        };
        let received = receiver.wait_for(std::time::Duration::from_secs(10), |r| ours(r) >= 2).await;
        assert_eq!(ours(&received), 2, "both events arrive, once each");
        let bodies: Vec<serde_json::Value> = receiver.received().iter().map(|r| serde_json::from_slice(&r.body).unwrap()).collect();
        let mut ours: Vec<&serde_json::Value> = bodies.iter()
            .filter(|b| b["data"]["registration"]["name"] == "Zoë Ärger-Łukasz").collect();
        ours.sort_by_key(|b| b["id"].as_str().unwrap()[4..].parse::<i64>().unwrap());
        let types: Vec<&str> = ours.iter().map(|b| b["type"].as_str().unwrap()).collect();
        assert_eq!(types, ["registration.created", "registration.withdrawn"]);

        // The email reaches the admins' listing and nothing else.
        let everything = format!("{bodies:?}{detail}{page}{}{}", server.log(), confirmation.html);
        assert!(!everything.contains("zoe.secret@example.org"), "the email leaked");
        let secret = link.rsplit('/').next().unwrap();
        assert!(!server.log().contains(secret), "the withdrawal secret is never logged");
        assert!(server.log().contains("/ru/player/…"), "the log shows the path without it");
        let listing = t.run(&["tournaments", "registrations", "cup"]);
        assert!(listing.contains("zoe.secret@example.org") && listing.contains("withdrawn"), "{listing}");
        let actors: Vec<(String, String)> = crate::webhooks::rows(&t.db,
            "SELECT actor, action FROM audit_log WHERE action LIKE 'registration.%' ORDER BY id").await;
        assert_eq!(actors[actors.len() - 2..], [("portal".to_owned(), "registration.created".to_owned()),
            ("portal".to_owned(), "registration.withdrawn".to_owned())]);
    }

    async fn every_refusal_says_why_keeps_the_form_and_writes_nothing(t: TestDb) {
        let organiser = open_cup(&t, 3, 0).await;
        organiser.register_with_email("cup", "Anna", "anna@example.org").await;
        let server = Server::start_self_linked(&t, &["--form-limit", "1000"]);
        let mut player = Player::new(&server, "Bob", "bob@example.org");
        let token = player.get("/en/tournaments/cup").await.token();
        let action = "/en/tournaments/cup/registrations";
        let long = "x".repeat(65);
        let huge = "y".repeat(9 * 1024);
        let cases: Vec<RefusalCase> = vec![
            (vec![("name", "ANNA"), ("email", "new@example.org")], None, StatusCode::CONFLICT, "This name is already registered", vec!["ANNA"]),
            (vec![("name", "Ａｎｎａ"), ("email", "new@example.org")], None, StatusCode::CONFLICT, "This name is already registered", vec![]),
            (vec![("name", "Bob"), ("email", "Anna@Example.org")], None, StatusCode::CONFLICT, "This email address is already registered", vec!["Bob"]),
            (vec![("name", "  "), ("email", "bob@example.org")], None, StatusCode::UNPROCESSABLE_ENTITY, "Enter a name.", vec!["bob@example.org"]),
            (vec![("name", &long), ("email", "bob@example.org")], None, StatusCode::UNPROCESSABLE_ENTITY, "longer than 64 characters", vec![]),
            (vec![("name", "Bob\u{7}"), ("email", "bob@example.org")], None, StatusCode::UNPROCESSABLE_ENTITY, "characters that are not allowed", vec![]),
            (vec![("name", "Eve\u{202E}nimdA"), ("email", "bob@example.org")], None, StatusCode::UNPROCESSABLE_ENTITY, "characters that are not allowed", vec![]),
            (vec![("name", "Bob"), ("email", "bob@localhost")], None, StatusCode::UNPROCESSABLE_ENTITY, "such as name@example.org", vec!["Bob"]),
            (vec![("name", "Bob"), ("email", "bob@example.org")], Some("https://evil.example"), StatusCode::FORBIDDEN, "only be sent from this site", vec!["Bob"]),
            (vec![("name", "Bob"), ("email", "bob@example.org"), ("filler", &huge)], None, StatusCode::PAYLOAD_TOO_LARGE, "The form is too large.", vec![]),
        ];
        for (fields, origin, status, reason, kept) in cases {
            let before = snapshot(&t).await;
            let mut fields = fields.clone();
            fields.push(("token", &token));
            let page = player.post(action, &fields, origin).await;
            assert_refused(&page, status, reason, &kept);
            assert_eq!(snapshot(&t).await, before, "{reason}: nothing is written");
        }
        // Without the token, or with another visitor's, the form has expired.
        let before = snapshot(&t).await;
        let page = player.post(action, &[("name", "Bob"), ("email", "bob@example.org")], None).await;
        assert_refused(&page, StatusCode::FORBIDDEN, "The form has expired.", &["Bob"]);
        let mut stranger = Player::new(&server, "Mallory", "m@example.org");
        let page = stranger.post(action, &[("name", "Bob"), ("email", "bob@example.org"), ("token", &token)], None).await;
        assert_refused(&page, StatusCode::FORBIDDEN, "The form has expired.", &["Bob"]);
        assert_eq!(snapshot(&t).await, before);
        // The form's address opened as a page (the address bar after a refusal): the
        // tournament's page, in the same language.
        for locale in ["en", "ru"] {
            let page = player.get(&format!("/{locale}/tournaments/cup/registrations")).await;
            assert_eq!(page.status, StatusCode::OK, "{}", page.html);
            assert!(page.url.ends_with(&format!("/{locale}/tournaments/cup")), "{}", page.url);
        }
        // The page refusing a form gives a fresh token: sending it again works.
        assert_eq!(player.register("en", "cup").await.status, StatusCode::OK);

        // Full: never over capacity.
        let mut third = Player::new(&server, "Clara", "clara@example.org");
        assert_eq!(third.register("en", "cup").await.status, StatusCode::OK);
        let mut late = Player::new(&server, "Dmitri", "d@example.org");
        let token = late.get("/ru/tournaments/cup").await.html;
        assert!(!token.contains("<form"), "no form once the places are gone");
        let before = snapshot(&t).await;
        let page = late.post("/ru/tournaments/cup/registrations", &[("name", "Dmitri"), ("email", "d@example.org")], None).await;
        assert_eq!(page.status, StatusCode::FORBIDDEN, "no token for a form that is not shown");
        assert_eq!(snapshot(&t).await, before);

        // Registration not open: a token from while it was, sent after it closed.
        organiser.open_signups("club", "later", 8).await;
        let mut slow = Player::new(&server, "Slow Poke", "slow@example.org");
        let token = slow.get("/ru/tournaments/later").await.token();
        organiser.set_status("later", TournamentStatus::RegistrationClosed).await;
        let before = snapshot(&t).await;
        let page = slow.post("/ru/tournaments/later/registrations",
            &[("name", "Slow Poke"), ("email", "slow@example.org"), ("token", &token)], None).await;
        assert_refused(&page, StatusCode::CONFLICT, "Регистрация не открыта.", &[]);
        assert_eq!(snapshot(&t).await, before);
        let token = slow.post("/ru/tournaments/later/registrations", &[], None).await;
        assert!(!token.html.contains("<form"), "{}", token.html);
    }
}

on_both_backends! {
    /// A double click on *Register*: the two posts of one form arrive at once, and the same form
    /// is sent again later. One registration, one event, and every answer is its confirmation
    /// with the same link; another visitor with the name, or this one with another address, is
    /// refused as before.
    async fn a_form_sent_twice_is_one_registration_confirmed_each_time(t: TestDb) {
        let organiser = open_cup(&t, 8, 0).await;
        let server = Server::start_self_linked(&t, &["--form-limit", "1000"]);
        let mut player = Player::new(&server, "Anna Kuznetsova", "anna@example.org");
        let token = player.get("/en/tournaments/cup").await.token();
        let fields = [("token", token.as_str()), ("name", "Anna Kuznetsova"), ("email", "anna@example.org")];
        let action = "/en/tournaments/cup/registrations";
        let (mut one, mut two) = (player.clone(), player.clone());
        let (first, second) = tokio::join!(one.post(action, &fields, None), two.post(action, &fields, None));
        let again = player.post(action, &fields, None).await;
        let link = first.withdrawal_link().unwrap_or_else(|| panic!("a confirmation: {}", first.html));
        for page in [&second, &again] {
            assert_eq!(page.status, StatusCode::OK, "{}", page.html);
            assert_eq!(page.withdrawal_link().as_deref(), Some(link.as_str()), "the same registration: {}", page.html);
        }
        let field = crate::webhooks::rows::<(String,)>(&t.db, "SELECT name FROM participants").await;
        assert_eq!(field, [("Anna Kuznetsova".to_owned(),)]);
        let events = crate::support::scalar(&t.db, "SELECT COUNT(*) FROM events WHERE type = 'registration.created'").await;
        assert_eq!(events, 1, "one event");

        // The same name from another visitor, or from this one with another address: refused.
        let mut other = Player::new(&server, "ANNA  Kuznetsova", "other@example.org");
        assert_refused(&other.register("en", "cup").await, StatusCode::CONFLICT, "This name is already registered", &[]);
        let token = player.get("/en/tournaments/cup").await.token();
        let page = player.post(action, &[("token", &token), ("name", "Anna Kuznetsova"), ("email", "new@example.org")], None).await;
        assert_refused(&page, StatusCode::CONFLICT, "This name is already registered", &[]);
        drop(organiser);
    }

    /// Names that only look different are one name: case, compatibility forms, runs of spaces and
    /// invisible characters aside; invisible characters themselves are refused with the reason.
    async fn names_that_look_the_same_are_one_name(t: TestDb) {
        let organiser = open_cup(&t, 8, 0).await;
        organiser.register_with_email("cup", "Anna Kuznetsova", "anna@example.org").await;
        let server = Server::start_self_linked(&t, &["--form-limit", "1000"]);
        let before = snapshot(&t).await;
        for (n, name) in ["anna  kuznetsova", "Anna\u{00A0}Kuznetsova", "Anna\u{200D} Kuznetsova"].into_iter().enumerate() {
            let mut player = Player::new(&server, name, &format!("p{n}@example.org"));
            let page = player.register("en", "cup").await;
            assert_refused(&page, StatusCode::CONFLICT, "This name is already registered", &[]);
        }
        for name in ["Anna\u{200B} Kuznetsova", "Anna Kuz\u{2060}netsova", "\u{3164}"] {
            let mut player = Player::new(&server, name, "x@example.org");
            let page = player.register("en", "cup").await;
            assert_refused(&page, StatusCode::UNPROCESSABLE_ENTITY, "characters that are not allowed", &["x@example.org"]);
        }
        assert_eq!(snapshot(&t).await, before, "nothing is written");
        // The shell withdraws by name the same way.
        t.run(&["tournaments", "withdraw", "cup", "ANNA  kuznetsova"]);
        let statuses = crate::webhooks::rows::<(String,)>(&t.db, "SELECT status FROM participants").await;
        assert_eq!(statuses, [("withdrawn".to_owned(),)]);
    }

    async fn posts_per_client_address_are_limited(t: TestDb) {
        open_cup(&t, 8, 0).await;
        let server = Server::start_self_linked(&t, &["--form-limit", "3"]);
        let mut player = Player::new(&server, "Bob", "bob@example.org");
        let token = player.get("/en/tournaments/cup").await.token();
        for _ in 0..3 {
            let page = player.post("/en/tournaments/cup/registrations", &[("name", ""), ("email", "x"), ("token", &token)], None).await;
            assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        }
        let before = snapshot(&t).await;
        let page = player.post("/en/tournaments/cup/registrations",
            &[("name", "Bob"), ("email", "bob@example.org"), ("token", &token)], None).await;
        assert_refused(&page, StatusCode::TOO_MANY_REQUESTS, "Too many attempts.", &["Bob"]);
        // The true wait: until the first of the three leaves the ten minutes' window.
        let wait: u64 = page.headers["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((590..=600).contains(&wait), "{wait}");
        assert_eq!(snapshot(&t).await, before);
    }
}

/// Behind a trusted proxy, `X-Forwarded-For` tells clients apart; from anyone else it is ignored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forwarded_addresses_count_only_from_trusted_proxies() {
    let t = crate::support::sqlite().await;
    open_cup(&t, 8, 0).await;
    let post = |server: &Server, from: &'static str| {
        let url = server.url("/en/tournaments/cup/registrations");
        async move {
            crate::support::integrator::client()
                .post(url)
                .header("x-forwarded-for", from)
                .send()
                .await
                .unwrap()
                .status()
        }
    };
    let direct = Server::start_self_linked(&t, &["--form-limit", "1"]);
    assert_eq!(post(&direct, "198.51.100.1").await, StatusCode::FORBIDDEN);
    assert_eq!(
        post(&direct, "198.51.100.2").await,
        StatusCode::TOO_MANY_REQUESTS,
        "a header changes nothing"
    );
    let proxied =
        Server::start_self_linked(&t, &["--form-limit", "1", "--trusted-proxy", "127.0.0.1"]);
    assert_eq!(post(&proxied, "198.51.100.1").await, StatusCode::FORBIDDEN);
    assert_eq!(
        post(&proxied, "198.51.100.2").await,
        StatusCode::FORBIDDEN,
        "another client behind the proxy"
    );
    assert_eq!(
        post(&proxied, "198.51.100.1").await,
        StatusCode::TOO_MANY_REQUESTS
    );
}

/// `serve` started as a newcomer starts it, with no base URL and a port picked for it: every link
/// leads back to it, the portal's form included, and it says where links lead. Given a base URL
/// that is not its own address, it says so once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_without_a_base_url_links_to_the_address_it_listens_on() {
    let t = crate::support::sqlite().await;
    open_cup(&t, 8, 0).await;
    let server = Server::start_without_base_url(&t, &[]);
    assert!(
        server.lines.iter().any(|l| l
            == &format!(
                "links lead to {} (set --base-url to the address visitors use)",
                server.base
            )),
        "{:#?}",
        server.lines
    );
    let root = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(format!("{}/", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(
        root.headers()["location"],
        format!("{}/en/", server.base).as_str()
    );
    let mut player = Player::new(&server, "Newcomer", "new@example.org");
    let page = player.get("/en/tournaments/cup").await;
    assert!(
        page.html.contains(&format!(
            "action=\"{}/en/tournaments/cup/registrations\"",
            server.base
        )),
        "{}",
        page.html
    );
    let confirmation = player.register("en", "cup").await;
    assert_eq!(confirmation.status, StatusCode::OK, "{}", confirmation.html);
    assert!(
        confirmation
            .withdrawal_link()
            .is_some_and(|l| l.starts_with(&server.base)),
        "{}",
        confirmation.html
    );

    let elsewhere = Server::start(&t, &[]);
    assert!(
        elsewhere.lines.iter().any(|l| l.starts_with(
            "note: links lead to https://cup.example.org, not to this server's address"
        )),
        "{:#?}",
        elsewhere.lines
    );
}

on_both_backends! {
    /// The player's page after the start offers no withdrawal (it says why) and lists their
    /// matches; after the end it gives their final place.
    async fn the_players_page_after_the_start_shows_matches_and_the_place(t: TestDb) {
        open_cup(&t, 8, 3).await;
        let server = Server::start_self_linked(&t, &[]);
        let mut player = Player::new(&server, "Zoë", "zoe@example.org");
        let confirmation = player.register("en", "cup").await;
        let link = confirmation.withdrawal_link().expect("the private link");
        let before = player.get(&link).await;
        assert!(before.html.contains("class=\"danger\""), "withdrawal before the start: {}", before.html);

        t.run(&["tournaments", "status", "cup", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "cup"]);
        let playing = player.get(&link).await;
        assert!(!playing.html.contains("class=\"danger\""), "no withdrawal once under way: {}", playing.html);
        assert!(playing.html.contains("withdrawing is over") && playing.html.contains("Round 1: "), "{}", playing.html);

        while t.run(&["matches", "list", "cup", "--ready"]).lines().count() > 1 {
            t.report_first_ready("cup");
        }
        let finished = player.get(&link).await;
        assert!(finished.html.contains("Zoë finished in place "), "{}", finished.html);
        assert!(finished.html.contains("The tournament is over") && !finished.html.contains("class=\"danger\""), "{}", finished.html);
        assert!(finished.html.contains("Round 2: "), "{}", finished.html);
    }
}
