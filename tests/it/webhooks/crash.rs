//! Crash safety: a dispatcher killed with SIGKILL mid-flight loses nothing (its leases expire and
//! a restarted dispatcher sends again), and two dispatchers never hold the same live claim.

use std::time::Duration;

use crate::support::on_both_backends;
use crate::support::receiver::{Receiver, Reply};

use super::*;

on_both_backends! {
    async fn sigkill_mid_flight_loses_no_event(t: TestDb) {
        let receiver = Receiver::start(|_, _| Reply::Sleep(Duration::from_millis(400), 200)).await;
        space_with_hook(&t, &receiver.url).await;
        let events = append_events(&t, 40).await;
        let first = spawn_dispatch(&t, &receiver, &["--concurrency", "8", "--lease", "2s"]);
        let started = receiver.wait_for(Duration::from_secs(30), |r| r.len() >= 8).await;
        assert!(started.len() >= 8, "requests are in flight");
        signal(&first, "KILL");
        let killed = wait_exit(first, Duration::from_secs(10)).await;
        assert!(!killed.status.success());
        let done_before = crate::support::scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'succeeded'").await;
        assert!(done_before < 40, "killed before the end");

        let second = spawn_dispatch(&t, &receiver, &["--concurrency", "8", "--lease", "2s"]);
        let done = wait_scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'succeeded'", 40, Duration::from_secs(60)).await;
        signal(&second, "TERM");
        let out = wait_exit(second, Duration::from_secs(20)).await;
        let state: Vec<(i64, String, Option<i64>)> = rows(&t.db, "SELECT id, status, lease_until FROM deliveries WHERE status <> 'succeeded'").await;
        assert_eq!(done, 40, "every delivery completed after the restart: {state:?} {} {}", stdout(&out), stderr(&out));
        let seen = ids(&receiver);
        for event in events {
            assert!(seen.contains_key(&event.to_string()), "{event} was delivered");
        }
        let duplicates: usize = seen.values().map(|n| n - 1).sum();
        assert!(duplicates <= 8, "at most the requests in flight at the kill are sent twice ({duplicates})");
    }

    async fn two_dispatchers_never_share_a_live_claim(t: TestDb) {
        let receiver = Receiver::start(|_, _| Reply::Sleep(Duration::from_millis(20), 200)).await;
        space_with_hook(&t, &receiver.url).await;
        append_events(&t, 200).await;
        let a = spawn_dispatch(&t, &receiver, &["--concurrency", "16"]);
        let b = spawn_dispatch(&t, &receiver, &["--concurrency", "16"]);
        let done = wait_scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'succeeded'", 200, Duration::from_secs(90)).await;
        signal(&a, "TERM");
        signal(&b, "TERM");
        let (out_a, out_b) = (wait_exit(a, Duration::from_secs(20)).await, wait_exit(b, Duration::from_secs(20)).await);
        assert_eq!(done, 200);
        let seen = ids(&receiver);
        assert_eq!(seen.len(), 200);
        assert!(seen.values().all(|n| *n == 1), "no event was sent twice");
        assert_eq!(crate::support::scalar(&t.db, "SELECT COUNT(*) FROM attempts").await, 200);
        // Both took part (each prints one line per attempt).
        let lines = |o: &std::process::Output| stdout(o).lines().filter(|l| l.contains(" dlv_")).count();
        assert_eq!(lines(&out_a) + lines(&out_b), 200);
    }
}

/// `serve`'s delivery loop reads and writes on connections of its own, which Postgres lists as
/// `tourney delivery`, eight at most, beside the API's. The database ending them while a backlog
/// is delivered (a failover, an administrator's `pg_terminate_backend`) loses no event: the loop
/// opens new ones and every event reaches the receiver, while the API goes on answering.
/// Postgres only: SQLite's connections are the process's own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serves_delivery_loop_keeps_connections_of_its_own_and_outlives_their_end() {
    use sqlx::Connection;
    let Some(t) = crate::support::postgres(
        "serves_delivery_loop_keeps_connections_of_its_own_and_outlives_their_end",
    )
    .await
    else {
        return;
    };
    const EVENTS: i64 = 400;
    // 400 answers of at least 5 ms each, one at a time: two seconds of backlog at the least.
    let receiver = Receiver::start(|_, _| Reply::Sleep(Duration::from_millis(5), 200)).await;
    space_with_hook(&t, &receiver.url).await;
    let args = delivering(&receiver, &["--lease", "2s"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    // The backlog is written before the server starts, so that its loop meets all of it at once.
    let events = append_events(&t, EVENTS as usize).await;
    let server = crate::support::server::Server::start(&t, &args);
    let mut admin = sqlx::PgConnection::connect(&t.url).await.unwrap();
    const THEIRS: &str = "SELECT count(*) FROM pg_stat_activity \
        WHERE datname = current_database() AND application_name = 'tourney delivery'";
    const END_THEM: &str = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
        WHERE datname = current_database() AND application_name = 'tourney delivery'";
    let arrived = receiver
        .wait_for(Duration::from_secs(30), |r| r.len() >= 40)
        .await;
    assert!(arrived.len() >= 40, "the backlog is being delivered");
    let mut most = 0;
    for round in 0..3 {
        let terminated: Vec<bool> = sqlx::query_scalar(END_THEM)
            .fetch_all(&mut admin)
            .await
            .unwrap();
        let sent = receiver.received().len();
        assert!(
            !terminated.is_empty(),
            "round {round}: the loop had connections of its own to end"
        );
        if round == 0 {
            assert!(
                sent < EVENTS as usize,
                "ended mid-backlog ({sent} of {EVENTS} sent)"
            );
        }
        let health = crate::support::integrator::client()
            .get(server.url("/readyz"))
            .send()
            .await
            .unwrap();
        assert!(
            health.status().is_success(),
            "round {round}: the API's own connections were not ended"
        );
        // The loop opens new ones and goes on.
        for _ in 0..20 {
            let open: i64 = sqlx::query_scalar(THEIRS)
                .fetch_one(&mut admin)
                .await
                .unwrap();
            most = most.max(open);
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    assert!(
        (1..=8).contains(&most),
        "the loop held {most} connections of its own"
    );
    let done = wait_scalar(
        &t.db,
        "SELECT COUNT(*) FROM deliveries WHERE status = 'succeeded'",
        EVENTS,
        Duration::from_secs(60),
    )
    .await;
    assert_eq!(
        done, EVENTS,
        "every delivery succeeded after its connections were ended"
    );
    let seen = ids(&receiver);
    for event in events {
        assert!(
            seen.contains_key(&event.to_string()),
            "{event} was delivered"
        );
    }
    drop(server);
}
