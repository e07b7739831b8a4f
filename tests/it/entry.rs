//! Check-in, teams and the waiting list, on both backends: a window that opens and closes by the
//! clock (the tests choose the time each operation runs at), no-shows seeded last or removed,
//! the waiting list promoted in order, a team tournament from registration to final places, a
//! real server closing a window by itself, and thirty posts at once on the last place.

use std::sync::Arc;

use reqwest::StatusCode;
use serde_json::Value;
use tokio::sync::Barrier;
use tourney::db::{participants, tournaments};
use tourney::domain::entry::{CheckIn, Teams};
use tourney::domain::{Format, NoShow, ParticipantStatus, TournamentStatus};
use tourney::service::check_in::{self, By};
use tourney::service::registrations::{self, Applicant, Registrant};
use tourney::service::{Conflict, Invalid, Rule, ServiceError};

use crate::support::organiser::Organiser;
use crate::support::player::Player;
use crate::support::server::Server;
use crate::support::{TestDb, on_both_backends};

const MINUTE: i64 = 60_000;

/// Starts at 2026-12-01T18:00:00Z (`organiser::STARTS_AT`).
fn starts_at() -> i64 {
    tourney::timestamp::parse(crate::support::organiser::STARTS_AT).expect("a time")
}

fn window(no_show: NoShow) -> CheckIn {
    CheckIn {
        opens_before: 60 * MINUTE,
        closes_before: 10 * MINUTE,
        no_show,
    }
}

async fn field(t: &TestDb, slug: &str) -> Vec<participants::ParticipantRow> {
    let mut handle = t.db.acquire().await.expect("a connection");
    let tournament = tournaments::find_by_slug(handle.conn(), slug)
        .await
        .expect("read")
        .expect("the tournament");
    participants::list(handle.conn(), tournament.id)
        .await
        .expect("read")
}

async fn tournament(t: &TestDb, slug: &str) -> tournaments::TournamentRow {
    let mut handle = t.db.acquire().await.expect("a connection");
    tournaments::find_by_slug(handle.conn(), slug)
        .await
        .expect("read")
        .expect("the tournament")
}

async fn events_of(t: &TestDb, sql: &'static str) -> i64 {
    crate::support::scalar(&t.db, sql).await
}

on_both_backends! {
    /// The window opens and closes by the clock: a registrant cannot check in before it or after
    /// it, an organiser can at any time before the start. At its close the no-shows move to the
    /// bottom seeds in their order, registration closes, and the draw seeds accordingly.
    async fn a_check_in_window_opens_and_closes_and_no_shows_are_seeded_last(t: TestDb) {
        let o = Organiser::new(&t);
        o.space("club", "Club").await;
        o.tournament("club", "cup", Format::SingleElimination, |d| {
            d.max_participants = 4;
            d.entry.check_in = Some(window(NoShow::BottomSeed));
        })
        .await;
        o.set_status("cup", TournamentStatus::RegistrationOpen).await;
        o.register("cup", &["Ann", "Bob", "Cid", "Dan"]).await;
        let start = starts_at();
        let by_link = |name: &'static str| Registrant::Named { tournament: "cup", who: name };

        let early = check_in::check_in(o.db(), &o.ctx_at(start - 61 * MINUTE), by_link("Ann"), By::Registrant).await;
        assert!(matches!(early, Err(ServiceError::Rule(Rule::CheckInNotYet { .. }))), "{early:?}");
        // Ann and Cid check in while the window is open; Dan's organiser checks him in.
        for name in ["Cid", "Ann"] {
            let done = check_in::check_in(o.db(), &o.ctx_at(start - 30 * MINUTE), by_link(name), By::Registrant).await.expect("check in");
            assert!(!done.again);
        }
        let again = check_in::check_in(o.db(), &o.ctx_at(start - 29 * MINUTE), by_link("Ann"), By::Registrant).await.expect("again");
        assert!(again.again, "a second check-in changes nothing");
        let late = check_in::check_in(o.db(), &o.ctx_at(start - 9 * MINUTE), by_link("Bob"), By::Registrant).await;
        assert!(matches!(late, Err(ServiceError::Rule(Rule::CheckInOver { .. }))), "{late:?}");

        // Nothing is due before the close; at the close the result is applied once.
        assert!(check_in::close_due(o.db(), &o.ctx_at(start - 11 * MINUTE)).await.expect("sweep").done.is_empty());
        let closed = check_in::close_due(o.db(), &o.ctx_at(start - 10 * MINUTE)).await.expect("sweep").done;
        assert_eq!(closed.len(), 1);
        assert_eq!(closed[0].1.no_shows, vec!["Bob".to_owned(), "Dan".to_owned()]);
        assert!(check_in::close_due(o.db(), &o.ctx_at(start - 5 * MINUTE)).await.expect("sweep").done.is_empty(), "once");
        let t_row = tournament(&t, "cup").await;
        assert_eq!(t_row.status, TournamentStatus::RegistrationClosed, "registration closes with the check-in");
        assert!(t_row.check_in_processed_at.is_some());
        assert_eq!(events_of(&t, "SELECT COUNT(*) FROM events WHERE type = 'registration.checked_in'").await, 2);

        // Dan arrives late and his organiser checks him in: he is seeded by registration again.
        check_in::check_in(o.db(), &o.ctx_at(start - 2 * MINUTE), by_link("Dan"), By::Organiser).await.expect("organiser");
        tourney::service::tournaments::start(o.db(), &o.ctx_at(start), "cup").await.expect("start");
        let seeds: Vec<(String, Option<i64>)> = field(&t, "cup").await.into_iter().map(|p| (p.name, p.seed)).collect();
        assert_eq!(
            seeds,
            vec![("Ann".into(), Some(1)), ("Cid".into(), Some(2)), ("Dan".into(), Some(3)), ("Bob".into(), Some(4))],
            "who checked in first, in registration order; the no-show last"
        );
    }
}

on_both_backends! {
    /// A full field queues newcomers; a withdrawal promotes the first in line; at the close of a
    /// `remove` window the no-shows leave and those waiting who checked in take their places in
    /// order, while those who did not stay waiting.
    async fn the_waiting_list_fills_freed_places_in_order(t: TestDb) {
        let o = Organiser::new(&t);
        o.space("club", "Club").await;
        o.tournament("club", "cup", Format::SingleElimination, |d| {
            d.max_participants = 2;
            d.entry.check_in = Some(window(NoShow::Remove));
            d.entry.waiting_list = Some(3);
        })
        .await;
        o.set_status("cup", TournamentStatus::RegistrationOpen).await;
        let start = starts_at();
        let ctx = o.ctx_at(start - 2 * 60 * MINUTE);
        let mut positions = Vec::new();
        for name in ["Ann", "Bob", "Cid", "Dan", "Eve"] {
            let r = registrations::register(o.db(), &ctx, "cup", &Applicant::named(name)).await.expect("register");
            positions.push(r.waiting_position);
        }
        assert_eq!(positions, vec![None, None, Some(1), Some(2), Some(3)]);
        let full = registrations::register(o.db(), &ctx, "cup", &Applicant::named("Fay")).await;
        assert!(matches!(full, Err(ServiceError::Conflict(Conflict::WaitingListFull { max: 3 }))), "{:?}", full.as_ref().err());

        registrations::withdraw(o.db(), &ctx, Registrant::Named { tournament: "cup", who: "Ann" }).await.expect("withdraw");
        let status = |rows: &[participants::ParticipantRow], name: &str| {
            rows.iter().rev().find(|p| p.name == name).map(|p| p.status).expect("a row")
        };
        let rows = field(&t, "cup").await;
        assert_eq!(status(&rows, "Cid"), ParticipantStatus::Active, "first in line takes the place");
        assert_eq!(status(&rows, "Dan"), ParticipantStatus::Waiting);
        assert_eq!(events_of(&t, "SELECT COUNT(*) FROM events WHERE type = 'registration.promoted'").await, 1);

        // Bob and Eve check in; Cid (now in the field) and Dan (waiting) do not.
        let open = o.ctx_at(start - 30 * MINUTE);
        for name in ["Bob", "Eve"] {
            check_in::check_in(o.db(), &open, Registrant::Named { tournament: "cup", who: name }, By::Registrant).await.expect("check in");
        }
        let closed = check_in::close_due(o.db(), &o.ctx_at(start - 10 * MINUTE)).await.expect("sweep").done;
        assert_eq!(closed[0].1.no_shows, vec!["Cid".to_owned()]);
        assert_eq!(closed[0].1.promoted, vec!["Eve".to_owned()], "only those who checked in move up");
        let rows = field(&t, "cup").await;
        assert_eq!(status(&rows, "Cid"), ParticipantStatus::Withdrawn, "a no-show is removed");
        assert_eq!(status(&rows, "Eve"), ParticipantStatus::Active);
        assert_eq!(status(&rows, "Dan"), ParticipantStatus::Waiting, "no check-in, no place");
        let late = registrations::register(o.db(), &open, "cup", &Applicant::named("Gus")).await;
        assert!(matches!(late, Err(ServiceError::Rule(_))), "registration ended with the check-in: {:?}", late.as_ref().err());
        let started = tourney::service::tournaments::start(o.db(), &o.ctx_at(start), "cup").await.expect("start");
        assert_eq!(started.participants, 2, "Bob and Eve play");
    }
}

on_both_backends! {
    /// Teams register with rosters that fit the team size; the API carries each roster; the
    /// tournament runs to final places with the teams' names in the standings.
    async fn a_team_tournament_from_registration_to_final_places(t: TestDb) {
        t.run(&["spaces", "create", "club", "--name", "Club"]);
        let created = t.run(&[
            "tournaments", "create", "--space", "club", "--slug", "duo", "--name", "Duo Cup",
            "--game", "chess", "--format", "single_elimination", "--max-participants", "4",
            "--starts-at", "2026-12-01T18:00:00Z", "--team-size", "2..3",
        ]);
        assert!(created.contains("created tournament duo"), "{created}");
        t.run(&["tournaments", "status", "duo", "REGISTRATION_OPEN"]);
        let short = t.tourney().args(["tournaments", "register", "duo", "Solo", "--player", "Ann"]).assert().failure();
        let said = String::from_utf8_lossy(&short.get_output().stderr).into_owned();
        assert!(said.contains("at least 2"), "{said}");
        for (team, players) in [("Owls", ["Ann", "Bob"]), ("Cats", ["Cid", "Dan"]), ("Bees", ["Eve", "Fay"])] {
            t.run(&["tournaments", "register", "duo", team, "--player", players[0], "--player", players[1]]);
        }
        assert!(t.run(&["tournaments", "show", "duo"]).contains("Owls (Ann, Bob)"));

        let server = Server::start_self_linked(&t, &[]);
        let mut captain = Player::new(&server, "Wolves", "captain@example.org");
        let page = captain.get("/en/tournaments/duo").await;
        assert!(page.html.contains("Team name") && page.html.contains("name=\"players\""), "the team form");
        let token = page.token();
        let refused = captain.post("/en/tournaments/duo/registrations", &[("token", &token), ("name", "Wolves"), ("email", "captain@example.org"), ("players", "Gus\ngus")], None).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.html);
        assert!(refused.html.contains("Each player can be named once."));
        let token = refused.token();
        let sent = captain.post("/en/tournaments/duo/registrations", &[("token", &token), ("name", "Wolves"), ("email", "captain@example.org"), ("players", "Gus\nHal\n")], None).await;
        assert_eq!(sent.status, StatusCode::OK, "{}", sent.html);

        let key = t.run(&["keys", "create", "--space", "club"]);
        let key = key.lines().nth(1).expect("the key, on the second line").trim().to_owned();
        let client = reqwest::Client::new();
        let detail: Value = client.get(server.url("/api/v1/tournaments/duo")).bearer_auth(&key).send().await.expect("GET").json().await.expect("JSON");
        let detail = &detail["data"];
        assert_eq!(detail["teams"]["min_players"], 2, "{detail}");
        assert_eq!(detail["teams"]["max_players"], 3);
        let wolves = detail["participants"].as_array().expect("participants").iter().find(|p| p["name"] == "Wolves").expect("Wolves").clone();
        assert_eq!(wolves["roster"], serde_json::json!(["Gus", "Hal"]));
        assert!(!detail.to_string().contains("captain@example.org"), "the captain's email stays private");

        t.run(&["tournaments", "status", "duo", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "duo"]);
        for _ in 0..3 {
            t.report_first_ready("duo");
        }
        let standings: Value = client.get(server.url("/api/v1/tournaments/duo/standings")).bearer_auth(&key).send().await.expect("GET").json().await.expect("JSON");
        let text = standings.to_string();
        assert!(["Owls", "Cats", "Bees", "Wolves"].iter().all(|team| text.contains(team)), "{text}");
        let portal = captain.get("/en/tournaments/duo").await;
        assert!(portal.html.contains("Gus, Hal"), "the portal shows rosters");
        let widget = captain.get("/embed/en/tournaments/duo/standings").await;
        assert!(widget.html.contains("Wolves"), "{}", widget.html);
    }
}

on_both_backends! {
    /// A real server closes a window by itself when its time comes: nobody asks.
    async fn the_server_closes_a_check_in_window_by_itself(t: TestDb) {
        t.run(&["spaces", "create", "club", "--name", "Club"]);
        let soon = tourney::timestamp::format_ms(tourney::timestamp::now_ms() + 4_000);
        t.run(&[
            "tournaments", "create", "--space", "club", "--slug", "cup", "--name", "Cup",
            "--game", "chess", "--format", "single_elimination", "--max-participants", "4",
            "--starts-at", &soon, "--check-in-opens", "1h", "--check-in-closes", "2s",
            "--no-show", "remove",
        ]);
        t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
        t.run(&["tournaments", "register", "cup", "Ann"]);
        t.run(&["tournaments", "register", "cup", "Bob"]);
        t.run(&["tournaments", "check-in", "cup", "Ann"]);
        let _server = Server::start(&t, &[]);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while tournament(&t, "cup").await.check_in_processed_at.is_none() {
            assert!(std::time::Instant::now() < deadline, "the server closed the window");
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        }
        let shown = t.run(&["tournaments", "show", "cup"]);
        assert!(shown.contains("REGISTRATION_CLOSED") && shown.contains("1 registered"), "{shown}");
        assert!(t.run(&["audit"]).contains("check_in.processed"));
    }
}

on_both_backends! {
    /// Thirty posts at once on the last place of a tournament with a waiting list of ten: one
    /// takes the place, ten wait in positions 1..10 without gaps, the rest are told it is full.
    async fn thirty_posts_at_once_on_the_last_place_and_the_list(t: TestDb) {
        let o = Organiser::new(&t);
        o.space("club", "Club").await;
        o.tournament("club", "cup", Format::Swiss, |d| {
            d.max_participants = 4;
            d.entry.waiting_list = Some(10);
        })
        .await;
        o.set_status("cup", TournamentStatus::RegistrationOpen).await;
        o.register("cup", &["Ann", "Bob", "Cid"]).await;
        let server = Arc::new(Server::start_self_linked(&t, &["--form-limit", "1000"]));
        let start = Arc::new(Barrier::new(30));
        let mut posts = Vec::new();
        for n in 0..30 {
            let (server, start) = (Arc::clone(&server), Arc::clone(&start));
            posts.push(tokio::spawn(async move {
                let mut player = Player::new(&server, &format!("Player {n}"), &format!("p{n}@example.org"));
                let page = player.get("/en/tournaments/cup").await;
                let token = page.token();
                start.wait().await;
                let (name, email) = (player.name.clone(), player.email.clone());
                player.post("/en/tournaments/cup/registrations", &[("token", &token), ("name", &name), ("email", &email)], None).await
            }));
        }
        let mut refused = 0;
        for post in posts {
            let page = post.await.expect("a post");
            match page.status {
                StatusCode::OK => {}
                StatusCode::CONFLICT => refused += 1,
                other => panic!("{other}: {}", page.html),
            }
        }
        let rows = field(&t, "cup").await;
        let active = rows.iter().filter(|p| p.status == ParticipantStatus::Active).count();
        let waiting: Vec<_> = rows.iter().filter(|p| p.status == ParticipantStatus::Waiting).collect();
        assert_eq!((active, waiting.len(), refused), (4, 10, 19), "never over capacity");
        let mut handle = t.db.acquire().await.expect("a connection");
        let mut positions = Vec::new();
        for p in &waiting {
            positions.push(participants::waiting_position(handle.conn(), p).await.expect("read"));
        }
        positions.sort();
        assert_eq!(positions, (1..=10).collect::<Vec<i64>>(), "positions without gaps");
        assert_eq!(tournament(&t, "cup").await.field_size, 4);
    }
}

on_both_backends! {
    /// Entry settings change from the shell while registration is open, within what the field
    /// already holds; out-of-range settings change nothing.
    async fn entry_settings_change_while_registration_is_open(t: TestDb) {
        let o = Organiser::new(&t);
        o.space("club", "Club").await;
        o.tournament("club", "cup", Format::Swiss, |d| {
            d.max_participants = 2;
            d.entry.teams = Some(Teams { min: 2, max: 3, incomplete: false });
            d.entry.waiting_list = Some(2);
        })
        .await;
        o.set_status("cup", TournamentStatus::RegistrationOpen).await;
        for (team, players) in [("Owls", ["Ann", "Bob"]), ("Cats", ["Cid", "Dan"]), ("Bees", ["Eve", "Fay"])] {
            t.run(&["tournaments", "register", "cup", team, "--player", players[0], "--player", players[1]]);
        }
        let refuse = |args: &[&str], says: &str| {
            let out = t.tourney().args(args).assert().failure();
            let text = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
            assert!(text.contains(says), "{args:?}: {text}");
        };
        refuse(&["tournaments", "update", "cup", "--team-size", "3..4"], "do not fit");
        refuse(&["tournaments", "update", "cup", "--no-teams"], "has registrations");
        refuse(&["tournaments", "update", "cup", "--waiting-list", "0"], "1 wait");
        refuse(&["tournaments", "update", "cup", "--check-in-opens", "10m", "--check-in-closes", "20m"], "check-in must open before it closes");
        refuse(&["tournaments", "update", "cup", "--team-size", "2..x"], "--team-size");
        let updated = t.run(&["tournaments", "update", "cup", "--max-participants", "3", "--check-in-opens", "60m", "--check-in-closes", "10m"]);
        assert!(updated.contains("check-in:") && updated.contains("no-shows to the bottom seeds"), "{updated}");
        let rows = field(&t, "cup").await;
        assert!(rows.iter().all(|p| p.status == ParticipantStatus::Active), "the larger field takes Bees from the list");
        let wrong = registrations::register(o.db(), &o.ctx(), "cup", &Applicant { roster: &["A".to_owned()], ..Applicant::named("Solo") }).await;
        assert!(matches!(wrong, Err(ServiceError::Invalid(Invalid::Roster(_)))), "{:?}", wrong.as_ref().err());
    }
}
