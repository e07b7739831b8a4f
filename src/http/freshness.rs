//! What is current: the database's `versions`, read for every request before anything kept in
//! memory is used, so a change committed by any process shows on the very next request. The read
//! is one the request shares with every other that arrived meanwhile (`db::hot`), and began after
//! the request arrived; past the deadline the request fails rather than guess.

use std::sync::Arc;
use std::time::Duration;

use crate::db::hot::Hot;
use crate::db::versions::Versions;

pub struct Freshness {
    hot: Arc<Hot>,
    timeout: Duration,
}

/// The versions could not be read (the database is down or slow).
#[derive(Debug, Clone, thiserror::Error)]
#[error("cannot read what is current: {0}")]
pub struct Unknown(pub String);

impl Freshness {
    pub fn new(hot: Arc<Hot>, timeout: Duration) -> Freshness {
        Freshness { hot, timeout }
    }

    /// The versions as of a read that began after this call.
    pub async fn current(&self) -> Result<Versions, Unknown> {
        if let Some(versions) = self.hot.versions_at_once() {
            return Ok(versions);
        }
        match tokio::time::timeout(self.timeout, self.hot.versions_queued()).await {
            Ok(Ok(versions)) => Ok(versions),
            Ok(Err(error)) => Err(Unknown(error.to_string())),
            Err(_) => Err(Unknown("the database did not answer in time".into())),
        }
    }
}
