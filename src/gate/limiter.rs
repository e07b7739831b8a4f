//! The API's rate limit in one server: what memory may decide, and the lane through which the
//! rest is settled in the database for the whole fleet (`gate::ledger`, decided by
//! `gate::policy`).
//!
//! What memory adds, and what it may never do:
//!
//! - **Refusals.** A key found over its limit is refused from memory until its window frees a
//!   place: the database would say the same, and nothing is written.
//! - **Leases.** A key this server alone has been serving, and busily ([`BUSY`]), asks for a lease
//!   with its next request; its places are handed to the key's next requests here until the
//!   lease ends. The lane's job keeps every lease it was granted, whether or not its asker is
//!   still waiting, and every lease goes back with what it did not use: with the key's next
//!   request, or by the sweeper within a sweep of its end; a give-back that fails is sent again
//!   every sweep.
//! - **Counting alone.** While the database answers but refuses writes (its disk is full, it is
//!   read-only), requests are not refused for that: each key is counted by this process alone,
//!   starting from its window as the database holds it, and the process says so in its log and
//!   metrics. A second after the last refusal, requests try the database again; once it takes
//!   writes, the requests counted alone are taken out of memory into the next request's ask
//!   (`carried`), and put back if that ask is not written, so that each is counted once.
//!
//! A request counts once the database decided it, whether or not its client is still there to
//! hear it. When the database cannot be reached at all, requests fail as unavailable (503): the
//! limit is never skipped.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::Duration;

use tokio::time::Instant;

use super::Decision;
use super::ledger::{Failed, Ledger, Settled};
use super::policy::{Ask, LEASE_GRACE_MS, Lease, Returned, Verdict};
use crate::db::DbError;
use crate::db::lane::{Job, Lane, Shape};
use crate::db::versions::Versions;
use crate::ids::KeyId;

/// A request's decision, and when the database decided it, the versions read with it and the
/// database's time (Unix ms); `None` when it was decided from memory (a refusal, a place of a
/// lease, or a count kept alone), at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checked {
    pub decision: Decision,
    pub settled: Option<(Versions, i64)>,
}

/// The most places one lease asks for.
const MOST_LENT: u32 = 1024;

/// The requests of a key in a lease's length that make it busy enough to ask for a lease: below
/// it, giving back the places a lease did not use would cost the database more than the places
/// used saved.
pub const BUSY: u32 = 8;

/// How often the database is tried again while it refuses writes.
const RETRY_REFUSED: Duration = Duration::from_secs(1);

/// What a lease's return waits beyond the lease's end: the sweeper's turn and its write.
const SLACK: Duration = Duration::from_millis(5);

/// How long a lease lasts: short beside the window, so that a lease out delays a refusal by
/// little.
pub fn lease_for(window: Duration) -> Duration {
    (window / 20).clamp(Duration::from_millis(1), Duration::from_millis(50))
}

/// The window in milliseconds, at least one.
pub fn window_ms(window: Duration) -> i64 {
    i64::try_from(window.as_millis()).unwrap_or(i64::MAX).max(1)
}

/// Whole seconds, rounded up: waiting that long is always enough.
pub fn seconds_up(duration: Duration) -> u64 {
    duration.as_secs() + u64::from(duration.subsec_nanos() > 0)
}

fn ms(millis: i64) -> Duration {
    Duration::from_millis(u64::try_from(millis).unwrap_or(0))
}

fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Why a request could not be settled: the database did not answer.
#[derive(Debug, thiserror::Error)]
#[error("cannot settle the rate limit: {0}")]
pub struct Unsettled(#[source] pub DbError);

/// What the lane is asked.
pub enum Question {
    /// Settle one request.
    Settle(Sent),
    /// Give leases back.
    GiveBack(Vec<Returned>),
    /// What is current (Postgres: read with the batch's windows, or alone).
    Versions,
}

/// A request on its way to the database.
#[derive(Debug, Clone)]
pub struct Sent {
    ask: Ask,
    /// Its place is already counted in the key's window kept alone (see [`Limiter::check`]).
    reserved: bool,
    /// When the ask was made (its carried requests' ages are counted from then).
    asked: Instant,
}

/// What it answers.
pub enum Answer {
    Settled(Result<(Verdict, i64, Versions), Arc<DbError>>),
    GivenBack,
    Versions(Result<Versions, Arc<DbError>>),
}

/// The memory of a limiter, shared by the requests and the lane's job.
struct Memory {
    limit: u32,
    window: Duration,
    lease: Duration,
    keys: Mutex<HashMap<KeyId, Local>>,
    /// Leases to give back that no request carried: ended, or whose give-back failed.
    returns: Mutex<Vec<Returned>>,
    /// While the database refuses writes: when to try it again.
    refusing: Mutex<Option<Instant>>,
    counted_alone: AtomicU64,
}

/// What this server knows of one key between the database's verdicts.
#[derive(Debug)]
struct Local {
    /// Refused until then.
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
    /// Requests of the key on their way to the database.
    pending: u32,
}

/// A lease held.
#[derive(Debug, Clone, Copy)]
struct Held {
    lease: Lease,
    /// When it ends here: a lease's length after its batch began, so never after its end by
    /// the database's clock.
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
    /// When each request accepted here that the database has not counted yet was.
    uncounted: Vec<Instant>,
    /// Places taken in advance for requests that were on their way to the database when the
    /// window was made: their verdicts take them instead of adding places.
    owed: u32,
}

impl Alone {
    /// A request on its way to the database when the window was made came back: its place was
    /// taken in advance (true), or it was not.
    fn repaid(&mut self) -> bool {
        let owed = self.owed > 0;
        self.owed = self.owed.saturating_sub(1);
        owed
    }
}

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
        let window = ms(terms.window_ms);
        let memory = Arc::new(Memory {
            limit: terms.limit.max(1),
            window,
            lease: ms(terms.lease_ms),
            keys: Mutex::new(HashMap::new()),
            returns: Mutex::new(Vec::new()),
            refusing: Mutex::new(None),
            counted_alone: AtomicU64::new(0),
        });
        let ledger = Arc::new(ledger);
        let settler = Settler {
            memory: Arc::clone(&memory),
            ledger: Arc::clone(&ledger),
            deadline,
        };
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
                "the rate-limit lane answered another question",
            )),
        }
    }

    /// Accepts or refuses one request of `key`; when the database decides, it also says what
    /// is current, as of a read that began after this call.
    ///
    /// While the key has a window kept alone (the database refused writes, and has not yet been
    /// told of every request counted meanwhile), a request the database is asked about counts in
    /// that window first: the window then holds everything this process let through, and may
    /// refuse at once.
    pub async fn check(&self, key: KeyId) -> Result<Checked, Unsettled> {
        let memory = &self.memory;
        loop {
            let now = Instant::now();
            let (ask, reserved) = {
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
                    (None, true) => (None, false),
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
                        (Some(ask), true)
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
                        (Some(ask), false)
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
            match self.settle(ask, reserved, now).await? {
                Some(checked) => return Ok(checked),
                None => continue,
            }
        }
    }

    /// Asks the lane, waiting for the leases of a full window to come back; `None` when the
    /// database refused the write and the request is to be decided again.
    async fn settle(
        &self,
        mut ask: Ask,
        mut reserved: bool,
        asked: Instant,
    ) -> Result<Option<Checked>, Unsettled> {
        let key = ask.key;
        let give_up = asked + self.memory.lease + ms(LEASE_GRACE_MS) * 2;
        loop {
            let sent = Sent {
                ask,
                reserved,
                asked: Instant::now(),
            };
            let asking = self.lane.ask(Question::Settle(sent));
            let answer = match tokio::time::timeout(self.wait, asking).await {
                Ok(Ok(Answer::Settled(answer))) => answer,
                Ok(Ok(_)) => {
                    let bug = DbError::Bug("the rate-limit lane answered another question");
                    return Err(Unsettled(bug));
                }
                Ok(Err(error)) => return Err(Unsettled(error)),
                // The job keeps what the batch decides, whenever it is done.
                Err(_) => return Err(Unsettled(DbError::TimedOut(self.wait))),
            };
            let (verdict, now, versions) = match answer {
                Ok(settled) => settled,
                // Counted alone from now on (its reserved place, if any, stays counted there).
                Err(error) if error.is_write_refused() => return Ok(None),
                Err(error) => return Err(Unsettled(DbError::Shared(error))),
            };
            let verdict = match verdict {
                Verdict::Lent { until, oldest } if Instant::now() < give_up => {
                    let _ = oldest;
                    let wait = ms(until - now) + self.memory.lease / 2 + SLACK;
                    tokio::time::sleep(wait).await;
                    ask = Ask::one(key);
                    reserved = false;
                    lock(&self.memory.keys)
                        .entry(key)
                        .or_insert_with(|| Local::new(Instant::now()))
                        .pending += 1;
                    continue;
                }
                // A lease that never came back counts as used.
                Verdict::Lent { oldest, .. } => Verdict::Refused { oldest },
                verdict => verdict,
            };
            return Ok(Some(Checked {
                decision: self.memory.decision(verdict, now),
                settled: Some((versions, now)),
            }));
        }
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
            let mut stored = self.stored_window(key).await;
            // The window counts the places of this process's own leases as taken; those not used
            // and not yet given back (the database refuses that too) were never requests.
            let unused: u32 = lock(&memory.returns)
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

    /// The key's window as the database holds it, as times of this process's clock; empty when
    /// it cannot be read.
    async fn stored_window(&self, key: KeyId) -> VecDeque<Instant> {
        let read = tokio::time::timeout(self.wait, self.ledger.window_of(key)).await;
        let (db_now, slots) = match read {
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
            for _ in 0..n.clamp(0, i64::from(self.memory.limit)) {
                taken.push_back(when);
            }
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

impl Memory {
    /// True while the database refuses writes and it is not yet time to try it again. Once it
    /// is, every request tries the database, until a batch is written (and counting alone
    /// ends) or refused again (and it goes on for another second): so no request is counted
    /// alone more than a second after the database last refused a write.
    fn refusing_writes(&self, now: Instant) -> bool {
        lock(&self.refusing).is_some_and(|next_try| next_try > now)
    }

    fn begin_refusing(&self, error: &DbError) {
        let mut refusing = lock(&self.refusing);
        if refusing.is_none() {
            tracing::warn!(%error, "the database refuses writes: API requests are counted by this process alone until it takes them again");
        }
        *refusing = Some(Instant::now() + RETRY_REFUSED);
    }

    fn end_refusing(&self) {
        if lock(&self.refusing).take().is_some() {
            tracing::warn!(
                "the database takes writes again: API requests are counted in it for the fleet"
            );
        }
    }

    /// The decision for a verdict of the database's time `now`; a lease's places are not yet
    /// used, so they count as remaining.
    fn decision(&self, verdict: Verdict, now: i64) -> Decision {
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
    fn settled(&self, sent: &[Sent], settled: &Settled, began: Instant) {
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
    fn failed(&self, sent: Vec<Sent>, gives: Vec<Returned>, maybe_lent: Option<Vec<Returned>>) {
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

    /// Decides by the key's window kept alone; a request let through takes a place there, and
    /// is `uncounted` unless the database is about to be asked about it too.
    fn decide_alone(&self, local: &mut Local, now: Instant, uncounted: bool) -> Checked {
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
    fn new(now: Instant) -> Local {
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
            && self.pending == 0
            && self.alone.is_none()
            && self.refused_until.is_none_or(|until| until <= now)
            && now.duration_since(self.period) > lease * 2
    }
}

/// The lane's job: settles batches in the database and keeps what they decided in memory,
/// whether or not their askers still wait.
pub struct Settler {
    memory: Arc<Memory>,
    ledger: Arc<Ledger>,
    /// What a batch may take for the database's turn and lock.
    deadline: Duration,
}

impl Job for Settler {
    type Question = Question;
    type Answer = Answer;

    async fn run(&self, questions: Vec<Question>) -> Vec<Answer> {
        let began = Instant::now();
        let mut sent = Vec::new();
        let mut gives = Vec::new();
        for question in &questions {
            match question {
                Question::Settle(one) => sent.push(one.clone()),
                Question::GiveBack(returned) => gives.extend_from_slice(returned),
                Question::Versions => {}
            }
        }
        if sent.is_empty() && gives.is_empty() {
            let read = self.ledger.versions().await.map_err(Arc::new);
            return questions
                .iter()
                .map(|_| Answer::Versions(read.clone()))
                .collect();
        }
        let outcome = self
            .ledger
            .settle(
                sent.iter().map(|s| s.ask.clone()).collect(),
                gives.clone(),
                began + self.deadline,
            )
            .await;
        let outcome = match outcome {
            Ok(settled) => {
                self.memory.end_refusing();
                self.memory.settled(&sent, &settled, began);
                Ok(settled)
            }
            Err(Failed { error, maybe_lent }) => {
                if error.is_write_refused() {
                    self.memory.begin_refusing(&error);
                }
                self.memory.failed(sent, gives, maybe_lent);
                Err(Arc::new(error))
            }
        };
        let mut verdicts = outcome
            .as_ref()
            .map(|s| s.verdicts.clone().into_iter())
            .ok();
        questions
            .into_iter()
            .map(|question| match (question, &outcome) {
                (Question::Settle(_), Ok(settled)) => match verdicts
                    .as_mut()
                    .and_then(Iterator::next)
                {
                    Some((verdict, now)) => Answer::Settled(Ok((verdict, now, settled.versions))),
                    None => Answer::Settled(Err(Arc::new(DbError::Bug(
                        "a batch decided fewer requests than it held",
                    )))),
                },
                (Question::Settle(_), Err(error)) => Answer::Settled(Err(Arc::clone(error))),
                (Question::GiveBack(_), _) => Answer::GivenBack,
                (Question::Versions, Ok(settled)) => Answer::Versions(Ok(settled.versions)),
                (Question::Versions, Err(error)) => Answer::Versions(Err(Arc::clone(error))),
            })
            .collect()
    }

    /// A request gone before its batch began takes nothing: what it carried is kept for the
    /// next.
    fn dropped(&self, question: Question) {
        match question {
            Question::Settle(sent) => self.memory.failed(vec![sent], Vec::new(), None),
            Question::GiveBack(returned) => self.memory.failed(Vec::new(), returned, None),
            Question::Versions => {}
        }
    }
}

/// Every half lease until the limiter is gone: gives back the leases that ended with no request
/// of their key to carry them, and every give-back that failed before; forgets idle keys.
async fn sweep(memory: Weak<Memory>, lane: Weak<Lane<Settler>>, wait: Duration) {
    loop {
        let (Some(memory), Some(lane)) = (memory.upgrade(), lane.upgrade()) else {
            return;
        };
        let every = (memory.lease / 2).max(Duration::from_millis(1));
        let now = Instant::now();
        let mut returned = std::mem::take(&mut *lock(&memory.returns));
        {
            let mut keys = lock(&memory.keys);
            for (key, local) in keys.iter_mut() {
                returned.extend(local.ended(*key, now));
            }
            keys.retain(|_, local| !local.idle(now, memory.lease));
        }
        if !returned.is_empty() {
            // A give-back that fails is put back by the job, for the next sweep.
            let _ = tokio::time::timeout(wait, lane.ask(Question::GiveBack(returned))).await;
        }
        drop((memory, lane));
        tokio::time::sleep(every).await;
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
