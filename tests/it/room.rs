//! The room (docs/desk.md "Running the room"), in the deployment's shape: stations added from
//! the shell, tournaments played on them, `serve` processes calling matches as stations free
//! (two of them on one database), results reported from the shell beside them, and what the API
//! shows read throughout. No station ever holds two matches, nor a player two stations; rest is
//! kept; a result, a forfeit or a correction frees its station and the next call follows.

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::support::integrator::Integrator;
use crate::support::organiser::Organiser;
use crate::support::server::Server;
use crate::support::{TestDb, on_both_backends};

/// `serve` as these tests run it: no webhooks to deliver, and a rate limit the tests' polling
/// never meets.
const SERVE: &[&str] = &["--no-dispatch", "--rate-limit", "1000000"];

/// A tournament `slug` of space `club`, with `players` registered and started; `extra` flags go
/// to `tournaments create`.
fn started(t: &TestDb, slug: &str, format: &str, players: usize, extra: &[&str]) {
    let capacity = players.to_string();
    let mut create = vec![
        "tournaments",
        "create",
        "--space",
        "club",
        "--slug",
        slug,
        "--name",
        "Room Cup",
        "--game",
        "chess",
        "--format",
        format,
        "--max-participants",
        &capacity,
        "--starts-at",
        "2026-12-01T18:00:00Z",
    ];
    create.extend(extra);
    t.run(&create);
    t.run(&["tournaments", "status", slug, "REGISTRATION_OPEN"]);
    for n in 1..=players {
        t.run(&[
            "tournaments",
            "register",
            slug,
            &format!("{slug} player {n}"),
        ]);
    }
    t.run(&["tournaments", "status", slug, "REGISTRATION_CLOSED"]);
    t.run(&["tournaments", "start", slug]);
}

/// The space `club` with `stations`.
fn club(t: &TestDb, stations: &[&str]) {
    t.run(&["spaces", "create", "club", "--name", "Club"]);
    let mut add = vec!["stations", "add", "--space", "club"];
    add.extend(stations);
    t.run(&add);
}

/// The unfinished matches of an API `/matches` answer that hold a station.
fn on_stations(matches: &Value) -> Vec<&Value> {
    matches["data"]
        .as_array()
        .expect("a list of matches")
        .iter()
        .filter(|m| m["status"] != "completed" && !m["station"].is_null())
        .collect()
}

/// Fails if the matches read hold a station twice, or a player on two stations.
fn assert_no_double_booking(matches: &[&Value], seen: &str) {
    let mut stations = BTreeSet::new();
    let mut players = BTreeSet::new();
    for m in matches {
        assert_eq!(
            m["status"], "ready",
            "only ready matches are called ({seen}): {m}"
        );
        assert!(
            stations.insert(m["station"].as_str().unwrap().to_owned()),
            "a station holds two matches ({seen}): {matches:?}"
        );
        for side in ["a_id", "b_id"] {
            let player = m[side].as_str().expect("a called match has both players");
            assert!(
                players.insert(player.to_owned()),
                "a player is on two stations ({seen}): {matches:?}"
            );
        }
        assert!(!m["called_at"].is_null(), "a call has its time: {m}");
    }
}

/// Every match of the tournament read through `api`, across all stages.
async fn matches_of(api: &Integrator, slug: &str) -> Value {
    api.json(&format!("/api/v1/tournaments/{slug}/matches"))
        .await
}

on_both_backends! {
    async fn sixteen_players_on_four_stations_are_called_by_two_servers_and_never_double_booked(t: TestDb) {
        club(&t, &["Table 1", "Table 2", "Table 3", "Table 4"]);
        started(&t, "open", "single_elimination", 16, &["--stations", "all", "--match-duration", "1s"]);
        let key = Organiser::new(&t).key("club").await;
        let (a, b) = (Server::start(&t, SERVE), Server::start(&t, SERVE));
        let apis = [Integrator::new(&a, &key), Integrator::new(&b, &key)];

        let deadline = Instant::now() + Duration::from_secs(180);
        let mut reported = 0;
        let mut waited_for_calls = Vec::new();
        let mut turn = 0usize;
        loop {
            assert!(Instant::now() < deadline, "the event ends in time ({reported} reported)");
            turn += 1;
            // Both replicas, read in turn: neither ever shows a double booking.
            let api = &apis[turn % 2];
            let matches = matches_of(api, "open").await;
            let called = on_stations(&matches);
            assert_no_double_booking(&called, api_name(turn));
            let stations = api.json("/api/v1/stations").await;
            let held: Vec<&Value> = stations["data"].as_array().unwrap().iter()
                .filter(|s| !s["match"].is_null()).collect();
            let ids: BTreeSet<&str> = held.iter().map(|s| s["match"]["id"].as_str().unwrap()).collect();
            assert_eq!(ids.len(), held.len(), "/stations names each match once: {stations}");
            if api.json("/api/v1/tournaments/open").await["data"]["status"] == "COMPLETED" {
                break;
            }
            let ready = matches["data"].as_array().unwrap().iter()
                .filter(|m| m["status"] == "ready").count();
            // A station is free while a match waits: the call is due within 2 s of the result.
            if called.is_empty() || (called.len() < 4 && ready > called.len()) {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
            let game = called[reported % called.len()];
            let id = game["id"].as_str().unwrap().to_owned();
            let score = if reported % 3 == 0 { "0-2" } else { "2-1" };
            t.run(&["matches", "report", "open", &id, "--score", score]);
            let freed = Instant::now();
            reported += 1;
            // Every station is given a waiting match again (as many as may be called), within 2 s
            // of the result or of the time published for the match, whichever is later.
            loop {
                let now = matches_of(&apis[reported % 2], "open").await;
                let clock = tourney::timestamp::now_ms();
                let due = |m: &&Value| m["not_before"].as_str()
                    .is_none_or(|at| tourney::timestamp::parse(at).unwrap() <= clock - 2_000);
                let ready = now["data"].as_array().unwrap().iter()
                    .filter(|m| m["status"] == "ready").filter(|m| !m["station"].is_null() || due(m)).count();
                if on_stations(&now).len() >= ready.min(4) {
                    waited_for_calls.push(freed.elapsed());
                    break;
                }
                assert!(
                    freed.elapsed() < Duration::from_millis(2_000)
                        || now["data"].as_array().unwrap().iter().filter(|m| m["status"] == "ready" && m["station"].is_null()).all(|m| !due(&m)),
                    "a free station is given a match that may be called within 2 s: {now}"
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
        assert_eq!(reported, 15, "every match of a 16-player single elimination was called and played");
        let matches = matches_of(&apis[0], "open").await;
        for m in matches["data"].as_array().unwrap() {
            assert_eq!(m["status"], "completed");
            assert!(m["station"].as_str().is_some_and(|s| s.starts_with("Table ")), "played on a station: {m}");
            assert!(!m["called_at"].is_null(), "{m}");
        }
        let longest = waited_for_calls.iter().max().unwrap();
        eprintln!("room: {} results, the next call within {longest:?} at most", waited_for_calls.len());
    }

    async fn a_final_waits_for_the_later_semi_finalist_to_rest(t: TestDb) {
        club(&t, &["Court 1", "Court 2"]);
        started(&t, "cup", "single_elimination", 4, &["--stations", "all", "--rest", "4s", "--match-duration", "1s"]);
        let key = Organiser::new(&t).key("club").await;
        let server = Server::start(&t, SERVE);
        let api = Integrator::new(&server, &key);
        let semis = wait_for(&api, "cup", |called| called.len() == 2).await;
        let [first, second] = [semis[0].clone(), semis[1].clone()];
        t.run(&["matches", "report", "cup", &first, "--score", "2-0"]);
        tokio::time::sleep(Duration::from_millis(1_500)).await;
        t.run(&["matches", "report", "cup", &second, "--score", "2-0"]);
        let final_ = wait_for(&api, "cup", |called| called.len() == 1).await;
        let matches = matches_of(&api, "cup").await;
        let time = |id: &str, field: &str| -> i64 {
            let m = matches["data"].as_array().unwrap().iter().find(|m| m["id"] == id).unwrap();
            tourney::timestamp::parse(m[field].as_str().unwrap()).unwrap()
        };
        let rested_from = time(&second, "completed_at");
        let called_at = time(&final_[0], "called_at");
        assert!(
            called_at - rested_from >= 4_000,
            "the final is called only once the later semi-finalist rested 4 s: {}ms",
            called_at - rested_from
        );
        assert!(
            called_at - rested_from < 6_500,
            "and promptly then: {}ms",
            called_at - rested_from
        );
        let first_done = time(&first, "completed_at");
        assert!(called_at - first_done >= 5_500, "the earlier semi-finalist rested longer");
    }

    async fn tournaments_sharing_a_station_never_both_hold_it(t: TestDb) {
        club(&t, &["Board A", "Board B"]);
        started(&t, "swiss", "swiss", 8, &["--stations", "all", "--rounds", "2", "--match-duration", "1s"]);
        started(&t, "duel", "single_elimination", 4, &["--stations", "board b", "--match-duration", "1s"]);
        let key = Organiser::new(&t).key("club").await;
        let (a, b) = (Server::start(&t, SERVE), Server::start(&t, SERVE));
        let apis = [Integrator::new(&a, &key), Integrator::new(&b, &key)];
        let deadline = Instant::now() + Duration::from_secs(120);
        let mut turn = 0usize;
        let mut duel_stations = BTreeSet::new();
        loop {
            assert!(Instant::now() < deadline, "both events end in time");
            turn += 1;
            let api = &apis[turn % 2];
            let stations = api.json("/api/v1/stations").await;
            let mut holders: BTreeMap<String, String> = BTreeMap::new();
            let (swiss, duel) = (matches_of(api, "swiss").await, matches_of(api, "duel").await);
            let mut called: Vec<(&str, &Value)> = Vec::new();
            for (slug, matches) in [("swiss", &swiss), ("duel", &duel)] {
                for m in on_stations(matches) {
                    let station = m["station"].as_str().unwrap().to_owned();
                    assert!(
                        holders.insert(station.clone(), slug.to_owned()).is_none(),
                        "{station} holds a match of two tournaments: {stations}"
                    );
                    if slug == "duel" {
                        duel_stations.insert(station);
                    }
                    called.push((slug, m));
                }
            }
            let done = |api_answer: Value| api_answer["data"]["status"] == "COMPLETED";
            if done(api.json("/api/v1/tournaments/swiss").await) && done(api.json("/api/v1/tournaments/duel").await) {
                break;
            }
            if let Some((slug, game)) = called.get(turn % called.len().max(1)).or(called.first()) {
                t.run(&["matches", "report", slug, game["id"].as_str().unwrap(), "--score", "1-0"]);
            } else {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
        assert_eq!(duel_stations, BTreeSet::from(["Board B".to_owned()]), "the duel plays on its own station only");
    }

    async fn published_times_never_move_earlier_and_no_call_comes_before_its_time(t: TestDb) {
        club(&t, &["Table 1", "Table 2"]);
        started(&t, "fast", "double_elimination", 8, &["--stations", "all", "--match-duration", "3s"]);
        let key = Organiser::new(&t).key("club").await;
        let server = Server::start(&t, SERVE);
        let api = Integrator::new(&server, &key);
        let time = |v: &Value| v.as_str().map(|at| tourney::timestamp::parse(at).expect("a time"));
        let mut highest: BTreeMap<String, i64> = BTreeMap::new();
        let mut all_timed = false;
        let deadline = Instant::now() + Duration::from_secs(150);
        loop {
            let matches = matches_of(&api, "fast").await;
            assert!(Instant::now() < deadline, "the event ends in time: {matches}");
            let list = matches["data"].as_array().unwrap();
            for m in list {
                let id = m["id"].as_str().unwrap().to_owned();
                if let Some(at) = time(&m["not_before"]) {
                    let before = highest.insert(id.clone(), at);
                    assert!(before.is_none_or(|b| at >= b), "a published time never moves earlier: {m}");
                    if let Some(called) = time(&m["called_at"]) {
                        assert!(called >= at, "no call before its published time: {m}");
                    }
                }
            }
            // Once the room has run a few seconds, every match not yet called has its time.
            let untimed = list.iter().filter(|m| m["status"] != "completed" && m["station"].is_null()
                && m["not_before"].is_null()).count();
            all_timed |= untimed == 0;
            if api.json("/api/v1/tournaments/fast").await["data"]["status"] == "COMPLETED" {
                break;
            }
            // Results come around the estimate: each called match ends 2 to 4 s after its call.
            let now = tourney::timestamp::now_ms();
            for (n, m) in on_stations(&matches).into_iter().enumerate() {
                let called = time(&m["called_at"]).unwrap();
                if now - called >= 2_000 + 1_000 * (n as i64 % 3) {
                    t.run(&["matches", "report", "fast", m["id"].as_str().unwrap(), "--score", "2-1"]);
                }
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        assert!(all_timed, "every match waiting for a station was given a time");
        assert!(highest.len() >= 10, "the times of most matches were seen: {}", highest.len());
    }

    async fn calls_made_at_once_from_many_shells_give_a_station_one_match(t: TestDb) {
        club(&t, &["Table 1", "Table 2"]);
        // No server: every call here is the desk's, eight at once for one station.
        started(&t, "rr", "round_robin", 16, &["--stations", "all"]);
        let listing = t.run(&["matches", "list", "rr", "--ready"]);
        let ready: Vec<String> = listing.lines().skip(1)
            .filter_map(|l| l.split_whitespace().next().map(str::to_owned)).take(8).collect();
        assert_eq!(ready.len(), 8);
        // Eight processes started together, each calling its match to Table 2.
        let calls = ready.iter().map(|id| {
            let mut command = t.tourney();
            command.args(["matches", "call", "rr", id, "--station", "Table 2"]);
            tokio::task::spawn_blocking(move || command.output().expect("run tourney"))
        });
        let outcomes: Vec<std::process::Output> = futures_util::future::join_all(calls).await
            .into_iter().map(|joined| joined.expect("join")).collect();
        let succeeded = outcomes.iter().filter(|o| o.status.success()).count();
        assert_eq!(succeeded, 1, "one call takes the station: {outcomes:?}");
        for refused in outcomes.iter().filter(|o| !o.status.success()) {
            let said = String::from_utf8_lossy(&refused.stderr);
            assert!(
                said.contains("station 'Table 2' holds match") || said.contains("given another match meanwhile"),
                "a clear refusal: {said}"
            );
            assert!(!said.contains("panicked") && !said.contains("internal"), "{said}");
        }
        let stations = t.run(&["stations", "list", "--space", "club"]);
        assert_eq!(stations.matches("rr mat_").count(), 1, "{stations}");

        // The desk moves that call to Table 1: Table 2 is free again, the match called once.
        let winner = outcomes.iter().zip(&ready).find(|(o, _)| o.status.success()).map(|(_, id)| id).unwrap();
        let moved = t.run(&["matches", "call", "rr", winner, "--station", "table 1"]);
        assert!(moved.contains("called to Table 1"), "{moved}");
        let stations = t.run(&["stations", "list", "--space", "club"]);
        let line = |name: &str| stations.lines().find(|l| l.starts_with(name)).unwrap().to_owned();
        assert!(line("Table 1").contains(winner.as_str()) && line("Table 2").ends_with("free"), "{stations}");
        let again = t.shell(&["matches", "call", "rr", winner, "--station", "Table 1"]).await;
        assert!(String::from_utf8_lossy(&again.stderr).contains("already called to 'Table 1'"), "{again:?}");
    }

    async fn pause_remove_uncall_forfeit_and_correction_free_and_hold_stations_as_said(t: TestDb) {
        club(&t, &["Table 1", "Table 2"]);
        started(&t, "cup", "single_elimination", 8, &["--stations", "Table 1,Table 2", "--match-duration", "1s"]);
        let key = Organiser::new(&t).key("club").await;
        let server = Server::start(&t, SERVE);
        let api = Integrator::new(&server, &key);
        let first = wait_for(&api, "cup", |called| called.len() == 2).await;

        // A station holding a match is not removed.
        let refused = t.shell(&["stations", "remove", "--space", "club", "Table 1"]).await;
        assert!(!refused.status.success());
        assert!(String::from_utf8_lossy(&refused.stderr).contains("holds match"), "{refused:?}");

        // Paused, a station is given nothing new, though a match waits.
        t.run(&["stations", "pause", "--space", "club", "Table 2"]);
        let on_two = station_of(&api, "cup", "Table 2").await.expect("Table 2 holds a match");
        t.run(&["matches", "report", "cup", &on_two, "--forfeit", "b"]);
        tokio::time::sleep(Duration::from_millis(2_500)).await;
        assert_eq!(station_of(&api, "cup", "Table 2").await, None, "a forfeit frees the station; paused, it stays free");
        let stations = api.json("/api/v1/stations").await;
        assert_eq!(stations["data"][1]["paused"], true, "{stations}");
        t.run(&["stations", "resume", "--space", "club", "Table 2"]);
        let next = wait_until(|| async { station_of(&api, "cup", "Table 2").await }).await;
        assert!(!first.contains(&next), "a waiting match is called once the station resumes");

        // Taken back, a call frees its station; the match waits in the queue again.
        let on_one = station_of(&api, "cup", "Table 1").await.expect("Table 1 holds a match");
        t.run(&["stations", "pause", "--space", "club", "Table 1"]);
        t.run(&["matches", "uncall", "cup", &on_one]);
        let matches = matches_of(&api, "cup").await;
        let taken_back = matches["data"].as_array().unwrap().iter().find(|m| m["id"] == on_one.as_str()).unwrap();
        assert!(taken_back["station"].is_null() && taken_back["called_at"].is_null(), "{taken_back}");
        let removed = t.run(&["stations", "remove", "--space", "club", "Table 1"]);
        assert!(removed.contains("removed station Table 1"), "{removed}");
        assert!(t.shell(&["matches", "call", "cup", &on_one, "--station", "Table 1"]).await.status.code() == Some(1));

        // The desk's call, its start, and a correction that changes the called match's players.
        t.run(&["stations", "add", "--space", "club", "Table 1"]);
        t.run(&["tournaments", "update", "cup", "--stations", "all"]);
        let now_called = wait_for(&api, "cup", |called| called.len() == 2).await;
        let started_game = &now_called[0];
        t.run(&["matches", "start", "cup", started_game]);
        let again = t.shell(&["matches", "start", "cup", started_game]).await;
        assert!(String::from_utf8_lossy(&again.stderr).contains("being played already"));
        let matches = matches_of(&api, "cup").await;
        let begun = matches["data"].as_array().unwrap().iter().find(|m| m["id"] == started_game.as_str()).unwrap();
        assert!(!begun["started_at"].is_null(), "{begun}");
        // The first-round forfeit, corrected the other way, puts another player in a later match:
        // a call of that match (if any) is taken back with the change, never left on a station.
        t.run(&["matches", "correct", "cup", &on_two, "--forfeit", "a"]);
        let matches = matches_of(&api, "cup").await;
        assert_no_double_booking(&on_stations(&matches), "after a correction");
        let tournament = api.json("/api/v1/tournaments/cup").await;
        assert_eq!(tournament["data"]["stations"], serde_json::json!(["Table 2", "Table 1"]));
        assert_eq!(tournament["data"]["schedule"]["match_duration_seconds"], 1);
    }
}

/// Names the replica read at `turn` in assertion messages.
fn api_name(turn: usize) -> &'static str {
    if turn.is_multiple_of(2) {
        "replica a"
    } else {
        "replica b"
    }
}

/// The match of `slug` that station `name` holds, by id.
async fn station_of(api: &Integrator, slug: &str, name: &str) -> Option<String> {
    let matches = matches_of(api, slug).await;
    on_stations(&matches)
        .into_iter()
        .find(|m| m["station"] == name)
        .map(|m| m["id"].as_str().unwrap().to_owned())
}

/// Waits (at most 10 s) until `check` of the called matches of `slug` holds; returns their ids.
async fn wait_for(api: &Integrator, slug: &str, check: impl Fn(&[&Value]) -> bool) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let matches = matches_of(api, slug).await;
        let called = on_stations(&matches);
        if check(&called) {
            return called
                .iter()
                .map(|m| m["id"].as_str().unwrap().to_owned())
                .collect();
        }
        assert!(
            Instant::now() < deadline,
            "the calls expected came: {called:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits (at most 10 s) until `probe` gives something.
async fn wait_until<T, F: std::future::Future<Output = Option<T>>>(probe: impl Fn() -> F) -> T {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(found) = probe().await {
            return found;
        }
        assert!(Instant::now() < deadline, "it came in time");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
