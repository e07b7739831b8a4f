//! The delivery loop: claim what can be sent now, sign each attempt afresh, send, record the
//! attempt and schedule the next one.
//!
//! Owns claims and their leases, concurrency (in all and per address), the order of first
//! attempts, the idle poll, draining on shutdown. A claim takes only what the loop can start,
//! dealt fairly between the addresses with deliveries that may go (`flight`), so one slow
//! address holds back no other. An address's first attempts are claimed as a run in event order
//! and sent one after another by one task, each only once the one before it has ended, so a
//! receiver gets them in event order; retries go as they fall due, beside them. Leases are on
//! the database's clock and renewed while the loop holds them; a run cut short (shutdown, an
//! address gone) gives back what it did not send. One attempt's path is in `attempt`. It never
//! prints: every attempt is handed to the caller as a [`Report`].

mod attempt;
mod flight;
mod times;

pub use times::LoopTimes;

use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::sync::mpsc;
use tokio::task::JoinSet;

use crate::db::deliveries::{self, ClaimedRow, NextState};
use crate::db::lane::{self, Lane, Shape};
use crate::db::{Db, DbError, clock, hooks};
use crate::domain::{DisabledReason, Trigger};
use crate::ids::{DeliveryId, EventId, HookId};
use crate::timestamp;

use super::client::{Outcome, Sender};
use flight::Flight;

/// How long a claim lasts unless renewed: it counts from when the request starts, and is renewed
/// every third of it while the request runs, so only a loop that died (or lost the database for
/// that long) lets another take its deliveries.
pub const DEFAULT_LEASE: Duration = Duration::from_secs(60);
/// How often an idle dispatcher looks for new work.
pub const DEFAULT_IDLE_POLL: Duration = Duration::from_millis(50);
/// Most requests one address has in flight from one loop.
pub const PER_ADDRESS: usize = 32;
/// Most first attempts to one address one claim takes, to send one after another.
pub const RUN: usize = 32;
/// A run claims what follows once this many of what it holds are left to send: early enough
/// that the claim (a write, which waits its turn beside the API's writers) is done before the
/// run has sent them, so an address with a backlog is sent to without a pause.
const CLAIM_AHEAD: usize = RUN / 2;
/// An address whose every attempt failed for this long is disabled (the default of
/// `--disable-after`).
pub const DEFAULT_DISABLE_AFTER: Duration = Duration::from_secs(5 * 24 * 3600);
/// Who the audit log names for an address the delivery loop disabled.
pub const ACTOR: &str = "tourney delivery";

#[derive(Debug, Clone)]
pub struct DispatchOptions {
    /// Requests in flight at once, in total.
    pub concurrency: usize,
    /// Requests in flight at once to one address.
    pub per_address: usize,
    pub retry_delays: Vec<Duration>,
    pub lease: Duration,
    pub idle_poll: Duration,
    /// Disable an address whose every attempt failed for this long.
    pub disable_after: Duration,
}

impl DispatchOptions {
    pub fn new(concurrency: usize, retry_delays: Vec<Duration>) -> DispatchOptions {
        let concurrency = concurrency.max(1);
        DispatchOptions {
            concurrency,
            per_address: concurrency.min(PER_ADDRESS),
            retry_delays,
            lease: DEFAULT_LEASE,
            idle_poll: DEFAULT_IDLE_POLL,
            disable_after: DEFAULT_DISABLE_AFTER,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DispatchError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("no random numbers for a claim token: {0}")]
    Random(getrandom::Error),
}

/// A claimed delivery, ready to send.
#[derive(Debug, Clone)]
pub struct Job {
    pub row: ClaimedRow,
    /// Unexpired secrets of the hook, newest first.
    pub secrets: Vec<String>,
    pub token: String,
}

/// One attempt, as it ended.
#[derive(Debug, Clone)]
pub struct Report {
    pub delivery_id: DeliveryId,
    pub event_id: EventId,
    pub hook_id: HookId,
    pub url: String,
    pub trigger: Trigger,
    /// The attempt's number, or `None` when the claim was lost before it could be recorded.
    pub attempt: Option<i64>,
    pub outcome: Outcome,
    /// What the delivery became, when the attempt was recorded.
    pub next: Option<NextState>,
    /// The address was disabled after this attempt, and why.
    pub disabled: Option<DisabledReason>,
}

/// What a run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub succeeded: u64,
    pub failed: u64,
    pub lost: u64,
    pub errors: u64,
}

/// Cheap to clone: clones share what is in flight.
#[derive(Clone)]
pub struct Dispatcher {
    db: Db,
    sender: Sender,
    options: Arc<DispatchOptions>,
    flight: Arc<Mutex<Flight>>,
    times: Arc<LoopTimes>,
}

/// Whether a run stops when nothing is due or waits for more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Deliver what is due at the start, then return.
    Once,
    /// Keep delivering until the shutdown future completes, then drain.
    Forever,
}

pub fn new_token() -> Result<String, DispatchError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(DispatchError::Random)?;
    Ok(hex::encode(bytes))
}

impl Dispatcher {
    pub fn new(db: Db, sender: Sender, options: DispatchOptions) -> Dispatcher {
        Dispatcher {
            db,
            sender,
            options: Arc::new(options),
            flight: Arc::default(),
            times: Arc::default(),
        }
    }

    /// This loop (its options, client and times, what it has in flight) on another handle to
    /// the same database: [`Db::beside`], for a loop on a runtime of its own.
    pub fn on(self, db: Db) -> Dispatcher {
        Dispatcher { db, ..self }
    }

    /// What the loop's steps took so far (shared by its clones), for `/metrics`.
    pub fn times(&self) -> Arc<LoopTimes> {
        Arc::clone(&self.times)
    }

    /// How long a claim lasts unless renewed.
    pub fn lease(&self) -> Duration {
        self.options.lease
    }

    fn lease_ms(&self) -> i64 {
        i64::try_from(self.options.lease.as_millis()).unwrap_or(i64::MAX)
    }

    fn flight(&self) -> MutexGuard<'_, Flight> {
        self.flight.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Claims what this loop can start now of the deliveries that may go at `due_by` (the
    /// database's time now when `None`), fairly between their addresses, and loads them: each
    /// address's first attempts as one run in event order, its retries one by one.
    pub async fn claim(&self, due_by: Option<i64>) -> Result<Claimed, DispatchError> {
        let free = self
            .options
            .concurrency
            .saturating_sub(self.flight().total());
        if free == 0 {
            return Ok(Claimed::default());
        }
        let per_address = self.options.per_address.max(1);
        let most = i64::try_from(per_address.max(RUN)).unwrap_or(i64::MAX);
        // Read first: a loop with nothing to do looks without writing, so that it never takes
        // the database's write turn from the requests and writers beside it.
        let (due_by, due) = {
            let mut handle = self.db.acquire().await?;
            let due_by = match due_by {
                Some(at) => at,
                None => clock::now_ms(handle.conn()).await?,
            };
            if !deliveries::any_due(handle.conn(), due_by).await? {
                return Ok(Claimed::default());
            }
            (
                due_by,
                deliveries::due_by_address(handle.conn(), due_by, most).await?,
            )
        };
        let shares = self.flight().share(&due, free, per_address);
        if shares.is_empty() {
            return Ok(Claimed::default());
        }
        let started = std::time::Instant::now();
        let token = new_token()?;
        // A claim writes, so it takes its turn with the process's other writers; each address's
        // claim takes only what may still go and is unclaimed.
        let mut tx = self.db.begin().await?;
        let mut claimed = 0;
        let run = i64::try_from(RUN).unwrap_or(i64::MAX);
        for (hook_id, share) in shares {
            if share.run {
                claimed += deliveries::claim_in_order(
                    tx.conn(),
                    &token,
                    &token,
                    hook_id,
                    due_by,
                    self.lease_ms(),
                    run,
                )
                .await?
                .len();
            }
            if share.retries > 0 {
                claimed += deliveries::claim_retries(
                    tx.conn(),
                    &token,
                    hook_id,
                    due_by,
                    self.lease_ms(),
                    i64::try_from(share.retries).unwrap_or(i64::MAX),
                )
                .await?
                .len();
            }
        }
        tx.commit().await?;
        if claimed == 0 {
            return Ok(Claimed::default());
        }
        let loaded = Claimed::of(self.load(&token).await?);
        self.times.claim.record(started.elapsed());
        Ok(loaded)
    }

    /// The deliveries claimed under `token`, with their secrets.
    pub async fn load(&self, token: &str) -> Result<Vec<Job>, DispatchError> {
        let mut handle = self.db.acquire().await?;
        let rows = deliveries::claimed(handle.conn(), token).await?;
        let secrets = hooks::secrets_for_claim(handle.conn(), token, timestamp::now_ms()).await?;
        Ok(rows
            .into_iter()
            .map(|row| Job {
                secrets: secrets
                    .iter()
                    .filter(|(hook, _)| *hook == row.hook_id)
                    .map(|(_, secret)| secret.clone())
                    .collect(),
                row,
                token: token.to_owned(),
            })
            .collect())
    }

    /// Delivers until nothing that was due at the start is left (`Mode::Once`) or until
    /// `shutdown` completes (`Mode::Forever`), then waits for the requests in flight (a run of
    /// first attempts stops after the request it is sending and gives the rest back). `on_report`
    /// sees every attempt; `on_error` every database error of an attempt (its delivery is sent
    /// again when its lease runs out).
    pub async fn run(
        &self,
        mode: Mode,
        shutdown: impl Future<Output = ()>,
        mut on_report: impl FnMut(&Report),
        mut on_error: impl FnMut(&DispatchError),
    ) -> Result<Totals, DispatchError> {
        let mut totals = Totals::default();
        let mut tasks: JoinSet<()> = JoinSet::new();
        let (reports, mut reported) = mpsc::unbounded_channel::<Result<Report, DispatchError>>();
        let stopping = Arc::new(AtomicBool::new(false));
        let mut shutdown = std::pin::pin!(shutdown);
        let due_by = match mode {
            Mode::Once => {
                let mut handle = self.db.acquire().await?;
                Some(clock::now_ms(handle.conn()).await?)
            }
            Mode::Forever => None,
        };
        let renewals = tokio::spawn(renew_leases(self.clone()));
        // Attempts that end together are recorded in one transaction: the loop's writes cost one
        // commit per batch instead of one per request.
        let recorder = Arc::new(Lane::start(
            "attempt recorder",
            Recorder(self.clone()),
            RECORDING,
        ));
        let mut handle = |result: Result<Report, DispatchError>, totals: &mut Totals| match result {
            Ok(report) => {
                match (report.attempt, report.outcome.succeeded()) {
                    (None, _) => totals.lost += 1,
                    (Some(_), true) => totals.succeeded += 1,
                    (Some(_), false) => totals.failed += 1,
                }
                on_report(&report);
            }
            Err(error) => {
                totals.errors += 1;
                on_error(&error);
            }
        };
        let ended = |result: Result<(), tokio::task::JoinError>, totals: &mut Totals| {
            if result.is_err() {
                totals.errors += 1;
            }
        };
        loop {
            while let Ok(result) = reported.try_recv() {
                handle(result, &mut totals);
            }
            while let Some(result) = tasks.try_join_next() {
                ended(result, &mut totals);
            }
            let stop = tokio::select! {
                biased;
                () = &mut shutdown => true,
                () = std::future::ready(()) => false,
            };
            if stop {
                break;
            }
            let claimed = match self.claim(due_by).await {
                Ok(claimed) => claimed,
                Err(error) if mode == Mode::Forever => {
                    // The database may come back: report, wait, try again.
                    handle(Err(error), &mut totals);
                    Claimed::default()
                }
                Err(error) => {
                    renewals.abort();
                    return Err(error);
                }
            };
            let count = claimed.len();
            for run in claimed.runs {
                let Some(first) = run.first() else {
                    continue;
                };
                let started = InFlight::start(self, first.row.hook_id, &first.token);
                let (me, recorder) = (self.clone(), Arc::clone(&recorder));
                let (reports, stopping) = (reports.clone(), Arc::clone(&stopping));
                tasks.spawn(async move {
                    let _started = started;
                    me.send_run(run, due_by, &recorder, &reports, &stopping)
                        .await;
                });
            }
            for job in claimed.retries {
                let started = InFlight::start(self, job.row.hook_id, &job.token);
                let (me, recorder, reports) =
                    (self.clone(), Arc::clone(&recorder), reports.clone());
                tasks.spawn(async move {
                    let _started = started;
                    let sent = me.send(job).await;
                    let _ = reports.send(recorded(&recorder, sent).await);
                });
            }
            if count == 0 {
                if mode == Mode::Once && tasks.is_empty() {
                    break;
                }
                // Until a request ends (a slot is free again) or the poll is due; reports are
                // handed on as they come, without looking for work each time.
                let poll = tokio::time::sleep(self.options.idle_poll);
                let mut poll = std::pin::pin!(poll);
                let stop = loop {
                    tokio::select! {
                        () = &mut shutdown => break true,
                        Some(result) = reported.recv() => handle(result, &mut totals),
                        Some(result) = tasks.join_next(), if !tasks.is_empty() => {
                            ended(result, &mut totals);
                            break false;
                        }
                        () = &mut poll => break false,
                    }
                };
                if stop {
                    break;
                }
            }
        }
        stopping.store(true, Ordering::SeqCst);
        drop(reports);
        while let Some(result) = tasks.join_next().await {
            ended(result, &mut totals);
        }
        while let Some(result) = reported.recv().await {
            handle(result, &mut totals);
        }
        renewals.abort();
        Ok(totals)
    }

    /// Sends a run of one address's first attempts in event order, each once the one before it
    /// has ended (answered, failed or timed out), recording each as it ends while the next is
    /// sent. Once [`CLAIM_AHEAD`] of what it holds are left to send, it claims what follows under
    /// the run's own token (first attempts that may go at `due_by`, the database's time when `None`), so an
    /// address with a backlog is sent to without a pause between runs. Stops early, giving back
    /// what it did not send, when the loop is stopping or the receiver answered `410 Gone` (the
    /// address is being disabled), and once an attempt of the run was recorded without its
    /// claim (the address was removed, or the run taken over after its lease ran out).
    async fn send_run(
        &self,
        run: Vec<Job>,
        due_by: Option<i64>,
        recorder: &Arc<Lane<Recorder>>,
        reports: &mpsc::UnboundedSender<Result<Report, DispatchError>>,
        stopping: &AtomicBool,
    ) {
        let mut recording = JoinSet::new();
        // Set when an attempt of the run was recorded without its claim (the address was
        // removed, or another loop took the run over after its lease ran out): the rest is no
        // longer the run's to send.
        let lost = Arc::new(AtomicBool::new(false));
        let Some((hook_id, base)) = run.first().map(|job| (job.row.hook_id, job.token.clone()))
        else {
            return;
        };
        // Each part claimed after the first has a token of its own (`base.1`, `base.2`, …),
        // held in the loop's flight so that its leases are renewed until the run ends.
        let mut parts: Vec<String> = Vec::new();
        let mut jobs: std::collections::VecDeque<Job> = run.into();
        let mut next: Option<tokio::task::JoinHandle<Vec<Job>>> = None;
        // When the run's previous attempt ended.
        let mut ended: Option<std::time::Instant> = None;
        loop {
            if jobs.len() <= CLAIM_AHEAD && next.is_none() && !stopping.load(Ordering::SeqCst) {
                let token = format!("{base}.{}", parts.len() + 1);
                self.flight().hold(&token);
                parts.push(token.clone());
                let (me, base) = (self.clone(), base.clone());
                next = Some(tokio::spawn(async move {
                    me.claim_next(hook_id, &token, &base, due_by).await
                }));
            }
            let job = match jobs.pop_front() {
                Some(job) => job,
                None => match next.take() {
                    Some(claiming) => {
                        jobs.extend(claiming.await.unwrap_or_default());
                        if jobs.is_empty() {
                            break;
                        }
                        continue;
                    }
                    None => break,
                },
            };
            if stopping.load(Ordering::SeqCst) || lost.load(Ordering::SeqCst) {
                if let Some(claiming) = next.take() {
                    // What it claims is given back with the rest.
                    let _ = claiming.await;
                }
                self.give_back(hook_id, &base, job.row.id).await;
                break;
            }
            let id = job.row.id;
            if let Some(ended) = ended {
                self.times.between.record(ended.elapsed());
            }
            let sent = self.send(job).await;
            ended = Some(std::time::Instant::now());
            let gone = sent.gone();
            let (recorder, reports, lost) =
                (Arc::clone(recorder), reports.clone(), Arc::clone(&lost));
            recording.spawn(async move {
                let report = recorded(&recorder, sent).await;
                if matches!(&report, Ok(report) if report.attempt.is_none()) {
                    lost.store(true, Ordering::SeqCst);
                }
                let _ = reports.send(report);
            });
            if gone {
                if let Some(claiming) = next.take() {
                    let _ = claiming.await;
                }
                let after = DeliveryId::from_raw(id.raw().saturating_add(1));
                self.give_back(hook_id, &base, after).await;
                break;
            }
        }
        while recording.join_next().await.is_some() {}
        let mut flight = self.flight();
        for token in &parts {
            flight.let_go(token);
        }
    }

    /// Claims, for the run `run` under its new `token`, the first attempts of `hook_id` that
    /// follow the run's and may go at `due_by` (the database's time when `None`), loaded. None
    /// when there are none, when another loop is claiming that address's first attempts, or when
    /// the database cannot be reached (the loop's next look finds them).
    async fn claim_next(
        &self,
        hook_id: HookId,
        token: &str,
        run: &str,
        due_by: Option<i64>,
    ) -> Vec<Job> {
        let started = std::time::Instant::now();
        let claimed = async {
            let mut tx = self.db.begin().await?;
            let due_by = match due_by {
                Some(at) => at,
                None => clock::now_ms(tx.conn()).await?,
            };
            let ids = deliveries::claim_in_order(
                tx.conn(),
                token,
                run,
                hook_id,
                due_by,
                self.lease_ms(),
                i64::try_from(RUN).unwrap_or(i64::MAX),
            )
            .await?;
            tx.commit().await?;
            Ok::<_, DbError>(ids)
        };
        let ids = match claimed.await {
            Ok(ids) => ids,
            Err(error) => {
                tracing::warn!(%error, hook = %hook_id, "cannot claim the next first attempts of a run; the loop's next look takes them");
                return Vec::new();
            }
        };
        let Some(&first) = ids.first() else {
            return Vec::new();
        };
        match self.load(token).await {
            Ok(jobs) => {
                let mut jobs: Vec<Job> = jobs
                    .into_iter()
                    .filter(|job| ids.contains(&job.row.id))
                    .collect();
                jobs.sort_by_key(|job| job.row.id);
                self.times.claim.record(started.elapsed());
                jobs
            }
            Err(error) => {
                tracing::warn!(%error, hook = %hook_id, "cannot load the next first attempts of a run; giving them back");
                self.give_back(hook_id, run, first).await;
                Vec::new()
            }
        }
    }

    /// Gives back the first attempts of `hook_id` that the run `run` claimed, from `from` on,
    /// unsent: due again at once for any loop.
    async fn give_back(&self, hook_id: HookId, run: &str, from: DeliveryId) {
        let released = async {
            let mut handle = self.db.acquire().await?;
            deliveries::release(handle.conn(), run, hook_id, from, timestamp::now_ms()).await
        };
        if let Err(error) = released.await {
            tracing::warn!(%error, hook = %hook_id, "cannot give back the deliveries of a run cut short; they are sent again when their leases run out");
        }
    }
}

/// What one claim took, loaded: each address's run of first attempts, in event order, and the
/// retries.
#[derive(Debug, Default)]
pub struct Claimed {
    pub runs: Vec<Vec<Job>>,
    pub retries: Vec<Job>,
}

impl Claimed {
    /// Sorts claimed deliveries into runs (first attempts, by address, in event order) and
    /// retries.
    fn of(jobs: Vec<Job>) -> Claimed {
        let mut claimed = Claimed::default();
        let mut runs: std::collections::BTreeMap<HookId, Vec<Job>> =
            std::collections::BTreeMap::new();
        for job in jobs {
            if job.row.attempts == 0 {
                runs.entry(job.row.hook_id).or_default().push(job);
            } else {
                claimed.retries.push(job);
            }
        }
        for mut run in runs.into_values() {
            run.sort_by_key(|job| job.row.id);
            claimed.runs.push(run);
        }
        claimed
    }

    /// How many deliveries were claimed.
    pub fn len(&self) -> usize {
        self.runs.iter().map(Vec::len).sum::<usize>() + self.retries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// `sent` recorded by the loop's recording lane, as its report.
async fn recorded(recorder: &Lane<Recorder>, sent: attempt::Sent) -> Result<Report, DispatchError> {
    recorder.ask(sent).await.map_err(DispatchError::from)?
}

/// How attempts are recorded: whatever ended while the last batch was being written, up to 256
/// at a time, one transaction at a time.
const RECORDING: Shape = Shape {
    most: 256,
    in_flight: 1,
    queue: 4096,
};

/// The loop's recording lane's job.
struct Recorder(Dispatcher);

impl lane::Job for Recorder {
    type Question = attempt::Sent;
    type Answer = Result<Report, DispatchError>;

    async fn run(&self, sent: Vec<attempt::Sent>) -> Vec<Result<Report, DispatchError>> {
        let (started, count) = (std::time::Instant::now(), sent.len());
        let reports = self.0.record(sent).await;
        let times = &self.0.times;
        times.record.record(started.elapsed());
        times
            .recorded
            .fetch_add(u64::try_from(count).unwrap_or(u64::MAX), Ordering::Relaxed);
        reports
    }
}

/// A request counted in flight from its start until it ends, however it ends.
struct InFlight {
    flight: Arc<Mutex<Flight>>,
    hook_id: HookId,
    token: String,
}

impl InFlight {
    fn start(dispatcher: &Dispatcher, hook_id: HookId, token: &str) -> InFlight {
        dispatcher.flight().start(hook_id, token);
        InFlight {
            flight: Arc::clone(&dispatcher.flight),
            hook_id,
            token: token.to_owned(),
        }
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.flight
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .finish(self.hook_id, &self.token);
    }
}

/// Every third of a lease, extends the leases of the requests still in flight to a whole lease
/// from now (the database's time), until the loop ends.
async fn renew_leases(dispatcher: Dispatcher) {
    let every = (dispatcher.options.lease / 3).max(Duration::from_millis(100));
    loop {
        tokio::time::sleep(every).await;
        let tokens = dispatcher.flight().tokens();
        if tokens.is_empty() {
            continue;
        }
        let renewed = async {
            let mut tx = dispatcher.db.begin().await?;
            for token in &tokens {
                deliveries::renew(tx.conn(), token, dispatcher.lease_ms()).await?;
            }
            tx.commit().await
        };
        if let Err(error) = renewed.await {
            tracing::warn!(%error, "cannot renew the leases of webhook requests in flight; trying again");
        }
    }
}
