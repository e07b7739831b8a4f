//! The API's rate limit for the whole fleet: at most `limit` accepted requests per key in any
//! sliding window, counted in the database (`db::rate_windows`, asked through `db::hot`) so that
//! every server on it agrees, and answered with the true wait.
//!
//! The database settles the requests that arrive together in one transaction, which also reads
//! the versions the request then answers by (`freshness` need not be asked as well). A key found
//! over its limit is refused from memory until its window frees a place: that refusal changes
//! nothing stored, so it is as exact as asking. When the database cannot be reached, requests are
//! refused as unavailable (503), like everything else the server would answer: the limit is never
//! skipped.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::rate_limit::Decision;
use crate::db::hot::{Hot, Settled};
use crate::db::rate_windows::Verdict;
use crate::db::versions::Versions;
use crate::ids::KeyId;

/// A request's decision, and the versions read with it when the database was asked (`None`
/// when a key over its limit was refused from memory).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checked {
    pub decision: Decision,
    pub versions: Option<Versions>,
}

pub struct FleetLimiter {
    hot: Arc<Hot>,
    limit: u32,
    window_ms: i64,
    timeout: Duration,
    /// Keys over their limit, and until when (by this process's clock).
    refused_until: Mutex<HashMap<KeyId, Instant>>,
}

/// Why a request could not be settled: the database did not answer.
#[derive(Debug, Clone, thiserror::Error)]
#[error("cannot settle the rate limit: {0}")]
pub struct Unsettled(pub String);

impl FleetLimiter {
    /// A limiter of `limit` requests per `window`, settled through `hot` (which must have been
    /// opened for the same limit) within `timeout`.
    pub fn new(hot: Arc<Hot>, limit: u32, window: Duration, timeout: Duration) -> FleetLimiter {
        FleetLimiter {
            hot,
            limit: limit.max(1),
            window_ms: window_ms(window),
            timeout,
            refused_until: Mutex::new(HashMap::new()),
        }
    }

    pub fn limit(&self) -> u32 {
        self.limit
    }

    /// Accepts or refuses one request of `key`; when the database decides, it also says what
    /// is current, as of a read that began after this call.
    pub async fn check(&self, key: KeyId) -> Result<Checked, Unsettled> {
        let now = Instant::now();
        {
            let mut refused = self
                .refused_until
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            match refused.get(&key) {
                Some(&until) if until > now => {
                    return Ok(Checked {
                        decision: Decision::Limited {
                            limit: self.limit,
                            retry_after: seconds_up(until - now).max(1),
                        },
                        versions: None,
                    });
                }
                Some(_) => {
                    refused.remove(&key);
                }
                None => {}
            }
        }
        let settled: Settled = match tokio::time::timeout(self.timeout, self.hot.settle(key)).await
        {
            Ok(Ok(settled)) => settled,
            Ok(Err(error)) => return Err(Unsettled(error.to_string())),
            Err(_) => return Err(Unsettled("the database did not answer in time".into())),
        };
        let (decision, wait) = decision(settled.verdict, settled.now, self.limit, self.window_ms);
        if let Some(wait) = wait {
            let mut refused = self
                .refused_until
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            refused.insert(key, now + wait);
        }
        Ok(Checked {
            decision,
            versions: Some(settled.versions),
        })
    }
}

/// The window in milliseconds, at least one.
pub fn window_ms(window: Duration) -> i64 {
    i64::try_from(window.as_millis()).unwrap_or(i64::MAX).max(1)
}

/// A settled request: the decision, and for a refusal the exact wait until a place frees.
type Decided = (Decision, Option<Duration>);

fn decision(verdict: Verdict, now: i64, limit: u32, window_ms: i64) -> Decided {
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
