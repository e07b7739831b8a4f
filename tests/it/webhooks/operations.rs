//! Webhook operations as an operator meets them: `serve` delivers by itself (and counts it in
//! `/metrics`), loops in several processes share the queue, a receiver that says 410 Gone or
//! fails for too long gets its address disabled (its events kept until `hooks enable`), failed
//! deliveries are recovered in bulk, every failed attempt says why, and a killed server loses
//! nothing. Against a real HTTPS receiver, on both backends.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use reqwest::StatusCode;

use crate::support::integrator::client;
use crate::support::on_both_backends;
use crate::support::receiver::{Certificate, Receiver, Reply};
use crate::support::server::Server;

use super::*;

fn start(t: &TestDb, args: &[String]) -> Server {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    Server::start(t, &args)
}

async fn metrics(server: &Server) -> String {
    let response = client()
        .get(server.url("/metrics"))
        .send()
        .await
        .expect("metrics");
    assert_eq!(response.status(), StatusCode::OK);
    response.text().await.expect("a body")
}

/// Polls `tourney ARGS` until its output contains `wanted` (or `limit` passes); returns it.
async fn output_once(t: &TestDb, args: &[&str], wanted: &str, limit: Duration) -> String {
    let deadline = tokio::time::Instant::now() + limit;
    loop {
        let out = stdout(&t.shell(args).await);
        if out.contains(wanted) || tokio::time::Instant::now() > deadline {
            return out;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A receiver that answers `status` while `failing` is set, and 200 after.
async fn switchable(status: u16) -> (Receiver, Arc<AtomicBool>) {
    let failing = Arc::new(AtomicBool::new(true));
    let flag = Arc::clone(&failing);
    let receiver = Receiver::start(move |_, _| {
        Reply::Status(if flag.load(Ordering::SeqCst) {
            status
        } else {
            200
        })
    })
    .await;
    (receiver, failing)
}

on_both_backends! {
    async fn serve_alone_delivers_and_counts_it(t: TestDb) {
        let receiver = Receiver::start(|_, _| Reply::Status(200)).await;
        space_with_hook(&t, &receiver.url).await;
        let server = start(&t, &delivering(&receiver, &[]));
        let events = append_events(&t, 20).await;
        let received = receiver.wait_for(Duration::from_secs(20), |r| r.len() >= 20).await;
        assert_eq!(received.len(), 20, "serve delivered every event by itself");
        let seen = ids(&receiver);
        assert!(events.iter().all(|e| seen.get(&e.to_string()) == Some(&1)));
        // The last attempts are counted once recorded, a moment after the receiver answered.
        let mut text = metrics(&server).await;
        for _ in 0..50 {
            if text.contains("outcome=\"delivered\"} 20") {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            text = metrics(&server).await;
        }
        for line in [
            "tourney_webhook_attempts_total{outcome=\"delivered\"} 20",
            "tourney_webhook_attempt_duration_seconds_count 20",
            "tourney_webhook_queue_due 0",
            "tourney_webhook_addresses_disabled 0",
        ] {
            assert!(text.contains(line), "{line} in\n{text}");
        }
        let list = t.run(&["hooks", "list", "--space", "demo"]);
        assert!(list.contains("LAST SUCCESS") && list.contains(" ms "), "health is shown: {list}");
    }

    async fn loops_in_three_processes_never_send_a_delivery_twice(t: TestDb) {
        let receiver = Receiver::start(|_, _| Reply::Sleep(Duration::from_millis(10), 200)).await;
        space_with_hook(&t, &receiver.url).await;
        let args = delivering(&receiver, &["--concurrency", "16"]);
        let (a, b) = (start(&t, &args), start(&t, &args));
        let worker = spawn_dispatch(&t, &receiver, &["--concurrency", "16"]);
        append_events(&t, 300).await;
        let done = wait_scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'succeeded'", 300, Duration::from_secs(90)).await;
        assert_eq!(done, 300);
        signal(&worker, "TERM");
        let out = wait_exit(worker, Duration::from_secs(20)).await;
        let seen = ids(&receiver);
        assert_eq!(seen.len(), 300);
        assert!(seen.values().all(|n| *n == 1), "no event was sent twice");
        assert_eq!(crate::support::scalar(&t.db, "SELECT COUNT(*) FROM attempts").await, 300);
        let delivered = |text: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix("tourney_webhook_attempts_total{outcome=\"delivered\"} "))
                .and_then(|n| n.parse::<usize>().ok())
                .unwrap_or(0)
        };
        let by_dispatch = stdout(&out).lines().filter(|l| l.contains(" dlv_")).count();
        let by_servers = delivered(&metrics(&a).await) + delivered(&metrics(&b).await);
        assert_eq!(by_servers + by_dispatch, 300, "each attempt was made by one of the three");
    }

    async fn gone_disables_at_once_and_enable_sends_the_kept_events(t: TestDb) {
        let (receiver, gone) = switchable(410).await;
        space_with_hook(&t, &receiver.url).await;
        let server = start(&t, &delivering(&receiver, &[]));
        let first = append_events(&t, 1).await;
        let list = output_once(&t, &["hooks", "list", "--space", "demo"], "disabled (gone)", Duration::from_secs(10)).await;
        assert!(list.contains("disabled (gone)"), "{list}");
        assert_eq!(crate::support::scalar(&t.db, "SELECT COUNT(*) FROM audit_log WHERE action = 'hook.disabled'").await, 1);
        let attempts = t.run(&["hooks", "attempts", "dlv_1"]);
        assert!(attempts.contains("410 (http): the receiver answered 410 Gone"), "{attempts}");

        // Events while it is disabled are kept, not sent.
        let kept = append_events(&t, 3).await;
        tokio::time::sleep(Duration::from_millis(800)).await;
        assert_eq!(receiver.count(), 1, "nothing is sent to a disabled address");
        let pending = t.run(&["hooks", "deliveries", "hook_1", "--status", "pending"]);
        assert_eq!(pending.lines().filter(|l| l.starts_with("dlv_")).count(), 4, "{pending}");
        assert_eq!(pending.matches("kept (disabled)").count(), 4, "kept, with no due time:\n{pending}");
        assert!(metrics(&server).await.contains("tourney_webhook_addresses_disabled 1"));

        gone.store(false, Ordering::SeqCst);
        let enabled = t.run(&["hooks", "enable", "hook_1"]);
        assert!(enabled.contains("4 deliveries kept while it was disabled are due now"), "{enabled}");
        let received = receiver.wait_for(Duration::from_secs(10), |r| r.len() >= 5).await;
        assert_eq!(received.len(), 5, "the kept events went out");
        let seen = ids(&receiver);
        for event in first.iter().chain(&kept) {
            assert!(seen.contains_key(&event.to_string()), "{event} was delivered");
        }
        let list = t.run(&["hooks", "list", "--space", "demo"]);
        assert!(!list.contains("disabled"), "{list}");
        let again = t.tourney().args(["hooks", "enable", "hook_1"]).assert().failure();
        assert!(String::from_utf8_lossy(&again.get_output().stderr).contains("hook_1 is not disabled"));
    }

    async fn hooks_list_shows_failures_and_recovery(t: TestDb) {
        let (receiver, failing) = switchable(500).await;
        space_with_hook(&t, &receiver.url).await;
        append_events(&t, 1).await;
        // LAST SUCCESS, FAILING SINCE, FAILURES and LATENCY of hook_1, as `hooks list` prints them.
        let health = |t: &TestDb| {
            let list = t.run(&["hooks", "list", "--space", "demo"]);
            let row = list.lines().find(|l| l.starts_with("hook_1 ")).unwrap_or_default().to_owned();
            let fields: Vec<&str> = row.split_whitespace().collect();
            assert!(fields.len() >= 9 && fields[1] == "active", "{list}");
            let latency = if fields[fields.len() - 2] == "ms" {
                format!("{} ms", fields[fields.len() - 3])
            } else {
                fields[fields.len() - 2].to_owned()
            };
            (fields[4].to_owned(), fields[5].to_owned(), fields[6].to_owned(), latency)
        };
        assert_eq!(health(&t), ("-".into(), "-".into(), "0".into(), "-".into()), "a new address has no history");
        for _ in 0..2 {
            let out = dispatch_once(&t, &receiver, &["--retry-delays", "1ms,1ms,1ms"]).await;
            assert!(out.status.success(), "{}", stderr(&out));
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let (last, since, streak, latency) = health(&t);
        assert_eq!(last, "-", "never succeeded");
        assert!(since.starts_with("20") && since.ends_with('Z'), "failing since a time: {since}");
        assert_eq!(streak, "2", "two failures in a row");
        assert!(latency.ends_with(" ms") && !latency.starts_with('-'), "{latency}");

        failing.store(false, Ordering::SeqCst);
        let out = dispatch_once(&t, &receiver, &["--retry-delays", "1ms,1ms,1ms"]).await;
        assert!(out.status.success(), "{}", stderr(&out));
        let (last, since, streak, _) = health(&t);
        assert!(last.starts_with("20") && last.ends_with('Z'), "last success is a time: {last}");
        assert_eq!((since.as_str(), streak.as_str()), ("-", "0"), "healthy again");
    }

    async fn failing_for_the_configured_time_disables_with_a_reason(t: TestDb) {
        let receiver = Receiver::start(|_, _| Reply::Status(500)).await;
        space_with_hook(&t, &receiver.url).await;
        let delays = vec!["100ms"; 20].join(",");
        let _server = start(&t, &delivering(&receiver, &["--disable-after", "1s", "--retry-delays", &delays]));
        append_events(&t, 1).await;
        let list = output_once(&t, &["hooks", "list", "--space", "demo"], "disabled (failing)", Duration::from_secs(15)).await;
        assert!(list.contains("disabled (failing)"), "{list}");
        let details: Vec<(String,)> = rows(&t.db, "SELECT details FROM audit_log WHERE action = 'hook.disabled'").await;
        assert_eq!(details.len(), 1);
        assert!(details[0].0.contains("every attempt failed since"), "{details:?}");
        let tried = receiver.count();
        assert!((5..=20).contains(&tried), "attempts for about a second, then none: {tried}");
        tokio::time::sleep(Duration::from_millis(600)).await;
        assert_eq!(receiver.count(), tried, "no attempt after it was disabled");
    }

    async fn failed_deliveries_are_recovered_in_bulk_since_a_time(t: TestDb) {
        let (receiver, failing) = switchable(503).await;
        space_with_hook(&t, &receiver.url).await;
        append_events(&t, 10).await;
        // Two attempts each (the schedule has one retry), both refused: failed for good.
        for _ in 0..2 {
            let out = dispatch_once(&t, &receiver, &["--retry-delays", "1ms"]).await;
            assert!(out.status.success(), "{}", stderr(&out));
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(crate::support::scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'failed'").await, 10);
        // Half of them are of events from two days ago.
        crate::support::execute(&t.db, "UPDATE deliveries SET created_at = created_at - 172800000 WHERE id <= 5").await;
        let recent = t.run(&["hooks", "deliveries", "hook_1", "--failed", "--since", "1d", "--event", "registration.created"]);
        assert_eq!(recent.lines().filter(|l| l.starts_with("dlv_")).count(), 5, "{recent}");
        let bad = t.tourney().args(["hooks", "retry", "--hook", "hook_1", "--failed", "--since", "yesterday"]).assert().failure();
        assert!(String::from_utf8_lossy(&bad.get_output().stderr).contains("--since: 'yesterday' is neither a time"));

        failing.store(false, Ordering::SeqCst);
        let before = receiver.count();
        let queued = t.run(&["hooks", "retry", "--hook", "hook_1", "--failed", "--since", "1d"]);
        assert!(queued.contains("queued 5 failed deliveries of events since"), "{queued}");
        let _server = start(&t, &delivering(&receiver, &[]));
        let received = receiver.wait_for(Duration::from_secs(10), |r| r.len() >= before + 5).await;
        assert_eq!(received.len(), before + 5);
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(receiver.count(), before + 5, "the older failures stay failed");
        assert_eq!(crate::support::scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'failed' AND id <= 5").await, 5);
        assert_eq!(crate::support::scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'succeeded'").await, 5);
        let log = t.run(&["hooks", "attempts", "dlv_6"]);
        assert!(log.contains("manual") && log.contains("503 (http): the receiver answered 503 Service Unavailable"), "{log}");
    }

    async fn sigkill_of_a_delivering_server_loses_no_event(t: TestDb) {
        let receiver = Receiver::start(|_, _| Reply::Sleep(Duration::from_millis(400), 200)).await;
        space_with_hook(&t, &receiver.url).await;
        let args = delivering(&receiver, &["--concurrency", "8", "--lease", "2s"]);
        let first = start(&t, &args);
        let events = append_events(&t, 40).await;
        let started = receiver.wait_for(Duration::from_secs(30), |r| r.len() >= 8).await;
        assert!(started.len() >= 8, "requests are in flight");
        assert!(!first.kill().success());
        let done_before = crate::support::scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'succeeded'").await;
        assert!(done_before < 40, "killed before the end");

        let _second = start(&t, &args);
        let done = wait_scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'succeeded'", 40, Duration::from_secs(60)).await;
        assert_eq!(done, 40, "every delivery completed after the restart");
        let seen = ids(&receiver);
        for event in events {
            assert!(seen.contains_key(&event.to_string()), "{event} was delivered");
        }
    }
}

/// Every TLS failure is named so that the receiver's owner knows what to fix.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tls_failures_say_what_is_wrong_with_the_certificate() {
    let t = crate::support::sqlite().await;
    let untrusted = Receiver::start(|_, _| Reply::Status(200)).await;
    let expired = Receiver::start_with(Certificate::Expired, |_, _| Reply::Status(200)).await;
    let ca_as_leaf = Receiver::start_with(Certificate::CaAsLeaf, |_, _| Reply::Status(200)).await;
    space_with_hook(&t, &untrusted.url).await;
    add_hook(&t, &expired.url).await;
    add_hook(&t, &ca_as_leaf.url).await;
    append_events(&t, 1).await;
    // The sender trusts the CAs of the expired and the CA-as-leaf receivers, not the first's.
    let bundle = tempfile::NamedTempFile::new().unwrap();
    let pems =
        [&expired.root_cert, &ca_as_leaf.root_cert].map(|p| std::fs::read_to_string(p).unwrap());
    std::fs::write(bundle.path(), pems.join("\n")).unwrap();
    let bundle = bundle.path().to_string_lossy().into_owned();
    let args = [
        "dispatch",
        "--once",
        "--allow-cidr",
        "127.0.0.0/8",
        "--root-cert",
        &bundle,
    ];
    let dispatch = || t.shell(&args);
    let out = dispatch().await;
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).lines().any(|line| line.contains("dlv_3 ")
            && line.contains(" ms: tls: CA certificate used as a server certificate")),
        "the delivery log names the reason:\n{}",
        stdout(&out)
    );
    // So does ping, which a new user tries first.
    let ping = t
        .shell(&[
            "ping",
            "hook_3",
            "--allow-cidr",
            "127.0.0.0/8",
            "--root-cert",
            &bundle,
        ])
        .await;
    assert_eq!(ping.status.code(), Some(1));
    assert!(
        stderr(&ping).contains("tls: CA certificate used as a server certificate"),
        "{}",
        stderr(&ping)
    );
    for (delivery, reason) in [
        ("dlv_1", "tls: unknown issuer"),
        ("dlv_2", "tls: expired certificate"),
        ("dlv_3", "tls: CA certificate used as a server certificate"),
    ] {
        let log = t.run(&["hooks", "attempts", delivery]);
        assert!(log.contains(reason), "{delivery}: {reason} in\n{log}");
    }
    // A receiver that is not listening says so too.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let url = format!("https://127.0.0.1:{port}/hook");
    add_hook(&t, &url).await;
    append_events(&t, 1).await;
    dispatch().await;
    let log = t.run(&["hooks", "attempts", "dlv_8"]);
    assert!(log.contains("connect: connection refused"), "{log}");
}

/// `dispatch --listen` serves the loop's metrics while it runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dispatch_process_serves_its_metrics() {
    let t = crate::support::sqlite().await;
    let receiver = Receiver::start(|_, _| Reply::Status(200)).await;
    space_with_hook(&t, &receiver.url).await;
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let listen = format!("127.0.0.1:{port}");
    let worker = spawn_dispatch(&t, &receiver, &["--listen", &listen]);
    append_events(&t, 5).await;
    receiver
        .wait_for(Duration::from_secs(10), |r| r.len() >= 5)
        .await;
    let mut text = String::new();
    for _ in 0..100 {
        if let Ok(response) = client()
            .get(format!("http://{listen}/metrics"))
            .send()
            .await
        {
            text = response.text().await.unwrap_or_default();
            if text.contains("outcome=\"delivered\"} 5") {
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    signal(&worker, "TERM");
    let out = wait_exit(worker, Duration::from_secs(20)).await;
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        text.contains("tourney_webhook_attempts_total{outcome=\"delivered\"} 5"),
        "{text}"
    );
    assert!(
        text.contains("tourney_webhook_queue_oldest_due_seconds 0"),
        "{text}"
    );
}
