//! The delivery loop: claim what can be sent now, sign each attempt afresh, send, record the
//! attempt and schedule the next one.
//!
//! Owns claims and their leases, concurrency (in all and per address), the idle poll, draining
//! on shutdown. A claim takes only what the loop can start at once, dealt fairly between the
//! addresses with deliveries due (`flight`), so no delivery waits in this process's own queue
//! while its lease runs out, and one slow address holds back no other. Leases are on the
//! database's clock, counted from when the request starts, and renewed while it runs. One
//! attempt's path is in `attempt`. It never prints: every attempt is handed to the caller as a
//! [`Report`].

mod attempt;
mod flight;

use std::future::Future;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

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
        }
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

    /// Claims what this loop can start now of the deliveries due at `due_by` (the database's
    /// time now when `None`), fairly between their addresses, and loads them.
    pub async fn claim(&self, due_by: Option<i64>) -> Result<Vec<Job>, DispatchError> {
        let free = self
            .options
            .concurrency
            .saturating_sub(self.flight().total());
        if free == 0 {
            return Ok(Vec::new());
        }
        let per_address = self.options.per_address.max(1);
        let most = i64::try_from(per_address).unwrap_or(i64::MAX);
        // Read first: a loop with nothing to do looks without writing, so that it never takes
        // the database's write turn from the requests and writers beside it.
        let (due_by, due) = {
            let mut handle = self.db.acquire().await?;
            let due_by = match due_by {
                Some(at) => at,
                None => clock::now_ms(handle.conn()).await?,
            };
            if !deliveries::any_due(handle.conn(), due_by).await? {
                return Ok(Vec::new());
            }
            (
                due_by,
                deliveries::due_by_address(handle.conn(), due_by, most).await?,
            )
        };
        let shares = self.flight().share(&due, free, per_address);
        if shares.is_empty() {
            return Ok(Vec::new());
        }
        let token = new_token()?;
        // A claim writes, so it takes its turn with the process's other writers; each address's
        // claim takes only what is still due and unclaimed.
        let mut tx = self.db.begin().await?;
        let mut claimed = 0;
        for (hook_id, n) in shares {
            let n = i64::try_from(n).unwrap_or(i64::MAX);
            claimed += deliveries::claim_at_address(
                tx.conn(),
                &token,
                hook_id,
                due_by,
                self.lease_ms(),
                n,
            )
            .await?
            .len();
        }
        tx.commit().await?;
        if claimed == 0 {
            return Ok(Vec::new());
        }
        self.load(&token).await
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
    /// `shutdown` completes (`Mode::Forever`), then waits for the requests in flight. `on_report`
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
        let mut tasks: JoinSet<Result<Report, DispatchError>> = JoinSet::new();
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
        let mut handle = |result: Result<Result<Report, DispatchError>, tokio::task::JoinError>,
                          totals: &mut Totals| match result {
            Ok(Ok(report)) => {
                match (report.attempt, report.outcome.succeeded()) {
                    (None, _) => totals.lost += 1,
                    (Some(_), true) => totals.succeeded += 1,
                    (Some(_), false) => totals.failed += 1,
                }
                on_report(&report);
            }
            Ok(Err(error)) => {
                totals.errors += 1;
                on_error(&error);
            }
            Err(_) => totals.errors += 1,
        };
        loop {
            while let Some(result) = tasks.try_join_next() {
                handle(result, &mut totals);
            }
            let stop = tokio::select! {
                biased;
                () = &mut shutdown => true,
                () = std::future::ready(()) => false,
            };
            if stop {
                break;
            }
            let jobs = match self.claim(due_by).await {
                Ok(jobs) => jobs,
                Err(error) if mode == Mode::Forever => {
                    // The database may come back: report, wait, try again.
                    handle(Ok(Err(error)), &mut totals);
                    Vec::new()
                }
                Err(error) => {
                    renewals.abort();
                    return Err(error);
                }
            };
            let claimed = jobs.len();
            for job in jobs {
                let started = InFlight::start(self, job.row.hook_id, &job.token);
                let (me, recorder) = (self.clone(), Arc::clone(&recorder));
                tasks.spawn(async move {
                    let _started = started;
                    let sent = me.send(job).await;
                    recorder.ask(sent).await?
                });
            }
            if claimed == 0 {
                if mode == Mode::Once && tasks.is_empty() {
                    break;
                }
                tokio::select! {
                    () = &mut shutdown => break,
                    Some(result) = tasks.join_next(), if !tasks.is_empty() => handle(result, &mut totals),
                    () = tokio::time::sleep(self.options.idle_poll) => {}
                }
            }
        }
        while let Some(result) = tasks.join_next().await {
            handle(result, &mut totals);
        }
        renewals.abort();
        Ok(totals)
    }
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
        self.0.record(sent).await
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
