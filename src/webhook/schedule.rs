//! Durations as people type them (`100ms`, `5s`, `30m`, `24h`) and the retry schedule.
//!
//! Owns the default schedule (1, 5, 30, 120, 360 minutes: the specification's) and what a
//! delivery does after a failed attempt. It never reads the clock or the database.

use std::time::Duration;

/// The specification's retry delays: attempt n+1 is due this long after attempt n failed.
pub const DEFAULT_RETRY_DELAYS: &str = "1m,5m,30m,120m,360m";

/// Parses a comma-separated list of durations (`1m,5m,30m,120m,360m`).
pub fn parse_delays(text: &str) -> Result<Vec<Duration>, String> {
    let delays = text
        .split(',')
        .map(crate::fields::duration)
        .collect::<Result<Vec<_>, _>>()?;
    if delays.is_empty() || delays.len() > 20 {
        return Err("the retry schedule needs between 1 and 20 delays".to_owned());
    }
    Ok(delays)
}

/// What a delivery becomes after a failed attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterFailure {
    /// Due again this long after the failure is recorded.
    RetryIn(Duration),
    /// No more automatic attempts; only `hooks retry` sends it again.
    Failed,
}

/// After the `attempts`-th attempt failed: scheduled attempts retry on `delays`; after
/// `delays.len() + 1` attempts, and after any manual or ping attempt, the delivery fails.
pub fn after_failure(delays: &[Duration], attempts: i64, scheduled: bool) -> AfterFailure {
    let index = usize::try_from(attempts.saturating_sub(1)).unwrap_or(usize::MAX);
    match delays.get(index) {
        Some(delay) if scheduled => AfterFailure::RetryIn(*delay),
        _ => AfterFailure::Failed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_schedule_is_the_specifications() {
        let delays = parse_delays(DEFAULT_RETRY_DELAYS).unwrap();
        let minutes: Vec<u64> = delays.iter().map(|d| d.as_secs() / 60).collect();
        assert_eq!(minutes, [1, 5, 30, 120, 360]);
        assert_eq!(
            after_failure(&delays, 1, true),
            AfterFailure::RetryIn(Duration::from_secs(60))
        );
        assert_eq!(
            after_failure(&delays, 5, true),
            AfterFailure::RetryIn(Duration::from_secs(21_600))
        );
        assert_eq!(
            after_failure(&delays, 6, true),
            AfterFailure::Failed,
            "the sixth failure is final"
        );
        assert_eq!(
            after_failure(&delays, 7, false),
            AfterFailure::Failed,
            "a manual retry fails once"
        );
        assert_eq!(
            after_failure(&delays, 1, false),
            AfterFailure::Failed,
            "a ping is not retried"
        );
    }
}
