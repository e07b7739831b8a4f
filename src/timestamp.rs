//! Time as tourney stores and shows it.
//!
//! Stored: Unix milliseconds (`i64`, UTC) in every table. Shown: ISO 8601 UTC with milliseconds and
//! `Z`, e.g. `2026-12-01T18:00:00.000Z`, in the API, events and command output. Parsing accepts any
//! RFC 3339 time and converts it to UTC. Nothing else in the crate formats or parses times.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::{OffsetDateTime, UtcOffset};

/// How far this process's clock is set off the system's (`--clock-offset`), in milliseconds.
static OFFSET_MS: AtomicI64 = AtomicI64::new(0);

/// Sets this process's clock `offset_ms` off the system's, as a host whose clock is wrong would
/// be: for tests that show nothing shared hangs on a process's own clock.
pub fn set_offset(offset_ms: i64) {
    OFFSET_MS.store(offset_ms, Ordering::Relaxed);
}

/// The current time in Unix milliseconds, by this process's clock. Everything several processes
/// decide together (due times, leases, rate windows) uses the database's clock instead
/// (`db::clock`).
pub fn now_ms() -> i64 {
    let since_epoch = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    i64::try_from(since_epoch.as_millis())
        .unwrap_or(i64::MAX)
        .saturating_add(OFFSET_MS.load(Ordering::Relaxed))
}

/// Formats Unix milliseconds as `YYYY-MM-DDTHH:MM:SS.mmmZ`.
///
/// Out-of-range values (beyond year 9999) are clamped; the database never holds them because
/// [`parse`] refuses them.
pub fn format_ms(ms: i64) -> String {
    let format =
        format_description!("[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:3]Z");
    let nanos = i128::from(ms) * 1_000_000;
    let at = OffsetDateTime::from_unix_timestamp_nanos(nanos).unwrap_or(if ms < 0 {
        OffsetDateTime::UNIX_EPOCH
    } else {
        max_supported()
    });
    at.format(&format).unwrap_or_default()
}

/// Parses an RFC 3339 time (`2026-12-01T18:00:00Z`, `2026-12-01T21:00:00.250+03:00`) into Unix
/// milliseconds. Sub-millisecond digits are dropped.
pub fn parse(text: &str) -> Result<i64, InvalidTimestamp> {
    let at =
        OffsetDateTime::parse(text, &Rfc3339).map_err(|_| InvalidTimestamp(text.to_owned()))?;
    let at = at.to_offset(UtcOffset::UTC);
    if at.year() < 1970 || at > max_supported() {
        return Err(InvalidTimestamp(text.to_owned()));
    }
    i64::try_from(at.unix_timestamp_nanos() / 1_000_000)
        .map_err(|_| InvalidTimestamp(text.to_owned()))
}

/// The calendar parts of Unix milliseconds in UTC, for pages that spell dates in a locale's
/// words (the widgets): year, month (1–12), day, hour, minute.
pub fn utc_parts(ms: i64) -> (i32, u8, u8, u8, u8) {
    let at = utc(ms);
    (
        at.year(),
        u8::from(at.month()),
        at.day(),
        at.hour(),
        at.minute(),
    )
}

/// Unix milliseconds as an iCalendar UTC date-time, `YYYYMMDDTHHMMSSZ` (RFC 5545 §3.3.5).
pub fn format_ical(ms: i64) -> String {
    let format = format_description!("[year][month][day]T[hour][minute][second]Z");
    utc(ms).format(&format).unwrap_or_default()
}

fn utc(ms: i64) -> OffsetDateTime {
    let nanos = i128::from(ms) * 1_000_000;
    OffsetDateTime::from_unix_timestamp_nanos(nanos).unwrap_or(if ms < 0 {
        OffsetDateTime::UNIX_EPOCH
    } else {
        max_supported()
    })
}

fn max_supported() -> OffsetDateTime {
    time::macros::datetime!(9999-12-31 23:59:59.999 UTC)
}

/// A time that is not RFC 3339, or outside 1970..=9999.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a time in RFC 3339 form between 1970 and 9999, such as 2026-12-01T18:00:00Z")]
pub struct InvalidTimestamp(pub String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_with_milliseconds_and_z() {
        assert_eq!(format_ms(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(format_ms(1_796_148_000_250), "2026-12-01T18:00:00.250Z");
    }

    #[test]
    fn gives_parts_and_ical_times() {
        assert_eq!(utc_parts(1_796_148_000_250), (2026, 12, 1, 18, 0));
        assert_eq!(format_ical(1_796_148_000_250), "20261201T180000Z");
    }

    #[test]
    fn parses_offsets_into_utc() {
        assert_eq!(parse("2026-12-01T18:00:00Z"), Ok(1_796_148_000_000));
        assert_eq!(
            parse("2026-12-01T21:00:00.250+03:00"),
            Ok(1_796_148_000_250)
        );
    }

    #[test]
    fn refuses_what_is_not_rfc3339() {
        for bad in [
            "",
            "2026-12-01",
            "yesterday",
            "2026-13-01T00:00:00Z",
            "1969-12-31T23:59:59Z",
        ] {
            assert!(parse(bad).is_err(), "{bad} should be refused");
        }
    }

    #[test]
    fn round_trips() {
        let ms = 1_796_148_123_456;
        assert_eq!(parse(&format_ms(ms)), Ok(ms));
    }
}
