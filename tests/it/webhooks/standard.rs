//! Standard Webhooks beside the specification's headers: real deliveries, before and during a
//! secret change, verified by the official `standardwebhooks` libraries for JavaScript (npm) and
//! Python (PyPI) exactly as a receiver runs them, while the specification's headers stay byte
//! for byte what they were; and the Standard Webhooks test vector through `tourney verify`.
//!
//! The libraries are installed by `.ci/run` (`tests/receivers`); outside CI the test is skipped,
//! with the reason printed, when they are not there.

use std::io::Write;
use std::path::PathBuf;
use std::process::Command;

use crate::support::on_both_backends;
use crate::support::receiver::{Received, Receiver, Reply};

use super::*;

const TEST: &str = "webhooks::standard::official_libraries_verify_real_deliveries";

/// The official libraries, as installed in `tests/receivers`.
struct Libraries {
    node: PathBuf,
    python: PathBuf,
    dir: PathBuf,
}

impl Libraries {
    fn find() -> Option<Libraries> {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/receivers");
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"));
        let python = std::env::var_os("TOURNEY_TEST_PYTHON")
            .map(PathBuf::from)
            .unwrap_or_else(|| target.join("receivers-venv/bin/python"));
        let node = PathBuf::from("node");
        let missing = if !dir.join("node_modules/standardwebhooks").is_dir() {
            Some("npm's standardwebhooks is not installed (npm ci --prefix tests/receivers)")
        } else if !python.exists() {
            Some("PyPI's standardwebhooks is not installed (see .ci/run: target/receivers-venv)")
        } else {
            None
        };
        if let Some(why) = missing {
            if std::env::var_os("CI").is_some() {
                panic!("{TEST}: {why}; the libraries' test may not be skipped in CI");
            }
            let _ = writeln!(std::io::stderr(), "skipped {TEST}: {why}");
            return None;
        }
        Some(Libraries { node, python, dir })
    }

    /// What each library says of `request` with `secret`: `(javascript, python)`.
    fn verdicts(&self, secret: &str, request: &Received) -> (String, String) {
        let scratch = tempfile::tempdir().expect("a scratch directory");
        let headers: serde_json::Map<String, serde_json::Value> = request
            .headers
            .iter()
            .map(|(name, value)| {
                (
                    name.as_str().to_owned(),
                    serde_json::Value::from(value.to_str().unwrap_or_default()),
                )
            })
            .collect();
        let headers_path = scratch.path().join("headers.json");
        let body_path = scratch.path().join("body");
        std::fs::write(&headers_path, serde_json::to_vec(&headers).unwrap()).unwrap();
        std::fs::write(&body_path, &request.body).unwrap();
        let run = |program: &PathBuf, script: &str| {
            let out = Command::new(program)
                .arg(self.dir.join(script))
                .arg(secret)
                .arg(&headers_path)
                .arg(&body_path)
                .current_dir(&self.dir)
                .output()
                .unwrap_or_else(|e| panic!("run {}: {e}", program.display()));
            format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout).trim(),
                String::from_utf8_lossy(&out.stderr).trim()
            )
        };
        (
            run(&self.node, "verify.mjs"),
            run(&self.python, "verify.py"),
        )
    }
}

on_both_backends! {
    async fn official_libraries_verify_real_deliveries(t: TestDb) {
        let Some(libraries) = Libraries::find() else { return };
        let receiver = Receiver::start(|_, _| Reply::Status(200)).await;
        let first = space_with_hook(&t, &receiver.url).await;
        append_events(&t, 2).await;
        let out = dispatch_once(&t, &receiver, &[]).await;
        assert!(out.status.success(), "{}", stderr(&out));
        // A secret change: both secrets sign for an hour.
        let rotated = t.shell(&["hooks", "rotate-secret", "hook_1", "--overlap", "1h"]).await;
        assert!(rotated.status.success(), "{}", stderr(&rotated));
        let second = stdout(&rotated).lines().find(|l| l.starts_with("whsec_")).expect("the new secret").to_owned();
        append_events(&t, 2).await;
        let out = dispatch_once(&t, &receiver, &[]).await;
        assert!(out.status.success(), "{}", stderr(&out));

        let received = receiver.received();
        assert_eq!(received.len(), 4, "four events delivered");
        let stranger = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        for (n, request) in received.iter().enumerate() {
            let header = |name: &str| request.header(name).unwrap_or_else(|| panic!("request {n} has {name}")).to_owned();
            let (id, timestamp) = (header("svc-webhook-id"), header("svc-webhook-timestamp"));
            // The specification's headers, byte for byte as before: v1=<hex> per secret, keyed
            // with the secret's text, newest first.
            let secrets: Vec<&str> = if n < 2 { vec![&first] } else { vec![&second, &first] };
            let expected = secrets.iter().map(|s| format!("v1={}", hmac_hex(s, &id, &timestamp, &request.body))).collect::<Vec<_>>().join(" ");
            assert_eq!(header("svc-webhook-signature"), expected, "request {n}");
            assert_eq!(header("webhook-id"), id);
            assert_eq!(header("webhook-timestamp"), timestamp);
            let standard = header("webhook-signature");
            assert_eq!(standard.split(' ').count(), secrets.len(), "one v1, value per secret: {standard}");
            for secret in &secrets {
                let (javascript, python) = libraries.verdicts(secret, request);
                assert_eq!((javascript.as_str(), python.as_str()), ("verified", "verified"), "request {n} with {}", if *secret == first { "the first secret" } else { "the second" });
            }
            let (javascript, python) = libraries.verdicts(stranger, request);
            assert!(javascript != "verified" && python != "verified", "another secret is refused: {javascript} / {python}");
        }

        // `tourney verify --headers`, given the headers as the receiver logged them and both
        // secrets of the rotation: each header set says which scheme and which secret matched.
        let last = received.last().expect("a request");
        let logged = tempfile::NamedTempFile::new().unwrap();
        let lines: String = last.headers.iter().map(|(k, v)| format!("{}: {}\n", k, v.to_str().unwrap())).collect();
        std::fs::write(logged.path(), lines).unwrap();
        let body = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(body.path(), &last.body).unwrap();
        let (headers_path, body_path) = (logged.path().to_string_lossy().into_owned(), body.path().to_string_lossy().into_owned());
        let verified = t.shell(&["verify", "--headers", &headers_path, "--body", &body_path, "--secret", &first, "--secret", &second]).await;
        let said = stdout(&verified);
        assert!(verified.status.success(), "{said}{}", stderr(&verified));
        assert!(said.contains("valid: Svc-Webhook-Signature") && said.contains("valid: webhook-signature"), "{said}");
        assert!(said.contains("Standard Webhooks") && said.contains("with secret 1 of 2"), "{said}");
        let forged = t.shell(&["verify", "--headers", &headers_path, "--body", &body_path, "--secret", stranger]).await;
        assert!(!forged.status.success() && stderr(&forged).contains("webhook-signature"), "{}", stderr(&forged));
    }
}

/// The Standard Webhooks test vector through `tourney verify`, and a forged value refused.
#[test]
fn the_standard_webhooks_test_vector_verifies() {
    let body = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(
        body.path(),
        r#"{"email":"test@example.com","username":"test_user"}"#,
    )
    .unwrap();
    let body_path = body.path().to_string_lossy().into_owned();
    let verify = |signature: &str| {
        assert_cmd::Command::cargo_bin("tourney")
            .unwrap()
            .args([
                "verify",
                "--secret",
                "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD",
                "--id",
                "msg_27UH4WbU6Z5A5EzD8u03UvzRbpk",
                "--timestamp",
                "1649367553",
                "--signature",
                signature,
                "--body",
                &body_path,
                "--tolerance",
                "4000000000",
            ])
            .output()
            .unwrap()
    };
    let good = verify("v1,tZ1I4/hDygAJgO5TYxiSd6Sd0kDW6hPenDe+bTa3Kkw=");
    let said = String::from_utf8_lossy(&good.stdout);
    assert!(
        good.status.success() && said.contains("Standard Webhooks"),
        "{said}{}",
        String::from_utf8_lossy(&good.stderr)
    );
    let forged = verify("v1,tZ1I4/hDygAJgO5TYxiSd6Sd0kDW6hPenDe+bTa3KkX=");
    assert!(!forged.status.success(), "a changed signature is refused");
}

on_both_backends! {
    /// An address set to one header set receives that set alone; `hooks update` changes it
    /// from the next attempt on, audited; a value that is not a set is refused.
    async fn each_address_receives_the_header_sets_it_asks_for(t: TestDb) {
        // Unchecked: the catalog's receiver expects the specification's headers, which an
        // address set to `standard` does not get.
        let receiver = Receiver::start_unchecked(|_, _| Reply::Status(200)).await;
        let created = t.shell(&["spaces", "create", "demo", "--name", "Demo"]).await;
        assert!(created.status.success(), "{}", stderr(&created));
        open_signups(&t).await;
        let added = t
            .shell(&["hooks", "add", "--space", "demo", &receiver.url, "--allow-cidr", "127.0.0.0/8", "--signature-headers", "standard"])
            .await;
        assert!(added.status.success(), "{}", stderr(&added));
        assert!(stdout(&added).contains("signature headers: standard"), "{}", stdout(&added));
        append_events(&t, 1).await;
        assert!(dispatch_once(&t, &receiver, &[]).await.status.success());
        let updated = t.shell(&["hooks", "update", "hook_1", "--signature-headers", "specification"]).await;
        assert!(updated.status.success() && stdout(&updated).contains("signature headers specification"), "{}{}", stdout(&updated), stderr(&updated));
        append_events(&t, 1).await;
        assert!(dispatch_once(&t, &receiver, &[]).await.status.success());
        let refused = t.shell(&["hooks", "update", "hook_1", "--signature-headers", "svix"]).await;
        assert!(!refused.status.success(), "an unknown set is refused");

        let received = receiver.received();
        assert_eq!(received.len(), 2);
        let names = |r: &Received| {
            let mut names: Vec<String> = r.headers.keys().map(|k| k.as_str().to_owned()).filter(|k| k.contains("webhook")).collect();
            names.sort();
            names
        };
        assert_eq!(names(&received[0]), ["webhook-id", "webhook-signature", "webhook-timestamp"]);
        assert_eq!(names(&received[1]), ["svc-webhook-id", "svc-webhook-signature", "svc-webhook-timestamp"]);
        let audit = t.run(&["audit", "--space", "demo"]);
        assert!(audit.lines().any(|l| l.contains("hook.updated") && l.contains("standard -> specification")), "{audit}");
    }
}
