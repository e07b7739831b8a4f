//! A member of a space in a browser, as the section sees one: cookies kept between requests,
//! no redirect followed, and every form sent the way a browser sends it (`Sec-Fetch-Site:
//! same-origin`, the site's `Origin`, the form's own token read from the page it is on).

use reqwest::StatusCode;
use reqwest::header::{HeaderMap, LOCATION, RETRY_AFTER, SET_COOKIE};

pub struct Member {
    client: reqwest::Client,
    /// `http://127.0.0.1:PORT`, the server's base URL.
    pub base: String,
    cookies: Vec<(String, String)>,
}

/// An answer: status, body, where it redirects, and how long it says to wait.
pub struct Answer {
    pub status: StatusCode,
    pub body: String,
    pub location: Option<String>,
    /// `Retry-After`, in seconds.
    pub retry_after: Option<u64>,
}

impl Member {
    pub fn new(base: &str) -> Member {
        Member {
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .expect("a client"),
            base: base.to_owned(),
            cookies: Vec::new(),
        }
    }

    /// A member whose requests come from `address` (a loopback address other than 127.0.0.1:
    /// another client, as the server sees it).
    pub fn from_address(base: &str, address: std::net::IpAddr) -> Member {
        Member {
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .local_address(address)
                .build()
                .expect("a client"),
            base: base.to_owned(),
            cookies: Vec::new(),
        }
    }

    /// Another browser tab of the same member: the same cookies (as a browser shares them
    /// between tabs) from here on, its own pages.
    pub fn tab(&self) -> Member {
        Member {
            client: self.client.clone(),
            base: self.base.clone(),
            cookies: self.cookies.clone(),
        }
    }

    /// The session cookie's value, when there is one.
    pub fn session(&self) -> Option<String> {
        self.cookie("tourney_session")
    }

    pub fn cookie(&self, name: &str) -> Option<String> {
        self.cookies
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }

    /// Replaces the session cookie (a token kept from before, or planted).
    pub fn set_session(&mut self, token: &str) {
        self.cookies.retain(|(n, _)| n != "tourney_session");
        self.cookies.push(("tourney_session".into(), token.into()));
    }

    /// The `Cookie` header this member's browser sends.
    pub fn header(&self) -> String {
        self.cookies
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn keep(&mut self, headers: &HeaderMap) {
        for value in headers.get_all(SET_COOKIE) {
            let text = value.to_str().unwrap_or("");
            let Some((name, rest)) = text
                .split(';')
                .next()
                .and_then(|p| p.split_once('='))
                .map(|(n, v)| (n.to_owned(), v.to_owned()))
            else {
                continue;
            };
            self.cookies.retain(|(n, _)| *n != name);
            if !text.contains("Max-Age=0") {
                self.cookies.push((name, rest));
            }
        }
    }

    fn url(&self, path: &str) -> String {
        if path.starts_with("http") {
            path.to_owned()
        } else {
            format!("{}{path}", self.base)
        }
    }

    async fn answer(&mut self, response: reqwest::Response) -> Answer {
        self.keep(response.headers());
        let status = response.status();
        let location = response
            .headers()
            .get(LOCATION)
            .map(|v| v.to_str().unwrap_or("").to_owned());
        let retry_after = response
            .headers()
            .get(RETRY_AFTER)
            .and_then(|v| v.to_str().ok()?.parse().ok());
        let body = response.text().await.unwrap_or_default();
        Answer {
            status,
            body,
            location,
            retry_after,
        }
    }

    pub async fn get(&mut self, path: &str) -> Answer {
        let response = self
            .client
            .get(self.url(path))
            .header("cookie", self.header())
            .send()
            .await
            .expect("GET");
        self.answer(response).await
    }

    /// Posts `fields` and `token` to `action` with the given fetch headers.
    pub async fn post_raw(
        &mut self,
        action: &str,
        token: &str,
        fields: &[(&str, &str)],
        headers: &[(&str, &str)],
    ) -> Answer {
        let mut form: Vec<(&str, &str)> = vec![("token", token)];
        form.extend_from_slice(fields);
        let mut request = self
            .client
            .post(self.url(action))
            .header("cookie", self.header())
            .form(&form);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request.send().await.expect("POST");
        self.answer(response).await
    }

    /// Opens `page`, finds the form posting to `action` and sends it with `fields`, as a browser.
    pub async fn submit(&mut self, page: &str, action: &str, fields: &[(&str, &str)]) -> Answer {
        let opened = self.get(page).await;
        assert_eq!(opened.status, StatusCode::OK, "{page}: {}", opened.body);
        let token = token_of(&opened.body, &self.url(action))
            .unwrap_or_else(|| panic!("no form posting to {action} on {page}"));
        // The form's fields as the page filled them in (what it showed), as a browser sends
        // them, unless the test gives its own.
        let hidden = fields_of(&opened.body, &self.url(action));
        let mut sent: Vec<(&str, &str)> = hidden
            .iter()
            .filter(|(name, _)| !fields.iter().any(|(given, _)| given == name))
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .collect();
        sent.extend_from_slice(fields);
        let origin = self.base.clone();
        self.post_raw(
            action,
            &token,
            &sent,
            &[("sec-fetch-site", "same-origin"), ("origin", &origin)],
        )
        .await
    }

    /// Signs in by a link as printed by `login-link` (opens it, then presses the button).
    pub async fn sign_in_by_link(&mut self, link: &str) -> Answer {
        let path = link.strip_prefix(&self.base).unwrap_or(link).to_owned();
        self.submit(&path, &path, &[]).await
    }

    pub async fn sign_in(&mut self, email: &str, password: &str) -> Answer {
        self.submit(
            "/en/sign-in",
            "/en/sign-in",
            &[("email", email), ("password", password)],
        )
        .await
    }
}

/// The hidden fields but the token of the form on `html` posting to `action`.
pub fn hidden_of(html: &str, action: &str) -> Vec<(String, String)> {
    let Some(at) = html.find(&format!("action=\"{action}\"")) else {
        return Vec::new();
    };
    let form = &html[at..];
    let form = &form[..form.find("</form>").unwrap_or(form.len())];
    let mut found = Vec::new();
    let mut rest = form;
    while let Some(at) = rest.find("<input type=\"hidden\" name=\"") {
        rest = &rest[at + "<input type=\"hidden\" name=\"".len()..];
        let Some(end) = rest.find('"') else { break };
        let name = rest[..end].to_owned();
        let Some(at) = rest.find("value=\"") else {
            break;
        };
        let value = &rest[at + "value=\"".len()..];
        let Some(end) = value.find('"') else { break };
        let value = value[..end]
            .replace("&amp;", "&")
            .replace("&quot;", "\"")
            .replace("&#39;", "'");
        if name != "token" {
            found.push((name, value));
        }
    }
    found
}

/// Every field but the token of the form on `html` posting to `action`, as a browser sends it
/// untouched: inputs with their values (checkboxes only when ticked; no buttons), each select's
/// chosen option, textareas.
pub fn fields_of(html: &str, action: &str) -> Vec<(String, String)> {
    let Some(at) = html.find(&format!("action=\"{action}\"")) else {
        return Vec::new();
    };
    let form = &html[at..];
    let form = &form[..form.find("</form>").unwrap_or(form.len())];
    let attr = |tag: &str, name: &str| -> Option<String> {
        let key = format!(" {name}=\"");
        let at = tag.find(&key)? + key.len();
        let end = tag[at..].find('"')?;
        Some(unescape(&tag[at..at + end]))
    };
    let mut found = Vec::new();
    let mut rest = form;
    while let Some(at) = rest.find('<') {
        rest = &rest[at..];
        let end = rest.find('>').unwrap_or(rest.len());
        let tag = &rest[..end];
        if tag.starts_with("<input ") {
            let kind = attr(tag, "type").unwrap_or_default();
            let name = attr(tag, "name").unwrap_or_default();
            let ticked = kind != "checkbox" || tag.contains(" checked");
            if !name.is_empty() && name != "token" && ticked {
                found.push((name, attr(tag, "value").unwrap_or_default()));
            }
        } else if tag.starts_with("<select ") {
            let name = attr(tag, "name").unwrap_or_default();
            let body = &rest[end..rest.find("</select>").unwrap_or(rest.len())];
            let chosen = body
                .split("<option ")
                .skip(1)
                .find(|option| {
                    option
                        .split('>')
                        .next()
                        .is_some_and(|o| o.contains(" selected"))
                })
                .or_else(|| body.split("<option ").nth(1))
                .and_then(|option| attr(&format!(" {option}"), "value"))
                .unwrap_or_default();
            found.push((name, chosen));
        } else if tag.starts_with("<textarea ") {
            let name = attr(tag, "name").unwrap_or_default();
            let body = &rest[end + 1..rest.find("</textarea>").unwrap_or(end + 1)];
            found.push((name, unescape(body)));
        }
        rest = &rest[end.min(rest.len())..];
        if rest.is_empty() {
            break;
        }
        rest = &rest[1..];
    }
    found
}

fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The token of the form on `html` posting to `action`.
pub fn token_of(html: &str, action: &str) -> Option<String> {
    let at = html.find(&format!("action=\"{action}\""))?;
    let rest = &html[at..];
    let start = rest.find("name=\"token\" value=\"")? + "name=\"token\" value=\"".len();
    let end = rest[start..].find('"')?;
    Some(rest[start..start + end].to_owned())
}

/// The text of the element with `id` (a secret shown once).
pub fn shown(html: &str, id: &str) -> Option<String> {
    let at = html.find(&format!("id=\"{id}\">"))? + format!("id=\"{id}\">").len();
    let end = html[at..].find('<')?;
    Some(html[at..at + end].to_owned())
}
