//! Webhook signatures: `v1=<hex>` HMAC-SHA256 over `id.timestamp.body`, keyed with the secret
//! string's bytes, and the receiver-side check the specification prescribes.
//!
//! Owns the secret format (`whsec_` + base64url of 32 random bytes), signing and verifying. It
//! never logs or formats a secret and never compares signatures with `==`: verification goes
//! through [`Mac::verify_slice`], which is constant time.

use base64::Engine;
use hmac::{KeyInit, Mac};
use sha2::Sha256;

type HmacSha256 = hmac::Hmac<Sha256>;

/// The prefix of every signing secret.
pub const SECRET_PREFIX: &str = "whsec_";
/// How far a signature's timestamp may be from now, in seconds (the specification's 5 minutes).
pub const DEFAULT_TOLERANCE_SECS: i64 = 300;

/// A new secret: `whsec_` + base64url (no padding) of 32 random bytes.
pub fn new_secret() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)?;
    Ok(format!(
        "{SECRET_PREFIX}{}",
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
    ))
}

fn mac(secret: &str, id: &str, timestamp: &str, body: &[u8]) -> HmacSha256 {
    // HMAC accepts keys of any length, so this cannot fail.
    let mut mac = match HmacSha256::new_from_slice(secret.as_bytes()) {
        Ok(mac) => mac,
        Err(_) => unreachable!("HMAC takes keys of any length"),
    };
    mac.update(id.as_bytes());
    mac.update(b".");
    mac.update(timestamp.as_bytes());
    mac.update(b".");
    mac.update(body);
    mac
}

/// The lowercase hex HMAC-SHA256 of `id.timestamp.body` keyed with `secret`.
pub fn sign(secret: &str, id: &str, timestamp: &str, body: &[u8]) -> String {
    hex::encode(mac(secret, id, timestamp, body).finalize().into_bytes())
}

/// The `Svc-Webhook-Signature` value: one `v1=<hex>` per secret, space-separated, in the order
/// given (newest secret first).
pub fn signature_header<S: AsRef<str>>(
    secrets: &[S],
    id: &str,
    timestamp: &str,
    body: &[u8],
) -> String {
    secrets
        .iter()
        .map(|secret| format!("v1={}", sign(secret.as_ref(), id, timestamp, body)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Why a request is not authentic.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    #[error("the {0} header is missing or empty")]
    MissingHeader(&'static str),
    #[error("the timestamp '{0}' is not a Unix time in whole seconds")]
    BadTimestamp(String),
    #[error("the timestamp is {0} s away from now, beyond the tolerance of {1} s")]
    Stale(i64, i64),
    #[error("the signature header has no v1= value")]
    NoV1Signature,
    #[error("no v1= signature matches the body with this secret")]
    Mismatch,
}

/// One received request, as a receiver sees it.
#[derive(Debug, Clone, Copy)]
pub struct Received<'a> {
    pub id: &'a str,
    pub timestamp: &'a str,
    pub signature: &'a str,
    pub body: &'a [u8],
}

/// Checks `request` exactly as the specification tells a receiver to: every header present, the
/// timestamp within `tolerance_secs` of `now_secs`, and any one `v1=` value equal to the HMAC of
/// the raw body (compared in constant time). Replay protection needs memory of accepted ids and
/// is the caller's business.
pub fn verify(
    secret: &str,
    request: Received<'_>,
    now_secs: i64,
    tolerance_secs: i64,
) -> Result<(), Invalid> {
    if request.id.is_empty() {
        return Err(Invalid::MissingHeader("Svc-Webhook-Id"));
    }
    if request.timestamp.is_empty() {
        return Err(Invalid::MissingHeader("Svc-Webhook-Timestamp"));
    }
    if request.signature.trim().is_empty() {
        return Err(Invalid::MissingHeader("Svc-Webhook-Signature"));
    }
    let sent: i64 = request
        .timestamp
        .parse()
        .ok()
        .filter(|_| request.timestamp.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| Invalid::BadTimestamp(request.timestamp.chars().take(40).collect()))?;
    let skew = now_secs.saturating_sub(sent).saturating_abs();
    if skew > tolerance_secs {
        return Err(Invalid::Stale(skew, tolerance_secs));
    }
    let expected = mac(secret, request.id, request.timestamp, request.body);
    let mut saw_v1 = false;
    for value in request.signature.split(' ').filter(|v| !v.is_empty()) {
        let Some(hex_value) = value.strip_prefix("v1=") else {
            continue;
        };
        saw_v1 = true;
        let Ok(candidate) = hex::decode(hex_value) else {
            continue;
        };
        if expected.clone().verify_slice(&candidate).is_ok() {
            return Ok(());
        }
    }
    Err(if saw_v1 {
        Invalid::Mismatch
    } else {
        Invalid::NoV1Signature
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The test vectors published in docs/webhooks.md; a change here is a breaking change for
    /// every receiver.
    const SECRET: &str = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8";
    const ID: &str = "evt_42";
    const TIMESTAMP: &str = "1796148000";
    const BODY: &str = r#"{"id":"evt_42","type":"ping","created_at":"2026-12-01T18:00:00.000Z","data":{"space":{"id":"spc_1","slug":"demo"},"message":"Hello from tourney"}}"#;
    const SIGNATURE: &str = "82d905d3c086adba6e18a51e8d44c33c3dafd883baa6410fa6b074452678a8df";
    const OLD_SECRET: &str = "whsec_ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8";
    const OLD_SIGNATURE: &str = "11ade0c36edb680194a04e4ae38e73f89b1ab7dbf956b1be8b9a26314970f0ff";

    #[test]
    fn published_test_vectors_hold() {
        assert_eq!(sign(SECRET, ID, TIMESTAMP, BODY.as_bytes()), SIGNATURE);
        assert_eq!(
            sign(OLD_SECRET, ID, TIMESTAMP, BODY.as_bytes()),
            OLD_SIGNATURE
        );
        assert_eq!(
            signature_header(&[SECRET, OLD_SECRET], ID, TIMESTAMP, BODY.as_bytes()),
            format!("v1={SIGNATURE} v1={OLD_SIGNATURE}")
        );
    }

    fn request<'a>(signature: &'a str, body: &'a [u8]) -> Received<'a> {
        Received {
            id: ID,
            timestamp: TIMESTAMP,
            signature,
            body,
        }
    }

    const NOW: i64 = 1_796_148_000;

    #[test]
    fn accepts_any_matching_v1_value() {
        let header = format!("v1={} v1={SIGNATURE}", "00".repeat(32));
        assert_eq!(
            verify(SECRET, request(&header, BODY.as_bytes()), NOW, 300),
            Ok(())
        );
    }

    #[test]
    fn refuses_tampering_wrong_secret_and_stale_times() {
        let header = format!("v1={SIGNATURE}");
        let tampered = BODY.replace("Hello", "Hallo");
        assert_eq!(
            verify(SECRET, request(&header, tampered.as_bytes()), NOW, 300),
            Err(Invalid::Mismatch)
        );
        assert_eq!(
            verify(OLD_SECRET, request(&header, BODY.as_bytes()), NOW, 300),
            Err(Invalid::Mismatch)
        );
        assert_eq!(
            verify(SECRET, request(&header, BODY.as_bytes()), NOW + 301, 300),
            Err(Invalid::Stale(301, 300))
        );
        assert_eq!(
            verify(SECRET, request(&header, BODY.as_bytes()), NOW - 300, 300),
            Ok(())
        );
        assert_eq!(
            verify(SECRET, request("sha256=abc", BODY.as_bytes()), NOW, 300),
            Err(Invalid::NoV1Signature)
        );
        assert_eq!(
            verify(SECRET, request("", BODY.as_bytes()), NOW, 300),
            Err(Invalid::MissingHeader("Svc-Webhook-Signature"))
        );
    }

    #[test]
    fn secrets_are_prefixed_43_char_base64url_and_fresh() {
        let (a, b) = (new_secret().unwrap(), new_secret().unwrap());
        assert_ne!(a, b);
        let encoded = a.strip_prefix(SECRET_PREFIX).unwrap();
        assert_eq!(encoded.len(), 43);
        assert!(
            encoded
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_')
        );
    }
}
