//! `ping` through the real delivery path, `verify` on single requests, and `verify receiver`
//! against a correct and a lax receiver.

use std::collections::HashSet;
use std::io::Write;
use std::sync::Mutex;

use crate::support::on_both_backends;
use crate::support::receiver::{Receiver, Reply, now_ms};

use super::*;

on_both_backends! {
    async fn ping_sends_a_signed_test_event_and_reports_the_outcome(t: TestDb) {
        let receiver = Receiver::start(|_, n| if n == 0 { Reply::Status(200) } else { Reply::Status(500) }).await;
        let secret = space_with_hook(&t, &receiver.url).await;
        // A filter without ping does not stop a ping: it is addressed to this one hook.
        t.shell(&["hooks", "rotate-secret", "hook_1", "--overlap", "0s"]).await;
        let root = receiver.root_cert.to_string_lossy().into_owned();
        let args = ["ping", "hook_1", "--allow-cidr", "127.0.0.0/8", "--root-cert", &root];
        let ok = t.shell(&args).await;
        assert!(ok.status.success(), "{}", stderr(&ok));
        assert!(stdout(&ok).contains(": 200 in "), "{}", stdout(&ok));
        let request = &receiver.received()[0];
        let body: serde_json::Value = serde_json::from_slice(&request.body).unwrap();
        assert_eq!(body["type"], "ping");
        assert_eq!(body["data"]["space"], serde_json::json!({"id": "spc_1", "slug": "demo"}));
        assert!(body["data"]["message"].is_string());
        let id = request.header("svc-webhook-id").unwrap();
        let ts = request.header("svc-webhook-timestamp").unwrap();
        assert_ne!(request.header("svc-webhook-signature").unwrap(), format!("v1={}", hmac_hex(&secret, id, ts, &request.body)),
            "signed with the rotated secret, not the first one");

        let failed = t.shell(&args).await;
        assert_eq!(failed.status.code(), Some(1));
        assert!(stderr(&failed).contains(": 500 (http)"), "{}", stderr(&failed));
        let attempts: Vec<(String, Option<i64>)> = rows(&t.db, "SELECT trigger, status_code FROM attempts ORDER BY id").await;
        assert_eq!(attempts, [("ping".into(), Some(200)), ("ping".into(), Some(500))]);
        assert_eq!(crate::support::scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'failed'").await, 1,
            "a failed ping is not retried automatically");
        let blocked = t.shell(&["ping", "hook_1", "--root-cert", &root]).await;
        assert_eq!(blocked.status.code(), Some(1));
        assert!(stderr(&blocked).contains("blocked"), "{}", stderr(&blocked));
    }
}

/// The vector published in docs/webhooks.md.
const SECRET: &str = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8";
const BODY: &str = r#"{"id":"evt_42","type":"ping","created_at":"2026-12-01T18:00:00.000Z","data":{"space":{"id":"spc_1","slug":"demo"},"message":"Hello from tourney"}}"#;
const SIGNATURE: &str = "82d905d3c086adba6e18a51e8d44c33c3dafd883baa6410fa6b074452678a8df";

fn verify(args: &[&str], body: &[u8]) -> std::process::Output {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(body).unwrap();
    assert_cmd::Command::new(env!("CARGO_BIN_EXE_tourney"))
        .arg("verify")
        .args(args)
        .arg("--body")
        .arg(file.path())
        .output()
        .unwrap()
}

#[test]
fn verify_checks_one_request_as_a_receiver_must() {
    let sig = format!("v1={}", "ab".repeat(32)) + " v1=" + SIGNATURE;
    let base = [
        "--secret",
        SECRET,
        "--id",
        "evt_42",
        "--timestamp",
        "1796148000",
        "--signature",
        &sig,
    ];
    let far = [&base[..], &["--tolerance", "4000000000"]].concat();
    let ok = verify(&far, BODY.as_bytes());
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert!(String::from_utf8_lossy(&ok.stdout).starts_with("valid"));

    let tampered = verify(&far, BODY.replace("Hello", "Hullo").as_bytes());
    assert_eq!(tampered.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&tampered.stderr).contains("no v1 signature matches"));

    let stale = verify(&base, BODY.as_bytes());
    assert_eq!(stale.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&stale.stderr).contains("beyond the tolerance of 300 s"));

    // Stdin works as the body too, and a fresh signature passes with the default tolerance.
    let ts = (now_ms() / 1000).to_string();
    let fresh = format!("v1={}", hmac_hex(SECRET, "evt_7", &ts, b"{}"));
    assert_cmd::Command::new(env!("CARGO_BIN_EXE_tourney"))
        .args([
            "verify",
            "--secret",
            SECRET,
            "--id",
            "evt_7",
            "--timestamp",
            &ts,
            "--signature",
            &fresh,
        ])
        .write_stdin("{}")
        .assert()
        .success();
}

/// A receiver that follows the specification: every header, 300 s, any v1=, and a verbatim
/// replay of an accepted request is refused.
fn strict(
    secret: &'static str,
) -> impl Fn(&crate::support::receiver::Received, usize) -> Reply + Send + Sync {
    let seen: Mutex<HashSet<(String, String)>> = Mutex::new(HashSet::new());
    move |request, _| {
        let (Some(id), Some(ts), Some(sig)) = (
            request.header("svc-webhook-id"),
            request.header("svc-webhook-timestamp"),
            request.header("svc-webhook-signature"),
        ) else {
            return Reply::Status(400);
        };
        let Ok(ts_secs) = ts.parse::<i64>() else {
            return Reply::Status(400);
        };
        if (now_ms() / 1000 - ts_secs).abs() > 300 {
            return Reply::Status(400);
        }
        let want = format!("v1={}", hmac_hex(secret, id, ts, &request.body));
        if !sig.split(' ').any(|v| v == want) {
            return Reply::Status(401);
        }
        if !seen.lock().unwrap().insert((id.to_owned(), ts.to_owned())) {
            return Reply::Status(409);
        }
        Reply::Status(200)
    }
}

/// A receiver that checks Standard Webhooks' headers alone, as the official libraries do: the
/// `webhook-*` set, `v1,<base64>` keyed with the secret's decoded bytes (computed here, apart from
/// the product's signer), the same tolerance, and replays refused.
fn strict_standard(
    secret: &'static str,
) -> impl Fn(&crate::support::receiver::Received, usize) -> Reply + Send + Sync {
    use base64::Engine;
    use hmac::Mac;
    let seen: Mutex<HashSet<String>> = Mutex::new(HashSet::new());
    move |request, _| {
        let (Some(id), Some(ts), Some(sig)) = (
            request.header("webhook-id"),
            request.header("webhook-timestamp"),
            request.header("webhook-signature"),
        ) else {
            return Reply::Status(400);
        };
        let Ok(ts_secs) = ts.parse::<i64>() else {
            return Reply::Status(400);
        };
        if (now_ms() / 1000 - ts_secs).abs() > 300 {
            return Reply::Status(400);
        }
        let encoded = secret.trim_start_matches("whsec_");
        let key = base64::engine::general_purpose::STANDARD_NO_PAD
            .decode(encoded.trim_end_matches('='))
            .expect("a secret of the standard form");
        let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(&key).unwrap();
        mac.update(format!("{id}.{ts}.").as_bytes());
        mac.update(&request.body);
        let want = format!(
            "v1,{}",
            base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
        );
        if !sig.split(' ').any(|v| v == want) {
            return Reply::Status(401);
        }
        if !seen.lock().unwrap().insert(id.to_owned()) {
            return Reply::Status(409);
        }
        Reply::Status(200)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verify_receiver_passes_a_correct_receiver_and_fails_a_lax_one() {
    // Conformance requests are incomplete and forged on purpose: no catalog check.
    let good = Receiver::start_unchecked(strict(SECRET)).await;
    let lax = Receiver::start_unchecked(|_, _| Reply::Status(200)).await;
    let run = |receiver: &Receiver| {
        let mut command = assert_cmd::Command::new(env!("CARGO_BIN_EXE_tourney"));
        command
            .args([
                "verify",
                "receiver",
                &receiver.url,
                "--secret",
                SECRET,
                "--allow-cidr",
                "127.0.0.0/8",
                "--root-cert",
            ])
            .arg(&receiver.root_cert);
        async move {
            tokio::task::spawn_blocking(move || command.output().unwrap())
                .await
                .unwrap()
        }
    };
    let passed = run(&good).await;
    let table = String::from_utf8_lossy(&passed.stdout).into_owned();
    assert!(
        passed.status.success(),
        "{table}{}",
        String::from_utf8_lossy(&passed.stderr)
    );
    assert!(
        table.contains("passed all 10 cases") && !table.contains("FAIL"),
        "{table}"
    );

    // A receiver of the other kind, checking Standard Webhooks' headers alone, passes too.
    let standard = Receiver::start_unchecked(strict_standard(SECRET)).await;
    let passed = run(&standard).await;
    let table = String::from_utf8_lossy(&passed.stdout).into_owned();
    assert!(
        passed.status.success() && table.contains("passed all 10 cases"),
        "{table}{}",
        String::from_utf8_lossy(&passed.stderr)
    );

    let failed = run(&lax).await;
    let table = String::from_utf8_lossy(&failed.stdout).into_owned();
    assert_eq!(failed.status.code(), Some(1), "{table}");
    assert_eq!(
        table.matches("FAIL").count(),
        8,
        "every reject case fails: {table}"
    );
    assert!(String::from_utf8_lossy(&failed.stderr).contains("failed 8 of 10 cases"));

    // Without the allow-list and the test CA, every case is blocked, then untrusted: the output
    // says how to let a receiver on this machine be reached.
    let run_without = |extra: &'static [&'static str]| {
        let mut command = assert_cmd::Command::new(env!("CARGO_BIN_EXE_tourney"));
        command
            .args(["verify", "receiver", &good.url, "--secret", SECRET])
            .args(extra);
        async move {
            let output = tokio::task::spawn_blocking(move || command.output().unwrap())
                .await
                .unwrap();
            assert_eq!(output.status.code(), Some(1));
            String::from_utf8_lossy(&output.stdout).into_owned()
        }
    };
    let blocked = run_without(&[]).await;
    assert!(
        blocked.contains("blocked") && blocked.contains("--allow-cidr (127.0.0.0/8"),
        "{blocked}"
    );
    let untrusted = run_without(&["--allow-cidr", "127.0.0.0/8"]).await;
    assert!(untrusted.contains("--root-cert FILE"), "{untrusted}");
}
