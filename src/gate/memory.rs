//! What one server's memory knows of the rate limit between the database's verdicts, and what
//! it may decide alone:
//!
//! - **Refusals.** A key found over its limit is refused from memory until its window frees a
//!   place: the database would say the same, and nothing is written.
//! - **Leases.** The places of a lease lent to this server are handed to the key's next requests
//!   until the lease ends; every lease goes back with what it did not use.
//! - **Counting alone.** While the database answers but refuses writes (or, on SQLite, another
//!   process holds its write lock and no other server shares the database), each key is counted by
//!   this process alone, starting from its window as the database holds it; the requests counted
//!   so are told to the database once it takes writes again, each stamped when it was accepted,
//!   and kept to be told again if that write fails.
//!
//! Never asks the database anything: the limiter and the settler bring it what the database
//! said.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::time::Instant;

use super::Decision;
use super::ledger::Settled;
use super::policy::{Ask, Checked, Lease, Returned, Verdict, seconds_up, window_ms};
use crate::db::DbError;
use crate::ids::KeyId;

/// A request on its way to the database.
#[derive(Debug, Clone)]
pub struct Sent {
    pub(super) ask: Ask,
    /// Its place is already counted in the key's window kept alone (see `Limiter::check`).
    pub(super) reserved: bool,
    /// When the ask was made (its carried requests' ages are counted from then).
    pub(super) asked: Instant,
}

/// True when a batch that failed with `error` leaves its requests to be counted by this process
/// alone: the database refuses writes, or another process held SQLite's write lock while this
/// server is the only one on the database (`gate::ledger` says busy only then).
pub(super) fn counts_alone_after(error: &DbError) -> bool {
    error.is_write_refused() || error.is_busy()
}

/// How often the database is tried again while it refuses writes.
const RETRY_REFUSED: Duration = Duration::from_secs(1);

pub(super) fn ms(millis: i64) -> Duration {
    Duration::from_millis(u64::try_from(millis).unwrap_or(0))
}

pub(super) fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

pub(super) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The memory of a limiter, shared by the requests and the lane's job.
pub(super) struct Memory {
    pub(super) limit: u32,
    pub(super) window: Duration,
    pub(super) lease: Duration,
    pub(super) keys: Mutex<HashMap<KeyId, Local>>,
    /// Leases to give back that no request carried: ended, or whose give-back failed.
    pub(super) returns: Mutex<Vec<Returned>>,
    /// While the database refuses writes: when to try it again.
    pub(super) refusing: Mutex<Option<Instant>>,
    pub(super) counted_alone: AtomicU64,
}

/// What this server knows of one key between the database's verdicts.
#[derive(Debug)]
pub(super) struct Local {
    /// Refused until then.
    pub(super) refused_until: Option<Instant>,
    pub(super) leases: Vec<Held>,
    /// A request of the key is asking the database for a lease.
    pub(super) asking: bool,
    /// Requests seen since `period` began, and in the period of a lease's length before.
    pub(super) seen: u32,
    pub(super) recent: u32,
    pub(super) period: Instant,
    /// The key's window as this process alone counts it, while the database refuses writes
    /// (and after, until the database has been told).
    pub(super) alone: Option<Alone>,
    /// Requests of the key on their way to the database.
    pub(super) pending: u32,
}

/// A lease held.
#[derive(Debug, Clone, Copy)]
pub(super) struct Held {
    pub(super) lease: Lease,
    /// When it ends here: a lease's length after its batch began, so never after its end by
    /// the database's clock.
    pub(super) ends: Instant,
    pub(super) left: u32,
    /// The window's count when it was granted, its places included.
    pub(super) used: u32,
    /// When the window's oldest place frees.
    pub(super) oldest_frees: Instant,
}

/// A key's window counted by this process alone.
#[derive(Debug, Default)]
pub(super) struct Alone {
    /// When each place in the window was taken (the database's, then this process's).
    pub(super) taken: VecDeque<Instant>,
    /// When each request accepted here that the database has not counted yet was.
    pub(super) uncounted: Vec<Instant>,
    /// Places taken in advance for requests that were on their way to the database when the
    /// window was made: their verdicts take them instead of adding places.
    pub(super) owed: u32,
}

impl Alone {
    /// A request on its way to the database when the window was made came back: its place was
    /// taken in advance (true), or it was not.
    pub(super) fn repaid(&mut self) -> bool {
        let owed = self.owed > 0;
        self.owed = self.owed.saturating_sub(1);
        owed
    }
}

impl Memory {
    /// The memory of a limiter of `limit` requests per `window`, with leases of `lease`.
    pub(super) fn new(limit: u32, window: Duration, lease: Duration) -> Memory {
        Memory {
            limit: limit.max(1),
            window,
            lease,
            keys: Mutex::new(HashMap::new()),
            returns: Mutex::new(Vec::new()),
            refusing: Mutex::new(None),
            counted_alone: AtomicU64::new(0),
        }
    }

    /// True while the database refuses writes and it is not yet time to try it again. Once it
    /// is, every request tries the database, until a batch is written (and counting alone
    /// ends) or refused again (and it goes on for another second): so no request is counted
    /// alone more than a second after the database last refused a write.
    pub(super) fn refusing_writes(&self, now: Instant) -> bool {
        lock(&self.refusing).is_some_and(|next_try| next_try > now)
    }

    pub(super) fn begin_refusing(&self, error: &DbError) {
        let mut refusing = lock(&self.refusing);
        if refusing.is_none() {
            if error.is_busy() {
                tracing::warn!(%error, "another writer holds the database's write lock: API requests are counted by this process alone until it lets go");
            } else {
                tracing::warn!(%error, "the database refuses writes: API requests are counted by this process alone until it takes them again");
            }
        }
        *refusing = Some(Instant::now() + RETRY_REFUSED);
    }

    pub(super) fn end_refusing(&self) {
        if lock(&self.refusing).take().is_some() {
            tracing::warn!(
                "the database takes writes again: API requests are counted in it for the fleet"
            );
        }
    }

    /// The decision for a verdict of the database's time `now`; a lease's places are not yet
    /// used, so they count as remaining.
    pub(super) fn decision(&self, verdict: Verdict, now: i64) -> Decision {
        let limit = self.limit;
        let until_frees = |oldest: i64| ms(oldest + window_ms(self.window) - now);
        match verdict {
            Verdict::Accepted {
                used,
                oldest,
                lease,
            } => Decision::Allowed {
                limit,
                remaining: limit
                    .saturating_sub(used)
                    .saturating_add(lease.map_or(0, |l| l.places)),
                reset: seconds_up(until_frees(oldest)),
            },
            Verdict::Refused { oldest } | Verdict::Lent { oldest, .. } => Decision::Limited {
                limit,
                retry_after: seconds_up(until_frees(oldest)).max(1),
            },
        }
    }

    /// Keeps what a written batch decided: the leases lent, the refusals, the requests counted
    /// alone now told; the batch began at `began`. `reserved` says which asks' places are
    /// already in their key's window kept alone.
    pub(super) fn settled(&self, sent: &[Sent], settled: &Settled, began: Instant) {
        let received = Instant::now();
        let refusing = lock(&self.refusing).is_some();
        let mut keys = lock(&self.keys);
        for (Sent { ask, reserved, .. }, &(verdict, now)) in sent.iter().zip(&settled.verdicts) {
            let until_frees = |oldest: i64| ms(oldest + window_ms(self.window) - now);
            let local = keys.entry(ask.key).or_insert_with(|| Local::new(received));
            local.pending = local.pending.saturating_sub(1);
            let taken_before = match &mut local.alone {
                Some(alone) => *reserved || alone.repaid(),
                None => true,
            };
            match verdict {
                Verdict::Accepted {
                    used,
                    oldest,
                    lease,
                } => {
                    if let Some(alone) = &mut local.alone {
                        // Places taken while this process still counts the key alone.
                        let places = u32::from(!taken_before) + lease.map_or(0, |l| l.places);
                        alone.taken.extend((0..places).map(|_| received));
                    }
                    if let Some(lease) = lease {
                        local.leases.push(Held {
                            lease,
                            ends: began + self.lease,
                            left: lease.places,
                            used,
                            oldest_frees: received + until_frees(oldest),
                        });
                    }
                }
                Verdict::Refused { oldest } => {
                    local.refused_until = Some(received + until_frees(oldest));
                }
                Verdict::Lent { .. } => {}
            }
            if !refusing && local.alone.as_ref().is_some_and(|a| a.uncounted.is_empty()) {
                local.alone = None;
            }
        }
    }

    /// Keeps what a failed batch leaves to do: requests counted alone are put back to be told
    /// again (if the batch may have been written, they may then be counted twice: fewer requests
    /// let through, never more), and every lease it gave back or may have lent goes to the
    /// sweeper (a lease given back twice gives nothing the second time).
    pub(super) fn failed(
        &self,
        sent: Vec<Sent>,
        gives: Vec<Returned>,
        maybe_lent: Option<Vec<Returned>>,
    ) {
        let now = Instant::now();
        let mut returns = lock(&self.returns);
        {
            let mut keys = lock(&self.keys);
            for Sent {
                ask,
                reserved,
                asked,
            } in sent
            {
                let local = keys.entry(ask.key).or_insert_with(|| Local::new(now));
                local.pending = local.pending.saturating_sub(1);
                if let Some(alone) = &mut local.alone
                    && !reserved
                {
                    alone.repaid();
                }
                if !ask.carried.is_empty() {
                    let alone = local.alone.get_or_insert_with(Alone::default);
                    alone
                        .uncounted
                        .extend(ask.carried.iter().map(|&age| asked - ms(age)));
                }
                returns.extend(ask.back);
            }
        }
        returns.extend(gives);
        returns.extend(maybe_lent.into_iter().flatten());
    }

    /// A request whose place was reserved in the key's window kept alone at `at`, and whose
    /// write the database then refused, is let through as counted alone: true, unless the
    /// window is gone (the database took writes meanwhile, and the request is to be decided
    /// there again).
    pub(super) fn accepted_alone(&self, key: KeyId, at: Instant) -> bool {
        let mut keys = lock(&self.keys);
        let Some(alone) = keys.get_mut(&key).and_then(|local| local.alone.as_mut()) else {
            return false;
        };
        alone.uncounted.push(at);
        self.counted_alone.fetch_add(1, Ordering::Relaxed);
        true
    }

    /// Decides by the key's window kept alone; a request let through takes a place there, and
    /// is `uncounted` unless the database is about to be asked about it too.
    pub(super) fn decide_alone(&self, local: &mut Local, now: Instant, uncounted: bool) -> Checked {
        if uncounted {
            self.counted_alone.fetch_add(1, Ordering::Relaxed);
        }
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
            if uncounted {
                alone.uncounted.push(now);
            }
            Decision::Allowed {
                limit: self.limit,
                remaining: self.limit.saturating_sub(alone.taken.len() as u32),
                reset: seconds_up(frees(&alone.taken)),
            }
        };
        Checked {
            decision,
            settled: None,
        }
    }
}

impl Local {
    pub(super) fn new(now: Instant) -> Local {
        Local {
            refused_until: None,
            leases: Vec::new(),
            asking: false,
            seen: 0,
            recent: 0,
            period: now,
            alone: None,
            pending: 0,
        }
    }

    /// The decision memory can make: refused while the window is known full, or a place of a
    /// lease still running.
    pub(super) fn decide_in_memory(
        &mut self,
        limit: u32,
        lease: Duration,
        now: Instant,
    ) -> Option<Decision> {
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
    pub(super) fn ended(&mut self, key: KeyId, now: Instant) -> Vec<Returned> {
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
    pub(super) fn idle(&self, now: Instant, lease: Duration) -> bool {
        self.leases.is_empty()
            && !self.asking
            && self.pending == 0
            && self.alone.is_none()
            && self.refused_until.is_none_or(|until| until <= now)
            && now.duration_since(self.period) > lease * 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lease that ended, or whose places ran out, goes back with what it did not use; one
    /// still running stays.
    #[test]
    fn ended_leases_go_back_with_their_unused_places() {
        let now = Instant::now();
        let key = KeyId::from_raw(1);
        let held = |ends: Instant, left: u32| Held {
            lease: Lease {
                id: 1,
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
