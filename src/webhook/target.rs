//! Webhook addresses: what `hooks add` accepts and what every send checks first.
//!
//! Owns URL rules (absolute `https://` with a host, at most 2,048 characters) and the
//! registration-time address check (literal IPs, and every address a name resolves to, against
//! the [`Policy`]). A name that does not resolve now is not refused (a receiver may be set up
//! after its address is added, and the machine may be offline): nothing can be sent to it until
//! it resolves, and the connect-time check, in `client`, holds every address it will lead to
//! against the policy. It never sends anything.

use std::net::IpAddr;

use url::{Host, Url};

use super::blocklist::Policy;

pub const MAX_URL_CHARS: usize = 2048;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TargetError {
    #[error("'{0}' is not a valid URL")]
    NotUrl(String),
    #[error("webhook addresses must use https:// (got {0}://)")]
    NotHttps(String),
    #[error("the URL has no host")]
    NoHost,
    #[error("the URL is longer than {MAX_URL_CHARS} characters")]
    TooLong,
    #[error("the URL must not carry a user name or password")]
    Credentials,
    #[error(
        "{}; webhooks only go to public addresses",
        blocked_message(host, addr)
    )]
    Blocked { host: String, addr: IpAddr },
}

/// What the registration check found of an address that passed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Checked {
    /// Every address it leads to now, each permitted.
    Resolved(Vec<IpAddr>),
    /// A name that does not resolve now, and why.
    Unresolved { reason: String },
}

fn blocked_message(host: &str, addr: &IpAddr) -> String {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    if bare.parse::<IpAddr>().is_ok_and(|ip| ip == *addr) {
        format!("{addr} is a private or internal address")
    } else {
        format!("{host} resolves to {addr}, a private or internal address")
    }
}

/// Parses a webhook URL: https, a host, no credentials, not too long. The WHATWG parser turns
/// decimal, octal and hex IPv4 spellings (`https://2130706433/`) into addresses.
pub fn parse(text: &str) -> Result<Url, TargetError> {
    if text.len() > MAX_URL_CHARS {
        return Err(TargetError::TooLong);
    }
    let url = Url::parse(text.trim())
        .map_err(|_| TargetError::NotUrl(text.chars().take(200).collect()))?;
    if url.scheme() != "https" {
        return Err(TargetError::NotHttps(
            url.scheme().chars().take(20).collect(),
        ));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(TargetError::Credentials);
    }
    if url.host().is_none() {
        return Err(TargetError::NoHost);
    }
    Ok(url)
}

/// The address of an IP-literal host, which no resolver ever sees.
pub fn literal_ip(url: &Url) -> Option<IpAddr> {
    match url.host()? {
        Host::Ipv4(ip) => Some(IpAddr::V4(ip)),
        Host::Ipv6(ip) => Some(IpAddr::V6(ip)),
        Host::Domain(_) => None,
    }
}

/// The registration check: a literal address, or every address the name resolves to, must be
/// permitted. A name that does not resolve now passes, as [`Checked::Unresolved`].
pub async fn check(url: &Url, policy: &Policy) -> Result<Checked, TargetError> {
    let host = url.host_str().unwrap_or_default().to_owned();
    let addrs = match literal_ip(url) {
        Some(ip) => vec![ip],
        None => {
            let port = url.port_or_known_default().unwrap_or(443);
            let mut addrs: Vec<IpAddr> = match tokio::net::lookup_host((host.as_str(), port)).await
            {
                Ok(resolved) => resolved.map(|a| a.ip()).collect(),
                Err(e) => {
                    return Ok(Checked::Unresolved {
                        reason: e.to_string(),
                    });
                }
            };
            addrs.dedup();
            if addrs.is_empty() {
                return Ok(Checked::Unresolved {
                    reason: "it has no addresses".to_owned(),
                });
            }
            addrs
        }
    };
    if let Some(&addr) = addrs.iter().find(|ip| !policy.permits(**ip)) {
        return Err(TargetError::Blocked { host, addr });
    }
    Ok(Checked::Resolved(addrs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_https_with_a_host() {
        assert!(parse("https://hooks.example.com/x").is_ok());
        assert_eq!(
            parse("http://hooks.example.com/x"),
            Err(TargetError::NotHttps("http".into()))
        );
        assert!(matches!(parse("not a url"), Err(TargetError::NotUrl(_))));
        assert_eq!(
            parse("https://user:pw@example.com/"),
            Err(TargetError::Credentials)
        );
        assert_eq!(
            parse(&format!("https://e.com/{}", "a".repeat(2100))),
            Err(TargetError::TooLong)
        );
    }

    #[test]
    fn odd_ipv4_spellings_become_addresses() {
        for text in [
            "https://2130706433/",
            "https://0x7f.0.0.1/",
            "https://0177.0.0.1/",
            "https://127.1/",
        ] {
            assert_eq!(
                literal_ip(&parse(text).unwrap()),
                Some("127.0.0.1".parse().unwrap()),
                "{text}"
            );
        }
    }
}
