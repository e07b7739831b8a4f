//! Webhook signatures, in two schemes over the same `id.timestamp.body`: the specification's
//! (`Svc-Webhook-Signature: v1=<hex>`, HMAC-SHA256 keyed with the secret string's bytes) and
//! Standard Webhooks' (`webhook-signature: v1,<base64>`, keyed with the secret's decoded bytes,
//! so that receivers can use the official libraries); and the receiver-side check of either.
//!
//! Owns the secret format (`whsec_` + standard base64 of 32 random bytes, which both schemes
//! read; secrets made before are `whsec_` + unpadded base64url, which still sign both), signing
//! and verifying. It never logs or formats a secret and never compares signatures with `==`:
//! verification goes through [`Mac::verify_slice`], which is constant time.

use base64::Engine;
use hmac::{KeyInit, Mac};
use sha2::Sha256;

type HmacSha256 = hmac::Hmac<Sha256>;

/// The prefix of every signing secret.
pub const SECRET_PREFIX: &str = "whsec_";
/// How far a signature's timestamp may be from now, in seconds (the specification's 5 minutes).
pub const DEFAULT_TOLERANCE_SECS: i64 = 300;

/// A new secret: `whsec_` + standard base64 (padded) of 32 random bytes. The specification's
/// scheme keys its HMAC with this text, Standard Webhooks' with the 32 bytes.
pub fn new_secret() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)?;
    Ok(format!(
        "{SECRET_PREFIX}{}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    ))
}

/// The key Standard Webhooks signs with: what follows `whsec_`, base64-decoded (standard,
/// padded or not, as the official libraries read it; a secret made before in base64url decodes
/// too, to the same bytes). `None` when it does not decode.
pub fn standard_key(secret: &str) -> Option<Vec<u8>> {
    use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE_NO_PAD};
    let encoded = secret.strip_prefix(SECRET_PREFIX).unwrap_or(secret);
    STANDARD
        .decode(encoded)
        .or_else(|_| STANDARD_NO_PAD.decode(encoded))
        .or_else(|_| URL_SAFE_NO_PAD.decode(encoded))
        .ok()
        .filter(|key| !key.is_empty())
}

/// Which signature scheme a value belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    /// `Svc-Webhook-Signature: v1=<hex>`, keyed with the secret's text.
    Specification,
    /// `webhook-signature: v1,<base64>`, keyed with the secret's decoded bytes.
    Standard,
}

impl Scheme {
    pub fn name(self) -> &'static str {
        match self {
            Scheme::Specification => "the specification's (Svc-Webhook-Signature, v1=<hex>)",
            Scheme::Standard => "Standard Webhooks' (webhook-signature, v1,<base64>)",
        }
    }
}

fn mac(key: &[u8], id: &str, timestamp: &str, body: &[u8]) -> HmacSha256 {
    // HMAC accepts keys of any length, so this cannot fail.
    let mut mac = match HmacSha256::new_from_slice(key) {
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
    hex::encode(
        mac(secret.as_bytes(), id, timestamp, body)
            .finalize()
            .into_bytes(),
    )
}

/// The standard base64 HMAC-SHA256 of `id.timestamp.body` keyed with `secret`'s decoded bytes
/// (`None`: the secret does not decode).
pub fn sign_standard(secret: &str, id: &str, timestamp: &str, body: &[u8]) -> Option<String> {
    let key = standard_key(secret)?;
    let digest = mac(&key, id, timestamp, body).finalize().into_bytes();
    Some(base64::engine::general_purpose::STANDARD.encode(digest))
}

/// The `webhook-signature` value: one `v1,<base64>` per secret, space-separated, newest first.
pub fn standard_signature_header<S: AsRef<str>>(
    secrets: &[S],
    id: &str,
    timestamp: &str,
    body: &[u8],
) -> String {
    secrets
        .iter()
        .filter_map(|secret| sign_standard(secret.as_ref(), id, timestamp, body))
        .map(|signature| format!("v1,{signature}"))
        .collect::<Vec<_>>()
        .join(" ")
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
    #[error("the signature header has neither a v1= nor a v1, value")]
    NoV1Signature,
    #[error("no v1 signature matches the body with this secret")]
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
/// timestamp within `tolerance_secs` of `now_secs`, and any one signature value equal to the
/// HMAC of the raw body (compared in constant time): a `v1=<hex>` of the specification's scheme
/// or a `v1,<base64>` of Standard Webhooks'. Returns the scheme that matched. Replay protection
/// needs memory of accepted ids and is the caller's business.
pub fn verify(
    secret: &str,
    request: Received<'_>,
    now_secs: i64,
    tolerance_secs: i64,
) -> Result<Scheme, Invalid> {
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
    let text_mac = mac(
        secret.as_bytes(),
        request.id,
        request.timestamp,
        request.body,
    );
    let standard_mac =
        standard_key(secret).map(|key| mac(&key, request.id, request.timestamp, request.body));
    let mut saw_v1 = false;
    for value in request.signature.split(' ').filter(|v| !v.is_empty()) {
        let (scheme, candidate) = if let Some(hex_value) = value.strip_prefix("v1=") {
            (Scheme::Specification, hex::decode(hex_value).ok())
        } else if let Some(encoded) = value.strip_prefix("v1,") {
            (
                Scheme::Standard,
                base64::engine::general_purpose::STANDARD
                    .decode(encoded)
                    .ok(),
            )
        } else {
            continue;
        };
        saw_v1 = true;
        let Some(candidate) = candidate else {
            continue;
        };
        let expected = match scheme {
            Scheme::Specification => Some(&text_mac),
            Scheme::Standard => standard_mac.as_ref(),
        };
        if expected.is_some_and(|mac| mac.clone().verify_slice(&candidate).is_ok()) {
            return Ok(scheme);
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
            Ok(Scheme::Specification)
        );
    }

    /// The Standard Webhooks test vector (the official libraries' own).
    #[test]
    fn the_standard_webhooks_test_vector_holds() {
        let secret = "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD";
        let body = br#"{"email":"test@example.com","username":"test_user"}"#;
        let id = "msg_27UH4WbU6Z5A5EzD8u03UvzRbpk";
        let signed = sign_standard(secret, id, "1649367553", body);
        assert_eq!(
            signed.as_deref(),
            Some("tZ1I4/hDygAJgO5TYxiSd6Sd0kDW6hPenDe+bTa3Kkw=")
        );
        let received = Received {
            id,
            timestamp: "1649367553",
            signature: "v1,tZ1I4/hDygAJgO5TYxiSd6Sd0kDW6hPenDe+bTa3Kkw=",
            body,
        };
        assert_eq!(
            verify(secret, received, 1_649_367_553, 300),
            Ok(Scheme::Standard)
        );
    }

    #[test]
    fn both_schemes_sign_with_an_old_and_a_new_secret() {
        let new = new_secret().unwrap();
        let both = [new.as_str(), OLD_SECRET];
        let standard = standard_signature_header(&both, ID, TIMESTAMP, BODY.as_bytes());
        assert_eq!(standard.split(' ').count(), 2, "{standard}");
        assert!(standard.split(' ').all(|v| v.starts_with("v1,")));
        for secret in both {
            assert_eq!(
                verify(secret, request(&standard, BODY.as_bytes()), NOW, 300),
                Ok(Scheme::Standard),
                "an address's secret made before signs the standard scheme too"
            );
        }
        // The old secret's standard key is its base64url bytes.
        assert_eq!(
            standard_key(OLD_SECRET).map(|k| k.len()),
            Some(32),
            "base64url of 32 bytes"
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
            Ok(Scheme::Specification)
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
    fn secrets_are_prefixed_standard_base64_of_32_bytes_and_fresh() {
        let (a, b) = (new_secret().unwrap(), new_secret().unwrap());
        assert_ne!(a, b);
        let encoded = a.strip_prefix(SECRET_PREFIX).unwrap();
        assert_eq!(encoded.len(), 44);
        assert!(
            encoded
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'+' || c == b'/' || c == b'=')
        );
        assert_eq!(standard_key(&a).map(|k| k.len()), Some(32));
    }
}
