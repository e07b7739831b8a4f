//! The API's rate limit in one server: a request is decided from memory where memory may
//! (`gate::memory`), and otherwise asked of the database through the lane (`gate::settler`),
//! which settles it for the whole fleet (`gate::ledger`, decided by `gate::policy`).
//!
//! A request counts once the database decided it, whether or not its client is still there to
//! hear it. When the database cannot be reached at all, requests fail as unavailable (503): the
//! limit is never skipped.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use tokio::time::Instant;

use super::Decision;
use super::ledger::{Ledger, LedgerTimes};
use super::memory::Sent;
use super::memory::{Alone, Local, Memory, counts_alone_after, lock, millis, ms};
use super::policy::{Ask, Checked, LEASE_GRACE_MS, Verdict};
use super::settler::{Answer, Question, Settler, sweep};
use crate::db::DbError;
use crate::db::lane::{Lane, LaneTimes, Shape};
use crate::db::versions::Versions;
use crate::ids::KeyId;

/// The most places one lease asks for.
const MOST_LENT: u32 = 1024;

/// The requests of a key in a lease's length that make it busy enough to ask for a lease: below
/// it, giving back the places a lease did not use would cost the database more than the places
/// used saved.
pub const BUSY: u32 = 8;

/// What a lease's return waits beyond the lease's end: the sweeper's turn and its write.
const SLACK: Duration = Duration::from_millis(5);

/// How long a lease lasts: short beside the window, so that a lease out delays a refusal by
/// little.
pub fn lease_for(window: Duration) -> Duration {
    (window / 20).clamp(Duration::from_millis(1), Duration::from_millis(50))
}

/// What comes of asking the database about a request.
enum Next {
    Decided(Checked),
    /// The database refused the write: decide the request again (alone, now).
    Again,
    /// The window is lent: decide it again after this wait.
    After(Duration),
}

/// Why a request could not be settled: the database did not answer.
#[derive(Debug, thiserror::Error)]
#[error("cannot settle the rate limit: {0}")]
pub struct Unsettled(#[source] pub DbError);

/// The rate limit of one server.
pub struct Limiter {
    memory: Arc<Memory>,
    lane: Arc<Lane<Settler>>,
    ledger: Arc<Ledger>,
    /// How long a request waits for the database's verdict.
    wait: Duration,
}

impl Limiter {
    /// A limiter of `limit` requests per `window`, settled through `ledger` in batches of
    /// `shape`, each given `deadline` for the database; a request waits at most `wait` for its
    /// verdict. Starts the lane and the sweeper on the current tokio runtime.
    pub fn new(ledger: Ledger, shape: Shape, deadline: Duration, wait: Duration) -> Limiter {
        let terms = ledger.terms();
        let memory = Arc::new(Memory::new(
            terms.limit,
            ms(terms.window_ms),
            ms(terms.lease_ms),
        ));
        let ledger = Arc::new(ledger);
        let settler = Settler::new(Arc::clone(&memory), Arc::clone(&ledger), deadline);
        let lane = Arc::new(Lane::start("rate-limit lane", settler, shape));
        tokio::spawn(sweep(Arc::downgrade(&memory), Arc::downgrade(&lane), wait));
        Limiter {
            memory,
            lane,
            ledger,
            wait,
        }
    }

    pub fn limit(&self) -> u32 {
        self.memory.limit
    }

    /// True while the database refuses writes and requests are counted by this process alone.
    pub fn counting_alone(&self) -> bool {
        lock(&self.memory.refusing).is_some()
    }

    /// What the lane's questions and batches, and the ledger's steps, took so far.
    pub fn times(&self) -> (&LaneTimes, &LedgerTimes) {
        (self.lane.times(), self.ledger.times())
    }

    /// How many requests were decided by this process alone since it started.
    pub fn counted_alone(&self) -> u64 {
        self.memory.counted_alone.load(Ordering::Relaxed)
    }

    /// What is current, asked through the lane (Postgres, where a batch reads it with its
    /// windows).
    pub async fn versions(&self) -> Result<Versions, DbError> {
        match self.lane.ask(Question::Versions).await? {
            Answer::Versions(read) => read.map_err(DbError::Shared),
            _ => Err(DbError::Bug(
                "the rate-limit lane answered another question".into(),
            )),
        }
    }

    /// Takes this server out of the database's list of servers present (when it stops).
    pub async fn leave(&self) {
        self.ledger.leave().await;
    }

    /// What is current, read at once outside any batch (SQLite, where the read takes no turn).
    pub async fn versions_read_alone(&self) -> Result<Versions, DbError> {
        self.ledger.versions().await
    }

    /// Accepts or refuses one request of `key`; when the database decides, it also says what
    /// is current, as of a read that began after this call.
    ///
    /// While the key has a window kept alone (the database refused writes, and has not yet been
    /// told of every request counted meanwhile), a request the database is asked about counts in
    /// that window first: the window then holds everything this process let through, and may
    /// refuse at once.
    ///
    /// A request told that its key's window is full but partly lent waits for the lease to come
    /// back and is decided again, as if it had just come (a lease that never comes back counts
    /// as used).
    pub async fn check(&self, key: KeyId) -> Result<Checked, Unsettled> {
        let memory = &self.memory;
        let give_up = Instant::now() + memory.lease + ms(LEASE_GRACE_MS) * 2;
        loop {
            let now = Instant::now();
            // `held`: the decision already made for a request whose place is reserved in the
            // key's window kept alone, should the database refuse its write again.
            let (ask, held) = {
                let mut keys = lock(&memory.keys);
                let local = keys.entry(key).or_insert_with(|| Local::new(now));
                if let Some(decision) = local.decide_in_memory(memory.limit, memory.lease, now) {
                    return Ok(Checked {
                        decision,
                        settled: None,
                    });
                }
                let refusing = memory.refusing_writes(now);
                match (&mut local.alone, refusing) {
                    (Some(_), true) => return Ok(memory.decide_alone(local, now, true)),
                    (None, true) => (None, None),
                    (Some(_), false) => {
                        let checked = memory.decide_alone(local, now, false);
                        if matches!(checked.decision, Decision::Limited { .. }) {
                            return Ok(checked);
                        }
                        let back = local.ended(key, now);
                        let carried = local
                            .alone
                            .as_mut()
                            .map(|alone| std::mem::take(&mut alone.uncounted))
                            .unwrap_or_default()
                            .into_iter()
                            .map(|at| millis(now.saturating_duration_since(at)))
                            .collect();
                        let ask = Ask {
                            back,
                            carried,
                            ..Ask::one(key)
                        };
                        local.pending += 1;
                        (Some(ask), Some((checked.decision, now)))
                    }
                    (None, false) => {
                        // Leases that ended go back with this request, before it is decided.
                        let back = local.ended(key, now);
                        let want = if !local.asking && local.recent >= BUSY {
                            local.asking = true;
                            (local.recent + local.recent / 2).min(MOST_LENT)
                        } else {
                            1
                        };
                        let ask = Ask {
                            want,
                            back,
                            ..Ask::one(key)
                        };
                        local.pending += 1;
                        (Some(ask), None)
                    }
                }
            };
            let Some(ask) = ask else {
                // This key's first request since the database began refusing writes.
                match self.count_alone(key).await {
                    Some(checked) => return Ok(checked),
                    None => continue,
                }
            };
            // However the request ends (a client that hangs up drops it), the key may ask again.
            let _asking = (ask.want > 1).then_some(Asking { memory, key });
            match self.settle(ask, held.is_some(), give_up).await? {
                Next::Decided(checked) => return Ok(checked),
                // Its place is already taken in the window kept alone: it is let through as
                // decided there, and told to the database with the others counted alone,
                // instead of being decided (and counted) a second time.
                Next::Again => {
                    if let Some((decision, at)) = held
                        && memory.accepted_alone(key, at)
                    {
                        return Ok(Checked {
                            decision,
                            settled: None,
                        });
                    }
                }
                Next::After(wait) => tokio::time::sleep(wait).await,
            }
        }
    }

    /// Asks the lane.
    async fn settle(&self, ask: Ask, reserved: bool, give_up: Instant) -> Result<Next, Unsettled> {
        let sent = Sent {
            ask,
            reserved,
            asked: Instant::now(),
        };
        let asking = self.lane.ask(Question::Settle(sent));
        let answer = match tokio::time::timeout(self.wait, asking).await {
            Ok(Ok(Answer::Settled(answer))) => answer,
            Ok(Ok(_)) => {
                let bug = DbError::Bug("the rate-limit lane answered another question".into());
                return Err(Unsettled(bug));
            }
            Ok(Err(error)) => return Err(Unsettled(error)),
            // The job keeps what the batch decides, whenever it is done.
            Err(_) => return Err(Unsettled(DbError::TimedOut(self.wait))),
        };
        let (verdict, now, versions) = match answer {
            Ok(settled) => settled,
            // Counted alone from now on (its reserved place, if any, stays counted there).
            Err(error) if counts_alone_after(&error) => return Ok(Next::Again),
            Err(error) => return Err(Unsettled(DbError::Shared(error))),
        };
        let verdict = match verdict {
            Verdict::Lent { until, .. } if Instant::now() < give_up => {
                return Ok(Next::After(ms(until - now) + self.memory.lease / 2 + SLACK));
            }
            // A lease that never came back counts as used.
            Verdict::Lent { oldest, .. } => Verdict::Refused { oldest },
            verdict => verdict,
        };
        Ok(Next::Decided(Checked {
            decision: self.memory.decision(verdict, now),
            settled: Some((versions, now)),
        }))
    }

    /// Decides a request of `key` by this process's own count, which starts from the window the
    /// database holds (read without writing); `None` when the database took writes again
    /// meanwhile, and the request is to be decided there.
    async fn count_alone(&self, key: KeyId) -> Option<Checked> {
        let memory = &self.memory;
        let needs_window = lock(&memory.keys)
            .get(&key)
            .is_none_or(|local| local.alone.is_none());
        let stored = if needs_window {
            self.stored_window(key).await
        } else {
            VecDeque::new()
        };
        let now = Instant::now();
        let mut keys = lock(&memory.keys);
        // Checked under the keys' lock, which a written batch takes after it ends the refusal:
        // either the batch finds this window and counts its own requests in it, or this
        // request finds the refusal over and goes to the database.
        if lock(&memory.refusing).is_none() {
            return None;
        }
        let local = keys.entry(key).or_insert_with(|| Local::new(now));
        if local.alone.is_none() {
            // Requests on their way to the database may be let through there: their places are
            // taken here in advance.
            let mut taken = stored;
            taken.extend((0..local.pending).map(|_| now));
            local.alone = Some(Alone {
                taken,
                uncounted: Vec::new(),
                owed: local.pending,
            });
        }
        Some(memory.decide_alone(local, now, true))
    }

    /// The key's window as the database holds it, as times of this process's clock, less the
    /// places of this process's own leases it did not use (still in the database, waiting to
    /// go back, which were never requests); empty when it cannot be read.
    async fn stored_window(&self, key: KeyId) -> VecDeque<Instant> {
        let read = tokio::time::timeout(self.wait, self.ledger.window_of(key)).await;
        let stored = match read {
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
        for (at, n) in stored.stamps {
            let when = if at <= stored.now {
                here.checked_sub(ms(stored.now - at)).unwrap_or(here)
            } else {
                here + ms(at - stored.now)
            };
            for _ in 0..n.clamp(0, i64::from(self.memory.limit)) {
                taken.push_back(when);
            }
        }
        let unused: u32 = lock(&self.memory.returns)
            .iter()
            .filter(|r| r.key == key && stored.leases.contains(&r.lease.id))
            .map(|r| r.unused)
            .sum();
        for _ in 0..unused {
            taken.pop_back();
        }
        taken
    }
}

/// A request of the key asking for a lease; when it ends, the next may ask.
struct Asking<'a> {
    memory: &'a Memory,
    key: KeyId,
}

impl Drop for Asking<'_> {
    fn drop(&mut self) {
        if let Some(local) = lock(&self.memory.keys).get_mut(&self.key) {
            local.asking = false;
        }
    }
}
