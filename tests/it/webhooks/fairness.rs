//! Claims that match what can be sent, measured from outside with the real binary and a real
//! HTTPS receiver: a slow address holds back no other, a healthy receiver that is merely slow
//! gets each event once whatever the concurrency and lease (its first attempts one after another,
//! the leases of a run renewed while it is sent), leases are renewed while a request runs, and
//! delivery loops whose hosts' clocks disagree never take each other's deliveries.

use std::time::Duration;

use crate::support::on_both_backends;
use crate::support::organiser::Organiser;
use crate::support::receiver::{Receiver, Reply, now_ms};

use super::*;

/// A receiver that answers `/hook/slow…` after `slow`, and anything else at once.
async fn slow_and_fast(slow: Duration) -> Receiver {
    Receiver::start(move |request, _| {
        if request.path.contains("/slow") {
            Reply::Sleep(slow, 200)
        } else {
            Reply::Status(200)
        }
    })
    .await
}

/// A space `slug` with an open tournament of the same slug and one address at `url`; returns
/// the organiser.
async fn space_at(t: &TestDb, slug: &str, url: &str) -> Organiser {
    let organiser = Organiser::new(t);
    organiser.space(slug, slug).await;
    organiser.open_signups(slug, slug, 4096).await;
    organiser.hook(slug, url, None).await;
    organiser
}

/// Waits until `count` deliveries have succeeded (or `limit` passes); returns how many did.
async fn succeeded(t: &TestDb, count: i64, limit: Duration) -> i64 {
    wait_scalar(
        &t.db,
        "SELECT COUNT(*) FROM deliveries WHERE status = 'succeeded'",
        count,
        limit,
    )
    .await
}

/// Deliveries to a slow receiver: first attempts go one after another, so this many take 45 s.
const SLOW_EVENTS: i64 = 10;

/// [`SLOW_EVENTS`] deliveries to a receiver answering each after 4.5 s (inside the 5 s
/// deadline), claimed as one run that takes longer than a lease of 20 s: every event arrives
/// once, and each delivery has exactly one attempt.
async fn each_event_once_to_a_slow_receiver(t: &TestDb, flags: &[&str]) {
    let receiver = slow_and_fast(Duration::from_millis(4_500)).await;
    let organiser = space_at(t, "slow", &format!("{}/slow", receiver.url)).await;
    organiser.registrations("slow", SLOW_EVENTS as usize).await;
    let worker = spawn_dispatch(t, &receiver, flags);
    let done = succeeded(t, SLOW_EVENTS, Duration::from_secs(120)).await;
    signal(&worker, "TERM");
    let out = wait_exit(worker, Duration::from_secs(20)).await;
    assert_eq!(
        done,
        SLOW_EVENTS,
        "every delivery succeeded: {}",
        stderr(&out)
    );
    let seen = ids(&receiver);
    let repeated: Vec<_> = seen.iter().filter(|(_, n)| **n > 1).collect();
    assert_eq!(seen.len(), SLOW_EVENTS as usize);
    assert!(
        repeated.is_empty(),
        "events sent more than once: {repeated:?}"
    );
    assert_eq!(
        crate::support::scalar(&t.db, "SELECT COUNT(*) FROM attempts").await,
        SLOW_EVENTS
    );
}

on_both_backends! {
    /// Address A answers every request after 4.5 s and has 300 deliveries due; address B answers
    /// at once and has one delivery due after all of them. B's arrives as soon as the loop has
    /// started (well within one of A's requests), not after A's backlog or any of its requests.
    async fn a_slow_address_holds_back_no_other(t: TestDb) {
        let receiver = slow_and_fast(Duration::from_millis(4_500)).await;
        let slow = space_at(&t, "slow", &format!("{}/slow", receiver.url)).await;
        slow.registrations("slow", 300).await;
        let fast = space_at(&t, "fast", &format!("{}/fast", receiver.url)).await;
        fast.registrations("fast", 1).await;
        let started = now_ms();
        let worker = spawn_dispatch(&t, &receiver, &[]);
        let arrived = receiver
            .wait_for(Duration::from_secs(20), |r| r.iter().any(|q| q.path.contains("/fast")))
            .await;
        let fast_at = arrived
            .iter()
            .find(|q| q.path.contains("/fast"))
            .map(|q| q.at_ms - started)
            .expect("the fast address's delivery arrived");
        signal(&worker, "KILL");
        let _ = wait_exit(worker, Duration::from_secs(10)).await;
        assert!(fast_at < 2_000, "the fast address waited {fast_at} ms behind the slow one's backlog");
    }

    /// With every slot a process may open (`--concurrency 1024`) and a lease as long as four
    /// requests, shorter than the run, a receiver that answers every request in 4.5 s gets each
    /// event once.
    async fn a_slow_healthy_receiver_gets_each_event_once_at_full_concurrency(t: TestDb) {
        each_event_once_to_a_slow_receiver(&t, &["--concurrency", "1024", "--lease", "20s"]).await;
    }

    /// The same with the defaults.
    async fn a_slow_healthy_receiver_gets_each_event_once_by_default(t: TestDb) {
        each_event_once_to_a_slow_receiver(&t, &[]).await;
    }

    /// A lease shorter than the request: renewed while the request runs, so a second loop never
    /// takes a delivery still being sent.
    async fn a_lease_is_renewed_while_its_request_runs(t: TestDb) {
        let receiver = slow_and_fast(Duration::from_millis(2_500)).await;
        let organiser = space_at(&t, "slow", &format!("{}/slow", receiver.url)).await;
        organiser.registrations("slow", 10).await;
        let a = spawn_dispatch(&t, &receiver, &["--lease", "1s"]);
        let b = spawn_dispatch(&t, &receiver, &["--lease", "1s"]);
        let done = succeeded(&t, 10, Duration::from_secs(60)).await;
        signal(&a, "TERM");
        signal(&b, "TERM");
        let _ = (wait_exit(a, Duration::from_secs(20)).await, wait_exit(b, Duration::from_secs(20)).await);
        assert_eq!(done, 10);
        let seen = ids(&receiver);
        assert_eq!(seen.len(), 10);
        assert!(seen.values().all(|n| *n == 1), "no event was sent twice: {seen:?}");
    }

    /// Two delivery loops whose hosts' clocks differ by two minutes, more than a lease, each
    /// with one slot, and two addresses whose receivers take a second a request: due times and
    /// leases are on the database's clock, so each event is delivered once.
    async fn loops_whose_clocks_differ_by_two_minutes_deliver_each_event_once(t: TestDb) {
        let receiver = slow_and_fast(Duration::from_millis(1_000)).await;
        let organiser = space_at(&t, "slow", &format!("{}/slow", receiver.url)).await;
        organiser.hook("slow", &format!("{}/slow-too", receiver.url), None).await;
        organiser.registrations("slow", 12).await;
        let a = spawn_dispatch(&t, &receiver, &["--concurrency", "1"]);
        let b = spawn_dispatch_with(&t, &receiver, &["--concurrency", "1"], &[("TOURNEY_CLOCK_OFFSET", "2m")]);
        let done = succeeded(&t, 24, Duration::from_secs(60)).await;
        signal(&a, "TERM");
        signal(&b, "TERM");
        let (out_a, out_b) = (wait_exit(a, Duration::from_secs(20)).await, wait_exit(b, Duration::from_secs(20)).await);
        assert_eq!(done, 24);
        let received = receiver.received();
        assert_eq!(received.len(), 24);
        for path in ["/hook/slow", "/hook/slow-too"] {
            let mut seen = std::collections::HashMap::new();
            for request in received.iter().filter(|r| r.path == path) {
                *seen.entry(request.header("svc-webhook-id").unwrap_or("").to_owned()).or_insert(0) += 1;
            }
            assert_eq!(seen.len(), 12, "{path}");
            assert!(seen.values().all(|n| *n == 1), "no event was sent twice to {path}: {seen:?}");
        }
        let lines = |o: &std::process::Output| stdout(o).lines().filter(|l| l.contains(" dlv_")).count();
        assert!(lines(&out_a) > 0 && lines(&out_b) > 0, "both loops delivered");
    }
}
