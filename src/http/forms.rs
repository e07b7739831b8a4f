//! What guards the portal's forms: the form token bound to a cookie, the origin check, the
//! cookies themselves, and reading a posted body of at most [`MAX_BODY`] bytes.
//!
//! A visitor gets a random nonce in an `HttpOnly`, `SameSite=Lax` cookie; each form carries
//! `HMAC-SHA256(site key, nonce, form action)`. A post is accepted only with both, matching, from
//! this site's origin. The site key is shared by every server on the database, so any replica
//! accepts a form another one served. Nothing here writes or logs a secret.

use std::pin::Pin;

use base64::Engine as _;
use bytes::{Bytes, BytesMut};
use futures_util::{Stream, StreamExt};
use hmac::{KeyInit, Mac};
use sha2::Sha256;
use warp::http::{HeaderMap, HeaderValue, StatusCode, header};
use warp::reply::Response;

use crate::pages::i18n::T;

/// The largest form body accepted, in bytes.
pub const MAX_BODY: usize = 8 * 1024;
/// The cookie holding the visitor's form nonce.
pub const NONCE_COOKIE: &str = "tourney_form";
/// How long a nonce cookie lives, in seconds.
const NONCE_MAX_AGE: u32 = 24 * 3600;

/// Why a post was refused before its form was used, on every public and signed-in form alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PostRefused {
    /// Too many posts from the client's address, or to the private link; a post after this
    /// many seconds is taken.
    TooMany(u64),
    TooLarge,
    /// Not sent from this site.
    Foreign,
    /// Its form token is missing, expired, or not this form's.
    Expired,
}

impl PostRefused {
    pub fn status(self) -> StatusCode {
        match self {
            PostRefused::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
            PostRefused::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            PostRefused::Foreign | PostRefused::Expired => StatusCode::FORBIDDEN,
        }
    }

    /// What the page says.
    pub fn text(self) -> T {
        match self {
            PostRefused::TooMany(_) => T::ErrTooMany,
            PostRefused::TooLarge => T::ErrTooLarge,
            PostRefused::Foreign => T::ErrForeign,
            PostRefused::Expired => T::ErrExpired,
        }
    }

    /// The response's status, with `Retry-After` when the client must wait.
    pub fn apply(self, response: &mut Response) {
        *response.status_mut() = self.status();
        if let PostRefused::TooMany(wait) = self {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(wait));
        }
    }
}

/// A request body, read only by the handlers that take one.
pub type BodyStream = Pin<Box<dyn Stream<Item = Result<Bytes, warp::Error>> + Send>>;

type HmacSha256 = hmac::Hmac<Sha256>;

/// Signs and checks form tokens with the site key.
pub struct FormGuard {
    key: Vec<u8>,
    /// Whether cookies get `Secure` (the base URL is https).
    secure: bool,
    /// `scheme://host[:port]` of the base URL: the only `Origin` a post may come from.
    origin: String,
}

impl FormGuard {
    pub fn new(key: &[u8], secure: bool, origin: String) -> FormGuard {
        FormGuard {
            key: key.to_vec(),
            secure,
            origin,
        }
    }

    fn mac(&self, nonce: &str, action: &str) -> HmacSha256 {
        // A key of any length is accepted by HMAC; this cannot fail.
        let mut mac = <HmacSha256 as KeyInit>::new_from_slice(&self.key)
            .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
        mac.update(nonce.as_bytes());
        mac.update(&[0]);
        mac.update(action.as_bytes());
        mac
    }

    /// The token of the form posting to `action` for the visitor holding `nonce`.
    pub fn token(&self, nonce: &str, action: &str) -> String {
        hex::encode(self.mac(nonce, action).finalize().into_bytes())
    }

    /// The secret of the withdrawal link of a registration made on the portal: derived from the
    /// visitor's nonce, the tournament and the applicant's name and address keys, so that the same
    /// form sent again from the same browser (a double click, a reload of the post) is the same
    /// registration with the same link, while anyone else's differs and cannot be guessed.
    pub fn withdrawal_secret(
        &self,
        nonce: &str,
        slug: &str,
        name_key: &str,
        email_key: &str,
    ) -> String {
        let mut mac = self.mac(nonce, "withdrawal link");
        for part in [slug, name_key, email_key] {
            mac.update(&[0]);
            mac.update(part.as_bytes());
        }
        let bytes = mac.finalize().into_bytes();
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&bytes[..24])
    }

    /// Whether `token` is the one of `action` for `nonce` (compared in constant time). An empty
    /// nonce (or session hash) never passes.
    pub fn verify(&self, nonce: &str, action: &str, token: &str) -> bool {
        if nonce.is_empty() {
            return false;
        }
        match hex::decode(token) {
            Ok(bytes) => self.mac(nonce, action).verify_slice(&bytes).is_ok(),
            Err(_) => false,
        }
    }

    /// Whether a post comes from this site: a browser must not call it cross-site, and an
    /// `Origin`, when sent, must be the base URL's. Pages send no referrer, so browsers send
    /// `Origin: null` with their forms; that passes only when the browser also says the post is
    /// same-origin (`Sec-Fetch-Site`, which no page script can set).
    pub fn same_origin(&self, headers: &HeaderMap) -> bool {
        let fetch_site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
        if fetch_site.is_some_and(|site| site == "cross-site") {
            return false;
        }
        match headers.get(header::ORIGIN).map(|v| v.to_str()) {
            None => true,
            Some(Ok("null")) => fetch_site == Some("same-origin"),
            Some(Ok(origin)) => origin == self.origin,
            Some(Err(_)) => false,
        }
    }

    /// The Fetch-Metadata rule of the signed-in section's posts (and its sign-in forms): a
    /// browser must say the request is same-origin (or typed by the person: `none`); a client
    /// that sends no `Sec-Fetch-Site` must send this site's `Origin`. An `Origin` that is sent
    /// must be this site's in every case.
    pub fn comes_from_this_site(&self, headers: &HeaderMap) -> bool {
        let fetch_site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
        let origin = headers.get(header::ORIGIN).map(|v| v.to_str());
        let origin_ok = match origin {
            None | Some(Ok("null")) => fetch_site.is_some(),
            Some(Ok(origin)) => origin == self.origin,
            Some(Err(_)) => false,
        };
        matches!(fetch_site, None | Some("same-origin" | "none")) && origin_ok
    }

    /// A `Set-Cookie` value: `HttpOnly`, `SameSite=Lax`, `Secure` on https.
    pub fn cookie(&self, name: &str, value: &str, path: &str, max_age: u32) -> Option<HeaderValue> {
        let secure = if self.secure { "; Secure" } else { "" };
        HeaderValue::from_str(&format!(
            "{name}={value}; Path={path}; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}"
        ))
        .ok()
    }

    /// The visitor's nonce from their cookie, or a new one with the cookie that sets it. When
    /// the system gives no randomness the nonce is empty and no cookie is set: every post of
    /// that page is then refused ([`FormGuard::verify`] never passes an empty nonce).
    pub fn nonce(&self, headers: &HeaderMap) -> (String, Option<HeaderValue>) {
        if let Some(nonce) = cookie(headers, NONCE_COOKIE).filter(|n| is_nonce(n)) {
            return (nonce.to_owned(), None);
        }
        match random_text(16) {
            Ok(nonce) => {
                let set = self.cookie(NONCE_COOKIE, &nonce, "/", NONCE_MAX_AGE);
                (nonce, set)
            }
            Err(error) => {
                tracing::error!(%error, "no randomness for a form's nonce; its posts will be refused");
                (String::new(), None)
            }
        }
    }
}

/// `bytes` random bytes as URL-safe base64, or the system's failure to give them: never a
/// guessable stand-in.
pub fn random_text(bytes: usize) -> Result<String, getrandom::Error> {
    let mut buffer = vec![0u8; bytes];
    getrandom::fill(&mut buffer)?;
    Ok(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(buffer))
}

fn is_nonce(text: &str) -> bool {
    (16..=64).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The value of cookie `name` in the request's `Cookie` headers.
pub fn cookie<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value)
}

/// A posted body that is too large to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge;

/// Reads at most [`MAX_BODY`] bytes; a `Content-Length` or a body over it is refused unread.
pub async fn read_body(headers: &HeaderMap, mut body: BodyStream) -> Result<Bytes, TooLarge> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY as u64) {
        return Err(TooLarge);
    }
    let mut read = BytesMut::new();
    while let Some(chunk) = body.next().await {
        let Ok(chunk) = chunk else { break };
        if read.len() + chunk.len() > MAX_BODY {
            return Err(TooLarge);
        }
        read.extend_from_slice(&chunk);
    }
    Ok(read.freeze())
}

/// A URL-encoded form's fields, decoded once: a post's body is read into this before anything
/// looks at it, and every reader asks it for its fields.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fields(Vec<(String, String)>);

impl Fields {
    pub fn parse(body: &[u8]) -> Fields {
        Fields(
            url::form_urlencoded::parse(body)
                .map(|(key, value)| (key.into_owned(), value.into_owned()))
                .collect(),
        )
    }

    /// The first value of field `name`, or `""` when the form has none.
    pub fn get(&self, name: &str) -> &str {
        self.0
            .iter()
            .find(|(key, _)| key == name)
            .map_or("", |(_, value)| value.as_str())
    }

    /// Every field, in the order sent (a name may come more than once).
    pub fn pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Whether a post that cannot be undone was confirmed: its second step sends `confirm=yes`.
    pub fn confirmed(&self) -> bool {
        self.get("confirm") == "yes"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guard() -> FormGuard {
        FormGuard::new(b"site key", true, "https://cup.example.org".into())
    }

    #[test]
    fn tokens_bind_nonce_and_action() {
        let guard = guard();
        let token = guard.token("nonce-1234567890ab", "/en/tournaments/cup/registrations");
        assert!(guard.verify(
            "nonce-1234567890ab",
            "/en/tournaments/cup/registrations",
            &token
        ));
        assert!(!guard.verify(
            "nonce-other-567890ab",
            "/en/tournaments/cup/registrations",
            &token
        ));
        assert!(!guard.verify(
            "nonce-1234567890ab",
            "/en/tournaments/other/registrations",
            &token
        ));
        assert!(!guard.verify(
            "nonce-1234567890ab",
            "/en/tournaments/cup/registrations",
            "zz"
        ));
        let other_key = FormGuard::new(b"another key", true, String::new());
        assert!(!other_key.verify(
            "nonce-1234567890ab",
            "/en/tournaments/cup/registrations",
            &token
        ));
        // A page served without randomness has an empty nonce: its posts never pass.
        let empty = guard.token("", "/en/tournaments/cup/registrations");
        assert!(!guard.verify("", "/en/tournaments/cup/registrations", &empty));
    }

    #[test]
    fn only_this_origin_may_post() {
        let guard = guard();
        let mut headers = HeaderMap::new();
        assert!(guard.same_origin(&headers), "no Origin: the token decides");
        headers.insert(
            header::ORIGIN,
            HeaderValue::from_static("https://cup.example.org"),
        );
        assert!(guard.same_origin(&headers));
        headers.insert(
            header::ORIGIN,
            HeaderValue::from_static("https://evil.example"),
        );
        assert!(!guard.same_origin(&headers));
        headers.insert(header::ORIGIN, HeaderValue::from_static("null"));
        assert!(
            !guard.same_origin(&headers),
            "null, with nothing to say where it came from"
        );
        headers.insert("sec-fetch-site", HeaderValue::from_static("same-origin"));
        assert!(
            guard.same_origin(&headers),
            "a browser's form from a page without referrers"
        );
        let mut fetch = HeaderMap::new();
        fetch.insert("sec-fetch-site", HeaderValue::from_static("cross-site"));
        assert!(!guard.same_origin(&fetch));
    }

    #[test]
    fn the_section_takes_posts_comes_from_this_site_only() {
        let guard = guard();
        let with = |pairs: &[(&'static str, &'static str)]| {
            let mut headers = HeaderMap::new();
            for (name, value) in pairs {
                headers.insert(*name, HeaderValue::from_static(value));
            }
            guard.comes_from_this_site(&headers)
        };
        assert!(with(&[("sec-fetch-site", "same-origin")]));
        assert!(with(&[
            ("sec-fetch-site", "same-origin"),
            ("origin", "null")
        ]));
        assert!(with(&[
            ("sec-fetch-site", "same-origin"),
            ("origin", "https://cup.example.org")
        ]));
        assert!(with(&[("origin", "https://cup.example.org")]));
        assert!(!with(&[]), "neither header: refused");
        assert!(!with(&[("sec-fetch-site", "cross-site")]));
        assert!(!with(&[("sec-fetch-site", "same-site")]));
        assert!(!with(&[("origin", "https://evil.example")]));
        assert!(!with(&[
            ("sec-fetch-site", "same-origin"),
            ("origin", "https://evil.example")
        ]));
        assert!(!with(&[("origin", "null")]));
    }

    #[test]
    fn cookies_are_read_and_set_safely() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("a=1; tourney_form=abcdefghijklmnopqrstuv"),
        );
        assert_eq!(
            cookie(&headers, NONCE_COOKIE),
            Some("abcdefghijklmnopqrstuv")
        );
        let (nonce, set) = guard().nonce(&headers);
        assert_eq!((nonce.as_str(), set), ("abcdefghijklmnopqrstuv", None));
        let (fresh, set) = guard().nonce(&HeaderMap::new());
        assert!(is_nonce(&fresh));
        let set = set.expect("a cookie for a new visitor");
        let set = set.to_str().unwrap();
        assert!(
            set.contains("HttpOnly") && set.contains("SameSite=Lax") && set.contains("Secure"),
            "{set}"
        );
    }

    #[test]
    fn form_fields_are_decoded_once_and_the_first_value_wins() {
        let fields = Fields::parse(b"name=%D0%90%D0%BD%D0%BD%D0%B0+K&email=a%40b.org&name=second");
        assert_eq!(
            (fields.get("name"), fields.get("email"), fields.get("token")),
            ("Анна K", "a@b.org", "")
        );
        assert!(!fields.confirmed());
        assert!(Fields::parse(b"confirm=yes").confirmed());
    }
}
