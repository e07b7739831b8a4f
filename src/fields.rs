//! How a typed value is read, wherever a person types it: the shell's options, the desk's forms
//! and the portal's forms read scores, durations, times and counts here, so that `+5`, `90s` or
//! `2026-12-04T18:00` mean the same (or are refused the same) in all three.
//!
//! Pure: text in, a value or why not out. Which values a rule allows (a window of at least a
//! second, a capacity of two or more) is the domain's and the service's to say, not this.

use std::time::Duration;

use crate::domain::score::MAX_SCORE;

/// One side's score: ASCII digits only (no sign, no spaces inside, no `1.0`), from 0 to
/// [`MAX_SCORE`]. Surrounding spaces are ignored.
pub fn score(text: &str) -> Result<u32, String> {
    let text = text.trim();
    let bad = || format!("'{text}' is not a score: a whole number from 0 to {MAX_SCORE}");
    if text.is_empty() || text.len() > 4 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    text.parse::<u32>()
        .ok()
        .filter(|n| *n <= MAX_SCORE)
        .ok_or_else(bad)
}

/// A match's score as the shell writes it: `A-B`, each side read by [`score`].
pub fn score_pair(text: &str) -> Result<(u32, u32), String> {
    let bad = || {
        format!(
            "'{text}' is not a score: write it as A-B with whole numbers from 0 to {MAX_SCORE}, such as 2-1"
        )
    };
    let (a, b) = text.split_once('-').ok_or_else(bad)?;
    Ok((score(a).map_err(|_| bad())?, score(b).map_err(|_| bad())?))
}

/// A whole number as a person types it: ASCII digits only, at most nine of them.
pub fn whole(text: &str) -> Result<u32, String> {
    let text = text.trim();
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{text}' is not a whole number"));
    }
    text.parse::<u32>()
        .map_err(|_| format!("'{text}' is not a whole number"))
}

/// `250ms`, `90s`, `20m`, `1h` or `2d`: a whole number and a unit, at most a year. Seconds are
/// allowed everywhere, so that tests never wait a minute.
pub fn duration(text: &str) -> Result<Duration, String> {
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

/// [`duration`] in milliseconds.
pub fn duration_ms(text: &str) -> Result<i64, String> {
    let duration = duration(text)?;
    i64::try_from(duration.as_millis()).map_err(|_| format!("'{text}' is longer than a year"))
}

/// Milliseconds in the largest unit [`duration`] reads that says them exactly (`90m`, `2h`).
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

/// A time: RFC 3339 with its offset (`2026-12-04T18:00:00Z`), or a browser's `datetime-local`
/// (`2026-12-04T18:00`), read as UTC, as every page shows times. Unix milliseconds.
pub fn time(text: &str) -> Result<i64, String> {
    let text = text.trim();
    let local = text.len() == 16 && text.as_bytes().get(10) == Some(&b'T');
    let full = if local {
        format!("{text}:00Z")
    } else {
        text.to_owned()
    };
    crate::timestamp::parse(&full).map_err(|e| e.to_string())
}

/// A time as a `datetime-local` field shows it (UTC): `2026-12-04T18:00`.
pub fn format_time_local(ms: i64) -> String {
    let (year, month, day, hour, minute) = crate::timestamp::utc_parts(ms);
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_digits_only_and_in_range() {
        assert_eq!(score("0"), Ok(0));
        assert_eq!(score(" 9999 "), Ok(9999));
        for bad in ["", "+5", "-1", "1.0", "10000", "1 0", "٣", "0x1", "99999"] {
            assert!(score(bad).is_err(), "{bad:?}");
        }
        assert_eq!(score_pair("2-1"), Ok((2, 1)));
        assert_eq!(score_pair(" 10 - 9 "), Ok((10, 9)));
        for bad in [
            "", "2", "2:1", "-1-2", "2-", "a-b", "2-1-0", "10000-1", "+2-1", "1.5-0",
        ] {
            assert!(score_pair(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn durations_read_and_print_alike() {
        assert_eq!(duration("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(duration_ms("20m"), Ok(1_200_000));
        assert_eq!(duration_ms("1h"), Ok(3_600_000));
        for bad in ["", "5", "1.5h", "-1m", "5 m", "2w", "366d"] {
            assert!(duration(bad).is_err(), "{bad:?}");
        }
        assert_eq!(format_duration_ms(3_600_000), "1h");
        assert_eq!(format_duration_ms(5_400_000), "90m");
        assert_eq!(format_duration_ms(86_400_000), "1d");
        assert_eq!(format_duration_ms(1_500), "1500ms");
    }

    #[test]
    fn times_read_a_browser_field_as_utc() {
        let rfc = time("2026-12-04T18:00:00Z").expect("RFC 3339");
        assert_eq!(time("2026-12-04T18:00"), Ok(rfc));
        assert_eq!(time("2026-12-04T20:00:00+02:00"), Ok(rfc));
        assert_eq!(format_time_local(rfc), "2026-12-04T18:00");
        for bad in ["", "tomorrow", "2026-13-01T00:00", "2026-12-04"] {
            assert!(time(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn whole_numbers_are_digits_only() {
        assert_eq!(whole("16"), Ok(16));
        for bad in ["", "+16", "-1", "1e3", "16.0", "9999999999"] {
            assert!(whole(bad).is_err(), "{bad:?}");
        }
    }
}
