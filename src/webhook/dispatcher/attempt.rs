//! One attempt of a claimed delivery: signed afresh (new timestamp, same id and body), sent, and
//! recorded with the delivery's next state and the address's health, guarded by the claim. The
//! same path for the delivery loop, `ping`, `hooks test` and manual retries; the loop records
//! the attempts that end together in one transaction (`dispatcher::Recorder`), whose deliveries
//! and attempts are written by one statement each however many there are; the addresses' health
//! moves in the order the attempts ended.

use crate::db::deliveries::{self, After, AttemptRecord, Completion};
use crate::db::{Conn, DbError, audit, hooks};
use crate::domain::{AuditAction, DisabledReason, SignatureHeaders, Trigger};
use crate::ids::HookId;
use crate::timestamp;

use super::super::client::{Headers, Outcome};
use super::super::schedule::{self, AfterFailure};
use super::super::signing;
use super::{ACTOR, DispatchError, Dispatcher, Job, Report};

/// A delivery sent, with what its attempt is to record.
pub struct Sent {
    job: Job,
    outcome: Outcome,
    started_at: i64,
    finished: i64,
}

impl Sent {
    /// Whether the receiver answered `410 Gone`: the address is disabled when this attempt is
    /// recorded.
    pub fn gone(&self) -> bool {
        self.outcome.status_code == Some(410)
    }
}

impl Dispatcher {
    /// Sends one claimed delivery and records the attempt with the delivery's next state.
    pub async fn attempt(&self, job: Job) -> Result<Report, DispatchError> {
        let sent = self.send(job).await;
        match self.record(vec![sent]).await.pop() {
            Some(report) => report,
            None => Err(DbError::Bug("an attempt was recorded without its report".into()).into()),
        }
    }

    /// Signs a claimed delivery afresh (new timestamp, same id and body) and sends it.
    pub async fn send(&self, job: Job) -> Sent {
        let row = &job.row;
        let id = row.event_id.to_string();
        let started_at = timestamp::now_ms();
        let unix_secs = (started_at / 1000).to_string();
        let body = row.body.as_bytes();
        let sets = row.signature_headers;
        let signature = (sets != SignatureHeaders::Standard)
            .then(|| signing::signature_header(&job.secrets, &id, &unix_secs, body));
        let standard = (sets != SignatureHeaders::Specification)
            .then(|| signing::standard_signature_header(&job.secrets, &id, &unix_secs, body));
        let headers = Headers {
            id: &id,
            timestamp: &unix_secs,
            signature: signature.as_deref(),
            standard: standard.as_deref(),
        };
        let outcome = self.sender.send(&row.url, &headers, body).await;
        Sent {
            finished: timestamp::now_ms(),
            job,
            outcome,
            started_at,
        }
    }

    /// Records the attempts of `sent` in one transaction: each with its delivery's next state
    /// and its address's health, only while the delivery's claim is still its own. If the
    /// transaction fails, none is recorded (their deliveries are sent again when their claims
    /// run out).
    pub async fn record(&self, sent: Vec<Sent>) -> Vec<Result<Report, DispatchError>> {
        match self.record_all(&sent).await {
            Ok(reports) => reports.into_iter().map(Ok).collect(),
            Err(error) => {
                let error = std::sync::Arc::new(error);
                sent.iter()
                    .map(|_| Err(DbError::Shared(std::sync::Arc::clone(&error)).into()))
                    .collect()
            }
        }
    }

    async fn record_all(&self, sent: &[Sent]) -> Result<Vec<Report>, DbError> {
        let completions: Vec<Completion<'_>> =
            sent.iter().map(|one| self.completion(one)).collect();
        let mut tx = self.db.begin().await?;
        let recorded = deliveries::complete_all(tx.conn(), &completions).await?;
        // The addresses' health moves in the order the attempts ended: a succession of one
        // address's successes is one write, with the latest of them; each failure is judged.
        let mut reports = Vec::with_capacity(sent.len());
        let mut successes: Option<(HookId, i64)> = None;
        for (one, recorded) in sent.iter().zip(recorded) {
            let (row, outcome) = (&one.job.row, &one.outcome);
            let mut disabled = None;
            if recorded.is_some() {
                match successes {
                    Some((hook, at)) if hook == row.hook_id && outcome.succeeded() => {
                        successes = Some((hook, at.max(one.started_at)));
                    }
                    _ => {
                        if let Some((hook, at)) = successes.take() {
                            hooks::record_success(tx.conn(), hook, at).await?;
                        }
                        if outcome.succeeded() {
                            successes = Some((row.hook_id, one.started_at));
                        } else {
                            disabled = self
                                .judge_failure(
                                    tx.conn(),
                                    row.hook_id,
                                    outcome,
                                    one.started_at,
                                    one.finished,
                                )
                                .await?;
                        }
                    }
                }
            }
            reports.push(Report {
                delivery_id: row.id,
                event_id: row.event_id,
                hook_id: row.hook_id,
                url: row.url.clone(),
                trigger: row.next_trigger,
                attempt: recorded.map(|(number, _)| number),
                next: recorded.map(|(_, next)| next),
                outcome: outcome.clone(),
                disabled,
            });
        }
        if let Some((hook, at)) = successes {
            hooks::record_success(tx.conn(), hook, at).await?;
        }
        tx.commit().await?;
        Ok(reports)
    }

    /// What `sent`'s attempt records: the attempt, and what it leaves its delivery to become.
    fn completion<'a>(&self, sent: &'a Sent) -> Completion<'a> {
        let Sent {
            job,
            outcome,
            started_at,
            finished,
        } = sent;
        let row = &job.row;
        let after = if outcome.succeeded() {
            After::Succeeded
        } else {
            let scheduled = row.next_trigger == Trigger::Scheduled;
            match schedule::after_failure(&self.options.retry_delays, row.attempts + 1, scheduled) {
                AfterFailure::RetryIn(delay) => {
                    After::RetryIn(i64::try_from(delay.as_millis()).unwrap_or(i64::MAX))
                }
                AfterFailure::Failed => After::Failed,
            }
        };
        Completion {
            delivery_id: row.id,
            token: &job.token,
            after,
            now: *finished,
            attempt: AttemptRecord {
                trigger: row.next_trigger,
                started_at: *started_at,
                duration_ms: i64::try_from(outcome.duration.as_millis()).unwrap_or(i64::MAX),
                status_code: outcome.status_code.map(i64::from),
                error_class: outcome.error,
                error_reason: outcome.reason.as_deref(),
                peer_addr: outcome.peer.as_deref(),
                response_excerpt: outcome.excerpt.as_deref(),
            },
        }
    }

    /// Moves the address's health with a recorded failed attempt, and disables it when its
    /// receiver said it is gone (410) or every attempt has failed for `disable_after`, with an
    /// audit entry. Returns why it was disabled now, if it was.
    async fn judge_failure(
        &self,
        mut conn: Conn<'_>,
        hook_id: HookId,
        outcome: &Outcome,
        started_at: i64,
        now: i64,
    ) -> Result<Option<DisabledReason>, DbError> {
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
        if !hooks::disable(conn.reborrow(), hook_id, Some(reason), now).await? {
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
}
