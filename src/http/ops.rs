//! `/healthz` (the process answers), `/readyz` (the database answers), `/metrics` (Prometheus:
//! requests, and webhook deliveries when the process delivers).

use std::time::Duration;

use bytes::Bytes;
use warp::http::{HeaderValue, header};
use warp::reply::Response;

use super::App;
use super::error::ApiError;
use crate::db::Db;
use crate::webhook::metrics::{DeliveryMetrics, queue_figures};

fn text(body: String, content_type: &'static str) -> Response {
    let mut response = Response::new(Bytes::from(body).into());
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}

pub fn healthz() -> Response {
    text("{\"status\":\"ok\"}".to_owned(), "application/json")
}

pub async fn readyz(app: &App) -> Response {
    let ping = async {
        let mut handle = app.db.acquire().await.ok()?;
        crate::db::ping(handle.conn()).await.ok()
    };
    match tokio::time::timeout(Duration::from_secs(1), ping).await {
        Ok(Some(())) => text("{\"status\":\"ready\"}".to_owned(), "application/json"),
        _ => ApiError::Unavailable.into_response(),
    }
}

/// The request metrics, and the delivery loop's when this process runs it (with the queue's
/// figures, read from the database when it answers within a second).
pub async fn metrics(app: &App) -> Response {
    let mut body = app.metrics.render();
    let (alone, counted) = app.gate.counting_alone();
    body.push_str(&format!(
        "# HELP tourney_rate_limit_counting_alone 1 while the database refuses writes (a full disk, a read-only file), or another process holds SQLite's write lock, and API requests are counted by this process alone.\n\
         # TYPE tourney_rate_limit_counting_alone gauge\n\
         tourney_rate_limit_counting_alone {}\n\
         # HELP tourney_rate_limit_counted_alone_total API requests whose rate limit this process decided alone.\n\
         # TYPE tourney_rate_limit_counted_alone_total counter\n\
         tourney_rate_limit_counted_alone_total {counted}\n",
        u8::from(alone)
    ));
    app.gate.render_times(&mut body);
    if let Some(deliveries) = &app.deliveries {
        render_deliveries(&app.db, deliveries, &mut body).await;
    }
    text(body, "text/plain; version=0.0.4")
}

/// The delivery loop's metrics alone (`dispatch --listen`).
pub async fn delivery_metrics(db: &Db, deliveries: &DeliveryMetrics) -> Response {
    let mut body = String::new();
    render_deliveries(db, deliveries, &mut body).await;
    text(body, "text/plain; version=0.0.4")
}

async fn render_deliveries(db: &Db, deliveries: &DeliveryMetrics, body: &mut String) {
    let figures = queue_figures(db);
    let queue = tokio::time::timeout(Duration::from_secs(1), figures)
        .await
        .ok()
        .and_then(Result::ok);
    deliveries.render(body, queue);
}
