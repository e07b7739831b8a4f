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
