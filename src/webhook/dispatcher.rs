//! The delivery loop: claim due deliveries, sign each attempt afresh, send with bounded
//! concurrency (globally and per address), record the attempt and schedule the next one.
//!
//! Owns leases and claim tokens, concurrency limits, the idle poll, draining on shutdown, and the
//! path one attempt takes (the same for `dispatch`, `ping` and manual retries). It never prints:
//! every attempt is handed to the caller as a [`Report`].

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Semaphore;
use tokio::task::JoinSet;

use crate::db::deliveries::{self, AttemptRecord, ClaimedRow, NextState};
use crate::db::{Conn, Db, DbError, audit, hooks};
use crate::domain::{AuditAction, DisabledReason, Trigger};
use crate::ids::{DeliveryId, EventId, HookId};
use crate::timestamp;

use super::client::{Headers, Outcome, Sender};
use super::schedule::{self, AfterFailure};
use super::signing;

/// How long a claim lasts: far above the 5 s request deadline, so a live request never loses it
/// (including time spent waiting for a per-address slot).
pub const DEFAULT_LEASE: Duration = Duration::from_secs(60);
/// How often an idle dispatcher looks for new work.
pub const DEFAULT_IDLE_POLL: Duration = Duration::from_millis(50);
/// Most deliveries claimed in one statement.
const MAX_BATCH: usize = 256;
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
            per_address: concurrency.min(32),
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
    pub next: NextState,
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

/// Cheap to clone: clones share the limits.
#[derive(Clone)]
pub struct Dispatcher {
    db: Db,
    sender: Sender,
    options: Arc<DispatchOptions>,
    global: Arc<Semaphore>,
    per_hook: Arc<Mutex<HashMap<HookId, Arc<Semaphore>>>>,
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
        let global = Arc::new(Semaphore::new(options.concurrency));
        Dispatcher {
            db,
            sender,
            options: Arc::new(options),
            global,
            per_hook: Arc::default(),
        }
    }

    pub fn lease_until(&self, now: i64) -> i64 {
        now.saturating_add(i64::try_from(self.options.lease.as_millis()).unwrap_or(i64::MAX))
    }

    /// Claims up to `limit` deliveries due at `due_by` and loads them.
    pub async fn claim(&self, limit: usize, due_by: i64) -> Result<Vec<Job>, DispatchError> {
        let token = new_token()?;
        let now = timestamp::now_ms();
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        // A claim writes, so it takes its turn with the process's other writers.
        let mut tx = self.db.begin().await?;
        let ids =
            deliveries::claim_due(tx.conn(), &token, due_by, self.lease_until(now), limit).await?;
        tx.commit().await?;
        if ids.is_empty() {
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

    fn hook_limit(&self, hook_id: HookId) -> Arc<Semaphore> {
        let mut map = self
            .per_hook
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        Arc::clone(
            map.entry(hook_id)
                .or_insert_with(|| Arc::new(Semaphore::new(self.options.per_address.max(1)))),
        )
    }

    /// Sends one claimed delivery (signed afresh: new timestamp, same id and body) and records
    /// the attempt with the delivery's next state, in one transaction guarded by the claim.
    pub async fn attempt(&self, job: Job) -> Result<Report, DispatchError> {
        let limit = self.hook_limit(job.row.hook_id);
        let _slot = limit.acquire_owned().await.ok();
        let row = &job.row;
        let id = row.event_id.to_string();
        let started_at = timestamp::now_ms();
        let unix_secs = (started_at / 1000).to_string();
        let body = row.body.as_bytes();
        let signature = signing::signature_header(&job.secrets, &id, &unix_secs, body);
        let headers = Headers {
            id: &id,
            timestamp: &unix_secs,
            signature: &signature,
        };
        let outcome = self.sender.send(&row.url, &headers, body).await;
        let finished = timestamp::now_ms();
        let next = if outcome.succeeded() {
            NextState::Succeeded
        } else {
            let scheduled = row.next_trigger == Trigger::Scheduled;
            match schedule::after_failure(
                &self.options.retry_delays,
                row.attempts + 1,
                scheduled,
                finished,
            ) {
                AfterFailure::RetryAt(at) => NextState::RetryAt(at),
                AfterFailure::Failed => NextState::Failed,
            }
        };
        let record = AttemptRecord {
            trigger: row.next_trigger,
            started_at,
            duration_ms: i64::try_from(outcome.duration.as_millis()).unwrap_or(i64::MAX),
            status_code: outcome.status_code.map(i64::from),
            error_class: outcome.error,
            error_reason: outcome.reason.as_deref(),
            peer_addr: outcome.peer.as_deref(),
            response_excerpt: outcome.excerpt.as_deref(),
        };
        let mut tx = self.db.begin().await?;
        let attempt =
            deliveries::complete(tx.conn(), row.id, &job.token, &record, next, finished).await?;
        let disabled = match attempt {
            Some(_) => {
                self.judge(tx.conn(), row.hook_id, &outcome, started_at, finished)
                    .await?
            }
            None => None,
        };
        tx.commit().await?;
        Ok(Report {
            delivery_id: row.id,
            event_id: row.event_id,
            hook_id: row.hook_id,
            url: row.url.clone(),
            trigger: row.next_trigger,
            attempt,
            outcome,
            next,
            disabled,
        })
    }

    /// Moves the address's health with a recorded attempt, and disables it when its receiver
    /// said it is gone (410) or every attempt has failed for `disable_after`, with an audit
    /// entry. Returns why it was disabled now, if it was.
    async fn judge(
        &self,
        mut conn: Conn<'_>,
        hook_id: HookId,
        outcome: &Outcome,
        started_at: i64,
        now: i64,
    ) -> Result<Option<DisabledReason>, DbError> {
        if outcome.succeeded() {
            hooks::record_success(conn, hook_id, started_at).await?;
            return Ok(None);
        }
        let Some(hook) = hooks::record_failure(conn.reborrow(), hook_id, started_at).await? else {
            return Ok(None);
        };
        if !hook.is_enabled() {
            return Ok(None);
        }
        let limit = i64::try_from(self.options.disable_after.as_millis()).unwrap_or(i64::MAX);
        let reason = if outcome.status_code == Some(410) {
            DisabledReason::Gone
        } else if hook
            .failing_since
            .is_some_and(|since| now.saturating_sub(since) >= limit)
        {
            DisabledReason::Failing
        } else {
            return Ok(None);
        };
        if !hooks::disable(conn.reborrow(), hook_id, reason, now).await? {
            return Ok(None);
        }
        deliveries::keep_for_disabled(conn.reborrow(), hook_id, now).await?;
        let details = match reason {
            DisabledReason::Gone => "the receiver answered 410 Gone".to_owned(),
            DisabledReason::Failing => format!(
                "every attempt failed since {} ({} in a row)",
                timestamp::format_ms(hook.failing_since.unwrap_or(now)),
                hook.failure_streak
            ),
        };
        let target = hook_id.to_string();
        audit::record(
            conn,
            &audit::Entry {
                space_id: Some(hook.space_id),
                actor: ACTOR,
                action: AuditAction::HookDisabled.as_str(),
                target: Some(&target),
                details: Some(&details),
                now,
            },
        )
        .await?;
        tracing::warn!(hook = %hook_id, %details, "webhook address disabled");
        Ok(Some(reason))
    }

    /// Delivers until nothing is due (`Mode::Once`) or until `shutdown` completes
    /// (`Mode::Forever`), then waits for the requests in flight. `on_report` sees every attempt;
    /// `on_error` every database error of an attempt (its delivery is retried when the lease
    /// runs out).
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
        let started = timestamp::now_ms();
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
            let free = self.global.available_permits().min(MAX_BATCH);
            let mut claimed = 0;
            if free > 0 {
                let due_by = match mode {
                    Mode::Once => started,
                    Mode::Forever => timestamp::now_ms(),
                };
                let jobs = match self.claim(free, due_by).await {
                    Ok(jobs) => jobs,
                    Err(error) if mode == Mode::Forever => {
                        // The database may come back: report, wait, try again.
                        handle(Ok(Err(error)), &mut totals);
                        Vec::new()
                    }
                    Err(error) => return Err(error),
                };
                claimed = jobs.len();
                for job in jobs {
                    let Ok(permit) = Arc::clone(&self.global).acquire_owned().await else {
                        break;
                    };
                    let me = self.clone();
                    tasks.spawn(async move {
                        let _permit = permit;
                        me.attempt(job).await
                    });
                }
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
        Ok(totals)
    }
}
