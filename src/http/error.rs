//! The API's errors and their one mapping to HTTP: `{"error": {"code", "message"}}` with the status
//! and headers each code needs. Messages never carry internal details, keys or another space's data.

use bytes::Bytes;
use warp::http::{HeaderValue, StatusCode, header};
use warp::reply::Response;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiError {
    /// 405, with `Allow: GET`.
    MethodNotAllowed,
    /// 401: a missing, malformed, wrong or revoked key (one message for all).
    Unauthorized,
    /// 429, with `Retry-After` in whole seconds.
    RateLimited { retry_after: u64 },
    /// 404: missing, another space's, an unknown path, or a malformed slug.
    NotFound(String),
    /// 400: a query parameter or body the endpoint does not take.
    InvalidRequest(String),
    /// 503, with `Retry-After`: the database did not answer in time.
    Unavailable,
}

/// The one mapping of a database failure: logged here, and 503 to the client, who learns
/// nothing of the cause.
impl From<crate::db::DbError> for ApiError {
    fn from(error: crate::db::DbError) -> ApiError {
        tracing::warn!(%error, "database error while answering");
        ApiError::Unavailable
    }
}

impl From<super::cache::BuildLost> for ApiError {
    fn from(_: super::cache::BuildLost) -> ApiError {
        ApiError::Unavailable
    }
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Unauthorized => StatusCode::UNAUTHORIZED,
            ApiError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::InvalidRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            ApiError::MethodNotAllowed => "method_not_allowed",
            ApiError::Unauthorized => "unauthorized",
            ApiError::RateLimited { .. } => "rate_limited",
            ApiError::NotFound(_) => "not_found",
            ApiError::InvalidRequest(_) => "invalid_request",
            ApiError::Unavailable => "unavailable",
        }
    }

    fn message(&self) -> String {
        match self {
            ApiError::MethodNotAllowed => "the API only reads: use GET".to_owned(),
            ApiError::Unauthorized => {
                "a valid API key is required: send it as 'Authorization: Bearer <key>'".to_owned()
            }
            ApiError::RateLimited { retry_after } => {
                format!("too many requests for this key; retry in {retry_after} s")
            }
            ApiError::NotFound(message) | ApiError::InvalidRequest(message) => message.clone(),
            ApiError::Unavailable => {
                "the service cannot answer right now; retry shortly".to_owned()
            }
        }
    }

    pub fn into_response(self) -> Response {
        let body = serde_json::json!({"error": {"code": self.code(), "message": self.message()}});
        let mut response = Response::new(Bytes::from(body.to_string()).into());
        *response.status_mut() = self.status();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        match self {
            ApiError::MethodNotAllowed => {
                headers.insert(header::ALLOW, HeaderValue::from_static("GET"));
            }
            ApiError::Unauthorized => {
                headers.insert(
                    header::WWW_AUTHENTICATE,
                    HeaderValue::from_static("Bearer realm=\"tourney\""),
                );
            }
            ApiError::RateLimited { retry_after } => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from(retry_after));
            }
            ApiError::Unavailable => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            }
            ApiError::NotFound(_) | ApiError::InvalidRequest(_) => {}
        }
        response
    }
}
