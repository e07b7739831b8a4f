//! `hooks add|list|remove|rotate-secret|retry`: what a space admin sees, and the SSRF refusals at
//! registration.

use crate::support::{on_both_backends, row_counts, scalar};

use super::{stderr, stdout};

/// One address from every range of the block list, in the spellings an attacker would try.
pub const BLOCKED_URLS: &[&str] = &[
    "https://0.0.0.0/",
    "https://10.0.0.1/",
    "https://100.64.0.1/",
    "https://100.100.100.200/",
    "https://127.0.0.1/",
    "https://169.254.169.254/",
    "https://172.16.0.1/",
    "https://192.0.0.192/",
    "https://192.0.2.1/",
    "https://192.88.99.1/",
    "https://192.168.1.1/",
    "https://198.18.0.1/",
    "https://198.51.100.1/",
    "https://203.0.113.1/",
    "https://224.0.0.1/",
    "https://240.0.0.1/",
    "https://255.255.255.255/",
    "https://[::]/",
    "https://[::1]/",
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:10.0.0.1]/",
    "https://[::127.0.0.1]/",
    "https://[64:ff9b::a00:1]/",
    "https://[64:ff9b:1::1]/",
    "https://[100::1]/",
    "https://[2001::1]/",
    "https://[2001:db8::1]/",
    "https://[2002:7f00:1::1]/",
    "https://[3fff::1]/",
    "https://[5f00::1]/",
    "https://[fc00::1]/",
    "https://[fd00:ec2::254]/",
    "https://[fe80::1]/",
    "https://[fec0::1]/",
    "https://[ff02::1]/",
    "https://2130706433/",
    "https://0x7f.0.0.1/",
    "https://0177.0.0.1/",
    "https://127.1/",
    "https://localhost/",
    "https://localhost:8443/hook",
];

on_both_backends! {
    async fn add_refuses_private_addresses_and_plain_http(t: TestDb) {
        let created = t.shell(&["spaces", "create", "demo", "--name", "Demo"]).await;
        assert!(created.status.success());
        let before = row_counts(&t.db).await;
        for url in BLOCKED_URLS {
            let out = t.shell(&["hooks", "add", "--space", "demo", url]).await;
            assert_eq!(out.status.code(), Some(1), "{url} must be refused");
            assert!(stderr(&out).contains("private or internal address"), "{url}: {}", stderr(&out));
            // How to test locally, for the shell and for the server that delivers.
            assert!(stderr(&out).contains("--allow-cidr (127.0.0.0/8 for this machine") && stderr(&out).contains("`tourney serve`"), "{}", stderr(&out));
        }
        let out = t.shell(&["hooks", "add", "--space", "demo", "http://93.184.215.14/hook"]).await;
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).contains("must use https://"), "{}", stderr(&out));
        let out = t.shell(&["hooks", "add", "--space", "demo", "https://93.184.215.14/", "--events", "match.done"]).await;
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).contains("unknown event type 'match.done'"), "{}", stderr(&out));
        assert_eq!(row_counts(&t.db).await, before, "a refusal writes nothing");
        // The allow list lets exactly the chosen range through.
        let out = t.shell(&["hooks", "add", "--space", "demo", "https://127.0.0.1:9/", "--allow-cidr", "10.0.0.0/8"]).await;
        assert_eq!(out.status.code(), Some(1));
        let out = t.shell(&["hooks", "add", "--space", "demo", "https://127.0.0.1:9/", "--allow-cidr", "127.0.0.0/8"]).await;
        assert!(out.status.success(), "{}", stderr(&out));
    }

    /// A name that does not resolve now (a receiver not set up yet, a machine offline) is added,
    /// with a note saying so; sending to it fails and says why.
    async fn add_takes_a_name_that_does_not_resolve_yet(t: TestDb) {
        t.shell(&["spaces", "create", "demo", "--name", "Demo"]).await;
        let out = t.shell(&["hooks", "add", "--space", "demo", "https://receiver.invalid/tourney"]).await;
        assert!(out.status.success(), "{}", stderr(&out));
        let printed = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(printed.starts_with("created hook_1 for space demo: https://receiver.invalid/tourney"), "{printed}");
        assert!(printed.contains("note: its host does not resolve now"), "{printed}");
        assert!(printed.lines().any(|l| l.starts_with("whsec_")), "the secret is shown: {printed}");
        // Sending to it fails, and says why.
        let ping = t.shell(&["ping", "hook_1"]).await;
        assert_eq!(ping.status.code(), Some(1), "{}", String::from_utf8_lossy(&ping.stdout));
        let why = format!("{}{}", String::from_utf8_lossy(&ping.stdout), stderr(&ping));
        assert!(why.contains("receiver.invalid"), "{why}");
        // A name that resolves to a private address is refused as before (`localhost` among
        // BLOCKED_URLS above).
    }

    async fn add_shows_the_secret_once_limits_five_and_audits_without_secrets(t: TestDb) {
        t.shell(&["spaces", "create", "demo", "--name", "Demo"]).await;
        let mut secrets = Vec::new();
        for n in 1..=5 {
            let url = format!("https://93.184.215.14/hook/{n}");
            let out = t.shell(&["hooks", "add", "--space", "demo", &url, "--events", "match.completed,match.corrected"]).await;
            assert!(out.status.success(), "{}", stderr(&out));
            let text = stdout(&out);
            assert!(text.contains(&format!("created hook_{n}")), "{text}");
            let secret = text.lines().find(|l| l.starts_with("whsec_")).unwrap().to_owned();
            assert_eq!(secret.len(), "whsec_".len() + 44, "standard base64 of 32 bytes: {secret}");
            secrets.push(secret);
        }
        let sixth = t.shell(&["hooks", "add", "--space", "demo", "https://93.184.215.14/hook/6"]).await;
        assert_eq!(sixth.status.code(), Some(1));
        assert!(stderr(&sixth).contains("already has 5 active webhook addresses"), "{}", stderr(&sixth));

        let list = stdout(&t.shell(&["hooks", "list", "--space", "demo"]).await);
        assert!(list.contains("hook_5") && list.contains("match.completed,match.corrected"), "{list}");
        let rotated = t.shell(&["hooks", "rotate-secret", "hook_1", "--overlap", "30m"]).await;
        assert!(rotated.status.success(), "{}", stderr(&rotated));
        let new_secret = stdout(&rotated).lines().find(|l| l.starts_with("whsec_")).unwrap().to_owned();
        assert!(stdout(&rotated).contains("also signs"));

        let removed = t.shell(&["hooks", "remove", "hook_2"]).await;
        assert!(removed.status.success(), "{}", stderr(&removed));
        let again = t.shell(&["hooks", "remove", "hook_2"]).await;
        assert_eq!(again.status.code(), Some(1));
        let list = stdout(&t.shell(&["hooks", "list", "--space", "demo"]).await);
        assert!(list.contains("removed"), "{list}");
        let sixth = t.shell(&["hooks", "add", "--space", "demo", "https://93.184.215.14/hook/6"]).await;
        assert!(sixth.status.success(), "a removed address frees its place: {}", stderr(&sixth));

        // Secrets appear nowhere after they were shown: not in lists, not in the audit log.
        let audit: Vec<(String, Option<String>, Option<String>)> =
            crate::webhooks::rows(&t.db, "SELECT action, target, details FROM audit_log ORDER BY id").await;
        let actions: Vec<&str> = audit.iter().map(|(a, _, _)| a.as_str()).collect();
        assert_eq!(actions, ["space.created", "hook.created", "hook.created", "hook.created", "hook.created",
            "hook.created", "hook.secret_rotated", "hook.removed", "hook.created"]);
        let everything = format!("{audit:?}{list}");
        for secret in secrets.iter().chain([&new_secret]) {
            assert!(!everything.contains(secret.as_str()));
        }
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM hook_secrets").await, 7);
    }

    async fn retry_and_deliveries_explain_what_they_refuse(t: TestDb) {
        t.shell(&["spaces", "create", "demo", "--name", "Demo"]).await;
        for (args, message) in [
            (vec!["hooks", "retry", "dlv_9"], "no delivery has the id dlv_9"),
            (vec!["hooks", "retry", "hook_1"], "is not a delivery id"),
            (vec!["hooks", "deliveries", "hook_3"], "no webhook address has the id hook_3"),
            (vec!["hooks", "rotate-secret", "hook_1", "--overlap", "soon"], "not a duration"),
            (vec!["ping", "hook_1"], "no active webhook address has the id hook_1"),
        ] {
            let out = t.shell(&args).await;
            assert_eq!(out.status.code(), Some(1), "{args:?}");
            assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        }
        let usage = t.shell(&["hooks", "retry", "--hook", "hook_1"]).await;
        assert_eq!(usage.status.code(), Some(2), "--hook needs --failed");
    }
}
