//! The order a receiver can rely on (docs/webhooks.md "Order"), against real processes on both
//! backends: a space's events carry distinct `created_at`, increasing with their `evt_<n>`,
//! when one transaction writes several and when several processes write at once (one of them on
//! a host whose clock runs behind); the first attempts to one address reach a real HTTPS receiver
//! in event order while `serve` and `dispatch` deliver side by side at high concurrency and a
//! whole tournament is played from the shell, failures and their retries included; a loop
//! stopped in the middle of a run gives back what it did not send; and a run to an address
//! removed meanwhile stops.

use std::time::Duration;

use tourney::db::outbox::{self, Audience};
use tourney::events::{Event, PingData, SpaceRef};
use tourney::timestamp;

use crate::support::on_both_backends;
use crate::support::organiser::Organiser;
use crate::support::receiver::{Receiver, Reply};
use crate::support::server::Server;

use super::*;

/// Every event of space `demo`, by number: (number, `created_at` stored, `created_at` in the
/// envelope, type).
async fn events_of_demo(t: &TestDb) -> Vec<(i64, i64, String, String)> {
    let rows: Vec<(i64, i64, String, String)> = rows(
        &t.db,
        "SELECT e.id, e.created_at, e.body, e.type FROM events e JOIN spaces s ON s.id = e.space_id \
         WHERE s.slug = 'demo' ORDER BY e.id",
    )
    .await;
    rows.into_iter()
        .map(|(id, at, body, kind)| {
            let envelope: serde_json::Value = serde_json::from_str(&body).expect("an envelope");
            assert_eq!(envelope["id"], format!("evt_{id}"));
            let stamped = envelope["created_at"]
                .as_str()
                .expect("created_at")
                .to_owned();
            (id, at, stamped, kind)
        })
        .collect()
}

/// Checks that the events' `created_at` are distinct and increase with their numbers, and that
/// each envelope says the time stored; returns how many there are.
fn assert_in_order(events: &[(i64, i64, String, String)]) -> usize {
    for pair in events.windows(2) {
        let ((a, a_at, _, a_type), (b, b_at, _, b_type)) = (&pair[0], &pair[1]);
        assert!(
            a_at < b_at,
            "evt_{a} ({a_type}) at {a_at} and the later evt_{b} ({b_type}) at {b_at}"
        );
    }
    for (id, at, stamped, _) in events {
        assert_eq!(
            stamped,
            &timestamp::format_ms(*at),
            "the envelope of evt_{id}"
        );
    }
    events.len()
}

/// A single elimination `slug` of `players` players in space `demo`, drawn, from the shell.
fn drawn(t: &TestDb, slug: &str, players: usize) {
    let capacity = players.to_string();
    t.run(&[
        "tournaments",
        "create",
        "--space",
        "demo",
        "--slug",
        slug,
        "--name",
        "Order Cup",
        "--game",
        "chess",
        "--format",
        "single_elimination",
        "--max-participants",
        &capacity,
        "--starts-at",
        "2026-12-01T18:00:00Z",
    ]);
    t.run(&["tournaments", "status", slug, "REGISTRATION_OPEN"]);
    for n in 0..players {
        t.run(&["tournaments", "register", slug, &format!("Player {n}")]);
    }
    t.run(&["tournaments", "status", slug, "REGISTRATION_CLOSED"]);
    t.run(&["tournaments", "start", slug]);
}

/// Reports every match of `slug` from the shell, the first ready one each time, until none is
/// left; each report writes the result's events and those of the matches it made ready (and the
/// tournament's completion) in one transaction.
async fn played_out(t: &TestDb, slug: &str) -> usize {
    let mut reported = 0;
    loop {
        let listing = stdout(&t.shell(&["matches", "list", slug, "--ready"]).await);
        let Some(id) = listing
            .lines()
            .nth(1)
            .and_then(|line| line.split_whitespace().next())
        else {
            return reported;
        };
        let out = t
            .shell(&["matches", "report", slug, id, "--score", "2-1"])
            .await;
        assert!(out.status.success(), "report {id}: {}", stderr(&out));
        reported += 1;
    }
}

/// The first arrival of each event at the receiver, in the order they arrived: (number,
/// `created_at` in the body).
fn first_arrivals(receiver: &Receiver) -> Vec<(i64, String)> {
    let mut seen = std::collections::HashSet::new();
    let mut firsts = Vec::new();
    for request in receiver.received() {
        let id = request.header("svc-webhook-id").unwrap_or("").to_owned();
        if !seen.insert(id.clone()) {
            continue;
        }
        let number = id
            .strip_prefix("evt_")
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("an event id: {id}"));
        let body: serde_json::Value = serde_json::from_slice(&request.body).expect("a JSON body");
        let at = body["created_at"].as_str().expect("created_at").to_owned();
        firsts.push((number, at));
    }
    firsts
}

on_both_backends! {
    /// Three events written by one transaction at one time: three distinct times, a
    /// millisecond apart, in the order written; a tournament played out from the shell (each
    /// result written with the events of the matches it made ready, the last with the
    /// tournament's completion) leaves every event of the space at a time of its own.
    async fn events_written_together_get_distinct_increasing_times(t: TestDb) {
        let organiser = Organiser::new(&t);
        let space = organiser.space("demo", "Demo").await;
        let now = timestamp::now_ms() + 60_000;
        let mut tx = t.db.begin().await.unwrap();
        let mut written = Vec::new();
        for n in 0..3 {
            let ping = Event::Ping(PingData { space: SpaceRef { id: space.id, slug: "demo".into() }, message: format!("{n}") });
            written.push(outbox::append(tx.conn(), space.id, &ping, Audience::Subscribers, now).await.unwrap());
        }
        tx.commit().await.unwrap();
        let events = events_of_demo(&t).await;
        let times: Vec<i64> = events.iter().map(|(_, at, ..)| *at).collect();
        assert_eq!(times, [now, now + 1, now + 2]);
        assert_eq!(events.iter().map(|(id, ..)| *id).collect::<Vec<_>>(), written.iter().map(|e| e.raw()).collect::<Vec<_>>());
        assert_in_order(&events);

        // The space's clock is a minute ahead now: what comes next is stamped after it.
        drawn(&t, "cup", 8);
        assert_eq!(played_out(&t, "cup").await, 7);
        let events = events_of_demo(&t).await;
        let count = assert_in_order(&events);
        assert!(count > 3 + 8 + 7, "{count} events");
        assert!(events[3].1 > now + 2, "stamped after the space's last event, a minute ahead");
        let kinds: Vec<&str> = events.iter().map(|(.., kind)| kind.as_str()).collect();
        assert_eq!(kinds.last(), Some(&"tournament.status_changed"), "the final's result completes the cup");
        assert_eq!(kinds[kinds.len() - 2], "match.completed");
    }

    /// Shell commands writing in one space at once, in two tournaments (so no tournament's
    /// row puts them in line), half of them on a host whose clock runs two minutes behind:
    /// every event still gets a time of its own, increasing with its number.
    async fn writers_at_once_never_share_or_reverse_a_time(t: TestDb) {
        let organiser = Organiser::new(&t);
        organiser.space("demo", "Demo").await;
        organiser.open_signups("demo", "north", 4096).await;
        organiser.open_signups("demo", "south", 4096).await;
        organiser.hook("demo", "https://192.0.2.1/in", None).await;
        let writers: Vec<_> = (0..8)
            .map(|writer| {
                let slug = if writer % 2 == 0 { "north" } else { "south" };
                let behind = writer % 4 < 2;
                let commands: Vec<assert_cmd::Command> = (0..6)
                    .map(|round| {
                        let mut command = t.tourney();
                        if behind {
                            command.env("TOURNEY_CLOCK_OFFSET", "-2m");
                        }
                        command.args(["tournaments", "register", slug, &format!("Writer {writer} round {round}")]);
                        command
                    })
                    .collect();
                std::thread::spawn(move || {
                    commands
                        .into_iter()
                        .map(|mut command| command.output().expect("run tourney"))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for writer in writers {
            for out in writer.join().expect("a writer") {
                assert!(out.status.success(), "{}", stderr(&out));
            }
        }
        let events = events_of_demo(&t).await;
        let registered = events.iter().filter(|(.., kind)| kind == "registration.created").count();
        assert_eq!(registered, 48);
        assert_in_order(&events);
        let deliveries: Vec<(i64, i64)> = rows(&t.db, "SELECT d.event_id, d.created_at - e.created_at FROM deliveries d JOIN events e ON e.id = d.event_id").await;
        assert!(deliveries.iter().all(|(_, apart)| *apart == 0), "a delivery carries its event's time");
    }

    /// `serve` and `dispatch` deliver side by side, each allowed 256 requests at once, to a
    /// receiver whose answers take 0–12 ms (so requests sent together would overtake each
    /// other) and which fails one request in eleven (each retried 300 ms later), while 150
    /// registrations arrive at once and then a 16-player tournament is played out from the
    /// shell. The first attempt of each event arrives after the first attempts of every earlier
    /// one, and every event is delivered.
    async fn first_attempts_reach_a_receiver_in_event_order(t: TestDb) {
        let receiver = Receiver::start(|_, n| {
            if n % 11 == 5 {
                Reply::Status(503)
            } else {
                Reply::Sleep(Duration::from_millis((n as u64 * 7) % 13), 200)
            }
        })
        .await;
        space_with_hook(&t, &receiver.url).await;
        let retries = "300ms,300ms,300ms,300ms,300ms";
        let args = delivering(&receiver, &["--concurrency", "256", "--retry-delays", retries]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let _server = Server::start(&t, &args);
        let _worker = spawn_dispatch(&t, &receiver, &["--concurrency", "256", "--retry-delays", retries]);
        append_events(&t, 150).await;
        drawn(&t, "cup", 16);
        assert_eq!(played_out(&t, "cup").await, 15);
        let events = crate::support::scalar(&t.db, "SELECT COUNT(*) FROM deliveries").await;
        assert!(events > 150 + 16 + 15, "{events} events for the address");
        let done = wait_scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'succeeded'", events, Duration::from_secs(120)).await;
        assert_eq!(done, events, "every event was delivered");
        let firsts = first_arrivals(&receiver);
        assert_eq!(firsts.len() as i64, events);
        for pair in firsts.windows(2) {
            let ((a, a_at), (b, b_at)) = (&pair[0], &pair[1]);
            assert!(a < b && a_at < b_at, "evt_{b} ({b_at}) arrived first after evt_{a} ({a_at})");
        }
        let retried = crate::support::scalar(&t.db, "SELECT COUNT(*) FROM attempts WHERE number > 1").await;
        assert!(retried > 0, "some first attempts failed and were retried beside the others");
    }

    /// A loop stopped (SIGTERM) while it sends a run of first attempts to a slow receiver ends
    /// after the request under way, gives back the rest unsent, and another loop sends them at
    /// once (not when a lease runs out), still in event order.
    async fn a_stopped_loop_gives_back_the_rest_of_its_run(t: TestDb) {
        let receiver = Receiver::start(|_, _| Reply::Sleep(Duration::from_millis(300), 200)).await;
        space_with_hook(&t, &receiver.url).await;
        append_events(&t, 30).await;
        let first = spawn_dispatch(&t, &receiver, &["--lease", "10m"]);
        let arrived = receiver.wait_for(Duration::from_secs(30), |r| r.len() >= 2).await;
        assert!(arrived.len() >= 2, "the run started");
        let stopped_at = std::time::Instant::now();
        signal(&first, "TERM");
        let out = wait_exit(first, Duration::from_secs(20)).await;
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stopped_at.elapsed() < Duration::from_secs(3), "it stopped after one request, not after the run ({:?})", stopped_at.elapsed());
        let leased = crate::support::scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'in_flight'").await;
        assert_eq!(leased, 0, "nothing is left claimed");
        let sent = receiver.received().len();
        assert!(sent < 30, "stopped before the end ({sent})");

        let second = spawn_dispatch(&t, &receiver, &["--lease", "10m"]);
        let done = wait_scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'succeeded'", 30, Duration::from_secs(60)).await;
        signal(&second, "TERM");
        let _ = wait_exit(second, Duration::from_secs(20)).await;
        assert_eq!(done, 30, "the rest went at once, not after the ten-minute lease");
        let firsts = first_arrivals(&receiver);
        assert!(firsts.windows(2).all(|p| p[0].0 < p[1].0), "in event order: {firsts:?}");
        let seen = ids(&receiver);
        assert!(seen.values().all(|n| *n == 1), "none sent twice: {seen:?}");
    }

    /// An address removed while a loop sends it a run: the run stops within a request or two
    /// (the one under way, and the one sent before the first was found to have lost its
    /// claim), instead of sending the rest to an address nobody wants.
    async fn removing_an_address_stops_its_run(t: TestDb) {
        let receiver = Receiver::start(|_, _| Reply::Sleep(Duration::from_millis(300), 200)).await;
        space_with_hook(&t, &receiver.url).await;
        append_events(&t, 30).await;
        let worker = spawn_dispatch(&t, &receiver, &[]);
        let arrived = receiver.wait_for(Duration::from_secs(30), |r| r.len() >= 2).await;
        assert!(arrived.len() >= 2, "the run started");
        let removed = t.shell(&["hooks", "remove", "hook_1"]).await;
        assert!(removed.status.success(), "{}", stderr(&removed));
        let before = receiver.received().len();
        tokio::time::sleep(Duration::from_secs(3)).await;
        let after = receiver.received().len();
        tokio::time::sleep(Duration::from_secs(2)).await;
        assert_eq!(receiver.received().len(), after, "nothing more is sent");
        assert!(after <= before + 3, "the run went on after the removal: {before} then {after}");
        signal(&worker, "TERM");
        let out = wait_exit(worker, Duration::from_secs(20)).await;
        assert!(out.status.success(), "{}", stderr(&out));
    }
}
