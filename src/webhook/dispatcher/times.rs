//! Where the delivery loop's time goes, for `/metrics`: each claim that took deliveries (the
//! transaction that leases them and the read that loads them), each batch of attempts recorded
//! together, and, within a run of an address's first attempts, the pause between one attempt's
//! end and the next one's start: what a receiver with a backlog waits beyond its own answers.
//!
//! Counting only (atomics, as [`crate::timing`]): never decides, waits or fails.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::timing::{Histogram, STAGE_BOUNDS, counter, family};

/// What the loop's steps took so far.
pub struct LoopTimes {
    /// A claim that took deliveries: its transaction and the read that loaded them.
    pub claim: Histogram,
    /// A batch of attempts recorded in one transaction.
    pub record: Histogram,
    /// In a run of first attempts, from one attempt's end to the next one's start.
    pub between: Histogram,
    /// Attempts recorded in batches (with `record`'s count, the mean batch).
    pub recorded: AtomicU64,
}

impl Default for LoopTimes {
    fn default() -> LoopTimes {
        LoopTimes {
            claim: Histogram::new(STAGE_BOUNDS),
            record: Histogram::new(STAGE_BOUNDS),
            between: Histogram::new(STAGE_BOUNDS),
            recorded: AtomicU64::new(0),
        }
    }
}

impl LoopTimes {
    /// Appends the steps' histograms and the recorded attempts' counter, in the Prometheus text
    /// format.
    pub fn render(&self, out: &mut String) {
        family(
            out,
            "tourney_webhook_loop_seconds",
            "Time of each step of the delivery loop: claim (leasing deliveries and loading them), record (a batch of attempts written together), between (in a run of an address's first attempts, from one attempt's end to the next one's start).",
            "step",
            &[
                ("claim", &self.claim),
                ("record", &self.record),
                ("between", &self.between),
            ],
        );
        counter(
            out,
            "tourney_webhook_recorded_attempts_total",
            "Attempts the delivery loop recorded in batches.",
            self.recorded.load(Ordering::Relaxed),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_steps_render_under_their_names() {
        let times = LoopTimes::default();
        times.claim.record(Duration::from_micros(800));
        times.between.record(Duration::from_micros(30));
        times.recorded.fetch_add(7, Ordering::Relaxed);
        let mut out = String::new();
        times.render(&mut out);
        assert!(out.contains("tourney_webhook_loop_seconds_count{step=\"claim\"} 1"));
        assert!(out.contains("tourney_webhook_loop_seconds_count{step=\"between\"} 1"));
        // Nothing recorded yet: no series for it.
        assert!(!out.contains("step=\"record\""));
        assert!(out.contains("tourney_webhook_recorded_attempts_total 7"));
    }
}
