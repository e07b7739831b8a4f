//! Delivery to a real HTTPS receiver on loopback: headers and signatures checked independently,
//! exact body bytes, the retry schedule, manual retry, redirects, timeouts, rotation, and the
//! block list at connection time.

use std::time::Duration;

use crate::support::receiver::{Receiver, Reply, now_ms};
use crate::support::{execute, on_both_backends, scalar};

use super::*;

/// number, trigger, status code, peer, response excerpt
type AttemptSummary = (i64, String, Option<i64>, Option<String>, Option<String>);

on_both_backends! {
    async fn delivers_signed_requests_that_verify_independently(t: TestDb) {
        let receiver = Receiver::start(|_, _| Reply::Status(204)).await;
        let secret = space_with_hook(&t, &receiver.url).await;
        // A real portal change: its event is written with the change.
        let created = t.shell(&["tournaments", "create", "--space", "demo", "--slug", "cup", "--name", "Cup",
            "--game", "chess", "--format", "swiss", "--max-participants", "8", "--starts-at", "2026-12-04T18:00:00Z"]).await;
        assert!(created.status.success(), "{}", stderr(&created));
        let moved = t.shell(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]).await;
        assert!(moved.status.success(), "{}", stderr(&moved));
        let events = scalar(&t.db, "SELECT COUNT(*) FROM deliveries").await;
        assert!(events >= 1);

        let before = now_ms() / 1000;
        let out = dispatch_once(&t, &receiver, &[]).await;
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out).contains(&format!("{events} delivered, 0 failed")), "{}", stdout(&out));
        let received = receiver.received();
        assert_eq!(received.len() as i64, events);

        let bodies: Vec<(i64, String)> = rows(&t.db, "SELECT id, body FROM events ORDER BY id").await;
        for request in &received {
            assert_eq!(request.header("content-type"), Some("application/json"));
            assert_eq!(request.header("user-agent"), Some(concat!("tourney-webhooks/", env!("CARGO_PKG_VERSION"))));
            let id = request.header("svc-webhook-id").unwrap();
            let ts = request.header("svc-webhook-timestamp").unwrap();
            let ts_secs: i64 = ts.parse().unwrap();
            assert!((before - 1..=now_ms() / 1000 + 1).contains(&ts_secs), "fresh timestamp {ts}");
            let (_, stored) = bodies.iter().find(|(n, _)| format!("evt_{n}") == id).expect("a stored event");
            assert_eq!(&request.body[..], stored.as_bytes(), "the stored bytes are what was sent");
            let envelope: serde_json::Value = serde_json::from_slice(&request.body).unwrap();
            assert_eq!(envelope["id"], id, "the header id is the envelope id");
            let signature = request.header("svc-webhook-signature").unwrap();
            assert_eq!(signature, format!("v1={}", hmac_hex(&secret, id, ts, &request.body)));
        }
        let attempt: Vec<AttemptSummary> = rows(&t.db,
            "SELECT number, trigger, status_code, peer_addr, response_excerpt FROM attempts ORDER BY id").await;
        assert_eq!(attempt[0], (1, "scheduled".into(), Some(204), Some("127.0.0.1".into()), Some("status 204".into())));
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status <> 'succeeded'").await, 0);
        // Nothing is due any more: a second pass sends nothing.
        let again = dispatch_once(&t, &receiver, &[]).await;
        assert!(stdout(&again).contains("0 attempts"), "{}", stdout(&again));
        assert_eq!(receiver.count() as i64, events);
    }

    async fn answers_of_any_bytes_are_recorded_with_the_others_of_their_batch(t: TestDb) {
        // Every third answer is a failure whose body holds a NUL byte and bytes that are not
        // UTF-8; the others succeed. The loop records them together, a batch at a time.
        let receiver = Receiver::start(|_, n| if n % 3 == 1 {
            Reply::Body(500, b"broken\0answer \xff\xfe")
        } else {
            Reply::Status(200)
        }).await;
        space_with_hook(&t, &receiver.url).await;
        append_events(&t, 30).await;
        let out = dispatch_once(&t, &receiver, &["--retry-delays", "30m"]).await;
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out).contains("20 delivered, 10 failed"), "{}", stdout(&out));
        let excerpts: Vec<(Option<i64>, Option<String>)> = rows(&t.db,
            "SELECT status_code, response_excerpt FROM attempts WHERE status_code = 500 ORDER BY id").await;
        assert_eq!(excerpts.len(), 10, "every failure recorded");
        for (_, excerpt) in &excerpts {
            assert_eq!(excerpt.as_deref(), Some("broken\u{FFFD}answer \u{FFFD}\u{FFFD}"));
        }
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'succeeded'").await, 20);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'pending' AND attempts = 1 AND next_attempt_at IS NOT NULL").await, 10,
            "each failure waits for its retry");
        let numbers: Vec<(i64,)> = rows(&t.db, "SELECT COUNT(*) FROM attempts GROUP BY delivery_id, number HAVING COUNT(*) > 1").await;
        assert!(numbers.is_empty(), "one attempt recorded per delivery");
        // The address's health follows the last attempt in the order they ended.
        assert_eq!(scalar(&t.db, "SELECT failure_streak FROM hooks").await, 0,
            "the last attempt succeeded: the address is healthy");
    }

    async fn failures_retry_on_schedule_then_wait_for_a_manual_retry(t: TestDb) {
        // Fails the first six attempts, accepts from the seventh on.
        let receiver = Receiver::start(|_, n| if n < 6 { Reply::Status(503) } else { Reply::Status(200) }).await;
        let secret = space_with_hook(&t, &receiver.url).await;
        append_events(&t, 1).await;
        let daemon = spawn_dispatch(&t, &receiver, &["--retry-delays", "200ms,400ms,600ms,800ms,1s"]);
        let six = receiver.wait_for(Duration::from_secs(60), |r| r.len() >= 6).await;
        assert_eq!(six.len(), 6, "six attempts");
        let failed = wait_scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'failed'", 1, Duration::from_secs(20)).await;
        assert_eq!(failed, 1, "failed after the sixth attempt");
        for (gap, want) in six.windows(2).map(|w| w[1].at_ms - w[0].at_ms).zip([200, 400, 600, 800, 1000]) {
            assert!(gap >= want - 20, "gap {gap} ms shorter than the {want} ms delay");
        }
        let ids: Vec<&str> = six.iter().map(|r| r.header("svc-webhook-id").unwrap()).collect();
        assert!(ids.iter().all(|id| *id == ids[0]), "same id on every attempt");
        let stamps: Vec<i64> = six.iter().map(|r| r.header("svc-webhook-timestamp").unwrap().parse().unwrap()).collect();
        assert!(stamps.windows(2).all(|w| w[0] <= w[1]) && stamps[5] > stamps[0], "signed afresh: {stamps:?}");
        for request in &six {
            let ts = request.header("svc-webhook-timestamp").unwrap();
            assert_eq!(request.header("svc-webhook-signature").unwrap(), format!("v1={}", hmac_hex(&secret, ids[0], ts, &request.body)));
        }
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert_eq!(receiver.count(), 6, "no automatic attempt after the sixth failure");

        let list = stdout(&t.shell(&["hooks", "deliveries", "hook_1", "--failed"]).await);
        assert!(list.contains("dlv_1") && list.contains("503 (http)") && list.contains("failed"), "{list}");
        let retried = t.shell(&["hooks", "retry", "dlv_1"]).await;
        assert!(retried.status.success(), "{}", stderr(&retried));
        let done = wait_scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'succeeded'", 1, Duration::from_secs(20)).await;
        assert_eq!(done, 1, "the running dispatcher sent the manual attempt");
        let triggers: Vec<(i64, String, Option<i64>)> =
            rows(&t.db, "SELECT number, trigger, status_code FROM attempts ORDER BY number").await;
        assert_eq!(triggers.len(), 7);
        assert!(triggers[..6].iter().all(|(_, trigger, code)| trigger == "scheduled" && *code == Some(503)));
        assert_eq!(triggers[6], (7, "manual".into(), Some(200)));
        let again = t.shell(&["hooks", "retry", "dlv_1"]).await;
        assert_eq!(again.status.code(), Some(1));
        assert!(stderr(&again).contains("only failed deliveries"), "{}", stderr(&again));

        signal(&daemon, "TERM");
        let out = wait_exit(daemon, Duration::from_secs(20)).await;
        assert!(out.status.success(), "SIGTERM is a clean stop: {}", stderr(&out));
        assert!(stdout(&out).contains("7 attempts: 1 delivered, 6 failed"), "{}", stdout(&out));
    }

    async fn redirects_fail_and_are_not_followed(t: TestDb) {
        let receiver = Receiver::start(|request, _| if request.path == "/hook" {
            Reply::Redirect(301, "/elsewhere".into())
        } else {
            Reply::Redirect(302, "https://127.0.0.1:9/elsewhere".into())
        }).await;
        space_with_hook(&t, &receiver.url).await;
        add_hook(&t, &format!("{}/found", receiver.url)).await;
        append_events(&t, 1).await;
        let out = dispatch_once(&t, &receiver, &[]).await;
        assert!(stdout(&out).contains("0 delivered, 2 failed"), "{}", stdout(&out));
        let paths: Vec<String> = receiver.received().into_iter().map(|r| r.path).collect();
        assert_eq!(paths.len(), 2, "the redirects were not followed: {paths:?}");
        assert!(!paths.contains(&"/elsewhere".to_owned()));
        let attempts: Vec<(Option<i64>, Option<String>)> =
            rows(&t.db, "SELECT status_code, error_class FROM attempts ORDER BY delivery_id").await;
        assert_eq!(attempts, [(Some(301), Some("http".into())), (Some(302), Some("http".into()))]);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'pending' AND attempts = 1").await, 2,
            "a retry is scheduled");
    }

    async fn a_receiver_slower_than_five_seconds_is_a_timeout(t: TestDb) {
        let receiver = Receiver::start(|_, _| Reply::Sleep(Duration::from_secs(6), 200)).await;
        space_with_hook(&t, &receiver.url).await;
        append_events(&t, 1).await;
        let out = dispatch_once(&t, &receiver, &[]).await;
        assert!(stdout(&out).contains("timeout"), "{}", stdout(&out));
        let attempt: Vec<(Option<i64>, Option<String>, i64)> =
            rows(&t.db, "SELECT status_code, error_class, duration_ms FROM attempts").await;
        assert_eq!(attempt.len(), 1);
        assert_eq!((attempt[0].0, attempt[0].1.as_deref()), (None, Some("timeout")));
        assert!((4_900..6_000).contains(&attempt[0].2), "gave up at 5 s, not {} ms", attempt[0].2);
    }

    async fn rotation_signs_with_both_secrets_during_the_overlap(t: TestDb) {
        let receiver = Receiver::start(|_, _| Reply::Status(200)).await;
        let old = space_with_hook(&t, &receiver.url).await;
        let rotated = t.shell(&["hooks", "rotate-secret", "hook_1", "--overlap", "1h"]).await;
        let new = stdout(&rotated).lines().find(|l| l.starts_with("whsec_")).unwrap().to_owned();
        append_events(&t, 1).await;
        dispatch_once(&t, &receiver, &[]).await;
        let rotated_again = t.shell(&["hooks", "rotate-secret", "hook_1", "--overlap", "0s"]).await;
        let newest = stdout(&rotated_again).lines().find(|l| l.starts_with("whsec_")).unwrap().to_owned();
        append_events(&t, 1).await;
        dispatch_once(&t, &receiver, &[]).await;

        let received = receiver.received();
        assert_eq!(received.len(), 2);
        let check = |request: &crate::support::receiver::Received, secrets: &[&str]| {
            let id = request.header("svc-webhook-id").unwrap();
            let ts = request.header("svc-webhook-timestamp").unwrap();
            let want: Vec<String> = secrets.iter().map(|s| format!("v1={}", hmac_hex(s, id, ts, &request.body))).collect();
            assert_eq!(request.header("svc-webhook-signature").unwrap(), want.join(" "));
        };
        check(&received[0], &[&new, &old]);
        check(&received[1], &[&newest]);
    }

    async fn delivery_refuses_blocked_addresses_without_allow_cidr(t: TestDb) {
        let receiver = Receiver::start(|_, _| Reply::Status(200)).await;
        t.shell(&["spaces", "create", "demo", "--name", "Demo"]).await;
        open_signups(&t).await;
        // Rows written directly: as if DNS changed after registration or the database was edited.
        execute(&t.db, "INSERT INTO hooks (space_id, url, status, created_at) VALUES \
            (1, 'https://127.0.0.1:1/', 'active', 1), (1, 'https://[::1]:1/', 'active', 1), \
            (1, 'https://[::ffff:127.0.0.1]:1/', 'active', 1), (1, 'https://2130706433:1/', 'active', 1), \
            (1, 'https://0x7f.0.0.1:1/', 'active', 1), (1, 'https://169.254.169.254/', 'active', 1), \
            (1, 'https://[fd00:ec2::254]/', 'active', 1), (1, 'https://localhost:1/', 'active', 1), \
            (1, 'http://93.184.215.14/', 'active', 1)").await;
        let url = receiver.url.clone();
        let localhost = url.replace("127.0.0.1", "localhost");
        for u in [url, localhost] {
            let sql = format!("INSERT INTO hooks (space_id, url, status, created_at) VALUES (1, '{u}', 'active', 1)");
            match &t.db {
                tourney::db::Db::Sqlite(p) => { sqlx::query(sqlx::AssertSqlSafe(sql)).execute(p.pool()).await.unwrap(); }
                tourney::db::Db::Postgres(p) => { sqlx::query(sqlx::AssertSqlSafe(sql)).execute(p).await.unwrap(); }
            }
        }
        append_events(&t, 1).await;
        // No --allow-cidr: the production policy.
        let root = receiver.root_cert.to_string_lossy().into_owned();
        let out = t.shell(&["dispatch", "--once", "--root-cert", &root]).await;
        assert!(stdout(&out).contains("11 attempts: 0 delivered, 11 failed"), "{}", stdout(&out));
        let classes: Vec<(i64, Option<String>)> =
            rows(&t.db, "SELECT delivery_id, error_class FROM attempts ORDER BY delivery_id").await;
        assert!(classes.iter().all(|(_, class)| class.as_deref() == Some("blocked")), "{classes:?}");
        assert_eq!(receiver.count(), 0, "nothing reached the loopback receiver");
    }
}
