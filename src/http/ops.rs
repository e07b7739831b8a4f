//! `/healthz` (the process answers), `/readyz` (the database answers), `/metrics` (Prometheus).

use std::time::Duration;

use bytes::Bytes;
use warp::http::{HeaderValue, header};
use warp::reply::Response;

use super::App;
use super::error::ApiError;

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

pub fn metrics(app: &App) -> Response {
    text(app.metrics.render(), "text/plain; version=0.0.4")
}
