//! Durations as people type them (`100ms`, `5s`, `30m`, `24h`) and the retry schedule.
//!
//! Owns the default schedule (1, 5, 30, 120, 360 minutes: the specification's) and what a
//! delivery does after a failed attempt. It never reads the clock or the database.

use std::time::Duration;

/// The specification's retry delays: attempt n+1 is due this long after attempt n failed.
pub const DEFAULT_RETRY_DELAYS: &str = "1m,5m,30m,120m,360m";

/// Parses `250ms`, `5s`, `30m`, `24h` or `2d` (a whole number and a unit).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (digits, unit) = text.split_at(split);
    let bad = || format!("'{text}' is not a duration such as 250ms, 5s, 30m, 24h or 2d");
    let value: u64 = digits.parse().map_err(|_| bad())?;
    let millis = match unit {
        "ms" => 1,
        "s" => 1_000,
        "m" => 60_000,
        "h" => 3_600_000,
        "d" => 86_400_000,
        _ => return Err(bad()),
    };
    value
        .checked_mul(millis)
        .filter(|ms| *ms <= 365 * 86_400_000)
        .map(Duration::from_millis)
        .ok_or_else(|| format!("'{text}' is longer than a year"))
}

/// Milliseconds in the largest unit [`parse_duration`] reads that says them exactly (`90m`,
/// `2h`).
pub fn format_duration_ms(ms: i64) -> String {
    for (unit, size) in [
        ("d", 86_400_000),
        ("h", 3_600_000),
        ("m", 60_000),
        ("s", 1_000),
    ] {
        if ms > 0 && ms % size == 0 {
            return format!("{}{unit}", ms / size);
        }
    }
    format!("{ms}ms")
}

/// Parses a comma-separated list of durations (`1m,5m,30m,120m,360m`).
pub fn parse_delays(text: &str) -> Result<Vec<Duration>, String> {
    let delays = text
        .split(',')
        .map(parse_duration)
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
    fn parses_every_unit() {
        assert_eq!(parse_duration("100ms"), Ok(Duration::from_millis(100)));
        assert_eq!(parse_duration("5s"), Ok(Duration::from_secs(5)));
        assert_eq!(parse_duration("30m"), Ok(Duration::from_secs(1800)));
        assert_eq!(parse_duration("24h"), Ok(Duration::from_secs(86_400)));
        for bad in ["", "5", "m", "-1m", "1.5h", "5 weeks", "99999999999999d"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

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
