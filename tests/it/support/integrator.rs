//! The integrator: a partner's code reading the API of a running server with its Bearer key.

use std::time::Duration;

use reqwest::{Client, Response, StatusCode};
use serde_json::Value;

use super::server::Server;

/// An HTTP client for loopback servers: no proxy, and a timeout so a hung server fails the test.
pub fn client() -> Client {
    Client::builder()
        .no_proxy()
        .timeout(Duration::from_secs(10))
        .build()
        .expect("an HTTP client")
}

pub struct Integrator {
    client: Client,
    base: String,
    pub key: String,
}

impl Integrator {
    pub fn new(server: &Server, key: &str) -> Integrator {
        Integrator {
            client: client(),
            base: server.base.clone(),
            key: key.to_owned(),
        }
    }

    /// `GET {path}` with the key.
    pub async fn get(&self, path: &str) -> Response {
        self.client
            .get(format!("{}{path}", self.base))
            .bearer_auth(&self.key)
            .send()
            .await
            .unwrap_or_else(|e| panic!("GET {path}: {e}"))
    }

    /// The status of `GET {path}`.
    pub async fn status(&self, path: &str) -> StatusCode {
        self.get(path).await.status()
    }

    /// The JSON body of `GET {path}`, which must answer 200.
    pub async fn json(&self, path: &str) -> Value {
        let response = self.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "GET {path}");
        response.json().await.expect("a JSON body")
    }
}
