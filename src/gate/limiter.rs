//! The API's rate limit for the whole fleet: at most `limit` accepted requests per key in any
//! sliding window, counted in the database (`db::rate_windows`, asked through `db::hot`) so that
//! every server on it agrees, and answered with the true wait.
//!
//! What memory adds, and what it may never do:
//!
//! - **Refusals.** A key found over its limit is refused from memory until its window frees a
//!   place: the database would say the same, and nothing is written.
//! - **Leases.** A key this server alone has been serving, and busily ([`BUSY`]), asks for a lease
//!   with its next request: a few places of its window, counted in the database at once (so the
//!   window never holds more than the limit), which this server hands to the key's next requests
//!   until the lease ends. Every lease goes back with what it did not use: with the key's next
//!   request, or by the sweeper within one sweep of its end; a lease whose verdict nobody
//!   received (the client hung up, the request gave up) goes back at once; a give-back that fails
//!   is tried again every sweep. Giving a lease back twice gives nothing the second time.
//! - **Counting alone.** While the database answers but refuses writes (its disk is full, it is
//!   read-only), requests are not refused for that: each key is counted by this process alone,
//!   starting from its window as the database holds it, and the process says so in its log and
//!   metrics. Once a second the database is tried again; when it takes writes, the requests
//!   counted alone are written into the windows with each key's next request. A fleet of N
//!   servers may then accept up to N times the limit per key until the database is back.
//!
//! When the database cannot be reached at all, requests fail as unavailable (503): the limit is
//! never skipped.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::{Duration, Instant};

use super::Decision;
use crate::db::hot::{Hot, Settled};
use crate::db::rate_windows::{self, Ask, LEASE_GRACE_MS, Lease, Returned, Verdict};
use crate::db::versions::Versions;
use crate::db::{Db, DbError};
use crate::ids::KeyId;

/// A request's decision, and the versions read with it when the database was asked (`None`
/// when it was decided from memory: a refusal, a place of a lease, or a count kept alone).
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
pub const BUSY: u32 = 8;

/// How often the database is tried again while it refuses writes.
const RETRY_REFUSED: Duration = Duration::from_secs(1);

/// How long a lease lasts: short beside the window, so that a lease out delays a refusal by
/// little.
pub fn lease_for(window: Duration) -> Duration {
    (window / 20).clamp(Duration::from_millis(1), Duration::from_millis(50))
}

/// The window in milliseconds, at least one.
pub fn window_ms(window: Duration) -> i64 {
    i64::try_from(window.as_millis()).unwrap_or(i64::MAX).max(1)
}

pub struct Limiter {
    shared: Arc<Shared>,
}

struct Shared {
    hot: Arc<Hot>,
    db: Db,
    limit: u32,
    window: Duration,
    lease: Duration,
    /// How long a request waits for the database's verdict.
    timeout: Duration,
    keys: Mutex<HashMap<KeyId, Local>>,
    /// Leases to give back that no request carried: ended, orphaned, or whose return failed.
    returns: Mutex<Vec<Returned>>,
    /// Set while the database refuses writes.
    refusing: Mutex<Option<Refusing>>,
    counted_alone: AtomicU64,
}

/// Since when the database refuses writes, and when to try it again.
#[derive(Debug, Clone, Copy)]
struct Refusing {
    next_try: Instant,
}

/// What this server knows of one key between the database's verdicts.
#[derive(Debug)]
struct Local {
    /// Refused until then (by this process's clock).
    refused_until: Option<Instant>,
    leases: Vec<Held>,
    /// A request of the key is asking the database for a lease.
    asking: bool,
    /// Requests seen since `period` began, and in the period of a lease's length before.
    seen: u32,
    recent: u32,
    period: Instant,
    /// The key's window as this process alone counts it, while the database refuses writes
    /// (and after, until the database has been told).
    alone: Option<Alone>,
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

/// A key's window counted by this process alone.
#[derive(Debug, Default)]
struct Alone {
    /// When each place in the window was taken (the database's, then this process's).
    taken: VecDeque<Instant>,
    /// Requests accepted here that the database has not counted yet.
    uncounted: u32,
}

/// Why a request could not be settled: the database did not answer.
#[derive(Debug, thiserror::Error)]
#[error("cannot settle the rate limit: {0}")]
pub struct Unsettled(#[source] pub DbError);

impl Limiter {
    /// A limiter of `limit` requests per `window`, settled through `hot` (which must have been
    /// opened for the same limit and [`lease_for`] it), waiting at most `timeout` for a verdict.
    /// Starts the sweeper that gives leases back, on the current tokio runtime.
    pub fn new(hot: Arc<Hot>, db: Db, limit: u32, window: Duration, timeout: Duration) -> Limiter {
        let orphans = hot.orphans();
        let shared = Arc::new(Shared {
            hot,
            db,
            limit: limit.max(1),
            window,
            lease: lease_for(window),
            timeout,
            keys: Mutex::new(HashMap::new()),
            returns: Mutex::new(Vec::new()),
            refusing: Mutex::new(None),
            counted_alone: AtomicU64::new(0),
        });
        tokio::spawn(sweep(Arc::downgrade(&shared), orphans));
        Limiter { shared }
    }

    pub fn limit(&self) -> u32 {
        self.shared.limit
    }

    /// True while the database refuses writes and requests are counted by this process alone.
    pub fn counting_alone(&self) -> bool {
        lock(&self.shared.refusing).is_some()
    }

    /// How many requests were decided by this process alone since it started.
    pub fn counted_alone(&self) -> u64 {
        self.shared.counted_alone.load(Ordering::Relaxed)
    }

    /// Accepts or refuses one request of `key`; when the database decides, it also says what
    /// is current, as of a read that began after this call.
    pub async fn check(&self, key: KeyId) -> Result<Checked, Unsettled> {
        let shared = &self.shared;
        let now = Instant::now();
        let (ask, refusing) = {
            let mut keys = lock(&shared.keys);
            let local = keys.entry(key).or_insert_with(|| Local::new(now));
            if let Some(decision) = local.decide_in_memory(shared.limit, shared.lease, now) {
                return Ok(Checked {
                    decision,
                    versions: None,
                });
            }
            let refusing = shared.refusing_writes(now);
            if refusing && local.alone.is_some() {
                return Ok(shared.decide_alone(local, now));
            }
            // Leases that ended go back with this request, before it is decided.
            let back = local.ended(key, now);
            let want = if !refusing && !local.asking && local.recent >= BUSY {
                local.asking = true;
                (local.recent + local.recent / 2).min(MOST_LENT)
            } else {
                1
            };
            let carried = local.alone.as_ref().map_or(0, |alone| alone.uncounted);
            let ask = Ask {
                key,
                want,
                back,
                carried,
            };
            (ask, refusing)
        };
        if refusing {
            // This key's first request since the database began refusing writes.
            shared.keep_for_later(ask.back);
            return Ok(shared.count_alone(key).await);
        }
        // However the request ends (a client that hangs up drops it), the key may ask again.
        let _asking = (ask.want > 1).then_some(Asking { shared, key });
        shared.settle(ask, now).await
    }
}

/// A request of the key asking for a lease; when it ends, the next may ask.
struct Asking<'a> {
    shared: &'a Shared,
    key: KeyId,
}

impl Drop for Asking<'_> {
    fn drop(&mut self) {
        if let Some(local) = lock(&self.shared.keys).get_mut(&self.key) {
            local.asking = false;
        }
    }
}

/// What a lease's return waits beyond the lease's end: the sweeper's turn and its write.
const SLACK: Duration = Duration::from_millis(5);

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Shared {
    /// Asks the database, waiting for leases of a full window to come back, and keeps what it
    /// answers. A request whose outcome is not known gives its leases to the sweeper.
    async fn settle(&self, mut ask: Ask, asked: Instant) -> Result<Checked, Unsettled> {
        let key = ask.key;
        let give_up = asked + self.lease + Duration::from_millis(LEASE_GRACE_MS as u64) * 2;
        let mut sent = asked;
        loop {
            let settled: Settled =
                match tokio::time::timeout(self.timeout, self.hot.settle(ask.clone())).await {
                    Ok(Ok(settled)) => settled,
                    Ok(Err(error)) if error.is_write_refused() => {
                        self.keep_for_later(ask.back);
                        self.begin_refusing(&error);
                        return Ok(self.count_alone(key).await);
                    }
                    Ok(Err(error)) => {
                        self.keep_for_later(ask.back);
                        return Err(Unsettled(error));
                    }
                    Err(_) => {
                        // The batch may yet commit: its leases then go back as orphans, and
                        // these, given back twice, give nothing the second time.
                        self.keep_for_later(ask.back);
                        return Err(Unsettled(DbError::TimedOut(self.timeout)));
                    }
                };
            self.end_refusing();
            let received = Instant::now();
            let verdict = match settled.verdict {
                Verdict::Lent { until, oldest } => {
                    if received >= give_up {
                        // A lease that never came back counts as used.
                        Verdict::Refused { oldest }
                    } else {
                        self.took(key, ask.carried);
                        let wait = ms(until - settled.now) + self.lease / 2 + SLACK;
                        tokio::time::sleep(wait).await;
                        ask = Ask::one(key);
                        sent = Instant::now();
                        continue;
                    }
                }
                verdict => verdict,
            };
            let (decision, wait) = decision(verdict, settled.now, self.limit, self.window);
            self.took(key, ask.carried);
            let mut keys = lock(&self.keys);
            let Some(local) = keys.get_mut(&key) else {
                // Forgotten meanwhile (the sweeper keeps only what is worth keeping): its lease
                // goes back.
                if let Verdict::Accepted {
                    lease: Some(lease), ..
                } = verdict
                {
                    drop(keys);
                    self.keep_for_later(vec![Returned {
                        key,
                        lease,
                        unused: lease.places,
                    }]);
                }
                return Ok(Checked {
                    decision,
                    versions: Some(settled.versions),
                });
            };
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
                    ends: sent + self.lease,
                    left: lease.places,
                    used,
                    oldest_frees: received + ms(oldest + window_ms(self.window) - settled.now),
                });
            }
            return Ok(Checked {
                decision,
                versions: Some(settled.versions),
            });
        }
    }

    /// The database counted `carried` requests this process had counted alone.
    fn took(&self, key: KeyId, carried: u32) {
        if carried == 0 {
            return;
        }
        if let Some(local) = lock(&self.keys).get_mut(&key)
            && let Some(alone) = &mut local.alone
        {
            alone.uncounted = alone.uncounted.saturating_sub(carried);
            if alone.uncounted == 0 {
                local.alone = None;
            }
        }
    }

    /// Leases for the sweeper to give back.
    fn keep_for_later(&self, returned: Vec<Returned>) {
        if !returned.is_empty() {
            lock(&self.returns).extend(returned);
        }
    }

    /// True while the database refuses writes and it is not yet time to try it again; the
    /// request that finds it is time tries it.
    fn refusing_writes(&self, now: Instant) -> bool {
        let mut refusing = lock(&self.refusing);
        match refusing.as_mut() {
            Some(state) if state.next_try > now => true,
            Some(state) => {
                state.next_try = now + RETRY_REFUSED;
                false
            }
            None => false,
        }
    }

    fn begin_refusing(&self, error: &DbError) {
        let mut refusing = lock(&self.refusing);
        if refusing.is_none() {
            tracing::warn!(%error, "the database refuses writes: API requests are counted by this process alone until it takes them again");
        }
        *refusing = Some(Refusing {
            next_try: Instant::now() + RETRY_REFUSED,
        });
    }

    fn end_refusing(&self) {
        let mut refusing = lock(&self.refusing);
        if refusing.take().is_some() {
            tracing::warn!(
                "the database takes writes again: API requests are counted in it for the fleet"
            );
        }
    }

    /// Decides a request of `key` by this process's own count, which starts from the window the
    /// database holds (read without writing).
    async fn count_alone(&self, key: KeyId) -> Checked {
        let needs_window = lock(&self.keys)
            .get(&key)
            .is_none_or(|local| local.alone.is_none());
        let stored = if needs_window {
            let mut stored = self.stored_window(key).await;
            // The window counts the places of this process's own leases as taken; those not used
            // and not yet given back (the database refuses that too) were never requests.
            let unused: u32 = lock(&self.returns)
                .iter()
                .filter(|r| r.key == key)
                .map(|r| r.unused)
                .sum();
            for _ in 0..unused {
                stored.pop_back();
            }
            stored
        } else {
            VecDeque::new()
        };
        let now = Instant::now();
        let mut keys = lock(&self.keys);
        let local = keys.entry(key).or_insert_with(|| Local::new(now));
        local.alone.get_or_insert(Alone {
            taken: stored,
            uncounted: 0,
        });
        self.decide_alone(local, now)
    }

    /// The key's window as the database holds it, as times of this process's clock; empty when
    /// it cannot be read.
    async fn stored_window(&self, key: KeyId) -> VecDeque<Instant> {
        let read = async {
            let mut handle = self.db.acquire().await?;
            rate_windows::window_of(handle.conn(), key, window_ms(self.window)).await
        };
        let (db_now, slots) = match tokio::time::timeout(self.timeout, read).await {
            Ok(Ok(window)) => window,
            Ok(Err(error)) => {
                tracing::warn!(%error, %key, "cannot read the key's window: counting it from empty");
                return VecDeque::new();
            }
            Err(_) => {
                tracing::warn!(%key, "the key's window took too long to read: counting it from empty");
                return VecDeque::new();
            }
        };
        let here = Instant::now();
        let mut taken = VecDeque::new();
        for (at, n) in slots {
            let when = if at <= db_now {
                here.checked_sub(ms(db_now - at)).unwrap_or(here)
            } else {
                here + ms(at - db_now)
            };
            for _ in 0..n.clamp(0, i64::from(self.limit)) {
                taken.push_back(when);
            }
        }
        taken
    }

    fn decide_alone(&self, local: &mut Local, now: Instant) -> Checked {
        self.counted_alone.fetch_add(1, Ordering::Relaxed);
        let window = self.window;
        let alone = local.alone.get_or_insert_with(Alone::default);
        while alone
            .taken
            .front()
            .is_some_and(|t| now.saturating_duration_since(*t) >= window)
        {
            alone.taken.pop_front();
        }
        let frees = |taken: &VecDeque<Instant>| {
            taken.front().map_or(Duration::ZERO, |t| {
                (*t + window).saturating_duration_since(now)
            })
        };
        let decision = if alone.taken.len() >= self.limit as usize {
            let wait = frees(&alone.taken);
            local.refused_until = Some(now + wait);
            Decision::Limited {
                limit: self.limit,
                retry_after: seconds_up(wait).max(1),
            }
        } else {
            alone.taken.push_back(now);
            alone.uncounted = alone.uncounted.saturating_add(1);
            Decision::Allowed {
                limit: self.limit,
                remaining: self.limit.saturating_sub(alone.taken.len() as u32),
                reset: seconds_up(frees(&alone.taken)),
            }
        };
        Checked {
            decision,
            versions: None,
        }
    }
}

impl Local {
    fn new(now: Instant) -> Local {
        Local {
            refused_until: None,
            leases: Vec::new(),
            asking: false,
            seen: 0,
            recent: 0,
            period: now,
            alone: None,
        }
    }

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

    /// Takes out the leases that ended or ran out, with what they did not use.
    fn ended(&mut self, key: KeyId, now: Instant) -> Vec<Returned> {
        let mut returned = Vec::new();
        self.leases.retain(|held| {
            if held.left > 0 && held.ends > now {
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
            && self.alone.is_none()
            && self.refused_until.is_none_or(|until| until <= now)
            && now.duration_since(self.period) > lease * 2
    }
}

/// Every half lease until the limiter is gone: gives back the leases that ended with no request
/// of their key to carry them, the orphans the database's lane handed over, and every give-back
/// that failed before.
async fn sweep(
    shared: Weak<Shared>,
    mut orphans: Option<tokio::sync::mpsc::UnboundedReceiver<Returned>>,
) {
    loop {
        let Some(strong) = shared.upgrade() else {
            return;
        };
        let every = (strong.lease / 2).max(Duration::from_millis(1));
        let now = Instant::now();
        let mut returned = std::mem::take(&mut *lock(&strong.returns));
        if let Some(orphans) = orphans.as_mut() {
            while let Ok(orphan) = orphans.try_recv() {
                returned.push(orphan);
            }
        }
        {
            let mut keys = lock(&strong.keys);
            for (key, local) in keys.iter_mut() {
                returned.extend(local.ended(*key, now));
            }
            keys.retain(|_, local| !local.idle(now, strong.lease));
        }
        if !returned.is_empty() {
            let given = tokio::time::timeout(strong.timeout, strong.hot.give_back(&returned)).await;
            match given {
                Ok(Ok(())) => {}
                Ok(Err(error)) => {
                    tracing::debug!(%error, leases = returned.len(), "cannot give rate-limit leases back yet; trying again");
                    strong.keep_for_later(returned);
                }
                Err(_) => strong.keep_for_later(returned),
            }
        }
        drop(strong);
        tokio::time::sleep(every).await;
    }
}

fn ms(millis: i64) -> Duration {
    Duration::from_millis(u64::try_from(millis).unwrap_or(0))
}

/// A settled request: the decision, and for a refusal the exact wait until a place frees.
type Decided = (Decision, Option<Duration>);

/// The decision for a verdict; a lease's places are not yet used, so they count as remaining.
fn decision(verdict: Verdict, now: i64, limit: u32, window: Duration) -> Decided {
    let until_frees = |oldest: i64| ms(oldest + window_ms(window) - now);
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
pub fn seconds_up(duration: Duration) -> u64 {
    duration.as_secs() + u64::from(duration.subsec_nanos() > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_become_headers() {
        let minute = Duration::from_secs(60);
        let allowed = decision(
            Verdict::Accepted {
                used: 3,
                oldest: 1_000,
                lease: None,
            },
            13_500,
            120,
            minute,
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
        let refused = decision(Verdict::Refused { oldest: 1_000 }, 60_999, 120, minute);
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

    /// A lease that ended, or whose places ran out, goes back with what it did not use; one
    /// still running stays.
    #[test]
    fn ended_leases_go_back_with_their_unused_places() {
        let now = Instant::now();
        let key = KeyId::from_raw(1);
        let held = |ends: Instant, left: u32| Held {
            lease: Lease {
                places: 10,
                ends_at: 0,
            },
            ends,
            left,
            used: 10,
            oldest_frees: now,
        };
        let mut local = Local::new(now);
        local.leases = vec![
            held(now - Duration::from_millis(1), 4),
            held(now + Duration::from_secs(1), 0),
            held(now + Duration::from_secs(1), 3),
        ];
        let back = local.ended(key, now);
        assert_eq!(back.iter().map(|r| r.unused).collect::<Vec<_>>(), [4, 0]);
        assert_eq!(local.leases.len(), 1);
    }
}
