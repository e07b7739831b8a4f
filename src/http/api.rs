//! `/api/v1/*`: the read API. The order of checks is the contract: method (405), key (401), rate
//! limit (429), then the request itself (400 for parameters or a body it does not take, 404 for
//! what does not exist in the key's space), and 503 when the database does not answer in time.
//!
//! Every answer is as of the database's current versions, and its key and rate limit are settled
//! by the `gate`; a cached body serves only while the `data` version has not moved past it.

use std::sync::Arc;
use std::time::Duration;

use tokio::time::Instant;
use warp::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use warp::reply::Response;

use super::App;
use super::cache::Body;
use super::error::ApiError;
use super::metrics::{Route, Stage};
use crate::domain::{Slug, TournamentStatus};
use crate::gate::{Admitted, Decision, Principal};
use crate::ids::{KeyId, SpaceId};
use crate::{api_keys, views};

/// How long building an answer (API body or widget page) may wait for the database; past it,
/// the answer is 503 for every request waiting for that build.
pub const DB_TIMEOUT: Duration = Duration::from_secs(2);
/// How long an API request may wait for the database in all (its key, its rate limit and its
/// answer); past it, the answer is 503 `unavailable`, whatever the database is doing.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(4);
/// The OpenAPI document, served at `/api/v1/openapi.json`.
pub const OPENAPI: &str = include_str!("../../docs/openapi.json");

/// The endpoint a path names.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Endpoint {
    Organization,
    Tournaments,
    Tournament(String),
    Matches(String),
    Standings(String),
    Stations,
}

impl Endpoint {
    fn route(&self) -> Route {
        match self {
            Endpoint::Organization => Route::Organization,
            Endpoint::Tournaments => Route::Tournaments,
            Endpoint::Tournament(_) => Route::Tournament,
            Endpoint::Matches(_) => Route::Matches,
            Endpoint::Standings(_) => Route::Standings,
            Endpoint::Stations => Route::Stations,
        }
    }

    fn parse(rest: &str) -> Option<Endpoint> {
        let mut parts = rest.split('/');
        let parts = (parts.next()?, parts.next(), parts.next(), parts.next());
        match parts {
            ("organization", None, None, None) => Some(Endpoint::Organization),
            ("tournaments", None, None, None) => Some(Endpoint::Tournaments),
            ("stations", None, None, None) => Some(Endpoint::Stations),
            ("tournaments", Some(slug), None, None) => Some(Endpoint::Tournament(slug.to_owned())),
            ("tournaments", Some(slug), Some("matches"), None) => {
                Some(Endpoint::Matches(slug.to_owned()))
            }
            ("tournaments", Some(slug), Some("standings"), None) => {
                Some(Endpoint::Standings(slug.to_owned()))
            }
            _ => None,
        }
    }
}

/// What the API answered: the route for the metrics, the key's id if one was accepted, and the
/// response.
pub struct Answered {
    pub route: Route,
    pub key_id: Option<KeyId>,
    pub response: Response,
}

/// Answers a request under `/api/v1/`; `rest` is the path after it.
pub async fn handle(
    app: &Arc<App>,
    method: &Method,
    rest: &str,
    query: &str,
    headers: &HeaderMap,
) -> Answered {
    let endpoint = Endpoint::parse(rest);
    let route = match (&endpoint, rest) {
        (Some(endpoint), _) => endpoint.route(),
        (None, "openapi.json") => Route::OpenApi,
        (None, _) => Route::Other,
    };
    if method != Method::GET {
        return Answered {
            route,
            key_id: None,
            response: ApiError::MethodNotAllowed.into_response(),
        };
    }
    if rest == "openapi.json" {
        return Answered {
            route,
            key_id: None,
            response: respond(Body::new(OPENAPI.as_bytes().to_vec()), headers),
        };
    }
    let unavailable_for = |key_id| Answered {
        route,
        key_id,
        response: ApiError::Unavailable.into_response(),
    };
    let Some(key) = bearer_key(headers) else {
        return Answered {
            route,
            key_id: None,
            response: ApiError::Unauthorized.into_response(),
        };
    };
    let key_hash = api_keys::KeyHash::of(key);
    let asked = Instant::now();
    let deadline = asked + ANSWER_WITHIN;
    let admitted = tokio::time::timeout_at(deadline, app.gate.admit(key_hash.as_str())).await;
    app.metrics.record_stage(Stage::Admit, asked.elapsed());
    let Ok(admitted) = admitted else {
        tracing::warn!(waited = ?ANSWER_WITHIN, "cannot answer from the API: the rate limit did not decide in time");
        return unavailable_for(None);
    };
    let Admitted {
        principal,
        decision,
        versions,
    } = match admitted {
        Ok(Some(admitted)) => admitted,
        Ok(None) => {
            return Answered {
                route,
                key_id: None,
                response: ApiError::Unauthorized.into_response(),
            };
        }
        Err(unavailable) => {
            tracing::warn!(error = %unavailable, "cannot answer from the API");
            return unavailable_for(unavailable.key_id);
        }
    };
    let limit = match decision {
        Decision::Limited { limit, retry_after } => {
            let mut response = ApiError::RateLimited { retry_after }.into_response();
            rate_headers(&mut response, limit, 0, retry_after);
            return Answered {
                route,
                key_id: Some(principal.key_id),
                response,
            };
        }
        allowed => allowed,
    };
    let answering = Instant::now();
    let answered = answer(
        app,
        &principal,
        endpoint,
        rest,
        query,
        headers,
        AsOf {
            version: versions.data,
            deadline,
        },
    )
    .await;
    app.metrics.record_stage(Stage::Answer, answering.elapsed());
    let mut response = match answered {
        Ok(body) => respond(body, headers),
        Err(error) => error.into_response(),
    };
    if let Decision::Allowed {
        limit,
        remaining,
        reset,
    } = limit
    {
        rate_headers(&mut response, limit, remaining, reset);
    }
    Answered {
        route,
        key_id: Some(principal.key_id),
        response,
    }
}

/// The key of a well-formed `Authorization: Bearer <key>` (one header, a key's shape); anything
/// else is refused before the database is asked.
fn bearer_key(headers: &HeaderMap) -> Option<&str> {
    let mut values = headers.get_all(header::AUTHORIZATION).iter();
    let value = values.next()?.to_str().ok()?;
    if values.next().is_some() {
        return None;
    }
    let (scheme, key) = value.split_once(' ')?;
    (scheme.eq_ignore_ascii_case("bearer") && api_keys::looks_like_key(key)).then_some(key)
}

/// What an answer is built as of: the data's version, and the request's deadline.
struct AsOf {
    version: i64,
    deadline: Instant,
}

async fn answer(
    app: &Arc<App>,
    principal: &Principal,
    endpoint: Option<Endpoint>,
    rest: &str,
    query: &str,
    headers: &HeaderMap,
    AsOf { version, deadline }: AsOf,
) -> Result<Body, ApiError> {
    let Some(endpoint) = endpoint else {
        return Err(ApiError::NotFound(format!(
            "no such endpoint: /api/v1/{rest}"
        )));
    };
    if has_body(headers) {
        return Err(ApiError::InvalidRequest(
            "GET requests take no body".to_owned(),
        ));
    }
    let filter = parse_query(&endpoint, query)?;
    // The space is part of the key: no answer is ever shared across spaces.
    let key = cache_key(principal.space.id, rest, &filter);
    let (owned, principal) = (Arc::clone(app), principal.clone());
    app.api_answers
        .get_or_build(&key, version, || async move {
            let within = deadline.min(Instant::now() + DB_TIMEOUT);
            tokio::time::timeout_at(within, build(&owned, &principal, &endpoint, &filter))
                .await
                .map_err(|_| ApiError::Unavailable)?
        })
        .await
}

/// Builds the body of a successful answer, reading the database.
async fn build(
    app: &App,
    principal: &Principal,
    endpoint: &Endpoint,
    filter: &views::ListFilter,
) -> Result<Body, ApiError> {
    let space = &principal.space;
    let not_found = |slug: &str| {
        ApiError::NotFound(format!("no tournament has the slug '{slug}' in this space"))
    };
    let mut handle = app.db.acquire().await?;
    let json = match endpoint {
        Endpoint::Organization => envelope(&views::organization(space, &app.base_url)),
        Endpoint::Tournaments => {
            envelope(&views::tournaments(handle.conn(), space, filter, &app.base_url).await?)
        }
        Endpoint::Stations => envelope(&views::stations(handle.conn(), space).await?),
        Endpoint::Tournament(slug) | Endpoint::Matches(slug) | Endpoint::Standings(slug) => {
            if Slug::parse(slug).is_err() {
                return Err(not_found(slug));
            }
            let tournament = views::find_in_space(handle.conn(), space, slug)
                .await?
                .ok_or_else(|| not_found(slug))?;
            match endpoint {
                Endpoint::Tournament(_) => envelope(
                    &views::tournament(handle.conn(), space, &tournament, &app.base_url).await?,
                ),
                Endpoint::Matches(_) => {
                    envelope(&views::tournament_matches(handle.conn(), &tournament).await?)
                }
                _ => match filter.stage {
                    None => {
                        envelope(&views::tournament_standings(handle.conn(), &tournament).await?)
                    }
                    Some(number) => envelope(
                        &views::stage_standings(handle.conn(), &tournament, number)
                            .await?
                            .ok_or_else(|| {
                                ApiError::NotFound(format!(
                                    "'{slug}' has no stage {number} drawn yet"
                                ))
                            })?,
                    ),
                },
            }
        }
    };
    json.map(Body::new).map_err(|error| {
        tracing::error!(%error, "cannot serialize a response");
        ApiError::Unavailable
    })
}

/// `{"data": ...}`, keeping the records' field order.
fn envelope<T: serde::Serialize>(data: &T) -> Result<Vec<u8>, serde_json::Error> {
    #[derive(serde::Serialize)]
    struct Envelope<'a, T> {
        data: &'a T,
    }
    serde_json::to_vec(&Envelope { data })
}

/// The highest stage number a request may name.
const MAX_STAGES: u32 = 64;

/// `/tournaments` takes `status` and `game`, `/standings` takes `stage`, once each.
fn parse_query(endpoint: &Endpoint, query: &str) -> Result<views::ListFilter, ApiError> {
    let mut filter = views::ListFilter::default();
    for (name, value) in url::form_urlencoded::parse(query.as_bytes()) {
        let repeated =
            || ApiError::InvalidRequest(format!("the query parameter '{name}' is given twice"));
        match (endpoint, name.as_ref()) {
            (Endpoint::Tournaments, "status") => {
                let status = value
                    .parse::<TournamentStatus>()
                    .map_err(|e| ApiError::InvalidRequest(format!("status: {e}")))?;
                if filter.status.replace(status).is_some() {
                    return Err(repeated());
                }
            }
            (Endpoint::Tournaments, "game") => {
                if filter.game.replace(value.into_owned()).is_some() {
                    return Err(repeated());
                }
            }
            (Endpoint::Standings(_), "stage") => {
                let stage = value
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (1..=MAX_STAGES).contains(n))
                    .ok_or_else(|| {
                        ApiError::InvalidRequest(format!(
                            "stage: '{value}' is not a stage number (1, 2, ...)"
                        ))
                    })?;
                if filter.stage.replace(stage).is_some() {
                    return Err(repeated());
                }
            }
            (Endpoint::Standings(_), _) => {
                return Err(ApiError::InvalidRequest(format!(
                    "unknown query parameter '{name}': this endpoint takes stage"
                )));
            }
            (Endpoint::Tournaments, _) => {
                return Err(ApiError::InvalidRequest(format!(
                    "unknown query parameter '{name}': this endpoint takes status and game"
                )));
            }
            _ => {
                return Err(ApiError::InvalidRequest(format!(
                    "unknown query parameter '{name}': this endpoint takes none"
                )));
            }
        }
    }
    Ok(filter)
}

/// The answer cache's key: the space, the path and the parameters in one order.
fn cache_key(space: SpaceId, rest: &str, filter: &views::ListFilter) -> String {
    let (status, game) = (
        filter.status.map_or("", |s| s.as_str()),
        filter.game.as_deref().unwrap_or(""),
    );
    let stage = filter.stage.map(|n| n.to_string()).unwrap_or_default();
    // The space's id in hexadecimal, all 16 digits: no two spaces share a key.
    let mut digits = [0u8; 16];
    let _ = hex::encode_to_slice(space.raw().to_be_bytes(), &mut digits);
    let mut key = String::with_capacity(48 + rest.len() + game.len());
    key.extend(digits.map(char::from));
    for part in [
        " ", rest, "?status=", status, "&game=", game, "&stage=", &stage,
    ] {
        key.push_str(part);
    }
    key
}

fn has_body(headers: &HeaderMap) -> bool {
    let length = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    length.is_some_and(|n| n > 0) || headers.contains_key(header::TRANSFER_ENCODING)
}

/// 200 with the body, or 304 when `If-None-Match` names its ETag.
fn respond(body: Body, headers: &HeaderMap) -> Response {
    let mut response = if body.matches(headers) {
        let mut response = Response::new(bytes::Bytes::new().into());
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        response
    } else {
        let mut response = Response::new(body.bytes.into());
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        response
    };
    let out = response.headers_mut();
    // Room for these and the rate-limit headers at once.
    out.reserve(8);
    out.insert(header::ETAG, body.etag_header);
    out.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-cache"),
    );
    response
}

const RATELIMIT_LIMIT: HeaderName = HeaderName::from_static("ratelimit-limit");
const RATELIMIT_REMAINING: HeaderName = HeaderName::from_static("ratelimit-remaining");
const RATELIMIT_RESET: HeaderName = HeaderName::from_static("ratelimit-reset");

fn rate_headers(response: &mut Response, limit: u32, remaining: u32, reset: u64) {
    let headers = response.headers_mut();
    headers.insert(RATELIMIT_LIMIT, number(u64::from(limit)));
    headers.insert(RATELIMIT_REMAINING, number(u64::from(remaining)));
    headers.insert(RATELIMIT_RESET, number(reset));
}

/// The numbers below this have their header values made once (`SMALL_NUMBERS`).
const SMALL: u64 = 4096;

/// The decimal text of 0 to `SMALL - 1`, made once and kept for the process's life, so that the
/// rate-limit headers of every request under ordinary limits and windows are copied, not built.
static SMALL_NUMBERS: std::sync::LazyLock<Vec<HeaderValue>> = std::sync::LazyLock::new(|| {
    let (mut text, mut ends) = (String::new(), Vec::with_capacity(SMALL as usize));
    for n in 0..SMALL {
        text.push_str(&n.to_string());
        ends.push(text.len());
    }
    let text: &'static str = Box::leak(text.into_boxed_str());
    let starts = std::iter::once(0).chain(ends.iter().copied());
    starts
        .zip(&ends)
        .map(|(start, &end)| HeaderValue::from_static(&text[start..end]))
        .collect()
});

/// `n` as a header value.
fn number(n: u64) -> HeaderValue {
    match usize::try_from(n).ok().and_then(|i| SMALL_NUMBERS.get(i)) {
        Some(value) => value.clone(),
        None => HeaderValue::from(n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_name_endpoints() {
        assert_eq!(
            Endpoint::parse("tournaments/cup/matches"),
            Some(Endpoint::Matches("cup".into()))
        );
        assert_eq!(
            Endpoint::parse("tournaments/"),
            Some(Endpoint::Tournament(String::new()))
        );
        assert_eq!(Endpoint::parse("tournaments/cup/matches/1"), None);
        assert_eq!(Endpoint::parse("organizations"), None);
    }

    #[test]
    fn only_the_list_takes_filters() {
        let list = parse_query(&Endpoint::Tournaments, "status=IN_PROGRESS&game=chess").unwrap();
        assert_eq!(
            (list.status, list.game.as_deref()),
            (Some(TournamentStatus::InProgress), Some("chess"))
        );
        assert!(
            matches!(parse_query(&Endpoint::Tournaments, "status=LIVE"), Err(ApiError::InvalidRequest(m)) if m.contains("unknown tournament status 'LIVE'"))
        );
        assert!(matches!(
            parse_query(&Endpoint::Tournaments, "game=a&game=b"),
            Err(ApiError::InvalidRequest(_))
        ));
        assert!(matches!(
            parse_query(&Endpoint::Tournaments, "page=2"),
            Err(ApiError::InvalidRequest(_))
        ));
        assert!(matches!(
            parse_query(&Endpoint::Organization, "x=1"),
            Err(ApiError::InvalidRequest(_))
        ));
        assert!(parse_query(&Endpoint::Organization, "").is_ok());
    }

    #[test]
    fn answers_of_two_spaces_or_filters_never_share_a_key() {
        let list = views::ListFilter::default();
        let chess = parse_query(&Endpoint::Tournaments, "game=chess").unwrap();
        let keys = [
            cache_key(SpaceId::from_raw(1), "tournaments", &list),
            cache_key(SpaceId::from_raw(17), "tournaments", &list),
            cache_key(SpaceId::from_raw(257), "tournaments", &list),
            cache_key(SpaceId::from_raw(1), "tournaments", &chess),
            cache_key(SpaceId::from_raw(1), "organization", &list),
        ];
        let distinct: std::collections::HashSet<_> = keys.iter().collect();
        assert_eq!(distinct.len(), keys.len(), "{keys:?}");
        assert_eq!(
            keys[0],
            cache_key(SpaceId::from_raw(1), "tournaments", &list)
        );
    }

    #[test]
    fn numbers_are_their_decimal_text() {
        for n in [
            0,
            1,
            9,
            10,
            99,
            100,
            120,
            999,
            1000,
            SMALL - 1,
            SMALL,
            1_000_000,
            u64::MAX,
        ] {
            assert_eq!(number(n).to_str().unwrap(), n.to_string());
        }
    }
}
