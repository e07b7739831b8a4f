//! The room's times and the venue screen over HTTP, beside a `serve` that calls (docs/portal.md
//! "The venue screen", docs/desk.md "Times"): a player waiting for a station is told when their
//! next match may be called, on their page and in their calendar (`.ics`, one event per match
//! under a UID that stays, its SEQUENCE growing as it changes); serve never calls the match
//! before that time, and the desk's call before it says so. A screen is public only for a
//! published tournament, and a space's screen never names the players of one that is not.

use std::time::{Duration, Instant};

use serde_json::Value;

use crate::support::integrator::Integrator;
use crate::support::organiser::Organiser;
use crate::support::player::Player;
use crate::support::server::Server;
use crate::support::{TestDb, on_both_backends};

const SERVE: &[&str] = &["--no-dispatch", "--rate-limit", "1000000"];

/// Space `club` with `stations`, and tournament `slug` ("Spring Open", single elimination, on
/// every station) open for registration; `extra` flags go to `tournaments create`.
fn club(t: &TestDb, stations: &[&str], slug: &str, capacity: usize, extra: &[&str]) {
    t.run(&["spaces", "create", "club", "--name", "Club"]);
    let mut add = vec!["stations", "add", "--space", "club"];
    add.extend(stations);
    t.run(&add);
    tournament(t, slug, "Spring Open", capacity, extra);
}

fn tournament(t: &TestDb, slug: &str, name: &str, capacity: usize, extra: &[&str]) {
    let capacity = capacity.to_string();
    let mut create = vec![
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
        &capacity,
        "--starts-at",
        "2030-12-04T18:00:00Z",
        "--stations",
        "all",
    ];
    create.extend(extra);
    t.run(&create);
}

/// The API's matches of `slug`, once `ready` holds for them (polled for 20 s).
async fn matches_when(
    api: &Integrator,
    slug: &str,
    what: &str,
    ready: impl Fn(&[Value]) -> bool,
) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let answer = api
            .json(&format!("/api/v1/tournaments/{slug}/matches"))
            .await;
        let list = answer["data"].as_array().cloned().unwrap_or_default();
        if ready(&list) {
            return list;
        }
        assert!(Instant::now() < deadline, "{what}: {answer}");
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
}

fn time(value: &Value) -> Option<i64> {
    value
        .as_str()
        .map(|at| tourney::timestamp::parse(at).expect("a time"))
}

/// `18:42 UTC`, as pages write a time of the day.
fn clock(ms: i64) -> String {
    tourney::pages::i18n::clock(ms)
}

/// The value of iCalendar property `name` in the event with UID `uid`.
fn property(ics: &str, uid: &str, name: &str) -> Option<String> {
    let unfolded = ics.replace("\r\n ", "");
    let event = unfolded
        .split("BEGIN:VEVENT")
        .find(|e| e.contains(&format!("UID:{uid}\r\n")))?;
    event
        .split("\r\n")
        .find_map(|line| line.strip_prefix(&format!("{name}:")).map(str::to_owned))
}

on_both_backends! {
    async fn a_waiting_player_is_told_when_and_an_early_call_from_the_desk_says_so(t: TestDb) {
        // Two stations, the second paused: the semi-finals are played one after the other, and
        // the second waits for the first's estimate of ten minutes.
        club(&t, &["Table 1", "Table 2"], "spring", 4, &["--match-duration", "10m"]);
        t.run(&["tournaments", "status", "spring", "REGISTRATION_OPEN"]);
        let key = Organiser::new(&t).key("club").await;
        let server = Server::start_self_linked(&t, SERVE);
        let api = Integrator::new(&server, &key);
        let mut links = Vec::new();
        for name in ["Anna", "Boris", "Clara", "Dmitri"] {
            let mut player = Player::new(&server, name, &format!("{}@example.org", name.to_lowercase()));
            let link = player.register("en", "spring").await.withdrawal_link().expect("a private link");
            links.push((name, player, link));
        }
        t.run(&["stations", "pause", "--space", "club", "Table 2"]);
        t.run(&["tournaments", "status", "spring", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "spring"]);

        let list = matches_when(&api, "spring", "one semi-final called, the other given its time", |list| {
            list.iter().any(|m| !m["station"].is_null())
                && list.iter().any(|m| m["status"] == "ready" && m["station"].is_null() && !m["not_before"].is_null())
        }).await;
        let first = list.iter().find(|m| !m["station"].is_null()).unwrap();
        let second = list.iter().find(|m| m["status"] == "ready" && m["station"].is_null()).unwrap();
        let called_at = time(&first["called_at"]).unwrap();
        let not_before = time(&second["not_before"]).unwrap();
        assert!(
            not_before >= called_at + 10 * 60_000 && not_before < called_at + 11 * 60_000,
            "the second semi-final is due when the first's ten minutes are over, to the minute: {second}"
        );
        assert_eq!(not_before % 60_000, 0, "a time of whole minutes: {second}");
        // The final follows the second semi-final: its time is published too, later.
        let final_ = list.iter().find(|m| m["round"] == 2).unwrap();
        assert!(time(&final_["not_before"]).is_some_and(|at| at >= not_before + 10 * 60_000), "{final_}");

        // A player of the second semi-final reads it first on their page, and in their calendar.
        let Value::String(a_name) = &second["a_name"] else { panic!("{second}") };
        let (_, player, link) = links.iter_mut().find(|(name, ..)| name == a_name).expect("the player");
        let page = player.get(link).await;
        let said = format!("Your next match: not before {}", clock(not_before));
        assert!(page.html.contains(&said), "{said}: {}", page.html);
        assert!(page.html.contains(second["b_name"].as_str().unwrap()), "the opponent is named");
        let calendar = player.get(&format!("{link}/matches.ics")).await;
        assert_eq!(calendar.status, 200);
        assert_eq!(calendar.headers["content-type"], "text/calendar; charset=utf-8");
        assert!(calendar.headers["cache-control"].to_str().unwrap().contains("no-store"));
        let id = second["id"].as_str().unwrap();
        let ics = &calendar.html;
        // The match's UID is its own for ever: no host, no language in it.
        let uid = ics
            .split("\r\n")
            .find_map(|line| line.strip_prefix("UID:").filter(|uid| uid.starts_with(&format!("match-{id}-"))))
            .unwrap_or_else(|| panic!("the match's event: {ics}"))
            .to_owned();
        assert!(uid.ends_with("@tourney"), "{uid}");
        assert!(ics.starts_with("BEGIN:VCALENDAR\r\n") && ics.ends_with("END:VCALENDAR\r\n"), "{ics}");
        assert_eq!(property(ics, &uid, "DTSTART"), Some(tourney::timestamp::format_ical(not_before)), "{ics}");
        assert_eq!(property(ics, &uid, "LOCATION"), None, "no station yet: {ics}");
        let secret = link.rsplit('/').next().expect("the link's secret");
        assert!(!ics.contains(secret), "the private link stays out of calendars: {ics}");
        let sequence = |ics: &str| property(ics, &uid, "SEQUENCE").expect("a SEQUENCE").parse::<i64>().expect("a number");
        let before = sequence(ics);

        // serve keeps the promise: with Table 2 resumed, the match still waits for its time.
        t.run(&["stations", "resume", "--space", "club", "Table 2"]);
        tokio::time::sleep(Duration::from_millis(2_500)).await;
        let list = matches_when(&api, "spring", "read", |_| true).await;
        let waiting = list.iter().find(|m| m["id"] == id).expect("the second semi-final");
        assert!(waiting["station"].is_null(), "not called before its time: {waiting}");
        assert_eq!(time(&waiting["not_before"]), Some(not_before), "nor moved: {waiting}");

        // The desk may call it now; it is told that the players were given a later time.
        let said = t.run(&["matches", "call", "spring", id, "--station", "Table 2"]);
        assert!(said.contains("called to Table 2"), "{said}");
        assert!(
            said.contains(&format!("called before the time its players were given ({})", clock(not_before))),
            "{said}"
        );
        let page = player.get(link).await;
        assert!(page.html.contains("Your match is called: Table 2"), "{}", page.html);
        let ics = player.get(&format!("{link}/matches.ics")).await.html;
        assert_eq!(property(&ics, &uid, "LOCATION").as_deref(), Some("Table 2"), "{ics}");
        assert!(sequence(&ics) > before, "the event's revision grows: {ics}");

        // A link that is not one is the portal's answer, not a calendar.
        let wrong = player.get("/en/player/not-a-link/matches.ics").await;
        assert_eq!(wrong.status, 404);
    }

    async fn the_venue_screen_is_public_only_for_a_published_tournament(t: TestDb) {
        club(&t, &["Table 1", "Table 2", "Table 3"], "spring", 4, &["--match-duration", "1s"]);
        t.run(&["tournaments", "status", "spring", "REGISTRATION_OPEN"]);
        for name in ["Anna", "Boris", "Clara", "Dmitri"] {
            t.run(&["tournaments", "register", "spring", name]);
        }
        // A test tournament of the same space, played on its stations: never public.
        tournament(&t, "trial", "Closed Trial", 2, &["--test", "--match-duration", "1s"]);
        t.run(&["tournaments", "status", "trial", "REGISTRATION_OPEN"]);
        for name in ["Secret Sam", "Hidden Hanna"] {
            t.run(&["tournaments", "register", "trial", name]);
        }
        // A draft, on stations too.
        tournament(&t, "draft", "Draft Cup", 2, &[]);
        let server = Server::start_self_linked(&t, SERVE);
        let mut visitor = Player::new(&server, "Visitor", "visitor@example.org");
        for path in ["/en/tournaments/draft/screen", "/en/tournaments/trial/screen", "/en/tournaments/nope/screen", "/en/organizer/nope/screen"] {
            let page = visitor.get(path).await;
            assert_eq!(page.status, 404, "{path}");
            assert!(page.headers["content-type"].to_str().unwrap().starts_with("text/html"), "{path}");
        }
        for stream in ["/live/screen/tournaments/draft", "/live/screen/tournaments/trial", "/live/screen/organizer/nope", "/live/screen/elsewhere/spring"] {
            let answer = reqwest::get(server.url(stream)).await.expect("an answer");
            assert_eq!(answer.status(), 404, "{stream}");
        }

        // Before the start, the screen says the stations come once it is under way.
        let page = visitor.get("/en/tournaments/spring/screen").await;
        assert_eq!(page.status, 200);
        assert!(page.html.contains("Stations are shown here once the tournament is under way."), "{}", page.html);
        let page = visitor.get("/ru/tournaments/spring/screen").await;
        assert!(page.html.contains("Площадки появятся здесь, когда турнир начнётся."), "{}", page.html);

        t.run(&["tournaments", "status", "trial", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "trial"]);
        t.run(&["tournaments", "status", "spring", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "spring"]);
        let deadline = Instant::now() + Duration::from_secs(20);
        let screen = loop {
            let page = visitor.get("/en/organizer/club/screen").await;
            assert_eq!(page.status, 200);
            if page.html.matches("class=\"station called\"").count() == 2 && page.html.contains("In use") {
                break page.html;
            }
            assert!(Instant::now() < deadline, "three stations taken: {}", page.html);
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        for name in ["Anna", "Boris", "Clara", "Dmitri"] {
            assert!(screen.contains(name), "{name} is on the space's screen");
        }
        for hidden in ["Secret Sam", "Hidden Hanna", "Closed Trial", "trial", "Draft Cup"] {
            assert!(!screen.contains(hidden), "{hidden} is not public: {screen}");
        }
        assert!(screen.contains("Spring Open"), "the tournament in play is named");
        assert!(screen.contains("screen theme-dark"), "dark by default");
        let light = visitor.get("/en/organizer/club/screen?theme=light").await;
        assert!(light.html.contains("screen theme-light"));
        // The tournament's own screen shows its stations only as theirs: the trial's is in use.
        let own = visitor.get("/en/tournaments/spring/screen").await.html;
        assert!(own.contains("Spring Open") && !own.contains("Secret Sam"), "{own}");
        assert!(own.contains("data-live=\"/live/screen/tournaments/spring\""), "{own}");
        let stream = reqwest::get(server.url("/live/screen/tournaments/spring")).await.expect("a stream");
        assert_eq!(stream.status(), 200);
        assert_eq!(stream.headers()["content-type"], "text/event-stream");
    }
}
