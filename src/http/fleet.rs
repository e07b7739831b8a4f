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
//!
//! A key this server alone has been serving, and busily (`BUSY`), asks for a lease with its next
//! request:
//! a few places of its window, counted in the database at once, which this server then hands to
//! the key's next requests from memory until the lease ends (those requests read what is current
//! through `freshness`). A sweeper gives back each lease when it ends or runs out, with what was
//! not used. A request the database finds over the limit while a lease of its key is out waits
//! for that lease to come back before it is refused.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use super::rate_limit::Decision;
use crate::db::hot::{Hot, Settled};
use crate::db::rate_windows::{Ask, LEASE_GRACE_MS, Lease, Returned, Verdict};
use crate::db::versions::Versions;
use crate::ids::KeyId;

/// A request's decision, and the versions read with it when the database was asked (`None`
/// when it was decided from memory: a key over its limit, or a place of a lease).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checked {
    pub decision: Decision,
    pub versions: Option<Versions>,
}

/// The most places one lease asks for.
const MOST_LENT: u32 = 1024;

/// The requests of a key in a lease's length that make it busy enough to ask for a lease: below
/// it, giving back the places a lease did not use would cost the database more than the places
/// used saved.
const BUSY: u32 = 8;

/// How long a lease lasts: short beside the window, so that a lease out delays a refusal by
/// little.
pub fn lease_for(window: Duration) -> Duration {
    (window / 20).clamp(Duration::from_millis(1), Duration::from_millis(50))
}

pub struct FleetLimiter {
    shared: Arc<Shared>,
    timeout: Duration,
}

struct Shared {
    hot: Arc<Hot>,
    limit: u32,
    window_ms: i64,
    lease: Duration,
    keys: Mutex<HashMap<KeyId, Local>>,
    /// Told when the sweeper has given leases back.
    returned: tokio::sync::Notify,
}

/// What this server knows of one key between the database's verdicts.
#[derive(Debug)]
struct Local {
    /// Refused until then (by this process's clock).
    refused_until: Option<Instant>,
    leases: Vec<Held>,
    /// A request of the key is asking the database for a lease.
    asking: bool,
    /// The sweeper is giving back a lease of the key with unused places: until it is done,
    /// the database's count is not what this server will say.
    returning: bool,
    /// Requests seen since `period` began, and in the period of a lease's length before.
    seen: u32,
    recent: u32,
    period: Instant,
}

/// A lease held, by this process's clock.
#[derive(Debug, Clone, Copy)]
struct Held {
    lease: Lease,
    /// When it ends here: a lease's length after the request that got it was sent, so never
    /// after its end by the database's clock.
    ends: Instant,
    left: u32,
    /// The window's count when it was granted, its places included.
    used: u32,
    /// When the window's oldest place frees.
    oldest_frees: Instant,
}

/// Why a request could not be settled: the database did not answer.
#[derive(Debug, Clone, thiserror::Error)]
#[error("cannot settle the rate limit: {0}")]
pub struct Unsettled(pub String);

impl FleetLimiter {
    /// A limiter of `limit` requests per `window`, settled through `hot` (which must have been
    /// opened for the same limit and [`lease_for`] it) within `timeout`. Starts the sweeper that
    /// gives leases back, on the current tokio runtime.
    pub fn new(hot: Arc<Hot>, limit: u32, window: Duration, timeout: Duration) -> FleetLimiter {
        let shared = Arc::new(Shared {
            hot,
            limit: limit.max(1),
            window_ms: window_ms(window),
            lease: lease_for(window),
            keys: Mutex::new(HashMap::new()),
            returned: tokio::sync::Notify::new(),
        });
        tokio::spawn(sweep(Arc::downgrade(&shared)));
        FleetLimiter { shared, timeout }
    }

    pub fn limit(&self) -> u32 {
        self.shared.limit
    }

    /// Accepts or refuses one request of `key`; when the database decides, it also says what
    /// is current, as of a read that began after this call.
    pub async fn check(&self, key: KeyId) -> Result<Checked, Unsettled> {
        let shared = &self.shared;
        let (ask, asked) = loop {
            let returned = shared.returned.notified();
            let now = Instant::now();
            {
                let mut keys = shared.lock();
                let local = keys.entry(key).or_insert_with(|| Local {
                    refused_until: None,
                    leases: Vec::new(),
                    asking: false,
                    returning: false,
                    seen: 0,
                    recent: 0,
                    period: now,
                });
                if !local.returning {
                    if let Some(decision) = local.decide_in_memory(shared.limit, shared.lease, now)
                    {
                        return Ok(Checked {
                            decision,
                            versions: None,
                        });
                    }
                    // Leases that ended go back with this request, before it is decided.
                    let back = local.ended(key, |_| true, now);
                    let want = if !local.asking && local.recent >= BUSY {
                        local.asking = true;
                        (local.recent + local.recent / 2).min(MOST_LENT)
                    } else {
                        1
                    };
                    break (Ask { key, want, back }, now);
                }
            }
            returned.await;
        };
        // However the request ends (a client that hangs up drops it), the key may ask again.
        let _asking = (ask.want > 1).then_some(Asking { shared, key });
        self.settle(ask, asked).await
    }

    /// Asks the database, waiting for leases of a full window to come back, and keeps what it
    /// answers.
    async fn settle(&self, mut ask: Ask, asked: Instant) -> Result<Checked, Unsettled> {
        let shared = &self.shared;
        let key = ask.key;
        let give_up = asked + shared.lease + Duration::from_millis(LEASE_GRACE_MS as u64) * 2;
        let mut sent = asked;
        loop {
            let settled: Settled =
                match tokio::time::timeout(self.timeout, shared.hot.settle(ask.clone())).await {
                    Ok(Ok(settled)) => settled,
                    Ok(Err(error)) => return Err(Unsettled(error.to_string())),
                    Err(_) => return Err(Unsettled("the database did not answer in time".into())),
                };
            let received = Instant::now();
            let verdict = match settled.verdict {
                Verdict::Lent { until, oldest } => {
                    if received >= give_up {
                        // A lease that never came back counts as used.
                        Verdict::Refused { oldest }
                    } else {
                        let wait = ms(until - settled.now) + shared.lease / 2 + SLACK;
                        tokio::time::sleep(wait).await;
                        ask = Ask::one(key);
                        sent = Instant::now();
                        continue;
                    }
                }
                verdict => verdict,
            };
            let (decision, wait) = decision(verdict, settled.now, shared.limit, shared.window_ms);
            let mut keys = shared.lock();
            if let Some(local) = keys.get_mut(&key) {
                if let Some(wait) = wait {
                    local.refused_until = Some(received + wait);
                }
                if let Verdict::Accepted {
                    used,
                    oldest,
                    lease: Some(lease),
                } = verdict
                {
                    local.leases.push(Held {
                        lease,
                        ends: sent + shared.lease,
                        left: lease.places,
                        used,
                        oldest_frees: received + ms(oldest + shared.window_ms - settled.now),
                    });
                }
            }
            return Ok(Checked {
                decision,
                versions: Some(settled.versions),
            });
        }
    }
}

/// A request of the key asking for a lease; when it ends, the next may ask.
struct Asking<'a> {
    shared: &'a Shared,
    key: KeyId,
}

impl Drop for Asking<'_> {
    fn drop(&mut self) {
        if let Some(local) = self.shared.lock().get_mut(&self.key) {
            local.asking = false;
        }
    }
}

/// What a lease's return waits beyond the lease's end: the sweeper's turn and its write.
const SLACK: Duration = Duration::from_millis(5);

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<KeyId, Local>> {
        self.keys
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Local {
    /// The decision memory can make: refused while the window is known full, or a place of a
    /// lease still running.
    fn decide_in_memory(&mut self, limit: u32, lease: Duration, now: Instant) -> Option<Decision> {
        if now.duration_since(self.period) >= lease {
            let periods = now.duration_since(self.period).as_nanos() / lease.as_nanos().max(1);
            self.recent = if periods == 1 { self.seen } else { 0 };
            self.seen = 0;
            self.period = now;
        }
        self.seen = self.seen.saturating_add(1);
        match self.refused_until {
            Some(until) if until > now => {
                return Some(Decision::Limited {
                    limit,
                    retry_after: seconds_up(until - now).max(1),
                });
            }
            Some(_) => self.refused_until = None,
            None => {}
        }
        let held = self
            .leases
            .iter_mut()
            .find(|held| held.left > 0 && held.ends > now)?;
        held.left -= 1;
        Some(Decision::Allowed {
            limit,
            remaining: limit.saturating_sub(held.used - held.left),
            reset: seconds_up(held.oldest_frees.saturating_duration_since(now)),
        })
    }

    /// Takes out the leases that ran out, and those that ended and `due` says go back now.
    fn ended(&mut self, key: KeyId, due: impl Fn(&Held) -> bool, now: Instant) -> Vec<Returned> {
        let mut returned = Vec::new();
        self.leases.retain(|held| {
            let over = held.left == 0 || (held.ends <= now && due(held));
            if !over {
                return true;
            }
            returned.push(Returned {
                key,
                lease: held.lease,
                unused: held.left,
            });
            false
        });
        returned
    }

    /// Nothing here is worth keeping.
    fn idle(&self, now: Instant, lease: Duration) -> bool {
        self.leases.is_empty()
            && !self.asking
            && !self.returning
            && self.refused_until.is_none_or(|until| until <= now)
            && now.duration_since(self.period) > lease * 2
    }
}

/// Gives back, every half lease until the limiter is gone, the leases that ran out and those
/// that ended a lease ago with no request of their key to take them back.
async fn sweep(shared: Weak<Shared>) {
    loop {
        let Some(strong) = shared.upgrade() else {
            return;
        };
        let every = (strong.lease / 2).max(Duration::from_millis(1));
        let now = Instant::now();
        let lease = strong.lease;
        let returned: Vec<Returned> = {
            let mut keys = strong.lock();
            let mut returned = Vec::new();
            for (key, local) in keys.iter_mut() {
                let ended = local.ended(*key, |held| held.ends + lease <= now, now);
                local.returning = ended.iter().any(|r| r.unused > 0);
                returned.extend(ended);
            }
            keys.retain(|_, local| !local.idle(now, lease));
            returned
        };
        if !returned.is_empty() {
            let hot = Arc::clone(&strong.hot);
            let returns = returned.iter().map(|r| {
                let hot = Arc::clone(&hot);
                async move {
                    if let Err(error) = hot.give_back(*r).await {
                        // Its places stay counted until they leave the window: never more
                        // than the limit, and a full window's requests wait at most the grace.
                        tracing::warn!(%error, "cannot give a rate-limit lease back");
                    }
                }
            });
            futures_util::future::join_all(returns).await;
            let mut keys = strong.lock();
            for r in &returned {
                if let Some(local) = keys.get_mut(&r.key) {
                    local.returning = false;
                }
            }
            drop(keys);
            strong.returned.notify_waiters();
        }
        drop(strong);
        tokio::time::sleep(every).await;
    }
}

fn ms(millis: i64) -> Duration {
    Duration::from_millis(u64::try_from(millis).unwrap_or(0))
}

/// The window in milliseconds, at least one.
pub fn window_ms(window: Duration) -> i64 {
    i64::try_from(window.as_millis()).unwrap_or(i64::MAX).max(1)
}

/// A settled request: the decision, and for a refusal the exact wait until a place frees.
type Decided = (Decision, Option<Duration>);

/// The decision for a verdict; a lease's places are not yet used, so they count as remaining.
fn decision(verdict: Verdict, now: i64, limit: u32, window_ms: i64) -> Decided {
    let until_frees = |oldest: i64| ms(oldest + window_ms - now);
    match verdict {
        Verdict::Accepted {
            used,
            oldest,
            lease,
        } => (
            Decision::Allowed {
                limit,
                remaining: limit
                    .saturating_sub(used)
                    .saturating_add(lease.map_or(0, |l| l.places)),
                reset: seconds_up(until_frees(oldest)),
            },
            None,
        ),
        Verdict::Refused { oldest } | Verdict::Lent { oldest, .. } => (
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
                lease: None,
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
