//! `verify receiver`: a conformance run against a receiver under test.
//!
//! Sends one request per case (a valid one, rotated secrets, and every defect the specification
//! tells a receiver to reject: tampered body, wrong secret, stale and future timestamps, each
//! missing header, a verbatim replay) and says whether the receiver answered as it must. Every
//! request carries both header sets, the specification's and Standard Webhooks' (when the secret
//! is of a form that scheme reads), signed and forged alike, so a receiver of either kind is
//! checked. It never stores anything and never sends anywhere but the URL it is given.

use super::client::{Outcome, Sender};
use super::signing;

/// What the receiver must do with a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// Answer 2xx.
    Accept,
    /// Answer with a status that is not 2xx.
    Reject,
}

#[derive(Debug, Clone)]
pub struct CaseResult {
    pub name: &'static str,
    pub expect: Expect,
    pub outcome: Outcome,
}

impl CaseResult {
    pub fn passed(&self) -> bool {
        match self.expect {
            Expect::Accept => self.outcome.succeeded(),
            // A rejection is an HTTP answer; no answer at all is not conformance.
            Expect::Reject => self
                .outcome
                .status_code
                .is_some_and(|code| !(200..300).contains(&code)),
        }
    }
}

struct Request {
    id: String,
    timestamp: String,
    signature: String,
    /// Standard Webhooks' `webhook-signature`, when the secret decodes.
    standard: Option<String>,
    body: String,
}

fn random_number() -> u64 {
    let mut bytes = [0u8; 8];
    // Without randomness the ids still differ per case; only cross-run uniqueness suffers.
    let _ = getrandom::fill(&mut bytes);
    u64::from_le_bytes(bytes) % 1_000_000_000_000
}

/// Runs every case against `url` with `secret`, in order, and returns the results.
pub async fn run(sender: &Sender, url: &str, secret: &str, now_secs: i64) -> Vec<CaseResult> {
    let base = random_number();
    let request = |n: u64, name: &str, secret: &str, ts: i64| {
        let id = format!("evt_{}", base + n);
        let body = format!(
            r#"{{"id":"{id}","type":"ping","created_at":"{}","data":{{"space":{{"id":"spc_0","slug":"conformance"}},"message":"tourney verify receiver: {name}"}}}}"#,
            crate::timestamp::format_ms(now_secs.saturating_mul(1000))
        );
        let timestamp = ts.to_string();
        let signature = format!(
            "v1={}",
            signing::sign(secret, &id, &timestamp, body.as_bytes())
        );
        let standard = signing::sign_standard(secret, &id, &timestamp, body.as_bytes())
            .map(|value| format!("v1,{value}"));
        Request {
            id,
            timestamp,
            signature,
            standard,
            body,
        }
    };
    let other_secret = signing::new_secret().unwrap_or_else(|_| format!("{secret}-other"));
    let mut results = Vec::new();
    let mut send = async |name: &'static str,
                          expect: Expect,
                          r: &Request,
                          omit: Option<&str>,
                          body: Option<&str>| {
        let mut headers: Vec<(&str, &str)> = vec![
            ("Svc-Webhook-Id", r.id.as_str()),
            ("Svc-Webhook-Timestamp", r.timestamp.as_str()),
            ("Svc-Webhook-Signature", r.signature.as_str()),
        ];
        if let Some(standard) = &r.standard {
            headers.extend([
                ("webhook-id", r.id.as_str()),
                ("webhook-timestamp", r.timestamp.as_str()),
                ("webhook-signature", standard.as_str()),
            ]);
        }
        // A missing header is missing from both sets: `omit` names the specification's.
        let omitted = |header: &str| {
            omit.is_some_and(|o| {
                header.eq_ignore_ascii_case(o)
                    || o.strip_prefix("Svc-")
                        .is_some_and(|rest| header.eq_ignore_ascii_case(rest))
            })
        };
        headers.retain(|(header, _)| !omitted(header));
        let body = body.unwrap_or(&r.body);
        let outcome = sender.send_raw(url, &headers, body.as_bytes()).await;
        results.push(CaseResult {
            name,
            expect,
            outcome,
        });
    };

    let valid = request(1, "valid", secret, now_secs);
    send("valid request", Expect::Accept, &valid, None, None).await;

    let mut rotated = request(2, "rotated secrets", secret, now_secs);
    let old = signing::sign(
        &other_secret,
        &rotated.id,
        &rotated.timestamp,
        rotated.body.as_bytes(),
    );
    rotated.signature = format!("v1={old} {}", rotated.signature);
    let old_standard = signing::sign_standard(
        &other_secret,
        &rotated.id,
        &rotated.timestamp,
        rotated.body.as_bytes(),
    );
    rotated.standard = match (old_standard, rotated.standard.take()) {
        (Some(old), Some(new)) => Some(format!("v1,{old} {new}")),
        (_, new) => new,
    };
    send(
        "rotated secrets (two v1 values in each set, one valid)",
        Expect::Accept,
        &rotated,
        None,
        None,
    )
    .await;

    let tampered = request(3, "tampered body", secret, now_secs);
    let changed = tampered.body.replace("tampered body", "tampered bodY");
    send(
        "tampered body",
        Expect::Reject,
        &tampered,
        None,
        Some(&changed),
    )
    .await;

    let wrong = request(4, "wrong secret", &other_secret, now_secs);
    send("wrong secret", Expect::Reject, &wrong, None, None).await;

    let stale = request(5, "stale timestamp", secret, now_secs - 600);
    send(
        "timestamp 10 minutes old",
        Expect::Reject,
        &stale,
        None,
        None,
    )
    .await;

    let future = request(6, "future timestamp", secret, now_secs + 600);
    send(
        "timestamp 10 minutes ahead",
        Expect::Reject,
        &future,
        None,
        None,
    )
    .await;

    for (n, header, name) in [
        (7, "Svc-Webhook-Id", "missing Svc-Webhook-Id"),
        (8, "Svc-Webhook-Timestamp", "missing Svc-Webhook-Timestamp"),
        (9, "Svc-Webhook-Signature", "missing Svc-Webhook-Signature"),
    ] {
        let r = request(n, name, secret, now_secs);
        send(name, Expect::Reject, &r, Some(header), None).await;
    }

    send(
        "replayed request (the valid one, verbatim)",
        Expect::Reject,
        &valid,
        None,
        None,
    )
    .await;
    results
}
