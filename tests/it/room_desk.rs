//! The room at the desk, over HTTP as a browser sends it, on both databases: an owner adds,
//! pauses and resumes stations on the space's Stations page and puts a tournament on them from
//! its settings; a reporter runs the tournament's Stations and calls page beside a `serve` that
//! calls (Playing, a forfeit, Call next, Take back, Call now), each refusal said with its reason
//! and changing nothing; a called player's own page says so first.

use std::time::{Duration, Instant};

use reqwest::StatusCode;

use crate::desk::signed_in;
use crate::support::member::{Member, fields_of, token_of};
use crate::support::on_both_backends;
use crate::support::player::Player;
use crate::support::server::Server;

const OWNER: &str = "owner@example.org";
const DESK: &str = "desk@example.org";
const STATIONS: &str = "/en/organizer/club/stations";
const ROOM: &str = "/en/organizer/club/tournaments/cup/room";

/// Waits (at most 10 s) until the room page shows `text`; returns the page.
async fn room_shows(member: &mut Member, text: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let page = member.get(ROOM).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        if page.body.contains(text) {
            return page.body;
        }
        assert!(
            Instant::now() < deadline,
            "the room shows {text}: {}",
            page.body
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The path of the first form on `html` whose action ends with `suffix`.
fn action_ending(html: &str, base: &str, suffix: &str) -> Option<String> {
    html.match_indices("action=\"").find_map(|(at, _)| {
        let rest = &html[at + 8..];
        let action = &rest[..rest.find('"')?];
        action
            .ends_with(suffix)
            .then(|| action.strip_prefix(base).unwrap_or(action).to_owned())
    })
}

/// Sends the form posting to `action` on `page` as it was loaded; the answer's status and body.
async fn press(member: &mut Member, page: &str, action: &str) -> (StatusCode, String) {
    let answer = member.submit(page, action, &[]).await;
    (answer.status, answer.body)
}

on_both_backends! {
    async fn the_room_is_run_from_the_desk_and_a_called_player_is_told_first(t: TestDb) {
        t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
        t.add_member("club", OWNER, "owner");
        t.add_member("club", DESK, "reporter");
        t.run(&[
            "tournaments", "create", "--space", "club", "--slug", "cup", "--name", "Friday Cup", "--game", "chess",
            "--format", "single_elimination", "--max-participants", "4", "--starts-at", "2030-12-04T18:00:00Z",
        ]);
        t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
        let server = Server::start_self_linked(&t, &["--rate-limit", "100000"]);
        let mut anna = Player::new(&server, "Anna", "anna@example.org");
        let anna_link = anna.register("en", "cup").await.withdrawal_link().expect("Anna's private link");
        for name in ["Boris", "Clara", "Dmitri"] {
            t.run(&["tournaments", "register", "cup", name]);
        }
        let mut owner = signed_in(&t, &server, OWNER).await;
        let mut desk = signed_in(&t, &server, DESK).await;

        // The owner adds stations from the Stations page; a name taken (case aside) or with a
        // comma is refused with why, and nothing is added.
        let added = owner.submit(STATIONS, STATIONS, &[("names", "Table 1\nTable 2\n")]).await;
        assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
        let taken = owner.submit(STATIONS, STATIONS, &[("names", "Table 3\ntable  1")]).await;
        assert_eq!(taken.status, StatusCode::CONFLICT);
        assert!(taken.body.contains("already has a station table  1"), "{}", taken.body);
        let comma = owner.submit(STATIONS, STATIONS, &[("names", "Table 3, Table 4")]).await;
        assert_eq!(comma.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", comma.body);
        let listed = t.run(&["stations", "list", "--space", "club"]);
        assert_eq!(listed.lines().count(), 3, "two stations, nothing more: {listed}");

        // A reporter sees the stations, without the owners' forms, and may not post them.
        let seen = desk.get(STATIONS).await;
        assert_eq!(seen.status, StatusCode::OK);
        assert!(seen.body.contains("Table 2") && !seen.body.contains("/pause\""), "{}", seen.body);
        let space_screen = format!("{}/en/organizer/club/screen", server.base);
        assert!(seen.body.contains(&space_screen), "the space's venue screen is linked: {}", seen.body);
        let forbidden = desk.post_raw(STATIONS, "x", &[("names", "Table 9")], &[("sec-fetch-site", "same-origin"), ("origin", &server.base)]).await;
        assert_eq!(forbidden.status, StatusCode::FORBIDDEN);

        // The settings form puts the cup on both stations, with rest.
        let settings = "/en/organizer/club/tournaments/cup/settings";
        let saved = owner.submit(settings, settings, &[("stations", "Table 1, Table 2"), ("rest", "1s"), ("match_duration", "1s")]).await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        let detail = t.run(&["tournaments", "show", "cup"]);
        assert!(detail.contains("stations             Table 1, Table 2") && detail.contains("rest                 1s"), "{detail}");
        let bad = owner.submit(settings, settings, &[("match_duration", "forever")]).await;
        assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
        t.run(&["tournaments", "status", "cup", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "cup"]);

        // serve calls both semi-finals; Anna's page says so first, with her table and opponent.
        let page = room_shows(&mut desk, "called at").await;
        let page = if page.matches("called at").count() < 2 { room_shows(&mut desk, "Table 2</td>").await } else { page };
        assert!(page.contains("Playing"), "{page}");
        let screen = format!("{}/en/tournaments/cup/screen", server.base);
        assert!(page.contains(&screen) && page.contains("Open the venue screen"), "the venue screen is linked: {page}");
        let own = anna.get(&anna_link).await;
        let call = own.html.find("Your match is called: Table").unwrap_or_else(|| panic!("{}", own.html));
        let standing = own.html.find("Anna is in the field").unwrap_or_else(|| panic!("{}", own.html));
        assert!(call < standing, "the call comes first: {}", own.html);

        // Playing on the first table; then the page says since when, and offers it no more.
        let playing = action_ending(&page, &server.base, "/start").expect("a Playing button");
        let (status, _) = press(&mut desk, ROOM, &playing).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        let page = room_shows(&mut desk, "playing since").await;
        assert_eq!(page.matches("/start\"").count(), 1, "only the other table still waits for its players");

        // A Playing form loaded before someone forfeited that match is refused, nothing changed.
        let stale_start = action_ending(&page, &server.base, "/start").expect("the other table's Playing");
        let game = stale_start.split('/').rev().nth(1).unwrap().to_owned();
        let token = token_of(&page, &format!("{}{stale_start}", server.base)).unwrap();
        let fields = fields_of(&page, &format!("{}{stale_start}", server.base));
        t.run(&["matches", "report", "cup", &game, "--forfeit", "a"]);
        let sent: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let stale = desk.post_raw(&stale_start, &token, &sent, &[("sec-fetch-site", "same-origin"), ("origin", &server.base)]).await;
        assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.body);
        assert!(stale.body.contains("changed since this page was loaded"), "{}", stale.body);

        // That table is free, the final waits for the other semi-final: Call next has nothing
        // to call, and says why.
        let page = room_shows(&mut desk, "Call next").await;
        let call_next = action_ending(&page, &server.base, "/room/call").expect("Call next");
        let (status, body) = press(&mut desk, ROOM, &call_next).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert!(body.contains("no waiting match may be called"), "{body}");

        // A forfeit from the room ends the first semi-final; serve calls the final once both
        // finalists rested a second.
        let forfeit = action_ending(&page, &server.base, "/forfeit-b").expect("a forfeit button");
        let (status, _) = press(&mut desk, ROOM, &forfeit).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        let page = room_shows(&mut desk, "/uncall\"").await;

        // Both stations paused, the final's call taken back: it waits in the queue, where Call
        // now finds no free station; resumed, a station gets it again.
        for station in ["stn_1", "stn_2"] {
            let pause = format!("/en/organizer/club/stations/{station}/pause");
            let answer = owner.submit(STATIONS, &pause, &[]).await;
            assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.body);
        }
        let take_back = action_ending(&page, &server.base, "/uncall").expect("Take back");
        let (status, _) = press(&mut desk, ROOM, &take_back).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        let page = room_shows(&mut desk, "Call now").await;
        assert!(page.contains("paused"), "{page}");
        let call_now = action_ending(&page, &server.base, "/room/call").expect("Call now");
        let (status, body) = press(&mut desk, ROOM, &call_now).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(body.contains("no station of this tournament is free"), "{body}");
        let resumed = owner.submit(STATIONS, "/en/organizer/club/stations/stn_2/resume", &[]).await;
        assert_eq!(resumed.status, StatusCode::SEE_OTHER);
        room_shows(&mut desk, "/uncall\"").await;
        let audit = t.run(&["audit", "--space", "club", "--by", DESK]);
        for action in ["match.started", "match.reported", "match.uncalled"] {
            assert!(audit.contains(action), "{action} in the audit log, by the reporter: {audit}");
        }
    }

    async fn the_place_of_the_tournaments_is_set_on_the_stations_page(t: TestDb) {
        t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
        t.add_member("club", OWNER, "owner");
        t.add_member("club", DESK, "reporter");
        t.run(&[
            "tournaments", "create", "--space", "club", "--slug", "cup", "--name", "Friday Cup", "--game", "chess",
            "--format", "single_elimination", "--max-participants", "4", "--starts-at", "2030-12-04T18:00:00Z",
        ]);
        t.run(&["tournaments", "status", "cup", "ANNOUNCED"]);
        let server = Server::start_self_linked(&t, &["--rate-limit", "100000"]);
        let mut owner = signed_in(&t, &server, OWNER).await;
        let mut desk = signed_in(&t, &server, DESK).await;
        let place = "/en/organizer/club/place";

        let saved = owner.submit(STATIONS, place, &[("place", "  Club Gambit, 12 Nevsky Prospekt  ")]).await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        let page = owner.get(STATIONS).await.body;
        assert!(page.contains("value=\"Club Gambit, 12 Nevsky Prospekt\""), "the form holds the place: {page}");
        let public = reqwest::get(server.url("/en/tournaments/cup")).await.unwrap().text().await.unwrap();
        assert!(public.contains(r#""location":{"@type":"Place","address":"Club Gambit, 12 Nevsky Prospekt""#), "{public}");

        // Too long: refused with why, the form holding what was sent, nothing changed.
        let long = "x".repeat(201);
        let refused = owner.submit(STATIONS, place, &[("place", &long)]).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.body);
        assert!(refused.body.contains("at most 200 characters") && refused.body.contains(&long), "{}", refused.body);
        assert!(t.run(&["spaces", "list"]).contains("Club Gambit, 12 Nevsky Prospekt"));

        // A reporter reads the place, has no form, and may not post one.
        let seen = desk.get(STATIONS).await.body;
        assert!(seen.contains("Club Gambit, 12 Nevsky Prospekt") && !seen.contains(&format!("action=\"{}{place}\"", server.base)), "{seen}");
        let forbidden = desk.post_raw(place, "x", &[("place", "Elsewhere")], &[("sec-fetch-site", "same-origin"), ("origin", &server.base)]).await;
        assert_eq!(forbidden.status, StatusCode::FORBIDDEN);

        // Emptied: online again, and the audit log says who changed it.
        let online = owner.submit(STATIONS, place, &[("place", "")]).await;
        assert_eq!(online.status, StatusCode::SEE_OTHER, "{}", online.body);
        assert!(t.run(&["spaces", "list"]).contains("online"));
        assert!(desk.get(STATIONS).await.body.contains("Online: no place is given."));
        let audit = t.run(&["audit", "--space", "club"]);
        assert!(audit.contains("space.updated") && audit.contains(OWNER), "{audit}");
    }
}
