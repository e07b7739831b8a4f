//! The HTTP server behind `tourney serve`: the read API under `/api/v1`, the widget pages under
//! `/embed`, live pages' event streams under `/live`, `/healthz`, `/readyz` and `/metrics` for operators, and every other path for the
//! portal (`/`, `/<locale>/…`).
//!
//! One catch-all warp filter hands every request to [`handle`], which routes by path in plain
//! code, so the order of checks the API promises (405, 401, 429, 404) is explicit rather than left
//! to warp's ranking of rejections. The only writes are the portal's forms, through the service
//! layer; no request is ever answered with a 500; the API answers in JSON, pages in HTML.

mod api;
mod cache;
mod clients;
mod error;
mod forms;
mod html;
pub mod live;
mod metrics;
mod ops;
mod portal;
mod post_limits;
mod rate_limit;
mod refusal;
mod section;
mod widgets;

pub use api::OPENAPI;
pub use post_limits::{
    DEFAULT_FORM_LIMIT, DEFAULT_FORM_WINDOW, DEFAULT_PLAYER_ADDRESS_LIMIT, DEFAULT_PLAYER_LIMIT,
    DEFAULT_SIGN_IN_LIMIT, PostLimitSettings,
};

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use warp::Filter;
use warp::filters::BoxedFilter;
use warp::http::{HeaderMap, Method};
use warp::path::FullPath;
use warp::reply::Response;

use crate::db::Db;
use crate::links::BaseUrl;
use metrics::Route;

/// How a server limits: the specification's values by default; tests shorten the window so that
/// none waits a real minute.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Accepted requests per key in any `rate_window`, for the whole fleet.
    pub rate_limit: u32,
    pub rate_window: Duration,
    /// The public forms' limits: registrations, private links' posts, sign-ins.
    pub posts: PostLimitSettings,
    /// Proxies whose `X-Forwarded-For` names the client.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// How long the section's sessions last.
    pub sessions: crate::service::sign_in::SessionTimes,
    /// Live pages: the cap on streams, how often changes are looked for, keep-alives.
    pub live: live::LiveSettings,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            rate_limit: 120,
            rate_window: rate_limit::WINDOW,
            posts: PostLimitSettings::default(),
            trusted_proxies: Vec::new(),
            sessions: crate::service::sign_in::SessionTimes::default(),
            live: live::LiveSettings::default(),
        }
    }
}

/// The name of the site key that signs the portal's form tokens.
const FORM_KEY: &str = "portal-forms";

/// What the section needs of webhooks: the rules addresses must pass (`--allow-cidr`), and a
/// sender of one request at a time for its Test button.
pub struct WebhookTools {
    pub policy: crate::webhook::blocklist::Policy,
    pub tester: crate::webhook::dispatcher::Dispatcher,
}

/// Everything a request may use.
pub struct App {
    pub db: Db,
    pub base_url: BaseUrl,
    /// What every request asks the database first: what is current, and for the API, the key
    /// and its rate limit.
    pub gate: crate::gate::Gate,
    /// API bodies by space, path and query.
    pub api_answers: cache::ResponseCache<cache::Body, error::ApiError>,
    /// Widget pages (`None`: the shared "not found" page) by path and theme.
    pub widget_pages: cache::ResponseCache<Option<widgets::Page>, widgets::Failure>,
    /// Portal pages every visitor sees alike, by path and theme.
    pub portal_pages: cache::ResponseCache<portal::CachedPage, widgets::Failure>,
    /// Tournaments' preview images as last drawn, so a picture is drawn again only when what
    /// it shows changes.
    pub previews: portal::Previews,
    /// Signs and checks the portal's form tokens.
    pub forms: forms::FormGuard,
    /// What the portal's posts count against: registrations per client address, a private
    /// link's posts per link and per address.
    pub post_limits: post_limits::PostLimits,
    /// The section's sign-in and link posts per client address, apart from the portal's.
    pub sign_in_limiter: rate_limit::RateLimiter<std::net::IpAddr>,
    /// The portal's registrations, written in batches of those that arrive together.
    pub registrations: crate::service::registration_batches::Batches,
    /// Where a cached page's form token goes: random per process, so no page text can hold it.
    pub token_marker: String,
    pub metrics: metrics::Metrics,
    /// The delivery loop's metrics, when this process runs it.
    pub deliveries: Option<Arc<crate::webhook::metrics::DeliveryMetrics>>,
    pub settings: Settings,
    pub webhooks: WebhookTools,
    /// The tournaments open live pages follow, and their streams.
    pub live: live::Hub,
}

impl App {
    /// An app over `db`; loads the key directory.
    pub async fn new(
        db: Db,
        base_url: BaseUrl,
        settings: Settings,
        deliveries: Option<Arc<crate::webhook::metrics::DeliveryMetrics>>,
        webhooks: WebhookTools,
    ) -> Result<Arc<App>, crate::db::DbError> {
        let form_key = {
            let fresh = forms::random_text(32).map_err(crate::db::DbError::NoRandomness)?;
            let mut handle = db.acquire().await?;
            crate::db::site_keys::get_or_create(
                handle.conn(),
                FORM_KEY,
                &fresh,
                crate::timestamp::now_ms(),
            )
            .await?
        };
        let gate = crate::gate::Gate::open(
            &db,
            crate::gate::Rate {
                limit: settings.rate_limit,
                window: settings.rate_window,
            },
            api::DB_TIMEOUT,
        )?;
        let forms =
            forms::FormGuard::new(form_key.as_bytes(), base_url.is_https(), base_url.origin());
        let app = App {
            portal_pages: cache::ResponseCache::default(),
            previews: portal::Previews::default(),
            forms,
            post_limits: post_limits::PostLimits::new(&settings.posts),
            sign_in_limiter: post_limits::sign_in_limiter(&settings.posts),
            registrations: crate::service::registration_batches::Batches::start(
                db.clone(),
                base_url.clone(),
                portal::ACTOR,
            ),
            token_marker: format!(
                "form-token-{}",
                forms::random_text(16).map_err(crate::db::DbError::NoRandomness)?
            ),
            gate,
            api_answers: cache::ResponseCache::default(),
            widget_pages: cache::ResponseCache::default(),
            metrics: metrics::Metrics::default(),
            deliveries,
            live: live::Hub::new(settings.live.max_streams),
            settings,
            webhooks,
            db,
            base_url,
        };
        Ok(Arc::new(app))
    }
}

/// The whole server as one warp filter.
pub fn routes(app: Arc<App>) -> BoxedFilter<(Response,)> {
    let query = warp::query::raw().or(warp::any().map(String::new)).unify();
    warp::method()
        .and(warp::path::full())
        .and(query)
        .and(warp::header::headers_cloned())
        .and(warp::addr::remote())
        .and(warp::body::stream())
        .and(warp::any().map(move || Arc::clone(&app)))
        .then(
            |method: Method,
             path: FullPath,
             query: String,
             headers: HeaderMap,
             peer: Option<SocketAddr>,
             body,
             app: Arc<App>| async move {
                // Only the portal reads bodies: the stream is boxed for it alone.
                let body = move || -> forms::BodyStream { Box::pin(body_bytes(body)) };
                handle(&app, method, path.as_str(), &query, &headers, peer, body).await
            },
        )
        .boxed()
}

/// A request body as chunks of bytes.
fn body_bytes<B: bytes::Buf>(
    body: impl futures_util::Stream<Item = Result<B, warp::Error>> + Send + 'static,
) -> impl futures_util::Stream<Item = Result<bytes::Bytes, warp::Error>> + Send + 'static {
    use futures_util::StreamExt;
    body.map(|chunk| chunk.map(|mut b| b.copy_to_bytes(b.remaining())))
}

async fn handle(
    app: &Arc<App>,
    method: Method,
    path: &str,
    query: &str,
    headers: &HeaderMap,
    peer: Option<SocketAddr>,
    body: impl FnOnce() -> forms::BodyStream,
) -> Response {
    let started = Instant::now();
    // HEAD on a page or a widget (link checkers, uptime monitors) is answered as GET: the same
    // status and headers, and hyper sends no body to a HEAD request. The API and live streams
    // keep their own methods: a HEAD must not count against a key or open a stream.
    let asked = method.clone();
    let method = match method {
        Method::HEAD if !path.starts_with("/api/") && !path.starts_with("/live/") => Method::GET,
        method => method,
    };
    // The paths that wait on the database's own futures (large) have them boxed, so that the
    // state of every request, the cached API answers' included, stays small to set up.
    let answered = match path {
        _ if path.starts_with("/api/v1/") => {
            api::handle(app, &method, &path["/api/v1/".len()..], query, headers).await
        }
        _ if path.starts_with("/embed/") => api::Answered {
            route: Route::Widgets,
            key_id: None,
            response: widgets::handle(app, &method, &path["/embed/".len()..], query, headers).await,
        },
        _ if path.starts_with("/live/") => api::Answered {
            route: Route::Live,
            key_id: None,
            response: Box::pin(live::handle(
                app,
                &method,
                &path["/live/".len()..],
                headers,
                public_state,
            ))
            .await,
        },
        "/healthz" => api::Answered {
            route: Route::Healthz,
            key_id: None,
            response: ops::healthz(),
        },
        "/readyz" => api::Answered {
            route: Route::Readyz,
            key_id: None,
            response: Box::pin(ops::readyz(app)).await,
        },
        "/metrics" => api::Answered {
            route: Route::Metrics,
            key_id: None,
            response: Box::pin(ops::metrics(app)).await,
        },
        _ => {
            let request = portal::Request {
                method: &method,
                path,
                query,
                headers,
                peer,
                body: body(),
            };
            api::Answered {
                route: Route::Portal,
                key_id: None,
                response: Box::pin(portal::handle(app, request)).await,
            }
        }
    };
    let api::Answered {
        route,
        key_id,
        response,
    } = answered;
    let elapsed = started.elapsed();
    let status = response.status().as_u16();
    app.metrics.record(route, status, elapsed);
    if tracing::enabled!(tracing::Level::INFO) {
        let key = key_id.map(|id| id.to_string());
        let path = portal::loggable(path);
        tracing::info!(method = %asked, path = %path, status, micros = elapsed.as_micros() as u64, key = key.as_deref().unwrap_or("-"), "request");
    }
    response
}

/// A public page's state for live pages: the ETag of the portal's page at `path` (after the
/// locale).
fn public_state<'a>(
    app: &'a Arc<App>,
    path: &'a str,
    version: i64,
) -> futures_util::future::BoxFuture<'a, Result<live::State, String>> {
    Box::pin(async move {
        portal::page_state(app, path, version)
            .await
            .map_err(|failure| failure.to_string())
    })
}

/// Follows the database for this process's live pages until `stop` (`live::follow`).
pub async fn follow_live(app: Arc<App>, stop: impl Future<Output = ()>) {
    live::follow(app, stop, public_state).await;
}

/// Serves until `shutdown` resolves, then finishes the requests in flight.
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: Arc<App>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    warp::serve(routes(app))
        .incoming(listener)
        .graceful(shutdown)
        .run()
        .await;
}

/// `/metrics` (the delivery loop's) and `/healthz` for a process that only delivers webhooks
/// (`dispatch --listen`), until `shutdown` completes.
pub async fn serve_delivery_metrics(
    listener: tokio::net::TcpListener,
    db: Db,
    deliveries: Arc<crate::webhook::metrics::DeliveryMetrics>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let route = warp::path::full().then(move |path: warp::path::FullPath| {
        let (db, deliveries) = (db.clone(), Arc::clone(&deliveries));
        async move {
            match path.as_str() {
                "/metrics" => ops::delivery_metrics(&db, &deliveries).await,
                "/healthz" => ops::healthz(),
                _ => {
                    let mut response = Response::new("not found\n".into());
                    *response.status_mut() = warp::http::StatusCode::NOT_FOUND;
                    response
                }
            }
        }
    });
    warp::serve(route)
        .incoming(listener)
        .graceful(shutdown)
        .run()
        .await;
}

/// Binds `listen` (port 0 picks a free port) and returns the listener and its address.
pub async fn bind(listen: SocketAddr) -> std::io::Result<(tokio::net::TcpListener, SocketAddr)> {
    let listener = tokio::net::TcpListener::bind(listen).await?;
    let address = listener.local_addr()?;
    Ok((listener, address))
}
