//! The player: a visitor of the portal with a browser's memory for cookies, who reads pages,
//! registers with the form (its token included) and withdraws by the private link, over a real
//! port. Redirects are followed by hand, so the cookies they set are kept.

use std::collections::BTreeMap;

use reqwest::header::{HeaderMap, HeaderValue};
use reqwest::{Client, StatusCode};

use super::server::Server;

/// A page as the player got it.
#[derive(Debug, Clone)]
pub struct Page {
    pub status: StatusCode,
    pub headers: HeaderMap,
    /// Where the page was finally read (after redirects).
    pub url: String,
    pub html: String,
}

impl Page {
    /// The form token in the page.
    pub fn token(&self) -> String {
        let at = self
            .html
            .find("name=\"token\" value=\"")
            .unwrap_or_else(|| panic!("a form token on {}", self.url));
        let rest = &self.html[at + "name=\"token\" value=\"".len()..];
        rest[..rest.find('"').expect("the token's end")].to_owned()
    }

    /// The token of the page's form posting to `action` (a path or an address ending in it).
    pub fn token_for(&self, action: &str) -> String {
        let mut rest = self.html.as_str();
        while let Some(at) = rest.find("<form method=\"post\" action=\"") {
            rest = &rest[at + "<form method=\"post\" action=\"".len()..];
            let target = &rest[..rest.find('"').expect("the action's end")];
            if target.ends_with(action) {
                let at = rest
                    .find("name=\"token\" value=\"")
                    .expect("the form's token");
                let token = &rest[at + "name=\"token\" value=\"".len()..];
                return token[..token.find('"').expect("the token's end")].to_owned();
            }
        }
        panic!("no form posting to {action} on {}", self.url)
    }

    /// The private withdrawal link a confirmation page shows.
    pub fn withdrawal_link(&self) -> Option<String> {
        let at = self.html.find("<p class=\"secret\"><a href=\"")?;
        let rest = &self.html[at + "<p class=\"secret\"><a href=\"".len()..];
        Some(rest[..rest.find('"')?].to_owned())
    }
}

/// Cloned, a second tab of the same browser: the same cookies, from then on its own.
#[derive(Clone)]
pub struct Player {
    client: Client,
    base: String,
    cookies: BTreeMap<String, String>,
    pub name: String,
    pub email: String,
}

impl Player {
    pub fn new(server: &Server, name: &str, email: &str) -> Player {
        Player {
            client: Client::builder()
                .no_proxy()
                .redirect(reqwest::redirect::Policy::none())
                .timeout(std::time::Duration::from_secs(20))
                .build()
                .expect("an HTTP client"),
            base: server.base.clone(),
            cookies: BTreeMap::new(),
            name: name.to_owned(),
            email: email.to_owned(),
        }
    }

    /// The same browser on another network: its cookies, its requests from `address` (a
    /// loopback address other than 127.0.0.1: another client, as the server sees it).
    pub fn on_address(&self, address: std::net::IpAddr) -> Player {
        Player {
            client: Client::builder()
                .no_proxy()
                .redirect(reqwest::redirect::Policy::none())
                .timeout(std::time::Duration::from_secs(20))
                .local_address(address)
                .build()
                .expect("an HTTP client"),
            ..self.clone()
        }
    }

    fn absolute(&self, path: &str) -> String {
        if path.starts_with("http") {
            path.to_owned()
        } else {
            format!("{}{path}", self.base)
        }
    }

    fn cookie_header(&self) -> Option<HeaderValue> {
        let pairs: Vec<String> = self
            .cookies
            .iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        (!pairs.is_empty())
            .then(|| HeaderValue::from_str(&pairs.join("; ")).expect("a cookie header"))
    }

    /// Keeps what `Set-Cookie` says: a value, or the cookie's end (`Max-Age=0`).
    fn remember(&mut self, headers: &HeaderMap) {
        for value in headers.get_all(reqwest::header::SET_COOKIE) {
            let text = value.to_str().expect("a cookie");
            let (pair, attributes) = text.split_once(';').unwrap_or((text, ""));
            let (name, value) = pair.split_once('=').expect("name=value");
            if attributes.contains("Max-Age=0") {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_owned(), value.to_owned());
            }
        }
    }

    /// GET `path`, following redirects.
    pub async fn get(&mut self, path: &str) -> Page {
        let mut url = self.absolute(path);
        for _ in 0..5 {
            let mut request = self.client.get(&url);
            if let Some(cookies) = self.cookie_header() {
                request = request.header(reqwest::header::COOKIE, cookies);
            }
            let response = request
                .send()
                .await
                .unwrap_or_else(|e| panic!("GET {url}: {e}"));
            self.remember(response.headers());
            if response.status().is_redirection() {
                url = response.headers()["location"]
                    .to_str()
                    .expect("a location")
                    .to_owned();
                continue;
            }
            return Page {
                status: response.status(),
                headers: response.headers().clone(),
                url,
                html: response.text().await.expect("a body"),
            };
        }
        panic!("{path} redirects too often");
    }

    /// POSTs a form to `path` (from this site unless `origin` says otherwise), following the
    /// redirect that answers it.
    pub async fn post(
        &mut self,
        path: &str,
        fields: &[(&str, &str)],
        origin: Option<&str>,
    ) -> Page {
        let url = self.absolute(path);
        let mut request = self.client.post(&url).form(fields);
        if let Some(cookies) = self.cookie_header() {
            request = request.header(reqwest::header::COOKIE, cookies);
        }
        if let Some(origin) = origin {
            request = request.header(reqwest::header::ORIGIN, origin);
        }
        let response = request
            .send()
            .await
            .unwrap_or_else(|e| panic!("POST {url}: {e}"));
        self.remember(response.headers());
        if response.status().is_redirection() {
            let location = response.headers()["location"]
                .to_str()
                .expect("a location")
                .to_owned();
            return self.get(&location).await;
        }
        Page {
            status: response.status(),
            headers: response.headers().clone(),
            url,
            html: response.text().await.expect("a body"),
        }
    }

    /// Opens the tournament's page and sends the registration form with the player's name and
    /// email; returns the page the form led to.
    pub async fn register(&mut self, locale: &str, slug: &str) -> Page {
        let page = self.get(&format!("/{locale}/tournaments/{slug}")).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.html);
        let token = page.token();
        let (name, email) = (self.name.clone(), self.email.clone());
        self.post(
            &format!("/{locale}/tournaments/{slug}/registrations"),
            &[("token", &token), ("name", &name), ("email", &email)],
            None,
        )
        .await
    }

    /// Opens a private link and confirms the withdrawal its page offers.
    pub async fn withdraw(&mut self, link: &str) -> Page {
        let page = self.get(link).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.html);
        let action = format!("{}/withdraw", page.url);
        let token = page.token_for(&action);
        self.post(&action, &[("token", &token)], None).await
    }
}
