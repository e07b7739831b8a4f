//! Sending one signed webhook request, and classifying what happened.
//!
//! Owns the HTTP client: reqwest over rustls, no proxies, no redirects, HTTPS only, a 5 s total
//! deadline, a DNS resolver that drops blocked addresses, a literal-IP check before every send,
//! and a 64 KiB cap on the response body read. It signs nothing and stores nothing: it takes
//! finished headers and a body, and returns an [`Outcome`].

use std::error::Error as StdError;
use std::net::{IpAddr, SocketAddr};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use url::Url;

use super::blocklist::Policy;
use super::target;
use crate::domain::ErrorClass;

/// The whole request, from DNS to the end of the body (the specification's 5 seconds).
pub const TOTAL_TIMEOUT: Duration = Duration::from_secs(5);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);
/// The most of a response body that is read.
pub const MAX_BODY_READ: usize = 64 * 1024;
/// The most of a response body that is kept in the attempt log.
pub const MAX_EXCERPT: usize = 1024;

pub const USER_AGENT: &str = concat!("tourney-webhooks/", env!("CARGO_PKG_VERSION"));

/// What one request came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub status_code: Option<u16>,
    /// `None` exactly when the receiver answered 2xx in time.
    pub error: Option<ErrorClass>,
    /// Why it failed, in words the receiver's owner can act on ("unknown issuer", "connection
    /// refused", "410 Gone").
    pub reason: Option<String>,
    /// The address dialled (or the blocked address that was not).
    pub peer: Option<String>,
    /// The first [`MAX_EXCERPT`] bytes of the response body (lossy UTF-8), or the error text.
    pub excerpt: Option<String>,
    pub duration: Duration,
}

impl Outcome {
    pub fn succeeded(&self) -> bool {
        self.error.is_none()
    }

    /// `200`, `302 (http)`, `timeout`: what a person reads in a table.
    pub fn summary(&self) -> String {
        match (self.status_code, self.error) {
            (Some(code), None) => code.to_string(),
            (Some(code), Some(class)) => format!("{code} ({})", class.as_str()),
            (None, Some(class)) => class.as_str().to_owned(),
            (None, None) => "-".to_owned(),
        }
    }

    /// The summary followed by the reason, when there is one: `tls: unknown issuer: …`.
    pub fn explained(&self) -> String {
        match &self.reason {
            Some(reason) => format!("{}: {reason}", self.summary()),
            None => self.summary(),
        }
    }
}

/// How the client may reach receivers.
#[derive(Debug, Clone, Default)]
pub struct ClientOptions {
    pub policy: Policy,
    /// PEM file with an extra trusted root (a test receiver's CA).
    pub root_cert: Option<std::path::PathBuf>,
}

#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    #[error("cannot read the root certificate {path}: {source}")]
    RootCert {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{path} holds no PEM certificate: {reason}")]
    BadRootCert { path: String, reason: String },
    #[error("cannot set up the HTTP client: {0}")]
    Build(String),
}

/// A resolver error carrying the blocked addresses, so the attempt log can say which.
#[derive(Debug)]
struct BlockedAddrs(Vec<IpAddr>);

impl std::fmt::Display for BlockedAddrs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list: Vec<String> = self.0.iter().map(IpAddr::to_string).collect();
        write!(f, "every address is blocked: {}", list.join(", "))
    }
}
impl StdError for BlockedAddrs {}

#[derive(Debug)]
struct DnsFailure(String);

impl std::fmt::Display for DnsFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DNS lookup failed: {}", self.0)
    }
}
impl StdError for DnsFailure {}

/// Resolves with the system resolver and drops every address the policy does not permit.
struct GuardedResolver {
    policy: Arc<Policy>,
}

impl Resolve for GuardedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let policy = Arc::clone(&self.policy);
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let resolved: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await
                .map_err(|e| {
                    Box::new(DnsFailure(e.to_string())) as Box<dyn StdError + Send + Sync>
                })?
                .collect();
            if resolved.is_empty() {
                return Err(Box::new(DnsFailure("no addresses".into())) as _);
            }
            let (permitted, blocked): (Vec<SocketAddr>, Vec<SocketAddr>) =
                resolved.into_iter().partition(|a| policy.permits(a.ip()));
            if permitted.is_empty() {
                return Err(Box::new(BlockedAddrs(blocked.iter().map(|a| a.ip()).collect())) as _);
            }
            Ok(Box::new(permitted.into_iter()) as Addrs)
        })
    }
}

/// The webhook HTTP client. Cheap to clone; share one per process.
#[derive(Clone)]
pub struct Sender {
    client: reqwest::Client,
    policy: Arc<Policy>,
}

/// The headers of one request: the specification's `Svc-Webhook-*` when `signature` is given,
/// and Standard Webhooks' `webhook-id`, `webhook-timestamp` (the same values) and
/// `webhook-signature` (its own scheme's value) when `standard` is.
#[derive(Debug, Clone)]
pub struct Headers<'a> {
    pub id: &'a str,
    pub timestamp: &'a str,
    pub signature: Option<&'a str>,
    pub standard: Option<&'a str>,
}

impl Sender {
    pub fn new(options: &ClientOptions) -> Result<Sender, ClientError> {
        let policy = Arc::new(options.policy.clone());
        let mut builder = reqwest::Client::builder()
            .user_agent(USER_AGENT)
            .no_proxy()
            .redirect(reqwest::redirect::Policy::none())
            .https_only(true)
            .timeout(TOTAL_TIMEOUT)
            .connect_timeout(CONNECT_TIMEOUT)
            .pool_idle_timeout(Duration::from_secs(30))
            .pool_max_idle_per_host(64)
            .tcp_nodelay(true)
            .dns_resolver(GuardedResolver {
                policy: Arc::clone(&policy),
            });
        if let Some(path) = &options.root_cert {
            builder = builder.tls_certs_merge(load_roots(path)?);
        }
        let client = builder
            .build()
            .map_err(|e| ClientError::Build(error_chain(&e)))?;
        Ok(Sender { client, policy })
    }

    /// POSTs `body` to `url` with `headers`; never fails, every problem is an [`Outcome`].
    pub async fn send(&self, url: &str, headers: &Headers<'_>, body: &[u8]) -> Outcome {
        let mut pairs = Vec::with_capacity(6);
        if let Some(signature) = headers.signature {
            pairs.extend([
                ("Svc-Webhook-Id", headers.id),
                ("Svc-Webhook-Timestamp", headers.timestamp),
                ("Svc-Webhook-Signature", signature),
            ]);
        }
        if let Some(standard) = headers.standard.filter(|value| !value.is_empty()) {
            pairs.extend([
                ("webhook-id", headers.id),
                ("webhook-timestamp", headers.timestamp),
                ("webhook-signature", standard),
            ]);
        }
        self.send_raw(url, &pairs, body).await
    }

    /// POSTs `body` with exactly the webhook headers given (the conformance run leaves some
    /// out on purpose), through the same checks as [`Sender::send`].
    pub async fn send_raw(&self, url: &str, headers: &[(&str, &str)], body: &[u8]) -> Outcome {
        let started = Instant::now();
        let blocked = |peer: Option<String>, note: String| Outcome {
            status_code: None,
            error: Some(ErrorClass::Blocked),
            reason: Some(note.clone()),
            peer,
            excerpt: Some(note),
            duration: started.elapsed(),
        };
        let url = match target::parse(url) {
            Ok(url) => url,
            Err(e) => return blocked(None, e.to_string()),
        };
        if let Some(ip) = target::literal_ip(&url)
            && !self.policy.permits(ip)
        {
            return blocked(
                Some(ip.to_string()),
                format!("{ip} is a private or internal address"),
            );
        }
        self.post(url, headers, body, started).await
    }

    async fn post(
        &self,
        url: Url,
        headers: &[(&str, &str)],
        body: &[u8],
        started: Instant,
    ) -> Outcome {
        let mut request = self
            .client
            .post(url)
            .header("Content-Type", "application/json");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let request = request.body(body.to_vec());
        let mut response = match request.send().await {
            Ok(response) => response,
            Err(e) => {
                let (class, peer, reason) = classify(&e);
                return Outcome {
                    status_code: None,
                    error: Some(class),
                    reason: Some(reason),
                    peer,
                    excerpt: Some(truncate(error_chain(&e))),
                    duration: started.elapsed(),
                };
            }
        };
        let status = response.status();
        let peer = response.remote_addr().map(|a| a.ip().to_string());
        let mut read: Vec<u8> = Vec::new();
        let mut body_error = None;
        while read.len() < MAX_BODY_READ {
            match response.chunk().await {
                Ok(Some(chunk)) => read.extend_from_slice(&chunk),
                Ok(None) => break,
                Err(e) => {
                    body_error = Some(if e.is_timeout() {
                        ErrorClass::Timeout
                    } else {
                        ErrorClass::Http
                    });
                    break;
                }
            }
        }
        read.truncate(MAX_EXCERPT);
        let excerpt =
            (!read.is_empty()).then(|| truncate(String::from_utf8_lossy(&read).into_owned()));
        let (error, reason) = if !status.is_success() {
            let reason = match status.canonical_reason() {
                Some(name) => format!("the receiver answered {} {name}", status.as_u16()),
                None => format!("the receiver answered {}", status.as_u16()),
            };
            (Some(ErrorClass::Http), Some(reason))
        } else {
            let reason = body_error.map(|class| match class {
                ErrorClass::Timeout => "the answer's body did not end in time".to_owned(),
                _ => "the answer's body broke off".to_owned(),
            });
            (body_error, reason)
        };
        Outcome {
            status_code: Some(status.as_u16()),
            error,
            reason,
            peer,
            excerpt,
            duration: started.elapsed(),
        }
    }
}

fn load_roots(path: &Path) -> Result<Vec<reqwest::Certificate>, ClientError> {
    let shown = path.display().to_string();
    let pem = std::fs::read(path).map_err(|source| ClientError::RootCert {
        path: shown.clone(),
        source,
    })?;
    let certs =
        reqwest::Certificate::from_pem_bundle(&pem).map_err(|e| ClientError::BadRootCert {
            path: shown.clone(),
            reason: e.to_string(),
        })?;
    if certs.is_empty() {
        return Err(ClientError::BadRootCert {
            path: shown,
            reason: "no certificate found".into(),
        });
    }
    Ok(certs)
}

/// Sorts a failed request into an error class, with the reason in words, by walking its causes.
fn classify(error: &reqwest::Error) -> (ErrorClass, Option<String>, String) {
    let mut source: Option<&(dyn StdError + 'static)> = Some(error);
    while let Some(cause) = source {
        if let Some(blocked) = cause.downcast_ref::<BlockedAddrs>() {
            return (
                ErrorClass::Blocked,
                blocked.0.first().map(IpAddr::to_string),
                blocked.to_string(),
            );
        }
        if let Some(dns) = cause.downcast_ref::<DnsFailure>() {
            return (ErrorClass::Dns, None, dns.to_string());
        }
        if let Some(tls) = cause.downcast_ref::<rustls::Error>() {
            return (ErrorClass::Tls, None, tls_reason(tls));
        }
        source = inner(cause);
    }
    if error.is_timeout() {
        return (
            ErrorClass::Timeout,
            None,
            format!("no answer within {} s", TOTAL_TIMEOUT.as_secs()),
        );
    }
    let chain = error_chain(error);
    let text = chain.to_ascii_lowercase();
    if text.contains("certificate") || text.contains("tls") || text.contains("handshake") {
        return (ErrorClass::Tls, None, format!("handshake failure: {chain}"));
    }
    if error.is_connect() {
        let reason = if text.contains("refused") {
            "connection refused".to_owned()
        } else if text.contains("unreachable") {
            "network unreachable".to_owned()
        } else if text.contains("reset") {
            "connection reset".to_owned()
        } else {
            format!("cannot connect: {}", last_cause(error))
        };
        return (ErrorClass::Connect, None, reason);
    }
    (ErrorClass::Http, None, last_cause(error))
}

/// What the receiver's owner should know about a TLS failure.
fn tls_reason(error: &rustls::Error) -> String {
    use rustls::CertificateError as C;
    match error {
        rustls::Error::InvalidCertificate(certificate) => match certificate {
            C::UnknownIssuer => "unknown issuer: the certificate is not signed by an authority \
                the sender trusts (a self-signed certificate, or a missing intermediate)"
                .to_owned(),
            C::Expired | C::ExpiredContext { .. } => "expired certificate".to_owned(),
            C::NotValidYet | C::NotValidYetContext { .. } => {
                "certificate not valid yet (check the server's clock)".to_owned()
            }
            C::NotValidForName | C::NotValidForNameContext { .. } => {
                "name mismatch: the certificate is not valid for the address's host name".to_owned()
            }
            C::Revoked => "revoked certificate".to_owned(),
            C::BadSignature => "bad certificate signature".to_owned(),
            C::BadEncoding => "malformed certificate".to_owned(),
            C::Other(other) if format!("{other:?}").contains("CaUsedAsEndEntity") => {
                "CA certificate used as a server certificate: the server must present a \
                 certificate issued by that CA, not the CA's own"
                    .to_owned()
            }
            other => format!("invalid certificate: {other:?}"),
        },
        rustls::Error::AlertReceived(alert) => {
            format!("handshake failure: the receiver refused the TLS session ({alert:?})")
        }
        other => format!("handshake failure: {other}"),
    }
}

/// The innermost cause's text (an `io::Error`'s "Connection refused (os error 111)", say).
fn last_cause(error: &(dyn StdError + 'static)) -> String {
    let mut last = error;
    while let Some(cause) = inner(last) {
        last = cause;
    }
    last.to_string()
}

/// The error and its causes on one line.
fn error_chain(error: &(dyn StdError + 'static)) -> String {
    let mut text = error.to_string();
    let mut source = inner(error);
    while let Some(cause) = source {
        let line = cause.to_string();
        if !text.contains(&line) {
            text.push_str(": ");
            text.push_str(&line);
        }
        source = inner(cause);
    }
    text
}

/// The next cause. An `io::Error`'s own `source` skips the error it wraps, so look inside it.
fn inner<'a>(error: &'a (dyn StdError + 'static)) -> Option<&'a (dyn StdError + 'static)> {
    match error
        .downcast_ref::<std::io::Error>()
        .and_then(|io| io.get_ref())
    {
        Some(wrapped) => Some(wrapped),
        None => error.source(),
    }
}

/// `text` as an attempt keeps it: at most `MAX_EXCERPT` bytes (whole characters), and without
/// NUL characters, which Postgres cannot store in text (a receiver's answer may hold any byte).
fn truncate(text: String) -> String {
    let mut text = if text.contains('\0') {
        text.replace('\0', "\u{FFFD}")
    } else {
        text
    };
    if text.len() > MAX_EXCERPT {
        let mut end = MAX_EXCERPT;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
    }
    text
}

#[cfg(test)]
mod excerpt_tests {
    use super::*;

    #[test]
    fn an_excerpt_keeps_no_nul_and_no_more_than_its_bytes() {
        let kept = truncate(format!("a\0b{}", "é".repeat(MAX_EXCERPT)));
        assert!(kept.starts_with("a\u{FFFD}b"));
        assert!(!kept.contains('\0'));
        assert!(kept.len() <= MAX_EXCERPT);
        assert_eq!(truncate("short".to_owned()), "short");
    }
}
