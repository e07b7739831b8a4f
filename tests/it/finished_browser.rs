//! What people meet once a tournament has moved on, in Chromium on both databases: a finished
//! round robin keeps its table with points on the portal, in the standings widget and in the
//! API (with its final places beside it); a player still on the waiting list at the draw is
//! not admitted, and their own page, the API and the events say so; a confirmation page says
//! when check-in opens. axe-core checks the pages.

use serde_json::Value;

use crate::support::browser::{Browser, axe_source};
use crate::support::on_both_backends;
use crate::support::player::Player;
use crate::support::scalar;
use crate::support::server::Server;

const TEST: &str = "finished_browser::what_people_meet_after_the_draw";

async fn text_of_page(browser: &Browser, url: &str) -> String {
    browser
        .client
        .goto(url)
        .await
        .unwrap_or_else(|e| panic!("{url}: {e}"));
    browser
        .wait_until(url, "return document.readyState === 'complete';")
        .await;
    browser
        .js("return document.body.innerText;")
        .await
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

on_both_backends! {
    async fn what_people_meet_after_the_draw(t: TestDb) {
        let Some(axe) = axe_source(TEST) else { return };
        let Some(browser) = Browser::start(TEST).await else { return };
        t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
        let create = |slug: &str, format: &str, places: &str, extra: &[&str]| {
            let mut args = vec![
                "tournaments", "create", "--space", "club", "--slug", slug, "--name", slug, "--game", "chess",
                "--format", format, "--max-participants", places, "--starts-at", "2030-12-04T18:00:00Z",
            ];
            args.extend(extra);
            t.run(&args);
            t.run(&["tournaments", "status", slug, "REGISTRATION_OPEN"]);
        };
        // A round robin of four, played to the end: side a wins every match 2-1.
        create("league", "round_robin", "4", &[]);
        for name in ["Anna", "Boris", "Clara", "Dmitri"] {
            t.run(&["tournaments", "register", "league", name]);
        }
        t.run(&["tournaments", "status", "league", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "league"]);
        for _ in 0..6 {
            t.report_first_ready("league");
        }
        // Two places, a waiting list, and check-in: the third to register waits, and is left
        // out at the draw.
        create("pair", "single_elimination", "2", &["--waiting-list", "2", "--check-in-opens", "1h", "--check-in-closes", "0s"]);
        let server = Server::start_self_linked(&t, &[]);

        let key = t.run(&["keys", "create", "--space", "club"]);
        let key = key.lines().nth(1).expect("the key, on the second line").trim().to_owned();
        let api = |path: &str| {
            let (url, key) = (server.url(path), key.clone());
            async move {
                let answer = reqwest::Client::new().get(url).bearer_auth(key).send().await.expect("GET");
                answer.json::<Value>().await.expect("JSON")
            }
        };
        let standings = api("/api/v1/tournaments/league/standings").await;
        let data = &standings["data"];
        assert_eq!(data["type"], "points_table", "a finished league keeps its table: {standings}");
        let rows = data["rows"].as_array().expect("rows");
        assert_eq!(rows.len(), 4);
        assert!(rows.iter().all(|r| r["points"].is_number() && r["wins"].is_number()), "{standings}");
        let places = data["final_places"].as_array().expect("the final places beside the table");
        assert_eq!(places.len(), 4);
        assert_eq!(places[0]["place"], 1);
        assert_eq!(places[0]["name"], rows[0]["name"], "the table's leader is first");

        for url in [server.url("/en/tournaments/league"), server.url("/embed/en/tournaments/league/standings")] {
            let text = text_of_page(&browser, &url).await;
            assert!(text.contains("Final standings: every round is played."), "{url}: {text}");
            assert!(text.contains("Points") && text.contains("Completed") || url.contains("/embed/"), "{url}: {text}");
            let leader = rows[0]["name"].as_str().unwrap();
            let points = rows[0]["points"].to_string();
            let line = text.lines().find(|l| l.contains(leader) && l.contains(&points));
            assert!(line.is_some(), "{url}: the leader's row with {points} points: {text}");
            browser.check_page(&axe, "finished", if url.contains("/embed/") { "league-widget" } else { "league-portal" }).await;
        }
        let russian = text_of_page(&browser, &server.url("/ru/tournaments/league")).await;
        assert!(russian.contains("Итоговая таблица: все туры сыграны."), "{russian}");

        // Three register for two places; the third waits, told when check-in opens.
        let mut links = Vec::new();
        for name in ["Ira", "Lev", "Nika"] {
            let mut player = Player::new(&server, name, &format!("{}@example.org", name.to_lowercase()));
            let confirmation = player.register("en", "pair").await;
            assert!(confirmation.html.contains("Check-in opens 4 December 2030, 17:00 UTC and closes 4 December 2030, 18:00 UTC"), "{}", confirmation.html);
            links.push(confirmation.withdrawal_link().expect("a private link"));
        }
        let before = text_of_page(&browser, &links[2]).await;
        assert!(before.contains("number 1 on the waiting list"), "{before}");
        t.run(&["tournaments", "status", "pair", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "pair"]);
        let after = text_of_page(&browser, &links[2]).await;
        assert!(after.contains("Nika was on the waiting list and is not admitted"), "{after}");
        assert!(!after.contains("waiting list.") || !after.contains("number 1"), "no place in line any more: {after}");
        assert!(after.contains("there is nothing to withdraw from"), "{after}");
        browser.check_page(&axe, "finished", "not-admitted-en").await;
        let ru = text_of_page(&browser, &links[2].replace("/en/player/", "/ru/player/")).await;
        assert!(ru.contains("не допущен"), "{ru}");
        browser.check_page(&axe, "finished", "not-admitted-ru").await;
        let detail = api("/api/v1/tournaments/pair").await;
        let nika = detail["data"]["participants"].as_array().unwrap().iter().find(|p| p["name"] == "Nika").cloned().expect("Nika");
        assert_eq!(nika["status"], "not_admitted", "{detail}");
        assert_eq!(nika["waiting_position"], Value::Null);
        assert_eq!(detail["data"]["waiting_list"]["waiting"], 0, "nobody waits after the draw");
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM events WHERE type = 'registration.not_admitted'").await, 1);
        let portal = text_of_page(&browser, &server.url("/en/tournaments/pair")).await;
        assert!(!portal.contains("Place in line"), "the finished draw shows no waiting list: {portal}");
        browser.close().await;
    }
}
