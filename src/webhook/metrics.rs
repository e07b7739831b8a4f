//! Delivery metrics in the Prometheus text format, for whichever process runs the delivery loop
//! (`serve` or `dispatch --listen`): attempts by outcome, an attempt latency histogram, and, read
//! from the database when scraped, the queue's depth, the age of its oldest due delivery and the
//! number of disabled addresses. Counting never blocks an attempt: atomics only.

use std::fmt::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::dispatcher::{Dispatcher, LoopTimes, Report};
use crate::db::deliveries::NextState;
use crate::db::{Db, DbError, deliveries, hooks};

/// Attempt duration bucket bounds, in seconds (the deadline is 5 s).
const BUCKETS: [f64; 10] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0];

/// How an attempt ended, as the metrics label it.
const OUTCOMES: [&str; 4] = ["delivered", "retrying", "failed", "not_recorded"];

#[derive(Default)]
pub struct DeliveryMetrics {
    outcomes: [AtomicU64; OUTCOMES.len()],
    buckets: [AtomicU64; BUCKETS.len()],
    count: AtomicU64,
    sum_micros: AtomicU64,
    disabled: AtomicU64,
    /// Where the loop's time goes, when the metrics are of a loop.
    steps: Option<Arc<LoopTimes>>,
}

/// The queue as the database holds it when scraped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueueFigures {
    pub due: i64,
    /// Milliseconds since the oldest due delivery became due (0 when none is).
    pub oldest_due_age_ms: i64,
    pub disabled_addresses: i64,
}

/// Reads the queue's figures now (the database's time).
pub async fn queue_figures(db: &Db) -> Result<QueueFigures, DbError> {
    let mut handle = db.acquire().await?;
    let (due, oldest_age) = deliveries::queue_figures(handle.conn()).await?;
    let disabled_addresses = hooks::count_disabled(handle.conn()).await?;
    Ok(QueueFigures {
        due,
        oldest_due_age_ms: oldest_age.map_or(0, |age| age.max(0)),
        disabled_addresses,
    })
}

impl DeliveryMetrics {
    /// The metrics of `dispatcher`'s loop, with where its time goes.
    pub fn of(dispatcher: &Dispatcher) -> DeliveryMetrics {
        DeliveryMetrics {
            steps: Some(dispatcher.times()),
            ..DeliveryMetrics::default()
        }
    }

    pub fn record(&self, report: &Report) {
        let outcome = match (report.attempt, report.next) {
            (None, _) | (_, None) => 3,
            (Some(_), Some(NextState::Succeeded)) => 0,
            (Some(_), Some(NextState::RetryAt(_))) => 1,
            (Some(_), Some(NextState::Failed)) => 2,
        };
        self.outcomes[outcome].fetch_add(1, Ordering::Relaxed);
        let seconds = report.outcome.duration.as_secs_f64();
        for (bound, bucket) in BUCKETS.iter().zip(&self.buckets) {
            if seconds <= *bound {
                bucket.fetch_add(1, Ordering::Relaxed);
            }
        }
        self.count.fetch_add(1, Ordering::Relaxed);
        let micros = u64::try_from(report.outcome.duration.as_micros()).unwrap_or(u64::MAX);
        self.sum_micros.fetch_add(micros, Ordering::Relaxed);
        if report.disabled.is_some() {
            self.disabled.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Appends the metrics to `out`, with the queue's figures when they could be read.
    pub fn render(&self, out: &mut String, queue: Option<QueueFigures>) {
        out.push_str("# HELP tourney_webhook_attempts_total Webhook attempts by outcome: delivered, retrying (a later attempt is scheduled), failed (for good), not_recorded (the claim was lost).\n");
        out.push_str("# TYPE tourney_webhook_attempts_total counter\n");
        for (label, counter) in OUTCOMES.iter().zip(&self.outcomes) {
            let _ = writeln!(
                out,
                "tourney_webhook_attempts_total{{outcome=\"{label}\"}} {}",
                counter.load(Ordering::Relaxed)
            );
        }
        out.push_str("# HELP tourney_webhook_attempt_duration_seconds Time from sending an attempt to its answer (or failure).\n");
        out.push_str("# TYPE tourney_webhook_attempt_duration_seconds histogram\n");
        for (bound, bucket) in BUCKETS.iter().zip(&self.buckets) {
            let _ = writeln!(
                out,
                "tourney_webhook_attempt_duration_seconds_bucket{{le=\"{bound}\"}} {}",
                bucket.load(Ordering::Relaxed)
            );
        }
        let count = self.count.load(Ordering::Relaxed);
        let _ = writeln!(
            out,
            "tourney_webhook_attempt_duration_seconds_bucket{{le=\"+Inf\"}} {count}"
        );
        let sum = self.sum_micros.load(Ordering::Relaxed) as f64 / 1e6;
        let _ = writeln!(out, "tourney_webhook_attempt_duration_seconds_sum {sum}");
        let _ = writeln!(
            out,
            "tourney_webhook_attempt_duration_seconds_count {count}"
        );
        out.push_str("# HELP tourney_webhook_addresses_disabled_total Addresses this process disabled (410 Gone, or failing for too long).\n");
        out.push_str("# TYPE tourney_webhook_addresses_disabled_total counter\n");
        let _ = writeln!(
            out,
            "tourney_webhook_addresses_disabled_total {}",
            self.disabled.load(Ordering::Relaxed)
        );
        if let Some(steps) = &self.steps {
            steps.render(out);
        }
        let Some(queue) = queue else {
            return;
        };
        let gauges = [
            (
                "tourney_webhook_queue_due",
                "Deliveries due now, not yet claimed (disabled addresses' excluded).",
                queue.due as f64,
            ),
            (
                "tourney_webhook_queue_oldest_due_seconds",
                "How long the oldest due delivery has waited since it became due.",
                queue.oldest_due_age_ms as f64 / 1000.0,
            ),
            (
                "tourney_webhook_addresses_disabled",
                "Webhook addresses disabled now (every process's).",
                queue.disabled_addresses as f64,
            ),
        ];
        for (name, help, value) in gauges {
            let _ = writeln!(out, "# HELP {name} {help}");
            let _ = writeln!(out, "# TYPE {name} gauge");
            let _ = writeln!(out, "{name} {value}");
        }
    }
}
