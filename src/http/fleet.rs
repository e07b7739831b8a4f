//! The API's rate limit for the whole fleet: at most `limit` accepted requests per key in any
//! sliding window, counted in the database (`db::rate_windows`) so that every server on it
//! agrees, and answered with the true wait.
//!
//! Requests are settled in batches: while one batch's transaction runs, the next requests queue,
//! and the next transaction settles them all, so the database sees one transaction per batch
//! rather than per request. A key found over its limit is refused from memory until its window
//! frees a place: that refusal changes nothing stored, so it is as exact as asking. When the
//! database cannot be reached, requests are refused as unavailable (503), like everything else
//! the server would answer: the limit is never skipped.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, oneshot};

use super::rate_limit::Decision;
use crate::db::DbError;
use crate::db::hot::Hot;
use crate::db::rate_windows::Verdict;
use crate::ids::KeyId;

/// The most requests settled in one transaction.
const MAX_BATCH: usize = 512;

/// A settled request: the decision, and for a refusal the exact wait until a place frees.
type Settled = (Decision, Option<Duration>);
type Reply = oneshot::Sender<Result<Settled, String>>;

pub struct FleetLimiter {
    limit: u32,
    asks: mpsc::Sender<(KeyId, Reply)>,
    /// Keys over their limit, and until when (by this process's clock).
    refused_until: Mutex<HashMap<KeyId, Instant>>,
}

/// Why a request could not be settled: the database did not answer.
#[derive(Debug, Clone, thiserror::Error)]
#[error("cannot settle the rate limit: {0}")]
pub struct Unsettled(pub String);

impl FleetLimiter {
    /// A limiter of `limit` requests per `window`, settling batches through `hot` within
    /// `timeout`.
    pub fn new(hot: Arc<Hot>, limit: u32, window: Duration, timeout: Duration) -> FleetLimiter {
        let (asks, queue) = mpsc::channel(4 * MAX_BATCH);
        let window_ms = i64::try_from(window.as_millis()).unwrap_or(i64::MAX).max(1);
        tokio::spawn(settle(hot, queue, limit.max(1), window_ms, timeout));
        FleetLimiter {
            limit: limit.max(1),
            asks,
            refused_until: Mutex::new(HashMap::new()),
        }
    }

    pub fn limit(&self) -> u32 {
        self.limit
    }

    /// Accepts or refuses one request of `key`.
    pub async fn check(&self, key: KeyId) -> Result<Decision, Unsettled> {
        let now = Instant::now();
        {
            let mut refused = self
                .refused_until
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            match refused.get(&key) {
                Some(&until) if until > now => {
                    return Ok(Decision::Limited {
                        limit: self.limit,
                        retry_after: seconds_up(until - now).max(1),
                    });
                }
                Some(_) => {
                    refused.remove(&key);
                }
                None => {}
            }
        }
        let (reply, answer) = oneshot::channel();
        self.asks
            .send((key, reply))
            .await
            .map_err(|_| Unsettled("the limiter stopped".into()))?;
        let (decision, wait) = answer
            .await
            .map_err(|_| Unsettled("the limiter dropped the request".into()))?
            .map_err(Unsettled)?;
        if let Some(wait) = wait {
            let mut refused = self
                .refused_until
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            refused.insert(key, now + wait);
        }
        Ok(decision)
    }
}

/// Settles queued requests, a batch per transaction, until every limiter handle is gone.
async fn settle(
    hot: Arc<Hot>,
    mut queue: mpsc::Receiver<(KeyId, Reply)>,
    limit: u32,
    window_ms: i64,
    timeout: Duration,
) {
    while let Some(first) = queue.recv().await {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match queue.try_recv() {
                Ok(ask) => batch.push(ask),
                Err(_) => break,
            }
        }
        let keys: Vec<KeyId> = batch.iter().map(|(key, _)| *key).collect();
        let settled = tokio::time::timeout(timeout, hot.settle(keys, limit, window_ms))
            .await
            .unwrap_or_else(|_| {
                Err(DbError::Corrupt(
                    "the database did not answer in time".into(),
                ))
            });
        match settled {
            Ok((now, verdicts)) => {
                for ((_, reply), verdict) in batch.into_iter().zip(verdicts) {
                    let _ = reply.send(Ok(decision(verdict, now, limit, window_ms)));
                }
            }
            Err(error) => {
                tracing::warn!(%error, "cannot settle the rate limit");
                let why = error.to_string();
                for (_, reply) in batch {
                    let _ = reply.send(Err(why.clone()));
                }
            }
        }
    }
}

fn decision(verdict: Verdict, now: i64, limit: u32, window_ms: i64) -> Settled {
    let until_frees = |oldest: i64| {
        let ms = (oldest + window_ms - now).max(0);
        Duration::from_millis(u64::try_from(ms).unwrap_or(0))
    };
    match verdict {
        Verdict::Accepted { used, oldest } => (
            Decision::Allowed {
                limit,
                remaining: limit.saturating_sub(used),
                reset: seconds_up(until_frees(oldest)),
            },
            None,
        ),
        Verdict::Refused { oldest } => (
            Decision::Limited {
                limit,
                retry_after: seconds_up(until_frees(oldest)).max(1),
            },
            Some(until_frees(oldest)),
        ),
    }
}

/// Whole seconds, rounded up: waiting that long is always enough.
fn seconds_up(duration: Duration) -> u64 {
    duration.as_secs() + u64::from(duration.subsec_nanos() > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_become_headers() {
        let allowed = decision(
            Verdict::Accepted {
                used: 3,
                oldest: 1_000,
            },
            13_500,
            120,
            60_000,
        );
        assert_eq!(
            allowed,
            (
                Decision::Allowed {
                    limit: 120,
                    remaining: 117,
                    reset: 48
                },
                None
            )
        );
        let refused = decision(Verdict::Refused { oldest: 1_000 }, 60_999, 120, 60_000);
        assert_eq!(
            refused,
            (
                Decision::Limited {
                    limit: 120,
                    retry_after: 1
                },
                Some(Duration::from_millis(1))
            )
        );
    }
}
